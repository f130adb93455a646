//go:build amd64 && !purego

package cpu

import (
	"fmt"
	"sync"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
)

// On amd64, batches of lattice noise (value and Perlin gradients), simplex
// noise (value and simplex gradients) and Worley and Chebyshev noise in
// 1D, 2D and 3D, tiling or not, run in assembly (kernels_avx2_amd64.s,
// written by internal/asmgen from the scalar code, operation for
// operation: the same bits), at one of two levels (ISA):
//
//   - values (Values): batch kernels of 8 lanes (AVX2) or 16 (AVX-512),
//     each call one octave over a chunk of positions, the combine step,
//     the Voronoi function, the fractal mode's shape and the octave sum
//     included (kernels_batch_amd64.go names them); the positions are
//     split into axes and clamped by prepareBatch, or by Go with a domain;
//   - values with derivatives (Samples): 8-lane AVX2 kernels; the combine
//     step's clamp of the value in Go (clampValues8), its turbulence and
//     the derivatives' frequency scale in assembly (combineDeriv8), the
//     Voronoi finalisation and the fractal loop per lane in Go;
//   - single 3D lattice and simplex positions (ValueAt): the cell's
//     corners in the lanes of an AVX2 kernel.
//
// The ISA level (CurrentISA when the Sampler is made) picks them; at
// ISAScalar none runs. Build with -tags purego for the scalar code alone.

var (
	cpuAVX2   = hasAVX2()
	cpuAVX512 = cpuAVX2 && hasAVX512()
)

// archISAs is SupportedISAs on amd64.
func archISAs() []ISA {
	switch {
	case cpuAVX512:
		return []ISA{ISAScalar, ISAAVX2, ISAAVX512}
	case cpuAVX2:
		return []ISA{ISAScalar, ISAAVX2}
	}
	return []ISA{ISAScalar}
}

// isaLacks says why level l cannot run on this CPU.
func isaLacks(l ISA) string {
	if l == ISAAVX2 || !cpuAVX2 {
		return "this CPU (or its OS) lacks AVX2"
	}
	return "this CPU (or its OS) lacks AVX-512F"
}

// batchKernelFor picks the batch kernel for c at level l, or none when
// the level is scalar or the variant has none (perm-value, smooth Worley,
// 4D) or the settings warp the domain (the warp runs per position: scalar
// code).
func batchKernelFor(c noise.Config, l ISA) batchKernel {
	p := c.Noise.Parts()
	if l < ISAAVX2 || c.Dims > 3 || c.Settings.Warped() {
		return noBatch
	}
	t := ""
	if c.Tiling {
		t = "Tiling"
	}
	var name string
	switch {
	case p.Family == noise.FamilyLattice:
		name = fmt.Sprintf("%sLattice%dD%s", map[bool]string{false: "value", true: "perlin"}[p.Gradient == noise.GradientPerlin], c.Dims, t)
	case p.Family == noise.FamilySimplex && !c.Tiling:
		name = fmt.Sprintf("%sSimplex%dD", map[bool]string{false: "value", true: "simplex"}[p.Gradient == noise.GradientSimplex], c.Dims)
	case p.Family == noise.FamilyVoronoi && p.Metric != noise.MetricSmoothWorley:
		metric := "worley"
		switch {
		case c.Dims == 1:
			metric = "voronoi" // Chebyshev 1D is Worley 1D
		case p.Metric == noise.MetricChebyshev:
			metric = "chebyshev"
		}
		f1 := ""
		if p.Function == noise.FunctionF1 {
			f1 = "F1"
		}
		name = fmt.Sprintf("%s%dD%s%s", metric, c.Dims, t, f1)
	default:
		return noBatch
	}
	for i, n := range batchNames {
		if n == name {
			return batchKernel(i)
		}
	}
	panic("cpu: no batch kernel " + name)
}

func (k batchKernel) ok() bool { return k != noBatch }

// batchMode is the kernels' mode word of a Sampler, without first and
// last: the combine step (lattice and simplex noise) or the Voronoi
// function in bits 0–1 (noise.Combiner and noise.Function codes: one of
// the two is always 0) and the fractal mode in bits 2–3 (noise.Fractal
// codes: fBm, ridged, billow, ping-pong).
func batchMode(vp *variantParams, f noise.Fractal) int32 {
	return int32(vp.comb) | int32(vp.function) | int32(f)<<2
}

