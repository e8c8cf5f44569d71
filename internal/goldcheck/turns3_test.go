package goldcheck

// Validation of testdata/gold/turns3.jsonl, the third dev turn set (written
// blind before the screen-3 / revision-rules-3 tuning; see TURNS.md). The same
// record checks as the other turn sets, plus the mix it promises: ids t3-NNN,
// at least 150 turns, about half not in English, a realistic revision share
// among follow-ups (about one in four or five), every type present, and no
// id, turn text or draft shared with the other three sets.

import (
	"testing"
)

const turns3Path = "../../testdata/gold/turns3.jsonl"

func TestTurns3GoldRecords(t *testing.T) {
	s := checkTurnSet(t, turns3Path, "t3")
	if s.n < 150 {
		t.Errorf("%d turns, want at least 150", s.n)
	}
	checkRealisticMix(t, s, 8, 2)
}

// TestTurns3GoldDisjoint checks that turns3 shares no id, turn text or
// assistant draft with the other turn sets. Failures name only the turns3 id,
// never text of another set.
func TestTurns3GoldDisjoint(t *testing.T) {
	checkDisjoint(t, turns3Path, []string{turnsDevPath, turnsHeldoutPath, turns2Path})
}
