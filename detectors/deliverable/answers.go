package deliverable

import (
	"math/bits"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/revtrace/revtrace/detectors/internal/litre"
	"github.com/revtrace/revtrace/detectors/split"
)

// Explanations. Real replies to corrections ("it doesn't work", "there is
// no such method", "but you said 24 days") are often not a new deliverable
// but an explanation, troubleshooting advice, an apology or a refusal, in
// prose of any length. answerOnly recognises the short answers of the
// synthetic sets; explains recognises these by what an artefact lacks and an
// answer has, summed as evidence:
//
//   - the reply opens by apologising, agreeing, refusing or naming the
//     user's problem ("The error ... usually occurs when", "It seems that
//     your app", "If there is no ... option"),
//   - it refuses (an assistant's statement of what it cannot do),
//   - it advises: "you can", "make sure", "check that", "could be due to"
//     (adviceCueList),
//   - it ends by asking the user something,
//   - it speaks to the user: second-person pronouns are frequent,
//   - the request reports a problem or asks a question (questionRequest,
//     infoQuestion),
//
// where the reply itself must show one of the first four, or, after a
// request for information ("where is the settings page?", "how to say
// they saw"), be a brief answer that takes up the question's words
// (briefAnswer).
//
// A reply that presents what follows ("Here is the corrected timeline:")
// holds a deliverable whatever else it says, unless what it presents is
// advice ("a few things you can check:"); a request to write, rewrite or
// translate, and a body with headings, a table or a title, count against.

// explainsThreshold is the evidence an explanation needs.
const explainsThreshold = 2

// explainsMaxBytes bounds the part of a body whose advice and pronouns are
// counted; an explanation shows what it is well before that.
const explainsMaxBytes = 3000

