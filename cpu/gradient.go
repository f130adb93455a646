package cpu

import (
	"math"

	"github.com/noiselab/noise"
)

// The gradient (noise.Gradient) selects the corner function of lattice and
// simplex noise: Value ignores the offset, Perlin and Simplex dot it with a
// hashed gradient vector. The combiner (noise.Combiner) is the gradient's
// EvaluateCombined step, applied once to the interpolated (lattice) or
// summed (simplex) sample.

// valueGradient is the Value gradient, (A*2) - 1, in every dimension.
func valueGradient(v hashBits) float32 { return float32(v.Floats01A()*2) - 1 }

// lineGradient is BaseGradients.Line: l = (1 + A) * ±1 with the sign from
// hash bit 8; v = l*x, dx = l.
func lineGradient(v hashBits, x float32) noise.Sample {
	l := 1 + v.Floats01A()
	if uint32(v)&256 != 0 {
		l = -l
	}
	return noise.Sample{V: float32(l * x), Dx: l}
}

// squareVectors is BaseGradients.SquareVectors: a point on the diamond with
// corners (±0.5, 0), (0, ±0.5).
func squareVectors(v hashBits) (gx, gy float32) {
	gx = float32(v.Floats01A()*2) - 1
	gy = 0.5 - abs32(gx)
	gx = gx - float32(floorToInt(gx+0.5))
	return gx, gy
}

// octahedronVectors is BaseGradients.OctahedronVectors: a point on the
// octahedron |x|+|y|+|z| = 1, the lower half folded outward.
func octahedronVectors(v hashBits) (gx, gy, gz float32) {
	gx = float32(v.Floats01A()*2) - 1
	gy = float32(v.Floats01D()*2) - 1
	gz = (1 - abs32(gx)) - abs32(gy)
	gx, gy = foldOctahedron(gx, gy, gz)
	return gx, gy, gz
}

// foldOctahedron folds the lower half of the octahedron outward:
// off = max(−gz, 0) (Unity's max: +0 for −gz ≤ 0, −0 included), then
// g += (g < 0) ? off : −off for x and y. It works on the bits, branch-free
// (the signs are random, so branches would mispredict) and small enough for
// Go to inline into the corner loops; that requires gx, gy ≠ −0, which holds
// for (A*2) − 1 and for the shapes' u − 0.5.
func foldOctahedron(gx, gy, gz float32) (float32, float32) {
	b := math.Float32bits(-gz)
	off := b &^ uint32(int32(b)>>31) // max(−gz, 0): the sign bit is clear
	fx := math.Float32frombits(off | ^math.Float32bits(gx)&signMask)
	fy := math.Float32frombits(off | ^math.Float32bits(gy)&signMask)
	return gx + fx, gy + fy
}

// squareGradient is BaseGradients.Square: v = gx*x + gy*z, d = (gx, gy).
func squareGradient(v hashBits, x, z float32) noise.Sample {
	g := &squareGrads[uint8(v)] // squareVectors(v)
	gx, gy := g[0], g[1]
	return noise.Sample{V: float32(gx*x) + float32(gy*z), Dx: gx, Dz: gy}
}

// circleGradient is BaseGradients.Circle: the square gradient normalised.
func circleGradient(v hashBits, x, z float32) noise.Sample {
	g := &circleGrads[uint8(v)] // squareVectors(v) and 1 / sqrt(gx² + gy²)
	gx, gy, r := g[0], g[1], g[2]
	return sampleScale(noise.Sample{V: float32(gx*x) + float32(gy*z), Dx: gx, Dz: gy}, r)
}

// octahedronGradient is BaseGradients.Octahedron.
func octahedronGradient(v hashBits, x, y, z float32) noise.Sample {
	gx, gy, gz := octahedronFold(&octaGrads[uint8(v)], &octaGrads[uint8(v>>24)]) // octahedronVectors(v)
	return noise.Sample{V: (float32(gx*x) + float32(gy*y)) + float32(gz*z), Dx: gx, Dy: gy, Dz: gz}
}

// sphereGradient is BaseGradients.Sphere: the octahedron gradient normalised.
func sphereGradient(v hashBits, x, y, z float32) noise.Sample {
	gx, gy, gz := octahedronFold(&octaGrads[uint8(v)], &octaGrads[uint8(v>>24)]) // octahedronVectors(v)
	r := 1 / sqrt32((float32(gx*gx)+float32(gy*gy))+float32(gz*gz))
	return sampleScale(noise.Sample{V: (float32(gx*x) + float32(gy*y)) + float32(gz*z), Dx: gx, Dy: gy, Dz: gz}, r)
}

// evaluate1 is IGradient.Evaluate(hash, x) for gradient g.
func evaluate1(g noise.Gradient, h SmallXXHash, x float32) noise.Sample {
	v := h.bits()
	switch g {
	case noise.GradientPerlin:
		return lineGradient(v, x)
	case noise.GradientSimplex:
		return sampleScale(lineGradient(v, x), simplex1)
	}
	return noise.Sample{V: valueGrads[uint8(v)]}
}

// evaluate2 is IGradient.Evaluate(hash, x, z) for gradient g.
func evaluate2(g noise.Gradient, h SmallXXHash, x, z float32) noise.Sample {
	v := h.bits()
	switch g {
	case noise.GradientPerlin:
		return sampleScale(squareGradient(v, x, z), perlin2)
	case noise.GradientSimplex:
		return sampleScale(circleGradient(v, x, z), simplex2)
	}
	return noise.Sample{V: valueGrads[uint8(v)]}
}

