// Package sentences splits text into sentences with byte offsets.
//
// Every line break (CRLF, LF or a lone CR) is a hard boundary, so a line such
// as "Note: ...", "- Removed: ..." or a table row is never merged with its
// neighbours. Inside a line a rule-based splitter in the spirit of the spaCy
// sentencizer used by the study (scanner-spec §1) finds the boundaries:
//
//   - A chunk of non-space text that ends in '.', '!' or '?' (after peeling
//     closing quotes, brackets and Markdown emphasis) ends a sentence; the
//     next chunk starts a new one. Runs such as "?!" stay together.
//   - CJK and other full-width terminators (。！？ and their relatives) end a
//     sentence right away, with no space needed, together with the closing
//     brackets and quotes that follow them.
//   - A period does not end a sentence after a title (Mr., Dr., Prof., ...),
//     after e.g./i.e./vs./cf. and their German counterparts, after a single
//     capital letter (an initial: "J. Smith", "X."), or in an ellipsis
//     ("..." and "…" never end a sentence).
//   - Other abbreviations (etc., approx., a.m., no., Jan., U.S., single
//     lower-case letters, ...) end a sentence only when the next chunk starts
//     with an upper-case letter.
//   - A terminal inside closing quotes or brackets does not end the sentence
//     when the text goes on in lower case: "I removed the password 'No****4!'
//     as requested." is one sentence. (The study's spaCy splitter cuts after
//     the '!'; that is a quirk of its tokenizer, not something to copy.)
//   - A numbered-list marker at the start of a line ("1.", "12)") is a
//     sentence of its own, as in the reference; bullets ("-", "*", "•") stay
//     with their sentence.
//   - A period glued between a lower-case word and a capitalised word
//     ("done.Next") is a boundary when the chunk is plain words (not a URL,
//     file name or code).
//   - URLs, file names, version numbers and decimals never split, because
//     only a terminal at the end of a chunk is considered.
//
// Deviations from the reference examples in scanner-spec §1.4, on purpose:
// "Items: a, b, etc. and more." stays one sentence (etc. followed by lower
// case), and the quoted-password example above stays one sentence.
//
// Spans are byte offsets into the text, trimmed of surrounding Unicode white
// space; empty sentences are dropped. Offsets are always on rune boundaries
// of the input as given, also for invalid UTF-8.
package sentences

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Version identifies the segmentation rules; it is recorded with results.
const Version = "sentences-v1"

// Span is one sentence: text[Start:End], trimmed of surrounding white space.
type Span struct{ Start, End int }

// Split returns the sentences of text in order. Every newline is a hard
// boundary; inside a line the rules of the package comment apply.
func Split(text string) []Span {
	var sp splitter
	lineStart := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c != '\n' && c != '\r' {
			continue
		}
		sp.line(text, lineStart, i)
		if c == '\r' && i+1 < len(text) && text[i+1] == '\n' {
			i++
		}
		lineStart = i + 1
	}
	sp.line(text, lineStart, len(text))
	return sp.out
}

// splitter keeps buffers across the lines of one text.
type splitter struct {
	out    []Span
	chunks []chunk
	cuts   []int
}

// chunk is a run of non-space runes [a, b).
type chunk struct{ a, b int }

func (sp *splitter) line(text string, start, end int) {
	sp.chunks = lineChunks(text, start, end, sp.chunks[:0])
	chunks := sp.chunks
	if len(chunks) == 0 {
		return
	}
	// cuts are the offsets where a new sentence begins.
	cuts := sp.cuts[:0]
	for ci, ch := range chunks {
		cuts = innerCuts(text, ch, cuts)
		if ci == len(chunks)-1 {
			break
		}
		next := ci + 1
		// Chunks made only of closing punctuation stay with the sentence.
		if !endsSentence(text, chunks, ci) {
			continue
		}
		for next < len(chunks) && allClosers(text[chunks[next].a:chunks[next].b]) {
			next++
		}
		if next < len(chunks) {
			cuts = append(cuts, chunks[next].a)
		}
	}
	sp.cuts = cuts
	prev := chunks[0].a
	for _, c := range cuts {
		if c <= prev {
			continue
		}
		sp.out = appendTrimmed(text, prev, c, sp.out)
		prev = c
	}
	sp.out = appendTrimmed(text, prev, chunks[len(chunks)-1].b, sp.out)
}

func appendTrimmed(text string, a, b int, out []Span) []Span {
	for a < b {
		r, n := utf8.DecodeRuneInString(text[a:b])
		if !unicode.IsSpace(r) {
			break
		}
		a += n
	}
	for b > a {
		r, n := utf8.DecodeLastRuneInString(text[a:b])
		if !unicode.IsSpace(r) {
			break
		}
		b -= n
	}
	if a < b {
		out = append(out, Span{a, b})
	}
	return out
}

