package miner

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/revtrace/revtrace/corpora"
)

// Checkpoints. Every run of Run keeps CheckpointFile in its output
// directory up to date, so that a run that was killed (kill -9, a
// preempted pod, a node lost) can be finished with Options.Resume:
//
//   - the collector, which writes the outputs in input order, sees a marker
//     at the start of every unit of work (corpora.Unit); at a marker every
//     record before it is written and counted and none after it;
//   - at a marker, at most once per Options.CheckpointEvery, it flushes the
//     outputs, fsyncs them, and replaces the checkpoint (write to a
//     temporary file, fsync, rename): the position of the unit (reader,
//     unit, and for JSON Lines the byte offset and line number where it
//     starts), the byte length of every output file, and every count of
//     the summary so far;
//   - a resumed run checks that arguments, flags and input files are the
//     ones the checkpoint was made for, truncates each output to its
//     recorded length (dropping whatever was written after the
//     checkpoint), restores the counts and reads on from the recorded unit:
//     earlier readers are not opened, earlier Parquet row groups not read,
//     a plain JSON Lines file is seeked to the recorded offset (a compressed
//     one decompressed up to it); ShareChat and DevGPT redo their first,
//     indexing pass and skip the units done.
//
// The outputs of a resumed run are therefore byte-identical to those of an
// uninterrupted one. The checkpoint also records when a run has finished
// (done), which `--resume` then leaves as it is and `revtrace merge` checks.
//
// The LLM stage (Options.LLM): the LLM cache (--cache) is where answers
// survive a kill, so a resumed run re-asks nothing it has paid for; the
// plan names the model and the prompt versions and hashes (Detectors
// "llm"), so --resume refuses a different model or prompt. The LLM counts
// are plain counts inside Counts. The sample of rejected turns
// (Options.SampleRejected) is saved next to the counts (Sample) and
// restored where Run restores them; once the run is done only its summary
// (SampleSummary) is kept.

// CheckpointFile is the name of the checkpoint in the output directory.
const CheckpointFile = "checkpoint.json"

// UnitsFile is the name of a shard's unit index in its output directory:
// one line per unit that wrote output, with the byte ranges it wrote. Merge
// uses it to put the outputs of shards back into the order of a single run.
const UnitsFile = "shard-units.jsonl"

// checkpointKind identifies the checkpoint format.
const checkpointKind = "revtrace-checkpoint/1"

// plan is what a run's outputs depend on: a resumed run must have the same
// plan, and the shards merged together must too (shards differ only in
// their index, which is kept outside the plan).
type plan struct {
	Revtrace  string            `json:"revtrace"`
	Detectors map[string]string `json:"detectors"`
	Args      []string          `json:"args"`
	Format    string            `json:"format"`
	Redact    bool              `json:"redact"`
	MaxErrors int               `json:"max_errors"`
	Rules     string            `json:"rules"`
	Shards    int               `json:"shards"`
	UnitBytes int64             `json:"unit_bytes"`
	Inputs    []planInput       `json:"inputs"`
	// SampleRejected and SampleSeed: --sample-rejected, --sample-seed.
	SampleRejected int    `json:"sample_rejected,omitempty"`
	SampleSeed     uint64 `json:"sample_seed,omitempty"`
	// Baseline and BaselineHash: --baseline DIR and the SHA-256 of its
	// events.jsonl (left out without --baseline).
	Baseline     string `json:"baseline,omitempty"`
	BaselineHash string `json:"baseline_hash,omitempty"`
	// MaxMessageBytes: --max-message-bytes (left out when 0, no limit).
	MaxMessageBytes int `json:"max_message_bytes,omitempty"`
}

type planInput struct {
	Path   string `json:"path"`
	Format string `json:"format"`
	Size   int64  `json:"size"`
}

