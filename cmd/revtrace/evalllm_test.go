package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/revtrace/revtrace/corpora"
	"github.com/revtrace/revtrace/detectors/revision"
)

// evalGold is a small gold turn set for eval --llm: what each turn is, and
// what the fake model answers for it.
var evalGold = []struct {
	id, turn string
	gold     string // gold revision type, "" for none
	answer   string // the fake's answer content
}{
	{"w1", "please remove my phone number from the email", "withdraw",
		`{"is_revision_request":true,"primary_type":"withdraw","types":["withdraw"],"evidence_quote":"remove my phone number","item":"my phone number","reason":"r"}`},
	{"r1", "change the greeting to Hello Sam instead", "replace",
		`{"is_revision_request":true,"primary_type":"replace","types":["replace"],"evidence_quote":"change the greeting","item":"the greeting","reason":"r"}`},
	{"s1", "make it shorter please", "reformat", noRevision}, // a miss
	{"q1", "the date is wrong, it is Friday not Monday", "correct",
		// a "yes" whose evidence is not in the turn: unresolved
		`{"is_revision_request":true,"primary_type":"correct","types":["correct"],"evidence_quote":"fix the year","item":"","reason":"r"}`},
	{"m1", "rewrite the second paragraph so it sounds friendlier", "reformat", `{"is_revision_request": tru`}, // malformed: unresolved
	{"n1", "thanks, that is perfect", "", noRevision},
	{"n2", "can you also write a reply to the landlord's answer when it comes?", "", noRevision},
}

