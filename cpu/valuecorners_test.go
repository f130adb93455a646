package cpu

import "testing"

// TestValueCornersNonZero checks the fact behind the value lattice batch
// kernels' exact shortcut for a first octave of amplitude 1, which stores
// v instead of +0 + v (internal/cmd/asmgen/widevalue.go, valueNoNegZero):
// no corner value is ±0, so no lerp of corners is −0.
func TestValueCornersNonZero(t *testing.T) {
	for a, v := range valueGrads {
		if v == 0 || v != v {
			t.Fatalf("valueGrads[%d] = %v", a, v)
		}
	}
}
