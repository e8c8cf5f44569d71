package miner_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/revtrace/revtrace/internal/fixturegen"
	"github.com/revtrace/revtrace/miner"
)

// damagedJSONL writes n generated conversations as JSON Lines with a
// broken line after every 23rd record, so that problems are spread over
// many batches; it returns the path and the 1-based numbers of the broken
// lines.
func damagedJSONL(t *testing.T, n int) (string, []int) {
	t.Helper()
	var sb strings.Builder
	if _, err := fixturegen.WriteMessages(&sb, fixturegen.Generate(21, n), fixturegen.MessagesOptions{}); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	var broken []int
	line := 0
	for i, l := range strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n") {
		line++
		out.WriteString(l + "\n")
		if i%23 == 11 {
			line++
			broken = append(broken, line)
			out.WriteString(`{"messages": [{"role": "user", "content": "cut` + "\n")
		}
	}
	path := filepath.Join(t.TempDir(), "logs.jsonl")
	if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, broken
}

// errorLines returns the line numbers of errors.jsonl's positions.
func errorLines(t *testing.T, dir string) []int {
	t.Helper()
	var got []int
	for _, l := range strings.Split(strings.TrimSpace(string(read(t, filepath.Join(dir, "errors.jsonl")))), "\n") {
		if l == "" {
			continue
		}
		var rec struct{ Position string }
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatal(err)
		}
		n, err := strconv.Atoi(strings.TrimPrefix(rec.Position, "line="))
		if err != nil {
			t.Fatalf("position %q", rec.Position)
		}
		got = append(got, n)
	}
	return got
}

// eventLines returns the line numbers of the events' sources.
func eventLines(t *testing.T, dir string) []int {
	t.Helper()
	var got []int
	sc := bufio.NewScanner(bytes.NewReader(read(t, filepath.Join(dir, "events.jsonl"))))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var ev struct{ Source string }
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			t.Fatal(err)
		}
		n, err := strconv.Atoi(ev.Source[strings.LastIndex(ev.Source, "#line=")+len("#line="):])
		if err != nil {
			t.Fatalf("source %q", ev.Source)
		}
		got = append(got, n)
	}
	return got
}

// TestDeferredDecodingInOrder: JSON Lines decoded by the workers, across
// many batches with problems between them, give the same outputs for any
// number of workers, with problems and events in file order.
func TestDeferredDecodingInOrder(t *testing.T) {
	path, broken := damagedJSONL(t, 300)
	var first string
	for _, workers := range []int{1, 3} {
		out, res := mine(t, workers, path)
		if got := errorLines(t, out); fmtInts(got) != fmtInts(broken) {
			t.Errorf("workers=%d: error lines %v, want %v", workers, got, broken)
		}
		if res.Summary.Total.Conversations != 300 || res.Errors != len(broken) {
			t.Errorf("workers=%d: %d conversations, %d errors; want 300, %d", workers, res.Summary.Total.Conversations, res.Errors, len(broken))
		}
		ev := eventLines(t, out)
		for i := 1; i < len(ev); i++ {
			if ev[i] < ev[i-1] {
				t.Fatalf("workers=%d: events out of file order: line %d after line %d", workers, ev[i], ev[i-1])
			}
		}
		all := string(read(t, filepath.Join(out, "events.jsonl"))) + string(read(t, filepath.Join(out, "summary.json")))
		if first == "" {
			first = all
		} else if all != first {
			t.Errorf("workers=%d: outputs differ from workers=1", workers)
		}
	}
}

func fmtInts(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, " ")
}

// TestMaxErrorsStopsInOrder: the run stops at the problem that exceeds
// --max-errors, wherever the batches and workers are: exactly that many
// error records plus one, and no event from a line after it.
func TestMaxErrorsStopsInOrder(t *testing.T) {
	path, broken := damagedJSONL(t, 300)
	const maxErrors = 3
	for _, workers := range []int{1, 2, 4} {
		out := t.TempDir()
		_, err := miner.Run(context.Background(), []string{path}, miner.Options{Out: out, Workers: workers, MaxErrors: maxErrors})
		if !errors.Is(err, miner.ErrTooManyErrors) {
			t.Fatalf("workers=%d: err %v, want ErrTooManyErrors", workers, err)
		}
		if got := errorLines(t, out); fmtInts(got) != fmtInts(broken[:maxErrors+1]) {
			t.Errorf("workers=%d: error lines %v, want %v", workers, got, broken[:maxErrors+1])
		}
		ev := eventLines(t, out)
		if len(ev) == 0 {
			t.Fatalf("workers=%d: no events before the stop", workers)
		}
		if last := ev[len(ev)-1]; last > broken[maxErrors] {
			t.Errorf("workers=%d: event from line %d after the stop at line %d", workers, last, broken[maxErrors])
		}
	}
}

// byteProgress records what a run reports.
type byteProgress struct {
	reads       []int64
	total       int64
	convs, done int
	bytesFirst  bool
}

func (p *byteProgress) Bytes(read, total int64) {
	p.reads = append(p.reads, read)
	p.total = total
	p.bytesFirst = true
}
func (p *byteProgress) Conversations(n int) { p.convs = n }
func (p *byteProgress) Done()               { p.done++ }

// TestByteProgress: a ByteProgress hears a non-decreasing count of bytes
// read that ends at the size of all inputs, for every format.
func TestByteProgress(t *testing.T) {
	var total int64
	err := filepath.WalkDir(fixtures, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), ".") {
			return err
		}
		st, err := d.Info()
		if err == nil {
			total += st.Size()
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	p := &byteProgress{}
	res, err := miner.Run(context.Background(), []string{fixtures}, miner.Options{Out: t.TempDir(), Workers: 2, MaxErrors: -1, Progress: p})
	if err != nil {
		t.Fatal(err)
	}
	if p.done != 1 || p.convs != res.Summary.Total.Conversations || !p.bytesFirst {
		t.Errorf("done %d times, %d conversations reported of %d", p.done, p.convs, res.Summary.Total.Conversations)
	}
	if p.total != total || len(p.reads) == 0 || p.reads[len(p.reads)-1] != total {
		t.Errorf("total %d, reads %v; want the inputs' %d bytes at the end", p.total, p.reads, total)
	}
	for i := 1; i < len(p.reads); i++ {
		if p.reads[i] < p.reads[i-1] {
			t.Errorf("bytes read went down: %v", p.reads)
		}
	}
}
