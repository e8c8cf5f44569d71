package revision

import (
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// The rule families of revision-rules-10, one or more per error class of
// the retired seventh held-out set (testdata/gold/TURNS.md, "Retirement of
// the seventh held-out set"). They run once per candidate turn, after
// rules9: vetoes (an opinion asked about the draft, the user's own "what
// if", a with-or-without choice, a report of what was done, a list item
// named by its number after "no", an answer to clarifying questions before
// any draft, new material for the same format, a realisation, a
// wh-question without its mark), type refinements (a swap for a named
// substitute over a form cue, a pasted compiler error over its arrow, the
// draft in another language, a form asked with a CJK change verb, a bare
// "no" and "again") and families that find a request the earlier rules left
// out (keep-outs without a removal verb, swaps in more frames, a filled
// placeholder, "make that <day>", wrong outputs, "you left out", "I said
// X", "we never said", "shouldn't X be …?", length limits, another go,
// additions for each part, "put something in for", "can it also …").
// Every phrase family that finds a request is behind one automaton pass
// over the turn (gate10). The examples are in rules10_test.go.

// rules10 revises the verdict typ/item of the earlier rules.
func (a *analysis) rules10(typ, item string) (string, string) {
	if typ != "" {
		if why := a.veto10(typ); why != "" {
			a.note("rules-10 veto: %s", why)
			return "", ""
		}
		if t, it, why := a.retype10(typ, item); why != "" {
			a.note("rules-10 type: %s", why)
			return t, it
		}
		return typ, item
	}
	if a.nwords > 40 {
		return "", ""
	}
	t, it, why := a.find10()
	if t == "" || a.turnVeto() != "" || a.transformNew() || a.mat.present && !a.mat.draft && !a.mat.log && !a.mat.context {
		return "", ""
	}
	if a.veto9(t) == "" && a.veto10(t) == "" {
		a.note("rules-10: %s", why)
		return t, it
	}
	return "", ""
}

// ---- helpers

// gate10 reports whether the turn holds one of the phrases that the
// finding families of rules10 look for (one automaton pass, memoized).
func (a *analysis) gate10() bool {
	return a.gates()&gate10Bit != 0
}

// leadTrim10 drops discourse words, interjections and request frames
// ("ok", "ugh", "just", "dann") that open a clause.
func leadTrim10(ts []tok) []tok {
	for len(ts) > 0 && (discourse[ts[0].w] || leadSkips[ts[0].w] || interjections8[ts[0].w] || leadExtra10[ts[0].w]) {
		ts = ts[1:]
	}
	return ts
}

var leadExtra10 = set(`dann also bitte then so and und alors et entonces y тогда и então entao e allora quindi а ну ahh ehh ehhh hmmm
please pls plz porfa por favor s'il stp svp bitte пожалуйста`)

// clauseEndsAt10 reports that only closing words follow position e in clause c.
func (a *analysis) tailOnly10(e int, c span) bool {
	rest := strings.TrimSpace(a.f[e:c.e])
	for changed := true; changed; {
		changed = false
		for _, p := range cjkClosers10 {
			if strings.HasSuffix(rest, p) {
				rest, changed = strings.TrimSpace(strings.TrimSuffix(rest, p)), true
			}
		}
	}
	if rest == "" {
		return true
	}
	for _, t := range tokenize(rest, 0, len(rest)) {
		if !closers10[t.w] {
			return false
		}
	}
	return true
}

var cjkClosers10 = []string{"です", "ですね", "ね", "よ", "吧", "了", "的", "啊", "呢", "哦", "!", "！", "?", "？", ".", "。"}

var closers10 = set(`pls please plz thanks thx here there anymore either too now ok okay then dai grazie gracias merci danke спасибо
obrigado obrigada por favor s'il vous plaît тут там уже です ね よ 吧 了 的 啊 呢 吗 哦`)

func (a *analysis) hasRequestFrame10() bool {
	return hasSubstring(a.f, requestFrames10)
}

var requestFrames10 = []string{"can you", "could you", "would you", "please", "pls", "plz", "can we", "could we", "let's", "lets ",
	"peux-tu", "tu peux", "pourrais", "puedes", "podrías", "podrias", "kannst du", "könntest", "можешь", "можете", "сделай",
	"pode ", "podes", "puoi", "potresti", "帮我", "请", "能不能", "ください", "もらえ", "make it", "rewrite", "redo"}

// ---- class: keep-outs without a removal verb (withdraw)

// phrases after which the withdrawn part follows
var keepLeads10 = []string{"nothing about", "nothing on the", "nothing on my", "nothing on his", "nothing on her", "none of the",
	"none of that", "none of his", "none of her", "none of my", "none of our", "none of this", "not to bring", "not to mention",
	"not to include", "not to name", "idk if i want", "dunno if i want", "not sure i want", "not sure if i want",
	"don't know if i want", "dont know if i want", "not sure we want", "can't contain", "cant contain", "cannot contain",
	"can't include", "cant include", "cannot include", "mustn't contain", "shouldn't contain", "can't mention", "cant mention",
	"rien sur", "rien à propos", "rien concernant", "je sais pas si je veux", "je ne sais pas si je veux", "ne doit pas contenir",
	"ne peut pas contenir", "nada sobre", "no sé si quiero", "no se si quiero", "no puede llevar", "no puede incluir",
	"no puede contener", "nichts über", "nichts zu", "nichts von", "weiß nicht ob ich", "weiss nicht ob ich", "darf nicht enthalten",
	"ничего про", "ничего о ", "ничего об", "не знаю, хочу ли", "не знаю хочу ли", "não sei se quero", "nao sei se quero",
	"não pode ter", "não pode conter", "niente su", "niente sul", "niente sulla", "niente sui", "non so se voglio",
	"non può contenere", "non deve contenere"}

// the hesitation leads among keepLeads10
var hesitations10 = []string{"idk if i want", "dunno if i want", "not sure i want", "not sure if i want", "don't know if i want",
	"dont know if i want", "not sure we want", "je sais pas si je veux", "je ne sais pas si je veux", "no sé si quiero",
	"no se si quiero", "weiß nicht ob ich", "weiss nicht ob ich", "не знаю, хочу ли", "не знаю хочу ли", "não sei se quero",
	"nao sei se quero", "non so se voglio"}

// phrases that end the clause after the withdrawn part
var keepTails10 = []string{"нельзя", "no dai", "no grazie", "no gracias", "non merci", "nein danke", "não obrigado", "is redundant",
	"are redundant", "is unnecessary", "are unnecessary", "is not needed", "isn't needed", "isnt needed", "are not needed",
	"aren't needed", "arent needed", "not needed", "est inutile", "sont inutiles", "est superflu", "sont superflus", "sobra", "sobran",
	"es innecesario", "es innecesaria", "son innecesarios", "ist überflüssig", "sind überflüssig", "ist unnötig", "sind unnötig",
	"лишнее", "лишний", "лишняя", "лишние", "не нужен", "не нужна", "не нужно", "не нужны", "é desnecessário", "é desnecessária",
	"são desnecessários", "è superfluo", "è superflua", "è inutile", "sono inutili", "non serve", "non servono", "多余", "没必要",
	"不需要", "不要", "不要了", "はまずい", "はダメ", "はだめ", "はng", "は不要"}

// CJK tails whose verb says the part is shown ("Xを出すのはまずい"): no
// overlap with the draft needed
var showTails10 = []string{"出すのはまずい", "載せるのはまずい", "書くのはまずい", "入れるのはまずい", "出すのはダメ", "書くのはダメ",
	"出すのはやめ", "载出来不好", "写出来不好"}

// a wish for a part to be gone: "wants X gone"
var wantWords10 = set(`want wants wanted need needs would like i'd id`)

// the words of a clause before a tail that make it a statement about
// something else ("the answer is no")
var tailBlock10 = set(`is are es est ist è é said dije say answer yes sí si or o ou oder или ли was were`)

// verbs that make "none of the X" a report ("none of the links work")
var reportVerbs10 = set(`work works worked load loads run runs compile compiles show shows open opens is are was were seem seems
make makes have has fit fits appear appears match matches exist exists look looks sound sounds get gets got apply applies
can could will would happen happens`)

// removal verbs the screen does not hold
var removalVerbs10 = set(`vire virez dégage degage ditch nix scrap bin axe quita quitá quitale saca sácale streich streiche schmeiß
schmeiss выкинь выбрось вычеркни tira corta togli leva`)

// "leave X off", "lass das raus", "deja X fuera"
var leaveOpeners10 = set(`leave lass lasst deja dejá laisse lascia deixa`)
var leaveClosers10 = set(`off out weg raus fuera côté cote fuori fora`)

// everything of a kind: "tout ce qui est logging"
var allOf10 = []string{"tout ce qui est", "tout ce qui concerne", "all the", "everything about", "todo lo de", "todo lo que sea",
	"alles mit", "всё про", "все про", "tudo sobre", "tutto quello", "tutto ciò"}

var pronouns10 = set(`it that this das es den die ça ca cela lo la le eso esto это его её isso isto o a lo quello`)

// keepOut10 finds a part of the draft ruled out without a removal verb;
// it returns the part.
func (a *analysis) keepOut10() (bool, string) {
	text := a.text8()
	leads, tails, shows := hasSubstring(text, keepLeads10), hasSubstring(text, keepTails10), hasSubstring(text, showTails10)
	words, bareNo := false, false // a removal, leave or want word; a "no"
	for _, t := range a.toks(0, len(a.f)) {
		words = words || removalVerbs10[t.w] || leaveOpeners10[t.w] || wantWords10[t.w]
		bareNo = bareNo || t.w == "no"
	}
	if !leads && !tails && !shows && !words && !bareNo {
		return false, ""
	}
	for ci, c := range a.clauses7() {
		if a.questionAt7(c) {
			continue
		}
		ct := a.f[c.s:c.e]
		if leads {
			if k, p := phraseAt9(ct, keepLeads10); k >= 0 {
				obj := a.rawToks9(c.s+k+len(p), c.e)
				if n := len(obj); n > 0 && n <= 8 && (a.overlap10(obj) || hasSuffixPhrase10(a.f[c.s:c.e], inThere10)) &&
					!anyWord10(obj, reportVerbs10) {
					return true, a.phrase(obj[0].s, obj[len(obj)-1].e)
				}
			}
		}
		if tails || shows {
			for _, list := range [][]string{keepTails10, showTails10} {
				k, p := lastPhrase10(ct, list)
				if k < 0 || !a.tailOnly10(c.s+k+len(p), c) {
					continue
				}
				before := leadTrim10(a.rawToks9(c.s, c.s+k))
				if len(before) == 0 || len(before) > 12 || anyWord10(before, tailBlock10) {
					continue
				}
				if list[0] == showTails10[0] || a.overlap10(before) {
					return true, a.phrase(before[0].s, before[len(before)-1].e)
				}
			}
		}
		// "de 10 a 14 no, …": a part of the draft, then a bare no
		if all := a.toks(c.s, c.e); bareNo && len(all) >= 2 && len(all) <= 7 && all[len(all)-1].w == "no" && ci+1 < len(a.clauses7()) {
			before := all[:len(all)-1]
			if !anyWord10(before, tailBlock10) && !discourse[before[0].w] && a.overlap9(before) {
				return true, a.phrase(before[0].s, before[len(before)-1].e)
			}
		}
		if !words {
			continue
		}
		ts := leadTrim10(a.toks(c.s, c.e))
		if len(ts) < 2 {
			continue
		}
		switch {
		case removalVerbs10[ts[0].w]:
			obj := ts[1:]
			if a.overlap10(obj) || hasSubstring(a.f[ts[1].s:c.e], allOf10) && len(obj) <= 8 {
				return true, a.phrase(obj[0].s, obj[len(obj)-1].e)
			}
		case leaveOpeners10[ts[0].w]:
			for j := 2; j < len(ts) && j <= 8; j++ {
				if !leaveClosers10[ts[j].w] {
					continue
				}
				obj := ts[1:j]
				if a.overlap10(obj) || len(obj) > 1 && partDets8[obj[0].w] || len(obj) == 1 && pronouns10[obj[0].w] && ci > 0 && a.looseOverlap9(a.toks(0, c.s)) {
					return true, a.phrase(obj[0].s, obj[len(obj)-1].e)
				}
				break
			}
		}
		// "wants the trade secret sentence gone"
		for j := 1; j+2 < len(ts) && j <= 4; j++ {
			if !wantWords10[ts[j-1].w] {
				continue
			}
			for e := j + 1; e < len(ts) && e <= j+7; e++ {
				if ts[e].w == "gone" || ts[e].w == "out" && e == len(ts)-1 {
					if obj := ts[j:e]; a.overlap10(obj) {
						return true, a.phrase(obj[0].s, obj[len(obj)-1].e)
					}
				}
			}
		}
	}
	return false, ""
}

// overlap10 is looseOverlap9, or a content word of ts in an earlier
// assistant message (the draft may be a few messages back) or, of three
// runes or more, in an earlier user message (a part the user asked for).
func (a *analysis) overlap10(ts []tok) bool {
	if a.looseOverlap9(ts) {
		return true
	}
	for _, t := range ts {
		n := utf8.RuneCountInString(t.w)
		if t.cjk || n < 3 || stopish[t.w] || fillers[t.w] || func3[t.w] || discourse[t.w] {
			continue
		}
		if n >= 4 && a.earlierDraft10(t.w) {
			return true
		}
		for _, u := range a.userWords() {
			if u.words[t.w] {
				return true
			}
		}
		if strings.Contains(t.w, "-") {
			for _, part := range strings.Split(t.w, "-") {
				if utf8.RuneCountInString(part) >= 4 && !stopish[part] && a.earlierDraft10(part) {
					return true
				}
			}
		}
	}
	return false
}

// earlierDraft10 reports w as a word of one of the last three assistant
// messages (folded once per conversation by the memo).
func (a *analysis) earlierDraft10(w string) bool {
	seen := 0
	for i := len(a.history) - 1; i >= 0 && seen < 3; i-- {
		if m := a.history[i]; m.Role != "assistant" || strings.TrimSpace(m.Content) == "" {
			continue
		}
		seen++
		if hasToken(a.memo.fold(a.history, i), w) {
			return true
		}
	}
	return false
}

// rawToks10 tokenizes the turn itself (quotes are blanked in the prose).
func (a *analysis) rawToks10(s, e int) []tok {
	if f := a.rawFold(); len(f) == len(a.f) {
		return tokenize(f, s, e)
	}
	return a.toks(s, e)
}

// pointers at the draft after the part: "the exact salary in there"
var inThere10 = []string{"in there", "in it", "on there", "on it", "dedans", "là-dedans", "ahí", "ahi", "drin", "там", "aí", "lì"}

// lastPhrase10 is phraseAt9 for the last occurrence of any phrase.
func lastPhrase10(t string, ps []string) (int, string) {
	best, bp := -1, ""
	for _, p := range ps {
		k := strings.LastIndex(t, p)
		if k < 0 || !hasPhrase(t[k:], p) {
			continue
		}
		if k > best {
			best, bp = k, p
		}
	}
	return best, bp
}

func hasSuffixPhrase10(t string, ps []string) bool {
	t = strings.TrimRight(t, " .!")
	for _, p := range ps {
		if strings.HasSuffix(t, " "+p) {
			return true
		}
	}
	return false
}

func anyWord10(ts []tok, ws map[string]bool) bool {
	for _, t := range ts {
		if ws[t.w] {
			return true
		}
	}
	return false
}

// ---- class: a substitute put after a keep-out (replace)

var putVerbs10 = set(`ponle pon ponlo ponme poned pone mets mettez metti mettici coloca coloque põe poe bota put write say use
nimm schreib поставь напиши пиши`)

// laterPut10 reports a clause after the first that opens with a put verb
// naming something the draft does not hold ("…, ponle de 9 a 13").
func (a *analysis) laterPut10() bool {
	cs := a.clauses7()
	for i := 1; i < len(cs); i++ {
		ts := leadTrim10(a.toks(cs[i].s, cs[i].e))
		if len(ts) < 2 || !putVerbs10[ts[0].w] || a.questionAt7(cs[i]) {
			continue
		}
		rest := ts[1:min(len(ts), 6)]
		if a.newContent9(rest) || newNumber10(a, rest) {
			return true
		}
	}
	return false
}

func newNumber10(a *analysis, ts []tok) bool {
	for _, t := range ts {
		if isNumber9(t.w) && !strings.Contains(a.prevText(), t.w) {
			return true
		}
	}
	return false
}

// ---- class: swaps in more frames (replace)

// "no lugar do café coloca chimarrão": the old item, then a put verb
var inPlaceOf10 = []string{"no lugar do", "no lugar da", "no lugar de", "no lugar dos", "no lugar das", "em lugar de", "em lugar do",
	"em lugar da", "in place of", "à la place de", "à la place du", "à la place des", "a la place de", "anstelle von", "anstelle des",
	"anstelle der", "an stelle von", "al posto del", "al posto della", "al posto di", "al posto dei", "al posto delle", "en vez del",
	"en lugar del", "en lugar de la"}

// "be Y rather than X", "plutôt Y que X": the substitute, then the old item
var ratherLeads10 = set(`plutôt plutot lieber eher mejor meglio piuttosto melhor лучше`)
var ratherComps10 = set(`que als che чем than`)
var ratherMarks10 = []string{"rather than", "instead of", "in place of"}

// frames of a wish about the draft's part before "rather than"
var beFrames10 = set(`be have use say make put go do write call`)

// inPlaceSwap10: "no lugar do X coloca Y", "al posto di X metti Y".
func (a *analysis) inPlaceSwap10() (bool, string) {
	if !hasSubstring(a.text8(), inPlaceOf10) {
		return false, ""
	}
	for _, c := range a.clauses7() {
		ts := leadTrim10(a.toks(c.s, c.e))
		if len(ts) == 0 {
			continue
		}
		for _, p := range inPlaceOf10 {
			start := -1
			if strings.HasPrefix(a.f[c.s:c.e], p+" ") {
				start = c.s
			} else if strings.HasPrefix(a.f[ts[0].s:c.e], p+" ") {
				start = ts[0].s
			}
			if start < 0 {
				continue
			}
			rest := a.rawToks9(start+len(p), c.e)
			for j := 1; j < len(rest)-1 && j <= 6; j++ {
				if (putVerbs10[rest[j].w] || ratherLeads10[rest[j].w]) && a.looseOverlap9(rest[:j]) {
					return true, a.phrase(rest[0].s, rest[j-1].e)
				}
			}
		}
	}
	return false, ""
}

// ratherThan10: "can the villain be a seagull rather than an uncle?",
// "signe plutôt « Y » que X": X of the draft and a new Y; it returns X.
func (a *analysis) ratherThan10() (bool, string) {
	if a.nwords > 30 {
		return false, ""
	}
	for _, c := range a.clauses7() {
		ts := a.rawToks10(c.s, c.e)
		ct := a.f[c.s:c.e]
		if lt := leadTrim10(a.toks(c.s, c.e)); len(lt) > 0 && whWords9[lt[0].w] {
			continue // "how can this be done with X instead of Y?" asks how
		} else if len(lt) > 0 && a.questionAt7(c) {
			if fp := firstPhrase10(a.f[lt[0].s:c.e], ownFrames9); fp != "" && fp != "can you use" {
				continue // "can i use cottage cheese instead of ricotta?"
			}
		}
		if k, p := phraseAt9(ct, ratherMarks10); k >= 0 {
			old := a.rawToks10(c.s+k+len(p), c.e)
			var sub []tok
			frame := false
			for _, t := range ts {
				if t.s >= c.s+k {
					break
				}
				if frame {
					sub = append(sub, t)
				}
				if beFrames10[t.w] {
					frame, sub = true, sub[:0]
				}
			}
			if frame && len(old) > 0 && len(old) <= 6 && !strings.HasSuffix(old[0].w, "ing") && len(sub) <= 6 && a.overlap9(old) &&
				len(sub) > 0 && !formWords[sub[len(sub)-1].w] &&
				!degreeWords9[sub[0].w] && a.newContent9(sub) {
				return true, a.phrase(old[0].s, old[len(old)-1].e)
			}
		}
		for i, t := range ts {
			if !ratherLeads10[t.w] {
				continue
			}
			for j := i + 2; j < len(ts) && j <= i+10; j++ {
				if !ratherComps10[ts[j].w] {
					continue
				}
				old, sub := ts[j+1:], ts[i+1:j]
				if len(old) > 0 && len(old) <= 6 && a.overlap9(old) && !formWords[sub[0].w] && !toneWords[sub[0].w] &&
					a.newContent9(sub) {
					return true, a.phrase(old[0].s, old[len(old)-1].e)
				}
				break
			}
		}
	}
	return false, ""
}

// placeholder10: "[Client Name] is Hollis & Park": a bracketed
// placeholder of the draft given its value; it returns the placeholder.
func (a *analysis) placeholder10() (bool, string) {
	t := a.turn
	if len(t) > 300 || strings.IndexAny(t, "[{<") < 0 {
		return false, ""
	}
	for off := 0; off < len(t); {
		k := strings.IndexAny(t[off:], "[{<")
		if k < 0 {
			return false, ""
		}
		s := off + k
		closer := map[byte]byte{'[': ']', '{': '}', '<': '>'}[t[s]]
		e := strings.IndexByte(t[s:], closer)
		if e < 2 || e > 40 {
			off = s + 1
			continue
		}
		ph := t[s : s+e+1]
		rest := strings.ToLower(strings.TrimLeft(t[s+e+1:], " '’s"))
		off = s + e + 1
		if !strings.Contains(a.prevRaw, ph) {
			continue
		}
		for _, cop := range placeholderCopulas10 {
			if strings.HasPrefix(rest, cop) && len(strings.TrimSpace(rest[len(cop):])) > 1 {
				return true, ph
			}
		}
	}
	return false, ""
}

var placeholderCopulas10 = []string{"is ", "= ", ": ", "should be ", "-> ", "→ ", "es ", "est ", "ist ", "é ", "è ", "это ", "是", "は",
	"sera ", "será ", "wird "}

// jaTopicSwap10: "「X」は「Y」でお願いします": X of the draft, Y new.
func (a *analysis) jaTopicSwap10() (bool, string) {
	t := a.turn
	k, p := phraseAt9(t, jaPlease10)
	if k < 0 {
		return false, ""
	}
	head := t[:k]
	if i := strings.LastIndexAny(head, "、。，！？!?\n"); i >= 0 {
		head = head[i+1:]
	}
	j := strings.Index(head, "は")
	if j <= 0 {
		return false, ""
	}
	x := strings.Trim(head[:j], " 「」『』\"'“”")
	y := strings.Trim(head[j+len("は"):], " 「」『』\"'“”")
	if utf8.RuneCountInString(x) < 2 || y == "" || utf8.RuneCountInString(y) > 20 || !strings.Contains(a.prevRaw, x) ||
		strings.Contains(a.prevRaw, y) {
		return false, ""
	}
	_ = p
	return true, x
}

var jaPlease10 = []string{"でお願いします", "でお願い", "でいいです", "で頼む", "でよろしく", "にしてください", "にしてほしい"}

// valueSwap10: "make that wednesday", "disons jeudi": a new value of a
// kind (weekday, month, number) the draft holds another of; it returns
// the draft's value named in the turn, if any.
func (a *analysis) valueSwap10() (bool, string) {
	for _, c := range a.clauses7() {
		ts := leadTrim10(a.toks(c.s, c.e))
		if len(ts) < 2 || a.questionAt7(c) {
			continue
		}
		h := a.f[ts[0].s:c.e]
		for _, fr := range valueFrames10 {
			if !strings.HasPrefix(h, fr+" ") {
				continue
			}
			rest := a.toks(ts[0].s+len(fr), c.e)
			for len(rest) > 0 && valueDets10[rest[0].w] {
				rest = rest[1:]
			}
			if len(rest) == 0 || !a.tailOnly10(rest[0].e, c) && !(len(rest) > 1 && closers10[rest[1].w]) {
				continue
			}
			v := rest[0].w
			kind := valueKind10(v)
			if kind == "" || a.inDraft9(v) && kind != "num" || kind == "num" && strings.Contains(a.prevText(), v) {
				continue
			}
			if !a.draftHasKind10(kind) {
				continue
			}
			// the draft's value the turn names ("tuesday clashes …")
			for _, t := range a.toks(0, len(a.f)) {
				if t.s != rest[0].s && valueKind10(t.w) == kind && a.inDraft9(t.w) {
					return true, a.phrase(t.s, t.e)
				}
			}
			return true, ""
		}
	}
	return false, ""
}

var valueFrames10 = []string{"make that", "make this", "let's do", "lets do", "let's say",
	"lets say", "mets plutôt", "mettons", "disons", "que sea", "mejor el", "mejor a las", "sagen wir", "machen wir", "lieber am",
	"давай в", "давай во", "лучше в", "лучше во", "melhor na", "melhor no", "pode ser na", "pode ser no", "facciamo", "meglio"}

var valueDets10 = set(`the on at el la le am um der a à alle às as`)

var weekdays10 = set(`monday tuesday wednesday thursday friday saturday sunday mon tue wed thu fri sat sun lundi mardi mercredi
jeudi vendredi samedi dimanche lunes martes miércoles miercoles jueves viernes sábado sabado domingo montag dienstag mittwoch donnerstag
freitag samstag sonntag понедельник вторник среду среда четверг пятницу пятница субботу суббота воскресенье segunda terça terca quarta
quinta sexta lunedì lunedi martedì martedi mercoledì mercoledi giovedì giovedi venerdì venerdi sabato domenica`)

var months10 = set(`january february march april may june july august september october november december janvier février fevrier
mars avril mai juin juillet août aout septembre octobre novembre décembre decembre enero febrero marzo abril mayo junio julio agosto
septiembre octubre noviembre diciembre januar februar märz april juni juli oktober dezember janeiro fevereiro março marco maio junho
julho setembro outubro novembro dezembro gennaio febbraio aprile maggio giugno luglio settembre ottobre dicembre`)

func valueKind10(w string) string {
	switch {
	case weekdays10[w]:
		return "day"
	case months10[w]:
		return "month"
	case isNumber9(strings.TrimSuffix(strings.TrimSuffix(w, "pm"), "am")) && w != "":
		return "num"
	}
	return ""
}

func (a *analysis) draftHasKind10(kind string) bool {
	if kind == "num" {
		return strings.IndexAny(a.prevText(), "0123456789") >= 0
	}
	for _, t := range tokenize(a.prevText(), 0, min(len(a.prevText()), 4000)) {
		if valueKind10(t.w) == kind {
			return true
		}
	}
	return false
}

// ---- class: wrong results and facts (correct)

// output phrases strong enough to report a result with a literal
var comesOut10 = []string{"comes out as", "come out as", "comes out like", "ends up as", "ends up like", "turns into", "shows up as",
	"shows as", "becomes", "kommt", "wird zu", "me sale", "sale como", "ça donne", "ca donne", "ça me donne", "ca me donne", "j'obtiens",
	"выходит", "получается", "выдаёт", "выдает", "sai como", "fica como", "me dá", "mi dà", "mi da", "mi esce", "esce fuori", "viene fuori",
	"になる", "になります", "と出る", "と出ます", "って出る", "って出ます", "变成", "出来是", "显示成"}

// comesOut10 reports, after code, a result with a literal ("X comes out
// as "crme"", "bei mir kommt 1004 raus").
func (a *analysis) comesOut10() bool {
	if !a.prevCode || a.nwords > 25 || a.isQuestion9() {
		return false
	}
	k, p := phraseAt9(a.f, comesOut10)
	if k < 0 {
		return false
	}
	if p == "kommt" && !strings.Contains(a.f[k:], " raus") && !strings.Contains(a.f[k:], " heraus") {
		return false
	}
	raw := a.turn
	if strings.ContainsAny(raw, "\"“«`'") && strings.Count(raw, "\"")+strings.Count(raw, "“")+strings.Count(raw, "«")+strings.Count(raw, "`") >= 1 {
		return true
	}
	for _, t := range a.toks(0, len(a.f)) {
		if isNumber9(t.w) || literals9[t.w] {
			return true
		}
	}
	return false
}

// "you left out X": a part of the request the draft lacks
var leftOut10 = []string{"you left out", "you left off", "you missed out", "you missed the", "you skipped", "you didn't include",
	"you didnt include", "you forgot the", "you forgot to", "you forgot about", "tu as oublié", "t'as oublié", "tu as zappé",
	"olvidaste", "te olvidaste", "se te olvidó", "se te olvido", "te saltaste", "du hast vergessen", "hast du vergessen",
	"du hast die", "ты забыл", "ты забыла", "вы забыли", "ты пропустил", "você esqueceu", "voce esqueceu", "esqueceste",
	"você deixou de fora", "hai dimenticato", "ti sei dimenticato", "hai saltato", "你忘了", "你漏了", "漏掉了", "忘れてます",
	"忘れています", "抜けてます", "抜けています"}

// "i literally said X": a fact the user gave that the draft got wrong
var iSaid10 = []string{"i said", "i told you", "i wrote", "i literally said", "i clearly said", "i already said", "i specifically said",
	"j'ai dit", "je t'ai dit", "je t'avais dit", "dije", "te dije", "ich sagte", "ich hab doch gesagt", "ich habe gesagt",
	"я же сказал", "я сказал", "я же писал", "eu disse", "eu falei", "ho detto", "ti ho detto", "我说了", "我说的是", "って言った",
	"と言いました", "って言いました"}

// what follows "i said" when it reports an instruction, not a fact
var saidObjects10 = set(`about that to i we you it this so if`)

// "we never said X": a fact of the draft the user did not give
var neverSaid10 = []string{"i never said", "we never said", "i never gave", "we never gave", "i never asked", "we never asked",
	"i never mentioned", "we never mentioned", "never said that", "je n'ai jamais dit", "j'ai jamais dit", "on n'a jamais dit",
	"on a jamais dit", "nunca dije", "nunca dijimos", "nunca pedí", "nunca mencioné", "ich habe nie", "ich hab nie", "wir haben nie",
	"я не говорил", "я никогда не говорил", "мы не говорили", "я такого не", "eu nunca disse", "nunca falei", "nunca pedi",
	"non ho mai detto", "non abbiamo mai", "我没说", "我从没说", "我们没说", "我没提", "言ってない", "言っていない", "言ってません"}

// shouldn't X be …?: a question that asserts a defect
var shouldnt10 = []string{"shouldn't", "shouldnt", "should not", "isn't it supposed", "isnt it supposed", "doesn't it need",
	"doesnt it need", "ne devrait-il pas", "ne devrait-elle pas", "ça devrait pas", "ca devrait pas", "ne faudrait-il pas",
	"no debería", "no deberia", "no tendría que", "sollte nicht", "müsste nicht", "muss nicht", "разве не", "не должно ли",
	"não deveria", "nao deveria", "não era pra", "non dovrebbe", "non bisognerebbe", "不应该", "是不是应该", "べきでは"}

// own-action subjects after "shouldn't" ("shouldn't i …")
var ownSubjects10 = set(`i we je on nous yo nosotros ich wir я мы eu nós nos io noi`)

// correction10 finds a correction the earlier rules left out.
func (a *analysis) correction10() (string, bool) {
	text := a.text8()
	if a.comesOut10() {
		return "a result with a literal, after code", true
	}
	if hasSubstring(text, neverSaid10) && !a.isQuestion9() {
		if k, _ := phraseAt9(a.f, neverSaid10); k >= 0 {
			return "a fact of the draft the user never gave", true
		}
	}
	if hasSubstring(text, leftOut10) {
		for _, c := range a.clauses7() {
			if k, p := phraseAt9(a.f[c.s:c.e], leftOut10); k >= 0 && !a.questionAt7(c) && len(a.toks(c.s+k+len(p), c.e)) > 0 {
				return "a part of the request the draft left out", true
			}
		}
	}
	if hasSubstring(text, iSaid10) {
		for _, c := range a.clauses7() {
			ts := leadTrim10(a.toks(c.s, c.e))
			if len(ts) == 0 || a.questionAt7(c) {
				continue
			}
			p := firstPhrase10(a.f[ts[0].s:c.e], iSaid10)
			if p == "" {
				continue
			}
			obj := a.rawToks9(ts[0].s+len(p), c.e)
			if len(obj) == 0 || len(obj) > 6 || saidObjects10[obj[0].w] {
				continue
			}
			for _, t := range obj {
				if !t.cjk && utf8.RuneCountInString(t.w) >= 3 && !stopish[t.w] && a.earlierUserWord8(t.w) && !a.inDraft9(t.w) {
					return "what the user said, which the draft does not hold", true
				}
			}
		}
	}
	if hasSubstring(text, shouldnt10) {
		for _, c := range a.clauses7() {
			ts := leadTrim10(a.toks(c.s, c.e))
			if len(ts) < 3 || !a.questionAt7(c) {
				continue
			}
			h := a.f[ts[0].s:c.e]
			for _, p := range shouldnt10 {
				if strings.HasPrefix(h, p) {
					rest := a.rawToks9(ts[0].s+len(p), c.e)
					if len(rest) > 1 && !ownSubjects10[rest[0].w] && rest[0].w != "there" && !a.whSentence10() && a.overlap9(rest) {
						return "a question that asserts a defect", true
					}
				}
			}
		}
	}
	return "", false
}

// whSentence10 reports a sentence that opens with a wh-word ("why do i
// need …? shouldn't it …?" asks for an explanation).
func (a *analysis) whSentence10() bool {
	for _, s := range a.sents {
		if ts := leadTrim10(a.toks(s.s, s.e)); len(ts) > 0 && whWords9[ts[0].w] {
			return true
		}
	}
	return false
}

// ---- class: forms (reformat)

// length limits: a unit of length, a fit word
var lengthUnits10 = set(`characters character chars char words символов символа знаков слов caractères caracteres caractère mots
palabras zeichen wörter wörtern worte palavras caratteri parole`)
var limitWords10 = set(`under within max maximum fit уложиться больше до moins menos hasta unter höchstens maximal até maximo máximo entro
massimo below less than`)
var fitWords10 = []string{"won't fit", "wont fit", "doesn't fit", "doesnt fit", "too long for", "cuts it at", "cuts off at",
	"не влезает", "не помещается", "длинновато", "ne rentre pas", "trop long pour", "no cabe", "demasiado largo para", "passt nicht",
	"zu lang für", "não cabe", "nao cabe", "muito longo para", "non ci sta", "troppo lungo per", "入らない", "放不下", "太长了"}

// lengthLimit10: "надо уложиться в 300 символов", "won't fit, x cuts it at 280".
func (a *analysis) lengthLimit10() bool {
	if a.isQuestion9() || a.nwords > 25 {
		return false
	}
	fit := hasSubstring(a.text8(), fitWords10)
	if !fit && !hasSubstring(a.f, shortenVerbs10) {
		return false // "write a paragraph within 100 words on …" is a new task
	}
	ts := a.toks(0, len(a.f))
	for i, t := range ts {
		if !isNumber9(t.w) || len(t.w) < 2 || t.w < "20" && len(t.w) == 2 {
			continue
		}
		unit := i+1 < len(ts) && lengthUnits10[ts[i+1].w]
		limit := false
		for j := max(0, i-3); j < i; j++ {
			if limitWords10[ts[j].w] {
				limit = true
			}
		}
		if unit && (limit || fit) || fit {
			return true
		}
	}
	// CJK: "压缩到300字以内"
	for _, p := range []string{"字以内", "文字以内", "字以下", "文字以下", "字内", "文字まで"} {
		if strings.Contains(a.f, p) {
			return true
		}
	}
	return false
}

// shortening verbs and pointers at the draft that make a limit a reformat
var shortenVerbs10 = []string{"shorten", "cut it", "cut this", "trim", "condense", "keep it", "get it", "bring it", "make it",
	"сократи", "сократить", "уложи", "уложиться", "ужми", "raccourcis", "raccourcir", "réduis", "acorta", "acórtalo", "recorta",
	"kürze", "kürzen", "kürz", "encurta", "encurtar", "reduz", "accorcia", "accorciare", "riduci", "压缩", "缩短", "精简", "控制在",
	"删减", "縮め", "収め", "短くして"}

// CJK form words and request markers
var cjkForms10 = []string{"箇条書き", "分点", "一条一条", "列表", "表格", "要点", "条目", "项目符号", "表形式", "表にして"}
var cjkAsks10 = []string{"そうして", "してもらえ", "してください", "にして", "帮我", "改成", "请", "能不能", "可以", "换成", "弄成", "写成"}

func (a *analysis) cjkForm10() bool {
	return hasSubstring(a.f, cjkForms10) && hasSubstring(a.f, cjkAsks10) && !hasSubstring(a.f, cjkCreate10)
}

// creation verbs of a new artefact ("帮我写一份…")
var cjkCreate10 = []string{"写一", "写个", "写篇", "写份", "做一", "做个", "生成", "書いて", "作って"}

// cjkChangeForm10: "帮我改成一条一条的": a CJK change verb whose target is a form.
func (a *analysis) cjkChangeForm10() bool {
	for _, v := range []string{"改成", "换成", "改为", "弄成", "写成"} {
		if k := strings.Index(a.f, v); k >= 0 {
			after := a.f[k+len(v):]
			for _, f := range cjkForms10 {
				if strings.HasPrefix(after, f) {
					return true
				}
			}
		}
	}
	return false
}

var languageNames10 = set(`go golang python rust java javascript typescript kotlin swift ruby php perl bash powershell scala haskell lua
dart elixir c++ c# csharp cpp english polish german spanish french italian portuguese russian chinese japanese korean dutch arabic
hindi turkish ukrainian swedish greek czech romanian hungarian vietnamese anglais allemand espagnol italien polonais portugais
inglés ingles alemán aleman francés frances polaco portugués englisch deutsch französisch spanisch polnisch italienisch inglês alemão
francês espanhol polonês inglese tedesco francese spagnolo polacco portoghese`)

var intoWords10 = set(`in into en auf em`)
var langFrames10 = set(`same it this that them ça ca lo la le eso esto das es это isso isto o`)
var whAux10 = set(`is are does do did would will how what why where which can est es ist`)

// otherLanguage10: "same thing in go?", "could you put it into polish?":
// the draft in another (programming) language.
func (a *analysis) otherLanguage10() bool {
	for _, c := range a.clauses7() {
		ts := leadTrim10(a.toks(c.s, c.e))
		for len(ts) > 0 && closers10[ts[len(ts)-1].w] {
			ts = ts[:len(ts)-1]
		}
		n := len(ts)
		if n < 3 || n > 10 || !languageNames10[ts[n-1].w] || !intoWords10[ts[n-2].w] {
			continue
		}
		if ts[n-3].w == "one" || ts[n-3].w == "a" {
			continue // "in one go"
		}
		frame := false
		for _, t := range ts[:n-2] {
			if langFrames10[t.w] {
				frame = true
			}
		}
		if !frame || whAux10[ts[0].w] && ts[0].w != "can" && ts[0].w != "could" {
			continue
		}
		if ts[0].w == "can" || ts[0].w == "could" {
			if len(ts) < 2 || ts[1].w != "you" && ts[1].w != "we" {
				continue
			}
		}
		return true
	}
	return false
}

// ---- class: another go (other)

var anotherGo10 = []string{"one more go", "another go", "have another go", "another try", "give it another", "try another",
	"another attempt", "try something else", "got anything else", "have anything else", "anything else?", "different direction",
	"completely different", "t'as autre chose", "tu as autre chose", "vous avez autre chose", "autre chose ?", "autre chose?",
	"essaie encore", "une autre ?", "une autre?", "otra cosa?", "otra opción", "intenta otra", "prueba otra", "otro intento",
	"was anderes", "etwas anderes?", "noch ein versuch", "noch einen versuch", "ещё вариант", "еще вариант", "другой вариант",
	"что-нибудь другое", "попробуй ещё", "попробуй еще", "tenta outra", "tenta de novo", "outra opção", "outra coisa?", "un'altra?",
	"qualcos'altro", "riprova", "换一个", "换个", "再来一个", "别的吗", "重新来", "他の案", "別の案", "もう一回", "もう一度"}

// anotherGo10: a short turn asking for another attempt at the draft,
// with nothing named after it.
func (a *analysis) anotherGo10() bool {
	if a.nwords > 16 || !hasSubstring(a.f, anotherGoTrim10()) {
		return false
	}
	for _, c := range a.clauses7() {
		ts := leadTrim10(a.toks(c.s, c.e))
		if len(ts) == 0 {
			continue
		}
		for len(ts) > 1 && intensifiers10[ts[0].w] {
			ts = ts[1:]
		}
		h := a.f[ts[0].s:c.e] + " "
		for _, p := range anotherGo10 {
			if firstPhrase10(h, []string{p}) != "" && a.tailOnly10(ts[0].s+len(p), c) {
				return true
			}
		}
	}
	// "…, tenta outra?": the phrase closes the turn as a question
	t := strings.TrimRight(a.f, " ?？")
	for _, p := range anotherGo10 {
		p = strings.TrimRight(p, " ?")
		if !strings.HasSuffix(t, " "+p) || !a.isQuestion9() {
			continue
		}
		before := a.toks(0, len(t)-len(p))
		if len(before) > 0 && !orWords10[before[len(before)-1].w] && !whAux10[before[0].w] {
			return true
		}
	}
	return false
}

var intensifiers10 = set(`completely totally entirely a whole something complètement totalement komplett ganz совсем
totalmente completamente del todo 完全`)

// anotherGoTrim10 is anotherGo10 without the question marks, for a
// prefilter.
var anotherGoTrim10 = sync.OnceValue(func() []string {
	out := make([]string, len(anotherGo10))
	for i, p := range anotherGo10 {
		out[i] = strings.TrimRight(p, " ?")
	}
	return out
})

var orWords10 = set(`o or ou oder или ли либо 还是 または`)

func firstWord10(a *analysis, c span) string {
	ts := leadTrim10(a.toks(c.s, c.e))
	if len(ts) == 0 {
		return ""
	}
	return ts[0].w
}

// retry words after a bare "no": "nope. again."
var retryWords10 = set(`again another one more try once otra vez encore nochmal noch mal ещё еще раз de novo ancora una volta`)

var bareNos10 = set(`no nope nah non nein нет não nao 不 いや`)

func (a *analysis) bareNoAgain10() bool {
	ts := a.toks(0, len(a.f))
	for len(ts) > 0 && (bareNos10[ts[0].w] || discourse[ts[0].w] || interjections8[ts[0].w]) {
		ts = ts[1:]
	}
	if len(ts) == 0 || len(ts) > 4 {
		return false
	}
	for _, t := range ts {
		if !retryWords10[t.w] {
			return false
		}
	}
	return true
}

// ---- class: additions (extend)

var forEach10 = []string{"for each", "for every", "pour chaque", "para cada", "für jeden", "für jede", "für jedes", "для каждого",
	"для каждой", "per ogni", "每个", "每一", "それぞれ", "ごとに"}
var addVerbs10 = set(`give add include put throw with plus ajoute ajouter donne donne-moi mets añade agrega dame pon füge gib
добавь дай adiciona acrescenta coloca dá aggiungi dammi metti`)
var somethingIn10 = []string{"put something in", "put something about", "put a line in", "add a line", "add something", "add a bit",
	"throw in something", "throw something in", "mets quelque chose", "ajoute quelque chose", "ajoute une phrase", "pon algo",
	"añade algo", "añade una frase", "agrega algo", "schreib was", "schreib etwas", "füg was", "füge etwas", "добавь что-нибудь",
	"добавь пару слов", "добавь фразу", "coloca algo", "põe algo", "acrescenta algo", "metti qualcosa", "aggiungi qualcosa",
	"aggiungi una frase", "加一句", "加点", "加一段", "一言入れて"}
var alsoCan10 = []string{"as well", "too", "also", "aussi", "también", "tambien", "auch", "тоже", "также", "também", "anche", "也"}
var alsoWords10 = set(`too also aussi también tambien auch тоже также também anche 也`)
var canIt10 = []string{"can it", "could it", "let it", "est-ce qu'il peut", "il peut", "peut-il", "puede", "kann es", "kann das",
	"kann er", "может ли", "может он", "pode", "dá pra", "può", "也能"}
var capVerbs10 = set(`take handle support accept read work parse deal print show open save export prendre gérer accepter lire
aceptar leer manejar soportar nehmen verarbeiten lesen unterstützen принимать читать обрабатывать поддерживать aceitar ler suportar
accettare leggere gestire supportare`)

// addition10 finds an addition to the draft the earlier rules left out.
func (a *analysis) addition10() (string, bool) {
	if a.isQuestion9() && !hasSubstring(a.f, canIt10) {
		return "", false
	}
	text := a.text8()
	if hasSubstring(text, somethingIn10) && !a.isQuestion9() {
		for _, c := range a.clauses7() {
			ts := leadTrim10(a.toks(c.s, c.e))
			if len(ts) > 2 && strings.HasPrefix(a.f[ts[0].s:c.e], firstPhrase10(a.f[ts[0].s:c.e], somethingIn10)) &&
				firstPhrase10(a.f[ts[0].s:c.e], somethingIn10) != "" {
				return "something added for a part or a group", true
			}
		}
	}
	if hasSubstring(text, forEach10) && !a.isQuestion9() {
		for _, c := range a.clauses7() {
			k, p := phraseAt9(a.f[c.s:c.e], forEach10)
			if k < 0 {
				continue
			}
			noun := a.toks(c.s+k+len(p), c.e)
			if len(noun) == 0 || !anyWord10(a.toks(c.s, c.s+k), addVerbs10) {
				continue
			}
			if hasToken(a.prevText(), noun[0].w) || a.overlap10(noun[:1]) {
				return "an addition for each part of the draft", true
			}
		}
	}
	if a.prevCode && hasSubstring(text, canIt10) && hasSubstring(text, alsoCan10) {
		// the sentence may hold a dot (".tsv"): read from the frame on
		for _, c := range a.clauses7() {
			ts := leadTrim10(a.toks(c.s, c.e))
			if len(ts) == 0 {
				continue
			}
			h := a.f[ts[0].s:]
			fp := firstPhrase10(h, canIt10)
			if fp == "" {
				continue
			}
			after := a.toks(ts[0].s+len(fp), len(a.f))
			after = after[:min(len(after), 8)]
			if len(after) > 1 && anyWord10(after, capVerbs10) && (anyWord10(after, alsoWords10) || hasPhrase(h, "as well")) {
				return "a capability added to the code", true
			}
			break
		}
	}
	return "", false
}

func firstPhrase10(t string, ps []string) string {
	for _, p := range ps {
		if strings.HasPrefix(t, p) && (len(t) == len(p) || !isWordRune(rune(t[len(p)]))) {
			return p
		}
	}
	return ""
}

// ---- vetoes

var opinionTags10 = []string{"do you think", "what do you think", "you think?", "d'après toi", "tu penses", "tu trouves",
	"crees?", "¿crees", "te parece?", "meinst du", "findest du", "как думаешь", "как считаешь", "você acha", "voce acha", "acha?",
	"secondo te", "che dici", "你觉得", "你看呢", "と思いますか", "どう思う", "is that worth", "is it worth", "worth mentioning?",
	"worth saying?", "worth adding?", "vaut le coup", "vale la pena", "lohnt sich", "lohnt es sich", "стоит ли", "vale a pena",
	"ですかね", "でしょうか", "かな？", "かな?"}

// CJK opinion questions: "…会不会显得很敷衍"
var cjkOpinions10 = []string{"会不会", "是不是太", "合适吗", "会显得", "ですかね", "でしょうか", "かな？", "かな?"}

// opinionQ10: the turn asks the assistant's opinion about the draft or
// the user's situation ("…, does that spoil the story do you think").
func (a *analysis) opinionQ10() bool {
	if a.hasRequestFrame10() {
		return false
	}
	if hasSubstring(a.f, cjkOpinions10) && !hasSubstring(a.f, cjkAsks10) {
		return true
	}
	k, p := lastPhrase10(a.f, opinionTags10)
	if k < 0 {
		return false
	}
	rest := strings.TrimSpace(a.f[k+len(p):])
	return len(a.toks(k+len(p), len(a.f))) <= 4 || strings.HasSuffix(rest, "?") || strings.HasSuffix(rest, "？")
}

var whatIf10 = []string{"what if i", "and if i", "а если я", "а если мне", "et si je", "y si quiero", "¿y si", "und wenn ich",
	"was ist wenn ich", "e se eu", "e se io", "e se voglio", "如果我", "要是我"}

func (a *analysis) whatIf10() bool {
	if !a.isQuestion9() {
		return false
	}
	ts := leadTrim10(a.toks(0, len(a.f)))
	if len(ts) == 0 {
		return false
	}
	if firstPhrase10(a.f[ts[0].s:], whatIf10) == "" && !strings.HasPrefix(strings.TrimSpace(a.f), "а если я") &&
		!strings.HasPrefix(strings.TrimSpace(a.f), "如果我") && !strings.HasPrefix(strings.TrimSpace(a.f), "要是我") {
		return false
	}
	// "what if i want it to accept any number?" asks the draft to change
	for _, t := range ts[:min(len(ts), 8)] {
		if draftPronouns10[t.w] {
			return false
		}
	}
	return true
}

var draftPronouns10 = set(`it this that le la lo es das это его её он она isso ele ela 它 这个`)

var orWithout10 = []string{"или без", "or without", "ou sans", "o sin", "oder ohne", "ou sem", "o senza", "还是不用", "还是不加",
	"还是不要", "なしか", "無しか"}

var doneReports10 = []string{"done", "made it", "tried it", "i made it", "we made it", "fatto", "fatta", "l'ho fatto", "c'est fait",
	"je l'ai fait", "hecho", "lo hice", "listo", "gemacht", "erledigt", "готово", "сделал", "сделала", "приготовил", "приготовила",
	"feito", "fiz", "fizemos", "做了", "做好了", "试了", "作った", "作りました"}

// reportDone10: "done, it was gone in ten minutes": a report of what
// the user did with the draft.
func (a *analysis) reportDone10() bool {
	ts := leadTrim10(a.toks(0, len(a.f)))
	if len(ts) == 0 || a.hasRequestFrame10() || a.isQuestion9() {
		return false
	}
	return firstPhrase10(a.f[ts[0].s:], doneReports10) != ""
}

// itemNumber10: "no 3 made me laugh": "no" naming a list item by number.
func (a *analysis) itemNumber10() bool {
	ts := a.toks(0, len(a.f))
	if len(ts) < 2 || ts[0].w != "no" && ts[0].w != "nº" && ts[0].w != "n" || !isNumber9(ts[1].w) {
		return false
	}
	p := a.prevText()
	return strings.Contains(p, "\n"+ts[1].w+".") || strings.HasPrefix(p, ts[1].w+".") || strings.Contains(p, "\n"+ts[1].w+")")
}

// clarifyAnswer10: every assistant message so far is a short question
// back to the user, so the turn answers it before any draft exists.
func (a *analysis) clarifyAnswer10() bool {
	seen := false
	for _, m := range a.history {
		if m.Role != "assistant" || strings.TrimSpace(m.Content) == "" {
			continue
		}
		c := strings.TrimSpace(m.Content)
		if len(c) > 700 || strings.Contains(c, "```") {
			return false
		}
		q := strings.Count(c, "?") + strings.Count(c, "？")
		ends := q + strings.Count(c, ". ") + strings.Count(c, ".\n") + strings.Count(c, "。") + strings.Count(c, "!")
		if !(strings.HasSuffix(c, "?") || strings.HasSuffix(c, "？")) || q < 2 || 2*q < ends {
			return false
		}
		seen = true
	}
	return seen
}

var sameFormat10 = []string{"same format", "same way", "same style", "same thing for", "same for this", "même format",
	"de la même façon", "de la même manière", "mismo formato", "de la misma forma", "gleiche format", "gleichen format",
	"в том же формате", "mesmo formato", "do mesmo jeito", "stesso formato", "allo stesso modo", "同样的格式", "同じ形式", "同じように"}
var thisOne10 = []string{"this one", "now this", "this too", "here's another", "heres another", "and this", "celui-ci", "celle-ci",
	"este", "esta", "dieses", "diesen", "diese", "этот", "эту", "questo", "questa", "这个", "これも", "これ"}

// sameForNew10: "now this one, same format: <new text>".
func (a *analysis) sameForNew10() bool {
	if !hasSubstring(a.f, sameFormat10) || !hasSubstring(a.f, thisOne10) {
		return false
	}
	k := strings.IndexAny(a.turn, ":：")
	return k >= 0 && len(strings.TrimSpace(a.turn[k+1:])) >= 12
}

var realisations10 = []string{"that explains", "this explains", "ça explique", "ca explique", "eso explica", "das erklärt",
	"это объясняет", "isso explica", "questo spiega", "难怪", "原来如此", "だからか"}

var whOpen10 = []string{"what is", "what's", "whats", "what does", "what are", "why is", "why does", "how does", "how is",
	"qu'est-ce que", "c'est quoi", "à quoi sert", "qué es", "para qué sirve", "was ist", "wofür", "wozu", "что такое", "зачем",
	"для чего", "o que é", "pra que serve", "para que serve", "cos'è", "a cosa serve", "是什么", "干嘛用", "何のため"}

// whNoMark10: a clause that opens with a wh-question, without its mark.
func (a *analysis) whNoMark10() bool {
	for _, c := range a.clauses7() {
		ts := leadTrim10(a.toks(c.s, c.e))
		if len(ts) < 2 {
			continue
		}
		if firstPhrase10(a.f[ts[0].s:c.e], whOpen10) != "" {
			return true
		}
	}
	return false
}

func (a *analysis) veto10(typ string) string {
	if typ == Withdraw || typ == Replace {
		if a.strongAcc9() && !a.isQuestion9() {
			return ""
		}
	}
	if a.clarifyAnswer10() {
		return "an answer to clarifying questions before any draft"
	}
	if typ == Correct && a.itemNumber10() && len(a.acc) <= 1 {
		return "a list item named by its number"
	}
	if a.gates()&veto10Bit == 0 {
		return ""
	}
	if k, _ := phraseAt9(a.f, orWithout10); k >= 0 && a.isQuestion9() && typ != Replace {
		return "a with-or-without choice asked"
	}
	if a.whatIf10() {
		return "the user's own \"what if\""
	}
	if typ == Withdraw || typ == Replace {
		return ""
	}
	if a.opinionQ10() {
		return "an opinion asked about the draft or the user's situation"
	}
	if (typ == Reformat || typ == Other) && a.sameForNew10() {
		return "new material for the same format"
	}
	if typ == Correct {
		if hasSubstring(a.f, realisations10) && !a.hasRequestFrame10() {
			return "a realisation, not a fault"
		}
		if len(a.acc) == 0 && a.reportDone10() {
			return "a report of what the user did"
		}
		if len(a.acc) == 0 && a.whNoMark10() {
			return "a question for an explanation"
		}
	}
	return ""
}

// ---- type refinements

// arrowCue10 reports an accepted replace cue that is an arrow.
func (a *analysis) arrowCue10() bool {
	for _, x := range a.acc {
		if x.typ == Replace && strings.Contains(a.f[x.h.Start:x.h.End], "->") {
			return true
		}
	}
	return false
}

var logOpeners10 = []string{"error", "error[", "traceback", "exception", "panic:", "fatal:", "uncaught", "typeerror", "syntaxerror"}

func (a *analysis) retype10(typ, item string) (string, string, string) {
	strong := a.strongAcc9()
	if !a.gate10() {
		// only the families with cheap conditions of their own
		switch {
		case typ == Replace && a.arrowCue10() && firstPhrase10(strings.TrimSpace(a.rawFold()), logOpeners10) != "":
			return Correct, "", "a pasted error, its location arrow is no swap"
		case typ == Replace && a.cjkChangeForm10():
			return Reformat, "", "a change to a form"
		case typ == Correct && !strong && a.bareNoAgain10():
			return Other, "", "a bare no and another go"
		case (typ == Correct || typ == Other) && !strong && a.otherLanguage10():
			return Reformat, "", "the draft in another language"
		}
		return "", "", ""
	}
	switch typ {
	case Replace:
		if a.arrowCue10() && firstPhrase10(strings.TrimSpace(a.rawFold()), logOpeners10) != "" {
			return Correct, "", "a pasted error, its location arrow is no swap"
		}
		if a.cjkChangeForm10() {
			return Reformat, "", "a change to a form"
		}
	case Withdraw:
		if a.comesOut10() && strings.Contains(a.f, "raus") {
			return Correct, "", "a result with a literal, after code (\"raus\" is no removal)"
		}
		if ok, it := a.inPlaceSwap10(); ok {
			return Replace, it, "Y put in place of X"
		}
		if a.laterPut10() && !a.policy9() {
			if ok, _ := a.keepOut10(); ok {
				return Replace, item, "a substitute put after the keep-out"
			}
		}
	case Reformat:
		if ok, it := a.swapFor10(); ok && !strong {
			return Replace, it, "a part of the draft swapped for a named substitute"
		}
	case Extend:
		// "not sure i want X in there": a hesitation, not a wish to add
		if ok, it := a.keepOut10(); ok && len(a.acc) == 0 && hasSubstring(a.f, hesitations10) {
			return Withdraw, it, "a hesitation about a part of the draft"
		}
	case Correct, Other:
		if strong {
			break
		}
		if a.otherLanguage10() {
			return Reformat, "", "the draft in another language"
		}
		if ok, it := a.ratherThan10(); ok {
			return Replace, it, "Y rather than X of the draft"
		}
		if ok, it := a.valueSwap10(); ok {
			return Replace, it, "a new value for one of the draft"
		}
		if typ == Correct {
			if ok, it := a.keepOut10(); ok && len(a.acc) == 0 {
				if a.laterPut10() {
					return Replace, it, "a substitute put after the keep-out"
				}
				return Withdraw, it, "a keep-out without a removal verb"
			}
			if a.bareNoAgain10() {
				return Other, "", "a bare no and another go"
			}
		}
	}
	return "", "", ""
}

// swapFor10: "swap Arial for something less corporate": the swap verb,
// a part of the draft, then for/with.
func (a *analysis) swapFor10() (bool, string) {
	for _, c := range a.clauses7() {
		ts := leadTrim10(a.toks(c.s, c.e))
		if len(ts) < 4 || !swapVerbs9[ts[0].w] && ts[0].w != "replace" {
			continue
		}
		for j := 2; j < len(ts)-1 && j <= 5; j++ {
			if ts[j].w != "for" && ts[j].w != "with" {
				continue
			}
			old := ts[1:j]
			if formWords[old[len(old)-1].w] || toneWords[old[len(old)-1].w] || !a.overlap9(old) {
				break
			}
			return true, a.phrase(old[0].s, old[len(old)-1].e)
		}
	}
	return false, ""
}

// ---- finding

func (a *analysis) find10() (string, string, string) {
	if ok, it := a.placeholder10(); ok {
		return Replace, it, "a placeholder of the draft given its value"
	}
	if !a.gate10() {
		return "", "", ""
	}
	if ok, it := a.inPlaceSwap10(); ok {
		return Replace, it, "Y put in place of X"
	}
	if ok, it := a.jaTopicSwap10(); ok {
		return Replace, it, "X of the draft to be Y (ja)"
	}
	if ok, it := a.ratherThan10(); ok && !a.ownSubstitution9() {
		return Replace, it, "Y rather than X of the draft"
	}
	if ok, it := a.valueSwap10(); ok {
		return Replace, it, "a new value for one of the draft"
	}
	if ok, it := a.keepOut10(); ok {
		if a.laterPut10() {
			return Replace, it, "a substitute put after the keep-out"
		}
		return Withdraw, it, "a keep-out without a removal verb"
	}
	if why, ok := a.correction10(); ok {
		return Correct, "", why
	}
	if a.lengthLimit10() {
		return Reformat, "", "a length limit for the draft"
	}
	if a.cjkForm10() {
		return Reformat, "", "a form asked for the draft (zh/ja)"
	}
	if strings.Contains(a.f, "into ") && a.otherLanguage10() {
		return Reformat, "", "the draft in another language"
	}
	if why, ok := a.addition10(); ok {
		return Extend, "", why
	}
	if a.anotherGo10() {
		return Other, "", "another go at the draft"
	}
	return "", "", ""
}

// gateLists10 are the phrase lists behind gate10 (the word-led families
// add their words with a space).
var gateLists10 = [][]string{keepLeads10, keepTails10, showTails10, inPlaceOf10, ratherMarks10, valueFrames10, comesOut10, leftOut10,
	iSaid10, neverSaid10, shouldnt10, fitWords10, cjkForms10, anotherGo10, forEach10, somethingIn10, canIt10, jaPlease10,
	gateWords10(removalVerbs10, "", " "), gateWords10(leaveOpeners10, "", " "), gateWords10(ratherLeads10, "", " "),
	gateWords10(swapVerbs9, "", " "), gateWords10(languageNames10, "into ", ""),
	{"replace ", "gone", "字以", "文字", "characters", "words", "символ", "caract", "zeichen", "palavras", "parole", "palabras",
		"mots", "знаков", "слов", " no,", "no dai"}}

// gateWords10 returns the words of ws, sorted, each between pre and post.
func gateWords10(ws map[string]bool, pre, post string) []string {
	var out []string
	for w := range ws {
		out = append(out, pre+w+post)
	}
	slices.Sort(out)
	return out
}

// vetoLists10 are the phrase lists of the vetoes, read only when vetoAny10
// finds one of them in a turn the earlier rules took for a revision.
var vetoLists10 = [][]string{opinionTags10, cjkOpinions10, whatIf10, orWithout10, doneReports10, sameFormat10, realisations10,
	whOpen10, {"а если я", "如果我", "要是我"}}
