package revision

import (
	"strings"
	"testing"

	"github.com/revtrace/revtrace/corpora"
)

// The rule families added with revision-rules-8, one or more per error
// class of the retired fifth held-out set (see testdata/gold/TURNS.md,
// "Retirement of the fifth held-out set"), each with positive and hard
// negative examples in the languages where the family exists. The
// sentences are written for these tests: none is taken from a gold set. A
// positive gives the type the rules must find; a negative must not be a
// revision (want "") or keeps the type the earlier rules give.

const (
	bunsDraft = "New this week at Hollow Oak Café: cardamom buns, baked by Priya every morning at 5. Only £3.20 each, " +
		"or two for £6! Find us at 12 Bridge Street, open 8-4. #cardamombuns #hollowoak"
	zhSickDraft   = "张老师您好：\n\n我是王乐的爸爸。王乐昨天摔伤了膝盖，缝了三针，今天需要去医院换药，特此请假一天。\n\n谢谢老师！\n王乐爸爸"
	esDinnerDraft = "¡Hola a todos! El sábado es la cena del equipo en La Tasca a las 21:00. Ya han confirmado casi todos, " +
		"solo faltan Marta y Julio. El menú cuesta 25 € por persona."
	frFeteDraft = "Fête des voisins samedi 8 juin à 18h, dans la cour de l'immeuble ! Apportez un plat ou une boisson. " +
		"Contact : Hélène, 3e étage."
	voucherDraft = "Hi Sam,\n\nSorry your parcel is late. It left our warehouse on Monday and should reach you by Thursday. " +
		"As a thank-you for your patience, here is a 15% voucher: WAIT15.\n\nBest,\nLea"
	foxDraft = "Once upon a time, a fox called Rufus lived under an old oak. Every night he counted the stars with his " +
		"friend, a girl called Mia, until the moon fell asleep. The end."
	mealDraft = "Mon: oatmeal / chicken salad / salmon with rice\nTue: eggs / tuna wrap / beef stew\nWed: yoghurt / " +
		"lentil soup / pork chops with beans"
	sheetDraft = "```\n=SUMIF(A:A, \"North\", C:C)\n```\n\nIt adds up the sales in column C for every row where column A says North."
	talkDraft  = "Good evening! Tonight we celebrate Jonas and forty years at the mill. He has fixed every machine twice, " +
		"trained half of us, and still brings cake every Friday. Jonas, thank you."
	jaSoupDraft = "**鶏肉の味噌汁（2人分）**\n\n- 鶏もも肉 150g\n- 大根 5cm、ねぎ 1本\n- 味噌 大さじ2、だし 400ml\n\n" +
		"1. 鶏肉と大根を切る。\n2. だしで10分煮る。\n3. 味噌を溶かして完成。"
	deGedichtDraft = "Ein Jahr mit dir, ein Jahr voll Licht,\nich zähl die Tage, doch genug sind's nicht."
	ptBioDraft     = "Sou fotógrafa há 8 anos e adoro retratos em luz natural."
	ruNoteDraft    = "Дорогие коллеги! В пятницу в 17:00 проводим Олю на пенсию в переговорной. Скидываемся по 500 рублей " +
		"на подарок, деньги собирает Игорь."
	itMenuDraft = "Lunedì: pasta al pomodoro\nMartedì: risotto ai funghi\nMercoledì: pesce al forno con patate"
)

