package revision

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/revtrace/revtrace/corpora"
	"github.com/revtrace/revtrace/detectors/internal/litre"
	"github.com/revtrace/revtrace/detectors/screen"
)

// materialLeads in a first line announce pasted text ("rewrite the
// following", "summarise this text").
var materialLeads = []string{
	"following", "below", "this text", "this paragraph", "this essay", "this email", "this article", "this passage",
	"this letter", "this story", "this poem", "this code", "this abstract", "these sentences", "these paragraphs",
	"以下", "下面", "下列", "这段", "这篇", "siguiente", "suivant", "suivante", "folgenden", "следующ", "seguinte", "seguente",
}

var logMarkers = []string{
	"error:", "exception", "traceback", "warning:", "failed to", "fatal", "undefined", "not found", "errno", "stack trace",
	"报错", "エラー", "ошибка",
}

// logMarkerIn reports marker k in folded text f, not followed by a letter
// ("NullPointerException", "exception:" but not "exceptional talent";
// what precedes may be a class name's letters).
func logMarkerIn(f, k string) bool {
	for off := 0; ; {
		i := strings.Index(f[off:], k)
		if i < 0 {
			return false
		}
		j := off + i + len(k)
		if r, _ := utf8.DecodeRuneInString(f[j:]); j >= len(f) || !unicode.IsLetter(r) {
			return true
		}
		off += i + 1
	}
}

// findMaterial looks for text the user pasted for a transformation: what
// Prose blanked (code, long quotes, long pasted text) and text after a
// lead-in line ("rewrite the following:"). It records whether that text is
// the assistant's own draft, an error report, or new material.
func (a *analysis) findMaterial() {
	// Runs of blanked text (whitespace inside a run does not end it).
	var text strings.Builder
	blanked := 0
	runStart, runBytes := -1, 0
	flush := func(end int) {
		if runStart >= 0 && runBytes >= materialMinRun {
			blanked += runBytes
			text.WriteString(a.turn[runStart:end])
			text.WriteByte('\n')
		}
		runStart, runBytes = -1, 0
	}
	for i := 0; i < len(a.turn) && i < len(a.prose); i++ {
		if runStart < 0 {
			// Outside a run, a byte the prose keeps is a space or ends no
			// run: skip to the next blanked one.
			i += samePrefix(a.turn[i:], a.prose[i:])
			if i >= len(a.turn) || i >= len(a.prose) {
				break
			}
		}
		c := a.turn[i]
		space := c == ' ' || c == '\t' || c == '\n' || c == '\r'
		switch {
		case a.prose[i] == ' ' && !space:
			if runStart < 0 {
				runStart = i
			}
			runBytes++
		case space:
		default:
			flush(i)
		}
	}
	flush(len(a.turn))
	region := span{}
	if blanked < materialMinBytes {
		text.Reset()
		region = a.colonMaterial()
		if region.e <= region.s {
			region = a.blockMaterial()
		}
		if region.e <= region.s {
			return
		}
		text.WriteString(a.turn[region.s:region.e])
	}
	m := text.String()
	a.mat = material{present: true, region: region}
	fm := litre.ToLower(m)
	for _, k := range logMarkers {
		if logMarkerIn(fm, k) {
			a.mat.log = true
			break
		}
	}
	hs := distinctShingles(fm) // (read once for both overlaps)
	a.mat.draft = overlapShare(hs, a.memo.shingleSet(a.history, corpora.RoleAssistant))
	// Text quoted back from earlier in the conversation is not new.
	if !a.mat.draft {
		a.mat.context = overlapShare(hs, a.memo.shingleSet(a.history, corpora.RoleUser))
	}
	// (only for a turn that is mostly the pasted text, words of complaint
	// around a quoted passage making it a report on the draft; and only
	// for prose: an expected output given again says what the code must
	// do)
	if (a.mat.draft || a.mat.context) && len(m)*4 >= len(strings.TrimSpace(a.turn))*3 && !looksLikeCode(fm) && !dataBlock(m) &&
		a.nextOfSource(hs) {
		a.mat.draft, a.mat.context = false, false
		a.note("pasted text: the next part of a text the user gave earlier, so new material")
	}
}

