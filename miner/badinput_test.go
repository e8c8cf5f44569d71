package miner_test

// Bad input, nothing lost (issue 7 §3), at the level of what `revtrace mine`
// writes: every damaged input of the table is mined from a directory (as
// `revtrace mine DIR` walks it) next to a clean file of another corpus, and
// the run must
//
//   - write one errors.jsonl record per damaged record, naming the file and
//     the position (in file order, with the records lost),
//   - go on and read the clean file (and every other file) completely,
//   - count every record of errors.jsonl in skipped_records, per corpus and
//     in total, and
//   - stop with ErrTooManyErrors (exit status 2 in the CLI) once --max-errors
//     is exceeded, and not before.
//
// Inputs that are unusual but not damaged (invalid UTF-8, a 10 MB line, a
// 1,000-turn conversation, null and list-of-parts content, system and tool
// roles, duplicates) must give no error record at all and be read completely.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/revtrace/revtrace/internal/fixturegen"
	"github.com/revtrace/revtrace/miner"
)

// wantErr is one expected errors.jsonl record.
type wantErr struct {
	file    string // base name of the file the record names
	corpus  string // corpus whose skipped_records counts it; "" for a file no reader took (total only)
	pos     string // regexp for the position (anchored)
	records int    // records lost (-1: unknown)
}

// badWant is what a run over one case must show.
type badWant struct {
	errs []wantErr
	// convs are the conversations the case's files must yield per corpus
	// (-1: at least one, and fewer than were written).
	convs map[string]int
	// check runs further checks on the run.
	check func(t *testing.T, r *badRun)
}

// badRun is one mine run over a case's directory.
type badRun struct {
	out    string
	res    *miner.Result
	errs   []errLine
	events []miner.Event
}

// badCase builds the files of one case in dir.
type badCase struct {
	name  string
	build func(t *testing.T, dir string) badWant
}

func TestBadInput(t *testing.T) {
	for _, tc := range badCases() {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			want := tc.build(t, dir)
			clean, cleanCorpus, cleanN := writeClean(t, dir, want)
			n := len(want.errs)

			// Exactly n skipped records: --max-errors n is not exceeded.
			r := runBad(t, dir, n)
			if r.res == nil {
				return
			}
			checkErrors(t, r, want.errs)
			s := r.res.Summary
			for _, e := range r.errs {
				if e.File == clean {
					t.Errorf("errors.jsonl names the clean file: %+v", e)
				}
			}
			if c := s.Corpora[cleanCorpus]; c == nil || c.Conversations != cleanN || c.SkippedRecords != 0 {
				t.Errorf("clean file %s: counts %+v, want %d conversations, no skipped record", filepath.Base(clean), c, cleanN)
			}
			// skipped_records: per corpus and in total, one per record.
			if s.Total.SkippedRecords != len(r.errs) || r.res.Errors != len(r.errs) {
				t.Errorf("total skipped_records %d, Result.Errors %d, errors.jsonl records %d", s.Total.SkippedRecords, r.res.Errors, len(r.errs))
			}
			perCorpus := map[string]int{}
			for _, w := range want.errs {
				if w.corpus != "" {
					perCorpus[w.corpus]++
				}
			}
			for name, c := range s.Corpora {
				if c.SkippedRecords != perCorpus[name] {
					t.Errorf("%s: skipped_records %d, want %d", name, c.SkippedRecords, perCorpus[name])
				}
			}
			for name, k := range want.convs {
				c := s.Corpora[name]
				switch {
				case c == nil:
					t.Errorf("%s: no counts in summary.json", name)
				case k >= 0 && c.Conversations != k:
					t.Errorf("%s: %d conversations, want %d", name, c.Conversations, k)
				case k < 0 && c.Conversations == 0:
					t.Errorf("%s: no conversation read before the damage", name)
				}
			}
			if want.check != nil {
				want.check(t, r)
			}

			// One fewer allowed: the run stops with ErrTooManyErrors and
			// still writes its outputs.
			if n > 0 {
				out := t.TempDir()
				res, err := miner.Run(context.Background(), []string{dir}, miner.Options{Out: out, Workers: 2, MaxErrors: n - 1})
				if !errors.Is(err, miner.ErrTooManyErrors) {
					t.Fatalf("--max-errors %d with %d damaged records: err %v, want ErrTooManyErrors", n-1, n, err)
				}
				if res.Errors != n || res.Summary.Total.SkippedRecords != n {
					t.Errorf("--max-errors %d: stopped after %d errors (%d skipped), want %d", n-1, res.Errors, res.Summary.Total.SkippedRecords, n)
				}
				for _, f := range []string{"summary.json", "events.jsonl", "errors.jsonl"} {
					if _, err := os.Stat(filepath.Join(out, f)); err != nil {
						t.Errorf("--max-errors stop: %s not written", f)
					}
				}
			}
		})
	}
}

