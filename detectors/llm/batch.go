package llm

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	openai "github.com/sashabaranov/go-openai"
)

// Batch API files (OpenAI /v1/batches; also read by `vllm run-batch`).
//
// With Config.Batch set, every check whose answer is not cached writes one
// request line instead of calling, and returns ErrBatchQueued:
//
//	{"custom_id":"rt1.<check>.<prompt hash, 16 hex>.<input hash>","method":"POST",
//	 "url":"/v1/chat/completions","body":{...,"temperature":0}}
//
// Identical requests are written once. Upload the file (at most 50,000 lines
// and 200 MB per file for OpenAI: split with several writers if needed),
// run the batch, download the output file and pass it to
// Client.IngestBatchResults: the answers go into the cache, and the next run
// of the same job answers every check from the cache, with no calls.

// BatchWriter writes Batch API request lines. Safe for concurrent use.
type BatchWriter struct {
	mu   sync.Mutex
	w    io.Writer
	seen map[string]bool
	n    int
}

// NewBatchWriter writes request lines to w.
func NewBatchWriter(w io.Writer) *BatchWriter {
	return &BatchWriter{w: w, seen: map[string]bool{}}
}

// Len is the number of request lines written.
func (b *BatchWriter) Len() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.n
}

type batchLine struct {
	CustomID string          `json:"custom_id"`
	Method   string          `json:"method"`
	URL      string          `json:"url"`
	Body     json.RawMessage `json:"body"`
}

func batchID(info CallInfo) string {
	return "rt1." + info.Check + "." + info.PromptHash[:16] + "." + info.InputHash
}

func (b *BatchWriter) add(c *Client, j job, info CallInfo) (bool, error) {
	body, err := json.Marshal(c.request(j, formats[c.mode.Load()]))
	if err != nil {
		return false, err
	}
	if body, err = setTemperature(body, c.cfg.Temperature); err != nil {
		return false, err
	}
	line, err := json.Marshal(batchLine{CustomID: batchID(info), Method: "POST", URL: "/v1/chat/completions", Body: body})
	if err != nil {
		return false, err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.seen[info.Key] {
		return false, nil
	}
	if _, err := b.w.Write(append(line, '\n')); err != nil {
		return false, err
	}
	b.seen[info.Key] = true
	b.n++
	return true, nil
}

// BatchIngest counts the lines of a results file.
type BatchIngest struct {
	Stored    int // answers written to the cache
	Failed    int // lines with an error or a non-200 status (not cached: a later run calls again)
	Stale     int // lines for a prompt version other than the current one
	Malformed int // unreadable lines
}

// batchResult is one line of a Batch API output file (go-openai has no type
// for it).
type batchResult struct {
	ID       string `json:"id"`
	CustomID string `json:"custom_id"`
	Response *struct {
		StatusCode int                           `json:"status_code"`
		RequestID  string                        `json:"request_id"`
		Body       openai.ChatCompletionResponse `json:"body"`
	} `json:"response"`
	Error json.RawMessage `json:"error"`
}

// IngestBatchResults reads a Batch API output file and stores its answers
// in the client's cache under the client's model (the model the requests
// were written for, not the dated name the server reports).
func (c *Client) IngestBatchResults(r io.Reader) (BatchIngest, error) {
	var res BatchIngest
	if c.cache == nil {
		return res, errors.New("llm: ingesting batch results needs a cache")
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 256<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var br batchResult
		if err := json.Unmarshal([]byte(line), &br); err != nil {
			res.Malformed++
			continue
		}
		parts := strings.SplitN(br.CustomID, ".", 4)
		if len(parts) != 4 || parts[0] != "rt1" {
			res.Malformed++
			continue
		}
		p := promptFor(parts[1])
		if p == nil || len(parts[3]) != 64 {
			res.Malformed++
			continue
		}
		if !strings.HasPrefix(p.Hash, parts[2]) {
			res.Stale++
			continue
		}
		hasErr := len(br.Error) > 0 && string(br.Error) != "null"
		if hasErr || br.Response == nil || br.Response.StatusCode != 200 || len(br.Response.Body.Choices) == 0 {
			res.Failed++
			continue
		}
		ch := br.Response.Body.Choices[0]
		status := StatusOK
		if ch.FinishReason != "" && ch.FinishReason != openai.FinishReasonStop {
			status = StatusIncomplete
		}
		rec := Record{Key: CacheKey(c.cfg.Model, p.Hash, parts[3]), Check: p.Check, Model: c.cfg.Model,
			Temperature: c.cfg.Temperature, PromptID: p.ID, PromptHash: p.Hash, InputHash: parts[3],
			ResponseFormat: "batch", Status: status, FinishReason: string(ch.FinishReason), Raw: ch.Message.Content,
			PromptTokens: br.Response.Body.Usage.PromptTokens, OutputTokens: br.Response.Body.Usage.CompletionTokens,
			ServedModel: br.Response.Body.Model}
		if err := c.cache.Put(rec); err != nil {
			return res, err
		}
		res.Stored++
	}
	if err := sc.Err(); err != nil {
		return res, fmt.Errorf("llm: batch results: %w", err)
	}
	return res, nil
}
