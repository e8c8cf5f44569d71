package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/revtrace/revtrace/internal/realgold"
)

// TestSelectThenMaterialise runs both commands on a small synthetic sample:
// select's picks, labelled as negatives, materialise into gold turns whose
// turn text and history come from the sample.
func TestSelectThenMaterialise(t *testing.T) {
	dir := t.TempDir()
	var buf bytes.Buffer
	zw, _ := zstd.NewWriter(&buf)
	zw.Write([]byte(`{"id":"c1","messages":[{"role":"user","content":"write a note"},{"role":"assistant","content":"Note."},{"role":"user","content":"shorter"}]}` + "\n"))
	zw.Write([]byte(`{"id":"c2","messages":[{"role":"user","content":"hi"},{"role":"assistant","content":"Hello!"},{"role":"user","content":"thanks"}]}` + "\n"))
	zw.Close()
	sample := filepath.Join(dir, "s.jsonl.zst")
	if err := os.WriteFile(sample, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	var out bytes.Buffer
	if err := run([]string{"select", "-n", "2", "-prefix", "x", sample}, &out); err != nil {
		t.Fatal(err)
	}
	var labels strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var l realgold.Label
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("select output %q: %v", line, err)
		}
		l.Language = "en"
		b, _ := json.Marshal(l)
		labels.Write(append(b, '\n'))
	}
	labelsPath := filepath.Join(dir, "labels.jsonl")
	os.WriteFile(labelsPath, []byte(labels.String()), 0o644)
	turnsPath := filepath.Join(dir, "turns.jsonl")
	if err := run([]string{"materialise", "-labels", labelsPath, "-out", turnsPath, sample}, &out); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(turnsPath)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var g realgold.GoldTurn
		if err := json.Unmarshal([]byte(line), &g); err != nil {
			t.Fatal(err)
		}
		if len(g.History) != 2 {
			t.Errorf("%s: history of %d messages, want 2", g.ID, len(g.History))
		}
		got[g.Turn] = string(g.ID)
	}
	if len(got) != 2 || got["shorter"] == "" || got["thanks"] == "" {
		t.Errorf("materialised turns %v", got)
	}

	for _, args := range [][]string{{}, {"frobnicate"}, {"select"}, {"materialise", sample}} {
		if err := run(args, &out); err == nil {
			t.Errorf("run(%q) did not fail", args)
		}
	}
}
