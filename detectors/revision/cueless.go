package revision

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/revtrace/revtrace/detectors/screen"
)

// The cue-less path: a short turn (screen.Short) that the screen selected
// without a cue, or whose cues named no change. Many corrections carry no
// cue word ("its tuesday not monday", "the column is called Region", a
// pasted error after code, "3日です"), and so do many additions ("ignore
// spaces and case too"). The rules stay conservative: ordinary follow-ups
// (thanks, acknowledgements, questions, continuations, new tasks, plans of
// the user) are never revisions here.

// cuelessMaxWords is the most words a turn may have for the cue-less rules.
const cuelessMaxWords = 16

// thanksWords mark a turn that thanks or accepts.
var thanksWords = set(`thanks thank thx ty tysm thnx thanx appreciate cheers danke merci gracias grazie obrigado obrigada valeu
	спасибо благодарю`)

// ackWords make up acknowledgements ("ok got it", "lol love it").
var ackWords = set(`ok okay k kk got it its it's this that is was perfect great good nice cool awesome amazing excellent
	wonderful lovely love loved like fine sure yes yeah yep yup understood noted alright right lol haha wow beautiful
	exactly works worked working now thanks thank you so much very really looks look sounds sound gorgeous brilliant
	super parfait génial bien vale perfecto genial bueno claro entendido listo gut prima klasse alles klar verstanden
	ок окей хорошо понял поняла ясно отлично супер класс ótimo otimo perfeito beleza entendi certo ottimo perfetto bene
	va capito d'accord entendu top merci gracias grazie danke cheers worked works`)

// praiseWords veto the draft-overlap rule ("I love the part about Pepper").
var praiseWords = set(`love loved like liked great perfect nice good beautiful amazing awesome lovely excellent brilliant
	fantastic wonderful cute funny`)

// planWords open the user's own plans ("i'll send it tomorrow").
var planWords = set(`i'll ill i'm im gonna going will i've ive we'll`)

// imperativeEdits open a short instruction about the draft ("make it pop",
// "put it in a main() function", "sign it Dana W.").
var imperativeEdits = set(`make put use say call sign set turn keep move split merge sort format show handle let name
	mention write spell capitalize bold indent wrap rename start end open close lower raise bump shift
	ignore skip allow accept support treat count check`)

// negations for the contrast rule ("A not B"); CJK forms are checked on the
// text.
var contrastWords = set(`not nicht pas non não nao no не`)

// notAfter are words after "not" that make no contrast ("not sure", "not
// now").
var notAfter = set(`sure now yet bad really much that so too very quite working work at all enough bad even only just
	able allowed possible`)

var cjkContrasts = []string{"不是", "じゃない", "じゃなくて", "ではなく", "ではない", "じゃありません", "ではありません"}

// cjkThanks thank in scripts without spaces.
var cjkThanks = []string{"谢谢", "感谢", "多谢", "ありがとう", "助かりました", "감사", "고마워", "고맙"}

// newOpeners start a request for another item of the same kind ("now one
// for the supervisor job", "same for my sister", "next one").
var newOpeners = set(`one another same next new otra otro une autre eine einen noch ещё еще um uma un`)

// errorMarks show a pasted error or program output.
var errorMarks = []string{"error", "exception", "traceback", "no such file", "not found", "permission denied",
	"illegal", "segmentation fault", "fatal", "failed", "cannot", "can't", "undefined", "warning", "ошибка", "错误",
	"エラー", "报错", "fehler", "erreur", "errore", "erro"}

