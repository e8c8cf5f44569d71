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
)

// NewMessagesReader returns a Reader for a JSON Lines file of OpenAI-style
// chat records (plain, .zst or .gz; see Open). Each line is either
//
//	{"messages": [{"role", "content", ...}], "id"|"conversation_id"|"custom_id"?, "model"?, "language"?, ...}
//
// or the Batch API shape {"custom_id", "body": {"model", "messages": [...]}}.
// Every element of messages becomes a Message (system and tool included),
// with its role passed through NormaliseRole. Content may be a string (kept
// as it is: JSON escapes are decoded, every other byte, invalid UTF-8
// included, is kept as the file has it), a list of parts (the text of the
// text parts joined with "\n") or null (""). The conversation ID is id,
// conversation_id or custom_id, else "FILE#line=N"; Position is "line=N",
// 1-based.
//
// Lines may be of any length. Blank lines are skipped silently. A line that
// is not a JSON object with a messages array is a Problem (Records 1) and
// reading goes on; a damaged compressed stream is a Problem at the first
// line not read (Records -1) and ends the file.
func NewMessagesReader(path string) Reader {
	return &messagesReader{path: path, chunk: DefaultChunkBytes}
}

type messagesReader struct {
	path  string
	chunk int64 // bytes of the decompressed stream per unit
	start *Unit // ResumeAt: the unit to begin with
	// corpus is the format of the lines: "" or FormatMessages, or
	// FormatShareGPT (ShareGPT JSON Lines, parsed by parseShareGPTLine).
	corpus string
}

// messagesRecord is the part of a record the reader needs. Fields whose
// type varies between producers are kept raw and interpreted leniently.
type messagesRecord struct {
	Messages       []messagesItem  `json:"messages"`
	ID             json.RawMessage `json:"id"`
	ConversationID json.RawMessage `json:"conversation_id"`
	CustomID       json.RawMessage `json:"custom_id"`
	Model          json.RawMessage `json:"model"`
	Language       json.RawMessage `json:"language"`
	Body           *messagesBody   `json:"body"`
}

// messagesBody is the Batch API request body.
type messagesBody struct {
	Messages []messagesItem  `json:"messages"`
	Model    json.RawMessage `json:"model"`
}

type messagesItem struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
	// text is Content already decoded, when the fast path met a string
	// (hasText); encoding/json leaves both unset.
	text    string
	hasText bool
}

// ResumeAt implements Resumer: the next Read starts at the line u's
// Resume token names, seeking there in a plain file (a compressed stream
// is decompressed up to it).
func (r *messagesReader) ResumeAt(u Unit) { r.start = &u }

