package corpora

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"

	"github.com/revtrace/revtrace/internal/fixturegen"
)

// wcSink collects what a reader yields. stopAfter > 0 makes Conversation
// fail with errWCStop once that many conversations were received; onConv
// runs after each one.
type wcSink struct {
	convs     []*Conversation
	problems  []Problem
	stopAfter int
	onConv    func(n int)
}

var errWCStop = errors.New("sink says stop")

func (s *wcSink) Conversation(c *Conversation) error {
	s.convs = append(s.convs, c)
	if s.onConv != nil {
		s.onConv(len(s.convs))
	}
	if s.stopAfter > 0 && len(s.convs) >= s.stopAfter {
		return errWCStop
	}
	return nil
}
func (s *wcSink) Problem(p Problem)  { s.problems = append(s.problems, p) }
func (s *wcSink) Unavailable(string) {}
func (s *wcSink) Duplicate(string)   {}
func (s *wcSink) messages() (n int) {
	for _, c := range s.convs {
		n += len(c.Messages)
	}
	return n
}

// wcConvs builds n deterministic conversations of 1–5 rounds with
// non-ASCII, empty, "\r\n" and invalid-UTF-8 content; some lack a time or a
// model. longer > 0 pads replies to about that many bytes.
func wcConvs(n, longer int) []fixturegen.Conv {
	langs := []string{"English", "German", "Chinese", "Russian", "French"}
	models := []string{"gpt-4o-2024-08-06", "gpt-3.5-turbo-0613", "gpt-4.1-mini-2025-04-14", ""}
	base := time.Date(2024, 6, 1, 8, 30, 15, 123456000, time.UTC)
	out := make([]fixturegen.Conv, 0, n)
	for i := range n {
		c := fixturegen.Conv{
			ID:       fmt.Sprintf("%032x", uint64(i)*2654435761+17),
			Model:    models[i%len(models)],
			Language: langs[i%len(langs)],
			Time:     base.Add(time.Duration(i) * 41 * time.Minute),
		}
		if i%17 == 4 {
			c.Time = time.Time{}
		}
		for r := range i%5 + 1 {
			u := fmt.Sprintf("Turn %d of %d: Schreib das um, ohne das Passwort 'No****4!' — 请删除密码。", r, i)
			switch {
			case i%23 == 7 && r == 0:
				u = ""
			case i%29 == 3:
				u += "\r\nsecond line\r\n"
			case i%31 == 5:
				u += " bad byte \xff\xfe end"
			}
			a := fmt.Sprintf("Here is the revised draft %d.\r\n\r\nI removed the password 'No****4!'.\n```python\nprint(%d)\n```", r, i)
			if longer > 0 {
				a += "\n" + strings.Repeat("Lorem ipsum dolor sit amet, ünïcødé текст 文本. ", longer/52)
			}
			c.Messages = append(c.Messages, fixturegen.Msg{Role: "user", Content: u}, fixturegen.Msg{Role: "assistant", Content: a})
		}
		out = append(out, c)
	}
	return out
}

func seqOf(convs []fixturegen.Conv) fixturegen.Seq {
	return func(yield func(fixturegen.Conv) bool) {
		for _, c := range convs {
			if !yield(c) {
				return
			}
		}
	}
}

