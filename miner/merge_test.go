package miner_test

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/revtrace/revtrace/miner"
)

// TestMergeEqualsSingleRun: runs over disjoint parts of the inputs, merged,
// give a summary.json byte-identical to one run over everything.
func TestMergeEqualsSingleRun(t *testing.T) {
	all, _ := mine(t, 2, fixtures)
	a, _ := mine(t, 2, filepath.Join(fixtures, "chatgpt-export"), filepath.Join(fixtures, "claude-export"), filepath.Join(fixtures, "devgpt"),
		filepath.Join(fixtures, "lmsys"), filepath.Join(fixtures, "messages"), filepath.Join(fixtures, "sharegpt"))
	b, _ := mine(t, 1, filepath.Join(fixtures, "sharechat"), filepath.Join(fixtures, "wildchat"), filepath.Join(fixtures, "no-such-file.jsonl"))
	c, _ := mine(t, 1, filepath.Join(fixtures, "no-such-file.jsonl"))
	out := t.TempDir()
	if _, err := miner.Merge(out, []string{a, b}); err != nil {
		t.Fatal(err)
	}
	got := read(t, filepath.Join(out, "summary.json"))
	// Shard b named a missing file (an unattributed skipped record); the
	// single run names it too.
	allPlus, _ := mine(t, 2, fixtures, filepath.Join(fixtures, "no-such-file.jsonl"))
	want := read(t, filepath.Join(allPlus, "summary.json"))
	if !bytes.Equal(got, want) {
		t.Errorf("merged summary differs from a single run:\nmerged:\n%s\nsingle:\n%s", got, want)
	}
	if n := bytes.Count(read(t, filepath.Join(out, "events.jsonl")), []byte("\n")); n != bytes.Count(read(t, filepath.Join(all, "events.jsonl")), []byte("\n")) {
		t.Errorf("merged events.jsonl has %d lines", n)
	}
	if _, err := miner.Merge(t.TempDir(), []string{c, t.TempDir()}); err == nil {
		t.Errorf("merging a directory without summary.json should fail")
	}
}