// Read implements Reader. When sink is a DeferredSink, each non-blank line
// is handed over undecoded (Deferred) so that the sink can decode lines in
// parallel; otherwise lines are decoded here. Either way the outcome for a
// line, conversation or Problem, is the same and arrives in file order.
// When sink is a ByteCounter it learns the reader's offset in the file.
// When sink is a UnitSink, a line belongs to the unit of the chunk its
// first byte lies in (chunks of r.chunk bytes of the decompressed stream);
// the lines of an unwanted unit are counted, never decoded.
func (r *messagesReader) Read(ctx context.Context, sink Sink) error {
	rc, err := Open(r.path)
	if err != nil {
		sink.Problem(Problem{File: r.path, Reason: err.Error(), Records: -1})
		return nil
	}
	defer rc.Close()
	prog := newDiskProgress(sink, rc)
	defer prog.finish()
	ds, _ := sink.(DeferredSink)
	us := unitsOf(sink)
	chunk := r.chunk
	if chunk <= 0 {
		chunk = DefaultChunkBytes
	}
	var src io.Reader = rc
	var off int64 // offset of the next line in the decompressed stream
	first := 1
	if r.start != nil {
		var perr *Problem
		src, off, first, perr = r.seek(rc, prog)
		r.start = nil
		if perr != nil {
			sink.Problem(*perr)
			return nil
		}
	}
	br := bufio.NewReaderSize(src, 1<<20)
	var buf []byte
	cur, want := int64(-1), true
	for line := first; ; line++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		var data []byte
		data, buf, err = readJSONLine(br, buf)
		if len(data) > 0 {
			if u := off / chunk; u != cur {
				cur = u
				unit := Unit{Index: u, Resume: lineToken(off, line)}
				want = us.Wants(unit)
				us.StartUnit(unit)
			}
			off += int64(len(data))
		}
		if err != nil && err != io.EOF {
			sink.Problem(Problem{File: r.path, Position: "line=" + strconv.Itoa(line),
				Reason: "stream damaged, rest of the file lost: " + err.Error(), Records: -1})
			return nil
		}
		prog.decoded(len(data))
		if line == 1 {
			data = bytes.TrimPrefix(data, utf8BOM)
		}
		if want && len(bytes.TrimSpace(data)) > 0 {
			if ds != nil {
				if serr := ds.Deferred(&messagesLine{r: r, line: line, data: bytes.Clone(data)}); serr != nil {
					return serr
				}
			} else {
				c, perr := r.parse(data, line)
				if perr != nil {
					sink.Problem(r.problem(line, perr))
				} else if serr := sink.Conversation(c); serr != nil {
					return serr
				}
			}
		}
		if err == io.EOF {
			return nil
		}
	}
}

// seek positions the stream at the line r.start names: it returns the
// stream to read from, the line's offset and number. A plain file is
// seeked; a compressed stream is decoded up to the offset.
func (r *messagesReader) seek(rc io.ReadCloser, prog *diskProgress) (io.Reader, int64, int, *Problem) {
	off, line, ok := parseLineToken(r.start.Resume)
	if !ok {
		return nil, 0, 0, &Problem{File: r.path, Reason: fmt.Sprintf("cannot resume: bad position %q", r.start.Resume), Records: -1}
	}
	if p, isPlain := rc.(*plainReader); isPlain {
		if _, err := p.file.Seek(off, io.SeekStart); err != nil {
			return nil, 0, 0, &Problem{File: r.path, Position: "line=" + strconv.Itoa(line),
				Reason: "cannot resume: " + err.Error(), Records: -1}
		}
		prog.to(off)
		return p.file, off, line, nil
	}
	if n, err := io.CopyN(io.Discard, rc, off); err != nil {
		if err == io.EOF {
			err = fmt.Errorf("the stream ends after %d bytes", n)
		}
		return nil, 0, 0, &Problem{File: r.path, Position: "line=" + strconv.Itoa(line),
			Reason: "cannot resume, rest of the file lost: " + err.Error(), Records: -1}
	}
	return rc, off, line, nil
}

// problem is the Problem for a line that cannot be used.
func (r *messagesReader) problem(line int, err error) Problem {
	return Problem{File: r.path, Position: "line=" + strconv.Itoa(line), Reason: err.Error(), Records: 1}
}

// messagesLine is one undecoded line handed to a DeferredSink.
type messagesLine struct {
	r    *messagesReader
	line int
	data []byte
}

