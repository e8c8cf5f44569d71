// Package deliverable names the kind of deliverable a reply holds: code
// (source, script, query, markup or configuration the user will run or
// paste), a message (addressed to a recipient and meant to be sent: e-mail,
// letter, chat or social message, reply to a post, cover letter), a
// document (any other standalone artefact: report, summary, list, itinerary,
// essay, CV, table, story, poem), or none when the reply has no body.
//
// The decision reads the body that split found, its fences and their info
// strings, the body's own shape (salutation, subject line, sign-off; lines
// that look like code), and the user's request ("write an email", "fix
// the script"), with request cues in English, German, French, Spanish,
// Portuguese, Italian, Russian and Chinese.
package deliverable

import (
	"encoding/json"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/revtrace/revtrace/detectors/internal/litre"
	"github.com/revtrace/revtrace/detectors/split"
)

// Version identifies the classifier's rules; it is recorded with results.
// v2 adds chat and post openings, hashtags and Slack markup (message),
// commit messages and PR descriptions (code), and bodies that only answer
// the user (none); see signals.go. v3 reads prose bodies of any length that
// explain, advise, apologise or refuse as none (answers.go). v4 adds brief
// answers to questions for information (briefAnswer), problem reports
// that hold the assistant to what it said, and fixes words next to
// non-ASCII letters that RE2's ASCII \b never matched.
const Version = "deliverable-v4"

// Deliverable types.
const (
	Message  = "message"
	Document = "document"
	Code     = "code"
	None     = "none"
)

// Classify returns the deliverable type of reply given its parts (from
// split.Split) and the user's request ("" when unknown): None when the
// reply has no body, else Code, Message or Document.
//
// A fenced body is Code when a fence names a language, or when its content
// reads as code, data or terminal commands; a letter inside a plain fence
// is a Message. A prose body is a Message when it opens or closes like a
// letter, Code when it reads as code or data (or partly so, and the request
// is about code), a Message when the request asks for one, else a
// Document.
func Classify(reply string, p split.Parts, request string) string {
	return ClassifyTask(reply, p, request, "")
}

// ClassifyTask is Classify with the conversation's first user turn (its
// task: "write a text to my landlord", "a commit message for this diff"),
// "" when unknown. The task's cues count when the request has none of its
// own and does not turn the deliverable into something else ("make it a
// table").
func ClassifyTask(reply string, p split.Parts, request, task string) string {
	return ClassifyFor(reply, p, request, NewTask(task))
}

// Task is a conversation's first user turn with its cues read once, for
// classifying all of the conversation's replies (ClassifyFor). It is safe
// for concurrent use.
type Task struct {
	text    string
	once    sync.Once
	c, m    bool
	commits bool
}

// NewTask returns the task of the first user turn text ("" when unknown).
func NewTask(text string) *Task { return &Task{text: text} }

// Text returns the first user turn.
func (t *Task) Text() string {
	if t == nil {
		return ""
	}
	return t.text
}

// cues returns what the task says about the deliverable (see requestCues
// and commitRequest), read on first use.
func (t *Task) cues() (code, message, commits bool) {
	t.once.Do(func() {
		t.c, t.m = requestCues(t.text)
		t.commits = commitRequest(t.text)
	})
	return t.c, t.m, t.commits
}

// ClassifyFor is ClassifyTask with the task read once (NewTask); task may
// be nil (no first turn known).
func ClassifyFor(reply string, p split.Parts, request string, task *Task) string {
	if p.Body == nil {
		return None
	}
	s, e := clamp(p.Body.Start, len(reply)), clamp(p.Body.End, len(reply))
	if e <= s {
		return None
	}
	body := reply[s:e]
	req := &cues{request: request, task: task}
	if task != nil && task.text == "" {
		req.task = nil
	}

	if p.Mode == split.ModeFenced {
		fs := fencesIn(reply, s, e)
		if oneLine(reply, fs) && sideSnippet(reply, split.Fences(reply), request) {
			return None
		}
		for _, f := range fs {
			if isCodeLang(f.Lang) {
				return Code
			}
		}
		// fences without a language, or with a prose one: read what they hold
		content := fencedText(reply, fs, s, e)
		share := codeShare(content)
		if !markupProse[firstLang(fs)] && (share >= 0.5 || looksLikeData(content)) {
			return Code
		}
		if opens, closes := split.Letter(content); opens || closes {
			return Message
		}
		if share >= 0.3 && req.code() || !markupProse[firstLang(fs)] && commandShare(content) >= 0.5 {
			return Code
		}
		ed := newEdges(content)
		if commitLike(content, ed, req) {
			return Code
		}
		if req.message() || messageShape(ed) {
			return Message
		}
		return Document
	}

	if opens, closes := split.Letter(body); opens || closes {
		return Message
	}
	share := codeShare(body)
	if share >= 0.6 || looksLikeData(body) {
		return Code
	}
	if (share >= 0.3 || fencedCodeShare(reply, s, e) >= 0.5) && req.code() {
		return Code
	}
	ed := newEdges(body)
	if commitLike(body, ed, req) {
		return Code
	}
	if messageShape(ed) {
		return Message
	}
	if answerOnly(body, ed, reply[:s], request) || explains(reply, s, e, request) {
		return None
	}
	if req.message() {
		return Message
	}
	return Document
}

