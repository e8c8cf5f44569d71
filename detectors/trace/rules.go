package trace

import (
	"bufio"
	_ "embed"
	"fmt"
	"math/bits"
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	ahocorasick "github.com/BobuSumisu/aho-corasick"
	"github.com/revtrace/revtrace/detectors/internal/litre"
)

//go:embed rules.txt
var defaultRules string

// Rule scopes.
const (
	scopeProse   = "prose"   // prose sentences and comment text inside code
	scopeComment = "comment" // comment text inside code only
	scopeCode    = "code"    // whole code lines only
	scopeAny     = "any"
)

// Kinds of text a rule runs on.
const (
	kindProse   = iota // a sentence of prose
	kindComment        // a sentence of comment text inside fenced code
	kindCode           // a whole line of fenced code
)

// inScope reports whether a rule of the given scope runs on text of kind k.
func inScope(scope string, k int) bool {
	switch scope {
	case scopeAny:
		return true
	case scopeProse:
		return k == kindProse || k == kindComment
	case scopeComment:
		return k == kindComment
	case scopeCode:
		return k == kindCode
	}
	return false
}

// Rule is one scanner rule as loaded from the rules file (rules.txt, which
// documents the format).
type Rule struct {
	ID          string   // names the hits of the rule
	Description string   // what the rule catches
	Keywords    []string // lower-case Aho-Corasick prefilter keywords
	Scope       string   // prose, comment, code or any
	OpensList   bool     // a label hit scopes the list after it
	Positives   []string // sentences the rule must fire on
	Negatives   []string // sentences no rule may fire on
	// Anchor names what anchors the rule, "" for none (anchored.go). With
	// "request" a hit stands only when the text its pattern captures as obj
	// shares a content word or a code symbol with the user's request; with
	// "draft", only when obj opens with a code symbol that the previous
	// draft used. The request-blind Scan keeps no anchored hit. An anchored
	// rule's examples are "ANCHOR || SENTENCE" (the request or the draft);
	// the anchor texts are kept here, by example.
	Anchor          string
	PositiveAnchors []string
	NegativeAnchors []string

	patterns []*litre.Re
	requires []*litre.Re
	unless   []*litre.Re
	override map[string]bool

	// the rule's requires, unless and patterns as one group (in that
	// order), so that their filters read a sentence once; built on first use
	groupOnce sync.Once
	group     *litre.Group
}

// exprs returns the rule's group, building it on first use.
func (r *Rule) exprs() *litre.Group {
	r.groupOnce.Do(func() {
		all := append(append(append([]*litre.Re{}, r.requires...), r.unless...), r.patterns...)
		r.group = litre.NewGroup(all...)
	})
	return r.group
}

// veto suppresses rule matches; see rules.txt.
type veto struct {
	ID          string
	Description string
	Keywords    []string // the veto only runs on sentences holding one (none: always)
	Sentence    bool     // scope sentence (else overlap)
	Examples    []string

	patterns []*litre.Re
	unless   []*litre.Re
}

// ruleSet is a compiled rules file.
type ruleSet struct {
	Version    string
	Rules      []*Rule
	vetoes     []*veto
	trie       *ahocorasick.Trie // built by automata, only when kwMask is nil
	kwRules    [][]int           // keyword index → rule indexes
	always     []int             // rules without keywords
	alwaysMask uint64            // the same, as bits (with kwMask)
	// Built on first use (see automata): kwMask finds the rules whose
	// keywords occur (nil: use trie).
	kwOnce sync.Once
	kwMask *litre.MaskDFA
	kws    []string // the keywords, by trie pattern id
	// kwGate is kwMask read on the raw text (see keywordsMayOccur); nil
	// when it cannot be built. scopeMask holds the rules in scope, by kind.
	kwGate    *litre.MaskDFA
	scopeMask [kindCode + 1]uint64
}

func (rs *ruleSet) byID(id string) *Rule {
	for _, r := range rs.Rules {
		if r.ID == id {
			return r
		}
	}
	return nil
}

var macroRE = litre.Lazy(`\{\{([A-Za-z0-9_]+)\}\}`)

// parseRules reads the rules format described at the top of rules.txt,
// compiling every pattern (on all processors) to report those that do not.
func parseRules(src string) (*ruleSet, error) { return readRules(src, true) }

