package goldcheck

// Validation of the turn gold sets (testdata/gold/turns.jsonl, the dev set, and
// testdata/gold/heldout/turns.jsonl, the frozen held-out set). The checks are
// about the data, not about any detector: schema, label consistency, the mix the
// sets promise in testdata/gold/TURNS.md, and that the held-out file still has
// the SHA-256 recorded there.

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const (
	turnsDevPath     = "../../testdata/gold/turns.jsonl"
	turnsHeldoutPath = "../../testdata/gold/heldout/turns.jsonl"
	turnsDocPath     = "../../testdata/gold/TURNS.md"
)

// turnsTypes is the set of revision types a gold turn may carry.
var turnsTypes = map[string]bool{
	"withdraw": true, "replace": true, "correct": true,
	"reformat": true, "extend": true, "other": true,
}

// turnsRoles is the set of roles a history message may carry.
var turnsRoles = map[string]bool{"user": true, "assistant": true, "system": true, "tool": true}

// turnsLanguages is the set of turn languages the gold sets use.
var turnsLanguages = map[string]bool{
	"en": true, "zh": true, "es": true, "fr": true, "de": true,
	"ru": true, "pt": true, "it": true, "ja": true,
}

// turnsRequiredKeys are the keys every gold line must have (null allowed only
// for revision_type).
var turnsRequiredKeys = []string{"id", "history", "turn", "is_revision", "revision_type", "language", "item", "note"}

// turnsMessage is one history message of a gold turn.
type turnsMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// turnsRecord is one line of a turn gold file.
type turnsRecord struct {
	ID           string         `json:"id"`
	History      []turnsMessage `json:"history"`
	Turn         string         `json:"turn"`
	IsRevision   bool           `json:"is_revision"`
	RevisionType *string        `json:"revision_type"`
	Language     string         `json:"language"`
	Item         string         `json:"item"`
	Note         string         `json:"note"`

	line int // 1-based line number in the file
}

// turnsHasAssistant reports whether the record's history holds an assistant message.
func (r turnsRecord) turnsHasAssistant() bool {
	for _, m := range r.History {
		if m.Role == "assistant" {
			return true
		}
	}
	return false
}

// turnsTypeName returns the revision type, or "none" for a negative.
func (r turnsRecord) turnsTypeName() string {
	if r.RevisionType == nil {
		return "none"
	}
	return *r.RevisionType
}

// turnsLoad reads a gold file strictly: every line one JSON object with exactly
// the known keys, all required keys present.
func turnsLoad(t *testing.T, path string) []turnsRecord {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	if len(data) == 0 || data[len(data)-1] != '\n' {
		t.Errorf("%s: must end with a newline", path)
	}
	var out []turnsRecord
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 1<<20), 1<<24)
	line := 0
	for sc.Scan() {
		line++
		raw := sc.Bytes()
		if len(bytes.TrimSpace(raw)) == 0 {
			t.Errorf("%s:%d: empty line", path, line)
			continue
		}
		var keys map[string]json.RawMessage
		if err := json.Unmarshal(raw, &keys); err != nil {
			t.Errorf("%s:%d: not a JSON object: %v", path, line, err)
			continue
		}
		for _, k := range turnsRequiredKeys {
			if _, ok := keys[k]; !ok {
				t.Errorf("%s:%d: missing key %q", path, line, k)
			}
		}
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		var r turnsRecord
		if err := dec.Decode(&r); err != nil {
			t.Errorf("%s:%d: %v", path, line, err)
			continue
		}
		r.line = line
		out = append(out, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("scan %s: %v", path, err)
	}
	return out
}

// turnsRecordProblems lists everything wrong with one record on its own.
func turnsRecordProblems(r turnsRecord) []string {
	var p []string
	if strings.TrimSpace(r.ID) == "" {
		p = append(p, "empty id")
	}
	if strings.TrimSpace(r.Turn) == "" {
		p = append(p, "empty turn")
	}
	if strings.TrimSpace(r.Note) == "" {
		p = append(p, "empty note")
	}
	if !turnsLanguages[r.Language] {
		p = append(p, fmt.Sprintf("language %q not in the allowed set", r.Language))
	}
	switch {
	case r.IsRevision && r.RevisionType == nil:
		p = append(p, "is_revision true but revision_type null")
	case !r.IsRevision && r.RevisionType != nil:
		p = append(p, fmt.Sprintf("is_revision false but revision_type %q", *r.RevisionType))
	case r.RevisionType != nil && !turnsTypes[*r.RevisionType]:
		p = append(p, fmt.Sprintf("revision_type %q not allowed", *r.RevisionType))
	}
	for i, m := range r.History {
		if !turnsRoles[m.Role] {
			p = append(p, fmt.Sprintf("history[%d]: role %q not allowed", i, m.Role))
		}
		if strings.TrimSpace(m.Content) == "" {
			p = append(p, fmt.Sprintf("history[%d]: empty content", i))
		}
	}
	if r.IsRevision && !r.turnsHasAssistant() {
		p = append(p, "a turn with no earlier assistant message cannot be a revision")
	}
	typ := r.turnsTypeName()
	if typ == "withdraw" || typ == "replace" {
		if r.Item == "" {
			p = append(p, typ+" without item")
		} else if !strings.Contains(r.Turn, r.Item) {
			p = append(p, fmt.Sprintf("item %q is not a substring of the turn", r.Item))
		}
	} else if r.Item != "" {
		p = append(p, fmt.Sprintf("item %q set on a %s turn", r.Item, typ))
	}
	return p
}

