package trace

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/revtrace/revtrace/detectors/internal/litre"
)

// fires reports whether rule r alone fires on text taken as one prose
// sentence: a keyword hits, requires/unless hold, and a pattern match
// survives the vetoes.
func (rs *ruleSet) fires(r *Rule, text string) bool {
	norm := normalize(text)
	lower := strings.ToLower(norm)
	kw := len(r.Keywords) == 0
	for _, k := range r.Keywords {
		kw = kw || strings.Contains(lower, k)
	}
	if !kw || !r.applies(norm) {
		return false
	}
	vs := rs.vetoSpans(norm)
	for _, p := range r.patterns {
		for _, m := range p.FindAllStringIndex(norm, -1) {
			if !vs.blocks(r, m[0], m[1]) {
				return true
			}
		}
	}
	return false
}

func TestRulesFileShape(t *testing.T) {
	rs := defaultSet()
	if rs.Version == "" {
		t.Fatal("rules file has no version")
	}
	if len(rs.Rules) < 10 {
		t.Fatalf("only %d rules", len(rs.Rules))
	}
	for _, r := range rs.Rules {
		if r.Description == "" {
			t.Errorf("rule %s has no description", r.ID)
		}
		if len(r.Keywords) == 0 {
			t.Errorf("rule %s has no keywords (the prefilter would run it on every sentence)", r.ID)
		}
		if len(r.Positives) < 5 || len(r.Negatives) < 5 {
			t.Errorf("rule %s: %d positives, %d negatives; want at least 5 of each", r.ID, len(r.Positives), len(r.Negatives))
		}
	}
	for _, v := range rs.vetoes {
		if v.Description == "" || len(v.Examples) == 0 {
			t.Errorf("veto %s needs a description and examples", v.ID)
		}
	}
}

// TestRuleExamples runs every rule's positive and negative examples,
// gitleaks style: each positive must fire its own rule and give a Scan hit;
// each negative must give no Scan hit at all.
func TestRuleExamples(t *testing.T) {
	rs := defaultSet()
	for _, r := range rs.Rules {
		t.Run(r.ID, func(t *testing.T) {
			if r.Anchor != "" {
				anchoredExamples(t, rs, r)
				return
			}
			for _, p := range r.Positives {
				if !rs.fires(r, p) {
					t.Errorf("positive does not fire %s: %q", r.ID, p)
				}
				text := p
				if r.Scope == scopeComment || r.Scope == scopeCode {
					text = "```\n" + p + "\n```"
				}
				if hits := Scan(text); len(hits) == 0 {
					t.Errorf("positive gives no Scan hit: %q", p)
				}
			}
			for _, n := range r.Negatives {
				text := n
				if r.Scope == scopeComment || r.Scope == scopeCode {
					text = "```\n" + n + "\n```"
				}
				if hits := Scan(text); len(hits) > 0 {
					t.Errorf("negative fires %s: %q", hits[0].Rule, n)
				}
			}
		})
	}
}

// anchoredExamples runs the examples of an anchored rule with their
// anchors (requests or drafts): each positive fires the rule, stands with its
// own anchor and not with an unrelated one, and gives no hit to the
// request-blind Scan; each negative gives no hit with its anchor.
func anchoredExamples(t *testing.T, rs *ruleSet, r *Rule) {
	unrelated := "translate it into French please"
	hitsWith := func(text, anchor string, raw []Hit) []Hit {
		if r.Anchor == anchorDraft {
			return rs.anchorHits(text, "", anchor, raw)
		}
		return rs.anchorHits(text, anchor, "", raw)
	}
	if r.Anchor == anchorDraft {
		unrelated = "Here is a short poem about the sea and the gulls over the harbour."
	}
	for i, p := range r.Positives {
		anchor := r.PositiveAnchors[i]
		if !rs.fires(r, p) {
			t.Errorf("positive does not fire %s: %q", r.ID, p)
		}
		raw, _ := rs.scanLaidOut(p)
		if len(hitsWith(p, anchor, slices.Clone(raw))) == 0 {
			t.Errorf("positive gives no hit with its %s %q: %q", r.Anchor, anchor, p)
		}
		if hasRule(hitsWith(p, unrelated, slices.Clone(raw)), r.ID) {
			t.Errorf("positive anchors on an unrelated %s: %q", r.Anchor, p)
		}
		if hasRule(Scan(p), r.ID) {
			t.Errorf("the request-blind Scan keeps an anchored hit: %q", p)
		}
	}
	for i, n := range r.Negatives {
		anchor := r.NegativeAnchors[i]
		raw, _ := rs.scanLaidOut(n)
		if hits := hitsWith(n, anchor, raw); len(hits) > 0 {
			t.Errorf("negative fires %s with %s %q: %q", hits[0].Rule, r.Anchor, anchor, n)
		}
	}
}

