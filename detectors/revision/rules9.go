package revision

import (
	"strings"
	"unicode/utf8"
)

// The rule families of revision-rules-9, one or more per error class of the
// retired sixth held-out set (testdata/gold/TURNS.md, "Retirement of the
// sixth held-out set"). They run once per candidate turn, after rules8:
// vetoes (a substitution the user asks about for their own doing, a fact
// checked with a question, acceptance and the user's plan, praise by
// comparison, "is that bad?" about an output, a value asked about, the next
// unit of a series, one more for another person, a new concept asked to be
// explained), type refinements (a substitute said after a keep-out, a
// substitute that is the draft's own text, a swap of two parts of the draft
// as a reorder, a fact that changed) and families that find a request the
// earlier rules left out (swaps around "instead of" in every frame, ja/zh
// change-X-to-Y, a disliked item and "use Y", "put Y where it says X",
// keep-outs without a removal verb, wrong outputs after code, incredulity
// at a part of the draft, tests asked for the code, a count of bullets).
// Every phrase family is behind one automaton pass over the turn (gate9);
// the family automata are built on first use. The examples are in
// rules9_test.go.

// rules9 revises the verdict typ/item of the earlier rules.
func (a *analysis) rules9(typ, item string) (string, string) {
	if typ != "" {
		if why := a.veto9(typ); why != "" {
			a.note("rules-9 veto: %s", why)
			return "", ""
		}
		if t, it, why := a.retype9(typ, item); why != "" {
			a.note("rules-9 type: %s", why)
			return t, it
		}
		return typ, item
	}
	if a.nwords > 40 {
		return "", ""
	}
	t, it, why := a.find9()
	if t == "" || a.turnVeto() != "" || a.transformNew() || a.mat.present && !a.mat.draft && !a.mat.log && !a.mat.context {
		return "", ""
	}
	if a.veto9(t) == "" {
		a.note("rules-9: %s", why)
		return t, it
	}
	return "", ""
}

// ---- helpers

// gate9 reports whether the turn holds one of the phrases that the
// phrase-list families of rules9 look for (one automaton pass, memoized).
func (a *analysis) gate9() bool {
	return a.gates()&gate9Bit != 0
}

// inDraft9 reports w, a word of the turn, in the draft: as a word, in
// another inflection, as a plural of a word inside a compound ("nuts" in
// "walnuts") or, for a number, anywhere ("3" in "3pm").
func (a *analysis) inDraft9(w string) bool {
	n := utf8.RuneCountInString(w)
	switch {
	case n == 0 || stopish[w] || fillers[w]:
		return false
	case isNumber9(w):
		return strings.Contains(a.prevText(), w)
	case a.draftStem6(w):
		return true
	case n == 3:
		return !discourse[w] && !func3[w] && hasToken(a.prevText(), w)
	case n >= 4 && strings.HasSuffix(w, "s"):
		return strings.Contains(a.prevText(), w[:len(w)-1])
	}
	return false
}

// func3 are three-letter words common to any text
var func3 = set(`the and for you are was but not all any can had has her his its our out who why how get got let one two new old
see way may say too use did does him she they yes off own per via now day lot bit top end ich die der das und ein mit von les des une
est pas que qui los las del por una con sin это как что мне для não com uma sim per che non una gli dei`)

func isNumber9(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return w != ""
}

// overlap9 reports a word of ts in the draft (inDraft9) or, for CJK text,
// a two-rune piece of it (draftOverlap).
func (a *analysis) overlap9(ts []tok) bool {
	for _, t := range ts {
		if !t.cjk && a.inDraft9(t.w) {
			return true
		}
	}
	return a.draftOverlap(ts)
}

// looseOverlap9 is overlap9, or a word of six runes or more whose first
// four are in the draft or in the user's earlier messages (Russian and
// German inflect at the stem: "болезнь" for "болел", "стихов" for "стихи");
// a Russian word of five runes is looked for without its last two.
func (a *analysis) looseOverlap9(ts []tok) bool {
	if a.overlap9(ts) {
		return true
	}
	for _, t := range ts {
		r := []rune(t.w)
		if t.cjk || len(r) < 5 || stopish[t.w] || fillers[t.w] {
			continue
		}
		n := 4
		if r[0] >= 'а' && r[0] <= 'я' {
			n = max(3, min(4, len(r)-2)) // "дачей" for "дачу"
		} else if len(r) < 6 {
			continue
		}
		p := string(r[:n])
		if strings.Contains(a.prevText(), p) {
			return true
		}
		for _, m := range a.history {
			if m.Role == "user" && strings.Contains(strings.ToLower(m.Content), p) {
				return true
			}
		}
	}
	return false
}

// rawToks9 tokenizes the turn itself between s and e (folded offsets are
// the turn's): the prose blanks quotes, which often hold the item.
func (a *analysis) rawToks9(s, e int) []tok {
	if ts := a.toks(s, e); len(ts) > 0 {
		return ts
	}
	f := a.rawFold()
	if len(f) != len(a.f) {
		return nil
	}
	return tokenize(f, s, e)
}

// newContent9 reports a content word of ts that the draft does not hold.
func (a *analysis) newContent9(ts []tok) bool {
	for _, t := range ts {
		if t.cjk || utf8.RuneCountInString(t.w) < 3 || stopish[t.w] || fillers[t.w] || discourse[t.w] {
			continue
		}
		if !a.inDraft9(t.w) {
			return true
		}
	}
	return false
}

// phraseAt9 returns the index in t of the first phrase of ps found with
// word boundaries, and the phrase.
func phraseAt9(t string, ps []string) (int, string) {
	best, bp := -1, ""
	for _, p := range ps {
		k := strings.Index(t, p)
		if k < 0 || !hasPhrase(t, p) {
			continue
		}
		if best < 0 || k < best {
			best, bp = k, p
		}
	}
	return best, bp
}

func (a *analysis) isQuestion9() bool {
	t := strings.TrimSpace(a.f)
	return endsQuestion(t) || strings.HasSuffix(t, "吗") || strings.HasSuffix(t, "か")
}

// ---- class: swaps around "instead of" in every frame (replace)

// the substitute follows the old item after one of these
var ratherAfter9 = []string{"lieber", "besser", "eher", "давай", "лучше", "mejor", "plutôt", "plutot", "meglio", "piuttosto", "melhor",
	"let's", "lets", "go with", "rather"}

// modal frames of a request about the draft's text ("can we say …")
var sayFrames9 = []string{"can we say", "could we say", "can you say", "could you say", "can it say", "could it say", "can we put",
	"could we put", "can you put", "could you put", "can we write", "can you write", "can we make it", "can you make it",
	"could you make it", "can we go with", "can we use", "can you use", "could you use", "can we do", "can you do", "could we do",
	"let's say", "lets say", "let's go with", "let's put", "podemos poner", "puedes poner", "podemos decir", "puedes decir",
	"on peut mettre", "tu peux mettre", "on peut dire", "tu peux dire", "pouvez-vous mettre", "können wir", "kannst du",
	"можем написать", "можешь написать", "давай напишем", "давай поставим", "podemos colocar", "pode colocar", "podemos dizer",
	"pode dizer", "possiamo mettere", "puoi mettere", "possiamo dire", "puoi dire"}

// insteadSwap9 reports "statt X lieber Y", "вместо X давай Y" and "can we
// say Y instead of X" with X in the draft; it returns X.
func (a *analysis) insteadSwap9() (bool, string) {
	if a.nwords > 30 || !a.gate9() || !hasSubstring(a.text8(), insteadOf8) {
		return false, ""
	}
	for _, c := range a.clauses7() {
		text := a.f[c.s:c.e]
		k, p := phraseAt9(text, insteadOf8)
		if k < 0 {
			continue
		}
		head := trimClause7(a.toks(c.s, c.s+k))
		for len(head) > 0 && (discourse[head[0].w] || leadSkips[head[0].w] || interjections8[head[0].w]) {
			head = head[1:]
		}
		rest := c.s + k + len(p)
		if len(head) == 0 {
			// the clause opens with the phrase: the substitute after a rather word
			j, _ := phraseAt9(a.f[rest:c.e], ratherAfter9)
			if j <= 0 {
				continue
			}
			old := a.rawToks9(rest, rest+j)
			if len(old) == 0 || len(old) > 6 || !a.looseOverlap9(old) || len(a.toks(rest+j, c.e)) < 2 {
				continue
			}
			return true, a.phrase(old[0].s, old[len(old)-1].e)
		}
		hs := a.phrase(head[0].s, head[len(head)-1].e)
		ok := false
		for _, f := range sayFrames9 {
			if strings.HasPrefix(hs, f) {
				ok = true
				break
			}
		}
		if !ok || len(head) > 8 {
			continue
		}
		old := a.rawToks9(rest, c.e)
		if len(old) == 0 || len(old) > 6 || !a.looseOverlap9(old) {
			continue
		}
		return true, a.phrase(old[0].s, old[len(old)-1].e)
	}
	return false, ""
}

// ---- class: a substitution the user asks about for their own doing (negative)

