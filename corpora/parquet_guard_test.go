package corpora

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
)

func TestThriftStructLen(t *testing.T) {
	header, err := thrift.Marshal(new(thrift.CompactProtocol), &format.PageHeader{
		Type: format.DataPage, UncompressedPageSize: 100, CompressedPageSize: 80,
		DataPageHeader: thrift.New(format.DataPageHeader{NumValues: 7, Encoding: format.Plain}),
	})
	if err != nil {
		t.Fatal(err)
	}
	nested := []byte{}
	for range maxThriftDepth + 2 {
		nested = append(nested, 0x1c) // field 1, struct
	}
	tests := []struct {
		name    string
		b       []byte
		full    bool
		wantLen int
		wantErr string // "" none, "short" errThriftShort, else a substring
	}{
		{"page header", header, true, len(header), ""},
		{"page header with trailing data", append(bytes.Clone(header), 1, 2, 3), true, len(header), ""},
		{"cut, more may follow", header[:len(header)-2], false, 0, "short"},
		{"cut, nothing follows", header[:len(header)-2], true, 0, "unexpected EOF"},
		{"empty struct", []byte{0}, true, 1, ""},
		// field 1 binary of length 2^31-1 in 3 bytes
		{"binary longer than the data", []byte{0x18, 0xff, 0xff, 0xff, 0xff, 0x07, 0}, true, 0, "unexpected EOF"},
		// field 1 list of 0x7fffffff i32
		{"list longer than the data", []byte{0x19, 0xf5, 0xff, 0xff, 0xff, 0xff, 0x07, 0}, true, 0, "list of 2147483647"},
		{"map longer than the data", []byte{0x1b, 0xff, 0xff, 0xff, 0xff, 0x07, 0x55, 0}, true, 0, "map of"},
		{"unknown type", []byte{0x1e, 0}, true, 0, "type code 14"},
		{"nested too deep", nested, true, 0, "too deep"},
		{"varint overflow", []byte{0x16, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0}, true, 0, "overflow"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, err := thriftStructLen(tt.b, tt.full)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("error %v", err)
			case tt.wantErr == "" && n != tt.wantLen:
				t.Fatalf("length %d, want %d", n, tt.wantLen)
			case tt.wantErr == "short" && !errors.Is(err, errThriftShort):
				t.Fatalf("error %v, want errThriftShort", err)
			case tt.wantErr != "" && tt.wantErr != "short" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("error %v, want one containing %q", err, tt.wantErr)
			}
		})
	}
}

// A page header that claims a huge page must be rejected before
// parquet-go allocates for it.
func TestPageGuardRejectsImplausibleHeaders(t *testing.T) {
	mk := func(h format.PageHeader, data int) []byte {
		b, err := thrift.Marshal(new(thrift.CompactProtocol), &h)
		if err != nil {
			t.Fatal(err)
		}
		return append(b, make([]byte, data)...)
	}
	dp := func(n int32) thrift.Null[format.DataPageHeader] {
		return thrift.New(format.DataPageHeader{NumValues: n})
	}
	tests := []struct {
		name  string
		chunk []byte
		codec format.CompressionCodec
		want  string
	}{
		{"fine", mk(format.PageHeader{Type: format.DataPage, UncompressedPageSize: 10, CompressedPageSize: 10, DataPageHeader: dp(3)}, 10), format.Uncompressed, ""},
		{"page larger than the chunk", mk(format.PageHeader{Type: format.DataPage, UncompressedPageSize: 10, CompressedPageSize: 1 << 30, DataPageHeader: dp(3)}, 10), format.Uncompressed, "does not fit"},
		{"huge uncompressed size", mk(format.PageHeader{Type: format.DataPage, UncompressedPageSize: 1 << 30, CompressedPageSize: 10, DataPageHeader: dp(3)}, 10), format.Uncompressed, "uncompressed page size"},
		{"huge value count", mk(format.PageHeader{Type: format.DataPage, UncompressedPageSize: 10, CompressedPageSize: 10, DataPageHeader: dp(1 << 30)}, 10), format.Uncompressed, "value count"},
		{"snappy length mismatch", mk(format.PageHeader{Type: format.DataPage, UncompressedPageSize: 10, CompressedPageSize: 4, DataPageHeader: dp(3)}, 4), format.Snappy, "snappy block declares"},
		{"missing data page header", mk(format.PageHeader{Type: format.DataPage, UncompressedPageSize: 10, CompressedPageSize: 10}, 10), format.Uncompressed, "without its header"},
		{"index page", mk(format.PageHeader{Type: format.IndexPage, CompressedPageSize: 0}, 0), format.Uncompressed, "not expected"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := append([]byte("PAR1"), tt.chunk...)
			g := &pageGuard{ra: bytes.NewReader(file), off: 4, end: int64(len(file)), codec: tt.codec}
			err := g.next()
			if tt.want == "" {
				if err != nil || g.off != g.end {
					t.Fatalf("err %v, at %d of %d", err, g.off, g.end)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}
