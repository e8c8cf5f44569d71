// Package miner runs the revtrace pipeline over corpora: readers feed
// conversations to a pool of workers that run the detectors; a collector
// puts the results back in input order, writes events.jsonl, cases.jsonl
// and errors.jsonl, and aggregates the counts of summary.json.
//
// The output does not depend on the number of workers: the (single)
// reading goroutine numbers batches of consecutive records, workers decode
// and analyse whole batches, and the collector writes results strictly in
// batch order, item by item.
package miner

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/revtrace/revtrace/corpora"
	"github.com/revtrace/revtrace/detectors/deliverable"
	"github.com/revtrace/revtrace/detectors/llm"
	"github.com/revtrace/revtrace/detectors/revision"
	"github.com/revtrace/revtrace/detectors/screen"
	"github.com/revtrace/revtrace/detectors/sentences"
	"github.com/revtrace/revtrace/detectors/split"
	"github.com/revtrace/revtrace/detectors/trace"
)

// Version is revtrace's version, recorded in summary.json.
const Version = "0.1.0"

// ErrTooManyErrors is returned by Run when skipped records exceeded
// Options.MaxErrors; the outputs are still written for what was processed.
var ErrTooManyErrors = errors.New("skipped records exceeded --max-errors")

// Options configure a run.
type Options struct {
	Out       string // output directory
	Workers   int    // <= 0: runtime.NumCPU()
	Format    string // "" = sniff
	Redact    bool
	MaxErrors int // < 0: no limit
	Screen    *screen.Screen
	// Progress receives progress lines; nil for none. When it is also a
	// ByteProgress it is told how many bytes of the input have been read.
	Progress Progress

	// Shard makes the run mine one part of the input (see Shard); zero:
	// all of it.
	Shard Shard
	// Resume continues the run whose checkpoint is in Out (see
	// CheckpointFile) instead of starting over; when Out holds no
	// checkpoint the run starts from the beginning. The arguments and the
	// options that shape the outputs must be those of the checkpoint
	// (ErrCheckpointMismatch otherwise); Workers may differ.
	Resume bool
	// CheckpointEvery is the least time between two checkpoints (they are
	// taken at unit boundaries); 0 means DefaultCheckpointEvery, < 0 only
	// the first and the last.
	CheckpointEvery time.Duration
	// UnitBytes is the size of a JSON Lines unit of work in bytes of the
	// decompressed stream (corpora.ReadOptions.ChunkBytes); 0: the default.
	UnitBytes int64
	// RulesID names the keyword rules behind Screen for the checkpoint (a
	// resumed run must use the same rules); the CLI passes a hash of the
	// rules file. Empty: the embedded default when Screen is nil.
	RulesID string

	// LLM, when set, runs the LLM checks with this client (shared by all
	// workers; see LLMCounts for what they decide). Its model and prompt
	// hashes are part of the plan, so --resume refuses another model; its
	// cache is what makes a resumed run repeat no call.
	LLM *llm.Client
	// SampleRejected > 0 draws a seeded sample of that many screen-rejected
	// later user turns into RejectedSampleFile (with LLM, checked by the
	// revision check too; see SampleSummary); SampleSeed seeds it.
	SampleRejected int
	SampleSeed     uint64
	// Baseline, when set (mine --baseline DIR, see LoadBaseline), marks
	// the traces found in it with "baseline": true and counts known and
	// new traces in Summary.Baseline. Its DIR and the hash of its
	// events.jsonl are part of the plan.
	Baseline *Baseline

	// MaxMessageBytes > 0 cuts every message longer than that many bytes
	// to its longest prefix of at most that many bytes ending on a UTF-8
	// rune boundary, before analysis (event offsets then refer to the kept
	// text), with a "truncated" record in errors.jsonl; <= 0: no limit.
	MaxMessageBytes int
}

// DefaultCheckpointEvery is how often a run records its progress by
// default.
const DefaultCheckpointEvery = 5 * time.Second

