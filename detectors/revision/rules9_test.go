package revision

import (
	"strings"
	"testing"

	"github.com/revtrace/revtrace/corpora"
)

// The rule families added with revision-rules-9, one or more per error
// class of the retired sixth held-out set (see testdata/gold/TURNS.md,
// "Retirement of the sixth held-out set"), each with positive and hard
// negative examples in the languages where the family exists. The
// sentences are written for these tests: none is taken from a gold set. A
// positive gives the type the rules must find; a negative must not be a
// revision (want "") or keeps the type the earlier rules give.

const (
	quizDraft = "Welcome to Quiz Night at The Crown! Doors open at 7pm on Friday the 14th, quiz starts at 7.30. " +
		"Teams of up to six, £2 per person, and the winning team takes home the bar voucher. Ask Gemma at the bar to sign up."
	deBewerbungDraft = "Sehr geehrte Frau Brandt,\n\nals ausgebildete Bürokauffrau bringe ich fünf Jahre Erfahrung in der " +
		"Buchhaltung mit. Ich gelte als belastbar und kommunikativ und arbeite gern im Team.\n\nMit freundlichen Grüßen\nSabine Roth"
	ruToastDraft = "Дорогой дедушка! Сегодня тебе девяносто лет. Мы помним твои рассказы про флот и твои пироги с " +
		"капустой. В конце прочитаем твоё любимое стихотворение Пушкина. За тебя!"
	jaSpeechDraft = "本日はおめでとうございます。新郎の同僚の佐藤です。\n\n高橋さんとは入社した年に同じ部署になり、" +
		"出張先の大阪でたこ焼きを食べ歩いたのが一番の思い出です。\n\nお二人の末永いお幸せをお祈りします。"
	zhNoticeDraft = "各位业主：\n\n本小区将于6月8日上午9点至12点停水检修，请提前储水。给您带来不便，敬请谅解。\n\n物业服务中心"
	saladDraft    = "| Day | Lunch | Dinner |\n|---|---|---|\n| Mon | Mushroom risotto | Beef tacos |\n| Tue | Mushroom soup | " +
		"Chicken curry |\n| Wed | Caesar salad | Mushroom and spinach pie |"
	cardDraft = "Dear Grandpa Joe,\n\nThank you so much for the lovely [present]! We will think of you every time we use it. " +
		"Hope to see you at Easter.\n\nLove,\nAnna & Ben"
	excuseDraft = "Hi Ms. Okafor,\n\nI'm sorry, but I won't be able to come to work today because I have a migraine. " +
		"I expect to be back tomorrow.\n\nBest,\nJamal"
	esCitaDraft = "Hola, buenas tardes. Soy Pablo Ruiz y tenía hora con la doctora el martes a las 10. Por un viaje de " +
		"trabajo no podré ir. ¿Podríamos cambiarla? Gracias."
	planDraft = "**Day 1 – Old Town**: castle, market square, dinner at a cellar bar.\n**Day 2 – Lakes**: boat trip and a " +
		"picnic.\n**Day 3 – Museums**: the science museum and the art gallery."
	flatDraft = "Sunny double room in a two-bed flat in Leith, £700 a month. You'd be living with me (Ola, 27, teacher) " +
		"and Marek (30, chef), both tidy and friendly."
	gingerDraft = "Tea with honey and ginger: boil 300 ml of water, add three slices of fresh ginger, simmer for five " +
		"minutes and stir in a spoon of honey."
	deTeeDraft = "Für einen Ingwertee 300 ml Wasser aufkochen, drei Scheiben frischen Ingwer hineingeben, fünf Minuten " +
		"ziehen lassen und einen Löffel Honig einrühren."
	zhCakeDraft    = "**蒸蛋糕**\n1. 鸡蛋3个打散，加入白砂糖40克。\n2. 加牛奶50毫升、低筋面粉60克拌匀。\n3. 大火蒸20分钟。"
	leapDraft      = "```python\ndef is_even(n):\n    return n % 2 == 1\n\nprint(is_even(3))\n```"
	itRicettaDraft = "- 320 g di rigatoni\n- 1 melanzana\n- 400 g di passata\n- 100 g di ricotta salata\n- 1 cucchiaio di " +
		"zucchero\n\n1. Friggi la melanzana a cubetti.\n2. Cuoci la passata con il basilico e lo zucchero."
	bananaDraft = "**Banana pancakes**\n- 2 ripe bananas\n- 2 eggs\n- 50 g oat flour\n- 30 g chopped hazelnuts\n\nMash the " +
		"bananas, whisk in the eggs, fold in the flour and the hazelnuts and fry small pancakes."
	farewellDraft = "Dear Mr. Ellis,\n\nPlease accept this letter as notice of my resignation as shift lead at Harbour " +
		"Foods. My last day will be 30 June. I am leaving to start a new role closer to home.\n\nKind regards,\nNina Cole"
	weddingDraft = "Ladies and gentlemen! I've known Sam since school. There was the camping trip in Wales, when he " +
		"burned the tent, and the Berlin weekend we still don't talk about. Sam, you are the best friend anyone could have."
	deKarteDraft = "Liebe Mia, lieber Tom,\n\nalles Gute zur Hochzeit! Wir freuen uns schon auf eure Fotos von den " +
		"Flitterwochen in Portugal.\n\nHerzlich, Oma Lore"
	frPostDraft = "Ravi de vous annoncer que je rejoins Lumen Conseil comme analyste ! Merci à mes anciens collègues de " +
		"Delta Finance pour ces trois belles années."
	recursionDraft = "Recursion means a function solves a problem by calling itself on a smaller piece of the same " +
		"problem, until it reaches a case simple enough to answer directly, called the base case."
	summaryDraft = "The article says that city bike schemes cut short car trips by a fifth in three years, mostly in " +
		"the centre, and that the councils now plan more docking stations near the railway stations."
	sqlJoinDraft  = "```sql\nSELECT name, total\nFROM invoices\nWHERE total > 500\nORDER BY total DESC;\n```"
	esMenuDraft   = "Lunes: ensalada de champiñones\nMartes: crema de champiñones\nMiércoles: lentejas con chorizo"
	deKuchenDraft = "Zutaten: 200 g Mehl, 100 g gemahlene Haselnüsse, 3 Eier, 150 g Zucker, 1 Päckchen Backpulver."
	adviceDraft   = "Your tent should be pitched on flat ground, away from the river. Pack a warm sleeping bag rated " +
		"to -5°C, a head torch, a stove and spare gas, and waterproofs for the whole family."
)

