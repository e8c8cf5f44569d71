package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/revtrace/revtrace/miner"
)

var _ miner.ByteProgress = (*progress)(nil)

// TestProgressPlainLines: off a terminal, progress prints a plain line at
// most once per interval, with conversations, bytes read, share, rate and
// ETA, and never a bar or carriage return.
func TestProgressPlainLines(t *testing.T) {
	var buf bytes.Buffer
	p := newProgress(&buf)
	if p.bar != nil {
		t.Fatal("a bar on a writer that is not a terminal")
	}
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	p.now = func() time.Time { return clock }
	p.start, p.last = clock, clock
	steps := []struct {
		after       time.Duration
		read, total int64
		convs       int
		want        string // "" = no line
	}{
		{1 * time.Second, 10e6, 100e6, 1000, ""},
		{5 * time.Second, 25e6, 100e6, 5000, "revtrace: 5000 conversations (1000/s), 25.0 MB of 100.0 MB read (25%, 5.0 MB/s), ETA 15s"},
		{7 * time.Second, 40e6, 100e6, 7000, ""},
		{10 * time.Second, 50e6, 100e6, 10000, "revtrace: 10000 conversations (1000/s), 50.0 MB of 100.0 MB read (50%, 5.0 MB/s), ETA 10s"},
		{20 * time.Second, 100e6, 100e6, 20000, "revtrace: 20000 conversations (1000/s), 100.0 MB of 100.0 MB read (100%, 5.0 MB/s)"},
	}
	var want []string
	for _, st := range steps {
		clock = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Add(st.after)
		p.Bytes(st.read, st.total)
		p.Conversations(st.convs)
		if st.want != "" {
			want = append(want, st.want)
		}
	}
	p.Done()
	got := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if strings.ContainsRune(buf.String(), '\r') {
		t.Error("carriage return in plain progress output")
	}
}

// TestProgressWithoutSizes: with no known input size the line only counts
// conversations.
func TestProgressWithoutSizes(t *testing.T) {
	var buf bytes.Buffer
	p := newProgress(&buf)
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	p.start, p.last = start, start
	p.now = func() time.Time { return start.Add(6 * time.Second) }
	p.Conversations(600)
	if got, want := buf.String(), "revtrace: 600 conversations (100/s)\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestMineProgressOutput: --quiet prints nothing on stderr; without it
// (stderr not a terminal) only plain lines and the closing summary appear.
func TestMineProgressOutput(t *testing.T) {
	tests := []struct {
		name  string
		quiet bool
	}{{"quiet", true}, {"plain", false}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := []string{"mine", "--out", t.TempDir(), "../../testdata/fixtures/messages"}
			if tc.quiet {
				args = append(args[:1], append([]string{"--quiet"}, args[1:]...)...)
			}
			_, stderr, code := runCLI(t, "", args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if tc.quiet {
				if stderr != "" {
					t.Errorf("--quiet wrote to stderr: %q", stderr)
				}
				return
			}
			if !strings.Contains(stderr, "revtrace: ") || !strings.Contains(stderr, " conversations") || strings.ContainsRune(stderr, '\r') {
				t.Errorf("stderr %q: want plain lines ending in the run summary", stderr)
			}
		})
	}
}
