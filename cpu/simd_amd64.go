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
func bi(x int32) i8   { return archsimd.BroadcastInt32x8(x) }

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

func smoothT8(u f8) f8 {
	return u.Mul(u).Mul(u).Mul(u.Mul(u.Mul(bf(6)).Sub(bf(15))).Add(bf(10)))
}

// spanValue8 is spanValue: lower corner, offset g0 and interpolator t.
func spanValue8(c, F f8) (i8, f8, f8) {
	p0, cc := clampFloor8(c.Mul(F))
	g0 := cc.Sub(p0.ConvertToFloat32())
	return p0, g0, smoothT8(g0)
}

func valueGradient8(v u8x) f8 {
	return byteFloat8(v, 0).Mul(bf(2)).Sub(bf(1))
}

// foldOffset8 is foldOffset: (g < 0) ? off : −off.
func foldOffset8(g, off f8) f8 {
	return off.AsUint32x8().Or(g.AsUint32x8().Xor(bu(math.MaxUint32)).And(bu(signMask))).AsFloat32x8()
}

func perlinValue3x8(v u8x, x, y, z f8) f8 {
	gx := byteFloat8(v, 0).Mul(bf(2)).Sub(bf(1))
	gy := byteFloat8(v, 24).Mul(bf(2)).Sub(bf(1))
	gz := bf(1).Sub(abs8(gx)).Sub(abs8(gy))
	off := bf(0).Sub(gz).Max(bf(0))
	gx = gx.Add(foldOffset8(gx, off))
	gy = gy.Add(foldOffset8(gy, off))
	return gx.Mul(x).Add(gy.Mul(y)).Add(gz.Mul(z)).Mul(bf(perlin3))
}

func perlinValue2x8(v u8x, x, z f8) f8 {
	gx := byteFloat8(v, 0).Mul(bf(2)).Sub(bf(1))
	gy := bf(0.5).Sub(abs8(gx))
	gx = gx.Sub(gx.Add(bf(0.5)).Floor())
	return gx.Mul(x).Add(gy.Mul(z)).Mul(bf(perlin2))
}

func combineValue8(c noise.Combiner, v f8) f8 {
	if c == noise.CombineNone {
		return v
	}
	v = abs8(v)
	if c == noise.CombineSmoothTurbulence {
		v = v.Mul(v.Mul(bf(3).Sub(bf(2).Mul(v))))
	}
	return v
}

func latticeValue2D8(vp *variantParams, h SmallXXHash, f int32, px, _, pz f8) f8 {
	F := bi(f).ConvertToFloat32()
	x0, gx, tx := spanValue8(px, F)
	z0, gz, tz := spanValue8(pz, F)
	one := bi(1)
	x1, z1 := x0.Add(one), z0.Add(one)
	hb := bu(uint32(h))
	h0, h1 := eat8(hb, x0), eat8(hb, x1)
	gx1, gz1 := gx.Sub(bf(1)), gz.Sub(bf(1))
	va, vb := avalanche8(eat8(h0, z0)), avalanche8(eat8(h0, z1))
	vc, vd := avalanche8(eat8(h1, z0)), avalanche8(eat8(h1, z1))
	var a, b, c, d f8
	if vp.grad == noise.GradientPerlin {
		a, b = perlinValue2x8(va, gx, gz), perlinValue2x8(vb, gx, gz1)
		c, d = perlinValue2x8(vc, gx1, gz), perlinValue2x8(vd, gx1, gz1)
	} else {
		a, b, c, d = valueGradient8(va), valueGradient8(vb), valueGradient8(vc), valueGradient8(vd)
	}
	return combineValue8(vp.comb, lerp8(lerp8(a, b, tz), lerp8(c, d, tz), tx))
}

