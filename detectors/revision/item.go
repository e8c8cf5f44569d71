package revision

import (
	"strings"
	"unicode/utf8"

	"github.com/revtrace/revtrace/detectors/screen"
)

// withoutConstraints follow "without" when it states a constraint, not an
// item to drop ("rewrite it without changing the meaning").
var withoutConstraints = set(`changing altering losing modifying breaking affecting repeating missing sacrificing
	compromising plagiarism plagiarizing plagiarising copying sounding being making giving`)

var withoutCues = set(`without sin sans ohne без sem senza`)

// wishedVerb returns the verb after "don't want to" / "don't need to" / "no
// need to", or "".
func wishedVerb(kw string, after []tok) string {
	switch {
	case kw == "no need to" && len(after) > 0:
		return after[0].w
	case desireCues[kw] && len(after) > 1 && after[0].w == "to":
		return after[1].w
	}
	return ""
}

// wantedVerbs after "don't want to" keep it about content ("don't want to
// use adb", "don't need to mention it").
var wantedVerbs = set(`use include mention see have show write say add put list hear read create make keep repeat
	display print output return call`)

// qualityNouns after "without" make it a quality constraint.
var qualityNouns = set(`error errors mistake mistakes typo typos issue issues problem problems plagiarism bugs bug
	errores erreurs fehler ошибок erros errori`)

// substituteMarks after a removal name a substitute for it.
var substituteMarks = []string{
	"in its place", "in their place", "replace it", "replace them", "replace with", "and replace", "and put",
	"en su lugar", "à la place", "stattdessen", "вместо этого", "em vez disso", "al suo posto", "换成", "改成", "代わりに",
}

// hitType is the revision type a cue stands for in its sentence, or "" when
// the cue names no change after all.
func (a *analysis) hitType(h screen.Hit, s span) string {
	after := a.toks(h.End, s.e)
	next := ""
	if len(after) > 0 {
		next = after[0].w
	}
	switch h.Family {
	case screen.Withdraw:
		if withoutCues[h.Keyword] {
			if withoutConstraints[next] {
				return ""
			}
			// "without any grammar errors": a quality constraint.
			for _, t := range after[:min(len(after), 4)] {
				if qualityNouns[t.w] || strings.HasPrefix(t.w, "plag") {
					return ""
				}
			}
		}
		if (h.Keyword == "don't want" || h.Keyword == "do not want") && (next == "it" || next == "this" || next == "that" || next == "them") {
			return Reformat
		}
		if v := wishedVerb(h.Keyword, after); v != "" && !wantedVerbs[v] {
			return "" // "i don't want to just guess": not about the draft's content
		}
		if h.Keyword == "no more" && next == "than" {
			return "" // "no more than two minutes"
		}
		if h.Keyword == "cut" {
			for _, t := range after[:min(len(after), 3)] {
				switch t.w {
				case "down", "short", "shorter", "back", "half", "words":
					return Reformat
				}
			}
		}
		if a.substituteAfter(h, s) {
			return Replace
		}
		if a.prevCode && a.wishLead(s, h) {
			return Extend // "it needs to also skip blank lines": what the program should do
		}
		return Withdraw
	case screen.Replace:
		if a.behaviourBefore(h, s) {
			return Correct // "it shows some other column instead of the price"
		}
		if cjkStatedContrast(a.f[h.Start:s.e], a.f[h.Start:h.End]) {
			return Correct // "田中様じゃなくて鈴木様です": a statement of fact
		}
		if !a.quotedAfter(h, s) && a.aboutForm(h, s) {
			return Reformat
		}
		return Replace
	case screen.Correct:
		if h.Keyword == "^no" && a.noIsWithdraw(h, after) {
			return Withdraw
		}
		// "without any grammar errors", "free of mistakes": a quality
		// constraint, not a fault of the draft.
		before := a.toks(s.s, h.Start)
		for _, t := range before[max(0, len(before)-4):] {
			switch t.w {
			case "without", "no", "free", "avoid", "sin", "sans", "ohne", "без", "sem", "senza":
				return ""
			}
		}
		return Correct
	case screen.Extend:
		if a.putIntoForm(h, after) {
			return Reformat // "coloca em tópicos pra eu colar no slide", "mettici in una tabella"
		}
		return Extend
	case screen.Reformat:
		return Reformat
	case screen.Generic:
		if a.formVersion(h) || a.makeItForm(h, after) || a.degreeCue(h, after) {
			return Reformat
		}
		if wishCues[h.Keyword] && len(after) > 1 && a.additiveAround(h, s) {
			return Extend // "it should also dump the counts", "es sollte auch die Summe ausgeben", "... too"
		}
		return Other
	}
	return ""
}

