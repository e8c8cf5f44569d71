package trace

import (
	"strings"
	"sync"
	"unicode"

	"github.com/revtrace/revtrace/detectors/internal/litre"
	"github.com/revtrace/revtrace/detectors/sentences"
)

// Hit is one trace sentence found by the scanner: reply[Start:End], and the
// id of the rule that fired.
type Hit struct {
	Start, End int
	Rule       string
	kind       int // kindProse, kindComment or kindCode: what the rule ran on
	// alts are the later anchored rules that also fire on the text when
	// Rule is anchored: if Rule's anchor fails, the first of them whose
	// anchor holds takes the hit (anchorHits).
	alts []*Rule
}

// ListRule is the rule id of the rows of a list introduced by a removal
// label ("Removed items:" followed by "- Private Event").
const ListRule = "removed-list"

// defaultSet is the embedded rules, compiled on first use: commands that
// scan nothing (version, report, merge) do not pay for compiling them.
var defaultSet = sync.OnceValue(func() *ruleSet { return mustParse(defaultRules) })

// defaultVersion is the embedded rules' version, read without compiling
// them (it names results even before anything is scanned).
var defaultVersion = rulesVersion(defaultRules)

func mustParse(src string) *ruleSet {
	rs, err := readRules(src, false)
	if err != nil {
		panic("trace: embedded rules: " + err.Error())
	}
	return rs
}

// RulesVersion is the version of the embedded scanner rules; it is recorded
// with results next to sentences.Version.
func RulesVersion() string { return defaultVersion }

// Rules returns the embedded scanner rules in priority order (the first rule
// that matches a sentence names the hit). The result must not be modified.
func Rules() []*Rule { return defaultSet().Rules }

// Scan finds the trace sentences of a reply with the embedded rules, in reply
// order. Prose is split into sentences (sentences.Split); inside fenced code
// only comment text is read as prose, and whole code lines are checked for
// redaction residue only, so a code line that deletes is never a trace.
func Scan(reply string) []Hit { return defaultSet().scan(reply) }

// Line kinds.
const (
	lineProse = iota
	lineFence // a fence delimiter line
	lineCode  // content of a code fence
)

type line struct {
	start, end int // without the line terminator
	kind       int
	fence      int // index of the fence block holding the line, -1 outside
}

type fenceBlock struct {
	open, close int // line indexes of the delimiters (close = -1 when unclosed)
	prose       bool
}

// layout splits the reply into lines and finds fenced code blocks
// (``` or ~~~, any indentation, closed by the same character at least as
// long; an unclosed fence runs to the end).
func layout(reply string) ([]line, []fenceBlock) {
	var lines []line
	start := 0
	for i := 0; i < len(reply); i++ {
		c := reply[i]
		if c != '\n' && c != '\r' {
			continue
		}
		lines = append(lines, line{start: start, end: i, fence: -1})
		if c == '\r' && i+1 < len(reply) && reply[i+1] == '\n' {
			i++
		}
		start = i + 1
	}
	lines = append(lines, line{start: start, end: len(reply), fence: -1})

	var fences []fenceBlock
	for i := 0; i < len(lines); i++ {
		ch, n, info, ok := fenceOpen(reply[lines[i].start:lines[i].end])
		if !ok {
			continue
		}
		fb := fenceBlock{open: i, close: -1}
		lines[i].kind, lines[i].fence = lineFence, len(fences)
		j := i + 1
		for ; j < len(lines); j++ {
			if fenceClose(reply[lines[j].start:lines[j].end], ch, n) {
				fb.close = j
				lines[j].kind, lines[j].fence = lineFence, len(fences)
				break
			}
			lines[j].kind, lines[j].fence = lineCode, len(fences)
		}
		end := j
		if end > len(lines) {
			end = len(lines)
		}
		fb.prose = proseFence(reply, info, lines[i+1:end])
		fences = append(fences, fb)
		i = j
	}
	for i := range lines {
		if lines[i].kind == lineCode && fences[lines[i].fence].prose {
			lines[i].kind = lineProse
		}
	}
	return lines, fences
}

