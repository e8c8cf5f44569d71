package trace

import (
	"math/rand/v2"
	"regexp/syntax"
	"strings"
	"testing"

	"github.com/revtrace/revtrace/detectors/internal/litre/litretest"
)

// TestContextRules checks the reply-level judgement of rule hits: carried-
// over sentences, the deliverable's own voice, dialogue, release notes and
// residue found against the previous draft.
func TestContextRules(t *testing.T) {
	email := func(middle string) string {
		return "Here's the updated email:\n\nSubject: Your subscription\n\nHi Dana,\n\nThanks for getting in touch. " +
			middle + " Your account itself stays active, and you can still log in as usual.\n\n" +
			"If anything else comes up, just reply to this email.\n\nBest regards,\nSam\nCustomer Care\n\n" +
			"Let me know if you want a shorter version."
	}
	cases := []struct {
		name     string
		in       Input
		want     []string // trace sentences, in order
		wantRule string   // rule of the first trace, when set
	}{
		{
			name: "the sender's own removal inside an e-mail body is content",
			in:   Input{Reply: email("I've removed you from our marketing list, so you won't get promotional emails from us."), Request: "make it warmer"},
		},
		{
			name: "the same statement as a note after the e-mail is a trace",
			in: Input{Reply: "Subject: Plans\n\nHi Dana,\n\nSee you at the offsite on the 12th.\n\nBest,\nSam\n\nI've removed the line about the budget cuts.",
				Request: "take out the budget cuts"},
			want: []string{"I've removed the line about the budget cuts."},
		},
		{
			name: "a note inside a document that names the document is a trace",
			in: Input{Reply: "# Q3 summary\n\nRevenue grew 4% on the quarter, led by the north region.\n\nNote: the salary figures were removed from this summary; HR will send them separately.\n\nHeadcount stayed flat at 212, and attrition fell to 6%.",
				Request: "remove the salary figures"},
			want: []string{"Note: the salary figures were removed from this summary; HR will send them separately."},
		},
		{
			name: "a character's line in a story is not a trace",
			in: Input{Reply: "**The Key**\n\nThe house was quiet when Mara came in. Rain ran down the tall windows of the hall, and somewhere upstairs a clock ticked louder than it should have.\n\n\"I deleted the messages from his phone, like you asked.\" The maid did not look up.\n\nMara turned off the lamp and waited for morning to come.",
				Request: "make it darker"},
		},
		{
			name: "a term the previous draft already had is not a trace",
			in: Input{
				Previous: "# Support SLA\n\nResponse within 4 business hours.\n\nExcluded: weekends and public holidays.",
				Reply:    "Sure, here's a tighter version:\n\n# Support SLA\n\nWe respond within 4 business hours.\n\nExcluded: weekends and public holidays.",
				Request:  "make it tighter"},
		},
		{
			name: "release notes list what the software dropped",
			in: Input{Reply: "Here are the release notes:\n\n## 4.2.0\n\n### Added\n- Dark mode for the editor.\n\n### Removed\n- The legacy PDF exporter.\n- Dropped support for Windows 7.",
				Request: "format it as release notes"},
		},
		{
			name: "a value replaced by a withholding phrase is residue",
			in: Input{
				Previous: "Project brief\n\n**Budget:** $120,000 over two quarters\n**Deadline:** 30 June",
				Reply:    "Here's the brief for the agencies:\n\nProject brief\n\n**Budget:** shared separately with shortlisted agencies.\n**Deadline:** 30 June",
				Request:  "don't put the budget in, it goes to outside agencies"},
			want:     []string{"**Budget:** shared separately with shortlisted agencies."},
			wantRule: ResidueRule,
		},
		{
			name: "a config value replaced by a placeholder is residue",
			in: Input{
				Previous: "```python\nBASE_URL = \"https://api.corp.acme.io/v2\"\nTIMEOUT = 30\n```",
				Reply:    "```python\nBASE_URL = \"https://<internal-host>/v2\"\nTIMEOUT = 30\n```",
				Request:  "hide our internal hostname"},
			want:     []string{`BASE_URL = "https://<internal-host>/v2"`},
			wantRule: ResidueRule,
		},
		{
			name: "a value read from the environment instead is not residue",
			in: Input{
				Previous: "```yaml\nenv:\n  API_KEY: sk_live_51Hq9ZkP2xT\n```",
				Reply:    "```yaml\nenv:\n  API_KEY: ${API_KEY}\n```",
				Request:  "don't hardcode the key"},
		},
		{
			name: "an unchanged value is not residue",
			in: Input{
				Previous: "Phone: available on request\nEmail: dana@example.com",
				Reply:    "Phone: available on request\nEmail: dana@example.com\nOffice: Room 4",
				Request:  "add the office"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := Analyze(c.in)
			var got []string
			for _, tr := range a.Traces {
				got = append(got, tr.Sentence)
			}
			if strings.Join(got, "\x00") != strings.Join(c.want, "\x00") {
				t.Fatalf("traces %q, want %q", got, c.want)
			}
			if c.wantRule != "" && a.Traces[0].Rule != c.wantRule {
				t.Errorf("rule %s, want %s", a.Traces[0].Rule, c.wantRule)
			}
		})
	}
}

