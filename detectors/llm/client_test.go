package llm

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

const reply1 = "Here is the updated email:\n\nDear Ann,\n\nThe meeting is on Monday.\n\nBest,\nBo\n\nI removed the phone number as requested."

// TestTransport: retries, Retry-After, budgets, fallbacks, parsing, against
// the fake server. Every request must carry temperature 0.
func TestTransport(t *testing.T) {
	yes := traceAnswer("yes", "I removed the phone number as requested.")
	tests := []struct {
		name        string
		script      func(n int, r fakeReq) fakeResp
		mod         func(*Config)
		wantCalls   int             // server requests
		wantWaits   []time.Duration // nil: don't check
		wantErr     error           // errors.Is target; nil: no error
		wantVerdict string
		resolved    bool
		check       func(t *testing.T, c *Client, f *fakeServer)
	}{
		{
			name: "429 with Retry-After seconds, then success",
			script: func(n int, r fakeReq) fakeResp {
				if n == 1 {
					return fakeResp{Status: 429, Header: map[string]string{"Retry-After": "3"}, Body: `{"error":{"message":"slow down","type":"rate_limit"}}`}
				}
				return ok(yes)
			},
			wantCalls: 2, wantWaits: []time.Duration{3 * time.Second},
			wantVerdict: VerdictYesVerified, resolved: true,
		},
		{
			name: "429 with Retry-After HTTP date",
			script: func(n int, r fakeReq) fakeResp {
				if n == 1 {
					at := time.Now().Truncate(time.Second).Add(7 * time.Second).UTC().Format(http.TimeFormat)
					return fakeResp{Status: 429, Header: map[string]string{"Retry-After": at}, Body: `{}`}
				}
				return ok(yes)
			},
			wantCalls:   2,
			wantVerdict: VerdictYesVerified, resolved: true,
			check: func(t *testing.T, c *Client, f *fakeServer) {}, // waits checked below
		},
		{
			name: "503 twice, exponential backoff, then success",
			script: func(n int, r fakeReq) fakeResp {
				if n <= 2 {
					return status(503, "busy")
				}
				return ok(yes)
			},
			wantCalls: 3, wantWaits: []time.Duration{100 * time.Millisecond, 200 * time.Millisecond},
			wantVerdict: VerdictYesVerified, resolved: true,
		},
		{
			name:      "500s up to the attempt budget, then failure",
			script:    func(n int, r fakeReq) fakeResp { return status(500, `{"error":{"message":"boom"}}`) },
			mod:       func(c *Config) { c.MaxAttempts = 3 },
			wantCalls: 3, wantWaits: []time.Duration{100 * time.Millisecond, 200 * time.Millisecond},
			wantErr: ErrRetriesExhausted,
		},
		{
			name: "Retry-After beyond the call budget fails early",
			script: func(n int, r fakeReq) fakeResp {
				return fakeResp{Status: 429, Header: map[string]string{"Retry-After": "3600"}, Body: `{}`}
			},
			mod:       func(c *Config) { c.CallTimeout = 5 * time.Second; c.MaxBackoff = 2 * time.Hour },
			wantCalls: 1, wantWaits: []time.Duration{},
			wantErr: ErrRetriesExhausted,
		},
		{
			name: "network error (connection dropped), then success",
			script: func(n int, r fakeReq) fakeResp {
				if n == 1 {
					return fakeResp{Hangup: true}
				}
				return ok(yes)
			},
			wantCalls: 2, wantWaits: []time.Duration{100 * time.Millisecond},
			wantVerdict: VerdictYesVerified, resolved: true,
		},
		{
			name: "attempt timeout counts as a network error",
			script: func(n int, r fakeReq) fakeResp {
				if n == 1 {
					return fakeResp{Delay: 2 * time.Second, Content: yes}
				}
				return ok(yes)
			},
			mod:       func(c *Config) { c.AttemptTimeout = 100 * time.Millisecond },
			wantCalls: 2, wantVerdict: VerdictYesVerified, resolved: true,
		},
		{
			name:      "malformed JSON answer is unresolved",
			script:    func(n int, r fakeReq) fakeResp { return ok(`{"quote": "I removed the phone number", "answer": `) },
			wantCalls: 1, wantVerdict: "",
		},
		{
			name:      "prose answer without JSON is unresolved",
			script:    func(n int, r fakeReq) fakeResp { return ok("Yes, there is a trace.") },
			wantCalls: 1, wantVerdict: "",
		},
		{
			name: "fenced JSON with a preamble and a think block is parsed",
			script: func(n int, r fakeReq) fakeResp {
				return ok("<think>{\"answer\": \"no\"}</think>Sure:\n```json\n" + yes + "\n```\n")
			},
			wantCalls: 1, wantVerdict: VerdictYesVerified, resolved: true,
		},
		{
			name: "json_schema rejected with 400, json_object accepted and remembered",
			script: func(n int, r fakeReq) fakeResp {
				if r.Format == "json_schema" {
					return status(400, `{"error":{"message":"response_format json_schema is not supported","type":"invalid_request_error"}}`)
				}
				return ok(yes)
			},
			wantCalls: 2, wantVerdict: VerdictYesVerified, resolved: true,
			check: func(t *testing.T, c *Client, f *fakeServer) {
				if c.ResponseFormat() != "json_object" {
					t.Errorf("format = %s, want json_object", c.ResponseFormat())
				}
				// A second, different call goes straight to json_object.
				if _, err := c.Trace(context.Background(), TraceInput{Reply: reply1 + " "}); err != nil {
					t.Fatal(err)
				}
				if f.calls() != 3 {
					t.Errorf("calls = %d, want 3 (no second json_schema attempt)", f.calls())
				}
			},
		},
		{
			name: "json_schema and json_object rejected, plain text accepted",
			script: func(n int, r fakeReq) fakeResp {
				if r.Format != "" {
					return status(422, `{"detail":"unknown field response_format"}`)
				}
				return ok("Answer:\n" + strings.ReplaceAll(yes, `"yes"`, `"Yes"`))
			},
			wantCalls: 3, wantVerdict: VerdictYesVerified, resolved: true,
			check: func(t *testing.T, c *Client, f *fakeServer) {
				if c.ResponseFormat() != "text" {
					t.Errorf("format = %s, want text", c.ResponseFormat())
				}
			},
		},
		{
			name:      "a 400 in every format is an error and changes nothing",
			script:    func(n int, r fakeReq) fakeResp { return status(400, `{"error":{"message":"context too long"}}`) },
			wantCalls: 3, wantErr: nil, // checked in check
			check: func(t *testing.T, c *Client, f *fakeServer) {
				if c.ResponseFormat() != "json_schema" {
					t.Errorf("format = %s, want json_schema kept", c.ResponseFormat())
				}
			},
		},
		{
			name:        "yes with a quote that is not in the reply is unresolved",
			script:      func(n int, r fakeReq) fakeResp { return ok(traceAnswer("yes", "I removed your salary.")) },
			wantCalls:   1,
			wantVerdict: VerdictYesUnverified,
		},
		{
			name:        "finish_reason length is incomplete and unresolved",
			script:      func(n int, r fakeReq) fakeResp { return fakeResp{Content: `{"quote": "I rem`, Finish: "length"} },
			wantCalls:   1,
			wantVerdict: "",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(t, tc.script)
			c, clk := newTestClient(t, f, tc.mod)
			b := strings.Index(reply1, "Dear Ann")
			e := strings.Index(reply1, "Bo\n") + 2
			res, err := c.Trace(context.Background(), TraceInput{Reply: reply1, Body: &Span{b, e}})
			if tc.name == "a 400 in every format is an error and changes nothing" {
				var ce *CallError
				if !errors.As(err, &ce) || ce.Status != 400 {
					t.Fatalf("err = %v, want a 400 CallError", err)
				}
			} else if tc.wantErr != nil {
				if !errors.Is(err, tc.wantErr) {
					t.Fatalf("err = %v, want %v", err, tc.wantErr)
				}
			} else if err != nil {
				t.Fatalf("err = %v", err)
			}
			if f.calls() != tc.wantCalls {
				t.Errorf("server calls = %d, want %d", f.calls(), tc.wantCalls)
			}
			if tc.wantWaits != nil {
				got := clk.waits()
				if len(got) != len(tc.wantWaits) {
					t.Fatalf("waits = %v, want %v", got, tc.wantWaits)
				}
				for i := range got {
					if got[i] != tc.wantWaits[i] {
						t.Errorf("wait %d = %v, want %v", i, got[i], tc.wantWaits[i])
					}
				}
			}
			if strings.Contains(tc.name, "HTTP date") {
				w := clk.waits()
				// The date is 7 s after the server's second, the client's
				// clock stands at the second it was made in: a second
				// boundary passed in between makes it 8 s.
				if len(w) != 1 || w[0] < 5*time.Second || w[0] > 8*time.Second {
					t.Errorf("waits = %v, want about 7s", w)
				}
			}
			if res.Verdict != tc.wantVerdict || res.Resolved != tc.resolved {
				t.Errorf("verdict = %q resolved=%v (%s), want %q resolved=%v", res.Verdict, res.Resolved, res.Problem, tc.wantVerdict, tc.resolved)
			}
			if res.Body { // the quote is in the afterword
				t.Errorf("trace_body true for an afterword quote")
			}
			if !res.Resolved {
				if got := c.Stats().Unresolved; got != 1 {
					t.Errorf("stats unresolved = %d, want 1", got)
				}
			}
			if tc.check != nil {
				tc.check(t, c, f)
			}
			f.checkTemperatures()
		})
	}
}

