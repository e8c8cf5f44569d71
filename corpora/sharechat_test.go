package corpora

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/revtrace/revtrace/internal/fixturegen"
)

// rdShareChatMessages is what a reader should rebuild from a conversation
// written by WriteShareChat.
func rdShareChatMessages(c fixturegen.Conv) []Message {
	out := make([]Message, len(c.Messages))
	for i, m := range c.Messages {
		out[i] = Message{Role: NormaliseRole(m.Role), Content: m.Content, Language: "English"}
	}
	return out
}

func TestShareChatReaderFixture(t *testing.T) {
	convs := rdCorpus()
	for _, kind := range []string{"", "zst", "gz"} {
		t.Run("compression="+kind, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "chatgpt_results_final_language_filtered.csv")
			if kind != "" {
				path += "." + kind
			}
			var n int
			rdWriteFile(t, path, kind, func(w io.Writer) (err error) {
				n, err = fixturegen.WriteShareChat(w, rdConvs(convs), fixturegen.ShareChatOptions{Ambiguous: true})
				return err
			})
			s := rdRead(t, NewShareChatReader(path))
			if n != len(convs) || len(s.convs) != n {
				t.Fatalf("wrote %d, read %d conversations, want %d", n, len(s.convs), len(convs))
			}
			if got := s.messages(); got != 47 {
				t.Errorf("read %d messages, want 47", got)
			}
			// The ambiguous url is skipped as a Problem, at its place.
			wantProblem := Problem{File: path, Position: "url=" + fixturegen.ShareChatAmbiguousURL,
				Reason: "ambiguous order: message_index 1 repeats", Records: 1}
			if len(s.problems) != 1 || s.problems[0] != wantProblem {
				t.Fatalf("problems %+v, want [%+v]", s.problems, wantProblem)
			}
			if s.order[1] != "problem:url="+fixturegen.ShareChatAmbiguousURL {
				t.Errorf("order %v: the ambiguous url's problem should come second", s.order)
			}
			for i, c := range s.convs {
				url := fixturegen.ShareChatURL(convs[i].ID)
				if c.ID != url || c.Position != "url="+url || c.File != path || c.Corpus != FormatShareChat {
					t.Errorf("conversation %d: ID %q position %q file %q corpus %q", i, c.ID, c.Position, c.File, c.Corpus)
				}
				if want := rdShareChatMessages(convs[i]); !reflect.DeepEqual(c.Messages, want) {
					t.Errorf("conversation %d messages:\n got %+v\nwant %+v", i, c.Messages, want)
				}
				if c.Model != convs[i].Model || c.Language != "English" || c.Timestamp != "2025-01-15T15:30:00Z" {
					t.Errorf("conversation %d: model %q language %q timestamp %q", i, c.Model, c.Language, c.Timestamp)
				}
			}
			// Quotes, commas and CRLF inside fields come back byte for byte.
			if got := s.convs[1].Messages[2].Content; got != `take out the "budget" figure, please` {
				t.Errorf("quoted text = %q", got)
			}
			if got := s.convs[3].Messages[3].Content; got != "Notiz:\r\nEr kommt um 10 Uhr.\r\n" {
				t.Errorf("CRLF text = %q", got)
			}
		})
	}
}

