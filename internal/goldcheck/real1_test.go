package goldcheck

// Validation of testdata/gold/real1/labels.jsonl, the first labelled set of
// real user turns: 400 later user turns drawn at random (seed 1) from the
// WildChat sample outside the repository, labelled blind (no detector run on
// them; see testdata/gold/real1/README.md). The file holds labels and
// pointers only, no text: internal/realgold materialises the turns. Checked
// here: exactly the label fields, ids r1-001..r1-400 in order, a 64-hex
// turn_sha256, revision_type a known type exactly when is_revision is true,
// item empty unless the type is withdraw or replace, a two-letter language,
// no turn labelled twice, and the SHA-256 recorded in the README.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

const (
	real1Path    = "../../testdata/gold/real1/labels.jsonl"
	real1DocPath = "../../testdata/gold/real1/README.md"
	real1Name    = "real1/labels.jsonl"
)

// real1Problems returns what is wrong with line n (1-based) of the file:
// pointerProblems, and ids r1-001, r1-002, ... in order.
func real1Problems(n int, line []byte) []string {
	l, probs, ok := pointerProblems(line)
	if want := fmt.Sprintf("r1-%03d", n); ok && l.ID != want {
		probs = append(probs, fmt.Sprintf("id %q, want %q (ids are sequential)", l.ID, want))
	}
	return probs
}

func TestReal1Labels(t *testing.T) {
	data, err := os.ReadFile(real1Path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) == 0 || data[len(data)-1] != '\n' {
		t.Fatal("file must end with a newline")
	}
	lines := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
	if len(lines) != 400 {
		t.Errorf("%d labels, want 400", len(lines))
	}
	turns := map[string]string{}
	revisions := 0
	for i, line := range lines {
		n := i + 1
		for _, p := range real1Problems(n, line) {
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
	if revisions < 20 || revisions > 200 {
		t.Errorf("%d revisions among %d turns: not a natural mix", revisions, len(lines))
	}
}

// TestReal1RecordProblems checks that the record check catches each kind of
// fault.
func TestReal1RecordProblems(t *testing.T) {
	sha := `"` + string(bytes.Repeat([]byte("a"), 64)) + `"`
	conv := `"` + string(bytes.Repeat([]byte("b"), 32)) + `"`
	rec := func(id, typ, item, extra string) []byte {
		isRev := typ != "null"
		return []byte(fmt.Sprintf(`{"id":%q,"conversation_id":%s,"turn_index":4,"turn_sha256":%s,"is_revision":%v,"revision_type":%s,"language":"en","item":%q,"note":"n"%s}`,
			id, conv, sha, isRev, typ, item, extra))
	}
	if p := real1Problems(1, rec("r1-001", `"withdraw"`, "my email", "")); len(p) != 0 {
		t.Fatalf("good record: %v", p)
	}
	bad := []struct {
		name string
		line []byte
	}{
		{"id out of sequence", rec("r1-002", "null", "", "")},
		{"unknown type", rec("r1-001", `"rewrite"`, "", "")},
		{"item on a correction", rec("r1-001", `"correct"`, "x", "")},
		{"item on a negative", rec("r1-001", "null", "x", "")},
		{"extra field", rec("r1-001", "null", "", `,"turn":"x"`)},
		{"revision without type", bytes.Replace(rec("r1-001", "null", "", ""), []byte(`"is_revision":false`), []byte(`"is_revision":true`), 1)},
		{"short hash", bytes.Replace(rec("r1-001", "null", "", ""), []byte(sha), []byte(`"abc"`), 1)},
	}
	for _, b := range bad {
		if p := real1Problems(1, b.line); len(p) == 0 {
			t.Errorf("%s: no problem found in %s", b.name, b.line)
		}
	}
}

// TestReal1Frozen checks that real1/labels.jsonl is byte-for-byte the file
// whose SHA-256 its README records. If this fails, the frozen set was
// edited: restore it rather than updating the hash.
func TestReal1Frozen(t *testing.T) {
	checkFrozen(t, real1DocPath, real1Path, real1Name)
}
