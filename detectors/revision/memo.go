package revision

import (
	"strings"
	"unicode/utf8"

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
	asstSh, userSh *hashSet
	asstN, userN   int
	// The last two texts normalised for rules11's sent-again test (a
	// turn, then the message before the next turn), with their runes.
	normText [2]string
	normRs   [2][]rune
	normNext int // the slot the next new text takes
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

// norm11 returns norm11Runes(s), kept for the last two texts: the turn a
// check normalises is the message before the next turn. The result must
// not be modified.
func (m *Memo) norm11(s string) []rune {
	for k, t := range m.normText {
		if m.normRs[k] != nil && t == s {
			return m.normRs[k]
		}
	}
	rs := norm11Runes(s)
	k := m.normNext
	m.normText[k], m.normRs[k], m.normNext = s, rs, 1-k
	return rs
}

// shingleSet returns the hashes of the shingles of the folded messages of
// role in history, adding the messages not read yet.
func (m *Memo) shingleSet(history []corpora.Message, role string) *hashSet {
	set, done := &m.asstSh, &m.asstN
	if role == corpora.RoleUser {
		set, done = &m.userSh, &m.userN
	}
	if *set == nil {
		*set = newHashSet(0)
	}
	for i := *done; i < len(history); i++ {
		if history[i].Role != role || (role == corpora.RoleAssistant && strings.TrimSpace(history[i].Content) == "") {
			continue
		}
		s, f := *set, m.fold(history, i)
		s.reserve(len(f) / 6) // about a word per 6 bytes: one growth, not one per doubling
		eachShingleHash(f, func(h uint64) { s.add(h) })
	}
	*done = len(history)
	return *set
}

// eachShingleHash calls fn with the hash of every shingle of s: every
// window of three words (joined by a space), and of four CJK runes (joined
// by nothing), latin and CJK words each making their own windows across
// each other; ’ counts as ' in words. A shingle's hash is that of its
// words' hashes in order (64-bit FNV-1a each) and the kind of window: two
// different shingles of a conversation share a hash with a probability of
// about n²/2⁶⁵ for n shingles, far below one in a billion for any
// conversation.
func eachShingleHash(s string, fn func(h uint64)) {
	var latin [3]uint64 // the last words' hashes, oldest first
	var cjk [4]uint64
	nl, nc := 0, 0
	for i := 0; ; {
		te, w, cjkTok, ok := nextTokHash(s, i)
		if !ok {
			return
		}
		i = te
		if cjkTok {
			cjk[0], cjk[1], cjk[2], cjk[3] = cjk[1], cjk[2], cjk[3], w
			if nc++; nc >= 4 {
				fn(mixHashes(0xc1, cjk[:]))
			}
			continue
		}
		latin[0], latin[1], latin[2] = latin[1], latin[2], w
		if nl++; nl >= 3 {
			fn(mixHashes(0x1a, latin[:]))
		}
	}
}

// nextTokHash is nextTok(s, i, len(s)) that hashes the token's word
// (tokWord) as it reads it: it returns where the token ends, the word's
// fnvString, and whether it is a CJK rune. It reads each byte once, where
// nextTok and fnvString read a word twice.
func nextTokHash(s string, i int) (j int, h uint64, cjk, ok bool) {
	e := len(s)
	for i < e {
		n := 1
		if c := s[i]; c < utf8.RuneSelf {
			if !asciiWord[c] {
				i++
				continue
			}
		} else {
			var r rune
			r, n = utf8.DecodeRuneInString(s[i:])
			if isCJK(r) {
				return i + n, fnvString(s[i : i+n]), true, true
			}
			if !isWordRune(r) {
				i += n
				continue
			}
		}
		h = fnvOffset
		for k := i; k < i+n; k++ {
			h = (h ^ uint64(s[k])) * fnvPrime
		}
		j = i + n
		for j < e {
			c := s[j]
			if c < utf8.RuneSelf && asciiWord[c] {
				h = (h ^ uint64(c)) * fnvPrime
				j++
				continue
			}
			r2, n2 := decodeAt(s, j)
			if c >= utf8.RuneSelf && isWordRune(r2) {
				for k := j; k < j+n2; k++ {
					h = (h ^ uint64(s[k])) * fnvPrime
				}
				j += n2
				continue
			}
			if (r2 == '\'' || r2 == '\u2019' || r2 == '-') && j+n2 < e {
				r3, _ := decodeAt(s, j+n2)
				if isWordRune(r3) {
					if r2 == '\u2019' {
						c = '\'' // tokWord's normalisation
					}
					h = (h ^ uint64(c)) * fnvPrime
					j += n2
					continue
				}
			}
			break
		}
		return j, h, false, true
	}
	return 0, 0, false, false
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func fnvString(s string) uint64 {
	h := uint64(fnvOffset)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime
	}
	return h
}

// mixHashes combines a window's word hashes, in order, with its kind: a
// multiply-xorshift step per word, then a finaliser that spreads nearby
// inputs.
func mixHashes(kind byte, ws []uint64) uint64 {
	h := uint64(kind)
	for _, w := range ws {
		h = (h ^ w) * 0x9e3779b97f4a7c15
		h ^= h >> 32
	}
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	return h
}

// overlapsSet reports whether at least draftOverlap of the material's
// distinct shingles (see shingles) are in set.
func overlapsSet(material string, set *hashSet) bool {
	return overlapShare(distinctShingles(material), set)
}

// distinctShingles returns the distinct shingle hashes of material, in the
// order they first occur.
func distinctShingles(material string) []uint64 {
	own := newHashSet(len(material) / 8) // about a word per 6 bytes
	var hs []uint64
	eachShingleHash(material, func(h uint64) {
		if own.add(h) {
			hs = append(hs, h)
		}
	})
	return hs
}

// overlapShare reports whether at least draftOverlap of the distinct
// hashes hs are in set.
func overlapShare(hs []uint64, set *hashSet) bool {
	met := 0
	for _, h := range hs {
		if set.has(h) {
			met++
		}
	}
	return len(hs) > 0 && float64(met) >= draftOverlap*float64(len(hs))
}
