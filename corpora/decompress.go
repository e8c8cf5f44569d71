package corpora

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// Compression kinds recognised by their magic bytes.
const (
	compressionNone = ""
	compressionZstd = "zstd"
	compressionGzip = "gzip"
)

var (
	zstdMagic = []byte{0x28, 0xB5, 0x2F, 0xFD}
	gzipMagic = []byte{0x1F, 0x8B}
)

// compressionOf tells the compression of a stream from its first bytes.
func compressionOf(head []byte) string {
	switch {
	case bytes.HasPrefix(head, zstdMagic):
		return compressionZstd
	case bytes.HasPrefix(head, gzipMagic):
		return compressionGzip
	}
	return compressionNone
}

// Open opens the file at path for reading and transparently decompresses it
// when it starts with the zstd magic (28 B5 2F FD) or the gzip magic (1F 8B);
// any other file is returned as it is. The file name is not consulted.
//
// Only the failure to open the file is returned as an error: a damaged or
// cut-off compressed stream (including a damaged gzip header) surfaces as an
// error from Read, after every byte that could be decoded, so that callers
// can report where the damage starts. Close releases the decoder and the
// file.
func Open(path string) (io.ReadCloser, error) {
	rc, _, err := openDecompressed(path)
	return rc, err
}

// openDecompressed is Open that also says which compression it found.
func openDecompressed(path string) (io.ReadCloser, string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, "", err
	}
	br := bufio.NewReaderSize(f, 256<<10)
	// A short or failing Peek is fine: the error comes back from Read.
	head, _ := br.Peek(len(zstdMagic))
	kind := compressionOf(head)
	switch kind {
	case compressionZstd:
		d, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(1<<31))
		if err != nil {
			return &failedReader{err: fmt.Errorf("zstd: %w", err), file: f}, kind, nil
		}
		return &zstdReader{d: d, file: f}, kind, nil
	case compressionGzip:
		z, err := gzip.NewReader(br)
		if err != nil {
			return &failedReader{err: fmt.Errorf("gzip: %w", err), file: f}, kind, nil
		}
		return &gzipReader{z: z, file: f}, kind, nil
	}
	return &plainReader{r: br, file: f}, kind, nil
}

// plainReader reads an uncompressed file through the buffer used to peek at
// its magic bytes.
type plainReader struct {
	r    *bufio.Reader
	file *os.File
}

func (p *plainReader) Read(b []byte) (int, error) { return p.r.Read(b) }
func (p *plainReader) Close() error               { return p.file.Close() }

// zstdReader decodes a zstd stream; Close stops the decoder.
type zstdReader struct {
	d    *zstd.Decoder
	file *os.File
}

func (z *zstdReader) Read(b []byte) (int, error) {
	n, err := z.d.Read(b)
	if err != nil && err != io.EOF {
		err = fmt.Errorf("zstd: %w", err)
	}
	return n, err
}

func (z *zstdReader) Close() error {
	z.d.Close()
	return z.file.Close()
}

// gzipReader decodes a (possibly multi-member) gzip stream.
type gzipReader struct {
	z    *gzip.Reader
	file *os.File
}

func (g *gzipReader) Read(b []byte) (int, error) {
	n, err := g.z.Read(b)
	if err != nil && err != io.EOF {
		err = fmt.Errorf("gzip: %w", err)
	}
	return n, err
}

func (g *gzipReader) Close() error {
	// The decoder's own Close only repeats a stream error Read already
	// returned; the file's is the one that matters.
	_ = g.z.Close()
	return g.file.Close()
}

// failedReader is a compressed stream whose decoder could not even start:
// every Read returns the error.
type failedReader struct {
	err  error
	file *os.File
}

func (f *failedReader) Read([]byte) (int, error) { return 0, f.err }
func (f *failedReader) Close() error             { return f.file.Close() }
