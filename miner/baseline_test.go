package miner_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/revtrace/revtrace/miner"
)

// runOpt mines args into a new directory with opt (Out and MaxErrors set).
func runOpt(t *testing.T, opt miner.Options, args ...string) (string, *miner.Result) {
	t.Helper()
	opt.Out, opt.MaxErrors = t.TempDir(), -1
	if opt.Workers == 0 {
		opt.Workers = 2
	}
	res, err := miner.Run(context.Background(), args, opt)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return opt.Out, res
}

func loadBaseline(t *testing.T, dir string) *miner.Baseline {
	t.Helper()
	b, err := miner.LoadBaseline(dir)
	if err != nil {
		t.Fatalf("LoadBaseline: %v", err)
	}
	return b
}

// eventTraces decodes events.jsonl: per line, the corpus and each trace's
// baseline flag.
func eventTraces(t *testing.T, path string) (corpora []string, marks [][]bool) {
	t.Helper()
	for _, l := range bytes.Split(bytes.TrimSpace(read(t, path)), []byte("\n")) {
		var ev struct {
			Corpus string `json:"corpus"`
			Traces []struct {
				Baseline *bool `json:"baseline"`
			} `json:"traces"`
		}
		if err := json.Unmarshal(l, &ev); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var m []bool
		for _, tr := range ev.Traces {
			if tr.Baseline != nil && !*tr.Baseline {
				t.Fatalf("%s: \"baseline\": false written", path)
			}
			m = append(m, tr.Baseline != nil)
		}
		corpora, marks = append(corpora, ev.Corpus), append(marks, m)
	}
	return corpora, marks
}

func TestBaseline(t *testing.T) {
	plain, plainRes := runOpt(t, miner.Options{}, fixtures)
	redacted, _ := runOpt(t, miner.Options{Redact: true}, fixtures)
	subset, subsetRes := runOpt(t, miner.Options{}, filepath.Join(fixtures, "wildchat"))
	total := plainRes.Summary.Total.TraceSentences
	sub := subsetRes.Summary.Total.TraceSentences
	if total == 0 || sub == 0 || sub == total {
		t.Fatalf("fixtures: %d traces, %d in wildchat: the test needs both", total, sub)
	}
	// Without --baseline nothing mentions a baseline.
	for _, f := range []string{"events.jsonl", "summary.json", miner.CheckpointFile} {
		if bytes.Contains(read(t, filepath.Join(plain, f)), []byte("baseline")) {
			t.Errorf("%s without --baseline mentions a baseline", f)
		}
	}
	tests := []struct {
		name     string
		baseline string
		redact   bool              // the current run
		known    func(string) bool // by corpus: are its traces in the baseline
		want     miner.BaselineSummary
	}{
		{"same run", plain, false, func(string) bool { return true },
			miner.BaselineSummary{Dir: plain, KnownTraces: total}},
		{"subset", subset, false, func(c string) bool { return c == "wildchat" },
			miner.BaselineSummary{Dir: subset, KnownTraces: sub, NewTraces: total - sub,
				NewTraceEvents: plainRes.Summary.Total.TraceFull - subsetRes.Summary.Total.TraceFull}},
		{"redacted baseline", redacted, false, func(string) bool { return true },
			miner.BaselineSummary{Dir: redacted, KnownTraces: total}},
		{"redacted run, plain baseline", plain, true, func(string) bool { return true },
			miner.BaselineSummary{Dir: plain, KnownTraces: total}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, res := runOpt(t, miner.Options{Baseline: loadBaseline(t, tc.baseline), Redact: tc.redact}, fixtures)
			if got := res.Summary.Baseline; got == nil || *got != tc.want {
				t.Fatalf("summary baseline %+v, want %+v", got, tc.want)
			}
			var s struct {
				Baseline *miner.BaselineSummary `json:"baseline"`
			}
			if err := json.Unmarshal(read(t, filepath.Join(out, "summary.json")), &s); err != nil || s.Baseline == nil || *s.Baseline != tc.want {
				t.Fatalf("summary.json baseline %+v (%v), want %+v", s.Baseline, err, tc.want)
			}
			corp, marks := eventTraces(t, filepath.Join(out, "events.jsonl"))
			for i := range corp {
				for _, m := range marks[i] {
					if m != tc.known(corp[i]) {
						t.Fatalf("event %d (%s): baseline mark %v", i+1, corp[i], m)
					}
				}
			}
			// Apart from the marks, events.jsonl is byte for byte the
			// run's without --baseline.
			ref := plain
			if tc.redact {
				ref = redacted
			}
			got := bytes.ReplaceAll(read(t, filepath.Join(out, "events.jsonl")), []byte(`,"baseline":true`), nil)
			if !bytes.Equal(got, read(t, filepath.Join(ref, "events.jsonl"))) {
				t.Errorf("events.jsonl without the marks differs from the run without --baseline")
			}
		})
	}
}

func TestBaselineErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := miner.LoadBaseline(dir); err == nil || !strings.Contains(err.Error(), "events.jsonl") {
		t.Errorf("missing events.jsonl: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "events.jsonl"), []byte("{\"corpus\":\"x\"}\nnot json\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := miner.LoadBaseline(dir); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("damaged events.jsonl: %v", err)
	}
}

// TestBaselineResume: the checkpoint's plan holds the baseline, so --resume
// refuses another baseline (or none) and a resumed finished run keeps the
// counts.
func TestBaselineResume(t *testing.T) {
	base, _ := runOpt(t, miner.Options{}, filepath.Join(fixtures, "wildchat"))
	b := loadBaseline(t, base)
	out, res := runOpt(t, miner.Options{Baseline: b}, fixtures)
	want := read(t, filepath.Join(out, "summary.json"))
	other, _ := runOpt(t, miner.Options{}, filepath.Join(fixtures, "messages"))
	for name, bl := range map[string]*miner.Baseline{"none": nil, "other": loadBaseline(t, other)} {
		_, err := miner.Run(context.Background(), []string{fixtures}, miner.Options{Out: out, Workers: 2, MaxErrors: -1, Resume: true, Baseline: bl})
		if !errors.Is(err, miner.ErrCheckpointMismatch) || !strings.Contains(err.Error(), "--baseline") {
			t.Errorf("resume with baseline %s: %v", name, err)
		}
	}
	r2, err := miner.Run(context.Background(), []string{fixtures}, miner.Options{Out: out, Workers: 2, MaxErrors: -1, Resume: true, Baseline: b})
	if err != nil || !r2.Resumed {
		t.Fatalf("resume: %v (resumed %v)", err, r2 != nil && r2.Resumed)
	}
	if *r2.Summary.Baseline != *res.Summary.Baseline || !bytes.Equal(read(t, filepath.Join(out, "summary.json")), want) {
		t.Errorf("resumed summary differs: %+v, want %+v", r2.Summary.Baseline, res.Summary.Baseline)
	}
}

// TestBaselineMerge: merged runs add their baseline counts; the shards of a
// run merge into the single run's summary.
func TestBaselineMerge(t *testing.T) {
	base, _ := runOpt(t, miner.Options{}, filepath.Join(fixtures, "wildchat"))
	b := loadBaseline(t, base)
	single, _ := runOpt(t, miner.Options{Baseline: b}, fixtures)
	var dirs []string
	for i := 1; i <= 3; i++ {
		d, _ := runOpt(t, miner.Options{Baseline: b, Shard: miner.Shard{Index: i, Count: 3}}, fixtures)
		dirs = append(dirs, d)
	}
	out := t.TempDir()
	if _, err := miner.Merge(out, dirs); err != nil {
		t.Fatalf("Merge: %v", err)
	}
	if !bytes.Equal(read(t, filepath.Join(out, "summary.json")), read(t, filepath.Join(single, "summary.json"))) {
		t.Errorf("merged shards' summary.json differs from the single run's")
	}
	// Disjoint runs against different baselines are not merged.
	a, _ := runOpt(t, miner.Options{Baseline: b}, filepath.Join(fixtures, "messages"))
	c, _ := runOpt(t, miner.Options{Baseline: loadBaseline(t, a)}, filepath.Join(fixtures, "wildchat"))
	if _, err := miner.Merge(t.TempDir(), []string{a, c}); err == nil || !strings.Contains(err.Error(), "--baseline") {
		t.Errorf("merge of different baselines: %v", err)
	}
}