func writeWCFile(t testing.TB, dir, name string, convs []fixturegen.Conv, opt fixturegen.WildChatOptions) string {
	t.Helper()
	path := filepath.Join(dir, name)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fixturegen.WriteWildChat(f, seqOf(convs), opt); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

func readWC(t testing.TB, path string) *wcSink {
	t.Helper()
	s := &wcSink{}
	if err := NewWildChatReader(path).Read(context.Background(), s); err != nil {
		t.Fatalf("Read: %v", err)
	}
	return s
}

// checkAgainst compares what was read with the conversations written;
// withTurnIDs says whether the release has turn_identifier.
func checkAgainst(t *testing.T, s *wcSink, path string, convs []fixturegen.Conv, withTurnIDs bool) {
	t.Helper()
	if len(s.problems) > 0 {
		t.Fatalf("problems: %+v", s.problems)
	}
	if len(s.convs) != len(convs) {
		t.Fatalf("read %d conversations, want %d", len(s.convs), len(convs))
	}
	for i, want := range convs {
		got := s.convs[i]
		ts := ""
		if !want.Time.IsZero() {
			ts = want.Time.UTC().Format(time.RFC3339)
		}
		if got.Corpus != FormatWildChat || got.ID != want.ID || got.File != path || got.Position != fmt.Sprintf("row=%d", i) ||
			got.Model != want.Model || got.Language != want.Language || got.Timestamp != ts {
			t.Fatalf("conversation %d = {%q %q %q %q %q %q %q}, want {wildchat %q %q row=%d %q %q %q}", i,
				got.Corpus, got.ID, got.File, got.Position, got.Model, got.Language, got.Timestamp,
				want.ID, path, i, want.Model, want.Language, ts)
		}
		if len(got.Messages) != len(want.Messages) {
			t.Fatalf("conversation %d: %d messages, want %d", i, len(got.Messages), len(want.Messages))
		}
		for j, wm := range want.Messages {
			gm := got.Messages[j]
			wantLang := want.Language
			if wm.Content == "" {
				wantLang = "Nolang"
			}
			if gm.Role != NormaliseRole(wm.Role) || gm.Content != wm.Content || gm.Language != wantLang {
				t.Fatalf("conversation %d message %d = %+v, want role %q content %q language %q", i, j, gm, wm.Role, wm.Content, wantLang)
			}
			if withTurnIDs {
				if gm.TurnIdentifier == 0 || gm.TurnIdentifier != got.Messages[j&^1].TurnIdentifier {
					t.Fatalf("conversation %d message %d: turn_identifier %d not shared with its round (%d)", i, j, gm.TurnIdentifier, got.Messages[j&^1].TurnIdentifier)
				}
			} else if gm.TurnIdentifier != 0 {
				t.Fatalf("conversation %d message %d: turn_identifier %d in a release without it", i, j, gm.TurnIdentifier)
			}
		}
	}
}

func rowGroupSizes(t testing.TB, path string) []int64 {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		t.Fatal(err)
	}
	var sizes []int64
	for _, rg := range pf.RowGroups() {
		sizes = append(sizes, rg.NumRows())
	}
	return sizes
}

func TestWildChatReaderLayouts(t *testing.T) {
	convs := wcConvs(1001, 0)
	wantMessages := 0
	for _, c := range convs {
		wantMessages += len(c.Messages)
	}
	dir := t.TempDir()
	tests := []struct {
		name        string
		opt         fixturegen.WildChatOptions
		convs       int
		groups      []int64
		withTurnIDs bool
	}{
		{"4.8M element 1000", fixturegen.WildChatOptions{}, 1001, []int64{1000, 1}, true},
		{"4.8M item 777", fixturegen.WildChatOptions{ListElementName: "item", RowGroupRows: 777}, 1001, []int64{777, 224}, true},
		{"1M, data page v2", fixturegen.WildChatOptions{Release: fixturegen.WildChatRelease1M, RowGroupRows: 128, DataPageVersion: 2}, 300, []int64{128, 128, 44}, true},
		{"2023 conversation_id", fixturegen.WildChatOptions{Release: fixturegen.WildChatRelease2023}, 100, []int64{100}, false},
		{"two-level lists", fixturegen.WildChatOptions{TwoLevelLists: true, RowGroupRows: 100}, 250, []int64{100, 100, 50}, true},
		{"zstd, data page v2", fixturegen.WildChatOptions{Release: fixturegen.WildChatRelease2023, Compression: "zstd", DataPageVersion: 2, RowGroupRows: 4}, 6, []int64{4, 2}, false},
		{"gzip item", fixturegen.WildChatOptions{Compression: "gzip", ListElementName: "item"}, 50, []int64{50}, true},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := writeWCFile(t, dir, fmt.Sprintf("train-%05d-of-00086.parquet", i), convs[:tt.convs], tt.opt)
			if got := rowGroupSizes(t, path); !reflect.DeepEqual(got, tt.groups) {
				t.Fatalf("row groups %v, want %v", got, tt.groups)
			}
			s := readWC(t, path)
			checkAgainst(t, s, path, convs[:tt.convs], tt.withTurnIDs)
			if tt.convs == len(convs) && s.messages() != wantMessages {
				t.Errorf("%d messages, want %d", s.messages(), wantMessages)
			}
		})
	}
}