func TestTemperatureSentInEveryRequest(t *testing.T) {
	f := newFake(t, func(n int, r fakeReq) fakeResp {
		if n == 1 {
			return status(502, "bad gateway")
		}
		return ok(`{"deliverable_type":"message"}`)
	})
	c, _ := newTestClient(t, f, nil)
	res, err := c.Deliverable(context.Background(), DeliverableInput{Request: "write an email", Reply: "Dear Ann, hi."})
	if err != nil || !res.Resolved || res.Type != "message" {
		t.Fatalf("res=%+v err=%v", res, err)
	}
	f.checkTemperatures()
	if f.calls() != 2 {
		t.Fatalf("calls = %d", f.calls())
	}
	// A non-zero temperature is sent as configured.
	c2, _ := newTestClient(t, f, func(c *Config) { c.Temperature = 0.5 })
	if _, err := c2.Deliverable(context.Background(), DeliverableInput{Request: "x", Reply: "y"}); err != nil {
		t.Fatal(err)
	}
	f.mu.Lock()
	got := string(f.bodies[len(f.bodies)-1]["temperature"])
	f.mu.Unlock()
	if got != "0.5" {
		t.Errorf("temperature = %s, want 0.5", got)
	}
}

// TestAPIKeyNeverInErrors: a server that echoes the Authorization header in
// its error body; the key must not appear in errors, call records or logs.
func TestAPIKeyNeverInErrors(t *testing.T) {
	for _, code := range []int{401, 500} {
		f := newFake(t, func(n int, r fakeReq) fakeResp {
			return status(code, `{"error":{"message":"Incorrect API key provided: `+r.Header.Get("Authorization")+` (key `+testKey+`)","type":"invalid_request_error"}}`)
		})
		var logs bytes.Buffer
		var mu sync.Mutex
		c, _ := newTestClient(t, f, func(cfg *Config) {
			cfg.MaxAttempts = 2
			cfg.OnCall = func(ci CallInfo) {
				mu.Lock()
				defer mu.Unlock()
				logs.WriteString(ci.Error + "|" + ci.Status + "\n")
			}
		})
		res, err := c.Trace(context.Background(), TraceInput{Reply: reply1})
		if err == nil {
			t.Fatal("want an error")
		}
		if f.headers[0].Get("Authorization") != "Bearer "+testKey {
			t.Fatalf("key not sent: %q", f.headers[0].Get("Authorization"))
		}
		for what, s := range map[string]string{"error": err.Error(), "call": res.Call.Error, "log": logs.String()} {
			if strings.Contains(s, "SECRETSECRET") {
				t.Errorf("%d: API key in %s: %s", code, what, s)
			}
		}
		if !strings.Contains(err.Error(), "REDACTED") {
			t.Errorf("redaction marker missing: %s", err)
		}
	}
}

