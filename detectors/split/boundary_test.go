package split

import "testing"

// TestLabelNonASCIIEdges: labels whose words start or end with a letter
// outside ASCII (RE2's \b is ASCII); cue text is lower case.
func TestLabelNonASCIIEdges(t *testing.T) {
	for _, s := range []string{"überarbeitete version:", "here is the revised résumé:", "the revised version's changes:"} {
		if !labelRe.MatchString(s) {
			t.Errorf("labelRe does not match %q", s)
		}
	}
	if labelRe.MatchString("here is the revised résuméx") {
		t.Error(`labelRe matches "résuméx"`)
	}
}
