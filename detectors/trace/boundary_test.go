package trace

import "testing"

// TestReplacedNonASCIIEdge: "à la place de" names the old item although
// à is not an RE2 word character.
func TestReplacedNonASCIIEdge(t *testing.T) {
	m := replacedRE.FindStringSubmatch("J'ai utilisé Python à la place de Perl.")
	if m == nil || m[1] != "Perl." {
		t.Fatalf("replacedRE: %q, want the old item Perl", m)
	}
	if m := replacedRE.FindStringSubmatch("instead of Friday"); m == nil || m[1] != "Friday" {
		t.Fatalf("replacedRE: %q", m)
	}
}

// TestChangelogHeadingEdges: a heading word ending in a non-ASCII letter
// ("Modifié") is a heading; punctuation other than a colon after an ASCII
// one is not ("Removed." is a sentence).
func TestChangelogHeadingEdges(t *testing.T) {
	for s, want := range map[string]bool{
		"### Modifié :": true, "**Eliminado**": true, "## Removed": true, "Removed:": true, "- Fixed": true,
		"Removed.": false, "Fixed!": false, "Added,": false, "Removed_x": false, "Modifiés": false,
	} {
		if got := changelogHeadingRE.MatchString(s); got != want {
			t.Errorf("changelogHeadingRE(%q) = %v, want %v", s, got, want)
		}
	}
}
