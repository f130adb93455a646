package cpu_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
)

// variant is one cell of the variant matrix: noise × dims × tiling.
type variant struct {
	noise  noise.Noise
	dims   int
	tiling bool
}

func (v variant) String() string {
	t := ""
	if v.tiling {
		t = "/tiling"
	}
	return fmt.Sprintf("%s/%dD%s", v.noise, v.dims, t)
}

// allVariants lists every noise at every dimension, with and without tiling
// where tiling exists.
func allVariants() []variant {
	var out []variant
	for _, n := range noise.Noises() {
		for d := 1; d <= n.MaxDims(); d++ {
			out = append(out, variant{n, d, false})
			if n.Tiling() {
				out = append(out, variant{n, d, true})
			}
		}
	}
	return out
}

// settingsSpread covers the defaults, negative and extreme seeds, frequencies
// 1–16, octaves 1–6, lacunarity 2–4 and persistence in [0, 1], and
// non-integer frequencies and lacunarities (the last two: not for tiling
// variants, fits).
var settingsSpread = []noise.Settings{
	noise.DefaultSettings(),
	{Seed: 12, Frequency: 3, Octaves: 3, Lacunarity: 2, Persistence: 0.5},
	{Seed: -123456, Frequency: 1, Octaves: 1, Lacunarity: 2, Persistence: 0.5},
	{Seed: math.MaxInt32, Frequency: 16, Octaves: 2, Lacunarity: 4, Persistence: 0.9},
	{Seed: math.MinInt32, Frequency: 5, Octaves: 6, Lacunarity: 3, Persistence: 0.25},
	{Seed: 7, Frequency: 2, Octaves: 4, Lacunarity: 2, Persistence: 0},
	{Seed: 31, Frequency: 2.5, Octaves: 3, Lacunarity: 1.5, Persistence: 0.5},
	{Seed: -3, Frequency: 0.3, Octaves: 4, Lacunarity: 2.75, Persistence: 0.7},
	{Seed: 4, Frequency: 2, Octaves: 2, Lacunarity: 2, Persistence: 0.5, Jitter: 0.3}, // Voronoi's jitter; the others ignore it
}

// fits reports whether set suits variant v: a tiling variant needs a whole
// frequency and lacunarity (noise.Config.Validate).
func fits(v variant, set noise.Settings) bool {
	whole := func(f float32) bool { return f == float32(math.Trunc(float64(f))) }
	return !v.tiling || whole(set.Frequency) && whole(set.Lacunarity)
}

var testDomain = noise.Domain{Translation: [3]float32{0.5, -1.25, 2}, Rotation: [3]float32{30, -45, 60}, Scale: [3]float32{1.5, 0.75, 2},
	TranslationW: -0.75, ScaleW: 1.25}

func vec4(p mgl32.Vec3, w float32) mgl32.Vec4 { return mgl32.Vec4{p[0], p[1], p[2], w} }

// randomPoints mixes uniform points in [-4, 4]³ with points on lattice lines
// (multiples of 1/f), just beside them, and negative zeros.
func randomPoints(r *rand.Rand, n int, f float32) []mgl32.Vec4 {
	out := make([]mgl32.Vec4, n)
	for i := range out {
		var p mgl32.Vec4
		for k := range p {
			switch r.IntN(6) {
			case 0:
				p[k] = float32(r.IntN(65)-32) / f // on a lattice line
			case 1:
				p[k] = math.Nextafter32(float32(r.IntN(65)-32)/f, float32(math.Inf(1-2*r.IntN(2))))
			case 2:
				p[k] = float32(math.Copysign(0, -1))
			default:
				p[k] = r.Float32()*8 - 4
			}
		}
		out[i] = p
	}
	return out
}

func samplerFor(t testing.TB, v variant, s noise.Settings, dom *noise.Domain) *cpu.Sampler {
	return mustSampler(t, noise.Config{Noise: v.noise, Dims: v.dims, Tiling: v.tiling, Settings: s, Domain: dom})
}

func sameFloat(a, b float32) bool { return a == b || (a != a && b != b) }

