package litre

// DFA finds whether a text holds one of a set of strings: an
// Aho-Corasick automaton with every transition resolved (one table look-up
// per byte of text). Bytes that occur in no string share one class, which
// keeps the table small. States are numbered by their row's offset in the
// table, and a state where a string ends keeps to itself, so the scan
// needs no test per byte.
type DFA struct {
	class  [256]uint8 // byte -> class (0: in no string)
	width  int        // number of classes
	next   []uint32   // row + class -> row of the next state
	accept []bool     // by row: a string ends at this state (or at a suffix of it)
}

// NewDFA builds the automaton of lits, none of which may be empty; it
// returns nil when they use more than 255 distinct byte values (more than
// the classes fit).
func NewDFA(lits []string) *DFA {
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
	// The trie, in the table itself: row st*width holds state st's goto
	// transitions (0 = none: the root is state 0 and has no incoming edge).
	next := make([]uint32, d.width, d.width*(1+totalLen(lits)/2))
	d.accept = []bool{false}
	for _, l := range lits {
		st := 0
		for i := 0; i < len(l); i++ {
			k := st*d.width + int(d.class[l[i]])
			if next[k] == 0 {
				next[k] = uint32(len(d.accept))
				next = append(next, make([]uint32, d.width)...)
				d.accept = append(d.accept, false)
			}
			st = int(next[k])
		}
		d.accept[st] = true
	}
	// Breadth-first: each state's failure state is resolved before its
	// children, so missing transitions copy the failure state's ones. A
	// row still holds only its goto transitions when its state is reached.
	d.next = next
	fail := make([]uint32, len(d.accept))
	queue := make([]int, 1, len(d.accept))
	for len(queue) > 0 {
		st := queue[0]
		queue = queue[1:]
		row := st * d.width
		for c := 0; c < d.width; c++ {
			child := int(d.next[row+c])
			if c == 0 || child == 0 {
				// no edge: go where the failure state goes
				if st != 0 {
					d.next[row+c] = d.next[int(fail[st])*d.width+c]
				}
				continue
			}
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
	for st := range len(d.accept) {
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

// totalLen is the sum of the lengths of strs (an upper bound on the
// states of their trie, less the root).
func totalLen(strs []string) int {
	n := 0
	for _, s := range strs {
		n += len(s)
	}
	return n
}

// In reports whether s holds one of the automaton's strings.
func (d *DFA) In(s string) bool {
	row := uint32(0)
	for len(s) >= 16 {
		// Test for an accepting state once per block of bytes.
		for _, c := range []byte(s[:16]) {
			row = d.next[row+uint32(d.class[c])]
		}
		if d.accept[row] {
			return true
		}
		s = s[16:]
	}
	for i := 0; i < len(s); i++ {
		row = d.next[row+uint32(d.class[s[i]])]
	}
	return d.accept[row]
}

// lowerAsUpper makes the automaton read the ASCII letters a-z as A-Z (for
// strings in canonical case).
func (d *DFA) lowerAsUpper() {
	for c := 'a'; c <= 'z'; c++ {
		d.class[c] = d.class[c-'a'+'A']
	}
}

// CaselessASCII makes the automaton read the ASCII letters A-Z as a-z, so
// that lower-case strings are found in text of any ASCII case. Call it
// before the automaton is used, not concurrently with In.
func (d *DFA) CaselessASCII() {
	for c := 'A'; c <= 'Z'; c++ {
		d.class[c] = d.class[c-'A'+'a']
	}
}
