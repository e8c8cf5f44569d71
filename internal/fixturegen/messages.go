package fixturegen

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// MessagesOptions controls WriteMessages.
type MessagesOptions struct {
	// Plain writes every record as {"id","model","language","messages"} with
	// string contents only, without the variations listed at WriteMessages.
	Plain bool
}

// WriteMessages writes convs as OpenAI-messages JSON Lines, one record per
// conversation, and returns the number of records. Unless opt.Plain, record
// i (0-based) varies the way real files do, deterministically:
//
//   - the ID key: i%4 == 0 "id", 1 "conversation_id", 2 the Batch API shape
//     {"custom_id","method","url","body":{"model","messages"}}, 3 no ID at all
//     (a reader falls back to FILE#line=N);
//   - i%3 == 1: user contents are lists of parts: the text split at its first
//     "\n" into two text parts (so joining with "\n" gives it back), or one
//     text part followed by an image_url part when there is no "\n";
//   - i%4 == 2: a system message is put first (one extra message);
//   - i%5 == 3: before the last assistant message, an assistant turn with
//     null content and tool_calls and the tool's answer (two extra
//     messages), when the conversation has an assistant message.
//
// Message texts are written unchanged otherwise. Compression is the
// caller's business (see Compress).
func WriteMessages(w io.Writer, convs Seq, opt MessagesOptions) (n int, err error) {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	i := 0
	for c := range convs {
		if err := enc.Encode(messagesRecordFor(i, c, opt)); err != nil {
			return n, err
		}
		n++
		i++
	}
	return n, bw.Flush()
}

// messagesRecordFor builds record i. Ordered structs keep the key order of
// the output stable.
func messagesRecordFor(i int, c Conv, opt MessagesOptions) any {
	msgs := make([]any, 0, len(c.Messages)+3)
	quirks := !opt.Plain
	if quirks && i%4 == 2 {
		msgs = append(msgs, messagesLine{Role: "system", Content: "You are a helpful assistant."})
	}
	lastAssistant := -1
	for k, m := range c.Messages {
		if m.Role == "assistant" {
			lastAssistant = k
		}
	}
	for k, m := range c.Messages {
		if quirks && i%5 == 3 && k == lastAssistant {
			callID := fmt.Sprintf("call_%.8s%d", c.ID, k)
			msgs = append(msgs,
				messagesToolCall{Role: "assistant", Content: nil, ToolCalls: []messagesCall{{
					ID: callID, Type: "function",
					Function: messagesFunc{Name: "lookup_notes", Arguments: `{"query":"previous draft"}`},
				}}},
				messagesToolAnswer{Role: "tool", ToolCallID: callID, Content: `{"notes":"none found"}`})
		}
		if quirks && i%3 == 1 && m.Role == "user" {
			msgs = append(msgs, messagesPartsLine{Role: m.Role, Content: messagesParts(m.Content)})
			continue
		}
		msgs = append(msgs, messagesLine{Role: m.Role, Content: m.Content})
	}
	lang := c.Language
	switch {
	case !quirks || i%4 == 0:
		return struct {
			ID       string `json:"id"`
			Model    string `json:"model"`
			Language string `json:"language"`
			Messages []any  `json:"messages"`
		}{c.ID, c.Model, lang, msgs}
	case i%4 == 1:
		return struct {
			ConversationID string `json:"conversation_id"`
			Messages       []any  `json:"messages"`
			Model          string `json:"model"`
			Created        int64  `json:"created"`
		}{c.ID, msgs, c.Model, c.Time.Unix()}
	case i%4 == 2:
		type body struct {
			Model       string  `json:"model"`
			Messages    []any   `json:"messages"`
			Temperature float64 `json:"temperature"`
		}
		return struct {
			CustomID string `json:"custom_id"`
			Method   string `json:"method"`
			URL      string `json:"url"`
			Body     body   `json:"body"`
		}{c.ID, "POST", "/v1/chat/completions", body{c.Model, msgs, 0}}
	default:
		return struct {
			Messages []any  `json:"messages"`
			Model    string `json:"model"`
			Language string `json:"language"`
		}{msgs, c.Model, lang}
	}
}

type messagesLine struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type messagesPart struct {
	Type     string            `json:"type"`
	Text     string            `json:"text,omitempty"`
	ImageURL map[string]string `json:"image_url,omitempty"`
}

type messagesPartsLine struct {
	Role    string         `json:"role"`
	Content []messagesPart `json:"content"`
}

type messagesFunc struct {
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

type messagesCall struct {
	ID       string       `json:"id"`
	Type     string       `json:"type"`
	Function messagesFunc `json:"function"`
}

type messagesToolCall struct {
	Role      string         `json:"role"`
	Content   *string        `json:"content"`
	ToolCalls []messagesCall `json:"tool_calls"`
}

type messagesToolAnswer struct {
	Role       string `json:"role"`
	ToolCallID string `json:"tool_call_id"`
	Content    string `json:"content"`
}

// messagesParts splits a text into content parts whose text parts, joined
// with "\n", give the text back.
func messagesParts(text string) []messagesPart {
	if before, after, ok := strings.Cut(text, "\n"); ok {
		return []messagesPart{{Type: "text", Text: before}, {Type: "text", Text: after}}
	}
	return []messagesPart{
		{Type: "text", Text: text},
		{Type: "image_url", ImageURL: map[string]string{"url": "data:image/png;base64,iVBORw0KGgo=", "detail": "low"}},
	}
}

// Compress wraps w in a compressor: kind "zst" (zstd) or "gz" (gzip); ""
// returns w unchanged (with a no-op Close). Close the result to flush it;
// Close does not close w.
func Compress(w io.Writer, kind string) (io.WriteCloser, error) {
	switch kind {
	case "zst", "zstd":
		return zstd.NewWriter(w, zstd.WithEncoderConcurrency(1))
	case "gz", "gzip":
		return gzip.NewWriter(w), nil
	case "":
		return compressNop{w}, nil
	}
	return nil, fmt.Errorf("fixturegen: unknown compression %q (want zst or gz)", kind)
}

type compressNop struct{ io.Writer }

func (compressNop) Close() error { return nil }
