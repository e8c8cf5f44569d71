package fixturegen

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// fgKeys returns the keys of a JSON object in document order.
func fgKeys(t *testing.T, raw json.RawMessage) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not an object: %.80s", raw)
	}
	var keys []string
	for dec.More() {
		tok, _ := dec.Token()
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

func fgConv(id string, rc ...string) Conv {
	c := Conv{ID: id, Model: "gpt-4o"}
	for i := 0; i+1 < len(rc); i += 2 {
		c.Messages = append(c.Messages, Msg{Role: rc[i], Content: rc[i+1]})
	}
	return c
}

func fgConvs(n int) []Conv {
	var out []Conv
	for i := range n {
		id := strings.Repeat("0", 31) + string("0123456789abcdef"[i%16])
		id = id[:30] + string("0123456789abcdef"[i/16%16]) + id[31:]
		out = append(out, fgConv(id,
			"system", "be nice",
			"user", "write a script\nplease",
			"assistant", "Sure:\n```sh\necho hi\n```\nRun it.",
			"user", "drop the echo",
			"assistant", "```\ntrue\n```"))
	}
	return out
}

func TestDevGPTText(t *testing.T) {
	tests := []struct {
		in, answer, out string
		codes           int
		exactAnswer     string // the Answer with ExactText (its text comes back unchanged)
	}{
		{"no code here", "no code here", "no code here", 0, "no code here"},
		{"a\n```go\nx\n```\nb", "a[CODE_BLOCK_0]b", "a\n```go\nx\n```\nb", 1, "a[CODE_BLOCK_0]b"},
		{"```\nx\n```", "[CODE_BLOCK_0]", "\n```\nx\n```\n", 1, "```\nx\n```"},
		{"a\n```py\n```\nb", "a[CODE_BLOCK_0]b", "a\n```py\n\n```\nb", 1, "a\n```py\n```\nb"}, // an empty block gains a line
		{"a\n```x\n1\n```\n```y\n2\n```\nb", "a[CODE_BLOCK_0][CODE_BLOCK_1]b", "a\n```x\n1\n```\n\n```y\n2\n```\nb", 2,
			"a[CODE_BLOCK_0]```y\n2\n```\nb"},
		{"a\n```go\nunclosed\n", "a\n```go\nunclosed\n", "a\n```go\nunclosed\n", 0, "a\n```go\nunclosed\n"},
		{"a ```go\nx\n```\n", "a ```go\nx\n```\n", "a ```go\nx\n```\n", 0, "a ```go\nx\n```\n"}, // not at a line start
		{"l1\r\n```go\r\nx\r\n```\r\n", "l1\r\n```go\r\nx\r\n```\r\n", "l1\r\n```go\r\nx\r\n```\r\n", 0, "l1\r\n```go\r\nx\r\n```\r\n"},
		// A skipped block's closing fence does not open a block.
		{"```\na\n```\nt\n```\nb\n```\n", "[CODE_BLOCK_0]t[CODE_BLOCK_1]", "\n```\na\n```\nt\n```\nb\n```\n", 2,
			"```\na\n```\nt[CODE_BLOCK_0]"},
	}
	for _, tt := range tests {
		answer, codes := devgptCut(tt.in, false)
		if answer != tt.answer || len(codes) != tt.codes {
			t.Errorf("devgptCut(%q) = %q with %d blocks, want %q with %d", tt.in, answer, len(codes), tt.answer, tt.codes)
		}
		if got := DevGPTText(tt.in, DevGPTOptions{}); got != tt.out {
			t.Errorf("DevGPTText(%q) = %q, want %q", tt.in, got, tt.out)
		}
		if answer, _ := devgptCut(tt.in, true); answer != tt.exactAnswer {
			t.Errorf("exact devgptCut(%q) = %q, want %q", tt.in, answer, tt.exactAnswer)
		}
		if got := DevGPTText(tt.in, DevGPTOptions{ExactText: true}); got != tt.in {
			t.Errorf("exact DevGPTText(%q) = %q, want it unchanged", tt.in, got)
		}
	}
	_, codes := devgptCut("a\n```\nx\n```\nb\n```js\ny\n```\n", false)
	if codes[0].Type != nil || codes[1].Type == nil || *codes[1].Type != "js" || codes[1].Content != "y" {
		t.Errorf("codes %+v", codes)
	}
}

func TestWriteDevGPTLayout(t *testing.T) {
	dir := t.TempDir()
	convs := fgConvs(13)
	convs = append(convs, Conv{ID: "no-messages"})
	live, err := WriteDevGPT(dir, slices.Values(convs), DevGPTOptions{OlderSnapshot: true})
	if err != nil {
		t.Fatal(err)
	}
	if live != 13 {
		t.Errorf("live %d, want 13", live)
	}
	wantKeys := map[string][]string{
		"commit": {"Type", "URL", "Author", "RepoName", "RepoLanguage", "Sha", "Message", "AuthorAt", "CommitAt", "ChatgptSharing"},
		"issue": {"Type", "URL", "Author", "RepoName", "RepoLanguage", "Number", "Title", "Body", "AuthorAt", "ClosedAt",
			"UpdatedAt", "State", "ChatgptSharing"},
		"pr": {"Type", "URL", "Author", "RepoName", "RepoLanguage", "Number", "Title", "Body", "CreatedAt", "ClosedAt",
			"MergedAt", "UpdatedAt", "State", "Additions", "Deletions", "ChangedFiles", "CommitsTotalCount", "CommitSha", "ChatgptSharing"},
		"file": {"Type", "URL", "ObjectSha", "FileName", "FilePath", "Author", "Content", "RepoName", "RepoLanguage",
			"CommitSha", "CommitMessage", "AuthorAt", "CommitAt", "ChatgptSharing"},
		"hn": {"Type", "ID", "URL", "Author", "Points", "AttachedURL", "Title", "StoryText", "CreatedAt", "CommentsTotalCount", "ChatgptSharing"},
		"discussion": {"Type", "URL", "Author", "RepoName", "RepoLanguage", "Number", "Title", "Body", "AuthorAt", "ClosedAt",
			"UpdatedAt", "Closed", "UpvoteCount", "ChatgptSharing"},
	}
	liveKeys := []string{"URL", "Mention", "Status", "DateOfConversation", "DateOfAccess", "Title", "NumberOfPrompts",
		"TokensOfPrompts", "TokensOfAnswers", "Model", "Conversations", "HTMLContent"}
	status := map[int]int{}
	shares := map[string]int{}
	for _, snap := range []string{DevGPTSnapshot, DevGPTOlderSnapshot} {
		for kind, name := range devgptFileNames[snap] {
			b, err := os.ReadFile(filepath.Join(dir, snap, name))
			if err != nil {
				t.Fatal(err)
			}
			var file struct{ Sources []json.RawMessage }
			if err := json.Unmarshal(b, &file); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if keys := fgKeys(t, b); !reflect.DeepEqual(keys, []string{"Sources"}) {
				t.Errorf("%s: top-level keys %v", name, keys)
			}
			for _, src := range file.Sources {
				if keys := fgKeys(t, src); !reflect.DeepEqual(keys, wantKeys[kind]) {
					t.Errorf("%s source keys %v, want %v", name, keys, wantKeys[kind])
				}
				var s struct {
					Type           string
					Content        string
					ChatgptSharing []json.RawMessage
				}
				json.Unmarshal(src, &s)
				if kind == "file" {
					code, err := base64.StdEncoding.DecodeString(strings.ReplaceAll(s.Content, "\n", ""))
					if err != nil || !strings.Contains(string(code), "https://chat.openai.com/share/") {
						t.Errorf("file content %q: %v", code, err)
					}
				}
				for _, sh := range s.ChatgptSharing {
					var v struct {
						URL    string
						Status int
					}
					json.Unmarshal(sh, &v)
					status[v.Status]++
					if snap == DevGPTSnapshot {
						shares[v.URL]++
					}
					keys := fgKeys(t, sh)
					if v.Status == 200 && !reflect.DeepEqual(keys, liveKeys) || v.Status != 200 && !reflect.DeepEqual(keys, []string{"URL", "Mention", "Status"}) {
						t.Errorf("%s sharing (status %d) keys %v", name, v.Status, keys)
					}
				}
			}
		}
	}
	// 14 conversations + 1 repeated in a discussion + 1 empty conversation
	// at 200; the older snapshot: 7 even ones, 3 of them (i%4 == 2) at 404.
	if status[200] != 14+1+1+4 || status[404] != 2+3 {
		t.Errorf("status counts %v", status)
	}
	if n := shares[DevGPTShareURL(convs[2].ID)]; n != 2 {
		t.Errorf("conversation 2's URL appears %d times in the final snapshot, want 2", n)
	}
	// Deterministic: the same input gives the same bytes.
	dir2 := t.TempDir()
	WriteDevGPT(dir2, slices.Values(convs), DevGPTOptions{OlderSnapshot: true})
	for _, name := range devgptFileNames[DevGPTSnapshot] {
		a, _ := os.ReadFile(filepath.Join(dir, DevGPTSnapshot, name))
		b, _ := os.ReadFile(filepath.Join(dir2, DevGPTSnapshot, name))
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between two runs", name)
		}
	}
}

