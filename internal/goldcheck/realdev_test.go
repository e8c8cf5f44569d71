package goldcheck

// Validation of testdata/gold/real-dev/labels.jsonl, the development set of
// real user turns: 500 later user turns drawn at random (seed 11) from the
// WildChat sample outside the repository, leaving out every conversation of
// real1 and real-rejected, and labelled blind (no detector run on them; see
// testdata/gold/real-dev/README.md). Unlike real1 it may be tuned on. The
// file holds labels and pointers only, no text: internal/realgold
// materialises the turns. Checked here: exactly the label fields, ids
// rd-001..rd-500 in order, a 64-hex turn_sha256, revision_type a known type
// exactly when is_revision is true, item empty unless the type is withdraw
// or replace, a two-letter language, no turn labelled twice, a natural
// revision mix, and the SHA-256 recorded in the README.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

const (
	realDevPath    = "../../testdata/gold/real-dev/labels.jsonl"
	realDevDocPath = "../../testdata/gold/real-dev/README.md"
	realDevName    = "real-dev/labels.jsonl"
	realDevSize    = 500
)

// realDevProblems returns what is wrong with line n (1-based) of the file:
// pointerProblems, and ids rd-001, rd-002, ... in order.
func realDevProblems(n int, line []byte) []string {
	l, probs, ok := pointerProblems(line)
	if want := fmt.Sprintf("rd-%03d", n); ok && l.ID != want {
		probs = append(probs, fmt.Sprintf("id %q, want %q (ids are sequential)", l.ID, want))
	}
	return probs
}

func TestRealDevLabels(t *testing.T) {
	data, err := os.ReadFile(realDevPath)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) == 0 || data[len(data)-1] != '\n' {
		t.Fatal("file must end with a newline")
	}
	lines := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
	if len(lines) != realDevSize {
		t.Errorf("%d labels, want %d", len(lines), realDevSize)
	}
	turns := map[string]string{}
	revisions := 0
	for i, line := range lines {
		n := i + 1
		for _, p := range realDevProblems(n, line) {
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
	if revisions < 25 || revisions > 250 {
		t.Errorf("%d revisions among %d turns: not a natural mix", revisions, len(lines))
	}
}

// TestRealDevRecordProblems checks that the record check catches each kind
// of fault.
func TestRealDevRecordProblems(t *testing.T) {
	sha := `"` + string(bytes.Repeat([]byte("a"), 64)) + `"`
	conv := `"` + string(bytes.Repeat([]byte("b"), 32)) + `"`
	rec := func(id, typ, item, extra string) []byte {
		isRev := typ != "null"
		return []byte(fmt.Sprintf(`{"id":%q,"conversation_id":%s,"turn_index":4,"turn_sha256":%s,"is_revision":%v,"revision_type":%s,"language":"en","item":%q,"note":"n"%s}`,
			id, conv, sha, isRev, typ, item, extra))
	}
	if p := realDevProblems(1, rec("rd-001", `"replace"`, "the quote", "")); len(p) != 0 {
		t.Fatalf("good record: %v", p)
	}
	bad := []struct {
		name string
		line []byte
	}{
		{"id out of sequence", rec("rd-002", "null", "", "")},
		{"another set's id", rec("r1-001", "null", "", "")},
		{"unknown type", rec("rd-001", `"rewrite"`, "", "")},
		{"item on an extension", rec("rd-001", `"extend"`, "x", "")},
		{"item on a negative", rec("rd-001", "null", "x", "")},
		{"extra field", rec("rd-001", "null", "", `,"turn":"x"`)},
		{"revision without type", bytes.Replace(rec("rd-001", "null", "", ""), []byte(`"is_revision":false`), []byte(`"is_revision":true`), 1)},
		{"short hash", bytes.Replace(rec("rd-001", "null", "", ""), []byte(sha), []byte(`"abc"`), 1)},
	}
	for _, b := range bad {
		if p := realDevProblems(1, b.line); len(p) == 0 {
			t.Errorf("%s: no problem found in %s", b.name, b.line)
		}
	}
}

// TestRealDevFrozen checks that real-dev/labels.jsonl is byte-for-byte the
// file whose SHA-256 its README records. A label may only change together
// with a dated entry in the README's "Corrections" section and the new hash.
func TestRealDevFrozen(t *testing.T) {
	checkFrozen(t, realDevDocPath, realDevPath, realDevName)
}
