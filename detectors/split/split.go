// Package split divides an assistant reply into preface, body and afterword:
// the narration addressed to the user before the deliverable, the
// deliverable itself, and the narration after it (DESIGN.md §1 and §4).
//
// The reply is read as lines (LF, CRLF or a lone CR end a line). Fenced code
// blocks are found as CommonMark finds them; every other non-blank line is a
// unit of its own, tagged with its structure (heading, list item, table row,
// subject line, salutation, sign-off, postscript, ...). Then:
//
//   - a reply whose deliverable is code ("fenced" mode) has as body the
//     content of its deliverable fences, from the first to the last, prose
//     between them included; small shell fences at either end that only say
//     how to install, configure or run the code (and are set apart from the
//     deliverable by prose) are preface or afterword;
//   - any other reply ("prose" mode) loses leading narration (openers,
//     presentation lead-ins, edit narration, labels like "Revised email:")
//     to the preface and trailing narration (offers, notes, hopes, comments
//     on the deliverable, lists of the changes made) to the afterword; a
//     letter ends with its sign-off, signature, postscripts and enclosures;
//   - horizontal rules and fence lines at the edges of the body are not body.
//
// A reply that is nothing but narration has no body. Narration cues cover
// English, German, French, Spanish, Portuguese, Italian, Russian and
// Chinese, with straight or typographic apostrophes.
package split

import (
	"strings"
	"unicode/utf8"
)

// Version identifies the splitter's rules; it is recorded with results.
const Version = "split-v2"

// Modes of a Parts value.
const (
	ModeProse  = "prose"  // the body (if any) was found among prose lines
	ModeFenced = "fenced" // the body is the content of the deliverable code fences
	ModeEmpty  = "empty"  // the reply is empty or blank
)

// Span is a range of byte offsets into the reply; End is exclusive.
type Span struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// Parts is the result of Split.
type Parts struct {
	// Body is the deliverable, trimmed of surrounding whitespace; nil when
	// the reply has no deliverable (then the whole reply is preface).
	Body *Span
	// Mode is ModeProse, ModeFenced or ModeEmpty. A blank reply is
	// ModeEmpty; a reply of narration only is ModeProse with a nil Body.
	Mode string
}

// Position tiers.
const (
	Preface     = "preface"
	BodyOpening = "body_opening"
	BodyMiddle  = "body_middle"
	BodyClosing = "body_closing"
	Afterword   = "afterword"
)

// Position names the part of reply that holds byte offset start: Preface
// (before the body, or anywhere when there is no body), Afterword (at or
// after the body's end), or a body tier decided by the rune position of
// start within the body: below 15% BodyOpening, 85% or more BodyClosing,
// otherwise BodyMiddle. Offsets outside reply are clamped; it never panics.
func Position(reply string, p Parts, start int) string {
	if p.Body == nil {
		return Preface
	}
	bs, be := clamp(p.Body.Start, len(reply)), clamp(p.Body.End, len(reply))
	start = clamp(start, len(reply))
	switch {
	case start < bs:
		return Preface
	case start >= be:
		return Afterword
	}
	total := utf8.RuneCountInString(reply[bs:be])
	before := utf8.RuneCountInString(reply[bs:start])
	switch {
	case 100*before < 15*total:
		return BodyOpening
	case 100*before >= 85*total:
		return BodyClosing
	}
	return BodyMiddle
}

func clamp(x, n int) int {
	if x < 0 {
		return 0
	}
	if x > n {
		return n
	}
	return x
}

// Split divides reply into preface, body and afterword.
func Split(reply string) Parts {
	if isBlank(reply) {
		return Parts{Mode: ModeEmpty}
	}
	d := parse(reply)
	if p, ok := d.fenced(); ok {
		return p
	}
	return d.prose()
}

type kind uint8

const (
	kText kind = iota
	kFence
	kRule
)

type feat uint16

