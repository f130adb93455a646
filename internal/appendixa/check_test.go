package appendixa

import (
	"strings"
	"testing"

	"github.com/noiselab/noise/cpu"
)

// TestCheck: package cpu reproduces every vector, and Check counts one
// check per A.1/A.2 row and point, per A.3 row and three per A.7 point.
func TestCheck(t *testing.T) {
	values, _ := ValueCases()
	derivs, _ := DerivCases()
	domains, _ := DomainCases()
	r, err := Check()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range r.Failures {
		t.Error(f)
	}
	if want := 4*len(values) + len(derivs) + 3*len(domains); r.Total != want || r.Rows != len(values) {
		t.Errorf("%d checks over %d rows, want %d over %d", r.Total, r.Rows, want, len(values))
	}
	if ok, how := cpu.SIMD(); ok && r.Vectorized == 0 {
		t.Errorf("SIMD is on (%s) but no Appendix A row ran through the batch kernels", how)
	}
	t.Logf("%d checks; %d of %d rows through the batch kernels", r.Total, r.Vectorized, r.Rows)
}

// TestCheckFails: a vector one bit off, a derivative one ulp off and a
// world-space gradient one ulp off are each reported, naming the row.
func TestCheckFails(t *testing.T) {
	saved := Text
	defer func() { Text = saved }()
	for _, tt := range []struct{ old, new, want string }{
		{"| Perlin | 2 | yes | BDDDB2A7 |", "| Perlin | 2 | yes | BDDDB2A6 |", "A.1 perlin 2D tiling=yes p0 At: got BDDDB2A7"},
		{"| Value 3D | 0.443353832, -7.45138884,", "| Value 3D | 0.443353832, -7.4513893,", "A.3 value 3D p0 At: got v,dx,dy,dz = (0.443353832, -7.45138884,"},
		{"world-space grad=(10.8127575,", "world-space grad=(10.8127584,", "A.7 PS-matrix p1 world-space gradient At: got (10.8127575,"},
	} {
		if !strings.Contains(saved, tt.old) {
			t.Fatalf("the vectors lack %q", tt.old)
		}
		Text = strings.Replace(saved, tt.old, tt.new, 1)
		r, err := Check()
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Failures) != 1 || !strings.HasPrefix(r.Failures[0], tt.want) {
			t.Errorf("%q → %q: failures %q, want one starting %q", tt.old, tt.new, r.Failures, tt.want)
		}
	}
}
