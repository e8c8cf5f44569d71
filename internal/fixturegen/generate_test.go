package fixturegen

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"reflect"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// collect drains a stream.
func collect(s Seq) []Conv {
	var out []Conv
	for c := range s {
		out = append(out, c)
	}
	return out
}

func TestGenerateDeterministic(t *testing.T) {
	n := len(Planted()) + 400
	a := collect(Generate(42, n))
	b := collect(Generate(42, n))
	if len(a) != n {
		t.Fatalf("Generate(42, %d) gave %d conversations", n, len(a))
	}
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two runs with the same seed differ")
	}
	c := collect(Generate(43, n))
	sameID, sameText := 0, 0
	for i := range a {
		if a[i].ID == c[i].ID {
			sameID++
		}
		if i >= len(Planted()) && reflect.DeepEqual(a[i].Messages, c[i].Messages) {
			sameText++
		}
	}
	if sameID != 0 {
		t.Errorf("seeds 42 and 43 share %d IDs", sameID)
	}
	if sameText > 20 {
		t.Errorf("seeds 42 and 43 give %d identical filler conversations out of 400", sameText)
	}
}

func TestGenerateCounts(t *testing.T) {
	np := len(Planted())
	tests := []struct {
		name string
		n    int
		want int
	}{
		{"zero", 0, 0},
		{"negative", -5, 0},
		{"fewer than planted", 10, 10},
		{"exactly planted", np, np},
		{"planted and filler", np + 25, np + 25},
	}
	planted := Planted()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := collect(Generate(5, tt.n))
			if len(got) != tt.want {
				t.Fatalf("got %d conversations, want %d", len(got), tt.want)
			}
			for i, c := range got {
				switch {
				case i < np && c.Kind != planted[i].Kind:
					t.Errorf("conversation %d: kind %q, want planted %q", i, c.Kind, planted[i].Kind)
				case i >= np && c.Kind != "filler":
					t.Errorf("conversation %d: kind %q, want filler", i, c.Kind)
				}
			}
		})
	}
}

func TestGenerateStopsEarly(t *testing.T) {
	n := 0
	for range Generate(1, 1000) {
		n++
		if n == 3 {
			break
		}
	}
	if n != 3 {
		t.Fatalf("consumed %d, want 3", n)
	}
}

func TestPlantedEqualsGenerateSeedZero(t *testing.T) {
	p := Planted()
	g := collect(Generate(0, len(p)))
	if !reflect.DeepEqual(p, g) {
		t.Fatal("Planted() differs from the first conversations of Generate(0, n)")
	}
	// Callers own what they get: changing it must not change later results.
	p[0].Messages[0].Content = "changed"
	if Planted()[0].Messages[0].Content == "changed" {
		t.Fatal("Planted shares message slices between calls")
	}
	// Other seeds give the same planted content under other IDs.
	h := collect(Generate(9, len(p)))
	for i := range p {
		if h[i].ID == g[i].ID || !reflect.DeepEqual(h[i].Messages, g[i].Messages) {
			t.Fatalf("planted case %d: want same messages and a different ID across seeds", i)
		}
	}
}

var hexID = regexp.MustCompile(`^[0-9a-f]{32}$`)

func TestIDsUniqueAndWellFormed(t *testing.T) {
	seen := make(map[string]int, 5000)
	i := 0
	for c := range Generate(7, 5000) {
		if !hexID.MatchString(c.ID) {
			t.Fatalf("conversation %d: ID %q is not 32 lowercase hex digits", i, c.ID)
		}
		if j, ok := seen[c.ID]; ok {
			t.Fatalf("conversations %d and %d share ID %s", j, i, c.ID)
		}
		seen[c.ID] = i
		i++
	}
	// The ID's high half is a bijection of the position: check far more
	// positions than a test stream holds, for several seeds.
	for _, seed := range []int64{0, -1, 1 << 40} {
		his := make(map[uint64]bool, 100000)
		for i := range 100000 {
			hi, _ := convID(seed, i)
			if his[hi] {
				t.Fatalf("seed %d: position %d repeats an ID", seed, i)
			}
			his[hi] = true
		}
	}
}

