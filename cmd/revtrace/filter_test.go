package main

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestFilterCLI(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "reply.txt")
	reply := "Subject: Visit\r\n\r\nHi Ana,\r\n\r\nSee you Thursday at 10 AM.\r\n\r\nBest,\r\nSam\r\n\r\nI removed Bob's phone number as requested."
	if err := os.WriteFile(file, []byte(reply), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		stdin      string
		args       []string
		wantCode   int
		wantOut    string
		wantStderr string
	}{
		{"stdin, trace deleted with its line", "Kept.\nI removed X.\nAlso kept.", []string{"filter"}, 0, "Kept.\nAlso kept.", ""},
		{"dash is stdin", "Kept.\n- I removed the password.\n- Other.", []string{"filter", "-"}, 0, "Kept.\n- Other.", ""},
		{"file, CRLF bytes kept", "", []string{"filter", file}, 0, strings.TrimSuffix(reply, "I removed Bob's phone number as requested."), ""},
		{"no trace: unchanged bytes, no newline added", "Hello\n\n", []string{"filter"}, 0, "Hello\n\n", ""},
		{"protected text lost: withheld", "Hi.\nI removed the code, see you at 10 AM.", []string{"filter", "--protect", "10 AM"}, 3, "", "withheld: required content was removed: 10 AM"},
		{"several --protect", "Hi.\nI removed the code, see you at 10 AM.", []string{"filter", "--protect", "Hi.", "--protect", "10 AM"}, 3, "", "10 AM"},
		{"protect flag after the file", "", []string{"filter", file, "--protect", "Thursday"}, 0, strings.TrimSuffix(reply, "I removed Bob's phone number as requested."), ""},
		{"nothing left: withheld", "I removed X.", []string{"filter"}, 3, "", "filtered to empty"},
		{"blank input: withheld", "  \n", []string{"filter", "--quiet"}, 3, "", ""},
		{"aliases", "Public information.\n_Removed:_ Private Event", []string{"filter", "--aliases", "Private Event"}, 0, "Public information.\n", ""},
		{"bad flag", "", []string{"filter", "--nope"}, 1, "", "flag provided but not defined"},
		{"missing file", "", []string{"filter", filepath.Join(dir, "absent")}, 1, "", "no such file"},
		{"two files", "", []string{"filter", file, file}, 1, "", "one FILE"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, stderr, code := runCLI(t, tc.stdin, tc.args...)
			if code != tc.wantCode || out != tc.wantOut || !strings.Contains(stderr, tc.wantStderr) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want %d, %q, stderr with %q", code, out, stderr, tc.wantCode, tc.wantOut, tc.wantStderr)
			}
		})
	}
}