func TestCacheSecondRunMakesNoCalls(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "llm-cache.jsonl")
	f := newFake(t, func(n int, r fakeReq) fakeResp {
		switch {
		case strings.Contains(r.User, "<candidate>"):
			return ok(`{"is_revision_request":true,"primary_type":"withdraw","types":["withdraw"],"evidence_quote":"remove the phone number","item":"phone number","reason":"asks to drop it"}`)
		case strings.Contains(r.User, "<request>"):
			return ok(`{"deliverable_type":"message"}`)
		}
		return ok(traceAnswer("yes", "I removed the phone number as requested."))
	})
	run := func() (Stats, []string) {
		c, _ := newTestClient(t, f, func(cfg *Config) { cfg.CachePath = path })
		defer c.Close()
		var labels []string
		for i := 0; i < 3; i++ {
			turn := "please remove the phone number" + strings.Repeat(" ", i)
			rev, err := c.Revision(context.Background(), RevisionInput{History: []Message{{"user", "write an email to Ann"}, {"assistant", "Dear Ann, call 555-1234."}}, Turn: turn})
			if err != nil {
				t.Fatal(err)
			}
			tr, err := c.Trace(context.Background(), TraceInput{Reply: reply1 + strings.Repeat("\n", i)})
			if err != nil {
				t.Fatal(err)
			}
			dl, err := c.Deliverable(context.Background(), DeliverableInput{Request: turn, Reply: reply1})
			if err != nil {
				t.Fatal(err)
			}
			labels = append(labels, rev.Label()+"/"+tr.Label()+"/"+dl.Type+"/"+rev.Item)
		}
		return c.Stats(), labels
	}
	s1, l1 := run()
	if s1.Calls != 9 || s1.Cached != 0 || f.calls() != 9 {
		t.Fatalf("first run: calls=%d cached=%d server=%d", s1.Calls, s1.Cached, f.calls())
	}
	s2, l2 := run()
	if s2.Calls != 0 || s2.Cached != 9 || f.calls() != 9 {
		t.Fatalf("second run: calls=%d cached=%d server=%d, want 0/9/9", s2.Calls, s2.Cached, f.calls())
	}
	if strings.Join(l1, ",") != strings.Join(l2, ",") || l1[0] != "withdraw/yes_verified/message/phone number" {
		t.Errorf("labels differ: %v vs %v", l1, l2)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("cache mode = %v, want 0600", fi.Mode().Perm())
	}
	// Every record names model, temperature, prompt hash, status and raw reply.
	data, _ := os.ReadFile(path)
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		for _, k := range []string{`"model":"test-model"`, `"temperature":0`, `"prompt_hash":"`, `"status":"ok"`, `"raw":"{`} {
			if !strings.Contains(line, k) {
				t.Errorf("record lacks %s: %s", k, line)
			}
		}
	}
	f.checkTemperatures()
}

