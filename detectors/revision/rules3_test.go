package revision

import (
	"strings"
	"testing"

	"github.com/revtrace/revtrace/corpora"
)

// The rule families added with revision-rules-3, each with positive and
// negative examples (sentences written for the tests, not taken from the gold
// sets). A positive gives the type the rules must find; a negative must not
// be a revision (want "").

const (
	sqlDraft  = "```sql\nSELECT city, COUNT(*) AS orders\nFROM orders\nWHERE created_at BETWEEN '2024-06-01' AND '2024-06-31'\nGROUP BY city;\n```"
	tripDraft = "**Day 1**: castle tour and lunch at the market.\n**Day 2**: train to the coast (about 3 hours), " +
		"beach afternoon.\n**Day 3**: museum morning, flight home on Friday."
	phoneDraft  = "Hi Sam, I'm running late, I'll be there at 9:40. Call me on 555-0144 if anything changes. Thanks!"
	jaDateDraft = "件名：納品日のご連絡\n\n株式会社ミナト\nご担当者様\n\n納品は5月17日、数量は3日分です。よろしくお願いいたします。"
)

// familyExample is one example of a rule family: the draft before the turn,
// the turn, and the type the rules must find ("" for a negative).
type familyExample struct {
	draft, turn, want string
}

// checkFamilies runs every example of the families through the classifier
// after a one-line task and the draft, and reports each wrong type with the
// classifier's notes.
func checkFamilies(t *testing.T, families map[string][]familyExample) {
	t.Helper()
	c := New(nil)
	for fam, exs := range families {
		for _, e := range exs {
			h := []corpora.Message{{Role: corpora.RoleUser, Content: "Please write something for me."},
				{Role: corpora.RoleAssistant, Content: e.draft}}
			v, notes := c.Explain(h, e.turn)
			if v.Type != e.want {
				t.Errorf("%s: %q = %q, want %q\n  %s", fam, e.turn, v.Type, e.want, strings.Join(notes, "\n  "))
			}
		}
	}
}