func TestRules8Families(t *testing.T) {
	families := map[string][]familyExample{
		// class 1: keep-outs relayed from a third party or stated as a policy (withdraw)
		"keep-out relayed from a third party (withdraw)": {
			{bunsDraft, "priya asked me not to put her name on social media", Withdraw},
			{bunsDraft, "priya told us not to mention the 5am thing, it makes her sound tired", Withdraw},
			{zhSickDraft, "孩子妈妈说别写缝针的事", Withdraw},
			{esDinnerDraft, "mi jefe dijo que no pongas el precio del menú", Withdraw},
			{ruNoteDraft, "Игорь просил не писать про деньги на подарок", Withdraw},
			{itMenuDraft, "mia moglie mi ha chiesto di non mettere il pesce", Withdraw},
			// hard negatives: the assistant's own word, a question, no part of the draft
			{bunsDraft, "you told me not to put prices in captions last time, why?", ""},
			{bunsDraft, "my sister asked me not to call her after 10", ""},
		},
		"a policy keeps a part of the draft out (withdraw)": {
			{voucherDraft, "we're not allowed to give vouchers anymore. just apologise and give the tracking number", Withdraw},
			{voucherDraft, "no podemos ofrecer el voucher, solo pide perdón", Withdraw},
			{ruNoteDraft, "нам нельзя собирать деньги на работе, убери просто и напиши про торт", Withdraw},
			{voucherDraft, "we're not allowed to work on sundays, is that normal?", ""},
		},
		// class 2: keep-out cues rejected for their surroundings (withdraw)
		"a keep-out after an interjection or with a question word inside (withdraw)": {
			{esDinnerDraft, "ay no pongas quién falta, que Marta se enfada", Withdraw},
			{bunsDraft, "ugh don't mention how much they cost, the price changes next week", Withdraw},
			{zhSickDraft, "别写缝了几针了", Withdraw},
			{ruNoteDraft, "ой, не пиши кто собирает деньги", Withdraw},
			// hard negatives: the user's own keep-out, a "no need" without a change named
			{bunsDraft, "ugh i don't need to mention that to my boss, right?", ""},
		},
		// class 3: a substitute named after a keep-out (replace)
		"a substitute named after a keep-out (replace)": {
			{zhSickDraft, "别写摔伤膝盖了，写身体不适就行", Replace},
			{talkDraft, "he'd rather nobody knew about the cake thing, can it just say he's always kind", Replace},
			// hard negative: a keep-out alone stays a withdrawal
			{zhSickDraft, "别写摔伤膝盖了", Withdraw},
		},
		// class 4: a part cut, not a length (withdraw)
		"a part cut, not a length (withdraw)": {
			{talkDraft, "he hates the fixing-every-machine joke, cut that line pls", Withdraw},
			{talkDraft, "cut it to 3 lines", Reformat},
		},
		// class 5: the user rules a part of the plan out and asks to sort it (withdraw)
		"the user rules out a part of the plan (withdraw)": {
			{mealDraft, "i'm not going to eat pork, my doctor said so. can you sort that out", Withdraw},
			{mealDraft, "i won't cook beef, could you sort that", Withdraw},
			{mealDraft, "i'm not going to the gym on monday", ""},
		},
		// class 6: a part of the draft asked to be otherwise in a question (replace)
		"a part of the draft asked to be something else, in question form (replace)": {
			{foxDraft, "can the fox be called Pip instead of Rufus? my son loves that name", Replace},
			{foxDraft, "my kid is scared of foxes, can the fox be something else? an owl maybe", Replace},
			{foxDraft, "can the story be read by a 4 year old?", ""},
		},
		// class 7: swaps with the substitute first (replace)
		"put Y instead of X, the substitute first (replace)": {
			{frFeteDraft, "mets plutôt « dans le jardin » à la place de la cour de l'immeuble", Replace},
			{esDinnerDraft, "pon mejor «El Rincón» en lugar de La Tasca, cambiamos de sitio", Replace},
			{itMenuDraft, "metti il minestrone al posto del risotto ai funghi", Replace},
			{esDinnerDraft, "pon música en lugar de la radio del bar cuando lleguemos?", ""},
		},
		"ja X の代わりに Y with a request (replace)": {
			{jaSoupDraft, "大根の代わりにじゃがいもで作りたいので、書き直してもらえますか", Replace},
			{jaSoupDraft, "鶏肉の代わりに豆腐でもおいしいですか？", ""},
		},
		// class 8: forms and tones asked in a clause of their own (reformat)
		"a form or tone asked in a clause of its own (reformat)": {
			{voucherDraft, "our chat widget can't show line breaks, can it be one paragraph", Reformat},
			{talkDraft, "the second sentence sounds a bit mean, can we be kinder about the machines", Reformat},
			{talkDraft, "can the speech be used at the staff party too?", ""},
		},
		"make it sound + a register (reformat)": {
			{ptBioDraft, "ela é de Lisboa, make it sound more european portuguese", Reformat},
			{talkDraft, "make it sound like a grandpa wrote it", Reformat},
			{talkDraft, "make it sound better", Other},
		},
		"a length the draft must fit (reformat)": {
			{talkDraft, "also it should be about 1 minute, people want to eat", Reformat},
			{shiftDraft, "it should be 6 hours", Correct},
		},
		"a bare trailing instead next to a form cue (reformat)": {
			{talkDraft, "can it be a little less sentimental and end on a funny note instead", Reformat},
			{talkDraft, "less sentimental please, and say Jonas instead of he", Replace},
		},
		// class 9: a rejection with another try, a part asked to be different (other)
		"a rejection with another try (other)": {
			{deGedichtDraft, "hmm, gefällt mir nicht so. noch ein Versuch?", Other},
			{esDinnerDraft, "no me gusta nada. prueba otra vez", Other},
			{ruNoteDraft, "не нравится. давай другой вариант", Other},
			{itMenuDraft, "non mi piace, riprova", Other},
			{deGedichtDraft, "nah, try another", Other},
			{deGedichtDraft, "no, wir sind erst seit zwei Jahren zusammen. nochmal", Correct},
		},
		"a part of the draft asked to be different (other)": {
			{foxDraft, "the moon bit is a bit sad, can you give it a different ending", Other},
			{foxDraft, "dale otro final, este es muy triste", Other},
			{foxDraft, "can you give me a different example of a fable?", ""},
		},
		// class 10: additions asked of the code or by the way (extend)
		"an addition asked of the code, with too (extend)": {
			{pyAvgDraft, "can it return the smallest number too, next to the average", Extend},
			{pyAvgDraft, "can it print the count as well", Extend},
			{pyAvgDraft, "can it run on python 2 too?", ""},
		},
		"a wish led by by-the-way (extend)": {
			{sheetDraft, "ついでに南の地域も合計できるようにしてほしいです", Extend},
			{pyAvgDraft, "while you're at it, make it print the median", Extend},
			{pyAvgDraft, "while you're at it, how do i install numpy?", ""},
		},
		"a removal the code must do with new data (extend)": {
			{sheetDraft, "i also need it to ignore the rows marked TEST", Extend},
			{pyAvgDraft, "i need it to skip None values in the list", Extend},
			{sheetDraft, "remove the North condition", Withdraw},
		},
		// class 11: a result that does not match, after code (correct)
		"a result that does not match, after code (correct)": {
			{sheetDraft, "合计对不上，比手算的少了一百多", Correct},
			{sheetDraft, "the totals don't match what the report says", Correct},
			{sheetDraft, "los números no cuadran con la hoja de marzo", Correct},
			{sheetDraft, "сумма не сходится с отчётом за март", Correct},
			{sheetDraft, "i totali non tornano con il file di marzo", Correct},
			{sheetDraft, "does it matter if the totals don't match the filter?", ""},
		},
		// class 12: new artefacts and new material next to the draft (negative)
		"a new artefact of another kind next to the draft (negative)": {
			{deGedichtDraft, "schreib mir jetzt noch eine Einladung dazu", ""},
			{ptBioDraft, "agora escreve um poema pra minha mãe também", ""},
			{talkDraft, "write me a poem for the card too", ""},
			// hard negatives: more of the draft's own kind, an addition to it
			{talkDraft, "add a line about his garden too", Extend},
		},
		"one more on a new topic (negative)": {
			{zhPostDraft, "再来一首写春天的", ""},
			{deGedichtDraft, "one more about our dog, same style", ""},
			{deGedichtDraft, "noch eins über den Urlaub in Rom", ""},
		},
		"another text for the same transformation (negative)": {
			{ptBioDraft, "agora traduz essa outra frase também: 'Também faço casamentos e batizados no Porto.'", ""},
			{ptBioDraft, "translate this other line too: 'I also shoot weddings in the north'", ""},
		},
		// class 14: acknowledgements (negative)
		"reports success without errors (negative)": {
			{pyAvgDraft, "ran without any errors, thanks!", ""},
			{pyAvgDraft, "エラーなしで動きました、ありがとう", ""},
			{pyAvgDraft, "funcionó sin errores, gracias", ""},
			{pyAvgDraft, "заработало без ошибок, спасибо", ""},
			{pyAvgDraft, "ha funzionato senza errori, grazie mille", ""},
			{pyAvgDraft, "it runs without errors but prints nothing", Correct},
		},
		"accepts the draft and says what the user will do (negative)": {
			{bunsDraft, "perfect, i'll pin it on the door too", ""},
			{frFeteDraft, "parfait, je l'affiche aussi dans l'ascenseur", ""},
			{bunsDraft, "perfect, i want it shorter though", Reformat},
		},
		// class 15: questions without a question mark (negative)
		"a question without a question mark (negative)": {
			{voucherDraft, "if the parcel never arrives can i ask for a refund too", ""},
			{bunsDraft, "lol thats my neighbour's bakery how did you know", ""},
		},
	}
	checkFamilies(t, families)
}

