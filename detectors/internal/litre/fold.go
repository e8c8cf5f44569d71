package litre

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// foldsToASCII reports whether s holds a rune outside ASCII whose
// canonical case (canonRune) is ASCII: U+017F (ſ, for S) and U+212A (the
// Kelvin sign, for K) are the only ones.
func foldsToASCII(s string) bool {
	return strings.Contains(s, "\u017F") || strings.Contains(s, "\u212A")
}

// canonRune maps r to the smallest rune of its case-folding orbit.
func canonRune(r rune) rune {
	if r < utf8.RuneSelf {
		if 'a' <= r && r <= 'z' {
			return r - 'a' + 'A'
		}
		return r
	}
	m := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		m = min(m, f)
	}
	return m
}

// foldText maps every rune of s to canonRune (invalid bytes are kept).
func foldText(s string) string {
	f, _ := foldTextAligned(s)
	return f
}

// foldTextAligned is foldText, and whether every rune of s and its
// canonRune have the same length (so that byte offsets agree).
func foldTextAligned(s string) (string, bool) {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	var b strings.Builder
	b.Grow(len(s))
	if ascii {
		for i := 0; i < len(s); i++ {
			c := s[i]
			if 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			}
			b.WriteByte(c)
		}
		return b.String(), true
	}
	aligned := true
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			}
			b.WriteByte(c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteByte(c)
		} else {
			c := canonRune(r)
			aligned = aligned && utf8.RuneLen(c) == n
			b.WriteRune(c)
		}
		i += n
	}
	return b.String(), aligned
}

// orbitOf returns r and the runes that fold to it (its case-folding orbit).
func orbitOf(r rune) []rune {
	out := []rune{r}
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		out = append(out, f)
	}
	return out
}
