package fixturegen

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// testConvs builds n small deterministic conversations: 1 to 4 rounds,
// non-ASCII, empty and "\r\n" content, a few without time or model.
func testConvs(n int) Seq {
	langs := []string{"English", "German", "Chinese", "Russian"}
	models := []string{"gpt-4o-2024-08-06", "gpt-3.5-turbo-0613", "o1-mini", ""}
	base := time.Date(2024, 8, 1, 12, 0, 0, 0, time.UTC)
	return func(yield func(Conv) bool) {
		for i := range n {
			c := Conv{
				ID:       fmt.Sprintf("%032x", i*7919+1),
				Model:    models[i%len(models)],
				Language: langs[i%len(langs)],
				Time:     base.Add(time.Duration(i) * 37 * time.Minute),
				Kind:     "test",
			}
			if i%11 == 5 {
				c.Time = time.Time{}
			}
			for r := range i%4 + 1 {
				u := fmt.Sprintf("question %d of conv %d: grüße 你好 — remove the password", r, i)
				if i%13 == 3 && r == 0 {
					u = ""
				}
				c.Messages = append(c.Messages,
					Msg{Role: "user", Content: u},
					Msg{Role: "assistant", Content: fmt.Sprintf("answer %d\r\nline two <PRESIDIO_ANONYMIZED_EMAIL_ADDRESS> %d", r, i)})
			}
			if !yield(c) {
				return
			}
		}
	}
}

