package miner

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/revtrace/revtrace/corpora"
	"github.com/revtrace/revtrace/detectors/llm"
	"github.com/revtrace/revtrace/detectors/screen"
)

// The LLM stage (Options.LLM, `mine --llm`).
//
// The keyword screen still selects the candidates. Each candidate goes
// through the LLM revision check (the history before the turn and the turn,
// never the reply): a resolved yes makes an event with classifier "llm" and
// the LLM's primary type; a resolved no is not an event; an unresolved
// answer (no answer after retries, malformed, or evidence that does not
// occur in the turn) falls back to the rule classifier's decision for that
// turn (classifier "rules") and is counted in llm.unresolved. The reply of
// every event then goes through the LLM trace check (event.llm); the
// scanner's trace_full/trace_body stay as they are.
//
// When a check gets no answer because the client only plans (llm.ErrDryRun)
// or queues (llm.ErrBatchQueued), the trace check is planned for the reply
// of every candidate that has one, whichever way the revision check will
// go, so that a dry run gives an upper bound and a batch holds every request
// the real run can need.

// LLMCounts is the summary's llm object of one corpus (or all of them): the
// DESIGN fields (calls, cached, unresolved, trace_full, trace_body,
// agreement_kappa), derived from plain counts so that shards and resumed
// runs add up exactly.
//
// calls and cached depend on the state of the cache, not only on the input:
// calls are answers the server gave to this run (and, resumed, to the runs
// it continues), cached those answered by the cache or shared with an
// identical request in flight. Merge adds both, so the merged calls are
// the calls of all shards; calls + cached is the number of checks and does
// not depend on the cache.
type LLMCounts struct {
	Calls      int64 `json:"calls"`
	Cached     int64 `json:"cached"`
	Unresolved int64 `json:"unresolved"` // revision checks fallen back to the rules + unresolved trace checks
	// TraceFull and TraceBody count events whose reply the LLM found a
	// verified trace in (anywhere / in the body), out of Resolved.
	TraceFull      int64    `json:"trace_full"`
	TraceBody      int64    `json:"trace_body"`
	AgreementKappa *float64 `json:"agreement_kappa"` // scanner vs LLM trace_full over resolved events; null when undefined
	Resolved       int64    `json:"resolved"`        // events whose trace check resolved
	// RevisionChecks is the number of candidates checked; RevisionUnresolved
	// of them fell back to the rules; LLMEvents the events the LLM accepted
	// (classifier "llm"); LLMRejected the candidates it judged not to be
	// revision requests.
	RevisionChecks     int64 `json:"revision_checks"`
	RevisionUnresolved int64 `json:"revision_unresolved"`
	TraceUnresolved    int64 `json:"trace_unresolved"`
	LLMEvents          int64 `json:"llm_events"`
	LLMRejected        int64 `json:"llm_rejected"`
	// Tally holds the counts everything above is derived from.
	Tally llm.Tally `json:"tally"`
}

func (l *LLMCounts) add(o *LLMCounts) {
	l.Calls += o.Calls
	l.Cached += o.Cached
	l.LLMEvents += o.LLMEvents
	l.LLMRejected += o.LLMRejected
	l.Tally.Merge(o.Tally)
	l.derive()
}

func (l *LLMCounts) derive() {
	s := l.Tally.Summary(l.Calls, l.Cached)
	l.TraceFull, l.TraceBody, l.Resolved, l.AgreementKappa = s.TraceFull, s.TraceBody, s.Resolved, s.AgreementKappa
	l.RevisionChecks = l.Tally.RevisionRun
	l.RevisionUnresolved = l.Tally.RevisionUnresolved
	l.TraceUnresolved = l.Tally.Unresolved
	l.Unresolved = l.RevisionUnresolved + l.TraceUnresolved
}

// call counts one check's call status.
func (l *LLMCounts) call(info llm.CallInfo) {
	switch info.Status {
	case llm.StatusOK, llm.StatusIncomplete:
		l.Calls++
	case llm.StatusCached:
		l.Cached++
	}
}

// noAnswerYet: the client plans or queues instead of calling.
func noAnswerYet(err error) bool {
	return errors.Is(err, llm.ErrDryRun) || errors.Is(err, llm.ErrBatchQueued)
}