// runBad mines dir with --workers 2 and --max-errors maxErrors and decodes
// errors.jsonl and events.jsonl.
func runBad(t *testing.T, dir string, maxErrors int) *badRun {
	t.Helper()
	out := t.TempDir()
	res, err := miner.Run(context.Background(), []string{dir}, miner.Options{Out: out, Workers: 2, MaxErrors: maxErrors})
	if err != nil {
		t.Errorf("Run (--max-errors %d): %v", maxErrors, err)
		if res == nil {
			return &badRun{}
		}
	}
	r := &badRun{out: out, res: res}
	for _, l := range strings.Split(strings.TrimSpace(string(read(t, filepath.Join(out, "errors.jsonl")))), "\n") {
		if l == "" {
			continue
		}
		var keys map[string]json.RawMessage
		if err := json.Unmarshal([]byte(l), &keys); err != nil {
			t.Fatalf("errors.jsonl line %q: %v", l, err)
		}
		for _, k := range []string{"file", "position", "reason", "records"} {
			if _, ok := keys[k]; !ok {
				t.Errorf("errors.jsonl record without %q: %s", k, l)
			}
		}
		var e errLine
		json.Unmarshal([]byte(l), &e)
		if e.File == "" || e.Reason == "" || e.Records < -1 {
			t.Errorf("incomplete errors.jsonl record: %s", l)
		}
		r.errs = append(r.errs, e)
	}
	sc := bufio.NewScanner(bytes.NewReader(read(t, filepath.Join(out, "events.jsonl"))))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var ev miner.Event
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			t.Fatal(err)
		}
		r.events = append(r.events, ev)
	}
	return r
}

// checkErrors matches errors.jsonl record by record against want, in order.
func checkErrors(t *testing.T, r *badRun, want []wantErr) {
	t.Helper()
	ok := len(r.errs) == len(want)
	for i := 0; ok && i < len(want); i++ {
		e, w := r.errs[i], want[i]
		ok = filepath.Base(e.File) == w.file && regexp.MustCompile("^(?:"+w.pos+")$").MatchString(e.Position) && e.Records == w.records
	}
	if !ok {
		var sb strings.Builder
		for _, e := range r.errs {
			fmt.Fprintf(&sb, "\n  %s %q records %d: %.160s", filepath.Base(e.File), e.Position, e.Records, e.Reason)
		}
		t.Errorf("errors.jsonl:%s\nwant %+v", sb.String(), want)
	}
}

// writeClean writes a clean file of a corpus the case does not use, to be
// read after the case's files ("z-" sorts last).
func writeClean(t *testing.T, dir string, want badWant) (path, corpus string, n int) {
	t.Helper()
	used := map[string]bool{}
	for c := range want.convs {
		used[c] = true
	}
	for _, e := range want.errs {
		used[e.corpus] = true
	}
	convs := fixturegen.Generate(99, 12)
	var err error
	var b bytes.Buffer
	switch {
	case !used["messages"]:
		path, corpus = filepath.Join(dir, "z-clean.jsonl"), "messages"
		n, err = fixturegen.WriteMessages(&b, convs, fixturegen.MessagesOptions{})
	case !used["sharechat"]:
		path, corpus = filepath.Join(dir, "z-clean.csv"), "sharechat"
		n, err = fixturegen.WriteShareChat(&b, convs, fixturegen.ShareChatOptions{})
	case !used["sharegpt"]:
		path, corpus = filepath.Join(dir, "z-clean.json"), "sharegpt"
		n, err = fixturegen.WriteShareGPT(&b, convs, fixturegen.ShareGPTOptions{})
	case !used["lmsys"]:
		path, corpus = filepath.Join(dir, "z-clean.parquet"), "lmsys"
		n, err = fixturegen.WriteWildChat(&b, convs, fixturegen.WildChatOptions{Release: fixturegen.ReleaseLMSYS})
	default:
		t.Fatal("no corpus left for the clean file")
	}
	if err != nil {
		t.Fatal(err)
	}
	writeBytes(t, path, b.Bytes())
	return path, corpus, n
}

