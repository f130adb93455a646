//go:build goexperiment.simd && amd64

package cpu

import "github.com/noiselab/noise"

// The 8-lane twins of voronoi.go's value paths (see simd_amd64.go).

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
