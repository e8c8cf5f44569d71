package fixturegen

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/klauspost/compress/s2"
	"github.com/klauspost/compress/snappy"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress"
	"github.com/parquet-go/parquet-go/encoding"
	"github.com/parquet-go/parquet-go/format"
)

// WildChat releases WriteWildChat can produce.
const (
	WildChatRelease48M  = "4.8M" // allenai/WildChat-4.8M (formats.md §1.3)
	WildChatRelease1M   = "1M"   // allenai/WildChat-1M (formats.md §1.4)
	WildChatRelease2023 = "2023" // allenai/WildChat, the 2023 release (formats.md §1.4, last paragraph)
	// ReleaseLMSYS is LMSYS-Chat-1M (formats.md §4.3), whose files have
	// WildChat's shape: conversation_id, model, conversation
	// (list<struct<content, role>>), turn, language, openai_moderation
	// (11 categories), redacted; no timestamps.
	ReleaseLMSYS = "lmsys"
)

// WildChatOptions controls the container details of WriteWildChat. The zero
// value writes what the Hugging Face upload of WildChat-4.8M looks like:
// spec 3-level lists named list/element, Snappy, data page V1, row groups of
// 1,000 rows.
type WildChatOptions struct {
	// ListElementName names the element of every 3-level LIST:
	// "element" (default, pyarrow ≥ 13) or "item" (older pyarrow, ClickHouse).
	ListElementName string
	// RowGroupRows is the number of rows per row group (default 1000).
	RowGroupRows int
	// Release is the schema to write: "4.8M" (default), "1M" or "2023".
	Release string
	// TwoLevelLists writes the legacy 2-level LIST encoding instead
	// (`repeated group array { ...fields }` directly under the LIST group),
	// as old parquet-mr/Hive writers did. ListElementName is then ignored.
	TwoLevelLists bool
	// DataPageVersion is 1 (default, pyarrow's default) or 2.
	DataPageVersion int
	// Compression is "snappy" (default, pyarrow's default), "zstd", "gzip"
	// or "none".
	Compression string
}

// WriteWildChat writes convs as one WildChat Parquet shard in the full
// published schema of the chosen release: every top-level column (the
// moderation columns with their `/`- and `-`-named keys included), every
// field of the conversation struct, all fields nullable as pyarrow writes
// them, TIMESTAMP(MICROS) not adjusted to UTC in 4.8M and adjusted in 1M.
//
// conversation_hash (conversation_id in 2023) is Conv.ID, the conversation
// list holds Conv.Messages in order with Content byte for byte, turn is the
// number of rounds, and a user turn and the reply after it share one
// turn_identifier. Messages are written as given even when they do not
// alternate user/assistant. Per-role nullability follows the real data:
// user turns have null timestamp/usage/openai_id/..., other turns have null
// hashed_ip/header/country/state. A message with empty content gets
// language "Nolang" and an all-null moderation entry, as in the release.
// Every other value (IPs, headers, moderation scores, token counts, ...) is
// synthetic and derived from the Conv only, so the same input always gives
// the same bytes.
//
// The footer's created_by names parquet-cpp-arrow, as pyarrow's files do.
// Rows are written as they come; memory is bounded by one row group.
// It returns the number of conversations written.
func WriteWildChat(w io.Writer, convs Seq, opt WildChatOptions) (n int, err error) {
	opt, codec, err := opt.normalise()
	if err != nil {
		return 0, err
	}
	sch := wildChatSchema(opt)
	root := sch.node(opt)
	writerOpts := []parquet.WriterOption{
		parquet.NewSchema("schema", root),
		parquet.Compression(codec),
		parquet.DataPageVersion(opt.DataPageVersion),
		&parquet.WriterConfig{CreatedBy: "parquet-cpp-arrow version 15.0.2"},
	}
	pw := parquet.NewWriter(w, writerOpts...)
	sh := newShredder(sch, opt.TwoLevelLists)
	rb := newRowBuilder(sch, opt.Release)
	rows := make([]parquet.Row, 1)
	inGroup := 0
	for c := range convs {
		rows[0] = sh.shred(rows[0][:0], rb.row(sch, &c))
		if _, err := pw.WriteRows(rows); err != nil {
			return n, fmt.Errorf("wildchat parquet: row %d: %w", n, err)
		}
		n++
		inGroup++
		if inGroup == opt.RowGroupRows {
			if err := pw.Flush(); err != nil {
				return n, fmt.Errorf("wildchat parquet: flush row group: %w", err)
			}
			inGroup = 0
		}
	}
	if err := pw.Close(); err != nil {
		return n, fmt.Errorf("wildchat parquet: close: %w", err)
	}
	return n, nil
}