const (
	batchFirst = 16 // the kernels' mode bit: the octave sum starts at +0
	batchLast  = 32 // and: the octave sum is divided by ampSum
	batchUnit  = 64 // and: amp is 1 (v·1 is v: no multiply)
	// batchChunk is the positions a batch call takes, a multiple of every
	// kernel's lanes × groups.
	batchChunk = 256
)

// batchBuf holds a chunk's prepared positions and its results, each array
// aligned to 64 bytes (a vector load or store that crosses a cache line
// costs about twice as much), and a padded copy of a short chunk's
// positions. Buffers come from batchBufs: heap objects do not move.
type batchBuf struct {
	raw        [4*batchChunk + 16]float32
	x, y, z, o *[batchChunk]float32 // views of raw
	pos        [batchChunk]mgl32.Vec3
}

var batchBufs = sync.Pool{New: func() any {
	b := new(batchBuf)
	off := int((64 - uintptr(unsafe.Pointer(&b.raw[0]))%64) % 64 / 4)
	arr := func(i int) *[batchChunk]float32 { return (*[batchChunk]float32)(b.raw[off+i*batchChunk:]) }
	b.x, b.y, b.z, b.o = arr(0), arr(1), arr(2), arr(3)
	return b
}}

// valuesBatch is valuesRange through the batch kernel: a chunk at a time,
// prepared (prepareBatch, or prepare per position with a domain), one
// kernel call per octave, then NaN where the input is.
func (s *Sampler) valuesBatch(pos []mgl32.Vec3, out []float32) {
	b := batchBufs.Get().(*batchBuf)
	defer batchBufs.Put(b)
	wide := s.isa == ISAAVX512
	lanes := 8
	if wide {
		lanes = 16
	}
	x, y, z, o := &b.x[0], &b.y[0], &b.z[0], &b.o[0]
	for i := 0; i < len(pos); i += batchChunk {
		chunk := pos[i:min(i+batchChunk, len(pos))]
		n := len(chunk)
		np := (n + lanes - 1) &^ (lanes - 1)
		src := chunk
		if np != n {
			copy(b.pos[:], chunk)
			clear(b.pos[n:np])
			src = b.pos[:np]
		}
		nans := false
		if s.domain {
			for l, p := range src {
				q, ok := s.prepare(point{p[0], p[1], p[2], 0})
				b.x[l], b.y[l], b.z[l] = q.x, q.y, q.z
				nans = nans || !ok
			}
		} else {
			var axes uint32
			if wide {
				axes = prepareBatchAVX512(&src[0][0], np, x, y, z)
			} else {
				axes = prepareBatchAVX2(&src[0][0], np, x, y, z)
			}
			nans = uint8(axes)&s.nanAxes != 0
		}
		for oc := 0; oc < s.oct.n; oc++ {
			m := s.bmode
			if oc == 0 {
				m |= batchFirst
			}
			if oc == s.oct.n-1 && s.oct.ampSum != 1 { // s / 1 is s
				m |= batchLast
			}
			if s.oct.amp[oc] == 1 { // v·1 is v
				m |= batchUnit
			}
			s.bk.run(wide, x, y, z, o, np, uint32(s.hash.Add(int32(oc))), s.oct.freq[oc], s.oct.amp[oc], s.oct.ampSum, s.pp, m)
		}
		copy(out[i:i+n], b.o[:n])
		if nans {
			for l, p := range chunk {
				if s.usesNaN(point{p[0], p[1], p[2], 0}) {
					out[i+l] = nan32
				}
			}
		}
	}
}

// The blocks are prepared as prepare prepares a point: prepare8 loads,
// clamps and NaN-tests eight positions, nanLanes keeps the NaN lanes of the
// axes the noise reads, and with a domain prepareBlock8Domain does it lane
// by lane. (Written out in each block function: a helper with both calls
// is too large to inline, and a call per block cost 2%.)

// nanLanes folds prepare8's NaN lanes of the axes in nanAxes into one byte:
// bit l is set where lane l gives NaN.
func nanLanes(n uint32, nanAxes uint8) uint8 {
	n &= nanBytes[nanAxes&7]
	return uint8(n | n>>8 | n>>16)
}

// nanBytes selects the bytes of prepare8's result of the axes in a nanAxes
// set.
var nanBytes = [8]uint32{0, 0xFF, 0xFF00, 0xFFFF, 0xFF0000, 0xFF00FF, 0xFFFF00, 0xFFFFFF}

