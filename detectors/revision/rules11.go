package revision

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/revtrace/revtrace/corpora"
	"github.com/revtrace/revtrace/detectors/internal/litre"
	"github.com/revtrace/revtrace/detectors/screen"
)

// The rule families of revision-rules-11, the first round tuned on real
// text (testdata/gold/real-dev, its first 350 turns). They run once per
// turn, after rules10:
//
//   - the request sent again: the turn against the user message before it.
//     Sent again verbatim, or its frame kept with other material in it (the
//     next line to translate, the same story prompt with another ending), it
//     is no revision; sent again with words added and none taken away (a
//     fact, a length, "and shorten it") it re-asks with a new constraint,
//     which is a revision even when the screen finds no cue;
//   - vetoes: "more" for more of the same, a turn after a refusal that the
//     cue-less path took;
//   - findings: a question that doubts a fact of the answer ("but isn't …?",
//     "wouldn't that mean …?"), the full code asked for after code, a part
//     the steps named that is not there, "not everything is included", more
//     detail asked in languages the earlier lists lack;
//   - a type refinement: "use a different X" is a replacement.
//
// Every phrase family that finds a request is behind one automaton pass
// over the turn (gate11). The examples are in rules11_test.go.

// rules11 revises the verdict typ/item of the earlier rules.
func (a *analysis) rules11(typ, item string) (string, string) {
	r := a.reask11()
	if typ != "" {
		if why := a.veto11(typ, r); why != "" {
			a.note("rules-11 veto: %s", why)
			return "", ""
		}
		if t, it, why := a.retype11(typ, item); why != "" {
			a.note("rules-11 type: %s", why)
			return t, it
		}
		return typ, item
	}
	if r.kind == reaskAdded11 {
		if t := a.reaskType11(r); t != "" {
			a.note("rules-11: the request sent again with words added")
			return t, ""
		}
		return "", ""
	}
	if a.nwords > 60 || a.gates()&gate11Bit == 0 {
		return "", ""
	}
	t, why := a.find11()
	if t == "" || a.turnVeto() != "" || a.transformNew() || a.mat.present && !a.mat.draft && !a.mat.log && !a.mat.context {
		return "", ""
	}
	if a.veto9(t) == "" && a.veto10(t) == "" && a.veto11(t, r) == "" {
		a.note("rules-11: %s", why)
		return t, ""
	}
	return "", ""
}

// gate11 lists: the phrase lists of the finding families.
var gateLists11 = [][]string{doubtLeads11, doubtAny11, fullCode11, notThere11, notAll11, moreDetail11, misread11, recheck11,
	codeVerbs11, followed11, diagnostics11, beMore11, realData11, howFix11, nowLeads11}

// ---- class: the request sent again

// reask kinds
const (
	reaskNone11    = iota
	reaskSame11    // the user message before, sent again verbatim
	reaskAdded11   // ... with words added and none taken away
	reaskSwapped11 // ... its frame kept, other material in it
)

type reaskInfo11 struct {
	kind  int
	added string // the words added (folded), for reaskAdded11 and reaskSwapped11
}

// lastUser11 returns the last user message of history.
func lastUser11(history []corpora.Message) string {
	for i := len(history) - 1; i >= 0; i-- {
		if history[i].Role == corpora.RoleUser {
			return history[i].Content
		}
	}
	return ""
}

// reask11 compares the turn with the user message before it, the
// normalised text of that message kept from when it was the turn (see
// Memo.norm11).
func (a *analysis) reask11() reaskInfo11 {
	return reaskNorm11(lastUser11(a.history), a.turn, a.memo.norm11)
}

// Thresholds of the sent-again test.
const (
	reaskMinBytes11    = 15  // shorter messages are not compared
	reaskMinRunes11    = 15  // an earlier request of fewer runes is too short to be sent again with additions
	reaskAddShare11    = 0.8 // share of the earlier request kept around the addition
	reaskSwapShare11   = 0.5 // share of the earlier request kept around the swapped material
	reaskSwapRunes11   = 40  // an earlier request of fewer runes is an instruction, not a frame for material ("make it more X")
	reaskSwapMin11     = 12  // runes kept at least around swapped material
	reaskSwapMinPart   = 10  // runes of each of the two materials when less is kept
	reaskGateBytes11   = 6   // bytes compared first, at the start and at the end
	reaskAddLetters11  = 8   // letters of an addition at least (fewer rephrase: "below", "pls")
	reaskAddMaxWords11 = 30  // words (CJK runes) of an addition at most: more is new material
	reaskEndLetters11  = 5   // letters of an addition at the end at least
)

// reaskOf11 compares turn with prevUser, the user message before it: a
// cheap gate first (the two share their first or last bytes), then the
// longest common start and end of the folded texts, widened to whole
// words.
func reaskOf11(prevUser, turn string) reaskInfo11 { return reaskNorm11(prevUser, turn, norm11Runes) }

