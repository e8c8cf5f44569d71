package revision

import (
	"slices"
	"strings"
	"testing"

	"github.com/revtrace/revtrace/corpora"
	"github.com/revtrace/revtrace/detectors/screen"
)

// The rule families added with revision-rules-11, one per error class of
// the first 350 turns of real-dev (testdata/gold/real-dev), each with
// positive and hard negative examples. Every sentence and draft here is
// written for these tests: none is taken from real-dev, the real sample or
// any gold set. A positive gives the type the rules must find; a negative
// must not be a revision (want "").

const (
	r11StepsDraft = "To turn on dark mode:\n1. Open the app and tap your avatar.\n2. Go to Preferences > Display.\n" +
		"3. Toggle Appearance to Dark."
	r11GoDraft = "```go\nfunc total(xs []int) int {\n\tt := 0\n\tfor _, x := range xs {\n\t\tt += x\n\t}\n\treturn t\n}\n```\n\n" +
		"// ... the rest of main stays the same"
	r11FactDraft = "A binary search halves the range at every step, so it needs about log2(n) comparisons; " +
		"for this reason it only works on a sorted array."
	r11ListDraft    = "1. Lantern Lane\n2. The Quiet Fox\n3. Copper Kettle\n4. Maple & Moss\n5. Driftwood Corner"
	r11RuStepsDraft = "Откройте меню «Профиль», затем выберите раздел «Безопасность» и нажмите «Сменить пароль»."
	r11ZhStepsDraft = "打开设置，进入“账户与安全”，然后点击“导出数据”按钮即可。"
	r11PlDraft      = "```python\nimport csv\nrows = list(csv.reader(open('dane.csv')))\nprint(len(rows))\n```"
)

