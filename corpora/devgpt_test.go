package corpora

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/revtrace/revtrace/internal/fixturegen"
)

// rdDevGPTFiles lists the *_sharings.json files under dir, sorted.
func rdDevGPTFiles(t testing.TB, dir string) []string {
	t.Helper()
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, "_sharings.json") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	return files
}

// rdDevGPTMessages is what a reader should rebuild from a conversation
// written by WriteDevGPT: prompt/answer pairs, code blocks put back.
func rdDevGPTMessages(c fixturegen.Conv, opt fixturegen.DevGPTOptions) []Message {
	var out []Message
	open := false
	for _, m := range c.Messages {
		switch m.Role {
		case "user":
			out = append(out, Message{Role: RoleUser, Content: m.Content}, Message{Role: RoleAssistant})
			open = true
		case "assistant":
			if !open {
				out = append(out, Message{Role: RoleUser}, Message{Role: RoleAssistant})
			}
			out[len(out)-1].Content = fixturegen.DevGPTText(m.Content, opt)
			open = false
		}
	}
	return out
}

func TestDevGPTReaderFixture(t *testing.T) {
	convs := rdCorpus()
	tests := []struct {
		name                    string
		opt                     fixturegen.DevGPTOptions
		unavailable, duplicates int
		fileOf                  map[int]string // conversation index → snapshot holding its text
		linksOf                 map[int][]string
	}{
		{
			name:        "final snapshot",
			unavailable: 3, // two dead links (i=4, 9) and one empty conversation
			duplicates:  1, // conversation 2 also mentioned by a discussion
			fileOf:      map[int]string{0: fixturegen.DevGPTSnapshot, 2: fixturegen.DevGPTSnapshot},
			linksOf: map[int][]string{
				0: {"commit message"},
				2: {"discussion body", "pull_request body"},
				3: {"file code"},
				7: {"issue comments.body"},
			},
		},
		{
			name:        "exact text",
			opt:         fixturegen.DevGPTOptions{ExactText: true},
			unavailable: 3,
			duplicates:  1,
			linksOf:     map[int][]string{2: {"discussion body", "pull_request body"}},
		},
		{
			name:        "two snapshots",
			opt:         fixturegen.DevGPTOptions{OlderSnapshot: true},
			unavailable: 3,
			duplicates:  8, // the above plus conversations 0, 2, ..., 12 again
			// Text is read where it first appears: the older snapshot, unless
			// the sharing had failed there (i%4 == 2).
			fileOf: map[int]string{0: fixturegen.DevGPTOlderSnapshot, 2: fixturegen.DevGPTSnapshot,
				4: fixturegen.DevGPTOlderSnapshot, 6: fixturegen.DevGPTSnapshot, 1: fixturegen.DevGPTSnapshot},
			linksOf: map[int][]string{
				0: {"commit message"}, // same source in both snapshots: one link
				2: {"discussion body", "pull_request body"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			live, err := fixturegen.WriteDevGPT(dir, rdConvs(convs), tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			s := rdRead(t, NewDevGPTReader(rdDevGPTFiles(t, dir)))
			if len(s.problems) > 0 {
				t.Fatalf("problems %+v", s.problems)
			}
			if live != len(convs) || len(s.convs) != live {
				t.Fatalf("live %d, read %d conversations, want %d", live, len(s.convs), len(convs))
			}
			if got := s.messages(); got != 46 {
				t.Errorf("%d messages, want 46", got)
			}
			if s.unavailable[FormatDevGPT] != tt.unavailable || s.duplicates[FormatDevGPT] != tt.duplicates {
				t.Errorf("unavailable %d duplicates %d, want %d and %d", s.unavailable[FormatDevGPT],
					s.duplicates[FormatDevGPT], tt.unavailable, tt.duplicates)
			}
			for i, conv := range convs {
				c := s.byID(t, fixturegen.DevGPTShareURL(conv.ID))
				if want := rdDevGPTMessages(conv, tt.opt); !reflect.DeepEqual(c.Messages, want) {
					t.Errorf("conversation %d messages:\n got %+v\nwant %+v", i, c.Messages, want)
				}
				if c.Corpus != FormatDevGPT || c.Timestamp != "2023-07-24T00:00:00Z" || !strings.HasPrefix(c.Position, "source=") {
					t.Errorf("conversation %d: corpus %q timestamp %q position %q", i, c.Corpus, c.Timestamp, c.Position)
				}
				if snap, ok := tt.fileOf[i]; ok && filepath.Base(filepath.Dir(c.File)) != snap {
					t.Errorf("conversation %d read from %s, want a file of %s", i, c.File, snap)
				}
				if want, ok := tt.linksOf[i]; ok {
					var got []string
					for _, l := range c.Links {
						got = append(got, l.Kind+" "+l.Property)
					}
					if !reflect.DeepEqual(got, want) {
						t.Errorf("conversation %d links %v, want %v", i, got, want)
					}
				}
				if len(c.Links) == 0 {
					t.Errorf("conversation %d has no links", i)
				}
			}
			if tt.opt.ExactText { // every message comes back byte for byte
				for i, conv := range convs {
					var want []string // rdCorpus alternates user and assistant after any system message
					for _, m := range conv.Messages {
						if m.Role != "system" {
							want = append(want, m.Content)
						}
					}
					if got := rdContents(s.byID(t, fixturegen.DevGPTShareURL(conv.ID)).Messages); !reflect.DeepEqual(got, want) {
						t.Errorf("conversation %d = %q, want %q", i, got, want)
					}
				}
			}
			c0 := s.byID(t, fixturegen.DevGPTShareURL(convs[0].ID))
			if c0.Model != "GPT-4" || c0.Position != "source=0,sharing=0" {
				t.Errorf("conversation 0: model %q position %q", c0.Model, c0.Position)
			}
		})
	}
}

func TestDevGPTReaderTextAndLinks(t *testing.T) {
	convs := rdCorpus()
	dir := t.TempDir()
	if _, err := fixturegen.WriteDevGPT(dir, rdConvs(convs), fixturegen.DevGPTOptions{}); err != nil {
		t.Fatal(err)
	}
	s := rdRead(t, NewDevGPTReader(rdDevGPTFiles(t, dir)))
	get := func(i int) *Conversation { return s.byID(t, fixturegen.DevGPTShareURL(convs[i].ID)) }

	// Code blocks put back exactly: a fence between newlines comes back
	// unchanged; one at the start or end of the text gains a newline.
	if got, want := get(0).Messages[1].Content, convs[0].Messages[1].Content; got != want {
		t.Errorf("answer 0 = %q, want it unchanged: %q", got, want)
	}
	if got, want := get(2).Messages[1].Content, "\n```\nx = 1\n```\nDone.\n```python\nprint(x)\n```\n"; got != want {
		t.Errorf("answer with edge fences = %q, want %q", got, want)
	}
	if got := get(3).Messages[1].Content; got != "Notiz:\r\nJürgen kommt um 10 Uhr.\r\n" {
		t.Errorf("CRLF answer = %q", got)
	}
	if got := get(1).Model; got != "GPT-3.5" {
		t.Errorf("model %q", got)
	}

	share := func(i int) string { return fixturegen.DevGPTShareURL(convs[i].ID) }
	text := func(l Link, prop string) string {
		for _, p := range l.Public {
			if p.Property == prop {
				return p.Text
			}
		}
		return ""
	}
	// A commit message that pastes the last reply.
	l := get(0).Links[0]
	if !strings.Contains(text(l, "message"), convs[0].Messages[3].Content) || !strings.Contains(l.URL, "/commit/") || l.Repo == "" {
		t.Errorf("commit link %+v", l)
	}
	// A commit and an issue whose text is only the share URL.
	if got := text(get(6).Links[0], "message"); got != share(6) {
		t.Errorf("commit message %q, want only the share URL", got)
	}
	if got := text(get(1).Links[0], "body"); got != share(1) {
		t.Errorf("issue body %q, want only the share URL", got)
	}
	// A comment mention keeps the comment text.
	if got := text(get(7).Links[0], "comments"); !strings.Contains(got, share(7)) {
		t.Errorf("issue comment %q", got)
	}
	// A code file's base64 content is decoded.
	if got := text(get(3).Links[0], "code"); !strings.HasPrefix(got, "# Written with ChatGPT: "+share(3)+"\n") {
		t.Errorf("code %q", got)
	}
	// Hacker News: title and story text.
	if l := get(4).Links[0]; l.Kind != "hn" || !strings.Contains(text(l, "body"), share(4)) || text(l, "title") == "" {
		t.Errorf("hn link %+v", l)
	}
}

// rdDevGPTHand is a hand-written snapshot file: key case variants, an extra
// key before Sources, a source of a wrong type, a sharing without a URL, a
// string Status, a missing ReplaceString, code holding a placeholder, null
// Prompt, the same share URL twice in one source.
const rdDevGPTHand = `{"snapshot": {"date": "20231012", "Sources": "not this one"},
 "sources": [
  {"type": "Commit", "url": "https://github.com/a/b/commit/1", "reponame": "a/b", "message": "see S1",
   "chatgptsharing": [
    {"url": "S1", "status": 200, "mention": {"mentionedproperty": "message", "mentionedtext": "see S1"},
     "dateofconversation": "August 3, 2023", "model": "GPT-4",
     "conversations": [
      {"prompt": "write code", "answer": "Here:[CODE_BLOCK_0]and[CODE_BLOCK_1]x",
       "listofcode": [{"replacestring": "[CODE_BLOCK_0]", "type": "go", "content": "a := \"[CODE_BLOCK_1]\""},
                      {"type": null, "content": "b"}]},
      {"prompt": null, "answer": "[CODE_BLOCK_0][CODE_BLOCK_0]", "listofcode": [{"replacestring": "[CODE_BLOCK_0]", "content": "c"}]}]},
    {"url": "S1", "status": 200, "mention": {"mentionedproperty": "message"}, "conversations": [{"prompt": "again"}]}]},
  {"Type": "commit", "URL": 5, "ChatgptSharing": []},
  {"Type": "issue", "URL": "https://github.com/a/b/issues/2", "Title": "T", "Body": null,
   "ChatgptSharing": [{"URL": "", "Status": 200}, {"URL": "S2", "Status": "200", "Conversations": [{"Prompt": "p", "Answer": "a"}]},
                      {"URL": "S3", "Status": 500}]}
 ],
 "after": [1, 2, 3]}`

func TestDevGPTReaderHandWritten(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "20231012_230826_commit_sharings.json")
	if err := os.WriteFile(path, []byte("\ufeff"+rdDevGPTHand), 0o644); err != nil {
		t.Fatal(err)
	}
	s := rdRead(t, NewDevGPTReader([]string{path}))
	wantOrder := []string{"conv:S1", "duplicate", "problem:source=1", "problem:source=2,sharing=0", "conv:S2", "unavailable"}
	if !reflect.DeepEqual(s.order, wantOrder) {
		t.Fatalf("order %v, want %v; problems %+v", s.order, wantOrder, s.problems)
	}
	for _, p := range s.problems {
		if p.Records != 1 || p.File != path {
			t.Errorf("problem %+v, want records 1", p)
		}
	}
	c := s.convs[0]
	want := []Message{
		{Role: RoleUser, Content: "write code"},
		{Role: RoleAssistant, Content: "Here:\n```go\na := \"[CODE_BLOCK_1]\"\n```\nand\n```\nb\n```\nx"},
		{Role: RoleUser},
		{Role: RoleAssistant, Content: "\n```\nc\n```\n\n```\nc\n```\n"},
	}
	if !reflect.DeepEqual(c.Messages, want) {
		t.Errorf("messages\n got %q\nwant %q", rdContents(c.Messages), rdContents(want))
	}
	if c.Timestamp != "2023-08-03T00:00:00Z" || c.Model != "GPT-4" || c.Position != "source=0,sharing=0" {
		t.Errorf("timestamp %q model %q position %q", c.Timestamp, c.Model, c.Position)
	}
	wantLinks := []Link{{Kind: "commit", URL: "https://github.com/a/b/commit/1", Repo: "a/b", Property: "message",
		Public: []PublicText{{Property: "message", Text: "see S1"}}}}
	if !reflect.DeepEqual(c.Links, wantLinks) {
		t.Errorf("links %+v, want %+v", c.Links, wantLinks)
	}
	if l := s.convs[1].Links; len(l) != 1 || l[0].Kind != "issue" || len(l[0].Public) != 1 || l[0].Public[0] != (PublicText{"title", "T"}) {
		t.Errorf("S2 links %+v", l)
	}
}

func rdContents(msgs []Message) []string {
	out := make([]string, len(msgs))
	for i, m := range msgs {
		out[i] = m.Content
	}
	return out
}

func TestDevGPTReaderDamage(t *testing.T) {
	dir := t.TempDir()
	var convs []fixturegen.Conv
	for i := range 60 {
		convs = append(convs, rdConv(rdHex(3000+i), "gpt-4", "user", rdWords(i, 30), "assistant", rdWords(i+1, 80)))
	}
	if _, err := fixturegen.WriteDevGPT(dir, rdConvs(convs), fixturegen.DevGPTOptions{}); err != nil {
		t.Fatal(err)
	}
	files := rdDevGPTFiles(t, dir)
	commit := files[0] // 20231012_230826_commit_sharings.json: conversations 0, 6, ..., 54
	if !strings.HasSuffix(commit, "_commit_sharings.json") {
		t.Fatalf("unexpected file order %v", files)
	}
	rdCut(t, commit, 0.55)
	notDevGPT := filepath.Join(dir, "other.json")
	os.WriteFile(notDevGPT, []byte(`{"messages": []}`), 0o644)
	missing := filepath.Join(dir, "missing.json")
	s := rdRead(t, NewDevGPTReader(append([]string{missing, notDevGPT}, files...)))

	if len(s.problems) != 3 {
		t.Fatalf("problems %+v, want 3", s.problems)
	}
	for i, want := range []struct{ file, pos string }{{missing, ""}, {notDevGPT, ""}, {commit, ""}} {
		p := s.problems[i]
		if p.File != want.file || p.Records != -1 {
			t.Errorf("problem %d = %+v, want file %s, records -1", i, p, want.file)
		}
	}
	cut := s.problems[2]
	var read int // commit conversations delivered
	for _, c := range s.convs {
		if c.File == commit {
			read++
		}
	}
	if read == 0 || read >= 10 {
		t.Fatalf("%d of 10 commit conversations delivered from a cut file", read)
	}
	// The first source not read is the one after the last delivered.
	if want := "source=" + string(rune('0'+read)); cut.Position != want {
		t.Errorf("cut at %q, want %q", cut.Position, want)
	}
	if len(s.convs) != 50+read {
		t.Errorf("%d conversations, want the 50 of the other files plus %d", len(s.convs), read)
	}
}

func TestDevGPTReaderStops(t *testing.T) {
	dir := t.TempDir()
	fixturegen.WriteDevGPT(dir, rdConvs(rdCorpus()), fixturegen.DevGPTOptions{})
	s := newRDSink()
	s.stopAfter = 2
	if err := NewDevGPTReader(rdDevGPTFiles(t, dir)).Read(context.Background(), s); !errors.Is(err, errRDStop) || len(s.convs) != 2 {
		t.Errorf("sink stop: err %v after %d conversations", err, len(s.convs))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := NewDevGPTReader(rdDevGPTFiles(t, dir)).Read(ctx, newRDSink()); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: err %v", err)
	}
}

func FuzzDevGPTReader(f *testing.F) {
	dir := f.TempDir()
	fixturegen.WriteDevGPT(dir, rdConvs(rdCorpus()[:3]), fixturegen.DevGPTOptions{})
	for _, p := range rdDevGPTFiles(f, dir)[:3] {
		b, _ := os.ReadFile(p)
		f.Add(b)
	}
	f.Add([]byte(rdDevGPTHand))
	f.Add([]byte(`{"Sources":[{"ChatgptSharing":[{"URL":"x","Status":200,"Conversations":[{}]}]},`))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "f_commit_sharings.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		s := rdRead(t, NewDevGPTReader([]string{path, path}))
		seen := map[string]bool{}
		for _, c := range s.convs {
			if seen[c.ID] {
				t.Fatalf("share URL %q delivered twice", c.ID)
			}
			seen[c.ID] = true
			if len(c.Messages)%2 != 0 {
				t.Fatalf("odd number of messages")
			}
		}
		if !bytes.Contains(data, []byte("[")) && len(s.convs) > 0 {
			t.Fatalf("conversations from input without an array")
		}
	})
}
