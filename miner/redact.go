package miner

import (
	"crypto/sha256"
	"encoding/hex"
)

// Redact replaces s with "[REDACTED:xxxxxxxx]", the first 8 hex digits of
// its SHA-256, so that equal texts stay recognisable as equal without being
// disclosed. The empty string stays empty.
func Redact(s string) string {
	if s == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(s))
	return "[REDACTED:" + hex.EncodeToString(sum[:4]) + "]"
}

// RedactEvent masks every text of ev that comes from the conversation (the
// request, trace sentences, the withdrawn item, matched artifact sentences)
// while keeping offsets, positions, levels and counts.
func RedactEvent(ev *Event) {
	ev.Request = Redact(ev.Request)
	for i := range ev.Traces {
		ev.Traces[i].Sentence = Redact(ev.Traces[i].Sentence)
	}
	if ev.WithdrawnItem != nil {
		r := Redact(*ev.WithdrawnItem)
		ev.WithdrawnItem = &r
	}
	for i := range ev.Links {
		ev.Links[i].Sentence = Redact(ev.Links[i].Sentence)
	}
}
