package reports

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"html"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/revtrace/revtrace/miner"
)

// section is one corpus (or the total) with its tables.
type section struct {
	Name   string
	Tables []Table
}

func sections(s *miner.Summary, rs *runStats) []section {
	var out []section
	for _, name := range s.CorpusNames() {
		out = append(out, section{name, tablesCI(name, s.Corpora[name], rs)})
	}
	if s.Total != nil {
		out = append(out, section{"total", tablesCI("total", s.Total, rs)})
	}
	return out
}

// Write renders report.md, report.html and tables/*.csv into dir. The
// counts come from s; the 95% bootstrap intervals and the linked cases
// from dir/events.jsonl and dir/cases.jsonl, streamed once (see
// bootstrap.go). Without events.jsonl the reports have no intervals.
func Write(dir string, s *miner.Summary) error {
	rs, err := readRunStats(dir, s)
	if err != nil {
		return err
	}
	secs := sections(s, rs)
	var md bytes.Buffer
	writeMarkdown(&md, s, secs, rs)
	if err := os.WriteFile(filepath.Join(dir, "report.md"), md.Bytes(), 0o644); err != nil {
		return err
	}
	var h bytes.Buffer
	writeHTML(&h, s, secs, rs)
	if err := os.WriteFile(filepath.Join(dir, "report.html"), h.Bytes(), 0o644); err != nil {
		return err
	}
	if err := writeCSV(filepath.Join(dir, "tables"), secs); err != nil {
		return err
	}
	if hasLLM(s) {
		if err := writeTableCSV(filepath.Join(dir, "tables"), llmTable(s)); err != nil {
			return err
		}
	}
	return writeTableCSV(filepath.Join(dir, "tables"), comparisonTable(s, rs))
}

// Markdown renders the tables of s as Markdown to w (without intervals).
func Markdown(w io.Writer, s *miner.Summary) { WriteMarkdown(w, s, sections(s, nil)) }

// WriteMarkdown writes the Markdown report (without intervals).
func WriteMarkdown(w io.Writer, s *miner.Summary, secs []section) { writeMarkdown(w, s, secs, nil) }

func writeMarkdown(w io.Writer, s *miner.Summary, secs []section, rs *runStats) {
	fmt.Fprintf(w, "# revtrace report\n\n")
	fmt.Fprintf(w, "revtrace %s; detectors: %s. Classifier: offline rules. Study figures: %s — printed beside revtrace's own numbers and labelled \"study\"; they come from the study's corpora and detectors, not from this run.\n\n",
		s.Version, detectorList(s), StudyCitation)
	fmt.Fprintf(w, "%s\n\n", ciNote(rs))
	mdTable(w, comparisonTable(s, rs), "##")
	if t, ok := baselineTable(s); ok {
		mdTable(w, t, "##")
	}
	if hasLLM(s) {
		mdTable(w, llmTable(s), "##")
	}
	for _, sec := range secs {
		fmt.Fprintf(w, "## %s\n\n", corpusTitle(sec.Name))
		for _, t := range sec.Tables {
			mdTable(w, t, "###")
		}
	}
	if rs != nil && rs.cases.show(s) {
		fmt.Fprintf(w, "## Linked repository cases (DevGPT)\n\n")
		for _, t := range rs.cases.caseTables() {
			mdTable(w, t, "###")
		}
	}
}

