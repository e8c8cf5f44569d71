package reports

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/revtrace/revtrace/detectors/llm"
	"github.com/revtrace/revtrace/miner"
)

// sampleLLM is sample() with the llm object the LLM trace check leaves in
// summary.json: 40 events checked, 4 unresolved, 36 resolved.
func sampleLLM() *miner.Summary {
	s := sample()
	tl := llm.Tally{Events: 40, Unresolved: 4, TraceFull: 9, TraceBody: 2,
		Agreement: llm.Agreement{Both: 6, ScannerOnly: 1, LLMOnly: 3, Neither: 26}}
	mk := func() *miner.LLMCounts {
		sum := tl.Summary(50, 10)
		return &miner.LLMCounts{Calls: sum.Calls, Cached: sum.Cached, Unresolved: sum.Unresolved,
			TraceFull: sum.TraceFull, TraceBody: sum.TraceBody, AgreementKappa: sum.AgreementKappa,
			Resolved: sum.Resolved, TraceUnresolved: tl.Unresolved, Tally: tl}
	}
	s.Corpora["wildchat"].LLM = mk()
	s.Total.LLM = mk()
	return s
}

func TestWriteLLMComparison(t *testing.T) {
	s := sampleLLM()
	k, ok := s.Total.LLM.Tally.Agreement.Kappa()
	if !ok {
		t.Fatal("kappa undefined")
	}
	dir := t.TempDir()
	if err := Write(dir, s); err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	// Scanner 8/40 and 3/40 over all events; LLM 9/36 and 2/36 over the
	// resolved events; the scanner on the same 36 replies 7/36.
	row := "| wildchat | 40 | 20.0% | 7.5% | 40 | 4 | 36 | 25.0% | 5.6% | 19.4% | "
	total := "| all corpora | 40 | 20.0% | 7.5% | 40 | 4 | 36 | 25.0% | 5.6% | 19.4% | "
	for _, want := range []string{"## Scanner and LLM trace detectors compared", row, total, "unresolved, counted here and excluded"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	if !strings.Contains(string(md), row+formatKappa(k)+" |") || k <= 0 || k >= 1 {
		t.Errorf("report.md lacks κ %s in %q", formatKappa(k), row)
	}
	h, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<section id="detectors">`, "Scanner and LLM trace detectors compared", "Cohen&#39;s κ", "<td>19.4%</td><td>" + formatKappa(k) + "</td>"} {
		if !strings.Contains(string(h), want) {
			t.Errorf("report.html lacks %q", want)
		}
	}
	csv, err := os.ReadFile(filepath.Join(dir, "tables", "detectors_compared.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(csv), "wildchat,40,20.0%,7.5%,40,4,36,25.0%,5.6%,19.4%,") {
		t.Errorf("detectors_compared.csv: %s", csv)
	}
}

// Without an llm object nothing changes: no table, no section, no CSV.
func TestWriteNoLLMComparison(t *testing.T) {
	dir := t.TempDir()
	if err := Write(dir, sample()); err != nil {
		t.Fatal(err)
	}
	md, _ := os.ReadFile(filepath.Join(dir, "report.md"))
	h, _ := os.ReadFile(filepath.Join(dir, "report.html"))
	if strings.Contains(string(md), "Scanner and LLM") || strings.Contains(string(h), `id="detectors"`) {
		t.Error("report without llm object shows the LLM comparison")
	}
	if _, err := os.Stat(filepath.Join(dir, "tables", "detectors_compared.csv")); !os.IsNotExist(err) {
		t.Errorf("detectors_compared.csv written without llm object: %v", err)
	}
}
