package goldcheck

// Validation of testdata/gold/heldout7/turns.jsonl, the seventh frozen
// held-out turn set (written blind during the revision-rules-8 round, to be
// scored once later: no detector run on it and no classifier code, rule file
// or eval code read while writing; see testdata/gold/heldout7/README.md). The
// same record checks as the other turn sets, plus the mix it promises: ids
// h7-NNN, 280–320 turns, about half not in English (at least 12 turns per
// language), a realistic revision share among follow-ups (about one in four),
// every type present (at least 6 of each), at least 20 withdrawals and 15
// replacements, no id, turn text or draft shared with the other nine turn
// sets, and the SHA-256 recorded in its README.

import (
	"testing"
)

const (
	heldout7Path    = "../../testdata/gold/heldout7/turns.jsonl"
	heldout7DocPath = "../../testdata/gold/heldout7/README.md"
	heldout7Name    = "heldout7/turns.jsonl"
)

func TestHeldout7GoldRecords(t *testing.T) {
	s := checkTurnSet(t, heldout7Path, "h7")
	if s.n < 280 || s.n > 320 {
		t.Errorf("%d turns, want 280..320", s.n)
	}
	checkRealisticMix(t, s, 12, 6)
	// Revocation and replacement are what the set is mainly for.
	if s.perType["withdraw"] < 20 || s.perType["replace"] < 15 {
		t.Errorf("withdraw %d, replace %d: want at least 20 and 15", s.perType["withdraw"], s.perType["replace"])
	}
}

// TestHeldout7GoldDisjoint checks that heldout7 shares no id, turn text or
// assistant draft with the other turn sets. Failures name only the heldout7
// id, never text of another set.
func TestHeldout7GoldDisjoint(t *testing.T) {
	checkDisjoint(t, heldout7Path, []string{turnsDevPath, turnsHeldoutPath, turns2Path, turns3Path, heldout2Path, heldout3Path, heldout4Path, heldout5Path, heldout6Path})
}

// TestHeldout7Frozen checks that heldout7/turns.jsonl is byte-for-byte the file
// whose SHA-256 its README records. If this fails, the frozen set was edited:
// restore it rather than updating the hash.
func TestHeldout7Frozen(t *testing.T) {
	checkFrozen(t, heldout7DocPath, heldout7Path, heldout7Name)
}
