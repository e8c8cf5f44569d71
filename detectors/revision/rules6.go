package revision

import (
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/revtrace/revtrace/detectors/screen"
)

// The rule families of revision-rules-6, one or more per error class of the
// retired third held-out set (testdata/gold/TURNS.md, "Retirement of the
// third held-out set"). They run once per candidate turn, after the cue
// rules and the cue-less path (rules6): vetoes of an accepted verdict, type
// refinements of a multi-request turn, and families that find a request
// the earlier rules left out. The examples are in rules6_test.go.

// accepted6 is one cue that judge accepted, with the type it gave.
type accepted6 struct {
	h   screen.Hit
	typ string
}

// rules6 revises the verdict typ/item of the earlier rules.
func (a *analysis) rules6(typ, item string) (string, string) {
	if typ == Other && a.onlyAnnouncers() {
		// "solo una cosa: …": the announcer names no change; what follows does
		a.note("rules-6: only an announcer was accepted")
		typ, item = "", ""
	}
	if typ != "" {
		if why := a.veto6(typ); why != "" {
			a.note("rules-6 veto: %s", why)
			return "", ""
		}
		if t, it, why := a.retype6(typ, item); why != "" {
			a.note("rules-6 type: %s", why)
			return t, it
		}
		return typ, item
	}
	if a.turnVeto() != "" || a.transformNew() || a.mat.present && !a.mat.draft && !a.mat.log && !a.mat.context {
		return "", ""
	}
	if t, it, why := a.find6(); t != "" {
		a.note("rules-6: %s", why)
		return t, it
	}
	return "", ""
}

// ---- helpers

// rawFold returns the whole turn folded (quotes and code kept), once.
func (a *analysis) rawFold() string {
	if !a.rawDone6 {
		a.rawDone6, a.raw6 = true, screen.Fold(a.turn)
	}
	return a.raw6
}

// sentText returns the folded text of sentence s, trimmed.
func (a *analysis) sentText(s span) string { return strings.TrimSpace(a.f[s.s:s.e]) }

func endsQuestion(t string) bool {
	t = strings.TrimRight(t, " )")
	return strings.HasSuffix(t, "?") || strings.HasSuffix(t, "？")
}

// anyQuestion reports a sentence of the turn closed by a question mark.
func (a *analysis) anyQuestion() bool {
	for _, s := range a.sents {
		if endsQuestion(a.sentText(s)) {
			return true
		}
	}
	return endsQuestion(a.f)
}

// draftStem6 reports w, a word of the turn, as a word of the draft, also in
// another inflection ("macro" for "macros", "masters" for "master's").
func (a *analysis) draftStem6(w string) bool {
	if a.prevWord(w) {
		return true
	}
	n := utf8.RuneCountInString(w)
	if n < 5 || fillers[w] || stopish[w] {
		return false
	}
	r := []rune(w)
	stem := string(r[:n-1])
	if n >= 7 {
		stem = string(r[:n-2])
	}
	return strings.Contains(a.prevText(), stem)
}

// draftOverlap reports a content word of ts found in the draft, or for CJK
// text a two-rune piece of the draft.
func (a *analysis) draftOverlap(ts []tok) bool {
	for _, t := range ts {
		if !t.cjk && a.draftStem6(t.w) {
			return true
		}
	}
	var run []rune
	flush := func() bool {
		for i := 0; i+1 < len(run); i++ {
			if strings.Contains(a.prevText(), string(run[i:i+2])) && !cjkFunctionPair(string(run[i:i+2])) {
				return true
			}
		}
		run = run[:0]
		return false
	}
	for _, t := range ts {
		if t.cjk {
			run = append(run, []rune(t.w)...)
			continue
		}
		if flush() {
			return true
		}
	}
	return flush()
}

// cjkFunctionPair are two-rune pieces common to any text.
func cjkFunctionPair(p string) bool {
	switch p {
	case "一个", "这个", "那个", "我们", "你们", "可以", "的时", "一下", "什么", "です", "ます", "して", "ない", "てい", "いる", "った":
		return true
	}
	return false
}

// ---- vetoes of an accepted verdict

func (a *analysis) veto6(typ string) string {
	switch {
	case a.deferWriting():
		return "asks not to write yet (a question comes first)"
	case a.questionThenAside():
		return "a question about the draft; the cue is in an aside"
	case a.approvesForm():
		return "approves the draft's form"
	case typ == Extend && a.howToAlso():
		return "asks how to do another thing too"
	case typ == Correct && a.missingDependency():
		return "a missing package in the user's setup, asks how to install it"
	}
	return ""
}

// ---- class: "not yet" (не пиши пока, don't write it yet)

var notYetWords = set(`yet пока todavía todavia aún aun encore noch ainda ancora`)

var dontWriteCues = []string{"don't write", "dont write", "do not write", "don't change", "dont change", "don't rewrite",
	"не пиши", "не переписывай", "не меняй", "no escribas", "no lo escribas", "no cambies", "n'écris pas", "ne l'écris pas",
	"ne change pas", "schreib", "änder", "não escreve", "não escreva", "não mude", "não muda", "non scrivere",
	"non cambiare", "non riscrivere"}

var cjkDontWrite = []string{"先别写", "先不要写", "先别改", "先不要改", "先不用写", "まだ書かないで", "まだ変えないで", "まだ直さないで"}

