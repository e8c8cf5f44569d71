package trace

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestIndexSep checks indexSep against strings.IndexAny on random texts of
// separators, other runes and invalid bytes.
func TestIndexSep(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	parts := []string{":", "=", "：", "a", " ", "é", "中", "\xef", "\xef\xbc", "\xbc\x9a", "\xff", "Ｚ", "\n"}
	for range 20000 {
		var b strings.Builder
		for n := r.IntN(8); n > 0; n-- {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		s := b.String()
		if got, want := indexSep(s), strings.IndexAny(s, ":=："); got != want {
			t.Fatalf("indexSep(%q) = %d, strings.IndexAny says %d", s, got, want)
		}
	}
}
