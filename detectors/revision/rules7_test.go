package revision

import (
	"testing"
)

// The rule families added with revision-rules-7, one or more per error
// class of the retired fourth held-out set (see testdata/gold/TURNS.md,
// "Retirement of the fourth held-out set"), each with positive and hard
// negative examples in the languages where the family exists. The
// sentences are written for these tests: none is taken from a gold set. A
// positive gives the type the rules must find; a negative must not be a
// revision (want "").

const (
	toastDraft = "Everyone, please raise a glass to Lena, our sunshine! From the hiking trip in Tatra to the night " +
		"the oven caught fire, she has been the heart of this team. Lena, sweetie, we will miss your lemon cake and " +
		"your terrible puns. To Lena!"
	shiftDraft = "Hi Tom,\n\nthanks for covering. Your shift on Friday runs 8 hours, from 14:30 to 22:30, and the " +
		"notice period for swaps is 2 weeks.\n\nCheers,\nAnna"
	tripDraft7 = "Day 1: Old Town walk, the castle and a ghost tour at night.\nDay 2: Climb to the lookout tower, then " +
		"the botanical garden.\nDay 3: Museum of Applied Arts and a river cruise."
	jaClubDraft = "はじめまして、山本です。高校ではテニス部に所属していました。趣味は料理と映画鑑賞です。よろしくお願いします。"
	offerDraft  = "Dear Mrs. Novak,\n\nThank you for watering our plants while we were away. The balcony looks " +
		"better than when we left it!\n\nWarmly,\nthe Kims\n\nWould you like a shorter version you could put on a card?"
	pyAvgDraft  = "```python\ndef average(xs):\n    return sum(xs) / len(xs)\n\nprint(average([2, 4, 6]))\n```"
	zhPostDraft = "周末去了海边🌊 看日出的那一刻觉得所有的疲惫都值得了！生活就是要勇敢追光✨ #海边 #日出"
)

