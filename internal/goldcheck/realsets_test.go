package goldcheck

// Validation of the labelled sets of real user turns drawn by
// internal/realgold (real1, real2, real-dev, real3, real-dev2, real-dev3,
// real-dev4): later user turns of the
// WildChat sample outside the repository, labelled blind (see each set's
// README). Their files hold labels and pointers only, no text. Checked for
// each: the shared pointerProblems, ids <prefix>-001, <prefix>-002, ... in
// order, the set's size, no turn labelled twice, a natural revision mix,
// and the SHA-256 its README records.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
)

// A realSet is one labelled set of real turns.
type realSet struct {
	dir    string // under testdata/gold
	prefix string // of the ids
	size   int
}

var realSets = []realSet{
	{"real1", "r1", 400},
	{"real2", "r2", 300},
	{"real-dev", "rd", 500},
	{"real3", "r3", 430},
	{"real-dev2", "rd2", 300},
	{"real-dev3", "rd3", 317},
	{"real-dev4", "rd4", 126},
}

func (s realSet) path() string    { return "../../testdata/gold/" + s.dir + "/labels.jsonl" }
func (s realSet) docPath() string { return "../../testdata/gold/" + s.dir + "/README.md" }

// problems returns what is wrong with line n (1-based) of the set's file:
// pointerProblems, and the id the set's order gives that line.
func (s realSet) problems(n int, line []byte) []string {
	l, probs, ok := pointerProblems(line)
	if want := fmt.Sprintf("%s-%03d", s.prefix, n); ok && l.ID != want {
		probs = append(probs, fmt.Sprintf("id %q, want %q (ids are sequential)", l.ID, want))
	}
	return probs
}

func TestRealSetLabels(t *testing.T) {
	for _, s := range realSets {
		t.Run(s.dir, func(t *testing.T) {
			lines := pointerLines(t, s.path())
			if len(lines) != s.size {
				t.Errorf("%d labels, want %d", len(lines), s.size)
			}
			turns := map[string]string{}
			revisions := 0
			for i, line := range lines {
				n := i + 1
				for _, p := range s.problems(n, line) {
					t.Errorf("line %d: %s", n, p)
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
				}
			}
			// A natural sample: revisions are a minority, but not absent.
			if revisions < len(lines)/20 || revisions > len(lines)/2 {
				t.Errorf("%d revisions among %d turns: not a natural mix", revisions, len(lines))
			}
		})
	}
}

// TestRealSetRecordProblems checks that the record check catches each kind
// of fault, and a wrong id in every set.
func TestRealSetRecordProblems(t *testing.T) {
	sha := `"` + string(bytes.Repeat([]byte("a"), 64)) + `"`
	rec := pointerRecord
	r1 := realSets[0]
	if p := r1.problems(1, rec("r1-001", `"withdraw"`, "my email", "")); len(p) != 0 {
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
		if p := r1.problems(1, b.line); len(p) == 0 {
			t.Errorf("%s: no problem found in %s", b.name, b.line)
		}
	}
	for _, s := range realSets {
		good := s.prefix + "-007"
		if p := s.problems(7, rec(good, "null", "", "")); len(p) != 0 {
			t.Errorf("%s: good record %s: %v", s.dir, good, p)
		}
		for _, id := range []string{s.prefix + "-008", "zz-007", s.prefix + "-7"} {
			if p := s.problems(7, rec(id, "null", "", "")); len(p) == 0 {
				t.Errorf("%s: id %s on line 7: no problem found", s.dir, id)
			}
		}
	}
}

// TestRealSetFrozen checks that each set's labels.jsonl is byte-for-byte
// the file whose SHA-256 its README records. If this fails, a frozen set
// was edited: restore it (real-dev's README says how a wrong label is
// corrected) rather than updating the hash.
func TestRealSetFrozen(t *testing.T) {
	for _, s := range realSets {
		t.Run(s.dir, func(t *testing.T) {
			checkFrozen(t, s.docPath(), s.path(), s.dir+"/labels.jsonl")
		})
	}
}
