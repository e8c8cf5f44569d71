package litre

import "sync"

// MaskDFA finds which of a set of strings occur in a text, as the union of
// a bit mask per string: an Aho-Corasick automaton with every transition
// resolved and each state's mask holding those of the strings ending there
// (or at a suffix of it). A transition holds the next state's row offset,
// with hasMask set when that state's mask is not zero, so that the scan
// reads the masks only where a string ends; the masks are kept by state,
// not by row, which keeps them a width-th of the table's size.
type MaskDFA struct {
	class [256]uint8 // byte -> class (0: in no string)
	width int
	recip uint64   // ceil(2^32 / width): row * recip >> 32 is the row's state
	next  []uint32 // row + class -> row of the next state (| hasMask)
	mask  []uint64 // by state
}

// hasMask marks a transition into a state whose mask is not zero.
const hasMask = 1 << 31

// encode sets d.next from the table of state numbers states (row +
// class -> state) and d.mask from own (by state), and d.recip from d.width.
func (d *MaskDFA) encode(states []uint32, own []uint64) {
	d.recip = (1<<32 + uint64(d.width) - 1) / uint64(d.width)
	d.next = make([]uint32, len(states))
	for i, st := range states {
		d.next[i] = st * uint32(d.width)
		if own[st] != 0 {
			d.next[i] |= hasMask
		}
	}
	d.mask = own
}

// state returns the state number of a row offset.
func (d *MaskDFA) state(row uint32) uint32 { return uint32(uint64(row) * d.recip >> 32) }

// NewMaskDFA builds the automaton of strs, strs[i] standing for masks[i];
// nil when the strings use more byte values than a class fits, or make a
// table too large for a row offset beside the hasMask bit.
func NewMaskDFA(strs []string, masks []uint64) *MaskDFA {
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
	// The trie, in the table itself (as NewDFA builds it).
	next := make([]uint32, d.width, d.width*(1+totalLen(strs)/2))
	own := []uint64{0}
	for k, s := range strs {
		st := 0
		for i := 0; i < len(s); i++ {
			j := st*d.width + int(d.class[s[i]])
			if next[j] == 0 {
				next[j] = uint32(len(own))
				next = append(next, make([]uint32, d.width)...)
				own = append(own, 0)
			}
			st = int(next[j])
		}
		if len(s) > 0 {
			own[st] |= masks[k]
		}
	}
	fail := make([]uint32, len(own))
	queue := make([]int, 1, len(own))
	for len(queue) > 0 {
		st := queue[0]
		queue = queue[1:]
		if st != 0 {
			own[st] |= own[fail[st]]
		}
		row := st * d.width
		for c := 0; c < d.width; c++ {
			child := int(next[row+c])
			if c == 0 || child == 0 {
				if st != 0 {
					next[row+c] = next[int(fail[st])*d.width+c]
				}
				continue
			}
			if st != 0 {
				fail[child] = next[int(fail[st])*d.width+c]
			}
			queue = append(queue, child)
		}
	}
	if uint64(len(next)) >= hasMask {
		return nil
	}
	d.encode(next, own)
	return d
}

// Scan returns the union of the masks of the strings s holds.
func (d *MaskDFA) Scan(s string) uint64 {
	var m uint64
	row := uint32(0)
	for i := 0; i < len(s); i++ {
		x := d.next[row+uint32(d.class[s[i]])]
		row = x &^ hasMask
		if x&hasMask != 0 {
			m |= d.mask[d.state(row)]
		}
	}
	return m
}

