package corpora

import (
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
//     WildChat; any other Parquet file is an error.
//   - otherwise the stream is decompressed (zstd, gzip; see Open) and, for
//     JSON, only the first record is looked at, key by key: an object whose
//     key Sources holds an array is a DevGPT snapshot file (DevGPT files are
//     single objects of hundreds of MB: Sniff stops at that key); an object
//     with a messages array, or body.messages, is OpenAI messages JSON Lines.
//   - a CSV header naming url, message_index, role and plain_text is
//     ShareChat.
//
// Anything else is an error that names the file and says what was seen.
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

	rc, err := Open(path)
	if err != nil {
		return "", err
	}
	defer rc.Close()
	br := bufio.NewReaderSize(rc, 64<<10)
	first, err := sniffFirstByte(br)
	if err == io.EOF {
		return "", fmt.Errorf("%s: empty file (after decompression)", path)
	}
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	switch first {
	case '{':
		return sniffJSONObject(br, path)
	case '[':
		return "", sniffJSONArray(br, path)
	}
	if peek, _ := br.Peek(len(parquetMagic)); bytes.Equal(peek, parquetMagic) {
		return "", fmt.Errorf("%s: a compressed Parquet file: decompress it first (Parquet needs random access)", path)
	}
	return sniffCSV(br, path)
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
			format, err = "", fmt.Errorf("%s: unreadable Parquet footer: %v", path, r)
		}
	}()
	pf, err := parquet.OpenFile(f, st.Size(), parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return "", fmt.Errorf("%s: unreadable Parquet file: %w", path, err)
	}
	var names []string
	var hasID, hasConversation bool
	for _, fld := range pf.Schema().Fields() {
		name := fld.Name()
		names = append(names, name)
		switch name {
		case "conversation_hash", "conversation_id":
			hasID = true
		case "conversation":
			hasConversation = !fld.Leaf()
		}
	}
	if hasID && hasConversation {
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

// sniffJSONArray looks at the first element of a top-level JSON array. No
// array-shaped format is read (yet), so it always returns an error that says
// what the file looks like.
func sniffJSONArray(br *bufio.Reader, path string) error {
	dec := json.NewDecoder(br)
	dec.Token() // '['
	if !dec.More() {
		return fmt.Errorf("%s: an empty JSON array", path)
	}
	tok, err := dec.Token()
	if err != nil || tok != json.Delim('{') {
		return fmt.Errorf("%s: a JSON array whose first element is not an object", path)
	}
	var keys []string
	for len(keys) < sniffMaxKeys && dec.More() {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		key, _ := tok.(string)
		keys = append(keys, key)
		if skipJSONValue(dec) != nil {
			break
		}
	}
	return fmt.Errorf("%s: a JSON array whose first element has keys %s%s; arrays are not read (convert to messages JSON Lines)",
		path, sniffList(keys, 12), sniffHint(keys))
}

// sniffHint names the format a set of first-record keys suggests, for
// formats revtrace does not read.
func sniffHint(keys []string) string {
	has := map[string]bool{}
	for _, k := range keys {
		has[strings.ToLower(k)] = true
	}
	switch {
	case has["mapping"]:
		return " (a ChatGPT export, not supported)"
	case has["chat_messages"]:
		return " (a Claude export, not supported)"
	case has["conversations"]:
		return " (ShareGPT, not supported)"
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
