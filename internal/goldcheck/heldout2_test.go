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
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
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

// heldout2DocSHA returns the SHA-256 that doc records for heldout2/turns.jsonl:
// a 64-hex-digit string on a line that names the file.
func heldout2DocSHA(doc string) (string, error) {
	var found []string
	for _, line := range strings.Split(doc, "\n") {
		if !strings.Contains(line, heldout2Name) {
			continue
		}
		for _, m := range turnsShaLine.FindAllStringSubmatch(line, -1) {
			found = append(found, strings.ToLower(m[1]))
		}
	}
	if len(found) == 0 {
		return "", fmt.Errorf("no SHA-256 on a line naming %s", heldout2Name)
	}
	for _, f := range found[1:] {
		if f != found[0] {
			return "", fmt.Errorf("several different SHA-256 values for %s: %v", heldout2Name, found)
		}
	}
	return found[0], nil
}

func TestHeldout2DocSHA(t *testing.T) {
	sha := strings.Repeat("ab", 32)
	tests := []struct {
		name    string
		doc     string
		want    string
		wantErr bool
	}{
		{"backticks", "SHA-256 of `heldout2/turns.jsonl`: `" + sha + "`\n", sha, false},
		{"upper case", "heldout2/turns.jsonl " + strings.ToUpper(sha), sha, false},
		{"first held-out set only", "heldout/turns.jsonl " + sha, "", true},
		{"missing", "heldout2/turns.jsonl is frozen", "", true},
		{"conflict", "heldout2/turns.jsonl " + sha + "\nheldout2/turns.jsonl " + strings.Repeat("cd", 32), "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := heldout2DocSHA(tc.doc)
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tc.wantErr)
			}
			if got != tc.want {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestHeldout2Frozen checks that heldout2/turns.jsonl is byte-for-byte the file
// whose SHA-256 its README records. If this fails, the frozen set was edited:
// restore it rather than updating the hash.
func TestHeldout2Frozen(t *testing.T) {
	doc, err := os.ReadFile(heldout2DocPath)
	if err != nil {
		t.Fatalf("read %s: %v", heldout2DocPath, err)
	}
	want, err := heldout2DocSHA(string(doc))
	if err != nil {
		t.Fatalf("%s: %v", heldout2DocPath, err)
	}
	data, err := os.ReadFile(heldout2Path)
	if err != nil {
		t.Fatalf("read %s: %v", heldout2Path, err)
	}
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); got != want {
		t.Fatalf("SHA-256 of %s is %s, its README records %s (the set is frozen)", heldout2Path, got, want)
	}
}
