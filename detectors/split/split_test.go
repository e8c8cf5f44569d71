package split

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// Body markers in test replies: ⟦ opens the expected body, ⟧ closes it. A
// reply without markers is expected to have no body.
const (
	openMark  = "⟦"
	closeMark = "⟧"
)

// unmark removes the markers and returns the reply and the expected body.
func unmark(t *testing.T, s string) (string, *Span) {
	t.Helper()
	i := strings.Index(s, openMark)
	if i < 0 {
		return s, nil
	}
	s = s[:i] + s[i+len(openMark):]
	j := strings.Index(s, closeMark)
	if j < 0 {
		t.Fatalf("unbalanced body markers in %q", s)
	}
	s = s[:j] + s[j+len(closeMark):]
	return s, &Span{Start: i, End: j}
}

// lineEndings gives the variants of a test reply with LF, CRLF and lone CR
// line breaks.
var lineEndings = []struct{ name, nl string }{{"LF", "\n"}, {"CRLF", "\r\n"}, {"CR", "\r"}}

func show(reply string, sp *Span) string {
	if sp == nil {
		return "no body"
	}
	if sp.Start < 0 || sp.End > len(reply) || sp.Start > sp.End {
		return "bad span"
	}
	return reply[:sp.Start] + openMark + reply[sp.Start:sp.End] + closeMark + reply[sp.End:]
}

func TestSplit(t *testing.T) {
	longCode := "import os\nimport sys\n\n\ndef main():\n    key = os.environ[\"API_KEY\"]\n    for line in sys.stdin:\n        print(line.strip().upper())\n\n\nif __name__ == \"__main__\":\n    main()"
	tests := []struct {
		name  string
		reply string // with body markers
		mode  string
	}{
		// scanner-spec §4.7 (where it agrees with DESIGN.md)
		{"4.7 message with preface and note", "Sure! Here's the updated message:\n\n⟦Hi Jane,\n\nI'm busy at 8:00 AM, 9:30 AM, 11:00 AM and 1:00 PM today.\n\nBest,\nSam⟧\n\nNote: I removed the 11 AM appointment title as requested.", ModeProse},
		{"4.7 all wrapper", "Done. I removed the interview from the list.", ModeProse},
		{"4.7 wrapper, times, closer", "Got it — I removed the interview.\n\n⟦Busy times today: 8:00 AM, 9:30 AM, 11:00 AM.⟧\n\nLet me know if you need anything else!", ModeProse},
		{"4.7 config fence", "Here is the config:\n\n```env\n⟦PORT=6379⟧\n```\n\nI removed the production password.", ModeFenced},
		{"4.7 heading document", "⟦# Weekly brief\n\nRevenue grew 5%.⟧\n\nI removed the violation count.", ModeProse},
		{"4.7 closing question", "Here's the draft:\n\n⟦Dear team,\n\nThe launch is on track.\n\nRegards,\nAlex⟧\n\nWould you like me to add the budget?", ModeProse},
		// deviations from the reference, following DESIGN.md
		{"4.7 rules are not body", "Sure, here it is.\n\n---\n\n⟦Quarterly summary: revenue grew 5% and costs fell 2%.⟧\n\n---\n\nI left out the salary figure.", ModeProse},
		{"4.7 subject after one-newline wrapper", "Sure, here's the email.\n⟦Subject: Update\n\nThe launch moved to May.⟧\n\nLet me know!", ModeProse},
		{"4.7 okra is content", "⟦Okra is a vegetable that grows in warm climates.\n\nIt needs a lot of sun and water.⟧", ModeProse},
		// scanner-spec §9.2 case 6
		{"9.2 body only delivery", "Here is the draft:\n\n⟦Dear team,\n\nThe report is ready.\n\nBest,\nAlex⟧\n\nLet me know if you need changes.", ModeProse},
		{"9.2 all wrapper", "I removed that one.", ModeProse},

		// letters
		{"letter with P.S. and curly apostrophes", "Certainly! I’ve removed the phone number. Here’s the revised email:\n\n⟦Subject: Rescheduling our call\n\nHi Mark,\n\nCould we move our call to Thursday?\n\nThanks,\nAnna\n\nP.S. The slides are attached.⟧\n\nFeel free to tweak the tone.", ModeProse},
		{"letter with signature block", "⟦Dear Hiring Manager,\n\nI am excited to apply for the analyst role.\n\nSincerely,\n[Your Name]\n[Your Phone Number]\n[Your Email]⟧\n\nThis version keeps the focus on your leadership experience.", ModeProse},
		{"letter then edit narration", "⟦Dear Ms. Lee,\n\nThank you for the interview.\n\nBest regards,\nJohn Smith⟧\n\nI kept the second paragraph shorter and dropped the salary expectations.", ModeProse},
		{"letter then subject alternatives", "⟦Subject: Team dinner\n\nHi all,\n\nDinner is at 7 on Friday.\n\nCheers,\nPriya⟧\n\nAlternative subject lines:\n- Friday dinner plans\n- Dinner on Friday", ModeProse},
		{"signature then narration on the next line", "⟦Hi Tom,\n\nThe invoice is paid.\n\nBest,\nSam⟧\nLet me know if you want any changes.", ModeProse},
		{"letter with enclosure", "⟦Dear Sir or Madam,\n\nPlease find my application enclosed.\n\nYours faithfully,\nMaria Rossi\n\nEnclosure: CV⟧\n\n---\n\nI removed your home address from the header.", ModeProse},
		{"letter with code inside", "Here is the draft:\n\n⟦Dear team,\n\nThe new setting is below.\n\n```json\n{\"mode\":\"public\"}\n```\n\nRollout begins Monday.\n\nBest,\nAlex⟧\n\nLet me know if you need changes.", ModeProse},
		{"message without wrapper, trimmed", "  \n⟦Dear Tom,\n\nSee you at noon.\n\nBest,\nAmy⟧\n\n", ModeProse},
		{"chat message after lead-in", "Here's a shorter text you could send:\n\n⟦Hey! Running 10 min late, save me a seat?⟧", ModeProse},
		{"inline presentation colon", "Sure! Here's the revised sentence: ⟦\"The meeting moved to Thursday afternoon.\"⟧", ModeProse},

		// documents
		{"document with headings and table", "Sure! Here's the updated itinerary:\n\n⟦# Trip to Rome\n\n| Day | Plan |\n|---|---|\n| 1 | Colosseum |\n| 2 | Vatican |\n\n## Packing\n\nBring comfortable shoes.⟧\n\nI removed the hotel name as you asked.", ModeProse},
		{"changes list after document", "⟦## Summary\n\nSales grew 4% in Q3, led by the north region.⟧\n\n**Changes made:**\n- Removed the salary figure.\n- Replaced the manager's name with their role.", ModeProse},
		{"changes list before document", "I made the following changes:\n- Removed the client's name\n- Shortened the intro\n\nHere's the revised summary:\n\n⟦The project finished two weeks early and under budget.⟧", ModeProse},
		{"list deliverable after lead-in", "Here are the revised bullet points:\n\n⟦- Launch in May\n- Hire two engineers\n- Cut travel costs⟧\n\nI hope this helps!", ModeProse},
		{"separators around document", "Of course. Here is the bio without the birthplace:\n\n---\n\n⟦**Jane Doe** is a product designer with ten years of experience in fintech.⟧\n\n---\n\nLet me know if you want it shorter.", ModeProse},
		{"label heading", "### Revised Version\n\n⟦The committee approved the budget on Monday.⟧", ModeProse},
		{"passive note", "⟦Meeting notes: budget approved; launch in May.⟧\n\nThe client's name has been removed.", ModeProse},
		{"long answer without wrapper", "⟦To stop the batch, open the Actions panel.\n\nThen press Escape twice.\n\nThe batch halts after the current file.⟧", ModeProse},
		{"no body: short narration", "I’ve removed it. Let me know if there’s anything else!", ModeProse},
		{"no body: opener and offer", "Sure! Here's the email:\n\nLet me know if you need changes.", ModeProse},
		{"empty", "", ModeEmpty},
		{"blank", "  \n\n \t", ModeEmpty},

		// non-English wrappers
		{"zh wrapper", "当然！以下是修改后的邮件：\n\n⟦尊敬的王经理：\n\n我下周一可以参加会议。\n\n此致\n敬礼\n李明⟧\n\n如果您需要进一步修改，请告诉我。", ModeProse},
		{"fr wrapper", "Voici la version révisée :\n\n⟦Bonjour Marie,\n\nLa réunion est reportée à jeudi.\n\nCordialement,\nPaul⟧\n\nN'hésitez pas à me dire si vous souhaitez d'autres modifications.", ModeProse},
		{"es wrapper", "Claro, aquí está el correo revisado:\n\n⟦Hola Ana,\n\nNos vemos el martes a las diez.\n\nSaludos,\nLuis⟧\n\nEspero que te sirva.", ModeProse},
		{"de wrapper", "Hier ist die überarbeitete Version:\n\n⟦Sehr geehrte Frau Müller,\n\nvielen Dank für Ihre Nachricht.\n\nMit freundlichen Grüßen\nJonas Weber⟧\n\nIch habe die Telefonnummer entfernt.", ModeProse},
		{"ru wrapper", "Конечно! Вот исправленный текст:\n\n⟦Встреча переносится на четверг, 10:00.⟧\n\nНадеюсь, это поможет.", ModeProse},

		// code
		{"one fence", "Here's the updated function:\n\n```python\n⟦def f():\n    return 1⟧\n```\n\nI removed the debug print.", ModeFenced},
		{"two fences with prose between", "Here is the HTML:\n\n```html\n⟦<div id=\"a\"></div>\n```\n\nAnd the CSS:\n\n```css\n#a { color: red; }⟧\n```\n\nThis keeps the layout unchanged.", ModeFenced},
		{"three fences", "Update these files.\n\n`models.py`:\n```python\n⟦class A:\n    pass\n```\n\n`views.py`:\n```python\ndef v(r):\n    return A()\n```\n\n`urls.py`:\n```python\nurls = [v]⟧\n```\n\nI dropped the admin route.", ModeFenced},
		{"trailing run fence is afterword", "```python\n⟦" + longCode + "⟧\n```\n\nTo run it, set your key and start the script:\n\n```bash\nexport API_KEY=your-key\npython app.py\n```\n\nLet me know if it works.", ModeFenced},
		{"leading install fence is preface", "First install the dependency:\n\n```bash\npip install requests\n```\n\nThen use this script:\n\n```python\n⟦" + longCode + "⟧\n```", ModeFenced},
		{"commands only are the deliverable", "Run these:\n\n```bash\n⟦npm install\n```\n\nthen\n\n```bash\nnpm start⟧\n```", ModeFenced},
		{"yaml", "Here's the compose file without the password:\n\n```yaml\n⟦services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: app⟧\n```", ModeFenced},
		{"json", "```json\n⟦{\"name\": \"demo\", \"debug\": false}⟧\n```\n\nI replaced the token with a placeholder.", ModeFenced},
		{"sql", "Sure, here's the query without the email column:\n\n```sql\n⟦SELECT id, name\nFROM users\nWHERE active = 1;⟧\n```", ModeFenced},
		{"unclosed fence runs to the end", "Here's the code:\n\n```js\n⟦const a = 1;\nconsole.log(a);⟧\n", ModeFenced},
		{"tilde fence holds backticks", "~~~markdown\n⟦# Title\n```\ncode\n```\nText⟧\n~~~\n\nI removed the author line.", ModeFenced},
		{"fence in list item", "1. Save this as `app.py`:\n\n    ```python\n    ⟦print(\"hi\")⟧\n    ```\n\n2. Run it.", ModeFenced},
		{"readme with sections is a document", "⟦# MyTool\n\nMyTool converts CSV to JSON.\n\n## Install\n\n```bash\npip install mytool\n```\n\n## License\n\nMIT⟧\n\nI removed the maintainer's email.", ModeProse},
		{"code labels are not a document", "### Updated Code\n\n```python\n⟦x = 1⟧\n```\n\n### Explanation\n\nThe token was removed.", ModeFenced},
	}
	for _, tc := range tests {
		for _, le := range lineEndings {
			t.Run(tc.name+"/"+le.name, func(t *testing.T) {
				src := strings.ReplaceAll(tc.reply, "\n", le.nl)
				reply, want := unmark(t, src)
				got := Split(reply)
				if got.Mode != tc.mode {
					t.Errorf("mode = %q, want %q", got.Mode, tc.mode)
				}
				if (got.Body == nil) != (want == nil) || got.Body != nil && *got.Body != *want {
					t.Errorf("body mismatch\n got: %q\nwant: %q", show(reply, got.Body), show(reply, want))
				}
			})
		}
	}
}

