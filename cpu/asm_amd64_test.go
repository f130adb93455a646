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
	// cell centres at frequencies 4·3^k, where the points of a tiny
	// Voronoi jitter sit: F1 = F2 = 0 (F1/F2's 0/0), and ties
	copy(pos[40:], []mgl32.Vec3{{0.125, 0.375, -0.625}, {0.875, 0.125, 0.125}, {-1.125, 2.375, 0.625}, {3.625, -0.375, -2.125}})
	return pos
}

// isaPositions4 are isaPositions with a fourth coordinate of the same
// kinds (random, on the lattice, large, in [0, 1)), and NaN, infinities
// and signed zeros in w too.
func isaPositions4() []mgl32.Vec4 {
	r := rand.New(rand.NewPCG(5, 6))
	p3 := isaPositions()
	pos := make([]mgl32.Vec4, len(p3))
	for i, p := range p3 {
		var w float32
		if i%7 == 6 { // on the lattice in three axes or four: zero offsets, signed zeros
			p = mgl32.Vec3{float32(r.IntN(9) - 4), float32(r.IntN(9) - 4), float32(r.IntN(9)-4) / float32(1+r.IntN(2))}
			pos[i] = mgl32.Vec4{p[0], p[1], p[2], float32(r.IntN(17)-8) / float32(1+3*r.IntN(2))}
			continue
		}
		switch i % 5 {
		case 0:
			w = r.Float32()*64 - 32
		case 1:
			w = float32(r.IntN(64)-32) / 2
		case 2:
			w = (r.Float32()*2 - 1) * float32(math.Ldexp(1, r.IntN(40)))
		case 3:
			w = p[0] // on the diagonal: ties among the simplex fractions
		default:
			w = r.Float32()
		}
		pos[i] = mgl32.Vec4{p[0], p[1], p[2], w}
	}
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	copy(pos[40:], []mgl32.Vec4{{0, 0, 0, nan}, {1, 2, 3, inf}, {-1, 0.5, 2, -inf}, {0, 0, 0, float32(math.Copysign(0, -1))},
		{float32(math.Copysign(0, -1)), float32(math.Copysign(0, -1)), float32(math.Copysign(0, -1)), float32(math.Copysign(0, -1))},
		{1 << 30, 3, -(1 << 31), 1 << 29}, {1 << 24, 1<<24 + 2, -(1 << 24), 1<<24 + 4}, {0.5, 0.5, 0.5, 0.5}})
	return pos
}

// checkISA4 is TestISALevels for a 4D configuration: Values4, Samples4 and
// ValueAt4 at level l give the scalar Sampler ref's bits.
func checkISA4(t *testing.T, cfg noise.Config, l ISA, s, ref *Sampler) {
	t.Helper()
	pos := isaPositions4()
	wantV := make([]float32, len(pos))
	wantS := make([]noise.Sample, len(pos))
	mustBatch(t, ref.Values4(pos, wantV))
	mustBatch(t, ref.Samples4(pos, wantS))
	got := make([]float32, len(pos))
	gotS := make([]noise.Sample, len(pos))
	mustBatch(t, s.Values4(pos, got))
	mustBatch(t, s.Samples4(pos, gotS))
	for i := range got {
		if math.Float32bits(got[i]) != math.Float32bits(wantV[i]) {
			t.Fatalf("%v at %v, %v: Values4 %v (%08x), scalar %v (%08x)", cfg, l, pos[i], got[i], math.Float32bits(got[i]), wantV[i], math.Float32bits(wantV[i]))
		}
		if sampleBits(gotS[i]) != sampleBits(wantS[i]) {
			t.Fatalf("%v at %v, %v: Samples4 %v, scalar %v", cfg, l, pos[i], gotS[i], wantS[i])
		}
		if v := s.ValueAt4(pos[i]); math.Float32bits(v) != math.Float32bits(wantV[i]) {
			t.Fatalf("%v at %v, %v: ValueAt4 %v, scalar %v", cfg, l, pos[i], v, wantV[i])
		}
	}
	// short batches: padded chunks, whose samples Go stores
	for _, k := range []int{1, 7, 9, 17, 33} {
		got, gotS := got[:k], gotS[:k]
		mustBatch(t, s.Values4(pos[35:35+k], got))
		mustBatch(t, s.Samples4(pos[35:35+k], gotS))
		for i := range got {
			if math.Float32bits(got[i]) != math.Float32bits(wantV[35+i]) {
				t.Fatalf("%v at %v, %v (batch of %d): Values4 %v, scalar %v", cfg, l, pos[35+i], k, got[i], wantV[35+i])
			}
			if sampleBits(gotS[i]) != sampleBits(wantS[35+i]) {
				t.Fatalf("%v at %v, %v (batch of %d): Samples4 %v, scalar %v", cfg, l, pos[35+i], k, gotS[i], wantS[35+i])
			}
		}
	}
}

