package corpora

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"
)

// NewShareChatReader returns a Reader for a ShareChat CSV file (one row per
// message; plain, .zst or .gz). Columns are found by header name
// (case-insensitive); url, message_index, role and plain_text are required,
// every other column is optional and unknown ones are ignored.
//
// The rows of one url are not always contiguous and the largest file is
// 2.3 GB, so reading takes two passes: pass 1 streams the file and keeps,
// per url, only the byte range, line and message_index of each row (never
// the text); pass 2 visits the urls in order of first appearance, reads
// their rows back by offset (one read per run of adjacent rows) and sorts
// them by message_index. A compressed file is first decompressed to a
// temporary file (os.CreateTemp, so in $TMPDIR; removed afterwards) because
// pass 2 needs offsets.
//
// Records are split as encoding/csv splits them with LazyQuotes (multi-line
// quoted fields, "" for a quote, stray quotes kept), but by a parser of this
// package that keeps the bytes of quoted fields as they are: encoding/csv
// turns "\r\n" inside a field into "\n", and message texts must keep their
// line endings (DESIGN.md §4).
//
// A conversation has Corpus "sharechat", ID the url and Position "url=URL";
// roles go through NormaliseRole ("llm" → assistant); Message.Language is
// the row's detected_language_final and Conversation.Language the most
// frequent one; Model is the first value of a model column that names a
// model, an assistant row's first (noise such as default_model_slug is
// ignored); Timestamp comes from create_time (or created_at) when it parses.
//
// Problems: a url whose message_index repeats is skipped, never guessed
// (Position "url=URL", Reason "ambiguous order: message_index N repeats",
// Records 1). A row that cannot be used (a number of fields other than the
// header's, e.g. from a broken quote; a message_index that is not an
// integer; no url) is reported at "line=N" with what is known; its url, when
// known, is skipped as a whole (Records 1; 0 for further bad rows of the same
// url), else Records is -1. A quoted field that runs over lines reading as
// rows of the file (a url with "://", an integer message_index and a user or
// assistant role in their columns) was left open by a broken quote: that row
// is reported and reading resumes on the line after its first, so that the
// rows it swallowed are read. A damaged compressed stream is reported at the
// first line not read (Records -1), after everything before it; the row it
// cuts is reported with its url, and a conversation with fewer user rows than
// its turns_count (its other rows were lost) is reported instead of being
// delivered incomplete. Problems are delivered in the order of first
// appearance of their url, interleaved with the conversations.
func NewShareChatReader(path string) Reader { return &sharechatReader{path: path} }

type sharechatReader struct{ path string }

// sharechatRow is what pass 1 keeps of a row.
type sharechatRow struct {
	off   int64 // byte offset of the row's first byte
	end   int64 // byte offset just past the row
	index int   // message_index
	line  int   // line of the row's first byte
}

// sharechatConv is one url, or (url == "") a Problem not tied to a url.
type sharechatConv struct {
	url      string
	turns    int // turns_count of the first row, -1 when unknown
	rows     []sharechatRow
	problems []Problem // rows that could not be used: the url is skipped
}

// sharechatCols maps the columns the reader uses to their index, -1 when absent.
type sharechatCols struct {
	url, index, role, text, lang, model, created, createdAt, turns int
	n                                                              int // number of header fields
}

// Read implements Reader.
func (r *sharechatReader) Read(ctx context.Context, sink Sink) error {
	problem := func(pos, reason string, records int) {
		sink.Problem(Problem{File: r.path, Position: pos, Reason: reason, Records: records})
	}
	data, size, streamErr, cleanup, err := sharechatData(r.path)
	if err != nil {
		problem("", err.Error(), -1)
		return nil
	}
	defer cleanup()

	order, cols, err := r.index(ctx, data, size, streamErr)
	if err != nil {
		return err
	}
	// Each entry of order (a url, or a problem not tied to one) is a unit;
	// pass 1 reads the whole file whichever units are wanted.
	us := unitsOf(sink)
	if cols == nil { // header problem, already in order
		for i, c := range order {
			u := Unit{Index: int64(i)}
			us.StartUnit(u)
			if !us.Wants(u) {
				continue
			}
			for _, p := range c.problems {
				sink.Problem(p)
			}
		}
		return nil
	}
	for i, c := range order {
		if err := ctx.Err(); err != nil {
			return err
		}
		u := Unit{Index: int64(i)}
		us.StartUnit(u)
		if !us.Wants(u) {
			continue
		}
		if len(c.problems) > 0 {
			for _, p := range c.problems {
				sink.Problem(p)
			}
			continue
		}
		if n, ok := sharechatRepeat(c.rows); ok {
			problem("url="+c.url, fmt.Sprintf("ambiguous order: message_index %d repeats", n), 1)
			continue
		}
		conv, err := r.conversation(data, size, cols, c, streamErr != nil)
		if err != nil {
			problem("url="+c.url, err.Error(), 1)
			continue
		}
		if err := sink.Conversation(conv); err != nil {
			return err
		}
	}
	return nil
}

