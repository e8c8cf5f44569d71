package eval

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/revtrace/revtrace/detectors/revision"
	"github.com/revtrace/revtrace/detectors/split"
	"github.com/revtrace/revtrace/detectors/trace"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestBinary(t *testing.T) {
	tests := []struct {
		name                  string
		tp, fp, fn, tn        int
		precision, recall, f1 float64
		kappa                 float64
	}{
		{"perfect", 5, 0, 0, 5, 1, 1, 1, 1},
		{"chance", 1, 1, 1, 1, 0.5, 0.5, 0.5, 0},
		{"study-like", 63, 6, 37, 269, 63.0 / 69, 0.63, 2 * (63.0 / 69) * 0.63 / (63.0/69 + 0.63), kappaRef(63, 6, 37, 269)},
		{"nothing predicted", 0, 0, 4, 6, 0, 0, 0, 0},
		{"all negative, all right", 0, 0, 0, 7, 0, 0, 0, 1},
		{"all negative, some predicted", 0, 2, 0, 5, 0, 0, 0, 0},
		{"empty", 0, 0, 0, 0, 0, 0, 0, 0},
		{"worse than chance", 2, 1, 1, 0, 2.0 / 3, 2.0 / 3, 2.0 / 3, -1.0 / 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b Binary
			for range tc.tp {
				b.Add(true, true)
			}
			for range tc.fp {
				b.Add(false, true)
			}
			for range tc.fn {
				b.Add(true, false)
			}
			for range tc.tn {
				b.Add(false, false)
			}
			b.Finish()
			if b.TP != tc.tp || b.FP != tc.fp || b.FN != tc.fn || b.TN != tc.tn || b.N() != tc.tp+tc.fp+tc.fn+tc.tn {
				t.Fatalf("counts %+v", b)
			}
			if !near(b.Precision, tc.precision) || !near(b.Recall, tc.recall) || !near(b.F1, tc.f1) || !near(b.Kappa, tc.kappa) {
				t.Errorf("got P %.4f R %.4f F1 %.4f κ %.4f, want %.4f %.4f %.4f %.4f",
					b.Precision, b.Recall, b.F1, b.Kappa, tc.precision, tc.recall, tc.f1, tc.kappa)
			}
		})
	}
}

// kappaRef is Cohen's κ written out from the 2×2 table of proportions.
func kappaRef(a, b, c, d int) float64 {
	n := float64(a + b + c + d)
	p11, p10, p01, p00 := float64(a)/n, float64(b)/n, float64(c)/n, float64(d)/n
	po := p11 + p00
	pe := (p11+p01)*(p11+p10) + (p00+p10)*(p00+p01)
	return (po - pe) / (1 - pe)
}

func TestShareMeanConfusion(t *testing.T) {
	var s Share
	for _, ok := range []bool{true, false, true, true} {
		s.Add(ok)
	}
	s.Finish()
	var empty Share
	empty.Finish()
	var m Mean
	for _, x := range []float64{1, 0.5, 0} {
		m.Add(x)
	}
	m.Finish()
	c := Confusion{}
	for _, p := range [][2]string{{"a", "a"}, {"a", "b"}, {"b", "a"}, {"c", "c"}, {"a", "a"}} {
		c.Add(p[0], p[1])
	}
	ca := c.Binary("a")
	tests := []struct {
		name      string
		got, want float64
	}{
		{"share", s.Value, 0.75},
		{"share num", float64(s.Num), 3},
		{"empty share", empty.Value, 0},
		{"mean", m.Value, 0.5},
		{"confusion a tp", float64(ca.TP), 2},
		{"confusion a fp", float64(ca.FP), 1},
		{"confusion a fn", float64(ca.FN), 1},
		{"confusion a tn", float64(ca.TN), 1},
		{"confusion a precision", ca.Precision, 2.0 / 3},
	}
	for _, tc := range tests {
		if !near(tc.got, tc.want) {
			t.Errorf("%s = %v, want %v", tc.name, tc.got, tc.want)
		}
	}
}

