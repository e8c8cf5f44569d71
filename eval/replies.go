package eval

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/revtrace/revtrace/detectors/split"
	"github.com/revtrace/revtrace/detectors/trace"
)

// ReplyReport scores a reply analysis against gold replies.
//
// Definitions:
//
//   - Trace (deliverable level, "trace_full"): gold "trace" against
//     Analysis.Trace, one decision per reply. TraceBody: a gold trace whose
//     position is a body tier against Analysis.TraceBody.
//   - Gold spans: a gold sentence is located in the reply among all its
//     occurrences (see locateGold): an occurrence not taken by an earlier
//     gold trace, preferring the one whose position under the gold body
//     equals the gold position, then one that overlaps a found trace, then
//     the first. The gold body is its first occurrence in the reply, trimmed
//     of surrounding white space (the splitter trims too).
//   - A found trace matches a gold trace when their byte spans overlap.
//     SentencePrecision is the share of found traces that overlap some gold
//     trace, SentenceRecall the share of gold traces that some found trace
//     overlaps. A found gold trace is paired with the found trace that
//     overlaps it most (the earliest on ties); PartAgreement (preface / body
//     / afterword), PositionAgreement (the five positions), LevelAccuracy
//     and LevelConfusion are computed over these pairs.
//   - SplitterPart is the splitter's own score, independent of the scanner:
//     over every gold trace with a labelled position, the share whose gold
//     part equals split.Position at the gold sentence's start under the
//     predicted body. GoldConsistency is the same with the gold body: it
//     checks the gold file itself and should be 1.
//   - BodyJaccard: characters (runes) in both the predicted and the gold
//     body over characters in either, per reply (1 when both are empty, 0
//     when only one is), averaged over all replies; BodyJaccardWithBody
//     averages over replies whose gold has a body.
//   - LevelAccuracy counts pairs whose gold level is identifying,
//     descriptive or process_only; LevelConfusion has every pair with a
//     labelled gold level (gold level → predicted level), Identifying is the
//     one-vs-rest score of the identifying level over it.
type ReplyReport struct {
	Replies              int                     `json:"replies"`
	GoldTraces           int                     `json:"gold_traces"`
	FoundTraces          int                     `json:"found_traces"`
	Trace                Binary                  `json:"trace_full"`
	TraceBody            Binary                  `json:"trace_body"`
	SentencePrecision    Share                   `json:"sentence_precision"`
	SentenceRecall       Share                   `json:"sentence_recall"`
	SentenceF1           float64                 `json:"sentence_f1"`
	PartAgreement        Share                   `json:"part_agreement"`
	PositionAgreement    Share                   `json:"position_agreement"`
	SplitterPart         Share                   `json:"splitter_part"`
	GoldConsistency      Share                   `json:"gold_position_consistency"`
	BodyJaccard          Mean                    `json:"body_jaccard"`
	BodyJaccardWithBody  Mean                    `json:"body_jaccard_with_body"`
	DeliverableType      Share                   `json:"deliverable_type_accuracy"`
	DeliverableConfusion Confusion               `json:"deliverable_type_confusion"`
	LevelAccuracy        Share                   `json:"level_accuracy"`
	LevelConfusion       Confusion               `json:"level_confusion"`
	Identifying          Binary                  `json:"identifying"`
	ByLanguage           map[string]*LangReplies `json:"by_language"`
	Errors               []Error                 `json:"errors,omitempty"`
}

// LangReplies is the deliverable-level score of one language.
type LangReplies struct {
	Replies    int    `json:"replies"`
	GoldTraces int    `json:"gold_traces"`
	Trace      Binary `json:"trace_full"`
}

// Error is one disagreement with gold.
type Error struct {
	ID     ID     `json:"id"`
	Kind   string `json:"kind"`
	Detail string `json:"detail"`
}