// cueless decides the cue-less path ("" when it finds no revision).
func (a *analysis) cueless() (string, string) {
	if a.hardReject {
		return "", ""
	}
	if v := a.turnVeto(); v != "" {
		a.note("cue-less: %s", v)
		return "", ""
	}
	all := a.toks(0, len(a.f))
	ws := words(all)
	if len(ws) == 0 {
		// Only pasted material: an error or output after code reports a
		// fault of the code.
		if a.prevCode && hasErrorMark(a.rawFold()) {
			a.note("cue-less: pasted error after code")
			return Correct, ""
		}
		return "", ""
	}
	if screen.DiagnosticTurn(a.turn) && a.codeBefore() {
		// "./main.go:9:2: declared and not used: err" after code, alone or
		// after a command echo: the code's failure, whatever its length.
		a.note("cue-less: tool diagnostics after code")
		return Correct, ""
	}
	if jaAlsoRequest(a.f) {
		a.note("cue-less: also-request (も ... して)")
		return Extend, ""
	}
	if ok, item := a.keepFromReader(all); ok {
		a.note("cue-less: the reader must not learn of an item")
		return Withdraw, item
	}
	if a.turnCJK() && jaRegisterWish(a.f) && utf8.RuneCountInString(a.f) <= 40 {
		a.note("cue-less: wishes another register")
		return Reformat, ""
	}
	if a.whereNeeded(all) {
		a.note("cue-less: asks where a needed thing is")
		return Extend, ""
	}
	if len(ws) > cuelessMaxWords {
		return "", ""
	}
	if a.mat.present && !a.mat.draft && !a.mat.log {
		a.note("cue-less: new material")
		return "", ""
	}
	for _, m := range cjkThanks {
		if strings.Contains(a.f, m) {
			a.note("cue-less: thanks")
			return "", ""
		}
	}
	for _, w := range ws {
		if thanksWords[w] {
			a.note("cue-less: thanks")
			return "", ""
		}
	}
	if a.onlyAck(ws) {
		a.note("cue-less: acknowledgement")
		return "", ""
	}
	if a.ownPlan(ws) {
		a.note("cue-less: the user's own plan or opinion")
		return "", ""
	}
	if a.draftModalForm(skipWords(ws, discourse)) || foreignModalForm(skipWords(ws, discourse)) {
		a.note("cue-less: asks for the draft in another tone or form (\"can it be warmer\")")
		return Reformat, ""
	}
	for _, s := range a.sents {
		if a.newTask(s) {
			a.note("cue-less: new task")
			return "", ""
		}
		if a.cuelessQuestion(s) || a.infoQuestion5(s) {
			a.note("cue-less: question")
			return "", ""
		}
	}
	rest := skipWords(skipWords(ws, discourse), leadSkips)
	if len(rest) == 0 {
		return "", ""
	}
	if newOpeners[rest[0]] {
		a.note("cue-less: another one of the same kind (new task)")
		return "", ""
	}
	if typ, why := a.statedFact5(all); typ != "" {
		a.note("cue-less: %s", why)
		return typ, ""
	}
	// "A not B", "ab 18 uhr, nicht 19", "是延期一周，不是两周".
	if i, ok := a.contrast(all); ok && (len(ws) <= 10 || imperativeEdits[rest[0]]) && !strings.ContainsAny(a.turn, "\"“”«»") {
		if imperativeEdits[rest[0]] {
			item := ""
			if i+1 < len(all) {
				item = a.phraseUntil(all[i+1].s, len(a.f), nil)
			}
			a.note("cue-less: instruction with a contrast: replace")
			return Replace, item
		}
		a.note("cue-less: states a contrast with the draft")
		return Correct, ""
	}
	if a.valueStatement(all, rest) {
		a.note("cue-less: states a value the draft has otherwise")
		return Correct, ""
	}
	if typ, item := a.negativeImperative(skipWords(ws, leadSkips), all); typ != "" {
		a.note("cue-less: a negative instruction about the draft")
		return typ, item
	}
	if a.prevCode && a.errorMark() {
		a.note("cue-less: error report after code")
		return Correct, ""
	}
	if a.bareFormNoun(all) {
		a.note("cue-less: names only the form the draft should take")
		return Reformat, ""
	}
	if a.degreeOnly(all) {
		a.note("cue-less: only changes of degree (\"moins sec, plus chaleureux\")")
		return Reformat, ""
	}
	last := rest[len(rest)-1]
	if ws[0] == "also" || ws[0] == "plus" || last == "too" || (ws[0] == "and" && len(ws) > 2 && a.namesDraft(all)) ||
		(len(rest) > 1 && rest[len(rest)-2] == "as" && last == "well") || a.additive(all) {
		a.note("cue-less: additive instruction")
		return Extend, ""
	}
	if imperativeEdits[rest[0]] && len(rest) > 2 && replaceVerbs[rest[0]] &&
		(draftPronouns[rest[1]] || namedPersons[rest[1]] && !notNames[rest[2]]) {
		a.note("cue-less: renames or re-signs the draft")
		return Replace, ""
	}
	if imperativeEdits[rest[0]] && len(rest) > 1 && draftPronouns[rest[1]] {
		a.note("cue-less: short instruction")
		if a.formWord(all) || a.structureTarget(rest[2:]) || formOrToneNext(rest[2:]) {
			return Reformat, ""
		}
		return Other, ""
	}
	if cliticImperatives[rest[0]] && formOrToneNext(rest[1:]) {
		a.note("cue-less: the draft in another tone or degree")
		return Reformat, ""
	}
	for i, w := range rest {
		if praiseWords[w] && !(w == "like" && i > 0 && likenessVerbs[rest[i-1]]) {
			a.note("cue-less: praise")
			return "", ""
		}
	}
	if understands(rest) || creationVerbs[rest[0]] || infoVerbs[rest[0]] || rest[0] == "show" || rest[0] == "list" {
		a.note("cue-less: asks for an explanation")
		return "", ""
	}
	if a.ownWorld(all) {
		a.note("cue-less: about the user's own things")
		return "", ""
	}
	if a.omissionReport(all) {
		a.note("cue-less: reports what the draft leaves out or repeats")
		return Correct, ""
	}
	if a.prevCode && a.faultWord(all) {
		a.note("cue-less: reports behaviour of the code")
		return Correct, ""
	}
	if a.faultWord(all) && a.overlapsDraft(all) {
		a.note("cue-less: statement about the draft")
		return Correct, ""
	}
	return "", ""
}

// errorMark is hasErrorMark of the turn, read once per turn.
func (a *analysis) errorMark() bool {
	if !a.errMarkDone {
		a.errMarkDone, a.errMark = true, hasErrorMark(a.f)
	}
	return a.errMark
}

func hasErrorMark(f string) bool {
	for _, m := range errorMarks {
		if strings.Contains(f, m) {
			return true
		}
	}
	return false
}

func (a *analysis) onlyAck(ws []string) bool {
	for _, w := range ws {
		if !ackWords[w] && !discourse[w] && !fillers[w] {
			return false
		}
	}
	return true
}