// substitution markers, also the CJK ones
var substMarks9 = []string{"代替", "代わりに", "かわりに", "替代", "换成", "代用", "に変えて", "に替えて", "instead"}

// frames in which the user, or anyone, would do the substitution
var ownFrames9 = []string{"can i", "could i", "should i", "is it ok", "is it okay", "is it fine", "will it work", "would it work",
	"does it work", "can you use", "can one", "geht auch", "geht das auch", "geht es auch", "kann ich", "kann man", "darf ich",
	"puedo", "se puede", "sirve", "vale con", "je peux", "peut-on", "on peut", "est-ce que je", "ça marche", "можно", "могу ли",
	"подойдёт", "подойдет", "posso", "pode-se", "dá para", "da pra", "dá pra", "funciona", "si può", "va bene", "funziona anche",
	"可以用", "能用", "能不能用", "可不可以用", "行吗", "でもいい", "でも大丈夫", "てもいい", "ても大丈夫", "使えます", "でもできます"}

// ownSubstitution9: "geht auch Backpulver statt Zitronensäure?", "冰糖可以用
// 白糖代替吗？" — a question whether the user may swap an ingredient or a
// tool of the advice; nothing in the draft is to change.
func (a *analysis) ownSubstitution9() bool {
	if a.nwords > 20 || !a.isQuestion9() || !hasSubstring(a.text8(), substMarks9) && !hasSubstring(a.text8(), insteadOf8) {
		return false
	}
	if !hasSubstring(a.text8(), ownFrames9) {
		return false
	}
	k, _ := phraseAt9(a.f, ownFrames9)
	if k < 0 {
		return false
	}
	// "can you use lentils instead" asks the draft to change; "can one use" does not
	if strings.HasPrefix(a.f[k:], "can you use") {
		return false
	}
	// not a frame of the draft's text ("can i say 2pm instead in the invite")
	_, say := phraseAt9(a.f, sayFrames9)
	return say == ""
}

// ---- class: ja/zh change X to Y (replace)

var jaChangeTo9 = []string{"に変えて", "に替えて", "に変更して", "に差し替えて", "に書き換えて"}

var zhChangeTo9 = []string{"改成", "换成", "改为", "换为", "改到"}

// cjkChangeTo9: "XをYに変えてもらえますか", "15号改成12号吧" with X in the
// draft; it returns X.
func (a *analysis) cjkChangeTo9() (bool, string) {
	if a.nwords > 60 || !a.turnCJK() {
		return false, ""
	}
	for _, s := range a.sents {
		t := a.f[s.s:s.e]
		for _, v := range jaChangeTo9 {
			k := strings.Index(t, v)
			if k <= 0 {
				continue
			}
			head := t[:k]
			o := strings.LastIndex(head, "を")
			if o <= 0 {
				continue
			}
			old := head[:o]
			if i := strings.LastIndexAny(old, "、，,。 「」"); i >= 0 {
				old = old[i+1:]
			}
			if old != "" && utf8.RuneCountInString(old) <= 12 && a.cjkInDraft8(old) {
				return true, old
			}
		}
	}
	for _, c := range a.clauses7() {
		t := a.f[c.s:c.e]
		if strings.HasSuffix(t, "吗") {
			continue
		}
		for _, v := range zhChangeTo9 {
			k := strings.Index(t, v)
			if k <= 0 {
				continue
			}
			if strings.HasSuffix(t[:k], "转") || strings.HasSuffix(t[:k], "交") || strings.HasSuffix(t[:k], "兑") {
				continue // 转换为 / 转换成: a conversion asked, not a swap
			}
			old := strings.TrimPrefix(strings.TrimSpace(t[:k]), "把")
			old = strings.TrimPrefix(old, "将")
			after := strings.TrimSpace(t[k+len(v):])
			if old == "" || after == "" || utf8.RuneCountInString(old) > 10 {
				continue
			}
			if a.cjkInDraft8(old) || a.overlap9(a.toks(c.s, c.s+k)) {
				return true, old
			}
		}
	}
	return false, ""
}

// ---- class: a disliked item of the draft and "use Y" (replace), an allergy (withdraw)

var dislikes9 = []string{"can't stand", "cant stand", "cannot stand", "hate", "hates", "don't like", "dont like", "doesn't like",
	"doesnt like", "not a fan of", "no me gusta", "no me gustan", "odio", "detesto", "je déteste", "je deteste", "je n'aime pas",
	"j'aime pas", "il n'aime pas", "elle n'aime pas", "ich mag kein", "ich mag keine", "ich hasse", "mag keine", "mag keinen",
	"не люблю", "терпеть не могу", "ненавижу", "не ест", "não gosto", "odeio", "não suporto", "non mi piace", "non mi piacciono",
	"non sopporto", "不喜欢", "讨厌", "不爱吃", "不吃", "が苦手", "が嫌い", "は苦手", "は嫌い"}

var allergies9 = []string{"allergic to", "allergy to", "allergies to", "alérgico a", "alérgica a", "alergia a", "allergique à",
	"allergique aux", "allergique au", "allergisch gegen", "allergie gegen", "аллергия на", "аллергию на", "alérgico ao",
	"alérgica ao", "allergico a", "allergica a", "allergico al", "allergica al", "allergia a", "过敏", "アレルギー"}

// use frames for the substitute in a later clause
var useAsks9 = []string{"can you use", "could you use", "can we use", "use", "go with", "swap in", "put", "can you put",
	"could you put", "usa", "puedes usar", "pon", "utilise", "tu peux utiliser", "mets", "nimm", "kannst du", "используй",
	"можешь использовать", "замени на", "usa", "pode usar", "coloca", "usa", "puoi usare", "metti", "用", "换成", "を使って"}

// dislikeUse9: "i can't stand chickpeas, can you use lentils wherever they
// are": a part of the draft disliked, then what to use; it returns it.
func (a *analysis) dislikeUse9() (bool, string) {
	if a.nwords > 30 || !a.gate9() || !hasSubstring(a.text8(), dislikes9) {
		return false, ""
	}
	cl := a.clauses7()
	for i, c := range cl {
		t := a.f[c.s:c.e]
		k, p := phraseAt9(t, dislikes9)
		if k < 0 {
			continue
		}
		obj := a.toks(c.s+k+len(p), c.e)
		if len(obj) == 0 || len(obj) > 6 || !a.overlap9(obj) {
			continue
		}
		for _, d := range cl[i+1:] {
			ws := trimClause7(a.clauseToks7(d))
			for len(ws) > 0 && (discourse[ws[0].w] || leadSkips[ws[0].w]) {
				ws = ws[1:]
			}
			if len(ws) < 2 {
				continue
			}
			h := a.f[ws[0].s:d.e]
			for _, u := range useAsks9 {
				if strings.HasPrefix(h, u+" ") || hasCJK(u) && strings.HasPrefix(h, u) {
					return true, a.phrase(obj[0].s, obj[len(obj)-1].e)
				}
			}
		}
	}
	return false, ""
}

// allergy9: "my son's allergic to nuts" with the food in the draft; it
// returns the food.
func (a *analysis) allergy9() (bool, string) {
	if a.nwords > 20 || !a.gate9() || !hasSubstring(a.text8(), allergies9) {
		return false, ""
	}
	k, p := phraseAt9(a.f, allergies9)
	if k < 0 {
		return false, ""
	}
	var obj []tok
	if hasCJK(p) {
		obj = a.toks(0, k)
		if len(obj) > 8 {
			obj = obj[len(obj)-8:]
		}
	} else {
		e := len(a.f)
		for _, c := range a.clauses7() {
			if c.s <= k && k < c.e {
				e = c.e
			}
		}
		obj = a.toks(k+len(p), e)
	}
	if len(obj) == 0 || len(obj) > 8 || !a.overlap9(obj) {
		return false, ""
	}
	return true, a.phrase(obj[0].s, obj[len(obj)-1].e)
}

// ---- class: put Y where it says X (replace)

var wherePhrases9 = []string{"where it says", "where it has", "where you have", "where you wrote", "where you put", "where it said",
	"in place of", "donde dice", "donde pone", "donde está", "là où il y a", "là où c'est écrit", "à la place de", "où il y a",
	"wo jetzt", "wo steht", "там, где", "там где", "где написано", "где стоит", "onde diz", "onde está", "onde tem", "dove c'è",
	"dove dice", "dove c'è scritto"}

// putWhere9: "put 'espresso machine' where it says [gift]" with X in the
// draft (a placeholder too); it returns X.
func (a *analysis) putWhere9() (bool, string) {
	if a.nwords > 30 || !a.gate9() || !hasSubstring(a.text8(), wherePhrases9) {
		return false, ""
	}
	ts := a.toks(0, len(a.f))
	for len(ts) > 0 && (discourse[ts[0].w] || leadSkips[ts[0].w]) {
		ts = ts[1:]
	}
	if len(ts) < 3 || !useVerbs[ts[0].w] && ts[0].w != "write" && ts[0].w != "schreib" && ts[0].w != "напиши" && ts[0].w != "escribe" &&
		ts[0].w != "écris" && ts[0].w != "escreve" && ts[0].w != "scrivi" && ts[0].w != "fill" {
		return false, ""
	}
	k, p := phraseAt9(a.f, wherePhrases9)
	if k < 0 || k <= ts[0].e {
		return false, ""
	}
	old := a.rawToks9(k+len(p), len(a.f)) // "[gift]": brackets are blanked like quotes
	if len(old) == 0 || len(old) > 6 || !a.overlap9(old) {
		return false, ""
	}
	return true, strings.Trim(a.turn[old[0].s:old[len(old)-1].e], "[]{}<>'\"")
}

