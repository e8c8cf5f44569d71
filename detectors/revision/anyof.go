package revision

import (
	"strings"

	"github.com/revtrace/revtrace/detectors/internal/litre"
)

// anyOf finds whether a text holds one of a list of strings in one pass of
// an automaton: the prefilter of the rules' loops that look for each string
// of a phrase list in turn (strings.Contains per phrase, per sentence, was
// the largest cost of those rules).
type anyOf struct {
	lits []string
	dfa  *litre.DFA // nil: too many byte values, or an empty string in lits
}

func newAnyOf(lits []string) *anyOf {
	a := &anyOf{lits: lits}
	for _, l := range lits {
		if l == "" {
			return a
		}
	}
	a.dfa = litre.NewDFA(lits)
	return a
}

// in reports whether s holds one of the strings, as a strings.Contains of
// each would.
func (a *anyOf) in(s string) bool {
	if a.dfa != nil {
		return a.dfa.In(s)
	}
	for _, l := range a.lits {
		if strings.Contains(s, l) {
			return true
		}
	}
	return false
}
