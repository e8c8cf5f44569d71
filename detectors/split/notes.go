package split

import (
	"strings"

	"github.com/revtrace/revtrace/detectors/internal/litre"
)

// Cues for short edit notes (split-v2): lines that tell the user what was
// changed, wherever they stand in the line and whatever their grammar
// ("Kept it vague:", "That bit's gone now:", "I took your email out; ...",
// "Já tirei essa parte.", "已经按你说的去掉了。", "理由の部分は削除しました。"),
// and the document notes that look like them but belong to the deliverable
// ("*Note: the salary figure was removed from this summary.*").
//
// All patterns are matched on cueText (lower-cased, apostrophes folded).

// nb is a non-letter (or the start of the text) before a word whose first
// letter is not ASCII (RE2's \b only knows ASCII words).
const nb = `(?:^|[^\p{L}\p{N}_])`

var (
	// leadVerbRe: a line that opens with a past-tense edit verb and no
	// subject ("Kept it vague:", "Swapped the diagnosis for ...:", "Added
	// a pricing row:", "Убрал упоминание ...", "Já tirei essa parte.").
	leadVerbRe = startsRe(
		`(?:also |just |now )?(?:removed|deleted|omitted|excluded|dropped|cut|trimmed|stripped|took|taken|left|kept|swapped|switched|replaced|substituted|changed|updated|revised|edited|rewrote|rewritten|reworded|rephrased|shortened|simplified|softened|toned|tightened|added|moved|fixed|corrected|redacted|anonymi[sz]ed|tweaked|adjusted|reworked|expanded|condensed|merged|reordered|renamed|generali[sz]ed|scrubbed|blanked|masked|hid)`,
		// de / fr / es / pt / it (first person, no pronoun)
		`(?:habe (?:ich )?|hab )?(?:entfernt|gelöscht|weggelassen|ersetzt|gestrichen|rausgenommen|herausgenommen|geändert|angepasst)`,
		`(?:c'est fait|supprimé|retiré|enlevé|remplacé|modifié|omis)`,
		`(?:ya )?(?:eliminé|quité|borré|reemplacé|sustituí|cambié|saqué|omití|corregí|actualicé|ajusté|recorté|dejé fuera|listo)`,
		`(?:eu )?(?:já )?(?:removi|tirei|retirei|substituí|troquei|alterei|atualizei|corrigi|excluí|apaguei|omiti|mudei|ajustei|reescrevi|cortei|deixei de fora)`,
		`(?:ho |abbiamo )?(?:rimosso|eliminato|tolto|sostituito|omesso|tagliato)`,
		`(?:я )?(?:убрал|удалил|заменил|изменил|исправил|обновил|переписал|сократил|исключил|вычеркнул|убрала|удалила|заменила|изменила|исправила|переписала|сократила|исключила)`,
	)

	// goneRe: the item is gone or no longer there ("That bit's gone now:",
	// "Nothing about X is mentioned now", "It no longer mentions ...").
	goneRe = litre.MustCompile(alt(
		`(?:'s|is|are|'re) (?:now |all )?gone\b`, `\bgone now\b`, `\bno longer (?:mention|include|name|list|show|appear|there|has|have|says|refer)`,
		`\b(?:is|are|'s) (?:not )?(?:mentioned|included|named|listed|shown) (?:now|any ?more)\b`,
		`\bnothing about\b.*\bnow\b`,
	))

	// firstEditEnRe: English first-person edit narration, matched at the
	// start of each "i"/"we" word of the line (see firstEdit).
	firstEditEnRe = litre.MustCompile(`^(?:i|we)(?:'ve|'d|'ll| have| had| will)?(?: also| just| now| simply| then| already)? (?:removed|deleted|omitted|excluded|dropped|left (?:out|off)|took (?:\S+ ){0,4}?(?:out|off (?:the|of|your))|taken (?:\S+ ){0,4}?(?:out|off (?:the|of|your))|cut|stripped|replaced|swapped|switched|substituted|rewrote|reworded|trimmed|redacted|blanked|masked|generali[sz]ed|scrubbed)\b`)
	// firstEditLatinRe: the same in German, French, Spanish, Portuguese
	// and Italian ("Geburtsdatum habe ich entfernt", "Já tirei essa parte").
	firstEditLatinRe = litre.MustCompile(alt(
		`\bhabe ich\b.*(?:entfernt|gelöscht|weggelassen|ersetzt|gestrichen|rausgenommen|herausgenommen)`,
		`\b(?:j'ai|je l'ai|on a)\b.*(?:supprimé|retiré|enlevé|remplacé|omis|coupé)`,
		`\b(?:he|hemos|ya he)\b.*(?:eliminado|quitado|borrado|reemplazado|sustituido|omitido|sacado)`,
		`\b(?:já )?(?:removi|tirei|retirei|substituí|troquei|excluí|apaguei|omiti|cortei)`+wb,
		`\b(?:ho|abbiamo) (?:rimosso|eliminato|tolto|sostituito|omesso|tagliato)\b`,
	))
	// firstEditIntlRe: Russian, Chinese, Japanese and Korean ("Убрал ...",
	// "我已经把那句话删掉了", "理由の部分は削除しました", "삭제했습니다").
	firstEditIntlRe = litre.MustCompile(alt(
		nb+`(?:я )?(?:убрал|удалил|заменил|исключил|вычеркнул)а?`+wb,
		`(?:已经?|已)(?:按.{0,12}?)?(?:把|将)?.{0,40}?(?:删除|删掉|去掉|移除|删去|去除|拿掉|省略|替换|换成|改成|改为)`,
		`(?:把|将).{1,40}?(?:删除|删掉|去掉|移除|删去|去除|拿掉|替换成|换成|改成)了`,
		`(?:按|按照|根据)(?:你|您)(?:说的|的要求|的意思)`,
		`(?:削除|省略|変更|修正|置き換え|置換|差し替え|書き換え|除外|カット)(?:いた)?しました`,
		`(?:削り|外し|消し|除き|抜き|取り除き)ました`,
		`(?:삭제|제거|수정|변경|교체|생략|제외|추가)(?:했습니다|했어요|했어|하였습니다|해 ?드렸습니다|했고)`,
		`(?:뺐|바꿨|지웠|없앴)(?:습니다|어요)`, `(?:요청|말씀)하신 ?대로`,
	))

	// pastPassiveRe: a short passive statement of a removal in the past
	// tense ("It was left off the schedule."), an afterword cue only.
	pastPassiveRe = litre.MustCompile(`\b(?:was|were)(?: also| now)? (?:removed|deleted|omitted|excluded|dropped|left (?:out|off)|taken (?:out|off)|cut|stripped|redacted|replaced|swapped)\b`)

	// personalRe: the line speaks to the user or as the assistant, so it is
	// narration even when typeset like a note of the document.
	personalRe = litre.MustCompile(alt(
		`\b(?:i|i'm|i've|i'll|i'd|me|my|you|your|yours|you're|you've|you'd|you'll|please|let me)\b`,
		nb+`(?:ich|du|dir|dich|dein\pL*|je|j'|tu|vous|votre|vos|yo|tú|usted|eu|você|io|я|ты|вы|вам|ваш\pL*|твой|твоя)`+wb,
		`[我你您]`, `私|あなた`, `제가|저는|요청하신|말씀하신`,
	))
)