// cuelessQuestion reports whether sentence s asks something. A tag ("...,
// no?", "right?") or a doubled question mark after a statement asserts.
func (a *analysis) cuelessQuestion(s span) bool {
	text := strings.TrimSpace(a.f[s.s:s.e])
	q := strings.HasSuffix(text, "?") || strings.HasSuffix(text, "？")
	ws := skipWords(a.wordsOf(s.s, s.e), discourse)
	if len(ws) == 0 {
		return false
	}
	if hasCJK(text) {
		return q || cjkQuestionKind(text) != ""
	}
	if strings.HasPrefix(text, "¿") {
		return true // Spanish opens every question with ¿
	}
	joined := strings.Join(ws, " ")
	if !hasPrefixPhrase(ws, "is there") && !hasPrefixPhrase(ws, "are there") {
		// "can you also save it to totals.csv", "tu peux le mettre sous
		// forme de mail ?": a request, unless it asks to be told something
		// ("can you explain ...").
		for _, p := range cuelessRequestFramesByFirst.candidates(ws) {
			if hasPrefixPhrase(ws, p) {
				rest := skipWords(ws[len(phraseWords(p)):], politeSkips)
				return len(rest) == 0 || infoVerbs[rest[0]] || questionWords[rest[0]]
			}
		}
	}
	for _, p := range askPhrases {
		if joined == p || prefixBefore(joined, p, " ") {
			return true
		}
	}
	if questionWords[ws[0]] && (q || !conjunctionQuestionWords[ws[0]] || englishConjunctions[ws[0]] && !behaviourReport(ws)) {
		// "when currency decreases will GDP increase" asks; "when I
		// press + it shows 02" reports.
		return true
	}
	if infoVerbs[ws[0]] {
		return true
	}
	if !q {
		// "is 2M+ requests a day a lot or should i ...": an auxiliary
		// followed by a subject, a number or a determiner asks.
		if !auxStarts[ws[0]] || len(ws) < 2 {
			return false
		}
		if subjects[ws[1]] {
			return true
		}
		// a determiner or number after an auxiliary that really opens the
		// sentence ("is 2M+ requests a day a lot"), not one after "you"
		// ("you had 19 points, not 25")
		raw := a.wordsOf(s.s, s.e)
		return len(raw) > 0 && raw[0] == ws[0] && (objectPronouns[ws[1]] || startsWithDigit(ws[1]))
	}
	for _, tag := range orNotTags {
		if strings.HasSuffix(strings.TrimRight(joined, "?？ "), tag) {
			return true
		}
	}
	last := ws[len(ws)-1]
	if strings.HasSuffix(text, "??") || last == "no" || last == "right" || last == "non" || last == "nein" {
		return false
	}
	return true
}

// cuelessRequestFrames open a request phrased as a question ("can you also
// save it", "puedes ponerlo en una tabla?", "kannst du noch ..."); "can I",
// "should we" and "is it" ask.
var cuelessRequestFrames = []string{
	"can you", "could you", "would you", "will you", "can u", "could u", "would u", "would you mind",
	"puedes", "podrías", "podrias", "peux-tu", "pouvez-vous", "pourrais-tu", "pourriez-vous", "tu peux",
	"vous pouvez", "kannst du", "könntest du", "können sie", "könnten sie", "можешь", "можете", "не мог бы",
	"не могли бы", "pode", "poderia", "você pode", "voce pode", "puoi", "potresti",
}

// startsWithDigit reports whether w starts with an ASCII digit ("2m", "10k").
func startsWithDigit(w string) bool { return w != "" && w[0] >= '0' && w[0] <= '9' }

// contrast finds "A not B": a negation between two content words (or a
// number), returning the index of the negation. The word after must not be
// a degree or time word ("not sure", "not now").
func (a *analysis) contrast(ts []tok) (int, bool) {
	text := a.f
	for _, c := range cjkContrasts {
		if k := strings.Index(text, c); k > 0 {
			for i, t := range ts {
				if t.s >= k {
					return i, true
				}
			}
			return len(ts) - 1, true
		}
	}
	for i, t := range ts {
		if !contrastWords[t.w] || i == 0 || i+1 >= len(ts) {
			continue
		}
		prev, next := ts[i-1].w, ts[i+1].w
		if notAfter[next] || copulas[prev] || fillers[prev] && !isNumber(prev) && prev != "uhr" {
			continue
		}
		// The contrasted values belong to the draft ("its tuesday not
		// monday") or are numbers ("6 days not 5").
		j := i + 1
		for j < len(ts)-1 && (objectPronouns[ts[j].w] || ts[j].w == "in" || ts[j].w == "on" || ts[j].w == "na" || ts[j].w == "no" || ts[j].w == "по") {
			j++
		}
		if !isNumber(ts[j].w) && !isNumber(prev) && !a.prevWord(ts[j].w) && !a.prevWord(prev) && !a.shortDraftWord(ts[j].w) &&
			(valueKind(ts[j].w) == "" || !draftHasKind(a.prevText(), valueKind(ts[j].w))) {
			continue // values of the draft's kind contrast too ("na quinta, não na sexta")
		}
		if t.w == "не" && prev != "а" && !isNumber(prev) {
			continue
		}
		if t.w == "no" && i+1 < len(ts) && !objectPronouns[next] && !isNumber(next) {
			continue // es/it "no" before an article or a number
		}
		return i, true
	}
	return 0, false
}

// shortDraftWord reports a three-rune word of the last assistant message
// that is no common word ("csv" in "use pandas, not the csv module").
func (a *analysis) shortDraftWord(w string) bool {
	return utf8.RuneCountInString(w) == 3 && !fillers[w] && !stopish[w] && !objectPronouns[w] && !itemStops[w] &&
		!frameWords[w] && !isNumber(w) && hasToken(a.prevText(), w)
}

// formWord reports whether a token names a matter of form.
func (a *analysis) formWord(ts []tok) bool {
	for _, t := range ts {
		if formWords[t.w] {
			return true
		}
	}
	return false
}

