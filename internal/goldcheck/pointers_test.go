package goldcheck

// The checks shared by the labelled sets of real turns (real1,
// real-rejected): their files hold labels and pointers into the WildChat
// sample outside the repository, no text (internal/realgold materialises
// the turns), one line per turn in the same fields.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"slices"
	"testing"
)

// pointerKeys are the fields of a label line, in the order they are written.
var pointerKeys = []string{"id", "conversation_id", "turn_index", "turn_sha256", "is_revision", "revision_type", "language", "item", "note"}

var (
	pointerSHA  = regexp.MustCompile(`^[0-9a-f]{64}$`)
	pointerConv = regexp.MustCompile(`^[0-9a-f]{32}$`)
	pointerLang = regexp.MustCompile(`^[a-z]{2}$`)
)

// pointerLabel is one line of a pointer labels file.
type pointerLabel struct {
	ID             string  `json:"id"`
	ConversationID string  `json:"conversation_id"`
	TurnIndex      int     `json:"turn_index"`
	TurnSHA256     string  `json:"turn_sha256"`
	IsRevision     bool    `json:"is_revision"`
	RevisionType   *string `json:"revision_type"`
	Language       string  `json:"language"`
	Item           string  `json:"item"`
	Note           string  `json:"note"`
}

// pointerProblems decodes one line and returns what is wrong with it, its
// id aside (each set numbers its ids its own way): exactly the fields of
// pointerKeys, a 32-hex conversation id, a later user turn's index, a 64-hex
// turn_sha256, revision_type a known type exactly when is_revision is true,
// item empty unless the type is withdraw or replace, a two-letter language
// and a note. ok is false when the line does not decode.
func pointerProblems(line []byte) (l pointerLabel, probs []string, ok bool) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(line, &raw); err != nil {
		return l, []string{err.Error()}, false
	}
	for _, k := range pointerKeys {
		if _, ok := raw[k]; !ok {
			probs = append(probs, fmt.Sprintf("missing field %q", k))
		}
	}
	for k := range raw {
		if !slices.Contains(pointerKeys, k) {
			probs = append(probs, fmt.Sprintf("unexpected field %q", k))
		}
	}
	if err := json.Unmarshal(line, &l); err != nil {
		return l, append(probs, err.Error()), false
	}
	if !pointerConv.MatchString(l.ConversationID) {
		probs = append(probs, fmt.Sprintf("conversation_id %q is not 32 hex digits", l.ConversationID))
	}
	if l.TurnIndex < 2 {
		probs = append(probs, fmt.Sprintf("turn_index %d: a later user turn has index 2 or more", l.TurnIndex))
	}
	if !pointerSHA.MatchString(l.TurnSHA256) {
		probs = append(probs, fmt.Sprintf("turn_sha256 %q is not 64 lower-case hex digits", l.TurnSHA256))
	}
	if l.IsRevision != (l.RevisionType != nil) {
		probs = append(probs, "revision_type must be null exactly when is_revision is false")
	}
	typ := ""
	if l.RevisionType != nil {
		typ = *l.RevisionType
		if !turnsTypes[typ] {
			probs = append(probs, fmt.Sprintf("unknown revision_type %q", typ))
		}
	}
	if l.Item != "" && typ != "withdraw" && typ != "replace" {
		probs = append(probs, fmt.Sprintf("item %q on a turn that is not a withdrawal or replacement", l.Item))
	}
	if !pointerLang.MatchString(l.Language) {
		probs = append(probs, fmt.Sprintf("language %q is not an ISO 639-1 code", l.Language))
	}
	if l.Note == "" {
		probs = append(probs, "empty note")
	}
	return l, probs, true
}

// pointerLines reads a pointer labels file as its lines, failing the test
// when it cannot be read or does not end with a newline.
func pointerLines(t *testing.T, path string) [][]byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) == 0 || data[len(data)-1] != '\n' {
		t.Fatal("file must end with a newline")
	}
	return bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
}

// turnKey names the turn a label points at, for finding a turn labelled
// twice.
func turnKey(l pointerLabel) string { return fmt.Sprintf("%s#%d", l.ConversationID, l.TurnIndex) }

// pointerRecord returns a well-formed label line with the given id,
// revision_type (JSON: "null" or a quoted type), item and extra fields
// (appended as they are), for the record-check tests.
func pointerRecord(id, typ, item, extra string) []byte {
	sha := `"` + string(bytes.Repeat([]byte("a"), 64)) + `"`
	conv := `"` + string(bytes.Repeat([]byte("b"), 32)) + `"`
	return []byte(fmt.Sprintf(`{"id":%q,"conversation_id":%s,"turn_index":4,"turn_sha256":%s,"is_revision":%v,"revision_type":%s,"language":"en","item":%q,"note":"n"%s}`,
		id, conv, sha, typ != "null", typ, item, extra))
}