// isaConfigs are the settings each variant runs with in TestISALevels: one
// octave, several octaves with and without a domain, one octave with a
// domain that mirrors w (Samples' Dw is then −0), octaves of amplitude 1,
// every fractal mode, and warps (both modes, with a domain, tiling, a
// fractal mode, negative and huge amplitudes).
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
	// more warps (the simplex-value kernels move the positions): the
	// progressive mode, with a domain, tiling, fractal modes, a negative
	// amplitude under a mirroring domain, the largest amplitude with four
	// warp octaves, one octave of noise
	prog := w
	prog.WarpMode, prog.WarpOctaves, prog.WarpFrequency = noise.WarpProgressive, 3, 2
	ridged, pingPong := prog, w
	ridged.Fractal, pingPong.Fractal = noise.Fractals()[1], noise.Fractals()[len(noise.Fractals())-1]
	neg := noise.DefaultSettings()
	neg.WarpAmplitude, neg.WarpOctaves, neg.WarpMode = -0.7, 2, noise.WarpProgressive
	big := multi
	big.WarpAmplitude, big.WarpOctaves, big.WarpFrequency = noise.MaxWarpAmplitude, 4, 3
	bigProg := big
	bigProg.WarpMode = noise.WarpProgressive
	cfgs = append(cfgs,
		noise.Config{Noise: n, Dims: dims, Settings: prog},
		noise.Config{Noise: n, Dims: dims, Settings: prog, Domain: &dom},
		noise.Config{Noise: n, Dims: dims, Tiling: true, Settings: prog},
		noise.Config{Noise: n, Dims: dims, Tiling: true, Settings: w, Domain: &dom},
		noise.Config{Noise: n, Dims: dims, Settings: ridged},
		noise.Config{Noise: n, Dims: dims, Settings: pingPong},
		noise.Config{Noise: n, Dims: dims, Settings: neg, Domain: &mirror},
		noise.Config{Noise: n, Dims: dims, Settings: big},
		noise.Config{Noise: n, Dims: dims, Settings: bigProg})
	// non-integer frequencies and lacunarities: several octaves, with a
	// domain, and one octave (ValueAt's point kernels); not for tiling
	frac := multi
	frac.Frequency, frac.Lacunarity = 2.5, 1.5
	lean := noise.DefaultSettings()
	lean.Frequency = 0.7
	cfgs = append(cfgs, noise.Config{Noise: n, Dims: dims, Settings: frac}, noise.Config{Noise: n, Dims: dims, Settings: frac, Domain: &dom},
		noise.Config{Noise: n, Dims: dims, Settings: lean})
	// Voronoi jitters (the Jitter and Cell kernels): 0.5 tiling, and
	// without tiling 0.5 ridged, a small one (points near the centres:
	// near ties) ping-pong, a denormal one (every point at the centre
	// but for the last bit: ties between a cell's two points and across
	// cells), and jitter 1 spelled out
	jit, one := multi, noise.DefaultSettings()
	jit.Jitter, one.Jitter = 0.5, 1
	ridged, small, tiny := jit, multi, noise.DefaultSettings()
	ridged.Fractal = noise.FractalRidged
	small.Jitter, small.Fractal, small.PingPong = 0.05, noise.FractalPingPong, 1.5
	tiny.Jitter = 1e-40
	cfgs = append(cfgs, noise.Config{Noise: n, Dims: dims, Tiling: true, Settings: jit}, noise.Config{Noise: n, Dims: dims, Settings: one},
		noise.Config{Noise: n, Dims: dims, Settings: ridged}, noise.Config{Noise: n, Dims: dims, Settings: small},
		noise.Config{Noise: n, Dims: dims, Settings: tiny}, noise.Config{Noise: n, Dims: dims, Tiling: true, Settings: tiny})
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
// code's bits — Values, Samples and ValueAt, every variant 1D to 3D (and
// Values4, Samples4 and ValueAt4 in 4D: checkISA4), with
// the settings of isaConfigs, at random, huge, signed-zero, infinite and
// NaN positions — and that the variants the kernels cover (and only those)
// are vectorized above ISAScalar.
func TestISALevels(t *testing.T) {
	levels := SupportedISAs()
	if len(levels) == 1 {
		t.Skip("this CPU runs the scalar level only")
	}
	pos := isaPositions()
	vectorized, vectorized4 := map[ISA]int{}, map[ISA]int{}
	for _, n := range noise.Noises() {
		for dims := 1; dims <= min(4, n.MaxDims()); dims++ {
			for _, cfg := range isaConfigs(n, dims) {
				var ref *Sampler
				withISA(t, ISAScalar, func() { ref, _ = New(cfg) })
				if ref.Vectorized() {
					t.Fatalf("%v: vectorized at the scalar level", cfg)
				}
				if dims == 4 {
					p := n.Parts()
					// 4D: the lattice, simplex and perm-value kernels
					// (values and derivatives), warped too
					want := p.Family == noise.FamilyLattice || p.Family == noise.FamilySimplex || p.Family == noise.FamilyPerm
					for _, l := range levels[1:] {
						var s *Sampler
						withISA(t, l, func() { s, _ = New(cfg) })
						if s.Vectorized() != want {
							t.Errorf("%v at %v: Vectorized() = %v, want %v", cfg, l, s.Vectorized(), want)
						}
						if s.Vectorized() {
							vectorized4[l]++
						}
						checkISA4(t, cfg, l, s, ref)
					}
					continue
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
					// the kernels compute every Voronoi function at every
					// jitter; smooth Worley's Values and Samples (warped
					// too) in 1D, 2D and 3D but the cell value
					// (smoothKernelFor)
					want := p.Metric != noise.MetricSmoothWorley || p.Function != noise.FunctionCellValue
					if s.Vectorized() != want {
						t.Errorf("%v at %v: Vectorized() = %v, want %v", cfg, l, s.Vectorized(), want)
					}
					if p.Metric == noise.MetricSmoothWorley && s.smoothSamples() != want {
						t.Errorf("%v at %v: Samples through the smooth Worley kernels: %v, want %v", cfg, l, s.smoothSamples(), want)
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
		if vectorized4[l] < 40 {
			t.Errorf("only %d 4D configurations ran through the %v kernels", vectorized4[l], l)
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

// TestBatchStaysInBounds: Values, Samples, Values4 and Samples4 write
// nothing past the end of out, whatever the batch length. The kernels
// run whole iterations of up to four vectors (64 lanes), more than the
// padding of a short chunk to whole vectors: a kernel that wrote into out
// directly for such a chunk would run past it. Lengths of whole vectors
// but not whole iterations, and a whole chunk plus such a tail, at every
// level, for every noise (3D or 4D).
func TestBatchStaysInBounds(t *testing.T) {
	const guard = 80
	sentinel := float32(-12345.5)
	lengths := []int{8, 16, 24, 40, 48, 56, 72, 248, batchChunk + 24, batchChunk + 40}
	for _, l := range SupportedISAs()[1:] {
		for _, n := range noise.Noises() {
			for _, d := range []int{2, 3, min(n.MaxDims(), 4)} {
				cfg := noise.Config{Noise: n, Dims: d, Settings: noise.DefaultSettings()}
				var s *Sampler
				var err error
				withISA(t, l, func() { s, err = New(cfg) })
				if err != nil {
					t.Fatal(err)
				}
				for _, m := range lengths {
					vals := make([]float32, m+guard)
					samples := make([]noise.Sample, m+guard)
					for i := range vals {
						vals[i], samples[i] = sentinel, noise.Sample{V: sentinel}
					}
					if d == 4 {
						pos := make([]mgl32.Vec4, m)
						for i := range pos {
							pos[i] = mgl32.Vec4{float32(i) * 0.37, 0.5, float32(i) * 0.11, 0.25}
						}
						mustBatch(t, s.Values4(pos, vals[:m]))
						mustBatch(t, s.Samples4(pos, samples[:m]))
					} else {
						pos := make([]mgl32.Vec3, m)
						for i := range pos {
							pos[i] = mgl32.Vec3{float32(i) * 0.37, 0.5, float32(i) * 0.11}
						}
						mustBatch(t, s.Values(pos, vals[:m]))
						mustBatch(t, s.Samples(pos, samples[:m]))
					}
					for i := m; i < m+guard; i++ {
						if vals[i] != sentinel || samples[i] != (noise.Sample{V: sentinel}) {
							t.Fatalf("%v at %v, %d positions: element %d past the end of out was written (%v, %v)", cfg, l, m, i, vals[i], samples[i])
						}
					}
				}
			}
		}
	}
}
