package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/revtrace/revtrace/detectors/llm"
)

const batchUsage = `usage: revtrace batch collect RESULTS.jsonl --cache PATH --llm-model M

Ingests a Batch API output file (OpenAI /v1/batches, vllm run-batch) for the requests a
"revtrace mine --llm --llm-batch FILE" run wrote: the answers go into the LLM cache at PATH
(created with mode 0600), stored under model M, the --llm-model the requests were written
for. Then "revtrace mine --llm --llm-model M --cache PATH [same flags] PATH..." answers every
check from the cache with no calls. Same as mine's --llm-batch-results without mining.
`

// cmdBatch runs "revtrace batch collect": a thin layer over
// llm.Client.IngestBatchResults.
func cmdBatch(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "collect" {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
			fmt.Fprint(stderr, batchUsage)
			return flag.ErrHelp
		}
		fmt.Fprint(stderr, batchUsage)
		return &exitError{code: 1, err: errors.New("batch: the only subcommand is collect")}
	}
	fs := flag.NewFlagSet("batch collect", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, batchUsage+"\nFlags:\n"); fs.PrintDefaults() }
	cache := fs.String("cache", "", "the LLM answer cache to store the answers in (required; created with mode 0600)")
	model := fs.String("llm-model", "", "the model the requests were written for (required: the cache is keyed by it, not by the dated name the server reports)")
	pos, err := parseInterleaved(fs, args[1:])
	if err != nil {
		return err
	}
	switch {
	case len(pos) != 1:
		fs.Usage()
		return &exitError{code: 1, err: errors.New("batch collect: need exactly one RESULTS.jsonl")}
	case *cache == "":
		return &exitError{code: 1, err: errors.New("batch collect: need --cache PATH (the cache the mine run reads)")}
	case strings.TrimSpace(*model) == "":
		return &exitError{code: 1, err: errors.New("batch collect: need --llm-model M (the --llm-model the requests were written for)")}
	}
	r, err := os.Open(pos[0])
	if err != nil {
		return err
	}
	defer r.Close()
	if err := os.MkdirAll(filepath.Dir(*cache), 0o755); err != nil {
		return err
	}
	c, err := llm.New(llm.Config{Model: strings.TrimSpace(*model), CachePath: *cache})
	if err != nil {
		return err
	}
	res, err := c.IngestBatchResults(r)
	if cerr := c.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "batch results %s: %d answers loaded into %s, %d stale (another prompt version), %d failed (not cached: a later run calls again), %d unreadable lines\n",
		pos[0], res.Stored, *cache, res.Stale, res.Failed, res.Malformed)
	return nil
}
