package reports

import (
	"strconv"

	"github.com/revtrace/revtrace/miner"
)

// hasLLM reports whether any corpus (or the total) has the summary's llm
// object, i.e. the LLM trace check ran.
func hasLLM(s *miner.Summary) bool {
	if s.Total != nil && s.Total.LLM != nil {
		return true
	}
	for _, c := range s.Corpora {
		if c != nil && c.LLM != nil {
			return true
		}
	}
	return false
}

// llmTable puts the scanner's trace rates next to the LLM trace check's,
// per corpus and for all corpora, with Cohen's κ between the two on
// trace_full over the same replies. The LLM's rates are over resolved
// events only: unresolved answers are counted and kept out of every rate.
// Only built when the summary has an llm object (hasLLM).
func llmTable(s *miner.Summary) Table {
	t := Table{ID: "detectors_compared", Title: "Scanner and LLM trace detectors compared",
		Note: "Scanner rates are over all revision events. LLM rates are over resolved events only: a trace check that could not be verified or parsed is unresolved, counted here and excluded from every rate and from κ. " +
			"\"scanner trace full % (same replies)\" is the scanner's rate over the LLM's resolved events; Cohen's κ compares the scanner's and the LLM's trace full reply verdicts on those replies (– when undefined).",
		Header: []string{"corpus", "revision events", "scanner trace full %", "scanner trace body %",
			"LLM checked", "LLM unresolved", "LLM resolved", "LLM trace full %", "LLM trace body %",
			"scanner trace full % (same replies)", "Cohen's κ"}}
	for _, n := range append(s.CorpusNames(), "total") {
		c := s.Corpora[n]
		label := n
		if n == "total" {
			c, label = s.Total, "all corpora"
		}
		if c == nil {
			continue
		}
		row := []string{label, num(c.RevisionEvents), pct(c.TraceFull, c.RevisionEvents), pct(c.TraceBody, c.RevisionEvents)}
		l := c.LLM
		if l == nil {
			t.Rows = append(t.Rows, append(row, "–", "–", "–", "–", "–", "–", "–"))
			continue
		}
		tl := l.Tally
		resolved := int(tl.Events - tl.Unresolved)
		kappa := "–"
		if l.AgreementKappa != nil {
			kappa = formatKappa(*l.AgreementKappa)
		}
		t.Rows = append(t.Rows, append(row, num(int(tl.Events)), num(int(tl.Unresolved)), num(resolved),
			pct(int(tl.TraceFull), resolved), pct(int(tl.TraceBody), resolved),
			pct(int(tl.Agreement.Both+tl.Agreement.ScannerOnly), resolved), kappa))
	}
	return t
}

func formatKappa(k float64) string { return strconv.FormatFloat(k, 'f', 3, 64) }
