package trace

import (
	"regexp/syntax"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// matcher finds a phrase case-insensitively, with flexible white space and
// word boundaries that work for non-ASCII letters. It reports what this
// regular expression would (see TestMatcherAgreesWithRegexp):
//
//	(?i)B? W1 [\s\-_]+ W2 ... Wn E?
//
// where the phrase's words W are matched rune by rune (any of ' ’ ʼ for an
// apostrophe, [\s\-]* for a hyphen, the rune's case-folding orbit for any
// other rune), B = (?:^|[^\p{L}\p{N}_]) when the phrase starts with a
// letter or digit outside CJK and E = (?:[^\p{L}\p{N}_]|$) when it ends with
// one. It runs as a small automaton over the text's runes (one pass, no
// backtracking, nothing compiled per phrase).
type matcher struct {
	phrase string
	steps  []step
	left   bool // steps[0] is the left boundary (also satisfied at the start of the text)
	right  bool // the last step is the right boundary (also satisfied at the end of the text)
}

// Step kinds.
const (
	stepRune     = iota // one rune of a case-folding orbit
	stepApos            // one of ' ’ ʼ
	stepHyphen          // [\s\-]*
	stepSep             // [\s\-_]+ (first rune; a stepHyphenSep follows)
	stepSepMore         // [\s\-_]* (the rest of a separator)
	stepBoundary        // one rune of [^\p{L}\p{N}_] (case-folded class)
)

type step struct {
	kind  uint8
	runes []rune // stepRune: the orbit
}

// star reports whether the step may match no rune.
func (s *step) star() bool { return s.kind == stepHyphen || s.kind == stepSepMore }

// isRESpace reports whether r is in RE2's \s class ([\t\n\f\r ]).
func isRESpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\f' || r == '\r'
}

// has reports whether the step matches rune r.
func (s *step) has(r rune) bool {
	switch s.kind {
	case stepRune:
		for _, x := range s.runes {
			if x == r {
				return true
			}
		}
		return false
	case stepApos:
		return r == '\'' || r == '’' || r == 'ʼ'
	case stepHyphen:
		return r == '-' || isRESpace(r)
	case stepSep, stepSepMore:
		return r == '-' || r == '_' || isRESpace(r)
	}
	return isBoundaryRune(r)
}

// boundaryRanges is the class [^\p{L}\p{N}_] as RE2 builds it under (?i):
// folding adds to \p{L} the non-letters whose case orbit holds a letter
// (U+0345), so they are not boundaries. It is built on first use: every
// search calls buildBoundary before reading it.
var (
	boundaryRanges []rune
	boundaryASCII  [utf8.RuneSelf]bool
	buildBoundary  = sync.OnceFunc(func() {
		re, err := syntax.Parse(`(?i)[^\p{L}\p{N}_]`, syntax.Perl)
		if err != nil || re.Op != syntax.OpCharClass {
			panic("trace: boundary class")
		}
		for r := rune(0); r < utf8.RuneSelf; r++ {
			boundaryASCII[r] = inRanges(re.Rune, r)
		}
		boundaryRanges = re.Rune
	})
)

// inRanges reports whether r lies in one of the sorted [lo, hi] pairs.
func inRanges(ranges []rune, r rune) bool {
	i := sort.Search(len(ranges)/2, func(i int) bool { return ranges[2*i+1] >= r })
	return i < len(ranges)/2 && ranges[2*i] <= r
}

// isBoundaryRune reports whether r is in boundaryRanges.
func isBoundaryRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 0 && boundaryASCII[r]
	}
	return inRanges(boundaryRanges, r)
}

// foldOrbit returns the runes that match r case-insensitively.
func foldOrbit(r rune) []rune {
	out := []rune{r}
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		out = append(out, f)
	}
	return out
}

// newMatcher returns the matcher of phrase (its white space collapsed), or
// nil for a blank phrase.
func newMatcher(phrase string) *matcher {
	phrase = strings.Join(strings.Fields(phrase), " ")
	if phrase == "" {
		return nil
	}
	m := &matcher{phrase: phrase}
	first, _ := utf8.DecodeRuneInString(phrase)
	last, _ := utf8.DecodeLastRuneInString(phrase)
	if isWordRune(first) && !isCJK(first) {
		m.left = true
		m.steps = append(m.steps, step{kind: stepBoundary})
	}
	for i, w := range strings.Fields(phrase) {
		if i > 0 {
			m.steps = append(m.steps, step{kind: stepSep}, step{kind: stepSepMore})
		}
		for _, r := range w {
			switch r {
			case '\'', '’', 'ʼ':
				m.steps = append(m.steps, step{kind: stepApos})
			case '-':
				m.steps = append(m.steps, step{kind: stepHyphen})
			default:
				m.steps = append(m.steps, step{kind: stepRune, runes: foldOrbit(r)})
			}
		}
	}
	if isWordRune(last) && !isCJK(last) {
		m.right = true
		m.steps = append(m.steps, step{kind: stepBoundary})
	}
	return m
}

