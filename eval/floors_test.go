package eval

import (
	"os"
	"testing"
)

// The project's gold sets, relative to this package.
const (
	devReplies     = "../testdata/gold/replies.jsonl"
	devTurns       = "../testdata/gold/turns.jsonl"
	heldoutReplies = "../testdata/gold/heldout/replies.jsonl"
	heldoutTurns   = "../testdata/gold/heldout/turns.jsonl"
	dev2Turns      = "../testdata/gold/turns2.jsonl"
	dev3Turns      = "../testdata/gold/turns3.jsonl"
	heldout2Turns  = "../testdata/gold/heldout2/turns.jsonl"
	heldout3Turns  = "../testdata/gold/heldout3/turns.jsonl"
	heldout4Turns  = "../testdata/gold/heldout4/turns.jsonl"
	heldout5Turns  = "../testdata/gold/heldout5/turns.jsonl"
	heldout6Turns  = "../testdata/gold/heldout6/turns.jsonl"
	freshReplies   = "../testdata/gold/fresh/replies.jsonl"
	fresh2Replies  = "../testdata/gold/fresh2/replies.jsonl"
)

// floor is a lower bound on one headline measure.
type floor[R any] struct {
	name  string
	get   func(R) float64
	floor float64
}

// replyFloors and turnFloors keep the headline measures of `make eval`
// (deliverable level, no aliases given) from regressing. Each floor sits a
// little under the value measured when it was set (about 0.03 under on the
// dev sets, 0.05 on the smaller held-out set); raise them when the
// detectors improve. The blind sets (fresh, fresh2) were scored once before
// any tuning on them (their READMEs record that measurement); since then they
// serve as further dev sets and are held here too.
//
// Reply floors measured 2026-12-01 with `make eval` (scanner
// trace-rules-v2+sentences-v1+levels-v4, split-v2, deliverable-v2; unchanged on these
// sets by trace-rules-v3 and deliverable-v3 except body Jaccard, which rose):
//
//	dev replies (220):      trace P 1.000 R 0.990 κ 0.991; sentences P 1.000 R 0.991;
//	                        splitter part 1.000; part agreement 1.000; body Jaccard 0.998;
//	                        deliverable type 0.991; level accuracy 0.990
//	held-out replies (80):  trace P 1.000 R 0.921 κ 0.925; sentences R 0.929;
//	                        splitter part 1.000; body Jaccard 0.959; type 0.988; level 0.765
//	fresh replies (99):     trace P 0.979 R 1.000; splitter part 0.981; type 0.980; level 0.978
//	fresh2 replies (110):   trace P 1.000 R 1.000; splitter part 0.953; type 0.964; level 0.981
var replyFloors = map[string][]floor[ReplyReport]{
	devReplies: {
		{"trace precision", func(r ReplyReport) float64 { return r.Trace.Precision }, 0.97},
		{"trace recall", func(r ReplyReport) float64 { return r.Trace.Recall }, 0.96},
		{"trace kappa", func(r ReplyReport) float64 { return r.Trace.Kappa }, 0.95},
		{"sentence precision", func(r ReplyReport) float64 { return r.SentencePrecision.Value }, 0.97},
		{"sentence recall", func(r ReplyReport) float64 { return r.SentenceRecall.Value }, 0.96},
		{"splitter part", func(r ReplyReport) float64 { return r.SplitterPart.Value }, 0.97},
		{"part agreement", func(r ReplyReport) float64 { return r.PartAgreement.Value }, 0.97},
		{"body Jaccard", func(r ReplyReport) float64 { return r.BodyJaccard.Value }, 0.96},
		{"deliverable type accuracy", func(r ReplyReport) float64 { return r.DeliverableType.Value }, 0.96},
		{"level accuracy", func(r ReplyReport) float64 { return r.LevelAccuracy.Value }, 0.95},
	},
	heldoutReplies: {
		{"trace precision", func(r ReplyReport) float64 { return r.Trace.Precision }, 0.95},
		{"trace recall", func(r ReplyReport) float64 { return r.Trace.Recall }, 0.87},
		{"trace kappa", func(r ReplyReport) float64 { return r.Trace.Kappa }, 0.87},
		{"sentence recall", func(r ReplyReport) float64 { return r.SentenceRecall.Value }, 0.88},
		{"splitter part", func(r ReplyReport) float64 { return r.SplitterPart.Value }, 0.95},
		{"body Jaccard", func(r ReplyReport) float64 { return r.BodyJaccard.Value }, 0.91},
		{"deliverable type accuracy", func(r ReplyReport) float64 { return r.DeliverableType.Value }, 0.93},
		{"level accuracy", func(r ReplyReport) float64 { return r.LevelAccuracy.Value }, 0.71},
	},
	freshReplies: {
		{"trace precision", func(r ReplyReport) float64 { return r.Trace.Precision }, 0.94},
		{"trace recall", func(r ReplyReport) float64 { return r.Trace.Recall }, 0.95},
		{"splitter part", func(r ReplyReport) float64 { return r.SplitterPart.Value }, 0.94},
		{"deliverable type accuracy", func(r ReplyReport) float64 { return r.DeliverableType.Value }, 0.94},
		{"level accuracy", func(r ReplyReport) float64 { return r.LevelAccuracy.Value }, 0.93},
	},
	fresh2Replies: {
		{"trace precision", func(r ReplyReport) float64 { return r.Trace.Precision }, 0.95},
		{"trace recall", func(r ReplyReport) float64 { return r.Trace.Recall }, 0.95},
		{"splitter part", func(r ReplyReport) float64 { return r.SplitterPart.Value }, 0.91},
		{"deliverable type accuracy", func(r ReplyReport) float64 { return r.DeliverableType.Value }, 0.92},
		{"level accuracy", func(r ReplyReport) float64 { return r.LevelAccuracy.Value }, 0.93},
	},
}

