//go:build amd64 && !purego

package cpu

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
)

// pointPositions are isaPositions and, for each, its neighbours one ulp
// away on every axis and the points on the cell boundaries of frequency 4
// (the default) just below, at and just above a multiple of 1/4, where
// the nearest cell point changes cell.
func pointPositions() []mgl32.Vec3 {
	pos := isaPositions()
	r := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 400; i++ {
		b := float32(r.IntN(64)-32) / 4
		for _, d := range []float32{b, math.Nextafter32(b, -100), math.Nextafter32(b, 100)} {
			pos = append(pos, mgl32.Vec3{d, r.Float32()*8 - 4, b}, mgl32.Vec3{r.Float32()*8 - 4, d, d})
		}
	}
	for _, p := range isaPositions()[:200] {
		for k := 0; k < 3; k++ {
			q := p
			q[k] = math.Nextafter32(q[k], float32(math.Inf(1)))
			pos = append(pos, q)
		}
	}
	return pos
}

// TestPointKernels checks ValueAt where it runs a point kernel (one octave
// without a domain, at avx2 and above: lattice and simplex 3D, Worley F1
// 2D and 3D): it must be the kernel that runs there, and its value must
// have the bits of the scalar level's At(p).V, ValueAt and Values at every
// position of pointPositions, for several seeds and frequencies (the
// smallest one, where ValueAt's unclamped shortcut stops, one below it,
// and a huge one).
func TestPointKernels(t *testing.T) {
	levels := SupportedISAs()
	if len(levels) == 1 {
		t.Skip("this CPU runs the scalar level only")
	}
	pos := pointPositions()
	cases := []struct {
		n    noise.Noise
		dims int
	}{
		{noise.Value, 3}, {noise.Perlin, 3}, {noise.Simplex, 3},
		{noise.VoronoiWorleyF1, 2}, {noise.VoronoiWorleyF1, 3},
	}
	for _, c := range cases {
		for _, freq := range []float32{4, 0.7, 1, noise.MinFrequency, 3e6} {
			for _, seed := range []int32{0, -7, math.MaxInt32} {
				st := noise.DefaultSettings()
				st.Frequency, st.Seed = freq, seed
				cfg := noise.Config{Noise: c.n, Dims: c.dims, Settings: st}
				if err := cfg.Validate(); err != nil {
					continue
				}
				var ref *Sampler
				withISA(t, ISAScalar, func() { ref, _ = New(cfg) })
				want := make([]float32, len(pos))
				mustBatch(t, ref.Values(pos, want))
				for _, l := range levels[1:] {
					var s *Sampler
					withISA(t, l, func() { s, _ = New(cfg) })
					if !s.p1.ok() {
						t.Fatalf("%v at %v: no point kernel", cfg, l)
					}
					for i, p := range pos {
						v, a, r := s.ValueAt(p), ref.At(p).V, ref.ValueAt(p)
						if math.Float32bits(v) != math.Float32bits(want[i]) || math.Float32bits(a) != math.Float32bits(want[i]) ||
							math.Float32bits(r) != math.Float32bits(want[i]) {
							t.Fatalf("%v at %v, %v: ValueAt %v (%08x), scalar Values %v (%08x), At %v, ValueAt %v",
								cfg, l, p, v, math.Float32bits(v), want[i], math.Float32bits(want[i]), a, r)
						}
					}
				}
			}
		}
	}
	// Worley F1 only at jitter 1 and not tiling; the other functions and
	// metrics keep the scalar point path
	for _, cfg := range []noise.Config{
		{Noise: noise.VoronoiWorleyF1, Dims: 3, Tiling: true, Settings: noise.DefaultSettings()},
		{Noise: noise.VoronoiWorleyF2, Dims: 2, Settings: noise.DefaultSettings()},
		{Noise: noise.VoronoiChebyshevF1, Dims: 3, Settings: noise.DefaultSettings()},
		{Noise: noise.VoronoiWorleyF1, Dims: 1, Settings: noise.DefaultSettings()},
	} {
		if cfg.Validate() != nil {
			t.Fatalf("%v: %v", cfg, cfg.Validate())
		}
		if k := simdPointFor(cfg, levels[len(levels)-1]); k.ok() {
			t.Errorf("%v: point kernel %d", cfg, k)
		}
	}
	jit := noise.DefaultSettings()
	jit.Jitter = 0.5
	if k := simdPointFor(noise.Config{Noise: noise.VoronoiWorleyF1, Dims: 3, Settings: jit}, levels[len(levels)-1]); k.ok() {
		t.Errorf("jitter 0.5: point kernel %d", k)
	}
}