// editLead reports whether the cue text of a short line that ends in a
// colon speaks about the edit: an edit verb, the item being gone, or a
// first-person edit statement ("Kept it vague:", "That bit's gone now:").
func editLead(c string) bool {
	return leadVerbRe.MatchString(c) || goneRe.MatchString(c) || firstEdit(c)
}

// editNote reports whether the cue text of a short line tells the user
// what was changed (first person, a bare edit verb, or the item gone).
func editNote(c string) bool {
	return leadVerbRe.MatchString(c) || goneRe.MatchString(c) || firstEdit(c)
}

// docNote reports whether the trimmed line t is a note typeset as part of
// the document (emphasised or in parentheses as a whole) that does not
// speak to the user ("*Some details have been omitted.*", "（…已按要求从本纪要中删除。）").
func docNote(t, c string) bool {
	return wrapped(t) && !personalRe.MatchString(c)
}

// wrapped reports whether t is emphasised or parenthesised as a whole.
func wrapped(t string) bool {
	t = strings.TrimRight(t, ".。 \t")
	if len(t) < 4 {
		return false
	}
	switch {
	case t[0] == '*' && t[1] != '*' && t[1] != ' ' && t[len(t)-1] == '*':
		return true
	case t[0] == '_' && t[1] != '_' && t[len(t)-1] == '_':
		return true
	case t[0] == '(' && t[len(t)-1] == ')':
		return true
	case strings.HasPrefix(t, "（") && strings.HasSuffix(t, "）"):
		return true
	}
	return false
}

