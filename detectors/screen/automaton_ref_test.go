package screen

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// newAutomatonRef is newAutomaton as first written (a trie of one
// allocation per state, then a second table), the reference for the one
// that builds in the table itself: both must give the same automaton.
func newAutomatonRef(patterns []string) *automaton {
	a := &automaton{width: 1}
	for _, p := range patterns {
		a.lens = append(a.lens, len(p))
		for i := 0; i < len(p); i++ {
			if a.class[p[i]] == 0 {
				if a.width == 256 {
					return nil
				}
				a.class[p[i]] = uint8(a.width)
				a.width++
			}
		}
	}
	// The trie (0 = no edge; the root, state 0, has no incoming edge).
	edges := [][]int32{make([]int32, a.width)}
	own := [][]int32{nil}
	for id, p := range patterns {
		st := 0
		for i := 0; i < len(p); i++ {
			c := a.class[p[i]]
			if edges[st][c] == 0 {
				edges = append(edges, make([]int32, a.width))
				own = append(own, nil)
				edges[st][c] = int32(len(edges) - 1)
			}
			st = int(edges[st][c])
		}
		if len(p) > 0 {
			own[st] = append(own[st], int32(id))
		}
	}
	// Breadth-first: a state's failure state comes before it, so its
	// missing transitions and its outputs can be copied.
	next := make([]int32, len(edges)*a.width)
	a.out = make([][]int32, len(edges))
	fail := make([]int32, len(edges))
	queue := []int{0}
	for len(queue) > 0 {
		st := queue[0]
		queue = queue[1:]
		if st != 0 {
			a.out[st] = append(append([]int32(nil), own[st]...), a.out[fail[st]]...)
		}
		for c := 0; c < a.width; c++ {
			child := int(edges[st][c])
			if c == 0 || child == 0 {
				if st != 0 {
					next[st*a.width+c] = next[int(fail[st])*a.width+c]
				}
				continue
			}
			next[st*a.width+c] = int32(child)
			if st != 0 {
				fail[child] = next[int(fail[st])*a.width+c]
			}
			queue = append(queue, child)
		}
	}
	a.next = make([]uint32, len(next))
	for i, st := range next {
		a.next[i] = uint32(int(st) * a.width)
		if len(a.out[st]) > 0 {
			a.next[i] |= hasOut
		}
	}
	return a
}

func TestAutomatonAsBefore(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	alphabet := []string{"a", "b", "ab", " ", "é", "中", "x", "\xff"}
	for i := 0; i < 2000; i++ {
		pats := make([]string, 1+r.IntN(12))
		for k := range pats {
			for n := r.IntN(5); n > 0; n-- { // empty patterns too
				pats[k] += alphabet[r.IntN(len(alphabet))]
			}
		}
		got, want := newAutomaton(pats), newAutomatonRef(pats)
		if got.class != want.class || got.width != want.width || !slices.Equal(got.next, want.next) ||
			!slices.Equal(got.lens, want.lens) || !slices.EqualFunc(got.out, want.out, slices.Equal) {
			t.Fatalf("newAutomaton(%q) differs from the reference build", pats)
		}
	}
	pats := Default().patterns
	got, want := newAutomaton(pats), newAutomatonRef(pats)
	if got.class != want.class || got.width != want.width || !slices.Equal(got.next, want.next) ||
		!slices.Equal(got.lens, want.lens) || !slices.EqualFunc(got.out, want.out, slices.Equal) {
		t.Fatal("the default rules' automaton differs from the reference build")
	}
}