// wishCues state what the draft should do ("it should", "es soll"): with an
// additive marker after them they ask for more.
var wishCues = exact("i need it to", "i want it to", "need it to", "want it to", "it should", "it needs to", "it has to",
	"it must", "want the code to", "need the code to", "es soll", "es sollte", "soll sich")

// wishLead reports a lead that states what the draft should do ("it needs
// to also", "es soll", "il doit", "пусть"), so that an edit verb after it is
// a behaviour the code should have, not content to take out.
func (a *analysis) wishLead(s span, h screen.Hit) bool {
	ts := a.toks(a.punctClauseStart(s, h.Start), h.Start) // "also" starts no clause here
	if len(ts) < 2 || !draftPronouns[ts[0].w] && !faultSubjects[ts[0].w] && !draftNouns[ts[0].w] && ts[0].w != "the" &&
		ts[0].w != "es" && ts[0].w != "il" && ts[0].w != "ça" && ts[0].w != "пусть" {
		return false
	}
	for _, t := range ts {
		if wishWords[t.w] {
			return true
		}
	}
	return false
}

// wishWords say what the draft should do.
var wishWords = set(`should needs must has soll sollte muss debe debería deberia doit devrait должен должна должно пусть deve
	deveria dovrebbe`)

// additiveAround reports an additive marker in the sentence of h outside
// the cue ("it should also ...", "also it should ...", "... too", "... as
// well").
func (a *analysis) additiveAround(h screen.Hit, s span) bool {
	ts := a.toks(s.s, s.e)
	for i, t := range ts {
		if t.s >= h.Start && t.e <= h.End {
			continue
		}
		if additiveMarkers[t.w] || t.w == "well" && i > 0 && ts[i-1].w == "as" {
			return true
		}
	}
	return false
}

// degreeCue reports a line-initial "more" / "less" before a matter of tone or
// degree ("less stiff, more friendly", "more playful"), not before a plural
// noun ("more jokes") or a quality word ("more better").
func (a *analysis) degreeCue(h screen.Hit, after []tok) bool {
	if h.Keyword != "^more" && h.Keyword != "^less" {
		return false
	}
	if len(after) == 0 || strings.TrimSpace(a.f[h.End:after[0].s]) != "" {
		return false // "more, without the examples"
	}
	w := after[0].w
	if qualityWords[w] || isNumber(w) || utf8.RuneCountInString(w) < 3 || fillers[w] || stopish[w] || itemStops[w] ||
		objectPronouns[w] || w == "like" || w == "than" || w == "of" {
		return false // "more like this", "more of the same"
	}
	if len(after) > 1 && !strings.ContainsAny(a.f[after[0].e:after[1].s], ",;:-–—.!?/") && !fillers[after[1].w] &&
		!clauseJoiners[after[1].w] {
		return false // "more realistic examples": an adjective of a noun, not of the draft
	}
	if toneWords[w] || formWords[w] {
		return true
	}
	return !strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ous") || strings.HasSuffix(w, "ss")
}

// behaviourBefore reports a replacement cue inside a description of what the
// draft does ("it shows some other column instead of the price", "it prints
// 02 instead of 2"): a fault report, not a swap.
func (a *analysis) behaviourBefore(h screen.Hit, s span) bool {
	ts := a.toks(a.punctClauseStart(s, h.Start), h.Start)
	for i, t := range ts {
		if behaviourVerbs[t.w] && i > 0 {
			switch ts[i-1].w {
			case "it", "this", "that", "still", "now", "just", "code", "output", "script", "page", "app", "program":
				return true
			}
		}
	}
	return false
}

