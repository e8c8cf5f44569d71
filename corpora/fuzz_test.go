package corpora

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"github.com/revtrace/revtrace/internal/fixturegen"
)

// Fuzz targets for the parts every reader shares: decompression (Open),
// sniffing with the directory walk (Sniff, Expand) and reading a ZIP export
// in place. The per-format readers have their own targets next to their
// tests (FuzzWildChatReader, FuzzShareChatReader, FuzzDevGPTReader,
// FuzzMessagesReader, FuzzShareGPT, FuzzLMSYS, FuzzChatGPTExport,
// FuzzClaudeExport). Seed corpora: testdata/fuzz/FuzzName/.

// fzMax bounds what a target reads from a decompressed stream.
const fzMax = 8 << 20

func fzCompress(kind string, b []byte) []byte {
	var out bytes.Buffer
	switch kind {
	case "zst":
		w, _ := zstd.NewWriter(&out)
		w.Write(b)
		w.Close()
	case "gz":
		w := gzip.NewWriter(&out)
		w.Write(b)
		w.Close()
	}
	return out.Bytes()
}

// fzZip returns a ZIP archive holding b as name, stored (a deflate writer
// per input would cost more than the reading under test).
func fzZip(name string, b []byte) []byte {
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	f, _ := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Store})
	f.Write(b)
	zw.Close()
	return out.Bytes()
}

func fzWrite(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// FuzzOpen: decompression never panics, gives the same bytes (and the same
// error) every time, and passes any file without a compression magic
// through unchanged.
func FuzzOpen(f *testing.F) {
	payload := []byte(`{"id": 1, "messages": [{"role": "user", "content": "hi"}]}` + "\n")
	for _, kind := range []string{"zst", "gz"} {
		b := fzCompress(kind, payload)
		f.Add(b)
		f.Add(b[:len(b)/2])
		f.Add(append(bytes.Clone(b), b...)) // two frames / members
	}
	f.Add(payload)
	f.Add([]byte{0x28, 0xB5, 0x2F, 0xFD, 0x08, 0, 0, 0})
	f.Add([]byte{0x1F, 0x8B, 0xFF, 0xFF, 0, 0})
	dir := f.TempDir() // one per fuzzing process, whose inputs run one at a time
	f.Fuzz(func(t *testing.T, data []byte) {
		path := fzWrite(t, dir, "f", data)
		read := func() ([]byte, error) {
			rc, err := Open(path)
			if err != nil {
				t.Fatalf("Open of an existing file: %v", err)
			}
			defer rc.Close()
			return io.ReadAll(io.LimitReader(rc, fzMax))
		}
		a, errA := read()
		b, errB := read()
		if !bytes.Equal(a, b) || (errA == nil) != (errB == nil) || errA != nil && errA.Error() != errB.Error() {
			t.Fatalf("two reads differ: %d bytes (%v), %d bytes (%v)", len(a), errA, len(b), errB)
		}
		if compressionOf(data) == compressionNone && (errA != nil || !bytes.Equal(a, data)) {
			t.Fatalf("a plain file was changed (%v)", errA)
		}
	})
}

// FuzzSniff: sniffing never panics and is deterministic; walking a
// directory holding the file agrees with it (the file is an input of the
// sniffed format, a Problem exactly when Sniff calls it damaged, or
// silently skipped); a sniffed file is read without panic, twice alike,
// every conversation and problem naming the file.
func FuzzSniff(f *testing.F) {
	var msgs, sc, sg bytes.Buffer
	convs := []fixturegen.Conv{rdConv("c1", "gpt-4o", "user", "Write a note to Ana, mention Bob.", "assistant", "Hi Ana,\n\nBob is coming.",
		"user", "remove Bob", "assistant", "Sure, I removed Bob.\n\nHi Ana.")}
	fixturegen.WriteMessages(&msgs, rdConvs(convs), fixturegen.MessagesOptions{})
	fixturegen.WriteShareChat(&sc, rdConvs(convs), fixturegen.ShareChatOptions{})
	fixturegen.WriteShareGPT(&sg, rdConvs(convs), fixturegen.ShareGPTOptions{})
	for _, b := range [][]byte{msgs.Bytes(), sc.Bytes(), sg.Bytes()} {
		f.Add(b)
		f.Add(b[:len(b)/3])
		f.Add(fzCompress("zst", b))
	}
	f.Add(fzZip("conversations.json", []byte(`[{"uuid": "u", "chat_messages": [{"sender": "human", "text": "hi"}]}]`)))
	f.Add([]byte(`{"Sources": [{"ChatgptSharing": [{"URL": "u", "Status": 200, "Conversations": [{"Prompt": "a", "Answer": "b"}]}]}]}`))
	f.Add([]byte("PAR1\x00\x00PAR1"))
	dir := f.TempDir() // holds only the input's file
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<20 {
			return
		}
		path := fzWrite(t, dir, "f", data)
		format, err := Sniff(path)
		format2, err2 := Sniff(path)
		if format != format2 || (err == nil) != (err2 == nil) || err != nil && err.Error() != err2.Error() {
			t.Fatalf("Sniff differs: %q %v, then %q %v", format, err, format2, err2)
		}
		if (err == nil) == (format == "") {
			t.Fatalf("Sniff = %q, %v", format, err)
		}
		inputs, problems := Expand([]string{dir}, "")
		var damaged *DamagedError
		switch {
		case err == nil:
			if !reflect.DeepEqual(inputs, []Input{{path, format}}) || len(problems) != 0 {
				t.Fatalf("sniffed %s; Expand gives %v, problems %v", format, inputs, problems)
			}
		case errors.As(err, &damaged):
			if len(inputs) != 0 || len(problems) != 1 || problems[0].File != path || problems[0].Position != damaged.Position || problems[0].Records != -1 {
				t.Fatalf("damaged (%v); Expand gives %v, problems %+v", err, inputs, problems)
			}
			return
		default:
			if len(inputs) != 0 || len(problems) != 0 {
				t.Fatalf("not a corpus file (%v); Expand gives %v, problems %+v", err, inputs, problems)
			}
			return
		}
		s := rdRead(t, NewReaders(inputs)[0])
		s2 := rdRead(t, NewReaders(inputs)[0])
		if !reflect.DeepEqual(s.convs, s2.convs) || !reflect.DeepEqual(s.problems, s2.problems) {
			t.Fatalf("two reads of the same file differ")
		}
		for _, p := range s.problems {
			if p.File != path || p.Reason == "" || p.Records < -1 {
				t.Fatalf("problem %+v", p)
			}
		}
		for _, c := range s.convs {
			if c.File != path || c.Corpus != format || c.Position == "" || c.ID == "" {
				t.Fatalf("conversation %s %q %q %q", c.Corpus, c.File, c.Position, c.ID)
			}
		}
	})
}

