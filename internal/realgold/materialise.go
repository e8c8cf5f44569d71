package realgold

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/revtrace/revtrace/eval"
)

// Label is one line of a labels file: a Pick and the hand-made label.
type Label struct {
	Pick
	IsRevision   bool    `json:"is_revision"`
	RevisionType *string `json:"revision_type"` // null when not a revision
	Language     string  `json:"language"`      // ISO 639-1 of the turn's prose
	Item         string  `json:"item"`          // withdrawn or replaced item, else ""
	Note         string  `json:"note"`
}

// GoldTurn is one line of a gold turns file (eval.TurnGold, DESIGN.md §4).
type GoldTurn = eval.TurnGold

var (
	hexSHA256  = regexp.MustCompile(`^[0-9a-f]{64}$`)
	isoLangTag = regexp.MustCompile(`^[a-z]{2}$`)
)

// CheckLabel checks one label on its own: an id, a conversation id, a
// non-negative turn index, a 64-hex lower-case turn_sha256, a two-letter
// language, revision_type a known type exactly when is_revision is true,
// and item empty unless the type is withdraw or replace.
func CheckLabel(l Label) error {
	switch {
	case l.ID == "":
		return fmt.Errorf("missing id")
	case l.ConversationID == "":
		return fmt.Errorf("missing conversation_id")
	case l.TurnIndex < 0:
		return fmt.Errorf("negative turn_index %d", l.TurnIndex)
	case !hexSHA256.MatchString(l.TurnSHA256):
		return fmt.Errorf("turn_sha256 %q is not 64 lower-case hex digits", l.TurnSHA256)
	case !isoLangTag.MatchString(l.Language):
		return fmt.Errorf("language %q is not a two-letter ISO 639-1 code", l.Language)
	case l.IsRevision != (l.RevisionType != nil):
		return fmt.Errorf("is_revision %v but revision_type is %s", l.IsRevision, typeOrNull(l.RevisionType))
	case l.RevisionType != nil && !slices.Contains(eval.RevisionTypes, *l.RevisionType):
		return fmt.Errorf("unknown revision_type %q", *l.RevisionType)
	case l.Item != "" && (l.RevisionType == nil || *l.RevisionType != "withdraw" && *l.RevisionType != "replace"):
		return fmt.Errorf("item %q set on a turn that is not a withdrawal or replacement", l.Item)
	}
	return nil
}

func typeOrNull(s *string) string {
	if s == nil {
		return "null"
	}
	return fmt.Sprintf("%q", *s)
}

// ReadLabelsFile reads a labels file (see ReadLabels).
func ReadLabelsFile(path string) ([]Label, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ls, err := ReadLabels(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ls, nil
}

// ReadLabels reads labels, one JSON object per line (blank lines skipped;
// unknown fields are an error), checks each with CheckLabel and checks that
// ids and (conversation id, turn index) pairs are unique. The first problem
// is returned with its line number and label id.
func ReadLabels(r io.Reader) ([]Label, error) {
	var out []Label
	ids := map[string]int{}
	turns := map[Pick]string{}
	err := eval.EachLine(r, func(n int, line []byte) error {
		var l Label
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&l); err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
		if err := CheckLabel(l); err != nil {
			return fmt.Errorf("line %d (label %s): %w", n, l.ID, err)
		}
		if prev, ok := ids[l.ID]; ok {
			return fmt.Errorf("line %d: label id %s already used on line %d", n, l.ID, prev)
		}
		ids[l.ID] = n
		key := Pick{ConversationID: l.ConversationID, TurnIndex: l.TurnIndex}
		if prev, ok := turns[key]; ok {
			return fmt.Errorf("line %d (label %s): same turn as label %s", n, l.ID, prev)
		}
		turns[key] = l.ID
		out = append(out, l)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Materialise joins labels to the sample: for each label, in order, the
// turn is messages[turn_index] of the conversation, the history every
// message before it (role and content as stored). It fails, naming the
// label id, when the conversation is missing, the index is out of range or
// not a later user turn (IsLaterUserTurn), the turn's SHA-256 is not the
// label's turn_sha256 (the sample changed), or a non-empty item is not a
// substring of the turn.
func Materialise(convs []Conversation, labels []Label) ([]GoldTurn, error) {
	byID := make(map[string]*Conversation, len(convs))
	for i := range convs {
		byID[convs[i].ID] = &convs[i]
	}
	out := make([]GoldTurn, 0, len(labels))
	for _, l := range labels {
		c, ok := byID[l.ConversationID]
		if !ok {
			return nil, fmt.Errorf("label %s: conversation %s is not in the sample", l.ID, l.ConversationID)
		}
		if l.TurnIndex >= len(c.Messages) {
			return nil, fmt.Errorf("label %s: conversation %s has %d messages, turn_index is %d", l.ID, l.ConversationID, len(c.Messages), l.TurnIndex)
		}
		turn := c.Messages[l.TurnIndex].Content
		if got := TurnSHA256(turn); got != l.TurnSHA256 {
			return nil, fmt.Errorf("label %s: turn_sha256 mismatch: message %d of conversation %s hashes to %s, the label records %s (the sample has changed)", l.ID, l.TurnIndex, l.ConversationID, got, l.TurnSHA256)
		}
		if !IsLaterUserTurn(c.Messages, l.TurnIndex) {
			return nil, fmt.Errorf("label %s: message %d of conversation %s is not a later user turn", l.ID, l.TurnIndex, l.ConversationID)
		}
		if l.Item != "" && !strings.Contains(turn, l.Item) {
			return nil, fmt.Errorf("label %s: item %q is not a substring of the turn", l.ID, l.Item)
		}
		out = append(out, GoldTurn{
			ID:           eval.ID(l.ID),
			History:      slices.Clone(c.Messages[:l.TurnIndex]),
			Turn:         turn,
			IsRevision:   l.IsRevision,
			RevisionType: l.RevisionType,
			Language:     l.Language,
			Item:         l.Item,
			Note:         l.Note,
		})
	}
	return out, nil
}

// WriteJSONL writes one JSON object per line, without HTML escaping.
func WriteJSONL[T any](w io.Writer, records []T) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for _, r := range records {
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	return bw.Flush()
}
