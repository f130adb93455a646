// Command asmgen writes the assembly kernels of package cpu, at the AVX2
// and AVX-512 levels (cpu/kernels_avx2_amd64.s, its Go declarations and the
// batch kernels' dispatch, kernels_batch_amd64.go) with avo. It is a
// development tool in a module of its own, so that package cpu and its
// users never depend on avo; `make asm` runs it and `make asmcheck` (part of
// `make test`) checks that the committed files are what it writes.
//
// Every kernel is a lane-by-lane transcription of a scalar path of package
// cpu (values, or values and derivatives): the same float32 operations in
// the same order, multiplies and adds kept apart (no FMA), so each lane is
// bit-identical to the scalar reference (docs/algorithms.md §0.4, §10).
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

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

// pointSpan is spanValue(clampCoord(c·F)) of the point kernels' lanes: the
// lattice cell i0 and the offsets g = c − i0 (c is scaled and clamped in
// place).
func pointSpan(F, c VecVirtual) (i0, g VecVirtual) {
	VMULPS(F, c, c)
	clampCoord(c)
	if leanKernel {
		var fl VecVirtual
		i0, fl = floorWithFloat(c)
		g = YMM()
		VSUBPS(fl, c, g)
		return i0, g
	}
	i0 = floorToInt(c)
	g = YMM()
	VCVTDQ2PS(i0, g)
	VSUBPS(g, c, g)
	return i0, g
}

// floorWithFloat is the lean point kernels' floor (pointlean.go): the
// floor of c as a float, VROUNDPS toward −∞, and its conversion (exact:
// |c| ≤ coordLimit). The float is floorToInt's converted back but for
// c = −0, where it is −0 and not +0 (pointlean.go shows the results
// alike); it is there three steps sooner (no conversion back, comparison
// and correction).
func floorWithFloat(c VecVirtual) (i, fl VecVirtual) {
	i, fl = YMM(), YMM()
	VROUNDPS(U8(1), c, fl)
	VCVTTPS2DQ(fl, i)
	return i, fl
}

// pointUpper is the point lattice kernels' corners: lanes 0–3 the lower
// corner i0 and its offsets g, lanes 4–7 the upper corner and g − 1.
func pointUpper(i0, g VecVirtual) (I, G VecVirtual) {
	I, G = YMM(), YMM()
	VPADDD(vec8("upper1", [8]uint32{4: 1, 5: 1, 6: 1, 7: 1}), i0, I)
	VSUBPS(vec8("upper1f", [8]uint32{4: f1, 5: f1, 6: f1, 7: f1}), g, G) // g − 0 is g
	return I, G
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
	avalancheSteps(func(c, x Op) { VPMULLD(c, x, x) }, h, v, t)
	return v
}

// avalancheSteps writes SmallXXHash's avalanche of the words of h to v
// (which may be h; t scratch), its multiplies by mul(c, v): v·c into v
// (VPMULLD on every word, or VPMULUDQ on the low words of quadwords).
func avalancheSteps(mul func(c, v Op), h, v, t VecVirtual) {
	avalancheMix(mul, h, v, t)
	VPXOR(t, v, v)
}

// avalancheMix is avalancheSteps but for its last xor: v ^ t is the
// avalanche (t = v >> 16).
func avalancheMix(mul func(c, v Op), h, v, t VecVirtual) {
	VPSRLD(U8(15), h, t)
	VPXOR(t, h, v)
	mul(bcast(primeB), v)
	VPSRLD(U8(13), v, t)
	VPXOR(t, v, v)
	mul(bcast(primeC), v)
	VPSRLD(U8(16), v, t)
}

// mulQ is avalancheSteps' multiply on quadword lanes (VPMULUDQ).
func mulQ(c, v Op) { VPMULUDQ(c, v, v) }

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
	if leanKernel {
		VMULPS(bcast(inv255x2), b, b) // (byte·inv255)·2, bit for bit (widekern.go)
	} else {
		VMULPS(bcast(inv255), b, b)
		VMULPS(bcast(f2), b, b)
	}
	VSUBPS(bcast(f1), b, b)
	return b
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
	if leanReg {
		clampBits(c, coordLimit) // pointlean.go
		return
	}
	VMAXPS(bcast(coordLimit|signMask), c, c)
	VMINPS(bcast(coordLimit), c, c)
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
		if leanReg {
			VSUBPS(fl[i], P[i], x[i]) // without the copy
		} else {
			VMOVUPS(P[i], x[i])
			VSUBPS(fl[i], x[i], x[i])
		}
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

func main() {
	flag.Parse() // before the kernels: -only filters them (Generate parses avo's flags otherwise)
	ConstraintExpr("amd64,!purego")
	hasAVX2()
	hasAVX512()
	pointLattice("valueLattice3DPointAVX2", false)
	pointLattice("perlinLattice3DPointAVX2", true)
	pointSimplex("valueSimplex3DPointAVX2", false)
	pointSimplex("simplexSimplex3DPointAVX2", true)
	pointWorley("worley2DPointAVX2", 2)
	pointWorley("worley3DPointAVX2", 3)
	specs, specs4 := batchSpecs(), batchSpecs4()
	writeStoreSamples()
	writeStoreSamplesWide()
	for _, l := range []*isa{isaAVX2, isaAVX512} {
		writePrepare(l, false)
		writePrepare(l, true)
		for _, deriv := range []bool{false, true} {
			for _, sp := range specs {
				if *only == "" || strings.Contains(sp.kernelName(deriv)+l.name, *only) {
					writeBatch(sp, l, deriv)
				}
			}
		}
		for _, sp := range specs4 { // values only
			if *only == "" || strings.Contains(sp.name+l.name, *only) {
				writeBatch(sp, l, false)
			}
		}
	}
	// the 4D derivative kernels (wide4dderiv.go) last: avo numbers the
	// virtual registers of the whole file, and its allocation breaks ties
	// by number, so kernels written earlier would move those of the others
	for _, l := range []*isa{isaAVX2, isaAVX512} {
		for _, sp := range specs4 {
			if *only == "" || strings.Contains(sp.kernelName(true)+l.name, *only) {
				writeBatch(sp, l, true)
			}
		}
	}
	// the AVX-512 point kernels (pointwide.go) after the batch kernels, for
	// the register numbering above
	pointLatticeWide("valueLattice3DPointAVX512", false)
	pointLatticeWide("perlinLattice3DPointAVX512", true)
	writeBlogKernels()        // last too: the blog-mode float64 kernels (wideblog.go)
	writeAoSKernels(specs)    // and the AoS twins of the batch kernels (wideaos.go)
	pointLeanKernels()        // after every other kernel, for the register numbering (pointlean.go)
	writeSmoothKernels()      // after them: the smooth Worley kernels (widesmooth.go)
	writeSmoothDerivKernels() // and their derivative twins (widesmooth.go)
	pointLean2DKernels()      // last: the lean 2D kernels (pointlean2.go)
	// after them: the AVX2 derivative twins of the smooth Worley kernels (widesmooth.go)
	writeSmoothDerivKernelsAVX2()
	// after them: the lean 2D kernels in Go's register ABI (pointlean2s.go)
	pointLean2DRegKernels()
	pointLeanRegKernels()  // after them: the register twins of the lean 3D kernels (pointlean.go)
	writeSmooth1DKernels() // after them: the 1D smooth Worley kernels (widesmooth.go)
	cur, groups = isaAVX2, 1
	Generate()
	checkVEX()
	checkRegABI()
	if err := writeDispatch(*dispatchOut, specs, specs4); err != nil {
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