// overlapsDraft reports whether the turn shares a content word of at least
// four runes, a number or a two-rune CJK sequence with the last assistant
// message.
func (a *analysis) overlapsDraft(ts []tok) bool {
	prev := a.prevText()
	if prev == "" {
		return false
	}
	for _, t := range ts {
		if t.cjk {
			continue
		}
		if isNumber(t.w) && hasToken(prev, t.w) {
			return true
		}
		if utf8.RuneCountInString(t.w) < prevWordMinLength || fillers[t.w] || stopish[t.w] || frameWords[t.w] {
			continue
		}
		if a.prevWord(t.w) {
			return true
		}
	}
	if a.turnCJK() {
		return a.cjkOverlapAll()
	}
	return false
}

// cjkOverlapAll reports whether a two-rune CJK sequence of the turn occurs
// in the last assistant message.
func (a *analysis) cjkOverlapAll() bool {
	var prev rune = -1
	for i := 0; i < len(a.f); {
		r, n := utf8.DecodeRuneInString(a.f[i:])
		if isCJK(r) {
			if prev >= 0 && strings.Contains(a.prevText(), string([]rune{prev, r})) {
				return true
			}
			prev = r
		} else {
			prev = -1
		}
		i += n
	}
	return false
}

// faultWords describe what a program does or fails to do ("it goes negative
// when i spam the minus", "still 7", "nothing happens").
var faultWords = set(`not no don't dont doesn't doesnt didn't didnt isn't isnt won't wont can't cant never nothing empty
	blank only still again shows prints printing outputs returns gives giving goes
	says stays becomes crashes crash hangs freezes loops negative nan null none zero instead when whenever keeps
	called named spelled spelt actually
	nicht kein keine nie immer zeigt gibt не ничего пусто выводит показывает всегда nada sale muestra sigue pas rien
	affiche toujours não mostra continua non niente sempre
	dice imprime devuelve dit imprime renvoie sagt druckt liefert пишет выдает выдаёт возвращает diz retorna aparece
	stampa restituisce`)

var cjkFaults = []string{"不", "没", "还是", "只有", "空", "显示", "出来", "ない", "しか", "表示", "出ます", "なる"}

// faultWord reports whether the turn describes behaviour (see faultWords).
// A behaviour verb counts only with the draft as its subject ("it says
// ..."), not a person ("leo says he's away").
func (a *analysis) faultWord(ts []tok) bool {
	for i, t := range ts {
		if faultWords[t.w] {
			if behaviourVerbs[t.w] && i > 0 && !draftPronouns[ts[i-1].w] && !faultSubjects[ts[i-1].w] && !a.prevCode {
				continue
			}
			return true
		}
	}
	for _, c := range cjkFaults {
		if strings.Contains(a.f, c) {
			return true
		}
	}
	return false
}

// draftPronouns after an edit verb point at the draft ("make it pop", "put
// it in a function").
var draftPronouns = set(`it this that them these those everything all`)

// understands reports "i don't understand ..." / "i don't get ...": a
// request for explanation, not for a change.
func understands(ws []string) bool {
	for i := 0; i+1 < len(ws); i++ {
		switch ws[i] {
		case "don't", "dont", "do", "didn't", "didnt", "not":
			switch ws[i+1] {
			case "understand", "get", "know", "see", "think", "believe", "care", "mind":
				return true
			}
		}
	}
	return false
}

// copulas and auxiliaries before "not" make a negated statement, not a
// contrast of two values ("i am not a minor").
var copulas = set(`am is are was were be been do does did have has had will would could should can may might must
	i'm im it's its that's thats he's she's they're we're you're isn't`)

// askPhrases open yes/no questions without a question mark.
var askPhrases = []string{"можно ли", "можно", "нужно ли", "есть ли", "gibt es", "ist es", "kann man", "est-ce que",
	"y a-t-il", "hay", "es posible", "se puede", "é possível", "dá para", "è possibile", "si può", "c'è", "is there",
	"are there", "can i", "should i", "do i", "is it"}

// additiveWords ask for something more in the draft ("que también devuelva
// el total", "bitte noch dazu: ...", "пусть ещё строки считает").
var additiveWords = set(`also también tambien aussi anche também tambem dazu ещё еще тоже также`)

var cjkAdditive = []string{"也要", "还要", "也加", "还加", "加一句", "加上", "も表示", "も追加", "も入れ", "も書"}

func (a *analysis) additive(ts []tok) bool {
	for _, t := range ts {
		if additiveWords[t.w] {
			return true
		}
	}
	for _, c := range cjkAdditive {
		if strings.Contains(a.f, c) {
			return true
		}
	}
	return jaAlsoRequest(a.f)
}

// jaAlsoRequest reports a Japanese request with the particle も ("also") on
// its object and a request form at the end ("合計金額も最後に表示するように
// して", "日付も入れてください").
func jaAlsoRequest(f string) bool {
	t := strings.TrimRight(f, " 。！!")
	request := false
	for _, e := range []string{"して", "してください", "して下さい", "ようにして", "てください", "入れて", "加えて", "書いて", "出して",
		"てほしい", "てほしいです", "て欲しい", "てもらえますか", "ほしいです", "欲しいです", "一言ほしい"} {
		if strings.HasSuffix(t, e) {
			request = true
			break
		}
	}
	if !request {
		return false
	}
	for i := 0; i < len(t); {
		k := strings.Index(t[i:], "も")
		if k < 0 {
			return false
		}
		j := i + k
		before, _ := utf8.DecodeLastRuneInString(t[:j])
		after, _ := utf8.DecodeRuneInString(t[j+len("も"):])
		// not もう, もっと, もし, でも, とも, ても
		if j > 0 && isCJK(before) && before != 'で' && before != 'と' && before != 'て' && after != 'う' && after != 'っ' && after != 'し' {
			return true
		}
		i = j + len("も")
	}
	return false
}

