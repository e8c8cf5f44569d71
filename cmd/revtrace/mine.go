package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/pprof"
	"syscall"
	"time"

	"github.com/revtrace/revtrace/detectors/screen"
	"github.com/revtrace/revtrace/miner"
	"github.com/revtrace/revtrace/reports"
	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

func version() string { return miner.Version }

func cmdMine(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("mine", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "revtrace-out", "output directory")
	workers := fs.Int("workers", runtime.NumCPU(), "number of analysis workers")
	format := fs.String("format", "", "input format instead of sniffing: wildchat, sharechat, devgpt, messages")
	redact := fs.Bool("redact", false, "mask requests, trace sentences and withdrawn items in every output")
	maxErrors := fs.Int("max-errors", -1, "stop with exit status 2 once more than N records were skipped (-1: no limit)")
	maxMessageBytes := fs.Int("max-message-bytes", 8<<20, "cut messages longer than N bytes to N (at a UTF-8 boundary), each listed in errors.jsonl as truncated (0: no limit)")
	quiet := fs.Bool("quiet", false, "no progress output")
	rules := fs.String("rules", "", "keyword screen rules file replacing the embedded default")
	failOnTrace := fs.Bool("fail-on-trace", false, "exit with status 4 when any trace is found")
	baseline := fs.String("baseline", "", "the --out `DIR` of a previous run: its traces are marked \"baseline\": true and only new ones count for --fail-on-trace")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile to this file")
	shard := fs.String("shard", "", "mine only shard I of N (`I/N`, I 1-based: a Kubernetes Indexed Job passes $((JOB_COMPLETION_INDEX+1))); combine the shards with revtrace merge")
	resume := fs.Bool("resume", false, "continue the run whose checkpoint is in --out (same PATHs and flags); starts from the beginning when there is none")
	checkpointEvery := fs.Duration("checkpoint-every", miner.DefaultCheckpointEvery, "least time between two checkpoints (for --resume)")
	lf := addLLMFlags(fs)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: revtrace mine [flags] PATH...\n\nPATH is a file, a directory (walked) or a glob; .zst and .gz are decompressed.\n\n")
		fs.PrintDefaults()
	}
	paths, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if err := lf.check(set); err != nil {
		return &exitError{code: 1, err: fmt.Errorf("mine: %w", err)}
	}
	if lf.planOnly() && *resume {
		return &exitError{code: 1, err: errors.New("mine: --llm-dry-run and --llm-batch plan a fresh run: drop --resume")}
	}
	if len(paths) == 0 && !(*lf.on && *lf.batchResults != "") {
		fs.Usage()
		return &exitError{code: 1, err: errors.New("mine: no PATH given")}
	}
	opt := miner.Options{Out: *out, Workers: *workers, Format: *format, Redact: *redact, MaxErrors: *maxErrors,
		MaxMessageBytes: *maxMessageBytes, Resume: *resume, CheckpointEvery: *checkpointEvery, SampleRejected: *lf.sample, SampleSeed: *lf.sampleSeed}
	if *checkpointEvery <= 0 {
		opt.CheckpointEvery = -1
	}
	if *shard != "" {
		sh, err := miner.ParseShard(*shard)
		if err != nil {
			fs.Usage()
			return &exitError{code: 1, err: fmt.Errorf("mine: %w", err)}
		}
		opt.Shard = sh
	}
	if *baseline != "" {
		b, err := miner.LoadBaseline(*baseline)
		if err != nil {
			return &exitError{code: 1, err: fmt.Errorf("mine: %w", err)}
		}
		opt.Baseline = b
	}
	if *rules != "" {
		b, err := os.ReadFile(*rules)
		if err != nil {
			return err
		}
		s, err := screen.Load(bytes.NewReader(b))
		if err != nil {
			return fmt.Errorf("%s: %w", *rules, err)
		}
		opt.Screen = s
		sum := sha256.Sum256(b)
		opt.RulesID = "file:" + hex.EncodeToString(sum[:8])
	}
	client, closeLLM, err := lf.client(*out)
	if err != nil {
		return fmt.Errorf("mine: %w", err)
	}
	opt.LLM = client
	if client != nil && *lf.batchResults != "" {
		if err := lf.ingest(client, stderr); err != nil {
			closeLLM()
			return fmt.Errorf("mine: %w", err)
		}
		if len(paths) == 0 {
			return closeLLM()
		}
	}
	if !*quiet && !lf.planOnly() {
		opt.Progress = newProgress(stderr)
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer func() { pprof.StopCPUProfile(); f.Close() }()
	}
	// SIGTERM too: a Kubernetes pod being evicted or a Slurm job being
	// preempted gets one before SIGKILL; the run then stops at a unit
	// boundary with a checkpoint that --resume continues from.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if lf.planOnly() {
		return lf.runPlan(ctx, paths, opt, client, closeLLM, stderr)
	}
	defer closeLLM()
	start := time.Now()
	res, runErr := miner.Run(ctx, paths, opt)
	if res == nil {
		return runErr
	}
	if errors.Is(runErr, miner.ErrInterrupted) {
		return runErr
	}
	if err := reports.Write(*out, res.Summary); err != nil {
		return err
	}
	if !*quiet {
		t := res.Summary.Total
		what := ""
		if res.Resumed {
			what = " (resumed from the checkpoint)"
		}
		if res.Summary.Shard != "" {
			what += " for shard " + res.Summary.Shard
		}
		fmt.Fprintf(stderr, "revtrace: %d conversations, %d candidates, %d revision events, %d with a trace (%d in the body), %d skipped records%s in %s; outputs in %s\n",
			t.Conversations, t.Candidates, t.RevisionEvents, t.TraceFull, t.TraceBody, t.SkippedRecords, what,
			time.Since(start).Round(time.Millisecond), *out)
		if client != nil {
			reportLLM(client, lf.cachePath(*out), stderr)
		}
		if b := res.Summary.Baseline; b != nil {
			fmt.Fprintf(stderr, "revtrace: against the baseline %s: %d known traces, %d new (in %d replies)\n",
				b.Dir, b.KnownTraces, b.NewTraces, b.NewTraceEvents)
		}
	}
	if errors.Is(runErr, miner.ErrTooManyErrors) {
		return &exitError{code: 2, err: runErr}
	}
	if runErr != nil {
		return runErr
	}
	if b := res.Summary.Baseline; *failOnTrace && b != nil {
		if b.NewTraces > 0 {
			return &exitError{code: 4, err: fmt.Errorf("%d new traces in %d replies (not in the baseline %s)", b.NewTraces, b.NewTraceEvents, b.Dir)}
		}
		return nil
	}
	if *failOnTrace && res.Summary.Total.TraceFull > 0 {
		return &exitError{code: 4, err: fmt.Errorf("%d replies with a trace", res.Summary.Total.TraceFull)}
	}
	return nil
}

