package revision

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/revtrace/revtrace/corpora"
	"github.com/revtrace/revtrace/detectors/screen"
)

// tokenizeRef is the tokenizer as first written (one call per rune, no
// fast paths), the reference for the tests.
func tokenizeRef(f string, s, e int) []tok {
	var out []tok
	for i := s; i < e; {
		r, n := utf8.DecodeRuneInString(f[i:])
		if isCJK(r) {
			out = append(out, tok{w: f[i : i+n], s: i, e: i + n, cjk: true})
			i += n
			continue
		}
		if !isWordRune(r) {
			i += n
			continue
		}
		j := i + n
		for j < e {
			r2, n2 := utf8.DecodeRuneInString(f[j:])
			if isWordRune(r2) {
				j += n2
				continue
			}
			if (r2 == '\'' || r2 == '\u2019' || r2 == '-') && j+n2 < e {
				r3, _ := utf8.DecodeRuneInString(f[j+n2:])
				if isWordRune(r3) {
					j += n2
					continue
				}
			}
			break
		}
		out = append(out, tok{w: strings.ReplaceAll(f[i:j], "\u2019", "'"), s: i, e: j})
		i = j
	}
	return out
}

// looksLikeCodeRef is looksLikeCode as first written, on folded text.
func looksLikeCodeRef(f string) bool {
	if strings.Contains(f, "```") {
		return true
	}
	n := 0
	for _, l := range strings.Split(f, "\n") {
		t := strings.TrimSpace(l)
		if strings.HasSuffix(t, ";") || strings.HasSuffix(t, "{") || strings.HasSuffix(t, "}") ||
			strings.HasPrefix(t, "def ") || strings.HasPrefix(t, "import ") || strings.HasPrefix(t, "return ") {
			n++
		}
	}
	return n >= 2
}

var textAlphabet = []string{
	"a", "B", "don", "'", "’", "-", "_", " ", "\n", "\t", "é", "É", "ß", "中", "文", "ー", "1", "\u0301", "\xff", ".",
	";", "{", "}", "DEF ", "def ", "Import ", "return ", "```", "\u212A", "Д", "\u2e80", "\xe2", "ー", "\U0002000B",
}

func randomText(r *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		b.WriteString(textAlphabet[r.IntN(len(textAlphabet))])
	}
	return b.String()
}

func TestTokenizerAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for i := 0; i < 50000; i++ {
		f := randomText(r, r.IntN(14))
		s := r.IntN(len(f) + 1)
		e := s + r.IntN(len(f)-s+1)
		got, want := tokenize(f, s, e), tokenizeRef(f, s, e)
		if len(got) != 0 || len(want) != 0 {
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("tokenize(%q, %d, %d) = %v, want %v", f, s, e, got, want)
			}
		}
		n := 0
		for _, tk := range tokenizeRef(f, 0, len(f)) {
			if tk.cjk {
				n++
			} else {
				n += 2
			}
		}
		if got := wordCount(f); got != n/2 {
			t.Fatalf("wordCount(%q) = %d, want %d", f, got, n/2)
		}
		cjk := false
		for _, r := range f {
			cjk = cjk || isCJK(r)
		}
		if got := hasCJK(f); got != cjk {
			t.Fatalf("hasCJK(%q) = %v, want %v", f, got, cjk)
		}
		if got, want := looksLikeCode(f), looksLikeCodeRef(screen.Fold(f)); got != want {
			t.Fatalf("looksLikeCode(%q) = %v, on the folded text %v", f, got, want)
		}
	}
}