// Loosened returns a copy of d that reads the bytes in skip as if they were
// not there and, from the first byte in poison on, answers every mask bit
// (a text it cannot vouch for may hold anything). A gate built this way
// never reports less than d would on the text with the skipped bytes
// removed, provided no string of d holds a byte of skip. The copy keeps d's
// classes otherwise (call CaselessASCII and the like on d first); nil when
// the two extra classes do not fit.
func (d *MaskDFA) Loosened(skip, poison *[256]bool) *MaskDFA {
	if d.width+2 > 256 {
		return nil
	}
	w := d.width + 2
	states := len(d.next) / d.width
	l := &MaskDFA{class: d.class, width: w}
	skipC, poisonC := uint8(d.width), uint8(d.width+1)
	for c := range 256 {
		switch {
		case poison[c]:
			l.class[c] = poisonC
		case skip[c]:
			l.class[c] = skipC
		}
	}
	dead := uint32(states) // the poisoned state
	next := make([]uint32, (states+1)*w)
	own := make([]uint64, states+1)
	for st := range states {
		row, old := st*w, st*d.width
		for c := range d.width {
			next[row+c] = d.state(d.next[old+c] &^ hasMask)
		}
		next[row+int(skipC)] = uint32(st)
		next[row+int(poisonC)] = dead
		own[st] = d.mask[st]
	}
	for c := range w {
		next[int(dead)*w+c] = dead
	}
	own[dead] = ^uint64(0)
	l.encode(next, own)
	return l
}

// CaselessASCII makes the automaton read the ASCII letters A-Z as a-z, so
// that lower-case strings are found in text of any ASCII case. Call it
// before the automaton is used, not concurrently with Scan.
func (d *MaskDFA) CaselessASCII() {
	for c := 'A'; c <= 'Z'; c++ {
		d.class[c] = d.class[c-'A'+'a']
	}
}

// lowerAsUpper makes the automaton read the ASCII letters a-z as A-Z (for
// strings in canonical case).
func (d *MaskDFA) lowerAsUpper() {
	for c := 'a'; c <= 'z'; c++ {
		d.class[c] = d.class[c-'a'+'A']
	}
}

// A Group checks the literal filters of several expressions on one text in
// a single pass: the literal sets of all of them go into one automaton per
// way of reading the text (as it is, or in canonical case), which reports
// every set the text holds. Checking k expressions' filters one by one reads
// the text up to 3k times; [Group.Scan] reads it once or twice. The answers
// are those of [Re.MayMatch] on each expression.
//
// A Group is safe for concurrent use; build it once (at package level).
type Group struct {
	res  []*Re
	once sync.Once
	// by expression: which automaton holds its sets (-1: check it alone
	// with MayMatch) and the bits all of which must be set
	dfa  []int
	bits []uint64
	// automata: those reading the text as it is, then those reading it in
	// canonical case
	dfas  []*MaskDFA
	folds []bool // by automaton: reads canonical case
	// caseless: every canonical-case literal is ASCII, so a text holding
	// no rune that folds into ASCII is read as it is (a-z read as A-Z)
	caseless bool
}

// maxGroupDFAs bounds the automata of a group (and the size of Hits); the
// expressions whose sets do not fit are checked alone (MayMatch).
const maxGroupDFAs = 8

// foldKeys separates, while a group is built, the keys of its
// canonical-case automata from those of its plain ones.
const foldKeys = 1 << 20

// NewGroup returns the group of res; [Hits.May](i) answers for res[i].
func NewGroup(res ...*Re) *Group { return &Group{res: res} }

// Len returns the number of expressions in the group.
func (g *Group) Len() int { return len(g.res) }

// Re returns the i-th expression.
func (g *Group) Re(i int) *Re { return g.res[i] }

