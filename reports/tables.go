// Package reports renders a run's summary as the study's Figure 3 tables:
// report.md, report.html (self-contained) and tables/*.csv.
package reports

import (
	"fmt"
	"strconv"

	"github.com/revtrace/revtrace/miner"
)

// Table is one rendered table: a title, a header and rows of cells.
type Table struct {
	ID     string // file name stem for the CSV
	Title  string
	Note   string
	Header []string
	Rows   [][]string
}

// groups maps the study's Figure 3b groups to revision types.
var groups = []struct {
	Name, Label string
	Types       []string
}{
	{"revocation", "Revocation (withdraw)", []string{"withdraw"}},
	{"replacement", "Replacement (replace)", []string{"replace"}},
	{"other", "Other revision (correct, reformat, extend, other)", []string{"correct", "reformat", "extend", "other"}},
}

// ciHeader heads the column of 95% bootstrap intervals after a rate column
// (in the CSV split into <rate>_ci95_lo and <rate>_ci95_hi).
const ciHeader = "95% CI"

func pct(n, d int) string {
	if d == 0 {
		return "–"
	}
	return strconv.FormatFloat(100*float64(n)/float64(d), 'f', 1, 64) + "%"
}

func num(n int) string { return strconv.Itoa(n) }

func studyNum(n int) string {
	if n == 0 {
		return "–"
	}
	return strconv.Itoa(n)
}

func studyPct(v float64, ok bool) string {
	if !ok {
		return "–"
	}
	return strconv.FormatFloat(v, 'f', 1, 64) + "%"
}

// Tables builds the four Figure 3 tables for one corpus (name "total" for
// all corpora together), without intervals.
func Tables(name string, c *miner.Counts) []Table { return tablesCI(name, c, nil) }

