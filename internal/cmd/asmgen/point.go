package main

import (
	"fmt"
	"github.com/mmcloughlin/avo/gotypes"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The point kernels: one octave of a 3D variant at a single position, for
// ValueAt. They vectorise over the corners of the cell instead of over
// positions: lane c holds corner c (index bits x<<2 | y<<1 | z, as in
// cpu.latticeValue3D, or the four corners of the simplex tetrahedron), and
// the lerps and sums pair the lanes in the scalar order. In 2D the same
// kernels measured no faster than the scalar code (a cell of four or three
// corners leaves too little work beside the latency of the hash chain), so
// 2D stays scalar. (The Worley point kernels, pointvoro.go, put the cells
// in the lanes, in 2D too.)

// vec8 is a 32-byte read-only table of eight 32-bit values.
func vec8(name string, v [8]uint32) Mem { return permTable(name, v[:]) }

// cornerIndex is the VPERMD index that puts axis k (0 x, 1 y, 2 z) of the
// lower corner (lanes 0–3 of the table) or of the upper one (lanes 4–7)
// into each corner's lane, bit b of the corner number choosing.
func cornerIndex(k, b int) Mem {
	var v [8]uint32
	for c := range v {
		v[c] = uint32(k)
		if c>>b&1 != 0 {
			v[c] += 4
		}
	}
	return vec8(fmt.Sprintf("corner%d%d", k, b), v)
}

// pointArgs starts a point kernel: its TEXT, taking the coordinates one by
// one (a 16-byte load of a point's four stored floats would wait for the
// stores to retire), and returns them as (x, y, z, 0) twice.
func pointArgs(name string) VecVirtual {
	TEXT(name, NOSPLIT, pointSignature())
	if leanReg {
		return leanRegArgs(true)
	}
	c := XMM()
	VXORPS(c, c, c)
	for lane, a := range []string{"x", "y", "z"} {
		VINSERTPS(U8(lane<<4), addr(Param(a)), c, c)
	}
	r := YMM()
	VINSERTF128(U8(1), c, c.AsY(), r)
	leanNaN(r)
	return r
}

// leanKernel is set while the lean twins of the 3D point kernels are
// written (pointlean.go): pointSignature, leanNaN and pointReturn read it.
var leanKernel bool

// pointSignature is a point kernel's Go signature: the coordinates one by
// one, or, for a lean twin, the layout of cpu.valueFunc.
func pointSignature() string {
	if leanReg {
		return "func()"
	}
	if leanKernel {
		return leanSignature
	}
	return "func(x, y, z float32, h uint32, f float32) float32"
}

// pointReturn stores lane 0 of n as the result: for a lean twin after
// ValueAt's clampValue and 0 + (leanResult).
func pointReturn(n VecVirtual) {
	if leanReg {
		leanRegResult(n)
		return
	}
	if leanKernel {
		leanResult(n)
	}
	VMOVSS(n.AsX(), addr(ReturnIndex(0)))
}

// pointLattice is cpu.latticeValue3D (not tiling) at one position before
// combineValue.
func pointLattice(name string, perlin bool) {
	c := pointArgs(name)
	Doc(fmt.Sprintf("%s is one octave of lattice %s 3D noise at one position, its corners in the lanes (cpu.latticeValue3D before combineValue).", name, map[bool]string{false: "value", true: "Perlin"}[perlin]))
	H, F := leanParam("h"), leanParam("f")
	// spanValue on every axis, twice: lanes 0–3 the lower corner and its
	// offsets g, lanes 4–7 the upper corner and g − 1
	i0, g := pointSpan(F, c)
	t := smoothT(g)
	I, G := pointUpper(i0, g)
	// each corner's indices and offsets, axis k chosen by bit 2 − k of the
	// corner number, and its hash
	hv := H
	var off []VecVirtual
	for k := 0; k < 3; k++ {
		idx, ic := YMM(), YMM()
		VMOVDQU(cornerIndex(k, 2-k), idx)
		VPERMD(I, idx, ic)
		hv = eat(hv, ic)
		if perlin {
			o := YMM()
			VPERMPS(G, idx, o)
			off = append(off, o)
		}
	}
	pointLatticeEnd(avalanche(hv), off, t, perlin)
}

// pointLatticeEnd ends a lattice point kernel from the corners' avalanched
// hashes v (corner c in lane c), their offsets off (Perlin) and the
// interpolants t: the gradients, the lerps and the result.
func pointLatticeEnd(v VecVirtual, off []VecVirtual, t VecVirtual, perlin bool) {
	var n VecVirtual
	if perlin {
		n = octahedronDot(v, off[0], off[1], off[2])
	} else {
		n = byteGradient(v, 0)
	}
	pointLerps(n, t)
}

// pointLerps ends a lattice point kernel from its corners' values n
// (corner c in lane c) and the interpolants t: the lerps and the result.
func pointLerps(n, t VecVirtual) {
	// the lerps, z first: t of axis k in every lane
	tk := func(k int) VecVirtual {
		if leanKernel {
			// both halves of t hold (tx, ty, tz, ·): an in-lane
			// broadcast, without a table
			return laneOf(t, uint8(k))
		}
		idx, r := YMM(), YMM()
		VMOVDQU(vec8(fmt.Sprintf("lane%d", k), [8]uint32{uint32(k), uint32(k), uint32(k), uint32(k), uint32(k), uint32(k), uint32(k), uint32(k)}), idx)
		VPERMPS(t, idx, r)
		return r
	}
	b := YMM()
	VMOVSHDUP(n, b) // corner 2j+1 into lane 2j
	lerp(n, b, tk(2))
	VPERMILPS(U8(0xEE), n, b) // lane 2 into lane 0 (in each half)
	lerp(n, b, tk(1))         // x0v in lane 0, x1v in lane 4
	VEXTRACTF128(U8(1), n, b.AsX())
	lerp(n, b, tk(0))
	pointReturn(n)
	VZEROUPPER()
	RET()
	leanNaNExit()
}

// laneOf broadcasts lane k (of each 128-bit half) of r into a new
// register.
func laneOf(r Op, k uint8) VecVirtual {
	d := YMM()
	VPERMILPS(U8(k*0x55), r, d)
	return d
}

// cornerTable writes a read-only table of rows of 64 bytes, each row
// holding up to four 4-lane int32 vectors, and returns its address in a
// register.
func cornerTable(name string, rows [][][4]int32) GPVirtual {
	m, ok := consts[name]
	if !ok {
		m = GLOBL(name, RODATA|NOPTR)
		for r, row := range rows {
			for v, vec := range row {
				for l, x := range vec {
					DATA(64*r+16*v+4*l, U32(uint32(x)))
				}
			}
		}
		consts[name] = m
	}
	base := GP64()
	LEAQ(m, base)
	return base
}

// hsum is the sum of lanes 0 to n−1 of k, in that order (((k0 + k1) + k2)
// + …), in lane 0 of k.
func hsum(k VecVirtual, n int) {
	var t []VecVirtual
	for i := 1; i < n; i++ {
		t = append(t, laneOf(k, uint8(i)))
	}
	for _, r := range t {
		VADDPS(r, k, k)
	}
}

// pointSimplex is cpu.simplexValue3D at one position before combineValue:
// the corners of the tetrahedron in lanes 0–3, chosen by a table indexed by
// the comparisons of getSimplexCell3.
func pointSimplex(name string, simplexGrad bool) {
	var c VecVirtual
	if leanReg {
		TEXT(name, NOSPLIT, pointSignature())
		c = leanRegArgs(false) // lanes 0–3 only: the four corners'
	} else {
		c = pointArgs(name)
	}
	Doc(fmt.Sprintf("%s is one octave of simplex 3D noise with the %s gradient at one position, its corners in the lanes (cpu.simplexValue3D before combineValue).", name, map[bool]string{false: "value", true: "simplex"}[simplexGrad]))
	leanLow = true // the simplex kernel reads lanes 0–3 (leanRegArgs)
	H, K := leanParam("h"), leanParam("f")
	leanLow = false
	if !leanReg {
		// k = f·scale3; the register twins take k as their frequency
		// argument (the Sampler computes it once: cpu.regScale)
		VMULPS(bcast(scale3), K, K)
	}
	VMULPS(K, c, c)
	clampCoord(c)
	// getSimplexCell3: sk = ((X + Y) + Z)·skew3, the skewed cell l0 and
	// the fractions fr
	P := []Op{laneOf(c, 0), laneOf(c, 1), laneOf(c, 2)}
	sk := YMM()
	VADDPS(P[1], P[0], sk)
	VADDPS(P[2], sk, sk)
	VMULPS(bcast(skew3), sk, sk)
	VADDPS(sk, c, sk)
	var l0, fr VecVirtual
	if leanKernel {
		var fl VecVirtual
		l0, fl = floorWithFloat(sk) // pointlean.go
		fr = YMM()
		VSUBPS(fl, sk, fr)
	} else {
		l0 = floorToInt(sk)
		fr = YMM()
		VCVTDQ2PS(l0, fr)
		VSUBPS(fr, sk, fr)
	}
	// the comparisons fy < fx, fz < fx, fz < fy as bits 0, 1, 2
	big, small := YMM(), YMM()
	VPERMILPS(U8(0<<0|0<<2|1<<4), fr, big)   // fx, fx, fy
	VPERMILPS(U8(1<<0|2<<2|2<<4), fr, small) // fy, fz, fz
	VCMPPS(U8(1), big, small, small)
	m := GP32()
	VMOVMSKPS(small.AsX(), m)
	if !leanReg {
		ANDL(U32(7), m)
	} // else lane 3 compares fx < fx: bit 3 is 0 (pointlean.go)
	SHLL(U8(6), m)
	// per comparison, the corners' offsets from l0 (0, 1, a and b of
	// getSimplexCell3) on each axis
	b := func(v bool) int32 {
		if v {
			return 1
		}
		return 0
	}
	var rows [][][4]int32
	for bits := 0; bits < 8; bits++ {
		xGy, xGz, yGz := bits&1 != 0, bits&2 != 0, bits&4 != 0
		xa, ya, za := b(xGy && xGz), b(!xGy && yGz), b((xGy && !xGz) || (!xGy && !yGz))
		xb, yb, zb := b(xGy || (xGz && yGz)), b(!xGy || (xGz && yGz)), b(!(xGz && yGz))
		rows = append(rows, [][4]int32{{0, 1, xa, xb}, {0, 1, ya, yb}, {0, 1, za, zb}})
	}
	tbl := cornerTable("simplex3corners", rows)
	var L []Op
	hv := H
	for i := 0; i < 3; i++ {
		l := YMM()
		VPSHUFD(U8(i*0x55), l0, l)
		VPADDD(Mem{Base: tbl, Index: m.As64(), Scale: 1, Disp: 16 * i}, l, l)
		L = append(L, l)
		lq := YMM() // corner c in quadword c (pointmul.go)
		VPMOVZXDQ(l.AsX(), lq)
		hv = eatQ(hv, lq)
	}
	even, v := YMM(), YMM()
	VMOVDQU(vec8("evendwords", [8]uint32{0, 2, 4, 6, 0, 2, 4, 6}), even)
	VPERMD(avalancheQ(hv), even, v)
	off, fo := simplexOffsets(P, L, unskew3)
	var g VecVirtual
	if simplexGrad {
		var r VecVirtual
		if leanReg {
			r = s3pointGather(v) // pointlean.go
		}
		gx, gy, gz := octahedronVectors(v)
		if r == nil {
			r = sphereScale(gx, gy, gz)
		}
		g = dot3(gx, gy, gz, off[0], off[1], off[2])
		VMULPS(r, g, g)
		VMULPS(bcast(simplex3), g, g)
	} else {
		g = byteGradient(v, 0)
	}
	k := kernelFalloff(fo, g)
	hsum(k, 4)
	pointReturn(k)
	VZEROUPPER()
	RET()
	leanNaNExit()
}

// addr is the frame address of an argument or result, for the VEX loads
// and stores (avo's Load and Store emit legacy-SSE MOVSS and MOVD for
// vector registers).
func addr(c gotypes.Component) Mem {
	b, err := c.Resolve()
	if err != nil {
		panic(err)
	}
	return b.Addr
}
