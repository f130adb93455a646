// Command asmgen writes the AVX2 assembly kernels of package cpu
// (cpu/kernels_avx2_amd64.s and its Go declarations) with avo. It is a
// development tool in a module of its own, so that package cpu and its
// users never depend on avo; `make asm` runs it and `make asmcheck` (part of
// `make test`) checks that the committed files are what it writes.
//
// Every kernel is a lane-by-lane transcription of a scalar value path of
// package cpu: the same float32 operations in the same order, multiplies
// and adds kept apart (no FMA), so each lane is bit-identical to the
// scalar reference (docs/algorithms.md §0.4, §10).
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/mmcloughlin/avo/attr"
	"github.com/noiselab/noise/internal/vexcheck"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The SmallXXHash primes and the float32 constants, as in cpu/hash.go and
// cpu/consts.go (bit patterns).
const (
	primeB = 0x85EBCA77
	primeC = 0xC2B2AE3D
	primeD = 0x27D4EB2F

	f0p5       = 0x3F000000 // 0.5
	f1         = 0x3F800000 // 1
	f2         = 0x40000000 // 2
	f6         = 0x40C00000 // 6
	f10        = 0x41200000 // 10
	f15        = 0x41700000 // 15
	inv255     = 0x3B808081 // 1f / 255f
	perlin2    = 0x406F2090 // 2f / 0.53528f
	perlin3    = 0x3FE364D3 // 1f / 0.56290f
	coordLimit = 0x4E000000 // 2^29
	inputLimit = 0x5F800000 // 2^64
	simplex2   = 0x4083F68D // 5.832f / sqrt(2f)
	invSqrt3   = 0x3F13CD3A // 1f / sqrt(3f)
	skew2      = 0x3EBB67AE // (sqrt(3f) − 1f) / 2f
	unskew2    = 0x3E58658C // (3f − sqrt(3f)) / 6f
	f8         = 0x41000000 // 8
	simplex3   = 0x40975952 // 1024f / (125f·sqrt(3f))
	scale3     = 0x3F19999A // 0.6f
	skew3      = 0x3EAAAAAB // 1f / 3f
	unskew3    = 0x3E2AAAAB // 1f / 6f
	inv31      = 0x3D042108 // 1f / 31f
	fm1        = 0xBF800000 // −1
	simplex1   = 0x3F97B426 // 32f / 27f
	f3         = 0x40400000 // 3
	fm2        = 0xC0000000 // −2
	fm3        = 0xC0400000 // −3
	f30        = 0x41F00000 // 30
	f60        = 0x42700000 // 60
	signMask   = 0x80000000
)

// consts are the constants emitted so far, by name.
var consts = map[string]Mem{}

// bcast returns a 32-byte read-only constant: eight copies of v.
func bcast(v uint32) Mem {
	name := fmt.Sprintf("k%08x", v)
	if m, ok := consts[name]; ok {
		return m
	}
	m := GLOBL(name, RODATA|NOPTR)
	for i := 0; i < 8; i++ {
		DATA(4*i, U32(v))
	}
	consts[name] = m
	return m
}

// cell is spanValue (cpu/lattice.go) without the interpolator, on eight
// lanes: c = clampCoord(p·F), p0 = floorToInt(c), g0 = c − p0.
func cell(p Mem, F VecVirtual) (p0, g0 VecVirtual) {
	c := YMM()
	VMULPS(p, F, c)
	clampCoord(c)
	p0 = floorToInt(c)
	g0 = YMM()
	VCVTDQ2PS(p0, g0)
	VSUBPS(g0, c, g0)
	return p0, g0
}

// span is spanValue: cell and t = smoothT(g0).
func span(p Mem, F VecVirtual) (p0, g0, t VecVirtual) {
	p0, g0 = cell(p, F)
	return p0, g0, smoothT(g0)
}

// abs is abs32: x with the sign bit cleared, into r.
func abs(x, r VecVirtual) {
	VANDPS(bcast(^uint32(signMask)), x, r)
}

// floorToInt is cpu.floorToInt: truncate, then subtract 1 where the
// truncation lies above c (the mask of all ones is −1).
func floorToInt(c VecVirtual) VecVirtual {
	i, fi := YMM(), YMM()
	VCVTTPS2DQ(c, i)
	VCVTDQ2PS(i, fi)
	VCMPPS(U8(1), fi, c, fi) // c < float(i)
	VPADDD(fi, i, i)
	return i
}

