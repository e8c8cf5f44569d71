package revision

import (
	"testing"
)

// The rule families added or widened with revision-rules-6 / screen-6, one
// or more per error class of the retired third held-out set (see
// testdata/gold/TURNS.md, "Retirement of the third held-out set"), each
// with positive and hard negative examples in the languages where the
// family exists. The sentences are written for these tests: none is taken
// from a gold set. A positive gives the type the rules must find; a
// negative must not be a revision (want "").

const (
	coverDraft = "Dear Ms. Haller,\n\nI am applying for the logistics coordinator role. With four years at Nordwind Freight and " +
		"a Bachelor's degree in Economics, I have planned routes for a fleet of 30 trucks. I also wrote Python scripts for " +
		"the dispatch team.\n\nKind regards,\nJonas Riedel"
	partyDraft = "Dear neighbours,\n\nWe are hosting a garden party on Saturday 14 June from 3pm. There will be a barbecue, " +
		"a bouncy castle for the kids and free parking on Elm Road. Please bring a salad if you can.\n\nBest,\nthe Okafors"
	reportDraft = "**Weekly update**\n\n1. The supplier contract with Brightline was signed on Tuesday.\n2. The new website " +
		"passed all tests.\n3. Two interns start on Monday."
	zhReportDraft = "本周进展：\n\n一、与远航物流的合同已经签署，下月开始合作。\n二、新版小程序完成测试。\n三、周五团建定在郊外农场，提供停车位。"
	jsDraft       = "```js\nconst list = document.querySelector('#list');\nfunction removeItem() {\n  list.lastElementChild.remove();\n}\n" +
		"document.querySelectorAll('.del').forEach(b => b.addEventListener('click', removeItem));\n```"
	pyCountDraft = "```python\nimport csv\n\nwith open('orders.csv') as f:\n    rows = list(csv.reader(f))\n\ncount = 0\n" +
		"for r in rows[1:-1]:\n    count += 1\nprint(count)\n```"
	deItinDraft   = "**Tag 1:** Altstadt und Dom; Mittag am Markt.\n**Tag 2:** Museum Ludwig; Abends Rheinufer.\n**Tag 3:** Zoo und Flora."
	esItinDraft   = "Día 1: Sagrada Familia y paseo por el Eixample.\nDía 2: Museo Picasso y el Born.\nDía 3: Montjuïc y la playa."
	itNoticeDraft = "Gentili ospiti,\n\nla piscina resterà chiusa per manutenzione dal 3 al 7 luglio.\n\nCordiali saluti,\nLa Direzione"
	thanksDraft   = "Dear Dr. Brandt,\n\nThank you for your support this year. Your advice was truly transformative, and I learned " +
		"so much from your patience.\n\nWarmly,\nLeah"
	bulletsDraft = "- Led a team of 8 support agents across two time zones\n- Built Excel macros for the monthly ticket report\n" +
		"- Cut response times by 20%\n- Trained new hires on the CRM"
)

