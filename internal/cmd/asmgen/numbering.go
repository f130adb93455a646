package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/reg"
)

// The virtual register numbering. avo numbers the virtual registers of
// each kind (general-purpose, vector, opmask) across the whole file in a
// uint16 that wraps, and its allocator breaks ties by number, so a kernel
// that takes more or fewer registers than it did renumbers, and may
// reallocate, every kernel written after it. keepNumbering pads the count
// of a rewritten kernel back to what it took before its rewrite
// (numberedBefore, measured at commit 1e8566f by the same probe), modulo
// 2^16, so that the kernels after it keep their numbering and, almost
// always, their code: a rewrite's diff of the generated assembly is the
// rewritten kernel's own. (One exception at 1e8566f + this session's
// rewrites: perlinLattice3DTilingDerivBatchAVX512 gets other register
// names although every kernel starts at the numbers it had; not found
// why, harmless.) Unused virtual registers cost nothing in the output.

// numberedBefore are the virtual registers of each kind (general-purpose,
// vector, opmask) that the rewritten kernels took at commit 1e8566f, from
// the start of writeBatch to its end.
var numberedBefore = map[string][3]int{
	"valueLattice2DDerivBatchAVX2":    {9, 82, 0},   // widevaluederiv.go
	"valueLattice3DDerivBatchAVX2":    {10, 153, 0}, // widevaluederiv.go
	"valueLattice2DDerivBatchAVX512":  {9, 150, 28}, // widevaluederiv.go
	"valueLattice3DDerivBatchAVX512":  {10, 274, 28},
	"perlinLattice2DDerivBatchAVX2":   {9, 122, 0}, // wideperlinderiv.go
	"perlinLattice3DDerivBatchAVX2":   {10, 246, 0},
	"perlinLattice2DDerivBatchAVX512": {9, 230, 28},
	"perlinLattice3DDerivBatchAVX512": {10, 460, 28},
	"perlinLattice3DBatchAVX512":      {9, 247, 2},  // wideperlin.go (perlinMixCorners)
	"valueSimplex3DBatchAVX512":       {9, 123, 10}, // widesimplex.go (two position vectors)
	"simplexSimplex3DBatchAVX512":     {9, 155, 10},
	"simplexSimplex2DBatchAVX2":       {8, 178, 0}, // widesimplex2.go (s2rsqrt), measured at 90c7c4a
	"simplexSimplex2DBatchAVX512":     {8, 166, 4},
	// s3rsqrt in the simplex 3D derivative kernels, measured at 7e11fd9
	"simplexSimplex3DDerivBatchAVX2":    {10, 213, 0},  // widesimplexderiv.go
	"simplexSimplex3DDerivBatchAVX512":  {10, 212, 23}, // widesimplex3deriv.go
	"simplexSimplex3DAoSDerivBatchAVX2": {12, 219, 0},  // its AoS twin (wideaos.go)
}

// nextVirtual takes a virtual register of kind (0 general-purpose,
// 1 vector, 2 opmask) and returns its number.
func nextVirtual(kind int) int {
	var r Register
	switch kind {
	case 0:
		r = GP64()
	case 1:
		r = ZMM()
	default:
		r = K()
	}
	return int(r.(interface{ VirtualIndex() Index }).VirtualIndex())
}

// keepNumbering, called at the start of writing kernel name, returns what
// to call at its end: for a kernel of numberedBefore, the padding of its
// virtual register counts to those; for the others nothing.
func keepNumbering(name string) func() {
	want, ok := numberedBefore[name]
	if !ok {
		return func() {}
	}
	var start [3]int
	for kind := range start {
		start[kind] = nextVirtual(kind) // the probe takes one
	}
	return func() {
		for kind := range start {
			// the counter is now at + 1; it must be start + want + 1
			at := nextVirtual(kind)
			for n := (start[kind] + want[kind] - at - 1) & 0xFFFF; n > 0; n-- {
				nextVirtual(kind)
			}
		}
	}
}
