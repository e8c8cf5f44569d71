package screen

import (
	"bytes"
	"encoding/binary"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/revtrace/revtrace/detectors/internal/litre"
)

// Material limits (see Prose).
const (
	// longProse is the size, in non-space runes of prose, above which a
	// turn is taken to be mostly pasted material.
	longProse = 1000
	// headRunes and tailRunes are how much of the first and the last
	// non-empty line of a long turn still count as the user's instruction.
	headRunes = 250
	tailRunes = 150
	// maxQuote is the longest span (bytes) a double or guillemet quote may
	// cover; single quotes are limited to one line and maxSingleQuote bytes.
	maxQuote       = 8000
	maxSingleQuote = 300
)

// Prose returns the turn with everything that is not the user's own prose
// replaced by spaces. Byte offsets are unchanged (every blanked byte becomes
// one space; line breaks are kept), so offsets into the result index the
// turn. Blanked, in this order:
//
//  1. fenced code: from a run of three or more backticks (anywhere) or tildes
//     (at the start of a line) to the next run of at least as many of the
//     same character, or to the end of the turn when it is never closed;
//  2. Markdown quote blocks: lines whose first non-space character is '>';
//  3. inline code: `...` or “...“ on one line;
//  4. pasted code without fences: runs of two or more lines that look like
//     code (keywords at the start, ';' '{' '}' at the end, operators, symbol
//     density, indentation), with single weak lines between them;
//  5. quoted strings, keeping the quote marks: "…" “…” „…“ «…» ‹…› 「…」 『…』
//     《…》 (up to 8000 bytes, not across a blank line for ASCII quotes), and
//     '…' ‘…’ on one line. A quote opens only after a non-letter and closes
//     only before a non-letter, so the apostrophes of "don't" or "users'"
//     never open or close one;
//  6. bracketed placeholders and citations: [...] on one line, not followed
//     by "(" (a Markdown link), keeping the brackets ("[Insert your name]");
//  7. long pasted material: when more than 1000 non-space runes of prose
//     remain, the turn is taken to be mostly pasted text and only the
//     user's instruction lines count: the first 250 runes of the first
//     non-empty line and the last 150 runes of the last one (cut at
//     spaces). Everything between them is blanked.
func Prose(turn string) string {
	b := []byte(turn)
	blankFences(b)
	blankQuoteLines(b)
	blankInlineCode(b)
	blankCodeLines(b)
	blankQuotedStrings(b)
	blankBrackets(b)
	blankMaterial(b)
	return unsafe.String(unsafe.SliceData(b), len(b)) // b is not kept: no copy
}

// Fold returns s in lower case with the same length in bytes: every rune
// whose lower-case form has the same UTF-8 length is lowered, 'ё' becomes
// 'е', and all other bytes (including invalid ones) are kept.
func Fold(s string) string {
	b := fold(s)
	return unsafe.String(unsafe.SliceData(b), len(b)) // b is not kept: no copy
}

// asciiHigh holds the high bit of each byte of a word.
const asciiHigh = 0x8080808080808080

