package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The lean twins of the 3D point kernels: ValueAt's whole function for a
// lean 3D sampler without a combine step (cpu.point1.lean), so that the
// sampler calls the kernel itself, with no Go function around it. Each
// takes the arguments of a cpu.valueFunc in its layout (vp, unused, as a
// uintptr, the hash, the point's four coordinates and the frequency: the
// same stack frame under ABI0, and the same registers under Go's register
// ABI, as valueFunc's), returns NaN where x, y or z is NaN (a branch
// before the work: cpu.nan32's bits, 0x7FC00000), and ends with ValueAt's
// 0 + clampValue(v) on the kernel's value: min(max(v, −1), 1) is
// clampValue for a number (the value is never NaN: the coordinates are
// not, and the clamp to ±coordLimit keeps every product finite), then
// +0 + v. Three steps are shorter in the twins than in the kernels (whose
// generated code this file leaves as it was): a byte's gradient is
// byte·inv255x2 − 1 (byteGradient; (byte·inv255)·2 bit for bit, as
// widekern.go's inv255x2 explains); the lerps' t of an axis is an in-lane
// VPERMILPS of t, whose halves are alike, instead of a table and VPERMPS
// (pointLatticeEnd); and the floor of the lattice coordinates (pointSpan)
// and of the skewed simplex ones is floorWithFloat's VROUNDPS, whose
// float is floorToInt's converted back, but for a coordinate c = −0: there
// it is −0, so the offset c − floor(c) is +0 where the scalar code has −0.
// The results are alike all the same. For simplex noise the offset is the
// fraction, which only the comparisons read (−0 equals +0). For lattice
// noise it is g (the offset of x, y or z), which enters smoothT and, for
// Perlin, the dot products only through products and sums: with +0 for
// −0, every intermediate number either has the same bits or is a zero of
// the other sign (a product with a zero is a zero, x + ±0 is x for a
// nonzero x, and a lerp a + t·(b − a) with such operands is such again), so
// the kernel's value is the same or both are zeros, and the lean end's
// clamp and +0 + v make either zero +0. Measured in one process, the twin
// called as ValueAt's function against the kernel in the former Go
// function, alternating, on 64K points of the 64³ grid (under load 7–8):
// value 3D −14 % (17.2 → 14.7 ns a point) and Perlin 3D −10 % without the
// VROUNDPS floor, which took another 5 % and 4 % off; simplex 3D −9 %,
// then −8 %.
const leanSignature = "func(vp uintptr, h uint32, x, y, z, w, f float32) float32"

// leanNaN, in a lean twin, jumps to its NaN exit (leanNaNExit) where lane
// 0, 1 or 2 of the coordinates c is NaN.
func leanNaN(c VecVirtual) {
	if !leanKernel {
		return
	}
	m, g := YMM(), GP32()
	VCMPPS(U8(3), c, c, m) // unordered: NaN
	VMOVMSKPS(m.AsX(), g)
	TESTL(U32(7), g)
	JNE(LabelRef("nan"))
}

// leanNaNExit is a lean twin's NaN exit.
func leanNaNExit() {
	if !leanKernel {
		return
	}
	Label("nan")
	if leanReg {
		r := GP32()
		MOVL(U32(0x7FC00000), r)
		VMOVD(r, X0) // the result register
		VZEROUPPER()
		RET()
		return
	}
	MOVL(U32(0x7FC00000), addr(ReturnIndex(0)))
	VZEROUPPER()
	RET()
}

// leanResult is 0 + clampValue(v) on lane 0 of v, in place.
func leanResult(v VecVirtual) {
	z := YMM()
	VMAXPS(bcast(fm1), v, v)
	VMINPS(bcast(f1), v, v)
	VXORPS(z, z, z)
	VADDPS(v, z, v) // +0 + v
}