func (o WildChatOptions) normalise() (WildChatOptions, compress.Codec, error) {
	if o.ListElementName == "" {
		o.ListElementName = "element"
	}
	if o.ListElementName != "element" && o.ListElementName != "item" {
		return o, nil, fmt.Errorf("wildchat parquet: list element name %q: want \"element\" or \"item\"", o.ListElementName)
	}
	if o.RowGroupRows == 0 {
		o.RowGroupRows = 1000
	}
	if o.RowGroupRows < 0 {
		return o, nil, errors.New("wildchat parquet: negative RowGroupRows")
	}
	switch o.Release {
	case "":
		o.Release = WildChatRelease48M
	case WildChatRelease48M, WildChatRelease1M, WildChatRelease2023, ReleaseLMSYS:
	default:
		return o, nil, fmt.Errorf("wildchat parquet: unknown release %q", o.Release)
	}
	switch o.DataPageVersion {
	case 0:
		o.DataPageVersion = 1
	case 1, 2:
	default:
		return o, nil, fmt.Errorf("wildchat parquet: data page version %d", o.DataPageVersion)
	}
	var codec compress.Codec
	switch o.Compression {
	case "", "snappy":
		codec = fastSnappy{}
	case "zstd":
		codec = &parquet.Zstd
	case "gzip":
		codec = &parquet.Gzip
	case "none":
		codec = &parquet.Uncompressed
	default:
		return o, nil, fmt.Errorf("wildchat parquet: unknown compression %q", o.Compression)
	}
	return o, codec, nil
}

// ---------------------------------------------------------------------------
// Schema description.
//
// pnode describes one node of the Arrow-like schema. Every node is nullable
// (written `optional`), as pyarrow writes Hugging Face datasets; lists are
// LIST-annotated groups. Values for a node are: nil (null), string, int64,
// float64, bool, time.Time (timestamp leaves), []any (lists, one entry per
// element), or *record (structs, one entry per child in order).

type pkind int

const (
	kString pkind = iota
	kDictString
	kInt64
	kFloat64
	kBool
	kTimestamp
	kGroup
	kList
)

type pnode struct {
	name     string
	kind     pkind
	children []*pnode // group fields; for a list, children[0] is the element
	idx      map[string]int
	unit     parquet.TimeUnit // timestamps
	utc      bool             // timestamps: isAdjustedToUTC
	col      int              // leaf column index, assigned by index()
}

func leafNode(name string, k pkind) *pnode { return &pnode{name: name, kind: k} }

func groupNode(name string, children ...*pnode) *pnode {
	n := &pnode{name: name, kind: kGroup, children: children, idx: map[string]int{}}
	for i, c := range children {
		n.idx[c.name] = i
	}
	return n
}

func listNode(name string, elem *pnode) *pnode {
	return &pnode{name: name, kind: kList, children: []*pnode{elem}}
}

func tsNode(name string, unit parquet.TimeUnit, utc bool) *pnode {
	return &pnode{name: name, kind: kTimestamp, unit: unit, utc: utc}
}

// index assigns leaf column indexes in depth-first order (the Parquet
// column order) and returns the next free index.
func (n *pnode) index(next int) int {
	if n.kind != kGroup && n.kind != kList {
		n.col = next
		return next + 1
	}
	for _, c := range n.children {
		next = c.index(next)
	}
	return next
}

