package deliverable

import "testing"

// TestNonASCIIWordEdges: expressions whose words start or end with a
// letter outside ASCII match them, although RE2's \b is ASCII (see
// litre's TestNoASCIIBoundaryNextToNonASCII).
func TestNonASCIIWordEdges(t *testing.T) {
	tests := []struct {
		name string
		got  bool
		want bool
	}{
		{"presents: вот", presents("Вот исправленный текст письма:"), true},
		{"answer opening: sí", answerOpenRe.MatchString("sí, claro, lo puedo acortar"), true},
		{"answer opening: да", answerOpenRe.MatchString("да, конечно"), true},
		{"answer opening: не да", answerOpenRe.MatchString("дальше идёт текст"), false},
		{"problem: нет", problemRe.MatchString("Нет там никакого меню"), true},
		{"problem: нет inside a word", problemRe.MatchString("Интернет работает"), false},
		{"suggestion: а если", infoQuestion("а если сделать короче?"), false},
		{"question: где", infoQuestion("где находится меню?"), true},
		{"advice cues: capitalised Cyrillic", adviceCues("Попробуйте перезапустить приложение.") == 1, true},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, tt.got, tt.want)
		}
	}
}
