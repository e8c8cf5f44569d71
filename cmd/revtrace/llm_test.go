package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

const cliKey = "sk-cli-SECRETSECRET-abcdef0123456789"

const noRevision = `{"is_revision_request":false,"primary_type":"none","types":[],"evidence_quote":"","item":"","reason":"r"}`
const noTrace = `{"quote":"","answer":"no"}`

func completion(content string) map[string]any {
	return map[string]any{"id": "x", "object": "chat.completion", "created": 1, "model": "m",
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop", "message": map[string]any{"role": "assistant", "content": content}}}}
}

// cliFake answers every revision check "no" and every trace check "no"; with
// reject it answers 401 with a message that echoes the Authorization header.
func cliFake(t *testing.T, reject bool) (*httptest.Server, *atomic.Int64) {
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		b, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		if reject {
			w.WriteHeader(http.StatusUnauthorized)
			fmt.Fprintf(w, `{"error":{"message":"invalid key %s","type":"auth"}}`, r.Header.Get("Authorization"))
			return
		}
		content := noTrace
		if bytes.Contains(b, []byte("CONVERSATION SO FAR")) {
			content = noRevision
		}
		json.NewEncoder(w).Encode(completion(content))
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

func noKeyIn(t *testing.T, what string, b []byte) {
	t.Helper()
	if bytes.Contains(b, []byte(cliKey)) || bytes.Contains(b, []byte("SECRETSECRET")) {
		t.Errorf("%s holds the API key", what)
	}
}

func noKeyInDir(t *testing.T, dir string) {
	t.Helper()
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			b, _ := os.ReadFile(p)
			noKeyIn(t, p, b)
		}
		return nil
	})
}

func TestMineLLMUsage(t *testing.T) {
	fx := "../../testdata/fixtures/messages"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--llm"}, "--llm-model"},
		{[]string{"--llm-model", "m"}, "needs --llm"},
		{[]string{"--cache", "x"}, "needs --llm"},
		{[]string{"--llm", "--llm-model", "m", "--llm-concurrency", "0"}, "--llm-concurrency"},
		{[]string{"--llm", "--llm-model", "m", "--llm-dry-run", "--llm-batch", "b.jsonl"}, "exclude"},
		{[]string{"--llm", "--llm-model", "m", "--llm-dry-run", "--resume"}, "--resume"},
		{[]string{"--sample-rejected", "-1"}, "--sample-rejected"},
	} {
		args := append([]string{"mine", "--quiet", "--out", t.TempDir()}, c.args...)
		_, stderr, code := runCLI(t, "", append(args, fx)...)
		if code != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q (want 1 and %q)", c.args, code, stderr, c.want)
		}
	}
}

func TestMineLLMCLI(t *testing.T) {
	fx := "../../testdata/fixtures/messages"
	t.Setenv("OPENAI_API_KEY", cliKey)
	t.Setenv("OPENAI_BASE_URL", "")
	srv, hits := cliFake(t, false)
	base := []string{"mine", "--llm", "--llm-model", "m", "--llm-base-url", srv.URL + "/v1"}

	// Dry run: a plan, no call, no output.
	out := t.TempDir()
	_, stderr, code := runCLI(t, "", append(base, "--llm-dry-run", "--out", out, fx)...)
	if code != 0 || !strings.Contains(stderr, "dry run") || !strings.Contains(stderr, "revision") || !strings.Contains(stderr, "est. input tokens") {
		t.Errorf("dry run: exit %d, stderr %s", code, stderr)
	}
	if hits.Load() != 0 {
		t.Errorf("dry run: %d requests", hits.Load())
	}
	if _, err := os.Stat(filepath.Join(out, "events.jsonl")); err == nil {
		t.Errorf("dry run wrote events.jsonl")
	}
	noKeyIn(t, "dry run stderr", []byte(stderr))

	// Batch: request lines, no call; the results ingested, then a run
	// makes no call.
	batch := filepath.Join(t.TempDir(), "batch.jsonl")
	_, stderr, code = runCLI(t, "", append(base, "--llm-batch", batch, "--out", out, fx)...)
	if code != 0 || hits.Load() != 0 {
		t.Fatalf("batch: exit %d, %d requests: %s", code, hits.Load(), stderr)
	}
	results, ids := answerBatch(t, batch)
	n := len(ids)
	res := filepath.Join(t.TempDir(), "results.jsonl")
	os.WriteFile(res, results, 0o600)
	_, stderr, code = runCLI(t, "", append(base, "--quiet", "--llm-batch-results", res, "--out", out, fx)...)
	if code != 0 || hits.Load() != 0 || !strings.Contains(stderr, fmt.Sprintf("%d answers stored", n)) {
		t.Errorf("batch results: exit %d, %d requests: %s", code, hits.Load(), stderr)
	}
	st, err := os.Stat(filepath.Join(out, "llm-cache.jsonl"))
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("cache: %v, mode %v", err, st.Mode())
	}
	var s struct {
		Total struct {
			LLM struct{ Calls, Cached int64 } `json:"llm"`
		} `json:"total"`
	}
	json.Unmarshal(readFile(t, filepath.Join(out, "summary.json")), &s)
	if s.Total.LLM.Calls != 0 || s.Total.LLM.Cached == 0 {
		t.Errorf("after the batch: llm %+v", s.Total.LLM)
	}
	noKeyInDir(t, out)

	// A server that refuses the key, echoing it: every check unresolved,
	// the run goes on, and the key is in no output and not on stderr.
	bad, badHits := cliFake(t, true)
	out2 := t.TempDir()
	_, stderr, code = runCLI(t, "", "mine", "--llm", "--llm-model", "m", "--llm-base-url", bad.URL+"/v1", "--sample-rejected", "5", "--out", out2, fx)
	if code != 0 || badHits.Load() == 0 || !strings.Contains(stderr, "unresolved") {
		t.Errorf("refused key: exit %d, %d requests: %s", code, badHits.Load(), stderr)
	}
	noKeyIn(t, "stderr", []byte(stderr))
	noKeyInDir(t, out2)
	if _, err := os.Stat(filepath.Join(out2, "rejected-sample.jsonl")); err != nil {
		t.Errorf("no rejected-sample.jsonl: %v", err)
	}
}

// answerBatch answers every request line of a Batch API request file the
// way the fake server would (no revision, no trace), as results lines, and
// returns them with the requests' custom ids in file order; an empty
// request file fails the test.
func answerBatch(t *testing.T, path string) ([]byte, []string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var results bytes.Buffer
	var ids []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var l struct {
			CustomID string `json:"custom_id"`
		}
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		content := noTrace
		if strings.HasPrefix(l.CustomID, "rt1.revision.") {
			content = noRevision
		}
		b, _ := json.Marshal(map[string]any{"id": "r", "custom_id": l.CustomID,
			"response": map[string]any{"status_code": 200, "body": completion(content)}})
		results.Write(append(b, '\n'))
		ids = append(ids, l.CustomID)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(ids) == 0 {
		t.Fatalf("%s: empty batch file", path)
	}
	return results.Bytes(), ids
}

func readFile(t *testing.T, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
