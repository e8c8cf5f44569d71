package trace

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/revtrace/revtrace/detectors/internal/litre"
)

// Request-anchored rules. Many statements about a new version are traces
// or not depending on what the user asked: after "I can't return any boxes"
// the lead-in "Here's a solution that does not involve returning any boxes:"
// tells the reader what the earlier answer did, while "Here's another
// method, without eating any nuggets" after the same request states a
// property of the method. A sentence cannot tell the two apart; the request
// can. An anchored rule (rules.txt, "anchor request") captures the object of
// its marker ("without X", "instead of X", "does not depend on X") as the
// group obj, and its hit stands only when obj and the request share a
// content word or a code symbol.

// anchorGroup names the capture group of an anchored rule's patterns.
const anchorGroup = "obj"

// What anchors a rule (rules.txt "anchor").
const (
	anchorRequest = "request" // obj shares a term with the user's request
	anchorDraft   = "draft"   // obj opens with a code symbol the previous draft used
)

// Draft-anchored rules. After a bug report the assistant often says what the
// new code does in place of the old: "The correct method name should be
// `__getitem__` instead of `getitem`.", "your code will display the data in
// a RecyclerView instead of TextViews." Such a sentence names what the
// previous draft held, which makes it a replacement trace; the same words
// about something the draft never had ("a set instead of a list" when the
// draft used no list) explain a choice. The difference is in the draft, so
// a draft-anchored hit stands only when obj opens with a code symbol (set
// apart in backticks, or shaped like one: RecyclerView, sort_index(),
// data$event) that occurs in the previous draft as a whole token.

// anchorHits drops the hits of anchored rules whose anchor fails: a
// request-anchored rule's object must share a term with request, a
// draft-anchored rule's object must open with a code symbol of previous
// (with both "", every anchored hit is dropped). When a hit's rule fails and
// a later anchored rule also fired on the sentence (Hit.alts), the first of
// those that holds takes the hit. Other hits are kept as they are.
func (rs *ruleSet) anchorHits(reply, request, previous string, hits []Hit) []Hit {
	var req *anchorTerms
	out := hits[:0]
	for _, h := range hits {
		r := rs.byID(h.Rule)
		if r == nil || r.Anchor == "" {
			out = append(out, h)
			continue
		}
		sentence := reply[h.Start:h.End]
		for _, c := range append([]*Rule{r}, h.alts...) {
			ok := false
			switch c.Anchor {
			case anchorRequest:
				if request == "" {
					break
				}
				if req == nil {
					prose := requestProse(request) // (the user's own lines: pasted code shares words with any reply about it)
					req = termsOf(prose[:min(len(prose), maxRequestProse)])
				}
				ok = c.anchored(sentence, req)
			case anchorDraft:
				ok = previous != "" && c.anchoredInDraft(sentence, previous)
			}
			if ok {
				h.Rule, h.alts = c.ID, nil
				out = append(out, h)
				break
			}
		}
	}
	return out
}

// maxRequestProse bounds the request text that anchors: the item a request
// withdraws is named in its own sentences, not in a long paste.
const maxRequestProse = 600

// anchored reports whether some match of the rule's patterns in sentence
// captures an object that shares a term with the request.
func (r *Rule) anchored(sentence string, req *anchorTerms) bool {
	norm := normalize(sentence)
	for _, p := range r.patterns {
		g := p.SubexpIndex(anchorGroup)
		for _, m := range p.FindAllStringSubmatchIndex(norm, -1) {
			if a, b := m[2*g], m[2*g+1]; a >= 0 && req.shares(termsOf(norm[a:b])) {
				return true
			}
		}
	}
	return false
}

// anchoredInDraft reports whether some match of the rule's patterns in
// sentence captures an object that opens with a code symbol of draft.
func (r *Rule) anchoredInDraft(sentence, draft string) bool {
	norm := normalize(sentence)
	for _, p := range r.patterns {
		g := p.SubexpIndex(anchorGroup)
		for _, m := range p.FindAllStringSubmatchIndex(norm, -1) {
			if a, b := m[2*g], m[2*g+1]; a >= 0 {
				if sym := leadingSymbol(norm[a:b]); sym != "" && usesSymbol(draft, sym) {
					return true
				}
			}
		}
	}
	return false
}