func fenceOpen(s string) (ch byte, n int, info string, ok bool) {
	t := strings.TrimLeft(s, " \t")
	if len(t) < 3 || (t[0] != '`' && t[0] != '~') {
		return 0, 0, "", false
	}
	ch = t[0]
	for n < len(t) && t[n] == ch {
		n++
	}
	if n < 3 {
		return 0, 0, "", false
	}
	info = strings.TrimSpace(t[n:])
	if ch == '`' && strings.Contains(info, "`") {
		return 0, 0, "", false
	}
	return ch, n, info, true
}

func fenceClose(s string, ch byte, n int) bool {
	t := strings.TrimSpace(s)
	if len(t) < n {
		return false
	}
	for i := 0; i < len(t); i++ {
		if t[i] != ch {
			return false
		}
	}
	return true
}

var proseLangs = map[string]bool{
	"text": true, "txt": true, "plain": true, "plaintext": true, "markdown": true, "md": true,
	"email": true, "letter": true, "none": true, "output": true, "rst": true, "org": true, "tex": false,
}

var codeLineRE = litre.Lazy(`[;{}=]|^\s*(?:def|class|import|from|return|if|for|while|function|const|let|var|public|private|package|func|#include|select|insert|update|create|echo|cd|npm|pip|git|sudo)\b|\)\s*$|^\s*(?://|/\*|#|--|<[a-zA-Z/!])`)

// codeLine is codeLineRE.MatchString(s), read without the regexp engine
// (the expression has no literal prefix, so the engine steps through every
// line of every fence).
func codeLine(s string) bool {
	if strings.ContainsAny(s, ";{}=") {
		return true
	}
	if t := strings.TrimRight(s, " \t\n\f\r"); strings.HasSuffix(t, ")") {
		return true
	}
	t := strings.TrimLeft(s, " \t\n\f\r")
	switch {
	case strings.HasPrefix(t, "//"), strings.HasPrefix(t, "/*"), strings.HasPrefix(t, "#"), strings.HasPrefix(t, "--"):
		return true
	case len(t) >= 2 && t[0] == '<' && (isASCIILetter(t[1]) || t[1] == '/' || t[1] == '!'):
		return true
	}
	for _, kw := range codeLineWords {
		if strings.HasPrefix(t, kw) && (len(t) == len(kw) || !isASCIIWord(t[len(kw)])) {
			return true
		}
	}
	return false
}

// codeLineWords are the line-opening words of codeLineRE.
var codeLineWords = []string{"def", "class", "import", "from", "return", "if", "for", "while", "function", "const", "let", "var",
	"public", "private", "package", "func", "#include", "select", "insert", "update", "create", "echo", "cd", "npm", "pip", "git", "sudo"}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// isASCIIWord reports whether c is a word byte of RE2's \b.
func isASCIIWord(c byte) bool { return isASCIILetter(c) || '0' <= c && c <= '9' || c == '_' }

// proseFence decides whether a fence holds prose (an email, a letter, a
// plain list) rather than code: by its info string, and for a fence without
// one by how many lines look like code.
func proseFence(reply, info string, content []line) bool {
	lang := litre.ToLower(strings.Fields(info + " x")[0])
	if info == "" {
		lang = ""
	}
	if lang != "" {
		return proseLangs[lang]
	}
	nonBlank, codeLike := 0, 0
	for _, l := range content {
		s := reply[l.start:l.end]
		if strings.TrimSpace(s) == "" {
			continue
		}
		nonBlank++
		if codeLine(s) {
			codeLike++
		}
	}
	return nonBlank > 0 && codeLike*10 < nonBlank*3
}

// commentState carries block comments across code lines.
type commentState struct {
	inBlock bool // inside /* ... */
	inHTML  bool // inside <!-- ... -->
}

var preprocessorRE = litre.Lazy(`^#\s*(?:include|define|if|ifdef|ifndef|endif|else|elif|pragma|import|region|endregion|undef|error|warning|line)\b`)