// pointLeanKernels writes the lean twins.
func pointLeanKernels() {
	leanKernel = true
	pointLattice("valueLattice3DPointLeanAVX2", false)
	pointLattice("perlinLattice3DPointLeanAVX2", true)
	pointLatticeWide("valueLattice3DPointLeanAVX512", false)
	pointLatticeWide("perlinLattice3DPointLeanAVX512", true)
	pointSimplex("valueSimplex3DPointLeanAVX2", false)
	pointSimplex("simplexSimplex3DPointLeanAVX2", true)
	leanKernel = false
}

// The register twins of the lean 3D kernels (pointLeanRegKernels): the
// lean twins' code, but for where the arguments and the result are. Go
// calls an assembly function through a wrapper it makes (ABI0: the
// arguments on the stack), which stores valueFunc's register arguments to
// its frame, calls the kernel, which loads them back (store forwarding on
// the coordinates' path), and loads the result: 17 instructions a call.
// A register twin is called without it, as valueFunc itself under Go's
// register ABI (ABIInternal, go/src/cmd/compile/abi-internal.md): cpu
// takes its ABI0 address (lean3DRegPCs) as the code pointer of a func value
// (leanRegFunc), so that ValueAt's call lands in the kernel with vp in AX,
// the hash in BX, x, y, z, w in X0–X3 and f in X4, and the result goes
// back in X0. Under that ABI a function may clobber every register but
// R14 (the goroutine), X15 (zero), SP and BP: the kernels use none of
// these (TestLeanRegKernels reads the generated text), and VZEROUPPER
// leaves X0's low lanes. Their Go declarations take no arguments, so that
// nothing calls them directly.
var leanReg bool

// leanParam is broadcastParam of the hash ("h") or the frequency ("f"),
// from its register in a register twin.
func leanParam(name string) VecVirtual {
	if !leanReg {
		return broadcastParam(name)
	}
	r := YMM()
	if name == "h" {
		VMOVD(EBX, r.AsX())
		VPBROADCASTD(r.AsX(), r)
	} else if leanLow {
		VBROADCASTSS(X4, r.AsX()) // lanes 0–3 (1 cycle, where the YMM broadcast takes 3), the others 0
	} else {
		VBROADCASTSS(X4, r)
	}
	return r
}

// leanLow is set while a register twin reads lanes 0–3 of its coordinates
// only (the simplex twins and pointLatticeWideReg): leanParam then
// broadcasts the frequency into those lanes only.
var leanLow bool

// leanRegArgs is pointArgs of a register twin, from X0, X1 and X2:
// (x, y, z, 0) twice when both, else (x, y, z, 0) and zeros (the simplex
// kernel reads lanes 0–3 only: its corners' offsets, lane 3 of the
// comparisons fy < fx, fz < fx, fz < fy, which compares fx with itself,
// and its sums; a step of 3 cycles less).
func leanRegArgs(both bool) VecVirtual {
	c := YMM()
	VINSERTPS(U8(1<<4|1<<3), X1, X0, c.AsX()) // y into lane 1, lane 3 zero
	VINSERTPS(U8(2<<4), X2, c.AsX(), c.AsX())
	if both {
		VINSERTF128(U8(1), c.AsX(), c, c)
	}
	leanNaN(c)
	return c
}

// leanRegResult is leanResult into X0, the result register, on the bits:
// clampValue is clampBits(v, 1), and +0 + v, which changes −0 alone (to
// +0; v is not NaN), clears the bits of −0 (one integer compare and
// and-not, 2 cycles where VADDPS takes 4).
func leanRegResult(v VecVirtual) {
	m := YMM()
	clampBits(v, f1)
	VPCMPEQD(bcast(signMask), v, m)
	VPANDN(v.AsX(), m.AsX(), X0) // v, but 0 for −0
}

