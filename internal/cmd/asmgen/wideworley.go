package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

// Worley walk rewrites ported from the exact C yardstick
// (../shared/peers/limit/kernels.c, worley2/worley3), each the same bits
// for every input:
//
//   - The cell indexes without tiling: (l0 + u)·primeC is l0·primeC +
//     u·primeC (mod 2^32), so each axis takes one integer multiply (at its
//     set-up, newVCells) instead of three (indexC).
//   - The four bytes of a 2D cell's avalanche at AVX-512 (wcellBytes):
//     bytes C and D (bits 16–31) are the same before the avalanche's last
//     xor-shift (v ^= v >> 16 leaves bits 16–31), so they are read from the
//     hash before it, in place (v & 0xFF0000 and v & 0xFF000000, the latter
//     converted as unsigned: b·2^24 exactly), and bytes A and B are
//     ((v >> 16) ^ v) & mask, one three-input logic instruction each: the
//     xor of the avalanche and byte D's shift go (one shift fewer on the
//     port that shifts, multiplies and converts).

// indexC is vcells.index with l0 holding l0·primeC (no tiling).
func (c *vcells) indexC(a int, u int32) vg {
	r := newv()
	if u == 0 {
		return mov(c.l0[a])
	}
	addd(r, src1(c.l0[a]), kc(uint32(u)*primeC))
	return r
}

// wcellBytes is the four byte fields of a 2D cell's avalanched hash as
// floats (Floats01A…D: byte·(1/255)) from pre, the hash before the
// avalanche's last xor-shift (wavalanchePre): x and z of point 0 (bytes A
// and B) and of point 1 (C and D). Only at AVX-512 (vpternlogd,
// vcvtudq2ps).
func wcellBytes(pre vg) [4]vg {
	hi := newv()
	srld(hi, pre, 16)
	var r [4]vg
	for i := range r {
		r[i] = newv()
		if i == 1 {
			r[i] = hi // its last use
		}
		m := uint32(0xFF) << (8 * i)
		for g := range pre {
			switch {
			case i < 2: // (hi ^ pre) & m: imm 0x28 is (a ^ b) & c, a the destination
				if i == 0 {
					VMOVUPS(hi[g], r[i][g])
				}
				if c := kc(m); c.r != nil {
					VPTERNLOGD(U8(0x28), c.r, pre[g], r[i][g])
				} else {
					VPTERNLOGD_BCST(U8(0x28), c.m, pre[g], r[i][g])
				}
			default:
				if c := kc(m); c.r != nil {
					VPANDD(c.r, pre[g], r[i][g])
				} else {
					VPANDD_BCST(c.m, pre[g], r[i][g])
				}
			}
			if i == 3 {
				VCVTUDQ2PS(r[i][g], r[i][g])
			} else {
				VCVTDQ2PS(r[i][g], r[i][g])
			}
		}
		mulps(r[i], r[i], kc(inv255-uint32(8*i)<<23)) // ·(1/255)·2^−8i, in the exponent
	}
	return r
}