var (
	// answerLeadRe: the opening of a reply that answers rather than
	// delivers (after a bracketed persona tag such as "[🔒CLASSIC]"), in
	// lower case.
	answerLeadRe = mustAltRe(`^(?:i (?:sincerely |truly |deeply |do )?apologi[sz]e|(?:i'?m|i’m|i am) (?:very |truly |so |really )?sorry|sorry\b|my apologies|apologies\b|unfortunately|as an ai|as a (?:language model|text-based)|(?:i'?m|i’m|i am) not (?:sure|certain|clear)\b|i (?:can(?:no|'|’)?t|cannot|am unable|'m unable|’m unable|am not able|'m not able|’m not able|don'?t have|don’t have)\b|yes\b|no\b|you(?:'re|’re| are) (?:absolutely |completely |quite )?(?:right|correct)|that(?:'s|’s| is) (?:correct|right|a good)|good (?:point|catch|question)|great (?:point|question)|the (?:error|issue|problem|reason|warning|exception)\b|this (?:error|issue|problem|warning|exception|behaviou?r|happens|is because|means|could|might|may|usually|typically|occurs)\b|it (?:seems|looks like|appears|sounds like|is possible)\b|if (?:you|there|the|your)\b|since you\b|when you\b|whether\b|to (?:fix|solve|resolve|address|avoid)\b|很抱歉|抱歉|对不起|非常抱歉|不好意思|这个错误|此错误|该错误|这是因为|出现这个|如果你|如果您|lo siento|disculp|mis disculpas|lamentablemente|desculp|infelizmente|désolé|je m'excuse|malheureusement|mi dispiace|purtroppo|chiedo scusa|es tut mir leid|entschuldig|leider|извин|прошу прощения|к сожалению)`)

	// refusalRe: the assistant says what it cannot do.
	refusalRe = litre.MustCompileAlt(`(?i)\bas an ai\b|\bas a language model\b|\bi(?:'m|’m| am) (?:not able|unable) to\b|\bi (?:can(?:no|'|’)?t|cannot) (?:provide|access|browse|create|generate|write|help|assist|fulfill|comply|display|show|share|disclose|view|see)\b|\bi (?:don'?t|don’t|do not) have (?:access|the ability)\b|作为一个?(?:AI|人工智能)|我无法|我不能|\bno puedo\b|\bje ne peux pas\b|\bnon posso\b|\bnon sono in grado\b|\bich kann (?:keine|nicht)\b|я не могу|\bnão posso\b`)

	// presentsRe: a preface presenting what follows.
	presentsRe = litre.MustCompileAlt(`(?i)here(?:'s|’s| is| are)|below (?:is|are)|the following|\bupdated\b|\brevised\b|\bcorrected\b|以下是|下面是|如下|voici|voilà|aquí (?:tienes|está|están)|a continuación|\becco\b|hier (?:ist|sind)|(?:^|[^\p{L}\p{N}_])вот(?:$|[^\p{L}\p{N}_])|\bsegue\b`)

	// adviceListRe: what a preface presents is advice, not an artefact.
	adviceListRe = litre.MustCompile(`(?i)\b(?:you (?:could|can|may|might|should) (?:consider|try|follow|check|use|do)|things|ways|tips|suggestions|options|reasons|steps you|possible (?:causes|reasons|solutions|fixes)|you can (?:try|check|do|verify))\b`)

	// problemRe: a request that reports a problem or holds the assistant
	// to what it said ("but you said 24 days"). RE2's \b is ASCII: нет is
	// bounded by explicit non-letters instead. A question mark alone
	// is not one: revision requests are often put as questions ("Can we not
	// mention the dementia?").
	problemRe = litre.MustCompileAlt(`(?i)\b(?:error|errors|doesn'?t|does not|didn'?t|isn'?t|aren'?t|not working|no such|there (?:is|are) no|not found|wrong|still|why|how come|can'?t|cannot|won'?t|nothing|failed|fails|exception|traceback)\b|\byou (?:said|told me|wrote|mentioned|gave me)\b|错误|不对|没有|还是|为什么|не работает|(?:^|[^\p{L}\p{N}_])нет(?:$|[^\p{L}\p{N}_])|ошибка|no funciona|ne marche|fehler|non funziona`)

	// createRe: a request to make or remake an artefact.
	createRe = litre.MustCompile(`(?i)^\W*(?:(?:can|could|would) you (?:please )?|please )?(?:write|rewrite|re-write|create|generate|compose|draft|make|give me|translate|summari[sz]e|list|expand|continue|add|provide|show me|produce|redo|revise|improve|shorten|paraphrase)\b|^(?:帮我|请帮我|请写|写|生成|翻译|改写|重写|总结)`)

	// structureRe: headings, tables and title lines of an artefact.
	structureRe = litre.MustCompile(`(?im)^(?:#{1,6} |\|.*\||title:|subject:|verse\b|chorus\b|int\. |ext\. )`)
)

// explains reports whether the prose body reply[s:e] is an explanation,
// troubleshooting advice, an apology or a refusal rather than a
// deliverable (see the comment above explainsThreshold).
func explains(reply string, s, e int, request string) bool {
	if presents(reply[:s]) {
		return false
	}
	body := reply[s:e]
	if len(body) > explainsMaxBytes {
		body = body[:explainsMaxBytes]
	}
	score := 0
	if answerLead(reply) {
		score++
	}
	if refusalRe.MatchString(reply[:min(len(reply), 600)]) {
		score += 2
	}
	switch n := adviceCues(body); {
	case n >= 4:
		score += 2
	case n >= 2:
		score++
	}
	if asksBack(body) {
		score++
	}
	req := strings.TrimSpace(request)
	if score == 0 {
		// The reply itself must answer: a letter to "you" after a
		// question is still a letter; a brief reply that takes up an
		// information question's words answers it.
		if !infoQuestion(req) || !briefAnswer(body, req) {
			return false
		}
		score++
	}
	if youDensity(body) >= 3 {
		score++
	}
	if req != "" && len(req) < 2000 && (problemRe.MatchString(req[max(0, len(req)-400):]) || questionRequest(req) || infoQuestion(req)) {
		score++
	}
	if score < explainsThreshold {
		return false
	}
	if createRe.MatchString(req) && score < explainsThreshold+2 {
		score--
	}
	if structureRe.MatchString(body) {
		score--
	}
	return score >= explainsThreshold
}