// readRules is parseRules; unless check is set, each pattern is compiled on
// first use instead (litre.Lazily), which spares a scan of a few replies
// the compiling of the hundreds of patterns whose filters its text never
// passes. The embedded rules are read so; TestEmbeddedRulesCompile checks
// them.
func readRules(src string, check bool) (*ruleSet, error) {
	rs := &ruleSet{}
	type pending struct {
		line int
		re   *litre.Re
	}
	var toCheck []pending
	macros := map[string]string{}
	var cur *Rule
	var curV *veto
	expand := func(line int, s string) (string, error) {
		var err error
		for i := 0; i < 10 && macroRE.MatchString(s); i++ {
			s = macroRE.ReplaceAllStringFunc(s, func(m string) string {
				name := m[2 : len(m)-2]
				v, ok := macros[name]
				if !ok {
					err = fmt.Errorf("line %d: unknown macro %s", line, name)
				}
				return v
			})
		}
		return s, err
	}
	compile := func(line int, s string) (*litre.Re, error) {
		s, err := expand(line, s)
		if err != nil {
			return nil, err
		}
		re := litre.Lazily("(?i)" + s)
		toCheck = append(toCheck, pending{line, re})
		return re, nil
	}
	sc := bufio.NewScanner(strings.NewReader(src))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), " \t\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		key, val, _ := strings.Cut(line, " ")
		val = strings.TrimLeft(val, " ")
		switch key {
		case "version":
			rs.Version = val
		case "define":
			name, re, ok := strings.Cut(val, " ")
			if !ok || name == "" {
				return nil, fmt.Errorf("line %d: define needs a name and a pattern", n)
			}
			re, err := expand(n, strings.TrimSpace(re))
			if err != nil {
				return nil, err
			}
			if _, err := regexp.Compile(re); err != nil {
				return nil, fmt.Errorf("line %d: macro %s: %v", n, name, err)
			}
			macros[name] = re
		case "rule":
			cur, curV = &Rule{ID: val, Scope: scopeProse, override: map[string]bool{}}, nil
			if rs.byID(val) != nil {
				return nil, fmt.Errorf("line %d: duplicate rule %s", n, val)
			}
			rs.Rules = append(rs.Rules, cur)
		case "veto":
			cur, curV = nil, &veto{ID: val}
			rs.vetoes = append(rs.vetoes, curV)
		default:
			if cur == nil && curV == nil {
				return nil, fmt.Errorf("line %d: %q outside a rule or veto", n, key)
			}
			if err := setField(cur, curV, key, val, n, compile); err != nil {
				return nil, err
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if check {
		list := make([]*litre.Regexp, len(toCheck))
		for i, p := range toCheck {
			list[i] = p.re.Regexp
		}
		for i, err := range litre.CompileEach(list) {
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", toCheck[i].line, err) // the first in the file
			}
		}
	}
	anchored := false
	for _, r := range rs.Rules {
		if len(r.patterns) == 0 {
			return nil, fmt.Errorf("rule %s has no pattern", r.ID)
		}
		// An anchored rule must come after every other rule: a sentence
		// takes the first rule that fires, and a hit of an anchored rule may
		// later be dropped, which must not hide a rule that needs no anchor.
		// (The anchored rules that fire after it are kept as alternatives.)
		switch {
		case r.Anchor != "":
			anchored = true
			for _, p := range r.patterns {
				if p.SubexpIndex(anchorGroup) < 0 {
					return nil, fmt.Errorf("rule %s is anchored but a pattern has no (?P<%s>...) group", r.ID, anchorGroup)
				}
			}
		case anchored:
			return nil, fmt.Errorf("rule %s follows an anchored rule; anchored rules come last", r.ID)
		}
		for v := range r.override {
			found := false
			for _, vt := range rs.vetoes {
				found = found || vt.ID == v
			}
			if !found {
				return nil, fmt.Errorf("rule %s overrides unknown veto %s", r.ID, v)
			}
		}
	}
	for _, v := range rs.vetoes {
		if len(v.patterns) == 0 {
			return nil, fmt.Errorf("veto %s has no pattern", v.ID)
		}
	}
	rs.buildTrie()
	return rs, nil
}