func TestTurnsGoldRecords(t *testing.T) {
	tests := []struct {
		name    string
		path    string
		minRows int
	}{
		{"dev", turnsDevPath, 200},
		{"heldout", turnsHeldoutPath, 60},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			recs := turnsLoad(t, tc.path)
			if len(recs) < tc.minRows {
				t.Errorf("%d turns, want at least %d", len(recs), tc.minRows)
			}
			ids := map[string]int{}
			turns := map[string]int{}
			for _, r := range recs {
				for _, p := range turnsRecordProblems(r) {
					t.Errorf("%s:%d (%s): %s", filepath.Base(tc.path), r.line, r.ID, p)
				}
				if prev, ok := ids[r.ID]; ok {
					t.Errorf("line %d: id %q already used on line %d", r.line, r.ID, prev)
				}
				ids[r.ID] = r.line
				if prev, ok := turns[r.Turn]; ok {
					t.Errorf("line %d: same turn text as line %d", r.line, prev)
				}
				turns[r.Turn] = r.line
			}
		})
	}
}

// TestTurnsGoldRecordProblems checks that the record validator catches each kind
// of bad record (so that a green TestTurnsGoldRecords means something).
func TestTurnsGoldRecordProblems(t *testing.T) {
	withdraw, bogus := "withdraw", "delete"
	asst := []turnsMessage{{"user", "write it"}, {"assistant", "Here it is."}}
	good := turnsRecord{ID: "x", History: asst, Turn: "remove the salary", IsRevision: true,
		RevisionType: &withdraw, Language: "en", Item: "the salary", Note: "n"}
	tests := []struct {
		name   string
		mutate func(r *turnsRecord)
		want   string // substring of a reported problem; "" = no problem
	}{
		{"valid", func(r *turnsRecord) {}, ""},
		{"type null on revision", func(r *turnsRecord) { r.RevisionType = nil; r.Item = "" }, "revision_type null"},
		{"type on negative", func(r *turnsRecord) { r.IsRevision = false }, "is_revision false"},
		{"unknown type", func(r *turnsRecord) { r.RevisionType = &bogus }, "not allowed"},
		{"bad role", func(r *turnsRecord) { r.History = []turnsMessage{{"bot", "hi"}, {"assistant", "x"}} }, "role \"bot\""},
		{"no assistant", func(r *turnsRecord) { r.History = nil }, "no earlier assistant"},
		{"item not in turn", func(r *turnsRecord) { r.Item = "the bonus" }, "not a substring"},
		{"withdraw without item", func(r *turnsRecord) { r.Item = "" }, "without item"},
		{"language", func(r *turnsRecord) { r.Language = "xx" }, "language"},
		{"empty note", func(r *turnsRecord) { r.Note = " " }, "empty note"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := good
			tc.mutate(&r)
			probs := strings.Join(turnsRecordProblems(r), "; ")
			if tc.want == "" && probs != "" {
				t.Fatalf("unexpected problems: %s", probs)
			}
			if tc.want != "" && !strings.Contains(probs, tc.want) {
				t.Fatalf("problems %q, want one containing %q", probs, tc.want)
			}
		})
	}
}

