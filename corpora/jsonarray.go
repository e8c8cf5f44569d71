package corpora

import (
	"archive/zip"
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"strconv"
)

// JSON array files: ShareGPT (.json), the ChatGPT export and the Claude.ai
// export (conversations.json, often inside the export's ZIP). All three
// are one JSON value of possibly hundreds of MB, so they are read with
// json.Decoder one element at a time: the array's '[' is taken as a token,
// then each element is decoded into a json.RawMessage (which checks its
// syntax and holds only that element) and parsed on its own.
//
// Positions. An element's position is "index=N", N its 0-based place in
// the array; in a ZIP archive "member=NAME,index=N", NAME the member's
// path inside the archive. A file that holds concatenated objects instead
// of an array (a single exported conversation is one object) is read the
// same way, N counting the objects.
//
// Damage. An element that is valid JSON but not a conversation of the
// format is a Problem with Records 1 and reading goes on. Bad JSON or a
// damaged compressed stream ends the file (json.Decoder cannot find the
// next element after a syntax error): a Problem at the first element not
// read, Records -1. An array that is not closed (a file cut at an element
// boundary) is a Problem at the index where the next element would be,
// Records -1.
//
// Units. The elements that start in one chunk of ReadOptions.ChunkBytes
// bytes of the decompressed stream (of all ZIP members together, in
// archive order) form a unit, as for JSON Lines; elements of an unwanted
// unit are scanned, never parsed.

// arrayReader reads one JSON array file (plain, .zst/.gz, or a ZIP holding
// conversations.json) of one format.
type arrayReader struct {
	path   string
	corpus string
	chunk  int64
	// parse turns one element into a conversation; pos is its position.
	parse func(raw []byte, file, pos string) (*Conversation, error)
}

// zipMagic starts a ZIP archive (a local file header), and an empty one.
var (
	zipMagic      = []byte("PK\x03\x04")
	zipEmptyMagic = []byte("PK\x05\x06")
)

// isZip reports whether the file at path starts like a ZIP archive.
func isZip(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 4)
	if n, _ := io.ReadFull(f, head); n < 4 {
		return false
	}
	return bytes.Equal(head, zipMagic) || bytes.Equal(head, zipEmptyMagic)
}

// zipConversations returns the members of an export archive that hold
// conversations: those named conversations.json (in any folder), in
// archive order.
func zipConversations(zr *zip.Reader) []*zip.File {
	var out []*zip.File
	for _, f := range zr.File {
		if path.Base(f.Name) == "conversations.json" && !f.FileInfo().IsDir() {
			out = append(out, f)
		}
	}
	return out
}

// Read implements Reader.
func (r *arrayReader) Read(ctx context.Context, sink Sink) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	st := &arrayState{r: r, sink: sink, us: unitsOf(sink), cur: -1, want: true}
	st.ds, _ = sink.(DeferredSink)
	if r.chunk <= 0 {
		r.chunk = DefaultChunkBytes
	}
	if isZip(r.path) {
		return st.readZip(ctx)
	}
	rc, err := Open(r.path)
	if err != nil {
		sink.Problem(Problem{File: r.path, Reason: err.Error(), Records: -1})
		return nil
	}
	defer rc.Close()
	st.prog = newDiskProgress(sink, rc)
	defer st.prog.finish()
	_, err = st.readStream(ctx, rc, "")
	return err
}

// arrayState is one Read in progress.
type arrayState struct {
	r    *arrayReader
	sink Sink
	ds   DeferredSink
	us   UnitSink
	prog *diskProgress
	base int64 // decompressed bytes of the ZIP members before this one
	cur  int64 // current unit
	want bool
}

// readZip reads every conversations.json member of a ZIP archive in place.
func (st *arrayState) readZip(ctx context.Context) error {
	r := st.r
	zr, err := zip.OpenReader(r.path)
	if err != nil {
		st.sink.Problem(Problem{File: r.path, Reason: "not a readable ZIP archive: " + err.Error(), Records: -1})
		return nil
	}
	defer zr.Close()
	if bc, ok := st.sink.(ByteCounter); ok {
		if fi, err := os.Stat(r.path); err == nil {
			defer bc.Advance(fi.Size())
		}
	}
	members := zipConversations(&zr.Reader)
	if len(members) == 0 {
		st.sink.Problem(Problem{File: r.path, Reason: "ZIP archive without conversations.json", Records: -1})
		return nil
	}
	for _, m := range members {
		prefix := "member=" + m.Name + ","
		rc, err := m.Open()
		if err != nil {
			st.sink.Problem(Problem{File: r.path, Position: prefix + "index=0", Reason: "cannot open the member: " + err.Error(), Records: -1})
			continue
		}
		n, err := st.readStream(ctx, rc, prefix)
		rc.Close()
		if err != nil {
			return err
		}
		st.base += n
	}
	return nil
}

