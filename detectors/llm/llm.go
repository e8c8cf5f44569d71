// Package llm runs revtrace's LLM checks over any OpenAI-compatible chat
// completions server (OpenAI, vLLM, Ollama, llama.cpp's llama-server):
//
//   - Revision: is a candidate user turn a revision request, and of which
//     types (withdraw > replace > correct > extend > reformat > other)? It
//     sees the history up to and including the turn, never the reply after.
//   - Trace: does one reply hold a revision trace? The model must quote the
//     sentence; the quote is verified against the reply (VerifyQuote) and an
//     unverifiable or malformed answer is unresolved, never a finding.
//   - Deliverable: message, document, code or none.
//
// The prompts are embedded text files (prompts/*.txt), versioned, and their
// SHA-256 is recorded with every call and is part of every cache key.
//
// Transport: go-openai with an HTTP layer that sends the configured
// temperature (0 by default, which go-openai itself would omit), retries 429,
// 5xx and network errors with exponential backoff and jitter honouring
// Retry-After, and bounds every attempt and every call in time. JSON-schema
// output is requested first; a server that rejects it with 400/422 is
// remembered and asked for json_object, then plain text; the answer parser is
// tolerant in every mode.
//
// Scale: at most Config.Concurrency calls are in flight per Client (cache
// hits take no slot); identical requests in flight at once share one call;
// answers go to an append-only JSONL cache (see Cache — it is sensitive: it
// holds model answers quoting the chats) so a re-run repeats no call. With
// Config.DryRun nothing is sent: every call that the cache cannot answer is
// counted with an estimate of its tokens (Stats). With Config.Batch the
// requests are written as OpenAI Batch API lines instead, and
// Client.IngestBatchResults loads the results file into the cache.
//
// The API key comes from Config.APIKey or OPENAI_API_KEY; it is never logged
// and is removed from every error text.
//
// Use from the miner (see Example): one Client per run, shared by all
// workers. Per candidate turn call Revision; per event call Trace with the
// splitter's body span (and Deliverable when the LLM should type the reply).
// A non-nil error means no answer (ErrDryRun, ErrBatchQueued, a *CallError
// after retries, or the context's error): the result is unresolved and the
// run goes on, except on context errors. EventFields fills the event's "llm"
// object; a Tally per corpus (AddEvent with the scanner's trace_full) and
// Tally.Summary(stats.Calls, stats.Reused()) fill the summary's "llm" object.
// For the cost estimate, run the same job once with DryRun (cache hits are
// free and not counted) and print Stats before the real run.
package llm

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	openai "github.com/sashabaranov/go-openai"
)

// Config configures a Client. Zero values take the defaults in brackets.
type Config struct {
	BaseURL     string  // [OPENAI_BASE_URL, else https://api.openai.com/v1]
	Model       string  // required
	APIKey      string  // [OPENAI_API_KEY]; servers that need none get a placeholder
	Temperature float32 // always sent, 0 included [0]
	Seed        *int    // sent when set

	Concurrency    int           // calls in flight at once [4]
	MaxAttempts    int           // HTTP attempts per call, first one included [6]
	AttemptTimeout time.Duration // one HTTP attempt [2m]
	CallTimeout    time.Duration // one call, retries and waits included [10m]
	BaseBackoff    time.Duration // first retry wait without Retry-After [500ms]
	MaxBackoff     time.Duration // cap on any wait, Retry-After included [2m]

	// ResponseFormat: "" or "auto" (json_schema, falling back on 400/422 to
	// json_object, then text), or one of "json_schema", "json_object",
	// "text" to force it without fallback.
	ResponseFormat string

	CachePath string // open (or create) this cache file; closed by Close
	Cache     *Cache // or share an open cache (not closed by Close)

	DryRun bool         // send nothing; count the calls and estimate tokens
	Batch  *BatchWriter // send nothing; write Batch API request lines

	Limits Limits // input truncation

	// OnCall, if set, is called once per call attempt-sequence that reached
	// the network (not for cache hits), from the calling goroutine.
	OnCall func(CallInfo)

	// HTTPClient is the underlying client [a fresh http.Client].
	HTTPClient *http.Client

	// Test hooks.
	sleep  func(ctx context.Context, d time.Duration) error
	now    func() time.Time
	jitter func(time.Duration) time.Duration
}

