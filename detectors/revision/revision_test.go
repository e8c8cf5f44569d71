package revision

import (
	"strings"
	"testing"

	"github.com/revtrace/revtrace/corpora"
)

const (
	emailDraft = "Subject: Team dinner\n\nHi all,\n\nPlease join us for dinner on Friday at 7pm at Luigi's. " +
		"The door code is 4471 and my phone number is 555-0199. We will have a short speech about the salary review.\n\nBest,\nBob"
	codeDraft = "Here is a function:\n\n```python\ndef dedupe(items):\n    seen = set()\n    out = []\n    for x in items:\n" +
		"        if x not in seen:\n            seen.add(x)\n            out.append(x)\n    return out\n```\n\nIt keeps the first occurrence."
	storyDraft = "Once upon a time, a knight named Bob rode to the castle on his grey horse. The dragon slept on a pile of gold. " +
		"Bob drew his sword, and the second point of his plan was to wake the dragon politely."
	zhDraft = "尊敬的客户：\n\n您好！我们的电话号码是555-0199，地址是北京市海淀区。最后一段介绍了我们的服务。\n\n此致\n敬礼"
	jaDraft = "お客様各位\n\n電話番号は555-0199です。住所は東京都です。最後の段落ではサービスを紹介します。"
)

func hist(draft string) []corpora.Message {
	return []corpora.Message{
		{Role: corpora.RoleUser, Content: "Please write something for me."},
		{Role: corpora.RoleAssistant, Content: draft},
	}
}

