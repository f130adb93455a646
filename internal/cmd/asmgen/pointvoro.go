package main

import (
	"fmt"
	"math"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The Voronoi point kernels: one octave of Worley F1 noise (jitter 1, not
// tiling) at a single position, for ValueAt. Lane l of group q holds cell
// 8q + l of the 3×3 (2D) or 3×3×3 (3D) neighbourhood, numbered as the
// scalar walk meets them (cpu.voronoiValue2D, cpu.voronoiValue3D: u outer,
// w inner); the lanes past the last cell repeat the centre cell, which
// changes no minimum. Each lane hashes its cell and measures both of its
// points; F1 is the smallest of the distances, and the smallest of a set of
// numbers (never NaN nor −0 here) does not depend on the order of the
// comparisons, so the minimum over the lanes is the scalar walk's a. Then,
// as minPair.result: sqrt(min(a, 1)).

// cellOffsets is the cell offset (−1, 0, 1) of axis k of the n-axis cell in
// lane l of group q, as int32 and as float32 tables.
func cellOffsets(n, k, q int) (ints, floats Mem) {
	var iv, fv [8]uint32
	cells := 1
	for i := 0; i < n; i++ {
		cells *= 3
	}
	for l := range iv {
		c := 8*q + l
		if c >= cells {
			c = cells / 2 // the centre
		}
		d := c
		for i := n - 1; i > k; i-- {
			d /= 3
		}
		o := d%3 - 1
		iv[l] = uint32(int32(o))
		fv[l] = math.Float32bits(float32(o))
	}
	return vec8(fmt.Sprintf("voro%dcell%d%d", n, k, q), iv), vec8(fmt.Sprintf("voro%dcellf%d%d", n, k, q), fv)
}

// pointVoronoiArgs starts a Voronoi point kernel with n coordinates (2: x
// and z, the plane of 2D noise; 3: x, y and z), in lanes 0 to n−1 of both
// halves of the returned register.
func pointVoronoiArgs(name string, n int) VecVirtual {
	if n == 3 {
		return pointArgs(name)
	}
	TEXT(name, NOSPLIT, "func(x, z float32, h uint32, f float32) float32")
	c := XMM()
	VXORPS(c, c, c)
	for lane, a := range []string{"x", "z"} {
		VINSERTPS(U8(lane<<4), addr(Param(a)), c, c)
	}
	r := YMM()
	VINSERTF128(U8(1), c, c.AsY(), r)
	return r
}

// unitByte is Floats01A…D: float(the byte of v at shift)·inv255.
func unitByte(v VecVirtual, shift int) VecVirtual {
	r := YMM()
	if shift == 24 {
		VPSRLD(U8(24), v, r)
	} else {
		if shift == 0 {
			VPAND(bcast(255), v, r)
		} else {
			VPSRLD(U8(shift), v, r)
			VPAND(bcast(255), r, r)
		}
	}
	VCVTDQ2PS(r, r)
	VMULPS(bcast(inv255), r, r)
	return r
}

// unitBits5 is bits5(shift): float((v >> shift) & 31)·inv31.
func unitBits5(v VecVirtual, shift int) VecVirtual {
	r := YMM()
	if shift == 0 {
		VPAND(bcast(31), v, r)
	} else {
		VPSRLD(U8(shift), v, r)
		VPAND(bcast(31), r, r)
	}
	VCVTDQ2PS(r, r)
	VMULPS(bcast(inv31), r, r)
	return r
}

// sqDist is ((a0·a0) + (a1·a1)) + (a2·a2) of the components given, into
// a0 (the "+ 0" of the 2D scalar sum changes no square: x·x is never −0).
func sqDist(a []VecVirtual) VecVirtual {
	d := YMM()
	VMULPS(a[0], a[0], d)
	for _, x := range a[1:] {
		t := YMM()
		VMULPS(x, x, t)
		VADDPS(t, d, d)
	}
	return d
}

// pointWorley is voronoiValue2D (n = 2) or voronoiValue3D (n = 3) for
// Worley F1 at jitter 1, not tiling, at one position.
func pointWorley(name string, n int) {
	c := pointVoronoiArgs(name, n)
	Doc(fmt.Sprintf("%s is one octave of Worley F1 %dD noise (jitter 1, not tiling) at one position, its cells in the lanes (cpu.voronoiValue%dD).", name, n, n))
	H, F := broadcastParam("h"), broadcastParam("f")
	// spanValue(clampCoord(p·f)) on each axis
	i0, g := pointSpan(F, c)
	var I, G []VecVirtual
	for k := 0; k < n; k++ {
		ik := YMM()
		VPSHUFD(U8(k*0x55), i0, ik)
		I = append(I, ik)
		G = append(G, laneOf(g, uint8(k)))
	}
	cells := 9
	if n == 3 {
		cells = 27
	}
	var m VecVirtual
	for q := 0; q < (cells+7)/8; q++ {
		// the cell's hash: h.Eat(x0 + u).Eat(…)…, avalanched
		hv := H
		var off []VecVirtual
		for k := 0; k < n; k++ {
			ints, floats := cellOffsets(n, k, q)
			ic := YMM()
			VPADDD(ints, I[k], ic)
			hv = eat(hv, ic)
			o := YMM()
			VMOVUPS(floats, o)
			VSUBPS(G[k], o, o) // float(u) − g
			off = append(off, o)
		}
		v := avalanche(hv)
		var d [2]VecVirtual
		for j := range d {
			var a []VecVirtual
			for k := 0; k < n; k++ {
				var u VecVirtual
				if n == 2 {
					u = unitByte(v, 8*(2*j+k))
				} else {
					u = unitBits5(v, 5*(3*j+k))
				}
				VADDPS(off[k], u, u)
				a = append(a, u)
			}
			d[j] = sqDist(a)
		}
		VMINPS(d[1], d[0], d[0])
		if m == nil {
			m = d[0]
		} else {
			VMINPS(d[0], m, m)
		}
	}
	// the minimum over the lanes, then sqrt(min(a, 1))
	t := YMM()
	VEXTRACTF128(U8(1), m, t.AsX())
	VMINPS(t.AsX(), m.AsX(), m.AsX())
	VPERMILPS(U8(0xEE), m.AsX(), t.AsX())
	VMINPS(t.AsX(), m.AsX(), m.AsX())
	VMOVSHDUP(m.AsX(), t.AsX())
	VMINSS(t.AsX(), m.AsX(), m.AsX())
	VMINSS(bcast(f1), m.AsX(), m.AsX())
	VSQRTSS(m.AsX(), m.AsX(), m.AsX())
	VMOVSS(m.AsX(), addr(ReturnIndex(0)))
	VZEROUPPER()
	RET()
}
