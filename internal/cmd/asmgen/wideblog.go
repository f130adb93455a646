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
//     with 8 bytes;
//   - a byte becomes a float64 as bits(2^52) | b − 2^52 (exact);
//   - blogFade, blogLerp and the finish (2·v)/255 − 1 are multiplies, adds
//     and a true division, kept apart (no FMA).
//
// Each kernel scales the positions by freq (float64(pos·freq), as Fractal
// does; octave 0 passes 1) and stores the noise (acc false) or adds
// float64(ampl·noise) to out (acc true). n is a multiple of the lanes.

// blogSpecs are the blog kernels' dimensions.
var blogDims = []int{2, 3}

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
func (b *blogGen) axis(p, i Register, freq, lim, nlim VecVirtual) (frac, cell VecVirtual) {
	c := b.vec()
	VMOVUPD(Mem{Base: p, Index: i, Scale: 8}, c)
	VMULPD(freq, c, c)
	VMINPD(c, lim, c)  // lim < c ? lim : c (NaN: c)
	VMAXPD(c, nlim, c) // −lim > c ? −lim : c
	fl := b.vec()
	b.floor(c, fl)
	frac = c
	VSUBPD(fl, c, frac)
	// c = max(floor, +0): (floor > 0) ? floor : +0, NaN and −0 give +0
	VMAXPD(pd(0), fl, fl)
	q := b.vec()
	VMULPD(pd(0x1p-8), fl, q)
	b.floor(q, q)
	VMULPD(pd(256), q, q)
	cell = b.vec()
	VSUBPD(q, fl, cell) // c mod 256
	// − 1 where c = 2^64: usize saturates to 2^64 − 1
	if b.wide {
		k := K()
		VCMPPD(U8(0x0D), pd(0x1p64), fl, k) // c >= 2^64
		VMOVUPD_Z(pd(1), k, q)
	} else {
		VCMPPD(U8(0x0D), pd(0x1p64), fl, q)
		VANDPD(pd(1), q, q)
	}
	VSUBPD(q, cell, cell)
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
func (b *blogGen) gather(idx VecVirtual, disp int) VecVirtual {
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
	b.andQ(bcastPD(255), d, d)
	return d
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
	n0 := b.gather(s, 0)
	n1 := b.gather(s, 1)
	b.toPD(n0)
	b.toPD(n1)
	return b.lerp(ifx, fx, n0, n1)
}

// writeBlog writes blogValue{dims}D{level}.
func writeBlog(l *isa, dims int) {
	name := fmt.Sprintf("blogValue%dD%s", dims, l.name)
	TEXT(name, NOSPLIT, "func(tab *uint8, x, y, z, out *float64, n int, freq, ampl float64, acc bool)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s is one octave of the blog-mode noise %dD (cpu.BlogValueNoise.Noise%dD) over n positions (a multiple of %d), scaled by freq, stored (acc false) or added as ampl·noise (acc true) to out; tab is the table padded with 8 bytes.", name, dims, dims, l.lanes/2))
	b := &blogGen{wide: l == isaAVX512, vec: func() VecVirtual { return YMM() }}
	if b.wide {
		b.vec = func() VecVirtual { return ZMM() }
	}
	b.tab = Load(Param("tab"), GP64())
	ptr := []Register{Load(Param("x"), GP64()), Load(Param("y"), GP64()), Load(Param("z"), GP64())}
	out := Load(Param("out"), GP64())
	n := Load(Param("n"), GP64())
	accB := Load(Param("acc"), GP8())
	freq, ampl := b.vec(), b.vec()
	VBROADCASTSD(addr(Param("freq")), freq)
	VBROADCASTSD(addr(Param("ampl")), ampl)
	lim, nlim := b.vec(), b.vec()
	VMOVUPD(pd(0x1p64), lim)
	VMOVUPD(pd(-0x1p64), nlim)
	i := GP64()
	XORQ(i, i)
	loop, done, store := name+"loop", name+"done", name+"store"
	Label(loop)
	CMPQ(i, n)
	JAE(LabelRef(done))
	fr := make([]VecVirtual, dims)
	cell := make([]VecVirtual, dims)
	for d := 0; d < dims; d++ {
		fr[d], cell[d] = b.axis(ptr[d], i, freq, lim, nlim)
	}
	fx := b.fade(fr[0])
	ifx := b.oneMinus(fx)
	var v VecVirtual
	if dims == 2 {
		// pj0 = Perm[j], pj1 = Perm[j+1]
		pj0 := b.gather(cell[1], 0)
		pj1 := b.gather(cell[1], 1)
		nx0 := b.corner(cell[0], pj0, ifx, fx)
		nx1 := b.corner(cell[0], pj1, ifx, fx)
		fy := b.fade(fr[1])
		ify := b.oneMinus(fy)
		v = b.lerp(ify, fy, nx0, nx1)
	} else {
		pk0 := b.gather(cell[2], 0)
		pk1 := b.gather(cell[2], 1)
		s := b.vec()
		b.addQ(cell[1], pk0, s)
		pj00 := b.gather(s, 0)
		pj10 := b.gather(s, 1)
		b.addQ(cell[1], pk1, s)
		pj01 := b.gather(s, 0)
		pj11 := b.gather(s, 1)
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
	// (2·v)/255 − 1
	VADDPD(v, v, v) // 2·v, exactly
	VDIVPD(pd(255), v, v)
	VSUBPD(pd(1), v, v)
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
