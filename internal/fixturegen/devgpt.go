package fixturegen

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// DevGPTOptions controls WriteDevGPT.
type DevGPTOptions struct {
	// OlderSnapshot also writes snapshot_20230727/, an earlier crawl that
	// repeats the source of every conversation with an even index i (the
	// same share URLs; for i%4 == 2 the sharing had failed then: Status 404,
	// no conversation).
	OlderSnapshot bool
	// ExactText cuts out only the code blocks whose reassembly gives the
	// original bytes back (a fence between newlines), leaving the others in
	// the Answer, so that a reader rebuilds every assistant message exactly
	// (useful when offsets planted in a conversation must hold in every
	// format). By default every block is cut, as DevGPT's crawler did.
	ExactText bool
}

// DevGPTSnapshot and DevGPTOlderSnapshot are the folders WriteDevGPT creates.
const (
	DevGPTSnapshot      = "snapshot_20231012"
	DevGPTOlderSnapshot = "snapshot_20230727"
)

// devgptKinds are the source kinds, in the order conversations are dealt to
// them (conversation i goes to devgptKinds[i%6]).
var devgptKinds = []string{"commit", "issue", "pr", "file", "hn", "discussion"}

// devgptFileNames are the file names of the two snapshots, by kind (the
// final snapshot's are the real ones).
var devgptFileNames = map[string]map[string]string{
	DevGPTSnapshot: {
		"commit": "20231012_230826_commit_sharings.json", "hn": "20231012_232232_hn_sharings.json",
		"pr": "20231012_233628_pr_sharings.json", "file": "20231012_234250_file_sharings.json",
		"issue": "20231012_235128_issue_sharings.json", "discussion": "20231012_235320_discussion_sharings.json",
	},
	DevGPTOlderSnapshot: {
		"commit": "20230727_195927_commit_sharings.json", "hn": "20230727_195954_hn_sharings.json",
		"pr": "20230727_200003_pr_sharings.json", "file": "20230727_200102_file_sharings.json",
		"issue": "20230727_200135_issue_sharings.json", "discussion": "20230727_200226_discussion_sharings.json",
	},
}

