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
			return // not an expression, or a fragment of one
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
			if rel == "testdata" || strings.HasPrefix(d.Name(), ".") && rel != "." {
				return filepath.SkipDir
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
// non-ASCII letter, "" when there is none.
func asciiBoundaryMisuse(re *syntax.Regexp) string {
	if re.Op == syntax.OpConcat {
		for i, sub := range re.Sub {
			if sub.Op != syntax.OpWordBoundary && sub.Op != syntax.OpNoWordBoundary {
				continue
			}
			if i+1 < len(re.Sub) {
				if r, ok := nonASCIILetter(edgeRunes(re.Sub[i+1:], true)); ok {
					return `\b before ` + string(r)
				}
			}
			if i > 0 {
				prev := make([]*syntax.Regexp, i)
				for k := range i {
					prev[k] = re.Sub[i-1-k]
				}
				if r, ok := nonASCIILetter(edgeRunes(prev, false)); ok {
					return `\b after ` + string(r)
				}
			}
		}
	}
	for _, sub := range re.Sub {
		if bad := asciiBoundaryMisuse(sub); bad != "" {
			return bad
		}
	}
	return ""
}

// edgeRunes returns the runes the sequence subs (in reading order when
// first, reversed when not) may begin with (first) or end with, as far as
// literals and small classes tell; the sequence's empty-width and optional
// parts are looked through.
func edgeRunes(subs []*syntax.Regexp, first bool) []rune {
	var out []rune
	for _, s := range subs {
		rs, nullable := edge(s, first)
		out = append(out, rs...)
		if !nullable {
			break
		}
	}
	return out
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
		// only a small class names its letters ([её]); a large one
		// ([^\s], \pL) is a deliberate choice
		n := 0
		for i := 0; i+1 < len(re.Rune); i += 2 {
			n += int(re.Rune[i+1]-re.Rune[i]) + 1
		}
		if n > 16 {
			return nil, false
		}
		for i := 0; i+1 < len(re.Rune); i += 2 {
			for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
				rs = append(rs, r)
			}
		}
		return rs, false
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
		for _, s := range subs {
			r, n := edge(s, first)
			rs = append(rs, r...)
			if !n {
				return rs, false
			}
		}
		return rs, true
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return nil, true
	}
	return nil, false
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