// ctxError: the run was cancelled during a check; the analysis is not to be
// written.
func ctxError(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

func llmHistory(msgs []corpora.Message) []llm.Message {
	out := make([]llm.Message, 0, len(msgs))
	for _, m := range msgs {
		out = append(out, llm.Message{Role: m.Role, Content: m.Content})
	}
	return out
}

// llmIdentity names the LLM stage for the plan and the summary: the model
// and the prompt versions with their hashes.
func llmIdentity(c *llm.Client) string {
	parts := []string{c.Model()}
	for _, p := range llm.Prompts() {
		parts = append(parts, p.ID+":"+p.Hash[:16])
	}
	return strings.Join(parts, " ")
}

// RejectedSampleFile is the sample of screen-rejected turns
// (Options.SampleRejected), one JSON object per line for a person to label.
const RejectedSampleFile = "rejected-sample.jsonl"

// SampleSummary is the summary's rejected_sample object.
type SampleSummary struct {
	Seed       uint64 `json:"seed"`
	Size       int    `json:"size"`       // turns in the sample
	Requested  int    `json:"requested"`  // --sample-rejected
	Population int    `json:"population"` // rejected later user turns (with an earlier assistant message) the sample is drawn from
	// LLM: the revision check on the sampled turns (with --llm).
	LLM *SampleLLM `json:"llm,omitempty"`
}

// SampleLLM counts the revision check's answers on the sample. MissRate =
// Revisions / (Revisions + NotRevisions): the estimated share of rejected
// turns that are revision requests (the screen's miss rate among rejected
// turns), null when nothing resolved.
type SampleLLM struct {
	Revisions    int      `json:"revisions"`
	NotRevisions int      `json:"not_revisions"`
	Unresolved   int      `json:"unresolved"`
	MissRate     *float64 `json:"miss_rate"`
	Calls        int64    `json:"calls"`
	Cached       int64    `json:"cached"`
}

// sampleRecord is one line of RejectedSampleFile: the turn, empty label
// fields in the turn gold schema (testdata/gold/TURNS.md) and, with --llm,
// the revision check's label.
type sampleRecord struct {
	screen.SampledTurn
	IsRevision   *bool   `json:"is_revision"`
	RevisionType *string `json:"revision_type"`
	Note         string  `json:"note"`
	LLMRevision  string  `json:"llm_revision,omitempty"`
}

// sampleState is the collector's sample: the sample itself, the size of
// the population, and the LLM labels of its turns once checked.
type sampleState struct {
	n          int
	seed       uint64
	s          *screen.RejectedSample
	population int
	// masked: turns are redacted as they are offered (--redact without
	// --llm: nothing needs their text), so that no checkpoint holds them
	// in the clear
	masked bool
}

func newSampleState(n int, seed uint64) *sampleState {
	return &sampleState{n: n, seed: seed, s: screen.NewRejectedSample(n, seed)}
}

// savedSample is the sample in the checkpoint.
type savedSample struct {
	Population int                  `json:"population"`
	Turns      []screen.SampledTurn `json:"turns"`
}

func (st *sampleState) save() *savedSample {
	return &savedSample{Population: st.population, Turns: st.s.Turns()}
}

func (st *sampleState) restore(sv *savedSample) {
	if sv == nil {
		return
	}
	st.population = sv.Population
	for _, t := range sv.Turns {
		st.s.Offer(t)
	}
}

func (st *sampleState) offer(ts []screen.SampledTurn) {
	for _, t := range ts {
		if st.masked {
			t.Turn, t.Previous = Redact(t.Turn), Redact(t.Previous)
		}
		st.population++
		st.s.Offer(t)
	}
}

// finish checks the sample's turns with the LLM (when c is not nil: the
// assistant message before the turn and the turn, what the labeller sees),
// writes RejectedSampleFile and returns the summary's object.
func (st *sampleState) finish(ctx context.Context, dir string, c *llm.Client, redact bool, conc int) (*SampleSummary, error) {
	turns := st.s.Turns()
	labels := make([]string, len(turns))
	sum := &SampleSummary{Seed: st.seed, Size: len(turns), Requested: st.n, Population: st.population}
	if c != nil {
		sl := &SampleLLM{}
		var mu sync.Mutex
		var wg sync.WaitGroup
		sem := make(chan struct{}, max(conc, 1))
		var ctxErr error
		for i, t := range turns {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				var hist []llm.Message
				if t.Previous != "" {
					hist = []llm.Message{{Role: corpora.RoleAssistant, Content: t.Previous}}
				}
				rev, err := c.Revision(ctx, llm.RevisionInput{History: hist, Turn: t.Turn})
				mu.Lock()
				defer mu.Unlock()
				if ctxError(err) {
					ctxErr = err
				}
				switch rev.Call.Status {
				case llm.StatusOK, llm.StatusIncomplete:
					sl.Calls++
				case llm.StatusCached:
					sl.Cached++
				}
				labels[i] = rev.Label()
			}()
		}
		wg.Wait()
		if ctxErr != nil {
			return nil, ctxErr
		}
		sl.count(labels)
		sum.LLM = sl
	}
	return sum, writeSample(dir, turns, labels, redact && !st.masked)
}

