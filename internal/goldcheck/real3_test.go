package goldcheck

// Validation of testdata/gold/real3/labels.jsonl, the third held-out set of
// real user turns: all 430 later user turns left in the WildChat sample
// outside the repository once the conversations of real1, real-rejected,
// real-dev and real2 are set aside, in the order of a seeded draw (seed 13),
// labelled blind (no detector run on them; see
// testdata/gold/real3/README.md). It is scored once and nothing is tuned on
// it. The file holds labels and pointers only, no text: internal/realgold
// materialises the turns. Checked here: the shared pointerProblems, ids
// r3-001..r3-430 in order, no turn labelled twice, a natural revision mix,
// and the SHA-256 recorded in the README.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

const (
	real3Path    = "../../testdata/gold/real3/labels.jsonl"
	real3DocPath = "../../testdata/gold/real3/README.md"
	real3Name    = "real3/labels.jsonl"
	real3Size    = 430
)

// real3Problems returns what is wrong with line n (1-based) of the file:
// pointerProblems, and ids r3-001, r3-002, ... in order.
func real3Problems(n int, line []byte) []string {
	l, probs, ok := pointerProblems(line)
	if want := fmt.Sprintf("r3-%03d", n); ok && l.ID != want {
		probs = append(probs, fmt.Sprintf("id %q, want %q (ids are sequential)", l.ID, want))
	}
	return probs
}

func TestReal3Labels(t *testing.T) {
	data, err := os.ReadFile(real3Path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) == 0 || data[len(data)-1] != '\n' {
		t.Fatal("file must end with a newline")
	}
	lines := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
	if len(lines) != real3Size {
		t.Errorf("%d labels, want %d", len(lines), real3Size)
	}
	turns := map[string]string{}
	revisions := 0
	for i, line := range lines {
		n := i + 1
		for _, p := range real3Problems(n, line) {
			t.Errorf("line %d: %s", n, p)
		}
		var l pointerLabel
		if json.Unmarshal(line, &l) != nil {
			continue
		}
		key := fmt.Sprintf("%s#%d", l.ConversationID, l.TurnIndex)
		if prev, ok := turns[key]; ok {
			t.Errorf("line %d (%s): same turn as %s", n, l.ID, prev)
		}
		turns[key] = l.ID
		if l.IsRevision {
			revisions++
		}
	}
	// A natural sample: revisions are a minority, but not absent.
	if revisions < 15 || revisions > 150 {
		t.Errorf("%d revisions among %d turns: not a natural mix", revisions, len(lines))
	}
}

// TestReal3RecordProblems checks that the record check catches a wrong id
// (the other faults are pointerProblems', checked for real1).
func TestReal3RecordProblems(t *testing.T) {
	sha := `"` + string(bytes.Repeat([]byte("a"), 64)) + `"`
	conv := `"` + string(bytes.Repeat([]byte("b"), 32)) + `"`
	rec := func(id string) []byte {
		return []byte(fmt.Sprintf(`{"id":%q,"conversation_id":%s,"turn_index":4,"turn_sha256":%s,"is_revision":false,"revision_type":null,"language":"en","item":"","note":"n"}`,
			id, conv, sha))
	}
	if p := real3Problems(7, rec("r3-007")); len(p) != 0 {
		t.Fatalf("good record: %v", p)
	}
	for _, id := range []string{"r3-008", "r2-007", "r3-7"} {
		if p := real3Problems(7, rec(id)); len(p) == 0 {
			t.Errorf("id %s on line 7: no problem found", id)
		}
	}
}

// TestReal3Frozen checks that real3/labels.jsonl is byte-for-byte the file
// whose SHA-256 its README records. If this fails, the frozen held-out set
// was edited: restore it rather than updating the hash.
func TestReal3Frozen(t *testing.T) {
	checkFrozen(t, real3DocPath, real3Path, real3Name)
}
