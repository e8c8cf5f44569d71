package llm

import (
	"html"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/revtrace/revtrace/detectors/sentences"
)

// Quote verification (method.md "The LLM checks"; scanner-spec §5.4).
//
// A quote verifies against a text when
//
//  1. it occurs in the text, whitespace runs matching any whitespace run
//     (so a quote copied across a line break still matches), and it holds a
//     letter or digit;
//  2. that occurrence, once Markdown and HTML markup are stripped, starts at
//     a sentence start and ends at a sentence end (detectors/sentences on the
//     visible text; a match may span several consecutive sentences).
//
// Beyond plain sentence starts, these starts and ends are accepted (the
// reference's "variants"): after a bold label ending in ':' at the start of a
// block ("**Changes made:** I removed X."), after a "Note(s) ...:" label,
// inside a balanced parenthetical ("(replacing Drug Test Kit)" as a unit or
// its inner text), and in code blocks after a comment marker ("# removed the
// password as requested"). Containers (lists, block quotes, headings, table
// cells, HTML block tags) are block boundaries; <script>, <style> and
// <template> contents and tag attributes are invisible.
//
// The reference requires an exact raw substring at step 1; revtrace squeezes
// whitespace there, as method.md allows. Parentheticals inside a sentence and
// code comments are revtrace additions (method.md counts both as traces).

// Span is a byte range text[Start:End].
type Span struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// VerifyQuote reports whether quote verifies against text as a sentential
// quote and returns the byte span of the verified occurrence in text.
func VerifyQuote(quote, text string) (Span, bool) {
	q := strings.TrimSpace(quote)
	if q == "" || !hasAlnum(q) {
		return Span{}, false
	}
	occ := findFlexible(q, text)
	if len(occ) == 0 {
		return Span{}, false
	}
	doc := parseDoc(text)
	wants := quoteRenderings(q)
	for _, o := range occ {
		if doc.aligned(o, wants) {
			return o, true
		}
	}
	return Span{}, false
}

// QuoteOccurs reports whether quote occurs in text (whitespace runs
// squeezed) and holds a letter or digit; it returns the first occurrence.
// It is the check for quotes from a user turn, which are often fragments.
func QuoteOccurs(quote, text string) (Span, bool) {
	q := strings.TrimSpace(quote)
	if q == "" || !hasAlnum(q) {
		return Span{}, false
	}
	occ := findFlexible(q, text)
	if len(occ) == 0 {
		return Span{}, false
	}
	return occ[0], true
}