// clampBits is min(max(c, −l), l) for the positive float l (its bits), on
// c's bits as integers (c is not NaN): as signed integers the bits of the
// floats ≥ +0 grow with their value and lie above those of every float
// with the sign bit set, so a signed minimum with l clamps the former to
// l and leaves the latter; as unsigned integers the bits of the floats
// with the sign bit set (−0 included) grow with their magnitude and lie
// above those of the others, so an unsigned minimum with −l's bits then
// clamps the former to −l and leaves the latter. Infinities clamp so too,
// −0 stays −0 (as VMAXPS against −l and VMINPS against l leave it), and
// the two integer steps take 2 cycles where VMAXPS and VMINPS take 8.
func clampBits(c VecVirtual, l uint32) {
	VPMINSD(bcast(l), c, c)
	VPMINUD(bcast(l|signMask), c, c)
}

// vec16 is a 64-byte read-only table of sixteen 32-bit values.
func vec16(name string, v [16]uint32) Mem { return permTable(name, v[:]) }

// cornerPair is the VPERMI2D/VPERMI2PS index that puts axis k of the lower
// corner (the first table, lane k) or of the upper one (the second, lane
// 16 + k) into each corner c's lane, bit b of c choosing: in dwords 2c and
// 2c + 1 (quadword c, for eatZ) when q, else in lane c.
func cornerPair(k, b int, q bool) Mem {
	var v [16]uint32
	for c := 0; c < 8; c++ {
		x := uint32(k)
		if c>>b&1 != 0 {
			x += 16
		}
		if q {
			v[2*c], v[2*c+1] = x, x
		} else {
			v[c] = x
		}
	}
	return vec16(fmt.Sprintf("cornerpair%d%d%v", k, b, q), v)
}

// pointLatticeWideReg is pointLatticeWide's register twin, with a shorter
// chain from the coordinates to the hashes: x, y and z stay in lanes 0–2
// (no copy into the upper half: the permutes pick each corner's axis from
// the lower corner or from the upper one, two tables); the floor is
// VCVTPS2DQ rounding toward −∞ (embedded rounding, 4 cycles), where
// VROUNDPS and VCVTTPS2DQ take 12 (the same integer: the coordinate is
// clamped to ±2^29); the offsets g keep VROUNDPS's float, as the lean
// twins do (pointlean.go), off the hash's path; the clamp is clampBits;
// and the hashes come back from their quadwords in one VPERMD.
func pointLatticeWideReg(name string, perlin bool) {
	TEXT(name, NOSPLIT, pointSignature())
	Doc(fmt.Sprintf("%s is one octave of lattice %s 3D noise at one position, its corners in the lanes, their hashes in quadwords (cpu.latticeValue3D before combineValue).", name, map[bool]string{false: "value", true: "Perlin"}[perlin]))
	c := YMM()
	VINSERTPS(U8(1<<4|1<<3), X1, X0, c.AsX()) // y into lane 1, lane 3 zero
	VINSERTPS(U8(2<<4), X2, c.AsX(), c.AsX())
	leanNaN(c)
	leanLow = true
	F := leanParam("f")
	leanLow = false
	H := ZMM()
	VPBROADCASTD(EBX, H)
	VMULPS(F, c, c)
	clampCoord(c)
	i0, i1, fl, g := ZMM(), ZMM(), YMM(), YMM()
	VCVTPS2DQ_RD_SAE(c.AsZ(), i0)
	VPADDD(bcast(1), i0.AsY(), i1.AsY())
	VROUNDPS(U8(1), c, fl)
	VSUBPS(fl, c, g)
	t, tt := smoothT(g), YMM()
	if !perlin {
		VINSERTF128(U8(1), t.AsX(), t, tt) // both halves, for laneOf
	}
	var g1 VecVirtual
	if perlin {
		g1 = YMM()
		VSUBPS(bcast(f1), g, g1)
	}
	var hv Op = H
	for k := 0; k < 3; k++ {
		q := ZMM()
		VMOVDQU32(cornerPair(k, 2-k, true), q)
		VPERMI2D(i1, i0, q) // corner c in quadword c
		hv = eatZ(hv, q)
	}
	if perlin {
		// each corner's offsets: ox and oy in its pair, oz in its even lane
		var ixy, iz [16]uint32
		for c := 0; c < 8; c++ {
			for k := 0; k < 3; k++ {
				x := uint32(k)
				if c>>(2-k)&1 != 0 {
					x += 16
				}
				switch k {
				case 2:
					iz[2*c], iz[2*c+1] = x, x
				default:
					ixy[2*c+k] = x
				}
			}
		}
		oxy, oz := ZMM(), ZMM()
		VMOVDQU32(vec16("cornerpairxy", ixy), oxy)
		VPERMI2PS(g1.AsZ(), g.AsZ(), oxy)
		VMOVDQU32(vec16("cornerpairz", iz), oz)
		VPERMI2PS(g1.AsZ(), g.AsZ(), oz)
		n := octahedronDotPairs(hv.(VecVirtual), oxy, oz)
		pairLerps(n, t)
		return
	}
	// the avalanche's low byte, (v ^ v >> 16) & 0xFF, by one VPTERNLOGD
	// (1 step on ValueAt's chain where VPXORD and byteGradient's VPAND take
	// 2), then the even dwords (corner c in lane c) and byteGradient's rest
	q, sh := avalancheZPre(hv.(VecVirtual))
	VPSRLD(U8(16), q, sh)
	VPTERNLOGD(U8(0x28), bcastZ(0xFF), sh, q)
	v, even, b := ZMM(), ZMM(), YMM()
	VMOVDQU32(vec16("evendwords16", [16]uint32{0, 2, 4, 6, 8, 10, 12, 14}), even)
	VPERMD(q, even, v)
	VCVTDQ2PS(v.AsY(), b)
	VMULPS(bcast(inv255x2), b, b) // (byte·inv255)·2, bit for bit (widekern.go)
	VSUBPS(bcast(f1), b, b)
	pointLerps(b, tt)
}