// deferWriting reports a turn that asks the assistant to hold off ("just
// curious, don't write it yet", "schreib noch nicht").
func (a *analysis) deferWriting() bool {
	if !a.anyQuestion() {
		return false // "地址先别写": a keep-out, nothing else is asked
	}
	for _, c := range cjkDontWrite {
		if strings.Contains(a.f, c) {
			return true
		}
	}
	for _, s := range a.sents {
		text := a.sentText(s)
		ts := a.toks(s.s, s.e)
		yet := false
		for _, t := range ts {
			if notYetWords[t.w] {
				yet = true
			}
		}
		if !yet {
			continue
		}
		for _, c := range dontWriteCues {
			if !hasPhrase(text, c) && !strings.Contains(text, c+" ") {
				continue
			}
			if c == "schreib" || c == "änder" {
				// de: "schreib (es) noch nicht"
				if !strings.Contains(text, "noch nicht") {
					continue
				}
			}
			return true
		}
	}
	return false
}

// ---- class: a question about the draft with the cue in an aside ("why is
// it X and not Y? i always get that wrong", "is this too stiff? i don't want
// them to ignore it", "perché hai usato X? cambia qualcosa?", "what does
// reset_index do here, the output looks the same without it")

var openingQuestionWords = set(`why what how is does do did are perché perche cosa pourquoi qu'est-ce warum wieso was
	почему зачем что por qué porque qué que por porquê porque`)

var habitWords = set(`always never usually often siempre nunca toujours jamais immer nie всегда никогда sempre mai spesso`)

var thirdParties = set(`them him her people anyone nobody someone they ellos ellas les leur ihn sie их его её eles elas loro`)

var indefinites6 = set(`anything something algo quelque chose etwas что-то что-нибудь что alguma qualcosa nulla niente`)

var sameWords = set(`same identical igual pareil pareille gleich одинаково так же mesmo mesma uguale stesso stessa`)

var requestOpeners = set(`can could would will please pls puedes podrías podrias peux pourrais kannst könntest kannst
	можешь можете пожалуйста pode podes poderia puoi potresti`)

func (a *analysis) questionThenAside() bool {
	if len(a.acc) == 0 || len(a.sents) == 0 || a.turnCJK() {
		return false
	}
	first := a.sents[0]
	fw := skipWords(a.wordsOf(first.s, first.e), discourse)
	if len(fw) < 2 || !openingQuestionWords[fw[0]] || requestOpeners[fw[0]] {
		return false
	}
	firstQ := endsQuestion(a.sentText(first))
	for _, x := range a.acc {
		s := a.sentenceOf(x.h.Start)
		cs := a.clauseStart(s, x.h.Start)
		lead := a.wordsOf(cs, x.h.Start)
		clause := a.wordsOf(cs, s.e)
		if s == first {
			// the cue after a comma in the opening question: a statement
			// about what the draft does ("the output looks the same without it")
			if firstQ || cs == s.s || len(lead) == 0 || !anyIn(clause, sameWords) && !anyIn(clause, set(`looks seems works`)) {
				return false
			}
			continue
		}
		if !firstQ {
			return false
		}
		st := a.sentText(s)
		switch {
		case endsQuestion(st) && !requestOpeners[firstOf(clause)] && anyIn(clause, indefinites6):
			// "cambia qualcosa?": does it change anything
		case len(lead) > 0 && firstPersonOpeners[lead[0]] && (anyIn(clause, habitWords) || anyIn(clause, thirdParties)):
			// "i always get that wrong", "i don't want them to ignore it"
		default:
			return false
		}
	}
	return true
}

func anyIn(ws []string, m map[string]bool) bool {
	for _, w := range ws {
		if m[w] {
			return true
		}
	}
	return false
}

func firstOf(ws []string) string {
	if len(ws) == 0 {
		return ""
	}
	return ws[0]
}

// ---- class: thanks that name the form ("thanks, that tone is exactly right")

var approvalWords = set(`right perfect perfectly great spot fine good parfait parfaite parfaitement idéal perfecto perfecta
	genial ideal perfekt super идеально отлично идеален perfeito perfeita ótimo otimo perfetto perfetta giusto giusta`)

var cjkApproval = []string{"刚好", "正好", "完美", "很好", "ぴったり", "ちょうどいい", "完璧"}

