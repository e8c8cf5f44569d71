package revision

import (
	"math/rand/v2"
	"testing"
)

// TestHashSetAgreesWithMap: add and has answer as a map does, for hashes
// that collide in the low bits, the zero hash, repeats, and across growth.
func TestHashSetAgreesWithMap(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, size := range []int{0, 1, 7, 100, 5000} {
		s := newHashSet(size)
		if size == 7 {
			s.reserve(3000) // room made up front, then used
		}
		ref := map[uint64]bool{}
		var keys []uint64
		for range 20000 {
			var h uint64
			switch r.IntN(4) {
			case 0:
				h = r.Uint64()
			case 1:
				h = uint64(r.IntN(64)) << 40 // same low bits: long probe runs
			case 2:
				h = uint64(r.IntN(3)) // 0, 1, 2
			default:
				if len(keys) > 0 {
					h = keys[r.IntN(len(keys))] // a repeat
				}
			}
			if got, want := s.add(h), !ref[h]; got != want {
				t.Fatalf("size %d: add(%#x) = %v, want %v", size, h, got, want)
			}
			ref[h] = true
			keys = append(keys, h)
			if r.IntN(500) == 0 {
				s.reserve(r.IntN(2000)) // a reserve on a filled set keeps what it holds
			}
			if probe := r.Uint64() >> r.IntN(64); s.has(probe) != ref[probe] {
				t.Fatalf("size %d: has(%#x) = %v, want %v", size, probe, s.has(probe), ref[probe])
			}
		}
		if s.len() != len(ref) {
			t.Fatalf("size %d: len %d, want %d", size, s.len(), len(ref))
		}
		for h := range ref {
			if !s.has(h) {
				t.Fatalf("size %d: lost %#x", size, h)
			}
		}
	}
	var empty hashSet
	if empty.has(0) || empty.has(5) || empty.len() != 0 {
		t.Fatal("the zero hashSet is not empty")
	}
}