var (
	// pastFirstRe and nowRe together: the assistant says what it did and
	// how the deliverable is now ("Noah now matches the socks instead of
	// doing the bins, and I gave the bins to Ava twice a week.").
	pastFirstRe = litre.MustCompile(`(?:^|[^f] )(?:i|we)(?:'ve| have)? (?:also |just )?(?:gave|moved|swapped|switched|replaced|put|kept|changed|turned|reassigned|assigned|shifted|renamed|merged|used|rewrote|reworded)\b`)
	nowRe       = litre.MustCompile(`\b(?:now|instead|no longer)\b`)

	// footerRe: a footer of an e-mail or newsletter after the signature
	// (confidentiality notice, unsubscribe line), which is body.
	footerRe = litre.MustCompile(alt(
		`\bconfidential`, `\bintended (?:solely |only )?for\b`, `\bin error\b`, `\bunsubscribe\b`, `\breceiving this\b`,
		`\bmailing list\b`, `\bdisclaimer\b`, `\bprivileged\b`, `vertraulich`, `confidentiel`, `confidencial`, `riservat`,
		`конфиденциальн`, `保密`, `机密`, `機密`,
	))

	// versionChangesRe: a lead naming the changes of this version
	// ("Changes in this version:", "Edits to the draft:").
	versionChangesRe = litre.MustCompile(`^(?:the )?(?:main |key )?(?:changes|edits|modifications|adjustments|revisions|updates|tweaks|corrections) (?:in|to|for|from|since) (?:this|the|your|my|the new|the revised|the updated|the previous|the last|the original) (?:version|draft|revision|update|edit|rewrite|one)\b`)
)

// pastNow reports whether the cue text is first-person past narration of
// the deliverable's new state.
func pastNow(c string) bool { return nowRe.MatchString(c) && pastFirstRe.MatchString(c) }

// footerLine reports whether the cue text is a mail footer, not an edit note.
func footerLine(c string) bool { return footerRe.MatchString(c) && !editNote(c) }

// trailNote reports whether unit i, after at least one body unit, is a
// short note to the user about the edit.
func (d *doc) trailNote(i int) bool {
	u := &d.units[i]
	if u.kind != kText || u.f&(structural&^fQuote) != 0 || u.isTitle() || moreRunes(u.text, 300) {
		return false
	}
	c := d.cue(i)
	var note bool
	if strings.HasPrefix(u.text, "**") || strings.HasPrefix(u.text, "__") {
		// a bold label opens an entry of the document ("**Entfernt:
		// Unterstützung für Windows 7.** ..."): only the assistant's own
		// narration counts
		note = firstEdit(c) || pastNow(c)
	} else {
		note = editNote(c) || pastNow(c) || !moreRunes(u.text, 200) && pastPassiveRe.MatchString(c)
	}
	return note && !docNote(u.text, c) && !footerLine(c)
}

// tableComment reports whether unit i, the last of the reply, is a short
// plain comment right after a table ("The monthly column is the annual
// amount divided by 12."): a remark to the user about the table, unless it
// is typeset as part of the document (bold label, emphasised note).
func (d *doc) tableComment(i int) bool {
	if i != len(d.units)-1 || i == 0 || d.units[i-1].f&fTable == 0 {
		return false
	}
	u := &d.units[i]
	if u.kind != kText || u.f != 0 || moreRunes(u.text, 250) || u.text[0] == '*' || u.text[0] == '_' {
		return false
	}
	c := d.cue(i)
	if docNote(u.text, c) || footerLine(c) {
		return false
	}
	// it speaks to the user, or it is a labelled remark ("Tip: ...",
	// "Short version: ..."); a plain sentence may be the answer's own
	// conclusion
	return personalRe.MatchString(c) || shortLabelRe.MatchString(c)
}

