package miner_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"hash/fnv"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/revtrace/revtrace/detectors/llm"
	"github.com/revtrace/revtrace/miner"
)

const testKey = "sk-test-SECRETSECRET-0123456789abcdef"

// fakeLLM is an in-process OpenAI-compatible server whose answers depend on
// the request's data only (so every run gets the same answers): revision
// checks answer yes (typed), no, or something malformed; trace checks yes
// with a quote (which may or may not verify), no, or no with a quote that is
// not in the reply.
type fakeLLM struct {
	srv  *httptest.Server
	hits atomic.Int64
	// stopAt > 0: the stopAt-th request calls onStop and is never answered.
	stopAt atomic.Int64
	onStop func()

	mu       sync.Mutex
	answered map[string]int
	badAuth  bool
}

func newFakeLLM(t testing.TB) *fakeLLM {
	f := &fakeLLM{answered: map[string]int{}}
	f.srv = httptest.NewServer(http.HandlerFunc(f.handle))
	t.Cleanup(f.srv.Close)
	return f
}

func between(s, a, b string) string {
	_, rest, ok := strings.Cut(s, a)
	if !ok {
		return ""
	}
	if i := strings.LastIndex(rest, b); i >= 0 {
		return rest[:i]
	}
	return rest
}

func hash(s string) uint64 {
	h := fnv.New64a()
	io.WriteString(h, s)
	return h.Sum64()
}

func (f *fakeLLM) handle(w http.ResponseWriter, r *http.Request) {
	n := f.hits.Add(1)
	if stop := f.stopAt.Load(); stop > 0 && n >= stop {
		if n == stop {
			f.onStop()
		}
		// Read the body first: only then does the server notice the
		// client going away.
		io.Copy(io.Discard, r.Body)
		<-r.Context().Done()
		return
	}
	if r.Header.Get("Authorization") != "Bearer "+testKey {
		http.Error(w, `{"error":{"message":"wrong key"}}`, http.StatusUnauthorized)
		return
	}
	var body struct {
		Messages []struct{ Role, Content string }
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		http.Error(w, "bad json", 400)
		return
	}
	user := ""
	for _, m := range body.Messages {
		if m.Role == "user" {
			user = m.Content
		}
	}
	content := answerFor(user)
	f.mu.Lock()
	f.answered[user]++
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	out, _ := json.Marshal(map[string]any{
		"id": "chatcmpl-fake", "object": "chat.completion", "created": 1, "model": "fake-model",
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
			"message": map[string]any{"role": "assistant", "content": content}}},
		"usage": map[string]any{"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110},
	})
	w.Write(out)
}

// answerFor is the fake model: a function of the data message.
func answerFor(user string) string {
	j := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	if strings.HasPrefix(user, "CONVERSATION SO FAR") {
		turn := between(user, "<candidate>\n", "\n</candidate>")
		h := hash(turn)
		switch {
		case h%10 == 0:
			return "I think so, maybe"
		case h%10 <= 3:
			return j(map[string]any{"is_revision_request": false, "primary_type": "none", "types": []string{}, "evidence_quote": "", "item": "", "reason": "a question"})
		}
		words := strings.Fields(turn)
		q := ""
		if len(words) > 0 {
			q = words[0]
		}
		typ := llm.RevisionTypes[h/10%uint64(len(llm.RevisionTypes))]
		return j(map[string]any{"is_revision_request": true, "primary_type": typ, "types": []string{typ}, "evidence_quote": q, "item": "", "reason": "asks for a change"})
	}
	reply := between(user, "<reply>\n", "\n</reply>")
	switch hash(reply) % 3 {
	case 0:
		q := ""
		for _, l := range strings.Split(reply, "\n") {
			if l = strings.TrimSpace(l); l != "" {
				q = l
				break
			}
		}
		return j(map[string]string{"quote": q, "answer": "yes"})
	case 1:
		return j(map[string]string{"quote": "", "answer": "no"})
	}
	return j(map[string]string{"quote": "a sentence that is not in the reply", "answer": "no"})
}