func (a *analysis) approvesForm() bool {
	if len(a.acc) == 0 || a.anyQuestion() {
		return false
	}
	for _, x := range a.acc {
		if x.h.Family != screen.Reformat {
			return false
		}
		s := a.sentenceOf(x.h.Start)
		after := a.toks(x.h.End, s.e)
		ok := false
		for i, t := range after {
			if i > 4 {
				break
			}
			if t.w == "not" || t.w == "too" || t.w == "but" || t.w == "pas" || t.w == "nicht" || t.w == "не" || t.w == "demasiado" || t.w == "trop" || t.w == "zu" {
				return false
			}
			if approvalWords[t.w] {
				ok = true
			}
		}
		if !ok {
			rest := a.f[x.h.End:s.e]
			for _, c := range cjkApproval {
				if strings.Contains(rest, c) {
					ok = true
				}
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// ---- class: how to do another thing, with "also" ("…の方法も教えてください")

func (a *analysis) howToAlso() bool {
	f := a.f
	how := strings.Contains(f, "方法") || strings.Contains(f, "やり方") || strings.Contains(f, "仕方") || strings.Contains(f, "怎么") ||
		strings.Contains(f, "如何")
	tell := strings.Contains(f, "教えて") || strings.Contains(f, "告诉我") || strings.Contains(f, "教我") || strings.Contains(f, "说一下") ||
		strings.Contains(f, "讲一下")
	return how && tell
}

// ---- class: a package missing in the user's setup and how to install it

var missingMarks = []string{"no module named", "modulenotfounderror", "cannot find module", "command not found",
	"is not recognized as", "could not find a version", "package not found", "no such module", "not installed"}

var installWords = []string{"install", "安装", "装", "instalar", "instalo", "installer", "installe", "installieren",
	"installiere", "установить", "поставить", "installare", "installo", "インストール", "pip"}

var howWords = set(`how what como cómo comment wie как come where`)

func (a *analysis) missingDependency() bool {
	if !strings.Contains(a.turn, "odule") && !strings.Contains(a.turn, "not found") && !strings.Contains(a.turn, "not recognized") &&
		!strings.Contains(a.turn, "not installed") && !strings.Contains(a.turn, "could not find") {
		return false
	}
	raw := a.rawFold()
	if a.nwords > 25 || hasAnyPhrase(a.f, []string{"you told me", "you said", "like you said", "as you said"}) {
		return false // the draft's own advice failed
	}
	if !hasSubstring(raw, missingMarks) {
		return false
	}
	if !hasSubstring(a.f, installWords) {
		return false
	}
	if strings.Contains(a.f, "怎么") || strings.Contains(a.f, "如何") || strings.Contains(a.f, "どうやって") || strings.Contains(a.f, "方法") {
		return true
	}
	return a.anyQuestion() || anyIn(a.wordsOf(0, len(a.f)), howWords)
}

// ---- type refinements of a multi-request turn

func (a *analysis) retype6(typ, item string) (string, string, string) {
	// a swap led by "instead of X" ("statt X bitte Y", "en lugar de X,
	// ¿podemos meter Y?") outranks a correction or a vague cue
	if typeRank(typ) > typeRank(Replace) {
		if ok, it := a.insteadLedSwap(); ok {
			return Replace, it, "a swap led by \"instead of X\""
		}
	}
	// a keep-out stated without a removal imperative outranks what the
	// cue-less path read as a statement about the draft
	if typeRank(typ) > typeRank(Withdraw) && len(a.acc) == 0 {
		if ok, it := a.softKeepOut(); ok {
			return Withdraw, it, "a polite or stated keep-out of a part of the draft"
		}
	}
	// "cut it to 80 words": a length, not a withdrawal
	if typ == Withdraw && a.lengthCut() {
		t := Reformat
		for _, x := range a.acc {
			if !a.isLengthCut(x.h) && typeRank(x.typ) < typeRank(t) {
				t = x.typ
			}
		}
		if t != Withdraw {
			return t, "", "cut to a length is a reformat"
		}
	}
	// "20% is way more than allowed, make it 10": a value of the draft and its substitute
	if (typ == Reformat || typ == Other) && a.makeItValue() != "" {
		return Replace, a.makeItValue(), "a value of the draft given a new value"
	}
	// a stated contrast with the draft in a multi-request turn ("it's the
	// 15th, not the 30th … and can you add …") is a correction
	if typeRank(typ) > typeRank(Correct) && a.nwords <= 40 {
		all := a.toks(0, len(a.f))
		if i, ok := a.contrast(all); ok && i > 0 && i < len(all) {
			// the contrast stands in a sentence of its own, or the only
			// cue is a vague one ("ça change tout")
			s := a.sentenceOf(all[i].s)
			own := i >= 2 && all[i-2].s >= s.s // "X, not Y" inside a sentence, not its opening "not"
			for _, x := range a.acc {
				if a.sentenceOf(x.h.Start) == s && x.typ != Other && a.clauseStart(s, x.h.Start) <= all[i].s {
					own = false
				}
			}
			if own {
				return Correct, "", "states a contrast with the draft"
			}
		}
	}
	return "", "", ""
}

var cutVerbs = set(`cut trim shorten chop reduce recorta acorta coupe raccourcis kürze kürz сократи обрежь corta encurta taglia accorcia`)

var lengthUnits = set(`words word lines line sentences characters chars palabras líneas mots lignes phrases wörter wörtern zeilen
	sätze слов слова строк строки palavras linhas parole righe frasi`)

func (a *analysis) isLengthCut(h screen.Hit) bool {
	ts := a.toks(h.Start, min(len(a.f), h.End+60))
	if len(ts) == 0 || !cutVerbs[ts[0].w] {
		return false
	}
	for i, t := range ts[1:] {
		if i > 7 {
			break
		}
		if lengthUnits[t.w] {
			return true
		}
	}
	return false
}

func (a *analysis) lengthCut() bool {
	for _, x := range a.acc {
		if x.typ == Withdraw && a.isLengthCut(x.h) {
			return true
		}
	}
	return false
}

// makeItValue returns a number of the draft named in the turn when the turn
// ends with "make it N" / "mets N" / "改成N" (a new value for it).
func (a *analysis) makeItValue() string {
	all := a.toks(0, len(a.f))
	n := len(all)
	if n < 4 || !isNumber(all[n-1].w) {
		return ""
	}
	lead := all[n-3].w + " " + all[n-2].w
	switch lead {
	case "make it", "make that", "change it", "set it", "put it", "mets-en", "haz que", "mach es", "mach daraus",
		"сделай его", "faça isso", "fallo", "fanne", "ponlo", "ponla", "mettilo":
	default:
		if all[n-2].w != "make" && all[n-2].w != "mets" && all[n-2].w != "pon" && all[n-2].w != "metti" && all[n-2].w != "coloca" {
			return ""
		}
	}
	for _, t := range all[:n-2] {
		if isNumber(t.w) && t.w != all[n-1].w && hasToken(a.prevText(), t.w) {
			return a.f[t.s:t.e]
		}
	}
	return ""
}

// insteadLedSwap reports a sentence that opens (after a position such as
// "el día 2,") with "instead of X", X a part of the draft, and then gives
// the substitute: quoted, after a verb of putting, or after a request frame.
func (a *analysis) insteadLedSwap() (bool, string) {
	for _, h := range a.hits {
		if h.Family != screen.Replace || !prepositionCues[h.Keyword] || withoutCues[h.Keyword] || h.Keyword == "instead" {
			continue
		}
		s := a.sentenceOf(h.Start)
		lead := a.toks(s.s, h.Start)
		if len(lead) > 4 {
			continue
		}
		for _, t := range lead {
			if firstPersonOpeners[t.w] || t.w == "puedo" || t.w == "posso" || t.w == "peux" || t.w == "can" {
				return false, "" // "can i use X instead of Y": advice
			}
		}
		// X: a quoted string of the draft or a content word of the draft
		// within four words
		raw := a.rawFold()
		after := raw[h.End:min(len(raw), s.e+1)]
		x := ""
		if q := quoted6(after); q != "" && strings.Contains(a.prevText(), q) {
			x = q
		} else {
			for i, t := range a.toks(h.End, s.e) {
				if i > 3 {
					break
				}
				if a.draftStem6(t.w) || isNumber(t.w) && hasToken(a.prevText(), t.w) || a.earlierDraftWord(t.w) {
					x = t.w
					break
				}
			}
		}
		if x == "" {
			continue
		}
		rest := a.toks(h.End, s.e)
		subst := strings.Count(after, "'")+strings.Count(after, "\"")+strings.Count(after, "“")+strings.Count(after, "«") >= 3
		for i, t := range rest {
			if i > 0 && (placementVerbs[t.w] || useVerbs[t.w] || t.w == "meter" || t.w == "metti" || t.w == "bitte" ||
				t.w == "podemos" || t.w == "please" || t.w == "por" || t.w == "mettre" || t.w == "poner") {
				subst = true
			}
		}
		if subst {
			return true, x
		}
	}
	return false, ""
}

// earlierDraftWord reports w (five runes or more) as a word of an earlier
// assistant message (the memo's folded messages): "en lugar del Prado"
// after an itinerary and a side answer.
func (a *analysis) earlierDraftWord(w string) bool {
	if utf8.RuneCountInString(w) < 5 || fillers[w] || stopish[w] {
		return false
	}
	for _, m := range a.assistant() {
		if hasToken(m, w) {
			return true
		}
	}
	return false
}

// quoted6 returns the first quoted string of t ('x', "x", “x”, «x»); an
// apostrophe inside a word ("it's") opens no quote.
func quoted6(t string) string {
	for _, q := range [][2]string{{"'", "'"}, {"\"", "\""}, {"“", "”"}, {"«", "»"}, {"‘", "’"}} {
		for off := 0; off < len(t); {
			i := strings.Index(t[off:], q[0])
			if i < 0 {
				break
			}
			i += off
			off = i + len(q[0])
			if b, _ := utf8.DecodeLastRuneInString(t[:i]); i > 0 && isWordRune(b) {
				continue
			}
			j := strings.Index(t[i+len(q[0]):], q[1])
			if j <= 0 {
				break
			}
			e := i + len(q[0]) + j
			if r, _ := utf8.DecodeRuneInString(t[e+len(q[1]):]); e+len(q[1]) < len(t) && isWordRune(r) {
				continue
			}
			return strings.TrimSpace(t[i+len(q[0]) : e])
		}
	}
	return ""
}

// ---- families that find a request the earlier rules left out

func (a *analysis) find6() (string, string, string) {
	if ok, it := a.insteadLedSwap(); ok {
		return Replace, it, "a swap led by \"instead of X\""
	}
	if a.fencedErrorAfterCode() {
		return Correct, "", "a pasted error after code, with a short word of context"
	}
	if a.errorElsewhere() {
		return "", "", ""
	}
	if ok, it := a.softKeepOut(); ok {
		return Withdraw, it, "a polite or stated keep-out of a part of the draft"
	}
	if a.behaviourWhen() {
		return Correct, "", "what the code does when the user does something"
	}
	if a.cjkShortfall() {
		return Correct, "", "the code's result is short or has too much"
	}
	if a.shouldRead() {
		return Correct, "", "the draft's part given as it should read"
	}
	if a.anyQuestion() && !a.politeFrameOnly() {
		if a.redoProposal() {
			return Other, "", "proposes to start over"
		}
		if a.alsoFrame() {
			return Extend, "", "a polite request to add to the draft"
		}
		if a.politeEdit() {
			return Reformat, "", "a polite request to polish the draft"
		}
		return "", "", ""
	}
	if a.redoProposal() {
		return Other, "", "proposes to start over"
	}
	if a.alsoFrame() {
		return Extend, "", "a polite request to add to the draft"
	}
	if a.politeEdit() {
		return Reformat, "", "a polite request to polish the draft"
	}
	if ok, it := a.sayInstead(); ok {
		return Replace, it, "a quoted part of the draft and what to say instead"
	}
	if a.youPut() || a.notYet() || a.deniedOwnFact() {
		return Correct, "", "a fact of the draft stated otherwise"
	}
	if a.announcedRemark() {
		return Correct, "", "an announced remark on the draft after praise"
	}
	return "", "", ""
}

// politeFrameOnly reports that every question of the turn is a request
// frame ("could you …?", "would it be possible …?"); find6 lets those pass.
func (a *analysis) politeFrameOnly() bool {
	for _, s := range a.sents {
		if !endsQuestion(a.sentText(s)) {
			continue
		}
		ws := skipWords(a.wordsOf(s.s, s.e), discourse)
		if len(ws) == 0 || !requestOpeners[ws[0]] && !hasPrefixPhrase(ws, "would it be possible") && !hasPrefixPhrase(ws, "is it possible") {
			return false
		}
	}
	return true
}

// ---- class: a pasted error in a code block after code

func (a *analysis) fencedErrorAfterCode() bool {
	if a.nwords > 30 || !strings.Contains(a.turn, "```") || !a.codeBefore() {
		return false
	}
	raw := a.rawFold()
	if !hasErrorMark(raw) || a.errorMark() && a.errorElsewhere() || a.missingDependency() {
		return false
	}
	// the user's prose: no how-to or why question
	for _, s := range a.sents {
		if endsQuestion(a.sentText(s)) {
			return false
		}
	}
	return true
}

// ---- class: keep-outs without a removal imperative

// keepFrames are preference or possibility frames before a keep-out verb.
var keepFrames = []string{"would it be possible to not", "would it be possible not to", "is it possible to not",
	"is it possible not to", "could we not", "i'd rather", "i would rather", "i'd prefer", "i would prefer", "i prefer",
	"prefer not to", "better not to", "best not to", "prefiero no", "prefiero que no", "preferiría no", "preferiria no",
	"mejor no", "sería posible no", "je préfère ne pas", "je préférerais ne pas", "je préfère qu'on ne", "plutôt ne pas",
	"mieux vaut ne pas", "j'aimerais mieux ne pas", "lieber nicht", "ich würde lieber nicht", "ich möchte lieber nicht",
	"besser nicht", "лучше не", "я бы не хотел", "я бы не хотела", "prefiro não", "prefiro que não", "preferia não",
	"melhor não", "preferirei non", "preferisco non", "preferirei che non", "meglio non", "vorrei non"}

// keepVerbs are the kept-out actions after a frame.
var keepVerbs = []string{"mention", "bring up", "include", "name", "cite", "talk about", "say", "put", "write", "use", "reference",
	"menciona", "mencionar", "nombrar", "incluir", "poner", "hablar", "citar", "decir", "parler", "mentionner", "citer",
	"évoquer", "mettre", "dire", "inclure", "nommer", "erwähn", "nenn", "schreib", "sagen", "упомин", "писать", "называть",
	"говорить", "mencionar", "falar", "colocar", "por", "escrever", "citare", "menzionare", "parlare", "mettere", "scrivere",
	"nominare", "dire"}

// keepDone are complete keep-out predicates after the named part ("the
// macro one can go", "lo del 50% ya no va", "про возраст лучше не надо").
var keepDone = []string{"can go", "can be cut", "can come out", "isn't needed", "is not needed", "isnt needed", "not needed",
	"is unnecessary", "better without", "ya no va", "sobra", "no hace falta", "mejor sin", "peut partir", "peut sauter",
	"ne sert à rien", "plutôt sans", "n'est plus valable", "kann weg", "kann raus", "ist nicht nötig", "muss nicht sein",
	"lieber ohne", "лучше не надо", "не надо", "не нужно", "лучше без", "лишнее", "pode sair", "não precisa", "melhor sem",
	"já não vale", "não vale mais", "può andare", "non serve", "non va più", "meglio senza", "può saltare"}

var cjkKeepDone = []string{"不要了吧", "就不要了", "还是不要了", "不用了吧", "去掉吧", "别写了", "不写了吧", "可以不要", "没必要写",
	"なくていいです", "なくていい", "いらないです", "要らないです", "なしでお願いします"}

// topicMarkers6 name a part by its topic ("про возраст", "lo del 50%", "the bit about").
var topicMarkers6 = []string{"про", "about", "lo de", "lo del", "la parte de", "sur", "über", "das mit", "sobre", "a parte",
	"quella di", "la parte su", "the bit", "the part", "the line", "the one", "関于", "关于", "那段", "の話", "のこと"}

func (a *analysis) softKeepOut() (bool, string) {
	for _, s := range a.sents {
		text := a.sentText(s)
		q := endsQuestion(text)
		framed := keepFramesAny.in(text)
		for _, fr := range keepFrames {
			if !framed {
				break
			}
			k := strings.Index(text, fr)
			if k < 0 || !hasPhrase(text, fr) {
				continue
			}
			if q && !strings.HasPrefix(fr, "would") && !strings.HasPrefix(fr, "is it") && !strings.HasPrefix(fr, "could") {
				continue
			}
			rest := text[k+len(fr):]
			verb := false
			for _, v := range keepVerbs {
				if i := strings.Index(rest, v); i >= 0 && i < 40 {
					verb = true
					break
				}
			}
			if !verb {
				continue
			}
			if a.draftOverlap(a.toks(s.s+strings.Index(a.f[s.s:], text)+k, s.e)) {
				return true, ""
			}
		}
		if q {
			continue
		}
		done := keepDoneAny.in(text)
		for _, d := range keepDone {
			if !done {
				break
			}
			k := strings.Index(text, d)
			if k <= 0 || !hasPhrase(text, d) {
				continue
			}
			// the predicate closes its clause: "can go." not "can go ahead"
			after := strings.TrimSpace(text[k+len(d):])
			if after != "" && !strings.HasPrefix(after, ",") && !strings.HasPrefix(after, ".") && !strings.HasPrefix(after, "!") &&
				!strings.HasPrefix(after, "now") && !strings.HasPrefix(after, "entirely") && !strings.HasPrefix(after, "i think") {
				if r, _ := utf8.DecodeRuneInString(after); !strings.ContainsRune("，。！😅🙏", r) {
					continue
				}
			}
			off := s.s + strings.Index(a.f[s.s:s.e], text)
			subj := a.toks(a.clauseStart(s, off+k), off+k)
			if len(subj) == 0 || len(subj) > 8 || firstPersonOpeners[subj[0].w] {
				continue
			}
			if a.draftOverlap(subj) || a.topicNamed(a.f[a.clauseStart(s, off+k):off+k]) {
				return true, ""
			}
		}
		cjkDone := cjkKeepDoneAny.in(text)
		for _, d := range cjkKeepDone {
			if !cjkDone {
				break
			}
			k := strings.Index(text, d)
			if k <= 0 {
				continue
			}
			off := s.s + strings.Index(a.f[s.s:s.e], text)
			if a.draftOverlap(a.toks(s.s, off+k)) {
				return true, ""
			}
		}
	}
	return false, ""
}

func (a *analysis) topicNamed(t string) bool {
	for _, m := range topicMarkers6 {
		if hasPhrase(t, m) || hasCJK(m) && strings.Contains(t, m) {
			return true
		}
	}
	return false
}

// ---- class: what the code does when the user does something

var whenWords = set(`when whenever if cuando si quand lorsque wenn когда если quando se`)

var itWords = set(`it it's its ça il elle se es er sie он она оно ele ela lo`)

func (a *analysis) behaviourWhen() bool {
	if !a.prevCode || a.anyQuestion() || len(a.sents) > 3 {
		return false
	}
	ws := skipWords(a.wordsOf(0, len(a.f)), discourse)
	if len(ws) < 5 || len(ws) > 30 || !whenWords[ws[0]] {
		return false
	}
	user := false
	for i, w := range ws[1:4] {
		if w == "i" || w == "je" || w == "j" || w == "ich" || w == "я" || w == "eu" || w == "io" || w == "yo" ||
			strings.HasSuffix(w, "o") && i == 0 && (ws[0] == "cuando" || ws[0] == "quando") {
			user = true
		}
	}
	if !user {
		return false
	}
	for _, w := range ws[3:] {
		if itWords[w] || w == "always" || w == "siempre" || w == "toujours" || w == "immer" || w == "всегда" || w == "sempre" {
			return true
		}
	}
	return false
}

// ---- class: the code's result is short (ja/zh)

var cjkShortfalls = []string{"少ない", "足りない", "多い", "入っていない", "入ってない", "抜けて", "表示されない", "出てこない",
	"少了", "多了", "漏了", "没算", "缺了", "少算", "多算"}

func (a *analysis) cjkShortfall() bool {
	if !a.prevCode || !a.turnCJK() || a.anyQuestion() || utf8.RuneCountInString(a.f) > 80 {
		return false
	}
	for _, c := range cjkShortfalls {
		if strings.Contains(a.f, c) {
			return !strings.HasSuffix(strings.TrimRight(a.f, " 。"), "か")
		}
	}
	return false
}

// ---- class: the draft's part given as it should read

var shouldReadPhrases = []string{"how that section should read", "how it should read", "how this should read", "should read like this",
	"should read:", "should look like this", "how it should look", "is how it should", "debería quedar así",
	"así debería quedar", "devrait être comme ça", "c'est comme ça que ça devrait", "so sollte es", "so soll es", "вот так должно",
	"так должно быть", "assim que deveria", "deveria ficar assim", "così dovrebbe", "dovrebbe essere così", "应该是这样", "应该写成这样",
	"こうしてほしい", "こうなるはず"}

func (a *analysis) shouldRead() bool {
	if shouldReadAny.in(a.f) {
		raw := a.rawFold()
		return a.draftOverlap(tokenize(raw, 0, len(raw)))
	}
	return false
}

// ---- class: polite question forms of a request

var redoPhrases = []string{"on recommence", "on refait", "on réessaie", "on reessaie", "shall we try again", "should we start over",
	"can we start over", "let's start over", "lets start over", "let's try again", "lets try again", "empezamos de nuevo",
	"lo intentamos otra vez", "probamos otra vez", "empezamos otra vez", "fangen wir neu an", "nochmal von vorn", "noch mal von vorn",
	"начнём заново", "начнем заново", "давай заново", "давай по новой", "recomeçamos", "vamos de novo", "começamos de novo",
	"ricominciamo", "riproviamo", "rifacciamo", "やり直しましょう", "重新来吧", "重来吧", "再来一次吧"}

func (a *analysis) redoProposal() bool {
	if a.nwords > 14 || !redoPhrasesAny.in(a.f) {
		return false
	}
	for _, p := range redoPhrases {
		if hasPhrase(a.f, strings.TrimSuffix(p, "?")) || hasCJK(p) && strings.Contains(a.f, p) {
			return true
		}
	}
	return false
}

// alsoFrames are request frames with an additive word right after them.
var alsoFrames = set(`could can would könntest kannst könnten können pourrais peux pourriez pouvez podrías podrias puedes podría
	podria можешь можете могли poderia pode podes potresti puoi potrebbe`)

var alsoWords = set(`also too noch auch aussi también tambien ещё еще тоже também tambem anche pure`)

var placeWords = []string{"at the end", "at the top", "at the bottom", "below", "after each", "for each", "for every", "to each",
	"in there", "to it", "für jeden", "für jede", "zu jedem", "dazu", "pour chaque", "à la fin", "para cada", "al final",
	"для каждого", "для каждой", "в конце", "em cada", "para cada", "no final", "per ogni", "alla fine"}

var featureVerbs = set(`write save print export show handle skip count send log sort include add list plot output keep check
	schreiben speichern ausgeben écrire enregistrer afficher escribir guardar mostrar записывать сохранять выводить escrever salvar
	mostrar scrivere salvare mostrare`)

// alsoMarks gate alsoFrame before any tokenizing.
var alsoMarks = []string{"also", "too", "noch", "auch", "aussi", "tambi", "ещё", "еще", "тоже", "também", "tambem", "anche", "pure"}

func (a *analysis) alsoFrame() bool {
	if !hasSubstring(a.f, alsoMarks) {
		return false
	}
	for _, s := range a.sents {
		ws := skipWords(a.wordsOf(s.s, s.e), discourse)
		for i := 0; i+3 < len(ws); i++ {
			if !alsoFrames[ws[i]] {
				continue
			}
			subj, j := ws[i+1], i+2
			if !alsoWords[ws[j]] {
				if j+1 < len(ws) && alsoWords[ws[j+1]] {
					j++
				} else {
					continue
				}
			}
			rest := ws[j+1:]
			if len(rest) == 0 || infoVerbs[rest[0]] || questionWords[rest[0]] || rest[0] == "tell" || rest[0] == "explain" || rest[0] == "remind" {
				continue
			}
			text := a.f[s.s:s.e]
			switch {
			case subj == "it" || subj == "es" || subj == "il" || subj == "ele":
				if featureVerbs[rest[0]] {
					return true
				}
			default:
				for _, p := range placeWords {
					if hasPhrase(text, p) || strings.Contains(text, "dazu") && p == "dazu" {
						return true
					}
				}
			}
		}
	}
	return false
}

var polishVerbs = set(`smooth polish tighten tidy tweak rework refine streamline finesse lisser peaufiner retravailler pulir
	pulirlo pulirla retocar glätten überarbeiten пригладить доработать подправить suavizar polir lapidar sistemare
	sistemarlo rifinire limare`)

func (a *analysis) politeEdit() bool {
	if !polishVerbsAny.in(a.f) {
		return false
	}
	for _, s := range a.sents {
		ws := skipWords(a.wordsOf(s.s, s.e), discourse)
		for i := 0; i+2 < len(ws); i++ {
			if !alsoFrames[ws[i]] || !(ws[i+1] == "you" || ws[i+1] == "u" || ws[i+1] == "tu" || ws[i+1] == "du") {
				continue
			}
			j := i + 2
			for j < len(ws) && (politeSkips[ws[j]] || ws[j] == "le" || ws[j] == "la" || ws[j] == "es") {
				j++
			}
			for k := j; k < len(ws) && k <= j+4; k++ {
				if polishVerbs[ws[k]] {
					return true // also verb-final: "kannst du es ein bisschen glätten"
				}
			}
		}
	}
	return false
}

// ---- class: a quoted part of the draft and what to say instead

var sayVerbs = []string{"just say", "just put", "just write", "say instead", "di solo", "dí solo", "pon solo", "dis juste",
	"mets juste", "schreib einfach", "sag einfach", "просто напиши", "diz só", "escreve só", "scrivi solo", "metti solo", "就写"}

func (a *analysis) sayInstead() (bool, string) {
	for _, v := range sayVerbs {
		if hasPhrase(a.f, v) || hasCJK(v) && strings.Contains(a.f, v) {
			q := quoted6(a.rawFold())
			if q != "" && strings.Contains(a.prevText(), q) {
				return true, q
			}
			return false, ""
		}
	}
	return false, ""
}

// ---- class: corrections stated as facts

var youPutPhrases = []string{"you put", "you used", "you called", "you typed", "you've put", "pusiste", "has puesto", "escribiste",
	"tu as mis", "t'as mis", "vous avez mis", "du hast", "ты поставил", "ты написал", "у тебя написано", "você colocou", "você pôs",
	"voce colocou", "hai messo", "hai scritto"}

func (a *analysis) youPut() bool {
	if a.nwords > 40 || anyIn(a.wordsOf(0, len(a.f)), praiseWords) {
		return false // "you put Katarina first, great"
	}
	return a.wordsAfterPhrase(youPutPhrasesAny, youPutPhrases, 4, func(w string) bool { return a.prevWord(w) })
}

var notYetPhrases = []string{"not yet", "todavía no", "aún no", "pas encore", "noch nicht", "ещё не",
	"еще не", "ainda não", "non ancora", "还没", "还未", "尚未", "まだ"}

func (a *analysis) notYet() bool {
	if a.nwords > 40 {
		return false
	}
	if a.turnCJK() && !(strings.Contains(a.f, "还没") || strings.Contains(a.f, "还未") || strings.Contains(a.f, "尚未")) {
		return false
	}
	for _, s := range a.sents {
		text := a.sentText(s)
		if endsQuestion(text) {
			continue
		}
		for _, p := range notYetPhrases {
			if strings.Contains(text, p) && (hasCJK(p) || hasPhrase(text, p)) {
				if a.draftOverlap(a.toks(s.s, s.e)) {
					return true
				}
			}
		}
	}
	return false
}

var deniedPhrases = []string{"i don't have a", "i dont have a", "i don't have an", "i dont have an", "i never had", "i never was",
	"i'm not a", "im not a", "no tengo", "nunca he", "je n'ai pas de",
	"je n'ai jamais", "j'ai pas de", "ich habe keinen", "ich habe keine", "ich habe kein", "ich hab keinen", "ich hab keine",
	"у меня нет", "я не", "eu não tenho", "não tenho", "nunca fui", "non ho", "non sono mai"}

func (a *analysis) deniedOwnFact() bool {
	if a.nwords > 40 {
		return false
	}
	return a.wordsAfterPhrase(deniedPhrasesAny, deniedPhrases, 3, func(tw string) bool {
		w := strings.TrimSuffix(strings.TrimSuffix(tw, "'s"), "s")
		return utf8.RuneCountInString(w) >= 5 && !stopish[tw] && (a.draftStem6(tw) || strings.Contains(a.prevText(), w))
	})
}

// wordsAfterPhrase reports whether fn holds for one of the first n words
// after a phrase of list (at its first place in a sentence, with word
// boundaries) in a sentence that is not a question. has is the list's
// one-pass check: a turn holding none of the phrases is not read further.
func (a *analysis) wordsAfterPhrase(has *anyOf, list []string, n int, fn func(w string) bool) bool {
	if !has.in(a.f) {
		return false
	}
	for _, s := range a.sents {
		text := a.sentText(s)
		if endsQuestion(text) {
			continue
		}
		for _, p := range list {
			k := strings.Index(text, p)
			if k < 0 || !hasPhrase(text, p) {
				continue
			}
			off := s.s + strings.Index(a.f[s.s:s.e], text) + k + len(p)
			for i, t := range a.toks(off, s.e) {
				if i >= n {
					break
				}
				if fn(t.w) {
					return true
				}
			}
		}
	}
	return false
}

// announcers open a remark on the draft after praise ("only thing, …",
// "juste une chose : …", "就是…").
var announcers = []string{"only thing", "one thing though", "just one thing", "one small thing", "solo una cosa", "sólo una cosa",
	"una sola cosa", "juste une chose", "une seule chose", "nur eine sache", "eine sache noch", "только одно", "одно только",
	"só uma coisa", "uma coisa só"}

var negations = set(`not no don't dont isn't isnt wasn't wasnt never nicht kein keine pas jamais не нет não nao non`)

func (a *analysis) announcedRemark() bool {
	if a.nwords > 50 {
		return false
	}
	for _, p := range announcers {
		k := strings.Index(a.f, p)
		if k < 0 || !hasPhrase(a.f, p) || len(a.toks(0, k)) > 6 {
			continue // the announcer opens the turn, after praise at most
		}
		rest := a.toks(k+len(p), len(a.f))
		if len(rest) < 3 || a.anyQuestion() {
			return false
		}
		neg, num := false, false
		for _, t := range rest {
			if negations[t.w] {
				neg = true
			}
			if isNumber(t.w) {
				num = true
			}
		}
		return neg && (num || a.draftOverlap(rest))
	}
	return false
}

// ---- class: new material after a next-item lead with a constraint ("now
// this one, same length: …", "y esta, igual de corta: …")

var leadConstraints = []string{"same length", "same format", "same style", "same tone", "same way", "same thing", "like before",
	"as before", "same as before", "please", "pls", "too", "as well", "igual", "igual de corta", "igual de corto", "mismo formato",
	"même longueur", "pareil", "même format", "gleiche länge", "genauso", "так же", "такой же длины", "mesmo tamanho", "igual",
	"stessa lunghezza", "uguale", "同样长度", "一样", "同じ長さで", "同じ感じで"}

// trimLeadConstraint drops a trailing constraint after a comma from lead.
func trimLeadConstraint(l string) string {
	i := strings.LastIndexAny(l, ",，")
	if i < 0 {
		return l
	}
	tail := strings.Trim(strings.TrimSpace(l[i+1:]), " .!")
	for _, c := range leadConstraints {
		if tail == c {
			return strings.Trim(strings.TrimSpace(l[:i]), " ,.!")
		}
	}
	return l
}

// onlyAnnouncers reports that every accepted cue is an announcer ("only
// thing", "solo una cosa").
func (a *analysis) onlyAnnouncers() bool {
	for _, x := range a.acc {
		if !slices.Contains(announcers, x.h.Keyword) && x.h.Keyword != "una cosa sola" && x.h.Keyword != "solo un appunto" {
			return false
		}
	}
	return len(a.acc) > 0
}

// One-pass checks for the phrase lists above: whether a text holds any of a
// list's phrases, before the loops that look for each.
var (
	keepFramesAny  = newAnyOf(keepFrames)
	keepDoneAny    = newAnyOf(keepDone)
	cjkKeepDoneAny = newAnyOf(cjkKeepDone)
	shouldReadAny  = newAnyOf(shouldReadPhrases)
	polishVerbsAny = newAnyOf(slices.Sorted(maps.Keys(polishVerbs)))
	// every phrase redoProposal finds contains one of these
	redoPhrasesAny   = newAnyOf(trimAll(redoPhrases, "?"))
	youPutPhrasesAny = newAnyOf(youPutPhrases)
	deniedPhrasesAny = newAnyOf(deniedPhrases)
)

// trimAll returns the strings with suffix cut off each.
func trimAll(xs []string, suffix string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = strings.TrimSuffix(x, suffix)
	}
	return out
}