func clamp(x, n int) int { return max(0, min(x, n)) }

// fencesIn returns the fences of reply whose content lies in [s,e).
func fencesIn(reply string, s, e int) []split.Fence {
	var out []split.Fence
	for _, f := range split.Fences(reply) {
		if f.Content.End > s && f.Content.Start < e {
			out = append(out, f)
		}
	}
	return out
}

func firstLang(fs []split.Fence) string {
	if len(fs) == 0 {
		return ""
	}
	return fs[0].Lang
}

// fencedText joins the content of the fences (inside [s,e)) with newlines.
func fencedText(reply string, fs []split.Fence, s, e int) string {
	var parts []string
	for _, f := range fs {
		a, b := max(f.Content.Start, s), min(f.Content.End, e)
		if a < b {
			parts = append(parts, reply[a:b])
		}
	}
	if len(parts) == 0 {
		return reply[s:e]
	}
	return strings.Join(parts, "\n")
}

// fencedCodeShare is the share of the body's runes that sit in fences
// labelled with a programming or configuration language.
func fencedCodeShare(reply string, s, e int) float64 {
	total := utf8.RuneCountInString(reply[s:e])
	if total == 0 {
		return 0
	}
	code := 0
	for _, f := range fencesIn(reply, s, e) {
		if isCodeLang(f.Lang) {
			code += utf8.RuneCountInString(reply[max(f.Content.Start, s):min(f.Content.End, e)])
		}
	}
	return float64(code) / float64(total)
}

// codeLangs are fence info strings of source code, scripts, queries, markup
// and configuration.
var codeLangs = setOf(
	"python", "py", "python3", "py3", "ipython", "pycon", "javascript", "js", "jsx", "mjs", "cjs", "node", "typescript", "ts", "tsx",
	"java", "c", "h", "cpp", "c++", "cc", "hpp", "cxx", "cs", "csharp", "c#", "go", "golang", "rust", "rs", "ruby", "rb", "php",
	"swift", "kotlin", "kt", "kts", "scala", "r", "rscript", "matlab", "octave", "m", "sql", "mysql", "postgresql", "postgres",
	"psql", "plsql", "pgsql", "tsql", "sqlite", "bash", "sh", "zsh", "fish", "shell", "console", "powershell", "ps1", "ps",
	"pwsh", "bat", "batch", "cmd", "html", "htm", "xhtml", "xml", "svg", "css", "scss", "sass", "less", "json", "jsonc",
	"json5", "jsonl", "ndjson", "yaml", "yml", "toml", "ini", "cfg", "conf", "config", "env", "dotenv", "properties",
	"dockerfile", "docker", "makefile", "make", "cmake", "gradle", "groovy", "lua", "perl", "pl", "haskell", "hs", "elixir",
	"ex", "exs", "erlang", "clojure", "clj", "dart", "vb", "vba", "vbnet", "vb.net", "vbscript", "asm", "assembly", "nasm",
	"x86asm", "verilog", "systemverilog", "vhdl", "solidity", "sol", "graphql", "gql", "regex", "regexp", "nginx", "apache",
	"apacheconf", "terraform", "tf", "hcl", "vue", "svelte", "latex", "tex", "arduino", "ino", "glsl", "hlsl", "objective-c",
	"objectivec", "objc", "fortran", "f90", "cobol", "pascal", "delphi", "prolog", "lisp", "elisp", "emacs-lisp", "scheme",
	"racket", "ocaml", "fsharp", "f#", "julia", "jl", "nim", "zig", "mermaid", "plantuml", "dot", "graphviz", "ahk",
	"autohotkey", "apex", "abap", "sas", "stata", "spss", "gdscript", "razor", "cshtml", "jinja", "jinja2", "twig",
	"handlebars", "hbs", "ejs", "pug", "liquid", "diff", "patch", "awk", "sed", "jq", "protobuf", "proto", "thrift",
	"kusto", "kql", "dax", "powerquery", "m-lang", "excel", "vimscript", "vim", "coffeescript", "coffee", "crystal",
	"d", "elm", "purescript", "reason", "rescript", "wasm", "wat", "cuda", "opencl", "metal", "smalltalk", "tcl", "ada",
	"mathematica", "wolfram", "maple", "gnuplot", "qml", "xaml", "blade", "cypher", "sparql", "hql", "hive", "pig",
	"ansible", "puppet", "chef", "nix", "bicep", "helm", "k8s", "kubernetes", "pine", "pinescript", "mql4", "mql5",
	"lean", "coq", "agda", "idris", "bqn", "apl", "j", "q", "kdb", "sh-session", "shell-session", "shellscript",
)

