// Command realgold draws a seeded random sample of later user turns from a
// real conversation sample and rebuilds a gold turns file from hand labels
// (package realgold). It never runs a revtrace detector.
//
// Usage:
//
//	realgold select [-seed 1] [-n 400] [-prefix r1] [-exclude LABELS,...] [-within LABELS,... -taken LABELS,...] [-out FILE] SAMPLE
//	realgold materialise -labels LABELS -out FILE SAMPLE
//	realgold select-replies [-seed 1] [-n 0] -prefix P [-out FILE] -from LABELS,... SAMPLE
//	realgold sheet -picks PICKS -out FILE SAMPLE
//	realgold locate -picks PICKS -quoted QUOTED -out LABELS SAMPLE
//	realgold materialise-replies -labels LABELS -out FILE SAMPLE
//
// select writes the drawn turns as JSON Lines (id, conversation_id,
// turn_index, turn_sha256), in selection order, to -out or standard output.
// With -within it draws only from the conversations of the given files,
// leaving out the turns of the -taken files (a further set from the
// conversations of an earlier one); -exclude and -within do not combine.
// materialise checks every label against the sample (the turn's SHA-256
// above all) and writes the gold turns file (eval/gold.go's TurnGold
// schema) to -out.
//
// The reply commands build real reply sets: select-replies draws the
// replies to the revision requests of turn label files (all of them with
// -n 0); sheet writes them, with their task, previous draft and request,
// for a labeller (outside the tree); locate turns the labeller's quoted
// labels into offset labels (no reply text in them); materialise-replies
// writes the gold replies file (eval/gold.go's ReplyGold schema).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/revtrace/revtrace/detectors/screen"
	"github.com/revtrace/revtrace/internal/realgold"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "realgold:", err)
		os.Exit(1)
	}
}

const usage = "usage: realgold select [-seed 1] [-n 400] [-prefix r1] [-exclude LABELS,...] [-within LABELS,... -taken LABELS,... [-non-ascii] [-families F,...]] [-out FILE] SAMPLE\n" +
	"       realgold materialise -labels LABELS -out FILE SAMPLE\n" +
	"       realgold select-replies [-seed 1] [-n 0] -prefix P [-out FILE] -from LABELS,... SAMPLE\n" +
	"       realgold sheet -picks PICKS -out FILE SAMPLE\n" +
	"       realgold locate -picks PICKS -quoted QUOTED -out LABELS SAMPLE\n" +
	"       realgold materialise-replies -labels LABELS -out FILE SAMPLE"

