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

func isWordRune(r rune) bool {
	return r == '_' || ((unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)) && !isCJK(r))
}

// tokenize splits f[s:e] into words (letters, digits, inner apostrophes and
// hyphens) and single CJK runes.
func tokenize(f string, s, e int) []tok {
	var out []tok
	for i := s; i < e; {
		r, n := utf8.DecodeRuneInString(f[i:])
		if isCJK(r) {
			out = append(out, tok{w: f[i : i+n], s: i, e: i + n, cjk: true})
			i += n
			continue
		}
		if !isWordRune(r) {
			i += n
			continue
		}
		j := i + n
		for j < e {
			r2, n2 := utf8.DecodeRuneInString(f[j:])
			if isWordRune(r2) {
				j += n2
				continue
			}
			if (r2 == '\'' || r2 == '\u2019' || r2 == '-') && j+n2 < e {
				r3, _ := utf8.DecodeRuneInString(f[j+n2:])
				if isWordRune(r3) {
					j += n2
					continue
				}
			}
			break
		}
		out = append(out, tok{w: strings.ReplaceAll(f[i:j], "\u2019", "'"), s: i, e: j})
		i = j
	}
	return out
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
		r, n := utf8.DecodeRuneInString(f[i:])
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
	ts := tokenize(a.f, start, pos)
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
	for i := pos; i > s.s; {
		r, n := utf8.DecodeLastRuneInString(a.f[s.s:i])
		switch r {
		case ',', ':', '(', ';', '—', '–', '，', '、', '：', '；', '（':
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
	for _, r := range s {
		if isCJK(r) {
			return true
		}
	}
	return false
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

func hasPrefixPhrase(words []string, phrase string) bool {
	p := strings.Fields(phrase)
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
