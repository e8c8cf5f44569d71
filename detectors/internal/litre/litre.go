// Package litre runs regular expressions behind literal prefilters: strings
// one of which every match contains, read off the expression's syntax tree
// (as RE2's prefilters do). Text holding none of them cannot match, so the
// much slower expression need not run on it; the results are always those
// of the expression alone.
//
// Case-insensitive parts are handled by comparing in a canonical case (each
// rune mapped to the smallest rune of its case-folding orbit, which RE2's
// (?i) matching treats as equal). When the literals are ASCII, text that
// holds no rune folding into ASCII is read as it is, with a-z taken as A-Z,
// rather than folded first.
//
// A [Re] is the expression and its filter; a [Target] is a text that
// several expressions run on, folded at most once for all of them; a [DFA]
// finds whether a text holds one of a set of strings, in one pass.
package litre

import (
	"regexp"
	"sync"
	"unicode/utf8"
)

// Re is a regular expression with its literal filter, built on first use
// (so that a program that never runs the expression never pays for it). It
// is safe for concurrent use once set up.
//
// MatchString, FindString, FindStringIndex and FindStringSubmatch give the
// expression's results, skipping it on text that cannot match; the other
// methods of the embedded [Regexp] run it as it is, for use after
// [Re.MayMatch] or [Re.MayMatchString] has said the text may match.
type Re struct {
	*Regexp
	need func(string) bool // another necessary condition of a match (nil: none)
	once sync.Once
	lf   *filter // built on first use (see prefilter), unless set beforehand
}

// New returns re with its literal filter.
func New(re *regexp.Regexp) *Re { return &Re{Regexp: compiled(re)} }

// MustCompile returns expr with its literal filter, both built on first
// use (see [Regexp]): an expression that does not compile panics then, as
// regexp.MustCompile would, and [CompileAll] finds it beforehand.
func MustCompile(expr string) *Re { return &Re{Regexp: Lazy(expr)} }

// Lazily is MustCompile for an expression made at run time (a rules file's
// pattern): it is not kept for CompileAll, so it goes when its owner does,
// and the caller checks it (Regexp.Compile or CompileEach).
func Lazily(expr string) *Re { return &Re{Regexp: &Regexp{expr: expr}} }

// WithNeed sets need as another necessary condition of a match: a text for
// which need is false is taken to hold no match without the expression
// running. need must be true of every text the expression matches. It
// returns p; call it before p is used.
func (p *Re) WithNeed(need func(string) bool) *Re {
	p.need = need
	return p
}

// WithoutLiterals drops p's literal filter, leaving only the condition of
// WithNeed (if any): for an expression whose literals filter nothing. It
// returns p; call it before p is used.
func (p *Re) WithoutLiterals() *Re {
	p.lf = &filter{}
	return p
}

// Filtered reports whether p's literal filter can rule out any text (the
// condition of WithNeed aside).
func (p *Re) Filtered() bool { return p.prefilter().on }

// prefilter returns the expression's literal filter, built on first use.
func (p *Re) prefilter() *filter {
	p.once.Do(func() {
		if p.lf == nil {
			p.lf = newFilter(p.Regexp)
		}
	})
	return p.lf
}

// FirstBytes returns the bytes a text the expression matches can start
// with, or ok=false when that is not known (the expression is not anchored
// at the start of the text with known prefixes: any text may match).
func (p *Re) FirstBytes() (first [256]bool, ok bool) {
	f := p.prefilter()
	if !f.anchored {
		return first, false
	}
	for _, ps := range f.prefix {
		for _, s := range ps {
			if !f.fold {
				first[s[0]] = true
				continue
			}
			// Compared in canonical case: the text may start with any
			// rune of the first rune's case orbit.
			r, _ := utf8.DecodeRuneInString(s)
			for _, m := range orbitOf(r) {
				var buf [utf8.UTFMax]byte
				utf8.EncodeRune(buf[:], m)
				first[buf[0]] = true
			}
		}
	}
	return first, true
}

// Target is a text that several filtered expressions run on, with its
// canonical-case form computed once, on first need. A Target is not safe
// for concurrent use.
type Target struct {
	s       string
	folded  string
	done    bool
	aligned bool // folded has the byte offsets of s
	ascii   int8 // foldsToASCII(s): 0 unknown, 1 no, 2 yes
}

// NewTarget returns the target of s.
func NewTarget(s string) *Target { return &Target{s: s} }

// String returns the text.
func (t *Target) String() string { return t.s }

// foldsToASCII is foldsToASCII(t.s), computed once.
func (t *Target) foldsToASCII() bool {
	if t.ascii == 0 {
		t.ascii = 1
		if foldsToASCII(t.s) {
			t.ascii = 2
		}
	}
	return t.ascii == 2
}

// fold returns foldText(t.s), computed once.
func (t *Target) fold() string {
	if !t.done {
		t.folded, t.aligned = foldTextAligned(t.s)
		t.done = true
	}
	return t.folded
}

// MayMatch reports whether the text of t can match p: false means it
// certainly does not, true that the expression has to be run to know.
func (p *Re) MayMatch(t *Target) bool {
	if p.need != nil && !p.need(t.s) {
		return false
	}
	switch f := p.prefilter(); {
	case !f.on:
		return true
	case f.fold && f.caseless && !t.foldsToASCII():
		return f.inCaseless(t.s)
	case f.fold:
		return f.in(t.fold())
	default:
		return f.in(t.s)
	}
}

// MatchTarget is MatchString on the text of t.
func (p *Re) MatchTarget(t *Target) bool {
	if !p.MayMatch(t) {
		return false
	}
	return p.matchFiltered(t)
}

// matchFiltered is MatchTarget once the filter has passed.
func (p *Re) matchFiltered(t *Target) bool {
	if st := p.lf.st; st != nil && len(t.s) >= startsMin {
		if m, ok := st.matchTarget(t); ok {
			return m
		}
	}
	return p.Regexp.MatchString(t.s)
}

// FindAllTargetIndex is FindAllStringIndex(t.String(), -1): the index pairs
// of every match in the text of t, nil when there is none.
func (p *Re) FindAllTargetIndex(t *Target) [][]int {
	if !p.MayMatch(t) {
		return nil
	}
	return p.FindAllStringIndex(t.s, -1)
}

// MayMatchString reports whether s can match p: false means it certainly
// does not, true that the expression has to be run to know.
func (p *Re) MayMatchString(s string) bool {
	return (p.need == nil || p.need(s)) && p.prefilter().may(s)
}

// MatchString is regexp.Regexp.MatchString.
func (p *Re) MatchString(s string) bool {
	t := Target{s: s}
	return p.MatchTarget(&t)
}

// FindString is regexp.Regexp.FindString.
func (p *Re) FindString(s string) string {
	if !p.MayMatchString(s) {
		return ""
	}
	return p.Regexp.FindString(s)
}

// FindStringIndex is regexp.Regexp.FindStringIndex.
func (p *Re) FindStringIndex(s string) []int {
	if !p.MayMatchString(s) {
		return nil
	}
	return p.Regexp.FindStringIndex(s)
}

// FindStringSubmatch is regexp.Regexp.FindStringSubmatch.
func (p *Re) FindStringSubmatch(s string) []string {
	if !p.MayMatchString(s) {
		return nil
	}
	return p.Regexp.FindStringSubmatch(s)
}
