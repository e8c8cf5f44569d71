package revision

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

func isCJK(r rune) bool {
	return r >= 0x2E80 && (unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Thai) ||
		r == 'ー' || r == '々')
}

// isWordRune reports whether r continues a word of a spaced script: a
// letter, digit or combining mark outside the CJK scripts, or '_'.
func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}
	return (unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)) && !isCJK(r)
}

// decodeAt decodes the rune at f[i:] (ASCII without a call).
func decodeAt(f string, i int) (rune, int) {
	if c := f[i]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRuneInString(f[i:])
}

// asciiWord marks the ASCII bytes isWordRune holds.
var asciiWord = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = isWordRune(rune(c))
	}
	return t
}()

// nextTok finds the first token of f[i:e] (see tokenize): its bounds,
// whether it is a single CJK rune, and whether it holds a typographic
// apostrophe; ok is false when there is none. ASCII bytes are read off a
// table; other runes are decoded.
func nextTok(f string, i, e int) (s, j int, cjk, curly, ok bool) {
	for i < e {
		n := 1
		if c := f[i]; c < utf8.RuneSelf {
			if !asciiWord[c] {
				i++
				continue
			}
		} else {
			var r rune
			r, n = utf8.DecodeRuneInString(f[i:])
			if isCJK(r) {
				return i, i + n, true, false, true
			}
			if !isWordRune(r) {
				i += n
				continue
			}
		}
		j := i + n
		for j < e {
			c := f[j]
			if c < utf8.RuneSelf && asciiWord[c] {
				j++
				continue
			}
			r2, n2 := decodeAt(f, j)
			if c >= utf8.RuneSelf && isWordRune(r2) {
				j += n2
				continue
			}
			if (r2 == '\'' || r2 == '\u2019' || r2 == '-') && j+n2 < e {
				r3, _ := decodeAt(f, j+n2)
				if isWordRune(r3) {
					curly = curly || r2 == '\u2019'
					j += n2
					continue
				}
			}
			break
		}
		return i, j, false, curly, true
	}
	return 0, 0, false, false, false
}

// tokWord is the word of a token f[s:e]: ’ normalised to '.
func tokWord(f string, s, e int, curly bool) string {
	if curly {
		return strings.ReplaceAll(f[s:e], "\u2019", "'")
	}
	return f[s:e]
}

// tokenize splits f[s:e] into words (letters, digits, inner apostrophes and
// hyphens) and single CJK runes.
func tokenize(f string, s, e int) []tok {
	var out []tok
	for i := s; ; {
		ts, te, cjk, curly, ok := nextTok(f, i, e)
		if !ok {
			return out
		}
		if out == nil {
			out = make([]tok, 0, 8)
		}
		out = append(out, tok{w: tokWord(f, ts, te, curly), s: ts, e: te, cjk: cjk})
		i = te
	}
}

// toks is tokenize(a.f, s, e): read off the turn's tokens (tokenized once)
// when no token of the turn crosses s or e, else computed once per range.
// The result is shared: callers must not modify it (its capacity is its
// length, so appending copies).
func (a *analysis) toks(s, e int) []tok {
	if ts, ok := a.toksWithin(s, e); ok {
		return ts
	}
	k := span{s, e}
	if ts, ok := a.tokMemo[k]; ok {
		return ts
	}
	ts := tokenize(a.f, s, e)
	ts = ts[:len(ts):len(ts)]
	if a.tokMemo == nil {
		a.tokMemo = map[span][]tok{}
	}
	a.tokMemo[k] = ts
	return ts
}

// toksWithin returns the turn's tokens that lie in f[s:e], which are
// tokenize(a.f, s, e) when no token of the turn starts before s and ends
// after it, or starts before e and ends after it: tokenize reads no byte
// before where it starts, every byte outside a token is skipped wherever
// the reading starts, and a token that ends by e ends there whatever the
// bound. ok is false when a token crosses s or e (or the bounds are out of
// the turn); then the range is tokenized itself.
func (a *analysis) toksWithin(s, e int) (ts []tok, ok bool) {
	i, j, ok := a.toksSpan(s, e)
	if !ok || i == j {
		return nil, ok
	}
	return a.all[i:j:j], true
}

