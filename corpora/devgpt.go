package corpora

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// NewDevGPTReader returns a Reader for a set of DevGPT snapshot files
// (NAIST-SE/DevGPT *_sharings.json, plain, .zst or .gz), read together so
// that every share URL becomes one conversation however many sources and
// snapshots mention it.
//
// Each file is one JSON object {"Sources": [...]}, up to 650 MB: it is
// streamed with a json.Decoder, one source at a time, never whole. Reading
// takes two passes over the files, in the order given:
//
//  1. every source is decoded without its HTMLContent; for each of its
//     ChatgptSharing entries the reader notes the share URL, the source as a
//     Link (Kind from Type, URL, RepoName, MentionedProperty and the public
//     texts: commit message → "message", title → "title", body and HN story
//     text → "body", the MentionedText of a comment or review → "comments",
//     the base64-decoded file content of a code-file source → "code"), and the
//     first place (file, source, sharing) where the URL has text: Status 200
//     and a non-empty Conversations list.
//  2. the files are walked again and each URL is emitted once, at that first
//     place with text, carrying the links of all its sources (de-duplicated,
//     sorted by kind, URL and property).
//
// Counting is per share URL: a URL that has text anywhere is one
// conversation; a URL that never has text (404, 500, empty Conversations) is
// counted once as Unavailable, at its first occurrence; every other
// occurrence of a URL (another source, another snapshot, another mention in
// the same source), with text or without, is counted as a Duplicate. So
// occurrences = conversations + unavailable + duplicates, sharings lost to
// Problems aside.
//
// A conversation has Corpus "devgpt", ID the share URL, File the file of the
// place with text and Position "source=N,sharing=M" (0-based). Conversations[k]
// gives message 2k (user, Prompt) and 2k+1 (assistant, Answer with every
// ListOfCode[i].ReplaceString, "[CODE_BLOCK_i]", replaced by
// "\n```" + Type + "\n" + Content + "\n```\n"). Model is the sharing's Model
// ("GPT-4"), Timestamp its DateOfConversation ("July 24, 2023") when it
// parses.
//
// A source that does not decode is a Problem at "source=N" (Records 1) and is
// skipped; a file that is cut off or not valid JSON is a Problem at the
// first source not read ("source=N", Records -1); a sharing without a URL is
// a Problem at "source=N,sharing=M" (Records 1). Problems are delivered in
// file order, interleaved with the conversations.
func NewDevGPTReader(paths []string) Reader {
	return &devgptReader{paths: append([]string(nil), paths...)}
}

type devgptReader struct {
	paths []string
}

// devgptLoc is a place in the set of files.
type devgptLoc struct{ file, source, sharing int }

// devgptEntry is what pass 1 learns about one share URL.
type devgptEntry struct {
	first   devgptLoc // first occurrence
	text    devgptLoc // first occurrence with text, when hasText
	hasText bool
	links   []Link
}

// devgptItem is one thing pass 2 replays for a file, in file order: an
// occurrence of a share URL, or a Problem.
type devgptItem struct {
	loc     devgptLoc
	url     string
	problem *Problem
}

// devgptSourceMeta is a source as pass 1 needs it: no HTMLContent, no
// conversation text.
type devgptSourceMeta struct {
	Type           string
	URL            string
	RepoName       string
	Message        string // commit
	CommitMessage  string // code file
	Title          string // issue, pull request, discussion, hn (nullable)
	Body           string // issue, pull request, discussion
	StoryText      string // hn (nullable)
	Content        string // code file: the file body, base64
	ChatgptSharing []devgptSharingMeta
}

type devgptSharingMeta struct {
	URL     string
	Mention struct {
		MentionedProperty string
		MentionedText     string
	}
	Status        json.RawMessage
	Conversations []struct{}
}

// devgptSourceConv is a source as pass 2 needs it: the conversations only.
type devgptSourceConv struct {
	ChatgptSharing []devgptSharingConv
}

type devgptSharingConv struct {
	DateOfConversation string
	Model              string
	Conversations      []struct {
		Prompt     string
		Answer     string
		ListOfCode []devgptCode
	}
}

type devgptCode struct {
	ReplaceString string
	Type          string
	Content       string
}

// Read implements Reader.
func (r *devgptReader) Read(ctx context.Context, sink Sink) error {
	entries := map[string]*devgptEntry{}
	items := make([][]devgptItem, len(r.paths))
	for f := range r.paths {
		var err error
		items[f], err = r.scan(ctx, f, entries)
		if err != nil {
			return err
		}
	}
	var unit int64
	for f := range r.paths {
		if err := r.emit(ctx, f, items[f], entries, sink, &unit); err != nil {
			return err
		}
	}
	return nil
}