func (p *plan) hash() string {
	b, _ := json.Marshal(p)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// position is where a run stands: the start of unit Unit of reader Reader
// (-1: the problems found while expanding the arguments; Unit -1: the
// reader's head). Resume is the unit's corpora.Unit.Resume.
type position struct {
	Reader int    `json:"reader"`
	Unit   int64  `json:"unit"`
	Resume string `json:"resume,omitempty"`
}

// before reports whether unit u of reader k comes before p.
func (p position) before(k int, u int64) bool {
	return k < p.Reader || k == p.Reader && u < p.Unit
}

// checkpoint is CheckpointFile.
type checkpoint struct {
	Kind     string `json:"kind"`
	PlanHash string `json:"plan_hash"`
	Plan     plan   `json:"plan"`
	Shard    string `json:"shard,omitempty"`
	// InputTimes are the inputs' modification times (Unix nanoseconds), in
	// the order of Plan.Inputs: a resumed run refuses inputs changed since.
	InputTimes []int64 `json:"input_mtimes"`
	// Done: the run finished (Stopped: by --max-errors); Next is then
	// meaningless.
	Done    bool     `json:"done"`
	Stopped bool     `json:"stopped,omitempty"`
	Next    position `json:"next"`
	// Outputs are the byte lengths of the output files at Next.
	Outputs       map[string]int64   `json:"outputs"`
	Events        int                `json:"events"`
	Errors        int                `json:"errors"`
	Conversations int                `json:"conversations"`
	Corpora       map[string]*Counts `json:"corpora"`
	Unattributed  *Counts            `json:"unattributed"`
	// Sample is the sample of rejected turns so far; SampleSummary its
	// summary once the run is done.
	Sample        *savedSample   `json:"sample,omitempty"`
	SampleSummary *SampleSummary `json:"sample_summary,omitempty"`
	// Baseline holds the baseline counts so far (--baseline).
	Baseline *BaselineSummary `json:"baseline,omitempty"`
}

// newPlan describes a run.
func newPlan(args []string, opt *Options, detectors map[string]string, inputs []corpora.Input) (plan, []int64) {
	p := plan{
		Revtrace:  Version,
		Detectors: detectors,
		Args:      append([]string{}, args...),
		Format:    opt.Format,
		Redact:    opt.Redact,
		MaxErrors: opt.MaxErrors,
		Rules:     opt.RulesID,
		Shards:    opt.Shard.Count,
		UnitBytes: opt.UnitBytes,
		Inputs:    []planInput{},
	}
	if opt.MaxMessageBytes > 0 {
		p.MaxMessageBytes = opt.MaxMessageBytes
	}
	if opt.SampleRejected > 0 {
		p.SampleRejected, p.SampleSeed = opt.SampleRejected, opt.SampleSeed
	}
	if opt.Baseline != nil {
		p.Baseline, p.BaselineHash = opt.Baseline.Dir, opt.Baseline.Hash
	}
	if p.MaxErrors < 0 {
		p.MaxErrors = -1
	}
	times := []int64{}
	for _, in := range inputs {
		pi := planInput{Path: in.Path, Format: in.Format, Size: -1}
		var t int64
		if st, err := os.Stat(in.Path); err == nil {
			pi.Size, t = st.Size(), st.ModTime().UnixNano()
		}
		p.Inputs = append(p.Inputs, pi)
		times = append(times, t)
	}
	return p, times
}

// loadCheckpoint reads the checkpoint in dir; nil, nil when there is none.
func loadCheckpoint(dir string) (*checkpoint, error) {
	b, err := os.ReadFile(filepath.Join(dir, CheckpointFile))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var cp checkpoint
	if err := json.Unmarshal(b, &cp); err != nil || cp.Kind != checkpointKind {
		if err == nil {
			err = fmt.Errorf("kind %q, want %q", cp.Kind, checkpointKind)
		}
		return nil, fmt.Errorf("%s: not a revtrace checkpoint: %v", filepath.Join(dir, CheckpointFile), err)
	}
	if cp.Outputs == nil || cp.Unattributed == nil {
		return nil, fmt.Errorf("%s: incomplete checkpoint", filepath.Join(dir, CheckpointFile))
	}
	return &cp, nil
}

// mismatch explains why cp was not made for a run with plan p, shard and
// input times (nil when it was).
func (cp *checkpoint) mismatch(p *plan, shard string, times []int64) error {
	var diffs []string
	q := &cp.Plan
	add := func(cond bool, what string, was, now any) {
		if cond {
			diffs = append(diffs, fmt.Sprintf("%s: %v in the checkpoint, %v now", what, was, now))
		}
	}
	add(q.Revtrace != p.Revtrace, "revtrace version", q.Revtrace, p.Revtrace)
	if q.Detectors["llm"] != p.Detectors["llm"] {
		add(true, "LLM model and prompts (--llm, --llm-model)", orNone(q.Detectors["llm"]), orNone(p.Detectors["llm"]))
	} else {
		add(!sameStrings(q.Detectors, p.Detectors), "detector versions", q.Detectors, p.Detectors)
	}
	add(q.SampleRejected != p.SampleRejected || q.SampleSeed != p.SampleSeed, "--sample-rejected/--sample-seed",
		fmt.Sprintf("%d/%d", q.SampleRejected, q.SampleSeed), fmt.Sprintf("%d/%d", p.SampleRejected, p.SampleSeed))
	add(strings.Join(q.Args, "\x00") != strings.Join(p.Args, "\x00"), "PATH arguments", quoteAll(q.Args), quoteAll(p.Args))
	add(q.Format != p.Format, "--format", fmt.Sprintf("%q", q.Format), fmt.Sprintf("%q", p.Format))
	add(q.Redact != p.Redact, "--redact", q.Redact, p.Redact)
	add(q.MaxErrors != p.MaxErrors, "--max-errors", q.MaxErrors, p.MaxErrors)
	add(q.Rules != p.Rules, "--rules", q.Rules, p.Rules)
	add(q.MaxMessageBytes != p.MaxMessageBytes, "--max-message-bytes", q.MaxMessageBytes, p.MaxMessageBytes)
	if q.Baseline != p.Baseline {
		add(true, "--baseline", orNone(q.Baseline), orNone(p.Baseline))
	} else {
		add(q.BaselineHash != p.BaselineHash, "--baseline events.jsonl (changed since the checkpoint)", orNone(q.BaselineHash), orNone(p.BaselineHash))
	}
	add(cp.Shard != shard, "--shard", orNone(cp.Shard), orNone(shard))
	add(q.UnitBytes != p.UnitBytes, "unit size", q.UnitBytes, p.UnitBytes)
	if len(q.Inputs) != len(p.Inputs) {
		diffs = append(diffs, fmt.Sprintf("input files: %d in the checkpoint, %d now", len(q.Inputs), len(p.Inputs)))
	} else {
		for i := range q.Inputs {
			a, b := q.Inputs[i], p.Inputs[i]
			switch {
			case a.Path != b.Path || a.Format != b.Format:
				diffs = append(diffs, fmt.Sprintf("input file %d: %s (%s) in the checkpoint, %s (%s) now", i+1, a.Path, a.Format, b.Path, b.Format))
			case a.Size != b.Size:
				diffs = append(diffs, fmt.Sprintf("input file %s: %d bytes in the checkpoint, %d now", a.Path, a.Size, b.Size))
			case i < len(cp.InputTimes) && i < len(times) && cp.InputTimes[i] != times[i]:
				diffs = append(diffs, fmt.Sprintf("input file %s was modified since the checkpoint", a.Path))
			}
		}
	}
	if len(diffs) == 0 && cp.PlanHash != p.hash() {
		diffs = append(diffs, "the run's plan differs")
	}
	if len(diffs) == 0 {
		return nil
	}
	return fmt.Errorf("%w:\n  %s\nrun again with the original arguments and flags, or without --resume to start over",
		ErrCheckpointMismatch, strings.Join(diffs, "\n  "))
}

// ErrCheckpointMismatch is returned (wrapped) by Run with Options.Resume
// when the checkpoint in the output directory was made for other
// arguments, flags or input files.
var ErrCheckpointMismatch = errors.New("--resume: the checkpoint in the output directory was made for a different run")

func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	return "[" + strings.Join(q, " ") + "]"
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// restoreCounts decodes counts saved by a checkpoint into complete Counts.
func restoreCounts(c *Counts) *Counts {
	out := NewCounts()
	if c != nil {
		out.Add(c)
	}
	return out
}

// writeFileAtomic replaces path with data: a temporary file in the same
// directory, with permissions perm, optionally fsynced, renamed over path.
func writeFileAtomic(path string, data []byte, perm os.FileMode, sync bool) error {
	tmp := path + ".tmp"
	os.Remove(tmp) // a leftover keeps its old permissions
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if sync {
		if err := f.Sync(); err != nil {
			f.Close()
			os.Remove(tmp)
			return err
		}
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	if sync {
		syncDir(filepath.Dir(path))
	}
	return nil
}

// syncDir fsyncs a directory so that a rename in it survives a crash; best
// effort (not every platform can).
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}

// output is one JSON Lines output file with its logical length (bytes
// handed to it so far, flushed or not).
type output struct {
	name string
	file *os.File
	buf  *bufio.Writer
	n    int64
}

func (o *output) Write(p []byte) (int, error) {
	n, err := o.buf.Write(p)
	o.n += int64(n)
	return n, err
}

// openOutput creates dir/name, or, resuming (resume >= 0), opens it and
// truncates it to resume bytes.
func openOutput(dir, name string, resume int64) (*output, error) {
	path := filepath.Join(dir, name)
	var f *os.File
	var err error
	if resume < 0 {
		f, err = os.Create(path)
	} else {
		f, err = os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	}
	if err != nil {
		return nil, err
	}
	if resume > 0 {
		st, err := f.Stat()
		if err == nil && st.Size() < resume {
			err = fmt.Errorf("%s holds %d bytes, fewer than the %d the checkpoint recorded: the outputs were changed or lost after the checkpoint; run again without --resume", path, st.Size(), resume)
		}
		if err == nil {
			err = f.Truncate(resume)
		}
		if err == nil {
			_, err = f.Seek(resume, io.SeekStart)
		}
		if err != nil {
			f.Close()
			return nil, err
		}
	} else if resume == 0 {
		if err := f.Truncate(0); err != nil {
			f.Close()
			return nil, err
		}
	}
	return &output{name: name, file: f, buf: bufio.NewWriterSize(f, 1<<16), n: max(resume, 0)}, nil
}

// unitRecord is one line of UnitsFile: the byte ranges [start, end) that
// unit Unit of reader Reader wrote to each output.
type unitRecord struct {
	Reader int      `json:"reader"`
	Unit   int64    `json:"unit"`
	Events [2]int64 `json:"events"`
	Cases  [2]int64 `json:"cases"`
	Errors [2]int64 `json:"errors"`
}

// sortUnits orders unit records as a single run writes them.
func sortUnits(recs []shardUnit) {
	sort.SliceStable(recs, func(i, j int) bool {
		a, b := recs[i].rec, recs[j].rec
		if a.Reader != b.Reader {
			return a.Reader < b.Reader
		}
		return a.Unit < b.Unit
	})
}

// shardUnit is a unit record of one shard of a merge.
type shardUnit struct {
	shard int // index into the merge's shards
	rec   unitRecord
}
