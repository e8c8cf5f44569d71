package llm

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// fakeServer is an in-process OpenAI-compatible server. Each request is
// answered by script(n, req), n counting from 1.
type fakeServer struct {
	t      testing.TB
	srv    *httptest.Server
	script func(n int, req fakeReq) fakeResp

	mu       sync.Mutex
	bodies   []map[string]json.RawMessage
	headers  []http.Header
	n        atomic.Int64
	inFlight atomic.Int64
	maxIn    atomic.Int64
}

type fakeReq struct {
	Body   map[string]json.RawMessage
	Format string // response_format.type, "" when absent
	User   string // the user message
	Header http.Header
}

type fakeResp struct {
	Status  int
	Header  map[string]string
	Body    string        // raw body; empty → a completion with Content
	Content string        // the assistant's answer
	Finish  string        // finish_reason ["stop"]
	Delay   time.Duration // before answering
	Hangup  bool          // close the connection without answering
}

func newFake(t testing.TB, script func(n int, req fakeReq) fakeResp) *fakeServer {
	f := &fakeServer{t: t, script: script}
	f.srv = httptest.NewServer(http.HandlerFunc(f.handle))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeServer) handle(w http.ResponseWriter, r *http.Request) {
	cur := f.inFlight.Add(1)
	defer f.inFlight.Add(-1)
	for {
		m := f.maxIn.Load()
		if cur <= m || f.maxIn.CompareAndSwap(m, cur) {
			break
		}
	}
	data, _ := io.ReadAll(r.Body)
	var body map[string]json.RawMessage
	if err := json.Unmarshal(data, &body); err != nil {
		http.Error(w, "bad json", 400)
		return
	}
	f.mu.Lock()
	f.bodies = append(f.bodies, body)
	f.headers = append(f.headers, r.Header.Clone())
	f.mu.Unlock()
	req := fakeReq{Body: body, Header: r.Header}
	var rf struct {
		Type string `json:"type"`
	}
	_ = json.Unmarshal(body["response_format"], &rf)
	req.Format = rf.Type
	var msgs []struct{ Role, Content string }
	_ = json.Unmarshal(body["messages"], &msgs)
	for _, m := range msgs {
		if m.Role == "user" {
			req.User = m.Content
		}
	}
	resp := f.script(int(f.n.Add(1)), req)
	if resp.Delay > 0 {
		select {
		case <-time.After(resp.Delay):
		case <-r.Context().Done():
			return
		}
	}
	if resp.Hangup {
		hj, ok := w.(http.Hijacker)
		if !ok {
			f.t.Error("no hijacker")
			return
		}
		conn, _, _ := hj.Hijack()
		conn.Close()
		return
	}
	for k, v := range resp.Header {
		w.Header().Set(k, v)
	}
	w.Header().Set("Content-Type", "application/json")
	st := resp.Status
	if st == 0 {
		st = 200
	}
	w.WriteHeader(st)
	if resp.Body != "" || st != 200 {
		io.WriteString(w, resp.Body)
		return
	}
	finish := resp.Finish
	if finish == "" {
		finish = "stop"
	}
	out, _ := json.Marshal(map[string]any{
		"id": "chatcmpl-fake", "object": "chat.completion", "created": 1, "model": "fake-model-2026",
		"choices": []any{map[string]any{"index": 0, "finish_reason": finish,
			"message": map[string]any{"role": "assistant", "content": resp.Content}}},
		"usage": map[string]any{"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110},
	})
	w.Write(out)
}

func (f *fakeServer) calls() int { return int(f.n.Load()) }

// checkTemperatures asserts that every request body carried "temperature": 0.
func (f *fakeServer) checkTemperatures() {
	f.t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	for i, b := range f.bodies {
		if string(b["temperature"]) != "0" {
			f.t.Errorf("request %d: temperature = %q, want 0", i+1, b["temperature"])
		}
	}
}

// fakeClock records sleeps instead of sleeping.
type fakeClock struct {
	mu     sync.Mutex
	t      time.Time
	sleeps []time.Duration
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) sleep(ctx context.Context, d time.Duration) error {
	c.mu.Lock()
	c.sleeps = append(c.sleeps, d)
	c.t = c.t.Add(d)
	c.mu.Unlock()
	return ctx.Err()
}

func (c *fakeClock) waits() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Duration(nil), c.sleeps...)
}

const testKey = "sk-test-SECRETSECRET-0123456789abcdef"

// newTestClient points a client at f with a fake clock and no jitter.
func newTestClient(t *testing.T, f *fakeServer, mod func(*Config)) (*Client, *fakeClock) {
	t.Helper()
	clk := &fakeClock{t: time.Now().Truncate(time.Second)}
	cfg := Config{BaseURL: f.srv.URL + "/v1", Model: "test-model", APIKey: testKey,
		MaxAttempts: 4, BaseBackoff: 100 * time.Millisecond, MaxBackoff: 10 * time.Second,
		sleep: clk.sleep, now: clk.now, jitter: func(d time.Duration) time.Duration { return d }}
	if mod != nil {
		mod(&cfg)
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c, clk
}

func jsonAnswer(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func traceAnswer(answer, quote string) string {
	return jsonAnswer(map[string]string{"quote": quote, "answer": answer})
}

func ok(content string) fakeResp { return fakeResp{Content: content} }

func status(code int, body string) fakeResp {
	return fakeResp{Status: code, Body: body}
}

var _ = fmt.Sprint
var _ = strings.TrimSpace