// tablesCI builds the tables with the 95% bootstrap interval of every rate
// from rs (a "95% CI" column after each rate column; "–" without rs).
func tablesCI(name string, c *miner.Counts, rs *runStats) []Table {
	ci := func(id string) string { return fmtCI(rs.ci(name, id)) }
	st, hasStudy := StudyFigures[name]
	ev := c.RevisionEvents

	a := Table{ID: "figure3a_funnel", Title: "(a) Revision events and traces",
		Header: []string{"measure", "revtrace n", "revtrace % of events", ciHeader, "study n", "study % of events"}}
	sp := func(n int) string {
		if !hasStudy || st.Events == 0 || n == 0 {
			return "–"
		}
		return pct(n, st.Events)
	}
	a.Rows = [][]string{
		{"conversations", num(c.Conversations), "", "", "–", ""},
		{"user turns", num(c.UserTurns), "", "", "–", ""},
		{"candidates (keyword screen)", num(c.Candidates), "", "", "–", ""},
		{"revision events", num(ev), pct(ev, ev), "", studyNum(st.Events), sp(st.Events)},
		{"revocation or replacement", num(c.RevocationOrReplacement), pct(c.RevocationOrReplacement, ev), ci("rr"), studyNum(st.RevocationOrReplacement), sp(st.RevocationOrReplacement)},
		{"trace, full reply", num(c.TraceFull), pct(c.TraceFull, ev), ci("tf"), studyNum(st.TraceFull), sp(st.TraceFull)},
		{"trace, body", num(c.TraceBody), pct(c.TraceBody, ev), ci("tb"), studyNum(st.TraceBody), sp(st.TraceBody)},
		{"requests without reply (not events)", num(c.RequestsWithoutReply), "", "", "–", ""},
	}

	b := Table{ID: "figure3b_revision_type", Title: "(b) Trace rate by revision type",
		Header: []string{"revision type", "events", "trace full n", "trace full %", ciHeader, "trace body n", "trace body %", ciHeader, "study trace full %"}}
	for _, g := range groups {
		var cell miner.Cell
		for _, t := range g.Types {
			if x := c.ByRevisionType[t]; x != nil {
				cell.Events += x.Events
				cell.TraceFull += x.TraceFull
				cell.TraceBody += x.TraceBody
			}
		}
		v, ok := st.GroupRates[g.Name]
		b.Rows = append(b.Rows, []string{g.Label, num(cell.Events), num(cell.TraceFull), pct(cell.TraceFull, cell.Events), ci("group/" + g.Name + "/tf"),
			num(cell.TraceBody), pct(cell.TraceBody, cell.Events), ci("group/" + g.Name + "/tb"), studyPct(v, ok)})
	}
	for _, t := range miner.RevisionTypes {
		x := c.ByRevisionType[t]
		if x == nil {
			x = &miner.Cell{}
		}
		b.Rows = append(b.Rows, []string{"  " + t, num(x.Events), num(x.TraceFull), pct(x.TraceFull, x.Events), ci("type/" + t + "/tf"),
			num(x.TraceBody), pct(x.TraceBody, x.Events), ci("type/" + t + "/tb"), ""})
	}

	cT := Table{ID: "figure3c_deliverable", Title: "(c) Trace rate by deliverable type",
		Note:   "The study reports code and configuration deliverables about twice as likely to hold a trace as documents; it gives no per-type numbers in the text.",
		Header: []string{"deliverable", "events", "trace full n", "trace full %", ciHeader, "trace body n", "trace body %", ciHeader}}
	for _, t := range miner.DeliverableTypes {
		x := c.ByDeliverable[t]
		if x == nil {
			x = &miner.Cell{}
		}
		cT.Rows = append(cT.Rows, []string{t, num(x.Events), num(x.TraceFull), pct(x.TraceFull, x.Events), ci("deliv/" + t + "/tf"),
			num(x.TraceBody), pct(x.TraceBody, x.Events), ci("deliv/" + t + "/tb")})
	}

	d := Table{ID: "figure3d_positions", Title: "(d) Where traces sit",
		Note:   "Traced replies with a trace in each part (a reply can have traces in several parts), and the share of trace sentences by part (summary.json position_share). The study's Figure 3d is the share of trace sentences by part; its values are indicative (the figure's labels are hard to read).",
		Header: []string{"part", "traced replies n", "% of traced replies", ciHeader, "trace sentences n", "% of trace sentences", ciHeader, "study % of trace sentences"}}
	for _, p := range miner.Parts {
		sentences := 0
		for _, pos := range miner.Positions {
			if miner.PartOf(pos) == p {
				sentences += c.SentencePositions[pos]
			}
		}
		v, ok := st.Parts[p]
		d.Rows = append(d.Rows, []string{p, num(c.PartEvents[p]), pct(c.PartEvents[p], c.TraceFull), ci("partev/" + p),
			num(sentences), pct(sentences, c.TraceSentences), ci("part/" + p), studyPct(v, ok)})
		if p == "body" {
			for _, pos := range []string{"body_opening", "body_middle", "body_closing"} {
				d.Rows = append(d.Rows, []string{"  " + pos, num(c.Positions[pos]), pct(c.Positions[pos], c.TraceFull), ci("posev/" + pos),
					num(c.SentencePositions[pos]), pct(c.SentencePositions[pos], c.TraceSentences), ci("pos/" + pos), ""})
			}
		}
	}

	l := Table{ID: "levels", Title: "Disclosure level of trace sentences",
		Header: []string{"level", "trace sentences n", "%", ciHeader}}
	for _, lv := range miner.Levels {
		l.Rows = append(l.Rows, []string{lv, num(c.Levels[lv]), pct(c.Levels[lv], c.TraceSentences), ci("level/" + lv)})
	}

	in := Table{ID: "inputs", Title: "Records not analysed",
		Header: []string{"measure", "n"},
		Rows: [][]string{
			{"skipped records (see errors.jsonl)", num(c.SkippedRecords)},
			{"unavailable (DevGPT sharings without text)", num(c.Unavailable)},
			{"duplicates (repeated DevGPT share URLs)", num(c.Duplicates)},
		}}
	return []Table{a, b, cT, d, l, in}
}

func corpusTitle(name string) string {
	if name == "total" {
		return "All corpora"
	}
	return fmt.Sprintf("Corpus: %s", name)
}
