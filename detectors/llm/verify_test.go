package llm

import (
	"strings"
	"testing"
)

func TestVerifyQuote(t *testing.T) {
	const s = "I removed the private item."
	tests := []struct {
		quote, text string
		want        bool
	}{
		// scanner-spec §9.3: Markdown wrappers.
		{"I removed X.", "I removed X.", true},
		{"I removed X.", "- I removed X.", true},
		{"I removed X.", "1. I removed X.", true},
		{"I removed X.", "**Note:** I removed X.", true},
		{"I removed X.", "> I removed X.", true},
		{"I removed X.", "**I removed X.**", true},
		{"I removed X.", "- **Note:** I removed X.", true},
		{"I removed X.", "## Note: I removed X.", true},
		{"I removed\nX.", "- I removed\nX.", true},
		// Quotes that span markup.
		{"**Note:** I removed X.", "Intro.\n\n**Note:** I removed X.", true},
		{"I removed **X**.", "Done. I removed **X**.", true},
		{"I removed `API_KEY` from the config.", "Here you go.\n\nI removed `API_KEY` from the config.", true},
		{"I removed the [link](http://x.y) to your profile.", "I removed the [link](http://x.y) to your profile.", true},
		// Whitespace runs may be squeezed.
		{"I removed X.", "I removed\nX.", true},
		{"I  removed   the private item.", "Sure! " + s, true},
		// Fragments and unterminated sentences fail.
		{"private item.", s, false},
		{"removed", s, false},
		{"I removed the private item", s, false},
		{"i removed x.", "I removed X.", false},
		{".", "I removed X.", false},
		{"Not in the text.", "I removed X.", false},
		{"", "I removed X.", false},
		{"Understood. " + s, "Understood. " + s + " Public material stays.", true},
		{"with private details omitted.", "Here is the message, with private details omitted.", false},
		{`"ssn":"[REDACTED]"`, "```json\n{\"id\":1,\"ssn\":\"[REDACTED]\"}\n```", false},
		{s, "**Changes made:** " + s, true},
		{"Note on changes: " + s, "*Note on changes: " + s + "*", true},
		{s, "_Note on changes: " + s + "_", true},
		// HTML.
		{"I removed Drug Test Kit.", "<p>I removed Drug Test Kit.</p>", true},
		{"I removed Drug Test Kit.", "<div>\nI removed Drug Test Kit.\n</div>", true},
		{"I removed Drug Test Kit.", "<section><p>I removed Drug Test Kit.</p><p>Public text.</p></section>", true},
		{"I removed Drug Test Kit.", "<ul><li>I removed Drug Test Kit.</li></ul>", true},
		{"Drug Test Kit.", "<p>I removed Drug Test Kit.</p>", false},
		{"I removed Drug Test Kit", "<p>I removed Drug Test Kit.</p>", false},
		{"I <em>removed</em> Drug Test Kit.", "<p>I <em>removed</em> Drug Test Kit.</p>", true},
		{"I removed A &amp; B.", "<p>I removed A &amp; B.</p>", true},
		{"I removed Drug Test Kit.", `<div title="I removed Drug Test Kit.">Public text.</div>`, false},
		{"I removed Drug Test Kit.", "<script>I removed Drug Test Kit.</script>", false},
		{"I removed Drug Test Kit.", "<style>I removed Drug Test Kit.</style>", false},
		// revtrace additions: parentheticals and code comments.
		{"(replacing Drug Test Kit)", "Here is the list (replacing Drug Test Kit).", true},
		{"replacing Drug Test Kit", "Here is the list (replacing Drug Test Kit).", true},
		{"# removed the password 'abc' as requested", "```python\nx = 1\n# removed the password 'abc' as requested\n```", true},
		{"removed the password as requested", "```python\nDB = 'x'  # removed the password as requested\n```", true},
		{"removed the password", "```python\nDB = 'x'  # removed the password as requested\n```", false},
		// Tables.
		{"Removed the salary column.", "| a | b |\n|---|---|\n| Removed the salary column. | x |", true},
	}
	for _, tc := range tests {
		sp, got := VerifyQuote(tc.quote, tc.text)
		if got != tc.want {
			t.Errorf("VerifyQuote(%q, %q) = %v, want %v", tc.quote, tc.text, got, tc.want)
			continue
		}
		if got {
			seg := tc.text[sp.Start:sp.End]
			if squeeze(seg) != squeeze(strings.TrimSpace(tc.quote)) {
				t.Errorf("span %v = %q, not the quote %q", sp, seg, tc.quote)
			}
		}
	}
	// All wrapper × label combinations (scanner-spec §9.3).
	for _, w := range []string{"%s", "*%s*", "**%s**", "_%s_", "> %s", "- %s", "1. %s", "## %s"} {
		for _, label := range []string{"", "Note: ", "Note on changes: "} {
			body := strings.Replace(w, "%s", label+s, 1)
			if _, ok := VerifyQuote(label+s, body); !ok {
				t.Errorf("label+sentence in %q", body)
			}
			if _, ok := VerifyQuote(s, body); !ok {
				t.Errorf("sentence in %q", body)
			}
			for _, bad := range []string{"private item.", "removed", "I removed the private item"} {
				if _, ok := VerifyQuote(bad, body); ok {
					t.Errorf("fragment %q verified in %q", bad, body)
				}
			}
		}
	}
}