// presents reports whether the text before a body ends by presenting it
// ("Here is the corrected timeline:"), advice excepted ("a few things you
// can check:").
func presents(preface string) bool {
	preface = strings.TrimSpace(preface)
	if !strings.HasSuffix(preface, ":") && !strings.HasSuffix(preface, "：") {
		return false
	}
	lead := preface[max(0, len(preface)-300):]
	return presentsRe.MatchString(lead) && !adviceListRe.MatchString(lead)
}

// sideSnippet reports whether the reply's fences (fs, in order) hold only
// side snippets inside an explanation: each fence holds one line (a run
// command, one declaration), together they are under a tenth of the
// reply, and the prose around them explains (explains, over the whole
// reply, no lead-in presenting the first fence). Such a reply answers the
// user; its snippets are not a code deliverable ("the package is called
// torch: ```pip install torch```").
func sideSnippet(reply string, fs []split.Fence, request string) bool {
	if len(fs) == 0 || len(fs) > 2 {
		return false
	}
	if !oneLine(reply, fs) {
		return false
	}
	code := 0
	for _, f := range fs {
		code += len(strings.TrimSpace(reply[f.Content.Start:min(f.Content.End, len(reply))]))
	}
	if 10*code >= len(reply) || presents(reply[:fs[0].Start]) {
		return false
	}
	return explains(reply, 0, len(reply), request)
}

// oneLine reports whether each of the fences fs holds one non-blank line.
func oneLine(reply string, fs []split.Fence) bool {
	for _, f := range fs {
		c := strings.TrimSpace(reply[min(f.Content.Start, len(reply)):min(f.Content.End, len(reply))])
		if c == "" || strings.ContainsAny(c, "\n\r") {
			return false
		}
	}
	return len(fs) > 0
}

// asksBack reports whether the body's last sentence is a question to the
// user ("Can you please provide more details?").
func asksBack(body string) bool {
	t := strings.TrimRight(body, " \t\r\n*_")
	if !strings.HasSuffix(t, "?") && !strings.HasSuffix(t, "？") {
		return false
	}
	start := max(0, len(t)-200)
	if k := strings.LastIndexAny(t[start:len(t)-1], ".!\n。！"); k >= 0 {
		start += k + 1
	}
	return youDensity(t[start:]) > 0
}

// answerLead reports whether the reply's first line opens like an answer
// (answerLeadRe), after a bracketed or parenthesised tag and markup.
func answerLead(reply string) bool {
	first, _ := cutLine(strings.TrimLeft(reply, " \t\r\n"))
	first = strings.TrimLeft(first, "*_#> \t")
	for range 2 {
		if first == "" || first[0] != '[' && first[0] != '(' {
			break
		}
		closing := "]"
		if first[0] == '(' {
			closing = ")"
		}
		k := strings.Index(first, closing)
		if k < 0 || k > 40 {
			break
		}
		first = strings.TrimLeft(first[k+1:], "*_:- \t")
	}
	if len(first) > 200 {
		first = first[:200]
	}
	return answerLeadRe.MatchString(litre.ToLower(first))
}

// adviceCueList holds advice and diagnosis addressed to the user, lower
// case; each line is one cue, its forms separated by "|".
var adviceCueList = []string{
	"you can|you could|you may|you might",
	"you need to|you should|you will need|you have to|you must",
	"try to|try using|try running|try adding|try changing|try the|try again|trying to",
	"make sure|ensure that|double-check|double check",
	"check that|check if|check whether|check the|check your",
	"verify that|verify the|verify your",
	"could be due|may be due|might be due|could be because|may be because|might be because|could be caused|may be caused|caused by",
	"this error|this issue|this problem",
	"the error is|the error occurs|the issue is|the issue occurs|the problem is|the problem occurs",
	"in this case|this means",
	"instead of",
	"可以尝试|请尝试",
	"建议",
	"确保|检查",
	"可能是",
	"您可以|你可以",
	"puedes|podrías|usted puede",
	"vous pouvez|essayez",
	"puoi|potresti",
	"sie können|versuchen sie",
	"вы можете|попробуйте",
	"você pode",
}

