package reports

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// The real-browser test: report.html of the bundled fixtures is opened in
// headless Chromium, driven over the DevTools protocol on a pipe
// (--remote-debugging-pipe: fds 3 and 4, standard library only, no port, no
// WebSocket). With the Network, Log, Runtime and Page domains enabled before
// the page is loaded, the browser itself reports every request the page
// makes, every console message, uncaught exception and browser-side log
// entry (failed loads, blocked content); that is more robust than scanning
// --v=1 logs, whose wording changes between versions. Then a second
// Chromium run takes a screenshot with --screenshot, which is decoded and
// checked for content.
//
// Skipped when Chromium is absent, unless CI is set (.ci/run installs it and
// sets CI=1): then a missing Chromium fails the test.
//
// REVTRACE_SCREENSHOT=PATH also writes a cropped, scaled copy of the
// screenshot to PATH (make screenshot: docs/report.png).

// chromiumFlags are the flags of every Chromium run; without the
// networking switches Chromium tries to reach hosts on its own.
var chromiumFlags = []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
	"--disable-background-networking", "--disable-component-update", "--disable-sync"}

func findChromium() string {
	if p, err := exec.LookPath("chromium"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	return ""
}

func TestReportInBrowser(t *testing.T) {
	chromium := findChromium()
	if chromium == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("CI is set but Chromium is not installed (.ci/run installs Debian's chromium: apt-get install -y --no-install-recommends chromium)")
		}
		t.Skip("Chromium not found (neither chromium in PATH nor /usr/bin/chromium): skipping the real-browser test of report.html; install Debian's chromium to run it (required when CI is set)")
	}
	start := time.Now()
	report := filepath.Join(fixtureRun(t), "report.html")
	tmp := t.TempDir()
	abs, err := filepath.Abs(report)
	if err != nil {
		t.Fatal(err)
	}
	pageURL := (&url.URL{Scheme: "file", Path: abs}).String()
	t.Logf("mined the fixtures and rendered %s in %s", report, time.Since(start).Round(time.Millisecond))

	ctx, cancel := context.WithTimeout(context.Background(), 25*time.Second)
	defer cancel()

	// 1. DevTools run: requests, console, exceptions, log entries, DOM.
	t0 := time.Now()
	obs, err := observePage(ctx, t, chromium, pageURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("DevTools run: %s", time.Since(t0).Round(time.Millisecond))
	for _, r := range obs.requests {
		if r != pageURL {
			t.Errorf("network request from report.html: %s (the page must load nothing)", r)
		}
	}
	t.Logf("report.html: requests %q (only its own file:// load allowed), %d problems, %d notes", obs.requests, len(obs.problems), len(obs.notes))
	if len(obs.requests) == 0 {
		t.Logf("note: no request events seen (not even the page's own file:// load)")
	}
	for _, m := range obs.problems {
		t.Errorf("browser reported: %s", m)
	}
	for _, m := range obs.notes {
		t.Logf("browser note: %s", m)
	}
	d := obs.dom
	t.Logf("DOM: title %q, %d svg charts (%d with a title, desc and aria-labelledby), %d tables, %d scripts, %d resource entries, %d broken url(#) refs, %d chars of text",
		d.Title, d.SVGs, d.Labelled, d.Tables, d.Scripts, d.Resources, d.BrokenRefs, d.TextLen)
	if d.Title != "revtrace report" {
		t.Errorf("document title %q", d.Title)
	}
	// 4 corpora + total, (a)-(d) with two charts for (d), plus the comparison.
	if want := 5*5 + 1; d.SVGs < want || d.Labelled != d.SVGs {
		t.Errorf("charts: %d svg, %d labelled; want at least %d, all labelled", d.SVGs, d.Labelled, want)
	}
	if d.Scripts != 0 || d.Resources != 0 || d.BrokenRefs != 0 || d.ExternalAttrs != 0 {
		t.Errorf("page has %d scripts, %d resource loads, %d broken url(#) references, %d src/href to other documents", d.Scripts, d.Resources, d.BrokenRefs, d.ExternalAttrs)
	}
	if d.Tables < 25 || d.TextLen < 5000 || !d.HasCases {
		t.Errorf("page content: %d tables, %d chars, cases section %v", d.Tables, d.TextLen, d.HasCases)
	}

	// The harness must see what it is meant to catch: a page that loads an
	// image from a local closed port and logs a console error.
	bad := filepath.Join(tmp, "bad.html")
	os.WriteFile(bad, []byte(`<!DOCTYPE html><html><head><title>bad</title></head><body><img src="http://127.0.0.1:9/x.png" alt=""><script>console.error("planted")</script></body></html>`), 0o644)
	badObs, err := observePage(ctx, t, chromium, (&url.URL{Scheme: "file", Path: bad}).String())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("planted page: requests %q; problems %q", badObs.requests, badObs.problems)
	if !slices.Contains(badObs.requests, "http://127.0.0.1:9/x.png") || !slices.ContainsFunc(badObs.problems, func(p string) bool { return strings.Contains(p, "planted") }) {
		t.Errorf("the DevTools harness misses a planted request or console error: requests %q, problems %q", badObs.requests, badObs.problems)
	}

	// 2. Screenshot run.
	t0 = time.Now()
	shot := filepath.Join(tmp, "report.png")
	if err := screenshot(ctx, chromium, pageURL, shot); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot run: %s", time.Since(t0).Round(time.Millisecond))
	img, err := readPNG(shot)
	if err != nil {
		t.Fatal(err)
	}
	st := imageStats(img)
	t.Logf("screenshot %s: %dx%d, %d distinct colours, %.1f%% non-white pixels, %.2f%% dark pixels",
		shot, img.Bounds().Dx(), img.Bounds().Dy(), st.colours, 100*st.nonWhite, 100*st.dark)
	if img.Bounds().Dx() != 1200 || img.Bounds().Dy() != 2400 {
		t.Errorf("screenshot is %v, want 1200x2400", img.Bounds())
	}
	if st.colours < 16 || st.nonWhite < 0.03 || st.dark < 0.002 {
		t.Errorf("screenshot looks blank: %d colours, %.2f%% non-white, %.3f%% dark", st.colours, 100*st.nonWhite, 100*st.dark)
	}
	if out := os.Getenv("REVTRACE_SCREENSHOT"); out != "" {
		small := quantize(scaleDown(crop(img, image.Rect(0, 0, 1200, 1560)), 2, 3))
		var buf bytes.Buffer
		if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, small); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s (%dx%d, %d bytes)", out, small.Bounds().Dx(), small.Bounds().Dy(), buf.Len())
	}
	t.Logf("browser test took %s", time.Since(start).Round(time.Millisecond))
}

