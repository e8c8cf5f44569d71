package corpora

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/revtrace/revtrace/internal/fixturegen"
)

func TestJSONUnquote(t *testing.T) {
	tests := []struct {
		name, lit, want string
		ok              bool
	}{
		{"plain", `"hello"`, "hello", true},
		{"empty", `""`, "", true},
		{"simple escapes", `"a\"b\\c\/d\be\ff\ng\rh\ti"`, "a\"b\\c/d\be\ff\ng\rh\ti", true},
		{"unicode escape", `"caf\u00e9 \u4e2d"`, "café 中", true},
		{"surrogate pair", `"\ud83d\ude00!"`, "😀!", true},
		{"lone high surrogate", `"\ud800x"`, "\uFFFDx", true},
		{"lone low surrogate", `"\udc00"`, "\uFFFD", true},
		{"high then non-low", `"\ud800\u0041"`, "\uFFFDA", true},
		{"reversed pair", `"\udc00\ud800"`, "\uFFFD\uFFFD", true},
		{"high at the end", `"\ud83d"`, "\uFFFD", true},
		{"high then plain escape", `"\ud83d\n"`, "\uFFFD\n", true},
		{"raw UTF-8 kept", `"Jürgen 中文"`, "Jürgen 中文", true},
		{"invalid UTF-8 kept", "\"a\xffb\xe2\x82\"", "a\xffb\xe2\x82", true},
		{"invalid UTF-8 with escapes kept", "\"\xc3\\n\xff\"", "\xc3\n\xff", true},
		{"bad escape", `"\x"`, "", false},
		{"short unicode escape", `"\u12"`, "", false},
		{"bad hex", `"\u12g4"`, "", false},
		{"control byte", "\"a\nb\"", "", false},
		{"unquoted", `abc`, "", false},
		{"trailing backslash", `"abc\"`, "", false},
		{"bare quote inside", `"a"b"`, "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := jsonUnquote([]byte(tc.lit))
			if ok != tc.ok || got != tc.want {
				t.Errorf("jsonUnquote(%q) = %q, %v; want %q, %v", tc.lit, got, ok, tc.want, tc.ok)
			}
			s := &jsonScan{b: []byte(tc.lit)}
			_, end, _, sok := s.str()
			if valid := json.Valid([]byte(tc.lit)); (sok && end == len(tc.lit)) != valid {
				t.Errorf("scanner accepts %q: %v, encoding/json: %v", tc.lit, sok, valid)
			}
		})
	}
}

