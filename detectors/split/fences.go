package split

import (
	"strings"

	"github.com/revtrace/revtrace/detectors/internal/litre"
)

// line is one line of a text. Its content is text[start:end]; next is the
// offset of the following line (end plus the length of the line break: 0 for
// the last line without one, 1 for LF or a lone CR, 2 for CRLF).
type line struct {
	start, end, next int
}

// splitLines cuts text into lines. LF, CRLF and a lone CR all end a line.
func splitLines(text string) []line {
	ls := make([]line, 0, strings.Count(text, "\n")+1)
	for i := 0; i < len(text); {
		j := i
		for j < len(text) && text[j] != '\n' && text[j] != '\r' {
			j++
		}
		next := j
		if j < len(text) {
			next = j + 1
			if text[j] == '\r' && j+1 < len(text) && text[j+1] == '\n' {
				next = j + 2
			}
		}
		ls = append(ls, line{start: i, end: j, next: next})
		i = next
	}
	return ls
}

// leading measures the indentation of s: the width in columns (tab stops every
// four columns, as CommonMark counts them) and the number of bytes of spaces
// and tabs it spans.
func leading(s string) (cols, off int) {
	for off < len(s) {
		switch s[off] {
		case ' ':
			cols++
		case '\t':
			cols += 4 - cols%4
		default:
			return cols, off
		}
		off++
	}
	return cols, off
}

// stripQuotes removes up to max block-quote markers (">" after at most three
// columns of indentation, with one optional following space); max < 0 removes
// them all. It returns how many it removed and the rest of s.
func stripQuotes(s string, max int) (depth int, rest string) {
	for max < 0 || depth < max {
		cols, off := leading(s)
		if cols > 3 || off >= len(s) || s[off] != '>' {
			break
		}
		s = s[off+1:]
		if len(s) > 0 && (s[0] == ' ' || s[0] == '\t') {
			s = s[1:]
		}
		depth++
	}
	return depth, s
}

// openingFence reports whether s (starting at its first non-blank byte) opens
// a fenced code block: three or more backticks or tildes, then an info string
// that, for a backtick fence, holds no backtick.
func openingFence(s string) (ch byte, n int, info string, ok bool) {
	if len(s) < 3 || (s[0] != '`' && s[0] != '~') {
		return 0, 0, "", false
	}
	ch = s[0]
	for n < len(s) && s[n] == ch {
		n++
	}
	if n < 3 {
		return 0, 0, "", false
	}
	info = strings.TrimSpace(s[n:])
	if ch == '`' && strings.IndexByte(info, '`') >= 0 {
		return 0, 0, "", false
	}
	return ch, n, info, true
}

// closingFence reports whether s closes a fence of n characters ch: at most
// maxIndent columns of indentation, at least n of ch, then only spaces or tabs.
func closingFence(s string, ch byte, n, maxIndent int) bool {
	cols, off := leading(s)
	if cols > maxIndent {
		return false
	}
	k := off
	for k < len(s) && s[k] == ch {
		k++
	}
	if k-off < n {
		return false
	}
	for ; k < len(s); k++ {
		if s[k] != ' ' && s[k] != '\t' {
			return false
		}
	}
	return true
}

// listItem reports whether s, which starts at the first non-blank byte of a
// line indented by cols columns, opens a list item ("- ", "* ", "+ ", "1. ",
// "1) "), and returns the column where the item's content starts.
func listItem(s string, cols int) (contentCol int, ok bool) {
	if s == "" {
		return 0, false
	}
	m := 0
	switch s[0] {
	case '-', '*', '+':
		m = 1
	default:
		for m < len(s) && m < 9 && s[m] >= '0' && s[m] <= '9' {
			m++
		}
		if m == 0 || m >= len(s) || (s[m] != '.' && s[m] != ')') {
			return 0, false
		}
		m++
	}
	if m == len(s) {
		return cols + m + 1, true
	}
	if s[m] != ' ' && s[m] != '\t' {
		return 0, false
	}
	sp, off := leading(s[m:])
	if off == len(s)-m || sp > 4 {
		sp = 1
	}
	return cols + m + sp, true
}