// adviceDFA finds the cues of adviceCueList, one bit each.
var adviceDFA = func() *litre.MaskDFA {
	var strs []string
	var masks []uint64
	for i, line := range adviceCueList {
		for _, form := range strings.Split(line, "|") {
			strs = append(strs, form)
			masks = append(masks, 1<<i)
		}
	}
	d := litre.NewMaskDFA(strs, masks)
	d.CaselessASCII()
	return d
}()

// adviceCues counts the different advice cues s holds (adviceCueList).
// The automaton folds ASCII letters only: text with other letters is read
// lower-cased, so that "Попробуйте" and "Вы можете" opening a sentence count.
func adviceCues(s string) int {
	if !litre.IsASCII(s) {
		s = litre.ToLower(s)
	}
	return bits.OnesCount64(adviceDFA.Scan(s))
}

// youDensity is the number of second-person pronouns per 100 words of s,
// a word being a run of letters, or 1.5 Han, kana or Hangul characters.
func youDensity(s string) float64 {
	words, cjk, you := 0, 0, 0
	w := -1 // start of the current word, -1 outside one
	end := func(i int) {
		if w >= 0 && i-w <= 8 && youFirst(s[w]) && youWords[litre.ToLower(s[w:i])] {
			you++
		}
		w = -1
	}
	for i, r := range s {
		switch {
		case r < utf8.RuneSelf && (r|0x20 >= 'a' && r|0x20 <= 'z'):
			if w < 0 {
				words++
				w = i
			}
		case r == '你' || r == '您':
			end(i)
			cjk++
			you++
		case r >= 0x3040 && unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul):
			end(i)
			cjk++
		case r >= utf8.RuneSelf && unicode.IsLetter(r):
			if w < 0 {
				words++
				w = i
			}
		default:
			end(i)
		}
	}
	end(len(s))
	n := float64(words) + float64(cjk)/1.5
	if n < 1 {
		return 0
	}
	return 100 * float64(you) / n
}

// youFirst reports whether a word starting with byte c may be one of
// youWords: y, u or v in either case, or the lead byte of в and В.
func youFirst(c byte) bool {
	return c|0x20 == 'y' || c|0x20 == 'u' || c|0x20 == 'v' || c == 0xd0
}

// youWords are the second-person pronouns youDensity counts, lower case.
var youWords = map[string]bool{
	"you": true, "your": true, "yours": true, "yourself": true,
	"usted": true, "vous": true, "votre": true, "vos": true, "você": true,
	"вы": true, "вам": true, "ваш": true, "ваша": true, "ваше": true, "ваши": true,
}

// infoQuestionRe: a request that asks for information, in lower case: a
// question word first, in English, Spanish, French, German, Italian,
// Portuguese, Russian, Chinese or Japanese (an opening ¿ is trimmed first).
// Words that are as often something else are left out: unaccented que and
// como ("que sea más formal"), French comment and German was (English
// words: "comment out", "was hoping"). Suggestions put as
// questions ("what about a shorter one?", "how about blue?", "what if the
// hero lost?") and requests put as questions ("can you make it shorter?")
// are not questions for information. RE2's \b is ASCII: the non-Latin
// words end at a space or punctuation instead.
var infoQuestionRe = litre.MustCompileAlt(`^(?:where|what|why|how|which|who|whom|whose|when)\b|^(?:dónde|qué|cómo|cuál|cuándo|quién|por qué|d'où|où|pourquoi|quel|quelle|quels|wo|wie|warum|wann|welche[rsn]?|dove|perché|quale|onde|qual|o que)[\s?,]|^(?:где|что|как|почему|зачем|когда|какой|какая|какие|кто|сколько|откуда|куда)[\s?,]|什么|怎么|为什么|为何|哪里|哪个|哪些|多少|如何|どこ|なぜ|どうやって|何が|何を`)