// node converts the description to a parquet-go schema node (without the
// outer Optional wrapper for the root).
func (n *pnode) node(opt WildChatOptions) parquet.Node {
	switch n.kind {
	case kString:
		return parquet.Encoded(parquet.String(), &parquet.Plain)
	case kDictString:
		return parquet.Encoded(parquet.String(), &parquet.RLEDictionary)
	case kInt64:
		return parquet.Leaf(bareInt64{parquet.Int64Type})
	case kFloat64:
		return parquet.Leaf(parquet.DoubleType)
	case kBool:
		return parquet.Leaf(parquet.BooleanType)
	case kTimestamp:
		return parquet.TimestampAdjusted(n.unit, n.utc)
	case kList:
		elem := n.children[0]
		if opt.TwoLevelLists {
			// repeated group array { fields } — the repeated group is the element.
			return &orderedGroup{list: true, fields: []parquet.Field{
				namedField{parquet.Repeated(elem.node(opt)), "array"},
			}}
		}
		inner := &orderedGroup{fields: []parquet.Field{
			namedField{parquet.Optional(elem.node(opt)), opt.ListElementName},
		}}
		return &orderedGroup{list: true, fields: []parquet.Field{
			namedField{parquet.Repeated(inner), "list"},
		}}
	default:
		g := &orderedGroup{fields: make([]parquet.Field, len(n.children))}
		for i, c := range n.children {
			g.fields[i] = namedField{parquet.Optional(c.node(opt)), c.name}
		}
		return g
	}
}

// fastSnappy is the SNAPPY codec with the faster of klauspost's two
// Snappy-compatible encoders (parquet-go's own uses the slower "better"
// one, which dominated fixture writing time). Readers see plain Snappy.
type fastSnappy struct{}

func (fastSnappy) String() string                            { return "SNAPPY" }
func (fastSnappy) CompressionCodec() format.CompressionCodec { return format.Snappy }
func (fastSnappy) Encode(dst, src []byte) ([]byte, error)    { return s2.EncodeSnappy(dst, src), nil }
func (fastSnappy) Decode(dst, src []byte) ([]byte, error)    { return snappy.Decode(dst, src) }

// bareInt64 is INT64 without the INT(64, signed) annotation parquet-go
// adds: pyarrow writes Arrow int64 as a bare INT64.
type bareInt64 struct{ parquet.Type }

func (bareInt64) LogicalType() *format.LogicalType { return nil }

// orderedGroup is a group node whose fields keep their declared order
// (parquet.Group sorts them by name; pyarrow keeps the Arrow order), and
// which can carry the LIST annotation with any inner naming.
type orderedGroup struct {
	fields []parquet.Field
	list   bool
}

var (
	listLogicalType  = parquet.List(parquet.String()).Type()
	groupLogicalType = parquet.Group{}.Type()
)

func (g *orderedGroup) ID() int { return 0 }
func (g *orderedGroup) String() string {
	names := make([]string, len(g.fields))
	for i, f := range g.fields {
		names[i] = f.Name()
	}
	return "group{" + strings.Join(names, ",") + "}"
}
func (g *orderedGroup) Type() parquet.Type {
	if g.list {
		return listLogicalType
	}
	return groupLogicalType
}
func (g *orderedGroup) Optional() bool              { return false }
func (g *orderedGroup) Repeated() bool              { return false }
func (g *orderedGroup) Required() bool              { return true }
func (g *orderedGroup) Leaf() bool                  { return false }
func (g *orderedGroup) Fields() []parquet.Field     { return g.fields }
func (g *orderedGroup) Encoding() encoding.Encoding { return nil }
func (g *orderedGroup) Compression() compress.Codec { return nil }
func (g *orderedGroup) GoType() reflect.Type        { return reflect.TypeFor[map[string]any]() }

// namedField names a node inside an orderedGroup. Rows are built by the
// shredder, never from Go values, so Value is not needed.
type namedField struct {
	parquet.Node
	name string
}

func (f namedField) Name() string                      { return f.name }
func (f namedField) Value(reflect.Value) reflect.Value { return reflect.Value{} }

// ---------------------------------------------------------------------------
// Schemas of the releases.

type wildChatSchemaDesc struct {
	root         *pnode
	conversation *pnode // the struct of one message
	moderation   *pnode // the struct of one openai_moderation entry
	detoxify     *pnode // the struct of one detoxify_moderation entry
	header       *pnode // header struct (user turns and top level)
	usage        *pnode // 4.8M usage struct, else nil
	columns      int
}