// reaskNorm11 is reaskOf11 with norm as norm11Runes.
func reaskNorm11(prevUser, turn string, norm func(string) []rune) reaskInfo11 {
	p, t := strings.TrimSpace(prevUser), strings.TrimSpace(turn)
	g := reaskGateBytes11
	if len(p) < reaskMinBytes11 || len(t) < reaskMinBytes11 {
		return reaskInfo11{}
	}
	if !strings.EqualFold(p[:g], t[:g]) && !strings.EqualFold(p[len(p)-g:], t[len(t)-g:]) {
		return reaskInfo11{}
	}
	// every kind below keeps at least reaskSwapMin11 runes of the request
	// before: its raw common start and end (ASCII case aside) say so
	// without folding
	if rawKept11(strings.TrimRight(p, closing11), strings.TrimRight(t, closing11)) < reaskSwapMin11 {
		return reaskInfo11{}
	}
	pn, tn := norm(p), norm(t)
	if slices.Equal(pn, tn) {
		return reaskInfo11{kind: reaskSame11}
	}
	n := min(len(pn), len(tn))
	cp := 0
	for cp < n && pn[cp] == tn[cp] {
		cp++
	}
	cs := 0
	for cs < n-cp && pn[len(pn)-1-cs] == tn[len(tn)-1-cs] {
		cs++
	}
	// whole words: a common start or end that cuts a word gives the word back
	for cp > 0 && wordRune11(pn[cp-1]) && (cp < len(pn) && wordRune11(pn[cp]) || cp < len(tn) && wordRune11(tn[cp])) {
		cp--
	}
	for cs > 0 && wordRune11(pn[len(pn)-cs]) && (len(pn)-cs-1 >= cp && wordRune11(pn[len(pn)-cs-1]) ||
		len(tn)-cs-1 >= cp && wordRune11(tn[len(tn)-cs-1])) {
		cs--
	}
	kept := float64(cp + cs)
	// The kinds below need little in the middle (reaskSame11) or much kept
	// around it (reaskAddShare11 >= reaskSwapShare11): without either,
	// the middles are not made into strings.
	if (len(pn)-cp-cs > 1 || len(tn)-cp-cs > 1) && kept < reaskSwapShare11*float64(len(pn)) && (cs < reaskSwapMin11 || cs < cp) {
		return reaskInfo11{}
	}
	removed := strings.TrimSpace(string(pn[cp : len(pn)-cs]))
	added := strings.TrimSpace(string(tn[cp : len(tn)-cs]))
	switch {
	case removed == "" && added == "":
		return reaskInfo11{kind: reaskSame11}
	case cp > 0 && len(pn) >= reaskMinRunes11 && kept >= reaskAddShare11*float64(len(pn)) && letters11(added) >= addLetters11(cs) &&
		(removed == "" || articles11[removed]) && len(tokenize(added, 0, len(added))) <= reaskAddMaxWords11 && !newQuestion11(added):
		return reaskInfo11{kind: reaskAdded11, added: added}
	case len(pn) >= reaskSwapRunes11 && cp+cs >= reaskSwapMin11 && kept >= reaskSwapShare11*float64(len(pn)) &&
		utf8.RuneCountInString(removed) >= reaskSwapMinPart && utf8.RuneCountInString(added) >= reaskSwapMinPart:
		// material swapped, not a value: a value changed ("at 19:00" -> "at 08:45",
		// "in Python" -> "in JavaScript") changes the draft's request
		return reaskInfo11{kind: reaskSwapped11, added: added}
	case cs >= reaskSwapMin11 && cs >= cp && utf8.RuneCountInString(removed) >= reaskSwapMinPart &&
		utf8.RuneCountInString(added) >= reaskSwapMinPart:
		// the instruction at the end kept, the material before it new
		return reaskInfo11{kind: reaskSwapped11, added: added}
	}
	return reaskInfo11{}
}

// addLetters11 is the least number of letters of an addition: fewer at
// the end ("in latin") than inside the request, where a word or two
// ("below", "pls") is rephrasing.
func addLetters11(cs int) int {
	if cs == 0 {
		return reaskEndLetters11
	}
	return reaskAddLetters11
}

// rawKept11 returns the bytes of the common start and end of p and t,
// ASCII letters compared without case.
func rawKept11(p, t string) int {
	n := min(len(p), len(t))
	cp := 0
	for cp < n && lowerASCII11(p[cp]) == lowerASCII11(t[cp]) {
		cp++
	}
	cs := 0
	for cs < n-cp && lowerASCII11(p[len(p)-1-cs]) == lowerASCII11(t[len(t)-1-cs]) {
		cs++
	}
	return cp + cs
}

func lowerASCII11(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// closing punctuation and space, dropped at the end of both messages
const closing11 = " \t\r\n.!?。！？…"

// norm11Runes returns the runes of s folded (screen.Fold), with the
// typographic quotes made straight, every run of white space made one
// space, none at the start, and closing punctuation and space (closing11)
// dropped at the end. A byte that is not UTF-8 is U+FFFD. It reads s once;
// norm11 in the tests is the same as a chain of string functions.
func norm11Runes(s string) []rune {
	out := make([]rune, 0, len(s))
	space := false
	for i := 0; i < len(s); {
		var r rune
		if c := s[i]; c < utf8.RuneSelf {
			r = rune(c)
			if 'A' <= c && c <= 'Z' {
				r += 'a' - 'A'
			}
			i++
		} else {
			var n int
			r, n = utf8.DecodeRuneInString(s[i:])
			i += n
			if r != utf8.RuneError || n > 1 {
				// screen.Fold's rune mapping
				l := litre.LowerRune(r)
				if l == 'ё' {
					l = 'е'
				}
				if l != r && utf8.RuneLen(l) == n {
					r = l
				}
			}
			switch r {
			case '\u2019', '\u2018':
				r = '\''
			case '\u201c', '\u201d':
				r = '"'
			}
		}
		if unicode.IsSpace(r) {
			space = len(out) > 0
			continue
		}
		if space {
			out = append(out, ' ')
			space = false
		}
		out = append(out, r)
	}
	for len(out) > 0 && strings.ContainsRune(closing11, out[len(out)-1]) {
		out = out[:len(out)-1]
	}
	return out
}

// wordRune11 reports a letter or digit of a spaced script (CJK runes are
// words of their own).
func wordRune11(r rune) bool {
	return (unicode.IsLetter(r) || unicode.IsDigit(r)) && !isCJK(r)
}

func letters11(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			n++
		}
	}
	return n
}