// WriteDevGPT writes convs as a DevGPT snapshot folder dir/snapshot_20231012/
// with the six *_sharings.json files of the real release, each one JSON
// object {"Sources": [...]} with the fields of the published schema per
// source kind (the issue file pretty-printed, the others compact).
// Conversation i (0-based) becomes one source of kind commit, issue, pr,
// file, hn, discussion for i%6 = 0..5, with one sharing: share URL
// DevGPTShareURL(c.ID), Status 200, the user/assistant messages paired into
// Conversations[k].Prompt/Answer (other roles dropped; a missing partner is
// ""), fenced code blocks of answers cut out into ListOfCode (see
// DevGPTText), HTMLContent with the page. Variations, by i:
//
//   - commit, (i/6)%2 == 0: the commit message pastes the last assistant
//     reply; (i/6)%2 == 1: the message holds only the share URL;
//   - issue, (i/6)%2 == 0: the body holds only the share URL; otherwise the
//     URL is mentioned in a comment (MentionedProperty "comments.body");
//   - pr, (i/6)%2 == 0: a discussion source mentions the same URL too (one
//     duplicate); pr/discussion/hn with (i/6)%2 == 1 mention it in a comment;
//   - file: Content is the base64 file body (in 60-character lines) holding
//     the share URL in a comment;
//   - i%5 == 4: the source also mentions a dead link (Status 404, no
//     conversation) that no other source mentions (one unavailable URL).
//
// An extra hn source at the end holds a sharing with Status 200 and an empty
// Conversations list (one more unavailable URL). With opt.OlderSnapshot see
// DevGPTOptions. So a reader that de-duplicates by share URL finds live
// conversations, 1 + #{i%5 == 4} unavailable ones, and #{i%6 == 2 and
// (i/6)%2 == 0} duplicates (plus #{i even} with the older snapshot).
//
// live is the number of conversations with at least one prompt/answer pair
// (those without are written with an empty Conversations list and are
// unavailable, not live).
func WriteDevGPT(dir string, convs Seq, opt DevGPTOptions) (live int, err error) {
	snaps := []string{DevGPTSnapshot}
	if opt.OlderSnapshot {
		snaps = append(snaps, DevGPTOlderSnapshot)
	}
	files := map[string]map[string]*devgptOut{}
	defer func() {
		for _, byKind := range files {
			for _, f := range byKind {
				if cerr := f.close(); err == nil {
					err = cerr
				}
			}
		}
	}()
	for _, snap := range snaps {
		if err := os.MkdirAll(filepath.Join(dir, snap), 0o755); err != nil {
			return 0, err
		}
		files[snap] = map[string]*devgptOut{}
		for _, kind := range devgptKinds {
			f, err := newDevgptOut(filepath.Join(dir, snap, devgptFileNames[snap][kind]), kind == "issue")
			if err != nil {
				return 0, err
			}
			files[snap][kind] = f
		}
	}
	cur := files[DevGPTSnapshot]
	i := 0
	for c := range convs {
		kind := devgptKinds[i%6]
		pairs := devgptPairs(c)
		if len(pairs) > 0 {
			live++
		}
		share := DevGPTShareURL(c.ID)
		sharing := devgptLive(c, pairs, share, DevGPTSnapshot, opt.ExactText)
		mention := sharing.Mention
		src := devgptSource(kind, i, c, pairs, share, &mention)
		sharing.Mention = mention
		shs := []any{sharing}
		if i%5 == 4 {
			dead := DevGPTShareURL("dead:" + c.ID)
			shs = append(shs, devgptDead{URL: dead, Status: 404, Mention: devgptMention{
				MentionedURL: mention.MentionedURL, MentionedProperty: mention.MentionedProperty,
				MentionedAuthor: mention.MentionedAuthor, MentionedText: mention.MentionedText + "\nalso " + dead,
			}})
		}
		if err := cur[kind].write(src.with(shs)); err != nil {
			return live, err
		}
		if kind == "pr" && (i/6)%2 == 0 {
			m := devgptMention{}
			disc := devgptSource("discussion", i+6000, c, pairs, share, &m)
			again := devgptLive(c, pairs, share, DevGPTSnapshot, opt.ExactText)
			again.Mention = m
			if err := cur["discussion"].write(disc.with([]any{again})); err != nil {
				return live, err
			}
		}
		if opt.OlderSnapshot && i%2 == 0 {
			old := devgptLive(c, pairs, share, DevGPTOlderSnapshot, opt.ExactText)
			m := devgptMention{}
			osrc := devgptSource(kind, i, c, pairs, share, &m)
			old.Mention = m
			var sh any = old
			if i%4 == 2 {
				sh = devgptDead{URL: share, Mention: m, Status: 404}
			}
			if err := files[DevGPTOlderSnapshot][kind].write(osrc.with([]any{sh})); err != nil {
				return live, err
			}
		}
		i++
	}
	// A sharing crawled with status 200 but no conversation ("fix unexpected
	// empty conversation" in the DevGPT history).
	empty := Conv{ID: "empty-conversation", Time: devgptBase}
	m := devgptMention{}
	src := devgptSource("hn", 9999, empty, nil, DevGPTShareURL(empty.ID), &m)
	sh := devgptLive(empty, nil, DevGPTShareURL(empty.ID), DevGPTSnapshot, false)
	sh.Mention = m
	if err := cur["hn"].write(src.with([]any{sh})); err != nil {
		return live, err
	}
	return live, nil
}

// DevGPTShareURL is the share URL WriteDevGPT gives a conversation ID.
func DevGPTShareURL(id string) string { return "https://chat.openai.com/share/" + shareUUID(id) }

// DevGPTText returns what a reader that follows DESIGN.md §4 rebuilds from
// the Answer and ListOfCode WriteDevGPT writes for an assistant message:
// each fenced block (a line "```LANG", the code, a line "```") is cut out
// together with the newline before and after it, and put back as
// "\n```LANG\n" + code + "\n```\n". The text comes back unchanged except
// where a fence has no newline before or after it (start or end of the
// text, or two blocks in a row) or the block is empty, where a newline is
// added; with opt.ExactText it always comes back unchanged.
func DevGPTText(content string, opt DevGPTOptions) string {
	answer, codes := devgptCut(content, opt.ExactText)
	var sb strings.Builder
	for k, code := range codes {
		ph := devgptPlaceholder(k)
		before, after, _ := strings.Cut(answer, ph)
		lang := ""
		if code.Type != nil {
			lang = *code.Type
		}
		sb.WriteString(before)
		sb.WriteString("\n```" + lang + "\n" + code.Content + "\n```\n")
		answer = after
	}
	sb.WriteString(answer)
	return sb.String()
}

