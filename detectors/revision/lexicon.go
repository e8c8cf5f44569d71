package revision

import "strings"

// Word lists the rules use, lower case, per language where it matters.
// Multi-word entries are matched as word sequences.

// exact returns the set of the given strings, each taken whole.
func exact(items ...string) map[string]bool {
	m := map[string]bool{}
	for _, s := range items {
		m[s] = true
	}
	return m
}

func set(lists ...string) map[string]bool {
	m := map[string]bool{}
	for _, l := range lists {
		for _, w := range strings.Fields(l) {
			m[w] = true
		}
	}
	return m
}

// fillers may stand between the start of a clause and an edit cue without
// making the cue anything but an instruction: politeness, discourse markers,
// request frames ("can you", "i want you to").
var fillers = set(
	// en
	`please pls plz pleas kindly ok okay k now also and but so then just great good thanks thank cool nice perfect
	alright right hmm hm well no nope yes yeah yep yup sure maybe perhaps actually oh hey hi hello fine awesome
	excellent wow very much lol sorry dear sir bro dude man can could would will u you i want wanna need needs like to
	let's lets let us me try should must have has first firstly second secondly third finally lastly only simply
	wait chatgpt gpt i'd i'll you'll we we'll could've go ahead make sure additionally besides
	furthermore moreover however otherwise`,
	// es
	`por favor porfa porfavor puedes podrías podrias puede podría podria ahora también tambien y pero vale bien bueno
	gracias solo sólo quiero que me hola entonces además ademas necesito oye quisiera`,
	// fr
	`s'il te plaît plait vous stp svp peux tu pouvez pourrais pourriez maintenant aussi et mais d'accord merci je veux
	voudrais alors juste bon peux-tu pouvez-vous pourrais-tu est-ce`,
	// de
	`bitte kannst du könntest können könnten sie jetzt auch und aber danke ich möchte will mal doch nun gut super
	einfach dann hallo`,
	// ru
	`пожалуйста можешь можете мог могли бы теперь также тоже и но а ок окей спасибо хорошо давай просто я хочу чтобы
	ты вы нужно надо тогда ну привет сделай`,
	// pt
	`por favor pode poderia você voce agora também e mas obrigado obrigada quero que eu só apenas então entao bem dá pra`,
	// it
	`per favore puoi potresti può potrebbe ora adesso anche e ma grazie voglio vorrei che solo allora bene`,
)

// lightVerbs count as fillers before a generic or reformat cue ("write it
// again", "do another one").
var lightVerbs = set(`make do write give show generate create provide redo rewrite get keep send try it them this that
	put turn present display organize organise arrange use usa utilise utilisez benutze используй
	me hazlo fais mach сделай напиши faça fai scrivi escribe écris schreib schreibe`,
	// imperatives with an object clitic, which name the draft themselves ("hazla más corta", "scrivilo in
	// inglese", "rends-le plus court", "faz mais curto")
	`haz hazla hazlos hazlas hazme pon ponlo ponla ponlos ponlas escríbelo escribelo escríbela escribela
	reescríbelo reescribelo reescríbela reescribela déjalo dejalo déjala dejala tradúcelo traducelo cámbialo cambialo
	mejóralo mejoralo redáctalo redactalo
	fallo falla fammelo fammi scrivilo scrivila riscrivilo riscrivila rendilo rendila mettilo mettila traducilo
	traducila cambialo cambiala sistemalo sistemala
	faz faca deixa deixe deixar fazer escreve escreva coloca coloque põe poe bota reescreve tenta tente
	fais-le fais-la mets-le mets-la rends-le rends-la écris-le écris-la réécris-le réécris-la refais-le refais-la mets rends
	mach's machs mache gestalte halt halte
	перепиши оформи составь сделайте напишите`)

// questionWords open a question asking for information.
var questionWords = set(
	`what why how where when which who whom whose what's whats how's hows where's why's`,
	`qué que por cómo como cuál cual dónde donde cuándo cuando quién quien`,
	`pourquoi comment quoi quel quelle quels quelles où quand qui qu'est-ce`,
	`warum wieso weshalb wie was welche welcher welches wo wann wer`,
	`почему зачем как что какой какая какие где когда кто`,
	`porque quê qual onde quem`,
	`perché perche come cosa quale dove chi`,
)

