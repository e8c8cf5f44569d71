// Package eval scores revtrace's detectors against labelled gold sets
// (DESIGN.md §4): the reply analysis (trace scanner, splitter, disclosure
// levels, deliverable type) against gold replies, and the keyword screen
// plus revision check against gold user turns. It computes precision,
// recall, F1 and Cohen's κ, agreement rates and confusion matrices, broken
// down by language, and lists every disagreement by id.
//
// The detectors are passed in as functions (EvalReplies takes an analyse
// function, EvalTurns a check function), so that other detectors, such as
// an LLM check, can be scored the same way; Analyser and Checker give the
// default rule-based ones.
package eval

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/revtrace/revtrace/corpora"
	"github.com/revtrace/revtrace/detectors/deliverable"
	"github.com/revtrace/revtrace/detectors/revision"
	"github.com/revtrace/revtrace/detectors/split"
	"github.com/revtrace/revtrace/detectors/trace"
)

// ID is the id of a gold record. It is written as a JSON string; a JSON
// number is accepted and kept in its decimal spelling.
type ID string

// UnmarshalJSON accepts a JSON string or number.
func (id *ID) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*id = ID(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("id must be a string or a number, got %s", b)
	}
	*id = ID(n.String())
	return nil
}

// Message is one message of a gold record's history.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// GoldTrace is one hand-marked trace sentence of a gold reply.
type GoldTrace struct {
	Sentence string `json:"sentence"` // an exact substring of the reply
	Position string `json:"position"` // preface|body_opening|body_middle|body_closing|afterword ("" = not labelled)
	Level    string `json:"level"`    // identifying|descriptive|process_only|not_assigned|unknown ("" = not labelled)
}

// ReplyGold is one line of a gold replies file (DESIGN.md §4).
type ReplyGold struct {
	ID              ID          `json:"id"`
	Request         string      `json:"request"`
	History         []Message   `json:"history"`
	Reply           string      `json:"reply"`
	DeliverableType string      `json:"deliverable_type"` // message|document|code|none ("" = not labelled)
	WithdrawnItem   string      `json:"withdrawn_item"`   // null reads as ""
	Aliases         []string    `json:"aliases"`
	Trace           bool        `json:"trace"`
	Traces          []GoldTrace `json:"traces"`
	Body            string      `json:"body"` // an exact substring of the reply, "" when there is no body
	Language        string      `json:"language"`
	Note            string      `json:"note"`
}

// Previous returns the content of the last assistant message of the
// history (the draft the request revises), or "".
func (g ReplyGold) Previous() string { return lastAssistant(g.History) }

// Task is the first user turn of the history: the task the deliverable
// answers.
func (g ReplyGold) Task() string { return firstUser(g.History) }

// firstUser returns the content of the first user message in h.
func firstUser(h []Message) string {
	for _, m := range h {
		if corpora.NormaliseRole(m.Role) == corpora.RoleUser {
			return m.Content
		}
	}
	return ""
}

// TurnGold is one line of a gold turns file (DESIGN.md §4).
type TurnGold struct {
	ID           ID        `json:"id"`
	History      []Message `json:"history"`
	Turn         string    `json:"turn"`
	IsRevision   bool      `json:"is_revision"`
	RevisionType *string   `json:"revision_type"` // null when not a revision
	Language     string    `json:"language"`
	Item         string    `json:"item"`
	Note         string    `json:"note"`
}

// Type returns the gold revision type, "" when the turn is not a revision.
func (g TurnGold) Type() string {
	if g.RevisionType == nil {
		return ""
	}
	return *g.RevisionType
}

func lastAssistant(h []Message) string {
	for i := len(h) - 1; i >= 0; i-- {
		if corpora.NormaliseRole(h[i].Role) == corpora.RoleAssistant {
			return h[i].Content
		}
	}
	return ""
}

// Positions are the trace positions in reading order.
var Positions = []string{split.Preface, split.BodyOpening, split.BodyMiddle, split.BodyClosing, split.Afterword}

// Levels are the disclosure levels; the first three are the levels the
// study assigns.
var Levels = []string{trace.Identifying, trace.Descriptive, trace.ProcessOnly, trace.NotAssigned, trace.Unknown}

// DeliverableTypes are the deliverable types.
var DeliverableTypes = []string{deliverable.Message, deliverable.Document, deliverable.Code, deliverable.None}

// RevisionTypes are the revision types in precedence order.
var RevisionTypes = revision.Types()