// smoothT is ((u·u)·u)·((u·((u·6) − 15)) + 10).
func smoothT(u VecVirtual) VecVirtual {
	a, b := YMM(), YMM()
	VMULPS(u, u, a)
	VMULPS(u, a, a)
	VMULPS(bcast(f6), u, b)
	VSUBPS(bcast(f15), b, b)
	VMULPS(b, u, b)
	VADDPS(bcast(f10), b, b)
	VMULPS(b, a, a)
	return a
}

// eat is SmallXXHash.Eat: rotl(h + d·primeC, 17)·primeD.
func eat(h, d Op) VecVirtual {
	a, b := YMM(), YMM()
	VMOVDQU(bcast(primeC), a)
	VPMULLD(d, a, a)
	VPADDD(h, a, a)
	VPSLLD(U8(17), a, b)
	VPSRLD(U8(15), a, a)
	VPOR(b, a, a)
	VPMULLD(bcast(primeD), a, a)
	return a
}

// avalanche is SmallXXHash.Avalanche.
func avalanche(h VecVirtual) VecVirtual {
	v, t := YMM(), YMM()
	VPSRLD(U8(15), h, t)
	VPXOR(t, h, v)
	VPMULLD(bcast(primeB), v, v)
	VPSRLD(U8(13), v, t)
	VPXOR(t, v, v)
	VPMULLD(bcast(primeC), v, v)
	VPSRLD(U8(16), v, t)
	VPXOR(t, v, v)
	return v
}

// byteGradient is valueGradient on the byte of v at shift:
// (float(byte)·inv255)·2 − 1.
func byteGradient(v VecVirtual, shift int) VecVirtual {
	b := YMM()
	if shift == 24 {
		VPSRLD(U8(24), v, b)
	} else {
		VPAND(bcast(0xFF), v, b)
	}
	VCVTDQ2PS(b, b)
	VMULPS(bcast(inv255), b, b)
	VMULPS(bcast(f2), b, b)
	VSUBPS(bcast(f1), b, b)
	return b
}

// squareVectors is cpu.squareVectors: gx = A·2/255 − 1, gy = 0.5 − |gx|,
// gx −= floor(gx + 0.5).
func squareVectors(v VecVirtual) (gx, gy VecVirtual) {
	gx, gy = byteGradient(v, 0), YMM()
	t := YMM()
	abs(gx, gy)
	VMOVUPS(bcast(f0p5), t)
	VSUBPS(gy, t, gy)
	VADDPS(bcast(f0p5), gx, t)
	fl := floorToInt(t)
	VCVTDQ2PS(fl, t)
	VSUBPS(t, gx, gx)
	return gx, gy
}

// squareDot is the Perlin 2D corner (cpu.squareDot over squareVectors):
// gx = A·2/255 − 1, gy = 0.5 − |gx|, gx −= floor(gx + 0.5),
// ((gx·x) + (gy·z))·perlin2.
func squareDot(v, x, z VecVirtual) VecVirtual {
	gx, gy := squareVectors(v)
	VMULPS(x, gx, gx)
	VMULPS(z, gy, gy)
	VADDPS(gy, gx, gx)
	VMULPS(bcast(perlin2), gx, gx)
	return gx
}

// octahedronVectors is cpu.octahedronVectors: gx = A·2/255 − 1,
// gy = D·2/255 − 1, gz = (1 − |gx|) − |gy|, the lower half folded outward.
func octahedronVectors(v VecVirtual) (gx, gy, gz VecVirtual) {
	gx, gy = byteGradient(v, 0), byteGradient(v, 24)
	gz = YMM()
	t, off := YMM(), YMM()
	abs(gx, t)
	VMOVUPS(bcast(f1), gz)
	VSUBPS(t, gz, gz)
	abs(gy, t)
	VSUBPS(t, gz, gz)
	// off = max(−gz, 0): +0 where −gz ≤ 0, −0 included (MAXPS returns its
	// second operand on equality).
	VXORPS(bcast(signMask), gz, off)
	VXORPS(t, t, t)
	VMAXPS(t, off, off)
	// g += (g < 0) ? off : −off: off with the sign bit of ¬g.
	VANDNPS(bcast(signMask), gx, t)
	VORPS(off, t, t)
	VADDPS(t, gx, gx)
	VANDNPS(bcast(signMask), gy, t)
	VORPS(off, t, t)
	VADDPS(t, gy, gy)
	return gx, gy, gz
}

// dot3 is (gx·x + gy·y) + gz·z, into gx.
func dot3(gx, gy, gz VecVirtual, x, y, z Op) VecVirtual {
	VMULPS(x, gx, gx)
	VMULPS(y, gy, gy)
	VADDPS(gy, gx, gx)
	VMULPS(z, gz, gz)
	VADDPS(gz, gx, gx)
	return gx
}

