package revision

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/revtrace/revtrace/corpora"
	"github.com/revtrace/revtrace/detectors/screen"
)

// Thresholds of the rules.
const (
	shortTurnWords    = 10  // a turn of at most this many words is a short edit
	shortNewWords     = 2   // ... when it adds at most this many other words
	materialMinBytes  = 100 // pasted material smaller than this is ignored
	materialMinRun    = 30  // blanked runs shorter than this (short quotes) are not material
	materialWords     = 40  // words after a lead-in colon that make pasted material
	draftOverlap      = 0.3 // share of material shingles found in assistant text
	reaskShare        = 0.7 // share of an earlier request's words found again
	reaskOverlap      = 0.5 // Jaccard overlap of the two requests' words
	reaskMinWords     = 5
	maxItemTokens     = 8
	prevWordMinLength = 4
)

type span struct{ s, e int }

type tok struct {
	w    string // folded, ’ normalised to '
	s, e int
	cjk  bool
}

type analysis struct {
	turn         string
	prose        string
	f            string // Fold(prose): same offsets as turn
	hits         []screen.Hit
	sents        []span
	scr          *screen.Screen
	history      []corpora.Message
	memo         *Memo  // what is known of history (never nil)
	prevRaw      string // last assistant message
	prevIdx      int    // its index in history
	prev         string // its Fold (see prevText), "" until needed
	prevDone     bool
	prevNorm     string // prev with ’ as ' (see prevWord)
	prevNormDone bool
	asstDone     bool
	asst         []string // folded assistant messages (see assistant)
	usersDone    bool
	users        []*userTurn     // earlier user turns (see userWords)
	mine         map[string]bool // content words of the turn outside pasted material
	prevCode     bool
	nwords       int
	mat          material
	notes        []string
	withNotes    bool // notes are written (Explain)
	// reportedLog is set once a cue inside pasted error output was taken
	// as the report.
	reportedLog  bool
	tokMemo      map[span][]tok // see toks
	all          []tok          // tokenize(f, 0, len(f)) once allDone (see toksWithin)
	allDone      bool
	allWords     []string // words(all) once allWordsDone (see wordsOf)
	allWordsDone bool
	qmarkDone    bool
	qmark        bool         // see questionMark
	taskMemo     []spanAnswer // newTask's memo
	elseDone     bool
	elsewhere    bool // errorElsewhere's memo
	errMarkDone  bool
	errMark      bool // errorMark's memo
	cjkDone      bool
	cjk          bool                   // turnCJK's memo
	refMemo      map[span]*sentenceRefs // see sentenceRefs
	tnDone, tn   bool                   // transformNew's memo
	hardReject   bool                   // a cue was rejected for a reason that also rules out the cue-less path
	vetoDone     bool                   // veto holds turnVeto's result
	veto         string
	acc          []accepted6 // the cues decide accepted (for rules6)
	rawDone6     bool
	raw6         string // rawFold's memo
	clDone7      bool
	cl7          []span // clauses7's memo
	gatesDone    bool
	gatesV       gateBits // gates' memo
	textDone8    bool
	text8v       string // text8's memo
}

type material struct {
	present bool // new material pasted for a transformation
	draft   bool // the pasted text is the assistant's own output
	context bool // the pasted text quotes an earlier user message
	log     bool // the pasted text is an error report or program output
	region  span // the material inside the turn (colon rule), for dropping cues in it
}

func newAnalysis(scr *screen.Screen, memo *Memo, history []corpora.Message, turn, prose, folded string, hits []screen.Hit, withNotes bool) *analysis {
	if memo == nil {
		memo = &Memo{}
	}
	memo.reset(history)
	a := &analysis{scr: scr, turn: turn, prose: prose, f: folded, hits: dropContained(hits), history: history, memo: memo, prevIdx: -1,
		withNotes: withNotes}
	for i := len(history) - 1; i >= 0; i-- {
		if m := history[i]; m.Role == corpora.RoleAssistant && strings.TrimSpace(m.Content) != "" {
			a.prevRaw, a.prevIdx = m.Content, i
			a.prevCode = looksLikeCode(m.Content) // the same on the folded text
			break
		}
	}
	a.sents = sentences(a.f)
	a.nwords = tokWordCount(a.toks(0, len(a.f))) // wordCount(a.f), from the tokens kept for later
	a.findMaterial()
	return a
}

