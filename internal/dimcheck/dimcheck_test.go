package dimcheck

import (
	"strings"
	"testing"

	"github.com/noiselab/noise"
)

// TestErr: each mismatch names the call, the variant and the call to use;
// the fitting calls give nil.
func TestErr(t *testing.T) {
	cfg := func(d int) noise.Config { return noise.Config{Noise: noise.Perlin, Dims: d} }
	for _, c := range []struct {
		call string
		n    int
		dims int
		want []string // empty: nil
	}{
		{"Values4", 4, 3, []string{"cpu: Values4", "perlin 3D", "use Values "}},
		{"At4", 4, 1, []string{"cpu: At4", "perlin 1D", "reads x:", "use At "}},
		{"Values", 3, 4, []string{"cpu: Values ", "perlin 4D", "use Values4"}},
		{"At2", 2, 3, []string{"cpu: At2", "perlin 3D", "use At"}},
		{"ValueAt2", 2, 4, []string{"cpu: ValueAt2", "perlin 4D", "use ValueAt4"}},
		{"Values4", 4, 4, nil},
		{"Values", 3, 1, nil},
		{"Values", 3, 3, nil},
		{"At2", 2, 1, nil},
		{"At2", 2, 2, nil},
	} {
		err := Err("cpu", c.call, c.n, cfg(c.dims))
		if len(c.want) == 0 {
			if err != nil {
				t.Errorf("%s on %dD: %v, want nil", c.call, c.dims, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s on %dD: nil error", c.call, c.dims)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) || strings.Contains(err.Error(), "\n") {
				t.Errorf("%s on %dD: %q lacks %q", c.call, c.dims, err, w)
			}
		}
	}
}
