package revision

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestPhraseGates checks that the one automaton of all the gates holds
// every phrase each gate's families look for, under that gate's bit only
// when no other gate lists it.
func TestPhraseGates(t *testing.T) {
	if phraseGates().dfa == nil {
		t.Fatal("the phrase gates have no automaton")
	}
	for _, gl := range gateLists() {
		for _, l := range gl.lists {
			for _, p := range l {
				if phraseGateBits("x "+p+" x")&gl.bit == 0 {
					t.Errorf("gate %b misses %q", gl.bit, p)
				}
			}
		}
	}
	if got := phraseGateBits(""); got != phraseGates().always {
		t.Errorf("the empty text passes gates %b", got)
	}
}

// TestPhraseGatesAgree checks each gate's bit against a search of its own
// keys (the anyOf each gate had before they were merged) on texts made of
// keys of every gate, parts of keys and other words.
func TestPhraseGatesAgree(t *testing.T) {
	var pieces []string
	own := map[gateBits]*anyOf{}
	for _, gl := range gateLists() {
		keys := gateKeys8(gl.lists)
		own[gl.bit] = newAnyOf(keys)
		for _, k := range keys {
			pieces = append(pieces, k)
			if n := len(k) / 2; n > 0 {
				pieces = append(pieces, k[:n], k[n:]) // halves, which join into keys again or into near misses
			}
		}
	}
	pieces = append(pieces, " ", "the", "é", "中", "\xff", "please")
	r := rand.New(rand.NewPCG(15, 16))
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := r.IntN(6); n > 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		got := phraseGateBits(s)
		for bit, a := range own {
			if want := a.in(s); (got&bit != 0) != want {
				t.Fatalf("gate %b on %q: %v, its own keys say %v", bit, s, got&bit != 0, want)
			}
		}
	}
}
