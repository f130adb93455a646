//go:build amd64 && !purego

package cpu

import (
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
)

// On amd64 with AVX2, batches of lattice noise (value and Perlin
// gradients), simplex noise (value and simplex gradients) and Worley and
// Chebyshev noise in 1D, 2D and 3D, tiling or not, run eight positions at a
// time, values (Values) and values with derivatives (Samples), and single
// 3D lattice and simplex positions (ValueAt) run with the cell's corners in
// the lanes, in AVX2 assembly (kernels_avx2_amd64.s, written by
// internal/asmgen from the scalar code, operation for operation: the same
// bits). The input clamp, the domain transform, the combine step (for
// Samples only its clamp of the value, clampValues8: the turbulence and the
// derivative scale run in assembly, combineDeriv8), the Voronoi
// finalisation and the fractal loop stay in Go, per lane, as in valueAt and
// sampleAt. Build with -tags purego for the scalar code alone.

// kernel8 names the assembly kernel of a variant (one octave at eight
// prepared positions, the noise before its combine step); 0 is none. A
// name, not a function value: the assembly's pointer arguments do not
// escape only when it is called directly.
type kernel8 uint8

const (
	noKernel8 kernel8 = iota
	// lattice, by gradient (value, Perlin), tiling or not, and dims
	value1D8
	value2D8
	value3D8
	perlin1D8
	perlin2D8
	perlin3D8
	value1DTiling8
	value2DTiling8
	value3DTiling8
	perlin1DTiling8
	perlin2DTiling8
	perlin3DTiling8
	// simplex, by gradient (value, simplex) and dims
	simplexValue1D8
	simplexValue2D8
	simplexValue3D8
	simplex1D8
	simplex2D8
	simplex3D8
	// Voronoi (the two minima, finished by minPair.result), by metric
	// (Worley, Chebyshev: one kernel in 1D), tiling or not, and dims
	voronoi1D8
	worley2D8
	worley3D8
	voronoi1DCheb8 // unused: Chebyshev 1D is voronoi1D8
	chebyshev2D8
	chebyshev3D8
	voronoi1DTiling8
	worley2DTiling8
	worley3DTiling8
	voronoi1DChebTiling8 // unused
	chebyshev2DTiling8
	chebyshev3DTiling8
)

// voronoi reports whether k is a Voronoi kernel (two minima, finished by
// minPair.result).
func (k kernel8) voronoi() bool { return k >= voronoi1D8 }

func (k kernel8) ok() bool { return k != noKernel8 }

var cpuAVX2 = hasAVX2()

// simdKernelFor picks the assembly kernel for c, or none when the CPU lacks
// AVX2 or the variant has none (perm-value, smooth Worley, 4D) or the
// settings warp the domain (the warp runs per position: scalar code).
func simdKernelFor(c noise.Config) kernel8 {
	p := c.Noise.Parts()
	if !cpuAVX2 || c.Dims > 3 || c.Settings.Warped() {
		return noKernel8
	}
	d := kernel8(c.Dims - 1)
	switch {
	case p.Family == noise.FamilyLattice:
		k := value1D8 + d
		if p.Gradient == noise.GradientPerlin {
			k += perlin1D8 - value1D8
		}
		if c.Tiling {
			k += value1DTiling8 - value1D8
		}
		return k
	case p.Family == noise.FamilySimplex && !c.Tiling:
		k := simplexValue1D8 + d
		if p.Gradient == noise.GradientSimplex {
			k += simplex1D8 - simplexValue1D8
		}
		return k
	case p.Family == noise.FamilyVoronoi && p.Metric != noise.MetricSmoothWorley:
		k := voronoi1D8 + d
		if p.Metric == noise.MetricChebyshev && c.Dims > 1 {
			k += chebyshev2D8 - worley2D8
		}
		if c.Tiling {
			k += voronoi1DTiling8 - voronoi1D8
		}
		return k
	}
	return noKernel8
}

