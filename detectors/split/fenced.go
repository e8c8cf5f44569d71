package split

import "strings"

// shellLangs are info strings of fences that hold commands for a terminal
// (or none at all), the fences a side instruction comes in.
var shellLangs = map[string]bool{
	"": true, "bash": true, "sh": true, "shell": true, "zsh": true, "fish": true, "console": true,
	"terminal": true, "cmd": true, "bat": true, "batch": true, "powershell": true, "ps": true, "ps1": true,
	"pwsh": true, "env": true, "dotenv": true, "text": true, "txt": true, "plaintext": true, "none": true,
	"sh-session": true, "shellscript": true, "cli": true, "shell-session": true, "command": true,
}

// fenced returns the parts of a reply whose deliverable is code: the body
// runs from the content of the first deliverable fence to the content of
// the last. It declines (false) when the reply has no fence with content,
// or when the fences sit inside a prose deliverable (a letter, or a
// document with its own headings).
func (d *doc) fenced() (Parts, bool) {
	var fs []int
	for i := range d.units {
		if u := &d.units[i]; u.kind == kFence && u.inner.End > u.inner.Start {
			fs = append(fs, i)
		}
	}
	if len(fs) == 0 {
		return Parts{}, false
	}
	lo, hi := 0, len(fs)-1
	for hi > lo && d.proseBetween(fs[hi-1], fs[hi]) && d.sideFence(fs[hi], fs[lo:hi]) {
		hi--
	}
	for lo < hi && d.proseBetween(fs[lo], fs[lo+1]) && d.sideFence(fs[lo], fs[lo+1:hi+1]) {
		lo++
	}
	first, last := fs[lo], fs[hi]
	if d.proseDeliverable(first, last) {
		return Parts{}, false
	}
	return Parts{Mode: ModeFenced, Body: &Span{Start: d.units[first].inner.Start, End: d.units[last].inner.End}}, true
}

// proseBetween reports whether a prose line separates units a and b.
func (d *doc) proseBetween(a, b int) bool {
	for k := a + 1; k < b; k++ {
		if d.units[k].kind == kText {
			return true
		}
	}
	return false
}

// fenceSize is the rune count of a fence's content.
func (d *doc) fenceSize(i int) int {
	u := &d.units[i]
	return runeCount(d.text[u.inner.Start:u.inner.End])
}

// sideFence reports whether fence unit i holds only a side instruction: a
// few shell commands (install, set a variable, run) next to a deliverable
// that is program code or configuration at least twice its size. When every
// fence is commands, the commands are the deliverable.
func (d *doc) sideFence(i int, others []int) bool {
	if !d.commands(i, 4) {
		return false
	}
	size := d.fenceSize(i)
	if size > 400 {
		return false
	}
	for _, o := range others {
		if d.fenceSize(o) >= 2*size && !d.commands(o, 1<<30) {
			return true
		}
	}
	return false
}

// commands reports whether fence unit i holds only shell commands (and
// comments), at most max of them.
func (d *doc) commands(i, max int) bool {
	u := &d.units[i]
	if !shellLangs[u.fence.Lang] {
		return false
	}
	cmds := 0
	for _, l := range strings.FieldsFunc(d.text[u.inner.Start:u.inner.End], func(r rune) bool { return r == '\n' || r == '\r' }) {
		l = strings.TrimSpace(l)
		switch {
		case l == "":
			continue
		case strings.HasPrefix(l, "#") && !sideCmdRe.MatchString(l), strings.HasPrefix(l, "//"), strings.HasPrefix(l, "REM "), strings.HasPrefix(l, "::"):
			continue // a comment
		case !sideCmdRe.MatchString(l):
			return false
		}
		cmds++
		if cmds > max {
			return false
		}
	}
	return cmds > 0
}

// proseDeliverable reports whether the fences between units first and last
// belong to a prose deliverable: a letter (a subject line or salutation
// before them, a sign-off after), or a document that opens with its own
// title and goes on with sections of its own after the first fence.
func (d *doc) proseDeliverable(first, last int) bool {
	for k := 0; k < first; k++ {
		if d.units[k].f&(fSubject|fSalutation) != 0 {
			return true
		}
	}
	for k := last + 1; k < len(d.units); k++ {
		if d.units[k].f&fSignoff != 0 {
			return true
		}
	}
	// the first line that is not preface narration
	k := 0
	for k < first && (d.units[k].kind == kRule || d.prefaceNarr(k)) {
		k++
	}
	if k >= first || !d.units[k].isTitle() || codeLabelRe.MatchString(d.cue(k)) {
		return false
	}
	for m := first + 1; m < len(d.units); m++ {
		u := &d.units[m]
		if u.kind != kText || !u.isTitle() {
			continue
		}
		c := d.cue(m)
		if !explainLabelRe.MatchString(c) && !codeLabelRe.MatchString(c) && !changeLeadRe.MatchString(c) {
			return true
		}
	}
	return false
}