// TestShareChatWriterLayout checks that the fixture really has the quirks
// the reader must cope with: llm roles, split and reversed blocks.
func TestShareChatWriterLayout(t *testing.T) {
	var buf bytes.Buffer
	if _, err := fixturegen.WriteShareChat(&buf, rdConvs(rdCorpus()), fixturegen.ShareChatOptions{}); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(rows[0], fixturegen.ShareChatHeader) {
		t.Fatalf("header %v", rows[0])
	}
	var urls []string // url of each row
	roles := map[string]bool{}
	for _, r := range rows[1:] {
		urls = append(urls, r[1])
		roles[r[4]] = true
	}
	blocks := map[string]int{}
	for i, u := range urls {
		if i == 0 || urls[i-1] != u {
			blocks[u]++
		}
	}
	split := 0
	for _, n := range blocks {
		if n > 1 {
			split++
		}
	}
	if split == 0 {
		t.Error("no conversation is split into non-contiguous blocks")
	}
	if !roles["llm"] || roles["assistant"] {
		t.Errorf("roles %v: want llm for the assistant", roles)
	}
	// Conversation 3 is written in reverse message_index order.
	u3 := fixturegen.ShareChatURL(rdHex(4))
	var idx []string
	for _, r := range rows[1:] {
		if r[1] == u3 {
			idx = append(idx, r[3])
		}
	}
	if !reflect.DeepEqual(idx, []string{"3", "2", "1", "0"}) {
		t.Errorf("conversation 3 rows in order %v, want reversed", idx)
	}
}

func TestShareChatReaderBadRows(t *testing.T) {
	data := "\ufeffPlatform,URL,turns_count,message_index,Role,plain_text,detected_language_final,model\n" + // line 1
		"chatgpt,U1,1,0,user,\"hello, \"\"world\"\"\",English,default_model_slug\n" + // 2
		"chatgpt,U2,1,x,user,hi,English,default_model_slug\n" + // 3: bad index, U2 skipped
		"chatgpt,U1,1,1,llm,\"multi\r\nline\",English,gpt-4o\n" + // 4-5
		"chatgpt,U2,1,1,llm,answer,English,gpt-4o\n" + // 6
		"chatgpt,U3,1,0,user,too,few\n" + // 7: 7 fields, U3 skipped
		",,,,,,,\n" + // 8: no url
		"\n" + // 9: blank, skipped
		"chatgpt,U4,1,1.0,llm,second,Spanish,gpt-4\r\n" + // 10
		"chatgpt,U4,1,0,user,first,Spanish,requested_model_slug\n" + // 11
		"chatgpt,U5,1,0,user,\"unterminated,English,x\n" + // 12: swallows the rest
		"chatgpt,U6,1,0,user,lost,English,x\n"
	path := filepath.Join(t.TempDir(), "bad.csv")
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	s := rdRead(t, NewShareChatReader(path))
	wantConvs := []struct {
		id, model, lang string
		msgs            []Message
	}{
		{"U1", "gpt-4o", "English", []Message{
			{Role: RoleUser, Content: `hello, "world"`, Language: "English"},
			{Role: RoleAssistant, Content: "multi\r\nline", Language: "English"}}},
		{"U4", "gpt-4", "Spanish", []Message{
			{Role: RoleUser, Content: "first", Language: "Spanish"},
			{Role: RoleAssistant, Content: "second", Language: "Spanish"}}},
	}
	if len(s.convs) != len(wantConvs) {
		t.Fatalf("got %d conversations, want %d; problems %+v", len(s.convs), len(wantConvs), s.problems)
	}
	for i, w := range wantConvs {
		c := s.convs[i]
		if c.ID != w.id || c.Model != w.model || c.Language != w.lang || !reflect.DeepEqual(c.Messages, w.msgs) {
			t.Errorf("conversation %d = %q %q %q %+v, want %+v", i, c.ID, c.Model, c.Language, c.Messages, w)
		}
	}
	wantProblems := []struct {
		pos     string
		records int
		reason  string
	}{
		{"line=3", 1, `message_index "x" is not an integer; conversation url=U2 skipped`},
		{"line=7", 1, "7 fields, the header has 8; conversation url=U3 skipped"},
		{"line=8", -1, "row without a url"},
		{"line=12", 1, "runs to the end of the file"},
	}
	if len(s.problems) != len(wantProblems) {
		t.Fatalf("problems %+v", s.problems)
	}
	for i, w := range wantProblems {
		p := s.problems[i]
		if p.Position != w.pos || p.Records != w.records || !strings.Contains(p.Reason, w.reason) {
			t.Errorf("problem %d = %+v, want %+v", i, p, w)
		}
	}
	wantOrder := []string{"conv:U1", "problem:line=3", "problem:line=7", "problem:line=8", "conv:U4", "problem:line=12"}
	if !reflect.DeepEqual(s.order, wantOrder) {
		t.Errorf("order %v, want %v", s.order, wantOrder)
	}
}

