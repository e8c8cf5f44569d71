package trace

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// matcherRegexp builds the regular expression the matcher stands for (the
// implementation it replaced), as the reference for the tests.
func matcherRegexp(phrase string) *regexp.Regexp {
	phrase = strings.Join(strings.Fields(phrase), " ")
	var b strings.Builder
	b.WriteString(`(?i)`)
	first, _ := utf8.DecodeRuneInString(phrase)
	last, _ := utf8.DecodeLastRuneInString(phrase)
	if isWordRune(first) && !isCJK(first) {
		b.WriteString(`(?:^|[^\p{L}\p{N}_])`)
	}
	for i, w := range strings.Fields(phrase) {
		if i > 0 {
			b.WriteString(`[\s\-_]+`)
		}
		for _, r := range w {
			switch r {
			case '\'', '’', 'ʼ':
				b.WriteString(`['’ʼ]`)
			case '-':
				b.WriteString(`[\s\-]*`)
			default:
				b.WriteString(regexp.QuoteMeta(string(r)))
			}
		}
	}
	if isWordRune(last) && !isCJK(last) {
		b.WriteString(`(?:[^\p{L}\p{N}_]|$)`)
	}
	return regexp.MustCompile(b.String())
}

func checkMatcher(t *testing.T, phrase, text string) {
	t.Helper()
	m := newMatcher(phrase)
	if strings.Join(strings.Fields(phrase), " ") == "" {
		if m != nil || m.in(text) {
			t.Fatalf("newMatcher(%q) should be nil and match nothing", phrase)
		}
		return
	}
	want := matcherRegexp(phrase).MatchString(text)
	if got := m.in(text); got != want {
		t.Fatalf("matcher %q in %q = %v, regexp says %v", phrase, text, got, want)
	}
}

func TestMatcherCases(t *testing.T) {
	tests := []struct {
		phrase, text string
		want         bool
	}{
		{"the password", "I removed the password.", true},
		{"the password", "I removed THE   PASSWORD!", true},
		{"the password", "the_password", true},
		{"the password", "the-\n-password", true},
		{"the password", "thepassword", false},
		{"the password", "the passwords", false},
		{"password", "mypassword", false},
		{"e-mail", "email", true},
		{"e-mail", "e - mail", true},
		{"e-mail", "e_mail", false},
		{"Luigi's", "Luigi’s", true},
		{"Luigi's", "luigiʼs place", true},
		{"Luigi's", "Luigis", false},
		{"kelvin", "\u212Aelvin", true}, // Kelvin sign folds to k
		{"sun", "\u017Fun", true},       // long s folds to s
		{"éclair", "ÉCLAIR", true},
		{"密码", "把密码删掉", true},
		{"密码x", "密码x", true},
		{"bob", "bob\u0345", false}, // U+0345 is a letter under (?i)
		{"bob", "\u0345bob", false},
		{"bob", "bob\u00a0", true},
		{"a b", "a\u00a0b", false}, // \s is ASCII only
		{"a b", "a\vb", false},
		{"a b", "a\fb", true},
		{"No****4!", "the password No****4! is gone", true},
		{"$", "costs $5", true},
		{"x", "\xffx\xff", true},
		{"\ufffd", "a\xffb", true},
		{"a-", "a", true},
		{"-a", "--a", true},
		{"foo _bar", "foo _bar", true},
		{"foo _bar", "foo bar", false},
		{"foo -bar", "foo bar", true},
		{"1234", "id 1234.", true},
		{"1234", "id 12345", false},
		{"bob", "", false},
		{"-", "", true},
	}
	for _, tc := range tests {
		m := newMatcher(tc.phrase)
		if got := m.in(tc.text); got != tc.want {
			t.Errorf("matcher %q in %q = %v, want %v", tc.phrase, tc.text, got, tc.want)
		}
		checkMatcher(t, tc.phrase, tc.text)
	}
	if m := newMatcher("  \t "); m != nil || m.in("anything") {
		t.Errorf("a blank phrase must give a nil matcher that matches nothing")
	}
}

// matcherAlphabet holds the runes where a hand-written matcher could part
// from the regexp: case orbits of several sizes, apostrophes, hyphens,
// separators, RE2 and Unicode spaces, combining marks, CJK, digits, invalid
// bytes.
var matcherAlphabet = []string{
	"a", "A", "b", "k", "K", "\u212A", "s", "S", "\u017F", "é", "É", "ß", "ẞ", "θ", "ϑ", "Θ", "ϴ", "ι", "Ι", "\u0345",
	"\u1FBE", "1", "2", "_", "-", "'", "’", "ʼ", " ", "\t", "\n", "\r", "\f", "\v", "\u00a0", "\u2003", ".", ",", "$",
	"*", "(", "密", "码", "\xff", "\xe2\x80", "ͅ", "\u0301",
}

func randomMatcherText(r *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		b.WriteString(matcherAlphabet[r.IntN(len(matcherAlphabet))])
	}
	return b.String()
}

func TestMatcherAgreesWithRegexp(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 1000; i++ {
		phrase := randomMatcherText(r, 1+r.IntN(4))
		m := newMatcher(phrase)
		if m == nil {
			continue
		}
		re := matcherRegexp(phrase)
		for j := 0; j < 20; j++ {
			text := randomMatcherText(r, r.IntN(12))
			if j%4 == 0 {
				// plant a variant of the phrase
				text += strings.ToUpper(phrase) + randomMatcherText(r, r.IntN(3))
			}
			if got, want := m.in(text), re.MatchString(text); got != want {
				t.Fatalf("matcher %q in %q = %v, regexp says %v", phrase, text, got, want)
			}
		}
	}
}

func FuzzMatcher(f *testing.F) {
	f.Add("the password", "I removed the password.")
	f.Add("e-mail", "E - MAIL")
	f.Add("Luigi's", "luigi’s")
	f.Add("kelvin", "\u212Aelvin")
	f.Fuzz(func(t *testing.T, phrase, text string) {
		if len(phrase) > 64 || len(text) > 512 {
			return
		}
		checkMatcher(t, phrase, text)
	})
}

func BenchmarkMatcher(b *testing.B) {
	text := strings.Repeat("The launch is on track and the budget holds for the quarter. ", 60) + "Call Dana Whitfield."
	m := newMatcher("Dana Whitfield")
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if !m.in(text) {
			b.Fatal("no match")
		}
	}
}