func lineChunks(text string, start, end int, cs []chunk) []chunk {
	in := false
	a := 0
	for i := start; i < end; {
		var sp bool
		n := 1
		if c := text[i]; c < utf8.RuneSelf {
			sp = c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' || c == '\n' || c == 0x85
		} else {
			var r rune
			r, n = utf8.DecodeRuneInString(text[i:end])
			sp = unicode.IsSpace(r)
		}
		switch {
		case !sp && !in:
			in, a = true, i
		case sp && in:
			in = false
			cs = append(cs, chunk{a, i})
		}
		i += n
	}
	if in {
		cs = append(cs, chunk{a, end})
	}
	return cs
}

// Terminal classes.
func isASCIITerminal(r rune) bool { return r == '.' || r == '!' || r == '?' }

// isBangLike: '!' and '?' and their non-CJK Unicode relatives, which always
// end a sentence at the end of a chunk.
func isBangLike(r rune) bool {
	switch r {
	case '!', '?', '‼', '⁇', '⁈', '⁉', '؟', '։', '۔', '।', '॥', '።', '፧', '፨', '߹', '܀', '܁', '܂', '၊', '။':
		return true
	}
	return false
}

// isWideTerminal: terminators of scripts written without spaces; they end a
// sentence wherever they occur.
func isWideTerminal(r rune) bool {
	switch r {
	case '。', '！', '？', '｡', '．', '﹒', '﹖', '﹗':
		return true
	}
	return false
}

// isCloser reports punctuation that stays with the sentence after a terminal.
func isCloser(r rune) bool {
	switch r {
	case '"', '\'', '”', '’', '»', '›', ')', ']', '}', '*', '_', '`', '~',
		'」', '』', '）', '】', '》', '〉', '〕', '］', '｝', '〗', '〙', '〛', '＂', '＇':
		return true
	}
	return false
}

// isQuoteOrBracketCloser: closers that show the terminal belongs to a quoted
// or bracketed item rather than to the sentence.
func isQuoteOrBracketCloser(r rune) bool {
	switch r {
	case '"', '\'', '”', '’', '»', '›', ')', ']', '}', '`',
		'」', '』', '）', '】', '》', '〉', '〕', '］', '｝', '＂', '＇':
		return true
	}
	return false
}

func isOpener(r rune) bool {
	switch r {
	case '"', '\'', '“', '‘', '«', '‹', '(', '[', '{', '*', '_', '`', '~', '¿', '¡',
		'「', '『', '（', '【', '《', '〈':
		return true
	}
	return false
}

func allClosers(s string) bool {
	for _, r := range s {
		if !isCloser(r) && !isBangLike(r) && r != '.' && r != '…' && !isWideTerminal(r) {
			return false
		}
	}
	return s != ""
}

// innerCuts adds boundaries inside a chunk: after wide terminators that are
// followed by more text in the same chunk, and at glued periods ("done.Next").
func innerCuts(text string, ch chunk, cuts []int) []int {
	s := text[ch.a:ch.b]
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	for i := 0; i < len(s) && !ascii; {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !isWideTerminal(r) {
			i += n
			continue
		}
		j := i + n
		for j < len(s) {
			r2, n2 := utf8.DecodeRuneInString(s[j:])
			if !isWideTerminal(r2) && !isCloser(r2) && !isBangLike(r2) {
				break
			}
			j += n2
		}
		if j < len(s) {
			cuts = append(cuts, ch.a+j)
		}
		i = j
	}
	if k := gluedPeriod(s); k > 0 {
		cuts = append(cuts, ch.a+k)
	}
	return cuts
}

// gluedPeriod returns the offset of the word after a glued terminal in a
// chunk of plain words such as "removed.Next" or "it!Then", or 0.
func gluedPeriod(s string) int {
	// Left: at least four lower-case letters from the chunk start (shorter
	// ones are usually package names: "fmt.Println", "os.Exit"); right: an
	// upper-case letter then lower-case letters and optional closing
	// punctuation. Anything else (digits, slashes, brackets) is not plain prose.
	i := 0
	lower := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsLower(r) {
			break
		}
		lower++
		i += n
	}
	if lower < 4 || i >= len(s) || !isASCIITerminal(rune(s[i])) {
		return 0
	}
	j := i + 1
	r, n := utf8.DecodeRuneInString(s[j:])
	if !unicode.IsUpper(r) {
		return 0
	}
	k := j + n
	letters := 0
	for k < len(s) {
		r, n := utf8.DecodeRuneInString(s[k:])
		if !unicode.IsLower(r) {
			break
		}
		letters++
		k += n
	}
	if letters == 0 {
		return 0
	}
	for k < len(s) {
		r, n := utf8.DecodeRuneInString(s[k:])
		if !isCloser(r) && !isASCIITerminal(r) && r != ',' && r != ';' && r != ':' {
			return 0
		}
		k += n
	}
	return j
}