// Decode implements Deferred.
func (m *messagesLine) Decode() (*Conversation, *Problem) {
	c, err := m.r.parse(m.data, m.line)
	m.data = nil
	if err != nil {
		p := m.r.problem(m.line, err)
		return nil, &p
	}
	return c, nil
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

// parse turns one non-blank line into a conversation. The fast path
// (parseFast) handles every record it fully understands; anything else —
// malformed JSON, unexpected types, keys that only match case-insensitively,
// duplicate keys — goes through encoding/json (parseSlow), which also words
// the errors. Both give the same result for every line the fast path
// accepts (FuzzMessagesParseEquivalence).
func (r *messagesReader) parse(data []byte, line int) (*Conversation, error) {
	if r.corpus == FormatShareGPT {
		return parseShareGPTLine(data, r.path, line)
	}
	if rec, ok := parseFast(data); ok {
		return r.build(&rec, line, messagesContent)
	}
	return r.parseSlow(data, line)
}

// parseSlow is parse through encoding/json only (the fast path's
// reference in tests, and what parse falls back to).
func (r *messagesReader) parseSlow(data []byte, line int) (*Conversation, error) {
	var rec messagesRecord
	if err := json.Unmarshal(data, &rec); err != nil {
		return nil, fmt.Errorf("bad JSON: %v", err)
	}
	return r.build(&rec, line, messagesContentSlow)
}

// build turns a decoded record into a conversation, decoding contents
// with content.
func (r *messagesReader) build(rec *messagesRecord, line int, content func(json.RawMessage) (string, error)) (*Conversation, error) {
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
		text := it.text
		if !it.hasText {
			var err error
			if text, err = content(it.Content); err != nil {
				return nil, fmt.Errorf("messages[%d]: %v", i, err)
			}
		}
		c.Messages[i] = Message{Role: NormaliseRole(it.Role), Content: text}
	}
	return c, nil
}

// Field names the fast path looks for, by object.
var (
	recordKeys = []string{"messages", "id", "conversation_id", "custom_id", "model", "language", "body"}
	bodyKeys   = []string{"messages", "model"}
	itemKeys   = []string{"role", "content"}
)

// parseFast decodes a record with the JSON scanner of jsonfast.go into the
// same messagesRecord encoding/json would fill. Raw fields alias data. ok is
// false whenever the result could differ from encoding/json's, including
// every line encoding/json would reject.
func parseFast(data []byte) (rec messagesRecord, ok bool) {
	s := newJSONScan(data)
	defer s.release()
	if !s.eat('{') {
		return rec, false
	}
	var seen [7]bool
	if !s.eat('}') {
		for {
			s.ws()
			ks, ke, esc, ok := s.str()
			if !ok || !s.eat(':') {
				return rec, false
			}
			k := keyKind(data[ks+1:ke-1], esc, recordKeys)
			if k == -2 || k >= 0 && seen[k] {
				return rec, false
			}
			switch k {
			case -1:
				if _, _, ok := s.value(); !ok {
					return rec, false
				}
			case 0:
				if rec.Messages, ok = s.items(); !ok {
					return rec, false
				}
			case 6:
				if rec.Body, ok = s.body(); !ok {
					return rec, false
				}
			default:
				vs, ve, ok := s.value()
				if !ok {
					return rec, false
				}
				raw := json.RawMessage(data[vs:ve])
				switch k {
				case 1:
					rec.ID = raw
				case 2:
					rec.ConversationID = raw
				case 3:
					rec.CustomID = raw
				case 4:
					rec.Model = raw
				case 5:
					rec.Language = raw
				}
			}
			if k >= 0 {
				seen[k] = true
			}
			if s.eat(',') {
				continue
			}
			if s.eat('}') {
				break
			}
			return rec, false
		}
	}
	s.ws()
	return rec, s.i == len(data)
}

// items decodes a messages value: null (nil) or an array of message
// objects (non-nil, possibly empty).
func (s *jsonScan) items() ([]messagesItem, bool) {
	s.ws()
	if s.i < len(s.b) && s.b[s.i] == 'n' {
		return nil, s.lit("null")
	}
	if !s.eat('[') {
		return nil, false
	}
	items := make([]messagesItem, 0, 8)
	if s.eat(']') {
		return items, true
	}
	for {
		var it messagesItem
		s.ws()
		switch {
		case s.i < len(s.b) && s.b[s.i] == 'n':
			if !s.lit("null") {
				return nil, false
			}
		case s.eat('{'):
			if !s.item(&it) {
				return nil, false
			}
		default:
			return nil, false
		}
		items = append(items, it)
		if s.eat(',') {
			continue
		}
		if s.eat(']') {
			return items, true
		}
		return nil, false
	}
}

