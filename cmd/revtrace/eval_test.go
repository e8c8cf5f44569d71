package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const (
	evalReplies = "../../eval/testdata/replies.jsonl"
	evalTurns   = "../../eval/testdata/turns.jsonl"
)

func TestEvalCLIText(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		want    []string
		notWant []string
	}{
		{"both", []string{"eval", "--replies", evalReplies, "--turns", evalTurns},
			[]string{"== reply analysis", "aliases not given", "trace, full reply", "splitter: gold part under predicted body", "== revision check", "is revision", "macro-F1"},
			[]string{"Errors ("}},
		{"replies with aliases and errors", []string{"eval", "--replies", evalReplies, "--aliases", "--errors", "--label", "dev"},
			[]string{"# dev", "aliases given", "Errors ("},
			[]string{"== revision check"}},
		{"turns only", []string{"eval", "--turns", evalTurns, "--errors"},
			[]string{"Turns: 10", "screen recall over gold revisions", "Errors (0)"},
			[]string{"== reply analysis"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, stderr, code := runCLI(t, "", tc.args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			for _, w := range tc.notWant {
				if strings.Contains(out, w) {
					t.Errorf("output has %q:\n%s", w, out)
				}
			}
		})
	}
}

func TestEvalCLIJSON(t *testing.T) {
	for _, errs := range []bool{false, true} {
		args := []string{"eval", "--replies", evalReplies, "--turns", evalTurns, "--json"}
		if errs {
			args = append(args, "--errors")
		}
		out, stderr, code := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var m struct {
			Aliases  bool              `json:"aliases"`
			Versions map[string]string `json:"versions"`
			Replies  map[string]any    `json:"replies"`
			Turns    map[string]any    `json:"turns"`
		}
		if err := json.Unmarshal([]byte(out), &m); err != nil {
			t.Fatal(err)
		}
		if m.Replies == nil || m.Turns == nil || m.Versions["scanner"] == "" || m.Versions["revision"] == "" {
			t.Fatalf("incomplete JSON: %s", out)
		}
		if m.Replies["replies"] != float64(10) || m.Turns["turns"] != float64(10) {
			t.Errorf("counts %v %v", m.Replies["replies"], m.Turns["turns"])
		}
		tf := m.Replies["trace_full"].(map[string]any)
		for _, k := range []string{"precision", "recall", "f1", "kappa", "tp", "fp", "fn", "tn"} {
			if _, ok := tf[k]; !ok {
				t.Errorf("trace_full lacks %q", k)
			}
		}
		if _, ok := m.Replies["errors"]; ok != errs {
			t.Errorf("--errors %v but errors present %v", errs, ok)
		}
	}
}

func TestEvalCLIFailures(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(bad, []byte(`{"id":"a","reply":"x","trace":true,"traces":[{"sentence":"y"}]}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"missing file", []string{"eval", "--replies", filepath.Join(dir, "absent.jsonl")}, "no such file"},
		{"invalid gold", []string{"eval", "--replies", bad}, "line 1"},
		{"positional argument", []string{"eval", "x.jsonl"}, "unexpected argument"},
		{"unknown flag", []string{"eval", "--nope"}, "flag provided but not defined"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, stderr, code := runCLI(t, "", tc.args...)
			if code != 1 || !strings.Contains(stderr, tc.want) {
				t.Fatalf("exit %d, stderr %q; want 1 and %q", code, stderr, tc.want)
			}
		})
	}
}
