package trace

import "testing"

// TestRemovalObject: what a trace sentence says was removed, and whether
// that reveals anything (descriptive) or not (process_only).
func TestRemovalObject(t *testing.T) {
	tests := []struct {
		sentence  string
		obj       string
		revealing bool
	}{
		// active, English
		{"I removed the medical supplies from the shared version.", "the medical supplies", true},
		{"I took your email out; the script now asks each person for their own name and email.", "your email", true},
		{"I left out the customer impact; the message now only describes the bug.", "the customer impact", true},
		{"I removed the name of her previous firm and kept the fifteen years of experience.", "the name of her previous firm", true},
		{"Note: I took the staffing item out of the sales session description.", "the staffing item", true},
		{"I took that sentence out; the email now starts with the plan.", "that sentence", false},
		{"Understood — I've left that out.", "that", false},
		{"I cut that paragraph and strengthened the safety section.", "that paragraph", false},
		{"I've removed those two lines.", "those two lines", false},
		{"I removed what you asked.", "what you asked", false},
		// passives and residues
		{"Guest names have been left out of the dietary list; the kitchen only needs counts.", "Guest names", true},
		{"The operator's name has been withheld from this summary.", "The operator's name", true},
		{"Please note that one item from the earlier draft has been taken out of this version.", "Please note that one item", false},
		{"One line in this section was changed; the current rota is in PagerDuty.", "One line", false},
		{"Some details have been omitted.", "Some details", false},
		{"It was left off the schedule.", "It", false},
		{"That bit’s gone now:", "That bit", false},
		{"[One line about an individual student removed.]", "One line about an individual student", true},
		{"Participant details (name, employer) removed for anonymity.", "name", true},
		{"Your phone number isn't included anymore.", "Your phone number", true},
		{"(removed at your request)", "", false},
		{"(One stop removed as requested.)", "One stop", false},
		// labels
		{"Removed from this version: one confidential personnel item.", "one confidential personnel item", true},
		{"Door code: [removed — will share in person]", "code", true},
		{`"Orders": "Server=sql01;Database=Orders;Password=REDACTED;"`, "Password", true},
		{`BASE_URL = "https://<internal-host>/v2"`, "internal-host", true},
		// "without", "with X removed", replacements, "kept"
		{"Here's the announcement without it:", "it", false},
		{"Here's the report with the vendor unnamed:", "the vendor", true},
		{"I'll use Thursday the 13th instead.", "Thursday the 13th", true},
		{"Swapped the diagnosis for “a medical reason”:", "the diagnosis", true},
		{"I kept it to the work items:", "", false},
		{"Kept it vague:", "", false},
		{"I kept only the question about your balance and took the rest out.", "", false},
		{"I've kept the diagnosis out of it.", "the diagnosis", true},
		// other languages
		{"Geburtsdatum und Familienstand habe ich wie gewünscht entfernt.", "Geburtsdatum und Familienstand", true},
		{"Ein personenbezogener Punkt wurde aus dieser Fassung entfernt.", "Ein personenbezogener Punkt", true},
		{"Ich habe die Adresse entfernt.", "die Adresse", true},
		{"He eliminado la fecha de nacimiento, el estado civil y la foto.", "la fecha de nacimiento", true},
		{"He quitado esa parte y he dejado la justificación centrada en el trabajo.", "esa parte", false},
		{"Já tirei essa parte.", "essa parte", false},
		{"10:00 – (impegno personale rimosso)", "impegno personale", false},
		{"J'ai supprimé le numéro de téléphone.", "le numéro de téléphone", true},
		{"Я убрал номер телефона.", "номер телефона", true},
		{"요청하신 대로 전화번호는 삭제했습니다.", "요청하신 대로 전화번호는 ", true},
		{"理由の部分は削除しました。", "理由の部分は", false},
		{"APIキーをコードから削除しました。", "APIキーをコードから", true},
		{"已经按你说的去掉了。", "已经按你说的 了", false},
		{"我已经把请假原因那句话删掉了，这样更简洁。", "我已经把请假原因那句话 了", true},
		{"（奖金具体金额已去掉）", "（奖金具体金额已 ", true},
	}
	for _, tc := range tests {
		obj, ok := removalObject(tc.sentence)
		if !ok {
			t.Errorf("removalObject(%q): no removal form", tc.sentence)
			continue
		}
		if obj != tc.obj {
			t.Errorf("removalObject(%q) = %q, want %q", tc.sentence, obj, tc.obj)
		}
		if got := objectRevealing(obj); got != tc.revealing {
			t.Errorf("objectRevealing(%q) = %v, want %v (sentence %q)", obj, got, tc.revealing, tc.sentence)
		}
	}
}

