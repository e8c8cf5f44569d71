package reports

import (
	"math"
	"math/rand/v2"
	"sort"
	"strconv"
)

// Bootstrap intervals.
//
// Every rate in the reports is a ratio of two sums over events (traced
// events / events, trace sentences in the preface / trace sentences, ...).
// Its 95% interval is a percentile bootstrap that resamples conversations
// (the clusters: events of one conversation are not independent), with
// BootstrapSamples replicates from a seeded generator, so that the same
// events.jsonl always gives the same intervals.
//
// Only events.jsonl is read, so only conversations with at least one event
// are resampled. A conversation without events adds 0 to the numerator and
// to the denominator of every event-level rate, so it does not change any
// rate; resampling the M conversations that have events (M draws) is the
// bootstrap conditional on their number, which for event-level rates is the
// same as resampling all conversations up to the random number of
// event-bearing ones drawn. Counts that are not event-level (conversations,
// user turns, candidates) get no interval.
//
// A resample is drawn as a multinomial over the distinct (numerator,
// denominator) pairs of the rate, by conditional binomial draws, so that the
// cost does not grow with the number of conversations.

// BootstrapSamples is the number of bootstrap replicates of every interval.
const BootstrapSamples = 2000

// bootstrapSeed seeds every interval's generator, together with a hash of
// the data of the rate (its pairs and counts): an interval does not depend
// on which other intervals were computed before it, and two rates of the
// same data (a revision type that is a group on its own) get the same one.
const bootstrapSeed = 0x7265767472616365 // "revtrace"

// CI is a 95% bootstrap interval of a rate, as fractions (0..1).
type CI struct {
	Lo, Hi float64
	OK     bool // false: no interval (no events.jsonl, or no denominator)
}

// pair is one conversation's numerator and denominator of a rate.
type pair struct{ num, den uint64 }

// pairHist counts conversations by their (numerator, denominator) pair;
// small pairs, the common case, go in an array.
type pairHist struct {
	small [8][8]int
	big   map[pair]int
}

func (h *pairHist) add(num, den uint64) {
	if num < 8 && den < 8 {
		h.small[num][den]++
		return
	}
	if h.big == nil {
		h.big = map[pair]int{}
	}
	h.big[pair{num, den}]++
}

// categories returns the distinct pairs other than (0, 0) in a fixed order
// with their counts.
func (h *pairHist) categories() ([]pair, []int) {
	var ps []pair
	var cs []int
	for n := range 8 {
		for d := range 8 {
			if (n != 0 || d != 0) && h.small[n][d] > 0 {
				ps = append(ps, pair{uint64(n), uint64(d)})
				cs = append(cs, h.small[n][d])
			}
		}
	}
	var big []pair
	for p := range h.big {
		big = append(big, p)
	}
	sort.Slice(big, func(i, j int) bool {
		if big[i].num != big[j].num {
			return big[i].num < big[j].num
		}
		return big[i].den < big[j].den
	})
	for _, p := range big {
		ps = append(ps, p)
		cs = append(cs, h.big[p])
	}
	return ps, cs
}

// bootstrapCI computes the interval of sum(num)/sum(den) over clusters
// conversations distributed over the pairs of h, the rest being (0, 0).
func bootstrapCI(h *pairHist, clusters int) CI {
	ps, cs := h.categories()
	return drawCI(ps, cs, clusters, histKey(ps, cs, clusters))
}

// histKey names the input of an interval: the number of clusters and the
// pairs with their counts. It seeds the interval's generator, so two
// inputs with one key have one interval.
func histKey(ps []pair, cs []int, clusters int) string {
	key := strconv.Itoa(clusters)
	for i, p := range ps {
		key += " " + strconv.FormatUint(p.num, 10) + "/" + strconv.FormatUint(p.den, 10) + "x" + strconv.Itoa(cs[i])
	}
	return key
}

// drawCI draws the interval of the pairs ps with counts cs over clusters
// conversations, from a generator seeded by key (histKey's).
func drawCI(ps []pair, cs []int, clusters int, key string) CI {
	if clusters <= 0 || len(ps) == 0 {
		return CI{}
	}
	var den0 uint64
	for i, p := range ps {
		den0 += p.den * uint64(cs[i])
	}
	if den0 == 0 {
		return CI{}
	}
	rng := rand.New(rand.NewPCG(bootstrapSeed, fnv64(key)))
	vals := make([]float64, 0, BootstrapSamples)
	for range BootstrapSamples {
		n := clusters    // draws left
		rest := clusters // population left
		var num, den uint64
		for i, p := range ps {
			if n == 0 {
				break
			}
			x := binomial(rng, n, float64(cs[i])/float64(rest))
			n -= x
			rest -= cs[i]
			num += p.num * uint64(x)
			den += p.den * uint64(x)
		}
		if den > 0 { // a replicate without a denominator has no rate
			vals = append(vals, float64(num)/float64(den))
		}
	}
	if len(vals) == 0 {
		return CI{}
	}
	sort.Float64s(vals)
	return CI{Lo: quantile(vals, 0.025), Hi: quantile(vals, 0.975), OK: true}
}

