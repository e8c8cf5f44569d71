package miner

import (
	"testing"

	"github.com/revtrace/revtrace/corpora"
	"github.com/revtrace/revtrace/detectors/revision"
	"github.com/revtrace/revtrace/detectors/screen"
)

// TestEditBranchEvents: an edited-in-place user message becomes an
// edit_branch event, counted in EditBranches only.
func TestEditBranchEvents(t *testing.T) {
	a := &Analyser{Classifier: revision.New(screen.Default())}
	c := &corpora.Conversation{Corpus: corpora.FormatChatGPT, ID: "c", File: "f.zip", Position: "member=conversations.json,index=0",
		Messages: []corpora.Message{{Role: "system"}, {Role: "user", Content: "write a note"}, {Role: "assistant", Content: "Note."},
			{Role: "user", Content: "make it shorter"}, {Role: "assistant", Content: "N."}}}
	plain, base := a.Conversation(c)
	c.EditBranches = []corpora.EditBranch{{TurnIndex: 3, Node: "n", Content: "make it longer"}, {TurnIndex: 9}, {TurnIndex: 2}}
	events, n := a.Conversation(c)
	if n.EditBranches != 1 || n.RevisionEvents != base.RevisionEvents || n.Candidates != base.Candidates || len(events) != len(plain)+1 {
		t.Fatalf("counts %+v, %d events (without edits %d)", n, len(events), len(plain))
	}
	ev := events[len(events)-1]
	if ev.Kind != "edit_branch" || ev.TurnIndex != 3 || ev.UserTurn != 2 || ev.ReplyIndex != 4 || ev.Request != "make it shorter" ||
		ev.Source != "f.zip#member=conversations.json,index=0" || ev.Traces == nil {
		t.Errorf("event %+v", ev)
	}
}
