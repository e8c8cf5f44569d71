package corpora

import "testing"

func TestNormaliseRole(t *testing.T) {
	tests := []struct{ in, want string }{
		{"user", RoleUser}, {"Human", RoleUser}, {" USER ", RoleUser},
		{"assistant", RoleAssistant}, {"gpt", RoleAssistant}, {"llm", RoleAssistant}, {"LLM", RoleAssistant},
		{"model", RoleAssistant}, {"chatbot", RoleAssistant}, {"AI", RoleAssistant}, {"bard", RoleAssistant},
		{"bing", RoleAssistant}, {"ChatGPT", RoleAssistant}, {"ASSISTANT", RoleAssistant},
		{"system", RoleSystem}, {"developer", RoleSystem}, {"Developer", RoleSystem},
		{"tool", RoleTool}, {"function", RoleTool}, {"Function", RoleTool},
		{"", RoleOther}, {"narrator", RoleOther}, {"users", RoleOther}, {"assistant2", RoleOther},
	}
	for _, tt := range tests {
		if got := NormaliseRole(tt.in); got != tt.want {
			t.Errorf("NormaliseRole(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