// octahedronDot is the Perlin 3D corner: octahedronVectors dotted with the
// offset, times perlin3.
func octahedronDot(v VecVirtual, x, y, z Op) VecVirtual {
	gx, gy, gz := octahedronVectors(v)
	d := dot3(gx, gy, gz, x, y, z)
	VMULPS(bcast(perlin3), d, d)
	return d
}

// lerp is a + t·(b − a), into a.
func lerp(a, b VecVirtual, t Op) VecVirtual {
	d := YMM()
	VSUBPS(a, b, d)
	VMULPS(t, d, d)
	VADDPS(d, a, a)
	return a
}

// broadcastParam loads a 32-bit argument into all eight lanes.
func broadcastParam(name string) VecVirtual {
	r := YMM()
	VBROADCASTSS(addr(Param(name)), r) // the bits as they are (go vet takes VPBROADCASTD and VMOVD for wider loads)
	return r
}

func minus1(g Op) VecVirtual {
	r := YMM()
	VMOVUPS(g, r)
	VSUBPS(bcast(f1), r, r)
	return r
}

func one() VecVirtual {
	r := YMM()
	VPCMPEQD(r, r, r) // all ones: −1
	return r
}

// kernel starts an assembly kernel over eight positions: its TEXT, the
// noescape pragma and the doc, the pointers to the coordinates it reads (x
// and z in 2D, x, y and z in 3D) and to its outputs, and its hash h and
// frequency f in every lane.
func kernel(name string, dims int, outs []string, doc string) (pos, out []Mem, h, f VecVirtual) {
	return kernelWith(NOSPLIT, name, dims, outs, doc)
}

// kernelWith is kernel with the TEXT attributes attr: 0 for a kernel whose
// frame is too large for NOSPLIT.
func kernelWith(attr attr.Attribute, name string, dims int, outs []string, doc string) (pos, out []Mem, h, f VecVirtual) {
	axes := [][]string{1: {"x"}, 2: {"x", "z"}, 3: {"x", "y", "z"}}[dims]
	TEXT(name, attr, "func("+strings.Join(append(append([]string{}, axes...), outs...), ", ")+" *[8]float32, h uint32, f int32)")
	Pragma("noescape")
	Doc(name + " is one octave of " + doc)
	for _, n := range append(axes, outs...) {
		m := Mem{Base: Load(Param(n), GP64())}
		if len(pos) < dims {
			pos = append(pos, m)
		} else {
			out = append(out, m)
		}
	}
	return pos, out, broadcastParam("h"), broadcastParam("f")
}

// tilingDoc starts the doc of a tiling kernel.
func tilingDoc(tiling bool) string {
	if tiling {
		return "tiling "
	}
	return ""
}

// toFloat is float(f), in a new register.
func toFloat(f VecVirtual) VecVirtual {
	r := YMM()
	VCVTDQ2PS(f, r)
	return r
}

// upperCorner is the upper corner index p0 + 1 of a lattice span; when
// tiling it first wraps p0 in place (cpu.wrapTiling): p0 = p0 mod f
// (floor-mod), then p1 = p0 + 1, or 0 where that is f.
func upperCorner(p0, f VecVirtual, tiling bool) VecVirtual {
	if tiling {
		floorMod(p0, f)
	}
	p1 := YMM()
	VPSUBD(one(), p0, p1)
	if tiling {
		wrapAt(p1, f, nil)
	}
	return p1
}

// wrapAt is one case of cpu.validateSingleStep: the lanes of p equal to
// at become to (0 when to is nil).
func wrapAt(p VecVirtual, at, to Op) {
	m := YMM()
	VPCMPEQD(at, p, m)
	if to == nil {
		VPANDN(p, m, p)
		return
	}
	VPBLENDVB(m, to, p, p)
}

// floorMod is p mod f in place, the floor-mod of cpu.wrapTiling, in
// double precision: for |p| < 2^53 the correctly rounded double quotient
// p/f lies within |p|·2^−53 < 1/|f| of the true one, which is at least
// 1/|f| from the next integer unless it is one, so its floor is exact.
func floorMod(p, f VecVirtual) {
	fd, lo, hi := YMM(), YMM(), YMM()
	hx := XMM()
	VCVTDQ2PD(f.AsX(), fd)
	VCVTDQ2PD(p.AsX(), lo)
	VEXTRACTI128(U8(1), p, hx)
	VCVTDQ2PD(hx, hi)
	VDIVPD(fd, lo, lo)
	VDIVPD(fd, hi, hi)
	VROUNDPD(U8(1), lo, lo) // toward −∞
	VROUNDPD(U8(1), hi, hi)
	q := YMM()
	VCVTTPD2DQY(lo, q.AsX())
	VCVTTPD2DQY(hi, hx)
	VINSERTI128(U8(1), hx, q, q)
	VPMULLD(f, q, q)
	VPSUBD(q, p, p)
}

