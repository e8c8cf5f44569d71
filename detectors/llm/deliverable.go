package llm

import (
	"context"
	"strings"
)

// DeliverableInput is one reply with the request it answers and, when
// known, the conversation's first user message (the task).
type DeliverableInput struct {
	Request string
	Task    string
	Reply   string
}

// Deliverable types.
var DeliverableTypes = []string{"message", "document", "code", "none"}

// DeliverableResult is the deliverable-type check's answer.
type DeliverableResult struct {
	Resolved bool     `json:"resolved"`
	Type     string   `json:"deliverable_type"` // a DeliverableTypes value when resolved
	Problem  string   `json:"problem,omitempty"`
	Raw      string   `json:"raw"`
	Call     CallInfo `json:"call"`
}

func renderDeliverable(in DeliverableInput, lim Limits) string {
	var sb strings.Builder
	if strings.TrimSpace(in.Task) != "" && in.Task != in.Request {
		sb.WriteString("TASK (the first user message of the conversation):\n<task>\n")
		sb.WriteString(TruncateMiddle(in.Task, lim.Request, 0.5))
		sb.WriteString("\n</task>\n\n")
	}
	sb.WriteString("REQUEST (the user message the reply answers):\n<request>\n")
	sb.WriteString(TruncateMiddle(in.Request, lim.Request, 0.5))
	sb.WriteString("\n</request>\n\nREPLY:\n<reply>\n")
	sb.WriteString(TruncateMiddle(in.Reply, lim.Delivered, 0.5))
	sb.WriteString("\n</reply>")
	return sb.String()
}

// DeliverablePrompt renders the data message of the deliverable check.
func (c *Client) DeliverablePrompt(in DeliverableInput) string {
	return renderDeliverable(in, c.limits)
}

// Deliverable runs the deliverable-type check. The error is non-nil when no
// answer was obtained; the result is then unresolved.
func (c *Client) Deliverable(ctx context.Context, in DeliverableInput) (DeliverableResult, error) {
	j := job{prompt: promptDeliverable, user: renderDeliverable(in, c.limits)}
	raw, info, err := c.run(ctx, j)
	if err != nil {
		c.unresolved(CheckDeliverable, err)
		return DeliverableResult{Raw: raw, Call: info, Problem: "no answer: " + info.Status}, err
	}
	res := parseDeliverable(raw)
	res.Call = info
	if !res.Resolved {
		c.stats.add(CheckDeliverable, func(s *CheckStats) { s.Unresolved++ })
	}
	return res, nil
}

func parseDeliverable(raw string) DeliverableResult {
	res := DeliverableResult{Raw: raw}
	a, err := parseAnswer(raw)
	if err != nil {
		res.Problem = "malformed answer: " + err.Error()
		return res
	}
	t, _ := a.str("deliverable_type", "type", "deliverable")
	t = norm(t)
	for _, x := range DeliverableTypes {
		if t == x {
			res.Type, res.Resolved = x, true
			return res
		}
	}
	res.Problem = "malformed answer: unknown deliverable type " + t
	return res
}
