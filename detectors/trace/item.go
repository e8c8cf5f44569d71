package trace

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/revtrace/revtrace/detectors/internal/litre"
	"github.com/revtrace/revtrace/detectors/sentences"
	"github.com/revtrace/revtrace/detectors/split"
)

// Disclosure levels of a trace sentence (DESIGN.md §1, §4).
const (
	Identifying = "identifying"  // names the withdrawn item
	Descriptive = "descriptive"  // reveals only its category
	ProcessOnly = "process_only" // says a change happened
	NotAssigned = "not_assigned" // the item also appears as ordinary content
	Unknown     = "unknown"      // no withdrawn item could be derived
)

// item is the withdrawn item as far as it can be derived.
type item struct {
	text       string          // Analysis.WithdrawnItem
	aliases    []*matcher      // distinctive names of the item (whole-phrase matches identify)
	generic    []*matcher      // names that only say what kind of thing it is ("the password")
	tokens     []string        // distinctive tokens of the item (>= 4 runes, not generic)
	categories []string        // category keys (see categoryWords)
	stems      []string        // long name words of the request, matched by their stem ("pregnant": "pregnancy")
	weak       []string        // common words of what the draft lost: they identify only inside the removal's object
	describing map[string]bool // words of a request phrase that only describes the item (levels-v4)
	sole       []string        // words that are all a draft line lost (they name the item)
	prev       string          // the previous draft's body
	reply      string          // the reply (to read a residue cell's column header)
}

func (it *item) known() bool { return it != nil && it.text != "" }

func isCJK(r rune) bool {
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r)
}

// categoryWords maps a category to the words that reveal it. A trace
// sentence holding one of the withdrawn item's category words (and not the
// item itself) is descriptive.
var categoryWords = map[string][]string{
	"password":     {"password", "passwords", "passcode", "passphrase", "pin", "credential", "credentials", "login", "wi-fi password", "wifi password", "passwort", "kennwort", "mot de passe", "contraseña", "senha", "пароль", "密码", "パスワード", "비밀번호"},
	"secret":       {"api key", "api keys", "key", "keys", "token", "tokens", "secret", "secrets", "access key", "credentials", "connection string", "токен", "ключ", "секрет", "clé", "clave", "chiave", "chave", "schlüssel", "トークン", "キー", "令牌", "密钥", "秘钥", "토큰", "키"},
	"email":        {"email", "e-mail", "email address", "emails", "mail address", "address", "contact details", "contact info", "contact information", "e-mail-adresse", "courriel", "correo", "邮箱", "电子邮件", "メールアドレス", "почта", "имейл"},
	"phone":        {"phone", "phone number", "telephone", "mobile", "cell", "number", "contact number", "contact details", "contact info", "contact information", "telefon", "telefonnummer", "handy", "handynummer", "mobilnummer", "téléphone", "numéro", "teléfono", "telefono", "número", "celular", "móvil", "телефон", "номер", "电话", "电话号码", "手机", "手机号", "手机号码", "電話", "電話番号", "携帯", "携帯番号", "전화번호"},
	"address":      {"address", "home address", "street", "location", "postcode", "zip code", "postal code", "adresse", "anschrift", "dirección", "direccion", "endereço", "indirizzo", "адрес", "地址", "住址", "住所", "주소"},
	"name":         {"name", "names", "surname", "last name", "first name", "full name", "nickname", "maiden name", "nachname", "vorname", "nom", "prénom", "nombre", "apellido", "nome", "имя", "фамилия", "名字", "姓名", "名前", "氏名", "이름"},
	"person":       {"colleague", "coworker", "boss", "manager", "friend", "wife", "husband", "partner", "son", "daughter", "mother", "father", "mom", "dad", "family", "person", "people", "teammate"},
	"money":        {"salary", "pay", "wage", "wages", "compensation", "income", "bonus", "figure", "figures", "amount", "price", "cost", "budget", "fee", "rate", "revenue", "numbers", "financial", "finances", "debt", "gehalt", "salaire", "salario", "salário", "stipendio", "зарплата", "工资", "薪资", "薪水", "年薪", "收入", "給料", "給与", "年収", "연봉", "급여", "월급", "임금", "оклад", "доход", "rémunération", "sueldo", "ingresos", "retribuzione"},
	"health":       {"medical", "health", "diagnosis", "condition", "illness", "disease", "medication", "therapy", "therapist", "doctor", "surgery", "pregnancy", "mental health", "treatment", "symptoms", "hospital", "diagnose", "krankheit", "diagnostic", "maladie", "diagnóstico", "enfermedad", "диагноз", "诊断", "病情", "診断"},
	"employer":     {"company", "employer", "client", "organization", "organisation", "firm", "workplace", "job", "former employer", "current employer"},
	"date":         {"date", "time", "day", "deadline", "schedule", "meeting", "appointment", "event", "slot"},
	"age":          {"age", "birthday", "date of birth", "birth date", "year of birth"},
	"link":         {"link", "links", "url", "website", "site", "web address"},
	"id":           {"ssn", "social security", "social security number", "id number", "account number", "card number", "credit card", "iban", "bank details", "passport", "license number"},
	"location":     {"city", "town", "country", "location", "place", "hometown", "neighborhood", "neighbourhood", "address"},
	"legal":        {"lawsuit", "arrest", "conviction", "criminal record", "court", "legal", "charges"},
	"relationship": {"divorce", "affair", "relationship", "dating", "breakup", "ex"},
	"belief":       {"religion", "religious", "faith", "political", "politics", "party"},
	"interview":    {"interview", "job interview", "job search", "application"},
}

// shapes recognise a category from what the item looks like.
var (
	emailRE   = litre.MustCompile(`[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+`)
	urlRE     = litre.MustCompile(`(?i)\b(?:https?://|www\.)[^\s<>()"']+[^\s<>()"'.,;:!?]`)
	phoneRE   = litre.MustCompile(`(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?)?\d{2,4}[\s.-]\d{2,4}(?:[\s.-]\d{2,4})?`).WithNeed(phoneShape)
	moneyRE   = litre.MustCompile(`(?i)[$€£¥]\s?\d[\d,.]*(?:\s?(?:k|m|bn|million|billion))?|\b\d[\d,.]*\s?(?:usd|eur|gbp|dollars|euros|pounds|k)\b`).WithNeed(moneyShape)
	numberRE  = litre.MustCompile(`\b\d[\d,.\-]{2,}\d\b|\b\d{3,}\b`)
	nameRE    = litre.MustCompile(`\b\p{Lu}\p{Ll}+(?:\s+(?:\p{Lu}\.|\p{Lu}\p{Ll}+))+\b`).WithoutLiterals().WithNeed(nameShape)
	addressRE = litre.MustCompile(`(?i)\b\d{1,5}\s*[a-z]?,?\s+(?:rue|avenue|av\.|street|st\.?|road|rd\.?|lane|ln\.?|boulevard|blvd\.?|drive|way|place|court|ct\.?|terrace|close|calle|avenida|straße|strasse|str\.|weg|allee|platz|via|viale)\b[^\n,;]{0,40}|\b(?:rue|calle|avenida|via|viale)\s+[^\n,;]{2,40}?\s+\d{1,5}\b|[\p{L}-]+(?:straße|strasse|weg|allee|platz|gasse)\s+\d{1,4}[a-z]?\b`)
	assignRE  = litre.MustCompile(`(?i)\b[\w.-]*(?:token|key|secret|password|passwd|pwd|pass)[\w.-]*["']?\s*[:=]\s*["'` + "`" + `]?([^\s"'` + "`" + `,;]{4,})`)
	secretRE  = litre.MustCompile(`\b(?:sk|pk|ghp|xox[bp]|AKIA)[-_A-Za-z0-9]{10,}\b|\b[A-Za-z0-9_\-]{24,}\b`)
	urlPassRE = litre.MustCompile(`://[^\s:/@"']+:([^\s@/"']{3,})@`) // smtp://user:PASSWORD@host
	passRE    = litre.MustCompile(`(?i)\b(?:password|passcode|passphrase|pin|pwd|pass)\b\s*(?:is|:|=|-)?\s*["'“‘` + "`" + `]?([^\s"'”’` + "`" + `,;]{3,40}?)["'”’` + "`" + `]?(?:[\s,;)]|\.(?:\s|$)|$)`)
)

// isREDigit reports whether c is in RE2's \d class (ASCII digits).
func isREDigit(c byte) bool { return '0' <= c && c <= '9' }

// isRESpaceByte reports whether c is in RE2's \s class.
func isRESpaceByte(c byte) bool { return isRESpace(rune(c)) }

// phoneShape reports whether s holds two digits, a separator (RE2 white
// space, '.' or '-') and two digits in a row: what every match of phoneRE
// holds.
func phoneShape(s string) bool {
	for i := 0; i+5 <= len(s); i++ {
		if c := s[i+2]; (isRESpaceByte(c) || c == '.' || c == '-') &&
			isREDigit(s[i]) && isREDigit(s[i+1]) && isREDigit(s[i+3]) && isREDigit(s[i+4]) {
			return true
		}
	}
	return false
}

