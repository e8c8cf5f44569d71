package eval

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"
)

// WriteText writes the report as readable tables; with errors, every
// disagreement is listed by kind and id after them.
func (r ReplyReport) WriteText(w io.Writer, errors bool) error {
	ew := &errWriter{w: w}
	ew.printf("Replies: %d (gold traces %d, found traces %d)\n\n", r.Replies, r.GoldTraces, r.FoundTraces)

	tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "deliverable level\tprecision\trecall\tF1\tkappa\ttp\tfp\tfn\ttn\n")
	binaryRow(tw, "trace, full reply", r.Trace)
	binaryRow(tw, "trace, body", r.TraceBody)
	tw.Flush()
	ew.printf("\n")

	tw = tabwriter.NewWriter(ew, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "measure\tvalue\tcount\n")
	shareRow(tw, "trace sentences: precision (overlap)", r.SentencePrecision)
	shareRow(tw, "trace sentences: recall (overlap)", r.SentenceRecall)
	fmt.Fprintf(tw, "trace sentences: F1\t%.3f\t\n", r.SentenceF1)
	shareRow(tw, "part agreement, paired sentences", r.PartAgreement)
	shareRow(tw, "position agreement (5 tiers), paired", r.PositionAgreement)
	shareRow(tw, "splitter: gold part under predicted body", r.SplitterPart)
	shareRow(tw, "gold position consistent with gold body", r.GoldConsistency)
	meanRow(tw, "body Jaccard, all replies", r.BodyJaccard)
	meanRow(tw, "body Jaccard, replies with a gold body", r.BodyJaccardWithBody)
	shareRow(tw, "deliverable type accuracy", r.DeliverableType)
	shareRow(tw, "level accuracy (id./descr./process), paired", r.LevelAccuracy)
	fmt.Fprintf(tw, "identifying level: precision / recall\t%.3f / %.3f\ttp %d fp %d fn %d\n",
		r.Identifying.Precision, r.Identifying.Recall, r.Identifying.TP, r.Identifying.FP, r.Identifying.FN)
	tw.Flush()
	ew.printf("\n")

	writeConfusion(ew, "level (gold \\ found)", r.LevelConfusion, Levels)
	writeConfusion(ew, "deliverable type (gold \\ found)", r.DeliverableConfusion, DeliverableTypes)

	tw = tabwriter.NewWriter(ew, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "language\treplies\tgold traced\tprecision\trecall\tF1\tkappa\ttp\tfp\tfn\ttn\n")
	for _, l := range sortedKeys(r.ByLanguage) {
		b := r.ByLanguage[l]
		fmt.Fprintf(tw, "%s\t%d\t%d\t", l, b.Replies, b.Trace.TP+b.Trace.FN)
		binaryCells(tw, b.Trace)
	}
	tw.Flush()
	if errors {
		writeErrors(ew, r.Errors, []string{ErrTraceFP, ErrTraceFN, ErrSentenceFP, ErrSentenceFN, ErrSplitter,
			ErrPosition, ErrLevel, ErrDeliverableType, ErrBody, ErrGold})
	}
	return ew.err
}

