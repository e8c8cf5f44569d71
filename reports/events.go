package reports

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"

	"github.com/revtrace/revtrace/miner"
)

// Per-conversation counters: what a conversation's events add to the
// numerators and denominators of the report's rates. The layout is fixed
// by the type lists of package miner.
var (
	cEvents, cRR, cTF, cTB                    = 0, 1, 2, 3
	cType0                                    = 4 // 3 per revision type: events, trace full, trace body
	cDeliv0                                   = cType0 + 3*len(miner.RevisionTypes)
	cPartEv0                                  = cDeliv0 + 3*len(miner.DeliverableTypes) // events with a trace in each part
	cPosEv0                                   = cPartEv0 + len(miner.Parts)             // events with a trace in each position
	cPosSent0                                 = cPosEv0 + len(miner.Positions)          // trace sentences per position
	cLevel0                                   = cPosSent0 + len(miner.Positions)        // trace sentences per level
	cSentences                                = cLevel0 + len(miner.Levels)
	nCounters                                 = cSentences + 1
	typeIdx, delivIdx, partIdx, posIdx, lvIdx = index(miner.RevisionTypes), index(miner.DeliverableTypes), index(miner.Parts), index(miner.Positions), index(miner.Levels)
)

func index(names []string) map[string]int {
	m := map[string]int{}
	for i, n := range names {
		m[n] = i
	}
	return m
}

// rate is one ratio of sums of per-conversation counters.
type rate struct {
	id       string
	num, den []int // counter indices
}

func counter(i int) []int { return []int{i} }

func sumCounters(idx ...int) []int { return idx }

func sum(c []uint64, idx []int) uint64 {
	var s uint64
	for _, i := range idx {
		s += c[i]
	}
	return s
}

// rates lists every rate that gets an interval, by id:
//
//	rr, tf, tb                      revocation-or-replacement, trace full, trace body / events
//	type/T/tf|tb, group/G/tf|tb     per revision type and Figure 3b group
//	deliv/D/tf|tb                   per deliverable type
//	partev/P, posev/POS             traced events with a trace in part P / position POS / traced events
//	part/P, pos/POS, level/L        trace sentences in part P / position POS / of level L / trace sentences
var rates = func() []rate {
	rs := []rate{
		{"rr", counter(cRR), counter(cEvents)},
		{"tf", counter(cTF), counter(cEvents)},
		{"tb", counter(cTB), counter(cEvents)},
	}
	for i, t := range miner.RevisionTypes {
		rs = append(rs, rate{"type/" + t + "/tf", counter(cType0 + 3*i + 1), counter(cType0 + 3*i)},
			rate{"type/" + t + "/tb", counter(cType0 + 3*i + 2), counter(cType0 + 3*i)})
	}
	for _, g := range groups {
		var ev, tf, tb []int
		for _, t := range g.Types {
			i := typeIdx[t]
			ev, tf, tb = append(ev, cType0+3*i), append(tf, cType0+3*i+1), append(tb, cType0+3*i+2)
		}
		rs = append(rs, rate{"group/" + g.Name + "/tf", sumCounters(tf...), sumCounters(ev...)},
			rate{"group/" + g.Name + "/tb", sumCounters(tb...), sumCounters(ev...)})
	}
	for i, d := range miner.DeliverableTypes {
		rs = append(rs, rate{"deliv/" + d + "/tf", counter(cDeliv0 + 3*i + 1), counter(cDeliv0 + 3*i)},
			rate{"deliv/" + d + "/tb", counter(cDeliv0 + 3*i + 2), counter(cDeliv0 + 3*i)})
	}
	for i, p := range miner.Parts {
		var pos []int
		for j, q := range miner.Positions {
			if miner.PartOf(q) == p {
				pos = append(pos, cPosSent0+j)
			}
		}
		rs = append(rs, rate{"partev/" + p, counter(cPartEv0 + i), counter(cTF)},
			rate{"part/" + p, sumCounters(pos...), counter(cSentences)})
	}
	for i, q := range miner.Positions {
		rs = append(rs, rate{"posev/" + q, counter(cPosEv0 + i), counter(cTF)},
			rate{"pos/" + q, counter(cPosSent0 + i), counter(cSentences)})
	}
	for i, l := range miner.Levels {
		rs = append(rs, rate{"level/" + l, counter(cLevel0 + i), counter(cSentences)})
	}
	return rs
}()

