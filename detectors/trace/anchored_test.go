package trace

import (
	"strings"
	"testing"
)

func TestAnchorShares(t *testing.T) {
	tests := []struct {
		name, request, obj string
		want               bool
	}{
		{"same word", "remove the salary", "the salary line", true},
		{"stem of five letters", "I can't return anything", "returning any boxes", true},
		{"plural", "no boxes please", "a box of ten", true},
		{"symbol set apart", "don't use '$' anywhere", "using the `$` operator", true},
		{"symbol inside a token", "stop using $", "`data$event`", true},
		{"han pair", "不要提到医院", "提到医院的内容", true},
		{"no shared word", "can you speed it up?", "a list", false},
		{"only generic words", "please update the code", "the old code version", false},
		{"short words do not stem", "fix the bug", "a bus", false},
		{"prose punctuation is no symbol", "well - maybe / later: ok", "a - b", false},
		{"function words", "and then there was this", "this and that", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := termsOf(tc.request).shares(termsOf(tc.obj)); got != tc.want {
				t.Errorf("request %q, object %q: shares = %v, want %v", tc.request, tc.obj, got, tc.want)
			}
		})
	}
}

func TestStemWord(t *testing.T) {
	for w, want := range map[string]string{
		"boxes": "box", "classes": "class", "cars": "car", "glass": "glass", "the": "", "us": "", "font": "font", "code": "",
	} {
		if got := stemWord(w); got != want {
			t.Errorf("stemWord(%q) = %q, want %q", w, got, want)
		}
	}
}

// TestAnchoredAnalyze: in Analyze the request decides; pasted code in the
// request does not anchor.
func TestAnchoredAnalyze(t *testing.T) {
	reply := "Here's another route to the lighthouse that does not involve renting a car:\n\n1. Take the 8:10 ferry.\n2. Walk the coast path north.\n"
	for _, tc := range []struct {
		request string
		want    bool
	}{
		{"we can't rent a car on the island", true},
		{"make it shorter", false},
		{"", false},
		{"why?\n```\nrent_car(island)\nreturn car\n```", false},
	} {
		a := Analyze(Input{Reply: reply, Request: tc.request})
		if a.Trace != tc.want {
			t.Errorf("request %q: trace = %v, want %v (%+v)", tc.request, a.Trace, tc.want, a.Traces)
		}
	}
	if hits := Scan(reply); len(hits) > 0 {
		t.Errorf("the request-blind Scan keeps %+v", hits)
	}
}

func TestParseAnchoredErrors(t *testing.T) {
	for name, src := range map[string]string{
		"no obj group":          "rule a\nanchor request\nkeywords x\npattern x\n",
		"example without ||":    "rule a\nanchor request\nkeywords x\npattern (?P<obj>x)\npositive just a sentence\n",
		"unknown anchor":        "rule a\nanchor title\nkeywords x\npattern (?P<obj>x)\n",
		"anchor after examples": "rule a\nkeywords x\npattern (?P<obj>x)\npositive go || x\nanchor request\n",
		"rule after anchored":   "rule a\nanchor request\nkeywords x\npattern (?P<obj>x)\nrule b\nkeywords y\npattern y\n",
	} {
		if _, err := parseRules(src); err == nil {
			t.Errorf("%s: parseRules accepted %q", name, src)
		} else if !strings.Contains(err.Error(), "line") && !strings.Contains(err.Error(), "rule") {
			t.Errorf("%s: error %q names neither line nor rule", name, err)
		}
	}
}

// FuzzAnchorTerms: termsOf takes any text; its words and symbols are
// pieces of the lower-cased text, and a text shares a term with itself
// whenever it has one.
func FuzzAnchorTerms(f *testing.F) {
	f.Add("don't use '$' anywhere", "using the `$` operator")
	f.Add("不要提到医院", "Boxes and classes")
	f.Add("\xff\xfe $$ ::", "a")
	f.Fuzz(func(t *testing.T, a, b string) {
		ta, tb := termsOf(a), termsOf(b)
		_ = ta.shares(tb)
		for _, w := range ta.words {
			if w == "" {
				t.Fatalf("empty word from %q", a)
			}
		}
		if len(ta.words)+len(ta.han) > 0 && !ta.shares(ta) {
			t.Fatalf("%q shares nothing with itself: %+v", a, ta)
		}
	})
}

