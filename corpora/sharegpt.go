package corpora

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"strconv"
	"strings"
)

// NewShareGPTReader returns a Reader for a ShareGPT file (formats.md §4.2):
// a JSON array of {"id", "conversations": [{"from", "value"}, ...]}
// records (sg_90k_part1.json, ShareGPT_V3_unfiltered_cleaned_split.json),
// or the same records as JSON Lines; plain, .zst or .gz.
//
// Each element of conversations becomes a Message in order, with from
// passed through NormaliseRole (human → user, gpt/chatgpt/bing/bard →
// assistant, system; any other value → other). The ID is id, else
// FILE#POSITION. Positions: "index=N" (0-based element of the array) or
// "line=N" (JSON Lines, 1-based), see jsonarray.go and messages.go for
// units and damage.
//
// Text. value is kept as the file has it (JSON escapes decoded, every other
// byte kept), except raw HTML: the uncleaned dumps (RyokoAI/ShareGPT52K)
// store gpt replies "as raw HTML", and formats.md §4.2 says to strip the
// tags rather than read them as text. A value that is one HTML fragment —
// starting with a <div or <p tag and ending with its closing tag — is
// stored as its text: tags removed, paragraphs (p, headings, lists,
// tables, blockquote) ending with a blank line, div, li, br and tr ending a
// line, <pre> code fenced with ```, button and
// svg contents (the "Copy code" widget) dropped, entities decoded. Offsets
// then refer to that text. Any other value, including a user message that
// merely contains HTML, is kept unchanged.
func NewShareGPTReader(path string) Reader {
	return &shareGPTReader{path: path, chunk: DefaultChunkBytes}
}

type shareGPTReader struct {
	path  string
	chunk int64
	start *Unit
}

// ResumeAt implements Resumer (JSON Lines files only; an array file is
// resumed by its sink refusing the units already done).
func (r *shareGPTReader) ResumeAt(u Unit) { r.start = &u }

// Read implements Reader: an array file goes through the array reader, any
// other through the JSON Lines reader.
func (r *shareGPTReader) Read(ctx context.Context, sink Sink) error {
	if !isZip(r.path) && !shareGPTIsArray(r.path) {
		lr := &messagesReader{path: r.path, chunk: r.chunk, corpus: FormatShareGPT, start: r.start}
		r.start = nil
		return lr.Read(ctx, sink)
	}
	r.start = nil
	ar := &arrayReader{path: r.path, corpus: FormatShareGPT, chunk: r.chunk, parse: parseShareGPT}
	return ar.Read(ctx, sink)
}

// shareGPTIsArray reports whether the (decompressed) file starts with '['.
func shareGPTIsArray(path string) bool {
	rc, err := Open(path)
	if err != nil {
		return false
	}
	defer rc.Close()
	b, err := sniffFirstByte(bufio.NewReaderSize(rc, 4096))
	return err == nil && b == '['
}

// shareGPTRecord is the part of a ShareGPT record the reader needs.
type shareGPTRecord struct {
	ID            json.RawMessage `json:"id"`
	Model         json.RawMessage `json:"model"`
	Language      json.RawMessage `json:"lang"`
	Conversations []struct {
		From  json.RawMessage `json:"from"`
		Value json.RawMessage `json:"value"`
	} `json:"conversations"`
}

// parseShareGPT turns one record into a conversation.
func parseShareGPT(raw []byte, file, pos string) (*Conversation, error) {
	var rec shareGPTRecord
	if err := json.Unmarshal(raw, &rec); err != nil {
		return nil, fmt.Errorf("not a ShareGPT record: %v", err)
	}
	if rec.Conversations == nil {
		return nil, errors.New("no conversations array")
	}
	c := &Conversation{
		Corpus:   FormatShareGPT,
		ID:       messagesID(rec.ID),
		File:     file,
		Position: pos,
		Messages: make([]Message, len(rec.Conversations)),
		Model:    jsonString(rec.Model),
		Language: jsonString(rec.Language),
	}
	if c.ID == "" {
		c.ID = c.Source()
	}
	for i, m := range rec.Conversations {
		text, err := rawText(m.Value)
		if err != nil {
			return nil, fmt.Errorf("conversations[%d].value: %v", i, err)
		}
		c.Messages[i] = Message{Role: NormaliseRole(jsonString(m.From)), Content: shareGPTText(text)}
	}
	return c, nil
}

// parseShareGPTLine is parseShareGPT for a JSON Lines line.
func parseShareGPTLine(data []byte, file string, line int) (*Conversation, error) {
	return parseShareGPT(bytes.TrimSpace(data), file, "line="+strconv.Itoa(line))
}

// shareGPTText returns the text of a value: raw HTML fragments converted,
// everything else unchanged (see NewShareGPTReader).
func shareGPTText(v string) string {
	t := strings.TrimSpace(v)
	var closing string
	switch {
	case strings.HasPrefix(t, "<div"):
		closing = "</div>"
	case strings.HasPrefix(t, "<p>") || strings.HasPrefix(t, "<p "):
		closing = "</p>"
	default:
		return v
	}
	if len(t) < 5 || (t[4] != ' ' && t[4] != '>' && closing == "</div>") || !strings.HasSuffix(t, closing) {
		return v
	}
	return htmlText(t)
}

// htmlText strips tags from an HTML fragment (see NewShareGPTReader).
func htmlText(s string) string {
	var sb strings.Builder
	skip := 0  // depth inside button/svg/style/script
	inPre := 0 // depth inside pre
	nl := func() {
		str := sb.String()
		if len(str) > 0 && !strings.HasSuffix(str, "\n") {
			sb.WriteByte('\n')
		}
	}
	for i := 0; i < len(s); {
		if s[i] != '<' {
			j := strings.IndexByte(s[i:], '<')
			if j < 0 {
				j = len(s) - i
			}
			if skip == 0 {
				sb.WriteString(html.UnescapeString(s[i : i+j]))
			}
			i += j
			continue
		}
		j := strings.IndexByte(s[i:], '>')
		if j < 0 { // not a tag after all
			if skip == 0 {
				sb.WriteString(html.UnescapeString(s[i:]))
			}
			break
		}
		tag := s[i+1 : i+j]
		i += j + 1
		end := strings.HasPrefix(tag, "/")
		name := strings.ToLower(strings.TrimPrefix(tag, "/"))
		if k := strings.IndexAny(name, " \t\n/"); k >= 0 {
			name = name[:k]
		}
		switch name {
		case "button", "svg", "style", "script":
			if strings.HasSuffix(tag, "/") {
				continue
			}
			if end {
				skip = max(skip-1, 0)
			} else {
				skip++
			}
		case "pre":
			// The fence opens without a newline so that the language
			// label of the code header ("<span>python</span>") lands on
			// the fence line; the code starts on a line of its own.
			if skip > 0 {
				continue
			}
			nl()
			if end {
				inPre = max(inPre-1, 0)
				sb.WriteString("```\n")
			} else {
				inPre++
				sb.WriteString("```")
			}
		case "code":
			if skip == 0 && inPre > 0 && !end {
				nl()
			}
		case "p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "table", "blockquote":
			if skip == 0 && end {
				nl()
				if inPre == 0 && !strings.HasSuffix(sb.String(), "\n\n") {
					sb.WriteByte('\n')
				}
			}
		case "div", "li", "br", "tr":
			switch {
			case skip > 0:
			case end || name == "br":
				nl()
			case name == "li" && inPre == 0:
				nl()
				sb.WriteString("- ")
			}
		}
	}
	return strings.TrimRight(sb.String(), "\n")
}
