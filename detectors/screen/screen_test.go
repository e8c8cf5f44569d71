package screen

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestDefaultRulesExamples runs every positive and negative example of the
// embedded rules (gitleaks style: the rules carry their own tests).
func TestDefaultRulesExamples(t *testing.T) {
	s := Default()
	exs := s.Examples()
	if len(exs) < 60 {
		t.Fatalf("only %d examples in the default rules", len(exs))
	}
	langs := map[string]bool{}
	for _, ex := range exs {
		langs[ex.Lang] = true
		t.Run(fmt.Sprintf("%s/%s/line%d", ex.Family, ex.Lang, ex.Line), func(t *testing.T) {
			if err := s.CheckExample(ex); err != nil {
				t.Error(err)
			}
		})
	}
	for _, l := range []string{"en", "zh", "es", "fr", "de", "ru", "pt", "it", "ja"} {
		if !langs[l] {
			t.Errorf("no example in language %s", l)
		}
	}
	if err := s.Verify(); err != nil {
		t.Error(err)
	}
}

// TestDefaultRulesCoverage checks that every family has cues in every
// required language.
func TestDefaultRulesCoverage(t *testing.T) {
	set, err := parse(defaultRules)
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, d := range set.cues {
		for _, l := range strings.Split(d.lang, ",") {
			have[d.family+"/"+l] = true
		}
	}
	for _, f := range families {
		for _, l := range []string{"en", "zh", "es", "fr", "de", "ru", "pt", "it", "ja"} {
			if !have[f+"/"+l] {
				t.Errorf("family %s has no %s cue", f, l)
			}
		}
	}
}

func TestMatch(t *testing.T) {
	tests := []struct {
		turn    string
		keyword string // "" = no match
		family  string
	}{
		{"Please remove the password.", "remov*", Withdraw},
		{"Removing the intro would help", "remov*", Withdraw},
		{"what is your address?", "", ""},
		{"add a prefix to the name", "add", Extend},
		{"the prefix is wrong", "wrong", Correct},
		{"don't mention my salary", "don't mention", Withdraw},
		{"don’t mention my salary", "don't mention", Withdraw},
		{"dont mention my salary", "don't mention", Withdraw},
		{"leave the names out of it", "leave ... out", Withdraw},
		{"leave. The names out", "", ""},
		{"change the date to Friday", "change ... to", Replace},
		{"No, I meant the other file", "i meant", Correct},
		{"noble gases", "", ""},
		{"Remove the intro and use Alice instead of Bob", "remov*", Withdraw}, // family precedence
		{"make it shorter and more formal", "shorter", Reformat},              // longest cue in the family
		{"```\nremove(x)\n```\nthanks", "", ""},
		{"> please remove the intro\n\nthanks", "", ""},
		{"the song \"Remove Me\" is great", "", ""},
		{"use `remove()` here", "", ""},
		{"pyinstaller --add-data src", "", ""},
		{"call list.add(x) there", "", ""},
		{"把密码删掉", "删", Withdraw},
		{"请简短一点", "短一点", Reformat},
		{"这个不错", "", ""},
		{"элиминировать", "", ""},
		{"убери последний абзац", "убери", Withdraw},
		{"Ещё раз", "еще раз", Generic},
		{"entferne bitte die Nummer", "entfern*", Withdraw},
		{"das stattfinden", "", ""},
		{"パスワードを削除してください", "削除", Withdraw},
		{"TypeError: x is not a function", "not a function", Correct},
	}
	s := Default()
	for _, tt := range tests {
		t.Run(tt.turn, func(t *testing.T) {
			m, ok := s.Match(tt.turn)
			if tt.keyword == "" {
				if ok {
					t.Errorf("Match(%q) = %+v, want no match", tt.turn, m)
				}
				return
			}
			if !ok || m.Keyword != tt.keyword || m.Family != tt.family {
				t.Errorf("Match(%q) = %+v, %v; want %q (%s)", tt.turn, m, ok, tt.keyword, tt.family)
			}
		})
	}
}

func TestHitsOffsets(t *testing.T) {
	turn := "OK. Please remove the phone number, and don’t mention the salary."
	_, hits := Default().Hits(turn)
	got := map[string]string{}
	for _, h := range hits {
		got[h.Keyword] = turn[h.Start:h.End]
	}
	want := map[string]string{"remov*": "remov", "don't mention": "don’t mention", "mention": "mention"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("hit %q spans %q, want %q (all: %v)", k, got[k], v, got)
		}
	}
}