// cjkStatedContrast reports a Japanese "X じゃなくて Y" that ends in a copula
// ("…です", "…だよ"): it states the right value instead of asking to swap.
func cjkStatedContrast(rest, cue string) bool {
	if cue != "じゃなくて" && cue != "ではなく" {
		return false
	}
	rest = strings.TrimRight(rest, " 。！!？?")
	for _, ask := range []string{"にして", "に変え", "にしてください", "でお願い", "に直して", "を使って"} {
		if strings.Contains(rest, ask) {
			return false
		}
	}
	for _, c := range []string{"です", "でした", "だよ", "だ", "ですよ", "ですけど"} {
		if strings.HasSuffix(rest, c) {
			return true
		}
	}
	return false
}

// quotedAfter reports a quoted string right after a replacement cue
// ("change 'Dear Mr. Hughes' to 'Hi Tom'", "remplace « X » par « Y »"): the
// items are text, so the swap is of content even when they are greetings or
// form words.
func (a *analysis) quotedAfter(h screen.Hit, s span) bool {
	rest := strings.TrimLeft(a.turn[a.wordEnd(h.End, s.e):s.e], " ")
	for _, q := range []string{"'", "\"", "«", "“", "‘", "„", "「"} {
		if strings.HasPrefix(rest, q) {
			return true
		}
	}
	return false
}

// makeItForm reports "make it" / "make the X" (or a clitic imperative such
// as "fallo", "hazlo") followed by a matter of tone, register or degree
// ("make it darker", "make it chill", "make it rhyme less obviously", "fallo
// più accattivante"); a quality word ("make it better") stays a generic
// revision.
func (a *analysis) makeItForm(h screen.Hit, after []tok) bool {
	if h.Keyword != "make it" && h.Keyword != "make the" && !cliticImperatives[h.Keyword] {
		return false
	}
	ws := words(after)
	if h.Keyword == "make the" && len(ws) > 0 {
		ws = ws[1:] // "make the ending darker": skip the part named
	}
	return formOrToneNext(ws)
}

// formOrToneNext reports words that open with a change of form or tone:
// after degree words ("a bit", "way", "more"), a tone or form word, a
// comparative ("darker"), or a number (a length); not a quality word.
func formOrToneNext(ws []string) bool {
	degree := false
	for len(ws) > 0 {
		switch w := ws[0]; {
		case comparativeMarkers[w]:
			degree = true
		case w == "a" || w == "bit" || w == "little" || w == "lot" || w == "much" || w == "way" || w == "so" ||
			w == "even" || w == "slightly" || w == "sound" || w == "seem" || w == "feel" || w == "look" || w == "read" ||
			w == "un" || w == "poco" || w == "po'" || w == "pouco" || w == "peu" || w == "bisschen" || w == "etwas" ||
			w == "one" || w == "two" || w == "three" || w == "single":
		default:
			if qualityWords[w] {
				return false
			}
			if formWords[w] || toneWords[w] || isNumber(w) {
				return true
			}
			if utf8.RuneCountInString(w) >= 5 && (strings.HasSuffix(w, "er") || strings.HasSuffix(w, "ier")) {
				return true // a comparative: "darker", "punchier"
			}
			return degree && utf8.RuneCountInString(w) >= 4 // "more dread", "più accattivante"
		}
		ws = ws[1:]
	}
	return false
}

// substituteAfter reports whether the rest of the sentence names a
// substitute for what the cue removes ("remove Bob and put Alice instead").
func (a *analysis) substituteAfter(h screen.Hit, s span) bool {
	rest := a.f[h.End:s.e]
	for _, p := range substituteMarks {
		if strings.Contains(rest, p) {
			return true
		}
	}
	ts := a.toks(h.End, s.e)
	for i, t := range ts {
		if t.w == "instead" && (i+1 >= len(ts) || ts[i+1].w != "of") &&
			!a.selfStatement(a.toks(a.clauseStart(s, t.s), t.s)) { // "i'll attach the e-ticket instead"
			return true
		}
	}
	return false
}

