package reports

import (
	"bytes"
	"encoding/csv"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/revtrace/revtrace/miner"
)

var update = flag.Bool("update", false, "rewrite golden files")

// sample builds a small summary with known numbers.
func sample() *miner.Summary {
	wc := miner.NewCounts()
	wc.Conversations, wc.UserTurns, wc.Candidates = 100, 250, 60
	wc.RevisionEvents, wc.RevocationOrReplacement, wc.TraceFull, wc.TraceBody = 40, 12, 8, 3
	wc.ByRevisionType["withdraw"] = &miner.Cell{Events: 10, TraceFull: 5, TraceBody: 2}
	wc.ByRevisionType["replace"] = &miner.Cell{Events: 2, TraceFull: 1, TraceBody: 0}
	wc.ByRevisionType["correct"] = &miner.Cell{Events: 28, TraceFull: 2, TraceBody: 1}
	wc.ByDeliverable["code"] = &miner.Cell{Events: 20, TraceFull: 6, TraceBody: 3}
	wc.ByDeliverable["message"] = &miner.Cell{Events: 20, TraceFull: 2, TraceBody: 0}
	wc.TraceSentences = 10
	wc.SentencePositions["preface"] = 4
	wc.SentencePositions["body_middle"] = 3
	wc.SentencePositions["afterword"] = 3
	wc.PartEvents["preface"], wc.PartEvents["body"], wc.PartEvents["afterword"] = 4, 3, 3
	wc.Positions["preface"], wc.Positions["body_middle"], wc.Positions["afterword"] = 4, 3, 3
	wc.Levels["identifying"], wc.Levels["unknown"] = 6, 4
	s := &miner.Summary{Version: "test", Detectors: map[string]string{"split": "x"}, Corpora: map[string]*miner.Counts{"wildchat": wc}}
	t := miner.NewCounts()
	t.Add(wc)
	s.Total = t
	return s
}

func TestWriteGolden(t *testing.T) {
	dir := t.TempDir()
	if err := Write(dir, sample()); err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "report.md.golden")
	if *update {
		os.MkdirAll("testdata", 0o755)
		os.WriteFile(golden, md, 0o644)
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(md, want) {
		t.Errorf("report.md differs from %s (go test ./reports -update to accept)", golden)
	}
	// The numbers behind the rates: 8 of 40 events have a trace (20.0%),
	// revocations 5 of 10 (50.0%), and the study's 8.6% for WildChat; no
	// events.jsonl here, so no intervals ("–").
	for _, s := range []string{"| trace, full reply | 8 | 20.0% | – | 1765 | 8.6% |", "| Revocation (withdraw) | 10 | 5 | 50.0% | – | 2 | 20.0% | – | 36.8% |", "| preface | 4 | 50.0% | – | 4 | 40.0% | – | 31.0% |"} {
		if !strings.Contains(string(md), s) {
			t.Errorf("report.md lacks row %q", s)
		}
	}
	html, _ := os.ReadFile(filepath.Join(dir, "report.html"))
	for _, bad := range []string{"http://", "https://", "<script", "src="} {
		if bytes.Contains(html, []byte(bad)) {
			t.Errorf("report.html is not self-contained: contains %q", bad)
		}
	}
	f, err := os.Open(filepath.Join(dir, "tables", "figure3a_funnel.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) < 2 || rows[0][0] != "corpus" {
		t.Fatalf("funnel CSV header: %v", rows)
	}
	corpora := map[string]bool{}
	for _, r := range rows[1:] {
		corpora[r[0]] = true
	}
	if !corpora["wildchat"] || !corpora["total"] {
		t.Errorf("funnel CSV corpora: %v", corpora)
	}
}

func TestPct(t *testing.T) {
	for _, c := range []struct {
		n, d int
		want string
	}{{0, 0, "–"}, {1, 3, "33.3%"}, {2, 3, "66.7%"}, {1, 8, "12.5%"}, {5, 5, "100.0%"}} {
		if got := pct(c.n, c.d); got != c.want {
			t.Errorf("pct(%d,%d) = %q, want %q", c.n, c.d, got, c.want)
		}
	}
}

// TestHeaderAndBaseline checks that the report's header names every
// detector version of the summary and that a run with --baseline gets its
// comparison table in both the Markdown and the HTML report.
func TestHeaderAndBaseline(t *testing.T) {
	s := &miner.Summary{Version: "t", Corpora: map[string]*miner.Counts{}, Total: miner.NewCounts(),
		Detectors: map[string]string{"screen": "screen-9", "classifier": "rules-9", "split": "split-9", "deliverable": "d-9", "trace": "trace-9", "zeta": "z-1"}}
	var md strings.Builder
	Markdown(&md, s)
	for _, want := range []string{"screen screen-9", "classifier rules-9", "split split-9", "deliverable d-9", "trace trace-9", "zeta z-1"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("report header lacks %q:\n%s", want, md.String()[:min(400, md.Len())])
		}
	}
	if strings.Contains(md.String(), "Against the baseline") {
		t.Error("a run without --baseline shows a baseline table")
	}
	s.Baseline = &miner.BaselineSummary{Dir: "audit-prev", KnownTraces: 7, NewTraces: 3, NewTraceEvents: 2}
	md.Reset()
	Markdown(&md, s)
	var page strings.Builder
	writeHTML(&page, s, nil, nil)
	for name, text := range map[string]string{"Markdown": md.String(), "HTML": page.String()} {
		for _, want := range []string{"Against the baseline", "audit-prev", "known traces (in the baseline)", "7", "events with a new trace"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s report lacks %q", name, want)
			}
		}
	}
}