// toksSpan returns where toksWithin's tokens are in the turn's tokens,
// a.all[i:j]; ok is toksWithin's.
func (a *analysis) toksSpan(s, e int) (i, j int, ok bool) {
	if s < 0 || e > len(a.f) {
		return 0, 0, false
	}
	if !a.allDone {
		a.allDone = true
		a.all = tokenize(a.f, 0, len(a.f))
		a.all = a.all[:len(a.all):len(a.all)]
	}
	if s >= e {
		return 0, 0, true
	}
	all := a.all
	i = firstTokFrom(all, s)
	if i > 0 && all[i-1].e > s {
		return 0, 0, false
	}
	j = i + firstTokFrom(all[i:], e)
	if j > i && all[j-1].e > e {
		return 0, 0, false
	}
	return i, j, true
}

// wordsOf is words(a.toks(s, e)), read off the words of the turn's tokens
// (listed once) where toksWithin serves the range. The result is shared:
// callers must not modify it (its capacity is its length, so appending
// copies).
func (a *analysis) wordsOf(s, e int) []string {
	i, j, ok := a.toksSpan(s, e)
	if !ok {
		return words(a.toks(s, e))
	}
	if !a.allWordsDone {
		a.allWordsDone, a.allWords = true, words(a.all)
	}
	return a.allWords[i:j:j]
}

