package revision

import (
	"strings"
	"testing"

	"github.com/revtrace/revtrace/corpora"
)

// TestRules13Families: the families revision-rules-13 adds, each with hard
// negatives that share its words.
func TestRules13Families(t *testing.T) {
	const sumDraft = "Adding the three numbers gives 12 + 15 + 18 = 45, so the total is 45."
	const threadDraft = "Set OMP_NUM_THREADS to the number of cores before starting Python:\n\n```python\nimport os\nos.environ[\"OMP_NUM_THREADS\"] = \"8\"\nimport torch\nprint(torch.get_num_threads())\n```"
	const botDraft = "Here is the bot:\n\n```python\nimport discord\nclient = discord.Client()\n\n@client.event\nasync def on_ready():\n    print('ready')\n\nclient.run(TOKEN)\n```"
	const tipsDraft = "Here are some tips for visiting the lake in winter: dress warmly, check the ice and bring a thermos."
	checkFamilies(t, map[string][]familyExample{
		"\"you mean X\" stated, not asked (correct)": {
			{sumDraft, "You mean 46", Correct},
			{sumDraft, "you mean the other file.", Correct},
			// hard negatives: asking back
			{sumDraft, "You mean 46?", ""},
			{sumDraft, "you mean like a list", ""},
			{sumDraft, "you mean I should add them again", ""},
			{sumDraft, "You mean, not only the sum, but the average is also 45?", ""},
		},
		"a length in paragraphs or sentences (reformat)": {
			{tipsDraft, "just one para", Reformat},
			{tipsDraft, "in two paras please", Reformat},
			{tipsDraft, "make it one sentence", Reformat},
			// hard negatives: a new task, a question
			{tipsDraft, "write one sentence about dogs", ""},
			{tipsDraft, "in one sentence, what is a glacier?", ""},
		},
		"how the draft behaved when run (correct)": {
			{botDraft, "ok I typed that and ran it, but it looks like it's frozen now", Correct},
			{threadDraft, "OMP_NUM_THREADS does not seem to have any effect. I suspect pyTorch is not using OpenMP at all", Correct},
			// hard negatives: no code, or a question
			{tipsDraft, "it was frozen solid, we loved it", ""},
			{tipsDraft, "the ice has no effect on fishing", ""},
			{botDraft, "is it normal that it hangs for a minute?", ""},
			{botDraft, "write a story about a frozen lake", ""},
		},
	})
}

// TestRules13SwappedModifiers: the request before sent again with its
// frame kept and only "more"/form words in the middle asks for a change to
// the draft; other material in the middle is a new request in the same
// frame.
func TestRules13SwappedModifiers(t *testing.T) {
	story := "Once upon a time Val went to a tea party in a velvet coat, and everyone admired his hair."
	numbers := "94701282114\n94702285844\n94702710597\n94703003869\n94712958596\n94716185948\n94741283593"
	cases := []struct {
		prevUser, draft, turn, want string
	}{
		{"Can you write this story but they ask Val about the tea and why he likes it. That would be nice.", story,
			"Can you write but with more details and longer. That would be nice.", Extend},
		{"Can you write this story but they ask Val about the tea and why he likes it. That would be nice.", story,
			"Can you write this story but they dance in the garden at night instead. That would be nice.", Replace},
		// hard negative: another transformation of the same pasted list
		{"remove 94 from the front of all numbers " + numbers, strings.ReplaceAll(numbers, "947", "7"),
			"add plus mark in front of all " + numbers, ""},
	}
	c := New(nil)
	for _, tc := range cases {
		h := []corpora.Message{{Role: corpora.RoleUser, Content: "Write me a story about Val."},
			{Role: corpora.RoleAssistant, Content: story},
			{Role: corpora.RoleUser, Content: tc.prevUser}, {Role: corpora.RoleAssistant, Content: tc.draft}}
		v, notes := c.Explain(h, tc.turn)
		if v.Type != tc.want {
			t.Errorf("%q = %q, want %q\n  %s", tc.turn, v.Type, tc.want, strings.Join(notes, "\n  "))
		}
	}
}