// eventLine is the part of an events.jsonl line the reports read.
type eventLine struct {
	Corpus          string      `json:"corpus"`
	Kind            string      `json:"kind"`
	ConversationID  string      `json:"conversation_id"`
	UserTurn        int         `json:"user_turn"`
	RevisionType    string      `json:"revision_type"`
	DeliverableType string      `json:"deliverable_type"`
	TraceFull       bool        `json:"trace_full"`
	TraceBody       bool        `json:"trace_body"`
	Traces          []traceLine `json:"traces"`
	Links           []linkLine  `json:"links"`
}

// linkLine is the part of a link the reports read.
type linkLine struct {
	Kind            string `json:"kind"`
	URL             string `json:"url"`
	Repo            string `json:"repo"`
	TraceInArtifact bool   `json:"trace_in_artifact"`
}

// traceLine is the part of a trace the reports read.
type traceLine struct {
	Position string `json:"position"`
	Level    string `json:"level"`
}

// add adds one event to a conversation's counters.
func (e *eventLine) add(c []uint64) {
	c[cEvents]++
	if e.RevisionType == "withdraw" || e.RevisionType == "replace" {
		c[cRR]++
	}
	tf, tb := b2u(e.TraceFull), b2u(e.TraceBody)
	c[cTF] += tf
	c[cTB] += tb
	if i, ok := typeIdx[e.RevisionType]; ok {
		c[cType0+3*i]++
		c[cType0+3*i+1] += tf
		c[cType0+3*i+2] += tb
	}
	if i, ok := delivIdx[e.DeliverableType]; ok {
		c[cDeliv0+3*i]++
		c[cDeliv0+3*i+1] += tf
		c[cDeliv0+3*i+2] += tb
	}
	var seenPos, seenPart uint32
	for _, t := range e.Traces {
		c[cSentences]++
		if i, ok := posIdx[t.Position]; ok {
			c[cPosSent0+i]++
			if seenPos&(1<<i) == 0 {
				seenPos |= 1 << i
				c[cPosEv0+i]++
			}
			if j := partIdx[miner.PartOf(t.Position)]; seenPart&(1<<j) == 0 {
				seenPart |= 1 << j
				c[cPartEv0+j]++
			}
		}
		if i, ok := lvIdx[t.Level]; ok {
			c[cLevel0+i]++
		}
	}
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// clusterStore keeps the counters of every conversation seen, compactly:
// the conversation being read in full, finished ones as varint-encoded
// (index, value) lists of their non-zero counters. events.jsonl lists a
// conversation's events together, so a conversation is usually finished
// once; one that comes back (a duplicate conversation ID elsewhere in the
// input) is decoded and continued.
type clusterStore struct {
	corpora []string       // corpus names, in order of appearance
	corpusN map[string]int // corpus name -> index
	// where maps a conversation's key, a 64-bit FNV-1a hash of corpus and
	// conversation_id (two of 10 million conversations share one with a
	// probability under 3e-6), to its record in arena.
	where   map[uint64]int64
	arena   []byte
	cur     uint64
	curOK   bool
	curCorp int
	acc     []uint64
}

func newClusterStore() *clusterStore {
	return &clusterStore{corpusN: map[string]int{}, where: map[uint64]int64{}, acc: make([]uint64, nCounters)}
}

// event adds e to the counters of its conversation (corpus +
// conversation_id).
func (s *clusterStore) event(e *eventLine) {
	key := fnvAdd(fnvAdd(fnvAdd(fnvOffset, e.Corpus), "\x00"), e.ConversationID)
	if !s.curOK || key != s.cur {
		s.finish()
		ci, ok := s.corpusN[e.Corpus]
		if !ok {
			ci = len(s.corpora)
			s.corpusN[e.Corpus] = ci
			s.corpora = append(s.corpora, e.Corpus)
		}
		s.cur, s.curOK, s.curCorp = key, true, ci
		if off, ok := s.where[key]; ok {
			_, s.acc = decodeCluster(s.arena[off:], s.acc)
		}
	}
	e.add(s.acc)
}

// finish stores the current conversation's counters.
func (s *clusterStore) finish() {
	if !s.curOK {
		return
	}
	s.where[s.cur] = int64(len(s.arena))
	s.arena = binary.AppendUvarint(s.arena, uint64(s.curCorp))
	nz := 0
	for _, v := range s.acc {
		if v != 0 {
			nz++
		}
	}
	s.arena = binary.AppendUvarint(s.arena, uint64(nz))
	for i, v := range s.acc {
		if v != 0 {
			s.arena = binary.AppendUvarint(s.arena, uint64(i))
			s.arena = binary.AppendUvarint(s.arena, v)
			s.acc[i] = 0
		}
	}
	s.curOK = false
}

// decodeCluster decodes one stored conversation into c (which must be
// zero) and returns its corpus index.
func decodeCluster(b []byte, c []uint64) (int, []uint64) {
	corp, n := binary.Uvarint(b)
	b = b[n:]
	nz, n := binary.Uvarint(b)
	b = b[n:]
	for range nz {
		i, n := binary.Uvarint(b)
		b = b[n:]
		v, n := binary.Uvarint(b)
		b = b[n:]
		c[i] = v
	}
	return int(corp), c
}

// scopeStats are the histograms of one corpus, or of all ("total").
type scopeStats struct {
	clusters int
	sums     []uint64 // per counter, to check against summary.json
	hists    []pairHist
	cis      map[string]CI
}

// runStats is what the reports take from events.jsonl and cases.jsonl.
type runStats struct {
	haveEvents bool
	scopes     map[string]*scopeStats
	// mismatch names the scopes whose events.jsonl counts differ from
	// summary.json (their intervals are left out).
	mismatch []string
	cases    *caseStats
}

// ci returns the interval of rate id in scope, if any.
func (r *runStats) ci(scope, id string) CI {
	if r == nil {
		return CI{}
	}
	sc := r.scopes[scope]
	if sc == nil || sc.cis == nil {
		return CI{}
	}
	return sc.cis[id]
}

// readRunStats streams dir/events.jsonl (and cases.jsonl) once, keeping
// small per-conversation counters only, and computes every interval. A
// missing events.jsonl gives stats without intervals.
func readRunStats(dir string, s *miner.Summary) (*runStats, error) {
	rs := &runStats{scopes: map[string]*scopeStats{}, cases: newCaseStats()}
	f, err := os.Open(filepath.Join(dir, "events.jsonl"))
	if errors.Is(err, fs.ErrNotExist) {
		return rs, rs.cases.readCases(dir)
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rs.haveEvents = true
	store := newClusterStore()
	br := bufio.NewReaderSize(f, 1<<20)
	var line []byte
	var e eventLine
	for lineNo := 1; ; lineNo++ {
		line = line[:0]
		for {
			chunk, err := br.ReadSlice('\n')
			line = append(line, chunk...)
			if err == bufio.ErrBufferFull {
				continue
			}
			if err != nil && err != io.EOF {
				return nil, err
			}
			break
		}
		if len(line) == 0 {
			break
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if err := decodeEvent(line, &e); err != nil {
			return nil, fmt.Errorf("events.jsonl line %d: %w", lineNo, err)
		}
		if e.Kind != "" && e.Kind != "revision" { // edit branches are never in the study's rates
			continue
		}
		store.event(&e)
		rs.cases.event(&e)
	}
	store.finish()
	rs.build(store)
	rs.check(s)
	rs.intervals()
	return rs, rs.cases.readCases(dir)
}

// intervals sets every scope's bootstrap intervals, on as many goroutines
// as there are CPUs: each interval has its own generator, seeded from its
// data (see bootstrapCI), so the order they are drawn in does not matter.
func (rs *runStats) intervals() {
	type job struct {
		sc *scopeStats
		i  int
	}
	var jobs []job
	for name, sc := range rs.scopes {
		if slices.Contains(rs.mismatch, name) {
			continue
		}
		sc.cis = map[string]CI{}
		for i := range rates {
			jobs = append(jobs, job{sc, i})
		}
	}
	// Scopes often share a histogram (with one corpus the total is that
	// corpus): each distinct input is drawn once, its key being its seed.
	type input struct {
		ps       []pair
		cs       []int
		clusters int
		key      string
	}
	var inputs []input
	which := make([]int, len(jobs)) // job -> index into inputs
	byKey := map[string]int{}
	for k, j := range jobs {
		ps, cs := j.sc.hists[j.i].categories()
		key := histKey(ps, cs, j.sc.clusters)
		u, ok := byKey[key]
		if !ok {
			u = len(inputs)
			byKey[key] = u
			inputs = append(inputs, input{ps, cs, j.sc.clusters, key})
		}
		which[k] = u
	}
	drawn := make([]CI, len(inputs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(inputs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for u := range next {
				in := inputs[u]
				drawn[u] = drawCI(in.ps, in.cs, in.clusters, in.key)
			}
		}()
	}
	for u := range inputs {
		next <- u
	}
	close(next)
	wg.Wait()
	cis := make([]CI, len(jobs))
	for k := range jobs {
		cis[k] = drawn[which[k]]
	}
	for k, j := range jobs {
		j.sc.cis[rates[j.i].id] = cis[k]
	}
}

func (rs *runStats) scope(name string) *scopeStats {
	sc := rs.scopes[name]
	if sc == nil {
		sc = &scopeStats{sums: make([]uint64, nCounters), hists: make([]pairHist, len(rates))}
		rs.scopes[name] = sc
	}
	return sc
}

// build turns the stored conversations into per-scope histograms. The
// order of the map walk does not matter: only counts are added.
func (rs *runStats) build(store *clusterStore) {
	c := make([]uint64, nCounters)
	total := rs.scope("total")
	byCorpus := make([]*scopeStats, len(store.corpora))
	for i, name := range store.corpora {
		byCorpus[i] = rs.scope(name)
	}
	for _, off := range store.where {
		clear(c)
		ci, _ := decodeCluster(store.arena[off:], c)
		for _, sc := range []*scopeStats{byCorpus[ci], total} {
			sc.clusters++
			for i, v := range c {
				sc.sums[i] += v
			}
			for i, r := range rates {
				if n, d := sum(c, r.num), sum(c, r.den); n != 0 || d != 0 {
					sc.hists[i].add(n, d)
				}
			}
		}
	}
}

// check compares the event counts of events.jsonl with summary.json: when
// they differ (an events.jsonl from another run), that scope's intervals
// are left out rather than printed beside numbers they do not belong to.
func (rs *runStats) check(s *miner.Summary) {
	if s == nil {
		return
	}
	scopes := map[string]*miner.Counts{"total": s.Total}
	for n, c := range s.Corpora {
		scopes[n] = c
	}
	names := make([]string, 0, len(rs.scopes))
	for n := range rs.scopes {
		names = append(names, n)
	}
	for n := range scopes {
		if rs.scopes[n] == nil {
			rs.scope(n)
			names = append(names, n)
		}
	}
	slices.Sort(names)
	for _, n := range names {
		c, sc := scopes[n], rs.scopes[n]
		if c == nil || uint64(c.RevisionEvents) != sc.sums[cEvents] || uint64(c.TraceFull) != sc.sums[cTF] ||
			uint64(c.TraceBody) != sc.sums[cTB] || uint64(c.RevocationOrReplacement) != sc.sums[cRR] ||
			uint64(c.TraceSentences) != sc.sums[cSentences] {
			rs.mismatch = append(rs.mismatch, n)
		}
	}
}
