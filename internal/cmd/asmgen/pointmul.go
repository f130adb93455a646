package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The point kernels' hash chain in quadword lanes: the three Eat steps and
// the avalanche are a chain of five 32-bit multiplies per corner, and
// VPMULLD takes twice the latency of VPMULUDQ (10 against 5 cycles on
// recent Intel cores). The low 32 bits of VPMULUDQ's 64-bit product of
// the even dwords are VPMULLD's product, and every other step of the
// hash (add, shifts, or, xor) works dword by dword, so a hash kept in the
// even dwords (one corner per quadword; the odd dwords hold what they
// may) gives the same bits, at half the multiply latency. The simplex
// point kernel hashes its four corners so (llvm-mca, Sapphire Rapids: 157
// → 145 cycles a point); in the lattice kernels, whose eight corners take
// two registers and twice the permutes that way, it modelled no faster
// (value 79 → 84, Perlin 116 → 112), so they keep VPMULLD.

// eatQ is eat on the even dwords: rotl(h + d·primeC, 17)·primeD.
func eatQ(h, d Op) VecVirtual {
	a, b := YMM(), YMM()
	VPMULUDQ(bcast(primeC), d, a)
	VPADDD(h, a, a)
	if leanWide { // the AVX-512 simplex register twins (pointlean.go)
		VPROLD(U8(17), a, a)
	} else {
		VPSLLD(U8(17), a, b)
		VPSRLD(U8(15), a, a)
		VPOR(b, a, a)
	}
	VPMULUDQ(bcast(primeD), a, a)
	return a
}

// avalancheQ is avalanche on the even dwords.
func avalancheQ(h VecVirtual) VecVirtual {
	v, t := YMM(), YMM()
	avalancheSteps(mulQ, h, v, t)
	return v
}
