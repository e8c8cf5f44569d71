package revision

import (
	"maps"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/revtrace/revtrace/corpora"
	"github.com/revtrace/revtrace/detectors/screen"
)

// The rule families of revision-rules-8, one or more per error class of the
// retired fifth held-out set (testdata/gold/TURNS.md, "Retirement of the
// fifth held-out set"). They run once per candidate turn, after rules7:
// vetoes (new artefacts, game moves, acknowledgements, questions without a
// question mark, answers to a clarifying question), type refinements (a
// keep-out reported or stated as a policy, a substitute named after a
// keep-out, a part cut rather than a length, a removal the code must do, a
// swap with the substitute first, a rejection with another try, forms and
// lengths stated as needs), and families that find a request the earlier
// rules left out. Every phrase-list family first checks its whole list in
// one automaton pass (anyOf); the examples are in rules8_test.go.

// rules8 revises the verdict typ/item of the earlier rules.
func (a *analysis) rules8(typ, item string) (string, string) {
	if typ != "" {
		if why := a.veto8(typ); why != "" {
			a.note("rules-8 veto: %s", why)
			return "", ""
		}
		if t, it, why := a.retype8(typ, item); why != "" {
			a.note("rules-8 type: %s", why)
			return t, it
		}
		return typ, item
	}
	if a.turnVeto() != "" || a.transformNew() || a.mat.present && !a.mat.draft && !a.mat.log && !a.mat.context {
		return "", ""
	}
	if t, it, why := a.find8(); t != "" && a.veto8("") == "" {
		a.note("rules-8: %s", why)
		return t, it
	}
	return "", ""
}

// ---- helpers

// gate8 reports whether the turn holds one of the phrases that the
// phrase-list families of rules8 look for (one automaton pass over the
// turn, memoized): most turns hold none, and then no family list is read.
func (a *analysis) gate8() bool {
	return a.gates()&gate8Bit != 0
}

// text8 returns the folded prose with every run of white space made one
// space (memoized): code and quotes are blanked in the prose, so a long
// paste leaves long runs that the automata need not read. A phrase of
// single-spaced words found in the prose is found here too.
func (a *analysis) text8() string {
	if a.textDone8 {
		return a.text8v
	}
	a.textDone8 = true
	f := a.f
	if len(f) < 512 {
		a.text8v = f
		return f
	}
	b := make([]byte, 0, min(len(f), 4096))
	space := false
	for i := 0; i < len(f); i++ {
		c := f[i]
		if c == ' ' || c == '\n' || c == '\t' || c == '\r' {
			if !space {
				b = append(b, ' ')
			}
			space = true
			continue
		}
		space = false
		b = append(b, c)
	}
	a.text8v = string(b)
	return a.text8v
}

// clauseWords8 returns the words of clause c without leading discourse
// words and interjections.
func (a *analysis) clauseWords8(c span) []string {
	ws := words(a.clauseToks7(c))
	for len(ws) > 0 && (discourse[ws[0]] || interjections8[ws[0]]) {
		ws = ws[1:]
	}
	return ws
}

// interjections open a clause without making it anything but an
// instruction ("uf no pongas …", "ugh, don't mention …").
var interjections8 = set(`uf uff ufa ugh argh ay ah ahh oh ohh ouf ach och ой ох ай ai eh ehm hmm hm mmm mm meh oops whoops ops
upps huch bah pff pfff`)

// laterInstruction8 reports a clause after the first that opens with an
// edit verb ("…, just say sorry and put the link").
func (a *analysis) laterInstruction8() bool {
	for i, c := range a.clauses7() {
		if i == 0 {
			continue
		}
		ws := skipWords(a.clauseWords8(c), leadSkips)
		if len(ws) >= 2 && (imperativeEdits[ws[0]] || editVerbs[ws[0]]) && !a.questionAt7(c) {
			return true
		}
	}
	return false
}

// ---- class: keep-outs reported from a third party or stated as a policy

// reporting verbs: a third party's word relayed ("luis asked me not to …",
// "老板说别写…", "mi jefe dijo que no …")
var reportVerbs8 = set(`asked asks told tells said says wants wanted pidió pidio dijo dice demandé demande dit gebeten gesagt sagt
meinte просил просила попросил попросила сказал сказала говорит pediu disse diz chiesto detto`)

var notWords8 = set(`not no don't dont ne nicht не não nao non`)

// keep-out verbs after a reported negation ("not to put", "de ne pas mettre")
var keepVerbs8 = set(`put mention include write use say name post share show list tag pongas ponga pusiera poner mencionar mencione
mencionara incluir incluya escribir escriba nombrar nombre mettre mentionner écrire ecrire citer inclure nommer erwähnen nennen schreiben
reinschreiben verwenden писать упоминать указывать называть вписывать colocar mencionar escrever citar pôr por mettere nominare
scrivere citare menzionare`)

var cjkReportFrames8 = []string{"说", "让我", "叫我", "要我", "不让"}

var cjkKeepCues8 = []string{"别写", "不要写", "不用写", "别提", "不要提", "不用提", "别说", "不要说", "别放", "不要放", "别加", "不要加"}

var subjectYou8 = set(`you u tu du ты você voce usted vous lei`)

// reportedKeepOut8 reports a keep-out relayed from a third party: a
// reporting verb, then "not to <put/mention …>" with a part of the draft
// in the sentence, or a zh keep-out cue right after 说 / 让我.
func (a *analysis) reportedKeepOut8() (bool, string) {
	if a.nwords > 40 {
		return false, ""
	}
	if !a.gate8() {
		return false, ""
	}
	if hasCJK(a.text8()) && cjkKeepCuesAny8.in(a.text8()) {
		for _, c := range a.clauses7() {
			t := a.f[c.s:c.e]
			for _, k := range cjkKeepCues8 {
				i := strings.Index(t, k)
				if i <= 0 {
					continue
				}
				before := t[:i]
				for _, fr := range cjkReportFrames8 {
					if strings.HasSuffix(before, fr) && !strings.HasSuffix(t, "吗") && !strings.HasSuffix(t, "吗？") {
						obj := strings.TrimSuffix(strings.TrimSpace(t[i+len(k):]), "了")
						if obj != "" && utf8.RuneCountInString(obj) <= 12 {
							return true, obj
						}
					}
				}
			}
		}
		return false, ""
	}
	if !reportVerbsAny8.in(a.text8()) {
		return false, ""
	}
	for _, s := range a.sents {
		if endsQuestion(a.sentText(s)) {
			continue
		}
		ts := a.toks(s.s, s.e)
		for i, t := range ts {
			if !reportVerbs8[t.w] || i > 0 && subjectYou8[ts[i-1].w] {
				continue
			}
			for j := i + 1; j < len(ts) && j <= i+6; j++ {
				if !notWords8[ts[j].w] {
					continue
				}
				for k := j + 1; k < len(ts) && k <= j+3; k++ {
					if !keepVerbs8[ts[k].w] {
						continue
					}
					obj := ts[k+1 : min(len(ts), k+5)]
					if len(obj) == 0 || !a.draftOverlap(ts) {
						break
					}
					return true, a.phrase(obj[0].s, obj[len(obj)-1].e)
				}
				break
			}
		}
	}
	return false, ""
}

