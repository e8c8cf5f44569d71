package realgold

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// writeSample writes lines as a zstd-compressed sample file in a temporary
// directory and returns its path.
func writeSample(t *testing.T, lines ...string) string {
	t.Helper()
	var buf bytes.Buffer
	zw, err := zstd.NewWriter(&buf)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lines {
		zw.Write([]byte(l + "\n"))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "sample.jsonl.zst")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// jsonLine builds a sample line whose messages are a JSON array.
func jsonLine(t *testing.T, id string, msgs ...Message) string {
	t.Helper()
	b, err := json.Marshal(map[string]any{"id": id, "messages": msgs, "model": "m", "language": "English", "source": "test"})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func msg(role, content string) Message { return Message{Role: role, Content: content} }

// TestReadSample checks that a conversation's messages read as written,
// content with quotes, escapes and non-ASCII text included, a null content
// as "".
func TestReadSample(t *testing.T) {
	msgs := []Message{
		msg("user", "Hi, it's me.\nLine two with \"quotes\" and a back\\slash"),
		msg("assistant", "Sure — voilà 中文 😀\ttab"),
		msg("user", ""),
	}
	null := `{"id": "b", "messages": [{"role": "user", "content": "Hi, it's me.\nLine two with \"quotes\" and a back\\slash"}, ` +
		`{"role": "assistant", "content": "Sure — voilà 中文 \ud83d\ude00\ttab", "extra": 1}, {"role": "user", "content": null}], "language": null}`
	path := writeSample(t, jsonLine(t, "a", msgs...), "", null)
	convs, err := ReadSampleFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(convs) != 2 {
		t.Fatalf("%d conversations, want 2", len(convs))
	}
	for _, c := range convs {
		if !reflect.DeepEqual(c.Messages, msgs) {
			t.Errorf("%s: got %q, want %q", c.ID, c.Messages, msgs)
		}
	}
	if convs[0].Language != "English" || convs[1].Language != "" {
		t.Errorf("languages %q, %q; want \"English\", \"\"", convs[0].Language, convs[1].Language)
	}
}

func TestReadSampleErrors(t *testing.T) {
	tests := []struct{ name, line, wantErr string }{
		{"not JSON", `{"id": "x", `, "line 1"},
		{"no id", `{"messages": []}`, "missing id"},
		{"messages a number", `{"id": "x", "messages": 3}`, "not a JSON array"},
		{"messages a string", `{"id": "x", "messages": "[{'role': 'user', 'content': 'a'}]"}`, "not a JSON array"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadSample(strings.NewReader(tt.line + "\n"))
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ReadSample(%s): error %v, want one containing %q", tt.line, err, tt.wantErr)
			}
		})
	}
	_, err := ReadSample(strings.NewReader(`{"id":"x","messages":[]}` + "\n" + `{"id":"x","messages":[]}` + "\n"))
	if err == nil || !strings.Contains(err.Error(), "already used on line 1") {
		t.Errorf("duplicate id: error %v", err)
	}
}

func TestIsLaterUserTurn(t *testing.T) {
	conv := []Message{
		msg("user", "first"),            // 0: first user message
		msg("user", "second, no reply"), // 1: no assistant yet
		msg("assistant", "  \n"),        // 2: blank assistant
		msg("user", "third"),            // 3: still no non-blank assistant
		msg("assistant", "draft"),       // 4
		msg("user", "fix it"),           // 5: later user turn
		msg("user", " \t "),             // 6: blank turn
		msg("system", "note"),           // 7
		msg("USER", "again"),            // 8: later user turn, role in capitals
		msg("assistant", "reply"),       // 9: not a user message
	}
	want := map[int]bool{5: true, 8: true}
	for i := range conv {
		if got := IsLaterUserTurn(conv, i); got != want[i] {
			t.Errorf("IsLaterUserTurn(conv, %d) = %v, want %v", i, got, want[i])
		}
	}
	if IsLaterUserTurn(conv, -1) || IsLaterUserTurn(conv, len(conv)) {
		t.Error("out-of-range index reported as a later user turn")
	}
	// An assistant message first does not make the first user message a
	// later turn.
	if IsLaterUserTurn([]Message{msg("assistant", "Hello!"), msg("user", "hi")}, 1) {
		t.Error("first user message after a greeting counted")
	}
}

