package llm_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"

	"github.com/revtrace/revtrace/detectors/llm"
)

// Example shows how the miner calls the checks for one candidate turn and
// its reply, and fills the event's llm object and the summary's llm counts.
// The server here is a stand-in; in the CLI it is --llm-base-url.
func Example() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var content string
		switch b, _ := io.ReadAll(r.Body); {
		case strings.Contains(string(b), "candidate"):
			content = `{"is_revision_request":true,"primary_type":"withdraw","types":["withdraw"],"evidence_quote":"drop the phone number","item":"phone number","reason":"asks to remove it"}`
		default:
			content = `{"quote":"I removed the phone number.","answer":"yes"}`
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":%q}}]}`, content)
	}))
	defer srv.Close()
	dir, _ := os.MkdirTemp("", "revtrace-llm")
	defer os.RemoveAll(dir)

	c, err := llm.New(llm.Config{
		BaseURL:     srv.URL + "/v1",                       // --llm-base-url
		Model:       "my-model",                            // --llm-model
		Concurrency: 8,                                     // --llm-concurrency
		CachePath:   filepath.Join(dir, "llm-cache.jsonl"), // --cache (sensitive, mode 0600)
	})
	if err != nil {
		panic(err)
	}
	defer c.Close()
	ctx := context.Background()

	// Per candidate turn: history before it, and the turn.
	history := []llm.Message{{Role: "user", Content: "Write a note to Ann."}, {Role: "assistant", Content: "Hi Ann, call me at 555-1234."}}
	rev, err := c.Revision(ctx, llm.RevisionInput{History: history, Turn: "Please drop the phone number."})
	if err != nil && !errors.Is(err, llm.ErrDryRun) {
		fmt.Println("revision check failed:", err) // counted as unresolved; go on
	}
	// Per event (a revision with a reply): the trace check on the reply,
	// with the body span from the splitter.
	reply := "Hi Ann, see you soon.\n\nI removed the phone number."
	tr, _ := c.Trace(ctx, llm.TraceInput{Reply: reply, Body: &llm.Span{Start: 0, End: 21}})

	ev := llm.EventFields(&rev, &tr) // the event's "llm" object
	fmt.Println(rev.Label(), rev.Item, ev.Trace, *ev.TraceFull, *ev.TraceBody)

	// Summary: one Tally per corpus (and the total), fed per event with the
	// scanner's trace_full; calls and cached from the client's counters.
	var tally llm.Tally
	tally.AddEvent(false, &tr, &rev)
	st := c.Stats()
	s := tally.Summary(st.Calls, st.Reused())
	fmt.Println(s.Calls, s.Cached, s.Unresolved, s.TraceFull, s.TraceBody, *s.AgreementKappa)
	// Output:
	// withdraw phone number yes_verified true false
	// 2 0 0 1 0 0
}
