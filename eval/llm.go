package eval

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/revtrace/revtrace/corpora"
	"github.com/revtrace/revtrace/detectors/llm"
	"github.com/revtrace/revtrace/detectors/revision"
	"github.com/revtrace/revtrace/detectors/trace"
)

// LLMTurns is what the LLM revision check did on a gold turn set.
type LLMTurns struct {
	Model string `json:"model"`
	// Candidates is how many turns the keyword screen selected: each was
	// sent to the check, as mine --llm sends every candidate. The other
	// turns are not revisions for the LLM detector either.
	Candidates int `json:"candidates"`
	// Unresolved lists the turns whose answer could not be used (no
	// answer, a malformed one, or a "yes" whose evidence is not in the
	// turn). They are kept out of every figure of the report.
	Unresolved []ID `json:"unresolved"`
}

// LLMVerdicts runs the LLM revision check of client on the gold turns that
// rules' keyword screen selects, with at most workers turns in flight (the
// client bounds its calls too), and returns the verdicts by turn id:
// Candidate and Keyword from the screen, IsRevision and Type from the
// answer. Unresolved answers are listed in the LLMTurns and have no
// verdict. A cancelled ctx, or a client that only plans (dry run or batch),
// ends it with the error.
func LLMVerdicts(ctx context.Context, gold []TurnGold, rules *revision.Classifier, client *llm.Client, workers int) (map[ID]revision.Verdict, LLMTurns, error) {
	if rules == nil {
		rules = revision.New(nil)
	}
	info := LLMTurns{Model: client.Model(), Unresolved: []ID{}}
	verdicts := make(map[ID]revision.Verdict, len(gold))
	type job struct {
		g TurnGold
		v revision.Verdict
	}
	var jobs []job
	for _, g := range gold {
		v := rules.Check(goldHistory(g), g.Turn)
		if !v.Candidate {
			verdicts[g.ID] = revision.Verdict{}
			continue
		}
		jobs = append(jobs, job{g, v})
	}
	info.Candidates = len(jobs)
	results := make([]llm.RevisionResult, len(jobs))
	errs := make([]error, len(jobs))
	eachBounded(ctx, len(jobs), workers, func(k int) {
		in := llm.RevisionInput{History: llmMessages(jobs[k].g.History), Turn: jobs[k].g.Turn}
		results[k], errs[k] = client.Revision(ctx, in)
	})
	if err := ctx.Err(); err != nil {
		return nil, info, err
	}
	for k, j := range jobs {
		if errors.Is(errs[k], llm.ErrDryRun) || errors.Is(errs[k], llm.ErrBatchQueued) {
			return nil, info, errs[k]
		}
		r := results[k]
		if !r.Resolved {
			info.Unresolved = append(info.Unresolved, j.g.ID)
			continue
		}
		v := revision.Verdict{Candidate: true, Keyword: j.v.Keyword, Family: j.v.Family, IsRevision: r.IsRevision}
		if r.IsRevision {
			v.Type = r.PrimaryType
			v.Item = r.Item
		}
		verdicts[j.g.ID] = v
	}
	return verdicts, info, nil
}

// eachBounded calls fn(k) for k in [0, n) on at most workers goroutines,
// and hands out no more k once ctx is done.
func eachBounded(ctx context.Context, n, workers int, fn func(k int)) {
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(max(workers, 1), n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				fn(k)
			}
		}()
	}