// ---- class: a substitute said after a keep-out (replace), or the draft's own text (withdraw)

// bare say verbs opening a later clause ("…, say a family emergency")
var sayVerbs9 = set(`say put write pon di dile escribe mets dis écris ecris sag schreib schreibe скажи напиши пиши põe poe diz escreve
metti di' scrivi`)

var sayOpenersGate9 = []string{"say ", "put ", "write ", "pon ", "di ", "dile ", "escribe ", "mets ", "dis ", "écris ", "sag ",
	"schreib", "скажи ", "напиши ", "пиши ", "põe ", "diz ", "escreve ", "metti ", "scrivi "}

// saySubstitute9 reports a clause after the first that opens with a bare
// say verb ("say a family emergency", "pon que me ha surgido …") whose
// object names something the draft does not hold.
func (a *analysis) saySubstitute9() bool {
	if a.nwords > 35 {
		return false
	}
	cl := a.clauses7()
	for _, c := range cl[min(1, len(cl)):] {
		ws := trimClause7(a.clauseToks7(c))
		only := false
		for len(ws) > 0 && (discourse[ws[0].w] || leadSkips[ws[0].w]) {
			only = only || onlyWords9[ws[0].w]
			ws = ws[1:]
		}
		if len(ws) < 2 || only || !sayVerbs9[ws[0].w] || a.questionAt7(c) {
			continue // "just say sorry" is rules8's (substitute8, a policy's addition)
		}
		obj := ws[1:]
		if obj[0].w == "que" || obj[0].w == "that" || obj[0].w == "dass" || obj[0].w == "что" || obj[0].w == "che" {
			obj = obj[1:]
		}
		if len(obj) > 0 && len(obj) <= 10 && a.newContent9(obj) {
			return true
		}
	}
	return false
}

var onlyWords9 = set(`just simply only solo einfach просто só`)

// ownTextSubstitute9 reports the "just say X" of a keep-out naming only
// what the draft already says ("don't throw marco under the bus, just say
// a bug", the draft naming the bug): nothing new is put in.
func (a *analysis) ownTextSubstitute9() bool {
	if !justSayAny8.in(a.text8()) {
		return false
	}
	cl := a.clauses7()
	if len(cl) < 2 {
		return false
	}
	for _, c := range cl[1:] {
		t := a.f[c.s:c.e]
		k, p := phraseAt9(t, justSay8)
		if k < 0 {
			continue
		}
		obj := a.toks(c.s+k+len(p), c.e)
		if len(obj) == 0 || len(obj) > 10 {
			return false
		}
		return !a.newContent9(obj) && a.overlap9(obj)
	}
	return false
}

// ---- class: a swap of two parts of the draft is a reorder (reformat)

var swapVerbs9 = set(`swap switch exchange flip intercambia intercambiar invierte échange echange inverse intervertis tausch tausche
vertausch vertausche поменяй troca inverte scambia inverti`)

var pairConj9 = set(`and y et und и e`)

var swapFor9 = set(`for with por con par avec contre gegen mit на по para per`)

// swapOrder9: "swap days 1 and 3", "tausch Tag 2 und 4", "1日目と3日目を入れ替えて":
// two parts of the draft change places, nothing is replaced.
func (a *analysis) swapOrder9() bool {
	if a.nwords > 25 {
		return false
	}
	if strings.Contains(a.f, "入れ替えて") || strings.Contains(a.f, "对调") || strings.Contains(a.f, "互换") ||
		strings.Contains(a.f, "поменяй местами") || strings.Contains(a.f, "поменять местами") {
		return true
	}
	for _, c := range a.clauses7() {
		ws := trimClause7(a.clauseToks7(c))
		for len(ws) > 0 && (discourse[ws[0].w] || leadSkips[ws[0].w]) {
			ws = ws[1:]
		}
		if len(ws) < 4 || !swapVerbs9[ws[0].w] {
			continue
		}
		conj := -1
		for i, t := range ws[1:] {
			if swapFor9[t.w] {
				conj = -1
				break
			}
			if pairConj9[t.w] && conj < 0 {
				conj = i + 1
			}
		}
		if conj < 2 || conj+1 >= len(ws) || conj > 5 || len(ws)-conj > 5 {
			continue
		}
		if a.overlap9(ws[1:conj]) && (a.overlap9(ws[conj+1:]) || isNumber9(ws[conj+1].w)) {
			return true
		}
	}
	return false
}

// ---- class: a fact checked with a question (negative)

// tags that make a statement a question ("… right?", "…, oder?")
var tagQuestions9 = []string{"right?", "right", "correct?", "isn't it?", "isnt it?", "no?", "non ?", "non?", "n'est-ce pas", "¿verdad?", "verdad?", "¿no?",
	"oder?", "nicht wahr", "не так ли", "да?", "né?", "não é?", "nao e?", "vero?", "giusto?", "对吧", "是吧", "对吗", "是吗",
	"ですよね", "よね？", "よね"}

var wantWords9 = set(`want wanted need needed meant mean only but should quiero queremos veux voulons will wollen хочу хотим нужно
quero queremos voglio vogliamo`)

var auxOpeners9 = set(`is are was were does did do can will would could has have isn't aren't doesn't`)

var doObjects9 = set(`it this that these those the a an me another one same them all more`)

var doubtWords9 = set(`even actually really possible true right realistic normal`)

// factQuestion9: "10 years is the tin anniversary right?", "wait is 240k per
// litre even possible", "do microspikes actually matter in march": a fact
// or a claim of the draft questioned, no change asked.
func (a *analysis) factQuestion9() bool {
	if a.nwords > 14 || len(a.sents) > 2 {
		return false
	}
	t := strings.TrimRight(strings.TrimSpace(a.f), " .!")
	for _, w := range a.toks(0, len(a.f)) {
		if wantWords9[w.w] || wishWords[w.w] {
			return false // "but we only want the elements after X right?": a correction
		}
	}
	for _, g := range tagQuestions9 {
		if strings.HasSuffix(t, g) {
			b, _ := utf8.DecodeLastRuneInString(strings.TrimSuffix(t, g))
			if hasCJK(g) || b == ' ' || b == ',' || b == '¿' {
				return true
			}
		}
	}
	ts := a.toks(0, len(a.f))
	for len(ts) > 0 && (discourse[ts[0].w] || interjections8[ts[0].w]) {
		ts = ts[1:]
	}
	if len(ts) < 3 || !auxOpeners9[ts[0].w] || ts[0].w == "do" && doObjects9[ts[1].w] {
		return false
	}
	for _, x := range ts[1:] {
		if doubtWords9[x.w] {
			return true
		}
	}
	return false
}

// ---- class: acceptance and the user's plan, in zh/ja too (negative)

var cjkAccepts9 = []string{"差不多了", "可以了", "挺好", "不错", "没问题", "就这样", "就用这个", "これでいい", "これで大丈夫", "いい感じ",
	"ばっちり"}

var cjkPlans9 = []string{"我明天", "我今天", "我马上", "我就", "我先", "我去", "我待会", "明日出し", "今日出し", "これで出し", "使います",
	"送ります", "出します"}

var cjkWishes9 = []string{"想", "希望", "能不能", "可不可以", "请", "帮我", "再", "ほしい", "ください"}

// cjkAckPlan9: "这个字数差不多了，我明天就交": the draft accepted and what the
// user will do with it.
func (a *analysis) cjkAckPlan9() bool {
	if a.nwords > 30 || !a.turnCJK() || !hasSubstring(a.f, cjkAccepts9) || !hasSubstring(a.f, cjkPlans9) {
		return false
	}
	for _, w := range cjkWishes9 {
		if strings.Contains(a.f, w) {
			return false
		}
	}
	return true
}

// ---- class: praise by comparison (negative)

var praiseOpeners9 = []string{"this is", "that's", "thats", "that is", "it's", "its", "this was", "it was", "esto es", "eso es",
	"c'est", "das ist", "это", "isso é", "isto é", "questo è", "è"}

var betterThan9 = []string{"clearer than", "easier than", "better than", "simpler than", "nicer than", "more helpful than",
	"more useful than", "más claro que", "mucho mejor que", "más fácil que", "plus clair que", "bien mieux que", "plus simple que",
	"klarer als", "verständlicher als", "besser als", "einfacher als", "понятнее, чем", "понятнее чем", "лучше, чем", "лучше чем",
	"mais claro que", "melhor que", "melhor do que", "più chiaro di", "più chiaro del", "meglio di", "meglio del", "più semplice di"}

