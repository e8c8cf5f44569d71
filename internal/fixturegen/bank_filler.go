package fixturegen

import "strings"

// Deliverable families of the filler.
type family uint8

const (
	famEmail family = iota
	famDoc
	famList
	famStory
	famAnswer
	famCode
	nFam
)

// Item categories: what a draft may hold that a user later withdraws or
// replaces.
const (
	catPhone = iota
	catEmail
	catAddress
	catMoney
	catPerson
	catPassword
	catKey
	nCat
)

// Revision types, in the order of the names below.
const (
	revWithdraw = iota
	revReplace
	revCorrect
	revReformat
	revExtend
	revOther
	nRev
)

// Reply variants a reformat asks for.
const (
	varPlain = iota
	varBullets
	varShort
	varFormal
)

// lang is the text bank of one conversation language. Templates use the
// slots of writer.slot.
type lang struct {
	name      string // WildChat language name
	space     string // between sentences: " ", or "" for Chinese and Japanese
	names     []string
	cities    []string
	weekdays  [7]string
	months    [12]string
	curPre    string
	curSuf    string
	thousands string
	phones    []string // '#' is a digit
	streets   []string // '#' is a digit
	labels    [nCat]string
	nouns     [nCat]string // "the phone number", as a request or a trace names it
	topics    []string     // subjects of advice questions

	tasks     [nFam][]string // first requests (for famList: itineraries)
	todoTasks []string       // first requests for a to-do list
	pre       [nFam][]string // prefaces of a first draft
	revPre    []string       // prefaces of a revised draft
	closers   []string       // afterword lines (offers, tips)

	subjectLabel                                             string // "Subject: "
	subjects, greets, greetsFormal, signoffs, signoffsFormal []string
	titles, headings, sents                                  []string
	listTitles                                               [2][]string // itinerary, to-do
	story, storyTitles, itinerary, todo                      []string
	dayParts                                                 [3]string
	tableHead                                                [4]string
	statuses                                                 []string
	tipsIntro, tips, tipsOutro                               []string
	stepsIntro, steps                                        []string // a generic how-to answer

	questions, thanks, thanksReply, cont, cueAsk, cueTask []string
	reqDrop                                               []string // withdraw the last paragraph (no item)

	req                                      [nRev][]string
	trIdent, trDesc, trProc, trRepl, trOther []string
	codeOutro                                []string
	storyMore                                []string // prefaces of a continuation
}

// langs are the filler languages with their weights (about 60% English).
var (
	langs       []*lang
	langWeights []int
)

func init() {
	langs = []*lang{&english, &chinese, &russian, &spanish, &french, &german, &portuguese, &japanese}
	langWeights = []int{60, 13, 9, 5, 4, 4, 3, 2}
}

type itemState struct {
	cat         int
	value, repl string
	out         bool // withdrawn
	swapped     bool // replaced by repl
}

func (it *itemState) shown() string {
	if it.swapped {
		return it.repl
	}
	return it.value
}

// convState holds what stays fixed through one conversation.
type convState struct {
	recipient, sender, company, project, city, topic string
	codeLang                                         int
}

// draft describes a deliverable so that it can be rendered again with a
// change: the same seed gives the same text.
type draft struct {
	fam      family
	seed     uint64
	size     int
	sub      int
	variant  int
	extra    int
	fix      uint64
	hasItem  bool
	itemAt   int
	tracePos int // -1 none; 0 opening, 1 middle, 2 closing of the body
	trace    string
}

// gen builds one filler conversation.
type gen struct {
	r     rng
	w     writer
	c     convState
	item  itemState
	d     draft
	has   bool // d is a deliverable the user may revise
	last  bool // the last assistant message shows d
	msgs  []Msg
	total int

	conv   Conv
	record bool // keep events (tests)
	events []fillerEvent
}

const maxConvBytes = 40_000

// fillerGen builds filler conversation index of the stream seeded by seed;
// with record it keeps the revision events in g.events.
func fillerGen(seed int64, index int, record bool) *gen {
	g := &gen{}
	g.build(seed, index, record)
	return g
}

