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
		// A run of ASCII: copied at once, then lowered in place.
		j := i
		for j < len(s) && s[j] < utf8.RuneSelf {
			j++
		}
		k := len(b)
		b = append(b, s[i:j]...)
		for ; k < len(b); k++ {
			if c := b[k]; 'A' <= c && c <= 'Z' {
				b[k] = c + 'a' - 'A'
			}
		}
		if i = j; i == len(s) {
			break
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b = append(b, "\uFFFD"...)
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
