package corpora

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// NewClaudeExportReader returns a Reader for the Claude.ai data export
// (formats.md §4.5): conversations.json, a JSON array of {"uuid", "name",
// "created_at", "chat_messages": [{"sender", "text", "content": [...]}]};
// plain, .zst/.gz, or the export's ZIP archive read in place. Elements are
// read one at a time (jsonarray.go); positions are "index=N" (0-based
// element), in a ZIP "member=NAME,index=N".
//
// Each element of chat_messages becomes a Message in order, sender passed
// through NormaliseRole (human → user, assistant; user and system are
// accepted too). Content: the text of the content[] parts of type text
// joined with "\n" (tool_use, tool_result, thinking and other parts carry
// no text); when there are none, text. Attachments are not part of the
// message. The ID is uuid, else FILE#POSITION; Timestamp is created_at.
// An element without a chat_messages array is a Problem with Records 1.
func NewClaudeExportReader(path string) Reader {
	return &arrayReader{path: path, corpus: FormatClaude, chunk: DefaultChunkBytes, parse: parseClaude}
}

type claudeConv struct {
	UUID         json.RawMessage `json:"uuid"`
	CreatedAt    json.RawMessage `json:"created_at"`
	ChatMessages []struct {
		Sender  json.RawMessage `json:"sender"`
		Text    json.RawMessage `json:"text"`
		Content json.RawMessage `json:"content"`
	} `json:"chat_messages"`
}

// parseClaude turns one exported conversation into a Conversation.
func parseClaude(raw []byte, file, pos string) (*Conversation, error) {
	var rec claudeConv
	if err := json.Unmarshal(raw, &rec); err != nil {
		return nil, fmt.Errorf("not a Claude export conversation: %v", err)
	}
	if rec.ChatMessages == nil {
		return nil, errors.New("no chat_messages array")
	}
	c := &Conversation{Corpus: FormatClaude, File: file, Position: pos, ID: messagesID(rec.UUID),
		Timestamp: isoTime(jsonString(rec.CreatedAt)), Messages: make([]Message, len(rec.ChatMessages))}
	if c.ID == "" {
		c.ID = c.Source()
	}
	for i, m := range rec.ChatMessages {
		text := ""
		if ct := trimJSON(m.Content); len(ct) > 0 && ct[0] == '[' {
			var err error
			if text, err = rawText(ct); err != nil {
				return nil, fmt.Errorf("chat_messages[%d].content: %v", i, err)
			}
		}
		if text == "" {
			var err error
			if text, err = rawText(m.Text); err != nil {
				return nil, fmt.Errorf("chat_messages[%d].text: %v", i, err)
			}
		}
		c.Messages[i] = Message{Role: NormaliseRole(jsonString(m.Sender)), Content: text}
	}
	return c, nil
}

// isoTime reformats an ISO-8601 time as RFC 3339 in UTC with second
// precision; "" when it cannot be read.
func isoTime(s string) string {
	if s == "" {
		return ""
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999", "2006-01-02 15:04:05.999999Z07:00"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC().Truncate(time.Second).Format(time.RFC3339)
		}
	}
	return ""
}
