package realgold

// Real reply sets: the assistant replies that follow labelled revision
// requests, with hand-made labels of their deliverable, body and trace
// sentences stored as byte offsets, so that no reply text enters the tree.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/revtrace/revtrace/corpora"
	"github.com/revtrace/revtrace/eval"
)

// ReplyPick is one selected reply: the revision request it answers (where
// it is and its SHA-256), the reply's message index and SHA-256, and the
// turn label it was drawn from ("r2-013").
type ReplyPick struct {
	ID             string `json:"id"`
	ConversationID string `json:"conversation_id"`
	TurnIndex      int    `json:"turn_index"`
	TurnSHA256     string `json:"turn_sha256"`
	ReplyIndex     int    `json:"reply_index"`
	ReplySHA256    string `json:"reply_sha256"`
	From           string `json:"from"`
}

// ReplyIndexOf returns the index of the reply to messages[i]: the first
// assistant message with text after it, before the next user message; -1
// when there is none (the rule revtrace mine applies).
func ReplyIndexOf(messages []Message, i int) int {
	for j := i + 1; j < len(messages); j++ {
		switch corpora.NormaliseRole(messages[j].Role) {
		case corpora.RoleUser:
			return -1
		case corpora.RoleAssistant:
			if !isBlank(messages[j].Content) {
				return j
			}
		}
	}
	return -1
}

// SelectReplies draws n replies to the revision requests of labels (the
// labels with is_revision true whose turn has a reply, ReplyIndexOf), all
// of them when n is 0: sorted by conversation id and turn index, shuffled
// with PCG (seed, 0) and numbered "<prefix>-001"... in shuffled order. A
// label whose turn is not in the sample, or no longer hashes to its
// turn_sha256, is an error naming it.
func SelectReplies(convs []Conversation, labels []Label, seed uint64, n int, prefix string) ([]ReplyPick, error) {
	byID := make(map[string]*Conversation, len(convs))
	for i := range convs {
		byID[convs[i].ID] = &convs[i]
	}
	var cands []ReplyPick
	for _, l := range labels {
		if !l.IsRevision {
			continue
		}
		c, ok := byID[l.ConversationID]
		if !ok || l.TurnIndex >= len(c.Messages) {
			return nil, fmt.Errorf("label %s: turn %d of conversation %s is not in the sample", l.ID, l.TurnIndex, l.ConversationID)
		}
		if got := TurnSHA256(c.Messages[l.TurnIndex].Content); got != l.TurnSHA256 {
			return nil, fmt.Errorf("label %s: turn_sha256 mismatch (the sample has changed)", l.ID)
		}
		ri := ReplyIndexOf(c.Messages, l.TurnIndex)
		if ri < 0 {
			continue
		}
		cands = append(cands, ReplyPick{ConversationID: l.ConversationID, TurnIndex: l.TurnIndex, TurnSHA256: l.TurnSHA256,
			ReplyIndex: ri, ReplySHA256: TurnSHA256(c.Messages[ri].Content), From: l.ID})
	}
	sort.Slice(cands, func(a, b int) bool {
		if cands[a].ConversationID != cands[b].ConversationID {
			return cands[a].ConversationID < cands[b].ConversationID
		}
		return cands[a].TurnIndex < cands[b].TurnIndex
	})
	for i := 1; i < len(cands); i++ {
		if cands[i].ConversationID == cands[i-1].ConversationID && cands[i].TurnIndex == cands[i-1].TurnIndex {
			return nil, fmt.Errorf("labels %s and %s point at the same turn", cands[i-1].From, cands[i].From)
		}
	}
	if n == 0 {
		n = len(cands)
	}
	if n < 0 || n > len(cands) {
		return nil, fmt.Errorf("asked for %d replies, the labels have %d revision requests with a reply", n, len(cands))
	}
	return draw(cands, seed, n, prefix, func(p *ReplyPick) *string { return &p.ID }), nil
}

// Span is a byte range [Start, End) of a reply.
type Span struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// ReplyTrace is one labelled trace sentence: its span in the reply, its
// part (preface, body_opening, body_middle, body_closing, afterword: see
// PositionOf) and its disclosure level.
type ReplyTrace struct {
	Span
	Position string `json:"position"`
	Level    string `json:"level"`
}

