package goldcheck

// Validation of the reply gold sets (testdata/gold/replies.jsonl, the dev set,
// and testdata/gold/heldout/replies.jsonl, the frozen held-out set). The checks
// are about the data, not about any detector: schema, exact substrings, the
// DESIGN.md position rule, level consistency with the aliases, the minimum
// sizes, and the SHA-256 of the held-out file recorded in testdata/gold/README.md.
//
// Locating text (the rule the data is written to satisfy):
//   - the body span is the FIRST occurrence of `body` in `reply`;
//   - trace k is the first occurrence of its sentence at or after the end of
//     trace k-1 (trace 0: at or after offset 0), so traces are in order and do
//     not overlap;
//   - a trace is either inside the body span or disjoint from it; inside, its
//     tier is decided by f = runes(reply[bodyStart:traceStart]) /
//     runes(body): f < 0.15 body_opening, f >= 0.85 body_closing, else
//     body_middle; outside, it is preface when it ends at or before the body
//     start (or when there is no body) and afterword otherwise.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

const (
	repliesDevPath     = "../../testdata/gold/replies.jsonl"
	repliesHeldoutPath = "../../testdata/gold/heldout/replies.jsonl"
	// The blind sets: written without reading the detectors, measured once
	// before any tuning on them (testdata/gold/fresh*/README.md).
	repliesFreshPath  = "../../testdata/gold/fresh/replies.jsonl"
	repliesFresh2Path = "../../testdata/gold/fresh2/replies.jsonl"
	repliesReadmePath = "../../testdata/gold/README.md"
	repliesMinDev     = 200
	repliesMinHeldout = 60
)

var (
	repliesDeliverables = map[string]bool{"message": true, "document": true, "code": true, "none": true}
	repliesPositions    = map[string]bool{"preface": true, "body_opening": true, "body_middle": true, "body_closing": true, "afterword": true}
	repliesLevels       = map[string]bool{"identifying": true, "descriptive": true, "process_only": true, "not_assigned": true, "unknown": true}
	repliesRoles        = map[string]bool{"user": true, "assistant": true, "system": true, "tool": true}
	repliesLanguages    = map[string]bool{
		"en": true, "zh": true, "de": true, "fr": true, "es": true, "ja": true, "pt": true,
		"ru": true, "it": true, "ko": true, "nl": true, "pl": true, "tr": true,
	}
	repliesRequiredKeys = []string{"id", "request", "history", "reply", "deliverable_type", "withdrawn_item",
		"aliases", "trace", "traces", "body", "language", "note"}
)

// repliesMessage is one entry of a gold reply's history.
type repliesMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// repliesTrace is one gold trace sentence.
type repliesTrace struct {
	Sentence string `json:"sentence"`
	Position string `json:"position"`
	Level    string `json:"level"`
}

// repliesRecord is one line of a reply gold file (DESIGN.md §4).
type repliesRecord struct {
	ID              string           `json:"id"`
	Request         string           `json:"request"`
	History         []repliesMessage `json:"history"`
	Reply           string           `json:"reply"`
	DeliverableType string           `json:"deliverable_type"`
	WithdrawnItem   *string          `json:"withdrawn_item"`
	Aliases         []string         `json:"aliases"`
	Trace           bool             `json:"trace"`
	Traces          []repliesTrace   `json:"traces"`
	Body            string           `json:"body"`
	Language        string           `json:"language"`
	Note            string           `json:"note"`
}

// repliesSpan is a located trace: byte offsets into the reply.
type repliesSpan struct{ start, end int }

// repliesParse decodes one JSONL line strictly: every required key present,
// no unknown key.
func repliesParse(line []byte) (repliesRecord, error) {
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(line, &keys); err != nil {
		return repliesRecord{}, err
	}
	for _, k := range repliesRequiredKeys {
		if _, ok := keys[k]; !ok {
			return repliesRecord{}, fmt.Errorf("missing key %q", k)
		}
	}
	var r repliesRecord
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return repliesRecord{}, err
	}
	return r, nil
}

// repliesLoad reads a gold file; a line that does not parse fails the test.
func repliesLoad(t *testing.T, path string) []repliesRecord {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("open %s: %v", path, err)
	}
	defer f.Close()
	var out []repliesRecord
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<20), 16<<20)
	n := 0
	for sc.Scan() {
		n++
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			t.Errorf("%s:%d: blank line", path, n)
			continue
		}
		r, err := repliesParse(sc.Bytes())
		if err != nil {
			t.Errorf("%s:%d: %v", path, n, err)
			continue
		}
		out = append(out, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	return out
}

