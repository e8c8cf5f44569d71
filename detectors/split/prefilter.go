package split

// Literal prefilters for regular expressions: strings one of which every
// match contains, read off the expression's syntax tree (as RE2's
// prefilters do). Text holding none of them cannot match, so the much
// slower expression need not run on it; results are those of the
// expression alone. Case-insensitive parts are handled by comparing in a
// canonical case (each rune mapped to the smallest rune of its
// case-folding orbit, which RE2's (?i) matching treats as equal).
//
// detectors/trace holds the original of this code (the detector packages
// share no internal package); keep the two in step.

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// litFilter holds what every match of one expression holds.
type litFilter struct {
	on   bool // false: nothing is known, every text may match
	fold bool // literals and texts are compared in canonical case
	// anchored: every match starts the text, with one of the strings
	// of prefix (indexed by first byte).
	anchored bool
	prefix   [][]string
	sets     []litSet // every match holds a string of each set
	// caseless (with fold): the literals are ASCII and the automata read
	// a-z as A-Z, so a text holding no rune that folds into ASCII (see
	// foldsToASCII) is read as it is, without foldText.
	caseless bool
}

// litSet is a set of strings, with an automaton that finds them when they
// are many.
type litSet struct {
	lits []string
	dfa  *litDFA
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
		set.dfa = newLitDFA(set.lits)
		if caseless && set.dfa != nil {
			set.dfa.lowerAsUpper()
		}
	}
	return set
}