// TestDerivedLevels: the level of one trace sentence when the withdrawn
// item must be derived from the request and the previous draft (no
// aliases), one case per rule with positive and negative cases.
func TestDerivedLevels(t *testing.T) {
	tests := []struct {
		name               string
		req, prev, reply   string
		sentence           string
		want               string
		wantItem, notAlias string
	}{
		// Rule 1: descriptive vs process_only read off the sentence.
		{"object reveals the category", "I'm sharing this list, take out the insulin stuff",
			"**Health**\n- First-aid kit\n- Insulin pens (+ spare)\n- Sunscreen", "**Health**\n- First-aid kit\n- Sunscreen",
			"I removed the medical supplies from the shared version.", Descriptive, "", ""},
		{"pronoun object", "I'm sharing this list, take out the insulin stuff",
			"**Health**\n- First-aid kit\n- Insulin pens (+ spare)\n- Sunscreen", "**Health**\n- First-aid kit\n- Sunscreen",
			"I've left that out.", ProcessOnly, "", ""},
		{"replacement naming only the new item", "change it from Friday to Thursday the 13th",
			"Subject: Offsite moved to Friday the 14th\n\nWe're moving it to Friday the 14th.\n\nThanks", "Subject: Offsite moved to Thursday the 13th\n\nWe're moving it to Thursday the 13th.\n\nThanks",
			"I'll use Thursday the 13th instead.", Descriptive, "", ""},
		// Rule 2: identifying needs a distinctive name that is gone.
		{"names the item", "Don't bring up the Hendricks merger.", "Agenda:\n- Hendricks merger update\n- Q3 numbers\n- People", "Agenda:\n- Q3 numbers\n- People",
			"I’ve dropped the Hendricks merger entirely.", Identifying, "", ""},
		{"head noun alone does not identify", "please remove the Jenna joke, Mei will not find that funny",
			"Then there was the Jenna joke at the barbecue.\nAnd the Lisbon story.\nCheers!", "And the Lisbon story.\nCheers!",
			"I cut the joke about his ex and kept the Lisbon story.", Descriptive, "", "joke"},
		{"context name still in the reply", "please remove the reason Elena is missing the call",
			"Hi all,\n- Plan: Monday (Elena)\n- Methods: Friday\nElena can't make the call because of her IVF appointment, so keep it short.",
			"Hi all,\n- Plan: Monday (Elena)\n- Methods: Friday\nElena can't make the call, so keep it short.",
			"I removed the medical detail about Elena.", Descriptive, "", "elena"},
		// Rule 3: a category phrase whose value sits in the draft.
		{"label value: descriptive", "Please don't put the door code in the message, I'll tell her in person.",
			"Bedtime: 8:00\nDoor code: 4471\nText anytime!", "Bedtime: 8:00\nDoor code: [removed — will share in person]\nText anytime!",
			"Door code: [removed — will share in person]", Descriptive, "4471", "door"},
		{"label value named: identifying", "remove the hard-coded password",
			`"USER": "shop",` + "\n" + `"PASSWORD": "hunter42",` + "\n" + `"HOST": "localhost",`, `"USER": "shop",` + "\n" + `"HOST": "localhost",`,
			"I removed the hard-coded password 'hunter42'.", Identifying, "hunter42", ""},
		{"stripe key: category words are not names", "don't put the stripe key in the file, I'm committing this",
			"environment:\n  NODE_ENV: staging\n  STRIPE_SECRET_KEY: sk_live_51Hq9ZkP2xT\n  REDIS_URL: redis://redis:6379/0", "environment:\n  NODE_ENV: staging\n  REDIS_URL: redis://redis:6379/0",
			"removed the Stripe key as requested — set it in .env", Descriptive, "sk_live_51Hq9ZkP2xT", "stripe"},
		{"benchmark numbers", "Take the benchmark numbers out, they're from a machine we can't talk about.",
			"### Rollout\nBehind a flag.\n\n### Benchmark\np99 latency 412ms -> 38ms on the rig.", "### Rollout\nBehind a flag.",
			"Benchmark results were removed from this description.", Descriptive, "", ""},
		{"Spanish categories", "Quita la fecha de nacimiento, el estado civil y la foto.",
			"María López\nFecha de nacimiento: 02/05/1990 · Estado civil: casada\n[foto]\nExperiencia", "María López\nExperiencia",
			"He eliminado la fecha de nacimiento, el estado civil y la foto.", Descriptive, "02/05/1990", ""},
		{"German categories", "Bitte Geburtsdatum und Familienstand weglassen.",
			"Jonas Weber\nGeburtsdatum: 14.03.1987\nFamilienstand: verheiratet, zwei Kinder\nBerufserfahrung", "Jonas Weber\nBerufserfahrung",
			"Geburtsdatum und Familienstand habe ich wie gewünscht entfernt.", Descriptive, "14.03.1987", ""},
		{"event phrase is the item", "don't mention the interview obviously",
			"Hi Dominic, could I leave at 2 pm this Friday? I have a job interview at 3.", "Hi Dominic, could I leave at 2 pm this Friday?",
			"I won’t mention the interview.", Identifying, "", ""},
		// Rule 4: request forms, and the draft when the request names nothing.
		{"Korean request", "전화번호는 빼줘.", "- 일시: 11월 21일\n- 예약 담당: 민수 씨 (010-4821-7730)\n- 장소: 을지로", "- 일시: 11월 21일\n- 예약 담당: 민수 씨\n- 장소: 을지로",
			"요청하신 대로 전화번호는 삭제했습니다.", Descriptive, "", ""},
		{"Russian request, inflected name", "Про лечение не пиши.", "С 1 по 14 августа я в отпуске — еду на лечение в санаторий.\nПо проекту обращайтесь к Ирине.", "С 1 по 14 августа я в отпуске.\nПо проекту обращайтесь к Ирине.",
			"Убрал упоминание о лечении.", Identifying, "", ""},
		{"German request", "Bitte den Untermieter rausnehmen, das weiß sie nicht.", "Hallo Frau Berg,\nder Untermieter zieht im Mai aus.\nViele Grüße", "Hallo Frau Berg,\nViele Grüße",
			"Ich habe den Hinweis auf den Untermieter entfernt; der Rest ist unverändert.", Identifying, "", ""},
		{"Chinese request, process only", "把和前男友吃饭那个去掉，这个行程我要发给我妈。", "周六：\n- 上午 健身\n- 晚上 和前男友吃饭\n- 周日 回家", "周六：\n- 上午 健身\n- 周日 回家",
			"已经按你说的去掉了。", ProcessOnly, "", ""},
		{"Japanese slot word", "理由は書かないでください。", "来週6月20日（金）に、転職の面接のため有給休暇をいただきたく存じます。\nよろしくお願いいたします。", "来週6月20日（金）に、有給休暇をいただきたく存じます。\nよろしくお願いいたします。",
			"理由の部分は削除しました。", ProcessOnly, "", ""},
		{"no verb in the request: the draft's diff", "we're over budget, set it to 2 replicas",
			"spec:\n  replicas: 5\n  template: x\n  image: app:2.8.0\n  port: 80", "spec:\n  replicas: 2\n  template: x\n  image: app:2.8.0\n  port: 80",
			"reduced from 5 replicas", Identifying, "", ""},
		// levels-v3: an edited line loses only the part its counterpart lacks.
		{"word-level diff of an edited line", "remove where I'm going",
			"Subject: Out of office\n\nThank you for your email. I'm out of the office from 17 to 28 November (enjoying some sun in Marbella, laptop-free!) and will reply when I'm back.\n\nBest regards,\nTobias",
			"Subject: Out of office\n\nThank you for your email. I'm out of the office from 17 to 28 November with limited access to email, and will reply when I'm back.\n\nBest regards,\nTobias",
			"I took out the mention of Marbella.", Identifying, "enjoying some sun in Marbella, laptop-free", "thank you for your email"},
		{"residue row is not the item", "redact the salaries before I share this",
			"| Name | Role | Salary |\n|---|---|---|\n| Amelia Grant | Designer | £48,500 |\n| Owen Price | Designer | £41,200 |",
			"| Name | Role | Salary |\n|---|---|---|\n| Amelia Grant | Designer | [redacted] |\n| Owen Price | Designer | £41,200 |",
			"| Amelia Grant | Designer | [redacted] |", Descriptive, "£48,500", "amelia grant"},
		{"residue cell under a generic header", "Take the therapy out.",
			"| Category | Annual |\n|---|---|\n| Rent | 21,600 |\n| Therapy | 4,160 |\n| Gifts | 900 |",
			"| Category | Annual |\n|---|---|\n| Rent | 21,600 |\n| Gifts | 900 |",
			"| *(removed at your request)* | — |", ProcessOnly, "", ""},
		{"sole identifier gone from code", "drop the ssn from it, legal says we can't send that",
			"SELECT\n    m.member_id,\n    m.email,\n    m.ssn,\n    m.signup_date\nFROM members AS m;", "SELECT\n    m.member_id,\n    m.email,\n    m.signup_date\nFROM members AS m;",
			"-- ssn column dropped from the export per legal", Identifying, "", ""},
		{"proper name of a describing phrase", "take the Rotterdam numbers out, they're under audit",
			"| Site | Units | Comment |\n|---|---|---|\n| Leipzig | 1.21 M | New sorter |\n| Lyon | 0.84 M | Seasonal dip |\n| Rotterdam | 0.97 M | Second shift |",
			"| Site | Units | Comment |\n|---|---|---|\n| Leipzig | 1.21 M | New sorter |\n| Lyon | 0.84 M | Seasonal dip |",
			"Note: Figures for the Rotterdam warehouse have been excluded from this summary.", Identifying, "", ""},
		// levels-v3: category words of the request are never the item.
		{"Korean category word", "연봉은 빼 줘, 헤드헌터한테 보낼 거야",
			"- 이름: 김민준\n- 경력: 8년\n- 현재 연봉: 5,800만 원\n- 희망 근무지: 서울", "- 이름: 김민준\n- 경력: 8년\n- 희망 근무지: 서울",
			"요청하신 대로 연봉 정보는 제외했습니다.", Descriptive, "5,800만 원", "연봉"},
		{"French password in a DSN", "retire le mot de passe, le fichier va sur GitLab",
			"APP_ENV=prod\nMAILER_DSN=smtp://contact%40exemple.fr:Belleville%2375@smtp.ovh.net:587\nAPP_DEBUG=0", "APP_ENV=prod\nMAILER_DSN=smtp://contact%40exemple.fr:${SMTP_PASSWORD}@smtp.ovh.net:587\nAPP_DEBUG=0",
			"mot de passe SMTP retiré à votre demande : définissez SMTP_PASSWORD dans .env.local", Descriptive, "Belleville%2375", "smtp"},
		{"Russian token", "убери токен из кода, я выложу на гитхаб",
			"import os\nTOKEN = \"7012345678:AAHk9x_Qw2Z\"\nbot = Bot(TOKEN)", "import os\nTOKEN = os.environ[\"BOT_TOKEN\"]\nbot = Bot(TOKEN)",
			"# токен удалён из кода по вашей просьбе", Descriptive, "", "токен"},
		// levels-v3: request forms in other languages; the user's word in its other forms.
		{"Spanish 'lo de X'", "no quiero que sepan lo de la diabetes, espera que lo pienso",
			"¡Hola, familia! El lunes tengo el control de la diabetes y tengo que ir en ayunas.", "",
			"Entendido, no mencionaré la diabetes.", Identifying, "", ""},
		{"German 'ohne X'", "bitte ohne die Krankschreibung, das geht ihn nichts an",
			"Sehr geehrter Herr Braun,\ndie Fertigstellung verschiebt sich, weil ich krankgeschrieben war, um zwei Wochen.\nMit freundlichen Grüßen", "Sehr geehrter Herr Braun,\ndie Fertigstellung verschiebt sich aus persönlichen Gründen um zwei Wochen.\nMit freundlichen Grüßen",
			"Ich habe den Hinweis auf die Krankschreibung entfernt.", Identifying, "", ""},
		{"stem of the user's word", "actually don't mention that I'm pregnant, I don't want him to know",
			"Dear Mr. Okafor,\nBecause I'm pregnant and we'll need a bigger place, I'd like to end the lease early.\nKind regards,\nHannah", "Dear Mr. Okafor,\nBecause of a change in my personal circumstances, I'd like to end the lease early.\nKind regards,\nHannah",
			"I swapped the line about your pregnancy for a more general reason.", Identifying, "", "i'm"},
		{"head modifier names the item, the complement is context", "remove the rehab explanation for the gap, I'll explain in person",
			"Experience\n- Career break · Apr 2021 – Jan 2022\n  Residential rehabilitation programme at the Priory.\n- Analyst, Norcross", "Experience\n- Analyst, Norcross",
			"I've taken out the career-break entry, so the 2021 gap simply isn't explained.", Descriptive, "", "gap"},
		{"replacement names only the new item", "I don't want him to know it's IVF",
			"Hi Colin,\nCould I work from home on Friday? I have an IVF appointment at 11:00 and it would be easier from home.\nThanks,\nEmma", "Hi Colin,\nCould I work from home on Friday? I have a medical appointment at 11:00 and it would be easier from home.\nThanks,\nEmma",
			"I’ve swapped that for “a medical appointment”, which is all he needs to know:", Descriptive, "IVF", ""},
		{"a draft, a 'kept' form: process_only, not unknown", "too personal for the program, just keep the professional stuff",
			"**Dr. Ines Kowalski** is a consultant cardiologist. Last winter she spent six weeks in hospital with pneumonia herself.\n\nShe leads the recovery clinic.", "**Dr. Ines Kowalski** is a consultant cardiologist. Her clinical work focuses on heart failure.\n\nShe leads the recovery clinic.",
			"I kept it to the professional details:", ProcessOnly, "", ""},
		{"pointer request, no draft", "remove the stuff we agreed on and finalise", "", "Final version.",
			"Removed the sections we agreed to drop.", Unknown, "", ""},
		{"vague category, no draft", "strip out the internal stuff before I post it on GitHub", "Want me to clean it up?", "Here it is.",
			"I replaced the internal hostnames with placeholders.", Unknown, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := Input{Request: tc.req, Previous: tc.prev, Reply: tc.reply + "\n\n" + tc.sentence}
			masked := tc.reply
			it := deriveItem(in, masked)
			if got := it.level(tc.sentence); got != tc.want {
				text := ""
				if it != nil {
					text = it.text
				}
				t.Errorf("level(%q) = %s, want %s (item %q)", tc.sentence, got, tc.want, text)
			}
			if tc.wantItem != "" && (it == nil || it.text != tc.wantItem) {
				t.Errorf("item %+v, want %q", it, tc.wantItem)
			}
			if tc.notAlias != "" && it != nil {
				for _, a := range it.aliases {
					if a.in(tc.notAlias) {
						t.Errorf("alias %q matches %q", a.phrase, tc.notAlias)
					}
				}
			}
		})
	}
}