func TestCacheTornLineAndPermissions(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.jsonl")
	if err := os.WriteFile(path, []byte(`{"key":"a","raw":"x"}`+"\n"+`{"key":"b","ra`), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := OpenCache(path)
	if err != nil {
		t.Fatal(err)
	}
	if c.Len() != 1 || c.Skipped() != 1 {
		t.Errorf("len=%d skipped=%d", c.Len(), c.Skipped())
	}
	if err := c.Put(Record{Key: "c", Raw: "y"}); err != nil {
		t.Fatal(err)
	}
	c.Close()
	c, err = OpenCache(path)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if r, ok := c.Get("c"); !ok || r.Raw != "y" {
		t.Errorf("record after torn line lost: %+v %v", r, ok)
	}
	if r, ok := c.Get("a"); !ok || r.Raw != "x" {
		t.Errorf("first record lost")
	}
	fi, _ := os.Stat(path)
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want narrowed to 0600", fi.Mode().Perm())
	}
}

func TestConcurrencyBound(t *testing.T) {
	f := newFake(t, func(n int, r fakeReq) fakeResp {
		return fakeResp{Delay: 30 * time.Millisecond, Content: traceAnswer("no", "")}
	})
	c, _ := newTestClient(t, f, func(cfg *Config) { cfg.Concurrency = 3 })
	var wg sync.WaitGroup
	for i := 0; i < 24; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			reply := strings.Repeat("x", i+1) + "."
			if r, err := c.Trace(context.Background(), TraceInput{Reply: reply}); err != nil || r.Label() != "no" {
				t.Errorf("%d: %+v %v", i, r, err)
			}
		}(i)
	}
	wg.Wait()
	if m := f.maxIn.Load(); m > 3 || m < 2 {
		t.Errorf("max in flight = %d, want <= 3 (and the pool used)", m)
	}
	if f.calls() != 24 {
		t.Errorf("calls = %d", f.calls())
	}
}

