//go:build goexperiment.simd && amd64

package cpu

import (
	"math"

	"github.com/noiselab/noise"
)

// The 8-lane twins of gradient.go (see simd_amd64.go).

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

func lineValue8(v u8x, x f8) f8 {
	l := bf(1).Add(byteFloat8(v, 0))
	l = l.AsUint32x8().Xor(v.And(bu(256)).ShiftAllLeft(23)).AsFloat32x8() // bit 8 set: −l
	return l.Mul(x)
}