// devgptBase is the time used for conversations without one.
var devgptBase = time.Date(2023, 7, 24, 14, 5, 0, 0, time.UTC)

// devgptPair is one prompt and its answer.
type devgptPair struct{ prompt, answer string }

// devgptPairs pairs the user and assistant messages of c.
func devgptPairs(c Conv) []devgptPair {
	var pairs []devgptPair
	open := false
	for _, m := range c.Messages {
		switch m.Role {
		case "user":
			pairs = append(pairs, devgptPair{prompt: m.Content})
			open = true
		case "assistant":
			if open {
				pairs[len(pairs)-1].answer = m.Content
				open = false
			} else {
				pairs = append(pairs, devgptPair{answer: m.Content})
			}
		}
	}
	return pairs
}

func devgptPlaceholder(k int) string { return "[CODE_BLOCK_" + strconv.Itoa(k) + "]" }

// devgptCut cuts the fenced code blocks out of an answer, as DevGPT's
// crawler did; exact leaves in place the blocks whose reassembly would not
// give the original bytes back.
func devgptCut(text string, exact bool) (string, []devgptCode) {
	var sb strings.Builder
	var codes []devgptCode
	done := 0 // text[:done] is handled
	for p := 0; p < len(text); {
		eol := strings.IndexByte(text[p:], '\n')
		if eol < 0 {
			break
		}
		eol += p
		line := text[p:eol]
		lang, isOpen := strings.CutPrefix(line, "```")
		if !isOpen || strings.Contains(lang, "`") || strings.TrimSpace(lang) != lang {
			p = eol + 1
			continue
		}
		// Find the closing fence line.
		closeStart := -1
		for q := eol + 1; q <= len(text); {
			e := strings.IndexByte(text[q:], '\n')
			end := len(text)
			if e >= 0 {
				end = q + e
			}
			if text[q:end] == "```" {
				closeStart = q
				break
			}
			if e < 0 {
				break
			}
			q = end + 1
		}
		if closeStart < 0 {
			break
		}
		content := ""
		if closeStart > eol+1 {
			content = text[eol+1 : closeStart-1]
		}
		cutStart := p
		if p > done && text[p-1] == '\n' {
			cutStart = p - 1
		}
		cutEnd := closeStart + 3
		if cutEnd < len(text) && text[cutEnd] == '\n' {
			cutEnd++
		}
		if exact && text[cutStart:cutEnd] != "\n```"+lang+"\n"+content+"\n```\n" {
			p = cutEnd // left in place, fences and all
			continue
		}
		sb.WriteString(text[done:cutStart])
		sb.WriteString(devgptPlaceholder(len(codes)))
		code := devgptCode{ReplaceString: devgptPlaceholder(len(codes)), Content: content}
		if lang != "" {
			l := lang
			code.Type = &l
		}
		codes = append(codes, code)
		done, p = cutEnd, cutEnd
	}
	sb.WriteString(text[done:])
	return sb.String(), codes
}

// JSON layout of the files. Field order follows the README's tables.

type devgptCode struct {
	ReplaceString string  `json:"ReplaceString"`
	Type          *string `json:"Type"`
	Content       string  `json:"Content"`
}

type devgptConvOut struct {
	Prompt     string       `json:"Prompt"`
	Answer     string       `json:"Answer"`
	ListOfCode []devgptCode `json:"ListOfCode"`
	ConvIndex  string       `json:"ConvIndex"`
}

type devgptMention struct {
	MentionedURL      string `json:"MentionedURL"`
	MentionedProperty string `json:"MentionedProperty"`
	MentionedAuthor   string `json:"MentionedAuthor"`
	MentionedText     string `json:"MentionedText"`
}

type devgptSharing struct {
	URL                string          `json:"URL"`
	Mention            devgptMention   `json:"Mention"`
	Status             int             `json:"Status"`
	DateOfConversation string          `json:"DateOfConversation"`
	DateOfAccess       string          `json:"DateOfAccess"`
	Title              string          `json:"Title"`
	NumberOfPrompts    int             `json:"NumberOfPrompts"`
	TokensOfPrompts    int             `json:"TokensOfPrompts"`
	TokensOfAnswers    int             `json:"TokensOfAnswers"`
	Model              string          `json:"Model"`
	Conversations      []devgptConvOut `json:"Conversations"`
	HTMLContent        string          `json:"HTMLContent"`
}

