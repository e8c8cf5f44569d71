package deliverable

import (
	"fmt"
	"strings"
	"sync"

	"github.com/revtrace/revtrace/detectors/internal/litre"
)

// altRe runs an anchored alternation ^(?:A|B|...) as its alternatives:
// a line tries only those whose literal filter (how the alternative starts,
// what it must hold) lets it match. The whole expression matches a line
// exactly when one of its alternatives does, so the results are the
// expression's; RE2 runs a large alternation at a cost that grows with its
// size on every line, while most alternatives are ruled out by the line's
// first byte.
type altRe struct {
	re      *litre.Regexp // the whole expression
	once    sync.Once     // builds the rest on first use
	alts    []*litre.Re   // ^(?:alternative), each with its filter
	byFirst [256][]int    // alternatives a line starting with this byte may match
	rest    []int         // alternatives with no known start (any line may match)
}

// mustAltRe compiles expr, which must be ^(?:A|B|...); the alternatives
// are compiled on first use.
func mustAltRe(expr string) *altRe {
	a := &altRe{re: litre.Lazy(expr)}
	if _, err := a.alternatives(); err != nil {
		panic("deliverable: " + err.Error())
	}
	return a
}

// alternatives returns the alternatives of the expression, each anchored
// as ^(?:A) (litre.SplitAlternation, which cuts them from its text).
func (a *altRe) alternatives() ([]string, error) {
	expr := a.re.String()
	alts, ok := litre.SplitAlternation(expr)
	if !ok || !strings.HasPrefix(expr, "^(?:") || !strings.HasSuffix(expr, ")") {
		return nil, fmt.Errorf("mustAltRe wants ^(?:A|B|...): %s", expr)
	}
	return alts, nil
}

// build compiles the alternatives and indexes them by first byte.
func (a *altRe) build() {
	alts, err := a.alternatives()
	if err != nil {
		panic("deliverable: " + err.Error()) // checked by mustAltRe
	}
	for i, sub := range alts {
		alt := litre.MustCompile(sub)
		a.alts = append(a.alts, alt)
		firsts, known := alt.FirstBytes()
		if !known {
			a.rest = append(a.rest, i)
			continue
		}
		for b, ok := range firsts {
			if ok {
				a.byFirst[b] = append(a.byFirst[b], i)
			}
		}
	}
}

// MatchString reports whether the expression matches s.
func (a *altRe) MatchString(s string) bool {
	a.once.Do(a.build)
	if s != "" {
		for _, i := range a.byFirst[s[0]] {
			if a.alts[i].MatchString(s) {
				return true
			}
		}
	}
	for _, i := range a.rest {
		if a.alts[i].MatchString(s) {
			return true
		}
	}
	return false
}
