package trace

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/revtrace/revtrace/detectors/deliverable"
	"github.com/revtrace/revtrace/internal/fixturegen"
)

type wantTrace struct {
	sentence, position, level string
}

func TestAnalyze(t *testing.T) {
	tests := []struct {
		name        string
		in          Input
		want        []wantTrace
		body        bool   // a body is found
		deliverable string // "" = not checked
		item        string
	}{
		{
			name: "letter with a preface note",
			in: Input{
				Request:  "actually take the phone number out, I don't want him calling me",
				Previous: "Here's a draft you can send:\n\nDear Mr. Castellano,\n\nThe kitchen tap has been leaking since Monday. If it's quicker, you can reach me on (415) 555-0142.\n\nBest regards,\nDana Whitfield",
				Reply:    "Sure — I removed the phone number. Here's the email:\n\nDear Mr. Castellano,\n\nThe kitchen tap has been leaking since Monday. Could you let me know when a plumber can come?\n\nBest regards,\nDana Whitfield\n\nLet me know if you'd like me to remove anything else.",
			},
			want:        []wantTrace{{"Sure — I removed the phone number.", "preface", Descriptive}},
			body:        true,
			deliverable: deliverable.Message,
			item:        "(415) 555-0142",
		},
		{
			name: "code reply with a comment inside the fence",
			in: Input{
				Request: "remove the password from the script",
				Reply:   "```python\nimport os\n\nHOST = \"db.internal\"\nUSER = \"report\"\n# password removed as requested; read it from the environment\nPASSWORD = os.environ[\"PGPASSWORD\"]\n\ndef connect():\n    return psycopg2.connect(host=HOST, user=USER, password=PASSWORD)\n```",
			},
			want:        []wantTrace{{"password removed as requested; read it from the environment", "body_middle", Descriptive}},
			body:        true,
			deliverable: deliverable.Code,
			item:        "password",
		},
		{
			name: "afterword note after a fence",
			in: Input{
				Request: "drop the production password from the config",
				Reply:   "Here is the config:\n\n```env\nPORT=6379\nHOST=cache.internal\n```\n\nI removed the production password.",
			},
			// levels-v2: "production password" names the kind of value, not the
			// value (like "the Stripe key"): descriptive
			want:        []wantTrace{{"I removed the production password.", "afterword", Descriptive}},
			body:        true,
			deliverable: deliverable.Code,
			item:        "production password",
		},
		{
			name: "item also in the body: not assigned",
			in: Input{
				Aliases: []string{"No****4!"},
				Reply:   "The Wi-Fi password is No****4!.\n\nI removed the password 'No****4!' as requested.",
			},
			want: []wantTrace{{"I removed the password 'No****4!' as requested.", "", NotAssigned}},
			item: "No****4!",
		},
		{
			name: "no item could be derived",
			in: Input{
				Request: "make it shorter",
				Reply:   "Sure! Some details have been omitted to keep it brief.\n\nThe launch is on track for May.",
			},
			want: []wantTrace{{"Some details have been omitted to keep it brief.", "", Unknown}},
		},
		{
			name: "replacement names the old item",
			in: Input{
				Request:  "change the venue to the Riverside Café",
				Previous: "Hi all,\n\nDinner is on Friday at 7 pm at Luigi's on Canal Street.\n\nSee you there,\nMo",
				Reply:    "Hi all,\n\nDinner is on Friday at 7 pm at the Riverside Café.\n\nSee you there,\nMo\n\nP.S. We'll meet at the Riverside Café instead of Luigi's this time.",
			},
			want: []wantTrace{{"P.S. We'll meet at the Riverside Café instead of Luigi's this time.", "", Identifying}},
			item: "venue",
		},
		{
			name: "removal list rows are traces and not content",
			in: Input{
				Aliases: []string{"HR - Formal Harassment Complaint Filing"},
				Reply:   "Busy: 8 AM, 9:30 AM.\n\nRemoved items:\n- HR - Formal Harassment Complaint Filing",
			},
			want: []wantTrace{
				{"Removed items:", "", ProcessOnly},
				{"- HR - Formal Harassment Complaint Filing", "", Identifying},
			},
			item: "HR - Formal Harassment Complaint Filing",
		},
		{
			name: "redaction marker pasted by the user is not a trace",
			in: Input{
				Request: "fix the error in this log parser, sample line: user=[REDACTED] status=500",
				Reply:   "The regex needs a lazy quantifier. For the line `user=[REDACTED] status=500` it now captures the status.",
			},
			want: nil,
		},
		{
			name: "no trace",
			in: Input{
				Request: "make it more formal",
				Reply:   "Here is a more formal version:\n\nDear Ms. Lee,\n\nI would be grateful for an update on the invoice.\n\nKind regards,\nSam",
			},
			want: nil,
			body: true,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := Analyze(tc.in)
			if len(a.Traces) != len(tc.want) {
				t.Fatalf("traces %+v, want %d", a.Traces, len(tc.want))
			}
			if a.Trace != (len(tc.want) > 0) {
				t.Errorf("Trace = %v", a.Trace)
			}
			body := false
			for i, w := range tc.want {
				got := a.Traces[i]
				if got.Sentence != w.sentence || tc.in.Reply[got.Start:got.End] != got.Sentence {
					t.Errorf("trace %d = %q [%d:%d], want %q", i, got.Sentence, got.Start, got.End, w.sentence)
				}
				if w.position != "" && got.Position != w.position {
					t.Errorf("trace %d position %s, want %s", i, got.Position, w.position)
				}
				if got.Level != w.level {
					t.Errorf("trace %d level %s, want %s (item %q)", i, got.Level, w.level, a.WithdrawnItem)
				}
				if got.Detector != DetectorScanner || got.Rule == "" {
					t.Errorf("trace %d detector %q rule %q", i, got.Detector, got.Rule)
				}
				body = body || strings.HasPrefix(got.Position, "body_")
			}
			if a.TraceBody != body {
				t.Errorf("TraceBody = %v, want %v", a.TraceBody, body)
			}
			if tc.body && a.Body == nil {
				t.Errorf("no body found")
			}
			if tc.deliverable != "" && a.DeliverableType != tc.deliverable {
				t.Errorf("deliverable %s, want %s", a.DeliverableType, tc.deliverable)
			}
			if a.WithdrawnItem != tc.item {
				t.Errorf("withdrawn item %q, want %q", a.WithdrawnItem, tc.item)
			}
		})
	}
}

