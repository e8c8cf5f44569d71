package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/revtrace/revtrace/detectors/filter"
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
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: revtrace filter [--aliases A,B] [--protect TEXT]... [FILE|-]\n\n"+
			"Prints the reply with each trace sentence deleted, and any line the deletion leaves\n"+
			"holding only white space or a list/comment marker. Exit status 3 (nothing printed)\n"+
			"when deleting would remove protected text or leave nothing.\n\n")
		fs.PrintDefaults()
	}
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	r, _, err := openInput(pos, stdin)
	if err != nil {
		return err
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
