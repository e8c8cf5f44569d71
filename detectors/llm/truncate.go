package llm

import (
	"fmt"
	"unicode/utf8"
)

// TruncateMiddle shortens s to about max characters (runes) by cutting out
// its middle: the first head share of max and the rest from the end are
// kept, never the end itself, and the cut is marked
// "[... N characters omitted ...]" on a line of its own. s is returned as it
// is when it fits.
func TruncateMiddle(s string, max int, head float64) string {
	n := utf8.RuneCountInString(s)
	if max <= 0 || n <= max {
		return s
	}
	h := int(float64(max) * head)
	t := max - h
	// Byte offsets of the head end and the tail start.
	hb, tb := 0, len(s)
	for i := 0; i < h; i++ {
		_, sz := utf8.DecodeRuneInString(s[hb:])
		hb += sz
	}
	for i := 0; i < t; i++ {
		_, sz := utf8.DecodeLastRuneInString(s[:tb])
		tb -= sz
	}
	return fmt.Sprintf("%s\n[... %d characters omitted ...]\n%s", s[:hb], n-h-t, s[tb:])
}