// TestResidueValue covers the value comparison on its own.
func TestResidueValue(t *testing.T) {
	cases := []struct {
		was, now string
		want     bool
	}{
		{"hunter2", `"********"`, true},
		{"$120,000", "shared separately", true},
		{"Halvorsen Foods", "[client name]", true},
		{"4821-7730", "auf Anfrage", true},
		{"sk_live_1", "${STRIPE_KEY}", false},
		{"$120,000", "$95,000", false},
		{"[TBD]", "[TBD]", false},
		{"available on request", "on request", false},
		{"---", "[removed]", false},
		{"SecretStr", "<your-password>", false},
		{"str", "[redacted value]", false},
		// a template's placeholder replaced by another one
		{"ACCESS_KEY", "<Your-Access-Key>", false},
		{`"YOUR_API_KEY",`, `"<your api key>"`, false},
		{"your-password", "********", false},
		{"YourSecretKey", "[secret key]", false},
		{"password_here", "[redacted]", false},
		{"changeme", "<password>", false},
		// but not the user's data in capitals or with digits
		{"AKIAIOSFODNN7EXAMPLE", "<your-access-key>", true},
		{"HALVORSEN", "[client name]", true},
		{"Mystic Falls", "[town name]", true},
		{"Yourdon Inc", "[client name]", true},
	}
	for _, c := range cases {
		if got := residueValue(c.was, c.now); got != c.want {
			t.Errorf("residueValue(%q, %q) = %v, want %v", c.was, c.now, got, c.want)
		}
	}
}

// TestResiduePlaceholders: placeholders count, code syntax does not.
func TestResiduePlaceholders(t *testing.T) {
	for _, c := range []struct {
		now  string
		want bool
	}{
		{`"https://<internal-host>/v2"`, true},
		{"[client name]", true},
		{"<your_api_key>", true},
		{`os.environ["OSS_ACCESS_KEY_ID"]`, false},
		{"set[T] = set()", false},
		{"List<String>", false},
		{"<br>", false},
	} {
		if got := residueValue("real value 42", c.now); got != c.want {
			t.Errorf("residueValue(_, %q) = %v, want %v", c.now, got, c.want)
		}
	}
}

// TestParseLabelled holds parseLabelled to labelledLineRE: the same match
// and groups on lines sampled from the expression (with noise around
// them), on random lines of the characters that matter, and on every line
// of the gold replies and drafts.
func TestParseLabelled(t *testing.T) {
	check := func(l string) {
		t.Helper()
		m := labelledLineRE.FindStringSubmatch(l)
		label, value, ok := parseLabelled(l)
		switch {
		case (m != nil) != ok:
			t.Fatalf("parseLabelled(%q) ok = %v, the expression matches: %v", l, ok, m != nil)
		case ok && (m[1] != label || m[2] != value):
			t.Fatalf("parseLabelled(%q) = %q, %q; the expression gives %q, %q", l, label, value, m[1], m[2])
		}
	}
	for _, l := range []string{
		"Password: hunter2", "- **Phone:** 555-0100", "  * Name = Bob", "• 电话：123", "**Address**: 1 Main St",
		"\"Key\": value", "- a: b", "*Key*: v", "-Key: v", "**: x", "x := 1", "Key: a,,", "Key: ,", "Key: **",
		"Key:** x**", "Key'x: v", "Key__x: v", "Key__: v", "Key : v ,  ", "Key: a\nb", "Key: a\n", "\t\f Key:\r",
		"- - Key: v", "** Name: x", "Ключ: значение", "Clé (prod) / test.v2: x", strings.Repeat("a", 41) + ": v",
		strings.Repeat("a", 42) + ": v", "Key: \xff", "\xffKey: v", "K\xffey: v", "Ｋey: v", "Key\u00a0: v",
	} {
		check(l)
	}
	r := rand.New(rand.NewPCG(5, 6))
	tree, err := syntax.Parse(labelledLineRE.String(), syntax.Perl)
	if err != nil {
		t.Fatal(err)
	}
	noise := []string{"", " ", ",", " ,", "\n", "**", "__", "'", ":", "\xff", "é", "x"}
	for range 3000 {
		check(litretest.SampleText(r, tree, noise))
	}
	const alphabet = " \t-*+•_\"'`:=：,.()/aZé1\n\r"
	chars := []rune(alphabet)
	for range 3000 {
		var b strings.Builder
		for n := r.IntN(30); n > 0; n-- {
			b.WriteRune(chars[r.IntN(len(chars))])
		}
		check(b.String())
	}
	// every line of every reply and message of the gold sets
	lines := 0
	for _, text := range goldReplyTexts(t, true) {
		for _, l := range strings.Split(text, "\n") {
			check(l)
			lines++
		}
	}
	if lines < 5000 {
		t.Errorf("only %d gold lines checked", lines)
	}
}

// FuzzParseLabelled holds parseLabelled to labelledLineRE on any line.
func FuzzParseLabelled(f *testing.F) {
	for _, s := range []string{"Password: hunter2", "- **Phone:** 555-0100", "• 电话：123", "x := 1", "Key: a\nb", "\n  +\r__`ໄ\t:=\n\t\n, \xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, l string) {
		m := labelledLineRE.FindStringSubmatch(l)
		label, value, ok := parseLabelled(l)
		if (m != nil) != ok || ok && (m[1] != label || m[2] != value) {
			t.Fatalf("parseLabelled(%q) = %q, %q, %v; the expression gives %q", l, label, value, ok, m)
		}
	})
}

// TestResidueScopeOperator: a code line whose first ':' is a scope
// operator (std::cout) is no labelled line, even when the previous draft
// had "std" on a line and the new line prints "was removed".
func TestResidueScopeOperator(t *testing.T) {
	prev := "```cpp\nstd::cout << \"Student \" << id << \" added.\\n\";\n```"
	reply := "Here is the updated function:\n\n```cpp\nvoid Roster::remove(int id) {\n    std::cout << \"Student \" << id << \" was removed.\\n\";\n}\n```"
	a := Analyze(Input{Reply: reply, Previous: prev, Request: "add a remove function"})
	for _, tr := range a.Traces {
		if tr.Rule == ResidueRule {
			t.Errorf("residue hit on a scope operator line: %q", tr.Sentence)
		}
	}
}