// TestTurnsGoldMix checks the class mix promised in TURNS.md.
func TestTurnsGoldMix(t *testing.T) {
	tests := []struct {
		name        string
		path        string
		minPerType  map[string]int
		minNegShare float64
		nonEnglish  [2]float64 // share of non-English turns, inclusive bounds
		noAssistant [2]float64 // share of turns with no assistant message yet
	}{
		{
			name:        "dev",
			path:        turnsDevPath,
			minPerType:  map[string]int{"withdraw": 40, "replace": 25, "correct": 30, "reformat": 20, "extend": 20, "other": 10},
			minNegShare: 0.35,
			nonEnglish:  [2]float64{0.30, 0.45},
			noAssistant: [2]float64{0.03, 0.08},
		},
		{
			name:        "heldout",
			path:        turnsHeldoutPath,
			minPerType:  map[string]int{"withdraw": 10, "replace": 5, "correct": 5, "reformat": 5, "extend": 5, "other": 3},
			minNegShare: 0.30,
			nonEnglish:  [2]float64{0.30, 0.45},
			noAssistant: [2]float64{0.03, 0.08},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			recs := turnsLoad(t, tc.path)
			if len(recs) == 0 {
				t.Fatal("no records")
			}
			byType := map[string]int{}
			langs := map[string]int{}
			noAsst := 0
			for _, r := range recs {
				byType[r.turnsTypeName()]++
				langs[r.Language]++
				if !r.turnsHasAssistant() {
					noAsst++
				}
			}
			for typ, min := range tc.minPerType {
				if byType[typ] < min {
					t.Errorf("%s: %d turns, want at least %d", typ, byType[typ], min)
				}
			}
			n := float64(len(recs))
			if share := float64(byType["none"]) / n; share < tc.minNegShare {
				t.Errorf("negatives: share %.3f, want at least %.2f", share, tc.minNegShare)
			}
			if share := float64(len(recs)-langs["en"]) / n; share < tc.nonEnglish[0] || share > tc.nonEnglish[1] {
				t.Errorf("non-English share %.3f, want in [%.2f, %.2f]", share, tc.nonEnglish[0], tc.nonEnglish[1])
			}
			for lang := range turnsLanguages {
				if langs[lang] == 0 {
					t.Errorf("no turn in language %q", lang)
				}
			}
			if share := float64(noAsst) / n; share < tc.noAssistant[0] || share > tc.noAssistant[1] {
				t.Errorf("turns without an assistant message: share %.3f, want in [%.2f, %.2f]", share, tc.noAssistant[0], tc.noAssistant[1])
			}
		})
	}
}

// TestTurnsGoldDisjoint checks that the held-out set shares no id, no turn text
// and no assistant draft with the dev set.
func TestTurnsGoldDisjoint(t *testing.T) {
	dev := turnsLoad(t, turnsDevPath)
	ho := turnsLoad(t, turnsHeldoutPath)
	ids := map[string]bool{}
	texts := map[string]bool{}
	drafts := map[string]bool{}
	for _, r := range dev {
		ids[r.ID] = true
		texts[r.Turn] = true
		for _, m := range r.History {
			if m.Role == "assistant" {
				drafts[m.Content] = true
			}
		}
	}
	for _, r := range ho {
		if ids[r.ID] {
			t.Errorf("held-out id %q also in the dev set", r.ID)
		}
		if texts[r.Turn] {
			t.Errorf("held-out turn %q (%s) also in the dev set", r.Turn, r.ID)
		}
		for i, m := range r.History {
			if m.Role == "assistant" && drafts[m.Content] {
				t.Errorf("%s: history[%d] is an assistant message of the dev set", r.ID, i)
			}
		}
	}
}

// turnsShaLine finds the SHA-256 TURNS.md records for heldout/turns.jsonl: a
// 64-hex-digit string on a line that names the file.
var turnsShaLine = regexp.MustCompile(`(?i)\b([0-9a-f]{64})\b`)

// docSHA returns the SHA-256 doc records for the file name: a 64-hex-digit
// string on a line that names the file (one value, however often repeated).
func docSHA(doc, name string) (string, error) {
	var found []string
	for _, line := range strings.Split(doc, "\n") {
		if !strings.Contains(line, name) {
			continue
		}
		for _, m := range turnsShaLine.FindAllStringSubmatch(line, -1) {
			found = append(found, strings.ToLower(m[1]))
		}
	}
	if len(found) == 0 {
		return "", fmt.Errorf("no SHA-256 on a line naming %s", name)
	}
	for _, f := range found[1:] {
		if f != found[0] {
			return "", fmt.Errorf("several different SHA-256 values for %s: %v", name, found)
		}
	}
	return found[0], nil
}

// checkFrozen fails t unless the file at path is byte for byte the one
// whose SHA-256 the document at docPath records for name.
func checkFrozen(t *testing.T, docPath, path, name string) {
	t.Helper()
	doc, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatalf("read %s: %v", docPath, err)
	}
	want, err := docSHA(string(doc), name)
	if err != nil {
		t.Fatalf("%s: %v", docPath, err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); got != want {
		t.Fatalf("SHA-256 of %s is %s, %s records %s (the set is frozen: restore it rather than updating the hash)", path, got, docPath, want)
	}
}