// Error kinds of EvalReplies.
const (
	ErrTraceFP         = "trace_fp"         // a trace found in a reply without gold traces
	ErrTraceFN         = "trace_fn"         // no trace found in a reply with gold traces
	ErrSentenceFP      = "sentence_fp"      // a found trace overlapping no gold trace
	ErrSentenceFN      = "sentence_fn"      // a gold trace overlapped by no found trace
	ErrPosition        = "position"         // a paired trace placed elsewhere
	ErrSplitter        = "splitter"         // a gold trace in another part under the predicted body
	ErrGold            = "gold_position"    // a gold position that disagrees with the gold body
	ErrLevel           = "level"            // a paired trace with another level
	ErrDeliverableType = "deliverable_type" // another deliverable type
	ErrBody            = "body"             // body Jaccard below BodyErrorBelow
)

// BodyErrorBelow is the body Jaccard under which a reply is listed as an
// ErrBody error.
const BodyErrorBelow = 0.9

// span is a byte range [s, e) of a reply.
type span struct{ s, e int }

func (a span) overlap(b span) int {
	lo, hi := max(a.s, b.s), min(a.e, b.e)
	return max(0, hi-lo)
}

// EvalReplies runs analyse on every gold reply and scores the results (see
// ReplyReport for the definitions). Offsets of the analysis outside the
// reply are clamped.
func EvalReplies(gold []ReplyGold, analyse func(ReplyGold) trace.Analysis) ReplyReport {
	r := ReplyReport{
		DeliverableConfusion: Confusion{},
		LevelConfusion:       Confusion{},
		ByLanguage:           map[string]*LangReplies{},
	}
	for _, g := range gold {
		r.add(g, analyse(g))
	}
	r.finish()
	return r
}

func (r *ReplyReport) add(g ReplyGold, a trace.Analysis) {
	n := len(g.Reply)
	r.Replies++
	r.GoldTraces += len(g.Traces)
	r.FoundTraces += len(a.Traces)

	found := make([]span, len(a.Traces))
	for i, t := range a.Traces {
		s := clamp(t.Start, n)
		found[i] = span{s, max(s, clamp(t.End, n))}
	}
	goldBody := goldBodySpan(g)
	goldParts := split.Parts{Body: goldBody}
	predBody := clampSpan(a.Body, n)
	predParts := split.Parts{Body: predBody}
	gspans := locateGold(g, goldParts, found)

	// Deliverable level.
	r.Trace.Add(g.Trace, a.Trace)
	goldBodyTrace := false
	for _, t := range g.Traces {
		goldBodyTrace = goldBodyTrace || strings.HasPrefix(t.Position, "body_")
	}
	r.TraceBody.Add(goldBodyTrace, a.TraceBody)
	switch {
	case a.Trace && !g.Trace:
		r.errorf(g.ID, ErrTraceFP, "found %q", firstSentence(a.Traces))
	case g.Trace && !a.Trace:
		r.errorf(g.ID, ErrTraceFN, "missed %q", g.Traces[0].Sentence)
	}
	lang := langKey(g.Language)
	lr := r.ByLanguage[lang]
	if lr == nil {
		lr = &LangReplies{}
		r.ByLanguage[lang] = lr
	}
	lr.Replies++
	lr.GoldTraces += len(g.Traces)
	lr.Trace.Add(g.Trace, a.Trace)

	// Sentence level: found traces.
	for i, f := range found {
		hit := false
		for _, gs := range gspans {
			if f.overlap(gs) > 0 {
				hit = true
				break
			}
		}
		r.SentencePrecision.Add(hit)
		if !hit {
			r.errorf(g.ID, ErrSentenceFP, "%q (%s, rule %s)", a.Traces[i].Sentence, a.Traces[i].Position, a.Traces[i].Rule)
		}
	}
	// Sentence level: gold traces, pairs, splitter.
	for i, gt := range g.Traces {
		gs := gspans[i]
		best, bestOv := -1, 0
		for j, f := range found {
			if ov := f.overlap(gs); ov > bestOv {
				best, bestOv = j, ov
			}
		}
		r.SentenceRecall.Add(best >= 0)
		if best < 0 {
			r.errorf(g.ID, ErrSentenceFN, "%q", gt.Sentence)
		}
		if gt.Position != "" {
			underPred := split.Position(g.Reply, predParts, gs.s)
			ok := part(underPred) == part(gt.Position)
			r.SplitterPart.Add(ok)
			if !ok {
				r.errorf(g.ID, ErrSplitter, "%q gold %s, predicted body puts it in %s", gt.Sentence, gt.Position, underPred)
			}
			underGold := split.Position(g.Reply, goldParts, gs.s)
			r.GoldConsistency.Add(underGold == gt.Position)
			if underGold != gt.Position {
				r.errorf(g.ID, ErrGold, "%q labelled %s, the gold body puts it in %s", gt.Sentence, gt.Position, underGold)
			}
		}
		if best < 0 {
			continue
		}
		ft := a.Traces[best]
		if gt.Position != "" {
			r.PartAgreement.Add(part(ft.Position) == part(gt.Position))
			r.PositionAgreement.Add(ft.Position == gt.Position)
			if ft.Position != gt.Position {
				r.errorf(g.ID, ErrPosition, "%q gold %s, found %s", gt.Sentence, gt.Position, ft.Position)
			}
		}
		if gt.Level != "" {
			r.LevelConfusion.Add(gt.Level, ft.Level)
			if gt.Level == trace.Identifying || gt.Level == trace.Descriptive || gt.Level == trace.ProcessOnly {
				r.LevelAccuracy.Add(ft.Level == gt.Level)
			}
			if ft.Level != gt.Level {
				r.errorf(g.ID, ErrLevel, "%q gold %s, found %s (item %q)", gt.Sentence, gt.Level, ft.Level, a.WithdrawnItem)
			}
		}
	}

	// Body and deliverable type.
	j := jaccard(g.Reply, goldBody, predBody)
	r.BodyJaccard.Add(j)
	if goldBody != nil {
		r.BodyJaccardWithBody.Add(j)
	}
	if j < BodyErrorBelow {
		r.errorf(g.ID, ErrBody, "Jaccard %.2f: gold %s, predicted %s", j, describeSpan(g.Reply, goldBody), describeSpan(g.Reply, predBody))
	}
	if g.DeliverableType != "" {
		r.DeliverableConfusion.Add(g.DeliverableType, a.DeliverableType)
		r.DeliverableType.Add(g.DeliverableType == a.DeliverableType)
		if g.DeliverableType != a.DeliverableType {
			r.errorf(g.ID, ErrDeliverableType, "gold %s, found %s", g.DeliverableType, a.DeliverableType)
		}
	}
}

