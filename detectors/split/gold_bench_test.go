package split

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"
)

// BenchmarkSplitGold splits every reply of the dev gold set (a mix of
// messages, documents, code and narration in ten languages).
func BenchmarkSplitGold(b *testing.B) {
	f, err := os.Open("../../testdata/gold/replies.jsonl")
	if err != nil {
		b.Skip(err)
	}
	defer f.Close()
	var replies []string
	size := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var r struct {
			Reply string `json:"reply"`
		}
		if json.Unmarshal(sc.Bytes(), &r) == nil {
			replies = append(replies, r.Reply)
			size += len(r.Reply)
		}
	}
	for _, r := range replies {
		Split(r) // build the lazily compiled prefilters outside the timing
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, r := range replies {
			Split(r)
		}
	}
}
