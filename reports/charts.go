package reports

import (
	"fmt"
	"html"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/revtrace/revtrace/miner"
)

// Charts of report.html: inline SVG only, no script. Every chart has a
// <title> and <desc> (aria-labelledby), every bar a <title> with its
// numbers, and every value is also printed as text beside its bar, so
// nothing depends on colour; the series differ in fill pattern too (solid,
// hatched, dotted), and the study's values are hollow diamonds labelled
// "study".

// series styles: fill and pattern of a bar.
type style struct {
	Name    string // legend label
	Short   string // label in the value text beside a bar
	Fill    string // colour
	Pattern string // "", "hatch", "dots", "vlines", "hlines"
}

var (
	styleFull = style{"trace, full reply", "full reply", "#1f4e79", ""}
	styleBody = style{"trace, body", "body", "#b35806", "hatch"}
	styleRR   = style{"revocation or replacement", "revoc./repl.", "#4d7c2a", "dots"}
	styleSent = style{"share of trace sentences", "sentences", "#1f4e79", ""}
	styleRepl = style{"traced replies with a trace there", "replies", "#b35806", "hatch"}
	styleFun  = style{"count", "count", "#555555", ""}
)

// partStyles fill the parts and positions of stacked bars.
var partStyles = map[string]style{
	"preface":      {"preface", "preface", "#9ecae1", ""},
	"body":         {"body", "body", "#1f4e79", ""},
	"body_opening": {"body opening", "body opening", "#1f4e79", "vlines"},
	"body_middle":  {"body middle", "body middle", "#1f4e79", ""},
	"body_closing": {"body closing", "body closing", "#1f4e79", "hlines"},
	"afterword":    {"afterword", "afterword", "#b35806", "hatch"},
}

// barVal is one value of one series in one row.
type barVal struct {
	N, D     int // numerator and denominator (D = 0: no value)
	CI       CI
	Study    float64 // percent
	HasStudy bool
}

func (b barVal) value() float64 {
	if b.D == 0 {
		return 0
	}
	return float64(b.N) / float64(b.D)
}

type barRow struct {
	Label string
	Bars  []barVal // one per series
}

const (
	chartW   = 960
	labelW   = 200
	plotW    = 400
	textX    = labelW + plotW + 16
	barH     = 14
	barGap   = 5
	rowPad   = 14
	topPad   = 44
	fontSize = 12
)