// aboutForm reports whether a replacement is about form (tone, format,
// language) rather than content.
func (a *analysis) aboutForm(h screen.Hit, s span) bool {
	ts := a.toks(h.Start, s.e)
	if trailingReplace[h.Keyword] {
		// "can I get this as a table instead": what is swapped comes
		// before the cue.
		ts = a.toks(a.clauseStart(s, h.Start), h.End)
	}
	for i, t := range ts[:min(len(ts), 9)] {
		if formWords[t.w] && !a.codeToken(t) && (i+1 >= len(ts) || !codeNouns[ts[i+1].w]) {
			return true
		}
	}
	return false
}

// codeNouns after a form word make it the name of a library or an API ("the
// csv module", "the json library"), not a form.
var codeNouns = set(`module modules library libraries lib package packages reader writer parser api function method
	class crate gem модуль библиотеку библиотека módulo modulo biblioteca librería bibliothèque bibliothek modul`)

// codeToken reports a token that is part of a code identifier in the turn:
// joined to a dot, parenthesis, underscore or hyphen ("csv.reader",
// "format()", "f-strings", "to_json").
func (a *analysis) codeToken(t tok) bool {
	if t.s > 0 {
		if c := a.f[t.s-1]; c == '.' || c == '_' || c == '-' {
			return true
		}
	}
	if t.e < len(a.f) {
		if c := a.f[t.e]; c == '.' && t.e+1 < len(a.f) && a.f[t.e+1] != ' ' && a.f[t.e+1] != '\n' || c == '(' || c == '_' {
			return true
		}
	}
	return false
}

// trailingReplace are replacement cues that follow what they swap in ("use
// X instead").
var trailingReplace = exact("instead", "stattdessen", "à la place", "en su lugar", "no lugar")

// noIsWithdraw reports whether a line-initial "no" bans something ("no
// emojis") rather than disagreeing ("no, I meant ...").
func (a *analysis) noIsWithdraw(h screen.Hit, after []tok) bool {
	if len(after) == 0 || after[0].s != h.End+1 || a.f[h.End] != ' ' {
		return false
	}
	if editVerbs[after[0].w] || creationVerbs[after[0].w] || lightVerbs[after[0].w] || utf8.RuneCountInString(after[0].w) < 2 {
		return false // "no give me more": disagreement, then an instruction
	}
	if firstPersonVerbs[after[0].w] || negatedVerbs[after[0].w] {
		return false // "no hablo francés": a fact about the user; "no está muy allá": an opinion
	}
	switch after[0].w {
	case "i", "it", "that", "this", "you", "we", "he", "she", "they", "the", "wait", "thanks", "thank", "problem",
		"worries", "way", "i'm", "it's", "that's", "not", "sorry", "don't", "dont", "its", "thats", "im", "you're",
		"one", "no", "please", "just", "need", "what", "why", "i've", "my", "your", "there", "its's", "but", "and",
		"so", "actually", "idea", "ok", "okay", "change", "changes", "good", "yes", "nope", "man", "dude", "bro", "sir",
		"such", "matter", "longer", "more", "doubt", "offense":
		return false
	}
	return true
}

// negatedVerbs after a line-initial es/it "no" show that it negates a verb
// ("no está muy allá", "no me gusta", "no è quello"), not that it bans an
// item.
var negatedVerbs = set(`está esta es era fue estaba hay tiene me te se lo la le les nos funciona funcionó sirve queda
	quedó quedo suena va veo creo puedo puede quiero entiendo termina acaba convence gusta
	è sono ha ho mi ti si ci funziona va serve sembra suona convince piace capisco posso può voglio`)

// ---- items ----

// item extracts the item a withdraw or replace request names.
func (a *analysis) item(h screen.Hit, s span, typ string) string {
	kw := h.Keyword
	cjk := hasCJK(a.f[h.Start:h.End])
	if cjk {
		return a.cjkItem(h, s, typ)
	}
	if strings.Contains(kw, " ... ") {
		first, last := firstLastParts(kw)
		if last == "instead" {
			return "" // "use X instead": X is the substitute
		}
		// "change X to Y", "leave X out", "take X out": X is between the
		// parts.
		if strings.HasPrefix(a.f[h.Start:], first) && strings.HasSuffix(a.f[:h.End], last) {
			return a.phrase(h.Start+len(first), h.End-len(last))
		}
		return ""
	}
	h.End = a.wordEnd(h.End, s.e)
	if h.Family == screen.Replace || typ == Replace && h.Family != screen.Withdraw {
		return a.replaceItem(h, s)
	}
	return a.phrase(h.End, s.e)
}

