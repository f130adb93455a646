package main

import (
	"fmt"
	"math"
	"strings"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The blog mode's batch kernels (cpu.BlogValueNoise, docs/algorithms.md
// §5): one octave of Noise2D or Noise3D in float64 lanes (4 at AVX2, 8 at
// AVX-512), each lane the scalar code's operations in its order, so the
// same bits. They are written directly with avo's instructions (the
// width-generic layer of wide.go is float32's), and every integer is kept
// in a 64-bit lane, so that both levels gather with VPGATHERQQ (AVX2, and
// AVX-512F's ZMM form) and no conversion needs AVX-512DQ:
//
//   - blogClamp is VMINPD/VMAXPD with the limit as the first source, so a
//     NaN coordinate (the second source) passes through;
//   - floor is VROUNDPD (AVX2) or VRNDSCALEPD (AVX-512) rounding down;
//   - only the low 8 bits of usize(floor(x)) are read (& 255): with
//     c = max(floor(x), +0) (NaN, −0 and negatives give +0, as usize's
//     saturation does), r = c − 256·floor(c·2^−8) is c mod 256, exactly
//     (c·2^−8 and the product by 256 are exact, and so is the difference,
//     an integer below 256); at c = 2^64 (the clamp's top, where usize
//     saturates to 2^64 − 1, whose low byte is 255) r − 1 = −1 stands in;
//     r + 1.5·2^52 then holds r in its low mantissa bits (two's complement
//     for −1), which & 255 takes;
//   - the table is read by VPGATHERQQ at byte offsets up to 511, the low
//     byte of each quadword kept: the caller passes a copy of Perm padded
//     with 8 bytes; the pairs Perm[s] and Perm[s+1] of every level of the
//     hash chain are bytes 0 and 1 of one quadword (one gather, a shift);
//   - a byte becomes a float64 as bits(2^52) | b − 2^52 (exact);
//   - blogFade, blogLerp and the finish (2·v)/255 − 1 are multiplies, adds
//     and a true division, kept apart (no FMA).
//
// Each kernel scales the positions by freq (float64(pos·freq), as Fractal
// does; octave 0 passes 1) and stores the noise (acc false) or adds
// float64(ampl·noise) to out (acc true). n is a multiple of the lanes.

// blogDims are the blog kernels' dimensions.
var blogDims = []int{1, 2, 3, 4}

// writeBlogKernels writes the blog kernels of both levels (main: after
// every other kernel, so that the other kernels' register allocation is
// unchanged).
func writeBlogKernels() {
	for _, l := range []*isa{isaAVX2, isaAVX512} {
		for _, dims := range blogDims {
			name := fmt.Sprintf("blogValue%dD%s", dims, l.name)
			if *only == "" || strings.Contains(name, *only) {
				writeBlog(l, dims)
			}
		}
	}
}

// bcastPD returns a 64-byte read-only constant: eight copies of the
// float64 (or 64-bit integer) with bits v.
func bcastPD(v uint64) Mem {
	name := fmt.Sprintf("kq%016x", v)
	if m, ok := consts[name]; ok {
		return m
	}
	m := GLOBL(name, RODATA|NOPTR)
	for i := 0; i < 8; i++ {
		DATA(8*i, U64(v))
	}
	consts[name] = m
	return m
}

// pd is bcastPD of a float64.
func pd(f float64) Mem { return bcastPD(math.Float64bits(f)) }

// blogGen is the state of one blog kernel being written.
type blogGen struct {
	wide bool // AVX-512
	tab  Register
	vec  func() VecVirtual
}

// andQ is d = a & m (64-bit lanes).
func (b *blogGen) andQ(m Op, a, d VecVirtual) {
	if b.wide {
		VPANDQ(m, a, d)
	} else {
		VPAND(m, a, d)
	}
}

// orQ is d = a | m (64-bit lanes).
func (b *blogGen) orQ(m Op, a, d VecVirtual) {
	if b.wide {
		VPORQ(m, a, d)
	} else {
		VPOR(m, a, d)
	}
}

// floor is d = floor(a).
func (b *blogGen) floor(a, d VecVirtual) {
	if b.wide {
		VRNDSCALEPD(U8(1), a, d)
	} else {
		VROUNDPD(U8(1), a, d)
	}
}

// axis loads the coordinate at off of p, scales it by freq and clamps it
// (blogClamp), and returns its fraction and its cell's low byte, a 64-bit
// integer.
//
// In 1D (mod255) the cell is usize(floor(x)) % 255 instead: with
// hi = floor(c·2^−32) and lo = c − hi·2^32 (both exact, below 2^32),
// usize % 255 = (hi + lo) % 255 since 2^32 ≡ 1 (mod 255); at c = 2^64
// (hi = 2^32, lo = 0) the saturated 2^64 − 1 is hi + lo − 1; and for
// v = hi + lo − t below 2^33, floor(v/255) is exact (v/255 lies at least
// 1/255 from the next integer, far more than its rounding), so is
// r = v − 255·floor(v/255).
func (b *blogGen) axis(p, i Register, freq Op, mod255 bool) (frac, cell VecVirtual) {
	c := b.vec()
	VMOVUPD(Mem{Base: p, Index: i, Scale: 8}, c)
	VMULPD(freq, c, c)
	lim := b.vec()
	VMOVUPD(pd(0x1p64), lim)
	VMINPD(c, lim, c) // lim < c ? lim : c (NaN: c)
	VMOVUPD(pd(-0x1p64), lim)
	VMAXPD(c, lim, c) // −lim > c ? −lim : c
	fl := b.vec()
	b.floor(c, fl)
	frac = c
	VSUBPD(fl, c, frac)
	// c = max(floor, +0): (floor > 0) ? floor : +0, NaN and −0 give +0
	VMAXPD(pd(0), fl, fl)
	// t = 1 where c = 2^64: usize saturates to 2^64 − 1
	t := b.vec()
	if b.wide {
		k := K()
		VCMPPD(U8(0x0D), pd(0x1p64), fl, k) // c >= 2^64
		VMOVUPD_Z(pd(1), k, t)
	} else {
		VCMPPD(U8(0x0D), pd(0x1p64), fl, t)
		VANDPD(pd(1), t, t)
	}
	q := b.vec()
	cell = b.vec()
	if mod255 {
		VMULPD(pd(0x1p-32), fl, q)
		b.floor(q, q) // hi
		VMULPD(pd(0x1p32), q, cell)
		VSUBPD(cell, fl, cell) // lo = c − hi·2^32
		VADDPD(cell, q, cell)  // hi + lo
		VSUBPD(t, cell, cell)  // − t
		VDIVPD(pd(255), cell, q)
		b.floor(q, q)
		VMULPD(pd(255), q, q)
		VSUBPD(q, cell, cell) // v mod 255
	} else {
		VMULPD(pd(0x1p-8), fl, q)
		b.floor(q, q)
		VMULPD(pd(256), q, q)
		VSUBPD(q, fl, cell)   // c mod 256
		VSUBPD(t, cell, cell) // −1 at 2^64: low byte 255
	}
	VADDPD(pd(0x1.8p52), cell, cell)
	b.andQ(bcastPD(255), cell, cell)
	return frac, cell
}

// fade is blogFade: ((x·x)·x)·((x·((x·6) − 15)) + 10), into a new register.
func (b *blogGen) fade(x VecVirtual) VecVirtual {
	a, t := b.vec(), b.vec()
	VMULPD(x, x, a)
	VMULPD(x, a, a)
	VMULPD(pd(6), x, t)
	VSUBPD(pd(15), t, t)
	VMULPD(t, x, t) // x·(…): x first, as Go's x*(…) (commutative anyway)
	VADDPD(pd(10), t, t)
	VMULPD(t, a, a)
	return a
}

// gather is Perm[idx + disp], the low byte of the quadword at that byte
// offset, a 64-bit integer.
// disp −1 is the quadword at idx as it is.
func (b *blogGen) gather(idx VecVirtual, disp int) VecVirtual {
	raw := disp < 0
	disp = max(disp, 0)
	d := b.vec()
	VMOVUPD(idx, d) // a definition first: the gather merges into d
	m := Mem{Base: b.tab, Index: idx, Scale: 1, Disp: disp}
	if b.wide {
		k, ones := K(), GP32()
		MOVL(U32(0xff), ones)
		KMOVW(ones, k)
		VPGATHERQQ(m, k, d)
	} else {
		mk := b.vec()
		VPCMPEQQ(mk, mk, mk)
		VPGATHERQQ(mk, m, d)
	}
	if !raw {
		b.andQ(bcastPD(255), d, d)
	}
	return d
}

// gather2 is Perm[idx] and Perm[idx + 1]: bytes 0 and 1 of the one
// quadword gathered at idx.
func (b *blogGen) gather2(idx VecVirtual) (lo, hi VecVirtual) {
	lo = b.gather(idx, -1)
	hi = b.vec()
	VPSRLQ(U8(8), lo, hi)
	b.andQ(bcastPD(255), hi, hi)
	b.andQ(bcastPD(255), lo, lo)
	return lo, hi
}

// addQ is d = a + c (64-bit lanes).
func (b *blogGen) addQ(a, c, d VecVirtual) {
	VPADDQ(c, a, d)
}

// toPD converts a 64-bit integer below 2^52 to float64, in place.
func (b *blogGen) toPD(v VecVirtual) {
	b.orQ(pd(0x1p52), v, v)
	VSUBPD(pd(0x1p52), v, v)
}

// lerp is blogLerp: (it·a) + (t·c), into a (it, t registers).
func (b *blogGen) lerp(it, t, a, c VecVirtual) VecVirtual {
	VMULPD(it, a, a)
	VMULPD(t, c, c)
	VADDPD(c, a, a)
	return a
}

// oneMinus is 1 − f, into a new register.
func (b *blogGen) oneMinus(f VecVirtual) VecVirtual {
	r := b.vec()
	VMOVUPD(pd(1), r)
	VSUBPD(f, r, r)
	return r
}

// corner is the x-lerp of the corners i and i+1 along x over the inner
// index p: blogLerp(ifx, fx, Perm[i+p], Perm[i+1+p]).
func (b *blogGen) corner(i, p, ifx, fx VecVirtual) VecVirtual {
	s := b.vec()
	b.addQ(i, p, s)
	n0, n1 := b.gather2(s)
	b.toPD(n0)
	b.toPD(n1)
	return b.lerp(ifx, fx, n0, n1)
}

// writeBlog writes blogValue{dims}D{level}.
func writeBlog(l *isa, dims int) {
	name := fmt.Sprintf("blogValue%dD%s", dims, l.name)
	attr := NOSPLIT
	if dims == 4 {
		attr = 0 // a frame of 7 to 9 vectors
	}
	TEXT(name, attr, "func(tab *uint8, x, y, z, w, out *float64, n int, freq, ampl float64, acc bool)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s is one octave of the blog-mode noise %dD (cpu.BlogValueNoise.Noise%dD) over n positions (a multiple of %d), scaled by freq, stored (acc false) or added as ampl·noise (acc true) to out; tab is the table padded with 8 bytes.", name, dims, dims, l.lanes/2))
	b := &blogGen{wide: l == isaAVX512, vec: func() VecVirtual { return YMM() }}
	if b.wide {
		b.vec = func() VecVirtual { return ZMM() }
	}
	b.tab = Load(Param("tab"), GP64())
	var ptr []Register
	for _, a := range []string{"x", "y", "z", "w"}[:dims] {
		ptr = append(ptr, Load(Param(a), GP64()))
	}
	out := Load(Param("out"), GP64())
	n := Load(Param("n"), GP64())
	accB := Load(Param("acc"), GP8())
	// freq and ampl: in registers at AVX-512, in the frame at AVX2 (16
	// registers: the 4D kernel needs every one)
	var freq, ampl Op
	{
		f, a := b.vec(), b.vec()
		VBROADCASTSD(addr(Param("freq")), f)
		VBROADCASTSD(addr(Param("ampl")), a)
		freq, ampl = f, a
		if !b.wide {
			fm, am := AllocLocal(32), AllocLocal(32)
			VMOVUPD(f, fm)
			VMOVUPD(a, am)
			freq, ampl = fm, am
		}
	}
	i := GP64()
	XORQ(i, i)
	loop, done, store := name+"loop", name+"done", name+"store"
	Label(loop)
	CMPQ(i, n)
	JAE(LabelRef(done))
	fr := make([]VecVirtual, dims)
	cell := make([]VecVirtual, dims)
	for d := 0; d < dims; d++ {
		fr[d], cell[d] = b.axis(ptr[d], i, freq, dims == 1)
	}
	fx := b.fade(fr[0])
	ifx := b.oneMinus(fx)
	var v VecVirtual
	switch dims {
	case 1:
		n0, n1 := b.gather2(cell[0])
		b.toPD(n0)
		b.toPD(n1)
		v = b.lerp(ifx, fx, n0, n1)
	case 4:
		v = b.body4(fr, cell, fx, ifx)
	case 2:
		// pj0 = Perm[j], pj1 = Perm[j+1]
		pj0, pj1 := b.gather2(cell[1])
		nx0 := b.corner(cell[0], pj0, ifx, fx)
		nx1 := b.corner(cell[0], pj1, ifx, fx)
		fy := b.fade(fr[1])
		ify := b.oneMinus(fy)
		v = b.lerp(ify, fy, nx0, nx1)
	case 3:
		pk0, pk1 := b.gather2(cell[2])
		s := b.vec()
		b.addQ(cell[1], pk0, s)
		pj00, pj10 := b.gather2(s)
		b.addQ(cell[1], pk1, s)
		pj01, pj11 := b.gather2(s)
		nx00 := b.corner(cell[0], pj00, ifx, fx)
		nx01 := b.corner(cell[0], pj01, ifx, fx)
		nx10 := b.corner(cell[0], pj10, ifx, fx)
		nx11 := b.corner(cell[0], pj11, ifx, fx)
		fy := b.fade(fr[1])
		ify := b.oneMinus(fy)
		nxy0 := b.lerp(ify, fy, nx00, nx10)
		nxy1 := b.lerp(ify, fy, nx01, nx11)
		fz := b.fade(fr[2])
		ifz := b.oneMinus(fz)
		v = b.lerp(ifz, fz, nxy0, nxy1)
	}
	VADDPD(v, v, v) // 2·v, exactly
	VDIVPD(pd(255), v, v)
	if dims == 1 {
		// 1 − (2·v)/255
		r := b.oneMinus(v)
		v = r
	} else {
		// (2·v)/255 − 1
		VSUBPD(pd(1), v, v)
	}
	o := Mem{Base: out, Index: i, Scale: 8}
	CMPB(accB, U8(0))
	JE(LabelRef(store))
	VMULPD(ampl, v, v) // ampl·v (commutative)
	r := b.vec()
	VMOVUPD(o, r)
	VADDPD(v, r, r) // res + ampl·v, res first
	VMOVUPD(r, o)
	ADDQ(U32(l.lanes/2), i)
	JMP(LabelRef(loop))
	Label(store)
	VMOVUPD(v, o)
	ADDQ(U32(l.lanes/2), i)
	JMP(LabelRef(loop))
	Label(done)
	VZEROUPPER()
	RET()
}

