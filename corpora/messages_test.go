package corpora

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/revtrace/revtrace/internal/fixturegen"
)

// rdMessagesExpected is what WriteMessages documents for record i: a
// system message first when i%4 == 2, an assistant tool call and the tool's
// answer before the last assistant message when i%5 == 3.
func rdMessagesExpected(i int, c fixturegen.Conv) []Message {
	var out []Message
	if i%4 == 2 {
		out = append(out, Message{Role: RoleSystem, Content: "You are a helpful assistant."})
	}
	last := -1
	for k, m := range c.Messages {
		if m.Role == "assistant" {
			last = k
		}
	}
	for k, m := range c.Messages {
		if i%5 == 3 && k == last {
			out = append(out, Message{Role: RoleAssistant}, Message{Role: RoleTool, Content: `{"notes":"none found"}`})
		}
		out = append(out, Message{Role: NormaliseRole(m.Role), Content: m.Content})
	}
	return out
}

func TestMessagesReaderFixture(t *testing.T) {
	convs := rdCorpus()
	// Messages per record: the conversations' own plus the documented
	// insertions (records 2, 6, 10: +1 system; 3, 8: +2 tool call).
	wantCounts := []int{4, 4, 3, 6, 2, 3, 5, 4, 6, 4, 5, 4, 4}
	for _, kind := range []string{"", "zst", "gz"} {
		t.Run("compression="+kind, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "chats.jsonl")
			if kind != "" {
				path += "." + kind
			}
			var n int
			rdWriteFile(t, path, kind, func(w io.Writer) (err error) {
				n, err = fixturegen.WriteMessages(w, rdConvs(convs), fixturegen.MessagesOptions{})
				return err
			})
			s := rdRead(t, NewMessagesReader(path))
			if len(s.problems) > 0 {
				t.Fatalf("problems: %+v", s.problems)
			}
			if n != len(convs) || len(s.convs) != n {
				t.Fatalf("wrote %d, read %d conversations, want %d", n, len(s.convs), len(convs))
			}
			if got := s.messages(); got != 54 {
				t.Errorf("read %d messages, want 54", got)
			}
			for i, c := range s.convs {
				if len(c.Messages) != wantCounts[i] {
					t.Errorf("record %d: %d messages, want %d", i, len(c.Messages), wantCounts[i])
				}
				wantID := convs[i].ID
				if i%4 == 3 {
					wantID = path + "#line=" + strconv.Itoa(i+1)
				}
				if c.ID != wantID || c.Corpus != FormatMessages || c.File != path || c.Position != "line="+strconv.Itoa(i+1) {
					t.Errorf("record %d: ID %q corpus %q file %q position %q; want ID %q", i, c.ID, c.Corpus, c.File, c.Position, wantID)
				}
				if c.Model != convs[i].Model {
					t.Errorf("record %d: model %q, want %q", i, c.Model, convs[i].Model)
				}
				if want := rdMessagesExpected(i, convs[i]); !reflect.DeepEqual(c.Messages, want) {
					t.Errorf("record %d messages:\n got %+v\nwant %+v", i, c.Messages, want)
				}
			}
			// List-of-parts joining, exactly: record 1's first user message was
			// written as two text parts.
			if got := s.convs[1].Messages[0].Content; got != "Draft an email to Bob.\nMention the budget of $5,000." {
				t.Errorf("joined parts = %q", got)
			}
			// CRLF inside a message survives.
			if got := s.convs[3].Messages[1].Content; got != "Notiz:\r\nJürgen kommt um 10 Uhr.\r\n" {
				t.Errorf("CRLF text = %q", got)
			}
		})
	}
}