const (
	fHeading    feat = 1 << iota // "# Title"
	fBold                        // a line that is all bold ("**Title**", "**Revised email:**")
	fList                        // a list item
	fTable                       // a table row
	fQuote                       // a block-quote line
	fSubject                     // "Subject: ..."
	fSalutation                  // "Dear Jane,"
	fSignoff                     // "Best regards,"
	fPS                          // "P.S. ..."
	fEnclosure                   // "Attachment: ..."
)

// unit is one non-blank line outside fences, one fence, or one rule line.
type unit struct {
	kind   kind
	span   Span   // the trimmed extent
	inner  Span   // the part that is body when the unit is at a body edge (a fence's content)
	para   int    // units of one blank-line-delimited paragraph share it
	indent int    // columns of indentation of the line
	text   string // the trimmed line (text and rule units)
	f      feat
	fence  *Fence
}

type doc struct {
	text  string
	units []unit
	cues  []string // cueText of each unit's text, "" until computed
	cued  []bool
}

// cue returns cueText(d.units[i].text), computed once.
func (d *doc) cue(i int) string {
	if d.cued == nil {
		d.cues = make([]string, len(d.units))
		d.cued = make([]bool, len(d.units))
	}
	if !d.cued[i] {
		d.cues[i], d.cued[i] = cueText(d.units[i].text), true
	}
	return d.cues[i]
}

func parse(text string) *doc { return parseLines(text, true) }

// parseLines is parse; without feats, the text units' features are left
// zero (for callers that read the features of a few lines only).
func parseLines(text string, feats bool) *doc {
	ls := splitLines(text)
	bs := findFences(text, ls)
	d := &doc{text: text, units: make([]unit, 0, len(ls))}
	para, k := 0, 0
	for i := 0; i < len(ls); {
		if k < len(bs) && bs[k].open == i {
			f := makeFence(text, ls, bs[k])
			para++
			cols, _ := leading(text[ls[i].start:ls[i].end])
			d.units = append(d.units, unit{kind: kFence, span: trimSpan(text, f.Start, f.End), inner: f.Content, para: para, indent: cols, fence: &f})
			para++
			i = bs[k].after
			k++
			continue
		}
		sp := trimSpan(text, ls[i].start, ls[i].end)
		if sp.Start == sp.End {
			para++
			i++
			continue
		}
		t := text[sp.Start:sp.End]
		cols, _ := leading(text[ls[i].start:ls[i].end])
		u := unit{kind: kText, span: sp, inner: sp, para: para, indent: cols, text: t}
		if isRuleLine(t) {
			u.kind = kRule
		} else if feats {
			u.f = features(t)
		}
		d.units = append(d.units, u)
		i++
	}
	return d
}

// plainLine drops leading and trailing emphasis and heading markers so that
// structural patterns see the words ("**Subject:** X" → "Subject:** X").
func plainLine(t string) string {
	t = strings.TrimLeft(t, "#*_ \t")
	return strings.TrimSpace(t)
}

func features(t string) feat {
	var f feat
	switch {
	case strings.HasPrefix(t, "#"):
		n := 0
		for n < len(t) && t[n] == '#' {
			n++
		}
		if n <= 6 && (n == len(t) || t[n] == ' ' || t[n] == '\t') {
			f |= fHeading
		}
	case t[0] == '>':
		f |= fQuote
	case t[0] == '|':
		f |= fTable
	}
	if _, ok := listItem(t, 0); ok {
		f |= fList
	} else if r, _ := utf8.DecodeRuneInString(t); strings.ContainsRune("•●▪◦‣·–■□➢➤✓✔☐", r) && len(t) > utf8.RuneLen(r) {
		f |= fList
	}
	if isBoldLine(t) {
		f |= fBold
	}
	p := plainLine(t)
	if f&fList != 0 {
		return f
	}
	w := firstWord(p)
	switch {
	case (subjectFirst[w] || len(w) > 0 && w[0] >= 0xe0) && subjectRe.MatchString(p):
		f |= fSubject
	case isSalutation(p, w):
		f |= fSalutation
	case isSignoff(p, w):
		f |= fSignoff
	case (w == "p" || w == "ps" || w == "pps" || w == "п") && psRe.MatchString(p):
		f |= fPS
	case enclosureFirst[w] && enclosureRe.MatchString(p):
		f |= fEnclosure
	}
	return f
}