// ErrInterrupted is returned by Run when its context was cancelled before
// the run was complete: the outputs hold what was processed, and a run with
// Options.Resume continues from the last checkpoint.
var ErrInterrupted = errors.New("interrupted; run again with --resume (same arguments, same --out) to continue")

// Progress is told how far a run has come. Its methods are called from a
// single goroutine.
type Progress interface {
	Conversations(n int)
	Done()
}

// ByteProgress is a Progress that also follows the input in bytes as
// stored on disk: read counts compressed bytes consumed so far (Parquet:
// the compressed size of the row groups read), total the size of all input
// files. Bytes is called before Conversations, from the same goroutine.
type ByteProgress interface {
	Progress
	Bytes(read, total int64)
}

// Result is what Run returns besides the files it writes.
type Result struct {
	Summary *Summary
	Events  int
	Errors  int
	// Resumed: the run continued from a checkpoint (Options.Resume).
	Resumed bool
}

// item is one record on its way through the pipeline: what a reader
// delivered (a conversation, an undecoded record, or a reader-side record:
// problem or count, or the start of a unit of work) and, once a worker is
// done, the analysis.
type item struct {
	mark        *position
	conv        *corpora.Conversation
	deferred    corpora.Deferred
	problem     *corpora.Problem
	unavailable string
	duplicate   string

	events   []Event
	counts   *Counts
	rejected []screen.SampledTurn
	err      error // the run was cancelled during the item's LLM checks
	// truncated lists the conversation's messages cut to
	// Options.MaxMessageBytes, as errors.jsonl records.
	truncated []corpora.Problem
}

// batch is the unit of work: up to batchSize consecutive items. seq
// numbers batches in input order.
type batch struct {
	seq   int
	items []item
}

// batchSize is how many records travel together from the reader to a
// worker and on to the collector; batching keeps channel and scheduling
// overhead per conversation negligible.
const batchSize = 64

// windowPerWorker bounds the batches in flight (queued, being analysed or
// waiting to be written in order) per worker, and so the memory a run
// holds, whatever the order in which workers finish.
const windowPerWorker = 6

