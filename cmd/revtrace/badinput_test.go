package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/revtrace/revtrace/internal/fixturegen"
)

// TestMineMaxErrorsExitStatus: `revtrace mine DIR` over damaged files lists
// every skipped record in errors.jsonl and in skipped_records and exits 0;
// with --max-errors N it exits 2 once more than N records were skipped,
// still writing the outputs (reports included), and 0 when exactly N were.
func TestMineMaxErrorsExitStatus(t *testing.T) {
	dir := t.TempDir()
	var pq bytes.Buffer
	if _, err := fixturegen.WriteWildChat(&pq, fixturegen.Generate(41, 30), fixturegen.WildChatOptions{}); err != nil {
		t.Fatal(err)
	}
	// Found by walking, a Parquet file without its footer is still reported.
	if err := os.WriteFile(filepath.Join(dir, "a-cut.parquet"), pq.Bytes()[:pq.Len()/2], 0o644); err != nil {
		t.Fatal(err)
	}
	var jl strings.Builder
	if _, err := fixturegen.WriteMessages(&jl, fixturegen.Generate(42, 20), fixturegen.MessagesOptions{}); err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(jl.String(), "\n")
	damaged := strings.Join(lines[:5], "") + "{\"messages\": [\n" + strings.Join(lines[5:12], "") + "not json\n" + strings.Join(lines[12:], "")
	if err := os.WriteFile(filepath.Join(dir, "b-logs.jsonl"), []byte(damaged), 0o644); err != nil {
		t.Fatal(err)
	}
	var sg bytes.Buffer
	if _, err := fixturegen.WriteShareGPT(&sg, fixturegen.Generate(43, 15), fixturegen.ShareGPTOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "c-clean.json"), sg.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	for _, tc := range []struct {
		flags []string
		code  int
	}{
		{nil, 0},
		{[]string{"--max-errors", "3"}, 0},
		{[]string{"--max-errors", "2"}, 2},
		{[]string{"--max-errors", "0"}, 2},
	} {
		out := t.TempDir()
		args := append(append([]string{"mine", "--quiet", "--workers", "2", "--out", out}, tc.flags...), dir)
		_, stderr, code := runCLI(t, "", args...)
		if code != tc.code {
			t.Errorf("mine %v: exit %d, want %d: %s", tc.flags, code, tc.code, stderr)
			continue
		}
		if code == 2 && !strings.Contains(stderr, "max-errors") {
			t.Errorf("mine %v: stderr does not say why it stopped: %q", tc.flags, stderr)
		}
		for _, f := range []string{"summary.json", "events.jsonl", "errors.jsonl", "report.md", "report.html", "tables/figure3a_funnel.csv"} {
			if _, err := os.Stat(filepath.Join(out, f)); err != nil {
				t.Errorf("mine %v: %s not written", tc.flags, f)
			}
		}
		b, _ := os.ReadFile(filepath.Join(out, "errors.jsonl"))
		recs := strings.Split(strings.TrimSpace(string(b)), "\n")
		var s struct {
			Corpora map[string]struct {
				Conversations  int `json:"conversations"`
				SkippedRecords int `json:"skipped_records"`
			} `json:"corpora"`
			Total struct {
				SkippedRecords int `json:"skipped_records"`
			} `json:"total"`
		}
		sb, _ := os.ReadFile(filepath.Join(out, "summary.json"))
		if err := json.Unmarshal(sb, &s); err != nil {
			t.Fatal(err)
		}
		if s.Total.SkippedRecords != len(recs) {
			t.Errorf("mine %v: skipped_records %d, errors.jsonl %d records", tc.flags, s.Total.SkippedRecords, len(recs))
		}
		if code == 0 {
			if len(recs) != 3 || s.Corpora["messages"].SkippedRecords != 2 || s.Corpora["messages"].Conversations != 20 ||
				s.Corpora["sharegpt"].Conversations != 15 {
				t.Errorf("mine %v: %d records (%q), counts %+v", tc.flags, len(recs), recs, s.Corpora)
			}
			for i, want := range []string{`a-cut.parquet","position":"row=0"`, `"position":"line=6"`, `"position":"line=14"`} {
				if i < len(recs) && !strings.Contains(recs[i], want) {
					t.Errorf("mine %v: record %d = %s, want %s", tc.flags, i, recs[i], want)
				}
			}
		}
	}
}