// readStream reads one JSON array (or a sequence of objects) from src and
// returns how many decompressed bytes it consumed. prefix goes before
// "index=N" in positions.
func (st *arrayState) readStream(ctx context.Context, src io.Reader, prefix string) (int64, error) {
	r := st.r
	br := bufio.NewReaderSize(src, 256<<10)
	var skipped int64
	if bom, _ := br.Peek(len(utf8BOM)); bytes.Equal(bom, utf8BOM) {
		br.Discard(len(utf8BOM))
		skipped = int64(len(utf8BOM))
	}
	dec := json.NewDecoder(br)
	pos := func(i int) string { return prefix + "index=" + strconv.Itoa(i) }
	lost := func(i int, what string, err error) {
		st.sink.Problem(Problem{File: r.path, Position: pos(i),
			Reason: what + ", rest of the file lost: " + err.Error(), Records: -1})
	}
	first, err := sniffFirstByte(br)
	if err != nil {
		if err == io.EOF {
			err = errors.New("no JSON value")
		}
		lost(0, "empty or unreadable", err)
		return skipped, nil
	}
	array := first == '['
	if array {
		if _, err := dec.Token(); err != nil {
			lost(0, "bad JSON", err)
			return skipped + dec.InputOffset(), nil
		}
	} else if first != '{' {
		lost(0, "not a JSON array", fmt.Errorf("starts with %q", first))
		return skipped, nil
	}
	i := 0
	for ; dec.More(); i++ {
		if err := ctx.Err(); err != nil {
			return skipped + dec.InputOffset(), err
		}
		off := dec.InputOffset()
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			lost(i, "bad JSON", err)
			return skipped + dec.InputOffset(), nil
		}
		st.prog.decoded(int(dec.InputOffset() - off))
		if u := (st.base + skipped + off) / r.chunk; u != st.cur {
			st.cur = u
			unit := Unit{Index: u}
			st.want = st.us.Wants(unit)
			st.us.StartUnit(unit)
		}
		if !st.want {
			continue
		}
		el := &arrayElement{r: r, pos: pos(i), raw: raw}
		if st.ds != nil {
			if err := st.ds.Deferred(el); err != nil {
				return skipped + dec.InputOffset(), err
			}
			continue
		}
		c, p := el.Decode()
		if p != nil {
			st.sink.Problem(*p)
		} else if err := st.sink.Conversation(c); err != nil {
			return skipped + dec.InputOffset(), err
		}
	}
	// More is false at the closing bracket, at the end of the input, and
	// on a read error: only the first ends a well-formed array.
	if array {
		if tok, err := dec.Token(); err != nil || tok != json.Delim(']') {
			if err == nil {
				err = fmt.Errorf("unexpected %v", tok)
			}
			if err == io.EOF {
				err = errors.New("the array is not closed (file cut off?)")
			}
			lost(i, "truncated", err)
			return skipped + dec.InputOffset(), nil
		}
	} else if _, err := dec.Token(); err != nil && err != io.EOF {
		lost(i, "bad JSON", err)
	}
	// Anything after the array other than white space is damage too.
	if array {
		if _, err := dec.Token(); err != io.EOF {
			if err == nil {
				err = errors.New("data after the array")
			}
			lost(i, "bad JSON", err)
		}
	}
	return skipped + dec.InputOffset(), nil
}

// arrayElement is one undecoded element, handed to a DeferredSink.
type arrayElement struct {
	r   *arrayReader
	pos string
	raw []byte
}

// Decode implements Deferred.
func (e *arrayElement) Decode() (*Conversation, *Problem) {
	c, err := e.r.parse(e.raw, e.r.path, e.pos)
	e.raw = nil
	if err != nil {
		return nil, &Problem{File: e.r.path, Position: e.pos, Reason: err.Error(), Records: 1}
	}
	return c, nil
}

// rawText decodes a JSON value meant to hold text: a string (escapes
// decoded, every other byte kept as the file has it), null or absent (""),
// a list of parts or a single part (text parts joined with "\n", as for
// messages content). Anything else is an error.
func rawText(raw json.RawMessage) (string, error) {
	return messagesContentSlow(raw)
}
