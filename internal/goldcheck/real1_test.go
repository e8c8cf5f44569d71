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
	"regexp"
	"slices"
	"testing"
)

const (
	real1Path    = "../../testdata/gold/real1/labels.jsonl"
	real1DocPath = "../../testdata/gold/real1/README.md"
	real1Name    = "real1/labels.jsonl"
)

// real1Keys are the fields of a label line, in the order they are written.
var real1Keys = []string{"id", "conversation_id", "turn_index", "turn_sha256", "is_revision", "revision_type", "language", "item", "note"}

var (
	real1SHA  = regexp.MustCompile(`^[0-9a-f]{64}$`)
	real1Conv = regexp.MustCompile(`^[0-9a-f]{32}$`)
	real1Lang = regexp.MustCompile(`^[a-z]{2}$`)
)

// real1Label is one line of labels.jsonl.
type real1Label struct {
	ID             string  `json:"id"`
	ConversationID string  `json:"conversation_id"`
	TurnIndex      int     `json:"turn_index"`
	TurnSHA256     string  `json:"turn_sha256"`
	IsRevision     bool    `json:"is_revision"`
	RevisionType   *string `json:"revision_type"`
	Language       string  `json:"language"`
	Item           string  `json:"item"`
	Note           string  `json:"note"`
}

// real1Problems returns what is wrong with line n (1-based) of the file.
func real1Problems(n int, line []byte) []string {
	var probs []string
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(line, &raw); err != nil {
		return []string{err.Error()}
	}
	for _, k := range real1Keys {
		if _, ok := raw[k]; !ok {
			probs = append(probs, fmt.Sprintf("missing field %q", k))
		}
	}
	for k := range raw {
		if !slices.Contains(real1Keys, k) {
			probs = append(probs, fmt.Sprintf("unexpected field %q", k))
		}
	}
	var l real1Label
	if err := json.Unmarshal(line, &l); err != nil {
		return append(probs, err.Error())
	}
	if want := fmt.Sprintf("r1-%03d", n); l.ID != want {
		probs = append(probs, fmt.Sprintf("id %q, want %q (ids are sequential)", l.ID, want))
	}
	if !real1Conv.MatchString(l.ConversationID) {
		probs = append(probs, fmt.Sprintf("conversation_id %q is not 32 hex digits", l.ConversationID))
	}
	if l.TurnIndex < 2 {
		probs = append(probs, fmt.Sprintf("turn_index %d: a later user turn has index 2 or more", l.TurnIndex))
	}
	if !real1SHA.MatchString(l.TurnSHA256) {
		probs = append(probs, fmt.Sprintf("turn_sha256 %q is not 64 lower-case hex digits", l.TurnSHA256))
	}
	if l.IsRevision != (l.RevisionType != nil) {
		probs = append(probs, "revision_type must be null exactly when is_revision is false")
	}
	typ := ""
	if l.RevisionType != nil {
		typ = *l.RevisionType
		if !turnsTypes[typ] {
			probs = append(probs, fmt.Sprintf("unknown revision_type %q", typ))
		}
	}
	if l.Item != "" && typ != "withdraw" && typ != "replace" {
		probs = append(probs, fmt.Sprintf("item %q on a turn that is not a withdrawal or replacement", l.Item))
	}
	if !real1Lang.MatchString(l.Language) {
		probs = append(probs, fmt.Sprintf("language %q is not an ISO 639-1 code", l.Language))
	}
	if l.Note == "" {
		probs = append(probs, "empty note")
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
		var l real1Label
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
