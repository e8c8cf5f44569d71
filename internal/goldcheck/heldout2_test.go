package goldcheck

// Validation of testdata/gold/heldout2/turns.jsonl, the second frozen
// held-out turn set (written blind: no detector run on it and no classifier
// code read while writing; see testdata/gold/heldout2/README.md). The same
// record checks as the other turn sets, plus the mix it promises: ids h2-NNN,
// 220–260 turns, about half not in English, a realistic revision share among
// follow-ups (about one in five), every type present, no id, turn text or
// draft shared with the other four turn sets, and the SHA-256 recorded in its
// README.

import (
	"fmt"
	"path/filepath"
	"testing"
)

const (
	heldout2Path    = "../../testdata/gold/heldout2/turns.jsonl"
	heldout2DocPath = "../../testdata/gold/heldout2/README.md"
	heldout2Name    = "heldout2/turns.jsonl"
)

func TestHeldout2GoldRecords(t *testing.T) {
	recs := turnsLoad(t, heldout2Path)
	if n := len(recs); n < 220 || n > 260 {
		t.Errorf("%d turns, want 220..260", n)
	}
	texts := map[string]int{}
	perType := map[string]int{}
	langs := map[string]int{}
	followUps, revisions, noAsst := 0, 0, 0
	for i, r := range recs {
		for _, p := range turnsRecordProblems(r) {
			t.Errorf("%s:%d (%s): %s", filepath.Base(heldout2Path), r.line, r.ID, p)
		}
		if want := fmt.Sprintf("h2-%03d", i+1); r.ID != want {
			t.Errorf("line %d: id %q, want %q", r.line, r.ID, want)
		}
		if prev, ok := texts[r.Turn]; ok {
			t.Errorf("line %d: same turn text as line %d", r.line, prev)
		}
		texts[r.Turn] = r.line
		perType[r.turnsTypeName()]++
		langs[r.Language]++
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
	if share := float64(n-langs["en"]) / float64(n); share < 0.4 || share > 0.6 {
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
		if langs[lang] < 10 {
			t.Errorf("%d turns in %q, want at least 10", langs[lang], lang)
		}
	}
	for typ := range turnsTypes {
		if perType[typ] < 3 {
			t.Errorf("%d %s turns, want at least 3", perType[typ], typ)
		}
	}
	// Revocation and replacement are what the set is mainly for.
	if perType["withdraw"] < 10 || perType["replace"] < 6 {
		t.Errorf("withdraw %d, replace %d: want at least 10 and 6", perType["withdraw"], perType["replace"])
	}
}

// TestHeldout2GoldDisjoint checks that heldout2 shares no id, turn text or
// assistant draft with the other turn sets. Failures name only the heldout2
// id, never text of another set.
func TestHeldout2GoldDisjoint(t *testing.T) {
	checkDisjoint(t, heldout2Path, []string{turnsDevPath, turnsHeldoutPath, turns2Path, turns3Path})
}

// TestHeldout2Frozen checks that heldout2/turns.jsonl is byte-for-byte the file
// whose SHA-256 its README records. If this fails, the frozen set was edited:
// restore it rather than updating the hash.
func TestHeldout2Frozen(t *testing.T) {
	checkFrozen(t, heldout2DocPath, heldout2Path, heldout2Name)
}
