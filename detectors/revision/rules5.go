package revision

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/revtrace/revtrace/detectors/screen"
)

// The rule families of revision-rules-5, one or more per error class of the
// retired second held-out set (testdata/gold/TURNS.md, "Retirement of the
// second held-out set"). Each is a predicate over the turn that the check
// (judge, the turn vetoes, newTask, the cue-less path) consults at one
// place; the examples are in rules5_test.go.

// hasPhrase reports whether the folded text f holds phrase p with word
// boundaries at its Latin or Cyrillic edges (CJK edges need none).
func hasPhrase(f, p string) bool {
	for off := 0; off < len(f); {
		k := strings.Index(f[off:], p)
		if k < 0 {
			return false
		}
		s, e := off+k, off+k+len(p)
		okL, okR := true, true
		if r, _ := utf8.DecodeRuneInString(p); !isCJK(r) && s > 0 {
			b, _ := utf8.DecodeLastRuneInString(f[:s])
			okL = !unicode.IsLetter(b) && !unicode.IsDigit(b)
		}
		if r, _ := utf8.DecodeLastRuneInString(p); !isCJK(r) && e < len(f) {
			b, _ := utf8.DecodeRuneInString(f[e:])
			okR = !unicode.IsLetter(b) && !unicode.IsDigit(b)
		}
		if okL && okR {
			return true
		}
		off = s + 1
	}
	return false
}

func hasAnyPhrase(f string, ps []string) bool {
	for _, p := range ps {
		if hasPhrase(f, p) {
			return true
		}
	}
	return false
}

// ---- class 1: another item of the same kind for someone or something else
// ("can you also write a short one for the team chat", "ok now one for my
// work friends, a bit more formal", "tu peux m'en faire une pour ma sœur
// aussi ?", "再写一篇推荐西湖边的民宿"): a second piece, the draft stays.

// oneWords stand for "one" (another piece of the draft's kind).
var oneWords = set(`one une uno una eine einen один одну um uma`)

// forWords open the new piece's recipient or occasion.
var forWords = set(`for pour para pra für fur для per`)

// makeVerbs make a piece ("write one", "faire une", "fammene una").
var makeVerbs = set(`write make do draft create prepare compose faire écrire ecrire fais écris ecris rédige redige
	haz hazme escribe escríbeme escribeme redacta prepara schreib schreibe mach mache erstelle verfasse
	напиши сделай составь faz escreve escreva prepara fai fammi fammene scrivi scrivimi prepara`)

// oneDeterminers before "one" point at a piece already there ("this one",
// "the first one"), not at a new one.
var oneDeterminers = set(`this that the first second third last same each every which any no`)

// anotherItemFor reports sentence s asking for one more piece of the same
// kind for a recipient or occasion the draft does not name.
func (a *analysis) anotherItemFor(s span) bool {
	text := a.f[s.s:s.e]
	if hasCJK(text) {
		return a.cjkAnotherItem(text)
	}
	ts := a.toks(s.s, s.e)
	for i := 0; i+2 < len(ts); i++ {
		if !oneWords[ts[i].w] && !anotherWords[ts[i].w] || !forWords[ts[i+1].w] {
			continue
		}
		if i > 0 && oneDeterminers[ts[i-1].w] {
			continue
		}
		// Before "one": nothing but discourse ("ok now one for ..."), or a
		// verb of making at most four words earlier ("write a short one
		// for ...", "m'en faire une pour ...").
		lead := words(ts[:i])
		made := len(skipWords(skipWords(lead, discourse), leadSkips)) == 0
		for j := i - 1; j >= 0 && j >= i-4; j-- {
			if makeVerbs[ts[j].w] {
				made = true
				break
			}
		}
		if !made {
			continue
		}
		// After "for": a recipient or occasion with a content word the
		// draft lacks ("the team chat", "my work friends", "ma sœur").
		for _, t := range ts[i+2 : min(len(ts), i+7)] {
			if utf8.RuneCountInString(t.w) >= 3 && !fillers[t.w] && !stopish[t.w] && !objectPronouns[t.w] &&
				!a.prevWord(t.w) && !hasToken(a.prevText(), t.w) {
				return true
			}
		}
	}
	return false
}

// cjkAgainPieces ask for one more piece ("再写一篇", "再来一个").
var cjkAgainPieces = []string{"再写一篇", "再写一条", "再写一个", "再写一份", "再来一篇", "再来一条", "再来一个", "再帮我写一篇",
	"再帮我写一条", "再帮我写一个", "再给我写一篇", "再给我写一条"}

// cjkVersionMarks make the piece another version of the draft ("再写一篇更短的").
var cjkVersionMarks = []string{"更", "一点", "一些", "短", "长", "换", "改", "重新", "同样", "不同", "别的风格"}

// cjkAnotherItem: "再写一篇" and a topic whose words the draft does not have
// ("再写一篇推荐西湖边的民宿"); a change of degree ("再写一篇更短的") is a new
// version of the draft.
func (a *analysis) cjkAnotherItem(text string) bool {
	for _, p := range cjkAgainPieces {
		i := strings.Index(text, p)
		if i < 0 {
			continue
		}
		rest := strings.TrimLeft(text[i+len(p):], " ，,")
		for _, m := range cjkVersionMarks {
			if strings.Contains(rest, m) {
				return false
			}
		}
		for _, t := range zhToneWordList {
			if strings.Contains(rest, t) {
				return false
			}
		}
		// at least three CJK bigrams of the rest missing from the draft
		missing := 0
		var prev rune = -1
		for _, r := range rest {
			if !isCJK(r) {
				prev = -1
				continue
			}
			if prev >= 0 && !strings.Contains(a.prevText(), string([]rune{prev, r})) {
				missing++
			}
			prev = r
		}
		return missing >= 3
	}
	return false
}