func hasRule(hits []Hit, id string) bool {
	for _, h := range hits {
		if h.Rule == id {
			return true
		}
	}
	return false
}

func TestVetoExamples(t *testing.T) {
	for _, v := range defaultSet().vetoes {
		for _, ex := range v.Examples {
			norm := normalize(ex)
			kw := len(v.Keywords) == 0
			for _, k := range v.Keywords {
				kw = kw || strings.Contains(strings.ToLower(norm), k)
			}
			if !kw {
				t.Errorf("veto %s: example %q holds none of its keywords", v.ID, ex)
			}
			ok := false
			for _, p := range v.patterns {
				ok = ok || p.MatchString(norm)
			}
			if !ok {
				t.Errorf("veto %s does not match its example %q", v.ID, ex)
			}
		}
	}
}

func TestParseRulesErrors(t *testing.T) {
	tests := []struct{ name, src string }{
		{"unknown macro", "rule a\nkeywords x\npattern {{NOPE}}\n"},
		{"bad regexp", "rule a\nkeywords x\npattern (\n"},
		{"no pattern", "rule a\nkeywords x\n"},
		{"upper-case keyword", "rule a\nkeywords X\npattern x\n"},
		{"field outside rule", "pattern x\n"},
		{"unknown key", "rule a\nfoo bar\npattern x\n"},
		{"duplicate rule", "rule a\npattern x\nrule a\npattern y\n"},
		{"unknown override", "rule a\npattern x\noverride nope\n"},
		{"bad scope", "rule a\npattern x\nscope nowhere\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := parseRules(tc.src); err == nil {
				t.Errorf("parseRules accepted %q", tc.src)
			}
		})
	}
	// Of several bad patterns (compiled in parallel), the first in the file
	// is reported, by line.
	src := "rule a\nkeywords x\npattern ok\npattern (\nrule b\npattern [z-a]\n"
	if _, err := parseRules(src); err == nil || !strings.HasPrefix(err.Error(), "line 4: ") {
		t.Errorf("parseRules(%q) = %v, want the error of line 4", src, err)
	}
}

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"**I’ve removed** it", "I've removed it"},
		{"_Removed:_ X", "Removed: X"},
		{"API_KEY removed", "API_KEY removed"},
		{"“quoted”\u00a0text", "\"quoted\" text"},
	}
	for _, tc := range tests {
		if got := normalize(tc.in); got != tc.want {
			t.Errorf("normalize(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// normalizeRef is normalize as first written (rune by rune), the reference
// for its faster form.
func normalizeRef(s string) string {
	if !needsNormalizing(s) {
		return s
	}
	var b strings.Builder
	prev := rune(0)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case r == '*':
			continue
		case r == '_':
			next, _ := utf8.DecodeRuneInString(s[i:])
			if !(isWordRune(prev) && isWordRune(next)) {
				continue
			}
		case r == '’' || r == '‘' || r == 'ʼ' || r == '´' || r == '′':
			r = '\''
		case r == '“' || r == '”' || r == '„' || r == '″':
			r = '"'
		case r != ' ' && unicode.IsSpace(r):
			r = ' '
		}
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}

// normalizeSamples are the texts of the normalize tests: the edge cases of
// '_' between runes of either kind, every rune normalize maps, control
// bytes, invalid UTF-8.
var normalizeSamples = []string{
	"", "plain", "a_b", "_a_", "é_é", "日_本", "1_2", "a__b", "a_*b", "*_*", "x\t\ty", "a\x00b", "a\x7fb", "\xffbad_x",
	"x_\xff", "’‘ʼ´′“”„″", "a\u00a0b\u2003c\u3000d\u0085e", "**bold**_and_ _under_", "tab\there_x", "ok\r\n",
}

func TestNormalizeAgrees(t *testing.T) {
	for _, s := range normalizeSamples {
		if got, want := normalize(s), normalizeRef(s); got != want {
			t.Errorf("normalize(%q) = %q, want %q", s, got, want)
		}
	}
	r := rand.New(rand.NewPCG(11, 12))
	pieces := []string{"a", "Z", "9", " ", "_", "*", "\t", "\n", "\x00", "\x7f", "é", "日", "’", "“", "\u00a0", "\u2003", "\xff", "\xc3", "-", "'"}
	for i := 0; i < 50000; i++ {
		var b strings.Builder
		for n := r.IntN(14); n > 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		if got, want := normalize(s), normalizeRef(s); got != want {
			t.Fatalf("normalize(%q) = %q, want %q", s, got, want)
		}
	}
	// Every sentence of the rules' examples and of the gold replies.
	n := 0
	for _, s := range exampleAndGoldTexts(t) {
		if got, want := normalize(s), normalizeRef(s); got != want {
			t.Fatalf("normalize(%q) = %q, want %q", s, got, want)
		}
		n++
	}
	if n < 1000 {
		t.Errorf("only %d example and gold texts", n)
	}
}

func FuzzNormalize(f *testing.F) {
	for _, s := range normalizeSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := normalize(s), normalizeRef(s); got != want {
			t.Fatalf("normalize(%q) = %q, want %q", s, got, want)
		}
	})
}