// TestToksAgree checks toks and wordsOf, which read most ranges off the
// turn's tokens, against tokenize of the range itself, nil for nil, and
// that the turn's tokens serve most ranges.
func TestToksAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	served, total := 0, 0
	for i := 0; i < 20000; i++ {
		f := randomText(r, r.IntN(14))
		a := &analysis{f: f}
		for j := 0; j < 8; j++ {
			s := r.IntN(len(f) + 1)
			e := s + r.IntN(len(f)-s+1)
			if j%4 == 3 {
				e = r.IntN(len(f) + 1) // also s > e
			}
			got, want := a.toks(s, e), tokenize(f, s, e)
			if (got == nil) != (want == nil) || !reflect.DeepEqual(got, want) && len(want) > 0 {
				t.Fatalf("toks(%d, %d) of %q = %#v, tokenize says %#v", s, e, f, got, want)
			}
			if cap(got) != len(got) {
				t.Fatalf("toks(%d, %d) of %q: capacity %d, length %d", s, e, f, cap(got), len(got))
			}
			if gw, ww := a.wordsOf(s, e), words(want); !reflect.DeepEqual(gw, ww) || cap(gw) != len(gw) {
				t.Fatalf("wordsOf(%d, %d) of %q = %#v, want %#v", s, e, f, gw, ww)
			}
			if _, ok := a.toksWithin(s, e); ok {
				served++
			}
			total++
		}
	}
	if served < total/2 {
		t.Errorf("the turn's tokens serve only %d of %d ranges; the test says little", served, total)
	}
}

// TestPrevWordAgrees checks prevWord against the set of words of the
// previous message that it replaced (every token of at least
// prevWordMinLength runes, not CJK).
func TestPrevWordAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	found := 0
	for i := 0; i < 5000; i++ {
		prev := randomText(r, r.IntN(20))
		set := map[string]bool{}
		for _, tk := range tokenizeRef(screen.Fold(prev), 0, len(screen.Fold(prev))) {
			if !tk.cjk && utf8.RuneCountInString(tk.w) >= prevWordMinLength {
				set[tk.w] = true
			}
		}
		a := &analysis{prevRaw: prev}
		// every word of the set, and words of other texts
		var words []string
		for w := range set {
			words = append(words, w)
		}
		for j := 0; j < 10; j++ {
			other := screen.Fold(randomText(r, r.IntN(8)))
			for _, tk := range tokenizeRef(other, 0, len(other)) {
				words = append(words, tk.w)
			}
		}
		for _, w := range words {
			if got := a.prevWord(w); got != set[w] {
				t.Fatalf("prevWord(%q) on %q = %v, want %v (words %v)", w, prev, got, set[w], set)
			}
			if set[w] {
				found++
			}
		}
	}
	if found < 2000 {
		t.Errorf("only %d words found in a previous message; the test says little", found)
	}
}

// TestStrongRefIndexesAgree checks the one-pass search of the strong
// references against phraseIndex, phrase by phrase.
func TestStrongRefIndexesAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	pieces := append([]string{" ", "a", "x", "-", "'", "é", "中", ".", "\xff"}, strongRefs...)
	found := 0
	for i := 0; i < 10000; i++ {
		var b strings.Builder
		for n := r.IntN(8); n > 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		f := b.String()
		s, e := 0, len(f)
		if i%2 == 0 {
			s = r.IntN(len(f) + 1)
			e = s + r.IntN(len(f)-s+1)
		}
		a := &analysis{f: f}
		got := a.strongRefIndexes(span{s, e})
		var ks []int
		for k := range strongRefs {
			if got[k] >= 0 {
				ks = append(ks, k)
			}
		}
		if r := a.sentenceRefs(span{s, e}); !slices.Equal(r.found, ks) {
			t.Fatalf("%q[%d:%d]: phrases found %v, the indexes say %v", f, s, e, r.found, ks)
		}
		for k, p := range strongRefs {
			if want := phraseIndex(f, s, e, p); got[k] != want {
				t.Fatalf("phrase %q in %q[%d:%d]: %d, phraseIndex says %d", p, f, s, e, got[k], want)
			}
			if got[k] >= 0 {
				found++
			}
		}
	}
	if found < 1000 {
		t.Errorf("only %d phrases found; the test says little", found)
	}
}

