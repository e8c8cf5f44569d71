package fixturegen

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
)

// rng is a math/rand/v2 PCG stream used by value, so that seeding one for
// a paragraph costs no allocation.
type rng struct{ p rand.PCG }

func newRng(a, b uint64) rng {
	var r rng
	r.p.Seed(a, b)
	return r
}

func (r *rng) u64() uint64 { return r.p.Uint64() }

// intn returns a number in [0, n); n must be positive.
func (r *rng) intn(n int) int { return int((r.p.Uint64() >> 1) % uint64(n)) }

// between returns a number in [lo, hi].
func (r *rng) between(lo, hi int) int { return lo + r.intn(hi-lo+1) }

// chance reports true with probability p.
func (r *rng) chance(p float64) bool { return r.float() < p }

func (r *rng) float() float64 { return float64(r.p.Uint64()>>11) / (1 << 53) }

// norm returns a standard normal deviate (Box–Muller).
func (r *rng) norm() float64 {
	u := r.float()
	if u < 1e-12 {
		u = 1e-12
	}
	return math.Sqrt(-2*math.Log(u)) * math.Cos(2*math.Pi*r.float())
}

// logn returns round(median·e^(sigma·N)) clipped to [lo, hi].
func (r *rng) logn(median, sigma float64, lo, hi int) int {
	v := int(math.Round(median * math.Exp(sigma*r.norm())))
	return max(lo, min(hi, v))
}

func (r *rng) pick(xs []string) string { return xs[r.intn(len(xs))] }

// weighted returns an index drawn with the given weights.
func (r *rng) weighted(w []int) int {
	total := 0
	for _, x := range w {
		total += x
	}
	n := r.intn(total)
	for i, x := range w {
		if n < x {
			return i
		}
		n -= x
	}
	return len(w) - 1
}

// mix64 is the splitmix64 finaliser, a bijection on uint64.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// slotMark starts a two-byte slot in bank templates: "¤N" is a person's
// name, "¤D" a weekday, and so on (see writer.slot).
const slotMark = "¤"

// writer expands bank templates into a builder.
type writer struct {
	b  []byte // the message being written; reused from message to message
	L  *lang
	c  *convState
	it *itemState // the item the current draft shows, or nil

	fn, fnCamel, vr string // names used throughout one code block
	used            uint64 // sentences of the current bank already used in this message
	clock           int    // minutes since midnight for the next ¤T of an itinerary; 0 when off

}

// put expands tpl, drawing random slot values from r.
func (w *writer) put(r *rng, tpl string) {
	for {
		i := strings.Index(tpl, slotMark)
		if i < 0 || i+len(slotMark) >= len(tpl) {
			w.b = append(w.b, tpl...)
			return
		}
		w.b = append(w.b, tpl[:i]...)
		w.slot(r, tpl[i+len(slotMark)])
		tpl = tpl[i+len(slotMark)+1:]
	}
}

func (w *writer) str(s string) { w.b = append(w.b, s...) }

func (w *writer) num(n int) { w.b = strconv.AppendInt(w.b, int64(n), 10) }

