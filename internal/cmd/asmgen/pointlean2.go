package main

import (
	"fmt"
	"math"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The lean 2D kernels: ValueAt's whole function for a lean 2D lattice
// value or Perlin sampler without a combine step (cpu.lean2D), so that the
// sampler calls it with no Go function around it. Each takes a
// cpu.valueFunc's arguments in its layout (leanSignature) and is
// cpu.latticeValue2D (not tiling), NaN test and clamp included, for every
// frequency:
//
//   - X, Z = x·k, z·k in lanes 0 and 1 (k·x: products commute bit for
//     bit); inLattice's range test of |X| and |Z| on the usual path, and
//     out of line the NaN result (cpu.nan32's bits, 0x7FC00000) or
//     clampLattice (min(max(c, −coordLimit), coordLimit), for numbers);
//   - the floor of both at once, VROUNDPS toward −∞, truncated to the
//     lattice words: floorWithFloat's but for X = −0, where the float is
//     −0, not +0, and the offset g is +0 where Go's is −0; the results are
//     alike all the same (pointlean.go's argument: every intermediate has
//     the same bits or is a zero of the other sign, and the end's clamp and
//     +0 + v make either zero +0); smoothT of both at once, in Go's order;
//   - the corners a, b, c, d ((x0, z0), (x0, z1), (x1, z0), (x1, z1)) in
//     the low words of the four quadword lanes of a YMM: h.eat(x) as
//     (x + h·primeC⁻¹)·primeC, which is h + x·primeC mod 2^32 (leanH; the
//     word and the hash added before the one multiply: ValueAt 3.5 %
//     faster for value and Perlin 2D than the products x0·primeC first,
//     permuted into the lanes, then + primeC for the upper corners and +
//     h, ten alternated rounds), then .eat(z) with z's product (z0 +
//     dz)·primeC, and the avalanche. The register twins take (x0, z0) into
//     each quadword (the AVX-512 twins: (x, z) into each from the start,
//     VPERMI2PS, and the floor in every quadword) and add the sampler's
//     words (h·primeC⁻¹ + dx, dz) from vp (leanWords; no hash multiply,
//     broadcast or constants of their own: value and Perlin 2D FNL/ours
//     1.02 → 1.05 on the peers' grid, eight alternated rounds, idle Xeon
//     model 167; the VPERMI2PS start 0.99 → 1.02 and 1.00 → 1.02). Every
//     operation on them is per 32-bit word (VPADDD, VPSLLD, VPSRLD, VPOR,
//     VPXOR) or VPMULUDQ, which reads the low words only and whose low word
//     is their product mod 2^32: the low words follow SmallXXHash exactly,
//     whatever the high ones hold. VPMULUDQ takes 5 cycles where VPMULLD
//     takes 10, and the chain has five multiplies (measured: the value
//     kernel with the corners in the four words of an XMM and VPMULLD was
//     5 % slower than Go's function, this one 5–8 % faster);
//   - value: valueGrads[byte] as byte·inv255x2 − 1 ((byte·inv255)·2 bit
//     for bit, widekern.go's inv255x2); Perlin: squareDot with the
//     arithmetic of squareVectors (as wsquareVectors) in place of the
//     squareGX and squareGY tables, the corners' offsets put in the lanes
//     by VPERMPS; the register twins (pointlean2s.go) read the pairs from
//     a table instead (squarePairs: ValueAt of Perlin 2D on the peer
//     benchmarks' grid 11.05 → 9.90 ns a point, five alternated rounds,
//     idle Xeon model 167);
//   - the lerps along z in lanes 0 and 4, then along x, each a + t·(b − a)
//     in Go's order (t·d: commuted);
//   - 0 + clampValue(v): the clamp (lean2DTail) and +0 + v, added before
//     the last lerp's sum (pointLean2DQ's end). The value register twins
//     leave out the +0 + v, which is v bit for bit there: v is never −0. A
//     corner's value
//     byte·inv255x2 − 1 is never a zero (byte·inv255x2 is 0.9961 at 127 and
//     1.0039 at 128, never 1), and a lerp a + t·(b − a) with a nonzero or +0
//     is never −0 (a + ±0 is a, and a sum of two numbers that cancel is +0
//     when rounding to nearest), nor is the clamp of such a v (ValueAt of
//     value 2D 8.36 → 8.22 ns a point, measured as squarePairs).
//
// Tried and dropped (measured in one process against latticeValue2D,
// alternating, on the peer benchmarks' 256² grid, load 3): the same in
// scalar code (general-purpose registers for the hashes, the four
// avalanches interleaved, the gradients loaded from Go's tables, the
// floor as Go's truncation with a predicted correction) was 8–14 % slower
// for value noise and 4 % for Perlin: Go's compiled latticeValue2D is
// already that code, and the ABI0 wrapper Go puts around an assembly
// function (seven stores of the arguments, the call, a load of the result)
// costs about 1 ns a call (an empty lean kernel: 3.0 ns a point in the
// loop against 2.0 for an empty Go function). ValueAt calls these kernels'
// register-ABI twins (pointlean2s.go, leanReg2D), without that wrapper:
// 10 % faster for value noise, 6 % for Perlin (paired A/B, load 9).

// pointLean2DKernels writes the lean 2D kernels.
func pointLean2DKernels() {
	pointLean2DQ("valueLattice2DPointLeanAVX2", false)
	pointLean2DQ("perlinLattice2DPointLeanAVX2", true)
}

// pointLean2DQ writes the lean 2D kernel name (above), value or Perlin.
func pointLean2DQ(name string, perlin bool) {
	leanText(name, fmt.Sprintf("%s is ValueAt of a lean 2D lattice %s sampler without a combine step (cpu.latticeValue2D, not tiling, its corners in quadword lanes).",
		name, map[bool]string{false: "value", true: "Perlin"}[perlin]))
	// wide: the AVX-512 register twins, with (x, z)·f in every quadword
	// lane from the start (VPERMI2PS, as pointLean2DSimplexFour's), so
	// that x0 and z0 are in every quadword with no broadcast after the
	// floor: 3 cycles for the permute where the insert took 1, against 3
	// for the broadcast of x0
	wide := leanReg2D && leanWide
	var c, cb, fl, i VecVirtual
	if wide {
		cb, c = YMM(), nil
		F := YMM()
		VMOVDQU(vec8("lean2SXZ", [8]uint32{0, 8, 0, 8, 0, 8, 0, 8}), cb)
		VPERMI2PS(Y2, Y0, cb) // (x, z): lane 0 of X0, then of X2
		VBROADCASTSS(X4, F)
		VMULPS(F, cb, cb)
		c = cb.AsX().(VecVirtual)
	} else {
		c = XMM()
		F := XMM()
		leanXZF(c, F, true) // (x, z, 0, 0), f, the hash·primeC⁻¹
		VMULPS(F, c, c)
	}
	a, m := lean2DRangeTest(c)
	g := XMM()
	if wide {
		fl, i = YMM(), YMM()
		VROUNDPS(U8(1), cb, fl)
		VSUBPS(fl.AsX(), c, g)
		VCVTTPS2DQ(fl, i) // (x0, z0) in each quadword
	} else {
		fl, i = XMM(), XMM()
		VROUNDPS(U8(1), c, fl)
		VSUBPS(fl, c, g)
		VCVTTPS2DQ(fl, i)
	}
	u, t := XMM(), XMM()
	VMULPS(g, g, t)
	VMULPS(g, t, t)
	VMULPS(bcast(f6), g, u)
	VSUBPS(bcast(f15), u, u)
	VMULPS(u, g, u)
	VADDPS(bcast(f10), u, u)
	VMULPS(u, t, t) // (tx, tz, ·, ·)
	// the corners (x0, z0), (x0, z0 + 1), (x0 + 1, z0), (x0 + 1, z0 + 1)
	// in the quadword lanes: the eat of x as (x + h·primeC⁻¹)·primeC
	// (leanH), so that the x offsets and the hash go in before the
	// multiply (2 cycles off ValueAt's chain, against the multiply first
	// and a permute of its product); the z words as z·primeC, eaten after
	v, xs, zs, r := YMM(), YMM(), YMM(), YMM()
	if leanReg2D {
		// the register twins: (x0, z0) in each quadword plus the
		// sampler's words (h·primeC⁻¹ + dx, dz) (leanWords,
		// lean2DCornersLattice)
		if !wide {
			VPBROADCASTQ(i, xs)
			i = xs
		}
		VPADDD(leanWords(), i, xs)
		VPMULUDQ(bcast(primeC), xs, v) // h + (x0 + dx)·primeC
		VPSRLQ(U8(32), xs, zs)         // z0 + dz
	} else {
		leanH(v, true)
		VPADDD(vec8("lean2DQX1", [8]uint32{0, 0, 0, 0, 1, 0, 1, 0}), v, v) // h·primeC⁻¹ + dx
		VPBROADCASTD(i, xs)
		VPADDD(xs, v, v)
		VPMULUDQ(bcast(primeC), v, v) // h + (x0 + dx)·primeC
		VPSHUFD(U8(0x55), i, i)       // z0
		VPBROADCASTD(i, zs)
		VPADDD(vec8("lean2DQZ1", [8]uint32{0, 0, 1, 0, 0, 0, 1, 0}), zs, zs)
	}
	VPMULUDQ(bcast(primeC), zs, zs) // (z0 + dz)·primeC
	leanRotl17(v, r)
	VPMULUDQ(bcast(primeD), v, v)
	VPADDD(zs, v, v)
	leanRotl17(v, r)
	VPMULUDQ(bcast(primeD), v, v)
	if perlin && leanReg2D {
		leanAvalancheByte(v, r, vec8("lean2DQByte", [8]uint32{0xFF, 0, 0xFF, 0, 0xFF, 0, 0xFF, 0}))
		v = squarePairs(v, g)
	} else {
		leanAvalancheByte(v, r, bcast(0xFF))
		VCVTDQ2PS(v, v)
		VMULPS(bcast(inv255x2), v, v)
		VSUBPS(bcast(f1), v, v) // (a, ·, b, ·, c, ·, d, ·)
	}
	if perlin && !leanReg2D {
		// squareVectors (gx: v; gy = 0.5 − |gx|; gx −= floor(gx + 0.5),
		// VROUNDPS's floor: gx + 0.5 is never −0), then squareDot:
		// (gx·ox + gy·oz)·perlin2 with ox = gx or gx − 1 and oz = gz or
		// gz − 1, the corner's offsets, in the lanes
		gy, fl5 := YMM(), YMM()
		VANDPS(bcast(^uint32(signMask)), v, gy)
		VMOVUPS(bcast(f0p5), fl5)
		VSUBPS(gy, fl5, gy)
		VADDPS(fl5, v, fl5)
		VROUNDPS(U8(1), fl5, fl5)
		VSUBPS(fl5, v, v)
		g1, ox, oz, idx := XMM(), YMM(), YMM(), YMM()
		VSUBPS(bcast(f1), g, g1)
		VUNPCKLPS(g1, g, g1) // (gx, gx − 1, gz, gz − 1)
		VMOVDQU(vec8("lean2DOX", [8]uint32{0, 0, 0, 0, 1, 1, 1, 1}), idx)
		VPERMPS(g1.AsY(), idx, ox)
		VMOVDQU(vec8("lean2DOZ", [8]uint32{2, 2, 3, 3, 2, 2, 3, 3}), idx)
		VPERMPS(g1.AsY(), idx, oz)
		VMULPS(ox, v, v)
		VMULPS(oz, gy, gy)
		VADDPS(gy, v, v)
		VMULPS(bcast(perlin2), v, v)
	}
	w, tzz := YMM(), YMM()
	VPSRLDQ(U8(8), v, w) // (b, ·, ·, ·, d, ·, ·, ·)
	VSUBPS(v, w, w)
	t1 := XMM()
	VMOVSHDUP(t, t1)
	VBROADCASTSS(t1, tzz)
	VMULPS(tzz, w, w)
	VADDPS(w, v, v)
	cdv, d := XMM(), XMM()
	VEXTRACTF128(U8(1), v, cdv)
	VSUBSS(v.AsX(), cdv, d)
	VMULSS(t, d, d)
	var n Register = v.AsX()
	plusZero := perlin || !leanReg2D
	if plusZero {
		// 0 + (ab + d) as (ab + 0) + d, ab + 0 beside the lerp's d: off
		// ValueAt's chain, and the tail then clamps on the bits without a
		// branch (lean2DTail; Perlin 2D FNL/ours 0.988 → 1.011 on the
		// peers' grid, ten alternated rounds). For numbers p and q, 0 +
		// (p + q) and (p + 0) + q have the same bits: p + q is −0 only when
		// both are −0 (a sum that cancels is +0), and then (p + 0) + q is
		// +0 + −0 = +0; p + 0 is p but for −0, which only changes a −0 sum
		// (+0 + q is q for q ≠ 0). And clampValue keeps a zero's sign, so
		// the clamp of the sum that is never −0 is 0 + clampValue(p + q).
		// (The simplex kernels keep their 0 + at the end: there it cannot
		// go beside a longer step, and their chain ends the same.)
		z := XMM()
		VXORPS(z, z, z)
		VADDSS(z, n, n)
		plusZero = false
	}
	if !plusZero && leanReg2D {
		// the result register itself (leanOut then moves nothing)
		VADDSS(d, n, X0)
		n = X0
	} else {
		VADDSS(d, n, n)
	}
	VZEROUPPER()
	var reclamp []func()
	if wide {
		// the clamped (X, Z) (lanes 0 and 1 of c, the others now zero)
		// into cb's quadwords again
		reclamp = append(reclamp, func() { VPBROADCASTQ(c, cb) })
	}
	lean2DTail(n, c, a, m, plusZero, reclamp...)
}

// lean2DRangeTest starts a lean 2D kernel's work on the lattice
// coordinates c (lanes 0 and 1): it jumps to "clamp" (lean2DTail's block)
// where one is beyond ±coordLimit or NaN, and labels "span", where that
// block comes back; a and m are its scratch, which lean2DTail reuses.
func lean2DRangeTest(c Op) (a VecVirtual, m GPVirtual) {
	a, m = XMM(), GP32()
	VANDPS(bcast(^uint32(signMask)), c, a)
	VPCMPGTD(bcast(coordLimit), a, a)
	VMOVMSKPS(a, m)
	TESTL(U32(3), m)
	JNE(LabelRef("clamp"))
	Label("span")
	return a, m
}

// lean2DTail ends a lean 2D kernel whose result is lane 0 of n: clamped to
// [−1, 1] where |n| > 1 (clampValue), then 0 + n out (without plusZero n
// itself: for a value that is never −0, +0 + n is n bit for bit). Without
// plusZero the clamp is clampBits' (n is not NaN), no branch: a test of |n|
// and a jump to an out-of-line clamp retire 4 cycles after n, the two
// integer minimums 2 to 3 (value 2D's ValueAt 8.5 → 8.2 ns a point on the
// peers' grid, six alternated rounds, Xeon model 167). With plusZero (the
// simplex kernels: the lattice ones add their 0 + earlier, pointLean2DQ)
// the test and jump stay, beside the VADDSS of 0 + n: the same clamp with
// the bits of −0 cleared by a compare and an and-not (3 cycles and a
// domain crossing, against 4) measured 2–3 % slower for Perlin and simplex
// 2D, and so did that −0 fix alone. After it come the
// out-of-line blocks that the kernel's start jumps to: "clamp" (a
// coordinate of c, lanes 0 and 1, beyond ±coordLimit: NaN goes to "nan",
// the others are clamped, reclamp's functions write what else the kernel
// keeps of them, and the kernel goes on at "span"; a and m are scratch)
// and "nan".
func lean2DTail(n Register, c, a Op, m Register, plusZero bool, reclamp ...func()) {
	if !plusZero {
		VPMINSD(bcast(f1), n, n) // clampBits
		VPMINUD(bcast(f1|signMask), n, n)
		leanOut(n)
		RET()
	} else {
		z := XMM()
		VANDPS(bcast(^uint32(signMask)), n, z)
		VUCOMISS(bcast(f1), z)
		JA(LabelRef("clampv"))
		Label("clamped")
		VXORPS(z, z, z)
		if leanReg2D {
			VADDSS(n, z, X0) // into the result register: no move
		} else {
			VADDSS(n, z, n)
			leanOut(n)
		}
		RET()
		Label("clampv")
		VMAXSS(bcast(fm1), n, n)
		VMINSS(bcast(f1), n, n)
		JMP(LabelRef("clamped"))
	}
	Label("clamp")
	VCMPPS(U8(3), c, c, a)
	VMOVMSKPS(a, m)
	TESTL(U32(3), m)
	JNE(LabelRef("nan"))
	VMAXPS(bcast(coordLimit|signMask), c, c)
	VMINPS(bcast(coordLimit), c, c)
	for _, f := range reclamp {
		f()
	}
	JMP(LabelRef("span"))
	Label("nan")
	leanNaNOut()
	RET()
}

// squarePairs is the register twins' Perlin corners from the low bytes idx
// of their hashes (quadword lanes; leanAvalancheByte): squareDot's (gx·ox + gy·oz)·perlin2 in the even words,
// with gx, gy read from s2square, a table of both (entry A: squareVectors
// of byte A by the reference's operations in its order, as Go's squareGX
// and squareGY), by one VGATHERQPD of the (gx, gy) pairs indexed by idx,
// instead of the vectors' arithmetic (a VROUNDPS
// among it) on ValueAt's chain. ox = gx or gx − 1 and oz = gz or gz − 1
// of the offsets g = (gx, gz, ·, ·) go in the odd and even words of each
// corner's quadword by one VPERMPS; gx·ox + gy·oz is the product's even
// word plus its odd one (VMOVSHDUP: sums commute bit for bit).
func squarePairs(idx, g VecVirtual) VecVirtual {
	pr, mk := YMM(), YMM()
	base := GP64()
	LEAQ(s2squareTable(), base)
	VXORPS(pr, pr, pr)   // the gather merges: a definition first
	VPCMPEQD(mk, mk, mk) // all lanes; the gather clears it
	VGATHERQPD(mk, Mem{Base: base, Index: idx, Scale: 8}, pr)
	g1, o, oi := XMM(), YMM(), YMM()
	VSUBPS(bcast(f1), g, g1)
	VUNPCKLPS(g1, g, g1) // (gx, gx − 1, gz, gz − 1)
	VMOVDQU(vec8("lean2DOXZ", [8]uint32{0, 2, 0, 3, 1, 2, 1, 3}), oi)
	VPERMPS(g1.AsY(), oi, o) // (ox, oz) of corners a, b, c, d
	VMULPS(o, pr, pr)        // (gx·ox, gy·oz)
	VMOVSHDUP(pr, o)
	VADDPS(o, pr, pr)
	VMULPS(bcast(perlin2), pr, pr)
	return pr
}

// s2squareTable is s2square, 256 (gx, gy) pairs of float32: entry A is
// squareVectors of byte A (cpu/gradient.go), by its operations in its
// order: gx = ((A·inv255)·2) − 1, gy = 0.5 − |gx|, gx − floor(gx + 0.5).
func s2squareTable() Mem {
	inv := math.Float32frombits(inv255)
	v := make([]uint32, 512)
	for b := range 256 {
		gx := float32(float32(float32(b)*inv)*2) - 1
		gy := 0.5 - float32(math.Abs(float64(gx)))
		gx = gx - float32(math.Floor(float64(gx+0.5)))
		v[2*b], v[2*b+1] = math.Float32bits(gx), math.Float32bits(gy)
	}
	return permTable("s2square", v)
}