func (d *wildChatSchemaDesc) node(opt WildChatOptions) parquet.Node { return d.root.node(opt) }

var moderationKeys48M = []string{
	"harassment", "harassment/threatening", "harassment_threatening",
	"hate", "hate/threatening", "hate_threatening",
	"illicit", "illicit/violent", "illicit_violent",
	"self-harm", "self-harm/instructions", "self-harm/intent",
	"self_harm", "self_harm_instructions", "self_harm_intent",
	"sexual", "sexual/minors", "sexual_minors",
	"violence", "violence/graphic", "violence_graphic",
}

// moderationKeys2023 is the classic 11-category set of the OpenAI
// moderation endpoint in 2023 (the 2023 card's exact list is not recorded
// in the reference notes).
var moderationKeys2023 = []string{
	"harassment", "harassment/threatening", "hate", "hate/threatening",
	"self-harm", "self-harm/instructions", "self-harm/intent",
	"sexual", "sexual/minors", "violence", "violence/graphic",
}

var detoxifyKeys = []string{"identity_attack", "insult", "obscene", "severe_toxicity", "sexual_explicit", "threat", "toxicity"}

func moderationKeys(release string) []string {
	switch release {
	case WildChatRelease1M:
		var ks []string
		for _, k := range moderationKeys48M {
			if !strings.HasPrefix(k, "illicit") {
				ks = append(ks, k)
			}
		}
		return ks
	case WildChatRelease2023, ReleaseLMSYS:
		return moderationKeys2023
	}
	return moderationKeys48M
}

func keyed(name string, keys []string, mk func(string) *pnode) *pnode {
	cs := make([]*pnode, len(keys))
	for i, k := range keys {
		cs[i] = mk(k)
	}
	return groupNode(name, cs...)
}

