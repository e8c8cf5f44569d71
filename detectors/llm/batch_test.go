package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestBatchRoundTrip: write the request file, answer it as the Batch API
// would (files only), ingest, and re-run with zero calls.
func TestBatchRoundTrip(t *testing.T) {
	f := newFake(t, func(n int, r fakeReq) fakeResp {
		t.Errorf("batch path called the server")
		return status(500, "")
	})
	path := filepath.Join(t.TempDir(), "cache.jsonl")
	var file bytes.Buffer
	bw := NewBatchWriter(&file)
	c, _ := newTestClient(t, f, func(cfg *Config) { cfg.CachePath = path; cfg.Batch = bw })
	replies := []string{"I removed the phone number.", "Here it is.", "I removed the phone number."}
	for _, r := range replies {
		if _, err := c.Trace(context.Background(), TraceInput{Reply: r}); !errors.Is(err, ErrBatchQueued) {
			t.Fatalf("err = %v", err)
		}
	}
	if bw.Len() != 2 || c.Stats().Batched != 2 || c.Stats().Unresolved != 0 {
		t.Fatalf("lines = %d, batched = %d", bw.Len(), c.Stats().Batched)
	}
	c.Close()
	// Answer every line as the Batch API output file would.
	var out bytes.Buffer
	for i, line := range strings.Split(strings.TrimSpace(file.String()), "\n") {
		var req struct {
			CustomID string `json:"custom_id"`
			Method   string `json:"method"`
			URL      string `json:"url"`
			Body     map[string]json.RawMessage
		}
		if err := json.Unmarshal([]byte(line), &req); err != nil {
			t.Fatal(err)
		}
		if req.Method != "POST" || req.URL != "/v1/chat/completions" || string(req.Body["temperature"]) != "0" || string(req.Body["model"]) != `"test-model"` {
			t.Errorf("request line %d: %s", i, line)
		}
		var msgs []struct{ Role, Content string }
		json.Unmarshal(req.Body["messages"], &msgs)
		ans := traceAnswer("no", "")
		if strings.Contains(msgs[1].Content, "phone") {
			ans = traceAnswer("yes", "I removed the phone number.")
		}
		content, _ := json.Marshal(ans)
		fmt.Fprintf(&out, `{"id":"batch_req_%d","custom_id":%q,"response":{"status_code":200,"request_id":"r","body":{"id":"c","object":"chat.completion","model":"test-model-2026-01-01","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":%s}}],"usage":{"prompt_tokens":50,"completion_tokens":5}}},"error":null}`+"\n", i, req.CustomID, content)
	}
	out.WriteString(`{"id":"x","custom_id":"rt1.trace.0000000000000000.` + strings.Repeat("a", 64) + `","response":{"status_code":200,"body":{}}}` + "\n")
	out.WriteString(`{"id":"y","custom_id":"rt1.trace.` + promptTrace.Hash[:16] + `.` + strings.Repeat("b", 64) + `","response":{"status_code":500,"body":{}},"error":null}` + "\n")
	out.WriteString("garbage\n")
	c2, _ := newTestClient(t, f, func(cfg *Config) { cfg.CachePath = path })
	ing, err := c2.IngestBatchResults(&out)
	if err != nil {
		t.Fatal(err)
	}
	if ing != (BatchIngest{Stored: 2, Failed: 1, Stale: 1, Malformed: 1}) {
		t.Errorf("ingest %+v", ing)
	}
	var labels []string
	for _, r := range replies {
		res, err := c2.Trace(context.Background(), TraceInput{Reply: r})
		if err != nil {
			t.Fatal(err)
		}
		labels = append(labels, res.Label())
	}
	if strings.Join(labels, ",") != "yes_verified,no,yes_verified" || c2.Stats().Calls != 0 || c2.Stats().Cached != 3 || f.calls() != 0 {
		t.Errorf("labels %v stats %+v", labels, c2.Stats())
	}
}
