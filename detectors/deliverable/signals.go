package deliverable

// Body signals beyond a letter's shape: messages that open like a chat or
// a post rather than a letter, commit messages and pull-request
// descriptions (code), and bodies that only answer the user (none).
//
// Decision on commit messages and PR descriptions: they are Code. They are
// pasted into git or a code host next to the change they describe, which
// is what method.md's "code the user will paste" covers; changelogs and
// release notes, which are published to readers, stay Documents.
//
// Every test here reads only the first and last few lines of the body (and
// the request), so the cost does not grow with the body's length.

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/revtrace/revtrace/detectors/internal/litre"
)

// headLines and tailLines are how many non-blank lines the signals read
// at the start and at the end of a body.
const (
	headLines = 4
	tailLines = 3
)

// edgeLines returns up to headLines non-blank lines from the start of text
// and up to tailLines from its end (trimmed, not overlapping), and the
// number of non-blank lines when it is below headLines+tailLines+1 (else
// -1: more).
// edges are the edge lines of one text (see edgeLines), read once for all
// the signals.
type edges struct {
	head, tail []string
	n          int
}

func newEdges(text string) edges {
	h, t, n := edgeLines(text)
	return edges{head: h, tail: t, n: n}
}

func edgeLines(text string) (head, tail []string, n int) {
	rest := text
	for len(head) < headLines && rest != "" {
		var l string
		l, rest = cutLine(rest)
		if l = strings.TrimSpace(l); l != "" {
			head = append(head, headOf(l))
		}
	}
	end := len(rest)
	for len(tail) < tailLines+1 && end > 0 {
		i := strings.LastIndexByte(rest[:end], '\n')
		l := strings.TrimSpace(rest[i+1 : end])
		end = max(i, 0)
		if l != "" {
			tail = append(tail, tailOf(l))
		}
	}
	n = -1
	if len(tail) <= tailLines {
		n = len(head) + len(tail)
	} else {
		tail = tail[:tailLines]
	}
	// tail is in reverse order: put it back in reading order
	for i, j := 0, len(tail)-1; i < j; i, j = i+1, j-1 {
		tail[i], tail[j] = tail[j], tail[i]
	}
	return head, tail, n
}

// maxEdge is how many bytes of a line the signals read: the start of a
// head line, the end of a tail line (the patterns are unanchored at one
// end, and a long paragraph would cost a scan of its whole length).
const maxEdge = 240

func headOf(l string) string {
	if len(l) <= maxEdge {
		return l
	}
	i := maxEdge
	for i > 0 && !utf8.RuneStart(l[i]) {
		i--
	}
	return l[:i]
}

func tailOf(l string) string {
	if len(l) <= maxEdge {
		return l
	}
	i := len(l) - maxEdge
	for i < len(l) && !utf8.RuneStart(l[i]) {
		i++
	}
	return l[i:]
}

// tailOf80 returns about the last 80 bytes of a line, where closings sit.
func tailOf80(l string) string {
	if len(l) <= 80 {
		return l
	}
	i := len(l) - 80
	for i < len(l) && !utf8.RuneStart(l[i]) {
		i++
	}
	return l[i:]
}

// lastLines returns the last k of the lines edgeLines found.
func lastLines(head, tail []string, k int) []string {
	if len(tail) >= k {
		return tail[len(tail)-k:]
	}
	out := make([]string, 0, k)
	for _, l := range head[max(0, len(head)-(k-len(tail))):] {
		out = append(out, l)
	}
	return append(out, tail...)
}

func cutLine(s string) (line, rest string) {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i], s[i+1:]
	}
	return s, ""
}

// plain strips list markers, heading marks, emphasis and leading emoji or
// symbols from a line.
func plain(l string) string {
	l = strings.TrimLeft(l, "#>*_-•+ \t")
	l = strings.TrimLeftFunc(l, func(r rune) bool {
		return r > 0x2000 && !unicode.IsLetter(r) && !unicode.IsDigit(r) || r == ' ' || r == '*' || r == '_' || r == '\u200d' || r == '\ufe0f'
	})
	return l
}