// proseInfo are info strings of fences that hold prose, data or output
// rather than code.
var proseInfo = setOf("", "text", "txt", "plaintext", "plain", "plain-text", "markdown", "md", "email", "mail", "letter",
	"csv", "tsv", "output", "console-output", "log", "none", "ascii", "diagram", "math", "quote", "result", "results",
	"example", "sample", "prompt", "json-output", "stdout", "stderr", "table", "poem", "lyrics", "story", "essay")

// isCodeLang reports whether a fence's language names code: one of the
// known languages, or any other label that does not name prose (a fence
// label is nearly always a programming language).
func isCodeLang(lang string) bool {
	if codeLangs[lang] {
		return true
	}
	return lang != "" && !proseInfo[lang] && !strings.ContainsAny(lang, ":/")
}

// markupProse are info strings of fences that hold prose written in
// Markdown or as a letter, whatever code-like lines they contain.
var markupProse = setOf("markdown", "md", "email", "mail", "letter", "csv", "tsv", "output", "log")

func setOf(xs ...string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}

var (
	// codeLineRe: a line that reads as source code.
	codeLineRe = mustAltRe(`^(?:` +
		`(?:def|class|function|fn|func|struct|enum|interface|impl|trait|type|sub|procedure)\s+[\w$]+\s*[(:{<\[]` +
		`|(?:async\s+)?(?:def|function)\b|import\s+[\w.{*"'@]|from\s+[\w.]+\s+import\b|(?:const|let|var|val|auto|int|float|double|char|bool|boolean|string|String|long|void|dim)\s+[\w$*&]+\s*(?:[=:;,(\[]|$)` +
		`|(?:public|private|protected|static|internal)\s+\w+|package\s+[\w.]+;?$|using\s+[\w.]+;$|namespace\s+[\w.]+|return\b(?:.*[^.!?])?$|(?:try|else|finally|do)\s*[:{]|except\b.*:$|elif\b.*:$|(?:if|while|for|switch|catch|foreach)\s*\(|(?:if|while|for|elif)\s.*:$` +
		`|#include|#define|#pragma|#!/|@\w+(?:\(|$)|\$\w+\s*=|<\?php|<!DOCTYPE|</?(?:[a-z]|[A-Z][a-z])[\w:.-]*(?:\s[^>]*)?/?>|</?[a-z][\w:-]*$` +
		`|(?:SELECT|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+(?:TABLE|INDEX|VIEW|DATABASE|PROCEDURE|FUNCTION|OR REPLACE)|ALTER\s+TABLE|DROP\s+TABLE|FROM|WHERE|(?:LEFT |RIGHT |INNER |OUTER )?JOIN|GROUP\s+BY|ORDER\s+BY|HAVING|LIMIT|VALUES)\b` +
		`|(?i:select)\s+(?:\*|distinct\b|[\w.]+\s*,|[\w.]+\s+from\b)` +
		`|(?:echo|print|printf|println|console\.\w+|System\.\w+|puts|cout|cin|fmt\.\w+|self\.\w+|this\.\w+|std::)` +
		`|[\w.\[\]'"$]+\s*(?:=|:=|\+=|-=|\*=|/=|==|===|!=|=>|<-|\|\|=)\s*\S` +
		`|[\w$]+(?:\.[\w$]+)+\s*\(.*\)\s*;?$|[\w$]+\(.*\)\s*;?$` +
		`|[}\])]+[;,)]*$|[{\[(]$` +
		`|//|/\*|\*/` +
		`|(?:Dim|ReDim|Const|Private|Public)\s+\w+\s+As\b|Set\s+\w+\s*=|(?:Private |Public )?(?:Sub|Function)\s+\w+\s*\(|End\s+(?:Sub|Function|If|With|Select|Type|Property)\b|Exit\s+(?:Sub|Function|For|Do)\b|ElseIf\b|Next(?:\s+\w+)?$|Loop\b|Wend\b|MsgBox\b|On Error\b|Option Explicit\b|If\s.+\sThen$|For\s+(?:Each\s+)?\w+\s*(?:=|In)\s|With\s+[\w.]+$|Call\s+\w+` +
		`|'[^']+'\s*:\s*\S|WITH\s+\w+\s+AS\s*\(|\(\s*['"\d(].*\)\s*[,;]?$` +
		`|(?:\$ )?(?:sudo|apt|apt-get|yum|dnf|pacman|brew|choco|winget|pip|pip3|pipx|conda|npm|npx|yarn|pnpm|git|docker|docker-compose|kubectl|helm|cd|ls|mkdir|rm|cp|mv|chmod|chown|curl|wget|python|python3|node|cargo|rustc|gcc|g\+\+|javac|java|mvn|gradle|dotnet|tsc|echo|export|source|ssh|scp|tar|unzip|cat|grep|find|sed|awk|systemctl|service|shutdown|reboot|ping|ifconfig|ip|netstat|touch|nano|vim|code|go|make|cmake|convert|magick|powershell|setx|reg|net|sc|taskkill|xcopy|robocopy|ffmpeg|openssl|psql|mysql|sqlite3|mongo|redis-cli)\s+[-\w./~$"'{@:=<*!]` +
		`|=[A-Z]+\(|--\s*\w|local\s+\w+\s*=` +
		`|"[^"]+"\s*:\s*\S|\w+\s+(?:INT|INTEGER|VARCHAR|NVARCHAR|TEXT|DATE|DATETIME|BOOLEAN|BOOL|FLOAT|DOUBLE|DECIMAL|NUMERIC|CHAR|BIGINT|SMALLINT|SERIAL|TIMESTAMP|BLOB|UUID)\b|\[[\w.:-]+\]$|[\w.-]+\s*=\s*$` +
		`)`)
	// mathLineRe: a line of arithmetic or algebra rather than code
	// (chained equalities, math symbols, LaTeX, powers).
	mathLineRe = litre.MustCompile(`\s=\s.*\s=\s|[−×÷√²³π≈≤≥∑∫∞α-ωΑ-Ω]|^[^=;{}]*\)\s*=\s*[^=;{}]*$|\\(?:frac|cdot|times|sqrt|begin|end|left|right|sum|int|alpha|beta|pi|quad)\b|\^\(?\d|^\\[\[\]()]$`)
	// yamlLineRe: a "key: value" or "- item" line of YAML.
	yamlLineRe = litre.MustCompile(`^\s*(?:-\s+)?[A-Za-z_][\w.-]*:(?:\s+\S.*)?$`)
	yamlItemRe = litre.MustCompile(`^\s*-\s+\S`)
)

