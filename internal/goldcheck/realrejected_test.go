package goldcheck

// Validation of testdata/gold/real-rejected/labels.jsonl: a seeded sample of
// 300 later user turns that the keyword screen (screen-8) rejected on the
// WildChat sample outside the repository, labelled by hand to estimate how
// many revision requests the screen misses (see
// testdata/gold/real-rejected/README.md). The file holds labels and pointers
// only, no text: internal/realgold materialises the turns. Its ids are the
// sample positions rj-001..rj-300; the seven blank turns of the sample are
// not in the file (realgold takes no blank turn) and are listed in the
// README. Checked here: exactly the label fields, ids increasing with exactly
// those seven gaps, a 32-hex conversation id, a 64-hex turn_sha256,
// revision_type a known type exactly when is_revision is true, item empty
// unless the type is withdraw or replace, a two-letter language, a note, no
// turn labelled twice, the counts the README reports, and the SHA-256 the
// README records.

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
	realRejectedPath    = "../../testdata/gold/real-rejected/labels.jsonl"
	realRejectedDocPath = "../../testdata/gold/real-rejected/README.md"
	realRejectedName    = "real-rejected/labels.jsonl"
	// realRejectedSample is the size of the drawn sample (--sample-rejected).
	realRejectedSample = 300
)

// realRejectedBlank are the sample positions whose turn is blank: they are
// negatives, and are not in labels.jsonl.
var realRejectedBlank = []int{91, 135, 149, 219, 232, 273, 286}

// realRejectedKeys are the fields of a label line, in the order they are
// written (the same as real1's).
var realRejectedKeys = []string{"id", "conversation_id", "turn_index", "turn_sha256", "is_revision", "revision_type", "language", "item", "note"}

var (
	realRejectedID   = regexp.MustCompile(`^rj-([0-9]{3})$`)
	realRejectedSHA  = regexp.MustCompile(`^[0-9a-f]{64}$`)
	realRejectedConv = regexp.MustCompile(`^[0-9a-f]{32}$`)
	realRejectedLang = regexp.MustCompile(`^[a-z]{2}$`)
)

// realRejectedLabel is one line of labels.jsonl.
type realRejectedLabel struct {
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

// realRejectedProblems returns what is wrong with one line on its own, and
// the sample position its id gives (0 when the id is malformed).
func realRejectedProblems(line []byte) (int, []string) {
	var probs []string
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(line, &raw); err != nil {
		return 0, []string{err.Error()}
	}
	for _, k := range realRejectedKeys {
		if _, ok := raw[k]; !ok {
			probs = append(probs, fmt.Sprintf("missing field %q", k))
		}
	}
	for k := range raw {
		if !slices.Contains(realRejectedKeys, k) {
			probs = append(probs, fmt.Sprintf("unexpected field %q", k))
		}
	}
	var l realRejectedLabel
	if err := json.Unmarshal(line, &l); err != nil {
		return 0, append(probs, err.Error())
	}
	pos := 0
	if m := realRejectedID.FindStringSubmatch(l.ID); m == nil {
		probs = append(probs, fmt.Sprintf("id %q is not rj-NNN", l.ID))
	} else {
		fmt.Sscanf(m[1], "%d", &pos)
		if pos < 1 || pos > realRejectedSample {
			probs = append(probs, fmt.Sprintf("id %q is outside rj-001..rj-%03d", l.ID, realRejectedSample))
			pos = 0
		}
	}
	if !realRejectedConv.MatchString(l.ConversationID) {
		probs = append(probs, fmt.Sprintf("conversation_id %q is not 32 hex digits", l.ConversationID))
	}
	if l.TurnIndex < 2 {
		probs = append(probs, fmt.Sprintf("turn_index %d: a later user turn has index 2 or more", l.TurnIndex))
	}
	if !realRejectedSHA.MatchString(l.TurnSHA256) {
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
	if !realRejectedLang.MatchString(l.Language) {
		probs = append(probs, fmt.Sprintf("language %q is not an ISO 639-1 code", l.Language))
	}
	if l.Note == "" {
		probs = append(probs, "empty note")
	}
	return pos, probs
}

func TestRealRejectedLabels(t *testing.T) {
	data, err := os.ReadFile(realRejectedPath)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) == 0 || data[len(data)-1] != '\n' {
		t.Fatal("file must end with a newline")
	}
	lines := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
	if want := realRejectedSample - len(realRejectedBlank); len(lines) != want {
		t.Errorf("%d labels, want %d (%d sampled, %d blank)", len(lines), want, realRejectedSample, len(realRejectedBlank))
	}
	turns := map[string]string{}
	seen := map[int]bool{}
	last := 0
	types := map[string]int{}
	revisions := 0
	for i, line := range lines {
		n := i + 1
		pos, probs := realRejectedProblems(line)
		for _, p := range probs {
			t.Errorf("line %d: %s", n, p)
		}
		if pos != 0 {
			if pos <= last {
				t.Errorf("line %d: id rj-%03d after rj-%03d: ids must follow the sample's order", n, pos, last)
			}
			last = pos
			seen[pos] = true
		}
		var l realRejectedLabel
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
			if l.RevisionType != nil {
				types[*l.RevisionType]++
			}
		}
	}
	// Every sample position is labelled except the blank turns.
	for pos := 1; pos <= realRejectedSample; pos++ {
		blank := slices.Contains(realRejectedBlank, pos)
		switch {
		case blank && seen[pos]:
			t.Errorf("rj-%03d is a blank turn and must not be in the file", pos)
		case !blank && !seen[pos]:
			t.Errorf("rj-%03d is missing", pos)
		}
	}
	// The counts the README reports.
	if revisions != 31 {
		t.Errorf("%d revisions, the README reports 31", revisions)
	}
	want := map[string]int{"correct": 13, "extend": 8, "reformat": 7, "replace": 3}
	for _, typ := range []string{"withdraw", "replace", "correct", "extend", "reformat", "other"} {
		if types[typ] != want[typ] {
			t.Errorf("%d %s, the README reports %d", types[typ], typ, want[typ])
		}
	}
}