// endsSentence decides whether a sentence ends after chunk ci.
func endsSentence(text string, chunks []chunk, ci int) bool {
	ch := chunks[ci]
	s := text[ch.a:ch.b]
	if ci == 0 && isListMarker(s) {
		return true
	}
	// Peel closing punctuation.
	core := s
	quoted := false
	for core != "" {
		r, n := utf8.DecodeLastRuneInString(core)
		if !isCloser(r) {
			break
		}
		if isQuoteOrBracketCloser(r) {
			quoted = true
		}
		core = core[:len(core)-n]
	}
	if core == "" {
		return false
	}
	last, _ := utf8.DecodeLastRuneInString(core)
	next := text[chunks[ci+1].a:chunks[ci+1].b]
	nextFirst := firstLetterish(next)
	lowerNext := unicode.IsLower(nextFirst)
	switch {
	case isWideTerminal(last):
		return true
	case isBangLike(last):
		return !(quoted && lowerNext)
	case last == '.':
	default:
		return false
	}
	if strings.HasSuffix(core, "..") || strings.HasSuffix(core, "…") {
		return false
	}
	if quoted && lowerNext {
		return false
	}
	word := strings.TrimLeftFunc(core, isOpener)
	lw := strings.ToLower(word)
	if neverEnds[lw] {
		return false
	}
	stem := strings.TrimSuffix(word, ".")
	if utf8.RuneCountInString(stem) == 1 {
		r, _ := utf8.DecodeRuneInString(stem)
		if unicode.IsUpper(r) {
			return false // an initial
		}
		if unicode.IsLower(r) {
			return unicode.IsUpper(nextFirst)
		}
	}
	if endsIfCapital[lw] || isDottedAbbrev(word) {
		return unicode.IsUpper(nextFirst)
	}
	return true
}

func firstLetterish(s string) rune {
	for _, r := range s {
		if isOpener(r) {
			continue
		}
		return r
	}
	return 0
}

func isListMarker(s string) bool {
	if len(s) < 2 || len(s) > 4 {
		return false
	}
	last := s[len(s)-1]
	if last != '.' && last != ')' {
		return false
	}
	for i := 0; i < len(s)-1; i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isDottedAbbrev: "U.S.", "a.m.", "Ph.D." — letters separated by periods.
func isDottedAbbrev(w string) bool {
	if !strings.HasSuffix(w, ".") || strings.Count(w, ".") < 2 {
		return false
	}
	for _, part := range strings.Split(strings.TrimSuffix(w, "."), ".") {
		n := utf8.RuneCountInString(part)
		if n == 0 || n > 2 {
			return false
		}
		for _, r := range part {
			if !unicode.IsLetter(r) {
				return false
			}
		}
	}
	return true
}

// neverEnds: abbreviations after which a sentence never ends (lower-case).
var neverEnds = setOf(
	"mr.", "mrs.", "ms.", "dr.", "prof.", "st.", "jr.", "sr.", "gen.", "gov.", "rep.", "sen.", "rev.",
	"adm.", "messrs.", "mt.", "capt.", "col.", "lt.", "sgt.", "hon.", "mme.", "mlle.", "sra.", "srta.",
	"e.g.", "i.e.", "vs.", "v.s.", "cf.", "viz.", "z.b.", "d.h.", "u.a.", "bzw.", "vgl.", "ggf.", "evtl.",
	"p.ej.", "ej.", "fig.", "figs.", "eq.", "ref.", "vol.", "pp.", "ch.", "sec.", "p.s.", "p.p.s.", "n.b.",
)

// endsIfCapital: abbreviations that end a sentence only before a capital.
var endsIfCapital = setOf(
	"etc.", "approx.", "incl.", "excl.", "no.", "nos.", "nr.", "al.", "ca.", "usw.", "min.", "max.",
	"est.", "dept.", "inc.", "ltd.", "co.", "corp.", "bros.", "jan.", "feb.", "mar.", "apr.", "jun.",
	"jul.", "aug.", "sep.", "sept.", "oct.", "nov.", "dec.", "mon.", "tue.", "tues.", "wed.", "thu.",
	"thur.", "thurs.", "fri.", "sat.", "sun.", "hr.", "hrs.", "mins.", "secs.", "pt.", "pts.",
	"ave.", "blvd.", "rd.", "tel.", "ext.", "univ.", "assn.", "avg.", "misc.", "e.t.c.",
)

func setOf(xs ...string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}
