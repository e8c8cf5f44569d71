package revision

// The predicates judge uses: questions, new tasks, leads, references,
// pasted targets.

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/revtrace/revtrace/corpora"
	"github.com/revtrace/revtrace/detectors/screen"
)

// imperativeCorrect are correction cues that are instructions themselves.
var imperativeCorrect = exact("fix", "correct it", "correct this", "correct the", "correct that", "please correct",
	"arregla", "corrige", "corrigez", "korrigiere", "behebe", "исправь", "исправьте", "corrija", "conserte", "correggi",
	"修复", "修正", "改正", "纠正", "直して", "고쳐")

// denials reject the draft in a few words ("that's not a circle").
var denials = exact("that's not", "this is not", "that is not", "it's not", "is not a", "is not an", "isn't a", "isn't an")

// colonAfter reports a colon right after the cue ("a slight issue: ...").
func (a *analysis) colonAfter(h screen.Hit) bool {
	rest := strings.TrimLeft(a.f[a.wordEnd(h.End, len(a.f)):], " ")
	return strings.HasPrefix(rest, ":") || strings.HasPrefix(rest, "：")
}

// politeNo reports a line-initial "no" that is politeness ("no problem", "no
// thanks") or negates the verb after it ("no está muy allá"), not
// disagreement.
func (a *analysis) politeNo(h screen.Hit, s span) bool {
	if h.Keyword != "^no" && h.Keyword != "^nope" {
		return false
	}
	next := a.toks(h.End, s.e)
	if len(next) > 0 && negatedVerbs[next[0].w] && strings.TrimSpace(a.f[h.End:next[0].s]) == "" {
		return true // "no está muy allá": es/it "no" negating the verb after it
	}
	return len(next) > 0 && (next[0].w == "problem" || next[0].w == "worries" || next[0].w == "worry" ||
		next[0].w == "thanks" || next[0].w == "thank" || next[0].w == "doubt")
}

// objectless reports an edit cue that names nothing: the clause ends right
// after it ("Cut." as a screenplay direction inside a long text).
func (a *analysis) objectless(h screen.Hit, s span) bool {
	switch h.Family {
	case screen.Withdraw, screen.Replace:
	case screen.Extend:
		if !transitiveExtend[h.Keyword] {
			return false // "elaborate.", "expand" need no object
		}
	default:
		return false
	}
	if strings.Contains(h.Keyword, " ... ") {
		return false
	}
	end := a.wordEnd(h.End, s.e)
	return len(a.toks(end, s.e)) == 0 && a.clauseStart(s, h.Start) == s.s && len(a.toks(s.s, h.Start)) == 0
}

// transitiveExtend are extend cues that need an object.
var transitiveExtend = exact("add", "include", "insert", "append", "mention", "put in", "incorporate", "integrate",
	"also mention", "also write", "also list")

// transformCues transform a given text; what they act on must be the draft.
var transformCues = exact("translate", "traduce", "traducir", "traduis", "traduire", "übersetze", "übersetzen",
	"переведи*", "перевести", "traduza", "traduzir", "traduci", "tradurre", "翻译", "译成", "翻訳", "번역",
	"rewrite", "rephrase", "reword", "paraphrase", "summariz*", "summaris*", "proofread", "reescribe", "réécris",
	"перепиши*", "reescreva", "riscrivi", "改写", "重写", "降重", "总结", "概括", "要約", "convert",
	// rules-14: the rewording and summing-up verbs of the other languages
	"reescribir", "reformula", "parafrasea", "resúmelo", "resumir", "réécrire", "reformule", "reformuler", "résume",
	"umschreiben", "schreibe ... um", "formuliere ... um", "umformulieren", "zusammenfassen", "fasse ... zusammen",
	"переписать", "перефразируй*", "reescrever", "parafraseie", "resuma", "riscrivere", "riformula", "parafrasa",
	"riassumi", "書き直", "言い換え", "書き換え", "다시 써", "요약")

// verbFinalTransforms are the transformation cues of Japanese and Korean,
// whose object stands before the verb: what follows them ("書き直して
// もらえますか") is the rest of the request, not the text to transform.
var verbFinalTransforms = exact("書き直", "言い換え", "書き換え", "要約", "翻訳", "다시 써", "요약", "번역")

// newTarget reports a transformation whose object is new text given right
// after the cue, quoted or after a colon ("translate: <text>",
// "traduci in inglese: "...""), that does not come from the assistant.
func (a *analysis) newTarget(h screen.Hit, s span) bool {
	if a.strongRef(s, h) {
		return false // "summarize everything you have told me"
	}
	if !transformCues[h.Keyword] {
		// Any cue acting on "this statement: ..." or "the following "...""
		// acts on the text given there.
		return a.pointedTarget(h, s)
	}
	if a.sourceAbove14(h) {
		return true // "<Japanese lines>\n\ntranslate english 5 options"
	}
	end := s.e
	if ls := strings.IndexByte(a.turn[h.End:], '\n'); ls >= 0 && h.End+ls < end {
		end = h.End + ls
	}
	hEnd := a.wordEnd(h.End, end)
	after := a.turn[hEnd:end]
	k := strings.IndexAny(after, ":：\"“«「'‘")
	if k >= 0 && k < len(after) && (after[k] == '\'' || strings.HasPrefix(after[k:], "‘")) && strings.TrimSpace(after[:k]) != "" {
		k = -1 // an apostrophe inside the object, not a quote opening it
	}
	if k < 0 {
		// "summarize the french revolution", "convert 5 miles to km": a
		// new object that is neither the draft nor named in it.
		if obj := a.toks(hEnd, end); len(obj) > 0 && (isNumber(obj[0].w) || obj[0].w == "the" || obj[0].w == "a" || obj[0].w == "an") &&
			!a.objectInDraft(obj) {
			return true
		}
		// "paraphrase The NZC policy promotes ...": the object itself is
		// the text, unless it points back ("rewrite it", "translate the
		// above into French").
		obj := a.toks(hEnd, end)
		if len(obj) < 8 || verbFinalTransforms[h.Keyword] || weakRefs[obj[0].w] || obj[0].w == "the" || obj[0].w == "your" || obj[0].w == "my" ||
			obj[0].w == "in" || obj[0].w == "into" || obj[0].w == "to" || obj[0].w == "as" {
			return false
		}
		ft := screen.Fold(after)
		return !a.quotesAssistant(ft)
	}
	target := strings.TrimSpace(strings.Trim(strings.TrimSpace(after[k:]), ":：\"“”«»「」"))
	if target == "" {
		// The text starts on the next line: "translate:\n<text>".
		target = strings.TrimSpace(a.turn[end:])
	}
	if wordCount(target) < 3 && utf8.RuneCountInString(target) < 6 {
		return false
	}
	ft := screen.Fold(target)
	return !a.quotesAssistant(ft) && !containsAny(a.assistant(), ft)
}

// pointedTarget reports a cue followed in its sentence by a pointer ("this
// statement", "the following") and quoted or colon-introduced text that does
// not come from the assistant.
func (a *analysis) pointedTarget(h screen.Hit, s span) bool {
	end := s.e
	if ls := strings.IndexByte(a.turn[h.End:], '\n'); ls >= 0 && h.End+ls < end {
		end = h.End + ls
	}
	after := a.turn[h.End:end]
	k := strings.IndexAny(after, ":：\"“«「")
	if k < 0 {
		return false
	}
	lead := screen.Fold(after[:k])
	pointed := false
	for _, p := range []string{"this", "these", "following", "below"} {
		if phraseIndex(lead, 0, len(lead), p) >= 0 {
			pointed = true
		}
	}
	if !pointed {
		return false
	}
	target := strings.TrimSpace(strings.Trim(strings.TrimSpace(after[k:]), ":：\"“”«»「」"))
	if target == "" {
		target = strings.TrimSpace(a.turn[end:])
	}
	if wordCount(target) < 3 {
		return false
	}
	ft := screen.Fold(target)
	return !a.quotesAssistant(ft) && !containsAny(a.assistant(), ft)
}

func containsAny(msgs []string, s string) bool {
	for _, m := range msgs {
		if strings.Contains(m, s) {
			return true
		}
	}
	return false
}

// subjectRef reports a reference to the draft before the cue in its
// clause: "it doesn't work", "the output is wrong", "this code has a bug".
func (a *analysis) subjectRef(s span, h screen.Hit) bool {
	if a.strongRef(s, h) {
		return true
	}
	cs := a.punctClauseStart(s, h.Start)
	if hasCJK(a.f[cs:h.Start]) {
		return a.weakRef(s, h)
	}
	ts := a.toks(cs, h.Start)
	for i, t := range ts {
		switch t.w {
		case "it", "this", "that", "these", "those", "they", "it's", "that's", "its", "everything", "nothing":
			if t.w == "its" && i+1 < len(ts) {
				continue // "its zero bin": a possessive, not a subject
			}
			return true
		case "the", "your", "my":
			for _, u := range ts[i+1 : min(len(ts), i+4)] {
				if draftNouns[u.w] || a.prevWord(u.w) {
					return true
				}
			}
		}
	}
	return false
}

// draftIdentifierBefore reports a code name of the draft (a word with an
// underscore, a dot or a capital inside, as the draft writes it) before the
// cue in its clause: "OMP_NUM_THREADS does not seem to have any effect".
func (a *analysis) draftIdentifierBefore(s span, h screen.Hit) bool {
	cs := a.punctClauseStart(s, h.Start)
	for _, t := range a.toks(cs, h.Start) {
		if len(t.w) >= 4 && strings.ContainsAny(t.w, "_.") && a.prevWord(t.w) {
			return true
		}
	}
	return false
}

