package corpora

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/revtrace/revtrace/internal/fixturegen"
)

type rdParquetTurn struct {
	Role    string `parquet:"role"`
	Content string `parquet:"content"`
}

type rdParquetWildChat struct {
	Hash         string          `parquet:"conversation_hash"`
	Model        string          `parquet:"model"`
	Conversation []rdParquetTurn `parquet:"conversation,list"`
}

type rdParquetOldWildChat struct {
	ID           string          `parquet:"conversation_id"`
	Conversation []rdParquetTurn `parquet:"conversation,list"`
}

type rdParquetOther struct {
	Name  string `parquet:"name"`
	Value int64  `parquet:"value"`
}

// rdSniffFiles writes one file of every kind Sniff must tell apart into dir
// and returns the expected format per name ("" = an error is expected, with
// the substring in errs).
func rdSniffFiles(t *testing.T, dir string) (want map[string]string, errs map[string]string) {
	t.Helper()
	convs := rdCorpus()[:3]
	want, errs = map[string]string{}, map[string]string{}
	write := func(name, format string, fn func(w io.Writer) error) {
		for _, kind := range []string{"", "zst", "gz"} {
			n := name
			if kind != "" {
				n += "." + kind
			}
			rdWriteFile(t, filepath.Join(dir, n), kind, fn)
			want[n] = format
		}
	}
	write("chats.jsonl", FormatMessages, func(w io.Writer) error {
		_, err := fixturegen.WriteMessages(w, rdConvs(convs), fixturegen.MessagesOptions{})
		return err
	})
	write("nomsgs-first.jsonl", FormatMessages, func(w io.Writer) error { // the first record has no messages
		_, err := fixturegen.WriteMessages(w, rdConvs(append([]fixturegen.Conv{{ID: "e"}}, convs...)), fixturegen.MessagesOptions{})
		return err
	})
	write("sharechat.csv", FormatShareChat, func(w io.Writer) error {
		_, err := fixturegen.WriteShareChat(w, rdConvs(convs), fixturegen.ShareChatOptions{})
		return err
	})
	devdir := filepath.Join(dir, "devgpt-src")
	if _, err := fixturegen.WriteDevGPT(devdir, rdConvs(convs), fixturegen.DevGPTOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, p := range rdDevGPTFiles(t, devdir) {
		b, _ := os.ReadFile(p)
		name := filepath.Base(p)
		write(name, FormatDevGPT, func(w io.Writer) error { _, err := w.Write(b); return err })
	}
	// A DevGPT file is read only up to its first key: what follows does not
	// matter (here it is cut off).
	write("huge_devgpt.json", FormatDevGPT, func(w io.Writer) error {
		_, err := io.WriteString(w, "\ufeff\n  {\"Sources\": [{\"Type\": \"commit\", \"HTMLContent\": \"<html>"+strings.Repeat("x", 1<<20))
		return err
	})
	// JSON Lines whose first record is damaged: the next record decides.
	write("brokenfirst.jsonl", FormatMessages, func(w io.Writer) error {
		io.WriteString(w, "{\"messages\": [{\"role\": \"user\", \"cont\n\n")
		_, err := fixturegen.WriteMessages(w, rdConvs(convs), fixturegen.MessagesOptions{})
		return err
	})
	write("brokenfirst-sharegpt.jsonl", FormatShareGPT, func(w io.Writer) error {
		io.WriteString(w, "{\"id\": \"x\", \"conversations\": [\n")
		_, err := fixturegen.WriteShareGPT(w, rdConvs(convs), fixturegen.ShareGPTOptions{JSONLines: true})
		return err
	})
	write("batch-first.jsonl", FormatMessages, func(w io.Writer) error {
		_, err := io.WriteString(w, `{"custom_id": "r1", "method": "POST", "body": {"model": "m", "messages": [{"role": "user", "content": "hi"}]}}`+"\n")
		return err
	})
	other := map[string]struct{ text, err string }{
		"array.json":      {`[{"prompt": "a", "completion": "b"}]`, `not a ShareGPT file`},
		"wildchat.jsonl":  {`{"conversation_hash": "h", "conversation": [{"role": "user", "content": "x"}]}`, "Parquet files"},
		"other.jsonl":     {`{"prompt": "a", "completion": "b"}`, `"prompt" "completion"`},
		"links.csv":       {"URL,Status,MentionedURL,MentionedSource,MentionedProperty,MentionedAuthor\n", "DevGPT link list"},
		"table.csv":       {"a,b,c\n1,2,3\n", `not ShareChat`},
		"notes.txt":       {"just some notes\n", "unrecognised content"},
		"empty.jsonl":     {"", "empty file"},
		"blank.jsonl":     {"\n\n  \n", "empty file"},
		"broken.json":     {`{"Sources" [`, "bad JSON"},
		"emptyarray.json": {`[]`, "empty JSON array"},
		"binary.bin":      {"\x00\x01\x02,\x03", "unrecognised content"},
		// An intact first record of another kind keeps its verdict, and a
		// damaged one followed by no JSON Lines record stays an error.
		"other-then-messages.jsonl": {`{"prompt": "a"}` + "\n" + `{"messages": [{"role": "user", "content": "hi"}]}` + "\n", `"prompt"`},
		"broken-then-devgpt.json":   {"{\"Sources\" [\n" + `{"Sources": []}` + "\n", "bad JSON"},
	}
	for name, text := range map[string]struct{ text, format string }{
		"sharegpt.json":  {`[{"id": "a", "conversations": [{"from": "human", "value": "hi"}]}]`, FormatShareGPT},
		"sharegpt.jsonl": {`{"id": "a", "conversations": [{"from": "human", "value": "hi"}]}` + "\n", FormatShareGPT},
		"export.json":    {`[{"id": "c", "title": "t", "mapping": {}, "current_node": "n"}]`, FormatChatGPT},
		"single.json":    {`{"id": "c", "title": "t", "mapping": {}, "current_node": "n"}`, FormatChatGPT},
		"claude.json":    {`[{"uuid": "u", "name": "n", "chat_messages": []}]`, FormatClaude},
	} {
		os.WriteFile(filepath.Join(dir, name), []byte(text.text), 0o644)
		want[name] = text.format
	}
	for name, o := range other {
		os.WriteFile(filepath.Join(dir, name), []byte(o.text), 0o644)
		want[name], errs[name] = "", o.err
	}
	if err := parquet.WriteFile(filepath.Join(dir, "train-00000-of-00014.parquet"), []rdParquetWildChat{
		{Hash: "3f2a", Model: "gpt-4o", Conversation: []rdParquetTurn{{"user", "a"}, {"assistant", "b"}}}}); err != nil {
		t.Fatal(err)
	}
	want["train-00000-of-00014.parquet"] = FormatWildChat
	if err := parquet.WriteFile(filepath.Join(dir, "old.parquet"), []rdParquetOldWildChat{{ID: "x", Conversation: []rdParquetTurn{{"user", "a"}}}}); err != nil {
		t.Fatal(err)
	}
	want["old.parquet"] = FormatWildChat
	if err := parquet.WriteFile(filepath.Join(dir, "other.parquet"), []rdParquetOther{{"a", 1}}); err != nil {
		t.Fatal(err)
	}
	want["other.parquet"], errs["other.parquet"] = "", `columns ["name" "value"]: not WildChat`
	var pq bytes.Buffer
	parquet.Write(&pq, []rdParquetOther{{"a", 1}})
	os.WriteFile(filepath.Join(dir, "bad.parquet"), append([]byte("PAR1"), pq.Bytes()[4:len(pq.Bytes())/2]...), 0o644)
	want["bad.parquet"], errs["bad.parquet"] = "", "Parquet"
	rdWriteFile(t, filepath.Join(dir, "packed.parquet.zst"), "zst", func(w io.Writer) error { _, err := w.Write(pq.Bytes()); return err })
	want["packed.parquet.zst"], errs["packed.parquet.zst"] = "", "decompress it first"
	return want, errs
}

func TestSniff(t *testing.T) {
	dir := t.TempDir()
	want, errs := rdSniffFiles(t, dir)
	for name, format := range want {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, name)
			got, err := Sniff(path)
			if format != "" {
				if err != nil || got != format {
					t.Fatalf("Sniff = %q, %v; want %q", got, err, format)
				}
				return
			}
			if err == nil {
				t.Fatalf("Sniff = %q, want an error", got)
			}
			if !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), errs[name]) {
				t.Errorf("error %q should name the file and say %q", err, errs[name])
			}
		})
	}
	if _, err := Sniff(filepath.Join(dir, "missing")); err == nil {
		t.Error("Sniff of a missing file succeeded")
	}
}