// faultSubjects may stand before a behaviour verb in a fault report ("now
// it says", "the output shows").
var faultSubjects = set(`still now just also always output code script page app program result results error console
	screen terminal log it's its`)

// leadSkips open a short instruction without changing it ("actually call
// it ...", "just sign it ...").
var leadSkips = set(`actually just please pls plz maybe now also kindly simply instead rather`)

// likenessVerbs before "like" compare ("they all sound like the same app"),
// they do not praise.
var likenessVerbs = set(`sound sounds look looks feel feels seem seems read reads smell smells taste tastes`)

// cuelessWordCount counts the words of the turn as the screen does (two
// CJK runes make a word).
func cuelessWordCount(ts []tok) int {
	n, cjk := 0, 0
	for _, t := range ts {
		if t.cjk {
			cjk++
		} else {
			n++
		}
	}
	return n + cjk/2
}

// ownPlan reports a turn that opens with the user's own plan or opinion
// ("i'll send it tomorrow", "i think it's fine", "i'm gonna post it"); "i'm
// not senior" states a fact the draft got wrong.
func (a *analysis) ownPlan(ws []string) bool {
	if len(ws) > 1 && ws[0] == "i" && (ws[1] == "will" || ws[1] == "think" || ws[1] == "guess") {
		return true
	}
	if !planWords[ws[0]] {
		return false
	}
	if (ws[0] == "i'm" || ws[0] == "im") && len(ws) > 1 {
		next := ws[1]
		return next == "going" || next == "gonna" || next == "about" || next == "planning" || next == "thinking" ||
			next == "sure" || next == "happy" || next == "glad" || strings.HasSuffix(next, "ing")
	}
	return true
}

// namesDraft reports a pronoun pointing at the draft among the tokens.
func (a *analysis) namesDraft(ts []tok) bool {
	for _, t := range ts {
		if draftPronouns[t.w] {
			return true
		}
	}
	return false
}

// structureTarget reports "in/into (a) <structure>" ("in a main() function",
// "into a table").
func (a *analysis) structureTarget(ws []string) bool {
	if len(ws) < 2 || !formPrepositions[ws[0]] {
		return false
	}
	for _, w := range ws[1:min(len(ws), 4)] {
		if structureNouns[w] || formWords[w] {
			return true
		}
	}
	return false
}

// valueStatement reports a short statement that gives a value (a number, a
// weekday, a month) the last assistant message does not have, in a slot the
// message fills otherwise: "march has 31 days" after a range ending on the
// 30th, "its 555-0199 now" after 555-0142, "3日です" after 5日. The turn is a
// statement with a copula near the start of a clause ("march has", "its",
// "…です"), without a first-person subject ("I rolled a 6", "i wanna start
// with 2000"), a hypothetical, arithmetic or a leading verb (a new
// computation: "convert 5 miles to km"); the slot is shown by a content word
// of the draft in the same sentence or by a draft value of the same shape.
func (a *analysis) valueStatement(all []tok, rest []string) bool {
	if cuelessWordCount(all) > valueMaxWords || indexAnyRune(a.f, ":：=+*×÷^<>%") >= 0 {
		return false
	}
	if first := rest[0]; creationVerbs[first] || imperativeEdits[first] || lightVerbs[first] && !draftPronouns[first] ||
		infoVerbs[first] || questionWords[first] || transformVerbs[first] {
		return false
	}
	for _, t := range all {
		if firstPersonSubjects[t.w] || hypotheticals[t.w] {
			return false
		}
	}
	for _, p := range []string{"我", "私", "如果", "もし", "减", "加", "乘", "除"} {
		if strings.Contains(a.f, p) {
			return false
		}
	}
	prev := a.prevText()
	for _, s := range a.sents {
		if !a.copulaClause(s) {
			continue
		}
		ts := a.toks(s.s, s.e)
		newValue, slot := false, false
		for i, t := range ts {
			switch kind := valueKind(t.w); kind {
			case "number":
				unit := ""
				if i+1 < len(ts) && ts[i+1].cjk {
					unit = ts[i+1].w
				}
				if !hasToken(prev, t.w) {
					newValue = true
					slot = slot || draftHasShape(prev, t.w, unit) || dayNumber(t.w) && draftHasDate(prev)
				}
			case "weekday", "month":
				if !strings.Contains(prev, t.w) {
					newValue = true
					slot = slot || draftHasKind(prev, kind)
				} else {
					slot = true // "march has 31 days": the month is the draft's
				}
			default:
				if !t.cjk && utf8.RuneCountInString(t.w) >= prevWordMinLength && !fillers[t.w] && !stopish[t.w] &&
					!frameWords[t.w] && a.prevWord(t.w) {
					slot = true
				}
			}
		}
		if !slot && hasCJK(a.f[s.s:s.e]) && a.cjkOverlap(s, screen.Hit{Start: -1, End: -1}) {
			slot = true
		}
		if newValue && slot {
			return true
		}
	}
	return false
}

// copulaClause reports a sentence with a copula or "has" at the start of a
// comma clause ("march has 31 days", "my number changed, its 555-0199 now")
// or a Japanese copula at its end ("3日です").
func (a *analysis) copulaClause(s span) bool {
	text := strings.TrimRight(a.f[s.s:s.e], " 。！!.")
	for _, c := range []string{"です", "でした", "になってます", "になっています", "だよ"} {
		if strings.HasSuffix(text, c) {
			return true
		}
	}
	ts := a.toks(s.s, s.e)
	clause := 0
	for i, t := range ts {
		if i > 0 && strings.ContainsAny(a.f[ts[i-1].e:t.s], ",，;") {
			clause = 0
		}
		if clause < 3 && valueCopulas[t.w] {
			return true
		}
		clause++
	}
	return false
}