// policy phrases: "we're not allowed to give discounts", "no podemos
// ofrecer …", "wir dürfen keine … anbieten"
var policies8 = []string{"we're not allowed to", "were not allowed to", "we are not allowed to", "we aren't allowed to",
	"we arent allowed to", "i'm not allowed to", "im not allowed to", "i am not allowed to", "we can't offer", "we cant offer",
	"we cannot offer", "we can't give", "we cant give", "we cannot give", "we don't offer", "we dont offer", "no podemos ofrecer",
	"no podemos dar", "no nos dejan", "no se nos permite", "on n'a pas le droit de", "nous n'avons pas le droit de",
	"on ne peut pas offrir", "on ne peut pas proposer", "wir dürfen keine", "wir dürfen keinen", "wir dürfen nicht", "ich darf keine",
	"нам нельзя", "мы не можем предлагать", "мы не можем давать", "não podemos oferecer", "não podemos dar", "não podemos dar",
	"non possiamo offrire", "non possiamo dare", "non ci è permesso", "non ci è concesso"}

// policyKeepOut8 reports a policy that keeps a part of the draft out: the
// policy phrase, then what it forbids, with that in the draft or another
// instruction in the turn.
func (a *analysis) policyKeepOut8() (bool, string) {
	if a.nwords > 40 || !a.gate8() || !policiesAny8.in(a.text8()) {
		return false, ""
	}
	for _, c := range a.clauses7() {
		if a.questionAt7(c) {
			continue
		}
		text := a.f[c.s:c.e]
		for _, p := range policies8 {
			k := strings.Index(text, p)
			if k < 0 || !hasPhrase(text, p) {
				continue
			}
			rest := a.toks(c.s+k+len(p), c.e)
			if len(rest) == 0 {
				continue
			}
			obj := rest[:min(len(rest), 4)]
			if len(obj) > 1 && (keepVerbs8[obj[0].w] || obj[0].w == "give" || obj[0].w == "offer" || obj[0].w == "promise") {
				obj = obj[1:]
			}
			if a.draftOverlap(rest) || a.laterInstruction8() {
				return true, a.phrase(obj[0].s, obj[len(obj)-1].e)
			}
		}
	}
	return false, ""
}

// reportVerbsAny8 and the other prefilters are built in init8 below.

// ---- class: keep-out cues rejected for their surroundings

// negImperatives8: withdraw cues that are negative imperatives ("no
// pongas", "别写", "don't mention").
func negImperative8(kw string) bool {
	for _, p := range []string{"no ", "don't", "do not", "never ", "ne ", "n'", "nicht", "не ", "não ", "non ", "别", "不要", "不用", "不必"} {
		if strings.HasPrefix(kw, p) {
			return true
		}
	}
	return strings.HasSuffix(kw, "ないで")
}

// rejectedKeepOut8 finds a withdraw cue that the cue rules rejected though
// it is the turn's instruction: after an interjection ("uf no pongas …"),
// with a question word inside its object ("别写烧到多少度了"), or after a
// reporting frame ("老板说别写价格"). The object must overlap the draft
// unless a third party's word is relayed.
func (a *analysis) rejectedKeepOut8() (bool, string) {
	if a.nwords > 30 {
		return false, ""
	}
	for _, h := range a.hits {
		if h.Family != screen.Withdraw || !negImperative8(h.Keyword) || a.accepted8(h) {
			continue
		}
		if r := a.mat.region; r.e > r.s && h.Start >= r.s && h.End <= r.e {
			continue
		}
		s := a.sentenceOf(h.Start)
		text := a.sentText(s)
		if endsQuestion(text) || strings.HasSuffix(strings.TrimRight(text, "。！ "), "吗") || strings.HasSuffix(strings.TrimRight(text, "。！ "), "呢") {
			continue
		}
		cs := a.clauseStart(s, h.Start)
		lead := a.toks(cs, h.Start)
		reported := false
		if hasCJK(a.f[cs:h.Start]) {
			l := strings.TrimSpace(a.f[cs:h.Start])
			for _, fr := range cjkReportFrames8 {
				if strings.HasSuffix(l, fr) && utf8.RuneCountInString(l) <= 6 {
					reported = true
				}
			}
			if !reported && !cjkLeadEmpty(l) {
				continue
			}
		} else {
			ok := true
			for _, t := range lead {
				if !interjections8[t.w] && (!discourse[t.w] || t.w == "you" || t.w == "thank") {
					ok = false
				}
			}
			if !ok {
				continue
			}
		}
		obj := a.toks(h.End, min(s.e, h.End+80))
		// an indirect question names a fact of the draft ("how much they
		// cost", "quién falta")
		if len(obj) == 0 || !reported && !questionWords[obj[0].w] && !a.draftOverlap(obj[:min(len(obj), 8)]) {
			continue
		}
		if a.hitType(h, s) != Withdraw {
			continue // "no need to describe them": the cue rules found no change named
		}
		if it := a.item(h, s, Withdraw); it != "" {
			return true, it
		}
		return true, a.phrase(obj[0].s, obj[min(len(obj), 6)-1].e)
	}
	return false, ""
}

func (a *analysis) accepted8(h screen.Hit) bool {
	for _, x := range a.acc {
		if x.h == h {
			return true
		}
	}
	return false
}

// ---- class: a substitute named after a keep-out (replace)

// substitute frames later in the turn: "can it just say …", "写…就行"
var justSay8 = []string{"just say", "just put", "just write", "only say", "simply say", "just have it say", "just call it",
	"que diga solo", "que ponga solo", "pon solo", "di solo", "mets juste", "mets plutôt", "dis juste", "dis plutôt",
	"schreib einfach", "schreib lieber", "schreib stattdessen", "sag einfach", "просто напиши", "лучше напиши", "напиши просто",
	"coloca só", "põe só", "escreve só", "diz só", "scrivi solo", "metti solo", "scrivi invece", "とだけ書いて", "とだけ"}

var cjkEnough8 = []string{"就行", "就好", "就可以", "即可"}

// substitute8 reports a substitute named in a clause after the keep-out.
func (a *analysis) substitute8() bool {
	if !a.gate8() {
		return false
	}
	cl := a.clauses7()
	if len(cl) < 2 {
		return false
	}
	for _, c := range cl[1:] {
		t := strings.TrimSpace(a.f[c.s:c.e])
		if hasCJK(t) {
			if (strings.HasPrefix(t, "写") || strings.HasPrefix(t, "就写") || strings.HasPrefix(t, "改成") || strings.HasPrefix(t, "换成")) &&
				hasSuffixAny8(t, cjkEnough8) {
				return true
			}
			continue
		}
		if !justSayAny8.in(t) {
			continue
		}
		for _, p := range justSay8 {
			k := strings.Index(t, p)
			if k < 0 || !hasPhrase(t, p) {
				continue
			}
			// after at most a short request frame ("can it", "maybe")
			if before := tokenize(t, 0, k); len(before) <= 3 && len(tokenize(t, k+len(p), len(t))) >= 1 {
				return true
			}
		}
	}
	return false
}

func hasSuffixAny8(t string, ends []string) bool {
	for _, e := range ends {
		if strings.HasSuffix(t, e) {
			return true
		}
	}
	return false
}

// ---- class: a part cut, not a length ("cut that line")

var partDeterminers8 = set(`that this those these the`)

// partCut8 reports that every cut to a "length" names a part: the cut verb
// is followed by a demonstrative and the unit, with no number.
func (a *analysis) partCut8() (bool, string) {
	found := false
	for _, x := range a.acc {
		if x.typ != Withdraw || !a.isLengthCut(x.h) {
			continue
		}
		ts := a.toks(x.h.End, min(len(a.f), x.h.End+40))
		if len(ts) < 2 || !partDeterminers8[ts[0].w] {
			return false, ""
		}
		part := false
		for _, t := range ts[1:min(len(ts), 4)] {
			if isNumber(t.w) || numberLike7(t.w) {
				return false, ""
			}
			if lengthUnits[t.w] {
				part = true
			}
		}
		if !part {
			return false, ""
		}
		found = true
	}
	return found, ""
}

// ---- class: a removal the code must do (extend)

