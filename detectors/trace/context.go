package trace

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/revtrace/revtrace/detectors/deliverable"
	"github.com/revtrace/revtrace/detectors/internal/litre"
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
//     parenthesis or bracket, a "changes made" list), or it stands alone on
//     the body's last line, where a note to the user and the deliverable's
//     last line are hardest to tell apart. Bodies shorter than minVoiceBody
//     are too little to tell a deliverable from narration and are not
//     judged. Residue markers, strike-through, code comments and notes
//     naming the request are not affected.
//   - Release notes: in a reply with changelog headings ("### Added",
//     "### Removed"), removals listed as headings or items are what the
//     software changed.
//   - Residue against the previous draft: a labelled line whose value the
//     revision replaced by a mask, a placeholder or a withholding phrase is
//     a trace of its own (residueHits).

// minVoiceBody is the shortest body (in runes) whose statements are
// judged as the deliverable's own voice.
const minVoiceBody = 200

// bodyVoiceExempt lists the rules whose matches are edit notes by their
// form wherever they stand.
var bodyVoiceExempt = map[string]bool{
	"parenthetical-note":   true,
	"parenthetical-i18n":   true,
	"redaction-residue":    true,
	"strikethrough":        true,
	"comment-note":         true,
	"removal-label":        true,
	ListRule:               true,
	"asked-me":             true,
	"edit-request-removal": true,
	"restore-offer":        true,
	ResidueRule:            true,
}

// attributionRE finds what ties a statement to the revision: the request,
// or the deliverable named as the thing edited. It runs on foldContext
// output (lower case, ASCII quotes, markup removed).
var attributionRE = litre.Lazy(`(?:` +
	// the request, in English
	`\b(?:as|like)\s+(?:you\s+)?(?:requested|asked|instructed|wanted|wished|specified|suggested|agreed|discussed)\b` +
	`|\b(?:as\s+)?per\s+(?:your|the|his|her|their)\s+(?:request|instructions?|note|feedback|comments?|wishes|preference)\b` +
	`|\bat\s+(?:your|the|his|her|their|[\p{L}'.-]+'s?)\s+(?:[\p{L}-]+\s+)?request\b` +
	`|\bfor\s+(?:privacy|confidentiality|anonymity|discretion|security|data\s+protection|gdpr)\b|\bto\s+(?:protect|preserve|respect)\s+(?:\S+\s+)?(?:privacy|anonymity|confidentiality)\b` +
	`|\b(?:on|upon)\s+request\b|\byou\s+(?:asked|requested|wanted)\b|\bfollowing\s+your\b|\bas\s+(?:agreed|discussed)\b` +
	// the deliverable named as the thing edited
	`|\b(?:from|in|of|out\s+of|for|off)\s+(?:this|the\s+(?:updated|revised|new|current|shared|public|external|final|edited|redacted|shorter|circulated))\s+(?:[\p{L}-]+\s+)?(?:version|draft|copy|summary|report|e-?mail|message|letter|document|list|notes?|minutes|description|post|agenda|itinerary|schedule|update|brief|memo|recap|digest|overview|announcement|invitation|newsletter|readme|page|profile|cv|resume|bio|proposal|plan|write-?up|section|table|record|file|note)\b` +
	`|\b(?:in|from|of)\s+these\s+(?:minutes|notes|versions?|drafts?|copies|lists?|slides|documents?|records?)\b` +
	`|[—–]\s+(?:\S+\s+){0,4}?(?:omitted|removed|redacted|withheld|excluded|not\s+included|left\s+out)\s*[.)]?\s*$` +
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
var vagueSubjectRE = litre.Lazy(`^[^\p{L}\p{N}]*(?:some|certain|a\s+few|several|one|two|three|an?|specific|sensitive|personal|private|confidential|identifying)\s+(?:[\p{L}-]+\s+)?(?:details?|items?|information|info|lines?|names?|entries|entry|points?|parts?|references?|sentences?|passages?|figures?|remarks?|data|paragraphs?|bits?)\b`)

// bracketNoteRE: a bracketed or parenthesised aside that holds a removal
// word ("(Jake removed)", "[removed — will share in person]", "（已去掉）").
var bracketNoteRE = litre.Lazy(`[(\[（【][^()\[\]（）【】]{0,80}?(?:remov|omit|delet|redact|withh|exclud|replac|instead|drop|rimoss|tolt|omess|sostitu|entfern|gelöscht|gestrichen|supprim|retir|enlev|remplac|elimin|quitad|borrad|omitid|removid|retirad|удал|убра|исключ|去掉|删除|删去|移除|省略|替换|削除|省略|삭제|제거)[^()\[\]（）【】]{0,80}[)\]）】]`)

// noteLineRE: a line set apart as a note, postscript or aside.
var noteLineRE = litre.Lazy(`^[\s>*_\-–—•]*(?:\(|\[|p\.?\s?p?\.?\s?s\b\.?|n\.?\s?b\b\.?|(?:editor'?s\s+|edit\s+|privacy\s+|redaction\s+)?notes?\s*[:：(]|(?:quick\s+|small\s+|one\s+)?(?:edit|change|update|correction)s?\s*[:：]|nota\s*:|hinweis\s*:|anmerkung\s*:|remarque\s*:|注[:：]|备注|注意[:：]|※)`)

// openingQuoteRE: a sentence that opens with a quotation mark (a line of
// dialogue in a story).
var openingQuoteRE = litre.Lazy(`^[\s*_]*["“„«]`)

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
	return noteLineRE.MatchString(litre.ToLower(reply[ls:h.End]))
}