func TestConversationShape(t *testing.T) {
	validLang := map[string]bool{"English": true, "Chinese": true, "Russian": true, "Spanish": true, "French": true,
		"German": true, "Portuguese": true, "Japanese": true}
	var prev time.Time
	i := 0
	for c := range Generate(11, 6000) {
		if n := len(c.Messages); n < 2 || n > 10 {
			t.Errorf("conversation %d (%s): %d messages, want 2..10", i, c.Kind, n)
		}
		for j, m := range c.Messages {
			want := "user"
			if j%2 == 1 {
				want = "assistant"
			}
			if m.Role != want {
				t.Fatalf("conversation %d (%s): message %d has role %q, want %q", i, c.Kind, j, m.Role, want)
			}
			if !utf8.ValidString(m.Content) {
				t.Errorf("conversation %d: message %d is not valid UTF-8", i, j)
			}
			if strings.Contains(m.Content, slotMark) {
				t.Errorf("conversation %d (%s): message %d holds an unexpanded slot: %q", i, c.Kind, j, excerpt(m.Content, slotMark))
			}
			if m.Role == "assistant" && strings.TrimSpace(m.Content) == "" {
				t.Errorf("conversation %d: empty assistant message %d", i, j)
			}
		}
		if c.Model == "" || !validLang[c.Language] {
			t.Errorf("conversation %d: model %q, language %q", i, c.Model, c.Language)
		}
		if !c.Time.After(prev) || c.Time.Sub(baseTime) < time.Duration(i)*time.Minute || c.Time.Sub(baseTime) >= time.Duration(i+1)*time.Minute {
			t.Errorf("conversation %d: time %v not in minute %d after %v", i, c.Time, i, baseTime)
		}
		prev = c.Time
		i++
	}
}

func excerpt(s, sub string) string {
	k := strings.Index(s, sub)
	return s[max(0, k-40):min(len(s), k+40)]
}

// TestPlantedKinds checks that every family the planted set must cover is
// there.
func TestPlantedKinds(t *testing.T) {
	cases := Cases()
	if n := len(cases); n < 60 || n > 90 {
		t.Errorf("%d planted cases, want 60..90", n)
	}
	kinds := make([]string, len(cases))
	for i, c := range cases {
		kinds[i] = c.Conv.Kind
	}
	has := func(parts ...string) bool {
		for _, k := range kinds {
			fields := strings.Split(k, "/")
			ok := true
			for _, p := range parts {
				if !slices.Contains(fields, p) {
					ok = false
					break
				}
			}
			if ok {
				return true
			}
		}
		return false
	}
	var want [][]string
	for _, pos := range []string{"preface", "body_opening", "body_middle", "body_closing", "afterword"} {
		for _, d := range []string{"message", "document", "code"} {
			want = append(want, []string{"trace", pos, d})
		}
	}
	for _, lang := range []string{"python", "yaml", "json", "sql", "shell"} {
		want = append(want, []string{"trace", "code", lang})
	}
	for _, lvl := range []string{"identifying", "descriptive", "process_only", "not_assigned", "unknown"} {
		want = append(want, []string{"trace", lvl})
	}
	for _, typ := range []string{"withdraw", "replace", "correct", "reformat", "extend", "other"} {
		want = append(want, []string{typ, "notrace"}, []string{typ, "trace"})
	}
	for _, lang := range []string{"de", "fr", "es", "zh"} {
		want = append(want, []string{"trace", lang})
	}
	want = append(want,
		[]string{"withdraw", "trace", "identifying", "preface"},
		[]string{"replace", "trace", "identifying"},
		[]string{"crlf"}, []string{"curly"}, []string{"multifence"}, []string{"runfence"}, []string{"table"}, []string{"email"},
		[]string{"noreply"}, []string{"ru", "notrace"},
		[]string{"decoy", "first-turn-keyword"}, []string{"decoy", "howto-remove"}, []string{"decoy", "new-task"},
		[]string{"decoy", "offer"}, []string{"decoy", "policy-note"}, []string{"decoy", "data-cleaning"},
		[]string{"decoy", "code-deletes"}, []string{"decoy", "question"}, []string{"decoy", "quoted-cue"},
		[]string{"followup", "thanks"}, []string{"followup", "continue"}, []string{"followup", "empty"},
	)
	for _, w := range want {
		if !has(w...) {
			t.Errorf("no planted case whose kind has all of %v", w)
		}
	}

	// About a tenth of the revision cases are not in English.
	rev, foreign := 0, 0
	for _, c := range cases {
		if c.RevisionType == "" {
			continue
		}
		rev++
		if c.Conv.Language != "English" {
			foreign++
		}
	}
	if share := float64(foreign) / float64(rev); share < 0.07 || share > 0.2 {
		t.Errorf("%d of %d revision cases are not in English (%.0f%%), want about 10%%", foreign, rev, 100*share)
	}
}

