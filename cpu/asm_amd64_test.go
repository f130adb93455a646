//go:build amd64 && !purego

package cpu

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
)

// withISA runs f with l as the level of new Samplers.
func withISA(t *testing.T, l ISA, f func()) {
	t.Helper()
	old := CurrentISA()
	if err := SetISA(l); err != nil {
		t.Fatal(err)
	}
	defer SetISA(old)
	f()
}

// isaPositions are random points (grid-free, signed, large) and the edge
// cases: NaN on each axis, infinities, signed zeros, huge values, lattice
// points, and a count that is no multiple of any kernel's lanes.
func isaPositions() []mgl32.Vec3 {
	r := rand.New(rand.NewPCG(3, 4))
	pos := make([]mgl32.Vec3, 1013)
	for i := range pos {
		switch i % 4 {
		case 0:
			pos[i] = mgl32.Vec3{r.Float32()*64 - 32, r.Float32()*64 - 32, r.Float32()*64 - 32}
		case 1:
			pos[i] = mgl32.Vec3{float32(r.IntN(64) - 32), float32(r.IntN(64)-32) / 4, float32(r.IntN(64) - 32)}
		case 2:
			s := float32(math.Ldexp(1, r.IntN(40)))
			pos[i] = mgl32.Vec3{(r.Float32()*2 - 1) * s, (r.Float32()*2 - 1) * s, (r.Float32()*2 - 1) * s}
		default:
			pos[i] = mgl32.Vec3{r.Float32(), r.Float32(), r.Float32()}
		}
	}
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	copy(pos[17:], []mgl32.Vec3{{nan, 0, 0}, {0, nan, 0}, {0, 0, nan}, {inf, -inf, 0}, {float32(math.Copysign(0, -1)), 3e38, -3e38}, {1 << 30, -(1 << 31), 7.5}, {1 << 24, 1<<24 + 2, -(1 << 24)}})
	return pos
}

// isaConfigs are the settings each variant runs with in TestISALevels: one
// octave, several octaves with and without a domain, one octave with a
// domain that mirrors w (Samples' Dw is then −0), octaves of amplitude 1,
// every fractal mode, and a warp.
func isaConfigs(n noise.Noise, dims int) []noise.Config {
	multi := noise.DefaultSettings()
	multi.Octaves, multi.Seed, multi.Lacunarity, multi.Persistence = 3, -7, 3, 0.6
	unit := multi
	unit.Persistence = 1 // amplitude 1 in every octave, the sum 3
	dom := noise.Domain{Scale: [3]float32{2, 0.5, 1}, Rotation: [3]float32{10, 20, 30}, Translation: [3]float32{1, 2, 3}}
	mirror := noise.Domain{Scale: [3]float32{-1, 3, 0.25}, Rotation: [3]float32{0, 90, 0}, ScaleW: -2}
	cfgs := []noise.Config{
		{Noise: n, Dims: dims, Settings: noise.DefaultSettings()},
		{Noise: n, Dims: dims, Settings: multi, Domain: &dom},
		{Noise: n, Dims: dims, Settings: multi},
		{Noise: n, Dims: dims, Settings: unit},
		{Noise: n, Dims: dims, Settings: noise.DefaultSettings(), Domain: &mirror},
		{Noise: n, Dims: dims, Tiling: true, Settings: noise.DefaultSettings()},
		{Noise: n, Dims: dims, Tiling: true, Settings: multi, Domain: &dom},
	}
	for _, f := range noise.Fractals()[1:] {
		s := multi
		s.Fractal = f
		cfgs = append(cfgs, noise.Config{Noise: n, Dims: dims, Settings: s})
	}
	w := multi
	w.WarpAmplitude, w.WarpOctaves = 0.3, 2
	cfgs = append(cfgs, noise.Config{Noise: n, Dims: dims, Settings: w})
	// non-integer frequencies and lacunarities: several octaves, with a
	// domain, and one octave (ValueAt's point kernels); not for tiling
	frac := multi
	frac.Frequency, frac.Lacunarity = 2.5, 1.5
	lean := noise.DefaultSettings()
	lean.Frequency = 0.7
	cfgs = append(cfgs, noise.Config{Noise: n, Dims: dims, Settings: frac}, noise.Config{Noise: n, Dims: dims, Settings: frac, Domain: &dom},
		noise.Config{Noise: n, Dims: dims, Settings: lean})
	// a Voronoi jitter (scalar code) and jitter 1 spelled out (the kernels)
	jit, one := multi, noise.DefaultSettings()
	jit.Jitter, one.Jitter = 0.5, 1
	cfgs = append(cfgs, noise.Config{Noise: n, Dims: dims, Tiling: true, Settings: jit}, noise.Config{Noise: n, Dims: dims, Settings: one})
	if n.Parts().Family == noise.FamilyPerm { // the table is the seed's: two more
		for _, seed := range []int32{12, math.MinInt32} {
			st := multi
			st.Seed, st.Frequency = seed, 3
			cfgs = append(cfgs, noise.Config{Noise: n, Dims: dims, Settings: st}, noise.Config{Noise: n, Dims: dims, Tiling: true, Settings: st})
		}
	}
	var ok []noise.Config
	for _, c := range cfgs {
		if c.Validate() == nil {
			ok = append(ok, c)
		}
	}
	return ok
}

