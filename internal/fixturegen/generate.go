package fixturegen

import (
	"encoding/hex"
	"time"
)

// baseTime is the timestamp of conversation 0; conversation i is i minutes
// (and a few seconds) later.
var baseTime = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)

// Generate streams n conversations deterministically from seed: first the
// planted cases (all of them if n >= len(Planted()), else the first n), then
// seeded filler conversations. The same seed and n always give the same
// conversations; each one is built when the consumer asks for it, so memory
// does not grow with n.
//
// IDs are 32 lowercase hex digits derived from seed and the position in the
// stream, unique within the stream; times are 2024-01-01T00:00Z plus the
// position in minutes (and a few seconds). Every conversation alternates
// user and assistant messages starting with a user message (2 to 10
// messages), with no system messages. Filler conversations have Kind
// "filler": everyday tasks (emails, documents, lists, stories, advice, code
// in seven languages) in English and, for about 40% of them, Chinese,
// Russian, Spanish, French, German, Portuguese or Japanese; about one later
// turn in nine is a revision request, and about one revision in eleven is
// answered with a trace.
func Generate(seed int64, n int) Seq {
	return func(yield func(Conv) bool) {
		planted := plantedCases()
		var g gen // scratch space reused by every filler conversation
		for i := range n {
			var c Conv
			if i < len(planted) {
				c = planted[i].Conv
				c.Messages = append([]Msg(nil), c.Messages...)
			} else {
				g.build(seed, i, false)
				c = g.conv
			}
			if !yield(stamp(c, seed, i)) {
				return
			}
		}
	}
}

// plantedCases returns the shared planted cases; callers must not modify
// them.
func plantedCases() []Case {
	casesOnce.Do(buildCases)
	return casesAll
}

// stamp sets the ID and time of conversation index of the stream seeded by
// seed.
func stamp(c Conv, seed int64, index int) Conv {
	hi, lo := convID(seed, index)
	var raw [16]byte
	for k := range 8 {
		raw[k] = byte(hi >> (56 - 8*k))
		raw[8+k] = byte(lo >> (56 - 8*k))
	}
	c.ID = hex.EncodeToString(raw[:])
	c.Time = baseTime.Add(time.Duration(index)*time.Minute + time.Duration(lo%60)*time.Second)
	return c
}

// convID returns the 128 bits of an ID. The high half is a bijection of the
// index for a fixed seed, so IDs never repeat within one stream.
func convID(seed int64, index int) (hi, lo uint64) {
	s := mix64(uint64(seed) ^ 0x6a09e667f3bcc909)
	hi = mix64(uint64(index) + s)
	lo = mix64(hi ^ mix64(s+0xbb67ae8584caa73b))
	return hi, lo
}
