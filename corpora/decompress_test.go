package corpora

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"

	"github.com/revtrace/revtrace/internal/fixturegen"
)

// rdSink collects what a reader delivers, in order. stopAfter > 0 makes
// Conversation fail once that many conversations were received.
type rdSink struct {
	convs       []*Conversation
	problems    []Problem
	unavailable map[string]int
	duplicates  map[string]int
	order       []string // "conv:ID", "problem:POS", "unavailable", "duplicate"
	stopAfter   int
}

var errRDStop = errors.New("sink asked to stop")

func newRDSink() *rdSink {
	return &rdSink{unavailable: map[string]int{}, duplicates: map[string]int{}}
}

func (s *rdSink) Conversation(c *Conversation) error {
	s.convs = append(s.convs, c)
	s.order = append(s.order, "conv:"+c.ID)
	if s.stopAfter > 0 && len(s.convs) >= s.stopAfter {
		return errRDStop
	}
	return nil
}

func (s *rdSink) Problem(p Problem) {
	s.problems = append(s.problems, p)
	s.order = append(s.order, "problem:"+p.Position)
}

func (s *rdSink) Unavailable(corpus string) {
	s.unavailable[corpus]++
	s.order = append(s.order, "unavailable")
}

func (s *rdSink) Duplicate(corpus string) {
	s.duplicates[corpus]++
	s.order = append(s.order, "duplicate")
}

// byID returns the conversation with the given ID.
func (s *rdSink) byID(t testing.TB, id string) *Conversation {
	t.Helper()
	for _, c := range s.convs {
		if c.ID == id {
			return c
		}
	}
	t.Fatalf("no conversation %q among %d", id, len(s.convs))
	return nil
}

// messages counts the messages of all conversations.
func (s *rdSink) messages() int {
	n := 0
	for _, c := range s.convs {
		n += len(c.Messages)
	}
	return n
}

// rdRead runs a reader to the end into a fresh sink.
func rdRead(t testing.TB, r Reader) *rdSink {
	t.Helper()
	s := newRDSink()
	if err := r.Read(context.Background(), s); err != nil {
		t.Fatalf("Read: %v", err)
	}
	return s
}

// rdConv builds a conversation from role, content pairs.
func rdConv(id, model string, rc ...string) fixturegen.Conv {
	c := fixturegen.Conv{ID: id, Model: model, Language: "English"}
	for i := 0; i+1 < len(rc); i += 2 {
		c.Messages = append(c.Messages, fixturegen.Msg{Role: rc[i], Content: rc[i+1]})
	}
	return c
}

// rdHex returns a 32-hex-digit ID.
func rdHex(n int) string {
	const digits = "0123456789abcdef"
	b := []byte("c0ffee00000000000000000000000000")
	for i := len(b) - 1; n > 0; i-- {
		b[i] = digits[n%16]
		n /= 16
	}
	return string(b)
}

// rdCorpus is a small set of conversations used by the reader tests:
// code blocks with and without a language, multi-line texts, quotes,
// commas, CRLF line endings, non-ASCII, an empty message, a system prompt.
func rdCorpus() []fixturegen.Conv {
	convs := []fixturegen.Conv{
		rdConv(rdHex(1), "gpt-4o",
			"user", "Write a README for my tool.",
			"assistant", "# Tool\n\nRun it:\n```bash\n./tool --fast\n```\nThat's all.",
			"user", "remove the --fast flag",
			"assistant", "# Tool\n\nRun it:\n```bash\n./tool\n```\nI removed the `--fast` flag."),
		rdConv(rdHex(2), "gpt-3.5-turbo",
			"user", "Draft an email to Bob.\nMention the budget of $5,000.",
			"assistant", "Subject: Budget\n\nHi Bob,\nthe budget is $5,000.\n\nBest,\nAnn",
			"user", `take out the "budget" figure, please`,
			"assistant", "Subject: Budget\n\nHi Bob,\nthe budget is attached.\n\nBest,\nAnn"),
		rdConv(rdHex(3), "gpt-4",
			"user", "fix this",
			"assistant", "```\nx = 1\n```\nDone.\n```python\nprint(x)\n```"),
		rdConv(rdHex(4), "gpt-4o",
			"user", "Schreib eine Notiz über Jürgen.",
			"assistant", "Notiz:\r\nJürgen kommt um 10 Uhr.\r\n",
			"user", "lass Jürgen weg",
			"assistant", "Notiz:\r\nEr kommt um 10 Uhr.\r\n"),
		rdConv(rdHex(5), "gpt-4o",
			"user", "hi",
			"assistant", ""),
		rdConv(rdHex(6), "gpt-4o",
			"system", "Be brief.",
			"user", "Summarise: a, b, c",
			"assistant", "a; b; c"),
	}
	for i := 7; i <= 13; i++ {
		convs = append(convs, rdConv(rdHex(i), "gpt-4o",
			"user", "Question number "+strings.Repeat("x", i)+"?",
			"assistant", "Answer with code:\n```go\nfmt.Println(\""+strings.Repeat("y", i)+"\")\n```\nok",
			"user", "shorter",
			"assistant", "ok"))
	}
	return convs
}