// devgptOpen opens a snapshot file and positions a decoder at the first
// element of its Sources array.
func devgptOpen(path string) (io.Closer, *json.Decoder, error) {
	rc, err := Open(path)
	if err != nil {
		return nil, nil, err
	}
	br := bufio.NewReaderSize(rc, 1<<20)
	if head, _ := br.Peek(len(utf8BOM)); bytes.Equal(head, utf8BOM) {
		br.Discard(len(utf8BOM))
	}
	dec := json.NewDecoder(br)
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		rc.Close()
		if err == nil {
			err = errors.New("not a JSON object")
		}
		return nil, nil, fmt.Errorf("not a DevGPT snapshot file: %v", err)
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			rc.Close()
			return nil, nil, fmt.Errorf("not a DevGPT snapshot file: %v", err)
		}
		if key, _ := tok.(string); strings.EqualFold(key, "Sources") {
			if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
				rc.Close()
				return nil, nil, errors.New("not a DevGPT snapshot file: Sources is not an array")
			}
			return rc, dec, nil
		}
		if err := skipJSONValue(dec); err != nil {
			rc.Close()
			return nil, nil, fmt.Errorf("not a DevGPT snapshot file: %v", err)
		}
	}
	rc.Close()
	return nil, nil, errors.New("not a DevGPT snapshot file: no Sources array")
}

// devgptSourceError classifies a Decode error: a value of an unexpected
// type spoils only its source; anything else (bad syntax, a cut-off or
// damaged stream) ends the file.
func devgptSourceError(err error) (fatal bool) {
	var ute *json.UnmarshalTypeError
	return !errors.As(err, &ute)
}

// scan is pass 1 over file f.
func (r *devgptReader) scan(ctx context.Context, f int, entries map[string]*devgptEntry) ([]devgptItem, error) {
	path := r.paths[f]
	var items []devgptItem
	problem := func(loc devgptLoc, pos, reason string, records int) {
		items = append(items, devgptItem{loc: loc, problem: &Problem{File: path, Position: pos, Reason: reason, Records: records}})
	}
	closer, dec, err := devgptOpen(path)
	if err != nil {
		problem(devgptLoc{f, -1, 0}, "", err.Error(), -1)
		return items, nil
	}
	defer closer.Close()
	fileKind := devgptFileKind(path)
	n := 0
	for ; dec.More(); n++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var src devgptSourceMeta
		if err := dec.Decode(&src); err != nil {
			if devgptSourceError(err) {
				problem(devgptLoc{f, n, 0}, devgptPos(n), "file cut off or damaged, rest of the file lost: "+err.Error(), -1)
				return items, nil
			}
			problem(devgptLoc{f, n, 0}, devgptPos(n), "source skipped: "+err.Error(), 1)
			continue
		}
		var public []PublicText
		publicDone := false
		for m, sh := range src.ChatgptSharing {
			loc := devgptLoc{f, n, m}
			url := strings.TrimSpace(sh.URL)
			if url == "" {
				problem(loc, devgptPos(n)+",sharing="+strconv.Itoa(m), "sharing without a URL", 1)
				continue
			}
			if !publicDone {
				public, publicDone = devgptPublic(&src), true
			}
			e := entries[url]
			if e == nil {
				e = &devgptEntry{first: loc}
				entries[url] = e
			}
			if !e.hasText && devgptStatusOK(sh.Status) && len(sh.Conversations) > 0 {
				e.hasText, e.text = true, loc
			}
			e.addLink(devgptLink(&src, &sh, fileKind, public))
			items = append(items, devgptItem{loc: loc, url: url})
		}
	}
	if tok, err := dec.Token(); err != nil || tok != json.Delim(']') {
		reason := "file cut off or damaged, rest of the file lost"
		if err != nil {
			reason += ": " + err.Error()
		}
		problem(devgptLoc{f, n, 0}, devgptPos(n), reason, -1)
	}
	return items, nil
}