// The item-named file must be read exactly as the element-named one.
func TestWildChatReaderItemEqualsElement(t *testing.T) {
	convs := wcConvs(300, 0)
	dir := t.TempDir()
	read := func(name string, opt fixturegen.WildChatOptions) []*Conversation {
		s := readWC(t, writeWCFile(t, dir, name, convs, opt))
		if len(s.problems) > 0 {
			t.Fatalf("%s: problems %+v", name, s.problems)
		}
		for _, c := range s.convs {
			c.File = ""
			if strings.HasSuffix(c.ID, "#"+c.Position) {
				c.ID = ""
			}
		}
		return s.convs
	}
	el := read("element.parquet", fixturegen.WildChatOptions{RowGroupRows: 128})
	it := read("item.parquet", fixturegen.WildChatOptions{ListElementName: "item", RowGroupRows: 100})
	two := read("two.parquet", fixturegen.WildChatOptions{TwoLevelLists: true, RowGroupRows: 99})
	if len(el) != len(convs) {
		t.Fatalf("element file: %d conversations, want %d", len(el), len(convs))
	}
	if !reflect.DeepEqual(el, it) {
		t.Fatal("item-named file read differently from the element-named one")
	}
	if !reflect.DeepEqual(el, two) {
		t.Fatal("two-level file read differently from the element-named one")
	}
}

func TestWildChatReaderContentRoundTrip(t *testing.T) {
	contents := []string{
		"", "\r\n", "a\r\nb\rc\n", "grüße, 你好, привет, 🙂", "\x00nul inside", "invalid \xff\xfe\xfd utf-8",
		"  leading and trailing spaces  ", strings.Repeat("長い", 40000), "<PRESIDIO_ANONYMIZED_EMAIL_ADDRESS>",
	}
	var convs []fixturegen.Conv
	for i, c := range contents {
		convs = append(convs, fixturegen.Conv{ID: fmt.Sprint("rt", i), Language: "English", Model: "gpt-4o",
			Messages: []fixturegen.Msg{{Role: "user", Content: c}, {Role: "assistant", Content: c + c}}})
	}
	path := writeWCFile(t, t.TempDir(), "rt.parquet", convs, fixturegen.WildChatOptions{})
	s := readWC(t, path)
	checkAgainst(t, s, path, convs, true)
	for i, c := range s.convs {
		if c.Messages[0].Content != contents[i] || c.Messages[1].Content != contents[i]+contents[i] {
			t.Errorf("content %d not byte-exact", i)
		}
	}
}

func TestWildChatReaderOddShapes(t *testing.T) {
	convs := []fixturegen.Conv{
		{ID: "empty-first", Model: "gpt-4o"},
		{ID: "normal", Messages: []fixturegen.Msg{{Role: "user", Content: "hi"}, {Role: "assistant", Content: "hello"}}},
		{ID: "empty-later"},
		{ID: "odd-roles", Messages: []fixturegen.Msg{{Role: "assistant", Content: "a"}, {Role: "system", Content: "s"},
			{Role: "tool", Content: "t"}, {Role: "Human", Content: "h"}, {Role: "narrator", Content: "n"}, {Role: "", Content: "x"}}},
	}
	path := writeWCFile(t, t.TempDir(), "odd.parquet", convs, fixturegen.WildChatOptions{})
	s := readWC(t, path)
	if len(s.problems) > 0 || len(s.convs) != len(convs) {
		t.Fatalf("%d conversations, problems %+v", len(s.convs), s.problems)
	}
	for i, c := range s.convs {
		if c.ID != convs[i].ID || c.Position != fmt.Sprintf("row=%d", i) {
			t.Errorf("conversation %d is %q at %s: order not kept", i, c.ID, c.Position)
		}
	}
	var roles []string
	for _, m := range s.convs[3].Messages {
		roles = append(roles, m.Role)
	}
	if want := []string{"assistant", "system", "tool", "user", "other", "other"}; !reflect.DeepEqual(roles, want) {
		t.Errorf("roles %v, want %v", roles, want)
	}
	if len(s.convs[0].Messages) != 0 || s.convs[0].Timestamp != "" || s.convs[0].Model != "gpt-4o" {
		t.Errorf("empty conversation read as %+v", s.convs[0])
	}
}

// corruptFooter rewrites a file's footer with edit applied to its metadata.
func corruptFooter(t *testing.T, path string, edit func(md *format.FileMetaData)) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	n := len(data)
	footerLen := int(uint32(data[n-8]) | uint32(data[n-7])<<8 | uint32(data[n-6])<<16 | uint32(data[n-5])<<24)
	var md format.FileMetaData
	if err := thrift.Unmarshal(new(thrift.CompactProtocol), data[n-8-footerLen:n-8], &md); err != nil {
		t.Fatal(err)
	}
	edit(&md)
	footer, err := thrift.Marshal(new(thrift.CompactProtocol), &md)
	if err != nil {
		t.Fatal(err)
	}
	out := append([]byte{}, data[:n-8-footerLen]...)
	out = append(out, footer...)
	out = append(out, byte(len(footer)), byte(len(footer)>>8), byte(len(footer)>>16), byte(len(footer)>>24))
	out = append(out, "PAR1"...)
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
}