func TestIdenticalRequestsShareOneCall(t *testing.T) {
	f := newFake(t, func(n int, r fakeReq) fakeResp {
		return fakeResp{Delay: 50 * time.Millisecond, Content: traceAnswer("no", "")}
	})
	c, _ := newTestClient(t, f, func(cfg *Config) { cfg.Concurrency = 8 })
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := c.Trace(context.Background(), TraceInput{Reply: "Same reply."}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if f.calls() != 1 {
		t.Errorf("calls = %d, want 1", f.calls())
	}
	if s := c.Stats(); s.Calls != 1 || s.Shared != 7 {
		t.Errorf("stats calls=%d shared=%d", s.Calls, s.Shared)
	}
}

func TestContextCancellation(t *testing.T) {
	f := newFake(t, func(n int, r fakeReq) fakeResp {
		return fakeResp{Delay: 5 * time.Second, Content: traceAnswer("no", "")}
	})
	c, _ := newTestClient(t, f, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	res, err := c.Trace(ctx, TraceInput{Reply: "A reply."})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v", err)
	}
	if time.Since(start) > 2*time.Second || res.Resolved {
		t.Errorf("took %v, res %+v", time.Since(start), res)
	}
	// Cancellation while waiting to retry.
	f2 := newFake(t, func(n int, r fakeReq) fakeResp {
		return fakeResp{Status: 429, Header: map[string]string{"Retry-After": "30"}, Body: "{}"}
	})
	c2, _ := newTestClient(t, f2, func(cfg *Config) { cfg.sleep = sleepCtx; cfg.MaxBackoff = time.Minute })
	ctx2, cancel2 := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel2)
	start = time.Now()
	if _, err := c2.Trace(ctx2, TraceInput{Reply: "A reply."}); !errors.Is(err, context.Canceled) || time.Since(start) > 2*time.Second {
		t.Fatalf("err = %v", err)
	}
}