func sameSample(a, b noise.Sample) bool {
	return sameFloat(a.V, b.V) && sameFloat(a.Dx, b.Dx) && sameFloat(a.Dy, b.Dy) && sameFloat(a.Dz, b.Dz)
}

// TestRange checks every variant's values against Noise.Range over many
// points and settings (docs/algorithms.md §9.1), exactly: the clamp of the
// combine step (§2.5) and of perm-value's finish (§5.2) leaves no rounding
// excess. (Without them, points just beside lattice lines, where the
// interpolator rounds above 1, give value and perm-value noise a few ULP
// beyond ±1.) TestRangeAtCoordinateEdge checks the edge of the coordinate
// range.
func TestRange(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for _, v := range allVariants() {
		lo, hi := v.noise.Range(v.dims)
		seenLo, seenHi := float32(math.Inf(1)), float32(math.Inf(-1))
		for _, set := range settingsSpread {
			if !fits(v, set) {
				continue
			}
			s := samplerFor(t, v, set, nil)
			for _, p := range randomPoints(r, 800, float32(set.Frequency)) {
				got := valueAt4(s, p)
				if !(got >= lo && got <= hi) {
					t.Fatalf("%v settings %+v at %v = %v, outside [%v, %v]", v, set, p, got, lo, hi)
				}
				seenLo, seenHi = min(seenLo, got), max(seenHi, got)
			}
		}
		// The range must also be used, not just respected: a variant stuck
		// at a constant would pass the bound check.
		if seenHi-seenLo < 0.25*(hi-lo) {
			t.Errorf("%v spans only [%v, %v] of [%v, %v]", v, seenLo, seenHi, lo, hi)
		}
	}
}

// TestTilingPeriod checks that tiling variants repeat with period 1 along
// every used axis. The points are multiples of 1/256, so p·F and (p+1)·F
// are exact and the samples, derivatives included, must be identical.
func TestTilingPeriod(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	for _, v := range allVariants() {
		if !v.tiling {
			continue
		}
		for _, set := range settingsSpread {
			if !fits(v, set) {
				continue
			}
			s := samplerFor(t, v, set, nil)
			for i := 0; i < 100; i++ {
				var p mgl32.Vec4
				for k := range p {
					p[k] = float32(r.IntN(2049)-1024) / 256
				}
				base := at4(s, p)
				for _, axis := range usedAxes(v.dims) {
					for _, shift := range []float32{1, -1, 3} {
						q := p
						q[axis] += shift
						if got := at4(s, q); !sameSample(got, base) {
							t.Fatalf("%v settings %+v: At(%v) = %+v but At(%v) = %+v", v, set, p, base, q, got)
						}
					}
				}
			}
		}
	}
	// And a non-tiling lattice is not periodic with period 1.
	s := mustSampler(t, noise.Config{Noise: noise.Perlin, Dims: 2, Settings: noise.DefaultSettings()})
	if s.ValueAt(mgl32.Vec3{0.3, 0, 0.3}) == s.ValueAt(mgl32.Vec3{1.3, 0, 0.3}) {
		t.Error("non-tiling Perlin repeats with period 1")
	}
}

func usedAxes(dims int) []int {
	switch dims {
	case 1:
		return []int{0}
	case 2:
		return []int{0, 2}
	case 3:
		return []int{0, 1, 2}
	}
	return []int{0, 1, 2, 3}
}

// topScale is the largest lattice-units-per-position-unit factor of a
// configuration: top octave frequency × largest domain scale.
func topScale(set noise.Settings, dom *noise.Domain) float64 {
	f := float64(set.TopFrequency())
	if dom != nil {
		sw, _ := dom.WTransform()
		f *= float64(max(abs(dom.Scale[0]), abs(dom.Scale[1]), abs(dom.Scale[2]), abs(sw)))
	}
	return f
}

func abs(x float32) float32 { return float32(math.Abs(float64(x))) }

// smoothConfig is a setting for the continuity and derivative tests, with or
// without the rotated, non-uniformly scaled test domain.
type smoothConfig struct {
	set noise.Settings
	dom *noise.Domain
}