func contentColumn(md *format.FileMetaData) int {
	for i, cc := range md.RowGroups[0].Columns {
		p := cc.MetaData.PathInSchema
		if len(p) > 1 && p[0] == "conversation" && p[len(p)-1] == "content" {
			return i
		}
	}
	return -1
}

// The silent-empty-list guard: all rows empty is fine when the footer
// agrees, a Problem when the footer says the content column holds data.
func TestWildChatReaderEmptyListGuard(t *testing.T) {
	var empty []fixturegen.Conv
	for i := range 40 {
		empty = append(empty, fixturegen.Conv{ID: fmt.Sprint("e", i), Model: "gpt-4o"})
	}
	tests := []struct {
		name       string
		edit       func(md *format.FileMetaData)
		wantConvs  int
		wantReason string
	}{
		{"footer agrees", nil, 40, ""},
		{"more values than rows", func(md *format.FileMetaData) {
			md.RowGroups[0].Columns[contentColumn(md)].MetaData.NumValues = 120
		}, 20, "120 values for 20 rows"},
		{"statistics present", func(md *format.FileMetaData) {
			md.RowGroups[1].Columns[contentColumn(md)].MetaData.Statistics.MaxValue = []byte("hello")
		}, 20, "min/max statistics"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeWCFile(t, t.TempDir(), "empty.parquet", empty, fixturegen.WildChatOptions{RowGroupRows: 20})
			if tt.edit != nil {
				corruptFooter(t, path, tt.edit)
			}
			s := readWC(t, path)
			if len(s.convs) != tt.wantConvs {
				t.Fatalf("%d conversations, want %d", len(s.convs), tt.wantConvs)
			}
			if s.messages() != 0 {
				t.Fatalf("%d messages from empty lists", s.messages())
			}
			if tt.wantReason == "" {
				if len(s.problems) != 0 {
					t.Fatalf("problems %+v", s.problems)
				}
				return
			}
			if len(s.problems) != 1 || s.problems[0].Records != 20 || !strings.Contains(s.problems[0].Reason, tt.wantReason) ||
				s.problems[0].File != path {
				t.Fatalf("problems %+v, want one naming %q with 20 records", s.problems, tt.wantReason)
			}
		})
	}
}

func TestWildChatReaderDamage(t *testing.T) {
	dir := t.TempDir()
	convs := wcConvs(900, 0)
	good := writeWCFile(t, dir, "good.parquet", convs, fixturegen.WildChatOptions{RowGroupRows: 300})
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	pf, err := parquet.OpenFile(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	md := pf.Metadata()
	ci := contentColumn(md)
	contentPage := md.RowGroups[1].Columns[ci].MetaData.DataPageOffset
	hashChunk := md.RowGroups[2].Columns[0].MetaData // conversation_hash of group 2

	type want struct {
		convs    int    // conversations delivered
		position string // of the (first) problem
		records  int
	}
	tests := []struct {
		name   string
		mutate func([]byte) []byte
		want   want
	}{
		{"cut at 60%", func(b []byte) []byte { return b[:len(b)*6/10] }, want{0, "row=0", -1}},
		{"cut inside the footer", func(b []byte) []byte { return b[:len(b)-20] }, want{0, "row=0", -1}},
		{"cut before the magic", func(b []byte) []byte { return b[:len(b)-3] }, want{0, "row=0", -1}},
		{"only the header magic", func(b []byte) []byte { return b[:4] }, want{0, "row=0", -1}},
		{"empty file", func(b []byte) []byte { return nil }, want{0, "row=0", -1}},
		{"not parquet", func(b []byte) []byte { return []byte(`{"messages":[]}` + "\n") }, want{0, "row=0", -1}},
		{"footer length too large", func(b []byte) []byte {
			b = bytes.Clone(b)
			b[len(b)-5] = 0x7f
			return b
		}, want{0, "row=0", -1}},
		{"corrupt page header in row group 1", func(b []byte) []byte {
			b = bytes.Clone(b)
			for i := range 12 {
				b[contentPage+int64(i)] = 0xff
			}
			return b
		}, want{600, "row=300", 300}},
		{"corrupt page data in row group 1", func(b []byte) []byte {
			b = bytes.Clone(b)
			for i := int64(40); i < 400; i++ {
				b[contentPage+i] ^= 0x5a
			}
			return b
		}, want{-1, "", 0}},
		{"chunk points outside the file", func(b []byte) []byte {
			return b // edited through the footer below
		}, want{600, "row=600", 300}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "shard.parquet")
			if err := os.WriteFile(path, tt.mutate(data), 0o644); err != nil {
				t.Fatal(err)
			}
			if tt.name == "chunk points outside the file" {
				corruptFooter(t, path, func(md *format.FileMetaData) {
					md.RowGroups[2].Columns[0].MetaData.DataPageOffset = hashChunk.DataPageOffset + 1<<40
				})
			}
			s := readWC(t, path)
			if len(s.problems) == 0 {
				t.Fatalf("no problem reported; %d conversations", len(s.convs))
			}
			p := s.problems[0]
			if p.File != path || p.Reason == "" {
				t.Fatalf("problem %+v does not name the file or a reason", p)
			}
			if tt.want.convs >= 0 {
				if len(s.convs) != tt.want.convs || p.Position != tt.want.position || p.Records != tt.want.records {
					t.Fatalf("got %d conversations, problem %+v; want %d conversations, problem at %s with %d records",
						len(s.convs), p, tt.want.convs, tt.want.position, tt.want.records)
				}
			} else {
				// Data damage: whatever the codec detects, rows before the
				// damage are delivered, the rest of the group is accounted
				// for, and the other row groups are read.
				var lost int
				for _, p := range s.problems {
					lost += p.Records
				}
				if len(s.convs)+lost != len(convs) || len(s.convs) < 600 {
					t.Fatalf("%d delivered + %d lost != %d (problems %+v)", len(s.convs), lost, len(convs), s.problems)
				}
			}
			// Whatever was delivered is intact and in order.
			for _, c := range s.convs {
				var row int
				fmt.Sscanf(c.Position, "row=%d", &row)
				if c.ID != convs[row].ID || len(c.Messages) != len(convs[row].Messages) {
					t.Fatalf("delivered %s is not row %d as written", c.Position, row)
				}
			}
		})
	}
}