// valueCopulas link a subject to the value it has.
var valueCopulas = set(`is are was were has have had it's its that's there's es son está era tiene est c'est sont
	ist sind hat war é são tem era è sono ha`)

// firstPersonSubjects make a statement about the user's own doing ("I
// rolled a 6", "i wanna start with 2000 euros").
var firstPersonSubjects = set(`i i'd i'll i've we we're we'll yo je j'ai ich я eu io`)

// hypotheticals make a statement a supposition ("if there is 20 new
// chapters a day").
var hypotheticals = set(`if si wenn falls если se`)

// draftHasShape reports a number in the draft with the digit pattern of v
// ("555-0142" for "555-0199") or, with a CJK unit after v, a number with
// that unit ("5日" for "3日").
func draftHasShape(prev, v, unit string) bool {
	shape := digitShape(v)
	for _, t := range tokenize(prev, 0, len(prev)) {
		if !startsWithDigit(t.w) {
			continue
		}
		if unit != "" {
			if i := strings.Index(prev[t.e:], unit); i == 0 {
				return true
			}
			continue
		}
		if digitShape(t.w) == shape {
			return true
		}
	}
	return false
}

// digitShape maps every digit of w to 'd' ("555-0199" -> "ddd-dddd").
func digitShape(w string) string {
	b := []byte(w)
	for i, c := range b {
		if c >= '0' && c <= '9' {
			b[i] = 'd'
		}
	}
	return string(b)
}

// valueMaxWords is the most words of a value statement.
const valueMaxWords = 12

// transformVerbs open a new computation or conversion.
var transformVerbs = set(`convert calculate compute count sum add subtract multiply divide round translate`)

// valueKind names the kind of value a token is: "number", "weekday",
// "month", or "".
func valueKind(w string) string {
	if startsWithDigit(w) {
		return "number"
	}
	if weekdays[w] {
		return "weekday"
	}
	if months[w] {
		return "month"
	}
	return ""
}

func draftHasNumber(prev string) bool {
	for i := 0; i < len(prev); i++ {
		if prev[i] >= '0' && prev[i] <= '9' {
			return true
		}
	}
	return false
}

func draftHasKind(prev, kind string) bool {
	names := weekdays
	if kind == "month" {
		names = months
	}
	for _, t := range tokenize(prev, 0, len(prev)) {
		for _, part := range strings.Split(t.w, "-") {
			if names[part] {
				return true
			}
		}
	}
	return false
}

// weekdays and months in the languages of the screen (folded).
var weekdays = set(`monday tuesday wednesday thursday friday saturday sunday mon tue wed thu fri sat sun
	lunes martes miércoles miercoles jueves viernes sábado sabado domingo
	lundi mardi mercredi jeudi vendredi samedi dimanche
	montag dienstag mittwoch donnerstag freitag samstag sonntag
	понедельник вторник среда среду четверг пятница пятницу суббота субботу воскресенье
	segunda terça terca quarta quinta sexta sábado domingo
	lunedì lunedi martedì martedi mercoledì mercoledi giovedì giovedi venerdì venerdi sabato domenica`)

var months = set(`january february march april may june july august september october november december
	jan feb mar apr jun jul aug sep sept oct nov dec
	enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre
	janvier février fevrier mars avril mai juin juillet août aout septembre octobre novembre décembre
	januar februar märz april mai juni juli august september oktober november dezember
	января февраля марта апреля мая июня июля августа сентября октября ноября декабря
	janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro
	gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre`)

// negativeImperative finds "don't/dont/do not/never + verb ..." opening a
// short turn about the draft ("dont threaten him with the housing
// authority"): a withdrawal of what the verb does, or a reformat when it is
// about tone or form ("don't make it so formal").
func (a *analysis) negativeImperative(rest []string, all []tok) (string, string) {
	if len(rest) == 0 || rest[0] == "you" {
		return "", "" // "you don't correct my grammar" speaks of the assistant
	}
	n := 0
	switch {
	case rest[0] == "don't" || rest[0] == "dont" || rest[0] == "never":
		n = 1
	case len(rest) > 1 && rest[0] == "do" && rest[1] == "not":
		n = 2
	default:
		return "", ""
	}
	if len(rest) <= n+1 || notAnInstruction[rest[n]] {
		return "", ""
	}
	if rest[n] == "make" || rest[n] == "sound" || formOrToneNext(rest[n+1:]) {
		return Reformat, ""
	}
	// the item: from the verb on, as written
	for _, t := range all {
		if t.w == rest[n] {
			return Withdraw, a.phrase(t.s, len(a.f))
		}
	}
	return Withdraw, ""
}

// notAnInstruction are verbs after "don't" that ask nothing of the draft
// ("don't worry", "don't know").
var notAnInstruction = set(`worry know think understand get care mind forget be have need want like see remember bother
	change touch do go stop`)

// englishConjunctions start a question without a question mark unless the
// sentence reports behaviour ("when I press + it shows 02").
var englishConjunctions = set(`when where if`)

// behaviourReport reports words that describe what a program or draft does
// ("when I press + it shows 02", "nothing happens when ...").
func behaviourReport(ws []string) bool {
	for _, w := range ws {
		if behaviourVerbs[w] || reportWords[w] {
			return true
		}
	}
	return false
}