var (
	// vocatives: who a chat greeting names ("all", "team", "Sam").
	vocatives = `(?:\s+(?:there|all|everyone|everybody|folks|guys|team|y'all|you|friends|both|sis|bro|mum|mom|dad|neighbou?rs|class|crew|gang|squad|\p{Lu}[\p{L}'’.-]*)){0,3}`
	// chatGreetingRe: a first line that greets its recipient the way chat
	// messages, texts and posts do, without a letter's comma line: "Hi
	// all 👋 updated deadlines", "Hey team", "Hey! Just dropped off",
	// "Hi Karen — I'm not", "Heyyy Class of ’14", "Bom dia a todos,",
	// "Hallo zusammen", "Коллеги, добрый день!".
	chatGreetingRe = litre.MustCompile(`(?i)^(?:` +
		`(?:hi+|hey+|hello+|hiya|howdy|yo|heya)` + vocatives + `\s*(?:$|[,!.:;—–-]|\p{So}|\(|\s[\p{L}])` +
		`|(?:good (?:morning|afternoon|evening)|morning|evening)` + vocatives + `\s*(?:$|[,!.:;—–-]|\p{So})` +
		`|(?:team|all|everyone|everybody|folks|guys|colleagues|friends|neighbou?rs|parents|families)\s*[,!—–]` +
		`|(?:hallo|hi|moin|servus|guten (?:morgen|tag|abend))\s+(?:zusammen|alle|ihr|leute|team)\b` +
		`|liebe (?:alle|kolleginnen|kollegen|freunde|nachbarn|leute|familie)` +
		`|(?:bonjour|bonsoir|salut|coucou|hello)\s+(?:à tous|à toutes|tout le monde|l'équipe|la team|les amis|chers)` +
		`|coucou\b|(?:hola|buenos días|buenas(?: tardes| noches)?)\s+(?:a todos|a todas|chicos|chicas|equipo|amigos|vecinos)` +
		`|(?:bom dia|boa tarde|boa noite|olá|oi)\s+(?:a todos|a todas|pessoal|gente|equipa|equipe|vizinhos)|oi\b|olá(?:$|[^\p{L}\p{N}_])` +
		`|(?:ciao|buongiorno|buonasera|salve)\s+(?:a tutti|ragazzi|team|tutti)` +
		`|(?:всем привет|привет всем|всем добрый|добрый день|доброе утро|добрый вечер|здравствуйте)` +
		`|[\p{L}]+,\s+(?:добрый (?:день|вечер)|доброе утро|привет|здравствуйте)` +
		`)`)
	// selfIntroRe: a greeting that introduces the writer ("Hi, I'm
	// [Name], and..."), which opens bios and about-me pages as often as
	// messages.
	selfIntroRe = litre.MustCompile(`(?i)^(?:hi|hello|hey)(?: there| everyone| all)?[,!.]?\s+(?:i'?m|i’m|i am|my name is)\s+(?:\[|\p{Lu})`)
	// cjkGreetingRe: greetings of Chinese, Japanese and Korean messages in
	// the first line ("王总您好", "大家好", "お疲れ様です", "안녕하세요",
	// "고객님,").
	cjkGreetingRe = litre.MustCompile(`^.{0,12}(?:您好|你好|大家好)|^(?:各位|亲爱的|嗨|哈喽)|お疲れ様です|お世話になっております|こんにちは|皆さん|みなさん|안녕하세요|여러분|^.{0,20}(?:님|고객님)[,，]`)
	// genreOpenRe: openings of messages that are not greetings:
	// announcements and reminders to a group, invitations, cards, replies
	// to a review or an inquiry.
	genreOpenRe = litre.MustCompile(`(?i)^(?:heads[ -]up\b|friendly reminder\b|quick reminder\b|just a (?:quick |friendly )?reminder\b|psa\b|fyi\b|you'?re invited|you’re invited|you are (?:cordially )?invited|join us (?:for|on|at|this)\b|save the date\b` +
		`|happy (?:birthday|anniversary|retirement|new year|holidays|mother's day|father's day|valentine's day)\b|congratulations\b|congrats\b|wishing you\b|merry christmas\b|get well soon\b|welcome (?:to the team|aboard)\b` +
		`|(?:thank you|thanks|many thanks)(?: so much| very much)? for (?:your|the) (?:kind |lovely |wonderful |great |honest |detailed |thoughtful |quick )?(?:review|feedback|words|comment|message|e-?mail|note|reaching out|inquiry|enquiry|interest|order|purchase|patience|invitation|application|question)` +
		`|(?:thank you|thanks) for reaching out)`)
	// closeStrongRe: closings only messages have ("よろしくお願いいたします",
	// "Looking forward to hearing from you").
	closeStrongRe = litre.MustCompile(`(?i)^(?:looking forward to (?:hearing from you|your reply|seeing you)|i look forward to (?:hearing from you|your reply)|hope to see you|see you (?:there|then|soon|on)\b|talk soon|speak soon)|よろしくお願い(?:いた)?します|宜しくお願い(?:いた)?します|잘 부탁드립니다|감사합니다[.!]?$`)
	// cjkGreetingAnyRe: greetings that open a message on any of its
	// first lines (after the addressee's name in Japanese).
	cjkGreetingAnyRe = litre.MustCompile(`^(?:お疲れ様です|お世話になっております|いつもお世話になっております|안녕하세요|大家好|各位好)`)
	// hashtagsRe: a line of hashtags closing a social post.
	hashtagsRe = litre.MustCompile(`(?:^|\s)#[\p{L}\p{N}_]{2,}(?:\s+#[\p{L}\p{N}_]{2,})+\s*$`)
	// slackRe: Slack emoji shortcodes and channel references.
	slackRe = litre.MustCompile(`(?:^|\s):[a-z][a-z0-9_+-]{2,}:|\b(?:in|to|on) #[a-z][a-z0-9_-]+\b|(?:^|\s)@(?:here|channel|everyone|all)\b`)
	// postCloseRe: how a chat message, text or post ends: a kiss, a
	// request to share, "see you", thanks, an emoji after an exclamation.
	postCloseRe = litre.MustCompile(`(?i)(?:^|[\s!.])(?:x+|xo+)$|please share|\bsee (?:you|u|y'all)\b|\bcan[’']t wait\b|\bthanks? (?:so much|again|all|everyone|in advance|you all)|\bthank you (?:so much|all|everyone)\b|\bshout if\b|[!?.]\s*\p{So}+$|다들|大家|みんな|皆さん|알려주세요|봬요|よろしくお願いします|谢谢|感谢`)
)