func TestWildChatReaderNotWildChat(t *testing.T) {
	type other struct {
		ID   string `parquet:"id"`
		Text string `parquet:"text"`
	}
	path := filepath.Join(t.TempDir(), "other.parquet")
	if err := parquet.WriteFile(path, []other{{"a", "x"}, {"b", "y"}, {"c", "z"}}); err != nil {
		t.Fatal(err)
	}
	s := readWC(t, path)
	if len(s.convs) != 0 || len(s.problems) != 1 || s.problems[0].Records != 3 || !strings.Contains(s.problems[0].Reason, "not WildChat") {
		t.Fatalf("convs %d, problems %+v", len(s.convs), s.problems)
	}

	s = readWC(t, filepath.Join(t.TempDir(), "missing.parquet"))
	if len(s.problems) != 1 || s.problems[0].Position != "" || s.problems[0].Records != -1 {
		t.Fatalf("missing file: problems %+v", s.problems)
	}
}

func TestWildChatReaderStops(t *testing.T) {
	path := writeWCFile(t, t.TempDir(), "stop.parquet", wcConvs(600, 0), fixturegen.WildChatOptions{RowGroupRows: 200})

	// The sink's error stops the reader at once and is returned.
	s := &wcSink{stopAfter: 250}
	if err := NewWildChatReader(path).Read(context.Background(), s); !errors.Is(err, errWCStop) {
		t.Fatalf("Read returned %v, want the sink's error", err)
	}
	if len(s.convs) != 250 {
		t.Fatalf("%d conversations after the sink said stop at 250", len(s.convs))
	}

	// Cancellation mid-way.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s = &wcSink{onConv: func(n int) {
		if n == 10 {
			cancel()
		}
	}}
	if err := NewWildChatReader(path).Read(ctx, s); !errors.Is(err, context.Canceled) {
		t.Fatalf("Read returned %v, want context.Canceled", err)
	}
	if len(s.convs) != 10 {
		t.Fatalf("%d conversations after cancelling at 10", len(s.convs))
	}

	// Cancelled before the start.
	s = &wcSink{}
	if err := NewWildChatReader(path).Read(ctx, s); !errors.Is(err, context.Canceled) || len(s.convs)+len(s.problems) != 0 {
		t.Fatalf("Read on a cancelled context: %v, %d conversations", err, len(s.convs))
	}
}

// fakePages serves hand-made pages of one column, so that rows can be made
// to span page boundaries (legal in data page V1) and empty pages appear.
type fakePages struct {
	pages [][]parquet.Value
}

type fakePage struct {
	parquet.Page // only Values is used
	values       []parquet.Value
}

type fakeValues struct{ v []parquet.Value }