// isBoldLine reports whether the whole line is emphasised ("**Title**",
// "__Title__:", "**Revised email:**").
func isBoldLine(t string) bool {
	for _, m := range []string{"**", "__"} {
		if !strings.HasPrefix(t, m) {
			continue
		}
		u := strings.TrimRight(t, ":： \t")
		if len(u) > 2*len(m) && strings.HasSuffix(u, m) && !strings.Contains(u[len(m):len(u)-len(m)], m) {
			return true
		}
	}
	return false
}

// isSalutation reports whether the plain line is a greeting line: a
// greeting followed by at most a short name ("Dear Hiring Manager,",
// "Hi all!", "尊敬的张经理：").
// w is firstWord(p).
func isSalutation(p, w string) bool {
	if moreRunes(p, 80) {
		return false
	}
	if r, _ := utf8.DecodeRuneInString(p); r >= 0x2e80 {
		return salutationCJKRe.MatchString(p) && runeCount(p) <= 30 && !strings.ContainsAny(p, "。？?")
	}
	if !greetingStart(w) {
		return false
	}
	var loc []int
	if salutationRe.MayMatchString(p) {
		loc = salutationRe.FindStringSubmatchIndex(p)
	}
	if loc == nil {
		return false
	}
	rest := strings.TrimLeft(p[loc[3]:], ",.:!;，：！ \t")
	punct := false
	if r, _ := utf8.DecodeLastRuneInString(p); strings.ContainsRune(",:!：，！—-", r) {
		punct = true
	}
	rest = strings.TrimRight(rest, ",:!：，！—- \t*")
	if strings.ContainsAny(rest, "?!;。？！") {
		return false
	}
	words := len(strings.Fields(rest))
	if punct {
		return words <= 5
	}
	return words <= 2 && runeCount(p) <= 30
}

// isSignoff reports whether the plain line closes a letter ("Best regards,",
// "Mit freundlichen Grüßen", "— Sam").
// w is firstWord(p).
func isSignoff(p, w string) bool {
	if moreRunes(p, 250) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(p)
	switch {
	case r >= 0x2e80:
		return !moreRunes(p, 60) && signoffCJKRe.MatchString(p)
	case r == '-' || r == '—' || r == '–' || r == '~':
		return !moreRunes(p, 60) && dashNameRe.MatchString(p)
	case !signoffFirst[w]:
		return false
	case !moreRunes(p, 60) && signoffRe.MatchString(p):
		return true
	}
	return signoffLongRe.MatchString(p)
}

const structural = fList | fTable | fQuote | fSubject | fSalutation | fSignoff | fPS | fEnclosure

// isTitle reports whether u is a heading or an all-bold line.
func (u *unit) isTitle() bool { return u.f&(fHeading|fBold) != 0 }

