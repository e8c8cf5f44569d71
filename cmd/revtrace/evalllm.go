package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/revtrace/revtrace/detectors/llm"
	"github.com/revtrace/revtrace/detectors/revision"
	"github.com/revtrace/revtrace/eval"
)

// evalLLMFlags are eval's flags for scoring the LLM revision check on gold
// turns: the server and model as mine --llm takes them, a cache so that a
// re-run costs nothing, and a dry run that prints the cost first.
type evalLLMFlags struct {
	on          *bool
	baseURL     *string
	model       *string
	concurrency *int
	cache       *string
	dryRun      *bool
}

func addEvalLLMFlags(fs *flag.FlagSet) *evalLLMFlags {
	return &evalLLMFlags{
		on:          fs.Bool("llm", false, "with --turns: score the LLM revision check (on every turn the keyword screen selects, as mine --llm) instead of the rules; API key from OPENAI_API_KEY"),
		baseURL:     fs.String("llm-base-url", "", "with --llm: the server's base URL, e.g. http://localhost:8000/v1 (default: OPENAI_BASE_URL, else https://api.openai.com/v1)"),
		model:       fs.String("llm-model", "", "with --llm: the model the server serves (required)"),
		concurrency: fs.Int("llm-concurrency", 8, "with --llm: LLM calls in flight at once"),
		cache:       fs.String("cache", "", "with --llm: an LLM answer cache (JSON Lines, mode 0600; it quotes the turns), so that a re-run makes no call (default: none)"),
		dryRun:      fs.Bool("llm-dry-run", false, "with --llm: make no call and score nothing; print the calls and the estimated tokens"),
	}
}

func (f *evalLLMFlags) check(set map[string]bool, turns, replies string) error {
	if !*f.on {
		for _, n := range []string{"llm-base-url", "llm-model", "llm-concurrency", "cache", "llm-dry-run"} {
			if set[n] {
				return fmt.Errorf("--%s needs --llm", n)
			}
		}
		return nil
	}
	switch {
	case turns == "":
		return errors.New("--llm scores the revision check: give --turns FILE")
	case replies != "":
		return errors.New("--llm scores the revision check of --turns only: drop --replies (run it separately for the rules)")
	case strings.TrimSpace(*f.model) == "":
		return errors.New("--llm needs --llm-model (the model name the server serves)")
	case *f.concurrency < 1:
		return fmt.Errorf("--llm-concurrency %d: must be at least 1", *f.concurrency)
	}
	return nil
}

// verdicts runs the LLM revision check on the gold turns. After a dry run
// it prints the plan to stderr and returns nil verdicts and no error.
func (f *evalLLMFlags) verdicts(gold []eval.TurnGold, stderr io.Writer) (map[eval.ID]revision.Verdict, eval.LLMTurns, error) {
	cfg := llm.Config{BaseURL: *f.baseURL, Model: strings.TrimSpace(*f.model), Concurrency: *f.concurrency, DryRun: *f.dryRun, CachePath: *f.cache}
	c, err := llm.New(cfg)
	if err != nil {
		return nil, eval.LLMTurns{}, err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	verdicts, info, runErr := eval.LLMVerdicts(ctx, gold, nil, c, *f.concurrency)
	if err := c.Close(); err != nil && runErr == nil {
		runErr = err
	}
	if errors.Is(runErr, llm.ErrDryRun) {
		st := c.Stats()
		fmt.Fprintf(stderr, "revtrace: LLM dry run: no call made, nothing scored (model %s at %s)\n", c.Model(), redactedBase(*f.baseURL))
		fmt.Fprintf(stderr, "  %-12s %10s %18s %19s %10s\n", "check", "calls", "est. input tokens", "est. output tokens", "cached")
		fmt.Fprintf(stderr, "  %-12s %10d %18d %19d %10d\n", llm.CheckRevision, st.Planned, st.EstInputTokens, st.EstOutputTokens, st.Cached)
		fmt.Fprintf(stderr, "  (the %d turns the keyword screen selects; tokens estimated as characters/4)\n", info.Candidates)
		return nil, info, nil
	}
	if runErr != nil {
		return nil, info, runErr
	}
	reportLLM(c, cacheName(*f.cache), stderr)
	return verdicts, info, nil
}

func cacheName(path string) string {
	if path == "" {
		return "none"
	}
	return path
}
