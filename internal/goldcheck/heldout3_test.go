package goldcheck

// Validation of testdata/gold/heldout3/turns.jsonl, the third frozen
// held-out turn set (written blind for the revision-rules-5 round: no
// detector run on it and no classifier code or rule file read while writing;
// see testdata/gold/heldout3/README.md). The same record checks as the other
// turn sets, plus the mix it promises: ids h3-NNN, 230–270 turns, about half
// not in English (at least 12 turns per language), a realistic revision share
// among follow-ups (about one in four), every type present, at least 12
// withdrawals and 7 replacements, no id, turn text or draft shared with the
// other five turn sets, and the SHA-256 recorded in its README.

import (
	"testing"
)

const (
	heldout3Path    = "../../testdata/gold/heldout3/turns.jsonl"
	heldout3DocPath = "../../testdata/gold/heldout3/README.md"
	heldout3Name    = "heldout3/turns.jsonl"
)

func TestHeldout3GoldRecords(t *testing.T) {
	s := checkTurnSet(t, heldout3Path, "h3")
	if s.n < 230 || s.n > 270 {
		t.Errorf("%d turns, want 230..270", s.n)
	}
	checkRealisticMix(t, s, 12, 4)
	// Revocation and replacement are what the set is mainly for.
	if s.perType["withdraw"] < 12 || s.perType["replace"] < 7 {
		t.Errorf("withdraw %d, replace %d: want at least 12 and 7", s.perType["withdraw"], s.perType["replace"])
	}
}

// TestHeldout3GoldDisjoint checks that heldout3 shares no id, turn text or
// assistant draft with the other turn sets. Failures name only the heldout3
// id, never text of another set.
func TestHeldout3GoldDisjoint(t *testing.T) {
	checkDisjoint(t, heldout3Path, []string{turnsDevPath, turnsHeldoutPath, turns2Path, turns3Path, heldout2Path})
}

// TestHeldout3Frozen checks that heldout3/turns.jsonl is byte-for-byte the file
// whose SHA-256 its README records. If this fails, the frozen set was edited:
// restore it rather than updating the hash.
func TestHeldout3Frozen(t *testing.T) {
	checkFrozen(t, heldout3DocPath, heldout3Path, heldout3Name)
}
