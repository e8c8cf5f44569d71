package split

import (
	"math/rand/v2"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"
	"unicode"
)

func TestRequiredLiterals(t *testing.T) {
	tests := []struct {
		expr string
		want []string // nil: no literal set
	}{
		{`(?:sure|certainly)(?:$|[^\pL])`, []string{"sure", "certainly"}},
		{`\bhow (?:can|may) i (?:help|assist)`, []string{"how can i help", "how may i help", "how can i assist", "how may i assist"}},
		{`(?:note that|n\.b\.|nb\s*[:：])`, []string{"nb", "n.b.", "note that"}},
		{`colou?r`, []string{"color", "colour"}},
		{`a+b`, []string{"a"}},
		{`x.*y`, []string{"x"}},
		{`[:：]`, []string{":", "："}},
		{`(?i)hello`, []string{"HELLO"}}, // compared in canonical case
		{`.*`, nil},
		{`a|.`, nil},
		{`\pL+`, nil},
		{`\x{FFFD}`, nil}, // also matches an invalid byte
	}
	for _, tc := range tests {
		f := newLitFilter(regexp.MustCompile(tc.expr))
		var got []string
		if len(f.sets) > 0 {
			got = slices.Clone(f.sets[0].lits)
		}
		want := slices.Clone(tc.want)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("literals of %q = %q, want %q", tc.expr, got, tc.want)
		}
	}
	// An anchored expression also checks how the text starts.
	f := newLitFilter(regexp.MustCompile(`^(?:sure|certainly)\b`))
	if !f.anchored || f.may("i am sure") || !f.may("sure thing") {
		t.Errorf("anchored filter: anchored %v, may(%q) %v, may(%q) %v", f.anchored, "i am sure", f.may("i am sure"), "sure thing", f.may("sure thing"))
	}
}

// sample returns a random text matched by re's syntax tree (assertions are
// ignored, so the text may not match in the end; callers check).
func sample(r *rand.Rand, re *syntax.Regexp, b *strings.Builder) {
	switch re.Op {
	case syntax.OpLiteral:
		for _, c := range re.Rune {
			if re.Flags&syntax.FoldCase != 0 && r.IntN(2) == 0 {
				c = unicode.SimpleFold(c)
			}
			b.WriteRune(c)
		}
	case syntax.OpCharClass:
		if len(re.Rune) == 0 {
			return
		}
		i := 2 * r.IntN(len(re.Rune)/2)
		lo, hi := re.Rune[i], re.Rune[i+1]
		b.WriteRune(lo + rune(r.Int64N(int64(hi-lo)+1)))
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteString([]string{"a", " ", "é", "x", ".", "中"}[r.IntN(6)])
	case syntax.OpCapture:
		sample(r, re.Sub[0], b)
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			sample(r, sub, b)
		}
	case syntax.OpAlternate:
		sample(r, re.Sub[r.IntN(len(re.Sub))], b)
	case syntax.OpQuest:
		if r.IntN(2) == 0 {
			sample(r, re.Sub[0], b)
		}
	case syntax.OpStar, syntax.OpPlus:
		n := r.IntN(3)
		if re.Op == syntax.OpPlus {
			n++
		}
		for range n {
			sample(r, re.Sub[0], b)
		}
	case syntax.OpRepeat:
		n := re.Min
		if re.Max > re.Min {
			n += r.IntN(min(re.Max-re.Min, 3) + 1)
		} else if re.Max < 0 {
			n += r.IntN(3)
		}
		for range n {
			sample(r, re.Sub[0], b)
		}
	}
}

// allCues lists the splitter's filtered expressions.
func allCues() map[string]*litRe {
	return map[string]*litRe{
		"openRe": openRe, "openShortRe": openShortRe, "openCJKRe": openCJKRe, "assistantRe": assistantRe,
		"presentRe": presentRe, "labelRe": labelRe, "editRe": editRe, "passiveRe": passiveRe,
		"asRequestedRe": asRequestedRe, "closeRe": closeRe, "closeCJKRe": closeCJKRe, "changeLeadRe": changeLeadRe,
		"changeWordRe": changeWordRe, "codeLabelRe": codeLabelRe, "explainLabelRe": explainLabelRe, "sideCmdRe": sideCmdRe,
	}
}

// TestCuePrefiltersKeepMatches samples texts from every filtered expression
// (with noise around them) and checks that the filter never drops a text
// the expression matches.
func TestCuePrefiltersKeepMatches(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	noise := []string{"", " ", "ok, ", "the ", "x", "\n", "sure: ", "中文"}
	for name, c := range allCues() {
		if !c.filter().on {
			t.Errorf("%s has no literal filter", name)
			continue
		}
		tree, err := syntax.Parse(c.String(), syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		matched := 0
		for i := 0; i < 400; i++ {
			var b strings.Builder
			b.WriteString(noise[r.IntN(len(noise))])
			sample(r, tree, &b)
			b.WriteString(noise[r.IntN(len(noise))])
			s := b.String()
			if i%2 == 0 {
				s = strings.TrimLeft(s, " ,okx\n")
			}
			if c.Regexp.MatchString(s) {
				matched++
				if !c.filter().may(s) {
					t.Fatalf("%s: filter drops %q, which matches", name, s)
				}
			}
			if c.MatchString(s) != c.Regexp.MatchString(s) {
				t.Fatalf("%s: MatchString(%q) differs from the expression", name, s)
			}
		}
		if matched < 10 {
			t.Errorf("%s: only %d of the sampled texts match; the test says little", name, matched)
		}
	}
}

func FuzzCuePrefilters(f *testing.F) {
	f.Add("Sure, here is the revised email:")
	f.Add("Let me know if you need anything else!")
	f.Add("The password has been removed as requested.")
	f.Fuzz(func(t *testing.T, s string) {
		c := cueText(s)
		for name, re := range allCues() {
			for _, x := range []string{s, c} {
				if re.Regexp.MatchString(x) && !re.filter().may(x) {
					t.Fatalf("%s: filter drops %q, which matches", name, x)
				}
			}
		}
	})
}