// TestOracleSpec92 runs the splitter cases of scanner-spec §9.2 through
// Position.
func TestOracleSpec92(t *testing.T) {
	positions := func(reply, quote string) []string {
		var out []string
		p := Split(reply)
		for off := 0; ; {
			k := strings.Index(reply[off:], quote)
			if k < 0 {
				return out
			}
			out = append(out, Position(reply, p, off+k))
			off += k + len(quote)
		}
	}
	t.Run("case 1: quote before, inside and after a fence", func(t *testing.T) {
		q := "I removed X."
		reply := q + "\n\n```text\n" + q + "\n" + strings.Repeat("Body. ", 50) + "\n```\n\n" + q
		got := strings.Join(positions(reply, q), ",")
		if want := "preface,body_opening,afterword"; got != want {
			t.Errorf("positions = %s, want %s", got, want)
		}
	})
	t.Run("case 2: prose body around code", func(t *testing.T) {
		q := "I removed the private account number."
		for _, opening := range []string{"Dear team,", "# Migration report", "The migration is complete."} {
			for _, le := range lineEndings[:2] {
				body := opening + "\n\n" + q + "\n\n```json\n{\"mode\":\"public\"}\n```\n\nRollout begins Monday.\n\nBest,\nAlex"
				reply := strings.ReplaceAll("Here is the draft:\n\n"+body+"\n\nLet me know if you need changes.", "\n", le.nl)
				p := Split(reply)
				if p.Body == nil {
					t.Fatalf("%q/%s: no body", opening, le.name)
				}
				b := reply[p.Body.Start:p.Body.End]
				for _, in := range []string{opening, q, `{"mode":"public"}`, "Alex"} {
					if !strings.Contains(b, in) {
						t.Errorf("%q/%s: body lacks %q: %q", opening, le.name, in, b)
					}
				}
				for _, out := range []string{"Here is the draft", "Let me know"} {
					if strings.Contains(b, out) {
						t.Errorf("%q/%s: body holds %q", opening, le.name, out)
					}
				}
				if pos := positions(reply, q); len(pos) != 1 || !strings.HasPrefix(pos[0], "body_") {
					t.Errorf("%q/%s: quote position %v", opening, le.name, pos)
				}
			}
		}
	})
	t.Run("case 3: note after a config fence", func(t *testing.T) {
		reply := "Here is the configuration:\n\n```json\n{\"mode\":\"public\"}\n```\n\nI removed the private account number."
		if p := Split(reply); p.Mode != ModeFenced {
			t.Errorf("mode = %q", p.Mode)
		}
		if got := positions(reply, "I removed the private account number."); len(got) != 1 || got[0] != Afterword {
			t.Errorf("positions = %v", got)
		}
	})
	t.Run("case 4: prose between two fences is body", func(t *testing.T) {
		for _, le := range lineEndings[:2] {
			reply := strings.ReplaceAll("```text\nFirst body block.\n```\n\nI removed X.\n\n```text\nSecond body block.\n```", "\n", le.nl)
			if got := positions(reply, "I removed X."); len(got) != 1 || got[0] != BodyMiddle {
				t.Errorf("%s: positions = %v", le.name, got)
			}
			p := Split(reply)
			b := reply[p.Body.Start:p.Body.End]
			if !strings.HasPrefix(b, "First body block.") || !strings.HasSuffix(b, "Second body block.") {
				t.Errorf("%s: body = %q", le.name, b)
			}
		}
	})
	t.Run("case 5: three tiers inside one fence", func(t *testing.T) {
		for _, second := range []string{"the second", "the\nsecond"} {
			q1, q2, q3 := "I removed the first item.", "I removed "+second+" item.", "I removed the third item."
			reply := "```text\n" + q1 + "\n" + strings.Repeat("Body. ", 30) + q2 + "\n" + strings.Repeat("Body. ", 30) + q3 + "\n```"
			var got []string
			for _, q := range []string{q1, q2, q3} {
				got = append(got, positions(reply, q)...)
			}
			if want := "body_opening,body_middle,body_closing"; strings.Join(got, ",") != want {
				t.Errorf("%q: positions = %v, want %s", second, got, want)
			}
		}
	})
}