// prefaceNarr reports whether unit i is narration that may open a reply.
func (d *doc) prefaceNarr(i int) bool {
	u := &d.units[i]
	if u.kind != kText || u.f&structural != 0 {
		return false
	}
	c := d.cue(i)
	if u.isTitle() {
		return len(strings.Fields(c)) <= 10 && (labelRe.MatchString(c) || presentRe.MatchString(c) || changeLeadRe.MatchString(c))
	}
	n := runeCount(u.text)
	if n > 600 {
		return false
	}
	if loc := openShortRe.FindStringIndex(c); loc != nil {
		// "OK, ..." or "Yes, ..." is narration when short or when narration follows
		rest := c[loc[1]:]
		if n <= 200 || openRe.MatchString(rest) || editRe.MatchString(rest) || presentRe.MatchString(rest) {
			return true
		}
	}
	switch {
	case openRe.MatchString(c), openCJKRe.MatchString(c), editRe.MatchString(c):
		return true
	case n <= 300 && assistantRe.MatchString(c):
		return true
	case isPresentationLead(c), changeLeadRe.MatchString(c) && endsWithColon(c):
		return true
	case n <= 200 && passiveRe.MatchString(c), n <= 400 && asRequestedRe.MatchString(c):
		return true
	case n <= 300 && strings.HasPrefix(c, "here") && presentRe.MatchString(c):
		return true
	case n <= 80 && labelRe.MatchString(c):
		return true
	case n <= 120 && endsWithColon(c) && editLead(c):
		// a short lead-in about the edit: "Kept it vague:"
		return true
	case n <= 200 && endsSentence(c) && (leadVerbRe.MatchString(c) || firstEdit(c)):
		return true
	}
	return false
}

// afterwordNarr reports whether unit i is narration that may close a reply.
func (d *doc) afterwordNarr(i int) bool {
	u := &d.units[i]
	if u.kind != kText || u.f&(structural&^fQuote) != 0 {
		return false
	}
	c := d.cue(i)
	if u.isTitle() {
		return len(strings.Fields(c)) <= 10 && (changeLeadRe.MatchString(c) || labelRe.MatchString(c) || closeRe.MatchString(c))
	}
	n := runeCount(u.text)
	if n > 800 {
		return false
	}
	switch {
	case closeRe.MatchString(c), closeCJKRe.MatchString(c), editRe.MatchString(c),
		n <= 300 && assistantRe.MatchString(c),
		endsWithColon(c) && changeLeadRe.MatchString(c),
		n <= 200 && passiveRe.MatchString(c), n <= 400 && asRequestedRe.MatchString(c):
		// unless it is a note typeset in the document or a mail footer
		return !docNote(u.text, c) && !footerLine(c)
	}
	return false
}

// changeLead reports whether unit i introduces an account of the changes
// made ("Changes made:", "In this version, I:", "### What I changed"). An
// offer or closing remark ending in a colon counts only at the end of a
// reply (atEnd), and a presentation ("Here are the steps:") never does
// unless it names the changes.
func (d *doc) changeLead(i int, atEnd bool) bool {
	u := &d.units[i]
	if u.kind != kText || u.f&structural != 0 {
		return false
	}
	c := d.cue(i)
	if changeLeadRe.MatchString(c) {
		// "### Removed" among the sections of release notes is not one
		return u.f&fHeading == 0 || !(c == "removed" || c == "omitted" || c == "replaced")
	}
	if !endsWithColon(c) {
		return false
	}
	if versionChangesRe.MatchString(c) {
		return true
	}
	if (editRe.MatchString(c) || passiveRe.MatchString(c) || asRequestedRe.MatchString(c)) && (!presentRe.MatchString(c) || changeWordRe.MatchString(c)) {
		return true
	}
	return atEnd && closeRe.MatchString(c) && !presentRe.MatchString(c)
}

// listBlockStart returns the first unit of the list block that ends at
// unit j: list items and the indented lines under them.
func (d *doc) listBlockStart(j, floor int) int {
	k := j
	for k > floor {
		u := &d.units[k]
		if u.f&fList != 0 || (u.indent >= 2 && (u.kind == kText || u.kind == kFence)) {
			k--
			continue
		}
		break
	}
	return k + 1
}

// listBlockEnd returns the index after the list block starting at unit i.
func (d *doc) listBlockEnd(i int) int {
	k := i
	for k < len(d.units) {
		u := &d.units[k]
		if u.f&fList != 0 || (k > i && u.indent >= 2 && (u.kind == kText || u.kind == kFence)) {
			k++
			continue
		}
		break
	}
	return k
}