// ReplyLabel is one line of a reply labels file: a ReplyPick and the label.
type ReplyLabel struct {
	ReplyPick
	DeliverableType string       `json:"deliverable_type"` // message|document|code|none
	Body            *Span        `json:"body"`             // null exactly when the type is none
	WithdrawnItem   *string      `json:"withdrawn_item"`   // a few words of the request or the previous draft; null when none can be derived
	Trace           bool         `json:"trace"`            // len(traces) > 0
	Traces          []ReplyTrace `json:"traces"`           // in reply order, not overlapping
	Language        string       `json:"language"`         // ISO 639-1 of the reply
	Note            string       `json:"note"`
}

var (
	deliverableTypes = []string{"message", "document", "code", "none"}
	traceLevels      = []string{"identifying", "descriptive", "process_only", "not_assigned", "unknown"}
)

// CheckReplyLabel checks one reply label on its own: the pointers (ids,
// indexes, hashes), a known deliverable type with a body exactly when it is
// not none, trace equal to len(traces) > 0, traces in order without
// overlap, each with a known position and level, and a language code.
func CheckReplyLabel(l ReplyLabel) error {
	switch {
	case l.ID == "" || l.From == "":
		return fmt.Errorf("missing id or from")
	case l.ConversationID == "":
		return fmt.Errorf("missing conversation_id")
	case l.TurnIndex < 0 || l.ReplyIndex <= l.TurnIndex:
		return fmt.Errorf("turn_index %d and reply_index %d: the reply must come after the turn", l.TurnIndex, l.ReplyIndex)
	case !hexSHA256.MatchString(l.TurnSHA256) || !hexSHA256.MatchString(l.ReplySHA256):
		return fmt.Errorf("turn_sha256 or reply_sha256 is not 64 lower-case hex digits")
	case !slices.Contains(deliverableTypes, l.DeliverableType):
		return fmt.Errorf("unknown deliverable_type %q", l.DeliverableType)
	case (l.Body == nil) != (l.DeliverableType == "none"):
		return fmt.Errorf("deliverable_type %s with body %v: a body is given exactly when the type is not none", l.DeliverableType, l.Body)
	case l.Body != nil && (l.Body.Start < 0 || l.Body.End <= l.Body.Start):
		return fmt.Errorf("body span %d..%d is empty or negative", l.Body.Start, l.Body.End)
	case l.Trace != (len(l.Traces) > 0):
		return fmt.Errorf("trace is %v with %d traces", l.Trace, len(l.Traces))
	case l.WithdrawnItem != nil && strings.TrimSpace(*l.WithdrawnItem) == "":
		return fmt.Errorf("withdrawn_item is blank (use null)")
	case !isoLangTag.MatchString(l.Language):
		return fmt.Errorf("language %q is not a two-letter ISO 639-1 code", l.Language)
	}
	end := 0
	for k, t := range l.Traces {
		switch {
		case t.Start < end || t.End <= t.Start:
			return fmt.Errorf("trace %d (%d..%d) is empty, out of order or overlaps the one before", k+1, t.Start, t.End)
		case !slices.Contains(positions, t.Position):
			return fmt.Errorf("trace %d: unknown position %q", k+1, t.Position)
		case !slices.Contains(traceLevels, t.Level):
			return fmt.Errorf("trace %d: unknown level %q", k+1, t.Level)
		}
		end = t.End
	}
	return nil
}

var positions = []string{"preface", "body_opening", "body_middle", "body_closing", "afterword"}

// PositionOf is the part of a reply a trace starting at byte start falls
// in, given the body span (nil: no body): preface before the body (or
// without one), afterword after it, and inside it body_opening, _middle or
// _closing by the share of the body's runes before start (under 15%, 85%
// and over). It is the rule of testdata/gold/README.md, which revtrace's
// splitter also follows.
func PositionOf(reply string, body *Span, start int) string {
	switch {
	case body == nil || start < body.Start:
		return "preface"
	case start >= body.End:
		return "afterword"
	}
	total := utf8.RuneCountInString(reply[body.Start:body.End])
	before := utf8.RuneCountInString(reply[body.Start:start])
	switch {
	case 100*before < 15*total:
		return "body_opening"
	case 100*before >= 85*total:
		return "body_closing"
	}
	return "body_middle"
}