// chatOpening reports whether the first line of text greets a recipient
// the way a chat message, text or post does.
func chatOpening(first string) bool {
	p := plain(first)
	if p == "" {
		return false
	}
	if mayGreet(p) && chatGreetingRe.MatchString(p) {
		return !selfIntroRe.MatchString(p)
	}
	for i := 0; i < len(p); i++ {
		if p[i] >= utf8.RuneSelf || p[i] == 'h' || p[i] == 'H' {
			return cjkGreetingRe.MatchString(p)
		}
	}
	return false
}

// subjectLineRe: an e-mail subject line in any of the languages read.
var subjectLineRe = litre.MustCompile(`(?i)^(?:\*\*|__)?(?:subject(?: line)?|betreff|objet|asunto|assunto|oggetto|onderwerp|тема(?: письма)?|件名|主题|主題|邮件主题|제목)\s*(?:\*\*|__)?\s*[:：]`)

// leadIn reports whether a line reads as narration that introduces what
// follows ("Here's the text:", "Kept it vague:", "Вот письмо:").
func leadIn(l string) bool {
	l = strings.TrimRight(l, "*_ ")
	return strings.HasSuffix(l, ":") || strings.HasSuffix(l, "：")
}

// postEmoji reports whether a line starts with an announcement emoji
// ("📢", "🚀", "🎉", "🚨").
func postEmoji(l string) bool {
	r, _ := utf8.DecodeRuneInString(strings.TrimLeft(l, "*_ "))
	switch r {
	case '📢', '📣', '🚀', '🎉', '🚨', '🥳', '🎊', '🔔', '⚠', '❗', '‼', '🐱', '🐶', '🏆', '🎓', '✨':
		return true
	}
	return false
}

// closeStrong runs closeStrongRe; its English part is anchored and its
// other parts are CJK, so a line is read only as far as it can match.
func closeStrong(l string) bool {
	if l == "" {
		return false
	}
	c := l[0] | 0x20
	if c != 'l' && c != 'i' && c != 'h' && c != 's' && c != 't' {
		ascii := true
		for i := 0; i < len(l) && ascii; i++ {
			ascii = l[i] < utf8.RuneSelf
		}
		if ascii {
			return false
		}
	}
	return closeStrongRe.MatchString(l)
}