func (f *fakeLLM) client(t testing.TB, cache string, mod func(*llm.Config)) *llm.Client {
	t.Helper()
	cfg := llm.Config{BaseURL: f.srv.URL + "/v1", Model: "fake-model", APIKey: testKey, Concurrency: 8,
		CachePath: cache, MaxAttempts: 2, BaseBackoff: time.Millisecond}
	if mod != nil {
		mod(&cfg)
	}
	c, err := llm.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

type llmSummary struct {
	Corpora map[string]struct {
		Candidates     int              `json:"candidates"`
		RevisionEvents int              `json:"revision_events"`
		LLM            *miner.LLMCounts `json:"llm"`
	} `json:"corpora"`
	Total struct {
		Candidates     int              `json:"candidates"`
		RevisionEvents int              `json:"revision_events"`
		LLM            *miner.LLMCounts `json:"llm"`
	} `json:"total"`
	RejectedSample *miner.SampleSummary `json:"rejected_sample"`
}

func readLLMSummary(t *testing.T, dir string) llmSummary {
	t.Helper()
	var s llmSummary
	if err := json.Unmarshal(read(t, filepath.Join(dir, "summary.json")), &s); err != nil {
		t.Fatal(err)
	}
	return s
}

func readEvents(t *testing.T, dir string) []miner.Event {
	t.Helper()
	var evs []miner.Event
	for _, l := range bytes.Split(bytes.TrimSpace(read(t, filepath.Join(dir, "events.jsonl"))), []byte("\n")) {
		if len(l) == 0 {
			continue
		}
		var ev miner.Event
		if err := json.Unmarshal(l, &ev); err != nil {
			t.Fatal(err)
		}
		evs = append(evs, ev)
	}
	return evs
}

// noKey fails when the API key occurs in any file under dir.
func noKey(t *testing.T, dir string) {
	t.Helper()
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			if b, _ := os.ReadFile(p); bytes.Contains(b, []byte(testKey)) || bytes.Contains(b, []byte("SECRETSECRET")) {
				t.Errorf("%s holds the API key", p)
			}
		}
		return nil
	})
}

// llmCorpus: one of the fixture corpora (candidates of every kind, few
// enough calls for the race detector).
var llmCorpus = []string{filepath.Join(fixtures, "messages")}

