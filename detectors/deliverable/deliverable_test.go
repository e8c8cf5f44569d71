package deliverable

import (
	"strings"
	"testing"

	"github.com/revtrace/revtrace/detectors/internal/litre"
	"github.com/revtrace/revtrace/detectors/split"
)

func TestClassify(t *testing.T) {
	pyFunc := "```python\ndef total(xs):\n    return sum(xs)\n```"
	tests := []struct {
		name    string
		reply   string
		request string
		want    string
	}{
		// none
		{"no body", "I’ve removed it. Let me know if there’s anything else!", "remove my phone number", None},
		{"blank", "   ", "", None},

		// code
		{"python fence", "Here's the updated function:\n\n" + pyFunc + "\n\nI removed the debug print.", "remove the print statement", Code},
		{"yaml fence", "```yaml\nservices:\n  db:\n    image: postgres:16\n```", "drop the password from the compose file", Code},
		{"json fence", "```json\n{\"name\": \"demo\", \"token\": \"<redacted>\"}\n```\n\nI replaced the token.", "", Code},
		{"sql fence", "Sure:\n\n```sql\nSELECT id, name FROM users;\n```", "", Code},
		{"shell fence", "```bash\nexport PORT=8080\nnpm start\n```", "", Code},
		{"regex fence", "```regex\n^[a-z]+@example\\.com$\n```", "write a regex for our emails", Code},
		{"html fence", "```html\n<p>Hello</p>\n```", "", Code},
		{"unlabelled fence with code", "Here you go:\n\n```\nimport os\n\ndef main():\n    print(os.getcwd())\n\nmain()\n```", "", Code},
		{"unlabelled fence with json", "```\n{\"a\": 1, \"b\": [2, 3]}\n```", "", Code},
		{"several fences, one labelled", "```\nnpm install x\n```\n\nThen:\n\n```js\nconst x = require('x');\n```", "", Code},
		{"unfenced code", "Here's the corrected code:\n\nimport numpy as np\nx = np.array([1, 2, 3])\nprint(x.mean())\n\nThis prints 2.0.", "", Code},
		{"unfenced json", "{\n  \"host\": \"localhost\",\n  \"port\": 5432\n}", "", Code},
		{"unfenced yaml", "server:\n  host: localhost\n  port: 8080\nlogging:\n  level: info", "", Code},
		{"unfenced sql", "SELECT name, email\nFROM customers\nWHERE active = 1\nORDER BY name;", "", Code},
		{"code request with unlabelled snippet", "Use this:\n\n```\nfor i in range(3):\n    total += i\nprint(total)\n```", "fix my python loop", Code},
		{"mermaid diagram", "```mermaid\ngraph TD\n  A --> B\n```", "", Code},

		// message
		{"email with subject", "Sure! Here's the revised email:\n\nSubject: Rescheduling\n\nHi Mark,\n\nCould we move our call to Thursday?\n\nThanks,\nAnna", "remove my phone number", Message},
		{"letter with salutation", "Dear Hiring Manager,\n\nI am excited to apply for the analyst role.\n\nSincerely,\nJane", "", Message},
		{"sign-off only", "Just a reminder that the rent is due Friday.\n\nBest,\nSam", "", Message},
		{"chat greeting line", "Hey Sam, running ten minutes late, save me a seat?", "", Message},
		{"text message by request", "Here's a shorter version:\n\nRunning 10 min late, save me a seat?", "write a text to my boss saying I'm late", Message},
		{"linkedin message by request", "Thanks for connecting! I'd love to hear more about your work on data platforms.", "make the linkedin message friendlier", Message},
		{"reply to a review", "Thank you for your kind review! We're glad you enjoyed the pasta and hope to see you again soon.", "write a reply to this review", Message},
		{"email inside an unlabelled fence", "```\nHi Jane,\n\nSee you at noon.\n\nBest,\nSam\n```", "", Message},
		{"german letter", "Hier ist die überarbeitete Version:\n\nSehr geehrte Frau Müller,\n\nvielen Dank für Ihre Nachricht.\n\nMit freundlichen Grüßen\nJonas Weber", "", Message},
		{"french email by request", "Voici la version révisée :\n\nLa réunion est reportée à jeudi à 10 h.", "réécris ce courriel sans mon numéro", Message},
		{"spanish message by request", "Claro, aquí está:\n\nNos vemos el martes a las diez en la oficina.", "quita mi dirección del mensaje", Message},
		{"chinese letter", "当然！以下是修改后的邮件：\n\n尊敬的王经理：\n\n我下周一可以参加会议。\n\n此致\n敬礼\n李明", "", Message},
		{"chinese request", "好的，以下是修改后的内容：\n\n会议改到周四上午十点。", "把邮件里的电话号码删掉", Message},
		{"code request but a letter", "Dear team,\n\nThe new API key rotation starts Monday.\n\nBest,\nAlex", "update the api announcement email", Message},

		// document
		{"itinerary", "Sure! Here's the updated itinerary:\n\n# Trip to Rome\n\n| Day | Plan |\n|---|---|\n| 1 | Colosseum |\n\nI removed the hotel name.", "remove the hotel", Document},
		{"summary of an email", "Here is the summary:\n\n- The meeting moved to Thursday.\n- The budget is approved.", "summarize this email", Document},
		{"poem", "Roses bloom in morning light,\nSoft winds carry songs of night.", "write a poem without the word love", Document},
		{"story", "Once upon a time, a fox lived at the edge of the forest. Every morning it watched the river rise.", "", Document},
		{"list", "1. Apples\n2. Pears\n3. Plums", "remove bananas from the list", Document},
		{"cv section", "Front Desk Volunteer, Warrior Healing Center\n- Greeted visitors and managed check-ins\n- Answered phone inquiries", "rewrite my experience", Document},
		{"instructions are not code", "1. Go to Settings.\n2. Select Privacy.\n3. Turn off location history.", "", Document},
		{"markdown fence holds a document", "```markdown\n# Report\n\nSales grew 4%.\n```", "", Document},
		{"ascii diagram", "```\n+--------+      +--------+\n| Client | ---> | Server |\n+--------+      +--------+\n```", "", Document},
		// troubleshooting advice has no deliverable (explains); "error message" in the request does not make it a message
		{"error message is not a message", "The import path is wrong. Use the package name instead of the file path, and make sure the module is installed in the active environment.", "I get this error message: ModuleNotFoundError", None},
		// commit messages and PR descriptions are code (signals.go)
		{"commit message", "Fix crash when the config file is missing", "write a commit message for this change", Code},
		{"readme document with code", "# MyTool\n\nMyTool converts CSV to JSON.\n\n## Install\n\n```bash\npip install mytool\n```\n\n## License\n\nMIT", "", Document},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := split.Split(tc.reply)
			if got := Classify(tc.reply, p, tc.request); got != tc.want {
				body := "<nil>"
				if p.Body != nil {
					body = tc.reply[p.Body.Start:p.Body.End]
				}
				t.Errorf("Classify = %s, want %s (mode %s, body %q)", got, tc.want, p.Mode, body)
			}
		})
	}
}