func TestCheck(t *testing.T) {
	newParagraph := "The municipal library opened a new wing last spring, and visitors can now borrow tools, " +
		"seeds and musical instruments as well as books. Volunteers run repair cafes on Saturdays, where residents " +
		"bring broken lamps, bicycles and toasters and learn to fix them together. The program has cut waste and " +
		"brought neighbours together in ways nobody expected when it started."
	tests := []struct {
		name      string
		history   []corpora.Message
		turn      string
		cand, rev bool
		typ, item string
		checkItem bool
	}{
		// withdraw
		{"withdraw/remove", hist(emailDraft), "Please remove the phone number.", true, true, Withdraw, "phone number", true},
		{"withdraw/take-out", hist(emailDraft), "take the door code out", true, true, Withdraw, "door code", true},
		{"withdraw/dont-mention", hist(emailDraft), "don't mention Luigi's", true, true, Withdraw, "Luigi's", true},
		{"withdraw/no-x", hist(emailDraft + " 🎉🎉"), "no emojis please", true, true, Withdraw, "emojis", true},
		{"withdraw/without", hist(storyDraft), "Rewrite it without the dragon", true, true, Withdraw, "dragon", true},
		{"withdraw/polite", hist(emailDraft), "can you get rid of the signature?", true, true, Withdraw, "signature", true},
		{"withdraw/dont-want", hist(emailDraft), "I don't want the door code in there", true, true, Withdraw, "door code", true},
		{"withdraw/part-about", hist(emailDraft), "leave out the part about the salary review", true, true, Withdraw, "salary review", true},
		{"withdraw/quoted", hist(codeDraft), "don't use 'seen' anywhere", true, true, Withdraw, "seen", true},
		{"withdraw/remove-and-add", hist(emailDraft), "remove the speech and add a dress code", true, true, Withdraw, "speech", true},
		{"withdraw/after-thanks", hist(emailDraft), "Thanks, that's great, but delete my phone number", true, true, Withdraw, "phone number", true},
		// replace
		{"replace/with", hist(storyDraft), "Replace Bob with Alice", true, true, Replace, "Bob", true},
		{"replace/instead", hist(emailDraft), "use Thursday instead", true, true, Replace, "", true},
		{"replace/change-to", hist(emailDraft), "change the time to 8pm", true, true, Replace, "time", true},
		{"replace/instead-of", hist(emailDraft), "Say Thursday instead of Friday.", true, true, Replace, "Friday", true},
		{"replace/rather-than", hist(codeDraft), "call it unique rather than dedupe", true, true, Replace, "dedupe", true},
		{"replace/remove-with-substitute", hist(storyDraft), "remove Bob and put Alice in his place instead", true, true, Replace, "Bob", true},
		// correct
		{"correct/doesnt-work", hist(codeDraft), "It doesn't work", true, true, Correct, "", false},
		{"correct/still-error", hist(codeDraft), "still getting the same error", true, true, Correct, "", false},
		{"correct/not-what-i-asked", hist(emailDraft), "that's not what I asked", true, true, Correct, "", false},
		{"correct/you-forgot", hist(emailDraft), "You forgot the date.", true, true, Correct, "", false},
		{"correct/output-wrong", hist(codeDraft), "The output is wrong", true, true, Correct, "", false},
		{"correct/traceback", hist(codeDraft), "TypeError: unhashable type: 'list'", true, true, Correct, "", false},
		{"correct/no-i-meant", hist(emailDraft), "No, I meant the other restaurant", true, true, Correct, "", false},
		{"correct/seems-to-work", hist(codeDraft), "It doesn't seem to work. Any other ideas?", true, true, Correct, "", false},
		{"correct/why-wrong", hist(codeDraft), "why is the output wrong?", true, true, Correct, "", false},
		// reformat
		{"reformat/shorter", hist(emailDraft), "make it shorter", true, true, Reformat, "", false},
		{"reformat/formal", hist(emailDraft), "more formal please", true, true, Reformat, "", false},
		{"reformat/bullets", hist(storyDraft), "put it in bullet points", true, true, Reformat, "", false},
		{"reformat/translate", hist(emailDraft), "translate it into French", true, true, Reformat, "", false},
		{"reformat/tone", hist(emailDraft), "Can you rewrite this in a friendlier tone?", true, true, Reformat, "", false},
		{"reformat/fragment-question", hist(storyDraft), "something a bit less stiff?", true, true, Reformat, "", false},
		{"reformat/draft-pasted-back", hist(storyDraft), "rewrite this more formally:\n\n" + storyDraft, true, true, Reformat, "", false},
		// extend
		{"extend/add", hist(emailDraft), "add a P.S. about parking", true, true, Extend, "", false},
		{"extend/elaborate", hist(storyDraft), "can you elaborate on the second point?", true, true, Extend, "", false},
		{"extend/also-mention", hist(emailDraft), "also mention that kids are welcome", true, true, Extend, "", false},
		{"extend/include", hist(codeDraft), "include type hints", true, true, Extend, "", false},
		// other
		{"other/try-again", hist(emailDraft), "try again", true, true, Other, "", false},
		{"other/better", hist(emailDraft), "make it better", true, true, Other, "", false},
		{"other/write-again-but", hist(storyDraft), "write it again but make the horse black", true, true, Other, "", false},
		{"other/revise", hist(emailDraft), "revise the letter", true, true, Other, "", false},
		{"other/not-good", hist(storyDraft), "not good, do another one", true, true, Other, "", false},
		// zh
		{"zh/withdraw", hist(zhDraft), "把电话号码删掉", true, true, Withdraw, "电话号码", true},
		{"zh/withdraw-after", hist(zhDraft), "请去掉最后一段", true, true, Withdraw, "最后一段", true},
		{"zh/reformat", hist(zhDraft), "请简短一点", true, true, Reformat, "", false},
		{"zh/correct", hist(codeDraft), "还是报错", true, true, Correct, "", false},
		{"zh/replace", hist(storyDraft), "把Bob换成Alice", true, true, Replace, "Bob", true},
		{"zh/how-to", hist(codeDraft), "怎么删除git分支？", true, false, "", "", false},
		// es
		{"es/withdraw", hist(emailDraft), "elimina el número de teléfono", true, true, Withdraw, "número de teléfono", true},
		{"es/reformat", hist(emailDraft), "hazlo más corto", true, true, Reformat, "", false},
		{"es/correct", hist(codeDraft), "no funciona", true, true, Correct, "", false},
		{"es/how-to", hist(codeDraft), "¿cómo elimino una rama en git?", true, false, "", "", false},
		// fr
		{"fr/withdraw", hist(emailDraft), "enlève le code de la porte", true, true, Withdraw, "code de la porte", true},
		{"fr/reformat", hist(emailDraft), "plus court s'il te plaît", true, true, Reformat, "", false},
		{"fr/replace", hist(storyDraft), "remplace Bob par Alice", true, true, Replace, "Bob", true},
		// de
		{"de/withdraw", hist(emailDraft), "Entferne bitte die Telefonnummer", true, true, Withdraw, "Telefonnummer", true},
		{"de/correct", hist(codeDraft), "das ist falsch", true, true, Correct, "", false},
		{"de/reformat", hist(emailDraft), "bitte kürzer", true, true, Reformat, "", false},
		// ru
		{"ru/withdraw", hist(emailDraft), "убери номер телефона", true, true, Withdraw, "номер телефона", true},
		{"ru/correct", hist(codeDraft), "код не работает", true, true, Correct, "", false},
		{"ru/reformat", hist(emailDraft), "сделай короче", true, true, Reformat, "", false},
		// pt
		{"pt/withdraw", hist(emailDraft), "remova o número de telefone", true, true, Withdraw, "número de telefone", true},
		{"pt/replace", hist(emailDraft), "use quinta em vez de sexta", true, true, Replace, "sexta", true},
		{"pt/correct", hist(codeDraft), "está errado", true, true, Correct, "", false},
		// it
		{"it/withdraw", hist(emailDraft), "togli il numero di telefono", true, true, Withdraw, "numero di telefono", true},
		{"it/reformat", hist(emailDraft), "rendilo più breve", true, true, Reformat, "", false},
		{"it/correct", hist(codeDraft), "non funziona", true, true, Correct, "", false},
		// ja
		{"ja/withdraw", hist(jaDraft), "電話番号を削除してください", true, true, Withdraw, "電話番号", true},
		{"ja/reformat", hist(jaDraft), "もっと短くして", true, true, Reformat, "", false},
		{"ja/correct", hist(codeDraft), "エラーが出ます", true, true, Correct, "", false},
		// hard negatives
		{"neg/first-turn", nil, "remove the password from this email", false, false, "", "", false},
		{"neg/no-assistant", []corpora.Message{{Role: corpora.RoleUser, Content: "hi"}}, "remove the password", false, false, "", "", false},
		{"neg/empty-assistant", []corpora.Message{{Role: corpora.RoleUser, Content: "hi"}, {Role: corpora.RoleAssistant, Content: "  "}}, "remove it", false, false, "", "", false},
		{"neg/how-git", hist(codeDraft), "how do I remove a file in git?", true, false, "", "", false},
		{"neg/thanks", hist(emailDraft), "thanks!", false, false, "", "", false},
		{"neg/continue", hist(storyDraft), "continue", false, false, "", "", false},
		{"neg/what-about", hist(emailDraft), "what about Paris?", false, false, "", "", false},
		{"neg/explain-step", hist(codeDraft), "explain step 2", false, false, "", "", false},
		{"neg/code-block", hist(codeDraft), "```\nitems.remove(x)\n```", false, false, "", "", false},
		{"neg/quote-block", hist(emailDraft), "> remove the intro\n\nnice", false, false, "", "", false},
		{"neg/quoted-string", hist(emailDraft), "my favourite song is \"Delete Me\"", true, false, "", "", false},
		{"neg/new-task", hist(storyDraft), "now write a poem about cats without rhymes", true, false, "", "", false},
		{"neg/task-remove", hist(codeDraft), "write a function to remove duplicates from a list", true, false, "", "", false},
		{"neg/why-removed", hist(emailDraft), "why did you remove the door code?", true, false, "", "", false},
		{"neg/what-does", hist(codeDraft), "what does the error handling part do?", true, false, "", "", false},
		{"neg/new-material", hist(emailDraft), "translate this text into German:\n\n" + newParagraph, true, false, "", "", false},
		{"neg/new-material-rewrite", hist(emailDraft), "rewrite the following paragraph in a formal tone:\n\n" + newParagraph, true, false, "", "", false},
		{"neg/address", hist(emailDraft), "What is your address?", false, false, "", "", false},
		{"neg/which-better", hist(codeDraft), "Which one is better, Python or Go?", true, false, "", "", false},
		{"neg/continue-but", hist(storyDraft), "Continue the story, but make it scarier", true, false, "", "", false},
		{"neg/role-play", hist(emailDraft), "I want you to act as a travel guide. Don't include prices.", true, false, "", "", false},
		{"neg/quiz", hist(codeDraft), "Which option removes the duplicates?\nA. set()\nB. sorted()\nC. len()\nD. sum()", true, false, "", "", false},
		{"neg/explain-why-added", hist(emailDraft), "Can you explain why you added the signature?", true, false, "", "", false},
		{"neg/bare-no", hist(storyDraft), "No.", true, false, "", "", false},
		{"neg/participle", hist(emailDraft), "Our shop sells many things, including lamps, chairs and tables for every room in the house.", true, false, "", "", false},
		{"neg/cli-flag", hist(codeDraft), "pyinstaller app.py --add-data src:.", true, false, "", "", false},
		{"neg/zh-new-task", hist(zhDraft), "写一个删除重复元素的函数", true, false, "", "", false},
	}
	c := New(nil)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, notes := c.Explain(tt.history, tt.turn)
			if v.Candidate != tt.cand || v.IsRevision != tt.rev || v.Type != tt.typ {
				t.Errorf("Check(%q) = candidate %v, revision %v, type %q; want %v, %v, %q\n%s",
					tt.turn, v.Candidate, v.IsRevision, v.Type, tt.cand, tt.rev, tt.typ, strings.Join(notes, "\n"))
			}
			if tt.checkItem && v.Item != tt.item {
				t.Errorf("Check(%q).Item = %q, want %q", tt.turn, v.Item, tt.item)
			}
			if !v.Candidate && (v.IsRevision || v.Keyword != "" || v.Family != "") {
				t.Errorf("non-candidate carries a verdict: %+v", v)
			}
			if v.IsRevision != (v.Type != "") {
				t.Errorf("IsRevision %v with type %q", v.IsRevision, v.Type)
			}
		})
	}
}

