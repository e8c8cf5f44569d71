package miner

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"

	"github.com/revtrace/revtrace/detectors/trace"
)

// Baselines (mine --baseline DIR): the traces of a previous run, so that a
// run reports only the traces that are new, like a secret scanner's
// baseline.
//
// A trace is identified by (corpus, conversation_id, user_turn, SHA-256 of
// the trace sentence). When the baseline was written with --redact its
// sentences are "[REDACTED:xxxxxxxx]", the first 8 hex digits of the
// sentence's SHA-256: a current trace then matches on those 8 digits only
// (32 bits within one user turn: collisions are possible but rare). Every
// trace of the current run found in the baseline gets "baseline": true in
// events.jsonl; new traces have no such field, so a run without --baseline
// writes what it always wrote.

// Baseline is the set of trace keys read from a previous run's
// events.jsonl.
type Baseline struct {
	Dir    string // DIR as given
	Hash   string // hex SHA-256 of DIR/events.jsonl (the checkpoint's plan)
	Traces int    // traces read
	keys   map[[32]byte]struct{}
}

// BaselineSummary is summary.json's "baseline" (only with --baseline):
// KnownTraces are the run's traces found in the baseline, NewTraces the
// others, NewTraceEvents the events with at least one new trace.
type BaselineSummary struct {
	Dir            string `json:"dir"`
	KnownTraces    int    `json:"known_traces"`
	NewTraces      int    `json:"new_traces"`
	NewTraceEvents int    `json:"new_trace_events"`
}

// redactedSentence matches a sentence masked by Redact.
var redactedSentence = regexp.MustCompile(`^\[REDACTED:([0-9a-f]{8})\]$`)

// baselineEvent is the part of an events.jsonl line a baseline needs.
type baselineEvent struct {
	Corpus         string `json:"corpus"`
	ConversationID string `json:"conversation_id"`
	UserTurn       int    `json:"user_turn"`
	Traces         []struct {
		Sentence string `json:"sentence"`
	} `json:"traces"`
}

// LoadBaseline reads dir/events.jsonl line by line (one line in memory at
// a time) into a set of trace keys.
func LoadBaseline(dir string) (*Baseline, error) {
	path := filepath.Join(dir, "events.jsonl")
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("baseline: %w (DIR must be the --out directory of a previous revtrace mine)", err)
	}
	defer f.Close()
	b := &Baseline{Dir: dir, keys: map[[32]byte]struct{}{}}
	h := sha256.New()
	r := bufio.NewReaderSize(f, 1<<16)
	for n := 1; ; n++ {
		line, err := r.ReadBytes('\n')
		h.Write(line)
		if t := bytes.TrimSpace(line); len(t) > 0 {
			var ev baselineEvent
			if jerr := json.Unmarshal(t, &ev); jerr != nil {
				return nil, fmt.Errorf("baseline: %s line %d: %v", path, n, jerr)
			}
			for _, tr := range ev.Traces {
				var sh string
				if m := redactedSentence.FindStringSubmatch(tr.Sentence); m != nil {
					sh = "r:" + m[1]
				} else {
					sum := sha256.Sum256([]byte(tr.Sentence))
					sh = hex.EncodeToString(sum[:])
				}
				b.keys[baselineKey(ev.Corpus, ev.ConversationID, ev.UserTurn, sh)] = struct{}{}
				b.Traces++
			}
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("baseline: %s: %w", path, err)
		}
	}
	b.Hash = hex.EncodeToString(h.Sum(nil))
	return b, nil
}

// baselineKey hashes a trace's identity; sh is the sentence's full SHA-256
// in hex, or "r:" and its first 8 hex digits (a redacted baseline).
func baselineKey(corpus, conv string, userTurn int, sh string) [32]byte {
	k := make([]byte, 0, len(corpus)+len(conv)+len(sh)+24)
	k = append(k, corpus...)
	k = append(k, 0)
	k = append(k, conv...)
	k = append(k, 0)
	k = strconv.AppendInt(k, int64(userTurn), 10)
	k = append(k, 0)
	k = append(k, sh...)
	return sha256.Sum256(k)
}