// eachShingle is the shingle walk as first written (each shingle built as
// text), the reference for eachShingleHash.
//
// It calls fn with every shingle of s, built in *buf, until fn
// returns false; it reports whether fn did. A shingle is a window of three
// words joined by a space, or of four CJK runes joined by nothing (latin
// and CJK words each make their own windows, across each other).
func eachShingle(s string, buf *[]byte, fn func(k []byte) bool) bool {
	var latin [3]string // the last words, oldest first
	var cjk [4]string
	nl, nc := 0, 0
	for i := 0; ; {
		ts, te, cjkTok, curly, ok := nextTok(s, i, len(s))
		if !ok {
			return false
		}
		i = te
		w := tokWord(s, ts, te, curly)
		if cjkTok {
			copy(cjk[:], cjk[1:])
			cjk[3] = w
			if nc++; nc >= 4 {
				b := append((*buf)[:0], cjk[0]...)
				b = append(b, cjk[1]...)
				b = append(b, cjk[2]...)
				b = append(b, cjk[3]...)
				*buf = b
				if !fn(b) {
					return true
				}
			}
			continue
		}
		copy(latin[:], latin[1:])
		latin[2] = w
		if nl++; nl >= 3 {
			b := append((*buf)[:0], latin[0]...)
			b = append(b, ' ')
			b = append(b, latin[1]...)
			b = append(b, ' ')
			b = append(b, latin[2]...)
			*buf = b
			if !fn(b) {
				return true
			}
		}
	}
}

// shingles returns the set of 3-word (or 4-rune for CJK) windows of s.
func shingles(s string) map[string]bool {
	out := map[string]bool{}
	ts := tokenize(s, 0, len(s))
	var latin []string
	var cjk []string
	for _, t := range ts {
		if t.cjk {
			cjk = append(cjk, t.w)
		} else {
			latin = append(latin, t.w)
		}
	}
	for i := 0; i+3 <= len(latin); i++ {
		out[strings.Join(latin[i:i+3], " ")] = true
	}
	for i := 0; i+4 <= len(cjk); i++ {
		out[strings.Join(cjk[i:i+4], "")] = true
	}
	return out
}

// overlapsRef is the material overlap as first written (over the messages' own
// shingle sets), the reference for overlapsSet.
func overlapsRef(material string, msgs []string) bool {
	m := shingles(material)
	if len(m) == 0 {
		return false
	}
	seen := map[string]bool{}
	for _, x := range msgs {
		for k := range shingles(x) {
			seen[k] = true
		}
	}
	common := 0
	for k := range m {
		if seen[k] {
			common++
		}
	}
	return float64(common) >= draftOverlap*float64(len(m))
}

func TestOverlapsAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	words := []string{"the", "cat", "sat", "on", "mat", "’s", "don't", " ", " ", "中", "文", "字", "-", ".", "Dog"}
	text := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(words[r.IntN(len(words))])
			b.WriteByte(' ')
		}
		return b.String()
	}
	yes := 0
	hashes := newShingleHashes()
	for i := 0; i < 5000; i++ {
		mat := text(3 + r.IntN(8))
		var msgs []string
		for n := r.IntN(3); n > 0; n-- {
			msgs = append(msgs, text(r.IntN(30)))
		}
		if r.IntN(3) == 0 {
			msgs = append(msgs, "x "+mat+" y")
		}
		// The messages alternate between the roles, from either; one
		// memo serves every prefix of the conversation, as in the miner.
		var history []corpora.Message
		for k, x := range msgs {
			role := corpora.RoleAssistant
			if (k+i)%2 == 1 {
				role = corpora.RoleUser
			}
			history = append(history, corpora.Message{Role: role, Content: x})
		}
		var memo Memo
		for end := 0; end <= len(history); end++ {
			h := history[:end]
			memo.reset(h)
			for _, role := range []string{corpora.RoleAssistant, corpora.RoleUser} {
				var folded []string
				for _, m := range h {
					if m.Role == role && strings.TrimSpace(m.Content) != "" {
						folded = append(folded, screen.Fold(m.Content))
					}
				}
				got, want := overlapsSet(mat, memo.shingleSet(h, role)), overlapsRef(mat, folded)
				if got != want {
					t.Fatalf("overlapsSet(%q, %s of %v) = %v, want %v", mat, role, h, got, want)
				}
				if want && end == len(history) {
					yes++
				}
			}
		}
		set := map[string]bool{}
		var buf []byte
		var texts []string
		eachShingle(mat, &buf, func(k []byte) bool { set[string(k)] = true; texts = append(texts, string(k)); return true })
		if !reflect.DeepEqual(set, shingles(mat)) && !(len(set) == 0 && len(shingles(mat)) == 0) {
			t.Fatalf("eachShingle(%q) = %v, shingles says %v", mat, set, shingles(mat))
		}
		hashes.check(t, mat)
	}
	if len(hashes.hashOf) < 500 {
		t.Errorf("only %d distinct shingles hashed", len(hashes.hashOf))
	}
	if yes < 500 || yes > 9000 {
		t.Errorf("%d of 10000 overlap; the test says little", yes)
	}
}