// observation is what the DevTools run saw.
type observation struct {
	requests []string // URLs the page requested
	problems []string // console errors, exceptions, error log entries, failed loads
	notes    []string // console/log warnings (logged, not failures)
	dom      domFacts
}

type domFacts struct {
	Title         string `json:"title"`
	SVGs          int    `json:"svgs"`
	Labelled      int    `json:"labelled"`
	Tables        int    `json:"tables"`
	Scripts       int    `json:"scripts"`
	Resources     int    `json:"resources"`
	BrokenRefs    int    `json:"brokenRefs"`
	ExternalAttrs int    `json:"externalAttrs"`
	TextLen       int    `json:"textLen"`
	HasCases      bool   `json:"hasCases"`
}

// domCheck runs in the page after load.
const domCheck = `JSON.stringify((() => {
  const svgs = [...document.querySelectorAll('svg')];
  const charts = svgs.filter(s => s.getAttribute('role') === 'img' && s.parentElement.tagName === 'FIGURE');
  const labelled = charts.filter(s => {
    const ids = (s.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean);
    return s.querySelector(':scope > title') && s.querySelector(':scope > desc') && ids.length === 2 && ids.every(i => document.getElementById(i));
  });
  let broken = 0;
  for (const el of document.querySelectorAll('[fill^="url("]')) {
    const m = /^url\(#([^)]+)\)$/.exec(el.getAttribute('fill'));
    if (!m || !document.getElementById(m[1])) broken++;
  }
  let external = 0;
  for (const el of document.querySelectorAll('[src],[href],[srcset],[data],[poster]')) {
    for (const a of ['src', 'srcset', 'data', 'poster']) if (el.hasAttribute(a)) external++;
    if (el.hasAttribute('href') && !el.getAttribute('href').startsWith('#')) external++;
  }
  return {title: document.title, svgs: charts.length, labelled: labelled.length,
    tables: document.querySelectorAll('table').length, scripts: document.scripts.length,
    resources: performance.getEntriesByType('resource').length, brokenRefs: broken, externalAttrs: external,
    textLen: document.body.innerText.length, hasCases: !!document.getElementById('cases')};
})())`

