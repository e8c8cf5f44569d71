package revision

import (
	"strings"

	"github.com/revtrace/revtrace/detectors/screen"
)

// revision-rules-15: fault statements written from real-dev4 (turns with
// withdraw and replace cues), each stated for every language the screen
// covers:
//
//   - the draft said not to hold something ("it does not include all the
//     subjects", "no incluye los precios", "не содержит дат"): a report of
//     missing content, a correction, not a request to leave it out;
//   - the draft's program behaving otherwise than expected ("the test is
//     outputting 7 instead of 17", "instead of running it just opens in
//     notepad", "выводит 7 вместо 17"): a correction, not a replacement,
//     also after pasted code (the code is the evidence, not new material);
//   - a refusal of part of the draft followed by the substitute in a
//     sentence of its own ("I don't want a reference from a book. Just give
//     me an article"): a replacement, as within one sentence.

// notHeld15 are statements that a text or program lacks something: a
// withdraw cue ("not include", "no incluye") inside one is no instruction.
var notHeld15 = []string{
	"does not include", "doesn't include", "doesnt include", "did not include", "didn't include", "didnt include",
	"does not contain", "doesn't contain", "doesnt contain", "did not contain", "didn't contain",
	"is not included", "isn't included", "are not included", "aren't included", "was not included", "wasn't included",
	"were not included", "weren't included", "you did not include", "you didn't include", "you have not included",
	"you haven't included", "you forgot to include",
	"no incluye", "no incluyó", "no incluiste", "no contiene", "no está incluido", "no están incluidos",
	"n'inclut pas", "n'inclus pas", "n'as pas inclus", "ne contient pas", "n'est pas inclus", "ne sont pas inclus",
	"enthält nicht", "enthält kein", "hast nicht", "ist nicht enthalten", "sind nicht enthalten",
	"não inclui", "não incluiu", "não contém", "não está incluído", "non include", "non hai incluso", "non contiene",
	"non è incluso", "non sono inclusi", "не включает", "не включил", "не включила", "не содержит", "не включены",
	"не включено", "没有包含", "没包含", "不包含", "没有包括", "没包括",
}

// insteadWords are "instead (of)" in each language, and behaveVerbs what a
// program or text does (said of it, in the third person or the
// progressive).
var insteadWords15 = []string{"instead", "en lugar de", "en vez de", "au lieu de", "statt", "anstatt", "em vez de",
	"ao invés de", "invece di", "вместо", "而不是", "代わりに"}

var behaveVerbs15 = set(`outputs outputting output prints printing returns returning shows showing displays displaying
	gives giving opens opening produces producing generates generating results resulting throws throwing
	gets getting got keeps runs running executes goes ends
	devuelve muestra imprime da abre genera sale affiche renvoie retourne donne ouvre génère sort
	gibt zeigt liefert öffnet druckt erzeugt mostra retorna dá abre imprime gera restituisce stampa apre
	выводит показывает возвращает даёт дает открывает печатает выдаёт выдает`)

var behaveCJK15 = []string{"输出", "显示", "返回", "打开", "打印", "得到", "出现", "出力", "表示"}

// rules15 retypes or finds the fault statements above. It runs after
// rules14.
func (a *analysis) rules15(typ, item string) (string, string) {
	switch typ {
	case Withdraw, Extend:
		if a.onlyInNotHeld15(typ) {
			a.note("rules-15: the draft is said to lack something (a fault, not a removal)")
			return Correct, ""
		}
		if typ == Withdraw && a.substituteNext15() {
			a.note("rules-15: the substitute follows in a sentence of its own")
			return Replace, item
		}
	case Replace, "":
		if a.turnVeto() != "" || a.nwords > 120 && !a.prevCode {
			return typ, item
		}
		if a.insteadFault15() {
			a.note("rules-15: the draft's program or text behaves otherwise than expected")
			return Correct, ""
		}
	}
	return typ, item
}

// substituteLeads15 open a sentence that gives what to put in place of
// what the sentence before refused.
var substituteLeads15 = []string{
	"just give", "just use", "just write", "just put", "just show", "just send", "just provide", "just list",
	"only give", "only use", "instead give", "instead use", "instead, give", "instead, use", "instead write",
	"rather give", "rather use", "give me instead", "use instead",
	"solo dame", "sólo dame", "solo usa", "sólo usa", "mejor dame", "mejor usa", "en su lugar",
	"donne-moi juste", "donne-moi plutôt", "donne moi juste", "donne moi plutôt", "utilise plutôt", "mets plutôt",
	"à la place", "gib mir nur", "gib mir lieber", "nimm lieber", "stattdessen", "просто дай", "лучше дай",
	"дай лучше", "вместо этого", "лучше используй", "используй лучше", "só me dê", "apenas me dê", "me dê apenas",
	"em vez disso", "use apenas", "dammi solo", "usa invece", "invece", "只给我", "改成", "换成", "换为", "改为",
}