// inlineStart finds a body that starts on the narration line itself, after
// a presentation colon ("Sure, here is the revised sentence: The meeting is
// on Monday."). It returns the offset of the body's first byte.
func (d *doc) inlineStart(i int) (int, bool) {
	u := &d.units[i]
	t := u.text
	for off := 0; off < len(t); {
		k := strings.IndexAny(t[off:], ":：")
		if k < 0 {
			return 0, false
		}
		k += off
		_, size := utf8.DecodeRuneInString(t[k:])
		head := cueText(t[:k])
		rest := trimSpan(t, k+size, len(t))
		if rest.Start < rest.End && (presentRe.MatchString(head) || labelRe.MatchString(head)) {
			body := strings.Trim(t[rest.Start:rest.End], "*_ ")
			if runeCount(body) >= 12 {
				return u.span.Start + rest.Start, true
			}
			return 0, false
		}
		off = k + size
	}
	return 0, false
}

// peelPreface returns the index of the first body unit (len(units) when
// every unit is preface), the offset where the body starts inside it (-1
// for its own start), and whether that unit must stay body whatever it
// says (it follows a presentation lead-in).
func (d *doc) peelPreface() (i, at int, keep bool) {
	n := len(d.units)
	list := -1 // the first change list skipped, the body if nothing follows it
	defer func() {
		if i >= n && list >= 0 {
			i, at, keep = list, -1, true
		}
	}()
	for i < n {
		u := &d.units[i]
		if u.kind == kRule {
			i++
			continue
		}
		if !d.prefaceNarr(i) {
			return i, -1, keep
		}
		c := d.cue(i)
		if endsWithColon(c) {
			if d.changeLead(i, false) && i+1 < n && d.units[i+1].f&fList != 0 {
				if list < 0 {
					list = i + 1
				}
				i = d.listBlockEnd(i + 1)
				continue
			}
			// a lead-in promises the deliverable next: keep it as body
			// unless it is an offer or a closing remark
			i++
			for i < n && d.units[i].kind == kRule {
				i++
			}
			return i, -1, i < n && !closeRe.MatchString(d.cue(i))
		}
		if p, ok := d.inlineStart(i); ok {
			return i, p, true
		}
		i++
	}
	return i, -1, false
}

// peelAfterword returns the index of the last body unit, scanning back from
// the end but not past unit floor (nor onto it when keepFloor).
func (d *doc) peelAfterword(floor int, keepFloor bool) int {
	j := len(d.units) - 1
	for j >= floor && !(keepFloor && j == floor) {
		u := &d.units[j]
		if u.kind == kRule || d.afterwordNarr(j) || j > floor && (d.trailNote(j) || d.tableComment(j)) {
			j--
			continue
		}
		if u.f&fList != 0 || u.indent >= 2 {
			if k := d.listBlockStart(j, floor) - 1; k > floor && d.changeLead(k, true) {
				j = k - 1
				continue
			}
		}
		break
	}
	return j
}

// letterEnd trims a letter's body at the end of its signature: the last
// sign-off line, the short lines after it (name, title, contact details,
// placeholders), then postscripts and enclosure lines. Anything after that
// is the assistant speaking again.
func (d *doc) letterEnd(i0, j int) int {
	anchored := false
	for m := i0; m <= j && m < i0+3; m++ {
		if d.units[m].f&(fSubject|fSalutation) != 0 {
			anchored = true
		}
	}
	k := -1
	for m := j; m > i0; m-- {
		if d.units[m].f&fSignoff != 0 {
			k = m
			break
		}
	}
	if k < 0 || (!anchored && j-k > 6) {
		return j
	}
	e := k
	for m := k + 1; m <= j && m-k <= 6; m++ {
		if !d.signatureLine(m) {
			break
		}
		e = m
	}
	for m := e + 1; m <= j; m++ {
		u := &d.units[m]
		if u.f&(fPS|fEnclosure) == 0 {
			break
		}
		e = m
		for m+1 <= j && d.units[m+1].para == u.para && d.units[m+1].f&(fPS|fEnclosure|fSignoff) == 0 && !d.afterwordNarr(m+1) {
			m++
			e = m
		}
	}
	// a confidentiality or mailing-list footer after the signature
	for m := e + 1; m <= j; m++ {
		u := &d.units[m]
		if u.kind == kRule {
			continue
		}
		if u.kind != kText || !footerLine(d.cue(m)) {
			break
		}
		e = m
	}
	return e
}

