package trace

import (
	"strings"
	"testing"
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
	rs := defaultSet
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
	rs := defaultSet
	for _, r := range rs.Rules {
		t.Run(r.ID, func(t *testing.T) {
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

func TestVetoExamples(t *testing.T) {
	for _, v := range defaultSet.vetoes {
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
