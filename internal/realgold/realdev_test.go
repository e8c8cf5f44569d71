package realgold

// The real-dev selection and labels against the real sample (skipped when
// the sample is absent).

import (
	"os"
	"testing"
)

// Paths of the real-dev labels and of the real-rejected labels, whose
// conversations (with real1's) the real-dev selection leaves out.
const (
	realDevLabels      = "../../testdata/gold/real-dev/labels.jsonl"
	realRejectedLabels = "../../testdata/gold/real-rejected/labels.jsonl"
)

// TestRealDevLabelsMaterialise checks, when the real sample is present, that
// testdata/gold/real-dev/labels.jsonl is exactly the selection
// `select -seed 11 -n 500 -prefix rd -exclude real1,real-rejected` (ids
// rd-NNN, in selection order), that it shares no conversation with real1 or
// real-rejected, and that it materialises without error. It prints no turn
// text and runs no detector.
func TestRealDevLabelsMaterialise(t *testing.T) {
	if _, err := os.Stat(realSamplePath); err != nil {
		t.Skipf("real sample not present (%v)", err)
	}
	convs, err := ReadSampleFile(realSamplePath)
	if err != nil {
		t.Fatal(err)
	}
	labels, err := ReadLabelsFile(realDevLabels)
	if err != nil {
		t.Fatal(err)
	}
	skip := map[string]bool{}
	for _, path := range []string{real1Labels, realRejectedLabels} {
		if err := ConversationIDs(path, skip); err != nil {
			t.Fatal(err)
		}
	}
	picks, err := SelectExcluding(convs, 11, 500, "rd", skip)
	if err != nil {
		t.Fatal(err)
	}
	if len(labels) != len(picks) {
		t.Fatalf("%d labels, the selection has %d turns", len(labels), len(picks))
	}
	for i, l := range labels {
		if l.Pick != picks[i] {
			t.Errorf("label %d is %+v, the selection has %+v", i+1, l.Pick, picks[i])
		}
		if skip[l.ConversationID] {
			t.Errorf("label %s comes from conversation %s of real1 or real-rejected", l.ID, l.ConversationID)
		}
	}
	turns, err := Materialise(convs, labels)
	if err != nil {
		t.Fatal(err)
	}
	if len(turns) != 500 {
		t.Errorf("%d turns materialised, want 500", len(turns))
	}
}