// Limits bound the text sent to the model, in characters (runes). Long texts
// are cut in the middle, never at the end: head and tail are kept and the cut
// is marked "[... N characters omitted ...]".
type Limits struct {
	Turn      int // an earlier message of the history [6000]
	Candidate int // the candidate turn itself [12000]
	History   int // the whole history; older messages are dropped first, the first user message is kept [30000]
	Reply     int // the reply in the trace check [48000]
	Request   int // request and task in the deliverable check [3000]
	Delivered int // the reply in the deliverable check [12000]
}

func (l Limits) withDefaults() Limits {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&l.Turn, 6000)
	def(&l.Candidate, 12000)
	def(&l.History, 30000)
	def(&l.Reply, 48000)
	def(&l.Request, 3000)
	def(&l.Delivered, 12000)
	return l
}

// Call statuses.
const (
	StatusOK          = "ok"           // answered by the server
	StatusCached      = "cached"       // answered from the cache
	StatusIncomplete  = "incomplete"   // answered, but finish_reason was not "stop"
	StatusError       = "error"        // no answer (HTTP or transport failure after retries)
	StatusDryRun      = "dry_run"      // not sent (dry run)
	StatusBatchQueued = "batch_queued" // written to the batch file
)

// ErrDryRun is returned by every check whose answer is not cached during a
// dry run; ErrBatchQueued when the request went to the batch file.
var (
	ErrDryRun      = errors.New("llm: dry run, call not made")
	ErrBatchQueued = errors.New("llm: request written to the batch file")
)

// CallInfo records one call: what method.md asks to keep for every call.
// The raw reply is in the cache record (and in the check's result).
type CallInfo struct {
	Check          string        `json:"check"`
	Model          string        `json:"model"`
	Temperature    float32       `json:"temperature"`
	PromptID       string        `json:"prompt_id"`
	PromptHash     string        `json:"prompt_hash"`
	InputHash      string        `json:"input_hash"`
	Key            string        `json:"key"`
	Status         string        `json:"status"`
	ResponseFormat string        `json:"response_format,omitempty"`
	FinishReason   string        `json:"finish_reason,omitempty"`
	HTTPStatus     int           `json:"http_status,omitempty"`
	Error          string        `json:"error,omitempty"` // redacted
	Duration       time.Duration `json:"-"`
}

// Client runs the checks. It is safe for concurrent use.
type Client struct {
	cfg      Config
	api      *openai.Client
	doer     *doer
	key      string
	sem      chan struct{}
	cache    *Cache
	ownCache bool
	mode     atomic.Int32 // index into formats
	forced   bool
	limits   Limits
	mu       sync.Mutex
	flights  map[string]*flight
	planned  map[string]bool
	stats    statsAcc
}

type flight struct {
	done chan struct{}
	raw  string
	info CallInfo
	err  error
}

var formats = []openai.ChatCompletionResponseFormatType{
	openai.ChatCompletionResponseFormatTypeJSONSchema,
	openai.ChatCompletionResponseFormatTypeJSONObject,
	openai.ChatCompletionResponseFormatTypeText,
}

