// Package miner runs the revtrace pipeline over corpora: readers feed
// conversations to a pool of workers that run the detectors; a collector
// puts the results back in input order, writes events.jsonl, cases.jsonl
// and errors.jsonl, and aggregates the counts of summary.json.
//
// The output does not depend on the number of workers: every conversation
// carries a sequence number from the (single) reading goroutine and the
// collector writes results strictly in that order.
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
	// Progress receives progress lines; nil for none.
	Progress Progress
}

// Progress is told how far a run has come.
type Progress interface {
	Conversations(n int)
	Done()
}

// Result is what Run returns besides the files it writes.
type Result struct {
	Summary *Summary
	Events  int
	Errors  int
}

type job struct {
	seq  int
	conv *corpora.Conversation
	// a job without conv carries a reader-side record (problem or count)
	problem     *corpora.Problem
	unavailable string
	duplicate   string
}

type done struct {
	seq    int
	job    job
	events []Event
	counts *Counts
}

// Run mines the corpora named by args and writes the outputs into opt.Out.
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

	jobs := make(chan job, 4*opt.Workers)
	results := make(chan done, 4*opt.Workers)
	an := &Analyser{Classifier: revision.New(opt.Screen)}

	// Reader: one goroutine, so sequence numbers follow input order.
	var readErr error
	go func() {
		defer close(jobs)
		s := &sink{ctx: ctx, jobs: jobs}
		for _, p := range problems {
			p := p
			if err := s.send(job{problem: &p}); err != nil {
				readErr = err
				return
			}
		}
		for _, r := range corpora.NewReaders(inputs) {
			if err := r.Read(ctx, s); err != nil {
				if ctx.Err() == nil {
					readErr = err
				}
				return
			}
		}
	}()

	// Workers.
	var wg sync.WaitGroup
	for i := 0; i < opt.Workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				d := done{seq: j.seq, job: j}
				if j.conv != nil {
					d.events, d.counts = an.Conversation(j.conv)
				}
				results <- d
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()

	// Collector: restore input order, write, aggregate.
	res := &Result{Summary: summary}
	pending := map[int]done{}
	next := 0
	var writeErr error
	stopped := false
	lastProgress := time.Now()
	convs := 0
	for d := range results {
		pending[d.seq] = d
		for {
			d, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			if stopped {
				continue
			}
			j := d.job
			switch {
			case j.conv != nil:
				summary.corpus(j.conv.Corpus).Add(d.counts)
				convs++
				for i := range d.events {
					if err := w.event(&d.events[i]); err != nil && writeErr == nil {
						writeErr = err
					}
				}
				res.Events += len(d.events)
			case j.problem != nil:
				c := unattributed
				if name, ok := corpusOf[j.problem.File]; ok {
					c = summary.corpus(name)
				}
				c.SkippedRecords++
				res.Errors++
				if err := w.problem(j.problem); err != nil && writeErr == nil {
					writeErr = err
				}
				if opt.MaxErrors >= 0 && res.Errors > opt.MaxErrors {
					stopped = true
					cancel()
				}
			case j.unavailable != "":
				summary.corpus(j.unavailable).Unavailable++
			case j.duplicate != "":
				summary.corpus(j.duplicate).Duplicates++
			}
		}
		if opt.Progress != nil && time.Since(lastProgress) > 200*time.Millisecond {
			opt.Progress.Conversations(convs)
			lastProgress = time.Now()
		}
	}
	if opt.Progress != nil {
		opt.Progress.Conversations(convs)
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

// sink forwards what readers find to the job channel.
type sink struct {
	ctx  context.Context
	jobs chan<- job
	seq  int
}

func (s *sink) send(j job) error {
	j.seq = s.seq
	s.seq++
	select {
	case s.jobs <- j:
		return nil
	case <-s.ctx.Done():
		return s.ctx.Err()
	}
}

func (s *sink) Conversation(c *corpora.Conversation) error { return s.send(job{conv: c}) }
func (s *sink) Problem(p corpora.Problem)                  { _ = s.send(job{problem: &p}) }
func (s *sink) Unavailable(corpus string)                  { _ = s.send(job{unavailable: corpus}) }
func (s *sink) Duplicate(corpus string)                    { _ = s.send(job{duplicate: corpus}) }

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
