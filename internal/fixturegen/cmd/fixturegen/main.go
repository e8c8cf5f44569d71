// Command fixturegen writes synthetic corpora in the published formats
// (WildChat Parquet, ShareChat CSV, DevGPT snapshot JSON, OpenAI messages
// JSON Lines, ShareGPT JSON, LMSYS-Chat-1M Parquet, the ChatGPT export ZIP
// and the Claude.ai export's conversations.json) from fixturegen.Generate. With the defaults it regenerates the
// committed fixtures under testdata/fixtures; with -n 200000 it makes a
// benchmark corpus.
//
//	go run ./internal/fixturegen/cmd/fixturegen -out testdata/fixtures
//	go run ./internal/fixturegen/cmd/fixturegen -out /tmp/big -n 200000 -formats wildchat,messages
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/revtrace/revtrace/internal/fixturegen"
)

func main() {
	out := flag.String("out", "testdata/fixtures", "output directory")
	n := flag.Int("n", 0, "conversations per format (0: the committed fixture sizes)")
	seed := flag.Int64("seed", 1, "generator seed")
	formats := flag.String("formats", "wildchat,sharechat,devgpt,messages,sharegpt,lmsys,chatgpt-export,claude-export", "formats to write")
	compress := flag.String("compress", "zst", "compression of the messages JSONL: zst, gz or none")
	flag.Parse()
	if err := run(*out, *n, *seed, strings.Split(*formats, ","), *compress); err != nil {
		fmt.Fprintln(os.Stderr, "fixturegen:", err)
		os.Exit(1)
	}
}

// Committed fixture sizes: all planted cases plus some filler, small enough
// that all fixtures together stay well under 2 MB.
var defaultN = map[string]int{"wildchat": 160, "sharechat": 120, "devgpt": 110, "messages": 140,
	"sharegpt": 60, "lmsys": 60, "chatgpt-export": 60, "claude-export": 60}

// Seed offsets of the committed fixtures, one per format.
var seedOffset = map[string]int64{"wildchat": 0, "sharechat": 1000, "devgpt": 2000, "messages": 3000,
	"sharegpt": 4000, "lmsys": 5000, "chatgpt-export": 6000, "claude-export": 7000}

func run(out string, n int, seed int64, formats []string, compress string) error {
	counts := map[string]int{}
	for _, f := range formats {
		f = strings.TrimSpace(f)
		// With -n every format gets the same conversations (so that a
		// benchmark compares like with like); the committed fixtures use a
		// different seed per format so that the corpora differ.
		k, s := n, seed
		if k == 0 {
			k, s = defaultN[f], seed+seedOffset[f]
		}
		dir := filepath.Join(out, f)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		var got int
		var err error
		switch f {
		case "wildchat":
			got, err = writeFile(filepath.Join(dir, "train-00000-of-00001.parquet"), func(w *os.File) (int, error) {
				return fixturegen.WriteWildChat(w, fixturegen.Generate(s, k), fixturegen.WildChatOptions{})
			})
		case "sharechat":
			got, err = writeFile(filepath.Join(dir, "chatgpt_results_final_language_filtered.csv"), func(w *os.File) (int, error) {
				return fixturegen.WriteShareChat(w, fixturegen.Generate(s, k), fixturegen.ShareChatOptions{Ambiguous: true})
			})
		case "devgpt":
			got, err = fixturegen.WriteDevGPT(dir, fixturegen.Generate(s, k), fixturegen.DevGPTOptions{})
		case "messages":
			name := "conversations.jsonl"
			if compress != "none" {
				name += "." + compress
			}
			got, err = writeFile(filepath.Join(dir, name), func(w *os.File) (int, error) {
				if compress == "none" {
					return fixturegen.WriteMessages(w, fixturegen.Generate(s, k), fixturegen.MessagesOptions{})
				}
				cw, err := fixturegen.Compress(w, compress)
				if err != nil {
					return 0, err
				}
				m, err := fixturegen.WriteMessages(cw, fixturegen.Generate(s, k), fixturegen.MessagesOptions{})
				if cerr := cw.Close(); err == nil {
					err = cerr
				}
				return m, err
			})
		case "sharegpt":
			got, err = writeFile(filepath.Join(dir, "sg_90k_part1.json"), func(w *os.File) (int, error) {
				return fixturegen.WriteShareGPT(w, fixturegen.Generate(s, k), fixturegen.ShareGPTOptions{})
			})
		case "lmsys":
			got, err = writeFile(filepath.Join(dir, "train-00000-of-00001-4bd2a4c8e6f0a1b3.parquet"), func(w *os.File) (int, error) {
				return fixturegen.WriteWildChat(w, fixturegen.Generate(s, k), fixturegen.WildChatOptions{Release: fixturegen.ReleaseLMSYS})
			})
		case "chatgpt-export":
			got, err = writeFile(filepath.Join(dir, "chatgpt-export.zip"), func(w *os.File) (int, error) {
				return fixturegen.WriteChatGPTExport(w, fixturegen.Generate(s, k), fixturegen.ChatGPTExportOptions{Zip: true})
			})
		case "claude-export":
			got, err = writeFile(filepath.Join(dir, "conversations.json"), func(w *os.File) (int, error) {
				return fixturegen.WriteClaudeExport(w, fixturegen.Generate(s, k), fixturegen.ClaudeExportOptions{})
			})
		default:
			return fmt.Errorf("unknown format %q", f)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
		counts[f] = got
		fmt.Printf("%s: %d conversations -> %s\n", f, got, dir)
	}
	return nil
}

func writeFile(path string, fn func(*os.File) (int, error)) (int, error) {
	f, err := os.Create(path)
	if err != nil {
		return 0, err
	}
	n, err := fn(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return n, err
}