func TestProse(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "make it shorter", "make it shorter"},
		{"fence", "fix this:\n```py\nx.remove(1)\n```\nplease", "fix this:\n     \n           \n   \nplease"},
		{"unclosed fence", "see\n```\nremove", "see\n   \n      "},
		{"tilde fence", "a\n~~~\ndrop\n~~~\nb", "a\n   \n    \n   \nb"},
		{"inline code", "call `remove()` now", "call            now"},
		{"quote block", "> remove it\nok", "           \nok"},
		{"double quotes", `rename "old name" please`, `rename "        " please`},
		{"curly quotes", "say “hi there” again", "say “        ” again"},
		{"guillemets", "remplace «bonjour» ici", "remplace «       » ici"},
		{"cjk brackets", "把「密码」删掉", "把「      」删掉"},
		{"single quotes", "don't use 'seen' here", "don't use '    ' here"},
		{"apostrophes only", "don't remove the users' names, it's fine", "don't remove the users' names, it's fine"},
		{"curly apostrophe", "don’t remove it", "don’t remove it"},
		{"quote after cjk", `降重"text here"`, `降重"         "`},
		{"brackets", "[Insert name] here, see [1](http://x)", "[           ] here, see [1](http://x)"},
		{"pasted code", "fix:\ndef f(x):\n    return x;\nprint(f(1));\nthanks", "fix:\n         \n             \n            \nthanks"},
		{"unmatched quote", `a 12" pizza, remove cheese`, `a 12" pizza, remove cheese`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Prose(tt.in)
			if got != tt.want {
				t.Errorf("Prose(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
			if len(got) != len(tt.in) {
				t.Errorf("length changed: %d -> %d", len(tt.in), len(got))
			}
		})
	}
}

// TestProseMaterial: in a turn that is mostly a pasted document only the
// first and last lines count.
func TestProseMaterial(t *testing.T) {
	doc := strings.Repeat("The committee decided to remove the old bylaws and replace them with new rules. ", 20)
	turn := "Summarise this article:\n" + doc + "\nmake it short"
	p := Prose(turn)
	if !strings.HasPrefix(p, "Summarise this article:") || !strings.HasSuffix(p, "make it short") {
		t.Fatalf("instruction lines lost: %q", p)
	}
	if strings.Contains(p, "bylaws") {
		t.Errorf("pasted material kept")
	}
	m, ok := Default().Match(turn)
	if !ok || m.Family == Withdraw || m.Family == Replace {
		t.Errorf("Match = %+v, %v: cue from the pasted material", m, ok)
	}
	// A short turn keeps everything.
	if p := Prose("remove the intro, then " + doc[:200]); strings.TrimSpace(p) == "" || !strings.Contains(p, "bylaws") {
		t.Errorf("short turn blanked: %q", p)
	}
}

