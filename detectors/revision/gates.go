package revision

import (
	"sync"

	"github.com/revtrace/revtrace/detectors/internal/litre"
)

// gateBits says which phrase gates a turn passes: each bit is whether the
// turn's text8 holds a key of that gate's lists (gateKeys8 of them), as a
// strings.Contains of each key would say.
type gateBits uint64

const (
	gate8Bit  gateBits = 1 << iota // the phrase families of rules8
	gate9Bit                       // the phrase families of rules9
	gate10Bit                      // the phrase families of rules10
	veto10Bit                      // the veto lists of rules10
	gate11Bit                      // the phrase families of rules11
	gate14Bit                      // the phrase families of rules14
)

// gateLists pairs each gate with its phrase lists.
func gateLists() []struct {
	bit   gateBits
	lists [][]string
} {
	return []struct {
		bit   gateBits
		lists [][]string
	}{{gate8Bit, gateLists8}, {gate9Bit, gateLists9}, {gate10Bit, gateLists10}, {veto10Bit, vetoLists10}, {gate11Bit, gateLists11},
		{gate14Bit, gateLists14}}
}

// phraseGates is one automaton of the keys of every gate, each key
// standing for its gate's bit, so that a turn is read once for all of
// them rather than once per gate; always holds the bits of gates with an
// empty key (which every text holds). Built on first use.
var phraseGates = sync.OnceValue(func() (g struct {
	dfa    *litre.MaskDFA
	always gateBits
}) {
	var keys []string
	var masks []uint64
	for _, gl := range gateLists() {
		for _, k := range gateKeys8(gl.lists) {
			if k == "" {
				g.always |= gl.bit
				continue
			}
			keys = append(keys, k)
			masks = append(masks, uint64(gl.bit))
		}
	}
	if g.dfa = litre.NewMaskDFA(keys, masks); g.dfa == nil {
		panic("revision: the gate keys use more byte values than an automaton fits") // TestPhraseGates
	}
	return g
})

// phraseGateBits returns the gates text passes.
func phraseGateBits(text string) gateBits {
	g := phraseGates()
	return g.always | gateBits(g.dfa.Scan(text))
}

// gates returns the gates the turn passes (one pass over text8, memoized).
func (a *analysis) gates() gateBits {
	if !a.gatesDone {
		a.gatesDone, a.gatesV = true, phraseGateBits(a.text8())
	}
	return a.gatesV
}