// bodyTier gives the position of trace in reply relative to body, and the
// rune fraction of the trace's start within the body.
func bodyTier(reply, body, trace string) (string, float64) {
	bs := strings.Index(reply, body)
	be := bs + len(body)
	ts := strings.Index(reply, trace)
	switch {
	case ts+len(trace) <= bs:
		return "preface", 0
	case ts >= be:
		return "afterword", 0
	case ts < bs || ts+len(trace) > be:
		return "straddles", 0
	}
	f := float64(utf8.RuneCountInString(reply[bs:ts])) / float64(utf8.RuneCountInString(body))
	switch {
	case f < 0.15:
		return "body_opening", f
	case f >= 0.85:
		return "body_closing", f
	}
	return "body_middle", f
}

func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}

// TestPlantedCases checks each planted case against what its fields claim:
// turn and reply, body, trace position (with a margin around the 15% and
// 85% tiers), level, and the previous-draft/new-body relation of the item.
func TestPlantedCases(t *testing.T) {
	revTypes := []string{"withdraw", "replace", "correct", "reformat", "extend", "other"}
	for i, c := range Cases() {
		msgs := c.Conv.Messages
		name := c.Conv.Kind
		if c.Turn < 0 || c.Turn >= len(msgs) || msgs[c.Turn].Role != "user" {
			t.Errorf("%d %s: turn %d is not a user message", i, name, c.Turn)
			continue
		}
		if c.RevisionType != "" {
			if !slices.Contains(revTypes, c.RevisionType) {
				t.Errorf("%d %s: revision type %q", i, name, c.RevisionType)
			}
			if c.Turn == 0 {
				t.Errorf("%d %s: a revision in the first user turn", i, name)
			}
			if !strings.HasPrefix(name, c.RevisionType+"/") && !strings.HasPrefix(name, "decoy/") {
				t.Errorf("%d %s: kind does not start with the revision type %q", i, name, c.RevisionType)
			}
		}
		var prev string
		if c.Turn > 0 {
			prev = msgs[c.Turn-1].Content
		}
		if c.Turn+1 >= len(msgs) {
			if !strings.HasSuffix(name, "/noreply") {
				t.Errorf("%d %s: no reply but the kind does not say noreply", i, name)
			}
			if c.Item != "" && !containsFold(prev, c.Item) {
				t.Errorf("%d %s: item %q not in the previous draft", i, name, c.Item)
			}
			continue
		}
		reply := msgs[c.Turn+1].Content
		if c.Body != "" && !strings.Contains(reply, c.Body) {
			t.Errorf("%d %s: body is not in the reply", i, name)
			continue
		}
		if c.RevisionType != "" && (c.Body == "" || c.Deliverable == "") {
			t.Errorf("%d %s: a revision reply needs a body and a deliverable type", i, name)
			continue
		}
		if (c.Trace != "") != (c.Position != "") || (c.Trace != "") != (c.Level != "") {
			t.Errorf("%d %s: trace %q, position %q, level %q", i, name, c.Trace, c.Position, c.Level)
		}
		if c.Trace != "" {
			if !strings.Contains(reply, c.Trace) {
				t.Errorf("%d %s: trace %q not in the reply", i, name, c.Trace)
				continue
			}
			want := c.RevisionType + "/trace/" + c.Position + "/" + c.Deliverable + "/" + c.Level
			if name != want && !strings.HasPrefix(name, want+"/") {
				t.Errorf("%d %s: kind does not match fields %s", i, name, want)
			}
			got, f := bodyTier(reply, c.Body, c.Trace)
			if got != c.Position {
				t.Errorf("%d %s: trace sits in %s (%.2f), kind says %s", i, name, got, f, c.Position)
			}
			// Keep planted body traces clear of the tier borders, so that small
			// differences in where a splitter ends the body do not move them.
			if (got == "body_opening" && f > 0.12) || (got == "body_middle" && (f < 0.18 || f > 0.82)) || (got == "body_closing" && f < 0.88) {
				t.Errorf("%d %s: trace at %.2f of the body is too close to a tier border", i, name, f)
			}
		} else if c.RevisionType != "" && !strings.HasPrefix(name, "decoy/") {
			want := c.RevisionType + "/notrace/" + c.Deliverable
			if name != want && !strings.HasPrefix(name, want+"/") {
				t.Errorf("%d %s: kind does not match fields %s", i, name, want)
			}
		}
		if c.Item == "" {
			if c.Level != "" && c.Level != "unknown" {
				t.Errorf("%d %s: level %s without an item", i, name, c.Level)
			}
			continue
		}
		if !containsFold(prev, c.Item) {
			t.Errorf("%d %s: item %q not in the previous assistant draft", i, name, c.Item)
		}
		rest := c.Body
		if c.Trace != "" {
			rest = strings.Replace(rest, c.Trace, "", 1)
		}
		if stays := containsFold(rest, c.Item); stays != (c.Level == "not_assigned") {
			t.Errorf("%d %s: item %q in the body outside the trace = %v, level %q", i, name, c.Item, stays, c.Level)
		}
		switch c.Level {
		case "identifying":
			if !containsFold(c.Trace, c.Item) {
				t.Errorf("%d %s: identifying trace %q does not name %q", i, name, c.Trace, c.Item)
			}
		case "descriptive", "process_only":
			if containsFold(c.Trace, c.Item) {
				t.Errorf("%d %s: %s trace %q names the item %q", i, name, c.Level, c.Trace, c.Item)
			}
		case "unknown":
			t.Errorf("%d %s: level unknown but the item %q is known", i, name, c.Item)
		}
	}
}