// prevText returns the folded last assistant message, folded on first use.
func (a *analysis) prevText() string {
	if !a.prevDone {
		a.prevDone = true
		if a.memo != nil && a.prevIdx >= 0 {
			a.prev = a.memo.fold(a.history, a.prevIdx)
		} else {
			a.prev = screen.Fold(a.prevRaw)
		}
	}
	return a.prev
}

// prevWord reports whether w, a word of the turn (tokenize), is a word of
// the last assistant message of at least prevWordMinLength runes. Rather
// than tokenizing the whole message, it looks for w where it stands as a
// whole token (see isTokenAt).
func (a *analysis) prevWord(w string) bool {
	if utf8.RuneCountInString(w) < prevWordMinLength {
		return false // CJK tokens are single runes
	}
	if !a.prevNormDone {
		// Tokens have ’ normalised to '; both join words alike.
		a.prevNorm, a.prevNormDone = strings.ReplaceAll(a.prevText(), "\u2019", "'"), true
	}
	return hasToken(a.prevNorm, w)
}

// hasToken reports whether tokenize(f, 0, len(f)) yields a token w (a
// word of at least one rune, as tokenize yields them).
func hasToken(f, w string) bool {
	for off := 0; off < len(f); {
		k := strings.Index(f[off:], w)
		if k < 0 {
			return false
		}
		i := off + k
		if isTokenAt(f, i, i+len(w)) {
			return true
		}
		off = i + 1
	}
	return false
}

// isTokenAt reports whether f[s:e], a token's text found in f, is where
// tokenize puts a token: the token before it does not run into s, and the
// token does not run on past e. Word runes always belong to a token; an
// apostrophe or hyphen between two word runes joins them.
func isTokenAt(f string, s, e int) bool {
	if s > 0 {
		r, n := utf8.DecodeLastRuneInString(f[:s])
		if isWordRune(r) {
			return false
		}
		if (r == '\'' || r == '\u2019' || r == '-') && s-n > 0 {
			if r2, _ := utf8.DecodeLastRuneInString(f[:s-n]); isWordRune(r2) {
				return false
			}
		}
	}
	if e < len(f) {
		r, n := decodeAt(f, e)
		if isWordRune(r) {
			return false
		}
		if (r == '\'' || r == '\u2019' || r == '-') && e+n < len(f) {
			if r2, _ := decodeAt(f, e+n); isWordRune(r2) {
				return false
			}
		}
	}
	return true
}

// dropContained removes hits lying inside a longer cue without gaps ("no"
// inside "no funciona", "mention" inside "don't mention").
func dropContained(hits []screen.Hit) []screen.Hit {
	out := hits[:0:0]
	for i, h := range hits {
		inside := false
		for j, g := range hits {
			if i != j && !strings.Contains(g.Keyword, " ... ") && g.Start <= h.Start && h.End <= g.End &&
				g.End-g.Start > h.End-h.Start {
				inside = true
				break
			}
		}
		if !inside {
			out = append(out, h)
		}
	}
	return out
}

// note adds a note on the decision (see Explain), when notes are asked for.
func (a *analysis) note(format string, args ...any) {
	if a.withNotes {
		a.notes = append(a.notes, fmt.Sprintf(format, args...))
	}
}

