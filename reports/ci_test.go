package reports

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/revtrace/revtrace/miner"
)

func TestBinomialMoments(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		n int
		p float64
	}{{7, 0.9}, {30, 0.4}, {50, 0.5}, {1000, 0.3}, {1000000, 0.001}, {2000000, 0.37}, {40, 0.999}} {
		const draws = 100000
		var sum, sq float64
		for range draws {
			x := float64(binomial(rng, c.n, c.p))
			if x < 0 || x > float64(c.n) {
				t.Fatalf("Binomial(%d, %g) drew %g", c.n, c.p, x)
			}
			sum += x
			sq += x * x
		}
		mean := sum / draws
		v := sq/draws - mean*mean
		wantMean, wantVar := float64(c.n)*c.p, float64(c.n)*c.p*(1-c.p)
		if se := math.Sqrt(wantVar / draws); math.Abs(mean-wantMean) > 5*se+1e-9 {
			t.Errorf("Binomial(%d, %g): mean %.4f, want %.4f ± %.4f", c.n, c.p, mean, wantMean, 5*se)
		}
		if math.Abs(v-wantVar) > 0.05*wantVar+1e-9 {
			t.Errorf("Binomial(%d, %g): variance %.4f, want %.4f", c.n, c.p, v, wantVar)
		}
	}
}

// TestBinomialPMF compares the BTRS path with the exact distribution.
func TestBinomialPMF(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n, p := 60, 0.35 // n·p = 21: BTRS
	const draws = 200000
	counts := make([]float64, n+1)
	for range draws {
		counts[binomial(rng, n, p)]++
	}
	chi, df := 0.0, 0
	for k := 0; k <= n; k++ {
		lg := func(x int) float64 { v, _ := math.Lgamma(float64(x + 1)); return v }
		exp := draws * math.Exp(lg(n)-lg(k)-lg(n-k)+float64(k)*math.Log(p)+float64(n-k)*math.Log(1-p))
		if exp < 5 {
			continue
		}
		chi += (counts[k] - exp) * (counts[k] - exp) / exp
		df++
	}
	// χ² with ~30 degrees of freedom: 99.9th percentile is about 60.
	if chi > 2*float64(df) {
		t.Errorf("BTRS vs exact pmf: χ² = %.1f with %d cells", chi, df)
	}
}

// TestBootstrapMatchesDirectResampling checks the multinomial-by-binomials
// resampling against drawing conversations one by one.
func TestBootstrapMatchesDirectResampling(t *testing.T) {
	type conv struct{ num, den uint64 }
	var convs []conv
	r := rand.New(rand.NewPCG(5, 6))
	for range 400 {
		d := uint64(1 + r.IntN(3))
		convs = append(convs, conv{uint64(r.IntN(int(d) + 1)), d})
	}
	for range 100 {
		convs = append(convs, conv{0, 0})
	}
	var h pairHist
	for _, c := range convs {
		if c.num != 0 || c.den != 0 {
			h.add(c.num, c.den)
		}
	}
	got := bootstrapCI(&h, len(convs))
	var vals []float64
	for range 20000 {
		var n, d uint64
		for range convs {
			c := convs[r.IntN(len(convs))]
			n, d = n+c.num, d+c.den
		}
		vals = append(vals, float64(n)/float64(d))
	}
	slices.Sort(vals)
	lo, hi := quantile(vals, 0.025), quantile(vals, 0.975)
	if !got.OK || math.Abs(got.Lo-lo) > 0.01 || math.Abs(got.Hi-hi) > 0.01 {
		t.Errorf("bootstrap CI %+v, direct resampling [%.4f, %.4f]", got, lo, hi)
	}
	if again := bootstrapCI(&h, len(convs)); again != got {
		t.Errorf("not deterministic: %+v then %+v", got, again)
	}
	// Independent events, p = 0.3, 1000 conversations: the normal
	// approximation gives 0.3 ± 0.0284.
	var b pairHist
	for i := range 1000 {
		b.add(uint64(b2u(i < 300)), 1)
	}
	ci := bootstrapCI(&b, 1000)
	if math.Abs(ci.Lo-0.2716) > 0.006 || math.Abs(ci.Hi-0.3284) > 0.006 {
		t.Errorf("p = 0.3 of 1000: CI %+v, want about [0.272, 0.328]", ci)
	}
	var empty pairHist
	if c := bootstrapCI(&empty, 10); c.OK {
		t.Errorf("no denominator: %+v", c)
	}
}