func TestFilterCLIJSON(t *testing.T) {
	for _, tc := range []struct {
		stdin, status string
		code          int
	}{
		{"Kept.\nI removed X.\n", "delivered", 0},
		{"I removed X.", "withheld", 3},
	} {
		out, stderr, code := runCLI(t, tc.stdin, "filter", "--json", "--quiet")
		if code != tc.code {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var m struct {
			Status    string `json:"status"`
			Delivered string `json:"delivered"`
			Removed   []struct{ Start, End int }
			Traces    []map[string]any
		}
		if err := json.Unmarshal([]byte(out), &m); err != nil {
			t.Fatalf("%q: %v", out, err)
		}
		if m.Status != tc.status || len(m.Traces) != 1 || len(m.Removed) != 1 {
			t.Errorf("%q: %+v", tc.stdin, m)
		}
		if tc.status == "delivered" && m.Delivered != "Kept.\n" {
			t.Errorf("delivered %q", m.Delivered)
		}
	}
}

func TestFilterCLIJSONL(t *testing.T) {
	in := strings.Join([]string{
		`{"id":1,"reply":"Kept.\nI removed the password hunter2 as requested.\nAlso kept."}`,
		`not json`,
		``,
		`{"id":"b","reply":"Hi.\nI removed the code, see you at 10 AM.","protect":["10 AM"]}`,
		`{"id":3}`,
		`{"id":4,"reply":"Nothing here."}`,
		`{"reply":"Public information.\n_Removed:_ Private Event","aliases":["Private Event"]}`,
	}, "\n")
	out, stderr, code := runCLI(t, in, "filter", "--jsonl", "--protect", "Also kept.")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got := lines(t, out)
	want := []struct {
		id        any
		status    string
		delivered string
		traces    int
		err       string
	}{
		{1.0, "delivered", "Kept.\nAlso kept.", 1, ""},
		{nil, "error", "", 0, "line 2: invalid character"},
		{"b", "withheld", "", 1, ""},
		{3.0, "error", "", 0, `line 5: missing "reply"`},
		{4.0, "delivered", "Nothing here.", 0, ""},
		{nil, "delivered", "Public information.\n", 1, ""},
	}
	if len(got) != len(want) {
		t.Fatalf("%d result lines, want %d:\n%s", len(got), len(want), out)
	}
	for i, w := range want {
		g := got[i]
		errText, _ := g["error"].(string)
		if g["id"] != w.id || g["status"] != w.status || g["delivered"] != w.delivered || len(g["traces"].([]any)) != w.traces || !strings.HasPrefix(errText, w.err) || (w.err == "") != (errText == "") {
			t.Errorf("line %d: %v, want %+v", i+1, g, w)
		}
	}
	if c := got[2]["conflicts"].([]any); len(c) != 1 || c[0] != "10 AM" {
		t.Errorf("conflicts of the withheld line: %v", c)
	}
	for _, w := range []string{"-:2: invalid character", `-:5: missing "reply"`, "3 delivered, 1 withheld, 2 bad lines"} {
		if !strings.Contains(stderr, w) {
			t.Errorf("stderr %q lacks %q", stderr, w)
		}
	}
}

func TestFilterCLIRedact(t *testing.T) {
	in := `{"id":1,"reply":"Hi.\nI removed the code, see you at 10 AM.","protect":["10 AM"]}` + "\n" +
		`{"id":2,"reply":"I removed the password hunter2."}` + "\n"
	out, stderr, code := runCLI(t, in, "filter", "--jsonl", "--redact")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if strings.Contains(out, "10 AM") || strings.Contains(out, "hunter2") {
		t.Fatalf("redacted output quotes the conversation:\n%s", out)
	}
	got := lines(t, out)
	if r := got[0]["reason"].(string); !strings.HasPrefix(r, "required content was removed: [REDACTED:") {
		t.Errorf("reason %q", r)
	}
	if r := got[1]["reason"].(string); r != "filtered to empty" {
		t.Errorf("reason %q: a reason naming no protected string stays", r)
	}
	// --json --redact on one reply
	out, _, code = runCLI(t, "I removed the password hunter2.\nKept.", "filter", "--json", "--redact")
	if code != 0 || strings.Contains(out, "hunter2") || !strings.Contains(out, "[REDACTED:") {
		t.Errorf("exit %d, %s", code, out)
	}
}

// TestFilterCLIJSONLStreams checks that each result is written before the
// next line is read, so that a long-running filter can serve a caller that
// sends one reply and waits for its answer.
func TestFilterCLIJSONLStreams(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int)
	go func() {
		done <- run([]string{"filter", "--jsonl"}, inR, outW, io.Discard)
		outW.Close()
	}()
	results := bufio.NewReader(outR)
	for i, reply := range []string{"Kept.\nI removed X.", "Nothing to remove."} {
		b, _ := json.Marshal(map[string]any{"id": i, "reply": reply})
		if _, err := inW.Write(append(b, '\n')); err != nil {
			t.Fatal(err)
		}
		got := make(chan string, 1)
		go func() {
			line, _ := results.ReadString('\n') // blocks until the result is out
			got <- line
		}()
		var line string
		select {
		case line = <-got:
		case <-time.After(20 * time.Second):
			t.Fatalf("reply %d: no result while the input stays open (buffered output?)", i)
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil || m["id"] != float64(i) || m["status"] != "delivered" {
			t.Fatalf("reply %d: %q (%v)", i, line, err)
		}
	}
	inW.Close()
	if code := <-done; code != 0 {
		t.Fatalf("exit %d", code)
	}
}