// moneyShape reports whether s holds what every match of moneyRE holds: a
// currency sign, perhaps one RE2 space, and a digit; or a run of digits,
// commas and dots (with a digit) followed, perhaps after one RE2 space, by
// a letter that can start one of the unit words (u e g d p k in any case,
// or the Kelvin sign, which folds to k).
func moneyShape(s string) bool {
	for i := 0; i < len(s); {
		r, n := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(s[i:])
		}
		switch {
		case r == '$' || r == '€' || r == '£' || r == '¥':
			j := i + n
			if j < len(s) && isRESpaceByte(s[j]) {
				j++
			}
			if j < len(s) && isREDigit(s[j]) {
				return true
			}
		case r < utf8.RuneSelf && (isREDigit(s[i]) || s[i] == ',' || s[i] == '.'):
			j, digit := i, false
			for j < len(s) && (isREDigit(s[j]) || s[j] == ',' || s[j] == '.') {
				digit = digit || isREDigit(s[j])
				j++
			}
			if digit {
				if j < len(s) && isRESpaceByte(s[j]) {
					if unitStart(s[j+1:]) {
						return true
					}
				}
				if unitStart(s[j:]) {
					return true
				}
			}
			n = j - i
		}
		i += n
	}
	return false
}

// unitStart reports whether s starts with a letter that can start a unit
// word of moneyRE.
func unitStart(s string) bool {
	if s == "" {
		return false
	}
	switch s[0] {
	case 'u', 'U', 'e', 'E', 'g', 'G', 'd', 'D', 'p', 'P', 'k', 'K':
		return true
	}
	return strings.HasPrefix(s, "\u212A")
}

// nameShape reports whether s holds an upper-case letter, lower-case
// letters, RE2 white space and an upper-case letter in a row: what every
// match of nameRE holds (it has no literal to filter on).
func nameShape(s string) bool {
	state := 0 // 1: after Lu; 2: after Lu Ll+; 3: after Lu Ll+ \s+
	for i := 0; i < len(s); {
		r, n := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(s[i:])
		}
		i += n
		upper := unicode.Is(unicode.Lu, r)
		switch {
		case upper && state == 3:
			return true
		case upper:
			state = 1
		case (state == 1 || state == 2) && unicode.Is(unicode.Ll, r):
			state = 2
		case (state == 2 || state == 3) && (r == ' ' || r == '\t' || r == '\n' || r == '\f' || r == '\r'):
			state = 3
		default:
			state = 0
		}
	}
	return false
}

// categoriesOf returns the categories named by words in s or shown by the
// shape of s.
func categoriesOf(s string) []string {
	var out []string
	add := func(c string) {
		for _, x := range out {
			if x == c {
				return
			}
		}
		out = append(out, c)
	}
	low := litre.ToLower(s)
	for _, c := range categoryOrder {
		for _, w := range categoryWords[c] {
			if containsWord(low, w) {
				add(c)
				break
			}
		}
	}
	switch {
	case emailRE.MatchString(s):
		add("email")
	case urlRE.MatchString(s):
		add("link")
	case moneyRE.MatchString(s):
		add("money")
	case addressRE.MatchString(s):
		add("address")
	case phoneRE.MatchString(s):
		add("phone")
	case secretRE.MatchString(s):
		add("secret")
	case nameRE.MatchString(s) && strings.TrimSpace(nameRE.FindString(s)) == strings.TrimSpace(s):
		add("name")
	}
	return out
}

// categoryOrder fixes the order in which categories are reported.
var categoryOrder = []string{"password", "secret", "email", "phone", "address", "name", "person", "money", "health",
	"employer", "date", "age", "link", "id", "location", "legal", "relationship", "belief", "interview"}

// containsWord reports whether the lower-cased text holds w as a whole word
// (or words), with Unicode-aware boundaries.
func containsWord(low, w string) bool {
	if r, _ := utf8.DecodeRuneInString(w); isCJK(r) {
		return strings.Contains(low, w)
	}
	for i := 0; ; {
		k := strings.Index(low[i:], w)
		if k < 0 {
			return false
		}
		a, b := i+k, i+k+len(w)
		before, _ := utf8.DecodeLastRuneInString(low[:a])
		after, _ := utf8.DecodeRuneInString(low[b:])
		if (a == 0 || !isWordRune(before)) && (b == len(low) || !isWordRune(after)) {
			return true
		}
		i = a + 1
		for i < len(low) && !utf8.RuneStart(low[i]) {
			i++
		}
		if i >= len(low) {
			return false
		}
	}
}