// build makes filler conversation index of the stream seeded by seed into
// g.conv, reusing g's scratch buffer.
func (g *gen) build(seed int64, index int, record bool) {
	buf := g.w.b[:0]
	*g = gen{r: newRng(uint64(seed), mix64(uint64(index)^0x5851f42d4c957f2d)), record: record}
	g.w.b = buf
	L := langs[g.r.weighted(langWeights)]
	g.w.L = L
	g.w.c = &g.c
	g.c = convState{
		recipient: g.r.pick(L.names),
		sender:    g.r.pick(L.names),
		company:   g.r.pick(companies),
		project:   g.r.pick(projects),
		city:      g.r.pick(L.cities),
		topic:     g.r.pick(L.topics),
	}
	rounds := 1 + g.r.weighted([]int{38, 22, 16, 13, 11})
	g.msgs = make([]Msg, 0, 2*rounds)
	g.firstRound()
	for i := 1; i < rounds && g.total < maxConvBytes*3/5; i++ {
		g.laterRound()
	}
	g.conv = Conv{Model: fillerModels[g.r.weighted(fillerModelWeights)], Language: L.name, Messages: g.msgs, Kind: "filler"}
}

func (g *gen) add(role, content string) {
	g.msgs = append(g.msgs, Msg{Role: role, Content: content})
	g.total += len(content)
}

// user adds a user message expanded from tpl.
func (g *gen) user(tpl string) {
	g.w.put(&g.r, tpl)
	g.add("user", g.w.take())
}

var famWeights = []int{18, 14, 9, 10, 21, 28}

func (g *gen) firstRound() {
	f := family(g.r.weighted(famWeights))
	g.newDraft(f)
	g.task(f)
	g.reply(g.r.pick(g.w.L.pre[f]), 0.75, "", -1)
}

// task adds the user request that starts a draft of family f, sometimes
// followed by pasted notes.
func (g *gen) task(f family) {
	r := &g.r
	w := &g.w
	if f == famList && g.d.sub == 1 {
		w.put(r, r.pick(w.L.todoTasks))
	} else {
		w.put(r, r.pick(w.L.tasks[f]))
	}
	if (f == famEmail || f == famDoc) && r.chance(0.35) {
		w.str("\n\n")
		for i := range r.between(1, 3) {
			if i > 0 {
				w.str("\n")
			}
			w.sentences(r, w.L.sents, r.between(2, 5))
		}
	}
	g.add("user", w.take())
}

// newDraft starts a deliverable of family f, sometimes holding an item.
func (g *gen) newDraft(f family) {
	r := &g.r
	d := draft{fam: f, seed: r.u64(), tracePos: -1}
	switch f {
	case famEmail:
		d.size = r.logn(5, 0.45, 1, 12)
		d.sub = r.intn(3)
	case famDoc:
		d.size = r.logn(6, 0.8, 2, 36)
		d.sub = r.intn(4)
	case famList:
		d.size = r.logn(8, 0.4, 4, 22)
		d.sub = r.intn(2)
	case famStory:
		d.size = r.logn(5, 0.5, 2, 20)
	case famAnswer:
		d.size = r.logn(7, 0.3, 3, 12)
	case famCode:
		g.c.codeLang = r.weighted(codeLangWeights)
		d.size = r.logn(4.5, 0.75, 1, 30)
	}
	d.itemAt = r.intn(64)
	g.item = itemState{}
	switch {
	case f == famCode && g.c.codeLang != clSQL && r.chance(0.45):
		d.hasItem = true
		g.item = g.makeItem([]int{catPassword, catKey, catEmail}[r.intn(3)])
	case (f == famEmail || f == famDoc || f == famList) && r.chance(0.7):
		d.hasItem = true
		g.item = g.makeItem([]int{catPhone, catEmail, catAddress, catMoney, catPerson}[r.intn(5)])
	}
	g.d = d
	g.has = f != famAnswer
}

// makeItem draws an item of category cat and a replacement for it.
func (g *gen) makeItem(cat int) itemState {
	return itemState{cat: cat, value: g.itemValue(cat), repl: g.itemValue(cat)}
}