// asksHow reports a question opening with "how can/do/should i/we/you".
func (a *analysis) asksHow(s span) bool {
	ws := skipWords(a.wordsOf(s.s, s.e), discourse)
	return len(ws) >= 3 && ws[0] == "how" && auxStarts[ws[1]] && (ws[2] == "i" || ws[2] == "we" || ws[2] == "you")
}

// strongRefTurn reports an explicit reference to the draft anywhere in the
// turn.
func (a *analysis) strongRefTurn() bool {
	for _, s := range a.sents {
		if a.strongRef(s, screen.Hit{Start: -1, End: -1}) {
			return true
		}
	}
	return false
}

// asksWhyWrong reports a question asking why the draft fails ("why doesn't
// it work?", "what's wrong with it?").
func (a *analysis) asksWhyWrong(s span) bool {
	ws := skipWords(a.wordsOf(s.s, s.e), discourse)
	if len(ws) == 0 {
		return false
	}
	switch ws[0] {
	case "why", "почему", "pourquoi", "warum", "por", "perché":
		return true
	case "what", "what's", "whats":
		// "what's wrong with it?", not "what does the error handling do?"
		return slices.Contains(ws, "wrong")
	}
	return false
}

// turnVeto returns why the whole turn is not a revision request, or "": a
// bare "no", a continuation request, a multiple-choice question.
func (a *analysis) turnVeto() string {
	if !a.vetoDone {
		a.vetoDone = true
		a.veto = a.findTurnVeto()
	}
	return a.veto
}

// findTurnVeto computes turnVeto.
func (a *analysis) findTurnVeto() string {
	ws := a.wordsOf(0, len(a.f))
	if len(ws) == 1 && (ws[0] == "no" || ws[0] == "nope" || ws[0] == "нет" || ws[0] == "non" || ws[0] == "nein") {
		return "bare no"
	}
	if len(ws) == 1 && ws[0] == "more" || len(ws) == 2 && ws[0] == "more" && (ws[1] == "please" || ws[1] == "pls" || ws[1] == "plz") {
		return "continuation"
	}
	if len(a.sents) > 0 {
		first := a.sents[0]
		fw := skipWords(a.wordsOf(first.s, first.e), discourse)
		for _, p := range continuationsByFirst.candidates(fw) {
			if hasPrefixPhrase(fw, p) {
				return "continuation"
			}
		}
		ft := strings.TrimSpace(a.f[first.s:first.e])
		for _, p := range []string{"继续", "続けて", "続き", "接着写", "接着"} {
			if strings.HasPrefix(ft, p) && !cjkContinueEdit(ft) {
				return "continuation"
			}
		}
	}
	if len(a.sents) > 0 {
		first := a.sents[0]
		fw := skipWords(a.wordsOf(first.s, first.e), discourse)
		for _, p := range rolePlaysByFirst.candidates(fw) {
			if hasPrefixPhrase(fw, p) && len(fw) > len(phraseWords(p)) {
				return "new role-play or persona prompt"
			}
		}
	}
	for _, m := range quizMarkers {
		if strings.Contains(a.f, m) {
			return "quiz question"
		}
	}
	letters, numbers := 0, 0
	lines(a.f, func(l string) {
		t := strings.TrimLeft(l, " \t(")
		if tt := strings.TrimSpace(t); len(tt) == 1 && strings.ContainsRune("abcde", rune(tt[0])) {
			letters++ // an option letter alone on its line
			return
		}
		if len(t) >= 2 && (t[1] == '.' || t[1] == ')') {
			if strings.ContainsRune("abcde", rune(t[0])) {
				letters++
			} else if t[0] >= '1' && t[0] <= '9' {
				numbers++
			}
		}
	})
	if letters >= 3 {
		return "multiple-choice question"
	}
	if a.errorElsewhere() {
		return "error from another source"
	}
	if a.metaComplaint() {
		return "meta-complaint about the assistant"
	}
	if a.moreLikeListItem() {
		return "asks for more options like one of the list"
	}
	if numbers >= 3 {
		for _, m := range []string{"?", "which of", "choose", "select", "pick the", "correct answer", "best answer", "true or false"} {
			if strings.Contains(a.f, m) {
				return "multiple-choice question"
			}
		}
	}
	return ""
}

// quizMarkers show a test question pasted in.
var quizMarkers = []string{
	"choose all that apply", "select all that apply", "select one:", "group of answer choices", "true or false",
	"which of the following", "select three options", "select two options", "multiple choice", "answer choices",
}

// rolePlays open a new persona or game prompt.
var rolePlays = []string{
	"i want you to act as", "act as", "you are a", "you are an", "you will act as", "you will now act",
	"pretend you are", "pretend to be", "from now on", "imagine you are", "let's play", "let's roleplay",
	"role play as", "roleplay as", "ignore all previous", "ignore all the instructions", "ignore previous",
}

func lines(f string, fn func(string)) {
	for rest, more := f, true; more; {
		var l string
		l, rest, more = strings.Cut(rest, "\n")
		fn(l)
	}
}

// continuations open a request to go on, not to change.
var continuations = []string{
	"continue", "continues", "go on", "keep going", "keep writing", "next", "write the next", "generate the next",
	"what happens next", "and then", "then what", "продолжи", "продолжай", "продолжить", "continúa", "continua",
	"sigue", "weiter", "fahre fort", "mach weiter", "continuez", "continuer", "prossegue", "prosegui",
}

const (
	leadOther = iota
	leadEmpty
	leadFramed
)

// leadKind classifies the words between the start of the cue's clause and
// the cue: only fillers (an instruction), or fillers with request frames and
// references to the draft ("i want the intro", "the ending is too long"), or
// anything else.
func (a *analysis) leadKind(s span, h screen.Hit) int {
	cs := a.clauseStart(s, h.Start)
	lead := a.f[cs:h.Start]
	if hasCJK(lead) || hasCJK(a.f[h.Start:h.End]) {
		if cjkLeadEmpty(lead) {
			return leadEmpty
		}
		if h.Family == screen.Reformat && cjkFormLead(stripCJKFillers(strings.TrimSpace(lead))) {
			return leadEmpty // "做成表格", "整理成列表"
		}
		if l := stripCJKFillers(strings.TrimSpace(lead)); h.Family == screen.Reformat && (l == "用" || l == "以") &&
			utf8.RuneCountInString(strings.Trim(a.f[h.End:s.e], " 。！!？?吧呢")) <= 4 {
			return leadEmpty // "用表格", "以表格形式": the form alone, not "用简短的一个英文句子概括本段"
		}
		if topicVerbCues[h.Keyword] && a.nwords <= 20 && cjkTopicLead(stripCJKFillers(strings.TrimSpace(lead))) {
			return leadEmpty // "地址先别写": a fronted topic, then the verb
		}
		l := stripCJKFillers(strings.TrimSpace(lead))
		if h.Family != screen.Correct && h.Family != screen.Generic && (l == "继续" || l == "接着") {
			return leadEmpty // "继续补充一些例子": go on editing the draft
		}
		if h.Family != screen.Correct && h.Family != screen.Generic && cjkWishPlaceLead14(l) {
			// "希望能正式一些", "希望在报告中添加...": a wish for the draft
			// or for a place in it
			return leadFramed
		}
		if cjkLengthCues[h.Keyword] && strings.HasSuffix(l, "的") && cjkTopicLead(strings.TrimSuffix(l, "的")) {
			return leadEmpty // "整个报告的篇幅要求在2000字以上": the draft's length
		}
		return leadOther
	}
	ts := a.toks(cs, h.Start)
	if a.participle(h) {
		// "..., including X", "removed the intro": a participle, not an
		// instruction, unless a frame asks for it ("try removing").
		for _, t := range ts {
			if t.w == "try" || t.w == "consider" || t.w == "stop" || t.w == "start" || t.w == "keep" || t.w == "avoid" {
				return leadFramed
			}
		}
		return leadOther
	}
	if a.selfStatement(ts) {
		return leadOther // "I'll update the candidates": the user's own action
	}
	if desireCues[h.Keyword] {
		// "don't want", "don't need": only the user's own wish is a request
		// ("they don't want to alter it" is not).
		for _, t := range ts {
			if !fillers[t.w] {
				return leadOther
			}
		}
		return leadEmpty
	}
	if a.purpose(s, h) {
		return leadOther
	}
	if prepositionCues[h.Keyword] {
		// "but without the military stuff" contrasts with the draft;
		// "... and without the letters a, u" lists properties.
		pts := a.toks(a.punctClauseStart(s, h.Start), h.Start)
		if n := len(pts); n > 0 {
			switch pts[n-1].w {
			case "but", "pero", "mais", "aber", "но", "mas", "ma":
				return leadFramed
			}
		}
		if a.onlyFillers(ts) {
			return leadOther
		}
		if h.Family == screen.Replace && a.useSubstitute(ts) {
			return leadFramed // "usa COUNT(DISTINCT x) en lugar de ...", "nimm lieber pandas statt ..."
		}
	}
	if h.Family == screen.Reformat && a.bareFormTarget(ts, a.toks(a.wordEnd(h.End, s.e), s.e)) {
		return leadEmpty // "in a table please", "als Tabelle", "en tableau stp"
	}
	if k, ok := a.germanVerbFinal(s, h, ts); ok {
		return k // "den Teil mit dem 1. September raus": object first, verb last
	}
	light := h.Family == screen.Generic || h.Family == screen.Reformat
	kind := leadEmpty
	determined := 0 // words left that may follow a determiner ("the character names")
	for _, t := range ts {
		switch {
		case fillers[t.w] || isNumber(t.w) || (light && lightVerbs[t.w]):
		case objectPronouns[t.w] || t.w == "your" || t.w == "my":
			kind, determined = leadFramed, 3
			continue
		case lightVerbs[t.w] || frameWords[t.w] || weakRefs[t.w] || draftNouns[t.w]:
			kind = leadFramed
		case determined > 0:
			kind = leadFramed
		default:
			return leadOther
		}
		if determined > 0 {
			determined--
		}
	}
	if kind == leadFramed && len(ts) > 10 {
		return leadOther
	}
	if determined > 0 && len(ts) > 0 && (objectPronouns[ts[len(ts)-1].w] || determined < 3) &&
		(weakGeneric[h.Keyword] || weakReformat[h.Keyword]) && !a.formTarget(ts) {
		return leadOther // "a family friendly update": a noun, not an instruction
	}
	return kind
}