// smoothConfigs keep the top frequency moderate so that a step of 1e-4
// lattice units is far above float32 resolution at the test points; the
// second also transforms the domain, which checks the derivative matrix.
var smoothConfigs = []smoothConfig{
	{noise.DefaultSettings(), nil},
	{noise.Settings{Seed: -99, Frequency: 3, Octaves: 3, Lacunarity: 2, Persistence: 0.5}, &testDomain},
	{noise.Settings{Seed: 5, Frequency: 1, Octaves: 2, Lacunarity: 4, Persistence: 0.8}, nil},
	{noise.Settings{Seed: 6, Frequency: 2, Octaves: 2, Lacunarity: 2, Persistence: 0.5, Jitter: 0.6}, nil}, // Voronoi's jitter
	// The fractal modes (§6.4): their derivatives fold where an octave
	// crosses 0 (ridged, billow) or a ping-pong band's edge.
	{noise.Settings{Seed: 7, Frequency: 2, Octaves: 2, Lacunarity: 2, Persistence: 0.5, Fractal: noise.FractalRidged}, nil},
	{noise.Settings{Seed: 8, Frequency: 2, Octaves: 1, Lacunarity: 2, Persistence: 0.5, Fractal: noise.FractalBillow}, &testDomain},
	{noise.Settings{Seed: 9, Frequency: 1, Octaves: 3, Lacunarity: 3, Persistence: 0.6, Fractal: noise.FractalPingPong, PingPong: 1.5}, nil},
	// The domain warp (§8.7): the chain rule through its Jacobian.
	{noise.Settings{Seed: 10, Frequency: 2, Octaves: 2, Lacunarity: 2, Persistence: 0.5, WarpAmplitude: 0.2, WarpFrequency: 2, WarpOctaves: 2}, nil},
	{noise.Settings{Seed: 11, Frequency: 2, Octaves: 1, Lacunarity: 2, Persistence: 0.5, WarpAmplitude: -0.15, WarpFrequency: 1, WarpOctaves: 3, WarpMode: noise.WarpProgressive}, &testDomain},
	// Non-integer frequencies and lacunarities (not for tiling variants, fits):
	// the derivatives carry the float32 octave frequency.
	{noise.Settings{Seed: 12, Frequency: 1.75, Octaves: 3, Lacunarity: 1.9, Persistence: 0.6}, nil},
	{noise.Settings{Seed: 13, Frequency: 0.625, Octaves: 2, Lacunarity: 2.5, Persistence: 0.5, Fractal: noise.FractalRidged}, &testDomain},
}

// TestContinuity checks that every variant is continuous: moving a point by
// 1e-4 lattice units changes the value by at most 40× that (a Lipschitz
// bound no variant's slope reaches), so any jump — a seam between cells, a
// wrong neighbour, a bad tiling wrap — fails. The cell-value functions are
// steps by definition (a constant per feature point's region; their own
// test, TestVoronoiCellValue, checks that) and are left out.
func TestContinuity(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	for _, v := range allVariants() {
		if v.noise.Parts().Function == noise.FunctionCellValue {
			continue
		}
		for _, c := range smoothConfigs {
			set, dom := c.set, c.dom
			if !fits(v, set) {
				continue
			}
			s := samplerFor(t, v, set, dom)
			lip := 40.0
			if v.noise.Parts().Function == noise.FunctionF1DivF2 {
				lip = 1000 // |d(F1/F2)| ≤ 2/F2 per lattice unit: steep where F2 is small (F2 ≥ 1/500 at these points)
			}
			step := 1e-4 / topScale(set, dom)
			for i := 0; i < 300; i++ {
				var p mgl32.Vec4
				for k := range p {
					p[k] = r.Float32()*6 - 3
				}
				for _, axis := range usedAxes(v.dims) {
					q := p
					q[axis] += float32(step)
					d := math.Abs(float64(valueAt4(s, q) - valueAt4(s, p)))
					lattice := float64(q[axis]-p[axis]) * topScale(set, dom)
					if d > lip*lattice+2e-6 {
						t.Fatalf("%v settings %+v: value jumps by %v over %v lattice units at %v axis %d", v, set, d, lattice, p, axis)
					}
				}
			}
		}
	}
}

