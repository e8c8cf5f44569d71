package corpora

import (
	"encoding/binary"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
)

// This file holds the small JSON scanner behind the fast path of the
// messages reader. encoding/json spends most of a JSON Lines run validating
// and unquoting text through reflection; a record of a chat log needs only a
// handful of fields, so the scanner walks the line once, validates every
// value it passes (the same grammar checkValid enforces) and materialises
// only the spans the reader asks for. It never reports syntax errors itself:
// whenever a line is not what the fast path expects, the caller falls back
// to encoding/json, which produces the exact error text.

// jsonStrSafe[c] is true for the bytes that may stand for themselves inside
// a JSON string: everything from 0x20 up except '"' and '\\'. Bytes of
// invalid UTF-8 are accepted, as encoding/json's validator accepts them.
var jsonStrSafe = func() (t [256]bool) {
	for c := 0x20; c < 256; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// safeEnd returns the index of the first byte at or after i of b that
// is not jsonStrSafe (len(b) if none), reading eight bytes at a time: a
// word holds an unsafe byte iff it holds a byte below 0x20, a '"' or a
// '\\' (the exact "has a zero byte" tests on the word and on the word xor
// the quote's and the backslash's repeated bytes).
func safeEnd(b []byte, i int) int {
	const (
		ones  = 0x0101010101010101
		highs = 0x8080808080808080
	)
	for i+8 <= len(b) {
		x := binary.LittleEndian.Uint64(b[i:])
		q := x ^ ('"' * ones)
		bs := x ^ ('\\' * ones)
		if ((x-0x20*ones)&^x|(q-ones)&^q|(bs-ones)&^bs)&highs != 0 {
			break
		}
		i += 8
	}
	for i < len(b) && jsonStrSafe[b[i]] {
		i++
	}
	return i
}

// jsonMaxDepth bounds the nesting the fast path follows; deeper values are
// left to encoding/json (which has its own limit and error text).
const jsonMaxDepth = 512

// jsonScan is a cursor over one JSON text.
type jsonScan struct {
	b     []byte
	i     int
	depth int
	buf   []byte // scratch for decoding strings
}

// scanPool keeps scanners, and with them their scratch buffers, between
// records.
var scanPool = sync.Pool{New: func() any { return new(jsonScan) }}

// maxPooledScratch bounds the scratch buffer a pooled scanner keeps.
const maxPooledScratch = 1 << 20

// newJSONScan returns a pooled scanner over b; release returns it.
func newJSONScan(b []byte) *jsonScan {
	s := scanPool.Get().(*jsonScan)
	s.b, s.i, s.depth = b, 0, 0
	return s
}

// release returns s to the pool, without its input.
func (s *jsonScan) release() {
	s.b = nil
	if cap(s.buf) > maxPooledScratch {
		s.buf = nil
	}
	scanPool.Put(s)
}

// ws skips JSON white space.
func (s *jsonScan) ws() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// eat consumes c after optional white space.
func (s *jsonScan) eat(c byte) bool {
	s.ws()
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// str scans a string literal at the cursor and returns its span (quotes
// included) and whether it holds escapes.
func (s *jsonScan) str() (start, end int, esc, ok bool) {
	b := s.b
	start = s.i
	if start >= len(b) || b[start] != '"' {
		return 0, 0, false, false
	}
	i := start + 1
	for {
		i = safeEnd(b, i)
		if i >= len(b) {
			return 0, 0, false, false
		}
		switch b[i] {
		case '"':
			s.i = i + 1
			return start, i + 1, esc, true
		case '\\':
			esc = true
			if i+1 >= len(b) {
				return 0, 0, false, false
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(b) || !isHex4(b[i+2:i+6]) {
					return 0, 0, false, false
				}
				i += 6
			default:
				return 0, 0, false, false
			}
		default: // a control byte
			return 0, 0, false, false
		}
	}
}

func isHex4(b []byte) bool {
	for _, c := range b[:4] {
		if !isHexDigit(c) {
			return false
		}
	}
	return true
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// value skips one value of any type, validating it, and returns its span.
func (s *jsonScan) value() (start, end int, ok bool) {
	s.ws()
	if s.i >= len(s.b) {
		return 0, 0, false
	}
	start = s.i
	switch c := s.b[s.i]; {
	case c == '"':
		_, end, _, ok = s.str()
		return start, end, ok
	case c == '{':
		if s.depth++; s.depth > jsonMaxDepth {
			return 0, 0, false
		}
		s.i++
		if !s.eat('}') {
			for {
				s.ws()
				if _, _, _, ok := s.str(); !ok || !s.eat(':') {
					return 0, 0, false
				}
				if _, _, ok := s.value(); !ok {
					return 0, 0, false
				}
				if s.eat(',') {
					continue
				}
				if s.eat('}') {
					break
				}
				return 0, 0, false
			}
		}
		s.depth--
		return start, s.i, true
	case c == '[':
		if s.depth++; s.depth > jsonMaxDepth {
			return 0, 0, false
		}
		s.i++
		if !s.eat(']') {
			for {
				if _, _, ok := s.value(); !ok {
					return 0, 0, false
				}
				if s.eat(',') {
					continue
				}
				if s.eat(']') {
					break
				}
				return 0, 0, false
			}
		}
		s.depth--
		return start, s.i, true
	case c == 't':
		return start, s.i + 4, s.lit("true")
	case c == 'f':
		return start, s.i + 5, s.lit("false")
	case c == 'n':
		return start, s.i + 4, s.lit("null")
	case c == '-' || '0' <= c && c <= '9':
		return start, s.i, s.number() && s.i > start
	}
	return 0, 0, false
}

// lit consumes the literal word.
func (s *jsonScan) lit(word string) bool {
	if len(s.b)-s.i < len(word) || string(s.b[s.i:s.i+len(word)]) != word {
		return false
	}
	s.i += len(word)
	return true
}

// number consumes a number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (s *jsonScan) number() bool {
	b, i := s.b, s.i
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && '1' <= b[i] && b[i] <= '9':
		for i < len(b) && '0' <= b[i] && b[i] <= '9' {
			i++
		}
	default:
		return false
	}
	if i < len(b) && b[i] == '.' {
		i++
		d := i
		for i < len(b) && '0' <= b[i] && b[i] <= '9' {
			i++
		}
		if i == d {
			return false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		d := i
		for i < len(b) && '0' <= b[i] && b[i] <= '9' {
			i++
		}
		if i == d {
			return false
		}
	}
	s.i = i
	return true
}

// keyKind classifies an object key against the field names a decoder
// wants: the index of the exactly matching name, -1 for a key that matches
// none, or -2 for a key that encoding/json might still match to one of them
// (it compares names case-insensitively with Unicode folding) or that holds
// escapes — the fast path gives up on those.
func keyKind(key []byte, esc bool, names []string) int {
	if esc {
		return -2
	}
	for i, n := range names {
		if string(key) == n {
			return i
		}
	}
	for _, c := range key {
		if c >= utf8.RuneSelf {
			return -2
		}
	}
	for _, n := range names {
		if len(n) == len(key) && asciiEqualFold(key, n) {
			return -2
		}
	}
	return -1
}

func asciiEqualFold(a []byte, b string) bool {
	for i := range a {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// jsonUnquote decodes a JSON string literal (quotes included). Escapes are
// decoded as encoding/json decodes them (a \u surrogate pair becomes one
// rune, a lone surrogate U+FFFD); every other byte, including bytes that are
// not valid UTF-8, is kept exactly as the source has it (encoding/json would
// replace those with U+FFFD; revtrace keeps the source's text, DESIGN.md §4).
// ok is false when lit is not exactly one well-formed literal.
func jsonUnquote(lit []byte) (string, bool) {
	s := jsonScan{b: lit}
	text, ok := s.text()
	if !ok || s.i != len(lit) {
		return "", false
	}
	return text, true
}

// text decodes the string literal at the cursor in one pass, validating it
// as str does, and moves past it. The decoding rules are jsonUnquote's.
func (s *jsonScan) text() (string, bool) {
	b, i := s.b, s.i
	if i >= len(b) || b[i] != '"' {
		return "", false
	}
	i++
	start := i
	i = safeEnd(b, i)
	if i < len(b) && b[i] == '"' { // nothing to decode
		s.i = i + 1
		return string(b[start:i]), true
	}
	out := append(s.buf[:0], b[start:i]...)
	for {
		if j := safeEnd(b, i); j > i {
			out = append(out, b[i:j]...)
			i = j
		}
		if i >= len(b) {
			return "", false
		}
		switch b[i] {
		case '"':
			s.i, s.buf = i+1, out[:0]
			return string(out), true
		case '\\':
		default: // a control byte
			return "", false
		}
		if i+1 >= len(b) {
			return "", false
		}
		switch b[i+1] {
		case '"', '\\', '/':
			out = append(out, b[i+1])
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, ok := hex4(b[i+2:])
			if !ok {
				return "", false
			}
			i += 6
			if utf16.IsSurrogate(r) {
				if i+6 <= len(b) && b[i] == '\\' && b[i+1] == 'u' {
					if r2, ok := hex4(b[i+2:]); ok {
						if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
							out = utf8.AppendRune(out, d)
							i += 6
							continue
						}
					}
				}
				r = utf8.RuneError
			}
			out = utf8.AppendRune(out, r)
			continue
		default:
			return "", false
		}
		i += 2
	}
}

// hex4 reads four hex digits at the start of b.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}
