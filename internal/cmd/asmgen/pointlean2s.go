package main

import (
	"flag"
	"fmt"
	"os"
	"regexp"
	"strings"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The lean simplex 2D kernels: ValueAt's whole function for a lean 2D
// simplex sampler without a combine step, as pointlean2.go's for lattice
// noise, written for Go's register ABI (leanReg2D, below). Each is
// cpu.simplexValue2D, NaN test and clamp included, for every frequency,
// with the same float operations in the same order:
//
//   - k = f·invSqrt3 (the register twins take k as their frequency
//     argument: the Sampler computes it once, cpu.regScale), then X, Z =
//     x·k, z·k in lanes 0 and 1 (k·x: products commute bit for bit);
//     inLattice's range test and, out of line, the NaN result or
//     clampLattice, as pointlean2.go;
//   - sk = (X + Z)·skew2 in lanes 0 and 1 (Z + X and X + Z: sums
//     commute bit for bit), sx, sz = X + sk, Z + sk, their floor by VROUNDPS toward −∞ (floorWithFloat's
//     but for sx = −0, where the float is −0, not +0: see below) and
//     truncated to the lattice words, d = sx − fx0 > sz − fz0 as a mask;
//   - the three corners a = (x0, z0), b = (x0 + 1, z0 + 1) and c =
//     (x0 + d, z0 + 1 − d) in lanes 0–2 (x) and 4–6 (z) of a YMM: their
//     floats fx0 + (0, 1, fd) and fz0 + (0, 1, 1 − fd) (fd = 1 or +0 by the
//     mask; 1 − fd as fd XOR the bits of 1, exact; Go's fx0 + fd and
//     fx0 + 1 are the same one rounding), then u = (fx + fz)·unskew2
//     (fz + fx in the upper half), x = (X − fx) + u, z = (Z − fz) + u in
//     one operation each for both halves, and f = (0.5 − x·x) − z·z, each
//     in Go's order;
//   - their hashes in the quadword lanes of a YMM (VPMULUDQ, as
//     pointlean2.go's): corner k's x word in the low word of lane k, its z
//     word in the high one, x0·primeC + (0, primeC, primeC·d) and
//     z0·primeC + (0, primeC, primeC·(1 − d)), which is simplexValue2D's
//     selection of h0 or h1 for corner c and its z0c + primeC&^−d; then
//     h.eatC(x), the z words shifted down (VPSRLQ), .eatC(z), the
//     avalanche, the low byte;
//   - the gradient: value, byte·inv255x2 − 1 (valueGrads); simplex, Go's
//     own table circleGrads (gx, gy, r = 1/sqrt(gx·gx + gy·gy)) indexed by
//     the bytes in general-purpose registers, then ((gx·x + gy·z)·r)·simplex2;
//     the register twin with simplex gradients is pointLean2DSimplexFour,
//     which reads the same numbers from s2square and s2rsqrt by two
//     gathers (circlePairs);
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
//
// Tried (paired in-process A/B against simplexValue2D on the peer
// benchmarks' 256² grid, machine load 8–9): the corners' x and z in two
// XMMs (broadcasts of X, Z, fx0 and fz0; the x and z words in the low
// words of two YMMs), with r computed (squareVectors, VSQRTPS, VDIVPS,
// both correctly rounded as Go's sqrt32 and division): 3 % faster than Go
// for simplex gradients, 23 % for value gradients; the table in place of
// the computation, 5 % faster again; this layout 1–2 % more; the register
// ABI, 5 % more; sk in two lanes (no broadcast), 2–3 % more; at AVX-512,
// VPROLD for the rotations, 3 % more (value lattice noise: 7.5 %). Dropped: the
// three hashes in general-purpose registers (IMUL, RORX, the selection of
// corner c by CMOV, the bytes straight to the table's index): 1 % faster
// than the vector hashes, within the noise, for 25 more instructions.
// circlePairs in the register twins (the peers' ValueAt loop, 256² grid,
// eight alternated rounds, idle Xeon model 167, AVX-512 twin): 15.3 →
// 14.5 ns a point; its first form, the gathers' sums packed into an XMM
// by a VPERMPS (f and the kernels as before), measured the same.

// pointLean2DSimplex writes the lean simplex 2D kernel name (above), value
// or simplex gradients.
func pointLean2DSimplex(name string, circle bool) {
	leanText(name, fmt.Sprintf("%s is ValueAt of a lean 2D simplex sampler with %s gradients without a combine step (cpu.simplexValue2D, its corners' hashes in quadword lanes).",
		name, map[bool]string{false: "value", true: "simplex"}[circle]))
	c, K := XMM(), XMM()
	leanXZF(c, K, false) // (x, z, 0, 0), f
	if !leanReg2D {
		// k = f·invSqrt3 (the register twins take k itself, cpu.regScale)
		VMULPS(bcast(invSqrt3), K, K)
	}
	VMULPS(K, c, c)
	a, m := lean2DRangeTest(c)
	// the skew: sk = (X + Z)·skew2, (sx, sz) = (X, Z) + sk
	sk, s := XMM(), XMM()
	VPERMILPS(U8(0xE1), c, sk) // (Z, X, 0, 0)
	VADDPS(c, sk, sk)          // (Z + X, X + Z)
	VMULPS(bcast(skew2), sk, sk)
	VADDPS(sk, c, s)
	fl, fr, i := XMM(), XMM(), XMM()
	VROUNDPS(U8(1), s, fl)
	VSUBPS(fl, s, fr) // (sx − fx0, sz − fz0)
	VCVTTPS2DQ(fl, i)
	M := YMM()
	VMOVSHDUP(fr, M.AsX())
	VCMPPS(U8(1), fr, M.AsX(), M.AsX()) // sz − fz0 < sx − fx0: d
	VBROADCASTSS(M.AsX(), M)
	// the corners' floats: fx0 + (0, 1, fd) in lanes 0–2, fz0 + (0, 1,
	// 1 − fd) in lanes 4–6
	idx, F, A, XZ := YMM(), YMM(), YMM(), YMM()
	VMOVDQU(vec8("lean2SBHalves", [8]uint32{0, 0, 0, 0, 1, 1, 1, 1}), idx)
	VPERMPS(fl.AsY(), idx, F)
	VPERMPS(c.AsY(), idx, XZ)
	VANDPS(vec8("lean2SBFD", [8]uint32{0, 0, f1, 0, 0, 0, f1, 0}), M, A)
	VXORPS(vec8("lean2SBF1", [8]uint32{0, f1, 0, 0, 0, f1, f1, 0}), A, A) // (0, 1, fd | 0, 1, 1 − fd)
	VADDPS(A, F, F)
	u := YMM()
	VPERM2F128(U8(1), F, F, u) // (fz | fx)
	VADDPS(u, F, u)            // fx + fz in both halves
	VMULPS(bcast(unskew2), u, u)
	VSUBPS(F, XZ, XZ)
	VADDPS(u, XZ, XZ) // (x offsets | z offsets)
	X, Z := XZ.AsX(), XMM()
	VEXTRACTF128(U8(1), XZ, Z)
	fo, t := XMM(), XMM()
	VMULPS(X, X, t)
	VMOVUPS(bcast(f0p5), fo)
	VSUBPS(t, fo, fo)
	VMULPS(Z, Z, t)
	VSUBPS(t, fo, fo) // f = (0.5 − x·x) − z·z
	// the hashes: corner k's x word in the low word of quadword lane k,
	// its z word in the high one
	hs := YMM()
	VPSHUFD(U8(0x10), i, i) // (x0, ·, z0, ·)
	VPMULUDQ(bcast(primeC), i, i)
	VMOVDQU(vec8("lean2SBWords", [8]uint32{0, 2, 0, 2, 0, 2, 0, 2}), idx)
	VPERMD(i.AsY(), idx, hs)
	VPAND(vec8("lean2SBXC", [8]uint32{0, 0, 0, 0, primeC, primeC, 0, 0}), M, A)
	VPXOR(vec8("lean2SBXB", [8]uint32{0, 0, primeC, primeC, 0, primeC, 0, 0}), A, A) // (0 | 0, primeC | primeC, primeC·d | primeC·(1 − d))
	VPADDD(A, hs, hs)
	v, r := YMM(), YMM()
	leanH(v, false)
	for k := range 2 {
		w := hs
		if k == 1 {
			VPSRLQ(U8(32), hs, hs)
		}
		VPADDD(w, v, v)
		leanRotl17(v, r)
		VPMULUDQ(bcast(primeD), v, v)
	}
	var g VecVirtual
	if circle {
		leanAvalanche(v, r)
		// circleGrads[byte]: gx, gy and r = 1/sqrt(gx·gx + gy·gy), Go's own
		// table (cpu/gradtable.go), each in lanes a, b, c from the bytes in
		// general-purpose registers; then ((gx·x + gy·z)·r)·simplex2
		ba, bb, bc, base := GP64(), GP64(), GP64(), GP64()
		hi := XMM()
		VMOVD(v.AsX(), ba.As32())
		VPEXTRB(U8(8), v.AsX(), bb.As32())
		VEXTRACTI128(U8(1), v, hi)
		VZEROUPPER()
		VMOVD(hi, bc.As32())
		MOVBLZX(ba.As8(), ba.As32())
		MOVBLZX(bc.As8(), bc.As32())
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
		leanAvalancheByte(v, r, bcast(0xFF))
		VMOVDQU(vec8("lean2SIdx", [8]uint32{0, 2, 4, 6, 0, 0, 0, 0}), r)
		VPERMD(v, r, v) // the bytes in lanes a, b, c
		g = v.AsX().(VecVirtual)
		VZEROUPPER()
		VCVTDQ2PS(g, g)
		VMULPS(bcast(inv255x2), g, g)
		VSUBPS(bcast(f1), g, g) // byte·inv255x2 − 1
	}
	leanKernels(g, fo)
	n := XMM()
	VMOVSHDUP(g, n)
	VADDSS(n, g, n) // ka + kb
	VMOVHLPS(g, g, g)
	VADDSS(g, n, n) // + kc
	lean2DTail(n, c, a, m, true)
}

// pointLean2DSimplexFour writes the register twin name of the lean
// simplex 2D kernel with simplex gradients: pointLean2DSimplex's
// arithmetic, in an order that shortens the chain of dependent steps
// (what a ValueAt costs in a loop of calls: four cycles more on it cost
// this kernel 0.9 ns a point, Xeon model 167):
//
//   - corner c taken both ways: pointLean2DSimplex's hash waits on the
//     skew offsets' comparison d (the comparison, its broadcast and mask,
//     before the first multiply); here quadword lane 2 holds corner
//     (x0 + 1, z0), c where d = 1, and lane 3 corner (x0, z0 + 1), c where
//     d = 0, each computed as Go computes that corner, so that nothing
//     before the kernels' sum waits on d: the sum takes lane 2's or lane
//     3's kernel by one VPERMPS whose index d gives, (ka + kb) + kc in
//     Go's order. The floats: fx0 + (0, 1, 1, 0) and fz0 + (0, 1, 0, 1),
//     pointLean2DSimplex's fx0 + fd and fz0 + (1 − fd) for each d;
//   - every step in the quadword lanes from the start: (X, Z) and (Z, X)
//     in each (at AVX-512 straight from x and z by VPERMI2PS, at AVX2 by
//     VINSERTPS and, after the range test, VPBROADCASTQ), so that the
//     skew's X + Z is one add of the two, and sx, sz and their floor and
//     lattice words are in every quadword with no broadcast after them;
//     u = (fx + fz)·unskew2 with fz + fx in the odd words, as the sums
//     commute;
//   - the hashes: SmallXXHash's eat of x0 + dx as (x0 + dx +
//     h·primeC⁻¹)·primeC (pointLean2DQ, leanH), one VPMULUDQ on the words
//     (x0 + dx + h·primeC⁻¹, z0 + dz), (x0, z0) plus the sampler's words
//     (leanWords), and off the chain one for z after a VPSRLQ;
//   - the gathers (circlePairs) into F and fr, dead and ready long
//     before, not into zeroed registers.
//
// Measured on the peers' simplex-2D row (ValueAt, eight to ten
// alternated rounds, idle Xeon model 167, AVX-512 twin): 13.45 → 12.2 ns a
// point, FNL/ours 0.90 → 0.99 (the AVX2 twin 14.7 → 13.4 ns); the hash
// words from vp (leanWords) 0.99 → 1.01. Tried and dropped: x0, z0
// by VCVTPS2DQ {rd-sae} (rounding toward −∞ in the instruction, 8 cycles
// less than VROUNDPS then VCVTTPS2DQ, but a ZMM operation): 16.7 ns, the
// 512-bit instruction costs more than it saves; 0 + at the end as kc + 0
// beside ka + kb (the same bits, two cycles off the chain): 0.2 ns
// slower, as was the bit clear of −0 (lean2DTail); −f in place of f
// (the 0.5 load saved), the kernel mask by VBLENDVPS, the gathers' masks
// loaded (not VPCMPEQD): no change; floor(sx), floor(sz) as words from
// the bits (the truncation less 1 where negative and not an integer,
// 6 cycles where VROUNDPS and VCVTTPS2DQ take 13, 9 instructions more):
// 13.4 ns; the gradient pairs by four scalar loads, not a gather: 13.7
// ns. Four cycles more on the chain cost 0.9 ns a point, but so do a few
// instructions more: what is saved must be both.
func pointLean2DSimplexFour(name string) {
	leanText(name, fmt.Sprintf("%s is ValueAt of a lean 2D simplex sampler with simplex gradients without a combine step (cpu.simplexValue2D, corner c taken both ways in quadword lanes).", name))
	// (X, Z) = (x, z)·k in each quadword lane of cb, (Z, X) in those of
	// cs (k = f·invSqrt3, the register twins' frequency argument:
	// cpu.regScale)
	cb, cs := YMM(), YMM()
	var K VecVirtual
	if leanWide {
		K = YMM()
		VMOVDQU(vec8("lean2SXZ", [8]uint32{0, 8, 0, 8, 0, 8, 0, 8}), cb)
		VMOVDQU(vec8("lean2SZX", [8]uint32{8, 0, 8, 0, 8, 0, 8, 0}), cs)
		VPERMI2PS(Y2, Y0, cb) // (x, z): lane 0 of X0, then of X2
		VPERMI2PS(Y2, Y0, cs) // (z, x)
		VBROADCASTSS(X4, K)
		VMULPS(K, cb, cb)
		VMULPS(K, cs, cs)
	} else {
		K = XMM()
		VINSERTPS(U8(0x1C), X2, X0, cb.AsX()) // (x, z, 0, 0)
		VINSERTPS(U8(0x1C), X0, X2, cs.AsX()) // (z, x, 0, 0)
		VBROADCASTSS(X4, K)
		VMULPS(K, cb.AsX(), cb.AsX())
		VMULPS(K, cs.AsX(), cs.AsX())
	}
	c := cb.AsX()
	a, m := lean2DRangeTest(c)
	if !leanWide {
		VPBROADCASTQ(c, cb)
		VPBROADCASTQ(cs.AsX(), cs)
	}
	// the skew: sk = (X + Z)·skew2, (sx, sz) = (X, Z) + sk
	sk, s := YMM(), YMM()
	VADDPS(cs, cb, sk) // (X + Z, Z + X)
	VMULPS(bcast(skew2), sk, sk)
	VADDPS(sk, cb, s)
	fl, i := YMM(), YMM()
	VROUNDPS(U8(1), s, fl)
	VCVTTPS2DQ(fl, i) // (x0, z0) in each quadword
	// the hashes: the words (x0 + dx + h·primeC⁻¹, z0 + dz) of corners a,
	// b, (x0 + 1, z0) and (x0, z0 + 1) in the quadword lanes of w, the
	// sampler's words (leanWords, lean2DCornersSimplex) added to (x0, z0)
	w := YMM()
	VPADDD(leanWords(), i, w)
	v, zw, r := YMM(), YMM(), YMM()
	VPMULUDQ(bcast(primeC), w, v) // h.eatC(x) in the low words
	VPSRLQ(U8(32), w, zw)
	VPMULUDQ(bcast(primeC), zw, zw) // (z0 + dz)·primeC
	leanRotl17(v, r)
	VPMULUDQ(bcast(primeD), v, v)
	VPADDD(zw, v, v) // .eatC(z)
	leanRotl17(v, r)
	VPMULUDQ(bcast(primeD), v, v)
	leanAvalancheByte(v, r, vec8("lean2DQByte", [8]uint32{0xFF, 0, 0xFF, 0, 0xFF, 0, 0xFF, 0}))
	// the corners' floats (fx, fz) in their quadwords: fx0 + (0, 1, 1, 0),
	// fz0 + (0, 1, 0, 1); u = (fx + fz)·unskew2 (fz + fx in the odd
	// words), each corner's (x, z) = ((X, Z) − (fx, fz)) + u
	F, u, o := YMM(), YMM(), YMM()
	VADDPS(vec8("lean2SFF", [8]uint32{0, 0, f1, f1, f1, 0, 0, f1}), fl, F)
	VPERMILPS(U8(0xB1), F, u)
	VADDPS(F, u, u)
	VMULPS(bcast(unskew2), u, u)
	VSUBPS(F, cb, o)
	VADDPS(u, o, o)
	// f = (0.5 − x·x) − z·z in the even words
	sq, t, fo := YMM(), YMM(), YMM()
	VMULPS(o, o, sq)
	VMOVUPS(bcast(f0p5), fo)
	VSUBPS(sq, fo, fo)
	VMOVSHDUP(sq, t)
	VSUBPS(t, fo, fo)
	// d = sx − fx0 > sz − fz0: kc's word, 4 (lane 2) where d, else 6
	fr, kd := XMM(), XMM()
	VSUBPS(fl.AsX(), s.AsX(), fr)
	VMOVSHDUP(fr, kd)
	VCMPPS(U8(1), fr, kd, kd) // sz − fz0 < sx − fx0: −1 where d
	VPADDD(kd, kd, kd)
	VPADDD(bcast(6), kd, kd)
	// the gathers merge into their destinations (all lanes written, but
	// each waits for the register's last value): F and fr, ready long
	// before the hashes, not a zeroing idiom more
	g := circlePairs(v, o, F, fr)
	leanKernels(g, fo)
	n, kc := XMM(), YMM()
	VMOVHLPS(g.AsX(), g.AsX(), n)
	VADDSS(n, g.AsX(), n) // ka + kb
	VPERMPS(g, kd.AsY(), kc)
	VZEROUPPER()
	VADDSS(kc.AsX(), n, n) // + kc
	lean2DTail(n, c, a, m, true, func() {
		// the clamped (X, Z) (lanes 0 and 1 of c, the others now zero)
		// into cb's quadwords again, and (Z, X) into cs's
		if leanWide {
			VPBROADCASTQ(c, cb)
			VPERMILPS(U8(0xB1), cb, cs)
		} else {
			VPERMILPS(U8(0xE1), c, cs.AsX())
		}
	})
}

// leanKernels is the simplex kernels in the lanes of g: (((f·g)·f)·f)·
// kernelMask(f), the mask 8, or +0 where f's sign bit is set (VPSRAD and
// VANDNPS); fo (f) is overwritten.
func leanKernels(g, fo VecVirtual) {
	VMULPS(fo, g, g)
	VMULPS(fo, g, g)
	VMULPS(fo, g, g)
	VPSRAD(U8(31), fo, fo)
	VANDNPS(bcast(f8), fo, fo) // kernelMask
	VMULPS(fo, g, g)
}

// The lean 2D kernels in Go's register ABI (leanReg2D): the same code, but
// for its arguments and result. Go calls an assembly function through a
// wrapper that stores the arguments of its register ABI (ABIInternal) on
// the stack, calls it, and loads the result (about 1 ns a call); a kernel
// written for that ABI is called with no wrapper, its ABI0 address put in
// a func value (cpu.regValueFunc). A valueFunc's arguments come in AX (vp,
// not read), BX (the hash, its low word), X0–X3 (the point's x, y, z and
// w: x and z read, their other lanes not) and X4 (the frequency, lane 0);
// the result goes in X0 (lane 0). Go's ABI keeps the goroutine in R14 and
// zero in X15 (and a base in R15 in some builds): checkRegABI refuses a
// register kernel that names them. Every other register is the caller's
// to save.
var leanReg2D bool

// leanRegH is the hash, read from BX at the start of a register kernel.
var leanRegH VecVirtual

// leanText starts lean kernel name, doc its comment.
func leanText(name, doc string) {
	if leanReg2D {
		TEXT(name, NOSPLIT, "func()")
		Doc(doc, "In Go's register ABI, with a valueFunc's arguments: call it only as regValueFunc's func value.")
		regKernels = append(regKernels, name)
		return
	}
	TEXT(name, NOSPLIT, leanSignature)
	Doc(doc)
}

// regKernels are the register kernels written (checkRegABI).
var regKernels []string

// leanXZF puts (x, z, 0, 0) in c and f in every lane of F; a register
// twin reads the hash here too (leanRegH: BX holds it only until the first
// general-purpose register the kernel allocates), but where inv: those eat
// x as (x + h·primeC⁻¹)·primeC (leanH) and take the words h·primeC⁻¹ + dx
// and dz from vp (leanWords).
func leanXZF(c, F VecVirtual, inv bool) {
	if leanReg2D {
		VINSERTPS(U8(0x1C), X2, X0, c) // x, z in lane 1, lanes 2 and 3 zero
		VBROADCASTSS(X4, F)
		if !inv { // with inv: the hash words from vp (leanWords)
			leanRegH = XMM()
			VMOVD(EBX, leanRegH)
		}
		return
	}
	VMOVSS(addr(Param("x")), c)
	VINSERTPS(U8(1<<4), addr(Param("z")), c, c)
	VBROADCASTSS(addr(Param("f")), F)
}

// leanH puts the hash's bits in every lane of v; where inv the hash times
// primeC⁻¹ (mod 2^32; inv as leanXZF's), so that SmallXXHash's eat of a
// word x, h + x·primeC, is (x + h·primeC⁻¹)·primeC: the word's offsets and
// the hash added before the one multiply, not after it (pointLean2DQ).
func leanH(v VecVirtual, inv bool) {
	if leanReg2D {
		VPBROADCASTD(leanRegH, v)
		return
	}
	if inv {
		g, x := GP32(), XMM()
		IMUL3L(U32(primeCInv), addr(Param("h")), g)
		VMOVD(g, x)
		VPBROADCASTD(x, v)
		return
	}
	VBROADCASTSS(addr(Param("h")), v) // the bits as they are (broadcastParam)
}

// primeCInv is primeC's inverse mod 2^32 (primeC is odd): primeC·primeCInv
// = 1 (Newton's iteration doubles the correct low bits; the lattice 2D
// kernels give Go's bits only with it: TestLean2DKernels).
var primeCInv = func() uint32 {
	y := uint32(primeC)
	for range 5 {
		y *= 2 - primeC*y
	}
	return y
}()

// leanOut returns lane 0 of n, leanNaNOut NaN (cpu.nan32's bits).
func leanOut(n Register) {
	if leanReg2D {
		if n != X0 {
			VMOVAPS(n, X0)
		}
		return
	}
	VMOVSS(n, addr(ReturnIndex(0)))
}

func leanNaNOut() {
	if leanReg2D {
		VMOVSS(bcast(0x7FC00000), X0)
		return
	}
	MOVL(U32(0x7FC00000), addr(ReturnIndex(0)))
}

// pointLean2DRegKernels writes the register kernels of the lean 2D
// kernels, and lean2DRegPCs, which returns their ABI0 addresses.
func pointLean2DRegKernels() {
	leanReg2D = true
	for _, wide := range []bool{false, true} {
		leanWide = wide
		l := map[bool]string{false: "AVX2", true: "AVX512"}[wide]
		pointLean2DQ("valueLattice2DRegLean"+l, false)
		pointLean2DQ("perlinLattice2DRegLean"+l, true)
		pointLean2DSimplex("valueSimplex2DRegLean"+l, false)
		pointLean2DSimplexFour("simplexSimplex2DRegLean" + l)
	}
	leanReg2D, leanWide = false, false
	TEXT("lean2DRegPCs", NOSPLIT, "func() (valueLattice, perlinLattice, valueSimplex, simplex, valueLatticeWide, perlinLatticeWide, valueSimplexWide, simplexWide uintptr)")
	Doc("lean2DRegPCs returns the ABI0 addresses of the lean 2D register kernels, AVX2 then AVX-512.")
	for i, name := range regKernels {
		r := GP64()
		LEAQ(NewDataAddr(Symbol{Name: "·" + name}, 0), r)
		MOVQ(r, addr(ReturnIndex(i)))
	}
	RET()
	hasAVX512VL()
}

// hasAVX512VL reports whether the CPU has AVX-512VL, CPUID.7.0:EBX bit
// 31 (AVX-512 instructions on YMM registers, as the AVX-512 register
// kernels' VPROLD; with hasAVX512, which tests the OS's support).
func hasAVX512VL() {
	TEXT("hasAVX512VL", NOSPLIT, "func() bool")
	Doc("hasAVX512VL reports whether the CPU has AVX-512VL (CPUID.7.0:EBX bit 31).")
	MOVL(U32(7), EAX)
	XORL(ECX, ECX)
	CPUID()
	SHRL(U8(31), EBX)
	Store(EBX.As8(), ReturnIndex(0))
	RET()
}

// checkRegABI refuses the file just written when a register kernel names
// R14, R15 or X15 (Y15, Z15): Go's register ABI keeps them.
func checkRegABI() {
	out := flag.Lookup("out").Value.String()
	b, err := os.ReadFile(out)
	if err != nil {
		fmt.Fprintf(os.Stderr, "asmgen: %v\n", err)
		os.Exit(1)
	}
	for _, name := range regKernels {
		i := strings.Index(string(b), "TEXT ·"+name+"(SB)")
		if i < 0 {
			fmt.Fprintf(os.Stderr, "asmgen: %s: no %s\n", out, name)
			os.Exit(1)
		}
		body := string(b[i:])
		if j := strings.Index(body[1:], "\nTEXT "); j >= 0 {
			body = body[:j+1]
		}
		if k := regABIReserved.FindString(body); k != "" {
			fmt.Fprintf(os.Stderr, "asmgen: %s: register kernel %s uses %s, which Go's register ABI keeps\n", out, name, k)
			os.Remove(out)
			os.Exit(1)
		}
	}
}

var regABIReserved = regexp.MustCompile(`\b(R14|R15|[XYZ]15)\b`)

// leanWide: the register kernel being written is an AVX-512 one, which
// rotates with VPROLD (AVX-512F and VL, on YMM registers: hasAVX512VL).
var leanWide bool

// leanAvalanche is SmallXXHash's avalanche on the hashes in v's
// quadword lanes (their low words; VPMULUDQ keeps the low 32 bits exact),
// r scratch.
func leanAvalanche(v, r VecVirtual) { avalancheSteps(mulQ, v, v, r) }

// leanAvalancheByte is leanAvalanche, then v & mask (the low byte of each
// word or quadword); in the AVX-512 register kernels (leanWide) the
// avalanche's last xor and the mask are one VPTERNLOGD, (v ^ v>>16) &
// mask: one step less on ValueAt's chain.
func leanAvalancheByte(v, r VecVirtual, mask Mem) {
	if !leanWide {
		leanAvalanche(v, r)
		VPAND(mask, v, v)
		return
	}
	avalancheMix(mulQ, v, v, r)
	VPTERNLOGD(U8(0x28), mask, r, v) // (a ^ b) & c: a = v, b = r, c = mask
}

// leanRotl17 rotates the words of v left by 17 (r: scratch).
func leanRotl17(v, r VecVirtual) {
	if leanWide {
		VPROLD(U8(17), v, v)
		return
	}
	VPSLLD(U8(17), v, r)
	VPSRLD(U8(15), v, v)
	VPOR(r, v, v)
}

// circlePairs is the register twins' simplex gradients from the low bytes
// idx of the corners' hashes (quadword lanes a, b, c; leanAvalancheByte): ((gx·x + gy·z)·r)·simplex2 in the even
// words of a YMM, with each corner's (gx, gy) read from s2square
// (squarePairs' table) by one VGATHERQPD and its r = 1/sqrt(gx·gx + gy·gy)
// from s2rsqrt (the batch kernels' table) by one VGATHERQPS, both indexed
// by idx, instead of nine loads from circleGrads
// through general-purpose registers. o holds each corner's (x, z) in its
// quadword; gx·x + gy·z is the product's even word plus its odd one
// (VMOVSHDUP: sums commute bit for bit). The gathers write pr (YMM) and
// r4 (XMM), the caller's dead registers: all their lanes, but each gather
// waits for its register's last value.
func circlePairs(idx, o, pr, r4 VecVirtual) VecVirtual {
	mk := YMM()
	base, rbase := GP64(), GP64()
	LEAQ(s2squareTable(), base)
	VPCMPEQD(mk, mk, mk) // all lanes; the gather clears it
	VGATHERQPD(mk, Mem{Base: base, Index: idx, Scale: 8}, pr)
	rm, r := XMM(), YMM()
	LEAQ(s2rsqrtTable(), rbase)
	VPCMPEQD(rm, rm, rm)
	VGATHERQPS(rm, Mem{Base: rbase, Index: idx, Scale: 4}, r4)
	VPMOVZXDQ(r4, r) // r in the even words
	t := YMM()
	VMULPS(o, pr, pr) // (gx·x, gy·z)
	VMOVSHDUP(pr, t)
	VADDPS(t, pr, pr)
	VMULPS(r, pr, pr)
	VMULPS(bcast(simplex2), pr, pr)
	return pr
}

// The lean 2D register twins that eat x as (x + h·primeC⁻¹)·primeC (the
// lattice ones and pointLean2DSimplexFour) take their hash from vp, not
// from BX: the words (h·primeC⁻¹ + dx, dz) of each corner's quadword,
// which the sampler writes once (cpu.variantParams.leanW, cpu.lean2DWords)
// from the corners' offsets here, so that a kernel adds them to (x0, z0)
// in one VPADDD with no multiply, broadcast or constant of its own. The
// offsets and leanW's place in variantParams go to package cpu from here
// (writeLeanWords); TestLean2DKernels and the others call the twins with
// the words lean2DWords gives.
var (
	// lean2DCornersLattice: (x0, z0), (x0, z0 + 1), (x0 + 1, z0), (x0 + 1,
	// z0 + 1), pointLean2DQ's order
	lean2DCornersLattice = [8]uint32{0, 0, 0, 1, 1, 0, 1, 1}
	// lean2DCornersSimplex: a, b, (x0 + 1, z0) and (x0, z0 + 1),
	// pointLean2DSimplexFour's
	lean2DCornersSimplex = [8]uint32{0, 0, 1, 1, 1, 0, 0, 1}
)

// leanWOffset is the offset of leanW in cpu.variantParams, whose address
// a register twin gets in AX (TestLeanWordsLayout checks it).
const leanWOffset = 0

// leanWords is the memory operand of the hash words at vp (AX).
func leanWords() Mem { return Mem{Base: RAX, Disp: leanWOffset} }

// writeLeanWords writes leanWOffset and the corners' offsets, by lean2D's
// kind (cpu.lean2D: value and Perlin lattice noise, simplex noise with
// value gradients, which reads its hash from BX, and simplex gradients),
// into the dispatch file.
func writeLeanWords(b *strings.Builder) {
	w := func(c [8]uint32) string {
		var e []string
		for _, v := range c {
			e = append(e, fmt.Sprint(v))
		}
		return "{" + strings.Join(e, ", ") + "}"
	}
	fmt.Fprintf(b, `
// leanWOffset is the offset of variantParams.leanW, where the lean 2D
// register twins read their hash words (vp is in AX).
const leanWOffset = %d

// lean2DCorners are the corners' offsets (dx, dz) in the quadword lanes of
// the lean 2D register twins, by lean2D's kind; nil for a twin that takes
// its hash from BX (lean2DWords).
var lean2DCorners = [4]*[8]uint32{%s, %s, nil, %s}
`, leanWOffset, w(lean2DCornersLattice), w(lean2DCornersLattice), w(lean2DCornersSimplex))
}