var wantItTo8 = []string{"need it to", "needs it to", "want it to", "wants it to", "would like it to", "need the formula to",
	"need the script to", "need the code to", "need the function to", "want the formula to", "want the script to",
	"que también", "qu'il", "dass es", "чтобы он", "чтобы она", "чтобы оно", "que ele", "che anche"}

// removalBehaviour8: "i also need it to skip bank holidays" after code: a
// removal verb names what the program must do with new data.
func (a *analysis) removalBehaviour8() bool {
	if !a.prevCode || a.nwords > 40 || !a.gate8() || !wantItToAny8.in(a.text8()) {
		return false
	}
	for _, x := range a.acc {
		if x.typ != Withdraw {
			continue
		}
		s := a.sentenceOf(x.h.Start)
		lead := a.f[a.clauseStart(s, x.h.Start):x.h.Start]
		ok := false
		for _, p := range wantItTo8 {
			if strings.Contains(lead, p) {
				ok = true
			}
		}
		if !ok {
			return false
		}
		obj := a.toks(x.h.End, s.e)
		if a.draftOverlap(obj[:min(len(obj), 4)]) {
			return false // the draft's own part
		}
	}
	return len(a.acc) > 0
}

// ---- class: a swap with the substitute first ("mets plutôt Y à la place de X")

var insteadOf8 = []string{"instead of", "à la place de", "à la place du", "au lieu de", "au lieu du", "en lugar de", "en lugar del",
	"en vez de", "en vez del", "al posto di", "al posto del", "al posto della", "invece di", "invece del", "statt", "anstelle von",
	"anstatt", "вместо", "em vez de", "em vez do", "em vez da", "no lugar de", "no lugar do", "no lugar da", "em lugar de"}

var ratherWords8 = set(`plutôt plutot mejor invece lieber rather better melhor лучше instead`)

// putInsteadOf8 reports "put Y instead of X" with a put verb opening the
// clause and X a part of the draft; it returns X.
func (a *analysis) putInsteadOf8() (bool, string) {
	if a.nwords > 40 || !a.gate8() || !insteadOfAny8.in(a.text8()) {
		return false, ""
	}
	for _, c := range a.clauses7() {
		if a.questionAt7(c) {
			continue
		}
		ts := trimClause7(a.clauseToks7(c))
		for len(ts) > 0 && (discourse[ts[0].w] || leadSkips[ts[0].w]) {
			ts = ts[1:]
		}
		if len(ts) < 3 || !useVerbs[ts[0].w] {
			continue
		}
		text := a.f[c.s:c.e]
		for _, p := range insteadOf8 {
			k := strings.Index(text, p)
			if k < 0 || !hasPhrase(text, p) {
				continue
			}
			if len(a.toks(ts[0].e, c.s+k)) > 8 && !strings.ContainsAny(a.turn, "\"“”«»'") {
				continue
			}
			old := a.toks(c.s+k+len(p), c.e)
			if len(old) == 0 || len(old) > 8 || !a.draftOverlap(old) {
				continue
			}
			return true, a.phrase(old[0].s, old[len(old)-1].e)
		}
	}
	return false, ""
}

var jaRequestTail8 = []string{"書き直して", "書きなおして", "作り直して", "にして", "ください", "下さい", "もらえますか", "もらえませんか",
	"お願いします", "ほしい", "欲しい"}

// jaInstead8: "Xの代わりにYで…書き直してもらえますか" with X in the draft.
func (a *analysis) jaInstead8() (bool, string) {
	if a.nwords > 60 || !a.gate8() {
		return false, ""
	}
	k := strings.Index(a.f, "の代わりに")
	if k <= 0 {
		return false, ""
	}
	old := a.f[:k]
	if i := strings.LastIndexAny(old, "、，,。 「」"); i >= 0 {
		old = old[i+1:]
	}
	if old == "" || utf8.RuneCountInString(old) > 8 || !a.cjkInDraft8(old) {
		return false, ""
	}
	t := strings.TrimRight(strings.TrimSpace(a.f), "。！？!?")
	for _, e := range jaRequestTail8 {
		if strings.Contains(t, e) {
			return true, old
		}
	}
	return false, ""
}

func (a *analysis) cjkInDraft8(s string) bool {
	r := []rune(s)
	for i := 0; i+1 < len(r); i++ {
		if strings.Contains(a.prevText(), string(r[i:i+2])) {
			return true
		}
	}
	return len(r) == 1 && strings.Contains(a.prevText(), s)
}

// ---- class: a part of the draft asked to be something else, in question form

var otherThing8 = []string{"something else", "something different", "something other", "otra cosa", "algo diferente", "algo distinto",
	"autre chose", "quelque chose d'autre", "was anderes", "etwas anderes", "что-то другое", "что-нибудь другое", "outra coisa",
	"algo diferente", "qualcos'altro", "qualcosa di diverso", "qualcos altro"}

var canBe8 = set(`can could may`)

var partDets8 = set(`the my our your that this his her`)

var nameVerbs8 = set(`called named`)

// partQuestion8 reports "can the X be called Y instead of Z?" and "can the
// X be something else? a Y maybe": a part of the draft as the subject of a
// question that names its substitute.
func (a *analysis) partQuestion8() (bool, string) {
	if a.nwords > 30 || !a.gate8() || !canBeAny8.in(a.text8()) {
		return false, ""
	}
	for si, s := range a.sents {
		ts := a.toks(s.s, s.e)
		for i := 0; i+3 < len(ts); i++ {
			if !canBe8[ts[i].w] || !partDets8[ts[i+1].w] {
				continue
			}
			be := -1
			for j := i + 2; j < len(ts) && j <= i+5; j++ {
				if ts[j].w == "be" {
					be = j
					break
				}
			}
			if be < 0 {
				continue
			}
			subj := ts[i+2 : be]
			if !a.draftWords8(subj) {
				continue
			}
			item := a.phrase(ts[i+1].s, subj[len(subj)-1].e)
			rest := ts[be+1:]
			text := a.f[ts[be].e:s.e]
			// "be called Ivy instead of Lily"
			if len(rest) >= 2 && nameVerbs8[rest[0].w] {
				if k := strings.Index(text, "instead of"); k >= 0 {
					if old := a.toks(ts[be].e+k+len("instead of"), s.e); len(old) > 0 {
						return true, a.phrase(old[0].s, old[len(old)-1].e)
					}
				}
				return true, item
			}
			// "be something else? a concert maybe"
			for _, o := range otherThing8 {
				if !strings.Contains(text, o) {
					continue
				}
				if si+1 < len(a.sents) {
					next := a.toks(a.sents[si+1].s, a.sents[si+1].e)
					if len(next) >= 1 && len(next) <= 5 && !a.draftOverlap(next) {
						return true, item
					}
				}
				after := a.toks(ts[be].e+strings.Index(text, o)+len(o), s.e)
				if len(after) >= 2 && (after[0].w == "like" || after[0].w == "maybe" || after[0].w == "e.g") {
					return true, item
				}
			}
		}
	}
	return false, ""
}

// draftWords8 reports a word of ts in the draft, short words ("fox") too.
func (a *analysis) draftWords8(ts []tok) bool {
	for _, t := range ts {
		if !t.cjk && utf8.RuneCountInString(t.w) == 3 && !stopish[t.w] && !fillers[t.w] && hasToken(a.prevText(), t.w) {
			return true
		}
	}
	return a.draftOverlap(ts)
}

// ---- class: forms and tones asked in a clause of their own

