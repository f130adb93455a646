package cpu

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
	"github.com/noiselab/noise/internal/dimcheck"
)

// variantParams is what a noise function needs besides the position, the
// octave hash and the octave frequency. It is fixed when a Sampler is made.
type variantParams struct {
	// leanW: the hash words of a lean 2D register twin (lean2DWords),
	// which reads them at vp + leanWOffset (asmgen/pointlean2s.go); set
	// by valueAtFunc where it gives one, else unused. First: at offset 0.
	leanW    [8]uint32
	dims     int
	tiling   bool
	grad     noise.Gradient
	comb     noise.Combiner
	metric   noise.Metric
	function noise.Function
	perm     *[512]uint8
	// Voronoi jitter (docs/algorithms.md §4.1): a cell point's coordinate
	// F becomes (F·jitter) + jitterC, jitterC = (1 − jitter)·0.5; jit is
	// false for jitter 1, where the points are F itself (F·1 + 0 is F).
	jit             bool
	jitter, jitterC float32
}

// point is a position; 1D noise uses x, 2D x and z, 3D x, y and z, and 4D
// noise all four.
type point struct{ x, y, z, w float32 }

type sampleFunc func(vp *variantParams, h SmallXXHash, p point, f float32) noise.Sample
type valueFunc func(vp *variantParams, h SmallXXHash, p point, f float32) float32

// sampleFuncs and valueFuncs are indexed by family and dims−1.
var sampleFuncs = [4][4]sampleFunc{
	noise.FamilyLattice: {lattice1D, lattice2D, lattice3D, lattice4D},
	noise.FamilySimplex: {simplex1D, simplex2D, simplex3D, simplex4D},
	noise.FamilyVoronoi: {voronoi1D, voronoi2D, voronoi3D},
	noise.FamilyPerm:    {permSample1D, permSample2D, permSample3D, permSample4D},
}

var valueFuncs = [4][4]valueFunc{
	noise.FamilyLattice: {latticeValue1D, latticeValue2D, latticeValue3D, latticeValue4D},
	noise.FamilySimplex: {simplexValue1D, simplexValue2D, simplexValue3D, simplexValue4D},
	noise.FamilyVoronoi: {voronoiValue1D, voronoiValue2D, voronoiValue3D}, // smooth Worley: valueFromSample
	noise.FamilyPerm:    {permValue1D, permValue2D, permValue3D, permValue4D},
}

// Sampler evaluates one noise variant. It is immutable and safe for
// concurrent use.
type Sampler struct {
	cfg     noise.Config
	vp      variantParams
	sample  sampleFunc
	value   valueFunc
	at3     valueFunc      // ValueAt's one call (valueAtFunc), or a panic for 4D noise (dimsGuard)
	at2     valueFunc      // ValueAt2's: at3, or a panic for 3D and 4D noise
	at4     valueFunc      // ValueAt4's: valueAtFunc's for 4D noise, else a panic
	atVP    *variantParams // &vp, one inlining unit cheaper in ValueAt
	fits    [5]bool        // fits[n]: calls with n-component positions suit the variant (dimcheck.Fits)
	hash    SmallXXHash
	oct     octaves
	domain  bool
	tr      transform
	isa     ISA          // the level of the kernels below (CurrentISA at New)
	bk      batchKernel  // the batch value kernel and its derivative twin, if the level has them
	bmode   int32        // bk's mode word (batchMode)
	sk      smoothKernel // smooth Worley's kernel of Values, if the level has one (bk is none then)
	p1      point1       // the assembly kernel of one position, for valueAt
	f0      float32      // the first octave's frequency
	atF     float32      // the frequency argument of at2, at3 and at4: f0, or f0·regScale for a simplex register kernel
	raw     bool         // lean 2D, with a value function that prepares its input (inLattice, clampLattice)
	lean    bool         // one octave, no domain, fBm: sampleAt and valueAt skip the loop
	fractal noise.Fractal
	pp      float32 // the ping-pong strength in effect
	warp    *warp   // the domain warp, or nil
	nanAxes uint8   // the coordinates that make the result NaN (nanAxesOf)
}