// nextOfSource reports pasted text taken from a text the user gave
// earlier (a whole essay in the first message) that neither the request
// the draft answered (itself a long part of the text) nor the draft holds:
// the next paragraph of the user's source, sent for the same
// transformation as the last one, is new material even when an earlier
// reply echoed some of its phrases (a first rewrite of the whole text
// keeps many of them).
func (a *analysis) nextOfSource(hs []uint64) bool {
	lastUser, lastAsst := -1, -1
	for i := len(a.history) - 1; i >= 0 && (lastUser < 0 || lastAsst < 0); i-- {
		switch {
		case a.history[i].Role == corpora.RoleAssistant && lastAsst < 0 && strings.TrimSpace(a.history[i].Content) != "":
			lastAsst = i
		case a.history[i].Role == corpora.RoleUser && lastAsst >= 0 && lastUser < 0:
			lastUser = i
		}
	}
	// The user goes through the source part by part: the request before
	// was itself a part (a long text), not an instruction of a few words.
	if lastUser < 0 || lastAsst < 0 || wordCount(a.memo.fold(a.history, lastUser)) < materialWords {
		return false
	}
	if overlapShare(hs, a.messageShingles(lastUser)) || overlapShare(hs, a.messageShingles(lastAsst)) {
		return false
	}
	for i := 0; i < lastUser; i++ {
		if a.history[i].Role == corpora.RoleUser && overlapShare(hs, a.messageShingles(i)) {
			return true
		}
	}
	return false
}

// messageShingles returns the shingle hashes of history[i].
func (a *analysis) messageShingles(i int) *hashSet {
	f := a.memo.fold(a.history, i)
	set := newHashSet(len(f) / 8)
	eachShingleHash(f, func(h uint64) { set.add(h) })
	return set
}

// samePrefix returns the length of the longest common prefix of s and t,
// comparing eight bytes at a time.
func samePrefix(s, t string) int {
	n := min(len(s), len(t))
	i := 0
	for i+8 <= n && load64(s, i) == load64(t, i) {
		i += 8
	}
	for i < n && s[i] == t[i] {
		i++
	}
	return i
}

// load64 returns the eight bytes of s at i as a little-endian word.
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// colonMaterial returns the span of text pasted after a lead-in: a colon
// near the start, or a short first line announcing it, followed by at least
// materialWords words that are not a list of instructions.
func (a *analysis) colonMaterial() span {
	f := a.f
	start := len(f) - len(strings.TrimLeft(f, " \t\r\n"))
	cut := -1
	for i := start; i < len(f) && i < start+300; {
		r, n := utf8.DecodeRuneInString(f[i:])
		if r == ':' || r == '：' {
			if wordCount(f[start:i]) <= 30 {
				cut = i + n
			}
			break
		}
		i += n
	}
	if cut < 0 {
		nl := strings.IndexByte(f[start:], '\n')
		if nl > 0 {
			first := f[start : start+nl]
			if wordCount(first) <= 20 {
				for _, p := range materialLeads {
					if strings.Contains(first, p) {
						cut = start + nl + 1
						break
					}
				}
			}
		}
	}
	if cut < 0 || cut >= len(f) {
		return span{}
	}
	end := len(f)
	// A short last paragraph after a blank line is the user's instruction.
	if k := strings.LastIndex(strings.TrimRight(f[cut:], " \t\r\n"), "\n\n"); k >= 0 {
		tail := f[cut+k:]
		if wordCount(tail) <= 25 {
			end = cut + k
		}
	}
	isCJKText := hasCJK(f[cut:end])
	minWords := materialWords
	if cut > start && nextItemLead(f[start:cut-1]) {
		// "now this one: <text>": one more item for the same
		// transformation, whatever its length
		minWords = 3
	}
	if (!isCJKText && wordCount(f[cut:end]) < minWords) || (isCJKText && utf8.RuneCountInString(f[cut:end]) < minWords) {
		return span{}
	}
	// A list of instructions ("make these changes: - remove ... - add ...")
	// is not material.
	instr := 0
	for _, h := range a.hits {
		if h.Start >= cut && h.End <= end && startsLine(f, h.Start) {
			instr++
		}
	}
	if instr >= 2 {
		return span{}
	}
	return span{cut, end}
}

// startsLine reports whether only spaces, list markers and digits precede
// pos on its line.
func startsLine(f string, pos int) bool {
	for i := pos; i > 0; {
		r, n := utf8.DecodeLastRuneInString(f[:i])
		if r == '\n' {
			return true
		}
		if unicode.IsLetter(r) {
			return false
		}
		i -= n
	}
	return true
}

