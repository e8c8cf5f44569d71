package reports

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/revtrace/revtrace/miner"
)

// maxListed bounds each list of cases in the reports; the rest are counted
// and left to cases.jsonl and events.jsonl.
const maxListed = 200

// linkedOnly is a traced event whose linked artifact does not hold the
// trace: the trace is one click away, behind the share URL. No text of the
// conversation is kept, only where the trace sits.
type linkedOnly struct {
	Corpus, ConversationID string
	UserTurn               int
	Kind, URL, Repo        string
	Positions, Levels      string
}

// caseStats are the linked repository cases of a run (DevGPT).
type caseStats struct {
	haveCases bool
	cases     []miner.Case // from cases.jsonl, as written (redacted there with --redact)
	nCases    int
	// traced events with links, and (event, link) pairs by kind
	tracedLinked int
	linkPairs    map[string]int // link kind -> traced (event, link) pairs
	inArtifact   map[string]int // link kind -> of them with the trace in the artifact
	linkedOnly   []linkedOnly
	nLinkedOnly  int
}

func newCaseStats() *caseStats {
	return &caseStats{linkPairs: map[string]int{}, inArtifact: map[string]int{}}
}

// event records the links of a traced event.
func (cs *caseStats) event(e *eventLine) {
	if !e.TraceFull || len(e.Links) == 0 {
		return
	}
	cs.tracedLinked++
	for _, l := range e.Links {
		cs.linkPairs[l.Kind]++
		if l.TraceInArtifact {
			cs.inArtifact[l.Kind]++
			continue
		}
		cs.nLinkedOnly++
		if len(cs.linkedOnly) < maxListed {
			var pos, lv []string
			for _, t := range e.Traces {
				pos = append(pos, t.Position)
				lv = append(lv, t.Level)
			}
			cs.linkedOnly = append(cs.linkedOnly, linkedOnly{Corpus: e.Corpus, ConversationID: e.ConversationID,
				UserTurn: e.UserTurn, Kind: l.Kind, URL: l.URL, Repo: l.Repo,
				Positions: strings.Join(pos, ", "), Levels: strings.Join(lv, ", ")})
		}
	}
}

// readCases reads dir/cases.jsonl, keeping the first maxListed lines.
func (cs *caseStats) readCases(dir string) error {
	f, err := os.Open(filepath.Join(dir, "cases.jsonl"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	cs.haveCases = true
	br := bufio.NewReaderSize(f, 1<<16)
	for n := 1; ; n++ {
		line, err := br.ReadBytes('\n')
		if len(strings.TrimSpace(string(line))) > 0 {
			var c miner.Case
			if jerr := json.Unmarshal(line, &c); jerr != nil {
				return fmt.Errorf("cases.jsonl line %d: %w", n, jerr)
			}
			cs.nCases++
			if len(cs.cases) < maxListed {
				cs.cases = append(cs.cases, c)
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// show reports whether the run has anything for the cases section.
func (cs *caseStats) show(s *miner.Summary) bool {
	if cs == nil {
		return false
	}
	_, devgpt := s.Corpora["devgpt"]
	return devgpt || cs.nCases > 0 || cs.tracedLinked > 0
}

// caseTables renders the cases section as tables (for Markdown and HTML).
func (cs *caseStats) caseTables() []Table {
	kinds := []string{"commit", "pull_request", "issue", "discussion", "file", "hn"}
	seen := map[string]bool{}
	for _, k := range kinds {
		seen[k] = true
	}
	for k := range cs.linkPairs { // kinds beyond the known ones, sorted
		if !seen[k] {
			kinds = append(kinds, k)
		}
	}
	sortTail(kinds, 6)
	sum := Table{ID: "cases_by_link", Title: "Traced events by linked source",
		Note:   strconv.Itoa(cs.tracedLinked) + " traced events have at least one linked public artifact. Every DevGPT source links its conversation (its text holds the share URL); \"trace in the artifact\" means the artifact's public text itself holds a trace sentence or the whole reply (whitespace-collapsed, case-insensitive).",
		Header: []string{"link kind", "traced (event, link) pairs", "trace in the artifact", "linked only"}}
	for _, k := range kinds {
		if cs.linkPairs[k] == 0 && k != "commit" {
			continue
		}
		sum.Rows = append(sum.Rows, []string{k, num(cs.linkPairs[k]), num(cs.inArtifact[k]), num(cs.linkPairs[k] - cs.inArtifact[k])})
	}

	in := Table{ID: "cases", Title: "Traces that reached a public repository (cases.jsonl)",
		Note:   listedNote(len(cs.cases), cs.nCases, "cases.jsonl") + " The sentence is printed as cases.jsonl holds it: a run with --redact wrote it redacted there, and the report prints nothing else of the conversation.",
		Header: []string{"link kind", "repository", "property", "match", "user turn", "trace sentence", "artifact", "conversation"}}
	for _, c := range cs.cases {
		in.Rows = append(in.Rows, []string{c.LinkKind, c.Repo, c.Property, c.Match, num(c.UserTurn), c.Sentence, c.URL, c.ConversationID})
	}
	if !cs.haveCases {
		in.Note = "No cases.jsonl in this output directory."
	}

	lo := Table{ID: "linked_only", Title: "Traced conversations linked from a repository by their share URL only",
		Note:   listedNote(len(cs.linkedOnly), cs.nLinkedOnly, "events.jsonl") + " The artifact does not hold the trace, but anyone following the share URL reads it. Only where the trace sits is shown, no text.",
		Header: []string{"link kind", "repository", "user turn", "trace positions", "trace levels", "artifact", "conversation"}}
	for _, l := range cs.linkedOnly {
		lo.Rows = append(lo.Rows, []string{l.Kind, l.Repo, num(l.UserTurn), l.Positions, l.Levels, l.URL, l.ConversationID})
	}
	return []Table{sum, in, lo}
}

func listedNote(listed, total int, file string) string {
	if total == 0 {
		return "None."
	}
	if listed < total {
		return fmt.Sprintf("%d in all; the first %d are listed, the rest are in %s.", total, listed, file)
	}
	return fmt.Sprintf("%d in all.", total)
}

// sortTail sorts s[from:] in place.
func sortTail(s []string, from int) {
	t := s[from:]
	for i := 1; i < len(t); i++ {
		for j := i; j > 0 && t[j] < t[j-1]; j-- {
			t[j], t[j-1] = t[j-1], t[j]
		}
	}
}
