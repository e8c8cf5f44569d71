package screen

import (
	"container/heap"
	"encoding/binary"
	"encoding/json"
	"hash/fnv"
	"io"
	"sort"
	"sync"
)

// Rejected turns, sampled for a person (or the LLM check) to label, so that
// the screen's recall can be measured on what it rejected (method.md: "measure
// the screen's recall by running the check on a sample of turns the screen
// rejected"; the issue's --sample-rejected N).
//
// The sample is a seeded bottom-k sample: every turn gets a priority from a
// hash of the seed and its key (source and turn index), and the n turns of
// lowest priority are kept. It does not depend on the order in which turns
// are offered, so parallel workers, shards (Merge) and resumed runs give the
// same sample as one sequential pass.
//
// Wiring (not done here: the miner and cmd/revtrace/mine.go belong to
// another change): `revtrace mine --sample-rejected N [--sample-seed S]`
// creates NewRejectedSample(N, S); the analyser calls Offer for every user
// turn after the first whose Verdict.Candidate is false (it has the history
// there, so a turn without an earlier assistant message can be skipped or
// kept as the caller prefers); shard outputs are merged with Merge; at the
// end WriteJSONL writes DIR/rejected-sample.jsonl. With --llm the same turns
// go to the revision check instead, and the share judged revisions is the
// estimate of the screen's miss rate.

// SampledTurn is one rejected turn of the sample.
type SampledTurn struct {
	Corpus         string `json:"corpus"`
	Source         string `json:"source"`
	ConversationID string `json:"conversation_id"`
	TurnIndex      int    `json:"turn_index"`
	UserTurn       int    `json:"user_turn"`
	Turn           string `json:"turn"`
	Previous       string `json:"previous,omitempty"` // the assistant message before the turn, for the labeller
	priority       uint64
}

// RejectedSample keeps a seeded sample of at most n turns. It is safe for
// concurrent use.
type RejectedSample struct {
	mu    sync.Mutex
	n     int
	seed  uint64
	items sampleHeap // max-heap on priority: the root is evicted first
	seen  int
}

// NewRejectedSample returns an empty sample of at most n turns.
func NewRejectedSample(n int, seed uint64) *RejectedSample {
	return &RejectedSample{n: max(n, 0), seed: seed}
}

// Priority is the sampling priority of a turn key: a 64-bit FNV-1a hash of
// the seed and the key.
func Priority(seed uint64, key string) uint64 {
	h := fnv.New64a()
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], seed)
	h.Write(b[:])
	h.Write([]byte(key))
	return h.Sum64()
}

func (t SampledTurn) key() string {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], uint64(t.TurnIndex))
	return t.Corpus + "\x00" + t.Source + "\x00" + string(b[:])
}

// Offer considers one rejected turn for the sample.
func (s *RejectedSample) Offer(t SampledTurn) {
	t.priority = Priority(s.seed, t.key())
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seen++
	s.offer(t)
}

func (s *RejectedSample) offer(t SampledTurn) {
	if s.n == 0 {
		return
	}
	if len(s.items) < s.n {
		heap.Push(&s.items, t)
		return
	}
	if root := s.items[0]; less(t, root) {
		s.items[0] = t
		heap.Fix(&s.items, 0)
	}
}

// Merge adds the turns of o (a sample with the same n and seed, e.g. of
// another shard) to s.
func (s *RejectedSample) Merge(o *RejectedSample) {
	o.mu.Lock()
	items := append([]SampledTurn(nil), o.items...)
	seen := o.seen
	o.mu.Unlock()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seen += seen
	for _, t := range items {
		s.offer(t)
	}
}

// Seen returns how many turns were offered (the population the sample is
// drawn from).
func (s *RejectedSample) Seen() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.seen
}

// Turns returns the sample in a deterministic order (by priority).
func (s *RejectedSample) Turns() []SampledTurn {
	s.mu.Lock()
	out := append([]SampledTurn(nil), s.items...)
	s.mu.Unlock()
	sort.Slice(out, func(i, j int) bool { return less(out[i], out[j]) })
	return out
}

// labelRecord is a line of the file for a person to label: the turn and
// empty label fields in the turn gold schema (testdata/gold/TURNS.md).
type labelRecord struct {
	SampledTurn
	IsRevision   *bool   `json:"is_revision"`
	RevisionType *string `json:"revision_type"`
	Note         string  `json:"note"`
}

// WriteJSONL writes the sample, one JSON object per line, with null
// is_revision and revision_type for the labeller to fill in.
func (s *RejectedSample) WriteJSONL(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, t := range s.Turns() {
		if err := enc.Encode(labelRecord{SampledTurn: t}); err != nil {
			return err
		}
	}
	return nil
}

func less(a, b SampledTurn) bool {
	if a.priority != b.priority {
		return a.priority < b.priority
	}
	return a.key() < b.key()
}

type sampleHeap []SampledTurn

func (h sampleHeap) Len() int           { return len(h) }
func (h sampleHeap) Less(i, j int) bool { return less(h[j], h[i]) } // max-heap
func (h sampleHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *sampleHeap) Push(x any)        { *h = append(*h, x.(SampledTurn)) }
func (h *sampleHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