// TestRealRejectedRecordProblems checks that the record check catches each
// kind of fault.
func TestRealRejectedRecordProblems(t *testing.T) {
	sha := `"` + string(bytes.Repeat([]byte("a"), 64)) + `"`
	conv := `"` + string(bytes.Repeat([]byte("b"), 32)) + `"`
	rec := func(id, typ, item, extra string) []byte {
		isRev := typ != "null"
		return []byte(fmt.Sprintf(`{"id":%q,"conversation_id":%s,"turn_index":4,"turn_sha256":%s,"is_revision":%v,"revision_type":%s,"language":"en","item":%q,"note":"n"%s}`,
			id, conv, sha, isRev, typ, item, extra))
	}
	if pos, p := realRejectedProblems(rec("rj-007", `"replace"`, "the date", "")); len(p) != 0 || pos != 7 {
		t.Fatalf("good record: position %d, problems %v", pos, p)
	}
	bad := []struct {
		name string
		line []byte
	}{
		{"malformed id", rec("r1-001", "null", "", "")},
		{"id past the sample", rec("rj-301", "null", "", "")},
		{"unknown type", rec("rj-001", `"rewrite"`, "", "")},
		{"item on a correction", rec("rj-001", `"correct"`, "x", "")},
		{"item on a negative", rec("rj-001", "null", "x", "")},
		{"extra field", rec("rj-001", "null", "", `,"turn":"x"`)},
		{"revision without type", bytes.Replace(rec("rj-001", "null", "", ""), []byte(`"is_revision":false`), []byte(`"is_revision":true`), 1)},
		{"short hash", bytes.Replace(rec("rj-001", "null", "", ""), []byte(sha), []byte(`"abc"`), 1)},
		{"first user turn", bytes.Replace(rec("rj-001", "null", "", ""), []byte(`"turn_index":4`), []byte(`"turn_index":0`), 1)},
		{"empty note", bytes.Replace(rec("rj-001", "null", "", ""), []byte(`"note":"n"`), []byte(`"note":""`), 1)},
	}
	for _, b := range bad {
		if _, p := realRejectedProblems(b.line); len(p) == 0 {
			t.Errorf("%s: no problem found in %s", b.name, b.line)
		}
	}
}

// TestRealRejectedFrozen checks that real-rejected/labels.jsonl is byte for
// byte the file whose SHA-256 its README records. If this fails, the frozen
// set was edited: restore it rather than updating the hash.
func TestRealRejectedFrozen(t *testing.T) {
	checkFrozen(t, realRejectedDocPath, realRejectedPath, realRejectedName)
}
