// Package fixturegen writes synthetic corpora byte-for-byte in the published
// schemas of WildChat (Parquet), ShareChat (CSV), DevGPT (snapshot JSON) and
// OpenAI messages (JSON Lines, optionally .zst/.gz). The text is synthetic;
// the containers, column names, nesting, codecs and quirks are the real ones.
//
// Content comes from Generate: a fixed set of planted cases (revision
// requests of every type, traces at every position and in every deliverable
// type, decoys) followed by seeded filler conversations, so that the same
// seed and count always give the same bytes.
package fixturegen

import (
	"iter"
	"time"
)

// Msg is one message of a synthetic conversation.
type Msg struct {
	Role    string // user|assistant|system|tool
	Content string
}

// Conv is one synthetic conversation, independent of the output format.
type Conv struct {
	ID       string // 32 lowercase hex digits, unique within one Generate stream
	Model    string
	Language string // WildChat-style language name: "English", "German", ...
	Time     time.Time
	Messages []Msg
	// Kind labels what the conversation was planted for ("withdraw/preface",
	// "decoy/first-turn", "filler", ...). Writers ignore it; tests may use it.
	Kind string
}

// Seq is a stream of conversations.
type Seq = iter.Seq[Conv]