func f1(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

func pctText(b barVal) string {
	if b.D == 0 {
		return "–"
	}
	return f1(100*b.value()) + "%"
}

// svgOpen writes the opening of an accessible SVG with its pattern
// definitions (ids prefixed with id, so several charts can share a page).
func svgOpen(w io.Writer, id, title, desc string, h int, styles []style) {
	fmt.Fprintf(w, "<figure class=\"chart\"><svg id=\"%s\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" aria-labelledby=\"%s-t %s-d\" font-family=\"system-ui,-apple-system,'Segoe UI',sans-serif\" font-size=\"%d\">\n",
		id, chartW, h, chartW, h, id, id, fontSize)
	fmt.Fprintf(w, "<title id=\"%s-t\">%s</title><desc id=\"%s-d\">%s</desc>\n", id, esc(title), id, esc(desc))
	fmt.Fprint(w, "<defs>")
	done := map[string]bool{}
	for _, s := range styles {
		key := s.Pattern + s.Fill
		if s.Pattern == "" || done[key] {
			continue
		}
		done[key] = true
		pid := patternID(id, s)
		switch s.Pattern {
		case "hatch":
			fmt.Fprintf(w, "<pattern id=\"%s\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#fff\"/><rect width=\"3\" height=\"6\" fill=\"%s\"/></pattern>", pid, s.Fill)
		case "dots":
			fmt.Fprintf(w, "<pattern id=\"%s\" width=\"5\" height=\"5\" patternUnits=\"userSpaceOnUse\"><rect width=\"5\" height=\"5\" fill=\"#fff\"/><circle cx=\"2.5\" cy=\"2.5\" r=\"1.8\" fill=\"%s\"/></pattern>", pid, s.Fill)
		case "vlines":
			fmt.Fprintf(w, "<pattern id=\"%s\" width=\"5\" height=\"5\" patternUnits=\"userSpaceOnUse\"><rect width=\"5\" height=\"5\" fill=\"%s\"/><rect width=\"2\" height=\"5\" fill=\"#fff\"/></pattern>", pid, s.Fill)
		case "hlines":
			fmt.Fprintf(w, "<pattern id=\"%s\" width=\"5\" height=\"5\" patternUnits=\"userSpaceOnUse\"><rect width=\"5\" height=\"5\" fill=\"%s\"/><rect width=\"5\" height=\"2\" fill=\"#fff\"/></pattern>", pid, s.Fill)
		}
	}
	fmt.Fprint(w, "</defs>\n")
}

func svgClose(w io.Writer, caption string) {
	fmt.Fprintf(w, "</svg><figcaption>%s</figcaption></figure>\n", esc(caption))
}

func esc(s string) string { return html.EscapeString(s) }

func patternID(id string, s style) string {
	return id + "-" + s.Pattern + "-" + strings.TrimPrefix(s.Fill, "#")
}

func fillOf(id string, s style) string {
	if s.Pattern == "" {
		return s.Fill
	}
	return "url(#" + patternID(id, s) + ")"
}

// legend draws the series swatches at the top of a chart, and the study
// marker when any value has one.
func legend(w io.Writer, id string, styles []style, study bool) {
	x := 10
	for _, s := range styles {
		fmt.Fprintf(w, "<rect x=\"%d\" y=\"10\" width=\"18\" height=\"12\" fill=\"%s\" stroke=\"#222\" stroke-width=\"0.5\"/><text x=\"%d\" y=\"20\">%s</text>\n", x, fillOf(id, s), x+24, esc(s.Name))
		x += 24 + 7*len(s.Name) + 18
	}
	if study {
		fmt.Fprintf(w, "%s<text x=\"%d\" y=\"20\">study (published figure)</text>\n", diamond(float64(x+8), 16), x+20)
		x += 20 + 7*len("study (published figure)") + 18
	}
	fmt.Fprintf(w, "<g stroke=\"#222\" stroke-width=\"1.2\"><line x1=\"%d\" y1=\"16\" x2=\"%d\" y2=\"16\"/><line x1=\"%d\" y1=\"12\" x2=\"%d\" y2=\"20\"/><line x1=\"%d\" y1=\"12\" x2=\"%d\" y2=\"20\"/></g><text x=\"%d\" y=\"20\">95%% bootstrap interval</text>\n",
		x, x+20, x, x, x+20, x+20, x+26)
}

func diamond(cx, cy float64) string {
	return fmt.Sprintf("<path d=\"M%s %sl5 5l-5 5l-5 -5z\" fill=\"#fff\" stroke=\"#000\" stroke-width=\"1.6\"/>", f1(cx), f1(cy-5))
}

// scaleMax is the x-axis maximum (in percent) for the values of rows: the
// next multiple of 10 above every value, interval and study figure.
func scaleMax(rows []barRow) float64 {
	m := 0.0
	for _, r := range rows {
		for _, b := range r.Bars {
			m = math.Max(m, 100*b.value())
			if b.CI.OK {
				m = math.Max(m, 100*b.CI.Hi)
			}
			if b.HasStudy {
				m = math.Max(m, b.Study)
			}
		}
	}
	m = math.Ceil(m/10+1e-9) * 10
	return math.Min(math.Max(m, 10), 100)
}

// barChart draws rows of horizontal bars (one per series) on a percent
// axis, each with its interval, value text and the study's figure.
func barChart(w io.Writer, id, title, desc, caption string, series []style, rows []barRow) {
	per := len(series)*(barH+barGap) - barGap + rowPad
	h := topPad + len(rows)*per + 34
	study := false
	for _, r := range rows {
		for _, b := range r.Bars {
			study = study || b.HasStudy
		}
	}
	svgOpen(w, id, title, desc, h, series)
	legend(w, id, series, study)
	max := scaleMax(rows)
	x := func(pct float64) float64 { return labelW + plotW*math.Min(pct, max)/max }
	axisY := topPad + len(rows)*per
	step := 10.0
	if max > 50 {
		step = 20
	}
	for t := 0.0; t <= max+1e-9; t += step {
		fmt.Fprintf(w, "<line x1=\"%s\" y1=\"%d\" x2=\"%s\" y2=\"%d\" stroke=\"#ddd\"/><text x=\"%s\" y=\"%d\" text-anchor=\"middle\" fill=\"#444\">%s%%</text>\n",
			f1(x(t)), topPad-6, f1(x(t)), axisY, f1(x(t)), axisY+16, strconv.Itoa(int(t)))
	}
	for i, r := range rows {
		y0 := topPad + i*per + rowPad/2
		fmt.Fprintf(w, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-weight=\"600\">%s</text>\n", labelW-8, y0+barH-2, esc(r.Label))
		for j, b := range r.Bars {
			s := series[j]
			y := y0 + j*(barH+barGap)
			cy := float64(y) + barH/2
			tip := fmt.Sprintf("%s, %s: %s (%d of %d), 95%% CI %s", r.Label, s.Name, pctText(b), b.N, b.D, fmtCI(b.CI))
			txt := s.Short + " " + pctText(b)
			if b.CI.OK {
				txt += " " + fmtCI(b.CI)
			}
			if b.HasStudy {
				tip += fmt.Sprintf("; study %s%%", f1(b.Study))
				txt += " · study " + f1(b.Study) + "%"
			}
			fmt.Fprintf(w, "<g><title>%s</title>", esc(tip))
			if b.D > 0 {
				fmt.Fprintf(w, "<rect x=\"%d\" y=\"%d\" width=\"%s\" height=\"%d\" fill=\"%s\" stroke=\"#222\" stroke-width=\"0.5\"/>",
					labelW, y, f1(x(100*b.value())-labelW), barH, fillOf(id, s))
			}
			if b.CI.OK {
				lo, hi := x(100*b.CI.Lo), x(100*b.CI.Hi)
				fmt.Fprintf(w, "<g stroke=\"#000\" stroke-width=\"1.4\"><line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\"/><line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\"/><line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\"/></g>",
					f1(lo), f1(cy), f1(hi), f1(cy), f1(lo), f1(cy-5), f1(lo), f1(cy+5), f1(hi), f1(cy-5), f1(hi), f1(cy+5))
			}
			if b.HasStudy {
				fmt.Fprint(w, diamond(x(b.Study), cy))
			}
			fmt.Fprintf(w, "<text x=\"%d\" y=\"%d\">%s</text></g>\n", textX, y+barH-3, esc(txt))
		}
	}
	fmt.Fprintf(w, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#222\"/>\n", labelW, topPad-6, labelW, axisY)
	svgClose(w, caption)
}

// funnelChart draws the funnel's counts on a log scale.
func funnelChart(w io.Writer, id, name string, c *miner.Counts, rs *runStats) {
	type step struct {
		label string
		n     int
		rate  string // rate id of the share of events, or ""
	}
	steps := []step{{"conversations", c.Conversations, ""}, {"user turns", c.UserTurns, ""}, {"candidates", c.Candidates, ""},
		{"revision events", c.RevisionEvents, ""}, {"revocation or replacement", c.RevocationOrReplacement, "rr"},
		{"trace, full reply", c.TraceFull, "tf"}, {"trace, body", c.TraceBody, "tb"}}
	max := 1
	for _, s := range steps {
		if s.n > max {
			max = s.n
		}
	}
	decades := math.Max(1, math.Ceil(math.Log10(float64(max))))
	x := func(n int) float64 {
		if n <= 0 {
			return labelW
		}
		return labelW + plotW*math.Log10(float64(n))/decades
	}
	per := barH + barGap + 4
	h := topPad + len(steps)*per + 34
	fs := []style{styleFun}
	svgOpen(w, id, "(a) Funnel, "+corpusTitle(name), "From conversations to traced replies, counts on a logarithmic scale; the last three also as a share of revision events with a 95% bootstrap interval.", h, fs)
	fmt.Fprint(w, "<text x=\"10\" y=\"20\">counts, logarithmic scale (each grid line is ×10)</text>\n")
	axisY := topPad + len(steps)*per
	for d := 0.0; d <= decades; d++ {
		px := labelW + plotW*d/decades
		fmt.Fprintf(w, "<line x1=\"%s\" y1=\"%d\" x2=\"%s\" y2=\"%d\" stroke=\"#ddd\"/><text x=\"%s\" y=\"%d\" text-anchor=\"middle\" fill=\"#444\">%s</text>\n",
			f1(px), topPad-6, f1(px), axisY, f1(px), axisY+16, strconv.FormatFloat(math.Pow(10, d), 'f', 0, 64))
	}
	for i, s := range steps {
		y := topPad + i*per + 2
		txt := strconv.Itoa(s.n)
		tip := fmt.Sprintf("%s: %d", s.label, s.n)
		if s.rate != "" {
			b := barVal{N: s.n, D: c.RevisionEvents, CI: rs.ci(name, s.rate)}
			txt += " · " + pctText(b) + " of events " + fmtCI(b.CI)
			tip += ", " + pctText(b) + " of revision events, 95% CI " + fmtCI(b.CI)
		}
		fmt.Fprintf(w, "<g><title>%s</title><text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-weight=\"600\">%s</text>", esc(tip), labelW-8, y+barH-2, esc(s.label))
		if s.n > 0 {
			fmt.Fprintf(w, "<rect x=\"%d\" y=\"%d\" width=\"%s\" height=\"%d\" fill=\"%s\" stroke=\"#222\" stroke-width=\"0.5\"/>", labelW, y, f1(math.Max(1, x(s.n)-labelW)), barH, funnelFill(s.rate))
		}
		fmt.Fprintf(w, "<text x=\"%d\" y=\"%d\">%s</text></g>\n", textX, y+barH-3, esc(txt))
	}
	fmt.Fprintf(w, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#222\"/>\n", labelW, topPad-6, labelW, axisY)
	svgClose(w, "Figure (a), "+corpusTitle(name)+": the funnel. The numbers are in table (a) below.")
}

func funnelFill(rate string) string {
	switch rate {
	case "":
		return "#8c8c8c"
	case "rr":
		return "#4d7c2a"
	case "tf":
		return "#1f4e79"
	}
	return "#b35806"
}

// segment is one part of a stacked bar.
type segment struct {
	Key  string
	V    float64 // fraction of the bar
	N    int
	Text string // the value printed, when not V in percent (the study's published figures)
}

// stackedChart draws 100% stacked bars (shares of trace sentences by part
// and by position, and the study's Figure 3d).
func stackedChart(w io.Writer, id, title, desc, caption string, rows []struct {
	Label string
	Segs  []segment
	Empty string
}) {
	per := 46
	h := topPad + len(rows)*per + 10
	var styles []style
	for _, k := range miner.Positions {
		styles = append(styles, partStyles[k])
	}
	styles = append(styles, partStyles["body"])
	svgOpen(w, id, title, desc, h, styles)
	lx := 10
	for _, k := range []string{"preface", "body_opening", "body_middle", "body_closing", "afterword"} {
		s := partStyles[k]
		fmt.Fprintf(w, "<rect x=\"%d\" y=\"10\" width=\"18\" height=\"12\" fill=\"%s\" stroke=\"#222\" stroke-width=\"0.5\"/><text x=\"%d\" y=\"20\">%s</text>\n", lx, fillOf(id, s), lx+24, esc(s.Name))
		lx += 24 + 7*len(s.Name) + 16
	}
	fmt.Fprintf(w, "<text x=\"%d\" y=\"20\">(body = the three body tiers)</text>\n", lx)
	width := float64(chartW - labelW - 20)
	for i, r := range rows {
		y := topPad + i*per
		fmt.Fprintf(w, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-weight=\"600\">%s</text>\n", labelW-8, y+13, esc(r.Label))
		if len(r.Segs) == 0 {
			fmt.Fprintf(w, "<text x=\"%d\" y=\"%d\" fill=\"#444\">%s</text>\n", labelW, y+13, esc(r.Empty))
			continue
		}
		x := float64(labelW)
		var parts []string
		for _, s := range r.Segs {
			st := partStyles[s.Key]
			sw := width * s.V
			shown := f1(100*s.V) + "%"
			if s.Text != "" {
				shown = s.Text
			}
			label := st.Name + " " + shown
			parts = append(parts, label)
			fmt.Fprintf(w, "<g><title>%s</title><rect x=\"%s\" y=\"%d\" width=\"%s\" height=\"18\" fill=\"%s\" stroke=\"#222\" stroke-width=\"0.8\"/>", esc(r.Label+": "+label), f1(x), y, f1(sw), fillOf(id, st))
			if sw >= 44 {
				fmt.Fprintf(w, "<text x=\"%s\" y=\"%d\" text-anchor=\"middle\" font-weight=\"700\" fill=\"#000\" stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\">%s</text>", f1(x+sw/2), y+13, esc(shown))
			}
			fmt.Fprint(w, "</g>")
			x += sw
		}
		fmt.Fprintf(w, "\n<text x=\"%d\" y=\"%d\" fill=\"#333\">%s</text>\n", labelW, y+33, esc(strings.Join(parts, " · ")))
	}
	svgClose(w, caption)
}

// sectionCharts draws the charts of one corpus (or the total) before the
// table they illustrate.
func sectionChart(w io.Writer, tableID, name string, c *miner.Counts, rs *runStats) {
	id := "c-" + name + "-" + strings.TrimPrefix(tableID, "figure")
	ci := func(r string) CI { return rs.ci(name, r) }
	st := StudyFigures[name]
	switch tableID {
	case "figure3a_funnel":
		funnelChart(w, id, name, c, rs)
	case "figure3b_revision_type":
		var rows []barRow
		for _, g := range groups {
			var cell miner.Cell
			for _, t := range g.Types {
				if x := c.ByRevisionType[t]; x != nil {
					cell.Events += x.Events
					cell.TraceFull += x.TraceFull
					cell.TraceBody += x.TraceBody
				}
			}
			sv, ok := st.GroupRates[g.Name]
			rows = append(rows, barRow{strings.SplitN(g.Label, " (", 2)[0], []barVal{
				{N: cell.TraceFull, D: cell.Events, CI: ci("group/" + g.Name + "/tf"), Study: sv, HasStudy: ok},
				{N: cell.TraceBody, D: cell.Events, CI: ci("group/" + g.Name + "/tb")}}})
		}
		barChart(w, id, "(b) Trace rate by revision type, "+corpusTitle(name),
			"Share of revision events whose reply holds a trace (anywhere, and in the body), for revocations, replacements and other revisions, with 95% bootstrap intervals"+studyDesc(name, len(st.GroupRates) > 0)+".",
			"Figure (b), "+corpusTitle(name)+": trace rate by revision type. Other revision = correct, reformat, extend, other.",
			[]style{styleFull, styleBody}, rows)
	case "figure3c_deliverable":
		var rows []barRow
		for _, t := range []string{"message", "document", "code"} {
			x := c.ByDeliverable[t]
			if x == nil {
				x = &miner.Cell{}
			}
			rows = append(rows, barRow{t, []barVal{{N: x.TraceFull, D: x.Events, CI: ci("deliv/" + t + "/tf")},
				{N: x.TraceBody, D: x.Events, CI: ci("deliv/" + t + "/tb")}}})
		}
		barChart(w, id, "(c) Trace rate by deliverable type, "+corpusTitle(name),
			"Share of revision events whose reply holds a trace, by deliverable type (message, document, code), with 95% bootstrap intervals. The study gives no per-type numbers.",
			"Figure (c), "+corpusTitle(name)+": trace rate by deliverable type.", []style{styleFull, styleBody}, rows)
	case "figure3d_positions":
		sentParts := map[string]int{}
		for _, pos := range miner.Positions {
			sentParts[miner.PartOf(pos)] += c.SentencePositions[pos]
		}
		type row = struct {
			Label string
			Segs  []segment
			Empty string
		}
		var rows []row
		r1 := row{Label: "revtrace, by part", Empty: "no trace sentences"}
		r2 := row{Label: "revtrace, by position", Empty: "no trace sentences"}
		if c.TraceSentences > 0 {
			for _, p := range miner.Parts {
				r1.Segs = append(r1.Segs, segment{p, float64(sentParts[p]) / float64(c.TraceSentences), sentParts[p], ""})
			}
			for _, p := range miner.Positions {
				r2.Segs = append(r2.Segs, segment{p, float64(c.SentencePositions[p]) / float64(c.TraceSentences), c.SentencePositions[p], ""})
			}
		}
		rows = append(rows, r1)
		if len(st.Parts) > 0 {
			r := row{Label: "study, Figure 3d"}
			tot := 0.0
			for _, p := range miner.Parts {
				tot += st.Parts[p]
			}
			for _, p := range miner.Parts {
				r.Segs = append(r.Segs, segment{p, st.Parts[p] / tot, 0, strconv.FormatFloat(st.Parts[p], 'f', -1, 64) + "%"})
			}
			rows = append(rows, r)
		}
		rows = append(rows, r2)
		stackedChart(w, id+"-stack", "(d) Where trace sentences sit, "+corpusTitle(name),
			"Share of trace sentences in the preface, body and afterword (summary.json position_share), and in the five positions"+studyDesc(name, len(st.Parts) > 0)+".",
			"Figure (d), "+corpusTitle(name)+": share of trace sentences by part and by position (stacked to 100%)."+studyNote(len(st.Parts) > 0), rows)
		var prow []barRow
		for _, p := range miner.Parts {
			sv, ok := st.Parts[p]
			prow = append(prow, barRow{p, []barVal{{N: sentParts[p], D: c.TraceSentences, CI: ci("part/" + p), Study: sv, HasStudy: ok},
				{N: c.PartEvents[p], D: c.TraceFull, CI: ci("partev/" + p)}}})
		}
		for _, p := range []string{"body_opening", "body_middle", "body_closing"} {
			prow = append(prow, barRow{strings.ReplaceAll(p, "_", " "), []barVal{{N: c.SentencePositions[p], D: c.TraceSentences, CI: ci("pos/" + p)},
				{N: c.Positions[p], D: c.TraceFull, CI: ci("posev/" + p)}}})
		}
		barChart(w, id+"-ci", "(d) Shares by part with intervals, "+corpusTitle(name),
			"Share of trace sentences in each part and body tier, and share of traced replies with a trace there, with 95% bootstrap intervals"+studyDesc(name, len(st.Parts) > 0)+".",
			"Figure (d), "+corpusTitle(name)+": the shares of the stacked bars with their intervals; a reply can hold traces in several parts, so the replies' shares can add up to more than 100%.",
			[]style{styleSent, styleRepl}, prow)
	}
}

func studyDesc(name string, has bool) string {
	if !has {
		return "; the study publishes no such figure for " + name
	}
	return "; the study's published figures for " + name + " are shown as hollow diamonds"
}

func studyNote(has bool) string {
	if !has {
		return ""
	}
	return " The study's bar is its published Figure 3d, drawn to 100% (its published values are printed; they are indicative, the figure's labels being hard to read), not from this run."
}

// comparisonChart draws the rates of every corpus side by side with the
// study's.
func comparisonChart(w io.Writer, s *miner.Summary, rs *runStats) {
	var rows []barRow
	names := append(s.CorpusNames(), "total")
	for _, n := range names {
		c := s.Corpora[n]
		if n == "total" {
			c = s.Total
		}
		if c == nil {
			continue
		}
		st, ok := StudyFigures[n]
		studyRate := func(x int) (float64, bool) {
			if !ok || st.Events == 0 || x == 0 {
				return 0, false
			}
			return 100 * float64(x) / float64(st.Events), true
		}
		b := func(x int, r string, sx int) barVal {
			v, has := studyRate(sx)
			return barVal{N: x, D: c.RevisionEvents, CI: rs.ci(n, r), Study: v, HasStudy: has}
		}
		label := n
		if n == "total" {
			label = "all corpora"
		}
		rows = append(rows, barRow{label, []barVal{b(c.RevocationOrReplacement, "rr", st.RevocationOrReplacement),
			b(c.TraceFull, "tf", st.TraceFull), b(c.TraceBody, "tb", st.TraceBody)}})
	}
	barChart(w, "c-comparison", "Corpora compared: share of revision events",
		"For each corpus and all together: the share of revision events that are revocations or replacements, that have a trace in the full reply, and in the body, with 95% bootstrap intervals; the study's published figures for WildChat, DevGPT, ShareChat and all three are hollow diamonds.",
		"Corpora compared. Hollow diamonds: the study's published Figure 3 rates (its corpora, its detectors), not from this run.",
		[]style{styleRR, styleFull, styleBody}, rows)
}

const chartCSS = `
figure.chart{margin:1rem 0 .5rem;overflow-x:auto}figure.chart svg{max-width:100%;height:auto;display:block}
figure.chart figcaption{color:#444;font-size:.85rem;margin-top:.2rem}
nav ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.4rem 1.2rem}
.scroll{overflow-x:auto}td.ci{white-space:nowrap;color:#333}td.url{text-align:left;word-break:break-all;font-family:ui-monospace,monospace;font-size:.8rem}
section{margin-bottom:2rem}`

// ciNote says how the intervals were made (or why there are none).
func ciNote(rs *runStats) string {
	base := fmt.Sprintf("Intervals: 95%% percentile bootstrap, %d resamples of conversations (seeded, so the same events give the same intervals), computed from events.jsonl; only conversations with events are resampled, which leaves every event-level rate unchanged (a conversation without events adds nothing to a numerator or a denominator). Counts above the events (conversations, user turns, candidates) have no interval.", BootstrapSamples)
	switch {
	case rs == nil || !rs.haveEvents:
		return "No intervals: events.jsonl was not found beside summary.json. " + base
	case len(rs.mismatch) > 0:
		return base + " No intervals for " + strings.Join(rs.mismatch, ", ") + ": events.jsonl does not hold the events summary.json counts."
	}
	return base
}

// comparisonTable is the corpus comparison with the study's figures.
func comparisonTable(s *miner.Summary, rs *runStats) Table {
	t := Table{ID: "comparison", Title: "Corpora compared",
		Note: "Share of revision events per corpus; \"study\" columns are the study's published Figure 3 numbers (its corpora and detectors), not from this run.",
		Header: []string{"corpus", "revision events", "revocation or replacement %", ciHeader, "study revocation or replacement %",
			"trace full %", ciHeader, "study trace full %", "trace body %", ciHeader, "study trace body %", "study revision events"}}
	names := append(s.CorpusNames(), "total")
	for _, n := range names {
		c := s.Corpora[n]
		if n == "total" {
			c = s.Total
		}
		if c == nil {
			continue
		}
		st, ok := StudyFigures[n]
		sp := func(x int) string {
			if !ok || st.Events == 0 || x == 0 {
				return "–"
			}
			return pct(x, st.Events)
		}
		label := n
		if n == "total" {
			label = "all corpora"
		}
		t.Rows = append(t.Rows, []string{label, num(c.RevisionEvents),
			pct(c.RevocationOrReplacement, c.RevisionEvents), fmtCI(rs.ci(n, "rr")), sp(st.RevocationOrReplacement),
			pct(c.TraceFull, c.RevisionEvents), fmtCI(rs.ci(n, "tf")), sp(st.TraceFull),
			pct(c.TraceBody, c.RevisionEvents), fmtCI(rs.ci(n, "tb")), sp(st.TraceBody), studyNum(st.Events)})
	}
	return t
}