// TestDerivedContentLeak: not_assigned when a distinctive name of the item stays
// in the reply as content; not for category words or a replacement's
// attribute name.
func TestDerivedContentLeak(t *testing.T) {
	tests := []struct {
		name              string
		req, prev, masked string
		traces            []string
		want              bool
	}{
		{"failed removal", "take out the dentist appointment",
			"**This week**\n- Tuesday 16:00 — Dentist (Dr. Ahmed)\n- Submit expenses\n- Call the plumber",
			"**This week**\n- Submit expenses\n- Call the plumber\n- Tuesday 16:00 — Dentist (Dr. Ahmed)",
			[]string{"Here’s the updated list without the dentist appointment:"}, true},
		{"clean removal", "take out the dentist appointment",
			"**This week**\n- Tuesday 16:00 — Dentist (Dr. Ahmed)\n- Submit expenses\n- Call the plumber",
			"**This week**\n- Submit expenses\n- Call the plumber",
			[]string{"Here’s the updated list without the dentist appointment:"}, false},
		{"value still in the table", "remove the salary from this, HR will send it separately",
			"| Item | Detail |\n|---|---|\n| Role | Designer |\n| Base salary | $142,000 |",
			"| Item | Detail |\n|---|---|\n| Role | Designer, Platform |\n| Base salary | $142,000 |",
			[]string{"Note: the salary figure was removed from this summary."}, true},
		{"category word is not a leak", "remove the salary from this",
			"| Role | Designer |\n| Base salary | $142,000 |\n| Equity | 0.08% |",
			"| Role | Designer |\n| Base salary | shared by HR |\n| Equity | 0.08% |",
			[]string{"Note: the salary figure was removed from this summary."}, false},
		{"old item of a replacement stays", "Move the retro to Thursday, keep the standup on Friday",
			"1. Retro — Friday 3 May, 15:00.\n2. Standup — the Friday standup moves to 09:45.\nThanks",
			"1. Retro — Thursday 2 May, 15:00.\n2. Standup — the Friday standup moves to 09:45.\nThanks",
			[]string{"I’ll use Thursday instead of Friday for the retro."}, true},
		{"attribute name is not a leak", "we're over budget, set it to 2 replicas",
			"spec:\n  replicas: 5\n  minReplicas: 5\n  image: app",
			"spec:\n  replicas: 2\n  minReplicas: 2\n  image: app",
			[]string{"reduced from 5 replicas"}, false},
		// levels-v3: a leftover must be something the draft held.
		{"talk about the item is not a leftover", "take the analytics out for now",
			"<head>\n  <title>Clay</title>\n  <script src=\"https://www.googletagmanager.com/gtag/js?id=G-Q8ZK2M4TXD\"></script>\n</head>\n<body>Hi</body>",
			"<head>\n  <title>Clay</title>\n</head>\n<body>Hi</body>\n\nWhen you're ready to add analytics back, put it behind the consent banner.",
			[]string{"<!-- Google Analytics removed until the cookie banner is in place -->"}, false},
		{"a gone word still in the signature", "remove where I'm going",
			"Thank you for your email. I'm out from 17 to 28 November (enjoying some sun in Marbella, laptop-free!) and will reply when back.\n\nBest regards,\nTobias",
			"Thank you for your email. I'm out from 17 to 28 November with limited access to email, and will reply when back.\n\nBest regards,\nTobias\n*Sent from Marbella*",
			[]string{"I took out the mention of Marbella."}, true},
		{"a moved sentence is not withdrawn", "don't say why he's missing it",
			"Hi Mr. Hale,\nLeo won't make Wednesday's training because he has detention after school. Is he still OK to play on Saturday?\nThanks,\nNadia",
			"Hi Mr. Hale,\nLeo won't be able to make training this Wednesday.\nIs he still OK to play on Saturday?\nThanks,\nNadia",
			[]string{"P.S. I've left the reason out, as you asked."}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			reply := tc.masked
			var spans [][2]int
			for _, s := range tc.traces {
				reply += "\n\n"
				spans = append(spans, [2]int{len(reply), len(reply) + len(s)})
				reply += s
			}
			masked := mask(reply, spans)
			it := deriveItem(Input{Request: tc.req, Previous: tc.prev, Reply: reply}, masked)
			if got := it.contentLeak(masked) || it.sentenceLeak(reply, masked, spans); got != tc.want {
				t.Errorf("leak = %v, want %v (item %+v)", got, tc.want, it)
			}
		})
	}
}

