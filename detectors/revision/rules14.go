package revision

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/revtrace/revtrace/corpora"
	"github.com/revtrace/revtrace/detectors/screen"
)

// revision-rules-14: families written from the non-English errors of the
// real dev sets (real-dev3 above all), each stated for every language the
// screen covers rather than for the sentence that showed it missing:
//
//   - the same draft asked for again with a change ("the same but more
//     satirical", "то же самое, но более ...", "lo mismo pero más corto");
//   - the draft's numbers to be rounded ("round to whole numbers",
//     "保留到整数位", "округли до целых");
//   - the draft to be written in another form, said by the form verb alone
//     in Chinese ("写成文献综述", "改写成一段话");
//   - the draft's point explained again in another language ("explain the
//     error in spanish", "explica el error en español");
//   - "continue" followed by an edit verb is an edit, not a continuation
//     ("继续扩写", "继续完善": findTurnVeto);
//   - a wish for the draft with a place in it before the verb
//     ("希望在报告中添加...": cjkWishPlaceLead14, used by leadKind);
//   - the missing-part report (notThere11) in more languages and with
//     inflected words matched by their stem ("нет никакого выпадающего
//     меню" after "выпадающее меню").

// gateLists14 are the phrase lists the families of rules14 start from.
var gateLists14 = [][]string{sameBut14, round14, cjkWriteAs14}

// rules14 finds the requests of the families above that the earlier rules
// left out. It runs last and never changes a verdict already made.
func (a *analysis) rules14(typ, item string) (string, string) {
	if typ != "" || a.nwords > 40 || a.gates()&gate14Bit == 0 && !a.explainInCandidate14() {
		return typ, item
	}
	t, why := a.find14()
	if t == "" || a.turnVeto() != "" || a.transformNew() || a.mat.present && !a.mat.draft && !a.mat.context {
		return typ, item
	}
	if v := a.veto9(t); v != "" {
		a.note("rules-14 veto: %s", v)
		return typ, item
	}
	if v := a.veto10(t); v != "" {
		a.note("rules-14 veto: %s", v)
		return typ, item
	}
	a.note("rules-14: %s", why)
	return t, ""
}

func (a *analysis) find14() (string, string) {
	if t, ok := a.sameBut14(); ok {
		return t, "the same draft again, with a change"
	}
	if a.round14() {
		return Reformat, "the draft's numbers to be rounded"
	}
	if a.cjkWriteAs14() {
		return Reformat, "the draft to be written in another form"
	}
	if a.explainIn14() {
		return Reformat, "the draft's point explained again in another language"
	}
	return "", ""
}

// ---- the same draft again, with a change

// sameBut14 are "the same ... but" in each language; the change follows.
var sameBut14 = []string{
	"the same but", "the same, but", "same thing but", "same thing, but", "the same thing but", "the same thing, but",
	"same text but", "the same text but", "same again but", "same again, but", "same but", "same, but",
	"то же самое, но", "то же самое но", "тоже самое, но", "тоже самое но", "то же самое, только", "то же самое только",
	"тоже самое только", "то же, но", "то же но", "так же, но", "так же но",
	"lo mismo pero", "lo mismo, pero", "lo mismo solo que", "lo mismo, solo que",
	"la même chose mais", "la même chose, mais", "pareil mais", "pareil, mais", "la même mais", "le même mais",
	"dasselbe aber", "dasselbe, aber", "das gleiche aber", "das gleiche, aber", "das selbe aber", "das selbe, aber",
	"dasselbe nur", "das gleiche nur", "dasselbe, nur", "das gleiche, nur",
	"o mesmo mas", "o mesmo, mas", "a mesma coisa mas", "a mesma coisa, mas", "o mesmo só que", "o mesmo, só que",
	"la stessa cosa ma", "la stessa cosa, ma", "lo stesso ma", "lo stesso, ma",
	"同样的内容，但", "一样的内容，但", "同样的内容但", "一样的内容但", "同样的，但", "一样的，但", "同样的但", "一样的但",
	"内容不变，", "内容一样，", "同じ内容で", "同じ内容のまま",
}

// sameButSelf14 make the lead before "the same" the user's own doing ("I
// did the same but ...": a report, left to the other rules).
var sameButSelf14 = set(`i i've ive we did tried got get gets it's its is was does do yo hice hizo je j'ai ich habe я у мы eu io ho`)