func TestRealSleepHonoursRetryAfter(t *testing.T) {
	f := newFake(t, func(n int, r fakeReq) fakeResp {
		if n == 1 {
			return fakeResp{Status: 429, Header: map[string]string{"Retry-After": "0.2"}, Body: "{}"}
		}
		return ok(traceAnswer("no", ""))
	})
	c, _ := newTestClient(t, f, func(cfg *Config) { cfg.sleep = sleepCtx; cfg.now = time.Now })
	start := time.Now()
	if _, err := c.Trace(context.Background(), TraceInput{Reply: "A reply."}); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < 200*time.Millisecond {
		t.Errorf("returned after %v, before Retry-After", d)
	}
	if s := c.Stats(); s.Attempts != 2 || s.Retries != 1 {
		t.Errorf("attempts=%d retries=%d", s.Attempts, s.Retries)
	}
}

func TestDryRun(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cache.jsonl")
	f := newFake(t, func(n int, r fakeReq) fakeResp { return ok(traceAnswer("no", "")) })
	// Warm the cache with one reply.
	c, _ := newTestClient(t, f, func(cfg *Config) { cfg.CachePath = path })
	if _, err := c.Trace(context.Background(), TraceInput{Reply: "Reply 0."}); err != nil {
		t.Fatal(err)
	}
	c.Close()
	d, _ := newTestClient(t, f, func(cfg *Config) { cfg.CachePath = path; cfg.DryRun = true })
	for i := 0; i < 5; i++ {
		for rep := 0; rep < 2; rep++ { // a repeated request is planned once
			_, err := d.Trace(context.Background(), TraceInput{Reply: "Reply " + string(rune('0'+i)) + "."})
			if i == 0 && err != nil {
				t.Fatalf("cached answer: %v", err)
			}
			if i > 0 && !errors.Is(err, ErrDryRun) {
				t.Fatalf("err = %v, want ErrDryRun", err)
			}
		}
	}
	_, err := d.Revision(context.Background(), RevisionInput{Turn: "remove it", History: []Message{{"assistant", strings.Repeat("word ", 400)}}})
	if !errors.Is(err, ErrDryRun) {
		t.Fatal(err)
	}
	s := d.Stats()
	if f.calls() != 1 {
		t.Errorf("dry run called the server: %d calls", f.calls())
	}
	if s.Planned != 5 || s.Cached != 2 || s.Calls != 0 || s.Unresolved != 0 {
		t.Errorf("planned=%d cached=%d calls=%d unresolved=%d", s.Planned, s.Cached, s.Calls, s.Unresolved)
	}
	rs := s.ByCheck[CheckRevision]
	if rs.EstInputTokens < 2000/4 || rs.EstOutputTokens != int64(promptRevision.EstOutput) {
		t.Errorf("revision estimate in=%d out=%d", rs.EstInputTokens, rs.EstOutputTokens)
	}
}

func TestTruncationKeepsTail(t *testing.T) {
	long := "HEAD-START " + strings.Repeat("middle filler ", 2000) + " TAIL-END: the last item is Zebra."
	var got string
	f := newFake(t, func(n int, r fakeReq) fakeResp {
		got = r.User
		return ok(`{"is_revision_request":true,"primary_type":"withdraw","types":["withdraw"],"evidence_quote":"drop Zebra","item":"Zebra","reason":"r"}`)
	})
	c, _ := newTestClient(t, f, func(cfg *Config) { cfg.Limits.Turn = 1000 })
	res, err := c.Revision(context.Background(), RevisionInput{
		History: []Message{{"user", "list animals"}, {"system", "SYSTEM-SECRET"}, {"assistant", long}},
		Turn:    "drop Zebra",
	})
	if err != nil || !res.Resolved || res.PrimaryType != "withdraw" {
		t.Fatalf("%+v %v", res, err)
	}
	for _, want := range []string{"HEAD-START", "TAIL-END: the last item is Zebra.", "characters omitted ...]", "<candidate>\ndrop Zebra\n</candidate>"} {
		if !strings.Contains(got, want) {
			t.Errorf("prompt lacks %q", want)
		}
	}
	if strings.Contains(got, "SYSTEM-SECRET") {
		t.Error("system message sent")
	}
	if len(got) > 2000 {
		t.Errorf("prompt not truncated: %d bytes", len(got))
	}
	// Table: TruncateMiddle keeps head and tail exactly.
	for _, tc := range []struct {
		in   string
		max  int
		want string
	}{
		{"abcdefghij", 20, "abcdefghij"},
		{"abcdefghij", 4, "ab\n[... 6 characters omitted ...]\nij"},
		{"äöüßéèêë", 4, "äö\n[... 4 characters omitted ...]\nêë"},
	} {
		if g := TruncateMiddle(tc.in, tc.max, 0.5); g != tc.want {
			t.Errorf("TruncateMiddle(%q,%d) = %q, want %q", tc.in, tc.max, g, tc.want)
		}
	}
}

