package miner

import (
	"sort"

	"github.com/revtrace/revtrace/corpora"
	"github.com/revtrace/revtrace/detectors/trace"
)

// editBranchEvents adds one event of kind edit_branch per other version of
// a user message edited in place (corpora.EditBranch: a sibling branch in a
// ChatGPT export), without analysis, and counts them in EditBranches only:
// they are never part of the study's rates (no candidate, no revision
// event, no trace counts). Request is the version on the active path.
// Events stay in turn order, a revision event before the edit branches of
// the same turn.
func editBranchEvents(c *corpora.Conversation, events []Event, n *Counts) []Event {
	added := false
	for _, b := range c.EditBranches {
		if b.TurnIndex < 0 || b.TurnIndex >= len(c.Messages) || c.Messages[b.TurnIndex].Role != corpora.RoleUser {
			continue
		}
		userTurn := 0
		for _, m := range c.Messages[:b.TurnIndex+1] {
			if m.Role == corpora.RoleUser {
				userTurn++
			}
		}
		n.EditBranches++
		added = true
		m := c.Messages[b.TurnIndex]
		events = append(events, Event{Corpus: c.Corpus, Kind: "edit_branch", Source: c.Source(), ConversationID: c.ID,
			TurnIndex: b.TurnIndex, UserTurn: userTurn, ReplyIndex: replyIndex(c.Messages, b.TurnIndex),
			Request: m.Content, DeliverableType: "none", Traces: []trace.Trace{}, Model: c.Model,
			Language: firstNonEmpty(m.Language, c.Language)})
	}
	if added {
		sort.SliceStable(events, func(i, j int) bool { return events[i].TurnIndex < events[j].TurnIndex })
	}
	return events
}