// formPrepositions put the draft into a form ("in a table", "as a list",
// "en una tabla", "sous forme de").
var formPrepositions = set(`in into as to en dans em como als in в на`)

// formTarget reports a lead ending in a preposition and a determiner ("can
// u put it in a", "can I get this as a"): the cue is the form the draft
// should take, not a noun of a new phrase.
func (a *analysis) formTarget(ts []tok) bool {
	n := len(ts)
	return n >= 2 && objectPronouns[ts[n-1].w] && formPrepositions[ts[n-2].w] && a.leadNamesDraft(ts[:n-2])
}

// leadNamesDraft reports a lead holding a pronoun or verb that points at
// the draft ("put it", "get this", "do it").
func (a *analysis) leadNamesDraft(ts []tok) bool {
	for _, t := range ts {
		if weakRefs[t.w] || lightVerbs[t.w] {
			return true
		}
	}
	return false
}

// placementVerbs put a substitute in ("instead of sintra, can we do
// cascais?", "en vez de aceite de girasol pon de oliva").
var placementVerbs = set(`put use do say make write go pick add try pon usa pone haz escribe di mets utilise fais écris
	mettez nimm nehmt schreib mach поставь напиши используй сделай возьми coloca põe poe faz escreve bota metti fai scrivi`)

// insteadOfThenDo reports a replacement cue that opens its clause with the
// old item ("instead of X", "en vez de X", "вместо X") and a verb or request
// frame later in the sentence that puts the substitute in.
func (a *analysis) insteadOfThenDo(s span, h screen.Hit) bool {
	if h.Family != screen.Replace || !prepositionCues[h.Keyword] && !afterMarkerCue(h.Keyword) {
		return false
	}
	if !a.onlyFillers(a.toks(a.clauseStart(s, h.Start), h.Start)) {
		return false
	}
	ts := a.toks(h.End, s.e)
	if h.Keyword == "instead" && (len(ts) == 0 || ts[0].w != "of") {
		return false // "Instead, what we can do is ...": a connective
	}
	if len(ts) > 25 {
		return false
	}
	for i, t := range ts {
		if i == 0 || !placementVerbs[t.w] || subjectPronouns[ts[i-1].w] {
			continue
		}
		if !englishPlacement[t.w] {
			return true // "pon de oliva", "mets du beurre": imperatives without a subject
		}
		// English verbs also make statements ("what we can do is"): only
		// at a clause start or after a request frame ("can we do
		// cascais?").
		if strings.ContainsAny(a.f[ts[i-1].e:t.s], ",;") || (i >= 2 && requestPairs[ts[i-2].w+" "+ts[i-1].w]) ||
			ts[i-1].w == "just" || ts[i-1].w == "please" {
			return true
		}
	}
	return false
}

// useVerbs put a substitute in when they open the lead of "instead of":
// "use pathlib instead of open()", "usa COUNT(DISTINCT id) en lugar de
// COUNT(*)", "nimm lieber pandas statt csv.reader".
var useVerbs = set(`use put go pick try take switch usa utiliza pon pone coge utilise utilisez mets prends
	nimm nehmt verwende verwenden benutze benutzen nutze setz используй поставь возьми применяй
	use utilize coloca põe poe bota pega usa utilizza metti prendi`)

// useSubstitute reports a lead that opens, after politeness, with a verb of
// useVerbs and then names the substitute in at most eight words.
func (a *analysis) useSubstitute(ts []tok) bool {
	i := 0
	for i < len(ts) && fillers[ts[i].w] && !useVerbs[ts[i].w] {
		i++
	}
	if i >= len(ts) || !useVerbs[ts[i].w] || len(ts)-i-1 > 8 || len(ts)-i-1 == 0 {
		return false
	}
	if i > 0 && (subjectPronouns[ts[i-1].w] || ts[i-1].w == "we" || ts[i-1].w == "i") &&
		!(ts[i-1].w == "we" && i > 1 && weModals[ts[i-2].w]) {
		return false // "i use vim instead of ...": a statement; "can we use httpx rather than ..." asks for it
	}
	return true
}

// weModals before "we use" make a request about the shared draft ("can we
// use httpx rather than requests"); "can i use oil instead of butter" asks
// for advice.
var weModals = set(`can could shall`)

// englishPlacement are the English placement verbs, which also make
// statements.
var englishPlacement = set(`put use do say make write go pick add try`)

// requestPairs before an English placement verb make it a request.
var requestPairs = exact("can we", "could we", "can you", "could you", "let's just", "we could", "maybe use", "why not")

// subjectPronouns before a verb make it a statement ("i'll write it
// myself"), not an instruction; "we" is left out ("can we do cascais?").
var subjectPronouns = set(`i i'll i'd i'm ill im he she they you'll`)

func afterMarkerCue(kw string) bool {
	for _, m := range afterMarkers {
		if kw == m {
			return true
		}
	}
	return false
}

// germanDeterminers open a German object phrase.
var germanDeterminers = set(`der die das den dem des ein eine einen einem einer mein meine meinen deine deinen dein
	diesen diese dieses dieser alle`)

// germanFiniteVerbs in a lead make it a clause of its own ("die Kinder gehen
// raus"), not an object before a clause-final verb.
var germanFiniteVerbs = set(`gehen geht gehe ging hat haben habe kommt kommen komme muss müssen soll
	sollen will wollen kann können darf dürfen mache macht machen bin bist läuft laufen`)

// germanVerbFinal reports a German removal or change verb at the end of its
// clause after an object phrase ("den Absatz mit der Adresse raus", "die
// Telefonnummer bitte streichen", "das Datum weglassen").
// The lead kind is leadFramed for an object phrase, leadOther when the lead
// holds a finite verb or a subject pronoun ("die Kinder gehen raus": a
// clause of its own); ok is false when the cue is not a German clause-final
// verb after a determiner.
func (a *analysis) germanVerbFinal(s span, h screen.Hit, lead []tok) (kind int, ok bool) {
	if !strings.Contains(h.Lang, "de") || len(lead) == 0 || len(lead) > 8 || !germanDeterminers[lead[0].w] {
		return 0, false
	}
	// nothing but politeness between the verb and the end of the clause
	end := s.e
	if k := strings.IndexAny(a.f[h.End:s.e], ",;:"); k >= 0 {
		end = h.End + k
	}
	for _, t := range a.toks(a.wordEnd(h.End, end), end) {
		if t.w != "bitte" && t.w != "mal" && t.w != "noch" && t.w != "doch" {
			return 0, false
		}
	}
	for _, t := range lead {
		if germanFiniteVerbs[t.w] || t.w == "ich" || t.w == "du" || t.w == "wir" || t.w == "er" || t.w == "sie" {
			return leadOther, true
		}
	}
	return leadFramed, true
}

func (a *analysis) onlyFillers(ts []tok) bool {
	for _, t := range ts {
		if !fillers[t.w] && !isNumber(t.w) {
			return false
		}
	}
	return true
}

// errorNames are names of exceptions: without code in the conversation they
// report a new problem, not a fault of the draft.
var errorNames = exact("exception", "traceback", "typeerror", "syntaxerror", "valueerror", "nameerror",
	"attributeerror", "keyerror", "indexerror", "referenceerror", "importerror", "modulenotfounderror", "runtimeerror",
	"nullpointerexception", "undefined", "not defined", "not a function")

// codeBefore reports code in any assistant message of the history.
func (a *analysis) codeBefore() bool {
	if a.prevCode {
		return true
	}
	for i, m := range a.history {
		if m.Role == corpora.RoleAssistant && strings.TrimSpace(m.Content) != "" && a.memo.isCode(a.history, i) {
			return true
		}
	}
	return false
}

// prevRefusal reports that the last assistant message declines the task:
// there is no draft to revise.
func (a *analysis) prevRefusal() bool {
	head := a.prevText()
	if len(head) > 300 {
		head = head[:300]
	}
	opener := false
	for _, p := range []string{"i'm sorry", "i am sorry", "sorry", "i apologize", "as an ai", "i cannot", "i can't"} {
		if strings.HasPrefix(strings.TrimSpace(head), p) {
			opener = true
		}
	}
	if !opener {
		return false
	}
	for _, p := range []string{"cannot", "can't", "unable", "not able", "not appropriate", "inappropriate", "won't",
		"not allowed", "against", "not possible", "refrain"} {
		if strings.Contains(head, p) {
			return true
		}
	}
	return false
}

// prevAsked reports that the last assistant message ends with a question,
// so a "no" answers it rather than rejecting the draft.
func (a *analysis) prevAsked() bool {
	t := strings.TrimSpace(a.prevText())
	return strings.HasSuffix(t, "?") || strings.HasSuffix(t, "？")
}

// languageCue reports a cue naming a target language ("in english").
func languageCue(kw string) bool {
	for _, l := range []string{"engl", "fren", "span", "germ", "chin", "russ", "japan", "ital", "portug", "kore", "arab",
		"hindi", "ingl", "espa", "fran", "deutsch", "англ", "русск", "中文", "英文", "英语", "日本語", "英語"} {
		if strings.Contains(kw, l) {
			return true
		}
	}
	return false
}