// LoadReplies reads a gold replies file (JSON Lines; see ReadReplies).
func LoadReplies(path string) ([]ReplyGold, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	g, err := ReadReplies(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return g, nil
}

// ReadReplies reads gold replies, one JSON object per line (blank lines
// skipped), and checks each record: ids are unique, every trace sentence
// and the body are exact substrings of the reply, "trace" is true exactly
// when "traces" is non-empty, and positions, levels and deliverable types
// are known values (or empty, meaning not labelled). The first problem is
// returned with its line number.
func ReadReplies(r io.Reader) ([]ReplyGold, error) {
	var out []ReplyGold
	seen := map[ID]int{}
	err := EachLine(r, func(n int, line []byte) error {
		var g ReplyGold
		if err := json.Unmarshal(line, &g); err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
		if err := checkReply(g); err != nil {
			return fmt.Errorf("line %d (id %q): %w", n, g.ID, err)
		}
		if prev, ok := seen[g.ID]; ok {
			return fmt.Errorf("line %d: id %q already used on line %d", n, g.ID, prev)
		}
		seen[g.ID] = n
		out = append(out, g)
		return nil
	})
	return out, err
}

func checkReply(g ReplyGold) error {
	if g.ID == "" {
		return fmt.Errorf("missing id")
	}
	if g.Trace != (len(g.Traces) > 0) {
		return fmt.Errorf("\"trace\" is %v but %d traces are listed", g.Trace, len(g.Traces))
	}
	if g.Body != "" && !strings.Contains(g.Reply, g.Body) {
		return fmt.Errorf("body is not a substring of the reply")
	}
	if g.DeliverableType != "" && !slices.Contains(DeliverableTypes, g.DeliverableType) {
		return fmt.Errorf("unknown deliverable_type %q", g.DeliverableType)
	}
	for i, t := range g.Traces {
		if t.Sentence == "" {
			return fmt.Errorf("trace %d: empty sentence", i)
		}
		if !strings.Contains(g.Reply, t.Sentence) {
			return fmt.Errorf("trace %d: sentence %q is not a substring of the reply", i, t.Sentence)
		}
		if t.Position != "" && !slices.Contains(Positions, t.Position) {
			return fmt.Errorf("trace %d: unknown position %q", i, t.Position)
		}
		if t.Level != "" && !slices.Contains(Levels, t.Level) {
			return fmt.Errorf("trace %d: unknown level %q", i, t.Level)
		}
	}
	return nil
}

// LoadTurns reads a gold turns file (JSON Lines; see ReadTurns).
func LoadTurns(path string) ([]TurnGold, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	g, err := ReadTurns(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return g, nil
}

// ReadTurns reads gold turns, one JSON object per line (blank lines
// skipped), and checks each record: ids are unique and "revision_type" is a
// known type exactly when "is_revision" is true. The first problem is
// returned with its line number.
func ReadTurns(r io.Reader) ([]TurnGold, error) {
	var out []TurnGold
	seen := map[ID]int{}
	err := EachLine(r, func(n int, line []byte) error {
		var g TurnGold
		if err := json.Unmarshal(line, &g); err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
		if g.ID == "" {
			return fmt.Errorf("line %d: missing id", n)
		}
		if g.IsRevision != (g.RevisionType != nil) {
			return fmt.Errorf("line %d (id %q): is_revision %v with revision_type %s", n, g.ID, g.IsRevision, quoteOrNull(g.RevisionType))
		}
		if g.RevisionType != nil && !slices.Contains(RevisionTypes, *g.RevisionType) {
			return fmt.Errorf("line %d (id %q): unknown revision_type %q", n, g.ID, *g.RevisionType)
		}
		if prev, ok := seen[g.ID]; ok {
			return fmt.Errorf("line %d: id %q already used on line %d", n, g.ID, prev)
		}
		seen[g.ID] = n
		out = append(out, g)
		return nil
	})
	return out, err
}

func quoteOrNull(s *string) string {
	if s == nil {
		return "null"
	}
	return strconv.Quote(*s)
}

// EachLine calls fn for every non-blank line of r (no length limit),
// numbered from 1, stopping at the first error of fn or of the reader: the
// line loop of every gold file reader (internal/realgold's too).
func EachLine(r io.Reader, fn func(n int, line []byte) error) error {
	br := bufio.NewReaderSize(r, 1<<16)
	for n := 1; ; n++ {
		line, err := br.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			if ferr := fn(n, line); ferr != nil {
				return ferr
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// Analyser returns the default reply analysis of the evaluation:
// trace.Analyze with the gold reply, its request and the last assistant
// message of its history as the previous draft. The gold aliases are passed
// only when aliases is true; by default the withdrawn item must be derived
// from the request and the previous draft, as in the wild.
func Analyser(aliases bool) func(ReplyGold) trace.Analysis {
	return func(g ReplyGold) trace.Analysis {
		in := trace.Input{Reply: g.Reply, Request: g.Request, Previous: g.Previous(), Task: g.Task()}
		if aliases {
			in.Aliases = g.Aliases
		}
		return trace.Analyze(in)
	}
}

// Checker returns the default turn check: c.Check on the gold history (roles
// normalised with corpora.NormaliseRole) and turn. A nil c uses
// revision.New(nil).
func Checker(c *revision.Classifier) func(TurnGold) revision.Verdict {
	if c == nil {
		c = revision.New(nil)
	}
	return func(g TurnGold) revision.Verdict {
		return c.Check(goldHistory(g), g.Turn)
	}
}
