package trace

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/revtrace/revtrace/detectors/internal/litre"
)

// Reading the level off the trace sentence itself.
//
// Whether a trace that does not name the withdrawn item is descriptive or
// process_only depends on what the sentence says was removed: the object of
// the removal ("I removed the medical supplies", "the medical supplies"),
// the subject of a passive ("Guest names have been left out"), the part
// after a label ("Removed: one confidential personnel item"), the key of a
// residue ("Door code: [removed]", "Password=REDACTED"). When that phrase
// holds a word that reveals something about the item, the trace is
// descriptive; when it holds only pronouns and words for parts of a text
// ("that", "that sentence", "one item", "some details"), process_only
// (method.md "Levels"; gold README rules 3, 5, 6, 11).

// objectForm is one way a trace sentence can say what was removed.
type objectForm struct {
	re    *litre.Regexp
	group int  // the object; 0: the form names no object (a "kept" form)
	stop  bool // the object ends at a location or reason phrase
}

const (
	enRemoved = `removed|deleted|dropped|cut|omitted|excluded|redacted|withheld|scrubbed|stripped|erased|hidden|masked|anonymi[sz]ed|taken\s+out|took\s+out|left\s+out|left\s+off|taken\s+off|gone|changed|replaced|not\s+(?:mentioned|included|named)`
	// verbs of an active removal with the object after them
	enActive = `remove|removed|delete|deleted|drop|dropped|cut|omit|omitted|exclude|excluded|redact|redacted|withheld|withhold|scrubbed|stripped|stripped\s+out|erased|hid|masked|took\s+out|taken\s+out|left\s+out|leave\s+out|cut\s+out|pulled\s+out|got\s+rid\s+of|removing|deleting|dropping|omitting|leaving\s+out|taking\s+out|replaced|replacing|swapped|swapping|swapped\s+out|substituted|won['’]t\s+mention|will\s+not\s+mention|won['’]t\s+include|didn['’]t\s+mention|(?:didn['’]t|did\s+not|don['’]t|do\s+not|won['’]t|will\s+not|no\s+longer)\s+(?:include|mention|name|list|use|say|reference|add|show)|left\s+off|kept\s+out|anonymi[sz]ed|blanked\s+out|generali[sz]ed|generici[sz]ed|no\s+longer\s+mention|no\s+(?:more\s+)?mention\s+of|nothing\s+about|no\s+reference\s+to|without|with\s+no|instead\s+of|rather\s+than|in\s+place\s+of|reduced\s+from|moved\s+from|changed\s+from`
)

var (
	// "took X out", "left X out", "kept X out", "left X off"
	splitVerbRE = litre.Lazy(`(?i)\b(?:took|taken|take|left|leave|kept|keep|cut|pulled|moved|got)\s+(.{1,80}?)\s+(?:out|off)\b`)
	// active forms: "I removed X", "Swapped X for Y", "without X"
	activeRE = litre.Lazy(`(?i)(?:^|[^\p{L}])(?:` + enActive + `)\s+(.{1,120})`)
	// "with X removed", "with the vendor unnamed"
	withRemovedRE = litre.Lazy(`(?i)\bwith\s+(.{1,80}?)\s+(?:` + enRemoved + `|unnamed|anonymi[sz]ed|blanked|blanked\s+out|redacted)\b`)
	// passives: "X has been removed", "That bit's gone"
	auxPassiveRE = litre.Lazy(`(?i)^(.{0,120}?)\s*(?:(?:has|have|had)\s+(?:now\s+)?been|(?:was|were|is|are|'s|’s)(?:\s+now)?(?:\s+been)?|got|gets)\s+(?:` + enRemoved + `|moved)\b` +
		`|^(.{0,120}?)\s*(?:(?:is|are|'s|’s)\s+(?:no\s+longer|not)|isn['’]t|aren['’]t|wasn['’]t|weren['’]t)\s+(?:in|included|mentioned|listed|named|there|shown|part\s+of|anywhere|recorded|minuted|covered|documented|reported|detailed|described)\b`)
	// residues: "(X withheld)", "X removed for anonymity", "(removed at your request)"
	passiveRE = litre.Lazy(`(?i)^(.{0,120}?)\s*(?:` + enRemoved + `)\b`)
	// "Password=REDACTED", "password: '********'"
	residueKeyRE = litre.Lazy(`(?i)([\p{L}][\p{L}\p{N}_.-]*)["']?\s*[=:]\s*["'<\[(]*(?:redacted\b|removed\b|hidden\b|withheld\b|\*{3,}|x{4,}|•{3,})`)
	// "https://<internal-host>/v2", "<your-token>"
	placeholderRE = litre.Lazy(`<([\p{L}][\p{L}\p{N}]*[ _-][\p{L}\p{N} _-]{1,40})>`)
	// "I'll use Y instead", "uses Y instead": the new item only
	useInsteadRE = litre.Lazy(`(?i)\b(?:use|uses|using|used|went\s+with|go\s+with|put|say|says|mention|list|switched\s+to|changed\s+(?:it\s+)?to|moved\s+(?:it\s+)?to)\s+(.{1,80}?)\s+instead\b`)
	// "kept it to Y", "kept only Y", "keeps it general": the complement is not named
	keptRE = litre.Lazy(`(?i)\b(?:kept|keep|keeps|keeping)\b`)
	// an object that is what was kept: "only the question about your balance"
	keptOnlyRE = litre.Lazy(`(?i)^(?:only|just|it\s+to|it\s+(?:short|general|vague|brief))\b`)
	// "Removed: X", "Removed from this version: X"
	labelFirstRE = litre.Lazy(`(?i)^(?:` + enRemoved + `|removals?|omissions?|changes?|redactions?)(?:\s+(?:from|in)\s+[^:]{1,40})?\s*:\s*(.+)$`)
	// "Door code: [removed]", "**Budget:** shared separately"
	labelValueRE = litre.Lazy(`^([^:：=]{1,40}?)\s*[:：=]\s*(.*)$`)
	// lead words that are not part of what the sentence is about
	leadRE = litre.Lazy(`(?i)^(?:(?:note|nb|n\.b\.|p\.?s\.?|todo|fixme|update|updated|changes?|edit|done|ok|okay|sure|understood|got\s+it|absolutely|of\s+course|as\s+requested|as\s+asked|per\s+your\s+request)\s*[:,.!—–-]*\s*)+`)
	// where an object ends: a location, a reason or the next clause
	objectStopRE = litre.Lazy(`(?i)\s+(?:from|out\s+of|off|in\s+(?:this|the|your|that|these|its|our)|on\s+(?:this|the|your)|as\s+(?:requested|asked|you\s+asked|per)|as\b|per|at\s+(?:your|the)|for\s+(?:privacy|anonymity|confidentiality|now|this|the\s+(?:shared|public|final)|you)|so|since|because|to\s+(?:keep|make|protect|avoid)|and\s+(?:kept|moved|added|replaced|strengthened|reworded|rephrased|used|put|changed|made|left|set|the|it|now|i|we|took|removed|cut|dropped|deleted|trimmed|swapped|rewrote|rewritten)|for\s+(?:a|an|the|some|your)|aus|wie|(?:y|e|et|und|и)\s+(?:he|ho|ha|hemos|abbiamo|j'ai|j’ai|ai|habe|hab|haben|я|мы|deixei|dejé|ho\s+lasciato)|entirely|completely|altogether|now|this\s+time|anymore|any\s+more|with|by|instead|—|–|-|;|:|,)(?:\s|$|[.,;:!?)\]])|\s+for\s+["“'‘]|[;—–]|,\s|\.(?:\s|$)|[!?]`)
)