// decide returns the revision type ("" for none) and the item.
func (a *analysis) decide() (string, string) {
	type accepted struct {
		h   screen.Hit
		typ string
		s   span
	}
	var acc []accepted
	for _, h := range a.hits {
		s := a.sentenceOf(h.Start)
		ok, why := a.judge(h, s)
		if !ok && why == whyNoRequest && len(acc) > 0 && acc[len(acc)-1].s == s && acc[len(acc)-1].h.End <= h.Start &&
			!a.participle(h) && !a.purpose(s, h) {
			// A later cue of a sentence already holding an instruction
			// belongs to it ("write it again but at a picnic instead").
			ok, why = true, "continues the instruction before it"
		}
		if ok && len(acc) > 0 && acc[len(acc)-1].s == s && acc[len(acc)-1].typ == Replace &&
			h.Family == screen.Withdraw && withoutCues[h.Keyword] {
			// "swap the tacos for something without beans": the
			// substitute's description, not a removal.
			a.note("%q (%s): part of the substitute of %q", h.Keyword, h.Family, acc[len(acc)-1].h.Keyword)
			continue
		}
		if !ok {
			a.note("%q (%s): rejected: %s", h.Keyword, h.Family, why)
			if hardRejects[why] {
				a.hardReject = true
			}
			continue
		}
		typ := a.hitType(h, s)
		if typ == "" {
			a.note("%q (%s): accepted (%s) but names no change", h.Keyword, h.Family, why)
			continue
		}
		a.note("%q (%s): accepted as %s: %s", h.Keyword, h.Family, typ, why)
		acc = append(acc, accepted{h, typ, s})
		a.acc = append(a.acc, accepted6{h, typ})
	}
	if len(acc) == 0 {
		return "", ""
	}
	typ := acc[0].typ
	for _, x := range acc[1:] {
		if typeRank(x.typ) < typeRank(typ) {
			typ = x.typ
		}
	}
	item := ""
	if typ == Withdraw || typ == Replace {
		for _, x := range acc {
			if x.typ != typ {
				continue
			}
			if item = a.item(x.h, x.s, typ); item != "" {
				break
			}
		}
	}
	return typ, item
}