// TestLLMRun: with the LLM checks, events carry classifier and llm fields
// that agree with the summary's llm counts and κ; a second run over the same
// cache makes no call and writes the same events, for any worker count; a
// dry run makes no call.
func TestLLMRun(t *testing.T) {
	f := newFakeLLM(t)
	cache := filepath.Join(t.TempDir(), "llm-cache.jsonl")
	out1 := t.TempDir()
	mustRun(t, out1, llmCorpus, miner.Options{LLM: f.client(t, cache, nil), Workers: 2})
	hits := f.hits.Load()
	s := readLLMSummary(t, out1)
	L := s.Total.LLM
	if L == nil {
		t.Fatal("summary without llm")
	}
	if L.Calls != hits || L.Calls == 0 {
		t.Errorf("llm.calls %d, the server got %d requests", L.Calls, hits)
	}
	if L.Calls+L.Cached != int64(s.Total.Candidates+s.Total.RevisionEvents) {
		t.Errorf("calls %d + cached %d != candidates %d + events %d", L.Calls, L.Cached, s.Total.Candidates, s.Total.RevisionEvents)
	}
	if L.RevisionChecks != int64(s.Total.Candidates) || L.RevisionUnresolved == 0 || L.LLMRejected == 0 || L.LLMEvents == 0 {
		t.Errorf("revision counts: %+v (candidates %d)", L, s.Total.Candidates)
	}
	var calls int64
	for name, c := range s.Corpora {
		if c.LLM == nil {
			t.Errorf("corpus %s without llm", name)
			continue
		}
		calls += c.LLM.Calls
	}
	if calls != L.Calls {
		t.Errorf("corpora calls sum to %d, total %d", calls, L.Calls)
	}
	evs := readEvents(t, out1)
	var agree llm.Agreement
	var llmEvents, traceUnresolved, full, body int64
	for _, ev := range evs {
		if ev.LLM == nil {
			t.Fatalf("event without llm: %+v", ev)
		}
		switch {
		case ev.Classifier == "llm":
			llmEvents++
			if ev.LLM.Revision != ev.RevisionType {
				t.Errorf("classifier llm but llm.revision %q, revision_type %q", ev.LLM.Revision, ev.RevisionType)
			}
		case ev.Classifier == "rules" && ev.LLM.Revision != "unresolved":
			t.Errorf("classifier rules with llm.revision %q", ev.LLM.Revision)
		}
		if ev.LLM.TraceFull == nil {
			traceUnresolved++
			if ev.LLM.Trace != "unresolved" {
				t.Errorf("llm.trace %q with null trace_full", ev.LLM.Trace)
			}
			continue
		}
		agree.Add(ev.TraceFull, *ev.LLM.TraceFull)
		if *ev.LLM.TraceFull {
			full++
		}
		if *ev.LLM.TraceBody {
			body++
		}
	}
	if llmEvents != L.LLMEvents || traceUnresolved != L.TraceUnresolved || full != L.TraceFull || body != L.TraceBody {
		t.Errorf("events: %d llm, %d trace unresolved, %d full, %d body; summary %+v", llmEvents, traceUnresolved, full, body, L)
	}
	if full == 0 {
		t.Errorf("no verified LLM trace: the fake should give some")
	}
	k, ok := agree.Kappa()
	if !ok || L.AgreementKappa == nil || math.Abs(*L.AgreementKappa-math.Round(k*1e6)/1e6) > 1e-9 {
		t.Errorf("agreement_kappa %v, from the events %v (%v)", L.AgreementKappa, k, ok)
	}

	// The same cache: no call; the same events with 1 or 4 workers.
	out2, out3 := t.TempDir(), t.TempDir()
	mustRun(t, out2, llmCorpus, miner.Options{LLM: f.client(t, cache, nil), Workers: 4})
	mustRun(t, out3, llmCorpus, miner.Options{LLM: f.client(t, cache, func(c *llm.Config) { c.Concurrency = 2 }), Workers: 1})
	if n := f.hits.Load() - hits; n != 0 {
		t.Errorf("warm cache: %d requests", n)
	}
	if !bytes.Equal(read(t, filepath.Join(out1, "events.jsonl")), read(t, filepath.Join(out2, "events.jsonl"))) {
		t.Errorf("events.jsonl differs on a warm cache")
	}
	sameOutputs(t, "warm cache, workers 4 vs 1", out2, out3)
	s2 := readLLMSummary(t, out2)
	if s2.Total.LLM.Calls != 0 || s2.Total.LLM.Cached != L.Calls+L.Cached {
		t.Errorf("warm run: calls %d cached %d, want 0 and %d", s2.Total.LLM.Calls, s2.Total.LLM.Cached, L.Calls+L.Cached)
	}

	// Dry run, cold cache: no call, a plan for every candidate.
	dry := f.client(t, "", func(c *llm.Config) { c.DryRun = true })
	mustRun(t, t.TempDir(), llmCorpus, miner.Options{LLM: dry})
	if n := f.hits.Load() - hits; n != 0 {
		t.Errorf("dry run: %d requests", n)
	}
	st := dry.Stats()
	if rv := st.ByCheck[llm.CheckRevision]; rv.Planned == 0 || rv.Planned > int64(s.Total.Candidates) || rv.EstInputTokens == 0 {
		t.Errorf("dry run plan: %+v (candidates %d)", rv, s.Total.Candidates)
	}
	if tr := st.ByCheck[llm.CheckTrace]; tr.Planned < int64(s.Total.RevisionEvents)/2 {
		t.Errorf("dry run trace plan: %+v", tr)
	}
	for _, d := range []string{out1, out2, out3, filepath.Dir(cache)} {
		noKey(t, d)
	}
	// Without --llm, no llm key anywhere.
	plain := t.TempDir()
	mustRun(t, plain, llmCorpus, miner.Options{})
	if b := read(t, filepath.Join(plain, "summary.json")); bytes.Contains(b, []byte(`"llm"`)) {
		t.Errorf("summary without --llm has an llm key")
	}
	if b := read(t, filepath.Join(plain, "events.jsonl")); bytes.Contains(b, []byte(`"llm"`)) {
		t.Errorf("events without --llm have an llm key")
	}
}