// repliesAliasMatcher matches an alias case-insensitively; an alias that
// starts (ends) with an ASCII letter or digit must not be preceded (followed)
// by one, so "Tom" does not match inside "Tomorrow".
func repliesAliasMatcher(alias string) *regexp.Regexp {
	pre, post := "", ""
	if r, _ := utf8.DecodeRuneInString(alias); repliesASCIIAlnum(r) {
		pre = `(?:^|[^0-9A-Za-z])`
	}
	if r, _ := utf8.DecodeLastRuneInString(alias); repliesASCIIAlnum(r) {
		post = `(?:$|[^0-9A-Za-z])`
	}
	return regexp.MustCompile(`(?is)` + pre + regexp.QuoteMeta(alias) + post)
}

func repliesASCIIAlnum(r rune) bool {
	return r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// repliesLocate finds the body span and the trace spans by the rule in the
// file comment. It returns an error when a sentence cannot be found.
func repliesLocate(r repliesRecord) (bodyStart, bodyEnd int, spans []repliesSpan, err error) {
	bodyStart, bodyEnd = -1, -1
	if r.Body != "" {
		bodyStart = strings.Index(r.Reply, r.Body)
		if bodyStart < 0 {
			return 0, 0, nil, fmt.Errorf("body is not a substring of the reply")
		}
		bodyEnd = bodyStart + len(r.Body)
	}
	cursor := 0
	for i, tr := range r.Traces {
		if tr.Sentence == "" {
			return 0, 0, nil, fmt.Errorf("trace %d: empty sentence", i)
		}
		j := strings.Index(r.Reply[cursor:], tr.Sentence)
		if j < 0 {
			return 0, 0, nil, fmt.Errorf("trace %d %q: not found at or after byte %d", i, tr.Sentence, cursor)
		}
		s := cursor + j
		e := s + len(tr.Sentence)
		spans = append(spans, repliesSpan{s, e})
		cursor = e
	}
	return bodyStart, bodyEnd, spans, nil
}

// repliesPosition applies the DESIGN.md rule to a trace span; ok is false when
// the span crosses a body boundary.
func repliesPosition(reply string, bodyStart, bodyEnd int, sp repliesSpan) (pos string, ok bool) {
	if bodyStart < 0 || bodyEnd <= bodyStart {
		return "preface", true
	}
	switch {
	case sp.end <= bodyStart:
		return "preface", true
	case sp.start >= bodyEnd:
		return "afterword", true
	case sp.start < bodyStart || sp.end > bodyEnd:
		return "", false
	}
	before := utf8.RuneCountInString(reply[bodyStart:sp.start])
	total := max(1, utf8.RuneCountInString(reply[bodyStart:bodyEnd]))
	f := float64(before) / float64(total)
	switch {
	case f < 0.15:
		return "body_opening", true
	case f >= 0.85:
		return "body_closing", true
	}
	return "body_middle", true
}

// repliesRecordProblems lists every way a record breaks the schema or the
// labelling rules (empty when it is valid).
func repliesRecordProblems(r repliesRecord) []string {
	var p []string
	add := func(format string, args ...any) { p = append(p, fmt.Sprintf(format, args...)) }

	if strings.TrimSpace(r.ID) == "" {
		add("empty id")
	}
	if strings.TrimSpace(r.Request) == "" {
		add("empty request")
	}
	if strings.TrimSpace(r.Reply) == "" {
		add("empty reply")
	}
	for i, m := range r.History {
		if !repliesRoles[m.Role] {
			add("history[%d]: role %q", i, m.Role)
		}
		if strings.TrimSpace(m.Content) == "" {
			add("history[%d]: empty content", i)
		}
	}
	if !repliesDeliverables[r.DeliverableType] {
		add("deliverable_type %q", r.DeliverableType)
	}
	if !repliesLanguages[r.Language] {
		add("language %q", r.Language)
	}
	if (r.Body == "") != (r.DeliverableType == "none") {
		add("body must be empty exactly when deliverable_type is none (type %q, body %d bytes)", r.DeliverableType, len(r.Body))
	}
	if r.Body != strings.TrimSpace(r.Body) {
		add("body has leading or trailing whitespace")
	}
	if r.Trace != (len(r.Traces) > 0) {
		add("trace=%v but %d traces", r.Trace, len(r.Traces))
	}
	if r.WithdrawnItem != nil && strings.TrimSpace(*r.WithdrawnItem) == "" {
		add("withdrawn_item is an empty string (use null)")
	}
	if r.WithdrawnItem != nil && len(r.Aliases) == 0 {
		add("withdrawn_item without aliases")
	}
	if r.WithdrawnItem == nil && len(r.Aliases) > 0 {
		add("aliases without withdrawn_item")
	}
	for i, a := range r.Aliases {
		if strings.TrimSpace(a) == "" {
			add("aliases[%d] is blank", i)
		}
	}

	bodyStart, bodyEnd, spans, err := repliesLocate(r)
	if err != nil {
		add("%v", err)
		return p
	}
	for i, tr := range r.Traces {
		if !repliesPositions[tr.Position] {
			add("trace %d: position %q", i, tr.Position)
		}
		if !repliesLevels[tr.Level] {
			add("trace %d: level %q", i, tr.Level)
		}
		if tr.Sentence != strings.TrimSpace(tr.Sentence) {
			add("trace %d: sentence has leading or trailing whitespace", i)
		}
		if !strings.ContainsFunc(tr.Sentence, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
			add("trace %d: sentence has no letter or digit", i)
		}
		pos, ok := repliesPosition(r.Reply, bodyStart, bodyEnd, spans[i])
		if !ok {
			add("trace %d %q crosses a body boundary", i, tr.Sentence)
		} else if pos != tr.Position {
			add("trace %d %q: position %q, the rule gives %q", i, tr.Sentence, tr.Position, pos)
		}
	}

	// Levels against the aliases: the item is named in a sentence when an
	// alias occurs in it; it is content when an alias occurs outside every
	// trace span.
	matchers := make([]*regexp.Regexp, len(r.Aliases))
	for i, a := range r.Aliases {
		matchers[i] = repliesAliasMatcher(a)
	}
	anyMatch := func(s string) bool {
		for _, m := range matchers {
			if m.MatchString(s) {
				return true
			}
		}
		return false
	}
	outside := []byte(r.Reply)
	for _, sp := range spans {
		for k := sp.start; k < sp.end; k++ {
			outside[k] = 0
		}
	}
	content := anyMatch(string(outside))
	for i, tr := range r.Traces {
		named := anyMatch(tr.Sentence)
		switch {
		case r.WithdrawnItem == nil:
			if tr.Level != "unknown" {
				add("trace %d: no withdrawn item, so the level must be unknown, not %q", i, tr.Level)
			}
		case tr.Level == "unknown":
			add("trace %d: level unknown although a withdrawn item is given", i)
		case content:
			if tr.Level != "not_assigned" {
				add("trace %d: the item also appears outside the traces, so the level must be not_assigned, not %q", i, tr.Level)
			}
		case tr.Level == "not_assigned":
			add("trace %d: not_assigned but no alias occurs outside the traces", i)
		case tr.Level == "identifying" && !named:
			add("trace %d: identifying but no alias occurs in %q", i, tr.Sentence)
		case (tr.Level == "descriptive" || tr.Level == "process_only") && named:
			add("trace %d: %s but an alias occurs in %q", i, tr.Level, tr.Sentence)
		}
	}
	return p
}

// repliesAllPaths lists every reply gold file that exists.
func repliesAllPaths() []string {
	paths := []string{repliesDevPath, repliesHeldoutPath}
	for _, p := range []string{repliesFreshPath, repliesFresh2Path} {
		if _, err := os.Stat(p); err == nil {
			paths = append(paths, p)
		}
	}
	return paths
}

func TestRepliesGoldRecords(t *testing.T) {
	for _, path := range repliesAllPaths() {
		t.Run(filepath.Base(filepath.Dir(path))+"/"+filepath.Base(path), func(t *testing.T) {
			recs := repliesLoad(t, path)
			for _, r := range recs {
				for _, problem := range repliesRecordProblems(r) {
					t.Errorf("%s: %s", r.ID, problem)
				}
			}
		})
	}
}

func TestRepliesGoldSizesAndIDs(t *testing.T) {
	dev := repliesLoad(t, repliesDevPath)
	held := repliesLoad(t, repliesHeldoutPath)
	if len(dev) < repliesMinDev {
		t.Errorf("dev set has %d replies, want at least %d", len(dev), repliesMinDev)
	}
	if len(held) < repliesMinHeldout {
		t.Errorf("held-out set has %d replies, want at least %d", len(held), repliesMinHeldout)
	}
	seen := map[string]string{}
	replies := map[string]string{}
	sets := []struct {
		name string
		recs []repliesRecord
	}{{"dev", dev}, {"heldout", held}}
	for _, p := range repliesAllPaths()[2:] {
		sets = append(sets, struct {
			name string
			recs []repliesRecord
		}{p, repliesLoad(t, p)})
	}
	for _, set := range sets {
		for _, r := range set.recs {
			if prev, ok := seen[r.ID]; ok {
				t.Errorf("id %s appears in %s and %s", r.ID, prev, set.name)
			}
			seen[r.ID] = set.name
			if prev, ok := replies[r.Reply]; ok {
				t.Errorf("%s repeats the reply of %s", r.ID, prev)
			}
			replies[r.Reply] = r.ID
		}
	}
}

// TestRepliesGoldMix checks the composition the sets were written to have:
// both labels, all deliverable types, every position and level, and a
// non-English share.
func TestRepliesGoldMix(t *testing.T) {
	for _, path := range repliesAllPaths() {
		recs := repliesLoad(t, path)
		if len(recs) == 0 {
			t.Fatalf("%s: empty", path)
		}
		traced, nonEnglish := 0, 0
		types := map[string]int{}
		positions := map[string]int{}
		levels := map[string]int{}
		for _, r := range recs {
			if r.Trace {
				traced++
			}
			if r.Language != "en" {
				nonEnglish++
			}
			types[r.DeliverableType]++
			for _, tr := range r.Traces {
				positions[tr.Position]++
				levels[tr.Level]++
			}
		}
		share := float64(traced) / float64(len(recs))
		if share < 0.35 || share > 0.55 {
			t.Errorf("%s: %.0f%% of replies have a trace, want 35–55%%", path, 100*share)
		}
		if f := float64(nonEnglish) / float64(len(recs)); f < 0.08 {
			t.Errorf("%s: only %.0f%% non-English replies", path, 100*f)
		}
		for k := range repliesDeliverables {
			if types[k] == 0 {
				t.Errorf("%s: no %s deliverable", path, k)
			}
		}
		for k := range repliesPositions {
			if positions[k] == 0 {
				t.Errorf("%s: no trace at position %s", path, k)
			}
		}
		for k := range repliesLevels {
			if levels[k] == 0 {
				t.Errorf("%s: no trace with level %s", path, k)
			}
		}
	}
}

func TestRepliesHeldoutFrozen(t *testing.T) {
	checkFrozen(t, repliesReadmePath, repliesHeldoutPath, "heldout/replies.jsonl")
}

// TestRepliesRecordProblems runs the validator on small hand-made records, so
// that a validator that accepts everything fails here.
func TestRepliesRecordProblems(t *testing.T) {
	item := func(s string) *string { return &s }
	reply := "Sure, here it is:\n\nHi Ann,\n\nSee you at 5.\n\nBest,\nBo\n\nI removed the dentist appointment."
	body := "Hi Ann,\n\nSee you at 5.\n\nBest,\nBo"
	good := repliesRecord{
		ID: "t1", Request: "remove the dentist appointment", Reply: reply,
		History:         []repliesMessage{{"user", "write it"}, {"assistant", "Hi Ann, dentist at 4, see you at 5."}},
		DeliverableType: "message", WithdrawnItem: item("dentist appointment"), Aliases: []string{"dentist"},
		Trace: true, Traces: []repliesTrace{{"I removed the dentist appointment.", "afterword", "identifying"}},
		Body: body, Language: "en",
	}
	tests := []struct {
		name   string
		modify func(*repliesRecord)
		want   string // substring of one problem; "" = valid
	}{
		{"valid", func(*repliesRecord) {}, ""},
		{"sentence not in reply", func(r *repliesRecord) { r.Traces[0].Sentence = "I deleted it." }, "not found"},
		{"body not in reply", func(r *repliesRecord) { r.Body = "Hello" }, "not a substring"},
		{"wrong position", func(r *repliesRecord) { r.Traces[0].Position = "preface" }, "the rule gives"},
		{"trace flag", func(r *repliesRecord) { r.Trace = false }, "trace=false"},
		{"bad level", func(r *repliesRecord) { r.Traces[0].Level = "partial" }, "level \"partial\""},
		{"bad type", func(r *repliesRecord) { r.DeliverableType = "email" }, "deliverable_type"},
		{"bad language", func(r *repliesRecord) { r.Language = "english" }, "language"},
		{"none with body", func(r *repliesRecord) { r.DeliverableType = "none" }, "empty exactly"},
		{"identifying without alias", func(r *repliesRecord) { r.Aliases = []string{"orthodontist"} }, "identifying but"},
		{"descriptive naming item", func(r *repliesRecord) { r.Traces[0].Level = "descriptive" }, "alias occurs in"},
		{"content leak", func(r *repliesRecord) {
			r.Reply = strings.Replace(r.Reply, "See you at 5.", "Dentist at 4, see you at 5.", 1)
			r.Body = strings.Replace(r.Body, "See you at 5.", "Dentist at 4, see you at 5.", 1)
		}, "must be not_assigned"},
		{"unknown with item", func(r *repliesRecord) { r.Traces[0].Level = "unknown" }, "level unknown although"},
		{"no item not unknown", func(r *repliesRecord) { r.WithdrawnItem = nil; r.Aliases = nil }, "must be unknown"},
		{"crosses body", func(r *repliesRecord) { r.Traces[0].Sentence = "Bo\n\nI removed" }, "crosses a body boundary"},
		{"body whitespace", func(r *repliesRecord) { r.Body = "\n" + body }, "whitespace"},
		{"out of order", func(r *repliesRecord) {
			r.Traces = append(r.Traces, repliesTrace{"Sure, here it is:", "preface", "process_only"})
		}, "not found at or after"},
		{"empty sentence", func(r *repliesRecord) { r.Traces[0].Sentence = "" }, "empty sentence"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := good
			r.Traces = append([]repliesTrace(nil), good.Traces...)
			r.Aliases = append([]string(nil), good.Aliases...)
			tc.modify(&r)
			problems := repliesRecordProblems(r)
			if tc.want == "" {
				if len(problems) > 0 {
					t.Fatalf("valid record reported: %v", problems)
				}
				return
			}
			for _, p := range problems {
				if strings.Contains(p, tc.want) {
					return
				}
			}
			t.Fatalf("want a problem containing %q, got %v", tc.want, problems)
		})
	}
}

