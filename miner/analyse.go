package miner

import (
	"context"
	"strings"

	"github.com/revtrace/revtrace/corpora"
	"github.com/revtrace/revtrace/detectors/deliverable"
	"github.com/revtrace/revtrace/detectors/llm"
	"github.com/revtrace/revtrace/detectors/revision"
	"github.com/revtrace/revtrace/detectors/screen"
	"github.com/revtrace/revtrace/detectors/split"
	"github.com/revtrace/revtrace/detectors/trace"
)

// Event is one line of events.jsonl (DESIGN.md §4).
type Event struct {
	Corpus          string        `json:"corpus"`
	Kind            string        `json:"kind"`
	Source          string        `json:"source"`
	ConversationID  string        `json:"conversation_id"`
	TurnIndex       int           `json:"turn_index"`
	UserTurn        int           `json:"user_turn"`
	ReplyIndex      int           `json:"reply_index"`
	Request         string        `json:"request"`
	Keyword         string        `json:"keyword"`
	Family          string        `json:"family"`
	RevisionType    string        `json:"revision_type"`
	Classifier      string        `json:"classifier"`
	DeliverableType string        `json:"deliverable_type"`
	Body            *split.Span   `json:"body"`
	TraceFull       bool          `json:"trace_full"`
	TraceBody       bool          `json:"trace_body"`
	Traces          []trace.Trace `json:"traces"`
	WithdrawnItem   *string       `json:"withdrawn_item"`
	Model           string        `json:"model,omitempty"`
	Language        string        `json:"language,omitempty"`
	Links           []EventLink   `json:"links,omitempty"`
	// LLM is the LLM checks' verdicts (Options.LLM); nil, and left out,
	// without --llm.
	LLM *llm.EventLLM `json:"llm,omitempty"`
}

// EventLink is one public artifact linked to the event's conversation.
type EventLink struct {
	Kind            string `json:"kind"`
	URL             string `json:"url"`
	Repo            string `json:"repo,omitempty"`
	Linked          bool   `json:"linked"`
	TraceInArtifact bool   `json:"trace_in_artifact"`
	// Property and Match say where and how the trace was found in the
	// public text; empty when TraceInArtifact is false.
	Property string `json:"property,omitempty"`
	Match    string `json:"match,omitempty"`
	Sentence string `json:"sentence,omitempty"`
}

// Case is one line of cases.jsonl.
type Case struct {
	Corpus         string `json:"corpus"`
	ConversationID string `json:"conversation_id"`
	UserTurn       int    `json:"user_turn"`
	LinkKind       string `json:"link_kind"`
	URL            string `json:"url"`
	Repo           string `json:"repo"`
	Property       string `json:"property"`
	Match          string `json:"match"`
	Sentence       string `json:"sentence"`
}

// analysed is what a worker returns for one conversation.
type analysed struct {
	counts *Counts
	events []Event
}

// Analyser runs the detectors over conversations. It is safe for concurrent
// use.
type Analyser struct {
	Classifier *revision.Classifier
	// LLM, when set, runs the LLM checks (see LLMCounts for the semantics).
	LLM *llm.Client
	// Sample: collect the rejected later user turns (Analysis.Rejected).
	Sample bool
}

// Analysis is the result of Analyser.Analyse for one conversation.
type Analysis struct {
	Events []Event
	Counts *Counts
	// Rejected are the later user turns, with an earlier assistant
	// message, that the screen rejected (with Analyser.Sample).
	Rejected []screen.SampledTurn
	// Err is the context's error when the run was cancelled during an LLM
	// check: the analysis is incomplete and must not be written.
	Err error
}

// Conversation analyses one conversation: every user turn after the first
// goes through the screen and the revision check; every revision request
// followed by a non-empty assistant reply becomes an event. The counts'
// maps are nil when the conversation has no event: add them into a total
// made by NewCounts with Counts.Add.
func (a *Analyser) Conversation(c *corpora.Conversation) ([]Event, *Counts) {
	r := a.Analyse(context.Background(), c)
	return r.Events, r.Counts
}

