package miner_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/revtrace/revtrace/miner"
)

// truncInput writes a messages JSONL file whose conversation 2 (line 2)
// ends with a reply padded by pad bytes of two-byte runes after the trace
// note; line 1 is a small conversation without padding.
func truncInput(t *testing.T, pad int) (path, reply string) {
	t.Helper()
	mk := func(id int, tail string) string {
		conv := map[string]any{"id": id, "messages": []map[string]string{
			{"role": "user", "content": "Write a short email to my landlord about the broken heater. Mention Dr. Evelyn Marsh."},
			{"role": "assistant", "content": "Subject: Broken heater\n\nDear landlord,\n\nThe heater is broken. Reference: Dr. Evelyn Marsh.\n\nBest,\nSam"},
			{"role": "user", "content": "Please remove Dr. Evelyn Marsh from the email."},
			{"role": "assistant", "content": "Sure — I removed Dr. Evelyn Marsh as requested. Here's the email:\n\nSubject: Broken heater\n\nDear landlord,\n\nThe heater is broken.\n\nBest,\nSam" + tail},
		}}
		b, _ := json.Marshal(conv)
		return string(b)
	}
	tail := ""
	if pad > 0 {
		tail = "\n\nx" + strings.Repeat("é", pad/2)
	}
	path = filepath.Join(t.TempDir(), "big.jsonl")
	if err := os.WriteFile(path, []byte(mk(1, "")+"\n"+mk(2, tail)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, "Sure — I removed Dr. Evelyn Marsh as requested. Here's the email:\n\nSubject: Broken heater\n\nDear landlord,\n\nThe heater is broken.\n\nBest,\nSam" + tail
}

func runTrunc(t *testing.T, path string, workers, max int) (string, *miner.Result) {
	t.Helper()
	out := t.TempDir()
	res, err := miner.Run(context.Background(), []string{path},
		miner.Options{Out: out, Workers: workers, MaxErrors: 0, MaxMessageBytes: max})
	if err != nil {
		t.Fatalf("Run (--max-errors 0 must not stop on truncation): %v", err)
	}
	return out, res
}

type errLine struct {
	File     string `json:"file"`
	Position string `json:"position"`
	Reason   string `json:"reason"`
	Records  int    `json:"records"`
}

func checkTruncated(t *testing.T, out, path, reply string, max int) {
	t.Helper()
	errs := strings.Split(strings.TrimSpace(string(read(t, filepath.Join(out, "errors.jsonl")))), "\n")
	var recs []errLine
	for _, l := range errs {
		var e errLine
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("errors.jsonl line %q: %v", l, err)
		}
		recs = append(recs, e)
	}
	if len(recs) != 1 {
		t.Fatalf("errors.jsonl: %d records, want 1: %v", len(recs), errs)
	}
	e := recs[0]
	if e.File != path || e.Position != "line=2" || e.Records != 0 || !strings.HasPrefix(e.Reason, "truncated: message 3 has ") {
		t.Errorf("truncated record = %+v", e)
	}
	kept := reply[:max]
	for !utf8.ValidString(kept) {
		kept = kept[:len(kept)-1]
	}
	if !strings.HasSuffix(e.Reason, "kept "+itoa(len(kept))) || !strings.Contains(e.Reason, " "+itoa(len(reply))+" bytes") {
		t.Errorf("reason %q, want original %d and kept %d", e.Reason, len(reply), len(kept))
	}
	f, err := os.Open(filepath.Join(out, "events.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 64<<20)
	found := false
	for sc.Scan() {
		var ev miner.Event
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			t.Fatal(err)
		}
		if ev.Source != path+"#line=2" {
			continue
		}
		found = true
		if ev.Body != nil && (ev.Body.End > len(kept) || ev.Body.Start > ev.Body.End) {
			t.Errorf("body %+v outside the kept text (%d bytes)", ev.Body, len(kept))
		}
		for _, tr := range ev.Traces {
			if tr.End > len(kept) || kept[tr.Start:tr.End] != tr.Sentence {
				t.Errorf("trace %+v does not refer to the kept text", tr)
			}
		}
		if len(ev.Traces) == 0 {
			t.Errorf("no trace in the truncated reply: %+v", ev)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if !found {
		t.Errorf("no event for line=2")
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestMaxMessageBytesBig: a 10 MB message is cut to the default 8 MiB at a
// rune boundary, listed in errors.jsonl, counted in truncated_messages and
// not in skipped_records; --max-errors 0 does not stop the run.
func TestMaxMessageBytesBig(t *testing.T) {
	const max = 8 << 20
	path, reply := truncInput(t, 10_000_000)
	out, res := runTrunc(t, path, 2, max)
	checkTruncated(t, out, path, reply, max)
	c := res.Summary.Total
	if c.TruncatedMessages != 1 || c.SkippedRecords != 0 || res.Errors != 0 {
		t.Errorf("truncated_messages %d, skipped_records %d, errors %d; want 1, 0, 0", c.TruncatedMessages, c.SkippedRecords, res.Errors)
	}
}

// TestMaxMessageBytesSmall: a small limit cuts only the padded reply (the
// other conversation fits), mid-rune or on a boundary; outputs do not
// depend on --workers; without long messages nothing changes.
func TestMaxMessageBytesSmall(t *testing.T) {
	path, reply := truncInput(t, 400)
	max := len(reply) - 201 // cuts inside the padding, mid-rune for one of the two parities
	out1, res := runTrunc(t, path, 1, max)
	checkTruncated(t, out1, path, reply, max)
	if res.Summary.Corpora["messages"].TruncatedMessages != 1 || res.Summary.Total.SkippedRecords != 0 {
		t.Errorf("counts: %+v", res.Summary.Total)
	}
	if !bytes.Contains(read(t, filepath.Join(out1, "summary.json")), []byte(`"truncated_messages": 1`)) {
		t.Errorf("summary.json has no truncated_messages")
	}
	out4, _ := runTrunc(t, path, 4, max)
	for _, f := range []string{"events.jsonl", "summary.json", "errors.jsonl", "cases.jsonl"} {
		if !bytes.Equal(read(t, filepath.Join(out1, f)), read(t, filepath.Join(out4, f))) {
			t.Errorf("%s differs between --workers 1 and --workers 4", f)
		}
	}
	// One byte short of a rune boundary as well.
	out, _ := runTrunc(t, path, 1, max+1)
	checkTruncated(t, out, path, reply, max+1)

	// Nothing over the limit: byte-identical to no limit, no truncated_messages.
	small, _ := truncInput(t, 0)
	a, _ := runTrunc(t, small, 2, 0)
	b, _ := runTrunc(t, small, 2, 8<<20)
	for _, f := range []string{"events.jsonl", "summary.json", "errors.jsonl", "cases.jsonl"} {
		if !bytes.Equal(read(t, filepath.Join(a, f)), read(t, filepath.Join(b, f))) {
			t.Errorf("%s differs with a limit no message reaches", f)
		}
	}
	if bytes.Contains(read(t, filepath.Join(b, "summary.json")), []byte("truncated_messages")) {
		t.Errorf("truncated_messages written when 0")
	}
}

// TestGoldenSummaryWithDefaultLimit: the committed fixtures with the CLI's
// default limit give the golden summary unchanged.
func TestGoldenSummaryWithDefaultLimit(t *testing.T) {
	out := t.TempDir()
	if _, err := miner.Run(context.Background(), []string{fixtures},
		miner.Options{Out: out, Workers: 2, MaxErrors: -1, MaxMessageBytes: 8 << 20}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(read(t, filepath.Join(out, "summary.json")), read(t, filepath.Join("testdata", "golden", "summary.json"))) {
		t.Errorf("summary.json differs from the golden summary with --max-message-bytes 8MiB")
	}
}