// articles11 are the words an addition may take away ("an" in "an
// instagram post" -> "a short instagram post").
var articles11 = set(`a an the some any one un une le la les el los las ein eine der die das`)

// question words that make an addition a new question ("…, and how do I
// find X"), not a constraint
var newQWords11 = set(`how what where which who why when whom whose comment pourquoi où cómo como dónde qué wie wo warum was
как где почему что`)
var newQCJK11 = []string{"如何", "怎么", "怎样", "为什么", "哪里", "什么", "吗", "？", "?"}

// newQuestion11 reports an addition that asks a new question.
func newQuestion11(added string) bool {
	if hasSubstring(added, newQCJK11) {
		return true
	}
	for _, t := range tokenize(added, 0, len(added)) {
		if newQWords11[t.w] {
			return true
		}
	}
	return false
}

// words of an addition that make it a form or a length (reformat) or more
// content (extend); any other addition is a constraint the draft did not
// meet (correct)
var reaskForm11 = set(`short shorter shorten long longer lengthen brief briefer concise word words sentence sentences paragraph paragraphs line lines
format table bullet bullets tone formal informal casual simple simpler characters chars limit corto corta breve court courte
kurz kürzer короткий короче кратко`)
var reaskMore11 = set(`data example examples detail details detailed case cases statistics figures sources references more also
include including plus ejemplos exemples beispiele примеры`)
var reaskFormCJK11 = []string{"简短", "简洁", "字以内", "表格", "格式", "短一点", "短文"}
var reaskMoreCJK11 = []string{"数据", "案例", "例子", "详细", "辅以", "加上", "包括", "添加", "补充"}

// modifiersOnly11 reports a short middle (at most modifierMaxWords11 words)
// holding a word that asks for more or another form ("can you write but with more details and longer. That would be
// nice." after "can you write this story but ... That would be nice."): the
// request's frame kept around a change to the draft, not new material.
func modifiersOnly11(added string) bool {
	ts := tokenize(added, 0, len(added))
	if len(ts) == 0 || len(ts) > modifierMaxWords11 {
		return false
	}
	for _, t := range ts {
		// ("plus", "also", "include" bring material in: "add plus mark in
		// front of all" is another transformation of the same list)
		if reaskForm11[t.w] || reaskMore11[t.w] && !materialMore11[t.w] {
			return true
		}
	}
	return hasSubstring(added, reaskFormCJK11) || hasSubstring(added, reaskMoreCJK11)
}

// words of reaskMore11 that bring material in rather than ask for more of it
var materialMore11 = set(`plus also include including`)

// modifierMaxWords11 is the most words of a middle modifiersOnly11 accepts.
const modifierMaxWords11 = 8

// asks of an assistant that the turn answers: the addition completes the
// request rather than constraining a draft
var infoAsks11 = []string{"please provide", "could you provide", "can you provide", "please share", "incomplete", "please clarify",
	"could you clarify", "can you clarify"}

// an assistant's opening that declines for want of access or ability
var noAccess11 = []string{"i don't have access", "i do not have access", "i don't have the ability", "i do not have the ability",
	"i'm unable to", "i am unable to", "i cannot provide", "i can't provide", "i'm not able to", "i am not able to"}

// reaskType11 returns the type of a request sent again with words added,
// or "" when there was no draft to constrain.
func (a *analysis) reaskType11(r reaskInfo11) string {
	if a.answersAsk11() {
		return ""
	}
	form, more := false, false
	for _, t := range tokenize(r.added, 0, len(r.added)) {
		form = form || reaskForm11[t.w]
		more = more || reaskMore11[t.w]
	}
	form = form || hasSubstring(r.added, reaskFormCJK11)
	more = more || hasSubstring(r.added, reaskMoreCJK11)
	switch {
	case form:
		return Reformat
	case more:
		return Extend
	}
	return Correct
}

// ---- vetoes

// plural nouns after "more" that ask for more of the same
var moreNouns11 = set(`options option ideas idea examples suggestions names titles questions ones versions variants alternatives
choices answers lines jokes quotes slogans taglines captions prompts please pls plz`)

// veto11 rejects the verdict typ (already decided by earlier rules) when
// the turn is the request sent again, "more" of the same, or a cue-less
// turn after a refusal.
func (a *analysis) veto11(typ string, r reaskInfo11) string {
	strong := (typ == Withdraw || typ == Replace) && a.strongAcc9()
	switch {
	case r.kind == reaskSame11 && !(typ == Correct && a.codeBefore()) && !hasSubstring(a.f, latestRefs11) &&
		(a.nwords > sameShortWords11 || a.firstUserBefore11()):
		return "the request before, sent again verbatim"
	case r.kind == reaskSwapped11 && !strong && typ != Correct && !modifiersOnly11(r.added):
		return "the request before with other material: a new request in the same frame"
	}
	if typ != Replace {
		if a.moreOfSame11() {
			return "more of the same"
		}
	}
	if r.kind == reaskAdded11 && a.answersAsk11() {
		return "the request before completed as the assistant asked"
	}
	if (typ == Correct || typ == Other) && (len(a.hits) == 0 || a.onlyNo11()) && a.refusal11() {
		return "a turn after a refusal"
	}
	if !strong && len(a.prevRaw) < shortRefusal11 && a.refusal11() {
		return "a turn after a bare refusal: no draft to revise"
	}
	if !strong && a.nwords > 40 && a.persona11() {
		return "a new persona prompt"
	}
	if typ == Reformat && a.nwords > newTextWords11 && a.translateNew11() {
		return "new text to translate after the instruction"
	}
	return ""
}