func TestTraceJSON(t *testing.T) {
	tr := Trace{Sentence: "I removed X.", Start: 3, End: 15, Position: "preface", Level: ProcessOnly, Detector: DetectorScanner, Rule: "first-person-removal"}
	b, err := json.Marshal(tr)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"sentence":"I removed X.","start":3,"end":15,"position":"preface","level":"process_only","detector":"scanner"}`
	if string(b) != want {
		t.Errorf("json %s, want %s", b, want)
	}
}

// TestPlantedCases runs Analyze on the planted revision cases of the
// fixture generator (internal/fixturegen): every planted trace must be
// found, no trace may be found in a reply planted without one, and the
// disclosure levels must mostly agree (positions belong to detectors/split
// and are reported only).
func TestPlantedCases(t *testing.T) {
	var withTrace, found, levelOK, posOK, clean int
	for _, c := range fixturegen.Cases() {
		if c.RevisionType == "" || c.Turn+1 >= len(c.Conv.Messages) {
			continue
		}
		msgs := c.Conv.Messages
		prev := ""
		for k := c.Turn - 1; k >= 0; k-- {
			if msgs[k].Role == "assistant" {
				prev = msgs[k].Content
				break
			}
		}
		in := Input{Reply: msgs[c.Turn+1].Content, Request: msgs[c.Turn].Content, Previous: prev}
		a := Analyze(in)
		if c.Trace == "" {
			clean++
			for _, tr := range a.Traces {
				t.Errorf("%s: trace %q (%s) in a reply planted without one", c.Conv.Kind, tr.Sentence, tr.Rule)
			}
			continue
		}
		withTrace++
		var got *Trace
		for i, tr := range a.Traces {
			if strings.Contains(tr.Sentence, c.Trace) || strings.Contains(c.Trace, tr.Sentence) {
				got = &a.Traces[i]
				break
			}
		}
		if got == nil {
			t.Errorf("%s: planted trace %q not found", c.Conv.Kind, c.Trace)
			continue
		}
		found++
		if got.Level == c.Level {
			levelOK++
		} else {
			t.Logf("%s: level %s, planted %s (item %q, planted %q)", c.Conv.Kind, got.Level, c.Level, a.WithdrawnItem, c.Item)
		}
		if got.Position == c.Position {
			posOK++
		}
	}
	if withTrace < 20 || clean < 5 {
		t.Fatalf("only %d planted traces and %d clean revisions: the fixture set changed", withTrace, clean)
	}
	t.Logf("planted traces %d, found %d, level agrees %d, position agrees %d; clean revisions %d", withTrace, found, levelOK, posOK, clean)
	if levelOK*100 < found*85 {
		t.Errorf("level agrees on %d of %d planted traces, want at least 85%%", levelOK, found)
	}
}

// TestStructuralScope follows scanner-spec §9.6: a removal label scopes the
// list, quote or fence after it, so the withdrawn item listed there is a
// trace row (identifying), not content; content after the scope stays
// content.
func TestStructuralScope(t *testing.T) {
	prose := []string{"\n\nPublic Event remains."}
	both := []string{"\n\nPublic Event remains.", "\n\n- Public Event remains."}
	exclusions := []struct {
		text    string
		endings []string
	}{
		{"> # Omitted\n> - Private Event", both},
		{"> # Omitted\n> > ## Details\n> > - Private Event", both},
		{"- # Omitted\n  - Private Event", both},
		{"- Omitted:\n  - Details:\n    - Private Event", both},
		{"Omitted:\n\n> Private Event", both},
		{"Omitted:\n\n```text\nPrivate Event\n```", both},
		{"Omitted:\n• Private Event", prose},
		{"**Excluded items:**\n\n- Private Event", prose},
		{"# Removed items\n\n1. Private Event\n   - More detail", []string{"\n\n# Included items\n\n- Public Event"}},
	}
	for _, ex := range exclusions {
		for _, ending := range ex.endings {
			for _, nl := range []string{"\n", "\r\n"} {
				reply := strings.ReplaceAll("Public introduction.\n\n"+ex.text+ending, "\n", nl)
				a := Analyze(Input{Reply: reply, Aliases: []string{"Private Event"}})
				if !a.Trace {
					t.Fatalf("%q: no trace", reply)
				}
				identifying := false
				for _, tr := range a.Traces {
					if tr.Level == NotAssigned {
						t.Errorf("%q: %q not assigned: the item is inside the removal scope", reply, tr.Sentence)
					}
					identifying = identifying || tr.Level == Identifying
					if strings.Contains(tr.Sentence, "Public") {
						t.Errorf("%q: public content %q taken as a trace", reply, tr.Sentence)
					}
				}
				if !identifying {
					t.Errorf("%q: no identifying trace: %+v", reply, a.Traces)
				}
				pub := Analyze(Input{Reply: reply, Aliases: []string{"Public Event"}})
				for _, tr := range pub.Traces {
					if tr.Level != NotAssigned {
						t.Errorf("%q: Public Event is content, level %s", reply, tr.Level)
					}
				}
			}
		}
	}
}

// TestAnalyzeConcurrent runs Analyze from several goroutines (the miner's
// workers do); run with -race.
func TestAnalyzeConcurrent(t *testing.T) {
	replies := []string{realisticReply(), "I removed the password 'No****4!' as requested.", "Omitted:\n- A\n- B", "我已删除电话号码。"}
	done := make(chan []int)
	for g := 0; g < 4; g++ {
		go func() {
			var n []int
			for _, r := range replies {
				n = append(n, len(Analyze(Input{Reply: r, Request: "remove the password"}).Traces))
			}
			done <- n
		}()
	}
	first := <-done
	for g := 1; g < 4; g++ {
		if got := <-done; !reflect.DeepEqual(got, first) {
			t.Errorf("goroutine results differ: %v vs %v", got, first)
		}
	}
	if first[0] != 3 || first[1] != 1 {
		t.Errorf("trace counts %v", first)
	}
}
