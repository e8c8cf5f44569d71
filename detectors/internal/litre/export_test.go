package litre

// Internals the tests (package litre_test) look at.

// FoldText is foldText.
var FoldText = foldText

// LiteralSets returns the literal sets of p's filter, best first.
func LiteralSets(p *Re) [][]string {
	var out [][]string
	for _, s := range p.prefilter().sets {
		out = append(out, s.lits)
	}
	return out
}

// Anchored reports whether p's filter checks how the text starts.
func Anchored(p *Re) bool { return p.prefilter().anchored }

// Folding reports whether p's filter compares in canonical case, and
// whether it reads text holding no rune that folds into ASCII without
// folding it.
func Folding(p *Re) (fold, caseless bool) {
	f := p.prefilter()
	return f.fold, f.caseless
}

// MayFolded is the filter of p (the condition of WithNeed aside) read on
// the canonical-case form of s, as a filter that folds reads a text
// holding a rune that folds into ASCII.
func MayFolded(p *Re, s string) bool { return p.prefilter().in(foldText(s)) }

// MayFilter is the filter of p (the condition of WithNeed aside) on s.
func MayFilter(p *Re, s string) bool { return p.prefilter().may(s) }

// SetStartsMin sets the text length from which the start positions are
// used, returning the previous one.
func SetStartsMin(n int) int {
	old := startsMin
	startsMin = n
	return old
}

// HasStarts reports whether p finds where its matches can start.
func HasStarts(p *Re) bool { return p.prefilter().st != nil }