// sameBut14 reports the draft asked for again with a change, and its type:
// a change of degree or form is a reformat, any other change "other".
func (a *analysis) sameBut14() (string, bool) {
	t := a.text8()
	k, p := phraseAt9(t, sameBut14)
	if k < 0 {
		return "", false
	}
	if a.isQuestion9() && !a.hasRequestFrame10() {
		return "", false // "is it the same but faster?"
	}
	lead := tokenize(t, 0, k)
	if len(lead) > 6 {
		return "", false
	}
	for _, w := range lead {
		if sameButSelf14[w.w] || w.w == "我" {
			return "", false
		}
	}
	after := tokenize(t, k+len(p), len(t))
	if len(after) == 0 {
		return "", false
	}
	for i, w := range after {
		if i >= 4 {
			break
		}
		if comparativeMarkers[w.w] || cjkMoreMarkers14[w.w] || englishComparative14(w.w) || isComparativeRu14(w.w) ||
			languageCue(w.w) || formWords[w.w] {
			return Reformat, true
		}
	}
	return Other, true
}

var cjkMoreMarkers14 = set(`更 再 少 多 短 长 简 正 幽 口 严 轻`)

// englishComparative14 is an "-er" comparative of a quality ("shorter",
// "funnier"); a few common words that end so are left out.
func englishComparative14(w string) bool {
	if !strings.HasSuffix(w, "er") || utf8.RuneCountInString(w) < 5 {
		return false
	}
	return !notComparative14[w]
}

var notComparative14 = set(`other under after over never either neither rather whether better number paper letter
answer user another together ever order water power folder header footer render`)

// isComparativeRu14 is a Russian comparative ("короче" is not one by its
// ending, but the screen knows it; "интереснее", "смешнее", "сатиричнее",
// "покороче").
func isComparativeRu14(w string) bool {
	return utf8.RuneCountInString(w) >= 5 && (strings.HasSuffix(w, "ее") || strings.HasSuffix(w, "ей")) &&
		!strings.HasSuffix(w, "нее") && w != "более" && w != "менее"
}

// ---- the draft's numbers to be rounded

// round14 are the rounding and precision phrases of each language.
var round14 = []string{
	"round to", "round it to", "round them to", "round it", "round them", "round all", "round off", "round up", "round down",
	"round the", "rounded to", "decimal places", "decimal place", "no decimals", "without decimals", "whole numbers",
	"whole number", "nearest integer", "nearest whole", "two decimals", "2 decimals", "one decimal", "1 decimal",
	"保留到", "保留两位", "保留一位", "保留三位", "保留2位", "保留1位", "保留3位", "保留整数", "保留小数", "取整", "四舍五入", "小数点后",
	"округли", "округлить", "округлите", "знаков после запятой", "знака после запятой", "до целых", "без десятичных",
	"redondea", "redondear", "redondéalo", "redondealo", "decimales", "números enteros", "numeros enteros",
	"arrondis", "arrondir", "arrondissez", "décimales", "decimales", "nombres entiers",
	"runde auf", "runde die", "runden", "nachkommastellen", "dezimalstellen", "ganze zahlen",
	"arredonde", "arredondar", "casas decimais", "números inteiros", "numeros inteiros",
	"arrotonda", "arrotondare", "decimali", "numeri interi",
	"四捨五入", "小数点以下", "整数で",
}

// round14 reports a short request to round the numbers of the draft: the
// draft holds decimal numbers, and the turn is no question and no new task
// ("write a function that rounds to 2 decimals").
func (a *analysis) round14() bool {
	if a.nwords > 15 || a.isQuestion9() && !a.hasRequestFrame10() {
		return false
	}
	t := a.text8()
	k, _ := phraseAt9(t, round14)
	if k < 0 {
		return false
	}
	for _, w := range tokenize(t, 0, len(t)) {
		if newQWords11[w.w] || w.w == "function" || w.w == "script" || w.w == "code" || w.w == "formula" || w.w == "函数" {
			return false
		}
	}
	if lead := leadTrim10(tokenize(t, 0, k)); len(lead) > 0 && creationVerbs[lead[0].w] {
		return false
	}
	return decimals14(a.prevText()) >= 2
}

// decimals14 counts the numbers with a fractional part in s ("0.3937",
// "9,84"), up to 2.
func decimals14(s string) int {
	n := 0
	for i := 1; i+1 < len(s) && n < 2; i++ {
		if (s[i] == '.' || s[i] == ',') && isDigit14(s[i-1]) && isDigit14(s[i+1]) {
			n++
			for i+1 < len(s) && isDigit14(s[i+1]) {
				i++
			}
		}
	}
	return n
}

func isDigit14(b byte) bool { return b >= '0' && b <= '9' }

// ---- the draft written in another form (Chinese)

