package corpora

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/format"
)

// NewWildChatReader returns a Reader for one WildChat Parquet shard
// (allenai/WildChat-4.8M, WildChat-1M, or the 2023 allenai/WildChat). path
// is used as given in Conversation.File and Problem.File.
//
// What it reads. The reader finds its columns by walking the file's own
// schema by structure, whatever the list naming: the LIST-annotated
// `conversation` group → its single repeated child → the element group
// (`list.element`, `list.item`, `bag.array_element`, ...), the legacy 2-level
// form (`repeated group array { ...fields }`), or a bare repeated group.
// It then reads only the leaf columns conversation_hash (conversation_id in
// the 2023 release), model, timestamp, language and, inside the element,
// role, content, turn_identifier and language; the moderation columns and
// every other column are never touched. Missing optional columns (model,
// timestamp, language, turn_identifier) are left empty; a file without
// conversation_hash/conversation_id or without conversation.role/content is
// reported as a Problem.
//
// How it reads. Row by row in file order; a few row groups (up to
// GOMAXPROCS, at most 3) are decoded at once, each into a short queue, and
// delivered strictly in order (wildchat_parallel.go). Within a row group,
// the pages of the needed column chunks are decoded one page per column at
// a time and rows are rebuilt from repetition levels (level 0 starts a row;
// page boundaries carry no meaning, as data page V1 allows a row to span
// pages). Definition levels tell a null or empty list (no messages) from a
// list of messages and a null field from an empty string. Memory is bounded
// by one decoded page per needed column and a queue of 64 rows per row
// group in flight. A sink that is a ByteCounter hears the compressed size
// of each row group once it is delivered.
//
// What it yields. One Conversation per row: ID = conversation_hash (when it
// is null: FILE#row=N), Position "row=N" (N = 0-based row in the file),
// Messages in list order with Role normalised (NormaliseRole), Content
// exactly as stored, per-message Language and TurnIdentifier; Model,
// Language, and Timestamp as RFC 3339 in UTC with second precision.
// TIMESTAMP values in millis, micros or nanos, adjusted to UTC or not (4.8M
// stores naive UTC wall-clock time, 1M UTC instants: both are the same
// epoch count), and legacy INT96 are understood.
//
// Damage. Every failure is a Problem naming the file, never a crash: a
// footer that cannot be read (a truncated file, not Parquet) → position
// row=0, Records -1; a corrupt or cut page, a column chunk that ends early
// or points outside the file, or a panic inside parquet-go → position of
// the first row not delivered, Records = the rest of that row group, and
// reading goes on with the next row group (row groups are independent).
// Rows fully rebuilt before the damage are delivered. A row whose columns
// disagree on the number of messages is skipped with Records 1. Before
// parquet-go decodes the footer or a page header, their thrift shape and
// sizes are checked against what the file can hold (parquet_guard.go), so
// that a damaged length cannot make it allocate gigabytes; panics inside
// parquet-go are recovered.
//
// The silent-empty-list guard. A reader that maps columns by name reads a
// list whose element is not named as it expects as all-empty, without an
// error. Real WildChat rows always hold at least one message, but an empty
// or null list is legal Parquet, so a row without messages is delivered as
// a conversation without messages. Only when every row of a row group
// comes out empty while the footer says the conversation content column
// holds data (more values than rows, a min/max statistic, or a chunk too
// large for empty lists) is the row group reported as a Problem (Records =
// its rows) instead; rows without messages are held back until a message
// is seen so that none of them is delivered before that check.
//
// Read stops promptly, returning ctx.Err() or the sink's error, when ctx is
// cancelled or the sink returns an error.
func NewWildChatReader(path string) Reader { return &wildChatReader{path: path} }

type wildChatReader struct {
	path   string
	corpus string // "" (FormatWildChat) or FormatLMSYS
}