func (r *ReplyReport) finish() {
	r.Trace.Finish()
	r.TraceBody.Finish()
	r.SentencePrecision.Finish()
	r.SentenceRecall.Finish()
	if p, q := r.SentencePrecision.Value, r.SentenceRecall.Value; p+q > 0 {
		r.SentenceF1 = 2 * p * q / (p + q)
	}
	r.PartAgreement.Finish()
	r.PositionAgreement.Finish()
	r.SplitterPart.Finish()
	r.GoldConsistency.Finish()
	r.BodyJaccard.Finish()
	r.BodyJaccardWithBody.Finish()
	r.DeliverableType.Finish()
	r.LevelAccuracy.Finish()
	r.Identifying = r.LevelConfusion.Binary(trace.Identifying)
	for _, l := range r.ByLanguage {
		l.Trace.Finish()
	}
}

func (r *ReplyReport) errorf(id ID, kind, format string, args ...any) {
	r.Errors = append(r.Errors, Error{ID: id, Kind: kind, Detail: fmt.Sprintf(format, args...)})
}

// goldBodySpan is the first occurrence of the gold body in the reply,
// trimmed of surrounding white space; nil when there is no body.
func goldBodySpan(g ReplyGold) *split.Span {
	if g.Body == "" {
		return nil
	}
	i := strings.Index(g.Reply, g.Body)
	if i < 0 {
		return nil
	}
	b := strings.TrimLeftFunc(g.Body, unicode.IsSpace)
	s := i + len(g.Body) - len(b)
	b = strings.TrimRightFunc(b, unicode.IsSpace)
	if b == "" {
		return nil
	}
	return &split.Span{Start: s, End: s + len(b)}
}

