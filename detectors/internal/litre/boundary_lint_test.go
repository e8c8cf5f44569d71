package litre

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// RE2's \b and \B are ASCII: a boundary next to a non-ASCII letter never
// holds where it should ("\bнет\b" does not match "нет там", "sí\b" does not
// match "sí, claro"). The project's expressions use (?:^|[^\p{L}\p{N}_])
// and (?:$|[^\p{L}\p{N}_]) there ({{B}} and {{E}} in rules files). This
// test reads every Go string literal and every rules-file pattern of the
// module that parses as an expression and fails on a \b or \B next to a
// non-ASCII letter.

// moduleRoot returns the directory holding go.mod above the working one.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = up
	}
}

func TestNoASCIIBoundaryNextToNonASCII(t *testing.T) {
	root := moduleRoot(t)
	var found []string
	check := func(where, src string) {
		re, err := syntax.Parse(src, syntax.Perl)
		if err != nil {
			// a fragment of an expression built with +: read its text
			if bad := textBoundaryMisuse(src); bad != "" {
				found = append(found, where+": "+bad+" in "+strconv.Quote(src))
			}
			return
		}
		if bad := asciiBoundaryMisuse(re); bad != "" {
			found = append(found, where+": "+bad+" in "+strconv.Quote(src))
		}
	}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if rel == "." {
				return nil
			}
			if n := d.Name(); n == "testdata" || n == "bin" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir // another module
			}
			return nil
		}
		switch {
		case strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go"):
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING || !strings.Contains(lit.Value, `\b`) && !strings.Contains(lit.Value, `\B`) {
					return true
				}
				if s, err := strconv.Unquote(lit.Value); err == nil {
					check(fset.Position(lit.Pos()).String(), s)
				}
				return true
			})
		case strings.HasSuffix(path, "rules.txt"):
			for where, src := range rulesPatterns(t, path) {
				check(where, src)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range found {
		t.Error(f)
	}
}

var (
	macroRe      = regexp.MustCompile(`\{\{([A-Za-z0-9_]+)\}\}`)
	rulesPattern = regexp.MustCompile(`^(?:pattern|require|unless)\s+(.*)$`)
)

// rulesPatterns returns the expressions of a rules file (lines "pattern",
// "require", "unless") with its "define" macros expanded, by position.
func rulesPatterns(t *testing.T, path string) map[string]string {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	defs := map[string]string{}
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "define "); ok {
			name, val, _ := strings.Cut(rest, " ")
			defs[name] = strings.TrimSpace(val)
			continue
		}
		m := rulesPattern.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		src := m[1]
		for range 5 {
			src = macroRe.ReplaceAllStringFunc(src, func(x string) string {
				if v, ok := defs[x[2:len(x)-2]]; ok {
					return v
				}
				return x
			})
		}
		out[path+":"+strconv.Itoa(n)] = src
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// asciiBoundaryMisuse describes the first \b or \B of re next to a
// non-ASCII letter, "" when there is none. What may come before and after
// a boundary is followed into and out of groups, alternations and optional
// parts ("(?:^|\b)нет" is caught).
func asciiBoundaryMisuse(re *syntax.Regexp) string {
	return misuse(re, nil, nil)
}

// misuse is asciiBoundaryMisuse with the runes that may come before and
// after re in its context.
func misuse(re *syntax.Regexp, before, after []rune) string {
	switch re.Op {
	case syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		name := `\b`
		if re.Op == syntax.OpNoWordBoundary {
			name = `\B`
		}
		if r, ok := nonASCIILetter(after); ok {
			return name + " before " + string(r)
		}
		if r, ok := nonASCIILetter(before); ok {
			return name + " after " + string(r)
		}
	case syntax.OpConcat:
		for i, sub := range re.Sub {
			prev := make([]*syntax.Regexp, i)
			for k := range i {
				prev[k] = re.Sub[i-1-k]
			}
			b, bNull := edgeSeq(prev, false)
			a, aNull := edgeSeq(re.Sub[i+1:], true)
			if bNull {
				b = append(b, before...)
			}
			if aNull {
				a = append(a, after...)
			}
			if bad := misuse(sub, b, a); bad != "" {
				return bad
			}
		}
	default:
		for _, sub := range re.Sub {
			if bad := misuse(sub, before, after); bad != "" {
				return bad
			}
		}
	}
	return ""
}