// judgeContext drops the hits that the reply's context shows are not traces
// of this revision (see the rules above). dtype is the reply's deliverable
// type.
// lines is the reply's layout (nil: laid out here when needed).
func judgeContext(in Input, parts split.Parts, dtype string, hits []Hit, lines []line) []Hit {
	hits = residueHits(in, hits, lines)
	if len(hits) == 0 {
		return hits
	}
	prev := ""
	if in.Previous != "" {
		prev = foldContext(in.Previous)
	}
	// A short reply that is all body gives the splitter too little to tell
	// a deliverable from narration: its statements are taken as narration.
	prose := parts.Mode == split.ModeProse && parts.Body != nil &&
		(dtype == deliverable.Message || dtype == deliverable.Document) &&
		utf8.RuneCountInString(in.Reply[parts.Body.Start:min(parts.Body.End, len(in.Reply))]) >= minVoiceBody
	notes := changelog(in.Reply)
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
		if notes && h.kind == kindProse && !attributed(in.Reply, h) && (changelogHeadingRE.MatchString(lineAt(in.Reply, h.Start)) || listOrHeadingRE.MatchString(lineAt(in.Reply, h.Start))) {
			continue // a change the software made, listed in release notes
		}
		if prose && h.kind == kindProse && h.Start >= parts.Body.Start && h.Start < parts.Body.End {
			if openingQuoteRE.MatchString(s) {
				continue // a line of dialogue
			}
			if !bodyVoiceExempt[h.Rule] && !bareLabel(s) && !lastLine(in.Reply, parts.Body, h) && !attributed(in.Reply, h) && !inChangesList(in.Reply, h) {
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
var bareLabelRE = litre.Lazy(`^[^\p{L}\p{N}]*(?:removed|omitted|excluded|redacted|withheld|deleted|left\s+out)(?:\s+[\p{L}\p{N}'-]+){0,3}\s*[:：]?[^\p{L}\p{N}]*$`)

func bareLabel(s string) bool { return bareLabelRE.MatchString(litre.ToLower(s)) }

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

// changelogHeadingRE: a heading or label of a changelog or release notes
// ("### Removed", "**Fixed:**", "Breaking changes").
// A bold label opening a list item counts too ("- **Removed:** ..."), as do
// the headings of a pull-request description ("## Testing").
var changelogHeadingRE = litre.MustCompile(`(?i)^[\s#>*_-]*(?:added|changed|fixed|removed|deprecated|security|breaking\s+changes?|improvements?|bug\s*fixes|new\s+features?|what'?s\s+new|hinzugefügt|geändert|behoben|entfernt|ajouté|modifié|corrigé|supprimé|añadido|cambiado|corregido|eliminado)(?:$|[\s*:：][\s*_:：]*$)|^\s*[-*+]\s+\*\*(?:added|changed|fixed|removed|deprecated|security|docs|tests?|breaking|migration|refactor(?:ed)?|chore|build|ci)\s*:?\*\*\s*:?|^\s*#{1,6}\s+(?:summary|changes|changes\s+made|testing|test\s+plan|how\s+to\s+test|motivation|checklist|related\s+issues?)\s*$`)

// listOrHeadingRE: a line that is a list item or a heading.
var listOrHeadingRE = litre.Lazy(`^\s*(?:[-*+•]\s|\d{1,3}[.)]\s|#{1,6}\s)`)

// changelog reports whether the reply reads as a changelog or release
// notes: at least two changelog headings. There removals listed under the
// headings are what the software changed, not what the deliverable
// withdrew.
func changelog(reply string) bool {
	n := 0
	for _, l := range strings.Split(reply, "\n") {
		if changelogHeadingRE.MatchString(strings.TrimRight(l, "\r")) {
			if n++; n >= 2 {
				return true
			}
		}
	}
	return false
}

// lineAt returns the line of reply that holds offset i, without its line
// break.
func lineAt(reply string, i int) string {
	a := strings.LastIndexAny(reply[:i], "\r\n") + 1
	b := strings.IndexAny(reply[i:], "\r\n")
	if b < 0 {
		return reply[a:]
	}
	return reply[a : i+b]
}

// Residue found by comparing with the previous draft: a labelled line
// ("Budget: $120,000", `BASE_URL = "https://api.acme.internal/v2"`,
// "password: hunter2") whose value the revision replaced by a mask, a
// placeholder or a withholding phrase ("Budget: shared separately",
// `BASE_URL = "https://<internal-host>/v2"`, `password: "********"`).

// ResidueRule is the rule id of residue found against the previous draft.
const ResidueRule = "residue-diff"

// labelledLineRE splits a line into a label and its value: "Key: value",
// "KEY=value", `"key": "value",`, "**Key:** value", "- Key — value" is not
// taken (a dash is prose). It is the specification of parseLabelled, which
// runs in its place (the backtracking it needs was 2-3% of mine's CPU);
// TestParseLabelled and FuzzParseLabelled hold the two equal.
var labelledLineRE = litre.Lazy(`^\s*(?:[-*+•]\s+)?(?:\*\*|__)?["'` + "`" + `]?([\p{L}][\p{L}\p{N} _./()-]{0,40}?)["'` + "`" + `]?(?:\*\*|__)?\s*(?:[:：=]|:=)\s*(?:\*\*|__)?\s*(.*?)\s*,?\s*$`)

// withholdingValueRE: a value that holds back what was there.
var withholdingValueRE = litre.Lazy(`(?i)\*{3,}|•{3,}|\bx{4,}\b|#{4,}|\b(?:redacted|removed|withheld|omitted|masked|undisclosed|confidential)\b|\bnot\s+(?:disclosed|shared|included|listed|provided|given|stated)\b|\b(?:shared|sent|provided|available|given|disclosed|discussed|communicated|supplied|handled)\s+(?:separately|in\s+person|privately|offline|directly|on\s+request|upon\s+request|later|elsewhere)\b|\b(?:on|upon)\s+request\b|auf\s+anfrage|vertraulich|sur\s+demande|confidentiel|a\s+petici[oó]n|confidencial|sob\s+consulta|su\s+richiesta|riservat[oa]|по\s+запросу|конфиденциально|保密|另行|非公開|別途|비공개`)

// residuePlaceholderRE: a placeholder in angle or square brackets.
//
// Both need a separator inside ("<internal-host>", "[client name]"), which
// keeps out tags, generics and indexing (`<br>`, `List<T>`, `set[T]`,
// `os.environ["KEY"]`).
var residuePlaceholderRE = litre.Lazy(`<\p{L}[\p{L}\p{N}]*[-_ ][\p{L}\p{N} _-]{1,40}>|\[\p{L}[^\[\]"'=()]{0,38}\s[^\[\]"'=()]{1,38}\]`)

// residueValue reports whether now, the value of a label in the reply,
// withholds the value was of the same label in the previous draft.
func residueValue(was, now string) bool {
	if was == now || strings.TrimSpace(was) == "" || strings.TrimSpace(now) == "" {
		return false
	}
	if !strings.ContainsFunc(was, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
		return false
	}
	if identifierRE.MatchString(strings.TrimSpace(was)) {
		return false // a type or a name in code ("db_password: SecretStr"), not a value
	}
	if templateValueRE.MatchString(strings.Trim(was, " \t\"'`,;")) {
		return false // one placeholder for another ("ACCESS_KEY" → "<Your-Access-Key>") withholds nothing
	}
	if withholdingValueRE.MatchString(now) && !withholdingValueRE.MatchString(was) {
		return true
	}
	return residuePlaceholderRE.MatchString(now) && !residuePlaceholderRE.MatchString(was)
}

// templateValueRE: a value that is itself a template's placeholder, not
// the user's data: a constant-style name of letters only ("ACCESS_KEY",
// "YOUR_API_KEY", "DB_PASSWORD"), a name starting with your / my / enter /
// insert as a word of its own ("your-password", "YourSecretKey", "my_token";
// not "Mystic Falls"), or one ending in
// here / example / placeholder / changeme ("password_here").
var templateValueRE = litre.Lazy(`^(?:[A-Z]+(?:_[A-Z]+)+|(?:[Yy]our|[Mm]y|[Ee]nter|[Ii]nsert)(?:[-_ ][A-Za-z]+|[A-Z][a-z]+)+|(?i:[A-Za-z]+[-_ ])+(?i:here|example|placeholder|changeme)|(?i:changeme|placeholder))$`)

// identifierRE: a type name (a compound CamelCase name or a common type
// word), which a draft's label may be followed by without holding any
// value.
var identifierRE = litre.Lazy(`^(?:(?:[A-Z][a-z0-9]+){2,}|(?i:str|string|int|integer|float|double|bool|boolean|bytes|any|object|none|null|nil|optional|list|dict|map|array|number|secretstr|secret))(?:\[[A-Za-z0-9_, ]*\])?$`)

// residueValueMarkers holds, in lower case, a string that every match of
// withholdingValueRE or residuePlaceholderRE contains: a line whose value
// holds none of them is not parsed at all.
var residueValueMarkers = func() *litre.DFA {
	d := litre.NewDFA([]string{"***", "•••", "xxxx", "####", "<", "[", "redacted", "removed", "withheld", "omitted",
		"masked", "undisclosed", "confidential", "not ", "separately", "in person", "privately", "offline", "directly",
		"request", "later", "elsewhere", "auf anfrage", "vertraulich", "sur demande", "confidentiel", "petici",
		"confidencial", "sob consulta", "su richiesta", "riservat", "по запросу", "конфиденциально", "保密", "另行",
		"非公開", "別途", "비공개"})
	if d == nil {
		panic("trace: residue markers do not fit a DFA")
	}
	d.CaselessASCII() // the markers are lower case
	return d
}()

// previousLabels maps the labels of the previous draft's labelled lines to
// their first values.
func previousLabels(prev string) map[string]string {
	was := map[string]string{}
	for _, l := range strings.Split(prev, "\n") {
		if indexSep(l) < 0 {
			continue // every labelled line holds a separator
		}
		if label, value, ok := parseLabelled(strings.TrimRight(l, "\r")); ok {
			k := labelKey(label)
			if _, dup := was[k]; !dup {
				was[k] = value
			}
		}
	}
	return was
}

// labelKey normalises a label for comparison.
func labelKey(s string) string {
	return strings.Join(strings.Fields(litre.ToLower(strings.Trim(s, "*_`\"' "))), " ")
}

// indexSep is strings.IndexAny(s, ":=：") (the separators of a labelled
// line), searching bytes in one pass: the ASCII ones cannot be part of
// another rune, nor can the lead byte of '：' (EF BC 9A).
func indexSep(s string) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ':', '=':
			return i
		case 0xEF:
			if strings.HasPrefix(s[i:], "：") {
				return i
			}
		}
	}
	return -1
}

