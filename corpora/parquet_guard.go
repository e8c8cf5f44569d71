package corpora

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
)

// Guards against damaged Parquet metadata. parquet-go trusts the sizes it
// decodes: a list length in the footer, a byte-string length or a page size
// in a page header, a value count, a codec's declared output length. A
// flipped byte there makes it allocate gigabytes, which kills the process
// (an out-of-memory error cannot be recovered). These checks read the same
// metadata first, bounded by what the file can actually hold, and turn such
// damage into an ordinary error before parquet-go sees it.

const (
	// maxThriftDepth bounds the nesting of thrift structs and lists.
	maxThriftDepth = 64
	// maxPageBytes bounds one page's uncompressed size. pyarrow writes
	// pages of about 1 MiB; a page grows past that only to hold one large
	// value, and no WildChat message comes near this.
	maxPageBytes = 256 << 20
	// maxPageValues bounds the values (levels) of one page.
	maxPageValues = 1 << 24
	// maxFooterBytes bounds the footer.
	maxFooterBytes = 512 << 20
)

var errThriftShort = errors.New("thrift data cut short")

// thriftWalker checks the shape of compact-protocol thrift data without
// decoding it: every length fits in the bytes that remain, nesting is
// bounded, and every type code is known.
type thriftWalker struct {
	b    []byte
	off  int
	full bool // b holds all the bytes there are (else running out means "read more")
}

// thriftStructLen returns the length of the compact-protocol struct at the
// start of b, or an error (errThriftShort when b ends inside it and more
// bytes may follow, that is when full is false).
func thriftStructLen(b []byte, full bool) (int, error) {
	w := thriftWalker{b: b, full: full}
	if err := w.structure(0); err != nil {
		return 0, err
	}
	return w.off, nil
}

func (w *thriftWalker) short() error {
	if w.full {
		return io.ErrUnexpectedEOF
	}
	return errThriftShort
}

func (w *thriftWalker) byte1() (byte, error) {
	if w.off >= len(w.b) {
		return 0, w.short()
	}
	w.off++
	return w.b[w.off-1], nil
}

func (w *thriftWalker) uvarint() (uint64, error) {
	v, n := binary.Uvarint(w.b[w.off:])
	switch {
	case n == 0:
		return 0, w.short()
	case n < 0:
		return 0, errors.New("thrift varint overflows")
	}
	w.off += n
	return v, nil
}

func (w *thriftWalker) skip(n uint64) error {
	if n > uint64(len(w.b)-w.off) {
		return w.short()
	}
	w.off += int(n)
	return nil
}

func (w *thriftWalker) structure(depth int) error {
	if depth > maxThriftDepth {
		return errors.New("thrift structs nested too deep")
	}
	for {
		h, err := w.byte1()
		if err != nil {
			return err
		}
		if h == 0 { // stop
			return nil
		}
		if h>>4 == 0 { // long form: the field id follows as a varint
			if _, err := w.uvarint(); err != nil {
				return err
			}
		}
		if err := w.value(h&0x0f, depth, true); err != nil {
			return err
		}
	}
}

func (w *thriftWalker) value(typ byte, depth int, field bool) error {
	switch typ {
	case 1, 2: // bool: in a field header the value is the type; in a list one byte
		if field {
			return nil
		}
		return w.skip(1)
	case 3: // byte
		return w.skip(1)
	case 4, 5, 6: // i16, i32, i64 as zigzag varints
		_, err := w.uvarint()
		return err
	case 7: // double
		return w.skip(8)
	case 8: // binary
		n, err := w.uvarint()
		if err != nil {
			return err
		}
		return w.skip(n)
	case 9, 10: // list, set
		return w.list(depth + 1)
	case 11: // map
		return w.mapping(depth + 1)
	case 12: // struct
		return w.structure(depth + 1)
	case 13: // uuid
		return w.skip(16)
	}
	return fmt.Errorf("thrift type code %d unknown", typ)
}

