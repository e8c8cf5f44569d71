// Command realgold draws a seeded random sample of later user turns from a
// real conversation sample and rebuilds a gold turns file from hand labels
// (package realgold). It never runs a revtrace detector.
//
// Usage:
//
//	realgold select [-seed 1] [-n 400] [-prefix r1] [-exclude LABELS,...] [-out FILE] SAMPLE
//	realgold materialise -labels LABELS -out FILE SAMPLE
//
// select writes the drawn turns as JSON Lines (id, conversation_id,
// turn_index, turn_sha256), in selection order, to -out or standard output.
// materialise checks every label against the sample (the turn's SHA-256
// above all) and writes the gold turns file (eval/gold.go's TurnGold
// schema) to -out.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/revtrace/revtrace/internal/realgold"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "realgold:", err)
		os.Exit(1)
	}
}

const usage = "usage: realgold select [-seed 1] [-n 400] [-prefix r1] [-exclude LABELS,...] [-out FILE] SAMPLE\n" +
	"       realgold materialise -labels LABELS -out FILE SAMPLE"

func run(args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("no command\n%s", usage)
	}
	switch args[0] {
	case "select":
		return runSelect(args[1:], stdout)
	case "materialise", "materialize":
		return runMaterialise(args[1:])
	}
	return fmt.Errorf("unknown command %q\n%s", args[0], usage)
}

func runSelect(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("select", flag.ContinueOnError)
	seed := fs.Uint64("seed", 1, "PCG seed of the shuffle")
	n := fs.Int("n", 400, "number of turns to draw")
	prefix := fs.String("prefix", "r1", "id prefix")
	out := fs.String("out", "", "output file (default standard output)")
	exclude := fs.String("exclude", "", "comma-separated label or selection files whose conversations are left out")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("select needs one SAMPLE file\n%s", usage)
	}
	convs, err := realgold.ReadSampleFile(fs.Arg(0))
	if err != nil {
		return err
	}
	skip := map[string]bool{}
	for _, path := range strings.Split(*exclude, ",") {
		if path == "" {
			continue
		}
		if err := realgold.ConversationIDs(path, skip); err != nil {
			return err
		}
	}
	picks, err := realgold.SelectExcluding(convs, *seed, *n, *prefix, skip)
	if err != nil {
		return err
	}
	if *out == "" {
		return realgold.WriteJSONL(stdout, picks)
	}
	return writeFile(*out, picks)
}

func runMaterialise(args []string) error {
	fs := flag.NewFlagSet("materialise", flag.ContinueOnError)
	labelsPath := fs.String("labels", "", "labels file (JSON Lines)")
	out := fs.String("out", "", "gold turns file to write")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 || *labelsPath == "" || *out == "" {
		return fmt.Errorf("materialise needs -labels, -out and one SAMPLE file\n%s", usage)
	}
	convs, err := realgold.ReadSampleFile(fs.Arg(0))
	if err != nil {
		return err
	}
	labels, err := realgold.ReadLabelsFile(*labelsPath)
	if err != nil {
		return err
	}
	turns, err := realgold.Materialise(convs, labels)
	if err != nil {
		return err
	}
	return writeFile(*out, turns)
}

// writeFile writes records as JSON Lines to path, removing a partial file
// on error.
func writeFile[T any](path string, records []T) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := realgold.WriteJSONL(f, records); err != nil {
		f.Close()
		os.Remove(path)
		return err
	}
	return f.Close()
}
