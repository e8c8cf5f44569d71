package eval

import (
	"fmt"

	"github.com/revtrace/revtrace/detectors/revision"
)

// Groups of revision types as the study's Figure 3b has them.
const (
	GroupRevocation  = "revocation"     // withdraw
	GroupReplacement = "replacement"    // replace
	GroupOther       = "other_revision" // correct, reformat, extend, other
)

// Groups are the revision-type groups in report order.
var Groups = []string{GroupRevocation, GroupReplacement, GroupOther}

// Group maps a revision type to its group ("" for "", not a revision).
func Group(revisionType string) string {
	switch revisionType {
	case "":
		return ""
	case revision.Withdraw:
		return GroupRevocation
	case revision.Replace:
		return GroupReplacement
	}
	return GroupOther
}

// notRevision is the label of a turn that is not a revision in the type
// confusion matrix.
const notRevision = "none"

// TurnReport scores a turn check against gold turns.
//
// Definitions:
//
//   - IsRevision: gold is_revision against Verdict.IsRevision, one decision
//     per turn.
//   - CandidateRecall: the share of gold revisions that the keyword screen
//     selected (Verdict.Candidate); a revision the screen misses can never
//     be found.
//   - TypeAccuracy: over true positives, the share whose predicted type
//     equals the gold type.
//   - Groups: for each of revocation, replacement and other revision, the
//     one-vs-rest score over all turns (a turn is positive when it is a
//     revision of a type in the group; a missed or spurious revision counts
//     against the group); MacroF1 is the mean of their F1.
//   - TypeConfusion: gold type → predicted type over all turns, "none" for
//     a turn that is not a revision.
type TurnReport struct {
	Turns           int                   `json:"turns"`
	GoldRevisions   int                   `json:"gold_revisions"`
	IsRevision      Binary                `json:"is_revision"`
	CandidateRecall Share                 `json:"candidate_recall"`
	TypeAccuracy    Share                 `json:"type_accuracy"`
	Groups          map[string]Binary     `json:"groups"`
	MacroF1         float64               `json:"macro_f1"`
	TypeConfusion   Confusion             `json:"type_confusion"`
	ByLanguage      map[string]*LangTurns `json:"by_language"`
	Errors          []Error               `json:"errors,omitempty"`
}

// LangTurns is the is_revision score of one language.
type LangTurns struct {
	Turns      int    `json:"turns"`
	IsRevision Binary `json:"is_revision"`
}

// Error kinds of EvalTurns.
const (
	ErrRevisionFP = "revision_fp" // a turn taken for a revision that is none
	ErrRevisionFN = "revision_fn" // a gold revision that was missed
	ErrCandidate  = "candidate"   // a gold revision the screen did not select (also listed as revision_fn)
	ErrType       = "type"        // a true positive of another type
)

// EvalTurns runs check on every gold turn and scores the verdicts (see
// TurnReport for the definitions).
func EvalTurns(gold []TurnGold, check func(TurnGold) revision.Verdict) TurnReport {
	r := TurnReport{
		Groups:        map[string]Binary{},
		TypeConfusion: Confusion{},
		ByLanguage:    map[string]*LangTurns{},
	}
	groups := map[string]*Binary{}
	for _, name := range Groups {
		groups[name] = &Binary{}
	}
	for _, g := range gold {
		v := check(g)
		r.Turns++
		gt := g.Type()
		pt := ""
		if v.IsRevision {
			pt = v.Type
		}
		r.IsRevision.Add(g.IsRevision, v.IsRevision)
		lt := r.ByLanguage[langKey(g.Language)]
		if lt == nil {
			lt = &LangTurns{}
			r.ByLanguage[langKey(g.Language)] = lt
		}
		lt.Turns++
		lt.IsRevision.Add(g.IsRevision, v.IsRevision)
		r.TypeConfusion.Add(orNone(gt), orNone(pt))
		for _, name := range Groups {
			groups[name].Add(g.IsRevision && Group(gt) == name, v.IsRevision && Group(pt) == name)
		}
		if g.IsRevision {
			r.GoldRevisions++
			r.CandidateRecall.Add(v.Candidate)
			if !v.Candidate {
				r.errorf(g.ID, ErrCandidate, "%q (gold %s) selected by no cue", clip(g.Turn, 100, true), gt)
			}
		}
		switch {
		case g.IsRevision && v.IsRevision:
			r.TypeAccuracy.Add(pt == gt)
			if pt != gt {
				r.errorf(g.ID, ErrType, "%q gold %s, found %s", clip(g.Turn, 100, true), gt, pt)
			}
		case v.IsRevision:
			r.errorf(g.ID, ErrRevisionFP, "%q taken for %s (cue %q)", clip(g.Turn, 100, true), pt, v.Keyword)
		case g.IsRevision:
			r.errorf(g.ID, ErrRevisionFN, "%q gold %s missed (candidate %v, cue %q)", clip(g.Turn, 100, true), gt, v.Candidate, v.Keyword)
		}
	}
	r.IsRevision.Finish()
	r.CandidateRecall.Finish()
	r.TypeAccuracy.Finish()
	for _, name := range Groups {
		b := groups[name]
		b.Finish()
		r.Groups[name] = *b
		r.MacroF1 += b.F1 / float64(len(Groups))
	}
	for _, l := range r.ByLanguage {
		l.IsRevision.Finish()
	}
	return r
}

func (r *TurnReport) errorf(id ID, kind, format string, args ...any) {
	r.Errors = append(r.Errors, Error{ID: id, Kind: kind, Detail: fmt.Sprintf(format, args...)})
}

func orNone(t string) string {
	if t == "" {
		return notRevision
	}
	return t
}