func (w *thriftWalker) list(depth int) error {
	if depth > maxThriftDepth {
		return errors.New("thrift lists nested too deep")
	}
	h, err := w.byte1()
	if err != nil {
		return err
	}
	size, et := uint64(h>>4), h&0x0f
	if size == 15 {
		if size, err = w.uvarint(); err != nil {
			return err
		}
	}
	// Every element takes at least one byte.
	if size > uint64(len(w.b)-w.off) {
		if !w.full {
			return errThriftShort
		}
		return fmt.Errorf("thrift list of %d elements in %d bytes", size, len(w.b)-w.off)
	}
	for range size {
		if err := w.value(et, depth, false); err != nil {
			return err
		}
	}
	return nil
}

func (w *thriftWalker) mapping(depth int) error {
	size, err := w.uvarint()
	if err != nil || size == 0 {
		return err
	}
	kv, err := w.byte1()
	if err != nil {
		return err
	}
	if size > uint64(len(w.b)-w.off)/2 {
		if !w.full {
			return errThriftShort
		}
		return fmt.Errorf("thrift map of %d entries in %d bytes", size, len(w.b)-w.off)
	}
	for range size {
		if err := w.value(kv>>4, depth, false); err != nil {
			return err
		}
		if err := w.value(kv&0x0f, depth, false); err != nil {
			return err
		}
	}
	return nil
}

// checkFooter checks the magic bytes, the footer length and the footer's
// thrift shape of a Parquet file of size bytes.
func checkFooter(ra io.ReaderAt, size int64) error {
	if size < 12 {
		return fmt.Errorf("%d bytes: too short for Parquet", size)
	}
	var head [4]byte
	if _, err := ra.ReadAt(head[:], 0); err != nil {
		return fmt.Errorf("reading the header: %w", err)
	}
	if string(head[:]) != "PAR1" {
		return fmt.Errorf("no PAR1 magic at the start (found %q)", head[:])
	}
	var tail [8]byte
	if _, err := ra.ReadAt(tail[:], size-8); err != nil {
		return fmt.Errorf("reading the footer: %w", err)
	}
	switch string(tail[4:]) {
	case "PAR1":
	case "PARE":
		return errors.New("encrypted footer: not supported")
	default:
		return fmt.Errorf("no PAR1 magic at the end (found %q): the file is cut off or not Parquet", tail[4:])
	}
	n := int64(binary.LittleEndian.Uint32(tail[:4]))
	if n > size-12 || n > maxFooterBytes {
		return fmt.Errorf("footer length %d does not fit in the file's %d bytes: the file is cut off or damaged", n, size)
	}
	footer := make([]byte, n)
	if _, err := ra.ReadAt(footer, size-8-n); err != nil {
		return fmt.Errorf("reading the footer: %w", err)
	}
	used, err := thriftStructLen(footer, true)
	if err != nil {
		return fmt.Errorf("footer metadata damaged: %w", err)
	}
	if used != len(footer) {
		return fmt.Errorf("footer metadata damaged: %d trailing bytes", len(footer)-used)
	}
	return nil
}

// chunkRange returns where parquet-go reads a column chunk: from the
// dictionary page when there is one, for TotalCompressedSize bytes.
func chunkRange(md *format.ColumnMetaData) (start, end int64) {
	start = md.DataPageOffset
	if md.DictionaryPageOffset != 0 {
		start = md.DictionaryPageOffset
	}
	return start, start + md.TotalCompressedSize
}

// pageGuard checks the page headers of one column chunk, one data page
// ahead of parquet-go.
type pageGuard struct {
	ra       io.ReaderAt
	off, end int64
	codec    format.CompressionCodec
	buf      []byte
}

func newPageGuard(ra io.ReaderAt, md *format.ColumnMetaData) *pageGuard {
	start, end := chunkRange(md)
	return &pageGuard{ra: ra, off: start, end: end, codec: md.Codec}
}

// next checks the headers up to and including the next data page (what
// one parquet-go ReadPage consumes: dictionary pages, then a data page).
func (g *pageGuard) next() error {
	for g.off < g.end {
		h, err := g.header()
		if err != nil {
			return fmt.Errorf("page at byte %d: %w", g.off, err)
		}
		if h.Type == format.DataPage || h.Type == format.DataPageV2 {
			return nil
		}
	}
	return nil
}

