package split

import (
	"strings"
	"unicode"

	"github.com/revtrace/revtrace/detectors/internal/litre"
)

// The cue lists below are the splitter's rules. Structural cues (subject
// lines, salutations, sign-offs, ...) are matched on the trimmed line with
// its leading markdown emphasis removed; narration cues are matched on
// cueText (lower-cased, leading decoration dropped, apostrophes folded).
// Every list covers English plus German, French, Spanish, Portuguese,
// Italian, Russian and Chinese, the main languages of WildChat.

// greetings open a letter or a message.
var greetings = []string{
	`dear`, `dearest`, `hi`, `hello`, `hey`, `hiya`, `greetings`, `good (?:morning|afternoon|evening|day)`,
	`to whom it may concern`, `sehr geehrte[rs]?`, `liebe[rs]?`, `hallo`, `guten (?:tag|morgen|abend)`, `moin`, `servus`,
	`bonjour`, `bonsoir`, `salut`, `cher`, `chère`, `chers`, `chères`, `madame`, `monsieur`, `mesdames`,
	`estimad[oa]s?`, `querid[oa]s?`, `hola`, `buenos días`, `buenas (?:tardes|noches)`, `prezad[oa]s?`, `olá`,
	`car[oa]`, `gentile`, `gentili`, `ciao`, `buongiorno`, `уважаем\pL*`, `дорог\pL*`, `здравствуй\pL*`,
	`привет\pL*`, `добрый (?:день|вечер)`, `доброе утро`,
}

// First words of the structural cues, to skip their patterns cheaply on
// lines that cannot match.
var (
	signoffFirst = wordSet("best", "kind", "kindest", "warm", "warmest", "regards", "sincerely", "yours", "faithfully",
		"respectfully", "cordially", "thanks", "thank", "many", "with", "gratefully", "cheers", "take", "talk", "see", "all",
		"love", "lots", "hugs", "xoxo", "warmly", "mit", "freundliche", "viele", "beste", "liebe", "herzliche", "schöne",
		"lg", "vg", "mfg", "cordialement", "bien", "sincères", "salutations", "amicalement", "bisous", "à", "merci",
		"saludos", "un", "atentamente", "cordialmente", "abrazos", "muchas", "gracias", "atenciosamente", "abraços",
		"obrigado", "obrigada", "cordiali", "distinti", "saluti", "grazie", "с", "спасибо", "всего", "veuillez", "je",
		"reciba", "quedo", "i")
	subjectFirst   = wordSet("subject", "betreff", "objet", "asunto", "assunto", "oggetto", "onderwerp", "тема")
	enclosureFirst = wordSet("enclosure", "enclosures", "attachment", "attachments", "attached", "encl", "cc", "bcc",
		"anlage", "anlagen", "pièce", "pièces", "piece", "pieces", "adjunto", "adjuntos", "anexo", "anexos", "allegato",
		"allegati", "вложение", "вложения")
)

