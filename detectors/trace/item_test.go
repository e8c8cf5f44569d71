package trace

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestRequestItem(t *testing.T) {
	tests := []struct{ req, want string }{
		{"remove the password", "password"},
		{"Please remove the password 'No****4!' from the email.", "No****4!"},
		{"don't mention my phone number 555-1234", "phone number 555-1234"},
		{"take out the part about Bob", "Bob"},
		{"take the salary out", "salary"},
		{"replace Monday with Thursday", "Monday"},
		{"use Thursday instead of Monday please", "Monday"},
		{"can you swap \"Drug Test Kit\" for something generic?", "Drug Test Kit"},
		{"Remove any mention of the lawsuit.", "lawsuit"},
		{"write it without the diagnosis", "diagnosis"},
		{"actually take the phone number out, I don't want him calling me", "phone number"},
		{"remove it", ""},
		{"remove all who are not related to histology", ""},
		{"please revise the whole code, as i requested, don't use '$' anywhere", "$"},
		{"I got this error:\n  File \"x.py\", line 3, in <module>\n    skip_rows(data)\nNameError: name is not defined", ""},
		{"make it shorter", ""},
		{"remove that part please", ""},
		{"删除电话号码", "电话号码"},
		{"Entferne bitte die Telefonnummer.", "Telefonnummer"},
		{"Bitte nimm die Handynummer wieder raus.", "Handynummer"},
		// levels-v4
		{"die Gehaltsvorstellung bitte raus, die sage ich lieber im Gespräch", "Gehaltsvorstellung"},
		{"die Gehaltsanpassungen müssen raus, das Protokoll geht an alle", "Gehaltsanpassungen"},
		{"remplace Orsay par l'Orangerie", "Orsay"},
		{"reemplaza el hotel Miramar por uno más céntrico", "hotel Miramar"},
		{"remove the hard-coded bucket name (read it from an env var)", "hard-coded bucket name"},
		{"make it less defensive without changing the facts", ""},
		{"take off my date of birth and marital status", "date of birth"},
		{"Mum doesn't want the surgery mentioned. Leave it out", "surgery"},
		{"get the npm token out of the Dockerfile", "npm token"},
		{"don't include the thing about Mr. Brennan. It might upset them.", "Mr. Brennan"},
		{"instead of naming it just say something general", ""},
		{"skip the Sachertorte thing, I'm allergic", "Sachertorte"},
		{"quita el nombre de la recepcionista", "nombre de la recepcionista"},
		// levels-v5: a lone symbol is an item; "avoid", "stop using",
		// "never use", "X should not appear", "I'd like it not to have X"
		{"no no, please never use $ anywhere in your answer", "$"},
		{"can you please avoid $ in all your wordings", "$"},
		{"Much better. Keep going and avoid duplicates", "duplicates"},
		{"give me bars and stop using with and the", "with and the"},
		{"The salary should not appear in the letter.", "salary"},
		{"For now I would like it not to have a plot graph yet.", "plot graph"},
		{"sorry, please replace all '$' in your response with '++'.", "$"},
		{"For some reason this test gives YES instead of NO", "NO"},
		// and what is not a request to withdraw
		{"reformat it by adding # to all lines, to avoid the display issue", ""},
		{"i do not have a bashrc file in my codespace", ""},
		{"once again you pass the instance to the constructor. avoid doing it", ""},
		{"", ""},
	}
	for _, tc := range tests {
		if got := requestItem(tc.req); got != tc.want {
			t.Errorf("requestItem(%q) = %q, want %q", tc.req, got, tc.want)
		}
	}
}

