// Package screen is the keyword screen of revtrace: a generous, rule-driven
// pre-selection of user turns that might ask the assistant to change
// something it already produced.
//
// The rules are data: cues grouped in families (withdraw, replace, correct,
// extend, reformat, generic), each tagged with its language, plus positive
// and negative examples that the tests run. The default rules are embedded
// (rules.txt, documented in its header); Load reads a user's file in the same
// format, which can start from the defaults with "@extends default".
//
// Matching runs on the user's own prose (Prose blanks code, quotes and pasted
// material), folded to lower case without changing byte offsets (Fold). An
// Aho-Corasick automaton finds every cue candidate in one pass; each is then
// checked for word boundaries, line anchors and the later parts of gapped
// cues ("leave ... out").
//
// The screen only selects; the revision classifier decides. Its family is a
// hint, never the label.
package screen

import (
	"bufio"
	"bytes"
	_ "embed"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
	"unsafe"

	ahocorasick "github.com/BobuSumisu/aho-corasick"
)

// Version identifies the screen's code and default rules; it is recorded with
// results.
const Version = "screen-11"

// Cue families.
const (
	Withdraw = "withdraw"
	Replace  = "replace"
	Correct  = "correct"
	Reformat = "reformat"
	Extend   = "extend"
	Generic  = "generic"
)

// families in precedence order: when cues of several families match, Match
// reports the earliest family of this list (the order of the revision types'
// precedence, generic last).
var families = []string{Withdraw, Replace, Correct, Extend, Reformat, Generic}

// Families returns the cue families in precedence order.
func Families() []string { return slices.Clone(families) }

// FamilyRank returns the precedence rank of a family (0 = highest), or -1 for
// an unknown name.
func FamilyRank(family string) int { return slices.Index(families, family) }

//go:embed rules.txt
var defaultRules []byte

// DefaultRules returns the embedded default rules file.
func DefaultRules() []byte { return bytes.Clone(defaultRules) }

// ShortWords is the most words of prose (see Short) a turn may hold to be
// selected without a cue: cue-less revisions are short ("the column is
// called Region", "ab 18 uhr, nicht 19", "3日です", a pasted error alone).
const ShortWords = 20

// Short reports whether prose (the result of Prose) holds at most ShortWords
// words. A word is a run of letters or digits of a spaced script; two runes
// of a script written without spaces (Han, kana, Hangul) count as one word.
// Prose that is all blank (a turn that only pastes code or an error) is
// short. The count stops as soon as it exceeds the limit.
func Short(prose string) bool {
	words, cjk, in := 0, 0, false
	for i := 0; i < len(prose); {
		c := prose[i]
		if c == ' ' {
			// Blanked material is runs of spaces: eight at a time.
			in = false
			for i++; i+8 <= len(prose) && prose[i:i+8] == "        "; i += 8 {
			}
			continue
		}
		if c < utf8.RuneSelf {
			w := c == '_' || ('0' <= c && c <= '9') || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
			if w && !in {
				words++
			}
			in = w
			i++
		} else {
			r, n := utf8.DecodeRuneInString(prose[i:])
			i += n
			switch {
			case isCJK(r):
				cjk++
				in = false
			case isWordRune(r):
				if !in {
					words++
				}
				in = true
			default:
				in = false
			}
		}
		if words+cjk/2 > ShortWords {
			return false
		}
	}
	return true
}

// gapWindow is how far (in bytes) the next part of a gapped cue may start
// after the end of the previous part.
const gapWindow = 60

// Match is the cue chosen for a turn.
type Match struct {
	Keyword string // the cue as written in the rules file ("remov*", "leave ... out")
	Family  string // withdraw|replace|correct|reformat|extend|generic
	Lang    string // language tag(s) of the cue ("en", "es,it" when shared)
}

// Hit is one cue found in a turn.
type Hit struct {
	Match
	Start, End int // byte offsets into the turn: first part's start to last part's end
	cue        int
}

// Example is one positive or negative example of a family in a rules file.
type Example struct {
	Family   string
	Lang     string
	Text     string
	Positive bool // a cue of Family must match (true) or none may (false)
	Line     int  // line in the rules file (in the extending file for user rules)
}

