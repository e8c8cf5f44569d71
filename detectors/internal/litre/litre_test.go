package litre_test

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/revtrace/revtrace/detectors/internal/litre"
	"github.com/revtrace/revtrace/detectors/internal/litre/litretest"
)

// exprs are the expressions the property tests run on: the kinds the
// detectors filter (case-sensitive and (?i), anchored, several literal
// sets, many literals for the automaton, literals outside ASCII, classes
// taken as literals) and some that give no filter.
var exprs = []string{
	`\b(?:i|we) removed\b`,
	`(?i)\bwithout\s+(.{1,60}?)`,
	`[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+`,
	`(?i)colou?r`,
	`colou?r`,
	`删除|去掉`,
	`\bfoo\b|.`,
	`\p{Lu}\p{Ll}+`,
	`\x{FFFD}x`,
	`(?:sure|certainly)(?:$|[^\pL])`,
	`\bhow (?:can|may) i (?:help|assist)`,
	`(?:note that|n\.b\.|nb\s*[:：])`,
	`a+b`,
	`x.*y`,
	`[:：]`,
	`(?i)hello`,
	`^(?:sure|certainly)\b`,
	`(?i)^(?:sure|certainly)\b`,
	`^sure|ok`,
	`^\w+:`,
	`\b(?:removed|deleted)\s+\w+\s+as\s+(?:you\s+)?requested`,
	`(?i)\b(?:removed|deleted)\s+(.{1,40}?)\s+as\s+(?:you\s+)?(?:requested|asked)`,
	`(?i)\bkey\b`,
	`(?i)\b(?:secret|password|passwd|pwd|pass|token)\s*[:=]\s*(\S{4,})`,
	`(?i)\b\d{1,5}\s+(?:rue|street|st\.?|straße|strasse|weg)\b`,
	`(?i)\b(?:entferne|lösche|streiche)\s+(.{1,60}?)(?:[,;!?\n]|$)`,
	`(?i)(?:^|[^\p{L}])(?:удали|убери)\s+(.{1,60}?)(?:[,;!?\n]|$)`,
	`(?i)^(?:select|insert|update|delete)\b`,
	`(?i)^(?:ſtart|\x{212A}ey)`,
	`\b\d[\d,.\-]{2,}\d\b|\b\d{3,}\b`,
	`(?i)[$€£¥]\s?\d[\d,.]*(?:\s?(?:k|m|bn))?`,
	`^(?:ok|okay|yes|thanks)\s*[!.,:;—–-]\s*`,
	`^(?:当然|好的|以下是)`,
}

