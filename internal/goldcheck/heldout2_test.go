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
	"testing"
)

const (
	heldout2Path    = "../../testdata/gold/heldout2/turns.jsonl"
	heldout2DocPath = "../../testdata/gold/heldout2/README.md"
	heldout2Name    = "heldout2/turns.jsonl"
)

func TestHeldout2GoldRecords(t *testing.T) {
	s := checkTurnSet(t, heldout2Path, "h2")
	if s.n < 220 || s.n > 260 {
		t.Errorf("%d turns, want 220..260", s.n)
	}
	checkRealisticMix(t, s, 10, 3)
	// Revocation and replacement are what the set is mainly for.
	if s.perType["withdraw"] < 10 || s.perType["replace"] < 6 {
		t.Errorf("withdraw %d, replace %d: want at least 10 and 6", s.perType["withdraw"], s.perType["replace"])
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