func latticeValue3D8(vp *variantParams, h SmallXXHash, f int32, px, py, pz f8) f8 {
	F := bi(f).ConvertToFloat32()
	x0, gx, tx := spanValue8(px, F)
	y0, gy, ty := spanValue8(py, F)
	z0, gz, tz := spanValue8(pz, F)
	one := bi(1)
	x1, y1, z1 := x0.Add(one), y0.Add(one), z0.Add(one)
	hb := bu(uint32(h))
	h0, h1 := eat8(hb, x0), eat8(hb, x1)
	h00, h01, h10, h11 := eat8(h0, y0), eat8(h0, y1), eat8(h1, y0), eat8(h1, y1)
	gx1, gy1, gz1 := gx.Sub(bf(1)), gy.Sub(bf(1)), gz.Sub(bf(1))
	var n [8]f8
	hs := [4]u8x{h00, h01, h10, h11}
	if vp.grad == noise.GradientPerlin {
		n[0] = perlinValue3x8(avalanche8(eat8(hs[0], z0)), gx, gy, gz)
		n[1] = perlinValue3x8(avalanche8(eat8(hs[0], z1)), gx, gy, gz1)
		n[2] = perlinValue3x8(avalanche8(eat8(hs[1], z0)), gx, gy1, gz)
		n[3] = perlinValue3x8(avalanche8(eat8(hs[1], z1)), gx, gy1, gz1)
		n[4] = perlinValue3x8(avalanche8(eat8(hs[2], z0)), gx1, gy, gz)
		n[5] = perlinValue3x8(avalanche8(eat8(hs[2], z1)), gx1, gy, gz1)
		n[6] = perlinValue3x8(avalanche8(eat8(hs[3], z0)), gx1, gy1, gz)
		n[7] = perlinValue3x8(avalanche8(eat8(hs[3], z1)), gx1, gy1, gz1)
	} else {
		for c := range n {
			zc := z0
			if c&1 != 0 {
				zc = z1
			}
			n[c] = valueGradient8(avalanche8(eat8(hs[c>>1], zc)))
		}
	}
	x0v := lerp8(lerp8(n[0], n[1], tz), lerp8(n[2], n[3], tz), ty)
	x1v := lerp8(lerp8(n[4], n[5], tz), lerp8(n[6], n[7], tz), ty)
	return combineValue8(vp.comb, lerp8(x0v, x1v, tx))
}

func lineValue8(v u8x, x f8) f8 {
	l := bf(1).Add(byteFloat8(v, 0))
	l = l.AsUint32x8().Xor(v.And(bu(256)).ShiftAllLeft(23)).AsFloat32x8() // bit 8 set: −l
	return l.Mul(x)
}

func latticeValue1D8(vp *variantParams, h SmallXXHash, f int32, px, _, _ f8) f8 {
	x0, gx, tx := spanValue8(px, bi(f).ConvertToFloat32())
	hb := bu(uint32(h))
	va, vb := avalanche8(eat8(hb, x0)), avalanche8(eat8(hb, x0.Add(bi(1))))
	var a, b f8
	if vp.grad == noise.GradientPerlin {
		a, b = lineValue8(va, gx), lineValue8(vb, gx.Sub(bf(1)))
	} else {
		a, b = valueGradient8(va), valueGradient8(vb)
	}
	return combineValue8(vp.comb, lerp8(a, b, tx))
}

// Simplex noise.

// maskNonNegative8 is (f >= 0) ? k : 0 for f that is not −0 or NaN.
func maskNonNegative8(f f8, k float32) f8 {
	return bu(math.Float32bits(k)).AndNot(f.AsInt32x8().ShiftAllRight(31).AsUint32x8()).AsFloat32x8()
}

func simplexValue1D8(vp *variantParams, h SmallXXHash, f int32, px, _, _ f8) f8 {
	X := px.Mul(bi(f).ConvertToFloat32()).Max(bf(-coordLimit)).Min(bf(coordLimit))
	x0 := X.Floor().ConvertToInt32()
	x1 := x0.Add(bi(1))
	hb := bu(uint32(h))
	k0 := simplexValueKernel1x8(vp.grad, avalanche8(eat8(hb, x0)), x0, X)
	k1 := simplexValueKernel1x8(vp.grad, avalanche8(eat8(hb, x1)), x1, X)
	return combineValue8(vp.comb, k0.Add(k1))
}

