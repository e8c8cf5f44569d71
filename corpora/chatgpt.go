package corpora

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// NewChatGPTExportReader returns a Reader for the ChatGPT data export
// (formats.md §4.4): conversations.json, a JSON array of conversations each
// holding a tree of nodes (mapping) and the leaf of the active branch
// (current_node); plain, .zst/.gz, or the export's ZIP archive read in
// place (every member named conversations.json). Elements are read one at
// a time (jsonarray.go); positions are "index=N" (0-based element), in a
// ZIP "member=NAME,index=N".
//
// Messages (DESIGN.md §4): the nodes with a message on the path from the
// root to current_node, found by following parent links back from
// current_node; nodes without a message (the root) are skipped, every other
// node is kept whatever its role (system, tool and hidden nodes included),
// with author.role passed through NormaliseRole. Content: the parts of
// content.parts that are strings (or objects with a string "text") joined
// with "\n"; without parts, content.text (code, execution_output), else
// content.content (reasoning_recap), else "". The ID is conversation_id,
// else id, else FILE#POSITION; Model is default_model_slug, else the
// model_slug of the last assistant message on the path; Timestamp is
// create_time.
//
// Edits. A user message edited in place is a new sibling node under the
// same parent. For every user message on the active path, each sibling
// node that holds a user message is one EditBranch (in children order);
// assistant siblings (regenerated replies) are not edits.
//
// A conversation whose current_node is missing from mapping, whose parent
// links loop, or whose JSON has unexpected types is a Problem with Records
// 1.
func NewChatGPTExportReader(path string) Reader {
	return &arrayReader{path: path, corpus: FormatChatGPT, chunk: DefaultChunkBytes, parse: parseChatGPT}
}

type chatgptConv struct {
	ID               json.RawMessage         `json:"id"`
	ConversationID   json.RawMessage         `json:"conversation_id"`
	CreateTime       json.RawMessage         `json:"create_time"`
	CurrentNode      json.RawMessage         `json:"current_node"`
	DefaultModelSlug json.RawMessage         `json:"default_model_slug"`
	Mapping          map[string]*chatgptNode `json:"mapping"`
}

type chatgptNode struct {
	Parent   json.RawMessage `json:"parent"`
	Children []string        `json:"children"`
	Message  *chatgptMessage `json:"message"`
}

type chatgptMessage struct {
	Author struct {
		Role json.RawMessage `json:"role"`
	} `json:"author"`
	Content  json.RawMessage `json:"content"`
	Metadata json.RawMessage `json:"metadata"`
}

// chatgptMaxDepth bounds the active path (a guard against loops is kept
// separately; this only bounds work on absurd inputs).
const chatgptMaxDepth = 1 << 20

// parseChatGPT turns one exported conversation into a Conversation.
func parseChatGPT(raw []byte, file, pos string) (*Conversation, error) {
	var rec chatgptConv
	if err := json.Unmarshal(raw, &rec); err != nil {
		return nil, fmt.Errorf("not a ChatGPT export conversation: %v", err)
	}
	if rec.Mapping == nil {
		return nil, errors.New("no mapping object")
	}
	c := &Conversation{Corpus: FormatChatGPT, File: file, Position: pos,
		ID: messagesID(rec.ConversationID, rec.ID), Model: jsonString(rec.DefaultModelSlug),
		Timestamp: unixFloatTime(rec.CreateTime)}
	if c.ID == "" {
		c.ID = c.Source()
	}
	leaf := jsonString(rec.CurrentNode)
	if leaf == "" {
		return nil, errors.New("no current_node")
	}
	// The path from current_node back to the root.
	var path []string
	seen := map[string]bool{}
	for id := leaf; ; {
		n := rec.Mapping[id]
		if n == nil {
			if id == leaf {
				return nil, fmt.Errorf("current_node %q is not in mapping", leaf)
			}
			return nil, fmt.Errorf("node %q names parent %q, which is not in mapping", path[len(path)-1], id)
		}
		if seen[id] || len(path) >= chatgptMaxDepth {
			return nil, fmt.Errorf("parent links loop at node %q", id)
		}
		seen[id] = true
		path = append(path, id)
		parent := jsonString(n.Parent)
		if parent == "" {
			break
		}
		id = parent
	}
	model := ""
	for k := len(path) - 1; k >= 0; k-- {
		id := path[k]
		n := rec.Mapping[id]
		if n.Message == nil {
			continue
		}
		text, err := chatgptText(n.Message.Content)
		if err != nil {
			return nil, fmt.Errorf("node %q: %v", id, err)
		}
		role := NormaliseRole(jsonString(n.Message.Author.Role))
		c.Messages = append(c.Messages, Message{Role: role, Content: text})
		if role == RoleAssistant {
			if slug := chatgptModelSlug(n.Message.Metadata); slug != "" {
				model = slug
			}
		}
		if role != RoleUser {
			continue
		}
		// Edited versions: user-message siblings under the same parent.
		parent := rec.Mapping[jsonString(n.Parent)]
		if parent == nil {
			continue
		}
		for _, sib := range parent.Children {
			if sib == id {
				continue
			}
			s := rec.Mapping[sib]
			if s == nil || s.Message == nil || NormaliseRole(jsonString(s.Message.Author.Role)) != RoleUser {
				continue
			}
			stext, err := chatgptText(s.Message.Content)
			if err != nil {
				return nil, fmt.Errorf("node %q: %v", sib, err)
			}
			c.EditBranches = append(c.EditBranches, EditBranch{TurnIndex: len(c.Messages) - 1, Node: sib, Content: stext})
		}
	}
	if c.Model == "" {
		c.Model = model
	}
	return c, nil
}

