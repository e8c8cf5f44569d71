package fixturegen

import (
	"archive/zip"
	"bufio"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"strings"
	"time"
)

// ---------------------------------------------------------------------------
// ShareGPT (formats.md §4.2).

// ShareGPTOptions controls WriteShareGPT.
type ShareGPTOptions struct {
	// JSONLines writes one record per line instead of one JSON array.
	JSONLines bool
}

// WriteShareGPT writes convs as a ShareGPT file: a JSON array (as
// sg_90k_part1.json) of {"id", "conversations": [{"from", "value"}]}
// records, from "human" and "gpt" (or JSON Lines with opt.JSONLines). The
// ID is Conv.ID + "_0" (ShareGPT's chunk suffix). Record i varies the way
// the dumps do:
//
//   - i%5 == 3: gpt values are raw HTML, as the uncleaned dumps store them
//     (<div class="markdown prose ..."><p>...</p></div>: paragraphs split
//     at blank lines, "\n" as <br>, text escaped), when the value holds no
//     code fence, no run of three newlines and no surrounding white space,
//     so that stripping the tags gives the text back exactly;
//   - i%6 == 5: a {"from": "system"} message first (one extra message).
//
// It returns the number of records.
func WriteShareGPT(w io.Writer, convs Seq, opt ShareGPTOptions) (n int, err error) {
	bw := bufio.NewWriter(w)
	if !opt.JSONLines {
		bw.WriteString("[")
	}
	for c := range convs {
		type turn struct {
			From  string `json:"from"`
			Value string `json:"value"`
		}
		var turns []turn
		if n%6 == 5 {
			turns = append(turns, turn{"system", "You are ChatGPT, a large language model trained by OpenAI."})
		}
		for _, m := range c.Messages {
			from, v := "human", m.Content
			if m.Role == "assistant" {
				from = "gpt"
				if n%5 == 3 && htmlSafe(v) {
					v = shareGPTHTML(v)
				}
			}
			turns = append(turns, turn{from, v})
		}
		b, err := marshalNoEscape(struct {
			ID            string `json:"id"`
			Conversations []turn `json:"conversations"`
		}{c.ID + "_0", turns})
		if err != nil {
			return n, err
		}
		switch {
		case opt.JSONLines:
		case n > 0:
			bw.WriteString(", ")
		}
		bw.Write(b)
		if opt.JSONLines {
			bw.WriteByte('\n')
		}
		n++
	}
	if !opt.JSONLines {
		bw.WriteString("]")
	}
	return n, bw.Flush()
}

// htmlSafe reports whether a text survives shareGPTHTML and tag stripping
// unchanged.
func htmlSafe(s string) bool {
	return s != "" && !strings.Contains(s, "```") && !strings.Contains(s, "\n\n\n") && strings.TrimSpace(s) == s &&
		!strings.Contains(s, "\n ") && !strings.Contains(s, " \n") && !strings.Contains(s, "\r")
}

// shareGPTHTML renders a text as the raw ShareGPT dumps store replies.
func shareGPTHTML(s string) string {
	var sb strings.Builder
	sb.WriteString(`<div class="markdown prose w-full break-words dark:prose-invert light">`)
	for _, para := range strings.Split(s, "\n\n") {
		sb.WriteString("<p>")
		sb.WriteString(strings.ReplaceAll(html.EscapeString(para), "\n", "<br>"))
		sb.WriteString("</p>")
	}
	sb.WriteString("</div>")
	return sb.String()
}

func marshalNoEscape(v any) ([]byte, error) {
	var sb strings.Builder
	enc := json.NewEncoder(&sb)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return []byte(strings.TrimSuffix(sb.String(), "\n")), nil
}

// ---------------------------------------------------------------------------
// ChatGPT data export (formats.md §4.4).

// ChatGPTExportOptions controls WriteChatGPTExport.
type ChatGPTExportOptions struct {
	// Zip writes the export's ZIP archive (conversations.json, user.json,
	// message_feedback.json) instead of conversations.json alone.
	Zip bool
}

// EditedPrefix starts the earlier version of a user message that
// WriteChatGPTExport writes as an edited-in-place branch.
const EditedPrefix = "(first version) "