type cue struct {
	text    string     // folded, as written
	family  string     //
	rank    int        // FamilyRank(family)
	lang    string     //
	parts   [][]string // per part, its spelling variants (apostrophes)
	anchor  bool       // must start a line
	openL   bool       // no word boundary on the left
	openR   bool       // no word boundary on the right
	order   int        // position in the rules
	foreign bool       // Latin-script cue not tagged en: skipped in English turns
}

// Screen is a compiled set of rules. It is safe for concurrent use.
type Screen struct {
	cues      []cue
	patterns  []string          // the cues' first-part spellings, by pattern id
	ac        *automaton        // finds patterns (nil: more byte values than it holds; use trie)
	trie      *ahocorasick.Trie // the same, built only when ac is nil
	byPattern [][]int           // pattern id -> indexes into cues
	examples  []Example
}

var (
	defaultOnce   sync.Once
	defaultScreen *Screen
)

// Default returns the screen built from the embedded default rules. It is
// built once and shared.
func Default() *Screen {
	defaultOnce.Do(func() {
		set, err := parse(defaultRules)
		if err != nil {
			panic("screen: embedded rules: " + err.Error())
		}
		s, err := compile(set.cues, set.examples)
		if err != nil {
			panic("screen: embedded rules: " + err.Error())
		}
		defaultScreen = s
	})
	return defaultScreen
}

// Load reads a rules file in the format of the embedded one (see rules.txt).
// A file whose first directive is "@extends default" adds to the default
// rules (a cue already defined moves to the family the file gives it);
// otherwise it replaces them.
func Load(r io.Reader) (*Screen, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("screen: read rules: %w", err)
	}
	set, err := parse(data)
	if err != nil {
		return nil, err
	}
	cues, examples := set.cues, set.examples
	if set.extends {
		base, err := parse(defaultRules)
		if err != nil {
			return nil, err
		}
		cues = overlay(base.cues, set.cues)
		examples = append(base.examples, set.examples...)
	}
	return compile(cues, examples)
}

// Examples returns the examples of the rules, in file order.
func (s *Screen) Examples() []Example { return slices.Clone(s.examples) }

// Cues returns the number of cues.
func (s *Screen) Cues() int { return len(s.cues) }