// progress reports how far a run has come on stderr: a bar over the input's
// bytes (compressed bytes as stored on disk) with rate and ETA when stderr
// is a terminal, a plain line every few seconds otherwise. It implements
// miner.ByteProgress; the miner calls it from one goroutine.
type progress struct {
	w     io.Writer
	bar   *progressbar.ProgressBar
	now   func() time.Time
	every time.Duration // plain lines: at most one per every
	start time.Time
	last  time.Time
	n     int   // conversations done
	read  int64 // input bytes read
	total int64 // input bytes in all
}

func newProgress(w io.Writer) *progress {
	p := &progress{w: w, now: time.Now, every: 5 * time.Second}
	p.start, p.last = p.now(), p.now()
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		p.bar = progressbar.NewOptions64(-1,
			progressbar.OptionSetWriter(w),
			progressbar.OptionSetDescription("mining"),
			progressbar.OptionShowBytes(true),
			progressbar.OptionShowCount(),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionSetWidth(30),
			progressbar.OptionClearOnFinish(),
		)
	}
	return p
}

// Bytes implements miner.ByteProgress.
func (p *progress) Bytes(read, total int64) {
	p.read, p.total = read, total
	if p.bar != nil {
		if p.bar.GetMax64() != total && total > 0 {
			p.bar.ChangeMax64(total)
		}
		_ = p.bar.Set64(read)
	}
}

// Conversations implements miner.Progress.
func (p *progress) Conversations(n int) {
	p.n = n
	if p.bar != nil {
		p.bar.Describe(fmt.Sprintf("mining: %d conversations", n))
		return
	}
	if now := p.now(); now.Sub(p.last) >= p.every {
		p.last = now
		fmt.Fprintln(p.w, p.line(now))
	}
}

// line is one plain progress line.
func (p *progress) line(now time.Time) string {
	el := now.Sub(p.start).Seconds()
	if el <= 0 {
		el = 1e-9
	}
	s := fmt.Sprintf("revtrace: %d conversations (%.0f/s)", p.n, float64(p.n)/el)
	if p.total > 0 {
		rate := float64(p.read) / el
		s += fmt.Sprintf(", %s of %s read (%.0f%%, %s/s)", mb(p.read), mb(p.total),
			100*float64(p.read)/float64(p.total), mb(int64(rate)))
		if rate > 0 && p.read < p.total {
			eta := time.Duration(float64(p.total-p.read) / rate * float64(time.Second))
			s += ", ETA " + eta.Round(time.Second).String()
		}
	}
	return s
}

// mb formats a byte count in MB (10^6 bytes).
func mb(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }

// Done implements miner.Progress.
func (p *progress) Done() {
	if p.bar != nil {
		_ = p.bar.Finish()
	}
}

func cmdReport(args []string) error {
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return &exitError{code: 1, err: errors.New("usage: revtrace report DIR")}
	}
	s, err := miner.ReadSummary(pos[0] + "/summary.json")
	if err != nil {
		return err
	}
	return reports.Write(pos[0], s)
}