// praiseThan9: "ok this is way clearer than the bank website": praise of
// the draft by comparison with something else.
func (a *analysis) praiseThan9() bool {
	if a.nwords > 20 {
		return false
	}
	ts := a.toks(0, len(a.f))
	for len(ts) > 0 && (discourse[ts[0].w] || interjections8[ts[0].w] || ts[0].w == "wow") {
		ts = ts[1:]
	}
	if len(ts) < 3 {
		return false
	}
	h := a.f[ts[0].s:]
	for _, p := range praiseOpeners9 {
		if strings.HasPrefix(h, p+" ") {
			k, _ := phraseAt9(h, betterThan9)
			return k > 0 && len(a.toks(ts[0].s+k, len(a.f))) >= 3
		}
	}
	return false
}

// ---- class: "is that bad?" about an output (negative)

var badQuestions9 = []string{"is that bad", "is this bad", "is it bad", "is that normal", "is this normal", "is that ok",
	"is that okay", "is this ok", "should i worry", "should i be worried", "is that a problem", "is this a problem",
	"es grave", "es normal", "c'est grave", "c'est normal", "est-ce grave", "est-ce normal", "ist das schlimm", "ist das normal",
	"это нормально", "это страшно", "это плохо", "é normal", "é grave", "isso é normal", "è grave", "è normale", "正常吗", "要紧吗",
	"有问题吗", "大丈夫ですか", "問題ないですか", "問題ありますか"}

// badQuestion9: "it says tar: Removing leading … is that bad?" — the user
// asks whether an output is a problem.
func (a *analysis) badQuestion9() bool {
	if a.nwords > 40 || !a.isQuestion9() || !hasSubstring(a.text8(), badQuestions9) {
		return false
	}
	last := a.sents[len(a.sents)-1]
	k, _ := phraseAt9(a.sentText(last), badQuestions9)
	if k < 0 || k > 12 {
		return false
	}
	for _, x := range a.acc {
		if x.typ != Correct && x.typ != Withdraw || x.typ == Correct && !weakCorrect[x.h.Keyword] {
			return false
		}
	}
	return true
}

// ---- class: a value asked about (negative)

var whOpeners9 = []string{"what's", "whats", "what is", "what would be", "which", "how long", "how many", "how much", "cuál",
	"cual", "qué", "quel", "quelle", "welche", "welcher", "wie lange", "wie viel", "какой", "какое", "сколько", "qual", "quanto",
	"quale"}

// valueQuestion9: "what's a sensible timeout, is 10 too short": a question
// about the right value, then a yes/no question about the draft's.
func (a *analysis) valueQuestion9() bool {
	if a.nwords > 16 {
		return false
	}
	cl := a.clauses7()
	if len(cl) < 2 {
		return false
	}
	first := trimClause7(a.clauseToks7(cl[0]))
	for len(first) > 0 && discourse[first[0].w] {
		first = first[1:]
	}
	if len(first) == 0 {
		return false
	}
	h := a.f[first[0].s:cl[0].e]
	ok := false
	for _, w := range whOpeners9 {
		if strings.HasPrefix(h, w+" ") {
			ok = true
		}
	}
	if !ok {
		return false
	}
	for _, c := range cl[1:] {
		ws := a.clauseToks7(c)
		if len(ws) >= 2 && auxOpeners9[ws[0].w] {
			return true
		}
	}
	return false
}

// ---- class: the next unit of a series, one more for another person (negative)

var unitNouns9 = set(`chapter chapters part section episode lesson act capítulo capitulo parte episodio lección leccion chapitre
partie épisode episode leçon lecon kapitel teil folge lektion глава главу главы часть серия урок capítulo episódio aula capitolo
lezione`)

var ordinals9 = set(`first second third fourth fifth next primero segundo tercero tercer cuarto siguiente premier première deuxième
troisième second seconde suivant erste ersten zweite zweiten dritte dritten nächste nächsten первая первую вторая вторую третья
третью следующая следующую primeiro segundo terceiro próximo primo secondo terzo quarto prossimo`)

var cjkUnits9 = []string{"第二章", "第三章", "第四章", "第2章", "第3章", "第4章", "下一章", "第二集", "第三集", "下一集", "第二课", "第三课"}

// nextUnit9: "do the same for chapter 2", "fammi anche il secondo capitolo"
// after the first user message asked for one unit of a series: a new
// artefact, not a revision.
func (a *analysis) nextUnit9() bool {
	if a.nwords > 15 {
		return false
	}
	firstUser := func() string {
		for _, m := range a.history {
			if m.Role == "user" {
				return strings.ToLower(m.Content)
			}
		}
		return ""
	}
	if a.turnCJK() {
		for _, u := range cjkUnits9 {
			if strings.Contains(a.f, u) {
				first := firstUser()
				return !strings.Contains(first, u) && strings.ContainsAny(first, "章集课")
			}
		}
		return false
	}
	ts := a.toks(0, len(a.f))
	for i, t := range ts {
		if !unitNouns9[t.w] {
			continue
		}
		var num string
		switch {
		case i+1 < len(ts) && (isNumber9(ts[i+1].w) || ordinals9[ts[i+1].w]):
			num = ts[i+1].w
		case i > 0 && (ordinals9[ts[i-1].w] || isNumber9(ts[i-1].w)):
			num = ts[i-1].w
		default:
			continue
		}
		// the first request named a unit of the same noun, another one
		first := firstUser()
		if len(first) > 2000 {
			first = first[:2000]
		}
		fs := tokenize(first, 0, len(first))
		for j, f := range fs {
			if f.w != t.w && !(len(f.w) > 4 && len(t.w) > 4 && f.w[:4] == t.w[:4]) {
				continue
			}
			if j+1 < len(fs) && (isNumber9(fs[j+1].w) || ordinals9[fs[j+1].w]) && fs[j+1].w != num ||
				j > 0 && (isNumber9(fs[j-1].w) || ordinals9[fs[j-1].w]) && fs[j-1].w != num {
				return true
			}
		}
	}
	return false
}

// cjkAnotherFor9: "再写一段，给奶奶的": one more for a person the draft does
// not name.
func (a *analysis) cjkAnotherFor9() bool {
	if a.nwords > 30 || !strings.Contains(a.f, "再写") && !strings.Contains(a.f, "再来") {
		return false
	}
	k := strings.Index(a.f, "给")
	if k < 0 {
		return false
	}
	r := []rune(a.f[k+len("给"):])
	if len(r) < 2 {
		return false
	}
	who := string(r[:2])
	return !strings.Contains(a.prevText(), who)
}

// ---- class: a new concept asked to be explained (negative)

var tellAlso9 = []string{"の違いも教えて", "についても教えて", "も教えてください", "也告诉我", "也讲一下", "也解释一下",
	"also explain", "explain also", "also tell me", "explícame también", "explica también", "explique-moi aussi",
	"erklär mir auch", "erkläre auch", "объясни также", "объясни ещё", "explica também", "spiegami anche"}

// newConcept9: "INNER JOIN と LEFT JOIN の違いも教えてください" after SQL that
// uses neither: a new question, not an addition to the draft.
func (a *analysis) newConcept9() bool {
	if a.nwords > 25 || !hasSubstring(a.text8(), tellAlso9) {
		return false
	}
	k, _ := phraseAt9(a.f, tellAlso9)
	if k <= 0 {
		return false
	}
	head := a.toks(0, k)
	var latin []tok
	for _, t := range head {
		if !t.cjk && utf8.RuneCountInString(t.w) >= 3 && !stopish[t.w] && !fillers[t.w] {
			latin = append(latin, t)
		}
	}
	if len(latin) > 0 {
		for _, t := range latin {
			if a.inDraft9(t.w) {
				return false
			}
		}
		return true
	}
	return !a.draftOverlap(head)
}

// ---- class: keep-outs without a removal verb (withdraw)

var keepOuts9 = []string{"stays between us", "stay between us", "between us", "don't need to know", "dont need to know",
	"doesn't need to know", "doesnt need to know", "needn't know", "nobody needs to know", "no one needs to know",
	"kein wort über", "kein wort von", "kein wort zu", "ni una palabra", "pas un mot", "ni un mot", "ни слова", "nem uma palavra",
	"nenhuma palavra", "neanche una parola", "nemmeno una parola", "只字不提", "一个字都别", "は内緒", "内緒で", "秘密で",
	"can that go", "can this go", "can it go", "can that bit go", "can that part go", "can those go", "that can go",
	"that has to go", "that needs to go", "has to go", "needs to go"}

