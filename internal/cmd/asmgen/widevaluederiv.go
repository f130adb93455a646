package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The value lattice derivative kernels, 2D and 3D (not tiling): the
// corners of valueLattice (widevalue.go: per-corner hash chains written
// stage by stage, the shared hash prefixes, the stage constants in one
// register, interleaved groups), then the lerps of cpu.lattice2D and
// cpu.lattice3D with the derivatives. Every operation is latticeDerivBody's
// (widederiv.go) for value noise, on the same operands: only the order of
// independent instructions and where values live change, never a result.
// Value noise's corners have the derivatives +0, and a lerp of two +0 is
// +0, so of the derivatives only those the lerps make remain:
//
//   - along the axis of a lerp, +0 + (hi.v − lo.v)·dt (the +0 is the
//     lerp of the two corners' +0 derivatives: it turns a −0 product into
//     +0, as the scalar code's sum does, so it stays); hi.v − lo.v is the
//     difference the value's lerp lo.v + t·(hi.v − lo.v) computes too, and
//     dlerp computes it once for both (the same value: exact);
//   - the derivatives of the inner axes, lerped as the values are.
//
// 2D (corner c = x<<1 | z): ab, dz_lo = dlerp(a, b), cd, dz_hi =
// dlerp(c, d); v, dx = dlerp(ab, cd) along x; dz = lerp(dz_lo, dz_hi, tx).
// 3D (corner c = x<<2 | y<<1 | z): four z lerps, their y lerps (the values
// with dy, the z derivatives lerped), then along x. Then the derivatives
// times F and evaluateCombined (combineD), as latticeDerivBody.

// valueDeriv is the derivative part of a value lattice kernel while
// valueLattice writes it.
type valueDeriv struct {
	dt [3]opnd // the interpolators' derivatives, by axis
	s  ds      // the sample (whole, half)
	lo ds      // the x = 0 half of the lerps (half, with the corners in halves)
}

// dlerp is lerp(lo, hi, t) into lo, and the derivative +0 + (hi − lo)·dt
// in a new register: the difference computed once for both.
func dlerp(lo, hi vg, t, dt opnd) (vg, vg) {
	sub, dd := newv(), newv()
	subps(sub, hi, lo)
	mulps(dd, sub, dt)
	addps(dd, dd, kc(0)) // +0 + d
	mulps(sub, sub, t)
	addps(lo, lo, sub)
	return lo, dd
}

// zHalf is the lerps along z and y of the corners first… of one x half:
// in 2D the z lerp of the two corners (v, dz), in 3D the y lerp of the two
// z lerps (v, dy, dz).
func (d *valueDeriv) zHalf(dims, first int, n []vg, t [3]opnd) ds {
	l0, dz0 := dlerp(n[first], n[first+1], t[2], d.dt[2])
	if dims == 2 {
		return ds{l0, nil, nil, dz0}
	}
	l1, dz1 := dlerp(n[first+2], n[first+3], t[2], d.dt[2])
	v, dy := dlerp(l0, l1, t[1], d.dt[1])
	return ds{v, nil, dy, wlerp(dz0, dz1, t[1])}
}

// xLerp is the lerp along x of the two halves' samples lo and hi (regs).
func (d *valueDeriv) xLerp(lo, hi ds, t [3]opnd) vg {
	v, dx := dlerp(lo[0].(vg), hi[0].(vg), t[0], d.dt[0])
	d.s = ds{v, dx}
	for c := 2; c <= 3; c++ {
		if lo[c] != nil {
			d.s[c] = wlerp(lo[c].(vg), hi[c], t[0])
		}
	}
	return v
}

// whole is the lerps of all corners n.
func (d *valueDeriv) whole(dims int, n []vg, t [3]opnd) vg {
	h := 1 << (dims - 1)
	lo := d.zHalf(dims, 0, n, t)
	hi := d.zHalf(dims, h, n, t)
	return d.xLerp(lo, hi, t)
}