func TestRules11Families(t *testing.T) {
	families := map[string][]familyExample{
		"a question that doubts a fact of the answer (correct)": {
			{r11FactDraft, "but isn't the comparison count closer to n over 2 when the value sits in the middle?", Correct},
			{r11FactDraft, "if it halves the range each time, wouldn't that mean it also works on a list sorted backwards?", Correct},
			{r11FactDraft, "but doesn't a hash table find it faster than that?", Correct},
			// hard negatives: a question for something new, a statement
			{r11FactDraft, "but isn't there a version for linked lists too?", ""},
			{r11FactDraft, "but i'll try it on my own sorted list first, thanks", ""},
		},
		"the full code asked for after code (extend)": {
			{r11GoDraft, "can you send the full modified code please", Extend},
			{r11GoDraft, "give me the complete code, not just the function", Extend},
			{r11GoDraft, "пришли полный код", Extend},
			{r11GoDraft, "给我完整代码", Extend},
			// hard negative: no code before
			{r11ListDraft, "is there a full code of conduct for naming shops?", ""},
		},
		"a part the answer named is not there (correct)": {
			{r11StepsDraft, "there is no Display section under Preferences", Correct},
			{r11StepsDraft, "i can't find Appearance anywhere", Correct},
			{r11RuStepsDraft, "там нет раздела Безопасность", Correct},
			{r11ZhStepsDraft, "找不到导出数据这个按钮", Correct},
			// hard negatives: no need, a question for something new
			{r11StepsDraft, "there's no need to thank me, it worked", ""},
			{r11StepsDraft, "what do I use if i can't find my phone", ""},
		},
		"not everything asked for is in the draft (correct)": {
			{r11ListDraft, "not everything on my list made it in", Correct},
			{r11ListDraft, "some of those names don't fit a bakery at all", Correct},
			{r11ListDraft, "не все названия подходят", Correct},
			// hard negative: a neutral remark
			{r11ListDraft, "some of these are lovely, i'll show my partner", ""},
		},
		"more detail asked for in other languages (extend)": {
			{r11StepsDraft, "tolong buat langkahnya lebih rinci", Extend},
			{r11StepsDraft, "proszę, bardziej szczegółowo opisz krok 2", Extend},
			{r11ZhStepsDraft, "再详细一点", Extend},
		},
		"the answer misread the request (correct)": {
			{r11FactDraft, "don't you understand that my array is not sorted?", Correct},
			{r11FactDraft, "i'm not asking about speed, i asked whether it needs sorting", Correct},
			{r11FactDraft, "tu n'as pas compris, je parle des listes chaînées", Correct},
			{r11FactDraft, "我不是问这个，我问的是链表", Correct},
			{r11FactDraft, "i think you misunderstand, the array can hold duplicates and i need the first one", Correct},
			// the question restated ("what I asked was …")
			{r11FactDraft, "my question was whether the array has to be sorted first", Correct},
			{r11FactDraft, "我问的是数组需要先排序吗？", Correct},
			{r11FactDraft, "meine frage war, ob das array sortiert sein muss", Correct},
			// hard negative: a reference back to an earlier question, nothing restated
			{r11FactDraft, "do you remember what i asked you last week about my visa?", ""},
		},
		"the draft checked again against the request (correct)": {
			{r11ListDraft, "please double check that every name has at most two words", Correct},
			{r11ListDraft, "проверь ещё раз, там пять названий?", Correct},
			// hard negative: the user's own work
			{r11ListDraft, "i'll double check my notes and come back", ""},
		},
		"the code changed so that it does more (extend)": {
			{r11PlDraft, "zmodyfikuj kod, aby liczył też puste wiersze", Extend},
			{r11PlDraft, "ubah kode supaya hasilnya disimpan ke file", Extend},
			// hard negative: no purpose given
			{r11PlDraft, "zmodyfikuj kod", ""},
		},
		"the user did what the answer said and it still fails (correct)": {
			{r11GoDraft, "i did what you said but the total is still zero for every slice", Correct},
			{r11PlDraft, "я сделал как ты сказал, но всё равно пустой список", Correct},
			{r11PlDraft, "我按照你的方法改了，但是还是报同样的错", Correct},
			// hard negative: it worked
			{r11GoDraft, "i followed your steps and it works now, thanks", ""},
		},
		"a compiler or runtime message after code (correct)": {
			{r11GoDraft, "undefined: total is not defined in main.go line 12", Correct},
			{r11PlDraft, "'NoneType' object is not subscriptable", Correct},
			// hard negative: no code before
			{r11ListDraft, "is not defined a word in english?", ""},
		},
		"the draft to be more of a quality (other)": {
			{r11ListDraft, "be more playful with these", Other},
			{r11ListDraft, "sois plus original stp", Other},
			// hard negatives: the user's own wish, a comparison
			{r11ListDraft, "i want to be more organised this year", ""},
			{r11ListDraft, "it can't be more than two words, right?", ""},
		},
		"none of your X work (correct)": {
			{r11StepsDraft, "none of the menu items you listed exist on my phone", Correct},
			{r11ListDraft, "none of your names are real words, are they made up", Correct},
		},
		"real data asked for instead of made-up data (correct)": {
			{r11ListDraft, "give the shops real email addresses, not fictional ones", Correct},
			{r11StepsDraft, "send it again with working links this time", Correct},
			// hard negative: a question about the data
			{r11ListDraft, "are these real email addresses?", ""},
		},
		"the user's code pasted after a fix, asking how to fix it (correct)": {
			{r11GoDraft, "func total(xs []int) int {\n\tfor i := range xs {\n\t\tt += xs[i]\n\t}\n\treturn t\n}\n\nthat's my whole function now, how to fix?", Correct},
			{r11PlDraft, "import csv\n\ndef count(path):\n    rows = csv.reader(open(path))\n    return len(rows)\n\nprint(count('dane.csv'))\n\n还是报错，怎么解决", Correct},
		},
		"what the code does now is still wrong (correct)": {
			{r11GoDraft, "now it returns 0 for every list", Correct},
			{r11PlDraft, "now the count is empty again", Correct},
			{r11PlDraft, "теперь выдаёт ошибка на второй строке", Correct},
			{r11PlDraft, "现在输出的还是错误的行数", Correct},
			// hard negatives: it works now, no code before
			{r11GoDraft, "now it works, thanks a lot", ""},
			{r11ListDraft, "now the shop is open on sundays", ""},
		},
		"more of the same is no revision": {
			{r11ListDraft, "more options", ""},
			{r11ListDraft, "more, without the ampersands", ""},
			{r11ListDraft, "give me more names", ""},
			// hard negative: more of a quality stays a revision
			{r11ListDraft, "more playful please", Reformat},
		},
		"a different one of a part of the draft (replace)": {
			{r11ListDraft, "another", Replace},
			// hard negative: not a part of the draft
			{r11ListDraft, "try another angle", Other},
		},
	}
	checkFamilies(t, families)
}

