package corpora

import (
	"io"
	"os"
)

// Optional Sink extensions. A reader checks for them with a type assertion
// and falls back to the plain Sink methods when a sink lacks them, so every
// Sink keeps working unchanged.

// Deferred is a record a reader has read but not yet decoded. Decode turns
// it into a conversation, or into the Problem that the reader would have
// reported for it (exactly one of the two is non-nil). Decode is called at
// most once and may run on any goroutine; it touches no reader state.
type Deferred interface {
	Decode() (*Conversation, *Problem)
}

// DeferredSink is a Sink that accepts records whose decoding it schedules
// itself (the miner decodes them in its worker pool, keeping file order).
// Deferred returns a non-nil error to stop the reader, like Conversation.
type DeferredSink interface {
	Sink
	Deferred(d Deferred) error
}

// ByteCounter is a Sink that wants to know how far a reader has come
// through its file, in bytes as stored on disk (compressed bytes for a
// .zst/.gz file; for Parquet the compressed size of each row group read).
// Advance receives increments; their sum never exceeds the file's size.
type ByteCounter interface {
	Advance(n int64)
}

// diskFile returns the file behind a stream returned by Open, whose
// offset (Seek(0, io.SeekCurrent)) is how many bytes of the file the
// decoder has consumed; nil when there is none.
func diskFile(rc io.ReadCloser) *os.File {
	switch r := rc.(type) {
	case *plainReader:
		return r.file
	case *zstdReader:
		return r.file
	case *gzipReader:
		return r.file
	case *failedReader:
		return r.file
	}
	return nil
}

// diskProgress reports a stream's progress through its file to a
// ByteCounter, at most once per step bytes of decoded data.
type diskProgress struct {
	bc       ByteCounter
	file     *os.File
	size     int64
	reported int64 // bytes of the file reported so far
	pending  int64 // decoded bytes since the last report
}

// progressStep is how much decoded data passes between two offset checks.
const progressStep = 1 << 20

func newDiskProgress(sink Sink, rc io.ReadCloser) *diskProgress {
	bc, ok := sink.(ByteCounter)
	if !ok {
		return nil
	}
	f := diskFile(rc)
	if f == nil {
		return nil
	}
	st, err := f.Stat()
	if err != nil {
		return nil
	}
	return &diskProgress{bc: bc, file: f, size: st.Size()}
}

// decoded notes n more decoded bytes and reports the file offset every
// progressStep bytes.
func (p *diskProgress) decoded(n int) {
	if p == nil {
		return
	}
	p.pending += int64(n)
	if p.pending < progressStep {
		return
	}
	p.pending = 0
	if off, err := p.file.Seek(0, io.SeekCurrent); err == nil {
		p.to(off)
	}
}

// to reports progress up to offset off of the file.
func (p *diskProgress) to(off int64) {
	if p == nil {
		return
	}
	off = min(off, p.size)
	if off > p.reported {
		p.bc.Advance(off - p.reported)
		p.reported = off
	}
}

// finish reports the whole file as read.
func (p *diskProgress) finish() {
	if p != nil {
		p.to(p.size)
	}
}