// purpose reports a cue opening a purpose clause ("..., to avoid the
// display issue"), not an instruction.
func (a *analysis) purpose(s span, h screen.Hit) bool {
	ts := a.toks(a.clauseStart(s, h.Start), h.Start)
	n := len(ts)
	return n > 0 && ts[n-1].w == "to" && (n == 1 || !toFrames[ts[n-2].w])
}

// toFrames ask for what follows "to" ("i want you to remove").
var toFrames = exact("want", "need", "like", "try", "have", "has", "going", "wanna", "got", "ought", "you", "it",
	"prefer", "love", "wish", "able", "sure", "careful", "remember", "forget", "better", "best", "tried", "wanted",
	"needed", "asked", "told", "supposed", "meant")

// selfStatement reports a lead in which the user states their own action
// ("i'll update", "we changed", "i am going to remove").
func (a *analysis) selfStatement(ts []tok) bool {
	for i, t := range ts {
		switch t.w {
		case "i", "we", "i'll", "we'll", "i've", "we've", "i'm", "we're", "im", "ill":
		default:
			continue
		}
		if i > 0 && auxStarts[ts[i-1].w] {
			continue // "can we say ... instead?", "could i get": a question or request, not a statement
		}
		if i+1 >= len(ts) {
			// The cue follows the pronoun: "i don't want ..." asks, "i'll
			// update ..." and "i use vim instead of ..." state.
			return (t.w != "i" && t.w != "we") || a.statedVerbCue(ts[i])
		}
		switch ts[i+1].w {
		case "want", "need", "would", "like", "prefer", "wish", "hope", "wanted", "needed", "asked", "said", "told",
			"meant", "mean", "don't", "dont", "do", "would've", "should", "think", "guess", "feel", "really",
			// reporting what the draft did: "i get an error", "i still see it"
			"get", "got", "getting", "see", "saw", "receive", "received", "keep", "kept", "tried", "try", "ran", "run",
			"executed", "still", "always", "just", "only", "actually", "now", "also", "am", "can't", "cannot", "couldn't":
			continue
		}
		return true
	}
	return false
}

// otherSubjects are third-person subject pronouns: right before an edit cue
// they make it a statement about someone else or about what the draft does
// ("ele não cita ninguém", "er nennt ihn nicht", "ça n'affiche pas le
// total"); the cue-less rules may still read the latter as a fault report.
// German "sie" and Italian "lei" are left out: they also address the
// reader ("können Sie ... entfernen").
var otherSubjects = set(`he she they ele ela eles elas il elle ils elles ça ca cela on er он она оно они lui loro él ella
	ellos ellas`)

// otherSubject reports a lead that ends in a third-person subject, possibly
// followed by adverbs of frequency or negation ("ele nunca cita", "il ne").
func (a *analysis) otherSubject(ts []tok) bool {
	for i := len(ts) - 1; i >= 0; i-- {
		switch w := ts[i].w; {
		case otherSubjects[w]:
			return true
		case subjectAdverbs[w]:
		default:
			return false
		}
	}
	return false
}

// subjectAdverbs may stand between a subject and its verb.
var subjectAdverbs = set(`also always never still just ne n' nie nicht immer auch nunca sempre também tambem ainda jamais
	toujours aussi jamás siempre también tambien todavía никогда всегда тоже также ещё еще mai sempre anche ancora`)

// statedVerbCue reports an edit cue right after the pronoun p that opens
// with a plain verb ("i use ... instead", "we replace"), which states what
// the user does; a cue opening with a negation or a wish ("i don't want",
// "i rather not", "i need it to") asks.
func (a *analysis) statedVerbCue(p tok) bool {
	next := a.toks(p.e, min(len(a.f), p.e+40))
	if len(next) == 0 {
		return false
	}
	switch next[0].w {
	case "use", "used", "put", "replace", "remove", "delete", "add", "include", "change", "switch", "swap", "drop",
		"omit", "exclude", "skip", "cut", "translate", "rewrite", "make", "mention", "write":
		return true
	}
	return false
}

// foreignSelfStatement reports a lead in which the user states their own
// doing with a first-person pronoun of the other languages ("ich benutze
// lieber Linux statt Windows", "je mets toujours du beurre au lieu de ..."),
// not a wish ("ich möchte", "je voudrais", "я хочу").
func (a *analysis) foreignSelfStatement(ts []tok) bool {
	for i, t := range ts {
		if !foreignFirstPerson[t.w] || i+1 >= len(ts) {
			continue
		}
		if i > 0 && (foreignModals[ts[i-1].w] || auxStarts[ts[i-1].w]) {
			continue // "kann ich ...", "puis-je": a question or request
		}
		if foreignWishes[ts[i+1].w] {
			continue
		}
		return true
	}
	return false
}

var foreignFirstPerson = set(`ich je j' yo я eu io`)

var foreignModals = set(`kann könnte darf soll sollte puis peux dois puedo debo могу можно posso devo`)

// foreignWishes after a first-person pronoun ask for something.
var foreignWishes = set(`möchte möchten will wollte würde hätte hätten brauche meinte meine wünsche bräuchte
	veux voudrais voulais préfère préférerais aimerais souhaite pense ne n'
	quiero quisiera quería prefiero necesito preferiría quise dije pedí no
	хочу хотел хотела хотелось прошу просил просила предпочитаю думаю не
	quero queria prefiro preciso gostaria pedi disse não nao
	voglio vorrei volevo preferisco preferirei non`)

// resultReported reports, after a compliance cue, a result that shows the
// draft's advice failed: a fault word ("still", "nothing", "no"), an error
// mark, a number, or tool diagnostics ("... like you said and it still
// prints 0", "fiz como você disse e aparece 0").
func (a *analysis) resultReported(h screen.Hit) bool {
	var rest []tok // the turn without the cue
	for _, t := range a.toks(0, len(a.f)) {
		if t.e <= h.Start || t.s >= h.End {
			rest = append(rest, t)
		}
	}
	if a.faultWord(rest) || a.errorMark() || screen.DiagnosticTurn(a.turn) {
		return true
	}
	for _, t := range rest {
		if isNumber(t.w) {
			return true
		}
	}
	return false
}

// desireCues state what the user does not want or need.
var desireCues = exact("don't want", "do not want", "don't need", "do not need")

// participle reports whether the cue's first word is an English -ing or -ed
// form ("including", "removed").
func (a *analysis) participle(h screen.Hit) bool {
	ts := a.toks(h.Start, h.End)
	if len(ts) == 0 {
		return false
	}
	w := ts[0].w
	if h.Keyword != "" && strings.HasSuffix(h.Keyword, "*") {
		// A prefix cue: look at the whole word it matched.
		full := a.toks(ts[0].s, len(a.f))
		if len(full) > 0 {
			w = full[0].w
		}
	}
	return (len(w) >= 5 && (strings.HasSuffix(w, "ing") || strings.HasSuffix(w, "ed")) && !notParticiple[w]) || thirdPerson[w]
}

// thirdPerson forms of edit verbs describe, they do not instruct ("this
// includes the prevalence").
var thirdPerson = exact("includes", "adds", "removes", "deletes", "drops", "omits", "excludes", "fixes", "rewrites",
	"updates", "replaces", "expands", "mentions", "contains", "translates", "summarizes", "summarises", "modifies",
	"eliminates", "strips", "hides", "skips", "converts", "improves", "adjusts", "edits", "revises")

var notParticiple = exact("need", "embed", "speed", "bring", "string", "nothing", "something", "during", "detailed",
	"numbered", "bulleted", "simplified", "thing")

// newWords counts the words of the turn that are neither cues nor fillers,
// frames or references: what a short turn adds besides the edit.
func (a *analysis) newWords() int {
	n := 0
	for _, t := range a.toks(0, len(a.f)) {
		inCue := false
		for _, h := range a.hits {
			if t.s >= h.Start && t.e <= h.End {
				inCue = true
				break
			}
		}
		if inCue || fillers[t.w] || lightVerbs[t.w] || frameWords[t.w] || objectPronouns[t.w] || weakRefs[t.w] ||
			draftNouns[t.w] || itemStops[t.w] || stopish[t.w] || a.prevWord(t.w) {
			continue
		}
		if t.cjk {
			n++ // counted per rune, halved below
			continue
		}
		n += 2
	}
	return n / 2
}

// discourse are fillers that may open a question without changing its kind.
var discourse = set(`ok okay so and but now also then well hmm hm oh hey great thanks thank you wait sorry no yes yeah
	alright cool nice perfect please pls plz hi hello y e et und и а но pero mais aber ma mas bueno bien vale alors
	also ну хорошо ok`)

// skipWords drops leading words found in m.
func skipWords(ws []string, m map[string]bool) []string {
	for len(ws) > 0 && m[ws[0]] {
		ws = ws[1:]
	}
	return ws
}