// Verify runs every example of the rules through the screen and returns an
// error describing the examples that fail, or nil.
func (s *Screen) Verify() error {
	var bad []string
	for _, ex := range s.examples {
		if err := s.CheckExample(ex); err != nil {
			bad = append(bad, err.Error())
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("screen: %d example(s) fail:\n%s", len(bad), strings.Join(bad, "\n"))
	}
	return nil
}

// CheckExample runs one example and returns an error when it fails.
func (s *Screen) CheckExample(ex Example) error {
	_, hits := s.Hits(ex.Text)
	var found []string
	for _, h := range hits {
		if h.Family == ex.Family {
			found = append(found, h.Keyword)
		}
	}
	switch {
	case ex.Positive && len(found) == 0:
		return fmt.Errorf("line %d: %s %s example %q: no %s cue matches", ex.Line, ex.Family, ex.Lang, ex.Text, ex.Family)
	case !ex.Positive && len(found) > 0:
		return fmt.Errorf("line %d: %s %s negative example %q: matched %q", ex.Line, ex.Family, ex.Lang, ex.Text, found)
	}
	return nil
}

// Match reports the cue chosen for a turn: among the cues found in the
// turn's prose, the one of the family with the highest precedence, then the
// longest cue, then the earliest in the turn, then the first in the rules.
func (s *Screen) Match(turn string) (Match, bool) {
	_, hits := s.Hits(turn)
	h, ok := Best(hits)
	return h.Match, ok
}

// Best returns the hit Match would choose among hits.
func Best(hits []Hit) (Hit, bool) {
	if len(hits) == 0 {
		return Hit{}, false
	}
	best := hits[0]
	for _, h := range hits[1:] {
		if better(h, best) {
			best = h
		}
	}
	return best, true
}

func better(a, b Hit) bool {
	ra, rb := FamilyRank(a.Family), FamilyRank(b.Family)
	if ra != rb {
		return ra < rb
	}
	if len(a.Keyword) != len(b.Keyword) {
		return len(a.Keyword) > len(b.Keyword)
	}
	if a.Start != b.Start {
		return a.Start < b.Start
	}
	return a.cue < b.cue
}

// Hits returns the turn's prose (see Prose) and every cue found in it, sorted
// by start offset (then by rules order). Offsets index both prose and turn.
func (s *Screen) Hits(turn string) (prose string, hits []Hit) {
	prose = Prose(turn)
	return prose, s.HitsProse(prose)
}

// HitsFold is Hits that also returns Fold(prose), folded once for both.
func (s *Screen) HitsFold(turn string) (prose, folded string, hits []Hit) {
	prose = Prose(turn)
	f := fold(prose)
	// hitsFolded only reads f: the folded text shares its bytes.
	return prose, unsafe.String(unsafe.SliceData(f), len(f)), s.hitsFolded(f)
}

// HitsProse is Hits on text that is already prose (the result of Prose).
func (s *Screen) HitsProse(prose string) []Hit { return s.hitsFolded(fold(prose)) }

// hitsFolded is HitsProse on fold(prose).
func (s *Screen) hitsFolded(f []byte) []Hit {
	var hits []Hit
	english := -1 // unknown until a foreign cue needs it
	found := func(start, stop, pat int) {
		for _, ci := range s.byPattern[pat] {
			c := &s.cues[ci]
			e, ok := c.verify(f, start, stop)
			if !ok {
				continue
			}
			if c.foreign {
				// Counting function words is the costly part: only for a
				// cue that matched.
				if english < 0 {
					english = 0
					if englishTurn(f) {
						english = 1
					}
				}
				if english == 1 {
					continue
				}
			}
			hits = append(hits, Hit{Match: Match{Keyword: c.text, Family: c.family, Lang: c.lang}, Start: start, End: e, cue: ci})
		}
	}
	if s.ac != nil {
		s.ac.walk(f, func(end, pat int) { found(end-s.ac.lens[pat]+1, end+1, pat) })
	} else {
		s.trie.Walk(f, func(end, n, pat int64) bool {
			found(int(end-n+1), int(end+1), int(pat))
			return true
		})
	}
	sort.Slice(hits, func(i, j int) bool {
		if hits[i].Start != hits[j].Start {
			return hits[i].Start < hits[j].Start
		}
		return hits[i].cue < hits[j].cue
	})
	// The same cue can be reached through two spellings of its first part
	// only at different offsets, but keep the list unique regardless.
	return slices.CompactFunc(hits, func(a, b Hit) bool { return a.Start == b.Start && a.cue == b.cue })
}

// verify checks a candidate occurrence of c's first part at f[s:e] and returns
// the end of the whole cue.
func (c *cue) verify(f []byte, s, e int) (int, bool) {
	last := len(c.parts) == 1
	if !c.openL && edgeNeedsBoundary(f[s:e], true) && wordBefore(f, s) {
		return 0, false
	}
	if (!last || !c.openR) && edgeNeedsBoundary(f[s:e], false) && wordAfter(f, e) {
		return 0, false
	}
	if c.anchor && !lineStart(f, s) {
		return 0, false
	}
	for i := 1; i < len(c.parts); i++ {
		var ok bool
		if e, ok = findPart(f, e, c.parts[i], i == len(c.parts)-1 && c.openR); !ok {
			return 0, false
		}
	}
	return e, true
}

// findPart finds the earliest occurrence of a variant of a cue part within
// the gap window after from, on the same line and sentence.
func findPart(f []byte, from int, variants []string, openR bool) (int, bool) {
	limit := min(len(f), from+gapWindow)
	if k := indexStop(f[from:limit]); k >= 0 {
		limit = from + k
	}
	win := f[:limit]
	bestS, bestE := -1, -1
	for _, v := range variants {
		for off := from; off < limit; {
			k := bytes.Index(win[off:], []byte(v))
			if k < 0 {
				break
			}
			s, e := off+k, off+k+len(v)
			if (!edgeNeedsBoundary(f[s:e], true) || !wordBefore(f, s)) &&
				(openR || !edgeNeedsBoundary(f[s:e], false) || !wordAfter(f, e)) {
				if bestS < 0 || s < bestS {
					bestS, bestE = s, e
				}
				break
			}
			off = s + 1
		}
	}
	return bestE, bestS >= 0
}

// indexStop returns the offset of the first line break or sentence-ending
// punctuation in b, or -1.
func indexStop(b []byte) int {
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			switch c {
			case '\n', '\r', '.', '!', '?', ';':
				return i
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		switch r {
		case '。', '！', '？', '；':
			return i
		}
		i += n
	}
	return -1
}

// edgeNeedsBoundary reports whether the first (left) or last rune of a cue
// spelling is a letter or digit of a script written with spaces between
// words.
func edgeNeedsBoundary(b []byte, left bool) bool {
	var r rune
	if left {
		r, _ = utf8.DecodeRune(b)
	} else {
		r, _ = utf8.DecodeLastRune(b)
	}
	return (unicode.IsLetter(r) || unicode.IsDigit(r)) && !isCJK(r)
}

// isCJK reports whether r belongs to a script written without spaces
// between words (Han, kana, Hangul, Thai).
func isCJK(r rune) bool {
	return r >= 0x2E80 && (unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Thai) ||
		r == 'ー' || r == '々')
}

