package deliverable

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"testing"
)

// funcSources returns the source text of the top-level functions and
// methods of a Go file, by name (methods as "Type.Name").
func funcSources(t *testing.T, path string) map[string]string {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		name := fd.Name.Name
		if fd.Recv != nil && len(fd.Recv.List) == 1 {
			typ := fd.Recv.List[0].Type
			if st, ok := typ.(*ast.StarExpr); ok {
				typ = st.X
			}
			if id, ok := typ.(*ast.Ident); ok {
				name = id.Name + "." + name
			}
		}
		out[name] = string(src[fset.Position(fd.Pos()).Offset:fset.Position(fd.End()).Offset])
	}
	return out
}

// TestPrefilterInStepWithTrace checks that the filter code this package
// copies from detectors/trace has not drifted from it.
func TestPrefilterInStepWithTrace(t *testing.T) {
	mine := funcSources(t, "prefilter.go")
	theirs := funcSources(t, "../trace/prefilter.go")
	shared := 0
	for name, src := range mine {
		other, ok := theirs[name]
		if !ok {
			continue
		}
		shared++
		if src != other {
			t.Errorf("%s differs from detectors/trace/prefilter.go", name)
		}
	}
	if shared < 15 {
		t.Errorf("only %d functions shared with detectors/trace/prefilter.go", shared)
	}
}
