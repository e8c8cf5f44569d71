package llm

import (
	"context"
	"strings"
)

// TraceInput is one reply. Body is the deliverable's span in Reply (from the
// splitter), nil when the reply has no deliverable.
type TraceInput struct {
	Reply string
	Body  *Span
}

// Trace verdicts (scanner-spec §5.5).
const (
	VerdictYesVerified   = "yes_verified"
	VerdictYesUnverified = "yes_unverified"
	VerdictNo            = "no"
)

// TraceResult is the trace check's answer.
//
//	answer               verdict          resolved
//	malformed / no call  ""               no
//	yes + quote verifies yes_verified     yes  (Full true)
//	yes + otherwise      yes_unverified   no
//	no + empty quote     no               yes
//	no + quote verifies  no               yes
//	no + other quote     no               no
//
// Unresolved results are kept out of every denominator.
type TraceResult struct {
	Verdict  string `json:"verdict"`
	Resolved bool   `json:"resolved"`
	// Full: a verified trace anywhere in the reply; Body: its quote starts
	// inside the body span. Both false when unresolved.
	Full    bool     `json:"trace_full"`
	Body    bool     `json:"trace_body"`
	Quote   string   `json:"quote"`
	Span    *Span    `json:"span"` // the verified quote's byte span in the reply
	Problem string   `json:"problem,omitempty"`
	Raw     string   `json:"raw"`
	Call    CallInfo `json:"call"`
}

// Label is the event's llm.trace value: "yes_verified", "no" or
// "unresolved".
func (r TraceResult) Label() string {
	if !r.Resolved {
		return "unresolved"
	}
	return r.Verdict
}

// TracePrompt renders the data message of the trace check.
func (c *Client) TracePrompt(in TraceInput) string { return renderTrace(in, c.limits) }

func renderTrace(in TraceInput, lim Limits) string {
	return "REPLY to check:\n<reply>\n" + TruncateMiddle(in.Reply, lim.Reply, 0.5) + "\n</reply>"
}

// Trace runs the trace check on one reply. The error is non-nil when no
// answer was obtained; the result is then unresolved.
func (c *Client) Trace(ctx context.Context, in TraceInput) (TraceResult, error) {
	j := job{prompt: promptTrace, user: renderTrace(in, c.limits)}
	raw, info, err := c.run(ctx, j)
	if err != nil {
		c.unresolved(CheckTrace, err)
		return TraceResult{Raw: raw, Call: info, Problem: "no answer: " + info.Status}, err
	}
	res := ParseTrace(raw, in.Reply, in.Body)
	res.Call = info
	if !res.Resolved {
		c.stats.add(CheckTrace, func(s *CheckStats) { s.Unresolved++ })
	}
	return res, nil
}

// ParseTrace reads a trace answer and verifies its quote against reply.
func ParseTrace(raw, reply string, body *Span) TraceResult {
	res := TraceResult{Raw: raw}
	a, err := parseAnswer(raw)
	if err != nil {
		res.Problem = "malformed answer: " + err.Error()
		return res
	}
	yes, ok := a.boolean("answer", "trace", "verdict", "is_trace", "has_trace")
	if !ok {
		res.Problem = "malformed answer: no yes/no answer"
		return res
	}
	q, _ := a.str("quote", "evidence_quote", "sentence")
	q = strings.TrimSpace(q)
	switch norm(q) {
	case "none", "n/a", "na", "null", "-", `""`:
		q = ""
	}
	res.Quote = q
	var sp Span
	verified := false
	if q != "" {
		sp, verified = VerifyQuote(q, reply)
	}
	switch {
	case yes && verified:
		res.Verdict, res.Resolved, res.Full = VerdictYesVerified, true, true
		res.Span = &sp
		res.Body = body != nil && sp.Start >= body.Start && sp.Start < body.End
	case yes:
		res.Verdict = VerdictYesUnverified
		if q == "" {
			res.Problem = "yes without a quote"
		} else {
			res.Problem = "quote not verified in the reply"
		}
	case q == "" || verified:
		res.Verdict, res.Resolved = VerdictNo, true
	default:
		res.Verdict = VerdictNo
		res.Problem = "no with a quote that is not verified in the reply"
	}
	return res
}