// keepOut9: "that stays between us", "kein Wort über X bitte", "…, can that
// go": a part of the draft kept out without a removal verb; the part is in
// the turn (or the turn is short and the draft prose).
func (a *analysis) keepOut9() (bool, string) {
	if a.nwords > 25 || !a.gate9() || !hasSubstring(a.text8(), keepOuts9) {
		return false, ""
	}
	k, p := phraseAt9(a.f, keepOuts9)
	if k < 0 {
		return false, ""
	}
	if strings.HasPrefix(p, "can ") && strings.TrimRight(strings.TrimSpace(a.f[k+len(p):]), "?？ ") != "" {
		return false, "" // "can that go" closes the turn
	}
	all := a.toks(0, len(a.f))
	if a.overlap9(all) {
		obj := a.toks(k+len(p), len(a.f))
		if len(obj) == 0 || len(obj) > 5 {
			obj = a.toks(0, k)
		}
		if len(obj) > 0 {
			return true, a.phrase(obj[0].s, obj[len(obj)-1].e)
		}
		return true, ""
	}
	return strings.Contains(p, "know") && a.nwords <= 12 && !a.prevCode, ""
}

var topicPreps9 = set(`про about sobre sur über su di`)

var negWrites9 = []string{"не пиши", "не упоминай", "не надо писать", "don't write", "don't mention", "dont mention", "no escribas",
	"no menciones", "no pongas", "n'écris pas", "ne mentionne pas", "ne parle pas", "schreib nichts", "schreib nicht",
	"erwähn nicht", "erwähne nicht", "não escreva", "não fale", "não mencione", "non scrivere", "non menzionare", "non parlare"}

// topicKeepOut9: "про болезнь вообще не пиши": the part named first, as a
// topic, then a negative imperative; it returns the part.
func (a *analysis) topicKeepOut9() (bool, string) {
	if a.nwords > 25 || !a.gate9() || !hasSubstring(a.text8(), negWrites9) {
		return false, ""
	}
	for _, c := range a.clauses7() {
		ws := trimClause7(a.clauseToks7(c))
		for len(ws) > 0 && discourse[ws[0].w] {
			ws = ws[1:]
		}
		if len(ws) < 3 || !topicPreps9[ws[0].w] || a.questionAt7(c) {
			continue
		}
		t := a.f[ws[0].s:c.e]
		k, _ := phraseAt9(t, negWrites9)
		if k <= 0 {
			continue
		}
		obj := a.toks(ws[0].e, ws[0].s+k)
		if len(obj) > 0 && len(obj) <= 5 && a.looseOverlap9(obj) {
			return true, a.phrase(obj[0].s, obj[len(obj)-1].e)
		}
	}
	return false, ""
}

// removal imperatives with a pronoun for the part named before them
var cliticRemovals9 = []string{"vire-le", "vire-la", "vire-les", "vire ça", "enlève-le", "enlève-la", "enlève ça", "retire-le",
	"retire-la", "retire ça", "supprime-le", "supprime-la", "supprime ça", "quítalo", "quítala", "quita eso", "sácalo", "sácala",
	"bórralo", "bórrala", "elimínalo", "elimínala", "streich das", "streich es", "lösch das", "raus damit", "weg damit",
	"nimm das raus", "убери это", "убери его", "убери её", "убери ее", "удали это", "tira isso", "tira-o", "tira-a", "apaga isso",
	"toglilo", "toglila", "toglielo", "levalo", "levala", "cancellalo", "get rid of it", "lose it", "drop it", "ditch it",
	"cut it", "take it out"}

// cliticRemoval9: "Solaris, vire-le, …": a part of the draft, then a
// removal of "it"; it returns the part.
func (a *analysis) cliticRemoval9() (bool, string) {
	if a.nwords > 25 || !a.gate9() || !hasSubstring(a.text8(), cliticRemovals9) {
		return false, ""
	}
	cl := a.clauses7()
	for i := 1; i < len(cl); i++ {
		t := strings.TrimSpace(a.f[cl[i].s:cl[i].e])
		ok := false
		for _, p := range cliticRemovals9 {
			if t == p || strings.HasPrefix(t, p+" ") && len(a.toks(cl[i].s+len(p), cl[i].e)) <= 1 {
				ok = true
				break
			}
		}
		if !ok {
			continue
		}
		obj := a.clauseToks7(cl[i-1])
		if len(obj) > 0 && len(obj) <= 4 && a.overlap9(obj) {
			return true, a.phrase(obj[0].s, obj[len(obj)-1].e)
		}
	}
	return false, ""
}

// a part dismissed in a clause of its own ("l'histoire des moutons, pas la peine")
var dismissals9 = []string{"pas la peine", "on oublie", "oublie ça", "laisse tomber", "on laisse tomber", "forget it", "skip it",
	"leave it out", "never mind that", "not needed", "no need", "olvídalo", "déjalo fuera", "fuera", "sobra", "не надо", "не нужно",
	"забудь", "vergiss es", "lass es weg", "lass das weg", "brauchen wir nicht", "esquece", "deixa pra lá", "deixa de fora",
	"lascia perdere", "lasciamo perdere", "lasciala fuori", "lascialo fuori", "non serve"}

// zh endings that drop the part named before them ("羊圈的事就别说了")
var cjkDismissEnds9 = []string{"就别说了", "就别提了", "就不要写了", "就不用写了", "就不要提了", "就算了", "就不要了", "は要らない",
	"はなしで", "はやめて", "はやめておいて"}

// dismissedPart9: a part of the draft, then a clause or an ending that
// drops it; it returns the part.
func (a *analysis) dismissedPart9() (bool, string) {
	if a.nwords > 25 || !a.gate9() {
		return false, ""
	}
	if a.turnCJK() {
		for _, c := range a.clauses7() {
			t := strings.TrimRight(a.f[c.s:c.e], "。！!吧 ")
			for _, e := range cjkDismissEnds9 {
				if strings.HasSuffix(t, e) && len(t) > len(e) {
					head := strings.TrimSuffix(t, e)
					if a.cjkInDraft8(head) {
						return true, head
					}
				}
			}
		}
	}
	if !hasSubstring(a.text8(), dismissals9) {
		return false, ""
	}
	cl := a.clauses7()
	for i := 1; i < len(cl); i++ {
		t := strings.TrimSpace(a.f[cl[i].s:cl[i].e])
		if k, _ := phraseAt9(t, dismissals9); k != 0 || len(a.toks(cl[i].s, cl[i].e)) > 5 {
			continue
		}
		obj := a.clauseToks7(cl[i-1])
		if len(obj) > 0 && len(obj) <= 5 && a.looseOverlap9(obj) && !a.questionAt7(cl[i-1]) {
			return true, a.phrase(obj[0].s, obj[len(obj)-1].e)
		}
	}
	return false, ""
}

// "maybe not the sheep story", "peut-être pas la Bretagne": a part of the
// draft ruled out as a suggestion
var maybeNots9 = []string{"maybe not", "perhaps not", "probably not", "better not", "peut-être pas", "peut-etre pas",
	"vielleicht nicht", "vielleicht lieber nicht", "lieber nicht", "quizás no", "quizá no", "mejor no", "talvez não", "melhor não",
	"magari non", "forse non", "meglio non", "может, не", "может не", "лучше не", "не стоит"}

// maybeNot9 reports a clause opening with "maybe not" and naming a part
// of the draft, or a part named before "лучше не упоминать"; it returns
// the part.
func (a *analysis) maybeNot9() (bool, string) {
	if a.nwords > 25 || !a.gate9() || !hasSubstring(a.text8(), maybeNots9) {
		return false, ""
	}
	for _, c := range a.clauses7() {
		if a.questionAt7(c) {
			continue
		}
		t := a.f[c.s:c.e]
		k, p := phraseAt9(t, maybeNots9)
		if k < 0 {
			continue
		}
		var obj []tok
		if k == 0 {
			obj = a.toks(c.s+len(p), c.e)
		} else if after := a.toks(c.s+k+len(p), c.e); len(after) > 0 && len(after) <= 2 && mentionVerbs9[after[0].w] {
			obj = a.toks(c.s, c.s+k) // "историю с дачей лучше не упоминать"
		}
		for len(obj) > 0 && mentionVerbs9[obj[0].w] {
			obj = obj[1:]
		}
		if len(obj) > 0 && len(obj) <= 6 && a.looseOverlap9(obj) {
			return true, a.phrase(obj[0].s, obj[len(obj)-1].e)
		}
	}
	return false, ""
}

var mentionVerbs9 = set(`mention mentioning include say talk write упоминать писать говорить включать erwähnen schreiben mencionar
escribir poner mentionner écrire parler citer menzionare scrivere parlare falar escrever`)

// Russian "let's remove" forms, not cues of the screen ("овец давай уберём")
var weRemove9 = []string{"уберём", "уберем", "удалим", "вычеркнем", "выкинем", "уберите", "quitemos", "enlevons", "retirons",
	"togliamo", "tiremos", "streichen wir", "lassen wir weg", "let's drop", "let's cut", "let's lose", "lets drop", "lets cut"}