func wildChatSchema(opt WildChatOptions) *wildChatSchemaDesc {
	d := &wildChatSchemaDesc{}
	keys := moderationKeys(opt.Release)
	header := func() *pnode {
		return groupNode("header", leafNode("accept-language", kString), leafNode("user-agent", kString))
	}
	mod := []*pnode{keyed("categories", keys, func(k string) *pnode { return leafNode(k, kBool) })}
	if opt.Release == WildChatRelease48M {
		mod = append(mod, keyed("category_applied_input_types", keys, func(k string) *pnode {
			return listNode(k, leafNode("element", kDictString))
		}))
	}
	mod = append(mod,
		keyed("category_scores", keys, func(k string) *pnode { return leafNode(k, kFloat64) }),
		leafNode("flagged", kBool))
	d.moderation = groupNode("element", mod...)
	d.detoxify = keyed("element", detoxifyKeys, func(k string) *pnode { return leafNode(k, kFloat64) })

	var top []*pnode
	if opt.Release == ReleaseLMSYS {
		d.conversation = groupNode("element", leafNode("content", kString), leafNode("role", kDictString))
		d.root = groupNode("schema",
			leafNode("conversation_id", kString),
			leafNode("model", kDictString),
			listNode("conversation", d.conversation),
			leafNode("turn", kInt64),
			leafNode("language", kDictString),
			listNode("openai_moderation", d.moderation),
			leafNode("redacted", kBool),
		)
		d.columns = d.root.index(0)
		return d
	}
	switch opt.Release {
	case WildChatRelease48M:
		d.usage = groupNode("usage",
			leafNode("completion_tokens", kInt64),
			groupNode("completion_tokens_details",
				leafNode("reasoning_tokens", kInt64), leafNode("text_tokens", kInt64),
				leafNode("audio_tokens", kInt64), leafNode("accepted_prediction_tokens", kInt64),
				leafNode("rejected_prediction_tokens", kInt64)),
			leafNode("prompt_tokens", kInt64),
			leafNode("total_tokens", kInt64),
			groupNode("prompt_tokens_details", leafNode("cached_tokens", kInt64), leafNode("audio_tokens", kInt64)),
		)
		d.header = header()
		d.conversation = groupNode("element",
			leafNode("content", kString),
			leafNode("created", kInt64),
			d.header,
			leafNode("hashed_ip", kString),
			leafNode("country", kDictString),
			leafNode("toxic", kBool),
			leafNode("redacted", kBool),
			leafNode("state", kDictString),
			leafNode("language", kDictString),
			leafNode("openai_id", kString),
			leafNode("role", kDictString),
			leafNode("temperature", kFloat64),
			tsNode("timestamp", parquet.Microsecond, false),
			leafNode("token_counter", kInt64),
			leafNode("top_p", kFloat64),
			leafNode("turn_identifier", kInt64),
			leafNode("system_fingerprint", kDictString),
			d.usage,
		)
		top = []*pnode{
			leafNode("conversation_hash", kString),
			leafNode("model", kDictString),
			tsNode("timestamp", parquet.Microsecond, false),
		}
	case WildChatRelease1M:
		d.header = header()
		d.conversation = groupNode("element",
			leafNode("content", kString),
			leafNode("country", kDictString),
			leafNode("hashed_ip", kString),
			d.header,
			leafNode("language", kDictString),
			leafNode("redacted", kBool),
			leafNode("role", kDictString),
			leafNode("state", kDictString),
			tsNode("timestamp", parquet.Microsecond, true),
			leafNode("toxic", kBool),
			leafNode("turn_identifier", kInt64),
		)
		top = []*pnode{
			leafNode("conversation_hash", kString),
			leafNode("model", kDictString),
			tsNode("timestamp", parquet.Microsecond, true),
		}
	case WildChatRelease2023:
		d.conversation = groupNode("element",
			leafNode("content", kString),
			leafNode("language", kDictString),
			leafNode("redacted", kBool),
			leafNode("role", kDictString),
			leafNode("toxic", kBool),
		)
		top = []*pnode{
			leafNode("conversation_id", kString),
			leafNode("model", kDictString),
			// timestamp[s, tz=UTC] in Arrow; Parquet has no seconds, pyarrow writes millis.
			tsNode("timestamp", parquet.Millisecond, true),
		}
	}
	top = append(top,
		listNode("conversation", d.conversation),
		leafNode("turn", kInt64),
		leafNode("language", kDictString),
		listNode("openai_moderation", d.moderation),
		listNode("detoxify_moderation", d.detoxify),
		leafNode("toxic", kBool),
		leafNode("redacted", kBool),
	)
	if opt.Release != WildChatRelease2023 {
		top = append(top,
			leafNode("state", kDictString),
			leafNode("country", kDictString),
			leafNode("hashed_ip", kString),
			header(),
		)
	}
	d.root = groupNode("schema", top...)
	d.columns = d.root.index(0)
	return d
}

// record is the value of a struct node: one entry per child, in order.
// A frozen record is never changed after it is built, so the shredder
// caches its leaf values per (repetition, definition, depth) context.
type record struct {
	node   *pnode
	vals   []any
	frozen bool
	cache  map[[3]int][][]parquet.Value
}

func newRecord(n *pnode) *record { return &record{node: n, vals: make([]any, len(n.children))} }

// set stores v under the child name; names the release does not have are
// ignored, so one builder serves every release.
func (r *record) set(name string, v any) *record {
	if i, ok := r.node.idx[name]; ok {
		r.vals[i] = v
	}
	return r
}

// ---------------------------------------------------------------------------
// Shredding: values → one parquet.Row with repetition/definition levels.

type shredder struct {
	desc     *wildChatSchemaDesc
	cols     [][]parquet.Value
	twoLevel bool
}

func newShredder(d *wildChatSchemaDesc, twoLevel bool) *shredder {
	return &shredder{desc: d, cols: make([][]parquet.Value, d.columns), twoLevel: twoLevel}
}

func (s *shredder) shred(row parquet.Row, top *record) parquet.Row {
	for i := range s.cols {
		s.cols[i] = s.cols[i][:0]
	}
	// The root is required: its children start at definition level 0.
	for i, c := range s.desc.root.children {
		s.value(c, top.vals[i], 0, 0, 0)
	}
	for _, vs := range s.cols {
		row = append(row, vs...)
	}
	return row
}