// ReadReplyLabelsFile reads a reply labels file (see ReadReplyLabels).
func ReadReplyLabelsFile(path string) ([]ReplyLabel, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ls, err := ReadReplyLabels(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ls, nil
}

// ReadReplyLabels reads reply labels, one JSON object per line (blank lines
// skipped, unknown fields an error), checks each with CheckReplyLabel and
// checks that ids and replies are unique. The first problem is returned
// with its line number and label id.
func ReadReplyLabels(r io.Reader) ([]ReplyLabel, error) {
	var out []ReplyLabel
	ids := map[string]int{}
	replies := map[Pick]string{}
	err := eval.EachLine(r, func(n int, line []byte) error {
		var l ReplyLabel
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&l); err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
		if err := CheckReplyLabel(l); err != nil {
			return fmt.Errorf("line %d (label %s): %w", n, l.ID, err)
		}
		if prev, ok := ids[l.ID]; ok {
			return fmt.Errorf("line %d: label id %s already used on line %d", n, l.ID, prev)
		}
		ids[l.ID] = n
		key := Pick{ConversationID: l.ConversationID, TurnIndex: l.ReplyIndex}
		if prev, ok := replies[key]; ok {
			return fmt.Errorf("line %d (label %s): same reply as label %s", n, l.ID, prev)
		}
		replies[key] = l.ID
		out = append(out, l)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// replyOf returns the conversation, request and reply a pick points at,
// checking both hashes and that the reply is the turn's (ReplyIndexOf).
func replyOf(byID map[string]*Conversation, p ReplyPick) (*Conversation, string, string, error) {
	c, ok := byID[p.ConversationID]
	if !ok {
		return nil, "", "", fmt.Errorf("label %s: conversation %s is not in the sample", p.ID, p.ConversationID)
	}
	if p.ReplyIndex >= len(c.Messages) {
		return nil, "", "", fmt.Errorf("label %s: conversation %s has %d messages, reply_index is %d", p.ID, p.ConversationID, len(c.Messages), p.ReplyIndex)
	}
	turn, reply := c.Messages[p.TurnIndex].Content, c.Messages[p.ReplyIndex].Content
	switch {
	case TurnSHA256(turn) != p.TurnSHA256:
		return nil, "", "", fmt.Errorf("label %s: turn_sha256 mismatch (the sample has changed)", p.ID)
	case TurnSHA256(reply) != p.ReplySHA256:
		return nil, "", "", fmt.Errorf("label %s: reply_sha256 mismatch (the sample has changed)", p.ID)
	case ReplyIndexOf(c.Messages, p.TurnIndex) != p.ReplyIndex:
		return nil, "", "", fmt.Errorf("label %s: message %d is not the reply to turn %d", p.ID, p.ReplyIndex, p.TurnIndex)
	}
	return c, turn, reply, nil
}

// onRune reports whether byte offset i of s starts a rune (or ends s).
func onRune(s string, i int) bool { return i == len(s) || i >= 0 && i < len(s) && utf8.RuneStart(s[i]) }

// MaterialiseReplies joins reply labels to the sample and returns gold
// replies (eval.ReplyGold, DESIGN.md §4): the request, every message before
// it, the reply, the body and trace sentences cut out of it at their
// offsets. It fails, naming the label, when a pointer or hash does not
// hold, a span is out of range, off a rune boundary, has white space at an
// edge or crosses the body's edge, a trace's position is not PositionOf
// its start, or the texts would not be found back where the label puts
// them (eval locates the body at its first occurrence and each trace at
// its first occurrence after the trace before).
func MaterialiseReplies(convs []Conversation, labels []ReplyLabel) ([]eval.ReplyGold, error) {
	byID := make(map[string]*Conversation, len(convs))
	for i := range convs {
		byID[convs[i].ID] = &convs[i]
	}
	out := make([]eval.ReplyGold, 0, len(labels))
	for _, l := range labels {
		c, turn, reply, err := replyOf(byID, l.ReplyPick)
		if err != nil {
			return nil, err
		}
		spans := make([]Span, 0, 1+len(l.Traces))
		if l.Body != nil {
			spans = append(spans, *l.Body)
		}
		for _, t := range l.Traces {
			spans = append(spans, t.Span)
		}
		for _, sp := range spans {
			if sp.End > len(reply) || !onRune(reply, sp.Start) || !onRune(reply, sp.End) {
				return nil, fmt.Errorf("label %s: span %d..%d is outside the reply (%d bytes) or off a rune boundary", l.ID, sp.Start, sp.End, len(reply))
			}
			if s := reply[sp.Start:sp.End]; strings.TrimSpace(s) != s {
				return nil, fmt.Errorf("label %s: span %d..%d starts or ends with white space", l.ID, sp.Start, sp.End)
			}
		}
		g := eval.ReplyGold{
			ID:              eval.ID(l.ID),
			Request:         turn,
			History:         slices.Clone(c.Messages[:l.TurnIndex]),
			Reply:           reply,
			DeliverableType: l.DeliverableType,
			Aliases:         []string{},
			Trace:           l.Trace,
			Traces:          []eval.GoldTrace{},
			Language:        l.Language,
			Note:            l.Note,
		}
		if l.WithdrawnItem != nil {
			g.WithdrawnItem = *l.WithdrawnItem
			prev := lastAssistantBefore(c.Messages, l.TurnIndex)
			if !strings.Contains(turn, g.WithdrawnItem) && !strings.Contains(prev, g.WithdrawnItem) {
				return nil, fmt.Errorf("label %s: withdrawn_item %q is in neither the request nor the previous draft", l.ID, g.WithdrawnItem)
			}
		}
		if l.Body != nil {
			g.Body = reply[l.Body.Start:l.Body.End]
			if strings.Index(reply, g.Body) != l.Body.Start {
				return nil, fmt.Errorf("label %s: the body's text occurs before offset %d", l.ID, l.Body.Start)
			}
		}
		end := 0
		for k, t := range l.Traces {
			s := reply[t.Start:t.End]
			if end+strings.Index(reply[end:], s) != t.Start {
				return nil, fmt.Errorf("label %s: trace %d's text occurs between the trace before and offset %d", l.ID, k+1, t.Start)
			}
			if l.Body != nil && t.Start < l.Body.End && t.End > l.Body.Start && (t.Start < l.Body.Start || t.End > l.Body.End) {
				return nil, fmt.Errorf("label %s: trace %d crosses the body's edge", l.ID, k+1)
			}
			if want := PositionOf(reply, l.Body, t.Start); t.Position != want {
				return nil, fmt.Errorf("label %s: trace %d is labelled %s, its offset puts it in %s", l.ID, k+1, t.Position, want)
			}
			g.Traces = append(g.Traces, eval.GoldTrace{Sentence: s, Position: t.Position, Level: t.Level})
			end = t.End
		}
		out = append(out, g)
	}
	return out, nil
}

// lastAssistantBefore returns the last assistant message with text before
// messages[i] (the draft a request revises), or "".
func lastAssistantBefore(messages []Message, i int) string {
	for j := i - 1; j >= 0; j-- {
		if corpora.NormaliseRole(messages[j].Role) == corpora.RoleAssistant && !isBlank(messages[j].Content) {
			return messages[j].Content
		}
	}
	return ""
}

// SheetRecord is one reply as a labeller reads it (written outside the
// tree, never committed): the task (first user turn), the previous draft,
// the request and the reply.
type SheetRecord struct {
	ID       string `json:"id"`
	Task     string `json:"task"`
	Previous string `json:"previous"`
	Request  string `json:"request"`
	Reply    string `json:"reply"`
}

// Sheet returns the labelling sheet of picks, checking every pointer and
// hash as MaterialiseReplies does.
func Sheet(convs []Conversation, picks []ReplyPick) ([]SheetRecord, error) {
	byID := make(map[string]*Conversation, len(convs))
	for i := range convs {
		byID[convs[i].ID] = &convs[i]
	}
	out := make([]SheetRecord, 0, len(picks))
	for _, p := range picks {
		c, turn, reply, err := replyOf(byID, p)
		if err != nil {
			return nil, err
		}
		task := ""
		for _, m := range c.Messages {
			if corpora.NormaliseRole(m.Role) == corpora.RoleUser {
				task = m.Content
				break
			}
		}
		out = append(out, SheetRecord{ID: p.ID, Task: task, Previous: lastAssistantBefore(c.Messages, p.TurnIndex), Request: turn, Reply: reply})
	}
	return out, nil
}

// QuotedLabel is a reply label as a labeller writes it, with quotes in
// place of offsets: the body by its first and last characters (BodyFirst
// must occur once in the reply; the body ends at the end of the first
// BodyLast after it), each trace by its exact sentence.
type QuotedLabel struct {
	ID              string        `json:"id"`
	DeliverableType string        `json:"deliverable_type"`
	BodyFirst       string        `json:"body_first"`
	BodyLast        string        `json:"body_last"`
	WithdrawnItem   *string       `json:"withdrawn_item"`
	Traces          []QuotedTrace `json:"traces"`
	Language        string        `json:"language"`
	Note            string        `json:"note"`
}

// QuotedTrace is one trace sentence, quoted exactly, and its level.
type QuotedTrace struct {
	Sentence string `json:"sentence"`
	Level    string `json:"level"`
}

// Locate turns quoted labels into reply labels: it finds the body and the
// traces in each pick's reply (a trace at the first occurrence of its
// sentence after the trace before), computes the positions (PositionOf)
// and checks the result with CheckReplyLabel. Every pick needs exactly one
// quoted label; a quote that cannot be found, or a body start that is not
// unique, is an error naming the label.
func Locate(convs []Conversation, picks []ReplyPick, quoted []QuotedLabel) ([]ReplyLabel, error) {
	byID := make(map[string]*Conversation, len(convs))
	for i := range convs {
		byID[convs[i].ID] = &convs[i]
	}
	q := make(map[string]QuotedLabel, len(quoted))
	for _, l := range quoted {
		if _, dup := q[l.ID]; dup {
			return nil, fmt.Errorf("label %s is quoted twice", l.ID)
		}
		q[l.ID] = l
	}
	if len(q) != len(picks) {
		return nil, fmt.Errorf("%d quoted labels for %d picks", len(q), len(picks))
	}
	out := make([]ReplyLabel, 0, len(picks))
	for _, p := range picks {
		ql, ok := q[p.ID]
		if !ok {
			return nil, fmt.Errorf("pick %s has no quoted label", p.ID)
		}
		_, _, reply, err := replyOf(byID, p)
		if err != nil {
			return nil, err
		}
		l := ReplyLabel{ReplyPick: p, DeliverableType: ql.DeliverableType, WithdrawnItem: ql.WithdrawnItem,
			Traces: []ReplyTrace{}, Language: ql.Language, Note: ql.Note}
		if ql.DeliverableType == "none" && (ql.BodyFirst != "" || ql.BodyLast != "") {
			return nil, fmt.Errorf("label %s: body quotes for a reply of type none (a body is given exactly when the type is not none)", p.ID)
		}
		if ql.DeliverableType != "none" {
			first, last := strings.TrimSpace(ql.BodyFirst), strings.TrimSpace(ql.BodyLast)
			if first == "" || last == "" {
				return nil, fmt.Errorf("label %s: a %s body needs body_first and body_last", p.ID, ql.DeliverableType)
			}
			if n := strings.Count(reply, first); n != 1 {
				return nil, fmt.Errorf("label %s: body_first %q occurs %d times in the reply (quote more of it)", p.ID, first, n)
			}
			s := strings.Index(reply, first)
			k := strings.Index(reply[s:], last)
			if k < 0 {
				return nil, fmt.Errorf("label %s: body_last %q is not in the reply after body_first", p.ID, last)
			}
			l.Body = &Span{Start: s, End: s + k + len(last)}
		}
		end := 0
		for i, t := range ql.Traces {
			s := strings.TrimSpace(t.Sentence)
			k := strings.Index(reply[end:], s)
			if s == "" || k < 0 {
				return nil, fmt.Errorf("label %s: trace %d %q is not in the reply after the trace before", p.ID, i+1, t.Sentence)
			}
			sp := Span{Start: end + k, End: end + k + len(s)}
			l.Traces = append(l.Traces, ReplyTrace{Span: sp, Position: PositionOf(reply, l.Body, sp.Start), Level: t.Level})
			end = sp.End
		}
		l.Trace = len(l.Traces) > 0
		if err := CheckReplyLabel(l); err != nil {
			return nil, fmt.Errorf("label %s: %w", p.ID, err)
		}
		out = append(out, l)
	}
	return out, nil
}

// ReadJSONLFile reads a JSON Lines file of T (blank lines skipped, unknown
// fields an error), naming the file and line of the first problem.
func ReadJSONLFile[T any](path string) ([]T, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []T
	err = eval.EachLine(f, func(n int, line []byte) error {
		var v T
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&v); err != nil {
			return fmt.Errorf("%s: line %d: %w", path, n, err)
		}
		out = append(out, v)
		return nil
	})
	return out, err
}
