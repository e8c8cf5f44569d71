package corpora

import (
	"archive/zip"
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/revtrace/revtrace/internal/fixturegen"
)

func TestExpand(t *testing.T) {
	root := t.TempDir()
	mk := func(rel, text string) string {
		p := filepath.Join(root, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	msg := `{"id": "x", "messages": [{"role": "user", "content": "hi"}]}` + "\n"
	mk("a/chats.jsonl", msg)
	mk("a/.hidden.jsonl", msg)
	mk("a/.git/inside.jsonl", msg)
	mk("a/README.md", "# notes\n")
	mk("a/zz.jsonl", msg)
	os.MkdirAll(filepath.Join(root, "a/sub"), 0o755)
	rdWriteFile(t, filepath.Join(root, "a/sub/share.csv.zst"), "zst", func(w io.Writer) error {
		_, err := fixturegen.WriteShareChat(w, rdConvs(rdCorpus()[:2]), fixturegen.ShareChatOptions{})
		return err
	})
	if _, err := fixturegen.WriteDevGPT(filepath.Join(root, "b"), rdConvs(rdCorpus()[:2]), fixturegen.DevGPTOptions{}); err != nil {
		t.Fatal(err)
	}
	mk("b/"+fixturegen.DevGPTSnapshot+"/ChatGPT_Link_Sharing.csv", "URL,Status,MentionedURL,MentionedSource,MentionedProperty,MentionedAuthor\n")
	notes := mk("c/notes.txt", "plain notes\n")
	os.MkdirAll(filepath.Join(root, "d"), 0o755)
	if err := os.Symlink(filepath.Join(root, "a/chats.jsonl"), filepath.Join(root, "d/link.jsonl")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "a"), filepath.Join(root, "d/linkdir")); err != nil {
		t.Fatal(err)
	}

	j := func(rel string) string { return filepath.Join(root, rel) }
	devgpt := rdDevGPTFiles(t, filepath.Join(root, "b"))
	tests := []struct {
		name     string
		args     []string
		format   string
		want     []Input
		problems []string // File of each Problem
	}{
		{
			name: "directory walk skips hidden and unknown files",
			args: []string{j("a")},
			want: []Input{{j("a/chats.jsonl"), FormatMessages}, {j("a/sub/share.csv.zst"), FormatShareChat}, {j("a/zz.jsonl"), FormatMessages}},
		},
		{
			name: "glob, duplicates, named unknown file, missing file, empty glob",
			args: []string{j("b/snapshot_*/*_sharings.json"), j("a/chats.jsonl"), notes, j("a/./chats.jsonl"),
				j("missing.jsonl"), j("nomatch*.json"), j("a")},
			want: append(append([]Input{}, rdInputs(devgpt, FormatDevGPT)...),
				Input{j("a/chats.jsonl"), FormatMessages}, Input{j("a/sub/share.csv.zst"), FormatShareChat}, Input{j("a/zz.jsonl"), FormatMessages}),
			problems: []string{notes, j("missing.jsonl"), j("nomatch*.json")},
		},
		{
			name: "a glob is expanded as a shell would",
			args: []string{j("a/*"), j("a/.h*")},
			want: []Input{{j("a/chats.jsonl"), FormatMessages}, {j("a/sub/share.csv.zst"), FormatShareChat},
				{j("a/zz.jsonl"), FormatMessages}, {j("a/.hidden.jsonl"), FormatMessages}},
			problems: []string{j("a/README.md")},
		},
		{
			name: "snapshot folder: the link list is skipped",
			args: []string{j("b")},
			want: rdInputs(devgpt, FormatDevGPT),
		},
		{
			name:   "format overrides sniffing",
			args:   []string{j("a"), notes},
			format: FormatMessages,
			want: []Input{{j("a/README.md"), FormatMessages}, {j("a/chats.jsonl"), FormatMessages},
				{j("a/sub/share.csv.zst"), FormatMessages}, {j("a/zz.jsonl"), FormatMessages}, {notes, FormatMessages}},
		},
		{
			name: "symlinked files are followed, symlinked directories are not",
			args: []string{j("d")},
			want: []Input{{j("d/link.jsonl"), FormatMessages}},
		},
		{
			name:     "a missing relative path is a problem",
			args:     []string{"testdata-does-not-exist"},
			problems: []string{"testdata-does-not-exist"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, problems := Expand(tt.args, tt.format)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("inputs\n got %v\nwant %v", got, tt.want)
			}
			var files []string
			for _, p := range problems {
				files = append(files, p.File)
				if p.Reason == "" || p.Records != -1 {
					t.Errorf("problem %+v", p)
				}
			}
			if !reflect.DeepEqual(files, tt.problems) {
				t.Errorf("problems %+v, want for %v", problems, tt.problems)
			}
		})
	}
	// A relative directory argument yields relative paths.
	wd, _ := os.Getwd()
	defer os.Chdir(wd)
	os.Chdir(root)
	got, _ := Expand([]string{"a/sub"}, "")
	if want := []Input{{filepath.Join("a", "sub", "share.csv.zst"), FormatShareChat}}; !reflect.DeepEqual(got, want) {
		t.Errorf("relative: %v, want %v", got, want)
	}
}