// TestDocSHA checks how a frozen set's SHA-256 is read off its document,
// for the three frozen sets' file names.
func TestDocSHA(t *testing.T) {
	sha := strings.Repeat("ab", 32)
	tests := []struct {
		name, file, doc, want string
		wantErr               bool
	}{
		{"backticks", "heldout/turns.jsonl", "SHA-256 of `heldout/turns.jsonl`: `" + sha + "`\n", sha, false},
		{"upper case", "heldout/turns.jsonl", "heldout/turns.jsonl " + strings.ToUpper(sha), sha, false},
		{"other file only", "heldout/turns.jsonl", "turns.jsonl " + sha, "", true},
		{"missing", "heldout/turns.jsonl", "heldout/turns.jsonl is frozen", "", true},
		{"conflict", "heldout/turns.jsonl", "heldout/turns.jsonl " + sha + "\nheldout/turns.jsonl " + strings.Repeat("cd", 32), "", true},
		{"repeated", "heldout/turns.jsonl", "heldout/turns.jsonl " + sha + "\nagain heldout/turns.jsonl `" + sha + "`", sha, false},
		{"heldout2", heldout2Name, "SHA-256 of `heldout2/turns.jsonl`: `" + sha + "`\n", sha, false},
		{"heldout2, first set only", heldout2Name, "heldout/turns.jsonl " + sha, "", true},
		{"replies", "heldout/replies.jsonl", "x\n`heldout/replies.jsonl` SHA-256: " + sha + "\n", sha, false},
		{"replies, hash on another line", "heldout/replies.jsonl", "heldout/replies.jsonl\nSHA-256: " + sha + "\n", "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := docSHA(tc.doc, tc.file)
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tc.wantErr)
			}
			if got != tc.want {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestTurnsHeldoutFrozen checks that the held-out file is byte-for-byte the one
// whose SHA-256 TURNS.md records. If this fails, the held-out set was edited:
// restore it rather than updating the hash.
func TestTurnsHeldoutFrozen(t *testing.T) {
	checkFrozen(t, turnsDocPath, turnsHeldoutPath, "heldout/turns.jsonl")
}

// turnSet counts a turn set's mix, after checkTurnSet's per-record checks.
type turnSet struct {
	n, followUps, revisions, noAssistant int
	perType, langs                       map[string]int
}

// checkTurnSet runs the record checks on the set at path: every record
// valid, ids prefix-001, prefix-002, ... in file order, no turn text twice.
// It returns the set's counts.
func checkTurnSet(t *testing.T, path, prefix string) turnSet {
	t.Helper()
	recs := turnsLoad(t, path)
	s := turnSet{n: len(recs), perType: map[string]int{}, langs: map[string]int{}}
	texts := map[string]int{}
	for i, r := range recs {
		for _, p := range turnsRecordProblems(r) {
			t.Errorf("%s:%d (%s): %s", filepath.Base(path), r.line, r.ID, p)
		}
		if want := fmt.Sprintf("%s-%03d", prefix, i+1); r.ID != want {
			t.Errorf("line %d: id %q, want %q", r.line, r.ID, want)
		}
		if prev, ok := texts[r.Turn]; ok {
			t.Errorf("line %d: same turn text as line %d", r.line, prev)
		}
		texts[r.Turn] = r.line
		s.perType[r.turnsTypeName()]++
		s.langs[r.Language]++
		if r.turnsHasAssistant() {
			s.followUps++
			if r.IsRevision {
				s.revisions++
			}
		} else {
			s.noAssistant++
		}
	}
	return s
}

// checkRealisticMix checks the mix a set written to look like real
// follow-ups promises: 40-60% not in English, revisions 15-30% of the
// follow-ups, 2-8% of turns before any assistant message, at least minLang
// turns in each language and minType of each type.
func checkRealisticMix(t *testing.T, s turnSet, minLang, minType int) {
	t.Helper()
	if s.n == 0 {
		return
	}
	if share := float64(s.n-s.langs["en"]) / float64(s.n); share < 0.4 || share > 0.6 {
		t.Errorf("non-English share %.2f, want 0.40..0.60", share)
	}
	if s.followUps > 0 {
		if share := float64(s.revisions) / float64(s.followUps); share < 0.15 || share > 0.30 {
			t.Errorf("revision share among follow-ups %.2f, want 0.15..0.30", share)
		}
	}
	if share := float64(s.noAssistant) / float64(s.n); share < 0.02 || share > 0.08 {
		t.Errorf("turns without an assistant message: share %.3f, want 0.02..0.08", share)
	}
	for lang := range turnsLanguages {
		if s.langs[lang] < minLang {
			t.Errorf("%d turns in %q, want at least %d", s.langs[lang], lang, minLang)
		}
	}
	for typ := range turnsTypes {
		if s.perType[typ] < minType {
			t.Errorf("%d %s turns, want at least %d", s.perType[typ], typ, minType)
		}
	}
}
