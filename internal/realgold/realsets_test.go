package realgold

// The labelled real sets against the real sample outside the repository
// (skipped when the sample is absent): each set is exactly its selection,
// shares no conversation with the sets its draw left out, and materialises.

import (
	"os"
	"testing"
)

// realSamplePath is the real sample, relative to this package.
const realSamplePath = "../../../shared/real/wildchat-sample.jsonl.zst"

// realLabels returns the path of a set's labels, relative to this package.
func realLabels(dir string) string { return "../../testdata/gold/" + dir + "/labels.jsonl" }

// realSelections are the draws of the labelled real sets, in the order they
// were made: `realgold select -seed S -n N -prefix P -exclude E...`, where
// E are the label files of the sets drawn before (real-rejected came from
// mine --sample-rejected, not from select). real2 was drawn excluding the
// real-dev picks, which carry the same conversation ids as its labels.
var realSelections = []struct {
	dir     string
	seed    uint64
	n       int
	prefix  string
	exclude []string
	whole   bool // the draw took every turn left: one more is an error
}{
	{"real1", 1, 400, "r1", nil, false},
	{"real-dev", 11, 500, "rd", []string{"real1", "real-rejected"}, false},
	{"real2", 12, 300, "r2", []string{"real1", "real-rejected", "real-dev"}, false},
	{"real3", 13, 430, "r3", []string{"real1", "real-rejected", "real-dev", "real2"}, true},
}

// TestRealSetsMaterialise checks, when the real sample is present, that each
// labelled real set is exactly its selection (ids in selection order), that
// none of its conversations is in a set its draw excluded, and that it
// materialises without error. It prints no turn text and runs no detector.
func TestRealSetsMaterialise(t *testing.T) {
	if _, err := os.Stat(realSamplePath); err != nil {
		t.Skipf("real sample not present (%v)", err)
	}
	convs, err := ReadSampleFile(realSamplePath)
	if err != nil {
		t.Fatal(err)
	}
	for _, sel := range realSelections {
		t.Run(sel.dir, func(t *testing.T) {
			labels, err := ReadLabelsFile(realLabels(sel.dir))
			if err != nil {
				t.Fatal(err)
			}
			skip := map[string]bool{}
			for _, dir := range sel.exclude {
				if err := ConversationIDs(realLabels(dir), skip); err != nil {
					t.Fatal(err)
				}
			}
			picks, err := SelectExcluding(convs, sel.seed, sel.n, sel.prefix, skip)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := SelectExcluding(convs, sel.seed, sel.n+1, sel.prefix, skip); sel.whole && err == nil {
				t.Errorf("the sample has more than %d turns outside the excluded sets", sel.n)
			}
			if len(labels) != len(picks) {
				t.Fatalf("%d labels, the selection has %d turns", len(labels), len(picks))
			}
			for i, l := range labels {
				if l.Pick != picks[i] {
					t.Errorf("label %d is %+v, the selection has %+v", i+1, l.Pick, picks[i])
				}
				if skip[l.ConversationID] {
					t.Errorf("label %s comes from conversation %s of an excluded set", l.ID, l.ConversationID)
				}
			}
			turns, err := Materialise(convs, labels)
			if err != nil {
				t.Fatal(err)
			}
			if len(turns) != sel.n {
				t.Errorf("%d turns materialised, want %d", len(turns), sel.n)
			}
		})
	}
}

// TestRealDev2Selection checks, when the real sample is present, that
// real-dev2 is exactly its draw: 300 later user turns of real-dev's
// conversations that no earlier real set labels (`select -seed 21 -n 300
// -prefix rd2 -within real-dev -taken real-dev,real1,real2,real3,real-rejected`),
// and that it materialises. It prints no turn text and runs no detector.
func TestRealDev2Selection(t *testing.T) {
	if _, err := os.Stat(realSamplePath); err != nil {
		t.Skipf("real sample not present (%v)", err)
	}
	convs, err := ReadSampleFile(realSamplePath)
	if err != nil {
		t.Fatal(err)
	}
	within, taken := map[string]bool{}, map[TurnKey]bool{}
	if err := ConversationIDs(realLabels("real-dev"), within); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"real-dev", "real1", "real2", "real3", "real-rejected"} {
		if err := TurnKeys(realLabels(dir), taken); err != nil {
			t.Fatal(err)
		}
	}
	picks, err := SelectWithin(convs, 21, 300, "rd2", within, taken)
	if err != nil {
		t.Fatal(err)
	}
	labels, err := ReadLabelsFile(realLabels("real-dev2"))
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
		if !within[l.ConversationID] || taken[TurnKey{l.ConversationID, l.TurnIndex}] {
			t.Errorf("label %s is outside real-dev's conversations or a turn already labelled", l.ID)
		}
	}
	if _, err := Materialise(convs, labels); err != nil {
		t.Fatal(err)
	}
}

// realReplySelections are the draws of the labelled real reply sets:
// `realgold select-replies -seed S -prefix P -from F...` (every reply).
var realReplySelections = []struct {
	dir    string
	seed   uint64
	prefix string
	from   []string
}{
	{"real-replies", 22, "rr", []string{"real1", "real2", "real3"}},
	{"real-replies-dev", 21, "rrd", []string{"real-dev"}},
	{"real-replies-dev2", 23, "rrd2", []string{"real-dev2"}},
}

// TestRealReplySetsMaterialise checks, when the real sample is present,
// that each labelled real reply set is exactly its selection and that it
// materialises (every hash, span and position holds). It prints no reply
// text and runs no detector.
func TestRealReplySetsMaterialise(t *testing.T) {
	if _, err := os.Stat(realSamplePath); err != nil {
		t.Skipf("real sample not present (%v)", err)
	}
	convs, err := ReadSampleFile(realSamplePath)
	if err != nil {
		t.Fatal(err)
	}
	for _, sel := range realReplySelections {
		t.Run(sel.dir, func(t *testing.T) {
			labels, err := ReadReplyLabelsFile(realLabels(sel.dir))
			if err != nil {
				t.Fatal(err)
			}
			var from []Label
			for _, dir := range sel.from {
				ls, err := ReadLabelsFile(realLabels(dir))
				if err != nil {
					t.Fatal(err)
				}
				from = append(from, ls...)
			}
			picks, err := SelectReplies(convs, from, sel.seed, 0, sel.prefix)
			if err != nil {
				t.Fatal(err)
			}
			if len(labels) != len(picks) {
				t.Fatalf("%d labels, the selection has %d replies", len(labels), len(picks))
			}
			for i, l := range labels {
				if l.ReplyPick != picks[i] {
					t.Errorf("label %d is %+v, the selection has %+v", i+1, l.ReplyPick, picks[i])
				}
			}
			if _, err := MaterialiseReplies(convs, labels); err != nil {
				t.Fatal(err)
			}
		})
	}
}