func TestJaccard(t *testing.T) {
	text := "héllo wörld, body text"
	sp := func(s, e int) *split.Span { return &split.Span{Start: s, End: e} }
	tests := []struct {
		name string
		a, b *split.Span
		want float64
	}{
		{"both none", nil, nil, 1},
		{"gold none", nil, sp(0, 5), 0},
		{"predicted none", sp(0, 5), nil, 0},
		{"equal", sp(2, 9), sp(2, 9), 1},
		{"disjoint", sp(0, 3), sp(8, 12), 0},
		// "héllo" is 6 bytes, 5 runes; "héllo wörld" 13 bytes, 11 runes.
		{"runes, not bytes", sp(0, 6), sp(0, 13), 5.0 / 11},
		{"partial", sp(0, 13), sp(7, 24), 5.0 / 22}, // "wörld" (5) over "héllo wörld, body text" (22)
	}
	for _, tc := range tests {
		if got := jaccard(text, tc.a, tc.b); !near(got, tc.want) {
			t.Errorf("%s: jaccard = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestOccurrences(t *testing.T) {
	tests := []struct {
		s, sub string
		want   []int
	}{
		{"abcabc", "abc", []int{0, 3}},
		{"aaaa", "aa", []int{0, 1, 2}},
		{"ééé", "é", []int{0, 2, 4}},
		{"abc", "x", nil},
		{"abc", "", nil},
		{"ab", "abc", nil},
	}
	for _, tc := range tests {
		got := occurrences(tc.s, tc.sub)
		if len(got) != len(tc.want) {
			t.Errorf("occurrences(%q, %q) = %v, want %v", tc.s, tc.sub, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("occurrences(%q, %q) = %v, want %v", tc.s, tc.sub, got, tc.want)
			}
		}
	}
}

func TestLocateGold(t *testing.T) {
	q := "I removed X."
	body := q + "\n" + strings.Repeat("Body. ", 50)
	reply := q + "\n\n```text\n" + body + "\n```\n\n" + q
	bodyStart := strings.Index(reply, body)
	last := strings.LastIndex(reply, q)
	g := ReplyGold{Reply: reply, Body: body}
	parts := split.Parts{Body: goldBodySpan(g)}
	tests := []struct {
		name   string
		traces []GoldTrace
		found  []span
		want   []int
	}{
		{"positions pick the occurrences", []GoldTrace{
			{Sentence: q, Position: split.Afterword}, {Sentence: q, Position: split.Preface}, {Sentence: q, Position: split.BodyOpening}},
			nil, []int{last, 0, bodyStart}},
		{"no position: first free occurrence", []GoldTrace{{Sentence: q}, {Sentence: q}}, nil, []int{0, bodyStart}},
		{"no position: the overlapping occurrence", []GoldTrace{{Sentence: q}}, []span{{last + 2, last + 5}}, []int{last}},
		{"position beats overlap", []GoldTrace{{Sentence: q, Position: split.Preface}}, []span{{last, last + 3}}, []int{0}},
		{"same part beats other part", []GoldTrace{{Sentence: q, Position: split.BodyClosing}}, nil, []int{bodyStart}},
		{"more gold traces than occurrences", []GoldTrace{{Sentence: q}, {Sentence: q}, {Sentence: q}, {Sentence: q}}, nil, []int{0, bodyStart, last, 0}},
	}
	for _, tc := range tests {
		g.Traces = tc.traces
		got := locateGold(g, parts, tc.found)
		for i, s := range got {
			if s.s != tc.want[i] || s.e != tc.want[i]+len(q) {
				t.Errorf("%s: trace %d at %v, want start %d", tc.name, i, s, tc.want[i])
			}
		}
	}
}

func TestGoldBodySpan(t *testing.T) {
	tests := []struct {
		reply, body string
		want        *split.Span
	}{
		{"Intro\n\n  Body text.\n\nOutro", "  Body text.\n\n", &split.Span{Start: 9, End: 19}},
		{"Intro\n\nBody", "", nil},
		{"Intro\n\n  \n", "  \n", nil},
		{"same same", "same", &split.Span{Start: 0, End: 4}},
	}
	for _, tc := range tests {
		got := goldBodySpan(ReplyGold{Reply: tc.reply, Body: tc.body})
		if (got == nil) != (tc.want == nil) || (got != nil && *got != *tc.want) {
			t.Errorf("goldBodySpan(%q, %q) = %v, want %v", tc.reply, tc.body, got, tc.want)
		}
	}
}

func TestReadRepliesValidation(t *testing.T) {
	good := `{"id":"a","reply":"I removed X. Body.","trace":true,"traces":[{"sentence":"I removed X.","position":"preface","level":"unknown"}],"body":"Body.","deliverable_type":"document","withdrawn_item":null}`
	tests := []struct {
		name, input, wantErr string
		n                    int
	}{
		{"good", good + "\n\n", "", 1},
		{"numeric id", `{"id":7,"reply":"x","trace":false,"traces":[]}`, "", 1},
		{"bad json", `{"id":`, "line 1", 0},
		{"duplicate id", good + "\n" + good, "already used on line 1", 0},
		{"missing id", `{"reply":"x","trace":false}`, "missing id", 0},
		{"trace flag without traces", `{"id":"a","reply":"x","trace":true,"traces":[]}`, `"trace" is true`, 0},
		{"traces without flag", `{"id":"a","reply":"x y","trace":false,"traces":[{"sentence":"x"}]}`, `"trace" is false`, 0},
		{"sentence not in reply", `{"id":"a","reply":"x","trace":true,"traces":[{"sentence":"y"}]}`, "not a substring", 0},
		{"body not in reply", `{"id":"a","reply":"x","trace":false,"body":"y"}`, "body is not a substring", 0},
		{"bad position", `{"id":"a","reply":"x","trace":true,"traces":[{"sentence":"x","position":"middle"}]}`, "unknown position", 0},
		{"bad level", `{"id":"a","reply":"x","trace":true,"traces":[{"sentence":"x","level":"high"}]}`, "unknown level", 0},
		{"bad type", `{"id":"a","reply":"x","trace":false,"deliverable_type":"email"}`, "unknown deliverable_type", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadReplies(strings.NewReader(tc.input))
			if tc.wantErr == "" {
				if err != nil || len(got) != tc.n {
					t.Fatalf("got %d records, err %v; want %d", len(got), err, tc.n)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("err %v, want it to mention %q", err, tc.wantErr)
			}
		})
	}
	got, _ := ReadReplies(strings.NewReader(`{"id":7,"reply":"x","trace":false}`))
	if got[0].ID != "7" {
		t.Errorf("numeric id read as %q", got[0].ID)
	}
}

func TestReadTurnsValidation(t *testing.T) {
	tests := []struct {
		name, input, wantErr string
	}{
		{"good", `{"id":"a","history":[{"role":"user","content":"hi"}],"turn":"remove it","is_revision":true,"revision_type":"withdraw"}` + "\n" +
			`{"id":"b","turn":"thanks","is_revision":false,"revision_type":null}`, ""},
		{"revision without type", `{"id":"a","turn":"x","is_revision":true,"revision_type":null}`, "is_revision true with revision_type null"},
		{"type without revision", `{"id":"a","turn":"x","is_revision":false,"revision_type":"other"}`, `revision_type "other"`},
		{"unknown type", `{"id":"a","turn":"x","is_revision":true,"revision_type":"delete"}`, "unknown revision_type"},
		{"duplicate", `{"id":"a","turn":"x","is_revision":false}` + "\n" + `{"id":"a","turn":"y","is_revision":false}`, "already used"},
		{"missing id", `{"turn":"x","is_revision":false}`, "missing id"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadTurns(strings.NewReader(tc.input))
			if (tc.wantErr == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.wantErr)) {
				t.Fatalf("err %v, want %q", err, tc.wantErr)
			}
		})
	}
}

// TestEvalRepliesScored scores hand-made analyses whose every measure can be
// worked out by hand.
func TestEvalRepliesScored(t *testing.T) {
	r1 := "Sure, I removed the code. Here is the text:\n\nHello world body text.\n\nThanks."
	r2 := "Hello. I removed nothing here, this is a note."
	r3 := "Body line one.\nBody line two.\n\nI removed the name."
	r4 := "Here it is:\n\nI dropped the salary. The rest is short."
	sp := func(s, e int) *split.Span { return &split.Span{Start: s, End: e} }
	gold := []ReplyGold{
		{ID: "g1", Reply: r1, Trace: true, Traces: []GoldTrace{{"Sure, I removed the code.", split.Preface, trace.Identifying}},
			Body: "Hello world body text.", DeliverableType: "document", Language: "en"},
		{ID: "g2", Reply: r2, DeliverableType: "none", Language: "EN "},
		{ID: "g3", Reply: r3, Trace: true, Traces: []GoldTrace{{"I removed the name.", split.Afterword, ""}},
			Body: "Body line one.\nBody line two.", DeliverableType: "message", Language: "fr"},
		{ID: "g4", Reply: r4, Trace: true, Traces: []GoldTrace{{"I dropped the salary.", split.BodyOpening, trace.Identifying}},
			Body: "I dropped the salary. The rest is short.", DeliverableType: "document", Language: "en"},
	}
	analyses := map[ID]trace.Analysis{
		"g1": {Trace: true, Traces: []trace.Trace{{Start: 0, End: 25, Sentence: r1[:25], Position: split.Preface, Level: trace.Identifying}},
			Body: sp(45, 67), DeliverableType: "document"},
		"g2": {Trace: true, Traces: []trace.Trace{{Start: 7, End: 30, Sentence: r2[7:30], Position: split.Preface, Level: trace.Unknown}},
			DeliverableType: "none"},
		"g3": {Body: sp(0, 14), DeliverableType: "document"},
		"g4": {Trace: true, Traces: []trace.Trace{{Start: 13, End: 20, Sentence: r4[13:20], Position: split.Preface, Level: trace.Descriptive}},
			Body: sp(35, len(r4)), DeliverableType: "document"},
	}
	r := EvalReplies(gold, func(g ReplyGold) trace.Analysis { return analyses[g.ID] })

	j3 := 14.0 / 29
	j4 := float64(len(r4)-35) / float64(len(r4)-13)
	tests := []struct {
		name      string
		got, want float64
	}{
		{"replies", float64(r.Replies), 4},
		{"gold traces", float64(r.GoldTraces), 3},
		{"found traces", float64(r.FoundTraces), 3},
		{"trace precision", r.Trace.Precision, 2.0 / 3},
		{"trace recall", r.Trace.Recall, 2.0 / 3},
		{"trace F1", r.Trace.F1, 2.0 / 3},
		{"trace kappa", r.Trace.Kappa, -1.0 / 3},
		{"trace body fn", float64(r.TraceBody.FN), 1},
		{"trace body tn", float64(r.TraceBody.TN), 3},
		{"trace body kappa", r.TraceBody.Kappa, 0},
		{"sentence precision", r.SentencePrecision.Value, 2.0 / 3},
		{"sentence recall", r.SentenceRecall.Value, 2.0 / 3},
		{"sentence F1", r.SentenceF1, 2.0 / 3},
		{"part agreement", r.PartAgreement.Value, 0.5},
		{"position agreement", r.PositionAgreement.Value, 0.5},
		{"splitter part", r.SplitterPart.Value, 2.0 / 3},
		{"splitter den", float64(r.SplitterPart.Den), 3},
		{"gold consistency", r.GoldConsistency.Value, 1},
		{"body jaccard", r.BodyJaccard.Value, (1 + 1 + j3 + j4) / 4},
		{"body jaccard with body", r.BodyJaccardWithBody.Value, (1 + j3 + j4) / 3},
		{"deliverable type", r.DeliverableType.Value, 0.75},
		{"level accuracy", r.LevelAccuracy.Value, 0.5},
		{"level den", float64(r.LevelAccuracy.Den), 2},
		{"identifying recall", r.Identifying.Recall, 0.5},
		{"identifying precision", r.Identifying.Precision, 1},
		{"en replies", float64(r.ByLanguage["en"].Replies), 3},
		{"en precision", r.ByLanguage["en"].Trace.Precision, 2.0 / 3},
		{"en recall", r.ByLanguage["en"].Trace.Recall, 1},
		{"fr recall", r.ByLanguage["fr"].Trace.Recall, 0},
		{"fr gold traces", float64(r.ByLanguage["fr"].GoldTraces), 1},
	}
	for _, tc := range tests {
		if !near(tc.got, tc.want) {
			t.Errorf("%s = %v, want %v", tc.name, tc.got, tc.want)
		}
	}
	if r.DeliverableConfusion["message"]["document"] != 1 || r.LevelConfusion[trace.Identifying][trace.Descriptive] != 1 {
		t.Errorf("confusions %v %v", r.DeliverableConfusion, r.LevelConfusion)
	}
	kinds := map[string][]ID{}
	for _, e := range r.Errors {
		kinds[e.Kind] = append(kinds[e.Kind], e.ID)
	}
	wantKinds := map[string][]ID{
		ErrTraceFP: {"g2"}, ErrTraceFN: {"g3"}, ErrSentenceFP: {"g2"}, ErrSentenceFN: {"g3"},
		ErrPosition: {"g4"}, ErrSplitter: {"g4"}, ErrLevel: {"g4"}, ErrDeliverableType: {"g3"}, ErrBody: {"g3", "g4"},
	}
	if len(kinds) != len(wantKinds) {
		t.Errorf("error kinds %v, want %v", kinds, wantKinds)
	}
	for k, ids := range wantKinds {
		if strings.Join(idStrings(kinds[k]), ",") != strings.Join(idStrings(ids), ",") {
			t.Errorf("errors of kind %s: %v, want %v", k, kinds[k], ids)
		}
	}
}

func idStrings(ids []ID) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = string(id)
	}
	return out
}

