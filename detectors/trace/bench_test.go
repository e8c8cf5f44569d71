package trace

import (
	"strings"
	"testing"

	"github.com/revtrace/revtrace/internal/fixturegen"
)

// benchInputs returns an Input for every user turn after the first of n
// synthetic conversations of the repo's generator that has a reply: the
// reply, the request, the draft before it and the first user turn, as the
// miner passes them.
func benchInputs(n int) []Input {
	var out []Input
	for c := range fixturegen.Generate(1, n) {
		ms := c.Messages
		users, task := 0, ""
		for i, m := range ms {
			if m.Role != "user" {
				continue
			}
			users++
			if users == 1 {
				task = m.Content
				continue
			}
			reply, prev := "", ""
			for j := i + 1; j < len(ms) && ms[j].Role != "user"; j++ {
				if ms[j].Role == "assistant" && strings.TrimSpace(ms[j].Content) != "" {
					reply = ms[j].Content
					break
				}
			}
			for j := i - 1; j >= 0; j-- {
				if ms[j].Role == "assistant" && strings.TrimSpace(ms[j].Content) != "" {
					prev = ms[j].Content
					break
				}
			}
			if reply != "" {
				out = append(out, Input{Reply: reply, Request: m.Content, Previous: prev, Task: task})
			}
		}
	}
	return out
}

// BenchmarkAnalyzeCorpus runs Analyze on the replies of 300 synthetic
// conversations.
func BenchmarkAnalyzeCorpus(b *testing.B) {
	ins := benchInputs(300)
	b.ReportAllocs()
	for b.Loop() {
		for _, in := range ins {
			Analyze(in)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ins)), "ns/reply")
}
