package fixturegen

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

func TestWriteMessages(t *testing.T) {
	convs := fgConvs(6)
	var buf bytes.Buffer
	n, err := WriteMessages(&buf, slices.Values(convs), MessagesOptions{})
	if err != nil || n != 6 {
		t.Fatalf("n %d err %v", n, err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d lines", len(lines))
	}
	type msg struct {
		Role      string
		Content   json.RawMessage
		ToolCalls []json.RawMessage `json:"tool_calls"`
	}
	type rec struct {
		ID             string `json:"id"`
		ConversationID string `json:"conversation_id"`
		CustomID       string `json:"custom_id"`
		Messages       []msg
		Body           struct{ Messages []msg }
	}
	tests := []struct {
		idKey string
		roles []string
		parts bool
	}{
		{"id", []string{"system", "user", "assistant", "user", "assistant"}, false},
		{"conversation_id", []string{"system", "user", "assistant", "user", "assistant"}, true},
		{"custom_id", []string{"system", "system", "user", "assistant", "user", "assistant"}, false},
		{"", []string{"system", "user", "assistant", "user", "assistant", "tool", "assistant"}, false},
		{"id", []string{"system", "user", "assistant", "user", "assistant"}, true},
		{"conversation_id", []string{"system", "user", "assistant", "user", "assistant"}, false},
	}
	for i, tt := range tests {
		var r rec
		if err := json.Unmarshal([]byte(lines[i]), &r); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		msgs := r.Messages
		if tt.idKey == "custom_id" {
			msgs = r.Body.Messages
		}
		ids := map[string]string{"id": r.ID, "conversation_id": r.ConversationID, "custom_id": r.CustomID}
		for k, v := range ids {
			if (k == tt.idKey) != (v == convs[i].ID) {
				t.Errorf("record %d: %s = %q", i, k, v)
			}
		}
		var roles []string
		for _, m := range msgs {
			roles = append(roles, m.Role)
		}
		if i == 3 { // the tool call sits before the last assistant message
			if string(msgs[4].Content) != "null" || len(msgs[4].ToolCalls) != 1 {
				t.Errorf("record 3 tool call %s", msgs[4].Content)
			}
		}
		if !reflect.DeepEqual(roles, tt.roles) {
			t.Errorf("record %d roles %v, want %v", i, roles, tt.roles)
		}
		for _, m := range msgs {
			if m.Role == "user" && (m.Content[0] == '[') != tt.parts {
				t.Errorf("record %d user content %s: parts %v", i, m.Content, tt.parts)
			}
		}
	}
	// Plain: one shape, string contents only.
	buf.Reset()
	WriteMessages(&buf, slices.Values(convs), MessagesOptions{Plain: true})
	sc := bufio.NewScanner(&buf)
	for sc.Scan() {
		var r rec
		json.Unmarshal(sc.Bytes(), &r)
		if r.ID == "" || len(r.Messages) != 5 || strings.Contains(sc.Text(), `"type"`) {
			t.Errorf("plain line %s", sc.Text())
		}
	}
}

func TestCompress(t *testing.T) {
	payload := strings.Repeat("revision trace\n", 1000)
	for _, kind := range []string{"zst", "gz", ""} {
		var buf bytes.Buffer
		w, err := Compress(&buf, kind)
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(w, payload)
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		var r io.Reader
		switch kind {
		case "zst":
			d, _ := zstd.NewReader(&buf)
			defer d.Close()
			r = d
		case "gz":
			r, _ = gzip.NewReader(&buf)
		default:
			r = &buf
		}
		got, err := io.ReadAll(r)
		if err != nil || string(got) != payload {
			t.Errorf("%q: round trip failed: %v", kind, err)
		}
	}
	if _, err := Compress(io.Discard, "bz2"); err == nil {
		t.Error("unknown compression accepted")
	}
}