// maxLines is how many non-blank lines codeShare reads.
const maxLines = 200

// codeShare is the share of the non-blank lines of text that read as code.
func codeShare(text string) float64 {
	n, code, yaml, keys, indented := 0, 0, 0, 0, 0
	for rest := text; rest != ""; {
		// The next run of bytes between line breaks (CR or LF), as
		// strings.FieldsFunc would give it.
		k := strings.IndexAny(rest, "\n\r")
		l := rest
		if k >= 0 {
			l, rest = rest[:k], rest[k+1:]
		} else {
			rest = ""
		}
		if l == "" {
			continue
		}
		t := strings.TrimSpace(l)
		if t == "" {
			continue
		}
		if n == maxLines {
			break // a sample of the lines is enough
		}
		n++
		if len(l)-len(strings.TrimLeft(l, " \t")) >= 2 {
			indented++
		}
		// The cheap tests run first: a YAML key needs a colon, an item a
		// hyphen.
		switch {
		case strings.IndexByte(l, ':') >= 0 && yamlLineRe.MatchString(l) && !strings.Contains(t, ". "):
			yaml++
			keys++
		case strings.IndexByte(l, '-') >= 0 && yamlItemRe.MatchString(l):
			yaml++
		}
		// A line ending like code is code; otherwise a sentence or a line
		// of mathematics is not, and the code patterns decide.
		end := codeEnd(t)
		switch {
		case !end && (proseLine(t) || mathLine(t)):
		case end || symbolDense(t) || codeLineRe.MatchString(t):
			code++
		}
	}
	if n == 0 {
		return 0
	}
	// YAML: mostly key/value lines with nesting
	if yaml*10 >= n*8 && keys*2 >= n && indented > 0 && n >= 3 {
		return 1
	}
	return float64(code) / float64(n)
}

// isRESpace reports whether c is in RE2's \s class ([\t\n\f\r ]).
func isRESpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// codeEnd reports whether a line ends the way code lines end: ';', '{',
// '}', "=>" or "->", then only RE2 white space (\t \n \f \r and ' ').
// It is the regular expression (?:[;{}]|=>|->)\s*$.
func codeEnd(t string) bool {
	e := len(t)
	for e > 0 && isRESpace(t[e-1]) {
		e--
	}
	if e == 0 {
		return false
	}
	switch t[e-1] {
	case ';', '{', '}':
		return true
	case '>':
		return e >= 2 && (t[e-2] == '=' || t[e-2] == '-')
	}
	return false
}