func TestRules3Families(t *testing.T) {
	families := map[string][]familyExample{
		"tone or length complaint (reformat)": {
			{emailDraft, "this sounds way too stiff for a dinner invite", Reformat},
			{emailDraft, "c'est trop formel pour des collègues", Reformat},
			{emailDraft, "acho que ficou longo demais pro whatsapp", Reformat},
			{emailDraft, "das ist zu förmlich für meinen Chef", Reformat},
			{emailDraft, "слишком официально получилось", Reformat},
			{emailDraft, "troppo lungo per un messaggio", Reformat},
			{zhDraft, "太正式了，客户是老朋友", Reformat},
			{jaDraft, "ちょっと硬すぎます", Reformat},
			{emailDraft, "is it too formal to say 'dear' to a coworker?", ""},
			{emailDraft, "thank you so much", ""},
		},
		"an item is not needed or cannot stay (withdraw)": {
			{emailDraft, "the door code can't be in the email", Withdraw},
			{emailDraft, "lo del código de la puerta sobra", Withdraw},
			{emailDraft, "la firma non serve", Withdraw},
			{emailDraft, "der Satz über die Gehaltsrunde ist überflüssig", Withdraw},
			{zhDraft, "电话先别写，号码还没定", Withdraw},
			{emailDraft, "we can't offer the speech anymore, the boss said no", Withdraw},
			{emailDraft, "lose the phone number", Withdraw},
			{emailDraft, "you will lose points for that", ""},
			{emailDraft, "no need to apologize, it's fine", ""},
		},
		"the user restates what was asked (correct)": {
			{tripDraft, "we said no museums", Correct},
			{emailDraft, "j'ai jamais dit vendredi", Correct},
			{emailDraft, "ich hab gesagt Samstag", Correct},
			{tripDraft, "it's more like 2 hours by train", Correct},
			{emailDraft, "that's more like it, thanks", ""},
		},
		"a value in a slot of the draft (correct)": {
			{sqlDraft, "june has 30 days", Correct},
			{phoneDraft, "my number changed, its 555-0188 now", Correct},
			{jaDateDraft, "4日分です", Correct},
			{tripDraft, "the flight is on saturday", Correct},
			{tripDraft, "I rolled a 6, my score is now 7", ""},
			{tripDraft, "convert 5 miles to km", ""},
			{tripDraft, "1000 * 0.8 = 800", ""},
			{tripDraft, "if there are 20 people is it still ok", ""},
			{tripDraft, "top 10 beaches in portugal", ""},
		},
		"a value contrast (correct)": {
			{tripDraft, "flight home on saturday, not friday", Correct},
			{tripDraft, "it's friday, not the weekend we talked about?", ""},
		},
		"more of the same draft vs a new piece": {
			{sqlDraft, "also show the number of orders per month", Extend},
			{codeDraft, "and print it as a sorted list", Extend},
			{sqlDraft, "can you also save the result to orders.csv", Extend},
			{emailDraft, "can you also write me a linkedin bio", ""},
			{emailDraft, "faz uma legenda pro natal também", ""},
			{storyDraft, "write another one about a cat who hates rain", ""},
			{storyDraft, "再写一个关于秋天的", ""},
			{storyDraft, "напиши ещё рассказ про зиму", ""},
			{storyDraft, "write another one", Other},
			{storyDraft, "faz outra", Other},
		},
		"instead of X, do Y (replace)": {
			{tripDraft, "instead of the museum, can we do a boat trip?", Replace},
			{tripDraft, "en vez del museo pon una excursión en barco", Replace},
			{tripDraft, "Instead, what we can do is leave on Friday", ""},
			{tripDraft, "instead of complaining i'll plan it myself", ""},
		},
		"cues inside another instruction": {
			{codeDraft, "add a delete button next to each row", Extend},
			{storyDraft, "swap the dragon for something without wings", Replace},
			{codeDraft, "it prints the index instead of the value", Correct},
			{emailDraft, "omit the door code, i'll text it to them instead", Withdraw},
		},
		"quoted swaps are content (replace)": {
			{emailDraft, "change 'Hi all' to 'Dear team'", Replace},
			{emailDraft, "remplace « Best » par « Cordialement »", Replace},
		},
		"make it + tone or degree (reformat) vs quality (other)": {
			{storyDraft, "make it darker", Reformat},
			{storyDraft, "make it a bit more playful", Reformat},
			{storyDraft, "fallo più divertente", Reformat},
			{storyDraft, "make it better", Other},
			{codeDraft, "write a javascript version", Reformat},
		},
		"renames, re-signs and structure targets": {
			{emailDraft, "sign it Robert, not Bob", Replace},
			{codeDraft, "put it in a class", Reformat},
		},
		"ja stated contrast (correct) vs swap (replace)": {
			{jaDraft, "東京じゃなくて大阪です", Correct},
			{jaDraft, "東京じゃなくて大阪にして", Replace},
		},
		"negative imperatives": {
			{emailDraft, "dont promise a speech, nothing is planned", Withdraw},
			{emailDraft, "don't make it so formal", Reformat},
			{emailDraft, "don't worry about it", ""},
			{emailDraft, "you dont need to answer right away", ""},
		},
		"questions and requests in question form": {
			{tripDraft, "can I get this as a numbered list", Reformat},
			{tripDraft, "can i get a recipe for pancakes", ""},
			{codeDraft, "when i pass an empty list it shows nothing", Correct},
			{tripDraft, "when was the castle built", ""},
			{tripDraft, "¿la playa tiene sombra o no?", ""},
			{tripDraft, "is 3 hours on the train a lot or should we fly", ""},
			{codeDraft, "explain it like im 5", Reformat},
			{tripDraft, "explain day 2", ""},
		},
		"other matters and comparisons": {
			{codeDraft, "different thing: my laptop says permission denied when i open a file, whats the fix", ""},
			{codeDraft, "what's the difference between remove and discard in python sets", ""},
			{codeDraft, "ja, wie lösche ich den cache? スプレッドシートで空白を消すやり方ある？", ""},
		},
		"German object first, verb last (withdraw)": {
			{emailDraft, "den Satz mit dem Türcode bitte raus", Withdraw},
			{emailDraft, "die Telefonnummer streichen, die kennt jeder", Withdraw},
			{emailDraft, "die Kinder gehen raus, was schreibe ich?", ""},
		},
		"idioms of dissatisfaction (other)": {
			{storyDraft, "ficou sem graça, tenta de novo", Other},
			{storyDraft, "no me convence, hazme otro", Other},
			{storyDraft, "none of these work for me", Other},
		},
	}
	checkFamilies(t, families)
}
