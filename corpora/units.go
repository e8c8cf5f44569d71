package corpora

import "strconv"

// Units of work. A reader splits what it delivers into units, numbered in
// delivery order, so that a caller can take only some of them (a shard of
// the input, `revtrace mine --shard I/N`) or start again at one of them
// (`--resume`):
//
//   - WildChat Parquet: a row group (Index = its position in the footer);
//   - messages JSON Lines: the lines that start in one chunk of
//     ReadOptions.ChunkBytes bytes of the (decompressed) stream (Index =
//     the chunk's number; chunks without a line start have no unit);
//   - ShareChat CSV: one url in order of first appearance, or one problem
//     not tied to a url (Index = its place in that order);
//   - DevGPT: one occurrence of a share URL, or one problem, in the order
//     of the second pass (Index counts over all files of the reader; Key is
//     the share URL, so that every occurrence of a URL lands in the same
//     shard and de-duplication stays exact).
//
// Whatever a reader delivers before its first unit (a file that cannot be
// opened, a footer that cannot be read, a header that is not understood)
// belongs to the reader's head, which the caller handles as a unit of its
// own. The units of a reader and their contents depend only on the input
// files, never on which units are wanted: a reader that skips a unit still
// does whatever later units depend on (DevGPT and ShareChat still read
// every file in their first pass; JSON Lines still counts the lines of a
// skipped chunk).

// Unit identifies one unit of work of a reader.
type Unit struct {
	// Index numbers the reader's units in delivery order (strictly
	// increasing; not necessarily contiguous).
	Index int64
	// Key, when not empty, is what shards should assign the unit by (a
	// DevGPT share URL) instead of by Index.
	Key string
	// Resume is an opaque token that lets the reader start at this unit
	// directly (see Resumer); "" when the reader needs none.
	Resume string
}

// UnitSink is a Sink that follows a reader's units (a type assertion, as
// for DeferredSink; a Sink without it gets everything). Both methods are
// called from the reading goroutine.
type UnitSink interface {
	// Wants reports whether the sink wants unit u. It must give the same
	// answer every time for the same unit; readers may ask ahead of
	// delivery (to decode wanted row groups in parallel) and skip the work
	// of an unwanted unit.
	Wants(u Unit) bool
	// StartUnit marks the start of unit u: whatever the reader delivers
	// from now on, until the next StartUnit, belongs to u. Readers call it
	// for every unit they deliver anything for, wanted or not, in
	// increasing Index order; the sink drops what is delivered for a unit
	// it does not want.
	StartUnit(u Unit)
}

// Resumer is a Reader that can start reading at one of its units directly
// (seeking instead of reading up to it). ResumeAt(u), with u as given to
// StartUnit, makes the next Read begin with unit u; the sink is then not
// asked about earlier units. Readers without it are resumed by answering
// Wants with false for the units already done.
type Resumer interface {
	ResumeAt(u Unit)
}

// everything is the UnitSink of a sink that does not follow units.
type everything struct{}

func (everything) Wants(Unit) bool { return true }
func (everything) StartUnit(Unit)  {}

// unitsOf returns sink's UnitSink, or one that wants everything.
func unitsOf(sink Sink) UnitSink {
	if us, ok := sink.(UnitSink); ok {
		return us
	}
	return everything{}
}

// ReadOptions configure the readers NewReadersWith builds.
type ReadOptions struct {
	// ChunkBytes is the size of a JSON Lines unit in bytes of the
	// decompressed stream; <= 0 means DefaultChunkBytes.
	ChunkBytes int64
}

// DefaultChunkBytes is the default size of a JSON Lines unit.
const DefaultChunkBytes = 1 << 20

func (o ReadOptions) chunkBytes() int64 {
	if o.ChunkBytes <= 0 {
		return DefaultChunkBytes
	}
	return o.ChunkBytes
}

// lineToken is the Resume token of a JSON Lines unit: the byte offset in
// the decompressed stream of its first line, and that line's number.
func lineToken(off int64, line int) string {
	return strconv.FormatInt(off, 10) + ":" + strconv.Itoa(line)
}

// parseLineToken reads a lineToken.
func parseLineToken(s string) (off int64, line int, ok bool) {
	for i := 0; i < len(s); i++ {
		if s[i] != ':' {
			continue
		}
		o, err1 := strconv.ParseInt(s[:i], 10, 64)
		l, err2 := strconv.Atoi(s[i+1:])
		if err1 != nil || err2 != nil || o < 0 || l < 1 {
			return 0, 0, false
		}
		return o, l, true
	}
	return 0, 0, false
}
