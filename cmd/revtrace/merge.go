package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/revtrace/revtrace/miner"
	"github.com/revtrace/revtrace/reports"
)

// cmdMerge merges the outputs of shard runs into one directory and renders
// its reports.
func cmdMerge(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: revtrace merge OUT DIR...\n\nCombines the outputs of runs (DIR...) into OUT: summaries added. The shards of one run (mine --shard I/N, all N of them)\ncome out byte-identical to a single run, events/cases/errors in its order; other runs (disjoint inputs) are\nconcatenated in the order given.\n")
	}
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) < 2 {
		fs.Usage()
		return &exitError{code: 1, err: errors.New("merge: need OUT and at least one DIR")}
	}
	s, err := miner.Merge(pos[0], pos[1:])
	if err != nil {
		return err
	}
	return reports.Write(pos[0], s)
}
