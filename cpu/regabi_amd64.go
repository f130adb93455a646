//go:build amd64 && !purego

package cpu

import (
	"math"
	"sync"

	"github.com/noiselab/noise"
)

// regABIOK reports whether the register kernels (leanReg2D, leanReg2DWide,
// leanReg3D: assembly that Go calls as a valueFunc under its register ABI,
// with no wrapper; regValueFunc) give the bits of the functions they stand
// for in this build, by a self-test run once, when the first sampler asks.
// Go's register ABI (go/src/cmd/compile/abi-internal.md) belongs to the
// toolchain and may change in a release; a kernel that read its arguments
// from the wrong registers would return wrong numbers, not fail, so where
// any kernel disagrees ValueAt takes the ABI0 paths instead (the same
// bits, about 1 ns a call slower): lean2D returns nil, and leanRegFunc.
var regABIOK = sync.OnceValue(func() bool { return regKernelsAgree(regABIPairs()) })

// regPair is a register kernel and the function whose bits it must give.
type regPair struct {
	name string
	reg  valueFunc // called as ValueAt calls it (the simplex twins through freqScaled)
	ref  valueFunc // Go, or an ABI0 kernel behind Go's wrapper
	vp   *variantParams
}

// regABIPairs lists every register kernel that this CPU can run, with its
// reference: the Go function for the 2D kernels, the lean twin (called
// through its ABI0 wrapper, whose bits TestPointKernels checks against Go)
// for the 3D ones.
func regABIPairs() []regPair {
	if !hasAVX2() {
		return nil
	}
	vp := func(g noise.Gradient) *variantParams { return &variantParams{dims: 2, grad: g} }
	pairs := []regPair{
		{"value 2D", lean2DHashed(leanReg2D[0], 0), latticeValue2D, vp(noise.GradientValue)},
		{"Perlin 2D", lean2DHashed(leanReg2D[1], 1), latticeValue2D, vp(noise.GradientPerlin)},
		{"simplex value 2D", freqScaled(leanReg2D[2], lean2DScale[2]), simplexValue2D, vp(noise.GradientValue)},
		{"simplex 2D", freqScaled(lean2DHashed(leanReg2D[3], 3), lean2DScale[3]), simplexValue2D, vp(noise.GradientSimplex)},
		{"value 3D", leanReg3D[leanRegValueAVX2], leanValueFunc(valueLattice3DPointLeanAVX2), nil},
		{"Perlin 3D", leanReg3D[leanRegPerlinAVX2], leanValueFunc(perlinLattice3DPointLeanAVX2), nil},
		{"simplex value 3D", freqScaled(leanReg3D[leanRegSimplexValue], scale3), leanValueFunc(valueSimplex3DPointLeanAVX2), nil},
		{"simplex 3D", freqScaled(leanReg3D[leanRegSimplex], scale3), leanValueFunc(simplexSimplex3DPointLeanAVX2), nil},
	}
	if leanWideOK {
		pairs = append(pairs,
			regPair{"value 2D wide", lean2DHashed(leanReg2DWide[0], 0), latticeValue2D, vp(noise.GradientValue)},
			regPair{"Perlin 2D wide", lean2DHashed(leanReg2DWide[1], 1), latticeValue2D, vp(noise.GradientPerlin)},
			regPair{"simplex value 2D wide", freqScaled(leanReg2DWide[2], lean2DScale[2]), simplexValue2D, vp(noise.GradientValue)},
			regPair{"simplex 2D wide", freqScaled(lean2DHashed(leanReg2DWide[3], 3), lean2DScale[3]), simplexValue2D, vp(noise.GradientSimplex)},
			regPair{"simplex value 3D wide", freqScaled(leanReg3D[leanRegSimplexValueWide], scale3), leanValueFunc(valueSimplex3DPointLeanAVX2), nil},
			regPair{"simplex 3D wide", freqScaled(leanReg3D[leanRegSimplexWide], scale3), leanValueFunc(simplexSimplex3DPointLeanAVX2), nil})
	}
	if hasAVX512() {
		pairs = append(pairs,
			regPair{"value 3D wide", leanReg3D[leanRegValueAVX512], leanValueFunc(valueLattice3DPointLeanAVX512), nil},
			regPair{"Perlin 3D wide", leanReg3D[leanRegPerlinAVX512], leanValueFunc(perlinLattice3DPointLeanAVX512), nil})
	}
	return pairs
}

// regKernelsAgree reports whether every pair gives the same bits at a set
// of points whose coordinates, hashes and frequencies each differ, so that
// a kernel reading an argument from another register (or a result from
// another lane) sees different numbers than its reference.
func regKernelsAgree(pairs []regPair) bool {
	for _, pr := range pairs {
		for i := range 24 {
			fi := float32(i)
			p := point{fi*0.37 - 3.1, fi*-0.53 + 1.7, fi*0.29 + 0.45, fi * 0.11}
			h := SmallXXHash(uint32(i)*0x9E3779B9 + 0x7F4A7C15)
			f := []float32{4, 0.7, 1.5}[i%3]
			got, want := pr.reg(pr.vp, h, p, f), pr.ref(pr.vp, h, p, f)
			if math.Float32bits(got) != math.Float32bits(want) {
				return false
			}
		}
	}
	return true
}
