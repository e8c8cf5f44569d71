package goldcheck

// Validation of testdata/gold/heldout4/turns.jsonl, the fourth frozen
// held-out turn set (written blind for the revision-rules-6 round: no
// detector run on it and no classifier code, rule file or eval code read
// while writing; see testdata/gold/heldout4/README.md). The same record
// checks as the other turn sets, plus the mix it promises: ids h4-NNN,
// 230–270 turns, about half not in English (at least 12 turns per language),
// a realistic revision share among follow-ups (about one in four), every type
// present, at least 12 withdrawals and 7 replacements, no id, turn text or
// draft shared with the other six turn sets, and the SHA-256 recorded in its
// README.

import (
	"testing"
)

const (
	heldout4Path    = "../../testdata/gold/heldout4/turns.jsonl"
	heldout4DocPath = "../../testdata/gold/heldout4/README.md"
	heldout4Name    = "heldout4/turns.jsonl"
)

func TestHeldout4GoldRecords(t *testing.T) {
	s := checkTurnSet(t, heldout4Path, "h4")
	if s.n < 230 || s.n > 270 {
		t.Errorf("%d turns, want 230..270", s.n)
	}
	checkRealisticMix(t, s, 12, 4)
	// Revocation and replacement are what the set is mainly for.
	if s.perType["withdraw"] < 12 || s.perType["replace"] < 7 {
		t.Errorf("withdraw %d, replace %d: want at least 12 and 7", s.perType["withdraw"], s.perType["replace"])
	}
}

// TestHeldout4GoldDisjoint checks that heldout4 shares no id, turn text or
// assistant draft with the other turn sets. Failures name only the heldout4
// id, never text of another set.
func TestHeldout4GoldDisjoint(t *testing.T) {
	checkDisjoint(t, heldout4Path, []string{turnsDevPath, turnsHeldoutPath, turns2Path, turns3Path, heldout2Path, heldout3Path})
}

// TestHeldout4Frozen checks that heldout4/turns.jsonl is byte-for-byte the file
// whose SHA-256 its README records. If this fails, the frozen set was edited:
// restore it rather than updating the hash.
func TestHeldout4Frozen(t *testing.T) {
	checkFrozen(t, heldout4DocPath, heldout4Path, heldout4Name)
}