// Removal forms of other languages: the object is the group.
var foreignObjectREs = []*litre.Regexp{
	// German: "Ich habe X entfernt", "X habe ich entfernt", "X wurde entfernt"
	litre.Lazy(`(?i)\b(?:habe|haben|hab|hat)\s+(?:ich\s+|wir\s+)?(.{1,80}?)\s+(?:entfernt|gelöscht|gestrichen|weggelassen|herausgenommen|rausgenommen|ersetzt|ausgelassen|geschwärzt)\b`),
	litre.Lazy(`(?i)^(.{1,80}?)\s+(?:habe|haben|hab)\s+(?:ich|wir)\b.*\b(?:entfernt|gelöscht|gestrichen|weggelassen|herausgenommen|rausgenommen|ersetzt|ausgelassen)\b`),
	litre.Lazy(`(?i)^(.{0,80}?)\s+(?:wurde|wurden|ist|sind)\s+(?:\S+\s+){0,5}?(?:entfernt|gelöscht|gestrichen|weggelassen|herausgenommen|ersetzt|ausgelassen|geschwärzt)\b`),
	litre.Lazy(`(?i)\bohne\s+(.{1,60})`),
	// French
	litre.Lazy(`(?i)\b(?:retiré|retirée|retirés|supprimé|supprimée|supprimés|enlevé|enlevée|enlevés|omis|omise|remplacé|remplacée|masqué|caviardé)\s+(.{1,80})`),
	litre.Lazy(`(?i)^(.{0,80}?)\s+(?:a|ont)\s+été\s+(?:retiré|retirée|retirés|supprimé|supprimée|supprimés|enlevé|enlevée|omis|omise|remplacé)`),
	litre.Lazy(`(?i)\bsans\s+(.{1,60})`),
	// Spanish, Portuguese, Italian
	litre.Lazy(`(?i)\b(?:eliminado|eliminada|quitado|quitada|borrado|borrada|omitido|omitida|suprimido|reemplazado|sustituido|tirei|tirado|tirada|removi|removido|removida|retirei|apaguei|exclu[ií]|eliminei|rimosso|rimossa|tolto|tolta|eliminato|eliminata|cancellato|omesso|sostituito)\s+(.{1,80})`),
	litre.Lazy(`(?i)^(.{0,80}?)\s+(?:(?:ha|han|fue|fueron|foi|foram|è|sono|é)\s+(?:sido\s+|stato\s+|stata\s+)?)?(?:eliminado|eliminada|quitado|omitido|removido|removida|retirado|retirada|rimosso|rimossa|tolto|tolta|eliminato|eliminata|omesso|omessa)\b`),
	litre.Lazy(`(?i)\b(?:sin|sem|senza)\s+(.{1,60})`),
	// Russian
	litre.Lazy(`(?i)(?:^|[^\p{L}])(?:убрал|убрала|убрали|удалил|удалила|удалили|исключил|исключила|вычеркнул|заменил|заменила)\s+(.{1,80})`),
	litre.Lazy(`(?i)^(.{0,80}?)\s+(?:был|была|было|были)?\s*(?:удал[её]н|удалена|удалено|удалены|убран|убрана|убрано|убраны|исключ[её]н|исключена|исключено|исключены)`),
	litre.Lazy(`(?i)(?:^|[^\p{L}])без\s+(.{1,60})`),
}

// cjkRemovalRE finds the removal verb of a Chinese, Japanese or Korean
// trace; the object is what precedes it in its clause.
var cjkRemovalRE = litre.Lazy(`删掉|删除|删去|去掉|去除|拿掉|移除|省略|隐去|抹去|不再提|不提|削除|消し|外し|省き|省略|除外|伏せ|삭제|제거|뺐|빼|지웠|생략`)

var kanaHangulRE = litre.Lazy(`[\p{Hiragana}\p{Katakana}\p{Hangul}]`)

// cjkFillerRE strips what a CJK clause holds besides the object: subjects,
// aspect and politeness, "as you asked", "from the code" and particles.
var cjkFillerRE = litre.Lazy(`我已经|我已|我们已经|我|已经|已按要求|已|按要求|按照要求|根据要求|按你说的|按您说的|按照你说的|如你所说|按照您的要求|照你说的|把|将|从[^，。、从]{0,12}?中|从[^，。、从]{0,8}?里|在[^，。、]{0,8}?中|了|的|相关|具体|内容|部分|那句话|这句话|那句|这句|那段话|这段话|那段|这段|那个|这个|那部分|这部分|那条|这条|一句|一行|一条|信息|段落|句子|理由|原因|事项|ご要望の通り|ご要望どおり|ご指示の通り|ご依頼の通り|おっしゃる通り|[^\s、。をはが]{1,12}から|の部分|部分|箇所|ところ|内容|理由|記載|こと|件|をは|を|は|が|の|요청하신\s*대로|말씀하신\s*대로|요청대로|[^\s]{1,10}에서|부분|내용|이유|은|는|을|를|이|가|[\s\p{P}\p{S}]`)