// WriteText writes the report as readable tables; with errors, every
// disagreement is listed by kind and id after them.
func (r TurnReport) WriteText(w io.Writer, errors bool) error {
	ew := &errWriter{w: w}
	ew.printf("Turns: %d (gold revisions %d)\n\n", r.Turns, r.GoldRevisions)

	tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "decision\tprecision\trecall\tF1\tkappa\ttp\tfp\tfn\ttn\n")
	binaryRow(tw, "is revision", r.IsRevision)
	for _, g := range Groups {
		binaryRow(tw, "type group: "+g, r.Groups[g])
	}
	tw.Flush()
	ew.printf("\n")

	tw = tabwriter.NewWriter(ew, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "measure\tvalue\tcount\n")
	shareRow(tw, "screen recall over gold revisions", r.CandidateRecall)
	shareRow(tw, "type accuracy over true positives", r.TypeAccuracy)
	fmt.Fprintf(tw, "macro-F1 over type groups\t%.3f\t\n", r.MacroF1)
	tw.Flush()
	ew.printf("\n")

	writeConfusion(ew, "revision type (gold \\ found)", r.TypeConfusion, append(slices.Clone(RevisionTypes), notRevision))

	tw = tabwriter.NewWriter(ew, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "language\tturns\tgold revisions\tprecision\trecall\tF1\tkappa\ttp\tfp\tfn\ttn\n")
	for _, l := range sortedKeys(r.ByLanguage) {
		b := r.ByLanguage[l]
		fmt.Fprintf(tw, "%s\t%d\t%d\t", l, b.Turns, b.IsRevision.TP+b.IsRevision.FN)
		binaryCells(tw, b.IsRevision)
	}
	tw.Flush()
	if errors {
		writeErrors(ew, r.Errors, []string{ErrRevisionFP, ErrRevisionFN, ErrCandidate, ErrType})
	}
	return ew.err
}

func binaryRow(w io.Writer, name string, b Binary) {
	fmt.Fprintf(w, "%s\t", name)
	binaryCells(w, b)
}

// binaryCells writes the measures and counts of b and ends the row.
func binaryCells(w io.Writer, b Binary) {
	fmt.Fprintf(w, "%.3f\t%.3f\t%.3f\t%.3f\t%d\t%d\t%d\t%d\n", b.Precision, b.Recall, b.F1, b.Kappa, b.TP, b.FP, b.FN, b.TN)
}

func shareRow(w io.Writer, name string, s Share) {
	fmt.Fprintf(w, "%s\t%.3f\t%d/%d\n", name, s.Value, s.Num, s.Den)
}

func meanRow(w io.Writer, name string, m Mean) {
	fmt.Fprintf(w, "%s\t%.3f\tn=%d\n", name, m.Value, m.N)
}

// writeConfusion writes c as a table with the labels of order first and
// any other label after them, alphabetically; nothing when c is empty.
func writeConfusion(ew *errWriter, title string, c Confusion, order []string) {
	if len(c) == 0 {
		return
	}
	seen := map[string]bool{}
	for g, row := range c {
		seen[g] = true
		for p := range row {
			seen[p] = true
		}
	}
	var labels []string
	for _, l := range order {
		if seen[l] {
			labels = append(labels, l)
			delete(seen, l)
		}
	}
	extra := make([]string, 0, len(seen))
	for l := range seen {
		extra = append(extra, l)
	}
	sort.Strings(extra)
	labels = append(labels, extra...)

	tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "%s\t%s\n", title, strings.Join(labels, "\t"))
	for _, g := range labels {
		row := c[g]
		if row == nil {
			continue
		}
		cells := make([]string, len(labels))
		for i, p := range labels {
			cells[i] = fmt.Sprint(row[p])
		}
		fmt.Fprintf(tw, "%s\t%s\n", g, strings.Join(cells, "\t"))
	}
	tw.Flush()
	ew.printf("\n")
}

// writeErrors lists errs grouped by kind (in the order of kinds), in
// input order within a kind.
func writeErrors(ew *errWriter, errs []Error, kinds []string) {
	ew.printf("\nErrors (%d):\n", len(errs))
	sorted := slices.Clone(errs)
	rank := func(k string) int {
		if i := slices.Index(kinds, k); i >= 0 {
			return i
		}
		return len(kinds)
	}
	slices.SortStableFunc(sorted, func(a, b Error) int { return rank(a.Kind) - rank(b.Kind) })
	for _, e := range sorted {
		ew.printf("  %-16s %-12s %s\n", e.Kind, e.ID, e.Detail)
	}
}

// errWriter remembers the first write error.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

func (e *errWriter) printf(format string, args ...any) {
	fmt.Fprintf(e, format, args...)
}