// evalFake answers each revision request by the gold turn it carries.
func evalFake(t *testing.T) (*httptest.Server, *atomic.Int64) {
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		b, _ := io.ReadAll(r.Body)
		content := noRevision
		for _, g := range evalGold {
			if bytes.Contains(b, []byte(g.turn)) {
				content = g.answer
			}
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(completion(content))
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

func writeEvalGold(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	for _, g := range evalGold {
		rec := map[string]any{
			"id": g.id,
			"history": []map[string]string{
				{"role": "user", "content": "write a short email to my landlord Sam about the broken heater"},
				{"role": "assistant", "content": "Hi Sam,\n\nThe heater in my flat has stopped working since Monday. Could you send someone to look at it this week? You can reach me at 555-0142.\n\nBest,\nAlex"},
			},
			"turn": g.turn, "is_revision": g.gold != "", "revision_type": nil, "language": "en",
		}
		if g.gold != "" {
			rec["revision_type"] = g.gold
		}
		line, _ := json.Marshal(rec)
		b.Write(line)
		b.WriteByte('\n')
	}
	p := filepath.Join(t.TempDir(), "turns.jsonl")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestEvalLLM scores the LLM revision check on gold turns against the fake
// server: only the turns the screen selects are sent, unresolved answers
// are listed and kept out of every figure, a cache makes a re-run call
// nothing, the dry run calls nothing, and the key never shows.
func TestEvalLLM(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", cliKey)
	t.Setenv("OPENAI_BASE_URL", "")
	srv, hits := evalFake(t)
	gold := writeEvalGold(t)
	cache := filepath.Join(t.TempDir(), "cache.jsonl")
	base := []string{"eval", "--turns", gold, "--llm", "--llm-model", "m", "--llm-base-url", srv.URL + "/v1", "--cache", cache}

	// The candidates, as the rules' screen selects them.
	rules := revision.New(nil)
	candidates := map[string]bool{}
	for _, g := range evalGold {
		hist := []corpora.Message{{Role: corpora.RoleUser, Content: "x"}, {Role: corpora.RoleAssistant, Content: "Hi Sam,\n\nThe heater."}}
		candidates[g.id] = rules.Check(hist, g.turn).Candidate
	}
	for _, id := range []string{"w1", "r1", "s1", "q1", "m1"} {
		if !candidates[id] {
			t.Fatalf("%s is not a screen candidate: the test needs it to be", id)
		}
	}
	nCand := 0
	for _, ok := range candidates {
		if ok {
			nCand++
		}
	}

	// Dry run: the plan, no call, nothing scored.
	_, stderr, code := runCLI(t, "", append(base, "--llm-dry-run")...)
	if code != 0 || !strings.Contains(stderr, "dry run") || !strings.Contains(stderr, "est. input tokens") || hits.Load() != 0 {
		t.Fatalf("dry run: exit %d, %d requests, stderr %s", code, hits.Load(), stderr)
	}

	stdout, stderr, code := runCLI(t, "", append(base, "--json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if got := hits.Load(); got != int64(nCand) {
		t.Errorf("%d requests, want one per candidate (%d)", got, nCand)
	}
	var out struct {
		Versions map[string]string `json:"versions"`
		LLM      struct {
			Model      string   `json:"model"`
			Candidates int      `json:"candidates"`
			Unresolved []string `json:"unresolved"`
		} `json:"llm"`
		Turns struct {
			Turns      int `json:"turns"`
			IsRevision struct {
				TP, FP, FN, TN int
			} `json:"is_revision"`
			MacroF1 float64 `json:"macro_f1"`
		} `json:"turns"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("%v: %s", err, stdout)
	}
	if out.LLM.Model != "m" || out.LLM.Candidates != nCand || strings.Join(out.LLM.Unresolved, ",") != "q1,m1" {
		t.Errorf("llm %+v, want model m, %d candidates, unresolved q1,m1", out.LLM, nCand)
	}
	if !strings.HasPrefix(out.Versions["llm_revision_prompt"], "revision.") {
		t.Errorf("versions %v: no revision prompt id", out.Versions)
	}
	// w1 and r1 found, s1 missed, n1 and n2 rejected; q1 and m1 left out.
	if ir := out.Turns.IsRevision; out.Turns.Turns != len(evalGold)-2 || ir.TP != 2 || ir.FN != 1 || ir.FP != 0 || ir.TN != 2 {
		t.Errorf("turns %d, is_revision %+v; want 5 turns, tp 2 fn 1 fp 0 tn 2", out.Turns.Turns, ir)
	}
	noKeyIn(t, "stdout", []byte(stdout))
	noKeyIn(t, "stderr", []byte(stderr))

	// Text output names the detector and the unresolved turns.
	text, _, code := runCLI(t, "", base...)
	if code != 0 || !strings.Contains(text, "LLM revision check, model m") || !strings.Contains(text, "2 unresolved, kept out of every figure (q1, m1)") {
		t.Errorf("text output (exit %d):\n%s", code, text)
	}
	// The second and third runs asked nothing: every answer, unusable ones
	// included, came from the cache.
	if hits.Load() != int64(nCand) {
		t.Errorf("%d requests after three runs, want %d (a re-run asks nothing again)", hits.Load(), nCand)
	}

	// Misuse.
	for _, args := range [][]string{
		{"eval", "--turns", gold, "--llm"},            // no model
		{"eval", "--llm", "--llm-model", "m"},         // no --turns
		{"eval", "--turns", gold, "--llm-model", "m"}, // no --llm
	} {
		if _, stderr, code := runCLI(t, "", args...); code != 1 {
			t.Errorf("%v: exit %d, want 1: %s", args, code, stderr)
		}
	}
}

// llmGoldReplies is a small gold reply set for eval --replies --llm, with the
// fake model's trace answer for each.
var llmGoldReplies = []struct {
	id, key, reply, trace, answer string // key: a phrase of this reply only; trace: the gold trace sentence, "" for none
}{
	{"t1", "this week", "I removed your phone number as requested.\n\nHi Sam,\n\nThe heater has stopped working. Could you send someone this week?\n\nBest,\nAlex",
		"I removed your phone number as requested.", `{"quote":"I removed your phone number as requested.","answer":"yes"}`},
	{"t2", "since Monday", "Hi Sam,\n\nThe heater has stopped working since Monday. Please send someone.\n\nBest,\nAlex", "", noTrace},
	{"t3", "fix it", "Here is the shorter version:\n\nHi Sam, the heater is broken. Can you fix it?\n\nAlex", "",
		`{"quote":"I deleted the phone number","answer":"yes"}`}, // a quote not in the reply: unresolved
	{"t4", "broken again", "Sure, I left out the part about the rent.\n\nHi Sam,\n\nThe heater is broken again.\n\nThanks,\nAlex",
		"Sure, I left out the part about the rent.", noTrace}, // the LLM misses it
}

// TestEvalLLMReplies scores the LLM trace check on gold replies beside the
// scanner: unresolved answers are listed and left out, and the table has
// both detectors and their kappa.
func TestEvalLLMReplies(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", cliKey)
	t.Setenv("OPENAI_BASE_URL", "")
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		b, _ := io.ReadAll(r.Body)
		var req struct {
			Messages []struct{ Content string } `json:"messages"`
		}
		json.Unmarshal(b, &req)
		content := noTrace
		for _, g := range llmGoldReplies {
			for _, m := range req.Messages {
				if strings.Contains(m.Content, g.key) {
					content = g.answer
				}
			}
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(completion(content))
	}))
	t.Cleanup(srv.Close)
	var b strings.Builder
	for _, g := range llmGoldReplies {
		rec := map[string]any{"id": g.id, "request": "please shorten it", "history": []map[string]string{
			{"role": "user", "content": "write to my landlord Sam about the heater"}, {"role": "assistant", "content": "Hi Sam, ..."}},
			"reply": g.reply, "trace": g.trace != "", "traces": []any{}, "language": "en"}
		if g.trace != "" {
			rec["traces"] = []map[string]string{{"sentence": g.trace, "position": "preface"}}
		}
		line, _ := json.Marshal(rec)
		b.Write(line)
		b.WriteByte('\n')
	}
	gold := filepath.Join(t.TempDir(), "replies.jsonl")
	os.WriteFile(gold, []byte(b.String()), 0o644)
	base := []string{"eval", "--replies", gold, "--llm", "--llm-model", "m", "--llm-base-url", srv.URL + "/v1"}

	_, stderr, code := runCLI(t, "", append(base, "--llm-dry-run")...)
	if code != 0 || !strings.Contains(stderr, "dry run") || !strings.Contains(stderr, "trace") || hits.Load() != 0 {
		t.Fatalf("dry run: exit %d, %d requests: %s", code, hits.Load(), stderr)
	}
	stdout, stderr, code := runCLI(t, "", append(base, "--json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if hits.Load() != int64(len(llmGoldReplies)) {
		t.Errorf("%d requests, want one per reply", hits.Load())
	}
	var out struct {
		LLMReplies struct {
			Replies    int                          `json:"replies"`
			Unresolved []string                     `json:"unresolved"`
			TraceFull  struct{ TP, FP, FN, TN int } `json:"trace_full"`
			Scanner    struct{ TP, FP, FN, TN int } `json:"scanner_trace_full"`
			Agreement  struct{ TP, FP, FN, TN int } `json:"agreement"`
		} `json:"llm_replies"`
		Replies struct {
			Replies int `json:"replies"`
		} `json:"replies"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("%v: %s", err, stdout)
	}
	l := out.LLMReplies
	if l.Replies != 4 || strings.Join(l.Unresolved, ",") != "t3" || out.Replies.Replies != 4 {
		t.Errorf("llm_replies %+v (scanner report over %d replies); want 4 sent, t3 unresolved", l, out.Replies.Replies)
	}
	// t1 found, t4 missed, t2 rejected; t3 left out.
	if f := l.TraceFull; f.TP != 1 || f.FN != 1 || f.TN != 1 || f.FP != 0 {
		t.Errorf("LLM trace_full %+v, want tp 1 fn 1 tn 1", f)
	}
	if n := l.Scanner.TP + l.Scanner.FP + l.Scanner.FN + l.Scanner.TN; n != 3 {
		t.Errorf("scanner scored on %d replies, want the 3 resolved ones", n)
	}
	if n := l.Agreement.TP + l.Agreement.FP + l.Agreement.FN + l.Agreement.TN; n != 3 {
		t.Errorf("agreement over %d replies, want 3", n)
	}
	text, _, code := runCLI(t, "", base...)
	if code != 0 || !strings.Contains(text, "== LLM trace check") || !strings.Contains(text, "trace_full: scanner") || !strings.Contains(text, "Cohen's kappa") {
		t.Errorf("text output (exit %d):\n%s", code, text)
	}
	noKeyIn(t, "stdout", []byte(stdout))
	noKeyIn(t, "stderr", []byte(stderr))
}