func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		"Remove ÉTÉ":  "remove été",
		"ЁЛКА Ещё":    "елка еще",
		"İstanbul":    "İstanbul"[:len("İ")] + "stanbul", // İ lowers to two runes: kept
		"\xffABC\xfe": "\xffabc\xfe",
		"混合Text":      "混合text",
	} {
		if got := Fold(in); got != want || len(got) != len(in) {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLoad(t *testing.T) {
	custom := `# custom rules
[withdraw]
en: scrub | wipe ... out
+ en: scrub the phone number
+ en: wipe the names out
- en: scrubbed clean
[replace]
en: swap
`
	s, err := Load(strings.NewReader(custom))
	if err != nil {
		t.Fatal(err)
	}
	if s.Cues() != 3 {
		t.Errorf("Cues() = %d, want 3", s.Cues())
	}
	if err := s.Verify(); err != nil {
		t.Error(err)
	}
	if _, ok := s.Match("please remove it"); ok {
		t.Error("replacing rules kept a default cue")
	}

	ext, err := Load(strings.NewReader("@extends default\n[generic]\nen: scrub\n[withdraw]\nen: yeet\n+ en: yeet the intro\n"))
	if err != nil {
		t.Fatal(err)
	}
	if ext.Cues() != Default().Cues()+2 {
		t.Errorf("extended Cues() = %d, want %d", ext.Cues(), Default().Cues()+2)
	}
	if m, ok := ext.Match("yeet the intro"); !ok || m.Family != Withdraw {
		t.Errorf("extension cue: %+v %v", m, ok)
	}
	if m, ok := ext.Match("please remove it"); !ok || m.Keyword != "remov*" {
		t.Errorf("default cue lost: %+v %v", m, ok)
	}
	// Redefining a default cue moves it to the new family.
	mv, err := Load(strings.NewReader("@extends default\n[generic]\nen: remov*\n"))
	if err != nil {
		t.Fatal(err)
	}
	if m, _ := mv.Match("remove it"); m.Family != Generic {
		t.Errorf("moved cue: %+v", m)
	}

	bad := map[string]string{
		"unknown family":    "[delete]\nen: x\n",
		"cue outside":       "en: x\n",
		"example outside":   "+ en: x\n",
		"bad cue":           "[withdraw]\nen: re*move\n",
		"empty cue":         "[withdraw]\nen: a || b\n",
		"no language":       "[withdraw]\nremove\n",
		"duplicate family":  "[withdraw]\nen: drop\n[generic]\nen: drop\n",
		"late extends":      "[withdraw]\nen: drop\n@extends default\n",
		"unknown directive": "@include foo\n",
		"no cues":           "# nothing\n",
	}
	for name, text := range bad {
		if _, err := Load(strings.NewReader(text)); err == nil {
			t.Errorf("%s: Load accepted %q", name, text)
		}
	}
}

func FuzzProse(f *testing.F) {
	for _, s := range []string{"", "```", "`a`", "\"a\"", "'", "don't", "«", "「x」", "> q\n", "a\n\nb", "[x](y)",
		strings.Repeat("remove the data. ", 200), "\xff\xfe\"", "def f():\n    return 1;\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p := Prose(s)
		if len(p) != len(s) {
			t.Fatalf("length %d -> %d", len(s), len(p))
		}
		for i := 0; i < len(s); i++ {
			if (s[i] == '\n') != (p[i] == '\n') {
				t.Fatalf("line break moved at %d", i)
			}
			if p[i] != s[i] && p[i] != ' ' {
				t.Fatalf("byte %d changed to %q", i, p[i])
			}
		}
		if utf8.ValidString(s) && !utf8.ValidString(p) {
			t.Fatalf("invalid UTF-8 from valid input")
		}
		if f := Fold(s); len(f) != len(s) {
			t.Fatalf("Fold changed the length")
		}
		Default().Match(s)
	})
}

func BenchmarkMatch(b *testing.B) {
	turns := []string{
		"Please remove the phone number and make it a bit shorter.",
		"Can you write a function that reads a CSV file and returns the rows as dictionaries?",
		"It doesn't work, I still get TypeError: x.join is not a function",
		"把最后一段删掉，然后用更正式的语气重写。",
		"Thanks! Now explain how the second step works in more detail, please.",
		strings.Repeat("Here is my essay about the history of the city and its people. ", 12) + "\nfix the grammar",
	}
	size := 0
	for _, t := range turns {
		size += len(t)
	}
	s := Default()
	b.SetBytes(int64(size))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, t := range turns {
			s.Match(t)
		}
	}
}

// englishTurnReference is englishTurn as first written (a map of counts per
// language, every word checked against every language's set): the fast
// version must agree with it.
func englishTurnReference(f []byte) bool {
	count := map[string]int{}
	for _, w := range bytes.FieldsFunc(f, func(r rune) bool { return !isWordRune(r) && r != '\'' }) {
		for lang, set := range functionWords {
			if set[string(w)] {
				count[lang]++
			}
		}
	}
	en := count["en"]
	if en < 2 {
		return false
	}
	for lang, n := range count {
		if lang != "en" && n >= en {
			return false
		}
	}
	return true
}

func TestEnglishTurnMatchesReference(t *testing.T) {
	texts := []string{
		"the sin numbers are in the table", "remove the sin please", "sin cebolla por favor", "le code et la table",
		"it is what it is", "what is the o que", "i am here and you are there", "das ist nicht die the", "",
		"it's the end of the world", "c'est la vie and the rest", "l'ordre est le même pour you and me",
		"non è il caso di fare the thing", "você é o que você come", "ñ the and is to", "the_and is-to of",
	}
	for _, ex := range Default().Examples() {
		texts = append(texts, ex.Text)
	}
	for _, tx := range texts {
		f := fold(tx)
		if got, want := englishTurn(f), englishTurnReference(f); got != want {
			t.Errorf("englishTurn(%q) = %v, reference %v", tx, got, want)
		}
	}
}