// prepareBlock8Domain is prepareBlock8 with a domain transform.
func (s *Sampler) prepareBlock8Domain(pos []mgl32.Vec3, x, y, z *[8]float32) (nans uint8) {
	for l, p := range pos[:8] {
		q, ok := s.prepare(point{p[0], p[1], p[2], 0})
		x[l], y[l], z[l] = q.x, q.y, q.z
		nans |= b2u8(!ok) << l
	}
	return nans
}

func simdStatus(l ISA) (bool, string) {
	switch l {
	case ISAAVX512:
		return true, "AVX-512 assembly (level avx512): 16-lane value batches, 8-lane AVX2 derivative batches and single 3D points; lattice, simplex, Worley and Chebyshev noise, 1D to 3D, tiling too"
	case ISAAVX2:
		return true, "AVX2 assembly (level avx2): 8-lane batches and single 3D points; lattice, simplex, Worley and Chebyshev noise, 1D to 3D, tiling too"
	}
	if !cpuAVX2 {
		return false, "the CPU lacks AVX2: scalar code"
	}
	return false, "level scalar (chosen by SetISA or NOISE_ISA): scalar code"
}

// deriv8 names the assembly derivative kernel of a variant: one octave's
// value and derivatives at eight prepared positions, before the steps that
// stay in Go (octave8); 0 is none. A name, as kernel8 is.
type deriv8 uint8

const (
	noDeriv8 deriv8 = iota
	// lattice, by tiling, gradient (value, Perlin) and dims
	value1DD8
	value2DD8
	value3DD8
	perlin1DD8
	perlin2DD8
	perlin3DD8
	value1DTilingD8
	value2DTilingD8
	value3DTilingD8
	perlin1DTilingD8
	perlin2DTilingD8
	perlin3DTilingD8
	// simplex, by gradient (value, simplex) and dims
	simplexValue1DD8
	simplexValue2DD8
	simplexValue3DD8
	simplex1DD8
	simplex2DD8
	simplex3DD8
	// Voronoi (the two minima with derivatives, finished by
	// voronoiMinima.finalize), by tiling, metric (Worley, Chebyshev: one
	// kernel in 1D) and dims
	voronoi1DD8
	worley2DD8
	worley3DD8
	voronoi1DChebD8 // unused: Chebyshev 1D is voronoi1DD8
	chebyshev2DD8
	chebyshev3DD8
	voronoi1DTilingD8
	worley2DTilingD8
	worley3DTilingD8
	voronoi1DChebTilingD8 // unused
	chebyshev2DTilingD8
	chebyshev3DTilingD8
)

func (k deriv8) ok() bool { return k != noDeriv8 }

// simplex reports whether k is a simplex kernel, whose derivatives get
// the frequency scale after the combine step.
func (k deriv8) simplex() bool { return k >= simplexValue1DD8 && k < voronoi1DD8 }

// voronoi reports whether k is a Voronoi kernel.
func (k deriv8) voronoi() bool { return k >= voronoi1DD8 }

// simdDerivFor picks the assembly derivative kernel for c, or none.
func simdDerivFor(c noise.Config, l ISA) deriv8 {
	p := c.Noise.Parts()
	if l < ISAAVX2 || c.Dims > 3 || c.Settings.Warped() {
		return noDeriv8
	}
	d := deriv8(c.Dims - 1)
	switch {
	case p.Family == noise.FamilyLattice:
		k := value1DD8 + d
		if p.Gradient == noise.GradientPerlin {
			k += perlin1DD8 - value1DD8
		}
		if c.Tiling {
			k += value1DTilingD8 - value1DD8
		}
		return k
	case p.Family == noise.FamilySimplex && !c.Tiling:
		k := simplexValue1DD8 + d
		if p.Gradient == noise.GradientSimplex {
			k += simplex1DD8 - simplexValue1DD8
		}
		return k
	case p.Family == noise.FamilyVoronoi && p.Metric != noise.MetricSmoothWorley:
		k := voronoi1DD8 + d
		if p.Metric == noise.MetricChebyshev && c.Dims > 1 {
			k += chebyshev2DD8 - worley2DD8
		}
		if c.Tiling {
			k += voronoi1DTilingD8 - voronoi1DD8
		}
		return k
	}
	return noDeriv8
}

