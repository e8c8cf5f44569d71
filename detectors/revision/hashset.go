package revision

// hashSet is a set of 64-bit shingle hashes: open addressing with linear
// probing over a power-of-two table, grown at half full. The hashes come
// out of mixHashes' finaliser, so their low bits index the table as they
// are. It does the work of a map[uint64]struct{} at a fraction of the cost
// per insert and look-up, which the shingle overlaps do by the thousand.
type hashSet struct {
	slots []uint64 // 0 marks an empty slot
	n     int      // hashes held, the zero hash included
	zero  bool     // the hash 0 (which cannot sit in a slot) is held
}

// newHashSet returns a set sized for about n hashes.
func newHashSet(n int) *hashSet {
	size := 16
	for size < 2*n {
		size <<= 1
	}
	return &hashSet{slots: make([]uint64, size)}
}

// add inserts h and reports whether it was new.
func (s *hashSet) add(h uint64) bool {
	if h == 0 {
		if s.zero {
			return false
		}
		s.zero = true
		s.n++
		return true
	}
	if s.slots == nil || 2*(s.n+1) > len(s.slots) {
		s.grow()
	}
	mask := uint64(len(s.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case h:
			return false
		case 0:
			s.slots[i] = h
			s.n++
			return true
		}
	}
}

// has reports whether h is in the set.
func (s *hashSet) has(h uint64) bool {
	if h == 0 {
		return s.zero
	}
	if len(s.slots) == 0 {
		return false
	}
	mask := uint64(len(s.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case h:
			return true
		case 0:
			return false
		}
	}
}

// reserve makes room for n more hashes without growing on the way.
func (s *hashSet) reserve(n int) {
	size := max(len(s.slots), 16)
	for 2*(s.n+n) > size {
		size <<= 1
	}
	if size > len(s.slots) {
		s.rehash(size)
	}
}

// len is the number of hashes held.
func (s *hashSet) len() int { return s.n }

func (s *hashSet) grow() { s.rehash(max(2*len(s.slots), 16)) }

// rehash moves the hashes into a table of size slots (a power of two).
func (s *hashSet) rehash(size int) {
	old := s.slots
	s.slots = make([]uint64, size)
	mask := uint64(size - 1)
	for _, h := range old {
		if h == 0 {
			continue
		}
		i := h & mask
		for s.slots[i] != 0 {
			i = (i + 1) & mask
		}
		s.slots[i] = h
	}
}
