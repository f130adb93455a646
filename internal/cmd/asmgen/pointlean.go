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
// +0 + v. Two steps are shorter in the twins than in the kernels (whose
// generated code this file leaves as it was): a byte's gradient is
// byte·inv255x2 − 1 (byteGradient; (byte·inv255)·2 bit for bit, as
// widekern.go's inv255x2 explains), and the lerps' t of an axis an
// in-lane VPERMILPS of t, whose halves are alike, instead of a table and
// VPERMPS (pointLatticeEnd). Measured in one process, the twin called as
// ValueAt's function against the kernel in the former Go function,
// alternating, on 64K points of the 64³ grid (under load 8): value 3D
// 17.2 → 14.7 ns a point (−14 %), Perlin 3D −10 %, simplex 3D −9 %.
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