// Analyse is Conversation with the LLM checks (when a.LLM is set) and the
// rejected turns for the sample.
func (a *Analyser) Analyse(ctx context.Context, c *corpora.Conversation) Analysis {
	n := &Counts{} // maps made at the first event (see count): most conversations have none
	n.Conversations = 1
	n.Messages = len(c.Messages)
	if a.LLM != nil {
		n.LLM = &LLMCounts{}
	}
	var res Analysis
	var events []Event
	userTurn := 0
	seenAssistant := false
	var task *deliverable.Task // the first user turn, read once at the first event
	var memo revision.Memo     // what the revision check read of the earlier messages
	for i, m := range c.Messages {
		if m.Role == corpora.RoleAssistant {
			seenAssistant = true
		}
		if m.Role != corpora.RoleUser {
			continue
		}
		userTurn++
		n.UserTurns++
		if userTurn == 1 {
			continue
		}
		v := a.Classifier.CheckMemo(&memo, c.Messages[:i], m.Content)
		if !v.Candidate {
			if a.Sample && seenAssistant {
				res.Rejected = append(res.Rejected, screen.SampledTurn{Corpus: c.Corpus, Source: c.Source(),
					ConversationID: c.ID, TurnIndex: i, UserTurn: userTurn, Turn: m.Content,
					Previous: previousDraft(c.Messages, i)})
			}
			continue
		}
		n.Candidates++
		isRev, typ, classifier := v.IsRevision, v.Type, "rules"
		var rev *llm.RevisionResult
		planOnly := false
		if a.LLM != nil {
			r, err := a.LLM.Revision(ctx, llm.RevisionInput{History: llmHistory(c.Messages[:i]), Turn: m.Content})
			if ctxError(err) {
				res.Err = err
				return res
			}
			rev = &r
			n.LLM.call(r.Call)
			n.LLM.Tally.AddEvent(false, nil, rev)
			planOnly = noAnswerYet(err)
			if r.Resolved {
				isRev, typ, classifier = r.IsRevision, r.PrimaryType, "llm"
				if !isRev {
					n.LLM.LLMRejected++
				}
			}
		}
		ri := replyIndex(c.Messages, i)
		if !isRev {
			if planOnly && ri >= 0 {
				// Plan (or queue) the trace check too: the answer may make
				// this turn an event.
				_, _ = a.LLM.Trace(ctx, llm.TraceInput{Reply: c.Messages[ri].Content})
			}
			continue
		}
		if ri < 0 {
			n.RequestsWithoutReply++
			continue
		}
		reply := c.Messages[ri].Content
		if task == nil {
			task = deliverable.NewTask(firstUserText(c.Messages))
		}
		an := trace.Analyze(trace.Input{
			Reply:    reply,
			Request:  m.Content,
			Previous: previousDraft(c.Messages, i),
			Task:     task.Text(),
			TaskCues: task,
		})
		ev := Event{
			Corpus:          c.Corpus,
			Kind:            "revision",
			Source:          c.Source(),
			ConversationID:  c.ID,
			TurnIndex:       i,
			UserTurn:        userTurn,
			ReplyIndex:      ri,
			Request:         m.Content,
			Keyword:         v.Keyword,
			Family:          v.Family,
			RevisionType:    typ,
			Classifier:      classifier,
			DeliverableType: an.DeliverableType,
			Body:            an.Body,
			TraceFull:       an.Trace,
			TraceBody:       an.TraceBody,
			Traces:          an.Traces,
			Model:           c.Model,
			Language:        firstNonEmpty(m.Language, c.Language),
		}
		if ev.Traces == nil {
			ev.Traces = []trace.Trace{}
		}
		if an.WithdrawnItem != "" {
			item := an.WithdrawnItem
			ev.WithdrawnItem = &item
		}
		ev.Links = linkEvent(c.Links, an, reply)
		if a.LLM != nil {
			in := llm.TraceInput{Reply: reply}
			if an.Body != nil {
				in.Body = &llm.Span{Start: an.Body.Start, End: an.Body.End}
			}
			tr, err := a.LLM.Trace(ctx, in)
			if ctxError(err) {
				res.Err = err
				return res
			}
			n.LLM.call(tr.Call)
			n.LLM.Tally.AddEvent(an.Trace, &tr, nil)
			if classifier == "llm" {
				n.LLM.LLMEvents++
			}
			f := llm.EventFields(rev, &tr)
			ev.LLM = &f
		}
		n.count(&ev)
		events = append(events, ev)
	}
	if len(c.EditBranches) > 0 {
		events = editBranchEvents(c, events, n)
	}
	if n.LLM != nil {
		n.LLM.derive()
	}
	res.Events, res.Counts = events, n
	return res
}

