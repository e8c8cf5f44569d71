package llm

import (
	"math"
)

// Tally accumulates the summary's llm counts over events. It is mergeable
// (shards): add the fields, then recompute with Summary.
type Tally struct {
	Events             int64 `json:"events"`     // events whose reply went through the trace check
	Unresolved         int64 `json:"unresolved"` // of them, unresolved (kept out of every rate)
	TraceFull          int64 `json:"trace_full"` // resolved events with a verified trace anywhere
	TraceBody          int64 `json:"trace_body"` // resolved events with a verified trace in the body
	RevisionRun        int64 `json:"revision_run"`
	RevisionUnresolved int64 `json:"revision_unresolved"`
	// Agreement between the scanner's trace_full and the LLM's, over
	// resolved events.
	Agreement Agreement `json:"agreement"`
}

// Agreement is a 2×2 table: scanner (rows) × LLM (columns).
type Agreement struct {
	Both        int64 `json:"both"`
	ScannerOnly int64 `json:"scanner_only"`
	LLMOnly     int64 `json:"llm_only"`
	Neither     int64 `json:"neither"`
}

// Add counts one pair.
func (a *Agreement) Add(scanner, llm bool) {
	switch {
	case scanner && llm:
		a.Both++
	case scanner:
		a.ScannerOnly++
	case llm:
		a.LLMOnly++
	default:
		a.Neither++
	}
}

// Merge adds b.
func (a *Agreement) Merge(b Agreement) {
	a.Both += b.Both
	a.ScannerOnly += b.ScannerOnly
	a.LLMOnly += b.LLMOnly
	a.Neither += b.Neither
}

// Kappa is Cohen's κ; ok is false when it is undefined (no pairs, or both
// raters constant and equal, where chance agreement is 1).
func (a Agreement) Kappa() (float64, bool) {
	n := float64(a.Both + a.ScannerOnly + a.LLMOnly + a.Neither)
	if n == 0 {
		return 0, false
	}
	po := float64(a.Both+a.Neither) / n
	s1 := float64(a.Both+a.ScannerOnly) / n
	l1 := float64(a.Both+a.LLMOnly) / n
	pe := s1*l1 + (1-s1)*(1-l1)
	if pe >= 1 {
		return 0, false
	}
	return (po - pe) / (1 - pe), true
}

// AddEvent counts one event: the scanner's trace_full and the trace check's
// result (nil when the check did not run), and the revision check's result
// (nil when it did not run).
func (t *Tally) AddEvent(scannerFull bool, tr *TraceResult, rev *RevisionResult) {
	if rev != nil {
		t.RevisionRun++
		if !rev.Resolved {
			t.RevisionUnresolved++
		}
	}
	if tr == nil {
		return
	}
	t.Events++
	if !tr.Resolved {
		t.Unresolved++
		return
	}
	if tr.Full {
		t.TraceFull++
	}
	if tr.Body {
		t.TraceBody++
	}
	t.Agreement.Add(scannerFull, tr.Full)
}

// Merge adds u.
func (t *Tally) Merge(u Tally) {
	t.Events += u.Events
	t.Unresolved += u.Unresolved
	t.TraceFull += u.TraceFull
	t.TraceBody += u.TraceBody
	t.RevisionRun += u.RevisionRun
	t.RevisionUnresolved += u.RevisionUnresolved
	t.Agreement.Merge(u.Agreement)
}

// SummaryLLM is the summary's llm object (DESIGN §4) with the counts behind
// κ, so that shard summaries merge exactly.
type SummaryLLM struct {
	Calls          int64    `json:"calls"`
	Cached         int64    `json:"cached"`
	Unresolved     int64    `json:"unresolved"`
	TraceFull      int64    `json:"trace_full"`
	TraceBody      int64    `json:"trace_body"`
	AgreementKappa *float64 `json:"agreement_kappa"` // null when undefined
	Resolved       int64    `json:"resolved"`
	Tally          Tally    `json:"tally"`
}

// Summary fills the summary's llm object from the tally and the client's
// call counters (calls and cached are per run: a re-run over a warm cache
// reports zero calls).
func (t Tally) Summary(calls, cached int64) SummaryLLM {
	s := SummaryLLM{Calls: calls, Cached: cached, Unresolved: t.Unresolved, TraceFull: t.TraceFull,
		TraceBody: t.TraceBody, Resolved: t.Events - t.Unresolved, Tally: t}
	if k, ok := t.Agreement.Kappa(); ok {
		k = math.Round(k*1e6) / 1e6
		s.AgreementKappa = &k
	}
	return s
}

// EventLLM is the event's llm object (DESIGN §4): the revision check's label,
// the trace check's label, and its trace_full/trace_body (null when
// unresolved or not run).
type EventLLM struct {
	Revision  string `json:"revision,omitempty"`
	Trace     string `json:"trace"`
	TraceFull *bool  `json:"trace_full"`
	TraceBody *bool  `json:"trace_body"`
}

// EventFields fills the event's llm object; rev or tr may be nil when the
// check did not run.
func EventFields(rev *RevisionResult, tr *TraceResult) EventLLM {
	var e EventLLM
	if rev != nil {
		e.Revision = rev.Label()
	}
	if tr == nil {
		return e
	}
	e.Trace = tr.Label()
	if tr.Resolved {
		full, body := tr.Full, tr.Body
		e.TraceFull, e.TraceBody = &full, &body
	}
	return e
}