// sharechatData returns the file to read by offset: the file itself, or a
// temporary decompressed copy. streamErr is a damage found while
// decompressing (the copy holds what came before it).
func sharechatData(path string) (data *os.File, size int64, streamErr error, cleanup func(), err error) {
	rc, kind, err := openDecompressed(path)
	if err != nil {
		return nil, 0, nil, nil, err
	}
	if kind == compressionNone {
		rc.Close()
		f, err := os.Open(path)
		if err != nil {
			return nil, 0, nil, nil, err
		}
		st, err := f.Stat()
		if err != nil {
			f.Close()
			return nil, 0, nil, nil, err
		}
		return f, st.Size(), nil, func() { f.Close() }, nil
	}
	defer rc.Close()
	tmp, err := os.CreateTemp("", "revtrace-sharechat-*.csv")
	if err != nil {
		return nil, 0, nil, nil, fmt.Errorf("temporary file for decompressing: %w", err)
	}
	cleanup = func() {
		tmp.Close()
		os.Remove(tmp.Name())
	}
	n, cerr := io.Copy(tmp, rc)
	if cerr != nil {
		var werr *os.PathError
		if errors.As(cerr, &werr) && werr.Path == tmp.Name() {
			cleanup()
			return nil, 0, nil, nil, fmt.Errorf("decompressing to a temporary file: %w", cerr)
		}
		streamErr = cerr
	}
	return tmp, n, streamErr, cleanup, nil
}