// New makes a Client.
func New(cfg Config) (*Client, error) {
	if strings.TrimSpace(cfg.Model) == "" {
		return nil, errors.New("llm: no model given")
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = os.Getenv("OPENAI_BASE_URL")
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = "https://api.openai.com/v1"
	}
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	if cfg.APIKey == "" {
		cfg.APIKey = os.Getenv("OPENAI_API_KEY")
	}
	key := cfg.APIKey
	if key == "" {
		key = "no-key" // vLLM, Ollama and llama.cpp accept any value
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = 4
	}
	if cfg.MaxAttempts <= 0 {
		cfg.MaxAttempts = 6
	}
	if cfg.AttemptTimeout <= 0 {
		cfg.AttemptTimeout = 2 * time.Minute
	}
	if cfg.CallTimeout <= 0 {
		cfg.CallTimeout = 10 * time.Minute
	}
	if cfg.BaseBackoff <= 0 {
		cfg.BaseBackoff = 500 * time.Millisecond
	}
	if cfg.MaxBackoff <= 0 {
		cfg.MaxBackoff = 2 * time.Minute
	}
	if cfg.sleep == nil {
		cfg.sleep = sleepCtx
	}
	if cfg.now == nil {
		cfg.now = time.Now
	}
	if cfg.jitter == nil {
		cfg.jitter = fullJitter
	}
	hc := cfg.HTTPClient
	if hc == nil {
		// Keep one idle connection per slot: the default of 2 per host
		// would reopen connections under load.
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.MaxIdleConnsPerHost = cfg.Concurrency
		if tr.MaxIdleConns < cfg.Concurrency {
			tr.MaxIdleConns = cfg.Concurrency
		}
		hc = &http.Client{Transport: tr}
	}
	c := &Client{cfg: cfg, key: cfg.APIKey, sem: make(chan struct{}, cfg.Concurrency),
		flights: map[string]*flight{}, planned: map[string]bool{}, limits: cfg.Limits.withDefaults()}
	switch cfg.ResponseFormat {
	case "", "auto":
	case "json_schema", "json_object", "text":
		c.forced = true
		for i, f := range formats {
			if string(f) == cfg.ResponseFormat {
				c.mode.Store(int32(i))
			}
		}
	default:
		return nil, fmt.Errorf("llm: unknown response format %q", cfg.ResponseFormat)
	}
	c.doer = &doer{hc: hc, temperature: cfg.Temperature, maxAttempts: cfg.MaxAttempts,
		baseDelay: cfg.BaseBackoff, maxDelay: cfg.MaxBackoff, attemptTO: cfg.AttemptTimeout,
		sleep: cfg.sleep, now: cfg.now, jitter: cfg.jitter}
	oc := openai.DefaultConfig(key)
	oc.BaseURL = cfg.BaseURL
	oc.HTTPClient = c.doer
	c.api = openai.NewClientWithConfig(oc)
	c.cache = cfg.Cache
	if c.cache == nil && cfg.CachePath != "" {
		ch, err := OpenCache(cfg.CachePath)
		if err != nil {
			return nil, err
		}
		c.cache, c.ownCache = ch, true
	}
	return c, nil
}

// Close closes the cache if the Client opened it.
func (c *Client) Close() error {
	if c.ownCache {
		return c.cache.Close()
	}
	return nil
}

// Model is the configured model id.
func (c *Client) Model() string { return c.cfg.Model }

// ResponseFormat is the response format the client currently asks for.
func (c *Client) ResponseFormat() string { return string(formats[c.mode.Load()]) }

// job is one prepared call.
type job struct {
	prompt *Prompt
	user   string // the user message (the data)
}

func (j job) inputHash() string { return sha256Hex(j.user) }