// replaceInvalid replaces every byte that is not part of valid UTF-8 with
// U+FFFD, as encoding/json does when it decodes a string.
func replaceInvalid(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// FuzzJSONUnquote checks the string scanner and jsonUnquote against
// encoding/json: the same literals are valid, and valid literals decode to
// the same text, except that bytes of invalid UTF-8 are kept.
func FuzzJSONUnquote(f *testing.F) {
	for _, s := range []string{`abc`, `a\"b`, `\u00e9\ud83d\ude00`, `\ud800`, `\ud800\udbff\udc00`, "x\xff\\n", `\u`, `\`, "\t", `\/\b\f\r`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, inner []byte) {
		lit := append(append([]byte{'"'}, inner...), '"')
		s := &jsonScan{b: lit}
		_, end, _, sok := s.str()
		scanned := sok && end == len(lit)
		valid := json.Valid(lit)
		if scanned != valid {
			t.Fatalf("%q: scanner %v, encoding/json %v", lit, scanned, valid)
		}
		if !valid {
			return
		}
		got, ok := jsonUnquote(lit)
		if !ok {
			t.Fatalf("%q: valid literal not decoded", lit)
		}
		var want string
		if err := json.Unmarshal(lit, &want); err != nil {
			t.Fatal(err)
		}
		if replaceInvalid(got) != want {
			t.Fatalf("%q: got %q, encoding/json %q", lit, got, want)
		}
		if utf8.Valid(inner) && got != want {
			t.Fatalf("%q: got %q, want %q", lit, got, want)
		}
	})
}

// TestJSONScanValue checks the validating skipper against json.Valid.
func TestJSONScanValue(t *testing.T) {
	tests := []string{
		`0`, `-0`, `12`, `-12.5e+3`, `1E9`, `01`, `1.`, `.5`, `-`, `1e`, `+1`, `1.5e-`,
		`true`, `false`, `null`, `tru`, `nul`, `True`,
		`""`, `"a\u0000b"`, `"\q"`,
		`[]`, `[1,2,3]`, `[1,]`, `[,1]`, `[1 2]`, ` [ 1 , [ 2 ] ] `,
		`{}`, `{"a":1}`, `{"a":1,}`, `{a:1}`, `{"a" 1}`, `{"a":}`, `{"a":[{"b":null}]}`, `{"a":1 "b":2}`,
		`[`, `{`, `{"a":1`, `[1`, "[\"\xff\"]",
	}
	for _, in := range tests {
		s := &jsonScan{b: []byte(in)}
		_, _, ok := s.value()
		s.ws()
		got := ok && s.i == len(in)
		if want := json.Valid([]byte(in)); got != want {
			t.Errorf("%q: scanner %v, encoding/json %v", in, got, want)
		}
	}
}

// edgeLines are records of every shape the messages reader handles.
var edgeLines = []string{
	`{"id": 42, "messages": [{"role": "user", "content": [{"type": "text", "text": "a"}, {"type": "image_url", "image_url": {"url": "x"}}, {"type": "text", "text": {"value": "b"}}, "c"]}, {"role": "assistant", "content": null, "tool_calls": []}, {"role": "function", "content": "r"}]}`,
	`{"messages": [ broken`,
	`{"conversation_id": "conv-4", "model": "m1", "language": "French", "messages": [{"role": "Human", "content": "x\u00e9\"q\""}, {"role": "gpt", "content": "y"}]}`,
	`{"custom_id": "req-5", "method": "POST", "url": "/v1/chat/completions", "body": {"model": "gpt-4o-mini", "messages": [{"role": "developer", "content": "sys"}, {"role": "user", "content": "u"}]}}`,
	`{"id": "x6"}`,
	`{"id": "", "conversation_id": null, "custom_id": "c7", "messages": []}`,
	`{"id":"x10","messages":[{"role":"user","content":5}]}`,
	`[1, 2]`,
	`null`,
	`{"Messages": [{"role": "user", "content": "case-insensitive key"}]}`,
	`{"messages": [{"ROLE": "user", "Content": "case-insensitive item keys"}]}`,
	`{"messages": [{"role": "user", "content": "a"}], "messages": [{"role": "assistant"}]}`,
	`{"messages": [{"role": "user", "content": "a", "content": "b"}]}`,
	`{"model": null, "body": {"model": "m", "messages": [{"role": "user", "content": "x"}]}}`,
	`{"body": {"model": "m", "messages": [null, {}]}, "id": 7.5e3}`,
	`{"body": "not an object", "messages": []}`,
	`{"messages": [{"role": 5, "content": "x"}]}`,
	`{"messages": [1]}`,
	`{"messages": {"role": "user"}}`,
	`{"messages": [{"role": "user", "content": {"type": "text", "text": "single part"}}]}`,
	`{"messages": [{"role": "user", "content": [{"type": "text", "text": {"value": 5, "value": "v"}}]}]}`,
	`{"messages": [{"role": "user", "content": [{"type": 5, "text": "t"}]}]}`,
	`{"messages": [{"role": "user", "content": "emoji \ud83d\ude00 lone \ud800"}]}`,
	`{"id": {"nested": [1, 2, {"deep": true}]}, "messages": [{"role": "user", "content": "x"}]} trailing`,
	`{"id": "a"}{"id": "b"}`,
	`{"\u0069d": "escaped key", "messages": []}`,
	`{"meſſages": [{"role": "user", "content": "unicode fold"}]}`,
	`{"language": ["en"], "model": 3, "messages": [{"role": " assistant ", "content": "  spaced  "}]}` + "\r",
	"{\"messages\": [{\"role\": \"user\", \"content\": \"bad \xff bytes\"}]}",
	`{"messages": [{"role": "user", "content": "x"}], "extra": [[[[[[[[[[[]]]]]]]]]]]}`,
}

// TestMessagesParseEquivalence: on every edge line the fast path either
// declines or gives exactly what encoding/json gives.
func TestMessagesParseEquivalence(t *testing.T) {
	r := &messagesReader{path: "f.jsonl"}
	fast := 0
	for i, line := range edgeLines {
		if checkParseEquivalence(t, r, []byte(line), i+1) {
			fast++
		}
	}
	if fast < len(edgeLines)/2 {
		t.Errorf("fast path took only %d of %d edge lines", fast, len(edgeLines))
	}
}

// checkParseEquivalence compares parse with parseSlow on one line and
// reports whether the fast path took it.
func checkParseEquivalence(t *testing.T, r *messagesReader, data []byte, line int) bool {
	t.Helper()
	got, gerr := r.parse(data, line)
	want, werr := r.parseSlow(data, line)
	if (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() || !reflect.DeepEqual(got, want) {
		t.Fatalf("%q:\nparse     %+v, %v\nparseSlow %+v, %v", data, got, gerr, want, werr)
	}
	_, ok := parseFast(data)
	if ok && !json.Valid(data) {
		t.Fatalf("%q: fast path accepted invalid JSON", data)
	}
	return ok
}

// FuzzMessagesParseEquivalence: for any line, parse (fast path when it
// applies) and parseSlow (encoding/json) agree exactly, errors included.
func FuzzMessagesParseEquivalence(f *testing.F) {
	for _, l := range edgeLines {
		f.Add([]byte(l))
	}
	var sb strings.Builder
	fixturegen.WriteMessages(&sb, rdConvs(rdCorpus()[:4]), fixturegen.MessagesOptions{})
	for _, l := range strings.Split(sb.String(), "\n") {
		f.Add([]byte(l))
	}
	r := &messagesReader{path: "f.jsonl"}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkParseEquivalence(t, r, data, 1)
	})
}

// TestMessagesFixtureTakesFastPath: every record the generator writes is
// decoded by the fast path.
func TestMessagesFixtureTakesFastPath(t *testing.T) {
	var sb strings.Builder
	n, err := fixturegen.WriteMessages(&sb, fixturegen.Generate(5, 60), fixturegen.MessagesOptions{})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n")
	if len(lines) != n {
		t.Fatalf("%d lines for %d records", len(lines), n)
	}
	r := &messagesReader{path: "g.jsonl"}
	for i, l := range lines {
		if !checkParseEquivalence(t, r, []byte(l), i+1) {
			t.Errorf("line %d not taken by the fast path: %.120s", i+1, l)
		}
	}
}

// deferSink is an rdSink that also takes Deferred records (decoding them
// at once, in order) and counts bytes.
type deferSink struct {
	*rdSink
	deferred int
	bytes    int64
}

func (s *deferSink) Deferred(d Deferred) error {
	s.deferred++
	c, p := d.Decode()
	if (c == nil) == (p == nil) {
		return errors.New("Decode must return exactly one of conversation and problem")
	}
	if p != nil {
		s.Problem(*p)
		return nil
	}
	return s.Conversation(c)
}

func (s *deferSink) Advance(n int64) {
	if n <= 0 {
		panic("Advance with a non-positive increment")
	}
	s.bytes += n
}

// TestMessagesReaderDeferred: handing lines to a DeferredSink gives the
// same conversations and problems, in the same order, as decoding in the
// reader; a ByteCounter learns the whole file size.
func TestMessagesReaderDeferred(t *testing.T) {
	var sb strings.Builder
	for _, l := range edgeLines {
		sb.WriteString(l + "\n\n")
	}
	fixturegen.WriteMessages(&sb, fixturegen.Generate(3, 200), fixturegen.MessagesOptions{})
	for _, kind := range []string{"", "zst", "gz"} {
		t.Run("compression="+kind, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "mixed.jsonl")
			if kind != "" {
				path += "." + kind
			}
			rdWriteFile(t, path, kind, func(w io.Writer) error {
				_, err := io.WriteString(w, sb.String())
				return err
			})
			plain := rdRead(t, NewMessagesReader(path))
			ds := &deferSink{rdSink: newRDSink()}
			if err := NewMessagesReader(path).Read(context.Background(), ds); err != nil {
				t.Fatal(err)
			}
			if ds.deferred != len(plain.convs)+len(plain.problems) {
				t.Errorf("%d deferred records, want %d", ds.deferred, len(plain.convs)+len(plain.problems))
			}
			if !reflect.DeepEqual(ds.order, plain.order) || !reflect.DeepEqual(ds.convs, plain.convs) || !reflect.DeepEqual(ds.problems, plain.problems) {
				t.Errorf("deferred decoding differs from decoding in the reader")
			}
			st, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if ds.bytes != st.Size() {
				t.Errorf("advanced %d bytes, file has %d", ds.bytes, st.Size())
			}
		})
	}
}

// TestMessagesKeepsInvalidUTF8: bytes that are not UTF-8 reach the
// conversation exactly as the file has them (DESIGN.md §4).
func TestMessagesKeepsInvalidUTF8(t *testing.T) {
	tests := []struct{ name, line, want string }{
		{"fast path", "{\"messages\":[{\"role\":\"user\",\"content\":\"caf\xe9 \\u00e9\\n\"}]}", "caf\xe9 é\n"},
		{"slow path (duplicate key)", "{\"id\":1,\"id\":2,\"messages\":[{\"role\":\"user\",\"content\":\"\xff\xfe\"}]}", "\xff\xfe"},
		{"list of parts", "{\"messages\":[{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"a\x80\"},\"b\xc3\"]}]}", "a\x80\nb\xc3"},
	}
	r := &messagesReader{path: "u.jsonl"}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := r.parse([]byte(tc.line), 1)
			if err != nil {
				t.Fatal(err)
			}
			if got := c.Messages[0].Content; got != tc.want {
				t.Errorf("content %q, want %q", got, tc.want)
			}
		})
	}
}

// BenchmarkMessagesParse decodes generated records with the fast path and
// with encoding/json (bytes = the records' JSON).
func BenchmarkMessagesParse(b *testing.B) {
	var sb strings.Builder
	if _, err := fixturegen.WriteMessages(&sb, fixturegen.Generate(2, 2000), fixturegen.MessagesOptions{}); err != nil {
		b.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n")
	r := &messagesReader{path: "b.jsonl"}
	for _, path := range []struct {
		name  string
		parse func([]byte, int) (*Conversation, error)
	}{{"fast", r.parse}, {"encoding-json", r.parseSlow}} {
		b.Run(path.name, func(b *testing.B) {
			b.SetBytes(int64(sb.Len()))
			for b.Loop() {
				for i, l := range lines {
					if _, err := path.parse([]byte(l), i+1); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// contentEdgeCases are message contents of every shape.
var contentEdgeCases = []string{
	`"plain"`, `"esc\n\u00e9"`, `null`, `5`, `true`, `[]`, `{}`,
	`[{"type": "text", "text": "a"}, {"type": "image_url", "image_url": {"url": "x"}}, "b", null, 3]`,
	`[{"type": "input_text", "text": "in"}, {"type": "output_text", "text": "out"}, {"text": "untyped"}]`,
	`[{"type": null, "text": "null type"}, {"type": "text"}, {"type": "text", "text": null}, {"type": "text", "text": 7}]`,
	`[{"type": "text", "text": {"value": "v"}}, {"type": "text", "text": {"value": 1}}]`,
	`[{"type": 5, "text": "bad type"}]`,
	`[{"Type": "image", "text": "folded key"}]`,
	`[{"type": "text", "text": "a", "text": "b"}]`,
	`[{"type": "text", "text": "x"} "missing comma"]`,
	`[{"type": "text", "text": "x"}]]`,
	`{"type": "text", "text": "single part"}`,
	`{"type": "image_url"}`,
	`[[1, 2], {"type": "text", "text": "after a nested list"}]`,
	"[{\"type\": \"text\", \"text\": \"bad \xff byte\"}, \"raw \xfe\"]",
	`["\ud83d\ude00", "\ud800"]`,
	`  [ "spaced" ,  { "type" : "text" , "text" : "out" } ]  `,
}

// TestContentEquivalence: the scanner's decoding of contents equals the
// encoding/json one, errors included.
func TestContentEquivalence(t *testing.T) {
	fast := 0
	for _, raw := range contentEdgeCases {
		if checkContentEquivalence(t, []byte(raw)) {
			fast++
		}
	}
	if fast < len(contentEdgeCases)/2 {
		t.Errorf("fast path took only %d of %d contents", fast, len(contentEdgeCases))
	}
}

// checkContentEquivalence compares messagesContent with
// messagesContentSlow on one JSON value and reports whether the scanner
// decoded it.
func checkContentEquivalence(t *testing.T, raw []byte) bool {
	t.Helper()
	if !json.Valid(raw) {
		return false // contents reach messagesContent only after validation
	}
	got, gerr := messagesContent(raw)
	want, werr := messagesContentSlow(raw)
	if got != want || (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() {
		t.Fatalf("%q: messagesContent %q, %v; messagesContentSlow %q, %v", raw, got, gerr, want, werr)
	}
	trimmed := bytes.TrimSpace(raw)
	_, ok := partsFast(trimmed)
	return ok || len(trimmed) > 0 && trimmed[0] == '"'
}

// FuzzMessagesContentEquivalence: messagesContent and messagesContentSlow
// agree on every valid JSON value.
func FuzzMessagesContentEquivalence(f *testing.F) {
	for _, raw := range contentEdgeCases {
		f.Add([]byte(raw))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		checkContentEquivalence(t, raw)
	})
}

// TestSafeEnd holds the word-at-a-time scan to the byte table on random
// strings dense in the bytes that end it and in bytes above 0x7f.
func TestSafeEnd(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	alphabet := []byte{'a', ' ', '"', '\\', 0x00, 0x1f, 0x20, 0x21, 0x5b, 0x5d, 0x7f, 0x80, 0xa2, 0xdc, 0xff, '\n'}
	for range 20000 {
		b := make([]byte, r.IntN(40))
		for k := range b {
			if r.IntN(4) == 0 {
				b[k] = alphabet[r.IntN(len(alphabet))]
			} else {
				b[k] = byte(0x20 + r.IntN(0xe0))
			}
		}
		i := 0
		if len(b) > 0 {
			i = r.IntN(len(b) + 1)
		}
		want := i
		for want < len(b) && jsonStrSafe[b[want]] {
			want++
		}
		if got := safeEnd(b, i); got != want {
			t.Fatalf("safeEnd(%q, %d) = %d, want %d", b, i, got, want)
		}
	}
}
