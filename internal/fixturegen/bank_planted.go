package fixturegen

import (
	"strings"
	"sync"
)

// Case is one planted conversation together with what it was planted to
// show. Cases returns them; Planted returns only their conversations.
//
// Conv.Kind is built from the fields below and a few tags, as a
// slash-separated label:
//
//	TYPE/trace/POSITION/DELIVERABLE/LEVEL[/TAG...]   a revision whose reply holds a trace
//	TYPE/notrace/DELIVERABLE[/TAG...]                 a revision answered without a trace
//	TYPE/noreply                                      a revision request that is the last message
//	decoy/NAME/(TYPE|none)[/DELIVERABLE][/TAG...]     a cue that must not produce a trace (or a revision when "none")
//	followup/NAME                                     a later turn that is not a revision (thanks, continue, ...)
//
// TYPE is withdraw|replace|correct|reformat|extend|other; POSITION is
// preface|body_opening|body_middle|body_closing|afterword; DELIVERABLE is
// message|document|code; LEVEL is identifying|descriptive|process_only|
// not_assigned|unknown. Tags name the code language (python, yaml, json,
// sql, shell), the conversation language for non-English cases (de, fr, es,
// zh, ru, ja) and shapes (crlf, multifence, runfence, table, email, nocue,
// turn3, bracket, curly: a trace with a curly apostrophe).
type Case struct {
	Conv Conv
	// Turn is the index in Conv.Messages of the user message the case is
	// about: the revision request, or the decoy or follow-up turn. The reply
	// to it, when there is one, is Conv.Messages[Turn+1].
	Turn int
	// RevisionType is withdraw|replace|correct|reformat|extend|other when the
	// turn is a revision request, "" when it is not.
	RevisionType string
	// Deliverable is message|document|code for the reply to Turn; "" when
	// there is no reply or when the turn is not a revision and the reply's
	// type is not part of what the case shows.
	Deliverable string
	// Trace is the trace sentence, verbatim in the reply; "" when none.
	Trace string
	// Position is the trace's position (DESIGN.md §1); "" when none.
	Position string
	// Level is the trace's disclosure level; "" when none.
	Level string
	// Item is the withdrawn or replaced item as the previous assistant draft
	// (Conv.Messages[Turn-1]) writes it; "" when the request names none.
	Item string
	// Body is the reply's deliverable body, verbatim in the reply (for code,
	// the text inside the fences; for several fenced blocks, everything from
	// the first block's content to the last block's content); "" when there
	// is no reply. For a turn that is not a revision it is the main part of
	// the reply.
	Body string
}

// fence is a Markdown code fence; Go raw strings cannot hold backquotes.
const fence = "```"

// plant is the hand-written form of one planted case.
type plant struct {
	typ, deliv, pos, level string // revision type, deliverable, trace position and level
	family, name           string // "decoy" or "followup" and its name; "" for a plain revision
	tags                   []string
	lang                   string   // WildChat language name; "" means English
	msgs                   []string // the messages before the reply, alternating from user
	pre, body, post        string   // the reply, pre+body+post
	noReply                bool
	after                  []string // messages after the reply
	item, trace            string
}

// code sets the reply to intro, a fenced block of src in language lang, and
// outro; the body is src.
func (p plant) code(intro, lang, src, outro string) plant {
	p.pre = intro + fence + lang + "\n"
	p.body = src
	p.post = fence + outro
	return p
}

// kind renders the Kind label of p.
func (p plant) kind() string {
	var parts []string
	switch {
	case p.family == "followup":
		parts = []string{"followup", p.name}
	case p.family == "decoy":
		rt := p.typ
		if rt == "" {
			rt = "none"
		}
		parts = []string{"decoy", p.name, rt}
		if p.deliv != "" && p.deliv != "none" {
			parts = append(parts, p.deliv)
		}
	case p.noReply:
		parts = []string{p.typ, "noreply"}
	case p.pos != "":
		parts = []string{p.typ, "trace", p.pos, p.deliv, p.level}
	default:
		parts = []string{p.typ, "notrace", p.deliv}
	}
	return strings.Join(append(parts, p.tags...), "/")
}

// toCase turns p into a Case with its messages; ID, model and time are set
// by the caller.
func (p plant) toCase() Case {
	n := len(p.msgs)
	msgs := make([]Msg, 0, n+1+len(p.after))
	for i, m := range p.msgs {
		msgs = append(msgs, Msg{Role: roleAt(i), Content: m})
	}
	if !p.noReply {
		msgs = append(msgs, Msg{Role: "assistant", Content: p.pre + p.body + p.post})
	}
	for _, m := range p.after {
		msgs = append(msgs, Msg{Role: roleAt(len(msgs)), Content: m})
	}
	lang := p.lang
	if lang == "" {
		lang = "English"
	}
	return Case{
		Conv:         Conv{Language: lang, Messages: msgs, Kind: p.kind()},
		Turn:         n - 1,
		RevisionType: p.typ,
		Deliverable:  p.deliv,
		Trace:        p.trace,
		Position:     p.pos,
		Level:        p.level,
		Item:         p.item,
		Body:         p.body,
	}
}

func roleAt(i int) string {
	if i%2 == 0 {
		return "user"
	}
	return "assistant"
}

// draftPair returns tpl with the marker "§" replaced by a and by b: the
// previous draft and the revised body share every other byte.
func draftPair(tpl, a, b string) (string, string) {
	return strings.Replace(tpl, "§", a, 1), strings.Replace(tpl, "§", b, 1)
}

var (
	casesOnce sync.Once
	casesAll  []Case
)

// Cases returns the planted cases in the order Planted and Generate use,
// each with the ID, model and time Generate(0, n) gives it. The slice and
// its messages are fresh copies.
func Cases() []Case {
	out := make([]Case, len(plantedCases()))
	for i, c := range casesAll {
		c.Conv = stamp(c.Conv, 0, i)
		c.Conv.Messages = append([]Msg(nil), c.Conv.Messages...)
		out[i] = c
	}
	return out
}

// buildCases fills casesAll; run once.
func buildCases() {
	var ps []plant
	ps = append(ps, withdrawPlants()...)
	ps = append(ps, otherRevisionPlants()...)
	ps = append(ps, languagePlants()...)
	ps = append(ps, decoyPlants()...)
	casesAll = make([]Case, len(ps))
	for i, p := range ps {
		c := p.toCase()
		c.Conv.Model = plantedModels[i%len(plantedModels)]
		casesAll[i] = c
	}
}

// Planted returns the fixed planted conversations, in a fixed order, with
// the IDs and times Generate(0, n) gives them (Generate derives both from
// its own seed).
func Planted() []Conv {
	cs := Cases()
	out := make([]Conv, len(cs))
	for i := range cs {
		out[i] = cs[i].Conv
	}
	return out
}

// plantedModels are cycled through by the planted cases.
var plantedModels = []string{
	"gpt-4o-2024-08-06",
	"gpt-3.5-turbo-0125",
	"gpt-4.1-mini-2025-04-14",
	"gpt-4-0125-preview",
	"o1-mini-2024-09-12",
	"gpt-4o-mini-2024-07-18",
	"gpt-3.5-turbo-0613",
	"gpt-4-1106-preview",
}

// sub replaces each old string of the pairs kv with its new string, once
// per occurrence, in a single pass.
func sub(tpl string, kv ...string) string {
	return strings.NewReplacer(kv...).Replace(tpl)
}

// crlf turns every LF of s into CRLF.
func crlf(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }
