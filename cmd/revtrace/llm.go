package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/revtrace/revtrace/detectors/llm"
	"github.com/revtrace/revtrace/miner"
)

// llmServer are the LLM flags mine and eval share: the switch, the server,
// the model, the pool, the cache and the dry run (README "LLM checks").
type llmServer struct {
	on          *bool
	baseURL     *string
	model       *string
	concurrency *int
	cache       *string
	dryRun      *bool
}

// addLLMServerFlags defines the shared flags; the switch's, the cache's and
// the dry run's help differ between commands.
func addLLMServerFlags(fs *flag.FlagSet, onHelp, cacheHelp, dryRunHelp string) llmServer {
	return llmServer{
		on:          fs.Bool("llm", false, onHelp),
		baseURL:     fs.String("llm-base-url", "", "the server's base URL, e.g. http://localhost:8000/v1 (default: OPENAI_BASE_URL, else https://api.openai.com/v1)"),
		model:       fs.String("llm-model", "", "the model the server serves (required with --llm)"),
		concurrency: fs.Int("llm-concurrency", 8, "LLM calls in flight at once"),
		cache:       fs.String("cache", "", cacheHelp),
		dryRun:      fs.Bool("llm-dry-run", false, dryRunHelp),
	}
}

// check reports the shared usage errors: without --llm, any of the shared
// flags or of more (the command's own LLM flags) given; with it, no model
// or a pool under one.
func (s llmServer) check(set map[string]bool, more ...string) error {
	if !*s.on {
		for _, n := range append([]string{"llm-base-url", "llm-model", "llm-concurrency", "cache", "llm-dry-run"}, more...) {
			if set[n] {
				return fmt.Errorf("--%s needs --llm", n)
			}
		}
		return nil
	}
	if strings.TrimSpace(*s.model) == "" {
		return errors.New("--llm needs --llm-model (the model name the server serves, e.g. gpt-4o-mini, or the name vLLM, Ollama or llama-server serve it under)")
	}
	if *s.concurrency < 1 {
		return fmt.Errorf("--llm-concurrency %d: must be at least 1", *s.concurrency)
	}
	return nil
}

// printPlan prints a dry run's plan: the calls per check and the
// estimated tokens, with what the command says about its outputs and a
// footnote on what was counted.
func printPlan(stderr io.Writer, c *llm.Client, baseURL, outputs, footnote string) {
	st := c.Stats()
	fmt.Fprintf(stderr, "revtrace: LLM dry run: no call made, %s (model %s at %s)\n", outputs, c.Model(), redactedBase(baseURL))
	fmt.Fprintf(stderr, "  %-12s %10s %18s %19s %10s\n", "check", "calls", "est. input tokens", "est. output tokens", "cached")
	for _, name := range st.Checks() {
		s := st.ByCheck[name]
		fmt.Fprintf(stderr, "  %-12s %10d %18d %19d %10d\n", name, s.Planned, s.EstInputTokens, s.EstOutputTokens, s.Cached)
	}
	fmt.Fprintf(stderr, "  %-12s %10d %18d %19d %10d\n", "total", st.Planned, st.EstInputTokens, st.EstOutputTokens, st.Cached)
	fmt.Fprintf(stderr, "  (%s; tokens estimated as characters/4)\n", footnote)
}

// llmFlags are mine's LLM flags: the shared ones, the Batch API and the
// sample of rejected turns.
type llmFlags struct {
	llmServer
	batch        *string
	batchResults *string
	sample       *int
	sampleSeed   *uint64
}

func addLLMFlags(fs *flag.FlagSet) *llmFlags {
	return &llmFlags{
		llmServer: addLLMServerFlags(fs,
			"run the LLM checks (revision check on every candidate, trace check on every event) over an OpenAI-compatible server; API key from OPENAI_API_KEY",
			"the LLM answer cache, JSON Lines, mode 0600, SENSITIVE: it quotes the chats (default: OUT/llm-cache.jsonl)",
			"with --llm: make no call, write no output; print the calls per check and the estimated tokens"),
		batch:        fs.String("llm-batch", "", "with --llm: write the OpenAI Batch API request lines the run needs to `FILE` instead of calling (no other output)"),
		batchResults: fs.String("llm-batch-results", "", "with --llm: ingest a Batch API output `FILE` into the cache first (then mine the PATHs, if any, from the cache)"),
		sample:       fs.Int("sample-rejected", 0, "write a seeded sample of N screen-rejected later user turns to OUT/rejected-sample.jsonl for labelling (with --llm, also run the revision check on them)"),
		sampleSeed:   fs.Uint64("sample-seed", 1, "seed of --sample-rejected"),
	}
}