// run evaluates kernel k at the eight positions (x, y, z) into out (and
// the second minimum of Voronoi noise into out2).
func (k kernel8) run(x, y, z, out, out2 *[8]float32, h uint32, f int32) {
	switch k {
	case value1D8:
		valueLattice1DAVX2(x, out, h, f)
	case perlin1D8:
		perlinLattice1DAVX2(x, out, h, f)
	case value1DTiling8:
		valueLattice1DTilingAVX2(x, out, h, f)
	case perlin1DTiling8:
		perlinLattice1DTilingAVX2(x, out, h, f)
	case simplexValue1D8:
		valueSimplex1DAVX2(x, out, h, f)
	case simplex1D8:
		simplexSimplex1DAVX2(x, out, h, f)
	case voronoi1D8:
		voronoi1DAVX2(x, out, out2, h, f)
	case voronoi1DTiling8:
		voronoi1DTilingAVX2(x, out, out2, h, f)
	case value2D8:
		valueLattice2DAVX2(x, z, out, h, f)
	case value3D8:
		valueLattice3DAVX2(x, y, z, out, h, f)
	case perlin2D8:
		perlinLattice2DAVX2(x, z, out, h, f)
	case perlin3D8:
		perlinLattice3DAVX2(x, y, z, out, h, f)
	case simplexValue2D8:
		valueSimplex2DAVX2(x, z, out, h, f)
	case simplex2D8:
		simplexSimplex2DAVX2(x, z, out, h, f)
	case simplexValue3D8:
		valueSimplex3DAVX2(x, y, z, out, h, f)
	case simplex3D8:
		simplexSimplex3DAVX2(x, y, z, out, h, f)
	case worley2D8:
		worley2DAVX2(x, z, out, out2, h, f)
	case chebyshev2D8:
		chebyshev2DAVX2(x, z, out, out2, h, f)
	case worley3D8:
		worley3DAVX2(x, y, z, out, out2, h, f)
	case chebyshev3D8:
		chebyshev3DAVX2(x, y, z, out, out2, h, f)
	case value2DTiling8:
		valueLattice2DTilingAVX2(x, z, out, h, f)
	case value3DTiling8:
		valueLattice3DTilingAVX2(x, y, z, out, h, f)
	case perlin2DTiling8:
		perlinLattice2DTilingAVX2(x, z, out, h, f)
	case perlin3DTiling8:
		perlinLattice3DTilingAVX2(x, y, z, out, h, f)
	case worley2DTiling8:
		worley2DTilingAVX2(x, z, out, out2, h, f)
	case chebyshev2DTiling8:
		chebyshev2DTilingAVX2(x, z, out, out2, h, f)
	case worley3DTiling8:
		worley3DTilingAVX2(x, y, z, out, out2, h, f)
	case chebyshev3DTiling8:
		chebyshev3DTilingAVX2(x, y, z, out, out2, h, f)
	}
}

// finish is the last step of one octave at one lane: combineValue, or for
// Voronoi noise minPair.result of the two minima.
func (s *Sampler) finish(k kernel8, n, n2 float32) float32 {
	if k.voronoi() {
		return minPair{n, n2}.result(&s.vp, s.cfg.Dims)
	}
	return combineValue(s.vp.comb, n)
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

// valuesBlock8 is valueAt for pos[0:8], written to out[0:8].
func (s *Sampler) valuesBlock8(pos []mgl32.Vec3, out []float32) {
	var x, y, z, n, n2 [8]float32
	var nans uint8 // bit l: lane l gives NaN
	if s.domain {
		nans = s.prepareBlock8Domain(pos, &x, &y, &z)
	} else {
		nans = nanLanes(prepare8((*[24]float32)(unsafe.Pointer(&pos[:8][0])), &x, &y, &z), s.nanAxes)
	}
	if s.lean { // one octave, no domain: 0 + v, as in valueAt
		s.k8.run(&x, &y, &z, &n, &n2, uint32(s.hash), s.oct.freq[0])
		if s.k8.voronoi() {
			for l := range out[:8] {
				out[l] = 0 + minPair{n[l], n2[l]}.result(&s.vp, s.cfg.Dims)
			}
		} else {
			for l := range out[:8] {
				out[l] = 0 + combineValue(s.vp.comb, n[l])
			}
		}
	} else {
		var sum [8]float32
		for o := 0; o < s.oct.n; o++ {
			s.k8.run(&x, &y, &z, &n, &n2, uint32(s.hash.Add(int32(o))), s.oct.freq[o])
			amp := s.oct.amp[o]
			for l := range sum {
				v := s.finish(s.k8, n[l], n2[l])
				if s.fractal != noise.FractalFBm {
					v = shapeValue(s.fractal, v, s.pp)
				}
				sum[l] = sum[l] + float32(v*amp)
			}
		}
		for l := range out[:8] {
			out[l] = sum[l] / s.oct.ampSum
		}
	}
	for l := 0; nans != 0; l, nans = l+1, nans>>1 {
		if nans&1 != 0 {
			out[l] = nan32
		}
	}
}

func simdStatus() (bool, string) {
	if !cpuAVX2 {
		return false, "the CPU lacks AVX2: scalar code"
	}
	return true, "8-lane AVX2 assembly: lattice, simplex, Worley and Chebyshev noise, 1D to 3D, tiling too"
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
func simdDerivFor(c noise.Config) deriv8 {
	p := c.Noise.Parts()
	if !cpuAVX2 || c.Dims > 3 || c.Settings.Warped() {
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
func simdPointFor(c noise.Config) point1 {
	p := c.Noise.Parts()
	if !cpuAVX2 || c.Tiling || c.Dims != 3 {
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