// isWordRune reports whether r continues a word of a spaced script.
func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}
	return (unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)) && !isCJK(r)
}

// wordBefore reports whether the text before s continues a word: a letter or
// digit, or a symbol that glues identifiers, flags and paths together
// ("--add", "/remove", "list.add").
func wordBefore(f []byte, s int) bool {
	if s == 0 {
		return false
	}
	r, _ := utf8.DecodeLastRune(f[:s])
	switch r {
	case '-':
		// "--add" and "re-add" glue; a list marker "- add" has a space.
		return s >= 2 && f[s-2] != ' ' && f[s-2] != '\n' && f[s-2] != '\t'
	case '_', '/', '.', '=', '@', '$', '#', '\\':
		return true
	}
	return isWordRune(r)
}

// wordAfter reports whether the text after e continues a word (or makes the
// cue a function name or an assignment: "remove(", "fix=").
func wordAfter(f []byte, e int) bool {
	if e >= len(f) {
		return false
	}
	r, _ := utf8.DecodeRune(f[e:])
	return isWordRune(r) || r == '(' || r == '='
}

// lineStart reports whether only spaces, list markers and punctuation stand
// between the start of the line and s.
func lineStart(f []byte, s int) bool {
	for i := s; i > 0; {
		r, n := utf8.DecodeLastRune(f[:i])
		if r == '\n' {
			return true
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return false
		}
		i -= n
	}
	return true
}

// ---- rules files ----

type cueDef struct {
	text, family, lang string
	line               int
}

type ruleSet struct {
	extends  bool
	cues     []cueDef
	examples []Example
}

