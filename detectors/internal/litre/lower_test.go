package litre

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// lowerSamples are texts for ToLower's tests: every kind of rune it treats
// apart (ASCII either case, runes whose lower case has another length,
// invalid bytes, a genuine U+FFFD, title-case and uncased runes).
var lowerSamples = []string{
	"", "abc", "ABC", "Hello, World!", "Ünïcödé ÄÖÜ ẞ", "İstanbul", "Ω and ω and Ω (ohm)", "K (Kelvin) ſ",
	"ǅ ǈ ǋ", "Привет МИР", "日本語のテキスト", "\xff\xfeBAD", "ok \xc3 broken", "\xed\xa0\x80 surrogate", "\uFFFD real",
	"Ⱥ→ⱥ is longer", "ȿ ɀ", "MIXED case — with a dash", "\x00\x01\x7f",
}

func TestToLowerAgrees(t *testing.T) {
	for _, s := range lowerSamples {
		if got, want := ToLower(s), strings.ToLower(s); got != want {
			t.Errorf("ToLower(%q) = %q, want %q", s, got, want)
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	pieces := []string{"a", "Z", " ", "É", "é", "Σ", "ς", "İ", "Ⱥ", "\xc3", "\xff", "\uFFFD", "日", "ß", "ẞ", "K", "\u212A"}
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := r.IntN(12); n > 0; n-- {
			if r.IntN(4) == 0 {
				b.WriteRune(rune(r.IntN(0x3000))) // any rune of the first planes, some invalid as runes
			} else {
				b.WriteString(pieces[r.IntN(len(pieces))])
			}
		}
		s := b.String()
		if got, want := ToLower(s), strings.ToLower(s); got != want {
			t.Fatalf("ToLower(%q) = %q, want %q", s, got, want)
		}
	}
	// Every rune on its own.
	for c := rune(-1); c <= utf8.MaxRune+1; c++ {
		if got, want := LowerRune(c), unicode.ToLower(c); got != want {
			t.Fatalf("LowerRune(%U) = %U, want %U", c, got, want)
		}
	}
	for c := rune(0); c <= utf8.MaxRune; c++ {
		s := string(c) + "x"
		if got, want := ToLower(s), strings.ToLower(s); got != want {
			t.Fatalf("ToLower(%q) = %q, want %q", s, got, want)
		}
	}
}

func FuzzToLower(f *testing.F) {
	for _, s := range lowerSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := ToLower(s), strings.ToLower(s); got != want {
			t.Fatalf("ToLower(%q) = %q, want %q", s, got, want)
		}
	})
}

func BenchmarkToLower(b *testing.B) {
	s := strings.Repeat("The Quick brown fox — jumped “over” the lazy dog. ", 20)
	b.Run("litre", func(b *testing.B) {
		for b.Loop() {
			ToLower(s)
		}
	})
	b.Run("strings", func(b *testing.B) {
		for b.Loop() {
			strings.ToLower(s)
		}
	})
}

// TestCanonRuneAgrees checks canonRune's tables and shortcuts against the
// orbit walk, on every rune.
func TestCanonRuneAgrees(t *testing.T) {
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if got, want := canonRune(r), canonOrbit(r); got != want {
			t.Fatalf("canonRune(%U) = %U, want %U", r, got, want)
		}
	}
}

// foldTextRef is foldTextAligned as first written (rune by rune), the
// reference for it.
func foldTextRef(s string) (string, bool) {
	var b strings.Builder
	aligned := true
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteByte(s[i])
		} else {
			c := canonOrbit(r)
			aligned = aligned && utf8.RuneLen(c) == n
			b.WriteRune(c)
		}
		i += n
	}
	return b.String(), aligned
}

func TestFoldTextAgrees(t *testing.T) {
	check := func(s string) {
		t.Helper()
		got, gotAligned := foldTextAligned(s)
		want, wantAligned := foldTextRef(s)
		if got != want || gotAligned != wantAligned {
			t.Fatalf("foldTextAligned(%q) = %q, %v; want %q, %v", s, got, gotAligned, want, wantAligned)
		}
	}
	for _, s := range lowerSamples {
		check(s)
	}
	r := rand.New(rand.NewPCG(7, 8))
	pieces := []string{"a", "Z", " ", "É", "é", "Σ", "ς", "ſ", "\u212A", "Ⱥ", "\xc3", "\xff", "\uFFFD", "日", "ß", "ẞ", "—", "“"}
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := r.IntN(12); n > 0; n-- {
			if r.IntN(4) == 0 {
				b.WriteRune(rune(r.IntN(0x3000)))
			} else {
				b.WriteString(pieces[r.IntN(len(pieces))])
			}
		}
		check(b.String())
	}
}

func FuzzFoldText(f *testing.F) {
	for _, s := range lowerSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, gotAligned := foldTextAligned(s)
		want, wantAligned := foldTextRef(s)
		if got != want || gotAligned != wantAligned {
			t.Fatalf("foldTextAligned(%q) = %q, %v; want %q, %v", s, got, gotAligned, want, wantAligned)
		}
	})
}
