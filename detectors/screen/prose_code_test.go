package screen

import (
	"strings"
	"testing"
)

// TestProseBlanksLogsAndBlockOpeners: log lines that open with a time stamp
// and Python block openers are code, so a pasted log or loop leaves only the
// user's own words as prose; prose that looks a little like them stays.
func TestProseBlanksLogsAndBlockOpeners(t *testing.T) {
	cases := []struct {
		turn, want string
	}{
		{"this crashes now:\n2023-04-16 04:20:46.472 29555-29578 HostConnection  D  get() established\n2023-04-16 04:21:23.153 29555-29555 Process I Sending signal. PID: 29555",
			"this crashes now:"},
		{"[12:03:44] INFO starting worker\n[12:03:45] WARN retrying in 5 s\nit never finishes",
			"it never finishes"},
		{"my loop:\nfor height in range (96,416,4):\n    for width in range(210,302,4):\n        voted_pixel = 0\nis slow",
			"my loop: is slow"},
		// prose that shares a shape with them
		{"for example:\nif you want it shorter:\nmake it two lines", "for example: if you want it shorter: make it two lines"},
		{"2023-04-16 is the deadline, please add it", "2023-04-16 is the deadline, please add it"},
	}
	for _, c := range cases {
		if got := strings.Join(strings.Fields(Prose(c.turn)), " "); got != c.want {
			t.Errorf("Prose(%q) = %q, want %q", c.turn, got, c.want)
		}
	}
}