// weRemove9: a short turn naming a part of the draft with a "let's
// remove" form; it returns the part.
func (a *analysis) weRemove9() (bool, string) {
	if a.nwords > 12 || !a.gate9() || !hasSubstring(a.text8(), weRemove9) || a.isQuestion9() {
		return false, ""
	}
	k, p := phraseAt9(a.f, weRemove9)
	if k < 0 {
		return false, ""
	}
	obj := a.toks(0, k)
	if len(obj) == 0 {
		obj = a.toks(k+len(p), len(a.f))
	}
	for len(obj) > 0 && (discourse[obj[0].w] || obj[0].w == "давай" || obj[0].w == "давайте") {
		obj = obj[1:]
	}
	for len(obj) > 0 && (obj[len(obj)-1].w == "давай" || obj[len(obj)-1].w == "давайте") {
		obj = obj[:len(obj)-1]
	}
	if len(obj) == 0 || len(obj) > 5 || !a.looseOverlap9(obj) {
		return false, ""
	}
	return true, a.phrase(obj[0].s, obj[len(obj)-1].e)
}

// ---- class: a wrong output after code (correct)

var outputVerbs9 = []string{"returns", "returned", "return", "gives", "gave", "outputs", "prints", "printed", "says", "kommt",
	"gibt", "liefert", "ergibt", "devuelve", "da", "sale", "renvoie", "retourne", "donne", "affiche", "возвращает", "выдаёт",
	"выдает", "выводит", "получается", "retorna", "devolve", "dá", "sai", "restituisce", "dà", "stampa", "esce", "返回", "输出",
	"得到", "返す", "返って", "になる", "になります", "出る"}

var contrastAlso9 = set(`but however though also too aber doch auch pero también mais aussi но а тоже также mas também ma anche però`)

var cjkContrast9 = []string{"但", "也", "却", "も", "けど", "のに"}

var literals9 = set(`true false none null nan undefined nil`)

// wrongOutput9: "bei 2 kommt False raus, 2 ist aber eine Primzahl", "1900年它也
// 返回True了": after code, an input and the output it gave, with a
// contrast or an "also".
func (a *analysis) wrongOutput9() bool {
	if !a.prevCode || a.nwords > 25 || a.isQuestion9() || !a.literal9() || !hasSubstring(a.text8(), outputVerbs9) {
		return false
	}
	ts := a.toks(0, len(a.f))
	lit, contrast := false, false
	for _, t := range ts {
		if literals9[t.w] {
			lit = true
		}
		if contrastAlso9[t.w] {
			contrast = true
		}
	}
	for _, c := range cjkContrast9 {
		if strings.Contains(a.f, c) {
			contrast = true
		}
	}
	k, _ := phraseAt9(a.f, outputVerbs9)
	return lit && contrast && k >= 0
}

// outputParticle9 reports that every accepted cue is the particle of an
// output verb ("kommt False raus"), not a removal.
func (a *analysis) outputParticle9() bool {
	for _, x := range a.acc {
		if x.h.Keyword != "raus" && x.h.Keyword != "heraus" {
			return false
		}
	}
	return len(a.acc) > 0
}

// ---- class: incredulity at a part of the draft (correct)

var incredulity9 = []string{"ma dai", "come on", "seriously", "en serio", "¿en serio", "sérieux", "serieux",
	"echt jetzt", "ernsthaft", "серьёзно", "серьезно", "sério", "真的假的", "まじ", "マジ"}

var doubtFacts9 = set(`possible posible possibile possível possivel möglich moglich возможно true real verdad vrai wahr правда
verdade vero realistic realista`)

// question words: "ma chi è … davvero?" asks, it does not doubt the draft
var whWords9 = set(`who what which why how when where chi cosa perché come quién qué quien que qui quoi pourquoi comment wer was
warum wie wo кто что почему как quem porquê por`)

// incredulous9: "la panna nella carbonara?? ma dai": a part of the draft
// asked about in disbelief.
func (a *analysis) incredulous9() bool {
	if a.nwords > 10 || !strings.Contains(a.f, "?") && !strings.Contains(a.f, "？") || !a.gate9() || !hasSubstring(a.text8(), incredulity9) {
		return false
	}
	if k, _ := phraseAt9(a.f, incredulity9); k < 0 {
		return false
	}
	if ts := a.toks(0, len(a.f)); len(ts) == 0 || whWords9[ts[0].w] {
		return false
	}
	for _, t := range a.toks(0, len(a.f)) {
		if doubtFacts9[t.w] {
			return false // "¿en serio es posible?": a fact doubted, nothing to fix
		}
	}
	for _, t := range a.toks(0, len(a.f)) {
		if !t.cjk && utf8.RuneCountInString(t.w) >= 4 && !stopish[t.w] && !fillers[t.w] && !discourse[t.w] && a.draftStem6(t.w) {
			for _, x := range incredulity9 {
				if strings.Contains(x, t.w) {
					return false
				}
			}
			return true
		}
	}
	return false
}

// ---- class: tests asked for the code (extend)

var testAsks9 = []string{"test for it", "tests for it", "test for this", "tests for this", "tests too", "test too", "tests as well",
	"test as well", "some tests", "unit tests", "a unit test", "table test", "tests dazu", "test dazu", "auch tests", "pruebas también",
	"tests también", "test también", "des tests", "tests aussi", "тесты тоже", "тест к", "тесты к", "testes também", "anche i test",
	"anche un test", "テストも", "也写个测试", "加个测试", "写个测试", "写一下测试"}

// testsToo9: "can you write a table test for it as well" after code.
func (a *analysis) testsToo9() bool {
	if !a.prevCode || a.nwords > 20 || !a.gate9() || !hasSubstring(a.text8(), testAsks9) {
		return false
	}
	k, _ := phraseAt9(a.f, testAsks9)
	return k >= 0
}

// ---- class: a count of bullets or sentences for the draft (reformat)

var countUnits9 = set(`puces puce bullets bullet points sentences lines phrases frases viñetas puntos stichpunkten stichpunkte sätzen
punkten пунктах пункта предложениях предложения tópicos topicos frasi punti`)

var countPreps9 = set(`en in em в`)

var itPronouns9 = set(`le la les it this that lo es das это его isso o lo`)

// countForm9: "tu peux me le faire en 3 puces ?": the draft itself asked
// in N bullets or sentences.
func (a *analysis) countForm9() bool {
	if a.nwords > 10 || a.prevCode || !strings.ContainsAny(a.f, "0123456789") || strings.ContainsAny(a.f, ":\"“«") {
		return false
	}
	ts := a.toks(0, len(a.f))
	pron := false
	for i, t := range ts {
		if itPronouns9[t.w] {
			pron = true
		}
		if i+2 < len(ts) && countPreps9[t.w] && isNumber9(ts[i+1].w) && countUnits9[ts[i+2].w] {
			return pron
		}
	}
	return false
}

// ---- class: a fact that changed makes a part of the draft wrong (correct)

var changedFacts9 = []string{"moved out", "moved away", "has left", "has quit", "passed away", "isn't coming", "isnt coming",
	"won't come", "can't come", "cant come", "no longer", "not anymore", "se mudó", "se fue", "ya no", "est parti", "est partie",
	"a déménagé", "n'est plus", "ist ausgezogen", "nicht mehr", "съехал", "съехала", "уехал", "уехала", "больше не", "se mudou",
	"já não", "non viene", "se n'è andato", "è andato via", "non più", "搬走了", "不来了", "辞职了", "引っ越した", "来られない"}

// factChanged9: "tom moved out last week, it's just me now" with Tom in the
// draft: the draft states what is no longer true.
func (a *analysis) factChanged9() bool {
	if a.nwords > 16 || !a.gate9() || !hasSubstring(a.text8(), changedFacts9) {
		return false
	}
	k, _ := phraseAt9(a.f, changedFacts9)
	if k <= 0 {
		return false
	}
	subj := a.toks(0, k)
	return len(subj) > 0 && len(subj) <= 4 && a.overlap9(subj)
}

// ---- class: the explanation again in a simpler register (reformat)

var simpleAsks9 = []string{"like i'm", "like im", "like i am", "as if i'm", "as if i were", "as if i was", "eli5",
	"como si tuviera", "como si fuera un niño", "como a un niño", "comme si j'avais", "comme à un enfant", "comme a un enfant",
	"als wäre ich", "als ob ich", "wie einem kind", "как пятилетнему", "как ребёнку", "как ребенку", "как для ребёнка",
	"как для ребенка", "como se eu tivesse", "como se eu fosse", "como para uma criança", "come se avessi", "come se fossi",
	"come a un bambino", "小学生にもわかる", "子供にもわかる", "子どもにもわかる", "小学生でもわかる", "小学生能听懂", "小孩都能听懂",
	"小学生都能听懂", "小孩能听懂"}

// words a request for the same explanation again may hold besides the register
var simpleFrame9 = set(`explain explaining explained tell say it this that again can could you please pls plz me to now once more
simpler simply clearly student students beginner beginners newbie years year old a an kid child five ten twelve six seven eight nine explícamelo explícalo explica explicar otra vez
vez años niño tuviera si como de nuevo explique-moi explique ça le la encore fois ans avais comme erklär erkläre erklären es das
noch mal nochmal einmal jahre jahr alt ich wäre als ob объясни объяснить ещё раз это мне explica explicar de novo isso anos eu
tivesse se spiegamelo spiegalo spiega spiegare di nuovo ancora anni avessi se come как пятилетнему ребёнку ребенку для`)