// quantile is the p-quantile of sorted xs, interpolating linearly between
// order statistics (R's type 7).
func quantile(xs []float64, p float64) float64 {
	h := float64(len(xs)-1) * p
	i := int(math.Floor(h))
	if i+1 >= len(xs) {
		return xs[len(xs)-1]
	}
	return xs[i] + (h-float64(i))*(xs[i+1]-xs[i])
}

// fnv64 is the 64-bit FNV-1a hash of s.
func fnv64(s string) uint64 { return fnvAdd(fnvOffset, s) }

const fnvOffset = 14695981039346656037

func fnvAdd(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// uniform returns a float64 in (0, 1] from the generator's raw 64 bits
// (not rand's Float64, whose derivation is not part of its contract).
func uniform(r *rand.Rand) float64 {
	return float64(r.Uint64()>>11+1) * (1.0 / (1 << 53))
}

// binomial draws from Binomial(n, p): inversion by geometric waiting times
// when n·min(p, 1-p) < 10, otherwise Hörmann's BTRS (transformed rejection
// with squeeze, "The generation of binomial random variates", 1993).
func binomial(r *rand.Rand, n int, p float64) int {
	switch {
	case n <= 0 || p <= 0:
		return 0
	case p >= 1:
		return n
	case p > 0.5:
		return n - binomial(r, n, 1-p)
	case float64(n)*p < 10:
		return binomialInversion(r, n, p)
	}
	return btrs(r, n, p)
}

func binomialInversion(r *rand.Rand, n int, p float64) int {
	lq := math.Log1p(-p)
	k, sum := 0, 0.0
	for {
		g := math.Ceil(math.Log(uniform(r)) / lq)
		if g < 1 {
			g = 1
		}
		sum += g
		if sum > float64(n) {
			return k
		}
		k++
	}
}

func btrs(r *rand.Rand, n int, p float64) int {
	fn := float64(n)
	spq := math.Sqrt(fn * p * (1 - p))
	b := 1.15 + 2.53*spq
	a := -0.0873 + 0.0248*b + 0.01*p
	c := fn*p + 0.5
	vr := 0.92 - 4.2/b
	ratio := p / (1 - p)
	alpha := (2.83 + 5.1/b) * spq
	m := math.Floor((fn + 1) * p)
	for {
		u := uniform(r) - 0.5
		v := uniform(r)
		us := 0.5 - math.Abs(u)
		k := math.Floor((2*a/us+b)*u + c)
		if us >= 0.07 && v <= vr {
			if k < 0 || k > fn { // cannot happen inside the squeeze; be safe
				continue
			}
			return int(k)
		}
		if k < 0 || k > fn {
			continue
		}
		v = math.Log(v * alpha / (a/(us*us) + b))
		h := (m+0.5)*math.Log((m+1)/(ratio*(fn-m+1))) +
			(fn+1)*math.Log((fn-m+1)/(fn-k+1)) +
			(k+0.5)*math.Log(ratio*(fn-k+1)/(k+1)) +
			stirlingTail(m) + stirlingTail(fn-m) - stirlingTail(k) - stirlingTail(fn-k)
		if v <= h {
			return int(k)
		}
	}
}

// stirlingTail is log(k!) - [(k+0.5)·log(k+1) - (k+1) + log(2π)/2].
func stirlingTail(k float64) float64 {
	tail := [...]float64{0.08106146679532726, 0.04134069595540929, 0.02767792568499834,
		0.02079067210376509, 0.01664469118982119, 0.01387612882307075, 0.01189670994589177,
		0.01041126526197209, 0.009255462182712733, 0.008330563433362871}
	if k <= 9 {
		return tail[int(k)]
	}
	kp := (k + 1) * (k + 1)
	return (1.0/12 - (1.0/360-1.0/1260/kp)/kp) / (k + 1)
}

// fmtCI formats an interval in percent with one decimal: "[12.3, 45.6]",
// or "–" when there is none.
func fmtCI(ci CI) string {
	if !ci.OK {
		return "–"
	}
	return "[" + strconv.FormatFloat(100*ci.Lo, 'f', 1, 64) + ", " + strconv.FormatFloat(100*ci.Hi, 'f', 1, 64) + "]"
}