// formClause8 reports a clause that asks for the draft in another form or
// tone ("…, can it be one short paragraph", "…, can we be gentler about
// X"), after a clause that says what is wrong with it.
func (a *analysis) formClause8() bool {
	if a.nwords > 30 || !a.gate8() || !strings.Contains(a.f, "can ") && !strings.Contains(a.f, "could ") {
		return false
	}
	for _, c := range a.clauses7() {
		ws := a.clauseWords8(c)
		if len(ws) < 3 {
			continue
		}
		if a.draftModalForm(ws) {
			return true
		}
		if (ws[0] == "can" || ws[0] == "could") && ws[1] == "we" && (ws[2] == "be" || ws[2] == "make" && len(ws) > 3 && draftPronouns[ws[3]]) {
			rest := ws[3:]
			if ws[2] == "make" {
				rest = ws[4:]
			}
			if formOrToneNext(rest) {
				return true
			}
		}
	}
	return false
}

// "make it sound argentinian": a register or variety of the same text
var soundFrames8 = []string{"make it sound", "make this sound", "make them sound", "have it sound", "que suene", "hazlo sonar",
	"que ça sonne", "fais que ça sonne", "lass es", "чтобы звучало", "чтобы звучал", "que soe", "que pareça", "fallo suonare",
	"falla suonare", "fallo sembrare"}

func (a *analysis) makeItSound8() bool {
	if a.nwords > 60 || !a.gate8() || !soundFramesAny8.in(a.text8()) {
		return false
	}
	for _, p := range soundFrames8 {
		k := strings.Index(a.f, p)
		if k < 0 || !hasPhrase(a.f, p) {
			continue
		}
		rest := a.toks(k+len(p), min(len(a.f), k+len(p)+60))
		if p == "lass es" {
			// "lass es lockerer klingen"
			for _, t := range rest[:min(len(rest), 4)] {
				if strings.HasPrefix(t.w, "kling") {
					return true
				}
			}
			continue
		}
		if len(rest) > 0 && !qualityWords[rest[0].w] {
			return true
		}
	}
	return false
}

// lengthTarget8: "it needs to be like 2 minutes" — a length the draft
// must fit, with no number of that unit in the draft.
var durationUnits8 = set(`minutes minute mins min seconds secs pages page words lines sentences paragraphs characters chars
minutos minuto páginas palabras minutes mots pages minuten seiten wörter минуты минут страницы слов minutos páginas palavras
minuti pagine parole`)

func (a *analysis) lengthTarget8() bool {
	if a.nwords > 30 {
		return false
	}
	for _, x := range a.acc {
		if x.typ != Correct || !statedValues[x.h.Keyword] {
			continue
		}
		// the draft itself is the subject ("also it needs to be …"), not a
		// thing it describes ("the testing should be 2 hours")
		s := a.sentenceOf(x.h.Start)
		subj := false
		for _, t := range a.toks(a.punctClauseStart(s, x.h.Start), x.h.Start) {
			switch {
			case t.w == "it" || t.w == "this" || t.w == "that":
				subj = true
			case discourse[t.w] || leadSkips[t.w]:
			default:
				subj = false
			}
		}
		if !subj {
			continue
		}
		ts := a.toks(x.h.End, min(len(a.f), x.h.End+40))
		for i := 0; i+1 < len(ts) && i <= 3; i++ {
			if (isNumber(ts[i].w) || numberLike7(ts[i].w)) && durationUnits8[ts[i+1].w] && !a.draftQuantity8() {
				return true
			}
		}
	}
	return false
}

// draftQuantity8 reports a number with a unit of time or length in the
// draft ("1 hour", "500 words"): then a stated quantity is a value of the
// content, not the length of the text.
func (a *analysis) draftQuantity8() bool {
	prev := a.toks7prev()
	for j := 0; j+1 < len(prev); j++ {
		if numberLike7(prev[j].w) && (durationUnits8[prev[j+1].w] || units7[prev[j+1].w]) {
			return true
		}
	}
	return false
}

// bareInstead8: "can it be a bit less sappy at the end and land on a joke
// instead" — a trailing "instead" with no old item and no verb of putting,
// next to a form cue: the form decides.
func (a *analysis) bareInstead8() bool {
	form, bare := false, false
	for _, x := range a.acc {
		switch x.typ {
		case Reformat:
			form = true
		case Replace:
			if x.h.Keyword != "instead" {
				return false
			}
			s := a.sentenceOf(x.h.Start)
			if strings.HasPrefix(strings.TrimSpace(a.f[x.h.End:s.e]), "of") || strings.ContainsAny(a.turn, "\"“”«»") {
				return false
			}
			for _, t := range a.toks(a.punctClauseStart(s, x.h.Start), x.h.Start) {
				if useVerbs[t.w] || replaceVerbs[t.w] || t.w == "say" || t.w == "mention" || t.w == "write" {
					return false
				}
			}
			bare = true
		case Withdraw:
			return false
		}
	}
	return form && bare
}

// ---- class: a rejection of the whole draft with another try (other)

var rejections8 = []string{"gefällt mir nicht", "gefällt mir gar nicht", "gefällt mir überhaupt nicht", "gefällt mir so nicht",
	"no me gusta", "no me llega", "no me convence", "no me encanta", "ça me plaît pas", "ça ne me plaît pas", "ca me plait pas",
	"j'aime pas", "je n'aime pas", "bof", "не нравится", "не то", "não gostei", "não curti", "nao gostei", "non mi piace",
	"non mi convince", "non mi piace per niente", "i don't like it", "i dont like it", "don't like it", "dont like it",
	"not feeling it", "doesn't do it for me", "doesnt do it for me", "not it", "nah", "meh", "不喜欢", "不太喜欢", "不满意",
	"気に入らない", "イマイチ", "いまいち", "微妙"}

var redoAsks8 = []string{"neuer versuch", "noch ein versuch", "nochmal", "noch mal", "noch einmal", "prueba con otro", "prueba con otra",
	"prueba otra vez", "intenta otra vez", "inténtalo de nuevo", "intentalo de nuevo", "otro intento", "dame otro", "dame otra",
	"have another go", "another go", "try again", "try another", "another try", "one more try", "give it another shot",
	"essaie encore", "réessaie", "reessaie", "recommence", "propose autre chose", "попробуй ещё", "попробуй еще", "ещё раз", "еще раз",
	"другой вариант", "давай другой", "tenta de novo", "tenta outra", "faz de novo", "faz outro", "outra vez", "prova un altro",
	"prova un'altra", "prova ancora", "riprova", "もう一回", "もう一度", "別のにして", "再来一个", "换一个", "重新写", "再写一个"}

// rejectRedo8 reports a short turn that rejects the draft and asks for
// another try, also as a question ("nee, gefällt mir nicht. neuer
// Versuch?", "no me llega. prueba con otro").
func (a *analysis) rejectRedo8() bool {
	if a.nwords > 16 || !a.gate8() || !rejectionsAny8.in(a.text8()) || !redoAsksAny8.in(a.text8()) {
		return false
	}
	rej, redo := false, false
	for _, p := range rejections8 {
		if hasPhrase(a.f, p) {
			rej = true
			break
		}
	}
	for _, p := range redoAsks8 {
		if hasPhrase(a.f, p) {
			redo = true
			break
		}
	}
	if !rej || !redo {
		return false
	}
	all := a.toks(0, len(a.f))
	_, contrast := a.contrast(all)
	return !contrast
}

// weakOnly8: every accepted cue is a vague or clarifying one ("^no").
func (a *analysis) weakOnly8() bool {
	for _, x := range a.acc {
		if x.typ != Other && !clarifyCues[x.h.Keyword] {
			return false
		}
	}
	return true
}

var differentWords8 = set(`different another new other`)

var partNouns8 = set(`ending end title opening beginning start intro twist punchline name conclusion hook chorus line names`)