func (r *fakeValues) ReadValues(dst []parquet.Value) (int, error) {
	n := copy(dst, r.v)
	r.v = r.v[n:]
	if len(r.v) == 0 {
		return n, io.EOF
	}
	return n, nil
}

func (p *fakePage) Values() parquet.ValueReader    { return &fakeValues{p.values} }
func (p *fakePage) Dictionary() parquet.Dictionary { return nil }
func (p *fakePage) Data() encoding.Values          { return encoding.Values{} }

func (f *fakePages) ReadPage() (parquet.Page, error) {
	if len(f.pages) == 0 {
		return nil, io.EOF
	}
	p := f.pages[0]
	f.pages = f.pages[1:]
	return &fakePage{values: p}, nil
}
func (f *fakePages) SeekToRow(int64) error { return errors.New("not supported") }
func (f *fakePages) Close() error          { return nil }

func TestWildChatCursorRowsAcrossPages(t *testing.T) {
	// content of list<struct{content}>: maxRep 1, element from def 2, value at def 4.
	v := func(s string, rep, def int) parquet.Value {
		if def < 4 {
			return parquet.NullValue().Level(rep, def, 0)
		}
		return parquet.ByteArrayValue([]byte(s)).Level(rep, def, 0)
	}
	leaf := &wcLeaf{name: "conversation.list.element.content", present: true, maxRep: 1, maxDef: 4, elemDef: 2}
	tests := []struct {
		name  string
		pages [][]parquet.Value
		rows  [][]string // per row; nil = no messages
	}{
		{"row spans two pages", [][]parquet.Value{
			{v("a", 0, 4), v("b", 1, 4)}, {v("c", 1, 4), v("d", 0, 4)},
		}, [][]string{{"a", "b", "c"}, {"d"}}},
		{"empty pages and an empty list", [][]parquet.Value{
			{}, {v("", 0, 1)}, {}, {v("x", 0, 4)}, {v("y", 1, 4)}, {}, {v("", 0, 0)},
		}, [][]string{nil, {"x", "y"}, nil}},
		{"null content inside a list", [][]parquet.Value{
			{v("a", 0, 4), v("", 1, 3), v("c", 1, 4)},
		}, [][]string{{"a", "", "c"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &wcCursor{leaf: leaf, pages: &fakePages{pages: tt.pages}, st: &wcState{intern: map[string]string{}},
				scratch: make([]parquet.Value, 2)}
			var got [][]string
			for {
				cells, ok, err := c.row(nil)
				if err != nil {
					t.Fatal(err)
				}
				if !ok {
					break
				}
				var row []string
				if listLen(cells, leaf) > 0 {
					for _, cl := range cells {
						row = append(row, cl.str)
					}
				}
				got = append(got, row)
			}
			if !reflect.DeepEqual(got, tt.rows) {
				t.Fatalf("rows %q, want %q", got, tt.rows)
			}
		})
	}

	// A chunk whose first value continues a row is corrupt.
	c := &wcCursor{leaf: leaf, pages: &fakePages{pages: [][]parquet.Value{{v("a", 1, 4)}}},
		st: &wcState{intern: map[string]string{}}, scratch: make([]parquet.Value, 4)}
	if _, _, err := c.row(nil); err == nil {
		t.Fatal("no error for a row starting at repetition level 1")
	}
}

func TestWildChatTimestamps(t *testing.T) {
	tests := []struct {
		cell wcCell
		unit int64
		want string
	}{
		{wcCell{num: 1730556158123456}, 1e3, "2024-11-02T14:02:38Z"},
		{wcCell{num: 1730556158123}, 1e6, "2024-11-02T14:02:38Z"},
		{wcCell{num: 1730556158123456789}, 1, "2024-11-02T14:02:38Z"},
		{wcCell{num: 1730556158}, -1, "2024-11-02T14:02:38Z"},
		{wcCell{num: 1730556158123456}, -1, "2024-11-02T14:02:38Z"},
		{wcCell{num: -86400_000_000}, 1e3, "1969-12-31T00:00:00Z"},
		{wcCell{null: true}, 1e3, ""},
		{wcCell{num: 1 << 62}, 1e3, ""},
		// INT96: Julian day 2460617 = 2024-11-02, 14:02:38 = 50558 s.
		{wcCell{i96: [3]uint32{uint32(int64(50558e9) & 0xffffffff), uint32(int64(50558e9) >> 32), 2460617}}, 0, "2024-11-02T14:02:38Z"},
	}
	for _, tt := range tests {
		if got := formatTimestamp(tt.cell, tt.unit); got != tt.want {
			t.Errorf("formatTimestamp(%+v, %d) = %q, want %q", tt.cell, tt.unit, got, tt.want)
		}
	}
}

// FuzzWildChatReader feeds damaged files to the reader: it must never panic
// or hang, and what it reports must be consistent. The seeds are tens of KB,
// so minimising them dominates a fuzzing run; use
//
//	go test ./corpora -run '^$' -fuzz FuzzWildChatReader -fuzzminimizetime 0s
func FuzzWildChatReader(f *testing.F) {
	// Small seeds (few rows, few columns) keep the fuzzer fast.
	small := wcConvs(3, 0)
	for _, opt := range []fixturegen.WildChatOptions{
		{Release: fixturegen.WildChatRelease2023, RowGroupRows: 2},
		{Release: fixturegen.WildChatRelease2023, ListElementName: "item", Compression: "none"},
		{Release: fixturegen.WildChatRelease2023, TwoLevelLists: true, DataPageVersion: 2},
		{Release: fixturegen.WildChatRelease1M, RowGroupRows: 2},
	} {
		var buf bytes.Buffer
		if _, err := fixturegen.WriteWildChat(&buf, seqOf(small), opt); err != nil {
			f.Fatal(err)
		}
		b := buf.Bytes()
		f.Add(b)
		f.Add(b[:len(b)/2])
		f.Add(b[:len(b)-9])
		m := bytes.Clone(b)
		m[len(m)/3] ^= 0xff
		f.Add(m)
	}
	f.Add([]byte("PAR1PAR1"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4<<20 {
			return
		}
		s := &wcSink{}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		if err := readWildChat(ctx, bytes.NewReader(data), int64(len(data)), "fuzz.parquet", s); err != nil {
			t.Fatalf("Read returned %v (only sink errors and cancellation may be returned)", err)
		}
		last := -1
		for _, c := range s.convs {
			var row int
			if _, err := fmt.Sscanf(c.Position, "row=%d", &row); err != nil || row <= last || c.File != "fuzz.parquet" {
				t.Fatalf("conversation at %q after row %d", c.Position, last)
			}
			last = row
		}
		for _, p := range s.problems {
			if p.File != "fuzz.parquet" || p.Reason == "" || p.Records < -1 || !strings.HasPrefix(p.Position, "row=") {
				t.Fatalf("bad problem %+v", p)
			}
		}
	})
}

// benchConvs streams n conversations shaped like WildChat's (2–10
// messages, replies of a few hundred to a few thousand bytes of text drawn
// from a seeded word list, so that it compresses like text).
func benchConvs(n int) fixturegen.Seq {
	words := strings.Fields(`the a to of and in is that for it you with on this be are as your can
		password email remove draft letter code function return error please rewrite without mention
		Passwort entfernen Entwurf Brief bitte ohne пароль удалить письмо без 密码 删除 草稿 邮件 请
		server config secret token user data file value list table report summary version update`)
	return func(yield func(fixturegen.Conv) bool) {
		rng := rand.New(rand.NewPCG(1, 2))
		text := func(nw int) string {
			var sb strings.Builder
			for i := range nw {
				if i > 0 {
					sb.WriteByte(' ')
				}
				sb.WriteString(words[rng.IntN(len(words))])
				if rng.IntN(12) == 0 {
					sb.WriteString(".\n")
				}
			}
			return sb.String()
		}
		base := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
		for i := range n {
			c := fixturegen.Conv{ID: fmt.Sprintf("%032x", i), Model: "gpt-4o-2024-08-06", Language: "English",
				Time: base.Add(time.Duration(i) * time.Minute)}
			for range 1 + rng.IntN(5) {
				c.Messages = append(c.Messages,
					fixturegen.Msg{Role: "user", Content: text(10 + rng.IntN(60))},
					fixturegen.Msg{Role: "assistant", Content: text(50 + rng.IntN(400))})
			}
			if !yield(c) {
				return
			}
		}
	}
}

type countingReaderAt struct {
	r     io.ReaderAt
	bytes atomic.Int64
}

func (c *countingReaderAt) ReadAt(p []byte, off int64) (int, error) {
	n, err := c.r.ReadAt(p, off)
	c.bytes.Add(int64(n))
	return n, err
}

// heapSink counts what it receives and samples the heap.
type heapSink struct {
	convs, msgs, problems int
	contentBytes          int64
	peakHeap              uint64
}

func (s *heapSink) Conversation(c *Conversation) error {
	s.convs++
	s.msgs += len(c.Messages)
	for _, m := range c.Messages {
		s.contentBytes += int64(len(m.Content))
	}
	if s.convs%2000 == 0 {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		s.peakHeap = max(s.peakHeap, ms.HeapInuse)
	}
	return nil
}
func (s *heapSink) Problem(Problem)    { s.problems++ }
func (s *heapSink) Unavailable(string) {}
func (s *heapSink) Duplicate(string)   {}

// BenchmarkWildChatReader reads a generated 100,000-conversation 4.8M
// shard (row groups of 1,000, Snappy). Run with
//
//	go test ./corpora -run '^$' -bench WildChatReader -benchtime 3x
//
// It reports file MB/s (SetBytes), rows/s, messages/s, the share of the
// file's bytes actually read (the moderation columns are skipped) and the
// peak heap in use.
func BenchmarkWildChatReader(b *testing.B) {
	const n = 100_000
	path := filepath.Join(b.TempDir(), "bench.parquet")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := fixturegen.WriteWildChat(f, benchConvs(n), fixturegen.WildChatOptions{}); err != nil {
		b.Fatal(err)
	}
	f.Close()
	st, _ := os.Stat(path)
	b.SetBytes(st.Size())
	runtime.GC()
	b.ResetTimer()
	var last *heapSink
	var read int64
	for b.Loop() {
		f, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		cr := &countingReaderAt{r: f}
		s := &heapSink{}
		if err := readWildChat(context.Background(), cr, st.Size(), path, s); err != nil {
			b.Fatal(err)
		}
		f.Close()
		if s.convs != n || s.problems != 0 {
			b.Fatalf("%d conversations, %d problems", s.convs, s.problems)
		}
		last, read = s, cr.bytes.Load()
	}
	secs := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(n)/secs, "rows/s")
	b.ReportMetric(float64(last.msgs)/secs, "msgs/s")
	b.ReportMetric(float64(last.contentBytes)/secs/1e6, "content-MB/s")
	b.ReportMetric(100*float64(read)/float64(st.Size()), "%file-read")
	b.ReportMetric(float64(last.peakHeap)/(1<<20), "peak-heap-MiB")
	b.ReportMetric(float64(st.Size())/(1<<20), "file-MiB")
}