// count adds one event to the counts.
func (n *Counts) count(ev *Event) {
	if n.ByRevisionType == nil {
		n.init()
	}
	n.RevisionEvents++
	if ev.RevisionType == "withdraw" || ev.RevisionType == "replace" {
		n.RevocationOrReplacement++
	}
	cells := []*Cell{cell(n.ByRevisionType, ev.RevisionType), cell(n.ByDeliverable, ev.DeliverableType)}
	for _, c := range cells {
		c.Events++
		if ev.TraceFull {
			c.TraceFull++
		}
		if ev.TraceBody {
			c.TraceBody++
		}
	}
	if ev.TraceFull {
		n.TraceFull++
	}
	if ev.TraceBody {
		n.TraceBody++
	}
	seenPos := map[string]bool{}
	seenPart := map[string]bool{}
	for _, t := range ev.Traces {
		n.TraceSentences++
		n.SentencePositions[t.Position]++
		n.Levels[t.Level]++
		if !seenPos[t.Position] {
			seenPos[t.Position] = true
			n.Positions[t.Position]++
		}
		if p := PartOf(t.Position); !seenPart[p] {
			seenPart[p] = true
			n.PartEvents[p]++
		}
	}
	n.derive()
}

func cell(m map[string]*Cell, k string) *Cell {
	c := m[k]
	if c == nil {
		c = &Cell{}
		m[k] = c
	}
	return c
}

// replyIndex returns the index of the assistant reply to the user message at
// i: the next assistant message with non-blank text before the next user
// message, or -1.
func replyIndex(msgs []corpora.Message, i int) int {
	for j := i + 1; j < len(msgs); j++ {
		switch msgs[j].Role {
		case corpora.RoleUser:
			return -1
		case corpora.RoleAssistant:
			if strings.TrimSpace(msgs[j].Content) != "" {
				return j
			}
		}
	}
	return -1
}

// previousDraft returns the last assistant message with text before i.
func previousDraft(msgs []corpora.Message, i int) string {
	for j := i - 1; j >= 0; j-- {
		if msgs[j].Role == corpora.RoleAssistant && strings.TrimSpace(msgs[j].Content) != "" {
			return msgs[j].Content
		}
	}
	return ""
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

// linkEvent decides for each public artifact whether it holds a trace
// sentence of the reply or the whole reply (whitespace-collapsed,
// case-insensitive).
func linkEvent(links []corpora.Link, an trace.Analysis, reply string) []EventLink {
	if len(links) == 0 {
		return nil
	}
	out := make([]EventLink, 0, len(links))
	for _, l := range links {
		el := EventLink{Kind: l.Kind, URL: l.URL, Repo: l.Repo, Linked: true}
		if an.Trace {
			el.Property, el.Match, el.Sentence = findInArtifact(l.Public, an.Traces, reply)
			el.TraceInArtifact = el.Match != ""
		}
		out = append(out, el)
	}
	return out
}

func findInArtifact(public []corpora.PublicText, traces []trace.Trace, reply string) (property, match, sentence string) {
	whole := collapse(reply)
	for _, p := range public {
		text := collapse(p.Text)
		if text == "" {
			continue
		}
		for _, t := range traces {
			s := collapse(t.Sentence)
			if s != "" && strings.Contains(text, s) {
				return p.Property, "sentence", t.Sentence
			}
		}
		if whole != "" && strings.Contains(text, whole) {
			return p.Property, "reply", traces[0].Sentence
		}
	}
	return "", "", ""
}

// collapse lower-cases s and collapses every whitespace run to one space.
func collapse(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(s)), " ")
}

// firstUserText returns the first user message of the conversation: the
// task its deliverables answer.
func firstUserText(msgs []corpora.Message) string {
	for _, m := range msgs {
		if m.Role == corpora.RoleUser {
			return m.Content
		}
	}
	return ""
}
