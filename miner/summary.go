package miner

import (
	"math"
	"sort"
)

// Revision types, deliverable types, positions and levels in the order the
// summary and the reports list them.
var (
	RevisionTypes    = []string{"withdraw", "replace", "correct", "reformat", "extend", "other"}
	DeliverableTypes = []string{"message", "document", "code", "none"}
	Positions        = []string{"preface", "body_opening", "body_middle", "body_closing", "afterword"}
	Levels           = []string{"identifying", "descriptive", "process_only", "not_assigned", "unknown"}
	Parts            = []string{"preface", "body", "afterword"}
)

// Cell counts events and traced events in one group.
type Cell struct {
	Events    int `json:"events"`
	TraceFull int `json:"trace_full"`
	TraceBody int `json:"trace_body"`
}

// Counts are the aggregate counts of one corpus, or of all of them. Every
// field is a plain count so that counts from shards add up exactly; the
// shares are derived from them when the summary is written.
type Counts struct {
	Conversations           int              `json:"conversations"`
	Messages                int              `json:"messages"`
	UserTurns               int              `json:"user_turns"`
	Candidates              int              `json:"candidates"`
	RevisionEvents          int              `json:"revision_events"`
	RequestsWithoutReply    int              `json:"requests_without_reply"`
	RevocationOrReplacement int              `json:"revocation_or_replacement"`
	TraceFull               int              `json:"trace_full"`
	TraceBody               int              `json:"trace_body"`
	Unavailable             int              `json:"unavailable"`
	Duplicates              int              `json:"duplicates"`
	SkippedRecords          int              `json:"skipped_records"`
	EditBranches            int              `json:"edit_branches,omitempty"`      // edit_branch events (ChatGPT export); left out when 0
	TruncatedMessages       int              `json:"truncated_messages,omitempty"` // messages cut to --max-message-bytes (in errors.jsonl, not skipped records); left out when 0
	ByRevisionType          map[string]*Cell `json:"by_revision_type"`
	ByDeliverable           map[string]*Cell `json:"by_deliverable"`
	// Positions counts events with at least one trace sentence in each position.
	Positions map[string]int `json:"positions"`
	// PositionShare is the share of trace sentences in each part (preface,
	// body, afterword); derived from SentencePositions.
	PositionShare map[string]float64 `json:"position_share"`
	// Levels counts trace sentences by disclosure level.
	Levels map[string]int `json:"levels"`
	// TraceSentences is the number of trace sentences; SentencePositions
	// splits them by position.
	TraceSentences    int            `json:"trace_sentences"`
	SentencePositions map[string]int `json:"sentence_positions"`
	// PartEvents counts traced events with a trace in each part (preface,
	// body, afterword): the study's Figure 3d as a share of traced replies.
	PartEvents map[string]int `json:"part_events"`
	// LLM holds the LLM checks' counts (Options.LLM); nil, and left out,
	// when the LLM did not run.
	LLM *LLMCounts `json:"llm,omitempty"`
}

// NewCounts returns Counts with every map key present, so that the summary
// always has the same shape.
func NewCounts() *Counts {
	c := &Counts{}
	c.init()
	return c
}

// init makes every map of c with every key present (see NewCounts).
func (c *Counts) init() {
	c.ByRevisionType = map[string]*Cell{}
	c.ByDeliverable = map[string]*Cell{}
	c.Positions = map[string]int{}
	c.PositionShare = map[string]float64{}
	c.Levels = map[string]int{}
	c.SentencePositions = map[string]int{}
	c.PartEvents = map[string]int{}
	for _, t := range RevisionTypes {
		c.ByRevisionType[t] = &Cell{}
	}
	for _, t := range DeliverableTypes {
		c.ByDeliverable[t] = &Cell{}
	}
	for _, p := range Positions {
		c.Positions[p] = 0
		c.SentencePositions[p] = 0
	}
	for _, l := range Levels {
		c.Levels[l] = 0
	}
	for _, p := range Parts {
		c.PositionShare[p] = 0
		c.PartEvents[p] = 0
	}
}