func TestRules9Families(t *testing.T) {
	families := map[string][]familyExample{
		// class 1: swaps around "instead of" in every frame (replace)
		"instead of X, rather Y / can we say Y instead of X (replace)": {
			{deBewerbungDraft, "statt belastbar lieber was Greifbares, etwa dass ich den Jahresabschluss gemacht habe", Replace},
			{ruToastDraft, "вместо стихотворения в конце давай лучше песню, он её любит", Replace},
			{quizDraft, "can we say 8pm instead of 7, the football is on", Replace},
			{quizDraft, "could we put £3 instead of £2, prices went up", Replace},
			{esCitaDraft, "en lugar del viaje de trabajo mejor algo personal, sin detalles", Replace},
			// hard negatives: no part of the draft, a question of the user's own doing
			{gingerDraft, "can i use lemon instead of ginger?", ""},
		},
		"change X to Y, also as a question (replace)": {
			{quizDraft, "could you change gemma to tom?", Replace},
			{frFeteDraft, "tu peux changer Hélène en Sophie ?", Replace},
			{ptBioDraft, "pode mudar retratos para casamentos?", Replace},
			{itMenuDraft, "puoi cambiare il risotto in lasagne?", Replace},
			{ruNoteDraft, "можешь поменять пятницу на четверг?", Replace},
			{jaSoupDraft, "大根をじゃがいもにしてください", Replace},
			// hard negatives: a question how to, a need stated in a new task, the user's own swap, a form
			{pyAvgDraft, "how to change the list to a tuple", ""},
			{ptBioDraft, "escreve uma mensagem para a Ana, precisamos mudar a sessão para domingo", ""},
			{jaSoupDraft, "味噌を白味噌に変えてもいいですか？", ""},
			{jaSoupDraft, "手順をもう少し短めにしてください", Reformat},
		},
		"Y preferred over X of the draft (replace)": {
			{quizDraft, "rather than the bar voucher, a trophy", Replace},
			{quizDraft, "i'd prefer 8pm over 7pm", Replace},
			{deGedichtDraft, "lieber Sonne als Licht", Replace},
			{esDinnerDraft, "mejor el domingo que el sábado", Replace},
			{frFeteDraft, "plutôt dimanche que samedi", Replace},
			{itMenuDraft, "meglio la pasta al pesto che al pomodoro", Replace},
			// hard negatives: a form preferred, nothing of the draft
			{quizDraft, "i'd prefer tea over coffee, anyway thanks", ""},
		},
		"a part of the draft to be another thing (replace)": {
			{quizDraft, "could the voucher be a trophy?", Replace},
			{quizDraft, "make the voucher a meal for two", Replace},
			{deGedichtDraft, "mach aus dem Licht ein Feuer", Replace},
			{quizDraft, "could the voucher be a bit bigger?", Reformat},
		},
		// class 2: a substitution the user asks about for their own doing (negative)
		"a substitution asked about for the user's own doing (negative)": {
			{deTeeDraft, "geht auch getrockneter Ingwer statt frischem?", ""},
			{zhCakeDraft, "低筋面粉可以用普通面粉代替吗？", ""},
			{gingerDraft, "could i use maple syrup instead of honey?", ""},
			{itRicettaDraft, "posso usare il miele invece dello zucchero?", ""},
			{gingerDraft, "¿puedo usar azúcar en vez de miel?", ""},
			// the draft asked to change keeps its verdict
			{gingerDraft, "use maple syrup instead of honey", Replace},
		},
		// class 3: ja/zh change X to Y (replace)
		"ja/zh change X to Y with X in the draft (replace)": {
			{jaSpeechDraft, "大阪の思い出を、社員旅行の話に変えてもらえますか？", Replace},
			{jaSpeechDraft, "たこ焼きのくだりを別のエピソードに差し替えてください", Replace},
			{zhNoticeDraft, "6月8日改成6月9日吧，物业刚通知改期了", Replace},
			{zhNoticeDraft, "把上午9点换成下午2点", Replace},
			// hard negatives: a conversion asked, a question
			{zhNoticeDraft, "怎么把这个通知转换为图片格式", ""},
		},
		// class 4: a disliked item and "use Y" (replace); an allergy (withdraw)
		"a disliked part of the draft and what to use (replace)": {
			{saladDraft, "i hate mushrooms, can you use courgette wherever they show up", Replace},
			{esMenuDraft, "no me gustan los champiñones, usa calabacín", Replace},
			{saladDraft, "je n'aime pas les champignons, mets des poireaux à la place", Replace},
			{saladDraft, "i hate mondays lol, anyway thanks", ""},
		},
		"an allergy to a part of the draft (withdraw)": {
			{bananaDraft, "my daughter is allergic to hazelnuts", Withdraw},
			{deKuchenDraft, "mein Mann ist allergisch gegen Haselnüsse", Withdraw},
			{bananaDraft, "i'm allergic to cats, is that a problem for pancakes?", ""},
		},
		// class 5: put Y where it says X (replace)
		"put Y where the draft says X (replace)": {
			{cardDraft, "put 'picnic blanket' where it says [present]", Replace},
			{cardDraft, "write Easter weekend in place of Easter", Replace},
			{cardDraft, "where it says present, is that a placeholder?", ""},
		},
		// class 6: a substitute said after a keep-out (replace), the draft's own text (withdraw)
		"a substitute said after the keep-out (replace)": {
			{excuseDraft, "don't say migraine, say food poisoning, she knows i get migraines", Replace},
			{esCitaDraft, "no digas lo del viaje, pon que tengo un asunto familiar", Replace},
			{excuseDraft, "ne dis pas migraine, dis que mon fils est malade", Replace},
			// hard negative: the substitute is the draft's own text
			{excuseDraft, "don't mention the migraine, just say i won't be able to come today", Withdraw},
		},
		// class 7: a swap of two parts of the draft is a reorder (reformat)
		"two parts of the draft change places (reformat)": {
			{planDraft, "swap days 2 and 3, the boat doesn't run on tuesdays", Reformat},
			{planDraft, "switch the lakes and the museums, rain is forecast", Reformat},
			{planDraft, "swap the museums for a hike", Replace},
		},
		// class 8: facts questioned (negative)
		"a fact of the draft checked with a question (negative)": {
			{summaryDraft, "a fifth of short trips is a lot, right?", ""},
			{summaryDraft, "hm is a fifth even realistic", ""},
			{adviceDraft, "does a -5 bag actually matter in july", ""},
			{summaryDraft, "c'est vraiment un cinquième, n'est-ce pas", ""},
			// a correction phrased as a tag question keeps its verdict
			{summaryDraft, "but it was only in the centre that it changed, right?", Correct},
		},
		// class 9: acceptance and the user's plan (negative)
		"accepts the draft and says what the user will do (negative, zh/ja)": {
			{zhNoticeDraft, "这样可以了，我马上贴到电梯里", ""},
			{zhNoticeDraft, "挺好，我今天就发业主群", ""},
			{zhNoticeDraft, "挺好，再加一句联系电话", Extend},
		},
		// class 10: praise by comparison (negative)
		"praise of the draft by comparison (negative)": {
			{summaryDraft, "wow this is way easier than the original article", ""},
			{summaryDraft, "c'est bien plus clair que le rapport officiel", ""},
			{summaryDraft, "das ist viel verständlicher als die Pressemitteilung", ""},
			{summaryDraft, "make it clearer than the original", Reformat},
		},
		// class 11: "is that bad?" about an output (negative)
		"asks whether an output is a problem (negative)": {
			{leapDraft, "it says DeprecationWarning: invalid escape sequence. is that bad?", ""},
			{leapDraft, "pytest says 1 warning, ist das schlimm?", ""},
		},
		// class 12: a value asked about (negative)
		"a question about the right value (negative)": {
			{quizDraft, "what's a normal entry fee, is 2 too cheap", ""},
			{quizDraft, "how long do quizzes usually last, is 2 hours too long", ""},
			{quizDraft, "2 is too cheap, make it 3", Replace},
		},
		// class 13: a new concept asked to be explained (negative)
		"a new concept asked to be explained (negative)": {
			{sqlJoinDraft, "GROUP BY と HAVING の違いも教えてください", ""},
			{sqlJoinDraft, "also explain what a window function is", ""},
		},
		// class 14: keep-outs without a removal verb (withdraw)
		"a keep-out without a removal verb (withdraw)": {
			{weddingDraft, "the berlin weekend stays between us, his parents will be there", Withdraw},
			{deKarteDraft, "kein Wort über Portugal bitte, die Reise ist abgesagt", Withdraw},
			{weddingDraft, "he's touchy about the tent story, can that go", Withdraw},
			{farewellDraft, "they don't need to know where i'm going", Withdraw},
			{weddingDraft, "pas un mot sur Berlin, sa femme sera là", Withdraw},
			// hard negatives
			{weddingDraft, "thanks, this stays between us until the wedding", ""},
		},
		"a part named as a topic, then kept out (withdraw)": {
			{ruNoteDraft, "про деньги вообще не пиши, Игорь сам скажет", Withdraw},
			{esDinnerDraft, "sobre el menú no pongas nada, aún no está cerrado", Withdraw},
		},
		"a part of the draft, then removed as \"it\" (withdraw)": {
			{frPostDraft, "Delta Finance, enlève-le, on s'est mal quittés", Withdraw},
			{frPostDraft, "Delta Finance, supprime ça", Withdraw},
		},
		"a part of the draft, then dismissed (withdraw)": {
			{frFeteDraft, "l'ascenseur, pas la peine", ""},
			{frFeteDraft, "Hélène, on oublie, elle déménage", Withdraw},
			{zhSickDraft, "缝针的事就别提了", Withdraw},
			{ruNoteDraft, "подарок, не надо, Оля просила без подарков", Withdraw},
			{itMenuDraft, "il pesce, lascia perdere, non lo mangia nessuno", Withdraw},
			// hard negatives: a question, nothing of the draft
			{frFeteDraft, "la pluie, on oublie, il fera beau", ""},
		},
		"a part of the draft ruled out as a suggestion (withdraw)": {
			{talkDraft, "maybe not the cake bit, he's on a diet", Withdraw},
			{esDinnerDraft, "quizás no lo del menú, aún no está claro", Withdraw},
			{ruNoteDraft, "про деньги лучше не упоминать", Withdraw},
			{deGedichtDraft, "vielleicht nicht die Tage zählen, klingt traurig", Withdraw},
			{talkDraft, "maybe not tonight, we could do it friday?", ""},
		},
		"a part of the draft and a \"let's remove\" (withdraw)": {
			{ruNoteDraft, "деньги давай уберём", Withdraw},
			{itMenuDraft, "il pesce togliamo", Withdraw},
		},
		// class 15: a wrong output after code (correct)
		"an input and the wrong output, after code (correct)": {
			{leapDraft, "for 4 it gives False, but 4 is even", Correct},
			{leapDraft, "bei 6 kommt auch False raus", Correct},
			{leapDraft, "8也返回False了", Correct},
			{leapDraft, "con 10 devuelve False, pero 10 es par", Correct},
			{leapDraft, "remove the print, it gives True and that is all i need", Withdraw},
		},
		// class 16: disbelief at a part of the draft (correct)
		"disbelief at a part of the draft (correct)": {
			{itRicettaDraft, "lo zucchero nella norma?? ma dai", Correct},
			{adviceDraft, "waterproofs for july?? come on", Correct},
			{itRicettaDraft, "ma chi ha inventato la norma? davvero?", ""},
		},
		// class 17: tests asked for the code (extend)
		"tests asked for the code (extend)": {
			{leapDraft, "could you add some unit tests for it too", Extend},
			{leapDraft, "schreib mir bitte auch Tests dazu", Extend},
			{leapDraft, "also write a test for this", Extend},
		},
		// class 18: a count of bullets (reformat)
		"the draft in N bullets or sentences (reformat)": {
			{summaryDraft, "tu peux me le mettre en 3 puces ?", Reformat},
			{summaryDraft, "can you put it in 2 sentences", Reformat},
			{summaryDraft, "list 5 facts about bikes in 5 bullets", ""},
		},
		// class 19: a fact that changed (correct)
		"a fact that changed makes the draft wrong (correct)": {
			{flatDraft, "marek moved out yesterday, so it's only me", Correct},
			{flatDraft, "marek ist ausgezogen, ich wohne jetzt allein", Correct},
		},
		// class 20: the explanation again in a simpler register (reformat)
		"the explanation again in a simpler register (reformat)": {
			{recursionDraft, "explain it like i'm 8", Reformat},
			{recursionDraft, "could you explain that like im a beginner", Reformat},
			{recursionDraft, "explícamelo como si tuviera 9 años", Reformat},
			{recursionDraft, "spiegamelo come se avessi 11 anni", Reformat},
			{recursionDraft, "小学生にもわかるように説明してください", Reformat},
			{recursionDraft, "explain like i'm 5 how a compiler works", ""},
			{recursionDraft, "i feel like i'm 12 again, thanks", ""},
		},
	}
	checkFamilies(t, families)
}