func simplexValueKernel1x8(g noise.Gradient, v u8x, l i8, X f8) f8 {
	x := X.Sub(l.ConvertToFloat32())
	f := bf(1).Sub(x.Mul(x))
	var gv f8
	if g == noise.GradientSimplex {
		gv = lineValue8(v, x).Mul(bf(simplex1))
	} else {
		gv = valueGradient8(v)
	}
	return f.Mul(gv).Mul(f).Mul(f)
}

func simplexValueKernel2x8(g noise.Gradient, v u8x, lx, lz i8, X, Z f8) f8 {
	flx, flz := lx.ConvertToFloat32(), lz.ConvertToFloat32()
	u := flx.Add(flz).Mul(bf(unskew2))
	x := X.Sub(flx).Add(u)
	z := Z.Sub(flz).Add(u)
	f := bf(0.5).Sub(x.Mul(x)).Sub(z.Mul(z))
	var gv f8
	if g == noise.GradientSimplex {
		gx := byteFloat8(v, 0).Mul(bf(2)).Sub(bf(1))
		gy := bf(0.5).Sub(abs8(gx))
		gx = gx.Sub(gx.Add(bf(0.5)).Floor())
		r := bf(1).Div(gx.Mul(gx).Add(gy.Mul(gy)).Sqrt())
		gv = gx.Mul(x).Add(gy.Mul(z)).Mul(r).Mul(bf(simplex2))
	} else {
		gv = valueGradient8(v)
	}
	return f.Mul(gv).Mul(f).Mul(f).Mul(maskNonNegative8(f, 8))
}

func simplexValue2D8(vp *variantParams, h SmallXXHash, f int32, px, _, pz f8) f8 {
	k := bf(float32(float32(f) * invSqrt3))
	X := px.Mul(k).Max(bf(-coordLimit)).Min(bf(coordLimit))
	Z := pz.Mul(k).Max(bf(-coordLimit)).Min(bf(coordLimit))
	sk := X.Add(Z).Mul(bf(skew2))
	sx, sz := X.Add(sk), Z.Add(sk)
	x0, z0 := sx.Floor().ConvertToInt32(), sz.Floor().ConvertToInt32()
	one := bi(1)
	x1, z1 := x0.Add(one), z0.Add(one)
	xGz := sx.Sub(x0.ConvertToFloat32()).Greater(sz.Sub(z0.ConvertToFloat32()))
	xC, zC := x1.Merge(x0, xGz), z0.Merge(z1, xGz)
	hb := bu(uint32(h))
	h0, h1 := eat8(hb, x0), eat8(hb, x1)
	hC := h1.Merge(h0, xGz)
	g := vp.grad
	sum := simplexValueKernel2x8(g, avalanche8(eat8(h0, z0)), x0, z0, X, Z).
		Add(simplexValueKernel2x8(g, avalanche8(eat8(h1, z1)), x1, z1, X, Z)).
		Add(simplexValueKernel2x8(g, avalanche8(eat8(hC, zC)), xC, zC, X, Z))
	return combineValue8(vp.comb, sum)
}

func simplexValueKernel3x8(g noise.Gradient, v u8x, lx, ly, lz i8, X, Y, Z f8) f8 {
	flx, fly, flz := lx.ConvertToFloat32(), ly.ConvertToFloat32(), lz.ConvertToFloat32()
	u := flx.Add(fly).Add(flz).Mul(bf(unskew3))
	x := X.Sub(flx).Add(u)
	y := Y.Sub(fly).Add(u)
	z := Z.Sub(flz).Add(u)
	f := bf(0.5).Sub(x.Mul(x)).Sub(y.Mul(y)).Sub(z.Mul(z))
	var gv f8
	if g == noise.GradientSimplex {
		gx := byteFloat8(v, 0).Mul(bf(2)).Sub(bf(1))
		gy := byteFloat8(v, 24).Mul(bf(2)).Sub(bf(1))
		gz := bf(1).Sub(abs8(gx)).Sub(abs8(gy))
		off := bf(0).Sub(gz).Max(bf(0))
		gx = gx.Add(foldOffset8(gx, off))
		gy = gy.Add(foldOffset8(gy, off))
		r := bf(1).Div(gx.Mul(gx).Add(gy.Mul(gy)).Add(gz.Mul(gz)).Sqrt())
		gv = gx.Mul(x).Add(gy.Mul(y)).Add(gz.Mul(z)).Mul(r).Mul(bf(simplex3))
	} else {
		gv = valueGradient8(v)
	}
	return f.Mul(gv).Mul(f).Mul(f).Mul(maskNonNegative8(f, 8))
}