// WriteChatGPTExport writes convs as the ChatGPT export's conversations.json:
// a JSON array of {"title", "create_time", "update_time", "mapping",
// "moderation_results", "current_node", ..., "conversation_id", "id"}
// conversations, each a tree of nodes keyed by UUID (mapping's keys sorted,
// so not in chronological order). The root node has message null; under
// it a hidden system message (content parts [""], metadata
// is_visually_hidden_from_conversation) and then Conv.Messages in order,
// the last being current_node. Record i varies:
//
//   - i%3 == 1: user contents are multimodal_text with an image asset
//     pointer part before the text part;
//   - i%4 == 2: the second user message (when there is one) was edited in
//     place: its parent has an earlier child, a user message reading
//     EditedPrefix + the text, with an assistant reply of its own; the
//     active path goes through the later version.
//
// It returns the number of conversations.
func WriteChatGPTExport(w io.Writer, convs Seq, opt ChatGPTExportOptions) (n int, err error) {
	if !opt.Zip {
		return writeChatGPTJSON(w, convs)
	}
	zw := zip.NewWriter(w)
	hdr := func(name string) (io.Writer, error) {
		return zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: baseTime})
	}
	f, err := hdr("conversations.json")
	if err != nil {
		return 0, err
	}
	if n, err = writeChatGPTJSON(f, convs); err != nil {
		return n, err
	}
	for _, m := range [][2]string{
		{"user.json", `{"id": "user-synthetic0000000000000000", "email": "someone@example.com", "chatgpt_plus_user": false}`},
		{"message_feedback.json", `[]`},
		{"chat.html", "<html><body><!-- synthetic --></body></html>"},
	} {
		f, err := hdr(m[0])
		if err != nil {
			return n, err
		}
		if _, err := io.WriteString(f, m[1]); err != nil {
			return n, err
		}
	}
	return n, zw.Close()
}

type cgAuthor struct {
	Role     string         `json:"role"`
	Name     *string        `json:"name"`
	Metadata map[string]any `json:"metadata"`
}

type cgContent struct {
	ContentType string `json:"content_type"`
	Parts       []any  `json:"parts"`
}

type cgMessage struct {
	ID         string         `json:"id"`
	Author     cgAuthor       `json:"author"`
	CreateTime *float64       `json:"create_time"`
	UpdateTime *float64       `json:"update_time"`
	Content    cgContent      `json:"content"`
	Status     string         `json:"status"`
	EndTurn    *bool          `json:"end_turn"`
	Weight     float64        `json:"weight"`
	Metadata   map[string]any `json:"metadata"`
	Recipient  string         `json:"recipient"`
}

type cgNode struct {
	ID       string     `json:"id"`
	Message  *cgMessage `json:"message"`
	Parent   *string    `json:"parent"`
	Children []string   `json:"children"`
}

func writeChatGPTJSON(w io.Writer, convs Seq) (n int, err error) {
	bw := bufio.NewWriter(w)
	bw.WriteString("[")
	for c := range convs {
		b, err := marshalNoEscape(chatGPTConv(n, c))
		if err != nil {
			return n, err
		}
		if n > 0 {
			bw.WriteString(", ")
		}
		bw.Write(b)
		n++
	}
	bw.WriteString("]")
	return n, bw.Flush()
}

// nodeID is a UUID-shaped node id.
func nodeID(conv string, k int) string {
	h := hash64(conv, fmt.Sprint(k))
	g := hash64(conv, fmt.Sprint(k), "b")
	return fmt.Sprintf("%08x-%04x-4%03x-%04x-%012x", uint32(h>>32), uint16(h>>16), uint16(h)&0xfff, uint16(g>>48)&0x3fff|0x8000, g&0xffffffffffff)
}

