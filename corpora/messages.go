package corpora

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// NewMessagesReader returns a Reader for a JSON Lines file of OpenAI-style
// chat records (plain, .zst or .gz; see Open). Each line is either
//
//	{"messages": [{"role", "content", ...}], "id"|"conversation_id"|"custom_id"?, "model"?, "language"?, ...}
//
// or the Batch API shape {"custom_id", "body": {"model", "messages": [...]}}.
// Every element of messages becomes a Message (system and tool included),
// with its role passed through NormaliseRole. Content may be a string (kept
// as it is), a list of parts (the text of the text parts joined with "\n")
// or null (""). The conversation ID is id, conversation_id or custom_id,
// else "FILE#line=N"; Position is "line=N", 1-based.
//
// Lines may be of any length. Blank lines are skipped silently. A line that
// is not a JSON object with a messages array is a Problem (Records 1) and
// reading goes on; a damaged compressed stream is a Problem at the first
// line not read (Records -1) and ends the file.
func NewMessagesReader(path string) Reader { return &messagesReader{path: path} }

type messagesReader struct{ path string }

// messagesRecord is the part of a record the reader needs. Fields whose
// type varies between producers are kept raw and interpreted leniently.
type messagesRecord struct {
	Messages       []messagesItem  `json:"messages"`
	ID             json.RawMessage `json:"id"`
	ConversationID json.RawMessage `json:"conversation_id"`
	CustomID       json.RawMessage `json:"custom_id"`
	Model          json.RawMessage `json:"model"`
	Language       json.RawMessage `json:"language"`
	Body           *struct {
		Messages []messagesItem  `json:"messages"`
		Model    json.RawMessage `json:"model"`
	} `json:"body"`
}

type messagesItem struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

// Read implements Reader.
func (r *messagesReader) Read(ctx context.Context, sink Sink) error {
	rc, err := Open(r.path)
	if err != nil {
		sink.Problem(Problem{File: r.path, Reason: err.Error(), Records: -1})
		return nil
	}
	defer rc.Close()
	br := bufio.NewReaderSize(rc, 1<<20)
	var buf []byte
	for line := 1; ; line++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		var data []byte
		data, buf, err = readJSONLine(br, buf)
		if err != nil && err != io.EOF {
			sink.Problem(Problem{File: r.path, Position: "line=" + strconv.Itoa(line),
				Reason: "stream damaged, rest of the file lost: " + err.Error(), Records: -1})
			return nil
		}
		if line == 1 {
			data = bytes.TrimPrefix(data, utf8BOM)
		}
		if len(bytes.TrimSpace(data)) > 0 {
			c, perr := r.parse(data, line)
			if perr != nil {
				sink.Problem(Problem{File: r.path, Position: "line=" + strconv.Itoa(line), Reason: perr.Error(), Records: 1})
			} else if serr := sink.Conversation(c); serr != nil {
				return serr
			}
		}
		if err == io.EOF {
			return nil
		}
	}
}

// utf8BOM is the byte-order mark some tools put at the start of a file.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// readJSONLine returns the next line, including its '\n' when there is one,
// with no length limit. The result aliases either the bufio buffer or buf
// (returned for reuse) and is valid until the next call.
func readJSONLine(br *bufio.Reader, buf []byte) (line, reuse []byte, err error) {
	frag, err := br.ReadSlice('\n')
	if !errors.Is(err, bufio.ErrBufferFull) {
		return frag, buf, err
	}
	buf = append(buf[:0], frag...)
	for {
		frag, err = br.ReadSlice('\n')
		buf = append(buf, frag...)
		if !errors.Is(err, bufio.ErrBufferFull) {
			return buf, buf, err
		}
	}
}