// TestRules9Histories holds the families that read the first request: the
// next unit of a series, one more for another person.
func TestRules9Histories(t *testing.T) {
	chapter := []corpora.Message{
		{Role: corpora.RoleUser, Content: "summary of chapter 3 of Great Expectations"},
		{Role: corpora.RoleAssistant, Content: "In chapter 3, Pip steals food for the convict on the marshes on Christmas morning and meets a second escaped man."},
	}
	itCap := []corpora.Message{
		{Role: corpora.RoleUser, Content: "riassunto del terzo capitolo del Piccolo Principe"},
		{Role: corpora.RoleAssistant, Content: "Nel terzo capitolo il piccolo principe racconta del suo pianeta e della pecora nella scatola."},
	}
	zhWish := []corpora.Message{
		{Role: corpora.RoleUser, Content: "给外婆写一段生日祝福"},
		{Role: corpora.RoleAssistant, Content: "亲爱的外婆：祝您生日快乐，身体健康，万事如意！"},
	}
	cases := []struct {
		history []corpora.Message
		turn    string
		want    string
	}{
		{chapter, "do the same for chapter 4", ""},
		{chapter, "now the next chapter please", ""},
		{itCap, "fammi anche il quarto capitolo", ""},
		{zhWish, "再写一段，给舅舅的", ""},
		{chapter, "make it shorter", Reformat},
	}
	c := New(nil)
	for _, tc := range cases {
		v, notes := c.Explain(tc.history, tc.turn)
		if v.Type != tc.want {
			t.Errorf("%q = %q, want %q\n  %s", tc.turn, v.Type, tc.want, strings.Join(notes, "\n  "))
		}
	}
}
