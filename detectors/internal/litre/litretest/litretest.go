// Package litretest helps tests check that expressions run through
// package litre give exactly the results of the plain expressions: it
// samples texts from an expression's syntax tree and compares every
// filtered method with the regexp.Regexp one on them. It is for tests
// only.
package litretest

import (
	"math/rand/v2"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/revtrace/revtrace/detectors/internal/litre"
)

// Sample writes a random text matched by re's syntax tree to b (assertions
// are ignored, so the text may not match in the end; callers check).
// Case-insensitive literals come out in random case forms, the Kelvin sign
// and the long s included.
func Sample(r *rand.Rand, re *syntax.Regexp, b *strings.Builder) {
	switch re.Op {
	case syntax.OpLiteral:
		for _, c := range re.Rune {
			if re.Flags&syntax.FoldCase != 0 {
				for n := r.IntN(4); n > 0; n-- {
					c = unicode.SimpleFold(c)
				}
			}
			b.WriteRune(c)
		}
	case syntax.OpCharClass:
		if len(re.Rune) == 0 {
			return
		}
		i := 2 * r.IntN(len(re.Rune)/2)
		lo, hi := re.Rune[i], re.Rune[i+1]
		if hi-lo > 1000 {
			hi = lo + 1000
		}
		b.WriteRune(lo + rune(r.Int64N(int64(hi-lo)+1)))
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteString([]string{"a", " ", "é", "x", ".", "中", "K", "("}[r.IntN(8)])
	case syntax.OpCapture:
		Sample(r, re.Sub[0], b)
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			Sample(r, sub, b)
		}
	case syntax.OpAlternate:
		Sample(r, re.Sub[r.IntN(len(re.Sub))], b)
	case syntax.OpQuest:
		if r.IntN(2) == 0 {
			Sample(r, re.Sub[0], b)
		}
	case syntax.OpStar, syntax.OpPlus:
		n := r.IntN(3)
		if re.Op == syntax.OpPlus {
			n++
		}
		for range n {
			Sample(r, re.Sub[0], b)
		}
	case syntax.OpRepeat:
		n := re.Min
		if re.Max > re.Min {
			n += r.IntN(min(re.Max-re.Min, 3) + 1)
		} else if re.Max < 0 {
			n += r.IntN(3)
		}
		for range n {
			Sample(r, re.Sub[0], b)
		}
	}
}

// Tree returns the syntax tree of p's expression, failing t when it does
// not parse.
func Tree(t testing.TB, p *litre.Re) *syntax.Regexp {
	t.Helper()
	tree, err := syntax.Parse(p.String(), syntax.Perl)
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// SampleText returns a text sampled from tree (see Sample) between two
// strings picked from noise (none when noise is empty).
func SampleText(r *rand.Rand, tree *syntax.Regexp, noise []string) string {
	var b strings.Builder
	if len(noise) > 0 {
		b.WriteString(noise[r.IntN(len(noise))])
	}
	Sample(r, tree, &b)
	if len(noise) > 0 {
		b.WriteString(noise[r.IntN(len(noise))])
	}
	return b.String()
}

// Sampled runs Agree on n texts sampled from p's expression (SampleText
// with noise), every second one with the bytes of trim cut from its start,
// and returns how many of them the expression matches.
func Sampled(t testing.TB, name string, p *litre.Re, r *rand.Rand, n int, noise []string, trim string) int {
	t.Helper()
	return sampled(t, Tree(t, p), r, n, noise, trim, func(s string) bool { return Agree(t, name, p, s) })
}

// SampledAlt is Sampled for an alternation run as its alternatives
// (AgreeAlt on each text).
func SampledAlt(t testing.TB, name string, a *litre.Alt, r *rand.Rand, n int, noise []string, trim string) int {
	t.Helper()
	return sampled(t, Tree(t, a.Re), r, n, noise, trim, func(s string) bool { return AgreeAlt(t, name, a, s) })
}

func sampled(t testing.TB, tree *syntax.Regexp, r *rand.Rand, n int, noise []string, trim string, agree func(string) bool) int {
	t.Helper()
	matched := 0
	for i := 0; i < n; i++ {
		s := SampleText(r, tree, noise)
		if i%2 == 0 && trim != "" {
			s = strings.TrimLeft(s, trim)
		}
		if agree(s) {
			matched++
		}
	}
	return matched
}

// AgreeAlt checks that a's MatchString and MayMatchString give on s what
// the plain expression (a.Regexp) does (MayMatchString may say more, never
// less), failing t (named by name) at the first difference. It reports
// whether the expression matches s.
func AgreeAlt(t testing.TB, name string, a *litre.Alt, s string) bool {
	t.Helper()
	want := a.Regexp.MatchString(s)
	if got := a.MatchString(s); got != want {
		t.Fatalf("%s (as %d alternatives): MatchString(%q) = %v, the expression says %v", name, a.Alternatives(), s, got, want)
	}
	if want && !a.MayMatchString(s) {
		t.Fatalf("%s: MayMatchString drops %q, which matches", name, s)
	}
	return want
}

// Agree checks that every filtered method of p gives on s what the plain
// expression (p.Regexp) does, and that the filter lets s through if the
// expression matches it, failing t (named by name) at the first
// difference. It reports whether the expression matches s.
//
// Where the expression does not match, the Find methods of both give
// nothing whatever the filter says, so they are compared only on a match
// (which keeps the check cheap enough for fuzzing).
func Agree(t testing.TB, name string, p *litre.Re, s string) bool {
	t.Helper()
	want := p.Regexp.MatchString(s)
	may := p.MayMatchString(s)
	if want && !may {
		t.Fatalf("%s: filter drops %q, which matches", name, s)
	}
	if got := p.MatchString(s); got != want {
		t.Fatalf("%s: filtered MatchString(%q) = %v, the expression says %v", name, s, got, want)
	}
	tg := litre.NewTarget(s)
	if got := p.MayMatch(tg); got != may {
		t.Fatalf("%s: MayMatch(target %q) = %v, MayMatchString says %v", name, s, got, may)
	}
	if got := p.MatchTarget(tg); got != want {
		t.Fatalf("%s: MatchTarget(%q) = %v, the expression says %v", name, s, got, want)
	}
	if !want {
		return false
	}
	if got, want := p.FindString(s), p.Regexp.FindString(s); got != want {
		t.Fatalf("%s: filtered FindString(%q) = %q, the expression says %q", name, s, got, want)
	}
	if got, want := p.FindStringIndex(s), p.Regexp.FindStringIndex(s); !slices.Equal(got, want) {
		t.Fatalf("%s: filtered FindStringIndex(%q) = %v, the expression says %v", name, s, got, want)
	}
	if got, want := p.FindStringSubmatch(s), p.Regexp.FindStringSubmatch(s); !slices.Equal(got, want) {
		t.Fatalf("%s: filtered FindStringSubmatch(%q) = %q, the expression says %q", name, s, got, want)
	}
	if got, want := p.FindAllTargetIndex(tg), p.Regexp.FindAllStringIndex(s, -1); !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("%s: FindAllTargetIndex(%q) = %v, the expression says %v", name, s, got, want)
	}
	return true
}