// Known reports whether a trace sentence of the given user turn is in the
// baseline (by its full hash, or by its 8-hex prefix from a redacted one).
func (b *Baseline) Known(corpus, conv string, userTurn int, sentence string) bool {
	sum := sha256.Sum256([]byte(sentence))
	full := hex.EncodeToString(sum[:])
	if _, ok := b.keys[baselineKey(corpus, conv, userTurn, full)]; ok {
		return true
	}
	_, ok := b.keys[baselineKey(corpus, conv, userTurn, "r:"+full[:8])]
	return ok
}

// mark looks up ev's traces (before redaction) and counts them into s; it
// returns one flag per trace, nil when none is in the baseline.
func (b *Baseline) mark(ev *Event, s *BaselineSummary) []bool {
	var marks []bool
	fresh := false
	for i, t := range ev.Traces {
		if b.Known(ev.Corpus, ev.ConversationID, ev.UserTurn, t.Sentence) {
			if marks == nil {
				marks = make([]bool, len(ev.Traces))
			}
			marks[i] = true
			s.KnownTraces++
		} else {
			s.NewTraces++
			fresh = true
		}
	}
	if fresh {
		s.NewTraceEvents++
	}
	return marks
}

// markedTrace is a trace as events.jsonl writes it with a baseline mark.
type markedTrace struct {
	trace.Trace
	Baseline bool `json:"baseline,omitempty"`
}

// encodeMarked encodes ev as one events.jsonl line with "baseline": true
// on the traces marks flags, keeping every other byte (and the key order)
// as the plain encoding has them: ev is encoded with no traces and the
// marked traces are put in place of the empty list. The first `"traces":[]`
// is the event's own key: a string value cannot hold it unescaped, and no
// key before it holds an object with such a key.
func encodeMarked(ev *Event, marks []bool) ([]byte, error) {
	enc := func(v any) ([]byte, error) {
		var buf bytes.Buffer
		e := json.NewEncoder(&buf)
		e.SetEscapeHTML(false)
		if err := e.Encode(v); err != nil {
			return nil, err
		}
		return buf.Bytes(), nil
	}
	bare := *ev
	bare.Traces = []trace.Trace{}
	line, err := enc(&bare)
	if err != nil {
		return nil, err
	}
	ts := make([]markedTrace, len(ev.Traces))
	for i, t := range ev.Traces {
		ts[i] = markedTrace{Trace: t, Baseline: i < len(marks) && marks[i]}
	}
	list, err := enc(ts)
	if err != nil {
		return nil, err
	}
	const key = `"traces":`
	at := bytes.Index(line, []byte(key+"[]"))
	if at < 0 {
		return nil, errors.New("baseline: cannot place the traces in the event line")
	}
	out := make([]byte, 0, len(line)+len(list))
	out = append(out, line[:at+len(key)]...)
	out = append(out, bytes.TrimSuffix(list, []byte("\n"))...)
	out = append(out, line[at+len(key)+2:]...)
	return out, nil
}

// mergeBaselines combines the baseline summaries of merged runs: the counts
// add up; a run without one counts all its traces as new. Runs against
// different baselines are not merged.
func mergeBaselines(dirs []string, summaries []*Summary) (*BaselineSummary, error) {
	var out *BaselineSummary
	from := ""
	for i, s := range summaries {
		if s.Baseline == nil {
			continue
		}
		if out == nil {
			out, from = &BaselineSummary{Dir: s.Baseline.Dir}, dirs[i]
		} else if s.Baseline.Dir != out.Dir {
			return nil, fmt.Errorf("merge: %s was mined with --baseline %s, %s with --baseline %s: refusing to mix", dirs[i], s.Baseline.Dir, from, out.Dir)
		}
	}
	if out == nil {
		return nil, nil
	}
	for _, s := range summaries {
		if b := s.Baseline; b != nil {
			out.KnownTraces += b.KnownTraces
			out.NewTraces += b.NewTraces
			out.NewTraceEvents += b.NewTraceEvents
		} else if s.Total != nil {
			out.NewTraces += s.Total.TraceSentences
			out.NewTraceEvents += s.Total.TraceFull
		}
	}
	return out, nil
}