func chatGPTConv(i int, c Conv) any {
	mapping := map[string]*cgNode{}
	t0 := float64(c.Time.Unix()) + 0.123456
	ts := func(k int) *float64 { v := t0 + float64(k)*17.5; return &v }
	model := c.Model
	if model == "" {
		model = "gpt-4o"
	}
	node := func(k int, parent string, role string, parts []any, ctype string, md map[string]any) *cgNode {
		id := nodeID(c.ID, k)
		p := parent
		end := role == "assistant"
		m := &cgMessage{ID: id, Author: cgAuthor{Role: role, Metadata: map[string]any{}}, CreateTime: ts(k),
			Content: cgContent{ContentType: ctype, Parts: parts}, Status: "finished_successfully", Weight: 1,
			Metadata: md, Recipient: "all"}
		if role == "assistant" {
			m.EndTurn = &end
		}
		if role == "system" {
			m.CreateTime = nil
		}
		n := &cgNode{ID: id, Message: m, Parent: &p, Children: []string{}}
		mapping[id] = n
		mapping[parent].Children = append(mapping[parent].Children, id)
		return n
	}
	rootID := nodeID(c.ID, -1)
	mapping[rootID] = &cgNode{ID: rootID, Children: []string{}}
	sys := node(0, rootID, "system", []any{""}, "text", map[string]any{"is_visually_hidden_from_conversation": true})
	cur := sys.ID
	users := 0
	for k, m := range c.Messages {
		parts := []any{m.Content}
		ctype := "text"
		md := map[string]any{}
		if m.Role == "assistant" {
			md = map[string]any{"model_slug": model, "default_model_slug": model, "parent_id": cur}
		}
		if m.Role == "user" {
			users++
			if i%3 == 1 {
				ctype = "multimodal_text"
				parts = []any{map[string]any{"content_type": "image_asset_pointer", "asset_pointer": "file-service://file-" + synthID(hash64(c.ID, "img"), 24),
					"size_bytes": 48213, "width": 512, "height": 384}, m.Content}
			}
			if i%4 == 2 && users == 2 {
				old := node(1000+k, cur, "user", []any{EditedPrefix + m.Content}, "text", map[string]any{})
				node(2000+k, old.ID, "assistant", []any{"(reply to the first version)"}, "text",
					map[string]any{"model_slug": model, "default_model_slug": model, "parent_id": old.ID})
			}
		}
		cur = node(k+1, cur, m.Role, parts, ctype, md).ID
	}
	updated := t0 + float64(len(c.Messages))*17.5
	return struct {
		Title                  string             `json:"title"`
		CreateTime             float64            `json:"create_time"`
		UpdateTime             float64            `json:"update_time"`
		Mapping                map[string]*cgNode `json:"mapping"`
		ModerationResults      []any              `json:"moderation_results"`
		CurrentNode            string             `json:"current_node"`
		PluginIDs              *[]string          `json:"plugin_ids"`
		ConversationID         string             `json:"conversation_id"`
		ConversationTemplateID *string            `json:"conversation_template_id"`
		GizmoID                *string            `json:"gizmo_id"`
		IsArchived             bool               `json:"is_archived"`
		SafeURLs               []string           `json:"safe_urls"`
		DefaultModelSlug       string             `json:"default_model_slug"`
		ID                     string             `json:"id"`
	}{chatTitle(c), t0, updated, mapping, []any{}, cur, nil, uuidOf(c.ID), nil, nil, false, []string{}, model, uuidOf(c.ID)}
}

// uuidOf formats a 32-hex-digit ID as a UUID.
func uuidOf(id string) string {
	if len(id) != 32 {
		return id
	}
	return id[:8] + "-" + id[8:12] + "-" + id[12:16] + "-" + id[16:20] + "-" + id[20:]
}

// chatTitle is a short title from the first user message.
func chatTitle(c Conv) string {
	for _, m := range c.Messages {
		if m.Role == "user" {
			f := strings.Fields(m.Content)
			if len(f) > 5 {
				f = f[:5]
			}
			return strings.Join(f, " ")
		}
	}
	return "New chat"
}

// ---------------------------------------------------------------------------
// Claude.ai data export (formats.md §4.5).

// ClaudeExportOptions controls WriteClaudeExport.
type ClaudeExportOptions struct {
	// Zip writes the export's ZIP archive (conversations.json, users.json,
	// projects.json) instead of conversations.json alone.
	Zip bool
}