// item decodes the members of one message object after its '{'.
func (s *jsonScan) item(it *messagesItem) bool {
	if s.eat('}') {
		return true
	}
	var seen [2]bool
	for {
		s.ws()
		ks, ke, esc, ok := s.str()
		if !ok || !s.eat(':') {
			return false
		}
		k := keyKind(s.b[ks+1:ke-1], esc, itemKeys)
		if k == -2 || k >= 0 && seen[k] {
			return false
		}
		switch k {
		case -1:
			if _, _, ok := s.value(); !ok {
				return false
			}
		case 0:
			s.ws()
			switch {
			case s.i < len(s.b) && s.b[s.i] == 'n':
				if !s.lit("null") {
					return false
				}
			case s.i < len(s.b) && s.b[s.i] == '"':
				vs, ve, _, ok := s.str()
				if !ok {
					return false
				}
				if it.Role, ok = jsonUnquote(s.b[vs:ve]); !ok {
					return false
				}
			default:
				return false
			}
			seen[0] = true
		case 1:
			s.ws()
			vs := s.i
			if vs < len(s.b) && s.b[vs] == '"' {
				if it.text, ok = s.text(); !ok {
					return false
				}
				it.hasText = true
			} else if _, _, ok := s.value(); !ok {
				return false
			}
			it.Content = s.b[vs:s.i]
			seen[1] = true
		}
		if s.eat(',') {
			continue
		}
		return s.eat('}')
	}
}

