// Package filter is revtrace's output-side filter: it deletes the revision
// traces from an assistant reply before the deliverable is passed on, and
// withholds the reply when the deletion would cost required content.
//
// Filter deletes each trace sentence that trace.Analyze finds, by its byte
// offsets (never by searching for its text, so an identical sentence that
// is not a trace stays), and then every line that the deletion leaves
// holding nothing but white space and markup: list markers (-, *, +, •,
// "1.", "1)"), comment markers (#, //, --, /*, */, <!--, -->, ;), and also
// block-quote markers (>), heading marks (##) and emphasis runs (*, _,
// ~). Table pipes are not markup here: emptying a table row's only cell
// leaves the row, so the table keeps its shape. Such a line is removed whole, with its line
// ending (\n, \r\n or \r). Every other byte of the reply is kept as it is:
// the result is the reply with exactly the ranges of Result.Removed cut
// out.
//
// The reply is withheld (Result.Status is Withheld and Delivered is empty)
// when it is blank, when the deletion would leave nothing but white space,
// or when a protected string (a literal, case-sensitive substring, such as
// a date or an amount the recipient needs) occurs in the reply but no
// longer in the result. A protected string that does not occur in the reply
// is ignored, and one that still occurs after the deletion is not a
// conflict, as in the study's filter.
package filter

import (
	"slices"
	"strings"
	"unicode"

	"github.com/revtrace/revtrace/detectors/internal/litre"
	"github.com/revtrace/revtrace/detectors/split"
	"github.com/revtrace/revtrace/detectors/trace"
)

// Version identifies the filter's behaviour; the scanner it uses has its
// own version (trace.Version).
const Version = "filter-v1"

// Statuses of a Result.
const (
	Delivered = "delivered"
	Withheld  = "withheld"
)

// Reasons for withholding.
const (
	ReasonEmptyInput = "empty input"
	ReasonEmpty      = "filtered to empty"
	ReasonProtected  = "required content was removed"
)

// Options are the inputs of Filter besides the reply.
type Options struct {
	Aliases  []string // names of the withdrawn item, when known (trace.Input.Aliases)
	Protect  []string // required content: literal, case-sensitive strings
	Request  string   // the user's revision request, "" if unknown
	Previous string   // the assistant draft before the request, "" if none
	Task     string   // the conversation's first user turn, "" if unknown (trace.Input.Task)
}

// Result is the outcome of Filter.
type Result struct {
	Status    string        `json:"status"`    // Delivered or Withheld
	Delivered string        `json:"delivered"` // the filtered reply; "" when withheld
	Reason    string        `json:"reason,omitempty"`
	Removed   []split.Span  `json:"removed"`   // byte ranges of the reply deleted (or that would have been), sorted, disjoint
	Traces    []trace.Trace `json:"traces"`    // the traces found
	Conflicts []string      `json:"conflicts"` // protected strings the deletion would remove
}

// Filter analyses reply with trace.Analyze and deletes its traces (see the
// package documentation).
func Filter(reply string, opt Options) Result {
	res := Result{Removed: []split.Span{}, Traces: []trace.Trace{}, Conflicts: []string{}}
	if isBlank(reply) {
		res.Status, res.Reason = Withheld, ReasonEmptyInput
		return res
	}
	a := trace.Analyze(trace.Input{Reply: reply, Request: opt.Request, Previous: opt.Previous, Task: opt.Task, Aliases: opt.Aliases})
	if len(a.Traces) == 0 {
		res.Status, res.Delivered = Delivered, reply
		return res
	}
	res.Traces = a.Traces
	spans := make([]split.Span, len(a.Traces))
	for i, t := range a.Traces {
		spans[i] = split.Span{Start: t.Start, End: t.End}
	}
	kept, removed := Remove(reply, spans)
	res.Removed = removed
	for _, p := range opt.Protect {
		if p != "" && strings.Contains(reply, p) && !strings.Contains(kept, p) {
			res.Conflicts = append(res.Conflicts, p)
		}
	}
	switch {
	case isBlank(kept):
		res.Status, res.Reason = Withheld, ReasonEmpty
	case len(res.Conflicts) > 0:
		res.Status, res.Reason = Withheld, ReasonProtected+": "+strings.Join(res.Conflicts, ", ")
	default:
		res.Status, res.Delivered = Delivered, kept
	}
	return res
}

