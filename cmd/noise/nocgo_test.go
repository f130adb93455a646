package main

import (
	"math"
	"strings"
	"testing"

	"github.com/noiselab/noise/internal/appendixa"
	"github.com/noiselab/noise/internal/gobuild"
)

// TestNoCgo builds the command with CGO_ENABLED=0 (Go alone, no C
// compiler, no GL): sample works on the CPU and prints the reference's
// values, and -backend gpu is refused in one line that says how to get it.
func TestNoCgo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command again (-short)")
	}
	bin := gobuild.Command(t, ".", "CGO_ENABLED=0")
	// Appendix A.1's Perlin 3D row (settings A) at its four points, on
	// the CPU.
	cases, err := appendixa.ValueCases()
	if err != nil {
		t.Fatal(err)
	}
	var c *appendixa.ValueCase
	for i := range cases {
		if cases[i].Table == "A.1" && cases[i].Noise == "perlin" && cases[i].Dims == 3 && !cases[i].Tiling {
			c = &cases[i]
		}
	}
	if c == nil {
		t.Fatal("Appendix A.1 has no Perlin 3D row")
	}
	r := execBin(t, bin, "", nil, appendixInput(1), append([]string{"sample", "-noise", "perlin", "-dims", "3"}, settingsArgs(c.Settings)...)...)
	got := strings.Fields(r.stdout)
	if r.code != 0 || len(got) != 4 {
		t.Fatalf("sample: exit %d, stdout %q, stderr %q; want 4 values", r.code, r.stdout, r.stderr)
	}
	for i, s := range got {
		if v := parse32(t, s); math.Float32bits(v) != c.Want[i] {
			t.Errorf("point %d: %s (bits %#08x), want bits %#08x", i, s, math.Float32bits(v), c.Want[i])
		}
	}
	r = execBin(t, bin, "", nil, "0.1 0.2 0.3\n", "sample", "-noise", "perlin", "-backend", "gpu")
	checkOneLineError(t, "CGO_ENABLED=0 -backend gpu", r, "noise sample: no GPU: ", "CGO_ENABLED=0", "cgo", "libegl-dev")
	if r.stdout != "" {
		t.Errorf("-backend gpu: stdout %q, want nothing", r.stdout)
	}
}
