package revision

import "testing"

// TestThisTimeFamilies: a request for another one of the earlier output, or
// for it again, with a change after "this time" is a revision, not a new
// task; without the repeat, or without "this time", the new-task veto holds.
func TestThisTimeFamilies(t *testing.T) {
	const promptDraft = "A misty harbour at dawn where Mara and Theo load crates onto a fishing boat, gulls circling above, soft golden light."
	checkFamilies(t, map[string][]familyExample{
		"a repeat with a change after \"this time\"": {
			{promptDraft, "could you give me another art prompt but this time do not say the characters names", Withdraw},
			{promptDraft, "write another one, but this time don't mention the boat", Withdraw},
			{promptDraft, "donne-moi un autre prompt, mais cette fois sans les noms des personnages", Withdraw},
			{promptDraft, "dame otro prompt pero esta vez sin los nombres", Withdraw},
			// hard negatives: a new task without the repeat, or without "this time"
			{promptDraft, "write a poem about the sea that does not mention boats", ""},
			{promptDraft, "now write another story about a lighthouse keeper", ""},
		},
	})
}