// run answers j from the cache, or plans, queues or makes the call.
func (c *Client) run(ctx context.Context, j job) (string, CallInfo, error) {
	p := j.prompt
	info := CallInfo{Check: p.Check, Model: c.cfg.Model, Temperature: c.cfg.Temperature,
		PromptID: p.ID, PromptHash: p.Hash, InputHash: j.inputHash()}
	info.Key = CacheKey(info.Model, info.PromptHash, info.InputHash)
	if c.cache != nil {
		if rec, ok := c.cache.Get(info.Key); ok {
			info.Status = StatusCached
			info.ResponseFormat = rec.ResponseFormat
			info.FinishReason = rec.FinishReason
			c.stats.add(p.Check, func(s *CheckStats) { s.Cached++ })
			return rec.Raw, info, nil
		}
	}
	if c.cfg.DryRun {
		in, out := estimateTokens(p, j.user)
		info.Status = StatusDryRun
		c.mu.Lock()
		dup := c.planned[info.Key]
		c.planned[info.Key] = true
		c.mu.Unlock()
		if !dup {
			c.stats.add(p.Check, func(s *CheckStats) { s.Planned++; s.EstInputTokens += int64(in); s.EstOutputTokens += int64(out) })
		}
		return "", info, ErrDryRun
	}
	if c.cfg.Batch != nil {
		info.Status = StatusBatchQueued
		added, err := c.cfg.Batch.add(c, j, info)
		if err != nil {
			return "", info, err
		}
		if added {
			c.stats.add(p.Check, func(s *CheckStats) { s.Batched++ })
		}
		return "", info, ErrBatchQueued
	}
	// One call per key at a time: duplicates wait for the first.
	c.mu.Lock()
	if f, ok := c.flights[info.Key]; ok {
		c.mu.Unlock()
		select {
		case <-f.done:
		case <-ctx.Done():
			return "", info, ctx.Err()
		}
		if f.err != nil && (errors.Is(f.err, context.Canceled) || errors.Is(f.err, context.DeadlineExceeded)) && ctx.Err() == nil {
			return c.run(ctx, j) // the first caller gave up; try on our own
		}
		c.stats.add(p.Check, func(s *CheckStats) { s.Shared++ })
		fi := f.info
		if f.err == nil {
			fi.Status = StatusCached
		}
		return f.raw, fi, f.err
	}
	f := &flight{done: make(chan struct{})}
	c.flights[info.Key] = f
	c.mu.Unlock()
	f.raw, f.info, f.err = c.call(ctx, j, info)
	c.mu.Lock()
	delete(c.flights, info.Key)
	c.mu.Unlock()
	close(f.done)
	return f.raw, f.info, f.err
}

// call makes the network call for j.
func (c *Client) call(ctx context.Context, j job, info CallInfo) (string, CallInfo, error) {
	select {
	case c.sem <- struct{}{}:
	case <-ctx.Done():
		return "", info, ctx.Err()
	}
	defer func() { <-c.sem }()
	start := c.cfg.now()
	cctx, cancel := context.WithTimeout(ctx, c.cfg.CallTimeout)
	defer cancel()
	p := j.prompt
	var resp openai.ChatCompletionResponse
	var err error
	mode := int(c.mode.Load())
	for {
		req := c.request(j, formats[mode])
		info.ResponseFormat = string(formats[mode])
		resp, err = c.api.CreateChatCompletion(cctx, req)
		if err == nil {
			break
		}
		if st := httpStatus(err); !c.forced && (st == http.StatusBadRequest || st == http.StatusUnprocessableEntity) && mode < len(formats)-1 {
			mode++
			continue
		}
		break
	}
	info.Duration = c.cfg.now().Sub(start)
	if err != nil {
		info.Status = StatusError
		info.HTTPStatus = httpStatus(err)
		if ctx.Err() != nil {
			info.Error = ctx.Err().Error()
			c.report(info)
			return "", info, ctx.Err()
		}
		info.Error = c.redact(err.Error())
		c.stats.add(p.Check, func(s *CheckStats) { s.Failed++ })
		c.report(info)
		return "", info, &CallError{Status: info.HTTPStatus, Msg: info.Error, exhausted: errors.Is(err, ErrRetriesExhausted) || retryableStatus(info.HTTPStatus)}
	}
	// The server answered in this mode: remember it (never step back up).
	for {
		cur := c.mode.Load()
		if int32(mode) <= cur || c.mode.CompareAndSwap(cur, int32(mode)) {
			break
		}
	}
	raw, finish := "", ""
	if len(resp.Choices) > 0 {
		raw = resp.Choices[0].Message.Content
		finish = string(resp.Choices[0].FinishReason)
	}
	info.Status = StatusOK
	info.FinishReason = finish
	if finish != "" && finish != string(openai.FinishReasonStop) {
		info.Status = StatusIncomplete
	}
	c.stats.add(p.Check, func(s *CheckStats) {
		s.Calls++
		s.PromptTokens += int64(resp.Usage.PromptTokens)
		s.CompletionTokens += int64(resp.Usage.CompletionTokens)
	})
	if c.cache != nil {
		rec := Record{Key: info.Key, Check: p.Check, Model: info.Model, Temperature: info.Temperature,
			PromptID: p.ID, PromptHash: p.Hash, InputHash: info.InputHash, ResponseFormat: info.ResponseFormat,
			Status: info.Status, FinishReason: finish, Raw: raw, PromptTokens: resp.Usage.PromptTokens,
			OutputTokens: resp.Usage.CompletionTokens, ServedModel: resp.Model}
		if err := c.cache.Put(rec); err != nil {
			info.Error = err.Error()
		}
	}
	c.report(info)
	// An incomplete answer (finish_reason "length", ...) is returned too:
	// the check decides whether it parses.
	return raw, info, nil
}

