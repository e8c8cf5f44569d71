package corpora

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"

	"github.com/revtrace/revtrace/internal/fixturegen"
)

// wcCountingSink is a wcSink that is also a ByteCounter.
type wcCountingSink struct {
	wcSink
	advances []int64
}

func (s *wcCountingSink) Advance(n int64) { s.advances = append(s.advances, n) }

// TestWildChatReaderAdvance: a ByteCounter sink hears once per row group,
// with the row group's compressed size, never more than the file holds, and
// gets the same conversations as any other sink.
func TestWildChatReaderAdvance(t *testing.T) {
	tests := []struct {
		name      string
		rows, per int
	}{
		{"five row groups", 250, 50},
		{"one row group", 40, 1000},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var convs []fixturegen.Conv
			for c := range fixturegen.Generate(11, tc.rows) {
				convs = append(convs, c)
			}
			path := writeWCFile(t, t.TempDir(), "train-00000-of-00001.parquet", convs,
				fixturegen.WildChatOptions{RowGroupRows: tc.per})
			st, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			s := &wcCountingSink{}
			if err := NewWildChatReader(path).Read(context.Background(), s); err != nil {
				t.Fatal(err)
			}
			groups := (tc.rows + tc.per - 1) / tc.per
			if len(s.advances) != groups {
				t.Fatalf("%d advances, want one per row group (%d)", len(s.advances), groups)
			}
			var sum int64
			for _, n := range s.advances {
				if n <= 0 {
					t.Errorf("advance of %d bytes", n)
				}
				sum += n
			}
			// The row groups are nearly all of the file; the rest is the
			// footer and the magic bytes.
			if sum > st.Size() || sum < st.Size()/2 {
				t.Errorf("advanced %d bytes in all for a file of %d", sum, st.Size())
			}
			plain := readWC(t, path)
			if !reflect.DeepEqual(plain.convs, s.convs) || len(s.convs) != tc.rows {
				t.Errorf("read %d conversations with a ByteCounter sink, %d without, want %d", len(s.convs), len(plain.convs), tc.rows)
			}
		})
	}
}

// withAhead runs f with wcAhead forced to n.
func withAhead(t *testing.T, n int, f func()) {
	t.Helper()
	old := wcAhead
	wcAhead = func() int { return n }
	defer func() { wcAhead = old }()
	f()
}

// TestWildChatParallelMatchesSequential: decoding several row groups at
// once delivers exactly what the sequential reader delivers — the same
// conversations and problems in the same order — on intact files, on
// damaged ones and with a negative row count in the footer.
func TestWildChatParallelMatchesSequential(t *testing.T) {
	dir := t.TempDir()
	convs := wcConvs(700, 0)
	good := writeWCFile(t, dir, "good.parquet", convs, fixturegen.WildChatOptions{RowGroupRows: 100})
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	pf, err := parquet.OpenFile(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	md := pf.Metadata()
	contentPage := md.RowGroups[3].Columns[contentColumn(md)].MetaData.DataPageOffset
	tests := []struct {
		name   string
		mutate func(path string)
	}{
		{"intact", func(string) {}},
		{"corrupt page in row group 3", func(path string) {
			b := bytes.Clone(data)
			for i := int64(40); i < 400; i++ {
				b[contentPage+i] ^= 0x5a
			}
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}},
		{"chunk outside the file in row group 5", func(path string) {
			corruptFooter(t, path, func(md *format.FileMetaData) {
				md.RowGroups[5].Columns[0].MetaData.DataPageOffset += 1 << 40
			})
		}},
		{"negative row count in row group 4", func(path string) {
			corruptFooter(t, path, func(md *format.FileMetaData) { md.RowGroups[4].NumRows = -7 })
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "shard.parquet")
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			tc.mutate(path)
			var seq, par *wcCountingSink
			for _, ahead := range []int{1, 2, 4} {
				withAhead(t, ahead, func() {
					s := &wcCountingSink{}
					if err := NewWildChatReader(path).Read(context.Background(), s); err != nil {
						t.Fatal(err)
					}
					if ahead == 1 {
						seq = s
						return
					}
					par = s
					if !reflect.DeepEqual(seq.convs, par.convs) || !reflect.DeepEqual(seq.problems, par.problems) {
						t.Errorf("ahead=%d: %d conversations, problems %+v; sequential: %d, %+v",
							ahead, len(par.convs), par.problems, len(seq.convs), seq.problems)
					}
					if !reflect.DeepEqual(seq.advances, par.advances) {
						t.Errorf("ahead=%d: advances %v, sequential %v", ahead, par.advances, seq.advances)
					}
				})
			}
			if tc.name != "intact" && len(seq.problems) == 0 {
				t.Errorf("damage not reported")
			}
			if tc.name == "intact" && len(seq.convs) != len(convs) {
				t.Errorf("read %d of %d rows", len(seq.convs), len(convs))
			}
		})
	}
}

// TestWildChatParallelStops: with row groups decoded ahead, the sink's
// error still stops delivery at once, and a cancelled context ends the read.
func TestWildChatParallelStops(t *testing.T) {
	path := writeWCFile(t, t.TempDir(), "stop.parquet", wcConvs(600, 0), fixturegen.WildChatOptions{RowGroupRows: 50})
	withAhead(t, 3, func() {
		for _, stop := range []int{1, 49, 50, 51, 320} {
			s := &wcSink{stopAfter: stop}
			if err := NewWildChatReader(path).Read(context.Background(), s); !errors.Is(err, errWCStop) || len(s.convs) != stop {
				t.Errorf("stop after %d: err %v, %d conversations", stop, err, len(s.convs))
			}
		}
		ctx, cancel := context.WithCancel(context.Background())
		s := &wcSink{onConv: func(n int) {
			if n == 120 {
				cancel()
			}
		}}
		if err := NewWildChatReader(path).Read(ctx, s); !errors.Is(err, context.Canceled) || len(s.convs) >= 600 {
			t.Errorf("cancelled at 120: err %v after %d conversations", err, len(s.convs))
		}
	})
}

// discardSink counts what it receives.
type discardSink struct{ convs, problems int }

func (s *discardSink) Conversation(*Conversation) error { s.convs++; return nil }
func (s *discardSink) Problem(Problem)                  { s.problems++ }
func (s *discardSink) Unavailable(string)               {}
func (s *discardSink) Duplicate(string)                 {}

// BenchmarkWildChatAhead reads a generated shard with 1, 2 and 3 row
// groups decoded at once (bytes = the file's size).
func BenchmarkWildChatAhead(b *testing.B) {
	const n = 20000
	path := filepath.Join(b.TempDir(), "bench.parquet")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := fixturegen.WriteWildChat(f, fixturegen.Generate(1, n), fixturegen.WildChatOptions{}); err != nil {
		b.Fatal(err)
	}
	f.Close()
	st, _ := os.Stat(path)
	for _, ahead := range []int{1, 2, 3} {
		b.Run("ahead="+string(rune('0'+ahead)), func(b *testing.B) {
			old := wcAhead
			wcAhead = func() int { return ahead }
			defer func() { wcAhead = old }()
			b.SetBytes(st.Size())
			for b.Loop() {
				s := &discardSink{}
				if err := NewWildChatReader(path).Read(context.Background(), s); err != nil || s.convs != n {
					b.Fatalf("%v, %d conversations", err, s.convs)
				}
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "conv/s")
		})
	}
}