// slot writes the value of slot c.
func (w *writer) slot(r *rng, c byte) {
	L := w.L
	switch c {
	case 'R':
		w.str(w.c.recipient)
	case 'S':
		w.str(w.c.sender)
	case 'N':
		w.str(r.pick(L.names))
	case 'C':
		w.str(w.c.company)
	case 'O':
		w.str(r.pick(companies))
	case 'X':
		w.str(w.c.project)
	case 'P':
		w.str(r.pick(L.cities))
	case 'H':
		w.str(w.c.city)
	case 'D':
		w.str(L.weekdays[r.intn(7)])
	case 'M':
		w.str(L.months[r.intn(12)])
	case 'T':
		if w.clock > 0 {
			h, m := w.clock/60, w.clock%60
			if h < 10 {
				w.b = append(w.b, '0')
			}
			w.num(h)
			w.str(quarters[m/15])
			w.clock = min(w.clock+60+15*r.intn(5), 23*60)
			return
		}
		h := r.between(7, 19)
		if h < 10 {
			w.b = append(w.b, '0')
		}
		w.num(h)
		w.str(quarters[r.intn(4)])
	case 'K':
		w.num(r.between(3, 48))
	case 'Q':
		w.num(r.between(2, 35))
	case 'A':
		w.money(r.between(4, 950) * 100)
	case 'Y':
		w.num(r.between(2019, 2025))
	case 'F':
		w.str(w.fn)
	case 'f':
		w.str(w.fnCamel)
	case 'V':
		w.str(w.vr)
	case 'E':
		if w.it != nil {
			w.str(envNames[w.it.cat])
		}
	case 'e':
		if w.it != nil {
			w.str(strings.ToLower(envNames[w.it.cat]))
		}
	case 'U':
		if w.it != nil {
			w.str(w.it.shown())
		}
	case 'G':
		w.str(w.c.topic)
	case 'I':
		if w.it != nil {
			w.str(w.it.value)
		}
	case 'W':
		if w.it != nil {
			w.str(w.it.repl)
		}
	case 'L':
		if w.it != nil {
			w.str(L.nouns[w.it.cat])
		}
	case 'B':
		if w.it != nil {
			w.str(L.labels[w.it.cat])
		}
	case 'Z':
		w.str(codeLangNames[w.c.codeLang])
	default:
		w.b = append(w.b, slotMark...)
		w.b = append(w.b, c)
	}
}

// money writes an amount in the language's currency style.
func (w *writer) money(n int) {
	L := w.L
	w.str(L.curPre)
	s := strconv.Itoa(n)
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			w.str(L.thousands)
		}
		w.b = append(w.b, s[i])
	}
	w.str(L.curSuf)
}

// sentences writes n sentences from bank joined by the language's space,
// avoiding sentences already used in the message (see fresh) while any
// are left.
func (w *writer) sentences(r *rng, bank []string, n int) {
	for i := range n {
		if i > 0 {
			w.str(w.L.space)
		}
		w.put(r, bank[w.fresh(r, len(bank))])
	}
}

// fresh draws an index below n that the message has not used yet; when all
// are used (or n exceeds 64) it starts over.
func (w *writer) fresh(r *rng, n int) int {
	k := r.intn(n)
	if n > 64 {
		return k
	}
	all := uint64(1)<<n - 1
	if w.used&all == all {
		w.used = 0
	}
	for w.used&(1<<k) != 0 {
		k = (k + 1) % n
	}
	w.used |= 1 << k
	return k
}

// take returns the text written so far and empties the builder.
func (w *writer) take() string {
	s := string(w.b)
	w.b = w.b[:0]
	w.used = 0
	return s
}

// Shared, language-independent vocabularies.
var (
	companies = []string{"Northwind", "Bluepeak Logistics", "Harbor & Finch", "Veltra Systems", "Oakridge Supplies", "Lumen Labs",
		"Crescent Foods", "Atlas Print", "Greenfield Energy", "Brightline Media", "Kestrel Analytics", "Marlow Consulting"}
	envNames   = [nCat]string{"CONTACT_PHONE", "ADMIN_EMAIL", "OFFICE_ADDRESS", "BUDGET", "OWNER", "DB_PASSWORD", "API_KEY"}
	camelNames = []string{"loadData", "parseRows", "fetchItems", "formatDate", "groupBy", "renderList", "saveSettings", "validateForm", "computeTotal", "sendEvent"}
	funcNames  = []string{"load_data", "parse_rows", "fetch_items", "process_batch", "clean_text", "build_report", "sync_files",
		"validate_input", "compute_totals", "send_alert", "merge_records", "export_csv"}
	quarters = [4]string{":00", ":15", ":30", ":45"}
	varNames = []string{"items", "rows", "records", "values", "entries", "results", "orders", "users", "files", "lines"}
)
