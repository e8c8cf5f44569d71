package realgold

import (
	"os"
	"testing"
)

// real3Labels is the third held-out set of real turns. Its draw left out
// every conversation of real1, real-rejected, real-dev and real2 (their
// paths are defined in realgold_test.go, realdev_test.go and real2_test.go).
const real3Labels = "../../testdata/gold/real3/labels.jsonl"

// TestReal3LabelsMaterialise checks, when the real sample is present, that
// testdata/gold/real3/labels.jsonl materialises without error, shares no
// conversation with the other real sets and is exactly the selection
//
//	realgold select -seed 13 -n 430 -prefix r3 \
//	  -exclude real1/labels.jsonl,real-rejected/labels.jsonl,real-dev/labels.jsonl,real2/labels.jsonl
//
// (ids r3-NNN, in selection order; the 430 are every later user turn left
// after the exclusions). It prints no turn text and runs no detector.
func TestReal3LabelsMaterialise(t *testing.T) {
	if _, err := os.Stat(realSamplePath); err != nil {
		t.Skipf("real sample not present (%v)", err)
	}
	convs, err := ReadSampleFile(realSamplePath)
	if err != nil {
		t.Fatal(err)
	}
	labels, err := ReadLabelsFile(real3Labels)
	if err != nil {
		t.Fatal(err)
	}
	if len(labels) != 430 {
		t.Fatalf("%d labels, want 430", len(labels))
	}
	turns, err := Materialise(convs, labels)
	if err != nil {
		t.Fatal(err)
	}
	if len(turns) != 430 {
		t.Errorf("%d turns materialised, want 430", len(turns))
	}

	exclude := map[string]bool{}
	for _, path := range []string{real1Labels, realRejectedLabels, realDevLabels, real2Labels} {
		if err := ConversationIDs(path, exclude); err != nil {
			t.Fatal(err)
		}
	}
	// No conversation of real3 is in another real set.
	for _, l := range labels {
		if exclude[l.ConversationID] {
			t.Errorf("%s: conversation %s is also in real1, real-rejected, real-dev or real2", l.ID, l.ConversationID)
		}
	}
	picks, err := SelectExcluding(convs, 13, 430, "r3", exclude)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range labels {
		if l.Pick != picks[i] {
			t.Errorf("label %d is %+v, the selection has %+v", i+1, l.Pick, picks[i])
		}
	}
	// The 430 are all that is left: one more cannot be drawn.
	if _, err := SelectExcluding(convs, 13, 431, "r3", exclude); err == nil {
		t.Error("selecting 431 turns succeeded: real3 is not every remaining later user turn")
	}
}