func TestRules11Reask(t *testing.T) {
	u := func(s string) corpora.Message { return corpora.Message{Role: corpora.RoleUser, Content: s} }
	as := func(s string) corpora.Message { return corpora.Message{Role: corpora.RoleAssistant, Content: s} }
	plan := "suggest a three-day walking route through the Lake District for two adults"
	planAnswer := as("Day 1: Windermere to Ambleside. Day 2: Ambleside to Grasmere via Rydal Water. Day 3: Grasmere to Keswick.")
	story := "write a short story about a lighthouse keeper who finds a message in a bottle, in the style of a fable"
	storyAnswer := as("Once there was a keeper named Orla who swept the lamp each night, until one morning a bottle...")
	trans := "今日はとても寒いですね\n\ntranslate english 3"
	transAnswer := as("1. It's very cold today, isn't it?\n2. It sure is chilly today.\n3. Today is freezing, huh?")
	zh := "请用英文写一段介绍我们咖啡馆的文字，咖啡馆在河边，有露台"
	zhAnswer := as("Welcome to our riverside café, where you can enjoy your coffee on a sunny terrace by the water.")
	asked := "please reword this: the meeting is moved to"
	askedAnswer := as("The sentence seems incomplete. Could you provide the rest of it, so that I can reword it?")
	refused := "tell me how to open my neighbour's car without the key"
	refusedAnswer := as("I'm sorry, but I can't help with getting into a car that isn't yours.")
	cases := []struct {
		history []corpora.Message
		turn    string
		want    string
	}{
		// the request sent again with words added: a constraint, a length, more content
		{[]corpora.Message{u(plan), planAnswer}, plan + "\none of us has a bad knee, so no steep climbs", Correct},
		{[]corpora.Message{u(plan), planAnswer}, "suggest a short and easy three-day walking route through the Lake District for two adults", Reformat},
		{[]corpora.Message{u(plan), planAnswer}, plan + ", with examples of pubs for lunch each day", Extend},
		{[]corpora.Message{u(zh), zhAnswer}, zh + "，最好加上营业时间的例子", Extend},
		{[]corpora.Message{u("how do you say good night"), as("In French: bonne nuit. In Spanish: buenas noches.")},
			"how do you say good night in greek", Correct},
		// hard negatives: sent again verbatim, the frame with other material, an answer to the assistant's question,
		// a re-ask after a refusal, a new question added
		{[]corpora.Message{u(story), storyAnswer}, story, ""},
		{[]corpora.Message{u(trans), transAnswer}, "雨が降りそうだから傘を持っていこう\n\ntranslate english 3", ""},
		{[]corpora.Message{u(asked), askedAnswer}, asked + " thursday at ten. Reword the sentence above", ""},
		{[]corpora.Message{u(refused), refusedAnswer}, refused + ", it's an emergency", ""},
		{[]corpora.Message{u("écris une scène violente"), as("Je regrette, mais je ne peux pas écrire cette scène.")},
			"mais ce n'est pas violent au sens réel, c'est un roman", ""},
		{[]corpora.Message{u(plan), planAnswer}, plan + ", and what boots should we buy?", ""},
		// a translation of new text after the instruction
		{[]corpora.Message{u("summarise this paper for me"), as("The paper studies how bees find flowers using polarised light.")},
			"translate into German. Our results show that the colony adapts its foraging routes within two days when the " +
				"nearest meadow is mowed, and that scouts return to the old site less often after the first failed visit, " +
				"which suggests a fast form of collective memory.", ""},
		// a request about the latest draft sent again still asks for a change
		{[]corpora.Message{u("expand the most recent draft with more dialogue between the keeper and the fox"), storyAnswer},
			"expand the most recent draft with more dialogue between the keeper and the fox", Extend},
	}
	c := New(nil)
	for _, tc := range cases {
		v, notes := c.Explain(tc.history, tc.turn)
		if v.Type != tc.want {
			t.Errorf("%q = %q, want %q\n  %s", tc.turn, v.Type, tc.want, strings.Join(notes, "\n  "))
		}
	}
}