func TestEvalTurnsScored(t *testing.T) {
	typ := func(s string) *string { return &s }
	gold := []TurnGold{
		{ID: "t1", IsRevision: true, RevisionType: typ("withdraw"), Language: "en"},
		{ID: "t2", IsRevision: true, RevisionType: typ("replace"), Language: "en"},
		{ID: "t3", IsRevision: true, RevisionType: typ("correct"), Language: "de"},
		{ID: "t4", Language: "en"},
		{ID: "t5", Language: "de"},
	}
	verdicts := map[ID]revision.Verdict{
		"t1": {Candidate: true, IsRevision: true, Type: "withdraw"},
		"t2": {Candidate: true, IsRevision: true, Type: "withdraw"},
		"t3": {},
		"t4": {Candidate: true, IsRevision: true, Type: "reformat"},
		"t5": {Candidate: true},
	}
	r := EvalTurns(gold, func(g TurnGold) revision.Verdict { return verdicts[g.ID] })
	tests := []struct {
		name      string
		got, want float64
	}{
		{"turns", float64(r.Turns), 5},
		{"gold revisions", float64(r.GoldRevisions), 3},
		{"precision", r.IsRevision.Precision, 2.0 / 3},
		{"recall", r.IsRevision.Recall, 2.0 / 3},
		{"kappa", r.IsRevision.Kappa, 1.0 / 6},
		{"candidate recall", r.CandidateRecall.Value, 2.0 / 3},
		{"type accuracy", r.TypeAccuracy.Value, 0.5},
		{"revocation F1", r.Groups[GroupRevocation].F1, 2.0 / 3},
		{"replacement F1", r.Groups[GroupReplacement].F1, 0},
		{"other F1", r.Groups[GroupOther].F1, 0},
		{"macro F1", r.MacroF1, 2.0 / 9},
		{"en precision", r.ByLanguage["en"].IsRevision.Precision, 2.0 / 3},
		{"de recall", r.ByLanguage["de"].IsRevision.Recall, 0},
		{"confusion replace→withdraw", float64(r.TypeConfusion["replace"]["withdraw"]), 1},
		{"confusion none→reformat", float64(r.TypeConfusion["none"]["reformat"]), 1},
		{"confusion correct→none", float64(r.TypeConfusion["correct"]["none"]), 1},
	}
	for _, tc := range tests {
		if !near(tc.got, tc.want) {
			t.Errorf("%s = %v, want %v", tc.name, tc.got, tc.want)
		}
	}
	var got []string
	for _, e := range r.Errors {
		got = append(got, e.Kind+":"+string(e.ID))
	}
	want := "type:t2,candidate:t3,revision_fn:t3,revision_fp:t4"
	if strings.Join(got, ",") != want {
		t.Errorf("errors %v, want %s", got, want)
	}
}

