package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The lattice point kernels at the AVX-512 level: pointLattice with the
// hash chain of the eight corners in the quadwords of one ZMM register
// (pointmul.go: VPMULUDQ's low dword is VPMULLD's product at half its
// latency, and the other steps work dword by dword) and the rotates in one
// VPROLD each. A single position is one dependent chain, so its latency
// is the kernel's speed: the three Eat steps and the avalanche take five
// multiplies and three rotates in a row, 5·10 + 3·2 cycles at AVX2 against
// 5·5 + 3·1 here. The chain's start is shorter too: the coordinates
// broadcast and blended (pointArgsWide) and each corner's index permuted
// straight into its quadword (cornerIndexQ). Only AVX-512F instructions on
// the ZMM registers; the float work before and after the hash is
// pointLattice's, on YMM. (Measured in one process against the AVX2
// kernels, alternating, thread CPU time on the 64³ grid: value 3D 23.0 →
// 19.4 ns a point, Perlin 3D 31.5 → 29.2.)

// qwords returns a 64-byte read-only constant: v in the low dword of each
// of the eight quadwords (VPMULUDQ reads those only).
func qwords(v uint32) Mem {
	name := fmt.Sprintf("q%08x", v)
	if m, ok := consts[name]; ok {
		return m
	}
	m := GLOBL(name, RODATA|NOPTR)
	for i := 0; i < 8; i++ {
		DATA(8*i, U32(v))
		DATA(8*i+4, U32(0))
	}
	consts[name] = m
	return m
}

// eatZ is eat on the even dwords of a ZMM register.
func eatZ(h, d Op) VecVirtual {
	a := ZMM()
	VPMULUDQ(qwords(primeC), d, a)
	VPADDD(h, a, a)
	VPROLD(U8(17), a, a)
	VPMULUDQ(qwords(primeD), a, a)
	return a
}

// avalancheZ is avalanche on the even dwords of a ZMM register.
func avalancheZ(h VecVirtual) VecVirtual {
	v, t := avalancheZPre(h)
	VPSRLD(U8(16), v, t)
	VPXORD(t, v, v)
	return v
}

// avalancheZPre is avalancheZ but for its last xor-shift, v ^= v >> 16;
// t is its scratch, free after it.
func avalancheZPre(h VecVirtual) (v, t VecVirtual) {
	v, t = ZMM(), ZMM()
	VPSRLD(U8(15), h, t)
	VPXORD(t, h, v)
	VPMULUDQ(qwords(primeB), v, v)
	VPSRLD(U8(13), v, t)
	VPXORD(t, v, v)
	VPMULUDQ(qwords(primeC), v, v)
	return v, t
}

// pointLatticeWide is pointLattice at the AVX-512 level (cpu.latticeValue3D,
// not tiling, at one position before combineValue).
func pointLatticeWide(name string, perlin bool) {
	if leanReg {
		pointLatticeWideReg(name, perlin) // pointlean.go
		return
	}
	c := pointArgsWide(name)
	Doc(fmt.Sprintf("%s is one octave of lattice %s 3D noise at one position, its corners in the lanes, their hashes in quadwords (cpu.latticeValue3D before combineValue).", name, map[bool]string{false: "value", true: "Perlin"}[perlin]))
	F := broadcastParam("f")
	H := ZMM()
	VBROADCASTSS(addr(Param("h")), H)
	i0, g := pointSpan(F, c)
	t := smoothT(g)
	I, G := pointUpper(i0, g)
	var hv Op = H
	var off []VecVirtual
	for k := 0; k < 3; k++ {
		iq, q := ZMM(), ZMM()
		VMOVDQU32(cornerIndexQ(k, 2-k), iq)
		VPERMD(I.AsZ(), iq, q) // corner c in quadword c
		hv = eatZ(hv, q)
		if perlin {
			idx, o := YMM(), YMM()
			VMOVDQU(cornerIndex(k, 2-k), idx)
			VPERMPS(G, idx, o)
			off = append(off, o)
		}
	}
	v := YMM()
	VPMOVQD(avalancheZ(hv.(VecVirtual)), v) // the even dwords, corner c in lane c
	pointLatticeEnd(v, off, t, perlin)
}

// pointArgsWide is pointArgs for the AVX-512 kernels: each coordinate
// broadcast, then blended into its lanes (two blends after three parallel
// loads, where pointArgs inserts them one after another), so lanes 3 and 7
// hold x instead of 0 (no corner reads them).
func pointArgsWide(name string) VecVirtual {
	TEXT(name, NOSPLIT, pointSignature())
	x, y, z := YMM(), YMM(), YMM()
	VBROADCASTSS(addr(Param("x")), x)
	VBROADCASTSS(addr(Param("y")), y)
	VBROADCASTSS(addr(Param("z")), z)
	VBLENDPS(U8(0x22), y, x, x)
	VBLENDPS(U8(0x44), z, x, x)
	leanNaN(x)
	return x
}

// cornerIndexQ is cornerIndex for a VPERMD into a ZMM register: corner c's
// index in dwords 2c and 2c + 1, so that the permute puts corner c's axis k
// in quadword c (eatZ reads its low dword).
func cornerIndexQ(k, b int) Mem {
	name := fmt.Sprintf("cornerq%d%d", k, b)
	if m, ok := consts[name]; ok {
		return m
	}
	m := GLOBL(name, RODATA|NOPTR)
	for c := 0; c < 8; c++ {
		v := uint32(k)
		if c>>b&1 != 0 {
			v += 4
		}
		DATA(8*c, U32(v))
		DATA(8*c+4, U32(v))
	}
	consts[name] = m
	return m
}
