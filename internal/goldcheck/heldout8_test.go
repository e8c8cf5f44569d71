package goldcheck

// Validation of testdata/gold/heldout8/turns.jsonl, the eighth frozen
// held-out turn set (written blind during the revision-rules-9 round, to be
// scored once later: no detector run on it and no classifier code, rule file
// or eval code read while writing; see testdata/gold/heldout8/README.md). The
// same record checks as the other turn sets, plus the mix it promises: ids
// h8-NNN, 280–320 turns, about half not in English (at least 12 turns per
// language), a realistic revision share among follow-ups (about one in four),
// every type present (at least 6 of each), at least 20 withdrawals and 18
// replacements, no id, turn text or draft shared with the other ten turn
// sets, and the SHA-256 recorded in its README.

import (
	"testing"
)

const (
	heldout8Path    = "../../testdata/gold/heldout8/turns.jsonl"
	heldout8DocPath = "../../testdata/gold/heldout8/README.md"
	heldout8Name    = "heldout8/turns.jsonl"
)

func TestHeldout8GoldRecords(t *testing.T) {
	s := checkTurnSet(t, heldout8Path, "h8")
	if s.n < 280 || s.n > 320 {
		t.Errorf("%d turns, want 280..320", s.n)
	}
	checkRealisticMix(t, s, 12, 6)
	// Revocation and replacement are what the set is mainly for.
	if s.perType["withdraw"] < 20 || s.perType["replace"] < 18 {
		t.Errorf("withdraw %d, replace %d: want at least 20 and 18", s.perType["withdraw"], s.perType["replace"])
	}
}

// TestHeldout8GoldDisjoint checks that heldout8 shares no id, turn text or
// assistant draft with the other turn sets. Failures name only the heldout8
// id, never text of another set.
func TestHeldout8GoldDisjoint(t *testing.T) {
	checkDisjoint(t, heldout8Path, []string{turnsDevPath, turnsHeldoutPath, turns2Path, turns3Path, heldout2Path, heldout3Path, heldout4Path, heldout5Path, heldout6Path, heldout7Path})
}

// TestHeldout8Frozen checks that heldout8/turns.jsonl is byte-for-byte the file
// whose SHA-256 its README records. If this fails, the frozen set was edited:
// restore it rather than updating the hash.
func TestHeldout8Frozen(t *testing.T) {
	checkFrozen(t, heldout8DocPath, heldout8Path, heldout8Name)
}