func (g *gen) itemValue(cat int) string {
	r := &g.r
	L := g.w.L
	var b strings.Builder
	digits := func(tpl string) {
		for i := 0; i < len(tpl); i++ {
			if tpl[i] == '#' {
				b.WriteByte(byte('0' + r.intn(10)))
			} else {
				b.WriteByte(tpl[i])
			}
		}
	}
	switch cat {
	case catPhone:
		digits(r.pick(L.phones))
	case catEmail:
		b.WriteString(r.pick(handles))
		b.WriteByte('.')
		b.WriteString(r.pick(handles2))
		b.WriteByte('@')
		b.WriteString(r.pick(domains))
	case catAddress:
		digits(r.pick(L.streets))
	case catMoney:
		g.w.money(r.between(18, 160) * 1000)
		return g.w.take()
	case catPerson:
		for {
			s := r.pick(L.names)
			if s != g.c.recipient && s != g.c.sender {
				return s
			}
		}
	case catPassword:
		b.WriteString(r.pick(pwWords))
		digits("####")
		b.WriteByte("!#$%&*?"[r.intn(7)])
	case catKey:
		b.WriteString(r.pick(keyPrefixes))
		for range 20 {
			b.WriteByte("0123456789abcdef"[r.intn(16)])
		}
	}
	return b.String()
}

// reply renders the current draft as an assistant reply: preface pre (kept
// with probability pPre), the body, and an afterword; trace, when not "",
// goes to the preface (pos 0) or the afterword (pos 1).
func (g *gen) reply(pre string, pPre float64, trace string, pos int) {
	w := &g.w
	L := w.L
	r := &g.r
	if trace != "" && pos == 0 {
		w.str(trace)
		if pre != "" {
			w.str(L.space)
		}
		w.put(r, pre)
		w.str("\n\n")
	} else if pre != "" && r.chance(pPre) {
		w.put(r, pre)
		w.str("\n\n")
	}
	if g.d.fam == famCode {
		w.str(fence)
		w.str(codeFence[g.c.codeLang])
		w.str("\n")
		g.render()
		w.str(fence)
	} else {
		g.render()
	}
	if trace != "" && pos == 1 {
		w.str("\n\n")
		w.str(trace)
	}
	switch {
	case g.d.fam == famCode && r.chance(0.6):
		w.str("\n\n")
		w.put(r, r.pick(L.codeOutro))
	case r.chance(0.3):
		w.str("\n\n")
		w.put(r, r.pick(L.closers))
	}
	g.add("assistant", w.take())
	g.last = true
}

// laterRound adds one user turn after the first and its reply.
func (g *gen) laterRound() {
	r := &g.r
	L := g.w.L
	switch r.weighted([]int{20, 22, 26, 10, 8, 10, 10}) {
	case 0:
		// A revision follows the draft it revises.
		if g.has && g.last {
			g.revise()
			return
		}
		g.question()
	case 1:
		g.question()
	case 2:
		f := family(r.weighted(famWeights))
		g.newDraft(f)
		g.task(f)
		g.reply(r.pick(L.pre[f]), 0.75, "", -1)
	case 3:
		g.user(r.pick(L.thanks))
		g.w.put(r, r.pick(L.thanksReply))
		g.add("assistant", g.w.take())
		g.last = false
	case 4:
		g.user(r.pick(L.cont))
		if g.d.fam == famStory {
			g.d.seed = r.u64()
			g.d.size = r.logn(4, 0.5, 2, 16)
			g.reply(r.pick(L.storyMore), 0.3, "", -1)
			return
		}
		g.prose(r.between(2, 5))
	case 5:
		g.user(r.pick(L.cueAsk))
		g.answer()
	default:
		g.newDraft(famCode)
		g.user(r.pick(L.cueTask))
		g.reply(r.pick(L.pre[famCode]), 0.8, "", -1)
	}
}

// question adds a follow-up question and a prose answer.
func (g *gen) question() {
	g.user(g.r.pick(g.w.L.questions))
	g.prose(g.r.between(2, 5))
}

// prose adds an assistant reply of n paragraphs of general sentences.
func (g *gen) prose(n int) {
	w := &g.w
	for i := range n {
		if i > 0 {
			w.str("\n\n")
		}
		w.sentences(&g.r, w.L.sents, g.r.between(2, 5))
	}
	g.add("assistant", w.take())
	g.last = false
}

// answer adds a how-to answer (numbered steps) as the reply.
func (g *gen) answer() {
	d := g.d
	g.d = draft{fam: famAnswer, sub: 1, seed: g.r.u64(), size: g.r.between(3, 6), tracePos: -1}
	g.reply("", 0, "", -1)
	g.d = d
	g.last = false
}

