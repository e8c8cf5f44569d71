package litre

import (
	"regexp/syntax"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// filter holds what every match of one expression holds.
type filter struct {
	on   bool // false: nothing is known, every text may match
	fold bool // literals and texts are compared in canonical case
	// anchored: every match starts the text, with one of the strings
	// of prefix (indexed by first byte).
	anchored bool
	prefix   [][]string
	sets     []litSet // every match holds a string of each set
	// st finds where matches can start, for MatchString on long texts
	// (nil: run the expression as it is).
	st *starts
	// caseless (with fold): the literals are ASCII and the automata read
	// a-z as A-Z, so a text holding no rune that folds into ASCII (see
	// foldsToASCII) is read as it is, without foldText.
	caseless bool
}

// litSet is a set of strings, with an automaton that finds them when they
// are many.
type litSet struct {
	lits []string
	dfa  *DFA
}

// maxSets is how many literal sets a filter checks at most.
const maxSets = 3

// newLitSet builds the set of lits; caseless builds its automaton reading
// a-z as A-Z (for strings in canonical case).
func newLitSet(lits []string, caseless bool) litSet {
	// A literal containing another one adds nothing.
	lits = slices.Clone(lits)
	slices.SortFunc(lits, func(a, b string) int { return len(a) - len(b) })
	var set litSet
	for _, l := range lits {
		if !slices.ContainsFunc(set.lits, func(k string) bool { return strings.Contains(l, k) }) {
			set.lits = append(set.lits, l)
		}
	}
	if len(set.lits) >= dfaMin || caseless {
		set.dfa = NewDFA(set.lits)
		if caseless && set.dfa != nil {
			set.dfa.lowerAsUpper()
		}
	}
	return set
}

// in reports whether s holds one of the strings.
func (l *litSet) in(s string) bool {
	if l.dfa != nil {
		return l.dfa.In(s)
	}
	for _, x := range l.lits {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}

// dfaMin is the number of literals from which the automaton finds them
// faster than one substring search each.
const dfaMin = 4

// newFilter builds the filter of re.
func newFilter(re *Regexp) *filter {
	f := &filter{}
	tree, err := syntax.Parse(re.String(), syntax.Perl)
	if err != nil {
		return f
	}
	tree = tree.Simplify()
	f.fold = hasFoldCase(tree)
	z := newAnalyzer(f.fold)
	if anchoredStart(tree) {
		if ps := z.prefixes(tree); usable(ps) {
			f.anchored = true
			f.prefix = make([][]string, 256)
			for _, p := range ps {
				f.prefix[p[0]] = append(f.prefix[p[0]], p)
			}
		}
	}
	reqs := z.requirements(tree)
	if f.fold {
		f.caseless = true
		for _, set := range append(slices.Clone(reqs), f.prefixList()) {
			for _, l := range set {
				f.caseless = f.caseless && IsASCII(l)
			}
		}
	}
	for _, lits := range reqs {
		f.sets = append(f.sets, newLitSet(lits, f.caseless))
		if f.caseless && f.sets[len(f.sets)-1].dfa == nil {
			f.caseless = false // too many byte values: read folded text
		}
	}
	f.on = f.anchored || len(f.sets) > 0
	if !anchoredStart(tree) && !hasLiteralPrefix(tree) {
		f.st = newStarts(re, tree, f.fold)
	}
	return f
}

// prefixList returns the anchored prefixes.
func (f *filter) prefixList() []string {
	var out []string
	for _, ps := range f.prefix {
		out = append(out, ps...)
	}
	return out
}

// IsASCII reports whether s holds only ASCII bytes.
func IsASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// anchoredStart reports whether every match of re starts at the start of
// the text.
func anchoredStart(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpBeginText:
		return true
	case syntax.OpConcat, syntax.OpCapture:
		return len(re.Sub) > 0 && anchoredStart(re.Sub[0])
	case syntax.OpAlternate:
		for _, sub := range re.Sub {
			if !anchoredStart(sub) {
				return false
			}
		}
		return true
	}
	return false
}

// hasLiteralPrefix reports whether the program of the simplified tree re
// starts with a literal rune: whether re.LiteralPrefix() of an expression
// not anchored at its start is not empty (regexp's prog.Prefix, which
// skips captures and no-ops), found without compiling the expression.
func hasLiteralPrefix(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpLiteral:
		if len(re.Rune) == 0 {
			return false
		}
		// (a rune that folds to no other is compiled without FoldCase)
		r := re.Rune[0]
		return r != utf8.RuneError && (re.Flags&syntax.FoldCase == 0 || unicode.SimpleFold(r) == r)
	case syntax.OpCapture, syntax.OpPlus:
		return hasLiteralPrefix(re.Sub[0])
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			if sub.Op != syntax.OpEmptyMatch {
				return hasLiteralPrefix(sub)
			}
		}
	}
	return false
}

// may reports whether text can match.
func (f *filter) may(text string) bool {
	switch {
	case !f.on:
		return true
	case f.fold && f.caseless && !foldsToASCII(text):
		return f.inCaseless(text)
	case f.fold:
		return f.in(foldText(text))
	}
	return f.in(text)
}

// inCaseless is in on the text itself rather than its foldText (when
// f.caseless and the text holds no rune folding into ASCII): ASCII letters
// compare without case, every other byte is in no literal either way.
func (f *filter) inCaseless(s string) bool {
	if f.anchored && !f.prefixCaseless(s) {
		return false
	}
	for i := range f.sets {
		if !f.sets[i].dfa.In(s) {
			return false
		}
	}
	return true
}

// hasPrefixUpper reports whether s starts with the ASCII string p, letters
// of s taken in upper case.
func hasPrefixUpper(s, p string) bool {
	if len(s) < len(p) {
		return false
	}
	for i := 0; i < len(p); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		if c != p[i] {
			return false
		}
	}
	return true
}

// in reports whether s can match; s is the text, or its foldText when
// f.fold.
func (f *filter) in(s string) bool {
	if f.anchored && !f.prefixIn(s) {
		return false
	}
	for i := range f.sets {
		if !f.sets[i].in(s) {
			return false
		}
	}
	return true
}

// prefixIn reports whether s starts with one of the anchored prefixes.
func (f *filter) prefixIn(s string) bool {
	return s != "" && slices.ContainsFunc(f.prefix[s[0]], func(p string) bool { return strings.HasPrefix(s, p) })
}

// prefixCaseless is prefixIn on text read with a-z as A-Z (see inCaseless).
func (f *filter) prefixCaseless(s string) bool {
	if s == "" {
		return false
	}
	first := s[0]
	if 'a' <= first && first <= 'z' {
		first -= 'a' - 'A'
	}
	return slices.ContainsFunc(f.prefix[first], func(p string) bool { return hasPrefixUpper(s, p) })
}