// half is the lerps of the corners first… (half of them): the x = 0 half
// is kept (in the frame at AVX2), the x = 1 half returns the value.
func (d *valueDeriv) half(k *bk, dims, first int, n []vg, t [3]opnd) vg {
	s := d.zHalf(dims, first, n, t)
	if first == 0 {
		for c, o := range s {
			if o != nil {
				s[c] = k.fr.keep(o.(vg), !wide())
			}
		}
		d.lo = s
		return nil
	}
	lo := d.lo
	for c, o := range lo {
		if o != nil {
			lo[c] = lavx2Take(k, o)
		}
	}
	return d.xLerp(lo, s, t)
}

// valueDerivBody is the value lattice derivative kernel of dims (2 or 3)
// dimensions.
func valueDerivBody(dims int) func(k *bk) ds {
	return func(k *bk) ds {
		d := &valueDeriv{}
		storeSparse2D = dims == 2 && wide()
		valueLattice(k, dims, d)
		s := regS(d.s)
		scaleD(s, k.F) // F·(…)
		return k.combineD(s)
	}
}

// The interleave of the value derivative kernels, by level (AVX2,
// AVX-512).
var valueDGroups2D, valueDGroups3D = [2]int{2, 4}, [2]int{2, 2}

func init() {
	pinSets["valueLattice2DDerivBatchAVX512"] = []uint32{primeC, primeD, f1, primeB, 0xFF, inv255x2}
	pinSets["valueLattice3DDerivBatchAVX512"] = []uint32{primeC, primeD, f1, primeB, 0xFF, inv255x2}
}

// storeSparse2D is set while a kernel whose 2D samples storeInterleaved
// may write with storeSparse2DWide is written (the value 2D derivative
// kernel at AVX-512); writeBatch clears it at every kernel's start.
var storeSparse2D bool

// storeSparse2DWide is storeInterleaved's AVX-512 interleave of group g
// for 2D samples (dy and dw +0, s[2] and s[4] nil): output vector j is the
// permutation of v and dx (idxA[j]) with the other lanes zeroed, then dz
// permuted into its lanes (idxB[j]: a single-table permutation reads the
// index's low four bits, s + 16 is s), instead of two two-table
// permutations and two blends (dy and dw): the same bytes stored, two
// fewer vector micro-ops per vector.
func storeSparse2DWide(s ds, dst GPVirtual, g int) {
	idxA, idxB, _ := storeTables()
	masks, ok := consts["storeMasks2D"]
	if !ok {
		masks = GLOBL("storeMasks2D", RODATA|NOPTR)
		for j := 0; j < 5; j++ {
			var kA, kZ uint16
			for p := 0; p < 16; p++ {
				switch (16*j + p) % 5 {
				case 0, 1:
					kA |= 1 << p
				case 3:
					kZ |= 1 << p
				}
			}
			DATA(4*j, U16(kA))
			DATA(4*j+2, U16(kZ))
		}
		consts["storeMasks2D"] = masks
	}
	base := 20 * cur.lanes * g
	for j := range idxA {
		r, t := ZMM(), ZMM()
		kA, kZ := K(), K()
		VMOVUPS(idxA[j], r)
		KMOVW(masks.Offset(4*j), kA)
		VPERMI2PS_Z(s[1].(vg)[g], s[0].(vg)[g], kA, r)
		VMOVUPS(idxB[j], t)
		KMOVW(masks.Offset(4*j+2), kZ)
		VPERMPS(s[3].(vg)[g], t, kZ, r)
		VMOVUPS(r, Mem{Base: dst, Disp: base + 64*j})
	}
}

// wsmoothTDt is wsmoothT(u) and wsmoothDt(u) with their common u·u
// computed once (the same product: exact); one register more than the
// two apart (AVX-512 only).
func wsmoothTDt(u opnd) (vg, vg) {
	uu, a, b, c := newv(), newv(), newv(), newv()
	mulps(uu, u, u)
	mulps(a, uu, u)
	mulps(b, u, kc(f6))
	subps(b, b, kc(f15))
	mulps(b, b, u)
	addps(b, b, kc(f10))
	mulps(a, a, b)
	mulps(c, u, kc(f30))
	subps(c, c, kc(f60))
	mulps(c, c, u)
	addps(c, c, kc(f30))
	mulps(uu, uu, c)
	return a, uu
}
