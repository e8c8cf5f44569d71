package trace

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	ahocorasick "github.com/BobuSumisu/aho-corasick"
	"github.com/revtrace/revtrace/detectors/internal/litre"
	"github.com/revtrace/revtrace/detectors/internal/litre/litretest"
)

// filteredExpressions lists every expression the package runs through a
// literal filter.
func filteredExpressions() map[string]*litre.Re {
	out := map[string]*litre.Re{}
	for _, r := range defaultSet().Rules {
		for i, p := range r.patterns {
			out[r.ID+"/pattern"+string(rune('0'+i))] = p
		}
		for i, p := range r.requires {
			out[r.ID+"/require"+string(rune('0'+i))] = p
		}
		for i, p := range r.unless {
			out[r.ID+"/unless"+string(rune('0'+i))] = p
		}
	}
	for _, v := range defaultSet().vetoes {
		for i, p := range v.patterns {
			out["veto "+v.ID+"/pattern"+string(rune('0'+i))] = p
		}
		for i, p := range v.unless {
			out["veto "+v.ID+"/unless"+string(rune('0'+i))] = p
		}
	}
	for i, p := range requestItemREs {
		out["requestItemREs"+string(rune('a'+i))] = p
	}
	for name, p := range map[string]*litre.Re{"withdrawVerbRE": withdrawVerbRE, "diffCueRE": diffCueRE, "emailRE": emailRE,
		"urlRE": urlRE, "phoneRE": phoneRE, "moneyRE": moneyRE, "nameRE": nameRE, "addressRE": addressRE,
		"assignRE": assignRE, "passRE": passRE, "secretRE": secretRE, "numberRE": numberRE, "insteadQuotedRE": insteadQuotedRE} {
		out[name] = p
	}
	return out
}

// TestLitFiltersKeepMatches samples texts from every filtered expression
// (with noise around them, in random case forms) and checks that the
// filtered methods give exactly what the expression does.
func TestLitFiltersKeepMatches(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	noise := []string{"", " ", "I ", "the ", "x", "\n", "We removed ", "中文", "\u212A", "ſ"}
	filtered := 0
	for name, p := range filteredExpressions() {
		if p.Filtered() {
			filtered++
		}
		if matched := litretest.Sampled(t, name, p, r, 80, noise, ""); matched < 6 {
			t.Logf("%s: only %d of the sampled texts match", name, matched)
		}
	}
	if filtered*10 < len(filteredExpressions())*7 {
		t.Errorf("only %d of %d expressions have a literal filter", filtered, len(filteredExpressions()))
	}
}

func FuzzLitFilters(f *testing.F) {
	f.Add("I removed the password as you asked.")
	f.Add("please remove Bob's phone number (555-0100) and the \u212Aey")
	f.Add("Write to bob@example.com or visit https://example.com for $5k")
	exprs := filteredExpressions()
	f.Fuzz(func(t *testing.T, s string) {
		for name, p := range exprs {
			litretest.Agree(t, name, p, s)
		}
	})
}

// TestCandidatesAgree checks the keyword automaton's rule candidates
// against the Aho-Corasick library's, on the rules' own examples.
func TestCandidatesAgree(t *testing.T) {
	rs := defaultSet()
	if rs.automata(); rs.kwMask == nil {
		t.Fatal("the default rules build no keyword automaton")
	}
	var texts []string
	for _, r := range rs.Rules {
		texts = append(texts, r.Positives...)
		texts = append(texts, r.Negatives...)
	}
	trie := ahocorasick.NewTrieBuilder().AddStrings(rs.kws).Build()
	some := 0
	for _, s := range texts {
		lower := strings.ToLower(normalize(s))
		seen := make([]bool, len(rs.Rules))
		for _, ri := range rs.always {
			seen[ri] = true
		}
		trie.Walk([]byte(lower), func(end, n, pattern int64) bool {
			for _, ri := range rs.kwRules[pattern] {
				seen[ri] = true
			}
			return true
		})
		var want []int
		for ri, ok := range seen {
			if ok {
				want = append(want, ri)
			}
		}
		got := rs.candidates(lower, nil)
		if !slices.Equal(got, want) {
			t.Fatalf("candidates(%q) = %v, want %v", lower, got, want)
		}
		// the automaton reads ASCII letters in either case (lineMay
		// relies on it)
		for _, v := range []string{normalize(s), strings.ToUpper(normalize(s))} {
			if litre.IsASCII(v) {
				if got := rs.candidates(v, nil); !slices.Equal(got, want) {
					t.Fatalf("candidates(%q) = %v, want %v as on the lower-cased text", v, got, want)
				}
			}
		}
		if len(got) > 1 {
			some++
		}
	}
	if some == 0 {
		t.Error("no text has two candidate rules; the test says little")
	}
}

// gateAgrees checks keywordsMayOccur against the keyword candidates of the
// normalized, lower-cased text: whenever a rule in scope for a kind has a
// keyword there, the gate must let the text through.
func gateAgrees(t testing.TB, rs *ruleSet, s string) {
	t.Helper()
	inScopeRule := make([]bool, kindCode+1)
	for _, ri := range rs.candidates(litre.ToLower(normalize(s)), nil) {
		for k := range inScopeRule {
			inScopeRule[k] = inScopeRule[k] || inScope(rs.Rules[ri].Scope, k)
		}
	}
	for k, want := range inScopeRule {
		if want && !rs.keywordsMayOccur(s, k) {
			t.Fatalf("keywordsMayOccur(%q, kind %d) = false, but a rule in scope has a keyword in it", s, k)
		}
	}
}

// TestKeywordGate runs the gate on the rules' examples, with the
// characters normalize changes put into them, and checks that it stops
// some texts (or it would save nothing).
func TestKeywordGate(t *testing.T) {
	rs := defaultSet()
	if rs.automata(); rs.kwGate == nil {
		t.Fatal("the default rules build no keyword gate")
	}
	stopped := 0
	for _, r := range rs.Rules {
		for _, s := range append(slices.Clone(r.Positives), r.Negatives...) {
			for _, v := range []string{s, strings.ToUpper(s), strings.ReplaceAll(s, "e", "*e_"),
				strings.ReplaceAll(s, " ", "\t"), strings.ReplaceAll(s, "'", "’"), "**" + s + "**"} {
				gateAgrees(t, rs, v)
			}
		}
	}
	for _, s := range []string{"x = compute(y)", "return nil", "}", "for i := range items {"} {
		if !rs.keywordsMayOccur(s, kindCode) {
			stopped++
		}
	}
	if stopped == 0 {
		t.Error("the gate stops no line of plain code")
	}
}

func FuzzKeywordGate(f *testing.F) {
	f.Add("I re**moved** the pass_word as you asked")
	f.Add("# REMOVED: api_key = '...'")
	f.Add("Let me know if you’d like it back")
	f.Add("entfernt: 删除\tdiese Zeile")
	rs := defaultSet()
	f.Fuzz(func(t *testing.T, s string) { gateAgrees(t, rs, s) })
}
