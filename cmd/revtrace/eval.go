package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/revtrace/revtrace/detectors/llm"
	"github.com/revtrace/revtrace/detectors/revision"
	"github.com/revtrace/revtrace/detectors/screen"
	"github.com/revtrace/revtrace/detectors/split"
	"github.com/revtrace/revtrace/detectors/trace"
	"github.com/revtrace/revtrace/eval"
)

// Default gold sets of eval, relative to the working directory.
const (
	defaultGoldReplies = "testdata/gold/replies.jsonl"
	defaultGoldTurns   = "testdata/gold/turns.jsonl"
)

// evalOut is the JSON output of eval --json.
type evalOut struct {
	Label       string            `json:"label,omitempty"`
	RepliesFile string            `json:"replies_file,omitempty"`
	TurnsFile   string            `json:"turns_file,omitempty"`
	Aliases     bool              `json:"aliases"`
	Versions    map[string]string `json:"versions"`
	Replies     *eval.ReplyReport `json:"replies"`
	Turns       *eval.TurnReport  `json:"turns"`
	// LLM is set when the turns were checked by the LLM revision check
	// (--llm) instead of the rules.
	LLM *eval.LLMTurns `json:"llm,omitempty"`
	// LLMReplies is set when the replies were also given to the LLM trace
	// check (--llm): its scores beside the scanner's on the same replies.
	LLMReplies *eval.LLMReplies `json:"llm_replies,omitempty"`
}

// cmdEval is "revtrace eval [--replies FILE] [--turns FILE] [--json]
// [--errors] [--aliases]": it scores the reply analysis and the revision
// check against gold sets and prints the measures.
func cmdEval(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	replies := fs.String("replies", "", "gold replies (JSON Lines); default "+defaultGoldReplies+" when neither --replies nor --turns is given")
	turns := fs.String("turns", "", "gold user turns (JSON Lines); default "+defaultGoldTurns+" when neither --replies nor --turns is given")
	asJSON := fs.Bool("json", false, "print the reports as one JSON object")
	showErrors := fs.Bool("errors", false, "list every disagreement with gold (ids of false positives and negatives, ...)")
	aliases := fs.Bool("aliases", false, "give the scanner the gold aliases of the withdrawn item (default: derive it from the request and the previous draft, as in the wild)")
	label := fs.String("label", "", "a title printed above the tables (and in the JSON)")
	lf := addEvalLLMFlags(fs)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: revtrace eval [--replies FILE] [--turns FILE] [--json] [--errors] [--aliases]\n"+
			"       revtrace eval [--turns FILE] [--replies FILE] --llm --llm-model M [--llm-base-url URL] [--llm-concurrency N] [--cache FILE] [--llm-dry-run]\n\n")
		fs.PrintDefaults()
	}
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		fs.Usage()
		return &exitError{code: 1, err: fmt.Errorf("eval: unexpected argument %q", pos[0])}
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if err := lf.check(set, *turns, *replies); err != nil {
		fs.Usage()
		return &exitError{code: 1, err: fmt.Errorf("eval: %w", err)}
	}
	if *replies == "" && *turns == "" {
		*replies, *turns = defaultGoldReplies, defaultGoldTurns
	}
	out := evalOut{
		Label: *label, RepliesFile: *replies, TurnsFile: *turns, Aliases: *aliases,
		Versions: map[string]string{
			"scanner":  trace.Version,
			"split":    split.Version,
			"revision": revision.Version,
			"screen":   screen.Version,
			"revtrace": version(),
		},
	}
	var replyGold []eval.ReplyGold
	var turnGold []eval.TurnGold
	if *replies != "" {
		if replyGold, err = eval.LoadReplies(*replies); err != nil {
			return err
		}
		r := eval.EvalReplies(replyGold, eval.Analyser(*aliases))
		out.Replies = &r
	}
	if *turns != "" {
		if turnGold, err = eval.LoadTurns(*turns); err != nil {
			return err
		}
	}
	if *lf.on {
		for _, p := range llm.Prompts() {
			if (p.Check == llm.CheckRevision && *turns != "") || (p.Check == llm.CheckTrace && *replies != "") {
				out.Versions["llm_"+p.Check+"_prompt"] = p.ID + ":" + p.Hash[:16]
			}
		}
		res, err := lf.run(turnGold, replyGold, eval.Analyser(*aliases), stderr)
		if err != nil || res == nil {
			return err // (nil after a dry run, which prints its plan)
		}
		out.LLM, out.LLMReplies = res.turns, res.replies
		if *turns != "" {
			r := eval.EvalTurns(eval.Resolved(turnGold, res.verdicts), func(g eval.TurnGold) revision.Verdict { return res.verdicts[g.ID] })
			out.Turns = &r
		}
	} else if *turns != "" {
		r := eval.EvalTurns(turnGold, eval.Checker(nil))
		out.Turns = &r
	}
	if !*showErrors {
		if out.Replies != nil {
			out.Replies.Errors = nil
		}
		if out.LLMReplies != nil {
			out.LLMReplies.Errors = nil
		}
		if out.Turns != nil {
			out.Turns.Errors = nil
		}
	}
	bw := bufio.NewWriter(stdout)
	if *asJSON {
		err = newEncoder(bw).Encode(out)
	} else {
		err = writeEvalText(bw, out, *showErrors)
	}
	return errors.Join(err, bw.Flush())
}