// residueHits finds residue lines by comparing the reply's labelled lines
// with the previous draft's; it skips lines that already hold a hit.
//
// Only lines holding a withholding value or a placeholder are parsed, and
// the previous draft only once such a line is found: most replies hold none.
func residueHits(in Input, hits []Hit, lines []line) []Hit {
	if in.Previous == "" || indexSep(in.Reply) < 0 {
		return hits
	}
	var was map[string]string
	if lines == nil {
		lines, _ = layout(in.Reply)
	}
	var add []Hit
	for _, l := range lines {
		if l.kind == lineFence {
			continue
		}
		text := in.Reply[l.start:l.end]
		sep := indexSep(text)
		if sep < 0 || strings.HasPrefix(text[sep:], "::") {
			continue // (a scope operator, std::cout or Foo::bar, is no label's separator)
		}
		// (the markers' automaton reads ASCII letters in either case)
		if v := text[sep:]; !residueValueMarkers.In(v) && (litre.IsASCII(v) || !residueValueMarkers.In(litre.ToLower(v))) {
			continue
		}
		label, value, ok := parseLabelled(text)
		if !ok {
			continue
		}
		if was == nil {
			was = previousLabels(in.Previous)
		}
		prev, ok := was[labelKey(label)]
		if !ok || !residueValue(prev, value) {
			continue
		}
		t := strings.TrimSpace(text)
		a := l.start + strings.Index(text, t)
		if mk := listMarkerRE.FindString(t); mk != "" && l.kind == lineProse {
			a, t = a+len(mk), t[len(mk):]
		}
		h := Hit{Start: a, End: a + len(t), Rule: ResidueRule, kind: kindCode}
		if l.kind == lineProse {
			h.kind = kindProse
		}
		overlap := false
		for _, o := range hits {
			overlap = overlap || o.Start < h.End && h.Start < o.End
		}
		if !overlap {
			add = append(add, h)
		}
	}
	if len(add) == 0 {
		return hits
	}
	hits = append(hits, add...)
	slices.SortFunc(hits, func(x, y Hit) int { return x.Start - y.Start })
	return hits
}