// The AVX-512 Perlin register twin takes octahedronDotPairs: paired in
// one process against the twin with octahedronDot (chunks of 4096 points of the 64³ grid, alternating, wall clock, load 9–11), the
// median time ratio was 0.958 (llvm-mca, icelakeserver: 94 → 92 cycles,
// 150 → 139 uops a call). Tried and dropped: the same pairs in the simplex
// twin (YMM, four corners: 1.003, no faster) and an AVX-512 simplex twin
// hashing in ZMM quadwords for VPROLD (1.16–1.17: slower).

// bcastZ is a 64-byte read-only constant: v in each of the sixteen lanes.
func bcastZ(v uint32) Mem {
	var a [16]uint32
	for i := range a {
		a[i] = v
	}
	return vec16(fmt.Sprintf("kz%08x", v), a)
}

// octahedronDotPairs is octahedronDot of the eight corners at once in
// the pairs of a ZMM register: from the eaten hashes in quadwords h (eatZ)
// and their avalanche, each corner's gradient axes x and y in the dwords of
// its quadword (2c and 2c + 1), so that one instruction does each step of
// byteGradient and
// |g| for both axes, and the fold's ±off and the dot products' first
// products for both. Every number has the bits it has in octahedronDot:
// gz = (1 − |gx|) − |gy| in the even lanes (|gy| moved there by
// VMOVSHDUP); −gz as |gy| − (1 − |gx|), the same number (a − b is −(b − a)
// in round-to-nearest; where both are 0 it is +0, and max(·, +0) gives +0
// for either zero, as octahedronVectors' VMAXPS does); off = max(−gz, +0)
// copied into the odd lane (VMOVSLDUP); ±off, off with the sign bit of ¬g
// (one VPTERNLOGD: off | (signMask ∧ ¬g)); and (gx·ox + gy·oy) + gz·oz
// summed in octahedronDot's order, then times perlin3, in the even lanes
// (corner c in lane 2c). oxy holds each corner's offsets ox and oy in its
// pair, oz its offset oz in the even lane.
func octahedronDotPairs(h, oxy, oz VecVirtual) VecVirtual {
	// the avalanche but for its last xor-shift, v ^= v >> 16, which leaves
	// byte D as it is (v >> 16 has a zero top byte): byte A = (v ^ v >>
	// 16) & 0xFF in the even dwords and D = v >> 24 in the odd ones by two
	// variable shifts of v in both dwords (by 16 and 24; by 0 and 32, which
	// gives 0) and one VPTERNLOGD, 3 steps on ValueAt's chain where the
	// xor-shift, the copy, the shift and the mask took 5
	q, sh := avalancheZPre(h)
	b := ZMM()
	VPSHUFD(U8(0xA0), q, b) // v in both dwords of its quadword
	VPSRLVD(vec16("shift0x1024", [16]uint32{16, 24, 16, 24, 16, 24, 16, 24, 16, 24, 16, 24, 16, 24, 16, 24}), b, sh)
	VPSRLVD(vec16("shift0x0032", [16]uint32{0, 32, 0, 32, 0, 32, 0, 32, 0, 32, 0, 32, 0, 32, 0, 32}), b, b)
	VPTERNLOGD(U8(0x28), bcastZ(0xFF), sh, b) // (b ^ sh) & 0xFF: byte A (x) in the even lanes, byte D (y) in the odd ones
	VCVTDQ2PS(b, b)
	VMULPS(bcastZ(inv255x2), b, b)
	VSUBPS(bcastZ(f1), b, b) // g: gx, gy
	a, u, one := ZMM(), ZMM(), ZMM()
	VPANDD(bcastZ(^uint32(signMask)), b, a) // |g|
	VMOVUPS(bcastZ(f1), one)
	VSUBPS(a, one, u) // 1 − |g|
	ay, gz, off, z := ZMM(), ZMM(), ZMM(), ZMM()
	VMOVSHDUP(a, ay)   // |gy| into the even lanes
	VSUBPS(ay, u, gz)  // (1 − |gx|) − |gy|
	VSUBPS(u, ay, off) // −gz
	VPXORD(z, z, z)
	VMAXPS(z, off, off)
	VMOVSLDUP(off, off)                            // into both lanes of its corner
	VPTERNLOGD(U8(0xF2), bcastZ(signMask), b, off) // off | (signMask ∧ ¬g): ±off
	VADDPS(off, b, b)
	VMULPS(oxy, b, b)
	s := ZMM()
	VMOVSHDUP(b, s)
	VADDPS(s, b, b) // gx·ox + gy·oy in the even lanes
	VMULPS(oz, gz, gz)
	VADDPS(gz, b, b)
	VMULPS(bcastZ(perlin3), b, b)
	return b
}