func TestMessagesReaderEdgeCases(t *testing.T) {
	long := strings.Repeat("0123456789abcdef", 1<<16+64) // over the 1 MiB read buffer
	lines := []string{
		`{"id": 42, "messages": [{"role": "user", "content": [{"type": "text", "text": "a"}, {"type": "image_url", "image_url": {"url": "x"}}, {"type": "text", "text": {"value": "b"}}, "c"]}, {"role": "assistant", "content": null, "tool_calls": []}, {"role": "function", "content": "r"}]}`,
		``,
		`{"messages": [ broken`,
		"{\"conversation_id\": \"conv-4\", \"model\": \"m1\", \"language\": \"French\", \"messages\": [{\"role\": \"Human\", \"content\": \"x\\u00e9\\\"q\\\"\"}, {\"role\": \"gpt\", \"content\": \"y\"}]}\r",
		`{"custom_id": "req-5", "method": "POST", "url": "/v1/chat/completions", "body": {"model": "gpt-4o-mini", "messages": [{"role": "developer", "content": "sys"}, {"role": "user", "content": "u"}]}}`,
		`{"id": "x6"}`,
		`{"id": "", "conversation_id": null, "custom_id": "c7", "messages": []}`,
		`{"id": "long", "messages": [{"role": "user", "content": "` + long + `"}]}`,
		`   `,
		`{"id":"x10","messages":[{"role":"user","content":5}]}`,
		`[1, 2]`,
		`{"id":"last","messages":[{"role":"bot","content":"end"}]}`, // no newline at the end
	}
	path := filepath.Join(t.TempDir(), "edge.jsonl")
	if err := os.WriteFile(path, []byte("\ufeff"+strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	s := rdRead(t, NewMessagesReader(path))
	want := []struct {
		id, pos, model, lang string
		msgs                 []Message
	}{
		{"42", "line=1", "", "", []Message{{Role: RoleUser, Content: "a\nb\nc"}, {Role: RoleAssistant}, {Role: RoleTool, Content: "r"}}},
		{"conv-4", "line=4", "m1", "French", []Message{{Role: RoleUser, Content: "xé\"q\""}, {Role: RoleAssistant, Content: "y"}}},
		{"req-5", "line=5", "gpt-4o-mini", "", []Message{{Role: RoleSystem, Content: "sys"}, {Role: RoleUser, Content: "u"}}},
		{"c7", "line=7", "", "", []Message{}},
		{"long", "line=8", "", "", []Message{{Role: RoleUser, Content: long}}},
		{"last", "line=12", "", "", []Message{{Role: RoleOther, Content: "end"}}},
	}
	if len(s.convs) != len(want) {
		t.Fatalf("got %d conversations, want %d", len(s.convs), len(want))
	}
	for i, w := range want {
		c := s.convs[i]
		if c.ID != w.id || c.Position != w.pos || c.Model != w.model || c.Language != w.lang || !reflect.DeepEqual(c.Messages, w.msgs) {
			t.Errorf("conversation %d = {%q %q %q %q %.200v}, want {%q %q %q %q %.200v}", i,
				c.ID, c.Position, c.Model, c.Language, c.Messages, w.id, w.pos, w.model, w.lang, w.msgs)
		}
	}
	wantProblems := []string{"line=3", "line=6", "line=10", "line=11"}
	if len(s.problems) != len(wantProblems) {
		t.Fatalf("problems %+v, want at %v", s.problems, wantProblems)
	}
	for i, p := range s.problems {
		if p.Position != wantProblems[i] || p.Records != 1 || p.File != path || p.Reason == "" {
			t.Errorf("problem %d = %+v, want position %s, records 1", i, p, wantProblems[i])
		}
	}
	// Problems and conversations arrive in file order.
	wantOrder := []string{"conv:42", "problem:line=3", "conv:conv-4", "conv:req-5", "problem:line=6", "conv:c7",
		"conv:long", "problem:line=10", "problem:line=11", "conv:last"}
	if !reflect.DeepEqual(s.order, wantOrder) {
		t.Errorf("order %v, want %v", s.order, wantOrder)
	}
}

func TestMessagesReaderTruncated(t *testing.T) {
	var convs []fixturegen.Conv
	for i := range 150 {
		convs = append(convs, rdConv(rdHex(1000+i), "gpt-4o",
			"user", fmt.Sprintf("request %d: %s", i, rdWords(i, 40)),
			"assistant", fmt.Sprintf("reply %d: %s", i, rdWords(i+7, 200))))
	}
	for _, kind := range []string{"zst", "gz"} {
		t.Run(kind, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "cut.jsonl."+kind)
			rdWriteFile(t, path, kind, func(w io.Writer) error {
				_, err := fixturegen.WriteMessages(w, rdConvs(convs), fixturegen.MessagesOptions{Plain: true})
				return err
			})
			rdCut(t, path, 0.5)
			s := rdRead(t, NewMessagesReader(path))
			if len(s.convs) == 0 || len(s.convs) >= len(convs) {
				t.Fatalf("read %d conversations from a file cut in half, want some but not all", len(s.convs))
			}
			if len(s.problems) != 1 {
				t.Fatalf("problems %+v, want exactly one", s.problems)
			}
			p := s.problems[0]
			if want := "line=" + strconv.Itoa(len(s.convs)+1); p.Position != want || p.Records != -1 {
				t.Errorf("problem %+v, want position %s and records -1", p, want)
			}
			for i, c := range s.convs { // what was delivered is intact
				if c.ID != convs[i].ID || c.Messages[1].Content != convs[i].Messages[1].Content {
					t.Fatalf("conversation %d differs from what was written", i)
				}
			}
		})
	}
}

func TestMessagesReaderStops(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.jsonl")
	rdWriteFile(t, path, "", func(w io.Writer) error {
		_, err := fixturegen.WriteMessages(w, rdConvs(rdCorpus()), fixturegen.MessagesOptions{})
		return err
	})
	s := newRDSink()
	s.stopAfter = 2
	if err := NewMessagesReader(path).Read(context.Background(), s); !errors.Is(err, errRDStop) || len(s.convs) != 2 {
		t.Errorf("sink stop: err %v after %d conversations, want errRDStop after 2", err, len(s.convs))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := NewMessagesReader(path).Read(ctx, newRDSink()); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: err %v", err)
	}
	s = rdRead(t, NewMessagesReader(filepath.Join(t.TempDir(), "missing.jsonl")))
	if len(s.problems) != 1 || s.problems[0].Position != "" || s.problems[0].Records != -1 {
		t.Errorf("missing file: problems %+v", s.problems)
	}
}

func FuzzMessagesReader(f *testing.F) {
	var sb strings.Builder
	fixturegen.WriteMessages(&sb, rdConvs(rdCorpus()[:6]), fixturegen.MessagesOptions{})
	f.Add([]byte(sb.String()))
	f.Add([]byte(`{"messages":[{"role":"user","content":[{"type":"text","text":{"value":1}}]}]}` + "\n\n{"))
	f.Add([]byte(`{"body":{"messages":null},"id":[1]}` + "\n" + `{"messages":[{"content":"\ud800"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "f.jsonl")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		s := rdRead(t, NewMessagesReader(path))
		lines := strings.Count(string(data), "\n") + 1
		if len(s.convs)+len(s.problems) > lines {
			t.Fatalf("%d conversations and %d problems from %d lines", len(s.convs), len(s.problems), lines)
		}
		for _, p := range s.problems {
			if !strings.HasPrefix(p.Position, "line=") || p.Reason == "" {
				t.Fatalf("bad problem %+v", p)
			}
		}
	})
}
