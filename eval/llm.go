package eval

import (
	"context"
	"errors"
	"sync"

	"github.com/revtrace/revtrace/corpora"
	"github.com/revtrace/revtrace/detectors/llm"
	"github.com/revtrace/revtrace/detectors/revision"
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
	workers = max(workers, 1)
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
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(workers, len(jobs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				in := llm.RevisionInput{History: llmMessages(jobs[k].g.History), Turn: jobs[k].g.Turn}
				results[k], errs[k] = client.Revision(ctx, in)
			}
		}()
	}
feed:
	for k := range jobs {
		select {
		case next <- k:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
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
