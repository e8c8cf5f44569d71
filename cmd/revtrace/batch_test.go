package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// batch collect ingests a Batch API output file into the cache; a mine run
// over that cache then makes no call.
func TestBatchCollect(t *testing.T) {
	fx := "../../testdata/fixtures/messages"
	t.Setenv("OPENAI_API_KEY", cliKey)
	t.Setenv("OPENAI_BASE_URL", "")
	srv, hits := cliFake(t, false)
	base := []string{"mine", "--llm", "--llm-model", "m", "--llm-base-url", srv.URL + "/v1"}
	tmp := t.TempDir()
	batch := filepath.Join(tmp, "batch.jsonl")
	if _, stderr, code := runCLI(t, "", append(base, "--llm-batch", batch, "--out", filepath.Join(tmp, "plan"), fx)...); code != 0 {
		t.Fatalf("batch: exit %d: %s", code, stderr)
	}
	answered, ids := answerBatch(t, batch)
	n, first := len(ids), ids[0]
	results := bytes.NewBuffer(answered)
	put := func(v map[string]any) {
		b, _ := json.Marshal(v)
		results.Write(append(b, '\n'))
	}
	// One failed line, one for another prompt version, one unreadable.
	put(map[string]any{"id": "r", "custom_id": first, "response": map[string]any{"status_code": 500, "body": map[string]any{}}})
	p := strings.SplitN(first, ".", 4)
	put(map[string]any{"id": "r", "custom_id": p[0] + "." + p[1] + ".0000000000000000." + p[3], "response": map[string]any{"status_code": 200, "body": completion(noTrace)}})
	results.WriteString("not json\n")
	res := filepath.Join(tmp, "results.jsonl")
	os.WriteFile(res, results.Bytes(), 0o600)

	cache := filepath.Join(tmp, "c", "llm-cache.jsonl")
	stdout, stderr, code := runCLI(t, "", "batch", "collect", res, "--cache", cache, "--llm-model", "m")
	want := fmt.Sprintf("%d answers loaded into %s, 1 stale (another prompt version), 1 failed (not cached: a later run calls again), 1 unreadable lines", n, cache)
	if code != 0 || !strings.Contains(stdout, want) {
		t.Fatalf("batch collect: exit %d, stdout %q (want %q), stderr %s", code, stdout, want, stderr)
	}
	if st, err := os.Stat(cache); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("cache: %v", err)
	}
	out := filepath.Join(tmp, "out")
	if _, stderr, code := runCLI(t, "", append(base, "--quiet", "--cache", cache, "--out", out, fx)...); code != 0 || hits.Load() != 0 {
		t.Errorf("mine over the collected cache: exit %d, %d requests: %s", code, hits.Load(), stderr)
	}
	var s struct {
		Total struct {
			LLM struct{ Calls, Cached int64 } `json:"llm"`
		} `json:"total"`
	}
	json.Unmarshal(readFile(t, filepath.Join(out, "summary.json")), &s)
	if s.Total.LLM.Calls != 0 || s.Total.LLM.Cached == 0 {
		t.Errorf("after batch collect: llm %+v", s.Total.LLM)
	}

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"batch"}, "only subcommand is collect"},
		{[]string{"batch", "collect", "--cache", cache, "--llm-model", "m"}, "exactly one RESULTS.jsonl"},
		{[]string{"batch", "collect", res, "--llm-model", "m"}, "need --cache"},
		{[]string{"batch", "collect", res, "--cache", cache}, "need --llm-model"},
	} {
		if _, stderr, code := runCLI(t, "", c.args...); code != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q (want 1 and %q)", c.args, code, stderr, c.want)
		}
	}
}