// TestDerivatives checks every variant's analytical derivatives against
// central finite differences over 2e-3 lattice units (truncation error
// ~1e-6 relative): each component within 1e-2 of the gradient's magnitude,
// or of 5% of the top frequency where the gradient is flatter than that
// (there float32 rounding of the noise value dominates any finite
// difference). The derivatives have known discontinuities (turbulence folds,
// Voronoi cell borders, Chebyshev axis switches, the Worley clamp, smooth
// Worley's window; docs/algorithms.md §11); a point within a step of one can miss. Such
// a miss is explained when the analytical derivatives at the two ends of
// the step differ and the finite difference (their average over the step)
// lies between them, or when the value itself jumps inside the step (the
// error then doubles when the step halves, or vanishes when the jump falls
// outside the halved step, whereas a wrong formula's error stays put; smooth
// Worley's log-sum-exp changes its 3×3×3 window at cell borders); at most 1% of points may miss
// without an explanation, and at most 20% with it, so the check cannot pass vacuously.
// A wrong formula misses everywhere, with both ends wrong alike.
func TestDerivatives(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	for _, v := range allVariants() {
		for _, c := range smoothConfigs {
			set, dom := c.set, c.dom
			if !fits(v, set) {
				continue
			}
			s := samplerFor(t, v, set, dom)
			scale := topScale(set, dom)
			h := float32(2e-3 / scale)
			axes := []int{0, 1, 2}
			if dom == nil || v.dims == 4 {
				axes = usedAxes(v.dims)
			}
			const points = 200
			misses, kinks, worst := 0, 0, ""
			for i := 0; i < points; i++ {
				var p mgl32.Vec4
				for k := range p {
					p[k] = r.Float32()*6 - 3
				}
				an := at4(s, p)
				grad := [4]float64{float64(an.Dx), float64(an.Dy), float64(an.Dz), float64(an.Dw)}
				norm := math.Sqrt(grad[0]*grad[0] + grad[1]*grad[1] + grad[2]*grad[2] + grad[3]*grad[3])
				tol := 1e-2 * math.Max(norm, 0.05*scale)
				for _, axis := range axes {
					qp, qm := p, p
					qp[axis] += h
					qm[axis] -= h
					fd := float64(valueAt4(s, qp)-valueAt4(s, qm)) / float64(qp[axis]-qm[axis])
					if math.Abs(fd-grad[axis]) > tol {
						lo, hi := component(at4(s, qm), axis), component(at4(s, qp), axis)
						if lo > hi {
							lo, hi = hi, lo
						}
						if hi-lo > 2*tol && fd > lo-tol && fd < hi+tol {
							kinks++
							break
						}
						qp2, qm2 := p, p
						qp2[axis] += h / 2
						qm2[axis] -= h / 2
						fd2 := float64(valueAt4(s, qp2)-valueAt4(s, qm2)) / float64(qp2[axis]-qm2[axis])
						if e, e2 := math.Abs(fd-grad[axis]), math.Abs(fd2-grad[axis]); e2 > 1.5*e || e2 < 0.5*e {
							kinks++
							break
						}
						misses++
						worst = fmt.Sprintf("at %v d/d%c = %v analytically, %v by finite differences (gradient %v)",
							p, "xyzw"[axis], grad[axis], fd, grad)
						break
					}
				}
				if dom == nil {
					// Axes the noise does not use have zero derivatives.
					for axis := 0; axis < 4; axis++ {
						if !contains(usedAxes(v.dims), axis) && grad[axis] != 0 {
							t.Fatalf("%v: derivative along unused axis %d is %v", v, axis, grad[axis])
						}
					}
				}
			}
			if misses*100 > 1*points || kinks*100 > 20*points {
				t.Errorf("%v settings %+v: %d of %d points disagree with finite differences (%d more next to a kink); e.g. %s",
					v, set, misses, points, kinks, worst)
			}
		}
	}
}

func component(s noise.Sample, axis int) float64 {
	return float64([4]float32{s.Dx, s.Dy, s.Dz, s.Dw}[axis])
}