var revWeights = []int{30, 18, 14, 18, 12, 8}

// revise adds a revision request on the current draft and the revised
// draft, sometimes with a trace.
func (g *gen) revise() {
	r := &g.r
	L := g.w.L
	typ := r.weighted(revWeights)
	it := &g.item
	noItem := !g.d.hasItem || it.out || it.swapped
	prose := g.d.fam == famEmail || g.d.fam == famDoc || g.d.fam == famStory
	dropLast := typ == revWithdraw && noItem && prose && g.parts() > 1
	if (typ == revWithdraw || typ == revReplace) && noItem && !dropLast {
		typ = revReformat + r.intn(3)
	}
	g.w.it = it
	turn := len(g.msgs)
	if dropLast {
		g.user(r.pick(L.reqDrop))
	} else {
		g.user(r.pick(L.req[typ]))
	}
	pTrace := 0.05
	switch {
	case dropLast:
		g.d.extra--
		pTrace = 0.24
	case typ == revWithdraw:
		it.out = true
		pTrace = 0.24
	case typ == revReplace:
		it.swapped = true
		pTrace = 0.1
	case typ == revCorrect:
		g.d.fix++
	case typ == revReformat:
		if g.d.fam == famCode {
			g.d.seed = mix64(g.d.seed)
		} else {
			g.d.variant = 1 + r.intn(3)
		}
	case typ == revExtend:
		g.d.extra++
	case typ == revOther:
		g.d.seed = r.u64()
	}
	trace, pos := "", -1
	if r.chance(pTrace) {
		switch {
		case dropLast:
			trace = r.pick(L.trProc)
		case typ == revWithdraw:
			switch r.weighted([]int{45, 35, 20}) {
			case 0:
				trace = r.pick(L.trIdent)
			case 1:
				trace = r.pick(L.trDesc)
			default:
				trace = r.pick(L.trProc)
			}
		case typ == revReplace:
			trace = r.pick(L.trRepl)
		default:
			trace = r.pick(L.trOther)
		}
		g.w.put(r, trace)
		trace = g.w.take()
		switch r.weighted([]int{30, 35, 35}) {
		case 0:
			pos = 0
		case 1:
			if g.d.fam == famCode && g.c.codeLang == clJSON {
				pos = 1
				break
			}
			g.d.trace = trace
			g.d.tracePos = r.intn(3)
		default:
			pos = 1
		}
	}
	if g.record {
		g.events = append(g.events, fillerEvent{turn: turn, typ: typ, item: *it, hasItem: g.d.hasItem && !dropLast, trace: trace})
	}
	if pos < 0 {
		g.reply(r.pick(L.revPre), 0.85, "", -1)
	} else {
		g.reply(r.pick(L.revPre), 0.85, trace, pos)
	}
	g.d.tracePos, g.d.trace = -1, ""
	g.w.it = nil
}

// fillerEvent records one revision of a filler conversation (tests only).
type fillerEvent struct {
	turn    int // index of the request in the messages
	typ     int
	item    itemState // the draft's item after the revision
	hasItem bool
	trace   string // the trace sentence, "" when none
}

// render writes the body of the current draft.
func (g *gen) render() {
	if g.d.hasItem && !g.item.out {
		g.w.it = &g.item
	} else {
		g.w.it = nil
	}
	switch g.d.fam {
	case famEmail:
		g.renderEmail()
	case famDoc:
		g.renderDoc()
	case famList:
		g.renderList()
	case famStory:
		g.renderStory()
	case famAnswer:
		g.renderAnswer()
	case famCode:
		g.renderCode()
	}
	if g.d.hasItem {
		g.w.it = &g.item
	}
}

// paraRng returns the stream of paragraph i of the current draft.
func (g *gen) paraRng(i int) rng {
	fix := uint64(0)
	if i == 0 {
		fix = g.d.fix
	}
	return newRng(g.d.seed, uint64(i)*0x9e3779b97f4a7c15+fix)
}

// parts returns how many paragraphs a prose draft shows.
func (g *gen) parts() int {
	n := g.d.size + g.d.extra
	if g.w.L.space == "" {
		n += n / 2 // Chinese and Japanese say more per character
	}
	if g.d.variant == varShort {
		n = max(1, n/2)
	}
	return n
}

