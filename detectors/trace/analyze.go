// Package trace finds revision traces in an assistant reply: sentences in
// which the assistant says that an item was removed, excluded, omitted, left
// out, withheld, redacted or replaced in this deliverable ("I removed the
// password 'No****4!' as requested"). Whoever receives the deliverable learns
// the withdrawn item from them.
//
// Scan is a rule scanner: the rules are data (rules.txt, embedded), each with
// an id, a description, Aho-Corasick prefilter keywords, RE2 patterns, vetoes
// and positive and negative example sentences that the tests run. Analyze
// adds the reply's parts (detectors/split), each trace's position, its
// disclosure level and the deliverable type (detectors/deliverable).
package trace

import (
	"strings"

	"github.com/revtrace/revtrace/detectors/deliverable"
	"github.com/revtrace/revtrace/detectors/internal/litre"
	"github.com/revtrace/revtrace/detectors/sentences"
	"github.com/revtrace/revtrace/detectors/split"
)

// DetectorScanner is the Detector value of traces found by Scan.
const DetectorScanner = "scanner"

// Version identifies the scanner as a whole: rules, sentence splitter and
// level rules. It is recorded with results. levels-v5 (from
// real-replies-dev4) names more withdrawn items in the request: a lone
// symbol ("never use $ anywhere"), "avoid X", "stop using X", "X should not
// appear", "I'd like it not to have X", and for "could you remove it" the
// content word the sentence before named when the draft holds it.
var Version = defaultVersion + "+" + sentences.Version + "+levels-v5"

// Trace is one trace sentence of a reply.
type Trace struct {
	Sentence string `json:"sentence"` // Reply[Start:End]
	Start    int    `json:"start"`
	End      int    `json:"end"`
	Position string `json:"position"` // preface|body_opening|body_middle|body_closing|afterword
	Level    string `json:"level"`    // identifying|descriptive|process_only|not_assigned|unknown
	Detector string `json:"detector"` // "scanner"
	Rule     string `json:"-"`        // id of the rule that fired
}

// Input is one reply to analyse.
type Input struct {
	Reply    string
	Request  string // the user's revision request ("" if unknown)
	Previous string // the assistant draft before the request ("" if none)
	Task     string // the conversation's first user turn ("" if unknown): what was asked for
	// TaskCues is Task read once for all of a conversation's replies
	// (deliverable.NewTask(Task)); nil: Task is read on each call. When set,
	// it must hold Task.
	TaskCues *deliverable.Task
	Aliases  []string // names of the withdrawn item when the caller knows them
}

// task returns the first user turn's cues: TaskCues, or Task read now.
func (in *Input) task() *deliverable.Task {
	if in.TaskCues != nil {
		return in.TaskCues
	}
	return deliverable.NewTask(in.Task)
}

// Analysis is the result of Analyze.
type Analysis struct {
	Trace           bool        // any trace anywhere ("trace_full")
	TraceBody       bool        // a trace inside the body
	Traces          []Trace     // in reply order
	Body            *split.Span // the deliverable, nil when there is none
	DeliverableType string      // deliverable.Message|Document|Code|None
	WithdrawnItem   string      // "" when it could not be derived
}

// Analyze splits the reply into preface, body and afterword, scans it for
// trace sentences, places each one and assigns its disclosure level:
// identifying when it names the withdrawn item (an alias, or a distinctive
// token of it), descriptive when it names only the item's category,
// process_only otherwise; every trace is not_assigned when a distinctive
// name of the item also appears in the reply outside the traces, and
// unknown when no withdrawn item could be derived from Aliases, Request or
// Previous. Offsets index in.Reply exactly.
func Analyze(in Input) Analysis {
	parts := split.Split(in.Reply)
	a := Analysis{DeliverableType: deliverable.ClassifyFor(in.Reply, parts, in.Request, in.task())}
	if a.DeliverableType == deliverable.None {
		// An answer, an explanation or a refusal has no deliverable, whatever
		// span the splitter found: no body, and every trace is in the preface.
		parts.Body = nil
	}
	a.Body = parts.Body
	rs := defaultSet()
	hits, lines := rs.scanLaidOut(in.Reply)
	hits = rs.anchorHits(in.Reply, in.Request, in.Previous, hits)
	hits = dropUserResidue(in.Reply, in.Request, hits)
	hits = judgeContext(in, parts, a.DeliverableType, hits, lines)
	spans := make([][2]int, len(hits))
	for i, h := range hits {
		spans[i] = [2]int{h.Start, h.End}
	}
	if len(hits) == 0 {
		// No trace, so no level to assign: the withdrawn item is read off
		// the request (or the caller's aliases) alone, without the diff of
		// the previous draft that levels need.
		a.WithdrawnItem = quickItem(in)
		return a
	}
	masked := mask(in.Reply, spans)
	it := deriveItem(in, masked)
	if it.known() {
		a.WithdrawnItem = it.text
	}
	leak := it.contentLeak(masked) || it.sentenceLeak(in.Reply, masked, spans)
	for _, h := range hits {
		s := in.Reply[h.Start:h.End]
		level := it.level(s)
		if leak {
			level = NotAssigned
		}
		t := Trace{
			Sentence: s,
			Start:    h.Start,
			End:      h.End,
			Position: split.Position(in.Reply, parts, h.Start),
			Level:    level,
			Detector: DetectorScanner,
			Rule:     h.Rule,
		}
		a.Traces = append(a.Traces, t)
		a.Trace = true
		if strings.HasPrefix(t.Position, "body_") {
			a.TraceBody = true
		}
	}
	return a
}

// dropUserResidue drops redaction-residue hits whose markers all come from
// the user's own request (a pasted log with [REDACTED] values is not a trace
// of this revision).
func dropUserResidue(reply, request string, hits []Hit) []Hit {
	if request == "" {
		return hits
	}
	lowReq := litre.ToLower(request)
	out := hits[:0]
	for _, h := range hits {
		if h.Rule == residueRule {
			fromUser := true
			for _, m := range residueMarkers(reply[h.Start:h.End]) {
				if !strings.Contains(lowReq, litre.ToLower(m)) {
					fromUser = false
				}
			}
			if fromUser {
				continue
			}
		}
		out = append(out, h)
	}
	return out
}

const residueRule = "redaction-residue"

// residueMarkers returns the texts matched by the residue rule's patterns.
func residueMarkers(s string) []string {
	r := defaultSet().byID(residueRule)
	if r == nil {
		return nil
	}
	norm := normalize(s)
	var out []string
	for _, p := range r.patterns {
		out = append(out, p.FindAllString(norm, -1)...)
	}
	return out
}

// quickItem is the withdrawn item of a reply without traces: the first of
// the caller's aliases, else what the request names ("" when it names
// nothing, or only points: "the part I highlighted").
func quickItem(in Input) string {
	for _, a := range in.Aliases {
		if a = strings.TrimSpace(a); a != "" {
			return a
		}
	}
	phrase := requestItem(in.Request)
	if pointerPhrase(phrase) {
		return ""
	}
	return phrase
}
