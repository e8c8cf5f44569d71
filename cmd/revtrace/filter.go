package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/revtrace/revtrace/detectors/filter"
	"github.com/revtrace/revtrace/detectors/split"
	"github.com/revtrace/revtrace/detectors/trace"
	"github.com/revtrace/revtrace/miner"
)

// exitWithheld is the exit status of filter when it withholds the reply.
const exitWithheld = 3

// multiFlag is a flag that may be given several times.
type multiFlag []string

func (m *multiFlag) String() string { return strings.Join(*m, ", ") }

func (m *multiFlag) Set(s string) error {
	*m = append(*m, s)
	return nil
}

// cmdFilter is "revtrace filter [--aliases A,B] [--protect TEXT]... [FILE|-]":
// it prints the reply with its trace sentences deleted (filter.Filter), or
// nothing with exit status 3 when the reply is withheld.
func cmdFilter(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("filter", flag.ContinueOnError)
	fs.SetOutput(stderr)
	aliases := fs.String("aliases", "", "comma-separated names of the withdrawn item")
	var protect multiFlag
	fs.Var(&protect, "protect", "required content (literal, case-sensitive); repeat for several")
	request := fs.String("request", "", "the user's revision request (helps derive the withdrawn item)")
	previous := fs.String("previous", "", "file holding the assistant draft before the request")
	asJSON := fs.Bool("json", false, `print {"status","delivered","reason","removed","traces","conflicts"} instead of the reply`)
	quiet := fs.Bool("quiet", false, "do not explain a withheld reply on stderr")
	jsonl := fs.Bool("jsonl", false, `input is JSON Lines {"id","reply","protect"?,"aliases"?,"request"?,"previous"?,"task"?,"history"?}; one result line out per line, written as soon as it is ready`)
	redact := fs.Bool("redact", false, "with --json or --jsonl: mask the trace sentences and the conflicting protected strings (the delivered reply stays as it is)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: revtrace filter [--aliases A,B] [--protect TEXT]... [FILE|-]\n"+
			"       revtrace filter --jsonl [--protect TEXT]... FILE|-\n\n"+
			"Prints the reply with each trace sentence deleted, and any line the deletion leaves\n"+
			"holding only white space or a list/comment marker. Exit status 3 (nothing printed)\n"+
			"when deleting would remove protected text or leave nothing.\n\n"+
			"With --jsonl it filters one reply per input line and writes one JSON result per line\n"+
			"({\"id\",\"status\",\"delivered\",...} as --json prints, status \"error\" for a bad line),\n"+
			"so that a long-running process can filter replies one by one; the exit status\n"+
			"is then 0 whatever the statuses.\n\n")
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
	if *jsonl {
		defer r.Close()
		return filterLines(r, name, stdout, stderr, filter.Options{Aliases: splitList(*aliases), Protect: protect}, *redact)
	}
	b, err := io.ReadAll(r)
	r.Close()
	if err != nil {
		return err
	}
	opt := filter.Options{Aliases: splitList(*aliases), Protect: protect, Request: *request}
	if *previous != "" {
		p, err := os.ReadFile(*previous)
		if err != nil {
			return err
		}
		opt.Previous = string(p)
	}
	res := filter.Filter(string(b), opt)
	bw := bufio.NewWriter(stdout)
	if *asJSON {
		if *redact {
			redactResult(&res)
		}
		err = newEncoder(bw).Encode(res)
	} else if res.Status == filter.Delivered {
		_, err = bw.WriteString(res.Delivered)
	}
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return err
	}
	if res.Status == filter.Withheld {
		if !*quiet {
			fmt.Fprintf(stderr, "revtrace filter: withheld: %s\n", res.Reason)
		}
		return &exitError{code: exitWithheld, err: nil}
	}
	return nil
}

// filterIn is one input line of filter --jsonl: scan --jsonl's fields and
// the line's own protected strings.
type filterIn struct {
	scanIn
	Protect []string `json:"protect"`
}

// filterOut is one output line of filter --jsonl: the line's id and the
// result as --json prints it, or status "error" with the reason.
type filterOut struct {
	ID json.RawMessage `json:"id"`
	filter.Result
	Error string `json:"error,omitempty"`
}

// statusError is the status of a filter --jsonl line that could not be read.
const statusError = "error"

// filterLines is filter --jsonl: every non-blank line of r (named name)
// is one reply to filter with base's aliases and protected strings added to
// its own. Each result is written (and reaches stdout) before the next line
// is read. A line that is not a JSON object with a "reply" gets an error
// result naming its line number, also reported on stderr; a summary of the
// statuses ends on stderr.
func filterLines(r io.Reader, name string, stdout, stderr io.Writer, base filter.Options, redact bool) error {
	enc := newEncoder(stdout) // one Write per result: nothing waits in a buffer
	counts := map[string]int{}
	err := eachLine(r, func(n int, line []byte) error {
		if isBlank(line) {
			return nil
		}
		var in filterIn
		if msg := readReplyLine(line, &in, &in.Reply); msg != "" {
			fmt.Fprintf(stderr, "revtrace filter: %s:%d: %s\n", name, n, msg)
			counts[statusError]++
			return enc.Encode(filterOut{ID: in.ID, Result: filter.Result{Status: statusError, Removed: []split.Span{}, Traces: []trace.Trace{}, Conflicts: []string{}},
				Error: fmt.Sprintf("line %d: %s", n, msg)})
		}
		t := in.input()
		opt := filter.Options{
			Aliases:  append(slices.Clone(base.Aliases), in.Aliases...),
			Protect:  append(slices.Clone(base.Protect), in.Protect...),
			Request:  t.Request,
			Previous: t.Previous,
			Task:     t.Task,
		}
		res := filter.Filter(t.Reply, opt)
		counts[res.Status]++
		if redact {
			redactResult(&res)
		}
		id := in.ID
		if id == nil {
			id = json.RawMessage("null")
		}
		return enc.Encode(filterOut{ID: id, Result: res})
	})
	fmt.Fprintf(stderr, "revtrace filter: %s: %d delivered, %d withheld, %d bad lines\n", name, counts[filter.Delivered], counts[filter.Withheld], counts[statusError])
	return err
}

// redactResult masks the texts of res that quote the conversation besides
// the delivered reply: the trace sentences, the conflicting protected
// strings and the reason that names them.
func redactResult(res *filter.Result) {
	for i := range res.Traces {
		res.Traces[i].Sentence = miner.Redact(res.Traces[i].Sentence)
	}
	for i, c := range res.Conflicts {
		res.Conflicts[i] = miner.Redact(c)
	}
	if strings.HasPrefix(res.Reason, filter.ReasonProtected) {
		res.Reason = filter.ReasonProtected + ": " + strings.Join(res.Conflicts, ", ")
	}
}