// questionKind classifies sentence s: "" (not a question), "polite" (a
// request phrased as a question), "suggestion", "info" or "yesno".
func (a *analysis) questionKind(s span, h screen.Hit) string {
	// The question is judged on the cue's clause ("expand on point 4, can
	// you restrict access?" opens with an instruction), extended back to
	// the sentence start when only a frame precedes it.
	sentence := a.f[s.s:s.e]
	full := s
	s = a.cueClause(s, h)
	text := a.f[s.s:s.e]
	if s.e < full.e && endsQuestion(sentence) && formPhrase(a.wordsOf(s.s, s.e)) {
		// "in one sentence, what is a glacier?": a form given to a question
		if rest := skipWords(a.wordsOf(s.e, full.e), discourse); len(rest) > 0 && (questionWords[rest[0]] || auxStarts[rest[0]]) {
			return "info"
		}
	}
	if hasCJK(text) {
		return cjkQuestionKind(text)
	}
	all := a.toks(s.s, s.e)
	ws := skipWords(words(all), discourse)
	if len(ws) == 0 {
		return ""
	}
	if first := all[len(all)-len(ws)]; first.s >= h.Start && first.e <= h.End &&
		(questionWords[first.w] || (h.Family != screen.Generic && h.Family != screen.Correct && !prepositionCues[h.Keyword] &&
			!afterMarkerCue(h.Keyword))) {
		// The question word belongs to the cue ("where it says X, put Y"),
		// or the sentence opens with the edit verb itself ("Add a long wig
		// to the previous suggestion?"): a request.
		return ""
	}
	if h.Keyword == "you mean" && !strings.ContainsAny(sentence, "?？") {
		// "you mean 46", "you mean the other file": the user restates what
		// the draft should have said (a correction); "you mean like a
		// list?" and "you mean i should restart it" ask back. ("you" is a
		// discourse word for "thank you", so "mean" would read as an
		// information verb.)
		if after := words(a.toks(h.End, s.e)); len(after) > 0 && askBackWords[after[0]] {
			return "info"
		}
		return ""
	}
	joined := strings.Join(ws, " ")
	for _, p := range suggestionFrames {
		if prefixBefore(joined, p, " ") {
			return "suggestion"
		}
	}
	// "what about adding a conclusion?" proposes a change; "what about
	// importing the whole package?" asks something.
	for _, p := range []string{"what about", "what if"} {
		if prefixBefore(joined, p, " ") {
			for _, t := range a.toks(s.s, h.Start) {
				if !fillers[t.w] && !discourse[t.w] && t.w != "what" && t.w != "about" && t.w != "if" {
					return "info"
				}
			}
			return "suggestion"
		}
	}
	for _, p := range requestFramesByFirst.candidates(ws) {
		if hasPrefixPhrase(ws, p) {
			return "polite"
		}
	}
	for _, p := range politeFramesByFirst.candidates(ws) {
		if hasPrefixPhrase(ws, p) {
			// "can you tell me why ...": a request for information.
			rest := skipWords(ws[len(phraseWords(p)):], politeSkips)
			if len(rest) > 0 && (infoVerbs[rest[0]] || questionWords[rest[0]]) {
				return "info"
			}
			// The words before the cue ask something ("can you tell me why
			// you removed it").
			for _, t := range a.toks(s.s, h.Start) {
				if t.w == "why" || t.w == "explain" || t.w == "what" {
					return "info"
				}
			}
			// "is it possible to attach two drives and still ...?" asks;
			// "is it possible to remove the intro?" requests.
			if strings.HasPrefix(p, "is it") || strings.HasPrefix(p, "would it") || strings.HasPrefix(p, "can it") ||
				strings.HasPrefix(p, "could it") {
				if !a.weakRef(s, h) {
					return "yesno"
				}
			}
			return "polite"
		}
	}
	first := ws[0]
	q := strings.HasSuffix(strings.TrimSpace(text), "?") || strings.HasSuffix(strings.TrimSpace(text), "？")
	if (h.Family == screen.Reformat || h.Family == screen.Generic) && a.draftModalForm(ws) {
		return "polite" // "can the intro be shorter?", "could it sound more relaxed?"
	}
	if q && assertedQuestion(text) && !questionWords[first] && !auxStarts[first] {
		return "" // "it says the file is empty??": incredulity, not a question
	}
	switch {
	case questionWords[first]:
		// "que"/"como"/"when" also start statements and subordinate
		// clauses; require a question mark for them.
		if conjunctionQuestionWords[first] && !strings.Contains(text, "?") &&
			(!englishConjunctions[first] || h.Family == screen.Correct) {
			return ""
		}
		return "info"
	case infoVerbs[first]:
		if h.Family == screen.Reformat && len(ws) > 1 && draftPronouns[ws[1]] {
			return "" // "explain it like im 5": the draft again, simpler
		}
		return "info"
	case auxStarts[first]:
		// An auxiliary asks whether ("can i remove it?", "does it work")
		// when a question mark or a subject follows; otherwise it opens an
		// instruction or a statement ("don't mention X", "do it again").
		if q {
			return "yesno"
		}
		if len(ws) > 1 && subjects[ws[1]] {
			if first == "do" || first == "don't" || first == "dont" {
				// "do you ...?" asks, "do it again" instructs.
				if ws[1] == "you" || ws[1] == "i" || ws[1] == "we" || ws[1] == "they" {
					return "yesno"
				}
				return ""
			}
			return "yesno"
		}
		return ""
	case q && len(ws) >= 6:
		// A longer sentence ending in a question mark asks something even
		// without a question word ("if I type another value, would it
		// still apply?"); short fragments ("something shorter?") propose.
		return "yesno"
	}
	return ""
}

// formPhrase reports a clause that only gives a form: a preposition, then
// at most four words ("in one sentence", "within 50 words", "en una frase").
func formPhrase(ws []string) bool {
	return len(ws) >= 2 && len(ws) <= 5 && (formPrepositions[ws[0]] || ws[0] == "within" || ws[0] == "under")
}

// askBackWords open what follows "you mean" when the user asks back instead
// of correcting: a clause of its own ("you mean i should restart it") or a
// hedge ("you mean like a list").
var askBackWords = set(`i we you they he she it like i'm im it's its we're theyre they're`)

// assertedQuestion reports a sentence closed by a doubled or mixed mark
// ("??", "?!", "!?"), which in chat asserts with incredulity.
func assertedQuestion(text string) bool {
	t := strings.TrimSpace(text)
	return strings.HasSuffix(t, "??") || strings.HasSuffix(t, "?!") || strings.HasSuffix(t, "!?") ||
		strings.HasSuffix(t, "？？") || strings.HasSuffix(t, "？！")
}

// draftModalForm reports a question that asks for the draft in another form
// or tone, its subject being the draft: "can it be a bit warmer", "could the
// intro be shorter?", "can this sound less stiff?". ws are the words of the
// sentence without leading discourse words.
func (a *analysis) draftModalForm(ws []string) bool {
	if len(ws) < 3 || (ws[0] != "can" && ws[0] != "could") {
		return false
	}
	i := 1
	switch {
	case ws[i] == "it" || ws[i] == "this" || ws[i] == "that":
		i++
	case ws[i] == "the" || ws[i] == "your" || ws[i] == "my":
		// "the speech part", "the last paragraph": up to three words, one
		// of them naming a part of the draft
		j, named := i+1, false
		for ; j < len(ws) && j <= i+3 && !modalFormVerbs[ws[j]]; j++ {
			named = named || draftNouns[ws[j]] || formWords[ws[j]] || a.prevWord(ws[j])
		}
		if !named {
			return false
		}
		i = j
	default:
		return false
	}
	if i >= len(ws) || !modalFormVerbs[ws[i]] {
		return false
	}
	return formOrToneNext(ws[i+1:])
}

// foreignModalForm is draftModalForm in the other languages: an optional
// subject for the draft, a modal, an optional linking verb, then a change of
// tone or degree ("ça pourrait être moins formel ?", "kann es lockerer
// klingen?", "può essere più breve?", "может звучать попроще?").
func foreignModalForm(ws []string) bool {
	i := 0
	if i < len(ws) && foreignDraftSubjects[ws[i]] {
		i++
	}
	if i >= len(ws) || !foreignModals2[ws[i]] {
		return false
	}
	i++
	if i < len(ws) && foreignDraftSubjects[ws[i]] {
		i++ // "kann es ..."
	}
	if i < len(ws) && foreignLinkVerbs[ws[i]] {
		i++
	}
	rest := ws[i:]
	if n := len(rest); n > 0 && foreignLinkVerbs[rest[n-1]] {
		rest = rest[:n-1] // "kann es etwas lockerer klingen"
	}
	return len(rest) > 0 && len(rest) <= 4 && formOrToneNext(rest)
}

var (
	foreignDraftSubjects = set(`ça ca il elle ce c' cela es das er`)
	foreignModals2       = set(`peut pourrait kann könnte können può potrebbe pode poderia puede podría podria может могло мог`)
	foreignLinkVerbs     = set(`être etre sonner paraître paraitre sein klingen wirken werden essere suonare sembrare diventare ser
	estar sonar quedar ficar soar parecer быть звучать стать выглядеть`)
)

// modalFormVerbs link the draft to a form or tone in draftModalForm.
var modalFormVerbs = set(`be sound look feel read seem get come`)

// cueClause returns the part of sentence s that holds the cue, for telling
// questions: it starts after a question mark or, when an instruction clause
// precedes ("expand on point 4, can you ...?"), at the cue's own clause;
// it ends at the next comma, semicolon or colon after the cue. A polite frame
// opening the sentence ("can you, please, remove ...") is kept.
func (a *analysis) cueClause(s span, h screen.Hit) span {
	start := s.s
	if k := strings.LastIndexAny(a.f[s.s:h.Start], "?？"); k >= 0 {
		start = s.s + k + 1
	} else if cs := a.punctClauseStart(s, h.Start); cs > s.s && a.f[cs-1] == '(' && a.opensWithQuestionWord(s) {
		// "how could it be so much more (longer) than ...?": an aside of
		// the question
	} else if cs > s.s {
		start = cs
		head := strings.TrimLeft(a.f[s.s:cs], " ")
		for _, p := range politeFrames {
			if prefixBefore(head, p, " ,") {
				start = s.s
				break
			}
		}
	}
	end := s.e
	if k := indexAnyRune(a.f[h.End:s.e], ",;:，；："); k >= 0 {
		end = h.End + k
	}
	return span{start, end}
}