// genericWords are tokens that never identify an item: stop words, the
// study's generic list, revision vocabulary, and every category word.
var genericWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an and are as at be by for from in is it of on or that the to was with
		am appointment block c call clock day down entry event first her his item its last meeting message my new next
		note o off one our out pm re slot stop task their these thing this those time today tomorrow two up w week your
		about after all also any before both each every into just more most much only other over some such than them then
		there they very what when where which while who will would could should can may might must shall not no yes
		part parts section sections line lines paragraph paragraphs sentence sentences mention mentions reference references
		detail details information info bit bits piece stuff text word words phrase thing things sort kind entire whole
		remove removed delete deleted omit omitted exclude excluded drop dropped take taken leave left replace replaced please
		don't dont doesn't mention mentioned include included anything something everything nothing please thanks thank
		data number numbers figure figures personal private sensitive confidential specific exact actual full real current
		said says talk talking regarding related concerning second third fourth fifth sixth final another
		additional extra previous earlier above below following same different old latest whole rest
		type types skip skipped kept keep use used version draft
		http https www com net org io html php dear hi hello hey regards herr frau`) {
		m[w] = true
	}
	for _, ws := range categoryWords {
		for _, w := range ws {
			for _, t := range tokenize(w) {
				m[t] = true
			}
		}
	}
	return m
}()

// tokenize lower-cases s and splits it on everything that is not a letter
// or digit; apostrophes inside words are kept.
func tokenize(s string) []string {
	return strings.FieldsFunc(litre.ToLower(s), func(r rune) bool {
		return !isWordRune(r) && r != '\'' && r != '’'
	})
}

// distinctiveTokens returns the tokens of s that can identify an item:
// at least 4 runes (or 3+ digits), not generic.
func distinctiveTokens(s string) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range tokenize(s) {
		t = strings.Trim(t, "'’")
		n := utf8.RuneCountInString(t)
		digits := strings.IndexFunc(t, func(r rune) bool { return !unicode.IsDigit(r) }) < 0
		if seen[t] || genericWords[t] || (n < 4 && !(digits && n >= 3)) {
			continue
		}
		if digits && n == 4 && (strings.HasPrefix(t, "19") || strings.HasPrefix(t, "20")) {
			continue // a year is rarely the withdrawn item itself
		}
		seen[t] = true
		out = append(out, t)
	}
	return out
}

// Request patterns that name the withdrawn or replaced item (group 1).
// requestItemGroup checks the filters of requestItemREs in one pass.
var requestItemGroup = litre.NewGroup(requestItemREs...)

var requestItemREs = []*litre.Re{
	// replace X with Y / swap X for Y / change X to Y
	litre.MustCompile(`(?i)\b(?:replace|swap|switch|change)\s+(?:out\s+)?(.{1,80}?)\s+(?:with|for|to|by|into)\b`),
	// use Y instead of X
	litre.MustCompile(`(?i)\b(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+(.{1,80}?)(?:[,;!?\n)]|$)`),
	// substitute Y for X
	litre.MustCompile(`(?i)\bsubstitute\s+.{1,80}?\s+for\s+(.{1,80}?)(?:[,;!?\n)]|$)`),
	// take X out / leave X off
	litre.MustCompile(`(?i)\b(?:take|leave|keep|cut|get|strip|cross|pull)\s+(.{1,60}?)\s+(?:out|off)\b`),
	// remove X
	litre.MustCompile(`(?i)\b(?:remove|delete|drop|omit|exclude|cut|strip|redact|erase|hide|skip|eliminate|scrub|get\s+rid\s+of|take\s+out|leave\s+out|take\s+away|take\s+off|leave\s+off|cross\s+out|lose|ditch|censor|mask|blank\s+out)\s+(?:out\s+)?(.{1,80}?)(?:\s+(?:from|in|out|off|and|so|because|since|as|please|entirely|completely|altogether|too|also|for\s+privacy|for\s+now|this\s+time|before|after|when|if)\b|[,;!?\n)]|$)`),
	// don't mention X
	litre.MustCompile(`(?i)\b(?:don't|don’t|do\s+not|dont|never|no\s+need\s+to|stop|avoid)\s+(?:mention(?:ing)?|includ(?:e|ing)|say(?:ing)?|us(?:e|ing)|add(?:ing)?|list(?:ing)?|nam(?:e|ing)|referenc(?:e|ing)|talk(?:ing)?\s+about|bring(?:ing)?\s+up|put(?:ting)?|writ(?:e|ing)|show(?:ing)?|reveal(?:ing)?|disclos(?:e|ing))\s+(?:anything\s+about\s+)?(.{1,80}?)(?:\s+(?:in|from|anymore|any\s+more|again|at\s+all|please)\b|[,;!?\n)]|$)`),
	// without X
	litre.MustCompile(`(?i)\bwithout\s+(?:mentioning\s+|including\s+|any\s+mention\s+of\s+)?(.{1,60}?)(?:[,;!?\n)]|$)`),
	// no mention of X
	litre.MustCompile(`(?i)\bno\s+(?:more\s+)?(?:mention|reference)s?\s+(?:of|to)\s+(.{1,60}?)(?:[,;!?\n)]|$)`),
	// levels-v3: "without X" in other languages, "I don't want him to know
	// (that) X", "lo de X" (es: "no quiero que sepan lo de la diabetes")
	litre.MustCompile(`(?i)\b(?:ohne|sans|sin|sem|senza)\s+(.{1,60}?)(?:[,;!?\n)]|$)`),
	litre.MustCompile(`(?i)(?:^|[^\p{L}])без\s+(.{1,60}?)(?:[,;!?\n)]|$)`),
	litre.MustCompile(`(?i)\b(?:don't|don’t|do\s+not|dont)\s+want\s+\w+\s+to\s+(?:know|find\s+out|hear|see)\s+(?:about\s+|that\s+)?(?:it['’]s\s+|it\s+is\s+|i['’]m\s+|i\s+am\s+|i\s+have\s+|i\s+had\s+)?(.{1,60}?)(?:[,;.!?\n)]|$)`),
	litre.MustCompile(`(?i)(?:^|[^\p{L}])lo\s+(?:de|del)\s+(.{1,60}?)(?:[,;.!?\n)]|$)`),
	// German, French, Spanish, Russian, Chinese imperatives
	litre.MustCompile(`(?i)\b(?:entferne|entfernen|lösche|löschen|streiche|streichen)\s+(?:bitte\s+)?(.{1,60}?)(?:[,;!?\n]|$)`),
	litre.MustCompile(`(?i)\blass\s+(.{1,60}?)\s+weg\b`),
	litre.MustCompile(`(?i)\b(?:nimm|nehmen\s+sie)\s+(.{1,60}?)\s+(?:wieder\s+)?(?:raus|heraus|weg)\b`),
	litre.MustCompile(`(?i)\b(?:supprime|supprimez|retire|retirez|enlève|enlevez|enleve)\s+(.{1,60}?)(?:[,;!?\n]|$)`),
	litre.MustCompile(`(?i)\b(?:elimina|quita|borra|omite|saca)\s+(.{1,60}?)(?:[,;!?\n]|$)`),
	litre.MustCompile(`(?i)(?:^|[^\p{L}])(?:удали|удалите|убери|уберите|исключи|исключите)\s+(.{1,60}?)(?:[,;!?\n]|$)`),
	litre.MustCompile(`(?:删除|删掉|去掉|去除|移除|删去|不要提(?:到|及)?|不要包含|别提)([^，。！？,.!?\n]{1,30})`),
	// levels-v2: more request forms
	// change it from X to Y
	litre.MustCompile(`(?i)\b(?:change|move|switch|shift|reschedule|update)\s+(?:it|this|that|the\s+\w+)?\s*from\s+(.{1,60}?)\s+to\b`),
	// strip out X before …
	litre.MustCompile(`(?i)\b(?:strip|cut|take|rip|pull|leave|blank|black|white)\s+out\s+(.{1,80}?)(?:\s+(?:from|in|before|after|when|so|because|since|as|please|entirely|completely)\b|[,;!?\n)]|$)`),
	// can we not use X / not X
	litre.MustCompile(`(?i)\b(?:can\s+(?:we|you)\s+)?not\s+(?:use|include|mention|name|list|show|put|add)\s+(.{1,60}?)(?:[,;!?\n)]|\s+(?:in|from|anymore|at\s+all|please)\b|$)`),
	// just say 'a medical reason', not asthma
	litre.MustCompile(`(?i)(?:,|;|—|–)\s*(?:but\s+)?not\s+(?:the\s+|my\s+)?(.{1,60}?)(?:[,;.!?\n)]|$)`),
	// nothing about X / no X (please)
	litre.MustCompile(`(?i)\bnothing\s+(?:about|on|regarding)\s+(.{1,60}?)(?:[,;.!?\n)]|$)`),
	litre.MustCompile(`(?i)(?:^|[—–:;,.]\s*|\s)no\s+((?:\p{L}[\p{L}'’-]*)(?:\s+\p{L}[\p{L}'’-]*){0,2}?)(?:\s+please)?(?:[,;.!?\n)]|$)`),
	// hardcode/commit X
	litre.MustCompile(`(?i)\b(?:don't|don’t|do\s+not|dont|never)\s+(?:hard-?code|commit|store|expose|leak|log|print|keep)\s+(.{1,60}?)(?:\s+(?:in|into|from|anywhere|please)\b|[,;!?\n)]|$)`),
	// German verb-final: "Bitte Geburtsdatum und Familienstand weglassen", "X bitte rausnehmen"
	litre.MustCompile(`(?i)^(?:bitte\s+)?(.{1,60}?)\s+(?:bitte\s+)?(?:wieder\s+)?(?:rausnehmen|herausnehmen|weglassen|entfernen|löschen|streichen|rauslassen)\b`),
	// Russian: "Про лечение не пиши"
	litre.MustCompile(`(?i)(?:^|[^\p{L}])(?:про|о|об)\s+(.{1,40}?)\s+(?:не\s+(?:пиши|упоминай|говори|надо|нужно)|ничего\s+не)`),
	// Spanish, Portuguese, Italian imperatives
	litre.MustCompile(`(?i)\b(?:tira|tire|retira|apaga|remova|exclua|togli|toglimi|rimuovi|elimina|cancella|leva|levate|omettere|ometti)\s+(.{1,60}?)(?:[,;!?\n]|$)`),
	// Chinese: 把X删掉 / 不要写X / X不要写
	litre.MustCompile(`把(.{1,30}?)(?:从[^，。]{0,12}?(?:里|中|上))?(?:删掉|删除|去掉|拿掉|移除|删去|去除|拿走|隐去)`),
	litre.MustCompile(`(?:不要写|别写|不用写|不要提|别提)([^，。！？,.!?\n]{1,30})`),
	litre.MustCompile(`([^，。！？,.!?\n]{1,30}?)(?:不要写|别写|不用写|就不要写了|不要提)`),
	// Japanese: XをYから削除して / Xは書かないで
	litre.MustCompile(`([^、。！？\s]{1,30}?)(?:を|は)(?:[^、。をは]{0,12}から)?(?:削除|消して|消し|書かない|外して|省いて|入れない|取って|取り除)`),
	// Korean: X는 빼줘 / X를 삭제해
	litre.MustCompile(`([^,.!?]{1,20}?)(?:은|는|을|를)\s*(?:빼|삭제|지워|제거|없애)`),
	// I don't want X in there; not X, say Y
	litre.MustCompile(`(?i)\b(?:don't|don’t|do\s+not|dont|doesn't|doesn’t|does\s+not|doesnt)\s+want\s+(.{1,60}?)\s+(?:in\s+(?:there|it|this|the\s+\w+)|mentioned|included|anywhere)\b`),
	// levels-v4: "remplace X par Y", "reemplaza X por Y", "sostituisci X con Y", "ersetze X durch Y"
	litre.MustCompile(`(?i)\b(?:remplace|remplacez|reemplaza|sustituye|substitui|substitua|sostituisci|ersetze|ersetzen\s+sie)\s+(.{1,60}?)\s+(?:par|por|con|durch|mit)\b`),
	// levels-v4: German verb-final bare "raus"/"weg": "die Gehaltsvorstellung bitte raus"
	litre.MustCompile(`(?i)^(?:bitte\s+)?((?:die|der|das|den|dem|meine|meinen|mein|unsere|unseren)\s+[^,;.!?]{1,60}?)\s+(?:bitte\s+)?(?:muss|müssen|soll|sollen|kann|können)?\s*(?:raus|weg)\b`),
	litre.MustCompile(`(?i)^not\s+(?:the\s+|my\s+)?(.{1,40}?)\s*[,;—–]\s*(?:just\s+)?(?:say|use|write|call|put|mention)\b`),
	// levels-v5: "(please) avoid X", "stop using X", "never use X
	// anywhere", "X should not appear", "I'd like it not to have X" (the
	// request forms only: "to avoid the display issue" is a purpose, "I
	// do not have a bashrc file" a statement)
	litre.MustCompile(`(?i)(?:^|please\s+|pls\s+|you\s+|and\s+|,\s*|prefer\s+to\s+|try\s+to\s+|always\s+)avoid(?:ing)?\s+(?:using\s+|mentioning\s+|the\s+use\s+of\s+|any\s+)?(.{1,60}?)(?:\s+(?:in|from|anywhere|anymore|altogether|at\s+all|please|when|if)\b|[,;.!?\n)]|$)`),
	litre.MustCompile(`(?i)\b(?:stop|never|don't|don’t|dont|do\s+not)\s+(?:using|use|writing|write|putting|put|adding|add)\s+(.{1,60}?)(?:\s+(?:anywhere|anymore|any\s+more|ever|again|at\s+all)\b|[,;.!?\n)]|$)`),
	litre.MustCompile(`(?i)(?:^|[.!?]\s+)(?:the\s+|any\s+)?(.{1,40}?)\s+(?:should|must|shall|can|may)\s*(?:not|n't|never)\s+(?:appear|be\s+(?:there|included|mentioned|shown|used|present))\b`),
	litre.MustCompile(`(?i)\b(?:like|want|prefer|need)\s+(?:it|this|the\s+\w+)?\s*not\s+to\s+(?:have|contain|show|include)\s+(?:a\s+|an\s+|the\s+|any\s+)?(.{1,60}?)(?:\s+(?:yet|anymore|in|please|for\s+now|at\s+all)\b|[,;.!?\n)]|$)`),
}