// TestRulesVersionCheap: the version read without parsing is the parsed
// one, for the embedded rules and for edge cases of the header.
func TestRulesVersionCheap(t *testing.T) {
	if got, want := rulesVersion(defaultRules), defaultSet().Version; got != want || got == "" {
		t.Errorf("rulesVersion = %q, parsed %q", got, want)
	}
	for src, want := range map[string]string{
		"":                            "",
		"# version x\n":               "",
		"version a\nversion  b  \r\n": "b",
		"  \n\tversion c\n":           "",
		"version d":                   "d",
		"versions e\n":                "",
	} {
		if got := rulesVersion(src); got != want {
			t.Errorf("rulesVersion(%q) = %q, want %q", src, got, want)
		}
	}
}

// The embedded rules are read without compiling their patterns (readRules
// with check unset, compiled on first use); parseRules compiles them all
// and must accept them, with the same rules in the same order.
func TestEmbeddedRulesCompile(t *testing.T) {
	checked, err := parseRules(defaultRules)
	if err != nil {
		t.Fatal(err)
	}
	lazy := defaultSet()
	if len(checked.Rules) != len(lazy.Rules) || len(checked.vetoes) != len(lazy.vetoes) {
		t.Fatalf("parseRules read %d rules and %d vetoes, the lazy read %d and %d",
			len(checked.Rules), len(checked.vetoes), len(lazy.Rules), len(lazy.vetoes))
	}
	for i, r := range checked.Rules {
		if lr := lazy.Rules[i]; lr.ID != r.ID || len(lr.patterns) != len(r.patterns) {
			t.Errorf("rule %d: %s (%d patterns) against %s (%d)", i, r.ID, len(r.patterns), lr.ID, len(lr.patterns))
		}
	}
}

// Every expression the detectors declare at package level (litre.MustCompile
// and litre.Lazy, compiled on first use) compiles: this test binary links
// trace, split, deliverable and sentences.
func TestDeclaredExpressionsCompile(t *testing.T) {
	if err := litre.CompileAll(); err != nil {
		t.Fatal(err)
	}
}
