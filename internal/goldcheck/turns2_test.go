package goldcheck

// Validation of testdata/gold/turns2.jsonl, the second dev turn set (written
// before the screen-2 / revision-rules-2 tuning; see TURNS.md). The same
// record checks as the first dev set, plus: ids t2-NNN, at least 150 turns,
// about half of them not in English, every type present, plenty of
// negatives, and no turn text or draft shared with the other two sets.

import (
	"fmt"
	"path/filepath"
	"testing"
)

const turns2Path = "../../testdata/gold/turns2.jsonl"

func TestTurns2GoldRecords(t *testing.T) {
	recs := turnsLoad(t, turns2Path)
	if len(recs) < 150 {
		t.Errorf("%d turns, want at least 150", len(recs))
	}
	ids := map[string]int{}
	texts := map[string]int{}
	perType := map[string]int{}
	nonEnglish := 0
	for i, r := range recs {
		for _, p := range turnsRecordProblems(r) {
			t.Errorf("%s:%d (%s): %s", filepath.Base(turns2Path), r.line, r.ID, p)
		}
		if want := fmt.Sprintf("t2-%03d", i+1); r.ID != want {
			t.Errorf("line %d: id %q, want %q", r.line, r.ID, want)
		}
		if prev, ok := ids[r.ID]; ok {
			t.Errorf("line %d: id %q already used on line %d", r.line, r.ID, prev)
		}
		ids[r.ID] = r.line
		if prev, ok := texts[r.Turn]; ok {
			t.Errorf("line %d: same turn text as line %d", r.line, prev)
		}
		texts[r.Turn] = r.line
		perType[r.turnsTypeName()]++
		if r.Language != "en" {
			nonEnglish++
		}
	}
	if n := len(recs); n > 0 {
		if share := float64(nonEnglish) / float64(n); share < 0.4 || share > 0.6 {
			t.Errorf("non-English share %.2f, want 0.40..0.60", share)
		}
		if share := float64(perType["none"]) / float64(n); share < 0.3 {
			t.Errorf("negative share %.2f, want at least 0.30", share)
		}
	}
	for typ := range turnsTypes {
		if perType[typ] < 5 {
			t.Errorf("%d %s turns, want at least 5", perType[typ], typ)
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