// Turn floors measured 2026-12-02 with revision-rules-9 / screen-8 (the first
// six sets and heldout5 unchanged from revision-rules-8 / screen-7)
// (`revtrace eval --turns FILE`):
//
//	dev turns (240):        P 1.000 R 0.987 κ 0.982; screen 1.000; type 1.000; macro-F1 0.996
//	dev turns2 (188):       P 1.000 R 1.000 κ 1.000; screen 1.000; type 0.991; macro-F1 0.986
//	dev turns3 (225):       P 0.981 R 1.000 κ 0.988; screen 1.000; type 1.000; macro-F1 0.995
//	                        (blind score before tuning: P 0.860 R 0.811, macro-F1 0.711; see TURNS.md)
//	heldout turns (80):     P 1.000 R 1.000 κ 1.000; screen 1.000; type 1.000; macro-F1 1.000
//	                        (retired held-out set, a dev set since revision-rules-4; its last
//	                        held-out score, revision-rules-3: P 1.000 R 0.796 κ 0.751, type 0.897,
//	                        macro-F1 0.858; see TURNS.md)
//	heldout2 turns (246):   P 0.981 R 0.981 κ 0.976; screen 1.000; type 1.000; macro-F1 0.989
//	                        (second retired held-out set, a dev set since revision-rules-5: its
//	                        errors were read and generalised from; its only held-out score,
//	                        revision-rules-4 / screen-4: P 0.731 R 0.717 κ 0.649, screen 1.000,
//	                        type 0.868, macro-F1 0.752; see TURNS.md)
//	heldout3 turns (260):   P 1.000 R 1.000 κ 1.000; screen 1.000; type 1.000; macro-F1 1.000
//	                        (third retired held-out set, a dev set since revision-rules-6: its
//	                        errors were read and generalised from; its only held-out score,
//	                        revision-rules-5 / screen-5: P 0.804 R 0.607 κ 0.614, screen 0.951,
//	                        type 0.865, macro-F1 0.610; see TURNS.md)
//	heldout4 turns (259):   P 0.968 R 1.000 κ 0.979; screen 1.000; type 1.000; macro-F1 0.991
//	                        (fourth retired held-out set, a dev set since revision-rules-7: its
//	                        errors were read and generalised from; its only held-out score,
//	                        revision-rules-6 / screen-6: P 0.849 R 0.738 κ 0.730, screen 0.984,
//	                        type 0.733, macro-F1 0.624; revision-rules-7: P 0.923, macro-F1 0.974;
//	                        revision-rules-8: R 0.984, screen 0.984, macro-F1 0.986; see TURNS.md)
//	heldout5 turns (259):   P 1.000 R 1.000 κ 1.000; screen 1.000; type 1.000; macro-F1 1.000
//	                        (fifth retired held-out set, a dev set since revision-rules-8: its
//	                        errors were read and generalised from; its only held-out score,
//	                        revision-rules-7 / screen-6: P 0.839 R 0.770 κ 0.746, screen 0.984,
//	                        type 0.787, macro-F1 0.650; see TURNS.md)
//	heldout6 turns (320):   P 0.988 R 1.000 κ 0.992; screen 1.000; type 0.988; macro-F1 0.995
//	                        (sixth retired held-out set, a dev set since revision-rules-9: its
//	                        errors were read and generalised from; its only held-out score,
//	                        revision-rules-8 / screen-7: P 0.821 R 0.790 κ 0.741, screen 0.988,
//	                        type 0.859, macro-F1 0.691; see TURNS.md)
//
// All nine sets are tuned on, so their figures are in-sample. The held-out
// set of the revision-rules-9 round (testdata/gold/heldout7/) is scored
// outside this test, once, by someone other than the tuner, and is
// deliberately not held here (nor is heldout8, kept for a later round).
var turnFloors = map[string][]floor[TurnReport]{
	devTurns: {
		{"is_revision precision", func(r TurnReport) float64 { return r.IsRevision.Precision }, 0.97},
		{"is_revision recall", func(r TurnReport) float64 { return r.IsRevision.Recall }, 0.95},
		{"is_revision kappa", func(r TurnReport) float64 { return r.IsRevision.Kappa }, 0.95},
		{"screen recall", func(r TurnReport) float64 { return r.CandidateRecall.Value }, 0.98},
		{"type accuracy", func(r TurnReport) float64 { return r.TypeAccuracy.Value }, 0.97},
		{"macro-F1", func(r TurnReport) float64 { return r.MacroF1 }, 0.96},
	},
	dev2Turns: {
		{"is_revision precision", func(r TurnReport) float64 { return r.IsRevision.Precision }, 0.97},
		{"is_revision recall", func(r TurnReport) float64 { return r.IsRevision.Recall }, 0.97},
		{"is_revision kappa", func(r TurnReport) float64 { return r.IsRevision.Kappa }, 0.96},
		{"screen recall", func(r TurnReport) float64 { return r.CandidateRecall.Value }, 0.98},
		{"type accuracy", func(r TurnReport) float64 { return r.TypeAccuracy.Value }, 0.96},
		{"macro-F1", func(r TurnReport) float64 { return r.MacroF1 }, 0.95},
	},
	dev3Turns: {
		{"is_revision precision", func(r TurnReport) float64 { return r.IsRevision.Precision }, 0.95},
		{"is_revision recall", func(r TurnReport) float64 { return r.IsRevision.Recall }, 0.97},
		{"is_revision kappa", func(r TurnReport) float64 { return r.IsRevision.Kappa }, 0.95},
		{"screen recall", func(r TurnReport) float64 { return r.CandidateRecall.Value }, 0.98},
		{"type accuracy", func(r TurnReport) float64 { return r.TypeAccuracy.Value }, 0.97},
		{"macro-F1", func(r TurnReport) float64 { return r.MacroF1 }, 0.96},
	},
	heldoutTurns: {
		{"is_revision precision", func(r TurnReport) float64 { return r.IsRevision.Precision }, 0.97},
		{"is_revision recall", func(r TurnReport) float64 { return r.IsRevision.Recall }, 0.97},
		{"is_revision kappa", func(r TurnReport) float64 { return r.IsRevision.Kappa }, 0.95},
		{"screen recall", func(r TurnReport) float64 { return r.CandidateRecall.Value }, 0.98},
		{"type accuracy", func(r TurnReport) float64 { return r.TypeAccuracy.Value }, 0.97},
		{"macro-F1", func(r TurnReport) float64 { return r.MacroF1 }, 0.96},
	},
	heldout2Turns: {
		{"is_revision precision", func(r TurnReport) float64 { return r.IsRevision.Precision }, 0.95},
		{"is_revision recall", func(r TurnReport) float64 { return r.IsRevision.Recall }, 0.95},
		{"is_revision kappa", func(r TurnReport) float64 { return r.IsRevision.Kappa }, 0.94},
		{"screen recall", func(r TurnReport) float64 { return r.CandidateRecall.Value }, 0.98},
		{"type accuracy", func(r TurnReport) float64 { return r.TypeAccuracy.Value }, 0.97},
		{"macro-F1", func(r TurnReport) float64 { return r.MacroF1 }, 0.96},
	},
	heldout3Turns: {
		{"is_revision precision", func(r TurnReport) float64 { return r.IsRevision.Precision }, 0.97},
		{"is_revision recall", func(r TurnReport) float64 { return r.IsRevision.Recall }, 0.97},
		{"is_revision kappa", func(r TurnReport) float64 { return r.IsRevision.Kappa }, 0.96},
		{"screen recall", func(r TurnReport) float64 { return r.CandidateRecall.Value }, 0.98},
		{"type accuracy", func(r TurnReport) float64 { return r.TypeAccuracy.Value }, 0.97},
		{"macro-F1", func(r TurnReport) float64 { return r.MacroF1 }, 0.96},
	},
	heldout4Turns: {
		{"is_revision precision", func(r TurnReport) float64 { return r.IsRevision.Precision }, 0.90},
		{"is_revision recall", func(r TurnReport) float64 { return r.IsRevision.Recall }, 0.95},
		{"is_revision kappa", func(r TurnReport) float64 { return r.IsRevision.Kappa }, 0.91},
		{"screen recall", func(r TurnReport) float64 { return r.CandidateRecall.Value }, 0.97},
		{"type accuracy", func(r TurnReport) float64 { return r.TypeAccuracy.Value }, 0.97},
		{"macro-F1", func(r TurnReport) float64 { return r.MacroF1 }, 0.95},
	},
	heldout5Turns: {
		{"is_revision precision", func(r TurnReport) float64 { return r.IsRevision.Precision }, 0.97},
		{"is_revision recall", func(r TurnReport) float64 { return r.IsRevision.Recall }, 0.97},
		{"is_revision kappa", func(r TurnReport) float64 { return r.IsRevision.Kappa }, 0.96},
		{"screen recall", func(r TurnReport) float64 { return r.CandidateRecall.Value }, 0.98},
		{"type accuracy", func(r TurnReport) float64 { return r.TypeAccuracy.Value }, 0.97},
		{"macro-F1", func(r TurnReport) float64 { return r.MacroF1 }, 0.96},
	},
	heldout6Turns: {
		{"is_revision precision", func(r TurnReport) float64 { return r.IsRevision.Precision }, 0.97},
		{"is_revision recall", func(r TurnReport) float64 { return r.IsRevision.Recall }, 0.97},
		{"is_revision kappa", func(r TurnReport) float64 { return r.IsRevision.Kappa }, 0.96},
		{"screen recall", func(r TurnReport) float64 { return r.CandidateRecall.Value }, 0.98},
		{"type accuracy", func(r TurnReport) float64 { return r.TypeAccuracy.Value }, 0.97},
		{"macro-F1", func(r TurnReport) float64 { return r.MacroF1 }, 0.96},
	},
}