// index is pass 1. It returns the urls (and url-less problems) in order of
// first appearance; cols is nil when the header is unusable.
func (r *sharechatReader) index(ctx context.Context, data io.ReaderAt, size int64, streamErr error) ([]*sharechatConv, *sharechatCols, error) {
	var order []*sharechatConv
	orphan := func(pos, reason string) {
		order = append(order, &sharechatConv{problems: []Problem{{File: r.path, Position: pos, Reason: reason, Records: -1}}})
	}
	cr := newSharechatCSV(io.NewSectionReader(data, 0, size), 0)
	_, _, _, err := cr.next()
	if err != nil {
		if err == io.EOF {
			err = errors.New("empty file")
		}
		orphan("line=1", "no CSV header: "+err.Error())
		return order, nil, nil
	}
	header := make([]string, cr.fields())
	for i := range header {
		header[i] = string(cr.field(i))
	}
	cols, missing := sharechatHeader(header)
	if len(missing) > 0 {
		orphan("line=1", "not a ShareChat header: missing column(s) "+strings.Join(missing, ", "))
		return order, nil, nil
	}
	byURL := map[string]*sharechatConv{}
	// When the stream was damaged, the row that reaches the end of the
	// data is cut unless it is complete and ends a line.
	endsNL := streamErr == nil || sharechatEndsWithNewline(data, size)
	for rows := 0; ; rows++ {
		if rows&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
		}
		off, end, line, err := cr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			orphan("line="+strconv.Itoa(cr.lines+1), "read error, rest of the file lost: "+err.Error())
			break
		}
		// A broken quote: a quoted field left open runs over the rows
		// after it (with the closing quote of a later field, the row may
		// even have the right number of fields). The row is then its first
		// line only and reading resumes on the next line, so that the rows
		// it swallowed are read; its url, when it comes before that field,
		// is skipped.
		swallowed := -1
		if cr.lines > line {
			swallowed = sharechatSwallowed(cr, cols)
		}
		var key []byte
		if cols.url < cr.fields() && (swallowed < 0 || cols.url < swallowed) {
			key = bytes.TrimSpace(cr.field(cols.url))
		}
		if swallowed >= 0 {
			next, err := sharechatLineAfter(data, off, size)
			if err != nil {
				orphan("line="+strconv.Itoa(line+1), "read error, rest of the file lost: "+err.Error())
				break
			}
			end = next
			cr = newSharechatCSV(io.NewSectionReader(data, next, size-next), next) // key stays valid: it views the old buffer
			cr.lines = line
		}
		reason := ""
		index := 0
		switch {
		case swallowed >= 0:
			reason = "unparsable row (a broken quote?): a quoted field runs over the rows after it; reading resumes on the next line"
		case cr.fields() != cols.n:
			reason = fmt.Sprintf("unparsable row (a broken quote?): %d fields, the header has %d", cr.fields(), cols.n)
			if end == size && cr.lines > line {
				reason += "; it runs to the end of the file, so the rest of the file may be lost"
			}
		case len(key) == 0:
			reason = "row without a url"
		default:
			var ok bool
			if index, ok = sharechatIndex(string(cr.field(cols.index))); !ok {
				reason = fmt.Sprintf("message_index %q is not an integer", sharechatClip(string(cr.field(cols.index))))
			}
		}
		if streamErr != nil && end == size && (reason != "" || !endsNL) {
			reason = "row cut off by the damaged stream"
		}
		c := byURL[string(key)] // no allocation for the lookup
		if c == nil && len(key) > 0 {
			c = &sharechatConv{url: string(key), turns: -1}
			if cols.turns >= 0 && reason == "" {
				if t, ok := sharechatIndex(string(cr.field(cols.turns))); ok {
					c.turns = t
				}
			}
			byURL[c.url] = c
			order = append(order, c)
		}
		if reason == "" {
			c.rows = append(c.rows, sharechatRow{off: off, end: end, index: index, line: line})
			continue
		}
		pos := "line=" + strconv.Itoa(line)
		if c == nil {
			orphan(pos, reason)
			continue
		}
		records := 1
		if len(c.problems) > 0 {
			records = 0
		}
		c.problems = append(c.problems, Problem{File: r.path, Position: pos,
			Reason: reason + "; conversation url=" + c.url + " skipped", Records: records})
	}
	if streamErr != nil {
		orphan("line="+strconv.Itoa(sharechatLines(data, size)+1), "stream damaged, rest of the file lost: "+streamErr.Error())
	}
	return order, cols, nil
}

// sharechatSwallowed returns the index of the first field of the current
// record that holds, after a line break, a line that reads as a row of the
// file (see sharechatRowLike): a quoted field left open by a broken quote
// that ran over the rows after it. It returns -1 when there is none.
func sharechatSwallowed(cr *sharechatCSV, cols *sharechatCols) int {
	need := max(cols.url, cols.index, cols.role)
	for i := range cr.fields() {
		f := cr.field(i)
		for {
			nl := bytes.IndexByte(f, '\n')
			if nl < 0 {
				break
			}
			f = f[nl+1:]
			if sharechatRowLike(f, cols, need) {
				return i
			}
		}
	}
	return -1
}

// sharechatRowLike reports whether the line at the start of l begins like
// a row of the file: split at commas, its url column holds "://", its
// message_index column an integer and its role column a user or assistant
// role. need is the largest of the three column indexes.
func sharechatRowLike(l []byte, cols *sharechatCols, need int) bool {
	if nl := bytes.IndexByte(l, '\n'); nl >= 0 {
		l = l[:nl]
	}
	var url, index, role []byte
	for k := 0; k <= need; k++ {
		f := l
		if j := bytes.IndexByte(l, ','); j >= 0 {
			f, l = l[:j], l[j+1:]
		} else if k < need {
			return false
		}
		switch k {
		case cols.url:
			url = f
		case cols.index:
			index = f
		case cols.role:
			role = f
		}
	}
	if !bytes.Contains(url, []byte("://")) {
		return false
	}
	if _, ok := sharechatIndex(string(index)); !ok {
		return false
	}
	switch NormaliseRole(string(bytes.TrimSpace(role))) {
	case RoleUser, RoleAssistant:
		return true
	}
	return false
}