// Add adds o into c. The maps of o may be nil (a conversation's counts
// before its first event); c must have been made by NewCounts.
func (c *Counts) Add(o *Counts) {
	c.Conversations += o.Conversations
	c.Messages += o.Messages
	c.UserTurns += o.UserTurns
	c.Candidates += o.Candidates
	c.RevisionEvents += o.RevisionEvents
	c.RequestsWithoutReply += o.RequestsWithoutReply
	c.RevocationOrReplacement += o.RevocationOrReplacement
	c.TraceFull += o.TraceFull
	c.TraceBody += o.TraceBody
	c.Unavailable += o.Unavailable
	c.Duplicates += o.Duplicates
	c.SkippedRecords += o.SkippedRecords
	c.EditBranches += o.EditBranches
	c.TruncatedMessages += o.TruncatedMessages
	c.TraceSentences += o.TraceSentences
	addCells(c.ByRevisionType, o.ByRevisionType)
	addCells(c.ByDeliverable, o.ByDeliverable)
	addInts(c.Positions, o.Positions)
	addInts(c.Levels, o.Levels)
	addInts(c.SentencePositions, o.SentencePositions)
	addInts(c.PartEvents, o.PartEvents)
	if o.LLM != nil {
		if c.LLM == nil {
			c.LLM = &LLMCounts{}
		}
		c.LLM.add(o.LLM)
	}
	if o.TraceSentences > 0 || o.LLM != nil {
		c.derive() // the shares change only with the sentences (and the LLM counts)
	}
}

func addCells(dst, src map[string]*Cell) {
	for k, v := range src {
		d := dst[k]
		if d == nil {
			d = &Cell{}
			dst[k] = d
		}
		d.Events += v.Events
		d.TraceFull += v.TraceFull
		d.TraceBody += v.TraceBody
	}
}

func addInts(dst, src map[string]int) {
	for k, v := range src {
		dst[k] += v
	}
}

// PartOf maps a position to its part: preface, body or afterword.
func PartOf(position string) string {
	switch position {
	case "preface", "afterword":
		return position
	default:
		return "body"
	}
}

// derive recomputes the derived shares from the counts. Shares are rounded
// to 4 decimals so that the JSON is stable across platforms.
func (c *Counts) derive() {
	if c.LLM != nil {
		c.LLM.derive()
	}
	for _, p := range Parts {
		c.PositionShare[p] = 0
	}
	if c.TraceSentences == 0 {
		return
	}
	byPart := map[string]int{}
	for pos, n := range c.SentencePositions {
		byPart[PartOf(pos)] += n
	}
	for _, p := range Parts {
		c.PositionShare[p] = math.Round(float64(byPart[p])/float64(c.TraceSentences)*10000) / 10000
	}
}

// Summary is summary.json.
type Summary struct {
	Version string `json:"version"`
	// Shard is "I/N" in the summary of one shard of a run (--shard), empty
	// (and left out) otherwise; Merge clears it.
	Shard     string             `json:"shard,omitempty"`
	Detectors map[string]string  `json:"detectors"`
	Corpora   map[string]*Counts `json:"corpora"`
	Total     *Counts            `json:"total"`
	// RejectedSample describes the sample of screen-rejected turns
	// (Options.SampleRejected); nil, and left out, without one.
	RejectedSample *SampleSummary `json:"rejected_sample,omitempty"`
	// Baseline counts the traces known from and new against --baseline
	// DIR; nil, and left out, without one.
	Baseline *BaselineSummary `json:"baseline,omitempty"`
}

// CorpusNames returns the corpus names of s in sorted order.
func (s *Summary) CorpusNames() []string {
	names := make([]string, 0, len(s.Corpora))
	for n := range s.Corpora {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// corpus returns the counts of name, creating them.
func (s *Summary) corpus(name string) *Counts {
	c := s.Corpora[name]
	if c == nil {
		c = NewCounts()
		s.Corpora[name] = c
	}
	return c
}
