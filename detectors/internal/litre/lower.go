package litre

import (
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// ToLower returns strings.ToLower(s), byte for byte (invalid UTF-8 becomes
// U+FFFD, as there), faster on the usual text of chat logs: mostly ASCII
// with some other runes, which strings.ToLower maps rune by rune through
// unicode.ToLower. Here ASCII bytes are lowered in place and only the
// other runes go through unicode.ToLower.
func ToLower(s string) string {
	i := 0
	for i < len(s) && s[i] < utf8.RuneSelf && (s[i] < 'A' || s[i] > 'Z') {
		i++
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, i, len(s)+utf8.UTFMax)
	copy(b, s[:i])
	for i < len(s) {
		if b, i = appendASCII(b, s, i, 'A', 'a'); i == len(s) {
			break
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b = append(b, "\uFFFD"...)
		case r < rune(len(lowerLow)):
			if l := rune(lowerLow[r]); l == r {
				b = append(b, s[i:i+n]...)
			} else {
				b = utf8.AppendRune(b, l)
			}
		case uncased(r):
			b = append(b, s[i:i+n]...)
		default:
			b = utf8.AppendRune(b, unicode.ToLower(r))
		}
		i += n
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// uncased reports runes of blocks without case that chat text is full of
// (general punctuation, CJK, kana, Hangul syllables, emoji): unicode.ToLower
// and the case folding return them as they are, after a search of their
// tables. TestToLowerAgrees and TestCanonRuneAgrees check every rune.
func uncased(r rune) bool {
	return 0x2000 <= r && r <= 0x206F || 0x3000 <= r && r <= 0x9FFF || 0xAC00 <= r && r <= 0xD7A3 ||
		0x1F000 <= r && r <= 0x1FAFF
}

// LowerRune returns unicode.ToLower(r), from a table below U+3000 and
// without a search for uncased blocks.
func LowerRune(r rune) rune {
	switch {
	case r < rune(len(lowerLow)):
		if r < 0 {
			return r
		}
		return rune(lowerLow[r])
	case uncased(r):
		return r
	}
	return unicode.ToLower(r)
}

// lowerLow holds unicode.ToLower of the runes below U+3000 (all of them
// lower-case below U+3000 too; TestToLowerAgrees checks every rune).
var lowerLow = func() (t [0x3000]uint16) {
	for r := range rune(len(t)) {
		t[r] = uint16(unicode.ToLower(r))
	}
	return t
}()
