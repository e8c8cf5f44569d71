package screen

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	ahocorasick "github.com/BobuSumisu/aho-corasick"

	"github.com/revtrace/revtrace/detectors/internal/litre"
)

type occurrence struct{ end, pattern int }

// TestAutomatonAgrees checks the automaton, and the Finder on it, against
// the Aho-Corasick library it stands in for: the same occurrences, in the
// same order.
func TestAutomatonAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	alphabet := []string{"a", "b", "ab", "ba", "é", "中", "'", "’", " ", "\xff"}
	word := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		return b.String()
	}
	for i := 0; i < 2000; i++ {
		var pats []string
		for n := 1 + r.IntN(8); n > 0; n-- {
			if p := word(1 + r.IntN(4)); !slices.Contains(pats, p) {
				pats = append(pats, p)
			}
		}
		a := newAutomaton(pats)
		finder := NewFinder(pats)
		trie := ahocorasick.NewTrieBuilder().AddStrings(pats).Build()
		for j := 0; j < 10; j++ {
			text := []byte(word(r.IntN(16)))
			var got, found, want []occurrence
			a.walk(text, func(end, p int) { got = append(got, occurrence{end, p}) })
			finder.Each(string(text), func(start, end, p int) {
				if string(text[start:end]) != pats[p] {
					t.Fatalf("patterns %q on %q: finder gives %q at %d:%d for pattern %d", pats, text, text[start:end], start, end, p)
				}
				found = append(found, occurrence{end - 1, p})
			})
			trie.Walk(text, func(end, n, p int64) bool {
				want = append(want, occurrence{int(end), int(p)})
				return true
			})
			if !slices.Equal(got, want) {
				t.Fatalf("patterns %q on %q: automaton %v, library %v", pats, text, got, want)
			}
			if !slices.Equal(found, want) {
				t.Fatalf("patterns %q on %q: finder %v, library %v", pats, text, found, want)
			}
		}
	}
}

// TestDefaultAutomaton checks the default screen's automaton on its own
// examples.
func TestDefaultAutomaton(t *testing.T) {
	s := Default()
	if s.ac == nil {
		t.Fatal("the default rules build no automaton")
	}
	if s.trie != nil {
		t.Error("the default rules build the library's trie, which only stands in for a missing automaton")
	}
	trie := ahocorasick.NewTrieBuilder().AddStrings(s.patterns).Build()
	for _, ex := range s.Examples() {
		f := fold(Prose(ex.Text))
		var got, want []occurrence
		s.ac.walk(f, func(end, p int) { got = append(got, occurrence{end, p}) })
		trie.Walk(f, func(end, n, p int64) bool {
			want = append(want, occurrence{int(end), int(p)})
			return true
		})
		if !slices.Equal(got, want) {
			t.Fatalf("example %q: automaton %v, library %v", ex.Text, got, want)
		}
	}
}

// TestProseShortcuts checks blankMaterial and codeScore against their
// first versions (counting every rune, trying every prefix; codeScore
// counts up to 2).
func TestProseShortcuts(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	pieces := []string{"word ", "x = 1;", "\n", "  ", "\t", "def f():", "return x", "}", "{", "if (a)", "é", "中文",
		"\u0085", "\u00a0", "\"quoted\"", "`code`", "```\ncode\n```", "> quote\n", "[name]", "// c", "SELECT *", "#include",
		"=>", "!=", "+=", "-", ">", ":", "::", ")", "(", "[", "]", "&&", "|", "</", "= ", "_", "$"}
	for i := 0; i < 3000; i++ {
		var b strings.Builder
		for n := r.IntN(400); n > 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		got, want := []byte(s), []byte(s)
		blankMaterial(got)
		blankMaterialRef(want)
		if string(got) != string(want) {
			t.Fatalf("blankMaterial(%q) = %q, want %q", s, got, want)
		}
		for _, line := range strings.Split(s, "\n") {
			want := min(codeScoreRef([]byte(line)), 2)
			if got := codeScore([]byte(line)); got != want {
				t.Fatalf("codeScore(%q) = %d, want %d", line, got, want)
			}
		}
	}
}