feed:
	for k := range n {
		select {
		case next <- k:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
}

// Resolved returns the gold turns that have a verdict.
func Resolved(gold []TurnGold, verdicts map[ID]revision.Verdict) []TurnGold {
	var out []TurnGold
	for _, g := range gold {
		if _, ok := verdicts[g.ID]; ok {
			out = append(out, g)
		}
	}
	return out
}

// goldHistory is the gold turn's history as the classifier reads it.
func goldHistory(g TurnGold) []corpora.Message {
	hist := make([]corpora.Message, len(g.History))
	for i, m := range g.History {
		hist[i] = corpora.Message{Role: corpora.NormaliseRole(m.Role), Content: m.Content}
	}
	return hist
}

// llmMessages is the gold history as the LLM check reads it (roles
// normalised as the miner has them).
func llmMessages(h []Message) []llm.Message {
	out := make([]llm.Message, len(h))
	for i, m := range h {
		out[i] = llm.Message{Role: corpora.NormaliseRole(m.Role), Content: m.Content}
	}
	return out
}

// LLMReplies scores the LLM trace check on gold replies, beside the
// scanner on the same replies.
type LLMReplies struct {
	Model string `json:"model"`
	// Replies is how many gold replies were sent (every one).
	Replies int `json:"replies"`
	// Unresolved lists the replies whose answer could not be used (no
	// answer, a malformed one, or a quote not in the reply). They are kept
	// out of every figure below.
	Unresolved []ID `json:"unresolved"`
	// TraceFull and TraceBody score the LLM's verified trace (anywhere, and
	// with its quote in the body the splitter finds) against gold, over the
	// resolved replies; Scanner and ScannerBody score the scanner on the
	// same replies.
	TraceFull   Binary `json:"trace_full"`
	TraceBody   Binary `json:"trace_body"`
	Scanner     Binary `json:"scanner_trace_full"`
	ScannerBody Binary `json:"scanner_trace_body"`
	// Agreement is the LLM's trace_full against the scanner's on the same
	// replies: Kappa is Cohen's κ between the two detectors, as the study
	// reports it (the scanner in the gold column).
	Agreement Binary  `json:"agreement"`
	Errors    []Error `json:"errors,omitempty"`
}

// Error kinds of LLMTraces.
const (
	ErrLLMTraceFP = "llm_trace_fp" // a verified trace on a reply gold says has none
	ErrLLMTraceFN = "llm_trace_fn" // a gold trace the LLM did not find
)

// LLMTraces runs the LLM trace check of client on every gold reply (its
// body from analyse, the scanner, as mine gives it), with at most workers
// replies in flight, and scores it against gold beside the scanner. A
// cancelled ctx, or a client that only plans, ends it with the error.
func LLMTraces(ctx context.Context, gold []ReplyGold, analyse func(ReplyGold) trace.Analysis, client *llm.Client, workers int) (LLMReplies, error) {
	r := LLMReplies{Model: client.Model(), Replies: len(gold), Unresolved: []ID{}}
	scans := make([]trace.Analysis, len(gold))
	results := make([]llm.TraceResult, len(gold))
	errs := make([]error, len(gold))
	eachBounded(ctx, len(gold), workers, func(k int) {
		scans[k] = analyse(gold[k])
		in := llm.TraceInput{Reply: gold[k].Reply}
		if b := scans[k].Body; b != nil {
			in.Body = &llm.Span{Start: b.Start, End: b.End}
		}
		results[k], errs[k] = client.Trace(ctx, in)
	})
	if err := ctx.Err(); err != nil {
		return r, err
	}
	for k, g := range gold {
		if errors.Is(errs[k], llm.ErrDryRun) || errors.Is(errs[k], llm.ErrBatchQueued) {
			return r, errs[k]
		}
		res, a := results[k], scans[k]
		if !res.Resolved {
			r.Unresolved = append(r.Unresolved, g.ID)
			continue
		}
		goldBody := false
		for _, t := range g.Traces {
			goldBody = goldBody || strings.HasPrefix(t.Position, "body_")
		}
		r.TraceFull.Add(g.Trace, res.Full)
		r.TraceBody.Add(goldBody, res.Body)
		r.Scanner.Add(g.Trace, a.Trace)
		r.ScannerBody.Add(goldBody, a.TraceBody)
		r.Agreement.Add(a.Trace, res.Full)
		switch {
		case res.Full && !g.Trace:
			r.Errors = append(r.Errors, Error{ID: g.ID, Kind: ErrLLMTraceFP, Detail: fmt.Sprintf("quoted %q", clip(res.Quote, 100, true))})
		case g.Trace && !res.Full:
			r.Errors = append(r.Errors, Error{ID: g.ID, Kind: ErrLLMTraceFN, Detail: fmt.Sprintf("missed %q", clip(g.Traces[0].Sentence, 100, true))})
		}
	}
	for _, b := range []*Binary{&r.TraceFull, &r.TraceBody, &r.Scanner, &r.ScannerBody, &r.Agreement} {
		b.Finish()
	}
	return r, nil
}
