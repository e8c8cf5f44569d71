package llm

import (
	"sort"
	"sync"
	"unicode/utf8"
)

// CheckStats counts the work of one check (or all of them).
type CheckStats struct {
	Calls            int64 `json:"calls"`             // answers obtained from the server
	Cached           int64 `json:"cached"`            // answers served from the cache
	Shared           int64 `json:"shared"`            // answers shared with an identical request in flight
	Failed           int64 `json:"failed"`            // calls that got no answer (after retries)
	Unresolved       int64 `json:"unresolved"`        // results that are unresolved (failed, malformed, unverifiable)
	Planned          int64 `json:"planned"`           // dry run: calls that would be made
	Batched          int64 `json:"batched"`           // requests written to the batch file
	EstInputTokens   int64 `json:"est_input_tokens"`  // dry run estimate (chars/4)
	EstOutputTokens  int64 `json:"est_output_tokens"` // dry run estimate (typical answer length)
	PromptTokens     int64 `json:"prompt_tokens"`     // as reported by the server
	CompletionTokens int64 `json:"completion_tokens"` // as reported by the server
}

func (a *CheckStats) plus(b CheckStats) {
	a.Calls += b.Calls
	a.Cached += b.Cached
	a.Shared += b.Shared
	a.Failed += b.Failed
	a.Unresolved += b.Unresolved
	a.Planned += b.Planned
	a.Batched += b.Batched
	a.EstInputTokens += b.EstInputTokens
	a.EstOutputTokens += b.EstOutputTokens
	a.PromptTokens += b.PromptTokens
	a.CompletionTokens += b.CompletionTokens
}

// Stats is a snapshot of a Client's counters.
type Stats struct {
	CheckStats
	ByCheck  map[string]CheckStats `json:"by_check"`
	Attempts int64                 `json:"attempts"` // HTTP attempts, retries included
	Retries  int64                 `json:"retries"`
}

// Reused is the number of answers that cost no call: cache hits and answers
// shared with an identical request in flight (the summary's "cached").
func (s Stats) Reused() int64 { return s.Cached + s.Shared }

// Checks returns the check names in ByCheck, sorted.
func (s Stats) Checks() []string {
	var out []string
	for k := range s.ByCheck {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

type statsAcc struct {
	mu sync.Mutex
	by map[string]*CheckStats
}

func (a *statsAcc) add(check string, f func(*CheckStats)) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.by == nil {
		a.by = map[string]*CheckStats{}
	}
	s := a.by[check]
	if s == nil {
		s = &CheckStats{}
		a.by[check] = s
	}
	f(s)
}

// Stats returns the counters so far.
func (c *Client) Stats() Stats {
	c.stats.mu.Lock()
	defer c.stats.mu.Unlock()
	st := Stats{ByCheck: map[string]CheckStats{}}
	for k, v := range c.stats.by {
		st.ByCheck[k] = *v
		st.CheckStats.plus(*v)
	}
	st.Attempts = c.doer.attempts.Load()
	st.Retries = c.doer.retries.Load()
	return st
}

// estimateTokens is the dry run's estimate: characters / 4 for the prompt
// and the data (a rough rule for English; it undercounts CJK text, where a
// character is often a token of its own), plus a few tokens per message,
// and the prompt's typical answer length for the output.
func estimateTokens(p *Prompt, user string) (in, out int) {
	chars := utf8.RuneCountInString(p.Text) + utf8.RuneCountInString(user) + len(p.Schema)
	return (chars+3)/4 + 2*4 + 3, p.EstOutput
}
