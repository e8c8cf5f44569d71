package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/revtrace/revtrace/internal/fixturegen"
)

// TestMain lets a test run the revtrace command itself in a subprocess
// (the test binary, re-executed with REVTRACE_TEST_MAIN=1), so that it can
// be killed with SIGKILL like a real run.
func TestMain(m *testing.M) {
	if os.Getenv("REVTRACE_TEST_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// revtraceCmd is the revtrace command as a subprocess.
func revtraceCmd(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "REVTRACE_TEST_MAIN=1")
	return cmd
}

// writeCorpus writes a generated corpus of n conversations per format into
// dir and returns the PATH arguments for mine: a WildChat Parquet file with
// row groups of 100 rows, a plain messages JSONL file (with a few broken
// lines) and a zstd-compressed one, a ShareChat CSV (with an ambiguous
// conversation), DevGPT snapshots (with an older, overlapping one) and a
// path that does not exist.
func writeCorpus(t testing.TB, dir string, n int) []string {
	t.Helper()
	write := func(name string, fn func(f *os.File) error) string {
		path := filepath.Join(dir, name)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := fn(f); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		return path
	}
	wc := write("train-00000-of-00001.parquet", func(f *os.File) error {
		_, err := fixturegen.WriteWildChat(f, fixturegen.Generate(31, n), fixturegen.WildChatOptions{RowGroupRows: 100})
		return err
	})
	plain := write("logs.jsonl", func(f *os.File) error {
		var sb strings.Builder
		if _, err := fixturegen.WriteMessages(&sb, fixturegen.Generate(32, n), fixturegen.MessagesOptions{}); err != nil {
			return err
		}
		for i, l := range strings.SplitAfter(sb.String(), "\n") {
			if i%997 == 500 {
				f.WriteString(`{"messages": [{"role": "user", "content": "cut` + "\n")
			}
			f.WriteString(l)
		}
		return nil
	})
	zst := write("more.jsonl.zst", func(f *os.File) error {
		cw, err := fixturegen.Compress(f, "zst")
		if err != nil {
			return err
		}
		if _, err := fixturegen.WriteMessages(cw, fixturegen.Generate(33, n), fixturegen.MessagesOptions{}); err != nil {
			return err
		}
		return cw.Close()
	})
	sc := write("chatgpt_results_final_language_filtered.csv", func(f *os.File) error {
		_, err := fixturegen.WriteShareChat(f, fixturegen.Generate(34, n/4), fixturegen.ShareChatOptions{Ambiguous: true})
		return err
	})
	dev := filepath.Join(dir, "devgpt")
	if _, err := fixturegen.WriteDevGPT(dev, fixturegen.Generate(35, n/4), fixturegen.DevGPTOptions{OlderSnapshot: true}); err != nil {
		t.Fatal(err)
	}
	return []string{wc, plain, zst, sc, dev, filepath.Join(dir, "missing.jsonl")}
}

// readCheckpoint returns the progress recorded in dir's checkpoint: the
// reader and unit of the next position, and whether the run is done.
func readCheckpoint(dir string) (reader int, unit int64, convs int, done, ok bool) {
	b, err := os.ReadFile(filepath.Join(dir, "checkpoint.json"))
	if err != nil {
		return 0, 0, 0, false, false
	}
	var cp struct {
		Done bool `json:"done"`
		Next struct {
			Reader int   `json:"reader"`
			Unit   int64 `json:"unit"`
		} `json:"next"`
		Conversations int `json:"conversations"`
	}
	if json.Unmarshal(b, &cp) != nil {
		return 0, 0, 0, false, false
	}
	return cp.Next.Reader, cp.Next.Unit, cp.Conversations, cp.Done, true
}

// killWhen starts cmd and kills it with SIGKILL as soon as the checkpoint
// in dir satisfies cond. It reports whether it killed the run (false: the
// run ended first).
func killWhen(t *testing.T, cmd *exec.Cmd, dir string, cond func(reader int, unit int64, convs int) bool) bool {
	t.Helper()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case err := <-exited:
			t.Logf("the run ended before it could be killed (%v): %s", err, stderr.String())
			return false
		case <-tick.C:
			r, u, c, done, ok := readCheckpoint(dir)
			if ok && !done && cond(r, u, c) {
				if err := cmd.Process.Kill(); err != nil {
					t.Fatal(err)
				}
				err := <-exited
				if ee, isExit := err.(*exec.ExitError); !isExit || ee.Success() {
					t.Logf("the run ended on its own before SIGKILL: %v", err)
					return false
				}
				t.Logf("killed at checkpoint reader %d unit %d (%d conversations)", r, u, c)
				return true
			}
		}
	}
}

// compareOutputs fails unless dirs a and b hold the same outputs.
func compareOutputs(t *testing.T, a, b string) {
	t.Helper()
	for _, f := range []string{"summary.json", "events.jsonl", "errors.jsonl", "cases.jsonl", "report.md", "tables/figure3a_funnel.csv"} {
		x, err := os.ReadFile(filepath.Join(a, f))
		if err != nil {
			t.Fatal(err)
		}
		y, err := os.ReadFile(filepath.Join(b, f))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(x, y) {
			t.Errorf("%s differs: %d bytes uninterrupted, %d bytes after kill -9 and --resume", f, len(x), len(y))
		}
	}
}