func TestVerifySecondOccurrence(t *testing.T) {
	// The first occurrence is a fragment; the second is a sentence.
	text := "We removed X. earlier, and then:\n\nI removed X."
	sp, ok := VerifyQuote("I removed X.", "Note that we said I removed X. is odd.\n\n"+text)
	if !ok {
		t.Fatal("not verified")
	}
	_ = sp
	full := "Note that we said I removed X. is odd.\n\nI removed X."
	sp, ok = VerifyQuote("I removed X.", full)
	if !ok || sp.Start != strings.LastIndex(full, "I removed X.") {
		t.Errorf("span %v ok=%v, want the second occurrence", sp, ok)
	}
}

func TestParseTraceVerdicts(t *testing.T) {
	reply := "Here is the draft:\n\nDear team,\n\nI removed the private account number.\n\nBest,\nAlex\n\nLet me know."
	body := &Span{strings.Index(reply, "Dear"), strings.Index(reply, "Alex") + 4}
	tests := []struct {
		raw       string
		verdict   string
		resolved  bool
		full, inB bool
	}{
		{traceAnswer("yes", "I removed the private account number."), VerdictYesVerified, true, true, true},
		{`{"answer": true, "quote": "I removed the private account number."}`, VerdictYesVerified, true, true, true},
		{`{"Answer": "YES", "Quote": "I removed the private account number."}`, VerdictYesVerified, true, true, true},
		{traceAnswer("yes", "Let me know."), VerdictYesVerified, true, true, false},
		{traceAnswer("no", ""), VerdictNo, true, false, false},
		{traceAnswer("no", "none"), VerdictNo, true, false, false},
		{traceAnswer("no", "Let me know."), VerdictNo, true, false, false},
		{traceAnswer("no", "not in the reply"), VerdictNo, false, false, false},
		{traceAnswer("yes", ""), VerdictYesUnverified, false, false, false},
		{traceAnswer("yes", "I removed the private account number"), VerdictYesUnverified, false, false, false},
		{traceAnswer("yes", "removed"), VerdictYesUnverified, false, false, false},
		{traceAnswer("maybe", "x"), "", false, false, false},
		{``, "", false, false, false},
		{`Answer: Yes`, "", false, false, false},
		{`{"quote": "x"}`, "", false, false, false},
		{"```json\n{\"quote\": \"\", \"answer\": \"no\"}\n```", VerdictNo, true, false, false},
	}
	for _, tc := range tests {
		r := ParseTrace(tc.raw, reply, body)
		if r.Verdict != tc.verdict || r.Resolved != tc.resolved || r.Full != tc.full || r.Body != tc.inB {
			t.Errorf("%s: got %s resolved=%v full=%v body=%v (%s)", tc.raw, r.Verdict, r.Resolved, r.Full, r.Body, r.Problem)
		}
		if !r.Resolved && r.Label() != "unresolved" {
			t.Errorf("label %s", r.Label())
		}
	}
	// No body: a verified trace is never in the body.
	if r := ParseTrace(traceAnswer("yes", "Let me know."), reply, nil); !r.Full || r.Body {
		t.Errorf("nil body: %+v", r)
	}
}