// in reports whether s holds one of the strings.
func (l *litSet) in(s string) bool {
	if l.dfa != nil {
		return l.dfa.in(s)
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

// newLitFilter builds the filter of re.
func newLitFilter(re *regexp.Regexp) *litFilter {
	f := &litFilter{}
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
				f.caseless = f.caseless && isASCII(l)
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
	return f
}

// prefixList returns the anchored prefixes.
func (f *litFilter) prefixList() []string {
	var out []string
	for _, ps := range f.prefix {
		out = append(out, ps...)
	}
	return out
}

// isASCII reports whether s holds only ASCII bytes.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// foldsToASCII reports whether s holds a rune outside ASCII whose
// canonical case (canonRune) is ASCII: U+017F (ſ, for S) and U+212A (the
// Kelvin sign, for K) are the only ones.
func foldsToASCII(s string) bool {
	return strings.Contains(s, "\u017F") || strings.Contains(s, "\u212A")
}

// litDFA finds whether a text holds one of a set of strings: an
// Aho-Corasick automaton with every transition resolved (one table look-up
// per byte of text). Bytes that occur in no string share one class, which
// keeps the table small. States are numbered by their row's offset in the
// table, and a state where a string ends keeps to itself, so the scan
// needs no test per byte.
type litDFA struct {
	class  [256]uint8 // byte -> class (0: in no string)
	width  int        // number of classes
	next   []uint32   // row + class -> row of the next state
	accept []bool     // by row: a string ends at this state (or at a suffix of it)
}

// newLitDFA builds the automaton of lits (none empty); nil when they use
// more byte values than a class fits.
func newLitDFA(lits []string) *litDFA {
	d := &litDFA{width: 1}
	for _, l := range lits {
		for i := 0; i < len(l); i++ {
			if d.class[l[i]] == 0 {
				if d.width == 256 {
					return nil
				}
				d.class[l[i]] = uint8(d.width)
				d.width++
			}
		}
	}
	// The trie: goto transitions (0 = none; the root is state 0 and has
	// no incoming edge).
	edges := [][]uint32{make([]uint32, d.width)}
	d.accept = []bool{false}
	for _, l := range lits {
		st := 0
		for i := 0; i < len(l); i++ {
			c := d.class[l[i]]
			if edges[st][c] == 0 {
				edges = append(edges, make([]uint32, d.width))
				d.accept = append(d.accept, false)
				edges[st][c] = uint32(len(edges) - 1)
			}
			st = int(edges[st][c])
		}
		d.accept[st] = true
	}
	// Breadth-first: each state's failure state is resolved before its
	// children, so missing transitions copy the failure state's ones.
	d.next = make([]uint32, len(edges)*d.width)
	fail := make([]uint32, len(edges))
	queue := []int{0}
	for len(queue) > 0 {
		st := queue[0]
		queue = queue[1:]
		for c := 0; c < d.width; c++ {
			child := int(edges[st][c])
			if c == 0 || child == 0 {
				// no edge: go where the failure state goes
				if st != 0 {
					d.next[st*d.width+c] = d.next[int(fail[st])*d.width+c]
				}
				continue
			}
			d.next[st*d.width+c] = uint32(child)
			if st != 0 {
				fail[child] = d.next[int(fail[st])*d.width+c]
			}
			d.accept[child] = d.accept[child] || d.accept[fail[child]]
			queue = append(queue, child)
		}
	}
	// Rows: a state's number becomes its row offset; accepting states
	// loop to themselves.
	accept := make([]bool, len(d.next))
	for st := range edges {
		row := st * d.width
		accept[row] = d.accept[st]
		for c := 0; c < d.width; c++ {
			if d.accept[st] {
				d.next[row+c] = uint32(row)
			} else {
				d.next[row+c] *= uint32(d.width)
			}
		}
	}
	d.accept = accept
	return d
}

// in reports whether s holds one of the strings.
func (d *litDFA) in(s string) bool {
	row := uint32(0)
	for len(s) >= 16 {
		// Test for an accepting state once per block of bytes.
		for _, c := range []byte(s[:16]) {
			row = d.next[row+uint32(d.class[c])]
		}
		if d.accept[row] {
			return true
		}
		s = s[16:]
	}
	for i := 0; i < len(s); i++ {
		row = d.next[row+uint32(d.class[s[i]])]
	}
	return d.accept[row]
}

// lowerAsUpper makes the automaton read the ASCII letters a-z as A-Z (for
// strings in canonical case).
func (d *litDFA) lowerAsUpper() {
	for c := 'a'; c <= 'z'; c++ {
		d.class[c] = d.class[c-'a'+'A']
	}
}

// caselessASCII makes the automaton read the ASCII letters A-Z as a-z (for
// lower-case strings).
func (d *litDFA) caselessASCII() {
	for c := 'A'; c <= 'Z'; c++ {
		d.class[c] = d.class[c-'A'+'a']
	}
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

// may reports whether text can match.
func (f *litFilter) may(text string) bool {
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
func (f *litFilter) inCaseless(s string) bool {
	if f.anchored {
		if s == "" {
			return false
		}
		first := s[0]
		if 'a' <= first && first <= 'z' {
			first -= 'a' - 'A'
		}
		if !slices.ContainsFunc(f.prefix[first], func(p string) bool { return hasPrefixUpper(s, p) }) {
			return false
		}
	}
	for i := range f.sets {
		if !f.sets[i].dfa.in(s) {
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
func (f *litFilter) in(s string) bool {
	if f.anchored {
		if s == "" || !slices.ContainsFunc(f.prefix[s[0]], func(p string) bool { return strings.HasPrefix(s, p) }) {
			return false
		}
	}
	for i := range f.sets {
		if !f.sets[i].in(s) {
			return false
		}
	}
	return true
}

// litRe is a regular expression with its literal filter. Its methods give
// the expression's results, skipping it on text that cannot match.
type litRe struct {
	*regexp.Regexp
	need func(string) bool // another necessary condition of a match (nil: none)
	once sync.Once
	lf   *litFilter // built on first use (see filter), unless set beforehand
}

// filter returns the expression's literal filter, built on first use (so
// that a program that never runs the expression never pays for it).
func (p *litRe) filter() *litFilter {
	p.once.Do(func() {
		if p.lf == nil {
			p.lf = newLitFilter(p.Regexp)
		}
	})
	return p.lf
}

// newLitRe returns re with its literal filter.
func newLitRe(re *regexp.Regexp) *litRe { return &litRe{Regexp: re} }

// mustLitRe compiles expr (panicking on an error) with its literal filter.
func mustLitRe(expr string) *litRe { return newLitRe(regexp.MustCompile(expr)) }

// mayString reports whether s can match p.
func (p *litRe) mayString(s string) bool {
	return (p.need == nil || p.need(s)) && p.filter().may(s)
}

// MatchString is regexp.Regexp.MatchString.
func (p *litRe) MatchString(s string) bool { return p.mayString(s) && p.Regexp.MatchString(s) }

// FindStringIndex is regexp.Regexp.FindStringIndex.
func (p *litRe) FindStringIndex(s string) []int {
	if !p.mayString(s) {
		return nil
	}
	return p.Regexp.FindStringIndex(s)
}

// FindStringSubmatchIndex is regexp.Regexp.FindStringSubmatchIndex.
func (p *litRe) FindStringSubmatchIndex(s string) []int {
	if !p.mayString(s) {
		return nil
	}
	return p.Regexp.FindStringSubmatchIndex(s)
}

func hasFoldCase(re *syntax.Regexp) bool {
	if re.Flags&syntax.FoldCase != 0 {
		return true
	}
	return slices.ContainsFunc(re.Sub, hasFoldCase)
}

// canonRune maps r to the smallest rune of its case-folding orbit.
func canonRune(r rune) rune {
	if r < utf8.RuneSelf {
		if 'a' <= r && r <= 'z' {
			return r - 'a' + 'A'
		}
		return r
	}
	m := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		m = min(m, f)
	}
	return m
}

// foldText maps every rune of s to canonRune (invalid bytes are kept).
func foldText(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	var b strings.Builder
	b.Grow(len(s))
	if ascii {
		for i := 0; i < len(s); i++ {
			c := s[i]
			if 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			}
			b.WriteByte(c)
		}
		return b.String()
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			}
			b.WriteByte(c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteByte(c)
		} else {
			b.WriteRune(canonRune(r))
		}
		i += n
	}
	return b.String()
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
