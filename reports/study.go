package reports

// Study holds the figures the study reports for one corpus (method.md,
// "What the study did in the wild"), printed beside revtrace's numbers and
// always labelled as the study's. A zero value means the study gives none.
type Study struct {
	Events, RevocationOrReplacement, TraceFull, TraceBody int
	// TraceFullRate by group (revocation, replacement, other), in percent.
	GroupRates map[string]float64
	// Parts: Figure 3d by part (preface, body, afterword), compared with the
	// share of trace sentences (summary.json position_share); the figure's
	// labels are hard to read, so indicative.
	Parts map[string]float64
}

// StudyFigures are the study's published in-the-wild figures by corpus.
var StudyFigures = map[string]Study{
	"wildchat": {
		Events: 20610, RevocationOrReplacement: 6368, TraceFull: 1765, TraceBody: 679,
		GroupRates: map[string]float64{"revocation": 36.8, "replacement": 5.4, "other": 8.2},
		Parts:      map[string]float64{"preface": 31, "body": 36, "afterword": 33},
	},
	"devgpt": {
		Events: 917, RevocationOrReplacement: 413, TraceFull: 104, TraceBody: 36,
		Parts: map[string]float64{"preface": 26, "body": 37, "afterword": 38},
	},
	"sharechat": {
		Events: 5226, RevocationOrReplacement: 1729, TraceFull: 494, TraceBody: 284,
		Parts: map[string]float64{"preface": 26, "body": 55, "afterword": 18},
	},
	"total": {
		Events: 26753, RevocationOrReplacement: 8510, TraceFull: 2363, TraceBody: 999,
	},
}

// StudyCitation names the study.
const StudyCitation = `Zhang, Jiang, Zhang (2026), "Nothing to See Here": Unintended Disclosure through Revision Traces of LLM Deliverables, Figure 3`
