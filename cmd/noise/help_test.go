package main

import (
	"strings"
	"testing"
)

// TestNoCommand: "noise" alone is a usage error, as "go" alone is: the
// usage on stderr, nothing on stdout, exit 2; "noise help" and "noise -h"
// are asked for: the usage on stdout, exit 0.
func TestNoCommand(t *testing.T) {
	r := runBin(t, "")
	if r.code != 2 || r.stdout != "" {
		t.Errorf("noise: exit %d, stdout %q; want 2 and nothing", r.code, r.stdout)
	}
	want := []string{"Usage:", "noise <command> [flags]"}
	for _, c := range commands() {
		want = append(want, "\n  "+c.name+" ")
	}
	for _, want := range want {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("noise: stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}} {
		h := runBin(t, "", args...)
		if h.code != 0 || h.stderr != "" || h.stdout != r.stderr {
			t.Errorf("noise %s: exit %d, stderr %q; want 0 and the usage on stdout", args[0], h.code, h.stderr)
		}
	}
}