// FuzzZipExport: an export read in place from a ZIP archive gives what the
// same conversations.json gives as a plain file, positions prefixed with the
// member's name.
func FuzzZipExport(f *testing.F) {
	var chat, claude bytes.Buffer
	small := []fixturegen.Conv{rdConv("c1", "gpt-4o", "user", "note to Ana", "assistant", "Hi Ana", "user", "shorter", "assistant", "Hi")}
	fixturegen.WriteChatGPTExport(&chat, rdConvs(small), fixturegen.ChatGPTExportOptions{})
	fixturegen.WriteClaudeExport(&claude, rdConvs(small), fixturegen.ClaudeExportOptions{})
	for _, b := range [][]byte{chat.Bytes(), claude.Bytes()} {
		f.Add(b)
		f.Add(b[:len(b)*2/3])
	}
	f.Add([]byte(`[{"uuid": "u", "chat_messages": [{"sender": "human", "text": "hi"}]}, 1] x`))
	f.Add([]byte("\ufeff" + `{"mapping": {}, "current_node": "n"}`))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		if compressionOf(data) != compressionNone || bytes.HasPrefix(data, zipMagic) || bytes.HasPrefix(data, zipEmptyMagic) {
			return // the plain file would be decompressed or read as a ZIP itself
		}
		const member = "Export/conversations.json"
		plain := fzWrite(t, dir, "conversations.json", data)
		zipped := fzWrite(t, dir, "export.zip", fzZip(member, data))
		for name, mk := range map[string]func(string) Reader{"chatgpt": NewChatGPTExportReader, "claude": NewClaudeExportReader} {
			a, b := rdRead(t, mk(plain)), rdRead(t, mk(zipped))
			if len(a.convs) != len(b.convs) || len(a.problems) != len(b.problems) {
				t.Fatalf("%s: plain %d conversations, %d problems; ZIP %d, %d (%+v / %+v)",
					name, len(a.convs), len(a.problems), len(b.convs), len(b.problems), a.problems, b.problems)
			}
			for i, c := range a.convs {
				z := b.convs[i]
				if z.Position != "member="+member+","+c.Position || !reflect.DeepEqual(z.Messages, c.Messages) ||
					!reflect.DeepEqual(z.EditBranches, c.EditBranches) || (c.ID == c.Source()) != (z.ID == z.Source()) ||
					c.ID != c.Source() && z.ID != c.ID {
					t.Fatalf("%s: conversation %d differs: %q %q / %q %q", name, i, c.Position, c.ID, z.Position, z.ID)
				}
			}
			for i, p := range a.problems {
				z := b.problems[i]
				if z.Position != "member="+member+","+p.Position || z.Records != p.Records || z.File != zipped {
					t.Fatalf("%s: problem %d differs: %+v / %+v", name, i, p, z)
				}
			}
		}
	})
}