// leadingSymbol returns the code symbol that obj opens with, after an
// article or a light word ("the `tt()` function", "just `Active`",
// "TextViews"), or "" when obj opens with a plain word: a backticked span
// (its text), or a token shaped like code — a capital inside it after a
// small letter (RecyclerView), an underscore, a dot or "$" between word
// characters, or a call's "()". A trailing "()" is dropped.
func leadingSymbol(obj string) string {
	s := strings.TrimLeft(obj, " ")
	for {
		w, rest, _ := strings.Cut(s, " ")
		if !symbolLead[strings.ToLower(w)] {
			break
		}
		s = strings.TrimLeft(rest, " ")
	}
	if strings.HasPrefix(s, "`") {
		end := strings.IndexByte(s[1:], '`')
		if end <= 0 {
			return ""
		}
		return strings.TrimSuffix(strings.TrimSpace(s[1:1+end]), "()")
	}
	end := 0
	for end < len(s) && (isASCIIWord(s[end]) || strings.IndexByte("._$()", s[end]) >= 0) {
		end++
	}
	tok := strings.TrimRight(s[:end], ".")
	if strings.HasSuffix(tok, "()") {
		return tok[:len(tok)-2]
	}
	camel, inner := false, false
	for i := 1; i < len(tok); i++ {
		c := tok[i]
		camel = camel || c >= 'A' && c <= 'Z' && tok[i-1] >= 'a' && tok[i-1] <= 'z'
		inner = inner || strings.IndexByte("_.$", c) >= 0 && i+1 < len(tok) && isASCIIWord(tok[i-1]) && isASCIIWord(tok[i+1])
	}
	if camel || inner {
		return tok
	}
	return ""
}

// symbolLead holds the words that may stand between "instead of" and the
// symbol it names.
var symbolLead = map[string]bool{"the": true, "a": true, "an": true, "just": true, "using": true, "calling": true, "simply": true, "plain": true,
	"old": true, "original": true, "previous": true, "former": true, "existing": true, "current": true}

// usesSymbol reports whether sym occurs in draft as a whole token: not
// inside a longer word ("getitem" inside "__getitem__" counts, "item" inside
// "getitem" does not). A symbol ending in a plural "s" also matches without
// it ("TextViews" for TextView).
func usesSymbol(draft, sym string) bool {
	if sym == "" {
		return false
	}
	if wholeToken(draft, sym) {
		return true
	}
	return len(sym) > 3 && strings.HasSuffix(sym, "s") && isASCIIWord(sym[len(sym)-2]) && wholeToken(draft, sym[:len(sym)-1])
}

// wholeToken reports whether sym occurs in s with no letter or digit
// touching it on a side where sym itself begins or ends with one.
func wholeToken(s, sym string) bool {
	wordStart, wordEnd := isAlnum(sym[0]), isAlnum(sym[len(sym)-1])
	for i := 0; i+len(sym) <= len(s); {
		j := strings.Index(s[i:], sym)
		if j < 0 {
			return false
		}
		a, b := i+j, i+j+len(sym)
		if (!wordStart || a == 0 || !isAlnum(s[a-1])) && (!wordEnd || b == len(s) || !isAlnum(s[b])) {
			return true
		}
		i = a + 1
	}
	return false
}

func isAlnum(c byte) bool { return isASCIILetter(c) || '0' <= c && c <= '9' }

// anchorTerms are the terms of a text that can anchor: its content words
// (lower case, a plural -s or -es taken off), the code symbols it sets
// apart ("$", "::", "->"), and the pairs of adjacent Han characters.
type anchorTerms struct {
	words []string
	syms  []string
	han   []string
}

