package litre

// Where matches can start: a faster yes/no match on long texts.
//
// An unanchored expression without a literal prefix makes the regexp
// package try every position of the text, adding the start of each of its
// alternatives at every byte: on a long text with a large (?i) alternation
// that costs a hundred steps per byte. When every match starts with one of
// a set of literals (after zero-width assertions such as \b), an automaton
// finds the positions where a literal starts, and the expression is run
// anchored there only, with the rune before the position in front of it
// (read by a leading (?s:.)) so that \b, ^ and (?m)^ see what they see in
// the whole text. A text matches the expression if and only if one of
// these anchored runs matches.

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// startsMin is the text length from which the start positions are used
// (shorter texts run the expression as it is). Even on short texts the
// anchored runs are cheaper: the backtracker the regexp package uses there
// tries every alternative at every position. A variable for the tests.
var startsMin = 0

// maxStartLits is how many start literals an expression may have.
const maxStartLits = 512

// starts finds the matches of an expression from its start literals.
type starts struct {
	fold  bool // literals are in canonical case
	ascii bool // (with fold) the literals are ASCII: texts holding no rune folding into ASCII are read as they are
	// The automaton: next[state*width+class]; out[state] >= 0 indexes ends.
	class [256]uint8
	width int
	next  []uint32
	out   []int32
	ends  [][]int // by out index: the literals (indexes into lens, back) ending at the state
	lens  []int   // by literal: its length
	back  []int   // by literal: how many runes before it a match may start
	// The anchored forms of the expression, compiled on first use (they
	// cost as much as the expression itself, and many filters never see a
	// start at 0, or any start at all):
	expr    string
	whole   *Regexp // the expression itself, should a form not compile
	at0Once sync.Once
	at0     *regexp.Regexp // \A(?:expr), for a start at 0
	ctxOnce sync.Once
	ctx     *regexp.Regexp // \A(?s:.)(?:expr), on the text from the rune before the start
}

// newStarts returns the start finder of expr, whose simplified tree is
// tree, or nil when some top-level alternative has no start literals.
func newStarts(re *Regexp, tree *syntax.Regexp, fold bool) *starts {
	expr := re.String()
	for tree.Op == syntax.OpCapture {
		tree = tree.Sub[0]
	}
	subs := []*syntax.Regexp{tree}
	if tree.Op == syntax.OpAlternate {
		subs = tree.Sub
	}
	z := newAnalyzer(fold)
	st := &starts{fold: fold, ascii: true}
	back := map[string]int{} // literal -> runes a match may start before it
	var lits []string
	for _, sub := range subs {
		ps, b := z.prefixes(sub), 0
		if !usable(ps) {
			// A short lead of known width ("(?:^|[^\pL])") before literals:
			// a match starts up to b runes before one of them.
			if ps, b = z.ledPrefixes(sub); ps == nil {
				return nil
			}
		}
		for _, p := range ps {
			if x, ok := back[p]; !ok {
				lits = append(lits, p)
				back[p] = b
			} else {
				back[p] = max(x, b)
			}
		}
		if len(lits) > maxStartLits {
			return nil
		}
	}
	// A literal that another one starts with (from as far back) adds no
	// start: keep the shortest, so that each position is tried once.
	slices.SortStableFunc(lits, func(a, b string) int { return len(a) - len(b) })
	var keep []string
	for _, p := range lits {
		if !slices.ContainsFunc(keep, func(k string) bool { return strings.HasPrefix(p, k) && back[k] >= back[p] }) {
			keep = append(keep, p)
			st.ascii = st.ascii && IsASCII(p)
		}
	}
	if len(keep[0]) < 2 {
		return nil // a single byte starts too often: each start costs a run
	}
	st.back = make([]int, len(keep))
	for i, k := range keep {
		st.back[i] = back[k]
	}
	if !st.build(keep) {
		return nil
	}
	st.expr, st.whole = expr, re
	return st
}

// maxLead is how many runes a lead before the literals may match.
const maxLead = 2

// ledPrefixes returns, for a concatenation that starts with a lead of at
// most maxLead runes (assertions, classes, short literals) followed by
// parts with known prefixes, those prefixes and the lead's largest width
// in runes; nil when there is no such split.
func (z *analyzer) ledPrefixes(re *syntax.Regexp) ([]string, int) {
	if re.Op != syntax.OpConcat {
		return nil, 0
	}
	w := 0
	for j, sub := range re.Sub[:len(re.Sub)-1] {
		n := maxRunes(sub)
		if n < 0 || w+n > maxLead {
			return nil, 0
		}
		w += n
		rest := &syntax.Regexp{Op: syntax.OpConcat, Flags: re.Flags, Sub: re.Sub[j+1:]}
		if ps := z.prefixes(rest); usable(ps) {
			return ps, w
		}
	}
	return nil, 0
}