func TestShareChatReaderHeaders(t *testing.T) {
	tests := []struct {
		name, data string
		convs      int
		problem    string // position of the single expected problem, or ""
	}{
		{"reordered and extra columns", "role,plain_text,views,message_index,url\nuser,a,3,0,U\nllm,b,4,1,U\n", 1, ""},
		{"missing plain_text", "platform,url,message_index,role\nchatgpt,U,0,user\n", 0, "line=1"},
		{"empty file", "", 0, "line=1"},
		{"header only", "url,message_index,role,plain_text\n", 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "h.csv")
			os.WriteFile(path, []byte(tt.data), 0o644)
			s := rdRead(t, NewShareChatReader(path))
			if len(s.convs) != tt.convs {
				t.Errorf("%d conversations, want %d", len(s.convs), tt.convs)
			}
			switch {
			case tt.problem == "" && len(s.problems) > 0:
				t.Errorf("problems %+v", s.problems)
			case tt.problem != "" && (len(s.problems) != 1 || s.problems[0].Position != tt.problem || s.problems[0].Records != -1):
				t.Errorf("problems %+v, want one at %s", s.problems, tt.problem)
			}
		})
	}
}

func TestShareChatReaderTruncated(t *testing.T) {
	var convs []fixturegen.Conv
	for i := range 150 {
		convs = append(convs, rdConv(rdHex(2000+i), "gpt-4o",
			"user", fmt.Sprintf("request %d:\n%s", i, rdWords(i, 40)),
			"assistant", fmt.Sprintf("reply %d, \"quoted\":\n%s", i, rdWords(i+7, 200)),
			"user", "and again",
			"assistant", "done"))
	}
	byURL := map[string]fixturegen.Conv{}
	for _, c := range convs {
		byURL[fixturegen.ShareChatURL(c.ID)] = c
	}
	for _, kind := range []string{"zst", "gz"} {
		t.Run(kind, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "cut.csv."+kind)
			rdWriteFile(t, path, kind, func(w io.Writer) error {
				_, err := fixturegen.WriteShareChat(w, rdConvs(convs), fixturegen.ShareChatOptions{})
				return err
			})
			rdCut(t, path, 0.5)
			s := rdRead(t, NewShareChatReader(path))
			if len(s.convs) == 0 || len(s.convs) >= len(convs) {
				t.Fatalf("read %d conversations from a file cut in half", len(s.convs))
			}
			last := s.problems[len(s.problems)-1]
			if !strings.HasPrefix(last.Position, "line=") || last.Records != -1 || !strings.Contains(last.Reason, "stream damaged") {
				t.Errorf("last problem %+v, want the damaged stream", last)
			}
			// Whatever is delivered is complete: split conversations whose
			// second block was lost are reported, not delivered.
			for _, c := range s.convs {
				if want := rdShareChatMessages(byURL[c.ID]); !reflect.DeepEqual(c.Messages, want) {
					t.Fatalf("conversation %s delivered incomplete or changed", c.ID)
				}
			}
			for _, p := range s.problems[:len(s.problems)-1] {
				if p.Records != 1 || !strings.Contains(p.Reason, "damaged stream") {
					t.Errorf("unexpected problem %+v", p)
				}
			}
		})
	}
}

