package miner

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Merge combines the outputs of shard runs (DIRS, in the order given) into
// out: the summaries are added corpus by corpus, and events.jsonl,
// cases.jsonl and errors.jsonl are concatenated in shard order. Because
// every count in a summary is a plain sum, the merged summary.json is
// byte-identical to the one a single run over all inputs writes.
func Merge(out string, dirs []string) (*Summary, error) {
	if len(dirs) == 0 {
		return nil, fmt.Errorf("merge: no shard directories")
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	merged := &Summary{Corpora: map[string]*Counts{}}
	for i, d := range dirs {
		s, err := ReadSummary(filepath.Join(d, "summary.json"))
		if err != nil {
			return nil, err
		}
		if i == 0 {
			merged.Version, merged.Detectors = s.Version, s.Detectors
		} else if s.Version != merged.Version || !sameStrings(s.Detectors, merged.Detectors) {
			return nil, fmt.Errorf("merge: %s was written by revtrace %s with detectors %v, %s by %s with %v: refusing to mix",
				d, s.Version, s.Detectors, dirs[0], merged.Version, merged.Detectors)
		}
		for name, c := range s.Corpora {
			merged.corpus(name).Add(c)
		}
	}
	total := NewCounts()
	for _, name := range merged.CorpusNames() {
		total.Add(merged.Corpora[name])
	}
	// Skipped records that no corpus could be assigned to (a path that could
	// not be read at all) are only in each shard's total.
	for _, d := range dirs {
		s, _ := ReadSummary(filepath.Join(d, "summary.json"))
		sum := 0
		for _, c := range s.Corpora {
			sum += c.SkippedRecords
		}
		total.SkippedRecords += s.Total.SkippedRecords - sum
	}
	total.derive()
	merged.Total = total
	for _, name := range []string{"events.jsonl", "cases.jsonl", "errors.jsonl"} {
		if err := concat(filepath.Join(out, name), dirs, name); err != nil {
			return nil, err
		}
	}
	if err := WriteSummary(filepath.Join(out, "summary.json"), merged); err != nil {
		return nil, err
	}
	return merged, nil
}

func sameStrings(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func concat(dst string, dirs []string, name string) error {
	f, err := os.Create(dst)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<16)
	for _, d := range dirs {
		src, err := os.Open(filepath.Join(d, name))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			f.Close()
			return err
		}
		_, err = io.Copy(w, src)
		src.Close()
		if err != nil {
			f.Close()
			return err
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
