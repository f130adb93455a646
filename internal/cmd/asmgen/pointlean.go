package main

import (
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
