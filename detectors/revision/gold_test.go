package revision

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/revtrace/revtrace/corpora"
)

// goldTurn is one line of testdata/turns.jsonl (the gold-turn schema of
// DESIGN.md §4).
type goldTurn struct {
	ID      string `json:"id"`
	History []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"history"`
	Turn         string  `json:"turn"`
	IsRevision   bool    `json:"is_revision"`
	RevisionType *string `json:"revision_type"`
	Note         string  `json:"note"`
}

func loadGold(t *testing.T, path string) []goldTurn {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []goldTurn
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 4<<20)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var g goldTurn
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			t.Fatalf("%s:%d: %v", path, line, err)
		}
		if g.IsRevision != (g.RevisionType != nil) {
			t.Fatalf("%s:%d: is_revision %v with revision_type %v", path, line, g.IsRevision, g.RevisionType)
		}
		out = append(out, g)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestGoldTurns scores the classifier on the labelled dev set and keeps its
// precision, recall and type accuracy above floors a little under what it
// measures (printed with -v).
func TestGoldTurns(t *testing.T) {
	gold := loadGold(t, "testdata/turns.jsonl")
	if len(gold) < 50 {
		t.Fatalf("only %d gold turns", len(gold))
	}
	c := New(nil)
	var tp, fp, fn, tn, typeOK int
	for _, g := range gold {
		var hist []corpora.Message
		for _, m := range g.History {
			hist = append(hist, corpora.Message{Role: m.Role, Content: m.Content})
		}
		v, notes := c.Explain(hist, g.Turn)
		switch {
		case v.IsRevision && g.IsRevision:
			tp++
			if v.Type == *g.RevisionType {
				typeOK++
			} else {
				t.Logf("%s: type %s, gold %s (%s)", g.ID, v.Type, *g.RevisionType, g.Note)
			}
		case v.IsRevision:
			fp++
			t.Logf("%s: false positive %q (%s): %s", g.ID, g.Turn, g.Note, strings.Join(notes, "; "))
		case g.IsRevision:
			fn++
			t.Logf("%s: false negative %q (%s): %s", g.ID, g.Turn, g.Note, strings.Join(notes, "; "))
		default:
			tn++
		}
	}
	precision := float64(tp) / float64(max(1, tp+fp))
	recall := float64(tp) / float64(max(1, tp+fn))
	typeAcc := float64(typeOK) / float64(max(1, tp))
	n := float64(len(gold))
	po := float64(tp+tn) / n
	pe := (float64(tp+fp)*float64(tp+fn) + float64(fn+tn)*float64(fp+tn)) / (n * n)
	kappa := (po - pe) / (1 - pe)
	t.Logf("gold turns %d: precision %.3f recall %.3f kappa %.3f type accuracy %.3f (tp %d fp %d fn %d tn %d)",
		len(gold), precision, recall, kappa, typeAcc, tp, fp, fn, tn)
	// Measured (98 turns): precision 1.000, recall 1.000, kappa 1.000, type
	// accuracy 0.984. The file was written alongside the rules, so these
	// are in-sample figures; on unseen real WildChat turns precision is
	// about 0.8 (see the package report).
	if precision < 0.95 || recall < 0.95 || kappa < 0.90 || typeAcc < 0.95 {
		t.Errorf("below the floors (precision 0.95, recall 0.95, kappa 0.90, type accuracy 0.95)")
	}
}