// TestLevels follows scanner-spec §3.8: the level of one trace sentence
// given what is known about the withdrawn item.
func TestLevels(t *testing.T) {
	tests := []struct {
		name     string
		in       Input
		sentence string
		want     string
	}{
		{"alias named", Input{Aliases: []string{"No****4!"}}, "I removed the password 'No****4!' as requested.", Identifying},
		{"category only, request noun", Input{Request: "remove the password"}, "I removed the password as requested.", Descriptive},
		{"process only", Input{Request: "remove the password"}, "I removed that one.", ProcessOnly},
		{"no item", Input{Request: "make it better"}, "I removed that one.", Unknown},
		{"distinctive token", Input{Aliases: []string{"formal harassment complaint filing"}}, "I removed the harassment complaint entry.", Identifying},
		{"alias whole", Input{Aliases: []string{"Final Round Interview at Competitor Corp"}}, "I removed Final Round Interview at Competitor Corp.", Identifying},
		{"category of the alias", Input{Aliases: []string{"alex.moreau@example.com"}}, "I removed the email address from the recipients.", Descriptive},
		{"phone value from previous", Input{
			Request:  "actually take the phone number out",
			Previous: "Dear Mr. Castellano, ... you can reach me on (415) 555-0142.",
			Reply:    "Dear Mr. Castellano, ...",
		}, "Sure — I removed the phone number.", Descriptive},
		{"phone value named", Input{
			Request:  "actually take the phone number out",
			Previous: "you can reach me on (415) 555-0142.",
			Reply:    "ok",
		}, "I removed (415) 555-0142.", Identifying},
		{"short name", Input{Request: "take out the part about Bob"}, "P.S. I left out the details about Bob as you asked.", Identifying},
		// not identifying; "the Bobcat paragraph" still says what was removed
		{"name not matched inside a word", Input{Request: "take out the part about Bob"}, "I removed the Bobcat paragraph.", Descriptive},
		{"medical category", Input{Request: "remove the bit about my therapy sessions"}, "I removed the medical detail.", Descriptive},
		{"whitespace-flexible", Input{Aliases: []string{"Drug Test Kit"}}, "(replacing Drug\nTest  Kit)", Identifying},
		{"curly apostrophe", Input{Aliases: []string{"Marisol's new job"}}, "I've taken out the part about Marisol’s new job.", Identifying},
		{"cjk", Input{Aliases: []string{"电话号码"}}, "好的，我已删除了电话号码。", Identifying},
		{"lone symbol named", Input{Request: "never use $ anywhere in your answer"}, "Here is the code without the `$` operator:", Identifying},
		{"pronoun object, the thing named the sentence before", Input{
			Request:  "I'm not sure if your code has elitism. Could you remove it?",
			Previous: "def evolve(pop):\n    elite = best(pop)  # elitism keeps the best\n    return elite + breed(pop)",
			Reply:    "def evolve(pop):\n    return breed(pop)",
		}, "I removed the elitism from the code.", Identifying},
		{"password from previous draft", Input{
			Request:  "remove the wifi password",
			Previous: "The Wi-Fi password is No****4!. Enjoy your stay.",
			Reply:    "Enjoy your stay.",
		}, "I removed the password 'No****4!'.", Identifying},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			it := deriveItem(tc.in, tc.in.Reply)
			if got := it.level(tc.sentence); got != tc.want {
				text := ""
				if it != nil {
					text = it.text
				}
				t.Errorf("level(%q) with item %q = %s, want %s", tc.sentence, text, got, tc.want)
			}
		})
	}
}

func TestDeriveItemFromPrevious(t *testing.T) {
	tests := []struct {
		name          string
		prev, reply   string
		request       string
		want          string
		identifyingIn string // a sentence that must be identifying
	}{
		{
			name:          "one line gone",
			prev:          "- Monday: QA\n- Tuesday: emails\n- Thursday: Priya is out on parental leave\n- Friday: retro",
			reply:         "- Monday: QA\n- Tuesday: emails\n- Thursday: support rota as usual\n- Friday: retro",
			request:       "remove that please",
			want:          "Thursday: Priya is out on parental leave",
			identifyingIn: "I removed the note about Priya.",
		},
		{
			name:          "email value gone",
			prev:          "To: team@example.com, alex.moreau@example.com\nHi all, the offsite is on Friday.",
			reply:         "To: team@example.com\nHi all, the offsite is on Friday.",
			request:       "drop him",
			want:          "alex.moreau@example.com",
			identifyingIn: "Done — I removed alex.moreau@example.com from the recipients.",
		},
		{
			name:          "email requested by category",
			prev:          "To: team@example.com, alex.moreau@example.com\nHi all.",
			reply:         "To: team@example.com\nHi all.",
			request:       "remove the second email address",
			want:          "alex.moreau@example.com",
			identifyingIn: "Done — I removed alex.moreau@example.com.",
		},
		{
			name:    "rewrite is not a clean withdrawal",
			prev:    "Line one here.\nLine two here.\nLine three here.",
			reply:   "Something else entirely.\nAnd more.",
			request: "make it better",
			want:    "",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			it := deriveItem(Input{Reply: tc.reply, Request: tc.request, Previous: tc.prev}, tc.reply)
			got := ""
			if it != nil {
				got = it.text
			}
			if got != tc.want {
				t.Fatalf("item = %q, want %q", got, tc.want)
			}
			if tc.identifyingIn != "" && it.level(tc.identifyingIn) != Identifying {
				t.Errorf("level(%q) = %s, want identifying", tc.identifyingIn, it.level(tc.identifyingIn))
			}
		})
	}
}

func TestContentLeak(t *testing.T) {
	it := deriveItem(Input{Aliases: []string{"No****4!"}}, "")
	reply := "The Wi-Fi password is No****4!.\n\nI removed the password 'No****4!' as requested."
	trace := [2]int{33, len(reply)}
	if !it.contentLeak(mask(reply, [][2]int{trace})) {
		t.Error("item in the body not reported as content")
	}
	if it.contentLeak(mask(reply[33:], [][2]int{{0, len(reply) - 33}})) {
		t.Error("item only inside the trace reported as content")
	}
	generic := deriveItem(Input{Request: "remove the password"}, "")
	if generic.contentLeak("Enter your password to log in.") {
		t.Error("a generic item name counted as content")
	}
}