// emit is pass 2 over file f: it replays the items of pass 1 and re-reads
// the sources that hold a conversation's first text.
//
// Each item is a unit (numbered by *unit over all files; Key = the share
// URL). Sources are re-read for unwanted units too, so that a damage the
// second pass meets is reported at the same unit whichever units are
// wanted.
func (r *devgptReader) emit(ctx context.Context, f int, items []devgptItem, entries map[string]*devgptEntry, sink Sink, unit *int64) error {
	path := r.paths[f]
	var (
		dec    *json.Decoder
		closer io.Closer
		failed bool // the file could not be re-read: its conversations are lost
		next   int  // index of the next source the decoder will read
		cur    = -1 // index of the source held in src
		src    devgptSourceConv
		srcOK  bool
	)
	defer func() {
		if closer != nil {
			closer.Close()
		}
	}()
	// load makes src hold source n, reporting a failure once.
	load := func(n int) {
		if cur == n || failed {
			return
		}
		if dec == nil {
			var err error
			closer, dec, err = devgptOpen(path)
			if err != nil {
				failed = true
				sink.Problem(Problem{File: path, Reason: "second pass: " + err.Error(), Records: -1})
				return
			}
		}
		for next < n {
			var skip struct{}
			if err := dec.Decode(&skip); err != nil && devgptSourceError(err) {
				failed = true
				sink.Problem(Problem{File: path, Position: devgptPos(next), Reason: "second pass: file damaged: " + err.Error(), Records: -1})
				return
			}
			next++
		}
		src = devgptSourceConv{}
		err := dec.Decode(&src)
		next++
		cur, srcOK = n, err == nil
		if err != nil {
			if devgptSourceError(err) {
				failed = true
				sink.Problem(Problem{File: path, Position: devgptPos(n), Reason: "second pass: file damaged: " + err.Error(), Records: -1})
				return
			}
			sink.Problem(Problem{File: path, Position: devgptPos(n), Reason: "source skipped: " + err.Error(), Records: 1})
		}
	}
	us := unitsOf(sink)
	for _, it := range items {
		if err := ctx.Err(); err != nil {
			return err
		}
		u := Unit{Index: *unit, Key: it.url}
		*unit++
		us.StartUnit(u)
		want := us.Wants(u)
		if it.problem != nil {
			if want {
				sink.Problem(*it.problem)
			}
			continue
		}
		e := entries[it.url]
		switch {
		case e.hasText && e.text == it.loc:
			load(it.loc.source)
			if failed || !srcOK || it.loc.sharing >= len(src.ChatgptSharing) || !want {
				continue
			}
			c := devgptConversation(it.url, path, it.loc, &src.ChatgptSharing[it.loc.sharing], e.links)
			e.links = nil
			if err := sink.Conversation(c); err != nil {
				return err
			}
		case !want:
		case !e.hasText && e.first == it.loc:
			sink.Unavailable(FormatDevGPT)
		default:
			sink.Duplicate(FormatDevGPT)
		}
	}
	return nil
}

// devgptConversation builds the conversation of one sharing.
func devgptConversation(url, path string, loc devgptLoc, sh *devgptSharingConv, links []Link) *Conversation {
	c := &Conversation{
		Corpus:    FormatDevGPT,
		ID:        url,
		File:      path,
		Position:  devgptPos(loc.source) + ",sharing=" + strconv.Itoa(loc.sharing),
		Messages:  make([]Message, 0, 2*len(sh.Conversations)),
		Model:     sh.Model,
		Timestamp: devgptDate(sh.DateOfConversation),
		Links:     links,
	}
	for _, turn := range sh.Conversations {
		c.Messages = append(c.Messages,
			Message{Role: RoleUser, Content: turn.Prompt},
			Message{Role: RoleAssistant, Content: devgptAnswer(turn.Answer, turn.ListOfCode)})
	}
	return c
}

// devgptAnswer puts the code blocks cut out of an answer back in place: each
// ReplaceString (or "[CODE_BLOCK_i]" when it is missing) becomes
// "\n```" + Type + "\n" + Content + "\n```\n", in one pass, so code that
// itself contains a placeholder is left alone.
func devgptAnswer(answer string, codes []devgptCode) string {
	if len(codes) == 0 {
		return answer
	}
	pairs := make([]string, 0, 2*len(codes))
	for i, code := range codes {
		old := code.ReplaceString
		if old == "" {
			old = "[CODE_BLOCK_" + strconv.Itoa(i) + "]"
		}
		pairs = append(pairs, old, "\n```"+code.Type+"\n"+code.Content+"\n```\n")
	}
	return strings.NewReplacer(pairs...).Replace(answer)
}

// devgptDateLayouts are the spellings of DateOfConversation understood.
var devgptDateLayouts = []string{"January 2, 2006", "Jan 2, 2006", "2006-01-02", time.RFC3339}

// devgptDate converts DateOfConversation to RFC 3339 UTC, or "".
func devgptDate(s string) string {
	s = strings.TrimSpace(s)
	for _, layout := range devgptDateLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC().Format(time.RFC3339)
		}
	}
	return ""
}