func TestClassifyBadParts(t *testing.T) {
	reply := "Dear Jo,\n\nSee you.\n\nBest,\nAl"
	for _, b := range []split.Span{{Start: -4, End: 9999}, {Start: 50, End: 60}, {Start: 7, End: 3}} {
		got := Classify(reply, split.Parts{Mode: split.ModeProse, Body: &b}, "")
		switch got {
		case Message, Document, Code, None:
		default:
			t.Errorf("Classify with body %v = %q", b, got)
		}
	}
	if got := Classify(reply, split.Parts{Mode: split.ModeProse, Body: &split.Span{Start: 50, End: 60}}, ""); got != None {
		t.Errorf("body past the end: %s, want none", got)
	}
}

func TestCodeShare(t *testing.T) {
	tests := []struct {
		text    string
		atLeast float64
		below   float64
	}{
		{"def f(x):\n    return x + 1", 0.99, 1.01},
		{"const a = 1;\nconsole.log(a);", 0.99, 1.01},
		{"The meeting moved to Thursday at ten.\nPlease bring the slides and the budget.", 0, 0.01},
		{"Go to Settings.\nSelect Privacy.", 0, 0.01},
		{"name: app\nports:\n  - 80\n  - 443", 0.99, 1.01},
	}
	for _, tc := range tests {
		if got := codeShare(tc.text); got < tc.atLeast || got >= tc.below {
			t.Errorf("codeShare(%q) = %.2f, want in [%.2f, %.2f)", tc.text, got, tc.atLeast, tc.below)
		}
	}
}