// TestShareChatReaderBrokenQuote: a quoted text left open runs over the
// rows after it up to some later field's closing quote, and the row may
// then even have the header's number of fields. The row is reported (its
// url skipped) and reading resumes on its next line: every other
// conversation is delivered complete, none swallowed.
func TestShareChatReaderBrokenQuote(t *testing.T) {
	var convs []fixturegen.Conv
	for i := range 60 {
		convs = append(convs, rdConv(rdHex(4000+i), "gpt-4o",
			"user", fmt.Sprintf("request %d:\n%s", i, rdWords(i, 20)),
			"assistant", fmt.Sprintf("reply %d, \"quoted\":\n%s", i, rdWords(i+3, 60)),
			"user", "and again",
			"assistant", "done"))
	}
	byURL := map[string]fixturegen.Conv{}
	for _, c := range convs {
		byURL[fixturegen.ShareChatURL(c.ID)] = c
	}
	var buf bytes.Buffer
	if _, err := fixturegen.WriteShareChat(&buf, rdConvs(convs), fixturegen.ShareChatOptions{}); err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(buf.String(), "\n")
	var out strings.Builder
	var brokenLines []int
	next := len(lines) / 3 // a broken row goes before the first row from here
	for i, l := range lines {
		if i >= next && strings.HasPrefix(l, "chatgpt,") {
			brokenLines = append(brokenLines, i+len(brokenLines)+1)
			fmt.Fprintf(&out, "chatgpt,https://chatgpt.com/share/broken-%d,1,0,user,\"never closed, %s,English,default_model_slug,,,\n", i, rdWords(i, 3))
			next = len(lines)
			if len(brokenLines) == 1 {
				next = 2 * len(lines) / 3
			}
		}
		out.WriteString(l)
	}
	path := filepath.Join(t.TempDir(), "broken.csv")
	os.WriteFile(path, []byte(out.String()), 0o644)
	s := rdRead(t, NewShareChatReader(path))
	if len(s.problems) != 2 {
		t.Fatalf("problems %+v, want one per broken row", s.problems)
	}
	for i, p := range s.problems {
		if p.Position != fmt.Sprintf("line=%d", brokenLines[i]) || p.Records != 1 ||
			!strings.Contains(p.Reason, "broken quote") || !strings.Contains(p.Reason, "url=https://chatgpt.com/share/broken-") {
			t.Errorf("problem %d = %+v, want line=%d, records 1", i, p, brokenLines[i])
		}
	}
	if len(s.convs) != len(convs) {
		t.Fatalf("%d conversations, want %d", len(s.convs), len(convs))
	}
	for _, c := range s.convs {
		if !reflect.DeepEqual(c.Messages, rdShareChatMessages(byURL[c.ID])) {
			t.Errorf("conversation %s delivered incomplete or changed", c.ID)
		}
	}
}

func TestShareChatReaderStops(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.csv")
	rdWriteFile(t, path, "", func(w io.Writer) error {
		_, err := fixturegen.WriteShareChat(w, rdConvs(rdCorpus()), fixturegen.ShareChatOptions{})
		return err
	})
	s := newRDSink()
	s.stopAfter = 3
	if err := NewShareChatReader(path).Read(context.Background(), s); !errors.Is(err, errRDStop) || len(s.convs) != 3 {
		t.Errorf("sink stop: err %v after %d conversations", err, len(s.convs))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := NewShareChatReader(path).Read(ctx, newRDSink()); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: err %v", err)
	}
	s = rdRead(t, NewShareChatReader(filepath.Join(t.TempDir(), "missing.csv")))
	if len(s.problems) != 1 || s.problems[0].Records != -1 {
		t.Errorf("missing file: problems %+v", s.problems)
	}
}