// WriteClaudeExport writes convs as the Claude.ai export's
// conversations.json: a JSON array of {"uuid", "name", "created_at",
// "updated_at", "account", "chat_messages": [{"uuid", "text", "content",
// "sender", "created_at", "updated_at", "attachments", "files"}]}, sender
// "human" or "assistant". Record i varies:
//
//   - i%3 == 1: assistant content holds a thinking part before the text
//     part (text repeats the text part);
//   - i%3 == 2: content is [] and only text holds the message (older
//     exports).
//
// It returns the number of conversations.
func WriteClaudeExport(w io.Writer, convs Seq, opt ClaudeExportOptions) (n int, err error) {
	if !opt.Zip {
		return writeClaudeJSON(w, convs)
	}
	zw := zip.NewWriter(w)
	f, err := zw.CreateHeader(&zip.FileHeader{Name: "conversations.json", Method: zip.Deflate, Modified: baseTime})
	if err != nil {
		return 0, err
	}
	if n, err = writeClaudeJSON(f, convs); err != nil {
		return n, err
	}
	for _, m := range [][2]string{{"users.json", `[{"uuid": "00000000-0000-4000-8000-000000000001", "full_name": "Someone"}]`}, {"projects.json", `[]`}} {
		f, err := zw.CreateHeader(&zip.FileHeader{Name: m[0], Method: zip.Deflate, Modified: baseTime})
		if err != nil {
			return n, err
		}
		io.WriteString(f, m[1])
	}
	return n, zw.Close()
}

type clPart struct {
	StartTimestamp string `json:"start_timestamp"`
	StopTimestamp  string `json:"stop_timestamp"`
	Type           string `json:"type"`
	Text           string `json:"text,omitempty"`
	Thinking       string `json:"thinking,omitempty"`
	Citations      []any  `json:"citations,omitempty"`
}

type clMessage struct {
	UUID        string   `json:"uuid"`
	Text        string   `json:"text"`
	Content     []clPart `json:"content"`
	Sender      string   `json:"sender"`
	CreatedAt   string   `json:"created_at"`
	UpdatedAt   string   `json:"updated_at"`
	Attachments []any    `json:"attachments"`
	Files       []any    `json:"files"`
}

func writeClaudeJSON(w io.Writer, convs Seq) (n int, err error) {
	bw := bufio.NewWriter(w)
	bw.WriteString("[")
	for c := range convs {
		iso := func(k int) string {
			return c.Time.Add(time.Duration(k) * 21 * time.Second).UTC().Format("2006-01-02T15:04:05.000000Z")
		}
		msgs := make([]clMessage, len(c.Messages))
		for k, m := range c.Messages {
			sender := "human"
			if m.Role == "assistant" {
				sender = "assistant"
			}
			cm := clMessage{UUID: nodeID(c.ID, k), Text: m.Content, Sender: sender, CreatedAt: iso(k), UpdatedAt: iso(k),
				Attachments: []any{}, Files: []any{},
				Content: []clPart{{StartTimestamp: iso(k), StopTimestamp: iso(k), Type: "text", Text: m.Content, Citations: []any{}}}}
			switch {
			case n%3 == 1 && sender == "assistant":
				cm.Content = append([]clPart{{StartTimestamp: iso(k), StopTimestamp: iso(k), Type: "thinking", Thinking: "Let me think about what is asked."}}, cm.Content...)
			case n%3 == 2:
				cm.Content = []clPart{}
			}
			msgs[k] = cm
		}
		b, err := marshalNoEscape(struct {
			UUID         string      `json:"uuid"`
			Name         string      `json:"name"`
			CreatedAt    string      `json:"created_at"`
			UpdatedAt    string      `json:"updated_at"`
			Account      any         `json:"account"`
			ChatMessages []clMessage `json:"chat_messages"`
		}{uuidOf(c.ID), chatTitle(c), iso(0), iso(len(c.Messages)), map[string]string{"uuid": "00000000-0000-4000-8000-000000000001"}, msgs})
		if err != nil {
			return n, err
		}
		if n > 0 {
			bw.WriteString(", ")
		}
		bw.Write(b)
		n++
	}
	bw.WriteString("]")
	return n, bw.Flush()
}
