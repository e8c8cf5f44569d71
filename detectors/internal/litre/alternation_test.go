package litre_test

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"testing"

	"github.com/revtrace/revtrace/detectors/internal/litre"
	"github.com/revtrace/revtrace/detectors/internal/litre/litretest"
)

func TestSplitAlternation(t *testing.T) {
	tests := []struct {
		expr string
		want []string // nil: not split
	}{
		{`a|b|c`, []string{"(?:a)", "(?:b)", "(?:c)"}},
		{`(?i)a|b`, []string{"(?i)(?:a)", "(?i)(?:b)"}},
		{`(?i)(?:a|b)`, []string{"(?i)(?:a)", "(?i)(?:b)"}},
		{`^(?:a|b|c)`, []string{"^(?:a)", "^(?:b)", "^(?:c)"}},
		{`\b(?:an?|the)\s+(?:mail|note)\b`, []string{`\b(?:an?)\s+(?:mail|note)\b`, `\b(?:the)\s+(?:mail|note)\b`}},
		{`x(?:a|b)y(?:c|d|e)z`, []string{"x(?:a|b)y(?:c)z", "x(?:a|b)y(?:d)z", "x(?:a|b)y(?:e)z"}}, // the group with the most
		{`(?:a|b)+`, nil}, // a quantified group does not distribute
		{`(?:a|b)?c|d`, []string{"(?:(?:a|b)?c)", "(?:d)"}},
		{`(?:a|b){2}`, nil},
		{`(a|b)c`, nil}, // capturing: left alone
		{`abc`, nil},
		{`[|]|x`, []string{"(?:[|])", "(?:x)"}},
		{`[]|]|x`, []string{"(?:[]|])", "(?:x)"}},
		{`[^]|]|x`, []string{"(?:[^]|])", "(?:x)"}},
		{`[[:alpha:]|]+|x`, []string{"(?:[[:alpha:]|]+)", "(?:x)"}},
		{`\||x`, []string{`(?:\|)`, "(?:x)"}},
		{`[\]|]|x`, []string{`(?:[\]|])`, "(?:x)"}},
		{`\p{Greek}|\x{41}|y`, []string{`(?:\p{Greek})`, `(?:\x{41})`, "(?:y)"}},
		{`(?i:a|b)|c`, []string{"(?:(?i:a|b))", "(?:c)"}},
		{`a(?i)b|c`, nil},                                         // (?i) reaches c
		{`(?:a(?i)b|c)`, nil},                                     // the same inside the group
		{`x(?i)(?:a|b)`, []string{"x(?i)(?:a)", "x(?i)(?:b)"}},    // (?i) before the group stays before each
		{`(?P<n>(a)|b)|c`, []string{"(?:(?P<n>(a)|b))", "(?:c)"}}, // a named group is not a flag group
		{`\Qa|b\E|c`, nil},
		{`a|b)`, nil},
		{`(a|b`, nil},
		{`[a|b`, nil},
	}
	for _, tc := range tests {
		got, ok := litre.SplitAlternation(tc.expr)
		if tc.want == nil {
			if ok {
				t.Errorf("SplitAlternation(%q) = %q, want no split", tc.expr, got)
			}
			continue
		}
		if !ok || !slices.Equal(got, tc.want) {
			t.Errorf("SplitAlternation(%q) = %q, %v; want %q", tc.expr, got, ok, tc.want)
		}
	}
}

// agreeAlt checks that the alternation's MatchString, MayMatchString and
// ReplaceAllString give what the whole expression does on s.
func agreeAlt(t testing.TB, a *litre.Alt, s string) bool {
	t.Helper()
	want := a.Regexp.MatchString(s)
	if got := a.MatchString(s); got != want {
		t.Fatalf("%s (as %d alternatives): MatchString(%q) = %v, the expression says %v", a, a.Alternatives(), s, got, want)
	}
	if want && !a.MayMatchString(s) {
		t.Fatalf("%s: MayMatchString drops %q, which matches", a, s)
	}
	if got, want := a.ReplaceAllString(s, "<$0>"), a.Regexp.ReplaceAllString(s, "<$0>"); got != want {
		t.Fatalf("%s: ReplaceAllString(%q) = %q, the expression says %q", a, s, got, want)
	}
	return want
}

// altExprs are alternations of the kinds the detectors run as Alt: phrase
// lists behind a head and a tail, (?i), classes with bars, anchors.
var altExprs = []string{
	`(?i)(?:\b(?:an?|the|my)\s+(?:[\w-]+\s+){0,2}(?:e-?mails?|letters?|notes? to)\b|\b(?:reply|respond)\s+to\s+(?:him|her|\p{Lu})|\bcover letter\b|邮件|письм)`,
	`(?i)\b(?:intro|body|alt) text\b|\bletters? ["“'‘]|\b(?:error|commit) (?:\w+ )?messages?\b|\b\d+[- ]?letters?\b`,
	`"[^"]{3,}"|“[^”]{3,}”|«[^»]{3,}»|„[^“”]{3,}[“”]|「[^」]{3,}」`,
	`(?i)\b(?:summar(?:y|ize|ise)|analy[sz]e|explain|table)\b|总结|摘要|zusammenfass|résum`,
	`^(?:sure|ok|yes)\b|\bthanks?\b`,
	`(?i)[^\p{L}\p{N}](?:remove|drop)\s+(?:the|that)\b|^(?:remove|drop)\b`,
}

func TestAltAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	noise := []string{"", " ", "the ", "x", "É", "\u212A", "\n", "a note ", "text ", `"`, "Reply to Ann "}
	for _, expr := range altExprs {
		a := litre.MustCompileAlt(expr)
		if a.Alternatives() < 2 {
			t.Errorf("%s runs as %d alternative, want a split", expr, a.Alternatives())
		}
		tree := litretest.Tree(t, a.Re)
		matched := 0
		for i := 0; i < 3000; i++ {
			var s string
			for k := r.IntN(3) + 1; k > 0; k-- { // sometimes several samples in one text
				s += litretest.SampleText(r, tree, noise)
			}
			if agreeAlt(t, a, s) {
				matched++
			}
		}
		if matched < 300 {
			t.Errorf("%s: only %d sampled texts match; the test says little", expr, matched)
		}
	}
}

// FuzzAlt checks the property the split stands on: when an expression
// compiles and splits, a text matches it exactly when it matches one of
// the alternatives (each of which compiles).
func FuzzAlt(f *testing.F) {
	f.Add(`a|[|b]|(?:c|d)e`, "c")
	f.Add(`(?i)x(?:a|b)y`, "XBY")
	f.Add(`[]x]|\||(?i:q)`, "Q")
	f.Add(`x(?i)y|z`, "Z")
	f.Add(`\b(?:an?|the)\s+(?:mail|note)\b`, "the note")
	f.Fuzz(func(t *testing.T, expr, text string) {
		whole, err := regexp.Compile(expr)
		if err != nil {
			return
		}
		alts, ok := litre.SplitAlternation(expr)
		if !ok {
			return
		}
		any := false
		for _, a := range alts {
			re, err := regexp.Compile(a)
			if err != nil {
				t.Fatalf("alternative %q of %q does not compile: %v", a, expr, err)
			}
			any = any || re.MatchString(text)
		}
		if want := whole.MatchString(text); any != want {
			t.Fatalf("%q on %q: alternatives %q say %v, the expression %v", expr, text, alts, any, want)
		}
		agreeAlt(t, litre.MustCompileAlt(expr), text)
	})
}