// value shreds v for the optional node n; rep is the repetition level of the
// first value emitted, def the definition level of n's parent, depth the
// number of repeated ancestors.
func (s *shredder) value(n *pnode, v any, rep, def, depth int) {
	if v == nil {
		s.nulls(n, rep, def)
		return
	}
	def++ // n itself is defined
	switch n.kind {
	case kGroup:
		r := v.(*record)
		if r.frozen {
			s.frozen(n, r, rep, def, depth)
			return
		}
		for i, c := range n.children {
			s.value(c, r.vals[i], rep, def, depth)
		}
	case kList:
		elems := v.([]any)
		if len(elems) == 0 {
			s.nulls(n.children[0], rep, def)
			return
		}
		for i, e := range elems {
			r := rep
			if i > 0 {
				r = depth + 1
			}
			// +1 for the repeated group; the element is optional in the
			// 3-level layout and the repeated group itself in the 2-level one.
			s.element(n.children[0], e, r, def, depth+1)
		}
	default:
		s.cols[n.col] = append(s.cols[n.col], leafValue(n, v).Level(rep, def, n.col))
	}
}

// frozen emits the cached leaf values of a frozen record, shredding it
// the first time it is seen in this context. The leaves of a node are the
// contiguous columns [lo, hi).
func (s *shredder) frozen(n *pnode, r *record, rep, def, depth int) {
	key := [3]int{rep, def, depth}
	lo, hi := n.columnRange()
	if cached, ok := r.cache[key]; ok {
		for i, vs := range cached {
			s.cols[lo+i] = append(s.cols[lo+i], vs...)
		}
		return
	}
	start := make([]int, hi-lo)
	for i := range start {
		start[i] = len(s.cols[lo+i])
	}
	for i, c := range n.children {
		s.value(c, r.vals[i], rep, def, depth)
	}
	cached := make([][]parquet.Value, hi-lo)
	for i := range cached {
		cached[i] = slices.Clone(s.cols[lo+i][start[i]:])
	}
	if r.cache == nil {
		r.cache = map[[3]int][][]parquet.Value{}
	}
	r.cache[key] = cached
}

// columnRange returns the leaf columns under n as [lo, hi).
func (n *pnode) columnRange() (lo, hi int) {
	if n.kind != kGroup && n.kind != kList {
		return n.col, n.col + 1
	}
	lo, _ = n.children[0].columnRange()
	_, hi = n.children[len(n.children)-1].columnRange()
	return lo, hi
}

// element shreds one list element. In both layouts the repeated group adds
// one definition level; the 3-level layout adds one more for the optional
// element, which value() accounts for. The 2-level layout cannot express a
// null element, so nil is written as a struct of nulls there.
func (s *shredder) element(n *pnode, e any, rep, def, depth int) {
	if !s.twoLevel {
		s.value(n, e, rep, def+1, depth)
		return
	}
	def++ // the repeated group is the element
	if n.kind == kGroup {
		if e == nil {
			e = newRecord(n)
		}
		r := e.(*record)
		for i, c := range n.children {
			s.value(c, r.vals[i], rep, def, depth)
		}
		return
	}
	if e == nil {
		e = zeroOf(n)
	}
	s.cols[n.col] = append(s.cols[n.col], leafValue(n, e).Level(rep, def, n.col))
}

func zeroOf(n *pnode) any {
	switch n.kind {
	case kInt64:
		return int64(0)
	case kFloat64:
		return 0.0
	case kBool:
		return false
	case kTimestamp:
		return time.Unix(0, 0)
	}
	return ""
}

// nulls emits one null for every leaf under n.
func (s *shredder) nulls(n *pnode, rep, def int) {
	if n.kind == kGroup || n.kind == kList {
		for _, c := range n.children {
			s.nulls(c, rep, def)
		}
		return
	}
	s.cols[n.col] = append(s.cols[n.col], parquet.NullValue().Level(rep, def, n.col))
}

