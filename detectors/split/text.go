package split

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/revtrace/revtrace/detectors/internal/litre"
)

// isSpace reports whether r is whitespace for trimming: Unicode White_Space
// plus the zero-width space and the byte-order mark, which models and
// editors leave around text.
func isSpace(r rune) bool {
	return unicode.IsSpace(r) || r == '\u200b' || r == '\ufeff'
}

// trimSpan returns [s,e) of text without surrounding whitespace; an all-blank
// range becomes the empty span at s.
func trimSpan(text string, s, e int) Span {
	for s < e {
		r, n := utf8.DecodeRuneInString(text[s:e])
		if !isSpace(r) {
			break
		}
		s += n
	}
	for e > s {
		r, n := utf8.DecodeLastRuneInString(text[s:e])
		if !isSpace(r) {
			break
		}
		e -= n
	}
	return Span{Start: s, End: e}
}

// trimRight returns e moved left past trailing whitespace, never before s.
func trimRight(text string, s, e int) int {
	return trimSpan(text, s, e).End
}

// isBlank reports whether s holds only whitespace.
func isBlank(s string) bool {
	for _, r := range s {
		if !isSpace(r) {
			return false
		}
	}
	return true
}

// isRuleLine reports whether the trimmed line is a thematic break or a
// decorative separator: three or more of one of - * _ = and the box-drawing
// or dash characters models use for rules, spaces allowed between them.
func isRuleLine(s string) bool {
	s = strings.TrimSpace(s)
	var ch rune
	n := 0
	for _, r := range s {
		switch r {
		case ' ', '\t':
			continue
		case '-', '*', '_', '=', '─', '━', '—', '–', '═', '~':
		default:
			return false
		}
		if ch == 0 {
			ch = r
		} else if r != ch {
			return false
		}
		n++
	}
	return n >= 3
}

// runeCount counts the runes of s (an invalid byte counts as one).
func runeCount(s string) int { return utf8.RuneCountInString(s) }

// moreRunes reports whether s holds more than n runes (runeCount(s) > n),
// counting no further than needed.
func moreRunes(s string, n int) bool {
	if len(s) <= n {
		return false // a rune takes at least one byte
	}
	if len(s) > n*utf8.UTFMax {
		return true
	}
	for i := range s {
		if n == 0 {
			return i < len(s)
		}
		n--
	}
	return false
}

// cueText prepares a line for cue matching: trims it, drops leading
// decoration (markdown emphasis, heading and quote markers, brackets,
// emoji, inverted punctuation), folds typographic apostrophes to ASCII and
// lower-cases it.
func cueText(s string) string {
	s = strings.TrimLeftFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	s = strings.TrimRightFunc(s, func(r rune) bool {
		return isSpace(r) || r == '*' || r == '_' || r == ')' || r == ']'
	})
	if hasApostrophe(s) {
		s = apostrophes.Replace(s)
	}
	return litre.ToLower(s)
}

// hasApostrophe reports whether s holds one of the apostrophes cueText
// folds: '`' or a character outside ASCII (it may be one of the others).
func hasApostrophe(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '`' || s[i] >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

var apostrophes = strings.NewReplacer("\u2019", "'", "\u2018", "'", "\u02bc", "'", "\u00b4", "'", "`", "'", "\uff07", "'")

// endsWithColon reports whether the trimmed text ends in a colon (ASCII or
// full-width), ignoring closing emphasis markers.
func endsWithColon(s string) bool {
	s = strings.TrimRightFunc(s, func(r rune) bool { return isSpace(r) || r == '*' || r == '_' })
	return strings.HasSuffix(s, ":") || strings.HasSuffix(s, "：")
}