// TestEventScannerMatchesJSON: the fast line reader decodes what
// encoding/json decodes.
func TestEventScannerMatchesJSON(t *testing.T) {
	dir := fixtureRun(t)
	lines := readLines(t, filepath.Join(dir, "events.jsonl"))
	lines = append(lines,
		`{"corpus":"messages","kind":"revision","conversation_id":"a\"b\\c\u00e9\n{[","user_turn":3,"request":"}{][\"\\","revision_type":"withdraw","deliverable_type":"code","trace_full":true,"trace_body":false,"traces":[{"sentence":"x\"}","position":"preface","level":"unknown","start":0}],"withdrawn_item":null,"llm":{"a":[1,{"b":"]"}]},"links":null}`,
		` { "corpus" : "wildchat" , "traces" : [ ] , "links" : [ {"kind":"commit","url":"u","trace_in_artifact":true,"linked":true} ] , "trace_full" : true } `,
		`{"corpus":"x","conversation_id":"\ud83d\ude00","user_turn":-1,"traces":[{"position":"afterword","level":"identifying"},{"position":"body_middle","level":"descriptive"}]}`,
	)
	for i, l := range lines {
		var fast, std eventLine
		if err := decodeEvent([]byte(l), &fast); err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		if err := scanEvent([]byte(l), &eventLine{}); err != nil {
			t.Errorf("line %d: the fast path refused it (%v): %s", i, err, l)
		}
		if err := json.Unmarshal([]byte(l), &std); err != nil {
			t.Fatal(err)
		}
		if len(std.Traces) == 0 {
			std.Traces = fast.Traces[:0]
		}
		if len(std.Links) == 0 {
			std.Links = fast.Links[:0]
		}
		if !reflect.DeepEqual(fast, std) {
			t.Errorf("line %d:\nfast %+v\njson %+v", i, fast, std)
		}
	}
	var e eventLine
	if err := decodeEvent([]byte(`{"corpus": "x", "trace_full": tru}`), &e); err == nil {
		t.Errorf("a broken line is accepted")
	}
}

// TestRunStatsGrouping: conversations are the clusters wherever their
// events are in the file, edit branches are left out, and a summary that
// does not match events.jsonl gets no intervals.
func TestRunStatsGrouping(t *testing.T) {
	ev := func(corpus, id, typ string, tf bool, pos ...string) string {
		e := map[string]any{"corpus": corpus, "kind": "revision", "conversation_id": id, "revision_type": typ,
			"deliverable_type": "message", "trace_full": tf, "trace_body": false, "traces": []any{}}
		var tr []any
		for _, p := range pos {
			tr = append(tr, map[string]string{"position": p, "level": "unknown", "sentence": "s"})
		}
		if tr != nil {
			e["traces"] = tr
		}
		b, _ := json.Marshal(e)
		return string(b)
	}
	lines := []string{
		ev("wildchat", "a", "withdraw", true, "preface"),
		ev("wildchat", "b", "correct", false),
		ev("wildchat", "a", "replace", false), // a again, later in the file
		ev("sharechat", "a", "withdraw", true, "afterword", "preface"),
		`{"corpus":"wildchat","kind":"edit_branch","conversation_id":"c","revision_type":"withdraw","trace_full":true}`,
	}
	for i := range 40 {
		var pos []string
		if i%4 == 0 {
			pos = []string{"body_middle"}
		}
		lines = append(lines, ev("wildchat", "z"+string(rune('a'+i%26))+string(rune('a'+i/26)), "other", i%4 == 0, pos...))
	}
	s := &miner.Summary{Version: "t", Corpora: map[string]*miner.Counts{}}
	add := func(name string, events, rr, tf, sentences int) *miner.Counts {
		c := miner.NewCounts()
		c.RevisionEvents, c.RevocationOrReplacement, c.TraceFull, c.TraceSentences = events, rr, tf, sentences
		return c
	}
	s.Corpora["wildchat"] = add("wildchat", 43, 2, 11, 11)
	s.Corpora["sharechat"] = add("sharechat", 1, 1, 1, 2)
	s.Total = add("total", 44, 3, 12, 13)

	write := func(ls []string) string {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "events.jsonl"), []byte(strings.Join(ls, "\n")+"\n"), 0o644)
		return dir
	}
	rs, err := readRunStats(write(lines), s)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs.mismatch) != 0 {
		t.Fatalf("mismatch %v", rs.mismatch)
	}
	if wc := rs.scopes["wildchat"]; wc.clusters != 42 || wc.sums[cEvents] != 43 {
		t.Errorf("wildchat: %d conversations, %d events; want 42 (a, b and 40 more), 43", wc.clusters, wc.sums[cEvents])
	}
	if tot := rs.scopes["total"]; tot.clusters != 43 {
		t.Errorf("total: %d conversations, want 43 (sharechat's a is another conversation)", tot.clusters)
	}
	if ci := rs.ci("wildchat", "tf"); !ci.OK || ci.Lo > 11.0/43 || ci.Hi < 11.0/43 {
		t.Errorf("wildchat trace-full CI %+v does not hold 11/43", ci)
	}
	// The same events in another order give the same intervals.
	shuffled := slices.Clone(lines)
	rand.New(rand.NewPCG(7, 8)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	rs2, err := readRunStats(write(shuffled), s)
	if err != nil {
		t.Fatal(err)
	}
	for _, sc := range []string{"wildchat", "sharechat", "total"} {
		if !reflect.DeepEqual(rs.scopes[sc].cis, rs2.scopes[sc].cis) {
			t.Errorf("%s: intervals depend on the order of events.jsonl", sc)
		}
	}
	// A summary from another run: no intervals for what differs.
	s.Corpora["sharechat"] = add("sharechat", 2, 1, 1, 2)
	rs3, err := readRunStats(write(lines), s)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rs3.mismatch, []string{"sharechat"}) || rs3.ci("sharechat", "tf").OK || !rs3.ci("wildchat", "tf").OK {
		t.Errorf("mismatch %v, sharechat CI %+v", rs3.mismatch, rs3.ci("sharechat", "tf"))
	}
	if !strings.Contains(ciNote(rs3), "No intervals for sharechat") {
		t.Errorf("note: %s", ciNote(rs3))
	}
}