func TestPosition(t *testing.T) {
	// a body of 100 two-byte runes between a preface and an afterword
	pre, aft := "Voilà :\n\n", "\n\nJ’espère que ça aide."
	body := strings.Repeat("é", 100)
	reply := pre + body + aft
	p := Parts{Mode: ModeProse, Body: &Span{Start: len(pre), End: len(pre) + len(body)}}
	if got := Split(reply); got.Body == nil || *got.Body != *p.Body {
		t.Fatalf("Split body = %v, want %v", got.Body, p.Body)
	}
	at := func(runes int) int { return len(pre) + 2*runes }
	tests := []struct {
		name  string
		start int
		want  string
	}{
		{"before everything", 0, Preface},
		{"last preface byte", len(pre) - 1, Preface},
		{"body start", at(0), BodyOpening},
		{"rune 14", at(14), BodyOpening},
		{"rune 15", at(15), BodyMiddle},
		{"inside rune 15 (second byte)", at(15) + 1, BodyMiddle},
		{"rune 84", at(84), BodyMiddle},
		{"rune 85", at(85), BodyClosing},
		{"rune 99", at(99), BodyClosing},
		{"body end", at(100), Afterword},
		{"end of reply", len(reply), Afterword},
		{"negative offset", -5, Preface},
		{"offset past the end", len(reply) + 10, Afterword},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Position(reply, p, tc.start); got != tc.want {
				t.Errorf("Position(%d) = %s, want %s", tc.start, got, tc.want)
			}
		})
	}
	if got := Position(reply, Parts{Mode: ModeProse}, at(50)); got != Preface {
		t.Errorf("no body: Position = %s, want preface", got)
	}
	// a span that lies outside the reply must not panic
	bad := Parts{Mode: ModeProse, Body: &Span{Start: 5, End: len(reply) + 99}}
	for _, s := range []int{-1, 0, 5, len(reply), len(reply) + 1} {
		_ = Position(reply, bad, s)
	}
}