// block8 holds eight prepared positions and a kernel's outputs: o[0] the
// values, o[1], o[2] and o[3] the derivatives along x, y and z; for
// Voronoi kernels those of the first minimum, and o[4:8] the second's.
type block8 struct {
	x, y, z [8]float32
	o       [8][8]float32
}

// run evaluates derivative kernel k at the positions of b into b.o.
func (k deriv8) run(b *block8, h uint32, f int32) {
	switch k {
	case value1DD8:
		valueLattice1DDerivAVX2(&b.x, &b.o[0], &b.o[1], h, f)
	case value2DD8:
		valueLattice2DDerivAVX2(&b.x, &b.z, &b.o[0], &b.o[1], &b.o[3], h, f)
	case value3DD8:
		valueLattice3DDerivAVX2(&b.x, &b.y, &b.z, &b.o[0], &b.o[1], &b.o[2], &b.o[3], h, f)
	case perlin1DD8:
		perlinLattice1DDerivAVX2(&b.x, &b.o[0], &b.o[1], h, f)
	case perlin2DD8:
		perlinLattice2DDerivAVX2(&b.x, &b.z, &b.o[0], &b.o[1], &b.o[3], h, f)
	case perlin3DD8:
		perlinLattice3DDerivAVX2(&b.x, &b.y, &b.z, &b.o[0], &b.o[1], &b.o[2], &b.o[3], h, f)
	case value1DTilingD8:
		valueLattice1DTilingDerivAVX2(&b.x, &b.o[0], &b.o[1], h, f)
	case value2DTilingD8:
		valueLattice2DTilingDerivAVX2(&b.x, &b.z, &b.o[0], &b.o[1], &b.o[3], h, f)
	case value3DTilingD8:
		valueLattice3DTilingDerivAVX2(&b.x, &b.y, &b.z, &b.o[0], &b.o[1], &b.o[2], &b.o[3], h, f)
	case perlin1DTilingD8:
		perlinLattice1DTilingDerivAVX2(&b.x, &b.o[0], &b.o[1], h, f)
	case perlin2DTilingD8:
		perlinLattice2DTilingDerivAVX2(&b.x, &b.z, &b.o[0], &b.o[1], &b.o[3], h, f)
	case perlin3DTilingD8:
		perlinLattice3DTilingDerivAVX2(&b.x, &b.y, &b.z, &b.o[0], &b.o[1], &b.o[2], &b.o[3], h, f)
	case simplexValue1DD8:
		valueSimplex1DDerivAVX2(&b.x, &b.o[0], &b.o[1], h, f)
	case simplexValue2DD8:
		valueSimplex2DDerivAVX2(&b.x, &b.z, &b.o[0], &b.o[1], &b.o[3], h, f)
	case simplexValue3DD8:
		valueSimplex3DDerivAVX2(&b.x, &b.y, &b.z, &b.o[0], &b.o[1], &b.o[2], &b.o[3], h, f)
	case simplex1DD8:
		simplexSimplex1DDerivAVX2(&b.x, &b.o[0], &b.o[1], h, f)
	case simplex2DD8:
		simplexSimplex2DDerivAVX2(&b.x, &b.z, &b.o[0], &b.o[1], &b.o[3], h, f)
	case simplex3DD8:
		simplexSimplex3DDerivAVX2(&b.x, &b.y, &b.z, &b.o[0], &b.o[1], &b.o[2], &b.o[3], h, f)
	case voronoi1DD8:
		voronoi1DDerivAVX2(&b.x, &b.o[0], &b.o[1], &b.o[4], &b.o[5], h, f)
	case worley2DD8:
		worley2DDerivAVX2(&b.x, &b.z, &b.o[0], &b.o[1], &b.o[3], &b.o[4], &b.o[5], &b.o[7], h, f)
	case worley3DD8:
		worley3DDerivAVX2(&b.x, &b.y, &b.z, &b.o[0], &b.o[1], &b.o[2], &b.o[3], &b.o[4], &b.o[5], &b.o[6], &b.o[7], h, f)
	case chebyshev2DD8:
		chebyshev2DDerivAVX2(&b.x, &b.z, &b.o[0], &b.o[1], &b.o[3], &b.o[4], &b.o[5], &b.o[7], h, f)
	case chebyshev3DD8:
		chebyshev3DDerivAVX2(&b.x, &b.y, &b.z, &b.o[0], &b.o[1], &b.o[2], &b.o[3], &b.o[4], &b.o[5], &b.o[6], &b.o[7], h, f)
	case voronoi1DTilingD8:
		voronoi1DTilingDerivAVX2(&b.x, &b.o[0], &b.o[1], &b.o[4], &b.o[5], h, f)
	case worley2DTilingD8:
		worley2DTilingDerivAVX2(&b.x, &b.z, &b.o[0], &b.o[1], &b.o[3], &b.o[4], &b.o[5], &b.o[7], h, f)
	case worley3DTilingD8:
		worley3DTilingDerivAVX2(&b.x, &b.y, &b.z, &b.o[0], &b.o[1], &b.o[2], &b.o[3], &b.o[4], &b.o[5], &b.o[6], &b.o[7], h, f)
	case chebyshev2DTilingD8:
		chebyshev2DTilingDerivAVX2(&b.x, &b.z, &b.o[0], &b.o[1], &b.o[3], &b.o[4], &b.o[5], &b.o[7], h, f)
	case chebyshev3DTilingD8:
		chebyshev3DTilingDerivAVX2(&b.x, &b.y, &b.z, &b.o[0], &b.o[1], &b.o[2], &b.o[3], &b.o[4], &b.o[5], &b.o[6], &b.o[7], h, f)
	}
}