func fold(s string) []byte {
	b := []byte(s)
	for i := 0; i < len(b); {
		if i+8 <= len(b) {
			// Eight ASCII bytes at once: the high bit of a byte x of w+0x3f
			// is set when x >= 'A', that of w+0x25 when x > 'Z' (no sum
			// carries out of a byte below 0x80), and 0x80>>2 is the case
			// bit.
			if w := binary.LittleEndian.Uint64(b[i:]); w&asciiHigh == 0 {
				upper := (w + 0x3f3f3f3f3f3f3f3f) &^ (w + 0x2525252525252525) & asciiHigh
				binary.LittleEndian.PutUint64(b[i:], w|upper>>2)
				i += 8
				continue
			}
		}
		c := b[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				b[i] = c + 'a' - 'A'
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r != utf8.RuneError || n > 1 {
			l := litre.LowerRune(r)
			if l == 'ё' {
				l = 'е'
			}
			if l != r && utf8.RuneLen(l) == n {
				utf8.EncodeRune(b[i:], l)
			}
		}
		i += n
	}
	return b
}

// blank replaces b[i:j] with spaces, keeping line breaks.
func blank(b []byte, i, j int) {
	for k := i; k < j && k < len(b); k++ {
		if b[k] != '\n' && b[k] != '\r' {
			b[k] = ' '
		}
	}
}

// lines calls fn with the start and end (excluding '\n') of every line.
func lines(b []byte, fn func(s, e int)) {
	for s := 0; s <= len(b); {
		e := bytes.IndexByte(b[s:], '\n')
		if e < 0 {
			fn(s, len(b))
			return
		}
		fn(s, s+e)
		s += e + 1
	}
}

func runLen(b []byte, i int, c byte) int {
	n := 0
	for i+n < len(b) && b[i+n] == c {
		n++
	}
	return n
}

// atLineStart reports whether only spaces or tabs precede i on its line.
func atLineStart(b []byte, i int) bool {
	for k := i - 1; k >= 0; k-- {
		switch b[k] {
		case '\n':
			return true
		case ' ', '\t':
		default:
			return false
		}
	}
	return true
}

func blankFences(b []byte) {
	// The next '`' and '~' at or after i, found by a vectorised search
	// each (len(b) when there is none).
	tick, tilde := -1, -1
	for i := 0; i < len(b); {
		if tick < i {
			tick = indexFrom(b, i, '`')
		}
		if tilde < i {
			tilde = indexFrom(b, i, '~')
		}
		if i = min(tick, tilde); i >= len(b) {
			break
		}
		c := b[i]
		n := runLen(b, i, c)
		if n < 3 || (c == '~' && !atLineStart(b, i)) {
			i += n
			continue
		}
		end := len(b)
		for k := i + n; k < len(b); {
			if b[k] != c {
				k = indexFrom(b, k, c)
				continue
			}
			m := runLen(b, k, c)
			if m >= n && (c == '`' || atLineStart(b, k)) {
				end = k + m
				break
			}
			k += m
		}
		blank(b, i, end)
		i = end
	}
}

// indexFrom returns the index of the first c in b at or after i, len(b)
// if there is none.
func indexFrom(b []byte, i int, c byte) int {
	if k := bytes.IndexByte(b[i:], c); k >= 0 {
		return i + k
	}
	return len(b)
}

func blankQuoteLines(b []byte) {
	lines(b, func(s, e int) {
		t := s
		for t < e && (b[t] == ' ' || b[t] == '\t') {
			t++
		}
		if t < e && b[t] == '>' {
			blank(b, s, e)
		}
	})
}

func blankInlineCode(b []byte) {
	lines(b, func(s, e int) {
		var unmatched [3]bool // run lengths (1, 2) with no closing run left on the line
		for i := s; i < e; {
			if b[i] != '`' {
				k := bytes.IndexByte(b[i:e], '`')
				if k < 0 {
					break
				}
				i += k
			}
			n := runLen(b[:e], i, '`')
			if n < len(unmatched) && unmatched[n] {
				i += n
				continue
			}
			closed := false
			for k := i + n; k < e; {
				if b[k] != '`' {
					k++
					continue
				}
				m := runLen(b[:e], k, '`')
				if m == n {
					blank(b, i, k+m)
					i, closed = k+m, true
					break
				}
				k += m
			}
			if !closed {
				if n < len(unmatched) {
					unmatched[n] = true
				}
				i += n
			}
		}
	})
}

// codePrefixes start lines of code (checked on the trimmed line, case
// sensitive).
var codePrefixes = byteSlices(

	"def ", "class ", "import ", "from ", "#include", "#define", "#!", "public ", "private ", "protected ",
	"static ", "const ", "let ", "var ", "function ", "return ", "return;", "if (", "if(", "for (", "for(",
	"while (", "while(", "switch (", "} ", "}", "{", "//", "/*", "*/", "<!--", "</", "<?", "elif ", "else:",
	"else {", "try:", "try {", "except ", "except:", "catch", "async ", "await ", "package ", "using ",
	"namespace ", "fn ", "func ", "echo ", "sudo ", "pip ", "npm ", "print(", "printf(", "console.",
	"System.", "std::", "SELECT ", "INSERT ", "UPDATE ", "DELETE ", "CREATE ", "Dim ", "End Sub", "Sub ",
	"Private Sub", "@", "self.", "this.", "<div", "<span", "<html", "<script", "<p>", "<li", "<ul", "<a ",
)

// codePrefixesByFirst holds codePrefixes by first byte.
var codePrefixesByFirst = func() (out [256][][]byte) {
	for _, p := range codePrefixes {
		out[p[0]] = append(out[p[0]], p)
	}
	return out
}()

// asciiSpace holds the ASCII bytes unicode.IsSpace accepts.
var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

var codeOperators = byteSlices("=>", "==", "!=", "+=", "-=", "->", "::", "();", "){", ") {", "[]", "&&", "||", "= ", "</")

func byteSlices(ss ...string) [][]byte {
	out := make([][]byte, len(ss))
	for i, s := range ss {
		out[i] = []byte(s)
	}
	return out
}

// codeScore rates how much a line looks like source code, counted up to 2:
// 2 means code, 1 a weak sign of it (blankCodeLines tells no more). The
// line is read byte by byte only when its start, indent and end leave the
// score below 2.
func codeScore(line []byte) int {
	t := bytes.TrimSpace(line)
	if len(t) == 0 {
		return 0
	}
	score := 0
	if line[0] == '\t' || bytes.HasPrefix(line, []byte("    ")) {
		score++
	}
	for _, p := range codePrefixesByFirst[t[0]] {
		if bytes.HasPrefix(t, p) {
			score += 2
			break
		}
	}
	last := t[len(t)-1]
	if last == ';' || last == '{' || last == '}' {
		score += 2
	}
	if score >= 2 || logStamp(t) || (last == ':' && blockOpener(t)) {
		return 2
	}
	// One pass over the line finds the symbols, an operator and an
	// opening bracket (see codeBytes).
	sym, all, op, open := 0, 0, false, false
	for i, c := range t {
		k := codeBytes[c]
		if k == 0 {
			if c != ' ' {
				all++
			}
			continue
		}
		all++
		if k&codeSym != 0 {
			sym++
		}
		if k&codeOpen != 0 {
			open = true
		}
		if k&codeOpStart != 0 && !op {
			for _, o := range codeOperatorsByFirst[c] {
				if bytes.HasPrefix(t[i:], o) {
					op = true
					break
				}
			}
		}
	}
	if (last == ')' || last == ']') && open {
		score++
	}
	if op {
		score++
	}
	if all > 0 && sym*100 >= all*12 {
		score++
	}
	return min(score, 2)
}

// logStamp reports a line that opens with a log time stamp: a date and a
// time ("2023-04-16 04:20:46.472 29555-29578 HostConnection ...",
// "2024/01/02T10:11") or a bracketed time ("[12:03:44] INFO ...").
func logStamp(t []byte) bool {
	digits := func(b []byte, n int) bool {
		if len(b) < n {
			return false
		}
		for _, c := range b[:n] {
			if c < '0' || c > '9' {
				return false
			}
		}
		return true
	}
	clock := func(b []byte) bool { return digits(b, 2) && len(b) > 5 && b[2] == ':' && digits(b[3:], 2) }
	if t[0] == '[' {
		t = t[1:]
		return clock(t)
	}
	return digits(t, 4) && len(t) > 11 && (t[4] == '-' || t[4] == '/') && digits(t[5:], 2) && t[7] == t[4] &&
		digits(t[8:], 2) && (t[10] == ' ' || t[10] == 'T') && clock(t[11:])
}

// blockOpener reports a Python-style block opener (the line ends with ':'):
// a loop or condition with a bracket, an underscore or a dot in it ("for
// height in range (96,416,4):", "if x.shape[0] > 2:", "with open(p) as f:").
func blockOpener(t []byte) bool {
	for _, p := range blockKeywords {
		if bytes.HasPrefix(t, p) {
			return bytes.ContainsAny(t, "([_.")
		}
	}
	return false
}

var blockKeywords = byteSlices("for ", "if ", "while ", "with ", "elif ")

// Classes of the bytes of a line for codeScore.
const (
	codeSym     = 1 << iota // a symbol of code, counted towards the share of symbols
	codeOpStart             // the first byte of one of codeOperators
	codeOpen                // '(' or '['
)

// codeBytes holds the classes of every byte (0 for none).
var codeBytes = func() (t [256]uint8) {
	for _, c := range []byte("(){}[];=<>_$#/\\*&|") {
		t[c] |= codeSym
	}
	for _, op := range codeOperators {
		t[op[0]] |= codeOpStart
	}
	t['('] |= codeOpen
	t['['] |= codeOpen
	return t
}()

// codeOperatorsByFirst holds codeOperators by first byte.
var codeOperatorsByFirst = func() (out [256][][]byte) {
	for _, op := range codeOperators {
		out[op[0]] = append(out[op[0]], op)
	}
	return out
}()

func blankCodeLines(b []byte) {
	type ln struct{ s, e, score int }
	var ls []ln
	lines(b, func(s, e int) { ls = append(ls, ln{s, e, codeScore(b[s:e])}) })
	code := make([]bool, len(ls))
	for i, l := range ls {
		code[i] = l.score >= 2
	}
	// A weak line between two code lines (ignoring empty ones) is code too.
	for i, l := range ls {
		if l.score != 1 {
			continue
		}
		prev, next := false, false
		for k := i - 1; k >= 0; k-- {
			if ls[k].s < ls[k].e && len(bytes.TrimSpace(b[ls[k].s:ls[k].e])) > 0 {
				prev = code[k]
				break
			}
		}
		for k := i + 1; k < len(ls); k++ {
			if len(bytes.TrimSpace(b[ls[k].s:ls[k].e])) > 0 {
				next = ls[k].score >= 2
				break
			}
		}
		if prev && next {
			code[i] = true
		}
	}
	for i := 0; i < len(ls); {
		if !code[i] {
			i++
			continue
		}
		// Extend the run over code lines and empty lines.
		j, last, n := i, i, 0
		for j < len(ls) {
			if code[j] {
				last, n = j, n+1
			} else if len(bytes.TrimSpace(b[ls[j].s:ls[j].e])) > 0 {
				break
			}
			j++
		}
		if n >= 2 {
			blank(b, ls[i].s, ls[last].e)
		}
		i = last + 1
	}
}

// closersOf returns the closing marks of a quote opener, or nil.
func closersOf(r rune) []rune {
	switch r {
	case '"':
		return quoteASCII
	case '\'':
		return quoteSingle
	case '\u201C': // “ ”
		return quoteCurly
	case '\u201E': // „ “ or „ ”
		return quoteLow
	case '«':
		return quoteGuillemet
	case '‹':
		return quoteSingleGuillemet
	case '「':
		return quoteCorner
	case '『':
		return quoteWhiteCorner
	case '《':
		return quoteTitle
	case '\u2018': // ‘ ’
		return quoteCurlySingle
	}
	return nil
}

var (
	quoteASCII           = []rune{'"'}
	quoteSingle          = []rune{'\''}
	quoteCurly           = []rune{'\u201D'}
	quoteLow             = []rune{'\u201C', '\u201D'}
	quoteGuillemet       = []rune{'»'}
	quoteSingleGuillemet = []rune{'›'}
	quoteCorner          = []rune{'」'}
	quoteWhiteCorner     = []rune{'』'}
	quoteTitle           = []rune{'》'}
	quoteCurlySingle     = []rune{'\u2019'}
)

func isLetterOrDigit(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func runeBefore(b []byte, i int) rune {
	if i <= 0 {
		return ' '
	}
	r, _ := utf8.DecodeLastRune(b[:i])
	return r
}

func runeAt(b []byte, i int) rune {
	if i >= len(b) {
		return ' '
	}
	r, _ := utf8.DecodeRune(b[i:])
	return r
}

// plainWord reports whether the eight bytes of w are ASCII and none is a
// double or a single quote: bytes blankQuotedStrings steps over. A byte of
// v is zero when its bit of (v - 0x01…) &^ v is set (the usual test, exact
// as to whether any byte is).
func plainWord(w uint64) bool {
	const ones = 0x0101010101010101
	hasZero := func(v uint64) bool { return (v-ones)&^v&asciiHigh != 0 }
	return w&asciiHigh == 0 && !hasZero(w^('"'*ones)) && !hasZero(w^('\''*ones))
}

func blankQuotedStrings(b []byte) {
	// noCloser[r] = k: no valid closer for opener r lies before k. Whether a
	// closer is valid does not depend on its opener, so a failed search
	// never needs repeating (this keeps the scan linear).
	var noCloser map[rune]int
	for i := 0; i < len(b); {
		if i+8 <= len(b) && plainWord(binary.LittleEndian.Uint64(b[i:])) {
			i += 8
			continue
		}
		c := b[i]
		if c != '"' && c != '\'' && c < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		closers := closersOf(r)
		if closers == nil {
			i += n
			continue
		}
		single := r == '\'' || r == '\u2018'
		symmetric := r == '"' || r == '\''
		// An opener follows a non-letter (ASCII quotes: and precedes a
		// non-space).
		if symmetric && isLetterOrDigit(runeBefore(b, i)) && !isCJK(runeBefore(b, i)) {
			i += n
			continue
		}
		if next := runeAt(b, i+n); single && unicode.IsSpace(next) {
			i += n
			continue
		}
		limit := min(len(b), i+n+maxQuote)
		if single {
			limit = min(len(b), i+n+maxSingleQuote)
			if k := bytes.IndexByte(b[i+n:limit], '\n'); k >= 0 {
				limit = i + n + k
			}
		} else if r == '"' {
			if k := bytes.Index(b[i+n:limit], []byte("\n\n")); k >= 0 {
				limit = i + n + k
			}
		}
		end := -1
		from := max(i+n, noCloser[r])
		for k := from; k < limit; {
			c, m := utf8.DecodeRune(b[k:])
			isCloser := false
			for _, cl := range closers {
				if c == cl {
					isCloser = true
				}
			}
			if isCloser && single && unicode.IsSpace(runeBefore(b, k)) {
				isCloser = false
			}
			if after := runeAt(b, k+m); isCloser && (symmetric || single) && isLetterOrDigit(after) && !isCJK(after) {
				isCloser = false
			}
			if isCloser {
				end = k
				blank(b, i+n, k)
				i = k + m
				break
			}
			k += m
		}
		if end < 0 {
			if noCloser == nil {
				noCloser = map[rune]int{}
			}
			noCloser[r] = max(noCloser[r], limit)
			i += n
		}
	}
}

func blankMaterial(b []byte) {
	// Only whether more than longProse non-space runes remain matters:
	// a shorter text cannot hold that many, and counting stops there.
	if len(b) <= longProse {
		return
	}
	count := 0
	for i := 0; i < len(b) && count <= longProse; {
		if c := b[i]; c < utf8.RuneSelf {
			if !asciiSpace[c] {
				count++
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if !unicode.IsSpace(r) {
			count++
		}
		i += n
	}
	if count <= longProse {
		return
	}
	// First and last non-empty lines.
	firstS, firstE, lastS, lastE := -1, -1, -1, -1
	lines(b, func(s, e int) {
		if len(bytes.TrimSpace(b[s:e])) == 0 {
			return
		}
		if firstS < 0 {
			firstS, firstE = s, e
		}
		lastS, lastE = s, e
	})
	if firstS < 0 {
		return
	}
	headEnd := cutAfterRunes(b, firstS, firstE, headRunes)
	tailStart := cutBeforeRunes(b, lastS, lastE, tailRunes)
	if tailStart <= headEnd {
		return // the two windows meet: nothing in between to blank
	}
	blank(b, headEnd, tailStart)
}

// cutAfterRunes returns the end of a window of at most n non-space runes
// starting at s (not beyond e), moved back to a space when it would split a
// word.
func cutAfterRunes(b []byte, s, e, n int) int {
	i, count := s, 0
	for i < e && count < n {
		r, m := utf8.DecodeRune(b[i:])
		if !unicode.IsSpace(r) {
			count++
		}
		i += m
	}
	if i >= e {
		return e
	}
	if cut := bytes.LastIndexAny(b[s:i], " \t"); cut > 0 && !isCJK(runeBefore(b, i)) {
		return s + cut
	}
	return i
}

// cutBeforeRunes returns the start of a window of at most n non-space runes
// ending at e (not before s), moved forward to a space when it would split a
// word.
func cutBeforeRunes(b []byte, s, e, n int) int {
	i, count := e, 0
	for i > s && count < n {
		r, m := utf8.DecodeLastRune(b[:i])
		if !unicode.IsSpace(r) {
			count++
		}
		i -= m
	}
	if i <= s {
		return s
	}
	if cut := bytes.IndexAny(b[i:e], " \t"); cut >= 0 && !isCJK(runeAt(b, i)) {
		return i + cut
	}
	return i
}

func blankBrackets(b []byte) {
	lines(b, func(s, e int) {
		for i := s; i < e; i++ {
			if b[i] != '[' {
				k := bytes.IndexByte(b[i:e], '[')
				if k < 0 {
					return
				}
				i += k
			}
			k := bytes.IndexByte(b[i+1:e], ']')
			if k < 0 {
				return
			}
			close := i + 1 + k
			if close+1 < e && b[close+1] == '(' {
				i = close
				continue
			}
			blank(b, i+1, close)
			i = close
		}
	})
}
