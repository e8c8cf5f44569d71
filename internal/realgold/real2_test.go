package realgold

import (
	"os"
	"testing"
)

// Files the real2 selection and check use, relative to this package.
const (
	real2Labels       = "../../testdata/gold/real2/labels.jsonl"
	real2RejectLabels = "../../testdata/gold/real-rejected/labels.jsonl"
	// real2DevLabels holds the real-dev set, whose conversations the real2
	// draw left out (it was drawn from the real-dev picks, which carry the
	// same conversation ids).
	real2DevLabels = "../../testdata/gold/real-dev/labels.jsonl"
)

// TestReal2LabelsMaterialise checks, when the real sample is present, that
// testdata/gold/real2/labels.jsonl materialises without error and, when the
// real-dev labels are present too, that it is exactly the selection
//
//	realgold select -seed 12 -n 300 -prefix r2 \
//	  -exclude real1/labels.jsonl,real-rejected/labels.jsonl,real-dev/labels.jsonl
//
// (ids r2-NNN, in selection order). It prints no turn text and runs no
// detector.
func TestReal2LabelsMaterialise(t *testing.T) {
	if _, err := os.Stat(realSamplePath); err != nil {
		t.Skipf("real sample not present (%v)", err)
	}
	convs, err := ReadSampleFile(realSamplePath)
	if err != nil {
		t.Fatal(err)
	}
	labels, err := ReadLabelsFile(real2Labels)
	if err != nil {
		t.Fatal(err)
	}
	if len(labels) != 300 {
		t.Fatalf("%d labels, want 300", len(labels))
	}
	turns, err := Materialise(convs, labels)
	if err != nil {
		t.Fatal(err)
	}
	if len(turns) != 300 {
		t.Errorf("%d turns materialised, want 300", len(turns))
	}

	exclude := map[string]bool{}
	for _, path := range []string{real1Labels, real2RejectLabels} {
		if err := ConversationIDs(path, exclude); err != nil {
			t.Fatal(err)
		}
	}
	// No conversation of real2 is in real1 or real-rejected.
	for _, l := range labels {
		if exclude[l.ConversationID] {
			t.Errorf("%s: conversation %s is also in real1 or real-rejected", l.ID, l.ConversationID)
		}
	}
	if _, err := os.Stat(real2DevLabels); err != nil {
		t.Logf("real-dev labels not present (%v): selection not re-drawn", err)
		return
	}
	if err := ConversationIDs(real2DevLabels, exclude); err != nil {
		t.Fatal(err)
	}
	picks, err := SelectExcluding(convs, 12, 300, "r2", exclude)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range labels {
		if l.Pick != picks[i] {
			t.Errorf("label %d is %+v, the selection has %+v", i+1, l.Pick, picks[i])
		}
	}
}