var otherPart8 = []string{"otro final", "un final diferente", "une autre fin", "une fin différente", "ein anderes ende",
	"einen anderen schluss", "ein anderes ende", "другую концовку", "другой конец", "другой финал", "outro final",
	"um final diferente", "un altro finale", "un finale diverso", "别的结局", "换个结局", "違う結末", "別の結末"}

// differentPart8: "can you give it a different ending" — a part of the
// draft asked to be otherwise, with no kind named.
func (a *analysis) differentPart8() bool {
	if a.nwords > 25 || !a.gate8() {
		return false
	}
	if otherPartAny8.in(a.text8()) {
		return true
	}
	if !strings.Contains(a.f, "give it") && !strings.Contains(a.f, "give the") {
		return false
	}
	for _, c := range a.clauses7() {
		ws := a.clauseWords8(c)
		for i := 0; i+3 < len(ws); i++ {
			if ws[i] != "give" || ws[i+1] != "it" && ws[i+1] != "the" {
				continue
			}
			j := i + 2
			if ws[j] == "a" || ws[j] == "an" || ws[j] == "story" || ws[j] == "poem" {
				j++
			}
			if j+1 < len(ws) && differentWords8[ws[j]] && partNouns8[ws[j+1]] && j+2 == len(ws) {
				return true
			}
		}
	}
	return false
}

// ---- class: additions asked of the code, and by-the-way wishes (extend)

var itAsks8 = []string{"can it", "could it", "can the function", "can the script", "can the code", "could the function",
	"could the script", "can this", "could this"}

var outputVerbs8 = set(`give return print show output list count also tell log save include display`)

// codeAlso8: "can it give me the highest price too" after code.
func (a *analysis) codeAlso8() bool {
	if !a.prevCode || a.nwords > 25 || !a.gate8() {
		return false
	}
	for _, s := range a.sents {
		text := a.sentText(s)
		ts := a.toks(s.s, s.e)
		for _, fr := range itAsks8 {
			if !strings.HasPrefix(text, fr+" ") {
				continue
			}
			rest := a.toks(s.s+strings.Index(a.f[s.s:s.e], fr)+len(fr), s.e)
			if len(rest) == 0 || !outputVerbs8[rest[0].w] {
				continue
			}
			for i, t := range ts {
				if t.w == "too" || t.w == "also" || t.w == "well" && i > 0 && ts[i-1].w == "as" {
					return true
				}
			}
		}
	}
	return false
}

var byTheWay8 = []string{"ついでに", "顺便", "while you're at it", "while youre at it", "while you are at it", "de paso", "ya que estás",
	"tant que tu y es", "au passage", "wo du schon dabei bist", "bei der gelegenheit", "заодно", "aproveitando", "já que está",
	"già che ci sei"}

var jaWishEnds8 = []string{"ようにしてほしい", "ようにしてください", "ようにして", "してほしい", "してください", "してもらえますか", "追加して",
	"入れて", "加上", "加个", "加一个"}

// byTheWay8: "ついでに棒グラフでも見られるようにしてほしいです" — a wish for
// the draft led by "while you're at it".
func (a *analysis) byTheWay8() bool {
	if a.nwords > 30 || !a.gate8() || !byTheWayAny8.in(a.text8()) {
		return false
	}
	for _, s := range a.sents {
		text := a.sentText(s)
		if hasCJK(text) {
			if (strings.HasPrefix(text, "ついでに") || strings.HasPrefix(text, "顺便")) && (a.prevCode || a.draftOverlap(a.toks(s.s, s.e))) {
				for _, e := range jaWishEnds8 {
					if strings.Contains(text, e) {
						return true
					}
				}
			}
			continue
		}
		for _, p := range byTheWay8 {
			k := strings.Index(text, p)
			if k < 0 || k > 12 {
				continue
			}
			rest := words(tokenize(text, k+len(p), len(text)))
			rest = skipWords(rest, politeSkips)
			if len(rest) >= 2 && (editVerbs[rest[0]] || rest[0] == "make" || rest[0] == "can" || rest[0] == "could") &&
				(a.prevCode || a.draftOverlap(a.toks(s.s, s.e))) {
				return true
			}
		}
	}
	return false
}

// ---- class: a result that does not match, after code (correct)

var mismatch8 = []string{"doesn't match", "doesnt match", "don't match", "dont match", "do not match", "does not match",
	"don't add up", "dont add up", "doesn't add up", "doesnt add up", "numbers are off", "results are off", "no cuadra",
	"no cuadran", "no coincide", "no coinciden", "ne correspond pas", "ne correspondent pas", "ça colle pas", "ça ne colle pas",
	"stimmt nicht überein", "stimmen nicht überein", "passt nicht zusammen", "не сходится", "не сходятся", "не совпадает",
	"не совпадают", "não bate", "não batem", "não confere", "non torna", "non tornano", "non corrisponde", "non corrispondono",
	"对不上", "不一致", "不匹配", "合わない", "合いません", "一致しない", "一致しません"}

func (a *analysis) mismatch8() bool {
	if !a.prevCode || a.nwords > 30 || !a.gate8() || !mismatchAny8.in(a.text8()) || a.anyQuestion() {
		return false
	}
	for _, p := range mismatch8 {
		if hasPhrase(a.f, p) {
			return true
		}
	}
	return false
}

// ---- class: the user will not do a part of the plan, and asks to sort it

var notGoing8 = []string{"i'm not going to", "im not going to", "i am not going to", "i won't", "i wont", "i will not",
	"i don't eat", "i dont eat", "i can't eat", "i cant eat", "i don't drink", "i dont drink", "no voy a", "je ne vais pas",
	"je ne mange pas", "ich werde kein", "ich werde keine", "ich werde nicht", "ich esse kein", "я не буду", "não vou",
	"non ho intenzione di", "non mangio"}

var sortAsks8 = []string{"sort that", "sort it out", "sort this out", "sort that out", "fix that", "fix it", "change that",
	"adjust that", "adjust it", "arréglalo", "arreglalo", "cámbialo", "corrige ça", "change ça", "änder das", "ändere das",
	"исправь", "поменяй", "arruma isso", "muda isso", "sistemalo", "cambialo"}

// notGoingTo8: "i'm not going to cook fish at home …, could you sort that"
// — the user rules a part of the plan out and asks for the fix.
func (a *analysis) notGoingTo8() (bool, string) {
	if a.nwords > 40 || !a.gate8() || !notGoingAny8.in(a.text8()) || !sortAsksAny8.in(a.text8()) {
		return false, ""
	}
	ask := false
	for _, p := range sortAsks8 {
		if hasPhrase(a.f, p) {
			ask = true
		}
	}
	if !ask {
		return false, ""
	}
	for _, c := range a.clauses7() {
		text := a.f[c.s:c.e]
		for _, p := range notGoing8 {
			k := strings.Index(text, p)
			if k < 0 || !hasPhrase(text, p) {
				continue
			}
			rest := a.toks(c.s+k+len(p), c.e)
			if len(rest) == 0 || len(rest) > 8 {
				continue
			}
			obj := rest
			if len(obj) > 1 && !a.draftOverlap(obj[:1]) {
				obj = obj[1:] // the verb: "cook fish"
			}
			e := len(obj)
			for i, t := range obj {
				if t.w == "at" || t.w == "in" || t.w == "for" || t.w == "on" {
					e = i
					break
				}
			}
			if e == 0 {
				continue
			}
			return true, a.phrase(obj[0].s, obj[e-1].e)
		}
	}
	return false, ""
}

// ---- vetoes

