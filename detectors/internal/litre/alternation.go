package litre

import (
	"fmt"
	"strings"
	"sync"
)

// Alt is a regular expression that is an alternation, matched as its
// alternatives: each alternative is an expression of its own with its own
// literal filter, and one [Group] scan of the text tells which of them can
// match. A text matches the alternation exactly when it matches one of its
// alternatives, so MatchString gives the expression's answer; but the
// filter of the whole expression knows only that every match holds a
// literal of some alternative, while each alternative's filter asks for all
// of that alternative's literals, so that a long alternation of phrases
// ("an e-mail", "reply to him", "a cover letter", ...) runs on the few
// alternatives whose words the text holds instead of as a whole on every
// text holding one common word.
//
// An expression that [SplitAlternation] cannot split runs as a plain [Re].
type Alt struct {
	*Re   // the whole expression: Find and Replace run it (after the group's filter)
	once  sync.Once
	group *Group // the alternatives (nil: not split)
}

// MustCompileAlt compiles expr (panicking on an error) as an [Alt]; its
// alternatives are compiled on first use.
func MustCompileAlt(expr string) *Alt { return &Alt{Re: MustCompile(expr)} }

func (a *Alt) build() {
	alts, ok := SplitAlternation(a.Re.String())
	if !ok || len(alts) < 2 {
		return
	}
	res := make([]*Re, len(alts))
	for i, x := range alts {
		res[i] = MustCompile(x) // compiles: the split of an expression that compiles
	}
	a.group = NewGroup(res...)
}

// Alternatives returns the number of alternatives the expression runs as
// (1 when it is not split).
func (a *Alt) Alternatives() int {
	a.once.Do(a.build)
	if a.group == nil {
		return 1
	}
	return a.group.Len()
}

// MatchTarget is MatchString on the text of t.
func (a *Alt) MatchTarget(t *Target) bool {
	a.once.Do(a.build)
	if a.group == nil {
		return a.Re.MatchTarget(t)
	}
	h := a.group.Scan(t)
	for i := range a.group.Len() {
		if h.Match(i) {
			return true
		}
	}
	return false
}

// MatchString is regexp.Regexp.MatchString.
func (a *Alt) MatchString(s string) bool { return a.MatchTarget(NewTarget(s)) }

// MayMatchString reports whether s can match: false means it certainly
// does not (no alternative's filter lets it), true that the expression has
// to be run to know.
func (a *Alt) MayMatchString(s string) bool {
	a.once.Do(a.build)
	if a.group == nil {
		return a.Re.MayMatchString(s)
	}
	h := a.group.Scan(NewTarget(s))
	for i := range a.group.Len() {
		if h.May(i) {
			return true
		}
	}
	return false
}

// ReplaceAllString is regexp.Regexp.ReplaceAllString, skipping the
// expression on text no alternative can match (which it would return
// unchanged).
func (a *Alt) ReplaceAllString(s, repl string) string {
	if !a.MayMatchString(s) {
		return s
	}
	return a.Re.Regexp.ReplaceAllString(s, repl)
}

// SplitAlternation returns the alternatives of expr as expressions of
// their own, such that a text matches expr exactly when it matches one of
// them; ok is false when expr is not an alternation that can be split so.
// Two shapes split, after leading flags such as (?i), which every
// alternative gets:
//
//   - bars at the top level: A|B|C gives (?:A), (?:B), (?:C);
//   - a non-capturing group of alternatives that no quantifier follows,
//     between a head and a tail: H(?:A|B)T gives H(?:A)T and H(?:B)T (of
//     several such groups, the one with the most alternatives).
//
// The alternatives are cut from the text of expr, not printed from its
// parsed tree (printing a large tree with syntax.Regexp.String is slower
// than compiling it). A flag group that reaches the alternatives after it,
// as the (?i) of A(?i)B|C does, and \Q...\E quotes, which may hold bars,
// are refused.
func SplitAlternation(expr string) (alts []string, ok bool) {
	flags, rest := "", expr
	if n := flagGroup(rest); n > 0 {
		flags, rest = rest[:n], rest[n:]
	}
	top, err := scanLevel(rest)
	if err != nil {
		return nil, false
	}
	if len(top.pieces) > 1 {
		if top.flags {
			return nil, false
		}
		for _, p := range top.pieces {
			alts = append(alts, flags+"(?:"+p+")")
		}
		return alts, true
	}
	best, bestN := -1, 1
	var bestPieces []string
	for gi, g := range top.groups {
		// (a capturing group such as "()" is shorter than "(?:": test
		// the prefix before cutting the body)
		if !strings.HasPrefix(rest[g[0]:], "(?:") || quantified(rest[g[1]+1:]) {
			continue
		}
		in, err := scanLevel(rest[g[0]+len("(?:") : g[1]])
		if err != nil || in.flags || len(in.pieces) <= bestN {
			continue
		}
		best, bestN, bestPieces = gi, len(in.pieces), in.pieces
	}
	if best < 0 {
		return nil, false
	}
	g := top.groups[best]
	head, tail := rest[:g[0]], rest[g[1]+1:]
	for _, p := range bestPieces {
		alts = append(alts, flags+head+"(?:"+p+")"+tail)
	}
	return alts, true
}

// quantified reports whether the text after a group's ) starts with a
// quantifier.
func quantified(after string) bool {
	return after != "" && strings.IndexByte("*+?{", after[0]) >= 0
}

// level is one nesting level of an expression: its pieces between the
// bars at that level, the spans of the groups opening there ([ at "(", at
// its ")"]), and whether a bare flag group such as (?i) sits there.
type level struct {
	pieces []string
	groups [][2]int
	flags  bool
}

// scanLevel reads the top level of s, skipping escapes, classes and
// nested groups.
func scanLevel(s string) (level, error) {
	var lv level
	depth, start, open := 0, 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if strings.HasPrefix(s[i:], `\Q`) {
				return lv, fmt.Errorf("a \\Q quote may hold bars")
			}
			i++ // the escaped byte (\pL, \x{41}: no bar or bracket that matters)
		case '[':
			j, err := classEnd(s, i)
			if err != nil {
				return lv, err
			}
			i = j
		case '(':
			if depth == 0 {
				open = i
				if n := flagGroup(s[i:]); n > 0 {
					lv.flags = true
					i += n - 1 // a flag group: no nesting
					continue
				}
			}
			depth++
		case ')':
			if depth == 0 {
				return lv, fmt.Errorf("unbalanced ) at %d", i)
			}
			if depth--; depth == 0 {
				lv.groups = append(lv.groups, [2]int{open, i})
			}
		case '|':
			if depth == 0 {
				lv.pieces = append(lv.pieces, s[start:i])
				start = i + 1
			}
		}
	}
	if depth != 0 {
		return lv, fmt.Errorf("unbalanced (")
	}
	lv.pieces = append(lv.pieces, s[start:])
	return lv, nil
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
	return 0, fmt.Errorf("unclosed [ at %d", i)
}

// flagGroup returns the length of the flag group that s starts with, such
// as (?i) or (?-s), which sets flags up to the end of the enclosing group;
// 0 when s does not start with one.
func flagGroup(s string) int {
	if !strings.HasPrefix(s, "(?") {
		return 0
	}
	for i := 2; i < len(s); i++ {
		switch c := s[i]; {
		case c == ')':
			if i == 2 {
				return 0
			}
			return i + 1
		case strings.IndexByte("imsU-", c) < 0:
			return 0
		}
	}
	return 0
}