func simplexValue3D8(vp *variantParams, h SmallXXHash, f int32, px, py, pz f8) f8 {
	k := bf(float32(float32(f) * scale3))
	X := px.Mul(k).Max(bf(-coordLimit)).Min(bf(coordLimit))
	Y := py.Mul(k).Max(bf(-coordLimit)).Min(bf(coordLimit))
	Z := pz.Mul(k).Max(bf(-coordLimit)).Min(bf(coordLimit))
	sk := X.Add(Y).Add(Z).Mul(bf(skew3))
	sx, sy, sz := X.Add(sk), Y.Add(sk), Z.Add(sk)
	x0, y0, z0 := sx.Floor().ConvertToInt32(), sy.Floor().ConvertToInt32(), sz.Floor().ConvertToInt32()
	fx, fy, fz := sx.Sub(x0.ConvertToFloat32()), sy.Sub(y0.ConvertToFloat32()), sz.Sub(z0.ConvertToFloat32())
	xGy, xGz, yGz := fx.Greater(fy), fx.Greater(fz), fy.Greater(fz)
	nxGy, nxGz, nyGz := fx.LessEqual(fy), fx.LessEqual(fz), fy.LessEqual(fz)
	xA := xGy.And(xGz)
	xB := xGy.Or(xGz.And(yGz))
	yA := nxGy.And(yGz)
	yB := nxGy.Or(xGz.And(yGz))
	zA := xGy.And(nxGz).Or(nxGy.And(nyGz))
	zB := nxGz.Or(nyGz)
	one := bi(1)
	x1, y1, z1 := x0.Add(one), y0.Add(one), z0.Add(one)
	xa, ya, za := x1.Merge(x0, xA), y1.Merge(y0, yA), z1.Merge(z0, zA)
	xb, yb, zb := x1.Merge(x0, xB), y1.Merge(y0, yB), z1.Merge(z0, zB)
	hb := bu(uint32(h))
	h0, h1 := eat8(hb, x0), eat8(hb, x1)
	hA, hB := h1.Merge(h0, xA), h1.Merge(h0, xB)
	g := vp.grad
	sum := simplexValueKernel3x8(g, avalanche8(eat8(eat8(h0, y0), z0)), x0, y0, z0, X, Y, Z).
		Add(simplexValueKernel3x8(g, avalanche8(eat8(eat8(h1, y1), z1)), x1, y1, z1, X, Y, Z)).
		Add(simplexValueKernel3x8(g, avalanche8(eat8(eat8(hA, ya), za)), xa, ya, za, X, Y, Z)).
		Add(simplexValueKernel3x8(g, avalanche8(eat8(eat8(hB, yb), zb)), xb, yb, zb, X, Y, Z))
	return combineValue8(vp.comb, sum)
}

// Voronoi noise: two independent running-minimum pairs (one per cell point)
// merged at the end; the two smallest of a set do not depend on the order.

type minima8 struct{ a, b f8 }

func (m minima8) update(d f8, two bool) minima8 {
	if two {
		m.b = m.b.Min(m.a.Max(d))
	}
	m.a = m.a.Min(d)
	return m
}

func (m minima8) merge(n minima8, two bool) minima8 {
	if two {
		m.b = m.b.Min(n.b).Min(m.a.Max(n.a))
	}
	m.a = m.a.Min(n.a)
	return m
}

func (m minima8) evaluate(vp *variantParams, dims int) f8 {
	a, b := m.a, m.b
	if vp.metric == noise.MetricWorley && dims > 1 {
		a, b = a.Min(bf(1)).Sqrt(), b.Min(bf(1)).Sqrt()
	}
	switch vp.function {
	case noise.FunctionF2:
		return b
	case noise.FunctionF2MinusF1:
		return b.Sub(a)
	}
	return a
}