func TestParseRevision(t *testing.T) {
	turn := "Thanks! Please remove the phone number and use Thursday instead of Monday."
	tests := []struct {
		raw      string
		resolved bool
		isRev    bool
		primary  string
		types    string
	}{
		{`{"is_revision_request":true,"primary_type":"replace","types":["replace","withdraw"],"evidence_quote":"Please remove the phone number","item":"phone number","reason":"r"}`,
			true, true, "withdraw", "withdraw,replace"},
		{`{"is_revision_request":"yes","primary_type":"reformat","types":["extend","reformat"],"evidence_quote":"use Thursday instead of Monday","item":"","reason":""}`,
			true, true, "extend", "extend,reformat"},
		{`{"is_revision_request":true,"primary_type":"banana","types":[],"evidence_quote":"Please remove the phone number","item":"","reason":""}`,
			true, true, "other", "other"},
		{`{"is_revision_request":true,"primary_type":"withdraw","types":["withdraw"],"evidence_quote":"delete the address","item":"","reason":""}`,
			false, true, "withdraw", "withdraw"},
		{`{"is_revision_request":false,"primary_type":"none","types":[],"evidence_quote":"","item":"","reason":"thanks"}`,
			true, false, "none", ""},
		{`{"primary_type":"withdraw"}`, false, false, "none", ""},
		{`nope`, false, false, "none", ""},
		{"```\n{\"is_revision_request\": \"true\", \"primary_type\": \"correct\", \"types\": \"correct\", \"evidence_quote\": \"Please  remove the phone\\nnumber\"}\n```",
			true, true, "correct", "correct"},
	}
	for _, tc := range tests {
		r := parseRevision(tc.raw, turn)
		if r.Resolved != tc.resolved || r.IsRevision != tc.isRev || r.PrimaryType != tc.primary || strings.Join(r.Types, ",") != tc.types {
			t.Errorf("%s:\n got resolved=%v rev=%v %s %v (%s)", tc.raw, r.Resolved, r.IsRevision, r.PrimaryType, r.Types, r.Problem)
		}
		if r.Resolved && r.IsRevision && (r.EvidenceSpan == nil || !strings.Contains(squeeze(turn[r.EvidenceSpan.Start:r.EvidenceSpan.End]), squeeze(r.EvidenceQuote))) {
			t.Errorf("evidence span %v", r.EvidenceSpan)
		}
	}
}

func TestParseAnswerTolerance(t *testing.T) {
	tests := []struct {
		raw  string
		want bool // found an object
	}{
		{`{"a":1}`, true},
		{"```json\n{\"a\":1}\n```", true},
		{"Here: {\"a\": \"}{\"} trailing", true},
		{"{not json} then {\"a\":1}", true},
		{"<think>{\"x\":1}</think>", false},
		{"{\"a\": ", false},
		{"", false},
	}
	for _, tc := range tests {
		_, err := parseAnswer(tc.raw)
		if (err == nil) != tc.want {
			t.Errorf("parseAnswer(%q) err=%v", tc.raw, err)
		}
	}
	a, _ := parseAnswer(`{"A": "Yes", "b": 1, "c": "no", "d": "maybe"}`)
	for k, want := range map[string][2]bool{"a": {true, true}, "b": {true, true}, "c": {false, true}, "d": {false, false}} {
		v, ok := a.boolean(k)
		if v != want[0] || ok != want[1] {
			t.Errorf("%s: %v %v", k, v, ok)
		}
	}
}

