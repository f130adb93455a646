package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The lean simplex 2D kernels: ValueAt's whole function for a lean 2D
// simplex sampler without a combine step, as pointlean2.go's for lattice
// noise. Each takes a cpu.valueFunc's arguments in its layout
// (leanSignature) and is cpu.simplexValue2D, NaN test and clamp included,
// for every frequency, with the same float operations in the same order:
//
//   - k = f·invSqrt3, then X, Z = x·k, z·k in lanes 0 and 1 (k·x: products
//     commute bit for bit); inLattice's range test and, out of line, the
//     NaN result or clampLattice, as pointlean2.go;
//   - sk = (X + Z)·skew2 (Z + X: sums commute bit for bit), sx, sz =
//     X + sk, Z + sk, their floor by VROUNDPS toward −∞ (floorWithFloat's
//     but for sx = −0, where the float is −0, not +0: see below) and
//     truncated to the lattice words, d = sx − fx0 > sz − fz0 as a mask;
//   - the three corners a = (x0, z0), b = (x0 + 1, z0 + 1) and c =
//     (x0 + d, z0 + 1 − d) in lanes 0, 1 and 2: their floats fx0 + (0, 1,
//     fd) and fz0 + (0, 1, 1 − fd) (fd = 1 or +0 by the mask; 1 − fd as fd
//     XOR the bits of 1, exact; Go's fx0 + fd and fx0 + 1 are the same one
//     rounding), then u = (fx + fz)·unskew2, x = (X − fx) + u,
//     z = (Z − fz) + u and f = (0.5 − x·x) − z·z, each in Go's order;
//   - their hashes in the low words of the quadword lanes of a YMM, as
//     pointlean2.go's (VPMULUDQ): the x words x0·primeC + (0, primeC,
//     primeC·d), the z words z0·primeC + (0, primeC, primeC·(1 − d)),
//     which is simplexValue2D's selection of h0 or h1 for corner c and its
//     z0c + primeC&^−d; h.eatC(x).eatC(z), the avalanche, the low byte;
//   - the gradient: value, byte·inv255x2 − 1 (valueGrads); simplex,
//     circleGrads' squareVectors (as pointlean2.go's Perlin) and
//     r = 1/sqrt(gx·gx + gy·gy) by VSQRTPS and VDIVPS, both correctly
//     rounded as Go's sqrt32 and division, then ((gx·x + gy·z)·r)·simplex2;
//   - the kernels (((f·g)·f)·f)·kernelMask(f) (8, or +0 where f's sign bit
//     is set: VPSRAD and VANDNPS), the sum (ka + kb) + kc, and 0 +
//     clampValue(v) as pointlean2.go.
//
// sx = −0 only where X = Z = −0 (a sum is −0 only when both terms are);
// then fx0 = fz0 = −0 where Go's are +0. fx0 + 1 = 1 and fx0 + fd = +0 +
// fd alike, and lane a's fx0 + 0 is +0, Go's fx0 itself; the skew offsets
// sx − fx0 are +0 where Go's are −0, which the comparison treats alike.
// So every float has Go's bits: the corners, the hashes, x, z, f and the
// kernels.

// pointLean2DSimplexKernels writes the lean simplex 2D kernels.
func pointLean2DSimplexKernels() {
	pointLean2DSimplex("valueSimplex2DPointLeanAVX2", false, false)
	pointLean2DSimplex("simplexSimplex2DPointLeanAVX2", true, false)
}

