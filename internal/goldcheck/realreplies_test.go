package goldcheck

// Validation of the labelled sets of real assistant replies drawn by
// internal/realgold's select-replies (real-replies, real-replies-dev,
// real-replies-dev2, real-replies-dev4): the
// replies to the revision requests of the real turn sets, labelled blind
// for deliverable type, body and trace sentences. Their files hold byte
// offsets and hashes, no text. Checked for each: every label passes
// realgold's own check, ids run <prefix>-001, <prefix>-002, ... in order,
// the set's size, each label comes from a revision label of the set's
// source turn sets (same turn and hash), no reply is labelled twice, and
// the SHA-256 its README records.

import (
	"fmt"
	"testing"

	"github.com/revtrace/revtrace/internal/realgold"
)

// A realReplySet is one labelled set of real replies.
type realReplySet struct {
	dir    string // under testdata/gold
	prefix string // of the ids
	size   int
	from   []string // the turn sets whose revision requests' replies were drawn
}

var realReplySets = []realReplySet{
	{"real-replies", "rr", 278, []string{"real1", "real2", "real3"}},
	{"real-replies-dev", "rrd", 148, []string{"real-dev"}},
	{"real-replies-dev2", "rrd2", 101, []string{"real-dev2"}},
	{"real-replies-dev4", "rrd4", 45, []string{"real-dev4"}},
}

func (s realReplySet) path() string { return "../../testdata/gold/" + s.dir + "/labels.jsonl" }

func TestRealReplySetLabels(t *testing.T) {
	for _, s := range realReplySets {
		t.Run(s.dir, func(t *testing.T) {
			labels, err := realgold.ReadReplyLabelsFile(s.path())
			if err != nil {
				t.Fatal(err)
			}
			if len(labels) != s.size {
				t.Errorf("%d labels, want %d", len(labels), s.size)
			}
			source := map[string]realgold.Label{}
			for _, dir := range s.from {
				ls, err := realgold.ReadLabelsFile("../../testdata/gold/" + dir + "/labels.jsonl")
				if err != nil {
					t.Fatal(err)
				}
				for _, l := range ls {
					source[l.ID] = l
				}
			}
			traced := 0
			for i, l := range labels {
				if want := fmt.Sprintf("%s-%03d", s.prefix, i+1); l.ID != want {
					t.Errorf("label %d has id %s, want %s (ids are sequential)", i+1, l.ID, want)
				}
				src, ok := source[l.From]
				switch {
				case !ok:
					t.Errorf("%s: from %s is not a label of %v", l.ID, l.From, s.from)
				case !src.IsRevision:
					t.Errorf("%s: from %s, which is not labelled a revision request", l.ID, l.From)
				case src.ConversationID != l.ConversationID || src.TurnIndex != l.TurnIndex || src.TurnSHA256 != l.TurnSHA256:
					t.Errorf("%s: points at turn %s#%d, its source %s at %s#%d", l.ID, l.ConversationID, l.TurnIndex, l.From, src.ConversationID, src.TurnIndex)
				}
				if l.Trace {
					traced++
				}
			}
			// Replies to revision requests: traces are a minority (the
			// study found about one in ten), but a set without any, or
			// with mostly traces, was not labelled from a natural draw.
			if traced == 0 || traced > len(labels)/2 {
				t.Errorf("%d of %d replies traced: not a natural mix", traced, len(labels))
			}
		})
	}
}

// TestRealReplySetFrozen checks that each set's labels.jsonl is the file
// whose SHA-256 its README records.
func TestRealReplySetFrozen(t *testing.T) {
	for _, s := range realReplySets {
		t.Run(s.dir, func(t *testing.T) {
			checkFrozen(t, "../../testdata/gold/"+s.dir+"/README.md", s.path(), s.dir+"/labels.jsonl")
		})
	}
}