func parse(data []byte) (*ruleSet, error) {
	set := &ruleSet{}
	family := ""
	index := map[string]int{} // folded cue text -> index in set.cues
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	lineNo := 0
	seenDirective := false
	for sc.Scan() {
		lineNo++
		line := strings.TrimSpace(sc.Text())
		if lineNo == 1 {
			line = strings.TrimPrefix(line, "\uFEFF")
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		switch {
		case strings.HasPrefix(line, "@"):
			if line != "@extends default" {
				return nil, fmt.Errorf("screen rules line %d: unknown directive %q", lineNo, line)
			}
			if seenDirective {
				return nil, fmt.Errorf("screen rules line %d: @extends must be the first directive", lineNo)
			}
			set.extends = true
		case strings.HasPrefix(line, "["):
			if !strings.HasSuffix(line, "]") {
				return nil, fmt.Errorf("screen rules line %d: bad family header %q", lineNo, line)
			}
			family = strings.TrimSpace(line[1 : len(line)-1])
			if FamilyRank(family) < 0 {
				return nil, fmt.Errorf("screen rules line %d: unknown family %q (want one of %s)", lineNo, family, strings.Join(families, ", "))
			}
		case line[0] == '+' || line[0] == '-':
			if family == "" {
				return nil, fmt.Errorf("screen rules line %d: example outside a family", lineNo)
			}
			lang, text, ok := splitLang(line[1:])
			if !ok || text == "" {
				return nil, fmt.Errorf("screen rules line %d: want \"%c LANG: text\"", lineNo, line[0])
			}
			set.examples = append(set.examples, Example{Family: family, Lang: lang, Text: text, Positive: line[0] == '+', Line: lineNo})
		default:
			if family == "" {
				return nil, fmt.Errorf("screen rules line %d: cues outside a family", lineNo)
			}
			lang, list, ok := splitLang(line)
			if !ok {
				return nil, fmt.Errorf("screen rules line %d: want \"LANG: cue | cue ...\"", lineNo)
			}
			for _, raw := range strings.Split(list, "|") {
				text := Fold(strings.Join(strings.Fields(raw), " "))
				if text == "" {
					return nil, fmt.Errorf("screen rules line %d: empty cue", lineNo)
				}
				if _, err := compileCue(text); err != nil {
					return nil, fmt.Errorf("screen rules line %d: %w", lineNo, err)
				}
				if i, dup := index[text]; dup {
					d := &set.cues[i]
					if d.family != family {
						return nil, fmt.Errorf("screen rules line %d: cue %q already in family %s (line %d)", lineNo, text, d.family, d.line)
					}
					if !slices.Contains(strings.Split(d.lang, ","), lang) {
						d.lang += "," + lang
					}
					continue
				}
				index[text] = len(set.cues)
				set.cues = append(set.cues, cueDef{text: text, family: family, lang: lang, line: lineNo})
			}
		}
		seenDirective = true
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("screen rules: %w", err)
	}
	return set, nil
}

// splitLang splits "LANG: rest".
func splitLang(s string) (lang, rest string, ok bool) {
	lang, rest, ok = strings.Cut(s, ":")
	lang = strings.TrimSpace(lang)
	if !ok || lang == "" || len(lang) > 8 || strings.ContainsAny(lang, " \t|") {
		return "", "", false
	}
	return strings.ToLower(lang), strings.TrimSpace(rest), true
}

// overlay adds cues to base; a cue of base that is redefined takes the new
// family and language.
func overlay(base, add []cueDef) []cueDef {
	out := slices.Clone(base)
	index := map[string]int{}
	for i, d := range out {
		index[d.text] = i
	}
	for _, d := range add {
		if i, ok := index[d.text]; ok {
			out[i] = d
			continue
		}
		index[d.text] = len(out)
		out = append(out, d)
	}
	return out
}

// compileCue turns folded cue text into its matcher.
func compileCue(text string) (cue, error) {
	c := cue{text: text}
	t := text
	if strings.HasPrefix(t, "^") {
		c.anchor, t = true, t[1:]
	}
	if strings.HasPrefix(t, "*") {
		c.openL, t = true, t[1:]
	}
	if strings.HasSuffix(t, "*") {
		c.openR, t = true, t[:len(t)-1]
	}
	for _, p := range strings.Split(t, " ... ") {
		p = strings.TrimSpace(p)
		if p == "" || strings.ContainsAny(p, "*^") || strings.Contains(p, "...") {
			return cue{}, fmt.Errorf("bad cue %q", text)
		}
		c.parts = append(c.parts, spellings(p))
	}
	return c, nil
}

// spellings returns the variants of a cue part: an ASCII apostrophe also
// matches a typographic one or none at all.
func spellings(p string) []string {
	if !strings.Contains(p, "'") {
		return []string{p}
	}
	return []string{p, strings.ReplaceAll(p, "'", "\u2019"), strings.ReplaceAll(p, "'", "")}
}

func compile(defs []cueDef, examples []Example) (*Screen, error) {
	if len(defs) == 0 {
		return nil, fmt.Errorf("screen rules: no cues")
	}
	s := &Screen{examples: examples}
	patterns := map[string]int{}
	var pats []string // by id
	for i, d := range defs {
		c, err := compileCue(d.text)
		if err != nil {
			return nil, fmt.Errorf("screen rules line %d: %w", d.line, err)
		}
		c.family, c.rank, c.lang, c.order = d.family, FamilyRank(d.family), d.lang, i
		c.foreign = !slices.Contains(strings.Split(d.lang, ","), "en") && latinCue(c.parts[0][0])
		s.cues = append(s.cues, c)
		for _, v := range c.parts[0] {
			id, ok := patterns[v]
			if !ok {
				id = len(patterns)
				patterns[v] = id
				pats = append(pats, v)
				s.byPattern = append(s.byPattern, nil)
			}
			s.byPattern[id] = append(s.byPattern[id], i)
		}
	}
	s.patterns = pats
	// The library's trie only when the automaton cannot be built (more byte
	// values than it has classes): building it costs a tenth of start-up.
	if s.ac = newAutomaton(pats); s.ac == nil {
		s.trie = ahocorasick.NewTrieBuilder().AddStrings(pats).Build()
	}
	return s, nil
}

// latinCue reports whether a cue spelling is written in the Latin script.
func latinCue(p string) bool {
	for _, r := range p {
		if unicode.IsLetter(r) {
			return unicode.Is(unicode.Latin, r)
		}
	}
	return false
}

// functionWords by language, for englishTurn.
var functionWords = map[string]map[string]bool{
	"en": wordSet("the and is to of you it that this with for are what can my i"),
	"es": wordSet("el la los las que y en por con para es una del lo se mi"),
	"fr": wordSet("le la les et est que pour dans une des du pas je tu vous ce"),
	"de": wordSet("der die das und ist nicht mit zu ich du ein eine auf es den"),
	"pt": wordSet("o os que e do da em não para uma com você se no na eu"),
	"it": wordSet("il lo gli che di per non un una con del della sono è io mi"),
}

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// functionLangs lists the languages of functionWords in a fixed order;
// functionMask maps each function word to the bit set of its languages
// (bit i = functionLangs[i]), so that englishTurn looks every word up once.
var functionLangs, functionMask = func() ([]string, map[string]uint8) {
	var langs []string
	for lang := range functionWords {
		langs = append(langs, lang)
	}
	sort.Strings(langs)
	mask := map[string]uint8{}
	for i, lang := range langs {
		for w := range functionWords[lang] {
			mask[w] |= 1 << i
		}
	}
	return langs, mask
}()

// englishTurn reports whether the English function words of f (folded) are
// at least two and outnumber those of every other Latin-script cue language.
func englishTurn(f []byte) bool {
	var count [8]int
	for i := 0; i < len(f); {
		// a word: a run of word runes and apostrophes
		j := i
		for j < len(f) {
			r, n := rune(f[j]), 1
			if r >= utf8.RuneSelf {
				r, n = utf8.DecodeRune(f[j:])
			}
			if !isWordRune(r) && r != '\'' {
				break
			}
			j += n
		}
		if j > i {
			if m := functionMask[string(f[i:j])]; m != 0 {
				for k := range functionLangs {
					if m&(1<<k) != 0 {
						count[k]++
					}
				}
			}
			i = j
			continue
		}
		_, n := utf8.DecodeRune(f[i:])
		i += n
	}
	en := count[slices.Index(functionLangs, "en")]
	if en < 2 {
		return false
	}
	for k, lang := range functionLangs {
		if lang != "en" && count[k] >= en {
			return false
		}
	}
	return true
}

// Cueless reports whether a turn in which no cue matched is still selected:
// its prose is short (see Short) and it is not plainly an ordinary
// follow-up. Not selected: thanks and acknowledgements made only of
// ordinary words ("thanks!", "ok got it", "спасибо"), continuations
// ("continue", "go on", "继续"), questions opened by a question word or
// "explain" ("what about Paris?", "explain step 2"), and a turn that only
// pastes material (no prose left) unless the material reads as an error or
// program failure. A turn that pastes tool diagnostics (see DiagnosticTurn)
// is selected whatever its length. prose is Prose(turn).
func Cueless(turn, prose string) bool { return CuelessFolded(turn, prose, Fold(prose)) }

// CuelessFolded is Cueless given folded = Fold(prose) as well.
func CuelessFolded(turn, prose, folded string) bool {
	if !Short(prose) {
		return DiagnosticTurn(turn)
	}
	f := []byte(folded)
	if len(bytes.TrimSpace(f)) == 0 {
		return errorLike(Fold(turn))
	}
	// Selected unless every sentence is ordinary.
	for rest := f; len(rest) > 0; {
		k := indexStop(rest)
		seg, q := rest, false
		if k >= 0 {
			seg = rest[:k]
			r, n := utf8.DecodeRune(rest[k:])
			q = r == '?' || r == '？'
			rest = rest[k+n:]
		} else {
			rest = nil
		}
		if !ordinarySentence(seg, q) {
			return true
		}
	}
	return false
}

// ordinarySentence reports whether a folded sentence (q: it ends with a
// question mark) thanks, acknowledges, asks to go on, or asks a question.
func ordinarySentence(seg []byte, q bool) bool {
	// The words of seg (runs of word runes, apostrophes and CJK runes),
	// without collecting them: the first two, and whether all are
	// ordinary.
	var w0, w1 []byte
	n, allOrdinary := 0, true
	for i := 0; i < len(seg); {
		j := i
		for j < len(seg) {
			r, k := rune(seg[j]), 1
			if r >= utf8.RuneSelf {
				r, k = utf8.DecodeRune(seg[j:])
			}
			if !isWordRune(r) && r != '\'' && !isCJK(r) {
				break
			}
			j += k
		}
		if j == i {
			_, k := utf8.DecodeRune(seg[i:])
			i += k
			continue
		}
		w := seg[i:j]
		switch n {
		case 0:
			w0 = w
		case 1:
			w1 = w
		}
		n++
		if allOrdinary && !ordinaryWords[string(w)] {
			allOrdinary = false
		}
		i = j
	}
	if n == 0 {
		return true
	}
	t := bytes.TrimSpace(seg)
	for _, p := range ordinaryCJK {
		if bytes.HasPrefix(t, []byte(p)) {
			return true
		}
	}
	first := string(w0)
	if continuationWords[first] || (first == "go" && n > 1 && string(w1) == "on") ||
		(first == "keep" && n > 1 && string(w1) == "going") {
		return true
	}
	if askWords[first] && (q || first == "explain" || first == "what" || first == "how") {
		return true
	}
	return allOrdinary
}

// DiagnosticTurn reports whether a turn pastes tool diagnostics: at least
// one line reads as a compiler, linter, test or server message (see
// diagnosticLine), and the other lines, but for lines a program prints under
// its own name, hold at most ShortWords words (a command echo, a short
// remark). Such a turn is selected without a cue
// whatever its length: "./main.go:9:2: declared and not used: err" names
// no fault in words.
func DiagnosticTurn(turn string) bool {
	if !strings.ContainsAny(turn, ":([") && !strings.Contains(turn, "File \"") && !strings.Contains(turn, "npm ") {
		return false // every diagnostic shape has one of these
	}
	diag, other := 0, 0
	for rest, more := turn, true; more; {
		var l string
		l, rest, more = strings.Cut(rest, "\n")
		if diagnosticLine(l) {
			diag++
			continue
		}
		if toolLine(l) {
			continue // "nginx: configuration file ... test failed" goes with the diagnostic
		}
		if other += wordCount(l); other > ShortWords {
			return false
		}
	}
	return diag > 0
}

func wordCount(s string) int {
	n, in := 0, false
	for _, r := range s {
		w := isWordRune(r)
		if w && !in {
			n++
		}
		in = w
	}
	return n
}

// sourceExts are file extensions of source and configuration files, as
// they appear in the locations of diagnostics ("main.go:9:2").
var sourceExts = wordSet(`go py js mjs cjs ts tsx jsx java kt kts c h cc cpp cxx hpp cs rb php rs swift m mm scala sh bash
	zsh ps1 pl lua r sql html htm css scss sass less vue svelte yaml yml json toml ini conf cfg xml gradle dart ex exs erl
	hs ml clj tf ipynb txt env lock`)

// diagnosticLine reports a line that reads as tool output: a source
// location ("main.go:9:2:", "src/app.ts(3,5):", "nginx.conf:2", `File
// "a.py", line 3`, a pytest node id "tests/test_x.py::test_y"), an
// eslint-style position ("  12:5  'x' is ... no-unused-vars"), a server's
// level tag ("[emerg]", "[error]"), "npm ERR!" or go test's "--- FAIL:".
func diagnosticLine(l string) bool {
	t := strings.TrimSpace(l)
	if t == "" || len(t) > 400 {
		return false
	}
	if strings.HasPrefix(t, "File \"") && strings.Contains(t, "\", line ") {
		return true
	}
	if strings.HasPrefix(t, "npm ERR!") || strings.HasPrefix(t, "npm err!") {
		return true
	}
	if strings.IndexAny(t, ":([") < 0 {
		return false
	}
	if strings.IndexByte(t, '[') >= 0 {
		for _, tag := range []string{"[emerg]", "[error]", "[crit]", "[alert]", "[fatal]", "[warn]"} {
			if strings.Contains(t, tag) {
				return true
			}
		}
	}
	if strings.HasPrefix(t, "--- FAIL:") || strings.Contains(t, ".py::") {
		return true // go test, pytest node ids ("FAILED tests/test_x.py::test_y - ...")
	}
	// eslint "stylish": line:col, two spaces, the message
	if i := strings.IndexByte(t, ':'); i > 0 && i <= 5 && allDigits(t[:i]) {
		j := i + 1
		for j < len(t) && t[j] >= '0' && t[j] <= '9' {
			j++
		}
		if j > i+1 && strings.HasPrefix(t[j:], "  ") {
			return true
		}
	}
	// a file name with a source extension, then ":N" or "(N,"
	for i := 0; i < len(t); i++ {
		if t[i] != ':' && t[i] != '(' || i+1 >= len(t) || t[i+1] < '0' || t[i+1] > '9' {
			continue
		}
		k := i
		for k > 0 && isPathByte(t[k-1]) {
			k--
		}
		name := t[k:i]
		dot := strings.LastIndexByte(name, '.')
		if dot <= 0 || !sourceExts[strings.ToLower(name[dot+1:])] || strings.Contains(t[max(0, k-3):k], "//") {
			continue
		}
		return true
	}
	return false
}

// toolLine reports a line that a program prints under its own name
// ("nginx: configuration file ... test failed", "go: downloading ...").
func toolLine(l string) bool {
	t := strings.TrimSpace(l)
	i := strings.Index(t, ": ")
	if i <= 0 || i > 20 || t[0] < 'a' || t[0] > 'z' {
		return false
	}
	for j := 0; j < i; j++ {
		if c := t[j]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

func isPathByte(c byte) bool {
	return c == '.' || c == '/' || c == '_' || c == '-' || c == '\\' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// errorLike reports whether folded pasted text reads as an error report.
func errorLike(f string) bool {
	for _, m := range errorMarks {
		if strings.Contains(f, m) {
			return true
		}
	}
	return false
}

var errorMarks = []string{"error", "exception", "traceback", "no such file", "not found", "permission denied",
	"illegal", "segmentation fault", "fatal", "failed", "cannot", "undefined", "warning", "ошибка", "错误", "报错",
	"エラー", "fehler", "erreur", "errore", "erro"}

// ordinaryWords make up thanks and acknowledgements.
var ordinaryWords = wordSet(`ok okay k kk thanks thank thx ty tysm you so much very perfect great good nice cool awesome
	amazing excellent wonderful lovely love it it's its this that is looks sounds fine sure yes yeah yep yup understood
	noted alright right lol haha wow exactly works worked cheers got gracias merci danke grazie obrigado obrigada valeu
	спасибо ок окей хорошо понял поняла ясно отлично perfecto genial vale bien parfait super génial gut prima klasse
	perfeito ótimo otimo beleza perfetto ottimo bene 谢谢 好的 好 了解 ありがとう ありがとうございます 了解です`)

// continuationWords open a request to go on.
var continuationWords = wordSet(`continue cont next proceed continua continúa continuez continuer weiter weitermachen
	продолжай продолжи продолжайте дальше continuar prosegui`)

var ordinaryCJK = []string{"继续", "接着", "続けて", "続き", "谢谢", "ありがとう"}

// askWords open a question asking for information.
var askWords = wordSet(`what why how where when which who whats what's hows how's explain qué que cómo como por
	pourquoi comment quel quelle quoi warum wieso wie was welche почему зачем как что какой porque quê qual onde
	perché come cosa quale`)
