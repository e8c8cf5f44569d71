package litre

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"testing"
)

// isCompiled reports whether r has been compiled (without compiling it).
func isCompiled(r *Regexp) bool { return r.re != nil }

func TestLazyCompilesOnFirstUse(t *testing.T) {
	r := &Regexp{expr: `(?i)\bremoved\s+(\w+)`} // as Lazy, unregistered
	if isCompiled(r) {
		t.Fatal("compiled before first use")
	}
	if got := r.String(); got != `(?i)\bremoved\s+(\w+)` {
		t.Errorf("String() = %q", got)
	}
	if isCompiled(r) {
		t.Fatal("String compiled the expression")
	}
	if got := r.FindStringSubmatch("I Removed Bob"); len(got) != 2 || got[1] != "Bob" {
		t.Errorf("FindStringSubmatch = %q", got)
	}
	if !isCompiled(r) {
		t.Fatal("not compiled after first use")
	}
	want := regexp.MustCompile(r.expr)
	for _, s := range []string{"", "removed it", "REMOVED x y", "unremoved z", "nothing"} {
		if got, w := r.MatchString(s), want.MatchString(s); got != w {
			t.Errorf("MatchString(%q) = %v, regexp says %v", s, got, w)
		}
		if got, w := r.ReplaceAllString(s, "<$1>"), want.ReplaceAllString(s, "<$1>"); got != w {
			t.Errorf("ReplaceAllString(%q) = %q, regexp says %q", s, got, w)
		}
	}
	if r.SubexpIndex("x") != -1 || r.NumSubexp() != 1 {
		t.Errorf("SubexpIndex/NumSubexp disagree with the expression")
	}
}

// A filtered expression built with Lazily is not compiled while its filter
// rules every text out.
func TestLazilyFiltersBeforeCompiling(t *testing.T) {
	p := Lazily(`(?i)\bwithheld\s+(?:the|your)\s+\w+`)
	for _, s := range []string{"nothing here", "held the key", strings.Repeat("with ", 50)} {
		if p.MatchString(s) {
			t.Errorf("MatchString(%q) = true", s)
		}
	}
	if isCompiled(p.Regexp) {
		t.Error("compiled although no text passed the filter")
	}
	if !p.MatchString("I withheld your name") || p.FindString("we withheld the key") != "withheld the key" {
		t.Error("missed a match")
	}
}

func TestCompileReportsBadExpressions(t *testing.T) {
	bad := &Regexp{expr: `(?P<x>a`}
	good := &Regexp{expr: `a+b`}
	errs := CompileEach([]*Regexp{good, bad, {expr: `[z-a]`}})
	if len(errs) != 3 || errs[0] != nil || !isCompiled(good) {
		t.Fatalf("CompileEach = %v; the good expression compiled: %v", errs, isCompiled(good))
	}
	for i, want := range map[int]string{1: "missing closing )", 2: "invalid character class range"} {
		if errs[i] == nil || !strings.Contains(errs[i].Error(), want) {
			t.Errorf("error %d = %v, want one mentioning %q", i, errs[i], want)
		}
	}
	// Compile answers again, and Std panics as regexp.MustCompile does.
	if bad.Compile() == nil {
		t.Error("Compile accepted a bad expression on the second call")
	}
	defer func() {
		if recover() == nil {
			t.Error("Std did not panic on a bad expression")
		}
	}()
	bad.Std()
}

func TestCompileAllCoversMustCompile(t *testing.T) {
	p := MustCompile(`lazy-registry-probe\d+`)
	if isCompiled(p.Regexp) {
		t.Fatal("MustCompile compiled at once")
	}
	if err := CompileAll(); err != nil {
		t.Fatal(err)
	}
	if !isCompiled(p.Regexp) {
		t.Error("CompileAll left a MustCompile expression uncompiled")
	}
}

func TestNewKeepsCompiled(t *testing.T) {
	re := regexp.MustCompile(`x(y)`)
	p := New(re)
	if p.Std() != re || p.String() != "x(y)" {
		t.Error("New does not keep the compiled expression")
	}
}

// hasLiteralPrefix must agree with regexp's LiteralPrefix (which needs the
// compiled expression) on expressions not anchored at their start.
func TestHasLiteralPrefixAgreesWithRegexp(t *testing.T) {
	pieces := []string{"", "a", "ab", "1", "é", "K", `\x{FFFD}`, `\b`, `$`, "(a)", "(?:a)", "a+", "a+?", "a*", "a?",
		"a{2,}", "a{0,2}", "a{1,3}", "[ab]", "[a]", "(?:a|b)", "ab|ac", "(?:^|x)", `\pL`, "(?:)", `\s+`, "(?P<obj>b)",
		"(?-i:a)", "(?i:a)", ".", `\d`}
	n := 0
	for _, flags := range []string{"", "(?i)", "(?s)"} {
		for _, a := range pieces {
			for _, b := range pieces {
				for _, c := range []string{"", "x", "(?i)y", "+"} {
					expr := flags + a + b + c
					re, err := regexp.Compile(expr)
					if err != nil {
						continue
					}
					tree, err := syntax.Parse(expr, syntax.Perl)
					if err != nil {
						t.Fatal(err)
					}
					tree = tree.Simplify()
					if anchoredStart(tree) {
						continue
					}
					n++
					prefix, _ := re.LiteralPrefix()
					if got, want := hasLiteralPrefix(tree), prefix != ""; got != want {
						t.Errorf("%q: hasLiteralPrefix = %v, LiteralPrefix = %q", expr, got, prefix)
					}
				}
			}
		}
	}
	if n < 1000 {
		t.Errorf("only %d expressions checked", n)
	}
}