// shortLabelRe: a line that opens with a label of at most three words and
// a colon ("Tip:", "Short version:", "Estimated cost:").
var shortLabelRe = litre.MustCompile(`^\pL+(?: \pL+){0,2}\s?[:：]\s`)

// endsSentence reports whether the trimmed text ends like a sentence.
func endsSentence(c string) bool {
	c = strings.TrimRight(c, " \t*_)\"'”’")
	return strings.HasSuffix(c, ".") || strings.HasSuffix(c, "!") || strings.HasSuffix(c, "。") || strings.HasSuffix(c, "！")
}

// firstEdit reports whether the cue text holds first-person edit narration
// ("..., and I took your email out", "J'ai retiré la phrase", "我已经把那句话删掉了").
func firstEdit(c string) bool {
	for k := 0; k < len(c); k++ {
		if b := c[k]; (b == 'i' && k+1 < len(c) && (c[k+1] == ' ' || c[k+1] == '\'') || b == 'w' && strings.HasPrefix(c[k:], "we")) &&
			(k == 0 || !isWordByte(c[k-1])) && firstEditEnRe.MatchString(c[k:]) {
			return true
		}
	}
	if firstEditLatinRe.MatchString(c) {
		return true
	}
	return hasNonASCII(c) && firstEditIntlRe.MatchString(c)
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '_' || b == '\'' || b >= 0x80
}

func hasNonASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return true
		}
	}
	return false
}

// talkRe: the assistant talking with the user about the deliverable
// instead of giving it: an offer, a question back, a capability, advice on
// the draft ("I can remove Dylan from Table 6 — should I also ...?", "No —
// the draft only has your name", "You could leave it out").
var talkRe = litre.MustCompile(alt(
	`\bi can (?:also |easily )?(?:remove|cut|add|change|drop|write|make|send|draft|edit|rewrite|move|take|leave|include|shorten|adjust|put|replace)\b`,
	`\b(?:should|shall) i (?:also |just )?(?:remove|cut|add|change|move|keep|include|take|leave|drop|write|make|send|draft|replace|put)\b`,
	`\bdo you mean\b`, `\b(?:would you like|do you want) me to\b`, `\bif so, i\b`, `\bbefore i (?:draft|write|start|make)\b`,
	`\bi(?:'m| am) (?:not able|unable) to\b`, `\bi can't (?:edit|remove|access|see|open|view|find|change)\b`, `\bi (?:don't|do not|didn't|did not) see\b`,
	`\byou could (?:remove|leave|cut|drop|keep|mention|say|add|skip|just)\b`, `\byou(?:'re| are) (?:very |so |most )?welcome\b`,
	`\b(?:the|your|my) (?:draft|letter|email|e-mail|message|version|cv|resume|post|speech|text)(?: i wrote| you sent)? (?:only|already|doesn't|does not|has no|isn't|is not|would|never)\b`,
	`\bif you(?:'d| would) (?:like|prefer|rather)(?:[^.?!]{0,40})?, i(?:'ll| will| can)\b`,
))

// talkOnly reports whether the reply is a short exchange with the user
// and holds no deliverable: every paragraph talks about the draft, offers
// or asks, and a list, if any, is a list of questions.
func (d *doc) talkOnly() bool {
	if moreRunes(d.text, allNarrationRunes) || len(d.units) == 0 {
		return false
	}
	if first := plainLine(d.units[0].text); greetingStart(firstWord(first)) || greetingLineRe.MatchString(first) {
		return false // a message to someone else ("Hey Sam! ...")
	}
	// cheap pass first: structure rules it out, and the reply must talk
	for i := range d.units {
		if u := &d.units[i]; u.kind != kText || u.f&^fList != 0 {
			return false
		}
	}
	if !talkRe.MatchString(cueText(d.text)) {
		return false
	}
	talk := false
	for i := range d.units {
		u := &d.units[i]
		switch {
		case u.kind != kText || u.f&^fList != 0:
			return false
		case u.f&fList != 0:
			if !strings.HasSuffix(strings.TrimRight(u.text, " *_"), "?") {
				return false
			}
		case talkRe.MatchString(d.cue(i)):
			talk = true
		case strings.HasSuffix(strings.TrimRight(u.text, " *_"), "?"), d.prefaceNarr(i), d.afterwordNarr(i):
		default:
			return false
		}
	}
	return talk
}
