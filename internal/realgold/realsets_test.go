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
// real-dev2 was drawn within real-dev's conversations instead (W), leaving
// out the turns of every earlier real set (T): `select -within W -taken T`.
// real-dev3 was drawn the same way with -non-ascii (ascii): turns without a
// letter outside ASCII left out too (TakeASCIITurns); real-dev4 with
// -families withdraw,replace: turns without a cue of those families left
// out (TakeTurnsOutsideFamilies).
var realSelections = []struct {
	dir      string
	seed     uint64
	n        int
	prefix   string
	exclude  []string
	whole    bool     // the draw took every turn left: one more is an error
	within   []string // draw only from these sets' conversations (SelectWithin)
	taken    []string // with within: these sets' turns are left out
	ascii    bool     // with within: turns without a letter outside ASCII left out too (select -non-ascii)
	families []string // with within: turns without a cue of these families left out too (select -families)
}{
	{"real1", 1, 400, "r1", nil, false, nil, nil, false, nil},
	{"real-dev", 11, 500, "rd", []string{"real1", "real-rejected"}, false, nil, nil, false, nil},
	{"real2", 12, 300, "r2", []string{"real1", "real-rejected", "real-dev"}, false, nil, nil, false, nil},
	{"real3", 13, 430, "r3", []string{"real1", "real-rejected", "real-dev", "real2"}, true, nil, nil, false, nil},
	{"real-dev2", 21, 300, "rd2", nil, false, []string{"real-dev"},
		[]string{"real-dev", "real1", "real2", "real3", "real-rejected"}, false, nil},
	{"real-dev3", 31, 317, "rd3", nil, false, []string{"real-dev"},
		[]string{"real-dev", "real1", "real2", "real3", "real-rejected", "real-dev2"}, true, nil},
	{"real-dev4", 41, 126, "rd4", nil, true, []string{"real-dev"},
		[]string{"real-dev", "real1", "real2", "real3", "real-rejected", "real-dev2", "real-dev3"}, false,
		[]string{"withdraw", "replace"}},
}

// TestRealSetsMaterialise checks, when the real sample is present, that each
// labelled real set is exactly its selection (ids in selection order), that
// none of its conversations is in a set its draw excluded (nor, for a draw
// within other sets, outside their conversations or on a turn they label),
// and that it
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
			keep, taken := map[string]bool{}, map[TurnKey]bool{}
			for _, dir := range sel.within {
				if err := ConversationIDs(realLabels(dir), keep); err != nil {
					t.Fatal(err)
				}
			}
			for _, dir := range sel.taken {
				if err := TurnKeys(realLabels(dir), taken); err != nil {
					t.Fatal(err)
				}
			}
			if sel.ascii {
				TakeASCIITurns(convs, taken)
			}
			if len(sel.families) > 0 {
				TakeTurnsOutsideFamilies(convs, sel.families, taken)
			}
			selectN := func(n int) ([]Pick, error) {
				if sel.within != nil {
					return SelectWithin(convs, sel.seed, n, sel.prefix, keep, taken)
				}
				return SelectExcluding(convs, sel.seed, n, sel.prefix, skip)
			}
			picks, err := selectN(sel.n)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := selectN(sel.n + 1); sel.whole && err == nil {
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
				if sel.within != nil && (!keep[l.ConversationID] || taken[TurnKey{l.ConversationID, l.TurnIndex}]) {
					t.Errorf("label %s is outside the sets' conversations or a turn already labelled", l.ID)
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
	{"real-replies-dev4", 43, "rrd4", []string{"real-dev4"}},
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