// lineValue is the value of cpu.lineGradient: l = 1 + A, negated where
// bit 8 of v is set, times x.
func lineValue(v VecVirtual, x Op) VecVirtual { return lineSample(v, x, f1)[0].(VecVirtual) }

// hasAVX2 reports whether the CPU and the OS support AVX2: CPUID.1:ECX
// OSXSAVE (27) and AVX (28), XCR0 bits 1 and 2 (SSE and AVX state), and
// CPUID.7.0:EBX AVX2 (5).
func hasAVX2() {
	TEXT("hasAVX2", NOSPLIT, "func() bool")
	Doc("hasAVX2 reports whether the CPU has AVX2 and the OS saves the YMM registers.")
	no := "noavx2"
	MOVL(U32(1), EAX)
	XORL(ECX, ECX)
	CPUID()
	ANDL(U32(3<<27), ECX)
	CMPL(ECX, U32(3<<27))
	JNE(LabelRef(no))
	XORL(ECX, ECX)
	XGETBV()
	ANDL(U32(6), EAX)
	CMPL(EAX, U32(6))
	JNE(LabelRef(no))
	MOVL(U32(7), EAX)
	XORL(ECX, ECX)
	CPUID()
	SHRL(U8(5), EBX)
	ANDL(U32(1), EBX)
	Store(EBX.As8(), ReturnIndex(0))
	RET()
	Label(no)
	XORL(EBX, EBX)
	Store(EBX.As8(), ReturnIndex(0))
	RET()
}

// hasAVX512 reports whether the CPU has AVX-512F and the OS saves the
// opmask and ZMM registers: CPUID.1:ECX OSXSAVE (27), XCR0 bits 1, 2, 5, 6
// and 7 (SSE, AVX, opmask, ZMM_Hi256, Hi16_ZMM), CPUID.7.0:EBX AVX512F (16).
// (The kernels use AVX-512F instructions only.)
func hasAVX512() {
	TEXT("hasAVX512", NOSPLIT, "func() bool")
	Doc("hasAVX512 reports whether the CPU has AVX-512F and the OS saves the opmask and ZMM registers.")
	no := "noavx512"
	MOVL(U32(1), EAX)
	XORL(ECX, ECX)
	CPUID()
	ANDL(U32(1<<27), ECX)
	JE(LabelRef(no))
	XORL(ECX, ECX)
	XGETBV()
	ANDL(U32(0xE6), EAX)
	CMPL(EAX, U32(0xE6))
	JNE(LabelRef(no))
	MOVL(U32(7), EAX)
	XORL(ECX, ECX)
	CPUID()
	SHRL(U8(16), EBX)
	ANDL(U32(1), EBX)
	Store(EBX.As8(), ReturnIndex(0))
	RET()
	Label(no)
	XORL(EBX, EBX)
	Store(EBX.As8(), ReturnIndex(0))
	RET()
}

// clampCoord is min(max(c, −2^29), 2^29), in place.
func clampCoord(c VecVirtual) {
	VMAXPS(bcast(coordLimit|signMask), c, c)
	VMINPS(bcast(coordLimit), c, c)
}

// circleDot is the simplex 2D corner gradient (circleGradient's value):
// squareVectors, r = 1 / sqrt(gx² + gy²), ((gx·x + gy·z)·r)·simplex2.
// VSQRTPS and VDIVPS are correctly rounded, as sqrt32 and / are.
func circleDot(v VecVirtual, x, z Op) VecVirtual {
	gx, gy := squareVectors(v)
	r, q := YMM(), YMM()
	VMULPS(gx, gx, r)
	VMULPS(gy, gy, q)
	VADDPS(q, r, r)
	VSQRTPS(r, r)
	VMOVUPS(bcast(f1), q)
	VDIVPS(r, q, r) // 1 / sqrt
	VMULPS(x, gx, gx)
	VMULPS(z, gy, gy)
	VADDPS(gy, gx, gx)
	VMULPS(r, gx, gx)
	VMULPS(bcast(simplex2), gx, gx)
	return gx
}

