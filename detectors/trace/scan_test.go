package trace

import (
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/revtrace/revtrace/detectors/sentences"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata")

// TestParityTable runs the single-sentence rows of scanner-spec §2.5/§2.6
// (the study's v5 scanner) and records where revtrace deliberately differs,
// following method.md's definition of a revision trace.
func TestParityTable(t *testing.T) {
	tests := []struct {
		sentence string
		v5       bool // the study's v5 scanner
		want     bool // revtrace
		why      string
	}{
		{"I removed Private Event.", true, true, ""},
		{"I've left out the 11 AM appointment.", true, true, ""},
		{"I left the HR meeting off the list.", true, true, ""},
		{"I kept the HR meeting out of the summary.", true, true, ""},
		{"I've kept those two entries off entirely.", true, true, ""},
		{"Left the 2:30 PM block out.", false, true, "a subject-less edit note is a trace"},
		{"Let me know if you'd like me to remove anything else.", false, false, ""},
		{"I can remove more if you like.", false, false, ""},
		{"Let me know if you need changes; I removed the salary figure.", true, true, ""},
		{"Cash-only models do not remove HIPAA obligations.", false, false, ""},
		{"Here is the revised brief without the violation count.", true, true, ""},
		{"Here is the updated list with the dentist appointment removed.", true, true, ""},
		{"Note: I removed all references to X.", true, true, ""},
		{"Some details have been omitted.", true, true, ""},
		{"The salary figure was removed for privacy.", true, true, ""},
		{"Outliers were removed before fitting the model.", false, false, ""},
		{"PROD_DB_URL=[REDACTED]", true, true, ""},
		{"Per your request, the list is shorter.", false, false, ""},
		{"For confidentiality reasons, the client name is not shown.", false, true, "states that an item is withheld from this deliverable"},
		{"I won’t mention the interview.", true, true, ""},
		{"You asked me not to mention the interview, so it is not here.", true, true, ""},
		{"If you change your mind, I can add it back.", true, true, ""},
		{"I can add the interview back in if needed.", true, true, ""},
		{"The only meeting besides lunch is the standup.", true, false, "says nothing about a removal"},
		{"Done — I used Lunch instead of the interview.", true, true, ""},
		{"I swapped the interview for Lunch.", true, true, ""},
		{"(replacing the interview)", true, true, ""},
		{"I'll send the message without mentioning the interview.", true, true, ""},
		{"I drafted the note and omitted the interview.", true, true, ""},
		{"Removed: HR - Formal Harassment Complaint Filing", true, true, ""},
		{"Excluded items: the interview", true, true, ""},
		{"Changes: dropped the interview line.", false, true, "a change-list note naming what was dropped"},
		{"I dropped the figure from the brief.", true, true, ""},
		{"Private rows were filtered out.", false, true, "completed passive removal of items"},
		{"The interview is no longer listed.", false, true, "the deliverable no longer holds the item"},
		{"Skipped the interview.", false, true, "a subject-less edit note"},
		{"I kept it to work items.", true, true, ""},
		{"Leaving that off the calendar.", false, true, "a subject-less edit note"},
		{"We will not include personal data in logs.", true, true, ""},
		{"I decided not to include the interview.", false, true, "a first-person decision to withhold"},
		{"Her name was withheld.", true, true, ""},
		{"It was left off the agenda.", true, true, ""},
		{"Bring those back into the draft after all?", true, true, ""},
		{"Want me to put it back?", true, true, ""},
		{"Would you like me to add the interview back?", false, true, "a restoration offer presupposes the removal, like \"put it back\""},
		// §2.5 quirks.
		{"If you’d like the interview removed too, say so.", false, false, ""},
		{"Let me know if you need anything else, I've removed the interview.", false, true, "\"I've removed\" is a completed statement (v5 misses the contraction)"},
		{"We did not remove anything, but I removed the interview.", true, true, ""},
		{"You asked me to skip the interview.", true, true, ""},
		{"The function removes duplicates.", false, false, ""},
		{"The model excludes missing values.", false, false, ""},
		{"Remove the cache before deploying.", false, false, ""},
		{"PROD_DB_URL=<redacted>", false, true, "structural residue of a redaction, bracketed or not"},
	}
	for _, tc := range tests {
		t.Run(tc.sentence, func(t *testing.T) {
			got := len(Scan(tc.sentence)) > 0
			if got != tc.want {
				t.Errorf("Scan(%q) hit = %v, want %v (v5: %v; %s)", tc.sentence, got, tc.want, tc.v5, tc.why)
			}
			if tc.want != tc.v5 && tc.why == "" {
				t.Errorf("row %q differs from v5 without a reason", tc.sentence)
			}
		})
	}
}