var (
	quotedRE = []*litre.Regexp{
		litre.Lazy(`(?:^|[\s(\[:,])'([^'\n]{1,80}?)'(?:$|[\s.,;:!?)\]])`),
		litre.Lazy(`"([^"\n]{1,80}?)"`),
		litre.Lazy(`“([^”\n]{1,80}?)”`),
		litre.Lazy(`‘([^’\n]{1,80}?)’`),
		litre.Lazy("`([^`\n]{1,80}?)`"),
		litre.Lazy(`「([^」\n]{1,40}?)」`),
	}
	insteadQuotedRE = litre.MustCompile(`(?i)\b(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+["'“‘` + "`" + `]([^"'”’` + "`" + `\n]{1,80})["'”’` + "`" + `]`)
	withdrawVerbRE  = litre.MustCompile(`(?i)\bstop\s+(?:using|writing|putting|adding|mentioning|saying)\b|\bnever\s+(?:use|write|put|add|mention|say)\b|\bnot\s+appear\b|\b(?:avoid|remove|delete|drop|omit|exclude|cut|strip|redact|erase|hide|skip|eliminate|scrub|rid|take|leave|replace|swap|switch|change|substitute|instead|rather|mention|include|without|use|lose|ditch|censor|mask|get|pull|cross)\b|\b(?:remplac|reemplaz|sustitu|substitu|sostitu|ersetz)|\b(?:put|bring|say|name|list|write|hard-?code|commit|store|expose|nothing|not|no|keep)\b|don['’]?t\s+want|\b(?:ohne|sans|sin|sem|senza)\b|без|entfern|lösch|streich|\bnimm\b|\braus\b|\bweg\b|rausnehmen|herausnehmen|weglassen|rauslassen|supprim|retir|enl[eè]v|elimin|quita|borra|\btira|\btire\b|apaga|remov|exclu|togli|rimuov|cancell|\bleva\b|omett|удал|убер|убра|убрать|не\s+пиши|не\s+упоминай|删|去掉|去除|移除|拿掉|拿走|不要|别写|别提|不用写|消し|削除|省|書かない|外し|取り除|빼|삭제|지워|제거|없애`)
	// diffCueRE: the request withdraws or replaces something, or says that
	// something no longer holds, so a line gone from the draft is an item.
	diffCueRE      = litre.MustCompile(`(?i)\b(?:now|anymore|any\s+more|no\s+longer|cancel(?:l?ed)?|moved|not\s+(?:coming|going|happening|available|true|correct|right|there))\b|不再|取消|nicht\s+mehr|plus\s+(?:là|disponible)|ya\s+no`)
	leadingJunkRE  = litre.Lazy(`(?i)^(?:(?:the|a|an|my|our|your|his|her|their|this|that|these|those|all|any|every|each|some|of|about|on|to|also|just|please|entire|whole|following|using|naming|mentioning|saying|writing|listing|including|calling|putting|die|der|das|den|dem|meine|meinen|meiner|mein|bitte|la|le|les|el|los|las|mi|mis|mon|ma|mes|il|lo|gli|o|os|as|meu|minha)\s+|(?:l|d)['’]|(?:part|parts|section|sections|line|lines|bit|bits|sentence|sentences|paragraph|paragraphs|thing|things|stuff|info|information|details?|mentions?|references?|words?|phrase|reference)\s+(?:about|on|with|regarding|mentioning|where|that|of|to|containing)\s+|(?:mention|mentions|reference|references)\s+(?:of|to)\s+|anything\s+about\s+)+`)
	trailingJunkRE = litre.Lazy(`(?i)(?:\s+(?:part|section|line|bit|sentence|paragraph|thing|stuff|one|entirely|completely|altogether|please|too|also|again|anymore|now|as\s+well|bitte|wieder|anywhere|everywhere|at\s+all|whatsoever|what\s+so\s+ever|in\s+(?:the|your)\s+(?:code|text|answer|response|email|message|letter))|[\s"'”’` + "`" + `.,;:!?)\]]+)+$`)
	pronounHeadRE  = litre.Lazy(`(?i)^(?:(?:it|them|him|her|that|this)\s+(?:just|and|but|so|or|because|since|please|to|is|was|'s|would|will|can|could|should)\b|(?:who|which|whose|whom|whatever|whichever|where|when|if|what)\b)`)
	pronounRE      = litre.Lazy(`(?i)^(?:it|that|this|them|those|these|him|her|he|she|they|us|me|you|everything|anything|all|one|the\s+(?:last|first|second|third|other)\s+one|that\s+one|this\s+one|those\s+ones|what\s+.*|some|more|less|something|stuff|things)$`)
)

// requestItem extracts the phrase naming the withdrawn or replaced item from
// the user's request, or "".
func requestItem(req string) string {
	req = requestProse(req)
	return itemOfRequest(req, withdrawVerbRE.MatchTarget(litre.NewTarget(req)))
}

// itemOfRequest is requestItem on the request's prose (requestProse), given
// whether it holds a withdrawal verb (withdrawVerbRE).
func itemOfRequest(req string, verb bool) string {
	if req == "" || !verb {
		return ""
	}
	if m := insteadQuotedRE.FindStringSubmatch(req); m != nil {
		if x := cleanItem(m[1]); x != "" {
			return x
		}
	}
	// The earliest match among the verb patterns wins; a quoted phrase that
	// starts within the object is preferred to the whole object. Patterns run
	// on each sentence with its final period dropped, so that "Mr." or
	// "e.g." inside the object does not end it.
	best, bestPos, bestEnd := "", -1, -1
	for _, sp := range sentences.Split(req) {
		sent := strings.TrimRight(req[sp.Start:sp.End], ".")
		h := requestItemGroup.Scan(litre.NewTarget(sent))
		for i, re := range requestItemREs {
			if !h.May(i) {
				continue
			}
			m := re.FindStringSubmatchIndex(sent)
			if m == nil || m[2] < 0 {
				continue
			}
			obj := sent[m[2]:m[3]]
			if k := strings.Index(obj, ". "); k >= 0 && !abbrevBefore(obj[:k]) {
				obj = obj[:k]
			}
			x := cleanItem(obj)
			if x == "" {
				continue
			}
			if at := sp.Start + m[2]; bestPos < 0 || at < bestPos {
				best, bestPos, bestEnd = x, at, sp.Start+m[2]+len(obj)
			}
		}
		if best != "" {
			break
		}
	}
	if best != "" {
		// a quote inside the object names the item; one after it is
		// mostly the replacement ("Don't name X, just say 'the vendor'")
		if q, at := firstQuotedAt(req); q != "" && at >= bestPos-1 && at <= bestEnd+1 {
			return q
		}
		return best
	}
	q, _ := firstQuotedAt(req)
	return q
}

var tracebackRE = litre.Lazy(`^\s*(?:-+>|\d+\s{2,}|File\s+"|Traceback\b|at\s+[\w.$]+\(|\^+\s*$|>>>|\$\s)`)

// tracebackStart reports whether s, after its leading RE2 spaces, starts
// with a byte that can open a tracebackRE match: a quick test before the
// expression (on a long line the engine's set-up costs more than the line).
func tracebackStart(s string) bool {
	t := strings.TrimLeft(s, " \t\n\f\r")
	if t == "" {
		return false
	}
	switch c := t[0]; {
	case c == '-', '0' <= c && c <= '9', c == 'F', c == 'T', c == 'a', c == '^', c == '>', c == '$':
		return true
	}
	return false
}

// requestProse keeps the lines of a request that can hold an instruction:
// no fenced code, no code-looking or traceback lines, no long pasted
// paragraphs (over 400 runes).
func requestProse(req string) string {
	lines, _ := layout(req)
	var b strings.Builder
	for _, l := range lines {
		if l.kind != lineProse {
			continue
		}
		s := req[l.start:l.end]
		if utf8.RuneCountInString(s) > 400 || tracebackStart(s) && tracebackRE.MatchString(s) || strings.Count(s, "(")+strings.Count(s, ")")+strings.Count(s, "{")+strings.Count(s, "}")+strings.Count(s, ";")+strings.Count(s, "=")+strings.Count(s, "[") >= 3 {
			continue
		}
		b.WriteString(s)
		b.WriteByte('\n')
	}
	return strings.TrimSpace(b.String())
}

// abbrevBefore: the text ends in a title or a single capital, whose
// period does not end the object ("Mr. Brennan", "J. Smith").
func abbrevBefore(s string) bool {
	f := strings.Fields(s)
	if len(f) == 0 {
		return false
	}
	w := litre.ToLower(f[len(f)-1])
	switch w {
	case "mr", "mrs", "ms", "dr", "prof", "st", "jr", "sr", "e.g", "i.e", "vs", "no":
		return true
	}
	return utf8.RuneCountInString(w) == 1
}

// firstQuotedAt returns the first quoted phrase of s and where it starts.
func firstQuotedAt(s string) (string, int) {
	best, pos := "", -1
	for i, re := range quotedRE {
		var m []int
		if i == 0 {
			m = singleQuoted(s) // (the expression has no literal prefix to skip ahead by)
		} else {
			m = re.FindStringSubmatchIndex(s)
		}
		if m == nil {
			continue
		}
		if x := cleanQuoted(s[m[2]:m[3]]); x != "" && (pos < 0 || m[2] < pos) {
			best, pos = x, m[2]
		}
	}
	return best, pos
}

// singleQuoted is quotedRE[0].FindStringSubmatchIndex(s) (the leftmost
// 'phrase' between a start or one of \s ( [ : , and an end or one of \s
// . , ; : ! ? ) ]), read without the regexp engine: that expression has no
// literal prefix, so the engine steps through the whole text, and requests
// can be long pastes. The phrase cannot hold a quote, so its closing quote
// is the next one, and a match starts at the first quote that both opens
// and closes one.
func singleQuoted(s string) []int {
	for q := 0; q < len(s); q++ {
		if s[q] != '\'' || q > 0 && !quoteOpener(s[q-1]) {
			continue
		}
		j := q + 1
		for j < len(s) && s[j] != '\'' && s[j] != '\n' {
			j++
		}
		if j == len(s) || s[j] != '\'' || j == q+1 || utf8.RuneCountInString(s[q+1:j]) > 80 {
			continue
		}
		if j+1 < len(s) && !quoteCloser(s[j+1]) {
			continue
		}
		start, end := q, j+1 // the match: the opener before the quote, and the closer after it
		if q > 0 {
			start = q - 1
		}
		if j+1 < len(s) {
			end = j + 2
		}
		return []int{start, end, q + 1, j}
	}
	return nil
}