// removalObject returns what the trace sentence says was removed and
// whether the sentence has a recognised removal form at all. The object
// is "" for a form that names nothing ("(removed at your request)", "I kept
// it to the work items"); a pronoun object is kept ("I've left that out"
// gives "that").
func removalObject(sentence string) (string, bool) {
	if m := residueKeyRE.FindStringSubmatch(sentence); m != nil {
		return m[1], true // Password=REDACTED
	}
	if m := placeholderRE.FindStringSubmatch(sentence); m != nil {
		return m[1], true // https://<internal-host>/v2
	}
	s := cleanSentence(sentence)
	if s == "" {
		return "", false
	}
	if containsCJK(s) {
		if loc := cjkRemovalRE.FindStringIndex(s); loc != nil {
			clause := s[:loc[0]]
			if k := strings.LastIndexAny(clause, "，,。；;！？!?"); k >= 0 {
				clause = clause[k+1:]
			}
			if !kanaHangulRE.MatchString(s) {
				// Chinese is verb–object as well: "我删掉了地址"
				after := s[loc[1]:]
				if k := strings.IndexAny(after, "，,。；;！？!?（(）)"); k >= 0 {
					after = after[:k]
				}
				clause += " " + after
			}
			return clause, true
		}
	}
	for _, re := range foreignObjectREs {
		if m := re.FindStringSubmatch(s); m != nil && strings.TrimSpace(m[1]) != "" {
			obj := cutObject(m[1])
			if strings.HasPrefix(re.String(), "(?i)^") {
				obj = subjectOf(m[1])
			}
			if obj != "" {
				return obj, true
			}
		}
	}
	if m := labelFirstRE.FindStringSubmatch(s); m != nil {
		if obj, ok := removalObject(m[1]); ok {
			return obj, true
		}
		return cutObject(m[1]), true
	}
	if m := auxPassiveRE.FindStringSubmatch(s); m != nil {
		return subjectOf(m[1] + m[2]), true
	}
	var objs []string
	found := false
	add := func(obj string) {
		if obj = cutObject(obj); obj != "" {
			objs = append(objs, obj)
			found = true
		}
	}
	if m := useInsteadRE.FindStringSubmatch(s); m != nil {
		add(m[1])
	}
	for _, m := range splitVerbRE.FindAllStringSubmatch(s, -1) {
		if keptOnlyRE.MatchString(m[1]) {
			found = true // "I kept only Y and took the rest out"
		} else {
			add(m[1])
		}
	}
	for _, m := range withRemovedRE.FindAllStringSubmatch(s, -1) {
		add(m[1])
	}
	if !found {
		for _, m := range activeRE.FindAllStringSubmatch(s, -1) {
			add(m[1])
		}
	}
	if found {
		return strings.Join(objs, " ; "), true
	}
	if m := passiveRE.FindStringSubmatch(s); m != nil {
		if obj := subjectOf(m[1]); obj != "" {
			return obj, true
		}
	}
	if keptRE.MatchString(s) {
		return "", true
	}
	// a residue under a label: "Door code: [removed — …]", "Budget: shared separately"
	if m := labelValueRE.FindStringSubmatch(s); m != nil {
		return m[1], true
	}
	if passiveRE.MatchString(s) {
		return "", true // "(removed at your request)"
	}
	return "", false
}

// cleanSentence drops markup, comment markers and lead words of a trace
// sentence.
func cleanSentence(s string) string {
	s = strings.TrimSpace(s)
	s = strings.NewReplacer("**", "", "__", "", "`", "", "*", "", "\n", " ", "\t", " ").Replace(s)
	s = strings.TrimLeft(s, "|#/-<!>[( \t")
	s = strings.TrimRight(s, "|]) \t—–-")
	s = strings.TrimSpace(leadRE.ReplaceAllString(strings.TrimSpace(s), ""))
	return s
}

// cutObject ends an object phrase at a location, reason or next clause.
func cutObject(obj string) string {
	obj = " " + strings.TrimSpace(obj)
	if loc := objectStopRE.FindStringIndex(obj); loc != nil {
		obj = obj[:loc[0]]
	}
	return strings.Trim(strings.TrimSpace(obj), `"'“”‘’«»()[]:`)
}

// lastClauseRE: where the subject of a passive or a residue starts at the
// latest ("10:00 – (impegno personale rimosso)", "Note: the salary figure").
var lastClauseRE = litre.Lazy(`\s[–—-]\s|:\s|[(\[|;]`)

// subjectOf cuts a passive's subject to its last clause and ends it like
// an object.
func subjectOf(subj string) string {
	if locs := lastClauseRE.FindAllStringIndex(subj, -1); len(locs) > 0 {
		subj = subj[locs[len(locs)-1][1]:]
	}
	return cutObject(subj)
}

// plainWords are the words of an object phrase that reveal nothing about
// the item: pronouns, determiners, words for parts of a text, "personal"
// and the like, in the languages the scanner knows.
var plainWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`
		a an the this that these those it its it's them they their there here some any all every each one ones
		i i've i'd i'll we we've you your yours my mine our he she she's he's his her him what which who whom whose
		why how when where whatever anything something everything nothing none another other others rest
		of on in at to for about regarding concerning around with from by and or but also just only too
		is are was were be been being has have had do does did now then still not no more less few several
		couple certain particular specific exact actual individual main whole entire full
		part parts section sections line lines bit bits piece pieces paragraph paragraphs sentence sentences
		passage passages phrase phrases word words item items entry entries element elements point points
		detail details information info content contents text mention mentions reference references remark
		remarks comment comments note notes thing things stuff matter matters aspect aspects portion portions
		bullet bullets row rows field fields column columns block blocks cell cells value values
		appointment appointments block blocks entry event events slot slots stop stops task tasks commitment
		reason reasons change changes edit edits specifics both either neither two three four five six please agreed discussed asked wanted marked requested
		personal private sensitive confidential internal identifying extra additional earlier previous prior
		original above below mentioned said requested flagged highlighted old former last first second third
		draft version copy document category categories kind kinds type types label labels description
		das der die den dem des ein eine einen einem einer eines diesen diese dieser dieses jenen es sie ihn
		teil abschnitt zeile satz absatz punkt hinweis angabe angaben detail details stelle sache inhalt
		auf über zu von mit und oder persönlich persönliche persönlichen persönlicher vertraulich
		le la les l un une des du de d cette ce cet ces ça cela il elle ils en y sur et ou à au aux se si
		mein meine meinen meiner meines unser unsere unseren
		partie passage ligne phrase paragraphe point mention élément détail détails chose
		el los las lo una unos unas del al esa ese esos esas esto eso este esta estos estas y o
		parte línea frase párrafo punto mención elemento detalle detalles cosa
		o os as um uma uns umas da do das dos na no essa esse isso aquilo e ou
		linha trecho ponto menção item coisa
		il lo gli i uno quella quello questa questo quei quegli e di della dello delle degli
		riga frase paragrafo punto menzione elemento dettaglio dettagli cosa impegno personale personali
		это этот эта эти то тот та те его её их о об про и или
		часть строку строка фразу фраза абзац пункт упоминание деталь детали информацию информация
		`) {
		m[w] = true
	}
	return m
}()