// Read implements Reader.
func (r *wildChatReader) Read(ctx context.Context, sink Sink) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	f, err := os.Open(r.path)
	if err != nil {
		sink.Problem(Problem{File: r.path, Reason: fmt.Sprintf("cannot open: %v", err), Records: -1})
		return nil
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		sink.Problem(Problem{File: r.path, Reason: fmt.Sprintf("cannot stat: %v", err), Records: -1})
		return nil
	}
	return readParquetChats(ctx, f, st.Size(), r.path, r.corpus, sink)
}

// readWildChat reads one WildChat Parquet file from ra (size bytes) into
// sink, naming it file.
func readWildChat(ctx context.Context, ra io.ReaderAt, size int64, file string, sink Sink) error {
	return readParquetChats(ctx, ra, size, file, FormatWildChat, sink)
}

// readParquetChats is readWildChat for the corpus name corpus (WildChat,
// or LMSYS-Chat-1M, whose files have the same shape).
func readParquetChats(ctx context.Context, ra io.ReaderAt, size int64, file, corpus string, sink Sink) error {
	if corpus == "" {
		corpus = FormatWildChat
	}
	st := &wcState{ctx: ctx, file: file, corpus: corpus, sink: sink, size: size, intern: map[string]string{}}
	st.ra = ra
	pf, err := openParquet(ra, size)
	if err != nil {
		sink.Problem(Problem{File: file, Position: "row=0", Reason: fmt.Sprintf("not a readable Parquet file: %v", err), Records: -1})
		return nil
	}
	layout, err := resolveWildChat(pf)
	if err != nil {
		records := -1
		if n := pf.NumRows(); n >= 0 && n <= int64(^uint(0)>>1) {
			records = int(n)
		}
		sink.Problem(Problem{File: file, Position: "row=0", Reason: err.Error(), Records: records})
		return nil
	}
	st.pf, st.layout = pf, layout
	return st.readGroups(pf.Metadata(), wcAhead())
}

