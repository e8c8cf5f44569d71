package realgold

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/revtrace/revtrace/corpora"
	"github.com/revtrace/revtrace/detectors/screen"
	"github.com/revtrace/revtrace/eval"
)

// Pick is one selected turn: where it is in the sample and the SHA-256 of
// its text. It is the first part of a label record.
type Pick struct {
	ID             string `json:"id"`
	ConversationID string `json:"conversation_id"`
	TurnIndex      int    `json:"turn_index"`
	TurnSHA256     string `json:"turn_sha256"`
}

// TurnSHA256 returns the hex SHA-256 of a turn's exact content.
func TurnSHA256(content string) string {
	sum := sha256.Sum256([]byte(content))
	return hex.EncodeToString(sum[:])
}

// isBlank reports whether s holds only white space.
func isBlank(s string) bool { return strings.TrimSpace(s) == "" }

// IsLaterUserTurn reports whether messages[i] is a later user turn: a user
// message that is not blank, is not the first user message of its
// conversation, and follows at least one assistant message that is not
// blank.
func IsLaterUserTurn(messages []Message, i int) bool {
	if i < 0 || i >= len(messages) || corpora.NormaliseRole(messages[i].Role) != corpora.RoleUser || isBlank(messages[i].Content) {
		return false
	}
	earlierUser, earlierAssistant := false, false
	for _, m := range messages[:i] {
		switch {
		case corpora.NormaliseRole(m.Role) == corpora.RoleUser:
			earlierUser = true
		case corpora.NormaliseRole(m.Role) == corpora.RoleAssistant && !isBlank(m.Content):
			earlierAssistant = true
		}
	}
	return earlierUser && earlierAssistant
}

// Candidates returns every later user turn of the sample (IsLaterUserTurn),
// sorted by conversation id and then message index. Ids are left empty.
func Candidates(convs []Conversation) []Pick {
	var out []Pick
	for _, c := range convs {
		for i, m := range c.Messages {
			if IsLaterUserTurn(c.Messages, i) {
				out = append(out, Pick{ConversationID: c.ID, TurnIndex: i, TurnSHA256: TurnSHA256(m.Content)})
			}
		}
	}
	sort.Slice(out, func(a, b int) bool {
		if out[a].ConversationID != out[b].ConversationID {
			return out[a].ConversationID < out[b].ConversationID
		}
		return out[a].TurnIndex < out[b].TurnIndex
	})
	return out
}

// Select draws n later user turns at random: the candidates in their stable
// order (Candidates) are shuffled with math/rand/v2's PCG seeded with
// (seed, 0), and the first n are kept, in shuffled order. They get ids
// "<prefix>-001", "<prefix>-002", ... in that order (at least three digits).
// Asking for more turns than there are candidates is an error.
func Select(convs []Conversation, seed uint64, n int, prefix string) ([]Pick, error) {
	return SelectExcluding(convs, seed, n, prefix, nil)
}

// SelectExcluding is Select over the conversations whose id is not in
// exclude, so that a new set shares no conversation with the sets drawn
// before it (a turn's neighbours in its conversation would otherwise leak
// a labelled set's topics into the next). With an empty exclude it draws
// exactly what Select draws.
func SelectExcluding(convs []Conversation, seed uint64, n int, prefix string, exclude map[string]bool) ([]Pick, error) {
	var kept []Conversation
	for _, c := range convs {
		if !exclude[c.ID] {
			kept = append(kept, c)
		}
	}
	cands := Candidates(kept)
	if n < 0 || n > len(cands) {
		return nil, fmt.Errorf("asked for %d turns, the sample has %d later user turns", n, len(cands))
	}
	return draw(cands, seed, n, prefix, func(p *Pick) *string { return &p.ID }), nil
}

