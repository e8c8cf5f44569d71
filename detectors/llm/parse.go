package llm

import (
	"encoding/json"
	"errors"
	"regexp"
	"strconv"
	"strings"
)

// The tolerant answer parser: servers without JSON-schema support (and some
// with it) wrap the object in prose, code fences or reasoning tags. It takes
// the first balanced JSON object of the reply after dropping <think> blocks,
// lower-cases the keys and reads booleans from true/"true"/"yes"/1.

var (
	errNoObject = errors.New("no JSON object in the answer")
	reThink     = regexp.MustCompile(`(?is)<(think|thinking|reasoning)>.*?</(?:think|thinking|reasoning)>`)
)

// answer is a decoded JSON object with lower-cased keys.
type answer map[string]any

// parseAnswer finds the first balanced JSON object in reply.
func parseAnswer(reply string) (answer, error) {
	s := reThink.ReplaceAllString(reply, "")
	for i := 0; i < len(s); i++ {
		if s[i] != '{' {
			continue
		}
		end := balanced(s, i)
		if end < 0 {
			break
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(s[i:end]), &m); err == nil {
			a := answer{}
			for k, v := range m {
				a[strings.ToLower(strings.TrimSpace(k))] = v
			}
			return a, nil
		}
	}
	return nil, errNoObject
}

// balanced returns the end of the JSON object starting at s[i] == '{', or
// -1. Braces inside strings do not count.
func balanced(s string, i int) int {
	depth := 0
	inStr := false
	for j := i; j < len(s); j++ {
		c := s[j]
		if inStr {
			switch c {
			case '\\':
				j++
			case '"':
				inStr = false
			}
			continue
		}
		switch c {
		case '"':
			inStr = true
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return j + 1
			}
		}
	}
	return -1
}

// boolean reads key as a boolean; ok is false when it is missing or not a
// recognisable truth value.
func (a answer) boolean(keys ...string) (v, ok bool) {
	for _, k := range keys {
		x, present := a[k]
		if !present {
			continue
		}
		switch t := x.(type) {
		case bool:
			return t, true
		case float64:
			if t == 1 {
				return true, true
			}
			if t == 0 {
				return false, true
			}
		case string:
			switch strings.ToLower(strings.Trim(strings.TrimSpace(t), ".!")) {
			case "true", "yes", "y", "1":
				return true, true
			case "false", "no", "n", "0":
				return false, true
			}
		}
		return false, false
	}
	return false, false
}

// str reads key as a string ("" when missing; numbers are formatted).
func (a answer) str(keys ...string) (string, bool) {
	for _, k := range keys {
		x, present := a[k]
		if !present {
			continue
		}
		switch t := x.(type) {
		case string:
			return t, true
		case nil:
			return "", true
		case float64:
			return strconv.FormatFloat(t, 'f', -1, 64), true
		case bool:
			return strconv.FormatBool(t), true
		}
		return "", false
	}
	return "", false
}

// strs reads key as a list of strings; a single string is a list of one.
func (a answer) strs(key string) []string {
	switch t := a[key].(type) {
	case []any:
		var out []string
		for _, x := range t {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	case string:
		if t == "" {
			return nil
		}
		var out []string
		for _, p := range strings.Split(t, ",") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
		}
		return out
	}
	return nil
}

func norm(s string) string { return strings.ToLower(strings.TrimSpace(s)) }
