package litre

import (
	"errors"
	"fmt"
	"regexp"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
)

// Regexp is a regular expression compiled on first use. The detectors
// declare a few hundred expressions at package level; compiled eagerly,
// they cost every run of the program some 30 ms before it reads a byte,
// also the runs that never match most of them ("revtrace version", a scan
// of one reply). A Regexp has the methods of regexp.Regexp that the
// detectors use, each compiling the expression first if need be; it is
// safe for concurrent use.
//
// An expression that does not compile panics on first use, as
// regexp.MustCompile would have at start-up; [CompileAll] compiles every
// expression declared so far, so that a test finds such a mistake at once.
type Regexp struct {
	expr string
	once sync.Once
	re   *regexp.Regexp
}

// registry holds the expressions of Lazy and MustCompile, for CompileAll.
var registry struct {
	sync.Mutex
	all []*Regexp
}

// Lazy returns expr, to be compiled on first use.
func Lazy(expr string) *Regexp {
	r := &Regexp{expr: expr}
	registry.Lock()
	registry.all = append(registry.all, r)
	registry.Unlock()
	return r
}

// compiled wraps an expression already compiled.
func compiled(re *regexp.Regexp) *Regexp {
	r := &Regexp{expr: re.String(), re: re}
	r.once.Do(func() {})
	return r
}

// Std returns the compiled expression, compiling it now if need be.
func (r *Regexp) Std() *regexp.Regexp {
	if err := r.Compile(); err != nil {
		panic("regexp: Compile(" + strconv.Quote(r.expr) + "): " + err.Error()) // as regexp.MustCompile
	}
	return r.re
}

// String returns the source text of the expression (without compiling it).
func (r *Regexp) String() string { return r.expr }

// CompileAll compiles every expression declared with Lazy or MustCompile
// that is not compiled yet, on all processors, and returns the errors of
// those that do not compile, each naming its expression: tests call it to
// check every expression the program declares.
func CompileAll() error {
	registry.Lock()
	all := append([]*Regexp(nil), registry.all...)
	registry.Unlock()
	errs := CompileEach(all)
	for i, err := range errs {
		if err != nil {
			errs[i] = fmt.Errorf("litre: %q: %w", all[i].expr, err)
		}
	}
	return errors.Join(errs...)
}

// CompileEach compiles the expressions of list that are not compiled yet,
// on all processors, and returns the error of each (nil: it compiles).
func CompileEach(list []*Regexp) []error {
	var next atomic.Int64
	errs := make([]error, len(list))
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(list)) {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < len(list); i = int(next.Add(1)) - 1 {
				errs[i] = list[i].Compile()
			}
		})
	}
	wg.Wait()
	return errs
}

// The methods of regexp.Regexp that the detectors call, compiling first.

// MatchString is regexp.Regexp.MatchString.
func (r *Regexp) MatchString(s string) bool { return r.Std().MatchString(s) }

// FindString is regexp.Regexp.FindString.
func (r *Regexp) FindString(s string) string { return r.Std().FindString(s) }

// FindStringIndex is regexp.Regexp.FindStringIndex.
func (r *Regexp) FindStringIndex(s string) []int { return r.Std().FindStringIndex(s) }

// FindStringSubmatch is regexp.Regexp.FindStringSubmatch.
func (r *Regexp) FindStringSubmatch(s string) []string { return r.Std().FindStringSubmatch(s) }

// FindStringSubmatchIndex is regexp.Regexp.FindStringSubmatchIndex.
func (r *Regexp) FindStringSubmatchIndex(s string) []int {
	return r.Std().FindStringSubmatchIndex(s)
}

// FindAllString is regexp.Regexp.FindAllString.
func (r *Regexp) FindAllString(s string, n int) []string { return r.Std().FindAllString(s, n) }

// FindAllStringIndex is regexp.Regexp.FindAllStringIndex.
func (r *Regexp) FindAllStringIndex(s string, n int) [][]int {
	return r.Std().FindAllStringIndex(s, n)
}

// FindAllStringSubmatch is regexp.Regexp.FindAllStringSubmatch.
func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	return r.Std().FindAllStringSubmatch(s, n)
}

// FindAllStringSubmatchIndex is regexp.Regexp.FindAllStringSubmatchIndex.
func (r *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return r.Std().FindAllStringSubmatchIndex(s, n)
}

// ReplaceAllString is regexp.Regexp.ReplaceAllString.
func (r *Regexp) ReplaceAllString(src, repl string) string {
	return r.Std().ReplaceAllString(src, repl)
}

// ReplaceAllStringFunc is regexp.Regexp.ReplaceAllStringFunc.
func (r *Regexp) ReplaceAllStringFunc(src string, repl func(string) string) string {
	return r.Std().ReplaceAllStringFunc(src, repl)
}

// Split is regexp.Regexp.Split.
func (r *Regexp) Split(s string, n int) []string { return r.Std().Split(s, n) }

// SubexpIndex is regexp.Regexp.SubexpIndex.
func (r *Regexp) SubexpIndex(name string) int { return r.Std().SubexpIndex(name) }

// NumSubexp is regexp.Regexp.NumSubexp.
func (r *Regexp) NumSubexp() int { return r.Std().NumSubexp() }

// Compile compiles the expression now if it is not compiled yet, returning
// regexp.Compile's error instead of panicking.
func (r *Regexp) Compile() error {
	r.once.Do(func() { r.re, _ = regexp.Compile(r.expr) })
	if r.re != nil {
		return nil
	}
	_, err := regexp.Compile(r.expr) // (for its error)
	return err
}
