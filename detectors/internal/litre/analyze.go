package litre

// Reading literal sets off an expression's syntax tree.

import (
	"regexp/syntax"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// hasFoldCase reports whether a part of re is case-insensitive.
func hasFoldCase(re *syntax.Regexp) bool {
	if re.Flags&syntax.FoldCase != 0 {
		return true
	}
	return slices.ContainsFunc(re.Sub, hasFoldCase)
}

// Limits of the literal sets (beyond them a node gives no literals).
const (
	maxExact   = 256 // strings in a set of exact texts
	maxClass   = 10  // distinct runes of a character class taken as literals (\d)
	maxLiteral = 64  // bytes of one literal
)

// literalRune returns how a literal rune is compared (canonical when
// folding), or ok=false for a rune that may match what its encoding does
// not show: U+FFFD also matches an invalid byte, and a cased rune under
// (?i) matches its other cases (unless compared folded).
func literalRune(r rune, foldCase, fold bool) (rune, bool) {
	if r == utf8.RuneError || !utf8.ValidRune(r) {
		return 0, false
	}
	if fold {
		return canonRune(r), true
	}
	if foldCase && unicode.SimpleFold(r) != r {
		return 0, false
	}
	return r, true
}

// analyzer reads literal sets off a syntax tree, comparing in canonical
// case when fold; it remembers each node's exact texts.
type analyzer struct {
	fold bool
	memo map[*syntax.Regexp]exactResult
}

type exactResult struct {
	set []string
	ok  bool
}

func newAnalyzer(fold bool) *analyzer {
	return &analyzer{fold: fold, memo: map[*syntax.Regexp]exactResult{}}
}

// exact returns the finite set of texts re can match (assertions match the
// empty text), or ok=false when it is not small and known.
func (z *analyzer) exact(re *syntax.Regexp) (set []string, ok bool) {
	if r, done := z.memo[re]; done {
		return r.set, r.ok
	}
	set, ok = z.exactOf(re)
	z.memo[re] = exactResult{set, ok}
	return set, ok
}

// exactOf computes exact.
func (z *analyzer) exactOf(re *syntax.Regexp) (set []string, ok bool) {
	switch re.Op {
	case syntax.OpNoMatch:
		return []string{}, true
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return []string{""}, true
	case syntax.OpLiteral:
		var b strings.Builder
		for _, r := range re.Rune {
			c, ok := literalRune(r, re.Flags&syntax.FoldCase != 0, z.fold)
			if !ok {
				return nil, false
			}
			b.WriteRune(c)
		}
		return []string{b.String()}, true
	case syntax.OpCharClass:
		// The class's ranges already hold the case variants (?i) adds.
		var out []string
		for i := 0; i+1 < len(re.Rune); i += 2 {
			lo, hi := re.Rune[i], re.Rune[i+1]
			if hi-lo >= 8*maxClass {
				return nil, false
			}
			for r := lo; r <= hi; r++ {
				if r >= 0xD800 && r <= 0xDFFF {
					continue // a surrogate never decodes from text
				}
				c, ok := literalRune(r, false, z.fold)
				if !ok {
					return nil, false
				}
				out = appendUnique(out, string(c))
				if len(out) > maxClass {
					return nil, false
				}
			}
		}
		return out, true
	case syntax.OpCapture:
		return z.exact(re.Sub[0])
	case syntax.OpQuest:
		set, ok := z.exact(re.Sub[0])
		if !ok {
			return nil, false
		}
		return appendUnique(slices.Clone(set), ""), true
	case syntax.OpConcat:
		set := []string{""}
		for _, sub := range re.Sub {
			s, ok := z.exact(sub)
			if !ok {
				return nil, false
			}
			if set, ok = product(set, s); !ok {
				return nil, false
			}
		}
		return set, true
	case syntax.OpAlternate:
		var set []string
		for _, sub := range re.Sub {
			s, ok := z.exact(sub)
			if !ok {
				return nil, false
			}
			for _, x := range s {
				set = appendUnique(set, x)
			}
			if len(set) > maxExact {
				return nil, false
			}
		}
		return set, true
	}
	return nil, false
}

// product returns every a+b, or ok=false when the set grows too large.
func product(a, b []string) ([]string, bool) {
	if len(a)*len(b) > maxExact {
		return nil, false
	}
	var out []string
	seen := make(map[string]bool, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			if len(x)+len(y) > maxLiteral {
				return nil, false
			}
			if xy := x + y; !seen[xy] {
				seen[xy] = true
				out = append(out, xy)
			}
		}
	}
	return out, true
}