func contains(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// edgePoints are positions that stress the implementation: lattice points,
// negative zero, the documented coordinate limit, beyond it, infinities and
// NaN.
func edgePoints() []mgl32.Vec4 {
	inf := float32(math.Inf(1))
	nan := float32(math.NaN())
	negz := float32(math.Copysign(0, -1))
	return []mgl32.Vec4{
		{0, 0, 0, 0}, {negz, negz, negz, negz}, {1, 2, 3, 4}, {-1, -2, -3, -4},
		{0.25, -0.75, 1.5, -2.5}, {1 << 20, -(1 << 20), 1 << 20, 3},
		{1<<24 - 1, 1 << 24, -(1 << 24), 1 << 24}, {1 << 26, 1 << 30, -(1 << 31), 1 << 31},
		{1e30, -1e30, 3e38, -3e38}, {inf, -inf, inf, 1}, {-inf, 0.5, inf, -inf},
		{nan, 0, 0, 0}, {0, nan, 0, 0}, {0, 0, nan, 0}, {0, 0, 0, nan},
	}
}

// TestBatchMatchesSinglePoint checks that Samples, Values, Samples4 and
// Values4 give exactly At, ValueAt, At4 and ValueAt4 at every point, for any
// GOMAXPROCS (on an AVX2 CPU this also compares the batch kernels with
// the scalar code), and that the value path is bit-identical to the
// sample path's v.
func TestBatchMatchesSinglePoint(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	r := rand.New(rand.NewPCG(5, 5))
	n := 6500 // enough for three workers
	if testing.Short() {
		n = 4200
	}
	pts4 := append(edgePoints(), randomPoints(r, n, 4)...)
	pts3 := make([]mgl32.Vec3, len(pts4))
	for i, p := range pts4 {
		pts3[i] = p.Vec3()
	}
	for vi, v := range allVariants() {
		// One octave without a domain is the lean path (ValueAt's single
		// call, the 2D value functions preparing their own input).
		lean := noise.Settings{Seed: -7, Frequency: 3, Octaves: 1, Lacunarity: 2, Persistence: 0.5}
		// A fractal mode, one per variant in turn (one octave: not lean).
		modes := noise.Fractals()[1:]
		shaped := noise.Settings{Seed: 21, Frequency: 2, Octaves: 1 + vi%2, Lacunarity: 2, Persistence: 0.5, Fractal: modes[vi%len(modes)], PingPong: 0.5 * float32(vi%3), Jitter: []float32{0, 1, 0.4, 0.05}[vi%4]}
		if vi%2 == 0 { // and a warp, both modes in turn
			shaped.WarpAmplitude, shaped.WarpFrequency, shaped.WarpOctaves, shaped.WarpMode = 0.3, 3, 2, noise.WarpMode(vi/2%2)
		}
		// A non-integer frequency and lacunarity (not for tiling variants, fits),
		// with the domain in turn.
		frac := noise.Settings{Seed: 33, Frequency: 2.5, Octaves: 1 + vi%3, Lacunarity: 1.5, Persistence: 0.6}
		for si, set := range []noise.Settings{settingsSpread[1], {Seed: math.MinInt32, Frequency: 5, Octaves: 2, Lacunarity: 3, Persistence: 0.25}, lean, shaped, frac} {
			if !fits(v, set) {
				continue
			}
			var dom *noise.Domain
			if si == 1 || si == 4 && vi%2 == 1 {
				dom = &testDomain
			}
			s := samplerFor(t, v, set, dom)
			single := make([]noise.Sample, len(pts4))
			for i, p := range pts4 {
				if v.dims < 4 {
					p = vec4(pts3[i], 0)
				}
				single[i] = at4(s, p)
				if vo := valueAt4(s, p); math.Float32bits(vo) != math.Float32bits(single[i].V) && !(vo != vo && single[i].V != single[i].V) {
					t.Fatalf("%v: ValueAt4(%v) = %v (%08x) but At4(...).V = %v (%08x)", v, p, vo, math.Float32bits(vo), single[i].V, math.Float32bits(single[i].V))
				}
				if v.dims < 4 && i%16 == 0 {
					if a := s.At(pts3[i]); !sameSample(a, single[i]) {
						t.Fatalf("%v: At and At4 disagree at %v", v, pts3[i])
					}
				}
				if v.dims < 4 {
					q := pts3[i]
					calls := map[string]float32{"ValueAt": s.ValueAt(q)}
					if v.dims <= 2 { // ValueAt2 is for 1D and 2D noise
						calls["ValueAt2"] = s.ValueAt2(q[0], q[2])
					}
					for name, vo := range calls {
						want := single[i].V
						if name == "ValueAt2" && dom != nil { // (x, 0, z) differs from q
							want = s.At(mgl32.Vec3{q[0], 0, q[2]}).V
						}
						if math.Float32bits(vo) != math.Float32bits(want) && !(vo != vo && want != want) {
							t.Fatalf("%v: %s(%v) = %v (%08x) but At(...).V = %v (%08x)", v, name, q, vo, math.Float32bits(vo), want, math.Float32bits(want))
						}
					}
				}
			}
			samples := make([]noise.Sample, len(pts4))
			values := make([]float32, len(pts4))
			for _, procs := range []int{1, 3, 8} {
				runtime.GOMAXPROCS(procs)
				if v.dims == 4 {
					must(t, s.Samples4(pts4, samples))
					must(t, s.Values4(pts4, values))
				} else {
					must(t, s.Samples(pts3, samples))
					must(t, s.Values(pts3, values))
				}
				for i := range single {
					if !sameSample(samples[i], single[i]) {
						t.Fatalf("%v GOMAXPROCS=%d point %d: Samples %+v, At %+v", v, procs, i, samples[i], single[i])
					}
					if math.Float32bits(values[i]) != math.Float32bits(single[i].V) && !(values[i] != values[i] && single[i].V != single[i].V) {
						t.Fatalf("%v GOMAXPROCS=%d point %d %v: Values %v (%08x), At %v (%08x)", v, procs, i, pts4[i], values[i], math.Float32bits(values[i]), single[i].V, math.Float32bits(single[i].V))
					}
				}
			}
		}
	}
}

// TestExtremeInputs checks the documented input policy: finite input never
// gives NaN (beyond 2^24 the result is defined and finite), NaN in a used
// coordinate gives NaN in every component, and nothing panics.
func TestExtremeInputs(t *testing.T) {
	for _, v := range allVariants() {
		for si, set := range settingsSpread {
			if !fits(v, set) {
				continue
			}
			var dom *noise.Domain
			if si%2 == 1 {
				dom = &testDomain
			}
			s := samplerFor(t, v, set, dom)
			for _, p := range edgePoints() {
				got := at4(s, p)
				nanIn := false
				for _, axis := range usedAxes(v.dims) {
					if dom != nil && axis < 3 {
						nanIn = nanIn || p[0] != p[0] || p[1] != p[1] || p[2] != p[2]
					}
					nanIn = nanIn || p[axis] != p[axis]
				}
				c := []float32{got.V, got.Dx, got.Dy, got.Dz}
				for k, x := range c {
					if nanIn && x == x {
						t.Fatalf("%v settings %+v: NaN input %v gave %+v", v, set, p, got)
					}
					if !nanIn && (x != x || math.IsInf(float64(x), 0) && k == 0) {
						t.Fatalf("%v settings %+v domain %v: finite-or-Inf input %v gave %+v", v, set, dom != nil, p, got)
					}
				}
			}
		}
	}
}

// TestUnusedAxesIgnored checks that 1D noise ignores y and z and 2D noise
// ignores y: docs/algorithms.md §0.
func TestUnusedAxesIgnored(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 6))
	for _, v := range allVariants() {
		if v.dims > 2 {
			continue
		}
		s := samplerFor(t, v, settingsSpread[1], nil)
		for i := 0; i < 50; i++ {
			p := mgl32.Vec4{r.Float32() * 4, r.Float32() * 4, r.Float32() * 4, r.Float32() * 4}
			q := p
			q[1], q[3] = -7, 9
			if v.dims == 1 {
				q[2] = 5
			}
			if a, b := at4(s, p), at4(s, q); !sameSample(a, b) {
				t.Fatalf("%v depends on an unused axis: %v vs %v", v, p, q)
			}
		}
	}
}
