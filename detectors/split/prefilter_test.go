package split

import (
	"math/rand/v2"
	"testing"

	"github.com/revtrace/revtrace/detectors/internal/litre"
	"github.com/revtrace/revtrace/detectors/internal/litre/litretest"
)

// allCues lists the splitter's filtered expressions.
func allCues() map[string]*litre.Re {
	return map[string]*litre.Re{
		"openRe": openRe, "openShortRe": openShortRe, "openCJKRe": openCJKRe, "closeRe": closeRe, "closeCJKRe": closeCJKRe,
		"changeWordRe": changeWordRe, "codeLabelRe": codeLabelRe, "explainLabelRe": explainLabelRe, "sideCmdRe": sideCmdRe,
	}
}

// altCues lists the splitter's alternations run as their alternatives.
func altCues() map[string]*litre.Alt {
	return map[string]*litre.Alt{
		"assistantRe": assistantRe, "presentRe": presentRe, "labelRe": labelRe, "editRe": editRe, "passiveRe": passiveRe,
		"asRequestedRe": asRequestedRe, "changeLeadRe": changeLeadRe,
	}
}

// TestCuePrefiltersKeepMatches samples texts from every filtered expression
// (with noise around them) and checks that the filtered methods give
// exactly what the expression does.
func TestCuePrefiltersKeepMatches(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	noise := []string{"", " ", "ok, ", "the ", "x", "\n", "sure: ", "中文"}
	for name, c := range allCues() {
		if !c.Filtered() {
			t.Errorf("%s has no literal filter", name)
			continue
		}
		if matched := litretest.Sampled(t, name, c, r, 400, noise, " ,okx\n"); matched < 10 {
			t.Errorf("%s: only %d of the sampled texts match; the test says little", name, matched)
		}
	}
	for name, a := range altCues() {
		if a.Alternatives() < 2 {
			t.Errorf("%s runs as %d alternative", name, a.Alternatives())
		}
		if matched := litretest.SampledAlt(t, name, a, r, 400, noise, " ,okx\n"); matched < 10 {
			t.Errorf("%s: only %d of the sampled texts match; the test says little", name, matched)
		}
	}
}

func FuzzCuePrefilters(f *testing.F) {
	f.Add("Sure, here is the revised email:")
	f.Add("Let me know if you need anything else!")
	f.Add("The password has been removed as requested.")
	f.Fuzz(func(t *testing.T, s string) {
		c := cueText(s)
		for _, x := range []string{s, c} {
			for name, re := range allCues() {
				litretest.Agree(t, name, re, x)
			}
			for name, a := range altCues() {
				litretest.AgreeAlt(t, name, a, x)
			}
		}
	})
}
