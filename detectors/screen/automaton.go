package screen

import "slices"

// automaton finds every occurrence of a set of patterns in a text: an
// Aho-Corasick automaton with every transition resolved, so each byte of
// text costs one table look-up (the generic library follows failure links
// byte by byte). Bytes that occur in no pattern share one class, which
// keeps the table small.
type automaton struct {
	class [256]uint8 // byte -> class (0: in no pattern)
	width int        // number of classes
	// next: row + class -> row of the next state (a state's row is its
	// number times width), with hasOut set when patterns end there.
	next []uint32
	out  [][]int32 // state -> patterns ending here (its own, then shorter suffixes)
	lens []int     // pattern -> length in bytes
}

const hasOut = 1 << 31

// newAutomaton builds the automaton of patterns (pattern i has id i). It
// returns nil when the patterns use more byte values than a class fits.
func newAutomaton(patterns []string) *automaton {
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
	// The trie, in the table itself: row st*width holds state st's goto
	// transitions (0 = none: the root, state 0, has no incoming edge).
	total := 0
	for _, p := range patterns {
		total += len(p)
	}
	next := make([]int32, a.width, a.width*(1+total/2))
	own := [][]int32{nil}
	kids := [][]int32{nil} // state -> the classes of its goto transitions
	for id, p := range patterns {
		st := 0
		for i := 0; i < len(p); i++ {
			c := int(a.class[p[i]])
			k := st*a.width + c
			if next[k] == 0 {
				next[k] = int32(len(own))
				next = append(next, make([]int32, a.width)...)
				own = append(own, nil)
				kids = append(kids, nil)
				kids[st] = append(kids[st], int32(c))
			}
			st = int(next[k])
		}
		if len(p) > 0 {
			own[st] = append(own[st], int32(id))
		}
	}
	// Breadth-first: a state's failure state comes before it, so its
	// missing transitions (its failure state's row, copied whole, the goto
	// transitions put back) and its outputs can be copied.
	a.out = make([][]int32, len(own))
	fail := make([]int32, len(own))
	queue := make([]int, 1, len(own))
	var gotos []int32
	for len(queue) > 0 {
		st := queue[0]
		queue = queue[1:]
		row := st * a.width
		cs := kids[st]
		slices.Sort(cs) // children in class order, as reading the row gives them
		if st != 0 {
			a.out[st] = append(append([]int32(nil), own[st]...), a.out[fail[st]]...)
			frow := int(fail[st]) * a.width
			gotos = gotos[:0]
			for _, c := range cs {
				child := next[row+int(c)]
				fail[child] = next[frow+int(c)]
				gotos = append(gotos, child)
			}
			copy(next[row:row+a.width], next[frow:frow+a.width])
			for k, c := range cs {
				next[row+int(c)] = gotos[k]
			}
		}
		for _, c := range cs {
			queue = append(queue, int(next[row+int(c)]))
		}
	}
	// Each state's row offset, with hasOut when patterns end there.
	enc := make([]uint32, len(own))
	for st := range enc {
		enc[st] = uint32(st * a.width)
		if len(a.out[st]) > 0 {
			enc[st] |= hasOut
		}
	}
	a.next = make([]uint32, len(next))
	for i, st := range next {
		a.next[i] = enc[st]
	}
	return a
}

// walk calls fn with the end offset (inclusive) and the id of every
// occurrence of a pattern in text, by increasing end; occurrences ending at
// the same byte come longest first.
func (a *automaton) walk(text []byte, fn func(end, pattern int)) { walkText(a, text, fn) }

// walkText is walk on the bytes of a string or a byte slice.
func walkText[T string | []byte](a *automaton, text T, fn func(end, pattern int)) {
	row := uint32(0)
	for i := 0; i < len(text); i++ {
		x := a.next[row+uint32(a.class[text[i]])]
		row = x &^ hasOut
		if x&hasOut != 0 {
			for _, p := range a.out[int(row)/a.width] {
				fn(i, int(p))
			}
		}
	}
}

// A Finder finds every occurrence of a set of strings in a text in one
// pass of the automaton the screen finds its cues with, for the phrase
// lists of other packages.
type Finder struct{ a *automaton }

// NewFinder returns the finder of patterns (pattern i has id i), or nil
// when the patterns use more byte values than the automaton holds.
func NewFinder(patterns []string) *Finder {
	a := newAutomaton(patterns)
	if a == nil {
		return nil
	}
	return &Finder{a}
}

// Each calls fn with the start and end offsets (text[start:end] is the
// pattern) and the id of every occurrence of a pattern in text, by
// increasing end; occurrences ending at the same byte come longest first.
func (f *Finder) Each(text string, fn func(start, end, pattern int)) {
	walkText(f.a, text, func(end, p int) { fn(end-f.a.lens[p]+1, end+1, p) })
}