// header checks the page header at g.off and moves past the page.
func (g *pageGuard) header() (*format.PageHeader, error) {
	remain := g.end - g.off
	window := min(remain, 4096)
	var hlen int
	for {
		if int64(cap(g.buf)) < window {
			g.buf = make([]byte, window)
		}
		b := g.buf[:window]
		if n, err := g.ra.ReadAt(b, g.off); int64(n) < window {
			return nil, fmt.Errorf("reading page header: %w", err)
		}
		var err error
		hlen, err = thriftStructLen(b, window == remain)
		if err == nil {
			break
		}
		if !errors.Is(err, errThriftShort) || window == remain {
			return nil, fmt.Errorf("page header damaged: %w", err)
		}
		window = min(remain, window*8)
	}
	h := new(format.PageHeader)
	if err := thrift.Unmarshal(new(thrift.CompactProtocol), g.buf[:hlen], h); err != nil {
		return nil, fmt.Errorf("page header damaged: %w", err)
	}
	if h.CompressedPageSize < 0 || int64(h.CompressedPageSize) > remain-int64(hlen) {
		return nil, fmt.Errorf("page of %d bytes does not fit in the %d bytes left in its column chunk", h.CompressedPageSize, remain-int64(hlen))
	}
	if h.UncompressedPageSize < 0 || h.UncompressedPageSize > maxPageBytes {
		return nil, fmt.Errorf("implausible uncompressed page size %d", h.UncompressedPageSize)
	}
	var numValues int32
	expect := int64(h.UncompressedPageSize) // what the codec must produce
	dataOff := g.off + int64(hlen)
	compressed := int64(h.CompressedPageSize)
	switch h.Type {
	case format.DataPage:
		if !h.DataPageHeader.Valid {
			return nil, errors.New("data page without its header")
		}
		numValues = h.DataPageHeader.V.NumValues
	case format.DataPageV2:
		if !h.DataPageHeaderV2.Valid {
			return nil, errors.New("data page v2 without its header")
		}
		v := &h.DataPageHeaderV2.V
		numValues = v.NumValues
		levels := int64(v.RepetitionLevelsByteLength) + int64(v.DefinitionLevelsByteLength)
		if v.RepetitionLevelsByteLength < 0 || v.DefinitionLevelsByteLength < 0 || levels > compressed || levels > expect {
			return nil, errors.New("data page v2 level lengths do not fit in the page")
		}
		dataOff += levels
		compressed -= levels
		expect -= levels
		if v.IsCompressed.Valid && !v.IsCompressed.V {
			expect = -1
		}
	case format.DictionaryPage:
		if !h.DictionaryPageHeader.Valid {
			return nil, errors.New("dictionary page without its header")
		}
		numValues = h.DictionaryPageHeader.V.NumValues
	default:
		return nil, fmt.Errorf("page type %v not expected in a column chunk", h.Type)
	}
	if numValues < 0 || numValues > maxPageValues {
		return nil, fmt.Errorf("implausible value count %d", numValues)
	}
	if g.codec == format.Snappy && expect >= 0 && compressed > 0 {
		// A Snappy block starts with its decoded length as a varint.
		var vb [binary.MaxVarintLen64]byte
		k := min(int64(len(vb)), compressed)
		head := vb[:k]
		if rel := dataOff - g.off; rel+k <= window {
			head = g.buf[rel : rel+k] // already read with the header
		} else if n, err := g.ra.ReadAt(head, dataOff); int64(n) < k {
			return nil, fmt.Errorf("reading page data: %w", err)
		}
		if declared, n := binary.Uvarint(head); n <= 0 || int64(declared) != expect {
			return nil, fmt.Errorf("snappy block declares %d bytes, the page header %d", declared, expect)
		}
	}
	g.off += int64(hlen) + int64(h.CompressedPageSize)
	return h, nil
}
