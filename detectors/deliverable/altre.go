package deliverable

import (
	"fmt"
	"regexp"
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
	re      *regexp.Regexp // the whole expression
	once    sync.Once      // builds the rest on first use
	alts    []*litre.Re    // ^(?:alternative), each with its filter
	byFirst [256][]int     // alternatives a line starting with this byte may match
	rest    []int          // alternatives with no known start (any line may match)
}

// mustAltRe compiles expr, which must be ^(?:A|B|...); the alternatives
// are compiled on first use.
func mustAltRe(expr string) *altRe {
	a := &altRe{re: regexp.MustCompile(expr)}
	if _, err := a.alternatives(); err != nil {
		panic("deliverable: " + err.Error())
	}
	return a
}

// alternatives returns the source text of each top-level alternative of
// the expression. They are cut from the text rather than printed from its
// parsed tree: printing a tree (syntax.Regexp.String) computes the flags of
// every node and took 27 ms for the alternatives of codeLineRe, more than
// compiling them.
func (a *altRe) alternatives() ([]string, error) {
	return topAlternatives(a.re.String())
}

// topAlternatives splits expr, which must be ^(?:A|B|...), into A, B, ...
// at the bars outside groups, classes and escapes. A flag group that sets
// flags up to the end of the alternation, (?i) with no colon, is refused:
// it would reach the alternatives after it, which a split loses.
func topAlternatives(expr string) ([]string, error) {
	const open, end = "^(?:", ")"
	if !strings.HasPrefix(expr, open) || !strings.HasSuffix(expr, end) || len(expr) < len(open)+len(end) {
		return nil, fmt.Errorf("mustAltRe wants ^(?:A|B|...): %s", expr)
	}
	body := expr[len(open) : len(expr)-len(end)]
	var alts []string
	depth, start := 0, 0
	for i := 0; i < len(body); i++ {
		switch body[i] {
		case '\\':
			if strings.HasPrefix(body[i:], `\Q`) {
				return nil, fmt.Errorf("mustAltRe: a \\Q quote may hold bars: %s", expr)
			}
			i++ // the escaped byte (a \pL or \x{..} escape holds no bar or bracket that matters)
		case '[':
			j, err := classEnd(body, i)
			if err != nil {
				return nil, fmt.Errorf("%w: %s", err, expr)
			}
			i = j
		case '(':
			if depth == 0 && strings.HasPrefix(body[i:], "(?") {
				if k := strings.IndexAny(body[i+2:], ":)"); k >= 0 && body[i+2+k] == ')' {
					return nil, fmt.Errorf("mustAltRe: flags %s set outside a group: %s", body[i:i+3+k], expr)
				}
			}
			depth++
		case ')':
			if depth == 0 {
				return nil, fmt.Errorf("mustAltRe: unbalanced ) in %s", expr)
			}
			depth--
		case '|':
			if depth == 0 {
				alts = append(alts, body[start:i])
				start = i + 1
			}
		}
	}
	if depth != 0 {
		return nil, fmt.Errorf("mustAltRe: unbalanced ( in %s", expr)
	}
	return append(alts, body[start:]), nil
}

// classEnd returns the index of the ] that closes the class opening at
// s[i] == '[': a ] right after [ or [^ is a member, as are escaped bytes
// and the brackets of [:alpha:] names.
func classEnd(s string, i int) (int, error) {
	j := i + 1
	if j < len(s) && s[j] == '^' {
		j++
	}
	if j < len(s) && s[j] == ']' {
		j++
	}
	for ; j < len(s); j++ {
		switch {
		case s[j] == '\\':
			j++
		case strings.HasPrefix(s[j:], "[:"):
			if k := strings.Index(s[j+2:], ":]"); k >= 0 {
				j += 2 + k + 1
			}
		case s[j] == ']':
			return j, nil
		}
	}
	return 0, fmt.Errorf("mustAltRe: unclosed [ at %d", i)
}

// build compiles the alternatives and indexes them by first byte.
func (a *altRe) build() {
	alts, err := a.alternatives()
	if err != nil {
		panic("deliverable: " + err.Error()) // checked by mustAltRe
	}
	for i, sub := range alts {
		alt := litre.New(regexp.MustCompile(`^(?:` + sub + `)`))
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