// chatgptText is the text of a message's content object (see
// NewChatGPTExportReader).
func chatgptText(raw json.RawMessage) (string, error) {
	raw = trimJSON(raw)
	if len(raw) == 0 || raw[0] == 'n' {
		return "", nil
	}
	var content struct {
		Parts   []json.RawMessage `json:"parts"`
		Text    json.RawMessage   `json:"text"`
		Content json.RawMessage   `json:"content"`
	}
	if err := json.Unmarshal(raw, &content); err != nil {
		return "", fmt.Errorf("content: %v", err)
	}
	if content.Parts != nil {
		var sb strings.Builder
		n := 0
		for _, p := range content.Parts {
			p = trimJSON(p)
			var text string
			switch {
			case len(p) > 0 && p[0] == '"':
				text = jsonString(p)
			case len(p) > 0 && p[0] == '{':
				var part struct {
					Text json.RawMessage `json:"text"`
				}
				if json.Unmarshal(p, &part) != nil || len(trimJSON(part.Text)) == 0 || trimJSON(part.Text)[0] != '"' {
					continue
				}
				text = jsonString(part.Text)
			default:
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
	if t := trimJSON(content.Text); len(t) > 0 && t[0] == '"' {
		return jsonString(t), nil
	}
	if t := trimJSON(content.Content); len(t) > 0 && t[0] == '"' {
		return jsonString(t), nil
	}
	return "", nil
}

// chatgptModelSlug returns metadata.model_slug when it is a string.
func chatgptModelSlug(raw json.RawMessage) string {
	raw = trimJSON(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return ""
	}
	var md struct {
		ModelSlug json.RawMessage `json:"model_slug"`
	}
	if json.Unmarshal(raw, &md) != nil {
		return ""
	}
	return jsonString(md.ModelSlug)
}

// unixFloatTime formats a float Unix time in seconds as RFC 3339 in UTC
// (second precision), "" when raw is not a plausible number.
func unixFloatTime(raw json.RawMessage) string {
	raw = trimJSON(raw)
	if len(raw) == 0 || raw[0] == 'n' || raw[0] == '"' {
		return ""
	}
	f, err := strconv.ParseFloat(string(raw), 64)
	if err != nil || math.IsNaN(f) || f < 0 || f > 253402300799 {
		return ""
	}
	sec := math.Floor(f)
	return time.Unix(int64(sec), 0).UTC().Format(time.RFC3339)
}

// trimJSON trims white space around a raw JSON value.
func trimJSON(raw json.RawMessage) json.RawMessage {
	i, j := 0, len(raw)
	for i < j && (raw[i] == ' ' || raw[i] == '\t' || raw[i] == '\n' || raw[i] == '\r') {
		i++
	}
	for j > i && (raw[j-1] == ' ' || raw[j-1] == '\t' || raw[j-1] == '\n' || raw[j-1] == '\r') {
		j--
	}
	return raw[i:j]
}
