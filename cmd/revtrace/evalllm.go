package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/revtrace/revtrace/detectors/llm"
	"github.com/revtrace/revtrace/detectors/revision"
	"github.com/revtrace/revtrace/detectors/trace"
	"github.com/revtrace/revtrace/eval"
)

// evalLLMFlags are eval's flags for scoring the LLM checks on gold sets:
// the server and model as mine --llm takes them, a cache so that a re-run
// costs nothing, and a dry run that prints the cost first.
type evalLLMFlags struct{ llmServer }

func addEvalLLMFlags(fs *flag.FlagSet) *evalLLMFlags {
	return &evalLLMFlags{addLLMServerFlags(fs,
		"score the LLM checks: with --turns the revision check (on every turn the keyword screen selects, as mine --llm) instead of the rules, with --replies the trace check beside the scanner; API key from OPENAI_API_KEY",
		"with --llm: an LLM answer cache (JSON Lines, mode 0600; it quotes the turns), so that a re-run makes no call (default: none)",
		"with --llm: make no call and score nothing; print the calls and the estimated tokens")}
}

func (f *evalLLMFlags) check(set map[string]bool, turns, replies string) error {
	if err := f.llmServer.check(set); err != nil || !*f.on {
		return err
	}
	if turns == "" && replies == "" {
		return errors.New("--llm scores the LLM checks on gold sets: give --turns FILE, --replies FILE or both")
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
		printPlan(stderr, c, *f.baseURL, "nothing scored", "revision: the gold turns the keyword screen selects; trace: every gold reply")
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