// new artefacts next to the draft: "schreib mir jetzt noch einen
// Lebenslauf dazu", "write me a cover letter too"
var artefactNouns8 = set(`cv resume résumé lebenslauf anschreiben bewerbung motivationsschreiben currículum curriculum currículo
poem gedicht poema poème стих стихотворение poesia haiku limerick song lied canción chanson песню canzone story geschichte cuento
histoire рассказ história storia caption tweet bio speech rede discurso discours речь discorso summary zusammenfassung resumen
resumo riassunto essay aufsatz ensayo dissertation эссе redação saggio invitation einladung invitación convite invito`)

var makeMe8 = set(`write make create give do draft compose schreib schreibe mach mache gib erstell erstelle escribe escríbeme hazme
dame redacta écris écris-moi fais fais-moi donne donne-moi rédige напиши сделай дай составь escreve escreva faz faça me dá scrivi
scrivimi fammi dammi fai`)

var meWords8 = set(`me mir mich moi мне mi`)

// newArtefact8 reports a request for a new artefact of another kind next
// to the draft: a creation verb opening the turn (after "now", "ok") and,
// within six words, an artefact noun that neither the draft nor an earlier
// user turn names.
func (a *analysis) newArtefact8() bool {
	ts := a.toks(0, len(a.f))
	if len(ts) < 3 || len(ts) > 16 {
		return false
	}
	i := 0
	for i < len(ts) && (discourse[ts[i].w] || leadSkips[ts[i].w] || ts[i].w == "jetzt" || ts[i].w == "ahora" ||
		ts[i].w == "maintenant" || ts[i].w == "теперь" || ts[i].w == "agora" || ts[i].w == "ora") {
		i++
	}
	if i >= len(ts) || !makeMe8[ts[i].w] {
		return false
	}
	for j := i + 1; j < len(ts) && j <= i+6; j++ {
		w := ts[j].w
		if !artefactNouns8[w] {
			continue
		}
		if a.draftStem6(w) || a.earlierUserWord8(w) {
			return false
		}
		return true
	}
	return false
}

// earlierUserWord8 reports w in an earlier user message of the
// conversation (folded on this use; the veto is rare).
func (a *analysis) earlierUserWord8(w string) bool {
	for _, m := range a.history {
		if m.Role != corpora.RoleUser {
			continue
		}
		c := m.Content
		if len(c) > 4000 {
			c = c[:4000]
		}
		if hasPhrase(screen.Fold(c), w) {
			return true
		}
	}
	return false
}

// one more on a new topic: "再来一首写冬天的", "one more about winter"
var oneMore8 = []string{"one more", "uno más", "una más", "otro más", "otra más", "encore un", "encore une", "noch eins",
	"noch eines", "noch ein", "noch eine", "ещё один", "еще один", "ещё одно", "еще одно", "ещё одну", "еще одну", "mais um",
	"mais uma", "ancora uno", "ancora una", "un altro ancora", "再来一首", "再写一首", "再来一篇", "再写一篇", "再来一个", "再写一个",
	"もう一つ", "もう一首", "もう一本"}

var aboutWords8 = set(`about on sobre sur über про о об sobre su di`)

func (a *analysis) oneMoreNewTopic8() bool {
	if a.nwords > 20 || !oneMoreAny8.in(a.text8()) {
		return false
	}
	for _, p := range oneMore8 {
		k := strings.Index(a.f, p)
		if k < 0 || k > 20 {
			continue
		}
		rest := a.f[k+len(p):]
		if hasCJK(p) {
			// "再来一首写冬天的": 写 / 关于 + a topic the draft does not hold
			r := strings.TrimLeft(rest, "，, ")
			for _, lead := range []string{"写", "关于", "について"} {
				if strings.HasPrefix(r, lead) {
					topic := strings.TrimPrefix(r, lead)
					if e := strings.IndexAny(topic, "的，,。"); e > 0 {
						topic = topic[:e]
					}
					if topic != "" && utf8.RuneCountInString(topic) <= 8 && !a.cjkInDraft8(topic) {
						return true
					}
				}
			}
			if e := strings.Index(rest, "について"); e > 0 && !a.cjkInDraft8(rest[:e]) {
				return true
			}
			continue
		}
		ts := tokenize(rest, 0, len(rest))
		for i, t := range ts {
			if i > 3 {
				break
			}
			if aboutWords8[t.w] && i+1 < len(ts) {
				topic := ts[i+1 : min(len(ts), i+4)]
				in := false
				for _, x := range topic {
					if a.draftStem6(x.w) {
						in = true
					}
				}
				if !in {
					return true
				}
			}
		}
	}
	return false
}

// "agora traduz esse outro parágrafo também: '…'": another text, quoted or
// after a colon, for the same transformation
var otherText8 = []string{"this other", "that other", "the other one", "this one too", "esse outro", "essa outra", "este outro",
	"esta outra", "este otro", "esta otra", "ese otro", "esa otra", "cet autre", "cette autre", "dieses andere", "diesen anderen",
	"diese andere", "этот другой", "эту другую", "это другое", "quest'altro", "quest'altra", "questo altro", "questa altra"}

func (a *analysis) otherTextQuoted8() bool {
	if a.nwords > 60 || !otherTextAny8.in(a.text8()) {
		return false
	}
	raw := a.rawFold()
	k := strings.IndexAny(raw, ":'\"“«")
	if k < 0 {
		return false
	}
	return a.mostlyNewWords(raw[k+1:], 4)
}

// game set-ups in the conversation's first user message
var gameSetups8 = []string{"text adventure", "text-based adventure", "text based adventure", "you are the narrator",
	"be the narrator", "act as the narrator", "dungeon master", "game master", "interactive story", "interactive fiction",
	"let's play", "lets play", "role-play", "roleplay", "role play", "rpg", "tu es le narrateur", "sois le narrateur",
	"jeu de rôle", "eres el narrador", "sé el narrador", "juego de rol", "aventura de texto", "du bist der erzähler",
	"textadventure", "rollenspiel", "ты рассказчик", "будь рассказчиком", "текстовая игра", "ролевая игра", "você é o narrador",
	"seja o narrador", "aventura de texto", "sei il narratore", "gioco di ruolo", "avventura testuale", "文字冒险", "你是旁白",
	"角色扮演", "テキストアドベンチャー", "語り手", "ロールプレイ"}

var moveSubjects8 = set(`i we je j' nous yo ich wir я мы eu nós io noi`)

var notMoveVerbs8 = set(`want wanted need needed meant mean said asked think thought don't dont didn't didnt would like prefer
hate love wish asked can could should will'd`)

// gameMove8 reports a move in a game or role-play that the conversation's
// first user message set up: an action in asterisks, or a first-person
// action ("i pretend to be drunk …").
func (a *analysis) gameMove8() bool {
	t := strings.TrimSpace(a.f)
	if t == "" {
		return false
	}
	move := t[0] == '*'
	if !move {
		ts := a.toks(0, min(len(a.f), 40))
		move = len(ts) >= 3 && moveSubjects8[ts[0].w] && !notMoveVerbs8[ts[1].w]
	}
	if !move {
		return false
	}
	for _, m := range a.history {
		if m.Role != corpora.RoleUser {
			continue
		}
		c := m.Content
		if len(c) > 1000 {
			c = c[:1000]
		}
		return gameSetupsAny8.in(screen.Fold(c))
	}
	return false
}

var noErrors8 = []string{"エラーなく", "エラーなしで", "エラーが出ずに", "no errors", "without errors", "without any errors",
	"without error", "no error", "sin errores", "sin error", "sans erreur", "sans erreurs", "sans aucune erreur", "ohne fehler",
	"ohne fehlermeldung", "без ошибок", "без ошибки", "sem erros", "sem erro", "senza errori", "senza errore", "没有报错", "没报错",
	"没有错误", "无报错", "不报错了"}

