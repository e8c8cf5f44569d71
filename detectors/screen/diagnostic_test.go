package screen

import "testing"

// TestDiagnosticTurn checks the shapes of tool output the screen selects
// without a cue, and ordinary text with colons and numbers that it must not
// take for diagnostics.
func TestDiagnosticTurn(t *testing.T) {
	for _, tc := range []struct {
		turn string
		want bool
	}{
		{"./cmd/api/main.go:14:3: undefined: cfg", true},
		{"go vet ./...\n# example.com/x\n./x.go:7:2: self-assignment of n to n", true},
		{"src/app.ts(12,5): error TS2322: Type 'string' is not assignable to type 'number'.", true},
		{"  4:11  'total' is defined but never used  no-unused-vars", true},
		{"2024/05/01 10:00:00 [emerg] 123#0: unknown directive \"proxy_pas\" in /etc/nginx/sites-enabled/app:9", true},
		{"  File \"train.py\", line 41, in <module>", true},
		{"settings.yaml:3: mapping values are not allowed here\nrake: aborted", true},
		{"FAILED tests/test_api.py::test_login - assert 401 == 200", true},
		{"--- FAIL: TestParse (0.00s)", true},
		{"npm ERR! code ELIFECYCLE", true},
		{"the meeting is at 12:30, not 13:00", false},
		{"open http://example.com:8080/status and tell me what you see", false},
		{"read john 3:16 and write a short reflection", false},
		{"version 2.0:3 changes", false},
		{"main.go is too long, split it", false},
	} {
		if got := DiagnosticTurn(tc.turn); got != tc.want {
			t.Errorf("DiagnosticTurn(%q) = %v, want %v", tc.turn, got, tc.want)
		}
	}
}
