package split

import "testing"

func TestMoreRunes(t *testing.T) {
	texts := []string{"", "a", "ab", "é", "éé", "中文字", "a\xffb", "\xff\xfe", "abcdé中\xff"}
	for _, s := range texts {
		for n := 0; n <= 12; n++ {
			if got, want := moreRunes(s, n), runeCount(s) > n; got != want {
				t.Errorf("moreRunes(%q, %d) = %v, want %v", s, n, got, want)
			}
		}
	}
}