func writeBytes(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// gen writes n generated conversations (seed) with write, compressed with
// kind ("", "zst", "gz"), and returns the bytes and the count written.
func gen(t *testing.T, seed int64, n int, kind string, write func(w *bytes.Buffer, convs fixturegen.Seq) (int, error)) ([]byte, int) {
	t.Helper()
	var plain bytes.Buffer
	k, err := write(&plain, fixturegen.Generate(seed, n))
	if err != nil {
		t.Fatal(err)
	}
	if kind == "" {
		return plain.Bytes(), k
	}
	var out bytes.Buffer
	cw, err := fixturegen.Compress(&out, kind)
	if err != nil {
		t.Fatal(err)
	}
	cw.Write(plain.Bytes())
	if err := cw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes(), k
}

func writeMessages(w *bytes.Buffer, c fixturegen.Seq) (int, error) {
	return fixturegen.WriteMessages(w, c, fixturegen.MessagesOptions{})
}

func writeShareGPTLines(w *bytes.Buffer, c fixturegen.Seq) (int, error) {
	return fixturegen.WriteShareGPT(w, c, fixturegen.ShareGPTOptions{JSONLines: true})
}

func writeShareGPTArray(w *bytes.Buffer, c fixturegen.Seq) (int, error) {
	return fixturegen.WriteShareGPT(w, c, fixturegen.ShareGPTOptions{})
}

func writeClaude(w *bytes.Buffer, c fixturegen.Seq) (int, error) {
	return fixturegen.WriteClaudeExport(w, c, fixturegen.ClaudeExportOptions{})
}

func writeChatGPTZip(w *bytes.Buffer, c fixturegen.Seq) (int, error) {
	return fixturegen.WriteChatGPTExport(w, c, fixturegen.ChatGPTExportOptions{Zip: true})
}

// parquetFile writes n generated conversations as a WildChat-shaped
// Parquet file of the release (4.8M or lmsys) in row groups of rows.
func parquetFile(t *testing.T, release string, n, rows int) []byte {
	t.Helper()
	var b bytes.Buffer
	if _, err := fixturegen.WriteWildChat(&b, fixturegen.Generate(11, n), fixturegen.WildChatOptions{Release: release, RowGroupRows: rows}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// corruptContentPage overwrites the page header of the conversation content
// column in row group g.
func corruptContentPage(t *testing.T, data []byte, g int) []byte {
	t.Helper()
	pf, err := parquet.OpenFile(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	md := pf.Metadata()
	for _, cc := range md.RowGroups[g].Columns {
		p := cc.MetaData.PathInSchema
		if len(p) > 1 && p[0] == "conversation" && p[len(p)-1] == "content" {
			data = bytes.Clone(data)
			for i := range 12 {
				data[cc.MetaData.DataPageOffset+int64(i)] = 0xff
			}
			return data
		}
	}
	t.Fatal("no conversation content column")
	return nil
}

// lastNumber returns the N of a "line=N" or "index=N" position (the last
// number in it).
func lastNumber(t *testing.T, pos string) int {
	t.Helper()
	m := regexp.MustCompile(`(\d+)$`).FindString(pos)
	n, err := strconv.Atoi(m)
	if err != nil {
		t.Fatalf("position %q has no number", pos)
	}
	return n
}

// streamCut checks that the first record lost (the error's position) comes
// right after the records read: line=N or index=N with N = read + base.
func streamCut(corpus string, base int) func(t *testing.T, r *badRun) {
	return func(t *testing.T, r *badRun) {
		if r.res.Summary.Corpora[corpus] == nil || len(r.errs) == 0 {
			t.Fatalf("%s: no counts or no error record", corpus)
		}
		got := r.res.Summary.Corpora[corpus].Conversations
		if n := lastNumber(t, r.errs[len(r.errs)-1].Position); n != got+base {
			t.Errorf("%s: %d conversations read, first record lost at %q", corpus, got, r.errs[len(r.errs)-1].Position)
		}
	}
}

// plantedCase is the planted revision (a withdraw with a trace in the
// afterword) the unusual-input cases carry, so that an event shows the
// conversation was read to its end.
func plantedCase(t *testing.T) fixturegen.Case {
	t.Helper()
	for _, c := range fixturegen.Cases() {
		if c.RevisionType == "withdraw" && c.Position == "afterword" && c.Deliverable == "message" && c.Trace != "" && len(c.Conv.Messages) == 4 {
			return c
		}
	}
	t.Fatal("no planted withdraw case with a trace in the afterword")
	return fixturegen.Case{}
}

// tracedEvent checks that corpus has the planted revision as an event at
// user turn userTurn and message turnIndex, with its trace sentence.
func tracedEvent(t *testing.T, r *badRun, corpus string, pc fixturegen.Case, userTurn, turnIndex int) {
	t.Helper()
	for _, ev := range r.events {
		if ev.Corpus != corpus || ev.UserTurn != userTurn {
			continue
		}
		if turnIndex >= 0 && ev.TurnIndex != turnIndex {
			t.Errorf("%s: event at turn_index %d, want %d", corpus, ev.TurnIndex, turnIndex)
		}
		for _, tr := range ev.Traces {
			if tr.Sentence == pc.Trace {
				return
			}
		}
		t.Errorf("%s: event at user turn %d without the trace %q: %+v", corpus, userTurn, pc.Trace, ev.Traces)
		return
	}
	t.Errorf("%s: no event at user turn %d (events %d)", corpus, userTurn, len(r.events))
}

// msgsJSON renders messages as a messages JSON Lines record; raw holds
// contents as JSON values of their own (lists of parts, null), by index.
func msgsJSON(id string, msgs []fixturegen.Msg, raw map[int]string) string {
	var sb strings.Builder
	sb.WriteString(`{"id": ` + strconv.Quote(id) + `, "messages": [`)
	for i, m := range msgs {
		if i > 0 {
			sb.WriteString(", ")
		}
		content, ok := raw[i]
		if !ok {
			b, _ := json.Marshal(m.Content)
			content = string(b)
		}
		sb.WriteString(`{"role": "` + m.Role + `", "content": ` + content + `}`)
	}
	sb.WriteString("]}\n")
	return sb.String()
}

// invalidUTF8 are bytes that are not UTF-8, planted in message texts.
const invalidUTF8 = "\xff\xfe\xc3"

func badCases() []badCase {
	return []badCase{
		{"wildchat truncated parquet", func(t *testing.T, dir string) badWant {
			b := parquetFile(t, fixturegen.WildChatRelease48M, 40, 20)
			writeBytes(t, filepath.Join(dir, "a-cut.parquet"), b[:len(b)*6/10])
			return badWant{errs: []wantErr{{"a-cut.parquet", "", "row=0", -1}}}
		}},
		{"wildchat corrupt page", func(t *testing.T, dir string) badWant {
			b := corruptContentPage(t, parquetFile(t, fixturegen.WildChatRelease48M, 45, 15), 1)
			writeBytes(t, filepath.Join(dir, "a-page.parquet"), b)
			return badWant{errs: []wantErr{{"a-page.parquet", "wildchat", "row=15", 15}}, convs: map[string]int{"wildchat": 30}}
		}},
		{"lmsys truncated parquet", func(t *testing.T, dir string) badWant {
			b := parquetFile(t, fixturegen.ReleaseLMSYS, 40, 20)
			writeBytes(t, filepath.Join(dir, "a-cut.parquet"), b[:len(b)/2])
			return badWant{errs: []wantErr{{"a-cut.parquet", "", "row=0", -1}}}
		}},
		{"lmsys corrupt page", func(t *testing.T, dir string) badWant {
			b := corruptContentPage(t, parquetFile(t, fixturegen.ReleaseLMSYS, 45, 15), 2)
			writeBytes(t, filepath.Join(dir, "a-page.parquet"), b)
			return badWant{errs: []wantErr{{"a-page.parquet", "lmsys", "row=30", 15}}, convs: map[string]int{"lmsys": 30}}
		}},
		{"messages bad zstd frame", func(t *testing.T, dir string) badWant {
			// A good frame, then a frame whose header sets the reserved bit.
			b, n := gen(t, 12, 40, "zst", writeMessages)
			b = append(b, 0x28, 0xb5, 0x2f, 0xfd, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00)
			writeBytes(t, filepath.Join(dir, "a-frame.jsonl.zst"), b)
			return badWant{errs: []wantErr{{"a-frame.jsonl.zst", "messages", "line=" + strconv.Itoa(n+1), -1}}, convs: map[string]int{"messages": n}}
		}},
		{"messages zstd cut in its first block", func(t *testing.T, dir string) badWant {
			// Nothing can be decoded, not even to tell the format: the
			// file is still reported (not skipped as a file of another kind).
			b, _ := gen(t, 12, 40, "zst", writeMessages)
			writeBytes(t, filepath.Join(dir, "a-cut.jsonl.zst"), b[:len(b)/2])
			return badWant{errs: []wantErr{{"a-cut.jsonl.zst", "", "", -1}}}
		}},
		{"messages truncated zstd", func(t *testing.T, dir string) badWant {
			b, _ := gen(t, 12, 200, "zst", writeMessages)
			writeBytes(t, filepath.Join(dir, "a-cut.jsonl.zst"), b[:len(b)/2])
			return badWant{errs: []wantErr{{"a-cut.jsonl.zst", "messages", `line=\d+`, -1}}, convs: map[string]int{"messages": -1},
				check: streamCut("messages", 1)}
		}},
		{"JSON Lines with a damaged first line", func(t *testing.T, dir string) badWant {
			// Sniffing looks past the damaged record: the file is read
			// and the line reported, not the whole file skipped.
			m, n := gen(t, 21, 20, "", writeMessages)
			writeBytes(t, filepath.Join(dir, "a-first.jsonl"), append([]byte(`{"id": "x", "messages": [{"role": "us`+"\n"), m...))
			g, k := gen(t, 22, 20, "", writeShareGPTLines)
			writeBytes(t, filepath.Join(dir, "b-first.jsonl"), append([]byte(`{"id": "y", "conversations": [`+"\n"), g...))
			return badWant{errs: []wantErr{{"a-first.jsonl", "messages", "line=1", 1}, {"b-first.jsonl", "sharegpt", "line=1", 1}},
				convs: map[string]int{"messages": n, "sharegpt": k}}
		}},
		{"messages truncated gzip", func(t *testing.T, dir string) badWant {
			b, _ := gen(t, 13, 40, "gz", writeMessages)
			writeBytes(t, filepath.Join(dir, "a-cut.jsonl.gz"), b[:len(b)/2])
			return badWant{errs: []wantErr{{"a-cut.jsonl.gz", "messages", `line=\d+`, -1}}, convs: map[string]int{"messages": -1},
				check: streamCut("messages", 1)}
		}},
		{"sharegpt truncated gzip", func(t *testing.T, dir string) badWant {
			b, _ := gen(t, 14, 40, "gz", writeShareGPTLines)
			writeBytes(t, filepath.Join(dir, "a-cut.jsonl.gz"), b[:len(b)/2])
			return badWant{errs: []wantErr{{"a-cut.jsonl.gz", "sharegpt", `line=\d+`, -1}}, convs: map[string]int{"sharegpt": -1},
				check: streamCut("sharegpt", 1)}
		}},
		{"sharegpt array cut mid-object", func(t *testing.T, dir string) badWant {
			b, _ := gen(t, 15, 40, "", writeShareGPTArray)
			writeBytes(t, filepath.Join(dir, "a-cut.json"), b[:len(b)*6/10])
			return badWant{errs: []wantErr{{"a-cut.json", "sharegpt", `index=\d+`, -1}}, convs: map[string]int{"sharegpt": -1},
				check: streamCut("sharegpt", 0)}
		}},
		{"claude-export truncated zstd", func(t *testing.T, dir string) badWant {
			b, _ := gen(t, 16, 60, "zst", writeClaude)
			writeBytes(t, filepath.Join(dir, "a-conversations.json.zst"), b[:len(b)/2])
			return badWant{errs: []wantErr{{"a-conversations.json.zst", "claude-export", `index=\d+`, -1}}, convs: map[string]int{"claude-export": -1},
				check: streamCut("claude-export", 0)}
		}},
		{"chatgpt-export truncated zip", func(t *testing.T, dir string) badWant {
			b, _ := gen(t, 17, 20, "", writeChatGPTZip)
			writeBytes(t, filepath.Join(dir, "a-export.zip"), b[:len(b)/2])
			return badWant{errs: []wantErr{{"a-export.zip", "", "", -1}}}
		}},
		{"chatgpt-export zip with a damaged member", func(t *testing.T, dir string) badWant {
			// conversations.json is the archive's first member: damage
			// its deflate stream past the first elements.
			b, _ := gen(t, 17, 20, "", writeChatGPTZip)
			b = bytes.Clone(b)
			for i := len(b) / 2; i < len(b)/2+64; i++ {
				b[i] ^= 0x55
			}
			writeBytes(t, filepath.Join(dir, "a-export.zip"), b)
			return badWant{errs: []wantErr{{"a-export.zip", "chatgpt-export", `member=conversations\.json,index=\d+`, -1}},
				convs: map[string]int{"chatgpt-export": -1}, check: streamCut("chatgpt-export", 0)}
		}},
		{"devgpt file cut mid-object", func(t *testing.T, dir string) badWant {
			live, err := fixturegen.WriteDevGPT(filepath.Join(dir, "a-devgpt"), fixturegen.Generate(18, 30), fixturegen.DevGPTOptions{})
			if err != nil {
				t.Fatal(err)
			}
			commit := filepath.Join(dir, "a-devgpt", fixturegen.DevGPTSnapshot, "20231012_230826_commit_sharings.json")
			b, err := os.ReadFile(commit)
			if err != nil {
				t.Fatal(err)
			}
			writeBytes(t, commit, b[:len(b)*55/100])
			return badWant{errs: []wantErr{{filepath.Base(commit), "devgpt", `source=\d+`, -1}}, convs: map[string]int{"devgpt": -1},
				check: func(t *testing.T, r *badRun) {
					// The commit file holds 5 of the 30 conversations
					// (i%6 == 0); the other five files are read whole.
					got := r.res.Summary.Corpora["devgpt"].Conversations
					if read := 5 - (live - got); read < 0 || read >= 5 || lastNumber(t, r.errs[0].Position) != read {
						t.Errorf("devgpt: %d of %d live conversations read, cut at %q", got, live, r.errs[0].Position)
					}
				}}
		}},
		{"sharechat broken quote", func(t *testing.T, dir string) badWant {
			var b bytes.Buffer
			n, err := fixturegen.WriteShareChat(&b, fixturegen.Generate(19, 24), fixturegen.ShareChatOptions{})
			if err != nil {
				t.Fatal(err)
			}
			// A row whose quoted text is never closed, in the middle.
			lines := strings.SplitAfter(b.String(), "\n")
			mid := len(lines) / 2
			for !strings.HasPrefix(lines[mid], "chatgpt,") {
				mid++
			}
			broken := "chatgpt,https://chatgpt.com/share/0badc0de-0000-4000-8000-000000000000,1,0,user,\"never closed,English,default_model_slug,,,\n"
			data := strings.Join(lines[:mid], "") + broken + strings.Join(lines[mid:], "")
			writeBytes(t, filepath.Join(dir, "a-broken.csv"), []byte(data))
			return badWant{errs: []wantErr{{"a-broken.csv", "sharechat", "line=" + strconv.Itoa(mid+1), 1}}, convs: map[string]int{"sharechat": n}}
		}},

		// Unusual but intact input: read completely, no error record.
		{"invalid UTF-8", func(t *testing.T, dir string) badWant {
			pc := plantedCase(t)
			msgs := slices.Clone(pc.Conv.Messages)
			msgs[0].Content += " " + invalidUTF8
			msgs[1].Content = invalidUTF8 + msgs[1].Content
			msgs[3].Content += "\n\n" + invalidUTF8
			writeBytes(t, filepath.Join(dir, "a-utf8.jsonl"), []byte(msgsJSON("u1", msgs, nil)))
			var csv bytes.Buffer
			fixturegen.WriteShareChat(&csv, slices.Values([]fixturegen.Conv{{ID: pc.Conv.ID, Model: "gpt-4o", Messages: msgs}}), fixturegen.ShareChatOptions{})
			writeBytes(t, filepath.Join(dir, "a-utf8.csv"), csv.Bytes())
			// json.Marshal would replace the bytes: put them in by hand.
			var claude bytes.Buffer
			marked := slices.Clone(msgs)
			for i := range marked {
				marked[i].Content = strings.ReplaceAll(marked[i].Content, invalidUTF8, "@@BAD@@")
			}
			fixturegen.WriteClaudeExport(&claude, slices.Values([]fixturegen.Conv{{ID: pc.Conv.ID, Messages: marked}}), fixturegen.ClaudeExportOptions{})
			writeBytes(t, filepath.Join(dir, "a-utf8-claude.json"), bytes.ReplaceAll(claude.Bytes(), []byte("@@BAD@@"), []byte(invalidUTF8)))
			return badWant{convs: map[string]int{"messages": 1, "sharechat": 1, "claude-export": 1}, check: func(t *testing.T, r *badRun) {
				for _, c := range []string{"messages", "sharechat", "claude-export"} {
					tracedEvent(t, r, c, pc, 2, 2)
				}
			}}
		}},
		{"10 MB single line", func(t *testing.T, dir string) badWant {
			// The first user message pastes 10 MB; the revision after
			// it must still be found, so the line was read to its end.
			pc := plantedCase(t)
			msgs := slices.Clone(pc.Conv.Messages)
			var pad strings.Builder
			for i := 0; pad.Len() < 10_000_000; i++ {
				fmt.Fprintf(&pad, "Row %d of the pasted log: status ok, latency %d ms.\n", i, i%997)
			}
			msgs[0].Content = pad.String() + msgs[0].Content
			writeBytes(t, filepath.Join(dir, "a-long.jsonl"), []byte(msgsJSON("long", msgs, nil)))
			var csv bytes.Buffer
			fixturegen.WriteShareChat(&csv, slices.Values([]fixturegen.Conv{{ID: pc.Conv.ID, Model: "gpt-4o", Messages: msgs}}), fixturegen.ShareChatOptions{})
			writeBytes(t, filepath.Join(dir, "a-long.csv"), csv.Bytes())
			return badWant{convs: map[string]int{"messages": 1, "sharechat": 1}, check: func(t *testing.T, r *badRun) {
				for _, c := range []string{"messages", "sharechat"} {
					tracedEvent(t, r, c, pc, 2, 2)
					if m := r.res.Summary.Corpora[c].Messages; m != 4 {
						t.Errorf("%s: %d messages, want 4", c, m)
					}
				}
			}}
		}},
		{"1,000-turn conversation", func(t *testing.T, dir string) badWant {
			pc := plantedCase(t)
			var msgs []fixturegen.Msg
			for i := range 998 {
				msgs = append(msgs,
					fixturegen.Msg{Role: "user", Content: fmt.Sprintf("Give me fact number %d about the Moon.", i+1)},
					fixturegen.Msg{Role: "assistant", Content: fmt.Sprintf("Fact %d: the Moon is about 384,400 km from Earth.", i+1)})
			}
			msgs = append(msgs, pc.Conv.Messages...) // user turns 999 and 1000
			conv := pc.Conv
			conv.Messages = msgs
			one := func() fixturegen.Seq { return slices.Values([]fixturegen.Conv{conv}) }
			var b bytes.Buffer
			fixturegen.WriteMessages(&b, one(), fixturegen.MessagesOptions{})
			writeBytes(t, filepath.Join(dir, "a-long.jsonl"), b.Bytes())
			b.Reset()
			fixturegen.WriteShareGPT(&b, one(), fixturegen.ShareGPTOptions{})
			writeBytes(t, filepath.Join(dir, "a-long-sharegpt.json"), b.Bytes())
			b.Reset()
			fixturegen.WriteChatGPTExport(&b, one(), fixturegen.ChatGPTExportOptions{})
			writeBytes(t, filepath.Join(dir, "a-long-chatgpt.json"), b.Bytes())
			b.Reset()
			fixturegen.WriteClaudeExport(&b, one(), fixturegen.ClaudeExportOptions{})
			writeBytes(t, filepath.Join(dir, "a-long-claude.json"), b.Bytes())
			b.Reset()
			fixturegen.WriteWildChat(&b, one(), fixturegen.WildChatOptions{})
			writeBytes(t, filepath.Join(dir, "a-long.parquet"), b.Bytes())
			b.Reset()
			fixturegen.WriteShareChat(&b, one(), fixturegen.ShareChatOptions{})
			writeBytes(t, filepath.Join(dir, "a-long.csv"), b.Bytes())
			corpora := []string{"messages", "sharegpt", "chatgpt-export", "claude-export", "wildchat", "sharechat"}
			convs := map[string]int{}
			for _, c := range corpora {
				convs[c] = 1
			}
			return badWant{convs: convs, check: func(t *testing.T, r *badRun) {
				for _, c := range corpora {
					if u := r.res.Summary.Corpora[c].UserTurns; u != 1000 {
						t.Errorf("%s: %d user turns, want 1000", c, u)
					}
					tracedEvent(t, r, c, pc, 1000, -1)
				}
			}}
		}},
		{"null and list-of-parts content", func(t *testing.T, dir string) badWant {
			pc := plantedCase(t)
			m := pc.Conv.Messages
			// messages: the request is a list of parts (text, image, text),
			// joined with "\n"; an assistant turn with null content and a
			// tool call, and the tool's answer, before the reply.
			head, tail, _ := strings.Cut(m[2].Content, " ")
			parts, _ := json.Marshal([]any{map[string]any{"type": "text", "text": head},
				map[string]any{"type": "image_url", "image_url": map[string]string{"url": "https://example.com/x.png"}},
				map[string]any{"type": "text", "text": tail}})
			msgs := []fixturegen.Msg{m[0], m[1], {Role: "user"}, {Role: "assistant"}, {Role: "tool", Content: "{}"}, m[3]}
			writeBytes(t, filepath.Join(dir, "a-parts.jsonl"), []byte(msgsJSON("parts", msgs, map[int]string{2: string(parts), 3: "null"})))
			// Claude: content parts of type text joined, others ignored.
			var b bytes.Buffer
			fixturegen.WriteClaudeExport(&b, slices.Values([]fixturegen.Conv{pc.Conv}), fixturegen.ClaudeExportOptions{})
			var export []map[string]any
			if err := json.Unmarshal(b.Bytes(), &export); err != nil {
				t.Fatal(err)
			}
			cm := export[0]["chat_messages"].([]any)
			req := cm[2].(map[string]any)
			req["text"] = ""
			req["content"] = []any{map[string]any{"type": "text", "text": head},
				map[string]any{"type": "tool_use", "name": "search", "input": map[string]any{}}, map[string]any{"type": "text", "text": tail}}
			cm[1].(map[string]any)["content"] = nil
			out, _ := json.Marshal(export)
			writeBytes(t, filepath.Join(dir, "a-parts-claude.json"), out)
			return badWant{convs: map[string]int{"messages": 1, "claude-export": 1}, check: func(t *testing.T, r *badRun) {
				tracedEvent(t, r, "messages", pc, 2, 2)
				tracedEvent(t, r, "claude-export", pc, 2, 2)
				for _, ev := range r.events {
					if ev.Corpus != "messages" && ev.Corpus != "claude-export" {
						continue
					}
					if ev.Request != head+"\n"+tail {
						t.Errorf("%s: request %q, want the text parts joined: %q", ev.Corpus, ev.Request, head+"\n"+tail)
					}
					if ev.Corpus == "messages" && ev.ReplyIndex != 5 {
						t.Errorf("messages: reply_index %d, want 5 (after the null-content call and the tool)", ev.ReplyIndex)
					}
				}
				if got := r.res.Summary.Corpora["messages"].Messages; got != 6 {
					t.Errorf("messages: %d messages, want 6", got)
				}
			}}
		}},
		{"system and tool roles", func(t *testing.T, dir string) badWant {
			pc := plantedCase(t)
			m := pc.Conv.Messages
			msgs := []fixturegen.Msg{{Role: "system", Content: "You are a helpful assistant."}, m[0], m[1],
				{Role: "tool", Content: `{"calendar": "ok"}`}, m[2], m[3]}
			writeBytes(t, filepath.Join(dir, "a-roles.jsonl"), []byte(msgsJSON("roles", msgs, nil)))
			type turn struct {
				From  string `json:"from"`
				Value string `json:"value"`
			}
			rec := map[string]any{"id": "roles", "conversations": []turn{{"system", msgs[0].Content}, {"human", m[0].Content},
				{"gpt", m[1].Content}, {"function", msgs[3].Content}, {"human", m[2].Content}, {"gpt", m[3].Content}}}
			b, _ := json.Marshal(rec)
			writeBytes(t, filepath.Join(dir, "a-roles-sharegpt.jsonl"), append(b, '\n'))
			return badWant{convs: map[string]int{"messages": 1, "sharegpt": 1}, check: func(t *testing.T, r *badRun) {
				for _, c := range []string{"messages", "sharegpt"} {
					// turn_index counts the system and tool messages.
					tracedEvent(t, r, c, pc, 2, 4)
					if got := r.res.Summary.Corpora[c]; got.Messages != 6 || got.UserTurns != 2 {
						t.Errorf("%s: %d messages, %d user turns; want 6, 2", c, got.Messages, got.UserTurns)
					}
				}
			}}
		}},
		{"duplicate conversations", func(t *testing.T, dir string) badWant {
			pc := plantedCase(t)
			twice := slices.Values([]fixturegen.Conv{pc.Conv, pc.Conv})
			var b bytes.Buffer
			fixturegen.WriteWildChat(&b, twice, fixturegen.WildChatOptions{})
			writeBytes(t, filepath.Join(dir, "a-dup.parquet"), b.Bytes())
			b.Reset()
			fixturegen.WriteMessages(&b, twice, fixturegen.MessagesOptions{Plain: true})
			writeBytes(t, filepath.Join(dir, "a-dup.jsonl"), b.Bytes())
			live, err := fixturegen.WriteDevGPT(filepath.Join(dir, "a-devgpt"), fixturegen.Generate(20, 24), fixturegen.DevGPTOptions{OlderSnapshot: true})
			if err != nil {
				t.Fatal(err)
			}
			return badWant{convs: map[string]int{"wildchat": 2, "messages": 2, "devgpt": live}, check: func(t *testing.T, r *badRun) {
				// WildChat and JSONL duplicates stay separate conversations
				// (source + turn_index is unique); DevGPT reads a share URL
				// once and counts the repeats, neither being an error.
				sources := map[string]bool{}
				for _, ev := range r.events {
					if ev.Corpus == "wildchat" || ev.Corpus == "messages" {
						sources[ev.Source] = true
					}
				}
				if len(sources) != 4 {
					t.Errorf("duplicate conversations: events from %d sources, want 4: %v", len(sources), sources)
				}
				if d := r.res.Summary.Corpora["devgpt"]; d.Duplicates == 0 || d.Unavailable == 0 {
					t.Errorf("devgpt: duplicates %d, unavailable %d; want both counted", d.Duplicates, d.Unavailable)
				}
				for _, c := range []string{"wildchat", "messages"} {
					if d := r.res.Summary.Corpora[c].Duplicates; d != 0 {
						t.Errorf("%s: duplicates %d, want 0 (kept as separate conversations)", c, d)
					}
				}
			}}
		}},
	}
}
