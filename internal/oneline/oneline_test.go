package oneline

import "testing"

func TestFormat(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", ""},
		{"one line", "one line"},
		{"  padded  ", "padded"},
		{"0:3(1): error: x\n0:4(2): error: y\n", "0:3(1): error: x | 0:4(2): error: y"},
		{"a\r\nb\rc\n\n\nd", "a | b | c | d"},
	} {
		if got := Format(tt.in); got != tt.want {
			t.Errorf("Format(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
