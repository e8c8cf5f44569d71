package realgold

import (
	"reflect"
	"strings"
	"testing"
)

// replyConvs is a small sample for the reply tools: c1 has two revision
// requests with replies (one empty reply skipped), c2 one request without a
// reply.
func replyConvs() []Conversation {
	return []Conversation{
		{ID: "c1", Messages: []Message{
			msg("user", "Write a note to Sam about the party. Mention the cake from Rosa."),
			msg("assistant", "Hi Sam, the party is on Friday. Rosa brings the cake."),
			msg("user", "take out the cake"),
			msg("assistant", " "),
			msg("assistant", "Sure, here is the note without the cake:\n\nHi Sam, the party is on Friday. See you there.\n\nI removed the cake from Rosa."),
			msg("user", "make it shorter"),
			msg("assistant", "Hi Sam, party Friday. Übermorgen! See you."),
		}},
		{ID: "c2", Messages: []Message{
			msg("user", "hello"),
			msg("assistant", "Hi."),
			msg("user", "say it again without the dot"),
		}},
	}
}

func revisionLabel(id, conv string, turn int, convs []Conversation) Label {
	typ := "withdraw"
	for _, c := range convs {
		if c.ID == conv {
			return Label{Pick: Pick{ID: id, ConversationID: conv, TurnIndex: turn, TurnSHA256: TurnSHA256(c.Messages[turn].Content)},
				IsRevision: true, RevisionType: &typ, Language: "en"}
		}
	}
	panic("no conversation " + conv)
}

func TestReplyIndexOf(t *testing.T) {
	msgs := replyConvs()[0].Messages
	for _, tc := range []struct{ turn, want int }{{0, 1}, {2, 4}, {5, 6}, {6, -1}} {
		if got := ReplyIndexOf(msgs, tc.turn); got != tc.want {
			t.Errorf("ReplyIndexOf(turn %d) = %d, want %d", tc.turn, got, tc.want)
		}
	}
	if got := ReplyIndexOf(replyConvs()[1].Messages, 2); got != -1 {
		t.Errorf("a last user turn has reply %d", got)
	}
}

func TestSelectReplies(t *testing.T) {
	convs := replyConvs()
	labels := []Label{
		revisionLabel("x-1", "c1", 5, convs),
		revisionLabel("x-2", "c2", 2, convs), // no reply: left out
		revisionLabel("x-3", "c1", 2, convs),
		{Pick: Pick{ID: "x-4", ConversationID: "c1", TurnIndex: 0, TurnSHA256: TurnSHA256(convs[0].Messages[0].Content)}, Language: "en"}, // not a revision
	}
	all, err := SelectReplies(convs, labels, 7, 0, "rt")
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 2 {
		t.Fatalf("%d replies drawn, want the 2 revision requests with a reply: %+v", len(all), all)
	}
	from := map[string]ReplyPick{}
	for i, p := range all {
		if want := "rt-00" + string(rune('1'+i)); p.ID != want {
			t.Errorf("pick %d has id %s, want %s", i, p.ID, want)
		}
		from[p.From] = p
	}
	if p := from["x-3"]; p.TurnIndex != 2 || p.ReplyIndex != 4 || p.ReplySHA256 != TurnSHA256(convs[0].Messages[4].Content) {
		t.Errorf("x-3's reply pick is %+v, want turn 2, reply 4 (the blank assistant message skipped)", p)
	}
	again, _ := SelectReplies(convs, labels, 7, 0, "rt")
	if !reflect.DeepEqual(all, again) {
		t.Error("the same seed drew differently")
	}
	one, err := SelectReplies(convs, labels, 7, 1, "rt")
	if err != nil || len(one) != 1 || one[0] != all[0] {
		t.Errorf("n=1 drew %+v (%v), want the first of the full draw", one, err)
	}
	if _, err := SelectReplies(convs, labels, 7, 3, "rt"); err == nil {
		t.Error("drawing more replies than there are gave no error")
	}
	bad := append([]Label(nil), labels...)
	bad[0].TurnSHA256 = strings.Repeat("0", 64)
	if _, err := SelectReplies(convs, bad, 7, 0, "rt"); err == nil || !strings.Contains(err.Error(), "x-1") {
		t.Errorf("a changed turn gave %v, want an error naming x-1", err)
	}
}

func TestPositionOf(t *testing.T) {
	reply := "Intro: " + strings.Repeat("x", 100) + " Outro."
	body := &Span{Start: 7, End: 107}
	for _, tc := range []struct {
		start int
		want  string
	}{{0, "preface"}, {7, "body_opening"}, {21, "body_opening"}, {22, "body_middle"}, {91, "body_middle"}, {92, "body_closing"}, {106, "body_closing"}, {107, "afterword"}} {
		if got := PositionOf(reply, body, tc.start); got != tc.want {
			t.Errorf("PositionOf(start %d) = %s, want %s", tc.start, got, tc.want)
		}
	}
	if got := PositionOf(reply, nil, 50); got != "preface" {
		t.Errorf("without a body PositionOf = %s, want preface", got)
	}
}

