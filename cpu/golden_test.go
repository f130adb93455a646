package cpu_test

import (
	"testing"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/internal/appendixa"
)

func mustSampler(t testing.TB, cfg noise.Config) *cpu.Sampler {
	t.Helper()
	s, err := cpu.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestAppendixA reproduces test vectors A.1, A.2 (values of every noise,
// settings A and B), A.3 (v, dx, dy, dz) and A.7 (the PN and PS domain
// matrices and the world-space gradient) bit for bit, through At, ValueAt,
// Values and Samples (appendixa.Check, which "noise selfcheck" runs too).
func TestAppendixA(t *testing.T) {
	r, err := appendixa.Check()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range r.Failures {
		t.Error(f)
	}
	if r.Total < 4*r.Rows || r.Rows != 2*(66+6) {
		t.Errorf("%d checks over %d rows: the vectors were not all read", r.Total, r.Rows)
	}
	if ok, how := cpu.SIMD(); ok && r.Vectorized == 0 {
		t.Errorf("SIMD is on (%s) but no Appendix A row ran through the batch kernels", how)
	}
	t.Logf("%d checks; %d of %d rows through the batch kernels", r.Total, r.Vectorized, r.Rows)
}
