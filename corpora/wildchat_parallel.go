package corpora

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"github.com/parquet-go/parquet-go/format"
)

// Row groups of a WildChat file are independent, so the reader decodes a
// few of them at once while delivering strictly in file order: group k+1
// is decoded while group k is still being handed to the sink. Each group
// in flight writes into its own bounded queue, so memory stays bounded by
// (groups in flight) × (queue length + one decoded page per column),
// however large the row groups are. What reaches the sink, and in which
// order, is exactly what the sequential reader delivers: every row group
// is read by the same readGroup, only into a queue.

// wcQueue is how many rows (or problems) a row group decoded ahead may
// hold before it waits for the sink.
const wcQueue = 64

// wcAhead is how many row groups are decoded at once; 1 reads sequentially.
// A variable so that tests can exercise both paths.
var wcAhead = func() int { return min(runtime.GOMAXPROCS(0), 3) }

// wcItem is one thing a row group delivered.
type wcItem struct {
	conv    *Conversation
	problem *Problem
}

// wcQueueSink puts what one row group delivers into its queue.
type wcQueueSink struct {
	ctx context.Context
	q   chan<- wcItem
}

func (s *wcQueueSink) Conversation(c *Conversation) error {
	select {
	case s.q <- wcItem{conv: c}:
		return nil
	case <-s.ctx.Done():
		return s.ctx.Err()
	}
}

func (s *wcQueueSink) Problem(p Problem) {
	select {
	case s.q <- wcItem{problem: &p}:
	case <-s.ctx.Done():
	}
}

func (s *wcQueueSink) Unavailable(string) {}
func (s *wcQueueSink) Duplicate(string)   {}

// readGroups reads the row groups of st.pf in order into st.sink, decoding
// up to ahead of them concurrently (sequentially when ahead <= 1). It
// returns only the sink's error or ctx.Err(); damage is reported as
// Problems, as readGroup does. Each row group is a unit (Unit.Index = its
// position in the footer); row groups the sink does not want are skipped
// without reading a page.
func (st *wcState) readGroups(md *format.FileMetaData, ahead int) error {
	groups := st.pf.RowGroups()
	bc, _ := st.sink.(ByteCounter)
	us := unitsOf(st.sink)
	var advanced int64
	advance := func(gi int) {
		if bc == nil {
			return
		}
		// Capped so that a damaged footer cannot report more than the file
		// holds.
		if adv := min(rowGroupBytes(&md.RowGroups[gi]), st.size-advanced); adv > 0 {
			bc.Advance(adv)
			advanced += adv
		}
	}
	// Row groups up to the first with a negative row count, and where each
	// starts.
	bases := make([]int64, 0, len(groups))
	var base int64
	bad := -1
	for gi, rg := range groups {
		n := rg.NumRows()
		if n < 0 {
			bad = gi
			break
		}
		bases = append(bases, base)
		base += n
	}
	badProblem := func() {
		u := Unit{Index: int64(bad)}
		if !us.Wants(u) {
			return
		}
		us.StartUnit(u)
		st.sink.Problem(Problem{File: st.file, Position: fmt.Sprintf("row=%d", base),
			Reason: fmt.Sprintf("row group %d: negative row count %d in the footer", bad, groups[bad].NumRows()), Records: -1})
	}
	// The row groups wanted, in order; slot[gi] is gi's place among them
	// (-1: not wanted).
	var wanted []int
	slot := make([]int, len(bases))
	for gi := range bases {
		slot[gi] = -1
		if us.Wants(Unit{Index: int64(gi)}) {
			slot[gi] = len(wanted)
			wanted = append(wanted, gi)
		}
	}

	if ahead <= 1 || len(wanted) <= 1 {
		for gi := range bases {
			if err := st.ctx.Err(); err != nil {
				return err
			}
			if slot[gi] >= 0 {
				us.StartUnit(Unit{Index: int64(gi)})
				if err := st.readGroup(gi, groups[gi], &md.RowGroups[gi], bases[gi], groups[gi].NumRows()); err != nil {
					return err
				}
			}
			advance(gi)
		}
		if bad >= 0 {
			if err := st.ctx.Err(); err != nil {
				return err
			}
			badProblem()
		}
		return nil
	}

	ctx, cancel := context.WithCancel(st.ctx)
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel()
	queues := make([]chan wcItem, len(wanted))
	start := func(j int) {
		gi := wanted[j]
		q := make(chan wcItem, wcQueue)
		queues[j] = q
		gs := *st // each group gets its own state: sink, context, intern table
		gs.ctx, gs.sink, gs.intern = ctx, &wcQueueSink{ctx: ctx, q: q}, map[string]string{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(q)
			// readGroup returns only the queue's error, that is ctx's.
			_ = gs.readGroup(gi, groups[gi], &md.RowGroups[gi], bases[gi], groups[gi].NumRows())
		}()
	}
	for j := 0; j < min(ahead, len(wanted)); j++ {
		start(j)
	}
	for gi := range bases {
		if err := st.ctx.Err(); err != nil {
			return err
		}
		j := slot[gi]
		if j < 0 {
			advance(gi)
			continue
		}
		us.StartUnit(Unit{Index: int64(gi)})
		for it := range queues[j] {
			// As the sequential reader checks before each row.
			if err := st.ctx.Err(); err != nil {
				return err
			}
			if it.problem != nil {
				st.sink.Problem(*it.problem)
				continue
			}
			if err := st.sink.Conversation(it.conv); err != nil {
				return err
			}
		}
		queues[j] = nil
		// A cancelled context can end a queue early: do not take that for
		// the end of the row group.
		if err := st.ctx.Err(); err != nil {
			return err
		}
		advance(gi)
		if next := j + ahead; next < len(wanted) {
			start(next)
		}
	}
	if bad >= 0 {
		badProblem()
	}
	return nil
}

// rowGroupBytes is the compressed size of a row group on disk, from the
// footer (0 when the footer does not say).
func rowGroupBytes(rg *format.RowGroup) int64 {
	if rg.TotalCompressedSize > 0 {
		return rg.TotalCompressedSize
	}
	var n int64
	for i := range rg.Columns {
		n += max(rg.Columns[i].MetaData.TotalCompressedSize, 0)
	}
	return n
}