func TestRules7Families(t *testing.T) {
	families := map[string][]familyExample{
		// class 1: a keep-out clause next to a correction or a redo (withdraw by precedence)
		"removal imperative closing a clause after the part (withdraw)": {
			{toastDraft, "the bit about the oven fire delete it, and she's called Lena not Lina anyway", Withdraw},
			{toastDraft, "про lemon cake убери, это было не с ней", Withdraw},
			{toastDraft, "la parte del lemon cake toglila, non è andata così", Withdraw},
			{toastDraft, "lo del horno quítalo, no fue ella", Withdraw},
			// hard negatives: the user's own removal, a question
			{toastDraft, "i'll delete the old toast from the shared folder, thanks", ""},
			{toastDraft, "how do i remove the background noise from the recording?", ""},
		},
		"keep-out clause without a verb (withdraw)": {
			{toastDraft, "it was in Fatra, not Tatra. and no puns please", Withdraw},
			{toastDraft, "warmer please, no oven fire and no puns", Withdraw},
			{toastDraft, "era en Fatra, no en Tatra. y sin emojis porfa", Withdraw},
			// hard negatives: "no"/"without" + no part of the draft keeps the other type
			{toastDraft, "make it warmer, no rush", Reformat},
			{toastDraft, "make it funnier, without changing the length", Reformat},
			// a contrast after a comma and a behaviour sentence are no keep-outs
			{esItinDraft, "el museo picasso es el día 3, no el día 2", Correct},
			{pyAvgDraft, "it crashes on an empty list. no crashes in the final version please", Correct},
		},
		"avoid + a part of the draft (withdraw)": {
			{toastDraft, "évite la blague sur le lemon cake, elle est au régime", Withdraw},
			{toastDraft, "avoid the lemon cake line, she's on a diet now", Withdraw},
			{toastDraft, "how can i avoid crying during the speech lol", ""},
		},
		"a third party hates being called a word of the draft (withdraw)": {
			{toastDraft, "she hates being called sweetie", Withdraw},
			{toastDraft, "ella odia que la llamen sweetie", Withdraw},
			{toastDraft, "my whole team hates puns honestly", ""},
		},
		"a part of the plan the user is not doing (withdraw)": {
			{tripDraft7, "we're not doing the ghost tour, the kids get scared", Withdraw},
			{tripDraft7, "on ne fait pas le botanical garden, il pleut", Withdraw},
			{tripDraft7, "we're not doing much tomorrow, just resting", ""},
		},
		"不用说 + a part of the draft (withdraw)": {
			{zhReportDraft, "不用说团建的事，还没定", Withdraw},
			{zhReportDraft, "不用说，这周大家都辛苦了", ""},
		},
		"gehört da (eigentlich) nicht hin (withdraw)": {
			{toastDraft, "Der Ofenbrand gehört da wirklich nicht hin", Withdraw},
			{toastDraft, "Wohin gehört das Glas nach dem Toast?", ""},
		},
		// class 2: a substitute named after the keep-out (replace)
		"a substitute named after a keep-out (replace)": {
			{toastDraft, "the lemon cake no, she's vegan now. put another dessert without butter, maybe something with apples", Replace},
			{coverDraft, "não precisa falar da Nordwind, só que trabalhei com logística", Replace},
			// hard negative: a keep-out alone stays a withdrawal
			{coverDraft, "não precisa falar da Nordwind", Withdraw},
		},
		// class 3: a verdict on the whole draft for its reader, then a redo (other)
		"not for the reader, then a redo (other)": {
			{toastDraft, "nee, das ist nix für ihn. nochmal, ganz anders bitte", Other},
		},
		"rejection then give me something else (other)": {
			{toastDraft, "mmm no me convence, dame otro", Other},
			{toastDraft, "meh, give me something else", Other},
			{toastDraft, "the toast is perfect. i'll give her something else as a present", ""},
		},
		// class 4: replacement and addition requests in question form
		"replacement asked in question form (replace)": {
			{tripDraft7, "the ghost tour sounds lame, ¿lo puedes cambiar por una cata de cerveza?", Replace},
			{tripDraft7, "could you swap the river cruise for a bike tour", Replace},
			{tripDraft7, "can i swap my train ticket for a later one?", ""},
		},
		"addition asked of the code with too (extend)": {
			{pyAvgDraft, "can it remove negative numbers first too", Extend},
			{pyAvgDraft, "can it also handle an empty list", Extend},
			{pyAvgDraft, "can it be used in a jupyter notebook too?", ""},
		},
		"make it + a feature verb after code (extend)": {
			{pyAvgDraft, "make it print the median as well so i can compare", Extend},
		},
		// class 5: ja contrasts
		"ja X じゃなくて Y にして (replace) / ではなく Y です (correct)": {
			{jaClubDraft, "テニス部じゃなくて美術部にしてください", Replace},
			{jaClubDraft, "山本ではなく山口です", Correct},
			{jaClubDraft, "テニスじゃなくてバドミントンってどうですか？", ""},
		},
		// class 6: values of the draft stated otherwise (correct)
		"a quantity of the draft stated otherwise (correct)": {
			{shiftDraft, "6 hours", Correct},
			{shiftDraft, "it's 3 weeks notice", Correct},
			{shiftDraft, "write one for my other job, 3 weeks notice there", ""},
			{shiftDraft, "8 hours", ""},
		},
		"a time of the draft stated otherwise in a multi-request turn (correct)": {
			{shiftDraft, "it starts 15:00 actually, and add that parking is free", Correct},
		},
		"what the code gives for an input (correct)": {
			{pyAvgDraft, "with [1, 2] it gives 1", Correct},
			{pyAvgDraft, "con [1, 2] me da 1", Correct},
			{pyAvgDraft, "with numpy it gives the same thing faster?", ""},
		},
		"the draft pasted back with an inline remark (correct)": {
			{shiftDraft, "Your shift on Friday runs 8 hours, from 14:30 to 22:30 <- it's not friday, it's saturday", Correct},
		},
		// class 7: forms asked for in a question, a degree or an accepted offer (reformat)
		"accepting the assistant's offer of another form (reformat)": {
			{offerDraft, "yes please", Reformat},
			{offerDraft, "yes pls", Reformat},
			{coverDraft, "yes please", ""},
		},
		"form asked in a question or as a degree (reformat)": {
			{pyAvgDraft, "geht das auch als Einzeiler?", Reformat},
			{pyAvgDraft, "can this be a one-liner", Reformat},
			{zhPostDraft, "太文艺了，简单点", Reformat},
			{jaClubDraft, "自己紹介を英語にしてもらえますか", Reformat},
			{pyAvgDraft, "what is a one-liner exactly", ""},
		},
		// class 8: new text after a proofreading lead, a change of subject (negative)
		"new text after a proofreading or same-for lead (negative)": {
			{shiftDraft, "fix grammar: me and him was going to the store yesterday but it were closed", ""},
			{reportDraft, "same for this week: marketing hired two designers, sales closed the deal with Orion", ""},
		},
		"an explicit change of subject (negative)": {
			{shiftDraft, "unrelated but what's a good laptop for video editing, and add a charger to the list", ""},
			{jaClubDraft, "別件ですが、履歴書の写真のサイズも教えてください", ""},
		},
	}
	checkFamilies(t, families)
}