func writeEvalText(w io.Writer, o evalOut, showErrors bool) error {
	if o.Label != "" {
		fmt.Fprintf(w, "# %s\n\n", o.Label)
	}
	if o.Replies != nil {
		given := "not given (derived from request and previous draft)"
		if o.Aliases {
			given = "given (gold aliases)"
		}
		fmt.Fprintf(w, "== reply analysis: %s\n   scanner %s, splitter %s; aliases %s\n\n", o.RepliesFile, o.Versions["scanner"], o.Versions["split"], given)
		if err := o.Replies.WriteText(w, showErrors); err != nil {
			return err
		}
		fmt.Fprintln(w)
	}
	if l := o.LLMReplies; l != nil {
		fmt.Fprintf(w, "== LLM trace check: %s\n   model %s (prompt %s): %d replies sent, %d unresolved, kept out of every figure",
			o.RepliesFile, l.Model, o.Versions["llm_trace_prompt"], l.Replies, len(l.Unresolved))
		if len(l.Unresolved) > 0 {
			ids := make([]string, len(l.Unresolved))
			for i, id := range l.Unresolved {
				ids[i] = string(id)
			}
			fmt.Fprintf(w, " (%s)", strings.Join(ids, ", "))
		}
		fmt.Fprintf(w, "\n\n%-28s %-9s %-6s %-6s %-6s %3s %3s %3s %3s\n", "decision (resolved replies)", "precision", "recall", "F1", "kappa", "tp", "fp", "fn", "tn")
		for _, row := range []struct {
			name string
			b    eval.Binary
		}{{"trace_full: LLM", l.TraceFull}, {"trace_full: scanner", l.Scanner}, {"trace_body: LLM", l.TraceBody}, {"trace_body: scanner", l.ScannerBody}} {
			fmt.Fprintf(w, "%-28s %-9.3f %-6.3f %-6.3f %-6.3f %3d %3d %3d %3d\n", row.name, row.b.Precision, row.b.Recall, row.b.F1, row.b.Kappa, row.b.TP, row.b.FP, row.b.FN, row.b.TN)
		}
		fmt.Fprintf(w, "\nLLM against scanner (trace_full), Cohen's kappa: %.3f (both %d, LLM only %d, scanner only %d, neither %d)\n",
			l.Agreement.Kappa, l.Agreement.TP, l.Agreement.FP, l.Agreement.FN, l.Agreement.TN)
		if showErrors {
			for _, e := range l.Errors {
				fmt.Fprintf(w, "  %s %s: %s\n", e.ID, e.Kind, e.Detail)
			}
		}
		fmt.Fprintln(w)
	}
	if o.Turns != nil && o.LLM != nil {
		fmt.Fprintf(w, "== revision check: %s\n   LLM revision check, model %s (prompt %s), on the %d turns %s selects; %d unresolved, kept out of every figure",
			o.TurnsFile, o.LLM.Model, o.Versions["llm_revision_prompt"], o.LLM.Candidates, o.Versions["screen"], len(o.LLM.Unresolved))
		if len(o.LLM.Unresolved) > 0 {
			ids := make([]string, len(o.LLM.Unresolved))
			for i, id := range o.LLM.Unresolved {
				ids[i] = string(id)
			}
			fmt.Fprintf(w, " (%s)", strings.Join(ids, ", "))
		}
		fmt.Fprintf(w, "\n\n")
		if err := o.Turns.WriteText(w, showErrors); err != nil {
			return err
		}
		fmt.Fprintln(w)
	} else if o.Turns != nil {
		fmt.Fprintf(w, "== revision check: %s\n   %s, %s\n\n", o.TurnsFile, o.Versions["revision"], o.Versions["screen"])
		if err := o.Turns.WriteText(w, showErrors); err != nil {
			return err
		}
		fmt.Fprintln(w)
	}
	return nil
}