// signatureLine reports whether unit m can belong to a signature block.
func (d *doc) signatureLine(m int) bool {
	u := &d.units[m]
	if u.kind != kText || u.f&(fList|fTable|fSubject|fSalutation|fPS|fEnclosure|fHeading) != 0 {
		return false
	}
	if moreRunes(u.text, 80) || d.afterwordNarr(m) {
		return false
	}
	t := strings.Trim(u.text, "*_ ")
	if placeholderRe.MatchString(t) {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(t)
	switch {
	case r == ':' || r == '：':
		return false
	case strings.ContainsRune(".!?。！？", r):
		return len(strings.Fields(t)) < 5
	}
	return true
}

// allNarrationRunes is the length up to which a reply made only of
// narration is taken to have no deliverable at all.
const allNarrationRunes = 600

func (d *doc) prose() Parts {
	n := len(d.units)
	if d.talkOnly() {
		return Parts{Mode: ModeProse}
	}
	i0, at, keep := d.peelPreface()
	j := d.peelAfterword(i0, keep)
	if j < i0 {
		if utf8.RuneCountInString(d.text) <= allNarrationRunes {
			return Parts{Mode: ModeProse}
		}
		// A long reply of narration-like lines: only its first and last
		// narration lines are wrapper.
		i0, at, j = 0, -1, n-1
		for i0 < n && d.units[i0].kind == kRule {
			i0++
		}
		if i0 < n && d.prefaceNarr(i0) {
			i0++
		}
		for j > i0 && d.units[j].kind == kRule {
			j--
		}
		if j > i0 && d.afterwordNarr(j) {
			j--
		}
		for j >= i0 && d.units[j].kind == kRule {
			j--
		}
		for i0 <= j && d.units[i0].kind == kRule {
			i0++
		}
		if i0 > j {
			return Parts{Mode: ModeProse}
		}
	}
	j = d.letterEnd(i0, j)
	s := d.units[i0].inner.Start
	if at >= 0 {
		s = at
	}
	b := trimSpan(d.text, s, max(s, d.units[j].inner.End))
	if b.End <= b.Start {
		return Parts{Mode: ModeProse}
	}
	return Parts{Mode: ModeProse, Body: &b}
}

// Letter reports whether text opens like a letter or message (a subject
// line first, a salutation among its first three lines, or a first line that
// starts with a greeting such as "Hi Sam, ...") and whether it closes like
// one (a sign-off among its last six lines). The cues are the splitter's,
// in all the languages it knows.
func Letter(text string) (opening, closing bool) {
	d := parseLines(text, false) // only the first 3 and last 6 lines' features count
	var lines []int
	for i := range d.units {
		if d.units[i].kind == kText {
			lines = append(lines, i)
		}
	}
	for k, i := range lines {
		if k >= 3 && k < len(lines)-6 {
			continue
		}
		f := features(d.units[i].text)
		if k == 0 && f&fSubject != 0 || k < 3 && f&fSalutation != 0 {
			opening = true
		}
		if k >= len(lines)-6 && f&fSignoff != 0 {
			closing = true
		}
	}
	if len(lines) > 0 && !opening {
		first := plainLine(d.units[lines[0]].text)
		opening = greetingLineRe.MatchString(first) || salutationCJKRe.MatchString(first)
	}
	return opening, closing
}