// body decodes the Batch API body: null (nil) or an object.
func (s *jsonScan) body() (*messagesBody, bool) {
	s.ws()
	if s.i < len(s.b) && s.b[s.i] == 'n' {
		return nil, s.lit("null")
	}
	if !s.eat('{') {
		return nil, false
	}
	b := &messagesBody{}
	if s.eat('}') {
		return b, true
	}
	var seen [2]bool
	for {
		s.ws()
		ks, ke, esc, ok := s.str()
		if !ok || !s.eat(':') {
			return nil, false
		}
		k := keyKind(s.b[ks+1:ke-1], esc, bodyKeys)
		if k == -2 || k >= 0 && seen[k] {
			return nil, false
		}
		switch k {
		case -1:
			if _, _, ok := s.value(); !ok {
				return nil, false
			}
		case 0:
			if b.Messages, ok = s.items(); !ok {
				return nil, false
			}
			seen[0] = true
		case 1:
			vs, ve, ok := s.value()
			if !ok {
				return nil, false
			}
			b.Model = s.b[vs:ve]
			seen[1] = true
		}
		if s.eat(',') {
			continue
		}
		if s.eat('}') {
			return b, true
		}
		return nil, false
	}
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

// unquoteJSON decodes a JSON string literal (see jsonUnquote: escapes are
// decoded, every other byte is kept as the source has it).
func unquoteJSON(raw []byte) (string, error) {
	s, ok := jsonUnquote(raw)
	if !ok {
		return "", fmt.Errorf("malformed string literal: %.20s", raw)
	}
	return s, nil
}

// jsonString returns raw's value when raw is a JSON string, else "".
func jsonString(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '"' {
		return ""
	}
	s, _ := jsonUnquote(raw)
	return s
}

// messagesContent decodes a message's content: a string as it is, null or
// absent as "", a list of parts (or a single part object) as the text of
// its text parts joined with "\n". Lists of parts go through the JSON
// scanner when it understands them (partsFast), else through
// messagesContentSlow, which gives the same result.
func messagesContent(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && (raw[0] == '[' || raw[0] == '{') {
		if text, ok := partsFast(raw); ok {
			return text, nil
		}
	}
	return messagesContentSlow(raw)
}

// partsFast decodes a list of parts, or a single part object, with the JSON
// scanner. ok is false whenever the result could differ from
// messagesContentSlow's (including every error it would report).
func partsFast(raw []byte) (string, bool) {
	s := &jsonScan{b: raw}
	if s.eat('{') {
		text, _, ok := s.part()
		s.ws()
		return text, ok && s.i == len(raw)
	}
	if !s.eat('[') {
		return "", false
	}
	var sb strings.Builder
	n := 0
	if !s.eat(']') {
		for {
			s.ws()
			if s.i >= len(raw) {
				return "", false
			}
			var text string
			var isText, ok bool
			switch raw[s.i] {
			case '"':
				text, ok = s.text()
				isText = true
			case '{':
				s.i++
				text, isText, ok = s.part()
			default: // null, numbers and the like carry no text
				_, _, ok = s.value()
			}
			if !ok {
				return "", false
			}
			if isText {
				if n > 0 {
					sb.WriteByte('\n')
				}
				sb.WriteString(text)
				n++
			}
			if s.eat(',') {
				continue
			}
			if s.eat(']') {
				break
			}
			return "", false
		}
	}
	s.ws()
	return sb.String(), s.i == len(raw)
}

// partKeys are the fields of a content part the fast path reads.
var partKeys = []string{"type", "text"}

// part decodes the members of a part object after its '{' as messagesPart
// does: the text of a part of type "", "text", "input_text" or
// "output_text" whose text is a string. ok is false when the fast path
// must leave the part to encoding/json (odd types, {"value"} texts, keys
// that only match case-insensitively, duplicate keys, bad JSON).
func (s *jsonScan) part() (text string, isText, ok bool) {
	var typ string
	textStart, textEnd := -1, -1
	var seen [2]bool
	if !s.eat('}') {
		for {
			s.ws()
			ks, ke, esc, ok := s.str()
			if !ok || !s.eat(':') {
				return "", false, false
			}
			k := keyKind(s.b[ks+1:ke-1], esc, partKeys)
			if k == -2 || k >= 0 && seen[k] {
				return "", false, false
			}
			switch k {
			case -1:
				if _, _, ok := s.value(); !ok {
					return "", false, false
				}
			case 0:
				s.ws()
				switch {
				case s.i < len(s.b) && s.b[s.i] == 'n':
					if !s.lit("null") {
						return "", false, false
					}
				case s.i < len(s.b) && s.b[s.i] == '"':
					if typ, ok = s.text(); !ok {
						return "", false, false
					}
				default:
					return "", false, false
				}
				seen[0] = true
			case 1:
				if textStart, textEnd, ok = s.value(); !ok {
					return "", false, false
				}
				seen[1] = true
			}
			if s.eat(',') {
				continue
			}
			if s.eat('}') {
				break
			}
			return "", false, false
		}
	}
	switch typ {
	case "", "text", "input_text", "output_text":
	default:
		return "", false, true
	}
	if textStart < 0 {
		return "", false, true
	}
	switch s.b[textStart] {
	case '"':
		text, ok := jsonUnquote(s.b[textStart:textEnd])
		return text, ok, ok
	case '{':
		return "", false, false // {"value": ...}: left to encoding/json
	}
	return "", false, true
}

// messagesContentSlow is messagesContent through encoding/json.
func messagesContentSlow(raw json.RawMessage) (string, error) {
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
		s, err := unquoteJSON(raw)
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
		// Decoding into *string first keeps encoding/json's verdict on
		// odd values (numbers, objects, duplicate keys); the text itself
		// is then taken from the raw literal, unchanged.
		var v struct {
			Value *string `json:"value"`
		}
		if json.Unmarshal(text, &v) != nil || v.Value == nil {
			return "", false, nil
		}
		var raw struct {
			Value json.RawMessage `json:"value"`
		}
		if json.Unmarshal(text, &raw) != nil {
			return "", false, nil
		}
		s, err := unquoteJSON(bytes.TrimSpace(raw.Value))
		return s, err == nil, err
	}
	if text[0] != '"' {
		return "", false, nil
	}
	s, err := unquoteJSON(text)
	return s, err == nil, err
}
