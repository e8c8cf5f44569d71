package llm

import (
	"context"
	"strconv"
	"sync"
	"testing"
	"time"
)

// BenchmarkThroughput: the target, against the fake server at
// 200 ms latency with concurrency 32 and no cache, is at least 90% of
// 32 / 0.2 s = 160 requests/s. It reports req/s and the ratio to the ideal.
func BenchmarkThroughput(b *testing.B) {
	const conc, latency, perIter = 32, 200 * time.Millisecond, 32 * 5
	f := newFake(b, func(n int, r fakeReq) fakeResp {
		return fakeResp{Delay: latency, Content: `{"quote":"","answer":"no"}`}
	})
	c, err := New(Config{BaseURL: f.srv.URL + "/v1", Model: "m", APIKey: "k", Concurrency: conc})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	start := time.Now()
	seq := 0
	for i := 0; i < b.N; i++ {
		var wg sync.WaitGroup
		work := make(chan string)
		for w := 0; w < conc*2; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for r := range work {
					if _, err := c.Trace(context.Background(), TraceInput{Reply: r}); err != nil {
						b.Error(err)
					}
				}
			}()
		}
		for k := 0; k < perIter; k++ {
			seq++
			work <- "Reply number " + strconv.Itoa(seq) + "."
		}
		close(work)
		wg.Wait()
	}
	el := time.Since(start).Seconds()
	rps := float64(b.N*perIter) / el
	b.ReportMetric(rps, "req/s")
	b.ReportMetric(rps/(conc/latency.Seconds()), "ratio")
}
