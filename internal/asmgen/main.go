// Command asmgen writes the AVX2 assembly kernels of package cpu
// (cpu/lattice_avx2_amd64.s and its Go declarations) with avo. It is a
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
	"fmt"

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

// span is spanValue (cpu/lattice.go) on eight lanes: c = clamp(p·F),
// p0 = floorToInt(c), g0 = c − p0, t = smoothT(g0).
func span(p Mem, F VecVirtual) (p0, g0, t VecVirtual) {
	c := YMM()
	VMULPS(p, F, c)
	VMAXPS(bcast(coordLimit|signMask), c, c) // max(c, −2^29)
	VMINPS(bcast(coordLimit), c, c)          // min(c, 2^29)
	p0 = floorToInt(c)
	g0 = YMM()
	VCVTDQ2PS(p0, g0)
	VSUBPS(g0, c, g0)
	return p0, g0, smoothT(g0)
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

// squareDot is the Perlin 2D corner (cpu.squareDot over squareVectors):
// gx = A·2/255 − 1, gy = 0.5 − |gx|, gx −= floor(gx + 0.5),
// ((gx·x) + (gy·z))·perlin2.
func squareDot(v, x, z VecVirtual) VecVirtual {
	gx := byteGradient(v, 0)
	gy, t := YMM(), YMM()
	VANDPS(bcast(^uint32(signMask)), gx, gy) // |gx|
	VMOVUPS(bcast(f0p5), t)
	VSUBPS(gy, t, gy)
	VADDPS(bcast(f0p5), gx, t)
	fl := floorToInt(t)
	VCVTDQ2PS(fl, t)
	VSUBPS(t, gx, gx)
	VMULPS(x, gx, gx)
	VMULPS(z, gy, gy)
	VADDPS(gy, gx, gx)
	VMULPS(bcast(perlin2), gx, gx)
	return gx
}

// octahedronDot is the Perlin 3D corner (octahedronVectors, folded, dotted
// with the offset, times perlin3).
func octahedronDot(v VecVirtual, x, y, z Op) VecVirtual {
	gx, gy := byteGradient(v, 0), byteGradient(v, 24)
	gz, t, off := YMM(), YMM(), YMM()
	VANDPS(bcast(^uint32(signMask)), gx, t) // |gx|
	VMOVUPS(bcast(f1), gz)
	VSUBPS(t, gz, gz)
	VANDPS(bcast(^uint32(signMask)), gy, t) // |gy|
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
	VMULPS(x, gx, gx)
	VMULPS(y, gy, gy)
	VADDPS(gy, gx, gx)
	VMULPS(z, gz, gz)
	VADDPS(gz, gx, gx)
	VMULPS(bcast(perlin3), gx, gx)
	return gx
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
	r, x := YMM(), XMM()
	MOVD(Load(Param(name), GP32()), x)
	VPBROADCASTD(x, r)
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

func lattice2D(name string, perlin bool) {
	TEXT(name, NOSPLIT, "func(x, z, out *[8]float32, h uint32, f int32)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s is one octave of lattice%s 2D noise at eight positions (cpu.latticeValue2D before combineValue).", name, map[bool]string{false: " value", true: " Perlin"}[perlin]))
	px := Mem{Base: Load(Param("x"), GP64())}
	pz := Mem{Base: Load(Param("z"), GP64())}
	out := Mem{Base: Load(Param("out"), GP64())}
	h, F := broadcastParam("h"), broadcastParam("f")
	VCVTDQ2PS(F, F)
	x0, gx, tx := span(px, F)
	z0, gz, tz := span(pz, F)
	m1 := one()
	x1, z1 := YMM(), YMM()
	VPSUBD(m1, x0, x1)
	VPSUBD(m1, z0, z1)
	h0, h1 := eat(h, x0), eat(h, x1)
	corner := func(hx, zc VecVirtual, ox, oz VecVirtual) VecVirtual {
		v := avalanche(eat(hx, zc))
		if perlin {
			return squareDot(v, ox, oz)
		}
		return byteGradient(v, 0)
	}
	var gx1, gz1 VecVirtual
	if perlin {
		gx1, gz1 = minus1(gx), minus1(gz)
	}
	a := corner(h0, z0, gx, gz)
	b := corner(h0, z1, gx, gz1)
	ab := lerp(a, b, tz)
	c := corner(h1, z0, gx1, gz)
	d := corner(h1, z1, gx1, gz1)
	cd := lerp(c, d, tz)
	VMOVUPS(lerp(ab, cd, tx), out)
	VZEROUPPER()
	RET()
}

func lattice3D(name string, perlin bool) {
	TEXT(name, NOSPLIT, "func(x, y, z, out *[8]float32, h uint32, f int32)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s is one octave of lattice%s 3D noise at eight positions (cpu.latticeValue3D before combineValue).", name, map[bool]string{false: " value", true: " Perlin"}[perlin]))
	px := Mem{Base: Load(Param("x"), GP64())}
	py := Mem{Base: Load(Param("y"), GP64())}
	pz := Mem{Base: Load(Param("z"), GP64())}
	out := Mem{Base: Load(Param("out"), GP64())}
	h, F := broadcastParam("h"), broadcastParam("f")
	VCVTDQ2PS(F, F)
	x0, gx, tx := span(px, F)
	y0, gy, ty := span(py, F)
	z0, gz, tz := span(pz, F)
	m1 := one()
	x1, y1, z1 := YMM(), YMM(), YMM()
	VPSUBD(m1, x0, x1)
	VPSUBD(m1, y0, y1)
	VPSUBD(m1, z0, z1)
	// The y and z axes live in the frame (16 YMM registers are too few for
	// the 3D Perlin corners); the instructions read them from memory.
	frame := AllocLocal(32 * 10)
	spill := func(i int, r VecVirtual) Mem {
		m := frame.Offset(32 * i)
		VMOVUPS(r, m)
		return m
	}
	my0, my1, mz0, mz1 := spill(0, y0), spill(1, y1), spill(2, z0), spill(3, z1)
	mgy, mgz, mty, mtz := spill(4, gy), spill(5, gz), spill(6, ty), spill(7, tz)
	var mgy1, mgz1 Mem
	var gx1 VecVirtual
	if perlin {
		gx1 = minus1(gx)
		mgy1, mgz1 = spill(8, minus1(mgy)), spill(9, minus1(mgz))
	}
	corner := func(hxy VecVirtual, zc, oy, oz Mem, ox VecVirtual) VecVirtual {
		v := avalanche(eat(hxy, zc))
		if perlin {
			return octahedronDot(v, ox, oy, oz)
		}
		return byteGradient(v, 0)
	}
	// corners a … k: index bits x<<2 | y<<1 | z, reduced as they come.
	half := func(hx, ox VecVirtual) VecVirtual {
		h0 := eat(hx, my0)
		ab := lerp(corner(h0, mz0, mgy, mgz, ox), corner(h0, mz1, mgy, mgz1, ox), mtz)
		h1 := eat(hx, my1)
		cd := lerp(corner(h1, mz0, mgy1, mgz, ox), corner(h1, mz1, mgy1, mgz1, ox), mtz)
		return lerp(ab, cd, mty)
	}
	x0v := half(eat(h, x0), gx)
	x1v := half(eat(h, x1), gx1)
	VMOVUPS(lerp(x0v, x1v, tx), out)
	VZEROUPPER()
	RET()
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

func main() {
	ConstraintExpr("amd64,!goexperiment.simd,!purego")
	hasAVX2()
	lattice2D("valueLattice2DAVX2", false)
	lattice2D("perlinLattice2DAVX2", true)
	lattice3D("valueLattice3DAVX2", false)
	lattice3D("perlinLattice3DAVX2", true)
	Generate()
}
