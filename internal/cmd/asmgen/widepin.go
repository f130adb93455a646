package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Pinned constants: at AVX-512 a kernel with registers to spare holds its
// hottest constants in registers through its loop, loaded once before it,
// instead of an embedded-broadcast load per use. The load is a micro-op of
// its own in the scheduler, and the batch kernels' loops are long chains
// of dependent multiplies whose overlap the scheduler's size limits: fewer
// micro-ops per iteration let more of the next groups' work start early.
// kc returns a pinned constant's register (cst.r).

// pinned maps a constant's bits to its register while a kernel is written.
var pinned map[uint32]VecVirtual

// pinSets lists the constants each kernel pins, by kernel name (level
// suffix included), hottest first; the registers they take must leave the
// kernel enough for its groups (avo fails the build otherwise).
var pinSets = map[string][]uint32{
	"simplexSimplex2DBatchAVX512": {}, // none: two position vectors, six corners (widesimplex2.go)
	"perlinLattice3DBatchAVX512":  {f1, signMask, inv255x2, ^uint32(signMask), primeC, primeD, primeB, 0xFF, perlin3, coordLimit | signMask},
	"valueLattice3DBatchAVX512":   {primeC, primeD, f1, primeB, 0xFF, inv255x2}, // the corners' sixteen chains take the rest (widevalue.go)
	"valueLattice2DBatchAVX512":   {primeC, primeD, f1, primeB, 0xFF, inv255x2},
	// Worley F1: the hash's primes and the byte fields' masks and scales
	// (2D); in 3D the bits5 table too (pinB5)
	"worley2DF1BatchAVX512":       {primeC, primeD, primeB, inv255, 0xFF, 0xFF00, 0xFF0000, 0xFF000000, inv255 - 8<<23, inv255 - 16<<23, inv255 - 24<<23},
	"worley3DF1BatchAVX512":       {primeD, primeC, primeB},
	"simplexSimplex3DBatchAVX512": {f1, signMask}, // two position vectors: the cell parts need the registers (widesimplex.go)
}

// pinB5 lists the kernels that hold wbits5's 32-float table in two
// registers (pinnedB5) instead of reading it from memory at every lookup.
var pinB5 = map[string]bool{
	"worley3DF1BatchAVX512": true,
}

// pinnedB5 is the bits5 table's two halves while a kernel in pinB5 is
// written (nil otherwise).
var pinnedB5 [2]VecVirtual

// pinLoad loads kernel name's pinned constants into registers (before its
// loop).
func pinLoad(name string) {
	pinned = nil
	if !wide() {
		return
	}
	for _, v := range pinSets[name] {
		c := kc(v) // the constant's memory, as kc would read it
		r := ZMM()
		VBROADCASTSS(c.m, r)
		if pinned == nil {
			pinned = map[uint32]VecVirtual{}
		}
		pinned[v] = r
	}
	if pinB5[name] {
		lo, hi := bits5Table()
		for i, m := range []Mem{lo, hi} {
			pinnedB5[i] = ZMM()
			VMOVUPS(m, pinnedB5[i])
		}
	}
}

// pinReset ends a kernel's pinned constants.
func pinReset() { pinned, pinnedB5 = nil, [2]VecVirtual{} }