// block is a fenced code block in line terms.
type block struct {
	open  int // index of the opening line
	close int // index of the closing line, -1 when the fence is never closed
	after int // index of the first line after the block
	ch    byte
	info  string
}

// findFences finds the fenced code blocks of text the way CommonMark does:
// an opening fence of three or more backticks or tildes indented by at most
// three columns (relative to the list item holding it, so a fence nested in
// a list item may be indented more), closed by a fence of the same
// character at least as long with nothing else on its line, or running to
// the end of the text (or of the block quote holding it) when never closed.
//
// One deliberate leniency: inside a list item, a closing fence indented less
// than the item's content (a common slip in model output) still closes the
// block, and content lines indented less than the item do not end it.
func findFences(text string, ls []line) []block {
	var out []block
	var items []int // content columns of the open list items, innermost last
	for i := 0; i < len(ls); i++ {
		s := text[ls[i].start:ls[i].end]
		depth, rest := stripQuotes(s, -1)
		cols, off := leading(rest)
		if off == len(rest) {
			continue // blank lines keep list items open
		}
		for len(items) > 0 && cols < items[len(items)-1] {
			items = items[:len(items)-1]
		}
		base := 0
		if len(items) > 0 {
			base = items[len(items)-1]
		}
		if cols-base <= 3 {
			if ch, n, info, ok := openingFence(rest[off:]); ok {
				b := block{open: i, close: -1, ch: ch, info: info}
				j := i + 1
				for ; j < len(ls); j++ {
					t := text[ls[j].start:ls[j].end]
					if depth > 0 {
						d, r := stripQuotes(t, depth)
						if d < depth {
							break // the block quote ends, and the fence with it
						}
						t = r
					}
					if closingFence(t, ch, n, base+3) {
						b.close = j
						j++
						break
					}
				}
				b.after = j
				out = append(out, b)
				i = j - 1
				continue
			}
		}
		if w, ok := listItem(rest[off:], cols); ok && !isRuleLine(rest[off:]) {
			items = append(items, w)
		}
	}
	return out
}

// Fence is one fenced code block of a text.
type Fence struct {
	Start, End int    // the whole block, from the opening fence to the end of the closing fence line (line break excluded)
	Content    Span   // the lines between the fence lines, trimmed of surrounding whitespace (empty at the content start when blank)
	Info       string // the opening fence's info string, trimmed ("python", "json title=a.json")
	Lang       string // the first word of Info, lower-cased ("" when none)
	Closed     bool   // false when the fence runs to the end of the text (or of its block quote)
}

// Fences returns the fenced code blocks of text in order, found as CommonMark
// finds them (see findFences for the one leniency). Line breaks may be LF,
// CRLF or a lone CR.
func Fences(text string) []Fence {
	ls := splitLines(text)
	bs := findFences(text, ls)
	out := make([]Fence, len(bs))
	for k, b := range bs {
		out[k] = makeFence(text, ls, b)
	}
	return out
}

// makeFence turns a block into a Fence.
func makeFence(text string, ls []line, b block) Fence {
	f := Fence{Start: ls[b.open].start, Info: b.info, Closed: b.close >= 0}
	if fs := strings.Fields(b.info); len(fs) > 0 {
		f.Lang = litre.ToLower(strings.Trim(fs[0], "{}.,;:"))
	}
	cs := ls[b.open].next
	ce := len(text)
	if b.close >= 0 {
		ce = ls[b.close].start
		f.End = ls[b.close].end
	} else {
		if b.after < len(ls) {
			ce = ls[b.after].start
		}
		f.End = trimRight(text, f.Start, ce)
	}
	if cs > ce {
		cs = ce
	}
	f.Content = trimSpan(text, cs, ce)
	if f.End < ls[b.open].end {
		f.End = ls[b.open].end
	}
	return f
}