func TestKappaAndTally(t *testing.T) {
	var tl Tally
	tr := func(full, body, resolved bool) *TraceResult {
		return &TraceResult{Full: full, Body: body, Resolved: resolved, Verdict: map[bool]string{true: VerdictYesVerified, false: VerdictNo}[full]}
	}
	// 20 events: scanner/LLM both yes 4, scanner only 1, LLM only 2, neither 11, 2 unresolved.
	for i := 0; i < 4; i++ {
		tl.AddEvent(true, tr(true, i < 2, true), nil)
	}
	tl.AddEvent(true, tr(false, false, true), nil)
	tl.AddEvent(false, tr(true, false, true), nil)
	tl.AddEvent(false, tr(true, false, true), nil)
	for i := 0; i < 11; i++ {
		tl.AddEvent(false, tr(false, false, true), &RevisionResult{Resolved: true})
	}
	tl.AddEvent(true, &TraceResult{Verdict: VerdictYesUnverified}, &RevisionResult{})
	tl.AddEvent(false, &TraceResult{}, nil)
	s := tl.Summary(15, 5)
	if s.Unresolved != 2 || s.TraceFull != 6 || s.TraceBody != 2 || s.Resolved != 18 || s.Calls != 15 || s.Cached != 5 {
		t.Errorf("summary %+v", s)
	}
	// po = 15/18, ps = 5/18, pl = 6/18, pe = (30+156)/324; κ = (po-pe)/(1-pe).
	po, pe := 15.0/18, (5.0*6+13.0*12)/324
	want := (po - pe) / (1 - pe)
	if s.AgreementKappa == nil || *s.AgreementKappa-want > 1e-6 || want-*s.AgreementKappa > 1e-6 {
		t.Errorf("kappa %v, want %v", s.AgreementKappa, want)
	}
	// Merging two halves gives the same summary.
	var a, b Tally
	a.Merge(tl)
	b.Merge(Tally{})
	a.Merge(b)
	if a.Summary(15, 5).AgreementKappa == nil || *a.Summary(15, 5).AgreementKappa != *s.AgreementKappa {
		t.Error("merge")
	}
	if _, ok := (Agreement{Neither: 5}).Kappa(); ok {
		t.Error("constant raters: kappa should be undefined")
	}
	if k, ok := (Agreement{Both: 3, Neither: 2}).Kappa(); !ok || k != 1 {
		t.Errorf("perfect agreement kappa %v %v", k, ok)
	}
	e := EventFields(&RevisionResult{Resolved: true, PrimaryType: "withdraw"}, tr(true, false, true))
	if e.Revision != "withdraw" || e.Trace != VerdictYesVerified || e.TraceFull == nil || !*e.TraceFull || *e.TraceBody {
		t.Errorf("event fields %+v", e)
	}
	e = EventFields(nil, &TraceResult{Verdict: VerdictYesUnverified})
	if e.Trace != "unresolved" || e.TraceFull != nil || e.TraceBody != nil {
		t.Errorf("unresolved event fields %+v", e)
	}
}

func TestPromptsHashedAndVersioned(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range Prompts() {
		if len(p.Hash) != 64 || seen[p.Hash] || !strings.Contains(p.ID, ".v") || !strings.Contains(p.Text, "JSON") {
			t.Errorf("prompt %s: hash %q", p.ID, p.Hash)
		}
		seen[p.Hash] = true
		if sha256Hex(p.Text+"\x00"+string(p.Schema)) != p.Hash {
			t.Errorf("prompt %s: hash is not SHA-256 of text and schema", p.ID)
		}
	}
}