func TestHistoryBudgetKeepsFirstUserTurnAndNewest(t *testing.T) {
	var hist []Message
	hist = append(hist, Message{"user", "TASK: write a poem"})
	for i := 0; i < 20; i++ {
		hist = append(hist, Message{"assistant", "draft " + strings.Repeat("x", 900)}, Message{"user", "again"})
	}
	hist = append(hist, Message{"assistant", "LATEST DRAFT"})
	p := renderRevision(RevisionInput{History: hist, Turn: "shorter"}, Limits{History: 3000}.withDefaults())
	if !strings.Contains(p, "TASK: write a poem") || !strings.Contains(p, "LATEST DRAFT") || !strings.Contains(p, "earlier messages omitted") {
		t.Errorf("history budget: %s", p[:200])
	}
	if len(p) > 4500 {
		t.Errorf("history over budget: %d", len(p))
	}
	// The reply after the candidate is never part of the input.
	if strings.Index(p, "LATEST DRAFT") > strings.Index(p, "<candidate>") {
		t.Error("order")
	}
}

func TestReasoningModelSendsNoMaxTokens(t *testing.T) {
	f := newFake(t, func(n int, r fakeReq) fakeResp { return ok(`{"deliverable_type":"code"}`) })
	for _, m := range []string{"o3-mini", "qwen2.5-7b-instruct"} {
		c, _ := newTestClient(t, f, func(cfg *Config) { cfg.Model = m })
		if res, err := c.Deliverable(context.Background(), DeliverableInput{Request: "r " + m, Reply: "x"}); err != nil || res.Type != "code" {
			t.Fatalf("%s: %+v %v", m, res, err)
		}
		f.mu.Lock()
		_, has := f.bodies[len(f.bodies)-1]["max_tokens"]
		f.mu.Unlock()
		if has != (m != "o3-mini") {
			t.Errorf("%s: max_tokens sent = %v", m, has)
		}
	}
	f.checkTemperatures()
}

func TestQuoteSpanningMarkupThroughServer(t *testing.T) {
	reply := "Here is the list:\n\n```text\nMilk\nBread\n```\n\n- **Note:** I removed\nthe *phone number* as requested."
	f := newFake(t, func(n int, r fakeReq) fakeResp {
		if !strings.Contains(r.User, reply) {
			t.Errorf("reply not sent whole")
		}
		return ok(traceAnswer("yes", "**Note:** I removed the *phone number* as requested."))
	})
	c, _ := newTestClient(t, f, nil)
	body := &Span{strings.Index(reply, "Milk"), strings.Index(reply, "Bread") + 5}
	res, err := c.Trace(context.Background(), TraceInput{Reply: reply, Body: body})
	if err != nil || res.Label() != VerdictYesVerified || res.Body {
		t.Fatalf("%+v %v", res, err)
	}
	if got := reply[res.Span.Start:res.Span.End]; got != "**Note:** I removed\nthe *phone number* as requested." {
		t.Errorf("span %q", got)
	}
}