func run(args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("no command\n%s", usage)
	}
	switch args[0] {
	case "select":
		return runSelect(args[1:], stdout)
	case "materialise", "materialize":
		return runMaterialise(args[1:])
	case "select-replies":
		return runSelectReplies(args[1:], stdout)
	case "sheet":
		return runSheet(args[1:])
	case "locate":
		return runLocate(args[1:])
	case "materialise-replies", "materialize-replies":
		return runMaterialiseReplies(args[1:])
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
	within := fs.String("within", "", "comma-separated label or selection files: draw only from their conversations")
	taken := fs.String("taken", "", "with -within: comma-separated label or selection files whose turns are left out")
	nonASCII := fs.Bool("non-ascii", false, "with -within: draw only turns holding a letter outside ASCII (a set enriched in languages other than English)")
	families := fs.String("families", "", "with -within: draw only turns where the keyword screen finds a cue of one of these comma-separated families (withdraw,replace,...)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var fams []string
	for _, f := range strings.Split(*families, ",") {
		if f = strings.TrimSpace(f); f != "" {
			if !slices.Contains(screen.Families(), f) {
				return fmt.Errorf("select: -families: unknown family %q (known: %s)", f, strings.Join(screen.Families(), ", "))
			}
			fams = append(fams, f)
		}
	}
	if *within != "" && *exclude != "" {
		return fmt.Errorf("select: -within and -exclude do not combine\n%s", usage)
	}
	if (*taken != "" || *nonASCII || len(fams) > 0) && *within == "" {
		return fmt.Errorf("select: -taken, -non-ascii and -families need -within\n%s", usage)
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
	var picks []realgold.Pick
	if *within != "" {
		keep, done := map[string]bool{}, map[realgold.TurnKey]bool{}
		for _, path := range strings.Split(*within, ",") {
			if path != "" {
				if err := realgold.ConversationIDs(path, keep); err != nil {
					return err
				}
			}
		}
		for _, path := range strings.Split(*taken, ",") {
			if path != "" {
				if err := realgold.TurnKeys(path, done); err != nil {
					return err
				}
			}
		}
		if *nonASCII {
			realgold.TakeASCIITurns(convs, done)
		}
		if len(fams) > 0 {
			realgold.TakeTurnsOutsideFamilies(convs, fams, done)
		}
		picks, err = realgold.SelectWithin(convs, *seed, *n, *prefix, keep, done)
	} else {
		picks, err = realgold.SelectExcluding(convs, *seed, *n, *prefix, skip)
	}
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

func runSelectReplies(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("select-replies", flag.ContinueOnError)
	seed := fs.Uint64("seed", 1, "PCG seed of the shuffle")
	n := fs.Int("n", 0, "number of replies to draw (0: all)")
	prefix := fs.String("prefix", "", "id prefix")
	from := fs.String("from", "", "comma-separated turn label files whose revision requests' replies are drawn")
	out := fs.String("out", "", "output file (default standard output)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 || *prefix == "" || *from == "" {
		return fmt.Errorf("select-replies needs -prefix, -from and one SAMPLE file\n%s", usage)
	}
	convs, err := realgold.ReadSampleFile(fs.Arg(0))
	if err != nil {
		return err
	}
	var labels []realgold.Label
	for _, path := range strings.Split(*from, ",") {
		ls, err := realgold.ReadLabelsFile(path)
		if err != nil {
			return err
		}
		labels = append(labels, ls...)
	}
	picks, err := realgold.SelectReplies(convs, labels, *seed, *n, *prefix)
	if err != nil {
		return err
	}
	if *out == "" {
		return realgold.WriteJSONL(stdout, picks)
	}
	return writeFile(*out, picks)
}

// readPicksAndSample reads a reply picks file and the sample.
func readPicksAndSample(picksPath, sample string) ([]realgold.ReplyPick, []realgold.Conversation, error) {
	picks, err := realgold.ReadJSONLFile[realgold.ReplyPick](picksPath)
	if err != nil {
		return nil, nil, err
	}
	convs, err := realgold.ReadSampleFile(sample)
	return picks, convs, err
}

func runSheet(args []string) error {
	fs := flag.NewFlagSet("sheet", flag.ContinueOnError)
	picksPath := fs.String("picks", "", "reply picks (select-replies output)")
	out := fs.String("out", "", "sheet file to write (keep it outside the tree)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 || *picksPath == "" || *out == "" {
		return fmt.Errorf("sheet needs -picks, -out and one SAMPLE file\n%s", usage)
	}
	picks, convs, err := readPicksAndSample(*picksPath, fs.Arg(0))
	if err != nil {
		return err
	}
	recs, err := realgold.Sheet(convs, picks)
	if err != nil {
		return err
	}
	return writeFile(*out, recs)
}

func runLocate(args []string) error {
	fs := flag.NewFlagSet("locate", flag.ContinueOnError)
	picksPath := fs.String("picks", "", "reply picks (select-replies output)")
	quotedPath := fs.String("quoted", "", "the labeller's quoted labels")
	out := fs.String("out", "", "reply labels file to write")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 || *picksPath == "" || *quotedPath == "" || *out == "" {
		return fmt.Errorf("locate needs -picks, -quoted, -out and one SAMPLE file\n%s", usage)
	}
	picks, convs, err := readPicksAndSample(*picksPath, fs.Arg(0))
	if err != nil {
		return err
	}
	quoted, err := realgold.ReadJSONLFile[realgold.QuotedLabel](*quotedPath)
	if err != nil {
		return err
	}
	labels, err := realgold.Locate(convs, picks, quoted)
	if err != nil {
		return err
	}
	return writeFile(*out, labels)
}

func runMaterialiseReplies(args []string) error {
	fs := flag.NewFlagSet("materialise-replies", flag.ContinueOnError)
	labelsPath := fs.String("labels", "", "reply labels file (JSON Lines)")
	out := fs.String("out", "", "gold replies file to write")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 || *labelsPath == "" || *out == "" {
		return fmt.Errorf("materialise-replies needs -labels, -out and one SAMPLE file\n%s", usage)
	}
	convs, err := realgold.ReadSampleFile(fs.Arg(0))
	if err != nil {
		return err
	}
	labels, err := realgold.ReadReplyLabelsFile(*labelsPath)
	if err != nil {
		return err
	}
	replies, err := realgold.MaterialiseReplies(convs, labels)
	if err != nil {
		return err
	}
	return writeFile(*out, replies)
}