// TestPlantedCRLF checks the one reply written with CRLF line endings.
func TestPlantedCRLF(t *testing.T) {
	for _, c := range Cases() {
		if !strings.Contains(c.Conv.Kind, "/crlf") {
			continue
		}
		reply := c.Conv.Messages[c.Turn+1].Content
		if strings.Count(reply, "\r\n") < 5 || strings.Count(reply, "\n") != strings.Count(reply, "\r\n") {
			t.Errorf("%s: reply is not consistently CRLF", c.Conv.Kind)
		}
		return
	}
	t.Fatal("no crlf case")
}

// TestLanguageBanks checks that every filler bank fills every field that the
// generator draws from.
func TestLanguageBanks(t *testing.T) {
	optional := map[string]bool{"curPre": true, "curSuf": true, "space": true}
	for _, L := range langs {
		v := reflect.ValueOf(*L)
		typ := v.Type()
		for i := range v.NumField() {
			f, name := v.Field(i), typ.Field(i).Name
			if optional[name] {
				continue
			}
			if msg := emptyIn(f); msg != "" {
				t.Errorf("%s: field %s: %s", L.name, name, msg)
			}
		}
		if L.curPre == "" && L.curSuf == "" {
			t.Errorf("%s: no currency sign", L.name)
		}
	}
	if len(langs) != len(langWeights) {
		t.Fatalf("%d languages, %d weights", len(langs), len(langWeights))
	}
}

// emptyIn describes the first empty string or list inside v, or "".
func emptyIn(v reflect.Value) string {
	switch v.Kind() {
	case reflect.String:
		if v.String() == "" {
			return "empty string"
		}
	case reflect.Slice:
		if v.Len() == 0 {
			return "empty list"
		}
		if v.Type().Elem().Kind() == reflect.String {
			// Empty prefaces are allowed (a reply without one).
			return ""
		}
		fallthrough
	case reflect.Array:
		for i := range v.Len() {
			if msg := emptyIn(v.Index(i)); msg != "" {
				return msg
			}
		}
	}
	return ""
}

// TestFillerProfile checks the filler's mix: languages, sizes, code, and
// revision and trace rates.
func TestFillerProfile(t *testing.T) {
	const n = 4000
	var sizes []int
	nonEnglish, withCode, later, revisions, traces := 0, 0, 0, 0, 0
	types := make([]int, nRev)
	for i := range n {
		g := fillerGen(3, 1000+i, true)
		c := g.conv
		size, code := 0, false
		for _, m := range c.Messages {
			size += utf8.RuneCountInString(m.Content)
			code = code || (m.Role == "assistant" && strings.Contains(m.Content, fence))
		}
		if code {
			withCode++
		}
		sizes = append(sizes, size)
		if size > 60000 {
			t.Errorf("filler %d has %d characters", i, size)
		}
		if c.Language != "English" {
			nonEnglish++
		}
		later += len(c.Messages)/2 - 1
		revisions += len(g.events)
		for _, e := range g.events {
			types[e.typ]++
			if e.trace != "" {
				traces++
			}
		}
	}
	sort.Ints(sizes)
	median := sizes[len(sizes)/2]
	if median < 1800 || median > 3500 {
		t.Errorf("median conversation has %d characters, want about 2,500", median)
	}
	if top := sizes[len(sizes)-1]; top < 15000 {
		t.Errorf("largest of %d conversations has %d characters, want a long tail", n, top)
	}
	check := func(what string, got, lo, hi float64) {
		if got < lo || got > hi {
			t.Errorf("%s = %.3f, want %.2f..%.2f", what, got, lo, hi)
		}
	}
	t.Logf("median %d characters, largest %d; %.0f%% not English; %.0f%% with code; %d revisions in %d later turns, %d traces; by type %v",
		median, sizes[len(sizes)-1], 100*float64(nonEnglish)/n, 100*float64(withCode)/n, revisions, later, traces, types)
	check("non-English share", float64(nonEnglish)/n, 0.34, 0.46)
	check("share with fenced code", float64(withCode)/n, 0.2, 0.6)
	check("revisions per later turn", float64(revisions)/float64(later), 0.08, 0.18)
	check("traces per revision", float64(traces)/float64(revisions), 0.04, 0.25)
	for typ, k := range types {
		if k == 0 {
			t.Errorf("no filler revision of type %d", typ)
		}
	}
}

