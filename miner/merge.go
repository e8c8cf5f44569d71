package miner

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// outputFiles are the JSON Lines outputs Merge combines.
var outputFiles = []string{"events.jsonl", "cases.jsonl", "errors.jsonl"}

// Merge combines the outputs of several runs (DIRS) into out: the
// summaries are added corpus by corpus. Because every count in a summary is
// a plain sum, the merged summary.json is byte-identical to the one a
// single run over all inputs writes.
//
// When the DIRS are the shards of one run (`mine --shard I/N`, every I from
// 1 to N exactly once, all with the same arguments and flags, each
// finished), events.jsonl, cases.jsonl and errors.jsonl are put back into
// the order of the single run: every line a shard wrote belongs to a unit
// of work (UnitsFile gives each unit's byte ranges), a single run writes
// the units in order of (reader, unit), and Merge copies the units of all
// shards in that order. The merged outputs are then byte-identical to a
// single run's, not only as a multiset of lines.
//
// Otherwise (runs over disjoint inputs) the files are concatenated in the
// order of DIRS. Shards and other runs cannot be mixed.
func Merge(out string, dirs []string) (*Summary, error) {
	if len(dirs) == 0 {
		return nil, fmt.Errorf("merge: no shard directories")
	}
	for _, d := range dirs {
		if filepath.Clean(d) == filepath.Clean(out) {
			return nil, fmt.Errorf("merge: the output directory %s is also one of the directories to merge", out)
		}
	}
	summaries := make([]*Summary, len(dirs))
	shards := 0
	for i, d := range dirs {
		s, err := ReadSummary(filepath.Join(d, "summary.json"))
		if err != nil {
			return nil, err
		}
		summaries[i] = s
		if s.Shard != "" {
			shards++
		}
	}
	if shards > 0 && shards < len(dirs) {
		return nil, fmt.Errorf("merge: some directories hold one shard of a run (mine --shard) and some do not: merge the shards of one run together, then merge the result with the others")
	}
	var order []shardUnit
	if shards > 0 {
		var err error
		if order, err = checkShards(dirs, summaries); err != nil {
			return nil, err
		}
	}
	// Runs mined with --baseline: their known and new trace counts add up.
	bs, err := mergeBaselines(dirs, summaries)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	merged := &Summary{Corpora: map[string]*Counts{}}
	for i, s := range summaries {
		if i == 0 {
			merged.Version, merged.Detectors = s.Version, s.Detectors
		} else if s.Version != merged.Version || !sameStrings(s.Detectors, merged.Detectors) {
			return nil, fmt.Errorf("merge: %s was written by revtrace %s with detectors %v, %s by %s with %v: refusing to mix",
				dirs[i], s.Version, s.Detectors, dirs[0], merged.Version, merged.Detectors)
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
	for _, s := range summaries {
		sum := 0
		for _, c := range s.Corpora {
			sum += c.SkippedRecords
		}
		total.SkippedRecords += s.Total.SkippedRecords - sum
	}
	total.derive()
	merged.Total = total
	// The samples of rejected turns (--sample-rejected) merge into the
	// sample of a single run; the LLM counts are in the counts above
	// (calls and cached are summed: the calls of all the runs).
	rs, err := mergeSamples(out, dirs, summaries)
	if err != nil {
		return nil, err
	}
	merged.RejectedSample = rs
	merged.Baseline = bs
	if shards > 0 {
		if err := mergeUnits(out, dirs, order); err != nil {
			return nil, err
		}
	} else {
		for _, name := range outputFiles {
			if err := concat(filepath.Join(out, name), dirs, name); err != nil {
				return nil, err
			}
		}
	}
	if err := WriteSummary(filepath.Join(out, "summary.json"), merged); err != nil {
		return nil, err
	}
	return merged, nil
}

// checkShards checks that dirs are all the shards of one finished run and
// returns their units in the order of a single run.
func checkShards(dirs []string, summaries []*Summary) ([]shardUnit, error) {
	var count int
	var planHash string
	seen := map[int]string{}
	var order []shardUnit
	for i, d := range dirs {
		sh, err := ParseShard(summaries[i].Shard)
		if err != nil {
			return nil, fmt.Errorf("merge: %s: summary.json: %v", d, err)
		}
		cp, err := loadCheckpoint(d)
		if err == nil && cp == nil {
			err = fmt.Errorf("no %s: cannot tell whether the shard finished", CheckpointFile)
		}
		if err != nil {
			return nil, fmt.Errorf("merge: %s: %v", d, err)
		}
		switch {
		case cp.Shard != sh.String():
			return nil, fmt.Errorf("merge: %s: summary.json is shard %s but %s is for shard %s", d, sh, CheckpointFile, orNone(cp.Shard))
		case !cp.Done:
			return nil, fmt.Errorf("merge: %s: shard %s did not finish (run it again with --resume)", d, sh)
		case cp.Stopped:
			return nil, fmt.Errorf("merge: %s: shard %s stopped at --max-errors: its outputs are not the shard's share of a complete run", d, sh)
		}
		if i == 0 {
			count, planHash = sh.Count, cp.PlanHash
		} else if sh.Count != count || cp.PlanHash != planHash {
			return nil, fmt.Errorf("merge: %s (shard %s) and %s (shard %s) are not shards of the same run: PATHs, flags or input files differ",
				d, sh, dirs[0], summaries[0].Shard)
		}
		if other, dup := seen[sh.Index]; dup {
			return nil, fmt.Errorf("merge: %s and %s are both shard %s", other, d, sh)
		}
		seen[sh.Index] = d
		recs, err := readUnits(d, cp)
		if err != nil {
			return nil, fmt.Errorf("merge: %s: %v", d, err)
		}
		for _, r := range recs {
			order = append(order, shardUnit{shard: i, rec: r})
		}
	}
	var missing []string
	for k := 1; k <= count; k++ {
		if _, ok := seen[k]; !ok {
			missing = append(missing, fmt.Sprintf("%d/%d", k, count))
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("merge: shard(s) %s missing: merge needs every shard of the run", strings.Join(missing, ", "))
	}
	sortUnits(order)
	for i := 1; i < len(order); i++ {
		a, b := order[i-1], order[i]
		if a.rec.Reader == b.rec.Reader && a.rec.Unit == b.rec.Unit {
			return nil, fmt.Errorf("merge: unit %d of reader %d was written by %s and by %s: the shards do not split the run",
				a.rec.Unit, a.rec.Reader, dirs[a.shard], dirs[b.shard])
		}
	}
	return order, nil
}

// readUnits reads a shard's unit index, checking that its ranges tile the
// shard's outputs as the checkpoint records them.
func readUnits(dir string, cp *checkpoint) ([]unitRecord, error) {
	b, err := os.ReadFile(filepath.Join(dir, UnitsFile))
	if err != nil {
		return nil, err
	}
	if n, ok := cp.Outputs[UnitsFile]; ok && int64(len(b)) != n {
		return nil, fmt.Errorf("%s holds %d bytes, the checkpoint says %d", UnitsFile, len(b), n)
	}
	var recs []unitRecord
	var at [3]int64
	for n, line := range bytes.Split(bytes.TrimSuffix(b, []byte("\n")), []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		var r unitRecord
		if err := json.Unmarshal(line, &r); err != nil {
			return nil, fmt.Errorf("%s line %d: %v", UnitsFile, n+1, err)
		}
		for i, rg := range [][2]int64{r.Events, r.Cases, r.Errors} {
			if rg[0] != at[i] || rg[1] < rg[0] {
				return nil, fmt.Errorf("%s line %d: %s range [%d, %d) does not follow on from %d", UnitsFile, n+1, outputFiles[i], rg[0], rg[1], at[i])
			}
			at[i] = rg[1]
		}
		if k := len(recs); k > 0 && !(recs[k-1].Reader < r.Reader || recs[k-1].Reader == r.Reader && recs[k-1].Unit < r.Unit) {
			return nil, fmt.Errorf("%s line %d: units out of order", UnitsFile, n+1)
		}
		recs = append(recs, r)
	}
	for i, name := range outputFiles {
		st, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		if st.Size() != at[i] || cp.Outputs[name] != at[i] {
			return nil, fmt.Errorf("%s holds %d bytes, its units %d, the checkpoint %d", name, st.Size(), at[i], cp.Outputs[name])
		}
	}
	return recs, nil
}

// mergeUnits writes the outputs of the shards in dirs into out, unit by
// unit in the order given. Within one shard the units come in the order it
// wrote them, so each shard file is read once, front to back.
func mergeUnits(out string, dirs []string, order []shardUnit) (err error) {
	type src struct {
		f *os.File
		r *bufio.Reader
	}
	srcs := make([][3]src, len(dirs))
	defer func() {
		for _, s := range srcs {
			for _, x := range s {
				if x.f != nil {
					x.f.Close()
				}
			}
		}
	}()
	for i, d := range dirs {
		for j, name := range outputFiles {
			f, err := os.Open(filepath.Join(d, name))
			if err != nil {
				return err
			}
			srcs[i][j] = src{f: f, r: bufio.NewReaderSize(f, 1<<16)}
		}
	}
	var dsts [3]*bufio.Writer
	var files [3]*os.File
	for j, name := range outputFiles {
		f, err := os.Create(filepath.Join(out, name))
		if err != nil {
			return err
		}
		defer f.Close()
		files[j], dsts[j] = f, bufio.NewWriterSize(f, 1<<16)
	}
	for _, u := range order {
		for j, rg := range [][2]int64{u.rec.Events, u.rec.Cases, u.rec.Errors} {
			if n := rg[1] - rg[0]; n > 0 {
				if _, err := io.CopyN(dsts[j], srcs[u.shard][j].r, n); err != nil {
					return fmt.Errorf("merge: %s: %v", filepath.Join(dirs[u.shard], outputFiles[j]), err)
				}
			}
		}
	}
	var errs []error
	for j := range dsts {
		errs = append(errs, dsts[j].Flush(), files[j].Close())
	}
	return errors.Join(errs...)
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