func TestRequestCues(t *testing.T) {
	tests := []struct {
		request       string
		code, message bool
	}{
		{"remove the password from the script", true, false},
		{"rewrite the email without my phone number", false, true},
		{"write a python function that sends an email", true, true},
		{"I get this error message", false, false},
		{"make it brief", false, false},
		{"schreib den Brief ohne meine Adresse", false, true},
		{"summarize this email in three bullet points", false, false},
		{"把这段代码里的密码删掉", true, false},
		{"", false, false},
		{"Here is my email:\n\nDear Jo, the launch moved.\n\nCan you make it shorter?", false, true},
		{"Look at this text:\n\nPlease reply to my boss about the email from John.\n\nWhat tone does it have?", false, false},
		{"Dear Jo, the launch moved.\n\nrewrite this email without the date", false, true},
	}
	for _, tc := range tests {
		if code, message := requestCues(tc.request); code != tc.code || message != tc.message {
			t.Errorf("requestCues(%q) = code %v, message %v; want %v, %v", tc.request, code, message, tc.code, tc.message)
		}
	}
}

func BenchmarkClassify(b *testing.B) {
	reply := "Here is the draft:\n\nDear team,\n\n" + strings.Repeat("The launch is on track and the budget holds. ", 40) + "\n\nBest,\nAlex\n\nLet me know if you need changes."
	p := split.Split(reply)
	b.SetBytes(int64(len(reply)))
	b.ReportAllocs()
	for b.Loop() {
		Classify(reply, p, "remove the budget figure from the email")
	}
}

// TestContainsAnyAutomata: the automata of codePhrases and messageAnchors
// exist and answer as a strings.Contains of every string does.
func TestContainsAnyAutomata(t *testing.T) {
	for name, c := range map[string]struct {
		lits []string
		d    *litre.DFA
	}{"codePhrases": {codePhrases, codePhrasesDFA}, "messageAnchors": {messageAnchors, messageAnchorsDFA}} {
		if c.d == nil {
			t.Fatalf("%s: no automaton", name)
		}
		texts := []string{"", "x", "please write an email to bob", "a unit test for this", "напиши письмо", "回复他", "shell scrip", "group chat"}
		for _, l := range c.lits {
			texts = append(texts, l, "..."+l+"...", l[:len(l)-1])
		}
		for _, s := range texts {
			if got, want := containsAny(s, c.lits, c.d), containsAny(s, c.lits, nil); got != want {
				t.Errorf("%s: containsAny(%q) = %v with the automaton, %v without", name, s, got, want)
			}
		}
	}
}

