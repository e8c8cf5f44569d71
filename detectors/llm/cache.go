package llm

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sync"
)

// Cache is the on-disk answer cache: one append-only JSON Lines file, one
// Record per line, keyed by (model, prompt hash, input hash).
//
// SENSITIVE: records hold the model's raw answers, which quote the chats
// they judge (requests, replies, withdrawn items). The file is created with
// mode 0600 (an existing file is narrowed to 0600 on open), is never
// redacted, and should be kept out of shared output directories.
//
// Every record is written with a single write(2) on an O_APPEND descriptor,
// under a mutex, so a line is never interleaved with another; a crash can at
// worst leave a torn last line, which Open skips (and ends with a newline so
// the next record starts clean). Later records for the same key win. Only the
// key index (key → offset) is kept in memory; records are read back on a hit.
type Cache struct {
	mu    sync.Mutex
	f     *os.File
	path  string
	index map[string]cacheLoc
	size  int64
	bad   int
}

type cacheLoc struct {
	off int64
	n   int
}

// Record is one cached call: everything method.md asks to record per call.
type Record struct {
	Key            string  `json:"key"`
	Check          string  `json:"check"`
	Model          string  `json:"model"`
	Temperature    float32 `json:"temperature"`
	PromptID       string  `json:"prompt_id"`
	PromptHash     string  `json:"prompt_hash"`
	InputHash      string  `json:"input_hash"`
	ResponseFormat string  `json:"response_format"`
	Status         string  `json:"status"`
	FinishReason   string  `json:"finish_reason,omitempty"`
	Raw            string  `json:"raw"`
	PromptTokens   int     `json:"prompt_tokens,omitempty"`
	OutputTokens   int     `json:"completion_tokens,omitempty"`
	ServedModel    string  `json:"served_model,omitempty"`
}

// CacheKey is the key of (model, prompt hash, input hash).
func CacheKey(model, promptHash, inputHash string) string {
	h := sha256.New()
	fmt.Fprintf(h, "revtrace-llm-cache-v1\x00%s\x00%s\x00%s", model, promptHash, inputHash)
	return hex.EncodeToString(h.Sum(nil))
}

// OpenCache opens (or creates) the cache file at path.
func OpenCache(path string) (*Cache, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return nil, fmt.Errorf("llm cache: %w", err)
	}
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return nil, fmt.Errorf("llm cache: %w", err)
	}
	c := &Cache{f: f, path: path, index: map[string]cacheLoc{}}
	if err := c.load(); err != nil {
		f.Close()
		return nil, err
	}
	return c, nil
}

func (c *Cache) load() error {
	if _, err := c.f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	r := bufio.NewReaderSize(c.f, 1<<20)
	var off int64
	for {
		line, err := r.ReadBytes('\n')
		if len(line) > 0 {
			complete := line[len(line)-1] == '\n'
			var k struct {
				Key string `json:"key"`
			}
			if complete && json.Unmarshal(line, &k) == nil && k.Key != "" {
				c.index[k.Key] = cacheLoc{off, len(line)}
			} else {
				c.bad++
			}
			off += int64(len(line))
			if !complete {
				// Torn tail from a crash: close the line.
				if _, err := c.f.Write([]byte("\n")); err != nil {
					return err
				}
				off++
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("llm cache: %w", err)
		}
	}
	c.size = off
	return nil
}

// Get returns the record for key.
func (c *Cache) Get(key string) (Record, bool) {
	c.mu.Lock()
	loc, ok := c.index[key]
	c.mu.Unlock()
	if !ok {
		return Record{}, false
	}
	buf := make([]byte, loc.n)
	if _, err := c.f.ReadAt(buf, loc.off); err != nil {
		return Record{}, false
	}
	var rec Record
	if err := json.Unmarshal(buf, &rec); err != nil || rec.Key != key {
		return Record{}, false
	}
	return rec, true
}

// Put appends rec (rec.Key must be set).
func (c *Cache) Put(rec Record) error {
	line, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	line = append(line, '\n')
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, err := c.f.Write(line); err != nil {
		return fmt.Errorf("llm cache: %w", err)
	}
	c.index[rec.Key] = cacheLoc{c.size, len(line)}
	c.size += int64(len(line))
	return nil
}

// Len is the number of keys in the cache.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.index)
}

// Skipped is the number of unreadable lines found on open.
func (c *Cache) Skipped() int { return c.bad }

// Sync flushes the file to stable storage.
func (c *Cache) Sync() error { return c.f.Sync() }

// Close syncs and closes the file.
func (c *Cache) Close() error {
	if c == nil || c.f == nil {
		return nil
	}
	err := c.f.Sync()
	if cerr := c.f.Close(); err == nil {
		err = cerr
	}
	return err
}
