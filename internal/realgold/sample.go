// Package realgold builds gold turn sets from a sample of real
// conversations without copying their text into the repository.
//
// A real sample (for example /work/shared/real/wildchat-sample.jsonl.zst,
// WildChat conversations under ODC-BY 1.0) lives outside the tree. Select
// draws a seeded random sample of its later user turns; a labels file in the
// tree records, for each drawn turn, where it is (conversation id and message
// index), the SHA-256 of its text and the hand-made label. Materialise joins
// the labels back to the sample and writes a standard gold turns file (the
// TurnGold schema of eval/gold.go), refusing to go on when a turn's text no
// longer matches its recorded hash.
//
// Reply sets work the same way (replies.go): SelectReplies draws the
// assistant replies to a turn set's labelled revision requests, a labeller
// quotes the body and trace sentences on a sheet kept outside the tree,
// Locate turns the quotes into byte offsets, and MaterialiseReplies writes
// a standard gold replies file (ReplyGold) from the offset labels.
//
// The package reads conversations itself, so that building a set never runs
// any revtrace detector.
package realgold

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/revtrace/revtrace/corpora"
	"github.com/revtrace/revtrace/eval"
)

// Message is one message of a conversation, as stored (eval's gold
// message: a role and a content).
type Message = eval.Message

// Conversation is one line of a sample file.
type Conversation struct {
	ID       string
	Messages []Message
	Language string // the record's "language" field, "" when absent or null
}

// sampleRecord is a sample line as it is decoded. Messages is kept raw, so
// that a value other than an array gets an error of its own.
type sampleRecord struct {
	ID       string          `json:"id"`
	Messages json.RawMessage `json:"messages"`
	Language *string         `json:"language"`
}

// ReadSampleFile reads a sample file: JSON Lines, zstd- or
// gzip-compressed or plain (corpora.Open, which tells by the magic bytes).
func ReadSampleFile(path string) ([]Conversation, error) {
	rc, err := corpora.Open(path)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	convs, err := ReadSample(rc)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return convs, nil
}

// ReadSample reads sample lines from r (blank lines skipped). Every line
// must be a JSON object with a non-empty string "id" and a "messages" field
// that is an array of {role, content} objects.
// A null content reads as "". Conversation ids must be unique. The first
// problem is returned with its line number.
func ReadSample(r io.Reader) ([]Conversation, error) {
	var out []Conversation
	seen := map[string]int{}
	err := eval.EachLine(r, func(n int, line []byte) error {
		c, err := parseSampleLine(line)
		if err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
		if prev, ok := seen[c.ID]; ok {
			return fmt.Errorf("line %d: conversation id %q already used on line %d", n, c.ID, prev)
		}
		seen[c.ID] = n
		out = append(out, c)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// parseSampleLine decodes one non-blank sample line.
func parseSampleLine(line []byte) (Conversation, error) {
	var rec sampleRecord
	if err := json.Unmarshal(line, &rec); err != nil {
		return Conversation{}, err
	}
	if rec.ID == "" {
		return Conversation{}, fmt.Errorf("missing id")
	}
	c := Conversation{ID: rec.ID}
	if rec.Language != nil {
		c.Language = *rec.Language
	}
	raw := bytes.TrimSpace(rec.Messages)
	switch {
	case len(raw) > 0 && raw[0] == '[':
		var items []struct {
			Role    string  `json:"role"`
			Content *string `json:"content"`
		}
		if err := json.Unmarshal(raw, &items); err != nil {
			return Conversation{}, fmt.Errorf("id %s: messages: %w", rec.ID, err)
		}
		c.Messages = make([]Message, len(items))
		for i, it := range items {
			c.Messages[i].Role = it.Role
			if it.Content != nil {
				c.Messages[i].Content = *it.Content
			}
		}
	default:
		return Conversation{}, fmt.Errorf("id %s: messages is not a JSON array of {role, content} objects", rec.ID)
	}
	return c, nil
}
