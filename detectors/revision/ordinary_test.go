package revision

import (
	"testing"

	"github.com/revtrace/revtrace/corpora"
)

// ordinaryFollowUps are later user turns that ask for no changed version:
// thanks and acknowledgements, continuations, questions about the draft or
// its topic ("what about X?", "explain step 2"), and new unrelated tasks,
// in the languages of the screen.
var ordinaryFollowUps = []string{
	// en: thanks, acknowledgements
	"thanks", "thank you!", "thanks a lot", "thx", "ty", "perfect, thanks", "great, thank you so much", "ok", "okay",
	"ok thanks", "cool", "nice", "awesome", "got it", "perfect", "that works", "it works now, thanks", "works great",
	"love it", "this is great", "exactly what i needed", "cheers", "much appreciated", "thanks, that helps a lot",
	"ok i'll try that", "i'll send it tomorrow", "sent it, thanks", "great job", "lol nice", "understood",
	// en: continuations
	"continue", "continue please", "go on", "keep going", "next", "and then?", "what happens next?", "more please",
	"continue from where you stopped", "please continue the story",
	// en: questions about the draft or its topic
	"what about Paris?", "what about the weekend?", "what about leftovers, how long do they keep?",
	"explain step 2", "explain the second part", "can you explain how this works?", "why did you use a dictionary here?",
	"what does this line do?", "what is a closure?", "how do I run this?", "how long will it take to read?",
	"is it safe to use in production?", "which version of python do I need?", "does this work on windows?",
	"how much does the train cost?", "is this formal enough for a bank?", "should I send it on monday or tuesday?",
	"what time zone is that?", "where can I buy tickets?", "who was the architect?", "when was it built?",
	"how many calories is that?", "can I freeze it?", "what's the difference between let and const?",
	"why is the sky blue?", "what does O(n log n) mean?", "how do I install pandas?", "is there a free alternative?",
	"do you think she'll like it?", "how should I start the presentation?", "what font should I use?",
	"what is the capital of australia?", "is 85k a good salary in berlin?", "how do i delete a branch in git?",
	"what does rm -rf do?", "how do I remove a stain from a shirt?", "whats the difference between DELETE and TRUNCATE?",
	// en: new unrelated tasks
	"write a function to remove duplicates from a list", "now write a poem about autumn", "write a haiku about coffee",
	"give me 5 names for a bakery", "translate 'good morning' into japanese", "write a story about a dragon",
	"make a workout plan for beginners", "list 10 fun facts about octopuses", "create a sql table for users",
	"write an email to my dentist to book an appointment", "summarize the french revolution in 3 sentences",
	"give me a recipe for banana bread", "write a python script that renames files by date",
	"what should I cook tonight?", "tell me a joke", "recommend a good sci-fi book", "plan a 2 day trip to rome",
	"write a tweet about our new app", "generate a random password", "convert 5 miles to km",
	// zh
	"谢谢", "谢谢你！", "好的", "太好了，谢谢", "明白了", "继续", "继续写", "接着写", "为什么要这样写？", "这个怎么运行？",
	"第二步是什么意思？", "那巴黎呢？", "这个安全吗？", "写一首关于秋天的诗", "帮我写一个去重的函数", "推荐几本好书",
	"怎么删除git分支？", "这个要多长时间？", "解释一下第三行", "今天吃什么好？",
	// es
	"gracias", "muchas gracias!", "perfecto, gracias", "vale", "genial", "continúa", "sigue por favor",
	"¿qué significa el paso 2?", "¿y qué tal Madrid?", "¿cómo lo ejecuto?", "¿es seguro?", "escribe un poema sobre el mar",
	"dame una receta de tortilla", "¿cuánto cuesta el tren?", "¿por qué usaste un bucle?", "explícame la segunda parte",
	"¿cómo elimino una rama en git?", "escribe una función para quitar duplicados",
	// fr
	"merci", "merci beaucoup !", "parfait, merci", "d'accord", "super", "continue stp", "continuez",
	"pourquoi tu as utilisé une boucle ?", "et Lyon, ça vaut le coup ?", "comment je le lance ?", "c'est quoi une closure ?",
	"écris un poème sur la pluie", "donne-moi une recette de crêpes", "explique l'étape 2",
	"comment supprimer une branche git ?", "c'est sûr ?",
	// de
	"danke", "danke schön!", "perfekt, danke", "ok super", "alles klar", "weiter", "mach weiter",
	"was bedeutet schritt 2?", "und was ist mit münchen?", "wie starte ich das?", "ist das sicher?",
	"schreib ein gedicht über den winter", "gib mir ein rezept für apfelkuchen", "erklär mir den zweiten teil",
	"wie lösche ich einen git branch?", "warum hast du eine schleife benutzt?",
	// ru
	"спасибо", "спасибо большое!", "отлично, спасибо", "понял", "хорошо", "продолжай", "дальше",
	"что значит шаг 2?", "а как насчёт Казани?", "как это запустить?", "это безопасно?", "напиши стих про осень",
	"дай рецепт блинов", "объясни вторую часть", "как удалить ветку в git?", "почему ты использовал цикл?",
	// pt
	"obrigado", "obrigada!", "valeu", "perfeito, obrigado", "beleza", "continua", "continue por favor",
	"o que significa o passo 2?", "e o Porto, vale a pena?", "como eu rodo isso?", "é seguro?",
	"escreva um poema sobre o mar", "me dá uma receita de bolo de cenoura", "explica a segunda parte",
	"como apagar uma branch no git?", "por que você usou um loop?",
	// it
	"grazie", "grazie mille!", "perfetto, grazie", "ok va bene", "ottimo", "continua pure", "vai avanti",
	"cosa significa il passo 2?", "e Firenze, ne vale la pena?", "come lo eseguo?", "è sicuro?",
	"scrivi una poesia sul mare", "dammi una ricetta per il tiramisù", "spiegami la seconda parte",
	"come cancello un branch su git?", "perché hai usato un ciclo?",
	// ja
	"ありがとう", "ありがとうございます！", "了解です", "助かりました", "続けて", "続きをお願いします",
	"ステップ2はどういう意味？", "大阪はどうですか？", "これはどうやって実行するの？", "これは安全ですか？",
	"秋についての詩を書いて", "カレーのレシピを教えて", "二つ目の部分を説明して", "gitのブランチを削除する方法は？",
	"なぜループを使ったのですか？",
}