// cdp is a DevTools protocol connection over --remote-debugging-pipe.
type cdp struct {
	w       *os.File
	mu      sync.Mutex
	nextID  int
	replies map[int]chan cdpMsg
	events  chan cdpMsg
}

type cdpMsg struct {
	ID        int             `json:"id,omitempty"`
	Method    string          `json:"method,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *struct {
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

func (c *cdp) read(r *os.File) {
	br := bufio.NewReaderSize(r, 1<<20)
	for {
		b, err := br.ReadBytes(0)
		if err != nil {
			close(c.events)
			return
		}
		var m cdpMsg
		if json.Unmarshal(b[:len(b)-1], &m) != nil {
			continue
		}
		if m.ID != 0 {
			c.mu.Lock()
			ch := c.replies[m.ID]
			delete(c.replies, m.ID)
			c.mu.Unlock()
			if ch != nil {
				ch <- m
			}
			continue
		}
		c.events <- m
	}
}

// call sends a command and waits for its reply.
func (c *cdp) call(ctx context.Context, session, method string, params any) (json.RawMessage, error) {
	c.mu.Lock()
	c.nextID++
	id := c.nextID
	ch := make(chan cdpMsg, 1)
	c.replies[id] = ch
	c.mu.Unlock()
	msg := map[string]any{"id": id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	if session != "" {
		msg["sessionId"] = session
	}
	b, _ := json.Marshal(msg)
	if _, err := c.w.Write(append(b, 0)); err != nil {
		return nil, fmt.Errorf("%s: %w", method, err)
	}
	select {
	case m := <-ch:
		if m.Error != nil {
			return nil, fmt.Errorf("%s: %s", method, m.Error.Message)
		}
		return m.Result, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("%s: %w", method, ctx.Err())
	}
}

// observePage loads pageURL in a fresh headless Chromium and records what
// the browser reports about it.
func observePage(ctx context.Context, t *testing.T, chromium, pageURL string) (obs *observation, err error) {
	toChrome, ourEnd, err := os.Pipe() // Chromium reads commands on fd 3
	if err != nil {
		return nil, err
	}
	fromChrome, chromeEnd, err := os.Pipe() // and writes replies on fd 4
	if err != nil {
		return nil, err
	}
	args := append(append([]string{}, chromiumFlags...), "--user-data-dir="+t.TempDir(), "--remote-debugging-pipe", "about:blank")
	cmd := exec.CommandContext(ctx, chromium, args...)
	cmd.ExtraFiles = []*os.File{toChrome, chromeEnd}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	toChrome.Close()
	chromeEnd.Close()
	defer func() {
		ourEnd.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
		fromChrome.Close()
		if obs != nil && strings.Contains(stderr.String(), "net::ERR_") {
			obs.problems = append(obs.problems, "chromium stderr mentions a failed network load: "+grepLine(stderr.String(), "net::ERR_"))
		}
		if t.Failed() || err != nil {
			t.Logf("chromium stderr:\n%s", lastLines(stderr.String(), 40))
		}
	}()
	c := &cdp{w: ourEnd, replies: map[int]chan cdpMsg{}, events: make(chan cdpMsg, 1024)}
	go c.read(fromChrome)

	r, err := c.call(ctx, "", "Target.createTarget", map[string]any{"url": "about:blank"})
	if err != nil {
		return nil, err
	}
	var target struct {
		TargetID string `json:"targetId"`
	}
	json.Unmarshal(r, &target)
	r, err = c.call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true})
	if err != nil {
		return nil, err
	}
	var att struct {
		SessionID string `json:"sessionId"`
	}
	json.Unmarshal(r, &att)
	s := att.SessionID
	for _, m := range []string{"Page.enable", "Network.enable", "Runtime.enable", "Log.enable"} {
		if _, err := c.call(ctx, s, m, nil); err != nil {
			return nil, err
		}
	}
	obs = &observation{}
	loaded := false
	handle := func(m cdpMsg) {
		if m.SessionID != s {
			return
		}
		switch m.Method {
		case "Page.loadEventFired":
			loaded = true
		case "Network.requestWillBeSent":
			var p struct {
				Request struct {
					URL string `json:"url"`
				} `json:"request"`
			}
			json.Unmarshal(m.Params, &p)
			obs.requests = append(obs.requests, p.Request.URL)
		case "Network.loadingFailed":
			var p struct {
				ErrorText string `json:"errorText"`
			}
			json.Unmarshal(m.Params, &p)
			obs.problems = append(obs.problems, "loading failed: "+p.ErrorText)
		case "Runtime.consoleAPICalled":
			var p struct {
				Type string `json:"type"`
				Args []struct {
					Value       any    `json:"value"`
					Description string `json:"description"`
				} `json:"args"`
			}
			json.Unmarshal(m.Params, &p)
			text := fmt.Sprint(p.Args)
			switch p.Type {
			case "error", "assert":
				obs.problems = append(obs.problems, "console."+p.Type+": "+text)
			case "warning":
				obs.notes = append(obs.notes, "console.warning: "+text)
			}
		case "Runtime.exceptionThrown":
			obs.problems = append(obs.problems, "exception: "+string(m.Params))
		case "Log.entryAdded":
			var p struct {
				Entry struct {
					Level, Source, Text, URL string
				} `json:"entry"`
			}
			json.Unmarshal(m.Params, &p)
			e := p.Entry
			line := fmt.Sprintf("log %s/%s: %s %s", e.Source, e.Level, e.Text, e.URL)
			if e.Level == "error" {
				obs.problems = append(obs.problems, line)
			} else {
				obs.notes = append(obs.notes, line)
			}
		}
	}
	// Drain what arrived while enabling, then load the page.
	drain := func(until time.Time) {
		for {
			select {
			case m, ok := <-c.events:
				if !ok {
					return
				}
				handle(m)
			case <-time.After(time.Until(until)):
				return
			}
		}
	}
	if _, err := c.call(ctx, s, "Page.navigate", map[string]any{"url": pageURL}); err != nil {
		return nil, err
	}
	deadline := time.Now().Add(15 * time.Second)
	for !loaded && time.Now().Before(deadline) {
		drain(time.Now().Add(100 * time.Millisecond))
	}
	if !loaded {
		return nil, fmt.Errorf("report.html did not finish loading in 15s")
	}
	// Whatever the page would fetch late (lazy images, fonts) shows up here.
	drain(time.Now().Add(700 * time.Millisecond))
	r, err = c.call(ctx, s, "Runtime.evaluate", map[string]any{"expression": domCheck, "returnByValue": true})
	if err != nil {
		return nil, err
	}
	var ev struct {
		Result struct {
			Value string `json:"value"`
		} `json:"result"`
		ExceptionDetails json.RawMessage `json:"exceptionDetails"`
	}
	json.Unmarshal(r, &ev)
	if len(ev.ExceptionDetails) > 0 {
		return nil, fmt.Errorf("DOM check failed: %s", ev.ExceptionDetails)
	}
	if err := json.Unmarshal([]byte(ev.Result.Value), &obs.dom); err != nil {
		return nil, fmt.Errorf("DOM check: %v (%q)", err, ev.Result.Value)
	}
	drain(time.Now().Add(100 * time.Millisecond))
	c.call(ctx, "", "Browser.close", nil)
	return obs, nil
}

// screenshot takes a 1200x2400 screenshot of pageURL into path.
func screenshot(ctx context.Context, chromium, pageURL, path string) error {
	ud, err := os.MkdirTemp("", "revtrace-chromium-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(ud)
	args := append(append([]string{}, chromiumFlags...), "--user-data-dir="+ud, "--screenshot="+path, "--window-size=1200,2400",
		"--hide-scrollbars", pageURL)
	cmd := exec.CommandContext(ctx, chromium, args...)
	cmd.Dir = filepath.Dir(path)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("chromium --screenshot: %v\n%s", err, lastLines(string(out), 30))
	}
	if strings.Contains(string(out), "net::ERR_") {
		return fmt.Errorf("chromium --screenshot reports a failed network load: %s", grepLine(string(out), "net::ERR_"))
	}
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("chromium wrote no screenshot: %v\n%s", err, lastLines(string(out), 30))
	}
	return nil
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func grepLine(s, sub string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			return l
		}
	}
	return ""
}

func readPNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return png.Decode(f)
}

type shotStats struct {
	colours        int
	nonWhite, dark float64
}

// imageStats counts distinct colours (at 5 bits per channel) and the share
// of non-white and of dark (text, axes) pixels.
func imageStats(img image.Image) shotStats {
	b := img.Bounds()
	seen := map[uint32]bool{}
	var nonWhite, dark, total int
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			r, g, bl = r>>8, g>>8, bl>>8
			seen[(r>>3)<<10|(g>>3)<<5|bl>>3] = true
			if r < 245 || g < 245 || bl < 245 {
				nonWhite++
			}
			if r+g+bl < 150 {
				dark++
			}
			total++
		}
	}
	return shotStats{colours: len(seen), nonWhite: float64(nonWhite) / float64(total), dark: float64(dark) / float64(total)}
}

func crop(img image.Image, r image.Rectangle) image.Image {
	r = r.Intersect(img.Bounds())
	out := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	for y := 0; y < r.Dy(); y++ {
		for x := 0; x < r.Dx(); x++ {
			out.Set(x, y, img.At(r.Min.X+x, r.Min.Y+y))
		}
	}
	return out
}

// scaleDown scales img by num/den (< 1) with a box filter.
func scaleDown(img image.Image, num, den int) image.Image {
	b := img.Bounds()
	w, h := b.Dx()*num/den, b.Dy()*num/den
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		y0, y1 := y*den/num, max((y+1)*den/num, y*den/num+1)
		for x := range w {
			x0, x1 := x*den/num, max((x+1)*den/num, x*den/num+1)
			var r, g, bl, n uint32
			for yy := y0; yy < y1 && yy < b.Dy(); yy++ {
				for xx := x0; xx < x1 && xx < b.Dx(); xx++ {
					cr, cg, cb, _ := img.At(b.Min.X+xx, b.Min.Y+yy).RGBA()
					r, g, bl, n = r+cr>>8, g+cg>>8, bl+cb>>8, n+1
				}
			}
			out.Set(x, y, color.RGBA{uint8(r / n), uint8(g / n), uint8(bl / n), 255})
		}
	}
	return out
}

// quantize maps img to a palette of its 256 most frequent colours (the
// charts have few), which keeps the committed PNG small.
func quantize(img image.Image) image.Image {
	b := img.Bounds()
	freq := map[color.RGBA]int{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			freq[color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)]++
		}
	}
	cs := make([]color.RGBA, 0, len(freq))
	for c := range freq {
		cs = append(cs, c)
	}
	slices.SortFunc(cs, func(a, b color.RGBA) int {
		if freq[a] != freq[b] {
			return freq[b] - freq[a]
		}
		return int(uint32(a.R)<<16|uint32(a.G)<<8|uint32(a.B)) - int(uint32(b.R)<<16|uint32(b.G)<<8|uint32(b.B))
	})
	pal := make(color.Palette, 0, 256)
	for _, c := range cs[:min(256, len(cs))] {
		pal = append(pal, c)
	}
	out := image.NewPaletted(b, pal)
	cache := map[color.RGBA]uint8{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			i, ok := cache[c]
			if !ok {
				i = uint8(pal.Index(c))
				cache[c] = i
			}
			out.SetColorIndex(x, y, i)
		}
	}
	return out
}