// New validates cfg and returns a Sampler for it.
func New(cfg noise.Config) (*Sampler, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	parts := cfg.Noise.Parts()
	s := &Sampler{
		cfg: cfg,
		vp: variantParams{
			dims: cfg.Dims, tiling: cfg.Tiling, grad: parts.Gradient, comb: parts.Combiner,
			metric: parts.Metric, function: parts.Function,
		},
		sample: sampleFuncs[parts.Family][cfg.Dims-1],
		value:  valueFuncs[parts.Family][cfg.Dims-1],
		hash:   Seed(cfg.Settings.Seed),
		oct:    octavesOf(cfg.Settings),
	}
	if parts.Family == noise.FamilyPerm {
		s.vp.perm = PermValueTable(cfg.Settings.Seed)
	}
	if parts.Family == noise.FamilyVoronoi {
		if j := cfg.Settings.JitterAmount(); j != 1 {
			s.vp.jit, s.vp.jitter, s.vp.jitterC = true, j, float32((1-j)*0.5)
		}
	}
	if parts.Metric == noise.MetricSmoothWorley || voronoiScalarOnly(cfg) {
		// smooth Worley's value needs the whole smooth-minimum state; the
		// value paths (and kernels) know neither jitter nor the newer functions
		s.value = valueFromSample(s.sample)
	}
	s.isa = CurrentISA()
	s.bk = batchKernelFor(cfg, s.isa)
	s.sk = smoothKernelFor(cfg, s.isa)
	s.bmode = batchMode(&s.vp, cfg.Settings.Fractal)
	s.p1 = simdPointFor(cfg, s.isa)
	s.lean = cfg.Settings.Octaves == 1 && cfg.Domain == nil && cfg.Settings.Fractal == noise.FractalFBm && !cfg.Settings.Warped()
	if cfg.Settings.Warped() {
		s.warp = newWarp(cfg)
	}
	s.fractal, s.pp = cfg.Settings.Fractal, cfg.Settings.PingPongStrength()
	s.f0 = s.oct.freq[0]
	s.raw = s.lean && cfg.Dims == 2 && parts.Metric != noise.MetricSmoothWorley && !voronoiScalarOnly(cfg) &&
		(parts.Family == noise.FamilyLattice || parts.Family == noise.FamilySimplex || parts.Family == noise.FamilyVoronoi)
	at, k := s.valueAtFunc()
	s.atF = float32(s.f0 * k) // regScale: f0 itself where k is 1
	s.at2, s.at3, s.at4 = s.dimsGuard(at, "ValueAt2", 2), s.dimsGuard(at, "ValueAt", 3), s.dimsGuard(at, "ValueAt4", 4)
	s.atVP = &s.vp
	for n := 2; n <= 4; n++ {
		s.fits[n] = dimcheck.Fits(n, cfg.Dims)
	}
	s.nanAxes = nanAxesOf(cfg)
	if cfg.Domain != nil {
		d := *cfg.Domain // a copy: the caller may reuse theirs
		s.cfg.Domain = &d
		s.domain = true
		s.tr = newTransform(&d)
	}
	return s, nil
}

// voronoiScalarOnly reports whether cfg is a Voronoi variant whose single
// positions only the sample path computes: the functions after F2 − F1
// (F1 + F2, F1·F2, F1/F2, the cell value) and every jitter other than 1.
// The value-only functions compute F1, F2 and F2 − F1 at jitter 1; the
// batch kernels (amd64) every function at every jitter.
func voronoiScalarOnly(cfg noise.Config) bool {
	p := cfg.Noise.Parts()
	return p.Family == noise.FamilyVoronoi && (p.Function > noise.FunctionF2MinusF1 || cfg.Settings.JitterAmount() != 1)
}

func valueFromSample(f sampleFunc) valueFunc {
	return func(vp *variantParams, h SmallXXHash, p point, fr float32) float32 { return f(vp, h, p, fr).V }
}

// SIMD reports whether new Samplers evaluate batches in vector assembly
// (the current ISA level is above ISAScalar), with a short explanation
// either way. The results are the same bits in both cases.
func SIMD() (ok bool, how string) { return simdStatus(CurrentISA()) }

// Vectorized reports whether Values and Samples (Values4 and Samples4 for
// 4D noise) run this Sampler's variant through the vector kernels (every
// variant stays scalar at ISAScalar; a domain warp runs through the
// simplex-value kernels before the noise's). 2D and 3D smooth Worley
// (but its cell value) runs through its own kernels, Values and Samples
// alike, warped or not.
func (s *Sampler) Vectorized() bool { return s.bk.ok() || s.sk.ok() }

// ISA returns the instruction-set level the Sampler runs at.
func (s *Sampler) ISA() ISA { return s.isa }