func wordSet(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// greetingStart reports whether w (lower-case) can start a greeting.
func greetingStart(w string) bool {
	switch w {
	case "dear", "dearest", "hi", "hello", "hey", "hiya", "greetings", "good", "to", "sehr", "liebe", "lieber", "liebes",
		"hallo", "guten", "moin", "servus", "bonjour", "bonsoir", "salut", "cher", "chère", "chers", "chères", "madame",
		"monsieur", "mesdames", "hola", "buenos", "buenas", "olá", "caro", "cara", "cari", "care", "gentile", "gentili",
		"ciao", "buongiorno", "добрый", "доброе":
		return true
	}
	for _, p := range []string{"estimad", "querid", "prezad", "уважаем", "дорог", "здравствуй", "привет"} {
		if strings.HasPrefix(w, p) {
			return true
		}
	}
	return false
}

// firstWord returns the leading run of letters of s, lower-cased.
func firstWord(s string) string {
	end := len(s)
	for i, r := range s {
		if !unicode.IsLetter(r) {
			end = i
			break
		}
	}
	return litre.ToLower(s[:end])
}

// wb ends a word-initial alternative: the end of the text or a character
// that is not a letter or digit (RE2's \b is ASCII-only, so words ending in
// accented letters need this).
const wb = `(?:$|[^\p{L}\p{N}_'])`

// alt joins alternatives into a non-capturing group.
func alt(xs ...string) string { return "(?:" + strings.Join(xs, "|") + ")" }

// startsRe compiles a pattern anchored at the start of the cue text that
// ends on a word boundary.
func startsRe(xs ...string) *litre.Re { return litre.MustCompile(`^` + alt(xs...) + wb) }

var (
	// subjectRe: an e-mail subject line ("Subject: ...", "**Betreff:** ...").
	subjectRe = litre.MustCompile(`(?i)^(?:subject(?: line)?|betreff|objet|asunto|assunto|oggetto|onderwerp|тема(?: письма)?|件名|主题|主題|邮件主题)\s*(?:\*\*|__)?\s*[:：]`)

	// salutationRe: a greeting that opens a letter or message; the caller
	// checks that only a short name follows it.
	salutationRe = litre.MustCompile(`(?i)^(` + alt(greetings...) + `)` + wb)
	// greetingLineRe: a first line that starts with a greeting and a short
	// name, then goes on ("Hi Sam, just checking in ...").
	greetingLineRe  = litre.MustCompile(`(?i)^` + alt(greetings...) + `(?:\s+[\p{L}\p{N}.'\-\[\]]+){1,3}\s*[,!，！]`)
	salutationCJKRe = litre.MustCompile(`^(?:尊敬的|亲爱的|敬爱的|您好|你好|各位|大家好|嗨)`)

	// signoffRe: the closing formula of a letter, alone on its line or
	// followed by a comma and a name.
	signoffRe = litre.MustCompile(`(?i)^` + alt(
		`best`, `best regards`, `kind regards`, `kindest regards`, `warm regards`, `warmest regards`, `warm wishes`,
		`best wishes`, `regards`, `sincerely`, `sincerely yours`, `yours sincerely`, `yours truly`, `yours faithfully`,
		`faithfully`, `respectfully`, `respectfully yours`, `cordially`, `thanks`, `thank you`, `thanks again`,
		`thank you again`, `many thanks`, `thanks so much`, `thank you so much`, `thanks in advance`,
		`thank you in advance`, `with thanks`, `with gratitude`, `gratefully`, `cheers`, `take care`, `talk soon`,
		`see you(?: soon)?`, `all the best`, `love`, `with love`, `lots of love`, `hugs`, `xoxo`, `warmly`, `yours`,
		`mit freundlichen grüßen`, `mit freundlichem gruß`, `freundliche grüße`, `viele grüße`, `beste grüße`,
		`liebe grüße`, `herzliche grüße`, `schöne grüße`, `lg`, `vg`, `mfg`, `cordialement`, `bien cordialement`,
		`bien à vous`, `sincères salutations`, `salutations(?: distinguées)?`, `amicalement`, `bisous`, `à bientôt`,
		`merci(?: beaucoup)?`, `saludos`, `saludos cordiales`, `un saludo(?: cordial)?`, `atentamente`, `cordialmente`,
		`un abrazo`, `abrazos`, `muchas gracias`, `gracias`, `atenciosamente`, `abraços`, `obrigad[oa]`,
		`cordiali saluti`, `distinti saluti`, `saluti`, `grazie(?: mille)?`, `un caro saluto`,
		`с уважением`, `с наилучшими пожеланиями`, `спасибо`, `всего доброго`, `всего наилучшего`,
	) + `\s*(?:[,!.:，]\s*[^.!?。！？]{0,40})?$`)
	signoffCJKRe  = litre.MustCompile(`^(?:此致|敬礼|祝好|祝商祺|顺祝商祺|顺颂商祺|谢谢|感谢|祝一切顺利|祝工作顺利)[,，!！。]?\s*\S{0,20}$`)
	signoffLongRe = litre.MustCompile(`(?i)^(?:veuillez agréer|je vous prie d'agréer|je vous prie de croire|reciba un cordial saludo|quedo a (?:su|tu) disposición|i look forward to hearing from you)`)
	dashNameRe    = litre.MustCompile(`^(?:--|—|–|~)\s*\p{Lu}[\p{L}.'-]*(?:\s+\p{Lu}[\p{L}.'-]*){0,3}$`)

	// psRe: a postscript, which belongs to the letter.
	psRe = litre.MustCompile(`(?i)^(?:p\.\s?p\.\s?s\.?|p\.\s?s\.?|pps\b|ps\b|п\.\s?с\.)`)

	// enclosureRe: attachment lines after a signature.
	enclosureRe = litre.MustCompile(`(?i)^(?:enclosures?|attachments?|attached|encl\.?|cc|bcc|anlagen?|pi[eè]ces? jointes?|adjuntos?|anexos?|allegat[oi]|附件|вложени\pL*)\s*[:：]`)

	// placeholderRe: a signature placeholder such as "[Your Name]".
	placeholderRe = litre.MustCompile(`^[\[<{(].{1,60}[\]>})]$`)
)

var (
	// openRe: narration that opens a reply, addressed to the user.
	openRe = startsRe(
		`sure`, `certainly`, `absolutely`, `of course`, `no problem`, `got it`, `understood`, `here you go`,
		`here it is`, `here you are`, `my apologies`, `apologies`, `i apologi[sz]e`, `i'm sorry`, `i am sorry`,
		`sorry (?:for|about|that|,)`,
		`(?:thank you|thanks) for (?:the |your )?(?:feedback|clarification|correction|patience|input|update|details|additional|suggestions?|reminder|information|info|context|clarifying|pointing|letting|catching|sharing|providing|bringing|noticing|the heads-up)`, `as requested`,
		`as you requested`, `as per your request`, `per your request`, `as you asked`, `as an ai`,
		`based on your (?:feedback|request|instructions|input|comments|requirements)`, `will do`, `you're right`,
		`you are right`, `you're correct`, `you are correct`, `good (?:catch|point)`, `great (?:catch|point|idea|question)`,
		`happy to help`, `glad to help`, `i'd be happy`, `i would be happy`, `i'd be glad`,
		`with pleasure`, `my bad`, `oops`, `noted`, `gotcha`,
		// de
		`gerne`, `gern`, `natürlich`, `selbstverständlich`, `klar`, `sicher`, `alles klar`, `verstanden`,
		`in ordnung`, `kein problem`, `entschuldigung`, `entschuldige`, `es tut mir leid`, `okay`,
		// fr
		`bien sûr`, `certainement`, `absolument`, `d'accord`, `très bien`, `entendu`, `pas de problème`,
		`avec plaisir`, `je m'excuse`, `désolée?`, `toutes mes excuses`, `compris`,
		// es / pt / it
		`claro`, `por supuesto`, `desde luego`, `de acuerdo`, `entendido`, `lo siento`, `disculpa`, `disculpe`,
		`mis disculpas`, `con gusto`, `com certeza`, `desculpe`, `certamente`, `certo`, `ovviamente`, `va bene`,
		`mi scuso`, `scusa`,
		// ru
		`конечно`, `хорошо`, `понял`, `поняла`, `извините`, `прошу прощения`, `разумеется`,
	)
	// openShortRe: interjections that open narration only when punctuated
	// ("OK, ...", "Done!", "Great -"), so that "Okra ..." or "Done right, ..."
	// do not count.
	openShortRe = litre.MustCompile(`^(?:ok|okay|alright|all right|done|great|perfect|yes|right|thanks|thank you|excellent|awesome|cool|fine|i understand|i see|ja|oui|sí|si|да)\s*[!.,:;—–-]\s*`)
	openCJKRe   = litre.MustCompile(`^(?:当然|好的|好啊|没问题|明白|了解|抱歉|对不起|非常抱歉|很抱歉|收到|可以的|可以|以下是|下面是|这是|這是|以下為|根据您的|根据你的|按照您的|按照你的)`)

	// assistantRe: the assistant speaking of itself or offering help,
	// anywhere in a short line ("Hello! How can I assist you today?").
	assistantRe = litre.MustCompileAlt(alt(
		`\bhow (?:can|may|could) i (?:help|assist)`, `\bwhat can i (?:do|help)`, `\bi'm (?:here|happy|glad) to help`,
		`\bas an ai\b`, `\bi(?:'m| am) an ai\b`, `\bai language model\b`, `\bfeel free to ask\b`,
		`\bis there (?:anything|something) (?:else )?(?:i can|you(?:'d| would) like|you need)`,
		`comment puis-je vous aider`, `wie kann ich (?:ihnen|dir) helfen`, `en qué puedo ayudar`, `cómo puedo ayudar`,
		`有什么我?(?:可以|能)(?:帮|为)`, `чем (?:я )?могу (?:вам )?помочь`, `请问有什么`,
	))

	// presentRe: a phrase that presents the deliverable ("Here's the
	// revised email", "Voici ...", "以下是 ..."); with a final colon it
	// makes a lead-in.
	presentRe = litre.MustCompileAlt(alt(
		`\bhere's`, `\bhere is`, `\bhere are`, `\bhere you go`, `\bbelow is`, `\bbelow are`, `\bbelow you`,
		`\bthe following`, `\bas follows`, `\bfollowing (?:is|are)`,
		`\b(?:is|are) (?:the|a|an|my|your) (?:revised|updated|corrected|edited|modified|new|rewritten|shortened|final|improved|polished|adjusted|reworded|rephrased|cleaned)`,
		`\bvoici`, `\bvoilà`, `ci-dessous`, `\bhier (?:ist|sind|die|das|der|eine?)\b`, `\bnachfolgend`,
		`\bim folgenden`, `\bfolgende`, `aquí (?:está|tienes|tiene|están|hay|va)`, `\baqui (?:está|estão|vai)`,
		`\ba continuación`, `\ba seguir`, `\bsegue`, `\becco`, `\bdi seguito`, `以下是`, `下面是`, `如下`, `这是`,
		`這是`, `以下為`, nb+`вот`+wb, nb+`ниже`,
	))
	// labelRe: a label naming a revised deliverable ("Revised email:",
	// "**Updated version**", "修改后的邮件：").
	labelRe = litre.MustCompileAlt(alt(
		`\b(?:revised|updated|corrected|edited|modified|new|rewritten|shortened|final|improved|polished|adjusted|amended|refined|fixed|cleaned[- ]up|reworded|rephrased|redacted|sanitized|anonymi[sz]ed)\s+(?:[\p{L}'-]+\s+){0,2}(?:version|draft|email|e-mail|message|letter|text|code|script|snippet|list|summary|report|paragraph|sentence|response|reply|post|document|table|itinerary|resume|résumé|cv|essay|story|poem|config|configuration|query|function|program|file|template|bio|description|note|output|answer|copy|content|abstract|introduction|section|proposal|plan|agenda|schedule|menu|recipe)s?(?:$|[^\p{L}\p{N}_])`,
		`\b(?:version|lettre|courriel|message|texte|code|réponse) (?:révisée?|modifiée?|corrigée?|mise? à jour|actualisée?|améliorée?)`,
		nb+`(?:überarbeitete|aktualisierte|korrigierte|geänderte|angepasste|neue|verbesserte)[rsn]?\s+\pL+`,
		`\b(?:versión|carta|correo|mensaje|texto|código|respuesta|lista) (?:revisad[oa]|actualizad[oa]|corregid[oa]|modificad[oa]|mejorad[oa]|nuev[oa])`,
		`(?:修改后|修订后|更新后|修正后|改写后|调整后|删除后|更改后|优化后)的?`,
		nb+`(?:исправленн|обновлённ|обновленн|изменённ|измененн|переработанн)\pL*`,
	))

	// editRe: first-person narration of the edit ("I've removed ...",
	// "I'll use Thursday instead", "J'ai supprimé ...", "我已删除...").
	editRe = litre.MustCompileAlt(`^` + alt(
		`i(?:'ve| have| had|'ll| will|'m| am|'d| would)?(?: also| now| just| simply| further| then| additionally| already| carefully| gone ahead and| went ahead and| took the liberty of| tried to| made sure to| kept| only)?\s+(?:remov|delet|omit|exclud|drop|left|leav|(?:tak\pL*|took) (?:\S+ ){0,4}?(?:out|off (?:the|of|your)|away|the liberty)|strip|redact|replac|swap|substitut|chang|updat|revis|edit|modif|adjust|rewr|rephras|reword|correct|fix|made|mak|add|includ|kept|keep|retain|incorporat|shorten|condens|simplif|expand|restructur|reformat|translat|use[ds]?\b|using|ensur|avoid|focus|highlight|tweak|tailor|amend|refin|polish|clean|trim|cut|integrat|insert|put|moved|mov|rearrang|reorganiz|reorder|combin|merg|address|implement|went|gone|going to|happy to|glad to|also|toned|softened|streamlin|consolidat|anonymi|generaliz|mask|hid|blank|replac)`,
		`(?:ich habe|ich hab|hab|ich werde)\s.*(?:entfernt|gelöscht|weggelassen|ersetzt|geändert|angepasst|überarbeitet|aktualisiert|korrigiert|hinzugefügt|ausgelassen|gestrichen|entfernen|ersetzen)`,
		`(?:j'ai|je vais|je l'ai|nous avons|j'ai également)\s.*(?:supprimé|retiré|enlevé|remplacé|modifié|mis à jour|corrigé|ajouté|omis|révisé|ajusté|reformulé|supprimer|retirer|remplacer|modifier)`,
		`(?:he|hemos|ya he|voy a)\s.*(?:eliminado|quitado|borrado|reemplazado|sustituido|modificado|actualizado|corregido|añadido|agregado|omitido|revisado|ajustado|eliminar|quitar|reemplazar)`,
		`(?:eu )?(?:removi|substituí|alterei|atualizei|corrigi|excluí|retirei)`,
		`ho (?:rimosso|eliminato|sostituito|modificato|aggiornato|corretto|tolto)`,
		`я\s.*(?:удалил|убрал|заменил|изменил|исправил|добавил|обновил|переписал)`,
		`我?(?:已经|已|刚刚|这里)?(?:为您|帮您|帮你|为你|给您|给你)?(?:删除|移除|去掉|去除|删去|替换|修改|更新|调整|更正|添加|省略|改写|重写|换成|改成|删掉)`,
	))
	// passiveRe: passive edit narration ("The password has been removed.").
	passiveRe = litre.MustCompileAlt(`^(?:the|all|any|your|this|these|that|those|each|every|mentions?|references?|it|they|le|la|les|el|los|las|die|der|das)\b.{0,120}?` + alt(
		`\b(?:has|have|had) been (?:removed|deleted|omitted|excluded|dropped|taken out|left out|stripped|redacted|replaced|swapped|substituted|changed|updated|revised|edited|modified|adjusted|rewritten|rephrased|corrected|fixed|added|included|shortened|incorporated|masked|anonymi[sz]ed)\b`,
		`\bwurden? .*(?:entfernt|ersetzt|gelöscht|weggelassen)`, `\ba été (?:supprimée?|retirée?|remplacée?|enlevée?)`,
		`\bha sido (?:eliminad|reemplazad|quitad)`, nb+`был[аио]? (?:удален|убран|заменен)`,
	) + `|已(?:被)?(?:删除|移除|替换|去掉)`)
	// asRequestedRe: a reference to the user's request ("as you asked").
	asRequestedRe = litre.MustCompileAlt(alt(
		`\b(?:as|per) (?:you )?(?:requested|asked|instructed|wished|specified|wanted)\b`,
		`\bas per your (?:request|instructions?)\b`, `\bper your (?:request|instructions?)\b`,
		`\bcomme (?:vous l'avez|tu l'as) demandé`, `\bwie (?:gewünscht|gewuenscht|angefordert)`, `\bcomo (?:solicitaste|pediste|solicitó|pidió)`, `按照您的要求|根据您的要求|按你的要求|如您所要求`,
	))

	// closeRe: narration that closes a reply: offers, hopes, notes and
	// comments on the deliverable.
	closeRe = startsRe(
		`let me know`, `please let me know`, `lmk`, `would you like`, `do you want`, `want me to`,
		`if you(?:'d| would) like`, `if you want`, `if you need`, `if you have any`, `if there(?:'s| is) anything`,
		`if anything`, `is there anything`, `anything else`, `should you need`, `should you have`,
		`i hope (?:this|that|these|it|the|you find)`, `hope (?:this|that|it) helps`, `feel free`, `please feel free`,
		`don't hesitate`, `do not hesitate`, `(?:i'm |i am |i'd be |i would be )?happy to`, `i'm glad`, `glad (?:i|to)`,
		`shall i`, `should i`, `does this`, `is this (?:what|okay|ok|better|closer|more|good|acceptable|suitable|alright)`,
		`how does this`, `what do you think (?:of|about) (?:this|these|the)`, `do you need`, `can i help`, `notes?\s*[:：]`, `please note`,
		`note that`, `n\.b\.`, `nb\s*[:：]`, `important\s*[:：]`, `keep in mind`, `remember to`, `be sure to`,
		`make sure to`, `don't forget`, `do not forget`,
		`you can (?:now |also |further |easily |simply |then )?(?:adjust|modify|customi[sz]e|tweak|change|edit|replace|add|use|copy|paste|run|save|fill|insert|update|personali[sz]e|expand|remove|send)`,
		`you (?:may|might|will|'ll) (?:want|need|wish) to`,
		`(?:this|these|my|the above|the (?:revised|updated|new|edited|modified|final|corrected|rewritten|shortened|improved|adjusted)) (?:revised |updated |new |edited |modified |final |corrected |rewritten |shortened |improved |adjusted )?(?:version|draft|email|e-mail|message|letter|text|code|script|snippet|function|query|program|summary|report|response|reply|post|list|document|paragraph|essay|story|poem|cv|resume|table|configuration|config|rewrite|revision|edit|changes?|modifications?|adjustments?|updates?)s?(?:\s+\S+){0,4}?\s+(?:now|no longer|should|will|omits|excludes|removes|retains|maintains|still|does not|doesn't|has been|have been|is|are|focuses|includes|avoids|uses|provides|ensures|reflects|captures|conveys|highlights|emphasi[sz]es|keeps|leaves|remains|reads|sounds|flows|makes|allows|was|were)`,
		`in (?:this|the) (?:version|revision|update|draft|code|script|example|updated|revised|rewrite|modified|corrected)`,
		`with (?:this|these) (?:change|changes|modification|modifications|update|updates|adjustments?|edits?)`,
		`(?:the )?(?:key |main )?changes (?:made|include|are|i made)`, `summary of (?:the )?changes`,
		`what (?:i|was) changed`, `what i (?:did|removed|changed|left out|omitted)`,
		`here(?:'s| is) what i (?:did|changed|removed|updated|modified|adjusted|left out|omitted)`,
		`by (?:removing|replacing|omitting|excluding|making|adding|using)`, `that's it`, `that should`,
		`this should`, `this will`, `this way`, `this ensures`, `this approach`, `these changes`, `the changes`,
		`with these`, `good luck`, `best of luck`, `enjoy`, `explanation\s*[:：]`, `changes\s*[:：]`,
		`now,? (?:the|this|it|when|you|your)`,
		// de
		`lass(?:en sie)? mich wissen`, `sag mir bescheid`, `sagen sie mir bescheid`, `gib mir bescheid`,
		`geben sie mir bescheid`, `ich hoffe`, `hoffentlich`, `falls (?:sie|du)`, `wenn (?:sie|du) (?:noch|weitere|möchtest|möchten|änderungen)`,
		`falls ich`, `möchtest du`, `möchten sie`, `soll ich`, `brauchst du`, `hinweis`, `anmerkung`, `beachte`, `bitte beachten`,
		`viel erfolg`, `viel glück`,
		// fr
		`n'hésitez pas`, `n'hésite pas`, `j'espère`, `si vous (?:avez|souhaitez|voulez|désirez)`,
		`si tu (?:as|veux|souhaites)`, `faites-moi savoir`, `fais-moi savoir`, `dites-moi`, `dis-moi`,
		`remarque\s*[:：]`, `veuillez noter`, `souhaitez-vous`, `voulez-vous`, `bonne chance`,
		// es / pt / it
		`espero que`, `si (?:necesitas|necesita|deseas|desea|quieres|quiere|tienes|tiene)`, `no dudes`, `no dude`,
		`déjame saber`, `hazme saber`, `avísame`, `dime si`, `nota\s*[:：]`, `ten en cuenta`, `tenga en cuenta`,
		`te gustaría`, `quieres que`, `desea que`, `buena suerte`, `se (?:precisar|quiser|tiver)`, `fique à vontade`,
		`me avise`, `spero che`, `se (?:hai|ha|vuoi|desideri)`, `fammi sapere`,
		// ru
		`надеюсь`, `если (?:вам|у вас|нужно|нужны|хотите)`, `дайте знать`, `сообщите`, `примечание`,
		`обратите внимание`, `удачи`,
	)
	closeCJKRe = litre.MustCompile(`^(?:希望|如果(?:您|你)|如需|若(?:您|你)|请(?:告诉|让)我|有任何|(?:注意|备注|说明|提示)[:：]|以上|需要(?:我|其他)|祝你|祝您|这样|此版本|修改后的)`)

	// changeLeadRe: a line that introduces a list of the changes made
	// ("Changes made:", "What I changed:", "### Key changes").
	changeLeadRe = litre.MustCompileAlt(`^` + alt(
		`(?:key |main |major |summary of |list of |the |some |a few )?(?:changes|edits|modifications|adjustments|revisions|updates|improvements|corrections|tweaks)(?: made| i made| applied| include| are)?`,
		`(?:what|here's what|here is what) (?:i |was |has been |have been )?(?:changed|removed|updated|did|modified|adjusted|left out|omitted|replaced)`,
		`what's (?:changed|new|different)`,
		`here(?:'s| is| are) (?:the |a )?(?:summary of (?:the )?|list of (?:the )?|rundown of (?:the )?)?(?:changes|edits|modifications|adjustments|revisions|updates)(?: (?:i|i've) made| made)?`,
		`(?:i|i've|i have) made (?:the following|these|a few|some|several|two|three)(?: \pL+)? (?:changes|edits|modifications|adjustments|revisions|updates)`,
		`the following (?:changes|edits|modifications|adjustments|revisions|updates) (?:were|have been) made`,
		`explanation(?:s| of (?:the )?changes)?`, `how it works`, `(?:a few |some |additional |important )?notes?`,
		`key points`, `what was (?:removed|changed|replaced)`, `removed`, `omitted`, `replaced`,
		`änderungen`, `modifications apportées`, `cambios(?: realizados)?`, `修改(?:说明|内容|点)?`, `主要修改`, `изменения`,
	) + `\s*[:：]?$`)

	// changeWordRe: words naming the changes themselves.
	changeWordRe = litre.MustCompile(`\b(?:changes|edits|modifications|adjustments|revisions|tweaks|updates|corrections|removals|replacements)\b`)

	// codeLabelRe: a heading that labels the code below it rather than
	// starting a document ("Updated code", "Solution", "app.py").
	codeLabelRe = litre.MustCompile(`^(?:(?:the |your )?(?:updated |revised |modified |corrected |fixed |final |complete |full |new |example |sample |improved )?(?:code|script|solution|implementation|version|example|program|function|query|snippet|file|configuration|config|class|component|module|answer)s?\b|step \d|\S+\.[a-z]{1,5}\b)`)
	// explainLabelRe: a heading that starts an explanation of the code.
	explainLabelRe = litre.MustCompile(`^(?:explanation|how it works|how to (?:use|run)|usage|running|notes?|changes|key changes|what changed|output|example output|sample output|summary|testing|next steps|conclusion)\b`)

	// sideCmdRe: a shell command that tells the user how to install, set up
	// or run something (the content of a side-instruction fence).
	sideCmdRe = litre.MustCompile(`^(?:\$ |> |PS[^>]*> |C:\\[^>]*> |# )?(?:export|set|setx|bash|sh|zsh|pwsh|powershell|unset|\$env:|pip3?|pipx|python3?|py|node|npm|npx|yarn|pnpm|bun|deno|go|cargo|rustc|gcc|g\+\+|clang|make|cmake|javac|java|mvn|gradle|\./gradlew|dotnet|docker|docker-compose|podman|kubectl|helm|curl|wget|cd|mkdir|chmod|chown|sudo|apt|apt-get|yum|dnf|brew|choco|winget|conda|source|\.|ruby|gem|bundle|rails|php|composer|flask|uvicorn|gunicorn|streamlit|pytest|git|tsc|ts-node|psql|mysql|sqlite3|mongosh|ssh|scp|touch|cp|mv|rm|ls|cat|echo|code|open|start|run|nohup|systemctl|service|pm2|terraform|aws|gcloud|az|firebase|vercel|heroku|ng|vue|expo|flutter|dart|swift|xcodebuild|\./\S+|[A-Z_][A-Z0-9_]*=\S*)(?:\s|$)`)
)

// isPresentationLead reports whether the cue text presents the deliverable
// and ends in a colon ("Sure, here's the updated email:").
func isPresentationLead(c string) bool {
	return endsWithColon(c) && (presentRe.MatchString(c) || labelRe.MatchString(c))
}
