package miner_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/revtrace/revtrace/internal/fixturegen"
	"github.com/revtrace/revtrace/miner"
	"github.com/revtrace/revtrace/reports"
)

var update = flag.Bool("update", false, "rewrite golden files")

const fixtures = "../testdata/fixtures"

func mine(t *testing.T, workers int, args ...string) (string, *miner.Result) {
	t.Helper()
	out := t.TempDir()
	res, err := miner.Run(context.Background(), args, miner.Options{Out: out, Workers: workers, MaxErrors: -1})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return out, res
}

func read(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestGoldenSummary pins summary.json for the committed fixtures. Run with
// -update after a deliberate detector change and review the diff.
func TestGoldenSummary(t *testing.T) {
	out, _ := mine(t, 2, fixtures)
	got := read(t, filepath.Join(out, "summary.json"))
	golden := filepath.Join("testdata", "golden", "summary.json")
	if *update {
		if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := read(t, golden)
	if !bytes.Equal(got, want) {
		t.Errorf("summary.json differs from %s (run go test ./miner -run TestGoldenSummary -update and review the diff)\ngot:\n%s", golden, got)
	}
	var s miner.Summary
	if err := json.Unmarshal(got, &s); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"wildchat", "sharechat", "devgpt", "messages"} {
		c := s.Corpora[name]
		if c == nil || c.Conversations == 0 || c.RevisionEvents == 0 {
			t.Errorf("corpus %s: no conversations or no revision events: %+v", name, c)
		}
	}
	if s.Total.TraceFull == 0 || s.Total.TraceBody == 0 {
		t.Errorf("fixtures should hold traces in the full reply and in the body: %+v", s.Total)
	}
}

// TestWorkersDeterministic: the same input twice, and with --workers 1, 2
// and 4, gives byte-identical outputs (events, errors, summary, cases, the
// reports and their tables). The input mixes every format (the fixtures:
// WildChat, ShareChat, DevGPT, messages .zst, ShareGPT, LMSYS, the ChatGPT
// export ZIP and the Claude export) with damaged files, so that errors.jsonl
// has records from several readers, interleaved with conversations.
func TestWorkersDeterministic(t *testing.T) {
	damaged := t.TempDir()
	pq := parquetFile(t, fixturegen.WildChatRelease48M, 40, 20)
	writeBytes(t, filepath.Join(damaged, "cut.parquet"), pq[:len(pq)/2])
	writeBytes(t, filepath.Join(damaged, "page.parquet"), corruptContentPage(t, parquetFile(t, fixturegen.WildChatRelease48M, 45, 15), 1))
	var jl strings.Builder
	if _, err := fixturegen.WriteMessages(&jl, fixturegen.Generate(31, 150), fixturegen.MessagesOptions{}); err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(jl.String(), "\n")
	for _, i := range []int{140, 77, 3} { // broken lines spread over several batches
		lines = slices.Insert(lines, i, `{"messages": [{"role": "user", "content": "cut`+"\n")
	}
	writeBytes(t, filepath.Join(damaged, "logs.jsonl"), []byte(strings.Join(lines, "")))
	gz, _ := gen(t, 32, 40, "gz", writeShareGPTLines)
	writeBytes(t, filepath.Join(damaged, "sharegpt.jsonl.gz"), gz[:len(gz)*2/3])
	zb, _ := gen(t, 17, 20, "", writeChatGPTZip)
	zb = bytes.Clone(zb)
	for i := len(zb) / 2; i < len(zb)/2+64; i++ {
		zb[i] ^= 0x55
	}
	writeBytes(t, filepath.Join(damaged, "export.zip"), zb)

	var first map[string][]byte
	for _, workers := range []int{1, 2, 2, 4} {
		out, res := mine(t, workers, fixtures, damaged)
		if err := reports.Write(out, res.Summary); err != nil {
			t.Fatal(err)
		}
		files := outputFiles(t, out)
		if first == nil {
			first = files
			t.Logf("%d output files, %d events, %d error records, %d corpora", len(files), res.Events, res.Errors, len(res.Summary.Corpora))
			for _, f := range []string{"events.jsonl", "summary.json", "errors.jsonl", "cases.jsonl", "report.md", "report.html", "tables/figure3a_funnel.csv"} {
				if len(files[f]) == 0 {
					t.Errorf("%s missing or empty", f)
				}
			}
			if res.Errors < 6 || len(res.Summary.Corpora) < 8 {
				t.Errorf("%d error records, %d corpora: the input should hold every format and damage in several", res.Errors, len(res.Summary.Corpora))
			}
			continue
		}
		for name, b := range first {
			if !bytes.Equal(files[name], b) {
				t.Errorf("--workers %d: %s differs from the first run (--workers 1)", workers, name)
			}
		}
		for name := range files {
			if _, ok := first[name]; !ok {
				t.Errorf("--workers %d: %s not written by the first run", workers, name)
			}
		}
	}
}

// outputFiles reads every file under out, by path relative to out.
func outputFiles(t *testing.T, out string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(out, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(out, path)
		files[filepath.ToSlash(rel)] = read(t, path)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestGeneratedCorporaReadCompletely: a generated corpus in each format is
// read completely: total.conversations equals what the generator wrote.
func TestGeneratedCorporaReadCompletely(t *testing.T) {
	dir := t.TempDir()
	const n = 400
	want := 0
	write := func(name string, fn func(f *os.File) (int, error)) {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		k, err := fn(f)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		f.Close()
		want += k
	}
	write("train-00000-of-00001.parquet", func(f *os.File) (int, error) {
		return fixturegen.WriteWildChat(f, fixturegen.Generate(7, n), fixturegen.WildChatOptions{})
	})
	write("chatgpt_results_final_language_filtered.csv", func(f *os.File) (int, error) {
		return fixturegen.WriteShareChat(f, fixturegen.Generate(8, n), fixturegen.ShareChatOptions{})
	})
	write("logs.jsonl.zst", func(f *os.File) (int, error) {
		cw, err := fixturegen.Compress(f, "zst")
		if err != nil {
			return 0, err
		}
		k, err := fixturegen.WriteMessages(cw, fixturegen.Generate(9, n), fixturegen.MessagesOptions{})
		if cerr := cw.Close(); err == nil {
			err = cerr
		}
		return k, err
	})
	live, err := fixturegen.WriteDevGPT(filepath.Join(dir, "devgpt"), fixturegen.Generate(10, n), fixturegen.DevGPTOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want += live
	out, res := mine(t, 2, dir)
	s := res.Summary
	if s.Total.Conversations != want {
		t.Errorf("total.conversations = %d, generator wrote %d", s.Total.Conversations, want)
	}
	for _, name := range []string{"wildchat", "sharechat", "messages"} {
		if got := s.Corpora[name].Conversations; got != n {
			t.Errorf("%s: %d conversations, want %d", name, got, n)
		}
	}
	if got := s.Corpora["devgpt"].Conversations; got != live {
		t.Errorf("devgpt: %d conversations, want %d live sharings", got, live)
	}
	if s.Total.SkippedRecords != 0 {
		t.Errorf("skipped records on clean input: %d\n%s", s.Total.SkippedRecords, read(t, filepath.Join(out, "errors.jsonl")))
	}
}

// TestDamagedFilesReported: a truncated Parquet file and a truncated .zst
// each give an error record naming the file while the other files are
// still mined.
func TestDamagedFilesReported(t *testing.T) {
	dir := t.TempDir()
	var good bytes.Buffer
	n, err := fixturegen.WriteWildChat(&good, fixturegen.Generate(3, 120), fixturegen.WildChatOptions{RowGroupRows: 40})
	if err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.WriteFile(filepath.Join(dir, "a-good.parquet"), good.Bytes(), 0o644))
	must(os.WriteFile(filepath.Join(dir, "b-cut.parquet"), good.Bytes()[:good.Len()*6/10], 0o644))
	var z bytes.Buffer
	cw, err := fixturegen.Compress(&z, "zst")
	must(err)
	m, err := fixturegen.WriteMessages(cw, fixturegen.Generate(4, 200), fixturegen.MessagesOptions{})
	must(err)
	must(cw.Close())
	must(os.WriteFile(filepath.Join(dir, "c-good.jsonl.zst"), z.Bytes(), 0o644))
	must(os.WriteFile(filepath.Join(dir, "d-cut.jsonl.zst"), z.Bytes()[:z.Len()/2], 0o644))

	out, res := mine(t, 2, filepath.Join(dir, "a-good.parquet"), filepath.Join(dir, "b-cut.parquet"),
		filepath.Join(dir, "c-good.jsonl.zst"), filepath.Join(dir, "d-cut.jsonl.zst"))
	errs := string(read(t, filepath.Join(out, "errors.jsonl")))
	for _, name := range []string{"b-cut.parquet", "d-cut.jsonl.zst"} {
		if !strings.Contains(errs, name) {
			t.Errorf("errors.jsonl does not name %s:\n%s", name, errs)
		}
	}
	for _, name := range []string{"a-good.parquet", "c-good.jsonl.zst"} {
		if strings.Contains(errs, name) {
			t.Errorf("errors.jsonl names the intact file %s:\n%s", name, errs)
		}
	}
	s := res.Summary
	if s.Total.SkippedRecords < 2 || s.Total.SkippedRecords != res.Errors {
		t.Errorf("skipped_records = %d, error records = %d", s.Total.SkippedRecords, res.Errors)
	}
	if s.Corpora["wildchat"].Conversations < n || s.Corpora["messages"].Conversations < m {
		t.Errorf("intact files not fully mined: wildchat %d (want >= %d), messages %d (want >= %d)",
			s.Corpora["wildchat"].Conversations, n, s.Corpora["messages"].Conversations, m)
	}
	for _, line := range strings.Split(strings.TrimSpace(errs), "\n") {
		var rec struct {
			File, Position, Reason string
			Records                *int
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("errors.jsonl line %q: %v", line, err)
		}
		if rec.File == "" || rec.Reason == "" || rec.Records == nil {
			t.Errorf("incomplete error record: %s", line)
		}
	}
}

// TestMaxErrors: exceeding --max-errors stops the run with ErrTooManyErrors
// and still writes the outputs.
func TestMaxErrors(t *testing.T) {
	dir := t.TempDir()
	bad := "not json\n{\"messages\": 3}\nstill not json\n"
	if err := os.WriteFile(filepath.Join(dir, "bad.jsonl"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	_, err := miner.Run(context.Background(), []string{filepath.Join(dir, "bad.jsonl")},
		miner.Options{Out: out, Workers: 1, MaxErrors: 1, Format: "messages"})
	if !errors.Is(err, miner.ErrTooManyErrors) {
		t.Fatalf("err = %v, want ErrTooManyErrors", err)
	}
	if _, err := os.Stat(filepath.Join(out, "summary.json")); err != nil {
		t.Errorf("summary.json not written: %v", err)
	}
}

// TestRedact plants withdrawn items and checks that no output holds them.
func TestRedact(t *testing.T) {
	dir := t.TempDir()
	secrets := []string{"hunter2-Zq9", "555-867-5309", "Dr. Evelyn Marsh"}
	var lines []string
	for i, s := range secrets {
		conv := map[string]any{"id": i, "messages": []map[string]string{
			{"role": "user", "content": "Write a short email to my landlord about the broken heater. Mention " + s + "."},
			{"role": "assistant", "content": "Subject: Broken heater\n\nDear landlord,\n\nThe heater is broken. Reference: " + s + ".\n\nBest,\nSam"},
			{"role": "user", "content": "Please remove " + s + " from the email."},
			{"role": "assistant", "content": "Sure — I removed " + s + " as requested. Here's the email:\n\nSubject: Broken heater\n\nDear landlord,\n\nThe heater is broken.\n\nBest,\nSam\n\nNote: " + s + " was removed as you asked."},
		}}
		b, _ := json.Marshal(conv)
		lines = append(lines, string(b))
	}
	if err := os.WriteFile(filepath.Join(dir, "audit.jsonl"), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	res, err := miner.Run(context.Background(), []string{filepath.Join(dir, "audit.jsonl")}, miner.Options{Out: out, Workers: 2, Redact: true, MaxErrors: -1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Summary.Total.TraceFull == 0 {
		t.Fatalf("planted traces not found: %+v", res.Summary.Total)
	}
	entries, _ := os.ReadDir(out)
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		b := read(t, filepath.Join(out, e.Name()))
		for _, s := range secrets {
			if bytes.Contains(b, []byte(s)) {
				t.Errorf("%s holds the withdrawn item %q", e.Name(), s)
			}
		}
	}
	if !bytes.Contains(read(t, filepath.Join(out, "events.jsonl")), []byte("[REDACTED:")) {
		t.Errorf("events.jsonl has no redaction markers")
	}
}