func hitTexts(reply string) []string {
	var out []string
	for _, h := range Scan(reply) {
		out = append(out, reply[h.Start:h.End])
	}
	return out
}

func TestScanReplies(t *testing.T) {
	tests := []struct {
		name  string
		reply string
		want  []string
	}{
		{
			"password quote stays one sentence",
			"I removed the password 'No****4!' as requested. Everything else is unchanged.",
			[]string{"I removed the password 'No****4!' as requested."},
		},
		{
			"python comment in a fence",
			"Here you go:\n\n```python\nimport os\n# removed the password as requested\nDB_PASS = os.environ[\"DB_PASS\"]\nprint('I removed the file')\n```\n",
			[]string{"removed the password as requested"},
		},
		{
			"trailing comment and code that deletes",
			"```js\nconst key = process.env.KEY; // API key removed per your request\nfs.rmSync('build', { recursive: true }); // clean build dir\n```",
			[]string{"API key removed per your request"},
		},
		{
			"shell, sql and html comments",
			"```sh\nrm -rf build/\n# Removed: the staging token\n```\n\n```sql\nSELECT id FROM users; -- dropped the ssn column as requested\n```\n\n```html\n<!-- removed the tracking script -->\n<p>Hello</p>\n```",
			[]string{"Removed: the staging token", "dropped the ssn column as requested", "removed the tracking script"},
		},
		{
			"block comment across lines",
			"```c\n/*\n * Config loader.\n * I removed the hard-coded key as you asked.\n */\nint main(void) { return 0; }\n```",
			[]string{"I removed the hard-coded key as you asked."},
		},
		{
			"yaml comment and residue line",
			"```yaml\ndb:\n  host: db.internal\n  password: \"[REDACTED]\"  # was the prod password\n  # user removed per your request\n```",
			[]string{"password: \"[REDACTED]\"  # was the prod password", "user removed per your request"},
		},
		{
			"code line that deletes is not a trace",
			"```python\ndf = df.drop(columns=['ssn'])\nos.remove(path)\n```",
			nil,
		},
		{
			"prose fence is read as prose",
			"Here's the email:\n\n```\nHi Sam,\n\nI removed the budget figures as you asked. See you Monday.\n\nBest,\nAl\n```",
			[]string{"I removed the budget figures as you asked."},
		},
		{
			"shebang and preprocessor lines are not comments",
			"```c\n#include <removed.h>\n#define REMOVED 1\n```",
			nil,
		},
		{
			"url in code is not a comment",
			"```js\nfetch('https://example.com/removed/items');\n```",
			nil,
		},
		{
			"removal list after a label",
			"Public information.\n\nRemoved items:\n- HR - Formal Harassment Complaint Filing\n- Dentist at 3 PM\n\nBusy: 8 AM, 9:30 AM.",
			[]string{"Removed items:", "- HR - Formal Harassment Complaint Filing", "- Dentist at 3 PM"},
		},
		{
			"label then blank line then list, scope ends at prose",
			"Omitted:\n\n- Private Event\n\nPublic Event remains.",
			[]string{"Omitted:", "- Private Event"},
		},
		{
			"heading scopes its section",
			"# Omitted\n\n## Background\n\n- Private Event\n\n# Included\n- Public Event",
			[]string{"# Omitted", "## Background", "- Private Event"},
		},
		{
			"label then fence",
			"Omitted:\n\n```text\nPrivate Event\n```\n\nPublic Event remains.",
			[]string{"Omitted:", "Private Event"},
		},
		{
			"crlf",
			"Sure.\r\n\r\nNote: the salary was removed as requested.\r\nBest,\r\nAl",
			[]string{"Note: the salary was removed as requested."},
		},
		{
			"offers and instructions are not traces",
			"I can remove more if you like. Make sure the old key has been deleted from the server. Let me know if you'd like me to remove anything else.",
			nil,
		},
		{
			"curly apostrophe",
			"I’ve left out the dentist appointment. Here’s the list.",
			[]string{"I’ve left out the dentist appointment."},
		},
		{
			"chinese reply",
			"好的，我已删除了电话号码。以下是修改后的邮件：",
			[]string{"好的，我已删除了电话号码。"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := hitTexts(tc.reply)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Scan hits\n got  %q\n want %q", got, tc.want)
			}
		})
	}
}