// objectRevealing reports whether an object phrase holds a word that says
// something about the item.
func objectRevealing(obj string) bool {
	if strings.TrimSpace(obj) == "" {
		return false
	}
	if containsCJK(obj) {
		rest := cjkFillerRE.ReplaceAllString(obj, "")
		for _, r := range rest {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				return true
			}
		}
		return false
	}
	for _, t := range tokenize(obj) {
		t = strings.Trim(t, "'’")
		if t == "" || plainWords[t] {
			continue
		}
		if strings.HasSuffix(t, "'s") || strings.HasSuffix(t, "’s") {
			if plainWords[t[:len(t)-len("'s")]] || plainWords[strings.TrimSuffix(t, "’s")] {
				continue
			}
		}
		if utf8.RuneCountInString(t) == 1 && !unicode.IsDigit([]rune(t)[0]) {
			continue
		}
		return true
	}
	return false
}

// sentenceLevel reads descriptive or process_only off a trace sentence that
// does not name the item: by the object of its removal when it has one,
// else by the item's category names.
func (it *item) sentenceLevel(sentence string) string {
	if obj, ok := removalObject(sentence); ok {
		if objectRevealing(obj) {
			return Descriptive
		}
		// a residue whose key names the item's kind: "Password=REDACTED"
		if it.genericIn(obj) {
			return Descriptive
		}
		return ProcessOnly
	}
	if it.genericIn(sentence) {
		return Descriptive
	}
	return ProcessOnly
}

// genericIn reports whether s holds one of the item's category names.
func (it *item) genericIn(s string) bool {
	if s == "" {
		return false
	}
	for _, g := range it.generic {
		if g.in(s) {
			return true
		}
	}
	low := litre.ToLower(s)
	for _, c := range it.categories {
		for _, w := range categoryWords[c] {
			if containsWord(low, w) {
				return true
			}
		}
	}
	return false
}

// pointerRE: a request phrase that only points at something the record
// does not hold ("the part I highlighted", "the stuff we agreed on").
var pointerRE = litre.Lazy(`(?i)\b(?:i|we|you|he|she|they|(?:my|our|your|his|her|their|the)\s+[\p{L}-]+)\s+(?:just\s+|already\s+)?(?:highlighted|mentioned|agreed|discussed|said|talked|flagged|marked|told|asked|circled|underlined|pointed|sent|showed|shared|crossed|struck|noted|commented|objected|complained|queried|questioned|starred|bracketed)\b|\b(?:earlier|before|above|previously)$`)

func pointerPhrase(p string) bool { return p != "" && pointerRE.MatchString(p) }

// onlyPlain: the phrase holds no word that names anything ("the internal
// stuff" after cleaning is "internal").
func onlyPlain(p string) bool {
	if loneSymbol(strings.TrimSpace(p)) {
		return false // "$": the symbol is the item (levels-v5)
	}
	if containsCJK(p) {
		return !objectRevealing(p)
	}
	for _, t := range tokenize(p) {
		if !plainWords[strings.Trim(t, "'’")] {
			return false
		}
	}
	return true
}

// valueWords are head nouns that name a kind of value: a phrase ending in
// one ("the stripe key", "the office IP", "the benchmark numbers") describes
// the item, which is the value the draft held.
var valueWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`
		password passwords passcode passphrase pin credentials credential login logins
		key keys token tokens secret secrets apikey code codes
		email emails e-mail mail address addresses
		phone mobile cell telephone number numbers
		name names surname surnames nickname
		salary salaries pay wage wages budget amount amounts figure figures price prices cost costs fee fees
		rate rates revenue income bonus compensation range ranges
		ip ips hostname hostnames host hosts url urls link links website domain
		date dates birthday dob birthdate age
		id ids ssn iban account passport license licence
		photo photos picture
		passwort kennwort schlüssel e-mail-adresse adresse anschrift telefonnummer handynummer nummer name namen
		gehalt betrag geburtsdatum familienstand alter foto
		mot clé clés adresse téléphone numéro nom salaire montant date âge photo
		contraseña clave correo dirección teléfono número nombre salario sueldo importe fecha edad foto estado
		senha chave endereço telefone número nome salário valor data idade foto
		password chiave indirizzo telefono numero nome stipendio importo data età foto
		пароль ключ токен почта адрес телефон номер имя фамилия зарплата сумма дата возраст фото
		`) {
		m[w] = true
	}
	return m
}()

// slotWords name the slot of an item without its kind ("the reason …",
// "the detail …"): the phrase describes, the item is what the draft lost.
var slotWords = map[string]bool{
	"reason": true, "reasons": true, "why": true, "cause": true, "detail": true, "details": true,
	"specifics": true, "grund": true, "raison": true, "razón": true, "motivo": true, "причину": true, "причина": true,
}

// cjkValueRE: a CJK phrase ending in a kind of value or a slot.
var cjkValueRE = litre.Lazy(`(?:密码|密钥|秘钥|电话|电话号码|手机|手机号|手机号码|号码|邮箱|地址|住址|姓名|名字|工资|薪资|薪水|金额|数字|数额|原因|理由|パスワード|キー|電話番号|電話|住所|名前|メールアドレス|番号|金額|理由|비밀번호|전화번호|주소|이름|키|번호|이유|연봉|급여|월급|토큰|令牌|年薪|年収|給料|給与|トークン)$`)

// phraseParts splits a request phrase into the items it lists.
var phrasePartsRE = litre.Lazy(`(?i)\s*(?:,|;|、|/|\s(?:and|und|y|et|e|и|або|och|og)\s|和|与|及)\s*`)

// prepRE marks where the head of an English-like noun phrase ends.
var prepRE = litre.Lazy(`(?i)\s(?:of|about|for|from|in|on|with|that|which|who|whose|where|when|is|are|was|de|du|des|del|della|dello|di|da|do|dos|das|von|vom|zum|zur|о|об|про|из|в|во|на|для|от|с|со|chez|sur|à|au|aux|a|para|per|con)\s`)

