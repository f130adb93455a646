//go:build goexperiment.simd && amd64

package cpu

import (
	"math"

	"github.com/noiselab/noise"
)

// The 8-lane twins of simplex.go's value paths (see simd_amd64.go).

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