// translate cues
var translates11 = []string{"translat", "翻译", "译成", "译为", "traduc", "tradu", "übersetz", "перевед", "перевод", "翻訳", "번역"}

// a text after the instruction of at least this many words is material
const newTextWords11 = 30

// translateNew11 reports a turn whose first sentence asks for a
// translation and whose rest is text that no assistant message holds
// ("translate into Chinese. <a new paragraph>").
func (a *analysis) translateNew11() bool {
	if len(a.sents) < 2 {
		return false
	}
	first := a.f[a.sents[0].s:a.sents[0].e]
	if !hasSubstring(first, translates11) || tokWordCount(a.toks(a.sents[0].s, a.sents[0].e)) > 12 {
		return false
	}
	rest := a.f[a.sents[0].e:]
	return wordCount(rest) >= newTextWords11 && !a.quotesAssistant(rest)
}

// answersAsk11 reports an assistant message that declines or asks for
// the missing part: a request sent again with words added completes it.
func (a *analysis) answersAsk11() bool {
	head := a.prevText()
	if len(head) > 300 {
		head = head[:300]
	}
	return a.prevRefusal() || hasSubstring(a.prevText(), infoAsks11) || hasSubstring(head, noAccess11)
}

// refusals that prevRefusal's openers miss ("even so, I must repeat that
// I cannot …")
var refusals11 = []string{"i must reiterate", "i cannot provide information", "i can't provide information", "i cannot assist",
	"i can't assist", "i cannot help with", "i can't help with", "i'm not able to help", "i am not able to help",
	"i cannot fulfill", "i can't fulfill", "i cannot comply", "i can't comply", "not appropriate for me", "je ne peux pas",
	"je regrette, mais", "no puedo ayudar", "no puedo continuar", "lo siento, pero no puedo", "ich kann dir dabei nicht",
	"ich kann nicht", "я не могу", "извините, но я не", "non posso", "não posso", "我不能", "我无法", "抱歉，我不能", "抱歉，我无法"}

// a refusal shorter than this (bytes) holds no draft
const shortRefusal11 = 400

// refusal11 reports that the last assistant message declines the task.
func (a *analysis) refusal11() bool {
	if a.prevRefusal() {
		return true
	}
	head := a.prevText()
	if len(head) > 300 {
		head = head[:300]
	}
	return hasSubstring(head, refusals11)
}

// onlyNo11 reports that every cue of the turn is a bare "no".
func (a *analysis) onlyNo11() bool {
	for _, h := range a.hits {
		if h.Keyword != "^no" && h.Keyword != "no" {
			return false
		}
	}
	return len(a.hits) > 0
}

// persona openers that rolePlays lacks
var personas11 = []string{"i would like you to be", "i want you to be", "i'd like you to be", "you are an expert", "you are a professional",
	"you are my", "act as my", "i want you to act", "tu es un expert", "eres un experto", "ты эксперт", "你是一个", "你是一位", "假如你是"}

