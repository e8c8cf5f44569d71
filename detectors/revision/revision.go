// Package revision decides, offline and by rules, whether a user turn asks the
// assistant to revise something it already produced in the conversation, and
// of which type (withdraw, replace, correct, reformat, extend, other).
//
// A turn is a candidate when the history before it holds an assistant message
// with text and the keyword screen (package screen) finds a cue in the
// user's own prose. The rules then look at every cue in its sentence:
//
//   - vetoes: a turn that is a quiz, a new persona prompt, a continuation
//     ("continue", "next chapter") or a bare "no"; a question asking for
//     information ("why did you remove X?", "how do I delete a branch?"); a
//     new task with a new object ("now write a poem about cats", "write a
//     function to remove duplicates"); a cue inside the description of a tool
//     ("a script that deletes ..."); new material pasted for a new
//     transformation ("translate this: <text>") unless the pasted text is the
//     assistant's own draft or the sentence points at the assistant's output
//     ("your answer", "you wrote"); participles and purpose clauses
//     ("including X", "to avoid X"); the user's own actions ("I'll update
//     it"); pushback on a refusal;
//   - a cue stands for an instruction when it opens its clause (after
//     politeness and request frames: "ok, please remove ...", "can you make it
//     shorter"), when only frames and references to the draft precede it
//     ("the ending is too long", "i want the intro shorter"), when the whole
//     turn is short ("no emojis", "more formal"), when it reports a fault of
//     the draft ("it doesn't work", "the output is wrong", an error message
//     right after the assistant gave code), or when it follows an accepted
//     instruction in the same sentence. Vague cues ("better", "it should",
//     "another") and common complaint words ("still", "issue") need a short
//     turn, code before, or an explicit reference to the draft; a turn that
//     re-asks an earlier request with a new constraint escapes the new-task
//     veto.
//
// The type is that of the accepted cues with the highest precedence
// (withdraw > replace > correct > extend > reformat > other), refined by the
// sentence: a removal with a substitute is a replacement ("remove Bob and put
// Alice instead"), "change X to Y" is a reformat when it is about form
// (tone, format, language) and a replacement otherwise, "cut it down" is a
// reformat. For withdraw and replace the item is extracted from the request
// when it is named ("remove the password" -> "password", "replace Bob with
// Alice" -> "Bob", quoted items verbatim).
package revision

import (
	"slices"
	"strings"

	"github.com/revtrace/revtrace/corpora"
	"github.com/revtrace/revtrace/detectors/screen"
)

// Version identifies the rules; it is recorded with results. rules-12 adds
// the repeat with a change ("another one, but this time ...", thisTime);
// rules-13 "you mean X" stated as a correction, how the draft behaved when
// run ("it's frozen now", "X has no effect", malfunctionCues), lengths in
// paragraphs and sentences and the zh length and wish leads, a form given to
// a question ("in one sentence, what is X?"), and a request sent again with
// only "more" or form words swapped in (modifiersOnly11); rules-14 the
// multilingual families of rules14.go (the same draft again with a change,
// rounding, a Chinese form verb, an explanation in another language, "继续"
// with an edit verb, a wish with a place in the draft, missing parts in
// more languages and inflections) and the transformation verbs of every
// language the screen covers; rules-15 the fault statements of rules15.go
// (the draft said to lack something, its program doing something
// "instead", a refusal with the substitute in the next sentence), the next
// part of a text the user pasted whole earlier taken as new material, a
// pasted block found below a cue-bearing instruction line that is not the
// turn's strongest cue, and log markers matched only at a word's end
// ("exceptional" is no "exception"); rules-16 the question restated as a
// misread ("my question was …", "我问的是…", "meine frage war …").
const Version = "revision-rules-16"

// Revision types.
const (
	Withdraw = "withdraw"
	Replace  = "replace"
	Correct  = "correct"
	Reformat = "reformat"
	Extend   = "extend"
	Other    = "other"
)

var types = []string{Withdraw, Replace, Correct, Extend, Reformat, Other}

// Types returns the revision types in precedence order (withdraw first).
func Types() []string { return slices.Clone(types) }

func typeRank(t string) int { return slices.Index(types, t) }

// Verdict is the result of Check for one user turn.
type Verdict struct {
	Candidate  bool   // an earlier assistant message exists and the screen matched
	Keyword    string // the screen's cue ("" when not a candidate)
	Family     string // the cue's family ("" when not a candidate)
	IsRevision bool
	Type       string // "" when not a revision
	Item       string // the item the request withdraws or replaces, "" if none named
}