func setField(r *Rule, v *veto, key, val string, line int, compile func(int, string) (*litre.Re, error)) error {
	list := func() []string {
		var out []string
		for _, s := range strings.Split(val, ",") {
			if s = strings.TrimSpace(s); s != "" {
				out = append(out, s)
			}
		}
		return out
	}
	switch {
	case key == "description":
		if r != nil {
			r.Description = val
		} else {
			v.Description = val
		}
	case key == "pattern" || key == "unless" || (key == "require" && r != nil):
		re, err := compile(line, val)
		if err != nil {
			return err
		}
		switch {
		case key == "pattern" && r != nil:
			r.patterns = append(r.patterns, re)
		case key == "pattern":
			v.patterns = append(v.patterns, re)
		case key == "unless" && r != nil:
			r.unless = append(r.unless, re)
		case key == "unless":
			v.unless = append(v.unless, re)
		default:
			r.requires = append(r.requires, re)
		}
	case key == "keywords":
		for _, k := range list() {
			if k != litre.ToLower(k) {
				return fmt.Errorf("line %d: keyword %q is not lower-case", line, k)
			}
			if r != nil {
				r.Keywords = append(r.Keywords, k)
			} else {
				v.Keywords = append(v.Keywords, k)
			}
		}
	case key == "override" && r != nil:
		for _, k := range list() {
			r.override[k] = true
		}
	case key == "scope" && r != nil:
		if val != scopeProse && val != scopeComment && val != scopeCode && val != scopeAny {
			return fmt.Errorf("line %d: unknown scope %q", line, val)
		}
		r.Scope = val
	case key == "scope" && v != nil:
		if val != "sentence" && val != "overlap" {
			return fmt.Errorf("line %d: unknown veto scope %q", line, val)
		}
		v.Sentence = val == "sentence"
	case key == "opens-list" && r != nil:
		r.OpensList = val == "yes"
	case key == "anchor" && r != nil:
		if val != anchorRequest && val != anchorDraft {
			return fmt.Errorf("line %d: unknown anchor %q (want request or draft)", line, val)
		}
		if len(r.Positives)+len(r.Negatives) > 0 {
			// (the examples before it were read as plain sentences)
			return fmt.Errorf("line %d: anchor must come before the rule's examples", line)
		}
		r.Anchor = val
	case (key == "positive" || key == "negative") && r != nil && r.Anchor != "":
		anchor, sentence, ok := strings.Cut(val, " || ")
		if !ok || strings.TrimSpace(anchor) == "" || strings.TrimSpace(sentence) == "" {
			return fmt.Errorf("line %d: an anchored rule's example is %s || SENTENCE", line, strings.ToUpper(r.Anchor))
		}
		if key == "positive" {
			r.Positives, r.PositiveAnchors = append(r.Positives, sentence), append(r.PositiveAnchors, anchor)
		} else {
			r.Negatives, r.NegativeAnchors = append(r.Negatives, sentence), append(r.NegativeAnchors, anchor)
		}
	case key == "positive" && r != nil:
		r.Positives = append(r.Positives, val)
	case key == "negative" && r != nil:
		r.Negatives = append(r.Negatives, val)
	case key == "example" && v != nil:
		v.Examples = append(v.Examples, val)
	default:
		return fmt.Errorf("line %d: unknown or misplaced key %q", line, key)
	}
	return nil
}

func (rs *ruleSet) buildTrie() {
	idx := map[string]int{}
	var kws []string
	rs.kwRules = nil
	rs.always = nil
	for ri, r := range rs.Rules {
		if len(r.Keywords) == 0 {
			rs.always = append(rs.always, ri)
			continue
		}
		for _, k := range r.Keywords {
			i, ok := idx[k]
			if !ok {
				i = len(kws)
				idx[k] = i
				kws = append(kws, k)
				rs.kwRules = append(rs.kwRules, nil)
			}
			rs.kwRules[i] = append(rs.kwRules[i], ri)
		}
	}
	rs.kws = kws
}

// automata builds kwAny and kwMask once.
func (rs *ruleSet) automata() {
	rs.kwOnce.Do(func() {
		if len(rs.Rules) <= 64 {
			masks := make([]uint64, len(rs.kws))
			for i, rules := range rs.kwRules {
				for _, ri := range rules {
					masks[i] |= 1 << ri
				}
			}
			// keywords are lower case: the automaton may read ASCII
			// letters in either case (see lineMay)
			if rs.kwMask = litre.NewMaskDFA(rs.kws, masks); rs.kwMask != nil {
				rs.kwMask.CaselessASCII()
			}
			for _, ri := range rs.always {
				rs.alwaysMask |= 1 << ri
			}
			rs.buildGate()
		}
		if rs.kwMask == nil {
			// the library's trie only where the mask automaton cannot
			// serve (more than 64 rules, or too many byte values)
			rs.trie = ahocorasick.NewTrieBuilder().AddStrings(rs.kws).Build()
		}
	})
}