var zhToneWordList = func() []string {
	out := make([]string, 0, len(zhToneWords))
	for w := range zhToneWords {
		out = append(out, w)
	}
	return out
}()

// ---- class 1b: "more like the third one" after a list of options asks for
// more options like one of them; the list itself stays.

// moreLikeListItem reports "more like the third one / number 2 / #3" after a
// draft that is a numbered list.
func (a *analysis) moreLikeListItem() bool {
	if !strings.Contains(a.f, "more like") {
		return false
	}
	ws := skipWords(a.wordsOf(0, len(a.f)), discourse)
	if len(ws) < 3 || len(ws) > 8 || ws[0] != "more" || ws[1] != "like" {
		return false
	}
	ordinal := false
	for _, w := range ws[2:] {
		if ordinals[w] || isNumber(w) {
			ordinal = true
		}
	}
	if !ordinal {
		return false
	}
	numbered := 0
	lines(a.prevText(), func(l string) {
		t := strings.TrimLeft(l, " \t*-")
		if len(t) >= 2 && t[0] >= '1' && t[0] <= '9' && (t[1] == '.' || t[1] == ')') {
			numbered++
		}
	})
	return numbered >= 3
}

var ordinals = set(`first second third fourth fifth sixth seventh eighth ninth tenth last 1st 2nd 3rd 4th 5th`)

// ---- class 2: a pasted error the user disowns ("it's from another project",
// "got it trying to install X globally", "跟这个没关系"): a new problem, not a
// failure of the draft.

var elsewhereMarkers = []string{
	"another project", "other project", "different project", "another app", "another script", "unrelated",
	"not related", "nothing to do with", "not from this code", "not from your code", "trying to install",
	"when installing", "while installing", "when i tried to install", "installing it globally",
	"otro proyecto", "no tiene nada que ver", "no está relacionado", "no esta relacionado", "al instalar",
	"autre projet", "rien à voir", "rien a voir", "pas lié", "en installant",
	"anderen projekt", "anderes projekt", "nichts damit zu tun", "nichts mit deinem code", "beim installieren",
	"другом проекте", "другого проекта", "не связано", "не относится", "при установке",
	"outro projeto", "nada a ver", "não tem a ver", "nao tem a ver", "ao instalar",
	"altro progetto", "non c'entra", "non è legato", "installando",
	"另一个项目", "别的项目", "其他项目", "跟这个没关系", "和这个没关系", "与这个无关", "跟这个无关", "安装的时候",
	"別のプロジェクト", "関係ない", "関係ありません", "インストールしたら", "インストールする時",
}

// errorElsewhere reports a turn with an error that the user says does not
// come from the draft. It depends on the turn alone: found once per turn
// (see findErrorElsewhere).
func (a *analysis) errorElsewhere() bool {
	if !a.elseDone {
		a.elseDone, a.elsewhere = true, a.findErrorElsewhere()
	}
	return a.elsewhere
}

// findErrorElsewhere is errorElsewhere without the memo.
func (a *analysis) findErrorElsewhere() bool {
	if !a.anyTok(elsewhereTriggers, "项目", "没关系", "无关", "安装", "プロジェクト", "関係", "インストール") ||
		!a.mat.log && !a.errorMark() {
		return false
	}
	found := false
	lines(a.f, func(l string) {
		// the user's words, not the error's ("implicit coercion to an
		// unrelated type")
		if !found && !(hasErrorMark(l) && strings.ContainsAny(l, ":：")) && hasAnyPhrase(l, elsewhereMarkers) {
			found = true
		}
	})
	if found {
		return true
	}
	// a short error line with the user's words on it: "unrelated to this
	// but i keep getting ModuleNotFoundError: ..."
	found = false
	lines(a.f, func(l string) {
		if i := strings.IndexAny(l, ":："); i > 0 && !found && hasAnyPhrase(l[:i], elsewhereMarkers) && wordCount(l[:i]) <= 20 {
			found = true
		}
	})
	return found
}

// ---- class 3: information and advice questions without a question mark or
// with a cue word inside ("do people still post at 8am or is that a myth",
// "and cherry blossom season is when exactly", "can you also remind me how
// to pin a message", "开头要不要加“您好”").

// genericSubjects after an auxiliary make a question about the world ("do
// people still ...", "does anyone ...").
var genericSubjects = set(`people anyone anybody someone somebody everyone everybody most many folks employers recruiters`)

// inSituWords end a question asked in statement order ("... is when exactly").
var inSituWords = set(`when where what who how much many long quand où combien cuándo cuando dónde cuánto cuanto wann wo
	wieviel когда где сколько quando onde quanto dove`)

var inSituTails = set(`exactly again then precisely roughly approx approximately exactement exactamente genau точно
	exatamente esattamente`)

