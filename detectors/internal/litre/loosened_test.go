package litre

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// looseBytes are the gate's classes as the trace scanner uses them: '*' and
// '_' skipped, every byte outside ASCII poisoned.
func looseBytes() (skip, poison *[256]bool) {
	skip, poison = new([256]bool), new([256]bool)
	skip['*'], skip['_'] = true, true
	for c := utf8.RuneSelf; c < 256; c++ {
		poison[c] = true
	}
	return skip, poison
}

// checkLoosened compares the loosened automaton of d on s with d on s
// without its skipped bytes (every bit once a poisoned byte is read).
func checkLoosened(t testing.TB, d, l *MaskDFA, s string) {
	t.Helper()
	want := d.Scan(strings.NewReplacer("*", "", "_", "").Replace(s))
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			want = ^uint64(0)
		}
	}
	if got := l.Scan(s); got != want {
		t.Fatalf("Loosened Scan(%q) = %#x, want %#x", s, got, want)
	}
}

func TestLoosened(t *testing.T) {
	skip, poison := looseBytes()
	r := rand.New(rand.NewPCG(21, 22))
	textAlphabet := []string{"a", "b", "c", "x", "*", "_", "**", "é", " ", "A"}
	for i := 0; i < 2000; i++ {
		var lits []string
		for _, l := range randomLits(r) {
			if l = strings.Map(func(c rune) rune {
				if c >= utf8.RuneSelf {
					return 'c'
				}
				return c
			}, l); l != "" {
				lits = append(lits, l)
			}
		}
		masks := make([]uint64, len(lits))
		for k := range masks {
			masks[k] = 1 << r.IntN(64)
		}
		d := NewMaskDFA(lits, masks)
		d.CaselessASCII()
		l := d.Loosened(skip, poison)
		if l == nil {
			t.Fatalf("Loosened(%q) = nil", lits)
		}
		for j := 0; j < 20; j++ {
			var b strings.Builder
			for n := r.IntN(24); n > 0; n-- {
				b.WriteString(textAlphabet[r.IntN(len(textAlphabet))])
			}
			checkLoosened(t, d, l, b.String())
		}
	}
}

func TestLoosenedTooWide(t *testing.T) {
	var lit []byte
	for c := 1; c < 255; c++ {
		lit = append(lit, byte(c))
	}
	d := NewMaskDFA([]string{string(lit)}, []uint64{1})
	skip, poison := looseBytes()
	if d.Loosened(skip, poison) != nil {
		t.Fatal("Loosened fitted 256 classes and two more")
	}
}

func FuzzLoosened(f *testing.F) {
	f.Add("I re**moved** the pass_word")
	f.Add("let me know if you want the __old__ one back")
	f.Add("entfernt: 删除 ~~this~~")
	lits := []string{"remov", "let me know", "password", "back", "~~", "if you", "old one"}
	masks := []uint64{1, 2, 4, 8, 16, 32, 64}
	d := NewMaskDFA(lits, masks)
	d.CaselessASCII()
	skip, poison := looseBytes()
	l := d.Loosened(skip, poison)
	f.Fuzz(func(t *testing.T, s string) { checkLoosened(t, d, l, s) })
}
