// Command revtrace mines chat corpora for revision traces: replies in which
// an assistant, asked to withdraw or replace an item, says that it did and
// so discloses the item to whoever receives the deliverable.
//
// Usage:
//
//	revtrace mine [flags] PATH...      mine corpora into an output directory
//	revtrace scan [flags] [FILE|-]     analyse one reply (or --jsonl many)
//	revtrace classify --jsonl FILE|-   screen and classify user turns
//	revtrace report DIR                re-render the reports of a run
//	revtrace merge OUT DIR...          merge shard outputs
//	revtrace batch collect FILE        ingest Batch API results into the LLM cache
//	revtrace eval                      score the detectors against gold sets
//	revtrace filter [FILE|-]           delete trace sentences from a reply
//	revtrace version
//
// Run "revtrace COMMAND -h" for the flags of a command.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// exitError carries an exit status through the command functions.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

const usage = `revtrace mines chat corpora for revision traces.

Usage:
  revtrace mine [flags] PATH...      mine corpora (WildChat Parquet, ShareChat CSV, DevGPT JSON, messages JSONL)
  revtrace scan [flags] [FILE|-]     analyse one assistant reply; --jsonl for one JSON object per line
  revtrace classify --jsonl FILE|-   keyword screen and revision check for user turns
  revtrace report DIR                re-render report.md, report.html and tables/ from summary.json
  revtrace merge OUT DIR...          merge the outputs of shard runs into OUT
  revtrace batch collect RESULTS.jsonl --cache PATH --llm-model M
                                     ingest Batch API results (for mine --llm-batch) into the LLM cache
  revtrace eval [flags]              score the detectors against gold sets (--replies, --turns)
  revtrace filter [flags] [FILE|-]   print a reply with its trace sentences deleted (exit 3: withheld)
  revtrace version                   print the version

Run "revtrace COMMAND -h" for a command's flags.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 1
	}
	var err error
	switch args[0] {
	case "mine":
		err = cmdMine(args[1:], stderr)
	case "scan":
		err = cmdScan(args[1:], stdin, stdout)
	case "classify":
		err = cmdClassify(args[1:], stdin, stdout)
	case "report":
		err = cmdReport(args[1:])
	case "merge":
		err = cmdMerge(args[1:], stderr)
	case "batch":
		err = cmdBatch(args[1:], stdout, stderr)
	case "eval":
		err = cmdEval(args[1:], stdout, stderr)
	case "filter":
		err = cmdFilter(args[1:], stdin, stdout, stderr)
	case "version", "--version", "-version":
		fmt.Fprintln(stdout, "revtrace", version())
		return 0
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "revtrace: unknown command %q\n\n%s", args[0], usage)
		return 1
	}
	if err == nil {
		return 0
	}
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			fmt.Fprintln(stderr, "revtrace:", ee.err)
		}
		return ee.code
	}
	fmt.Fprintln(stderr, "revtrace:", err)
	return 1
}

// parseInterleaved parses flags that may come before, between or after the
// positional arguments ("mine corpus/ --out x" and "mine --out x corpus/").
// A lone "--" ends flag parsing.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// splitList splits a comma-separated flag value, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