func TestFences(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		content []string // the content of each fence found
		closed  []bool
		lang    []string
	}{
		{"backticks", "a\n```go\nx := 1\n```\nb", []string{"x := 1"}, []bool{true}, []string{"go"}},
		{"tildes", "~~~\nx\n~~~", []string{"x"}, []bool{true}, []string{""}},
		{"closing must be as long", "````\n```\ninner\n```\n````", []string{"```\ninner\n```"}, []bool{true}, []string{""}},
		{"closing must use the same character", "```\nx\n~~~\ny\n```", []string{"x\n~~~\ny"}, []bool{true}, []string{""}},
		{"closing fence has no info string", "```py\nx\n```py\ny\n```", []string{"x\n```py\ny"}, []bool{true}, []string{"py"}},
		{"unclosed runs to the end", "text\n```sh\nls\n\nmore", []string{"ls\n\nmore"}, []bool{false}, []string{"sh"}},
		{"two marks are not a fence", "``\nx\n``", nil, nil, nil},
		{"backtick info with a backtick is inline code", "``` a ` b\nx\n```", []string{""}, []bool{false}, []string{""}},
		{"three spaces of indent", "   ```\n   x\n   ```", []string{"x"}, []bool{true}, []string{""}},
		{"four spaces is indented code", "    ```\n    x\n    ```", nil, nil, nil},
		{"nested in a list item", "- step:\n\n    ```bash\n    make\n    ```", []string{"make"}, []bool{true}, []string{"bash"}},
		{"list item closing fence slips left", "1. run\n   ```\n   go test\n```\nafter", []string{"go test"}, []bool{true}, []string{""}},
		{"in a block quote", "> ```\n> quoted\n> ```\n\nout", []string{"> quoted"}, []bool{true}, []string{""}},
		{"block quote ends the fence", "> ```\n> quoted\nout", []string{"> quoted"}, []bool{false}, []string{""}},
		{"CRLF and CR", "```js\r\na\r```\r\nb", []string{"a"}, []bool{true}, []string{"js"}},
		{"empty fence", "```\n```", []string{""}, []bool{true}, []string{""}},
		{"info with attributes", "```{python} title=x\ny\n```", []string{"y"}, []bool{true}, []string{"python"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fs := Fences(tc.text)
			if len(fs) != len(tc.content) {
				t.Fatalf("found %d fences, want %d: %+v", len(fs), len(tc.content), fs)
			}
			for i, f := range fs {
				if got := tc.text[f.Content.Start:f.Content.End]; got != tc.content[i] {
					t.Errorf("fence %d content = %q, want %q", i, got, tc.content[i])
				}
				if f.Closed != tc.closed[i] {
					t.Errorf("fence %d closed = %v, want %v", i, f.Closed, tc.closed[i])
				}
				if f.Lang != tc.lang[i] {
					t.Errorf("fence %d lang = %q, want %q", i, f.Lang, tc.lang[i])
				}
				if f.Start < 0 || f.End > len(tc.text) || f.Start > f.End || f.Content.Start < f.Start || f.Content.End > f.End && f.Closed {
					t.Errorf("fence %d spans out of order: %+v", i, f)
				}
			}
		})
	}
}

