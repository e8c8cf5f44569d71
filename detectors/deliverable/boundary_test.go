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
		{"suggestion: как насчёт", infoQuestion("как насчёт более короткого варианта?"), false},
		{"question: где", infoQuestion("где находится меню?"), true},
		{"request put as a spanish question", infoQuestion("¿Puedes hacerlo más corto?"), false},
		{"suggestion: qué tal", infoQuestion("¿Qué tal una versión más corta?"), false},
		{"spanish question for information", infoQuestion("¿Dónde está la oficina de correos?"), true},
		{"spanish request with que", infoQuestion("que sea más formal"), false},
		{"english comment", infoQuestion("comment out the logging lines"), false},
		{"suggestion: what would a tagline sound like", infoQuestion("what would a tagline about fresh bread sound like?"), false},
		{"shares: short word inside a longer one", sharesWord("the newspaper is on the table", "what is new?"), false},
		{"shares: short word", sharesWord("it is new", "what is new?"), true},
		{"shares: a contraction is no content word", sharesWord("it doesn't matter", "why doesn't it work?"), false},
		{"shares: a question bigram is no content", sharesWord("你想知道什么", "什么音乐好听？"), false},
		{"shares: a content bigram", sharesWord("古典音乐很好听", "什么音乐好听？"), true},
		{"greeting: olá", chatGreetingRe.MatchString("olá! tudo bem?"), true},
		{"advice cues: capitalised Cyrillic", adviceCues("Попробуйте перезапустить приложение.") == 1, true},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, tt.got, tt.want)
		}
	}
}