var reportWords = set(`nothing doesn't doesnt didn't didnt won't wont crashes crashed crash freezes hangs breaks fails
	failed stops stopped disappears vanishes`)

// dayNumber reports a number that can be a day of the month (1-31).
func dayNumber(w string) bool {
	if !isNumber(w) || len(w) > 2 {
		return false
	}
	n := 0
	for _, c := range w {
		n = n*10 + int(c-'0')
	}
	return n >= 1 && n <= 31
}

// draftHasDate reports a date in the draft: a month or weekday name, or a
// numeric date ("2024-06-30", "30/06", "30.06.2024").
func draftHasDate(prev string) bool {
	if draftHasKind(prev, "month") || draftHasKind(prev, "weekday") {
		return true
	}
	for _, t := range tokenize(prev, 0, len(prev)) {
		if sh := digitShape(t.w); sh == "dddd-dd-dd" {
			return true
		}
	}
	for i := 0; i+4 < len(prev); i++ {
		if isDigitByte(prev[i]) && isDigitByte(prev[i+1]) && (prev[i+2] == '/' || prev[i+2] == '.') && isDigitByte(prev[i+3]) && isDigitByte(prev[i+4]) {
			return true
		}
	}
	return false
}

func isDigitByte(c byte) bool { return c >= '0' && c <= '9' }

// degreeOnly reports a turn made only of changes of degree, each clause a
// comparative and an adjective ("less stiff, more friendly", "moins sec,
// plus chaleureux", "weniger steif, mehr herzlich", "менее официально"),
// optionally softened ("un peu plus chaleureux"); a quality word ("more
// better") or a number is no such change.
func (a *analysis) degreeOnly(ts []tok) bool {
	if a.turnCJK() {
		return cjkDegreeOnly(a.f)
	}
	if len(ts) < 2 || len(ts) > 10 {
		return false
	}
	clauses := 0
	for i := 0; i < len(ts); {
		for i < len(ts) && (softeners[ts[i].w] || clauseJoiners[ts[i].w] || fillers[ts[i].w] && !comparativeMarkers[ts[i].w]) {
			i++
		}
		if i >= len(ts) {
			break
		}
		if !comparativeMarkers[ts[i].w] || i+1 >= len(ts) {
			return false
		}
		w := ts[i+1].w
		if qualityWords[w] || isNumber(w) || utf8.RuneCountInString(w) < 3 || comparativeMarkers[w] || objectPronouns[w] {
			return false
		}
		clauses++
		i += 2
		// the clause ends at punctuation or a joiner
		if i < len(ts) && !strings.ContainsAny(a.f[ts[i-1].e:ts[i].s], ",;/") && !clauseJoiners[ts[i].w] {
			return false
		}
	}
	return clauses > 0
}

// cjkDegreeOnly is degreeOnly for zh and ja: every clause a change of
// degree of at most eight runes ("少一点官腔，多一点真诚", "更口语一点", "もっと柔らかく").
func cjkDegreeOnly(f string) bool {
	clauses := 0
	for _, c := range strings.FieldsFunc(f, func(r rune) bool { return strings.ContainsRune("，,、。！!？? \n", r) }) {
		n := utf8.RuneCountInString(c)
		if n < 2 || n > 8 {
			return false
		}
		deg := false
		for _, p := range []string{"少一点", "多一点", "少点", "多点", "少一些", "多一些", "更", "もっと", "もう少し", "少し"} {
			if strings.HasPrefix(c, p) {
				deg = true
				break
			}
		}
		if !deg {
			// "X一点" with a manner lead or a word of tone ("稍微口语一点", "正式一点"), not "给我一点"
			base, ok := strings.CutSuffix(c, "一点")
			if !ok {
				base, ok = strings.CutSuffix(c, "一些")
			}
			if !ok {
				return false
			}
			for _, p := range []string{"再", "稍微", "写得", "说得", "弄得", "改得"} {
				base = strings.TrimPrefix(base, p)
			}
			if !zhToneWords[base] {
				return false
			}
		}
		if strings.HasPrefix(c, "もっと") || strings.HasPrefix(c, "もう少し") || strings.HasPrefix(c, "少し") {
			// ja: an adverbial adjective ("柔らかく", "丁寧に"), not a noun ("もっと例")
			if !strings.HasSuffix(c, "く") && !strings.HasSuffix(c, "に") && !strings.HasSuffix(c, "めで") {
				return false
			}
		}
		clauses++
	}
	return clauses > 0
}

// zhToneWords are zh words of tone, register or length before 一点.
var zhToneWords = exact("正式", "口语", "口语化", "简单", "短", "长", "轻松", "随意", "专业", "礼貌", "客气", "幽默", "温柔", "简洁",
	"详细", "自然", "委婉", "直接", "活泼", "严肃", "可爱", "热情", "亲切", "真诚", "生动", "通俗", "温暖", "低调", "具体")

// softeners and clauseJoiners may stand around the clauses of degreeOnly.
var (
	softeners     = set(`a bit little slightly un peu poco po' pouco bisschen etwas немного чуть чуть-чуть`)
	clauseJoiners = set(`and but et mais und aber y pero e mas и но ma`)
)

// bareFormNoun reports a turn that only names a form by a preposition and
// a form noun that is no cue ("als nummerierte Liste bitte", "as two short
// paragraphs"); see bareFormTarget.
func (a *analysis) bareFormNoun(ts []tok) bool {
	if len(ts) > 8 {
		return false
	}
	for k, t := range ts {
		if structureNouns[t.w] || formNouns[t.w] || formWords[t.w] && k > 0 {
			return a.bareFormTarget(ts[:k], ts[k+1:])
		}
	}
	return false
}