// quoteOpener and quoteCloser are the bytes that may precede an opening
// and follow a closing quote in quotedRE[0] (\s is ASCII in RE2).
func quoteOpener(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\f', '\r', '(', '[', ':', ',':
		return true
	}
	return false
}

func quoteCloser(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\f', '\r', '.', ',', ';', ':', '!', '?', ')', ']':
		return true
	}
	return false
}

// mannerRE: "without changing the facts", "without losing the tone": a
// constraint on how to revise, not an item to withdraw (levels-v4).
var mannerRE = litre.Lazy(`(?i)^(?:changing|altering|losing|breaking|affecting|touching|modifying|making|sounding|being|adding|rewriting|dropping\s+the\s+tone)\b`)

func cleanItem(x string) string {
	x = strings.TrimSpace(x)
	if mannerRE.MatchString(x) {
		return ""
	}
	// an aside in brackets is not part of the item: "the hard-coded bucket
	// name (read it from an env var)" (levels-v4)
	if k := strings.Index(x, " ("); k > 0 {
		x = x[:k]
	}
	for i := 0; i < 3; i++ {
		was := x
		x = strings.TrimSpace(leadingJunkRE.ReplaceAllString(x, ""))
		x = strings.TrimSpace(trailingJunkRE.ReplaceAllString(x, ""))
		if x == was {
			break // a pass that removes nothing: the next ones would not either
		}
	}
	x = strings.Trim(x, `"'“”‘’`+"`")
	if x == "" || pronounRE.MatchString(x) || utf8.RuneCountInString(x) < 2 && !loneSymbol(x) || onlyStructural(x) && !loneSymbol(x) ||
		pronounHeadRE.MatchString(x) || bareWords[x] {
		return ""
	}
	if utf8.RuneCountInString(x) > 80 {
		r := []rune(x)
		x = string(r[:80])
	}
	return x
}

// loneSymbol reports an item that is one symbol ("never use $ anywhere":
// "$"), not sentence punctuation (levels-v5).
func loneSymbol(x string) bool {
	r, n := utf8.DecodeRuneInString(x)
	return n == len(x) && (unicode.IsSymbol(r) || unicode.IsPunct(r)) && !strings.ContainsRune(".,;:!?'\"()[]{}“”‘’«»", r)
}

// bareWords are request words that are never the item ("no no, please
// never use $": not "no"; levels-v5).
var bareWords = map[string]bool{"no": true, "not": true, "yes": true, "ok": true, "okay": true, "please": true, "never": true,
	"doing it": true, "doing that": true, "doing this": true, "doing so": true}

// cleanQuoted keeps a quoted phrase as written (its own punctuation
// included: 'No****4!'), unless it only points at something.
func cleanQuoted(x string) string {
	x = strings.TrimSpace(x)
	if x == "" || utf8.RuneCountInString(x) < 2 && strings.IndexFunc(x, unicode.IsLetter) >= 0 || pronounRE.MatchString(x) || onlyStructural(x) && len(tokenize(x)) > 0 {
		return ""
	}
	return clipRunes(x, 80)
}

// isGenericPhrase: every token of the phrase is generic (a category word,
// a stop word): "the password", "my phone number".
func isGenericPhrase(s string) bool {
	toks := tokenize(s)
	if len(toks) == 0 {
		return false // a symbol or mark: "$", "***"
	}
	for _, t := range toks {
		if !genericWords[strings.Trim(t, "'’")] {
			return false
		}
	}
	return true
}

// structuralWords name parts of a text, not an item.
var structuralWords = map[string]bool{
	"part": true, "parts": true, "section": true, "sections": true, "line": true, "lines": true, "bit": true,
	"bits": true, "paragraph": true, "paragraphs": true, "sentence": true, "sentences": true, "thing": true,
	"things": true, "one": true, "ones": true, "stuff": true, "last": true, "first": true, "second": true,
	"third": true, "other": true, "bottom": true, "top": true, "end": true, "beginning": true, "middle": true,
	"final": true, "whole": true, "rest": true, "that": true, "this": true, "the": true, "those": true, "these": true,
}

func onlyStructural(x string) bool {
	for _, t := range tokenize(x) {
		if !structuralWords[t] {
			return false
		}
	}
	return true
}

// deriveItem builds the withdrawn item from the caller's aliases, else from
// the request and the previous draft. masked is the reply with its trace
// sentences blanked: what the reply still holds as content.
//
// A request phrase that names the item ("Drug Test Kit", "the part about
// Bob") is the item. A phrase that only describes it ("the phone number",
// "the receptionist's name") is looked up in the previous draft: the value of
// that kind the reply no longer holds is the item, and the phrase becomes a
// descriptive name. Without a phrase, what the previous draft's body had
// and the reply lacks is the item (a few whole lines, else a few values).
func deriveItem(in Input, masked string) *item {
	it := &item{reply: in.Reply}
	if len(in.Aliases) > 0 {
		for _, a := range in.Aliases {
			a = strings.TrimSpace(a)
			if a == "" {
				continue
			}
			if it.text == "" {
				it.text = a
			}
			// The caller's aliases name the item, even when they look generic.
			if m := newMatcher(a); m != nil {
				it.aliases = append(it.aliases, m)
				it.tokens = appendNew(it.tokens, distinctiveTokens(a)...)
			}
			it.categories = appendNew(it.categories, categoriesOf(a)...)
		}
		if it.text == "" {
			return nil
		}
		return it
	}
	prevBody := bodyOf(in.Previous)
	it.prev = prevBody
	req := requestProse(in.Request)
	rt := litre.NewTarget(req)
	verb := withdrawVerbRE.MatchTarget(rt)
	phrase := itemOfRequest(req, verb)
	if pointerPhrase(phrase) {
		phrase = "" // "the part I highlighted": names nothing
	}
	if phrase == "" && verb {
		phrase = antecedent(req, prevBody)
	}
	if phrase == "" && withdrawsNothing(req) {
		// a bug fix or a tone rewrite: whatever the reply says it removed,
		// no withdrawn item (levels-v4; fresh2 README)
		return nil
	}
	// What the previous draft had and the reply lacks (levels-v2: whenever
	// there is a draft; the request need not use a withdrawal verb).
	// A reply without traces (mask returns it unchanged) needs no level:
	// keep its derivation cheap (no label look-up; the diff only when the
	// request names nothing, after a withdrawal verb or a cue).
	traced := masked != in.Reply
	labelPrev := prevBody
	if !traced {
		labelPrev = ""
	}
	describes := phrase != "" && phraseDescribes(phrase, labelPrev)
	var diffText string
	var diffNames []string
	if prevBody != "" && (traced || phrase == "" && (verb || diffCueRE.MatchTarget(rt))) {
		diffText, diffNames = diffPrevious(prevBody, masked, in.Reply)
	}
	if !describes && phrase != "" && rolePhrase(phrase) && it.strongName(diffNames) {
		// "the customer" for the Brightwave Bank line: a role or category
		// word, the draft's name is the item (levels-v4)
		describes = true
	}
	if phrase == "" {
		if diffText == "" {
			return nil
		}
		it.text = diffText
		it.addDiffNames(diffNames, false)
		it.categories = appendNew(it.categories, categoriesOf(diffText)...)
		return it
	}
	it.categories = appendNew(it.categories, categoriesOf(phrase)...)
	if describes {
		// The phrase names a kind of value ("the stripe key", "Geburtsdatum",
		// "the reason Elena is missing the call"): the item is the value the
		// draft held, the phrase a descriptive name.
		v := labelValue(prevBody, masked, phrase)
		if v == "" {
			v = valueFromPrevious(prevBody, masked, it.categories)
		}
		if v != "" {
			it.text = v
			it.addName(v)
			// a word of the value that the reply still holds ("smtp" of
			// the DSN) is not what was withdrawn
			lowMasked := litre.ToLower(masked)
			var keepToks []string
			for _, t := range it.tokens {
				if !containsWord(lowMasked, t) {
					keepToks = append(keepToks, t)
				}
			}
			it.tokens = keepToks
			it.dropDescribingWords(phrase)
			// proper names of the phrase still name the item ("the
			// Rotterdam numbers")
			it.addProperNames(phrase, masked)
			it.categories = appendNew(it.categories, categoriesOf(v)...)
			it.addGeneric(phrase)
			return it
		}
		if diffText != "" {
			it.text = diffText
			it.addDiffNames(diffNames, true)
			it.dropDescribingWords(phrase)
			it.addGeneric(phrase)
			it.addProperNames(phrase, masked)
			return it
		}
		if onlyPlain(phrase) {
			return nil // "the internal stuff", and no draft to look in
		}
		it.text = phrase
		it.addGeneric(phrase)
		return it
	}
	if onlyPlain(phrase) {
		if diffText == "" {
			return nil
		}
		it.text = diffText
		it.addDiffNames(diffNames, false)
		return it
	}
	it.text = phrase
	it.addPhraseNames(phrase, masked)
	it.keepDraftWords(phrase, masked)
	// What a clean withdrawal removed from the previous draft names the
	// item too ("the venue" → "Luigi's"): its values and proper names.
	it.addDiffNames(diffNames, true)
	return it
}