// cjkWriteAs14 are the Chinese form verbs that open such a request.
var cjkWriteAs14 = []string{"写成", "改写成", "改写为", "写为", "改成", "改为", "转成", "转换成", "转化成", "整理成", "做成", "弄成", "变成", "换成"}

// cjkWriteAs14 reports a short Chinese turn that opens (after politeness)
// with a form verb: the draft to be written as something else.
func (a *analysis) cjkWriteAs14() bool {
	l := stripCJKFillers(strings.TrimSpace(a.f))
	for _, p := range []string{"再", "重新", "把它", "把这个", "把这段", "把上面的", "将其", "将它"} {
		l = strings.TrimPrefix(l, p)
	}
	if !hasCJK(l) || utf8.RuneCountInString(l) > 20 || strings.ContainsAny(l, "?？吗") || strings.Contains(l, "\n") {
		return false
	}
	for _, p := range cjkWriteAs14 {
		if rest := strings.TrimPrefix(l, p); rest != l {
			return utf8.RuneCountInString(strings.Trim(rest, " 。！!吧")) >= 1
		}
	}
	return false
}

// ---- the draft's point explained again in another language

// explainVerbs14 ask for an explanation or an answer in each language.
var explainVerbs14 = set(`explain answer reply respond say tell describe write repeat
explica explícame explicame explícalo responde contesta dime escribe repite
explique expliquer réponds reponds dis écris ecris répète
erkläre erklär antworte sag schreib wiederhole
объясни ответь скажи напиши опиши повтори
responda diga escreva repita
spiega spiegami rispondi dimmi scrivi ripeti`)

// explainInCandidate14 is the cheap test before explainIn14: a language
// cue among the screen's hits.
func (a *analysis) explainInCandidate14() bool {
	if a.nwords > 8 {
		return false
	}
	for _, h := range a.hits {
		if languageCue(h.Keyword) {
			return true
		}
	}
	return false
}

// explainIn14 reports a short turn asking to explain (answer, say) in
// another language what the draft said: "explain the error in spanish",
// "explica el error en español", "объясни это на русском". Every other
// word is a reference to the draft or one of its words; a new subject
// ("explain photosynthesis in spanish") is a new question.
func (a *analysis) explainIn14() bool {
	if a.nwords > 8 {
		return false
	}
	var lang []span
	for _, h := range a.hits {
		if languageCue(h.Keyword) {
			lang = append(lang, span{h.Start, h.End})
		}
	}
	if len(lang) == 0 {
		return false
	}
	ts := leadTrim10(a.toks(0, len(a.f)))
	for len(ts) > 0 && (fillers[ts[0].w] || politeSkips[ts[0].w]) && !explainVerbs14[ts[0].w] {
		ts = ts[1:]
	}
	if len(ts) == 0 || !explainVerbs14[ts[0].w] {
		return false
	}
	for _, w := range ts[1:] {
		inLang := false
		for _, l := range lang {
			if w.s < l.e && w.e > l.s {
				inLang = true
			}
		}
		if inLang || w.cjk || fillers[w.w] || weakRefs[w.w] || objectPronouns[w.w] || articles14[w.w] || politeSkips[w.w] {
			continue
		}
		if !a.prevWord(w.w) && !a.prevStem14(w.w) {
			return false
		}
	}
	return true
}

var articles14 = set(`the a an this that it el la los las le les der die das den dem des il lo gli un una une ein eine o os as
это этот эту его её в на en in auf em para por pour`)

// ---- "continue" followed by an edit verb (findTurnVeto)

// cjkContinueEdits are the edit verbs that make "继续X" an edit of the
// draft rather than a request for its next part.
var cjkContinueEdits = []string{"扩写", "扩充", "扩展", "补充", "完善", "优化", "修改", "润色", "精简", "缩写", "丰富", "细化", "改进", "调整",
	"深化", "改"}

// cjkContinueEdit reports that t (a sentence's trimmed text) is "继续" or
// "接着" and an edit verb.
func cjkContinueEdit(t string) bool {
	for _, p := range []string{"继续", "接着"} {
		if rest, ok := strings.CutPrefix(t, p); ok {
			rest = strings.TrimLeft(rest, "帮我给你请再")
			for _, e := range cjkContinueEdits {
				if strings.HasPrefix(rest, e) {
					return true
				}
			}
		}
	}
	return false
}

// ---- a wish for the draft with a place in it (leadKind)