// infoQuestion5 reports a sentence that asks for information in one of the
// forms cuelessQuestion does not know.
func (a *analysis) infoQuestion5(s span) bool {
	ws := skipWords(a.wordsOf(s.s, s.e), discourse)
	if len(ws) < 2 {
		return false
	}
	if auxStarts[ws[0]] && genericSubjects[ws[1]] {
		return true
	}
	joined := " " + strings.Join(ws, " ") + " "
	for _, t := range []string{" or is that ", " or is it ", " or are they ", " or is this "} {
		if strings.Contains(joined, t) {
			return true
		}
	}
	if strings.HasSuffix(joined, " or not ") && !slices.Contains(ws, "if") && !slices.Contains(ws, "whether") {
		return true
	}
	// in statement order: "... is when exactly", "the train costs how much"
	k := len(ws) - 1
	for k > 0 && inSituTails[ws[k]] {
		k--
	}
	if len(ws) >= 3 && k >= 1 && (inSituWords[ws[k]] || k >= 2 && ws[k-1] == "how" && (ws[k] == "much" || ws[k] == "many" || ws[k] == "long")) &&
		(copulas[ws[k-1]] || valueCopulas[ws[k-1]] || ws[k-1] == "how" || k < len(ws)-1) {
		return true
	}
	// a request frame for being told something: "can you also remind me how ..."
	for _, p := range cuelessRequestFramesByFirst.candidates(ws) {
		if hasPrefixPhrase(ws, p) {
			rest := skipWords(skipWords(ws[len(phraseWords(p)):], politeSkips), leadSkips)
			if len(rest) > 0 && tellVerbs[rest[0]] {
				return true
			}
		}
	}
	return false
}

// tellVerbs ask to be told ("remind me how", "tell me where").
var tellVerbs = set(`remind recuérdame recuerdame rappelle-moi rappelle erinnere напомни lembra lembre ricordami`)

// cjkAnotA reports a Chinese A-not-A question around cue h ("要不要加", "用不用写"):
// the rune before the cue's 不 repeats the one after it.
func (a *analysis) cjkAnotA(h screen.Hit) bool {
	kw := a.f[h.Start:h.End]
	if !strings.HasPrefix(kw, "不") && !strings.HasPrefix(kw, "没") {
		return false
	}
	after, _ := utf8.DecodeRuneInString(kw[len("不"):])
	before, _ := utf8.DecodeLastRuneInString(a.f[:h.Start])
	return isCJK(after) && before == after
}

// ---- class 4: meta-complaints about the assistant ("why do you always make
// stuff up, the first one didnt even exist"): no change to the draft asked.

var metaOpeners = []string{"why do you always", "why do you keep", "why are you always", "why do you never",
	"why do u always", "why do u keep", "why you always", "why does it always", "why do you constantly"}

var whyWords = set(`why pourquoi warum почему зачем porque perché perche`)
var alwaysWords = set(`always never toujours jamais immer nie всегда никогда siempre nunca sempre nunca mai`)

// metaComplaint reports a turn whose first sentence complains about a habit
// of the assistant and whose cues are only weak ones (no removal, swap, form
// or addition asked).
func (a *analysis) metaComplaint() bool {
	if len(a.sents) == 0 {
		return false
	}
	first := a.sents[0]
	text := a.f[first.s:first.e]
	if ft := a.toks(first.s, first.e); len(ft) == 0 || !whyWords[ft[0].w] && ft[0].w != "por" && !discourse[ft[0].w] && !ft[0].cjk {
		return false
	}
	ws := skipWords(a.wordsOf(first.s, first.e), discourse)
	meta := false
	for _, p := range metaOpenersByFirst.candidates(ws) {
		if hasPrefixPhrase(ws, p) {
			meta = true
		}
	}
	if !meta && len(ws) > 2 && (whyWords[ws[0]] || ws[0] == "por" && ws[1] == "qué") {
		for _, w := range ws[1:min(len(ws), 5)] {
			if alwaysWords[w] {
				meta = true
			}
		}
	}
	if !meta {
		for _, p := range []string{"为什么你总是", "为什么你老是", "你为什么总是", "你怎么总是", "なんでいつも", "どうしていつも"} {
			if strings.HasPrefix(strings.TrimSpace(text), p) {
				meta = true
			}
		}
	}
	if !meta {
		return false
	}
	for _, h := range a.hits {
		if h.Family != screen.Generic && h.Family != screen.Correct {
			return false
		}
	}
	return true
}

// ---- class 5: new material for the same transformation after a short
// "next item" lead ("now this one: ...", "et celle-ci : ...").

var nextItemLeads = []string{"now this one", "this one too", "and this one", "now this", "and this", "next one", "same for this",
	"same with this", "this too", "ahora este", "ahora esta", "y este", "y esta", "maintenant celui-ci", "maintenant celle-ci",
	"et celui-ci", "et celle-ci", "jetzt das hier", "jetzt den hier", "und das hier", "а теперь это", "а теперь этот",
	"а теперь эту", "теперь это", "agora este", "agora esta", "e este", "ora questo", "ora questa", "e questo",
	"还有这个", "这个也", "再来这个", "次はこれ", "これも"}

// nextItemLead reports a lead before a colon that announces one more item
// of material.
func nextItemLead(lead string) bool {
	l := strings.Trim(strings.TrimSpace(lead), " ,.!")
	l = trimLeadConstraint(l) // rules-6: "now this one, same length:"
	for _, p := range nextItemLeads {
		if l == p || strings.HasSuffix(l, " "+p) || hasCJK(p) && strings.HasSuffix(l, p) {
			return true
		}
	}
	return false
}

// ---- class 6: corrections stated as facts, without a cue word.

// zhVerbContrast reports "姓李不姓王", "在三楼不在二楼": a verb, its value,
// then 不 and the same verb with another value.
func zhVerbContrast(f string) bool {
	rs := []rune(f)
	for i := 2; i+2 < len(rs); i++ {
		if rs[i] != '不' || !isCJK(rs[i+1]) || rs[i-1] == rs[i+1] {
			continue
		}
		for j := max(0, i-5); j < i-1; j++ {
			if rs[j] == rs[i+1] && isCJK(rs[i+2]) {
				return true
			}
		}
	}
	return false
}