func FuzzCheck(f *testing.F) {
	seeds := [][2]string{
		{emailDraft, "remove the phone number"},
		{codeDraft, "it doesn't work: TypeError: x"},
		{storyDraft, "replace Bob with \"Alice\""},
		{zhDraft, "把电话号码删掉"},
		{jaDraft, "電話番号を削除して"},
		{"", "translate this:\n\n" + storyDraft},
		{"x", "no"},
		{"```\ncode\n```", "```\nremove\n"},
		{"a", "«remplace» «x» par «y»"},
		{"a", "change ... to ... instead of"},
		{"\xff", "remove \xff\xfe 'x"},
	}
	for _, s := range seeds {
		f.Add(s[0], s[1])
	}
	c := New(nil)
	f.Fuzz(func(t *testing.T, draft, turn string) {
		h := []corpora.Message{{Role: corpora.RoleUser, Content: "hi"}, {Role: corpora.RoleAssistant, Content: draft}}
		v := c.Check(h, turn)
		if !v.Candidate && (v.IsRevision || v.Type != "" || v.Keyword != "") {
			t.Fatalf("non-candidate verdict %+v", v)
		}
		if v.IsRevision != (v.Type != "") {
			t.Fatalf("IsRevision %v with type %q", v.IsRevision, v.Type)
		}
		if v.Type != "" && typeRank(v.Type) < 0 {
			t.Fatalf("unknown type %q", v.Type)
		}
		if v.Item != "" && !strings.Contains(turn, v.Item) {
			t.Fatalf("item %q is not in the turn", v.Item)
		}
		if strings.TrimSpace(draft) == "" && v.Candidate {
			t.Fatalf("candidate without an assistant message")
		}
		if v2 := c.Check(nil, turn); v2.Candidate {
			t.Fatalf("first turn is a candidate")
		}
	})
}

// TestCheckDeterministic: the same input gives the same verdict, also when
// classifiers run concurrently.
func TestCheckDeterministic(t *testing.T) {
	c := New(nil)
	turns := []string{"Please remove the phone number.", "make it shorter", "It doesn't work", "thanks!", "把电话号码删掉"}
	want := make([]Verdict, len(turns))
	for i, tu := range turns {
		want[i] = c.Check(hist(emailDraft), tu)
	}
	done := make(chan bool)
	for g := 0; g < 4; g++ {
		go func() {
			defer func() { done <- true }()
			for i, tu := range turns {
				if got := c.Check(hist(emailDraft), tu); got != want[i] {
					t.Errorf("Check(%q) = %+v, then %+v", tu, want[i], got)
				}
			}
		}()
	}
	for g := 0; g < 4; g++ {
		<-done
	}
}