// Run mines the corpora named by args and writes the outputs into opt.Out.
//
// One goroutine reads the inputs in order and groups what the readers
// deliver into numbered batches; records that a reader hands over undecoded
// (corpora.Deferred, JSON Lines) are decoded by the workers, which also run
// the detectors; the collector (the calling goroutine) restores batch order
// and writes and aggregates item by item, so the outputs do not depend on
// the number of workers. The collector also keeps the checkpoint (see
// CheckpointFile) and, for a shard, the unit index (UnitsFile).
func Run(ctx context.Context, args []string, opt Options) (*Result, error) {
	if opt.Workers <= 0 {
		opt.Workers = runtime.NumCPU()
	}
	if opt.Screen == nil {
		opt.Screen = screen.Default()
		if opt.RulesID == "" {
			sum := sha256.Sum256(screen.DefaultRules())
			opt.RulesID = "default:" + hex.EncodeToString(sum[:8])
		}
	} else if opt.RulesID == "" {
		opt.RulesID = "custom"
	}
	if opt.MaxErrors < 0 {
		opt.MaxErrors = -1
	}
	every := opt.CheckpointEvery
	if every == 0 {
		every = DefaultCheckpointEvery
	}
	if err := os.MkdirAll(opt.Out, 0o755); err != nil {
		return nil, err
	}
	inputs, problems := corpora.Expand(args, opt.Format)
	corpusOf := map[string]string{}
	for _, in := range inputs {
		corpusOf[in.Path] = in.Format
	}
	readers := corpora.NewReadersWith(inputs, corpora.ReadOptions{ChunkBytes: opt.UnitBytes})
	cover, inputBytes := readerSizes(inputs, len(readers))
	names := readerNames(inputs, len(readers))

	summary := &Summary{
		Version: Version,
		Shard:   opt.Shard.String(),
		Detectors: map[string]string{
			"sentences":   sentences.Version,
			"split":       split.Version,
			"revision":    "rules",
			"screen":      screen.Version,
			"classifier":  revision.Version,
			"deliverable": deliverable.Version,
			"trace":       trace.Version,
		},
		Corpora: map[string]*Counts{},
	}
	if opt.Baseline != nil {
		summary.Baseline = &BaselineSummary{Dir: opt.Baseline.Dir}
	}
	// The plan names every detector version there is, not only those in
	// the summary: a resumed run or a merge must not mix detector builds.
	ident := maps.Clone(summary.Detectors)
	ident["deliverable"] = deliverable.Version
	ident["revision_rules"] = revision.Version
	ident["screen"] = screen.Version
	ident["trace_rules"] = trace.RulesVersion()
	if opt.LLM != nil {
		summary.Detectors["llm"] = llmIdentity(opt.LLM)
		ident["llm"] = summary.Detectors["llm"]
	}
	pl, times := newPlan(args, &opt, ident, inputs)
	cp := &checkpoint{Kind: checkpointKind, PlanHash: pl.hash(), Plan: pl, Shard: opt.Shard.String(), InputTimes: times,
		Next: position{Reader: -1, Unit: -1}}
	var prev *checkpoint
	if opt.Resume {
		var err error
		if prev, err = loadCheckpoint(opt.Out); err != nil {
			return nil, err
		}
		if prev != nil {
			if err := prev.mismatch(&pl, cp.Shard, times); err != nil {
				return nil, err
			}
		}
	}
	for _, in := range inputs {
		summary.corpus(in.Format)
	}
	var sample *sampleState
	if opt.SampleRejected > 0 {
		sample = newSampleState(opt.SampleRejected, opt.SampleSeed)
		sample.masked = opt.Redact && opt.LLM == nil
	}
	unattributed := NewCounts()
	res := &Result{Summary: summary}
	convs := 0
	start := position{Reader: -1, Unit: -1}
	if prev != nil {
		for name, c := range prev.Corpora {
			summary.Corpora[name] = restoreCounts(c)
		}
		unattributed = restoreCounts(prev.Unattributed)
		res.Events, res.Errors, convs = prev.Events, prev.Errors, prev.Conversations
		start = prev.Next
		if sample != nil {
			sample.restore(prev.Sample)
		}
		if summary.Baseline != nil && prev.Baseline != nil {
			b := *prev.Baseline
			summary.Baseline = &b
		}
	}
	lengths := func(w *writers) map[string]int64 {
		m := map[string]int64{}
		for _, o := range w.outs {
			m[o.name] = o.n
		}
		return m
	}
	// save records the run's state at position next (or its end, done).
	save := func(w *writers, next position, done, stopped bool) error {
		if err := w.flush(true); err != nil {
			return err
		}
		cp.Next, cp.Done, cp.Stopped = next, done, stopped
		cp.Outputs = lengths(w)
		cp.Events, cp.Errors, cp.Conversations = res.Events, res.Errors, convs
		cp.Corpora, cp.Unattributed = summary.Corpora, unattributed
		cp.Baseline = summary.Baseline
		if sample != nil {
			cp.Sample, cp.SampleSummary = sample.save(), summary.RejectedSample
			if done {
				cp.Sample = nil // its summary and RejectedSampleFile are written
			}
		}
		b, err := json.MarshalIndent(cp, "", " ")
		if err != nil {
			return err
		}
		// 0600: with --sample-rejected it holds sampled turns (in the clear
		// when an LLM check still needs them)
		return writeFileAtomic(filepath.Join(opt.Out, CheckpointFile), append(b, '\n'), 0o600, true)
	}
	// finish writes the summary; sampleDone: the sample is to be checked
	// and written (the input was read to its end).
	finish := func(w *writers, sampleDone bool) error {
		total := NewCounts()
		for _, name := range summary.CorpusNames() {
			c := summary.Corpora[name]
			if opt.LLM != nil && c.LLM == nil {
				c.LLM = &LLMCounts{}
			}
			c.derive()
			total.Add(c)
		}
		total.Add(unattributed)
		if opt.LLM != nil && total.LLM == nil {
			total.LLM = &LLMCounts{}
		}
		summary.Total = total
		err := w.close()
		if sample != nil && sampleDone && summary.RejectedSample == nil {
			ss, serr := sample.finish(ctx, opt.Out, opt.LLM, opt.Redact, llmConcurrency(opt.LLM))
			if err == nil {
				err = serr
			}
			summary.RejectedSample = ss
		}
		if serr := WriteSummary(filepath.Join(opt.Out, "summary.json"), summary); err == nil {
			err = serr
		}
		return err
	}

	if prev == nil {
		// A fresh start removes any earlier checkpoint before touching the
		// outputs, so that a crash now cannot resume the earlier run onto
		// the new outputs.
		if err := os.Remove(filepath.Join(opt.Out, CheckpointFile)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
		syncDir(opt.Out)
	} else {
		res.Resumed = true
	}
	w, err := newWriters(opt.Out, opt.Redact, !opt.Shard.IsZero(), prev)
	if err != nil {
		return nil, err
	}
	defer w.close()
	if prev == nil {
		if err := save(w, start, false, false); err != nil {
			return nil, err
		}
	}
	if prev != nil && prev.Done {
		// Nothing left to read: write the summary again (the run may have
		// been killed before it was written).
		if opt.Progress != nil {
			opt.Progress.Conversations(convs)
			opt.Progress.Done()
		}
		summary.RejectedSample = prev.SampleSummary
		if sample != nil && summary.RejectedSample == nil {
			sample.restore(prev.Sample)
		}
		if err := finish(w, true); err != nil {
			return res, err
		}
		if prev.Stopped {
			return res, ErrTooManyErrors
		}
		return res, nil
	}

	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	window := windowPerWorker * opt.Workers
	jobs := make(chan *batch, window)
	results := make(chan *batch, window)
	tokens := make(chan struct{}, window)
	an := &Analyser{Classifier: revision.New(opt.Screen), LLM: opt.LLM, Sample: sample != nil}

	// Reader: one goroutine, so batches follow input order.
	var readErr error
	var readAll bool // every reader ran to its end
	s := &sink{ctx: ctx, jobs: jobs, tokens: tokens, shard: opt.Shard, from: start}
	go func() {
		defer close(jobs)
		s.reader = -1
		for i, p := range problems {
			s.StartUnit(corpora.Unit{Index: int64(i)})
			s.Problem(p)
		}
		for k, r := range readers {
			if k < start.Reader {
				s.skipFile(cover, k)
				continue
			}
			if k == start.Reader && start.Unit >= 0 && start.Resume != "" {
				if rs, ok := r.(corpora.Resumer); ok {
					rs.ResumeAt(corpora.Unit{Index: start.Unit, Resume: start.Resume})
				}
			}
			s.startFile(cover, k)
			s.startReader(k, names[k])
			if err := r.Read(ctx, s); err != nil {
				if ctx.Err() == nil {
					readErr = err
				}
				return
			}
			s.endFile()
		}
		if err := s.flush(); err != nil {
			if ctx.Err() == nil {
				readErr = err
			}
			return
		}
		readAll = ctx.Err() == nil
	}()

	// Workers: decode deferred records and analyse conversations.
	var wg sync.WaitGroup
	for i := 0; i < opt.Workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range jobs {
				do := func(it *item) {
					if it.deferred != nil {
						it.conv, it.problem = it.deferred.Decode()
						it.deferred = nil
					}
					if it.conv != nil {
						it.truncated = truncateMessages(it.conv, opt.MaxMessageBytes)
						r := an.Analyse(ctx, it.conv)
						it.events, it.counts, it.rejected, it.err = r.Events, r.Counts, r.Rejected, r.Err
					}
				}
				if opt.LLM == nil {
					for i := range b.items {
						do(&b.items[i])
					}
				} else {
					// LLM checks block: analyse the batch's records at once
					// (the client bounds the calls in flight); results stay
					// in their places, so the order is unchanged.
					var bw sync.WaitGroup
					for i := range b.items {
						bw.Add(1)
						go func() { defer bw.Done(); do(&b.items[i]) }()
					}
					bw.Wait()
				}
				results <- b
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()

	// Collector: restore input order, write, aggregate, checkpoint.
	pending := map[int]*batch{}
	next := 0
	var writeErr error
	fail := func(err error) {
		if err != nil && writeErr == nil {
			writeErr = err
			cancel()
		}
	}
	stopped := false // --max-errors
	halted := false  // interrupted, stopped at a unit boundary
	lastProgress := time.Now()
	lastCheckpoint := time.Now()
	bp, _ := opt.Progress.(ByteProgress)
	report := func() {
		if bp != nil {
			bp.Bytes(s.read.Load(), inputBytes)
		}
		opt.Progress.Conversations(convs)
	}
	for b := range results {
		pending[b.seq] = b
		for {
			b, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			<-tokens
			for i := range b.items {
				if stopped || halted || writeErr != nil {
					break
				}
				it := &b.items[i]
				switch {
				case it.mark != nil:
					fail(w.closeUnit())
					if parent.Err() != nil {
						// Interrupted: stop at this boundary, so that the
						// outputs end exactly at the checkpoint.
						fail(save(w, *it.mark, false, false))
						halted = true
						cancel()
						break
					}
					w.openUnit(*it.mark)
					if every > 0 && time.Since(lastCheckpoint) >= every {
						fail(save(w, *it.mark, false, false))
						lastCheckpoint = time.Now()
					}
				case it.err != nil:
					// Cancelled during an LLM check: this record was not
					// analysed. Stop here without a checkpoint, so that a
					// resumed run redoes the unit from the last one.
					halted = true
					cancel()
				case it.conv != nil:
					if sample != nil {
						sample.offer(it.rejected)
					}
					summary.corpus(it.conv.Corpus).Add(it.counts)
					convs++
					// A truncated message is listed in errors.jsonl but is
					// not a skipped record: the conversation was read and
					// analysed, so it adds neither to skipped_records nor
					// to res.Errors, and --max-errors does not count it.
					for i := range it.truncated {
						summary.corpus(it.conv.Corpus).TruncatedMessages++
						fail(w.problem(&it.truncated[i]))
					}
					for i := range it.events {
						var marks []bool
						if opt.Baseline != nil {
							marks = opt.Baseline.mark(&it.events[i], summary.Baseline)
						}
						fail(w.event(&it.events[i], marks))
					}
					res.Events += len(it.events)
				case it.problem != nil:
					c := unattributed
					if name, ok := corpusOf[it.problem.File]; ok {
						c = summary.corpus(name)
					}
					c.SkippedRecords++
					res.Errors++
					fail(w.problem(it.problem))
					if opt.MaxErrors >= 0 && res.Errors > opt.MaxErrors {
						stopped = true
						cancel()
					}
				case it.unavailable != "":
					summary.corpus(it.unavailable).Unavailable++
				case it.duplicate != "":
					summary.corpus(it.duplicate).Duplicates++
				}
			}
		}
		if opt.Progress != nil && time.Since(lastProgress) > 200*time.Millisecond {
			report()
			lastProgress = time.Now()
		}
	}
	if opt.Progress != nil {
		report()
		opt.Progress.Done()
	}
	complete := stopped || readAll && !halted && readErr == nil
	if !halted {
		fail(w.closeUnit())
	}
	fail(finish(w, complete && writeErr == nil))
	if complete && writeErr == nil {
		fail(save(w, position{Reader: len(readers)}, true, stopped))
	}
	switch {
	case writeErr != nil:
		return res, writeErr
	case stopped:
		return res, ErrTooManyErrors
	case readErr != nil:
		return res, readErr
	case !complete:
		return res, fmt.Errorf("%w (%v)", ErrInterrupted, context.Cause(parent))
	}
	return res, nil
}

// truncateMessages cuts every message of c longer than max bytes (max > 0)
// to its longest prefix of at most max bytes that ends on a UTF-8 rune
// boundary, and returns one "truncated" record (records 0) per message cut.
func truncateMessages(c *corpora.Conversation, max int) []corpora.Problem {
	if max <= 0 {
		return nil
	}
	var out []corpora.Problem
	for i := range c.Messages {
		m := &c.Messages[i]
		n := len(m.Content)
		if n <= max {
			continue
		}
		k := max
		for k > 0 && !utf8.RuneStart(m.Content[k]) {
			k--
		}
		m.Content = strings.Clone(m.Content[:k])
		out = append(out, corpora.Problem{File: c.File, Position: c.Position, Records: 0,
			Reason: fmt.Sprintf("truncated: message %d has %d bytes, kept %d", i, n, k)})
	}
	return out
}

// readerNames returns the name of each reader corpora.NewReaders builds
// from inputs (its file; the first devgpt file for the DevGPT reader), the
// name Shard assigns units by.
func readerNames(inputs []corpora.Input, readers int) []string {
	var names []string
	dev := false
	for _, in := range inputs {
		if in.Format == corpora.FormatDevGPT {
			if dev {
				continue
			}
			dev = true
		}
		names = append(names, in.Path)
	}
	for len(names) < readers {
		names = append(names, "")
	}
	return names[:readers]
}

// readerSizes returns, for each reader corpora.NewReaders builds from
// inputs, the size in bytes of the files it reads, and their sum. It
// follows NewReaders' documented layout (one reader per input, except that
// all devgpt inputs share one reader at the place of the first); when the
// count does not match, it returns no per-reader sizes.
func readerSizes(inputs []corpora.Input, readers int) (cover []int64, total int64) {
	dev := -1
	for _, in := range inputs {
		var size int64
		if st, err := os.Stat(in.Path); err == nil {
			size = st.Size()
		}
		total += size
		if in.Format == corpora.FormatDevGPT {
			if dev < 0 {
				dev = len(cover)
				cover = append(cover, 0)
			}
			cover[dev] += size
			continue
		}
		cover = append(cover, size)
	}
	if len(cover) != readers {
		return nil, total
	}
	return cover, total
}

// sink receives what readers find and groups it into batches for the
// workers. It is used from the reading goroutine only, except for read,
// which the collector loads for progress.
//
// It follows the readers' units of work (corpora.UnitSink): a unit is
// wanted when it belongs to the run's shard and does not come before the
// position the run resumes from; the start of every wanted unit goes into
// the batches as a marker, and whatever a reader delivers for an unwanted
// unit is dropped.
type sink struct {
	ctx    context.Context
	jobs   chan<- *batch
	tokens chan struct{}
	seq    int
	cur    *batch

	shard  Shard
	from   position // resume: units before it are done
	reader int      // the current reader (-1: argument problems)
	name   string   // its name (see Shard)
	want   bool     // the current unit is wanted

	// Progress in bytes: base = sizes of the files done, adv = bytes the
	// current reader reported (at most limit; limit < 0: unknown),
	// read = base + adv.
	base, adv, limit int64
	read             atomic.Int64
}

// add appends an item to the current batch and sends the batch when full.
func (s *sink) add(it item) error {
	if s.cur == nil {
		s.cur = &batch{items: make([]item, 0, batchSize)}
	}
	s.cur.items = append(s.cur.items, it)
	if len(s.cur.items) >= batchSize {
		return s.flush()
	}
	return nil
}

// flush sends the current batch, waiting for room in the window.
func (s *sink) flush() error {
	b := s.cur
	if b == nil || len(b.items) == 0 {
		return nil
	}
	s.cur = nil
	b.seq = s.seq
	s.seq++
	select {
	case s.tokens <- struct{}{}:
	case <-s.ctx.Done():
		return s.ctx.Err()
	}
	select {
	case s.jobs <- b:
		return nil
	case <-s.ctx.Done():
		return s.ctx.Err()
	}
}

func (s *sink) Conversation(c *corpora.Conversation) error {
	if !s.want {
		return nil
	}
	return s.add(item{conv: c})
}

func (s *sink) Deferred(d corpora.Deferred) error {
	if !s.want {
		return nil
	}
	return s.add(item{deferred: d})
}

func (s *sink) Problem(p corpora.Problem) {
	if s.want {
		_ = s.add(item{problem: &p})
	}
}

func (s *sink) Unavailable(corpus string) {
	if s.want {
		_ = s.add(item{unavailable: corpus})
	}
}

func (s *sink) Duplicate(corpus string) {
	if s.want {
		_ = s.add(item{duplicate: corpus})
	}
}

// Wants implements corpora.UnitSink.
func (s *sink) Wants(u corpora.Unit) bool {
	return !s.from.before(s.reader, u.Index) && s.shard.owns(s.name, u)
}

// StartUnit implements corpora.UnitSink.
func (s *sink) StartUnit(u corpora.Unit) {
	s.want = s.Wants(u)
	if s.want {
		_ = s.add(item{mark: &position{Reader: s.reader, Unit: u.Index, Resume: u.Resume}})
	}
}

// startReader begins reader k, named name, with its head.
func (s *sink) startReader(k int, name string) {
	s.reader, s.name = k, name
	s.StartUnit(corpora.Unit{Index: -1})
}

// startFile begins reader k, whose files hold cover[k] bytes (unknown when
// cover is nil: progress then moves only with what readers report).
func (s *sink) startFile(cover []int64, k int) {
	s.adv = 0
	s.limit = -1
	if cover != nil {
		s.limit = cover[k]
	}
}

// skipFile counts reader k, done before a resumed run, as read.
func (s *sink) skipFile(cover []int64, k int) {
	if cover != nil {
		s.base += cover[k]
		s.read.Store(s.base)
	}
}

// Advance implements corpora.ByteCounter.
func (s *sink) Advance(n int64) {
	s.adv += n
	if s.limit >= 0 {
		s.adv = min(s.adv, s.limit)
	}
	s.read.Store(s.base + s.adv)
}

// endFile counts the current reader's files as read.
func (s *sink) endFile() {
	if s.limit >= 0 {
		s.base += s.limit
	} else {
		s.base += s.adv
	}
	s.adv = 0
	s.read.Store(s.base)
}

// WriteSummary writes s as indented JSON with sorted keys (atomically:
// a temporary file renamed over path).
func WriteSummary(path string, s *Summary) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return writeFileAtomic(path, append(b, '\n'), 0o644, false)
}

// ReadSummary reads summary.json.
func ReadSummary(path string) (*Summary, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var s Summary
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &s, nil
}

// writers holds the JSON Lines outputs of a run and, for a shard, its
// unit index.
type writers struct {
	redact bool
	outs   []*output // events, cases, errors[, units]
	events *json.Encoder
	cases  *json.Encoder
	errs   *json.Encoder
	units  *json.Encoder // nil: not a shard
	open   *position     // the unit being written (shards)
	starts [3]int64      // lengths of events, cases, errors when it began
	closed bool
}

// newWriters opens the outputs in dir: new, or, resuming from prev,
// truncated to the lengths prev recorded.
func newWriters(dir string, redact, shard bool, prev *checkpoint) (*writers, error) {
	w := &writers{redact: redact}
	names := []string{"events.jsonl", "cases.jsonl", "errors.jsonl"}
	if shard {
		names = append(names, UnitsFile)
	}
	var encs []*json.Encoder
	for _, name := range names {
		resume := int64(-1)
		if prev != nil {
			resume = prev.Outputs[name]
		}
		o, err := openOutput(dir, name, resume)
		if err != nil {
			w.close()
			return nil, err
		}
		w.outs = append(w.outs, o)
		e := json.NewEncoder(o)
		e.SetEscapeHTML(false)
		encs = append(encs, e)
	}
	w.events, w.cases, w.errs = encs[0], encs[1], encs[2]
	if shard {
		w.units = encs[3]
	}
	return w, nil
}

// event writes ev; marks flags its traces found in the baseline (nil:
// none).
func (w *writers) event(ev *Event, marks []bool) error {
	for _, l := range ev.Links {
		if !l.TraceInArtifact {
			continue
		}
		c := Case{Corpus: ev.Corpus, ConversationID: ev.ConversationID, UserTurn: ev.UserTurn,
			LinkKind: l.Kind, URL: l.URL, Repo: l.Repo, Property: l.Property, Match: l.Match, Sentence: l.Sentence}
		if w.redact {
			c.Sentence = Redact(c.Sentence)
		}
		if err := w.cases.Encode(c); err != nil {
			return err
		}
	}
	if w.redact {
		RedactEvent(ev)
	}
	if marks != nil {
		line, err := encodeMarked(ev, marks)
		if err != nil {
			return err
		}
		_, err = w.outs[0].Write(line)
		return err
	}
	return w.events.Encode(ev)
}

// errorRecord is one line of errors.jsonl.
type errorRecord struct {
	File     string `json:"file"`
	Position string `json:"position"`
	Reason   string `json:"reason"`
	Records  int    `json:"records"`
}

func (w *writers) problem(p *corpora.Problem) error {
	return w.errs.Encode(errorRecord{File: p.File, Position: p.Position, Reason: p.Reason, Records: p.Records})
}

// openUnit begins unit p (shards only).
func (w *writers) openUnit(p position) {
	if w.units == nil {
		return
	}
	w.open = &p
	for i := range w.starts {
		w.starts[i] = w.outs[i].n
	}
}

// closeUnit ends the open unit, recording its byte ranges in the unit
// index when it wrote anything.
func (w *writers) closeUnit() error {
	if w.units == nil || w.open == nil {
		return nil
	}
	p := w.open
	w.open = nil
	rec := unitRecord{Reader: p.Reader, Unit: p.Unit}
	ranges := []*[2]int64{&rec.Events, &rec.Cases, &rec.Errors}
	wrote := false
	for i, r := range ranges {
		*r = [2]int64{w.starts[i], w.outs[i].n}
		wrote = wrote || w.outs[i].n != w.starts[i]
	}
	if !wrote {
		return nil
	}
	return w.units.Encode(rec)
}

// flush writes the buffered output to the files, fsyncing them with sync
// (close has done both already).
func (w *writers) flush(sync bool) error {
	if w.closed {
		return nil
	}
	for _, o := range w.outs {
		if err := o.buf.Flush(); err != nil {
			return err
		}
		if sync {
			if err := o.file.Sync(); err != nil {
				return err
			}
		}
	}
	return nil
}

func (w *writers) close() error {
	if w.closed {
		return nil
	}
	w.closed = true
	var first error
	for _, o := range w.outs {
		if err := o.buf.Flush(); err != nil && first == nil {
			first = err
		}
		if err := o.file.Sync(); err != nil && first == nil {
			first = err
		}
		if err := o.file.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// llmConcurrency is the client's bound on calls in flight (1 without one).
func llmConcurrency(c *llm.Client) int {
	if c == nil {
		return 1
	}
	return c.InFlightLimit()
}