// auxStarts open a yes/no question when they start a sentence.
// subjects after an auxiliary make a question without a question mark ("is
// it ...", "does this ...").
var subjects = set(`i you it we they he she this that there the these those my your`)

var auxStarts = set(`is are was were do does did has have had am isn't aren't doesn't didn't don't wasn't haven't hasn't
	shall may might can could would will should`)

// politeFrames are request forms that look like questions ("can you ...").
var politeFrames = []string{
	"can you", "could you", "would you", "will you", "can u", "could u", "would u", "would you mind",
	"would it be possible to", "is it possible to", "is it possible for you to", "can it be", "could it be",
	"can we", "could we", "shall we", "should we", "could i ask you to", "can i ask you to", "do you mind",
	"puedes", "podrías", "podrias", "puede", "podría", "peux-tu", "pouvez-vous", "pourrais-tu", "pourriez-vous",
	"tu peux", "vous pouvez", "kannst du", "könntest du", "können sie", "könnten sie", "можешь", "можете",
	"не мог бы", "не могли бы", "могли бы", "pode", "poderia", "você pode", "voce pode", "puoi", "potresti",
	"può", "potrebbe",
	// impersonal requests ("si può accorciare?", "dá pra encurtar?", "geht das kürzer?")
	"si può", "se puede", "dá pra", "dá para", "geht das", "geht es", "est-ce que tu peux", "est-ce que vous pouvez",
}

// requestFrames ask to be given something ("can I get this as a table"):
// a request like "give me ...", not a yes/no question.
var requestFrames = []string{
	"can i get", "could i get", "can i have", "could i have", "can we get", "could we get", "can we have",
	"could we have", "may i have", "may i get", "can i see", "could i see",
}

// conjunctionQuestionWords also open a subordinate clause ("when I type 2 ...
// it shows 02", "que también devuelva el total"): without a question mark
// they start a statement or a wish, not a question.
var conjunctionQuestionWords = set(`when where if que como por cuando quando donde onde quand wenn wo когда если
	dove quando`)

// orNotTags close a real question ("¿lleva leche o no?"), unlike the tags
// that assert (", no?", "right?").
var orNotTags = []string{"o no", "or not", "ou não", "ou nao", "ou pas", "ou non", "oder nicht", "или нет", "o no?"}

// suggestionFrames propose a change ("how about removing ...").
var suggestionFrames = []string{
	"how about", "why not", "why don't you", "why dont you", "why don't we", "maybe you could", "maybe we could",
	"y si", "qué tal si", "et si", "pourquoi pas", "wie wäre es", "а если", "e se", "que tal", "e se", "perché non",
}

// infoVerbs ask to be told something, not to change anything.
var infoVerbs = set(`explain tell describe define clarify wonder know understand mean means meant
	explica explique explícame erkläre erklär объясни объясните spiega spiegami`)

// creationVerbs start a new task when followed by an indefinite object.
var creationVerbs = set(`write create generate make build code develop design give show compose draft produce suggest
	propose list find provide implement program prepare plan recommend brainstorm draw paint craft invent imagine tell
	send describe come
	escribe crea genera haz dame muéstrame muestrame diseña
	écris ecris crée cree génère genere fais donne-moi donne propose
	schreibe schreib erstelle generiere mach gib
	напиши создай сгенерируй дай придумай составь
	escreva crie gere faça faca dê faz escreve cria monta
	scrivi crea genera fai dammi`)

// indefinites introduce a new object ("a", "some", "5").
var indefinites = set(`a an some one two three four five six seven eight nine ten several few new
	un una unos unas une des einen eine ein neuen neue neues um uma uns umas uno
	ещё еще другой другое другую новый новое новую outra outro otra otro autre altra altro`)

// versionWords name another take of the same draft ("another version").
var versionWords = set(`version versions variant variants variation variations draft drafts one ones copy iteration take
	rewrite revision edit attempt try option options alternative alternatives shot go
	versión versao versão version fassung вариант версию версия versione
	раз vez fois mal volta volte`)