// mdTable writes one table as Markdown under a heading of the given level.
func mdTable(w io.Writer, t Table, level string) {
	fmt.Fprintf(w, "%s %s\n\n", level, t.Title)
	if t.Note != "" {
		fmt.Fprintf(w, "%s\n\n", t.Note)
	}
	if len(t.Rows) == 0 {
		return
	}
	fmt.Fprintf(w, "| %s |\n", strings.Join(t.Header, " | "))
	seps := make([]string, len(t.Header))
	for i := range seps {
		if i == 0 {
			seps[i] = "---"
		} else {
			seps[i] = "---:"
		}
	}
	fmt.Fprintf(w, "| %s |\n", strings.Join(seps, " | "))
	for _, r := range t.Rows {
		cells := make([]string, len(r))
		for i, c := range r {
			cells[i] = strings.ReplaceAll(strings.Join(strings.Fields(c), " "), "|", "\\|")
			if i == 0 && strings.HasPrefix(c, "  ") {
				cells[i] = "&nbsp;&nbsp;" + strings.TrimSpace(c)
			}
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
	}
	fmt.Fprintln(w)
}

// detectorList names every detector version of the summary, in pipeline
// order (screen, classifier, splitter, deliverable type, trace scanner),
// then any other key in alphabetical order.
func detectorList(s *miner.Summary) string {
	order := []string{"screen", "revision", "classifier", "split", "deliverable", "trace", "sentences", "scanner", "llm"}
	var parts []string
	seen := map[string]bool{}
	for _, k := range order {
		if v, ok := s.Detectors[k]; ok {
			parts = append(parts, k+" "+v)
			seen[k] = true
		}
	}
	var rest []string
	for k := range s.Detectors {
		if !seen[k] {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	for _, k := range rest {
		parts = append(parts, k+" "+s.Detectors[k])
	}
	return strings.Join(parts, ", ")
}

// baselineTable is the comparison with --baseline DIR, when the run had one.
func baselineTable(s *miner.Summary) (Table, bool) {
	b := s.Baseline
	if b == nil {
		return Table{}, false
	}
	return Table{
		ID:     "baseline",
		Title:  "Against the baseline",
		Note:   "Traces of this run compared with those of the run in " + b.Dir + " (mine --baseline): a trace is known when the baseline has the same corpus, conversation, turn and sentence. events.jsonl marks known traces \"baseline\": true.",
		Header: []string{"", "count"},
		Rows: [][]string{
			{"known traces (in the baseline)", fmt.Sprint(b.KnownTraces)},
			{"new traces", fmt.Sprint(b.NewTraces)},
			{"events with a new trace", fmt.Sprint(b.NewTraceEvents)},
		},
	}, true
}

func writeCSV(dir string, secs []section) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if len(secs) == 0 {
		return nil
	}
	for ti, t := range secs[0].Tables {
		var buf bytes.Buffer
		cw := csv.NewWriter(&buf)
		_ = cw.Write(append([]string{"corpus"}, csvHeader(t.Header)...))
		for _, sec := range secs {
			for _, r := range sec.Tables[ti].Rows {
				row := append([]string{sec.Name}, csvRow(t.Header, r)...)
				row[1] = strings.TrimSpace(row[1])
				_ = cw.Write(row)
			}
		}
		cw.Flush()
		if err := os.WriteFile(filepath.Join(dir, t.ID+".csv"), buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// csvHeader names the CSV columns; a "95% CI" column becomes two,
// <previous column>_ci95_lo and _ci95_hi.
func csvHeader(h []string) []string {
	out := make([]string, 0, len(h)+2)
	for i, s := range h {
		if s == ciHeader && i > 0 {
			prev := out[len(out)-1]
			out = append(out, prev+"_ci95_lo", prev+"_ci95_hi")
			continue
		}
		out = append(out, strings.NewReplacer(" ", "_", "%", "pct").Replace(s))
	}
	return out
}

// csvRow splits the "[lo, hi]" cells of the "95% CI" columns in two (empty
// when there is no interval).
func csvRow(h, r []string) []string {
	out := make([]string, 0, len(r)+2)
	for i, c := range r {
		if i > 0 && i < len(h) && h[i] == ciHeader {
			lo, hi, ok := strings.Cut(strings.Trim(c, "[]"), ", ")
			if !ok {
				lo, hi = "", ""
			}
			out = append(out, lo, hi)
			continue
		}
		out = append(out, c)
	}
	return out
}

// writeTableCSV writes one table that is not per corpus as dir/ID.csv.
func writeTableCSV(dir string, t Table) error {
	var buf bytes.Buffer
	cw := csv.NewWriter(&buf)
	_ = cw.Write(csvHeader(t.Header))
	for _, r := range t.Rows {
		_ = cw.Write(csvRow(t.Header, r))
	}
	cw.Flush()
	return os.WriteFile(filepath.Join(dir, t.ID+".csv"), buf.Bytes(), 0o644)
}

const css = `body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2rem auto;max-width:70rem;color:#222;line-height:1.4}
table{border-collapse:collapse;margin:.5rem 0 1.5rem}th,td{border:1px solid #ccc;padding:.25rem .6rem;text-align:right}
th:first-child,td:first-child{text-align:left}th{background:#f3f3f3}td.sub{padding-left:1.6rem;color:#555}
.note{color:#555;font-size:.9rem}.bar{display:inline-block;vertical-align:middle}h2{border-bottom:2px solid #333;margin-top:2.5rem}`

// writeHTML renders a self-contained HTML report: inline CSS and SVG only,
// no script, no remote fonts or images. Each corpus section has the charts
// of Figure 3 (a)–(d) before the tables with their numbers.
func writeHTML(w io.Writer, s *miner.Summary, secs []section, rs *runStats) {
	fmt.Fprintf(w, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>revtrace report</title><style>%s%s</style></head><body>\n", css, chartCSS)
	fmt.Fprintf(w, "<h1>revtrace report</h1>\n<p class=\"note\">revtrace %s; detectors: %s. Study figures: %s — labelled \"study\", from the study's corpora, not from this run.</p>\n",
		html.EscapeString(s.Version), html.EscapeString(detectorList(s)), html.EscapeString(StudyCitation))
	fmt.Fprintf(w, "<p class=\"note\">%s</p>\n", html.EscapeString(ciNote(rs)))
	fmt.Fprint(w, "<nav aria-label=\"Sections\"><ul>")
	fmt.Fprint(w, "<li><a href=\"#comparison\">Corpora compared</a></li>")
	if s.Baseline != nil {
		fmt.Fprint(w, "<li><a href=\"#baseline\">Against the baseline</a></li>")
	}
	if hasLLM(s) {
		fmt.Fprint(w, "<li><a href=\"#detectors\">Scanner and LLM compared</a></li>")
	}
	for _, sec := range secs {
		fmt.Fprintf(w, "<li><a href=\"#corpus-%s\">%s</a></li>", html.EscapeString(sec.Name), html.EscapeString(corpusTitle(sec.Name)))
	}
	showCases := rs != nil && rs.cases.show(s)
	if showCases {
		fmt.Fprint(w, "<li><a href=\"#cases\">Linked repository cases</a></li>")
	}
	fmt.Fprint(w, "</ul></nav>\n")
	fmt.Fprint(w, "<section id=\"comparison\">\n")
	htmlTable(w, comparisonTable(s, rs), "h2", func() { comparisonChart(w, s, rs) })
	fmt.Fprint(w, "</section>\n")
	if t, ok := baselineTable(s); ok {
		fmt.Fprint(w, "<section id=\"baseline\">\n")
		htmlTable(w, t, "h2", nil)
		fmt.Fprint(w, "</section>\n")
	}
	if hasLLM(s) {
		fmt.Fprint(w, "<section id=\"detectors\">\n")
		htmlTable(w, llmTable(s), "h2", nil)
		fmt.Fprint(w, "</section>\n")
	}
	for _, sec := range secs {
		c := s.Total
		if sec.Name != "total" {
			c = s.Corpora[sec.Name]
		}
		fmt.Fprintf(w, "<section id=\"corpus-%s\">\n<h2>%s</h2>\n", html.EscapeString(sec.Name), html.EscapeString(corpusTitle(sec.Name)))
		for _, t := range sec.Tables {
			htmlTable(w, t, "h3", func() {
				if c != nil {
					sectionChart(w, t.ID, sec.Name, c, rs)
				}
			})
		}
		fmt.Fprint(w, "</section>\n")
	}
	if showCases {
		fmt.Fprint(w, "<section id=\"cases\">\n<h2>Linked repository cases (DevGPT)</h2>\n")
		for _, t := range rs.cases.caseTables() {
			htmlTable(w, t, "h3", nil)
		}
		fmt.Fprint(w, "</section>\n")
	}
	fmt.Fprint(w, "</body></html>\n")
}

// htmlTable writes one table under a heading, with its chart (if any)
// between the note and the table.
func htmlTable(w io.Writer, t Table, heading string, chart func()) {
	fmt.Fprintf(w, "<%s>%s</%s>\n", heading, html.EscapeString(t.Title), heading)
	if t.Note != "" {
		fmt.Fprintf(w, "<p class=\"note\">%s</p>\n", html.EscapeString(t.Note))
	}
	if chart != nil {
		chart()
	}
	if len(t.Rows) == 0 {
		return
	}
	fmt.Fprint(w, "<div class=\"scroll\"><table><thead><tr>")
	for _, h := range t.Header {
		fmt.Fprintf(w, "<th scope=\"col\">%s</th>", html.EscapeString(h))
	}
	fmt.Fprint(w, "</tr></thead><tbody>\n")
	for _, r := range t.Rows {
		fmt.Fprint(w, "<tr>")
		for i, c := range r {
			class := ""
			switch {
			case i == 0 && strings.HasPrefix(c, "  "):
				class = ` class="sub"`
			case i < len(t.Header) && t.Header[i] == ciHeader:
				class = ` class="ci"`
			case strings.Contains(c, "://"):
				// Shown without the scheme: the page names no remote
				// address at all (cases.jsonl has the full URLs).
				class = ` class="url"`
				c = strings.TrimPrefix(strings.TrimPrefix(c, "https://"), "http://")
			}
			fmt.Fprintf(w, "<td%s>%s</td>", class, html.EscapeString(strings.TrimSpace(c)))
		}
		fmt.Fprint(w, "</tr>\n")
	}
	fmt.Fprint(w, "</tbody></table></div>\n")
}
