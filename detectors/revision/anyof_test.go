package revision

import (
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestAnyOfAgrees checks each phrase list's one-pass check against
// strings.Contains of every phrase, on texts built from the phrases, their
// pieces and other words.
func TestAnyOfAgrees(t *testing.T) {
	lists := map[string][]string{
		"keepFrames": keepFrames, "keepDone": keepDone, "cjkKeepDone": cjkKeepDone,
		"shouldReadPhrases": shouldReadPhrases, "polishVerbs": slices.Sorted(maps.Keys(polishVerbs)),
		"redoPhrases (trimmed)": trimAll(redoPhrases, "?"), "youPutPhrases": youPutPhrases, "deniedPhrases": deniedPhrases,
		"with an empty string": {"", "x"},
	}
	r := rand.New(rand.NewPCG(21, 22))
	for name, lits := range lists {
		a := newAnyOf(lits)
		var pieces []string
		for _, l := range lits {
			pieces = append(pieces, l, strings.ToUpper(l))
			if n := len(l) / 2; n > 0 {
				pieces = append(pieces, l[:n], l[n:])
			}
		}
		pieces = append(pieces, " ", "the", "é", "。")
		yes := 0
		for i := 0; i < 3000; i++ {
			var b strings.Builder
			for n := r.IntN(6); n > 0; n-- {
				b.WriteString(pieces[r.IntN(len(pieces))])
			}
			s := b.String()
			want := slices.ContainsFunc(lits, func(l string) bool { return strings.Contains(s, l) })
			if got := a.in(s); got != want {
				t.Fatalf("%s: in(%q) = %v, want %v", name, s, got, want)
			}
			if want {
				yes++
			}
		}
		if yes < 300 {
			t.Errorf("%s: only %d of 3000 texts hold a phrase", name, yes)
		}
	}
}
