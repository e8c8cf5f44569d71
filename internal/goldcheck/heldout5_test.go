package goldcheck

// Validation of testdata/gold/heldout5/turns.jsonl, the fifth frozen
// held-out turn set (written blind for the revision-rules-7 round: no
// detector run on it and no classifier code, rule file or eval code read
// while writing; see testdata/gold/heldout5/README.md). The same record
// checks as the other turn sets, plus the mix it promises: ids h5-NNN,
// 230–270 turns, about half not in English (at least 12 turns per language),
// a realistic revision share among follow-ups (about one in four), every type
// present (at least 6 of each), at least 12 withdrawals and 8 replacements,
// no id, turn text or draft shared with the other seven turn sets, and the
// SHA-256 recorded in its README.

import (
	"testing"
)

const (
	heldout5Path    = "../../testdata/gold/heldout5/turns.jsonl"
	heldout5DocPath = "../../testdata/gold/heldout5/README.md"
	heldout5Name    = "heldout5/turns.jsonl"
)

func TestHeldout5GoldRecords(t *testing.T) {
	s := checkTurnSet(t, heldout5Path, "h5")
	if s.n < 230 || s.n > 270 {
		t.Errorf("%d turns, want 230..270", s.n)
	}
	checkRealisticMix(t, s, 12, 6)
	// Revocation and replacement are what the set is mainly for.
	if s.perType["withdraw"] < 12 || s.perType["replace"] < 8 {
		t.Errorf("withdraw %d, replace %d: want at least 12 and 8", s.perType["withdraw"], s.perType["replace"])
	}
}

// TestHeldout5GoldDisjoint checks that heldout5 shares no id, turn text or
// assistant draft with the other turn sets. Failures name only the heldout5
// id, never text of another set.
func TestHeldout5GoldDisjoint(t *testing.T) {
	checkDisjoint(t, heldout5Path, []string{turnsDevPath, turnsHeldoutPath, turns2Path, turns3Path, heldout2Path, heldout3Path, heldout4Path})
}

// TestHeldout5Frozen checks that heldout5/turns.jsonl is byte-for-byte the file
// whose SHA-256 its README records. If this fails, the frozen set was edited:
// restore it rather than updating the hash.
func TestHeldout5Frozen(t *testing.T) {
	checkFrozen(t, heldout5DocPath, heldout5Path, heldout5Name)
}