func TestRepliesPosition(t *testing.T) {
	// body = "0123456789" * 10 (100 runes) at offset 5
	body := strings.Repeat("0123456789", 10)
	reply := "pre. " + body + " post"
	bs, be := 5, 5+len(body)
	tests := []struct {
		name  string
		start int
		end   int
		want  string
		ok    bool
	}{
		{"preface", 0, 4, "preface", true},
		{"opening", bs, bs + 3, "body_opening", true},
		{"just before 15%", bs + 14, bs + 16, "body_opening", true},
		{"at 15%", bs + 15, bs + 16, "body_middle", true},
		{"before 85%", bs + 84, bs + 85, "body_middle", true},
		{"at 85%", bs + 85, bs + 86, "body_closing", true},
		{"afterword", be + 1, be + 5, "afterword", true},
		{"crossing", bs - 2, bs + 2, "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := repliesPosition(reply, bs, be, repliesSpan{tc.start, tc.end})
			if got != tc.want || ok != tc.ok {
				t.Fatalf("got (%q, %v), want (%q, %v)", got, ok, tc.want, tc.ok)
			}
		})
	}
	// Runes, not bytes: a body of multi-byte runes.
	cjk := strings.Repeat("删", 20) // 20 runes, 60 bytes
	r2 := cjk
	if got, _ := repliesPosition(r2, 0, len(r2), repliesSpan{3 * 3, 3 * 3}); got != "body_middle" {
		t.Errorf("rune 3 of 20 (15%%): got %q, want body_middle", got)
	}
	if got, _ := repliesPosition(r2, 0, len(r2), repliesSpan{3 * 2, 3 * 2}); got != "body_opening" {
		t.Errorf("rune 2 of 20 (10%%): got %q, want body_opening", got)
	}
	if got, _ := repliesPosition("no body here", -1, -1, repliesSpan{0, 2}); got != "preface" {
		t.Errorf("no body: got %q, want preface", got)
	}
}

func TestRepliesAliasMatcher(t *testing.T) {
	tests := []struct {
		alias, text string
		want        bool
	}{
		{"Tom", "Tomorrow we meet", false},
		{"Tom", "ask tom first", true},
		{"$142k", "the $142k band", true},
		{"--force", "the `--force` flag", true},
		{"薪资调整", "删除了薪资调整部分", true},
		{"ssn", "ssn_hash column", true},
		{"ssn", "lessons", false},
		{"Friday", "FRIDAY standup", true},
	}
	for _, tc := range tests {
		if got := repliesAliasMatcher(tc.alias).MatchString(tc.text); got != tc.want {
			t.Errorf("alias %q in %q: got %v, want %v", tc.alias, tc.text, got, tc.want)
		}
	}
}
