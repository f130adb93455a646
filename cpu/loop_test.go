package cpu_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
)

// loopNoises are 4D noises the looping and seamless mappings are checked
// with: smooth ones (for the derivatives) and a turbulence.
var loopNoises = []noise.Noise{noise.Simplex, noise.Perlin, noise.Value, noise.SimplexValue, noise.PerlinTurbulence, noise.PermValue}

func loopSamplers(t *testing.T) []*cpu.Sampler {
	t.Helper()
	var out []*cpu.Sampler
	for _, n := range loopNoises {
		for _, c := range []smoothConfig{smoothConfigs[0], smoothConfigs[1]} {
			out = append(out, mustSampler(t, noise.Config{Noise: n, Dims: 4, Settings: c.set, Domain: c.dom}))
		}
	}
	return out
}

// smoothNoise reports whether n's derivatives are continuous, so that a
// finite difference must match them everywhere.
func smoothNoise(n noise.Noise) bool {
	return n == noise.Simplex || n == noise.Perlin || n == noise.Value || n == noise.SimplexValue
}

// TestLoop checks the looping animation: frame n of a loop of n frames is
// frame 0 bit for bit (positions and samples, on every 4D noise), a whole
// number of loops later is the same time, the animation moves, and the
// derivatives carried through the mapping match finite differences in x,
// y, z and time.
func TestLoop(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 21))
	for _, s := range loopSamplers(t) {
		cfg := s.Config()
		l := noise.Loop{Radius: 0.75}
		for _, n := range []int{1, 7, 60} {
			for i := 0; i < 20; i++ {
				x, y, z := r.Float32()*4-2, r.Float32()*4-2, r.Float32()*4-2
				k := r.IntN(3 * n)
				p, q := l.Point(mgl32.Vec3{x, y, z}, noise.LoopFrame(k, n)), l.Point(mgl32.Vec3{x, y, z}, noise.LoopFrame(k+n, n))
				if p != q || !sameSample(s.At4(p), s.At4(q)) {
					t.Fatalf("%v: frame %d of %d at (%v, %v) is %v, frame %d is %v", cfg, k, n, x, z, p, k+n, q)
				}
				if a, b := l.Point(mgl32.Vec3{x, y, z}, noise.LoopFrame(n, n)), l.Point(mgl32.Vec3{x, y, z}, 0); a != b {
					t.Fatalf("%v: frame %d of %d is %v, frame 0 %v", cfg, n, n, a, b)
				}
			}
		}
		for _, tt := range [][2]float32{{1, 0}, {2.25, 0.25}, {-0.5, 0.5}, {3, 0}} {
			if a, b := l.Point(mgl32.Vec3{0.3, 0.1, -0.7}, tt[0]), l.Point(mgl32.Vec3{0.3, 0.1, -0.7}, tt[1]); a != b {
				t.Errorf("time %v is %v, time %v %v", tt[0], a, tt[1], b)
			}
		}
		moved := 0
		for i := 0; i < 50; i++ {
			x, z := r.Float32()*4-2, r.Float32()*4-2
			if s.ValueAt4(l.Point(mgl32.Vec3{x, 0, z}, 0)) != s.ValueAt4(l.Point(mgl32.Vec3{x, 0, z}, 0.5)) {
				moved++
			}
		}
		if moved < 40 {
			t.Errorf("%v: only %d of 50 points change over half a loop", cfg, moved)
		}
		if !smoothNoise(cfg.Noise) {
			continue
		}
		scale := topScale(cfg.Settings, cfg.Domain)
		for i := 0; i < 100; i++ {
			p, tm := mgl32.Vec3{r.Float32()*4 - 2, r.Float32()*4 - 2, r.Float32()*4 - 2}, r.Float32()
			if i%2 == 0 {
				p[1] = 0 // the plane
			}
			an := l.Sample(s.At4(l.Point(p, tm)), tm)
			h := float32(1e-3 / scale)
			fd := func(f func(d float32) float32) float64 { return float64(f(h)-f(-h)) / float64(2*h) }
			along := func(axis int) func(d float32) float32 {
				return func(d float32) float32 { q := p; q[axis] += d; return s.ValueAt4(l.Point(q, tm)) }
			}
			got := [4]float64{fd(along(0)), fd(along(1)), fd(along(2)),
				fd(func(d float32) float32 { return s.ValueAt4(l.Point(p, tm+d)) })}
			want := [4]float64{float64(an.Dx), float64(an.Dy), float64(an.Dz), float64(an.Dw)}
			norm := math.Hypot(math.Hypot(want[0], want[1]), math.Hypot(want[2], want[3]))
			for c := range want {
				if math.Abs(got[c]-want[c]) > 1e-2*math.Max(norm, 0.05*scale) {
					t.Fatalf("%v at %v, t %v: derivative %d is %v, finite differences %v (all %v)", cfg, p, tm, c, want[c], got[c], want)
				}
			}
			if an.V != s.ValueAt4(l.Point(p, tm)) {
				t.Fatalf("%v: Loop.Sample %+v", cfg, an)
			}
		}
	}
}

// TestTorus checks the seamless texture: (1, v) and (u, 1) are (0, v) and
// (u, 0) bit for bit, the noise runs on across the seam as smoothly as
// anywhere (a central difference across u = 1 ≡ 0 and across v = 1 ≡ 0
// matches the derivative there), and the derivatives carried through the
// mapping match finite differences everywhere.
func TestTorus(t *testing.T) {
	r := rand.New(rand.NewPCG(22, 22))
	for _, s := range loopSamplers(t) {
		cfg := s.Config()
		for i := 0; i < 50; i++ {
			u := r.Float32()
			if a, b := noise.TorusPoint(1, u), noise.TorusPoint(0, u); a != b || !sameSample(s.At4(a), s.At4(b)) {
				t.Fatalf("%v: (1, %v) is %v, (0, %v) %v", cfg, u, a, u, b)
			}
			if a, b := noise.TorusPoint(u, 1), noise.TorusPoint(u, 0); a != b {
				t.Fatalf("%v: (%v, 1) is %v, (%v, 0) %v", cfg, u, a, u, b)
			}
		}
		if !smoothNoise(cfg.Noise) {
			continue
		}
		scale := topScale(cfg.Settings, cfg.Domain)
		h := float32(1e-3 / scale)
		check := func(u, v float32, what string) {
			an := noise.TorusSample(s.At4(noise.TorusPoint(u, v)), u, v)
			val := func(u, v float32) float32 { return s.ValueAt4(noise.TorusPoint(u, v)) }
			// across the seam: 1 − h and h are a step of 2h apart on the torus
			du := float64(val(u+h, v)-val(u-h+1, v)) / float64(2*h)
			dv := float64(val(u, v+h)-val(u, v-h+1)) / float64(2*h)
			norm := math.Hypot(float64(an.Dx), float64(an.Dz))
			tol := 1e-2 * math.Max(norm, 0.05*scale)
			if math.Abs(du-float64(an.Dx)) > tol || math.Abs(dv-float64(an.Dz)) > tol || an.Dy != 0 || an.Dw != 0 {
				t.Fatalf("%v %s (%v, %v): derivatives %+v, finite differences %v, %v", cfg, what, u, v, an, du, dv)
			}
		}
		for i := 0; i < 40; i++ {
			check(0, r.Float32(), "seam u")
			check(r.Float32(), 0, "seam v")
			check(r.Float32(), r.Float32(), "inside")
		}
	}
}