func hasAlnum(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

const wsClass = `[\s\x{85}\p{Z}]+`

// flexPattern turns q into a regexp source in which every whitespace run
// matches any whitespace run.
func flexPattern(q string) string {
	fields := strings.FieldsFunc(q, unicode.IsSpace)
	for i, f := range fields {
		fields[i] = regexp.QuoteMeta(f)
	}
	return strings.Join(fields, wsClass)
}

func findFlexible(q, text string) []Span {
	re, err := regexp.Compile(flexPattern(q))
	if err != nil {
		return nil
	}
	var out []Span
	for _, m := range re.FindAllStringIndex(text, -1) {
		out = append(out, Span{m[0], m[1]})
	}
	return out
}

// quoteRenderings: the visible text of the quote read as Markdown, and the
// quote itself with whitespace squeezed (for code, where '*' and '_' are not
// markup).
func quoteRenderings(q string) []string {
	d := parseDoc(q)
	parts := make([]string, 0, len(d.blocks))
	for _, b := range d.blocks {
		parts = append(parts, b.text)
	}
	md := squeeze(strings.Join(parts, " "))
	raw := squeeze(q)
	var out []string
	if md != "" && hasAlnum(md) {
		out = append(out, md)
	}
	if raw != md {
		out = append(out, raw)
	}
	return out
}

func squeeze(s string) string {
	return strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
}

// block is one unit of visible text: a paragraph, list item, heading, table
// cell or code line. [start, end) is its byte range in the source.
type block struct {
	start, end int
	text       string // visible text
	code       bool
	starts     []int // extra accepted starts in text
	ends       []int // extra accepted ends in text
}

type mdDoc struct{ blocks []block }

// aligned reports whether some rendering in wants occurs in the visible text
// of the blocks overlapping o, starting at a sentence start and ending at a
// sentence end.
func (d *mdDoc) aligned(o Span, wants []string) bool {
	var sel []block
	for _, b := range d.blocks {
		if b.start < o.End && b.end > o.Start {
			sel = append(sel, b)
		}
	}
	if len(sel) == 0 {
		return false
	}
	var sb strings.Builder
	starts := map[int]bool{}
	ends := map[int]bool{}
	for i, b := range sel {
		if i > 0 {
			sb.WriteByte('\n')
		}
		base := sb.Len()
		sb.WriteString(b.text)
		for _, s := range b.starts {
			starts[base+s] = true
		}
		for _, e := range b.ends {
			ends[base+e] = true
		}
		if b.code {
			// A code line is a sentence of its own unless its text has
			// sentence punctuation inside; its ends always count.
			starts[base] = true
			ends[base+len(b.text)] = true
		}
	}
	r := sb.String()
	for _, sp := range sentences.Split(r) {
		starts[sp.Start] = true
		ends[sp.End] = true
	}
	order := make([]int, 0, len(starts))
	for s := range starts {
		order = append(order, s)
	}
	sort.Ints(order)
	for _, w := range wants {
		re, err := regexp.Compile(`^` + flexPattern(w))
		if err != nil {
			continue
		}
		for _, s := range order {
			if s > len(r) {
				continue
			}
			if m := re.FindStringIndex(r[s:]); m != nil && ends[s+m[1]] {
				return true
			}
		}
	}
	return false
}

// ---- a small Markdown/HTML reader: enough to find visible text and block
// boundaries; not a CommonMark implementation.

var (
	reFence     = regexp.MustCompile("^(`{3,}|~{3,})")
	reHeading   = regexp.MustCompile(`^#{1,6}(\s+|$)`)
	reBreak     = regexp.MustCompile(`^(?:(?:\*\s*){3,}|(?:-\s*){3,}|(?:_\s*){3,}|={3,})$`)
	reBullet    = regexp.MustCompile(`^(?:[-*+•‣◦▪]|\d{1,9}[.)])(?:\s+|$)`)
	reTask      = regexp.MustCompile(`^\[[ xX]\]\s+`)
	reBoldOnly  = regexp.MustCompile(`^(?:\*\*[^*]+\*\*|__[^_]+__)[.:!?]?$`)
	reBoldLabel = regexp.MustCompile(`^(?:\*\*|__)([^*_]{1,80}?)(?::(?:\*\*|__)|(?:\*\*|__):)\s*`)
	reNoteLabel = regexp.MustCompile(`(?i)^(?:(?:a few|a couple of|some)\s+)?notes?\b[^:.!?\n]{0,80}:\s*`)
	reTableSep  = regexp.MustCompile(`^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?$`)
	reComment   = regexp.MustCompile(`(?:^|\s)(?:#+|//+|--|/\*+|<!--|;+)\s*|^(?:\*+|'|%+|REM\b)\s*`)
	reCommentTl = regexp.MustCompile(`\s*(\*/|-->)\s*$`)

	reHTMLHidden  = regexp.MustCompile(`(?is)<(script|style|template)\b[^>]*>.*?</(?:script|style|template)\s*>|<!--.*?-->`)
	reHTMLTag     = regexp.MustCompile(`</?([A-Za-z][A-Za-z0-9-]*)(?:\s[^<>]*)?/?>`)
	reImage       = regexp.MustCompile(`!\[([^\]]*)\]\([^)]*\)`)
	reLink        = regexp.MustCompile(`\[([^\]]+)\]\([^)]*\)`)
	reRefLink     = regexp.MustCompile(`\[([^\]]+)\]\[[^\]]*\]`)
	reAutolink    = regexp.MustCompile(`<((?:https?|mailto|ftp):[^<>\s]+)>`)
	blockHTMLTags = map[string]bool{}
)

func init() {
	for _, t := range strings.Fields(`address article aside blockquote dd div dl dt fieldset figcaption figure
		footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section table td th tr ul tbody thead`) {
		blockHTMLTags[t] = true
	}
}

type srcLine struct{ start, end int } // without the line break

func splitSrcLines(text string) []srcLine {
	var ls []srcLine
	start := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c != '\n' && c != '\r' {
			continue
		}
		ls = append(ls, srcLine{start, i})
		if c == '\r' && i+1 < len(text) && text[i+1] == '\n' {
			i++
		}
		start = i + 1
	}
	return append(ls, srcLine{start, len(text)})
}