func writeToBytes(t testing.TB, convs Seq, opt WildChatOptions) []byte {
	t.Helper()
	var buf bytes.Buffer
	if _, err := WriteWildChat(&buf, convs, opt); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func leafPaths(c *parquet.Column, out *[]string) {
	if c.Leaf() {
		*out = append(*out, strings.Join(c.Path(), "."))
		return
	}
	for _, ch := range c.Columns() {
		leafPaths(ch, out)
	}
}

func findSchemaElement(md *format.FileMetaData, name string) *format.SchemaElement {
	for i := range md.Schema {
		if md.Schema[i].Name == name {
			return &md.Schema[i]
		}
	}
	return nil
}

func TestWriteWildChatLayout(t *testing.T) {
	tests := []struct {
		name       string
		opt        WildChatOptions
		convs      int
		groups     []int64
		columns    int
		codec      format.CompressionCodec
		wantPaths  []string
		forbidden  []string
		hashColumn string
		utc        bool
	}{
		{
			name: "4.8M element", opt: WildChatOptions{}, convs: 2500, groups: []int64{1000, 1000, 500},
			columns: 111, codec: format.Snappy, hashColumn: "conversation_hash",
			wantPaths: []string{
				"conversation_hash", "model", "timestamp",
				"conversation.list.element.content", "conversation.list.element.role",
				"conversation.list.element.turn_identifier", "conversation.list.element.language",
				"conversation.list.element.header.accept-language", "conversation.list.element.header.user-agent",
				"conversation.list.element.usage.completion_tokens_details.reasoning_tokens",
				"conversation.list.element.usage.prompt_tokens_details.cached_tokens",
				"conversation.list.element.system_fingerprint",
				"openai_moderation.list.element.categories.harassment/threatening",
				"openai_moderation.list.element.categories.self-harm/intent",
				"openai_moderation.list.element.category_applied_input_types.illicit/violent.list.element",
				"openai_moderation.list.element.category_scores.violence_graphic",
				"openai_moderation.list.element.flagged",
				"detoxify_moderation.list.element.sexual_explicit",
				"turn", "language", "toxic", "redacted", "state", "country", "hashed_ip",
				"header.accept-language", "header.user-agent",
			},
		},
		{
			name: "4.8M item, 777-row groups", opt: WildChatOptions{ListElementName: "item", RowGroupRows: 777}, convs: 1000,
			groups: []int64{777, 223}, columns: 111, codec: format.Snappy, hashColumn: "conversation_hash",
			wantPaths: []string{"conversation.list.item.content", "openai_moderation.list.item.category_applied_input_types.hate.list.item"},
			forbidden: []string{"conversation.list.element.content"},
		},
		{
			name: "1M", opt: WildChatOptions{Release: "1M"}, convs: 30, groups: []int64{30},
			columns: 3 + 12 + 2 + 37 + 7 + 7, codec: format.Snappy, hashColumn: "conversation_hash", utc: true,
			wantPaths: []string{"conversation.list.element.turn_identifier", "openai_moderation.list.element.category_scores.sexual/minors"},
			forbidden: []string{"conversation.list.element.usage.prompt_tokens", "openai_moderation.list.element.categories.illicit"},
		},
		{
			name: "2023, two-level, zstd, page v2", opt: WildChatOptions{Release: "2023", TwoLevelLists: true, Compression: "zstd", DataPageVersion: 2},
			convs: 4, groups: []int64{4}, columns: 3 + 5 + 2 + 23 + 7 + 2, codec: format.Zstd, hashColumn: "conversation_id", utc: true,
			wantPaths: []string{"conversation_id", "conversation.array.content", "conversation.array.role"},
			forbidden: []string{"conversation_hash", "conversation.array.turn_identifier"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := writeToBytes(t, testConvs(tt.convs), tt.opt)
			f, err := parquet.OpenFile(bytes.NewReader(data), int64(len(data)))
			if err != nil {
				t.Fatal(err)
			}
			if f.NumRows() != int64(tt.convs) {
				t.Errorf("rows = %d, want %d", f.NumRows(), tt.convs)
			}
			var groups []int64
			for _, rg := range f.RowGroups() {
				groups = append(groups, rg.NumRows())
			}
			if !slices.Equal(groups, tt.groups) {
				t.Errorf("row groups = %v, want %v", groups, tt.groups)
			}
			var paths []string
			leafPaths(f.Root(), &paths)
			if len(paths) != tt.columns {
				t.Errorf("%d leaf columns, want %d", len(paths), tt.columns)
			}
			for _, p := range tt.wantPaths {
				if !slices.Contains(paths, p) {
					t.Errorf("missing column %q", p)
				}
			}
			for _, p := range tt.forbidden {
				if slices.Contains(paths, p) {
					t.Errorf("unexpected column %q", p)
				}
			}
			if paths[0] != tt.hashColumn {
				t.Errorf("first column %q, want %q", paths[0], tt.hashColumn)
			}
			md := f.Metadata()
			for _, rg := range md.RowGroups {
				for _, cc := range rg.Columns {
					if cc.MetaData.Codec != tt.codec {
						t.Fatalf("column %v codec %v, want %v", cc.MetaData.PathInSchema, cc.MetaData.Codec, tt.codec)
					}
				}
			}
			// Every element is nullable, as pyarrow writes, and the lists are LIST-annotated.
			conv := findSchemaElement(md, "conversation")
			if conv == nil || conv.RepetitionType.V != format.Optional || conv.LogicalType.Value == nil {
				t.Fatalf("conversation schema element %+v", conv)
			}
			if _, ok := conv.LogicalType.Value.(*format.ListType); !ok {
				t.Errorf("conversation logical type %v, want LIST", conv.LogicalType)
			}
			ts := findSchemaElement(md, "timestamp")
			tsType, ok := ts.LogicalType.Value.(*format.TimestampType)
			if !ok || tsType.IsAdjustedToUTC != tt.utc {
				t.Errorf("timestamp logical type %v, want adjusted=%v", ts.LogicalType, tt.utc)
			}
			for i := range md.Schema[1:] {
				if e := md.Schema[i+1]; e.RepetitionType.V == format.Required {
					t.Errorf("required schema element %q", e.Name)
				}
			}
		})
	}
}

// wcRow is a projection of the element-named 4.8M schema, read back with
// parquet-go's own reflection reader as an independent check of the levels.
type wcRow struct {
	Hash         string       `parquet:"conversation_hash,optional"`
	Model        *string      `parquet:"model,optional"`
	Timestamp    *int64       `parquet:"timestamp,optional"`
	Conversation []wcMsg      `parquet:"conversation,optional,list"`
	Turn         int64        `parquet:"turn,optional"`
	Moderation   []wcMod      `parquet:"openai_moderation,optional,list"`
	Header       *wcHeader    `parquet:"header,optional"`
	Redacted     bool         `parquet:"redacted,optional"`
	Detox        []wcDetoxify `parquet:"detoxify_moderation,optional,list"`
}

type wcMsg struct {
	Content        *string   `parquet:"content,optional"`
	Role           *string   `parquet:"role,optional"`
	Language       *string   `parquet:"language,optional"`
	TurnIdentifier *int64    `parquet:"turn_identifier,optional"`
	Timestamp      *int64    `parquet:"timestamp,optional"`
	HashedIP       *string   `parquet:"hashed_ip,optional"`
	Header         *wcHeader `parquet:"header,optional"`
	Usage          *struct {
		Total *int64 `parquet:"total_tokens,optional"`
	} `parquet:"usage,optional"`
	Redacted *bool `parquet:"redacted,optional"`
}

type wcHeader struct {
	AcceptLanguage *string `parquet:"accept-language,optional"`
	UserAgent      *string `parquet:"user-agent,optional"`
}

type wcMod struct {
	Flagged *bool `parquet:"flagged,optional"`
	Scores  *struct {
		Harassment *float64 `parquet:"harassment/threatening,optional"`
	} `parquet:"category_scores,optional"`
}

type wcDetoxify struct {
	Toxicity *float64 `parquet:"toxicity,optional"`
}

func TestWriteWildChatValues(t *testing.T) {
	const n = 300
	data := writeToBytes(t, testConvs(n), WildChatOptions{RowGroupRows: 128})
	r := parquet.NewGenericReader[wcRow](bytes.NewReader(data))
	defer r.Close()
	rows := make([]wcRow, 0, n)
	buf := make([]wcRow, 50)
	for {
		k, err := r.Read(buf)
		rows = append(rows, buf[:k]...)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(rows) != n {
		t.Fatalf("read %d rows, want %d", len(rows), n)
	}
	i := 0
	for c := range testConvs(n) {
		row := rows[i]
		i++
		if row.Hash != c.ID {
			t.Fatalf("row %d hash %q, want %q", i-1, row.Hash, c.ID)
		}
		if (row.Model == nil) != (c.Model == "") || (row.Model != nil && *row.Model != c.Model) {
			t.Errorf("row %d model %v, want %q", i-1, row.Model, c.Model)
		}
		if c.Time.IsZero() != (row.Timestamp == nil) || (row.Timestamp != nil && *row.Timestamp != c.Time.UnixMicro()) {
			t.Errorf("row %d timestamp %v, want %v", i-1, row.Timestamp, c.Time)
		}
		if len(row.Conversation) != len(c.Messages) || len(row.Moderation) != len(c.Messages) || len(row.Detox) != len(c.Messages) {
			t.Fatalf("row %d: %d messages, %d moderation, %d detoxify; want %d", i-1,
				len(row.Conversation), len(row.Moderation), len(row.Detox), len(c.Messages))
		}
		if row.Turn != int64(len(c.Messages)/2) {
			t.Errorf("row %d turn %d, want %d", i-1, row.Turn, len(c.Messages)/2)
		}
		if row.Header == nil || row.Header.UserAgent == nil || !row.Redacted {
			t.Errorf("row %d: header %+v redacted %v", i-1, row.Header, row.Redacted)
		}
		for j, m := range c.Messages {
			got := row.Conversation[j]
			if got.Content == nil || *got.Content != m.Content || got.Role == nil || *got.Role != m.Role {
				t.Fatalf("row %d message %d = %+v, want %+v", i-1, j, got, m)
			}
			wantLang := c.Language
			if m.Content == "" {
				wantLang = "Nolang"
			}
			if got.Language == nil || *got.Language != wantLang {
				t.Errorf("row %d message %d language %v, want %q", i-1, j, got.Language, wantLang)
			}
			if got.TurnIdentifier == nil || *got.TurnIdentifier != *row.Conversation[j&^1].TurnIdentifier {
				t.Errorf("row %d message %d: turn_identifier not shared within the round", i-1, j)
			}
			if j >= 2 && *got.TurnIdentifier == *row.Conversation[j-2].TurnIdentifier {
				t.Errorf("row %d message %d: turn_identifier repeats the previous round's", i-1, j)
			}
			// Per-role nullability.
			if m.Role == "user" {
				if got.Timestamp != nil || got.Usage != nil || got.HashedIP == nil || got.Header == nil {
					t.Errorf("row %d user turn %d: timestamp %v usage %v hashed_ip %v header %v", i-1, j, got.Timestamp, got.Usage, got.HashedIP, got.Header)
				}
			} else {
				if got.HashedIP != nil || got.Header != nil || (got.Timestamp == nil) != c.Time.IsZero() {
					t.Errorf("row %d assistant turn %d: timestamp %v hashed_ip %v header %v", i-1, j, got.Timestamp, got.HashedIP, got.Header)
				}
				if got.Redacted == nil || !*got.Redacted {
					t.Errorf("row %d assistant turn %d: redacted should be true for a PRESIDIO marker", i-1, j)
				}
			}
			mod := row.Moderation[j]
			if (m.Content == "") != (mod.Flagged == nil) {
				t.Errorf("row %d message %d: moderation %+v for content %q", i-1, j, mod, m.Content)
			}
		}
		// The last reply's timestamp is the conversation's.
		if last := row.Conversation[len(row.Conversation)-1]; row.Timestamp != nil && (last.Timestamp == nil || *last.Timestamp != *row.Timestamp) {
			t.Errorf("row %d: last reply timestamp %v, conversation %v", i-1, last.Timestamp, *row.Timestamp)
		}
	}
}

func TestWriteWildChatDeterministic(t *testing.T) {
	a := writeToBytes(t, testConvs(50), WildChatOptions{ListElementName: "item"})
	b := writeToBytes(t, testConvs(50), WildChatOptions{ListElementName: "item"})
	if !bytes.Equal(a, b) {
		t.Fatal("two writes of the same conversations differ")
	}
}

func TestWriteWildChatOddShapes(t *testing.T) {
	convs := func(yield func(Conv) bool) {
		shapes := [][]Msg{
			nil,
			{{Role: "assistant", Content: "hello first"}},
			{{Role: "user", Content: "a"}, {Role: "user", Content: "b"}, {Role: "system", Content: "c"}, {Role: "tool", Content: "d"}},
		}
		for i, m := range shapes {
			if !yield(Conv{ID: fmt.Sprint("odd", i), Messages: m}) {
				return
			}
		}
	}
	data := writeToBytes(t, convs, WildChatOptions{})
	r := parquet.NewGenericReader[wcRow](bytes.NewReader(data))
	defer r.Close()
	rows := make([]wcRow, 3)
	if k, err := r.Read(rows); k != 3 || (err != nil && err != io.EOF) {
		t.Fatalf("read %d rows: %v", k, err)
	}
	wantTurns := []int64{0, 1, 3}
	for i, row := range rows {
		if row.Turn != wantTurns[i] {
			t.Errorf("shape %d: turn %d, want %d", i, row.Turn, wantTurns[i])
		}
	}
	if got := *rows[2].Conversation[3].Role; got != "tool" {
		t.Errorf("role written as %q, want tool", got)
	}
	if rows[0].Timestamp != nil || rows[0].Model != nil {
		t.Errorf("zero time/model should be null: %+v", rows[0])
	}
}

func TestWriteWildChatOptionErrors(t *testing.T) {
	for _, opt := range []WildChatOptions{
		{ListElementName: "elem"}, {Release: "2.0"}, {RowGroupRows: -1}, {DataPageVersion: 3}, {Compression: "lzo"},
	} {
		if _, err := WriteWildChat(io.Discard, testConvs(1), opt); err == nil {
			t.Errorf("%+v: no error", opt)
		}
	}
}

// TestWriteWildChatStreams checks that memory stays bounded by a row group:
// the bytes handed to the writer grow while conversations are produced.
func TestWriteWildChatStreams(t *testing.T) {
	var w countingWriter
	var seen []int64
	convs := func(yield func(Conv) bool) {
		for c := range testConvs(1200) {
			if c.ID == fmt.Sprintf("%032x", 800*7919+1) {
				seen = append(seen, w.n)
			}
			if !yield(c) {
				return
			}
		}
	}
	if _, err := WriteWildChat(&w, convs, WildChatOptions{RowGroupRows: 200}); err != nil {
		t.Fatal(err)
	}
	if len(seen) != 1 || seen[0] < w.n/3 {
		t.Fatalf("only %v of %d bytes written after 2/3 of the rows: not streaming", seen, w.n)
	}
}

type countingWriter struct{ n int64 }

func (w *countingWriter) Write(p []byte) (int, error) { w.n += int64(len(p)); return len(p), nil }
