package trace

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/revtrace/revtrace/detectors/deliverable"
	"github.com/revtrace/revtrace/detectors/split"
)

// Context rules: what the rules find sentence by sentence is judged again
// with what the reply as a whole shows.
//
//   - Carried over: a sentence the previous draft already held (a term of
//     the deliverable, "Excluded: weekends and public holidays", a line of a
//     changelog) did not come from this revision, unless it says so ("as
//     requested").
//   - The deliverable's own voice: inside the body of a message or document,
//     first-person and passive statements belong to the text's author ("We've
//     removed the legacy exporter" in release notes, "I've removed you from
//     our list" in an e-mail, a character's line in a story). There a
//     statement counts only when it is marked as an edit note: it refers to
//     the request ("as requested", "at the candidate's request") or to the
//     deliverable itself ("from this summary", "in this version", "the
//     earlier draft"), or it is set apart as a note ("Note:", "P.S.", a
//     parenthesis or bracket). Residue markers, strike-through, code
//     comments and notes naming the request are not affected.

// bodyVoiceExempt lists the rules whose matches are edit notes by their
// form wherever they stand.
var bodyVoiceExempt = map[string]bool{
	"parenthetical-note":   true,
	"redaction-residue":    true,
	"strikethrough":        true,
	"comment-note":         true,
	"removal-label":        true,
	ListRule:               true,
	"asked-me":             true,
	"edit-request-removal": true,
	"restore-offer":        true,
}

// attributionRE finds what ties a statement to the revision: the request,
// or the deliverable named as the thing edited. It runs on foldContext
// output (lower case, ASCII quotes, markup removed).
var attributionRE = regexp.MustCompile(`(?:` +
	// the request, in English
	`\b(?:as|like)\s+(?:you\s+)?(?:requested|asked|instructed|wanted|wished|specified|suggested|agreed|discussed)\b` +
	`|\b(?:as\s+)?per\s+(?:your|the|his|her|their)\s+(?:request|instructions?|note|feedback|comments?|wishes|preference)\b` +
	`|\bat\s+(?:your|the|his|her|their|[\p{L}'.-]+'s?)\s+(?:[\p{L}-]+\s+)?request\b` +
	`|\bfor\s+(?:privacy|confidentiality|anonymity|discretion|security|data\s+protection|gdpr)\b|\bto\s+(?:protect|preserve|respect)\s+(?:\S+\s+)?(?:privacy|anonymity|confidentiality)\b` +
	`|\b(?:on|upon)\s+request\b|\byou\s+(?:asked|requested|wanted)\b|\bfollowing\s+your\b|\bas\s+(?:agreed|discussed)\b` +
	// the deliverable named as the thing edited
	`|\b(?:from|in|of|out\s+of|for|off)\s+(?:this|the\s+(?:updated|revised|new|current|shared|public|external|final|edited|redacted|shorter|circulated))\s+(?:[\p{L}-]+\s+)?(?:version|draft|copy|summary|report|e-?mail|message|letter|document|list|notes?|minutes|description|post|agenda|itinerary|schedule|update|brief|memo|recap|digest|overview|announcement|invitation|newsletter|readme|page|profile|cv|resume|bio|proposal|plan|write-?up|section|table|record|file|note)\b` +
	`|\b(?:earlier|previous|original|last|first)\s+(?:draft|version|copy)\b|\bthis\s+(?:version|draft|copy|revision)\b` +
	// other languages: the request, the version
	`|wie\s+gew(?:ü|u)nscht|auf\s+(?:ihren|deinen|euren)?\s*wunsch|gem(?:ä|a)(?:ß|ss)\s+ihre|dieser\s+(?:fassung|version)|aus\s+diese[mr]\b` +
	`|comme\s+(?:demand|convenu|souhait)|(?:à|a)\s+(?:votre|ta)\s+demande|selon\s+(?:votre|ta)\s+demande|de\s+ce(?:tte)?\s+(?:compte|version|document|r(?:é|e)sum(?:é|e)|courriel)` +
	`|como\s+(?:pediste|pidi(?:ó|o)|solicitaste|solicit(?:ó|o)|pedido|solicitado|combinado|acordado)|seg(?:ú|u)n\s+lo\s+(?:solicitado|pedido)|a\s+petici(?:ó|o)n|(?:de\s+)?esta\s+versi(?:ó|o)n|conforme\s+(?:solicitado|pedido)|desta\s+vers(?:ã|a)o` +
	`|come\s+(?:richiesto|concordato|chiesto)|su\s+(?:tua|sua)\s+richiesta|(?:da|in)\s+questa\s+versione` +
	`|по\s+(?:вашей|твоей)\s+просьбе|как\s+(?:вы|ты)\s+просил|из\s+этой\s+версии|в\s+этой\s+версии` +
	`|按(?:照)?(?:您|你)?的?要求|根据(?:您|你)的|如(?:您|你)所|本版|这个版本|此版本|ご要望|ご指示|ご依頼|このバージョン|요청하신|말씀하신|요청대로` +
	`)`)

// vagueSubjectRE: a statement about unnamed parts of the text ("Some
// details have been omitted", "One line in this section was changed") is
// about the text itself, not about the world the text describes.
var vagueSubjectRE = regexp.MustCompile(`^[^\p{L}\p{N}]*(?:some|certain|a\s+few|several|one|two|three|an?|specific|sensitive|personal|private|confidential|identifying)\s+(?:[\p{L}-]+\s+)?(?:details?|items?|information|info|lines?|names?|entries|entry|points?|parts?|references?|sentences?|passages?|figures?|remarks?|data|paragraphs?|bits?)\b`)