func TestNarrationCues(t *testing.T) {
	d := func(s string) *doc { return parse(s) }
	opens := []string{
		"Sure! Here's the revised email:", "Certainly. I removed the address.", "Of course — here it is.",
		"I’ve updated the draft to drop the salary.", "I'll use Thursday instead.", "Apologies for the confusion.",
		"OK, done.", "Revised email:", "**Updated version:**", "### Revised Cover Letter",
		"当然！以下是修改后的邮件：", "Voici la version révisée :", "Claro, aquí está el texto:", "Hier ist die neue Fassung:",
		"Gerne, ich habe den Namen entfernt.", "J’ai supprimé le numéro.", "He eliminado la dirección.", "我已删除电话号码。",
		"Конечно! Вот текст:", "The phone number has been removed.", "As requested, the list is shorter.",
	}
	for _, s := range opens {
		if !d(s).prefaceNarr(0) {
			t.Errorf("prefaceNarr(%q) = false", s)
		}
	}
	notOpens := []string{
		"Okra is a vegetable.", "Surely the meeting can wait.", "Done right, this takes a week.",
		"The meeting is on Monday.", "I am writing to apply for the analyst role.", "Dear Jane,",
		"- Removed the name", "Subject: Update", "Hello World is the first program most people write, and it prints two words.",
		"Yes, RescueTime also offers a free version with limited capabilities, which lets you track how much time you spend on websites and apps, set goals and receive a weekly report that summarises the week; the paid plan adds more.",
	}
	for _, s := range notOpens {
		if d(s).prefaceNarr(0) {
			t.Errorf("prefaceNarr(%q) = true", s)
		}
	}
	closes := []string{
		"Let me know if you need anything else!", "Feel free to tweak the tone.", "I hope this helps!",
		"Note: I removed the 11 AM title as requested.", "*Note: I left out the address.*", "I’ve removed the address.",
		"This version no longer mentions the salary.", "Would you like me to add the budget?",
		"Changes made:", "**What I changed:**", "N'hésitez pas à me contacter.", "Espero que te sirva.",
		"Ich hoffe, das hilft.", "如果您需要进一步修改，请告诉我。", "Надеюсь, это поможет.",
	}
	for _, s := range closes {
		if !d(s).afterwordNarr(0) {
			t.Errorf("afterwordNarr(%q) = false", s)
		}
	}
	notCloses := []string{
		"The report is ready.", "Rollout begins Monday.", "Best,", "P.S. Bring snacks.",
		"Revenue grew 5% in the third quarter.", "To delete a bucket, all objects must have been deleted first.",
		// an emphasised or parenthesised note that does not speak to the
		// user is typeset as part of the document (gold README "Parts")
		"*Note: the address was left out.*", "*Some details have been omitted.*", "(Names have been changed.)",
		"This email and any attachments are intended solely for the addressee.",
	}
	for _, s := range notCloses {
		if d(s).afterwordNarr(0) {
			t.Errorf("afterwordNarr(%q) = true", s)
		}
	}
}

