// Package corpora reads chat corpora in their published on-disk formats and
// yields every conversation as one Conversation value, streaming.
//
// Readers never hold a corpus in memory: WildChat Parquet is read one row
// group at a time, JSON Lines one line at a time, DevGPT snapshot files one
// source object at a time, and ShareChat CSV through an on-disk index of row
// offsets. Records that cannot be read are reported to the Sink as Problems
// (file, position, reason) and reading continues with the next record.
package corpora

import "context"

// Format names. They double as corpus names in every output.
const (
	FormatWildChat  = "wildchat"
	FormatShareChat = "sharechat"
	FormatDevGPT    = "devgpt"
	FormatMessages  = "messages"
	FormatShareGPT  = "sharegpt"
	FormatLMSYS     = "lmsys"
	FormatChatGPT   = "chatgpt-export"
	FormatClaude    = "claude-export"
)

// Normalised roles.
const (
	RoleUser      = "user"
	RoleAssistant = "assistant"
	RoleSystem    = "system"
	RoleTool      = "tool"
	RoleOther     = "other"
)

// Message is one message of a conversation. Content is the source's text
// unchanged except where DESIGN.md §4 says otherwise (DevGPT code blocks put
// back, list-of-parts content joined with "\n").
type Message struct {
	Role     string
	Content  string
	Language string // per-message language when the source has one
	// TurnIdentifier is WildChat's turn_identifier (shared by a user turn and
	// the reply to it); 0 when the source has none.
	TurnIdentifier int64
}

// PublicText is one piece of public text of a linked artifact (a commit
// message, an issue title, a code file, ...).
type PublicText struct {
	Property string // message|title|body|comments|code
	Text     string
}

// Link is a public artifact that links to a conversation (DevGPT sources).
type Link struct {
	Kind     string // commit|pull_request|issue|discussion|file|hn
	URL      string // the artifact's URL
	Repo     string // owner/name when known
	Property string // where the share URL was mentioned (MentionedProperty)
	Public   []PublicText
}

// Conversation is one conversation as revtrace stores it.
type Conversation struct {
	Corpus    string // a Format* name
	ID        string // conversation_id as DESIGN.md §4 defines it
	File      string // the file as given on the command line
	Position  string // position inside File: "row=N", "line=N", "url=U", "source=N,sharing=M", "index=N", "member=M,index=N"
	Messages  []Message
	Model     string
	Language  string
	Timestamp string // RFC 3339 in UTC, or ""
	Links     []Link
	// EditBranches are user messages edited in place (ChatGPT export):
	// each is one other version of a user message on the active path,
	// found as a sibling node. They become events of kind edit_branch,
	// never part of the study's rates.
	EditBranches []EditBranch
}

// EditBranch is one other version of the user message Messages[TurnIndex]:
// a sibling node of the same parent, left off the active path.
type EditBranch struct {
	TurnIndex int    // index in Messages of the version on the active path
	Node      string // the sibling node's id
	Content   string // the sibling's text (joined as Message.Content is)
}

// Source is the event's "source" field: FILE#POSITION.
func (c *Conversation) Source() string { return c.File + "#" + c.Position }

// Problem is one skipped or damaged record.
type Problem struct {
	File     string
	Position string // same form as Conversation.Position; "" when the file could not be opened
	Reason   string
	Records  int // records lost; -1 when unknown (e.g. the rest of a truncated stream)
}

// Sink receives what readers find, in file order. Implementations need not
// be safe for concurrent use: a reader calls its sink from one goroutine.
type Sink interface {
	// Conversation receives one conversation. The reader does not touch c
	// afterwards. A non-nil error stops the reader, which returns it.
	Conversation(c *Conversation) error
	// Problem receives one skipped or damaged record.
	Problem(p Problem)
	// Unavailable counts a record without text that is not an error
	// (a DevGPT sharing whose status is not 200 or that has no conversations).
	Unavailable(corpus string)
	// Duplicate counts a repeated record that was read once (a DevGPT share
	// URL seen before).
	Duplicate(corpus string)
}

// Input is one file to read, with its format.
type Input struct {
	Path   string // as given on the command line (or found by walking a directory given there)
	Format string
}

// Reader reads one file, or for DevGPT a set of files, into a Sink.
// Read returns a non-nil error only when the sink asked to stop or ctx was
// cancelled; every damaged record, including a file that cannot be opened or
// a stream cut off, is reported to the sink as a Problem instead.
type Reader interface {
	Read(ctx context.Context, sink Sink) error
}