// SelectWithin draws n later user turns from the conversations whose id
// is in within, leaving out the turns in taken (by conversation id and
// message index): a further set from the conversations of an earlier set,
// sharing none of its turns. Sets drawn this way share conversations, so
// they are for the same use (a dev set's conversations give dev turns;
// held-out conversations are not to be drawn from for tuning).
func SelectWithin(convs []Conversation, seed uint64, n int, prefix string, within map[string]bool, taken map[TurnKey]bool) ([]Pick, error) {
	var kept []Conversation
	for _, c := range convs {
		if within[c.ID] {
			kept = append(kept, c)
		}
	}
	var cands []Pick
	for _, p := range Candidates(kept) {
		if !taken[TurnKey{p.ConversationID, p.TurnIndex}] {
			cands = append(cands, p)
		}
	}
	if n < 0 || n > len(cands) {
		return nil, fmt.Errorf("asked for %d turns, the conversations hold %d later user turns not taken", n, len(cands))
	}
	return draw(cands, seed, n, prefix, func(p *Pick) *string { return &p.ID }), nil
}

// TakeASCIITurns adds to taken every later user turn of convs whose text
// holds no letter outside ASCII, so that a draw given taken keeps only
// turns with such a letter: a set enriched in the languages other than
// English (WildChat's Chinese, Russian, Spanish, French, ...). Turns in a
// Latin-script language written without accents are left out with the
// English ones; English turns with one accented word are kept.
func TakeASCIITurns(convs []Conversation, taken map[TurnKey]bool) {
	for _, c := range convs {
		for i, m := range c.Messages {
			if IsLaterUserTurn(c.Messages, i) && !hasNonASCIILetter(m.Content) {
				taken[TurnKey{c.ID, i}] = true
			}
		}
	}
}

func hasNonASCIILetter(s string) bool {
	for _, r := range s {
		if r > unicode.MaxASCII && unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// TakeTurnsOutsideFamilies adds to taken every later user turn of convs
// whose keyword screen (screen.Default) finds no cue of one of families,
// so that a draw given taken keeps only turns with such a cue: a set
// enriched in one kind of request (withdrawals and replacements, the
// rarest and the ones whose traces matter most). A turn counts when any of
// its cues is of a family listed, not only the one Match would choose.
func TakeTurnsOutsideFamilies(convs []Conversation, families []string, taken map[TurnKey]bool) {
	s := screen.Default()
	for _, c := range convs {
		for i, m := range c.Messages {
			if !IsLaterUserTurn(c.Messages, i) {
				continue
			}
			_, hits := s.Hits(m.Content)
			if !slices.ContainsFunc(hits, func(h screen.Hit) bool { return slices.Contains(families, h.Family) }) {
				taken[TurnKey{c.ID, i}] = true
			}
		}
	}
}

// TurnKey names a turn: its conversation and message index.
type TurnKey struct {
	ConversationID string
	TurnIndex      int
}

// TurnKeys adds to keys the (conversation_id, turn_index) of every record
// of a JSON Lines file of labels or picks, with eachPointer's errors.
func TurnKeys(path string, keys map[TurnKey]bool) error {
	return eachPointer(path, func(k TurnKey) { keys[k] = true })
}

// eachPointer calls fn with the conversation id and turn index of every
// record of a JSON Lines file of labels or picks (blank lines skipped); a
// record that is not JSON or has no conversation id is an error naming the
// file and line.
func eachPointer(path string, fn func(TurnKey)) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return eval.EachLine(f, func(n int, line []byte) error {
		var rec struct {
			ConversationID string `json:"conversation_id"`
			TurnIndex      int    `json:"turn_index"`
		}
		if err := json.Unmarshal(line, &rec); err != nil {
			return fmt.Errorf("%s: line %d: %w", path, n, err)
		}
		if rec.ConversationID == "" {
			return fmt.Errorf("%s: line %d: no conversation_id", path, n)
		}
		fn(TurnKey{rec.ConversationID, rec.TurnIndex})
		return nil
	})
}

// draw shuffles cands (in their stable order) with PCG (seed, 0), keeps the
// first n and numbers them "<prefix>-001", "<prefix>-002", ... in that order
// through id. n must be within len(cands).
func draw[T any](cands []T, seed uint64, n int, prefix string, id func(*T) *string) []T {
	r := rand.New(rand.NewPCG(seed, 0))
	r.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
	out := cands[:n]
	for i := range out {
		*id(&out[i]) = fmt.Sprintf("%s-%03d", prefix, i+1)
	}
	return out
}

// ConversationIDs adds to ids the conversation_id of every record of a
// JSON Lines file of labels or picks, with eachPointer's errors.
func ConversationIDs(path string, ids map[string]bool) error {
	return eachPointer(path, func(k TurnKey) { ids[k.ConversationID] = true })
}