// stripContainers removes leading indentation, block-quote markers, list
// markers and task boxes; it returns the offset of the content in s and
// whether a list item starts here.
func stripContainers(s string) (off int, item bool) {
	for {
		t := s[off:]
		trimmed := strings.TrimLeft(t, " \t")
		off += len(t) - len(trimmed)
		switch {
		case strings.HasPrefix(trimmed, ">"):
			off++
		case !item && reBullet.MatchString(trimmed) && !reBreak.MatchString(strings.TrimSpace(trimmed)):
			off += len(reBullet.FindString(trimmed))
			item = true
		case item && reTask.MatchString(trimmed):
			off += len(reTask.FindString(trimmed))
		default:
			return off, item
		}
	}
}

// parseDoc splits text into blocks of visible text.
func parseDoc(text string) *mdDoc {
	lines := splitSrcLines(text)
	// Pass 1: code lines inside fences, found on the raw text.
	code := make([]int, len(lines)) // 0 prose, 1 fence line, 2 code
	var fenceCh byte
	fenceN := 0
	for i, l := range lines {
		s := text[l.start:l.end]
		off, _ := stripContainers(s)
		c := s[off:]
		if fenceN > 0 {
			t := strings.TrimSpace(c)
			if len(t) >= fenceN && strings.Trim(t, string(fenceCh)) == "" && t[0] == fenceCh {
				code[i] = 1
				fenceN = 0
				continue
			}
			code[i] = 2
			continue
		}
		if m := reFence.FindString(c); m != "" {
			code[i] = 1
			fenceCh, fenceN = m[0], len(m)
		}
	}
	// Pass 2: a same-length copy with HTML made invisible outside code:
	// hidden elements and inline tags become spaces, block-level tags
	// become line breaks.
	buf := []byte(text)
	blank := func(a, b int, nl bool) {
		for k := a; k < b; k++ {
			if buf[k] == '\n' || buf[k] == '\r' {
				continue
			}
			buf[k] = ' '
		}
		if nl && b > a {
			buf[a] = '\n'
		}
	}
	inCode := func(pos int) bool {
		i := sort.Search(len(lines), func(i int) bool { return lines[i].end >= pos })
		return i < len(lines) && code[i] != 0
	}
	if strings.IndexByte(text, '<') >= 0 {
		for _, m := range reHTMLHidden.FindAllStringIndex(text, -1) {
			if !inCode(m[0]) {
				blank(m[0], m[1], false)
			}
		}
		for _, m := range reHTMLTag.FindAllStringSubmatchIndex(string(buf), -1) {
			if inCode(m[0]) {
				continue
			}
			name := strings.ToLower(text[m[2]:m[3]])
			blank(m[0], m[1], blockHTMLTags[name])
		}
	}
	vis := string(buf)
	// Pass 3: blocks. Lines created by block-level tags are split again.
	d := &mdDoc{}
	var para *block
	flush := func() {
		if para != nil {
			para.text = strings.TrimSpace(para.text)
			if para.text != "" {
				d.addProse(*para)
			}
			para = nil
		}
	}
	for i, l := range lines {
		switch code[i] {
		case 1:
			flush()
			continue
		case 2:
			flush()
			d.addCode(text, l.start, l.end)
			continue
		}
		for _, sub := range splitSrcLines(vis[l.start:l.end]) {
			a, b := l.start+sub.start, l.start+sub.end
			s := vis[a:b]
			off, item := stripContainers(s)
			c := strings.TrimRight(s[off:], " \t")
			ca := a + off
			t := strings.TrimSpace(c)
			switch {
			case t == "":
				flush()
			case reBreak.MatchString(t):
				flush()
			case reHeading.MatchString(c):
				flush()
				h := strings.TrimRight(strings.TrimLeft(c, "#"), "# \t")
				d.addProse(block{start: ca, end: ca + len(c), text: strings.TrimSpace(h)})
			case strings.HasPrefix(t, "|") && strings.Count(t, "|") >= 2:
				flush()
				if reTableSep.MatchString(t) {
					continue
				}
				pos := ca
				for _, cell := range strings.Split(c, "|") {
					if strings.TrimSpace(cell) != "" {
						d.addProse(block{start: pos, end: pos + len(cell), text: strings.TrimSpace(cell)})
					}
					pos += len(cell) + 1
				}
			case reBoldOnly.MatchString(t):
				flush()
				d.addProse(block{start: ca, end: ca + len(c), text: t})
			default:
				if item || para == nil {
					flush()
					para = &block{start: ca, end: ca + len(c), text: c}
				} else {
					para.end = ca + len(c)
					para.text += "\n" + c
				}
			}
		}
	}
	flush()
	return d
}