// TestISALevels checks that every level this CPU runs gives the scalar
// code's bits — Values, Samples and ValueAt, every variant 1D to 3D, with
// the settings of isaConfigs, at random, huge, signed-zero, infinite and
// NaN positions — and that the variants the kernels cover (and only those)
// are vectorized above ISAScalar.
func TestISALevels(t *testing.T) {
	levels := SupportedISAs()
	if len(levels) == 1 {
		t.Skip("this CPU runs the scalar level only")
	}
	pos := isaPositions()
	vectorized := map[ISA]int{}
	for _, n := range noise.Noises() {
		for dims := 1; dims <= min(3, n.MaxDims()); dims++ {
			for _, cfg := range isaConfigs(n, dims) {
				var ref *Sampler
				withISA(t, ISAScalar, func() { ref, _ = New(cfg) })
				if ref.Vectorized() {
					t.Fatalf("%v: vectorized at the scalar level", cfg)
				}
				wantV := make([]float32, len(pos))
				wantS := make([]noise.Sample, len(pos))
				mustBatch(t, ref.Values(pos, wantV))
				mustBatch(t, ref.Samples(pos, wantS))
				for _, l := range levels[1:] {
					var s *Sampler
					withISA(t, l, func() { s, _ = New(cfg) })
					if s.ISA() != l {
						t.Fatalf("%v: Sampler level %v, want %v", cfg, s.ISA(), l)
					}
					p := n.Parts()
					// the kernels compute Voronoi F1, F2 and F2 − F1 at jitter 1 only
					jittered := cfg.Settings.Jitter != 0 && cfg.Settings.Jitter != 1
					newer := p.Function == noise.FunctionF1PlusF2 || p.Function == noise.FunctionF1TimesF2 ||
						p.Function == noise.FunctionF1DivF2 || p.Function == noise.FunctionCellValue
					want := p.Metric != noise.MetricSmoothWorley && !cfg.Settings.Warped() &&
						!(p.Family == noise.FamilyVoronoi && (jittered || newer))
					if s.Vectorized() != want {
						t.Errorf("%v at %v: Vectorized() = %v, want %v", cfg, l, s.Vectorized(), want)
					}
					if s.Vectorized() {
						vectorized[l]++
					}
					got := make([]float32, len(pos))
					mustBatch(t, s.Values(pos, got))
					for i := range got {
						if math.Float32bits(got[i]) != math.Float32bits(wantV[i]) {
							t.Fatalf("%v at %v, %v: Values %v (%08x), scalar %v (%08x)", cfg, l, pos[i], got[i], math.Float32bits(got[i]), wantV[i], math.Float32bits(wantV[i]))
						}
					}
					gotS := make([]noise.Sample, len(pos))
					mustBatch(t, s.Samples(pos, gotS))
					for i := range gotS {
						if sampleBits(gotS[i]) != sampleBits(wantS[i]) {
							t.Fatalf("%v at %v, %v: Samples %v, scalar %v", cfg, l, pos[i], gotS[i], wantS[i])
						}
					}
					// short batches (below a vector, a vector and a bit,
					// off a vector boundary): the kernels run on padded
					// chunks, and the samples past the last whole vector
					// are stored by Go
					for _, k := range []int{1, 7, 9, 17, 33} {
						got, gotS := got[:k], gotS[:k]
						mustBatch(t, s.Values(pos[5:5+k], got))
						mustBatch(t, s.Samples(pos[5:5+k], gotS))
						for i := range got {
							if math.Float32bits(got[i]) != math.Float32bits(wantV[5+i]) || sampleBits(gotS[i]) != sampleBits(wantS[5+i]) {
								t.Fatalf("%v at %v, %v (batch of %d): Values %v, Samples %v, scalar %v", cfg, l, pos[5+i], k, got[i], gotS[i], wantS[5+i])
							}
						}
					}
					for i, p := range pos {
						if v := s.ValueAt(p); math.Float32bits(v) != math.Float32bits(wantV[i]) {
							t.Fatalf("%v at %v, %v: ValueAt %v, scalar %v", cfg, l, p, v, wantV[i])
						}
					}
				}
			}
		}
	}
	for _, l := range levels[1:] {
		if vectorized[l] < 200 {
			t.Errorf("only %d configurations ran through the %v kernels", vectorized[l], l)
		}
	}
}