// sharechatLineAfter returns the offset just past the first line break at
// or after off (size when there is none).
func sharechatLineAfter(data io.ReaderAt, off, size int64) (int64, error) {
	buf := make([]byte, 64<<10)
	for off < size {
		n, err := data.ReadAt(buf[:min(int64(len(buf)), size-off)], off)
		if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
			return off + int64(i) + 1, nil
		}
		off += int64(n)
		if err != nil && err != io.EOF {
			return 0, err
		}
		if n == 0 {
			break
		}
	}
	return size, nil
}

// sharechatHeader maps header names (case-insensitive) to columns.
func sharechatHeader(header []string) (*sharechatCols, []string) {
	cols := &sharechatCols{url: -1, index: -1, role: -1, text: -1, lang: -1, model: -1, created: -1, createdAt: -1, turns: -1, n: len(header)}
	for i, h := range header {
		h = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
		var p *int
		switch h {
		case "url":
			p = &cols.url
		case "message_index":
			p = &cols.index
		case "role":
			p = &cols.role
		case "plain_text":
			p = &cols.text
		case "detected_language_final":
			p = &cols.lang
		case "model":
			p = &cols.model
		case "create_time":
			p = &cols.created
		case "created_at":
			p = &cols.createdAt
		case "turns_count":
			p = &cols.turns
		}
		if p != nil && *p < 0 {
			*p = i
		}
	}
	var missing []string
	for _, req := range []struct {
		name string
		idx  int
	}{{"url", cols.url}, {"message_index", cols.index}, {"role", cols.role}, {"plain_text", cols.text}} {
		if req.idx < 0 {
			missing = append(missing, req.name)
		}
	}
	return cols, missing
}

// sharechatIndex parses a message_index ("3", or "3.0" as pandas writes
// integers of a column that had a gap).
func sharechatIndex(s string) (int, bool) {
	s = strings.TrimSpace(s)
	if n, err := strconv.Atoi(s); err == nil {
		return n, true
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<40 {
		return 0, false
	}
	return int(f), true
}

// sharechatRepeat returns the smallest message_index that occurs twice.
func sharechatRepeat(rows []sharechatRow) (int, bool) {
	idx := make([]int, len(rows))
	for i, r := range rows {
		idx[i] = r.index
	}
	sort.Ints(idx)
	for i := 1; i < len(idx); i++ {
		if idx[i] == idx[i-1] {
			return idx[i], true
		}
	}
	return 0, false
}

// conversation is pass 2 for one url: it reads the url's rows back (one CSV
// read per run of adjacent rows) and orders them by message_index.
//
// When the stream was damaged (damaged), rows of any conversation may be
// lost; one with fewer user rows than its turns_count is reported instead of
// being delivered incomplete.
func (r *sharechatReader) conversation(data io.ReaderAt, size int64, cols *sharechatCols, c *sharechatConv, damaged bool) (*Conversation, error) {
	type msg struct {
		index int
		m     Message
	}
	msgs := make([]msg, 0, len(c.rows))
	var model, created string
	var assistantModel bool
	var buf []byte
	var cr *sharechatCSV
	for k, row := range c.rows {
		if k == 0 || row.off != c.rows[k-1].end {
			// Read the run of adjacent rows that starts here in one go.
			runEnd := row.end
			for j := k + 1; j < len(c.rows) && c.rows[j].off == runEnd; j++ {
				runEnd = c.rows[j].end
			}
			if int64(cap(buf)) < runEnd-row.off {
				buf = make([]byte, runEnd-row.off)
			}
			buf = buf[:runEnd-row.off]
			if _, err := data.ReadAt(buf, row.off); err != nil && !(err == io.EOF && row.end == size) {
				return nil, fmt.Errorf("rows from line %d could not be read again: %v", row.line, err)
			}
			cr = newSharechatCSV(bytes.NewReader(buf), row.off)
		}
		_, _, _, err := cr.next()
		if err != nil {
			return nil, fmt.Errorf("row at line %d could not be read again: %v", row.line, err)
		}
		if cr.fields() != cols.n || strings.TrimSpace(string(cr.field(cols.url))) != c.url {
			return nil, fmt.Errorf("row at line %d changed between passes", row.line)
		}
		role := NormaliseRole(string(cr.field(cols.role)))
		m := Message{Role: role, Content: string(cr.field(cols.text))}
		if cols.lang >= 0 {
			m.Language = strings.TrimSpace(string(cr.field(cols.lang)))
		}
		if cols.model >= 0 {
			// The model of an assistant row wins over any other row's.
			if v := strings.TrimSpace(string(cr.field(cols.model))); sharechatIsModel(v) {
				if role == RoleAssistant && !assistantModel {
					model, assistantModel = v, true
				} else if model == "" {
					model = v
				}
			}
		}
		if created == "" {
			for _, col := range []int{cols.created, cols.createdAt} {
				if col >= 0 && created == "" {
					created = sharechatTime(string(cr.field(col)))
				}
			}
		}
		msgs = append(msgs, msg{index: row.index, m: m})
	}
	if damaged && c.turns >= 0 {
		users := 0
		for _, m := range msgs {
			if m.m.Role == RoleUser {
				users++
			}
		}
		if users < c.turns {
			return nil, fmt.Errorf("incomplete: %d user rows of %d turns, the others were lost with the damaged stream", users, c.turns)
		}
	}
	sort.SliceStable(msgs, func(i, j int) bool { return msgs[i].index < msgs[j].index })
	conv := &Conversation{
		Corpus:    FormatShareChat,
		ID:        c.url,
		Position:  "url=" + c.url,
		File:      r.path,
		Messages:  make([]Message, len(msgs)),
		Model:     model,
		Timestamp: created,
	}
	for i, m := range msgs {
		conv.Messages[i] = m.m
	}
	conv.Language = sharechatMajority(conv.Messages)
	return conv, nil
}

// sharechatNoise are values of ShareChat's model column that are not models.
var sharechatNoise = map[string]bool{
	"default_model_slug": true, "requested_model_slug": true, "parent_id": true, "model_slug": true,
	"human": true, "assistant": true, "user": true, "llm": true, "system": true,
	"none": true, "null": true, "nan": true, "unknown": true, "auto": true, "default": true,
}

// sharechatIsModel reports whether a model column value names a model.
func sharechatIsModel(v string) bool {
	v = strings.TrimSpace(v)
	return v != "" && len(v) <= 100 && !sharechatNoise[strings.ToLower(v)]
}

// sharechatTimeLayouts are the conversation time formats understood.
var sharechatTimeLayouts = []string{"2006-01-02 15:04:05", time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05.999999", "January 2, 2006 03:04 PM"}

// sharechatTime converts a conversation time to RFC 3339 UTC, or "".
func sharechatTime(s string) string {
	s = strings.TrimSpace(s)
	for _, layout := range sharechatTimeLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC().Format(time.RFC3339)
		}
	}
	return ""
}

