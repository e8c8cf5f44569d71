package corpora

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Expand turns command-line arguments into the list of files to read, each
// with its format. An argument is
//
//   - a file: its format is sniffed (see Sniff); a file that cannot be
//     sniffed is a Problem;
//   - a directory: walked recursively in lexical order; hidden files and
//     directories (names starting with ".") and files whose format cannot be
//     sniffed are skipped silently, except damaged corpus files (a
//     *DamagedError from Sniff: a Parquet file without a readable footer,
//     an unreadable ZIP archive, a compressed stream that fails at its
//     start), which are Problems;
//   - a glob (filepath.Glob syntax; no "**"): its matches in lexical order,
//     as if the shell had expanded it: hidden names are left out, a matched
//     directory is walked, a matched file is treated as named (a file that
//     cannot be sniffed is a Problem). A pattern that matches nothing is a
//     Problem.
//
// A non-empty format overrides sniffing for every file, named or found (only
// hidden files are still skipped when walking). The result keeps the order of
// args, each argument's files sorted; a file reached twice (by the same
// cleaned path) is listed once, at its first place. Paths stay as given or as
// joined from a given directory (never made absolute). A missing argument
// is a Problem with Records -1.
func Expand(args []string, format string) ([]Input, []Problem) {
	e := expander{format: format, seen: map[string]bool{}}
	for _, arg := range args {
		st, err := os.Stat(arg)
		switch {
		case err == nil && st.IsDir():
			e.walk(arg)
		case err == nil:
			e.file(arg, true)
		case expandHasMeta(arg):
			matches, gerr := filepath.Glob(arg)
			if gerr != nil {
				e.problem(arg, "bad glob pattern: "+gerr.Error())
				continue
			}
			if len(matches) == 0 {
				e.problem(arg, "no file matches the pattern")
				continue
			}
			sort.Strings(matches)
			wantHidden := expandHidden(filepath.Base(arg)) // ".*" asks for hidden names
			for _, m := range matches {
				if expandHidden(filepath.Base(m)) && !wantHidden {
					continue
				}
				if st, err := os.Stat(m); err == nil && st.IsDir() {
					e.walk(m)
				} else if err == nil && st.Mode().IsRegular() {
					e.file(m, true)
				}
			}
		default:
			e.problem(arg, err.Error())
		}
	}
	return e.inputs, e.problems
}

// NewReaders builds one Reader per input, in order, except that all devgpt
// inputs become a single DevGPT reader (so that share URLs are de-duplicated
// across files and snapshots), placed where the first devgpt input was.
// An input of a format without a reader yields a Reader that reports one
// Problem.
func NewReaders(inputs []Input) []Reader { return NewReadersWith(inputs, ReadOptions{}) }

// NewReadersWith is NewReaders with options.
func NewReadersWith(inputs []Input, o ReadOptions) []Reader {
	var readers []Reader
	var devgpt *devgptReader
	for _, in := range inputs {
		switch in.Format {
		case FormatDevGPT:
			if devgpt == nil {
				devgpt = &devgptReader{}
				readers = append(readers, devgpt)
			}
			devgpt.paths = append(devgpt.paths, in.Path)
		case FormatWildChat:
			readers = append(readers, NewWildChatReader(in.Path))
		case FormatShareChat:
			readers = append(readers, NewShareChatReader(in.Path))
		case FormatMessages:
			readers = append(readers, &messagesReader{path: in.Path, chunk: o.chunkBytes()})
		case FormatShareGPT:
			readers = append(readers, &shareGPTReader{path: in.Path, chunk: o.chunkBytes()})
		case FormatLMSYS:
			readers = append(readers, NewLMSYSReader(in.Path))
		case FormatChatGPT:
			readers = append(readers, &arrayReader{path: in.Path, corpus: FormatChatGPT, chunk: o.chunkBytes(), parse: parseChatGPT})
		case FormatClaude:
			readers = append(readers, &arrayReader{path: in.Path, corpus: FormatClaude, chunk: o.chunkBytes(), parse: parseClaude})
		default:
			readers = append(readers, unsupportedReader{in})
		}
	}
	return readers
}

// unsupportedReader reports an input whose format has no reader.
type unsupportedReader struct{ in Input }

// Read implements Reader.
func (u unsupportedReader) Read(ctx context.Context, sink Sink) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	sink.Problem(Problem{File: u.in.Path, Reason: "no reader for format " + strconv.Quote(u.in.Format), Records: -1})
	return nil
}

// expander accumulates Expand's result.
type expander struct {
	format   string
	seen     map[string]bool
	inputs   []Input
	problems []Problem
}

func (e *expander) problem(path, reason string) {
	e.problems = append(e.problems, Problem{File: path, Reason: reason, Records: -1})
}

// file adds one file; named says it was given explicitly (a sniffing
// failure is then a Problem, not a silent skip).
func (e *expander) file(path string, named bool) {
	key := filepath.Clean(path)
	if e.seen[key] {
		return
	}
	format := e.format
	if format == "" {
		var err error
		if format, err = Sniff(path); err != nil {
			// A damaged corpus file is reported even when found by
			// walking: skipping it would lose its records silently.
			var damaged *DamagedError
			if named || errors.As(err, &damaged) {
				e.seen[key] = true
				p := Problem{File: path, Reason: err.Error(), Records: -1}
				if damaged != nil {
					p.Position = damaged.Position
				}
				e.problems = append(e.problems, p)
			}
			return
		}
	}
	e.seen[key] = true
	e.inputs = append(e.inputs, Input{Path: path, Format: format})
}

// walk adds the files under dir.
func (e *expander) walk(dir string) {
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			e.problem(path, err.Error())
			if d != nil && d.IsDir() && path != dir {
				return fs.SkipDir
			}
			return nil
		}
		if path != dir && expandHidden(d.Name()) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		switch {
		case d.IsDir():
		case d.Type().IsRegular():
			e.file(path, false)
		case d.Type()&fs.ModeSymlink != 0:
			// A link to a file is followed; a link to a directory is not
			// (no cycles).
			if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() {
				e.file(path, false)
			}
		}
		return nil
	})
	if err != nil {
		e.problem(dir, err.Error())
	}
}

// expandHidden reports whether a file name is hidden.
func expandHidden(name string) bool {
	return strings.HasPrefix(name, ".") && name != "." && name != ".."
}

// expandHasMeta reports whether path holds glob metacharacters.
func expandHasMeta(path string) bool {
	return strings.ContainsAny(path, `*?[`)
}