// keepDraftWords sorts the words of a request phrase that names the item
// into names and descriptions by the draft (levels-v4). The user names the
// item with the draft's words and describes it with their own: of "the
// slack notification step" (a step called "Notify Slack") "slack" names
// it and "notification" only says what kind of step it was, so when some
// words of the phrase are in the draft, the others are category words. A
// word that the draft holds but only outside the lines the reply lost, and
// that the reply still holds, is context ("the personal backup job" when
// the nightly database backup stays and the Dropbox sync went). A phrase
// none of whose words the draft holds ("the kids" for "a mother of three")
// keeps them as names.
func (it *item) keepDraftWords(phrase, masked string) {
	if it.prev == "" || len(it.tokens) == 0 || containsCJK(phrase) {
		return
	}
	lowPrev := litre.ToLower(it.prev)
	lowMasked := litre.ToLower(masked)
	normMasked := " " + joinFields(lowMasked) + " "
	var gone strings.Builder
	for _, l := range strings.Split(it.prev, "\n") {
		t := litre.ToLower(trimLine(l))
		if utf8.RuneCountInString(t) >= 3 && !strings.Contains(normMasked, joinFields(t)) {
			gone.WriteString(t)
			gone.WriteByte('\n')
		}
	}
	lowGone := gone.String()
	in := func(low, t string) bool {
		return containsWord(low, t) || containsWord(low, singular(t)) || containsWord(low, t+"s") ||
			utf8.RuneCountInString(t) >= 7 && wordStartIn(low, t)
	}
	inDraft := 0
	for _, t := range it.tokens {
		if in(lowPrev, t) {
			inDraft++
		}
	}
	drop := map[string]bool{}
	var toks []string
	for _, t := range it.tokens {
		switch {
		case inDraft > 0 && !in(lowPrev, t):
			drop[t] = true // the user's description
		case lowGone != "" && in(lowPrev, t) && !in(lowGone, t) && containsWord(lowMasked, t) && !relatedLine(lowMasked, lowGone, t):
			drop[t] = true // context the reply keeps
		default:
			toks = append(toks, t)
		}
	}
	if len(drop) == 0 {
		return
	}
	it.tokens = toks
	var stems []string
	for _, t := range it.stems {
		if !drop[t] {
			stems = append(stems, t)
		}
	}
	it.stems = stems
	lowPhrase := litre.ToLower(strings.TrimSpace(phrase))
	var al []*matcher
	for _, a := range it.aliases {
		p := litre.ToLower(a.phrase)
		if drop[p] || p == lowPhrase && !strings.Contains(lowPrev, p) {
			it.generic = append(it.generic, a)
			continue
		}
		al = append(al, a)
	}
	it.aliases = al
}

// relatedLine reports whether a line of the reply that holds t shares a
// distinctive word with the lines the reply lost: then t is part of the
// withdrawn thing that stayed (the import of a removed call), not context.
func relatedLine(lowMasked, lowGone, t string) bool {
	for _, l := range strings.Split(lowMasked, "\n") {
		if !containsWord(l, t) {
			continue
		}
		for _, w := range distinctiveTokens(l) {
			if w != t && containsWord(lowGone, w) {
				return true
			}
		}
	}
	return false
}

// dropDescribingWords drops the names of the item that are only words of
// the request phrase describing it (levels-v4): the user's own category
// words ("the internal relay hostname" → not "relay" of smtp-relay…;
// "die Gehaltsvorstellung" → not the draft line's "Gehaltsvorstellung")
// reveal the kind of item, not the item.
func (it *item) dropDescribingWords(phrase string) {
	words := map[string]bool{}
	for _, t := range tokenize(phrase) {
		t = stripPossessive(t)
		words[t] = true
		words[singular(t)] = true
	}
	describing := func(n string) bool {
		for _, w := range it.sole {
			if strings.EqualFold(n, w) {
				return false // all a line lost (`m.ssn`): it names the item
			}
		}
		toks := tokenize(n)
		if len(toks) == 0 {
			return false
		}
		hit := false
		for _, t := range toks {
			t = stripPossessive(t)
			switch {
			case words[t] || words[singular(t)]:
				hit = true
			case plainWords[t] || leadWords[t] || stopWords[t]:
			default:
				return false
			}
		}
		return hit
	}
	var al []*matcher
	for _, a := range it.aliases {
		if !describing(a.phrase) {
			al = append(al, a)
		}
	}
	it.aliases = al
	var toks []string
	for _, t := range it.tokens {
		if !describing(t) && !plainWords[t] && !leadWords[t] {
			toks = append(toks, t)
		}
	}
	it.tokens = toks
	var weak []string
	for _, t := range it.weak {
		if !describing(t) {
			weak = append(weak, t)
		}
	}
	it.weak = weak
	it.describing = words
}

// roleWords name the role of a person or organisation, not who it is.
var roleWords = map[string]bool{"customer": true, "customers": true, "client": true, "clients": true, "vendor": true,
	"vendors": true, "supplier": true, "suppliers": true, "contractor": true, "contractors": true, "candidate": true,
	"tenant": true, "landlord": true, "patient": true, "sponsor": true, "investor": true, "investors": true,
	"partner": true, "partners": true, "company": true, "bank": true, "agency": true, "employer": true}

// rolePhrase: every word of the phrase is a category, role or plain word
// ("the customer", "our vendor's name").
func rolePhrase(p string) bool {
	toks := tokenize(p)
	if len(toks) == 0 {
		return false
	}
	for _, t := range toks {
		t = stripPossessive(t)
		if !genericWords[t] && !roleWords[t] && !plainWords[t] && !leadWords[t] {
			return false
		}
	}
	return true
}

// strongName reports whether the draft's diff found a proper name or a
// value among what the reply lost.
func (it *item) strongName(names []string) bool {
	for _, n := range names {
		if strings.HasPrefix(n, linePrefix) || strings.HasPrefix(n, wordPrefix) {
			continue
		}
		if strings.ContainsAny(n, "@/") || strings.IndexFunc(n, unicode.IsDigit) >= 0 || nameRE.MatchString(n) || it.properInPrev(n) {
			return true
		}
	}
	return false
}

// pronounObjectRE: a withdrawal whose object is a pronoun ("swap it for
// Porto", "leave them out").
var pronounObjectRE = litre.Lazy(`(?i)\b(?:remove|delete|drop|omit|cut|replace|swap|switch|change|take|leave|get\s+rid\s+of|lose|ditch|skip)\s+(?:it|them|that|this|those)\b`)

// antecedent returns the proper name of a request whose withdrawal points
// at it with a pronoun ("we've been to Lisbon twice already, swap it for
// Porto" → Lisbon), when the draft holds it; otherwise "" (levels-v4).
func antecedent(req, prev string) string {
	loc := pronounObjectRE.FindStringIndex(req)
	if loc == nil || prev == "" {
		return ""
	}
	lowPrev := litre.ToLower(prev)
	for _, w := range tokensWithPos(req[:loc[0]]) {
		r, _ := utf8.DecodeRuneInString(w.s)
		t := stripPossessive(litre.ToLower(w.s))
		if !unicode.IsUpper(r) || utf8.RuneCountInString(t) < 3 || plainWords[t] || genericWords[t] || contraction(t) {
			continue
		}
		// not the first word of a sentence
		before := strings.TrimRight(req[:w.at-1], " \t")
		if before == "" || strings.HasSuffix(before, ".") || strings.HasSuffix(before, "!") || strings.HasSuffix(before, "?") || strings.HasSuffix(before, "\n") {
			continue
		}
		if containsWord(lowPrev, t) {
			return w.s
		}
	}
	// No proper name: the last content word before the pronoun that the
	// draft holds, in the pronoun's sentence or the one before ("not sure
	// if your code has elitism, if so could you remove it" → elitism;
	// levels-v5).
	from := 0
	if sps := sentences.Split(req[:loc[0]]); len(sps) > 2 {
		from = sps[len(sps)-2].Start
	}
	ws := tokensWithPos(req[from:loc[0]])
	for i := len(ws) - 1; i >= 0; i-- {
		t := stripPossessive(litre.ToLower(ws[i].s))
		if utf8.RuneCountInString(t) < 4 || plainWords[t] || genericWords[t] || contraction(t) || requestWords[t] {
			continue
		}
		if containsWord(lowPrev, t) {
			return ws[i].s
		}
	}
	return ""
}

// requestWords talk about the request or the draft, never name the item.
var requestWords = map[string]bool{"code": true, "text": true, "answer": true, "response": true, "draft": true, "version": true,
	"sure": true, "could": true, "would": true, "should": true, "please": true, "think": true, "want": true, "need": true,
	"like": true, "love": true, "learned": true, "know": true, "understand": true, "really": true, "actually": true}

// fixOrReformatRE: a request to fix a fault or to change the tone, length
// or form of the draft; plainWithdrawRE: a verb that withdraws or replaces
// something whatever its object.
var (
	fixOrReformatRE = litre.Lazy(`(?i)\b(?:fix|fixed|bug|bugs|crash|crashes|crashing|error|errors|exception|broken|wrong|off\s+by\s+one|doesn['’]?t\s+work|not\s+working|fails|failing|typo|typos|tone|sounds?|defensive|formal|informal|polite|friendlier|warmer|shorter|longer|concise|rewrite|rephrase|reword|translate|(?:less|more)\s+\w+)\b|修复|报错|错误|バグ|エラー|修正|오류|버그|korrigier|fehler|corrig|erreur|arregla|error|corrige|correggi|errore|исправ|ошибк`)
	plainWithdrawRE = litre.Lazy(`(?i)\b(?:remove|delete|drop|omit|exclude|strip|redact|erase|hide|skip|eliminate|scrub|rid|take\s+(?:out|off|away)|leave\s+(?:out|off)|cut|get\s+\S+(?:\s+\S+){0,4}\s+out|replace|swap|switch|substitute|instead|rather\s+than|don['’]?t\s+(?:mention|include|name|say|use)|no\s+longer|anymore)\b|entfern|lösch|streich|weglass|supprim|retir|enlev|elimin|quita|borra|togli|rimuov|удал|убер|убра|删|去掉|移除|削除|消して|외|삭제|빼`)
)