// devgptStatusOK reports whether a sharing's Status is 200. Status is a
// number in the published files; a string "200" is accepted too.
func devgptStatusOK(raw json.RawMessage) bool {
	s := strings.Trim(string(bytes.TrimSpace(raw)), `"`)
	if s == "200" {
		return true
	}
	v, err := strconv.ParseFloat(s, 64)
	return err == nil && v == 200
}

// devgptFileNameRE finds the source kind in a snapshot file name.
var devgptFileNameRE = regexp.MustCompile(`_(issue|pr|commit|file|hn|discussion)_sharings?\.json`)

// devgptFileKind returns the Link kind a file name implies, or "".
func devgptFileKind(path string) string {
	m := devgptFileNameRE.FindStringSubmatch(strings.ToLower(filepath.Base(path)))
	if m == nil {
		return ""
	}
	return devgptKind(m[1], "")
}

// devgptKind maps a source's Type ("code file", "pull request", "hacker
// news", ...) to a Link kind; an unknown Type falls back to the kind the file
// name implies, then to the Type itself in snake case.
func devgptKind(typ, fileKind string) string {
	t := strings.ToLower(strings.TrimSpace(typ))
	switch strings.NewReplacer("_", " ", "-", " ").Replace(t) {
	case "code file", "file", "codefile":
		return "file"
	case "commit":
		return "commit"
	case "pull request", "pr", "pullrequest":
		return "pull_request"
	case "issue":
		return "issue"
	case "discussion":
		return "discussion"
	case "hacker news", "hn", "hackernews":
		return "hn"
	}
	if fileKind != "" {
		return fileKind
	}
	return strings.ReplaceAll(t, " ", "_")
}

// devgptPublic lists the public texts of a source that do not depend on the
// mention.
func devgptPublic(src *devgptSourceMeta) []PublicText {
	var out []PublicText
	add := func(prop, text string) {
		if strings.TrimSpace(text) != "" {
			out = append(out, PublicText{Property: prop, Text: text})
		}
	}
	add("message", src.Message)
	add("message", src.CommitMessage)
	add("title", src.Title)
	add("body", src.Body)
	add("body", src.StoryText)
	if src.Content != "" {
		add("code", devgptDecodeContent(src.Content))
	}
	return out
}

// devgptDecodeContent decodes a code file's base64 Content (GitHub wraps it
// in lines); text that is not base64 is kept as it is.
func devgptDecodeContent(s string) string {
	clean := strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == ' ' || r == '\t' {
			return -1
		}
		return r
	}, s)
	if b, err := base64.StdEncoding.DecodeString(clean); err == nil {
		return string(b)
	}
	if b, err := base64.RawStdEncoding.DecodeString(clean); err == nil {
		return string(b)
	}
	return s
}

// devgptLink describes a source as a Link for one of its sharings.
func devgptLink(src *devgptSourceMeta, sh *devgptSharingMeta, fileKind string, public []PublicText) Link {
	l := Link{
		Kind:     devgptKind(src.Type, fileKind),
		URL:      src.URL,
		Repo:     src.RepoName,
		Property: sh.Mention.MentionedProperty,
		Public:   public,
	}
	prop := strings.ToLower(sh.Mention.MentionedProperty)
	if (strings.HasPrefix(prop, "comment") || strings.HasPrefix(prop, "review")) && strings.TrimSpace(sh.Mention.MentionedText) != "" {
		l.Public = append(l.Public[:len(l.Public):len(l.Public)], PublicText{Property: "comments", Text: sh.Mention.MentionedText})
	}
	return l
}

// addLink merges l into the URL's links: one Link per (kind, URL,
// property), holding every distinct public text seen for it; the list stays
// sorted.
func (e *devgptEntry) addLink(l Link) {
	i := sort.Search(len(e.links), func(i int) bool { return !devgptLinkLess(&e.links[i], &l) })
	if i < len(e.links) && !devgptLinkLess(&l, &e.links[i]) {
		have := &e.links[i]
		for _, p := range l.Public {
			dup := false
			for _, q := range have.Public {
				if p == q {
					dup = true
					break
				}
			}
			if !dup {
				have.Public = append(have.Public[:len(have.Public):len(have.Public)], p)
			}
		}
		if have.Repo == "" {
			have.Repo = l.Repo
		}
		return
	}
	e.links = append(e.links, Link{})
	copy(e.links[i+1:], e.links[i:])
	e.links[i] = l
}

// devgptLinkLess orders links by kind, URL and property.
func devgptLinkLess(a, b *Link) bool {
	if a.Kind != b.Kind {
		return a.Kind < b.Kind
	}
	if a.URL != b.URL {
		return a.URL < b.URL
	}
	return a.Property < b.Property
}

// devgptPos renders a source position.
func devgptPos(n int) string { return "source=" + strconv.Itoa(n) }
