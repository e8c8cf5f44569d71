package revision

import (
	"testing"

	"github.com/revtrace/revtrace/corpora"
	"github.com/revtrace/revtrace/internal/fixturegen"
)

// benchConversations returns n synthetic conversations of the repo's
// generator (the mix of the benchmark corpora).
func benchConversations(n int) [][]corpora.Message {
	var out [][]corpora.Message
	for c := range fixturegen.Generate(1, n) {
		msgs := make([]corpora.Message, len(c.Messages))
		for i, m := range c.Messages {
			msgs[i] = corpora.Message{Role: m.Role, Content: m.Content}
		}
		out = append(out, msgs)
	}
	return out
}

// BenchmarkCheckCorpus runs Check on every user turn after the first of 300
// synthetic conversations, as the miner does.
func BenchmarkCheckCorpus(b *testing.B) {
	convs := benchConversations(300)
	c := New(nil)
	turns := 0
	for _, msgs := range convs {
		for _, m := range msgs {
			if m.Role == corpora.RoleUser {
				turns++
			}
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, msgs := range convs {
			first := true
			for i, m := range msgs {
				if m.Role != corpora.RoleUser {
					continue
				}
				if first {
					first = false
					continue
				}
				c.Check(msgs[:i], m.Content)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*turns), "ns/turn")
}

// BenchmarkCheckNonCandidate is the cost of a turn the screen does not
// select.
func BenchmarkCheckNonCandidate(b *testing.B) {
	history := []corpora.Message{
		{Role: corpora.RoleUser, Content: "Write a short note to the team about the launch."},
		{Role: corpora.RoleAssistant, Content: "Hi team,\n\nThe launch is on track for Monday. Thanks for all the work.\n\nBest,\nAlex"},
	}
	c := New(nil)
	b.ReportAllocs()
	for b.Loop() {
		c.Check(history, "Thanks, that looks good. What time is the meeting tomorrow?")
	}
}