// judge decides whether cue h in sentence s stands for a change request.
func (a *analysis) judge(h screen.Hit, s span) (bool, string) {
	strong := a.strongRef(s, h)
	if v := a.turnVeto(); v != "" && (v != "continuation" || !strong) {
		return false, v
	}
	if r := a.mat.region; r.e > r.s && h.Start >= r.s && h.End <= r.e {
		// "i get the following: ERROR: ..." reports the draft's failure;
		// other cues in pasted text are part of the text.
		if h.Family == screen.Correct && a.mat.log && wordCount(a.f[:r.s]) <= 20 && !a.reportedLog {
			a.reportedLog = true
			return true, "error output reported after a short lead-in"
		}
		return false, "inside pasted material"
	}
	if a.transformNew() {
		return false, "text to transform is new"
	}
	if a.topicShift() && !strong {
		return false, "the turn turns to another matter"
	}
	if h.Keyword == "not ... but" && a.notOnly(h) {
		return false, "\"not only ... but\" adds, it does not correct"
	}
	if (h.Family == screen.Withdraw || h.Family == screen.Replace) && a.articleBefore(h) {
		// "add a delete button", "a remove option": the cue names a thing.
		return false, "cue used as a noun modifier"
	}
	if h.Family == screen.Replace && (prepositionCues[h.Keyword] || afterMarkerCue(h.Keyword)) &&
		a.onlyFillers(a.toks(a.clauseStart(s, h.Start), h.Start)) {
		// "Instead, what we can do is ...": a connective; "instead of
		// complaining i'll plan it myself": the user's own action.
		if rest := strings.TrimLeft(a.f[h.End:s.e], " "); strings.HasPrefix(rest, ",") {
			return false, "connective \"instead,\""
		}
		if a.selfStatement(a.toks(h.End, s.e)) {
			return false, "the user's own action"
		}
	}
	if a.insteadOfThenDo(s, h) && !a.selfStatement(a.toks(s.s, h.Start)) {
		return true, "instead of X, do Y"
	}
	if a.cjkAnotA(h) {
		return false, "yesno question" // "开头要不要加“您好”": A-not-A asks
	}
	switch kind := a.questionKind(s, h); kind {
	case "suggestion":
		return true, "suggestion"
	case "", "polite":
	default:
		// "why doesn't it work?", "what is wrong with the code?" (not after
		// a refusal: "what's wrong with that?" argues, there is no draft)
		if kind == "info" && h.Family == screen.Correct && !weakCorrect[h.Keyword] && a.asksWhyWrong(s) && a.weakRef(s, h) &&
			!a.prevRefusal() {
			return true, "asks what is wrong with the draft"
		}
		// "this was the code you wrote. how can i modify it to use X?"
		if kind == "info" && a.asksHow(s) && a.strongRefTurn() && a.weakRef(s, h) && !a.taskInternal(s, h) {
			return true, "asks how to change the draft"
		}
		return false, kind + " question"
	}
	// A reference to the draft does not undo a new task: "write an article
	// on the above" makes something new from it. A turn that re-asks an
	// earlier request with a new constraint does (reask is the costly test,
	// so it runs only for a new task).
	if a.newTask(s) {
		if !a.reask(h) && !a.thisTime(s, h) {
			return false, "new task"
		}
	} else if len(a.sents) > 0 && s != a.sents[0] && a.newTask(a.sents[0]) && !a.reask(h) {
		return false, "new task (first sentence)"
	}
	if a.taskInternal(s, h) && !strong {
		return false, "cue describes the task (how to / tool to)"
	}
	if a.mat.present && !a.mat.draft && !a.mat.context && !strong {
		if !(h.Family == screen.Correct && (a.mat.log || a.prevCode)) {
			return false, "new material for a new transformation"
		}
	}
	lead := a.leadKind(s, h)
	if k, ok := a.germanVerbFinal(s, h, a.toks(a.clauseStart(s, h.Start), h.Start)); ok && k == leadOther {
		return false, "a German clause of its own" // "die Kinder gehen raus"
	}
	if desireCues[h.Keyword] && lead == leadOther {
		return false, "someone else's wish" // "they don't want to alter it"
	}
	if h.Family != screen.Correct && h.Family != screen.Generic && a.otherSubject(a.toks(a.clauseStart(s, h.Start), h.Start)) {
		// "ele não cita ninguém", "he doesn't use the module": what someone
		// else does, not an instruction.
		return false, "someone else's doing"
	}
	if h.Family != screen.Correct && (a.selfStatement(a.toks(a.clauseStart(s, h.Start), h.Start)) ||
		a.foreignSelfStatement(a.toks(a.clauseStart(s, h.Start), h.Start))) {
		// "i'll attach the e-ticket instead": the user's own action, also
		// in a short turn. When it opens the turn ("we use pandas instead
		// of csv at work ...") the turn is about the user's doing, and the
		// cue-less rules do not apply either.
		if lead := a.toks(a.sents[0].s, h.Start); s == a.sents[0] && len(lead) > 0 && firstPersonOpeners[lead[0].w] &&
			(h.Family == screen.Withdraw || h.Family == screen.Replace) {
			return false, "the user opens with their own action"
		}
		return false, "the user's own action"
	}

	if complianceCues[h.Keyword] {
		// "i put it in nginx.conf like you said" and then a result: the
		// draft's advice failed; "like you said, the file is small" agrees;
		// "use the data structures as you said" is part of an instruction.
		if lead := a.toks(a.clauseStart(s, h.Start), h.Start); len(lead) > 0 && (useVerbs[lead[0].w] || editVerbs[lead[0].w] ||
			creationVerbs[lead[0].w]) {
			return false, "part of an instruction"
		}
		if a.resultReported(h) {
			return true, "did as the draft said, reports the result"
		}
		return false, "agrees with the draft"
	}
	if h.Family == screen.Correct {
		switch {
		case a.selfStatement(a.toks(a.clauseStart(s, h.Start), h.Start)):
			return false, "the user's own mistake" // "i made a mistake"
		case errorNames[h.Keyword] && !a.codeBefore():
			return false, "error output without code before" // a new problem
		case a.prevRefusal() && (weakCorrect[h.Keyword] || denials[h.Keyword]):
			return false, "pushback on a refusal"
		}
	}
	// A short turn adds little besides the edit; withdrawals and
	// replacements name their items, which are new words by nature.
	allowed := shortNewWords
	if h.Family == screen.Withdraw || h.Family == screen.Replace {
		allowed += 2
	}
	short := a.nwords <= shortTurnWords && a.newWords() <= allowed
	if h.Family == screen.Correct && weakCorrect[h.Keyword] {
		// Common words of complaint or clarification count only in a
		// clear setting.
		switch {
		case clarifyCues[h.Keyword] && lead == leadEmpty && a.nwords > 1 && (a.nwords <= 40 || (len(a.sents) > 0 && s == a.sents[0])) &&
			!a.politeNo(h, s) && !(strings.HasPrefix(h.Keyword, "^no") && a.prevAsked()):
			return true, "clarifies what was meant"
		case strong:
			return true, "fault in the draft, named explicitly"
		case a.prevCode && (short || lead == leadEmpty || (lead == leadFramed && wordCount(a.f[s.s:s.e]) <= 12)):
			return true, "reports a fault in the code"
		case denials[h.Keyword] && lead == leadEmpty && a.nwords <= 6:
			return true, "short denial (\"that's not a circle\")"
		case lead != leadOther && a.colonAfter(h):
			return true, "announces a fault (\"one issue: ...\")"
		case statedValues[h.Keyword] && wordCount(a.f[s.s:s.e]) <= 20 && a.nwords <= 30:
			return true, "states the right value"
		case malfunctionCues[h.Keyword] && wordCount(a.f[s.s:s.e]) <= 20 && a.nwords <= 60 &&
			(a.prevCode && a.subjectRef(s, h) || a.draftIdentifierBefore(s, h)):
			return true, "says what the draft did when run (\"it's frozen now\", \"X has no effect\")"
		}
		return false, "weak correction cue without a clear reference"
	}
	if a.nwords > shortTurnWords && a.objectless(h, s) {
		return false, "names nothing to change"
	}
	if a.newTarget(h, s) {
		return false, "text to transform is new"
	}
	if h.Family == screen.Correct && lead == leadEmpty && !a.prevCode && !a.weakRef(s, h) && !strong &&
		a.nwords > 15 && !imperativeCorrect[h.Keyword] {
		// "Error 1013: bucket not empty" pasted after prose: a new problem.
		return false, "error report unrelated to the draft"
	}
	if a.formVersion(h) {
		return true, "asks for a version in another form"
	}
	if weakGeneric[h.Keyword] || weakReformat[h.Keyword] {
		// Wishes and vague cues ("it should", "same for", "another") are
		// requests only in short turns, after code, or naming the draft.
		switch {
		case strong:
			return true, "vague cue naming the draft"
		case lead != leadOther && (a.nwords <= 25 || a.prevCode):
			return true, "vague cue in a short request"
		}
		return false, "vague cue in a long turn"
	}
	switch lead {
	case leadEmpty:
		return true, "instruction at clause start"
	case leadFramed:
		return true, "request about the draft"
	}
	if h.Family == screen.Correct {
		switch {
		case strong:
			return true, "fault in the draft, named explicitly"
		case a.subjectRef(s, h) && wordCount(a.f[s.s:s.e]) <= 25 && (a.nwords <= 60 || a.prevCode):
			return true, "reports a fault in the draft"
		case a.prevCode:
			return true, "error report after code"
		}
	}
	if short && languageCue(h.Keyword) && a.nwords > 4 && !a.weakRef(s, h) {
		return false, "new text in another language" // "vocabulary for X in english"
	}
	if short && h.Family != screen.Generic && !a.participle(h) {
		return true, "short turn"
	}
	if a.thisTime(s, h) {
		return true, "a repeat with a change (\"another one, but this time ...\")"
	}
	return false, whyNoRequest
}