// finishVoronoi is the rest of cpu.voronoi1D…3D at lane l after a
// derivative kernel: the finalisation, the function and the frequency
// scale.
func (s *Sampler) finishVoronoi(b *block8, l int, f int32) vsample {
	m := voronoiMinima{
		a: vsample{V: b.o[0][l], Dx: b.o[1][l], Dy: b.o[2][l], Dz: b.o[3][l]},
		b: vsample{V: b.o[4][l], Dx: b.o[5][l], Dy: b.o[6][l], Dz: b.o[7][l]},
	}
	r := m.finalize(s.vp.metric, s.cfg.Dims).evaluate(s.vp.function)
	F := float32(f)
	r.Dx = float32(r.Dx * F)
	if s.cfg.Dims == 3 {
		r.Dy = float32(r.Dy * F)
	}
	if s.cfg.Dims > 1 {
		r.Dz = float32(r.Dz * F)
	}
	return r
}

// derivScale is the factor of the derivatives after the combine step at
// frequency f: simplexScale for simplex noise, 1 for lattice noise (whose
// kernels scale them before; x·1 is x, and the derivatives a variant has
// not are ±0 either way, which a positive factor keeps).
func (s *Sampler) derivScale(f int32) float32 {
	if s.d8.simplex() {
		return simplexScale(s.cfg.Dims, f)
	}
	return 1
}

// simplexScale is the factor of simplex noise's derivatives at frequency
// f (cpu.simplex1D…3D): f, f/sqrt(3) or 0.6·f.
func simplexScale(dims int, f int32) float32 {
	switch dims {
	case 2:
		return float32(float32(f) * invSqrt3)
	case 3:
		return float32(float32(f) * scale3)
	}
	return float32(f)
}

// samplesBlock8 is sampleAt for pos[0:8], written to out[0:8].
func (s *Sampler) samplesBlock8(pos []mgl32.Vec3, out []noise.Sample) {
	var b block8
	var nans uint8
	if s.domain {
		nans = s.prepareBlock8Domain(pos, &b.x, &b.y, &b.z)
	} else {
		nans = nanLanes(prepare8((*[24]float32)(unsafe.Pointer(&pos[:8][0])), &b.x, &b.y, &b.z), s.nanAxes)
	}
	var n [8]noise.Sample
	if s.lean { // one octave, no domain: 0 + n, as in sampleAt
		f := s.oct.freq[0]
		if s.d8.voronoi() {
			s.d8.run(&b, uint32(s.hash), f)
			for l := range out[:8] {
				// octave8's finishVoronoi, then sampleAdd(noise.Sample{}, ·)
				// written out on the vsample (in registers; Dw is 0 + 0)
				v := s.finishVoronoi(&b, l, f)
				out[l] = noise.Sample{V: 0 + v.V, Dx: 0 + v.Dx, Dy: 0 + v.Dy, Dz: 0 + v.Dz}
			}
		} else {
			s.d8.run(&b, uint32(s.hash), f)
			clampValues8(&b.o[0])
			leanSamples8(&b.o[0], &b.o[1], &b.o[2], &b.o[3], (*[40]float32)(unsafe.Pointer(&out[:8][0])), int32(s.vp.comb), s.derivScale(f))
		}
	} else {
		var sum [8]noise.Sample
		for o := 0; o < s.oct.n; o++ {
			s.octave8(&b, &n, uint32(s.hash.Add(int32(o))), s.oct.freq[o])
			amp := s.oct.amp[o]
			for l := range sum {
				if s.fractal != noise.FractalFBm {
					n[l] = shapeSample(s.fractal, n[l], s.pp)
				}
				sum[l] = sampleAdd(sum[l], sampleScale(n[l], amp))
			}
		}
		for l := range out[:8] {
			r := sampleDiv(sum[l], s.oct.ampSum)
			if s.domain {
				d := s.tr.applyDerivative([3]float32{r.Dx, r.Dy, r.Dz})
				r.Dx, r.Dy, r.Dz = d[0], d[1], d[2]
			}
			out[l] = r
		}
	}
	for l := 0; nans != 0; l, nans = l+1, nans>>1 {
		if nans&1 != 0 {
			out[l] = nanSample
		}
	}
}