// maxRunes returns the most runes re can match, or -1 when unbounded.
func maxRunes(re *syntax.Regexp) int {
	switch re.Op {
	case syntax.OpNoMatch, syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText,
		syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return 0
	case syntax.OpLiteral:
		return len(re.Rune)
	case syntax.OpCharClass, syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return 1
	case syntax.OpCapture, syntax.OpQuest:
		return maxRunes(re.Sub[0])
	case syntax.OpRepeat:
		n := maxRunes(re.Sub[0])
		if n < 0 || re.Max < 0 {
			return -1
		}
		return n * re.Max
	case syntax.OpConcat, syntax.OpAlternate:
		t := 0
		for _, sub := range re.Sub {
			n := maxRunes(sub)
			if n < 0 {
				return -1
			}
			if re.Op == syntax.OpConcat {
				t += n
			} else {
				t = max(t, n)
			}
		}
		return t
	}
	return -1
}

// build makes the automaton of the literals (an Aho-Corasick automaton
// with every transition resolved, reporting every literal that ends).
func (st *starts) build(lits []string) bool {
	st.width = 1
	for _, l := range lits {
		for i := 0; i < len(l); i++ {
			if st.class[l[i]] == 0 {
				if st.width == 256 {
					return false
				}
				st.class[l[i]] = uint8(st.width)
				st.width++
			}
		}
	}
	w := st.width
	edges := [][]uint32{make([]uint32, w)}
	term := [][]int{nil}
	for li, l := range lits {
		st.lens = append(st.lens, len(l))
		s := 0
		for i := 0; i < len(l); i++ {
			c := st.class[l[i]]
			if edges[s][c] == 0 {
				edges = append(edges, make([]uint32, w))
				term = append(term, nil)
				edges[s][c] = uint32(len(edges) - 1)
			}
			s = int(edges[s][c])
		}
		term[s] = append(term[s], li)
	}
	next := make([]uint32, len(edges)*w)
	fail := make([]uint32, len(edges))
	outs := make([][]int, len(edges))
	outs[0] = term[0]
	queue := []int{0}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for c := 0; c < w; c++ {
			child := int(edges[s][c])
			if c == 0 || child == 0 {
				if s != 0 {
					next[s*w+c] = next[int(fail[s])*w+c]
				}
				continue
			}
			next[s*w+c] = uint32(child)
			if s != 0 {
				fail[child] = next[int(fail[s])*w+c]
			}
			outs[child] = append(slices.Clone(term[child]), outs[fail[child]]...)
			queue = append(queue, child)
		}
	}
	st.next = next
	st.out = make([]int32, len(edges))
	for s := range edges {
		st.out[s] = -1
		if len(outs[s]) > 0 {
			st.out[s] = int32(len(st.ends))
			st.ends = append(st.ends, outs[s])
		}
	}
	if st.fold && st.ascii {
		for c := 'a'; c <= 'z'; c++ {
			st.class[c] = st.class[c-'a'+'A']
		}
	}
	return true
}

// match reports whether s matches the expression, reading the literals'
// starts off scan (s itself, or its canonical-case form with the same byte
// offsets).
func (st *starts) match(s, scan string) bool {
	w := uint32(st.width)
	state := uint32(0)
	for i := 0; i < len(scan); i++ {
		state = st.next[state*w+uint32(st.class[scan[i]])]
		o := st.out[state]
		if o < 0 {
			continue
		}
		for _, li := range st.ends[o] {
			p := i + 1 - st.lens[li]
			if st.at(s, p) {
				return true
			}
			for b := st.back[li]; b > 0 && p > 0; b-- {
				_, n := utf8.DecodeLastRuneInString(s[:p])
				if p -= n; st.at(s, p) {
					return true
				}
			}
		}
	}
	return false
}

// at reports whether the expression matches s starting at p.
// (Should a form not compile, the answer is whether s matches anywhere:
// match, which asks at every start, then answers for the whole text.)
func (st *starts) at(s string, p int) bool {
	if p == 0 {
		st.at0Once.Do(func() { st.at0, _ = regexp.Compile(`\A(?:` + st.expr + `)`) })
		if st.at0 == nil {
			return st.whole.MatchString(s)
		}
		return st.at0.MatchString(s)
	}
	st.ctxOnce.Do(func() { st.ctx, _ = regexp.Compile(`\A(?s:.)(?:` + st.expr + `)`) })
	if st.ctx == nil {
		return st.whole.MatchString(s)
	}
	_, n := utf8.DecodeLastRuneInString(s[:p])
	return st.ctx.MatchString(s[p-n:])
}

// matchTarget reports whether the text of t matches the expression, and
// ok=false when the starts cannot be read off it (its canonical-case form
// does not keep the byte offsets).
func (st *starts) matchTarget(t *Target) (matched, ok bool) {
	switch {
	case !st.fold:
		return st.match(t.s, t.s), true
	case st.ascii && !t.foldsToASCII():
		return st.match(t.s, t.s), true
	}
	f := t.fold()
	if !t.aligned {
		return false, false
	}
	return st.match(t.s, f), true
}