const whyNoRequest = "no request about the draft"

// firstPersonOpeners open a sentence with the user as its subject.
var firstPersonOpeners = set(`i we i'll we'll i've we've i'm we're im ill ich wir je j' nous yo nosotros я мы eu nós io noi`)

// hardRejects are reasons of judge that make the turn something other than
// a request about the draft, so that the cue-less rules do not apply.
var hardRejects = exact("new task", "new task (first sentence)", "cue describes the task (how to / tool to)",
	"info question", "yesno question", "new material for a new transformation", "text to transform is new",
	"new text in another language", "someone else's wish", "pushback on a refusal", "quiz question",
	"new role-play or persona prompt", "multiple-choice question", "continuation", "the turn turns to another matter",
	"connective \"instead,\"", "the user opens with their own action")

// topicShift reports a turn that opens by turning to another matter
// ("different thing: ...", "unrelated, but ...", "otra pregunta: ...").
func (a *analysis) topicShift() bool {
	if len(a.sents) == 0 {
		return false
	}
	head := strings.TrimSpace(a.f[a.sents[0].s:a.sents[0].e])
	for _, p := range topicShifts {
		if strings.HasPrefix(head, p) {
			if hasCJK(p) {
				return true
			}
			if r, _ := utf8.DecodeRuneInString(head[len(p):]); !isWordRune(r) {
				return true
			}
		}
	}
	return false
}

