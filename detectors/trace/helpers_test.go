package trace

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// goldReplyTexts returns the texts of the gold reply sets (dev and
// held-out): each record's reply and, with history, its earlier messages.
func goldReplyTexts(t *testing.T, history bool) []string {
	t.Helper()
	files, _ := filepath.Glob("../../testdata/gold/*/replies.jsonl")
	files = append(files, "../../testdata/gold/replies.jsonl")
	var texts []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, rec := range strings.Split(string(data), "\n") {
			var g struct {
				Reply   string `json:"reply"`
				History []struct {
					Content string `json:"content"`
				} `json:"history"`
			}
			if json.Unmarshal([]byte(rec), &g) != nil {
				continue
			}
			texts = append(texts, g.Reply)
			if history {
				for _, h := range g.History {
					texts = append(texts, h.Content)
				}
			}
		}
	}
	return texts
}

// exampleAndGoldTexts returns the rules' positive and negative examples and
// every line of the gold replies (dev and held-out sets).
func exampleAndGoldTexts(t *testing.T) []string {
	t.Helper()
	var texts []string
	for _, r := range defaultSet().Rules {
		texts = append(texts, r.Positives...)
		texts = append(texts, r.Negatives...)
	}
	for _, reply := range goldReplyTexts(t, false) {
		texts = append(texts, strings.Split(reply, "\n")...)
	}
	return texts
}

// helperAlphabet holds the pieces where the hand-written helpers could part
// from what they replace: ASCII and Unicode spaces, list markers, digits,
// case, invalid bytes.
var helperAlphabet = []string{
	"a", "B", "Bob", "Smith", "É", "é", "ß", "1", "12", " ", "  ", "\t", "\n", "\v", "\f", "\r", "\u0085", "\u00a0",
	"\u2003", "-", "*", "+", "•", ">", "#", "##", ".", ")", "_", "\xff", "中", "$", "€", "k", "K", "\u212A", "Usd", ",",
	"99", "(",
}

func randomHelperText(r *rand.Rand) string {
	var b strings.Builder
	for n := r.IntN(12); n > 0; n-- {
		b.WriteString(helperAlphabet[r.IntN(len(helperAlphabet))])
	}
	return b.String()
}

func TestHelpersAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < 20000; i++ {
		s := randomHelperText(r)
		if got, want := joinFields(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Fatalf("joinFields(%q) = %q, want %q", s, got, want)
		}
		want := strings.Trim(strings.TrimSpace(listMarkerRE.ReplaceAllString(s, "")), "*_ \t")
		if got := trimLine(s); got != want {
			t.Fatalf("trimLine(%q) = %q, want %q", s, got, want)
		}
		if nameRE.Regexp.MatchString(s) && !nameShape(s) {
			t.Fatalf("nameShape(%q) is false, but nameRE matches", s)
		}
		if phoneRE.Regexp.MatchString(s) && !phoneShape(s) {
			t.Fatalf("phoneShape(%q) is false, but phoneRE matches", s)
		}
		if moneyRE.Regexp.MatchString(s) && !moneyShape(s) {
			t.Fatalf("moneyShape(%q) is false, but moneyRE matches", s)
		}
	}
	for _, s := range []string{"Call Dana Whitfield today", "J. Smith", "Dear Mr Brown,", "dana whitfield"} {
		if got, want := nameShape(s), nameRE.Regexp.MatchString(s); want && !got {
			t.Errorf("nameShape(%q) = %v, nameRE says %v", s, got, want)
		}
	}
}