// TestReplyFloors scores the reply analysis on the project's gold replies.
func TestReplyFloors(t *testing.T) {
	for _, path := range []string{devReplies, heldoutReplies, freshReplies, fresh2Replies} {
		t.Run(path, func(t *testing.T) {
			if _, err := os.Stat(path); err != nil {
				t.Skipf("gold file %s absent (%v): nothing to check", path, err)
			}
			gold, err := LoadReplies(path)
			if err != nil {
				t.Fatal(err)
			}
			r := EvalReplies(gold, Analyser(false))
			t.Logf("%d replies: trace P %.3f R %.3f κ %.3f; sentences P %.3f R %.3f; part %.3f position %.3f splitter %.3f; body Jaccard %.3f; type %.3f; level %.3f",
				r.Replies, r.Trace.Precision, r.Trace.Recall, r.Trace.Kappa, r.SentencePrecision.Value, r.SentenceRecall.Value,
				r.PartAgreement.Value, r.PositionAgreement.Value, r.SplitterPart.Value, r.BodyJaccard.Value, r.DeliverableType.Value, r.LevelAccuracy.Value)
			for _, f := range replyFloors[path] {
				if got := f.get(r); got < f.floor {
					t.Errorf("%s = %.3f, below its floor %.3f", f.name, got, f.floor)
				}
			}
		})
	}
}

// TestTurnFloors scores the revision check on the project's gold turns.
func TestTurnFloors(t *testing.T) {
	for _, path := range []string{devTurns, dev2Turns, dev3Turns, heldoutTurns, heldout2Turns, heldout3Turns, heldout4Turns, heldout5Turns, heldout6Turns} {
		t.Run(path, func(t *testing.T) {
			if _, err := os.Stat(path); err != nil {
				t.Skipf("gold file %s absent (%v): nothing to check", path, err)
			}
			gold, err := LoadTurns(path)
			if err != nil {
				t.Fatal(err)
			}
			r := EvalTurns(gold, Checker(nil))
			t.Logf("%d turns: is_revision P %.3f R %.3f κ %.3f; screen recall %.3f; type accuracy %.3f; macro-F1 %.3f",
				r.Turns, r.IsRevision.Precision, r.IsRevision.Recall, r.IsRevision.Kappa, r.CandidateRecall.Value, r.TypeAccuracy.Value, r.MacroF1)
			for _, f := range turnFloors[path] {
				if got := f.get(r); got < f.floor {
					t.Errorf("%s = %.3f, below its floor %.3f", f.name, got, f.floor)
				}
			}
		})
	}
}