// objectPronouns are determiners/pronouns before the head noun of an object
// phrase.
var objectPronouns = set(`the a an my your his her their our its any all every each these those this that some
	el la los las un una unos unas lo le les l' une des du de der die das den dem des ein eine einen einem
	o os as um uma il gli i uno`)

// itemPronouns are objects that name no item.
var itemPronouns = set(`it this that them these those everything all anything something one ones him her they
	lo la le les ça cela ceci es das dies это его её их isso isto questo quello`)

// strongRefs refer explicitly to what the assistant produced.
var strongRefs = []string{
	"above", "previous", "previously", "earlier", "same as before", "as before", "this time", "from before",
	"last time", "last answer", "last response", "last version", "last reply", "last message", "last output",
	"last one", "first one", "second one", "your answer", "your response", "your reply", "your code",
	"your version", "your text", "your output", "your suggestion", "your draft", "your email", "your letter",
	"your story", "your essay", "your list", "your example", "your solution", "your script", "your message",
	"your poem", "your translation", "your summary", "your article", "your post", "your function", "your program",
	"your query", "your description", "your paragraph", "your writing", "your previous", "your last",
	"you wrote", "you gave", "you provided", "you made", "you used", "you added", "you included", "you forgot",
	"you missed", "you said", "you did", "you generated", "you created", "you put", "you mentioned", "you sent",
	"you suggested", "you changed", "you removed", "you left", "you listed", "you just", "you've", "you have written",
	"you've written", "you showed", "you shared", "you described", "you use", "you keep", "you still",
	"you have told", "you told", "you've told", "you have given", "you have provided", "you have written",
	"tu respuesta", "su respuesta", "anterior", "arriba", "ta réponse", "votre réponse", "précédent", "précédente",
	"ci-dessus", "plus haut", "deine antwort", "ihre antwort", "vorherig", "oben", "zuvor", "твой ответ",
	"ваш ответ", "выше", "предыдущ", "ты написал", "sua resposta", "acima", "tua risposta", "precedente", "sopra",
	"你的", "你写的", "你给的", "上面", "上述", "刚才", "之前", "前面", "以上", "你刚", "あなたの", "上記",
	"さっき", "先ほど", "前の",
}

// weakRefs point at something already in the conversation.
var weakRefs = set(`it its it's this that these those them they same again instead that's thats this's
	esto eso este esta ese esa lo ello ça cela ceci es das dies diese diesen dieser это его её их этот эту эти тут
	isso isto ele ela questo questa quello quella`)

// cjkRefs are CJK pronouns and demonstratives pointing back.
var cjkRefs = []string{"它", "这", "那", "此", "该", "其", "再", "重新", "それ", "これ", "あれ", "もう一度", "再度"}

// draftNouns name parts or kinds of a draft.
var draftNouns = set(`code script function email mail letter text story essay poem message paragraph paragraphs sentence
	sentences line lines title heading subject intro introduction conclusion ending beginning end part section list
	table answer response reply output version draft article post tweet caption captions summary description bio
	resume cv speech song lyrics program query class method loop variable prompt translation word words name names
	example examples bullet bullets points point step steps item items signature greeting closing rest chapter
	verse stanza slogan tagline headline hashtags emojis emoji comments comment docstring file config scene dialogue`)

// toolNouns make an edit verb part of a new task ("a function to remove").
var toolNouns = set(`function script program code method regex query command tool app macro formula algorithm class
	bot way ways plugin extension software api button feature loop routine snippet library module package website
	site rule filter workflow shortcut option setting process trick technique procedure service system model
	words synonyms alternatives options examples ideas
	función script programa comando fonction programme commande funktion skript programm befehl функцию функция
	скрипт программу программа команду função programa funzione programma comando`)

// howMarkers before a cue make it part of a how-to question.
var howMarkers = set(`how cómo como comment wie как come`)

// formWords are about form, not content: a change to them is a reformat.
var formWords = set(`tone style format formatting font layout structure length language voice tense person perspective
	formal informal casual professional friendly polite serious funny simple simpler shorter longer concise brief
	bullet bullets points list table paragraph paragraphs markdown json csv html plain uppercase lowercase capital
	capitals bold italic english french spanish german chinese russian japanese italian portuguese korean arabic
	hindi python javascript java typescript c++ c# rust golang go sql first third passive active past present future
	rhyme rhymes rhyming prose`)