// bracketNoteRE: a bracketed or parenthesised aside that holds a removal
// word ("(Jake removed)", "[removed — will share in person]", "（已去掉）").
var bracketNoteRE = regexp.MustCompile(`[(\[（【][^()\[\]（）【】]{0,80}?(?:remov|omit|delet|redact|withh|exclud|replac|instead|drop|rimoss|tolt|omess|sostitu|entfern|gelöscht|gestrichen|supprim|retir|enlev|remplac|elimin|quitad|borrad|omitid|removid|retirad|удал|убра|исключ|去掉|删除|删去|移除|省略|替换|削除|省略|삭제|제거)[^()\[\]（）【】]{0,80}[)\]）】]`)

// noteLineRE: a line set apart as a note, postscript or aside.
var noteLineRE = regexp.MustCompile(`^[\s>*_\-–—•]*(?:\(|\[|p\.?\s?p?\.?\s?s\b\.?|n\.?\s?b\b\.?|(?:editor'?s\s+|edit\s+|privacy\s+|redaction\s+)?notes?\s*[:：(]|(?:quick\s+|small\s+|one\s+)?(?:edit|change|update|correction)s?\s*[:：]|nota\s*:|hinweis\s*:|anmerkung\s*:|remarque\s*:|注[:：]|备注|注意[:：]|※)`)

// openingQuoteRE: a sentence that opens with a quotation mark (a line of
// dialogue in a story).
var openingQuoteRE = regexp.MustCompile(`^[\s*_]*["“„«]`)

// foldContext prepares text for the context patterns: lower case, ASCII
// quotes and apostrophes, emphasis and code markup removed, white space
// squeezed.
func foldContext(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		switch r {
		case '*', '`':
			continue
		case '\u2018', '\u2019', '\u02bc':
			r = '\''
		case '\u201c', '\u201d':
			r = '"'
		}
		if unicode.IsSpace(r) {
			if !space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = true
			continue
		}
		space = false
		b.WriteRune(unicode.ToLower(r))
	}
	return strings.TrimSpace(b.String())
}

// attributed reports whether the sentence, or the line it stands on, marks
// it as a note about the edit.
func attributed(reply string, h Hit) bool {
	f := foldContext(reply[h.Start:h.End])
	if attributionRE.MatchString(f) || vagueSubjectRE.MatchString(f) || bracketNoteRE.MatchString(f) {
		return true
	}
	ls := strings.LastIndexAny(reply[:h.Start], "\n\r") + 1
	return noteLineRE.MatchString(strings.ToLower(reply[ls:h.End]))
}

// judgeContext drops the hits that the reply's context shows are not traces
// of this revision (see the rules above). dtype is the reply's deliverable
// type.
func judgeContext(in Input, parts split.Parts, dtype string, hits []Hit) []Hit {
	if len(hits) == 0 {
		return hits
	}
	prev := ""
	if in.Previous != "" {
		prev = foldContext(in.Previous)
	}
	prose := parts.Mode == split.ModeProse && parts.Body != nil &&
		(dtype == deliverable.Message || dtype == deliverable.Document)
	out := hits[:0]
	droppedLabel := false // the last non-row hit was dropped
	for _, h := range hits {
		if h.Rule == ListRule {
			if !droppedLabel {
				out = append(out, h)
			}
			continue
		}
		droppedLabel = true
		s := in.Reply[h.Start:h.End]
		if prev != "" {
			if f := foldContext(s); len(f) >= 12 && strings.Contains(prev, f) && !attributed(in.Reply, h) {
				continue // carried over from the previous draft
			}
		}
		if prose && h.kind == kindProse && h.Start >= parts.Body.Start && h.Start < parts.Body.End {
			if openingQuoteRE.MatchString(s) {
				continue // a line of dialogue
			}
			if !bodyVoiceExempt[h.Rule] && !bareLabel(s) && !lastLine(in.Reply, parts.Body, h) && !attributed(in.Reply, h) {
				continue // the deliverable's own voice
			}
		}
		droppedLabel = false
		out = append(out, h)
	}
	return out
}

// bareLabelRE: a removal word standing alone as a label or heading
// ("# Omitted", "Removed items:").
var bareLabelRE = regexp.MustCompile(`^[^\p{L}\p{N}]*(?:removed|omitted|excluded|redacted|withheld|deleted|left\s+out)(?:\s+[\p{L}\p{N}'-]+){0,3}\s*[:：]?[^\p{L}\p{N}]*$`)

func bareLabel(s string) bool { return bareLabelRE.MatchString(strings.ToLower(s)) }

// lastLine reports whether the hit stands on the body's last line, set
// apart from the rest of the body by a blank line: where a note to the user
// and the deliverable's own last line are hardest to tell apart, the
// splitter's verdict is not trusted to silence a statement.
func lastLine(reply string, body *split.Span, h Hit) bool {
	end := min(body.End, len(reply))
	if h.End > end || strings.ContainsAny(strings.TrimRight(reply[h.End:end], " \t\r\n"), "\r\n") {
		return false // more body lines follow
	}
	ls := strings.LastIndexAny(reply[body.Start:h.Start], "\r\n")
	if ls < 0 {
		return false // the body is one line
	}
	// the line before the hit's line is blank
	before := strings.TrimRight(reply[body.Start:body.Start+ls], " \t")
	return strings.HasSuffix(before, "\n") || strings.HasSuffix(before, "\r")
}
