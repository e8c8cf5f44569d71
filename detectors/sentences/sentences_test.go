package sentences

import (
	"reflect"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func texts(text string) []string {
	var out []string
	for _, sp := range Split(text) {
		out = append(out, text[sp.Start:sp.End])
	}
	return out
}

func TestSplit(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		// scanner-spec §1.4, where we agree with the reference.
		{"single capital is an initial", "I removed X. Next one is here.", []string{"I removed X. Next one is here."}},
		{"plain period", "I removed the item. Next one.", []string{"I removed the item.", "Next one."}},
		{"e.g. never ends", "Done, e.g. this is fine. Ok!", []string{"Done, e.g. this is fine.", "Ok!"}},
		{"numbered marker", "1. I removed X.", []string{"1.", "I removed X."}},
		{"quote then capital", `He said "done." Then left.`, []string{`He said "done."`, "Then left."}},
		{"url", "See https://ex.com/a.b. Then go.", []string{"See https://ex.com/a.b.", "Then go."}},
		// §1.4 rows where we deliberately differ (documented in the package comment).
		{"etc. before lower case", "Items: a, b, etc. and more.", []string{"Items: a, b, etc. and more."}},
		{"quoted password", "I removed the password 'No****4!' as requested.", []string{"I removed the password 'No****4!' as requested."}},
		// Further behaviour.
		{"etc. before capital", "Fruit, nuts, etc. Then dessert.", []string{"Fruit, nuts, etc.", "Then dessert."}},
		{"quoted bang then capital", "I removed 'Hello!' Next one.", []string{"I removed 'Hello!'", "Next one."}},
		{"bang then lower case", "Done! let me know.", []string{"Done!", "let me know."}},
		{"question run", "Really?! Yes.", []string{"Really?!", "Yes."}},
		{"newline hard boundary", "Note: I removed X\nand kept Y", []string{"Note: I removed X", "and kept Y"}},
		{"crlf and cr", "One\r\nTwo\rThree", []string{"One", "Two", "Three"}},
		{"blank lines skipped", "\n\n  A.  \n\n", []string{"A."}},
		{"title", "Dr. Smith removed it. Good.", []string{"Dr. Smith removed it.", "Good."}},
		{"postscript", "P.S. We moved it. Ok.", []string{"P.S. We moved it.", "Ok."}},
		{"ellipsis", "Wait... Then it worked.", []string{"Wait... Then it worked."}},
		{"unicode ellipsis", "Wait… Then it worked.", []string{"Wait… Then it worked."}},
		{"decimal and version", "Use v1.2.3 with 3.5 GB. Done.", []string{"Use v1.2.3 with 3.5 GB.", "Done."}},
		{"file name", "Edit config.yaml now. Then run.", []string{"Edit config.yaml now.", "Then run."}},
		{"closing bold stays", "**I removed it.** Next.", []string{"**I removed it.**", "Next."}},
		{"closing paren chunk absorbed", "(I removed it. ) Next.", []string{"(I removed it. )", "Next."}},
		{"glued period", "I removed them.Next one.", []string{"I removed them.", "Next one."}},
		{"glued code not split", "Call fmt.Println now.", []string{"Call fmt.Println now."}},
		{"a.m. before lower case", "At 10 a.m. tomorrow. Fine.", []string{"At 10 a.m. tomorrow.", "Fine."}},
		{"a.m. before capital", "At 10 a.m. Then lunch.", []string{"At 10 a.m.", "Then lunch."}},
		{"dotted abbreviation", "The U.S. Army left. Ok.", []string{"The U.S.", "Army left.", "Ok."}},
		{"bullet stays", "- Removed: the salary line. Kept the rest.", []string{"- Removed: the salary line.", "Kept the rest."}},
		{"marker only at line start", "Step 2. Then go.", []string{"Step 2.", "Then go."}},
		{"paren marker", "2) Removed the date.", []string{"2)", "Removed the date."}},
		{"chinese", "我已删除电话号码。其余内容不变！好吗？", []string{"我已删除电话号码。", "其余内容不变！", "好吗？"}},
		{"chinese closing quote", "他说：“已删除。”然后离开。", []string{"他说：“已删除。”", "然后离开。"}},
		{"japanese", "削除しました。ほかは同じです。", []string{"削除しました。", "ほかは同じです。"}},
		{"german abbreviation", "Z.B. das hier. Und das.", []string{"Z.B. das hier.", "Und das."}},
		{"nbsp trimmed", "\u00a0Hello.\u00a0 World.", []string{"Hello.", "World."}},
		{"table row one sentence", "| Replaced \"has\" with \"exhibits\" | ok |", []string{"| Replaced \"has\" with \"exhibits\" | ok |"}},
		{"empty", "", nil},
		{"spaces only", " \t ", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := texts(tc.in)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Split(%q)\n got  %q\n want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestSplitOffsets(t *testing.T) {
	in := "  Sure!  Here it is.\r\n\r\n\tI removed X.  "
	got := Split(in)
	want := []Span{{2, 7}, {9, 20}, {25, 37}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Split(%q) = %v, want %v", in, got, want)
	}
}

func checkSpans(t *testing.T, text string) {
	t.Helper()
	prev := 0
	for _, sp := range Split(text) {
		if sp.Start < prev || sp.End <= sp.Start || sp.End > len(text) {
			t.Fatalf("bad span %v after %d in %q", sp, prev, text)
		}
		s := text[sp.Start:sp.End]
		if strings.ContainsAny(s, "\r\n") {
			t.Fatalf("span %q crosses a line break", s)
		}
		r, _ := utf8.DecodeRuneInString(s)
		l, _ := utf8.DecodeLastRuneInString(s)
		if unicode.IsSpace(r) || unicode.IsSpace(l) {
			t.Fatalf("span %q not trimmed", s)
		}
		if !utf8.ValidString(text[:sp.Start]) && utf8.ValidString(text) {
			t.Fatalf("span start %d not on a rune boundary", sp.Start)
		}
		prev = sp.End
	}
}

func FuzzSentences(f *testing.F) {
	for _, s := range []string{
		"I removed X. Next one.", "1. a\r\n2) b", "我已删除。好", "'No****4!' as", "etc. And", "a.b.c. D",
		"\xff\xfe. X", "done.Next", "…", "?!?", "\u00a0\u3000x.",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkSpans(t, s)
		if !reflect.DeepEqual(Split(s), Split(s)) {
			t.Fatalf("Split(%q) differs between two calls", s)
		}
		// Content outside the spans is only white space.
		covered := make([]bool, len(s))
		for _, sp := range Split(s) {
			for i := sp.Start; i < sp.End; i++ {
				covered[i] = true
			}
		}
		for i := 0; i < len(s); {
			r, n := utf8.DecodeRuneInString(s[i:])
			if !covered[i] && !unicode.IsSpace(r) && r != utf8.RuneError {
				t.Fatalf("non-space rune %q at %d outside every sentence of %q", r, i, s)
			}
			i += n
		}
	})
}

func BenchmarkSplit(b *testing.B) {
	text := strings.Repeat("Sure! Here's the updated email, e.g. for Dr. Smith. I removed the password 'No****4!' as requested.\n- Item one.\n", 100)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		Split(text)
	}
}