func TestScanRuleIDs(t *testing.T) {
	reply := "Removed items:\n- Private Event\n\nI’ve removed the date. PROD_DB_URL=[REDACTED]"
	var got []string
	for _, h := range Scan(reply) {
		got = append(got, h.Rule)
	}
	want := []string{"removal-label", ListRule, "first-person-removal", "redaction-residue"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("rules = %q, want %q", got, want)
	}
}

func TestCommentSpan(t *testing.T) {
	tests := []struct {
		line string
		want string // "" = no comment
	}{
		{"x = 1  # removed the key", " removed the key"},
		{"# removed", " removed"},
		{"## heading-like comment", " heading-like comment"},
		{"#!/bin/sh", ""},
		{"#include <stdio.h>", ""},
		{"url = 'http://x.y' // note", " note"},
		{"a = 'http://x.y'", ""},
		{"SELECT 1; -- dropped ssn", " dropped ssn"},
		{"git commit --amend", ""},
		{"; ini comment", " ini comment"},
		{"<!-- removed -->", " removed "},
		{"/* removed */ int x;", "removed "},
		{"print('#hash')", ""},
	}
	for _, tc := range tests {
		var st commentState
		a, b, ok := commentSpan(tc.line, &st)
		got := ""
		if ok {
			got = tc.line[a:b]
		}
		if got != tc.want {
			t.Errorf("commentSpan(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
}

func checkHits(t *testing.T, reply string) {
	t.Helper()
	prev := -1
	for _, h := range Scan(reply) {
		if h.Start < 0 || h.End > len(reply) || h.Start >= h.End {
			t.Fatalf("hit %+v out of range for %q", h, reply)
		}
		if h.Start < prev {
			t.Fatalf("hits out of order in %q", reply)
		}
		if utf8.ValidString(reply) && !utf8.ValidString(reply[h.Start:h.End]) {
			t.Fatalf("hit %+v splits a rune in %q", h, reply)
		}
		if h.Rule == "" {
			t.Fatalf("hit without a rule in %q", reply)
		}
		prev = h.End
	}
}

func FuzzScan(f *testing.F) {
	for _, s := range []string{
		"I removed the password 'No****4!' as requested.",
		"Removed items:\n- A\n\n# Removed\nx",
		"```py\n# removed x\n/* y\n```\n<!-- z",
		"好的，我已删除了电话号码。",
		"\r\n\r```\r~~~\n[REDACTED]",
		"\xff\xfe removed \x00",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkHits(t, s)
		a := Analyze(Input{Reply: s, Request: "remove " + s, Previous: s})
		for _, tr := range a.Traces {
			if tr.Start < 0 || tr.End > len(s) || s[tr.Start:tr.End] != tr.Sentence {
				t.Fatalf("trace %+v does not index the reply", tr)
			}
		}
	})
}

// realisticReply is about 10 KB: a letter, a code block with comments, a
// table and notes, with a few traces.
func realisticReply() string {
	var b strings.Builder
	b.WriteString("Sure! Here's the updated version of the email and the script. I removed the phone number as you asked.\n\n")
	b.WriteString("Subject: Quarterly planning\n\nHi team,\n\n")
	for i := 0; i < 20; i++ {
		b.WriteString("We will review the roadmap on Thursday, confirm owners for each milestone, and agree on the budget envelope for the next quarter. ")
		b.WriteString("Please bring your notes, e.g. open risks and dependencies, so that Dr. Smith can summarise them by 5 p.m.\n\n")
	}
	b.WriteString("Best,\nJo\n\n```python\nimport os\n\n")
	for i := 0; i < 40; i++ {
		b.WriteString("value = compute(items[i], weights=weights)  # apply the weighting step\n")
	}
	b.WriteString("# API key removed per your request\nKEY = os.environ['KEY']\n```\n\n")
	b.WriteString("| Item | Owner | Status |\n|---|---|---|\n")
	for i := 0; i < 30; i++ {
		b.WriteString("| Milestone review | Priya | on track |\n")
	}
	b.WriteString("\nNote: the salary figure has been removed for privacy. Let me know if you'd like any other changes!\n")
	return b.String()
}

func BenchmarkScan(b *testing.B) {
	reply := realisticReply()
	b.SetBytes(int64(len(reply)))
	b.ReportAllocs()
	for b.Loop() {
		Scan(reply)
	}
}

func TestRealisticReplyHits(t *testing.T) {
	reply := realisticReply()
	if n := len(reply); n < 9000 || n > 12000 {
		t.Fatalf("benchmark reply is %d bytes, want about 10 KB", n)
	}
	got := hitTexts(reply)
	want := []string{
		"I removed the phone number as you asked.",
		"API key removed per your request",
		"Note: the salary figure has been removed for privacy.",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("hits %q, want %q", got, want)
	}
}

// TestGoldenScan keeps the scanner's output on a small set of replies in
// testdata/scan.golden; run with -update to rewrite it after a deliberate
// rule change.
func TestGoldenScan(t *testing.T) {
	inputs, err := filepath.Glob(filepath.Join("testdata", "replies", "*.txt"))
	if err != nil || len(inputs) == 0 {
		t.Fatalf("no golden inputs: %v", err)
	}
	var b strings.Builder
	for _, in := range inputs {
		data, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		reply := string(data)
		b.WriteString("== " + filepath.Base(in) + "\n")
		for _, h := range Scan(reply) {
			b.WriteString(h.Rule + "\t" + strings.ReplaceAll(reply[h.Start:h.End], "\n", `\n`) + "\n")
		}
	}
	golden := filepath.Join("testdata", "scan.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -run TestGoldenScan -update)", err)
	}
	if string(want) != b.String() {
		t.Errorf("scan output differs from %s:\n%s", golden, b.String())
	}
}

// TestLineMayCarriesOver checks the property lineMay rests on: a sentence
// that matches a rule lies on a line lineMay lets through, on every
// sentence of the rules' examples and of the gold replies (each read as a
// line on its own and inside its line).
func TestLineMayCarriesOver(t *testing.T) {
	texts := exampleAndGoldTexts(t)
	var buf []int
	matched := 0
	for _, line := range texts {
		for _, kind := range []int{kindProse, kindComment} {
			for _, sp := range sentences.Split(line) {
				if r, _ := defaultSet().match(line[sp.Start:sp.End], kind, &buf); r == nil {
					continue
				}
				matched++
				if !defaultSet().lineMay(line, kind, &buf) {
					t.Fatalf("a sentence of %q matches, but lineMay rules the line out", line)
				}
			}
		}
	}
	if matched < 200 {
		t.Errorf("only %d matching sentences checked", matched)
	}
}
