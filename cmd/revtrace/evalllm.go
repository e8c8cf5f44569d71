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
	"github.com/revtrace/revtrace/detectors/trace"
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
		on:          fs.Bool("llm", false, "score the LLM checks: with --turns the revision check (on every turn the keyword screen selects, as mine --llm) instead of the rules, with --replies the trace check beside the scanner; API key from OPENAI_API_KEY"),
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
	case turns == "" && replies == "":
		return errors.New("--llm scores the LLM checks on gold sets: give --turns FILE, --replies FILE or both")
	case strings.TrimSpace(*f.model) == "":
		return errors.New("--llm needs --llm-model (the model name the server serves)")
	case *f.concurrency < 1:
		return fmt.Errorf("--llm-concurrency %d: must be at least 1", *f.concurrency)
	}
	return nil
}

// evalLLMResult is what the LLM checks gave on the gold sets.
type evalLLMResult struct {
	verdicts map[eval.ID]revision.Verdict // by turn, resolved ones only
	turns    *eval.LLMTurns
	replies  *eval.LLMReplies
}

// run runs the LLM revision check on the gold turns and the LLM trace
// check on the gold replies (either may be empty). After a dry run it
// prints the plan to stderr and returns nil and no error.
func (f *evalLLMFlags) run(turns []eval.TurnGold, replies []eval.ReplyGold, analyse func(eval.ReplyGold) trace.Analysis, stderr io.Writer) (*evalLLMResult, error) {
	cfg := llm.Config{BaseURL: *f.baseURL, Model: strings.TrimSpace(*f.model), Concurrency: *f.concurrency, DryRun: *f.dryRun, CachePath: *f.cache}
	c, err := llm.New(cfg)
	if err != nil {
		return nil, err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res := &evalLLMResult{}
	var planned, runErr error
	keep := func(err error) bool { // a dry run goes on to plan the other check
		if errors.Is(err, llm.ErrDryRun) {
			planned = err
			return false
		}
		runErr = err
		return err != nil
	}
	if len(turns) > 0 {
		verdicts, info, err := eval.LLMVerdicts(ctx, turns, nil, c, *f.concurrency)
		if !keep(err) {
			res.verdicts, res.turns = verdicts, &info
		}
	}
	if runErr == nil && len(replies) > 0 {
		info, err := eval.LLMTraces(ctx, replies, analyse, c, *f.concurrency)
		if !keep(err) {
			res.replies = &info
		}
	}
	if err := c.Close(); err != nil && runErr == nil {
		runErr = err
	}
	if runErr != nil {
		return nil, runErr
	}
	if planned != nil {
		st := c.Stats()
		fmt.Fprintf(stderr, "revtrace: LLM dry run: no call made, nothing scored (model %s at %s)\n", c.Model(), redactedBase(*f.baseURL))
		fmt.Fprintf(stderr, "  %-12s %10s %18s %19s %10s\n", "check", "calls", "est. input tokens", "est. output tokens", "cached")
		for _, name := range st.Checks() {
			s := st.ByCheck[name]
			fmt.Fprintf(stderr, "  %-12s %10d %18d %19d %10d\n", name, s.Planned, s.EstInputTokens, s.EstOutputTokens, s.Cached)
		}
		fmt.Fprintf(stderr, "  (revision: the gold turns the keyword screen selects; trace: every gold reply; tokens estimated as characters/4)\n")
		return nil, nil
	}
	reportLLM(c, cacheName(*f.cache), stderr)
	return res, nil
}

func cacheName(path string) string {
	if path == "" {
		return "none"
	}
	return path
}