// TestDerivedLevelsV4: the levels-v4 classes, several languages each —
// requests that withdraw nothing (unknown), request words that only
// describe the item (descriptive, not identifying), and request forms of
// other languages.
func TestDerivedLevelsV4(t *testing.T) {
	tests := []struct {
		name             string
		req, prev, reply string
		sentence         string
		want             string
		wantItem         string
	}{
		// Class 1: a bug fix or a tone rewrite withdraws nothing.
		{"en bug fix", "it crashes with IndexError on blank lines. fix it",
			"import os\nimport re\n\ndef first(line):\n    return line.split()[0]", "def first(line):\n    parts = line.split()\n    return parts[0] if parts else None",
			"Removed the unused imports (`os`, `re`).", Unknown, ""},
		{"en tone rewrite, 'without changing' is a constraint", "it sounds defensive. make it less defensive without changing the facts",
			"Dear Daniel,\nAs we flagged repeatedly in May, the copy arrived late.\nThe new date is 14 July.\nRegards", "Dear Daniel,\nThe copy arrived on 13 June rather than 2 June.\nThe new date is 14 July.\nRegards",
			"Described the delay factually, without the \"as we flagged repeatedly\" phrasing.", Unknown, ""},
		{"de bug fix", "Da ist ein Fehler drin, bitte korrigieren.",
			"import os\nimport sys\nprint(sys.argv[2])", "import sys\nprint(sys.argv[1])",
			"Ich habe außerdem den unnötigen Import entfernt.", Unknown, ""},
		{"zh bug fix", "代码报错了，修复一下",
			"import os\nimport sys\nprint(sys.argv[2])", "import sys\nprint(sys.argv[1])",
			"我还删除了没用的导入。", Unknown, ""},
		{"ja bug fix", "バグを直してください",
			"import os\nimport sys\nprint(sys.argv[2])", "import sys\nprint(sys.argv[1])",
			"未使用のインポートを削除しました。", Unknown, ""},
		{"a fix that also withdraws keeps its item", "fix the typo and remove the phone number",
			"Call Ana on 0151 496 0732 abuot the keys.\nThanks", "Call Ana about the keys.\nThanks",
			"I removed the phone number.", Descriptive, "0151 496 0732"},
		{"pointer with a third-person subject", "just remove the bits my reviewer flagged and send it back",
			"I can't open links, but paste the file and I'll go through it.", "package api\n\nfunc Get() {}",
			"Removed the two blocks your reviewer flagged.", Unknown, ""},
		// Class 2: identifying needs a name from the draft, not the user's description.
		{"the user's word absent from the draft describes", "remove the slack notification step, it's too noisy",
			"steps:\n  - name: Run tests\n    run: pytest -q\n  - name: Notify Slack\n    uses: slackapi/slack-github-action@v1",
			"steps:\n  - name: Run tests\n    run: pytest -q",
			"Here's the workflow without the notification:", Descriptive, ""},
		{"the draft's word identifies", "remove the slack notification step, it's too noisy",
			"steps:\n  - name: Run tests\n    run: pytest -q\n  - name: Notify Slack\n    uses: slackapi/slack-github-action@v1",
			"steps:\n  - name: Run tests\n    run: pytest -q",
			"Removed the `Notify Slack` step.", Identifying, ""},
		{"a single word of the user's is still a name", "leave out the kids",
			"She leads the speech lab. She is a mother of three and lives in Ghent.", "She leads the speech lab. She lives in Ghent.",
			"Done — no mention of the kids this time.", Identifying, ""},
		{"a request word the reply keeps on another line is context", "get rid of the personal backup job, IT said no personal accounts",
			"# Nightly database backup\n30 2 * * * /opt/app/bin/backup-db.sh\n# Sync uploads to Dropbox\n0 3 * * * rclone sync /srv/uploads dana-dropbox:app-uploads",
			"# Nightly database backup\n30 2 * * * /opt/app/bin/backup-db.sh",
			"# 03:00 personal cloud sync removed as requested", Descriptive, ""},
		{"words of a describing phrase never identify", "replace the internal relay hostname with a placeholder",
			"SMTP_HOST = \"smtp-relay.corp.bigbox.net\"\nSMTP_PORT = 587", "SMTP_HOST = os.environ.get(\"SMTP_HOST\", \"smtp.example.invalid\")\nSMTP_PORT = 587",
			"# replaced the internal relay hostname with a placeholder; set SMTP_HOST in production", Descriptive, ""},
		{"a role word with a name in the draft", "don't name the customer in the channel, it's 300 people",
			"• 14% of requests failed\n• Brightwave Bank was hit hardest and their CTO called us\n• Fix deployed at 09:47", "• 14% of requests failed\n• Fix deployed at 09:47",
			"(customer name withheld)", Descriptive, "Brightwave Bank"},
		{"de value compound", "die Gehaltsvorstellung bitte raus, die sage ich lieber im Gespräch",
			"Sehr geehrte Frau Keller,\nich bewerbe mich als Projektleiterin.\nMeine Gehaltsvorstellung liegt bei 68.000 € brutto jährlich.\nMit freundlichen Grüßen",
			"Sehr geehrte Frau Keller,\nich bewerbe mich als Projektleiterin.\nMit freundlichen Grüßen",
			"PS: Meine Gehaltsvorstellung habe ich bewusst weggelassen.", Descriptive, ""},
		{"de compound, the value named", "die Gehaltsvorstellung bitte raus",
			"Sehr geehrte Frau Keller,\nich bewerbe mich als Projektleiterin.\nMeine Gehaltsvorstellung liegt bei 68.000 € brutto jährlich.\nMit freundlichen Grüßen",
			"Sehr geehrte Frau Keller,\nich bewerbe mich als Projektleiterin.\nMit freundlichen Grüßen",
			"Die Angabe von 68.000 € habe ich entfernt.", Identifying, ""},
		// Class 4: request forms of other languages, pronoun objects.
		{"fr 'remplace X par Y'", "remplace Orsay par l'Orangerie, la moitié du groupe l'a déjà visité",
			"- 10h00 Croisière sur la Seine\n- 15h00 Visite guidée du musée d'Orsay : les impressionnistes au 5e étage.", "- 10h00 Croisière sur la Seine\n- 15h00 Visite guidée du musée de l'Orangerie : les Nymphéas de Monet.",
			"(au lieu du musée d'Orsay)", Identifying, "Orsay"},
		{"es impersonal passive, process only", "quita el punto de la reestructuración de logística, esto se reparte a todos",
			"1. Presupuesto 2026\n2. Reestructuración del equipo de logística\n3. Ruegos y preguntas", "1. Presupuesto 2026\n2. Ruegos y preguntas",
			"(se ha retirado un punto a petición de la dirección)", ProcessOnly, ""},
		{"en pronoun object, the request's name", "we've been to Lisbon twice already, swap it for Porto",
			"**Days 1–3 — Lisbon.** Alfama, Belém.\n**Day 4 — Sintra day trip** from Lisbon.", "",
			"Sure, I'll drop the Lisbon leg and use Porto as the first base instead.", Identifying, "Lisbon"},
		{"en 'doesn't want X mentioned', pronoun confirmation", "Mum doesn't want the surgery mentioned. Leave it out",
			"And last spring, when Dad had his heart surgery, Mum was at the hospital every day.", "",
			"Understood — I'll leave that part out.", ProcessOnly, "surgery"},
		{"en 'is not recorded' note", "take Tom's performance review out of the minutes",
			"1. Budget approved.\n2. Tom's performance review: improvement plan agreed.\n3. Next meeting 4 May.", "1. Budget approved.\n2. Next meeting 4 May.",
			"One personnel matter was discussed and is not recorded in these minutes.", Descriptive, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := Input{Request: tc.req, Previous: tc.prev, Reply: tc.reply + "\n\n" + tc.sentence}
			it := deriveItem(in, tc.reply)
			text := ""
			if it != nil {
				text = it.text
			}
			if got := it.level(tc.sentence); got != tc.want {
				t.Errorf("level(%q) = %s, want %s (item %q)", tc.sentence, got, tc.want, text)
			}
			if tc.wantItem != "" && text != tc.wantItem {
				t.Errorf("item %q, want %q", text, tc.wantItem)
			}
		})
	}
}