// Classifier is the rule-based revision check. It is safe for concurrent use.
type Classifier struct {
	screen *screen.Screen
}

// New returns a classifier using the screen s (screen.Default() when nil).
func New(s *screen.Screen) *Classifier {
	if s == nil {
		s = screen.Default()
	}
	return &Classifier{screen: s}
}

// Check classifies turn given the messages before it. A turn with no earlier
// assistant message (with text) is never a candidate; a non-candidate is never
// a revision.
func (c *Classifier) Check(history []corpora.Message, turn string) Verdict {
	v, _ := c.explain(nil, history, turn, false)
	return v
}

// CheckMemo is Check for one of a conversation's later turns: memo keeps
// what was read of the earlier messages for the conversation's next turns
// (see Memo). The verdict is Check's.
func (c *Classifier) CheckMemo(memo *Memo, history []corpora.Message, turn string) Verdict {
	v, _ := c.explain(memo, history, turn, false)
	return v
}

// Explain is Check that also returns, for every cue found, why it was
// accepted or rejected (for debugging rules).
func (c *Classifier) Explain(history []corpora.Message, turn string) (Verdict, []string) {
	return c.explain(nil, history, turn, true)
}

// explain is Explain with memo (nil for none); the notes are written only
// when withNotes is set (Check and CheckMemo drop them).
func (c *Classifier) explain(memo *Memo, history []corpora.Message, turn string, withNotes bool) (Verdict, []string) {
	if !hasAssistant(history) {
		return Verdict{}, []string{"no earlier assistant message"}
	}
	prose, folded, hits := c.screen.HitsFold(turn)
	best, ok := screen.Best(hits)
	var short bool
	if !ok {
		if !screen.CuelessFolded(turn, prose, folded) {
			// The request before sent again with words added is selected
			// without a cue (see rules11).
			if reaskOf11(lastUser11(history), turn).kind != reaskAdded11 {
				return Verdict{}, []string{"no cue"}
			}
			a := newAnalysis(c.screen, memo, history, turn, prose, folded, hits, withNotes)
			a.note("no cue: the request before sent again with words added")
			v := Verdict{Candidate: true}
			v.Type, v.Item = a.rules11("", "")
			v.IsRevision = v.Type != ""
			return v, a.notes
		}
		short = true // the screen selects a turn without a cue only when it is short
	} else {
		short = screen.Short(prose)
	}
	// A short turn the screen selects without a cue is a candidate with an
	// empty keyword and family.
	v := Verdict{Candidate: true, Keyword: best.Keyword, Family: best.Family}
	a := newAnalysis(c.screen, memo, history, turn, prose, folded, hits, withNotes)
	if ok {
		v.Type, v.Item = a.decide()
	} else {
		a.note("no cue: short turn")
	}
	if v.Type == "" && short {
		v.Type, v.Item = a.cueless()
	}
	v.Type, v.Item = a.rules6(v.Type, v.Item)
	v.Type, v.Item = a.rules7(v.Type, v.Item)
	v.Type, v.Item = a.rules8(v.Type, v.Item)
	v.Type, v.Item = a.rules9(v.Type, v.Item)
	v.Type, v.Item = a.rules10(v.Type, v.Item)
	v.Type, v.Item = a.rules11(v.Type, v.Item)
	v.Type, v.Item = a.rules14(v.Type, v.Item)
	v.Type, v.Item = a.rules15(v.Type, v.Item)
	if (v.Type == "" || v.Type == Other) && a.turnVeto() == "" && (len(a.sents) == 0 || !a.newTask(a.sents[0])) && a.featureWish() {
		// "each item needs a little x button next to it to delete it":
		// a feature for every item of the draft, whatever cue it holds.
		a.note("a feature wished for each item of the draft")
		v.Type = Extend
	}
	v.IsRevision = v.Type != ""
	return v, a.notes
}

func hasAssistant(history []corpora.Message) bool {
	for _, m := range history {
		if m.Role == corpora.RoleAssistant && strings.TrimSpace(m.Content) != "" {
			return true
		}
	}
	return false
}

// FamilyType maps a screen family to the revision type it suggests.
func FamilyType(family string) string {
	switch family {
	case screen.Withdraw:
		return Withdraw
	case screen.Replace:
		return Replace
	case screen.Correct:
		return Correct
	case screen.Reformat:
		return Reformat
	case screen.Extend:
		return Extend
	case screen.Generic:
		return Other
	}
	return ""
}