// substituteNext15 reports a cue whose sentence is followed by one
// opening with a substitute lead (substituteLeads15); it is asked only of
// a turn already taken for a withdrawal.
func (a *analysis) substituteNext15() bool {
	for _, h := range a.hits {
		for i, s := range a.sents {
			if h.Start < s.s || h.Start >= s.e || i+1 >= len(a.sents) {
				continue
			}
			next := a.sents[i+1]
			lead := strings.TrimLeft(a.f[next.s:next.e], " \t\r\n-*•")
			for _, p := range substituteLeads15 {
				if strings.HasPrefix(lead, p) && (len(lead) == len(p) || !isWordByte(lead[len(p)])) {
					return true
				}
			}
		}
	}
	return false
}

// isWordByte reports an ASCII letter, digit or apostrophe of folded text
// (a lead must end at a word's end: "just use" is not "just used"; leads
// in other scripts take any inflection after them).
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '\''
}

// onlyInNotHeld15 reports a turn whose every cue of the family of type
// typ (withdraw: "not include"; extend: "incluye" in "no incluye") lies in
// a statement that something is not held (notHeld15).
func (a *analysis) onlyInNotHeld15(typ string) bool {
	family := screen.Withdraw
	if typ == Extend {
		family = screen.Extend
	}
	var spans []span
	for _, p := range notHeld15 {
		for off := 0; ; {
			k := phraseIndex(a.f, off, len(a.f), p)
			if k < 0 {
				break
			}
			spans = append(spans, span{k, k + len(p)})
			off = k + len(p)
		}
	}
	if len(spans) == 0 {
		return false
	}
	any := false
	for _, h := range a.hits {
		if h.Family != family {
			continue
		}
		any = true
		in := false
		for _, sp := range spans {
			if h.Start < sp.e && h.End > sp.s {
				in = true
				break
			}
		}
		if !in {
			return false
		}
	}
	return any
}

// insteadFault15 reports a sentence stating what the draft's program or
// text does instead of what was expected: "instead" with a behaviour verb
// in the same sentence, no request frame and no imperative opening it,
// after a draft with code or with an error or output pasted.
func (a *analysis) insteadFault15() bool {
	for _, s := range a.sents {
		text := a.f[s.s:s.e]
		k := -1
		for _, w := range insteadWords15 {
			if k = phraseIndex(text, 0, len(text), w); k >= 0 {
				break
			}
		}
		if k < 0 || a.requestFramed15(s) || a.question15(text) {
			continue
		}
		ts := a.toks(s.s, s.e)
		if len(ts) == 0 || editVerbs[ts[0].w] || useVerbs[ts[0].w] || creationVerbs[ts[0].w] {
			continue
		}
		// The behaviour verb near the "instead" (a clause's reach), with
		// no first person between them: "instead of combining it in code
		// i combined it by hand ... the log returns" is the user's doing.
		at := 0
		for at < len(ts) && ts[at].s < s.s+k {
			at++
		}
		behaves := false
		for i := max(0, at-behaveReach15); i < len(ts) && i <= at+behaveReach15 && !behaves; i++ {
			if !behaveVerbs15[ts[i].w] {
				continue
			}
			lo, hi := min(i, at), max(i, at)
			self := false
			for _, t := range ts[lo:hi] {
				self = self || firstPersonOpeners[t.w]
			}
			behaves = !self
		}
		for _, v := range behaveCJK15 {
			behaves = behaves || strings.Contains(text, v)
		}
		if behaves && (a.prevCode || a.mat.log || looksLikeCode(a.f)) {
			return true
		}
	}
	return false
}

// behaveReach15 is how many words from the "instead" the behaviour verb
// may be.
const behaveReach15 = 8

// whyWords15 ask why the draft misbehaves: a question with one is still a
// fault report ("why does it print 0 instead of 17?"); other questions
// ("how can I check it printed instead of cancelling?") ask for
// information.
var whyWords15 = []string{"why", "por qué", "porque", "pourquoi", "warum", "почему", "为什么", "为啥", "perché", "por que"}

func (a *analysis) question15(text string) bool {
	t := strings.TrimRight(text, " \t\r\n")
	if !strings.HasSuffix(t, "?") && !strings.HasSuffix(t, "？") {
		return false
	}
	for _, w := range whyWords15 {
		if phraseIndex(t, 0, len(t), w) >= 0 {
			return false
		}
	}
	return true
}

// requestFramed15 reports a sentence that asks for something ("can you",
// "please", "I want"): a wish for other behaviour is a request, not a
// report.
func (a *analysis) requestFramed15(s span) bool {
	text := a.f[s.s:s.e]
	for _, p := range addressPhrases {
		if p != "you wrote" && p != "you gave" && p != "your answer" && p != "your response" && phraseIndex(text, 0, len(text), p) >= 0 {
			return true
		}
	}
	for _, p := range []string{"should", "must", "make it", "let it", "want it", "need it", "debería", "devrait", "sollte", "deveria", "dovrebbe", "должен", "должна", "应该", "要让"} {
		if phraseIndex(text, 0, len(text), p) >= 0 {
			return true
		}
	}
	return false
}