// locatedSet draws c1's two replies and labels them from quotes.
func locatedSet(t *testing.T) ([]Conversation, []ReplyPick, []ReplyLabel) {
	t.Helper()
	convs := replyConvs()
	picks, err := SelectReplies(convs, []Label{revisionLabel("x-3", "c1", 2, convs), revisionLabel("x-1", "c1", 5, convs)}, 1, 0, "rt")
	if err != nil {
		t.Fatal(err)
	}
	cake := "cake"
	var quoted []QuotedLabel
	for _, p := range picks {
		if p.TurnIndex == 2 {
			quoted = append(quoted, QuotedLabel{ID: p.ID, DeliverableType: "message", BodyFirst: "Hi Sam, the party", BodyLast: "See you there.", WithdrawnItem: &cake,
				Traces:   []QuotedTrace{{Sentence: "Sure, here is the note without the cake:", Level: "identifying"}, {Sentence: "I removed the cake from Rosa.", Level: "identifying"}},
				Language: "en", Note: "lead-in and afterword"})
		} else {
			quoted = append(quoted, QuotedLabel{ID: p.ID, DeliverableType: "message", BodyFirst: "Hi Sam, party Friday.", BodyLast: "See you.", Language: "en", Note: "plain negative: shorter"})
		}
	}
	labels, err := Locate(convs, picks, quoted)
	if err != nil {
		t.Fatal(err)
	}
	return convs, picks, labels
}

func TestLocateAndMaterialiseReplies(t *testing.T) {
	convs, picks, labels := locatedSet(t)
	replies, err := MaterialiseReplies(convs, labels)
	if err != nil {
		t.Fatal(err)
	}
	if len(replies) != len(picks) {
		t.Fatalf("%d replies for %d picks", len(replies), len(picks))
	}
	for i, g := range replies {
		l := labels[i]
		if string(g.ID) != l.ID || g.Reply != convs[0].Messages[l.ReplyIndex].Content || g.Request != convs[0].Messages[l.TurnIndex].Content {
			t.Errorf("reply %s is not its pick's request and reply", l.ID)
		}
		if len(g.History) != l.TurnIndex {
			t.Errorf("reply %s has %d history messages, want %d", l.ID, len(g.History), l.TurnIndex)
		}
		if l.TurnIndex != 2 {
			if g.Trace || len(g.Traces) != 0 || g.Body != "Hi Sam, party Friday. Übermorgen! See you." {
				t.Errorf("the negative materialised as %+v", g)
			}
			continue
		}
		if g.Body != "Hi Sam, the party is on Friday. See you there." || !g.Trace || g.WithdrawnItem != "cake" {
			t.Errorf("body %q, trace %v, item %q", g.Body, g.Trace, g.WithdrawnItem)
		}
		want := []string{"Sure, here is the note without the cake:", "preface", "I removed the cake from Rosa.", "afterword"}
		if len(g.Traces) != 2 || g.Traces[0].Sentence != want[0] || g.Traces[0].Position != want[1] || g.Traces[1].Sentence != want[2] || g.Traces[1].Position != want[3] {
			t.Errorf("traces %+v, want %q", g.Traces, want)
		}
	}
}

