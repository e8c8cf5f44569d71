package screen

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	ahocorasick "github.com/BobuSumisu/aho-corasick"
)

type occurrence struct{ end, pattern int }

// TestAutomatonAgrees checks the automaton against the Aho-Corasick
// library it stands in for: the same occurrences, in the same order.
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
		trie := ahocorasick.NewTrieBuilder().AddStrings(pats).Build()
		for j := 0; j < 10; j++ {
			text := []byte(word(r.IntN(16)))
			var got, want []occurrence
			a.walk(text, func(end, p int) { got = append(got, occurrence{end, p}) })
			trie.Walk(text, func(end, n, p int64) bool {
				want = append(want, occurrence{int(end), int(p)})
				return true
			})
			if !slices.Equal(got, want) {
				t.Fatalf("patterns %q on %q: automaton %v, library %v", pats, text, got, want)
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
	for _, ex := range s.Examples() {
		f := fold(Prose(ex.Text))
		var got, want []occurrence
		s.ac.walk(f, func(end, p int) { got = append(got, occurrence{end, p}) })
		s.trie.Walk(f, func(end, n, p int64) bool {
			want = append(want, occurrence{int(end), int(p)})
			return true
		})
		if !slices.Equal(got, want) {
			t.Fatalf("example %q: automaton %v, library %v", ex.Text, got, want)
		}
	}
}