// commentSpan returns the comment text of a code line as offsets into s
// (markers excluded), or ok=false when the line has no comment.
func commentSpan(s string, st *commentState) (a, b int, ok bool) {
	switch {
	case st.inBlock:
		a = 0
		if k := strings.Index(s, "*/"); k >= 0 {
			st.inBlock = false
			return stripDecoration(s, a, k)
		}
		return stripDecoration(s, a, len(s))
	case st.inHTML:
		if k := strings.Index(s, "-->"); k >= 0 {
			st.inHTML = false
			return 0, k, true
		}
		return 0, len(s), true
	}
	best, mlen, kind := -1, 0, ""
	consider := func(pos, l int, k string) {
		if pos >= 0 && (best < 0 || pos < best) {
			best, mlen, kind = pos, l, k
		}
	}
	trimmed := strings.TrimLeft(s, " \t")
	lead := len(s) - len(trimmed)
	consider(strings.Index(s, "<!--"), 4, "html")
	consider(strings.Index(s, "/*"), 2, "block")
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '/' && s[i+1] == '/' && (i == 0 || s[i-1] == ' ' || s[i-1] == '\t') {
			consider(i, 2, "line")
			break
		}
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '#' {
			continue
		}
		if i == lead {
			if strings.HasPrefix(trimmed, "#!") || preprocessorRE.MatchString(trimmed) {
				break
			}
			consider(i, 1, "line")
			break
		}
		if s[i-1] == ' ' || s[i-1] == '\t' {
			consider(i, 1, "line")
			break
		}
	}
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '-' && s[i+1] == '-' && s[i+2] == ' ' && (i == lead || s[i-1] == ' ' || s[i-1] == '\t') {
			consider(i, 2, "line")
			break
		}
	}
	if strings.HasPrefix(trimmed, ";") || strings.HasPrefix(trimmed, "%") {
		consider(lead, 1, "line")
	}
	if best < 0 {
		return 0, 0, false
	}
	a = best + mlen
	switch kind {
	case "html":
		if k := strings.Index(s[a:], "-->"); k >= 0 {
			return a, a + k, true
		}
		st.inHTML = true
		return a, len(s), true
	case "block":
		if k := strings.Index(s[a:], "*/"); k >= 0 {
			return stripDecoration(s, a, a+k)
		}
		st.inBlock = true
		return stripDecoration(s, a, len(s))
	}
	// Repeated markers: "## note", "/// doc".
	for a < len(s) && (s[a] == '#' || s[a] == '/' || s[a] == ';') {
		a++
	}
	return a, len(s), true
}

// stripDecoration drops the leading '*' of block-comment continuation lines.
func stripDecoration(s string, a, b int) (int, int, bool) {
	for a < b && (s[a] == ' ' || s[a] == '\t') {
		a++
	}
	for a < b && s[a] == '*' {
		a++
	}
	return a, b, true
}

// unit is one piece of text the rules run on.
type unit struct {
	start, end int
	line       int
}

func (rs *ruleSet) scan(reply string) []Hit {
	hits, _ := rs.scanLaidOut(reply)
	return rs.anchorHits(reply, "", "", hits) // no request and no draft: no anchored hit stands
}

// scanLaidOut is scan, also returning the reply's lines (layout), which the
// context rules read again.
func (rs *ruleSet) scanLaidOut(reply string) ([]Hit, []line) {
	if reply == "" {
		return nil, nil
	}
	lines, fences := layout(reply)
	var hits []Hit
	hitLines := map[int]bool{}
	var st commentState
	buf := make([]int, 0, 16)
	var labels []int // indexes into hits of list-opening labels
	addSentences := func(a, b, li, kind int) {
		// A sentence can only match when its line holds a keyword: skip the
		// sentence splitting of the (many) lines without one.
		if !rs.lineMay(reply[a:b], kind, &buf) {
			return
		}
		for _, sp := range sentences.Split(reply[a:b]) {
			u := unit{start: a + sp.Start, end: a + sp.End, line: li}
			if r, alts := rs.match(reply[u.start:u.end], kind, &buf); r != nil {
				hits = append(hits, Hit{Start: u.start, End: u.end, Rule: r.ID, kind: kind, alts: alts})
				hitLines[li] = true
				if rs.opensList(reply, lines[li], u) {
					labels = append(labels, len(hits)-1)
				}
			}
		}
	}
	for li, l := range lines {
		switch l.kind {
		case lineProse:
			addSentences(l.start, l.end, li, kindProse)
		case lineCode:
			s := reply[l.start:l.end]
			// (most code lines hold no keyword: the gate reads them
			// without normalizing them first)
			if t := strings.TrimSpace(s); t != "" && rs.keywordsMayOccur(t, kindCode) {
				a := l.start + strings.Index(s, t)
				if r, alts := rs.match(t, kindCode, &buf); r != nil {
					hits = append(hits, Hit{Start: a, End: a + len(t), Rule: r.ID, kind: kindCode, alts: alts})
					hitLines[li] = true
					// still advance the comment state
					commentSpan(s, &st)
					continue
				}
			}
			if ca, cb, ok := commentSpan(s, &st); ok && ca < cb {
				addSentences(l.start+ca, l.start+cb, li, kindComment)
			}
		case lineFence:
			st = commentState{}
		}
	}
	if len(labels) > 0 {
		hits = rs.listRows(reply, lines, fences, hits, labels, hitLines)
	}
	return hits, lines
}

