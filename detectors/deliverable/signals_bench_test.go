package deliverable

import (
	"strings"
	"testing"

	"github.com/revtrace/revtrace/detectors/split"
)

// BenchmarkClassifyDocument runs the path most replies take: a prose body
// that is neither a letter nor code, read by every body signal.
func BenchmarkClassifyDocument(b *testing.B) {
	reply := "Sure! Here's the updated report:\n\n# Quarterly summary\n\n" +
		strings.Repeat("- Revenue grew in every region, led by the northern stores and online sales.\n", 12) +
		"\n## Outlook\n\n" + strings.Repeat("The team expects steady demand through the winter months. ", 20) +
		"\n\nLet me know if you'd like any other changes."
	p := split.Split(reply)
	b.SetBytes(int64(len(reply)))
	b.ReportAllocs()
	for b.Loop() {
		Classify(reply, p, "remove the store names from the report")
	}
}
