package deliverable

import (
	"regexp"
	"slices"
	"testing"
)

func TestTopAlternatives(t *testing.T) {
	tests := []struct {
		expr string
		want []string // nil: refused
	}{
		{`^(?:a|b|c)`, []string{"a", "b", "c"}},
		{`^(?:abc)`, []string{"abc"}},
		{`^(?:)`, []string{""}},
		{`^(?:a(?:b|c)|d)`, []string{"a(?:b|c)", "d"}},
		{`^(?:[|]|x)`, []string{"[|]", "x"}},
		{`^(?:[]|]|x)`, []string{"[]|]", "x"}},
		{`^(?:[^]|]|x)`, []string{"[^]|]", "x"}},
		{`^(?:[[:alpha:]|]+|x)`, []string{"[[:alpha:]|]+", "x"}},
		{`^(?:\||x)`, []string{`\|`, "x"}},
		{`^(?:[\]|]|x)`, []string{`[\]|]`, "x"}},
		{`^(?:\(|\))`, []string{`\(`, `\)`}},
		{`^(?:\p{Greek}|\x{41}|y)`, []string{`\p{Greek}`, `\x{41}`, "y"}},
		{`^(?:(?i:a|b)|c)`, []string{"(?i:a|b)", "c"}},
		{`^(?:a(?i)b|c)`, nil},                               // (?i) reaches c
		{`^(?:(?:(?i)a|b)|c)`, []string{"(?:(?i)a|b)", "c"}}, // (?i) stays in its group
		{`^(?:\Qa|b\E|c)`, nil},
		{`(?:a|b)`, nil},
		{`^(?:a|b`, nil},
		{`^(?:a|b))`, nil},
		{`^(?:[a|b)`, nil},
	}
	for _, tc := range tests {
		got, err := topAlternatives(tc.expr)
		if tc.want == nil {
			if err == nil {
				t.Errorf("topAlternatives(%q) = %q, want an error", tc.expr, got)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("topAlternatives(%q) = %q, %v; want %q", tc.expr, got, err, tc.want)
		}
	}
}

// FuzzTopAlternatives checks the property the split stands on: when the
// alternation compiles and splits, a text matches it exactly when it
// matches one of the alternatives.
func FuzzTopAlternatives(f *testing.F) {
	f.Add(`a|[|b]|(?:c|d)e`, "c")
	f.Add(`[]x]|\||(?i:q)`, "Q")
	f.Add(`x(?i)y|z`, "Z")
	f.Fuzz(func(t *testing.T, body, text string) {
		expr := `^(?:` + body + `)`
		whole, err := regexp.Compile(expr)
		if err != nil {
			return
		}
		alts, err := topAlternatives(expr)
		if err != nil {
			return
		}
		any := false
		for _, a := range alts {
			re, err := regexp.Compile(`^(?:` + a + `)`)
			if err != nil {
				t.Fatalf("alternative %q of %q does not compile: %v", a, expr, err)
			}
			any = any || re.MatchString(text)
		}
		if want := whole.MatchString(text); any != want {
			t.Fatalf("%q on %q: alternatives %q say %v, the expression %v", expr, text, alts, any, want)
		}
	})
}