// withdrawsNothing reports whether a request that names no item asks only
// for a fix or a change of form: then nothing was withdrawn, and a removal
// the reply mentions ("Removed the unused imports") has no withdrawn item.
func withdrawsNothing(req string) bool {
	if req == "" || !fixOrReformatRE.MatchString(req) {
		return false
	}
	// "without changing the facts" is a constraint, not a withdrawal
	r := withoutMannerRE.ReplaceAllString(req, "")
	return !plainWithdrawRE.MatchString(r)
}

var withoutMannerRE = litre.Lazy(`(?i)\bwithout\s+(?:changing|altering|losing|breaking|affecting|touching|modifying|making)\b`)

// bodyOf returns the deliverable of a previous draft (its body when the
// splitter finds one), so that its preface and closing offers are not
// taken for withdrawn content.
func bodyOf(prev string) string {
	if prev == "" {
		return ""
	}
	p := split.Split(prev)
	if p.Body == nil || p.Body.End > len(prev) || p.Body.Start > p.Body.End {
		return prev
	}
	return prev[p.Body.Start:p.Body.End]
}

// addLine adds a whole line of the previous draft as a name of the item,
// without its tokens (diffPrevious adds the specific ones itself).
func (it *item) addLine(n string) {
	if m := newMatcher(n); m != nil && !isGenericPhrase(n) {
		it.aliases = append(it.aliases, m)
	}
}

// addName adds a name of the item: a distinctive alias when it has a
// distinctive token (or is a short proper name), otherwise a generic name.
func (it *item) addName(n string) {
	m := newMatcher(n)
	if m == nil {
		return
	}
	if isGenericPhrase(n) {
		it.generic = append(it.generic, m)
		return
	}
	toks := distinctiveTokens(n)
	runes := utf8.RuneCountInString(strings.TrimSpace(n))
	switch {
	case len(toks) > 0 || (runes >= 3 && !genericWords[litre.ToLower(strings.TrimSpace(n))]) || (runes >= 2 && containsCJK(n)) || strings.IndexFunc(n, unicode.IsLetter) < 0:
		it.aliases = append(it.aliases, m)
		it.tokens = appendNew(it.tokens, toks...)
	default:
		it.generic = append(it.generic, m)
	}
}

func containsCJK(s string) bool {
	for _, r := range s {
		if isCJK(r) {
			return true
		}
	}
	return false
}

func appendNew(dst []string, xs ...string) []string {
	for _, x := range xs {
		dup := false
		for _, d := range dst {
			dup = dup || d == x
		}
		if !dup {
			dst = append(dst, x)
		}
	}
	return dst
}

// valueFromPrevious finds, in the previous draft, a value of one of the
// categories that the reply no longer holds: the e-mail address the request
// called "my email", the password behind "the password".
func valueFromPrevious(prev, reply string, cats []string) string {
	if prev == "" {
		return ""
	}
	lowReply := litre.ToLower(reply)
	gone := func(v string) bool {
		v = strings.TrimSpace(v)
		return v != "" && !strings.Contains(lowReply, litre.ToLower(v))
	}
	prevT := litre.NewTarget(prev)
	first := func(re *litre.Re, group int) string {
		if !re.MayMatch(prevT) {
			return ""
		}
		for _, m := range re.FindAllStringSubmatch(prev, -1) {
			if gone(m[group]) {
				return strings.TrimSpace(m[group])
			}
		}
		return ""
	}
	for _, c := range cats {
		var v string
		switch c {
		case "email":
			v = first(emailRE, 0)
		case "phone":
			v = first(phoneRE, 0)
		case "link":
			v = first(urlRE, 0)
		case "money":
			v = first(moneyRE, 0)
		case "password":
			if v = first(urlPassRE, 1); v == "" {
				v = first(assignRE, 1)
			}
			if v == "" {
				v = first(passRE, 1)
			}
		case "secret":
			if v = first(assignRE, 1); v == "" {
				v = first(secretRE, 0)
			}
		case "address":
			v = first(addressRE, 0)
		case "name", "person":
			v = first(nameRE, 0)
		case "id":
			v = first(numberRE, 0)
		}
		if v != "" {
			return v
		}
	}
	// Otherwise: the one line of the previous draft that holds a category
	// word and is gone from the reply.
	var cand string
	for _, l := range strings.Split(prev, "\n") {
		t := trimLine(l)
		if t == "" || !gone(t) {
			continue
		}
		low := litre.ToLower(t)
		for _, c := range cats {
			for _, w := range categoryWords[c] {
				if containsWord(low, w) {
					if cand != "" && cand != t {
						return "" // ambiguous
					}
					cand = t
				}
			}
		}
	}
	if cand != "" && len(distinctiveTokens(cand)) > 0 {
		if _, v, ok := strings.Cut(cand, ":"); ok && strings.TrimSpace(v) != "" {
			return strings.TrimSpace(v)
		}
		return cand
	}
	return ""
}

var listMarkerRE = litre.Lazy(`^\s*(?:[-*+•>]|\d{1,3}[.)]|#{1,6})\s+`)

func trimLine(l string) string {
	if listMarkerStart(l) {
		l = listMarkerRE.ReplaceAllString(l, "")
	}
	return strings.Trim(strings.TrimSpace(l), "*_ \t")
}

// listMarkerStart reports whether l can start with a list marker: after
// RE2 white space comes one of - * + • > # or a digit (what every match of
// listMarkerRE starts with).
func listMarkerStart(l string) bool {
	i := 0
	for i < len(l) && (l[i] == ' ' || l[i] == '\t' || l[i] == '\n' || l[i] == '\f' || l[i] == '\r') {
		i++
	}
	if i == len(l) {
		return false
	}
	switch c := l[i]; {
	case c == '-' || c == '*' || c == '+' || c == '>' || c == '#' || '0' <= c && c <= '9':
		return true
	}
	return strings.HasPrefix(l[i:], "•")
}

// joinFields is strings.Join(strings.Fields(s), " "), without building the
// list of fields.
func joinFields(s string) string {
	var b strings.Builder
	field := false // inside a field
	start := 0     // of the current field
	for i := 0; i < len(s); {
		r, n := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(s[i:])
		}
		space := r < utf8.RuneSelf && asciiSpace[r] || r >= utf8.RuneSelf && unicode.IsSpace(r)
		switch {
		case space && field:
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(s[start:i])
			field = false
		case !space && !field:
			field, start = true, i
		}
		i += n
	}
	if field {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s[start:])
	}
	return b.String()
}

// asciiSpace holds the ASCII bytes unicode.IsSpace accepts.
var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

// diffPrevious looks for what the previous draft had and the reply lacks:
// a few whole lines (a clean withdrawal), else a few distinctive values
// (e-mail addresses, phone numbers, links, amounts, names). It returns the
// item text and its names, or "".
func diffPrevious(prev, reply, full string) (string, []string) {
	lowReply := litre.ToLower(reply)
	normReply := " " + joinFields(lowReply) + " "
	var lines, missing []string
	for _, l := range strings.Split(prev, "\n") {
		t := trimLine(l)
		if utf8.RuneCountInString(t) < 3 {
			continue
		}
		if strings.HasPrefix(strings.TrimSpace(l), "#") && !strings.ContainsAny(t, " \t") {
			continue // a one-word heading ("### Benchmark") is structure, not the item
		}
		lines = append(lines, t)
		if !strings.Contains(normReply, joinFields(litre.ToLower(t))) {
			missing = append(missing, t)
		}
	}
	// Edited lines: their counterparts in the reply (levels-v3).
	type edit struct {
		cp   string
		runs []string
	}
	var edits map[string]edit
	allEdited := len(missing) > 0 && len(missing) <= 3
	if allEdited {
		var replyLines []string
		for _, l := range strings.Split(full, "\n") {
			if t := trimLine(l); t != "" {
				replyLines = append(replyLines, t)
			}
		}
		edits = map[string]edit{}
		for _, m := range missing {
			if cp, keep := counterpart(m, replyLines); cp != "" {
				edits[m] = edit{cp, goneRuns(m, keep)}
			} else {
				allEdited = false
			}
		}
	}
	if len(missing) >= 1 && len(missing) <= 3 && (len(lines) >= 2 && len(missing)*2 <= len(lines) || allEdited) {
		// The rest of the draft: a token that also occurs there is not
		// specific to the withdrawn content ("the employee" in a report about
		// the employee).
		gonLine := map[string]bool{}
		for _, m := range missing {
			gonLine[m] = true
		}
		var rest strings.Builder
		for _, l := range lines {
			if !gonLine[l] {
				rest.WriteString(litre.ToLower(l))
				rest.WriteByte('\n')
			}
		}
		lowRest := rest.String()
		var names, goneValues []string
		var runText string
		for _, m := range missing {
			// An edited line: only what its counterpart lacks is withdrawn.
			// Its words may still occur elsewhere in the reply (that is a
			// content leak, not a reason to drop them).
			if e, ok := edits[m]; ok {
				lowCp := litre.ToLower(e.cp)
				for _, run := range e.runs {
					// A run whose words all occur elsewhere in the reply
					// was moved or rephrased, not withdrawn.
					var gone []string
					moved := true
					for _, t := range distinctiveTokens(run) {
						t = stripPossessive(t)
						if !containsWord(lowCp, t) && !containsWord(lowRest, t) {
							gone = append(gone, t)
							moved = moved && containsWord(lowReply, t)
						}
					}
					w := soleWord(run)
					if w != "" && !containsWord(lowReply, w) && !containsWord(lowRest, w) {
						names = append(names, wordPrefix+w)
					} else if len(gone) == 0 || moved {
						continue
					}
					if runText == "" {
						runText = run
					}
					names = append(names, linePrefix+run)
					for _, v := range values(run) {
						if !strings.Contains(lowCp, litre.ToLower(v)) {
							names = append(names, v)
							goneValues = append(goneValues, v)
						}
					}
					names = append(names, gone...)
				}
				continue
			}
			// the distinctive tokens of a gone line that are gone from the
			// reply and specific to that line
			var gone []string
			for _, t := range distinctiveTokens(m) {
				if !containsWord(lowReply, t) && !containsWord(lowRest, t) {
					gone = append(gone, t)
				}
			}
			if w := soleWord(m); w != "" && !containsWord(lowReply, w) && !containsWord(lowRest, w) {
				names = append(names, wordPrefix+w)
			} else if len(gone) == 0 {
				continue
			}
			if runText == "" {
				runText = m
			}
			names = append(names, linePrefix+m)
			for _, v := range values(m) {
				if !strings.Contains(lowReply, litre.ToLower(v)) {
					names = append(names, v)
					goneValues = append(goneValues, v)
				}
			}
			names = append(names, gone...)
		}
		// A gone value (an address, a number, a name) inside a gone line is
		// the item; otherwise the line itself.
		if len(goneValues) > 0 {
			return goneValues[0], names
		}
		if len(names) > 0 {
			return clipRunes(runText, 80), names
		}
		// Lines that changed without losing a word of their own ("replicas:
		// 5" → "replicas: 2") are the item (levels-v2).
		var lineNames []string
		for _, m := range missing {
			lineNames = append(lineNames, linePrefix+m)
		}
		return clipRunes(missing[0], 80), lineNames
	}
	var gone []string
	for _, v := range values(prev) {
		if !strings.Contains(lowReply, litre.ToLower(v)) {
			gone = appendNew(gone, v)
		}
	}
	if len(gone) >= 1 && len(gone) <= 3 {
		return gone[0], gone
	}
	// A larger rewrite of a draft the reply is a version of (they share a
	// line): the item is known, as what the draft lost, but no word of it
	// is trusted to name it (levels-v3: unknown only when nothing can be
	// derived).
	if len(missing) > 0 && len(missing) < len(lines) {
		return clipRunes(missing[0], 80), nil
	}
	return "", nil
}

