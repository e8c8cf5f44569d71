package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestMineBaselineFailOnTrace: with --baseline, --fail-on-trace exits 4
// only for traces not in the baseline.
func TestMineBaselineFailOnTrace(t *testing.T) {
	const fixtures = "../../testdata/fixtures"
	full, sub, redacted := t.TempDir(), t.TempDir(), t.TempDir()
	for _, r := range []struct {
		dir  string
		args []string
	}{{full, []string{fixtures}}, {sub, []string{fixtures + "/wildchat"}}, {redacted, []string{"--redact", fixtures}}} {
		args := append([]string{"mine", "--quiet", "--out", r.dir}, r.args...)
		if _, stderr, code := runCLI(t, "", args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
	}
	tests := []struct {
		name     string
		baseline string
		want     int
	}{
		{"same run", full, 0},
		{"subset", sub, 4},
		{"redacted baseline", redacted, 0},
		{"missing", filepath.Join(t.TempDir(), "nothing"), 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := t.TempDir()
			_, stderr, code := runCLI(t, "", "mine", "--quiet", "--fail-on-trace", "--baseline", tc.baseline, "--out", out, fixtures)
			if code != tc.want {
				t.Fatalf("exit %d, want %d: %s", code, tc.want, stderr)
			}
			if tc.want == 1 {
				if !bytes.Contains([]byte(stderr), []byte("events.jsonl")) {
					t.Errorf("no clear error for a missing baseline: %q", stderr)
				}
				return
			}
			s, err := os.ReadFile(filepath.Join(out, "summary.json"))
			if err != nil || !bytes.Contains(s, []byte(`"baseline": {`)) {
				t.Errorf("summary.json has no baseline (%v)", err)
			}
		})
	}
}