// TestKillAndResume runs mine as a subprocess on a generated corpus, kills
// it with SIGKILL mid-run (twice: in the Parquet file, then in the resumed
// run once it is inside the plain JSON Lines file), finishes it with
// --resume and compares every output with an uninterrupted run, byte for
// byte.
func TestKillAndResume(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("needs SIGKILL")
	}
	n := 2500
	if raceEnabled {
		// The race detector slows the subprocess down several times; 350
		// still makes 4 row groups and 2 JSON Lines units per file.
		n = 350
	}
	dir := t.TempDir()
	paths := writeCorpus(t, dir, n)
	full, out := filepath.Join(dir, "full"), filepath.Join(dir, "out")
	flags := []string{"mine", "--quiet", "--workers", "2", "--checkpoint-every", "10ms"}

	start := time.Now()
	cmd := revtraceCmd(t, append(append(flags, "--out", full), paths...)...)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("uninterrupted run: %v\n%s", err, b)
	}
	t.Logf("uninterrupted run: %s", time.Since(start).Round(time.Millisecond))

	// Readers: 0 Parquet, 1 plain JSONL, 2 zstd JSONL, 3 ShareChat, 4 DevGPT.
	args := append(append(flags, "--out", out), paths...)
	if !killWhen(t, revtraceCmd(t, args...), out, func(r int, u int64, _ int) bool { return r == 0 && u >= 2 || r > 0 }) {
		t.Fatal("the first run could not be killed mid-run")
	}
	resume := append([]string{args[0], "--resume"}, args[1:]...)
	if !killWhen(t, revtraceCmd(t, resume...), out, func(r int, u int64, _ int) bool { return r == 1 && u >= 1 || r > 1 }) {
		t.Log("the resumed run ended before the second kill")
	}
	if !killWhen(t, revtraceCmd(t, resume...), out, func(r int, u int64, _ int) bool { return r >= 3 }) {
		t.Log("the resumed run ended before the third kill")
	}
	cmd = revtraceCmd(t, resume...)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("--resume: %v\n%s", err, b)
	}
	compareOutputs(t, full, out)

	// --resume of a finished run changes nothing.
	cmd = revtraceCmd(t, resume...)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("--resume of a finished run: %v\n%s", err, b)
	}
	compareOutputs(t, full, out)
}

// TestResumeRefusesOtherArguments: --resume with other flags or PATHs than
// the checkpoint's is a usage error that names the difference, and leaves
// the outputs alone.
func TestResumeRefusesOtherArguments(t *testing.T) {
	out := t.TempDir()
	fixtures := "../../testdata/fixtures"
	if _, stderr, code := runCLI(t, "", "mine", "--quiet", "--out", out, fixtures); code != 0 {
		t.Fatalf("mine: exit %d: %s", code, stderr)
	}
	before, _ := os.ReadFile(filepath.Join(out, "events.jsonl"))
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--redact", fixtures}, "--redact"},
		{[]string{"--shard", "1/2", fixtures}, "--shard"},
		{[]string{"--format", "wildchat", fixtures}, "--format"},
		{[]string{"--max-errors", "3", fixtures}, "--max-errors"},
		{[]string{fixtures + "/wildchat"}, "PATH arguments"},
	} {
		args := append([]string{"mine", "--quiet", "--resume", "--out", out}, tc.args...)
		_, stderr, code := runCLI(t, "", args...)
		if code != 1 || !strings.Contains(stderr, "different run") || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 1 naming %s", tc.args, code, stderr, tc.want)
		}
	}
	after, _ := os.ReadFile(filepath.Join(out, "events.jsonl"))
	if !bytes.Equal(before, after) {
		t.Errorf("a refused --resume changed events.jsonl")
	}
	// The same arguments (another worker count is fine) resume.
	if _, stderr, code := runCLI(t, "", "mine", "--quiet", "--resume", "--workers", "1", "--out", out, fixtures); code != 0 {
		t.Errorf("--resume with the same arguments: exit %d: %s", code, stderr)
	}
	// --resume without a checkpoint starts from the beginning.
	fresh := t.TempDir()
	if _, stderr, code := runCLI(t, "", "mine", "--quiet", "--resume", "--out", fresh, fixtures); code != 0 {
		t.Fatalf("--resume without a checkpoint: exit %d: %s", code, stderr)
	}
	compareOutputs(t, out, fresh)
}

// TestShardUsage: --shard takes I/N with 1 <= I <= N.
func TestShardUsage(t *testing.T) {
	for _, bad := range []string{"0/3", "4/3", "3", "a/b", "1/0", "-1/2", "1/2/3"} {
		_, stderr, code := runCLI(t, "", "mine", "--quiet", "--shard", bad, "--out", t.TempDir(), "../../testdata/fixtures/wildchat")
		if code != 1 || !strings.Contains(stderr, "--shard") {
			t.Errorf("--shard %s: exit %d, stderr %q; want a usage error", bad, code, stderr)
		}
	}
}