func TestLeadingSymbol(t *testing.T) {
	for _, tc := range []struct{ obj, want string }{
		{"`getitem`.", "getitem"},
		{"the `tt()` function", "tt"},
		{"just `Active`", "Active"},
		{"TextViews.", "TextViews"},
		{"the sort_index() result", "sort_index"},
		{"data$event in the loop", "data$event"},
		{"Active.Worksheets, so it runs", "Active.Worksheets"},
		{"a plain list", ""},        // a plain word is no symbol
		{"the document", ""},        // nor without backticks
		{"Paris.", ""},              // a capital at the start only
		{"`unterminated", ""},       // no closing backtick
		{"the end.", ""},            // a dot at the end is punctuation
		{"a.b", "a.b"},              // a dot between word characters
		{"``", ""},                  // an empty span
		{"using the `$` sign", "$"}, // light words before the span
	} {
		if got := leadingSymbol(tc.obj); got != tc.want {
			t.Errorf("leadingSymbol(%q) = %q, want %q", tc.obj, got, tc.want)
		}
	}
}

func TestUsesSymbol(t *testing.T) {
	const draft = "class Bag:\n    def __getitem__(self, i):\n        return self.items[i]\nTextView v = findViewById(R.id.v);\nx = data$event\n"
	for _, tc := range []struct {
		sym  string
		want bool
	}{
		{"getitem", true},       // underscores are no letters
		{"TextViews", true},     // a plural of a symbol the draft used
		{"TextView", true},      // the symbol itself
		{"data$event", true},    // a symbol with "$"
		{"item", false},         // only inside a longer word
		{"View", false},         // inside TextView
		{"RecyclerView", false}, // not in the draft
		{"$", true},             // a lone symbol character is a token of its own
		{"", false},
	} {
		if got := usesSymbol(draft, tc.sym); got != tc.want {
			t.Errorf("usesSymbol(draft, %q) = %v, want %v", tc.sym, got, tc.want)
		}
	}
}

// TestDraftAnchoredAnalyze checks the draft anchor end to end, and that a
// request-anchored rule whose anchor fails passes the sentence on to a
// later anchored rule that fired on it: "With these changes" fires
// anchored-new-version first, which the request does not anchor.
func TestDraftAnchoredAnalyze(t *testing.T) {
	reply := "```java\nRecyclerView list = findViewById(R.id.list);\nlist.setAdapter(adapter);\n```\n\nWith these changes, your code will display the Firebase data in a RecyclerView instead of TextViews.\n"
	const request = "can you give me the full modified code?"
	for _, tc := range []struct {
		name, previous string
		want           bool
	}{
		{"the draft used TextView", "```java\nTextView name = findViewById(R.id.name);\nname.setText(user.name);\n```", true},
		{"the draft never did", "```java\nListView name = findViewById(R.id.name);\n```", false},
		{"no draft", "", false},
		{"the word only in prose", "Text views show one value each.", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := Analyze(Input{Reply: reply, Request: request, Previous: tc.previous})
			if a.Trace != tc.want {
				t.Fatalf("trace = %v, want %v (%+v)", a.Trace, tc.want, a.Traces)
			}
			if tc.want && a.Traces[0].Rule != "draft-instead" {
				t.Errorf("rule = %s, want draft-instead", a.Traces[0].Rule)
			}
		})
	}
	raw, _ := defaultSet().scanLaidOut(reply)
	if len(raw) != 1 || raw[0].Rule != "anchored-new-version" || len(raw[0].alts) == 0 {
		t.Errorf("raw hits %+v: want anchored-new-version first, with draft-instead among its alternatives", raw)
	}
}