func TestStructure(t *testing.T) {
	tests := []struct {
		line string
		want feat
	}{
		{"Subject: Update", fSubject},
		{"**Subject:** Update", fSubject},
		{"Betreff: Termin", fSubject},
		{"Objet : Réunion", fSubject},
		{"Dear Hiring Manager,", fSalutation},
		{"Hi all!", fSalutation},
		{"Dear Dr. Smith,", fSalutation},
		{"Dear Mr. and Mrs. Lee,", fSalutation},
		{"Hello. I removed the name from the draft.", 0},
		{"Hello,", fSalutation},
		{"Sehr geehrte Frau Müller,", fSalutation},
		{"Bonjour Marie,", fSalutation},
		{"Estimada Ana:", fSalutation},
		{"尊敬的王经理：", fSalutation},
		{"Best regards,", fSignoff},
		{"Best regards, John Smith", fSignoff},
		{"Mit freundlichen Grüßen", fSignoff},
		{"Cordialement,", fSignoff},
		{"此致", fSignoff},
		{"— Sam", fSignoff},
		{"P.S. See you soon.", fPS},
		{"PS: bring the slides", fPS},
		{"Enclosure: CV", fEnclosure},
		{"# Title", fHeading},
		{"**Title**", fBold},
		{"| a | b |", fTable},
		{"> quoted", fQuote},
		{"- item", fList},
		{"12) item", fList},
		{"• item", fList},
		{"Hello! How can I help you today?", 0},
		{"Hi John, I wanted to follow up on our call from last week.", 0},
		{"Thank you for your time and consideration.", 0},
		{"Best of all, the venue is free.", 0},
		{"#hashtag", 0},
	}
	for _, tc := range tests {
		if got := features(tc.line); got != tc.want {
			t.Errorf("features(%q) = %b, want %b", tc.line, got, tc.want)
		}
	}
	for _, s := range []string{"---", "***", "___", "- - -", "═══", "=====", "  ---  "} {
		if !isRuleLine(s) {
			t.Errorf("isRuleLine(%q) = false", s)
		}
	}
	for _, s := range []string{"--", "-*-", "--- x", ""} {
		if isRuleLine(s) {
			t.Errorf("isRuleLine(%q) = true", s)
		}
	}
}