// octave8 is one octave (hash h, frequency f) of sampleAt at the eight
// prepared positions of b, into n: the derivative kernel, then per lane the
// rest of cpu.lattice1D…3D, simplex1D…3D or voronoi1D…3D. For lattice and
// simplex noise that is evaluateCombined and the frequency scale of the
// derivatives: the clamp of the value in Go (clampValues8), the rest in
// assembly (combineDeriv8: the turbulence's sign test is a coin toss, a
// branch per lane in Go).
func (s *Sampler) octave8(b *block8, n *[8]noise.Sample, h uint32, f int32) {
	s.d8.run(b, h, f)
	if s.d8.voronoi() {
		for l := range n {
			v := s.finishVoronoi(b, l, f) // a vsample, in registers
			n[l] = noise.Sample{V: v.V, Dx: v.Dx, Dy: v.Dy, Dz: v.Dz}
		}
		return
	}
	clampValues8(&b.o[0])
	if k := s.derivScale(f); s.vp.comb != noise.CombineNone || k != 1 {
		combineDeriv8(&b.o[0], &b.o[1], &b.o[2], &b.o[3], int32(s.vp.comb), k)
	} // else nothing more to do: lattice noise without turbulence
	for l := range n {
		n[l] = noise.Sample{V: b.o[0][l], Dx: b.o[1][l], Dy: b.o[2][l], Dz: b.o[3][l]}
	}
}

// clampValues8 is the combine step's clampValue on eight kernel values,
// in Go before combineDeriv8 and leanSamples8 do the rest of the combine
// step in assembly.
func clampValues8(v *[8]float32) {
	for l := range v {
		v[l] = clampValue(v[l])
	}
}

// point1 names the assembly point kernel of a 3D variant: one octave at
// one position, the cell's corners in the lanes, for valueAt; 0 is none.
// (2D stays scalar: there the kernels were no faster.)
type point1 uint8

const (
	noPoint1 point1 = iota
	value3DP1
	perlin3DP1
	simplexValue3DP1
	simplex3DP1
)

func (k point1) ok() bool { return k != noPoint1 }

// simdPointFor picks the point kernel for c, or none.
func simdPointFor(c noise.Config, l ISA) point1 {
	p := c.Noise.Parts()
	if l < ISAAVX2 || c.Tiling || c.Dims != 3 {
		return noPoint1
	}
	switch {
	case p.Family == noise.FamilyLattice && p.Gradient == noise.GradientPerlin:
		return perlin3DP1
	case p.Family == noise.FamilyLattice:
		return value3DP1
	case p.Family == noise.FamilySimplex && p.Gradient == noise.GradientSimplex:
		return simplex3DP1
	case p.Family == noise.FamilySimplex:
		return simplexValue3DP1
	}
	return noPoint1
}

// run evaluates point kernel k at p (clamped) before the combine step. p
// is passed by value: through a pointer it would live in memory, and the
// kernel would wait for its stores.
func (k point1) run(p point, h uint32, f int32) float32 {
	switch k {
	case value3DP1:
		return valueLattice3DPointAVX2(p.x, p.y, p.z, h, f)
	case perlin3DP1:
		return perlinLattice3DPointAVX2(p.x, p.y, p.z, h, f)
	case simplexValue3DP1:
		return valueSimplex3DPointAVX2(p.x, p.y, p.z, h, f)
	case simplex3DP1:
		return simplexSimplex3DPointAVX2(p.x, p.y, p.z, h, f)
	}
	return 0
}