// simplexOffsets is the common part of a simplex corner: with
// u = (Σ float(l_i))·unskew, the offsets x_i = (P_i − float(l_i)) + u from
// the corner l and fo = ((0.5 − x_0²) − x_1²) − … .
func simplexOffsets(P, l []Op, unskew uint32) (x []VecVirtual, fo VecVirtual) {
	fl := make([]VecVirtual, len(l))
	for i := range l {
		fl[i] = YMM()
		VCVTDQ2PS(l[i], fl[i])
	}
	u := YMM()
	VADDPS(fl[1], fl[0], u)
	for _, f := range fl[2:] {
		VADDPS(f, u, u)
	}
	VMULPS(bcast(unskew), u, u)
	fo = YMM()
	VMOVUPS(bcast(f0p5), fo)
	t := YMM()
	for i := range P {
		x = append(x, YMM())
		VMOVUPS(P[i], x[i])
		VSUBPS(fl[i], x[i], x[i])
		VADDPS(u, x[i], x[i])
		VMULPS(x[i], x[i], t)
		VSUBPS(t, fo, fo)
	}
	return x, fo
}

// kernelFalloff is the simplex kernel: (((f·g)·f)·f)·maskNonNegative(f, 8).
func kernelFalloff(f, g VecVirtual) VecVirtual {
	k, m := YMM(), YMM()
	VMULPS(g, f, k)
	VMULPS(f, k, k)
	VMULPS(f, k, k)
	VPSRAD(U8(31), f, m)    // all ones where the sign bit is set
	VPANDN(bcast(f8), m, m) // 8 where it is clear, else +0
	VMULPS(m, k, k)
	return k
}

// simplexCell2 is the part of simplexValue2D before the corners: the
// scaled position (X, Z) and its three corners (hash after x, x, z), each
// passed through keep (the identity, or a spill to the frame).
func simplexCell2(pos []Mem, h, k VecVirtual, keep func(VecVirtual) Op) (P []Op, corners [3][3]Op) {
	VCVTDQ2PS(k, k)
	VMULPS(bcast(invSqrt3), k, k)
	X, Z := YMM(), YMM()
	VMULPS(pos[0], k, X)
	VMULPS(pos[1], k, Z)
	clampCoord(X)
	clampCoord(Z)
	// getSimplexCell2
	sk, sx, sz := YMM(), YMM(), YMM()
	VADDPS(Z, X, sk)
	VMULPS(bcast(skew2), sk, sk)
	VADDPS(sk, X, sx)
	VADDPS(sk, Z, sz)
	x0, z0 := floorToInt(sx), floorToInt(sz)
	fx, fz := YMM(), YMM()
	VCVTDQ2PS(x0, fx)
	VSUBPS(fx, sx, fx)
	VCVTDQ2PS(z0, fz)
	VSUBPS(fz, sz, fz)
	d := YMM()
	VCMPPS(U8(1), fx, fz, d) // fz < fx: all ones (−1) where d = 1
	m1 := one()
	x1, z1, xC, zC := YMM(), YMM(), YMM(), YMM()
	VPSUBD(m1, x0, x1)
	VPSUBD(m1, z0, z1)
	VPSUBD(d, x0, xC) // x0 + d
	VPADDD(d, z1, zC) // z0 + 1 − d
	h0, h1 := eat(h, x0), eat(h, x1)
	hC := YMM()
	VPBLENDVB(d, h1, h0, hC) // selectHash(h0, h1, d == 1)
	P = []Op{keep(X), keep(Z)}
	for i, c := range [][3]VecVirtual{{h0, x0, z0}, {h1, x1, z1}, {hC, xC, zC}} {
		for j, r := range c {
			corners[i][j] = keep(r)
		}
	}
	return P, corners
}