// buildGate makes kwGate and scopeMask from kwMask (and the rules).
//
// The gate reads a line as it is, before normalize: '*' and '_' are skipped
// (normalize removes them, or keeps an '_' inside a word, and no keyword
// holds either), and any byte outside printable ASCII poisons the answer
// (it may be a character normalize changes, or need lower-casing beyond
// ASCII), as does any control byte. On a text with neither, every keyword
// that occurs in the normalized text occurs in the gate's reading of it.
func (rs *ruleSet) buildGate() {
	if rs.kwMask == nil {
		return
	}
	for _, k := range rs.kws {
		if strings.ContainsAny(k, "*_") {
			return
		}
	}
	skip, poison := new([256]bool), new([256]bool)
	skip['*'], skip['_'] = true, true
	for c := range 256 {
		poison[c] = c < ' ' || c >= utf8.RuneSelf
	}
	if rs.kwGate = rs.kwMask.Loosened(skip, poison); rs.kwGate == nil {
		return
	}
	for ri, r := range rs.Rules {
		for k := range rs.scopeMask {
			if inScope(r.Scope, k) {
				rs.scopeMask[k] |= 1 << ri
			}
		}
	}
}

// keywordsMayOccur reports whether a rule in scope for kind may have a
// keyword in text (false only when none has: see buildGate), without
// normalizing or lower-casing the text.
func (rs *ruleSet) keywordsMayOccur(text string, kind int) bool {
	if rs.automata(); rs.kwGate == nil {
		return true
	}
	return (rs.alwaysMask|rs.kwGate.Scan(text))&rs.scopeMask[kind] != 0
}

// candidates returns the indexes of the rules whose keywords occur in the
// lower-cased text, in rule order.
func (rs *ruleSet) candidates(lower string, buf []int) []int {
	if rs.automata(); rs.kwMask != nil {
		out := buf[:0]
		for m := rs.alwaysMask | rs.kwMask.Scan(lower); m != 0; m &= m - 1 {
			out = append(out, bits.TrailingZeros64(m))
		}
		return out
	}
	seen := make([]bool, len(rs.Rules))
	out := buf[:0]
	for _, ri := range rs.always {
		seen[ri] = true
	}
	rs.trie.Walk([]byte(lower), func(end, n, pattern int64) bool {
		for _, ri := range rs.kwRules[pattern] {
			seen[ri] = true
		}
		return true
	})
	for ri, ok := range seen {
		if ok {
			out = append(out, ri)
		}
	}
	return out
}

// rulesVersion is the version a rules file declares (its last "version"
// line, as parseRules reads it), read without parsing the rest.
func rulesVersion(src string) string {
	v := ""
	for line := range strings.Lines(src) {
		line = strings.TrimRight(line, " \t\r\n")
		if t := strings.TrimSpace(line); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if key, val, _ := strings.Cut(line, " "); key == "version" {
			v = strings.TrimLeft(val, " ")
		}
	}
	return v
}

// normalize prepares a sentence for matching: '*' removed, '_' removed unless
// inside a word, curly quotes and apostrophes made ASCII, Unicode spaces made
// ' '. Offsets are not kept: hits are whole sentences.
func normalize(s string) string {
	if !needsNormalizing(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	prev := rune(0) // the last rune written
	for i := 0; i < len(s); {
		// A run of ASCII bytes normalize keeps, written at once.
		if j := plainEnd(s, i); j > i {
			b.WriteString(s[i:j])
			prev, i = rune(s[j-1]), j
			continue
		}
		r, n := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(s[i:])
		}
		i += n
		switch {
		case r == '*':
			continue
		case r == '_':
			next, _ := utf8.DecodeRuneInString(s[i:])
			if !(isWordRune(prev) && isWordRune(next)) {
				continue
			}
		case r == '’' || r == '‘' || r == 'ʼ' || r == '´' || r == '′':
			r = '\''
		case r == '“' || r == '”' || r == '„' || r == '″':
			r = '"'
		case r != ' ' && unicode.IsSpace(r):
			r = ' '
		}
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}

// plainASCII marks the bytes normalize copies as they are: ASCII other
// than '*', '_' and control bytes.
var plainASCII = func() (t [256]bool) {
	for c := ' '; c < utf8.RuneSelf; c++ {
		t[c] = c != '*' && c != '_'
	}
	return t
}()

// plainEnd returns the end of the run of plainASCII bytes at s[i:].
func plainEnd(s string, i int) int {
	for i < len(s) && plainASCII[s[i]] {
		i++
	}
	return i
}

// needsNormalizing: s holds a byte that normalize would change ('*', '_',
// or any non-ASCII byte).
func needsNormalizing(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '*' || c == '_' || c >= utf8.RuneSelf || c < ' ' && c != '\t' {
			return true
		}
	}
	return false
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
