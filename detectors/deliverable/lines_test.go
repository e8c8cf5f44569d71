package deliverable

import (
	"math/rand/v2"
	"regexp"
	"regexp/syntax"
	"strings"
	"testing"

	"github.com/revtrace/revtrace/detectors/internal/litre/litretest"
)

// The regular expressions the line tests stand for (the implementation
// they replaced), as the reference for the tests.
var (
	codeEndRef   = regexp.MustCompile(`(?:[;{}]|=>|->)\s*$`)
	proseLineRef = regexp.MustCompile(`^(?:\S+\s+){5,}\S*[.!?。！？]["')\]]*$`)
)

func checkLineTests(t *testing.T, line string) {
	t.Helper()
	if got, want := codeEnd(line), codeEndRef.MatchString(line); got != want {
		t.Fatalf("codeEnd(%q) = %v, regexp says %v", line, got, want)
	}
	if got, want := proseLine(line), proseLineRef.MatchString(line); got != want {
		t.Fatalf("proseLine(%q) = %v, regexp says %v", line, got, want)
	}
	if got, want := mathLine(line), mathLineRe.MatchString(line); got != want {
		t.Fatalf("mathLine(%q) = %v, regexp says %v", line, got, want)
	}
	if got, want := codeLineRe.MatchString(line), codeLineRe.re.MatchString(line); got != want {
		t.Fatalf("codeLineRe alternatives on %q = %v, the expression says %v", line, got, want)
	}
}

func TestLineTests(t *testing.T) {
	tests := []struct {
		line                 string
		codeEnd, prose, math bool
	}{
		{"int x = 1;", true, false, false},
		{"if (x) {", true, false, false},
		{"}", true, false, false},
		{"x => x + 1", false, false, false},
		{"const f = (x) =>", true, false, false},
		{"p->next ->  \t", true, false, false},
		{"The launch is on track for Monday.", false, true, false},
		{"The launch is on track for Monday.\")", false, true, false},
		{"The launch is on track for Monday. ", false, false, false},
		{"Five words are not enough.", false, false, false},
		{"Six words here are just enough!", false, true, false},
		{"这是 一个 很 长 的 句子。", false, true, false},
		{"a\u00a0b c d e f g.", false, true, false}, // U+00A0 is not \s: five runs remain
		{"a\u00a0b c d e f.", false, false, false},
		{"a  b\t\tc d e f.", false, true, false},
		{"a b c d e f\x85.", false, true, false},
		{"2 + 2 = 4 = four", false, false, true},
		{"area = πr²", false, false, true},
		{"f(x) = x^2", false, false, true},
		{"\\frac{a}{b}", true, false, true},
		{"\\sqrt 2", false, false, true},
		{"x = 1", false, false, false},
		{"", false, false, false},
	}
	for _, tc := range tests {
		if got := codeEnd(tc.line); got != tc.codeEnd {
			t.Errorf("codeEnd(%q) = %v, want %v", tc.line, got, tc.codeEnd)
		}
		if got := proseLine(tc.line); got != tc.prose {
			t.Errorf("proseLine(%q) = %v, want %v", tc.line, got, tc.prose)
		}
		if got := mathLine(tc.line); got != tc.math {
			t.Errorf("mathLine(%q) = %v, want %v", tc.line, got, tc.math)
		}
		checkLineTests(t, tc.line)
	}
}

// lineAlphabet holds the pieces where the hand-written line tests could
// part from the regular expressions: RE2 and Unicode spaces, sentence ends
// (ASCII and CJK), closing quotes and brackets, code endings, math runes,
// words and invalid bytes.
var lineAlphabet = []string{
	"a", "word", "x", "1", " ", "  ", "\t", "\f", "\r", "\v", "\u00a0", ".", "!", "?", "。", "！", "？", "\"", "'", ")",
	"]", ";", "{", "}", "=", ">", "-", "=>", "->", "^", "\\", "\\frac", "π", "²", "α", "Ω", "−", "(", "\xff", "\xe3\x80",
}