var (
	fixtureOnce sync.Once
	fixtureDir  string
	fixtureErr  error
)

// fixtureRun mines the bundled fixtures once for all tests of the package
// and renders the reports.
func fixtureRun(t *testing.T) string {
	t.Helper()
	fixtureOnce.Do(func() {
		dir, err := os.MkdirTemp("", "revtrace-reports-")
		if err != nil {
			fixtureErr = err
			return
		}
		fixtureDir = dir
		res, err := miner.Run(context.Background(), []string{filepath.Join("..", "testdata", "fixtures")}, miner.Options{Out: dir, Workers: 2, MaxErrors: -1})
		if err != nil {
			fixtureErr = err
			return
		}
		fixtureErr = Write(dir, res.Summary)
	})
	if fixtureErr != nil {
		t.Fatal(fixtureErr)
	}
	return fixtureDir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if fixtureDir != "" {
		os.RemoveAll(fixtureDir)
	}
	os.Exit(code)
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	return out
}

// TestFixtureReports: deterministic, the same intervals in report.md,
// report.html and the CSV, and the study's two DevGPT case shapes listed.
func TestFixtureReports(t *testing.T) {
	dir := fixtureRun(t)
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	md1, html1, csv1 := read("report.md"), read("report.html"), read("tables/figure3b_revision_type.csv")
	s, err := miner.ReadSummary(filepath.Join(dir, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := Write(dir, s); err != nil { // what revtrace report does
		t.Fatal(err)
	}
	if !bytes.Equal(md1, read("report.md")) || !bytes.Equal(html1, read("report.html")) || !bytes.Equal(csv1, read("tables/figure3b_revision_type.csv")) {
		t.Errorf("re-rendering from events.jsonl + summary.json changes the reports")
	}
	cis := regexp.MustCompile(`\[(\d+\.\d), (\d+\.\d)\]`).FindAllStringSubmatch(string(md1), -1)
	if len(cis) < 200 {
		t.Fatalf("report.md has only %d intervals", len(cis))
	}
	for _, m := range cis {
		if !bytes.Contains(html1, []byte(m[0])) {
			t.Errorf("interval %s of report.md is not in report.html", m[0])
			break
		}
	}
	if !bytes.Contains(md1, []byte("| trace, full reply | 36 | 55.4% | [")) {
		t.Errorf("report.md lacks the devgpt trace-full interval")
	}
	csvRows := string(read("tables/figure3a_funnel.csv"))
	if !strings.Contains(csvRows, "revtrace_pct_of_events_ci95_lo,revtrace_pct_of_events_ci95_hi") {
		t.Errorf("funnel CSV lacks the interval columns:\n%s", csvRows[:200])
	}
	for _, bad := range []string{"http://", "https://", "<script", "src=", "@import", "<link", "<img"} {
		if bytes.Contains(html1, []byte(bad)) {
			t.Errorf("report.html is not self-contained: contains %q", bad)
		}
	}
	// Case shapes (method.md): a commit message pasting the conversation,
	// whose trace is then in the artifact; a commit that only links the
	// share URL of a conversation with a trace.
	var pasted, linkedOnly bool
	for _, l := range readLines(t, filepath.Join(dir, "cases.jsonl")) {
		var c miner.Case
		json.Unmarshal([]byte(l), &c)
		if c.LinkKind == "commit" && c.Property == "message" {
			pasted = true
			if !bytes.Contains(md1, []byte("| commit | "+c.Repo+" | message | "+c.Match+" |")) {
				t.Errorf("report.md does not list the case %+v", c)
			}
		}
	}
	for _, l := range readLines(t, filepath.Join(dir, "events.jsonl")) {
		var e eventLine
		json.Unmarshal([]byte(l), &e)
		for _, k := range e.Links {
			if e.TraceFull && k.Kind == "commit" && !k.TraceInArtifact {
				linkedOnly = true
				if !bytes.Contains(md1, []byte(k.URL)) {
					t.Errorf("report.md does not list the linked-only commit %s", k.URL)
				}
			}
		}
	}
	if !pasted || !linkedOnly {
		t.Errorf("fixtures lack a case shape: commit message with the trace %v, commit linking a traced conversation %v", pasted, linkedOnly)
	}
	if !bytes.Contains(html1, []byte(`id="cases"`)) {
		t.Errorf("report.html has no cases section")
	}
}

// TestRedactedReports: with --redact the reports print no request, trace
// sentence or withdrawn item of the conversations.
func TestRedactedReports(t *testing.T) {
	plain := fixtureRun(t)
	var secrets []string
	for _, l := range readLines(t, filepath.Join(plain, "events.jsonl")) {
		var e miner.Event
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatal(err)
		}
		if e.Corpus != "devgpt" {
			continue
		}
		secrets = append(secrets, e.Request)
		if e.WithdrawnItem != nil {
			secrets = append(secrets, *e.WithdrawnItem)
		}
		for _, tr := range e.Traces {
			secrets = append(secrets, tr.Sentence)
		}
	}
	dir := t.TempDir()
	res, err := miner.Run(context.Background(), []string{filepath.Join("..", "testdata", "fixtures", "devgpt")}, miner.Options{Out: dir, Workers: 2, MaxErrors: -1, Redact: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := Write(dir, res.Summary); err != nil {
		t.Fatal(err)
	}
	files := []string{"report.md", "report.html"}
	csvs, _ := filepath.Glob(filepath.Join(dir, "tables", "*.csv"))
	for _, c := range csvs {
		files = append(files, strings.TrimPrefix(c, dir+string(filepath.Separator)))
	}
	md, _ := os.ReadFile(filepath.Join(dir, "report.md"))
	if !bytes.Contains(md, []byte("[REDACTED:")) || !bytes.Contains(md, []byte("| commit | ")) {
		t.Errorf("the redacted report does not list the cases with redacted sentences")
	}
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range secrets {
			if len(s) >= 6 && bytes.Contains(b, []byte(s)) {
				t.Errorf("%s discloses %q", f, s)
			}
		}
	}
}

// TestIntervalsPerScope: intervals, which draws each distinct histogram
// once, gives every scope and rate bootstrapCI of its own histogram, for
// scopes that share histograms (the total of one corpus) and scopes that
// do not.
func TestIntervalsPerScope(t *testing.T) {
	mk := func(seed uint64, clusters int) *scopeStats {
		r := rand.New(rand.NewPCG(seed, 7))
		sc := &scopeStats{clusters: clusters, hists: make([]pairHist, len(rates))}
		for i := range sc.hists {
			for range clusters / 2 {
				d := uint64(1 + r.IntN(3))
				sc.hists[i].add(uint64(r.IntN(int(d)+1)), d)
			}
		}
		return sc
	}
	corpus := mk(1, 300)
	shared := &scopeStats{clusters: corpus.clusters, hists: corpus.hists}
	rs := &runStats{scopes: map[string]*scopeStats{"total": shared, "messages": corpus, "sharechat": mk(2, 120)}}
	rs.intervals()
	for name, sc := range rs.scopes {
		for i, rt := range rates {
			want := bootstrapCI(&sc.hists[i], sc.clusters)
			if got := sc.cis[rt.id]; got != want {
				t.Errorf("%s %s: %+v, bootstrapCI gives %+v", name, rt.id, got, want)
			}
		}
	}
	if a, b := rs.scopes["total"].cis[rates[0].id], rs.scopes["sharechat"].cis[rates[0].id]; a == b {
		t.Errorf("different histograms share an interval: %+v", a)
	}
}