func leafValue(n *pnode, v any) parquet.Value {
	switch n.kind {
	case kString, kDictString:
		return parquet.ByteArrayValue([]byte(v.(string)))
	case kInt64:
		return parquet.Int64Value(v.(int64))
	case kFloat64:
		return parquet.DoubleValue(v.(float64))
	case kBool:
		return parquet.BooleanValue(v.(bool))
	case kTimestamp:
		t := v.(time.Time)
		switch n.unit {
		case parquet.Millisecond:
			return parquet.Int64Value(t.UnixMilli())
		case parquet.Nanosecond:
			return parquet.Int64Value(t.UnixNano())
		}
		return parquet.Int64Value(t.UnixMicro())
	}
	panic(fmt.Sprintf("fixturegen: leaf kind %d", n.kind))
}

// ---------------------------------------------------------------------------
// Synthetic row values.

// rowBuilder turns a Conv into the top-level record. Moderation entries are
// drawn from a few precomputed variants (they are large and never read).
type rowBuilder struct {
	modVar   []*record // openai_moderation entries for non-empty messages
	modEmpty *record   // the "empty dict" entry of an empty message: all fields null
	toxVar   []*record
	toxEmpty *record
}

func newRowBuilder(d *wildChatSchemaDesc, release string) *rowBuilder {
	b := &rowBuilder{}
	keys := moderationKeys(release)
	for v := range 8 {
		m := newRecord(d.moderation)
		cats := newRecord(d.moderation.children[0])
		scores := newRecord(d.moderation.children[d.moderation.idx["category_scores"]])
		var applied *record
		if i, ok := d.moderation.idx["category_applied_input_types"]; ok {
			applied = newRecord(d.moderation.children[i])
		}
		for k, key := range keys {
			cats.set(key, false)
			scores.set(key, float64((v*31+k*17)%97+1)*1e-6)
			if applied != nil {
				if (v+k)%3 == 0 {
					applied.set(key, []any{})
				} else {
					applied.set(key, []any{"text"})
				}
			}
		}
		m.set("categories", cats).set("category_scores", scores).set("flagged", false)
		if applied != nil {
			m.set("category_applied_input_types", applied)
		}
		m.frozen = true
		b.modVar = append(b.modVar, m)

		t := newRecord(d.detoxify)
		for k, key := range detoxifyKeys {
			t.set(key, float64((v*13+k*7)%89+1)*1e-5)
		}
		t.frozen = true
		b.toxVar = append(b.toxVar, t)
	}
	b.modEmpty = newRecord(d.moderation)
	b.toxEmpty = newRecord(d.detoxify)
	b.modEmpty.frozen, b.toxEmpty.frozen = true, true
	return b
}

func hash64(parts ...string) uint64 {
	h := fnv.New64a()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return h.Sum64()
}

var (
	userAgents = []string{
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
		"Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
	}
	places = [][2]string{
		{"United States", "California"}, {"Canada", "Ontario"}, {"Germany", "Bavaria"},
		{"China", "Guangdong"}, {"Russia", "Moscow"}, {"France", "Île-de-France"},
		{"United Kingdom", "England"}, {"Brazil", "São Paulo"},
	}
	acceptLanguage = map[string]string{
		"English": "en-US,en;q=0.9", "German": "de-DE,de;q=0.9,en;q=0.8",
		"Chinese": "zh-CN,zh;q=0.9", "Russian": "ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7",
		"French": "fr-FR,fr;q=0.9,en;q=0.8", "Spanish": "es-ES,es;q=0.9",
	}
)

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

func synthID(h uint64, n int) string {
	var sb strings.Builder
	for i := range n {
		sb.WriteByte(base62[h%62])
		h = h*6364136223846793005 + 1442695040888963407 + uint64(i)
		h ^= h >> 29
	}
	return sb.String()
}

func isRedacted(s string) bool {
	return strings.Contains(s, "<PRESIDIO_ANONYMIZED_") || strings.Contains(s, "<TRUFFLEHOG_REDACTED_")
}

func approxTokens(s string) int64 { return int64(len(s)+3) / 4 }