func TestLineTestsAgreeWithRegexps(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 10000; i++ {
		var b strings.Builder
		for n := r.IntN(16); n > 0; n-- {
			b.WriteString(lineAlphabet[r.IntN(len(lineAlphabet))])
		}
		checkLineTests(t, b.String())
	}
}

func FuzzLineTests(f *testing.F) {
	f.Add("The launch is on track for Monday.")
	f.Add("int x = 1;  ")
	f.Add("2 + 2 = 4 = four")
	f.Fuzz(func(t *testing.T, line string) {
		checkLineTests(t, line)
	})
}

// TestCodeLineAlternatives samples lines from every alternative of
// codeLineRe (and around them) and checks that running the alternatives
// gives what the whole expression does.
func TestCodeLineAlternatives(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	tree, err := syntax.Parse(codeLineRe.re.String(), syntax.Perl)
	if err != nil {
		t.Fatal(err)
	}
	noise := []string{"", " ", "x", "The ", "=", "(", ")", ";", "{", "é", "\t", "select ", "SELECT", "\u017Felect"}
	matched := 0
	for i := 0; i < 5000; i++ {
		var b strings.Builder
		if i%3 == 0 {
			b.WriteString(noise[r.IntN(len(noise))])
		}
		litretest.Sample(r, tree, &b)
		b.WriteString(noise[r.IntN(len(noise))])
		s := b.String()
		want := codeLineRe.re.MatchString(s)
		if want {
			matched++
		}
		if got := codeLineRe.MatchString(s); got != want {
			t.Fatalf("codeLineRe alternatives on %q = %v, the expression says %v", s, got, want)
		}
	}
	for _, s := range []string{"", "def f(x):", "Next steps", "make sure it works", "The end.", "print(x)", "SeLeCt a, b FROM t"} {
		if got, want := codeLineRe.MatchString(s), codeLineRe.re.MatchString(s); got != want {
			t.Errorf("codeLineRe alternatives on %q = %v, the expression says %v", s, got, want)
		}
	}
	if matched < 1200 {
		t.Errorf("only %d sampled lines match; the test says little", matched)
	}
}

// draftRefRef is draftRef as first written (one search of the whole text),
// the reference for it.
func draftRefRef(text string) bool {
	for _, m := range draftRefRe.Regexp.FindAllStringIndex(text, 8) {
		if !strings.HasPrefix(text[m[1]:], " address") {
			return true
		}
	}
	return false
}

// draftRefAlphabet holds the pieces where the line-by-line search could
// part from the whole-text one: the expression's words, " address", line
// breaks around and inside matches, more than eight matches.
var draftRefAlphabet = []string{
	"the", "your", "my", "this", "The", "YOUR", "draft", "letter", "e-mail", "email", "message", "final", "cover letter",
	" ", " ", "\n", "\n\n", "\r\n", " address", "address", "in", "from", ".", ",", "x", "é", "\t",
	"the draft", "your email", "your email address", "my final letter", "in the plan", "THIS MESSAGE", "your e-mail\naddress",
	"the.draft", "your (draft)", "the \"letter\"", "my, letter", "your email: address", "*the* draft", "[the draft]", "the draft?",
	"ſ", "\u212A",
}

func TestDraftRefAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	yes := 0
	for i := 0; i < 30000; i++ {
		var b strings.Builder
		for n := r.IntN(40); n > 0; n-- {
			b.WriteString(draftRefAlphabet[r.IntN(len(draftRefAlphabet))])
		}
		s := b.String()
		got, want := draftRef(s), draftRefRef(s)
		if got != want {
			t.Fatalf("draftRef(%q) = %v, the whole-text search says %v", s, got, want)
		}
		if want {
			yes++
		}
	}
	if yes < 3000 || yes > 27000 {
		t.Errorf("%d of 30000 true: the test says little", yes)
	}
	// Nine matches, all followed by " address", then one that is not.
	s := strings.Repeat("your email address\n", 9) + "the letter"
	if draftRef(s) != draftRefRef(s) {
		t.Errorf("draftRef disagrees past the eighth match")
	}
}

