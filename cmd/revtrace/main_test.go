package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runCLI(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

func lines(t *testing.T, s string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		if l == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("output line %q: %v", l, err)
		}
		out = append(out, m)
	}
	return out
}

func TestScanJSONLContract(t *testing.T) {
	replies := []map[string]any{
		{"id": "a", "reply": "Sure! I removed the password 'hunter2' as requested. Here's the config:\n\n```yaml\ndb:\n  user: app\n```\n"},
		{"id": 7, "reply": "Here is the summary:\n\n# Q3 report\n\nRevenue grew 5%.\n\nLet me know if you need changes.", "aliases": []string{"salary"}},
		{"id": "c", "reply": "Subject: Visit\n\nHi Ana,\n\nSee you Thursday.\n\nBest,\nSam", "request": "remove the part about Bob", "previous": "Subject: Visit\n\nHi Ana,\n\nBob is coming too. See you Thursday.\n\nBest,\nSam"},
	}
	var in bytes.Buffer
	for _, r := range replies {
		b, _ := json.Marshal(r)
		in.Write(append(b, '\n'))
	}
	in.WriteString("\n") // blank lines are skipped
	out, stderr, code := runCLI(t, in.String(), "scan", "--jsonl", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got := lines(t, out)
	if len(got) != len(replies) {
		t.Fatalf("%d output lines for %d input lines", len(got), len(replies))
	}
	for i, o := range got {
		for _, k := range []string{"id", "trace", "traces", "body", "deliverable_type"} {
			if _, ok := o[k]; !ok {
				t.Errorf("line %d: missing %q in %v", i, k, o)
			}
		}
		if o["id"] != replies[i]["id"] && !(i == 1 && o["id"] == float64(7)) {
			t.Errorf("line %d: id %v, want %v", i, o["id"], replies[i]["id"])
		}
		reply := replies[i]["reply"].(string)
		traces, _ := o["traces"].([]any)
		if (len(traces) > 0) != o["trace"].(bool) {
			t.Errorf("line %d: trace=%v but %d traces", i, o["trace"], len(traces))
		}
		for _, tr := range traces {
			m := tr.(map[string]any)
			start, end := int(m["start"].(float64)), int(m["end"].(float64))
			if m["sentence"] != reply[start:end] {
				t.Errorf("line %d: sentence %q != reply[%d:%d] %q", i, m["sentence"], start, end, reply[start:end])
			}
			for _, k := range []string{"position", "level", "detector"} {
				if s, _ := m[k].(string); s == "" {
					t.Errorf("line %d: trace without %s: %v", i, k, m)
				}
			}
		}
		if b, ok := o["body"].(map[string]any); ok {
			s, e := int(b["start"].(float64)), int(b["end"].(float64))
			if s < 0 || e > len(reply) || s > e {
				t.Errorf("line %d: body %d-%d outside reply of %d bytes", i, s, e, len(reply))
			}
		}
		switch o["deliverable_type"] {
		case "message", "document", "code", "none":
		default:
			t.Errorf("line %d: deliverable_type %v", i, o["deliverable_type"])
		}
	}
	if !got[0]["trace"].(bool) {
		t.Errorf("the first reply states a removal: %v", got[0])
	}
}

func TestClassifyJSONLContract(t *testing.T) {
	in := []map[string]any{
		{"id": "first", "history": []any{}, "turn": "remove the duplicates from this list: a, b, a"},
		{"id": "rev", "history": []map[string]string{{"role": "user", "content": "Write an email to Ana."}, {"role": "assistant", "content": "Hi Ana, Bob is coming too."}}, "turn": "remove the part about Bob"},
		{"id": "thanks", "history": []map[string]string{{"role": "user", "content": "Write an email to Ana."}, {"role": "assistant", "content": "Hi Ana."}}, "turn": "thanks!"},
	}
	var buf bytes.Buffer
	for _, r := range in {
		b, _ := json.Marshal(r)
		buf.Write(append(b, '\n'))
	}
	out, stderr, code := runCLI(t, buf.String(), "classify", "--jsonl", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got := lines(t, out)
	if len(got) != len(in) {
		t.Fatalf("%d lines out for %d in", len(got), len(in))
	}
	for i, o := range got {
		for _, k := range []string{"id", "candidate", "keyword", "family", "is_revision", "revision_type"} {
			if _, ok := o[k]; !ok {
				t.Errorf("line %d: missing %q: %v", i, k, o)
			}
		}
		if o["candidate"] == false && o["is_revision"] == true {
			t.Errorf("line %d: a non-candidate judged a revision: %v", i, o)
		}
		if o["is_revision"] == false && o["revision_type"] != nil {
			t.Errorf("line %d: revision_type %v on a non-revision", i, o["revision_type"])
		}
	}
	if got[0]["candidate"] != false {
		t.Errorf("a turn with no earlier assistant message is never a candidate: %v", got[0])
	}
	if got[1]["is_revision"] != true || got[1]["revision_type"] != "withdraw" {
		t.Errorf("'remove the part about Bob' after a draft: %v", got[1])
	}
	if got[2]["is_revision"] != false {
		t.Errorf("'thanks!' is not a revision: %v", got[2])
	}
	if _, ok := got[1]["notes"]; ok {
		t.Errorf("notes without --explain: %v", got[1])
	}
	// --explain adds the reasons and keeps the verdicts.
	out, stderr, code = runCLI(t, buf.String(), "classify", "--jsonl", "--explain", "-")
	if code != 0 {
		t.Fatalf("--explain: exit %d: %s", code, stderr)
	}
	ex := lines(t, out)
	for i := range got {
		for _, k := range []string{"candidate", "is_revision", "revision_type", "item"} {
			if fmt.Sprint(ex[i][k]) != fmt.Sprint(got[i][k]) {
				t.Errorf("line %d: --explain changed %s: %v, without %v", i, k, ex[i][k], got[i][k])
			}
		}
		notes, _ := ex[i]["notes"].([]any)
		if len(notes) == 0 {
			t.Errorf("line %d: --explain gave no notes: %v", i, ex[i])
		}
	}
}

func TestMineCLI(t *testing.T) {
	out := t.TempDir()
	_, stderr, code := runCLI(t, "", "mine", "--quiet", "--out", out, "../../testdata/fixtures")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, f := range []string{"events.jsonl", "summary.json", "report.md", "report.html", "cases.jsonl", "errors.jsonl",
		"tables/figure3a_funnel.csv", "tables/figure3b_revision_type.csv", "tables/figure3c_deliverable.csv", "tables/figure3d_positions.csv"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("missing output %s", f)
		}
	}
	md, _ := os.ReadFile(filepath.Join(out, "report.md"))
	for _, name := range []string{"wildchat", "sharechat", "devgpt", "messages", "All corpora", "study"} {
		if !bytes.Contains(md, []byte(name)) {
			t.Errorf("report.md does not mention %q", name)
		}
	}
	// report re-renders identically from summary.json.
	before, _ := os.ReadFile(filepath.Join(out, "report.html"))
	if _, stderr, code := runCLI(t, "", "report", out); code != 0 {
		t.Fatalf("report: exit %d: %s", code, stderr)
	}
	after, _ := os.ReadFile(filepath.Join(out, "report.html"))
	if !bytes.Equal(before, after) {
		t.Errorf("revtrace report does not reproduce report.html")
	}
	// --fail-on-trace gives status 4 on the fixtures, which hold traces.
	if _, _, code := runCLI(t, "", "mine", "--quiet", "--fail-on-trace", "--out", t.TempDir(), "../../testdata/fixtures"); code != 4 {
		t.Errorf("--fail-on-trace: exit %d, want 4", code)
	}
}

func TestUsageErrors(t *testing.T) {
	if _, _, code := runCLI(t, ""); code != 1 {
		t.Errorf("no command: exit %d", code)
	}
	if _, _, code := runCLI(t, "", "frobnicate"); code != 1 {
		t.Errorf("unknown command: exit %d", code)
	}
	if _, _, code := runCLI(t, "", "mine", "--out", t.TempDir()); code != 1 {
		t.Errorf("mine without PATH: exit %d", code)
	}
	if _, _, code := runCLI(t, "", "classify"); code != 1 {
		t.Errorf("classify without --jsonl: exit %d", code)
	}
}

func TestMergeCLI(t *testing.T) {
	a, b, out := t.TempDir(), t.TempDir(), t.TempDir()
	for dir, src := range map[string]string{a: "../../testdata/fixtures/wildchat", b: "../../testdata/fixtures/messages"} {
		if _, stderr, code := runCLI(t, "", "mine", "--quiet", "--out", dir, src); code != 0 {
			t.Fatalf("mine %s: exit %d: %s", src, code, stderr)
		}
	}
	if _, stderr, code := runCLI(t, "", "merge", out, a, b); code != 0 {
		t.Fatalf("merge: exit %d: %s", code, stderr)
	}
	for _, f := range []string{"summary.json", "events.jsonl", "report.md", "tables/figure3a_funnel.csv"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("merge did not write %s", f)
		}
	}
	if _, _, code := runCLI(t, "", "merge", out); code != 1 {
		t.Errorf("merge without DIR: exit %d, want 1", code)
	}
}