// leanRegNames are the register twins, in the order of cpu's leanReg
// constants.
var leanRegNames = []string{
	"valueLattice3DPointLeanRegAVX2", "perlinLattice3DPointLeanRegAVX2",
	"valueLattice3DPointLeanRegAVX512", "perlinLattice3DPointLeanRegAVX512",
	"valueSimplex3DPointLeanRegAVX2", "simplexSimplex3DPointLeanRegAVX2",
	"valueSimplex3DPointLeanRegAVX512", "simplexSimplex3DPointLeanRegAVX512",
}

// pointLeanRegKernels writes the register twins and lean3DRegPCs, which
// stores their ABI0 addresses.
func pointLeanRegKernels() {
	leanKernel, leanReg = true, true
	pointLattice(leanRegNames[0], false)
	pointLattice(leanRegNames[1], true)
	pointLatticeWide(leanRegNames[2], false)
	pointLatticeWide(leanRegNames[3], true)
	pointSimplex(leanRegNames[4], false)
	pointSimplex(leanRegNames[5], true)
	// the simplex twins again for AVX-512 with VL: the same code but for
	// the rotations, one VPROLD each (eatQ) in place of three instructions
	leanWide = true
	pointSimplex(leanRegNames[6], false)
	pointSimplex(leanRegNames[7], true)
	leanWide = false
	leanKernel, leanReg = false, false
	TEXT("lean3DRegPCs", NOSPLIT, fmt.Sprintf("func(pc *[%d]uintptr)", len(leanRegNames)))
	Doc("lean3DRegPCs stores the addresses of the register twins of the lean 3D point kernels (asmgen/pointlean.go).")
	p := Load(Param("pc"), GP64())
	for i, n := range leanRegNames {
		r := GP64()
		LEAQ(Mem{Symbol: Symbol{Name: "·" + n}, Base: StaticBase}, r)
		MOVQ(r, Mem{Base: p, Disp: 8 * i})
	}
	RET()
}