// itemStops end an item phrase.
var itemStops = set(`from in on at for to with so because since as but please too also then if when where while about
	which that who instead entirely completely altogether anymore now again anywhere everywhere here there part
	what whatsoever whatever
	and or
	en con para porque pero por dans avec pour parce mais aus von mit für weil aber из в с для потому но
	em com para porque mas nel con per perché ma`)

// editVerbs after "and" start a new instruction, ending an item phrase.
var editVerbs = set(`add make use write rewrite change replace put keep include remove delete fix give send then
	translate shorten expand move turn start end insert mention drop leave take cut`)

// skipLead are words stripped from the start of an item phrase.
var skipLead = []string{
	"the part about", "the part where", "the part with", "part about", "the section about", "the sentence about",
	"the line about", "the bit about", "the mention of", "mention of", "mentions of", "any mention of",
	"all mentions of", "references to", "reference to", "any reference to", "the reference to", "the use of",
	"use of", "the word", "the words", "the phrase", "the term", "using", "mentioning", "including",
	"adding", "saying", "writing", "doing", "any", "all the", "all of the", "all", "every",
}

// versionNouns after "a"/"an" still refer to the draft ("a shorter version").
func isVersionWord(w string) bool { return versionWords[w] }

// frameWords may stand before a cue in a request about the draft ("i want
// the intro shorter", "it would be better without", "the ending is too
// long").
var frameWords = set(`want wanted need needs like prefer rather should could would must has have had to be been it's is are
	was were make makes made sure better best try let's let keep kept seems seem looks look sounds sound feels feel bit
	little lot much too very really quite still just please i'd i'm we'd you'd also not only more less way
	in into as to with for a an love wish hope there few several many couple of all whole entire above below you
	you're youre you've it's its time
	quiero necesito debe debería deberia prefiero mejor es está esta muy un poco je veux voudrais faut doit devrait
	préfère mieux est très peu ich möchte soll sollte muss lieber ist sehr etwas хочу нужно надо должен должно лучше
	очень немного quero preciso deve deveria prefiro melhor está muito pouco voglio vorrei dovrebbe preferisco meglio
	è molto poco`,
	// opinion and impression frames before a complaint about the draft ("acho que ficou formal demais", "this
	// runs way long", "klingt zu steif", "мне кажется, слишком длинно")
	`think honestly tbh imo kinda kind sorta rather pretty way super overall reads runs comes across sounding
	acho achei ficou ficaram tá meio quedó quedo queda suena parece creo trouve trouvé c'est ça sonne fait
	finde klingt wirkt кажется мне получилось звучит выглядит sembra risulta suona venuto`)

// weakCorrect are correction cues too common in ordinary talk to count
// without an explicit reference to the draft, a short turn or code before.
var weakCorrect = exact(
	"still", "issue", "issues", "problem", "problems", "missed", "forgot", "fails", "failed", "failing", "failure",
	"crash*", "broken", "invalid", "undefined", "exception", "i mean", "i meant", "i said", "i asked", "not ... but",
	"it's not", "this is not", "that is not", "that's not", "same result", "same output", "same thing", "^no", "^nope",
	"todavía", "ainda", "ancora", "immer noch", "toujours pas", "仍然", "依然", "まだ", "все еще", "по-прежнему", "mal",
	"не то", "не так", "forget to", "not defined", "not true", "not valid", "not found", "missing", "there's no",
	"there is no", "is not a", "is not an", "isn't a", "isn't an", "doesn't have", "does not have", "almost there",
	"mixed up", "remind you", "let me remind you", "we are talking about", "i'm talking about", "i am talking about",
	"i was talking about", "no change", "you said", "but you said", "you just said", "should be", "needs to be",
	"must be", "has to be", "supposed to be", "meant to be", "should have been", "it's more like", "its more like",
	"it's giving me", "it gives me",
	"giving me", "it's showing", "it shows", "it returns", "it outputs", "now it says", "now says", "it says",
	"you mean")

