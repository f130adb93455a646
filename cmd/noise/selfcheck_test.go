package main

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/noiselab/noise/internal/appendixa"
)

// TestSelfcheck checks that "noise selfcheck" passes and prints one summary
// line with the number of checks: one per A.1/A.2 row and point, one per
// A.3 row and point, three per A.7 point.
func TestSelfcheck(t *testing.T) {
	values, err := appendixa.ValueCases()
	if err != nil {
		t.Fatal(err)
	}
	derivs, err := appendixa.DerivCases()
	if err != nil {
		t.Fatal(err)
	}
	domains, err := appendixa.DomainCases()
	if err != nil {
		t.Fatal(err)
	}
	n := 4*len(values) + len(derivs) + 3*len(domains)
	r := runIn("", "selfcheck")
	mustOK(t, r, "selfcheck")
	re := regexp.MustCompile(fmt.Sprintf(`^selfcheck: %d of %d Appendix A checks pass \(cpu reference, (GOAMD64=v\d|GOARCH=\w+[^,]*), SIMD kernels (on|off) [^\n]*\)\n$`, n, n))
	if !re.MatchString(r.stdout) {
		t.Errorf("selfcheck printed %q, want one line matching %s", r.stdout, re)
	}
	if want := fmt.Sprintf("SIMD kernels %s", map[bool]string{true: "on", false: "off"}[simdInUse()]); !regexp.MustCompile(want).MatchString(r.stdout) {
		t.Errorf("selfcheck printed %q, want %q", r.stdout, want)
	}
}