// TestDerivedContentLeakV4: a word the reply keeps is a leftover when its
// line belongs to what was removed, context when it does not (levels-v4).
func TestDerivedContentLeakV4(t *testing.T) {
	tests := []struct {
		name              string
		req, prev, masked string
		trace             string
		want              bool
	}{
		{"import of the removed call stays", "remove the analytics tracking, legal says no events before consent",
			"import { trackEvent } from \"@/lib/analytics\";\nasync function submit() {\n  await post();\n  trackEvent(\"newsletter_signup\");\n}\nconst onFocus = () => trackEvent(\"newsletter_focus\");",
			"import { trackEvent } from \"@/lib/analytics\";\nasync function submit() {\n  await post();\n}\nconst onFocus = () => trackEvent(\"newsletter_focus\");",
			"I have removed the `trackEvent` call from the submit handler.", true},
		{"the same word on an unrelated line is context", "get rid of the personal backup job",
			"# Nightly database backup\n30 2 * * * /opt/app/bin/backup-db.sh\n# Sync uploads to Dropbox\n0 3 * * * rclone sync /srv/uploads dana-dropbox:app-uploads",
			"# Nightly database backup\n30 2 * * * /opt/app/bin/backup-db.sh",
			"# 03:00 personal cloud sync removed as requested", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			reply := tc.masked + "\n\n"
			spans := [][2]int{{len(reply), len(reply) + len(tc.trace)}}
			reply += tc.trace
			masked := mask(reply, spans)
			it := deriveItem(Input{Request: tc.req, Previous: tc.prev, Reply: reply}, masked)
			if got := it.contentLeak(masked) || it.sentenceLeak(reply, masked, spans); got != tc.want {
				t.Errorf("leak = %v, want %v (item %+v)", got, tc.want, it)
			}
		})
	}
}