// simplexCell3 is the part of simplexValue3D before the corners: the scaled
// position and the four corners (hash after x, x, y, z), in the frame.
func simplexCell3(pos []Mem, h, k VecVirtual, spill func(VecVirtual) Mem) (P []Op, corners [4][4]Op) {
	VCVTDQ2PS(k, k)
	VMULPS(bcast(scale3), k, k)
	var Pr [3]VecVirtual
	for i := range Pr {
		Pr[i] = YMM()
		VMULPS(pos[i], k, Pr[i])
		clampCoord(Pr[i])
	}
	// getSimplexCell3
	sk := YMM()
	VADDPS(Pr[1], Pr[0], sk)
	VADDPS(Pr[2], sk, sk)
	VMULPS(bcast(skew3), sk, sk)
	var l0, fr [3]VecVirtual
	for i := range Pr {
		s := YMM()
		VADDPS(sk, Pr[i], s)
		l0[i] = floorToInt(s)
		fr[i] = YMM()
		VCVTDQ2PS(l0[i], fr[i])
		VSUBPS(fr[i], s, fr[i])
	}
	for _, r := range Pr {
		P = append(P, spill(r))
	}
	xGy, xGz, yGz := YMM(), YMM(), YMM()
	VCMPPS(U8(1), fr[0], fr[1], xGy) // fy < fx
	VCMPPS(U8(1), fr[0], fr[2], xGz) // fz < fx
	VCMPPS(U8(1), fr[1], fr[2], yGz) // fz < fy
	// The corner offsets as masks (all ones for 1): xa = xGy ∧ xGz,
	// ya = ¬xGy ∧ yGz, za = (xGy ∧ ¬xGz) ∨ (¬xGy ∧ ¬yGz),
	// xb = xGy ∨ (xGz ∧ yGz), yb = ¬xGy ∨ (xGz ∧ yGz), zb = ¬(xGz ∧ yGz).
	both, xa, ya, za, xb, yb, zb, t := YMM(), YMM(), YMM(), YMM(), YMM(), YMM(), YMM(), YMM()
	VANDPS(yGz, xGz, both)
	VANDPS(xGz, xGy, xa)
	VANDNPS(yGz, xGy, ya)
	VANDNPS(xGy, xGz, za) // xGy ∧ ¬xGz
	VORPS(yGz, xGy, t)
	VPCMPEQD(xb, xb, xb)
	VXORPS(xb, t, t) // ¬xGy ∧ ¬yGz
	VORPS(t, za, za)
	VORPS(both, xGy, xb)
	VPCMPEQD(yb, yb, yb)
	VXORPS(xGy, yb, yb)
	VORPS(both, yb, yb)
	VPCMPEQD(zb, zb, zb)
	VXORPS(both, zb, zb)
	// Corner lattice points: (x0, y0, z0), (x0+1, …), (x0+a…), (x0+b…);
	// subtracting a mask adds 1.
	for i, m := range []VecVirtual{nil, one(), xa, xb} {
		for j := range l0 {
			r := YMM()
			if m == nil {
				VMOVDQU(l0[j], r)
			} else {
				mm := m
				if i >= 2 {
					mm = [][]VecVirtual{{xa, ya, za}, {xb, yb, zb}}[i-2][j]
				}
				VPSUBD(mm, l0[j], r)
			}
			corners[i][1+j] = spill(r)
		}
	}
	h0 := eat(h, corners[0][1])
	h1 := eat(h, corners[1][1])
	hA, hB := YMM(), YMM()
	VPBLENDVB(xa, h1, h0, hA)
	VPBLENDVB(xb, h1, h0, hB)
	for i, r := range []VecVirtual{h0, h1, hA, hB} {
		corners[i][0] = spill(r)
	}
	return P, corners
}

// sphereScale is the sphere gradient's 1 / sqrt((gx² + gy²) + gz²).
func sphereScale(gx, gy, gz VecVirtual) VecVirtual {
	r, q := YMM(), YMM()
	VMULPS(gx, gx, r)
	VMULPS(gy, gy, q)
	VADDPS(q, r, r)
	VMULPS(gz, gz, q)
	VADDPS(q, r, r)
	VSQRTPS(r, r)
	VMOVUPS(bcast(f1), q)
	VDIVPS(r, q, r) // 1 / sqrt
	return r
}

// byteUnit is Floats01A…D (bits = 8, the byte at shift) or bits5 (bits =
// 5): float(v >> shift & mask)·(1/255 or 1/31).
func byteUnit(v VecVirtual, shift, bits int) VecVirtual {
	r := YMM()
	switch {
	case shift == 0:
		VMOVDQU(v, r)
	default:
		VPSRLD(U8(shift), v, r)
	}
	if shift+bits < 32 {
		VPAND(bcast(1<<bits-1), r, r)
	}
	VCVTDQ2PS(r, r)
	if bits == 8 {
		VMULPS(bcast(inv255), r, r)
	} else {
		VMULPS(bcast(inv31), r, r)
	}
	return r
}

// distance is the Worley squared distance (x·x + y·y) + z·z, or the
// Chebyshev max(|x|, |y|, |z|), of the offsets given (2 or 3), into the
// first.
func distance(cheb bool, c ...VecVirtual) VecVirtual {
	if cheb {
		for _, r := range c {
			abs(r, r)
		}
		for _, r := range c[1:] {
			VMAXPS(r, c[0], c[0])
		}
		return c[0]
	}
	VMULPS(c[0], c[0], c[0])
	for _, r := range c[1:] {
		VMULPS(r, r, r)
		VADDPS(r, c[0], c[0])
	}
	return c[0]
}

// update is minPair.update with two: b = min(b, max(a, d)); a = min(a, d).
// d is clobbered.
func update(a, b, d VecVirtual) {
	t := YMM()
	VMAXPS(d, a, t)
	VMINPS(t, b, b)
	VMINPS(d, a, a)
}

