package trace

import (
	"math/rand/v2"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"
	"unicode"
)

func TestFoldText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Remove", "REMOVE"},
		{"\u212Aey", "KEY"}, // Kelvin sign
		{"\u017Fecret", "SECRET"},
		{"Éclair éclair", "ÉCLAIR ÉCLAIR"},
		{"ΣΑΣ σας", "ΣΑΣ ΣΑΣ"},
		{"密码\xff!", "密码\xff!"},
	}
	for _, tc := range tests {
		if got := foldText(tc.in); got != tc.want {
			t.Errorf("foldText(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestLitFilterLiterals(t *testing.T) {
	tests := []struct {
		expr string
		want []string // nil: no filter
	}{
		{`\b(?:i|we) removed\b`, []string{"i removed", "we removed"}}, // case-sensitive: as written
		{`(?i)\bwithout\s+(.{1,60}?)`, []string{"WITHOUT ", "WITHOUT\t", "WITHOUT\n", "WITHOUT\f", "WITHOUT\r"}},
		{`[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+`, []string{"@"}},
		{`(?i)colou?r`, []string{"COLOR", "COLOUR"}},
		{`删除|去掉`, []string{"删除", "去掉"}},
		{`\bfoo\b|.`, nil},
		{`\p{Lu}\p{Ll}+`, nil},
		{`\x{FFFD}x`, nil}, // U+FFFD also matches an invalid byte
	}
	for _, tc := range tests {
		f := newLitFilter(regexp.MustCompile(tc.expr))
		var got []string
		if len(f.sets) > 0 {
			got = slices.Clone(f.sets[0].lits)
		}
		slices.Sort(got)
		want := slices.Clone(tc.want)
		slices.Sort(want)
		if len(f.sets) > 0 != (tc.want != nil) || !slices.Equal(got, want) {
			t.Errorf("literals of %q = %q (on %v), want %q", tc.expr, got, f.on, tc.want)
		}
	}
}

// TestLitFilterSets checks that a filter asks for every part of a
// concatenation it knows literals of.
func TestLitFilterSets(t *testing.T) {
	re := regexp.MustCompile(`\b(?:removed|deleted)\s+\w+\s+as\s+(?:you\s+)?requested`)
	f := newLitFilter(re)
	if len(f.sets) < 2 {
		t.Fatalf("filter of %q has %d literal sets, want 2 or more", re, len(f.sets))
	}
	for _, tc := range []struct {
		text string
		may  bool
	}{
		{"I removed it as requested", true},
		{"I removed it", false},
		{"as requested, it is gone", false},
		{"I DELETED it as you requested", false}, // case-sensitive
	} {
		if got := f.may(tc.text); got != tc.may {
			t.Errorf("filter on %q = %v, want %v", tc.text, got, tc.may)
		}
		if re.MatchString(tc.text) && !f.may(tc.text) {
			t.Errorf("filter drops %q, which matches", tc.text)
		}
	}
}

func TestLitDFA(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	alphabet := []string{"a", "b", "c", "ab", "é", "中", "\xff"}
	word := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		return b.String()
	}
	for i := 0; i < 2000; i++ {
		var lits []string
		for n := 1 + r.IntN(6); n > 0; n-- {
			lits = appendUnique(lits, word(1+r.IntN(4)))
		}
		d := newLitDFA(lits)
		for j := 0; j < 20; j++ {
			text := word(r.IntN(12))
			want := slices.ContainsFunc(lits, func(l string) bool { return strings.Contains(text, l) })
			if got := d.in(text); got != want {
				t.Fatalf("automaton of %q on %q = %v, want %v", lits, text, got, want)
			}
		}
	}
}

func TestLitFilterAnchored(t *testing.T) {
	tests := []struct {
		expr, text string
		anchored   bool
		may        bool
	}{
		{`^(?:sure|certainly)\b`, "Sure, here it is", true, false}, // case-sensitive: "Sure" is not "sure"
		{`^(?:sure|certainly)\b`, "sure, here it is", true, true},
		{`^(?:sure|certainly)\b`, "I am sure", true, false},
		{`(?i)^(?:sure|certainly)\b`, "CERTAINLY!", true, true},
		{`^sure|ok`, "I am ok", false, true}, // one branch is not anchored
		{`^\w+:`, "key: value", false, true},
	}
	for _, tc := range tests {
		f := newLitFilter(regexp.MustCompile(tc.expr))
		if f.anchored != tc.anchored {
			t.Errorf("%q: anchored %v, want %v", tc.expr, f.anchored, tc.anchored)
		}
		if got := f.may(tc.text); got != tc.may {
			t.Errorf("filter of %q on %q = %v, want %v", tc.expr, tc.text, got, tc.may)
		}
		if f.may(tc.text) == false && regexp.MustCompile(tc.expr).MatchString(tc.text) {
			t.Errorf("filter of %q drops %q, which matches", tc.expr, tc.text)
		}
	}
}

// sample writes a random text matched by re's syntax tree (assertions are
// ignored, so the text may not match in the end; callers check). Case-
// insensitive literals come out in random case forms, the Kelvin sign and
// the long s included.
func sample(r *rand.Rand, re *syntax.Regexp, b *strings.Builder) {
	switch re.Op {
	case syntax.OpLiteral:
		for _, c := range re.Rune {
			if re.Flags&syntax.FoldCase != 0 {
				for n := r.IntN(4); n > 0; n-- {
					c = unicode.SimpleFold(c)
				}
			}
			b.WriteRune(c)
		}
	case syntax.OpCharClass:
		if len(re.Rune) == 0 {
			return
		}
		i := 2 * r.IntN(len(re.Rune)/2)
		lo, hi := re.Rune[i], re.Rune[i+1]
		if hi-lo > 1000 {
			hi = lo + 1000
		}
		b.WriteRune(lo + rune(r.Int64N(int64(hi-lo)+1)))
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteString([]string{"a", " ", "é", "x", ".", "中", "K"}[r.IntN(7)])
	case syntax.OpCapture:
		sample(r, re.Sub[0], b)
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			sample(r, sub, b)
		}
	case syntax.OpAlternate:
		sample(r, re.Sub[r.IntN(len(re.Sub))], b)
	case syntax.OpQuest:
		if r.IntN(2) == 0 {
			sample(r, re.Sub[0], b)
		}
	case syntax.OpStar, syntax.OpPlus:
		n := r.IntN(3)
		if re.Op == syntax.OpPlus {
			n++
		}
		for range n {
			sample(r, re.Sub[0], b)
		}
	case syntax.OpRepeat:
		n := re.Min
		if re.Max > re.Min {
			n += r.IntN(min(re.Max-re.Min, 3) + 1)
		} else if re.Max < 0 {
			n += r.IntN(3)
		}
		for range n {
			sample(r, re.Sub[0], b)
		}
	}
}