// termsOf returns the anchoring terms of s.
func termsOf(s string) *anchorTerms {
	t := &anchorTerms{}
	low := litre.ToLower(s)
	i := 0
	for i < len(low) {
		r, n := utf8.DecodeRuneInString(low[i:])
		switch {
		case unicode.Is(unicode.Han, r):
			j := i + n
			if r2, n2 := utf8.DecodeRuneInString(low[j:]); j < len(low) && unicode.Is(unicode.Han, r2) {
				t.han = append(t.han, low[i:j+n2])
			}
			i = j
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			j := i + n
			for j < len(low) {
				r2, n2 := utf8.DecodeRuneInString(low[j:])
				if !unicode.IsLetter(r2) && !unicode.IsDigit(r2) || unicode.Is(unicode.Han, r2) {
					break
				}
				j += n2
			}
			if w := stemWord(low[i:j]); w != "" {
				t.words = append(t.words, w)
			}
			i = j
		case symbolByte(low[i]):
			j := i + 1
			for j < len(low) && symbolByte(low[j]) {
				j++
			}
			t.syms = append(t.syms, low[i:j])
			i = j
		default:
			i += n
		}
	}
	return t
}

// symbolByte reports whether c makes up code symbols ("$", "::", "->",
// "&&"); sentence punctuation, quotes and brackets do not.
func symbolByte(c byte) bool { return strings.IndexByte("$#@%^&*+=<>|~\\:-/", c) >= 0 }

// shares reports whether o (an object) has a term of t (the request): a
// word both hold (the same stem: equal, or a common prefix of five letters
// when both have at least five), a Han pair, or a symbol of the object that
// the request sets apart on its own ("don't use '$' anywhere"). Symbols of
// one character that are also common prose punctuation ("-", "/", ":")
// do not count.
func (t *anchorTerms) shares(o *anchorTerms) bool {
	for _, w := range o.words {
		for _, v := range t.words {
			if w == v || len(w) >= 5 && len(v) >= 5 && w[:5] == v[:5] {
				return true
			}
		}
	}
	for _, h := range o.han {
		for _, g := range t.han {
			if h == g {
				return true
			}
		}
	}
	for _, v := range t.syms {
		if len(v) == 1 && strings.IndexByte("-/:*", v[0]) >= 0 {
			continue
		}
		for _, s := range o.syms {
			if strings.Contains(s, v) {
				return true
			}
		}
	}
	return false
}

// stemWord returns w as an anchoring word: "" for a word too short or too
// common to anchor anything, else w without a plural ending.
func stemWord(w string) string {
	if len(w) < 3 || anchorStop[w] {
		return ""
	}
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "es") && strings.IndexByte("sxz", w[len(w)-3]) >= 0:
		w = w[:len(w)-2] // boxes, classes
	case len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss"):
		w = w[:len(w)-1]
	}
	if anchorStop[w] {
		return ""
	}
	return w
}

// anchorStop holds the words that anchor nothing: function words, the
// words of asking and answering, and the generic names of deliverables and
// their parts, which every request and reply share.
var anchorStop = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`
		the and but for nor yet with without from into onto than then that this these those there here
		what which who whom whose when where why how all any some each every both either neither other others
		more most less least much many few such same own only just also very too not don't doesn't didn't
		can't won't isn't aren't was were are has have had been being does did doing done will would shall
		should could might must can may use uses used using make makes made making get gets got give gave
		given want wants need needs like please thank thanks okay yes its it's you your yours our ours their
		theirs his her hers him she they them him about again still anymore anything something everything
		nothing anywhere somewhere everywhere instead rather place longer way ways thing things part parts
		code version versions text line lines one ones new old updated revised modified full whole entire
		file files function functions script program answer reply response message document output input
		example data value values sure now instead also even well really actually directly
		remove removed removing delete deleted replace replaced change changed include included including
		mention mentioned involve involves involving depend depends rely relies require requires contain
		contains`) {
		m[w] = true
	}
	return m
}()
