package miner_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/revtrace/revtrace/internal/fixturegen"
	"github.com/revtrace/revtrace/miner"
)

// outputs are the files a run's result is compared by.
var outputs = []string{"summary.json", "events.jsonl", "errors.jsonl", "cases.jsonl"}

func run(t *testing.T, ctx context.Context, out string, args []string, opt miner.Options) (*miner.Result, error) {
	t.Helper()
	opt.Out = out
	if opt.Workers == 0 {
		opt.Workers = 2
	}
	if opt.MaxErrors == 0 {
		opt.MaxErrors = -1
	}
	return miner.Run(ctx, args, opt)
}

func mustRun(t *testing.T, out string, args []string, opt miner.Options) *miner.Result {
	t.Helper()
	res, err := run(t, context.Background(), out, args, opt)
	if err != nil {
		t.Fatalf("Run %v: %v", opt.Shard, err)
	}
	return res
}

func sameOutputs(t *testing.T, what, want, got string) {
	t.Helper()
	for _, f := range outputs {
		a, b := read(t, filepath.Join(want, f)), read(t, filepath.Join(got, f))
		if !bytes.Equal(a, b) {
			t.Errorf("%s: %s differs (%d bytes, want %d)", what, f, len(b), len(a))
		}
	}
}

// mixedCorpus writes a small corpus in every format with damage in each
// (broken JSON lines, an ambiguous ShareChat conversation, DevGPT
// duplicates and unavailable sharings, a cut-off Parquet file) and returns
// the PATH arguments, a missing path among them.
func mixedCorpus(t *testing.T, n int) []string {
	t.Helper()
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	var pq bytes.Buffer
	if _, err := fixturegen.WriteWildChat(&pq, fixturegen.Generate(41, n), fixturegen.WildChatOptions{RowGroupRows: 19}); err != nil {
		t.Fatal(err)
	}
	wc := write("a.parquet", pq.Bytes())
	cut := write("cut.parquet", pq.Bytes()[:pq.Len()/2])
	var sb strings.Builder
	if _, err := fixturegen.WriteMessages(&sb, fixturegen.Generate(42, n), fixturegen.MessagesOptions{}); err != nil {
		t.Fatal(err)
	}
	var jl strings.Builder
	for i, l := range strings.SplitAfter(sb.String(), "\n") {
		if i%41 == 7 {
			jl.WriteString("{\"messages\": [\n\n")
		}
		jl.WriteString(l)
	}
	plain := write("logs.jsonl", []byte(jl.String()))
	var zb bytes.Buffer
	cw, err := fixturegen.Compress(&zb, "gz")
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(cw, jl.String())
	cw.Close()
	gz := write("logs2.jsonl.gz", zb.Bytes())
	var csv strings.Builder
	if _, err := fixturegen.WriteShareChat(&csv, fixturegen.Generate(43, n), fixturegen.ShareChatOptions{Ambiguous: true}); err != nil {
		t.Fatal(err)
	}
	sc := write("chatgpt_results_final_language_filtered.csv", []byte(csv.String()))
	dev := filepath.Join(dir, "devgpt")
	if _, err := fixturegen.WriteDevGPT(dev, fixturegen.Generate(44, n), fixturegen.DevGPTOptions{OlderSnapshot: true}); err != nil {
		t.Fatal(err)
	}
	return []string{dev, wc, plain, filepath.Join(dir, "missing.jsonl"), sc, cut, gz}
}

// mergeShards mines args as n shards and merges them; it returns the
// merged directory and the shards' summaries.
func mergeShards(t *testing.T, n int, args []string, opt miner.Options) (string, []*miner.Summary) {
	t.Helper()
	var dirs []string
	var sums []*miner.Summary
	for i := 1; i <= n; i++ {
		d := t.TempDir()
		o := opt
		o.Shard = miner.Shard{Index: i, Count: n}
		res := mustRun(t, d, args, o)
		if res.Summary.Shard != o.Shard.String() {
			t.Errorf("summary.json of shard %s says shard %q", o.Shard, res.Summary.Shard)
		}
		dirs = append(dirs, d)
		sums = append(sums, res.Summary)
	}
	// The order of the directories does not matter.
	for i, j := 0, len(dirs)-1; i < j; i, j = i+1, j-1 {
		dirs[i], dirs[j] = dirs[j], dirs[i]
	}
	out := t.TempDir()
	if _, err := miner.Merge(out, dirs); err != nil {
		t.Fatalf("Merge of %d shards: %v", n, err)
	}
	return out, sums
}

