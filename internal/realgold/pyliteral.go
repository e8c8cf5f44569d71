package realgold

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ParsePythonLiteral evaluates s as Python's ast.literal_eval would, for the
// literals a repr of chat messages can hold: str (any quotes, triple-quoted,
// prefixes r, u, b and their combinations, adjacent literals concatenated,
// every Python 3 escape except \N{name}), bytes, int/float/complex numbers
// with an optional unary sign, None, True, False, and lists, tuples, dicts
// and sets of those, with trailing commas, parentheses, comments and
// backslash continuations. Leading spaces and tabs are ignored, as
// literal_eval does.
//
// Values: str is a Go string, bytes is pyBytes, a number is pyNumber (its
// source text), None is nil, True/False are bool, a list is []any, a tuple
// is pyTuple, a set is pySet and a dict is pyDict (pairs in source order;
// a later duplicate key wins on lookup, as in Python).
//
// Two differences come from Go strings being UTF-8: a \uXXXX high surrogate
// directly followed by a low-surrogate escape is read as the one character
// the pair encodes (Python keeps two code points), and any other surrogate
// becomes U+FFFD. As Python's tokenizer does, a raw "\r\n" or "\r" inside a
// triple-quoted string reads as "\n".
func ParsePythonLiteral(s string) (any, error) {
	p := &pyParser{src: strings.TrimLeft(s, " \t")}
	v, err := p.expr()
	if err != nil {
		return nil, err
	}
	p.skip(true)
	if p.pos < len(p.src) {
		return nil, p.errorf("unexpected %q after the literal", p.peekRune())
	}
	return v, nil
}

type (
	pyBytes  []byte
	pyNumber string
	pySet    []any
	pyTuple  []any
	pyDict   []pyPair
	pyPair   struct{ Key, Value any }
)

// get returns the value of the last pair whose key is the string key.
func (d pyDict) get(key string) (any, bool) {
	for i := len(d) - 1; i >= 0; i-- {
		if k, ok := d[i].Key.(string); ok && k == key {
			return d[i].Value, true
		}
	}
	return nil, false
}

// pyTypeName names the Python type of a parsed value, for errors.
func pyTypeName(v any) string {
	switch v.(type) {
	case nil:
		return "None"
	case string:
		return "a str"
	case pyBytes:
		return "bytes"
	case pyNumber:
		return "a number"
	case bool:
		return "a bool"
	case []any:
		return "a list"
	case pyTuple:
		return "a tuple"
	case pySet:
		return "a set"
	case pyDict:
		return "a dict"
	}
	return fmt.Sprintf("%T", v)
}

type pyParser struct {
	src string
	pos int
}

func (p *pyParser) errorf(format string, args ...any) error {
	line := 1 + strings.Count(p.src[:p.pos], "\n")
	return fmt.Errorf("python literal, line %d (offset %d): %s", line, p.pos, fmt.Sprintf(format, args...))
}

func (p *pyParser) peekRune() rune {
	r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
	return r
}

// skip passes over blanks, comments and backslash continuations; newlines
// too when inBrackets (outside brackets a newline ends the expression).
func (p *pyParser) skip(inBrackets bool) {
	for p.pos < len(p.src) {
		switch c := p.src[p.pos]; {
		case c == ' ' || c == '\t' || c == '\f':
			p.pos++
		case c == '\n' || c == '\r':
			if !inBrackets {
				// Trailing newlines (and comments) end the input harmlessly.
				rest := strings.TrimLeft(p.src[p.pos:], " \t\f\r\n")
				if rest != "" && rest[0] != '#' {
					return
				}
			}
			p.pos++
		case c == '#':
			for p.pos < len(p.src) && p.src[p.pos] != '\n' && p.src[p.pos] != '\r' {
				p.pos++
			}
		case c == '\\' && (strings.HasPrefix(p.src[p.pos+1:], "\n") || strings.HasPrefix(p.src[p.pos+1:], "\r")):
			p.pos++
			if strings.HasPrefix(p.src[p.pos:], "\r\n") {
				p.pos++
			}
			p.pos++
		default:
			return
		}
	}
}

// expr parses one literal, a bare tuple ("1, 2") included at top level.
func (p *pyParser) expr() (any, error) {
	p.skip(false)
	v, err := p.value(false)
	if err != nil {
		return nil, err
	}
	p.skip(false)
	if p.pos < len(p.src) && p.src[p.pos] == ',' {
		items := []any{v}
		for p.pos < len(p.src) && p.src[p.pos] == ',' {
			p.pos++
			p.skip(false)
			if p.pos >= len(p.src) || p.src[p.pos] == '\n' || p.src[p.pos] == '\r' {
				break
			}
			e, err := p.value(false)
			if err != nil {
				return nil, err
			}
			items = append(items, e)
			p.skip(false)
		}
		return pyTuple(items), nil
	}
	return v, nil
}