// blankMaterialRef is blankMaterial counting every non-space rune.
func blankMaterialRef(b []byte) {
	count := 0
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if !unicode.IsSpace(r) {
			count++
		}
		i += n
	}
	if count <= longProse {
		return
	}
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
		return
	}
	blank(b, headEnd, tailStart)
}

// codeScoreRef is codeScore trying every prefix in list order.
func codeScoreRef(line []byte) int {
	t := bytes.TrimSpace(line)
	if len(t) == 0 {
		return 0
	}
	score := 0
	if line[0] == '\t' || bytes.HasPrefix(line, []byte("    ")) {
		score++
	}
	for _, p := range codePrefixes {
		if bytes.HasPrefix(t, p) {
			score += 2
			break
		}
	}
	switch t[len(t)-1] {
	case ';', '{', '}':
		score += 2
	case ')', ']':
		if bytes.ContainsAny(t, "([") {
			score++
		}
	}
	for _, op := range codeOperators {
		if bytes.Contains(t, op) {
			score++
			break
		}
	}
	sym, all := 0, 0
	for _, c := range t {
		if c == ' ' {
			continue
		}
		all++
		switch c {
		case '(', ')', '{', '}', '[', ']', ';', '=', '<', '>', '_', '$', '#', '/', '\\', '*', '&', '|':
			sym++
		}
	}
	if all > 0 && sym*100 >= all*12 {
		score++
	}
	return score
}

// foldRef is fold as first written (one byte or rune at a time).
func foldRef(s string) []byte {
	b := make([]byte, len(s))
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			b[i] = c
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
				i += n
				continue
			}
		}
		copy(b[i:i+n], s[i:i+n])
		i += n
	}
	return b
}

// TestFoldAgrees checks fold, which lowers eight ASCII bytes at a time,
// against foldRef on every ASCII byte and on random texts.
func TestFoldAgrees(t *testing.T) {
	var all []byte
	for c := 0; c < utf8.RuneSelf; c++ {
		all = append(all, byte(c))
	}
	pieces := []string{string(all), "ABCDEFGH", "Zz[@`{", "ÉCOLE", "Ёлка", "\u212A", "İ", "中文", "\xff", "\xe2\x80",
		" ", "Hello World", "x"}
	r := rand.New(rand.NewPCG(31, 32))
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := r.IntN(12); n > 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		if got, want := fold(s), foldRef(s); !bytes.Equal(got, want) {
			t.Fatalf("fold(%q) = %q, foldRef says %q", s, got, want)
		}
		if got, want := Fold(s), string(foldRef(s)); got != want {
			t.Fatalf("Fold(%q) = %q, want %q", s, got, want)
		}
	}
}

// shortRef is Short as first written (every byte of a run of spaces read).
func shortRef(prose string) bool {
	words, cjk, in := 0, 0, false
	for i := 0; i < len(prose); {
		c := prose[i]
		if c < utf8.RuneSelf {
			w := c == '_' || ('0' <= c && c <= '9') || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
			if w && !in {
				words++
			}
			in = w
			i++
		} else {
			r, n := utf8.DecodeRuneInString(prose[i:])
			i += n
			switch {
			case isCJK(r):
				cjk++
				in = false
			case isWordRune(r):
				if !in {
					words++
				}
				in = true
			default:
				in = false
			}
		}
		if words+cjk/2 > ShortWords {
			return false
		}
	}
	return true
}

// TestShortAgrees checks Short, which steps over runs of spaces eight
// bytes at a time, against shortRef.
func TestShortAgrees(t *testing.T) {
	pieces := []string{" ", "        ", "         ", "word", "a", "_", "1", "\n", "é", "中", "文", "\xff", ".", "  x  "}
	r := rand.New(rand.NewPCG(37, 38))
	short := 0
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := r.IntN(90); n > 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		got, want := Short(s), shortRef(s)
		if got != want {
			t.Fatalf("Short(%q) = %v, shortRef says %v", s, got, want)
		}
		if want {
			short++
		}
	}
	if short < 2000 || short > 18000 {
		t.Errorf("%d of 20000 texts short; the test says little", short)
	}
}