// TestExplains: prose replies that explain, advise, apologise or refuse
// have no deliverable; replies that present one, or are one, keep it.
func TestExplains(t *testing.T) {
	tests := []struct {
		name    string
		reply   string
		request string
		want    string
	}{
		// explanations, troubleshooting, refusals: none
		{"troubleshooting after an error report",
			"The message \"port already in use\" usually means another process is listening on 8080. You can check which one with your system's process list, and make sure the old server was stopped before you start the new one. If it keeps happening, try a different port in the settings file.",
			"it still says the port is already in use", None},
		{"apology and correction",
			"I apologize for the confusion. The dates in my last answer were based on a five-day week, so the total was too low. With a six-day week you would finish about four days earlier, because each week adds one more reading day.",
			"but you said 30 days, how is it shorter now", None},
		{"refusal",
			"As an AI language model, I am not able to look up private phone numbers, and sharing them without consent would not be appropriate. I can help you write a message to ask for it instead.",
			"give me her real phone number", None},
		{"persona-tagged apology",
			"[🔒CLASSIC] I'm sorry, but I don't have access to live exchange rates, so the figure I gave may be out of date. You should check a current source before you rely on it.",
			"that price is wrong again", None},
		{"clarifying question back",
			"I'm not sure which section you would like me to expand. Could you tell me which part of the outline you want more detail on?",
			"add more content", None},
		{"advice lead-in presents advice",
			"It looks like the app cannot read from the database. Here are a few things you can check:\n\n1. The database rules allow reads for signed-in users.\n2. The app is initialised before the first query.\n3. The collection name matches the one in the console.",
			"the list is still empty", None},
		{"chinese troubleshooting",
			"很抱歉给你带来麻烦。这个错误可能是因为安装的包名不对，建议你先卸载旧版本，再检查一下环境变量是否正确。",
			"还是报错", None},

		{"one-line command inside troubleshooting",
			"This error usually means the package name is wrong: the project is published as torch, not pytorch, so pip cannot find it. You can check the name on the package index, and make sure your pip is recent. Try:\n\n```bash\npip install torch\n```\n\nIf it still fails, the mirror you use may not carry that version.",
			"it says no matching distribution found", None},

		{"brief answer to a question for information",
			"The setting is under Account, in the menu at the top right of the page once you sign in.",
			"where is the setting for two-factor login?", None},
		{"brief answer to a russian question",
			"Раздел настроек находится в меню профиля в правом верхнем углу страницы после входа.",
			"где находится раздел настроек профиля?", None},
		{"brief answer to a chinese question",
			"这个问题比较主观。一般来说，古典音乐和爵士乐的结构复杂，技术难度高，所以很多人认为这些音乐风格比较高级。",
			"什么音乐风格是高级的？", None},
		{"russian problem report answered with an apology",
			"Прошу прощения за путаницу. Вы можете открыть меню профиля в правом верхнем углу, там есть пункт с настройками аккаунта.",
			"Нет там никакого меню", None},
		{"holding the assistant to what it said",
			"I apologize for the confusion. The earlier figure assumed five reading days a week; with six reading days the total comes down, because each week covers more chapters.",
			"but you said 24 days, how did it get shorter with fewer days", None},

		// deliverables: kept
		{"short rewrite after a suggestion put as a question",
			"Fresh bread every morning, baked with love in the heart of town since 1952.",
			"what about a shorter slogan about the bread?", Document},
		{"verse after a question",
			"Rain on the tin roof\nthe kettle hums its answer\nwe stay in all day",
			"what would a haiku about rain sound like?", Document},
		{"brief reply that does not take up the question",
			"Our family has made bread on this corner for seventy years, and every loaf is still shaped by hand.",
			"how is the new version?", Document},
		{"presented one-line fix",
			"I apologize for the mistake. Here is the corrected line:\n\n```python\ntotal = sum(prices) * (1 + tax_rate)\n```",
			"the total is still wrong", Code},
		{"several lines of code in an explanation",
			"The error means the list is empty when you index it. You can guard the loop:\n\n```python\nif not rows:\n    return []\nfor row in rows:\n    print(row[0])\n```",
			"it still crashes", Code},
		{"apology then a presented timeline",
			"I apologize for the mistake. Here is the corrected timeline:\n\n9:00 - Arrival\n9:30 - Workshop\n12:00 - Lunch\n13:00 - Testing session\n15:30 - Dismissal",
			"the testing session should be two and a half hours", Document},
		{"card addressed to you after a question",
			"To everyone at the clinic,\n\nThank you for the care you gave our father during his stay. You were patient and kind, and you always found time for our questions.\n\nWith gratitude,\nThe Okafor family",
			"Can we leave out the diagnosis? It will be pinned up.", Message},
		{"rewrite that addresses its reader",
			"If you have ever wondered where your weekend went, you are not alone. Our new planner helps you keep track of every hour, so you can spend more of it on what you enjoy.",
			"rewrite the ad copy without the price", Document},
		{"story",
			"The lighthouse keeper climbed the stairs at dusk. Below him the harbour filled with boats, and the wind carried the smell of rain.",
			"continue the story but drop the dog", Document},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := split.Split(tc.reply)
			if got := Classify(tc.reply, p, tc.request); got != tc.want {
				t.Errorf("Classify = %s, want %s (mode %s)", got, tc.want, p.Mode)
			}
		})
	}
}

func TestYouDensity(t *testing.T) {
	tests := []struct {
		text     string
		min, max float64
	}{
		{"", 0, 0},
		{"The report covers sales and costs.", 0, 0},
		{"You can check your settings.", 39, 41}, // 2 of 5 words
		{"你可以检查一下", 20, 22},                      // 1 of 7/1.5 words
	}
	for _, tc := range tests {
		if got := youDensity(tc.text); got < tc.min || got > tc.max {
			t.Errorf("youDensity(%q) = %.1f, want %.0f–%.0f", tc.text, got, tc.min, tc.max)
		}
	}
}

// FuzzExplains: explains and its counters take any text and offsets
// without panicking, and the pronoun density is never negative.
func FuzzExplains(f *testing.F) {
	f.Add("I apologize for the confusion. You can check your settings.", 0, "it still fails")
	f.Add("Here is the fix:\n\nYou should restart.", 17, "why?")
	f.Add("[🔒CLASSIC] 很抱歉，你可以检查一下。", 0, "还是报错")
	f.Add("The error means the name is wrong. Try:\n```\npip install torch\n```\n", 0, "it fails")
	f.Fuzz(func(t *testing.T, reply string, s int, request string) {
		if len(reply) == 0 {
			return
		}
		s = (s%len(reply) + len(reply)) % len(reply)
		_ = explains(reply, s, len(reply), request)
		_ = sideSnippet(reply, split.Fences(reply), request)
		if d := youDensity(reply); d < 0 {
			t.Fatalf("youDensity = %v", d)
		}
		if n := adviceCues(reply); n < 0 || n > len(adviceCueList) {
			t.Fatalf("adviceCues = %d", n)
		}
	})
}
