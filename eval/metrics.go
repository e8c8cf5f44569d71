package eval

import "math"

// Binary holds the confusion counts of a yes/no decision against gold and
// the measures computed from them.
//
// Conventions for empty denominators: precision is 0 when nothing was
// predicted positive, recall is 0 when nothing is positive in gold, F1 is 0
// when precision and recall are both 0, and κ is 1 when observed and
// chance agreement are both 1 (every item in one class for both raters) and
// 0 when chance agreement is 1 otherwise. The counts are always reported,
// so a reader can tell such cases apart.
type Binary struct {
	TP        int     `json:"tp"`
	FP        int     `json:"fp"`
	FN        int     `json:"fn"`
	TN        int     `json:"tn"`
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
	F1        float64 `json:"f1"`
	Kappa     float64 `json:"kappa"`
}

// Add counts one decision: gold is the gold label, pred the prediction.
func (b *Binary) Add(gold, pred bool) {
	switch {
	case gold && pred:
		b.TP++
	case pred:
		b.FP++
	case gold:
		b.FN++
	default:
		b.TN++
	}
}

// N is the number of decisions counted.
func (b Binary) N() int { return b.TP + b.FP + b.FN + b.TN }

// Finish computes Precision, Recall, F1 and Kappa from the counts.
func (b *Binary) Finish() {
	b.Precision = ratio(b.TP, b.TP+b.FP)
	b.Recall = ratio(b.TP, b.TP+b.FN)
	if b.Precision+b.Recall > 0 {
		b.F1 = 2 * b.Precision * b.Recall / (b.Precision + b.Recall)
	} else {
		b.F1 = 0
	}
	b.Kappa = kappa(b.TP, b.FP, b.FN, b.TN)
}

// kappa is Cohen's κ for two raters and two classes (gold and predicted).
func kappa(tp, fp, fn, tn int) float64 {
	n := float64(tp + fp + fn + tn)
	if n == 0 {
		return 0
	}
	po := float64(tp+tn) / n
	goldPos, predPos := float64(tp+fn)/n, float64(tp+fp)/n
	pe := goldPos*predPos + (1-goldPos)*(1-predPos)
	if pe >= 1 {
		if po >= 1 {
			return 1
		}
		return 0
	}
	k := (po - pe) / (1 - pe)
	if math.Abs(k) < 1e-12 { // rounding noise; avoids printing -0.000
		k = 0
	}
	return k
}

// Share is a proportion Num/Den; Value is 0 when Den is 0.
type Share struct {
	Num   int     `json:"num"`
	Den   int     `json:"den"`
	Value float64 `json:"value"`
}

// Add counts one item, a hit when ok.
func (s *Share) Add(ok bool) {
	s.Den++
	if ok {
		s.Num++
	}
}

// Finish computes Value.
func (s *Share) Finish() { s.Value = ratio(s.Num, s.Den) }

// Mean is an average of per-item values.
type Mean struct {
	N     int     `json:"n"`
	Value float64 `json:"value"`
	sum   float64
}

// Add adds one value.
func (m *Mean) Add(x float64) {
	m.N++
	m.sum += x
}

// Finish computes Value (0 when N is 0).
func (m *Mean) Finish() {
	if m.N > 0 {
		m.Value = m.sum / float64(m.N)
	}
}

// Confusion counts gold label → predicted label.
type Confusion map[string]map[string]int

// Add counts one (gold, predicted) pair.
func (c Confusion) Add(gold, pred string) {
	row := c[gold]
	if row == nil {
		row = map[string]int{}
		c[gold] = row
	}
	row[pred]++
}

// Binary returns the one-vs-rest counts of label over the pairs counted.
func (c Confusion) Binary(label string) Binary {
	var b Binary
	for g, row := range c {
		for p, n := range row {
			switch {
			case g == label && p == label:
				b.TP += n
			case p == label:
				b.FP += n
			case g == label:
				b.FN += n
			default:
				b.TN += n
			}
		}
	}
	b.Finish()
	return b
}

func ratio(num, den int) float64 {
	if den == 0 {
		return 0
	}
	return float64(num) / float64(den)
}