// TestShardsMergeToSingleRun: the fixtures (all four formats) mined as 3
// shards and merged give summary.json, events.jsonl, errors.jsonl and
// cases.jsonl byte-identical to a single run; so does a generated corpus
// with damage in every format and small units (Parquet row groups of 19
// rows, JSON Lines chunks of 8 KiB) as 4 shards. Every shard gets a share
// of every corpus, also of the conversations of one file.
func TestShardsMergeToSingleRun(t *testing.T) {
	single := t.TempDir()
	mustRun(t, single, []string{fixtures}, miner.Options{})
	merged, _ := mergeShards(t, 3, []string{fixtures}, miner.Options{})
	sameOutputs(t, "fixtures, 3 shards", single, merged)
	if s := read(t, filepath.Join(single, "summary.json")); bytes.Contains(s, []byte(`"shard"`)) {
		t.Errorf("a run without --shard has a shard field")
	}

	args := mixedCorpus(t, 120)
	opt := miner.Options{UnitBytes: 8 << 10}
	single = t.TempDir()
	res := mustRun(t, single, args, opt)
	if res.Errors < 5 || res.Summary.Corpora["devgpt"].Duplicates == 0 {
		t.Fatalf("the corpus should hold damage in every format: %d errors, %+v", res.Errors, res.Summary.Total)
	}
	merged, sums := mergeShards(t, 4, args, opt)
	sameOutputs(t, "generated corpus, 4 shards", single, merged)
	for i, s := range sums {
		for _, name := range []string{"wildchat", "messages", "sharechat", "devgpt"} {
			c, all := s.Corpora[name].Conversations, res.Summary.Corpora[name].Conversations
			if c < all/8 || c > all/2 {
				t.Errorf("shard %d/4: %d of the %d %s conversations", i+1, c, all, name)
			}
		}
	}
}

// TestMergeRefusesBadShardSets: incomplete, duplicated, mismatched or
// unfinished shard sets are refused.
func TestMergeRefusesBadShardSets(t *testing.T) {
	args := []string{filepath.Join(fixtures, "messages")}
	shard := func(i, n int, opt miner.Options) string {
		d := t.TempDir()
		opt.Shard = miner.Shard{Index: i, Count: n}
		mustRun(t, d, args, opt)
		return d
	}
	s1, s2 := shard(1, 2, miner.Options{}), shard(2, 2, miner.Options{})
	plain := t.TempDir()
	mustRun(t, plain, args, miner.Options{})
	other := shard(2, 2, miner.Options{Redact: true})
	for _, tc := range []struct {
		dirs []string
		want string
	}{
		{[]string{s1}, "missing"},
		{[]string{s1, s1}, "both shard"},
		{[]string{s1, plain}, "some do not"},
		{[]string{s1, other}, "not shards of the same run"},
	} {
		_, err := miner.Merge(t.TempDir(), tc.dirs)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Merge %d dirs: %v; want an error with %q", len(tc.dirs), err, tc.want)
		}
	}
	// An interrupted shard is refused until it is resumed.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	d := t.TempDir()
	if _, err := run(t, ctx, d, args, miner.Options{Shard: miner.Shard{Index: 2, Count: 2}}); !errors.Is(err, miner.ErrInterrupted) {
		t.Fatalf("cancelled run: %v, want ErrInterrupted", err)
	}
	if _, err := miner.Merge(t.TempDir(), []string{s1, d}); err == nil || !strings.Contains(err.Error(), "did not finish") {
		t.Errorf("Merge with an unfinished shard: %v", err)
	}
	mustRun(t, d, args, miner.Options{Shard: miner.Shard{Index: 2, Count: 2}, Resume: true})
	if _, err := miner.Merge(t.TempDir(), []string{s1, d}); err != nil {
		t.Errorf("Merge after --resume: %v", err)
	}
	if _, err := miner.Merge(s1, []string{s1, s2}); err == nil {
		t.Errorf("Merge into one of its inputs should fail")
	}
}