func TestLocateErrors(t *testing.T) {
	convs := replyConvs()
	picks, err := SelectReplies(convs, []Label{revisionLabel("x-3", "c1", 2, convs)}, 1, 0, "rt")
	if err != nil {
		t.Fatal(err)
	}
	good := QuotedLabel{ID: picks[0].ID, DeliverableType: "message", BodyFirst: "Hi Sam, the party", BodyLast: "See you there.", Language: "en"}
	for _, tc := range []struct {
		name string
		edit func(*QuotedLabel)
		want string
	}{
		{"body start repeats", func(q *QuotedLabel) { q.BodyFirst = "the" }, "occurs"},
		{"body end missing", func(q *QuotedLabel) { q.BodyLast = "Goodbye." }, "body_last"},
		{"no body quotes", func(q *QuotedLabel) { q.BodyFirst = "" }, "needs body_first"},
		{"trace not copied exactly", func(q *QuotedLabel) {
			q.Traces = []QuotedTrace{{Sentence: "I removed the cake from rosa.", Level: "identifying"}}
		}, "not in the reply"},
		{"traces out of order", func(q *QuotedLabel) {
			q.Traces = []QuotedTrace{{Sentence: "I removed the cake from Rosa.", Level: "identifying"}, {Sentence: "Sure, here is the note without the cake:", Level: "identifying"}}
		}, "after the trace before"},
		{"unknown level", func(q *QuotedLabel) {
			q.Traces = []QuotedTrace{{Sentence: "I removed the cake from Rosa.", Level: "high"}}
		}, "unknown level"},
		{"none with a body", func(q *QuotedLabel) { q.DeliverableType = "none" }, "exactly when"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := good
			tc.edit(&q)
			_, err := Locate(convs, picks, []QuotedLabel{q})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
	if _, err := Locate(convs, picks, nil); err == nil {
		t.Error("a pick without a quoted label gave no error")
	}
}

func TestMaterialiseRepliesErrors(t *testing.T) {
	convs, _, labels := locatedSet(t)
	var traced ReplyLabel
	for _, l := range labels {
		if l.Trace {
			traced = l
		}
	}
	other := "Bob"
	for _, tc := range []struct {
		name string
		edit func(*ReplyLabel)
		want string
	}{
		{"reply changed", func(l *ReplyLabel) { l.ReplySHA256 = strings.Repeat("a", 64) }, "reply_sha256 mismatch"},
		{"not the reply", func(l *ReplyLabel) { l.ReplyIndex, l.ReplySHA256 = 6, TurnSHA256(convs[0].Messages[6].Content) }, "not the reply"},
		{"position off", func(l *ReplyLabel) { l.Traces[1].Position = "body_closing" }, "its offset puts it in afterword"},
		{"span past the end", func(l *ReplyLabel) { l.Traces[1].End = 10000 }, "outside the reply"},
		{"white space edge", func(l *ReplyLabel) { l.Traces[0].End++ }, "white space"},
		{"crosses the body", func(l *ReplyLabel) { l.Traces[0].End = l.Body.Start + 5; l.Traces[0].Position = "preface" }, "body's edge"},
		{"item nowhere", func(l *ReplyLabel) { l.WithdrawnItem = &other }, "neither the request nor the previous draft"},
		{"body found earlier", func(l *ReplyLabel) {
			// "the" of "the party": the reply has a "the" before it
			l.Body.Start += len("Hi Sam, ")
			l.Body.End = l.Body.Start + len("the")
		}, "occurs before"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := traced
			l.Traces = append([]ReplyTrace(nil), traced.Traces...)
			b := *traced.Body
			l.Body = &b
			tc.edit(&l)
			_, err := MaterialiseReplies(convs, []ReplyLabel{l})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

func TestReadReplyLabels(t *testing.T) {
	_, _, labels := locatedSet(t)
	var b strings.Builder
	if err := WriteJSONL(&b, labels); err != nil {
		t.Fatal(err)
	}
	got, err := ReadReplyLabels(strings.NewReader(b.String()))
	if err != nil || !reflect.DeepEqual(got, labels) {
		t.Fatalf("read back %+v (%v), wrote %+v", got, err, labels)
	}
	first := strings.SplitN(b.String(), "\n", 2)[0]
	for _, tc := range []struct{ name, text, want string }{
		{"unknown field", strings.Replace(first, `"note"`, `"notes"`, 1), "unknown field"},
		{"same reply twice", first + "\n" + strings.Replace(first, `"id":"rt-`, `"id":"rt-9`, 1), "same reply"},
		{"same id twice", first + "\n" + first, "already used"},
		{"trace flag wrong", strings.Replace(first, `"trace":true`, `"trace":false`, 1) + strings.Replace(first, `"trace":false`, `"trace":true`, 1), "trace is"},
		{"bad language", strings.Replace(first, `"language":"en"`, `"language":"eng"`, 1), "ISO 639-1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := ReadReplyLabels(strings.NewReader(tc.text)); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

func TestSheet(t *testing.T) {
	convs, picks, _ := locatedSet(t)
	recs, err := Sheet(convs, picks)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range recs {
		p := picks[i]
		if r.ID != p.ID || r.Task != convs[0].Messages[0].Content || r.Request != convs[0].Messages[p.TurnIndex].Content || r.Reply != convs[0].Messages[p.ReplyIndex].Content {
			t.Errorf("sheet record %d is not its pick's texts: %+v", i, r)
		}
		if want := convs[0].Messages[1].Content; p.TurnIndex == 2 && r.Previous != want {
			t.Errorf("previous draft %q, want %q", r.Previous, want)
		}
	}
}

func FuzzReadReplyLabels(f *testing.F) {
	f.Add(`{"id":"rt-001","conversation_id":"c1","turn_index":2,"turn_sha256":"` + strings.Repeat("a", 64) + `","reply_index":4,"reply_sha256":"` + strings.Repeat("b", 64) +
		`","from":"x-3","deliverable_type":"message","body":{"start":42,"end":89},"withdrawn_item":"cake","trace":true,"traces":[{"start":0,"end":40,"position":"preface","level":"identifying"}],"language":"en","note":""}`)
	f.Add(`{"id":"rt-002"}` + "\n\n" + `[1,2]`)
	f.Fuzz(func(t *testing.T, s string) {
		labels, err := ReadReplyLabels(strings.NewReader(s))
		if err != nil {
			return
		}
		for _, l := range labels {
			if err := CheckReplyLabel(l); err != nil {
				t.Fatalf("ReadReplyLabels accepted a label CheckReplyLabel rejects: %v", err)
			}
		}
	})
}