// rdCSVRecords parses data with sharechatCSV, checking that every record
// parses the same again from its own byte range.
func rdCSVRecords(t *testing.T, data []byte) [][]string {
	p := newSharechatCSV(bytes.NewReader(data), 0)
	var out [][]string
	for {
		start, end, line, err := p.next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("next: %v", err)
		}
		rec := make([]string, p.fields())
		for i := range rec {
			rec[i] = string(p.field(i))
		}
		out = append(out, rec)
		if start < 0 || end > int64(len(data)) || start >= end || line < 1 {
			t.Fatalf("record %d: range [%d,%d) line %d", len(out), start, end, line)
		}
		q := newSharechatCSV(bytes.NewReader(data[start:end]), start)
		if _, _, _, err := q.next(); err != nil || q.fields() != len(rec) {
			t.Fatalf("record %d does not parse again from its range: %v", len(out), err)
		}
		for i := range rec {
			if string(q.field(i)) != rec[i] {
				t.Fatalf("record %d field %d differs when parsed from its range", len(out), i)
			}
		}
	}
}

func TestShareChatCSV(t *testing.T) {
	tests := []struct {
		in   string
		want [][]string
	}{
		{"a,b\n", [][]string{{"a", "b"}}},
		{"a,b", [][]string{{"a", "b"}}},
		{"a,b\r\n\r\nc,d\r\n", [][]string{{"a", "b"}, {"c", "d"}}},
		{`"x ""y"" z",2` + "\n", [][]string{{`x "y" z`, "2"}}},
		{"\"l1\r\nl2\",3\n", [][]string{{"l1\r\nl2", "3"}}}, // CRLF kept inside quotes
		{`a"b,"c"d",e` + "\n", [][]string{{`a"b`, `c"d`, "e"}}},
		{"\"open,x\ny\n", [][]string{{"open,x\ny\n"}}},
		{"a,\n,\n", [][]string{{"a", ""}, {"", ""}}},
		{"\"q\"\r", [][]string{{"q"}}},
	}
	for _, tt := range tests {
		if got := rdCSVRecords(t, []byte(tt.in)); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%q: got %q, want %q", tt.in, got, tt.want)
		}
	}
}

// FuzzShareChatCSV checks that the reader's CSV parser splits records and
// fields exactly as encoding/csv (LazyQuotes, FieldsPerRecord -1) does on
// input without carriage returns (where the only difference, CRLF kept
// inside quoted fields, cannot show).
func FuzzShareChatCSV(f *testing.F) {
	for _, s := range []string{"a,b\nc,d\n", `"a""b",c` + "\n", "\"x\ny\",z\n\n\nw", `a"b,"c"d",e`, "\"open\n,", ",,\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if bytes.IndexByte(data, '\r') >= 0 {
			return
		}
		got := rdCSVRecords(t, data)
		cr := csv.NewReader(bytes.NewReader(data))
		cr.LazyQuotes, cr.FieldsPerRecord = true, -1
		want, err := cr.ReadAll()
		if err != nil {
			t.Skip(err)
		}
		if len(got) == 0 && len(want) == 0 {
			return
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q:\n got %q\nwant %q", data, got, want)
		}
	})
}

func FuzzShareChatReader(f *testing.F) {
	var buf bytes.Buffer
	fixturegen.WriteShareChat(&buf, rdConvs(rdCorpus()[:4]), fixturegen.ShareChatOptions{Ambiguous: true})
	f.Add(buf.Bytes())
	f.Add([]byte("url,message_index,role,plain_text\nU,0,user,\"a\nU,1,llm,b\n"))
	f.Add([]byte("url,message_index,role,plain_text\nU,0,user,a\nU,0,llm,b\nV,1e3,user,c\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "f.csv")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		s := rdRead(t, NewShareChatReader(path))
		for _, p := range s.problems {
			if !strings.HasPrefix(p.Position, "line=") && !strings.HasPrefix(p.Position, "url=") || p.Reason == "" {
				t.Fatalf("bad problem %+v", p)
			}
		}
		seen := map[string]bool{}
		for _, c := range s.convs {
			if seen[c.ID] || c.ID == "" {
				t.Fatalf("conversation ID %q empty or delivered twice", c.ID)
			}
			seen[c.ID] = true
		}
	})
}