// locateGold returns the span of each gold trace in the reply. The
// sentence's occurrences (overlapping ones included) are ranked: not taken
// by an earlier gold trace first; then by agreement of the position under
// the gold body with the gold position (same position, then same part);
// then overlapping a found trace; then the earliest. When every occurrence
// is taken, the ranking starts from the second criterion.
func locateGold(g ReplyGold, goldParts split.Parts, found []span) []span {
	out := make([]span, len(g.Traces))
	taken := map[int]bool{}
	for i, t := range g.Traces {
		bestStart, bestScore := -1, -1
		for _, s := range occurrences(g.Reply, t.Sentence) {
			score := 0
			if !taken[s] {
				score += 8
			}
			if t.Position != "" {
				switch pos := split.Position(g.Reply, goldParts, s); {
				case pos == t.Position:
					score += 4
				case part(pos) == part(t.Position):
					score += 2
				}
			}
			sp := span{s, s + len(t.Sentence)}
			for _, f := range found {
				if f.overlap(sp) > 0 {
					score++
					break
				}
			}
			if score > bestScore {
				bestStart, bestScore = s, score
			}
		}
		if bestStart < 0 { // not a substring; ReadReplies rejects this
			out[i] = span{}
			continue
		}
		taken[bestStart] = true
		out[i] = span{bestStart, bestStart + len(t.Sentence)}
	}
	return out
}

// occurrences returns the start of every occurrence of sub in s,
// overlapping ones included.
func occurrences(s, sub string) []int {
	if sub == "" {
		return nil
	}
	var out []int
	for off := 0; off <= len(s)-len(sub); {
		i := strings.Index(s[off:], sub)
		if i < 0 {
			break
		}
		out = append(out, off+i)
		_, size := utf8.DecodeRuneInString(s[off+i:])
		off += i + max(size, 1)
	}
	return out
}

// part maps a position to preface, body or afterword ("" when unknown).
func part(pos string) string {
	switch {
	case pos == split.Preface || pos == split.Afterword:
		return pos
	case strings.HasPrefix(pos, "body_"):
		return "body"
	}
	return ""
}

// jaccard is the character (rune) overlap of two spans of text over their
// union: 1 when both are nil, 0 when only one is.
func jaccard(text string, a, b *split.Span) float64 {
	if a == nil && b == nil {
		return 1
	}
	if a == nil || b == nil {
		return 0
	}
	runes := func(s, e int) int {
		if e <= s {
			return 0
		}
		return utf8.RuneCountInString(text[s:e])
	}
	lo, hi := max(a.Start, b.Start), min(a.End, b.End)
	inter := runes(lo, hi)
	union := runes(a.Start, a.End) + runes(b.Start, b.End) - inter
	if union == 0 {
		return 1
	}
	return float64(inter) / float64(union)
}

func clamp(x, n int) int { return min(max(x, 0), n) }

// clampSpan clamps s to [0, n]; an empty span is nil.
func clampSpan(s *split.Span, n int) *split.Span {
	if s == nil {
		return nil
	}
	a, b := clamp(s.Start, n), clamp(s.End, n)
	if b <= a {
		return nil
	}
	return &split.Span{Start: a, End: b}
}

func describeSpan(text string, s *split.Span) string {
	if s == nil {
		return "none"
	}
	return fmt.Sprintf("%d-%d %q…%q", s.Start, s.End, clip(text[s.Start:s.End], 24, true), clip(text[s.Start:s.End], 24, false))
}

// clip returns the first (head) or last n runes of s.
func clip(s string, n int, head bool) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	if head {
		return string(r[:n])
	}
	return string(r[len(r)-n:])
}

func firstSentence(ts []trace.Trace) string {
	if len(ts) == 0 {
		return ""
	}
	return ts[0].Sentence
}

// langKey is the language of a gold record as a report key ("und" when
// not given).
func langKey(l string) string {
	l = strings.ToLower(strings.TrimSpace(l))
	if l == "" {
		return "und"
	}
	return l
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
