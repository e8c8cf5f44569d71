package goldcheck

// Validation of testdata/gold/heldout6/turns.jsonl, the sixth frozen
// held-out turn set (written blind for the revision-rules-8 round: no
// detector run on it and no classifier code, rule file or eval code read
// while writing; see testdata/gold/heldout6/README.md). The same record
// checks as the other turn sets, plus the mix it promises: ids h6-NNN,
// 280–320 turns, about half not in English (at least 12 turns per language),
// a realistic revision share among follow-ups (about one in four), every type
// present (at least 6 of each), at least 20 withdrawals and 15 replacements,
// no id, turn text or draft shared with the other eight turn sets, and the
// SHA-256 recorded in its README.

import (
	"testing"
)

const (
	heldout6Path    = "../../testdata/gold/heldout6/turns.jsonl"
	heldout6DocPath = "../../testdata/gold/heldout6/README.md"
	heldout6Name    = "heldout6/turns.jsonl"
)

func TestHeldout6GoldRecords(t *testing.T) {
	s := checkTurnSet(t, heldout6Path, "h6")
	if s.n < 280 || s.n > 320 {
		t.Errorf("%d turns, want 280..320", s.n)
	}
	checkRealisticMix(t, s, 12, 6)
	// Revocation and replacement are what the set is mainly for.
	if s.perType["withdraw"] < 20 || s.perType["replace"] < 15 {
		t.Errorf("withdraw %d, replace %d: want at least 20 and 15", s.perType["withdraw"], s.perType["replace"])
	}
}

// TestHeldout6GoldDisjoint checks that heldout6 shares no id, turn text or
// assistant draft with the other turn sets. Failures name only the heldout6
// id, never text of another set.
func TestHeldout6GoldDisjoint(t *testing.T) {
	checkDisjoint(t, heldout6Path, []string{turnsDevPath, turnsHeldoutPath, turns2Path, turns3Path, heldout2Path, heldout3Path, heldout4Path, heldout5Path})
}

// TestHeldout6Frozen checks that heldout6/turns.jsonl is byte-for-byte the file
// whose SHA-256 its README records. If this fails, the frozen set was edited:
// restore it rather than updating the hash.
func TestHeldout6Frozen(t *testing.T) {
	checkFrozen(t, heldout6DocPath, heldout6Path, heldout6Name)
}
