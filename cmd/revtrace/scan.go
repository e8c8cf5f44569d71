package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/revtrace/revtrace/corpora"
	"github.com/revtrace/revtrace/detectors/revision"
	"github.com/revtrace/revtrace/detectors/screen"
	"github.com/revtrace/revtrace/detectors/split"
	"github.com/revtrace/revtrace/detectors/trace"
)

// scanIn is one input line of scan --jsonl.
type scanIn struct {
	ID       json.RawMessage `json:"id"`
	Reply    *string         `json:"reply"`
	Aliases  []string        `json:"aliases"`
	Request  string          `json:"request"`
	Previous string          `json:"previous"`
	// Task is the conversation's first user turn; History, when given,
	// supplies Previous (its last assistant message) and Task (its first
	// user message) where those are not set.
	Task    string `json:"task"`
	History []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"history"`
}

// input is the trace input the line describes.
func (in *scanIn) input() trace.Input {
	t := trace.Input{Reply: *in.Reply, Aliases: in.Aliases, Request: in.Request, Previous: in.Previous, Task: in.Task}
	for i := len(in.History) - 1; i >= 0 && t.Previous == ""; i-- {
		if corpora.NormaliseRole(in.History[i].Role) == corpora.RoleAssistant {
			t.Previous = in.History[i].Content
		}
	}
	for _, m := range in.History {
		if t.Task != "" {
			break
		}
		if corpora.NormaliseRole(m.Role) == corpora.RoleUser {
			t.Task = m.Content
		}
	}
	return t
}

// scanOut is one output line of scan --jsonl (DESIGN.md §3).
type scanOut struct {
	ID              json.RawMessage `json:"id"`
	Trace           bool            `json:"trace"`
	Traces          []trace.Trace   `json:"traces"`
	Body            *split.Span     `json:"body"`
	DeliverableType string          `json:"deliverable_type"`
	TraceBody       bool            `json:"trace_body"`
	WithdrawnItem   *string         `json:"withdrawn_item"`
	Error           string          `json:"error,omitempty"`
}

func analyse(id json.RawMessage, in trace.Input) scanOut {
	a := trace.Analyze(in)
	o := scanOut{ID: id, Trace: a.Trace, Traces: a.Traces, Body: a.Body, DeliverableType: a.DeliverableType, TraceBody: a.TraceBody}
	if o.Traces == nil {
		o.Traces = []trace.Trace{}
	}
	if a.WithdrawnItem != "" {
		s := a.WithdrawnItem
		o.WithdrawnItem = &s
	}
	return o
}

func openInput(pos []string, stdin io.Reader) (io.ReadCloser, string, error) {
	if len(pos) == 0 || pos[0] == "-" {
		return io.NopCloser(stdin), "-", nil
	}
	if len(pos) > 1 {
		return nil, "", errors.New("one FILE (or -) at most")
	}
	f, err := corpora.Open(pos[0])
	return f, pos[0], err
}

func newEncoder(w io.Writer) *json.Encoder {
	e := json.NewEncoder(w)
	e.SetEscapeHTML(false)
	return e
}

// eachLine calls fn for every line of r (no length limit), 1-based.
func eachLine(r io.Reader, fn func(n int, line []byte) error) error {
	br := bufio.NewReaderSize(r, 1<<20)
	for n := 1; ; n++ {
		line, err := br.ReadBytes('\n')
		if len(line) > 0 {
			if ferr := fn(n, line); ferr != nil {
				return ferr
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

// readReplyLine decodes a JSON Lines input line into v, whose reply field
// is *reply, and returns what is wrong with it ("" when nothing is): the
// decoding error, or a missing "reply".
func readReplyLine(line []byte, v any, reply **string) string {
	if err := json.Unmarshal(line, v); err != nil {
		return err.Error()
	}
	if *reply == nil {
		return `missing "reply"`
	}
	return ""
}

func isBlank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return false
		}
	}
	return true
}

func cmdScan(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("scan", flag.ContinueOnError)
	aliases := fs.String("aliases", "", "comma-separated names of the withdrawn item")
	asJSON := fs.Bool("json", false, "print the analysis as one JSON object")
	jsonl := fs.Bool("jsonl", false, `input is JSON Lines {"id","reply","aliases"?,"request"?,"previous"?}; one JSON object out per line`)
	request := fs.String("request", "", "the user's revision request (helps derive the withdrawn item)")
	previous := fs.String("previous", "", "file holding the assistant draft before the request")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: revtrace scan [--aliases A,B] [--json] [FILE|-]\n       revtrace scan --jsonl FILE|-\n\n")
		fs.PrintDefaults()
	}
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	r, name, err := openInput(pos, stdin)
	if err != nil {
		return err
	}
	defer r.Close()
	bw := bufio.NewWriter(stdout)
	defer bw.Flush()
	enc := newEncoder(bw)
	if *jsonl {
		return eachLine(r, func(n int, line []byte) error {
			if isBlank(line) {
				return nil
			}
			var in scanIn
			if msg := readReplyLine(line, &in, &in.Reply); msg != "" {
				fmt.Fprintf(os.Stderr, "revtrace scan: %s:%d: %s\n", name, n, msg)
				return enc.Encode(scanOut{ID: in.ID, Traces: []trace.Trace{}, DeliverableType: "none",
					Error: fmt.Sprintf("line %d: %s", n, msg)})
			}
			return enc.Encode(analyse(in.ID, in.input()))
		})
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	in := trace.Input{Reply: string(b), Aliases: splitList(*aliases), Request: *request}
	if *previous != "" {
		p, err := os.ReadFile(*previous)
		if err != nil {
			return err
		}
		in.Previous = string(p)
	}
	o := analyse(nil, in)
	if *asJSON {
		o.ID = json.RawMessage(`null`)
		return enc.Encode(o)
	}
	fmt.Fprintf(bw, "deliverable: %s\n", o.DeliverableType)
	if o.Body != nil {
		fmt.Fprintf(bw, "body: bytes %d-%d\n", o.Body.Start, o.Body.End)
	} else {
		fmt.Fprintln(bw, "body: none")
	}
	if o.WithdrawnItem != nil {
		fmt.Fprintf(bw, "withdrawn item: %s\n", *o.WithdrawnItem)
	}
	if !o.Trace {
		fmt.Fprintln(bw, "no trace")
		return nil
	}
	for _, t := range o.Traces {
		fmt.Fprintf(bw, "trace [%s, %s] %d-%d: %s\n", t.Position, t.Level, t.Start, t.End, t.Sentence)
	}
	return nil
}

// classifyIn is one input line of classify --jsonl.
type classifyIn struct {
	ID      json.RawMessage `json:"id"`
	History []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"history"`
	Turn *string `json:"turn"`
}

