package corpora

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/parquet-go/parquet-go"
)

// parquetMagic starts (and ends) every Parquet file.
var parquetMagic = []byte("PAR1")

// Sniff tells the format of the file at path (one of the Format* names) by
// its content, never by its name, reading as little as it can:
//
//   - Parquet (PAR1 magic): only the footer's schema is read. Top-level
//     conversation_hash or conversation_id plus a conversation list means
//     WildChat, or LMSYS-Chat-1M when there is conversation_id and redacted
//     but neither conversation_hash nor timestamp; any other Parquet file
//     is an error.
//   - a ZIP archive (PK magic): its conversations.json member is sniffed
//     in place and must be a ChatGPT or Claude.ai export.
//   - otherwise the stream is decompressed (zstd, gzip; see Open) and, for
//     JSON, only the first record is looked at, key by key: an object whose
//     key Sources holds an array is a DevGPT snapshot file (DevGPT files are
//     single objects of hundreds of MB: Sniff stops at that key); an object
//     with a messages array, or body.messages, is OpenAI messages JSON Lines;
//     one with a conversations array is ShareGPT JSON Lines (when the first
//     record cannot be read, the first later line that is a whole JSON
//     object decides, so that a JSON Lines file with a damaged first line
//     is read and its damage reported); one with
//     mapping is a ChatGPT export conversation, with chat_messages a
//     Claude.ai one. A JSON array is told by its first element's keys:
//     mapping (ChatGPT export), chat_messages (Claude.ai export),
//     conversations (ShareGPT).
//   - a CSV header naming url, message_index, role and plain_text is
//     ShareChat.
//
// Anything else is an error that names the file and says what was seen.
//
// A file that holds a corpus container but is damaged — a Parquet file whose
// footer cannot be read, a ZIP archive that cannot be opened or whose
// conversations.json cannot be read, a compressed stream that fails before
// its first record could be looked at — gives a *DamagedError, so that
// Expand reports it even when it was found by walking a directory.
func Sniff(path string) (format string, err error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	head := make([]byte, len(parquetMagic))
	n, _ := io.ReadFull(f, head)
	if n == len(parquetMagic) && bytes.Equal(head, parquetMagic) {
		defer f.Close()
		return sniffParquet(f, path)
	}
	f.Close()
	if n == len(zipMagic) && (bytes.Equal(head, zipMagic) || bytes.Equal(head, zipEmptyMagic)) {
		return sniffZip(path)
	}

	rc, err := Open(path)
	if err != nil {
		return "", err
	}
	defer rc.Close()
	// A read error is the decompressor's (plain files do not fail): the
	// file is a damaged stream, not content of another kind.
	rec := &sniffReadErr{r: rc}
	defer func() {
		if err != nil && rec.err != nil {
			err = &DamagedError{Err: err}
		}
	}()
	br := bufio.NewReaderSize(rec, 64<<10)
	first, err := sniffFirstByte(br)
	if err == io.EOF {
		return "", fmt.Errorf("%s: empty file (after decompression)", path)
	}
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	switch first {
	case '{':
		format, err = sniffJSONObject(br, path)
		if err != nil && rec.err == nil {
			// JSON Lines whose first record is damaged: the first intact
			// record tells the format, and the reader reports the rest.
			if later, ok := sniffLaterLine(path); ok {
				return later, nil
			}
		}
		return format, err
	case '[':
		return sniffJSONArray(br, path)
	}
	if peek, _ := br.Peek(len(parquetMagic)); bytes.Equal(peek, parquetMagic) {
		return "", fmt.Errorf("%s: a compressed Parquet file: decompress it first (Parquet needs random access)", path)
	}
	return sniffCSV(br, path)
}

// DamagedError is a Sniff error for a file that is a damaged corpus file
// rather than a file of another kind. Position is where the loss starts,
// in the form of the format's positions ("row=0" for Parquet), "" when the
// whole file is lost before any position.
type DamagedError struct {
	Err      error
	Position string
}

func (e *DamagedError) Error() string { return e.Err.Error() }
func (e *DamagedError) Unwrap() error { return e.Err }

// sniffReadErr remembers the first read error other than io.EOF.
type sniffReadErr struct {
	r   io.Reader
	err error
}