// TestFillerRevisionItems checks the item of filler withdraw and replace
// revisions: shown in the draft before the request, gone after it (outside
// a trace), and for replace the new value shown instead.
func TestFillerRevisionItems(t *testing.T) {
	checked := 0
	for i := range 3000 {
		g := fillerGen(21, 500+i, true)
		msgs := g.conv.Messages
		for _, e := range g.events {
			if !e.hasItem || (e.typ != revWithdraw && e.typ != revReplace) {
				continue
			}
			// Names and amounts can also come from ordinary sentences.
			if e.item.cat == catPerson || e.item.cat == catMoney {
				continue
			}
			prev, reply := msgs[e.turn-1].Content, msgs[e.turn+1].Content
			if e.trace != "" {
				reply = strings.Replace(reply, e.trace, "", 1)
			}
			if !strings.Contains(prev, e.item.value) {
				t.Errorf("filler %d turn %d: item %q not in the previous draft", i, e.turn, e.item.value)
			}
			if strings.Contains(reply, e.item.value) {
				t.Errorf("filler %d turn %d: item %q still in the revised reply", i, e.turn, e.item.value)
			}
			if e.typ == revReplace && !strings.Contains(reply, e.item.repl) {
				t.Errorf("filler %d turn %d: replacement %q not in the revised reply", i, e.turn, e.item.repl)
			}
			checked++
		}
	}
	if checked < 30 {
		t.Fatalf("only %d withdraw/replace revisions with items checked", checked)
	}
}

// TestGenerateSpeed: benchmarks stream hundreds of thousands of
// conversations, so 20,000 must take well under two seconds. The test
// generates them in a child process and checks its CPU time, which other
// load on the machine does not inflate the way it inflates wall time.
func TestGenerateSpeed(t *testing.T) {
	// The race detector slows the generator about tenfold: generate a fifth
	// and allow twice the time.
	n, limit := 20000, 2*time.Second
	if raceEnabled() {
		n, limit = 4000, 4*time.Second
	}
	if os.Getenv(speedChild) == "1" {
		bytes := 0
		for c := range Generate(1, n) {
			for _, m := range c.Messages {
				bytes += len(m.Content)
			}
		}
		fmt.Printf("generated %d MB\n", bytes>>20)
		return
	}
	if testing.Short() {
		t.Skip("timing test")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestGenerateSpeed$", "-test.count=1")
	cmd.Env = append(os.Environ(), speedChild+"=1")
	start := time.Now()
	out, err := cmd.CombinedOutput()
	wall := time.Since(start)
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	t.Logf("%d conversations: %v CPU, %v wall; %s", n, cpu, wall, bytes.TrimSpace(out))
	if cpu > limit {
		t.Errorf("%d conversations took %v of CPU, want < %v", n, cpu, limit)
	}
}

const speedChild = "FIXTUREGEN_SPEED_CHILD"

// TestGenerateMemoryFlat checks that a long stream keeps nothing behind.
func TestGenerateMemoryFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("memory test")
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for range Generate(2, 10000) {
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	if grew := int64(after.HeapAlloc) - int64(before.HeapAlloc); grew > 8<<20 {
		t.Errorf("heap grew by %d MB over a stream of 10,000 conversations", grew>>20)
	}
}

// raceEnabled reports whether the test binary was built with -race.
func raceEnabled() bool {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "-race" && s.Value == "true" {
				return true
			}
		}
	}
	return false
}

func BenchmarkGenerate(b *testing.B) {
	b.ReportAllocs()
	bytes := 0
	for i := range b.N {
		for c := range Generate(int64(i), len(Planted())+1000) {
			for _, m := range c.Messages {
				bytes += len(m.Content)
			}
		}
	}
	b.SetBytes(int64(bytes / b.N))
}