var successWords8 = []string{"動きました", "動いた", "動きます", "できました", "works", "worked", "ran", "runs", "running", "funciona",
	"funcionó", "funciono", "marche", "fonctionne", "a marché", "läuft", "lief", "funktioniert", "работает", "заработало", "сработало",
	"funcionou", "rodou", "funziona", "ha funzionato", "成功", "可以了", "跑通", "运行了", "thanks", "thank you", "助かりました",
	"ありがとう", "谢谢", "gracias", "merci", "danke", "спасибо", "obrigad", "grazie"}

// noErrorSuccess8: "エラーなく動きました！" — a negated fault word in a
// report of success.
func (a *analysis) noErrorSuccess8() bool {
	if a.nwords > 20 || !noErrorsAny8.in(a.text8()) || a.anyQuestion() {
		return false
	}
	t := a.text8()
	return successAny8.in(t) && !strings.Contains(t, "but") && !strings.Contains(t, "pero") && !strings.Contains(t, "mais") &&
		!strings.Contains(t, "aber") && !strings.Contains(t, "но ") && !strings.Contains(t, "但")
}

// ownActionAfterAck8: "top, je l'imprime aussi pour la boulangerie" —
// acceptance, then what the user will do with the draft.
func (a *analysis) ownActionAfterAck8() bool {
	ts := a.toks(0, len(a.f))
	if len(ts) < 4 || len(ts) > 16 || !praiseAcks8[ts[0].w] {
		return false
	}
	i := 1
	for i < len(ts) && (ackWords[ts[i].w] || discourse[ts[i].w]) {
		i++
	}
	if i+1 >= len(ts) || !firstPersonOpeners[ts[i].w] && !planWords[ts[i].w] && !strings.HasPrefix(ts[i].w, "j'") {
		return false
	}
	// what the user will do, not what they want of the draft
	return !notMoveVerbs8[ts[i+1].w] && !wishWords[ts[i+1].w] && !foreignWishes[ts[i+1].w]
}

// acceptance words strong enough to close the drafting ("top", "perfect"), not "ok"
var praiseAcks8 = set(`top great perfect perfecto perfekt parfait super genial génial prima klasse отлично супер ótimo otimo perfeito
perfetto ottimo awesome lovely excellent brilliant fantastic amazing 完美 太好了`)

// questions without a question mark: "… can i do a chargeback with my
// bank", "… how did you know"
var bareQuestions8 = []string{"can i", "could i", "should i", "may i", "shall i", "how did you", "how do you know",
	"why did you", "what if i", "puedo", "debo", "est-ce que je", "kann ich", "soll ich", "darf ich", "можно ли", "могу ли",
	"posso", "devo"}

func (a *analysis) bareQuestion8() bool {
	if a.prevCode || a.nwords > 25 || !bareQuestionsAny8.in(a.text8()) {
		return false
	}
	for _, c := range a.clauses7() {
		text := a.f[c.s:c.e]
		for _, p := range bareQuestions8 {
			k := strings.Index(text, p)
			if k < 0 || !hasPhrase(text, p) {
				continue
			}
			// after a conditional or an interjection at most ("if they
			// don't refund can i …", "haha that's … how did you know")
			if len(a.toks(c.s+k+len(p), c.e)) >= 1 {
				return true
			}
		}
	}
	return false
}

// clarifyAnswer8: every assistant message so far is a short question
// ("What tone would you like — formal or casual?"): nothing was produced
// to revise, the turn answers.
func (a *analysis) clarifyAnswer8() bool {
	n := 0
	for _, m := range a.history {
		if m.Role != corpora.RoleAssistant {
			continue
		}
		c := strings.TrimSpace(m.Content)
		if c == "" {
			continue
		}
		if len(c) > 300 || strings.Count(c, "\n") > 2 || !strings.HasSuffix(c, "?") && !strings.HasSuffix(c, "？") {
			return false
		}
		// only questions, after a word of assent at most ("Sure! What tone …?")
		for _, s := range sentences(c) {
			t := strings.TrimSpace(c[s.s:s.e])
			if !endsQuestion(t) && len(strings.Fields(t)) > 3 {
				return false
			}
		}
		n++
	}
	return n > 0
}

// "ist das besser?": an opinion asked about an alternative
var betterQuestions8 = []string{"is that better", "is it better", "is this better", "which is better", "which one is better",
	"ist das besser", "ist es besser", "was ist besser", "welches ist besser", "es mejor", "cuál es mejor", "cual es mejor",
	"c'est mieux", "est-ce mieux", "est-ce que c'est mieux", "lequel est mieux", "это лучше", "что лучше", "é melhor", "qual é melhor",
	"è meglio", "quale è meglio", "qual è meglio", "哪个更好", "哪个好", "どっちがいい", "どちらがいい"}

func (a *analysis) betterQuestion8() bool {
	if !betterQuestionsAny8.in(a.text8()) || !a.anyQuestion() {
		return false
	}
	for _, x := range a.acc {
		if x.typ != Other {
			return false
		}
	}
	for _, s := range a.sents {
		text := a.sentText(s)
		if endsQuestion(text) && betterQuestionsAny8.in(text) {
			return true
		}
	}
	return false
}

// "ho già provato tutto, non funziona niente" after advice: giving up.
var triedAll8 = []string{"tried everything", "ho già provato tutto", "ho provato di tutto", "ho provato tutto", "ya probé todo",
	"ya lo probé todo", "ya he probado todo", "probé de todo", "j'ai déjà tout essayé", "j'ai tout essayé", "ich habe schon alles",
	"hab schon alles", "ich hab alles", "я уже всё пробовал", "я уже все пробовал", "я всё перепробовал", "я все перепробовал",
	"já tentei de tudo", "já tentei tudo", "já experimentei tudo"}

func (a *analysis) triedAll8() bool {
	return !a.prevCode && a.nwords <= 14 && triedAllAny8.in(a.text8())
}

// ---- families

func (a *analysis) veto8(typ string) string {
	if typ == "" || typ == Extend || typ == Other || typ == Reformat {
		if typ != Reformat && a.newArtefact8() {
			return "a new artefact of another kind next to the draft"
		}
		if a.oneMoreNewTopic8() {
			return "one more on a new topic" // "…, same style": the form is the new item's
		}
	}
	if typ == "" {
		return ""
	}
	strong := false
	for _, x := range a.acc {
		if x.typ == Withdraw || x.typ == Replace || x.typ == Reformat {
			strong = true
		}
	}
	switch {
	case a.otherTextQuoted8():
		return "another text for the same transformation"
	case !strong && a.gameMove8():
		return "a move in the game the conversation set up"
	case a.noErrorSuccess8():
		return "reports success without errors"
	case len(a.acc) == 0 && typ != Withdraw && typ != Replace && a.ownActionAfterAck8():
		return "accepts the draft and says what the user will do with it"
	case len(a.acc) == 0 && typ != Withdraw && typ != Replace && a.bareQuestion8():
		return "a question without a question mark"
	case a.clarifyAnswer8():
		return "answers the assistant's clarifying question"
	case typ == Other && a.betterQuestion8():
		return "asks whether an alternative is better"
	case (typ == Correct || typ == Other) && a.triedAll8():
		return "gives up after trying the advice"
	}
	return ""
}