// pairLerps ends the AVX-512 Perlin register twin from its corners' values
// n in the even lanes of a ZMM register (corner c in lane 2c) and the
// interpolants t (lanes 0–2): pointLerps' lerps, in the same order on the
// same numbers, where the corners lie, without gathering them into lanes
// 0–7 first (one VPERMPS of 3 cycles and its index less): the z lerps pair
// lanes 4j and 4j + 2 (VPERMILPS, in each 128-bit block), the y lerps
// lanes 0 and 4, 8 and 12 (VSHUFF32X4), the x lerp lanes 0 and 8
// (VEXTRACTF32X4).
func pairLerps(n, t VecVirtual) {
	tz := ZMM()
	VSHUFF32X4(U8(0), t.AsZ(), t.AsZ(), tz) // t in every block
	lerpZ := func(a, b, tk VecVirtual) {
		d := ZMM()
		VSUBPS(a, b, d)
		VMULPS(tk, d, d)
		VADDPS(d, a, a)
	}
	b, tk := ZMM(), ZMM()
	VPERMILPS(U8(0xEE), n, b) // lane 4j + 2 into lane 4j
	VPERMILPS(U8(0xAA), tz, tk)
	lerpZ(n, b, tk)
	b, tk = ZMM(), ZMM()
	VSHUFF32X4(U8(0x31), n, n, b) // blocks 1 and 3 into blocks 0 and 2
	VPERMILPS(U8(0x55), tz, tk)
	lerpZ(n, b, tk) // x0v in lane 0, x1v in lane 8
	b, tk = ZMM(), ZMM()
	VEXTRACTF32X4(U8(2), n, b.AsX())
	VPERMILPS(U8(0x00), tz, tk)
	lerpZ(n, b, tk)
	pointReturn(n.AsY().(VecVirtual))
	VZEROUPPER()
	RET()
	leanNaNExit()
}

// s3pointGather is the sphere gradient's r = 1 / sqrt((gx² + gy²) + gz²)
// of the corners' hashes v (lanes 0–3) in the simplex register twin,
// looked up in s3rsqrt (widesimplex.go: entry D·256 + A holds the
// reference's r of bytes A and D, computed by its operations in its
// order). The index is one VPSHUFB (bytes 0 and 3 of each hash into bytes
// 0 and 1, zeros above) and the lookup a four-lane VGATHERDPS, off the
// gradients' path: their squares, sum, VSQRTPS and VDIVPS (some 35 cycles
// of latency on ValueAt's chain) leave it.
func s3pointGather(v VecVirtual) VecVirtual {
	var sel [8]uint32
	for k := range sel {
		b := uint32(4 * (k % 4))
		sel[k] = b | (b+3)<<8 | 0x8080<<16
	}
	idx, r, mk := YMM(), YMM(), YMM()
	VPSHUFB(vec8("s3pointidx", sel), v, idx)
	base := GP64()
	LEAQ(s3rsqrtTable(), base)
	VXORPS(r.AsX(), r.AsX(), r.AsX())      // the gather merges: a definition first
	VPCMPEQD(mk.AsX(), mk.AsX(), mk.AsX()) // all lanes; the gather clears it
	VGATHERDPS(mk.AsX(), Mem{Base: base, Index: idx.AsX(), Scale: 4}, r.AsX())
	return r
}
