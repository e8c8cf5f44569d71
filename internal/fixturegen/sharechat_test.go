package fixturegen

import (
	"bytes"
	"encoding/csv"
	"reflect"
	"slices"
	"testing"
)

func TestWriteShareChat(t *testing.T) {
	convs := append(fgConvs(5), Conv{ID: "empty"})
	var buf bytes.Buffer
	n, err := WriteShareChat(&buf, slices.Values(convs), ShareChatOptions{Ambiguous: true, Platform: "claude"})
	if err != nil {
		t.Fatal(err)
	}
	if n != 5 {
		t.Errorf("n = %d, want 5 (the empty conversation and the ambiguous one are not counted)", n)
	}
	rows, err := csv.NewReader(bytes.NewReader(buf.Bytes())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(rows[0], ShareChatHeader) {
		t.Errorf("header %v", rows[0])
	}
	if len(rows) != 1+5*5+4 {
		t.Fatalf("%d rows, want 30", len(rows))
	}
	perURL := map[string][]string{}
	var order []string
	for _, r := range rows[1:] {
		if r[0] != "claude" || len(r) != len(ShareChatHeader) {
			t.Fatalf("row %v", r)
		}
		if _, ok := perURL[r[1]]; !ok {
			order = append(order, r[1])
		}
		perURL[r[1]] = append(perURL[r[1]], r[3]+":"+r[4]+":"+r[7])
	}
	// The ambiguous conversation follows the first one.
	if order[1] != ShareChatAmbiguousURL || !reflect.DeepEqual(perURL[ShareChatAmbiguousURL],
		[]string{"0:user:default_model_slug", "1:llm:gpt-4o", "1:user:default_model_slug", "2:llm:gpt-4o"}) {
		t.Errorf("ambiguous conversation %v at %v", perURL[ShareChatAmbiguousURL], order)
	}
	// Conversation 3 is reversed; conversation 1 is split (its second half
	// comes after conversation 2's rows).
	if got := perURL[ShareChatURL(convs[3].ID)]; got[0] != "4:llm:gpt-4o" || got[4] != "0:system:default_model_slug" {
		t.Errorf("conversation 3 rows %v", got)
	}
	u1, u2 := ShareChatURL(convs[1].ID), ShareChatURL(convs[2].ID)
	var seq []string
	for _, r := range rows[1:] {
		if r[1] == u1 || r[1] == u2 {
			if len(seq) == 0 || seq[len(seq)-1] != r[1] {
				seq = append(seq, r[1])
			}
		}
	}
	if !reflect.DeepEqual(seq, []string{u1, u2, u1}) {
		t.Errorf("blocks of conversations 1 and 2: %v", seq)
	}
	var again bytes.Buffer
	WriteShareChat(&again, slices.Values(convs), ShareChatOptions{Ambiguous: true, Platform: "claude"})
	if !bytes.Equal(buf.Bytes(), again.Bytes()) {
		t.Error("output differs between two runs")
	}
}