// phraseDescribes reports whether a request phrase names a kind of value or
// a slot rather than the item itself, or labels a value in the draft.
func phraseDescribes(phrase, prev string) bool {
	if phrase == "" {
		return false
	}
	for _, part := range phrasePartsRE.Split(phrase, -1) {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if containsCJK(part) {
			p := strings.TrimSuffix(strings.TrimSuffix(part, "部分"), "的")
			if cjkValueRE.MatchString(p) || strings.HasPrefix(p, "理由") || strings.HasPrefix(p, "原因") {
				return true
			}
			continue
		}
		first, head := phraseHead(part)
		if slotWords[first] || valueWords[head] || valueWords[singular(head)] || slotWords[head] || compoundValue(head) {
			return true
		}
		// a label of the draft ("Door code: 4471"), unless the request
		// writes a proper name ("the Denver office" is the row, not its kind)
		if head != "" && prev != "" && !hasCapital(part) && len(labelValues(prev, "", part, true)) > 0 {
			return true
		}
	}
	return false
}

// Parts of German compounds that name a kind of value or a slot
// (levels-v4): "Gehaltsvorstellung", "Gehaltsanpassungen", "Telefonnummer",
// "Geburtsdatum", "Privatadresse", "Firmenname".
var (
	compoundValueHeads = []string{"gehalt", "lohn", "telefon", "handy", "geburts", "passwort", "kennwort", "konto", "privatadress", "kontaktdaten"}
	compoundValueTails = []string{"nummer", "datum", "adresse", "gehalt", "gehälter", "name", "namen", "passwort", "kennwort", "betrag", "grund", "gründe"}
)

// compoundValue reports whether a long word is a compound naming a kind of
// value ("gehaltsvorstellung": the salary expectation).
func compoundValue(w string) bool {
	if utf8.RuneCountInString(w) < 9 {
		return false
	}
	for _, h := range compoundValueHeads {
		if strings.HasPrefix(w, h) {
			return true
		}
	}
	for _, t := range compoundValueTails {
		if strings.HasSuffix(w, t) {
			return true
		}
	}
	return false
}

func hasCapital(s string) bool { return strings.IndexFunc(s, unicode.IsUpper) >= 0 }

// phraseHead returns the first content word of a phrase and its head: the
// last word before a preposition or relative clause.
func phraseHead(part string) (first, head string) {
	seg := part
	if loc := prepRE.FindStringIndex(" " + part + " "); loc != nil && loc[0] > 0 {
		seg = part[:max(loc[0]-1, 0)]
	}
	var toks []string
	for _, t := range tokenize(seg) {
		t = stripPossessive(t)
		if t != "" && !leadWords[t] {
			toks = append(toks, t)
		}
	}
	if len(toks) == 0 {
		return "", ""
	}
	return toks[0], toks[len(toks)-1]
}

// leadWords open a noun phrase without being part of what it names.
var leadWords = map[string]bool{
	"the": true, "a": true, "an": true, "my": true, "our": true, "your": true, "his": true, "her": true, "their": true,
	"this": true, "that": true, "these": true, "those": true, "all": true, "any": true, "hard": true, "coded": true,
	"hardcoded": true, "hard-coded": true, "real": true, "actual": true, "exact": true, "specific": true,
	"die": true, "der": true, "das": true, "den": true, "meine": true, "meinen": true, "la": true, "le": true, "les": true,
	"el": true, "los": true, "las": true, "mi": true, "mis": true, "mon": true, "ma": true, "mes": true, "il": true,
	"lo": true, "o": true, "os": true, "meu": true, "minha": true, "l": true,
}

func stripPossessive(t string) string {
	t = strings.Trim(t, "'’")
	for _, suf := range []string{"'s", "’s"} {
		if strings.HasSuffix(t, suf) {
			return strings.TrimSuffix(t, suf)
		}
	}
	return t
}

func singular(w string) string {
	if strings.HasSuffix(w, "s") && utf8.RuneCountInString(w) > 3 {
		return strings.TrimSuffix(w, "s")
	}
	return w
}

// labelLineRE finds "LABEL: VALUE", "LABEL = VALUE" and "| LABEL | VALUE |".
var labelLineRE = litre.Lazy(`^[^\p{L}\p{N}]*([\p{L}\p{N}][^:=|：]{0,40}?)["']?\s*(?:[:=：]|\|)\s*(.+)$`)

// valueEndRE ends a labelled value: the next field of the line.
var valueEndRE = litre.Lazy(`\s[·|•]\s|\s{2,}|;\s|\s—\s|\s\|`)

// labelTokens splits a label into lower-case words (snake_case, camelCase
// and kebab-case included).
func labelTokens(label string) []string {
	var b strings.Builder
	prevLower := false
	for _, r := range label {
		if unicode.IsUpper(r) && prevLower {
			b.WriteByte(' ')
		}
		prevLower = unicode.IsLower(r)
		if r == '_' || r == '-' {
			r = ' '
		}
		b.WriteRune(r)
	}
	return tokenize(b.String())
}