func TestGroup(t *testing.T) {
	for typ, want := range map[string]string{"withdraw": GroupRevocation, "replace": GroupReplacement, "correct": GroupOther,
		"reformat": GroupOther, "extend": GroupOther, "other": GroupOther, "": ""} {
		if got := Group(typ); got != want {
			t.Errorf("Group(%q) = %q, want %q", typ, got, want)
		}
	}
}

// TestOwnGold runs the real detectors over the small gold sets of this
// package and checks that the reports are internally consistent.
func TestOwnGold(t *testing.T) {
	replies, err := LoadReplies("testdata/replies.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	turns, err := LoadTurns("testdata/turns.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for _, aliases := range []bool{false, true} {
		r := EvalReplies(replies, Analyser(aliases))
		if r.Replies != len(replies) || r.Trace.N() != len(replies) {
			t.Fatalf("aliases %v: %d replies scored, %d decisions", aliases, r.Replies, r.Trace.N())
		}
		count := map[string]int{}
		for _, e := range r.Errors {
			count[e.Kind]++
		}
		if count[ErrTraceFP] != r.Trace.FP || count[ErrTraceFN] != r.Trace.FN ||
			count[ErrSentenceFP] != r.SentencePrecision.Den-r.SentencePrecision.Num ||
			count[ErrSentenceFN] != r.SentenceRecall.Den-r.SentenceRecall.Num {
			t.Errorf("aliases %v: errors %v disagree with the counts", aliases, count)
		}
		if r.SentenceRecall.Den != r.GoldTraces || r.SentencePrecision.Den != r.FoundTraces {
			t.Errorf("aliases %v: sentence denominators %d/%d, traces %d/%d", aliases, r.SentenceRecall.Den, r.SentencePrecision.Den, r.GoldTraces, r.FoundTraces)
		}
		// The set is small and written alongside: the scanner finds every
		// trace and the splitter places every trace sentence.
		if r.Trace.Recall < 1 || r.Trace.Precision < 1 || r.SplitterPart.Value < 1 || r.GoldConsistency.Value < 1 {
			t.Errorf("aliases %v: trace P %.2f R %.2f, splitter %.2f, gold consistency %.2f", aliases,
				r.Trace.Precision, r.Trace.Recall, r.SplitterPart.Value, r.GoldConsistency.Value)
		}
		if aliases && r.LevelAccuracy.Value < 0.5 {
			t.Errorf("with aliases the level accuracy is %.2f", r.LevelAccuracy.Value)
		}
	}
	tr := EvalTurns(turns, Checker(nil))
	if tr.Turns != len(turns) || tr.IsRevision.Recall < 1 || tr.IsRevision.Precision < 1 || tr.CandidateRecall.Value < 1 {
		t.Errorf("turns: %+v", tr.IsRevision)
	}
}

func TestWriteTextAndJSON(t *testing.T) {
	replies, err := LoadReplies("testdata/replies.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	turns, err := LoadTurns("testdata/turns.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	rr := EvalReplies(replies, Analyser(false))
	tr := EvalTurns(turns, Checker(nil))
	var b bytes.Buffer
	if err := rr.WriteText(&b, true); err != nil {
		t.Fatal(err)
	}
	if err := tr.WriteText(&b, true); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"trace, full reply", "splitter: gold part under predicted body", "level (gold \\ found)",
		"deliverable type (gold \\ found)", "is revision", "type group: revocation", "macro-F1", "Errors (", "\nfr "} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}
	js, err := json.Marshal(rr)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(js, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"trace_full", "sentence_precision", "splitter_part", "body_jaccard", "level_confusion", "by_language"} {
		if _, ok := m[k]; !ok {
			t.Errorf("JSON lacks %q", k)
		}
	}
	// Determinism: the same input gives the same bytes.
	js2, _ := json.Marshal(EvalReplies(replies, Analyser(false)))
	if !bytes.Equal(js, js2) {
		t.Error("JSON report differs between two runs")
	}
}