// pointLean2DSimplex writes the lean simplex 2D kernel name (above), value
// or simplex gradients.
func pointLean2DSimplex(name string, circle, table bool) {
	TEXT(name, NOSPLIT, leanSignature)
	Doc(fmt.Sprintf("%s is ValueAt of a lean 2D simplex sampler with %s gradients without a combine step (cpu.simplexValue2D, its corners' hashes in quadword lanes).",
		name, map[bool]string{false: "value", true: "simplex"}[circle]))
	c, K := XMM(), XMM()
	VMOVSS(addr(Param("x")), c)
	VINSERTPS(U8(1<<4), addr(Param("z")), c, c) // (x, z, 0, 0)
	VBROADCASTSS(addr(Param("f")), K)
	VMULPS(bcast(invSqrt3), K, K) // k = f·invSqrt3
	VMULPS(K, c, c)
	a, m := XMM(), GP32()
	VANDPS(bcast(^uint32(signMask)), c, a)
	VPCMPGTD(bcast(coordLimit), a, a)
	VMOVMSKPS(a, m)
	TESTL(U32(3), m)
	JNE(LabelRef("clamp"))
	Label("span")
	// the skew: sk = (X + Z)·skew2, (sx, sz) = (X, Z) + sk
	sk, s := XMM(), XMM()
	VMOVSHDUP(c, sk)
	VADDSS(c, sk, sk) // Z + X
	VMULSS(bcast(skew2), sk, sk)
	VBROADCASTSS(sk, sk)
	VADDPS(sk, c, s)
	fl, fr, i := XMM(), XMM(), XMM()
	VROUNDPS(U8(1), s, fl)
	VSUBPS(fl, s, fr) // (sx − fx0, sz − fz0)
	VCVTTPS2DQ(fl, i)
	M := XMM()
	VMOVSHDUP(fr, M)
	VCMPPS(U8(1), fr, M, M) // sz − fz0 < sx − fx0: d
	VBROADCASTSS(M, M.AsY())
	// the corners' floats and offsets (lanes a, b, c)
	ax, az := XMM(), XMM()
	VANDPS(vec8("lean2SFD", [8]uint32{0, 0, f1, 0, 0, 0, 0, 0}), M, ax)
	VORPS(vec8("lean2SF1", [8]uint32{0, f1, 0, 0, 0, 0, 0, 0}), ax, ax)  // (0, 1, fd)
	VXORPS(vec8("lean2SFD", [8]uint32{0, 0, f1, 0, 0, 0, 0, 0}), ax, az) // (0, 1, 1 − fd)
	fx, fz := XMM(), XMM()
	VBROADCASTSS(fl, fx)
	VADDPS(ax, fx, fx)
	VSHUFPS(U8(0x55), fl, fl, fz)
	VADDPS(az, fz, fz)
	u := XMM()
	VADDPS(fz, fx, u)
	VMULPS(bcast(unskew2), u, u)
	X, Z := XMM(), XMM()
	VBROADCASTSS(c, X)
	VSHUFPS(U8(0x55), c, c, Z)
	VSUBPS(fx, X, X)
	VADDPS(u, X, X) // x offsets
	VSUBPS(fz, Z, Z)
	VADDPS(u, Z, Z) // z offsets
	fo, t := XMM(), XMM()
	VMULPS(X, X, t)
	VMOVUPS(bcast(f0p5), fo)
	VSUBPS(t, fo, fo)
	VMULPS(Z, Z, t)
	VSUBPS(t, fo, fo) // f = (0.5 − x·x) − z·z
	// the hashes
	VPSHUFD(U8(0x10), i, i) // (x0, ·, z0, ·)
	VPMULUDQ(bcast(primeC), i, i)
	xs, zs, hx, hz := YMM(), YMM(), YMM(), YMM()
	VPERMQ(U8(0x00), i.AsY(), xs)
	VPERMQ(U8(0x55), i.AsY(), zs)
	VPAND(vec8("lean2SXC", [8]uint32{0, 0, 0, 0, primeC, 0, 0, 0}), M.AsY(), hx)
	VPOR(vec8("lean2SXB", [8]uint32{0, 0, primeC, 0, 0, 0, 0, 0}), hx, hx)  // (0, primeC, primeC·d)
	VPXOR(vec8("lean2SXC", [8]uint32{0, 0, 0, 0, primeC, 0, 0, 0}), hx, hz) // (0, primeC, primeC·(1 − d))
	VPADDD(hx, xs, xs)
	VPADDD(hz, zs, zs)
	v, r := YMM(), YMM()
	VBROADCASTSS(addr(Param("h")), v) // the bits as they are
	for _, w := range []VecVirtual{xs, zs} {
		VPADDD(w, v, v)
		VPSLLD(U8(17), v, r)
		VPSRLD(U8(15), v, v)
		VPOR(r, v, v)
		VPMULUDQ(bcast(primeD), v, v)
	}
	VPSRLD(U8(15), v, r)
	VPXOR(r, v, v)
	VPMULUDQ(bcast(primeB), v, v)
	VPSRLD(U8(13), v, r)
	VPXOR(r, v, v)
	VPMULUDQ(bcast(primeC), v, v)
	VPSRLD(U8(16), v, r)
	VPXOR(r, v, v)
	VPAND(bcast(0xFF), v, v)
	var g VecVirtual
	if table {
		// circleGrads[byte]: gx, gy and r = 1/sqrt(gx·gx + gy·gy), Go's own
		// table (cpu/gradtable.go), each in lanes a, b, c from the bytes in
		// general-purpose registers; then ((gx·x + gy·z)·r)·simplex2
		ba, bb, bc, base := GP64(), GP64(), GP64(), GP64()
		hi := XMM()
		VMOVD(v.AsX(), ba.As32())
		VPEXTRD(U8(2), v.AsX(), bb.As32())
		VEXTRACTI128(U8(1), v, hi)
		VZEROUPPER()
		VMOVD(hi, bc.As32())
		for _, b := range []GPVirtual{ba, bb, bc} {
			LEAQ(Mem{Base: b, Index: b, Scale: 2}, b) // byte·3
		}
		LEAQ(NewDataAddr(Symbol{Name: "·circleGrads"}, 0), base)
		gx, gy, rr := XMM(), XMM(), XMM()
		for k, w := range []VecVirtual{gx, gy, rr} {
			VMOVSS(Mem{Base: base, Index: ba, Scale: 4, Disp: 4 * k}, w)
			VINSERTPS(U8(1<<4), Mem{Base: base, Index: bb, Scale: 4, Disp: 4 * k}, w, w)
			VINSERTPS(U8(2<<4), Mem{Base: base, Index: bc, Scale: 4, Disp: 4 * k}, w, w)
		}
		g = gx
		VMULPS(X, g, g)
		VMULPS(Z, gy, gy)
		VADDPS(gy, g, g)
		VMULPS(rr, g, g)
		VMULPS(bcast(simplex2), g, g)
	} else {
		VMOVDQU(vec8("lean2SIdx", [8]uint32{0, 2, 4, 6, 0, 0, 0, 0}), r)
		VPERMD(v, r, v) // the bytes in lanes a, b, c
		g = v.AsX().(VecVirtual)
		VZEROUPPER()
		VCVTDQ2PS(g, g)
		VMULPS(bcast(inv255x2), g, g)
		VSUBPS(bcast(f1), g, g) // byte·inv255x2 − 1
	}
	if circle && !table {
		// squareVectors (gy = 0.5 − |gx|; gx −= floor(gx + 0.5), never
		// −0 + 0.5), r = 1/sqrt(gx·gx + gy·gy), ((gx·x + gy·z)·r)·simplex2
		gy, h5, q := XMM(), XMM(), XMM()
		VANDPS(bcast(^uint32(signMask)), g, gy)
		VMOVUPS(bcast(f0p5), h5)
		VSUBPS(gy, h5, gy)
		VADDPS(h5, g, h5)
		VROUNDPS(U8(1), h5, h5)
		VSUBPS(h5, g, g)
		VMULPS(g, g, q)
		VMULPS(gy, gy, t)
		VADDPS(t, q, q)
		VSQRTPS(q, q)
		VMOVUPS(bcast(f1), t)
		VDIVPS(q, t, q)
		VMULPS(X, g, g)
		VMULPS(Z, gy, gy)
		VADDPS(gy, g, g)
		VMULPS(q, g, g)
		VMULPS(bcast(simplex2), g, g)
	}
	VMULPS(fo, g, g)
	VMULPS(fo, g, g)
	VMULPS(fo, g, g)
	VPSRAD(U8(31), fo, fo)
	VANDNPS(bcast(f8), fo, fo) // kernelMask
	VMULPS(fo, g, g)
	n := XMM()
	VMOVSHDUP(g, n)
	VADDSS(n, g, n) // ka + kb
	VMOVHLPS(g, g, g)
	VADDSS(g, n, n) // + kc
	z := XMM()
	VANDPS(bcast(^uint32(signMask)), n, z)
	VUCOMISS(bcast(f1), z)
	JA(LabelRef("clampv"))
	Label("clamped")
	VXORPS(z, z, z)
	VADDSS(n, z, n)
	VMOVSS(n, addr(ReturnIndex(0)))
	RET()
	Label("clampv")
	VMAXSS(bcast(fm1), n, n)
	VMINSS(bcast(f1), n, n)
	JMP(LabelRef("clamped"))
	Label("clamp")
	VCMPPS(U8(3), c, c, a)
	VMOVMSKPS(a, m)
	TESTL(U32(3), m)
	JNE(LabelRef("nan"))
	VMAXPS(bcast(coordLimit|signMask), c, c)
	VMINPS(bcast(coordLimit), c, c)
	JMP(LabelRef("span"))
	Label("nan")
	MOVL(U32(0x7FC00000), addr(ReturnIndex(0)))
	RET()
}