// copyDir copies the files of src into dst as a process killed at this
// moment would leave them: the checkpoint first, then the outputs (which
// only grow while the run goes on).
func copyDir(src, dst string) error {
	names := []string{miner.CheckpointFile, "events.jsonl", "cases.jsonl", "errors.jsonl", miner.UnitsFile}
	for _, name := range names {
		b, err := os.ReadFile(filepath.Join(src, name))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dst, name), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// progressOf reads the number of conversations a checkpoint records.
func progressOf(dir string) (convs int, done bool) {
	b, err := os.ReadFile(filepath.Join(dir, miner.CheckpointFile))
	if err != nil {
		return 0, false
	}
	var cp struct {
		Done          bool
		Conversations int
	}
	if json.Unmarshal(b, &cp) != nil {
		return 0, false
	}
	return cp.Conversations, cp.Done
}

// TestShardResume: a shard interrupted mid-run, both by a cancelled
// context (it stops at a unit boundary) and as a kill -9 would leave it (a
// copy of its directory taken while it runs), finishes with Resume to the
// same outputs as an uninterrupted run of that shard, and the shards still
// merge into the single run's outputs.
func TestShardResume(t *testing.T) {
	args := mixedCorpus(t, 120)
	opt := miner.Options{UnitBytes: 8 << 10, CheckpointEvery: time.Millisecond, Workers: 1}
	single := t.TempDir()
	mustRun(t, single, args, opt)
	var dirs []string
	for i := 1; i <= 3; i++ {
		o := opt
		o.Shard = miner.Shard{Index: i, Count: 3}
		want := t.TempDir()
		mustRun(t, want, args, o)
		if i != 2 {
			dirs = append(dirs, want)
			continue
		}

		out := t.TempDir()
		ctx, cancel := context.WithCancel(context.Background())
		free := []string{t.TempDir(), t.TempDir()}
		var snaps []string
		var copyErr error
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer cancel()
			for last := 0; len(snaps) < len(free) && copyErr == nil; time.Sleep(time.Millisecond) {
				c, done := progressOf(out)
				if done {
					return
				}
				if c > last {
					d := free[len(snaps)]
					copyErr = copyDir(out, d)
					snaps = append(snaps, d)
					last = c + 60
				}
			}
		}()
		_, err := run(t, ctx, out, args, o)
		wg.Wait()
		if copyErr != nil {
			t.Fatal(copyErr)
		}
		if err != nil && !errors.Is(err, miner.ErrInterrupted) {
			t.Fatalf("shard %s: %v", o.Shard, err)
		}
		if len(snaps) == 0 {
			t.Fatalf("shard %s: no snapshot taken mid-run", o.Shard)
		}
		o.Resume = true
		for k, d := range append(snaps, out) {
			res := mustRun(t, d, args, o)
			if !res.Resumed {
				t.Errorf("shard %s, interruption %d: not resumed", o.Shard, k)
			}
			sameOutputs(t, "resumed shard "+o.Shard.String(), want, d)
			if !bytes.Equal(read(t, filepath.Join(want, miner.UnitsFile)), read(t, filepath.Join(d, miner.UnitsFile))) {
				t.Errorf("shard %s, interruption %d: %s differs", o.Shard, k, miner.UnitsFile)
			}
		}
		dirs = append(dirs, snaps[0])
	}
	merged := t.TempDir()
	if _, err := miner.Merge(merged, dirs); err != nil {
		t.Fatal(err)
	}
	sameOutputs(t, "merge of resumed shards", single, merged)
}