// body4 is Noise4D's corners and lerps after the axes: the hash chain
// perm[i+a + perm[j+b + perm[k+c + perm[l+d]]]], interpolated along x, y,
// z, then w. The fractions of y, z and w and the four y-lerps wait in the
// frame (AVX2 has 16 registers).
func (b *blogGen) body4(fr, cell []VecVirtual, fx, ifx VecVirtual) VecVirtual {
	size := 32
	if b.wide {
		size = 64
	}
	var frm [4]Mem
	for d := 1; d < 4; d++ {
		frm[d] = AllocLocal(size)
		VMOVUPD(fr[d], frm[d])
	}
	var nxy [2][2]Mem // [c][d]
	for c := range 2 {
		for d := range 2 {
			nxy[c][d] = AllocLocal(size)
		}
	}
	// pl0 = P[l], pl1 = P[l+1]; pk_cd = P[k+c+pl_d]
	var pl [2]VecVirtual
	pl[0], pl[1] = b.gather2(cell[3])
	var pk [2][2]VecVirtual
	for d := range 2 {
		s := b.vec()
		b.addQ(cell[2], pl[d], s)
		pk[0][d], pk[1][d] = b.gather2(s)
	}
	fy := b.vec()
	VMOVUPD(frm[1], fy)
	fy = b.fade(fy)
	ify := b.oneMinus(fy)
	for c := range 2 {
		for d := range 2 {
			// pj_bcd = P[j+b+pk_cd]; nx_bcd = lerp(n_0bcd, n_1bcd)
			s := b.vec()
			b.addQ(cell[1], pk[c][d], s)
			pj0, pj1 := b.gather2(s)
			nx0 := b.corner(cell[0], pj0, ifx, fx)
			nx1 := b.corner(cell[0], pj1, ifx, fx)
			VMOVUPD(b.lerp(ify, fy, nx0, nx1), nxy[c][d])
		}
	}
	fz := b.vec()
	VMOVUPD(frm[2], fz)
	fz = b.fade(fz)
	ifz := b.oneMinus(fz)
	var nxyz [2]VecVirtual
	for d := range 2 {
		lo, hi := b.vec(), b.vec()
		VMOVUPD(nxy[0][d], lo)
		VMOVUPD(nxy[1][d], hi)
		nxyz[d] = b.lerp(ifz, fz, lo, hi)
	}
	fw := b.vec()
	VMOVUPD(frm[3], fw)
	fw = b.fade(fw)
	ifw := b.oneMinus(fw)
	return b.lerp(ifw, fw, nxyz[0], nxyz[1])
}