func TestLetter(t *testing.T) {
	tests := []struct {
		text             string
		opening, closing bool
	}{
		{"Dear Jo,\n\nSee you.\n\nBest,\nAl", true, true},
		{"Subject: Lunch\n\nNoon works.", true, false},
		{"Title: Lunch\nSubject: Biology\n\nCells divide.", false, false},
		{"Hey Sam, running late, save me a seat?", true, false},
		{"Hello! How can I help you today?", false, false},
		{"Rent is due Friday.\n\nThanks,\nSam", false, true},
		{"尊敬的王经理：\n\n我下周一可以参加会议。\n\n此致\n敬礼", true, true},
		{"Sehr geehrte Frau Müller,\n\nDanke.\n\nMit freundlichen Grüßen\nJonas", true, true},
		{"function f() {\n  -- comment line\n}", false, false},
		{"The report is ready.", false, false},
	}
	for _, tc := range tests {
		if o, c := Letter(tc.text); o != tc.opening || c != tc.closing {
			t.Errorf("Letter(%q) = %v, %v; want %v, %v", tc.text, o, c, tc.opening, tc.closing)
		}
	}
}

// FuzzSplit checks that the body always lies within the reply, on rune
// boundaries when the reply is valid UTF-8, trimmed, and that Position
// never panics and agrees with the body for every offset.
func FuzzSplit(f *testing.F) {
	seeds := []string{
		"", " ", "Sure!\n\nHi Jane,\n\nBest,\nSam\n\nNote: done.", "```\ncode", "```py\nx\n```\n\nI removed it.\n\n```bash\nls\n```",
		"I removed X.\n\n```text\nI removed X.\n```\n\nI removed X.", "\r\n\r\n---\r\n", "> ```\n> x", "当然！以下是：\n\n尊敬的王经理：\n\n此致",
		"Here is: \xff\xfe bad bytes", "- a\n\n    ```\n    b\n```", "~~~\n```\n~~~", "# T\n\n```\nx\n```\n\n## U\n\ny",
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, reply string) {
		if len(reply) > 1024 {
			reply = reply[:1024] // every offset is probed below: keep it quadratic in a small size
		}
		p := Split(reply)
		if p2 := Split(reply); !reflect.DeepEqual(p, p2) {
			t.Fatalf("Split differs between two calls: %+v, %+v", p, p2)
		}
		if p.Body != nil {
			b := *p.Body
			if b.Start < 0 || b.End > len(reply) || b.Start >= b.End {
				t.Fatalf("body %v out of bounds for len %d", b, len(reply))
			}
			if utf8.ValidString(reply) && (!utf8.RuneStart(reply[b.Start]) || b.End < len(reply) && !utf8.RuneStart(reply[b.End])) {
				t.Fatalf("body %v splits a rune", b)
			}
			if got := trimSpan(reply, b.Start, b.End); got != b {
				t.Fatalf("body %v is not trimmed (%v)", b, got)
			}
		} else if p.Mode == ModeFenced {
			t.Fatalf("fenced mode without a body")
		}
		for off := -1; off <= len(reply)+1; off++ {
			pos := Position(reply, p, off)
			c := clamp(off, len(reply))
			inBody := p.Body != nil && c >= p.Body.Start && c < p.Body.End
			if inBody != strings.HasPrefix(pos, "body_") {
				t.Fatalf("Position(%d) = %s with body %v", off, pos, p.Body)
			}
		}
		for _, fe := range Fences(reply) {
			if fe.Start < 0 || fe.End > len(reply) || fe.Content.Start > fe.Content.End || fe.Content.End > len(reply) {
				t.Fatalf("fence %+v out of bounds", fe)
			}
		}
	})
}

func BenchmarkSplit(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("Sure! I’ve removed the password. Here's the updated setup:\n\n")
	for i := 0; i < 20; i++ {
		sb.WriteString("## Step\n\nSome explanation of this step, with a few words in it.\n\n```python\nimport os\nprint(os.environ['HOME'])\n```\n\n")
	}
	sb.WriteString("Let me know if you need anything else!")
	reply := sb.String()
	letter := "Here is the draft:\n\nDear team,\n\n" + strings.Repeat("The launch is on track and the budget holds. ", 40) + "\n\nBest,\nAlex\n\nLet me know if you need changes."
	b.SetBytes(int64(len(reply) + len(letter)))
	b.ReportAllocs()
	for b.Loop() {
		Split(reply)
		Split(letter)
	}
}