func (c *Client) report(info CallInfo) {
	if c.cfg.OnCall != nil {
		c.cfg.OnCall(info)
	}
}

// request builds the chat completion request for j in the given format.
func (c *Client) request(j job, f openai.ChatCompletionResponseFormatType) openai.ChatCompletionRequest {
	p := j.prompt
	req := openai.ChatCompletionRequest{
		Model: c.cfg.Model,
		Messages: []openai.ChatCompletionMessage{
			{Role: openai.ChatMessageRoleSystem, Content: p.Text},
			{Role: openai.ChatMessageRoleUser, Content: j.user},
		},
		Temperature: c.cfg.Temperature, // 0 is dropped by go-openai; the doer puts it back
		MaxTokens:   p.MaxTokens,
		Seed:        c.cfg.Seed,
	}
	if reasoningModel(c.cfg.Model) {
		// go-openai refuses max_tokens for these, and their hidden
		// reasoning tokens would exhaust a small max_completion_tokens.
		req.MaxTokens = 0
	}
	switch f {
	case openai.ChatCompletionResponseFormatTypeJSONSchema:
		req.ResponseFormat = &openai.ChatCompletionResponseFormat{Type: f,
			JSONSchema: &openai.ChatCompletionResponseFormatJSONSchema{Name: p.SchemaName, Schema: p.Schema, Strict: true}}
	case openai.ChatCompletionResponseFormatTypeJSONObject:
		req.ResponseFormat = &openai.ChatCompletionResponseFormat{Type: f}
	}
	return req
}

// reasoningModel: OpenAI model families that go-openai validates as
// reasoning models (no max_tokens). They also reject temperature 0, which
// the study's protocol requires; use another model for the checks.
func reasoningModel(m string) bool {
	for _, p := range []string{"o1", "o3", "o4", "gpt-5", "gpt-6"} {
		if strings.HasPrefix(m, p) {
			return true
		}
	}
	return false
}

func httpStatus(err error) int {
	var ae *openai.APIError
	if errors.As(err, &ae) {
		return ae.HTTPStatusCode
	}
	var re *openai.RequestError
	if errors.As(err, &re) {
		return re.HTTPStatusCode
	}
	return 0
}

// CallError is a call that got no answer. Its text never holds the API key.
type CallError struct {
	Status    int // HTTP status, 0 for transport errors
	Msg       string
	exhausted bool
}

func (e *CallError) Error() string { return "llm call failed: " + e.Msg }

// Unwrap exposes ErrRetriesExhausted when the retries ran out.
func (e *CallError) Unwrap() error {
	if e.exhausted {
		return ErrRetriesExhausted
	}
	return nil
}

var (
	reBearer  = regexp.MustCompile(`(?i)(bearer\s+)[^\s"',;]+`)
	reKeyLike = regexp.MustCompile(`\bsk-[A-Za-z0-9_\-*]{6,}`)
	reURLUser = regexp.MustCompile(`://[^/@\s]+@`)
)

// redact removes the API key (and anything that looks like a bearer token
// or an OpenAI key) from s.
func (c *Client) redact(s string) string {
	if k := c.key; len(k) >= 4 {
		s = strings.ReplaceAll(s, k, "[REDACTED]")
	}
	s = reBearer.ReplaceAllString(s, "${1}[REDACTED]")
	s = reURLUser.ReplaceAllString(s, "://[REDACTED]@")
	return reKeyLike.ReplaceAllString(s, "sk-[REDACTED]")
}

// InFlightLimit is the configured concurrency.
func (c *Client) InFlightLimit() int { return cap(c.sem) }