// opensWithQuestionWord reports a sentence whose first word (after
// discourse words) asks for information.
func (a *analysis) opensWithQuestionWord(s span) bool {
	ws := skipWords(a.wordsOf(s.s, s.e), discourse)
	return len(ws) > 0 && questionWords[ws[0]]
}

func cjkQuestionKind(text string) string {
	for _, p := range []string{"能不能", "能否", "可不可以", "可以", "能", "ください", "くれ", "もらえ", "いただけ", "ほしい",
		"できますか", "できませんか"} {
		if strings.Contains(text, p) {
			if strings.Contains(text, "为什么") || strings.Contains(text, "なぜ") || strings.Contains(text, "どうして") ||
				strings.Contains(text, "どうやって") || strings.Contains(text, "どのように") {
				return "info"
			}
			return "polite"
		}
	}
	for _, p := range []string{"为什么", "为何", "怎么", "怎样", "如何", "什么", "哪", "是否", "なぜ", "どうして", "どうやって", "どのように", "何",
		"多久", "多少", "多长", "几点", "吗", "方法", "教えて", "るには", "には？", "には?", "ですか", "ますか", "呢", "有没有", "是不是"} {
		if strings.Contains(text, p) {
			return "info"
		}
	}
	return ""
}

var cjkFillers = []string{"请你", "请您", "请", "麻烦你", "麻烦", "帮我", "帮忙", "你", "您", "能不能", "能否", "可不可以", "可以",
	"再", "给我", "现在", "然后", "好的", "好", "嗯", "谢谢", "那么", "那", "另外", "还有", "也", "就", "直接", "重新", "稍微",
	"一下", "もう少し", "もっと", "少し", "ちょっと", "では", "じゃあ", "あと", "それから", "さらに",
	// verb + 得 complements name the draft's manner ("写得正式一点" = write it more formally)
	"写得", "说得", "改得", "弄得", "搞得", "变得",
	// a bare modal after the longer forms ("能重来一下吗")
	"能"}

// topicVerbCues are zh removal verbs and negative imperatives that follow a
// fronted topic ("地址先别写", "价格不用写", "这段删掉").
var topicVerbCues = exact("删", "去掉", "去除", "拿掉", "移除", "不要写", "不要提", "不要用", "不要加", "不要出现", "不用写",
	"不用提", "不用加", "不用放", "不用列", "别写", "别提", "别用", "别加", "省略", "不需要", "不要包含", "不要显示", "不要有", "多余", "没必要")

// cjkTopicAdverbs end a fronted topic before the verb ("地址先别写": the
// address, leave it out for now).
var cjkTopicAdverbs = []string{"先", "就", "也", "都", "暂时", "还是", "千万", "最好", "可以"}

// cjkTopicLead reports a lead that is only a fronted topic: a short noun
// phrase, optionally closed by an adverb, without a pronoun subject or a
// verb of wanting, asking or saying ("价格", "地址先", "门牌号就").
func cjkTopicLead(l string) bool {
	for _, p := range cjkTopicAdverbs {
		if strings.HasSuffix(l, p) {
			l = strings.TrimSuffix(l, p)
			break
		}
	}
	if l == "" || utf8.RuneCountInString(l) > 8 || !hasCJK(l) {
		return false
	}
	for _, r := range l {
		if unicode.In(r, unicode.Hiragana, unicode.Katakana) {
			return false // a Japanese topic takes は/を/も; "なんか違う" is an opinion
		}
	}
	for _, p := range []string{"我", "你", "您", "他", "她", "它", "想", "要", "会", "能", "怎么", "如何", "为什么", "说", "问", "是", "有",
		"私", "あなた", "彼"} {
		if strings.Contains(l, p) {
			return false
		}
	}
	return true
}

// cjkLengthCues name the draft's length ("篇幅", "字数", "2000字以上").
var cjkLengthCues = exact("篇幅", "字数", "字以上", "字以内", "字左右", "不超过", "不要超过")

// cjkFormLeads put the draft into a form ("做成表格", "整理成列表").
var cjkFormLeads = []string{"做成", "弄成", "整理成", "列成", "变成", "排成", "改为"}

func cjkFormLead(l string) bool {
	for _, p := range cjkFormLeads {
		if l == p {
			return true
		}
	}
	return false
}

// bareFormTarget reports a sentence that only names the form the draft
// should take, by a preposition: lead is what stands before the form cue,
// rest what follows it ("as 3 bullet points please", "in a table",
// "lieber als Tabelle", "en una tabla, por favor", "em tabela"). The lead
// may hold politeness and preference words, then the preposition, then up
// to three determiners, numbers or adjectives; the rest only politeness,
// form words or a closing "instead".
func (a *analysis) bareFormTarget(lead, rest []tok) bool {
	i := 0
	for i < len(lead) && (fillers[lead[i].w] || preferenceWords[lead[i].w]) && !formPrepositions[lead[i].w] && !withForm[lead[i].w] {
		i++
	}
	if i >= len(lead) || !formPrepositions[lead[i].w] && !withForm[lead[i].w] || len(lead)-i-1 > 3 {
		return false
	}
	for _, t := range lead[i+1:] {
		if fillers[t.w] && !objectPronouns[t.w] || weakRefs[t.w] || questionWords[t.w] || auxStarts[t.w] {
			return false
		}
	}
	for _, t := range rest {
		if purposeMarkers[t.w] {
			return true // "as a table so i can paste it into excel"
		}
		if !fillers[t.w] && !formWords[t.w] && !structureNouns[t.w] && !formNouns[t.w] && !formContrasts[t.w] && !isNumber(t.w) {
			return false
		}
	}
	return true
}

// formContrasts may set the form against another one after a bare form
// target ("as bullet points, not paragraphs", "als Liste statt Fließtext").
var formContrasts = set(`instead not rather than of no nicht statt pas au lieu de non invece não em vez не вместо`)

// purposeMarkers open a clause that gives the reason for a form ("so i can
// paste it", "pour que je puisse l'imprimer", "damit ich es drucken kann").
var purposeMarkers = set(`so because since para porque pour parce damit weil um чтобы потому pra per perché così`)

// withForm are prepositions of accompaniment that also name a form ("with
// bullets", "con viñetas", "по пунктам").
var withForm = set(`with con mit avec com с по`)

// preferenceWords may open a bare form target ("rather as a table", "lieber
// als Liste", "mejor en una tabla").
var preferenceWords = set(`rather better preferably instead lieber besser mejor plutôt mieux meglio melhor лучше 最好`)

// formNouns name forms of a text in the other languages ("als Liste", "en
// tableau", "em tópicos").
var formNouns = set(`checklist outline form liste tabelle aufzählung stichpunkte stichpunkten punkte tabla lista viñetas puntos tableau puces
	points таблица таблицы таблицей список списка пункты пунктов tabela tópicos topicos itens tabella elenco punti
	elenchi righe zeilen lignes líneas linhas строки пунктам пунктами`)

func cjkLeadEmpty(lead string) bool {
	l := stripCJKFillers(strings.TrimSpace(lead))
	if l == "" {
		return true
	}
	// zh 把-construction and ja object particles put the object before the
	// verb: "把最后一段删掉", "最後の段落を削除して".
	if strings.HasPrefix(l, "把") || strings.HasPrefix(l, "将") {
		return true
	}
	for _, p := range []string{"を", "は", "も"} {
		if strings.HasSuffix(l, p) {
			return true
		}
	}
	return false
}

