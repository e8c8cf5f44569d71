package litre_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/revtrace/revtrace/detectors/internal/litre"
	"github.com/revtrace/revtrace/detectors/internal/litre/litretest"
)

// startExprs are unanchored alternations whose matches start with known
// literals (after \b and (?m)^), the kind the start positions serve.
var startExprs = []string{
	`(?i)\b(?:remove|delete|drop|cut|take|keep|no|not|nothing)\b|\b(?:remplac|ersetz)|don['’]?t\s+want|без|удал|删|去掉|省|\bnimm\b|enl[eè]v|hard-?code`,
	`(?i)\b(?:ſtart|\x{212A}ey|kelvin|strasse)\b|ß`,
	`\b(?:i|we) removed\b|\bthe (?:key|name)\b`,
	`(?m)^(?:note|nb):|\bok\b`,
	`(?i)(?:^|\b)(?:si|se|wenn)\b`,
	`(?i)\b(?:ΣΑΣ|σας|éclair)\b|xy\b`,
	`(?i)\bwithout\s+(.{1,60}?)`,
	`(?i)\b(?:removed|deleted)\s+(.{1,40}?)\s+as\s+(?:you\s+)?(?:requested|asked)`,
	`(?i)\bkey\b`,
	`(?i)\b\d{1,5}\s+(?:rue|street|st\.?|straße|strasse|weg)\b`,
}

// TestStarts checks that matching from the start literals gives what the
// expression does, on texts of any length.
func TestStarts(t *testing.T) {
	defer litre.SetStartsMin(litre.SetStartsMin(0))
	r := rand.New(rand.NewPCG(9, 10))
	noise := []string{"", " ", "I ", "the ", "x", "\n", "ok, ", "We removed ", "中文", "\u212A", "ſ", "\xff", "\xd0", "ẞ", "Ω",
		"no ", "knot ", "_", "é", "нет ", strings.Repeat("the plan holds, ", 5)}
	with := 0
	for _, expr := range append(startExprs, exprs...) {
		p := litre.MustCompile(expr)
		if litre.HasStarts(p) {
			with++
		}
		litretest.Sampled(t, expr, p, r, 600, noise, " ,okx\nI")
		for i := 0; i < 300; i++ {
			var b strings.Builder
			for n := r.IntN(8); n >= 0; n-- {
				b.WriteString(noise[r.IntN(len(noise))])
				if r.IntN(3) == 0 {
					b.WriteString(litretest.SampleText(r, litretest.Tree(t, p), nil))
				}
			}
			litretest.Agree(t, expr, p, b.String())
		}
	}
	for _, expr := range startExprs[:6] {
		if !litre.HasStarts(litre.MustCompile(expr)) {
			t.Errorf("%s: no start literals", expr)
		}
	}
	if with < 8 {
		t.Errorf("only %d expressions find their starts", with)
	}
}

func FuzzStarts(f *testing.F) {
	f.Add("I removed the password as you asked.")
	f.Add("please remove Bob's phone number and the \u212Aey, don’t want it")
	f.Add("entferne bitte die Straße 12, 删除 this, не надо, ſtart")
	res := make([]*litre.Re, len(startExprs))
	for i, expr := range startExprs {
		res[i] = litre.MustCompile(expr)
	}
	f.Fuzz(func(t *testing.T, s string) {
		defer litre.SetStartsMin(litre.SetStartsMin(0))
		for i, p := range res {
			litretest.Agree(t, startExprs[i], p, s)
		}
	})
}

// BenchmarkStarts runs a large case-insensitive alternation on a long
// text that it matches only at the end.
func BenchmarkStarts(b *testing.B) {
	p := litre.MustCompile(startExprs[0])
	text := strings.Repeat("The launch is on track and the budget holds for another quarter. ", 20) + "please drop it"
	for _, min := range []int{1 << 30, 0} {
		name := "plain"
		if min < 1<<20 {
			name = "starts"
		}
		b.Run(name, func(b *testing.B) {
			defer litre.SetStartsMin(litre.SetStartsMin(min))
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				if !p.MatchString(text) {
					b.Fatal("no match")
				}
			}
		})
	}
}