// slack runs slackRe on lines holding one of the bytes every match holds.
func slack(l string) bool {
	if strings.IndexByte(l, '@') < 0 && !strings.Contains(l, " #") {
		i := strings.IndexByte(l, ':')
		if i < 0 || i+1 == len(l) || l[i+1] < 'a' || l[i+1] > 'z' {
			return false
		}
	}
	return slackRe.MatchString(l)
}

// greetFirst are the first bytes (lower-cased) of chatGreetingRe's ASCII
// alternatives and genreOpenRe's.
const greetFirst = "abcefghjlmnopqstwy"

// mayGreet reports whether a line can start a match of chatGreetingRe or
// genreOpenRe: an ASCII letter of greetFirst, or a non-ASCII rune.
func mayGreet(p string) bool {
	return p != "" && (p[0] >= utf8.RuneSelf || strings.IndexByte(greetFirst, p[0]|0x20) >= 0)
}

// postCloseWords are the literal closings of postCloseRe.
var postCloseWords = []string{"please share", "see you", "see u", "see y'all", "can't wait", "can’t wait", "thanks so much",
	"thank you so much", "thanks again", "thanks all", "thanks everyone", "thanks in advance", "thanks you all",
	"thank you all", "thank you everyone", "shout if", "다들", "大家", "みんな", "皆さん", "알려주세요", "봬요", "よろしくお願いします",
	"谢谢", "感谢"}