// TestLLMResume: a run cancelled in the middle of its LLM calls resumes from
// its checkpoint and the cache: no request is answered twice, and the events
// are those of an uninterrupted run.
func TestLLMResume(t *testing.T) {
	ref := newFakeLLM(t)
	refOut := t.TempDir()
	mustRun(t, refOut, llmCorpus, miner.Options{LLM: ref.client(t, filepath.Join(t.TempDir(), "c.jsonl"), nil)})
	total := ref.hits.Load()

	f := newFakeLLM(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f.onStop = cancel
	f.stopAt.Store(total / 2)
	cache := filepath.Join(t.TempDir(), "llm-cache.jsonl")
	out := t.TempDir()
	one := func(c *llm.Config) { c.Concurrency = 1 } // the calls answered are exactly the ones before stopAt
	_, err := run(t, ctx, out, llmCorpus, miner.Options{LLM: f.client(t, cache, one), CheckpointEvery: time.Nanosecond})
	if !errors.Is(err, miner.ErrInterrupted) {
		t.Fatalf("cancelled run: %v", err)
	}
	first := f.hits.Load()
	f.stopAt.Store(0)
	res := mustRun(t, out, llmCorpus, miner.Options{LLM: f.client(t, cache, nil), Resume: true})
	if !res.Resumed {
		t.Errorf("not resumed")
	}
	f.mu.Lock()
	for in, n := range f.answered {
		if n > 1 {
			t.Errorf("answered %d times: %.80q", n, in)
		}
	}
	answered := len(f.answered)
	f.mu.Unlock()
	if int64(answered) != total {
		t.Errorf("%d distinct requests answered over both runs, %d in one run", answered, total)
	}
	if !bytes.Equal(read(t, filepath.Join(refOut, "events.jsonl")), read(t, filepath.Join(out, "events.jsonl"))) {
		t.Errorf("resumed events.jsonl differs from an uninterrupted run")
	}
	a, b := readLLMSummary(t, refOut).Total.LLM, readLLMSummary(t, out).Total.LLM
	if a.Calls+a.Cached != b.Calls+b.Cached || b.Calls > f.hits.Load()-first+first {
		t.Errorf("resumed llm counts %+v, uninterrupted %+v", b, a)
	}
	// Another model: --resume refuses.
	other := f.client(t, cache, func(c *llm.Config) { c.Model = "other-model" })
	if _, err := run(t, context.Background(), out, llmCorpus, miner.Options{LLM: other, Resume: true}); !errors.Is(err, miner.ErrCheckpointMismatch) {
		t.Errorf("resume with another model: %v", err)
	}
	noKey(t, out)
}

// TestLLMShardsAndSample: with the LLM and --sample-rejected, shards merge
// into the single run's summary, events and sample (warm cache: calls are
// 0 everywhere); the sample's LLM labels give the miss-rate estimate.
func TestLLMShardsAndSample(t *testing.T) {
	f := newFakeLLM(t)
	cache := filepath.Join(t.TempDir(), "llm-cache.jsonl")
	opt := func() miner.Options {
		// Small units, so that every shard gets some.
		return miner.Options{LLM: f.client(t, cache, nil), SampleRejected: 10, SampleSeed: 7, UnitBytes: 16 << 10}
	}
	mustRun(t, t.TempDir(), llmCorpus, opt()) // warms the cache
	single := t.TempDir()
	mustRun(t, single, llmCorpus, opt())
	s := readLLMSummary(t, single)
	rs := s.RejectedSample
	if rs == nil || rs.Size != 10 || rs.Population < 20 || rs.LLM == nil || rs.LLM.Calls != 0 ||
		rs.LLM.Revisions+rs.LLM.NotRevisions+rs.LLM.Unresolved != 10 || rs.LLM.MissRate == nil {
		t.Fatalf("rejected_sample: %+v %+v", rs, rs.LLM)
	}
	lines := bytes.Count(read(t, filepath.Join(single, miner.RejectedSampleFile)), []byte("\n"))
	if lines != 10 {
		t.Errorf("%s: %d lines", miner.RejectedSampleFile, lines)
	}
	merged, _ := mergeShards(t, 3, llmCorpus, opt())
	// Each shard checks its own sample, a superset of its share of the
	// merged one: the sample's calls and cached differ, nothing else.
	norm := func(dir string) string {
		var m map[string]any
		json.Unmarshal(read(t, filepath.Join(dir, "summary.json")), &m)
		l := m["rejected_sample"].(map[string]any)["llm"].(map[string]any)
		delete(l, "calls")
		delete(l, "cached")
		b, _ := json.Marshal(m)
		return string(b)
	}
	if a, b := norm(single), norm(merged); a != b {
		t.Errorf("merged summary differs from the single run's:\n%s\n%s", a, b)
	}
	for _, name := range []string{"events.jsonl", "cases.jsonl", "errors.jsonl", miner.RejectedSampleFile} {
		if !bytes.Equal(read(t, filepath.Join(single, name)), read(t, filepath.Join(merged, name))) {
			t.Errorf("merged %s differs from the single run's", name)
		}
	}

	// Offline: the sample is written for labelling, without LLM labels.
	off := t.TempDir()
	mustRun(t, off, llmCorpus, miner.Options{SampleRejected: 10, SampleSeed: 7, UnitBytes: 16 << 10})
	b := read(t, filepath.Join(off, miner.RejectedSampleFile))
	if bytes.Contains(b, []byte("llm_revision")) || !bytes.Contains(b, []byte(`"is_revision":null`)) {
		t.Errorf("offline sample: %.300s", b)
	}
	if got := readLLMSummary(t, off).RejectedSample; got == nil || got.LLM != nil || got.Population != rs.Population {
		t.Errorf("offline rejected_sample %+v, with llm %+v", got, rs)
	}
}