// wroteMarkers point at what the draft says ("you wrote X", "escribiste X").
var wroteMarkers = []string{"you wrote", "you put", "you spelled", "you spelt", "you typed", "you've got", "you have got",
	"it says", "escribiste", "pusiste", "has puesto", "has escrito", "tu as écrit", "tu as mis", "t'as mis", "t'as écrit",
	"du hast", "du schreibst", "ты написал", "ты написала", "у тебя написано", "você escreveu", "voce escreveu",
	"você colocou", "vc colocou", "vc escreveu", "hai scritto", "hai messo", "c'è scritto"}

var cjkWroteMarkers = []string{"你写成了", "你写的是", "你写了", "写成了", "打成了", "になってます", "になっています", "と書いてあります", "と書いてます"}

// pointsAtDraftText reports a statement that quotes a word of the draft as
// what the draft says ("its Adeyemi, you wrote Adeyami twice", "tu as mis
// lundi"), or that spells a name of the draft differently.
func (a *analysis) pointsAtDraftText(all []tok) bool {
	if a.questionMark() {
		return false
	}
	for _, t := range all {
		if praiseWords[t.w] {
			return false
		}
	}
	if !a.anyTok(wroteTriggers, "写", "打成", "になって", "と書い") {
		return a.nameVariant(all)
	}
	prev := a.prevText()
	for _, m := range wroteMarkers {
		i := strings.Index(a.f, m)
		if i < 0 || !hasPhrase(a.f, m) {
			continue
		}
		ts := a.toks(i+len(m), len(a.f))
		for _, t := range ts[:min(len(ts), 3)] {
			if objectPronouns[t.w] || fillers[t.w] && !isNumber(t.w) || stopish[t.w] || draftPronouns[t.w] {
				continue
			}
			if utf8.RuneCountInString(t.w) >= 3 && hasToken(prev, t.w) || isNumber(t.w) && hasToken(prev, t.w) {
				return true
			}
			break
		}
	}
	for _, m := range cjkWroteMarkers {
		if strings.Contains(a.f, m) && a.cjkOverlapAll() {
			return true
		}
	}
	return a.nameVariant(all)
}

// nameVariant reports a short turn naming a capitalised word that the draft
// has with one or two letters changed ("its Adeyemi" after "Adeyami",
// "Katarzyna!" after "Katarina").
func (a *analysis) nameVariant(all []tok) bool {
	if len(all) > 8 {
		return false
	}
	var draftToks []tok // the draft's words, tokenized once when a name is found
	for i, t := range all {
		if t.cjk || utf8.RuneCountInString(t.w) < 5 || i == 0 && len(all) > 1 {
			continue // a capital opening a sentence is no name
		}
		raw := a.turn[t.s:t.e]
		r, _ := utf8.DecodeRuneInString(raw)
		if !unicode.IsUpper(r) || strings.ToUpper(raw) == raw || hasToken(a.prevText(), t.w) {
			continue
		}
		if draftToks == nil {
			draftToks = tokenize(a.prevRaw, 0, len(a.prevRaw))
		}
		for _, d := range draftToks {
			dr, _ := utf8.DecodeRuneInString(d.w)
			if !unicode.IsUpper(dr) || dr != r || d.w == raw {
				continue
			}
			dl, tl := strings.ToLower(d.w), strings.ToLower(raw)
			if utf8.RuneCountInString(d.w) < 5 || !innerChange(dl, tl) {
				continue // "Scripts" after "Script", "Narrate" after "Narrator": another ending
			}
			if n := editDistance(dl, tl, 2); n >= 1 && n <= 2 {
				return true
			}
		}
	}
	return false
}

// innerChange reports two words that share their first two and their last
// rune and differ in between ("adeyami" / "adeyemi", "katarina" /
// "katarzyna"), not in their ending.
func innerChange(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	if len(ra) < 3 || len(rb) < 3 || ra[0] != rb[0] || ra[1] != rb[1] || ra[len(ra)-1] != rb[len(rb)-1] {
		return false
	}
	if strings.ReplaceAll(a, "'", "") == strings.ReplaceAll(b, "'", "") {
		return false // "millers" / "miller's"
	}
	return !strings.HasPrefix(a, b) && !strings.HasPrefix(b, a)
}