func isNumber(w string) bool {
	for _, r := range w {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return w != ""
}

// Words skipped after a polite frame (questionKind), before the verb of a
// new task (newTask), and after it (newTask).
var (
	politeSkips   = set("please pls plz just also kindly")
	taskSkips     = set("please pls plz just now also kindly i want need you to would like")
	beneficiaries = set("me us him her them for myself")
)

// newTask reports whether sentence s starts a new task: a creation verb with
// a new, indefinite object ("write a poem about cats"). The answer depends
// on the turn and the history alone, so it is found once per sentence (see
// findNewTask).
func (a *analysis) newTask(s span) bool {
	for _, m := range a.taskMemo {
		if m.s == s {
			return m.v
		}
	}
	v := a.findNewTask(s)
	a.taskMemo = append(a.taskMemo, spanAnswer{s, v})
	return v
}

// spanAnswer is a predicate's answer for a span of the turn.
type spanAnswer struct {
	s span
	v bool
}

// findNewTask is newTask without the memo.
func (a *analysis) findNewTask(s span) bool {
	text := a.f[s.s:s.e]
	if a.anotherItemFor(s) {
		return true // "can you also write a short one for the team chat"
	}
	if hasCJK(text) {
		for _, v := range []string{"写一", "生成一", "创建一", "编写一", "做一", "设计一", "给我一", "帮我写一", "来一", "写个", "写篇", "写首"} {
			if i := strings.Index(text, v); i >= 0 && !strings.Contains(text[:i], "再") && !strings.Contains(text[:i], "重新") &&
				!strings.HasSuffix(text[:i], "重") { // "重来一下": again, not a new piece
				return true
			}
		}
		// "再写一条关于西湖的": another piece about a topic the draft does
		// not have is new content.
		for _, m := range []string{"关于", "有关"} {
			if i := strings.Index(text, m); i >= 0 && (strings.Contains(text[:i], "写") || strings.Contains(text[:i], "来")) &&
				!a.cjkInDraft(text[i+len(m):]) {
				return true
			}
		}
		return false
	}
	ws := skipWords(a.wordsOf(s.s, s.e), discourse)
	for _, p := range requestFramesByFirst.candidates(ws) {
		if hasPrefixPhrase(ws, p) {
			ws = append([]string{"give"}, ws[len(phraseWords(p)):]...)
			break
		}
	}
	for _, p := range politeFramesByFirst.candidates(ws) {
		if hasPrefixPhrase(ws, p) {
			ws = ws[len(phraseWords(p)):]
			break
		}
	}
	ws = skipWords(ws, taskSkips)
	if len(ws) < 2 || !creationVerbs[ws[0]] {
		// A creation verb opening a later clause: "as a writer, in 200
		// words, generate the next section".
		ws = nil
		for _, t := range a.toks(s.s, s.e) {
			if creationVerbs[t.w] && a.clauseStart(s, t.s) > s.s && strings.TrimSpace(a.f[a.clauseStart(s, t.s):t.s]) == "" {
				ws = a.wordsOf(t.s, s.e)
				break
			}
		}
		if len(ws) < 2 {
			return false
		}
	}
	rest := ws[1:]
	if rest[0] == "up" && len(rest) > 1 && rest[1] == "with" {
		rest = rest[2:]
	}
	rest = skipWords(rest, beneficiaries)
	if len(rest) == 0 {
		return false
	}
	if rest[0] == "the" && len(rest) > 1 && (rest[1] == "next" || rest[1] == "following" || rest[1] == "remaining") {
		return true // "write the next chapter": new content
	}
	if (rest[0] == "all" || rest[0] == "every") && (len(rest) == 1 || (!weakRefs[rest[1]] && rest[1] != "of")) {
		return true // "list all pigments"
	}
	if rest[0] == "the" && a.additiveInDraft(s) {
		// "can you also give me the number of orders per customer": more of
		// the same draft, not a new piece.
		return false
	}
	if rest[0] == "the" && !slices.Contains(rest, "again") && !slices.Contains(rest, "retry") {
		// "generate the methodology section": an object the draft does
		// not have.
		for _, w := range rest[1:min(len(rest), 3)] {
			if itemStops[w] {
				break
			}
			if utf8.RuneCountInString(w) >= 4 && !draftNouns[w] && !a.prevWord(w) && !stopish[w] && !formWords[w] &&
				w != "same" && w != "whole" && w != "entire" && w != "full" && w != "complete" && w != "above" {
				return true
			}
		}
	}
	if !indefinites[rest[0]] && !anotherWords[rest[0]] && !isNumber(rest[0]) {
		return false
	}
	// "a shorter version", "another one": the same draft again, unless
	// what follows gives it a new topic ("another one about a bear who
	// can't sleep").
	for i, w := range rest[1:min(len(rest), 4)] {
		if isVersionWord(w) {
			return a.newTopicAfter(rest[i+2:])
		}
	}
	if anotherWords[rest[0]] && len(rest) == 1 {
		return false // "another", "faz outra": the same draft again
	}
	return true
}

// newTopicAfter reports words that open with a topic marker ("about a bear
// who can't sleep") whose content words the last assistant message does not
// have.
func (a *analysis) newTopicAfter(ws []string) bool {
	if len(ws) < 2 || !topicMarkers[ws[0]] {
		return false
	}
	content := 0
	for _, w := range ws[1:] {
		if utf8.RuneCountInString(w) < prevWordMinLength || stopish[w] || fillers[w] || objectPronouns[w] {
			continue
		}
		if a.prevWord(w) {
			return false
		}
		content++
	}
	return content > 0
}

// additiveInDraft reports a sentence that asks for more of the draft: an
// additive marker ("also", "too", "as well") and a content word of the last
// assistant message ("also show the number of orders per product").
func (a *analysis) additiveInDraft(s span) bool {
	ts := a.toks(s.s, s.e)
	add := false
	for i, t := range ts {
		if additiveMarkers[t.w] || (t.w == "well" && i > 0 && ts[i-1].w == "as") {
			add = true
			break
		}
	}
	if !add {
		return false
	}
	for _, t := range ts {
		if t.cjk || utf8.RuneCountInString(t.w) < prevWordMinLength || fillers[t.w] || stopish[t.w] || frameWords[t.w] ||
			creationVerbs[t.w] || additiveMarkers[t.w] {
			continue
		}
		if a.prevWord(t.w) || a.draftStem(t.w) {
			return true
		}
	}
	return false
}

// draftStem reports whether the last assistant message contains w without
// a plural ending, anywhere ("orders" in "order_items", "products" in
// "product_id"): a loose test for what a request is about.
func (a *analysis) draftStem(w string) bool {
	if utf8.RuneCountInString(w) < 5 {
		return false
	}
	stem := strings.TrimSuffix(w, "s")
	return strings.Contains(a.prevText(), stem)
}

// cjkInDraft reports whether the first two CJK runes of s occur in the last
// assistant message.
func (a *analysis) cjkInDraft(s string) bool {
	var rs []rune
	for _, r := range s {
		if !isCJK(r) {
			if len(rs) > 0 {
				break
			}
			continue
		}
		if rs = append(rs, r); len(rs) == 2 {
			return strings.Contains(a.prevText(), string(rs))
		}
	}
	return false
}

// taskInternal reports whether the cue is part of what a new task is about:
// "how do I delete a branch", "a function to remove duplicates".
func (a *analysis) taskInternal(s span, h screen.Hit) bool {
	before := a.f[s.s:h.Start]
	for _, m := range comparisonMarkers {
		if strings.Contains(before, m) {
			return true // "the difference between DELETE, TRUNCATE and DROP"
		}
	}
	if hasCJK(before) || hasCJK(a.f[h.Start:h.End]) {
		for _, p := range []string{"怎么", "如何", "怎样", "どうやって", "方法", "函数", "脚本", "程序", "関数", "やり方", "仕方",
			"どうすれば", "どうしたら"} {
			if strings.Contains(before, p) {
				return true
			}
		}
		// ja puts the how-to after the verb: "セルを消すやり方", "削除する方法", "削除するには".
		after := a.f[h.End:s.e]
		for _, p := range []string{"やり方", "方法", "仕方", "するには", "には？", "には?"} {
			if strings.Contains(after, p) {
				return true
			}
		}
		return false
	}
	ts := a.toks(s.s, h.Start)
	if len(ts) > 8 {
		ts = ts[len(ts)-8:]
	}
	for i, t := range ts {
		if howMarkers[t.w] && !a.howAboutDraft(s, h) {
			// "how about" is a suggestion, handled before.
			if i+1 < len(ts) && (ts[i+1].w == "about" || ts[i+1].w == "much" || ts[i+1].w == "many") {
				continue
			}
			return true
		}
		if toolNouns[t.w] {
			for _, u := range ts[i+1 : min(len(ts), i+4)] {
				switch u.w {
				case "to", "that", "which", "for", "can", "will", "should", "para", "pour", "zum", "zur", "für",
					"для", "который", "которая", "которые", "que", "che", "per", "qui", "die", "der", "das":
					return true
				}
			}
		}
	}
	return false
}

// howAboutDraft reports a how-question whose cue acts on the draft itself
// ("how can i modify it", "how do i change this") in a turn that names the
// draft explicitly.
func (a *analysis) howAboutDraft(s span, h screen.Hit) bool {
	if prepositionCues[h.Keyword] {
		return false
	}
	next := a.toks(h.End, s.e)
	return len(next) > 0 && (next[0].w == "it" || next[0].w == "this" || next[0].w == "that" || next[0].w == "them" ||
		next[0].w == "your") && a.strongRefTurn()
}

// strongRef reports an explicit reference to the assistant's output
// (outside the cue itself).
func (a *analysis) strongRef(s span, h screen.Hit) bool {
	if a.mat.draft {
		return true
	}
	ts := a.toks(s.s, s.e)
	for i, t := range ts {
		if t.w != "your" || (t.s < h.End && t.e > h.Start) {
			continue
		}
		for _, u := range ts[i+1 : min(len(ts), i+3)] {
			if draftNouns[u.w] || u.w == "response" || u.w == "answer" || u.w == "reply" {
				return true // "your above response"
			}
		}
	}
	refs := a.sentenceRefs(s)
	for _, k := range refs.found {
		p := strongRefs[k]
		if a.mat.present && pointers[p] {
			continue // "rewrite the above" may point at the pasted text
		}
		if i := refs.at[k]; i+len(p) <= h.Start || i >= h.End {
			return true
		}
	}
	return false
}

// sentenceRefs holds where the phrases of strongRefs are in a sentence.
type sentenceRefs struct {
	at    []int // by phrase: strongRefIndexes
	found []int // the phrases found (at >= 0), in the order of strongRefs
}

// strongRefIndexes returns, for every phrase of strongRefs, phraseIndex of
// it in sentence s, computed once per sentence: one pass of an
// Aho-Corasick automaton over the sentence finds the occurrences of all
// phrases, and each phrase takes its first one with word boundaries (any
// first one for CJK phrases), as phraseIndex does.
func (a *analysis) strongRefIndexes(s span) []int { return a.sentenceRefs(s).at }

// sentenceRefs returns strongRefIndexes of sentence s with the phrases
// found, computed once per sentence.
func (a *analysis) sentenceRefs(s span) *sentenceRefs {
	if r, ok := a.refMemo[s]; ok {
		return r
	}
	v := make([]int, len(strongRefs))
	for k := range v {
		v[k] = -1
	}
	var found []int
	sub := a.f[s.s:s.e]
	refs := strongRefAutomaton()
	refs.finder.Each(sub, func(i, j, pat int) {
		for _, k := range refs.ids[pat] {
			if v[k] >= 0 {
				continue
			}
			if !refs.cjk[k] {
				before, after := ' ', ' '
				if i > 0 {
					before, _ = utf8.DecodeLastRuneInString(sub[:i])
				}
				if j < len(sub) {
					after, _ = utf8.DecodeRuneInString(sub[j:])
				}
				if isWordRune(before) || isWordRune(after) {
					continue
				}
			}
			v[k] = s.s + i
			found = append(found, k)
		}
	})
	slices.Sort(found)
	r := &sentenceRefs{at: v, found: found}
	if a.refMemo == nil {
		a.refMemo = map[span]*sentenceRefs{}
	}
	a.refMemo[s] = r
	return r
}

// refAutomaton is the automaton of strongRefs: pattern id -> indexes into
// strongRefs (a phrase listed twice has two), and which phrases are CJK.
type refAutomaton struct {
	finder *screen.Finder
	ids    [][]int
	cjk    []bool
}

// strongRefAutomaton returns the automaton of strongRefs, built on first
// use.
var strongRefAutomaton = sync.OnceValue(func() *refAutomaton {
	id := map[string]int{}
	var pats []string
	r := &refAutomaton{cjk: make([]bool, len(strongRefs))}
	for k, p := range strongRefs {
		r.cjk[k] = hasCJK(p)
		i, ok := id[p]
		if !ok {
			i = len(pats)
			id[p] = i
			pats = append(pats, p)
			r.ids = append(r.ids, nil)
		}
		r.ids[i] = append(r.ids[i], k)
	}
	if r.finder = screen.NewFinder(pats); r.finder == nil {
		panic("revision: the strong references use more byte values than an automaton fits") // TestStrongRefIndexesAgree
	}
	return r
})

// pointers are strong references that may also point at text pasted in the
// turn.
var pointers = exact("above", "previous", "previously", "earlier", "the same", "anterior", "arriba", "ci-dessus",
	"plus haut", "oben", "выше", "acima", "sopra", "上面", "上述", "以上", "上記")

// weakRef reports a reference back: pronouns, "the <part of a draft>", a
// word of the previous answer, or the pasted draft itself.
func (a *analysis) weakRef(s span, h screen.Hit) bool {
	if a.strongRef(s, h) {
		return true
	}
	text := a.f[s.s:s.e]
	if hasCJK(text) {
		for _, p := range cjkRefs {
			if strings.Contains(text, p) {
				return true
			}
		}
		return a.cjkOverlap(s, h)
	}
	ts := a.toks(s.s, s.e)
	for i, t := range ts {
		if t.s >= h.Start && t.e <= h.End {
			continue // the cue itself
		}
		if weakRefs[t.w] {
			return true
		}
		if objectPronouns[t.w] && t.w != "a" && t.w != "an" {
			for _, u := range ts[i+1 : min(len(ts), i+3)] {
				if draftNouns[u.w] {
					return true
				}
			}
		}
		if a.prevWord(t.w) && !fillers[t.w] && !stopish[t.w] {
			return true
		}
	}
	return false
}

// stopish words are too common to show a reference to the previous answer.
var stopish = set(`this that with from have will what when your they them then than there their more some would could
	should about which into also just only like make made want need please thanks thank write give show text
	esta este para como pero porque cette avec pour dans mais diese nicht eine einen oder aber если чтобы этот
	esse essa isso para como mas questo questa come anche perché`)

// cjkOverlap reports whether a two-rune sequence of sentence s outside the
// cue occurs in the previous answer.
func (a *analysis) cjkOverlap(s span, h screen.Hit) bool {
	var prev rune = -1
	for i := s.s; i < s.e; {
		r, n := utf8.DecodeRuneInString(a.f[i:])
		inCue := i >= h.Start && i < h.End
		if isCJK(r) && !inCue && prev >= 0 {
			if strings.Contains(a.prevText(), string([]rune{prev, r})) {
				return true
			}
		}
		if isCJK(r) && !inCue {
			prev = r
		} else {
			prev = -1
		}
		i += n
	}
	return false
}

// reask reports whether the turn repeats an earlier user request (most of
// its words) and the cue is part of what is new.
func (a *analysis) reask(h screen.Hit) bool {
	cue := a.f[h.Start:h.End]
	if a.mine == nil {
		own := a.f
		if r := a.mat.region; r.e > r.s {
			own = a.f[:r.s] + a.f[r.e:]
		}
		a.mine = contentWords(own)
	}
	mine := a.mine
	if len(mine) < reaskMinWords {
		return false
	}
	for _, u := range a.userWords() {
		// A turn with fewer than reaskMinWords words never passes the
		// test below, so the cue check can wait until it does.
		if u.words[cue] {
			continue
		}
		common, theirN := 0, len(u.words)
		for w := range u.words {
			if mine[w] {
				common++
			}
		}
		union := len(mine) + theirN - common
		// Most of the earlier request comes back, and the turn is mostly
		// that request (a new request with the same framing is not).
		if theirN >= reaskMinWords && float64(common) >= reaskShare*float64(theirN) &&
			float64(common) >= reaskOverlap*float64(union) && len(mine) > common {
			if m := a.cuesOf(u); m[cue] || m[" "+cue] {
				continue
			}
			return true
		}
	}
	return false
}

// userTurn is an earlier user turn as reask sees it.
type userTurn struct {
	prose, folded string
	words         map[string]bool // content words
	cues          map[string]bool // " "+text of every cue found, nil until needed
}

// userWords returns the earlier user turns with their content words,
// computed once.
func (a *analysis) userWords() []*userTurn {
	if a.usersDone {
		return a.users
	}
	a.usersDone = true
	for i, m := range a.history {
		if m.Role == corpora.RoleUser {
			a.users = append(a.users, a.memo.userTurn(a.history, i))
		}
	}
	return a.users
}

// cuesOf returns the cue texts found in an earlier user turn, each under
// " "+text, so that reask can tell whether a cue is new.
func (a *analysis) cuesOf(u *userTurn) map[string]bool {
	if u.cues == nil {
		u.cues = map[string]bool{}
		for _, h := range a.scr.HitsProse(u.prose) {
			u.cues[" "+u.folded[h.Start:h.End]] = true
		}
	}
	return u.cues
}

// assistant returns the folded assistant messages, computed once.
func (a *analysis) assistant() []string {
	if !a.asstDone {
		a.asstDone = true
		for i, m := range a.history {
			if m.Role == corpora.RoleAssistant && strings.TrimSpace(m.Content) != "" {
				a.asst = append(a.asst, a.memo.fold(a.history, i))
			}
		}
	}
	return a.asst
}

func contentWords(f string) map[string]bool {
	m := map[string]bool{}
	for _, t := range tokenize(f, 0, len(f)) {
		if t.cjk || utf8.RuneCountInString(t.w) < 3 || fillers[t.w] || stopish[t.w] {
			continue
		}
		m[t.w] = true
	}
	return m
}

// looksLikeCode reports whether an assistant message holds code: a fence,
// or two lines ending in ; { } or starting with def, import or return. The
// words are ASCII and compared without regard to ASCII case, so a message
// and its screen.Fold give the same answer.
func looksLikeCode(f string) bool {
	if strings.Contains(f, "```") {
		return true
	}
	n := 0
	for rest, more := f, true; more; {
		var l string
		l, rest, more = strings.Cut(rest, "\n")
		t := strings.TrimSpace(l)
		if strings.HasSuffix(t, ";") || strings.HasSuffix(t, "{") || strings.HasSuffix(t, "}") ||
			hasPrefixASCIIFold(t, "def ") || hasPrefixASCIIFold(t, "import ") || hasPrefixASCIIFold(t, "return ") {
			if n++; n >= 2 {
				return true
			}
		}
	}
	return false
}

// hasPrefixASCIIFold reports whether s starts with the lower-case ASCII
// prefix p, with ASCII letters of s in either case.
func hasPrefixASCIIFold(s, p string) bool {
	if len(s) < len(p) {
		return false
	}
	for i := 0; i < len(p); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != p[i] {
			return false
		}
	}
	return true
}