// check reports usage errors; set names the flags given.
func (f *llmFlags) check(set map[string]bool) error {
	if err := f.llmServer.check(set, "llm-batch", "llm-batch-results"); err != nil {
		return err
	}
	if *f.on {
		n := 0
		for _, b := range []bool{*f.dryRun, *f.batch != "", *f.batchResults != ""} {
			if b {
				n++
			}
		}
		if n > 1 {
			return errors.New("--llm-dry-run, --llm-batch and --llm-batch-results exclude each other")
		}
	}
	if *f.sample < 0 {
		return fmt.Errorf("--sample-rejected %d: must not be negative", *f.sample)
	}
	return nil
}

// planOnly: the run makes no call and writes no output.
func (f *llmFlags) planOnly() bool { return *f.on && (*f.dryRun || *f.batch != "") }

func (f *llmFlags) cachePath(out string) string {
	if *f.cache != "" {
		return *f.cache
	}
	return filepath.Join(out, "llm-cache.jsonl")
}

// client makes the LLM client of a run (nil without --llm) and a function
// that closes it and the batch file.
func (f *llmFlags) client(out string) (*llm.Client, func() error, error) {
	if !*f.on {
		return nil, func() error { return nil }, nil
	}
	cfg := llm.Config{BaseURL: *f.baseURL, Model: strings.TrimSpace(*f.model), Concurrency: *f.concurrency, DryRun: *f.dryRun}
	path := f.cachePath(out)
	switch {
	case f.planOnly():
		// Read an existing cache (its answers cost nothing), create none.
		if _, err := os.Stat(path); err == nil {
			cfg.CachePath = path
		}
	default:
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, nil, err
		}
		cfg.CachePath = path
	}
	var bf *os.File
	var bw *bufio.Writer
	if *f.batch != "" {
		var err error
		// The requests hold the chats' text: as sensitive as the cache.
		if bf, err = os.OpenFile(*f.batch, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600); err != nil {
			return nil, nil, err
		}
		bw = bufio.NewWriterSize(bf, 1<<20)
		cfg.Batch = llm.NewBatchWriter(bw)
	}
	c, err := llm.New(cfg)
	if err != nil {
		if bf != nil {
			bf.Close()
		}
		return nil, nil, err
	}
	closeAll := func() error {
		err := c.Close()
		if bf != nil {
			if ferr := bw.Flush(); err == nil {
				err = ferr
			}
			if ferr := bf.Close(); err == nil {
				err = ferr
			}
		}
		return err
	}
	return c, closeAll, nil
}

// ingest loads the --llm-batch-results file into c's cache.
func (f *llmFlags) ingest(c *llm.Client, stderr io.Writer) error {
	r, err := os.Open(*f.batchResults)
	if err != nil {
		return err
	}
	defer r.Close()
	res, err := c.IngestBatchResults(r)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "revtrace: batch results %s: %d answers stored in the cache, %d failed, %d for another prompt version, %d unreadable lines\n",
		*f.batchResults, res.Stored, res.Failed, res.Stale, res.Malformed)
	return nil
}

// runPlan runs the miner with a client that only plans (dry run) or queues
// (batch) into a temporary directory, and prints the plan.
func (f *llmFlags) runPlan(ctx context.Context, paths []string, opt miner.Options, c *llm.Client, closeAll func() error, stderr io.Writer) error {
	tmp, err := os.MkdirTemp("", "revtrace-plan-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	opt.Out, opt.Resume, opt.Progress, opt.CheckpointEvery = tmp, false, nil, -1
	_, runErr := miner.Run(ctx, paths, opt)
	if err := closeAll(); err != nil {
		return err
	}
	if runErr != nil && !errors.Is(runErr, miner.ErrTooManyErrors) {
		return runErr
	}
	st := c.Stats()
	if *f.dryRun {
		printPlan(stderr, c, *f.baseURL, "no output written",
			"identical requests counted once; trace calls are an upper bound: every candidate with a reply whose revision answer is not cached")
		return nil
	}
	fmt.Fprintf(stderr, "revtrace: wrote %d Batch API request lines to %s (model %s; %d answers already cached); no other output.\n"+
		"  Run them (OpenAI /v1/batches, or vllm run-batch), then: revtrace mine --llm --llm-model %s --llm-batch-results OUTPUT.jsonl [same flags] PATH...\n",
		st.Batched, *f.batch, c.Model(), st.Cached, c.Model())
	return nil
}

// redactedBase is the server a run talks to, for messages: base (else
// OPENAI_BASE_URL, else OpenAI's), with any password in it masked.
func redactedBase(base string) string {
	if base == "" {
		base = os.Getenv("OPENAI_BASE_URL")
	}
	if base == "" {
		base = "https://api.openai.com/v1"
	}
	if u, err := url.Parse(base); err == nil {
		return u.Redacted()
	}
	return "(unparsable base URL)"
}

// report prints the LLM counters after a run.
func reportLLM(c *llm.Client, cache string, stderr io.Writer) {
	st := c.Stats()
	fmt.Fprintf(stderr, "revtrace: llm: %d calls, %d answered from the cache, %d unresolved, %d failed, %d retries; cache %s (sensitive: it quotes the chats)\n",
		st.Calls, st.Reused(), st.Unresolved, st.Failed, st.Retries, cache)
}