// firstTokFrom returns the index of the first of ts (ordered tokens) that
// starts at or after p, len(ts) if none does.
func firstTokFrom(ts []tok, p int) int {
	lo, hi := 0, len(ts)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if ts[m].s < p {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// sentences splits folded prose at line breaks and sentence punctuation.
func sentences(f string) []span {
	var out []span
	add := func(s, e int) {
		for s < e && (f[s] == ' ' || f[s] == '\t' || f[s] == '\r') {
			s++
		}
		for e > s && (f[e-1] == ' ' || f[e-1] == '\t' || f[e-1] == '\r') {
			e--
		}
		if e > s {
			out = append(out, span{s, e})
		}
	}
	start := 0
	for i := 0; i < len(f); {
		// Only at the bytes of sentenceBytes can a sentence end: other
		// bytes are stepped over one by one, which lands on every such
		// byte as decoding rune by rune would (neither 0xE3 nor 0xEF
		// continues a rune).
		c := f[i]
		if !sentenceBytes[c] {
			i++
			continue
		}
		r, n := rune(c), 1
		if c >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(f[i:])
		}
		switch r {
		case '\n':
			if !wrappedLine(f, start, i) {
				add(start, i)
				start = i + n
			}
		case '.', '!', '?', ';':
			next := byte(' ')
			if i+n < len(f) {
				next = f[i+n]
			}
			if r == '.' && ordinalDate(f, i) {
				break // "am 1. september", "el 3. mai": an ordinal, not a sentence end
			}
			if next == ' ' || next == '\n' || next == '\t' || next == '\r' || next == '"' || next == ')' {
				add(start, i+n)
				start = i + n
			}
		case '。', '！', '？', '；':
			add(start, i+n)
			start = i + n
		}
		i += n
	}
	add(start, len(f))
	return out
}

// sentenceBytes marks the bytes at which sentences looks for a sentence
// end: '\n', ".!?;" and the lead bytes of "。！？；".
var sentenceBytes = [256]bool{'\n': true, '.': true, '!': true, '?': true, ';': true, 0xE3: true, 0xEF: true}

// wrappedLine reports whether the line break at nl only wraps a sentence:
// the line does not end with punctuation and the next one starts with a
// lower-case letter.
func wrappedLine(f string, start, nl int) bool {
	line := strings.TrimRight(f[start:nl], " \t\r")
	if line == "" || nl+1 >= len(f) {
		return false
	}
	last, _ := utf8.DecodeLastRuneInString(line)
	if !unicode.IsLetter(last) && last != ',' && last != '-' {
		return false
	}
	next, _ := utf8.DecodeRuneInString(f[nl+1:])
	// f is folded: check the original case through the letter class only
	// for scripts with case.
	return unicode.IsLower(next) && !isCJK(next)
}

func (a *analysis) sentenceOf(pos int) span {
	for _, s := range a.sents {
		if pos >= s.s && pos < s.e {
			return s
		}
	}
	return span{pos, pos}
}

// clauseWords start a new clause inside a sentence.
var clauseWords = exact("but", "and", "then", "so", "also", "pero", "mais", "aber", "но", "mas", "ma")

// clauseStart returns where the clause holding pos begins inside s: after
// punctuation, or after a conjunction that starts a new instruction ("... but
// this time leave out X").
func (a *analysis) clauseStart(s span, pos int) int {
	start := a.punctClauseStart(s, pos)
	ts := a.toks(start, pos)
	for i := len(ts) - 1; i >= 0; i-- {
		if !clauseWords[ts[i].w] {
			continue
		}
		// "to reach and fix": one infinitive chain, not a new clause.
		if ts[i].w == "and" && slices.ContainsFunc(ts[:i], func(t tok) bool { return t.w == "to" }) {
			continue
		}
		return ts[i].e
	}
	return start
}

func (a *analysis) punctClauseStart(s span, pos int) int {
	depth := 0 // parentheses closed before pos: "usa COUNT(DISTINCT id) en lugar de" is one clause
	for i := pos; i > s.s; {
		r, n := utf8.DecodeLastRuneInString(a.f[s.s:i])
		switch r {
		case ')':
			depth++
		case '(':
			if depth > 0 {
				depth--
				break
			}
			return i
		case ',', ':', ';', '—', '–', '，', '、', '：', '；', '（':
			if depth > 0 {
				break // inside a closed parenthesis: "COUNT(a, b) instead of"
			}
			return i
		case ' ':
			if i-n > s.s {
				before, _ := utf8.DecodeLastRuneInString(a.f[s.s : i-n])
				if isCJK(before) {
					return i
				}
			}
		}
		i -= n
	}
	return s.s
}

func hasCJK(s string) bool {
	for i := 0; i < len(s); {
		if s[i] < 0xE2 {
			i++
			continue
		}
		// CJK runes (U+2E80 and up) take three or four bytes led by 0xE2
		// or more; decode only at such bytes, which never continue a rune,
		// so that decoding rune by rune would land on each of them too.
		r, n := utf8.DecodeRuneInString(s[i:])
		if isCJK(r) {
			return true
		}
		i += n
	}
	return false
}

// turnCJK is hasCJK of the turn, read once per turn.
func (a *analysis) turnCJK() bool {
	if !a.cjkDone {
		a.cjkDone, a.cjk = true, hasCJK(a.f)
	}
	return a.cjk
}

// phraseIndex returns the offset in f of the first occurrence of phrase in
// f[s:e] with word boundaries (any occurrence for CJK phrases), or -1.
func phraseIndex(f string, s, e int, phrase string) int {
	sub := f[s:e]
	cjk := hasCJK(phrase)
	for off := 0; off < len(sub); {
		k := strings.Index(sub[off:], phrase)
		if k < 0 {
			return -1
		}
		i, j := off+k, off+k+len(phrase)
		if cjk {
			return s + i
		}
		before, after := ' ', ' '
		if i > 0 {
			before, _ = utf8.DecodeLastRuneInString(sub[:i])
		}
		if j < len(sub) {
			after, _ = utf8.DecodeRuneInString(sub[j:])
		}
		if !isWordRune(before) && !isWordRune(after) {
			return s + i
		}
		off = i + 1
	}
	return -1
}

// phraseFields holds the words of the phrases of the fixed lists that
// hasPrefixPhrase is called with, split once.
var phraseFields = func() map[string][]string {
	m := map[string][]string{}
	for _, list := range [][]string{politeFrames, requestFrames, cuelessRequestFrames, skipLead, continuations, rolePlays} {
		for _, p := range list {
			m[p] = strings.Fields(p)
		}
	}
	return m
}()

// phraseWords returns strings.Fields(phrase); the result must not be
// modified.
func phraseWords(phrase string) []string {
	if ws, ok := phraseFields[phrase]; ok {
		return ws
	}
	return strings.Fields(phrase)
}

// indexAnyRune is strings.IndexAny(s, chars) for chars of valid UTF-8
// without U+FFFD, one (vectorised) search per rune of chars in place of a
// look-up in chars per rune of s. The encoding of a valid rune occurs in s
// just where ranging over s decodes that rune: its first byte is never the
// continuation of another rune, and invalid bytes are decoded one by one.
func indexAnyRune(s, chars string) int {
	best := -1
	for _, r := range chars {
		in := s
		if best >= 0 {
			in = s[:best]
		}
		if i := strings.IndexRune(in, r); i >= 0 {
			best = i
		}
	}
	return best
}

// questionMark reports strings.ContainsAny(a.f, "?？"), read once per turn.
func (a *analysis) questionMark() bool {
	if !a.qmarkDone {
		a.qmarkDone, a.qmark = true, indexAnyRune(a.f, "?？") >= 0
	}
	return a.qmark
}

// firstWordIndex maps the first word of each phrase of a list (its text
// before the first space) to the phrases of the list that start with it,
// in list order: hasPrefixPhrase(ws, p) holds only for the phrases p of
// the word ws[0], so a loop over a list that tests each phrase with it can
// loop over those alone.
type firstWordIndex map[string][]string

func indexFirstWords(list []string) firstWordIndex {
	x := firstWordIndex{}
	for _, p := range list {
		w, _, _ := strings.Cut(p, " ")
		x[w] = append(x[w], p)
	}
	return x
}

// candidates returns the phrases of the list that may open ws (for every
// other one hasPrefixPhrase is false), in list order.
func (x firstWordIndex) candidates(ws []string) []string {
	if len(ws) == 0 {
		return nil
	}
	return x[ws[0]]
}

// The phrase lists whose loops test hasPrefixPhrase, indexed.
var (
	politeFramesByFirst         = indexFirstWords(politeFrames)
	requestFramesByFirst        = indexFirstWords(requestFrames)
	cuelessRequestFramesByFirst = indexFirstWords(cuelessRequestFrames)
	skipLeadByFirst             = indexFirstWords(skipLead)
	continuationsByFirst        = indexFirstWords(continuations)
	rolePlaysByFirst            = indexFirstWords(rolePlays)
	metaOpenersByFirst          = indexFirstWords(metaOpeners)
)

func hasPrefixPhrase(words []string, phrase string) bool {
	// Most phrases fail on the first word: compare it as a string prefix
	// before splitting the phrase.
	if len(words) == 0 {
		return false
	}
	if w0 := words[0]; !strings.HasPrefix(phrase, w0) || len(phrase) > len(w0) && phrase[len(w0)] != ' ' {
		return false
	}
	p := phraseWords(phrase)
	if len(p) > len(words) {
		return false
	}
	for i := range p {
		if words[i] != p[i] {
			return false
		}
	}
	return true
}

func words(ts []tok) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.w
	}
	return out
}

// prefixBefore reports whether s starts with p followed by one of the bytes
// of next (strings.HasPrefix(s, p+" ") without building the string).
func prefixBefore(s, p, next string) bool {
	return len(s) > len(p) && strings.HasPrefix(s, p) && strings.IndexByte(next, s[len(p)]) >= 0
}

// ordinalDate reports a period at f[i] that closes a day number before a
// month name ("1. september", "24. dezember").
func ordinalDate(f string, i int) bool {
	if i == 0 || i-1 >= len(f) || f[i-1] < '0' || f[i-1] > '9' || i+1 >= len(f) || f[i+1] != ' ' {
		return false
	}
	j := i + 2
	k := j
	for k < len(f) && f[k] != ' ' && f[k] != ',' && f[k] != '.' && f[k] != '\n' {
		k++
	}
	return j < k && months[f[j:k]]
}
