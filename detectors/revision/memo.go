package revision

import (
	"strings"

	"github.com/revtrace/revtrace/corpora"
	"github.com/revtrace/revtrace/detectors/screen"
)

// A Memo keeps what the classifier derives from a conversation's earlier
// messages (their folded text, the earlier user turns' words and cues, the
// shingles of the assistant's and the user's messages) across the checks of
// the conversation's later turns. Without it every check reads the whole
// history again, which makes a conversation's cost grow with the square of
// its length.
//
// A Memo belongs to one conversation: pass it with prefixes of one message
// slice (history = msgs[:i] for each turn i). A history of another slice,
// or a shorter one than before, starts the memo afresh, so a misuse costs
// time, never a different verdict. The zero value is ready to use. A Memo
// is not safe for concurrent use.
type Memo struct {
	base *corpora.Message // &history[0] of the conversation the memo holds
	n    int              // longest history seen
	msgs []memoMsg        // by index in the history
	// Shingle hashes of the folded assistant messages and of the folded
	// user messages, of history[:asstN] and history[:userN].
	asstSh, userSh map[uint64]struct{}
	asstN, userN   int
}

type memoMsg struct {
	folded   string // screen.Fold(Content), see fold
	foldedOK bool
	code     int8 // looksLikeCode(folded): 0 not known yet, 1 no, 2 yes
	user     *userTurn
}

// reset makes m hold history (dropping what it held) when history is not a
// continuation of the conversation m holds.
func (m *Memo) reset(history []corpora.Message) {
	var base *corpora.Message
	if len(history) > 0 {
		base = &history[0]
	}
	if base == m.base && len(history) >= m.n {
		if len(history) > len(m.msgs) {
			m.msgs = append(m.msgs, make([]memoMsg, len(history)-len(m.msgs))...)
		}
		m.n = len(history)
		return
	}
	*m = Memo{base: base, n: len(history), msgs: make([]memoMsg, len(history))}
}

// fold returns screen.Fold of history[i].Content.
func (m *Memo) fold(history []corpora.Message, i int) string {
	e := &m.msgs[i]
	if !e.foldedOK {
		e.folded, e.foldedOK = screen.Fold(history[i].Content), true
	}
	return e.folded
}

// isCode returns looksLikeCode of history[i]'s folded text.
func (m *Memo) isCode(history []corpora.Message, i int) bool {
	e := &m.msgs[i]
	if e.code == 0 {
		e.code = 1
		if looksLikeCode(m.fold(history, i)) {
			e.code = 2
		}
	}
	return e.code == 2
}

// userTurn returns the earlier user turn history[i] with its content words.
func (m *Memo) userTurn(history []corpora.Message, i int) *userTurn {
	e := &m.msgs[i]
	if e.user == nil {
		p := screen.Prose(history[i].Content)
		f := screen.Fold(p)
		e.user = &userTurn{prose: p, folded: f, words: contentWords(f)}
	}
	return e.user
}

// shingleSet returns the hashes of the shingles of the folded messages of
// role in history, adding the messages not read yet.
func (m *Memo) shingleSet(history []corpora.Message, role string) map[uint64]struct{} {
	set, done := &m.asstSh, &m.asstN
	if role == corpora.RoleUser {
		set, done = &m.userSh, &m.userN
	}
	if *set == nil {
		*set = map[uint64]struct{}{}
	}
	var buf []byte
	for i := *done; i < len(history); i++ {
		if history[i].Role != role || (role == corpora.RoleAssistant && strings.TrimSpace(history[i].Content) == "") {
			continue
		}
		eachShingle(m.fold(history, i), &buf, func(k []byte) bool {
			(*set)[shingleHash(k)] = struct{}{}
			return true
		})
	}
	*done = len(history)
	return *set
}

// shingleHash is 64-bit FNV-1a. Two shingles of a conversation share a hash
// with a probability of about n²/2⁶⁵ for n shingles: far below one in a
// billion for any conversation.
func shingleHash(k []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range k {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h
}

// overlapsSet reports whether at least draftOverlap of the material's
// distinct shingles (see shingles) are in set.
func overlapsSet(material string, set map[uint64]struct{}) bool {
	var buf []byte
	own := map[uint64]struct{}{}
	met := 0
	eachShingle(material, &buf, func(k []byte) bool {
		h := shingleHash(k)
		if _, dup := own[h]; !dup {
			own[h] = struct{}{}
			if _, ok := set[h]; ok {
				met++
			}
		}
		return true
	})
	return len(own) > 0 && float64(met) >= draftOverlap*float64(len(own))
}