// in reports whether the phrase occurs in s.
func (m *matcher) in(s string) bool {
	if m == nil {
		return false
	}
	buildBoundary()
	var buf [2][16]int
	var markBuf [32]uint32
	r := run{m: m, cur: buf[0][:0], next: buf[1][:0], gen: 1}
	if n := len(m.steps); n+1 <= len(markBuf) {
		r.mark = markBuf[:n+1]
	} else {
		r.mark = make([]uint32, n+1)
	}
	var nextBuf [4]int
	if k := m.firstRuneStep(); k >= 0 {
		r.first = m.steps[k].runes
		r.nextAt = nextBuf[:0]
		if len(r.first) > len(nextBuf) {
			r.nextAt = make([]int, 0, len(r.first))
		}
		for range r.first {
			r.nextAt = append(r.nextAt, -2) // not searched yet
		}
	}
	return r.search(s)
}

// firstRuneStep returns the index of the step every match starts with
// (after the left boundary) when it is a single rune step, else -1.
func (m *matcher) firstRuneStep() int {
	k := 0
	if m.left {
		k = 1
	}
	if k < len(m.steps) && m.steps[k].kind == stepRune {
		return k
	}
	return -1
}

// run is the state of one search: the sets of steps that threads wait on
// (a thread per possible match in progress; mark[k] == gen when k is in the
// set being built).
type run struct {
	m         *matcher
	cur, next []int
	mark      []uint32
	gen       uint32
	accept    bool
	first     []rune // the runes every match must hold first (nil: no skipping)
	nextAt    []int  // per rune of first: its next offset found (-1 none, -2 not searched)
}

// add puts step k, and the steps after it that may match no rune, in the
// set being built.
func (r *run) add(set []int, k int) []int {
	n := len(r.m.steps)
	for {
		if r.mark[k] == r.gen {
			return set
		}
		r.mark[k] = r.gen
		if k == n {
			r.accept = true
			return set
		}
		set = append(set, k)
		if !r.m.steps[k].star() {
			return set
		}
		k++
	}
}

// skipTo returns the first offset at or after from where a rune of
// r.first starts, or -1.
func (r *run) skipTo(s string, from int) int {
	best := -1
	for i, c := range r.first {
		at := r.nextAt[i]
		if at == -2 || at >= 0 && at < from {
			var k int
			if c < utf8.RuneSelf {
				k = strings.IndexByte(s[from:], byte(c))
			} else {
				k = strings.IndexRune(s[from:], c)
			}
			at = -1
			if k >= 0 {
				at = from + k
			}
			r.nextAt[i] = at
		}
		if at >= 0 && (best < 0 || at < best) {
			best = at
		}
	}
	return best
}

// search runs the automaton over s and reports whether a match ends in it.
func (r *run) search(s string) bool {
	m := r.m
	n := len(m.steps)
	for pos := 0; ; {
		if len(r.cur) == 0 && r.first != nil {
			// No match in progress: the next one starts at the next rune
			// of first (right after its boundary rune, when there is one).
			q := r.skipTo(s, pos)
			if q < 0 {
				return false
			}
			if q > pos {
				if m.left {
					_, size := utf8.DecodeLastRuneInString(s[:q])
					q -= size
				}
				pos = q
			}
		}
		// A new thread starts at every position; the left boundary is
		// also met at the start of the text.
		r.cur = r.add(r.cur, 0)
		if m.left && pos == 0 {
			r.cur = r.add(r.cur, 1)
		}
		if r.accept {
			return true
		}
		if pos >= len(s) {
			// The right boundary is also met at the end of the text.
			return m.right && r.mark[n-1] == r.gen
		}
		c, size := rune(s[pos]), 1
		if c >= utf8.RuneSelf {
			c, size = utf8.DecodeRuneInString(s[pos:])
		}
		r.gen++
		r.next = r.next[:0]
		for _, k := range r.cur {
			st := &m.steps[k]
			if !st.has(c) {
				continue
			}
			if st.star() {
				r.next = r.add(r.next, k)
			} else {
				r.next = r.add(r.next, k+1)
			}
			if r.accept {
				return true
			}
		}
		r.cur, r.next = r.next, r.cur
		pos += size
	}
}