// postClose reports how a chat message, text or post ends (postCloseRe):
// a kiss, a request to share, "see you", thanks, an emoji after a
// sentence's end.
func postClose(l string) bool {
	t := strings.TrimRight(l, " \t")
	if t == "" {
		return false
	}
	// an emoji (or several) after ! ? or .
	if r, _ := utf8.DecodeLastRuneInString(t); r >= 0x2000 && unicode.Is(unicode.So, r) {
		return postCloseRe.MatchString(t)
	}
	// a kiss: x, xx, xo closing the line
	if c := t[len(t)-1] | 0x20; c == 'x' || c == 'o' {
		if postCloseRe.MatchString(t) {
			return true
		}
	}
	lower := litre.ToLower(tailOf80(t))
	for _, w := range postCloseWords {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// messageShape reports whether a body reads as a message rather than a
// document although it has no letter's salutation or sign-off: a chat
// greeting on its first line, a line of hashtags or Slack markup (posts),
// or two weaker cues together (an announcement emoji opening it, a chat
// closing).
func messageShape(e edges) bool {
	head, tail := e.head, e.tail
	if len(head) == 0 {
		return false
	}
	if p := plain(head[0]); chatOpening(head[0]) || mayGreet(p) && genreOpenRe.MatchString(p) {
		return true
	}
	ends := lastLines(head, tail, tailLines)
	for _, l := range ends[max(0, len(ends)-2):] {
		if closeStrong(plain(l)) {
			return true
		}
	}
	// a subject line, or a greeting after a lead-in the splitter left in
	// the body ("Kept it vague:\n\nHey sis, ...")
	for i, l := range head[:min(len(head), 3)] {
		if p := plain(l); p != "" && (p[0] >= utf8.RuneSelf || strings.IndexByte("sbo", p[0]|0x20) >= 0 || p[0] == 'a' || p[0] == 'A') && subjectLineRe.MatchString(p) {
			return true
		}
		if i > 0 && (leadIn(head[i-1]) && chatOpening(l) || cjkGreetingAnyRe.MatchString(l)) {
			return true
		}
	}
	last := head[len(head)-1]
	if len(tail) > 0 {
		last = tail[len(tail)-1]
	}
	if strings.IndexByte(last, '#') >= 0 && hashtagsRe.MatchString(last) {
		return true
	}
	weak := 0
	if postEmoji(head[0]) {
		weak++
	}
	if len(head) > 1 && strings.Contains(litre.ToLower(head[0]), "please share") {
		weak++
	}
	for _, l := range head[:min(len(head), 2)] {
		if slack(l) {
			return true
		}
	}
	closing := tail
	if len(closing) == 0 && len(head) > 1 {
		closing = head[len(head)-1:]
	}
	for _, l := range closing {
		if slack(l) {
			weak++
			break
		}
	}
	for _, l := range closing[max(0, len(closing)-2):] {
		if postClose(l) {
			weak++
			break
		}
	}
	return weak >= 2
}

var (
	// conventionalRe: a Conventional Commits subject line.
	conventionalRe = litre.MustCompile(`^(?:feat|fix|docs|style|refactor|perf|test|tests|build|ci|chore|revert|deps|security|hotfix)(?:\([\w./, -]+\))?!?: \S`)
	// imperativeRe: a commit subject in the imperative, sentence case,
	// without a final period.
	imperativeRe = litre.MustCompile(`^(?:Add|Remove|Fix|Update|Refactor|Drop|Bump|Delete|Rename|Move|Implement|Introduce|Improve|Replace|Revert|Merge|Use|Support|Allow|Make|Change|Clean|Simplify|Upgrade|Downgrade|Enable|Disable|Handle|Prevent|Avoid|Ensure|Extract|Split|Migrate|Optimi[sz]e|Deprecate|Expose|Guard|Validate|Switch|Convert|Wrap|Document|Reduce|Increase|Limit|Skip|Retry|Return|Raise|Log|Pin|Unpin|Restore|Reorganize|Tidy|Correct|Adjust|Set)\s+\p{Ll}[^\n]{2,68}[^.!?:\s]$`)
	// trailerRe: git trailers and issue references.
	trailerRe = litre.MustCompile(`^(?:BREAKING[ -]CHANGE|Signed-off-by|Co-authored-by|Reviewed-by|Acked-by|Refs?|Closes|Fixes|Resolves|Change-Id):\s*\S|^(?:Closes|Fixes|Resolves|Refs) #\d+`)
	// codeTokenRe: an identifier, file path, call or inline code in prose.
	codeTokenRe = litre.MustCompile("`[^`\n]+`|\\b\\w+\\.(?:py|js|ts|go|rs|rb|java|kt|cs|cpp|c|h|php|sql|ya?ml|json|toml|sh|md|tsx|jsx|css|html)\\b|\\b[a-z]+_[a-z0-9_]+\\b|\\b\\w+\\(\\)|\\b[a-z]+[A-Z]\\w*\\b|\\b(?:API|CI|SQL|HTTP|JSON|SDK|CLI|DB)\\b")
	// commitReqRe: the request is about a commit message or a PR.
	commitReqRe = litre.MustCompile(`(?i)\bcommit (?:message|msg|messages|title|subject|body|description|text)s?\b|\bgit commit\b|\bconventional commits?\b|\b(?:pr|pull request|merge request|mr) (?:description|title|summary|body|text|template)\b`)
)

// prHeadings are headings of pull-request descriptions: specific ones
// (true) are rarely found in READMEs or reports, general ones (false)
// count only next to a specific one.
var prHeadings = map[string]bool{
	"what": true, "why": true, "what changed": true, "changes": true, "changes made": true, "test plan": true,
	"how to test": true, "how was this tested": true, "how is this tested": true, "how it was tested": true,
	"rollout": true, "checklist": true, "related issue": true, "related issues": true, "breaking changes": true,
	"notes for reviewers": true, "note for reviewers": true, "notes for reviewer": true, "type of change": true,
	"summary": false, "how": false, "testing": false, "tests": false, "motivation": false, "context": false,
	"screenshots": false, "description": false, "risk": false, "risks": false,
}

// prLine reports whether a line is a heading of a PR description
// (specific or general) or opens one ("This PR removes ...").
func prLine(l string) (specific, general bool) {
	if l[0] != '#' {
		lower := litre.ToLower(headOf(l))
		for _, p := range []string{"this pr ", "this pull request", "this mr ", "this merge request"} {
			if strings.HasPrefix(lower, p) {
				return true, false
			}
		}
		return false, false
	}
	h := strings.TrimLeft(l, "#")
	if len(l)-len(h) > 4 {
		return false, false
	}
	h = strings.Trim(strings.TrimSpace(h), "*:_ ")
	spec, ok := prHeadings[litre.ToLower(h)]
	return ok && spec, ok && !spec
}

// commitRequest reports whether the instruction of a request asks for a
// commit message or PR description (commitReqRe, run only on requests
// holding one of its words).
func commitRequest(request string) bool {
	if request == "" {
		return false
	}
	in := instruction(request)
	lower := litre.ToLower(in)
	if !strings.Contains(lower, "commit") && !strings.Contains(lower, "pr ") && !strings.Contains(lower, "pull") &&
		!strings.Contains(lower, "merge") && !strings.Contains(lower, "mr ") {
		return false
	}
	return commitReqRe.MatchString(in)
}

// commitLike reports whether text is a commit message or a pull-request
// description: a Conventional Commits subject or git trailers; an
// imperative subject line, a blank line and a body that names code; PR
// headings ("## Summary", "### Testing"); or any text when the request
// asks for a commit message or PR description.
func commitLike(text string, e edges, q *cues) bool {
	head, tail := e.head, e.tail
	if len(head) == 0 {
		return false
	}
	if q.commit() {
		return true
	}
	first := strings.TrimSpace(strings.Trim(head[0], "*`"))
	if first != "" && strings.IndexByte("fdsrptbcmh", first[0]) >= 0 && conventionalRe.MatchString(first) {
		return true
	}
	for _, l := range lastLines(head, tail, tailLines) {
		if l != "" && strings.IndexByte("BSCRAF", l[0]) >= 0 && trailerRe.MatchString(l) {
			return true
		}
	}
	if imperativeRe.MatchString(first) {
		if _, rest := cutLine(strings.TrimLeft(text, " \t\r\n")); strings.HasPrefix(strings.TrimLeft(rest, " \t\r"), "\n") &&
			codeTokenRe.MatchString(cutRunes(rest, 600)) {
			return true
		}
	}
	if strings.IndexByte(text, '#') < 0 && !strings.Contains(litre.ToLower(head[0]), "this ") {
		return false
	}
	pr, specific, lines := 0, 0, 0
	for rest := text; rest != "" && lines < 80; lines++ {
		var l string
		l, rest = cutLine(rest)
		l = strings.TrimSpace(l)
		if l == "" || len(l) > 80 || l[0] != '#' && l[0] != 'T' && l[0] != 't' {
			continue // headings are short
		}
		switch sp, ge := prLine(l); {
		case sp:
			specific++
		case ge:
			pr++
		}
	}
	return specific >= 1 && pr+specific >= 2 && codeTokenRe.MatchString(cutRunes(text, 2000))
}

var (
	// answerOpenRe: a body that opens by answering or acknowledging the
	// user rather than with a deliverable.
	answerOpenRe = litre.MustCompile(`(?i)^(?:yes|yep|no|nope|not (?:strictly|really|necessarily|quite|at all|exactly)|sure|of course|certainly|absolutely|understood|got it|okay|ok|done|noted|good (?:question|catch|point)|great (?:question|catch|point)|you'?re (?:very |so |most )?welcome|you are (?:very |so )?welcome|glad|happy to|i'?m glad|thanks|thank you|correct|right|exactly|it depends|i (?:can(?:'t|not)?|can’t|don'?t|don’t|didn'?t|didn’t|do not|did not|won'?t|won’t|'?m not able|’m not able|am not able|'?m unable|’m unable|am unable|'?ll|’ll|will|would|see|think)\b|you (?:could|can|might|may|should|don'?t|don’t|do not)\b|ja\b|nein\b|oui\b|non\b|sí(?:$|[^\p{L}\p{N}_])|si\b|sim\b|não\b|да(?:$|[^\p{L}\p{N}_])|нет(?:$|[^\p{L}\p{N}_])|好的|当然|是的|不是|不用|はい|いいえ|네[,.!]|아니요)`)
	// offerRe: an offer or question back to the user.
	offerRe = litre.MustCompile(`(?i)\b(?:want me to|would you like(?: me)? to|would you prefer|do you want(?: me)? to|should i|shall i|if you'?d like|if you’d like|let me know (?:if|which|what|whether|how)|once you let me know|do you mean|before i (?:draft|write|start)|quick (?:check|question)|(?:a few|a couple of|some) (?:quick )?questions)\b`)
	// draftRefRe: the body speaks about the deliverable rather than being
	// it ("the draft", "the second paragraph", "your letter").
	draftRefRe = litre.MustCompile(`(?i)\b(?:the|your|my|this|that) (?:(?:first|second|third|last|final|opening|closing|original|revised|updated|current|full) )?(?:draft|letter|e-?mail|message|post|speech|toast|plan|list|document|report|version|paragraph|sentence|wording|announcement|essay|cover letter|text|layout|photo|image|file|signature)\b|\b(?:in|from) the (?:draft|letter|email|message|plan)\b`)
	// adviceRe: advice to the user.
	adviceRe = litre.MustCompile(`(?i)\b(?:you could|you might|you may want|you'?d (?:rather|prefer|want)|you’d (?:rather|prefer|want)|i'?d suggest|i’d suggest|i would suggest|i(?:'d| would)? recommend|i’d recommend|the usual route|it'?s better to|it’s better to)\b`)
)

// draftRef reports whether text speaks about the deliverable (draftRefRe),
// not counting an e-mail address ("your email address").
//
// Of the expression's first eight matches, one not followed by " address"
// is enough. A match holds only letters, spaces and hyphens, so the text is
// searched piece by piece between the line breaks and punctuation
// (draftRefBreak), and only pieces the literal filter lets through: on a
// whole body the expression runs as an automaton simulation many times
// slower than on a short piece. A piece boundary reads as a word boundary,
// as the punctuation did.
func draftRef(text string) bool {
	if !draftRefRe.MayMatchString(text) {
		return false
	}
	seen := 0
	for text != "" && seen < 8 {
		piece := text
		if k := strings.IndexAny(text, draftRefBreak); k >= 0 {
			piece, text = text[:k], text[k+1:]
		} else {
			text = ""
		}
		if !draftRefRe.MayMatchString(piece) {
			continue
		}
		for _, m := range draftRefRe.Regexp.FindAllStringIndex(piece, 8-seen) {
			seen++
			if !strings.HasPrefix(piece[m[1]:], " address") {
				return true
			}
		}
	}
	return false
}

// draftRefBreak holds bytes no match of draftRefRe contains, nor its
// " address" exception.
const draftRefBreak = "\n.,;:!?()[]{}\"*"

// maxAnswerRunes bounds the bodies answerOnly reads: longer ones are
// deliverables whatever their opening.
const maxAnswerRunes = 900

// answerOnly reports whether a prose body only answers the user: short, no
// headings or tables, and at least two of: it opens with an answer or an
// acknowledgement, it offers something or asks the user back, it speaks
// about the draft, it advises the user, it ends with a question, or every
// line is a question; the request being a question or thanks counts as
// one more, and so does a preface (the narration before the body) that
// announces questions or offers something.
func answerOnly(body string, e edges, preface, request string) bool {
	if len(body) > maxAnswerRunes*3 || utf8.RuneCountInString(body) > maxAnswerRunes {
		return false
	}
	head, tail, n := e.head, e.tail, e.n
	if len(head) == 0 || n < 0 {
		return false // too many lines for an answer
	}
	lines := append(head, tail...)
	questions := 0
	for _, l := range lines {
		if strings.HasPrefix(l, "#") || strings.HasPrefix(l, "|") {
			return false
		}
		if strings.HasSuffix(strings.TrimRight(l, "*_ "), "?") || strings.HasSuffix(l, "？") {
			questions++
		}
	}
	score := 0
	if answerOpenRe.MatchString(plain(head[0])) {
		score++
	}
	if offerRe.MatchString(body) {
		score++
	}
	if len(preface) > 400 {
		preface = preface[len(preface)-400:]
	}
	if preface != "" && offerRe.MatchString(preface) {
		score++
	}
	if draftRef(body) {
		score++
	}
	if adviceRe.MatchString(body) {
		score++
	}
	if questions == len(lines) && len(lines) >= 2 || questions > 0 && questions == len(lines)-1 && len(lines) >= 3 {
		score++ // a list of questions back to the user
	} else if questions > 0 && strings.HasSuffix(strings.TrimSpace(lines[len(lines)-1]), "?") {
		score++
	}
	if questionRequest(request) {
		score++
	}
	return score >= 2
}

// questionRequestRe: a request that asks a question or thanks.
var questionRequestRe = litre.MustCompile(`(?i)^(?:should|shall|is|are|was|were|do|does|did|what|why|how|which|where|when|who|have|has|am)\b.*\?\s*$|^(?:this is )?(?:perfect|great|thanks|thank you|awesome|amazing|love it|looks good)\b`)

func questionRequest(request string) bool {
	r := strings.TrimSpace(request)
	return r != "" && len(r) < 300 && questionRequestRe.MatchString(r)
}