// classifyOut is one output line of classify --jsonl (DESIGN.md §3).
type classifyOut struct {
	ID           json.RawMessage `json:"id"`
	Candidate    bool            `json:"candidate"`
	Keyword      string          `json:"keyword"`
	Family       string          `json:"family"`
	IsRevision   bool            `json:"is_revision"`
	RevisionType *string         `json:"revision_type"`
	Item         string          `json:"item,omitempty"`
	Notes        []string        `json:"notes,omitempty"`
	Error        string          `json:"error,omitempty"`
}

func cmdClassify(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("classify", flag.ContinueOnError)
	jsonl := fs.Bool("jsonl", false, `input is JSON Lines {"id","history":[{"role","content"}],"turn"}`)
	rules := fs.String("rules", "", "keyword screen rules file replacing the embedded default")
	explain := fs.Bool("explain", false, "add \"notes\": why each cue was accepted or rejected (for writing rules; the notes quote the turn)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: revtrace classify --jsonl [--explain] [--rules FILE] FILE|-\n\n")
		fs.PrintDefaults()
	}
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if !*jsonl {
		fs.Usage()
		return &exitError{code: 1, err: errors.New("classify: --jsonl is required")}
	}
	sc := screen.Default()
	if *rules != "" {
		f, err := os.Open(*rules)
		if err != nil {
			return err
		}
		sc, err = screen.Load(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", *rules, err)
		}
	}
	cl := revision.New(sc)
	r, name, err := openInput(pos, stdin)
	if err != nil {
		return err
	}
	defer r.Close()
	bw := bufio.NewWriter(stdout)
	defer bw.Flush()
	enc := newEncoder(bw)
	return eachLine(r, func(n int, line []byte) error {
		if isBlank(line) {
			return nil
		}
		var in classifyIn
		if err := json.Unmarshal(line, &in); err != nil || in.Turn == nil {
			msg := "missing \"turn\""
			if err != nil {
				msg = err.Error()
			}
			fmt.Fprintf(os.Stderr, "revtrace classify: %s:%d: %s\n", name, n, msg)
			return enc.Encode(classifyOut{ID: in.ID, Error: fmt.Sprintf("line %d: %s", n, msg)})
		}
		hist := make([]corpora.Message, len(in.History))
		for i, m := range in.History {
			hist[i] = corpora.Message{Role: corpora.NormaliseRole(m.Role), Content: m.Content}
		}
		var v revision.Verdict
		var notes []string
		if *explain {
			v, notes = cl.Explain(hist, *in.Turn)
		} else {
			v = cl.Check(hist, *in.Turn)
		}
		o := classifyOut{ID: in.ID, Candidate: v.Candidate, Keyword: v.Keyword, Family: v.Family, IsRevision: v.IsRevision, Item: v.Item, Notes: notes}
		if v.IsRevision {
			t := v.Type
			o.RevisionType = &t
		}
		return enc.Encode(o)
	})
}