// filteredExpressions lists every expression the package runs through a
// literal filter.
func filteredExpressions() map[string]*litRe {
	out := map[string]*litRe{}
	for _, r := range defaultSet.Rules {
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
	for _, v := range defaultSet.vetoes {
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
	for name, p := range map[string]*litRe{"withdrawVerbRE": withdrawVerbRE, "diffCueRE": diffCueRE, "emailRE": emailRE,
		"urlRE": urlRE, "phoneRE": phoneRE, "moneyRE": moneyRE, "nameRE": nameRE, "addressRE": addressRE,
		"assignRE": assignRE, "passRE": passRE, "secretRE": secretRE, "numberRE": numberRE, "insteadQuotedRE": insteadQuotedRE} {
		out[name] = p
	}
	return out
}

// TestLitFiltersKeepMatches samples texts from every filtered expression
// (with noise around them, in random case forms) and checks that the
// filter never drops a text the expression matches.
func TestLitFiltersKeepMatches(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	noise := []string{"", " ", "I ", "the ", "x", "\n", "We removed ", "中文", "\u212A", "ſ"}
	filtered := 0
	for name, p := range filteredExpressions() {
		if p.filter().on {
			filtered++
		}
		tree, err := syntax.Parse(p.String(), syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		matched := 0
		for i := 0; i < 80; i++ {
			var b strings.Builder
			b.WriteString(noise[r.IntN(len(noise))])
			sample(r, tree, &b)
			b.WriteString(noise[r.IntN(len(noise))])
			s := b.String()
			want := p.Regexp.MatchString(s)
			if want {
				matched++
			}
			if got := p.MatchString(s); got != want {
				t.Fatalf("%s: filtered MatchString(%q) = %v, the expression says %v (literals %v)", name, s, got, want, p.filter().sets)
			}
			tg := &target{s: s}
			if got := p.matchText(tg); got != want {
				t.Fatalf("%s: matchText(%q) = %v, the expression says %v", name, s, got, want)
			}
			if i%4 != 0 {
				continue
			}
			if got, want := p.findAllText(tg), p.FindAllStringIndex(s, -1); !slices.EqualFunc(got, want, slices.Equal) {
				t.Fatalf("%s: findAllText(%q) = %v, the expression says %v", name, s, got, want)
			}
		}
		if matched < 6 {
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
			if p.Regexp.MatchString(s) && !p.mayString(s) {
				t.Fatalf("%s: filter drops %q, which matches", name, s)
			}
		}
	})
}

// TestAnyKeywordAgrees checks the keyword automaton against the plain
// definition (a keyword in the lower-cased, normalised text) on the rules'
// own examples in several case forms and spellings.
func TestAnyKeywordAgrees(t *testing.T) {
	rs := defaultSet
	var texts []string
	for _, r := range rs.Rules {
		texts = append(texts, r.Positives...)
		texts = append(texts, r.Negatives...)
	}
	n := len(texts)
	for _, s := range texts[:n] {
		texts = append(texts, strings.ToUpper(s), strings.ReplaceAll(s, "'", "’"), "Ünïcode "+strings.ToTitle(s), "**"+s+"**")
	}
	hits := 0
	for _, s := range texts {
		want := rs.trie.MatchFirstString(strings.ToLower(normalize(s))) != nil
		if want {
			hits++
		}
		if got := rs.anyKeyword(s); got != want {
			t.Fatalf("anyKeyword(%q) = %v, want %v", s, got, want)
		}
	}
	if hits == 0 || hits == len(texts) {
		t.Errorf("%d of %d texts hold a keyword; the test says little", hits, len(texts))
	}
}

func BenchmarkLitDFA(b *testing.B) {
	text := strings.Repeat("The launch is on track and the budget holds for the quarter. ", 40)
	defaultSet.automata()
	d := defaultSet.kwAny
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if d.in(text) {
			b.Fatal("keyword found")
		}
	}
}

// TestCaselessFilters checks the filters that read ASCII text without
// folding it against the folded reading, on texts in several case forms,
// with and without the two runes that fold into ASCII.
func TestCaselessFilters(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	caseless := 0
	for name, p := range filteredExpressions() {
		f := p.filter()
		if !f.on || !f.fold {
			continue
		}
		if f.caseless {
			caseless++
		}
		tree, err := syntax.Parse(p.String(), syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 50; i++ {
			var b strings.Builder
			sample(r, tree, &b)
			s := b.String()
			for _, v := range []string{s, strings.ToLower(s), strings.ToUpper(s), "é " + s, s + " \u017F", "\u212A" + s} {
				want := f.in(foldText(v))
				if got := f.may(v); got != want {
					t.Fatalf("%s: may(%q) = %v, on the folded text %v", name, v, got, want)
				}
				tg := &target{s: v}
				if got := p.may(tg); got != want {
					t.Fatalf("%s: may(target %q) = %v, on the folded text %v", name, v, got, want)
				}
			}
		}
	}
	if caseless == 0 {
		t.Error("no filter reads text without folding it")
	}
}

// TestCandidatesAgree checks the keyword automaton's rule candidates
// against the Aho-Corasick library's, on the rules' own examples.
func TestCandidatesAgree(t *testing.T) {
	rs := defaultSet
	if rs.automata(); rs.kwMask == nil {
		t.Fatal("the default rules build no keyword automaton")
	}
	var texts []string
	for _, r := range rs.Rules {
		texts = append(texts, r.Positives...)
		texts = append(texts, r.Negatives...)
	}
	some := 0
	for _, s := range texts {
		lower := strings.ToLower(normalize(s))
		seen := make([]bool, len(rs.Rules))
		for _, ri := range rs.always {
			seen[ri] = true
		}
		rs.trie.Walk([]byte(lower), func(end, n, pattern int64) bool {
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
		if len(got) > 1 {
			some++
		}
	}
	if some == 0 {
		t.Error("no text has two candidate rules; the test says little")
	}
}