// shingleHashes records, over a whole test, which shingle text each hash
// stands for.
type shingleHashes struct {
	textOf map[uint64]string
	hashOf map[string]uint64
}

func newShingleHashes() *shingleHashes {
	return &shingleHashes{textOf: map[uint64]string{}, hashOf: map[string]uint64{}}
}

// check checks that eachShingleHash walks the shingles of s that
// eachShingle does, in its order, with one hash per shingle text and no two
// texts sharing a hash (over every text checked so far).
func (sh *shingleHashes) check(t *testing.T, s string) {
	t.Helper()
	var buf []byte
	var texts []string
	eachShingle(s, &buf, func(k []byte) bool { texts = append(texts, string(k)); return true })
	var hashes []uint64
	eachShingleHash(s, func(h uint64) { hashes = append(hashes, h) })
	if len(hashes) != len(texts) {
		t.Fatalf("eachShingleHash(%q): %d hashes for %d shingles", s, len(hashes), len(texts))
	}
	for k, h := range hashes {
		if old, ok := sh.textOf[h]; ok && old != texts[k] {
			t.Fatalf("shingles %q and %q share a hash", old, texts[k])
		}
		if old, ok := sh.hashOf[texts[k]]; ok && old != h {
			t.Fatalf("shingle %q has two hashes", texts[k])
		}
		sh.textOf[h], sh.hashOf[texts[k]] = texts[k], h
	}
}

// TestFirstWordIndex checks that looping over a list's candidates finds the
// phrases hasPrefixPhrase finds looping over the whole list, in the same
// order, on word sequences drawn from the lists' own words.
func TestFirstWordIndex(t *testing.T) {
	lists := []struct {
		list []string
		idx  firstWordIndex
	}{{politeFrames, politeFramesByFirst}, {requestFrames, requestFramesByFirst},
		{cuelessRequestFrames, cuelessRequestFramesByFirst}, {skipLead, skipLeadByFirst},
		{continuations, continuationsByFirst}, {rolePlays, rolePlaysByFirst}, {metaOpeners, metaOpenersByFirst}}
	var vocab []string
	for _, l := range lists {
		for _, p := range l.list {
			vocab = append(vocab, strings.Fields(p)...)
		}
	}
	r := rand.New(rand.NewPCG(25, 26))
	found := 0
	for _, l := range lists {
		for i := 0; i < 3000; i++ {
			var ws []string
			if i%2 == 0 {
				ws = append(ws, strings.Fields(l.list[r.IntN(len(l.list))])...)
			}
			for n := r.IntN(4); n > 0; n-- {
				ws = append(ws, vocab[r.IntN(len(vocab))])
			}
			var want, got []string
			for _, p := range l.list {
				if hasPrefixPhrase(ws, p) {
					want = append(want, p)
				}
			}
			for _, p := range l.idx.candidates(ws) {
				if hasPrefixPhrase(ws, p) {
					got = append(got, p)
				}
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("words %q: the index finds %q, the list %q", ws, got, want)
			}
			found += len(want)
		}
	}
	if found < 5000 {
		t.Errorf("only %d phrases found; the test says little", found)
	}
}