func TestCategoriesOf(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"my phone number", []string{"phone"}},
		{"alex@example.com", []string{"email"}},
		{"$85,000", []string{"money"}},
		{"the salary figure", []string{"money"}},
		{"https://example.com/x", []string{"link"}},
		{"Bobcat", nil},
	}
	for _, tc := range tests {
		if got := categoriesOf(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("categoriesOf(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// TestSingleQuotedAgrees: singleQuoted finds what quotedRE[0] finds, on
// hand-made edge cases and on random texts over the bytes that matter.
func TestSingleQuotedAgrees(t *testing.T) {
	cases := []string{
		"", "'", "''", "'a'", " 'a' ", "x'a'", "it's 'fine' now", "don't 'x", "'ab'c 'd'.",
		"(['q']", "a\n'b\nc' 'd'", "say 'héllo wörld'!", "'" + strings.Repeat("é", 80) + "'", "'" + strings.Repeat("é", 81) + "'",
		"'" + strings.Repeat("a", 80) + "' ", "'" + strings.Repeat("a", 81) + "' ", "'\xff'", ":'a'\t", "''a'", "'a''b'",
	}
	r := rand.New(rand.NewPCG(11, 12))
	alpha := []string{"'", "a", " ", "\n", ".", "(", "x", "é", "\t", ",", ")", "'s", "\xff"}
	for range 20000 {
		var b strings.Builder
		for range r.IntN(30) {
			b.WriteString(alpha[r.IntN(len(alpha))])
		}
		cases = append(cases, b.String())
	}
	for _, s := range cases {
		got, want := singleQuoted(s), quotedRE[0].FindStringSubmatchIndex(s)
		if !slices.Equal(got, want) {
			t.Fatalf("singleQuoted(%q) = %v, regexp %v", s, got, want)
		}
	}
}

// FuzzSingleQuoted: singleQuoted agrees with quotedRE[0] on any text.
func FuzzSingleQuoted(f *testing.F) {
	for _, s := range []string{"say 'hi' now", "it's 'x", "('a')", "'" + strings.Repeat("é", 80) + "'."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := singleQuoted(s), quotedRE[0].FindStringSubmatchIndex(s); !slices.Equal(got, want) {
			t.Fatalf("singleQuoted(%q) = %v, regexp %v", s, got, want)
		}
	})
}

// TestQuickRegexpGates: codeLine equals codeLineRE, and tracebackStart
// holds wherever tracebackRE matches, on edge cases and random lines.
func TestQuickRegexpGates(t *testing.T) {
	cases := []string{"", " ", "x = 1", "f(x)", "f(x)  \t", "f(x) y", "  def f", "define", "for_each", "format", "if", "if(",
		"  // c", "/* c", "# h", "-- sql", "<div>", "<1", "<", "#include <x>", "sudo apt", "cdrom", "  git", "gitx",
		"  -> x", "12  y", "12 y", "File \"a\"", "Traceback (most", "Tracebacks", "at a.b(", "^^^", "^^ x", ">>> 1", "$ ls", "$x",
		"\tTraceback", "\xff(", "é)"}
	r := rand.New(rand.NewPCG(21, 22))
	alpha := []string{" ", "\t", "def", "for", "_", "x", "(", ")", ";", "<", "/", "!", "#", "-", "*", "1", "F", "File", "\"",
		"Traceback", "at", ".", "^", ">", "$", "é", "\n", "git", "A"}
	for range 30000 {
		var b strings.Builder
		for range r.IntN(8) {
			b.WriteString(alpha[r.IntN(len(alpha))])
		}
		cases = append(cases, b.String())
	}
	for _, s := range cases {
		if got, want := codeLine(s), codeLineRE.MatchString(s); got != want {
			t.Fatalf("codeLine(%q) = %v, codeLineRE %v", s, got, want)
		}
		if tracebackRE.MatchString(s) && !tracebackStart(s) {
			t.Fatalf("tracebackStart(%q) = false, but tracebackRE matches", s)
		}
	}
}

// FuzzQuickRegexpGates: the same on any line.
func FuzzQuickRegexpGates(f *testing.F) {
	for _, s := range []string{"def f(x):", "  at a.b(c)", "x;", "12  y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := codeLine(s), codeLineRE.MatchString(s); got != want {
			t.Fatalf("codeLine(%q) = %v, codeLineRE %v", s, got, want)
		}
		if tracebackRE.MatchString(s) && !tracebackStart(s) {
			t.Fatalf("tracebackStart(%q) = false, but tracebackRE matches", s)
		}
	})
}