// bodyTrace writes the draft's body trace as a paragraph when it belongs
// before paragraph i of n (i == n: after the last one).
func (g *gen) bodyTrace(i, n int) {
	d := &g.d
	if d.tracePos < 0 {
		return
	}
	at := [3]int{0, n / 2, n}[d.tracePos]
	if i != at {
		return
	}
	if i == n {
		g.w.str("\n\n")
		g.w.str(d.trace)
		return
	}
	g.w.str(d.trace)
	g.w.str("\n\n")
}

// itemLine writes "Label: value" when the draft shows its item after
// paragraph i of n, and reports whether it did.
func (g *gen) itemLine(i, n int, prefix string) bool {
	it := g.w.it
	if it == nil || g.d.itemAt%n != i {
		return false
	}
	w := &g.w
	w.str(prefix)
	w.str(w.L.labels[it.cat])
	w.str(": ")
	w.str(it.shown())
	w.str("\n")
	return true
}

func (g *gen) renderEmail() {
	w := &g.w
	L := w.L
	d := &g.d
	lr := newRng(d.seed, 1)
	if d.sub == 0 && d.variant != varShort {
		w.str(L.subjectLabel)
		w.put(&lr, lr.pick(L.subjects))
		w.str("\n\n")
	}
	if d.variant == varFormal {
		w.put(&lr, lr.pick(L.greetsFormal))
	} else {
		w.put(&lr, lr.pick(L.greets))
	}
	w.str("\n\n")
	n := g.parts()
	for i := range n {
		g.bodyTrace(i, n)
		pr := g.paraRng(i)
		g.paragraph(&pr, L.sents, pr.between(2, 5))
		w.str("\n\n")
		if g.itemLine(i, n, "") {
			w.str("\n")
		}
	}
	if d.variant == varFormal {
		w.put(&lr, lr.pick(L.signoffsFormal))
	} else {
		w.put(&lr, lr.pick(L.signoffs))
	}
	w.str("\n")
	w.str(g.c.sender)
	g.bodyTrace(n, n)
}

// paragraph writes k sentences, as bullets for the bullet variant.
func (g *gen) paragraph(r *rng, bank []string, k int) {
	w := &g.w
	if g.d.variant != varBullets {
		w.sentences(r, bank, k)
		return
	}
	for j := range k {
		if j > 0 {
			w.str("\n")
		}
		w.str("- ")
		w.put(r, bank[w.fresh(r, len(bank))])
	}
}

func (g *gen) renderDoc() {
	w := &g.w
	L := w.L
	d := &g.d
	lr := newRng(d.seed, 1)
	w.str("# ")
	w.put(&lr, lr.pick(L.titles))
	w.str("\n\n")
	n := g.parts()
	table := d.sub == 0
	for i := range n {
		g.bodyTrace(i, n)
		pr := g.paraRng(i)
		if i > 0 || pr.chance(0.5) {
			w.str("## ")
			w.put(&pr, L.headings[(i+int(d.seed%7))%len(L.headings)])
			w.str("\n\n")
		}
		g.paragraph(&pr, L.sents, pr.between(3, 6))
		w.str("\n\n")
		if pr.chance(0.3) {
			base := pr.intn(len(L.todo))
			for k := range pr.between(2, 5) {
				w.str("- ")
				w.put(&pr, L.todo[(base+k)%len(L.todo)])
				w.str("\n")
			}
			w.str("\n")
		}
		if g.itemLine(i, n, "- ") {
			w.str("\n")
		}
		if table && i == n/2 {
			table = false
			g.table(&pr)
		}
	}
	g.bodyTrace(n, n)
}

func (g *gen) table(r *rng) {
	w := &g.w
	L := w.L
	w.str("| ")
	w.str(strings.Join(L.tableHead[:], " | "))
	w.str(" |\n|---|---|---|---|\n")
	base := r.intn(len(L.todo))
	for k := range r.between(3, 8) {
		w.str("| ")
		w.put(r, L.todo[(base+k)%len(L.todo)])
		w.str(" | ")
		w.str(r.pick(L.names))
		w.str(" | ")
		w.str(r.pick(L.statuses))
		w.str(" | ")
		w.put(r, "¤D")
		w.str(" |\n")
	}
	w.str("\n")
}