// rdWriteFile writes a file through fixturegen.Compress ("", "zst", "gz").
func rdWriteFile(t testing.TB, path, kind string, write func(w io.Writer) error) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w, err := fixturegen.Compress(f, kind)
	if err != nil {
		t.Fatal(err)
	}
	if err := write(w); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// rdCut truncates a file to frac of its size.
func rdCut(t testing.TB, path string, frac float64) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b[:int(float64(len(b))*frac)], 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestOpen(t *testing.T) {
	dir := t.TempDir()
	payload := []byte(strings.ReplaceAll(rdWords(1, 30000), " ", "\n")) // ~250 kB in two zstd blocks
	var zbuf, gbuf, gmulti bytes.Buffer
	zw, _ := zstd.NewWriter(&zbuf)
	zw.Write(payload)
	zw.Close()
	gw := gzip.NewWriter(&gbuf)
	gw.Write(payload)
	gw.Close()
	for _, part := range [][]byte{payload[:1000], payload[1000:]} { // two gzip members
		g := gzip.NewWriter(&gmulti)
		g.Write(part)
		g.Close()
	}
	files := map[string][]byte{
		"plain.txt":    payload,
		"data.zst":     zbuf.Bytes(),
		"data.gz":      gbuf.Bytes(),
		"multi.gz":     gmulti.Bytes(),
		"misnamed.txt": zbuf.Bytes(), // the name is not consulted
		"empty":        nil,
		"short":        {0x1F},
		"cut.zst":      zbuf.Bytes()[:zbuf.Len()/2],
		"cut.gz":       gbuf.Bytes()[:gbuf.Len()/2],
		"badhead.gz":   {0x1F, 0x8B, 0xFF, 0xFF, 0, 0},
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name    string
		want    []byte
		wantErr bool // Read must fail (after the bytes it could decode)
	}{
		{"plain.txt", payload, false},
		{"data.zst", payload, false},
		{"data.gz", payload, false},
		{"multi.gz", payload, false},
		{"misnamed.txt", payload, false},
		{"empty", nil, false},
		{"short", []byte{0x1F}, false},
		{"cut.zst", nil, true},
		{"cut.gz", nil, true},
		{"badhead.gz", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rc, err := Open(filepath.Join(dir, tt.name))
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			got, err := io.ReadAll(rc)
			if cerr := rc.Close(); cerr != nil {
				t.Errorf("Close: %v", cerr)
			}
			if tt.wantErr {
				if err == nil {
					t.Fatalf("Read succeeded with %d bytes, want an error", len(got))
				}
				if !bytes.HasPrefix(payload, got) {
					t.Errorf("bytes before the damage are not a prefix of the payload")
				}
				return
			}
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if !bytes.Equal(got, tt.want) {
				t.Errorf("got %d bytes, want %d", len(got), len(tt.want))
			}
		})
	}
	if _, err := Open(filepath.Join(dir, "missing")); err == nil {
		t.Error("Open of a missing file succeeded")
	}
	// A damaged stream must have delivered data before failing.
	rc, _ := Open(filepath.Join(dir, "cut.zst"))
	got, err := io.ReadAll(rc)
	rc.Close()
	if err == nil || len(got) == 0 {
		t.Errorf("cut.zst: got %d bytes and err %v, want some bytes then an error", len(got), err)
	}
}

// rdWords returns n pseudo-random words (deterministic for a seed), so that
// test files do not compress into a single zstd block.
func rdWords(seed, n int) string {
	words := []string{"alpha", "budget", "config", "deploy", "email", "figure", "garden", "harbor", "invoice",
		"journal", "kernel", "ledger", "meeting", "notice", "office", "password", "quarter", "report", "server", "token"}
	x := uint32(seed*2654435761 + 1)
	var sb strings.Builder
	for i := range n {
		x = x*1664525 + 1013904223
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(words[x>>27%20])
		sb.WriteString(strconv.Itoa(int(x>>16) % 97))
	}
	return sb.String()
}

// rdConvs is a fixturegen.Seq over convs.
func rdConvs(convs []fixturegen.Conv) fixturegen.Seq { return slices.Values(convs) }