func FuzzDraftRef(f *testing.F) {
	f.Add("Here is the draft.\nYour email address is on file.")
	f.Add(strings.Repeat("your email address\n", 9) + "the letter")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := draftRef(s), draftRefRef(s); got != want {
			t.Fatalf("draftRef(%q) = %v, the whole-text search says %v", s, got, want)
		}
	})
}

// codeShareRef and symbolDenseRef are the forms codeShare and symbolDense
// had (lines from strings.FieldsFunc, symbols by strings.ContainsRune), the
// references for them.
func symbolDenseRef(t string) bool {
	if strings.HasPrefix(t, "|") || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "+") {
		return false
	}
	sym, n, key := 0, 0, false
	for _, r := range t {
		switch {
		case r == ' ' || r == '\t':
			continue
		case strings.ContainsRune("(){}[]<>=;&$\\", r):
			sym++
			key = key || strings.ContainsRune("({;=", r)
		}
		n++
	}
	return key && n >= 12 && sym >= 3 && sym*10 >= n
}

func codeShareLinesRef(text string) []string {
	var out []string
	for _, l := range strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == '\r' }) {
		out = append(out, l)
	}
	return out
}

// codeShareAlphabet builds texts of code, prose, YAML and blank lines with
// every kind of line break.
var codeShareAlphabet = []string{
	"def f(x):", "    return x + 1", "const a = 1;", "console.log(a);", "The meeting moved to Thursday.", "name: app",
	"  - 80", "x = (a + b) * {c};", "\n", "\r\n", "\r", "\n\n", "   ", "\t", "é", "—", "if (x) {", "}", "<div>", "$PATH",
	"[1, 2, 3]", "E = mc^2", "α + β = γ",
}

func TestCodeShareAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := r.IntN(30); n > 0; n-- {
			b.WriteString(codeShareAlphabet[r.IntN(len(codeShareAlphabet))])
		}
		s := b.String()
		for _, l := range codeShareLinesRef(s) {
			if got, want := symbolDense(l), symbolDenseRef(l); got != want {
				t.Fatalf("symbolDense(%q) = %v, want %v", l, got, want)
			}
		}
		if got, want := codeShare(s), codeShareRef(s); got != want {
			t.Fatalf("codeShare(%q) = %v, want %v", s, got, want)
		}
	}
	// More lines than codeShare samples.
	s := strings.Repeat("x = 1;\nplain words here.\n\n", maxLines)
	if got, want := codeShare(s), codeShareRef(s); got != want {
		t.Errorf("codeShare of %d lines = %v, want %v", 3*maxLines, got, want)
	}
}

// codeShareRef is codeShare over strings.FieldsFunc's lines with
// symbolDenseRef.
func codeShareRef(text string) float64 {
	n, code, yaml, keys, indented := 0, 0, 0, 0, 0
	for _, l := range codeShareLinesRef(text) {
		t := strings.TrimSpace(l)
		if t == "" {
			continue
		}
		if n == maxLines {
			break
		}
		n++
		if len(l)-len(strings.TrimLeft(l, " \t")) >= 2 {
			indented++
		}
		switch {
		case strings.IndexByte(l, ':') >= 0 && yamlLineRe.MatchString(l) && !strings.Contains(t, ". "):
			yaml++
			keys++
		case strings.IndexByte(l, '-') >= 0 && yamlItemRe.MatchString(l):
			yaml++
		}
		end := codeEnd(t)
		switch {
		case !end && (proseLine(t) || mathLine(t)):
		case end || symbolDenseRef(t) || codeLineRe.MatchString(t):
			code++
		}
	}
	if n == 0 {
		return 0
	}
	if yaml*10 >= n*8 && keys*2 >= n && indented > 0 && n >= 3 {
		return 1
	}
	return float64(code) / float64(n)
}

