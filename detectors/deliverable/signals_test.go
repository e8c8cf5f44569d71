package deliverable

import (
	"testing"

	"github.com/revtrace/revtrace/detectors/split"
)

// TestSignals holds a positive and a negative example (or more) for each
// body signal of signals.go, run through Classify.
func TestSignals(t *testing.T) {
	tests := []struct {
		signal, name, reply, request, want string
	}{
		// chat and post openings (message)
		{"chat greeting", "group greeting with emoji", "Hi all 👋 the deadlines moved:\n\n- Review: Friday\n- Draft: Monday\n\nShout if that clashes!", "shorter", Message},
		{"chat greeting", "hey team", "Hey team, quick one: the demo moves to 3 pm tomorrow.", "", Message},
		{"chat greeting", "hey with exclamation", "Hey! Just left your keys with Sam since you weren't in. Coffee soon?", "", Message},
		{"chat greeting", "name and dash", "Hi Karen — I'm not feeling well and won't be in today. I'll check email later.", "", Message},
		{"chat greeting", "German group", "Hallo zusammen, das Treffen ist am Donnerstag um 10 Uhr im Raum B.", "", Message},
		{"chat greeting", "Portuguese group", "Bom dia a todos,\n\nA água será cortada na quinta-feira entre as 9h e as 13h.", "", Message},
		{"chat greeting", "Russian vocative", "Коллеги, добрый день!\n\nС 1 по 14 августа я в отпуске.", "", Message},
		{"chat greeting", "Chinese", "王总您好，\n\n我明天家中有事，想请一天假。", "", Message},
		{"chat greeting", "Japanese", "田中部長\n\nお疲れ様です。営業二課の佐藤です。", "", Message},
		{"chat greeting", "Korean customer", "[가게] 고객님, 주문하신 상품의 배송이 2~3일 지연되고 있습니다.", "", Message},
		{"chat greeting", "after a lead-in left in the body", "Kept it short:\n\nHey sis, I can't make lunch on Sunday, sorry!", "", Message},
		{"chat greeting", "not: a word starting with hi", "Hijab argues that the tradition is weak and later than the others in the collection.", "", Document},
		{"chat greeting", "not: a morning routine heading", "Morning routine for busy parents\n\n1. Wake up at 6.\n2. Make breakfast.", "", Document},
		{"chat greeting", "not: a self-introduction", "Hi, I'm [Name], and in everything I do I try to bring empathy to my art. My films tell stories of people at the margins.", "", Document},
		{"subject line", "Russian subject after a lead-in", "Вот письмо:\n\nТема: Отпуск\n\nЯ буду в отпуске с 1 по 14 августа.", "", Message},
		{"subject line", "Japanese subject", "件名：有給休暇のお願い\n\n来週金曜日に有給をいただきたく存じます。", "", Message},
		{"genre opening", "reminder", "Friendly reminder: timesheets are due by 5 pm today.", "", Message},
		{"genre opening", "card", "Happy birthday, Maya! Wishing you a year full of good books and better coffee.", "", Message},
		{"genre opening", "reply to a review", "Thank you for your kind review! We're glad you enjoyed the pasta.", "", Message},
		{"genre opening", "not: a report on thanks", "Thank-you notes were sent to every volunteer in March, and the fund closed in April.", "", Document},
		{"closing", "Japanese closing", "来週の会議の件です。\n資料は金曜日までに共有します。\nよろしくお願いいたします。", "", Message},
		{"hashtags", "post with hashtags", "Three years of evening classes, and today I have my MBA. 🎓\n\nThank you to everyone who helped.\n\n#MBA #Learning", "", Message},
		{"hashtags", "not: a single hashtag", "Our plan for the week\n\n- Monday: #1 priority is the launch.", "", Document},
		{"slack markup", "shortcode", ":rotating_light: **Old VPN goes away on Friday**\n\nInstall the new client now.", "", Message},
		{"weak cues", "announcement emoji and kiss", "🎉 Reunion weekend is ON!\n\n📅 19–21 September\n🏡 The lake house\n\nSee you there x", "", Message},
		{"weak cues", "not: one emoji heading", "🚀 Product roadmap\n\n- Q1: search\n- Q2: offline mode\n- Q3: sharing", "", Document},

		// commit messages and PR descriptions (code)
		{"commit", "conventional commit", "build!: drop Python 3.8 support\n\nThe minimum version is now 3.9.", "", Code},
		{"commit", "imperative subject, body naming code", "```\nRemove unused helpers\n\n- Delete utils/strings.py helpers with no callers\n- Drop resize_v1()\n```", "shorter", Code},
		{"commit", "trailer", "Fix retry race\n\nTwo workers could claim the same job.\n\nFixes: #412\nSigned-off-by: A. Dev <a@example.com>", "", Code},
		{"commit", "request asks for one", "Speed up the import of large files", "write a commit message for this", Code},
		{"commit", "PR headings", "## Add cache\n\n### What\nA Redis cache in front of `GET /products`.\n\n### How to test\n1. `make test`", "", Code},
		{"commit", "not: imperative title of a guide", "Improve your sleep in a week\n\nGo to bed at the same time every night and keep the room cool.", "", Document},
		{"commit", "not: README headings", "# MyTool\n\n## Description\n\nConverts `csv` files.\n\n## Testing\n\nRun the suite.", "", Document},
		{"commit", "not: changelog", "## 2.0.0\n\n### Removed\n- The legacy PDF exporter\n\n### Added\n- CSV export", "", Document},

		// bodies that only answer the user (none)
		{"answer", "advice answering a question", "Not strictly. The second paragraph repeats your results, so you could remove it without losing anything.", "is the second paragraph necessary?", None},
		{"answer", "yes/no about the draft", "No — the draft only has your name and email in the signature.", "did you include my address?", None},
		{"answer", "offer before acting", "I can remove Dylan from Table 6 — should I also move his plus-one? Once you let me know, I'll send the layout.", "remove Dylan", None},
		{"answer", "refusal with an offer", "I'm not able to edit images, so I can't remove the watermark. Want me to add a placeholder to the announcement instead?", "remove the watermark from my photo", None},
		{"answer", "thanks", "You're very welcome! If you'd like, I can also write a short version for the card.", "this is perfect, thank you!!", None},
		{"answer", "clarifying questions after a preface", "Understood. Before I draft it, a couple of quick questions:\n\n1. How long should it be?\n2. Is there a story you'd like me to use?", "write the speech", None},
		{"answer", "not: a privacy notice", "We use your email address only to send the newsletter. You can unsubscribe at any time, and ask us to delete your data.", "make it three sentences", Document},
		{"answer", "not: a list of rephrased questions", "1. Were you really that mesmerized?\n2. Did the sight of me leave you speechless?\n3. Has my swimsuit captivated you?", "improve the sentence, 5 options", Document},
		{"answer", "not: a text that ends with a question", "Running 10 minutes late, can you save me a seat?", "write a text to my boss", Message},
	}
	for _, tc := range tests {
		t.Run(tc.signal+"/"+tc.name, func(t *testing.T) {
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

// TestRequestCuesV2 covers the request cues added in v2.
func TestRequestCuesV2(t *testing.T) {
	tests := []struct {
		request string
		message bool
	}{
		{"write a LinkedIn post about my MBA", true},
		{"a message for the neighbourhood Facebook group", true},
		{"write a tweet about the launch", true},
		{"text my landlord about the boiler", true},
		{"write an announcement for the team channel", true},
		{"8-letter word without the letters “a” and “t”", false},
		{"create a survey intro text for our staff", false},
	}
	for _, tc := range tests {
		if _, message := requestCues(tc.request); message != tc.message {
			t.Errorf("requestCues(%q): message %v, want %v", tc.request, message, tc.message)
		}
	}
}

// TestClassifyTask checks that the first user turn counts only when the
// request says nothing about the deliverable.
func TestClassifyTask(t *testing.T) {
	reply := "Here's the shorter version:\n\nThe boiler stopped on Monday. I'm home all week if an engineer can come."
	p := split.Split(reply)
	if got := ClassifyTask(reply, p, "shorter please", "Write a text to my landlord about the broken boiler."); got != Message {
		t.Errorf("task cue: %s, want message", got)
	}
	if got := ClassifyTask(reply, p, "now summarize it as a table", "Write a text to my landlord about the broken boiler."); got != Document {
		t.Errorf("transform request: %s, want document", got)
	}
	if got := Classify(reply, p, "shorter please"); got != Document {
		t.Errorf("no task: %s, want document", got)
	}
}