// wordEnd moves pos to the end of the word it is in: a prefix cue ("remov*")
// may end inside its word.
func (a *analysis) wordEnd(pos, limit int) int {
	for pos < limit {
		r, n := utf8.DecodeRuneInString(a.f[pos:])
		if !isWordRune(r) {
			break
		}
		pos += n
	}
	return pos
}

func firstLastParts(kw string) (string, string) {
	kw = strings.TrimLeft(kw, "^*")
	kw = strings.TrimRight(kw, "*")
	parts := strings.Split(kw, " ... ")
	return parts[0], parts[len(parts)-1]
}

// itemFillers are politeness words skipped at the start of an item.
var itemFillers = set(`please pls plz kindly also just now then too bitte por favor per favore s'il te plaît plait
	пожалуйста svp stp`)

// replaceSeparators end the old item of "replace X with Y".
var replaceSeparators = set(`with by for to into con por par durch mit на com per`)

// afterMarkers name the old item after them: "instead of X", "rather than X".
var afterMarkers = []string{
	"instead of", "rather than", "in place of", "en lugar de", "en vez de", "au lieu de", "plutôt que", "statt",
	"anstatt", "вместо", "em vez de", "ao invés de", "em lugar de", "invece di", "al posto di",
	"en vez del", "en lugar del", "au lieu du", "au lieu des", "em vez do", "em vez da", "em vez dos", "em vez das",
	"invece del", "invece della", "al posto del", "al posto della",
}

func (a *analysis) replaceItem(h screen.Hit, s span) string {
	cue := a.f[h.Start:h.End]
	for _, m := range afterMarkers {
		if cue == m {
			return a.phrase(h.End, s.e)
		}
	}
	if cue == "instead" {
		ts := a.toks(h.End, s.e)
		if len(ts) > 0 && ts[0].w == "of" {
			return a.phrase(ts[0].e, s.e)
		}
		return ""
	}
	if strings.HasPrefix(h.Keyword, "switch") || strings.HasPrefix(h.Keyword, "switching") {
		ts := a.toks(h.End, s.e)
		if len(ts) > 0 && ts[0].w == "from" {
			return a.phraseUntil(ts[0].e, s.e, replaceSeparators)
		}
		return ""
	}
	// "substitute A for B": B is replaced.
	if strings.HasPrefix(cue, "substitut") {
		for _, t := range a.toks(h.End, s.e) {
			if t.w == "for" {
				return a.phrase(t.e, s.e)
			}
			if t.w == "with" || t.w == "by" {
				break
			}
		}
	}
	// "replace X with Y", "swap X for Y", "rename X to Y".
	return a.phraseUntil(h.End, s.e, replaceSeparators)
}

// phrase extracts an item phrase from turn[s:e]: a quoted string when the
// phrase starts with one, else the words up to a stop word or punctuation,
// without leading determiners.
func (a *analysis) phrase(s, e int) string {
	return a.phraseUntil(s, e, nil)
}

func (a *analysis) phraseUntil(s, e int, extraStops map[string]bool) string {
	if s >= e {
		return ""
	}
	ts := a.toks(s, e)
	// Leading determiners and wrappers ("the part about", "using").
	i := 0
	for i < len(ts) {
		ws := words(ts[i:])
		skipped := false
		for _, p := range skipLeadByFirst.candidates(ws) {
			n := len(phraseWords(p))
			if hasPrefixPhrase(ws, p) && len(ws) > n {
				i += n
				skipped = true
				break
			}
		}
		if !skipped && (objectPronouns[ts[i].w] || itemFillers[ts[i].w]) && i+1 < len(ts) && !itemStops[ts[i+1].w] {
			i++
			skipped = true
		}
		if !skipped {
			break
		}
	}
	// A quoted item right after the cue (and skipped words): the quote's
	// content, verbatim.
	from := s
	if i > 0 {
		from = ts[i-1].e
	}
	if q := quotedAt(a.turn, from, e); q != "" {
		return q
	}
	if i >= len(ts) {
		return ""
	}
	start := ts[i].s
	end := ts[i].e
	n := 0
	for j := i; j < len(ts) && n < maxItemTokens; j++ {
		t := ts[j]
		if j > i {
			gap := a.f[ts[j-1].e:t.s]
			if strings.ContainsAny(gap, ",.;:!?()\n\"“”«»") {
				break
			}
			if extraStops[t.w] {
				break
			}
			if itemStops[t.w] {
				if t.w == "and" || t.w == "or" {
					if j+1 < len(ts) && !editVerbs[ts[j+1].w] && !fillers[ts[j+1].w] && !weakRefs[ts[j+1].w] {
						continue
					}
				}
				break
			}
			if fillers[t.w] && (t.w == "please" || t.w == "pls" || t.w == "plz" || t.w == "too" || t.w == "now") {
				break
			}
		}
		end = t.e
		n++
	}
	item := strings.TrimSpace(a.turn[start:end])
	if ws := strings.Fields(strings.ToLower(item)); len(ws) == 1 && itemPronouns[ws[0]] {
		return ""
	}
	return item
}

