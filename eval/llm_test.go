package eval

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestEachBounded: every index once, never more than workers at a time,
// and none handed out after the context is done.
func TestEachBounded(t *testing.T) {
	var inFlight, peak atomic.Int64
	seen := make([]atomic.Int64, 50)
	eachBounded(context.Background(), len(seen), 3, func(k int) {
		n := inFlight.Add(1)
		for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
		}
		time.Sleep(time.Millisecond)
		seen[k].Add(1)
		inFlight.Add(-1)
	})
	for k := range seen {
		if seen[k].Load() != 1 {
			t.Fatalf("index %d run %d times", k, seen[k].Load())
		}
	}
	if p := peak.Load(); p > 3 || p < 2 {
		t.Errorf("peak concurrency %d, want 2..3", p)
	}

	ctx, cancel := context.WithCancel(context.Background())
	var mu sync.Mutex
	ran := 0
	eachBounded(ctx, 1000, 2, func(k int) {
		mu.Lock()
		ran++
		if ran == 10 {
			cancel()
		}
		mu.Unlock()
	})
	if ran >= 1000 || ran < 10 {
		t.Errorf("%d of 1000 ran after a cancel at the 10th", ran)
	}
	eachBounded(context.Background(), 0, 4, func(int) { t.Fatal("called with n = 0") })
}
