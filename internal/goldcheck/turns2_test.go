package goldcheck

// Validation of testdata/gold/turns2.jsonl, the second dev turn set (written
// before the screen-2 / revision-rules-2 tuning; see TURNS.md). The same
// record checks as the first dev set, plus: ids t2-NNN, at least 150 turns,
// about half of them not in English, every type present, plenty of
// negatives, and no turn text or draft shared with the other two sets.

import (
	"testing"
)

const turns2Path = "../../testdata/gold/turns2.jsonl"

func TestTurns2GoldRecords(t *testing.T) {
	s := checkTurnSet(t, turns2Path, "t2")
	if s.n < 150 {
		t.Errorf("%d turns, want at least 150", s.n)
	}
	if s.n > 0 {
		if share := float64(s.n-s.langs["en"]) / float64(s.n); share < 0.4 || share > 0.6 {
			t.Errorf("non-English share %.2f, want 0.40..0.60", share)
		}
		if share := float64(s.perType["none"]) / float64(s.n); share < 0.3 {
			t.Errorf("negative share %.2f, want at least 0.30", share)
		}
	}
	for typ := range turnsTypes {
		if s.perType[typ] < 5 {
			t.Errorf("%d %s turns, want at least 5", s.perType[typ], typ)
		}
	}
}

// checkDisjoint checks that the turn set at path shares no id, turn text or
// assistant draft with the sets at others. Failures name only ids of path's
// set, never text of another set.
func checkDisjoint(t *testing.T, path string, others []string) {
	t.Helper()
	other := map[string]bool{}
	texts := map[string]bool{}
	drafts := map[string]bool{}
	for _, o := range others {
		for _, r := range turnsLoad(t, o) {
			other[r.ID] = true
			texts[r.Turn] = true
			for _, m := range r.History {
				if m.Role == "assistant" {
					drafts[m.Content] = true
				}
			}
		}
	}
	for _, r := range turnsLoad(t, path) {
		if other[r.ID] {
			t.Errorf("%s: id also used by another turn set", r.ID)
		}
		if texts[r.Turn] {
			t.Errorf("%s: turn text also in another turn set", r.ID)
		}
		for i, m := range r.History {
			if m.Role == "assistant" && drafts[m.Content] {
				t.Errorf("%s: history[%d] is an assistant message of another turn set", r.ID, i)
			}
		}
	}
}

// TestTurns2GoldDisjoint checks that turns2 shares no id, turn text or
// assistant draft with the dev and held-out sets. Failures name only the
// turns2 id, never held-out text.
func TestTurns2GoldDisjoint(t *testing.T) {
	checkDisjoint(t, turns2Path, []string{turnsDevPath, turnsHeldoutPath})
}