// blankFencesRef is blankFences as first written (every byte read).
func blankFencesRef(b []byte) {
	for i := 0; i < len(b); {
		c := b[i]
		if c != '`' && c != '~' {
			i++
			continue
		}
		n := runLen(b, i, c)
		if n < 3 || (c == '~' && !atLineStart(b, i)) {
			i += n
			continue
		}
		end := len(b)
		for k := i + n; k < len(b); {
			if b[k] != c {
				k++
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

// TestBlankFencesAgrees checks blankFences, which searches for the fence
// bytes, against blankFencesRef.
func TestBlankFencesAgrees(t *testing.T) {
	pieces := []string{"`", "``", "```", "````", "~", "~~~", "\n", "\n```", "\n~~~", "code", " ", "x\n", "é"}
	r := rand.New(rand.NewPCG(39, 40))
	changed := 0
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := r.IntN(30); n > 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		got, want := []byte(s), []byte(s)
		blankFences(got)
		blankFencesRef(want)
		if !bytes.Equal(got, want) {
			t.Fatalf("blankFences(%q) = %q, blankFencesRef says %q", s, got, want)
		}
		if string(want) != s {
			changed++
		}
	}
	if changed < 2000 {
		t.Errorf("only %d texts blanked; the test says little", changed)
	}
}

// blankInlineCodeRef is blankInlineCode as first written (every byte read).
func blankInlineCodeRef(b []byte) {
	lines(b, func(s, e int) {
		var unmatched [3]bool // run lengths (1, 2) with no closing run left on the line
		for i := s; i < e; {
			if b[i] != '`' {
				i++
				continue
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

// blankQuotedStringsRef is blankQuotedStrings as first written (every byte read).
func blankQuotedStringsRef(b []byte) {
	// noCloser[r] = k: no valid closer for opener r lies before k. Whether a
	// closer is valid does not depend on its opener, so a failed search
	// never needs repeating (this keeps the scan linear).
	var noCloser map[rune]int
	for i := 0; i < len(b); {
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

// blankBracketsRef is blankBrackets as first written (every byte read).
func blankBracketsRef(b []byte) {
	lines(b, func(s, e int) {
		for i := s; i < e; i++ {
			if b[i] != '[' {
				continue
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

// TestBlankPassesAgree checks blankInlineCode, blankQuotedStrings and
// blankBrackets, which search for the bytes they act on, against their
// first versions.
func TestBlankPassesAgree(t *testing.T) {
	pieces := []string{"`", "``", "a`b`c", "\"", "'", "“", "”", "‘", "’", "«", "»", "「", "」", "[", "]", "](", "(x)",
		"word ", "plain text here ", "\n", "\n\n", "é", "中", "it's", "\xff", "        "}
	passes := []struct {
		name      string
		fast, ref func([]byte)
	}{{"blankInlineCode", blankInlineCode, blankInlineCodeRef}, {"blankQuotedStrings", blankQuotedStrings, blankQuotedStringsRef},
		{"blankBrackets", blankBrackets, blankBracketsRef}}
	r := rand.New(rand.NewPCG(41, 42))
	changed := make([]int, len(passes))
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := r.IntN(40); n > 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		for k, p := range passes {
			got, want := []byte(s), []byte(s)
			p.fast(got)
			p.ref(want)
			if !bytes.Equal(got, want) {
				t.Fatalf("%s(%q) = %q, the first version says %q", p.name, s, got, want)
			}
			if string(want) != s {
				changed[k]++
			}
		}
	}
	for k, p := range passes {
		if changed[k] < 1000 {
			t.Errorf("%s blanked only %d texts; the test says little", p.name, changed[k])
		}
	}
}
