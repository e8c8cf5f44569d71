package goldcheck

// Validation of testdata/gold/turns3.jsonl, the third dev turn set (written
// blind before the screen-3 / revision-rules-3 tuning; see TURNS.md). The same
// record checks as the other turn sets, plus the mix it promises: ids t3-NNN,
// at least 150 turns, about half not in English, a realistic revision share
// among follow-ups (about one in four or five), every type present, and no
// id, turn text or draft shared with the other three sets.

import (
	"fmt"
	"path/filepath"
	"testing"
)

const turns3Path = "../../testdata/gold/turns3.jsonl"

func TestTurns3GoldRecords(t *testing.T) {
	recs := turnsLoad(t, turns3Path)
	if len(recs) < 150 {
		t.Errorf("%d turns, want at least 150", len(recs))
	}
	texts := map[string]int{}
	perType := map[string]int{}
	nonEnglish, followUps, revisions, noAsst := 0, 0, 0, 0
	for i, r := range recs {
		for _, p := range turnsRecordProblems(r) {
			t.Errorf("%s:%d (%s): %s", filepath.Base(turns3Path), r.line, r.ID, p)
		}
		if want := fmt.Sprintf("t3-%03d", i+1); r.ID != want {
			t.Errorf("line %d: id %q, want %q", r.line, r.ID, want)
		}
		if prev, ok := texts[r.Turn]; ok {
			t.Errorf("line %d: same turn text as line %d", r.line, prev)
		}
		texts[r.Turn] = r.line
		perType[r.turnsTypeName()]++
		if r.Language != "en" {
			nonEnglish++
		}
		if r.turnsHasAssistant() {
			followUps++
			if r.IsRevision {
				revisions++
			}
		} else {
			noAsst++
		}
	}
	n := len(recs)
	if n == 0 {
		return
	}
	if share := float64(nonEnglish) / float64(n); share < 0.4 || share > 0.6 {
		t.Errorf("non-English share %.2f, want 0.40..0.60", share)
	}
	if followUps > 0 {
		if share := float64(revisions) / float64(followUps); share < 0.15 || share > 0.30 {
			t.Errorf("revision share among follow-ups %.2f, want 0.15..0.30", share)
		}
	}
	if share := float64(noAsst) / float64(n); share < 0.02 || share > 0.08 {
		t.Errorf("turns without an assistant message: share %.3f, want 0.02..0.08", share)
	}
	for lang := range turnsLanguages {
		langs := 0
		for _, r := range recs {
			if r.Language == lang {
				langs++
			}
		}
		if langs < 8 {
			t.Errorf("%d turns in %q, want at least 8", langs, lang)
		}
	}
	for typ := range turnsTypes {
		if perType[typ] < 2 {
			t.Errorf("%d %s turns, want at least 2", perType[typ], typ)
		}
	}
}

// TestTurns3GoldDisjoint checks that turns3 shares no id, turn text or
// assistant draft with the other turn sets. Failures name only the turns3 id,
// never text of another set.
func TestTurns3GoldDisjoint(t *testing.T) {
	checkDisjoint(t, turns3Path, []string{turnsDevPath, turnsHeldoutPath, turns2Path})
}
