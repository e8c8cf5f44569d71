package trace

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/revtrace/revtrace/detectors/sentences"
)

// TestWildChatSample runs Analyze over the assistant replies of a real
// WildChat sample (OpenAI-messages JSONL, zstd) when REVTRACE_WILDCHAT names
// the file, e.g. /work/shared/real/wildchat-sample.jsonl.zst. It prints the
// counts and, with REVTRACE_WILDCHAT_VERBOSE=1, every hit and the sentences
// with removal words that did not fire, for reading by hand.
func TestWildChatSample(t *testing.T) {
	path := os.Getenv("REVTRACE_WILDCHAT")
	if path == "" {
		t.Skip("set REVTRACE_WILDCHAT to a WildChat sample (.jsonl.zst) to run")
	}
	verbose := os.Getenv("REVTRACE_WILDCHAT_VERBOSE") != ""
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := zstd.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 0, 1<<20), 64<<20)
	type msg struct{ Role, Content string }
	var rec struct {
		ID       string
		Messages []msg
	}
	words := regexp.MustCompile(`(?i)\b(removed|omitted|instead|left out|excluded|replaced|deleted|no longer|redacted)\b`)
	var convs, replies, traced, tracedBody, sentHits, wordSentences int
	rules := map[string]int{}
	levels := map[string]int{}
	for sc.Scan() {
		rec.Messages = nil
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		convs++
		users := 0
		for i, m := range rec.Messages {
			if m.Role == "user" {
				users++
			}
			if m.Role != "assistant" || i == 0 || rec.Messages[i-1].Role != "user" || users < 2 {
				continue
			}
			prev := ""
			for k := i - 2; k >= 0; k-- {
				if rec.Messages[k].Role == "assistant" {
					prev = rec.Messages[k].Content
					break
				}
			}
			replies++
			a := Analyze(Input{Reply: m.Content, Request: rec.Messages[i-1].Content, Previous: prev})
			if a.Trace {
				traced++
			}
			if a.TraceBody {
				tracedBody++
			}
			hitAt := map[int]bool{}
			for _, tr := range a.Traces {
				sentHits++
				rules[tr.Rule]++
				levels[tr.Level]++
				hitAt[tr.Start] = true
				if verbose {
					fmt.Printf("HIT %s %s/%s %s [%s] item=%q: %q\n", rec.ID[:8], tr.Position, tr.Level, tr.Rule, a.DeliverableType, a.WithdrawnItem, clip(tr.Sentence, 220))
				}
			}
			if verbose {
				for _, u := range debugUnits(m.Content) {
					s := m.Content[u.start:u.end]
					if !hitAt[u.start] && words.MatchString(s) {
						wordSentences++
						fmt.Printf("MISS %s: %q\n", rec.ID[:8], clip(s, 220))
					}
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	t.Logf("conversations %d, replies after a later user turn %d, traced %d (%.1f%%), traced in body %d, trace sentences %d, non-hit sentences with removal words %d",
		convs, replies, traced, 100*float64(traced)/float64(max(replies, 1)), tracedBody, sentHits, wordSentences)
	t.Logf("rules %v", rules)
	t.Logf("levels %v", levels)
}

func clip(s string, n int) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// debugUnits lists the prose sentences and comment sentences Scan reads.
func debugUnits(reply string) []unit {
	var out []unit
	lines, _ := layout(reply)
	var st commentState
	for li, l := range lines {
		switch l.kind {
		case lineProse:
			for _, sp := range sentences.Split(reply[l.start:l.end]) {
				out = append(out, unit{start: l.start + sp.Start, end: l.start + sp.End, line: li})
			}
		case lineCode:
			s := reply[l.start:l.end]
			if a, b, ok := commentSpan(s, &st); ok && a < b {
				for _, sp := range sentences.Split(s[a:b]) {
					out = append(out, unit{start: l.start + a + sp.Start, end: l.start + a + sp.End, line: li})
				}
			}
		case lineFence:
			st = commentState{}
		}
	}
	return out
}