func (sl *SampleLLM) count(labels []string) {
	sl.Revisions, sl.NotRevisions, sl.Unresolved = 0, 0, 0
	for _, l := range labels {
		switch l {
		case "unresolved":
			sl.Unresolved++
		case "none":
			sl.NotRevisions++
		default:
			sl.Revisions++
		}
	}
	sl.MissRate = nil
	if n := sl.Revisions + sl.NotRevisions; n > 0 {
		r := math.Round(float64(sl.Revisions)/float64(n)*1e4) / 1e4
		sl.MissRate = &r
	}
}

func writeSample(dir string, turns []screen.SampledTurn, labels []string, redact bool) error {
	f, err := os.Create(filepath.Join(dir, RejectedSampleFile))
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for i, t := range turns {
		if redact {
			t.Turn, t.Previous = Redact(t.Turn), Redact(t.Previous)
		}
		rec := sampleRecord{SampledTurn: t}
		if labels != nil {
			rec.LLMRevision = labels[i]
		}
		if err := enc.Encode(rec); err != nil {
			f.Close()
			return err
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// mergeSamples merges the RejectedSampleFile of dirs (runs with the same
// sample size and seed) into out: the turns of all of them are offered to
// one sample, which is the sample a single run draws (a seeded bottom-k
// sample does not depend on how its population was split); the LLM labels
// travel with the turns.
func mergeSamples(out string, dirs []string, sums []*Summary) (*SampleSummary, error) {
	var first *SampleSummary
	for i, s := range sums {
		r := s.RejectedSample
		switch {
		case i == 0:
			first = r
		case (r == nil) != (first == nil):
			return nil, fmt.Errorf("merge: %s has a sample of rejected turns (--sample-rejected) and %s not: refusing to mix", pick(r != nil, dirs[i], dirs[0]), pick(r != nil, dirs[0], dirs[i]))
		case r != nil && (r.Requested != first.Requested || r.Seed != first.Seed || (r.LLM == nil) != (first.LLM == nil)):
			return nil, fmt.Errorf("merge: %s and %s sampled rejected turns with different --sample-rejected, --sample-seed or --llm", dirs[0], dirs[i])
		}
	}
	if first == nil {
		return nil, nil
	}
	st := newSampleState(first.Requested, first.Seed)
	label := map[string]string{}
	key := func(t screen.SampledTurn) string {
		return fmt.Sprintf("%s\x00%s\x00%d", t.Corpus, t.Source, t.TurnIndex)
	}
	for i, d := range dirs {
		st.population += sums[i].RejectedSample.Population
		f, err := os.Open(filepath.Join(d, RejectedSampleFile))
		if err != nil {
			return nil, fmt.Errorf("merge: %v", err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 256<<20)
		for sc.Scan() {
			var rec sampleRecord
			if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
				f.Close()
				return nil, fmt.Errorf("merge: %s: %v", filepath.Join(d, RejectedSampleFile), err)
			}
			st.s.Offer(rec.SampledTurn)
			label[key(rec.SampledTurn)] = rec.LLMRevision
		}
		err = sc.Err()
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("merge: %v", err)
		}
	}
	turns := st.s.Turns()
	sum := &SampleSummary{Seed: st.seed, Size: len(turns), Requested: st.n, Population: st.population}
	var labels []string
	if first.LLM != nil {
		labels = make([]string, len(turns))
		for i, t := range turns {
			labels[i] = label[key(t)]
		}
		sl := &SampleLLM{}
		for _, s := range sums {
			sl.Calls += s.RejectedSample.LLM.Calls
			sl.Cached += s.RejectedSample.LLM.Cached
		}
		sl.count(labels)
		sum.LLM = sl
	}
	// The turns are already redacted when the runs were: written as read.
	return sum, writeSample(out, turns, labels, false)
}

func pick(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}