func rdInputs(paths []string, format string) []Input {
	out := make([]Input, len(paths))
	for i, p := range paths {
		out[i] = Input{p, format}
	}
	return out
}

func TestNewReaders(t *testing.T) {
	inputs := []Input{
		{"m.jsonl", FormatMessages}, {"s1_commit_sharings.json", FormatDevGPT}, {"c.csv", FormatShareChat},
		{"s2_issue_sharings.json", FormatDevGPT}, {"w.parquet", FormatWildChat}, {"l.parquet", "bogus"},
	}
	readers := NewReaders(inputs)
	if len(readers) != 5 {
		t.Fatalf("%d readers, want 5", len(readers))
	}
	if r, ok := readers[0].(*messagesReader); !ok || r.path != "m.jsonl" {
		t.Errorf("reader 0 = %#v", readers[0])
	}
	if r, ok := readers[1].(*devgptReader); !ok || !reflect.DeepEqual(r.paths, []string{"s1_commit_sharings.json", "s2_issue_sharings.json"}) {
		t.Errorf("reader 1 = %#v, want one DevGPT reader over both files", readers[1])
	}
	if r, ok := readers[2].(*sharechatReader); !ok || r.path != "c.csv" {
		t.Errorf("reader 2 = %#v", readers[2])
	}
	if readers[3] == nil {
		t.Error("no WildChat reader")
	}
	s := rdRead(t, readers[4])
	if len(s.problems) != 1 || s.problems[0].File != "l.parquet" || !strings.Contains(s.problems[0].Reason, `"bogus"`) {
		t.Errorf("unsupported format: problems %+v", s.problems)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := readers[4].Read(ctx, newRDSink()); err == nil {
		t.Error("cancelled context not reported")
	}
}

// TestExpandReportsDamagedFiles: walking a directory skips files of other
// kinds silently, but a damaged corpus file (a Parquet file without its
// footer, a cut ZIP export, a compressed stream broken at its start) is a
// Problem, as it would be if named: its records must not vanish.
func TestExpandReportsDamagedFiles(t *testing.T) {
	dir := t.TempDir()
	var pq bytes.Buffer
	if _, err := fixturegen.WriteWildChat(&pq, rdConvs(rdCorpus()[:6]), fixturegen.WildChatOptions{}); err != nil {
		t.Fatal(err)
	}
	var zb bytes.Buffer
	if _, err := fixturegen.WriteChatGPTExport(&zb, rdConvs(rdCorpus()[:6]), fixturegen.ChatGPTExportOptions{Zip: true}); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{
		"a-cut.parquet":  pq.Bytes()[:pq.Len()/2],
		"b-cut.zip":      zb.Bytes()[:zb.Len()/2],
		"c-badhead.gz":   {0x1F, 0x8B, 0xFF, 0xFF, 0, 0},
		"d-cut.zst":      {0x28, 0xB5, 0x2F, 0xFD, 0x08},
		"e-notes.txt":    []byte("plain notes\n"),
		"f-good.parquet": pq.Bytes(),
	}
	var other bytes.Buffer
	parquet.Write(&other, []rdParquetOther{{"a", 1}})
	files["g-other.parquet"] = other.Bytes() // valid, not a corpus: skipped
	var nozip bytes.Buffer
	zw := zip.NewWriter(&nozip)
	f, _ := zw.Create("notes.txt")
	f.Write([]byte("hi"))
	zw.Close()
	files["h-nozip.zip"] = nozip.Bytes() // a ZIP of something else: skipped
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	inputs, problems := Expand([]string{dir}, "")
	if want := []Input{{filepath.Join(dir, "f-good.parquet"), FormatWildChat}}; !reflect.DeepEqual(inputs, want) {
		t.Errorf("inputs %v, want %v", inputs, want)
	}
	want := []struct{ name, pos string }{{"a-cut.parquet", "row=0"}, {"b-cut.zip", ""}, {"c-badhead.gz", ""}, {"d-cut.zst", ""}}
	if len(problems) != len(want) {
		t.Fatalf("problems %+v, want %v", problems, want)
	}
	for i, w := range want {
		p := problems[i]
		if p.File != filepath.Join(dir, w.name) || p.Position != w.pos || p.Records != -1 || p.Reason == "" {
			t.Errorf("problem %d = %+v, want %s at %q", i, p, w.name, w.pos)
		}
	}
}
