//go:build amd64 && !purego

package cpu

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
)

// TestScalarFallback makes Samplers as on a CPU without AVX2 and checks
// that they stay scalar and give the assembly's bits (Values, Samples and
// ValueAt): every variant the
// kernels cover (and only those) is vectorized on this CPU, and the two
// agree on random, huge, signed-zero, infinite and NaN positions, with one
// octave and with three octaves and a domain.
func TestScalarFallback(t *testing.T) {
	if !cpuAVX2 {
		t.Skip("this CPU has no AVX2: every test runs the scalar code")
	}
	r := rand.New(rand.NewPCG(3, 4))
	pos := make([]mgl32.Vec3, 997) // not a multiple of 8: the tail is scalar
	for i := range pos {
		pos[i] = mgl32.Vec3{r.Float32()*64 - 32, r.Float32()*64 - 32, r.Float32()*64 - 32}
	}
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	copy(pos, []mgl32.Vec3{{nan, 0, 0}, {0, nan, 0}, {0, 0, nan}, {inf, -inf, 0}, {-0.0, 3e38, -3e38}, {1 << 30, -(1 << 31), 7.5}})
	multi := noise.DefaultSettings()
	multi.Octaves, multi.Seed = 3, -7
	dom := noise.Domain{Scale: [3]float32{2, 0.5, 1}, Rotation: [3]float32{10, 20, 30}, Translation: [3]float32{1, 2, 3}}
	vectorized := 0
	for _, n := range noise.Noises() {
		for dims := 1; dims <= n.MaxDims(); dims++ {
			for _, cfg := range []noise.Config{
				{Noise: n, Dims: dims, Settings: noise.DefaultSettings()},
				{Noise: n, Dims: dims, Settings: multi, Domain: &dom},
				{Noise: n, Dims: dims, Tiling: true, Settings: noise.DefaultSettings()},
				{Noise: n, Dims: dims, Tiling: true, Settings: multi, Domain: &dom},
			} {
				if cfg.Tiling && cfg.Validate() != nil {
					continue // simplex and perm-value noise have no tiling lattice
				}
				p := n.Parts()
				want := dims <= 3 && p.Family != noise.FamilyPerm && p.Metric != noise.MetricSmoothWorley
				vec, err := New(cfg)
				if err != nil {
					t.Fatal(err)
				}
				if vec.Vectorized() != want {
					t.Errorf("%v: Vectorized() = %v, want %v", cfg, vec.Vectorized(), want)
				}
				if !want {
					continue
				}
				vectorized++
				cpuAVX2 = false
				sc, err := New(cfg)
				cpuAVX2 = true
				if err != nil {
					t.Fatal(err)
				}
				if sc.Vectorized() {
					t.Fatalf("%v: vectorized without AVX2", cfg)
				}
				a, b := make([]float32, len(pos)), make([]float32, len(pos))
				vec.Values(pos, a)
				sc.Values(pos, b)
				for i := range a {
					if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
						t.Fatalf("%v at %v: assembly %v (%08x), scalar %v (%08x)", cfg, pos[i], a[i], math.Float32bits(a[i]), b[i], math.Float32bits(b[i]))
					}
				}
				for _, p := range pos {
					if va, vb := vec.ValueAt(p), sc.ValueAt(p); math.Float32bits(va) != math.Float32bits(vb) {
						t.Fatalf("%v at %v: ValueAt: assembly %v, scalar %v", cfg, p, va, vb)
					}
				}
				sa, sb := make([]noise.Sample, len(pos)), make([]noise.Sample, len(pos))
				vec.Samples(pos, sa)
				sc.Samples(pos, sb)
				for i := range sa {
					if sampleBits(sa[i]) != sampleBits(sb[i]) {
						t.Fatalf("%v at %v: Samples: assembly %v, scalar %v", cfg, pos[i], sa[i], sb[i])
					}
				}
			}
		}
	}
	if vectorized < 100 {
		t.Errorf("only %d configurations ran through the assembly", vectorized)
	}
}

func sampleBits(s noise.Sample) [4]uint32 {
	return [4]uint32{math.Float32bits(s.V), math.Float32bits(s.Dx), math.Float32bits(s.Dy), math.Float32bits(s.Dz)}
}