// syntheticSample returns a sample with 3 conversations and 6 later user
// turns: c1 messages 2 and 4, c2 messages 3 and 5, c3 messages 2 and 4.
func syntheticSample(t *testing.T) string {
	t.Helper()
	return writeSample(t,
		jsonLine(t, "c2", msg("user", "q"), msg("assistant", ""), msg("user", "not a later turn yet"),
			msg("assistant", "a"), msg("user", "c2 four"), msg("assistant", "b"), msg("user", "c2 six")),
		jsonLine(t, "c1", msg("user", "q"), msg("assistant", "draft"), msg("user", "make it shorter"),
			msg("assistant", "short"), msg("user", "now drop the 'PS'"), msg("user", "   ")),
		jsonLine(t, "c3", msg("user", "q"), msg("assistant", "x"), msg("user", "c3 three"),
			msg("assistant", "y"), msg("user", "c3 five")),
	)
}

func TestCandidates(t *testing.T) {
	convs, err := ReadSampleFile(syntheticSample(t))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range Candidates(convs) {
		got = append(got, p.ConversationID+":"+string(rune('0'+p.TurnIndex)))
	}
	want := []string{"c1:2", "c1:4", "c2:4", "c2:6", "c3:2", "c3:4"}
	if !slices.Equal(got, want) {
		t.Errorf("candidates %v, want %v (sorted by conversation id, then index)", got, want)
	}
}

func TestSelect(t *testing.T) {
	convs, err := ReadSampleFile(syntheticSample(t))
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]Conversation{}
	for _, c := range convs {
		byID[c.ID] = c
	}
	a, err := Select(convs, 1, 4, "t")
	if err != nil {
		t.Fatal(err)
	}
	// Deterministic: the same seed gives the same picks, also when the
	// sample's lines come in another order.
	rev := slices.Clone(convs)
	slices.Reverse(rev)
	b, err := Select(rev, 1, 4, "t")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Errorf("Select is not deterministic:\n%v\n%v", a, b)
	}
	seen := map[[2]any]bool{}
	for i, p := range a {
		if want := "t-00" + string(rune('1'+i)); p.ID != want {
			t.Errorf("pick %d has id %q, want %q", i, p.ID, want)
		}
		c := byID[p.ConversationID]
		if !IsLaterUserTurn(c.Messages, p.TurnIndex) {
			t.Errorf("%s: message %d of %s is not a later user turn", p.ID, p.TurnIndex, p.ConversationID)
		}
		if p.TurnSHA256 != TurnSHA256(c.Messages[p.TurnIndex].Content) {
			t.Errorf("%s: wrong turn_sha256", p.ID)
		}
		k := [2]any{p.ConversationID, p.TurnIndex}
		if seen[k] {
			t.Errorf("%s: turn picked twice", p.ID)
		}
		seen[k] = true
	}
	// All candidates, in some order; another seed gives another order of
	// the 6! possibilities for at least one of a few seeds.
	all1, _ := Select(convs, 1, 6, "t")
	differs := false
	for seed := uint64(2); seed < 6; seed++ {
		other, _ := Select(convs, seed, 6, "t")
		if !reflect.DeepEqual(all1, other) {
			differs = true
		}
	}
	if !differs {
		t.Error("seeds 1..5 all give the same order")
	}
	if _, err := Select(convs, 1, 7, "t"); err == nil {
		t.Error("asking for more turns than candidates did not fail")
	}
}

func TestSelectExcluding(t *testing.T) {
	convs, err := ReadSampleFile(syntheticSample(t))
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := Select(convs, 3, 6, "t")
	none, err := SelectExcluding(convs, 3, 6, "t", map[string]bool{})
	if err != nil || !reflect.DeepEqual(plain, none) {
		t.Errorf("an empty exclusion changed the draw: %v, %v", none, err)
	}
	// Leave out c1 and c3 through a picks file, as the command does.
	path := filepath.Join(t.TempDir(), "before.jsonl")
	before := `{"id":"x-1","conversation_id":"c1","turn_index":2}` + "\n\n" +
		`{"id":"x-2","conversation_id":"c3","turn_index":4,"is_revision":false}` + "\n"
	if err := os.WriteFile(path, []byte(before), 0o644); err != nil {
		t.Fatal(err)
	}
	skip := map[string]bool{}
	if err := ConversationIDs(path, skip); err != nil {
		t.Fatal(err)
	}
	if len(skip) != 2 || !skip["c1"] || !skip["c3"] {
		t.Fatalf("ConversationIDs read %v, want c1 and c3", skip)
	}
	got, err := SelectExcluding(convs, 3, 2, "t", skip)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range got {
		if p.ConversationID != "c2" {
			t.Errorf("%s comes from excluded conversation %s", p.ID, p.ConversationID)
		}
	}
	if _, err := SelectExcluding(convs, 3, 3, "t", skip); err == nil {
		t.Error("asking for more turns than the kept conversations hold did not fail")
	}
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	os.WriteFile(bad, []byte(`{"id":"x"}`+"\n"), 0o644)
	if err := ConversationIDs(bad, skip); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("a record without conversation_id gave %v, want an error naming line 1", err)
	}
}