func TestWildChatBuildRejectsDisagreeingColumns(t *testing.T) {
	leaf := func(name string, present bool) wcLeaf {
		return wcLeaf{name: name, present: present, maxRep: 1, maxDef: 4, elemDef: 2}
	}
	layout := &wcLayout{
		hash: wcLeaf{name: "conversation_hash", present: true, maxDef: 1},
		role: leaf("role", true), content: leaf("content", true), tid: leaf("turn_identifier", true), msgLang: leaf("language", false),
	}
	cell := func(rep, def int, s string) wcCell { return wcCell{rep: uint8(rep), def: uint8(def), str: s, num: 7} }
	tests := []struct {
		name                string
		role, content, tids []wcCell
		want                string // "" = fine
	}{
		{"agree", []wcCell{cell(0, 4, "user"), cell(1, 4, "assistant")}, []wcCell{cell(0, 4, "a"), cell(1, 4, "b")}, []wcCell{cell(0, 4, ""), cell(1, 4, "")}, ""},
		{"empty list everywhere", []wcCell{cell(0, 1, "")}, []wcCell{cell(0, 1, "")}, []wcCell{cell(0, 1, "")}, ""},
		{"content shorter", []wcCell{cell(0, 4, "user"), cell(1, 4, "assistant")}, []wcCell{cell(0, 4, "a")}, []wcCell{cell(0, 4, ""), cell(1, 4, "")}, "2 roles but 1 contents"},
		{"turn ids shorter", []wcCell{cell(0, 4, "user")}, []wcCell{cell(0, 4, "a")}, []wcCell{cell(0, 1, "")}, "values of turn_identifier"},
		{"values after an empty list", []wcCell{cell(0, 1, ""), cell(1, 4, "user")}, []wcCell{cell(0, 1, ""), cell(1, 4, "a")}, []wcCell{cell(0, 4, "")}, "after an empty list"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := &wcGroup{wcState: &wcState{file: "f.parquet", layout: layout}, base: 10, next: 2}
			g.rows[0] = []wcCell{{def: 1, str: "h"}}
			g.rows[4], g.rows[5], g.rows[6] = tt.role, tt.content, tt.tids
			c, err := g.build()
			if tt.want == "" {
				if err != nil || c.ID != "h" || c.Position != "row=12" || len(c.Messages) != listLen(tt.role, &layout.role) {
					t.Fatalf("build = %+v, %v", c, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}