// TestRules8Histories holds the families that read more of the
// conversation than the draft: the set-up of a game, the assistant's
// clarifying question.
func TestRules8Histories(t *testing.T) {
	game := []corpora.Message{
		{Role: corpora.RoleUser, Content: "let's play a text adventure. you are the narrator, i'm a knight called Bran at the gate of a ruined castle"},
		{Role: corpora.RoleAssistant, Content: "The gate creaks. Inside, a courtyard full of ivy, a well, and a raven watching you from the wall. What do you do?"},
	}
	asked := []corpora.Message{
		{Role: corpora.RoleUser, Content: "write a message inviting my team to a picnic on sunday"},
		{Role: corpora.RoleAssistant, Content: "Happy to! Should it be formal or relaxed? And do you want me to mention food?"},
	}
	opened := []corpora.Message{
		{Role: corpora.RoleUser, Content: "hi"},
		{Role: corpora.RoleAssistant, Content: "Hello! How can I help you today?"},
	}
	cases := []struct {
		history []corpora.Message
		turn    string
		want    string
	}{
		{game, "i climb down the well to look for the key", ""},
		{game, "*draws sword* then we'd better hurry. where is the tower", ""},
		{game, "rewrite the last scene, make it darker", Reformat},
		{asked, "relaxed, and say there will be sandwiches", ""},
		{asked, "relaxed, shorter please", ""},
		{opened, "i need a cover letter and i want to change my cv", ""},
		{opened, "add a subject line to my email: 'hi tom, see you monday'", ""},
	}
	c := New(nil)
	for _, tc := range cases {
		v, notes := c.Explain(tc.history, tc.turn)
		if v.Type != tc.want {
			t.Errorf("%q = %q, want %q\n  %s", tc.turn, v.Type, tc.want, strings.Join(notes, "\n  "))
		}
	}
}

// TestRules8Automata checks that every phrase list of rules8 is read by an
// automaton (anyOf falls back to a loop of strings.Contains when a list
// uses more than 255 byte values); TestPhraseGates checks the gate.
func TestRules8Automata(t *testing.T) {
	for i, a := range []*lazyAnyOf{cjkKeepCuesAny8, reportVerbsAny8, policiesAny8, justSayAny8, wantItToAny8, insteadOfAny8,
		canBeAny8, soundFramesAny8, rejectionsAny8, redoAsksAny8, otherPartAny8, byTheWayAny8, mismatchAny8, notGoingAny8,
		sortAsksAny8, oneMoreAny8, otherTextAny8, gameSetupsAny8, noErrorsAny8, successAny8, bareQuestionsAny8,
		betterQuestionsAny8, triedAllAny8} {
		if a.get().dfa == nil {
			t.Errorf("anyOf #%d has no automaton", i)
		}
	}
}