func TestRules6Families(t *testing.T) {
	families := map[string][]familyExample{
		// class 1: polite and preference keep-outs without a removal imperative
		"keep-out after a preference frame (withdraw)": {
			{coverDraft, "would it be possible to not mention Nordwind at all? my boss might see it", Withdraw},
			{coverDraft, "I'd rather the letter didn't bring up the Python scripts", Withdraw},
			{coverDraft, "je préfère ne pas parler de Nordwind, ils ne savent pas que je pars", Withdraw},
			{coverDraft, "preferirei non citare Nordwind nella lettera", Withdraw},
			{coverDraft, "prefiero no mencionar Nordwind, todavía trabajo allí", Withdraw},
			{coverDraft, "про Nordwind лучше не надо, они не знают", Withdraw},
			{zhReportDraft, "团建那段不要了吧，还没定下来", Withdraw},
			// hard negatives: the user's own preference about their life, a question
			{coverDraft, "je préfère parler de mes projets pendant l'entretien", ""},
			{coverDraft, "would it be possible to not mention salary in the interview itself?", ""},
		},
		"a part of the draft that can go (withdraw)": {
			{bulletsDraft, "the excel one can go, nobody uses excel there", Withdraw},
			{partyDraft, "the bouncy castle can go, we cancelled it", Withdraw},
			{esItinDraft, "lo del museo picasso ya no va, está cerrado", Withdraw},
			{partyDraft, "the party can go ahead even if it rains", ""},
			{partyDraft, "where can i go for cheap barbecue supplies", ""},
		},
		// class 2: a question about the draft, the cue in an aside
		"question about the draft with an aside (negative)": {
			{partyDraft, "why is it 'neighbours' and not 'neighbors'? i always spell that wrong", ""},
			{partyDraft, "is this too pushy? i don't want them to feel they have to bring food", ""},
			{pyCountDraft, "what does list() do here, the count looks the same without it", ""},
			{pyCountDraft, "perché hai usato rows[1:-1]? cambia qualcosa?", ""},
			// the aside is an instruction: still a revision
			{partyDraft, "why is the date in bold? remove the bold", Withdraw},
		},
		// class 3: not yet
		"asks not to write yet (negative)": {
			{partyDraft, "what would a rain plan look like? just asking, don't write it yet", ""},
			{partyDraft, "а что если пойдёт дождь? не пиши пока, просто думаю", ""},
			{zhReportDraft, "合同那条先别写，还没最终签", Withdraw},
		},
		// class 4: approval naming the form
		"thanks that name the form (negative)": {
			{partyDraft, "thanks, the tone is spot on", ""},
			{partyDraft, "merci, le ton est parfait", ""},
			{partyDraft, "the tone is too stiff", Reformat},
		},
		// class 5: a missing package in the user's setup
		"missing package and how to install it (negative)": {
			{codeDraft, "got ModuleNotFoundError: No module named 'requests', how do i install it?", ""},
			{codeDraft, "运行提示 ModuleNotFoundError: No module named 'numpy'，怎么安装？", ""},
		},
		// class 6: pasted errors in a code block after code, a word of context
		"fenced error after code (correct)": {
			{pyCountDraft, "crashes on an empty file:\n```\nTraceback (most recent call last):\n  File \"count.py\", line 4, in <module>\n" +
				"IndexError: list index out of range\n```", Correct},
			{pyCountDraft, "stürzt bei leerer Datei ab:\n```\nIndexError: list index out of range\n```", Correct},
			{pyCountDraft, "what does this mean?\n```\nDeprecationWarning: error in module\n```", ""},
		},
		// class 7: what the code does when the user does something
		"behaviour when the user acts (correct)": {
			{jsDraft, "when i press del on the first row it removes the bottom one instead", Correct},
			{jsDraft, "whenever i click any delete button it always takes away the last entry", Correct},
			{jsDraft, "when i deploy it should i minify it?", ""},
			{pyCountDraft, "動きましたが、件数が1つ足りないです", Correct},
			{pyCountDraft, "能运行，但是少了最后一行", Correct},
			{pyCountDraft, "動きました！ありがとうございます", ""},
		},
		// class 8: instead of X (position first), then the substitute
		"instead of X, then Y (replace)": {
			{esItinDraft, "el día 2, en lugar del Museo Picasso, ¿podemos meter el Park Güell?", Replace},
			{itNoticeDraft, "al posto di 'Gentili ospiti' metti 'Cari amici'", Replace},
			{itNoticeDraft, "statt 'La Direzione' bitte 'Il vostro team'", Replace},
			{esItinDraft, "¿puedo ir a la playa en lugar del museo si hace calor?", ""},
		},
		"a quoted part and what to say instead (replace)": {
			{thanksDraft, "it's lovely except the 'truly transformative' bit, too much. just say it helped me a lot", Replace},
			{thanksDraft, "it's lovely, she'll just say thanks", ""},
		},
		// class 9: polite question forms of additions, edits and redo
		"polite request to add (extend)": {
			{deItinDraft, "Toll! Könntest du noch für jeden Tag ein Café dazuschreiben?", Extend},
			{pyCountDraft, "nice, can it also save the count to a txt file?", Extend},
			{reportDraft, "could you also give me a one-sentence summary at the top", Extend},
			{pyCountDraft, "could you also explain what csv.reader returns?", ""},
		},
		"polite request to polish (reformat)": {
			{partyDraft, "the second sentence sounds clunky, can you smooth it", Reformat},
			{partyDraft, "kannst du es ein bisschen glätten?", Reformat},
		},
		"proposal to start over (other)": {
			{partyDraft, "bof, c'est pas ça. on refait ?", Other},
			{partyDraft, "meh. shall we try again?", Other},
			{partyDraft, "ok I think I should start over and plan a smaller party myself", ""},
		},
		// class 10: corrections stated as facts
		"facts of the draft stated otherwise (correct)": {
			{coverDraft, "i dont have a bachelor's, it was an apprenticeship", Correct},
			{reportDraft, "the brightline contract is not yet signed, only the price is agreed", Correct},
			{zhReportDraft, "和远航物流的合同还没签呢，只是谈好了价格", Correct},
			{thanksDraft, "'beraten' means advised, you put transformative lol", Correct},
			{coverDraft, "i don't have a car, can i still apply?", ""},
		},
		"announced remark after praise (correct)": {
			{coverDraft, "love it! only thing, it's 3 years at Nordwind not 4", Correct},
			{coverDraft, "super ! juste une chose : je n'ai pas 30 camions, c'est 12", Correct},
			{coverDraft, "great, one small thing: how do i attach it as pdf?", ""},
		},
		// class 11: types of multi-request turns
		"length cut plus an addition (extend)": {
			{partyDraft, "cut it to about 50 words and mention the kids' games", Extend},
		},
		"a value of the draft given a new value (replace)": {
			{bulletsDraft, "20% is more than we actually managed, make it 12", Replace},
		},
		"stated contrast in a multi-request turn (correct)": {
			{partyDraft, "it's on the 21st, not the 14, and can you add that dogs are welcome?", Correct},
			{partyDraft, "c'est à 16h, pas 3pm. ça change tout", Correct},
		},
		// class 12: new material after a next-item lead with a constraint
		"next item with a constraint (negative)": {
			{partyDraft, "great. now this one, same length: The swimming pool on Park Lane reopens on 2 May after a year of " +
				"repairs, with a new slide and longer opening hours at weekends.", ""},
		},
	}
	checkFamilies(t, families)
}
