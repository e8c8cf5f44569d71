package llm

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Message is one message of a conversation.
type Message struct {
	Role    string `json:"role"` // user, assistant (system and tool are skipped)
	Content string `json:"content"`
}

// RevisionInput is one candidate turn: the messages before it, oldest first
// (never the reply after it), and the turn's text.
type RevisionInput struct {
	History []Message
	Turn    string
}

// Revision types, in precedence order.
var RevisionTypes = []string{"withdraw", "replace", "correct", "extend", "reformat", "other"}

func typeRank(t string) int {
	for i, x := range RevisionTypes {
		if x == t {
			return i
		}
	}
	return -1
}

// RevisionResult is the revision check's answer.
type RevisionResult struct {
	// Resolved is false when the call failed, the answer was malformed, or a
	// "yes" came without evidence that occurs in the turn. Then the other
	// fields are not to be counted.
	Resolved    bool     `json:"resolved"`
	IsRevision  bool     `json:"is_revision"`
	PrimaryType string   `json:"primary_type"` // a RevisionTypes value, "none" when not a revision
	Types       []string `json:"types"`        // in precedence order
	// EvidenceQuote is the model's verbatim quote of the turn;
	// EvidenceSpan its byte span in the turn when it occurs there
	// (whitespace runs squeezed).
	EvidenceQuote string   `json:"evidence_quote"`
	EvidenceSpan  *Span    `json:"evidence_span"`
	Item          string   `json:"item"` // what is withdrawn or replaced, if any
	Reason        string   `json:"reason"`
	Problem       string   `json:"problem,omitempty"` // why it is unresolved
	Raw           string   `json:"raw"`
	Call          CallInfo `json:"call"`
}

// Label is the event's llm.revision value: the primary type, "none", or
// "unresolved".
func (r RevisionResult) Label() string {
	if !r.Resolved {
		return "unresolved"
	}
	return r.PrimaryType
}

// RevisionPrompt renders the data message of the revision check (exposed
// for tests and for inspecting what is sent).
func (c *Client) RevisionPrompt(in RevisionInput) string {
	return renderRevision(in, c.limits)
}

func renderRevision(in RevisionInput, lim Limits) string {
	type msg struct {
		idx  int
		role string
		text string
	}
	var all []msg
	for i, m := range in.History {
		r := strings.ToLower(m.Role)
		if r != "user" && r != "assistant" {
			continue
		}
		all = append(all, msg{i + 1, r, TruncateMiddle(m.Content, lim.Turn, 0.4)})
	}
	// Keep the newest messages within the history budget, and the first
	// user message (the task).
	firstUser := -1
	for i, m := range all {
		if m.role == "user" {
			firstUser = i
			break
		}
	}
	keep := make([]bool, len(all))
	budget := lim.History
	if firstUser >= 0 {
		keep[firstUser] = true
		budget -= utf8.RuneCountInString(all[firstUser].text)
	}
	for i := len(all) - 1; i >= 0; i-- {
		if keep[i] {
			continue
		}
		n := utf8.RuneCountInString(all[i].text)
		if n > budget {
			break
		}
		keep[i] = true
		budget -= n
	}
	var sb strings.Builder
	sb.WriteString("CONVERSATION SO FAR (oldest first):\n\n")
	if len(all) == 0 {
		sb.WriteString("(no earlier messages)\n\n")
	}
	dropped := 0
	for i, m := range all {
		if !keep[i] {
			dropped++
			continue
		}
		if dropped > 0 {
			fmt.Fprintf(&sb, "[... %d earlier messages omitted ...]\n\n", dropped)
			dropped = 0
		}
		fmt.Fprintf(&sb, "<message index=\"%d\" role=\"%s\">\n%s\n</message>\n\n", m.idx, m.role, m.text)
	}
	if dropped > 0 {
		fmt.Fprintf(&sb, "[... %d earlier messages omitted ...]\n\n", dropped)
	}
	sb.WriteString("CANDIDATE turn (the user's newest message; label this one):\n<candidate>\n")
	sb.WriteString(TruncateMiddle(in.Turn, lim.Candidate, 0.5))
	sb.WriteString("\n</candidate>")
	return sb.String()
}

// Revision runs the revision check on one candidate turn. The error is
// non-nil when no answer was obtained (ErrDryRun, ErrBatchQueued, a
// *CallError, or the context's error); the result is then unresolved.
func (c *Client) Revision(ctx context.Context, in RevisionInput) (RevisionResult, error) {
	j := job{prompt: promptRevision, user: renderRevision(in, c.limits)}
	raw, info, err := c.run(ctx, j)
	res := RevisionResult{Raw: raw, Call: info}
	if err != nil {
		res.Problem = "no answer: " + info.Status
		c.unresolved(CheckRevision, err)
		return res, err
	}
	res = parseRevision(raw, in.Turn)
	res.Call = info
	if !res.Resolved {
		c.stats.add(CheckRevision, func(s *CheckStats) { s.Unresolved++ })
	}
	return res, nil
}

func (c *Client) unresolved(check string, err error) {
	if errors.Is(err, ErrDryRun) || errors.Is(err, ErrBatchQueued) {
		return
	}
	c.stats.add(check, func(s *CheckStats) { s.Unresolved++ })
}

// parseRevision reads and checks a revision answer against the turn.
func parseRevision(raw, turn string) RevisionResult {
	res := RevisionResult{Raw: raw, PrimaryType: "none"}
	a, err := parseAnswer(raw)
	if err != nil {
		res.Problem = "malformed answer: " + err.Error()
		return res
	}
	isRev, ok := a.boolean("is_revision_request", "is_revision", "revision")
	if !ok {
		res.Problem = "malformed answer: no is_revision_request"
		return res
	}
	res.IsRevision = isRev
	res.EvidenceQuote, _ = a.str("evidence_quote", "evidence", "quote")
	res.Item, _ = a.str("item", "withdrawn_item")
	res.Reason, _ = a.str("reason")
	if !isRev {
		res.Resolved = true
		res.Types = nil
		return res
	}
	seen := map[string]bool{}
	primary, _ := a.str("primary_type", "type", "revision_type")
	for _, t := range append(a.strs("types"), primary) {
		t = norm(t)
		if typeRank(t) >= 0 {
			seen[t] = true
		}
	}
	for _, t := range RevisionTypes {
		if seen[t] {
			res.Types = append(res.Types, t)
		}
	}
	if len(res.Types) == 0 {
		res.Types = []string{"other"}
	}
	res.PrimaryType = res.Types[0] // precedence order
	if sp, ok := QuoteOccurs(res.EvidenceQuote, turn); ok {
		res.EvidenceSpan = &sp
		res.Resolved = true
	} else {
		res.Problem = "evidence quote does not occur in the turn"
	}
	return res
}