func (g *gen) renderList() {
	w := &g.w
	L := w.L
	d := &g.d
	lr := newRng(d.seed, 1)
	w.str("**")
	w.put(&lr, lr.pick(L.listTitles[min(d.sub, 1)]))
	w.str("**\n\n")
	n := g.parts()
	bank := L.todo
	if d.sub == 0 {
		bank = L.itinerary
		w.clock = (8 + lr.intn(2)) * 60
	}
	base := lr.intn(len(bank))
	if d.sub == 0 {
		// An itinerary keeps the bank's order (breakfast first), skipping some.
		n = min(n, len(bank))
		base = 0
	}
	next := 0
	for i := range n {
		g.bodyTrace(i, n)
		pr := g.paraRng(i)
		k := (base + i) % len(bank)
		if d.sub == 0 {
			k = next + pr.intn(len(bank)-next-(n-1-i))
			next = k + 1
		}
		if d.sub == 0 && i%max(1, n/3) == 0 && i/max(1, n/3) < 3 {
			if i > 0 {
				w.str("\n")
			}
			w.str("**")
			w.str(L.dayParts[i/max(1, n/3)])
			w.str("**\n")
		}
		w.str("- ")
		w.put(&pr, bank[k])
		w.str("\n")
		g.itemLine(i, n, "- ")
	}
	w.clock = 0
	g.bodyTrace(n, n)
}

func (g *gen) renderStory() {
	w := &g.w
	L := w.L
	d := &g.d
	lr := newRng(d.seed, 1)
	if lr.chance(0.5) {
		w.str("**")
		w.put(&lr, lr.pick(L.storyTitles))
		w.str("**\n\n")
	}
	n := g.parts()
	for i := range n {
		g.bodyTrace(i, n)
		if i > 0 {
			w.str("\n\n")
		}
		pr := g.paraRng(i)
		g.paragraph(&pr, L.story, pr.between(3, 7))
	}
	g.bodyTrace(n, n)
}

func (g *gen) renderAnswer() {
	w := &g.w
	L := w.L
	d := &g.d
	lr := newRng(d.seed, 1)
	intro, bank, outro := L.tipsIntro, L.tips, L.tipsOutro
	if d.sub == 1 {
		intro, bank, outro = L.stepsIntro, L.steps, L.closers
	}
	w.put(&lr, lr.pick(intro))
	w.str("\n\n")
	n := g.parts()
	base := lr.intn(len(bank))
	for i := range n {
		g.bodyTrace(i, n)
		pr := g.paraRng(i)
		w.num(i + 1)
		w.str(". ")
		w.put(&pr, bank[(base+i)%len(bank)])
		w.str("\n")
	}
	w.str("\n")
	w.put(&lr, lr.pick(outro))
	g.bodyTrace(n, n)
}

// Shared vocabularies for item values.
var (
	handles     = []string{"alex", "maria", "j", "sam", "k", "lena", "tom", "nina", "omar", "yuki", "li", "ana", "d", "pavel"}
	handles2    = []string{"smith", "garcia", "chen", "novak", "mueller", "dubois", "silva", "tanaka", "ivanova", "rossi", "kim", "berg"}
	domains     = []string{"example.com", "example.org", "mail.example.net", "corp.example.com"}
	pwWords     = []string{"Summer", "Falcon", "Maple", "Orbit", "Pepper", "Harbor", "Velvet", "Copper"}
	keyPrefixes = []string{"sk_demo_", "key_", "tok_", "ak_live_demo_"}
	projects    = []string{"Apollo", "Bluebird", "Cedar", "Delta", "Ember", "Falcon", "Granite", "Horizon", "Iris", "Juniper", "Kite", "Lighthouse"}

	fillerModels       = []string{"gpt-3.5-turbo-0613", "gpt-3.5-turbo-0125", "gpt-4-0314", "gpt-4-1106-preview", "gpt-4-0125-preview", "gpt-4o-2024-05-13", "gpt-4o-2024-08-06", "gpt-4o-mini-2024-07-18", "gpt-4.1-mini-2025-04-14", "o1-mini-2024-09-12", "o1-preview-2024-09-12"}
	fillerModelWeights = []int{22, 14, 4, 8, 8, 8, 12, 10, 8, 4, 2}
)