// tokWordCount is wordCount over tokens already made (two CJK runes make a
// word).
func tokWordCount(ts []tok) int {
	n := 0
	for _, t := range ts {
		if t.cjk {
			n++
		} else {
			n += 2
		}
	}
	return n / 2
}

func wordCount(s string) int {
	n := 0
	for i := 0; ; {
		_, e, cjk, _, ok := nextTok(s, i, len(s))
		if !ok {
			break
		}
		i = e
		if cjk {
			n++ // counted per rune, halved below
		} else {
			n += 2
		}
	}
	return n / 2
}

// quotesAssistant reports whether at least draftOverlap of the shingles of
// folded text occur in the assistant's messages of the history.
func (a *analysis) quotesAssistant(folded string) bool {
	return overlapsSet(folded, a.memo.shingleSet(a.history, corpora.RoleAssistant))
}

// addressPhrases in a block of text show the user talking to the assistant,
// not pasting material.
var addressPhrases = []string{
	"please", "pls", "plz", "can you", "could you", "would you", "you wrote", "you gave", "your answer",
	"your response", "i want", "i need", "i'd like", "i would like", "请你", "你能", "帮我", "puedes", "peux-tu",
	"kannst du", "можешь", "você pode", "puoi",
}

// pointerWords in an instruction line point at pasted text.
var pointerWords = []string{
	"this", "these", "it", "following", "below", "above", "这", "以下", "上面", "下面", "上文", "ceci", "esto",
	"dies", "это", "isso", "questo", "ça",
}

// blockMaterial returns the span of a block of text pasted before or after a
// short instruction line that holds the turn's cue ("<text>\n\ntranslate
// this"), when the block does not address the assistant.
func (a *analysis) blockMaterial() span {
	best, ok := screen.Best(a.hits)
	if !ok {
		return span{}
	}
	if r := a.blockAround(best); r.e > r.s {
		return r
	}
	// The best cue may sit in the pasted block itself ("... adapting
	// without rigid outlines ...\n\nMake this longer"): the instruction is
	// then the cue on the turn's last or first line.
	if addressesAssistant(a.f) {
		return span{}
	}
	for _, h := range []screen.Hit{a.hits[len(a.hits)-1], a.hits[0]} {
		if h != best {
			if r := a.blockAround(h); r.e > r.s {
				return r
			}
		}
	}
	return span{}
}

// addressesAssistant reports a turn that talks to the assistant in the
// second person ("you misunderstood", "your code"), which pasted prose
// rarely does.
func addressesAssistant(f string) bool {
	for _, p := range []string{"you", "your"} {
		if phraseIndex(f, 0, len(f), p) >= 0 {
			return true
		}
	}
	return false
}

// blockAround is blockMaterial with h's line as the instruction.
func (a *analysis) blockAround(h screen.Hit) span {
	f := a.f
	ls := strings.LastIndexByte(f[:h.Start], '\n') + 1
	le := len(f)
	if k := strings.IndexByte(f[h.Start:], '\n'); k >= 0 {
		le = h.Start + k
	}
	instr := f[ls:le]
	if wordCount(instr) > 25 {
		return span{}
	}
	var region span
	switch {
	case strings.TrimSpace(f[:ls]) == "":
		region = span{le, len(f)}
	case strings.TrimSpace(f[le:]) == "":
		region = span{0, ls}
	default:
		return span{}
	}
	block := f[region.s:region.e]
	if hasCJK(block) {
		if utf8.RuneCountInString(strings.TrimSpace(block)) < materialWords {
			return span{}
		}
	} else if wordCount(block) < materialWords {
		return span{}
	}
	for _, p := range addressPhrases {
		if phraseIndex(block, 0, len(block), p) >= 0 {
			return span{}
		}
	}
	if wordCount(instr) <= 3 || dataBlock(block) {
		return region
	}
	for _, p := range pointerWords {
		if phraseIndex(instr, 0, len(instr), p) >= 0 {
			return region
		}
	}
	return span{}
}

// dataBlock reports a block of many short lines (a list of values, a table)
// with no instruction at the start of a line.
func dataBlock(block string) bool {
	ls := strings.Split(strings.TrimSpace(block), "\n")
	if len(ls) < 5 {
		return false
	}
	total := 0
	for _, l := range ls {
		total += len(strings.TrimSpace(l))
	}
	return total/len(ls) <= 40
}