func (s *sniffReadErr) Read(b []byte) (int, error) {
	n, err := s.r.Read(b)
	if err != nil && err != io.EOF && s.err == nil {
		s.err = err
	}
	return n, err
}

// Bounds of sniffLaterLine: the lines and bytes it looks through.
const (
	sniffMaxLines = 1000
	sniffMaxBytes = 32 << 20
)

// sniffLaterLine is for a file whose first record could not be sniffed:
// when its first line is not valid JSON (a damaged record, not one of
// another kind), the first later line that is a whole JSON object tells the
// format if that is a JSON Lines format (messages or ShareGPT): a JSON
// Lines file whose first record is damaged is still that format. ok is
// false otherwise, or when no such line is found within sniffMaxLines lines
// and sniffMaxBytes bytes.
func sniffLaterLine(path string) (format string, ok bool) {
	rc, err := Open(path)
	if err != nil {
		return "", false
	}
	defer rc.Close()
	br := bufio.NewReaderSize(rc, 64<<10)
	var read int64
	for n := 0; n < sniffMaxLines && read < sniffMaxBytes; n++ {
		line, err := sniffReadLine(br, sniffMaxBytes-read)
		read += int64(len(line))
		l := bytes.TrimSpace(line)
		if n == 0 && json.Valid(l) {
			return "", false // the first record is intact: its verdict stands
		}
		if n > 0 && len(l) > 0 && l[0] == '{' && json.Valid(l) {
			f, ferr := sniffJSONObject(bufio.NewReader(bytes.NewReader(l)), path)
			return f, ferr == nil && (f == FormatMessages || f == FormatShareGPT)
		}
		if err != nil {
			return "", false
		}
	}
	return "", false
}

// sniffReadLine reads one line of at most max bytes (a longer one is
// returned cut, with an error).
func sniffReadLine(br *bufio.Reader, max int64) ([]byte, error) {
	var line []byte
	for {
		part, err := br.ReadSlice('\n')
		line = append(line, part...)
		if int64(len(line)) > max {
			return line, errors.New("line too long")
		}
		if err != bufio.ErrBufferFull {
			return line, err
		}
	}
}

// sniffFirstByte skips a UTF-8 byte-order mark and white space and returns
// the next byte without consuming it.
func sniffFirstByte(br *bufio.Reader) (byte, error) {
	if bom, _ := br.Peek(len(utf8BOM)); bytes.Equal(bom, utf8BOM) {
		br.Discard(len(utf8BOM))
	}
	for {
		b, err := br.ReadByte()
		if err != nil {
			return 0, err
		}
		switch b {
		case ' ', '\t', '\r', '\n':
			continue
		}
		br.UnreadByte()
		return b, nil
	}
}

// sniffParquet inspects the schema in a Parquet footer.
func sniffParquet(f *os.File, path string) (format string, err error) {
	st, err := f.Stat()
	if err != nil {
		return "", err
	}
	defer func() {
		// parquet-go panics on some malformed footers.
		if r := recover(); r != nil {
			format, err = "", &DamagedError{Err: fmt.Errorf("%s: unreadable Parquet footer: %v", path, r), Position: "row=0"}
		}
	}()
	pf, err := parquet.OpenFile(f, st.Size(), parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return "", &DamagedError{Err: fmt.Errorf("%s: unreadable Parquet file: %w", path, err), Position: "row=0"}
	}
	var names []string
	var hasID, hasConversation bool
	cols := map[string]bool{}
	for _, fld := range pf.Schema().Fields() {
		name := fld.Name()
		names = append(names, name)
		cols[name] = true
		switch name {
		case "conversation_hash", "conversation_id":
			hasID = true
		case "conversation":
			hasConversation = !fld.Leaf()
		}
	}
	if hasID && hasConversation {
		// LMSYS-Chat-1M: conversation_id and redacted, no
		// conversation_hash, and no timestamp (the 2023 WildChat release
		// also has conversation_id and redacted, but a timestamp).
		if !cols["conversation_hash"] && cols["conversation_id"] && cols["redacted"] && !cols["timestamp"] {
			return FormatLMSYS, nil
		}
		return FormatWildChat, nil
	}
	return "", fmt.Errorf("%s: Parquet file with columns %s: not WildChat (needs conversation_hash or conversation_id and a conversation list)",
		path, sniffList(names, 12))
}

