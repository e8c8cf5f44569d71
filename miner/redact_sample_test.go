package miner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/revtrace/revtrace/detectors/screen"
)

// TestRedactedSampleNeverInTheClear checks that with --redact and no LLM
// check, the sample of rejected turns is masked as it is drawn (so that a
// checkpoint taken mid-run holds no turn text), masked once only in
// RejectedSampleFile, and that the checkpoint file is private (0600).
func TestRedactedSampleNeverInTheClear(t *testing.T) {
	turns := []screen.SampledTurn{
		{Corpus: "messages", Source: "a.jsonl", ConversationID: "1", TurnIndex: 2, UserTurn: 2, Turn: "my pin is 4417, thanks", Previous: "Dear Ms Okafor, ..."},
		{Corpus: "messages", Source: "a.jsonl", ConversationID: "2", TurnIndex: 4, UserTurn: 3, Turn: "ok great", Previous: "Here is the plan for Lagos."},
	}
	for _, masked := range []bool{true, false} {
		st := newSampleState(10, 7)
		st.masked = masked
		st.offer(turns)
		saved := st.save()
		held := false
		for _, s := range saved.Turns {
			held = held || strings.Contains(s.Turn, "4417") || strings.Contains(s.Previous, "Okafor")
		}
		if held == masked {
			t.Errorf("masked %v: the saved sample holds the turns in the clear: %v", masked, held)
		}
		dir := t.TempDir()
		if _, err := st.finish(t.Context(), dir, nil, true, 1); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(dir, RejectedSampleFile))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{Redact(turns[0].Turn), Redact(turns[1].Previous)} {
			if !strings.Contains(string(b), want) {
				t.Errorf("masked %v: %s lacks %s (each text masked exactly once)", masked, RejectedSampleFile, want)
			}
		}
	}
	path := filepath.Join(t.TempDir(), CheckpointFile)
	if err := os.WriteFile(path+".tmp", nil, 0o644); err != nil { // a leftover keeps no say
		t.Fatal(err)
	}
	if err := writeFileAtomic(path, []byte("{}\n"), 0o600, false); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("checkpoint mode %v (err %v), want 0600", fi.Mode().Perm(), err)
	}
}
