package screen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
)

func sampleTurns(n int) []SampledTurn {
	out := make([]SampledTurn, n)
	for i := range out {
		out[i] = SampledTurn{Corpus: "wildchat", Source: fmt.Sprintf("f.parquet#row=%d", i/3), TurnIndex: 2 * (i % 3),
			ConversationID: fmt.Sprintf("c%d", i/3), Turn: fmt.Sprintf("turn %d", i)}
	}
	return out
}

func keys(ts []SampledTurn) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.Turn)
	}
	return out
}

// TestRejectedSampleOrderFree checks that the sample depends on the seed and
// the turns, not on the order they are offered in, nor on concurrency or
// sharding.
func TestRejectedSampleOrderFree(t *testing.T) {
	turns := sampleTurns(1000)
	a := NewRejectedSample(25, 7)
	for _, x := range turns {
		a.Offer(x)
	}
	want := fmt.Sprint(keys(a.Turns()))
	if len(a.Turns()) != 25 || a.Seen() != 1000 {
		t.Fatalf("got %d turns of %d seen, want 25 of 1000", len(a.Turns()), a.Seen())
	}

	shuffled := append([]SampledTurn(nil), turns...)
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	b := NewRejectedSample(25, 7)
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := w; i < len(shuffled); i += 4 {
				b.Offer(shuffled[i])
			}
		}(w)
	}
	wg.Wait()
	if got := fmt.Sprint(keys(b.Turns())); got != want {
		t.Errorf("concurrent, shuffled sample differs:\n%s\n%s", got, want)
	}

	s1, s2 := NewRejectedSample(25, 7), NewRejectedSample(25, 7)
	for i, x := range turns {
		if i%2 == 0 {
			s1.Offer(x)
		} else {
			s2.Offer(x)
		}
	}
	s1.Merge(s2)
	if got := fmt.Sprint(keys(s1.Turns())); got != want || s1.Seen() != 1000 {
		t.Errorf("merged shards differ (seen %d):\n%s\n%s", s1.Seen(), got, want)
	}

	c := NewRejectedSample(25, 8)
	for _, x := range turns {
		c.Offer(x)
	}
	if fmt.Sprint(keys(c.Turns())) == want {
		t.Error("another seed gives the same sample")
	}
}

func TestRejectedSampleSmall(t *testing.T) {
	s := NewRejectedSample(10, 1)
	for _, x := range sampleTurns(4) {
		s.Offer(x)
	}
	if len(s.Turns()) != 4 {
		t.Fatalf("got %d turns, want all 4", len(s.Turns()))
	}
	z := NewRejectedSample(0, 1)
	z.Offer(sampleTurns(1)[0])
	if len(z.Turns()) != 0 {
		t.Fatal("n=0 keeps turns")
	}
	var buf bytes.Buffer
	if err := s.WriteJSONL(&buf); err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(bytes.TrimSpace(buf.Bytes()), []byte("\n"))
	if len(lines) != 4 {
		t.Fatalf("%d lines, want 4", len(lines))
	}
	var rec map[string]any
	if err := json.Unmarshal(lines[0], &rec); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"corpus", "source", "turn_index", "turn", "is_revision", "revision_type", "note"} {
		if _, ok := rec[k]; !ok {
			t.Errorf("line has no %q: %s", k, lines[0])
		}
	}
	if rec["is_revision"] != nil {
		t.Errorf("is_revision = %v, want null for the labeller", rec["is_revision"])
	}
}
