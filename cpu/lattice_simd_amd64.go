//go:build goexperiment.simd && amd64

package cpu

import "github.com/noiselab/noise"

// The 8-lane twins of lattice.go's value paths (see simd_amd64.go).

func smoothT8(u f8) f8 {
	return u.Mul(u).Mul(u).Mul(u.Mul(u.Mul(bf(6)).Sub(bf(15))).Add(bf(10)))
}

// spanValue8 is spanValue: lower corner, offset g0 and interpolator t.
func spanValue8(c, F f8) (i8, f8, f8) {
	p0, cc := clampFloor8(c.Mul(F))
	g0 := cc.Sub(p0.ConvertToFloat32())
	return p0, g0, smoothT8(g0)
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