// Config returns the configuration the Sampler was made with.
func (s *Sampler) Config() noise.Config { return s.cfg }

// clampInput limits an input coordinate to ±inputLimit.
func clampInput(c float32) float32 { return clampMag(c, inputLimit) }

// usesNaN reports whether a coordinate that the noise or the domain
// transform uses is NaN. (The transform cannot make a NaN of numbers:
// Domain.Validate bounds every product below 2^97.)
func (s *Sampler) usesNaN(p point) bool {
	return (b2u8(isNaN32(p.x))|b2u8(isNaN32(p.y))<<1|b2u8(isNaN32(p.z))<<2|b2u8(isNaN32(p.w))<<3)&s.nanAxes != 0
}

// nanAxesOf is the set of coordinates (bits x, y, z, w) that a variant or
// its domain transform reads.
func nanAxesOf(cfg noise.Config) uint8 {
	axes := [5]uint8{1: 0b0001, 2: 0b0101, 3: 0b0111, 4: 0b1111}[cfg.Dims]
	if cfg.Domain != nil {
		axes |= 0b0111
	}
	return axes
}

func b2u8(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// prepare reports whether every coordinate the noise or the domain uses is
// a number, then clamps the input and applies the domain transform.
func (s *Sampler) prepare(p point) (point, bool) {
	if s.usesNaN(p) {
		return p, false
	}
	p = point{clampInput(p.x), clampInput(p.y), clampInput(p.z), clampInput(p.w)}
	if s.domain {
		q := s.tr.apply([3]float32{p.x, p.y, p.z})
		p.x, p.y, p.z, p.w = q[0], q[1], q[2], s.tr.applyW(p.w)
	}
	return p, true
}

var nan32 = float32(math.NaN())

// nanSample is the result of a NaN input: NaN in every component.
var nanSample = noise.Sample{V: nan32, Dx: nan32, Dy: nan32, Dz: nan32, Dw: nan32}

// The 2D value functions accept the position as the caller gave it (a
// lean 2D sampler's ValueAt calls them directly, valueAtFunc): prepare's
// NaN test and clamp to ±inputLimit are folded into the clamp of their
// lattice coordinates X = x·k and Z = z·k, written out in each as
//
//	X, Z := float32(p.x*k), float32(p.z*k)
//	if !inLattice(X, Z) {
//		if X != X || Z != Z {
//			return nan32
//		}
//		X, Z = clampLattice(X), clampLattice(Z)
//	}
//
// (a helper returning an ok flag cost a materialised flag and a second
// branch on the usual path). k is f or f/√3 with f ≥ 1, finite and above
// 2^−35, so x·k is NaN only for a NaN x, and for |x| > inputLimit
// (infinities included) both x·k and clampInput(x)·k are beyond
// ±coordLimit with x's sign: clampCoord(x·k) is clampCoord(clampInput(x)·k)
// for every number. The usual case is inLattice's one range test.

// clampLattice is clampCoord for a number, in fewer inlining units (off the
// usual path, so min and max cost nothing): the 2D value functions must
// stay leaves, or they would spill registers around a call.
func clampLattice(c float32) float32 { return min(max(c, -coordLimit), coordLimit) }

// inLattice reports whether |X| and |Z| are at most coordLimit (false for
// a NaN), in one unsigned comparison of the magnitudes' bits: for
// non-negative floats, and NaN above the infinities, the bits order as the
// values.
func inLattice(X, Z float32) bool {
	return max(math.Float32bits(X)&^signMask, math.Float32bits(Z)&^signMask) <= coordLimitBits
}

// coordLimitBits is math.Float32bits(coordLimit).
const coordLimitBits = (127 + 29) << 23

// sampleAt is GetFractalNoise (docs/algorithms.md §6) followed by the
// derivative matrix, for a call with n-component positions (2: At2, 3: At,
// 4: At4): it panics when those do not suit the variant (the batches
// check before). The check is here, not in At, At2 and At4, so that they
// stay small enough to inline.
func (s *Sampler) sampleAt(p point, n int) noise.Sample {
	if !s.fits[n] {
		s.mismatch([...]string{2: "At2", 3: "At", 4: "At4"}[n], n)
	}
	if s.lean {
		if s.usesNaN(p) {
			return nanSample
		}
		p = point{clampInput(p.x), clampInput(p.y), clampInput(p.z), clampInput(p.w)}
		// One octave: (0 + n·1) / 1 is 0 + n, component by component.
		return sampleAdd(noise.Sample{}, s.sample(&s.vp, s.hash, p, s.oct.freq[0]))
	}
	p, ok := s.prepare(p)
	if !ok {
		return nanSample
	}
	var J [3][3]float32
	if s.warp != nil {
		p, J = s.warp.warpApply(p)
	}
	var sum noise.Sample
	for o := 0; o < s.oct.n; o++ {
		n := s.sample(&s.vp, s.hash.Add(int32(o)), p, s.oct.freq[o])
		if s.fractal != noise.FractalFBm {
			n = shapeSample(s.fractal, n, s.pp)
		}
		sum = sampleAdd(sum, sampleScale(n, s.oct.amp[o]))
	}
	r := sampleDiv(sum, s.oct.ampSum)
	if s.warp != nil {
		d := warpDerivative(&J, [3]float32{r.Dx, r.Dy, r.Dz})
		r.Dx, r.Dy, r.Dz = d[0], d[1], d[2]
	}
	if s.domain {
		d := s.tr.applyDerivative([3]float32{r.Dx, r.Dy, r.Dz})
		r.Dx, r.Dy, r.Dz, r.Dw = d[0], d[1], d[2], float32(r.Dw*s.tr.sw)
	}
	return r
}

// dimsGuard returns at when calls with n-component positions suit the
// variant, and otherwise a function that panics with the mismatch
// (dimcheck.Err) naming call: the single-point value calls check the
// dimensions at no cost per call.
func (s *Sampler) dimsGuard(at valueFunc, call string, n int) valueFunc {
	err := dimcheck.Err("cpu", call, n, s.cfg)
	if err == nil {
		return at
	}
	return func(*variantParams, SmallXXHash, point, float32) float32 { panic(err.Error()) }
}

// check returns nil when calls with n-component positions suit the
// variant, else the mismatch naming call.
func (s *Sampler) check(call string, n int) error {
	if s.fits[n] {
		return nil
	}
	return dimcheck.Err("cpu", call, n, s.cfg)
}

// mismatch panics with the mismatch of call (check's error).
//
//go:noinline
func (s *Sampler) mismatch(call string, n int) { panic(s.check(call, n).Error()) }

// valueAt is sampleAt reduced to the value, bit-identical to sampleAt(p).V,
// for 1D to 3D noise: the function valueAtFunc chose (at3 panics on 4D
// noise; values4Range calls at4).
func (s *Sampler) valueAt(p point) float32 { return s.at3(s.atVP, s.hash, p, s.atF) }

// valueAtFunc returns the function behind valueAt and ValueAt, called as
// at(&s.vp, s.hash, p, s.atF), and the factor k of its frequency argument,
// s.atF = f0·k (regScale: 1 but for the simplex register kernels). Go inlines ValueAt only with a single call in
// it (its cost is 80, the budget: keep it to that call), and a call saved
// is a tenth of a 2D sample, so each case is one function:
//   - a lean 2D sampler (raw): the value function itself, which prepares
//     p (inLattice, clampLattice) and returns 0 + v, as the octave sum does (it turns
//     −0 into +0; in the octave loop the sum starts at +0, so the 0 +
//     there changes nothing);
//   - a lean 3D sampler with a point kernel: the kernel's lean twin,
//     which tests for NaN itself (point1.lean), or, for the combine
//     steps, the kernel after prepare;
//   - another lean sampler: prepare, then the value function;
//   - otherwise valueOctaves.
//
// (Not inlined: in a copy of it inlined into New, Go inlined nothing in the
// closures' bodies.)
//
//go:noinline
func (s *Sampler) valueAtFunc() (valueFunc, float32) {
	if s.lean && s.p1.ok() {
		if at, k := s.p1.lean(s.vp.comb, s.f0, s.isa); at != nil {
			return at, k
		}
	}
	if s.raw {
		if at, k, w := lean2D(s.cfg, s.isa, s.hash); at != nil {
			s.vp.leanW = w // the hash words it reads (lean2DWords)
			return at, k   // latticeValue2D or simplexValue2D in assembly (asm_amd64.go)
		}
	}
	switch {
	case s.raw:
		return s.value, 1
	case s.lean && s.p1.ok(): // 3D without a domain: prepare reads x, y and z
		k, comb := s.p1, s.vp.comb
		return func(_ *variantParams, h SmallXXHash, p point, f float32) float32 {
			if isNaN32(p.x) || isNaN32(p.y) || isNaN32(p.z) {
				return nan32
			}
			p = point{clampInput(p.x), clampInput(p.y), clampInput(p.z), 0}
			return 0 + combineValue(comb, k.run(p, uint32(h), f))
		}, 1
	case s.lean:
		value := s.value
		return func(vp *variantParams, h SmallXXHash, p point, f float32) float32 {
			// prepare without the domain, written out (prepare is not
			// inlined), on the coordinates the noise reads: without a
			// domain they are nanAxes.
			if s.usesNaN(p) {
				return nan32
			}
			p = point{clampInput(p.x), clampInput(p.y), clampInput(p.z), clampInput(p.w)}
			// One octave: amplitude 1 and amplitude sum 1, so (0 + v·1) / 1 is 0 + v.
			return 0 + value(vp, h, p, f)
		}, 1
	}
	return func(_ *variantParams, _ SmallXXHash, p point, _ float32) float32 { return s.valueOctaves(p) }, 1
}

// valueOctaves is valueAt's octave loop (docs/algorithms.md §6).
func (s *Sampler) valueOctaves(p point) float32 {
	p, ok := s.prepare(p)
	if !ok {
		return nan32
	}
	if s.warp != nil {
		p, _ = s.warp.warpApply(p)
	}
	var sum float32
	for o := 0; o < s.oct.n; o++ {
		var v float32
		if s.p1.ok() {
			v = combineValue(s.vp.comb, s.p1.run(p, uint32(s.hash.Add(int32(o))), s.oct.freq[o]))
		} else {
			v = s.value(&s.vp, s.hash.Add(int32(o)), p, s.oct.freq[o])
		}
		if s.fractal != noise.FractalFBm {
			v = shapeValue(s.fractal, v, s.pp)
		}
		sum = sum + float32(v*s.oct.amp[o])
	}
	return sum / s.oct.ampSum
}

// At2 returns the sample of 2D noise at the point (x, y) of its plane.
// 2D noise lies in the XZ plane (the tutorials' convention), so this is
// At(mgl32.Vec3{x, 0, y}): the derivatives with respect to x and y come
// back in Dx and Dz (Dy is 0). On 1D noise, which reads x, it is At of the
// same point. On 3D or 4D noise it panics, naming the call and the
// variant: use At or At4.
func (s *Sampler) At2(x, y float32) noise.Sample {
	return s.sampleAt(point{x, 0, y, 0}, 2)
}

// ValueAt2 returns At2(x, y).V without computing derivatives: the value of
// 2D noise at (x, 0, y). Like At2 it panics on 3D or 4D noise.
func (s *Sampler) ValueAt2(x, y float32) float32 {
	return s.at2(s.atVP, s.hash, point{x: x, z: y}, s.atF)
}

// At returns the noise sample at p. 1D noise reads p.X(), 2D noise p.X()
// and p.Z() (its plane is XZ; see At2), 3D noise all three. On 4D noise it
// panics, naming the call and the variant: 4D noise takes At4.
func (s *Sampler) At(p mgl32.Vec3) noise.Sample {
	return s.sampleAt(point{p[0], p[1], p[2], 0}, 3)
}

// At4 returns the sample of 4D noise at p, with the derivative along w in
// Dw. On noise of fewer dimensions it panics, naming the call and the
// variant: use At (w would be ignored).
func (s *Sampler) At4(p mgl32.Vec4) noise.Sample {
	return s.sampleAt(point{p[0], p[1], p[2], p[3]}, 4)
}

// ValueAt returns At(p).V without computing derivatives. Like At it
// panics on 4D noise.
func (s *Sampler) ValueAt(p mgl32.Vec3) float32 {
	return s.at3(s.atVP, s.hash, point{x: p[0], y: p[1], z: p[2]}, s.atF) // valueAt, within the inlining budget
}

// ValueAt4 returns At4(p).V without computing derivatives. Like At4 it
// panics on noise of fewer than 4 dimensions.
func (s *Sampler) ValueAt4(p mgl32.Vec4) float32 {
	return s.at4(s.atVP, s.hash, point{p[0], p[1], p[2], p[3]}, s.atF)
}

// checkBatch returns the error of a batch call: a short output, or
// positions whose number of components n the variant does not take.
func (s *Sampler) checkBatch(call string, n, pos, out int) error {
	if out < pos {
		return fmt.Errorf("cpu: the output has %d elements for %d positions", out, pos)
	}
	return s.check(call, n)
}

// Samples writes At(pos[i]) to out[i] for every i, spreading the work over
// GOMAXPROCS goroutines. It allocates nothing per position. It returns an
// error, and writes nothing, when out is shorter than pos or the variant
// is 4D (which takes Samples4); like the GPU sampler's, the error is one
// line naming the call.
func (s *Sampler) Samples(pos []mgl32.Vec3, out []noise.Sample) error {
	if err := s.checkBatch("Samples", 3, len(pos), len(out)); err != nil {
		return err
	}
	if workersFor(len(pos)) == 1 {
		s.samplesRange(pos, out) // no closure: small batches allocate nothing
		return nil
	}
	parallel(len(pos), func(lo, hi int) { s.samplesRange(pos[lo:hi], out[lo:hi]) })
	return nil
}

// samplesRange is the single-goroutine body of Samples: through the batch
// kernel's derivative twin when there is one, else one by one.
func (s *Sampler) samplesRange(pos []mgl32.Vec3, out []noise.Sample) {
	if s.bk.ok() && len(pos) > 0 {
		s.samplesBatch(pos, out[:len(pos)])
		return
	}
	if s.smoothSamples() && len(pos) > 0 {
		s.samplesSmooth(pos, out[:len(pos)])
		return
	}
	for i, p := range pos {
		out[i] = s.sampleAt(point{p[0], p[1], p[2], 0}, 3)
	}
}

// Values writes ValueAt(pos[i]) to out[i] for every i, like Samples, with
// the same errors.
func (s *Sampler) Values(pos []mgl32.Vec3, out []float32) error {
	if err := s.checkBatch("Values", 3, len(pos), len(out)); err != nil {
		return err
	}
	if workersFor(len(pos)) == 1 {
		s.valuesRange(pos, out)
		return nil
	}
	parallel(len(pos), func(lo, hi int) { s.valuesRange(pos[lo:hi], out[lo:hi]) })
	return nil
}

// valuesRange is the single-goroutine body of Values: through the batch
// kernel when there is one, else one by one.
func (s *Sampler) valuesRange(pos []mgl32.Vec3, out []float32) {
	if s.bk.ok() && len(pos) > 0 {
		s.valuesBatch(pos, out[:len(pos)])
		return
	}
	if s.sk.ok() && len(pos) > 0 {
		s.valuesSmooth(pos, out[:len(pos)])
		return
	}
	for i, p := range pos {
		out[i] = s.valueAt(point{p[0], p[1], p[2], 0})
	}
}

// Samples4 is Samples for 4D noise: At4(pos[i]) to out[i]. It returns an
// error, and writes nothing, when out is shorter than pos or the variant
// has fewer than 4 dimensions (which take Samples).
func (s *Sampler) Samples4(pos []mgl32.Vec4, out []noise.Sample) error {
	if err := s.checkBatch("Samples4", 4, len(pos), len(out)); err != nil {
		return err
	}
	if workersFor(len(pos)) == 1 {
		s.samples4Range(pos, out)
		return nil
	}
	parallel(len(pos), func(lo, hi int) { s.samples4Range(pos[lo:hi], out[lo:hi]) })
	return nil
}

// samples4Range is the single-goroutine body of Samples4: through the 4D
// batch kernel's derivative twin when there is one, else one by one.
func (s *Sampler) samples4Range(pos []mgl32.Vec4, out []noise.Sample) {
	if s.bk.ok() && len(pos) > 0 {
		s.samples4Batch(pos, out[:len(pos)])
		return
	}
	for i, p := range pos {
		out[i] = s.sampleAt(point{p[0], p[1], p[2], p[3]}, 4)
	}
}

// Values4 is Values for 4D noise: ValueAt4(pos[i]) to out[i], with
// Samples4's errors.
func (s *Sampler) Values4(pos []mgl32.Vec4, out []float32) error {
	if err := s.checkBatch("Values4", 4, len(pos), len(out)); err != nil {
		return err
	}
	if workersFor(len(pos)) == 1 {
		s.values4Range(pos, out)
		return nil
	}
	parallel(len(pos), func(lo, hi int) { s.values4Range(pos[lo:hi], out[lo:hi]) })
	return nil
}

func (s *Sampler) values4Range(pos []mgl32.Vec4, out []float32) {
	if s.bk.ok() && len(pos) > 0 {
		s.values4Batch(pos, out[:len(pos)])
		return
	}
	for i, p := range pos {
		out[i] = s.at4(s.atVP, s.hash, point{p[0], p[1], p[2], p[3]}, s.atF)
	}
}