// objectInDraft reports whether an object phrase (up to "in", "into", "to",
// "as") names the draft or a part of it: a pronoun, a draft noun, or a word
// of the last assistant message.
func (a *analysis) objectInDraft(obj []tok) bool {
	for i, t := range obj {
		if i > 0 && (t.w == "in" || t.w == "into" || t.w == "to" || t.w == "as" || t.w == "for") {
			break
		}
		if itemPronouns[t.w] || draftNouns[t.w] || weakRefs[t.w] || (!isNumber(t.w) && a.prevWord(t.w)) {
			return true
		}
	}
	return false
}

// thisTimeMarkers say that what follows changes a repeat of the earlier
// output ("another one, but this time ..."), lower case.
var thisTimeMarkers = []string{"this time", "cette fois", "esta vez", "diesmal", "dieses mal", "questa volta",
	"desta vez", "这次", "这一次", "на этот раз"}

// repeatMarkers ask for the earlier output again or for one more of it.
var repeatMarkers = []string{"another", "again", "one more", "the same", "redo", "re-do", "un autre", "une autre",
	"encore", "otro", "otra", "de nuevo", "noch ein", "nochmal", "noch mal", "un altro", "un'altra", "outro", "outra",
	"再", "重新", "ещё", "еще", "снова", "другой", "другую"}

// thisTime reports a repeat with a change: the sentence asks for the
// earlier output again or one more of it, and cue h comes after "this
// time" ("give me another prompt but this time do not name the
// characters", "do it again, but this time without the intro"). A new
// task's veto does not hold for it: the change is to the kind of output
// the assistant already gave.
func (a *analysis) thisTime(s span, h screen.Hit) bool {
	if h.Start < s.s || h.Start > s.e {
		return false
	}
	before := a.f[s.s:h.Start]
	k := -1
	for _, m := range thisTimeMarkers {
		if i := strings.Index(before, m); i >= 0 && (k < 0 || i < k) {
			k = i
		}
	}
	if k < 0 {
		return false
	}
	for _, m := range repeatMarkers {
		if strings.Contains(before[:k], m) {
			return true
		}
	}
	return false
}