// TestMathLineAlternatives samples lines from every alternative of
// mathLineRe (and around them) and checks that mathLine, which reads them
// without the engine, answers as the expression does.
func TestMathLineAlternatives(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	tree := litretest.Tree(t, mathLineRe)
	noise := []string{"", " ", "x", "=", " = ", "(", ")", ";", "{", "}", "\n", "\t", "é", "π", "\\", "^", "1", "_", "a)", "\\frac", "\\fracx"}
	matched := 0
	for range 20000 {
		s := litretest.SampleText(r, tree, noise) + noise[r.IntN(len(noise))]
		want := mathLineRe.MatchString(s)
		if want {
			matched++
		}
		if got := mathLine(s); got != want {
			t.Fatalf("mathLine(%q) = %v, mathLineRe says %v", s, got, want)
		}
	}
	for _, s := range []string{"a = b = c", "a = b\n= c", "a =\n= b", " = = ", " =  = ", "x = 1 = ", "f(x) = 2", "f(x) = 2;", "g() =",
		"x^2", "x^(2", "x^(a", "\\int", "\\intx", "\\[", "\\[ ", "α"} {
		if got, want := mathLine(s), mathLineRe.MatchString(s); got != want {
			t.Errorf("mathLine(%q) = %v, mathLineRe says %v", s, got, want)
		}
	}
	if matched < 5000 {
		t.Errorf("only %d sampled lines match; the test says little", matched)
	}
}

// quotedRef is the expression blankQuoted stands for, the reference for it.
var quotedRef = regexp.MustCompile(`"[^"]{3,}"|“[^”]{3,}”|«[^»]{3,}»|„[^“”]{3,}[“”]|「[^」]{3,}」`)

func checkBlankQuoted(t *testing.T, s string) {
	t.Helper()
	if got, want := blankQuoted(s, "_"), quotedRef.ReplaceAllLiteralString(s, "_"); got != want {
		t.Fatalf("blankQuoted(%q) = %q, the expression gives %q", s, got, want)
	}
}

func TestBlankQuoted(t *testing.T) {
	tests := []struct{ in, want string }{
		{`say "hello" to him`, "say _ to him"},
		{`say "hi" to him`, `say "hi" to him`}, // two runes between the quotes
		{`"ab" "cdef"`, `"ab" _`},              // "ab" is short; its closing quote opens " " (short too)
		{`“Dear Sir” and «bonjour» and „Hallo“ and „Moin” and 「こんにちは」`, "_ and _ and _ and _ and _"},
		{`“abc“ no closer`, `“abc“ no closer`},
		{`"é€中"`, "_"}, // runes, not bytes
		{"\"\xff\xfe\xfd\"", "_"},
		{`"unclosed`, `"unclosed`},
		{``, ``},
	}
	for _, tc := range tests {
		if got := blankQuoted(tc.in, "_"); got != tc.want {
			t.Errorf("blankQuoted(%q) = %q, want %q", tc.in, got, tc.want)
		}
		checkBlankQuoted(t, tc.in)
	}
}

// quoteAlphabet holds the pieces where blankQuoted could part from the
// expression: every opening and closing quote, runes of one to three
// bytes, invalid bytes and a lead byte cut short.
var quoteAlphabet = []string{`"`, "“", "”", "«", "»", "„", "「", "」", "a", "bc", " ", "é", "中", "\xff", "\xe2\x80", "\n", "'"}

func TestBlankQuotedAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := r.IntN(14); n > 0; n-- {
			b.WriteString(quoteAlphabet[r.IntN(len(quoteAlphabet))])
		}
		checkBlankQuoted(t, b.String())
	}
}

func FuzzBlankQuoted(f *testing.F) {
	f.Add(`say "hello" to „him“`)
	f.Add("\"\xff\xfe\"«ab»")
	f.Fuzz(func(t *testing.T, s string) { checkBlankQuoted(t, s) })
}