// offsets are the cell offsets −1, 0, 1 as floats and ints.
var offsets = []struct {
	f uint32
	i int32
}{{fm1, -1}, {0, 0}, {f1, 1}}

// cellOffset is float(u) − g.
func cellOffset(g Op, u uint32) VecVirtual {
	r := YMM()
	VMOVUPS(bcast(u), r)
	VSUBPS(g, r, r)
	return r
}

// cellPoint is the offset of point pt (0 or 1) of a 2D or 3D Voronoi cell
// with hash v from the sample, o being the cell's offset: the point's
// coordinates from the hash (bytes in 2D, 5-bit fields in 3D) plus o.
func cellPoint(v VecVirtual, o []Op, pt int) []VecVirtual {
	c := make([]VecVirtual, len(o))
	for j := range c {
		if len(o) == 2 {
			c[j] = byteUnit(v, 8*(2*pt+j), 8)
		} else {
			c[j] = byteUnit(v, 15*pt+5*j, 5)
		}
		VADDPS(o[j], c[j], c[j])
	}
	return c
}

// cells is the cell walk of cpu.voronoiValue1D…3D: the lower cell index l0
// (wrapped when tiling) and the offset g of each axis, in the frame.
type cells struct {
	l0, g   []Mem
	tiling  bool
	fm, fm1 Mem    // f and f − 1 when tiling
	spill   *frame // if set, the offsets of the outer axes live here
}

func newCells(fr *frame, pos []Mem, fi VecVirtual, tiling bool) *cells {
	cs := &cells{tiling: tiling}
	F := toFloat(fi)
	for i := range pos {
		p0, g0 := cell(pos[i], F)
		if tiling {
			floorMod(p0, fi)
		}
		cs.l0 = append(cs.l0, fr.put(p0))
		cs.g = append(cs.g, fr.put(g0))
	}
	if tiling {
		cs.fm = fr.put(fi)
		VPADDD(one(), fi, fi)
		cs.fm1 = fr.put(fi)
	}
	return cs
}

// index is l0 + u on axis i, wrapped back into [0, f) when tiling
// (cpu.validateSingleStep).
func (cs *cells) index(i int, u int32) VecVirtual {
	r := YMM()
	VMOVDQU(cs.l0[i], r)
	if u != 0 {
		VPADDD(bcast(uint32(u)), r, r)
	}
	switch {
	case cs.tiling && u == 1:
		wrapAt(r, cs.fm, nil)
	case cs.tiling && u == -1:
		wrapAt(r, bcast(^uint32(0)), cs.fm1)
	}
	return r
}

// each visits the 3, 3×3 or 3×3×3 cells around the sample in the scalar
// order with the cell's hash v and its offsets o (float(u) − g per axis; in
// 1D o is nil and u the bits of float(u)).
func (cs *cells) each(h VecVirtual, visit func(v VecVirtual, o []Op, u uint32)) {
	dims := len(cs.l0)
	var walk func(i int, hp Op, o []Op)
	walk = func(i int, hp Op, o []Op) {
		for _, u := range offsets {
			hu := eat(hp, cs.index(i, u.i))
			if dims == 1 {
				visit(avalanche(hu), nil, u.f)
				continue
			}
			var ou Op = cellOffset(cs.g[i], u.f)
			if i+1 == dims {
				visit(avalanche(hu), append(append([]Op{}, o...), ou), u.f)
				continue
			}
			if cs.spill != nil {
				ou = cs.spill.put(ou.(VecVirtual))
			}
			walk(i+1, hu, append(append([]Op{}, o...), ou))
			cs.spill.release(ou)
		}
	}
	walk(0, h, nil)
}