// evaluate3 is IGradient.Evaluate(hash, x, y, z) for gradient g.
func evaluate3(g noise.Gradient, h SmallXXHash, x, y, z float32) noise.Sample {
	v := h.bits()
	switch g {
	case noise.GradientPerlin:
		return sampleScale(octahedronGradient(v, x, y, z), perlin3)
	case noise.GradientSimplex:
		return sampleScale(sphereGradient(v, x, y, z), simplex3)
	}
	return noise.Sample{V: valueGrads[uint8(v)]}
}

// evaluateCombined applies the combine step c to s (docs/algorithms.md
// §2.5): the value clamped to [−1, 1] (clampValue; the derivatives are
// left as computed), then turbulence or smooth turbulence.
func evaluateCombined(c noise.Combiner, s noise.Sample) noise.Sample {
	s.V = clampValue(s.V)
	if c == noise.CombineNone {
		return s
	}
	// Turbulence: the derivative's sign follows the value's sign.
	if !(s.V >= 0) {
		s.Dx, s.Dy, s.Dz, s.Dw = -s.Dx, -s.Dy, -s.Dz, -s.Dw
	}
	s.V = abs32(s.V)
	if c == noise.CombineSmoothTurbulence {
		return smoothstepSample(s)
	}
	return s
}

// smoothstepSample is Smoothstep<G>.EvaluateCombined on an already combined
// sample: v' = 3v^2 - 2v^3, d' = 6v(1-v) d.
func smoothstepSample(s noise.Sample) noise.Sample {
	v := s.V
	k := float32(6*v) * (1 - v)
	s.Dx = float32(s.Dx * k)
	s.Dy = float32(s.Dy * k)
	s.Dz = float32(s.Dz * k)
	s.Dw = float32(s.Dw * k)
	s.V = float32(v * float32(v*(3-float32(2*v))))
	return s
}

// clampValue limits a lattice or simplex noise's raw value (the blend or
// the kernel sum) to [−1, 1], its range, before the combine step: the
// float32 arithmetic can overshoot it, by rounding (the interpolator
// smoothT exceeds 1 for offsets in [0.99536, 1), so the last lerp
// extrapolates past a corner value ±1) and, near the edge of the
// coordinate range, where the lattice coordinates keep few fraction bits,
// by far more (docs/algorithms.md §2.5, §9.1). NaN passes through.
func clampValue(v float32) float32 { return clampMag(v, 1) }

// combineValue is evaluateCombined reduced to the value.
func combineValue(c noise.Combiner, v float32) float32 {
	v = clampValue(v)
	if c == noise.CombineNone {
		return v
	}
	v = abs32(v)
	if c == noise.CombineSmoothTurbulence {
		v = float32(v * float32(v*(3-float32(2*v))))
	}
	return v
}

// tesseractAxis is component a (0–3: x, y, z, w) of the 4D gradient with
// index i (0–31): the 32 midpoints of the tesseract's edges, every
// permutation of (0, ±1, ±1, ±1) (docs/algorithms.md §2.4). Axis i >> 3 is
// 0; the other three, in axis order, are −1 where bits 2, 1 and 0 of i
// are set, else +1.
func tesseractAxis(i, a uint32) float32 {
	zero := i >> 3
	if a == zero {
		return 0
	}
	k := a
	if a > zero {
		k = a - 1
	}
	if (i>>(2-k))&1 != 0 {
		return -1
	}
	return 1
}

// tesseractGrads holds tesseractAxis for every index and axis.
var tesseractGrads = func() (t [32][4]float32) {
	for i := range t {
		for a := range t[i] {
			t[i][a] = tesseractAxis(uint32(i), uint32(a))
		}
	}
	return t
}()

// tesseractVectors is the 4D gradient vector of a hash: index v >> 27,
// the avalanched hash's top five bits.
func tesseractVectors(v hashBits) (gx, gy, gz, gw float32) {
	g := &tesseractGrads[uint32(v)>>27]
	return g[0], g[1], g[2], g[3]
}

// tesseractGradient is the 4D gradient: v = g·(x, y, z, w), d = g.
func tesseractGradient(v hashBits, x, y, z, w float32) noise.Sample {
	gx, gy, gz, gw := tesseractVectors(v)
	return noise.Sample{
		V:  ((float32(gx*x) + float32(gy*y)) + float32(gz*z)) + float32(gw*w),
		Dx: gx, Dy: gy, Dz: gz, Dw: gw,
	}
}

// evaluate4 is Evaluate(hash, x, y, z, w) for gradient g: Perlin and
// simplex share the tesseract vectors (all of length √3), with their own
// normalisation; simplex4 includes the 1/√3.
func evaluate4(g noise.Gradient, h SmallXXHash, x, y, z, w float32) noise.Sample {
	v := h.bits()
	switch g {
	case noise.GradientPerlin:
		return sampleScale(tesseractGradient(v, x, y, z, w), perlin4)
	case noise.GradientSimplex:
		return sampleScale(tesseractGradient(v, x, y, z, w), simplex4)
	}
	return noise.Sample{V: valueGrads[uint8(v)]}
}
