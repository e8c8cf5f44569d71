package litre

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The automaton builders as first written (a trie of one allocation per
// state, then a second table), the reference for the ones that build in
// the table itself: both must give the same tables.

func newDFARef(lits []string) *DFA {
	d := &DFA{width: 1}
	for _, l := range lits {
		for i := 0; i < len(l); i++ {
			if d.class[l[i]] == 0 {
				if d.width == 256 {
					return nil
				}
				d.class[l[i]] = uint8(d.width)
				d.width++
			}
		}
	}
	// The trie: goto transitions (0 = none; the root is state 0 and has
	// no incoming edge).
	edges := [][]uint32{make([]uint32, d.width)}
	d.accept = []bool{false}
	for _, l := range lits {
		st := 0
		for i := 0; i < len(l); i++ {
			c := d.class[l[i]]
			if edges[st][c] == 0 {
				edges = append(edges, make([]uint32, d.width))
				d.accept = append(d.accept, false)
				edges[st][c] = uint32(len(edges) - 1)
			}
			st = int(edges[st][c])
		}
		d.accept[st] = true
	}
	// Breadth-first: each state's failure state is resolved before its
	// children, so missing transitions copy the failure state's ones.
	d.next = make([]uint32, len(edges)*d.width)
	fail := make([]uint32, len(edges))
	queue := []int{0}
	for len(queue) > 0 {
		st := queue[0]
		queue = queue[1:]
		for c := 0; c < d.width; c++ {
			child := int(edges[st][c])
			if c == 0 || child == 0 {
				// no edge: go where the failure state goes
				if st != 0 {
					d.next[st*d.width+c] = d.next[int(fail[st])*d.width+c]
				}
				continue
			}
			d.next[st*d.width+c] = uint32(child)
			if st != 0 {
				fail[child] = d.next[int(fail[st])*d.width+c]
			}
			d.accept[child] = d.accept[child] || d.accept[fail[child]]
			queue = append(queue, child)
		}
	}
	// Rows: a state's number becomes its row offset; accepting states
	// loop to themselves.
	accept := make([]bool, len(d.next))
	for st := range edges {
		row := st * d.width
		accept[row] = d.accept[st]
		for c := 0; c < d.width; c++ {
			if d.accept[st] {
				d.next[row+c] = uint32(row)
			} else {
				d.next[row+c] *= uint32(d.width)
			}
		}
	}
	d.accept = accept
	return d
}

func newMaskDFARef(strs []string, masks []uint64) *MaskDFA {
	d := &MaskDFA{width: 1}
	for _, s := range strs {
		for i := 0; i < len(s); i++ {
			if d.class[s[i]] == 0 {
				if d.width == 256 {
					return nil
				}
				d.class[s[i]] = uint8(d.width)
				d.width++
			}
		}
	}
	edges := [][]uint32{make([]uint32, d.width)}
	own := []uint64{0}
	for k, s := range strs {
		st := 0
		for i := 0; i < len(s); i++ {
			c := d.class[s[i]]
			if edges[st][c] == 0 {
				edges = append(edges, make([]uint32, d.width))
				own = append(own, 0)
				edges[st][c] = uint32(len(edges) - 1)
			}
			st = int(edges[st][c])
		}
		if len(s) > 0 {
			own[st] |= masks[k]
		}
	}
	next := make([]uint32, len(edges)*d.width)
	fail := make([]uint32, len(edges))
	queue := []int{0}
	for len(queue) > 0 {
		st := queue[0]
		queue = queue[1:]
		if st != 0 {
			own[st] |= own[fail[st]]
		}
		for c := 0; c < d.width; c++ {
			child := int(edges[st][c])
			if c == 0 || child == 0 {
				if st != 0 {
					next[st*d.width+c] = next[int(fail[st])*d.width+c]
				}
				continue
			}
			next[st*d.width+c] = uint32(child)
			if st != 0 {
				fail[child] = next[int(fail[st])*d.width+c]
			}
			queue = append(queue, child)
		}
	}
	d.encode(next, own) // (the reference is for the trie and the failure links; the encoding is shared)
	return d
}

// randomLits draws a set of strings over a small alphabet (so that they
// share prefixes and suffixes and the failure links matter), some of
// them non-ASCII.
func randomLits(r *rand.Rand) []string {
	alphabet := []string{"a", "b", "ab", "c", "é", "中", "x", "\xff"}
	lits := make([]string, 1+r.IntN(12))
	for i := range lits {
		for n := 1 + r.IntN(5); n > 0; n-- {
			lits[i] += alphabet[r.IntN(len(alphabet))]
		}
	}
	return lits
}

func TestAutomataAsBefore(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < 2000; i++ {
		lits := randomLits(r)
		got, want := NewDFA(lits), newDFARef(lits)
		if got.class != want.class || got.width != want.width || !slices.Equal(got.next, want.next) || !slices.Equal(got.accept, want.accept) {
			t.Fatalf("NewDFA(%q) differs from the reference build", lits)
		}
		if i%5 == 0 {
			lits = append(lits, "") // NewMaskDFA skips empty strings
		}
		masks := make([]uint64, len(lits))
		for k := range masks {
			masks[k] = 1 << r.IntN(64)
		}
		gm, wm := NewMaskDFA(lits, masks), newMaskDFARef(lits, masks)
		if gm.class != wm.class || gm.width != wm.width || !slices.Equal(gm.next, wm.next) || !slices.Equal(gm.mask, wm.mask) {
			t.Fatalf("NewMaskDFA(%q, %v) differs from the reference build", lits, masks)
		}
	}
}
