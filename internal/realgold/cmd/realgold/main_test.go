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

// TestReplyCommands runs the reply commands in their order on a small
// sample: select-replies from a revision label, sheet, locate from a quoted
// label, materialise-replies, and checks the gold reply that comes out.
func TestReplyCommands(t *testing.T) {
	dir := t.TempDir()
	var buf bytes.Buffer
	zw, _ := zstd.NewWriter(&buf)
	zw.Write([]byte(`{"id":"c1","messages":[{"role":"user","content":"write a note, mention Rosa"},{"role":"assistant","content":"Hi Sam, Rosa comes."},` +
		`{"role":"user","content":"leave Rosa out"},{"role":"assistant","content":"Here it is without Rosa:\n\nHi Sam, see you."}]}` + "\n"))
	zw.Close()
	sample := filepath.Join(dir, "s.jsonl.zst")
	os.WriteFile(sample, buf.Bytes(), 0o644)
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	labels := write("turns.jsonl", `{"id":"t-1","conversation_id":"c1","turn_index":2,"turn_sha256":"`+realgold.TurnSHA256("leave Rosa out")+
		`","is_revision":true,"revision_type":"withdraw","language":"en","item":"Rosa","note":""}`+"\n")
	picks, sheet, quoted, replyLabels, gold := filepath.Join(dir, "picks.jsonl"), filepath.Join(dir, "sheet.jsonl"),
		write("quoted.jsonl", `{"id":"rt-001","deliverable_type":"message","body_first":"Hi Sam,","body_last":"see you.","withdrawn_item":"Rosa",`+
			`"traces":[{"sentence":"Here it is without Rosa:","level":"identifying"}],"language":"en","note":"lead-in"}`+"\n"),
		filepath.Join(dir, "labels.jsonl"), filepath.Join(dir, "gold.jsonl")
	var out bytes.Buffer
	for _, args := range [][]string{
		{"select-replies", "-prefix", "rt", "-from", labels, "-out", picks, sample},
		{"sheet", "-picks", picks, "-out", sheet, sample},
		{"locate", "-picks", picks, "-quoted", quoted, "-out", replyLabels, sample},
		{"materialise-replies", "-labels", replyLabels, "-out", gold, sample},
	} {
		if err := run(args, &out); err != nil {
			t.Fatalf("%s: %v", args[0], err)
		}
	}
	data, err := os.ReadFile(gold)
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		Reply, Body string
		Traces      []struct{ Sentence, Position, Level string }
	}
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatal(err)
	}
	if g.Body != "Hi Sam, see you." || len(g.Traces) != 1 || g.Traces[0].Sentence != "Here it is without Rosa:" || g.Traces[0].Position != "preface" {
		t.Errorf("gold reply %+v", g)
	}
	if s, _ := os.ReadFile(sheet); !strings.Contains(string(s), `"previous":"Hi Sam, Rosa comes."`) {
		t.Errorf("sheet %s lacks the previous draft", s)
	}
	if l, _ := os.ReadFile(replyLabels); strings.Contains(string(l), "without Rosa") {
		t.Errorf("the reply labels hold reply text: %s", l)
	}
	for _, args := range [][]string{{"select-replies", sample}, {"sheet", sample}, {"locate", "-picks", picks, sample}, {"materialise-replies", sample}} {
		if err := run(args, &out); err == nil {
			t.Errorf("run(%q) did not fail", args)
		}
	}
}