// parse turns one non-blank line into a conversation.
func (r *messagesReader) parse(data []byte, line int) (*Conversation, error) {
	var rec messagesRecord
	if err := json.Unmarshal(data, &rec); err != nil {
		return nil, fmt.Errorf("bad JSON: %v", err)
	}
	items, model := rec.Messages, rec.Model
	if items == nil && rec.Body != nil {
		items = rec.Body.Messages
		if len(model) == 0 {
			model = rec.Body.Model
		}
	}
	if items == nil {
		return nil, errors.New("no messages array (neither messages nor body.messages)")
	}
	c := &Conversation{
		Corpus:   FormatMessages,
		ID:       messagesID(rec.ID, rec.ConversationID, rec.CustomID),
		File:     r.path,
		Position: "line=" + strconv.Itoa(line),
		Messages: make([]Message, len(items)),
		Model:    jsonString(model),
		Language: jsonString(rec.Language),
	}
	if c.ID == "" {
		c.ID = c.Source()
	}
	for i, it := range items {
		text, err := messagesContent(it.Content)
		if err != nil {
			return nil, fmt.Errorf("messages[%d]: %v", i, err)
		}
		c.Messages[i] = Message{Role: NormaliseRole(it.Role), Content: text}
	}
	return c, nil
}

// messagesID returns the first usable identifier: a non-empty string, or a
// number as written.
func messagesID(raws ...json.RawMessage) string {
	for _, raw := range raws {
		raw = bytes.TrimSpace(raw)
		if len(raw) == 0 || raw[0] == 'n' || raw[0] == '{' || raw[0] == '[' {
			continue
		}
		if raw[0] == '"' {
			if s := jsonString(raw); s != "" {
				return s
			}
			continue
		}
		return string(raw)
	}
	return ""
}

// unquoteJSON decodes a JSON string literal. Literals without escapes (most
// message texts) are copied directly instead of going through the decoder.
func unquoteJSON(raw []byte) (string, error) {
	if len(raw) >= 2 && raw[len(raw)-1] == '"' {
		inner := raw[1 : len(raw)-1]
		if bytes.IndexByte(inner, '\\') < 0 && bytes.IndexByte(inner, '"') < 0 && utf8.Valid(inner) && !hasControl(inner) {
			return string(inner), nil
		}
	}
	var s string
	err := json.Unmarshal(raw, &s)
	return s, err
}

// hasControl reports whether b holds a byte below 0x20 (invalid inside a
// JSON string).
func hasControl(b []byte) bool {
	for _, c := range b {
		if c < 0x20 {
			return true
		}
	}
	return false
}

// jsonString returns raw's value when raw is a JSON string, else "".
func jsonString(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '"' {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return ""
	}
	return s
}

// messagesContent decodes a message's content: a string as it is, null or
// absent as "", a list of parts (or a single part object) as the text of
// its text parts joined with "\n".
func messagesContent(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "", nil
	}
	switch raw[0] {
	case '"':
		return unquoteJSON(raw)
	case 'n':
		return "", nil
	case '{':
		text, _, err := messagesPart(raw)
		return text, err
	case '[':
		var parts []json.RawMessage
		if err := json.Unmarshal(raw, &parts); err != nil {
			return "", err
		}
		var sb strings.Builder
		n := 0
		for _, p := range parts {
			text, ok, err := messagesPart(p)
			if err != nil {
				return "", err
			}
			if !ok {
				continue
			}
			if n > 0 {
				sb.WriteByte('\n')
			}
			sb.WriteString(text)
			n++
		}
		return sb.String(), nil
	}
	return "", fmt.Errorf("content is neither a string, a list of parts nor null: %.20s", raw)
}

// messagesPart returns the text of one content part and whether it is a
// text part: a bare string, or an object of type "text", "input_text",
// "output_text" (or no type) whose text is a string or {"value": string}.
func messagesPart(raw json.RawMessage) (string, bool, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '"' {
		var s string
		err := json.Unmarshal(raw, &s)
		return s, err == nil, err
	}
	if len(raw) == 0 || raw[0] != '{' {
		return "", false, nil // null, numbers and the like carry no text
	}
	var part struct {
		Type string          `json:"type"`
		Text json.RawMessage `json:"text"`
	}
	if err := json.Unmarshal(raw, &part); err != nil {
		return "", false, err
	}
	switch part.Type {
	case "", "text", "input_text", "output_text":
	default:
		return "", false, nil
	}
	text := bytes.TrimSpace(part.Text)
	if len(text) == 0 {
		return "", false, nil
	}
	if text[0] == '{' {
		var v struct {
			Value *string `json:"value"`
		}
		if json.Unmarshal(text, &v) != nil || v.Value == nil {
			return "", false, nil
		}
		return *v.Value, true, nil
	}
	if text[0] != '"' {
		return "", false, nil
	}
	var s string
	err := json.Unmarshal(text, &s)
	return s, err == nil, err
}