// malfunctionCues say how a program behaved when run ("it's frozen now",
// "the flag has no effect"): weak correction cues that count when their
// subject is the draft or a name taken from it.
var malfunctionCues = exact("no effect", "any effect", "frozen", "freezes", "it hangs", "is stuck", "gets stuck",
	"got stuck", "not responding", "unresponsive")

func init() {
	// malfunction cues are weak correction cues too
	for k := range malfunctionCues {
		weakCorrect[k] = true
	}
}

// complianceCues say that the user followed the draft's advice ("like you
// said", "comme tu m'as dit", "按你说的").
var complianceCues = exact("like you said", "as you said", "like you told me", "as you told me", "like you suggested",
	"as you suggested", "like you showed", "as you showed", "como dijiste", "como me dijiste", "como me indicaste",
	"como sugeriste", "comme tu as dit", "comme tu m'as dit", "comme tu l'as dit", "comme tu as suggéré",
	"wie du gesagt hast", "wie du sagtest", "wie du geschrieben hast", "wie vorgeschlagen", "как ты сказал",
	"как ты сказала", "как ты написал", "как ты советовал", "как вы сказали", "como você disse", "como você falou",
	"como você mandou", "como vc disse", "come hai detto", "come mi hai detto", "come hai scritto", "come suggerito",
	"按你说的", "照你说的", "按照你说的", "按你的方法", "言われた通り", "言われたとおり")

// clarifyCues restate what the user meant: a correction when they open a
// short turn.
var clarifyCues = exact("i mean", "i meant", "i said", "i asked", "i told you", "^no", "^nope", "not ... but",
	"let me remind you", "remind you", "we are talking about", "i'm talking about", "i am talking about",
	"i was talking about", "you said", "but you said", "you just said", "you mean")

// weakGeneric are vague cues (wishes, "same for", "another") that need a
// short turn, code before, or an explicit reference to count.
var weakGeneric = exact("i need it to", "i want it to", "need it to", "want it to", "it should", "it needs to",
	"it has to", "it must", "want the code to", "need the code to", "should only", "same for", "any other", "other ideas", "other options", "es soll", "es sollte", "soll sich", "same with", "do the same", "^more", "^less", "^another", "different", "another",
	"better", "version", "do it", "make the", "alternative", "again", "changes", "change", "update", "tweak",
	"improve", "adjust", "alter", "polish", "refine", "not good", "not great", "don't like", "do not like")

// weakReformat are reformat cues that are mostly nouns or adjectives ("table",
// "style"): an instruction only in a short turn, after code, or naming the
// draft.
var weakReformat = exact("table", "tabular", "format", "formatting", "style", "tone", "translation", "formal",
	"informal", "casual", "polite", "perspective", "point of view", "markdown", "numbered", "uppercase", "lowercase",
	"bullet*", "one paragraph", "single paragraph", "in paragraphs", "first person", "third person", "layman",
	"in ... words", "to ... words", "in ... sentences", "tabla", "tableau", "tabelle", "tabella", "tabela", "tono",
	"le ton", "tom", "表格", "格式", "语气", "正式", "口调", "口調", "丁寧", "フォーマル", "列表", "表形式", "一覧表", "リスト形式")

// statedValues are correction cues that state the right value ("testing
// should be 2 hours").
var statedValues = exact("should be", "needs to be", "must be", "has to be", "supposed to be", "meant to be",
	"should have been", "it's more like", "its more like")

// prepositionCues attach to a verb ("rewrite it without the dog"): alone at
// the start of a clause they are not an instruction.
var prepositionCues = exact("without", "instead", "rather than", "in place of", "sin", "sans", "ohne", "без", "sem",
	"senza", "statt", "anstatt", "вместо", "en lugar de", "en vez de", "au lieu de", "em vez de", "invece di",
	"en vez del", "en lugar del", "au lieu du", "au lieu des", "em vez do", "em vez da", "em vez dos", "em vez das",
	"invece del", "invece della", "al posto del", "al posto della", "al posto di")

// topicMarkers introduce what a new piece is about ("another one about a
// bear", "ещё одно про зиму", "otro sobre el mar").
var topicMarkers = set(`about on regarding sobre sur über zum zur про о об su di`)

// additiveMarkers ask for more in the same draft ("also show ...", "... as
// well", "que también devuelva ...").
var additiveMarkers = set(`also too plus também tambem también tambien aussi auch noch anche тоже также ещё еще dazu`)