func TestWriteDevGPTConversations(t *testing.T) {
	dir := t.TempDir()
	convs := fgConvs(1)
	if _, err := WriteDevGPT(dir, slices.Values(convs), DevGPTOptions{}); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(dir, DevGPTSnapshot, devgptFileNames[DevGPTSnapshot]["commit"]))
	var file struct {
		Sources []struct {
			Message        string
			ChatgptSharing []struct {
				URL, DateOfConversation, Model, HTMLContent string
				NumberOfPrompts                             int
				Conversations                               []struct {
					Prompt, Answer string
					ListOfCode     []struct {
						ReplaceString string
						Type          *string
						Content       string
					}
				}
			}
		}
	}
	if err := json.Unmarshal(b, &file); err != nil {
		t.Fatal(err)
	}
	sh := file.Sources[0].ChatgptSharing[0]
	if sh.URL != DevGPTShareURL(convs[0].ID) || sh.Model != "GPT-4" || sh.DateOfConversation != "July 24, 2023" || sh.NumberOfPrompts != 2 {
		t.Errorf("sharing %+v", sh)
	}
	if !strings.Contains(sh.HTMLContent, "<pre><code>echo hi</code></pre>") {
		t.Errorf("HTMLContent %q", sh.HTMLContent)
	}
	c := sh.Conversations
	if c[0].Prompt != "write a script\nplease" || c[0].Answer != "Sure:[CODE_BLOCK_0]Run it." ||
		len(c[0].ListOfCode) != 1 || *c[0].ListOfCode[0].Type != "sh" || c[0].ListOfCode[0].Content != "echo hi" {
		t.Errorf("pair 0 %+v", c[0])
	}
	if c[1].Answer != "[CODE_BLOCK_0]" || c[1].ListOfCode[0].Type != nil || c[1].ListOfCode[0].ReplaceString != "[CODE_BLOCK_0]" {
		t.Errorf("pair 1 %+v", c[1])
	}
	// The commit message pastes the last reply.
	if !strings.Contains(file.Sources[0].Message, "```\ntrue\n```") {
		t.Errorf("commit message %q", file.Sources[0].Message)
	}
}