// labelValues finds the values that the draft labels with the phrase
// ("Door code: 4471", `"PASSWORD": "hunter42"`, "| Base salary | $142,000 |").
// Values gone from the reply come first. With headOnly, a label holding the
// phrase's head suffices; otherwise every content word of the phrase must be
// in the label.
func labelValues(prev, reply, part string, headOnly bool) []string {
	first, head := phraseHead(part)
	if head == "" {
		return nil
	}
	var need []string
	for _, t := range tokenize(part) {
		t = stripPossessive(t)
		if t != "" && !leadWords[t] && !plainWords[t] {
			need = append(need, t)
		}
	}
	_ = first
	lowReply := litre.ToLower(reply)
	var gone, kept []string
	for _, l := range strings.Split(prev, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || utf8.RuneCountInString(l) > 200 {
			continue
		}
		label, value := "", ""
		if strings.HasPrefix(l, "|") {
			cells := strings.Split(strings.Trim(l, "|"), "|")
			for i := 0; i+1 < len(cells); i++ {
				if c := strings.Trim(strings.TrimSpace(cells[i]), "*_"); c != "" && !strings.HasPrefix(c, "-") {
					label, value = c, strings.TrimSpace(cells[i+1])
					break
				}
			}
		} else if m := labelLineRE.FindStringSubmatch(l); m != nil {
			label, value = m[1], m[2]
		}
		if loc := valueEndRE.FindStringIndex(value); loc != nil {
			value = value[:loc[0]]
		}
		value = strings.Trim(strings.TrimSpace(value), "\"'`,;*_ ")
		if label == "" || value == "" || strings.IndexFunc(value, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0 {
			continue
		}
		lt := labelTokens(label)
		has := func(w string) bool {
			for _, x := range lt {
				if x == w || singular(x) == singular(w) {
					return true
				}
			}
			return false
		}
		ok := has(head)
		if !headOnly {
			for _, w := range need {
				ok = ok && has(w)
			}
		}
		if !ok || len(lt) > 6 {
			continue
		}
		value = clipRunes(value, 80)
		if reply != "" && strings.Contains(lowReply, litre.ToLower(value)) {
			kept = append(kept, value)
		} else {
			gone = append(gone, value)
		}
	}
	return append(gone, kept...)
}

// labelValue returns the value the draft labels with (a part of) the
// phrase: one gone from the reply, else one still there (a failed removal)
// when the label holds every word of the phrase.
func labelValue(prev, masked, phrase string) string {
	if prev == "" {
		return ""
	}
	var kept string
	for _, part := range phrasePartsRE.Split(phrase, -1) {
		if strings.TrimSpace(part) == "" || containsCJK(part) {
			continue
		}
		vs := labelValues(prev, masked, part, true)
		for _, v := range vs {
			if !strings.Contains(litre.ToLower(masked), litre.ToLower(v)) {
				return v
			}
		}
		if kept == "" {
			if strict := labelValues(prev, masked, part, false); len(strict) > 0 {
				kept = strict[0]
			}
		}
	}
	return kept
}

// addGeneric adds a descriptive name of the item.
func (it *item) addGeneric(phrase string) {
	if m := newMatcher(phrase); m != nil {
		it.generic = append(it.generic, m)
	}
}

// nameTokens returns the words of a request phrase that can name the item:
// not plain words, at least 3 runes (2 for an acronym or with a digit).
// With several, the head noun is dropped ("the Jenna joke" → Jenna; "la
// mention du colocataire" → colocataire), unless it is a proper name.
func nameTokens(part string) []string {
	type tok struct {
		t      string
		proper bool
		afterP bool
	}
	var toks []tok
	prepAt := -1
	if loc := prepRE.FindStringIndex(" " + part + " "); loc != nil && loc[0] > 0 {
		prepAt = loc[0]
	}
	for _, w := range tokensWithPos(part) {
		t := stripPossessive(litre.ToLower(w.s))
		n := utf8.RuneCountInString(t)
		upper := 0
		for _, r := range w.s {
			if unicode.IsUpper(r) {
				upper++
			}
		}
		digit := strings.IndexFunc(t, unicode.IsDigit) >= 0
		if t == "" || plainWords[t] || leadWords[t] || stopWords[t] || contraction(t) {
			continue
		}
		after := prepAt >= 0 && w.at >= prepAt
		if n < 3 && !(n == 2 && (upper == 2 || after && !digit)) || digit && n < 3 {
			continue // "ex" only after a preposition: "the bit about my ex"
		}
		r, _ := utf8.DecodeRuneInString(w.s)
		toks = append(toks, tok{t, unicode.IsUpper(r) || digit, after})
	}
	// "the rehab explanation for the gap": a modifier before the head
	// names the item, and what follows the preposition is context.
	before := 0
	for _, x := range toks {
		if !x.afterP && !x.proper {
			before++
		}
	}
	if prepAt >= 0 && before >= 2 {
		var keep []tok
		n := 0
		for _, x := range toks {
			switch {
			case x.proper:
				keep = append(keep, x)
			case !x.afterP:
				if n++; n < before {
					keep = append(keep, x)
				}
			}
		}
		toks = keep
	}
	if len(toks) >= 2 {
		var keep []tok
		for i, x := range toks {
			switch {
			case x.proper:
				keep = append(keep, x)
			case prepAt >= 0 && !x.afterP:
				// the head before "of/about/du": "mention du colocataire"
			case prepAt < 0 && i == len(toks)-1:
				// the head at the end: "the pricing table" keeps "pricing"
			default:
				keep = append(keep, x)
			}
		}
		if len(keep) > 0 {
			toks = keep
		}
	}
	var out []string
	for _, x := range toks {
		out = appendNew(out, x.t)
	}
	return out
}

// contraction reports whether t is a pronoun or auxiliary with a clitic
// ("i'm", "it's", "we'll", "don't"): never a name.
func contraction(t string) bool {
	for _, a := range []string{"'", "’"} {
		if base, rest, ok := strings.Cut(t, a); ok {
			return plainWords[base] || stopWords[base] || genericWords[base] || rest == "t" || rest == "ll" || rest == "re" || rest == "ve" || rest == "m" || rest == "d"
		}
	}
	return false
}

// addProperNames adds the proper names of a request phrase that describes
// the item ("the Rotterdam numbers" → Rotterdam): capitalised words that
// are neither category nor plain words and that the reply no longer holds.
func (it *item) addProperNames(phrase, masked string) {
	lowMasked := litre.ToLower(masked)
	for _, w := range tokensWithPos(phrase) {
		r, _ := utf8.DecodeRuneInString(w.s)
		t := stripPossessive(litre.ToLower(w.s))
		if !unicode.IsUpper(r) || utf8.RuneCountInString(t) < 3 || plainWords[t] || genericWords[t] || valueWords[t] || valueWords[singular(t)] || compoundValue(t) || contraction(t) {
			continue
		}
		if containsWord(lowMasked, t) {
			continue
		}
		if m := newMatcher(t); m != nil {
			it.aliases = append(it.aliases, m)
			it.tokens = appendNew(it.tokens, t)
		}
	}
}

var stopWords = map[string]bool{"and": true, "or": true, "but": true, "not": true, "just": true, "please": true, "also": true, "any": true, "more": true}

type posTok struct {
	s  string
	at int
}

// tokensWithPos splits s like tokenize, keeping case and byte offsets
// (+1, to agree with prepRE run on " "+s).
func tokensWithPos(s string) []posTok {
	var out []posTok
	start := -1
	for i, r := range s {
		word := isWordRune(r) || r == '\'' || r == '’'
		if word && start < 0 {
			start = i
		}
		if !word && start >= 0 {
			out = append(out, posTok{s[start:i], start + 1})
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, posTok{s[start:], start + 1})
	}
	return out
}

// cjkTrimRE drops what a CJK request phrase holds around the item.
var cjkTrimRE = litre.Lazy(`^(?:我的|我们的|我|和|跟|与|关于|有关)+|(?:那个|这个|那部分|这部分|部分|的事情|的事|那件事|这件事|相关内容|内容|那句话|那句|那段|のこと|のところ|の件|の部分|について|에\s*대한|얘기|이야기|부분|내용|\s)+$`)

// addPhraseNames adds the names of the item given by a request phrase that
// names it: the phrase itself and its name words. A word that is still in
// the reply while others are gone is context, not the item ("the reason
// Elena …" leaves Elena in).
func (it *item) addPhraseNames(phrase, masked string) {
	lowMasked := litre.ToLower(masked)
	for _, part := range phrasePartsRE.Split(phrase, -1) {
		part = strings.TrimSpace(part)
		if part == "" || onlyPlain(part) {
			continue
		}
		if containsCJK(part) {
			p := cjkTrimRE.ReplaceAllString(part, "")
			if utf8.RuneCountInString(p) >= 2 {
				it.addName(p)
			}
			continue
		}
		if m := newMatcher(part); m != nil {
			it.aliases = append(it.aliases, m)
		}
		toks := nameTokens(part)
		var gone []string
		for _, t := range toks {
			if !containsWord(lowMasked, t) {
				gone = append(gone, t)
			}
		}
		if len(gone) > 0 && len(gone) < len(toks) {
			toks = gone
		}
		for _, t := range toks {
			if m := newMatcher(t); m != nil {
				it.aliases = append(it.aliases, m)
				it.tokens = appendNew(it.tokens, t)
			}
			// the user's word names the item in its other forms too
			// ("pregnant" → "pregnancy"): a stem of a long word
			if len([]rune(t)) >= 7 && strings.IndexFunc(t, unicode.IsDigit) < 0 {
				it.stems = appendNew(it.stems, t)
			}
		}
	}
}

// addDiffNames adds the names found by diffPrevious. Whole lines and
// values always name the item; a word names it strongly when it is a
// proper name or holds a digit, otherwise only inside a removal's object
// (weak). With strongOnly the weak words are left out.
func (it *item) addDiffNames(names []string, strongOnly bool) {
	for _, n := range names {
		if l, ok := strings.CutPrefix(n, linePrefix); ok {
			it.addLine(l)
			continue
		}
		if w, ok := strings.CutPrefix(n, wordPrefix); ok {
			if m := newMatcher(w); m != nil {
				it.aliases = append(it.aliases, m)
				it.tokens = appendNew(it.tokens, w)
				it.sole = appendNew(it.sole, litre.ToLower(w))
			}
			continue
		}
		if low := litre.ToLower(n); plainWords[low] || leadWords[low] {
			continue // "Meine" at the start of a gone line names nothing
		}
		if strings.ContainsAny(n, " @/.:") || strings.IndexFunc(n, unicode.IsDigit) >= 0 || containsCJK(n) || it.properInPrev(n) {
			it.addName(n)
			continue
		}
		if !strongOnly {
			it.weak = appendNew(it.weak, litre.ToLower(n))
		}
	}
}

// properInPrev reports whether the word is written capitalised in the
// previous draft somewhere other than at the start of a line or sentence.
func (it *item) properInPrev(w string) bool {
	prev := it.prev
	lw := litre.ToLower(w)
	low := litre.ToLower(prev)
	if len(low) != len(prev) {
		return false // case mapping changed lengths: do not guess
	}
	for i := 0; ; {
		k := strings.Index(low[i:], lw)
		if k < 0 {
			return false
		}
		a := i + k
		i = a + len(lw)
		r, _ := utf8.DecodeRuneInString(prev[a:])
		if !unicode.IsUpper(r) {
			continue
		}
		before, _ := utf8.DecodeLastRuneInString(prev[:a])
		if a > 0 && isWordRune(before) {
			continue
		}
		// mid-sentence: after a space that follows a word, a comma or a
		// title ("Dr. Patel")
		if a >= 2 && prev[a-1] == ' ' {
			if b, _ := utf8.DecodeLastRuneInString(prev[:a-1]); isWordRune(b) || b == ',' || b == '.' && titleBeforeRE.MatchString(prev[:a-1]) {
				return true
			}
		}
	}
}

var titleBeforeRE = litre.Lazy(`(?:^|[^\p{L}])(?:Dr|Mr|Mrs|Ms|Prof|St|Sr|Jr|Hr|Fr)\.$`)

// replacedRE: a trace sentence naming the old item of a replacement
// ("instead of Friday", "(replacing Sapiens)", "reduced from 5 replicas").
// à is no RE2 word character: its boundary is spelled out.
var replacedRE = litre.Lazy(`(?i)(?:\b(?:instead\s+of|rather\s+than|in\s+place\s+of|replacing|replaced|swapped(?:\s+out)?|reduced\s+from|changed\s+from|moved\s+from|down\s+from|up\s+from|au\s+lieu\s+de|en\s+lugar\s+de|en\s+vez\s+de|em\s+vez\s+de|invece\s+di|statt|anstelle\s+von|anstatt)|(?:^|[^\p{L}\p{N}_])à\s+la\s+place\s+de)\s+(.{1,60})`)

// replacedNames returns the words by which a trace sentence names the old
// item of a replacement: words the previous draft held (proper names and
// values also without a draft) that are neither plain nor category words.
func (it *item) replacedNames(sentence string) []string {
	names, _ := it.replacedNamesStrong(sentence)
	return names
}

// replacedNamesStrong is replacedNames, also returning the names that are
// proper names or hold a digit (the ones a content leak is checked for:
// "instead of Friday" while the Friday standup stays; not "replicas" while
// "minReplicas: 2" stays).
func (it *item) replacedNamesStrong(sentence string) ([]string, []string) {
	m := replacedRE.FindStringSubmatch(cleanSentence(sentence))
	if m == nil {
		return nil, nil
	}
	obj := cutObject(m[1])
	if k := strings.Index(litre.ToLower(obj), " with "); k >= 0 {
		obj = obj[:k]
	}
	if k := strings.Index(litre.ToLower(obj), " for "); k >= 0 {
		obj = obj[:k]
	}
	lowPrev := litre.ToLower(it.prev)
	var out, strongOut []string
	for _, w := range tokensWithPos(obj) {
		t := stripPossessive(litre.ToLower(w.s))
		if t == "" || plainWords[t] || leadWords[t] || genericWords[t] || utf8.RuneCountInString(t) < 3 || it.describing[t] || it.describing[singular(t)] {
			continue
		}
		r, _ := utf8.DecodeRuneInString(w.s)
		strong := unicode.IsUpper(r) || strings.IndexFunc(t, unicode.IsDigit) >= 0
		if it.prev != "" && !containsWord(lowPrev, t) {
			continue
		}
		if it.prev == "" && !strong {
			continue
		}
		out = append(out, t)
		if strong {
			strongOut = append(strongOut, t)
		}
	}
	return out, strongOut
}

// sentenceLeak reports whether the old item a trace sentence names (see
// replacedNames) still appears as content in the masked reply.
func (it *item) sentenceLeak(reply, masked string, spans [][2]int) bool {
	if !it.known() {
		return false
	}
	low := litre.ToLower(masked)
	for _, sp := range spans {
		if sp[0] < 0 || sp[1] > len(reply) || sp[0] >= sp[1] {
			continue
		}
		_, strong := it.replacedNamesStrong(reply[sp[0]:sp[1]])
		for _, t := range strong {
			if containsWord(low, t) {
				return true
			}
		}
	}
	return false
}

// stemIn reports whether low holds a word starting with the stem of t
// (t without its last two runes, for words of 6 runes or more): inflected
// forms ("лечение" → "лечении", "interview" → "interviews").
func stemIn(low, t string) bool {
	r := []rune(t)
	if len(r) < 6 || strings.IndexFunc(t, unicode.IsDigit) >= 0 || len(r) == len(t) {
		return false // English plurals are not stems: "customers" is not "customer impact"
	}
	stem := string(r[:len(r)-2])
	for i := 0; ; {
		k := strings.Index(low[i:], stem)
		if k < 0 {
			return false
		}
		a := i + k
		before, _ := utf8.DecodeLastRuneInString(low[:a])
		if a == 0 || !isWordRune(before) {
			return true
		}
		i = a + len(stem)
	}
}

// levelOf assigns the disclosure level of one trace sentence (before the
// content-leak check).
func (it *item) levelOf(sentence string) string {
	if !it.known() {
		return Unknown
	}
	for _, a := range it.aliases {
		if a.in(sentence) {
			return Identifying
		}
	}
	low := litre.ToLower(sentence)
	for _, t := range it.tokens {
		if containsWord(low, t) || stemIn(low, t) {
			return Identifying
		}
	}
	for _, t := range it.stems {
		if wordStartIn(low, t) {
			return Identifying
		}
	}
	obj, ok := removalObject(sentence)
	if ok && obj != "" {
		lowObj := litre.ToLower(obj)
		for _, t := range it.weak {
			if containsWord(lowObj, t) {
				return Identifying
			}
		}
	}
	if len(it.replacedNames(sentence)) > 0 {
		return Identifying
	}
	if ok {
		if objectRevealing(obj) || newItemRevealing(sentence) || objectRevealing(it.cellLabel(sentence)) {
			return Descriptive
		}
		return ProcessOnly
	}
	if it.genericIn(sentence) {
		return Descriptive
	}
	return ProcessOnly
}

// wordStartIn reports whether low holds a word starting with the stem of
// t that is another word than t, its singular or its plural ("pregnancy"
// for "pregnant"; not "customer" for "customers", which names a different
// thing as often as not: "the customer impact").
func wordStartIn(low, t string) bool {
	r := []rune(t)
	stem := string(r[:len(r)-2])
	for i := 0; ; {
		k := strings.Index(low[i:], stem)
		if k < 0 {
			return false
		}
		a := i + k
		i = a + len(stem)
		before, _ := utf8.DecodeLastRuneInString(low[:a])
		if a != 0 && isWordRune(before) {
			continue
		}
		e := i
		for e < len(low) {
			c, n := utf8.DecodeRuneInString(low[e:])
			if !isWordRune(c) {
				break
			}
			e += n
		}
		if w := low[a:e]; singular(w) != singular(t) && w != t+"es" && w+"es" != t {
			return true
		}
	}
}

// newItemRE: a replacement and its new item ("swapped that for “a medical
// appointment”", "replaced it with a generic reason").
var newItemRE = litre.Lazy(`(?i)\b(?:swapped|swap|swapping|replaced|replace|replacing|changed|substituted|switched)\b.{0,80}?\s(?:for|with|to|by)\s+(.{1,80})`)

// neutralWords name a replacement that says nothing about the old item.
var neutralWords = map[string]bool{"placeholder": true, "placeholders": true, "variable": true, "variables": true,
	"environment": true, "env": true, "generic": true, "wording": true, "version": true, "reference": true, "secret": true, "secrets": true}

// newItemRevealing: a replacement naming the new item reveals the old
// one's kind (gold README rule 5: "I'll use Thursday the 13th instead",
// "swapped that for “a medical appointment”"), unless the new item is a
// placeholder or variable.
func newItemRevealing(sentence string) bool {
	m := newItemRE.FindStringSubmatch(cleanSentence(sentence))
	if m == nil {
		return false
	}
	y := cutObject(m[1])
	for _, t := range tokenize(y) {
		if neutralWords[strings.Trim(t, "'’")] {
			return false
		}
	}
	return objectRevealing(y)
}

// residueCellRE: a table cell that is only a removal residue.
var residueCellRE = litre.Lazy(`(?i)^[\s*_]*[\[(<]?\s*(?:redacted|removed|withheld|hidden|omitted)\b[^|]{0,40}$`)

// cellLabel returns the column header of a residue cell in one of the
// reply's tables (gold README rule 6: the header is the residue's label,
// "[redacted]" under "Salary"), or "".
func (it *item) cellLabel(sentence string) string {
	s := strings.TrimSpace(sentence)
	if it.reply == "" || s == "" {
		return ""
	}
	at := strings.Index(it.reply, s)
	if at < 0 {
		return ""
	}
	lines := strings.Split(it.reply, "\n")
	row, off := -1, 0
	for i, l := range lines {
		if at >= off && at < off+len(l)+1 {
			row = i
			break
		}
		off += len(l) + 1
	}
	if row < 0 || !strings.HasPrefix(strings.TrimSpace(lines[row]), "|") {
		return ""
	}
	top := row
	for top > 0 && strings.HasPrefix(strings.TrimSpace(lines[top-1]), "|") {
		top--
	}
	if top == row {
		return "" // the residue is in the header itself
	}
	cells := func(l string) []string { return strings.Split(strings.Trim(strings.TrimSpace(l), "|"), "|") }
	head, cs := cells(lines[top]), cells(lines[row])
	for i, c := range cs {
		if residueCellRE.MatchString(strings.TrimSpace(c)) && i < len(head) {
			return strings.Trim(strings.TrimSpace(head[i]), "*_")
		}
	}
	return ""
}