// sharechatMajority returns the most frequent message language (on a tie,
// the one that reached that count first).
func sharechatMajority(msgs []Message) string {
	count := map[string]int{}
	best, bestN := "", 0
	for _, m := range msgs {
		if m.Language == "" {
			continue
		}
		count[m.Language]++
		if n := count[m.Language]; n > bestN {
			best, bestN = m.Language, n
		}
	}
	return best
}

// sharechatEndsWithNewline reports whether data[:size] ends with '\n'.
func sharechatEndsWithNewline(data io.ReaderAt, size int64) bool {
	if size == 0 {
		return true
	}
	b := make([]byte, 1)
	_, err := data.ReadAt(b, size-1)
	return err == nil && b[0] == '\n'
}

// sharechatLines counts the complete lines in data[:size] (only used to
// place the damage of a cut-off stream).
func sharechatLines(data io.ReaderAt, size int64) int {
	buf := make([]byte, 1<<20)
	n := 0
	for off := int64(0); off < size; {
		k, err := data.ReadAt(buf[:min(int64(len(buf)), size-off)], off)
		n += bytes.Count(buf[:k], []byte{'\n'})
		off += int64(k)
		if err != nil {
			break
		}
	}
	return n
}

// sharechatClip shortens a value for a message.
func sharechatClip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// sharechatCSV reads CSV records exactly as encoding/csv does with
// LazyQuotes and FieldsPerRecord -1 (fields split on ',', '""' inside a
// quoted field is '"', a stray quote is kept, an unterminated quoted field
// runs to the end of the input, blank lines between records are skipped),
// except that the bytes inside quoted fields are kept as they are:
// encoding/csv turns every "\r\n" into "\n", which would change message
// texts (DESIGN.md §4 keeps line endings). It also tells each record's byte
// range and first line, and does not allocate the fields: they are views
// into a buffer reused by the next call.
type sharechatCSV struct {
	br      *bufio.Reader
	off     int64  // offset of the next byte to read
	lines   int    // lines consumed (a final line without '\n' counts)
	pending []byte // a line longer than the bufio buffer
	buf     []byte // the fields of the current record, unescaped, back to back
	ends    []int  // end of each field in buf
}