func TestFoldText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Remove", "REMOVE"},
		{"\u212Aey", "KEY"}, // Kelvin sign
		{"\u017Fecret", "SECRET"},
		{"Éclair éclair", "ÉCLAIR ÉCLAIR"},
		{"ΣΑΣ σας", "ΣΑΣ ΣΑΣ"},
		{"密码\xff!", "密码\xff!"},
		{"", ""},
	}
	for _, tc := range tests {
		if got := litre.FoldText(tc.in); got != tc.want {
			t.Errorf("FoldText(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestLiterals checks the best literal set read off each expression.
func TestLiterals(t *testing.T) {
	tests := []struct {
		expr string
		want []string // nil: no literal set
	}{
		{`\b(?:i|we) removed\b`, []string{"i removed", "we removed"}}, // case-sensitive: as written
		{`(?i)\bwithout\s+(.{1,60}?)`, []string{"WITHOUT ", "WITHOUT\t", "WITHOUT\n", "WITHOUT\f", "WITHOUT\r"}},
		{`[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+`, []string{"@"}},
		{`(?i)colou?r`, []string{"COLOR", "COLOUR"}},
		{`colou?r`, []string{"color", "colour"}},
		{`删除|去掉`, []string{"删除", "去掉"}},
		{`(?:sure|certainly)(?:$|[^\pL])`, []string{"sure", "certainly"}},
		{`\bhow (?:can|may) i (?:help|assist)`, []string{"how can i help", "how may i help", "how can i assist", "how may i assist"}},
		{`(?:note that|n\.b\.|nb\s*[:：])`, []string{"nb", "n.b.", "note that"}},
		{`a+b`, []string{"a"}},
		{`x.*y`, []string{"x"}},
		{`[:：]`, []string{":", "："}},
		{`(?i)hello`, []string{"HELLO"}}, // compared in canonical case
		{`\bfoo\b|.`, nil},
		{`.*`, nil},
		{`a|.`, nil},
		{`\p{Lu}\p{Ll}+`, nil},
		{`\pL+`, nil},
		{`\x{FFFD}x`, nil}, // U+FFFD also matches an invalid byte
		{`\x{FFFD}`, nil},
	}
	for _, tc := range tests {
		p := litre.MustCompile(tc.expr)
		var got []string
		if sets := litre.LiteralSets(p); len(sets) > 0 {
			got = slices.Clone(sets[0])
		}
		slices.Sort(got)
		want := slices.Clone(tc.want)
		slices.Sort(want)
		if (got != nil) != (tc.want != nil) || !slices.Equal(got, want) {
			t.Errorf("literals of %q = %q (filtered %v), want %q", tc.expr, got, p.Filtered(), tc.want)
		}
	}
}

// TestSets checks that a filter asks for every part of a concatenation it
// knows literals of.
func TestSets(t *testing.T) {
	p := litre.MustCompile(`\b(?:removed|deleted)\s+\w+\s+as\s+(?:you\s+)?requested`)
	if n := len(litre.LiteralSets(p)); n < 2 {
		t.Fatalf("filter of %q has %d literal sets, want 2 or more", p, n)
	}
	tests := []struct {
		text string
		may  bool
	}{
		{"I removed it as requested", true},
		{"I removed it", false},
		{"as requested, it is gone", false},
		{"I DELETED it as you requested", false}, // case-sensitive
	}
	for _, tc := range tests {
		if got := p.MayMatchString(tc.text); got != tc.may {
			t.Errorf("filter on %q = %v, want %v", tc.text, got, tc.may)
		}
		litretest.Agree(t, p.String(), p, tc.text)
	}
}

// TestAnchored checks the filters that also check how the text starts.
func TestAnchored(t *testing.T) {
	tests := []struct {
		expr, text string
		anchored   bool
		may        bool
	}{
		{`^(?:sure|certainly)\b`, "Sure, here it is", true, false}, // case-sensitive: "Sure" is not "sure"
		{`^(?:sure|certainly)\b`, "sure, here it is", true, true},
		{`^(?:sure|certainly)\b`, "sure thing", true, true},
		{`^(?:sure|certainly)\b`, "I am sure", true, false},
		{`^(?:sure|certainly)\b`, "i am sure", true, false},
		{`^(?:sure|certainly)\b`, "", true, false},
		{`(?i)^(?:sure|certainly)\b`, "CERTAINLY!", true, true},
		{`(?i)^(?:sure|certainly)\b`, "\u017Fure", true, true}, // long s folds to S
		{`(?i)^(?:sure|certainly)\b`, "I am sure", true, false},
		{`^sure|ok`, "I am ok", false, true}, // one branch is not anchored
		{`^\w+:`, "key: value", false, true},
	}
	for _, tc := range tests {
		p := litre.MustCompile(tc.expr)
		if got := litre.Anchored(p); got != tc.anchored {
			t.Errorf("%q: anchored %v, want %v", tc.expr, got, tc.anchored)
		}
		if got := p.MayMatchString(tc.text); got != tc.may {
			t.Errorf("filter of %q on %q = %v, want %v", tc.expr, tc.text, got, tc.may)
		}
		litretest.Agree(t, tc.expr, p, tc.text)
	}
}

// TestFirstBytes checks the bytes a text may start with for an anchored
// expression: every case form of the first rune under (?i).
func TestFirstBytes(t *testing.T) {
	tests := []struct {
		expr  string
		want  string // the bytes, in order
		known bool
	}{
		{`^(?:select|insert)\b`, "is", true},
		{`^(?:Select|select)`, "Ss", true},
		{`(?i)^(?:select|insert)\b`, "ISis\xc5", true}, // U+017F, the long s, starts with 0xC5
		{`(?i)^key`, "Kk\xe2", true},                   // U+212A, the Kelvin sign, starts with 0xE2
		{`(?i)^(?:straße|weg)`, "SWsw\xc5", true},
		{`^(?:当然|好的)`, "\xe5", true},
		{`^\w+:`, "", false},
		{`select`, "", false},
	}
	for _, tc := range tests {
		first, known := litre.MustCompile(tc.expr).FirstBytes()
		var got []byte
		for b, ok := range first {
			if ok {
				got = append(got, byte(b))
			}
		}
		if known != tc.known || string(got) != tc.want {
			t.Errorf("FirstBytes of %q = %q, %v; want %q, %v", tc.expr, got, known, tc.want, tc.known)
		}
	}
}

func TestDFA(t *testing.T) {
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
			if l := word(1 + r.IntN(4)); !slices.Contains(lits, l) {
				lits = append(lits, l)
			}
		}
		d := litre.NewDFA(lits)
		for j := 0; j < 20; j++ {
			// Texts past 16 bytes take the automaton's block loop.
			text := word(r.IntN(12) + 8*(j%3))
			want := slices.ContainsFunc(lits, func(l string) bool { return strings.Contains(text, l) })
			if got := d.In(text); got != want {
				t.Fatalf("automaton of %q on %q = %v, want %v", lits, text, got, want)
			}
		}
	}
}

func TestDFACaselessASCII(t *testing.T) {
	d := litre.NewDFA([]string{"remove", "drop it", "straße"})
	d.CaselessASCII()
	tests := []struct {
		text string
		want bool
	}{
		{"please REMOVE it", true},
		{"Drop It now", true},
		{"die Straße", true},
		{"die STRAßE", true}, // ASCII letters only: ß is as it is
		{"die STRASSE", false},
		{"removal", false},
		{"", false},
	}
	for _, tc := range tests {
		if got := d.In(tc.text); got != tc.want {
			t.Errorf("caseless automaton on %q = %v, want %v", tc.text, got, tc.want)
		}
	}
	var all []string
	for b := 0; b < 256; b++ {
		all = append(all, string([]byte{byte(b)}))
	}
	if litre.NewDFA(all) != nil {
		t.Error("an automaton of all 256 byte values is built; its classes do not fit them and the class of no string")
	}
	if d := litre.NewDFA(all[1:]); d == nil || !d.In("x") || d.In("\x00") {
		t.Error("no working automaton of 255 byte values")
	}
}

// TestCaseless checks the filters that read ASCII text without folding it
// against the folded reading, on texts in several case forms, with and
// without the two runes that fold into ASCII.
func TestCaseless(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	caseless, folded := 0, 0
	for _, expr := range exprs {
		p := litre.MustCompile(expr)
		fold, cl := litre.Folding(p)
		if !p.Filtered() || !fold {
			continue
		}
		if cl {
			caseless++
		} else {
			folded++
		}
		tree := litretest.Tree(t, p)
		for i := 0; i < 50; i++ {
			s := litretest.SampleText(r, tree, nil)
			for _, v := range []string{s, strings.ToLower(s), strings.ToUpper(s), "é " + s, s + " \u017F", "\u212A" + s} {
				want := litre.MayFolded(p, v)
				if got := litre.MayFilter(p, v); got != want {
					t.Fatalf("%s: filter on %q = %v, on the folded text %v", expr, v, got, want)
				}
				if got := p.MayMatch(litre.NewTarget(v)); got != want {
					t.Fatalf("%s: MayMatch(target %q) = %v, on the folded text %v", expr, v, got, want)
				}
			}
		}
	}
	if caseless == 0 || folded == 0 {
		t.Errorf("%d filters read text without folding it, %d fold it; want some of each", caseless, folded)
	}
}

// TestAgree samples texts from every expression (with noise around them,
// in random case forms) and checks that the filtered methods give exactly
// what the expression does.
func TestAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	noise := []string{"", " ", "I ", "the ", "x", "\n", "ok, ", "We removed ", "中文", "\u212A", "ſ", "\xff"}
	filtered := 0
	for _, expr := range exprs {
		p := litre.MustCompile(expr)
		if p.Filtered() {
			filtered++
		}
		if matched := litretest.Sampled(t, expr, p, r, 400, noise, " ,okx\nI"); matched < 10 {
			t.Errorf("%s: only %d of the sampled texts match; the test says little", expr, matched)
		}
	}
	if filtered*10 < len(exprs)*7 {
		t.Errorf("only %d of %d expressions have a literal filter", filtered, len(exprs))
	}
}