var explainVerbs9 = []string{"explain", "eli5", "explic", "explíc", "expliqu", "erklär", "объясн", "spieg", "説明", "讲", "解释", "说明"}

// explainVerb9 reports a verb of explaining in the turn ("i feel like i'm 10
// again" asks nothing).
func (a *analysis) explainVerb9() bool { return hasSubstring(a.f, explainVerbs9) }

// simpleAgain9: "explain it like i'm 10", "spiegamelo come se avessi 10
// anni", "小学生にもわかるように説明して" after an explanation: the same
// content asked in a simpler register, no new topic.
func (a *analysis) simpleAgain9() bool {
	if a.nwords > 12 || !a.gate9() || !hasSubstring(a.text8(), simpleAsks9) || !a.explainVerb9() {
		return false
	}
	if wordCount(a.prevText()) < 15 && utf8.RuneCountInString(a.prevText()) < 60 {
		return false
	}
	if a.turnCJK() {
		k, _ := phraseAt9(a.f, simpleAsks9)
		return k >= 0 && !strings.ContainsAny(a.f, "什么は？?") && (strings.Contains(a.f, "説明") || strings.Contains(a.f, "讲") ||
			strings.Contains(a.f, "解释") || strings.Contains(a.f, "说明")) // a new topic is asked as a question
	}
	if k, _ := phraseAt9(a.f, simpleAsks9); k < 0 {
		return false
	}
	extra := 0
	for _, t := range a.toks(0, len(a.f)) {
		if simpleFrame9[t.w] || isNumber9(t.w) || discourse[t.w] || politeTail7[t.w] || strings.HasPrefix(t.w, "i") && len(t.w) <= 3 ||
			t.w == "like" || t.w == "if" || t.w == "as" || t.w == "were" || t.w == "was" || t.w == "am" || a.inDraft9(t.w) {
			continue
		}
		extra++
	}
	return extra <= 1
}

// ---- class: change X to Y, also asked as a question, in every language (replace)

// change verbs that take "X to Y" ("changer X en Y", "mudar X para Y")
var changeVerbs9 = set(`change changer changes change-le changez cambia cambiar cambias cambiare cambi mudar muda mude mudas trocar troca
troque ändern änder ändere umändern поменять поменяй поменяешь изменить измени заменить замени`)

// second-person request frames before a change verb
var changeFrames9 = set(`can could would you tu peux pourrais pouvez vous puedes podrías podrias pode podes poderia puoi potresti
kannst du könntest можешь можете могли бы please por favor s'il te plaît plait bitte пожалуйста per favore just`)

// the preposition before the new value, per verb language
var toPreps9 = set(`to into en por in para pra zu auf in на`)

// changeTo9: "tu peux changer vendredi en samedi ?", "pode mudar sexta para
// sábado?", "можешь поменять пятницу на субботу?" with X in the draft; it
// returns X.
func (a *analysis) changeTo9() (bool, string) {
	if a.nwords > 25 {
		return false, ""
	}
	verb := strings.Contains(a.f, "を")
	for _, t := range a.toks(0, len(a.f)) {
		verb = verb || changeVerbs9[t.w]
	}
	if !verb {
		return false, ""
	}
	for _, c := range a.clauses7() {
		ts := a.clauseToks7(c)
		for i, t := range ts {
			if !changeVerbs9[t.w] {
				continue
			}
			// the verb opens the clause, after a request frame at most
			// ("tu peux", "can you", "please"): "how to change …", "what
			// needs to change", "precisamos mudar …" ask or tell otherwise
			frame := true
			for _, x := range ts[:i] {
				if !changeFrames9[x.w] && !discourse[x.w] && !politeTail7[x.w] {
					frame = false
				}
			}
			if !frame {
				break
			}
			for j := i + 2; j < len(ts) && j <= i+6; j++ {
				if !toPreps9[ts[j].w] || j+1 >= len(ts) || t.w == "change" && ts[j].w != "to" && ts[j].w != "into" {
					continue
				}
				old := ts[i+1 : j]
				for len(old) > 0 && (old[0].w == "the" || old[0].w == "le" || old[0].w == "la" || old[0].w == "el" || old[0].w == "il" ||
					old[0].w == "o" || old[0].w == "a" || old[0].w == "den" || old[0].w == "die" || old[0].w == "das" || old[0].w == "lo") {
					old = old[1:]
				}
				nw := ts[j+1:]
				if len(old) == 0 || !a.looseOverlap9(old) || formWords[nw[0].w] || toneWords[nw[0].w] {
					break
				}
				return true, a.phrase(old[0].s, old[len(old)-1].e)
			}
		}
	}
	if strings.Contains(a.f, "を") {
		for _, s := range a.sents {
			t := a.f[s.s:s.e]
			for _, v := range jaMakeTo9 {
				k := strings.Index(t, v)
				if k <= 0 {
					continue
				}
				head := t[:k]
				o := strings.LastIndex(head, "を")
				if o <= 0 {
					continue
				}
				old, nw := head[:o], head[o+len("を"):]
				if i := strings.LastIndexAny(old, "、，,。 「」"); i >= 0 {
					old = old[i+1:]
				}
				if old == "" || nw == "" || utf8.RuneCountInString(old) > 12 || !a.cjkInDraft8(old) || strings.Contains(a.prevText(), nw) {
					continue
				}
				if hasSuffixAny8(nw, jaFormEnds9) || strings.Contains(nw, "もう少し") || strings.Contains(nw, "もっと") ||
					strings.Contains(nw, "ちょっと") {
					continue // "文章を短めにして": a form
				}
				return true, old
			}
		}
	}
	return false, ""
}

var jaMakeTo9 = []string{"にしてください", "にしてもらえ", "にしてほしい", "にして下さい", "に変更できますか", "に変更してください",
	"に変更して", "に直して"}

var jaFormEnds9 = []string{"め", "く", "的", "風", "調", "語", "体", "式", "形", "順"}

// ---- class: Y preferred over X (replace)

// preference frames: the substitute first, then the old item after the comparison word
var preferFrames9 = []string{"rather than", "i'd prefer", "id prefer", "i would prefer", "i'd rather have", "lieber", "mejor",
	"plutôt", "plutot", "лучше", "melhor", "meglio"}

var compareWords9 = set(`than over to als que чем do che di`)

// preferOver9: "rather than a voucher, give a trophy", "lieber Samstag als
// Freitag", "plutôt samedi que vendredi", "i'd prefer saturday over friday"
// with X in the draft; it returns X.
func (a *analysis) preferOver9() (bool, string) {
	if a.nwords > 20 || !a.gate9() || !hasSubstring(a.text8(), preferFrames9) || a.isQuestion9() {
		return false, ""
	}
	ts := a.toks(0, len(a.f))
	for len(ts) > 0 && (discourse[ts[0].w] || interjections8[ts[0].w]) {
		ts = ts[1:]
	}
	if len(ts) < 3 {
		return false, ""
	}
	h := a.f[ts[0].s:]
	for _, p := range preferFrames9 {
		if !strings.HasPrefix(h, p+" ") {
			continue
		}
		rest := a.toks(ts[0].s+len(p), len(a.f))
		if p == "rather than" {
			// "rather than X, Y": X up to the clause's end, Y after it
			for _, c := range a.clauses7() {
				if c.s == ts[0].s {
					old := a.toks(c.s+len(p), c.e)
					if len(old) > 0 && len(old) <= 5 && a.overlap9(old) && c.e < len(a.f) && len(a.toks(c.e, len(a.f))) >= 1 {
						return true, a.phrase(old[0].s, old[len(old)-1].e)
					}
				}
			}
			return false, ""
		}
		for i, t := range rest {
			if i == 0 || i > 4 || !compareWords9[t.w] {
				continue
			}
			old := rest[i+1:]
			if len(old) == 0 || len(old) > 5 || formWords[rest[0].w] || toneWords[rest[0].w] || !a.overlap9(old) || !a.newContent9(rest[:i]) {
				return false, ""
			}
			return true, a.phrase(old[0].s, old[len(old)-1].e)
		}
	}
	return false, ""
}

// ---- class: a part of the draft asked to be another thing (replace)

var beModals9 = set(`can could may should`)

var articles9 = set(`a an one`)

var degreeWords9 = set(`bit little lot touch tad more less`)

