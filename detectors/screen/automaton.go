package screen

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
	for id, p := range patterns {
		st := 0
		for i := 0; i < len(p); i++ {
			k := st*a.width + int(a.class[p[i]])
			if next[k] == 0 {
				next[k] = int32(len(own))
				next = append(next, make([]int32, a.width)...)
				own = append(own, nil)
			}
			st = int(next[k])
		}
		if len(p) > 0 {
			own[st] = append(own[st], int32(id))
		}
	}
	// Breadth-first: a state's failure state comes before it, so its
	// missing transitions and its outputs can be copied; a row still holds
	// only its goto transitions when its state is reached.
	a.out = make([][]int32, len(own))
	fail := make([]int32, len(own))
	queue := make([]int, 1, len(own))
	for len(queue) > 0 {
		st := queue[0]
		queue = queue[1:]
		if st != 0 {
			a.out[st] = append(append([]int32(nil), own[st]...), a.out[fail[st]]...)
		}
		row := st * a.width
		for c := 0; c < a.width; c++ {
			child := int(next[row+c])
			if c == 0 || child == 0 {
				if st != 0 {
					next[row+c] = next[int(fail[st])*a.width+c]
				}
				continue
			}
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