// lineMay reports whether some sentence of the line may match a rule of
// kind: a rule in scope with its keywords, the literals of all its
// requires and those of one of its patterns in the line. Each of these
// carries over from a sentence to its line (normalize and lower-casing go
// rune by rune; the underscores normalize drops at a sentence's edges only
// shorten it), so a false answer skips the line's sentence splitting. The
// rules' other conditions (unless, anchors, vetoes) are the sentences'.
func (rs *ruleSet) lineMay(text string, kind int, buf *[]int) bool {
	norm := normalize(text)
	lower := norm
	if rs.automata(); rs.kwMask == nil || !litre.IsASCII(norm) {
		lower = litre.ToLower(norm) // (the keyword automaton reads ASCII in either case)
	}
	*buf = rs.candidates(lower, *buf)
	if len(*buf) == 0 {
		return false
	}
	t := litre.NewTarget(norm)
	for _, ri := range *buf {
		r := rs.Rules[ri]
		if !inScope(r.Scope, kind) {
			continue
		}
		// (one group per rule: a group of all the rules' expressions needs
		// so many automata that reading a line with them all is slower)
		h := r.exprs().Scan(t)
		ok := true
		for i := range r.requires {
			if !h.Literals(i) {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		for k := range r.patterns {
			if h.Literals(len(r.requires) + len(r.unless) + k) {
				return true
			}
		}
	}
	return false
}

// match returns the first rule that fires on the text, or nil; when that
// rule is anchored, also the anchored rules after it that fire (anchored
// rules come last, so every rule after it is anchored).
func (rs *ruleSet) match(text string, kind int, buf *[]int) (*Rule, []*Rule) {
	norm := normalize(text)
	// The keyword automaton reads ASCII in either case (see lineMay): the
	// lower-cased text is made for the vetoes' keywords, and only when a
	// pattern matches.
	lower := ""
	if rs.automata(); rs.kwMask == nil || !litre.IsASCII(norm) {
		lower = litre.ToLower(norm)
		*buf = rs.candidates(lower, *buf)
	} else {
		*buf = rs.candidates(norm, *buf)
	}
	if len(*buf) == 0 {
		return nil, nil
	}
	var vs *vetoSpans
	var first *Rule  // the first rule that fires
	var alts []*Rule // when first is anchored: the anchored rules after it that fire
	t := litre.NewTarget(norm)
	for _, ri := range *buf {
		r := rs.Rules[ri]
		if !inScope(r.Scope, kind) {
			continue
		}
		h := r.exprs().Scan(t)
		if !r.appliesHits(&h) {
			continue
		}
	patterns:
		for k := range r.patterns {
			for _, m := range h.FindAll(len(r.requires) + len(r.unless) + k) {
				if vs == nil {
					if lower == "" {
						lower = litre.ToLower(norm)
					}
					vs = rs.vetoSpansText(t, lower)
				}
				if vs.blocks(r, m[0], m[1]) {
					continue
				}
				switch {
				case first == nil && r.Anchor == "":
					return r, nil
				case first == nil:
					first = r
				default:
					alts = append(alts, r)
				}
				break patterns
			}
		}
	}
	return first, alts
}

// applies checks the rule's require and unless patterns.
func (r *Rule) applies(norm string) bool { return r.appliesTo(litre.NewTarget(norm)) }

// appliesHits is appliesTo on the scanned group of the rule (see exprs).
func (r *Rule) appliesHits(h *litre.Hits) bool {
	for i := range r.requires {
		if !h.Match(i) {
			return false
		}
	}
	for i := range r.unless {
		if h.Match(len(r.requires) + i) {
			return false
		}
	}
	return true
}

func (r *Rule) appliesTo(t *litre.Target) bool {
	for _, q := range r.requires {
		if !q.MatchTarget(t) {
			return false
		}
	}
	for _, u := range r.unless {
		if u.MatchTarget(t) {
			return false
		}
	}
	return true
}

type vetoSpans struct {
	ids   []string
	whole []bool
	spans [][][]int
}

func (rs *ruleSet) vetoSpans(norm string) *vetoSpans {
	return rs.vetoSpansLower(norm, litre.ToLower(norm))
}

// vetoSpansLower finds the veto matches in a normalised sentence; lower is
// its lower-cased form, for the vetoes' keywords.
func (rs *ruleSet) vetoSpansLower(norm, lower string) *vetoSpans {
	return rs.vetoSpansText(litre.NewTarget(norm), lower)
}

// vetoSpansText is vetoSpansLower on a normalised sentence held in t.
func (rs *ruleSet) vetoSpansText(t *litre.Target, lower string) *vetoSpans {
	vs := &vetoSpans{}
	for _, v := range rs.vetoes {
		if len(v.Keywords) > 0 {
			kw := false
			for _, k := range v.Keywords {
				if strings.Contains(lower, k) {
					kw = true
					break
				}
			}
			if !kw {
				continue
			}
		}
		skip := false
		for _, u := range v.unless {
			if u.MatchTarget(t) {
				skip = true
				break
			}
		}
		if skip {
			continue
		}
		var spans [][]int
		for _, p := range v.patterns {
			spans = append(spans, p.FindAllTargetIndex(t)...)
		}
		if len(spans) == 0 {
			continue
		}
		vs.ids = append(vs.ids, v.ID)
		vs.whole = append(vs.whole, v.Sentence)
		vs.spans = append(vs.spans, spans)
	}
	return vs
}

func (vs *vetoSpans) blocks(r *Rule, a, b int) bool {
	for i, id := range vs.ids {
		if r.override[id] {
			continue
		}
		if vs.whole[i] {
			return true
		}
		for _, sp := range vs.spans[i] {
			if a < sp[1] && sp[0] < b {
				return true
			}
		}
	}
	return false
}

// opensList: the unit is the last thing on its line and is a label ending in
// a colon or a Markdown heading, matched by a list-opening rule.
func (rs *ruleSet) opensList(reply string, l line, u unit) bool {
	rest := strings.TrimSpace(reply[u.end:l.end])
	if rest != "" {
		return false
	}
	norm := strings.TrimSpace(normalize(reply[u.start:u.end]))
	// A heading, also inside a quote or a list item ("> # Omitted").
	lineText := strings.TrimLeft(reply[l.start:l.end], " \t>-*+•")
	if !strings.HasSuffix(norm, ":") && !strings.HasSuffix(norm, "：") && !strings.HasPrefix(lineText, "#") {
		return false
	}
	for _, r := range rs.Rules {
		if !r.OpensList || !r.applies(norm) {
			continue
		}
		for _, p := range r.patterns {
			if p.MatchString(norm) {
				return true
			}
		}
	}
	return false
}

var (
	itemRE    = litre.Lazy(`^\s*(?:[-*+•]|\d{1,3}[.)])\s+\S`)
	indentRE  = litre.Lazy(`^(?:\s{2,}|\t)\S`)
	quoteRE   = litre.Lazy(`^\s*>`)
	headingRE = litre.Lazy(`^\s{0,3}(#{1,6})(?:\s|$)`)
)

// indentOf counts leading blanks (a tab counts 4).
func indentOf(s string) int {
	n := 0
	for _, c := range s {
		switch c {
		case ' ':
			n++
		case '\t':
			n += 4
		default:
			return n
		}
	}
	return n
}

// listRows adds the rows scoped by removal labels: the list, quote or fence
// right after a "Removed items:" label, or everything under a "# Removed"
// heading up to the next heading of the same or a higher level. A label
// inside a block quote scopes the rest of that quote; a label that is a
// list item scopes its children.
func (rs *ruleSet) listRows(reply string, lines []line, fences []fenceBlock, hits []Hit, labels []int, hitLines map[int]bool) []Hit {
	lineOf := func(off int) int {
		for i, l := range lines {
			if off >= l.start && off <= l.end {
				return i
			}
		}
		return len(lines) - 1
	}
	text := func(i int) string { return reply[lines[i].start:lines[i].end] }
	blank := func(i int) bool { return strings.TrimSpace(text(i)) == "" }
	var rows []Hit
	add := func(i int) {
		if hitLines[i] || blank(i) {
			return
		}
		s := text(i)
		t := strings.TrimFunc(s, unicode.IsSpace)
		a := lines[i].start + strings.Index(s, t)
		rows = append(rows, Hit{Start: a, End: a + len(t), Rule: ListRule})
		hitLines[i] = true
	}
	for _, hi := range labels {
		li := lineOf(hits[hi].Start)
		if lines[li].kind != lineProse {
			continue
		}
		label := text(li)
		trimmed := strings.TrimLeft(label, " \t")
		switch {
		case strings.HasPrefix(trimmed, ">"):
			// Inside a block quote: the rest of that quote.
			for j := li + 1; j < len(lines) && !blank(j) && strings.HasPrefix(strings.TrimLeft(text(j), " \t"), ">"); j++ {
				if strings.Trim(text(j), " \t>") != "" {
					add(j)
				}
			}
			continue
		case itemRE.MatchString(label):
			// A list item: its children, indented deeper.
			ind := indentOf(label)
			for j := li + 1; j < len(lines); j++ {
				if blank(j) {
					k := j + 1
					for k < len(lines) && blank(k) {
						k++
					}
					if k >= len(lines) || indentOf(text(k)) <= ind {
						break
					}
					j = k - 1
					continue
				}
				if indentOf(text(j)) <= ind {
					break
				}
				add(j)
			}
			continue
		}
		if m := headingRE.FindStringSubmatch(label); m != nil {
			level := len(m[1])
			for j := li + 1; j < len(lines); j++ {
				if hm := headingRE.FindStringSubmatch(text(j)); hm != nil && lines[j].kind == lineProse && len(hm[1]) <= level {
					break
				}
				if lines[j].kind == lineFence {
					continue
				}
				add(j)
			}
			continue
		}
		// The first block after the label: a list (loose items included), a
		// block quote or a fence.
		block := ""
		for j := li + 1; j < len(lines); j++ {
			if blank(j) {
				k := j + 1
				for k < len(lines) && blank(k) {
					k++
				}
				if k >= len(lines) {
					break
				}
				next := text(k)
				if block == "quote" || block == "list" && !itemRE.MatchString(next) {
					break
				}
				j = k - 1
				continue
			}
			l := lines[j]
			if l.kind == lineFence && block == "" && fences[l.fence].open == j {
				fb := fences[l.fence]
				end := fb.close
				if end < 0 {
					end = len(lines)
				}
				for k := j + 1; k < end; k++ {
					add(k)
				}
				break
			}
			s := text(j)
			if l.kind != lineProse {
				break
			}
			switch {
			case block != "quote" && (itemRE.MatchString(s) || block == "list" && indentRE.MatchString(s)):
				block = "list"
			case block != "list" && quoteRE.MatchString(s):
				block = "quote"
			default:
				j = len(lines)
				continue
			}
			add(j)
		}
	}
	if len(rows) == 0 {
		return hits
	}
	out := make([]Hit, 0, len(hits)+len(rows))
	i, j := 0, 0
	for i < len(hits) || j < len(rows) {
		if j >= len(rows) || i < len(hits) && hits[i].Start <= rows[j].Start {
			out = append(out, hits[i])
			i++
		} else {
			out = append(out, rows[j])
			j++
		}
	}
	return out
}