var pyNumberRE = regexp.MustCompile(`^(?:0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+|(?:(?:[0-9](?:_?[0-9])*)?\.[0-9](?:_?[0-9])*|[0-9](?:_?[0-9])*\.?)(?:[eE][+-]?[0-9](?:_?[0-9])*)?[jJ]?)`)

// value parses one literal at the cursor (blanks already skipped).
func (p *pyParser) value(inBrackets bool) (any, error) {
	if p.pos >= len(p.src) {
		return nil, p.errorf("unexpected end of input")
	}
	c := p.src[p.pos]
	switch {
	case c == '[':
		p.pos++
		items, _, err := p.sequence(']')
		return items, err
	case c == '(':
		p.pos++
		items, comma, err := p.sequence(')')
		if err != nil {
			return nil, err
		}
		if len(items) == 1 && !comma {
			return items[0], nil // parentheses only group
		}
		return pyTuple(items), nil
	case c == '{':
		p.pos++
		return p.braces()
	case c == '+' || c == '-':
		p.pos++
		p.skip(inBrackets)
		v, err := p.value(inBrackets)
		if err != nil {
			return nil, err
		}
		n, ok := v.(pyNumber)
		if !ok {
			return nil, p.errorf("unary %c applied to %s", c, pyTypeName(v))
		}
		return pyNumber(string(c) + string(n)), nil
	case c >= '0' && c <= '9' || c == '.' && p.pos+1 < len(p.src) && p.src[p.pos+1] >= '0' && p.src[p.pos+1] <= '9':
		m := pyNumberRE.FindString(p.src[p.pos:])
		if m == "" {
			return nil, p.errorf("malformed number")
		}
		// Python rejects leading zeros in a non-zero decimal integer ("012").
		if len(m) > 1 && m[0] == '0' && strings.Trim(m, "0_") != "" && !strings.ContainsAny(m, ".eEjJxXoObB") {
			return nil, p.errorf("leading zeros in decimal integer literal %q", m)
		}
		p.pos += len(m)
		if p.pos < len(p.src) && isIdentByte(p.src[p.pos]) {
			return nil, p.errorf("invalid number %q", m+string(p.peekRune()))
		}
		return pyNumber(m), nil
	case c == '\'' || c == '"' || isIdentStart(c):
		return p.nameOrStrings(inBrackets)
	}
	return nil, p.errorf("unexpected %q", p.peekRune())
}

// sequence parses items up to the closing bracket; comma reports whether
// any comma was seen (so that "(1,)" is a tuple and "(1)" is not).
func (p *pyParser) sequence(closing byte) (items []any, comma bool, err error) {
	items = []any{}
	for {
		p.skip(true)
		if p.pos >= len(p.src) {
			return nil, false, p.errorf("missing %q", closing)
		}
		if p.src[p.pos] == closing {
			p.pos++
			return items, comma, nil
		}
		v, err := p.value(true)
		if err != nil {
			return nil, false, err
		}
		items = append(items, v)
		p.skip(true)
		if p.pos < len(p.src) && p.src[p.pos] == ',' {
			p.pos++
			comma = true
			continue
		}
		if p.pos < len(p.src) && p.src[p.pos] == closing {
			continue
		}
		return nil, false, p.errorf("expected ',' or %q", closing)
	}
}

// braces parses a dict or a set after its "{".
func (p *pyParser) braces() (any, error) {
	var d pyDict
	var set pySet
	isSet := false
	for n := 0; ; n++ {
		p.skip(true)
		if p.pos >= len(p.src) {
			return nil, p.errorf("missing '}'")
		}
		if p.src[p.pos] == '}' {
			p.pos++
			if isSet {
				return set, nil
			}
			if d == nil {
				d = pyDict{}
			}
			return d, nil
		}
		k, err := p.value(true)
		if err != nil {
			return nil, err
		}
		if err := pyHashable(k); err != nil {
			return nil, p.errorf("%v", err)
		}
		p.skip(true)
		if n == 0 && p.pos < len(p.src) && p.src[p.pos] != ':' {
			isSet = true
		}
		if isSet {
			set = append(set, k)
		} else {
			if p.pos >= len(p.src) || p.src[p.pos] != ':' {
				return nil, p.errorf("expected ':' in dict")
			}
			p.pos++
			p.skip(true)
			v, err := p.value(true)
			if err != nil {
				return nil, err
			}
			d = append(d, pyPair{k, v})
			p.skip(true)
		}
		if p.pos < len(p.src) && p.src[p.pos] == ',' {
			p.pos++
			continue
		}
		if p.pos < len(p.src) && p.src[p.pos] == '}' {
			continue
		}
		return nil, p.errorf("expected ',' or '}'")
	}
}

