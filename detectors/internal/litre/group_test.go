package litre_test

import (
	"math/rand/v2"
	"testing"

	"github.com/revtrace/revtrace/detectors/internal/litre"
	"github.com/revtrace/revtrace/detectors/internal/litre/litretest"
)

// groupAgree checks that every answer of g on s is the one its
// expression gives alone: Hits.May is MayMatch, Match is MatchTarget and
// FindAll is FindAllTargetIndex (and the plain expression's answers).
func groupAgree(t testing.TB, g *litre.Group, s string) {
	t.Helper()
	h := g.Scan(litre.NewTarget(s))
	for i := 0; i < g.Len(); i++ {
		p := g.Re(i)
		if got, want := h.May(i), p.MayMatch(litre.NewTarget(s)); got != want {
			t.Fatalf("%s: group May(%q) = %v, MayMatch says %v", p, s, got, want)
		}
		want := p.Regexp.MatchString(s)
		if got := h.Match(i); got != want {
			t.Fatalf("%s: group Match(%q) = %v, the expression says %v", p, s, got, want)
		}
		if got := h.FindAll(i); (got != nil) != want {
			t.Fatalf("%s: group FindAll(%q) = %v, the expression matches: %v", p, s, got, want)
		}
	}
}

func allExprs() []*litre.Re {
	res := make([]*litre.Re, len(exprs))
	for i, expr := range exprs {
		res[i] = litre.MustCompile(expr)
	}
	return res
}

// TestGroupAgree samples texts from every expression of the property
// tests and checks the group of all of them (plain, canonical-case,
// anchored, unfiltered, non-ASCII literals) on each, plus groups of one
// kind only.
func TestGroupAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	noise := []string{"", " ", "I ", "the ", "x", "\n", "ok, ", "We removed ", "中文", "\u212A", "ſ", "\xff", "REMOVED "}
	res := allExprs()
	groups := []*litre.Group{
		litre.NewGroup(res...),
		litre.NewGroup(res[:4]...),
		litre.NewGroup(litre.MustCompile(`(?i)\bremoved\b`), litre.MustCompile(`(?i)^sure\b`), litre.MustCompile(`(?i)ok(?:ay)?`)),
		litre.NewGroup(),
	}
	for _, p := range res {
		tree := litretest.Tree(t, p)
		for range 40 {
			s := litretest.SampleText(r, tree, noise)
			for _, g := range groups {
				groupAgree(t, g, s)
			}
		}
	}
}

// TestGroupManySets puts more literal sets in a group than one automaton
// holds (64), so that it needs several, and more than the group's automata
// hold (8 × 64 of each kind), so that the rest are checked alone.
func TestGroupManySets(t *testing.T) {
	var res []*litre.Re
	words := []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
		"kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo"}
	for i, a := range words {
		for _, b := range words {
			flags := ""
			if i%3 == 0 {
				flags = "(?i)" // canonical-case sets as well as plain ones
			}
			res = append(res, litre.MustCompile(flags+`\b`+a+`\s+\w+\s+`+b+`\b`))
		}
	}
	g := litre.NewGroup(res...)
	for _, s := range []string{"alpha x bravo", "juliet and juliet", "golf hotel india", "", "echo ECHO echo", "delta  z delta",
		"romeo and romeo", "ROMEO x QUEBEC", "papa to oscar", "Alpha x Bravo", "november rain lima"} {
		groupAgree(t, g, s)
	}
}

func FuzzGroupAgree(f *testing.F) {
	f.Add("I removed the password as you asked.")
	f.Add("please remove Bob's phone number (555-0100) and the \u212Aey")
	f.Add("Sure, here is the revised email: how can I help?")
	f.Add("entferne bitte die Straße 12, 删除 this")
	g := litre.NewGroup(allExprs()...)
	f.Fuzz(func(t *testing.T, s string) { groupAgree(t, g, s) })
}