// sniffMaxKeys bounds how many keys of the first JSON record are examined.
const sniffMaxKeys = 1000

// sniffJSONObject reads the first JSON object key by key.
func sniffJSONObject(br *bufio.Reader, path string) (string, error) {
	dec := json.NewDecoder(br)
	if _, err := dec.Token(); err != nil { // the opening '{'
		return "", fmt.Errorf("%s: not JSON: %v", path, err)
	}
	var keys []string
	for len(keys) < sniffMaxKeys && dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return "", fmt.Errorf("%s: bad JSON in the first record: %v", path, err)
		}
		key, _ := tok.(string)
		keys = append(keys, key)
		switch {
		case strings.EqualFold(key, "Sources"):
			tok, err := dec.Token()
			if err != nil {
				return "", fmt.Errorf("%s: bad JSON in the first record: %v", path, err)
			}
			if tok == json.Delim('[') {
				return FormatDevGPT, nil
			}
			return "", fmt.Errorf("%s: JSON object whose Sources is not an array", path)
		case strings.EqualFold(key, "messages"):
			var msgs []struct{}
			if err := dec.Decode(&msgs); err == nil && msgs != nil {
				return FormatMessages, nil
			}
			return "", fmt.Errorf("%s: JSON Lines whose first record's messages is not an array", path)
		case key == "mapping":
			return FormatChatGPT, nil // a single exported conversation
		case key == "chat_messages":
			return FormatClaude, nil
		case key == "conversations":
			var conv []struct{}
			if err := dec.Decode(&conv); err == nil && conv != nil {
				return FormatShareGPT, nil
			}
			return "", fmt.Errorf("%s: JSON Lines whose first record's conversations is not an array", path)
		case strings.EqualFold(key, "body"):
			var body struct {
				Messages []struct{} `json:"messages"`
			}
			if err := dec.Decode(&body); err == nil && body.Messages != nil {
				return FormatMessages, nil
			}
			continue
		}
		if err := skipJSONValue(dec); err != nil {
			return "", fmt.Errorf("%s: bad JSON in the first record: %v", path, err)
		}
	}
	return "", fmt.Errorf("%s: JSON whose first record has keys %s%s", path, sniffList(keys, 12), sniffHint(keys))
}

// sniffJSONArray looks at the first element of a top-level JSON array and
// tells the format by its keys, in the order formats.md §0 gives: mapping
// (ChatGPT export), chat_messages (Claude.ai export), conversations
// (ShareGPT). Only the first element is scanned, token by token.
func sniffJSONArray(br *bufio.Reader, path string) (string, error) {
	dec := json.NewDecoder(br)
	dec.Token() // '['
	if !dec.More() {
		return "", fmt.Errorf("%s: an empty JSON array", path)
	}
	tok, err := dec.Token()
	if err != nil || tok != json.Delim('{') {
		return "", fmt.Errorf("%s: a JSON array whose first element is not an object", path)
	}
	var keys []string
	has := map[string]bool{}
	for len(keys) < sniffMaxKeys && dec.More() {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		key, _ := tok.(string)
		keys = append(keys, key)
		has[key] = true
		if skipJSONValue(dec) != nil {
			break
		}
	}
	switch {
	case has["mapping"]:
		return FormatChatGPT, nil
	case has["chat_messages"]:
		return FormatClaude, nil
	case has["conversations"]:
		return FormatShareGPT, nil
	}
	return "", fmt.Errorf("%s: a JSON array whose first element has keys %s%s; not a ShareGPT file or a ChatGPT or Claude export",
		path, sniffList(keys, 12), sniffHint(keys))
}

