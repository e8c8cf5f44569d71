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
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/revtrace/revtrace/corpora"
	"github.com/revtrace/revtrace/detectors/revision"
	"github.com/revtrace/revtrace/detectors/screen"
	"github.com/revtrace/revtrace/detectors/sentences"
	"github.com/revtrace/revtrace/detectors/split"
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
}

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
}

// item is one record on its way through the pipeline: what a reader
// delivered (a conversation, an undecoded record, or a reader-side record:
// problem or count) and, once a worker is done, the analysis.
type item struct {
	conv        *corpora.Conversation
	deferred    corpora.Deferred
	problem     *corpora.Problem
	unavailable string
	duplicate   string

	events []Event
	counts *Counts
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
// the number of workers.
func Run(ctx context.Context, args []string, opt Options) (*Result, error) {
	if opt.Workers <= 0 {
		opt.Workers = runtime.NumCPU()
	}
	if opt.Screen == nil {
		opt.Screen = screen.Default()
	}
	if err := os.MkdirAll(opt.Out, 0o755); err != nil {
		return nil, err
	}
	inputs, problems := corpora.Expand(args, opt.Format)
	corpusOf := map[string]string{}
	for _, in := range inputs {
		corpusOf[in.Path] = in.Format
	}
	readers := corpora.NewReaders(inputs)
	cover, inputBytes := readerSizes(inputs, len(readers))

	w, err := newWriters(opt.Out, opt.Redact)
	if err != nil {
		return nil, err
	}
	defer w.close()

	summary := &Summary{
		Version: Version,
		Detectors: map[string]string{
			"sentences": sentences.Version,
			"split":     split.Version,
			"revision":  "rules",
		},
		Corpora: map[string]*Counts{},
	}
	for _, in := range inputs {
		summary.corpus(in.Format)
	}
	unattributed := NewCounts()

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	window := windowPerWorker * opt.Workers
	jobs := make(chan *batch, window)
	results := make(chan *batch, window)
	tokens := make(chan struct{}, window)
	an := &Analyser{Classifier: revision.New(opt.Screen)}

	// Reader: one goroutine, so batches follow input order.
	var readErr error
	s := &sink{ctx: ctx, jobs: jobs, tokens: tokens}
	go func() {
		defer close(jobs)
		for _, p := range problems {
			s.Problem(p)
		}
		for k, r := range readers {
			s.startFile(cover, k)
			if err := r.Read(ctx, s); err != nil {
				if ctx.Err() == nil {
					readErr = err
				}
				return
			}
			s.endFile()
		}
		if err := s.flush(); err != nil && ctx.Err() == nil {
			readErr = err
		}
	}()

	// Workers: decode deferred records and analyse conversations.
	var wg sync.WaitGroup
	for i := 0; i < opt.Workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range jobs {
				for i := range b.items {
					it := &b.items[i]
					if it.deferred != nil {
						it.conv, it.problem = it.deferred.Decode()
						it.deferred = nil
					}
					if it.conv != nil {
						it.events, it.counts = an.Conversation(it.conv)
					}
				}
				results <- b
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()

	// Collector: restore input order, write, aggregate.
	res := &Result{Summary: summary}
	pending := map[int]*batch{}
	next := 0
	var writeErr error
	stopped := false
	lastProgress := time.Now()
	convs := 0
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
				if stopped {
					break
				}
				it := &b.items[i]
				switch {
				case it.conv != nil:
					summary.corpus(it.conv.Corpus).Add(it.counts)
					convs++
					for i := range it.events {
						if err := w.event(&it.events[i]); err != nil && writeErr == nil {
							writeErr = err
						}
					}
					res.Events += len(it.events)
				case it.problem != nil:
					c := unattributed
					if name, ok := corpusOf[it.problem.File]; ok {
						c = summary.corpus(name)
					}
					c.SkippedRecords++
					res.Errors++
					if err := w.problem(it.problem); err != nil && writeErr == nil {
						writeErr = err
					}
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
	total := NewCounts()
	for _, name := range summary.CorpusNames() {
		summary.Corpora[name].derive()
		total.Add(summary.Corpora[name])
	}
	total.Add(unattributed)
	summary.Total = total
	if err := w.close(); err != nil && writeErr == nil {
		writeErr = err
	}
	if err := WriteSummary(filepath.Join(opt.Out, "summary.json"), summary); err != nil && writeErr == nil {
		writeErr = err
	}
	if writeErr != nil {
		return res, writeErr
	}
	if readErr != nil && !stopped {
		return res, readErr
	}
	if stopped {
		return res, ErrTooManyErrors
	}
	return res, nil
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
type sink struct {
	ctx    context.Context
	jobs   chan<- *batch
	tokens chan struct{}
	seq    int
	cur    *batch

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

func (s *sink) Conversation(c *corpora.Conversation) error { return s.add(item{conv: c}) }
func (s *sink) Deferred(d corpora.Deferred) error          { return s.add(item{deferred: d}) }
func (s *sink) Problem(p corpora.Problem)                  { _ = s.add(item{problem: &p}) }
func (s *sink) Unavailable(corpus string)                  { _ = s.add(item{unavailable: corpus}) }
func (s *sink) Duplicate(corpus string)                    { _ = s.add(item{duplicate: corpus}) }

// startFile begins reader k, whose files hold cover[k] bytes (unknown when
// cover is nil: progress then moves only with what readers report).
func (s *sink) startFile(cover []int64, k int) {
	s.adv = 0
	s.limit = -1
	if cover != nil {
		s.limit = cover[k]
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

// WriteSummary writes s as indented JSON with sorted keys.
func WriteSummary(path string, s *Summary) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
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

// writers holds the JSON Lines outputs of a run.
type writers struct {
	redact bool
	files  []*os.File
	bufs   []*bufio.Writer
	events *json.Encoder
	cases  *json.Encoder
	errs   *json.Encoder
	closed bool
}

func newWriters(dir string, redact bool) (*writers, error) {
	w := &writers{redact: redact}
	var encs []*json.Encoder
	for _, name := range []string{"events.jsonl", "cases.jsonl", "errors.jsonl"} {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			w.close()
			return nil, err
		}
		b := bufio.NewWriterSize(f, 1<<16)
		w.files = append(w.files, f)
		w.bufs = append(w.bufs, b)
		e := json.NewEncoder(b)
		e.SetEscapeHTML(false)
		encs = append(encs, e)
	}
	w.events, w.cases, w.errs = encs[0], encs[1], encs[2]
	return w, nil
}

func (w *writers) event(ev *Event) error {
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

func (w *writers) close() error {
	if w.closed {
		return nil
	}
	w.closed = true
	var first error
	for i, f := range w.files {
		if err := w.bufs[i].Flush(); err != nil && first == nil {
			first = err
		}
		if err := f.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

var _ io.Closer = (*os.File)(nil)