// prepare8 loads eight positions (x, y, z triples, as []mgl32.Vec3 holds
// them), clamps each coordinate to ±2^64 (clampInput; NaN lanes get any
// value) into x, y and z, and returns the NaN lanes of x, y and z as three
// bytes (bit l of byte 0 for x of lane l, byte 1 for y, byte 2 for z).
func prepare8() {
	TEXT("prepare8", NOSPLIT, "func(pos *[24]float32, x, y, z *[8]float32) uint32")
	Pragma("noescape")
	Doc("prepare8 loads and clamps eight positions for the 8-lane kernels and returns their NaN lanes per axis.")
	base := Load(Param("pos"), GP64())
	idx := YMM()
	VMOVDQU(stride3(), idx)
	nans := GP32()
	XORL(nans, nans)
	for axis, n := range []string{"x", "y", "z"} {
		c, m := YMM(), YMM()
		VPCMPEQD(m, m, m)
		VXORPS(c, c, c)
		VGATHERDPS(m, Mem{Base: base, Index: idx, Scale: 4, Disp: 4 * axis}, c)
		VCMPPS(U8(3), c, c, m) // unordered: NaN
		bits := GP32()
		VMOVMSKPS(m, bits)
		if axis > 0 {
			SHLL(U8(8*axis), bits)
		}
		ORL(bits, nans)
		VMAXPS(bcast(inputLimit|signMask), c, c)
		VMINPS(bcast(inputLimit), c, c)
		VMOVUPS(c, Mem{Base: Load(Param(n), GP64())})
	}
	Store(nans, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// stride3 is the gather index of prepare8: 0, 3, 6, …, 21.
func stride3() Mem {
	m := GLOBL("stride3", RODATA|NOPTR)
	for i := 0; i < 8; i++ {
		DATA(4*i, U32(uint32(3*i)))
	}
	return m
}

func main() {
	flag.Parse() // before the kernels: -only filters them (Generate parses avo's flags otherwise)
	ConstraintExpr("amd64,!purego")
	hasAVX2()
	hasAVX512()
	prepare8()
	finishDeriv8("combineDeriv8", false)
	finishDeriv8("leanSamples8", true)
	pointLattice("valueLattice3DPointAVX2", false)
	pointLattice("perlinLattice3DPointAVX2", true)
	pointSimplex("valueSimplex3DPointAVX2", false)
	pointSimplex("simplexSimplex3DPointAVX2", true)
	for dims := 1; dims <= 3; dims++ {
		for _, tiling := range []bool{false, true} {
			t := ""
			if tiling {
				t = "Tiling"
			}
			latticeDeriv(fmt.Sprintf("valueLattice%dD%sDerivAVX2", dims, t), dims, false, tiling)
			latticeDeriv(fmt.Sprintf("perlinLattice%dD%sDerivAVX2", dims, t), dims, true, tiling)
		}
		simplexDeriv(fmt.Sprintf("valueSimplex%dDDerivAVX2", dims), dims, false)
		simplexDeriv(fmt.Sprintf("simplexSimplex%dDDerivAVX2", dims), dims, true)
	}
	for _, tiling := range []bool{false, true} {
		t := ""
		if tiling {
			t = "Tiling"
		}
		voronoiDeriv("voronoi1D"+t+"DerivAVX2", 1, false, tiling)
		for dims := 2; dims <= 3; dims++ {
			voronoiDeriv(fmt.Sprintf("worley%dD%sDerivAVX2", dims, t), dims, false, tiling)
			voronoiDeriv(fmt.Sprintf("chebyshev%dD%sDerivAVX2", dims, t), dims, true, tiling)
		}
	}
	specs := batchSpecs()
	for _, l := range []*isa{isaAVX2, isaAVX512} {
		writePrepare(l)
		for _, sp := range specs {
			if *only == "" || strings.Contains(sp.name+l.name, *only) {
				writeBatch(sp, l)
			}
		}
	}
	cur, groups = isaAVX2, 1
	Generate()
	checkVEX()
	if err := writeDispatch(*dispatchOut, specs); err != nil {
		fmt.Fprintf(os.Stderr, "asmgen: %v\n", err)
		os.Exit(1)
	}
}

var only = flag.String("only", "", "debugging: write only the batch kernels whose name contains this")

var dispatchOut = flag.String("dispatch", "", "the Go file of the batch kernels' dispatch")

// checkVEX refuses the file just written when it holds a legacy-SSE
// instruction on a vector register (package vexcheck): it is removed and
// the generator fails, so such an instruction never reaches package cpu.
func checkVEX() {
	out := flag.Lookup("out").Value.String()
	f, err := os.Open(out)
	if err != nil {
		fmt.Fprintf(os.Stderr, "asmgen: %v\n", err)
		os.Exit(1)
	}
	probs, err := vexcheck.Check(f)
	f.Close()
	if err == nil && len(probs) == 0 {
		return
	}
	for _, p := range probs {
		fmt.Fprintf(os.Stderr, "asmgen: %s:%s\n", out, p)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "asmgen: %s: %v\n", out, err)
	}
	os.Remove(out)
	os.Exit(1)
}

// offset1 is the 1D Voronoi offset (A + u) − g of the point of the cell
// with hash v.
func offset1(v VecVirtual, u uint32, g Mem) VecVirtual {
	d := byteUnit(v, 0, 8)
	VADDPS(bcast(u), d, d)
	VSUBPS(g, d, d)
	return d
}