// addProse renders a prose block's inline markup and records label starts
// and parenthetical units.
func (d *mdDoc) addProse(b block) {
	src := b.text
	lead := ""
	if m := reBoldLabel.FindStringSubmatchIndex(src); m != nil {
		lead = renderInline(src[:m[1]])
		src = src[m[1]:]
	}
	// Soft line breaks inside a paragraph become spaces.
	body := renderInline(strings.ReplaceAll(src, "\n", " "))
	text := lead + body
	if lead != "" {
		b.starts = append(b.starts, len(lead))
	}
	if m := reNoteLabel.FindStringIndex(body); m != nil {
		b.starts = append(b.starts, len(lead)+m[1])
	}
	if m := reNoteLabel.FindStringIndex(text); m != nil {
		b.starts = append(b.starts, m[1])
	}
	b.text = text
	b.starts, b.ends = parenUnits(text, b.starts, b.ends)
	d.blocks = append(d.blocks, b)
}

func (d *mdDoc) addCode(text string, a, b int) {
	line := text[a:b]
	t := strings.TrimSpace(line)
	if t == "" {
		return
	}
	lead := strings.Index(line, t)
	blk := block{start: a + lead, end: a + lead + len(t), text: t, code: true}
	for _, m := range reComment.FindAllStringSubmatchIndex(t, -1) {
		blk.starts = append(blk.starts, m[1])
		if m[1] < len(t) {
			// The comment runs to the end of the line (minus a closer).
			if cm := reCommentTl.FindStringIndex(t[m[1]:]); cm != nil {
				blk.ends = append(blk.ends, m[1]+cm[0])
			}
		}
	}
	blk.starts, blk.ends = parenUnits(t, blk.starts, blk.ends)
	d.blocks = append(d.blocks, blk)
}

// parenUnits adds the bounds of every balanced parenthetical holding a
// letter: "(x)" as a unit and its inner text.
func parenUnits(s string, starts, ends []int) ([]int, []int) {
	var stack []int
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			stack = append(stack, i)
		case ')':
			if len(stack) == 0 {
				continue
			}
			o := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			inner := s[o+1 : i]
			if !hasAlnum(inner) {
				continue
			}
			in := strings.TrimSpace(inner)
			is := o + 1 + strings.Index(inner, in)
			starts = append(starts, o, is)
			ends = append(ends, i+1, is+len(in))
		}
	}
	return starts, ends
}

// renderInline returns the visible text of one line of Markdown: link text
// without URLs, inline code without backticks, no emphasis markers,
// entities decoded.
func renderInline(s string) string {
	if strings.ContainsAny(s, "[<") {
		s = reImage.ReplaceAllString(s, "$1")
		s = reLink.ReplaceAllString(s, "$1")
		s = reRefLink.ReplaceAllString(s, "$1")
		s = reAutolink.ReplaceAllString(s, "$1")
	}
	if strings.ContainsAny(s, "*_~`") {
		s = stripEmphasis(s)
	}
	if strings.IndexByte(s, '&') >= 0 {
		s = html.UnescapeString(s)
	}
	return s
}

// stripEmphasis drops runs of '*', '~' and '`', and runs of '_' that are
// not inside a word, unless the run stands alone between spaces ("2 * 3").
func stripEmphasis(s string) string {
	var sb strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		if c != '*' && c != '_' && c != '~' && c != '`' {
			sb.WriteByte(c)
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] == c {
			j++
		}
		before, _ := utf8.DecodeLastRuneInString(s[:i])
		after, _ := utf8.DecodeRuneInString(s[j:])
		spaceB := i == 0 || unicode.IsSpace(before)
		spaceA := j == len(s) || unicode.IsSpace(after)
		wordB := i > 0 && (unicode.IsLetter(before) || unicode.IsDigit(before))
		wordA := j < len(s) && (unicode.IsLetter(after) || unicode.IsDigit(after))
		keep := (spaceB && spaceA && i > 0 && j < len(s)) ||
			(c == '_' && wordB && wordA) ||
			(c == '~' && j-i == 1)
		if keep {
			sb.WriteString(s[i:j])
		}
		i = j
	}
	return sb.String()
}
