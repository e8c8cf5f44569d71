package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