// cjkWishes14 open a wish (longest first).
var cjkWishes14 = []string{"我希望能够", "我希望能", "我希望可以", "我希望", "希望能够", "希望能", "希望可以", "希望", "我期望", "期望", "最好能", "最好",
	"我想要", "想要", "我需要", "需要", "还需要", "还要", "我要", "要"}

// cjkPlaceEnds close a place in the draft ("在报告中", "在结尾部分").
var cjkPlaceEnds = []string{"中", "里", "里面", "内", "上", "部分", "当中", "之中", "处", "后面", "前面", "开头", "结尾", "最后"}

// cjkWishPlaceLead14 reports a lead (fillers stripped) that is a wish,
// optionally followed by a place in the draft: "希望", "希望在报告中",
// "需要在每个部分".
func cjkWishPlaceLead14(l string) bool {
	w := ""
	for _, p := range cjkWishes14 {
		if strings.HasPrefix(l, p) {
			w = p
			break
		}
	}
	if w == "" {
		return false
	}
	rest := strings.TrimPrefix(l, w)
	rest = strings.TrimPrefix(rest, "你")
	rest = strings.TrimPrefix(rest, "能")
	rest = strings.TrimPrefix(rest, "可以")
	if rest == "" {
		return true
	}
	place, ok := strings.CutPrefix(rest, "在")
	if !ok || utf8.RuneCountInString(place) > 12 {
		return false
	}
	for _, e := range cjkPlaceEnds {
		if strings.HasSuffix(place, e) && place != e {
			inner := strings.TrimSuffix(place, e)
			for _, r := range inner {
				if !unicode.Is(unicode.Han, r) && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
					return false
				}
			}
			return true
		}
	}
	return false
}

// conditionWords14 open a condition ("when", "if") in each language.
var conditionWords14 = set(`if when whenever si cuando quand lorsque wenn falls если когда se quando caso`)

// ---- new text above a transformation (newTarget)

// sourceAbove14 reports a transformation cue on a line below text written
// in another script that the assistant did not write: the lines above are
// the text to transform ("<Japanese lines>\n\ntranslate english 5
// options", "<English paragraph>\n翻译成中文"), unless the user sent that
// text before.
func (a *analysis) sourceAbove14(h screen.Hit) bool {
	ls := strings.LastIndexByte(a.f[:h.Start], '\n')
	if ls < 0 {
		return false
	}
	le := len(a.f)
	if k := strings.IndexByte(a.f[h.End:], '\n'); k >= 0 {
		le = h.End + k
	}
	above := strings.TrimSpace(a.f[:ls])
	if utf8.RuneCountInString(above) < 6 {
		return false
	}
	la, na := latinShare14(above)
	ll, nl := latinShare14(a.f[ls+1 : le])
	if na < 4 || nl < 2 || !(la <= 0.4 && ll >= 0.9 || la >= 0.9 && ll <= 0.4) {
		return false
	}
	if a.quotesAssistant(above) || containsAny(a.assistant(), above) {
		return false
	}
	// The same text sent again ("<text>\n重新翻译一下" after "<text>\n翻译")
	// asks for the transformation again; the other rules decide.
	for i := len(a.history) - 1; i >= 0; i-- {
		if m := a.history[i]; m.Role == corpora.RoleUser && strings.Contains(screen.Fold(m.Content), above) {
			return false
		}
	}
	return true
}

// latinShare14 returns the share of Latin letters among the letters of s
// (Han and kana count one per rune), and the number of letters.
func latinShare14(s string) (float64, int) {
	latin, n := 0, 0
	for _, r := range s {
		if !unicode.IsLetter(r) {
			continue
		}
		n++
		if unicode.Is(unicode.Latin, r) {
			latin++
		}
	}
	if n == 0 {
		return 0, 0
	}
	return float64(latin) / float64(n), n
}

// ---- inflected words (notThere11, explainIn14)

// prevStem14 reports that w, a word of at least 6 runes in a spaced
// script other than Latin (Cyrillic, Greek, ...), has its stem (w without
// its last two runes) at the start of a word of the answer: "выпадающего"
// finds "выпадающее".
func (a *analysis) prevStem14(w string) bool {
	rs := []rune(w)
	if len(rs) < 6 || !unicode.IsLetter(rs[0]) || rs[0] < 0x370 {
		return false // Latin words inflect little and are matched whole
	}
	stem := string(rs[:len(rs)-2])
	prev := a.prevText()
	for off := 0; ; {
		k := strings.Index(prev[off:], stem)
		if k < 0 {
			return false
		}
		k += off
		if k == 0 {
			return true
		}
		r, _ := utf8.DecodeLastRuneInString(prev[:k])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return true
		}
		off = k + len(stem)
	}
}
