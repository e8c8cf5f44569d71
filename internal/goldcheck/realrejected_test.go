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

var realRejectedID = regexp.MustCompile(`^rj-([0-9]{3})$`)

// realRejectedProblems returns what is wrong with one line on its own
// (pointerProblems, and an id rj-NNN within the sample), and the sample
// position its id gives (0 when the id is malformed).
func realRejectedProblems(line []byte) (int, []string) {
	l, probs, ok := pointerProblems(line)
	if !ok {
		return 0, probs
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
	return pos, probs
}

func TestRealRejectedLabels(t *testing.T) {
	lines := pointerLines(t, realRejectedPath)
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
		var l pointerLabel
		if json.Unmarshal(line, &l) != nil {
			continue
		}
		key := turnKey(l)
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
	rec := pointerRecord
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