// textBoundaryMisuse reads a literal that does not parse as an expression
// (a fragment joined with + elsewhere): a \b or \B written right beside a
// non-ASCII letter.
func textBoundaryMisuse(src string) string {
	for i := 0; i+1 < len(src); i++ {
		if src[i] != '\\' {
			continue
		}
		if c := src[i+1]; c == 'b' || c == 'B' {
			if r, _ := utf8.DecodeRuneInString(src[i+2:]); r > unicode.MaxASCII && unicode.IsLetter(r) {
				return `\` + string(c) + " before " + string(r)
			}
			if r, _ := utf8.DecodeLastRuneInString(src[:i]); r > unicode.MaxASCII && unicode.IsLetter(r) {
				return `\` + string(c) + " after " + string(r)
			}
		}
		i++ // an escaped character
	}
	return ""
}

// edgeSeq returns the runes the sequence subs (in reading order when
// first, reversed when not) may begin with (first) or end with, as far as
// literals and classes tell, and whether the whole sequence may be empty;
// its empty-width and optional parts are looked through.
func edgeSeq(subs []*syntax.Regexp, first bool) (out []rune, nullable bool) {
	for _, s := range subs {
		rs, n := edge(s, first)
		out = append(out, rs...)
		if !n {
			return out, false
		}
	}
	return out, true
}

func edge(re *syntax.Regexp, first bool) (rs []rune, nullable bool) {
	switch re.Op {
	case syntax.OpLiteral:
		if len(re.Rune) == 0 {
			return nil, true
		}
		if first {
			return re.Rune[:1], false
		}
		return re.Rune[len(re.Rune)-1:], false
	case syntax.OpCharClass:
		// A class that holds an ASCII word character ([^\s], \pL, .) may
		// start a word the boundary sees: a deliberate choice. One that
		// holds only non-ASCII letters among its word characters ([её],
		// [а-я], \p{Cyrillic}) cannot: its first letter stands for it.
		for i := 0; i+1 < len(re.Rune); i += 2 {
			lo, hi := re.Rune[i], re.Rune[i+1]
			if lo <= 'z' && hi >= '0' && asciiWordIn(lo, hi) {
				return nil, false
			}
		}
		for i := 0; i+1 < len(re.Rune); i += 2 {
			for r := re.Rune[i]; r <= re.Rune[i+1] && r <= re.Rune[i]+64; r++ {
				if r > unicode.MaxASCII && unicode.IsLetter(r) {
					return []rune{r}, false
				}
			}
		}
		return nil, false
	case syntax.OpCapture, syntax.OpPlus:
		return edge(re.Sub[0], first)
	case syntax.OpStar, syntax.OpQuest:
		rs, _ = edge(re.Sub[0], first)
		return rs, true
	case syntax.OpRepeat:
		rs, nullable = edge(re.Sub[0], first)
		return rs, nullable || re.Min == 0
	case syntax.OpAlternate:
		for _, s := range re.Sub {
			r, n := edge(s, first)
			rs = append(rs, r...)
			nullable = nullable || n
		}
		return rs, nullable
	case syntax.OpConcat:
		subs := re.Sub
		if !first {
			subs = make([]*syntax.Regexp, len(re.Sub))
			for k := range re.Sub {
				subs[k] = re.Sub[len(re.Sub)-1-k]
			}
		}
		return edgeSeq(subs, first)
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return nil, true
	}
	return nil, false
}

// asciiWordIn reports whether [lo, hi] holds an ASCII word character.
func asciiWordIn(lo, hi rune) bool {
	for _, w := range [][2]rune{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}} {
		if lo <= w[1] && hi >= w[0] {
			return true
		}
	}
	return false
}

func nonASCIILetter(rs []rune) (rune, bool) {
	for _, r := range rs {
		if r > unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return r, true
		}
	}
	return 0, false
}

func TestASCIIBoundaryMisuse(t *testing.T) {
	tests := []struct {
		src string
		bad bool
	}{
		{`\bнет\b`, true},
		{`(?i)\b(?:yes|sí)\b`, true},
		{`(?:si|если)\b`, true},
		{`\b(?:überarbeitete|neue)\s`, true},
		{`\bnão posso\b`, false}, // both ends ASCII
		{`(?:^|[^\p{L}\p{N}_])нет(?:$|[^\p{L}\p{N}_])`, false},
		{`\b(?:foo|bar)\b|без`, false},
		{`\bwith\s+\S+`, false}, // a large class is a choice
		{`\b(?:a|b)?нет`, true}, // through an optional part
		{`(?:^|\b)нет`, true},   // out of a group
		{`(?:a\b|b)ü`, true},
		{`\b[а-яё]+`, true}, // a class of Cyrillic letters only
		{`\b\p{Cyrillic}+`, true},
		{`\Bнет`, true},
		{`\b[\p{L}]+`, false}, // holds ASCII letters: a choice
	}
	for _, tt := range []struct {
		src string
		bad bool
	}{
		{`|\bвот\b|`, true},
		{`é\b)`, true},
		{`(?:a|b)\b`, false},
		{`\\bнет`, false}, // an escaped backslash, then b
	} {
		if got := textBoundaryMisuse(tt.src) != ""; got != tt.bad {
			t.Errorf("text %q: misuse %v, want %v", tt.src, got, tt.bad)
		}
	}
	for _, tt := range tests {
		re, err := syntax.Parse(tt.src, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		if got := asciiBoundaryMisuse(re) != ""; got != tt.bad {
			t.Errorf("%q: misuse %v, want %v", tt.src, got, tt.bad)
		}
	}
}