// Remove deletes the byte ranges spans from text (clamped to it; they may
// overlap and come in any order), then every line that a deletion touched
// and left holding only white space and markup (see the package
// documentation), with its line ending. It returns the result and the
// ranges deleted in all, sorted, disjoint and not adjacent; the result is
// text with exactly those ranges cut out.
func Remove(text string, spans []split.Span) (string, []split.Span) {
	del := normalise(text, spans)
	if len(del) == 0 {
		return text, []split.Span{}
	}
	var extra []split.Span
	for ls := 0; ls < len(text); {
		le, te := lineEnd(text, ls)
		if touched(del, ls, te) && isResidue(keptBytes(text, del, ls, le)) {
			extra = append(extra, split.Span{Start: ls, End: te})
		}
		ls = te
	}
	del = normalise(text, append(del, extra...))
	var b strings.Builder
	b.Grow(len(text))
	at := 0
	for _, d := range del {
		b.WriteString(text[at:d.Start])
		at = d.End
	}
	b.WriteString(text[at:])
	return b.String(), del
}

// normalise clamps spans to text, drops empty ones, sorts them and merges
// the ones that overlap or touch.
func normalise(text string, spans []split.Span) []split.Span {
	out := make([]split.Span, 0, len(spans))
	for _, s := range spans {
		a, b := min(max(s.Start, 0), len(text)), min(max(s.End, 0), len(text))
		if a < b {
			out = append(out, split.Span{Start: a, End: b})
		}
	}
	slices.SortFunc(out, func(x, y split.Span) int { return x.Start - y.Start })
	merged := out[:0]
	for _, s := range out {
		if n := len(merged); n > 0 && s.Start <= merged[n-1].End {
			merged[n-1].End = max(merged[n-1].End, s.End)
			continue
		}
		merged = append(merged, s)
	}
	return merged
}

// lineEnd returns the end of the content of the line starting at ls and
// the end of its line ending (\n, \r\n or \r; none on the last line).
func lineEnd(text string, ls int) (int, int) {
	i := strings.IndexAny(text[ls:], "\r\n")
	if i < 0 {
		return len(text), len(text)
	}
	le := ls + i
	if text[le] == '\r' && le+1 < len(text) && text[le+1] == '\n' {
		return le, le + 2
	}
	return le, le + 1
}

// touched reports whether a deleted range intersects [s, e).
func touched(del []split.Span, s, e int) bool {
	i, _ := slices.BinarySearchFunc(del, s, func(d split.Span, x int) int {
		if d.End <= x {
			return -1
		}
		return 1
	})
	return i < len(del) && del[i].Start < e
}

// keptBytes returns text[s:e] without the deleted ranges.
func keptBytes(text string, del []split.Span, s, e int) string {
	var b strings.Builder
	at := s
	for _, d := range del {
		if d.End <= at || d.Start >= e {
			continue
		}
		if d.Start > at {
			b.WriteString(text[at:d.Start])
		}
		at = max(at, d.End)
	}
	if at < e {
		b.WriteString(text[at:e])
	}
	return b.String()
}

// markup matches a token made only of list, comment, quote, heading and
// emphasis markers.
var markup = litre.Lazy(`^(?:<!--|-->|/\*|\*/|//|[0-9]{1,9}[.)]|[-*+•>#;_~])+$`)

// isResidue reports whether s holds only white space and markup tokens.
func isResidue(s string) bool {
	for _, f := range strings.FieldsFunc(s, unicode.IsSpace) {
		if !markup.MatchString(f) {
			return false
		}
	}
	return true
}

func isBlank(s string) bool {
	return strings.TrimFunc(s, unicode.IsSpace) == ""
}