// devgptDead is what the crawler kept of a sharing it could not fetch.
type devgptDead struct {
	URL     string        `json:"URL"`
	Mention devgptMention `json:"Mention"`
	Status  int           `json:"Status"`
}

// devgptLive renders the sharing of a conversation as crawled for snap.
func devgptLive(c Conv, pairs []devgptPair, share, snap string, exact bool) devgptSharing {
	t := c.Time
	if t.IsZero() {
		t = devgptBase
	}
	access := "2023-10-12 23:08:26"
	if snap == DevGPTOlderSnapshot {
		access = "2023-07-27 19:59:27"
	}
	sh := devgptSharing{
		URL: share, Status: 200,
		DateOfConversation: t.UTC().Format("January 2, 2006"),
		DateOfAccess:       access,
		Title:              devgptTitle(pairs),
		NumberOfPrompts:    len(pairs),
		Model:              devgptModel(c.Model),
		Conversations:      []devgptConvOut{},
	}
	var page strings.Builder
	page.WriteString(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>` + html.EscapeString(sh.Title) +
		`</title></head><body><main class="flex flex-col">`)
	for k, p := range pairs {
		answer, codes := devgptCut(p.answer, exact)
		if codes == nil {
			codes = []devgptCode{}
		}
		sum := sha256.Sum256([]byte(share + "#" + strconv.Itoa(k)))
		sh.Conversations = append(sh.Conversations, devgptConvOut{
			Prompt: p.prompt, Answer: answer, ListOfCode: codes, ConvIndex: hex.EncodeToString(sum[:8]),
		})
		sh.TokensOfPrompts += devgptTokens(p.prompt)
		sh.TokensOfAnswers += devgptTokens(p.answer)
		page.WriteString(`<div data-message-author-role="user"><div class="whitespace-pre-wrap">` + html.EscapeString(p.prompt) + `</div></div>`)
		page.WriteString(`<div data-message-author-role="assistant"><div class="markdown prose w-full break-words">`)
		rest := answer
		for j, code := range codes {
			before, after, _ := strings.Cut(rest, devgptPlaceholder(j))
			page.WriteString("<p>" + html.EscapeString(before) + "</p><pre><code>" + html.EscapeString(code.Content) + "</code></pre>")
			rest = after
		}
		page.WriteString("<p>" + html.EscapeString(rest) + "</p></div></div>")
	}
	page.WriteString(`</main></body></html>`)
	sh.HTMLContent = page.String()
	return sh
}

// devgptTitle is the share page's title: the start of the first prompt.
func devgptTitle(pairs []devgptPair) string {
	if len(pairs) == 0 {
		return "New chat"
	}
	first, _, _ := strings.Cut(strings.TrimSpace(pairs[0].prompt), "\n")
	if r := []rune(first); len(r) > 40 {
		first = string(r[:40])
	}
	return first
}

// devgptModel spells a model the way DevGPT does ("GPT-4", "GPT-3.5").
func devgptModel(m string) string {
	l := strings.ToLower(m)
	switch {
	case m == "" || strings.HasPrefix(l, "gpt-4"):
		return "GPT-4"
	case strings.HasPrefix(l, "gpt-3.5"):
		return "GPT-3.5"
	}
	return strings.ToUpper(m)
}

// devgptTokens is a rough token count.
func devgptTokens(s string) int { return (len(strings.Fields(s))*4 + 2) / 3 }

// devgptSrc is a source object without its ChatgptSharing, which with()
// fills in. It is a list of key/value pairs so that each kind keeps the
// README's field order.
type devgptSrc []devgptKV

type devgptKV struct {
	k string
	v any
}

func (s devgptSrc) with(sharings []any) devgptSrc {
	return append(s[:len(s):len(s)], devgptKV{"ChatgptSharing", sharings})
}

// MarshalJSON writes the pairs in order.
func (s devgptSrc) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	b.WriteByte('{')
	for i, kv := range s {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(kv.k)
		v, err := devgptMarshal(kv.v)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return []byte(b.String()), nil
}

// devgptMarshal marshals without escaping <, > and & (as Python's json
// module writes HTML).
func devgptMarshal(v any) ([]byte, error) {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return []byte(strings.TrimSuffix(b.String(), "\n")), nil
}

// devgptSource builds source i of the given kind for a conversation and
// fills in how the share URL is mentioned there.
func devgptSource(kind string, i int, c Conv, pairs []devgptPair, share string, m *devgptMention) devgptSrc {
	n := i + 1
	repo := fmt.Sprintf("octo-org%d/tool-%d", i%7, i%5)
	var lang any = "Python"
	if i%4 == 0 {
		lang = nil
	}
	sum := sha256.Sum256([]byte(c.ID + kind + strconv.Itoa(i)))
	sha := hex.EncodeToString(sum[:20])
	t := c.Time
	if t.IsZero() {
		t = devgptBase
	}
	at := t.UTC().Add(48 * time.Hour).Format(time.RFC3339)
	later := t.UTC().Add(96 * time.Hour).Format(time.RFC3339)
	author := fmt.Sprintf("dev%d", i%11)
	inComment := (i/6)%2 == 1
	lastAnswer := ""
	if len(pairs) > 0 {
		lastAnswer = pairs[len(pairs)-1].answer
	}
	title := "Use ChatGPT output for " + devgptTitle(pairs)
	body := "I worked this out with ChatGPT: " + share + "\n\nSee the conversation for details."
	comment := "For reference, here is the conversation I used: " + share
	m.MentionedAuthor = author
	switch kind {
	case "commit":
		msg := "Update generated text\n\nPasted from ChatGPT:\n\n" + lastAnswer + "\n\n" + share
		if inComment {
			msg = share
		}
		url := "https://github.com/" + repo + "/commit/" + sha
		m.MentionedURL, m.MentionedProperty, m.MentionedText = url, "message", msg
		return devgptSrc{{"Type", "commit"}, {"URL", url}, {"Author", author}, {"RepoName", repo},
			{"RepoLanguage", lang}, {"Sha", sha}, {"Message", msg}, {"AuthorAt", at}, {"CommitAt", at}}
	case "issue":
		url := fmt.Sprintf("https://github.com/%s/issues/%d", repo, n)
		b := share
		m.MentionedURL, m.MentionedProperty, m.MentionedText = url, "body", b
		if inComment {
			b = "The config leaks a secret when it is generated."
			m.MentionedURL, m.MentionedProperty, m.MentionedText = url+"#issuecomment-"+strconv.Itoa(1000+n), "comments.body", comment
		}
		var closed any
		state := "OPEN"
		if i%3 == 0 {
			closed, state = later, "CLOSED"
		}
		return devgptSrc{{"Type", "issue"}, {"URL", url}, {"Author", author}, {"RepoName", repo},
			{"RepoLanguage", lang}, {"Number", n}, {"Title", title}, {"Body", b}, {"AuthorAt", at},
			{"ClosedAt", closed}, {"UpdatedAt", later}, {"State", state}}
	case "pr":
		url := fmt.Sprintf("https://github.com/%s/pull/%d", repo, n)
		b := body
		m.MentionedURL, m.MentionedProperty, m.MentionedText = url, "body", b
		if inComment {
			b = "Refactors the loader."
			m.MentionedURL, m.MentionedProperty, m.MentionedText = url+"#discussion_r"+strconv.Itoa(5000+n), "reviews.body", comment
		}
		return devgptSrc{{"Type", "pull request"}, {"URL", url}, {"Author", author}, {"RepoName", repo},
			{"RepoLanguage", lang}, {"Number", n}, {"Title", title}, {"Body", b}, {"CreatedAt", at},
			{"ClosedAt", later}, {"MergedAt", later}, {"UpdatedAt", later}, {"State", "MERGED"},
			{"Additions", 10 + i%40}, {"Deletions", i % 9}, {"ChangedFiles", 1 + i%3}, {"CommitsTotalCount", 2},
			{"CommitSha", []string{sha, hex.EncodeToString(sum[1:21])}}}
	case "file":
		path := fmt.Sprintf("src/util_%d.py", i)
		code := "# Written with ChatGPT: " + share + "\n"
		for _, p := range pairs {
			if _, codes := devgptCut(p.answer, false); len(codes) > 0 {
				code += codes[len(codes)-1].Content + "\n"
			}
		}
		url := "https://github.com/" + repo + "/blob/" + sha + "/" + path
		m.MentionedURL, m.MentionedProperty, m.MentionedText = url, "code", code
		return devgptSrc{{"Type", "code file"}, {"URL", url}, {"ObjectSha", hex.EncodeToString(sum[2:22])},
			{"FileName", filepath.Base(path)}, {"FilePath", path}, {"Author", author},
			{"Content", devgptBase64(code)}, {"RepoName", repo}, {"RepoLanguage", lang}, {"CommitSha", sha},
			{"CommitMessage", "Add helper"}, {"AuthorAt", at}, {"CommitAt", at}}
	case "hn":
		id := strconv.Itoa(36800000 + i)
		url := "https://news.ycombinator.com/item?id=" + id
		var storyTitle, story any = "Ask HN: " + devgptTitle(pairs), "I asked ChatGPT about this: " + share
		m.MentionedURL, m.MentionedProperty, m.MentionedText = url, "story", "I asked ChatGPT about this: "+share
		if inComment {
			story = nil
			m.MentionedURL, m.MentionedProperty, m.MentionedText = "https://news.ycombinator.com/item?id="+strconv.Itoa(36900000+i), "comment", comment
		}
		return devgptSrc{{"Type", "hacker news"}, {"ID", id}, {"URL", url}, {"Author", author},
			{"Points", 3 + i%50}, {"AttachedURL", nil}, {"Title", storyTitle}, {"StoryText", story},
			{"CreatedAt", at}, {"CommentsTotalCount", i % 13}}
	default: // discussion
		url := fmt.Sprintf("https://github.com/%s/discussions/%d", repo, n)
		b := body
		m.MentionedURL, m.MentionedProperty, m.MentionedText = url, "body", b
		if inComment {
			b = "How do I set this up?"
			m.MentionedURL, m.MentionedProperty, m.MentionedText = url+"#discussioncomment-"+strconv.Itoa(7000+n), "comments.body", comment
		}
		return devgptSrc{{"Type", "discussion"}, {"URL", url}, {"Author", author}, {"RepoName", repo},
			{"RepoLanguage", lang}, {"Number", n}, {"Title", title}, {"Body", b}, {"AuthorAt", at},
			{"ClosedAt", nil}, {"UpdatedAt", later}, {"Closed", false}, {"UpvoteCount", i % 4}}
	}
}

// devgptBase64 encodes a file body the way GitHub's API returns it: base64
// in lines of 60 characters.
func devgptBase64(s string) string {
	enc := base64.StdEncoding.EncodeToString([]byte(s))
	var b strings.Builder
	for len(enc) > 60 {
		b.WriteString(enc[:60] + "\n")
		enc = enc[60:]
	}
	b.WriteString(enc)
	return b.String()
}

// devgptOut streams one {"Sources": [...]} file.
type devgptOut struct {
	f      *os.File
	w      *bufio.Writer
	n      int
	indent bool
	closed bool
}

func newDevgptOut(path string, indent bool) (*devgptOut, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	o := &devgptOut{f: f, w: bufio.NewWriterSize(f, 1<<16), indent: indent}
	if indent {
		o.w.WriteString("{\n  \"Sources\": [")
	} else {
		o.w.WriteString(`{"Sources": [`)
	}
	return o, nil
}

func (o *devgptOut) write(src devgptSrc) error {
	b, err := src.MarshalJSON()
	if err != nil {
		return err
	}
	if o.n > 0 {
		o.w.WriteByte(',')
	}
	if o.indent {
		var ind bytes.Buffer
		if err := json.Indent(&ind, b, "    ", "  "); err != nil {
			return err
		}
		o.w.WriteString("\n    ")
		o.w.Write(ind.Bytes())
	} else {
		o.w.Write(b)
	}
	o.n++
	return nil
}

func (o *devgptOut) close() error {
	if o.closed {
		return nil
	}
	o.closed = true
	if o.indent {
		o.w.WriteString("\n  ]\n}\n")
	} else {
		o.w.WriteString("]}")
	}
	err := o.w.Flush()
	if cerr := o.f.Close(); err == nil {
		err = cerr
	}
	return err
}