func (a *analysis) retype8(typ, item string) (string, string, string) {
	if typ == Reformat && a.lengthCut() {
		if ok, _ := a.partCut8(); ok {
			for _, x := range a.acc {
				if x.typ == Withdraw {
					return Withdraw, a.item(x.h, a.sentenceOf(x.h.Start), Withdraw), "a part cut, not a length"
				}
			}
		}
	}
	if typeRank(typ) > typeRank(Withdraw) {
		if ok, it := a.reportedKeepOut8(); ok && len(a.acc) == 0 {
			return a.withSubstitute8(it, "a keep-out relayed from a third party")
		}
		if ok, it := a.rejectedKeepOut8(); ok {
			return a.withSubstitute8(it, "a keep-out cue rejected for its surroundings")
		}
		if ok, it := a.policyKeepOut8(); ok && len(a.acc) == 0 {
			return Withdraw, it, "a policy keeps a part of the draft out"
		}
		if ok, it := a.notGoingTo8(); ok && a.weakOnly8() {
			return Withdraw, it, "the user rules out a part of the plan and asks to sort it"
		}
	}
	if typ == Withdraw {
		if a.substitute8() {
			return Replace, item, "a substitute named after the keep-out"
		}
		if a.removalBehaviour8() {
			return Extend, "", "a removal the code must do with new data"
		}
	}
	if typeRank(typ) > typeRank(Replace) {
		if ok, it := a.jaInstead8(); ok {
			return Replace, it, "ja X の代わりに Y with X in the draft"
		}
		if ok, it := a.putInsteadOf8(); ok {
			return Replace, it, "put Y instead of X"
		}
	}
	if (typ == Correct || typ == Reformat) && len(a.acc) > 0 && a.weakOnly8() && a.rejectRedo8() {
		return Other, "", "rejects the draft and asks for another try"
	}
	if typ == Other && a.makeItSound8() {
		return Reformat, "", "make it sound + a register"
	}
	if typ == Correct && a.lengthTarget8() {
		return Reformat, "", "a length the draft must fit"
	}
	if typ == Replace && a.bareInstead8() {
		return Reformat, "", "a bare trailing \"instead\" next to a form cue"
	}
	return "", "", ""
}

// withSubstitute8 types a keep-out: a replacement when a substitute is
// named after it.
func (a *analysis) withSubstitute8(item, why string) (string, string, string) {
	if a.substitute8() {
		return Replace, item, why + ", with a substitute named"
	}
	return Withdraw, item, why
}

func (a *analysis) find8() (string, string, string) {
	if ok, it := a.reportedKeepOut8(); ok {
		t, it, why := a.withSubstitute8(it, "a keep-out relayed from a third party")
		return t, it, why
	}
	if ok, it := a.rejectedKeepOut8(); ok {
		return a.withSubstitute8(it, "a keep-out cue rejected for its surroundings")
	}
	if ok, it := a.policyKeepOut8(); ok {
		return Withdraw, it, "a policy keeps a part of the draft out" // "…, just say sorry": what to say instead is an addition
	}
	if ok, it := a.notGoingTo8(); ok {
		return Withdraw, it, "the user rules out a part of the plan and asks to sort it"
	}
	if a.substitute8() {
		if cl := a.clauses7(); a.draftOverlap(a.toks(cl[0].s, cl[0].e)) {
			return Replace, "", "what the draft should say instead of a part it names"
		}
	}
	if ok, it := a.partQuestion8(); ok {
		return Replace, it, "a part of the draft asked to be something else"
	}
	if ok, it := a.putInsteadOf8(); ok {
		return Replace, it, "put Y instead of X"
	}
	if ok, it := a.jaInstead8(); ok {
		return Replace, it, "ja X の代わりに Y with X in the draft"
	}
	if a.rejectRedo8() {
		return Other, "", "rejects the draft and asks for another try"
	}
	if a.differentPart8() {
		return Other, "", "a part of the draft asked to be different"
	}
	if a.formClause8() {
		return Reformat, "", "a form or tone asked in a clause of its own"
	}
	if a.codeAlso8() || a.byTheWay8() {
		return Extend, "", "an addition asked of the code or by the way"
	}
	if a.mismatch8() {
		return Correct, "", "a result that does not match, after code"
	}
	return "", "", ""
}

// gateLists8 are every phrase list behind gate8, with the words the
// token families start from ("can the", "give it", 就行 …). The vetoes
// are not behind it: each first checks its own cheaper conditions (a
// short turn, no accepted cue).
var gateLists8 = [][]string{cjkKeepCues8, slices.Sorted(maps.Keys(reportVerbs8)), policies8, justSay8, cjkEnough8, {"改成", "换成"},
	wantItTo8, insteadOf8, {"の代わりに"}, canBeGate8, soundFrames8, rejections8, redoAsks8, otherPart8, {"give it", "give the"},
	itAsks8, byTheWay8, mismatch8, notGoing8, sortAsks8}

// canBeGate8: a modal and a determiner or pronoun of the draft, as
// partQuestion8 and formClause8 read them.
var canBeGate8 = []string{"can the", "could the", "may the", "can my", "can our", "can your", "can that", "can this", "can his",
	"can her", "could my", "could our", "could your", "could that", "could this", "can it", "could it", "can we", "could we"}

// gateKeys8 returns, for every phrase of lists, its first gateKeyRunes8
// runes as the part of it that the gate looks for. Whenever
// a phrase occurs, its key does, so the gate passes every turn a family
// could match; the keys make a much smaller automaton than the phrases
// (start-up cost) and, holding a phrase's first words, are still rare.
func gateKeys8(lists [][]string) []string {
	seen := map[string]bool{}
	var out []string
	for _, l := range lists {
		for _, key := range l {
			for utf8.RuneCountInString(key) > gateKeyRunes8 {
				_, n := utf8.DecodeLastRuneInString(key)
				key = key[:len(key)-n]
			}
			if !seen[key] {
				seen[key] = true
				out = append(out, key)
			}
		}
	}
	return out
}

const gateKeyRunes8 = 12

// lazyAnyOf is an anyOf built on its first use: the family lists are read
// only for the turns the gate passes, and most runs never need some of them.
type lazyAnyOf struct {
	lits []string
	once sync.Once
	a    *anyOf
}

func newLazyAnyOf(lits []string) *lazyAnyOf { return &lazyAnyOf{lits: lits} }

func (l *lazyAnyOf) get() *anyOf {
	l.once.Do(func() { l.a = newAnyOf(l.lits) })
	return l.a
}

func (l *lazyAnyOf) in(s string) bool { return l.get().in(s) }

var (
	cjkKeepCuesAny8     = newLazyAnyOf(cjkKeepCues8)
	reportVerbsAny8     = newLazyAnyOf(slices.Sorted(maps.Keys(reportVerbs8)))
	policiesAny8        = newLazyAnyOf(policies8)
	justSayAny8         = newLazyAnyOf(justSay8)
	wantItToAny8        = newLazyAnyOf(wantItTo8)
	insteadOfAny8       = newLazyAnyOf(insteadOf8)
	canBeAny8           = newLazyAnyOf([]string{"can ", "could ", "may "})
	soundFramesAny8     = newLazyAnyOf(soundFrames8)
	rejectionsAny8      = newLazyAnyOf(rejections8)
	redoAsksAny8        = newLazyAnyOf(redoAsks8)
	otherPartAny8       = newLazyAnyOf(otherPart8)
	byTheWayAny8        = newLazyAnyOf(byTheWay8)
	mismatchAny8        = newLazyAnyOf(mismatch8)
	notGoingAny8        = newLazyAnyOf(notGoing8)
	sortAsksAny8        = newLazyAnyOf(sortAsks8)
	oneMoreAny8         = newLazyAnyOf(oneMore8)
	otherTextAny8       = newLazyAnyOf(otherText8)
	gameSetupsAny8      = newLazyAnyOf(gameSetups8)
	noErrorsAny8        = newLazyAnyOf(noErrors8)
	successAny8         = newLazyAnyOf(successWords8)
	bareQuestionsAny8   = newLazyAnyOf(bareQuestions8)
	betterQuestionsAny8 = newLazyAnyOf(betterQuestions8)
	triedAllAny8        = newLazyAnyOf(triedAll8)
)