// editDistance is the Levenshtein distance of a and b (in runes), or
// limit+1 when it exceeds limit.
func editDistance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > limit || -d > limit {
		return limit + 1
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(rb); j++ {
			c := 1
			if ra[i-1] == rb[j-1] {
				c = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+c)
			best = min(best, cur[j])
		}
		if best > limit {
			return limit + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// ownResultMarkers report the user's own count or computation ("i counted
// 38", "me da 41", "ich komme auf 12").
var ownResultMarkers = []string{"i counted", "i count", "i got", "i get", "i calculated", "i make it", "i came up with",
	"i added", "we counted", "we got", "my count is", "by my count", "conté", "conte", "me da", "me sale", "me salen",
	"me dio", "j'ai compté", "j'ai compte", "j'en compte", "j'ai trouvé", "ça me donne", "ca me donne", "je trouve",
	"ich komme auf", "ich zähle", "ich habe gezählt", "bei mir kommt", "у меня получилось", "у меня получается",
	"у меня выходит", "я насчитал", "я насчитала", "я посчитал", "я посчитала", "contei", "eu contei", "me deu", "aqui deu",
	"ho contato", "ne ho contati", "mi viene", "mi vengono", "mi risulta"}

var cjkOwnResult = []string{"我数了", "我算了", "我算出来", "我数出来", "我算的是", "我数的是", "我这边算", "数えたら", "計算したら", "数えると"}

// ownResult reports the user's own count or computation giving a number the
// draft does not have, after a draft with a number: the draft's figure is
// wrong.
func (a *analysis) ownResult(all []tok) bool {
	if a.questionMark() || cuelessWordCount(all) > 10 {
		return false
	}
	number := false
	for _, t := range all {
		number = number || startsWithDigit(t.w)
	}
	if !number || !draftHasNumber(a.prevText()) {
		return false
	}
	found := -1
	for _, m := range ownResultMarkers {
		if i := strings.Index(a.f, m); i >= 0 && hasPhrase(a.f, m) {
			found = i + len(m)
			break
		}
	}
	if found < 0 {
		for _, m := range cjkOwnResult {
			if i := strings.Index(a.f, m); i >= 0 {
				found = i + len(m)
				break
			}
		}
	}
	if found < 0 {
		return false
	}
	for _, t := range tokenize(a.f, found, len(a.f)) {
		if startsWithDigit(t.w) {
			return !hasToken(a.prevText(), t.w)
		}
	}
	// CJK digits are runs of ASCII digits too; a number before the marker
	// ("38 i counted") is rare.
	return false
}

// closedWords say a day is a holiday or a place is closed on it.
var closedWords = set(`holiday holidays closed festivo festiva feriado cerrado cerrada férié ferie fermé ferme fermée
	feiertag geschlossen праздник праздничный выходной закрыто закрыт fechado fechada festa chiuso chiusa`)

var cjkClosed = []string{"放假", "休息日", "节假日", "节日", "关门", "不上班", "不开门", "祝日", "休み", "定休日", "休業", "休館", "閉まって"}

// closedDay reports a statement that a date or weekday of the draft is a
// holiday or a closing day ("il 25 aprile è festa, l'ufficio è chiuso",
// "friday is a bank holiday here").
func (a *analysis) closedDay(all []tok) bool {
	if a.questionMark() || cuelessWordCount(all) > 16 {
		return false
	}
	closed := false
	for _, t := range all {
		if closedWords[t.w] {
			closed = true
		}
	}
	if !closed {
		for _, c := range cjkClosed {
			if strings.Contains(a.f, c) {
				closed = true
			}
		}
	}
	if !closed {
		return false
	}
	prev := a.prevText()
	for _, t := range all {
		if dayNumber(t.w) && hasToken(prev, t.w) || (weekdays[t.w] || months[t.w]) && hasToken(prev, t.w) {
			return true
		}
	}
	return a.turnCJK() && a.cjkOverlapAll()
}

// genderWords state a person's gender; maleMarks and femaleMarks show the
// other gender in the draft.
var (
	femaleStatements = []string{"is a woman", "is female", "'s a woman", "is a lady", "is a girl", "she's a woman",
		"es mujer", "es una mujer", "es una chica", "c'est une femme", "est une femme", "ist eine frau", "ist weiblich",
		"это женщина", "она женщина", "é mulher", "é uma mulher", "è una donna", "是女的", "是女生", "是女士", "是位女士",
		"女性です", "女性なんです", "女の人です"}
	maleStatements = []string{"is a man", "is male", "'s a man", "is a guy", "he's a man", "es hombre", "es un hombre",
		"es un chico", "c'est un homme", "est un homme", "ist ein mann", "ist männlich", "это мужчина", "он мужчина",
		"é homem", "é um homem", "è un uomo", "是男的", "是男生", "是男士", "是位先生", "男性です", "男性なんです"}
	maleMarks   = []string{"mr", "sir", "he", "him", "his", "señor", "sr", "monsieur", "herr", "господин", "уважаемый", "senhor", "signor", "egregio", "先生", "彼"}
	femaleMarks = []string{"ms", "mrs", "miss", "madam", "she", "her", "señora", "sra", "madame", "mme", "frau", "госпожа", "уважаемая", "senhora", "signora", "女士", "小姐", "彼女"}
)

// genderCorrection reports a statement of a person's gender where the draft
// addresses or names them by the other one ("my boss is a woman" after "Hi
// Mr. Carter").
func (a *analysis) genderCorrection() bool {
	if a.questionMark() || a.nwords > 12 || !a.anyTok(genderTriggers, "女", "男") {
		return false
	}
	prev := a.prevText()
	has := func(marks []string) bool {
		for _, m := range marks {
			r, _ := utf8.DecodeRuneInString(m)
			if isCJK(r) && strings.Contains(prev, m) || !isCJK(r) && hasToken(prev, m) {
				return true
			}
		}
		return false
	}
	f := normApos(a.f)
	for _, s := range femaleStatements {
		if strings.Contains(f, s) && has(maleMarks) {
			return true
		}
	}
	for _, s := range maleStatements {
		if strings.Contains(f, s) && has(femaleMarks) {
			return true
		}
	}
	return false
}

// ---- class 7: what the code does, reported without a fault word.

// separateWords describe counting or treating things apart ("counted
// separately", "getrennt gezählt").
var separateWords = set(`separately separate twice doubled getrennt separat doppelt zweimal separado separados separadas
	séparément separement deux отдельно дважды separadamente duas separatamente due`)

var cjkSeparate = []string{"分开", "分别", "两次", "別々", "二回", "重复"}

// behaviourForms are indicative forms of what a program does ("it's counting
// saturdays too", "me está contando también").
var behaviourForms = set(`counts counting includes adds adding shows showing prints printing returns returning
	cuenta contando incluye incluyendo suma sumando muestra mostrando devuelve compte comptant inclut affiche ajoute
	zählt zeigt addiert rechnet считает учитывает показывает выводит conta contando inclui mostra soma somando
	include mostra somma calcola contato gezählt contados comptés`)

// wishModals turn a behaviour into a wish ("it should also count ...").
var wishModals = set(`should must need needs want wanted has have debe debería deberia tiene quiero doit devrait faut soll
	sollte muss должен должна должно нужно надо deve deveria precisa dovrebbe voglio`)

// codeBehaviour reports, after code, a statement of what the code does:
// things counted apart ("„Haus“ und „haus“ werden getrennt gezählt"), or a
// behaviour with "also" and no wish ("it's counting weekends too").
func (a *analysis) codeBehaviour(all []tok) bool {
	if !a.prevCode || a.questionMark() {
		return false
	}
	sep, beh, wish := false, false, false
	for _, t := range all {
		sep = sep || separateWords[t.w]
		beh = beh || behaviourForms[t.w]
		wish = wish || wishModals[t.w]
	}
	for _, c := range cjkSeparate {
		sep = sep || strings.Contains(a.f, c)
	}
	if wish {
		return false
	}
	too := len(all) > 1 && (all[len(all)-1].w == "too" || all[len(all)-1].w == "well" && all[len(all)-2].w == "as")
	return sep && (beh || a.countVerb(all)) || beh && (a.additive(all) || too)
}

// countVerb reports a form of "count" in any language.
func (a *analysis) countVerb(all []tok) bool {
	for _, t := range all {
		for _, p := range []string{"count", "cuent", "cont", "compt", "zähl", "gezähl", "счита", "посчита"} {
			if strings.HasPrefix(t.w, p) {
				return true
			}
		}
	}
	return strings.Contains(a.f, "数") || strings.Contains(a.f, "算")
}

// ---- class 8: tone complaints by likeness ("this sounds like a lawyer
// wrote it", "on dirait un robot") and ja register wishes ("もうちょっとくだけた感じがいいです").

var likenessFrames = []string{"sounds like", "sound like", "reads like", "read like", "feels like", "looks like", "seems like",
	"like a", "suena a", "suena como", "parece escrito", "parece un", "parece una", "on dirait", "ça sonne", "ca sonne",
	"klingt wie", "klingt nach", "liest sich wie", "звучит как", "как будто", "словно", "parece que foi", "parece um",
	"parece uma", "sembra scritto", "sembra un", "sembra una"}

// toneAuthors are the writers or kinds of text a too formal or too stiff
// draft is likened to.
var toneAuthors = set(`lawyer lawyers robot robots bot ai chatgpt machine corporate salesman textbook teacher grandma politician
	press commercial advert contract legal bureaucrat boomer hr cop police
	abogado robot máquina maquina vendedor político politico contrato avocat robot machine notaire contrat
	anwalt roboter maschine behörde beamter vertrag юрист робот машина бюрократ чиновник advogado robô robo
	máquina contrato avvocato macchina burocrate contratto`)

var authorVerbs = set(`wrote written writes escrito escribió écrit ecrit geschrieben написал написала писал escreveu scritto`)

var cjkToneLikeness = []string{"像机器人", "像律师", "像公文", "像官方", "像AI", "像ai写", "ロボットみたい", "弁護士みたい", "お役所みたい",
	"機械みたい", "AIみたい", "ai みたい"}

// toneLikeness reports a short statement likening the draft to a lawyer's,
// a robot's or an official text.
func (a *analysis) toneLikeness(all []tok) bool {
	if a.questionMark() {
		return false
	}
	for _, c := range cjkToneLikeness {
		if strings.Contains(a.f, c) {
			return true
		}
	}
	if !a.anyTok(likenTriggers) {
		return false
	}
	liken := -1
	for _, p := range likenessFrames {
		if i := strings.Index(a.f, p); i >= 0 && hasPhrase(a.f, p) {
			liken = i + len(p)
			break
		}
	}
	if liken < 0 {
		return false
	}
	ts := tokenize(a.f, liken, len(a.f))
	for _, t := range ts[:min(len(ts), 5)] {
		if toneAuthors[t.w] || authorVerbs[t.w] {
			return true
		}
	}
	return false
}

var (
	jaDegree      = []string{"もうちょっと", "もう少し", "もっと", "少し", "ちょっと"}
	jaRegister    = []string{"くだけた", "砕けた", "カジュアル", "柔らか", "やわらか", "フランク", "丁寧", "堅", "かた", "フォーマル", "親しみ", "やさし", "優し", "ラフ"}
	jaWishEndings = []string{"感じがいい", "感じが良い", "感じでお願い", "感じにして", "ほうがいい", "方がいい", "雰囲気がいい", "雰囲気で", "トーンで", "感じで"}
)

// jaRegisterWish reports a ja wish for another register ("もうちょっとくだけた感じがいいです").
func jaRegisterWish(f string) bool {
	head := f
	if i := strings.IndexAny(f, "、。,!！"); i >= 0 {
		head = f[:i]
	}
	deg, reg, end := false, false, false
	for _, d := range jaDegree {
		deg = deg || strings.Contains(head, d)
	}
	for _, r := range jaRegister {
		reg = reg || strings.Contains(head, r)
	}
	for _, e := range jaWishEndings {
		end = end || strings.Contains(head, e)
	}
	return deg && reg && end
}

// ---- class 9: additions stated as wishes or needs.

var wishOpeners = []string{"i want", "i'd like", "id like", "i would like", "i need", "i wanna", "i'd love", "we want", "we need",
	"quiero", "me gustaría", "me gustaria", "je veux", "j'aimerais", "je voudrais", "ich will", "ich möchte", "ich hätte gern",
	"хочу", "хотелось бы", "quero", "queria", "gostaria", "voglio", "vorrei"}

var placements = []string{"somewhere", "in there", "in it", "in the middle", "at the end", "at some point", "on one of the days",
	"one of the nights", "one of the evenings", "en algún", "en algun", "en alguna", "quelque part", "dedans", "irgendwo", "где-нибудь",
	"куда-нибудь", "em algum", "da qualche parte", "dentro"}

// wishPlaced reports a wish for something placed into the draft
// ("somewhere in there i want a fado night", "je veux un pique-nique
// quelque part").
func (a *analysis) wishPlaced() bool {
	if a.questionMark() || a.nwords > 16 {
		return false
	}
	f := normApos(a.f)
	return hasAnyPhrase(f, placements) && hasAnyPhrase(f, wishOpeners)
}

var whereWords = set(`where where's wheres dónde donde où wo где cadê cade onde dov'è dove`)
var needWords = set(`needed need needs нужна нужно нужен нужны necesito necesita falta faut brauche brauchen braucht
	preciso precisa precisamos serve servono`)

// whereNeeded reports "where is X? it's needed" about a thing the draft
// lacks ("а растяжка где? после каждой тренировки нужна").
func (a *analysis) whereNeeded(all []tok) bool {
	if len(a.sents) < 2 || a.nwords > 16 {
		return false
	}
	where, need := false, false
	for _, t := range all {
		where = where || whereWords[t.w]
	}
	for _, sn := range a.sents {
		if q := strings.TrimSpace(a.f[sn.s:sn.e]); strings.HasSuffix(q, "?") || strings.HasSuffix(q, "？") {
			continue // "do we need tickets?" asks
		}
		for _, t := range a.toks(sn.s, sn.e) {
			need = need || needWords[t.w]
		}
	}
	if !where || !need {
		return false
	}
	for _, t := range all {
		if utf8.RuneCountInString(t.w) >= 5 && !whereWords[t.w] && !needWords[t.w] && !fillers[t.w] && !stopish[t.w] &&
			!a.prevWord(t.w) {
			return true // the wanted thing is not in the draft
		}
	}
	return false
}

var eachWords = set(`each every cada chaque jede jeder jedes каждый каждая каждое каждому каждой ogni`)
var featureNeeds = []string{"needs a", "needs an", "need a", "needs its own", "should have a", "should have an", "must have a",
	"has to have a", "should get a", "necesita un", "necesita una", "debe tener", "doit avoir", "a besoin d", "braucht ein",
	"braucht eine", "braucht einen", "soll ein", "нужна", "нужен", "нужно", "precisa de um", "precisa de uma", "precisa ter",
	"deve avere", "ha bisogno di"}

// featureWish reports a feature asked for each item of the draft ("each
// item needs a little x button next to it", "jede Zeile braucht einen
// Löschen-Knopf", "每一项都要有一个删除按钮").
func (a *analysis) featureWish() bool {
	if a.questionMark() || a.nwords > 25 {
		return false
	}
	for _, p := range []string{"每个", "每一个", "每一项", "每一行", "每条"} {
		if strings.Contains(a.f, p) && (strings.Contains(a.f, "都要有") || strings.Contains(a.f, "需要一个") || strings.Contains(a.f, "都加")) {
			return true
		}
	}
	if strings.HasPrefix(strings.TrimSpace(a.f), "各") && (strings.Contains(a.f, "ほしい") || strings.Contains(a.f, "つけて")) {
		return true
	}
	ts := a.toks(0, len(a.f))
	each := -1
	for i, t := range ts {
		if eachWords[t.w] {
			each = i
			break
		}
	}
	if each < 0 || each > 3 {
		return false
	}
	f := normApos(a.f[ts[each].e:])
	return hasAnyPhrase(f, featureNeeds)
}

// ---- class 10: the reader must not learn of an item ("nobody outside
// leadership can know about the job cuts yet", "lo de la ansiedad prefiero
// que no lo sepa"): a withdrawal.

// knowVerbs need a negative subject before them ("nobody ... can know").
var knowVerbs = []string{"can know", "should know", "must know", "may know", "can find out", "should find out",
	"puede saber", "puede enterarse", "debe saber", "debe enterarse", "doit savoir", "doit le savoir", "darf", "soll",
	"должен знать", "должна знать", "может знать", "pode saber", "deve saber", "deve sapere", "può sapere"}

var nobodyWords = set(`nobody noone nadie personne niemand никто ninguém ninguem nessuno`)

var secretMarkers = []string{"can't know", "cant know", "cannot know", "shouldn't know", "shouldnt know",
	"mustn't know", "must not know", "can't find out", "cant find out", "shouldn't find out", "don't want her to know",
	"don't want him to know", "don't want them to know", "dont want her to know", "dont want him to know",
	"dont want them to know", "didn't know", "is confidential", "are confidential", "is secret", "is still secret",
	"is off the record", "isn't public", "is not public",
	"no lo sepa", "no la sepa", "no lo sepan", "no puede saber", "no pueden saber", "nadie puede saber", "no debe saber",
	"es confidencial", "no quiero que sepa", "no quiero que lo sepa",
	"ne doit pas savoir", "ne doivent pas savoir", "personne ne doit savoir", "ne sache pas", "ne le sache pas",
	"ne sachent pas", "c'est confidentiel", "est confidentiel",
	"nicht wissen", "darf das nicht wissen", "dürfen das nicht wissen", "darf nicht wissen", "niemand darf", "soll das nicht wissen",
	"soll es nicht wissen", "ist vertraulich", "sind vertraulich",
	"не должен знать", "не должна знать", "не должны знать", "никто не должен знать", "чтобы он знал", "чтобы она знала",
	"чтобы они знали", "это конфиденциально", "это секрет",
	"não pode saber", "não podem saber", "ninguém pode saber", "não saiba", "nao saiba", "é confidencial",
	"non deve sapere", "non devono sapere", "nessuno deve sapere", "non lo sappia", "non la sappia", "è riservato", "è riservata",
	"不能让", "不想让", "别让", "不要让", "保密", "知られたくない", "秘密", "内緒"}

// keepFromReader reports a statement that the draft's readers must not
// learn of something the draft tells them, with the item when named.
func (a *analysis) keepFromReader(all []tok) (bool, string) {
	if a.questionMark() || cuelessWordCount(all) > 30 ||
		!a.anyTok(secretTriggers, "让", "保密", "知られ", "秘密", "内緒") {
		return false, ""
	}
	f := normApos(a.f)
	at := -1
	for _, m := range secretMarkers {
		if i := strings.Index(f, m); i >= 0 && hasPhrase(f, m) {
			at = i
			break
		}
	}
	if at < 0 {
		for i, t := range all {
			if !nobodyWords[t.w] && !(t.w == "no" && i+1 < len(all) && all[i+1].w == "one") {
				continue
			}
			for _, m := range knowVerbs {
				if k := strings.Index(f[t.e:], m); k >= 0 && k < 60 && hasPhrase(f[t.e:], m) {
					at = t.s
					break
				}
			}
			break
		}
	}
	if at < 0 {
		return false, ""
	}
	if !a.overlapsDraft(all) {
		return false, ""
	}
	// the item: "about X" after the marker, or "lo de X" / "the X part"
	// before it
	for i, t := range all {
		if (t.w == "about" || t.w == "sobre" || t.w == "von" || t.w == "о" || t.w == "об" || t.w == "di") && i+1 < len(all) {
			return true, a.phraseUntil(all[i+1].s, len(a.f), nil)
		}
	}
	if len(all) > 2 && (all[0].w == "lo" || all[0].w == "la") && all[1].w == "de" {
		end := at
		for _, t := range all {
			if t.s >= at {
				break
			}
			if t.w == "prefiero" || t.w == "que" || t.w == "no" {
				end = t.s
				break
			}
		}
		return true, strings.TrimSpace(a.turn[all[0].s:end])
	}
	return true, ""
}

// ---- class 11: naming verbs with a person as object ("call him our
// hardware vendor, no names"): the draft's name for them is replaced.

var namedPersons = set(`him her them me us`)

// notNames after "call him/her" make a phone call or a time, not a name.
var notNames = set(`back again later now today tomorrow tonight at on in after before when if and or to up out about first
	soon asap`)

// statedFact5 runs the cue-less statement families of revision-rules-5 in
// order: corrections stated as facts, what the code does, tone likeness and
// register wishes, wishes placed in the draft.
func (a *analysis) statedFact5(all []tok) (string, string) {
	switch {
	case a.turnCJK() && zhVerbContrast(a.f) && cuelessWordCount(all) <= 12:
		return Correct, "states a value against the draft's (\"姓李不姓王\")"
	case a.genderCorrection():
		return Correct, "states a gender the draft has otherwise"
	case a.pointsAtDraftText(all):
		return Correct, "points at what the draft wrote"
	case a.ownResult(all):
		return Correct, "the user's own count differs from the draft's"
	case a.closedDay(all):
		return Correct, "a day of the draft is a holiday or closed"
	case a.codeBehaviour(all):
		return Correct, "reports what the code does"
	case a.toneLikeness(all):
		return Reformat, "likens the draft's tone to a lawyer's or a robot's"
	case a.wishPlaced():
		return Extend, "wishes something placed in the draft"
	}
	return "", ""
}

// ---- class 12: a verb of putting with a form as its target ("coloca em
// tópicos", "mettilo in una tabella"): the draft in another form, not an
// addition.

// putIntoForm reports an extend cue followed, after an optional pronoun, by
// a bare form target (see bareFormTarget).
func (a *analysis) putIntoForm(h screen.Hit, after []tok) bool {
	i := 0
	for i < len(after) && i < 2 && (draftPronouns[after[i].w] || personObjects[after[i].w]) {
		i++
	}
	rest := after[i:]
	for k, t := range rest[:min(len(rest), 5)] {
		if structureNouns[t.w] || formNouns[t.w] || formWords[t.w] {
			return k > 0 && a.bareFormTarget(rest[:k], rest[k+1:])
		}
	}
	return false
}

// normApos returns f with ’ as ' (f itself when it has none).
func normApos(f string) string {
	if !strings.Contains(f, "\u2019") {
		return f
	}
	return strings.ReplaceAll(f, "\u2019", "'")
}

// anyTok reports a word of the turn in m, or a CJK marker of cjk in it: a
// cheap test run before a family's phrase lists.
func (a *analysis) anyTok(m map[string]bool, cjk ...string) bool {
	for _, t := range a.toks(0, len(a.f)) {
		if m[t.w] {
			return true
		}
	}
	for _, c := range cjk {
		// A marker with a CJK rune is in no turn without one.
		if (a.turnCJK() || !hasCJK(c)) && strings.Contains(a.f, c) {
			return true
		}
	}
	return false
}

var (
	secretTriggers = set(`know knows knew find sepa sepan saber sache sachent savoir wissen знать знал знала знали saiba saibam
		sappia sapere confidential confidencial confidentiel vertraulich конфиденциально riservato riservata secret
		secreto секрет public record enterarse`)
	genderTriggers = set(`woman female lady girl man male guy mujer chica hombre chico femme homme frau mann weiblich
		männlich женщина мужчина mulher homem donna uomo`)
	elsewhereTriggers = set(`another other different unrelated related nothing installing install installed otro nada
		relacionado instalar autre rien lié installant anderen anderes nichts installieren другом другого связано
		относится установке outro altro c'entra legato installando`)
	wroteTriggers = set(`you it escribiste pusiste has tu t'as du ты у você voce vc hai c'è`)
	likenTriggers = set(`like suena parece dirait sonne klingt liest звучит как словно sembra`)
)