// notInfoQuestionRe: question forms that suggest a change rather than ask.
var notInfoQuestionRe = litre.MustCompile(`^(?:what|how) about\b|^what if\b|^(?:what|how) (?:would|could|can|should|will) (?:it|this|that|(?:a|an|the|my|our) \w+(?: \w+){0,3}) (?:look|be|sound|read)\b|^(?:que|qué) (?:tal|te parece)\b|^et si\b|^wie wäre\b|^e se\b|^а если(?:$|[^\p{L}\p{N}_])|^как насч[её]т(?:$|[^\p{L}\p{N}_])|^如果|^要是|^改成`)

// infoQuestion reports whether the request asks for information
// (infoQuestionRe, not a suggestion): a short request, in its first line.
func infoQuestion(request string) bool {
	r := strings.TrimSpace(request)
	if r == "" || len(r) > 300 {
		return false
	}
	if k := strings.IndexByte(r, '\n'); k >= 0 {
		r = r[:k]
	}
	r = litre.ToLower(strings.TrimLeft(r, " \t\"'“*¿"))
	return infoQuestionRe.MatchString(r) && !notInfoQuestionRe.MatchString(r)
}

// briefAnswerMaxWords and briefAnswerMaxLines bound a brief answer.
const (
	briefAnswerMaxWords = 120
	briefAnswerMaxLines = 4
	// briefAnswerMinWordsPerLine: an answer's lines are sentences; a
	// verse's are shorter.
	briefAnswerMinWordsPerLine = 8
)

// briefAnswer reports whether body is a brief prose answer to request: at
// most briefAnswerMaxLines non-blank lines and briefAnswerMaxWords words,
// briefAnswerMinWordsPerLine words a line on average, no heading, table or
// list line, and a content word of the request (sharesWord) in it. A verse
// or a list is an artefact however short.
func briefAnswer(body, request string) bool {
	lines, words := 0, 0
	for l := range strings.Lines(body) {
		t := strings.TrimSpace(l)
		if t == "" {
			continue
		}
		lines++
		if lines > briefAnswerMaxLines || listLine(t) {
			return false
		}
		words += lineWords(t)
	}
	if lines == 0 || words > briefAnswerMaxWords || words < briefAnswerMinWordsPerLine*lines || structureRe.MatchString(body) {
		return false // (short lines are verse or a list, not sentences)
	}
	return sharesWord(litre.ToLower(body), litre.ToLower(request))
}

// lineWords counts the words of a line, 1.5 Han, kana or Hangul
// characters making a word (as youDensity counts them).
func lineWords(t string) int {
	words, cjk := 0, 0
	for _, f := range strings.Fields(t) {
		n := 0
		for _, r := range f {
			if r >= 0x3040 && unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) {
				n++
			}
		}
		cjk += n
		if n == 0 {
			words++
		}
	}
	return words + cjk*2/3
}

// listLine reports whether a trimmed line is a list item or a heading.
func listLine(t string) bool {
	switch t[0] {
	case '-', '*', '+', '#', '|', '>':
		return len(t) > 1 && (t[1] == ' ' || t[0] == '#' || t[0] == '|')
	}
	if strings.HasPrefix(t, "• ") {
		return true
	}
	i := 0
	for i < len(t) && i < 3 && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	return i > 0 && i+1 < len(t) && (t[i] == '.' || t[i] == ')') && t[i+1] == ' '
}

