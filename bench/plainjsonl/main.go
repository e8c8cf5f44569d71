// Command plainjsonl writes the benchmark's OpenAI-messages JSON Lines: the
// same conversations fixturegen writes for `-n N -seed S` (so the Parquet
// and the JSON Lines of a benchmark corpus hold identical content), as
// plain records {"id","model","language","messages":[{"role","content"}]}
// with string contents, zstd-compressed.
//
// fixturegen's own JSON Lines vary record shapes the way real files do
// (every 4th record in the Batch API shape, list-of-parts contents, system
// and tool messages); revtrace reads all of them, but the pinned Python
// peer (naive_miner.py) reads only top-level "messages" and would skip a
// quarter of the conversations, so the peers could not agree on the
// candidates. bench/run.sh therefore writes the JSON Lines with this
// command.
//
//	go run ./bench/plainjsonl -out corpus/messages/conversations.jsonl.zst -n 200000 -seed 1
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/revtrace/revtrace/internal/fixturegen"
)

func main() {
	out := flag.String("out", "", "output file (.jsonl.zst)")
	n := flag.Int("n", 200000, "conversations")
	seed := flag.Int64("seed", 1, "generator seed (as fixturegen -seed)")
	flag.Parse()
	if *out == "" || *n <= 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := write(*out, *n, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "plainjsonl:", err)
		os.Exit(1)
	}
}

func write(path string, n int, seed int64) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	cw, err := fixturegen.Compress(f, "zst")
	if err != nil {
		f.Close()
		return err
	}
	got, err := fixturegen.WriteMessages(cw, fixturegen.Generate(seed, n), fixturegen.MessagesOptions{Plain: true})
	if cerr := cw.Close(); err == nil {
		err = cerr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && got != n {
		err = fmt.Errorf("wrote %d conversations, want %d", got, n)
	}
	return err
}