// persona11 reports a turn that opens with a new persona.
func (a *analysis) persona11() bool {
	t := strings.TrimSpace(a.text8())
	if len(t) > 80 {
		t = t[:80]
	}
	for _, p := range personas11 {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}

// a request of at most this many words sent again verbatim is still an
// instruction about the draft ("make it more formal" twice), unless it
// is the conversation's first request
const sameShortWords11 = 12

// firstUserBefore11 reports that the user message before the turn is the
// conversation's first.
func (a *analysis) firstUserBefore11() bool {
	n := 0
	for _, m := range a.history {
		if m.Role == corpora.RoleUser {
			n++
		}
	}
	return n == 1
}

// words that point at the latest draft: a request sent again with them
// still asks for a change of that draft ("expand upon the most recent
// version" twice)
var latestRefs11 = []string{"most recent", "latest", "the above", "your last", "your previous", "the previous", "last version",
	"rewrite it", "redo it", "make it", "expand it", "最新", "上面的", "上一个", "последн", "dernière version", "última versión"}

// moreOfSame11 reports a turn that opens with "more" and asks for more
// items, not for more of a quality ("more options", "more, no examples"
// but not "more formal").
func (a *analysis) moreOfSame11() bool {
	ts := leadTrim10(a.toks(0, len(a.f)))
	if len(ts) >= 2 && (ts[0].w == "give" || ts[0].w == "show") && ts[1].w == "me" {
		ts = ts[2:]
	}
	if len(ts) == 0 || ts[0].w != "more" || a.nwords > 12 {
		return false
	}
	if len(ts) == 1 || moreNouns11[ts[1].w] {
		return true
	}
	between := strings.TrimSpace(a.f[ts[0].e:ts[1].s])
	return between == ","
}

// ---- type refinement: "use a different X"

var otherOpeners11 = set(`use try pick choose take find`)
var otherWords11 = set(`different another other new`)

// markers that the instruction was given before and not met: a removal
// then asks to correct the draft ("don't use X, as I asked")
var violated11 = []string{"as i requested", "as i asked", "like i asked", "i told you", "i already told", "i said", "as i said",
	"like i said", "you misunderstood", "get it wrong", "got it wrong", "i asked you", "i asked for", "on purpose",
	"comme je t'ai demandé", "comme demandé", "como te pedí", "como te dije", "wie gesagt", "wie ich sagte", "как я просил",
	"я же сказал", "я говорил", "我说过", "我已经说过", "我刚才说", "我不是说了"}

// retype11 refines the type of an accepted verdict.
func (a *analysis) retype11(typ, item string) (string, string, string) {
	if typ == Other && a.gates()&gate11Bit != 0 && a.nowResult11() {
		return Correct, "", "what the code does now is still wrong"
	}
	if typ == Other && a.gates()&gate11Bit != 0 && a.misread11() {
		return Correct, "", "the answer misread the request"
	}
	if typ == Other && a.gates()&gate11Bit != 0 && a.realData11() {
		return Correct, "", "real data asked for instead of made-up data"
	}
	if typ == Withdraw && hasSubstring(a.text8(), violated11) {
		if k, _ := phraseAt9(a.text8(), violated11); k >= 0 {
			return Correct, "", "a removal asked before and not done"
		}
	}
	if typ == Other && a.nwords <= 6 {
		ts := leadTrim10(a.toks(0, len(a.f)))
		if len(ts) == 1 && (ts[0].w == "another" || ts[0].w == "different") {
			return Replace, "", "another one for the draft's"
		}
		if len(ts) >= 2 && otherOpeners11[ts[0].w] {
			ts = ts[1:]
			if ts[0].w == "a" || ts[0].w == "an" || ts[0].w == "some" {
				ts = ts[1:]
			}
			if len(ts) >= 2 && otherWords11[ts[0].w] && (a.prevWord(ts[1].w) ||
				hasToken(screen.Fold(lastUser11(a.history)), ts[1].w)) {
				return Replace, "", "a different one of a part of the draft"
			}
		}
	}
	return "", "", ""
}

// ---- findings

// find11 finds a request the earlier rules left out; the turn passed gate11.
func (a *analysis) find11() (string, string) {
	switch {
	case a.doubt11():
		return Correct, "a question that doubts a fact of the answer"
	case a.fullCode11():
		return Extend, "the full code asked for after code"
	case a.notThere11():
		return Correct, "a part the answer named is not there"
	case a.notAll11():
		return Correct, "not everything asked for is in the draft"
	case a.moreDetail11():
		return Extend, "more detail asked for"
	case a.misread11():
		return Correct, "the answer misread the request"
	case a.recheck11():
		return Correct, "the draft to be checked again against the request"
	case a.codeChange11():
		return Extend, "the code changed so that it does more"
	case a.followed11():
		return Correct, "the user did what the answer said, and it still fails"
	case a.diagnostic11():
		return Correct, "a compiler or runtime message after code"
	case a.beMore11():
		return Other, "the draft to be more of a quality"
	case a.realData11():
		return Correct, "real data asked for instead of made-up data"
	case a.howFix11():
		return Correct, "the user's code pasted after the answer's fix, asking how to fix it"
	case a.nowResult11():
		return Correct, "what the code does now, after the fix, is still wrong"
	}
	return "", ""
}

// class: a question that doubts a fact of the answer

// "but" and a negated auxiliary open the question
var doubtLeads11 = []string{"but isn't", "but isnt", "but wasn't", "but aren't", "but doesn't", "but doesnt", "but don't",
	"but didn't", "but wouldn't", "but shouldn't", "but couldn't", "but won't", "but can't", "but is it not", "but does it not",
	"mais ce n'est pas", "mais n'est-ce pas", "pero no es", "pero no era", "pero no debería", "aber ist das nicht",
	"aber ist es nicht", "но разве", "но ведь", "ma non è", "mas não é", "但不是", "可是不是", "难道不是", "难道不"}

// a negated question anywhere that draws a consequence against the answer
var doubtAny11 = []string{"wouldn't that suggest", "wouldn't that mean", "wouldn't that imply", "doesn't that mean",
	"doesn't that suggest", "doesn't that contradict", "isn't that a contradiction", "isn't that wrong", "isn't that incorrect",
	"wouldnt that mean", "doesnt that mean", "n'est-ce pas contradictoire", "¿no sería", "no significaría eso",
	"heißt das nicht", "这不是矛盾", "那不就是"}

// words after the negated auxiliary that ask for something new, not doubt
var doubtNew11 = set(`there you i we`)

// doubt11 reports a short question that doubts a fact of the answer.
func (a *analysis) doubt11() bool {
	if a.nwords > 40 || !a.isQuestion9() {
		return false
	}
	t := strings.TrimSpace(a.text8())
	for _, p := range doubtLeads11 {
		if strings.HasPrefix(t, p) {
			rest := tokenize(t, len(p), len(t))
			return len(rest) > 0 && !doubtNew11[rest[0].w]
		}
	}
	k, _ := phraseAt9(t, doubtAny11)
	return k >= 0
}

// class: the full code asked for after code

var fullCode11 = []string{"full code", "full modified code", "full updated code", "full corrected code", "full fixed code",
	"full change", "full version of the code", "complete code", "complete modified code", "complete updated code",
	"entire code", "whole code", "full script", "complete script", "entire script", "rest of the code", "código completo",
	"codigo completo", "code complet", "vollständigen code", "kompletten code", "полный код", "весь код", "codice completo",
	"完整代码", "完整的代码", "全部代码"}

// fullCode11 reports the full code asked for, after an assistant message
// with code (its elided parts).
func (a *analysis) fullCode11() bool {
	if a.nwords > 25 || !a.codeBefore() {
		return false
	}
	k, _ := phraseAt9(a.text8(), fullCode11)
	return k >= 0
}

// class: a part the answer named is not there

var notThere11 = []string{"there is no", "there's no", "theres no", "there are no", "there aren't any", "there arent any", "there isn't any", "there isnt any", "i don't see", "i dont see",
	"i can't find", "i cant find", "i cannot find", "i can't see", "i cant see", "i couldn't find", "not there", "doesn't exist",
	"does not exist", "no such option", "no such button", "no such menu", "нет там", "там нет", "не вижу", "не могу найти",
	"не нашел", "не нашёл", "нету", "找不到", "没有找到", "没看到", "没有这个", "根本没有", "并没有", "no hay", "no encuentro", "no veo", "no existe",
	"il n'y a pas", "il n'y a aucun", "je ne trouve pas", "je ne vois pas", "gibt es nicht", "gibt keine", "finde ich nicht",
	"finde kein", "sehe ich nicht", "non c'è", "non trovo", "não há", "não encontro", "não vejo",
	// rules-14
	"нет никакого", "нет никакой", "нет никаких", "нет такого", "нет такой", "нет таких", "нету такого", "не нахожу",
	"没找到", "没有看到", "没看见", "找不着", "no hay ningún", "no hay ninguna", "no existe ese", "no existe esa",
	"il n'y a aucune", "je ne le trouve pas", "je ne la trouve pas", "es gibt keinen", "es gibt kein", "não existe",
	"não tem nenhum", "non esiste", "non c'è nessun", "non trovo nessun"}

// words after "there is no" / "i don't see" that make no report of a
// missing part ("there's no need", "i don't see why")
var notThereBlock11 = set(`need way point reason why how what problem issue rush hurry difference doubt use harm`)

// notThere11 reports a short turn saying that something the answer named
// (a menu, a setting, a file) is not there.
func (a *analysis) notThere11() bool {
	if a.nwords > 20 {
		return false
	}
	if ts := leadTrim10(a.toks(0, len(a.f))); len(ts) > 0 && newQWords11[ts[0].w] {
		return false // a question for something new ("what can I use if I can't find X")
	}
	t := a.text8()
	k, p := phraseAt9(t, notThere11)
	if k < 0 {
		return false
	}
	if a.isQuestion9() {
		for _, w := range tokenize(t, 0, k) {
			if newQWords11[w.w] || conditionWords14[w.w] {
				// "e quando o valor não existe, como eu tiro o #N/D?": the
				// missing part is the condition of a new question.
				return false
			}
		}
	}
	after := tokenize(t, k+len(p), len(t))
	if len(after) > 0 && notThereBlock11[after[0].w] {
		return false
	}
	// a word of the turn that the answer holds: the missing part is one it named
	for _, w := range a.toks(0, len(a.f)) {
		if !w.cjk && !stopish11[w.w] && (a.prevWord(w.w) || a.prevStem14(w.w)) {
			return true
		}
	}
	return hasSubstring(t, cjkNotThere11()) && a.cjkOverlap11()
}

// cjkNotThere11 are the Chinese phrases of notThere11, which need no word
// of the answer but two adjacent runes of it (cjkOverlap11).
var cjkNotThere11 = sync.OnceValue(func() []string {
	var out []string
	for _, p := range notThere11 {
		if hasCJK(p) {
			out = append(out, p)
		}
	}
	return out
})

var stopish11 = set(`there this that these those here what with from your mine have does doesn't exist find see cannot can't
nothing such option there's theres isn't isnt dont don't where which when`)

// cjkOverlap11 reports two adjacent CJK runes of the turn found in the
// answer.
func (a *analysis) cjkOverlap11() bool {
	prev := a.prevText()
	var last rune = -1
	for _, r := range a.f {
		if isCJK(r) {
			if last >= 0 && strings.Contains(prev, string([]rune{last, r})) {
				return true
			}
			last = r
		} else {
			last = -1
		}
	}
	return false
}

// class: not everything asked for is in the draft

var notAll11 = []string{"not everything", "none of your", "none of the", "not one of the", "not one of your", "not all of", "not all the", "some of those", "some of these",
	"some of them", "some of the", "pas tout", "no todo", "no todos", "nicht alles", "nicht alle", "не все", "не всё",
	"non tutto", "não tudo", "不是所有", "没有全部", "有些没有"}

// verbs after "none of your X" that report a fault
var noneWork11 = set(`work works load loads open opens run runs exist exists compile compiles match matches valid correct real
right`)

// negations that make "some of those …" a fault
var notAllNeg11 = set(`not don't dont doesn't doesnt aren't arent isn't isnt didn't didnt no never missing lack`)

// notAll11 reports a short statement that the draft lacks some of what
// was asked ("not everything is included", "some of those lines don't
// rhyme").
func (a *analysis) notAll11() bool {
	if a.nwords > 25 || a.isQuestion9() {
		return false
	}
	t := a.text8()
	k, p := phraseAt9(t, notAll11)
	if k < 0 {
		return false
	}
	switch {
	case strings.HasPrefix(p, "some of"):
		for _, w := range tokenize(t, k+len(p), len(t)) {
			if notAllNeg11[w.w] {
				return true
			}
		}
		return false
	case strings.HasPrefix(p, "none of") || strings.HasPrefix(p, "not one of"):
		// "none of your links work": a report of a fault of every part
		for _, w := range tokenize(t, k+len(p), len(t)) {
			if noneWork11[w.w] {
				return true
			}
		}
		return false
	}
	return true
}

// class: more detail asked for, in languages the earlier lists lack

var moreDetail11 = []string{"lebih detail", "lebih rinci", "lebih lengkap", "lebih jelas", "chi tiết hơn", "daha detaylı",
	"bardziej szczegółowo", "bardziej szczegółowy", "więcej szczegółów", "mais detalhado", "mais detalhada", "più dettagliato", "più dettagliata", "meer detail", "更详细", "详细一点",
	"再详细", "もっと詳しく", "더 자세히", "إضافة تفاصيل", "جزئیات بیشتر"}

// moreDetail11 reports a short request for more detail of the draft.
func (a *analysis) moreDetail11() bool {
	if a.nwords > 25 {
		return false
	}
	k, _ := phraseAt9(a.text8(), moreDetail11)
	return k >= 0
}

// class: the answer misread the request ("don't you understand …", "I'm
// not asking about X")

var misread11 = []string{"you misunderstand", "u misunderstand", "u misunderstood", "do you not understand", "don't you understand", "dont you understand", "you're not listening", "you are not listening", "i'm not asking about", "im not asking about",
	"i am not asking about", "i wasn't asking", "i was not asking", "i'm not discussing", "i am not discussing",
	"that's not my question", "thats not my question", "not what i was asking", "i already told you", "i already said",
	"as i said", "like i said", "read my question again", "read the question again", "tu ne comprends pas",
	"tu n'as pas compris", "no entiendes", "no me entendiste", "no entendiste", "du verstehst nicht", "ты не понимаешь",
	"ты не понял", "вы не поняли", "non hai capito", "você não entendeu", "你没明白", "你不明白", "你没理解", "你没有理解",
	"我不是问", "我问的不是", "我说的是",
	// "what I asked was …" restating the question the answer missed (not
	// "I asked you last week …", which refers back without restating)
	"what i asked was", "what i asked for was", "what i'm asking is", "what im asking is", "what i am asking is",
	"my question was", "ce que j'ai demandé c'est", "ce que je demande c'est", "lo que pregunté es", "lo que pregunto es",
	"meine frage war", "我问的是", "我问你的是", "私が聞いたのは", "聞いているのは"}

// misread11 reports a short turn saying the answer misread the request.
func (a *analysis) misread11() bool {
	if a.nwords > 60 {
		return false
	}
	k, _ := phraseAt9(a.text8(), misread11)
	return k >= 0
}

// class: the draft to be checked again against the request

var recheck11 = []string{"double check", "double-check", "check again", "recheck", "re-check", "verify again", "check your answer",
	"check your output", "check your previous", "check your work", "vérifie encore", "revérifie", "revisa de nuevo",
	"vuelve a revisar", "überprüfe nochmal", "проверь ещё раз", "проверь еще раз", "再检查", "重新检查", "再核对", "检查一下你"}

// recheck11 reports a short request to check the draft again.
func (a *analysis) recheck11() bool {
	if a.nwords > 30 {
		return false
	}
	t := a.text8()
	k, _ := phraseAt9(t, recheck11)
	if k < 0 {
		return false
	}
	// it is the answer that is checked, not the user's own work
	for _, w := range a.toks(0, len(a.f)) {
		if w.w == "my" && !strings.Contains(t, "my previous input") && !strings.Contains(t, "my input") &&
			!strings.Contains(t, "my request") && !strings.Contains(t, "my question") {
			return false
		}
	}
	return true
}

// class: the code changed so that it does more, in languages the
// screen's lists lack ("zmodyfikuj kod, aby …")

var codeVerbs11 = []string{"zmodyfikuj", "zmień kod", "popraw kod", "przerób", "ubah kode", "modifikasi kode", "sửa code",
	"sửa mã", "kodu değiştir", "kodu düzenle"}

// purpose words after which what the code should do follows
var purpose11 = set(`aby żeby zeby by agar supaya sehingga để sao cho için`)

// codeChange11 reports a short request, after code, to change the code so
// that it does more.
func (a *analysis) codeChange11() bool {
	if a.nwords > 30 || !a.codeBefore() {
		return false
	}
	k, _ := phraseAt9(a.text8(), codeVerbs11)
	if k < 0 {
		return false
	}
	for _, w := range a.toks(0, len(a.f)) {
		if purpose11[w.w] {
			return true
		}
	}
	return false
}

// class: the user did what the answer said, and it still fails

var followed11 = []string{"did what you told", "did what you said", "did what you suggested", "did as you said", "did as you told",
	"did as you suggested", "i followed your", "i followed the steps", "i tried your", "i made the changes you", "i changed it as you",
	"j'ai fait ce que tu", "j'ai fait comme tu", "hice lo que me dijiste", "hice lo que dijiste", "ich habe gemacht, was du",
	"я сделал как ты", "я сделал, как ты", "сделал как вы", "我按照你", "我照你说的", "照着你的"}

// what comes after following the answer that says it failed
var stillFails11 = set(`but still however yet same doesn't doesnt didn't didnt not error mais toujours pero sigue todavía
aber immer noch но всё все ещё еще`)

// success after following the answer
var worked11 = []string{"it works", "it worked", "works now", "working now", "solved", "thanks", "thank you", "merci", "gracias",
	"danke", "спасибо", "谢谢", "成功了", "好了"}

// followed11 reports a report that the user did what the answer said and
// it still fails.
func (a *analysis) followed11() bool {
	t := a.text8()
	k, p := phraseAt9(t, followed11)
	if k < 0 || hasSubstring(t, worked11) {
		return false
	}
	for _, w := range tokenize(t, k+len(p), len(t)) {
		if stillFails11[w.w] {
			return true
		}
	}
	return hasSubstring(t[k:], []string{"但是", "还是", "仍然", "依然"})
}

// class: a compiler or runtime message pasted after code, without a
// fault word the screen knows

var diagnostics11 = []string{"is already defined", "already declared", "already been declared", "cannot find symbol",
	"cannot resolve symbol", "unresolved reference", "is not defined", "was not declared", "has no attribute",
	"is not a function", "no member named", "does not exist in the current context", "unexpected token", "type mismatch",
	"is not assignable to", "cannot be applied to", "cannot be resolved", "is not iterable", "is not subscriptable",
	"has not been initialized", "未定义", "找不到符号", "не определен", "не определена", "n'est pas défini", "no está definido"}

// diagnostic11 reports a short turn, after code, that holds a compiler or
// runtime message.
func (a *analysis) diagnostic11() bool {
	if a.nwords > 30 || !a.codeBefore() {
		return false
	}
	k, _ := phraseAt9(a.text8(), diagnostics11)
	return k >= 0
}

// class: the draft to be more of a quality ("be more creative")

var beMore11 = []string{"be more", "be less", "sois plus", "soyez plus", "sé más", "sea más", "sei più", "sii più", "seja mais",
	"sei mehr", "sei kreativer", "будь более", "будь креативнее", "更有创意一点", "再有创意"}

// words after "be more" that make no quality of the draft ("be more than")
var beMoreBlock11 = set(`than of like`)

// beMore11 reports a short request that the draft be more of a quality.
func (a *analysis) beMore11() bool {
	if a.nwords > 12 || a.isQuestion9() && !a.hasRequestFrame10() {
		return false
	}
	t := a.text8()
	k, p := phraseAt9(t, beMore11)
	if k < 0 {
		return false
	}
	after := tokenize(t, k+len(p), len(t))
	if len(after) > 0 && beMoreBlock11[after[0].w] {
		return false
	}
	// "i want to be more productive": the user's own wish
	for _, w := range a.toks(0, len(a.f)) {
		if w.s >= k {
			break
		}
		if w.w == "i" || w.w == "we" || w.w == "to" || w.w == "will" || w.w == "should" {
			return false
		}
	}
	return true
}

// class: real data asked for instead of made-up data (contact details,
// links)

var realData11 = []string{"not fictional", "not fake", "not made up", "not made-up", "real email", "true email", "actual email",
	"real phone", "real contact", "real address", "real links", "real urls", "working links", "active links", "valid links",
	"real website", "true address", "no fictional", "no fake", "pas fictif", "pas inventé", "no inventad", "no ficticio",
	"не выдуманн", "реальные", "真实的邮箱", "真实的链接", "真实的联系"}

// realData11 reports a short request for real rather than made-up data.
func (a *analysis) realData11() bool {
	if a.nwords > 30 || a.isQuestion9() {
		return false
	}
	k, _ := phraseAt9(a.text8(), realData11)
	if k < 0 {
		// prefixes ("не выдуманн…", "реальные") have no boundary on the right
		return hasSubstring(a.text8(), []string{"не выдуманн", "真实的"})
	}
	return true
}

// class: the user's code pasted again after the answer's fix, asking how
// to fix it

var howFix11 = []string{"how to fix", "how do i fix", "how can i fix", "how to solve", "how do i solve", "still not working",
	"how to resolve", "comment corriger", "cómo lo arreglo", "como arreglo", "wie behebe", "как исправить", "怎么解决", "如何解决",
	"怎么改", "怎么修改"}

// howFix11 reports a turn that pastes code after an answer with code or
// a fix and asks how to fix it.
func (a *analysis) howFix11() bool {
	if !a.codeBefore() && !strings.Contains(a.prevText(), "error") {
		return false
	}
	if !looksLikeCode(a.rawFold()) {
		return false
	}
	k, _ := phraseAt9(a.text8(), howFix11)
	return k >= 0
}

// class: what the code does now, after the answer's fix ("now it prints
// twice", "now the list is empty")

var nowLeads11 = []string{"now it", "now its", "now it's", "now the", "now i get", "now i'm getting", "now im getting", "now i got",
	"now there", "now we get", "maintenant il", "maintenant ça", "ahora me sale", "ahora sale", "ahora el", "ahora la",
	"jetzt kommt", "jetzt ist", "теперь он", "теперь она", "теперь оно", "теперь выдает", "теперь выдаёт", "现在又", "现在它",
	"现在报", "现在显示", "现在输出"}

// words that make the new result a fault
var nowFault11 = set(`but still only not no nothing never doesn't doesnt don't dont didn't didnt isn't isnt won't wont can't cant
error errors wrong same again empty twice fixed blank null undefined missing mais toujours pero sigue aber immer noch но всё ещё
опять снова ошибка`)

// nowResult11 reports a short report, after code, of what the code does
// now that is still wrong.
func (a *analysis) nowResult11() bool {
	if a.nwords > 40 || !a.codeBefore() || hasSubstring(a.text8(), worked11) {
		return false
	}
	t := strings.TrimSpace(a.text8())
	for _, p := range nowLeads11 {
		if !strings.HasPrefix(t, p) {
			continue
		}
		for _, w := range tokenize(t, len(p), len(t)) {
			if nowFault11[w.w] {
				return true
			}
		}
		return hasSubstring(t, []string{"但是", "还是", "错误", "报错", "不对"})
	}
	return false
}