// changesLeadRE: a line that introduces the list of changes the assistant
// made ("I've made the following changes:", "Changes made:", "Here's what
// I changed:"). Its list items are narration about the edit wherever the
// splitter put them.
var changesLeadRE = litre.Lazy(`(?i)^[\s#>*_]*(?:(?:i|we)(?:'ve|\s+have)?\s+(?:made|applied)\s+(?:the\s+following|these|a\s+few|some|several|two|three|four)\s+(?:\w+\s+)?(?:changes|edits|revisions|updates|adjustments|modifications|tweaks)|(?:summary\s+of\s+|key\s+|main\s+|list\s+of\s+)?(?:the\s+)?(?:changes|edits|revisions|adjustments|modifications|tweaks)(?:\s+(?:made|applied|i\s+made|in\s+this\s+version|to\s+the\s+(?:draft|code|text|script|file)))?|here(?:'s|\s+is|\s+are)\s+(?:what\s+(?:i\s+)?(?:changed|did|updated|removed|adjusted)|(?:a\s+)?(?:summary|list|rundown)\s+of\s+(?:the\s+)?(?:changes|edits))|what\s+(?:i\s+)?changed|what's\s+(?:changed|different))\b[^.!?\n]{0,40}[:：]\s*[*_]*\s*$`)

