package fixturegen

import (
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"fmt"
	"io"
	"strconv"
	"time"
)

// ShareChatOptions controls WriteShareChat.
type ShareChatOptions struct {
	// Platform is the value of the platform column; "" means "chatgpt".
	Platform string
	// Ambiguous adds one conversation whose message_index repeats (1 occurs
	// twice), right after the first conversation. A reader must skip it;
	// it is not counted in WriteShareChat's result.
	Ambiguous bool
}

// ShareChatHeader is the header WriteShareChat writes: the ChatGPT file's
// columns, in the order of the published example.
var ShareChatHeader = []string{"platform", "url", "turns_count", "message_index", "role", "plain_text",
	"detected_language_final", "model", "message_create_time", "create_time", "topic"}

// ShareChatAmbiguousURL is the url of the conversation opt.Ambiguous adds.
const ShareChatAmbiguousURL = "https://chatgpt.com/share/6788d539-0a1b-4c2d-9e8f-a0b1c2d3e4f5"

// WriteShareChat writes convs as a ShareChat CSV file (one row per message;
// role "llm" for the assistant; multi-line texts as quoted fields) and
// returns the number of conversations written (conversations without
// messages write no rows and are not counted). The url of a conversation is
// ShareChatURL(c.ID). Like the real files, a conversation's rows are not
// always contiguous nor in order, deterministically by the 0-based index i of
// the conversation:
//
//   - i%3 == 1 with at least 3 messages: the conversation is split in two
//     blocks (the first half of its rows, then the rest after the next
//     conversation's rows);
//   - i%4 == 3: its rows are written in reverse message_index order.
//
// User rows carry the noise model value "default_model_slug", assistant rows
// c.Model; message_create_time is "ts:<unix>.<fraction>", create_time
// "YYYY-MM-DD HH:MM:SS" (UTC).
func WriteShareChat(w io.Writer, convs Seq, opt ShareChatOptions) (n int, err error) {
	platform := opt.Platform
	if platform == "" {
		platform = "chatgpt"
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(ShareChatHeader); err != nil {
		return 0, err
	}
	var held [][]string
	ambiguousDone := !opt.Ambiguous
	i := 0
	for c := range convs {
		rows := sharechatRows(platform, c, i)
		if len(rows) == 0 {
			i++
			continue
		}
		if i%4 == 3 {
			for a, b := 0, len(rows)-1; a < b; a, b = a+1, b-1 {
				rows[a], rows[b] = rows[b], rows[a]
			}
		}
		var later [][]string
		if i%3 == 1 && len(rows) >= 3 {
			rows, later = rows[:len(rows)/2], rows[len(rows)/2:]
		}
		if err := cw.WriteAll(rows); err != nil {
			return n, err
		}
		if err := cw.WriteAll(held); err != nil {
			return n, err
		}
		held = later
		if !ambiguousDone {
			if err := cw.WriteAll(sharechatAmbiguous(platform)); err != nil {
				return n, err
			}
			ambiguousDone = true
		}
		n++
		i++
	}
	if err := cw.WriteAll(held); err != nil {
		return n, err
	}
	if !ambiguousDone {
		if err := cw.WriteAll(sharechatAmbiguous(platform)); err != nil {
			return n, err
		}
	}
	cw.Flush()
	return n, cw.Error()
}

// ShareChatURL is the share URL WriteShareChat gives a conversation ID.
func ShareChatURL(id string) string { return "https://chatgpt.com/share/" + shareUUID(id) }

// shareUUID formats a 32-hex-digit ID as a UUID; other IDs are hashed first.
func shareUUID(id string) string {
	h := id
	if _, err := hex.DecodeString(id); err != nil || len(id) != 32 {
		sum := sha256.Sum256([]byte(id))
		h = hex.EncodeToString(sum[:16])
	}
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}

// sharechatTopics are topic labels in the published snake_case style.
var sharechatTopics = []string{"personal_writing_or_communication", "programming_and_debugging",
	"creative_ideation", "write_fiction", "edit_or_critique_provided_text"}

// sharechatBase is the time used for conversations without one.
var sharechatBase = time.Date(2025, 1, 15, 15, 30, 0, 0, time.UTC)

// sharechatRows renders the rows of conversation i in message order.
func sharechatRows(platform string, c Conv, i int) [][]string {
	t := c.Time
	if t.IsZero() {
		t = sharechatBase
	}
	t = t.UTC()
	lang := c.Language
	if lang == "" {
		lang = "English"
	}
	users := 0
	for _, m := range c.Messages {
		if m.Role == "user" {
			users++
		}
	}
	url := ShareChatURL(c.ID)
	rows := make([][]string, 0, len(c.Messages))
	for k, m := range c.Messages {
		role, model := m.Role, "default_model_slug"
		if role == "assistant" {
			role, model = "llm", c.Model
		}
		rows = append(rows, []string{
			platform, url, strconv.Itoa(users), strconv.Itoa(k), role, m.Content, lang, model,
			fmt.Sprintf("ts:%d.%02d", t.Unix()+int64(7*k), (13*k+5)%100),
			t.Format("2006-01-02 15:04:05"),
			sharechatTopics[i%len(sharechatTopics)],
		})
	}
	return rows
}

// sharechatAmbiguous is a conversation whose message_index 1 repeats.
func sharechatAmbiguous(platform string) [][]string {
	texts := []struct{ idx, role, text string }{
		{"0", "user", "Write a short note to my landlord about the heating."},
		{"1", "llm", "Dear landlord,\nthe heating has been off since Monday.\nBest regards"},
		{"1", "user", "remove the part about Monday"},
		{"2", "llm", "Dear landlord,\nthe heating is off.\nBest regards"},
	}
	rows := make([][]string, len(texts))
	for k, x := range texts {
		model := "default_model_slug"
		if x.role == "llm" {
			model = "gpt-4o"
		}
		rows[k] = []string{platform, ShareChatAmbiguousURL, "2", x.idx, x.role, x.text, "English", model,
			fmt.Sprintf("ts:%d.00", sharechatBase.Unix()+int64(k)), sharechatBase.Format("2006-01-02 15:04:05"), sharechatTopics[0]}
	}
	return rows
}