// TestIndexAnyRune checks indexAnyRune against strings.IndexAny for the
// character sets it is used with, on texts with invalid and cut UTF-8.
func TestIndexAnyRune(t *testing.T) {
	sets := []string{"?？", ":：", ",;:，；：", ":：=+*×÷^<>%"}
	pieces := []string{"a", " ", "?", "？", ":", "：", ",", "，", ";", "；", "=", "+", "*", "×", "÷", "^", "<", ">", "%",
		"\xef", "\xef\xbc", "\xbc\x9f", "\xc3", "é", "中", "\xff"}
	r := rand.New(rand.NewPCG(27, 28))
	found := 0
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := r.IntN(10); n > 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		for _, chars := range sets {
			got, want := indexAnyRune(s, chars), strings.IndexAny(s, chars)
			if got != want {
				t.Fatalf("indexAnyRune(%q, %q) = %d, strings.IndexAny says %d", s, chars, got, want)
			}
			if want >= 0 {
				found++
			}
		}
		if got, want := (&analysis{f: s}).questionMark(), strings.ContainsAny(s, "?？"); got != want {
			t.Fatalf("questionMark of %q = %v, strings.ContainsAny says %v", s, got, want)
		}
	}
	if found < 20000 {
		t.Errorf("only %d found; the test says little", found)
	}
}

// sentencesRef is sentences as first written (every rune decoded), the
// reference for TestSentencesAgree.
func sentencesRef(f string) []span {
	var out []span
	add := func(s, e int) {
		for s < e && (f[s] == ' ' || f[s] == '\t' || f[s] == '\r') {
			s++
		}
		for e > s && (f[e-1] == ' ' || f[e-1] == '\t' || f[e-1] == '\r') {
			e--
		}
		if e > s {
			out = append(out, span{s, e})
		}
	}
	start := 0
	for i := 0; i < len(f); {
		r, n := utf8.DecodeRuneInString(f[i:])
		switch r {
		case '\n':
			if !wrappedLine(f, start, i) {
				add(start, i)
				start = i + n
			}
		case '.', '!', '?', ';':
			next := byte(' ')
			if i+n < len(f) {
				next = f[i+n]
			}
			if r == '.' && ordinalDate(f, i) {
				break // "am 1. september", "el 3. mai": an ordinal, not a sentence end
			}
			if next == ' ' || next == '\n' || next == '\t' || next == '\r' || next == '"' || next == ')' {
				add(start, i+n)
				start = i + n
			}
		case '。', '！', '？', '；':
			add(start, i+n)
			start = i + n
		}
		i += n
	}
	add(start, len(f))
	return out
}

// TestSentencesAgree checks sentences, which steps over the bytes that end
// no sentence, against sentencesRef.
func TestSentencesAgree(t *testing.T) {
	pieces := append([]string{".", "!", "?", ";", "。", "！", "？", "；", "\n", " ", ")", "\"", "1", "am ", "Ab",
		"\xe3", "\xef", "\xef\xbc", "\xe3\x80", "\xe3\x80\x82"}, textAlphabet...)
	r := rand.New(rand.NewPCG(29, 30))
	for i := 0; i < 50000; i++ {
		var b strings.Builder
		for n := r.IntN(16); n > 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		f := b.String()
		if got, want := sentences(f), sentencesRef(f); !reflect.DeepEqual(got, want) {
			t.Fatalf("sentences(%q) = %v, sentencesRef says %v", f, got, want)
		}
	}
}

// TestSamePrefix checks samePrefix against a byte-by-byte comparison.
func TestSamePrefix(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 36))
	for i := 0; i < 20000; i++ {
		s := randomText(r, r.IntN(30))
		u := []byte(s)
		if len(u) > 0 && i%3 != 0 {
			u[r.IntN(len(u))] = ' '
		}
		t2 := string(u[:r.IntN(len(u)+1)])
		want := 0
		for want < len(s) && want < len(t2) && s[want] == t2[want] {
			want++
		}
		if got := samePrefix(s, t2); got != want {
			t.Fatalf("samePrefix(%q, %q) = %d, want %d", s, t2, got, want)
		}
	}
}
