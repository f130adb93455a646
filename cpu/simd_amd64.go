//go:build goexperiment.simd && amd64

package cpu

import (
	"math"
	"simd/archsimd"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
)

// The 8-lane (AVX2) value-only kernels: the scalar value paths transcribed
// lane by lane, one position per lane, with the same operations in the same
// order (Mul then Add, never MulAdd), so every lane is bit-identical to the
// scalar reference. Only the batch API uses them; tiling and smooth Worley
// stay scalar.

type f8 = archsimd.Float32x8

type i8 = archsimd.Int32x8

type u8x = archsimd.Uint32x8

var simdAVX2 = archsimd.X86.AVX2()

func bf(x float32) f8 { return archsimd.BroadcastFloat32x8(x) }

func bu(x uint32) u8x { return archsimd.BroadcastUint32x8(x) }

func bi(x int32) i8 { return archsimd.BroadcastInt32x8(x) }

func eat8(h u8x, d i8) u8x {
	a := h.Add(d.AsUint32x8().Mul(bu(primeC)))
	a = a.ShiftAllLeft(17).Or(a.ShiftAllRight(15))
	return a.Mul(bu(primeD))
}

func avalanche8(h u8x) u8x {
	h = h.Xor(h.ShiftAllRight(15)).Mul(bu(primeB))
	h = h.Xor(h.ShiftAllRight(13)).Mul(bu(primeC))
	return h.Xor(h.ShiftAllRight(16))
}

// byteFloat8 is Floats01X for the byte at shift: float(byte) * INV255.
func byteFloat8(v u8x, shift uint64) f8 {
	return v.ShiftAllRight(shift).And(bu(255)).AsInt32x8().ConvertToFloat32().Mul(bf(inv255))
}

func abs8(x f8) f8 { return x.AsUint32x8().And(bu(math.MaxInt32)).AsFloat32x8() }

func lerp8(a, b, t f8) f8 { return a.Add(t.Mul(b.Sub(a))) }

// clampFloor8 is clampCoord then floorToInt: the cell index and c.
func clampFloor8(c f8) (i8, f8) {
	c = c.Max(bf(-coordLimit)).Min(bf(coordLimit))
	return c.Floor().ConvertToInt32(), c
}

// kernel8 is an 8-lane value kernel: one octave of a variant at eight
// positions.
type kernel8 func(vp *variantParams, h SmallXXHash, f int32, x, y, z f8) f8

func (k kernel8) ok() bool { return k != nil }

// kernels8 are the 8-lane kernels by family and dims−1, like sampleFuncs;
// nil where the variant stays scalar (perm-value; tiling and smooth Worley
// are excluded in simdKernelFor).
var kernels8 = [4][3]kernel8{
	noise.FamilyLattice: {latticeValue1D8, latticeValue2D8, latticeValue3D8},
	noise.FamilySimplex: {simplexValue1D8, simplexValue2D8, simplexValue3D8},
	noise.FamilyVoronoi: {voronoiValue1D8, voronoiValue2D8, voronoiValue3D8},
}

// simdKernelFor picks the 8-lane kernel for c, or nil when the CPU lacks
// AVX2 or the variant stays scalar (tiling, smooth Worley, perm-value).
func simdKernelFor(c noise.Config) kernel8 {
	p := c.Noise.Parts()
	if !simdAVX2 || c.Tiling || c.Dims > 3 || p.Metric == noise.MetricSmoothWorley {
		return nil
	}
	return kernels8[p.Family][c.Dims-1]
}

// transformRow8 is row i of transform.apply, in its operation order.
func transformRow8(tr *transform, i int, px, py, pz f8) f8 {
	return bf(tr.m[i][0]).Mul(px).Add(bf(tr.m[i][1]).Mul(py)).Add(bf(tr.m[i][2]).Mul(pz)).Add(bf(tr.t[i]))
}

// valuesBlock8 is valueAt for pos[0:8], written to out[0:8]: the input
// clamp, the domain transform (the scalar operation order), the NaN rule and
// the fractal loop, all eight lanes at once.
func (s *Sampler) valuesBlock8(pos []mgl32.Vec3, out []float32) {
	var x, y, z [8]float32
	for l, p := range pos[:8] {
		x[l], y[l], z[l] = p[0], p[1], p[2]
	}
	px, py, pz := archsimd.LoadFloat32x8(&x), archsimd.LoadFloat32x8(&y), archsimd.LoadFloat32x8(&z)
	var nan archsimd.Mask32x8
	switch {
	case s.domain || s.cfg.Dims == 3:
		nan = px.IsNaN().Or(py.IsNaN()).Or(pz.IsNaN())
	case s.cfg.Dims == 2:
		nan = px.IsNaN().Or(pz.IsNaN())
	default:
		nan = px.IsNaN()
	}
	lo, hi := bf(-inputLimit), bf(inputLimit)
	px, py, pz = px.Max(lo).Min(hi), py.Max(lo).Min(hi), pz.Max(lo).Min(hi)
	if s.domain {
		px, py, pz = transformRow8(&s.tr, 0, px, py, pz), transformRow8(&s.tr, 1, px, py, pz), transformRow8(&s.tr, 2, px, py, pz)
	}
	sum := bf(0)
	for o := 0; o < s.oct.n; o++ {
		n := s.k8(&s.vp, s.hash.Add(int32(o)), s.oct.freq[o], px, py, pz)
		sum = sum.Add(n.Mul(bf(s.oct.amp[o])))
	}
	bf(nan32).Merge(sum.Div(bf(s.oct.ampSum)), nan).StoreSlice(out)
}

func simdStatus() (bool, string) {
	if !simdAVX2 {
		return false, "GOEXPERIMENT=simd, but the CPU lacks AVX2"
	}
	return true, "8-lane AVX2, GOEXPERIMENT=simd"
}
