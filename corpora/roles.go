package corpora

import "strings"

// NormaliseRole maps a role name as corpora spell it to one of the Role*
// constants: "user"/"human" → user; "assistant", "gpt", "llm", "model",
// "chatbot", "ai", "bard", "bing", "chatgpt" → assistant; "system",
// "developer" → system; "tool", "function" → tool. The comparison ignores
// case and surrounding white space; anything else, including "", is
// RoleOther.
func NormaliseRole(s string) string {
	s = strings.TrimSpace(s)
	// Fast path: the spellings that make up nearly every record.
	switch s {
	case RoleUser, RoleAssistant, RoleSystem, RoleTool:
		return s
	case "llm":
		return RoleAssistant
	}
	switch strings.ToLower(s) {
	case "user", "human":
		return RoleUser
	case "assistant", "gpt", "llm", "model", "chatbot", "ai", "bard", "bing", "chatgpt":
		return RoleAssistant
	case "system", "developer":
		return RoleSystem
	case "tool", "function":
		return RoleTool
	}
	return RoleOther
}