// partBe9: "could the prize be a trophy?", "make the prize a trophy", "mach
// aus dem Gutschein einen Pokal": X of the draft to be a Y; it returns X.
func (a *analysis) partBe9() (bool, string) {
	if a.nwords > 20 || !strings.Contains(a.f, "be ") && !strings.Contains(a.f, "make ") && !strings.Contains(a.f, "mach") {
		return false, ""
	}
	ts := a.toks(0, len(a.f))
	for len(ts) > 0 && (discourse[ts[0].w] || leadSkips[ts[0].w] || ts[0].w == "maybe") {
		ts = ts[1:]
	}
	if len(ts) < 5 {
		return false, ""
	}
	switch {
	case beModals9[ts[0].w] && partDets8[ts[1].w]:
		for j := 3; j < len(ts)-2 && j <= 5; j++ {
			if ts[j].w == "be" && articles9[ts[j+1].w] && !degreeWords9[ts[j+2].w] && a.overlap9(ts[2:j]) && !a.overlap9(ts[j+2:]) {
				return true, a.phrase(ts[2].s, ts[j-1].e)
			}
		}
	case ts[0].w == "make" && partDets8[ts[1].w]:
		for j := 3; j < len(ts)-1 && j <= 5; j++ {
			if articles9[ts[j].w] && !degreeWords9[ts[j+1].w] && !formWords[ts[j+1].w] && !toneWords[ts[j+1].w] && a.overlap9(ts[2:j]) &&
				!a.overlap9(ts[j+1:]) {
				return true, a.phrase(ts[2].s, ts[j-1].e)
			}
		}
	case (ts[0].w == "mach" || ts[0].w == "mache") && ts[1].w == "aus":
		for j := 3; j < len(ts)-1 && j <= 6; j++ {
			if (ts[j].w == "ein" || ts[j].w == "eine" || ts[j].w == "einen") && a.overlap9(ts[2:j]) && !a.overlap9(ts[j+1:]) {
				return true, a.phrase(ts[2].s, ts[j-1].e)
			}
		}
	}
	return false, ""
}

// ---- families

func (a *analysis) veto9(typ string) string {
	switch typ {
	case Replace:
		if a.ownSubstitution9() {
			return "a substitution asked about for the user's own doing"
		}
	case Correct:
		if len(a.acc) == 0 && a.factQuestion9() {
			return "a fact of the draft checked with a question"
		}
		if a.cjkAckPlan9() {
			return "accepts the draft and says what the user will do with it"
		}
		if a.badQuestion9() {
			return "asks whether an output is a problem"
		}
	case Other, Extend:
		if a.nextUnit9() {
			return "the next unit of a series: a new artefact"
		}
		if typ == Other && a.cjkAnotherFor9() {
			return "one more for another person"
		}
		if typ == Extend && len(a.acc) == 0 && a.newConcept9() {
			return "a new concept asked to be explained"
		}
	}
	if typ == Reformat || typ == Other || typ == Correct {
		if a.praiseThan9() && !a.strongAcc9() {
			return "praise of the draft by comparison"
		}
		if a.valueQuestion9() && !a.strongAcc9() {
			return "a question about the right value"
		}
	}
	return ""
}

func (a *analysis) policy9() bool {
	ok, _ := a.policyKeepOut8()
	return ok
}

// strongAcc9 reports an accepted withdraw or replace cue.
func (a *analysis) strongAcc9() bool {
	for _, x := range a.acc {
		if x.typ == Withdraw || x.typ == Replace {
			return true
		}
	}
	return false
}

func (a *analysis) retype9(typ, item string) (string, string, string) {
	if typ == Withdraw && a.wrongOutput9() && a.outputParticle9() {
		return Correct, "", "an input and the wrong output, after code"
	}
	if typ == Withdraw && a.saySubstitute9() && !a.policy9() {
		return Replace, item, "a substitute said after the keep-out"
	}
	if typ == Replace {
		if a.swapOrder9() {
			return Reformat, "", "two parts of the draft change places"
		}
		replaceCue := false
		for _, x := range a.acc {
			if x.typ == Replace {
				replaceCue = true
			}
		}
		if !replaceCue && a.ownTextSubstitute9() {
			return Withdraw, item, "the substitute is the draft's own text"
		}
	}
	if typeRank(typ) > typeRank(Replace) && !a.strongAcc9() {
		if ok, it := a.dislikeUse9(); ok {
			return Replace, it, "a disliked part of the draft and what to use"
		}
	}
	if typ == Other && !a.strongAcc9() {
		if ok, it := a.changeTo9(); ok {
			return Replace, it, "change X of the draft to Y"
		}
		if ok, it := a.preferOver9(); ok {
			return Replace, it, "Y preferred over X of the draft"
		}
		if ok, it := a.partBe9(); ok {
			return Replace, it, "a part of the draft to be another thing"
		}
	}
	if typeRank(typ) > typeRank(Withdraw) {
		if ok, it := a.keepOut9(); ok && !a.strongAcc9() {
			return Withdraw, it, "a keep-out without a removal verb"
		}
		if ok, it := a.allergy9(); ok && !a.strongAcc9() {
			return Withdraw, it, "an allergy to a part of the draft"
		}
		if typ == Correct && len(a.acc) == 0 {
			if ok, it := a.maybeNot9(); ok {
				return Withdraw, it, "a part of the draft ruled out as a suggestion"
			}
			if ok, it := a.dismissedPart9(); ok {
				return Withdraw, it, "a part of the draft, then dismissed"
			}
		}
	}
	if typ == Extend && len(a.acc) == 0 && a.simpleAgain9() {
		return Reformat, "", "the explanation again in a simpler register"
	}
	if (typ == Reformat || typ == Other) && a.factChanged9() && !a.strongAcc9() {
		return Correct, "", "a fact that changed makes the draft wrong"
	}
	return "", "", ""
}

// find9 runs the families behind gate9, then those with cheaper
// conditions of their own (code before, a short turn, a question mark).
func (a *analysis) find9() (string, string, string) {
	if t, it, why := a.findGated9(); t != "" {
		return t, it, why
	}
	if a.wrongOutput9() {
		return Correct, "", "an input and the wrong output, after code"
	}
	if ok, it := a.changeTo9(); ok && !a.ownSubstitution9() {
		return Replace, it, "change X of the draft to Y"
	}
	if ok, it := a.partBe9(); ok {
		return Replace, it, "a part of the draft to be another thing"
	}
	if a.incredulous9() {
		return Correct, "", "disbelief at a part of the draft"
	}
	if a.countForm9() {
		return Reformat, "", "the draft in N bullets or sentences"
	}
	if a.simpleAgain9() {
		return Reformat, "", "the explanation again in a simpler register"
	}
	return "", "", ""
}

func (a *analysis) findGated9() (string, string, string) {
	if !a.gate9() {
		return "", "", ""
	}
	if ok, it := a.insteadSwap9(); ok && !a.ownSubstitution9() {
		return Replace, it, "Y instead of X with X in the draft"
	}
	if ok, it := a.cjkChangeTo9(); ok && !a.ownSubstitution9() {
		return Replace, it, "change X to Y with X in the draft"
	}
	if ok, it := a.dislikeUse9(); ok {
		return Replace, it, "a disliked part of the draft and what to use"
	}
	if ok, it := a.putWhere9(); ok {
		return Replace, it, "put Y where the draft says X"
	}
	if ok, it := a.preferOver9(); ok {
		return Replace, it, "Y preferred over X of the draft"
	}
	if ok, it := a.keepOut9(); ok {
		return Withdraw, it, "a keep-out without a removal verb"
	}
	if ok, it := a.topicKeepOut9(); ok {
		return Withdraw, it, "a part named as a topic, then kept out"
	}
	if ok, it := a.cliticRemoval9(); ok {
		return Withdraw, it, "a part of the draft, then removed as \"it\""
	}
	if ok, it := a.allergy9(); ok {
		return Withdraw, it, "an allergy to a part of the draft"
	}
	if ok, it := a.dismissedPart9(); ok {
		return Withdraw, it, "a part of the draft, then dismissed"
	}
	if ok, it := a.maybeNot9(); ok {
		return Withdraw, it, "a part of the draft ruled out as a suggestion"
	}
	if ok, it := a.weRemove9(); ok {
		return Withdraw, it, "a part of the draft and a \"let's remove\""
	}
	if a.testsToo9() {
		return Extend, "", "tests asked for the code"
	}
	if a.factChanged9() {
		return Correct, "", "a fact that changed makes the draft wrong"
	}
	return "", "", ""
}

// gateLists9 are every phrase list behind gate9.
// (The vetoes and type refinements are not behind it: they run only on
// the turns the earlier rules took for revisions, and each first checks
// its own cheaper conditions.)
var gateLists9 = [][]string{insteadOf8, preferFrames9, simpleAsks9, incredulity9, jaChangeTo9, zhChangeTo9, dislikes9, allergies9, wherePhrases9, keepOuts9, negWrites9,
	cliticRemovals9, testAsks9, changedFacts9, dismissals9, cjkDismissEnds9, maybeNots9, weRemove9}

// hasSubstring reports a phrase of ps in t (without word boundaries), by a
// loop of strings.Contains: the rules-9 families read their lists only for
// the turns gate9 passes (or, for the few outside it, after cheaper
// conditions of their own), and rules6 behind its own cheap gates, where an
// automaton of their own would cost more to build than the few short turns
// it reads.
func hasSubstring(t string, ps []string) bool {
	for _, p := range ps {
		if strings.Contains(t, p) {
			return true
		}
	}
	return false
}

// literal9 reports a literal value of code in the turn ("False", "None").
func (a *analysis) literal9() bool {
	for _, t := range a.toks(0, len(a.f)) {
		if literals9[t.w] {
			return true
		}
	}
	return false
}