// quotedAt returns the content of a quoted string starting (after spaces) at
// s, before e.
func quotedAt(turn string, s, e int) string {
	i := s
	for i < e && (turn[i] == ' ' || turn[i] == '\t') {
		i++
	}
	if i >= e {
		return ""
	}
	r, n := utf8.DecodeRuneInString(turn[i:])
	var closers string
	switch r {
	case '"':
		closers = `"`
	case '\'':
		closers = `'`
	case '“', '„':
		closers = "”“"
	case '‘':
		closers = "’"
	case '«':
		closers = "»"
	case '「':
		closers = "」"
	case '『':
		closers = "』"
	case '`':
		closers = "`"
	default:
		return ""
	}
	rest := turn[i+n:]
	k := strings.IndexAny(rest, closers)
	if k <= 0 || k > 300 {
		return ""
	}
	return strings.TrimSpace(rest[:k])
}

// cjkItem extracts the item around a CJK cue: zh 把X删掉 / 删除X, ja Xを削除.
func (a *analysis) cjkItem(h screen.Hit, s span, typ string) string {
	cs := a.clauseStart(s, h.Start)
	before := a.turn[cs:h.Start]
	if k := strings.LastIndexAny(before, "把将"); k >= 0 {
		_, n := utf8.DecodeRuneInString(before[k:])
		return cleanCJK(before[k+n:])
	}
	for _, p := range []string{"を", "は"} {
		if strings.HasSuffix(strings.TrimSpace(before), p) {
			b := strings.TrimSpace(before)
			return cleanCJK(stripCJKFillers(b[:len(b)-len(p)]))
		}
	}
	if typ == Replace {
		// "X换成Y": X before the cue; "用Y代替X": X after.
		cue := a.f[h.Start:h.End]
		if cue == "代替" || cue == "替代" {
			return cleanCJK(untilCJKStop(a.turn[h.End:s.e]))
		}
		if b := stripCJKFillers(strings.TrimSpace(before)); b != "" {
			return cleanCJK(b)
		}
	}
	return cleanCJK(untilCJKStop(a.turn[h.End:s.e]))
}

func stripCJKFillers(s string) string {
	for changed := true; changed; {
		changed = false
		s = strings.TrimSpace(s)
		for _, p := range cjkFillers {
			if strings.HasPrefix(s, p) {
				s = s[len(p):]
				changed = true
			}
		}
	}
	return s
}

// untilCJKStop returns s up to the first punctuation or sentence particle,
// at most 15 runes.
func untilCJKStop(s string) string {
	n := 0
	for i, r := range s {
		if n >= 15 || strings.ContainsRune("，。！？、,.!?;；：:的了吧啊呢和及以并", r) || r == '\n' {
			return s[:i]
		}
		n++
	}
	return s
}

func cleanCJK(s string) string {
	s = strings.TrimSpace(s)
	s = strings.Trim(s, "“”\"'「」『』 ")
	for _, p := range []string{"这个", "那个", "这些", "那些", "这段", "所有的", "所有", "の"} {
		s = strings.TrimPrefix(s, p)
	}
	if s == "它" || s == "这" || s == "那" || s == "それ" || s == "これ" {
		return ""
	}
	return s
}