func (g *Group) build() {
	g.dfa = make([]int, len(g.res))
	g.bits = make([]uint64, len(g.res))
	type pending struct {
		lits  []string
		masks []uint64
		used  int // bits used
	}
	var plain, folded []*pending
	g.caseless = true
	for i, p := range g.res {
		f := p.prefilter()
		g.dfa[i] = -1
		if !f.on || len(f.sets) == 0 {
			// nothing to scan for: MayMatch is cheap (need, prefixes)
			continue
		}
		list := &plain
		if f.fold {
			list = &folded
		}
		n := len(*list)
		if n == 0 || (*list)[n-1].used+len(f.sets) > 64 {
			*list = append(*list, &pending{})
			n++
		}
		pd := (*list)[n-1]
		var need uint64
		for _, set := range f.sets {
			bit := uint64(1) << pd.used
			pd.used++
			need |= bit
			for _, l := range set.lits {
				pd.lits = append(pd.lits, l)
				pd.masks = append(pd.masks, bit)
				if f.fold && !IsASCII(l) {
					g.caseless = false
				}
			}
		}
		g.bits[i] = need
		// the automaton's index is fixed below; record the list position
		if f.fold {
			g.dfa[i] = foldKeys + n - 1
		} else {
			g.dfa[i] = n - 1
		}
	}
	index := map[int]int{}
	add := func(pds []*pending, base int, fold bool) {
		for k, pd := range pds {
			d := NewMaskDFA(pd.lits, pd.masks)
			if d == nil || len(g.dfas) == maxGroupDFAs {
				index[base+k] = -1
				continue
			}
			if fold {
				d.lowerAsUpper()
			}
			index[base+k] = len(g.dfas)
			g.dfas = append(g.dfas, d)
			g.folds = append(g.folds, fold)
		}
	}
	add(plain, 0, false)
	add(folded, foldKeys, true)
	for i, k := range g.dfa {
		if k >= 0 {
			g.dfa[i] = index[k]
		}
	}
}

// Hits is the result of [Group.Scan] on one text.
type Hits struct {
	g *Group
	t *Target
	m [maxGroupDFAs]uint64
}

// Scan reads the text of t once (twice when the group has expressions of
// both kinds) and returns what its literal sets hold.
func (g *Group) Scan(t *Target) Hits {
	g.once.Do(g.build)
	h := Hits{g: g, t: t}
	for k, d := range g.dfas {
		switch {
		case !g.folds[k]:
			h.m[k] = d.Scan(t.s)
		case g.caseless && !t.foldsToASCII():
			h.m[k] = d.Scan(t.s)
		default:
			h.m[k] = d.Scan(t.fold())
		}
	}
	return h
}

// May reports whether the text can match the group's i-th expression: it
// is [Re.MayMatch] of that expression on the scanned target.
func (h *Hits) May(i int) bool {
	g := h.g
	k := g.dfa[i]
	p := g.res[i]
	if k < 0 {
		return p.MayMatch(h.t)
	}
	if h.m[k]&g.bits[i] != g.bits[i] {
		return false
	}
	if p.need != nil && !p.need(h.t.s) {
		return false
	}
	f := p.lf
	if !f.anchored {
		return true
	}
	// the sets hold; the prefixes are checked as MayMatch does
	if f.fold && f.caseless && !h.t.foldsToASCII() {
		return f.prefixCaseless(h.t.s)
	}
	if f.fold {
		return f.prefixIn(h.t.fold())
	}
	return f.prefixIn(h.t.s)
}

// Match is [Re.MatchTarget] of the group's i-th expression.
func (h *Hits) Match(i int) bool {
	if !h.May(i) {
		return false
	}
	return h.g.res[i].matchFiltered(h.t)
}

// FindAll is [Re.FindAllTargetIndex] of the group's i-th expression.
func (h *Hits) FindAll(i int) [][]int {
	if !h.May(i) {
		return nil
	}
	return h.g.res[i].FindAllStringIndex(h.t.s, -1)
}

// Literals reports whether the text holds a string of each literal set of
// the group's i-th expression, leaving out its other conditions (anchored
// prefixes, WithNeed). Unlike May, its answer carries over to substrings:
// false means that no substring of the text (no sentence of a line, say)
// can match the expression.
func (h *Hits) Literals(i int) bool {
	g := h.g
	if k := g.dfa[i]; k >= 0 {
		return h.m[k]&g.bits[i] == g.bits[i]
	}
	f := g.res[i].prefilter()
	if len(f.sets) == 0 {
		return true
	}
	text := h.t.s
	if f.fold {
		text = h.t.fold()
	}
	for j := range f.sets {
		if !f.sets[j].in(text) {
			return false
		}
	}
	return true
}