// appendUnique appends x to set unless it is there.
func appendUnique(set []string, x string) []string {
	if slices.Contains(set, x) {
		return set
	}
	return append(set, x)
}

// usable reports whether a literal set can serve as a requirement (a set
// holding "" requires nothing; an empty set belongs to an expression that
// matches nothing, left unfiltered).
func usable(set []string) bool {
	return len(set) > 0 && !slices.Contains(set, "")
}

// betterLits reports whether literal set a filters better than b: its
// shortest string is longer, or as long with fewer strings.
func betterLits(a, b []string) bool {
	if b == nil {
		return true
	}
	ma, mb := minLen(a), minLen(b)
	if ma != mb {
		return ma > mb
	}
	return len(a) < len(b)
}

// minLen returns the length of the shortest string of set (-1 when empty).
func minLen(set []string) int {
	m := -1
	for _, s := range set {
		if m < 0 || len(s) < m {
			m = len(s)
		}
	}
	return m
}

// required returns non-empty strings one of which every match of re holds,
// or nil.
func (z *analyzer) required(re *syntax.Regexp) []string {
	if set, ok := z.exact(re); ok {
		if usable(set) {
			return set
		}
		return nil
	}
	switch re.Op {
	case syntax.OpCapture, syntax.OpPlus:
		return z.required(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return z.required(re.Sub[0])
		}
	case syntax.OpAlternate:
		var set []string
		for _, sub := range re.Sub {
			s := z.required(sub)
			if s == nil {
				return nil
			}
			for _, x := range s {
				set = appendUnique(set, x)
			}
		}
		return set
	case syntax.OpConcat:
		var best []string
		for _, set := range z.concatCandidates(re) {
			if betterLits(set, best) {
				best = set
			}
		}
		return best
	}
	return nil
}

// concatCandidates returns literal sets that every match of the
// concatenation re holds (each of them): what each part requires, and the
// texts of each run of consecutive parts with known exact texts, joined
// (with how the next part starts).
func (z *analyzer) concatCandidates(re *syntax.Regexp) [][]string {
	var out [][]string
	consider := func(set []string) {
		if usable(set) {
			out = append(out, set)
		}
	}
	run := []string{""}
	for _, sub := range re.Sub {
		if s, ok := z.exact(sub); ok {
			if p, ok := product(run, s); ok {
				run = p
			} else {
				consider(run)
				run = s
			}
			continue
		}
		if p, ok := product(run, z.prefixes(sub)); ok {
			consider(p)
		} else {
			consider(run)
		}
		if s := z.required(sub); s != nil {
			consider(s)
		}
		run = []string{""}
	}
	consider(run)
	return out
}

// requirements returns up to maxSets literal sets that every match of re
// holds a string of, the best filter first.
func (z *analyzer) requirements(re *syntax.Regexp) [][]string {
	for re.Op == syntax.OpCapture {
		re = re.Sub[0]
	}
	if _, ok := z.exact(re); ok || re.Op != syntax.OpConcat {
		if set := z.required(re); set != nil {
			return [][]string{set}
		}
		return nil
	}
	cands := z.concatCandidates(re)
	slices.SortStableFunc(cands, func(a, b []string) int {
		switch {
		case betterLits(a, b):
			return -1
		case betterLits(b, a):
			return 1
		}
		return 0
	})
	var out [][]string
	for _, c := range cands {
		if len(out) == maxSets {
			break
		}
		if !slices.ContainsFunc(out, func(o []string) bool { return slices.Equal(o, c) }) {
			out = append(out, c)
		}
	}
	return out
}

// prefixes returns strings one of which every match of re starts with
// ({""} when nothing is known).
func (z *analyzer) prefixes(re *syntax.Regexp) []string {
	if set, ok := z.exact(re); ok {
		return set
	}
	switch re.Op {
	case syntax.OpCapture, syntax.OpPlus:
		return z.prefixes(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return z.prefixes(re.Sub[0])
		}
	case syntax.OpAlternate:
		var set []string
		for _, sub := range re.Sub {
			for _, x := range z.prefixes(sub) {
				set = appendUnique(set, x)
			}
			if len(set) > maxExact {
				return []string{""}
			}
		}
		return set
	case syntax.OpConcat:
		run := []string{""}
		for _, sub := range re.Sub {
			if s, ok := z.exact(sub); ok {
				p, ok := product(run, s)
				if !ok {
					return run
				}
				run = p
				continue
			}
			if p, ok := product(run, z.prefixes(sub)); ok {
				return p
			}
			return run
		}
		return run
	}
	return []string{""}
}