// linePrefix marks a name that is a whole line of the previous draft (or
// the gone part of an edited line); wordPrefix a word that is all the
// draft lost from a line (`m.ssn,`): it names the item even when it is a
// category word.
const (
	linePrefix = "\x00line:"
	wordPrefix = "\x00word:"
)

// soleWord returns the one word of at least two runes that a gone line or
// run holds (an identifier such as `m.ssn`), or "".
func soleWord(s string) string {
	w := ""
	for _, t := range diffTokens(s) {
		if isCJK([]rune(t.t)[0]) {
			return ""
		}
		if utf8.RuneCountInString(t.t) < 2 || plainWords[t.t] || stopWords[t.t] {
			continue
		}
		if w != "" {
			return ""
		}
		w = t.t
	}
	if w == "" || strings.IndexFunc(w, unicode.IsLetter) < 0 {
		return ""
	}
	return w
}

// addNames adds the names found by diffPrevious.
func (it *item) addNames(names []string) {
	for _, n := range names {
		if l, ok := strings.CutPrefix(n, linePrefix); ok {
			it.addLine(l)
		} else if w, ok := strings.CutPrefix(n, wordPrefix); ok {
			it.addName(w)
		} else {
			it.addName(n)
		}
	}
}

// values lists the crisp values of a text: e-mail addresses, links, phone
// numbers, amounts and multi-word proper names.
func values(s string) []string {
	var out []string
	t := litre.NewTarget(s)
	for _, re := range []*litre.Re{emailRE, urlRE, phoneRE, moneyRE, nameRE} {
		if !re.MayMatch(t) {
			continue
		}
		for _, m := range re.FindAllString(s, -1) {
			out = appendNew(out, strings.TrimSpace(m))
		}
	}
	return out
}

func clipRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// level assigns the disclosure level of one trace sentence (levelOf).
func (it *item) level(sentence string) string { return it.levelOf(sentence) }

// mask blanks the given spans of the reply (line breaks kept), leaving what
// the reply holds outside its trace sentences.
func mask(reply string, spans [][2]int) string {
	if len(spans) == 0 {
		return reply
	}
	b := []byte(reply)
	for _, sp := range spans {
		for i := max(sp[0], 0); i < sp[1] && i < len(b); i++ {
			if b[i] != '\n' && b[i] != '\r' {
				b[i] = ' '
			}
		}
	}
	return string(b)
}

// contentLeak reports whether a distinctive name of the item occurs in the
// masked reply, i.e. as ordinary content outside the trace sentences.
func (it *item) contentLeak(masked string) bool {
	if !it.known() {
		return false
	}
	for _, a := range it.aliases {
		// A name the previous draft never held is the reply's own talk
		// about the item ("add analytics back later"), not a leftover.
		if it.prev != "" && !a.in(it.prev) {
			continue
		}
		if a.in(masked) {
			return true
		}
	}
	return false
}

// Word-level line diff (levels-v3). A draft line that the reply no longer
// holds verbatim is either gone as a whole or was edited: then the reply
// has a counterpart line sharing most of its words, and what was withdrawn
// is only the part of the draft line missing from that counterpart ("(enjoying
// some sun in Marbella)" in an out-of-office line, "£48,500" in a table row
// now showing "[redacted]"). Counterparts are looked for in the whole reply,
// trace sentences included: a residue row is the counterpart of its row.

// diffTok is a token of a line with its byte span: a run of letters and
// digits, or a single CJK character.
type diffTok struct {
	t          string
	start, end int
}

func diffTokens(s string) []diffTok {
	var out []diffTok
	start := -1
	flush := func(i int) {
		if start >= 0 {
			out = append(out, diffTok{litre.ToLower(s[start:i]), start, i})
			start = -1
		}
	}
	for i, r := range s {
		switch {
		case isCJK(r):
			flush(i)
			out = append(out, diffTok{string(r), i, i + utf8.RuneLen(r)})
		case isWordRune(r):
			if start < 0 {
				start = i
			}
		default:
			flush(i)
		}
	}
	flush(len(s))
	return out
}

// maxDiffTokens bounds the lines the word-level diff looks at.
const maxDiffTokens = 160

// lcsKeep marks the tokens of a that belong to a longest common
// subsequence of a and b, and returns its length.
func lcsKeep(a, b []diffTok) ([]bool, int) {
	n, m := len(a), len(b)
	dp := make([][]int32, n+1)
	for i := range dp {
		dp[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			switch {
			case a[i].t == b[j].t:
				dp[i][j] = dp[i+1][j+1] + 1
			case dp[i+1][j] >= dp[i][j+1]:
				dp[i][j] = dp[i+1][j]
			default:
				dp[i][j] = dp[i][j+1]
			}
		}
	}
	keep := make([]bool, n)
	for i, j := 0, 0; i < n && j < m; {
		switch {
		case a[i].t == b[j].t:
			keep[i] = true
			i++
			j++
		case dp[i+1][j] >= dp[i][j+1]:
			i++
		default:
			j++
		}
	}
	return keep, int(dp[0][0])
}

// counterpart returns the reply line that is an edited version of the
// draft line (it keeps at least half of the line's tokens, in order, and
// at least two), with the draft line's tokens that it keeps; "" when the
// line is gone as a whole.
func counterpart(line string, replyLines []string) (string, []bool) {
	a := diffTokens(line)
	if len(a) < 2 || len(a) > maxDiffTokens {
		return "", nil
	}
	set := map[string]bool{}
	for _, t := range a {
		set[t.t] = true
	}
	best, bestN := "", 0
	var bestKeep []bool
	for _, rl := range replyLines {
		b := diffTokens(rl)
		if len(b) == 0 || len(b) > 2*maxDiffTokens {
			continue
		}
		shared := 0
		for _, t := range b {
			if set[t.t] {
				shared++
			}
		}
		if shared*2 < len(a) || shared <= bestN {
			continue
		}
		keep, n := lcsKeep(a, b)
		if n >= 2 && n*2 >= len(a) && n > bestN {
			best, bestN, bestKeep = rl, n, keep
		}
	}
	return best, bestKeep
}

// goneRuns returns the parts of the draft line that its counterpart lacks:
// maximal runs of dropped tokens, widened over the punctuation attached to
// them and trimmed of brackets and separators.
func goneRuns(line string, keep []bool) []string {
	toks := diffTokens(line)
	var out []string
	for i := 0; i < len(toks); {
		if keep[i] {
			i++
			continue
		}
		j := i
		for j+1 < len(toks) && !keep[j+1] {
			j++
		}
		a, b := toks[i].start, toks[j].end
		for a > 0 {
			r, n := utf8.DecodeLastRuneInString(line[:a])
			if unicode.IsSpace(r) || r == '|' || isWordRune(r) {
				break
			}
			a -= n
		}
		for b < len(line) {
			r, n := utf8.DecodeRuneInString(line[b:])
			if unicode.IsSpace(r) || r == '|' || isWordRune(r) {
				break
			}
			b += n
		}
		run := strings.Trim(strings.TrimSpace(line[a:b]), "()[]{}<>.,;:!?\"'“”‘’`*_|-–— \t（）【】「」，。、；：！？")
		if run != "" {
			out = append(out, run)
		}
		i = j + 1
	}
	return out
}