// proseLine reports whether a line ends a sentence after several words: it
// is the regular expression ^(?:\S+\s+){5,}\S*[.!?。！？]["')\]]*$ (with
// RE2's ASCII \s), that is: the line starts with a non-space, holds at
// least five runs of white space, and its last rune other than " ' ) ]
// ends a sentence.
func proseLine(t string) bool {
	if t == "" || isRESpace(t[0]) {
		return false
	}
	runs := 0
	inSpace := false
	var last rune = -1 // the last rune that is not a closing quote or bracket
	for i := 0; i < len(t); {
		c := t[i]
		if c < utf8.RuneSelf {
			switch {
			case isRESpace(c):
				if !inSpace {
					runs++
				}
				inSpace = true
				last = rune(c)
			case c == '"' || c == '\'' || c == ')' || c == ']':
				inSpace = false
			default:
				inSpace = false
				last = rune(c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(t[i:])
		inSpace = false
		last = r
		i += n
	}
	if runs < 5 {
		return false
	}
	switch last {
	case '.', '!', '?', '。', '！', '？':
		return true
	}
	return false
}

// mathLine reports a line of arithmetic or algebra: mathLineRe.MatchString,
// read without the regexp engine (code lines hold '=' and would all run
// the expression). Each alternative of the expression is tested as it
// reads; TestMathLineAlternatives and FuzzLineTests check it against the
// expression.
func mathLine(t string) bool {
	var eq, bs, caret bool // the bytes the other alternatives need
	for i := 0; i < len(t); {
		c := t[i]
		if c < utf8.RuneSelf {
			switch c {
			case '=':
				eq = true
			case '\\':
				bs = true
			case '^':
				caret = true
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(t[i:])
		if strings.ContainsRune("−×÷√²³π≈≤≥∑∫∞", r) || 'α' <= r && r <= 'ω' || 'Α' <= r && r <= 'Ω' {
			return true // [−×÷√²³π≈≤≥∑∫∞α-ωΑ-Ω]
		}
		i += n
	}
	return eq && (chainedEquals(t) || calledEquals(t)) || bs && latexCommand(t) || caret && power(t) ||
		len(t) == 2 && t[0] == '\\' && strings.IndexByte("[]()", t[1]) >= 0 // ^\\[\[\]()]$
}

// reSpace reports an RE2 \s byte.
func reSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }

// chainedEquals is `\s=\s.*\s=\s`: two spaced '=' signs, the second
// starting after the first ends, with no line break between them.
func chainedEquals(t string) bool {
	p := -1  // the latest spaced '=' that can open a match
	nl := -1 // the latest '\n' before t[q-1]
	for q := 1; q+1 < len(t); q++ {
		if q >= 2 && t[q-2] == '\n' {
			nl = q - 2
		}
		if t[q] != '=' || !reSpace(t[q-1]) || !reSpace(t[q+1]) {
			continue
		}
		if p >= 0 && q >= p+3 {
			// .* spans t[p+2 : q-1]; a later opening only shortens it
			if nl < p+2 {
				return true
			}
			p = q
		} else if p < 0 {
			p = q
		}
	}
	return false
}

// calledEquals is `^[^=;{}]*\)\s*=\s*[^=;{}]*$`: one '=' and no ';', '{'
// or '}', the '=' after a ')' and spaces ("f(x) = 2x + 1").
func calledEquals(t string) bool {
	i := strings.IndexAny(t, "=;{}")
	if i < 0 || t[i] != '=' || strings.ContainsAny(t[i+1:], "=;{}") {
		return false
	}
	return strings.HasSuffix(strings.TrimRight(t[:i], " \t\n\f\r"), ")")
}

// latexCommands are the words of mathLineRe's LaTeX alternative.
var latexCommands = []string{"frac", "cdot", "times", "sqrt", "begin", "end", "left", "right", "sum", "int", "alpha", "beta", "pi", "quad"}

// latexCommand is `\\(?:frac|…|quad)\b`.
func latexCommand(t string) bool {
	for i := strings.IndexByte(t, '\\'); i >= 0; {
		rest := t[i+1:]
		for _, w := range latexCommands {
			if strings.HasPrefix(rest, w) && (len(rest) == len(w) || !reWord(rest[len(w)])) {
				return true
			}
		}
		k := strings.IndexByte(rest, '\\')
		if k < 0 {
			break
		}
		i += 1 + k
	}
	return false
}

// reWord reports an RE2 \w byte (ASCII \b's word bytes).
func reWord(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

// power is `\^\(?\d`: a caret before a digit, or before '(' and a digit.
func power(t string) bool {
	isDigit := func(i int) bool { return i < len(t) && '0' <= t[i] && t[i] <= '9' }
	for i := strings.IndexByte(t, '^'); i >= 0; {
		if isDigit(i+1) || i+1 < len(t) && t[i+1] == '(' && isDigit(i+2) {
			return true
		}
		k := strings.IndexByte(t[i+1:], '^')
		if k < 0 {
			break
		}
		i += 1 + k
	}
	return false
}

// commandLineRe: a terminal command line: a lower-case command name and
// its arguments, in ASCII, not ending a sentence.
var commandLineRe = litre.MustCompile(`^(?:\$ |> |# )?[a-z][\w.+-]*(?:\s+[!-~]+)+$`)

// commandShare is the share of the non-blank lines of text that are
// terminal commands (used on fenced content only).
func commandShare(text string) float64 {
	n, cmd := 0, 0
	for _, l := range strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == '\r' }) {
		t := strings.TrimSpace(l)
		if t == "" {
			continue
		}
		n++
		if commandLineRe.MatchString(t) && !strings.HasSuffix(t, ".") {
			cmd++
		}
	}
	if n == 0 {
		return 0
	}
	return float64(cmd) / float64(n)
}

// symbolDense reports whether at least a tenth of the non-space characters
// of a line are code punctuation (brackets, braces, "=", ";", "&", "$"),
// with at least one of ( { ; = among them. Markdown punctuation (tables,
// emphasis, headings) and box drawing do not count.
// codeSymbol marks the symbols symbolDense counts (bit 1) and those of
// them that make a line code-like (bit 2).
var codeSymbol = func() (t [utf8.RuneSelf]uint8) {
	for _, c := range "(){}[]<>=;&$\\" {
		t[c] |= 1
	}
	for _, c := range "({;=" {
		t[c] |= 2
	}
	return t
}()

func symbolDense(t string) bool {
	if strings.HasPrefix(t, "|") || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "+") {
		return false
	}
	sym, n, key := 0, 0, false
	for _, r := range t {
		switch {
		case r == ' ' || r == '\t':
			continue
		case r < utf8.RuneSelf && codeSymbol[r]&1 != 0:
			sym++
			key = key || codeSymbol[r]&2 != 0
		}
		n++
	}
	return key && n >= 12 && sym >= 3 && sym*10 >= n
}

// looksLikeData reports whether text is a JSON value or an XML document.
func looksLikeData(text string) bool {
	t := strings.TrimSpace(text)
	if len(t) < 2 {
		return false
	}
	switch {
	case (t[0] == '{' && t[len(t)-1] == '}') || (t[0] == '[' && t[len(t)-1] == ']'):
		return json.Valid([]byte(t))
	case strings.HasPrefix(t, "<?xml"):
		return true
	}
	return false
}

// cues are what the request says about the deliverable it wants, read on
// first use.
type cues struct {
	request string
	task    *Task // the first user turn, nil when unknown
	read    bool
	c, m    bool
	commits bool // asks for a commit message or PR description
}

func (q *cues) load() {
	if !q.read {
		q.read = true
		q.c, q.m = requestCues(q.request)
		q.commits = commitRequest(q.request)
		if q.task != nil && !q.c && !q.m && !q.commits && !transformReqRe.MatchString(instruction(q.request)) {
			q.c, q.m, q.commits = q.task.cues()
		}
	}
}

// commit reports whether the request asks for a commit message or a PR
// description.
func (q *cues) commit() bool { q.load(); return q.commits }

// code reports whether the request is about code.
func (q *cues) code() bool { q.load(); return q.c }

// message reports whether the request asks for a message.
func (q *cues) message() bool { q.load(); return q.m }

var (
	// messageReqRe: the request asks for a message to be sent ("write an
	// email", "reply to him", "text to my boss", "rédige un courriel").
	messageReqRe = litre.MustCompileAlt(`(?i)(?:` +
		`\b(?:an?|the|this|that|my|your|our|his|her|their|same|new|follow-up|follow up|formal|informal|short|shorter|polite|quick|friendly|professional|cold|thank-you|thank you)\s+(?:[\w-]+\s+){0,2}(?:e-?mails?|letters?|messages?|text messages?|texts|notes? to|invitations?|dms?|sms|inmail|memo|wishes|greetings? to)\b` +
		`|\b(?:e-?mail|letter|message|note|text|dm|invitation|invite|greeting|wishes)\s+(?:to|for)\s+(?:my|the|a|an|our|his|her|their|him|them|all|every|\p{Lu})` +
		`|\b(?:reply|respond|write back|answer)\s+to\s+(?:this|that|these|the|his|her|my|their|our|a|an|him|them|\p{Lu})\S*\s+(?:\S+\s+)?(?:e-?mail|message|comment|review|post|tweet|letter|text|customer|client|boss|manager|colleague|friend|recruiter|landlord|teacher|professor|question|inquiry|enquiry|complaint|request)` +
		`|\b(?:reply|respond|write back)\s+to\s+(?:him|her|them|\p{Lu}\p{Ll}+\b)|\btext (?:my|him|her|them)\b|\b(?:e-?mail|text|message|dm)\s+(?:him|her|them|my|the)\b` +
		`|\bcover letter\b|\blinkedin\b.*\b(?:message|note|inmail|reply|post|recommendation)\b|\b(?:facebook|instagram|insta|twitter|reddit|nextdoor|group chat|neighbou?rhood|social media|community)\s+(?:group\s+)?(?:post|caption|update|announcement|message|reply|comment)s?\b|\btweets?\b|\bgroup (?:text|chat|message)\b|\bannouncement (?:to|for) (?:the|my|our|all)\s+(?:\w+\s+)?(?:team|group|class|channel|members|staff|employees|colleagues|parents|neighbou?rs|chat)\b|\b(?:slack|whatsapp|telegram|wechat|teams|discord)\s+(?:message|post|reply|text)` +
		`|\b(?:einen|den|der|dem|ein|diesen) brief\b|\bbrief an\b|\bnachricht\b|\banschreiben\b|\bbewerbungsschreiben\b|\bantworte\b|\bcourriel\b|\blettre\b|\brépond(?:re|s|ez)\b|\bcorreo\b|\bcarta\b|\bmensaje\b|\bresponde(?:r|le)?\b|\bmensagem\b|\blettera\b|\bmessaggio\b` +
		`|邮件|信件|来信|回信|短信|私信|留言|回复|求职信|推荐信|感谢信|邀请函|письм|сообщени` +
		`)`)
	// notMessageRe: phrases where a message word names something else.
	notMessageRe = litre.MustCompileAlt(`(?i)\b(?:intro|introductory|introduction|body|alt|placeholder|website|web|landing page|marketing|ad|button|help|sample|example|source|plain|following|whole|entire|full|given|survey) text\b|\bletters? ["“'‘]|\b(?:error|commit|log|exception|warning|status|debug|console|flash|toast|alert|validation|system|chat|previous|last|earlier|prior|above|first|second|initial|original) (?:\w+ )?messages?\b|\bmessages? (?:queue|box|broker|bus|passing|handler|above|before|of the)\b|\b(?:key|main|core|central) messages?\b|\b\d+[- ]?letters?\b|\bletters? (?:words?|phrases?|count|case|of the alphabet)\b|\b(?:capital|upper ?case|lower ?case) letters?\b|\byour (?:last |previous )?(?:message|reply|response|answer)\b`)
	// transformReqRe: the request turns a message into something else
	// (summarise an e-mail, list its points).
	transformReqRe = litre.MustCompileAlt(`(?i)\b(?:summar(?:y|ize|ise)|analy[sz]e|analysis|explain|extract|outline|key points|bullet points|translate? (?:it )?into a (?:table|list)|table)\b|总结|摘要|分析|解释|zusammenfass|résum|resum`)
)

// codeWords are request words that ask for code.
var codeWords = setOf(
	"code", "coding", "script", "scripts", "function", "functions", "method", "methods", "class", "classes", "program",
	"programme", "query", "queries", "sql", "regex", "regexp", "yaml", "yml", "json", "xml", "html", "css", "scss",
	"dockerfile", "makefile", "snippet", "bash", "powershell", "python", "javascript", "typescript", "java", "golang",
	"rust", "kotlin", "swift", "php", "ruby", "perl", "matlab", "react", "vue", "angular", "django", "flask", "nodejs",
	"component", "endpoint", "module", "compile", "compiler", "algorithm", "implement", "implementation", "refactor",
	"debug", "bug", "syntax", "variable", "api", "library", "markup", "latex", "vba", "macro", "formula", "c++", "c#",
	"node.js", "docker-compose", "código", "codigo", "función", "funcion", "consulta", "skript", "funktion", "abfrage",
	"quellcode", "fonction", "requête", "codice", "funzione",
)

// codePhrases are request phrases and word parts that ask for code.
var codePhrases = []string{
	"regular expression", "config file", "configuration file", "shell script", "unit test", "excel formula",
	"代码", "脚本", "函数", "程序", "查询", "正则", "編碼", "程式", "код", "скрипт", "функци", "программ", "запрос",
}

// codeExts are file extensions that name code.
var codeExts = setOf("py", "js", "ts", "java", "go", "rs", "rb", "php", "cpp", "cs", "sql", "yaml", "yml", "json", "html", "css", "sh", "jsx", "tsx", "vue", "kt", "swift")

// asksForCode reports whether the (lower-cased) instruction asks for code.
func asksForCode(lower string) bool {
	for _, w := range strings.FieldsFunc(lower, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '+' && r != '#' && r != '.' && r != '-'
	}) {
		w = strings.Trim(w, ".-")
		if codeWords[w] {
			return true
		}
		if k := strings.LastIndexByte(w, '.'); k > 0 && codeExts[w[k+1:]] {
			return true
		}
	}
	return containsAny(lower, codePhrases, codePhrasesDFA)
}

// containsAny reports whether s holds one of lits, in one pass with their
// automaton d (built from lits; nil: one strings.Contains per string).
func containsAny(s string, lits []string, d *litre.DFA) bool {
	if d != nil {
		return d.In(s)
	}
	for _, l := range lits {
		if strings.Contains(s, l) {
			return true
		}
	}
	return false
}

// The automata of codePhrases and messageAnchors (see containsAny).
var (
	codePhrasesDFA    = litre.NewDFA(codePhrases)
	messageAnchorsDFA = litre.NewDFA(messageAnchors)
)

// messageAnchors are substrings every message cue holds; a request
// without any of them cannot match messageReqRe.
var messageAnchors = []string{
	"mail", "letter", "messag", "text", "note", "repl", "respond", "write back", "answer", "invit", "dm", "sms", "memo",
	"wish", "greeting", "linkedin", "slack", "whatsapp", "telegram", "wechat", "teams", "discord", "brief", "nachricht",
	"anschreiben", "bewerbungsschreiben", "antworte", "courriel", "lettre", "répond", "correo", "carta", "mensaje",
	"responde", "mensagem", "lettera", "messaggio", "facebook", "instagram", "insta", "twitter", "reddit", "nextdoor",
	"neighbo", "social media", "community", "tweet", "group ", "announcement", "邮件", "信", "短信", "私信", "留言", "回复", "邀请", "письм", "сообщени",
}

// requestCues reads the request: whether it is about code and whether it
// asks for a message. Cues are read only in the user's own instruction,
// which opens or closes a request (pasted material sits in between), and
// message cues never in quoted text.
func requestCues(request string) (code, message bool) {
	if request == "" {
		return false, false
	}
	in := instruction(request)
	lower := litre.ToLower(in)
	code = asksForCode(lower)
	if containsAny(lower, messageAnchors, messageAnchorsDFA) {
		r := notMessageRe.ReplaceAllString(blankQuoted(in, " "), " ")
		message = messageReqRe.MatchString(r) && !transformReqRe.MatchString(r)
	}
	return code, message
}

// replaceAll is p.ReplaceAllString(s, repl), skipping the expression on
// text its literal filter rules out (which it would return unchanged).
func replaceAll(p *litre.Re, s, repl string) string {
	if !p.MayMatchString(s) {
		return s
	}
	return p.ReplaceAllString(s, repl)
}

// blankQuoted replaces every quoted passage of s of at least three runes
// between its quotes ("…", “…”, «…», „…“ or „…”, 「…」) with repl, as
// ReplaceAllLiteralString of `"[^"]{3,}"|“[^”]{3,}”|«[^»]{3,}»|„[^“”]{3,}[“”]|「[^」]{3,}」`
// would (quotedRef in the tests): from each opening quote, leftmost first,
// the passage ends at the first closing quote after it; an opening quote
// whose first closing quote comes sooner, or never, opens nothing.
func blankQuoted(s, repl string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		k := strings.IndexAny(s[i:], `"“«„「`)
		if k < 0 {
			break
		}
		o := i + k
		open, w := utf8.DecodeRuneInString(s[o:])
		closers := `"`
		switch open {
		case '“':
			closers = `”`
		case '«':
			closers = `»`
		case '„':
			closers = `“”`
		case '「':
			closers = `」`
		}
		body := o + w
		if j := strings.IndexAny(s[body:], closers); j >= 0 && utf8.RuneCountInString(s[body:body+j]) >= 3 {
			_, cw := utf8.DecodeRuneInString(s[body+j:])
			end := body + j + cw
			b.WriteString(s[last:o])
			b.WriteString(repl)
			last, i = end, end
			continue
		}
		i = body
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// instruction returns the first and last paragraphs of a request, each cut
// to 300 runes.
func instruction(request string) string {
	request = strings.ReplaceAll(request, "\r\n", "\n")
	var paras []string
	for _, p := range strings.Split(request, "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			paras = append(paras, p)
		}
	}
	if len(paras) == 0 {
		return ""
	}
	head := cutRunes(paras[0], 300)
	if len(paras) > 1 {
		head += "\n" + cutRunes(paras[len(paras)-1], 300)
	}
	return head
}

func cutRunes(s string, n int) string {
	i := 0
	for k := range s {
		if i == n {
			return s[:k]
		}
		i++
	}
	return s
}
