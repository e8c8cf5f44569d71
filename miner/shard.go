package miner

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"

	"github.com/revtrace/revtrace/corpora"
)

// Shard is one of Count parts of a run (`revtrace mine --shard I/N`, Index
// 1-based). The zero Shard is the whole input.
//
// Every shard reads the same arguments and numbers the same units of work
// (corpora.Unit: a Parquet row group, a chunk of a JSON Lines stream, a
// ShareChat url, a DevGPT occurrence of a share URL; plus, per reader, a
// head for what it reports before its first unit, and one unit per
// problem found while expanding the arguments). A unit belongs to exactly
// one shard:
//
//   - a unit with a Key (DevGPT: the share URL) to shard
//     FNV-1a-64(Key) mod N, so that every occurrence of a URL, and so its
//     de-duplication, stays in one shard;
//   - any other unit to (FNV-1a-64(NAME) + Index + 1) mod N, where NAME is
//     the reader's file as given (the first DevGPT file for the DevGPT
//     reader, "" for the argument problems) and the head has Index -1:
//     consecutive units of a file go round-robin over the shards, starting
//     at a place that depends on the file.
//
// (0-based; shard I takes the units that map to I-1.) The assignment uses
// nothing but the arguments and the input files, so shards can run on
// different machines, in any order, and `revtrace merge` puts their outputs
// back together exactly (see Merge).
type Shard struct {
	Index int // 1..Count
	Count int
}

// ParseShard parses "I/N" with 1 <= I <= N.
func ParseShard(s string) (Shard, error) {
	i, n, ok := strings.Cut(strings.TrimSpace(s), "/")
	if !ok {
		return Shard{}, fmt.Errorf("--shard %q: want I/N, for example 2/8 (I is 1-based, 1..N)", s)
	}
	idx, err1 := strconv.Atoi(strings.TrimSpace(i))
	cnt, err2 := strconv.Atoi(strings.TrimSpace(n))
	if err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("--shard %q: I and N must be integers (I/N, for example 2/8)", s)
	}
	if cnt < 1 {
		return Shard{}, fmt.Errorf("--shard %q: N must be at least 1", s)
	}
	if idx < 1 || idx > cnt {
		return Shard{}, fmt.Errorf("--shard %q: I must be between 1 and N=%d (I is 1-based: a Kubernetes Indexed Job passes $((JOB_COMPLETION_INDEX+1)))", s, cnt)
	}
	return Shard{Index: idx, Count: cnt}, nil
}

// IsZero reports whether s is the whole input.
func (s Shard) IsZero() bool { return s.Count == 0 }

// String returns "I/N", or "" for the whole input.
func (s Shard) String() string {
	if s.IsZero() {
		return ""
	}
	return strconv.Itoa(s.Index) + "/" + strconv.Itoa(s.Count)
}

// owns reports whether unit u of the reader named name belongs to s.
func (s Shard) owns(name string, u corpora.Unit) bool {
	if s.Count <= 1 {
		return true
	}
	var h uint64
	if u.Key != "" {
		h = fnv64(u.Key)
	} else {
		h = fnv64(name) + uint64(u.Index+1)
	}
	return h%uint64(s.Count) == uint64(s.Index-1)
}

func fnv64(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}
