package litre

import (
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// foldsToASCII reports whether s holds a rune outside ASCII whose
// canonical case (canonRune) is ASCII: U+017F (ſ, for S) and U+212A (the
// Kelvin sign, for K) are the only ones.
func foldsToASCII(s string) bool {
	return strings.Contains(s, "\u017F") || strings.Contains(s, "\u212A")
}

// canonRune maps r to the smallest rune of its case-folding orbit.
func canonRune(r rune) rune {
	switch {
	case r < utf8.RuneSelf:
		if 'a' <= r && r <= 'z' {
			return r - 'a' + 'A'
		}
		return r
	case r < rune(len(canonLow)):
		return rune(canonLow[r])
	case uncased(r):
		return r
	}
	return canonOrbit(r)
}

// canonOrbit is canonRune by walking r's orbit.
func canonOrbit(r rune) rune {
	m := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		m = min(m, f)
	}
	return m
}

// canonLow holds canonRune of the runes below U+3000 (the alphabets,
// the scripts of India and South-East Asia, punctuation and symbols),
// whose orbits' smallest runes are smaller still (24 KB).
var canonLow = func() (t [0x3000]uint16) {
	for r := range rune(len(t)) {
		t[r] = uint16(canonOrbit(r))
	}
	return t
}()

// foldText maps every rune of s to canonRune (invalid bytes are kept).
func foldText(s string) string {
	f, _ := foldTextAligned(s)
	return f
}

// foldTextAligned is foldText, and whether every rune of s and its
// canonRune have the same length (so that byte offsets agree).
func foldTextAligned(s string) (string, bool) {
	b := make([]byte, 0, len(s)+utf8.UTFMax)
	aligned := true
	for i := 0; i < len(s); {
		if b, i = appendASCII(b, s, i, 'a', 'A'); i == len(s) {
			break
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch c := canonRune(r); {
		case r == utf8.RuneError && n == 1:
			b = append(b, s[i])
		case c == r:
			b = append(b, s[i:i+n]...)
		default:
			aligned = aligned && utf8.RuneLen(c) == n
			b = utf8.AppendRune(b, c)
		}
		i += n
	}
	return unsafe.String(unsafe.SliceData(b), len(b)), aligned
}

// orbitOf returns r and the runes that fold to it (its case-folding orbit).
func orbitOf(r rune) []rune {
	out := []rune{r}
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		out = append(out, f)
	}
	return out
}

// appendASCII appends the run of ASCII bytes at s[i:] to b, the letters
// from..from+25 changed to to..to+25 ('a', 'A' upper-cases; 'A', 'a'
// lower-cases), and returns b and the run's end.
func appendASCII(b []byte, s string, i int, from, to byte) ([]byte, int) {
	j := i
	for j < len(s) && s[j] < utf8.RuneSelf {
		j++
	}
	k := len(b)
	b = append(b, s[i:j]...)
	for ; k < len(b); k++ {
		if c := b[k]; from <= c && c <= from+25 {
			b[k] = c - from + to
		}
	}
	return b, j
}