// newSharechatCSV reads r, whose first byte is at offset base of the file.
func newSharechatCSV(r io.Reader, base int64) *sharechatCSV {
	return &sharechatCSV{br: bufio.NewReaderSize(r, 64<<10), off: base}
}

// fields returns the number of fields of the current record.
func (p *sharechatCSV) fields() int { return len(p.ends) }

// field returns field i of the current record.
func (p *sharechatCSV) field(i int) []byte {
	start := 0
	if i > 0 {
		start = p.ends[i-1]
	}
	return p.buf[start:p.ends[i]]
}

// readLine returns the next line with its terminator; at the end of the
// input it returns a last line without one, then io.EOF.
func (p *sharechatCSV) readLine() ([]byte, error) {
	line, err := p.br.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		p.pending = append(p.pending[:0], line...)
		for errors.Is(err, bufio.ErrBufferFull) {
			line, err = p.br.ReadSlice('\n')
			p.pending = append(p.pending, line...)
		}
		line = p.pending
	}
	if len(line) > 0 {
		p.off += int64(len(line))
		p.lines++
		if err == io.EOF {
			err = nil
		}
	}
	return line, err
}

// sharechatLineEnd reports whether rest is only a line terminator (or
// nothing, at the end of the input).
func sharechatLineEnd(rest []byte) bool {
	switch len(rest) {
	case 0:
		return true
	case 1:
		return rest[0] == '\n' || rest[0] == '\r' // a lone '\r' only ends the input
	case 2:
		return rest[0] == '\r' && rest[1] == '\n'
	}
	return false
}

// next reads the next record and returns its byte range [start, end) and
// the line it starts on (1-based). It returns io.EOF after the last record.
func (p *sharechatCSV) next() (start, end int64, line int, err error) {
	p.buf, p.ends = p.buf[:0], p.ends[:0]
	var l []byte
	for {
		start, line = p.off, p.lines+1
		if l, err = p.readLine(); err != nil {
			return 0, 0, 0, err
		}
		if !sharechatLineEnd(l) {
			break
		}
	}
	for {
		if len(l) == 0 || l[0] != '"' {
			// Unquoted field: up to the next comma or the end of the line.
			if i := bytes.IndexByte(l, ','); i >= 0 {
				p.buf = append(p.buf, l[:i]...)
				p.ends = append(p.ends, len(p.buf))
				l = l[i+1:]
				continue
			}
			switch {
			case bytes.HasSuffix(l, []byte("\r\n")):
				l = l[:len(l)-2]
			case bytes.HasSuffix(l, []byte("\n")), bytes.HasSuffix(l, []byte("\r")):
				l = l[:len(l)-1]
			}
			p.buf = append(p.buf, l...)
			p.ends = append(p.ends, len(p.buf))
			return start, p.off, line, nil
		}
		// Quoted field, possibly over several lines.
		l = l[1:]
	quoted:
		for {
			i := bytes.IndexByte(l, '"')
			if i < 0 {
				p.buf = append(p.buf, l...)
				var rerr error
				if l, rerr = p.readLine(); rerr == io.EOF {
					// Unterminated: the field runs to the end of the input.
					p.ends = append(p.ends, len(p.buf))
					return start, p.off, line, nil
				} else if rerr != nil {
					return 0, 0, 0, rerr
				}
				continue
			}
			p.buf = append(p.buf, l[:i]...)
			l = l[i+1:]
			switch {
			case len(l) > 0 && l[0] == '"':
				p.buf = append(p.buf, '"')
				l = l[1:]
			case len(l) > 0 && l[0] == ',':
				p.ends = append(p.ends, len(p.buf))
				l = l[1:]
				break quoted
			case sharechatLineEnd(l):
				p.ends = append(p.ends, len(p.buf))
				return start, p.off, line, nil
			default:
				p.buf = append(p.buf, '"') // a stray quote is kept
			}
		}
	}
}