// questionWords are words of a question or a request that say nothing of
// its subject.
var questionWords = map[string]bool{
	"what": true, "where": true, "when": true, "which": true, "whom": true, "whose": true, "does": true,
	"this": true, "that": true, "these": true, "those": true, "with": true, "have": true, "there": true,
	"your": true, "about": true, "would": true, "could": true, "should": true, "make": true, "from": true,
	"into": true, "them": true, "they": true, "then": true, "than": true, "some": true, "will": true,
	"please": true, "tell": true, "know": true, "want": true, "need": true, "like": true, "just": true,
	"also": true, "only": true, "more": true, "very": true, "much": true, "many": true, "here": true,
	"dónde": true, "donde": true, "cómo": true, "como": true, "quel": true, "quelle": true, "comment": true,
	"pourquoi": true, "warum": true, "welche": true, "dove": true, "perché": true, "quando": true, "onde": true,
	"где": true, "что": true, "как": true, "почему": true, "когда": true, "какой": true, "какая": true,
	"какие": true, "сколько": true,
	"the": true, "and": true, "for": true, "you": true, "how": true, "why": true, "who": true, "can": true,
	"are": true, "was": true, "not": true, "but": true, "all": true, "any": true, "its": true, "his": true,
	"her": true, "our": true, "out": true, "get": true, "use": true, "did": true, "has": true, "had": true,
	"one": true, "now": true, "way": true, "yes": true, "let": true, "give": true, "show": true, "write": true,
	"qué": true, "que": true, "les": true, "des": true, "une": true, "est": true, "das": true, "der": true,
	"die": true, "und": true, "ist": true, "wie": true, "per": true, "che": true, "non": true,
	"это": true, "для": true, "está": true, "esta": true, "este": true, "para": true, "por": true, "con": true,
	"una": true, "los": true, "las": true, "del": true, "pour": true, "dans": true, "avec": true, "sur": true,
	"mais": true, "sind": true, "eine": true, "einen": true, "mit": true, "für": true,
	"auf": true, "nicht": true, "uma": true, "com": true, "não": true, "sobre": true,
	"есть": true, "или": true, "так": true, "мне": true, "все": true,
}

// sharesWord reports whether text holds a content word of q, both lower
// case (see briefAnswer). Apostrophes belong to words ("doesn't" is one
// word, and a function word); a pair of Han or kana characters counts
// unless it holds a question or function character (什么, 的, 是).
func sharesWord(text, q string) bool {
	var prev rune
	w := -1
	for i, r := range q + " " {
		han := r >= 0x3040 && unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana)
		if han {
			if prev != 0 && !strings.ContainsRune(cjkFunction, prev) && !strings.ContainsRune(cjkFunction, r) &&
				strings.Contains(text, string([]rune{prev, r})) {
				return true
			}
			prev = r
		} else {
			prev = 0
		}
		if !han && (unicode.IsLetter(r) || (w >= 0 && (r == '\'' || r == '’'))) {
			if w < 0 {
				w = i
			}
			continue
		}
		if w >= 0 {
			word := strings.TrimRight(q[w:i], "'’")
			if utf8.RuneCountInString(word) >= 3 && !questionWords[word] && !strings.ContainsAny(word, "'’") &&
				containsWord(text, word) {
				return true
			}
			w = -1
		}
	}
	return false
}

// cjkFunction holds the Han and kana characters of questions and grammar
// that say nothing of a question's subject.
const cjkFunction = "什么怎为何哪里个些多少如的是了吗呢在有我你您他她它们这那和与或也都就要会能可以请把被给对不没吧啊哦のはがをにでともかなですますか"

// containsWord reports whether word occurs in text not inside a longer
// word on its left; a word under five letters must end there too ("new"
// is not in "newspaper"), a longer one may go on ("setting", "settings").
func containsWord(text, word string) bool {
	short := utf8.RuneCountInString(word) < 5
	for off := 0; ; {
		k := strings.Index(text[off:], word)
		if k < 0 {
			return false
		}
		k += off
		off = k + len(word)
		if k > 0 {
			if r, _ := utf8.DecodeLastRuneInString(text[:k]); unicode.IsLetter(r) || unicode.IsDigit(r) {
				continue
			}
		}
		if short && off < len(text) {
			if r, _ := utf8.DecodeRuneInString(text[off:]); unicode.IsLetter(r) || unicode.IsDigit(r) {
				continue
			}
		}
		return true
	}
}