// listItemRE: a list item line.
var listItemRE = litre.Lazy(`^\s*(?:[-*+•]|\d{1,3}[.)])\s+`)

// inChangesList reports whether the hit stands on an item of a list that a
// changes lead introduces.
func inChangesList(reply string, h Hit) bool {
	if !listItemRE.MatchString(lineAt(reply, h.Start)) {
		return false
	}
	i := strings.LastIndexAny(reply[:h.Start], "\n")
	for n := 0; i > 0 && n < 40; n++ {
		j := strings.LastIndexAny(reply[:i], "\n") + 1
		l := strings.TrimRight(reply[j:i], "\r")
		switch t := strings.TrimSpace(l); {
		case t == "" || listItemRE.MatchString(l) || strings.HasPrefix(l, "  ") || strings.HasPrefix(l, "\t"):
			// blank lines, other items and their continuation lines
		default:
			return changesLeadRE.MatchString(t)
		}
		i = j - 1
	}
	return false
}

// parseLabelled is labelledLineRE.FindStringSubmatch(line) without the
// regular expression: ok is whether it matches, label and value its two
// groups. Every optional part of the expression's head decides by the next
// character alone (a label starts with a letter, which no bullet, emphasis
// or quote is), the label is the shortest one followed by a separator, and
// the value is what is left less trailing space and one trailing comma.
// TestParseLabelled holds it to the expression.
func parseLabelled(line string) (label, value string, ok bool) {
	i := skipSpace(line, 0)
	if r, n := utf8.DecodeRuneInString(line[i:]); r == '-' || r == '*' || r == '+' || r == '•' {
		if j := skipSpace(line, i+n); j > i+n {
			i = j
		}
	}
	if strings.HasPrefix(line[i:], "**") || strings.HasPrefix(line[i:], "__") {
		i += 2
	}
	if i < len(line) && (line[i] == '"' || line[i] == '\'' || line[i] == '`') {
		i++
	}
	start := i
	r, n := utf8.DecodeRuneInString(line[i:])
	if !unicode.IsLetter(r) || r == utf8.RuneError && n <= 1 {
		return "", "", false
	}
	i += n
	for runes := 1; ; runes++ {
		// the rest after a label ending at i: quote, emphasis, space, separator
		j := i
		if j < len(line) && (line[j] == '"' || line[j] == '\'' || line[j] == '`') {
			j++
		}
		if strings.HasPrefix(line[j:], "**") || strings.HasPrefix(line[j:], "__") {
			j += 2
		}
		j = skipSpace(line, j)
		if s, w := utf8.DecodeRuneInString(line[j:]); s == ':' || s == '=' || s == '：' {
			// The separator is the line's first, whatever the label; only
			// the value can fail (it holds no newline), and then ":=" is the
			// expression's other way to read the separator.
			if value, ok := sepValue(line[j+w:]); ok {
				return line[start:i], value, true
			}
			if s == ':' && strings.HasPrefix(line[j+1:], "=") {
				if value, ok := sepValue(line[j+2:]); ok {
					return line[start:i], value, true
				}
			}
			return "", "", false
		}
		if runes == 41 {
			return "", "", false
		}
		r, n := utf8.DecodeRuneInString(line[i:])
		if !(unicode.IsLetter(r) || unicode.IsNumber(r) || strings.ContainsRune(" _./()-", r)) || r == utf8.RuneError && n <= 1 {
			return "", "", false
		}
		i += n
	}
}

// sepValue reads the value after a separator as labelledLineRE does:
// space, emphasis and space dropped, then the rest less trailing space and
// one trailing comma; false when that holds a newline.
func sepValue(rest string) (string, bool) {
	j := skipSpace(rest, 0)
	if strings.HasPrefix(rest[j:], "**") || strings.HasPrefix(rest[j:], "__") {
		j += 2
	}
	j = skipSpace(rest, j)
	value := strings.TrimRight(rest[j:], reSpace)
	if strings.HasSuffix(value, ",") {
		value = strings.TrimRight(value[:len(value)-1], reSpace)
	}
	return value, strings.IndexByte(value, '\n') < 0
}

// reSpace is the set of RE2's \s.
const reSpace = "\t\n\f\r "

// skipSpace returns the index of the first byte at or after i of s that is
// not in RE2's \s.
func skipSpace(s string, i int) int {
	for i < len(s) && strings.IndexByte(reSpace, s[i]) >= 0 {
		i++
	}
	return i
}