// cliticImperatives name the draft in the verb itself ("fallo più
// accattivante", "hazlo más corto", "rends-le plus court", "make it ...").
var cliticImperatives = set(`hazlo hazla ponlo ponla déjalo dejalo déjala dejala escríbelo escribelo escríbela escribela
	fallo falla rendilo rendila scrivilo scrivila mettilo mettila fais-le fais-la rends-le rends-la mets-le mets-la
	deixa deixe faz faça deixe-o deixa-o mach's machs`)

// comparativeMarkers turn an adjective into a change of degree.
var comparativeMarkers = set(`more less più meno más menos plus moins mais mehr weniger более менее`)

// qualityWords after "make it" ask for a better draft, not another form.
var qualityWords = set(`better good great nice nicer best perfect right work pop amazing awesome`)

// toneWords are matters of tone or register: a change to them is a
// reformat ("make it chill", "make it darker").
var toneWords = set(`chill warm warmer punchy punchier snappy snappier catchy catchier light lighter dark darker sad sadder
	happy happier cheerful upbeat edgy cute sweet romantic spooky scary scarier dramatic poetic humble confident sincere
	heartfelt emotional neutral gentle firm assertive direct blunt soft softer fun funnier serious professional
	personal friendly friendlier formal informal casual polite short shorter long longer concise simple simpler
	accattivante divertente formale informale breve corto lungo semplice
	formal informal divertido corto largo sencillo simple serio
	court long simple drôle formel sérieux
	kurz länger lockerer formeller einfacher
	короче длиннее проще официальнее
	curto longo simples formal engraçado`)

// behaviourVerbs report what a program or draft does ("it shows some other
// column instead of the price").
var behaviourVerbs = set(`shows show showing prints print printing returns return returning gives give giving outputs output
	says say displays display writes puts sets makes`,
	// the same in the other languages (third person): with no code in the conversation they need the draft as
	// their subject
	`dice imprime devuelve dit imprime renvoie sagt druckt liefert пишет выдает выдаёт возвращает diz retorna
	aparece stampa restituisce`)

// replaceVerbs with a pronoun and a new value rename or re-sign the draft
// ("sign it Dana W.", "call it Winter Cabin").
var replaceVerbs = set(`call name rename sign title address label`)

// structureNouns are forms of code or text the draft can be put into ("put it
// in a main() function"): a change of structure, not of content.
var structureNouns = set(`function functions class method module component loop file main table list paragraph paragraphs
	bullet bullets email letter json yaml csv markdown dict dictionary array`)

// firstPersonVerbs after a line-initial "no" state a fact about the user
// ("no hablo francés"), not a ban.
var firstPersonVerbs = set(`hablo tengo soy estoy quiero necesito vivo trabajo puedo sé entiendo conozco uso
	falo tenho sou estou quero preciso moro trabalho posso sei entendo
	parlo ho sono voglio lavoro capisco
	parle suis veux travaille habite`)

// topicShifts open a turn about something else ("different thing: ...",
// "unrelated, but ...", "otra pregunta").
var topicShifts = []string{
	"different thing", "different question", "unrelated", "another question", "new question", "separate question",
	"quick question", "off topic", "by the way", "btw", "otra pregunta", "otra cosa", "autre question", "autre chose",
	"andere frage", "anderes thema", "другой вопрос", "другая тема", "outra pergunta", "outra coisa", "altra domanda",
	"altra cosa", "另一个问题", "换个话题", "別の質問", "話は変わりますが",
}

// comparisonMarkers make the words after them items being compared ("the
// difference between DELETE, TRUNCATE and DROP").
var comparisonMarkers = []string{
	"difference between", "differences between", "compare", "comparison of", " vs ", " vs. ", "versus",
	"diferencia entre", "différence entre", "unterschied zwischen", "разница между", "отличие", "diferença entre",
	"differenza tra", "differenza fra", "区别", "違い",
}

// anotherWords ask for one more of a kind; alone they ask for the same draft
// again ("another", "faz outra", "hazme otro").
var anotherWords = set(`another ещё еще другой другое другую outra outro otra otro autre altra altro`)