// openParquet opens the footer, turning parquet-go panics into errors.
func openParquet(ra io.ReaderAt, size int64) (pf *parquet.File, err error) {
	defer func() {
		if p := recover(); p != nil {
			pf, err = nil, fmt.Errorf("parquet-go panicked: %v", p)
		}
	}()
	if err := checkFooter(ra, size); err != nil {
		return nil, err
	}
	return parquet.OpenFile(ra, size, parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
}

// ---------------------------------------------------------------------------
// Schema resolution.

type wcValueKind int

const (
	wcString wcValueKind = iota
	wcInt
	wcTime
)

// wcLeaf is one needed leaf column.
type wcLeaf struct {
	name    string // dotted path, for messages
	present bool
	index   int // leaf column index in a row group
	maxRep  int
	maxDef  int
	elemDef int // list leaves: definition level from which a list element exists
	kind    wcValueKind
	intern  bool  // short categorical strings: share one copy
	unit    int64 // timestamps: nanoseconds per unit; 0 = INT96; -1 = unannotated INT64 (guess)
}

type wcLayout struct {
	hash, model, ts, lang       wcLeaf
	role, content, tid, msgLang wcLeaf
}

func (l *wcLayout) leaves() []*wcLeaf {
	return []*wcLeaf{&l.hash, &l.model, &l.ts, &l.lang, &l.role, &l.content, &l.tid, &l.msgLang}
}

// resolveWildChat finds the needed columns in the file's own schema.
func resolveWildChat(pf *parquet.File) (l *wcLayout, err error) {
	defer func() {
		if p := recover(); p != nil {
			l, err = nil, fmt.Errorf("schema not understood: parquet-go panicked: %v", p)
		}
	}()
	root := pf.Root()
	if root == nil || root.Leaf() {
		return nil, errors.New("schema has no columns")
	}
	l = &wcLayout{}
	idName := "conversation_hash"
	idCol := root.Column(idName)
	if idCol == nil {
		idName = "conversation_id"
		idCol = root.Column(idName)
	}
	if idCol == nil {
		return nil, errors.New("not WildChat: no top-level conversation_hash or conversation_id column")
	}
	if l.hash, err = topLeaf(idCol, wcString, false); err != nil {
		return nil, err
	}
	for _, t := range []struct {
		dst    *wcLeaf
		name   string
		kind   wcValueKind
		intern bool
	}{{&l.model, "model", wcString, true}, {&l.ts, "timestamp", wcTime, false}, {&l.lang, "language", wcString, true}} {
		if c := root.Column(t.name); c != nil {
			if *t.dst, err = topLeaf(c, t.kind, t.intern); err != nil {
				return nil, err
			}
		}
	}

	conv := root.Column("conversation")
	if conv == nil {
		return nil, errors.New("not WildChat: no top-level conversation column")
	}
	elem, repeated, err := listElement(conv)
	if err != nil {
		return nil, err
	}
	elemDef := repeated.MaxDefinitionLevel()
	for _, t := range []struct {
		dst      *wcLeaf
		name     string
		kind     wcValueKind
		intern   bool
		required bool
	}{
		{&l.role, "role", wcString, true, true},
		{&l.content, "content", wcString, false, true},
		{&l.tid, "turn_identifier", wcInt, false, false},
		{&l.msgLang, "language", wcString, true, false},
	} {
		c := elem.Column(t.name)
		if c == nil {
			if t.required {
				return nil, fmt.Errorf("not WildChat: the conversation element has no %q field", t.name)
			}
			continue
		}
		leaf, err := leafOf(c, t.kind, t.intern)
		if err != nil {
			return nil, err
		}
		if leaf.maxRep != 1 {
			return nil, fmt.Errorf("column %s: %d repetition levels, want 1 (conversation must be a list of structs)", leaf.name, leaf.maxRep)
		}
		leaf.elemDef = elemDef
		*t.dst = leaf
	}
	return l, nil
}

// listElement returns the element group of a list column and the repeated
// node whose definition level marks an element, for every list layout the
// Parquet spec's backward-compatibility rules allow.
func listElement(c *parquet.Column) (elem, repeated *parquet.Column, err error) {
	if c.Leaf() {
		return nil, nil, fmt.Errorf("column %s is a leaf, want a list of structs", pathOf(c))
	}
	if c.Repeated() {
		// Unannotated repeated group: the group is the element.
		return c, c, nil
	}
	kids := c.Columns()
	if len(kids) != 1 || !kids[0].Repeated() {
		return nil, nil, fmt.Errorf("column %s is not a list (want one repeated child, found %d children)", pathOf(c), len(kids))
	}
	rep := kids[0]
	if rep.Leaf() {
		return nil, nil, fmt.Errorf("column %s is a list of primitives, want a list of structs", pathOf(c))
	}
	inner := rep.Columns()
	switch {
	case len(inner) != 1:
		// 2-level: the repeated group holds the struct's fields.
		return rep, rep, nil
	case rep.Name() == "array" || rep.Name() == c.Name()+"_tuple":
		// Legacy 2-level with a single field.
		return rep, rep, nil
	case inner[0].Leaf():
		// A repeated group with one primitive field: that is the struct.
		return rep, rep, nil
	}
	// 3-level: LIST → repeated group → element group.
	return inner[0], rep, nil
}

func pathOf(c *parquet.Column) string { return strings.Join(c.Path(), ".") }

func topLeaf(c *parquet.Column, kind wcValueKind, intern bool) (wcLeaf, error) {
	leaf, err := leafOf(c, kind, intern)
	if err == nil && leaf.maxRep != 0 {
		err = fmt.Errorf("column %s is repeated, want one value per row", leaf.name)
	}
	return leaf, err
}

func leafOf(c *parquet.Column, kind wcValueKind, intern bool) (wcLeaf, error) {
	leaf := wcLeaf{name: pathOf(c), present: true, index: c.Index(), maxRep: c.MaxRepetitionLevel(),
		maxDef: c.MaxDefinitionLevel(), kind: kind, intern: intern}
	if !c.Leaf() || leaf.index < 0 {
		return leaf, fmt.Errorf("column %s is a group, want a primitive column", leaf.name)
	}
	typ := c.Type()
	pk := typ.Kind()
	switch kind {
	case wcString:
		if pk != parquet.ByteArray && pk != parquet.FixedLenByteArray {
			return leaf, fmt.Errorf("column %s has physical type %v, want BYTE_ARRAY", leaf.name, pk)
		}
	case wcInt:
		if pk != parquet.Int64 && pk != parquet.Int32 {
			return leaf, fmt.Errorf("column %s has physical type %v, want INT64 or INT32", leaf.name, pk)
		}
	case wcTime:
		switch pk {
		case parquet.Int96:
			leaf.unit = 0
		case parquet.Int64:
			leaf.unit = timestampUnit(typ)
		default:
			return leaf, fmt.Errorf("column %s has physical type %v, want INT64 or INT96 timestamps", leaf.name, pk)
		}
	}
	return leaf, nil
}

// timestampUnit returns nanoseconds per unit of an INT64 timestamp column,
// from its logical type, else its converted type, else -1 (unannotated).
func timestampUnit(typ parquet.Type) int64 {
	if lt := typ.LogicalType(); lt != nil {
		if ts, ok := lt.Value.(*format.TimestampType); ok {
			switch ts.Unit.Value.(type) {
			case *format.MilliSeconds:
				return 1e6
			case *format.MicroSeconds:
				return 1e3
			case *format.NanoSeconds:
				return 1
			}
		}
	}
	if ct := typ.ConvertedType(); ct != nil {
		switch *ct {
		case deprecated.TimestampMillis:
			return 1e6
		case deprecated.TimestampMicros:
			return 1e3
		}
	}
	return -1
}

// ---------------------------------------------------------------------------
// Reading.

type wcState struct {
	ctx    context.Context
	file   string
	corpus string // the Conversation.Corpus of every row
	sink   Sink
	size   int64
	ra     io.ReaderAt
	pf     *parquet.File
	layout *wcLayout
	intern map[string]string
}

// wcCell is one decoded value with its levels.
type wcCell struct {
	rep, def uint8
	null     bool
	str      string
	num      int64
	i96      deprecated.Int96
}

// wcCursor walks the cells of one column chunk, page by page.
type wcCursor struct {
	leaf    *wcLeaf
	pages   parquet.Pages
	guard   *pageGuard // nil: no checks (tests with hand-made pages)
	st      *wcState
	cells   []wcCell
	pos     int
	eof     bool
	scratch []parquet.Value
}

// fill decodes the next non-empty page into c.cells.
func (c *wcCursor) fill() error {
	c.cells, c.pos = c.cells[:0], 0
	for len(c.cells) == 0 {
		if c.guard != nil {
			if err := c.guard.next(); err != nil {
				return fmt.Errorf("column %s: %w", c.leaf.name, err)
			}
		}
		page, err := c.pages.ReadPage()
		if err == io.EOF {
			c.eof = true
			return nil
		}
		if err != nil {
			return fmt.Errorf("column %s: %w", c.leaf.name, err)
		}
		err = c.decode(page)
		parquet.Release(page)
		if err != nil {
			return fmt.Errorf("column %s: %w", c.leaf.name, err)
		}
	}
	return nil
}

func (c *wcCursor) decode(page parquet.Page) error {
	vr := page.Values()
	for stalls := 0; ; {
		n, err := vr.ReadValues(c.scratch)
		for _, v := range c.scratch[:n] {
			c.cells = append(c.cells, c.cell(v))
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if n == 0 {
			if stalls++; stalls > 2 {
				return errors.New("page decoder makes no progress")
			}
		}
	}
}

func (c *wcCursor) cell(v parquet.Value) wcCell {
	cl := wcCell{rep: uint8(v.RepetitionLevel()), def: uint8(v.DefinitionLevel())}
	if v.IsNull() {
		cl.null = true
		return cl
	}
	switch c.leaf.kind {
	case wcString:
		b := v.ByteArray()
		if c.leaf.intern && len(b) <= 64 {
			if s, ok := c.st.intern[string(b)]; ok {
				cl.str = s
				return cl
			}
			s := string(b)
			if len(c.st.intern) < 4096 {
				c.st.intern[s] = s
			}
			cl.str = s
			return cl
		}
		cl.str = string(b)
	case wcInt, wcTime:
		switch v.Kind() {
		case parquet.Int32:
			cl.num = int64(v.Int32())
		case parquet.Int64:
			cl.num = v.Int64()
		case parquet.Int96:
			cl.i96 = v.Int96()
		}
	}
	return cl
}

// row appends the cells of the next row to dst; ok is false when the chunk
// has no more rows.
func (c *wcCursor) row(dst []wcCell) (_ []wcCell, ok bool, err error) {
	if c.pos == len(c.cells) {
		if err := c.fill(); err != nil || c.eof {
			return dst, false, err
		}
	}
	first := c.cells[c.pos]
	if first.rep != 0 {
		return dst, false, fmt.Errorf("column %s: a row starts at repetition level %d", c.leaf.name, first.rep)
	}
	dst = append(dst, first)
	c.pos++
	if c.leaf.maxRep == 0 {
		return dst, true, nil
	}
	for {
		if c.pos == len(c.cells) {
			if err := c.fill(); err != nil {
				return dst, false, err
			}
			if c.eof {
				return dst, true, nil
			}
		}
		if c.cells[c.pos].rep == 0 {
			return dst, true, nil
		}
		dst = append(dst, c.cells[c.pos])
		c.pos++
	}
}

// wcGroup is the state of one row group being read.
type wcGroup struct {
	*wcState
	gi       int
	base     int64 // row index in the file of the group's first row
	n        int64
	next     int64 // rows of the group handled so far (delivered, skipped or held)
	messages int
	inSink   bool
	pending  []*Conversation // rows without messages held back (see the doc comment)
	cursors  [8]*wcCursor
	rows     [8][]wcCell
}

// readGroup reads one row group. It returns only the sink's error or
// ctx.Err(); damage is reported as Problems.
func (st *wcState) readGroup(gi int, rg parquet.RowGroup, meta *format.RowGroup, base, n int64) (err error) {
	g := &wcGroup{wcState: st, gi: gi, base: base, n: n}
	defer func() {
		for _, c := range g.cursors {
			if c != nil && c.pages != nil {
				c.pages.Close()
			}
		}
	}()
	defer func() {
		if p := recover(); p != nil {
			if g.inSink {
				panic(p)
			}
			err = g.fail(fmt.Errorf("parquet-go panicked: %v", p))
		}
	}()
	if n == 0 {
		return nil
	}
	chunks := rg.ColumnChunks()
	for i, leaf := range st.layout.leaves() {
		if !leaf.present {
			continue
		}
		if leaf.index >= len(chunks) || leaf.index >= len(meta.Columns) {
			return g.fail(fmt.Errorf("row group %d has no chunk for column %s", gi, leaf.name))
		}
		if err := st.checkChunk(&meta.Columns[leaf.index]); err != nil {
			return g.fail(fmt.Errorf("row group %d, column %s: %w", gi, leaf.name, err))
		}
		g.cursors[i] = &wcCursor{leaf: leaf, pages: chunks[leaf.index].Pages(), st: st, scratch: make([]parquet.Value, 256),
			guard: newPageGuard(st.ra, &meta.Columns[leaf.index].MetaData)}
	}
	for g.next < n {
		if err := st.ctx.Err(); err != nil {
			return err
		}
		for i, c := range g.cursors {
			if c == nil {
				continue
			}
			var ok bool
			var rerr error
			g.rows[i], ok, rerr = c.row(g.rows[i][:0])
			if rerr == nil && !ok {
				rerr = fmt.Errorf("column %s ends after %d of the row group's %d rows", c.leaf.name, g.next, n)
			}
			if rerr != nil {
				return g.fail(fmt.Errorf("row group %d: %w", gi, rerr))
			}
		}
		conv, perr := g.build()
		if perr != nil {
			if err := g.flush(); err != nil {
				return err
			}
			g.problem(perr.Error(), 1)
			g.next++
			continue
		}
		g.next++
		if len(conv.Messages) == 0 && g.messages == 0 {
			g.pending = append(g.pending, conv)
			continue
		}
		g.messages += len(conv.Messages)
		if err := g.flush(); err != nil {
			return err
		}
		if err := g.deliver(conv); err != nil {
			return err
		}
	}
	if len(g.pending) > 0 && int64(len(g.pending)) == n {
		if evidence := contentEvidence(&meta.Columns[st.layout.content.index], n); evidence != "" {
			g.pending = nil
			g.next = 0
			g.problem(fmt.Sprintf("row group %d: no row has a message but the footer says the conversation content column holds data (%s): list layout not understood", gi, evidence), int(n))
			return nil
		}
	}
	return g.flush()
}

// checkChunk rejects column chunks that point outside the file before any
// page is read from them.
func (st *wcState) checkChunk(cc *format.ColumnChunk) error {
	md := &cc.MetaData
	start, _ := chunkRange(md)
	if start < 4 || md.TotalCompressedSize < 0 || start > st.size || md.TotalCompressedSize > st.size-start {
		return fmt.Errorf("chunk [%d, +%d) lies outside the file's %d bytes", start, md.TotalCompressedSize, st.size)
	}
	if md.Codec != format.Uncompressed && md.Codec != format.Snappy && md.Codec != format.Gzip &&
		md.Codec != format.Zstd && md.Codec != format.Brotli && md.Codec != format.Lz4Raw {
		return fmt.Errorf("compression codec %v not supported", md.Codec)
	}
	return nil
}

// contentEvidence tells why the footer says a content chunk holds values,
// or "" when it could hold only empty lists.
func contentEvidence(cc *format.ColumnChunk, rows int64) string {
	md := &cc.MetaData
	switch {
	case md.NumValues > rows:
		return fmt.Sprintf("%d values for %d rows", md.NumValues, rows)
	case md.Statistics.MaxValue != nil || md.Statistics.Max != nil:
		return "min/max statistics present"
	case md.TotalUncompressedSize > 16*rows+8192:
		return fmt.Sprintf("%d bytes uncompressed for %d rows", md.TotalUncompressedSize, rows)
	}
	return ""
}

// fail reports the rest of the row group as lost, after delivering the
// rows fully read before the damage.
func (g *wcGroup) fail(cause error) error {
	if err := g.flush(); err != nil {
		return err
	}
	if g.next < g.n {
		g.problem(cause.Error(), int(min(g.n-g.next, int64(^uint32(0)>>1))))
	}
	g.next = g.n
	return nil
}

func (g *wcGroup) problem(reason string, records int) {
	g.sink.Problem(Problem{File: g.file, Position: fmt.Sprintf("row=%d", g.base+g.next), Reason: reason, Records: records})
}

func (g *wcGroup) flush() error {
	for i, c := range g.pending {
		g.pending[i] = nil
		if err := g.deliver(c); err != nil {
			g.pending = g.pending[:0]
			return err
		}
	}
	g.pending = g.pending[:0]
	return nil
}

func (g *wcGroup) deliver(c *Conversation) error {
	g.inSink = true
	err := g.sink.Conversation(c)
	g.inSink = false
	return err
}

// build turns the cells of the current row into a Conversation.
func (g *wcGroup) build() (*Conversation, error) {
	l := g.layout
	row := g.base + g.next
	c := &Conversation{Corpus: g.corpus, File: g.file, Position: fmt.Sprintf("row=%d", row)}
	c.ID = g.scalar(0, &l.hash).str
	if c.ID == "" {
		c.ID = c.File + "#" + c.Position
	}
	c.Model = g.scalar(1, &l.model).str
	if l.ts.present {
		c.Timestamp = formatTimestamp(g.scalar(2, &l.ts), l.ts.unit)
	}
	c.Language = g.scalar(3, &l.lang).str

	roles, contents := g.rows[4], g.rows[5]
	n := listLen(roles, &l.role)
	if n < 0 {
		return nil, fmt.Errorf("row %d: %s holds values after an empty list", row, l.role.name)
	}
	if m := listLen(contents, &l.content); m != n {
		return nil, fmt.Errorf("row %d: conversation has %d roles but %d contents", row, n, m)
	}
	for i, leaf := range []*wcLeaf{&l.tid, &l.msgLang} {
		if leaf.present {
			if m := listLen(g.rows[6+i], leaf); m != n {
				return nil, fmt.Errorf("row %d: conversation has %d messages but %d values of %s", row, n, m, leaf.name)
			}
		}
	}
	if n == 0 {
		return c, nil
	}
	c.Messages = make([]Message, n)
	for i := range c.Messages {
		m := &c.Messages[i]
		m.Role = NormaliseRole(roles[i].str)
		m.Content = contents[i].str
		if l.tid.present {
			m.TurnIdentifier = g.rows[6][i].num
		}
		if l.msgLang.present {
			m.Language = g.rows[7][i].str
		}
	}
	return c, nil
}

// scalar returns the single cell of a top-level column for the current row
// (a zero cell when the column is absent).
func (g *wcGroup) scalar(i int, leaf *wcLeaf) wcCell {
	if !leaf.present || len(g.rows[i]) == 0 {
		return wcCell{null: true}
	}
	return g.rows[i][0]
}

// listLen is the number of list elements in one row's cells of a list leaf.
func listLen(cells []wcCell, leaf *wcLeaf) int {
	if len(cells) == 0 {
		return 0
	}
	if int(cells[0].def) < leaf.elemDef {
		if len(cells) > 1 {
			return -1 // a null or empty list followed by values: corrupt levels
		}
		return 0
	}
	return len(cells)
}

// julianUnixEpoch is the Julian day number of 1970-01-01.
const julianUnixEpoch = 2440588

func formatTimestamp(c wcCell, unit int64) string {
	if c.null {
		return ""
	}
	var t time.Time
	switch {
	case unit == 0:
		nanos := int64(uint64(c.i96[1])<<32 | uint64(c.i96[0]))
		days := int64(c.i96[2]) - julianUnixEpoch
		t = time.Unix(days*86400, nanos)
	case unit > 0:
		t = unixUnits(c.num, unit)
	default:
		t = guessUnix(c.num)
	}
	t = t.UTC()
	if y := t.Year(); y < 1 || y > 9999 {
		return ""
	}
	return t.Format(time.RFC3339)
}

// unixUnits converts a count of units (nanoseconds per unit) since the epoch
// without overflowing for far dates.
func unixUnits(v, unit int64) time.Time {
	perSec := int64(1e9) / unit
	sec, frac := v/perSec, v%perSec
	return time.Unix(sec, frac*unit)
}

// guessUnix reads an unannotated INT64 timestamp as seconds, millis, micros
// or nanos, whichever lands in a plausible range.
func guessUnix(v int64) time.Time {
	a := v
	if a < 0 {
		a = -a
	}
	switch {
	case a < 1e11:
		return time.Unix(v, 0)
	case a < 1e14:
		return unixUnits(v, 1e6)
	case a < 1e17:
		return unixUnits(v, 1e3)
	}
	return time.Unix(0, v)
}