func voronoiValue1D8(vp *variantParams, h SmallXXHash, f int32, px, _, _ f8) f8 {
	x0, gx, _ := spanValue8(px, bi(f).ConvertToFloat32())
	hb := bu(uint32(h))
	two := vp.function != noise.FunctionF1
	m := minima8{bf(2), bf(2)}
	for u := int32(-1); u <= 1; u++ {
		v := avalanche8(eat8(hb, x0.Add(bi(u))))
		m = m.update(abs8(byteFloat8(v, 0).Add(bf(float32(u))).Sub(gx)), two)
	}
	return m.evaluate(vp, 1)
}

func dist2x8(cheb bool, x, z f8) f8 {
	if cheb {
		return abs8(x).Max(abs8(z))
	}
	return x.Mul(x).Add(bf(0)).Add(z.Mul(z))
}

func voronoiValue2D8(vp *variantParams, h SmallXXHash, f int32, px, _, pz f8) f8 {
	F := bi(f).ConvertToFloat32()
	x0, gx, _ := spanValue8(px, F)
	z0, gz, _ := spanValue8(pz, F)
	hb := bu(uint32(h))
	two, cheb := vp.function != noise.FunctionF1, vp.metric == noise.MetricChebyshev
	m1, m2 := minima8{bf(2), bf(2)}, minima8{bf(2), bf(2)}
	for u := int32(-1); u <= 1; u++ {
		hx := eat8(hb, x0.Add(bi(u)))
		ox := bf(float32(u)).Sub(gx)
		for w := int32(-1); w <= 1; w++ {
			v := avalanche8(eat8(hx, z0.Add(bi(w))))
			oz := bf(float32(w)).Sub(gz)
			m1 = m1.update(dist2x8(cheb, byteFloat8(v, 0).Add(ox), byteFloat8(v, 8).Add(oz)), two)
			m2 = m2.update(dist2x8(cheb, byteFloat8(v, 16).Add(ox), byteFloat8(v, 24).Add(oz)), two)
		}
	}
	return m1.merge(m2, two).evaluate(vp, 2)
}

func bits5x8(v u8x, shift uint64) f8 {
	return v.ShiftAllRight(shift).And(bu(31)).AsInt32x8().ConvertToFloat32().Mul(bf(inv31))
}

func dist3x8(cheb bool, x, y, z f8) f8 {
	if cheb {
		return abs8(x).Max(abs8(y)).Max(abs8(z))
	}
	return x.Mul(x).Add(y.Mul(y)).Add(z.Mul(z))
}

func voronoiValue3D8(vp *variantParams, h SmallXXHash, f int32, px, py, pz f8) f8 {
	F := bi(f).ConvertToFloat32()
	x0, gx, _ := spanValue8(px, F)
	y0, gy, _ := spanValue8(py, F)
	z0, gz, _ := spanValue8(pz, F)
	hb := bu(uint32(h))
	two, cheb := vp.function != noise.FunctionF1, vp.metric == noise.MetricChebyshev
	m1, m2 := minima8{bf(2), bf(2)}, minima8{bf(2), bf(2)}
	for u := int32(-1); u <= 1; u++ {
		hx := eat8(hb, x0.Add(bi(u)))
		ox := bf(float32(u)).Sub(gx)
		for v := int32(-1); v <= 1; v++ {
			hy := eat8(hx, y0.Add(bi(v)))
			oy := bf(float32(v)).Sub(gy)
			for w := int32(-1); w <= 1; w++ {
				c := avalanche8(eat8(hy, z0.Add(bi(w))))
				oz := bf(float32(w)).Sub(gz)
				m1 = m1.update(dist3x8(cheb, bits5x8(c, 0).Add(ox), bits5x8(c, 5).Add(oy), bits5x8(c, 10).Add(oz)), two)
				m2 = m2.update(dist3x8(cheb, bits5x8(c, 15).Add(ox), bits5x8(c, 20).Add(oy), bits5x8(c, 25).Add(oz)), two)
			}
		}
	}
	return m1.merge(m2, two).evaluate(vp, 3)
}

// kernel8 is an 8-lane value kernel: one octave of a variant at eight
// positions.
type kernel8 func(vp *variantParams, h SmallXXHash, f int32, x, y, z f8) f8

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