func strOrNil(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func (b *rowBuilder) row(d *wildChatSchemaDesc, c *Conv) *record {
	h := hash64(c.ID)
	sum := sha256.Sum256([]byte("ip:" + c.ID))
	ip := hex.EncodeToString(sum[:])
	place := places[h%uint64(len(places))]
	al := acceptLanguage[c.Language]
	if al == "" {
		al = "en-US,en;q=0.9"
	}
	ua := userAgents[(h>>8)%uint64(len(userAgents))]
	header := func() any {
		if d.header == nil {
			return nil
		}
		return newRecord(d.header).set("accept-language", al).set("user-agent", ua)
	}

	// Rounds: a user turn and the turn right after it share one round.
	round := make([]int, len(c.Messages))
	rounds := 0
	for i, m := range c.Messages {
		if i == 0 || m.Role == "user" || c.Messages[i-1].Role != "user" {
			rounds++
		}
		round[i] = rounds - 1
	}
	tidBase := int64(h%900_000_000) + 1_000_000
	gap := time.Duration(30+(h>>16)%270) * time.Second
	var last time.Time
	if !c.Time.IsZero() {
		last = c.Time.UTC().Truncate(time.Microsecond)
	}

	msgs := make([]any, len(c.Messages))
	mods := make([]any, len(c.Messages))
	toxs := make([]any, len(c.Messages))
	anyRedacted := false
	var prompt int64
	for i, m := range c.Messages {
		lang := c.Language
		if m.Content == "" {
			lang = "Nolang"
		}
		red := isRedacted(m.Content)
		anyRedacted = anyRedacted || red
		r := newRecord(d.conversation).
			set("content", m.Content).
			set("role", m.Role).
			set("language", strOrNil(lang)).
			set("toxic", false).
			set("redacted", red).
			set("turn_identifier", tidBase+int64(round[i]))
		if m.Role == "user" {
			r.set("header", header()).
				set("hashed_ip", ip).
				set("country", place[0]).
				set("state", place[1])
		} else {
			mh := hash64(c.ID, fmt.Sprint(i))
			tokens := approxTokens(m.Content)
			r.set("openai_id", "chatcmpl-"+synthID(mh, 29)).
				set("temperature", []float64{0.7, 1.0, 0.5}[mh%3]).
				set("top_p", 1.0).
				set("token_counter", tokens).
				set("system_fingerprint", "fp_"+fmt.Sprintf("%010x", mh>>24))
			if !last.IsZero() {
				ts := last.Add(-time.Duration(rounds-1-round[i]) * gap)
				r.set("timestamp", ts).set("created", ts.Add(-3*time.Second).Unix())
				if d.usage != nil && !ts.Before(usageSince) {
					u := newRecord(d.usage).
						set("completion_tokens", tokens).
						set("prompt_tokens", prompt).
						set("total_tokens", tokens+prompt).
						set("completion_tokens_details", newRecord(d.usage.children[1]).
							set("reasoning_tokens", int64(0)).
							set("audio_tokens", int64(0)).
							set("accepted_prediction_tokens", int64(0)).
							set("rejected_prediction_tokens", int64(0))).
						set("prompt_tokens_details", newRecord(d.usage.children[4]).
							set("cached_tokens", int64(0)).
							set("audio_tokens", int64(0)))
					r.set("usage", u)
				}
			}
		}
		prompt += approxTokens(m.Content)
		msgs[i] = r
		if m.Content == "" {
			mods[i], toxs[i] = b.modEmpty, b.toxEmpty
		} else {
			v := (h>>24 + uint64(i)*0x9e3779b9 + uint64(len(m.Content))) % uint64(len(b.modVar))
			mods[i], toxs[i] = b.modVar[v], b.toxVar[v]
		}
	}

	top := newRecord(d.root).
		set("conversation_hash", c.ID).
		set("conversation_id", c.ID).
		set("model", strOrNil(c.Model)).
		set("conversation", msgs).
		set("turn", int64(rounds)).
		set("language", strOrNil(c.Language)).
		set("openai_moderation", mods).
		set("detoxify_moderation", toxs).
		set("toxic", false).
		set("redacted", anyRedacted).
		set("state", place[1]).
		set("country", place[0]).
		set("hashed_ip", ip)
	if !last.IsZero() {
		top.set("timestamp", last)
	}
	if i, ok := d.root.idx["header"]; ok {
		top.vals[i] = header()
	}
	return top
}

// usageSince is when WildChat-4.8M starts recording usage (formats.md §1.3).
var usageSince = time.Date(2024, 9, 9, 0, 0, 0, 0, time.UTC)