// TestNeed checks WithNeed and WithoutLiterals.
func TestNeed(t *testing.T) {
	digits := func(s string) bool { return strings.ContainsAny(s, "0123456789") }
	p := litre.MustCompile(`(?i)\bcall\s+\d+`).WithNeed(digits)
	for _, s := range []string{"call 555", "CALL 1", "call me", "call", "555"} {
		if got, want := p.MayMatchString(s), digits(s) && strings.Contains(strings.ToLower(s), "call"); got != want {
			t.Errorf("MayMatchString(%q) with a need = %v, want %v", s, got, want)
		}
		litretest.Agree(t, "call with need", p, s)
	}
	q := litre.New(regexp.MustCompile(`\bcall\s+\d+`)).WithoutLiterals()
	if q.Filtered() {
		t.Error("WithoutLiterals leaves a literal filter")
	}
	if !q.MayMatchString("no call here") {
		t.Error("without literals or need, a text is ruled out")
	}
	q.WithNeed(digits)
	if q.MayMatchString("no call here") || !q.MayMatchString("call 5") {
		t.Error("without literals, the need is not checked")
	}
	if got := litre.NewTarget("call 5").String(); got != "call 5" {
		t.Errorf("Target.String() = %q", got)
	}
}

func FuzzAgree(f *testing.F) {
	f.Add("I removed the password as you asked.")
	f.Add("please remove Bob's phone number (555-0100) and the \u212Aey")
	f.Add("Sure, here is the revised email: how can I help?")
	f.Add("entferne bitte die Straße 12, 删除 this")
	res := make([]*litre.Re, len(exprs))
	for i, expr := range exprs {
		res[i] = litre.MustCompile(expr)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for i, p := range res {
			litretest.Agree(t, exprs[i], p, s)
		}
	})
}

// BenchmarkMatchString runs a case-insensitive filtered expression on
// text that holds none of its literals (the common case on the hot path).
func BenchmarkMatchString(b *testing.B) {
	p := litre.MustCompile(`(?i)\b(?:remove|delete|drop|omit|exclude|redact)\s+(.{1,80}?)(?:[,;!?\n)]|$)`)
	text := strings.Repeat("The launch is on track and the budget holds for the quarter. ", 10)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if p.MatchString(text) {
			b.Fatal("match")
		}
	}
}