// sniffZip tells the format of an export archive by its conversations.json
// member (ChatGPT or Claude.ai), read in place.
func sniffZip(path string) (format string, err error) {
	zr, err := zip.OpenReader(path)
	if err != nil {
		return "", &DamagedError{Err: fmt.Errorf("%s: unreadable ZIP archive: %v", path, err)}
	}
	defer zr.Close()
	members := zipConversations(&zr.Reader)
	if len(members) == 0 {
		return "", fmt.Errorf("%s: a ZIP archive without conversations.json", path)
	}
	rc, err := members[0].Open()
	if err != nil {
		return "", &DamagedError{Err: fmt.Errorf("%s: %s: %v", path, members[0].Name, err)}
	}
	defer rc.Close()
	rec := &sniffReadErr{r: rc}
	defer func() {
		if err != nil && rec.err != nil {
			err = &DamagedError{Err: err}
		}
	}()
	br := bufio.NewReaderSize(rec, 64<<10)
	first, err := sniffFirstByte(br)
	if err != nil {
		return "", fmt.Errorf("%s: %s: empty or unreadable: %v", path, members[0].Name, err)
	}
	switch first {
	case '[':
		format, err = sniffJSONArray(br, path+": "+members[0].Name)
	case '{':
		format, err = sniffJSONObject(br, path+": "+members[0].Name)
	default:
		return "", fmt.Errorf("%s: %s is not JSON", path, members[0].Name)
	}
	if err != nil {
		return "", err
	}
	if format != FormatChatGPT && format != FormatClaude {
		return "", fmt.Errorf("%s: a ZIP archive whose conversations.json is %s, not a ChatGPT or Claude export", path, format)
	}
	return format, nil
}

// sniffHint names the format a set of first-record keys suggests, for
// formats revtrace does not read.
func sniffHint(keys []string) string {
	has := map[string]bool{}
	for _, k := range keys {
		has[strings.ToLower(k)] = true
	}
	switch {
	case has["conversation"]:
		return " (WildChat/LMSYS rows as JSON, not supported: use the Parquet files)"
	}
	return ""
}

// skipJSONValue consumes one value token by token, so that skipping a large
// value does not buffer it.
func skipJSONValue(dec *json.Decoder) error {
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		if d, ok := tok.(json.Delim); ok {
			switch d {
			case '{', '[':
				depth++
			default:
				depth--
			}
		}
		if depth == 0 {
			return nil
		}
	}
}

// sniffCSV reads the first line as a CSV header.
func sniffCSV(br *bufio.Reader, path string) (string, error) {
	line, err := br.ReadSlice('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		if errors.Is(err, bufio.ErrBufferFull) {
			return "", fmt.Errorf("%s: unrecognised content starting with %q", path, sniffPrefix(line))
		}
		return "", fmt.Errorf("%s: %w", path, err)
	}
	if bytes.IndexByte(line, 0) >= 0 || bytes.IndexByte(line, ',') < 0 {
		return "", fmt.Errorf("%s: unrecognised content starting with %q", path, sniffPrefix(line))
	}
	cr := csv.NewReader(bytes.NewReader(line))
	cr.LazyQuotes = true
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if err != nil {
		return "", fmt.Errorf("%s: unrecognised content starting with %q", path, sniffPrefix(line))
	}
	cols := map[string]bool{}
	for _, h := range header {
		cols[strings.ToLower(strings.TrimSpace(h))] = true
	}
	if cols["url"] && cols["message_index"] && cols["role"] && cols["plain_text"] {
		return FormatShareChat, nil
	}
	if cols["url"] && cols["status"] && cols["mentionedurl"] {
		return "", fmt.Errorf("%s: a DevGPT link list (no conversation text): read the snapshot's *_sharings.json files", path)
	}
	return "", fmt.Errorf("%s: CSV with header %s: not ShareChat (needs url, message_index, role, plain_text)", path, sniffList(header, 12))
}

// sniffList renders at most max names for an error message.
func sniffList(names []string, max int) string {
	shown := names
	if len(shown) > max {
		shown = shown[:max]
	}
	quoted := make([]string, len(shown))
	for i, n := range shown {
		quoted[i] = fmt.Sprintf("%q", n)
	}
	s := "[" + strings.Join(quoted, " ")
	if len(names) > max {
		s += fmt.Sprintf(" ... %d more", len(names)-max)
	}
	return s + "]"
}

// sniffPrefix returns the first bytes of b for an error message.
func sniffPrefix(b []byte) []byte {
	b = bytes.TrimRight(b, "\r\n")
	if len(b) > 40 {
		b = b[:40]
	}
	return b
}