// pyHashable rejects the unhashable keys Python would (lists, dicts, sets,
// and tuples holding them).
func pyHashable(v any) error {
	switch x := v.(type) {
	case []any, pyDict, pySet:
		return fmt.Errorf("unhashable %s as a key", pyTypeName(v))
	case pyTuple:
		for _, e := range x {
			if err := pyHashable(e); err != nil {
				return err
			}
		}
	}
	return nil
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isIdentByte(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

// nameOrStrings parses None/True/False or one or more adjacent string
// literals (which Python concatenates).
func (p *pyParser) nameOrStrings(inBrackets bool) (any, error) {
	start := p.pos
	for p.pos < len(p.src) && isIdentByte(p.src[p.pos]) {
		p.pos++
	}
	word := p.src[start:p.pos]
	if p.pos < len(p.src) && (p.src[p.pos] == '\'' || p.src[p.pos] == '"') && isStringPrefix(word) {
		p.pos = start
		return p.strings(inBrackets)
	}
	switch word {
	case "None":
		return nil, nil
	case "True":
		return true, nil
	case "False":
		return false, nil
	case "":
		return p.strings(inBrackets)
	}
	p.pos = start
	return nil, p.errorf("name %q is not a literal", word)
}

func isStringPrefix(w string) bool {
	switch strings.ToLower(w) {
	case "r", "u", "b", "br", "rb":
		return true
	}
	return false
}

// strings parses adjacent string literals and concatenates them; str and
// bytes may not be mixed.
func (p *pyParser) strings(inBrackets bool) (any, error) {
	var sb strings.Builder
	kind := "" // "str" or "bytes" once the first literal is read
	for {
		start := p.pos
		for p.pos < len(p.src) && isIdentByte(p.src[p.pos]) {
			p.pos++
		}
		prefix := strings.ToLower(p.src[start:p.pos])
		if !isStringPrefix(prefix) && prefix != "" {
			return nil, p.errorf("string prefix %q is not allowed in a literal", p.src[start:p.pos])
		}
		if p.pos >= len(p.src) || p.src[p.pos] != '\'' && p.src[p.pos] != '"' {
			return nil, p.errorf("expected a string literal")
		}
		raw, isBytes := strings.Contains(prefix, "r"), strings.Contains(prefix, "b")
		k := "str"
		if isBytes {
			k = "bytes"
		}
		if kind != "" && kind != k {
			return nil, p.errorf("cannot mix bytes and non-bytes literals")
		}
		kind = k
		if err := p.oneString(&sb, raw, isBytes); err != nil {
			return nil, err
		}
		save := p.pos
		p.skip(inBrackets)
		if p.pos < len(p.src) {
			c := p.src[p.pos]
			if c == '\'' || c == '"' {
				continue
			}
			if isIdentStart(c) {
				e := p.pos
				for e < len(p.src) && isIdentByte(p.src[e]) {
					e++
				}
				if e < len(p.src) && (p.src[e] == '\'' || p.src[e] == '"') && isStringPrefix(p.src[p.pos:e]) {
					continue
				}
			}
		}
		p.pos = save
		break
	}
	if kind == "bytes" {
		return pyBytes(sb.String()), nil
	}
	return sb.String(), nil
}

// oneString reads one quoted literal at the cursor (prefix already passed)
// into sb.
func (p *pyParser) oneString(sb *strings.Builder, raw, isBytes bool) error {
	q := p.src[p.pos : p.pos+1]
	if strings.HasPrefix(p.src[p.pos:], q+q+q) {
		q = q + q + q
	}
	p.pos += len(q)
	triple := len(q) == 3
	for {
		if p.pos >= len(p.src) {
			return p.errorf("unterminated string literal")
		}
		if strings.HasPrefix(p.src[p.pos:], q) {
			p.pos += len(q)
			return nil
		}
		c := p.src[p.pos]
		switch {
		case c == '\n' || c == '\r':
			if !triple {
				return p.errorf("newline in a single-quoted string literal")
			}
			p.pos++
			if c == '\r' && p.pos < len(p.src) && p.src[p.pos] == '\n' {
				p.pos++
			}
			sb.WriteByte('\n')
		case c == '\\':
			if p.pos+1 >= len(p.src) {
				return p.errorf("unterminated string literal")
			}
			if raw {
				// A backslash keeps the next character (a quote does not end
				// the string), and both stay in the value.
				next := p.src[p.pos+1]
				sb.WriteByte('\\')
				p.pos++
				if next == '\r' || next == '\n' {
					// A continuation inside a raw string keeps the backslash
					// and the newline.
					p.pos++
					if next == '\r' && p.pos < len(p.src) && p.src[p.pos] == '\n' {
						p.pos++
					}
					sb.WriteByte('\n')
				} else {
					_, size := utf8.DecodeRuneInString(p.src[p.pos:])
					sb.WriteString(p.src[p.pos : p.pos+size])
					p.pos += size
				}
				continue
			}
			if err := p.escape(sb, isBytes); err != nil {
				return err
			}
		default:
			if isBytes && c >= 0x80 {
				return p.errorf("bytes can only contain ASCII literal characters")
			}
			_, size := utf8.DecodeRuneInString(p.src[p.pos:])
			sb.WriteString(p.src[p.pos : p.pos+size])
			p.pos += size
		}
	}
}

// pySimpleEscapes are the one-letter escapes and what they stand for.
var pySimpleEscapes = map[byte]byte{'\\': '\\', '\'': '\'', '"': '"', 'a': 7, 'b': 8, 'f': 12, 'n': '\n', 'r': '\r', 't': '\t', 'v': 11}

// escape decodes the escape sequence at the cursor (a backslash).
func (p *pyParser) escape(sb *strings.Builder, isBytes bool) error {
	p.pos++ // the backslash
	c := p.src[p.pos]
	if b, ok := pySimpleEscapes[c]; ok {
		sb.WriteByte(b)
		p.pos++
		return nil
	}
	switch {
	case c == '\n':
		p.pos++
		return nil
	case c == '\r':
		p.pos++
		if p.pos < len(p.src) && p.src[p.pos] == '\n' {
			p.pos++
		}
		return nil
	case c >= '0' && c <= '7':
		e := p.pos
		for e < len(p.src) && e < p.pos+3 && p.src[e] >= '0' && p.src[e] <= '7' {
			e++
		}
		v, _ := strconv.ParseUint(p.src[p.pos:e], 8, 32)
		p.pos = e
		if isBytes {
			if v > 0xff {
				return p.errorf("octal escape value > 0o377 in bytes")
			}
			sb.WriteByte(byte(v))
		} else {
			sb.WriteRune(rune(v))
		}
		return nil
	case c == 'x':
		v, err := p.hexDigits(2)
		if err != nil {
			return err
		}
		if isBytes {
			sb.WriteByte(byte(v))
		} else {
			sb.WriteRune(rune(v))
		}
		return nil
	case !isBytes && (c == 'u' || c == 'U'):
		n := 4
		if c == 'U' {
			n = 8
		}
		v, err := p.hexDigits(n)
		if err != nil {
			return err
		}
		if v > utf8.MaxRune {
			return p.errorf("illegal Unicode character \\U%08x", v)
		}
		r := rune(v)
		if r >= 0xd800 && r < 0xdc00 && strings.HasPrefix(p.src[p.pos:], `\u`) {
			save := p.pos
			p.pos++
			if lo, err := p.hexDigits(4); err == nil && lo >= 0xdc00 && lo < 0xe000 {
				r = 0x10000 + (r-0xd800)<<10 + (rune(lo) - 0xdc00)
			} else {
				p.pos = save
			}
		}
		sb.WriteRune(r) // a lone surrogate is written as U+FFFD
		return nil
	case !isBytes && c == 'N':
		return p.errorf("\\N{...} escapes are not supported")
	}
	// An unknown escape keeps its backslash.
	sb.WriteByte('\\')
	return nil
}

// hexDigits reads the escape letter at the cursor and then exactly n hex
// digits.
func (p *pyParser) hexDigits(n int) (uint64, error) {
	p.pos++ // the letter
	if p.pos+n > len(p.src) {
		return 0, p.errorf("truncated \\%c escape", p.src[p.pos-1])
	}
	v, err := strconv.ParseUint(p.src[p.pos:p.pos+n], 16, 32)
	if err != nil || strings.ContainsAny(p.src[p.pos:p.pos+n], "+-_") {
		return 0, p.errorf("truncated \\%c escape", p.src[p.pos-1])
	}
	p.pos += n
	return v, nil
}