// omissionVerbs say what a program or draft leaves out, loses or repeats
// ("it skips the first row", "se salta la primera fila", "пропускает первую
// строку"), in the third person.
var omissionVerbs = set(`skips skipped misses ignores ignored loses drops truncates duplicates repeats doubles
	overwrites cuts stops breaks counts treats
	salta omite ignora pierde duplica repite corta sobrescribe
	saute oublie ignore perd coupe duplique répète écrase
	überspringt ignoriert vergisst verliert schneidet verdoppelt wiederholt überschreibt
	пропускает игнорирует теряет обрезает дублирует повторяет перезаписывает
	pula ignora perde corta duplica repete sobrescreve esquece
	salta ignora perde taglia duplica ripete sovrascrive dimentica`)

// cjkOmissions are the zh and ja forms of omissionVerbs.
var cjkOmissions = []string{"跳过", "漏掉", "丢了", "丢失", "忽略了", "被忽略", "少了一", "重复了", "被截断", "抜けて", "飛ばされ",
	"飛ばして", "無視され", "欠けて", "重複して", "抜け落ち"}

// omissionSubjects are subject pronouns of the draft before an omission
// verb ("it skips", "ça saute", "es überspringt", "он пропускает").
var omissionSubjects = set(`it this that se si il elle ça ca on es er он она оно ele ela`)

// omissionObjects open the object of an omission verb ("the first row", "la
// primera fila"); a Russian object has no article.
var omissionObjects = set(`the all every each some half my your its a an el la los las le les l' un une des die der das den
	dem ein eine einen o os as um uma il lo gli i todos todas tous toutes alle tutti tutte`)

// omissionReport reports a short statement that the draft (code, above all)
// leaves something out, loses or repeats it: an omission verb after a
// subject that is the draft (a pronoun, a draft noun, a word of the draft,
// or none in a pro-drop language) and before an object.
func (a *analysis) omissionReport(ts []tok) bool {
	if a.turnCJK() {
		for _, c := range cjkOmissions {
			if strings.Contains(a.f, c) {
				return a.prevCode || a.overlapsDraft(ts)
			}
		}
		return false
	}
	if !slices.ContainsFunc(ts, func(t tok) bool { return omissionVerbs[t.w] }) || !a.prevCode && !a.overlapsDraft(ts) {
		return false
	}
	for i, t := range ts {
		if !omissionVerbs[t.w] || i+1 >= len(ts) {
			continue
		}
		if i > 0 {
			p := ts[i-1].w
			if !omissionSubjects[p] && !draftPronouns[p] && !faultSubjects[p] && !draftNouns[p] && !a.prevWord(p) {
				continue
			}
		} else if englishWord(t.w) {
			continue // English needs a subject ("skips the header" may be an instruction)
		}
		if (t.w == "counts" || t.w == "treats") && !slices.ContainsFunc(ts[i+1:], func(u tok) bool { return u.w == "as" || u.w == "twice" }) {
			continue // "it counts spaces as words" reports, "it counts the rows" describes
		}
		next := ts[i+1]
		if next.w == "a" && i+2 < len(ts) && (ts[i+2].w == "la" || ts[i+2].w == "el" || ts[i+2].w == "los" || ts[i+2].w == "las") {
			continue // "salta a la vista": an idiom
		}
		if omissionObjects[next.w] || isNumber(next.w) || isCyrillic(next.w) {
			return true
		}
		if i > 0 && !personObjects[next.w] {
			return true // "it ignores rows with a quote": the subject is the draft
		}
	}
	return false
}

// englishWord reports an omission verb that is English only.
func englishWord(w string) bool {
	switch w {
	case "skips", "skipped", "misses", "ignores", "ignored", "loses", "drops", "truncates", "duplicates", "repeats",
		"doubles", "overwrites", "cuts", "stops", "breaks", "counts", "treats":
		return true
	}
	return false
}

func isCyrillic(w string) bool {
	for _, r := range w {
		return r >= 0x400 && r <= 0x4FF
	}
	return false
}

// ownWorld reports a turn that opens with the user's own thing that is no
// part of the draft ("my cat ignores me when i call her", "mi jefe dice
// que ..."): a statement about the user's life, not a fault report.
func (a *analysis) ownWorld(ts []tok) bool {
	if len(ts) < 3 || !possessives[ts[0].w] {
		return false
	}
	n := ts[1].w
	return !draftNouns[n] && !draftNounsOther[n] && !a.prevWord(n) && !a.draftStem(n) && !codeNouns[n] && !toolNouns[n] &&
		!faultSubjects[n]
}

// draftNounsOther name parts or kinds of a draft in the other languages.
var draftNounsOther = set(`código archivo programa función salida resultado texto correo carta mensaje
	fichier programme fonction sortie résultat texte lettre message datei programm funktion ausgabe ergebnis brief
	nachricht код файл программа функция вывод результат текст письмо сообщение arquivo função saída mensagem
	codice programma funzione risultato testo lettera messaggio`)

// personObjects are people as objects ("it ignores me").
var personObjects = set(`me him her us you them me lo la le les mich dich ihn uns меня его её нас me o lhe nos mi lo gli ci`)

// possessives of the first person open ownWorld (not es/it "mi", it "ma":
// "mi manca il totale", "ma il cliente ...").
var possessives = set(`my mis mon mes mein meine meinen мой моя моё мои meu minha meus minhas mio mia miei mie`)
