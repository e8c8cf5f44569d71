package reports

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"html"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/revtrace/revtrace/miner"
)

// section is one corpus (or the total) with its tables.
type section struct {
	Name   string
	Tables []Table
}

func sections(s *miner.Summary) []section {
	var out []section
	for _, name := range s.CorpusNames() {
		out = append(out, section{name, Tables(name, s.Corpora[name])})
	}
	if s.Total != nil {
		out = append(out, section{"total", Tables("total", s.Total)})
	}
	return out
}

// Write renders report.md, report.html and tables/*.csv into dir.
func Write(dir string, s *miner.Summary) error {
	secs := sections(s)
	var md bytes.Buffer
	WriteMarkdown(&md, s, secs)
	if err := os.WriteFile(filepath.Join(dir, "report.md"), md.Bytes(), 0o644); err != nil {
		return err
	}
	var h bytes.Buffer
	writeHTML(&h, s, secs)
	if err := os.WriteFile(filepath.Join(dir, "report.html"), h.Bytes(), 0o644); err != nil {
		return err
	}
	return writeCSV(filepath.Join(dir, "tables"), secs)
}

// Markdown renders the tables of s as Markdown to w.
func Markdown(w io.Writer, s *miner.Summary) { WriteMarkdown(w, s, sections(s)) }

// WriteMarkdown writes the Markdown report.
func WriteMarkdown(w io.Writer, s *miner.Summary, secs []section) {
	fmt.Fprintf(w, "# revtrace report\n\n")
	fmt.Fprintf(w, "revtrace %s; detectors: %s. Classifier: offline rules. Study figures: %s — printed beside revtrace's own numbers and labelled \"study\"; they come from the study's corpora and detectors, not from this run.\n\n",
		s.Version, detectorList(s), StudyCitation)
	for _, sec := range secs {
		fmt.Fprintf(w, "## %s\n\n", corpusTitle(sec.Name))
		for _, t := range sec.Tables {
			fmt.Fprintf(w, "### %s\n\n", t.Title)
			if t.Note != "" {
				fmt.Fprintf(w, "%s\n\n", t.Note)
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
					cells[i] = strings.ReplaceAll(c, "|", "\\|")
					if i == 0 && strings.HasPrefix(c, "  ") {
						cells[i] = "&nbsp;&nbsp;" + strings.TrimSpace(c)
					}
				}
				fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
			}
			fmt.Fprintln(w)
		}
	}
}

func detectorList(s *miner.Summary) string {
	var parts []string
	for _, k := range []string{"sentences", "split", "scanner", "revision"} {
		if v, ok := s.Detectors[k]; ok {
			parts = append(parts, k+" "+v)
		}
	}
	return strings.Join(parts, ", ")
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
				row := append([]string{sec.Name}, r...)
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

func csvHeader(h []string) []string {
	out := make([]string, len(h))
	for i, s := range h {
		out[i] = strings.NewReplacer(" ", "_", "%", "pct").Replace(s)
	}
	return out
}

const css = `body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2rem auto;max-width:70rem;color:#222;line-height:1.4}
table{border-collapse:collapse;margin:.5rem 0 1.5rem}th,td{border:1px solid #ccc;padding:.25rem .6rem;text-align:right}
th:first-child,td:first-child{text-align:left}th{background:#f3f3f3}td.sub{padding-left:1.6rem;color:#555}
.note{color:#555;font-size:.9rem}.bar{display:inline-block;vertical-align:middle}h2{border-bottom:2px solid #333;margin-top:2.5rem}`

// writeHTML renders a self-contained HTML report: inline CSS and SVG only.
func writeHTML(w io.Writer, s *miner.Summary, secs []section) {
	fmt.Fprintf(w, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>revtrace report</title><style>%s</style></head><body>\n", css)
	fmt.Fprintf(w, "<h1>revtrace report</h1>\n<p class=\"note\">revtrace %s; detectors: %s. Study figures: %s — labelled \"study\", from the study's corpora, not from this run.</p>\n",
		html.EscapeString(s.Version), html.EscapeString(detectorList(s)), html.EscapeString(StudyCitation))
	for _, sec := range secs {
		fmt.Fprintf(w, "<h2>%s</h2>\n", html.EscapeString(corpusTitle(sec.Name)))
		for _, t := range sec.Tables {
			fmt.Fprintf(w, "<h3>%s</h3>\n", html.EscapeString(t.Title))
			if t.Note != "" {
				fmt.Fprintf(w, "<p class=\"note\">%s</p>\n", html.EscapeString(t.Note))
			}
			fmt.Fprint(w, "<table><thead><tr>")
			for _, h := range t.Header {
				fmt.Fprintf(w, "<th>%s</th>", html.EscapeString(h))
			}
			fmt.Fprint(w, "</tr></thead><tbody>\n")
			for _, r := range t.Rows {
				fmt.Fprint(w, "<tr>")
				for i, c := range r {
					class := ""
					if i == 0 && strings.HasPrefix(c, "  ") {
						class = ` class="sub"`
					}
					fmt.Fprintf(w, "<td%s>%s%s</td>", class, html.EscapeString(strings.TrimSpace(c)), bar(c))
				}
				fmt.Fprint(w, "</tr>\n")
			}
			fmt.Fprint(w, "</tbody></table>\n")
		}
	}
	fmt.Fprint(w, "</body></html>\n")
}

// bar draws a small inline SVG bar after a percentage cell.
func bar(cell string) string {
	if !strings.HasSuffix(cell, "%") {
		return ""
	}
	var v float64
	if _, err := fmt.Sscanf(strings.TrimSuffix(cell, "%"), "%g", &v); err != nil || v < 0 {
		return ""
	}
	if v > 100 {
		v = 100
	}
	return fmt.Sprintf(` <svg class="bar" width="60" height="10" role="img" aria-label="%s"><rect width="60" height="10" fill="#eee"/><rect width="%.1f" height="10" fill="#3b6ea5"/></svg>`,
		html.EscapeString(cell), v*0.6)
}