func TestSelectWithin(t *testing.T) {
	convs, err := ReadSampleFile(syntheticSample(t))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "taken.jsonl")
	if err := os.WriteFile(path, []byte(`{"id":"d-1","conversation_id":"c1","turn_index":2}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	taken := map[TurnKey]bool{}
	if err := TurnKeys(path, taken); err != nil {
		t.Fatal(err)
	}
	// Within c1 and c3, c1's message 2 taken: three turns are left.
	within := map[string]bool{"c1": true, "c3": true}
	got, err := SelectWithin(convs, 5, 3, "w", within, taken)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, p := range got {
		keys = append(keys, fmt.Sprintf("%s:%d", p.ConversationID, p.TurnIndex))
	}
	slices.Sort(keys)
	if want := []string{"c1:4", "c3:2", "c3:4"}; !slices.Equal(keys, want) {
		t.Errorf("drew %v, want %v", keys, want)
	}
	if got[0].ID != "w-001" {
		t.Errorf("first id %q, want w-001", got[0].ID)
	}
	again, _ := SelectWithin(convs, 5, 3, "w", within, taken)
	if !reflect.DeepEqual(got, again) {
		t.Error("the same seed drew a different selection")
	}
	if _, err := SelectWithin(convs, 5, 4, "w", within, taken); err == nil {
		t.Error("asking for more turns than are left did not fail")
	}
}

func TestTakeASCIITurns(t *testing.T) {
	msg := func(role, content string) Message { return Message{Role: role, Content: content} }
	convs := []Conversation{{ID: "c1", Messages: []Message{
		msg("user", "write a poem"),
		msg("assistant", "Here it is."),
		msg("user", "make it shorter"), // ASCII only: taken
		msg("assistant", "Shorter."),
		msg("user", "换一个标题"), // Han: kept
		msg("assistant", "好的"),
		msg("user", "plus court, merci"), // no accented letter: taken
		msg("assistant", "D'accord."),
		msg("user", "réécris-le"), // accented letter: kept
		msg("assistant", "Voilà."),
		msg("user", "ok → next “step” 👍"), // arrow, curly quotes and emoji are not letters: taken
	}}}
	taken := map[TurnKey]bool{}
	TakeASCIITurns(convs, taken)
	want := map[TurnKey]bool{{"c1", 2}: true, {"c1", 6}: true, {"c1", 10}: true}
	if !reflect.DeepEqual(taken, want) {
		t.Errorf("taken %v, want %v (the first user message is never a candidate)", taken, want)
	}
	got, err := SelectWithin(convs, 1, 2, "n", map[string]bool{"c1": true}, taken)
	if err != nil {
		t.Fatal(err)
	}
	var idx []int
	for _, p := range got {
		idx = append(idx, p.TurnIndex)
	}
	slices.Sort(idx)
	if !slices.Equal(idx, []int{4, 8}) {
		t.Errorf("drew turns %v, want [4 8]", idx)
	}
}

func TestTakeTurnsOutsideFamilies(t *testing.T) {
	msg := func(role, content string) Message { return Message{Role: role, Content: content} }
	convs := []Conversation{{ID: "c1", Messages: []Message{
		msg("user", "write a cover letter"),
		msg("assistant", "Dear Ms. Alvarez, ..."),
		msg("user", "remove the salary line"), // withdraw cue: kept
		msg("assistant", "Done."),
		msg("user", "make it shorter"), // reformat only: taken
		msg("assistant", "Shorter."),
		msg("user", "use Bob instead of Alice and make it shorter"), // a replace cue among others: kept
		msg("assistant", "Updated."),
		msg("user", "thanks!"), // no cue: taken
	}}}
	taken := map[TurnKey]bool{}
	TakeTurnsOutsideFamilies(convs, []string{"withdraw", "replace"}, taken)
	want := map[TurnKey]bool{{"c1", 4}: true, {"c1", 8}: true}
	if !reflect.DeepEqual(taken, want) {
		t.Errorf("taken %v, want %v", taken, want)
	}
}

func strPtr(s string) *string { return &s }

func TestMaterialise(t *testing.T) {
	convs, err := ReadSampleFile(syntheticSample(t))
	if err != nil {
		t.Fatal(err)
	}
	c1 := convs[1]
	if c1.ID != "c1" {
		t.Fatalf("unexpected order: %s", c1.ID)
	}
	good := Label{
		Pick:       Pick{ID: "t-001", ConversationID: "c1", TurnIndex: 4, TurnSHA256: TurnSHA256("now drop the 'PS'")},
		IsRevision: true, RevisionType: strPtr("withdraw"), Language: "en", Item: "the 'PS'", Note: "drop",
	}
	neg := Label{Pick: Pick{ID: "t-002", ConversationID: "c3", TurnIndex: 2, TurnSHA256: TurnSHA256("c3 three")}, Language: "en"}
	got, err := Materialise(convs, []Label{good, neg})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("%d turns, want 2", len(got))
	}
	g := got[0]
	if g.ID != "t-001" || g.Turn != "now drop the 'PS'" || !g.IsRevision || *g.RevisionType != "withdraw" || g.Item != "the 'PS'" || g.Language != "en" || g.Note != "drop" {
		t.Errorf("record %+v", g)
	}
	if !reflect.DeepEqual(g.History, c1.Messages[:4]) {
		t.Errorf("history %q, want %q", g.History, c1.Messages[:4])
	}
	if got[1].RevisionType != nil || len(got[1].History) != 2 {
		t.Errorf("negative record %+v", got[1])
	}
	// The written line uses the TurnGold field names, null for a negative.
	var buf bytes.Buffer
	if err := WriteJSONL(&buf, got); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[1], `{"id":"t-002","history":[`) || !strings.Contains(lines[1], `"revision_type":null,"language":"en","item":"","note":""}`) {
		t.Errorf("written lines:\n%s", buf.String())
	}
	var back []GoldTurn
	for _, l := range lines {
		var r GoldTurn
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		back = append(back, r)
	}
	if !reflect.DeepEqual(back, got) {
		t.Error("written turns do not read back equal")
	}

	failures := []struct {
		name    string
		edit    func(*Label)
		wantErr string
	}{
		{"hash mismatch", func(l *Label) { l.TurnSHA256 = TurnSHA256("something else") }, "label t-001: turn_sha256 mismatch"},
		{"missing conversation", func(l *Label) { l.ConversationID = "nope" }, "label t-001: conversation nope is not in the sample"},
		{"index out of range", func(l *Label) { l.TurnIndex = 9 }, "label t-001: conversation c1 has 6 messages"},
		{"not a later user turn", func(l *Label) { l.TurnIndex = 3; l.TurnSHA256 = TurnSHA256("short") }, "label t-001: message 3 of conversation c1 is not a later user turn"},
		{"item not in the turn", func(l *Label) { l.Item = "the signature" }, "label t-001: item"},
	}
	for _, f := range failures {
		t.Run(f.name, func(t *testing.T) {
			l := good
			f.edit(&l)
			_, err := Materialise(convs, []Label{neg, l})
			if err == nil || !strings.Contains(err.Error(), f.wantErr) {
				t.Errorf("error %v, want one containing %q", err, f.wantErr)
			}
		})
	}
}

func TestReadLabels(t *testing.T) {
	sha := strings.Repeat("ab", 32)
	line := func(fields string) string {
		return `{"id":"r-001","conversation_id":"c","turn_index":2,"turn_sha256":"` + sha + `",` + fields + "}\n"
	}
	ok := line(`"is_revision":true,"revision_type":"replace","language":"en","item":"Monday","note":"swap"`)
	ls, err := ReadLabels(strings.NewReader(ok + "\n"))
	if err != nil || len(ls) != 1 || ls[0].Item != "Monday" || *ls[0].RevisionType != "replace" || ls[0].TurnIndex != 2 {
		t.Fatalf("ReadLabels: %+v, %v", ls, err)
	}
	tests := []struct{ name, input, wantErr string }{
		{"revision without type", line(`"is_revision":true,"revision_type":null,"language":"en","item":"","note":""`), "is_revision true but revision_type is null"},
		{"type without revision", line(`"is_revision":false,"revision_type":"other","language":"en","item":"","note":""`), "is_revision false"},
		{"unknown type", line(`"is_revision":true,"revision_type":"rewrite","language":"en","item":"","note":""`), "unknown revision_type"},
		{"item on a correction", line(`"is_revision":true,"revision_type":"correct","language":"en","item":"x","note":""`), "not a withdrawal or replacement"},
		{"bad language", line(`"is_revision":false,"revision_type":null,"language":"English","item":"","note":""`), "ISO 639-1"},
		{"unknown field", line(`"is_revision":false,"revision_type":null,"language":"en","item":"","note":"","turn":"x"`), "unknown field"},
		{"short hash", strings.Replace(ok, sha, "abc", 1), "64 lower-case hex"},
		{"duplicate id", ok + strings.Replace(ok, `"turn_index":2`, `"turn_index":3`, 1), "label id r-001 already used on line 1"},
		{"same turn twice", ok + strings.Replace(ok, "r-001", "r-002", 1), "same turn as label r-001"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadLabels(strings.NewReader(tt.input))
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("error %v, want one containing %q", err, tt.wantErr)
			}
		})
	}
}
