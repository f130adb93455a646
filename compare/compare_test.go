package compare

import (
	"math"
	"strings"
	"testing"

	"github.com/noiselab/noise"
)

var (
	nan    = float32(math.NaN())
	inf    = float32(math.Inf(1))
	negZ   = float32(math.Copysign(0, -1))
	one    = float32(1)
	oneUp  = math.Float32frombits(0x3F800001) // 1 + 1 ULP
	oneDn  = math.Float32frombits(0x3F7FFFFF) // 1 − 1 ULP
	tiny   = math.Float32frombits(1)          // the smallest denormal
	negTny = -tiny
)

func TestULP(t *testing.T) {
	for _, c := range []struct {
		a, b float32
		want uint32
	}{
		{1, 1, 0}, {0, negZ, 0}, {one, oneUp, 1}, {oneDn, oneUp, 2}, {tiny, negTny, 2}, {0, tiny, 1},
		{nan, nan, 0}, {nan, 1, math.MaxUint32}, {1, nan, math.MaxUint32}, {inf, inf, 0},
		{-1, 1, 2 * 0x3F800000},
	} {
		if got := ULP(c.a, c.b); got != c.want {
			t.Errorf("ULP(%g, %g) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestAllows(t *testing.T) {
	tol := Tolerance{Abs: 1e-3, Rel: 0.5}
	for _, c := range []struct {
		want, got float32
		ok        bool
	}{
		{1, 1.5, true}, {1, 1.502, false}, {0, 0.0009, true}, {0, 0.0011, false}, {0, negZ, true},
		{nan, nan, true}, {nan, 0, false}, {0, nan, false}, {inf, inf, true}, {inf, 1e30, false}, {1e30, inf, false},
		{float32(math.Inf(-1)), inf, false},
	} {
		if got := tol.Allows(c.want, c.got); got != c.ok {
			t.Errorf("Allows(%g, %g) = %v, want %v", c.want, c.got, got, c.ok)
		}
	}
	if !Exact.Value.Allows(0, negZ) || Exact.Value.Allows(one, oneUp) {
		t.Error("Exact must allow ±0 and nothing else")
	}
}

// TestStats: every statistic on a hand-made buffer.
func TestStats(t *testing.T) {
	want := []float32{1, 2, 0, -4, nan, 8}
	got := []float32{1, 2.5, negZ, -4.001, nan, 8}
	r := Values(want, got, Policy{Value: Tolerance{Abs: 0.01}})
	s := r.Stats[0]
	if s.N != 6 || s.Over != 1 || s.Worst != 1 || s.Want != 2 || s.Got != 2.5 || r.Pass() {
		t.Errorf("N %d over %d worst %d (%g vs %g) pass %v", s.N, s.Over, s.Worst, s.Want, s.Got, r.Pass())
	}
	if s.MaxAbs != 0.5 || s.MaxRel != 0.25 || math.Abs(s.MeanAbs-(0.5+float64(float32(4.001)-4))/5) > 1e-9 {
		t.Errorf("max abs %g, max rel %g, mean abs %g", s.MaxAbs, s.MaxRel, s.MeanAbs)
	}
	if s.MaxULP != ULP(2, 2.5) {
		t.Errorf("max ULP %d, want %d", s.MaxULP, ULP(2, 2.5))
	}
	if w := r.Worst(func(i int) string { return "p" }); !strings.Contains(w, "v at index 1 (p): want 2, got 2.5") {
		t.Errorf("Worst: %q", w)
	}

	// A lone NaN fails and is the worst entry even beside a large error.
	r = Values([]float32{0, 1}, []float32{5, nan}, Policy{Value: Tolerance{Abs: 10}})
	if r.Pass() || r.Stats[0].Worst != 1 || r.Stats[0].Over != 1 {
		t.Errorf("lone NaN: pass %v worst %d over %d", r.Pass(), r.Stats[0].Worst, r.Stats[0].Over)
	}
	// Within tolerance everywhere: the worst is the largest ULP distance.
	r = Values([]float32{1, 1}, []float32{oneUp, 1}, Policy{Value: Tolerance{Abs: 1}})
	if !r.Pass() || r.Stats[0].Worst != 0 || r.MaxULP() != 1 {
		t.Errorf("pass %v worst %d max ULP %d", r.Pass(), r.Stats[0].Worst, r.MaxULP())
	}
	if e := Values(nil, nil, Exact); e.Stats[0].Worst != -1 || !e.Pass() {
		t.Error("an empty comparison passes and has no worst entry")
	}
}

// TestSamples: derivatives use the derivative tolerance, per component.
func TestSamples(t *testing.T) {
	want := []noise.Sample{{V: 0.5, Dx: 10, Dy: 0, Dz: -3}}
	got := []noise.Sample{{V: 0.5, Dx: 10.05, Dy: 0, Dz: -3.2}}
	r := Samples(want, got, Policy{Value: Tolerance{Abs: 1e-6}, Deriv: Tolerance{Abs: 0.01, Rel: 0.01}})
	if r.Components != 5 || !r.Stats[1].Pass() || r.Stats[3].Pass() || r.Over() != 1 {
		t.Errorf("components %d, dx pass %v, dz pass %v, over %d", r.Components, r.Stats[1].Pass(), r.Stats[3].Pass(), r.Over())
	}
	if !strings.HasPrefix(r.Worst(nil), "dz at index 0") {
		t.Errorf("Worst: %q", r.Worst(nil))
	}
}

// TestPolicyFor is docs/algorithms.md §11 with the top frequency and domain scale.
func TestPolicyFor(t *testing.T) {
	s := noise.Settings{Seed: 1, Frequency: 3, Octaves: 3, Lacunarity: 2, Persistence: 0.5} // top frequency 12
	p := PolicyFor(noise.Config{Noise: noise.Perlin, Dims: 3, Settings: s, Domain: &noise.Domain{Scale: [3]float32{1, -4, 2}}})
	if p.Value.Abs != 2e-6 || p.Deriv.Rel != 1e-5 || math.Abs(p.Deriv.Abs-1e-5*12*4) > 1e-15 {
		t.Errorf("perlin: %+v", p)
	}
	p = PolicyFor(noise.Config{Noise: noise.VoronoiWorleySmoothLSE, Dims: 2, Settings: s})
	if p.Value.Abs != 1e-5 || math.Abs(p.Deriv.Abs-1e-4*12) > 1e-15 {
		t.Errorf("smooth Worley: %+v", p)
	}
	s.Fractal, s.PingPong = noise.FractalPingPong, 1.5 // gain 3
	p = PolicyFor(noise.Config{Noise: noise.Perlin, Dims: 3, Settings: s})
	if math.Abs(p.Value.Abs-6e-6) > 1e-18 || math.Abs(p.Deriv.Abs-1e-5*12*3) > 1e-15 || p.Deriv.Rel != 1e-5 {
		t.Errorf("ping-pong 1.5: %+v", p)
	}
}

// TestMatrix: the variant list and the sets are what verify promises.
func TestMatrix(t *testing.T) {
	vs := Variants()
	if len(vs) != 164 {
		t.Errorf("%d variants, want 164", len(vs))
	}
	for _, v := range vs {
		if err := v.Config(SettingsCases()[0]).Validate(); err != nil {
			t.Errorf("%s: %v", v, err)
		}
	}
	for _, sc := range SettingsCases() {
		if err := (noise.Config{Noise: noise.Perlin, Dims: 3, Settings: sc.Settings, Domain: sc.Domain}).Validate(); err != nil {
			t.Errorf("%s: %v", sc.Name, err)
		}
	}
	sets := PositionSets(100, 1)
	names := []string{}
	for _, s := range sets {
		names = append(names, s.Name)
		if len(s.Pos) < 64 {
			t.Errorf("set %s has %d positions", s.Name, len(s.Pos))
		}
	}
	if strings.Join(names, ",") != "plane,sphere,box,lattice,large,special" {
		t.Errorf("sets %v", names)
	}
	for _, p := range sets[3].Pos { // lattice lines: multiples of 1/16
		for _, c := range p {
			if c*16 != float32(math.Round(float64(c*16))) {
				t.Fatalf("lattice point %v is not on a 1/16 line", p)
			}
		}
	}
	neg := false
	for _, p := range sets[2].Pos {
		neg = neg || p[0] < 0
	}
	if !neg {
		t.Error("the box has no negative coordinates")
	}
}
