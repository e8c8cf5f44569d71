package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// doer is the go-openai HTTPDoer. go-openai has no retries, hides response
// headers on errors and drops "temperature": 0 (omitempty), so this layer
//
//   - rewrites every JSON request body to carry the configured temperature
//     (0 included);
//   - retries 429, 5xx and network errors with exponential backoff and full
//     jitter, honouring Retry-After (delta-seconds or an HTTP date), within
//     MaxAttempts and the per-call time budget;
//   - bounds each attempt by AttemptTimeout;
//   - counts attempts and tracks requests in flight.
type doer struct {
	hc          *http.Client
	temperature float32
	maxAttempts int
	baseDelay   time.Duration
	maxDelay    time.Duration
	attemptTO   time.Duration
	sleep       func(ctx context.Context, d time.Duration) error
	now         func() time.Time
	jitter      func(d time.Duration) time.Duration

	attempts atomic.Int64
	retries  atomic.Int64
}

// retryableStatus: rate limits, timeouts and server errors.
func retryableStatus(code int) bool {
	return code == http.StatusTooManyRequests || code == http.StatusRequestTimeout || code >= 500
}

func (d *doer) Do(req *http.Request) (*http.Response, error) {
	body, err := readBody(req)
	if err != nil {
		return nil, err
	}
	if body != nil && strings.HasPrefix(req.Header.Get("Content-Type"), "application/json") {
		if nb, err := setTemperature(body, d.temperature); err == nil {
			body = nb
		}
	}
	ctx := req.Context()
	var lastErr error
	for attempt := 1; ; attempt++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		d.attempts.Add(1)
		resp, err := d.once(ctx, req, body)
		var wait time.Duration
		switch {
		case err != nil:
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			lastErr = err
		case retryableStatus(resp.StatusCode):
			wait, _ = retryAfter(resp.Header.Get("Retry-After"), d.now())
			lastErr = fmt.Errorf("HTTP %d", resp.StatusCode)
			if attempt >= d.maxAttempts {
				return resp, nil // let go-openai turn it into an APIError
			}
			_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<20))
			resp.Body.Close()
		default:
			return resp, nil
		}
		if attempt >= d.maxAttempts {
			return nil, fmt.Errorf("%w after %d attempts: %v", ErrRetriesExhausted, attempt, lastErr)
		}
		if wait <= 0 {
			wait = d.backoff(attempt)
		}
		if wait > d.maxDelay {
			wait = d.maxDelay
		}
		if dl, ok := ctx.Deadline(); ok && wait > time.Until(dl) {
			return nil, fmt.Errorf("%w: next retry in %v is past the call's time budget: %v", ErrRetriesExhausted, wait, lastErr)
		}
		d.retries.Add(1)
		if err := d.sleep(ctx, wait); err != nil {
			return nil, err
		}
	}
}

// ErrRetriesExhausted: the call failed after every allowed attempt.
var ErrRetriesExhausted = errors.New("llm: retries exhausted")

func (d *doer) once(ctx context.Context, req *http.Request, body []byte) (*http.Response, error) {
	actx, cancel := ctx, context.CancelFunc(func() {})
	if d.attemptTO > 0 {
		actx, cancel = context.WithTimeout(ctx, d.attemptTO)
	}
	r := req.Clone(actx)
	if body != nil {
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.ContentLength = int64(len(body))
		r.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
	}
	resp, err := d.hc.Do(r)
	if err != nil {
		cancel()
		return nil, err
	}
	// Read the body now so the attempt's timeout covers it and cancel can
	// run; replies are small.
	data, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	resp.Body.Close()
	cancel()
	if err != nil {
		return nil, err
	}
	resp.Body = io.NopCloser(bytes.NewReader(data))
	return resp, nil
}

func (d *doer) backoff(attempt int) time.Duration {
	b := d.baseDelay << (attempt - 1)
	if b <= 0 || b > d.maxDelay {
		b = d.maxDelay
	}
	return d.jitter(b)
}

func fullJitter(d time.Duration) time.Duration {
	if d <= 0 {
		return 0
	}
	// Half fixed, half random: never a zero wait, still spread out.
	return d/2 + rand.N(d/2+1)
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// retryAfter parses a Retry-After value: delta-seconds (fractions accepted,
// as some servers send them) or an HTTP date.
func retryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if f, err := strconv.ParseFloat(v, 64); err == nil {
		if f < 0 {
			return 0, false
		}
		return time.Duration(f * float64(time.Second)), true
	}
	if t, err := http.ParseTime(v); err == nil {
		d := t.Sub(now)
		if d < 0 {
			d = 0
		}
		return d, true
	}
	return 0, false
}

func readBody(req *http.Request) ([]byte, error) {
	if req.Body == nil || req.Body == http.NoBody {
		return nil, nil
	}
	defer req.Body.Close()
	return io.ReadAll(req.Body)
}

// setTemperature sets "temperature" in a JSON object body, keeping every
// other member as it is.
func setTemperature(body []byte, t float32) ([]byte, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, err
	}
	if _, chat := m["messages"]; !chat {
		return body, nil
	}
	m["temperature"] = json.RawMessage(strconv.FormatFloat(float64(t), 'f', -1, 32))
	return json.Marshal(m)
}