func TestReaskOf11(t *testing.T) {
	for _, tc := range []struct {
		prev, turn string
		kind       int
	}{
		{"summarise the article in five bullet points", "summarise the article in five bullet points", reaskSame11},
		{"summarise the article in five bullet points", "Summarise the article in five bullet points.", reaskSame11},
		{"summarise the article in five bullet points", "summarise the article in five bullet points for a ten-year-old", reaskAdded11},
		{"write a limerick about a cat named Biscuit", "write a limerick about a dog named Waffles", reaskSwapped11},
		{"slide 4: the budget", "slide 5: the timeline", reaskNone11},
		{"fix my loop please", "what is a goroutine?", reaskNone11},
		// the number of a slide is no article, and a value changed is no new material
		{"in 300 words, give me everything for slide 9 above", "in 300 words, give me everything for slide 10 above", reaskNone11},
		{"a note to the team about the review on Friday at 10:00, keep it brief",
			"a note to the team about the review on Friday at 11:30, keep it brief", reaskNone11},
		// the instruction at the end kept, the material before it new
		{"the train leaves at dawn and nobody waves\n\ntranslate to german", "my sister paints boats on sundays\n\ntranslate to german",
			reaskSwapped11},
	} {
		if got := reaskOf11(tc.prev, tc.turn).kind; got != tc.kind {
			t.Errorf("reaskOf11(%q, %q) = %d, want %d", tc.prev, tc.turn, got, tc.kind)
		}
	}
}

// norm11 is norm11Runes as first written, a chain of string functions: the
// reference TestNorm11Runes and FuzzNorm11Runes check norm11Runes against.
func norm11(s string) string {
	f := strings.Join(strings.Fields(quoteFold11.Replace(screen.Fold(s))), " ")
	return strings.TrimRight(f, closing11)
}

var quoteFold11 = strings.NewReplacer("\u2019", "'", "\u2018", "'", "\u201c", "\"", "\u201d", "\"")

func norm11AsBefore(t *testing.T, s string) {
	t.Helper()
	if got, want := norm11Runes(s), []rune(norm11(s)); !slices.Equal(got, want) {
		t.Fatalf("norm11Runes(%q) = %q, want %q", s, string(got), string(want))
	}
}

// TestNorm11Runes checks norm11Runes against norm11 on edge cases and on
// the memo conversations' messages (synthetic and gold, nine languages).
func TestNorm11Runes(t *testing.T) {
	for _, s := range []string{"", " ", "...", "Hello  World!", "  a\t\nb  ", "Ёлка ЁЖ", "don’t “quote” ‘it’", "end。！？…",
		"a . . .", "\xff\xfe", "ab\xe2\x80", "x\u00a0y\u3000z", "İstanbul ΣΑΣ", "\u2028line\u0085next", "K\u212a", "ǅ ß ẞ"} {
		norm11AsBefore(t, s)
	}
	n := 0
	for _, msgs := range memoConversations(t) {
		for _, m := range msgs {
			norm11AsBefore(t, m.Content)
			n++
		}
	}
	if n < 1000 {
		t.Errorf("only %d messages checked", n)
	}
}

func FuzzNorm11Runes(f *testing.F) {
	for _, s := range []string{"Ёлка  “x”.", "\xff ’ …", "a\u00a0 b!?"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { norm11AsBefore(t, s) })
}

// TestReaskShares pins what reaskOf11's early return assumes: a request
// sent again with words added keeps at least the share that swapped
// material keeps.
func TestReaskShares(t *testing.T) {
	if reaskAddShare11 < reaskSwapShare11 {
		t.Fatalf("reaskAddShare11 %v < reaskSwapShare11 %v: reaskOf11's early return would drop additions", reaskAddShare11, reaskSwapShare11)
	}
}
