package revision

import (
	"strings"
	"testing"

	"github.com/revtrace/revtrace/corpora"
)

// TestRules15Families: the fault statements revision-rules-15 adds, in
// several languages, with hard negatives that share their words.
func TestRules15Families(t *testing.T) {
	const timetable = "Here is the timetable:\n\nMonday 9:00 Maths\nMonday 10:00 Physics\nTuesday 9:00 Chemistry"
	const codeDraft = "Here is the fixed function:\n\n```python\ndef total(xs):\n    s = 0\n    for x in xs:\n        s += x\n    return s\n```"
	const refsDraft = "Here are two references: Smith, J. (2019). Cloud Security. Oxford University Press; Lee, K. (2020). Risk. Wiley."
	checkFamilies(t, map[string][]familyExample{
		"the draft said to lack something (correct, not withdraw)": {
			{timetable, "No it does not include all the subjects.", Correct},
			{timetable, "it doesn't include biology, fix it", Correct},
			{timetable, "el horario no incluye biología", Correct},
			// the instruction itself stays a withdrawal
			{timetable, "do not include physics", Withdraw},
			{timetable, "don't include the Tuesday classes", Withdraw},
		},
		"the draft's program behaves otherwise than expected (correct)": {
			{codeDraft, "i ran it, but instead of the sum it prints 0", Correct},
			{codeDraft, "the test is outputting 7 instead of 17", Correct},
			{codeDraft, "la función devuelve 0 en lugar de 17", Correct},
			{codeDraft, "функция выводит 0 вместо 17", Correct},
			// (unchanged by rules-15) a wish for other behaviour is a
			// request, and a draft with no code has no program that behaves
			{codeDraft, "can you use a list comprehension instead of the loop?", Reformat},
			{refsDraft, "the second one shows a book instead of an article", Replace},
		},
		"a refusal followed by its substitute in a sentence of its own (replace)": {
			{refsDraft, "I don't want a reference from a book. Just give me an article", Replace},
			{refsDraft, "no books please. Just use journal articles", Replace},
			{refsDraft, "sin libros. Solo dame artículos", Replace},
			// nothing put in place: a withdrawal; a substitute lead that
			// is only a past form is no lead
			{refsDraft, "remove the Wiley one.", Withdraw},
			{refsDraft, "remove the Wiley one. Just used it in class", Withdraw},
		},
	})
}

// TestNextPartOfSource: a further part of a text the user pasted whole at
// the start, sent for the same transformation as the part before, is new
// material, although an earlier rewrite of the whole text echoed it; the
// part the draft was made from, sent again, is not.
func TestNextPartOfSource(t *testing.T) {
	p1 := "Clear guidelines form a vital aspect of a comprehensive approach when developing data security structures across every department of the organisation, and they must be written so that every member understands them with no special training or legal help, and they are reviewed every year by the people who use them."
	p2 := "In conclusion, embracing a comprehensive approach to data handling that integrates essential elements into one cohesive strategy will safeguard sensitive information, organisational reputation and operational success for many years to come in a constantly changing digital landscape, where new threats appear every single month."
	essay := p1 + "\n\n" + p2
	echo := "Clear guidelines form a vital aspect of a comprehensive approach when developing data security structures. In conclusion, embracing a comprehensive approach to data handling that integrates essential elements into one cohesive strategy will safeguard sensitive information."
	h := []corpora.Message{
		{Role: corpora.RoleUser, Content: "Improve my essay:\n\n" + essay},
		{Role: corpora.RoleAssistant, Content: echo},
		{Role: corpora.RoleUser, Content: p1 + "\n\nMake this longer."},
		{Role: corpora.RoleAssistant, Content: "Clear and concise guidelines form one of the most important aspects of any comprehensive security approach, because every member must understand and follow them."},
	}
	c := New(nil)
	for _, tc := range []struct {
		turn, want string
	}{
		{p2 + "\n\nMake this longer and no more than 300 words.", ""},
		{p1 + "\n\nMake this longer, it is still too short and no more than 300 words.", Reformat},
	} {
		v, notes := c.Explain(h, tc.turn)
		if v.Type != tc.want {
			t.Errorf("%q...: %q, want %q\n  %s", tc.turn[:40], v.Type, tc.want, strings.Join(notes, "\n  "))
		}
	}
}