// TestISAChoice checks the level API: names, the refusal of a level this
// CPU lacks (one line, naming what is available), and that a Sampler keeps
// the level it was made at.
func TestISAChoice(t *testing.T) {
	for i, name := range ISANames() {
		l, err := ParseISA(name)
		if err != nil || l != ISA(i) || l.String() != name {
			t.Errorf("ParseISA(%q) = %v, %v", name, l, err)
		}
	}
	if _, err := ParseISA("sse9"); err == nil {
		t.Error("ParseISA(sse9) succeeded")
	}
	if CurrentISA() != BestISA() && ISAEnvError() == nil && !isaEnvSet() {
		t.Errorf("CurrentISA() = %v, BestISA() = %v", CurrentISA(), BestISA())
	}
	if !Supported(ISAScalar) {
		t.Error("the scalar level is not supported")
	}
	for _, l := range []ISA{ISAAVX2, ISAAVX512} {
		if Supported(l) {
			continue
		}
		old := CurrentISA()
		err := SetISA(l)
		if err == nil {
			t.Fatalf("SetISA(%v) succeeded on a CPU without it", l)
		}
		if CurrentISA() != old {
			t.Errorf("a failed SetISA changed the level to %v", CurrentISA())
		}
		t.Logf("SetISA(%v): %v", l, err)
	}
	if err := SetISA(ISA(9)); err == nil {
		t.Error("SetISA(9) succeeded")
	}
	cfg := noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()}
	var s *Sampler
	withISA(t, ISAScalar, func() { s, _ = New(cfg) })
	if s.ISA() != ISAScalar || s.Vectorized() {
		t.Errorf("a scalar Sampler reports %v, vectorized %v", s.ISA(), s.Vectorized())
	}
}

func sampleBits(s noise.Sample) [5]uint32 {
	return [5]uint32{math.Float32bits(s.V), math.Float32bits(s.Dx), math.Float32bits(s.Dy), math.Float32bits(s.Dz), math.Float32bits(s.Dw)}
}