// versionVerbs ask for a version ("write a python version").
var versionVerbs = set(`write make give do create generate produce show send provide redo rewrite need want get`)

// notAForm are form words that, before "version", name another time or
// place in a sequence ("a future version", "the first version").
var notAForm = set(`past present future first third next previous last new old active passive`)

// notOnly reports "not only/just X but (also) Y".
func (a *analysis) notOnly(h screen.Hit) bool {
	ts := a.toks(h.Start, h.End)
	return len(ts) > 1 && (ts[1].w == "only" || ts[1].w == "just" || ts[1].w == "merely")
}

// articleBefore reports an edit cue right after an indefinite article ("a
// delete button", "an exclude filter", "un bouton supprimer").
func (a *analysis) articleBefore(h screen.Hit) bool {
	ts := a.toks(max(0, h.Start-12), h.Start)
	if len(ts) == 0 || ts[len(ts)-1].e > h.Start {
		return false
	}
	switch ts[len(ts)-1].w {
	case "a", "an", "un", "une", "una", "ein", "eine", "einen", "um", "uma", "uno":
		return strings.TrimSpace(a.f[ts[len(ts)-1].e:h.Start]) == ""
	}
	return false
}

// formVersion reports a version cue named by a form ("write a python
// version", "a shorter version", "una versión en inglés").
func (a *analysis) formVersion(h screen.Hit) bool {
	if h.Keyword != "version" && h.Keyword != "another version" {
		return false
	}
	s := a.sentenceOf(h.Start)
	ts := a.toks(a.clauseStart(s, h.Start), h.Start)
	if n := len(ts); n >= 2 && (formWords[ts[n-1].w] || toneWords[ts[n-1].w]) && (ts[n-2].w == "a" || ts[n-2].w == "an") {
		// "write a python version", "give me a shorter version": a verb
		// asks for it ("in a future version" names none).
		for _, t := range ts[:n-2] {
			if versionVerbs[t.w] && !notAForm[ts[n-1].w] {
				return true
			}
		}
	}
	after := a.toks(h.End, min(len(a.f), h.End+40))
	return len(after) > 1 && formPrepositions[after[0].w] && formWords[after[1].w]
}

// transformNew reports whether a transformation cue of the turn acts on new
// text (see newTarget): then no cue of the turn asks to change the draft
// ("summarize the french revolution in 3 sentences").
func (a *analysis) transformNew() bool {
	if !a.tnDone {
		a.tnDone = true
		for _, h := range a.hits {
			if transformCues[h.Keyword] && a.newTarget(h, a.sentenceOf(h.Start)) {
				a.tn = true
				break
			}
		}
	}
	return a.tn
}
