package revision

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/revtrace/revtrace/detectors/screen"
)

// The rule families of revision-rules-7, one or more per error class of the
// retired fourth held-out set (testdata/gold/TURNS.md, "Retirement of the
// fourth held-out set"). They run once per candidate turn, after rules6:
// type refinements (a keep-out clause outranks a correction, a substitute
// named after a keep-out makes a replacement), families that find a request
// the earlier rules left out, and vetoes. The examples are in rules7_test.go.

// rules7 revises the verdict typ/item of the earlier rules.
func (a *analysis) rules7(typ, item string) (string, string) {
	if typ != "" {
		if why := a.veto7(); why != "" {
			a.note("rules-7 veto: %s", why)
			return "", ""
		}
		if t, it, why := a.retype7(typ, item); why != "" {
			a.note("rules-7 type: %s", why)
			return t, it
		}
		return typ, item
	}
	if a.turnVeto() != "" || a.transformNew() || a.mat.present && !a.mat.draft && !a.mat.log && !a.mat.context {
		return "", ""
	}
	if a.veto7() != "" {
		return "", ""
	}
	if t, it, why := a.find7(); t != "" {
		a.note("rules-7: %s", why)
		return t, it
	}
	return "", ""
}

// ---- clauses

// clauses7 splits the folded prose at clause punctuation.
func (a *analysis) clauses7() []span {
	if a.clDone7 {
		return a.cl7
	}
	a.clDone7 = true
	var out []span
	start := 0
	add := func(s, e int) {
		for s < e && (a.f[s] == ' ' || a.f[s] == '\t') {
			s++
		}
		for e > s && (a.f[e-1] == ' ' || a.f[e-1] == '\t') {
			e--
		}
		if e > s {
			out = append(out, span{s, e})
		}
	}
	for i := 0; i < len(a.f); {
		b := a.f[i]
		if b < utf8.RuneSelf {
			if clausePunct7[b] && !(b == ':' && i > 0 && i+1 < len(a.f) && isDigit7(a.f[i-1]) && isDigit7(a.f[i+1])) {
				add(start, i)
				start = i + 1
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(a.f[i:])
		if strings.ContainsRune("，。！？；、：", r) {
			add(start, i)
			start = i + n
		}
		i += n
	}
	add(start, len(a.f))
	a.cl7 = out
	return out
}

var clausePunct7 = [utf8.RuneSelf]bool{',': true, '.': true, ';': true, '!': true, '?': true, '\n': true, ':': true}

var politeTail7 = set(`pls plz please porfa por favor favor bitte stp svp пожалуйста per favore thanks thx grazie merci gracias danke obrigado obrigada спасибо`)

var clauseConj7 = set(`and y et und e и а also and, but pero mais aber mas ma но`)

// clauseToks7 returns the tokens of clause c, cut from the turn's tokens.
func (a *analysis) clauseToks7(c span) []tok {
	all := a.toks(0, len(a.f))
	i := 0
	for i < len(all) && all[i].s < c.s {
		i++
	}
	j := i
	for j < len(all) && all[j].e <= c.e {
		j++
	}
	return all[i:j:j]
}

// words of the clause without leading conjunctions and trailing politeness
func trimClause7(ts []tok) []tok {
	for len(ts) > 0 && clauseConj7[ts[0].w] {
		ts = ts[1:]
	}
	for len(ts) > 0 && politeTail7[ts[len(ts)-1].w] {
		ts = ts[:len(ts)-1]
	}
	return ts
}

// ---- class: keep-out clauses (withdraw over correct / other / extend)

// removal imperatives, also with a clitic, that close a clause after the
// part they remove ("про X убери", "X toglilo", "the date, delete it")
var removeImps7 = set(`remove delete drop lose cut scrap ditch quita quítalo quitalo quítala quitala sácalo sacalo bórralo borralo
elimínalo eliminalo elimina enlève enleve enlève-le enleve-le supprime supprime-le retire retire-le entferne streich streiche lösch
lösche убери удали убрать вычеркни tira tira-o apaga remove-o tire togli toglilo toglila toglili toglile levalo levala
cancella cancellalo eliminalo`)

var itClitics7 = set(`it that them this`)

// keep-out nouns that need no draft word ("sin emojis", "no hashtags")
var formContent7 = set(`emojis emoji emoticons hashtags hashtag exclamation jokes joke slang emojis, smileys смайлики эмодзи хэштеги`)

var noWords7 = set(`sin without sans ohne без sem senza no`)

var determiners7 = set(`the a an el la los las le les un una der die das den il lo gli i o os as`)

var avoidImps7 = set(`avoid évite évitez evite evita vermeide vermeid избегай evitá`)

var hateWords7 = set(`hates hate detests despises can't cant odia odeia déteste deteste hasst ненавидит detesta`)

var callWords7 = set(`called call calling calls llamen llame llamar llamaran appelle appeler appelée appelé genannt nennt nennen
называют называли chamem chamada chamado chamar chiamino chiamata chiamato chiamare`)

var thirdSubj7 = set(`she he they ella él el elle il sie er она он они ela ele lei lui my mi mon ma mein meine моя мой minha meu mia mio`)

var notDoing7 = []string{"we're not doing", "were not doing", "we are not doing", "we won't do", "we wont do", "we're not going to",
	"we're skipping", "we are skipping", "we're not visiting", "no vamos a hacer", "no vamos a ir", "no vamos a", "on ne fait pas",
	"on ne va pas", "on ne fera pas", "wir machen kein", "wir machen keine", "wir machen nicht", "wir gehen nicht", "não vamos fazer",
	"não vamos", "non facciamo", "non andiamo", "non faremo", "мы не пойдём", "мы не пойдем", "мы не будем", "не поедем"}

var cjkNoMention7 = []string{"不用说", "不用写", "不用提", "不必提", "别提", "不要提", "不用讲", "不要写"}

// keepOutClause7 reports a clause that keeps a part of the draft out
// without a request frame: a removal imperative closing the clause after
// the part, "sin/no/without + the part", "avoid + the part", a third party
// who hates a word of the draft, "we're not doing X", 不用说 + the part and
// "gehört da (eigentlich) nicht hin".
func (a *analysis) keepOutClause7(inRevision bool) (bool, string, string) {
	if a.nwords > 60 {
		return false, "", "" // keep-out clauses stand in short turns
	}
	for ci, c := range a.clauses7() {
		ts := trimClause7(a.clauseToks7(c))
		if len(ts) == 0 {
			continue
		}
		text := a.f[c.s:c.e]
		if a.questionAt7(c) {
			continue
		}
		last := ts[len(ts)-1]
		// "<part> убери", "<part> toglilo", "<part>, delete it"
		end := len(ts) - 1
		if end >= 1 && itClitics7[last.w] && removeImps7[ts[end-1].w] {
			end--
		}
		if removeImps7[ts[end].w] && end >= 1 && end <= 8 && !firstPersonOpeners[ts[0].w] && !openingQuestionWords[ts[0].w] {
			before := ts[:end]
			if a.draftOverlap(before) {
				return true, a.f[before[0].s:before[len(before)-1].e], "a removal imperative closing a clause after the part"
			}
		}
		// "sin emojis porfa", "no cybernetic eye and no airlock threat"
		// (short turns only; "no" not opening the turn: "no need to apologize")
		if inRevision && a.nwords <= 30 && noWords7[ts[0].w] && len(ts) >= 2 && len(ts) <= 9 && !hasCopula7(ts) && (ts[0].w != "no" || ci > 0 && (a.noList7(ts) || len(ts) <= 4 && a.sentenceStart7(c.s))) {
			k := 1
			if determiners7[ts[k].w] && len(ts) > 2 {
				k++
			}
			if formContent7[ts[k].w] || a.draftStem6(ts[k].w) {
				{
					return true, a.f[ts[1].s:ts[len(ts)-1].e], "a keep-out clause without a verb"
				}
			}
		}
		if avoidImps7[ts[0].w] && len(ts) >= 2 && a.draftOverlap(ts[1:min(len(ts), 7)]) {
			e := min(len(ts), 7)
			return true, a.f[ts[1].s:ts[e-1].e], "avoid + a part of the draft"
		}
		for i, t := range ts {
			if !hateWords7[t.w] || i == 0 || !thirdSubj7[ts[0].w] && !thirdSubj7[ts[i-1].w] {
				continue
			}
			call := -1
			for j := i + 1; j < len(ts) && j <= i+4; j++ {
				if callWords7[ts[j].w] {
					call = j
					break
				}
			}
			for j := call + 1; call > 0 && j < len(ts) && j <= call+3; j++ {
				if a.draftStem6(ts[j].w) || utf8.RuneCountInString(ts[j].w) == 4 && strings.Contains(a.prevText(), " "+ts[j].w) {
					return true, ts[j].w, "a third party hates being called a word of the draft"
				}
			}
		}
		for _, p := range notDoing7 {
			if !notDoingGate7(text) {
				break
			}
			if k := strings.Index(text, p); k >= 0 && hasPhrase(text, p) {
				rest := a.toks(c.s+k+len(p), c.e)
				if len(rest) > 0 && len(rest) <= 6 && a.draftOverlap(rest) {
					return true, a.f[rest[0].s:rest[len(rest)-1].e], "a part of the plan the user is not doing"
				}
			}
		}
		for _, p := range cjkNoMention7 {
			if !strings.Contains(text, "不") && !strings.Contains(text, "别") {
				break
			}
			if strings.HasPrefix(strings.TrimSpace(text), p) && a.draftOverlap(a.toks(c.s+strings.Index(text, p)+len(p), c.e)) {
				return true, strings.TrimSpace(text)[len(p):], "不用说 + a part of the draft"
			}
		}
		// "X gehören da eigentlich nicht hin"
		for i, t := range ts {
			if !strings.HasPrefix(t.w, "gehör") && t.w != "passt" && t.w != "passen" {
				continue
			}
			for j := i + 1; j < len(ts) && j <= i+4; j++ {
				if ts[j].w == "nicht" && j+1 < len(ts) && (ts[j+1].w == "hin" || ts[j+1].w == "rein" || ts[j+1].w == "hinein") && i >= 1 {
					return true, a.f[ts[0].s:ts[i-1].e], "\"gehört da nicht hin\""
				}
			}
		}
	}
	return false, "", ""
}

var copulas7 = set(`is are was were es son era está esta est sont était ist sind war это является é são era è sono`)

func hasCopula7(ts []tok) bool {
	for _, t := range ts {
		if copulas7[t.w] {
			return true
		}
	}
	return false
}

// questionAt7 reports the clause inside a sentence closed by a question mark.
func (a *analysis) questionAt7(c span) bool {
	for _, s := range a.sents {
		if c.s >= s.s && c.s < s.e {
			return endsQuestion(a.sentText(s))
		}
	}
	return false
}

// sentenceStart7 reports pos at the start of a sentence (", no el martes"
// is a contrast, ". no puns" a keep-out).
func (a *analysis) sentenceStart7(pos int) bool {
	for _, s := range a.sents {
		if s.s == pos {
			return true
		}
	}
	return false
}

// notDoingGate7: the clause has a word every notDoing7 phrase holds.
func notDoingGate7(t string) bool {
	return strings.Contains(t, "we") || strings.Contains(t, "on ne") || strings.Contains(t, "vamos") ||
		strings.Contains(t, "wir ") || strings.Contains(t, "non ") || strings.Contains(t, "не ")
}

// noList7: "no X" is a keep-out when it is a list of them ("no X and no Y")
// or the turn asks for a change elsewhere.
func (a *analysis) noList7(ts []tok) bool {
	for i := 2; i+1 < len(ts); i++ {
		if (ts[i].w == "and" || ts[i].w == "or" || ts[i].w == "y" || ts[i].w == "e") && ts[i+1].w == "no" {
			return true
		}
	}
	return false
}

// ---- class: a substitute named after a keep-out (replace over withdraw)

var otherWords7 = []string{"un altro", "un'altra", "un altra", "another", "a different", "otro", "otra", "un autre", "une autre",
	"ein anderes", "einen anderen", "eine andere", "другой", "другое", "другую", "outro", "outra"}

var putVerbs7 = set(`mettici metti mettine put use pon ponme ponle mets mettez setz nimm поставь возьми coloca põe poe bota usa use`)

var onlyThat7 = []string{"só que", "so que", "solo que", "sólo que", "just that", "only that", "juste que", "seulement que",
	"nur dass", "только что", "solo che", "just say", "just put"}

func (a *analysis) substituteNamed7() bool {
	for _, c := range a.clauses7() {
		text := a.f[c.s:c.e]
		for _, o := range otherWords7 {
			k := strings.Index(text, o)
			if k < 0 || !hasPhrase(text, o) {
				continue
			}
			before := a.toks(c.s, c.s+k)
			if n := len(before); n >= 1 && n <= 3 && putVerbs7[before[n-1].w] {
				return true
			}
		}
		t := strings.TrimSpace(text)
		for _, o := range onlyThat7 {
			if strings.HasPrefix(t, o+" ") && len(a.acc) > 0 {
				return true
			}
		}
	}
	return false
}

// ---- class: a verdict on the whole draft with a redo (other over withdraw)

var recipientPreps7 = set(`für for para pour per для`)

// ---- class: a value of the draft stated again, otherwise (correct)

var units7 = set(`hours hour hrs h days day weeks week months month years year minutes mins min euros dollars percent
heures heure jours jour semaines semaine mois ans an minutes horas hora días dias día dia semanas semana meses mes años anos
stunden stunde tage tag wochen woche monate monat jahre jahr minuten часов часа час дней дня день недель недели месяцев месяца
лет года минут ore ora giorni giorno settimane settimana mesi mese anni anno minuti`)

var oneWords7 = set(`one a an un une d'un d'une uno una ein eine einen один одна одну um uma two deux dos zwei два due três tres
three trois drei три tre`)

func numberLike7(w string) bool {
	if oneWords7[w] {
		return true
	}
	for _, r := range w {
		if !unicode.IsDigit(r) && r != '.' && r != ',' && r != ':' {
			return false
		}
	}
	return w != "" && unicode.IsDigit([]rune(w)[0])
}

// quantityContrast7 reports "40 hours", "c'est un préavis d'un mois":
// a quantity in a unit the draft also uses, with another quantity there.
func (a *analysis) quantityContrast7() bool {
	if a.nwords > 14 || a.anyQuestion() {
		return false
	}
	ts := a.toks(0, len(a.f))
	if len(ts) == 0 {
		return false
	}
	// the quantity alone ("40 hours") or stated ("c'est un préavis d'un mois")
	if len(ts) > 3 && !statedOpeners7[ts[0].w] {
		return false
	}
	unit := false
	for _, t := range ts {
		if units7[t.w] {
			unit = true
		}
	}
	if !unit {
		return false
	}
	prev := a.toks7prev()
	for i := 0; i+1 < len(ts); i++ {
		if !numberLike7(ts[i].w) || !units7[ts[i+1].w] {
			continue
		}
		same, other := false, false
		for j := 0; j+1 < len(prev); j++ {
			if prev[j+1].w != ts[i+1].w && strings.TrimSuffix(prev[j+1].w, "s") != strings.TrimSuffix(ts[i+1].w, "s") {
				continue
			}
			if !numberLike7(prev[j].w) && prev[j].w != "de" && prev[j].w != "of" {
				continue
			}
			n := prev[j].w
			if (n == "de" || n == "of") && j >= 1 {
				n = prev[j-1].w
			}
			if n == ts[i].w || n == "d'"+ts[i].w {
				same = true
			} else if numberLike7(n) {
				other = true
			}
		}
		if other && !same {
			return true
		}
	}
	return false
}

var statedOpeners7 = set(`it's its it is c'est es son ist sind это é são è sono actually no nein non нет não`)

// toks7prev tokenizes the folded draft (the last assistant message).
func (a *analysis) toks7prev() []tok {
	p := a.prevText()
	if len(p) > 20000 {
		p = p[:20000]
	}
	return tokenize(p, 0, len(p))
}

// timeContrast7: "it's 9:45 actually" with another time in the draft.
func (a *analysis) timeContrast7() bool {
	if clockTime7(a.f) == "" {
		return false
	}
	for _, c := range a.clauses7() {
		ts := a.toks(c.s, c.e)
		act := false
		for _, t := range ts {
			if t.w == "actually" || t.w == "en realidad" || t.w == "eigentlich" || t.w == "en fait" || t.w == "na verdade" || t.w == "in realtà" {
				act = true
			}
		}
		if !act {
			continue
		}
		text := a.f[c.s:c.e]
		if tm := clockTime7(text); tm != "" && !strings.Contains(a.prevText(), tm) && clockTime7(a.prevText()) != "" {
			return true
		}
	}
	return false
}

// clockTime7 returns the first h:mm time in t.
func clockTime7(t string) string {
	for i := 1; i+2 < len(t); i++ {
		if t[i] == ':' && isDigit7(t[i-1]) && isDigit7(t[i+1]) && isDigit7(t[i+2]) {
			s := i - 1
			if s > 0 && isDigit7(t[s-1]) {
				s--
			}
			return t[s : i+3]
		}
	}
	return ""
}

func isDigit7(b byte) bool { return b >= '0' && b <= '9' }

// ---- class: what the code gives for an input (correct)

var inputPreps7 = set(`with con avec mit com с for`)

var giveVerbs7 = set(`gives returns prints outputs shows dà da devuelve sale renvoie donne affiche gibt liefert zeigt выдаёт выдает
возвращает даёт дает retorna devolve dá restituisce stampa`)

func (a *analysis) codeGives7() bool {
	if !a.prevCode || a.anyQuestion() || a.nwords > 16 {
		return false
	}
	raw := a.rawFold()
	ts := tokenize(raw, 0, len(raw))
	if len(ts) == 0 || !inputPreps7[ts[0].w] {
		return false
	}
	for i := 2; i+1 < len(ts); i++ {
		if giveVerbs7[ts[i].w] && (numberLike7(ts[i+1].w) || ts[i+1].w == "nothing" || ts[i+1].w == "true" || ts[i+1].w == "false") {
			return true
		}
	}
	return false
}

// ---- class: the draft pasted back with an inline remark (correct)

var remarkNeg7 = set(`not wasnt wasn't isnt isn't didnt didn't never wrong no nicht nie pas jamais не нет não nao non`)

func (a *analysis) inlineRemark7() bool {
	raw := a.turn
	if !strings.Contains(raw, " <-") && !strings.Contains(raw, " ← ") {
		return false
	}
	for _, line := range strings.Split(raw, "\n") {
		k := strings.Index(line, " <- ")
		arrow := 4
		if k < 0 {
			k, arrow = strings.Index(line, " ← "), len(" ← ")
		}
		if k < 0 {
			k, arrow = strings.Index(line, " <-- "), 5
		}
		if k <= 0 {
			continue
		}
		remark := screen.Fold(line[k+arrow:])
		before := screen.Fold(line[:k])
		rts := tokenize(remark, 0, len(remark))
		if len(rts) < 3 || !strings.Contains(a.prevText(), strings.TrimSpace(before)) {
			continue
		}
		for _, t := range rts {
			if remarkNeg7[t.w] {
				return true
			}
		}
	}
	return false
}

// ---- class: ja contrasts (X じゃなくて Y にしてください / X ではなく Y です)

var jaContrast7 = []string{"じゃなくて", "ではなく", "じゃなく"}

var jaRequestEnds7 = []string{"にしてください", "にして下さい", "にしてもらえますか", "にしてほしい", "に変えて", "にして", "でお願いします"}

var jaStateEnds7 = []string{"です", "でした", "だよ", "だ"}

func (a *analysis) jaContrast() (string, string) {
	if !strings.Contains(a.f, "なく") {
		return "", ""
	}
	t := strings.TrimRight(strings.TrimSpace(a.f), "。！!")
	for _, m := range jaContrast7 {
		k := strings.Index(t, m)
		if k <= 0 {
			continue
		}
		old := t[:k]
		if i := strings.LastIndexAny(old, "、，,。 "); i >= 0 {
			old = old[i+1:]
		}
		if old == "" || !a.draftOverlap(a.toks(0, k)) {
			continue
		}
		for _, e := range jaRequestEnds7 {
			if strings.HasSuffix(t, e) {
				return Replace, old
			}
		}
		for _, e := range jaStateEnds7 {
			if strings.HasSuffix(t, e) {
				return Correct, ""
			}
		}
	}
	return "", ""
}

// ---- class: replacement and addition requests in question form

var youFrames7 = []string{"can you", "could you", "can u", "could u", "would you", "lo puedes", "la puedes", "puedes", "podrías",
	"podrias", "peux-tu", "pourrais-tu", "tu peux", "tu pourrais", "kannst du", "könntest du", "можешь", "можете", "você pode",
	"voce pode", "pode", "podes", "puoi", "potresti", "me lo puedes", "lo podés"}

var itFrames7 = []string{"can it", "could it", "can the script", "can the code", "can the app"}

func (a *analysis) requestQuestion7() (string, string) {
	for _, s := range a.sents {
		text := a.sentText(s)
		for _, h := range a.hits {
			if h.Start < s.s || h.End > s.e {
				continue
			}
			pre := a.f[s.s:h.Start]
			switch h.Family {
			case screen.Replace:
				for _, fr := range youFrames7 {
					if k := strings.Index(pre, fr); k >= 0 && hasPhrase(pre, fr) && len(a.toks(s.s+k, h.Start)) <= 4 {
						if i := strings.Index(text, "¿"); i > 0 {
							// "lo de X no nos llama, ¿lo puedes cambiar por …?": the part before
							if ts := a.toks(s.s, s.s+i); a.draftOverlap(ts) {
								return Replace, ""
							}
						}
						if a.draftOverlap(a.toks(h.Start, s.e)) {
							return Replace, ""
						}
					}
				}
			case screen.Withdraw, screen.Extend:
				if !a.prevCode {
					continue
				}
				also := false
				for _, t := range a.toks(h.End, s.e) {
					if alsoWords[t.w] {
						also = true
					}
				}
				if !also {
					continue
				}
				for _, fr := range itFrames7 {
					if strings.HasPrefix(strings.TrimSpace(pre), fr) && len(a.toks(s.s, h.Start)) <= 3 {
						return Extend, ""
					}
				}
			}
		}
	}
	return "", ""
}

// ---- class: "make it <feature verb>" after code (extend over other)

func (a *analysis) makeItFeature7() bool {
	if !a.prevCode {
		return false
	}
	ts := a.toks(0, len(a.f))
	for i := 0; i+2 < len(ts); i++ {
		if ts[i].w == "make" && ts[i+1].w == "it" && featureVerbs[ts[i+2].w] {
			return true
		}
	}
	return false
}

// ---- class: new text after a proofreading or same-for lead (negative)

var newTextLeads7 = []string{"fix grammar", "fix the grammar", "fix spelling", "correct grammar", "check grammar", "proofread",
	"same for", "same with", "same thing for", "corrige", "corrígeme", "korrigier", "исправь ошибки", "corregge", "correggi"}

// proofreadNew7 reports "fix grammar: <new text>" / "same for today's: <notes>":
// a short lead before a colon and new text the draft does not hold.
func (a *analysis) proofreadNew7() bool {
	k := indexAnyRune(a.f[:min(len(a.f), 44)], ":：")
	if k <= 0 || k > 40 {
		return false
	}
	lead := strings.TrimSpace(a.f[:k])
	ok := false
	for _, l := range newTextLeads7 {
		if strings.HasPrefix(lead, l) && len(strings.Fields(lead)) <= 4 {
			ok = true
		}
	}
	if !ok {
		return false
	}
	raw := a.rawFold()
	if len(raw) <= k {
		return false
	}
	return a.mostlyNewWords(raw[k+1:], 6)
}

// mostlyNewWords reports whether text, of at least minToks tokens, has
// content words (four runes or more, no filler) of which under 30% are
// words of the last assistant message: new text, not the draft quoted.
func (a *analysis) mostlyNewWords(text string, minToks int) bool {
	ts := tokenize(text, 0, len(text))
	if len(ts) < minToks {
		return false
	}
	in, n := 0, 0
	for _, t := range ts {
		if utf8.RuneCountInString(t.w) < 4 || fillers[t.w] || stopish[t.w] {
			continue
		}
		n++
		if a.prevWord(t.w) {
			in++
		}
	}
	return n > 0 && float64(in)/float64(n) < 0.3
}

// ---- class: an explicit change of subject (negative)

var topicChange7 = []string{"別件", "unrelated but", "unrelated,", "unrelated question", "different question", "mudando de assunto",
	"cambiando de tema", "otra pregunta", "autre question", "changement de sujet", "rien à voir", "andere frage", "anderes thema",
	"не по теме", "другой вопрос", "cambiando argomento", "altra domanda", "换个话题", "题外话", "另外问一下"}

func (a *analysis) topicChange7() bool {
	head := a.f
	if len(head) > 60 {
		head = head[:60]
	}
	ascii := isASCIIWord7(head)
	if ascii && !strings.Contains(head, "unrelated") && !strings.Contains(head, "question") && !strings.Contains(head, "de ") &&
		!strings.Contains(head, "frage") && !strings.Contains(head, "thema") && !strings.Contains(head, "argomento") &&
		!strings.Contains(head, "domanda") && !strings.Contains(head, "sujet") {
		return false
	}
	for _, m := range topicChange7 {
		if ascii && m[0] >= 0x80 {
			continue
		}
		if strings.Contains(head, m) {
			return true
		}
	}
	return false
}

// ---- class: form requests the earlier rules left out (reformat)

var yesWords7 = set(`yes yeah yep yup sure ok okay pls please plz yes, sí si oui ja да sim sì はい 好的 好 要 bitte por favor favor svp`)

var offerFrames7 = []string{"would you like", "want me to", "shall i", "should i", "do you want", "i can also", "i can make",
	"¿quieres", "quieres que", "voulez-vous", "veux-tu", "tu veux", "möchtest du", "soll ich", "хотите", "хочешь", "quer que",
	"vuoi che", "vuoi una"}

var offerForms7 = []string{"shorter", "longer", "more formal", "more casual", "formal version", "casual version", "simpler",
	"condensed", "shortened", "version", "más corta", "más formal", "plus courte", "plus formelle", "kürzere", "kürzer",
	"короче", "короткую", "mais curta", "più breve", "più corta"}

// offerAccepted7 reports "yes pls" to the assistant's offer of a changed
// form of its draft ("Would you like a shorter version …?").
func (a *analysis) offerAccepted7() bool {
	ts := a.toks(0, len(a.f))
	if len(ts) == 0 || len(ts) > 3 {
		return false
	}
	for _, t := range ts {
		if !yesWords7[t.w] {
			return false
		}
	}
	p := strings.TrimSpace(a.prevText())
	k := strings.LastIndexAny(p, "\n")
	last := p[k+1:]
	if !strings.HasSuffix(strings.TrimSpace(last), "?") {
		return false
	}
	offer := false
	for _, o := range offerFrames7 {
		if strings.Contains(last, o) {
			offer = true
		}
	}
	if !offer {
		return false
	}
	for _, f := range offerForms7 {
		if strings.Contains(last, f) {
			return true
		}
	}
	return false
}

var oneLiners7 = []string{"one-liner", "one liner", "oneliner", "einzeiler", "en una línea", "en una linea", "en une ligne",
	"одной строкой", "em uma linha", "numa linha", "in una riga", "一行で", "一行代码", "一行写"}

var possibleFrames7 = []string{"can", "could", "geht das", "geht es", "ginge das", "se puede", "puedes", "peut-on", "tu peux",
	"можно", "dá pra", "da pra", "si può", "puoi", "できますか", "能不能", "可以"}

// oneLinerAsked7: "geht das auch als einzeiler?" after code.
func (a *analysis) oneLinerAsked7() bool {
	if !a.prevCode || a.nwords > 16 {
		return false
	}
	hasOL := false
	for _, o := range oneLiners7 {
		if strings.Contains(a.f, o) {
			hasOL = true
		}
	}
	if !hasOL {
		return false
	}
	for _, fr := range possibleFrames7 {
		if strings.HasPrefix(strings.TrimSpace(a.f), fr) || strings.Contains(a.f, fr) && !isASCIIWord7(fr) {
			return true
		}
	}
	return false
}

func isASCIIWord7(s string) bool {
	for _, r := range s {
		if r > 127 {
			return false
		}
	}
	return true
}

var zhDegreeEnds7 = []string{"一点", "一些", "点"}

// zhToneRequest7: "太X了，Y点" — a degree complaint then the wanted degree.
func (a *analysis) zhToneRequest7() bool {
	if a.prevCode || utf8.RuneCountInString(a.f) > 30 || !strings.Contains(a.f, "太") || !strings.Contains(a.f, "了") {
		return false
	}
	for _, c := range a.clauses7() {
		t := strings.TrimSpace(a.f[c.s:c.e])
		for _, e := range zhDegreeEnds7 {
			if !strings.HasSuffix(t, e) {
				continue
			}
			head := []rune(strings.TrimSuffix(t, e))
			if len(head) >= 1 && len(head) <= 3 && isCJKRunes7(head) {
				return true
			}
		}
	}
	return false
}

func isCJKRunes7(rs []rune) bool {
	for _, r := range rs {
		if !unicode.Is(unicode.Han, r) {
			return false
		}
	}
	return true
}

var jaLanguages7 = []string{"英語", "日本語", "中国語", "韓国語", "スペイン語", "フランス語", "ドイツ語", "ロシア語", "イタリア語", "ポルトガル語"}

// jaLanguageRequest7: "コメントを英語にしてもらえますか".
func (a *analysis) jaLanguageRequest7() bool {
	if !strings.Contains(a.f, "語") {
		return false
	}
	for _, l := range jaLanguages7 {
		for _, e := range []string{"にして", "に直して", "に訳して", "で書いて"} {
			if strings.Contains(a.f, l+e) {
				return true
			}
		}
	}
	return false
}

// ---- class: a rejection then "give me something else" (other)

var rejections7 = []string{"no me convence", "not convinced", "doesn't convince", "pas convaincu", "me convainc pas",
	"überzeugt mich nicht", "не нравится", "не убеждает", "não me convence", "nao me convence", "non mi convince", "meh", "nah"}

var giveOther7 = []string{"dame otra cosa", "dame otro", "dame otra", "give me something else", "something else", "another one",
	"donne-moi autre chose", "autre chose", "gib mir was anderes", "was anderes", "дай другое", "дай другой", "что-то другое",
	"me dá outra", "outra coisa", "dammi altro", "qualcos'altro", "qualcosa di diverso"}

func (a *analysis) rejectAndAsk7() bool {
	if a.nwords > 14 || a.anyQuestion() {
		return false
	}
	rej := false
	for _, r := range rejections7 {
		if hasPhrase(a.f, r) {
			rej = true
		}
	}
	if !rej {
		return false
	}
	for _, g := range giveOther7 {
		if k := strings.Index(a.f, g); k >= 0 && hasPhrase(a.f, g) {
			if anyNeg7(a.toks(max(0, k-25), k)) {
				continue // "i don't need something else"
			}
			if cl := a.toks(a.punctClauseStart(a.sentenceOf(k), k), k); len(cl) > 0 && firstPersonOpeners[cl[0].w] {
				continue // "i'll ask for something else"
			}
			rest := a.toks(k+len(g), len(a.f))
			if len(trimClause7(rest)) == 0 {
				return true
			}
		}
	}
	return false
}

func anyNeg7(ts []tok) bool {
	for _, t := range ts {
		if t.w == "need" || t.w == "don't" || t.w == "dont" || t.w == "not" || t.w == "pas" || t.w == "nicht" || t.w == "не" {
			return true
		}
	}
	return false
}

// ---- families

func (a *analysis) veto7() string {
	switch {
	case a.proofreadNew7():
		return "new text after a proofreading or same-for lead"
	case a.topicChange7():
		return "an explicit change of subject"
	}
	return ""
}

func (a *analysis) retype7(typ, item string) (string, string, string) {
	if typeRank(typ) > typeRank(Withdraw) {
		if ok, it, why := a.keepOutClause7(true); ok {
			return Withdraw, it, why
		}
	}
	if typ == Withdraw {
		if a.substituteNamed7() {
			return Replace, item, "a substitute named after the keep-out"
		}
		if f := strings.Fields(item); len(f) > 0 && recipientPreps7[f[0]] && len(f) <= 3 {
			for _, x := range a.acc {
				if x.typ == Other {
					return Other, "", "a verdict on the whole draft for its reader, then a redo"
				}
			}
		}
	}
	if typ == Other && a.makeItFeature7() {
		return Extend, "", "make it + a feature verb after code"
	}
	if typeRank(typ) > typeRank(Correct) && a.timeContrast7() {
		return Correct, "", "a time of the draft stated otherwise"
	}
	return "", "", ""
}

func (a *analysis) find7() (string, string, string) {
	if ok, it, why := a.keepOutClause7(false); ok {
		return Withdraw, it, why
	}
	if t, it := a.jaContrast(); t != "" {
		return t, it, "a ja contrast with a part of the draft"
	}
	if t, it := a.requestQuestion7(); t != "" {
		return t, it, "a request in question form"
	}
	if a.quantityContrast7() {
		return Correct, "", "a quantity of the draft stated otherwise"
	}
	if a.codeGives7() {
		return Correct, "", "what the code gives for an input"
	}
	if a.inlineRemark7() {
		return Correct, "", "the draft pasted back with an inline remark"
	}
	if a.offerAccepted7() {
		return Reformat, "", "accepts the assistant's offer of another form"
	}
	if a.oneLinerAsked7() || a.zhToneRequest7() || a.jaLanguageRequest7() {
		return Reformat, "", "a form asked for in a question or as a degree"
	}
	if a.rejectAndAsk7() {
		return Other, "", "rejects the draft and asks for something else"
	}
	return "", "", ""
}