// ordinaryDrafts are the earlier exchanges the follow-ups are put after.
var ordinaryDrafts = [][]corpora.Message{
	{{Role: corpora.RoleUser, Content: "write an email to my team about the launch on monday"},
		{Role: corpora.RoleAssistant, Content: "Subject: Launch on Monday\n\nHi team,\n\nThe launch is on track for Monday at 10:00. Please have your checklists done by Friday.\n\nThanks,\nAlex"}},
	{{Role: corpora.RoleUser, Content: "python function to count words in a file"},
		{Role: corpora.RoleAssistant, Content: "```python\ndef count_words(path):\n    with open(path) as f:\n        return len(f.read().split())\n```\nStep 1 opens the file, step 2 splits it on whitespace and counts the parts."}},
	{{Role: corpora.RoleUser, Content: "2 day itinerary for lisbon"},
		{Role: corpora.RoleAssistant, Content: "**Day 1**: Alfama, São Jorge Castle, dinner in Bairro Alto.\n**Day 2**: Belém Tower, Jerónimos Monastery, pastéis de Belém, sunset at LX Factory."}},
	{{Role: corpora.RoleUser, Content: "short story about a lighthouse keeper"},
		{Role: corpora.RoleAssistant, Content: "Every night for forty years, Tomas climbed the hundred and twelve steps of the lighthouse. One stormy evening, a small boat appeared on the horizon..."}},
}

// TestOrdinaryFollowUps checks the target of at most 5 revision events per
// 1,000 conversations whose later turn is an ordinary follow-up.
func TestOrdinaryFollowUps(t *testing.T) {
	if len(ordinaryFollowUps) < 200 {
		t.Fatalf("%d ordinary follow-ups, want at least 200", len(ordinaryFollowUps))
	}
	c := New(nil)
	convs, events := 0, 0
	for _, d := range ordinaryDrafts {
		for _, turn := range ordinaryFollowUps {
			convs++
			if v := c.Check(d, turn); v.IsRevision {
				events++
				t.Logf("revision %s (cue %q) after %q: %q", v.Type, v.Keyword, d[0].Content, turn)
			}
		}
	}
	rate := 1000 * float64(events) / float64(convs)
	t.Logf("%d conversations, %d revision events: %.1f per 1,000", convs, events, rate)
	if rate > 5 {
		t.Errorf("%.1f revision events per 1,000 conversations of ordinary follow-ups, want at most 5", rate)
	}
}
