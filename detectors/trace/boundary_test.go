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
