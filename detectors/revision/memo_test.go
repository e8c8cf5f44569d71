package revision

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/revtrace/revtrace/corpora"
	"github.com/revtrace/revtrace/detectors/screen"
)

// memoConversations returns conversations for the memo tests: synthetic
// ones of the generator, long ones made by joining several of them (real
// logs run to dozens of messages), and the dev gold turns with their
// histories.
func memoConversations(t *testing.T) [][]corpora.Message {
	convs := benchConversations(400)
	var long [][]corpora.Message
	for i := 0; i+6 <= len(convs); i += 6 {
		var msgs []corpora.Message
		for _, c := range convs[i : i+6] {
			msgs = append(msgs, c...)
		}
		long = append(long, msgs)
	}
	convs = append(convs, long...)
	for _, g := range loadGold(t, "testdata/turns.jsonl") {
		var msgs []corpora.Message
		for _, m := range g.History {
			msgs = append(msgs, corpora.Message{Role: m.Role, Content: m.Content})
		}
		convs = append(convs, append(msgs, corpora.Message{Role: corpora.RoleUser, Content: g.Turn}))
	}
	return convs
}

// TestCheckMemoAgrees checks that a conversation's turns checked with one
// Memo, as the miner does, get exactly Check's verdicts.
func TestCheckMemoAgrees(t *testing.T) {
	c := New(nil)
	turns, revisions := 0, 0
	for _, msgs := range memoConversations(t) {
		var memo Memo
		for i, m := range msgs {
			if i == 0 || m.Role != corpora.RoleUser {
				continue
			}
			want := c.Check(msgs[:i], m.Content)
			if got := c.CheckMemo(&memo, msgs[:i], m.Content); got != want {
				t.Fatalf("turn %d %q: CheckMemo %+v, Check %+v", i, m.Content, got, want)
			}
			turns++
			if want.IsRevision {
				revisions++
			}
		}
	}
	if turns < 1000 || revisions < 100 {
		t.Errorf("%d turns, %d revisions: the test says little", turns, revisions)
	}
}

// TestMemoMisuse checks that a Memo passed another conversation, or an
// earlier turn of the same one, starts afresh instead of answering from
// what it held.
func TestMemoMisuse(t *testing.T) {
	c := New(nil)
	convs := memoConversations(t)
	var memo Memo // one for all, in an order the miner never uses
	checked := 0
	for k := len(convs) - 1; k >= 0; k-- {
		msgs := convs[k]
		for i := len(msgs) - 1; i > 0; i-- {
			if msgs[i].Role != corpora.RoleUser {
				continue
			}
			want := c.Check(msgs[:i], msgs[i].Content)
			if got := c.CheckMemo(&memo, msgs[:i], msgs[i].Content); got != want {
				t.Fatalf("conversation %d turn %d: CheckMemo %+v, Check %+v", k, i, got, want)
			}
			checked++
		}
	}
	if checked < 1000 {
		t.Errorf("only %d turns checked", checked)
	}
}

// TestShingleHashesOnText checks on the messages of the memo conversations
// (synthetic and gold, in nine languages) that eachShingleHash gives one
// hash per shingle text of the reference walk, in its order, and no two
// texts the same hash.
func TestShingleHashesOnText(t *testing.T) {
	hashes := newShingleHashes()
	for _, msgs := range memoConversations(t) {
		for _, m := range msgs {
			hashes.check(t, screen.Fold(m.Content))
		}
	}
	if len(hashes.hashOf) < 20000 {
		t.Errorf("only %d distinct shingles", len(hashes.hashOf))
	}
}

// tokHashesAsBefore checks that nextTokHash walks the tokens of s that
// nextTok does, each hashed as fnvString(tokWord(...)).
func tokHashesAsBefore(t *testing.T, s string) {
	t.Helper()
	for i, k := 0, 0; ; k++ {
		ts, te, cjk, curly, ok := nextTok(s, i, len(s))
		j, h, cjk2, ok2 := nextTokHash(s, i)
		if ok != ok2 {
			t.Fatalf("%q: token %d: nextTok found one %v, nextTokHash %v", s, k, ok, ok2)
		}
		if !ok {
			return
		}
		if want := fnvString(tokWord(s, ts, te, curly)); j != te || cjk != cjk2 || h != want {
			t.Fatalf("%q: token %d %q: nextTokHash gives end %d cjk %v hash %x, want %d %v %x", s, k, s[ts:te], j, cjk2, h, te, cjk, want)
		}
		i = te
	}
}

// TestTokHashAsNextTok checks nextTokHash against nextTok and fnvString on
// the memo conversations' messages, as they are and folded, and on edge
// cases of the apostrophe and hyphen rule, CJK and broken UTF-8.
func TestTokHashAsNextTok(t *testing.T) {
	cases := []string{"", "a", "don't", "don’t", "it’", "’s", "x-", "-x", "well-known", "a--b", "l’été",
		"naïve café", "e\u0301te", "日本語のテキスト", "abc日本", "日本abc", "\xff\xfeab\xc3", "a\xe2\x80", "under_score 42x",
		"ça’va’bien", "O'Reilly’s", "'quoted' – dash —", "Привет, мир", "한국어 텍스트"}
	for _, c := range cases {
		tokHashesAsBefore(t, c)
	}
	n := 0
	for _, msgs := range memoConversations(t) {
		for _, m := range msgs {
			tokHashesAsBefore(t, m.Content)
			tokHashesAsBefore(t, screen.Fold(m.Content))
			n++
		}
	}
	if n < 1000 {
		t.Errorf("only %d messages checked", n)
	}
}

func FuzzTokHash(f *testing.F) {
	for _, s := range []string{"don’t stop", "l’été-là", "日本語 abc", "\xff’x", "a-’b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { tokHashesAsBefore(t, s) })
}

// TestMemoNorm11 checks that the sent-again test with the memo's
// normalised texts answers as reaskOf11 along a conversation's turns,
// texts coming back included.
func TestMemoNorm11(t *testing.T) {
	texts := []string{"write a poem about the sea", "write a poem about the sea, in french", "Write a poem about the sea.",
		"make it shorter please", "write a poem about the sea", "  write a poem about the SEA in latin  ", "ok"}
	r := rand.New(rand.NewPCG(33, 34))
	m := &Memo{}
	prev := texts[0]
	for i := 0; i < 2000; i++ {
		turn := texts[r.IntN(len(texts))]
		if got, want := reaskNorm11(prev, turn, m.norm11), reaskOf11(prev, turn); got != want {
			t.Fatalf("reask of %q after %q: with the memo %+v, reaskOf11 %+v", turn, prev, got, want)
		}
		if got, want := m.norm11(turn), norm11Runes(turn); !slices.Equal(got, want) {
			t.Fatalf("norm11(%q) = %q, want %q", turn, string(got), string(want))
		}
		prev = turn
	}
}
