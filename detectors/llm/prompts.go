package llm

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
)

//go:embed prompts/*.txt
var promptFS embed.FS

// Prompt is one versioned instruction text with its answer schema. Hash is
// the SHA-256 of the text and the schema; it is part of every cache key, so
// editing a prompt (which must come with a new version) never reuses old
// answers.
type Prompt struct {
	ID         string          // "revision.v1"
	Check      string          // "revision", "trace", "deliverable"
	Text       string          // the system message
	Schema     json.RawMessage // JSON schema of the answer
	SchemaName string
	Hash       string // hex SHA-256 of Text + "\x00" + Schema
	EstOutput  int    // typical answer length in tokens, for the dry run
	MaxTokens  int    // max_tokens sent
}

// Check names.
const (
	CheckRevision    = "revision"
	CheckTrace       = "trace"
	CheckDeliverable = "deliverable"
)

const revisionSchema = `{"type":"object","properties":{` +
	`"is_revision_request":{"type":"boolean"},` +
	`"primary_type":{"type":"string","enum":["withdraw","replace","correct","reformat","extend","other","none"]},` +
	`"types":{"type":"array","items":{"type":"string","enum":["withdraw","replace","correct","reformat","extend","other"]}},` +
	`"evidence_quote":{"type":"string"},"item":{"type":"string"},"reason":{"type":"string"}},` +
	`"required":["is_revision_request","primary_type","types","evidence_quote","item","reason"],"additionalProperties":false}`

const traceSchema = `{"type":"object","properties":{` +
	`"quote":{"type":"string"},"answer":{"type":"string","enum":["yes","no"]}},` +
	`"required":["quote","answer"],"additionalProperties":false}`

const deliverableSchema = `{"type":"object","properties":{` +
	`"deliverable_type":{"type":"string","enum":["code","message","document","none"]}},` +
	`"required":["deliverable_type"],"additionalProperties":false}`

var (
	promptRevision    = mustPrompt("revision.v1", CheckRevision, revisionSchema, "revision_check", 90, 400)
	promptTrace       = mustPrompt("trace.v1", CheckTrace, traceSchema, "trace_check", 40, 300)
	promptDeliverable = mustPrompt("deliverable.v1", CheckDeliverable, deliverableSchema, "deliverable_check", 12, 40)
)

// Prompts returns the prompts in use (for recording their hashes).
func Prompts() []Prompt {
	return []Prompt{*promptRevision, *promptTrace, *promptDeliverable}
}

func promptFor(check string) *Prompt {
	switch check {
	case CheckRevision:
		return promptRevision
	case CheckTrace:
		return promptTrace
	case CheckDeliverable:
		return promptDeliverable
	}
	return nil
}

func mustPrompt(id, check, schema, name string, estOut, maxTok int) *Prompt {
	b, err := promptFS.ReadFile("prompts/" + id + ".txt")
	if err != nil {
		panic(fmt.Sprintf("llm: prompt %s: %v", id, err))
	}
	if !json.Valid([]byte(schema)) {
		panic("llm: invalid schema for " + id)
	}
	text := strings.TrimRight(string(b), "\n")
	h := sha256.New()
	h.Write([]byte(text))
	h.Write([]byte{0})
	h.Write([]byte(schema))
	return &Prompt{
		ID: id, Check: check, Text: text, Schema: json.RawMessage(schema), SchemaName: name,
		Hash: hex.EncodeToString(h.Sum(nil)), EstOutput: estOut, MaxTokens: maxTok,
	}
}

func sha256Hex(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}
