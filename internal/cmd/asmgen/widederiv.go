package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The batch derivative kernels: the twins of the batch value kernels for
// cpu.Sampler.Samples, with the same loop, arguments and mode word, one
// octave of a variant over n prepared positions with the value and its
// analytical derivatives: cpu.lattice1D…3D, simplex1D…3D or voronoi1D…3D
// (the combine step, the Voronoi finalisation and function, the frequency
// scale of the derivatives), the fractal mode's shape (shapeSample) and
// the octave sum of every component (sampleAdd, sampleScale, sampleDiv).
// out holds the components the noise has, derivStride floats apart: the
// value, then the derivatives along x, y and z; the others (dy in 2D, dy
// and dz in 1D, and dw) are +0 after the octave sum whatever they were
// before it (±0 in every octave, and +0 + ±0 is +0), so the kernels leave
// them out and cpu.Sampler.samplesBatch stores +0. With mode bit store
// (the last octave of a whole chunk without a domain) the sums go to dst
// as []noise.Sample holds them instead; else storeSamplesAVX2 or AVX512
// (the domain's derivative matrix, and the interleave) follows the last
// octave.
//
// The same operations in the same order as the scalar code, derivatives
// of zero included where their sign can reach the result (0·x is ±0); a
// lerp of two +0 derivatives is +0 (+0 + t·(+0 − +0) with t finite), so
// those are left out (dz0).

// derivStride is the distance in floats between the component arrays of
// a derivative kernel's output (cpu.batchChunk).
const derivStride = 256

// ds is a sample of every group: the value and the derivatives along x, y,
// z and w (4D kernels only: wide4dderiv.go); nil where the noise has no
// such axis, dz0 where the derivative is +0 in every lane.
type ds [5]opnd

// zeroD is the operand of a derivative that is +0 in every lane.
type zeroD struct{}

func (zeroD) at(int) Op { panic("asmgen: a +0 derivative used as an operand (mat)") }

var dz0 opnd = zeroD{}

func isZ(o opnd) bool {
	_, ok := o.(zeroD)
	return ok
}

// mat is o, or the constant +0 for dz0.
func mat(o opnd) opnd {
	if isZ(o) {
		return kc(0)
	}
	return o
}

// own is o in registers the caller may overwrite: o itself if it is in
// registers (and not needed later), else a copy.
func own(o opnd) vg {
	if r, ok := o.(vg); ok {
		return r
	}
	return mov(mat(o))
}

// derivComps are the derivative components of a dims-D noise (1 x, 2 y,
// 3 z, 4 w; 2D noise reads the XZ plane).
func derivComps(dims int) []int {
	return [][]int{1: {1}, 2: {1, 3}, 3: {1, 2, 3}, 4: {1, 2, 3, 4}}[dims]
}

// regS loads every component of s into registers.
func regS(s ds) ds {
	for i, c := range s {
		if c != nil {
			s[i] = own(c)
		}
	}
	return s
}

// keepS spills the components of s in registers to the frame when spill
// is set.
func (k *bk) keepS(s ds, spill bool) ds {
	if !spill {
		return s
	}
	for i, c := range s {
		if r, ok := c.(vg); ok {
			s[i] = k.fr.spill(r)
		}
	}
	return s
}

// releaseS gives back the frame slots of s.
func (k *bk) releaseS(s ds) {
	for _, c := range s {
		if c != nil && !isZ(c) {
			k.fr.release(c)
		}
	}
}

// addS is sampleAdd(sum, t) (sum is nil before the first term), kept in
// the frame when spill is set.
func (k *bk) addS(sum, t ds, spill bool) ds {
	if sum[0] == nil {
		return k.keepS(t, spill)
	}
	r := regS(t)
	for i := range r {
		if r[i] != nil {
			addps(r[i].(vg), r[i].(vg), mat(sum[i])) // t + sum: + commutes
		}
	}
	k.releaseS(sum)
	return k.keepS(r, spill)
}

// negWhere negates d where m.
func negWhere(d vg, m mask) {
	for g := range d {
		if wide() {
			VPXORD_BCST(kc(signMask).m, d[g], m.k[g], d[g])
		} else {
			t := YMM()
			VANDPS(kc(signMask).m, m.v[g], t)
			VXORPS(t, d[g], d[g])
		}
	}
}

// keepWhere is d where m, +0 elsewhere, in place.
func keepWhere(d vg, m mask) {
	for g := range d {
		if wide() {
			VMOVUPS_Z(d[g], m.k[g], d[g])
		} else {
			VANDPS(m.v[g], d[g], d[g])
		}
	}
}

// scaleD multiplies the derivatives of s (registers) by f: float32(d·f).
func scaleD(s ds, f opnd) {
	for _, c := range s[1:] {
		if c != nil {
			mulps(c.(vg), c.(vg), f)
		}
	}
}

// combineD is evaluateCombined: the value clamped to [−1, 1] (clampValue),
// then by mode bits 0–1 turbulence (the derivatives negated where
// !(v >= 0), v = |v|) and smooth turbulence (smoothstepSample: the
// derivatives times (6v)·(1 − v), v = v·(v·(3 − 2v))). It returns s in
// registers.
func (k *bk) combineD(s ds) ds {
	s = regS(s)
	v := s[0].(vg)
	maxps(v, v, kc(fm1))
	minps(v, v, kc(f1))
	end := k.label("dcombined")
	TESTL(U32(3), k.mode)
	JZ(LabelRef(end))
	neg := cmpps(9, v, kc(0)) // !(v >= 0), NaN included
	for _, c := range s[1:] {
		if c != nil {
			negWhere(c.(vg), neg)
		}
	}
	absps(v, v)
	TESTL(U32(2), k.mode)
	JZ(LabelRef(end))
	kk, t := newv(), newv()
	mulps(kk, v, kc(f6))
	subps(t, kc(f1), v)
	mulps(kk, kk, t)
	scaleD(s, kk)
	mulps(t, v, kc(f2))
	subps(t, kc(f3), t)
	mulps(t, v, t)
	mulps(v, v, t)
	Label(end)
	return s
}

// shapeD is shapeSample (mode bits 2–3): the shaped value of shape and the
// derivatives times its factor k: ridged −4r with r = 1 − |v|, billow 2,
// both negated where !(v >= 0); ping-pong 2s, negated where folded.
func (k *bk) shapeD(s ds, pp cst) {
	v := s[0].(vg)
	end, ridged, billow := k.label("dshaped"), k.label("dridged"), k.label("dbillow")
	m := GP32()
	MOVL(k.mode, m)
	ANDL(U32(12), m)
	JZ(LabelRef(end))
	CMPL(m, U32(4))
	JE(LabelRef(ridged))
	CMPL(m, U32(8))
	JE(LabelRef(billow))
	// ping-pong: u = (v + 1)·s, m = u − 2·floor(u·0.5), folded where
	// !(m < 1): 2 − m; t = 2m − 1, k = ±2s
	u, fl := newv(), newv()
	addps(u, v, kc(f1))
	mulps(u, u, pp)
	mulps(fl, u, kc(f0p5))
	floorps(fl, fl)
	mulps(fl, fl, kc(f2))
	subps(u, u, fl)
	lt := cmpps(1, u, kc(f1))
	subps(fl, kc(f2), u)
	blend(u, lt, u, fl)
	kk := newv()
	mulps(kk, pp, kc(f2))
	xor(fl, kk, kc(signMask))
	blend(kk, lt, kk, fl)
	mulps(u, u, kc(f2))
	subps(v, u, kc(f1))
	scaleD(s, kk)
	JMP(LabelRef(end))
	Label(ridged)
	neg := cmpps(9, v, kc(0))
	r := newv()
	absps(r, v)
	subps(r, kc(f1), r)
	kr := newv()
	mulps(kr, r, kc(f4))
	xor(kr, kr, kc(signMask)) // −(4r)
	negWhere(kr, neg)
	mulps(r, r, r)
	mulps(r, r, kc(f2))
	subps(v, r, kc(f1))
	scaleD(s, kr)
	JMP(LabelRef(end))
	Label(billow)
	negb := cmpps(9, v, kc(0))
	kb := newv()
	blend(kb, negb, kc(fm2), kc(f2))
	absps(v, v)
	mulps(v, v, kc(f2))
	subps(v, v, kc(f1))
	scaleD(s, kb)
	Label(end)
}

// octaveSumD is octaveSum for every component of s: s = (first ? +0 :
// out) + s·amp, divided by ampSum when last, stored to out (at(c, g) is
// group g's vector of component c), or with modeStore to dst as samples
// (storeInterleaved).
func (k *bk) octaveSumD(s ds, at func(c, g int) Mem, amp, ampSum cst, dst GPVirtual) {
	var sum ds
	for c := range s {
		if s[c] != nil {
			sum[c] = newv()
		}
	}
	each := func(f func(c int, v, sv vg)) {
		for c := range s {
			if s[c] != nil {
				f(c, s[c].(vg), sum[c].(vg))
			}
		}
	}
	first, add := k.label("dfirst"), k.label("dsum")
	TESTL(U32(modeFirst), k.mode)
	JNZ(LabelRef(first))
	each(func(c int, _, sv vg) {
		for g := range sv {
			VMOVUPS(at(c, g), sv[g])
		}
	})
	JMP(LabelRef(add))
	Label(first)
	each(func(_ int, _, sv vg) {
		for g := range sv {
			zeroReg(sv[g])
		}
	})
	Label(add)
	unit := k.label("dunit")
	TESTL(U32(modeUnit), k.mode)
	JNZ(LabelRef(unit))
	each(func(_ int, v, _ vg) { mulps(v, v, amp) })
	Label(unit)
	each(func(_ int, v, sv vg) { addps(sv, sv, v) })
	last := k.label("dlast")
	TESTL(U32(modeLast), k.mode)
	JZ(LabelRef(last))
	each(func(_ int, _, sv vg) { divps(sv, sv, ampSum) })
	Label(last)
	soa, done := k.label("dsoa"), k.label("dstored")
	TESTL(U32(modeStore), k.mode)
	JZ(LabelRef(soa))
	storeInterleaved(sum, dst)
	JMP(LabelRef(done))
	Label(soa)
	each(func(c int, _, sv vg) {
		for g := range sv {
			VMOVUPS(sv[g], at(c, g))
		}
	})
	Label(done)
}

// storeInterleaved stores the samples of s (the components the noise has
// not are +0, and so is dw but in 4D) to dst as []noise.Sample holds them, 20 bytes each:
// at AVX2 the transposition of storeSamplesAVX2, at AVX-512 the
// permutations of storeSamplesAVX512.
func storeInterleaved(s ds, dst GPVirtual) {
	var zero vg
	c := func(i, g int) VecVirtual {
		if s[i] == nil {
			if zero == nil {
				zero = mov(kc(0))
			}
			return zero[g]
		}
		return s[i].(vg)[g]
	}
	for g := 0; g < groups; g++ {
		base := 20 * cur.lanes * g
		if wide() && storeSparse2D && s[2] == nil && s[4] == nil { // widevaluederiv.go
			storeSparse2DWide(s, dst, g)
			continue
		}
		if wide() {
			idxA, idxB, masks := storeTables()
			for j := range idxA {
				r, t := ZMM(), ZMM()
				VMOVUPS(idxA[j], r)
				VPERMI2PS(c(1, g), c(0, g), r)
				VMOVUPS(idxB[j], t)
				VPERMI2PS(c(3, g), c(2, g), t)
				k23, k4 := K(), K()
				KMOVW(masks.Offset(4*j), k23)
				VBLENDMPS(t, r, k23, r)
				KMOVW(masks.Offset(4*j+2), k4)
				if s[4] != nil { // 4D: dw (wide4dderiv.go)
					storeDwWide(s[4].(vg)[g], j, k4, r)
				} else {
					VBLENDMPS_BCST(kc(0).m, r, k4, r)
				}
				VMOVUPS(r, Mem{Base: dst, Disp: base + 64*j})
			}
			continue
		}
		t0, t1, t2, t3 := YMM(), YMM(), YMM(), YMM()
		VUNPCKLPS(c(1, g), c(0, g), t0) // v0 dx0 v1 dx1 | v4 dx4 v5 dx5
		VUNPCKHPS(c(1, g), c(0, g), t1) // v2 dx2 v3 dx3 | v6 …
		VUNPCKLPS(c(3, g), c(2, g), t2)
		VUNPCKHPS(c(3, g), c(2, g), t3)
		s0, s1, s2, s3 := YMM(), YMM(), YMM(), YMM()
		VSHUFPS(U8(0x44), t2, t0, s0) // sample 0 | sample 4
		VSHUFPS(U8(0xEE), t2, t0, s1) // 1 | 5
		VSHUFPS(U8(0x44), t3, t1, s2) // 2 | 6
		VSHUFPS(U8(0xEE), t3, t1, s3) // 3 | 7
		for j, q := range []VecVirtual{s0, s1, s2, s3} {
			VMOVUPS(q.AsX(), Mem{Base: dst, Disp: base + 20*j})
			VEXTRACTF128(U8(1), q, Mem{Base: dst, Disp: base + 20*(j+4)})
		}
		if s[4] != nil { // 4D: dw (wide4dderiv.go)
			storeDw(s[4].(vg)[g], dst, base)
			continue
		}
		for j := range 8 {
			MOVL(U32(0), Mem{Base: dst, Disp: base + 20*j + 16})
		}
	}
}

// storeTables are the index vectors and masks of the AVX-512
// interleave: output vector j holds floats 16j … 16j + 15 of 16 samples,
// float e component e mod 5 of sample e / 5; idxA[j] takes v and dx,
// idxB[j] dy and dz, and masks holds per j the lanes of dy and dz, then
// those of dw (16 bits each).
func storeTables() (idxA, idxB [5]Mem, masks Mem) {
	var kbits []uint16
	for j := range idxA {
		var a, b []uint32
		var k23, k4 uint16
		for p := 0; p < 16; p++ {
			e := 16*j + p
			s, c := uint32(e/5), e%5
			var ia, ib uint32
			switch c {
			case 0, 1:
				ia = s + 16*uint32(c)
			case 2, 3:
				ib = s + 16*uint32(c-2)
				k23 |= 1 << p
			default:
				k4 |= 1 << p
			}
			a, b = append(a, ia), append(b, ib)
		}
		idxA[j] = permTable(fmt.Sprintf("storeA%d", j), a)
		idxB[j] = permTable(fmt.Sprintf("storeB%d", j), b)
		kbits = append(kbits, k23, k4)
	}
	if m, ok := consts["storeMasks"]; ok {
		return idxA, idxB, m
	}
	masks = GLOBL("storeMasks", RODATA|NOPTR)
	for i, b := range kbits {
		DATA(2*i, U16(b))
	}
	consts["storeMasks"] = masks
	return idxA, idxB, masks
}

// f4 is the bits of 4f.
const f4 = 0x40800000

// The lattice derivative kernels (cpu.lattice1D…3D).

// wsmoothDt is smoothDt: (u·u)·((u·((u·30) − 60)) + 30).
func wsmoothDt(u opnd) vg {
	a, b := newv(), newv()
	mulps(a, u, u)
	mulps(b, u, kc(f30))
	subps(b, b, kc(f60))
	mulps(b, b, u)
	addps(b, b, kc(f30))
	mulps(a, a, b)
	return a
}

// lerpS is one axis of the lattice derivative: every component lerped
// from lo to hi by t, and the derivative along the axis (component c)
// plus (hi.v − lo.v)·dt. lo's registers are overwritten.
func lerpS(lo, hi ds, t, dt opnd, c int) ds {
	d := newv()
	subps(d, src1(hi[0]), lo[0])
	mulps(d, d, dt)
	var r ds
	for i := 1; i < len(lo); i++ {
		if lo[i] == nil {
			continue
		}
		var l opnd = dz0
		if !isZ(lo[i]) || !isZ(hi[i]) {
			l = wlerp(own(lo[i]), mat(hi[i]), t)
		}
		if i == c {
			if isZ(l) {
				addps(d, d, kc(0)) // +0 + d
				l = d
			} else {
				addps(l.(vg), l.(vg), d)
			}
		}
		r[i] = l
	}
	r[0] = wlerp(own(lo[0]), hi[0], t)
	return r
}

// latticeDerivBody is cpu.lattice1D…3D: the corners' gradient samples
// (evaluate1…3) lerped along z, then y, then x (lerpS), the derivatives
// times F, then evaluateCombined.
func latticeDerivBody(dims int, perlin, tiling bool) func(k *bk) ds {
	return func(k *bk) ds {
		// In 3D the y and z axes live in the frame, and the x axis too
		// when registers are short, as do the hashes and the lower halves
		// of the blend.
		spill := dims == 3
		spillHalf := spill || perlin && tight()
		var ax [3]latticeAxis
		order := [][]int{1: {0}, 2: {2, 0}, 3: {1, 2, 0}}[dims]
		for _, a := range order {
			ax[a] = k.latticeAxisD(k.pos[a], perlin, tiling, spill && (tight() || a != 0), true)
		}
		comps := derivComps(dims)
		// corner is the gradient sample of the corner with hash h at the
		// offsets o (by axis).
		corner := func(h vg, o [3]opnd) ds {
			var s ds
			if !perlin {
				s[0] = wbyteGradientA(wavalanchePre(h))
				for _, c := range comps {
					s[c] = dz0
				}
				return s
			}
			switch dims {
			case 1: // lineGradient: v = l·x, dx = l
				l := wlineGrad(wavalanche(h, false))
				v := newv()
				mulps(v, l, o[0])
				return ds{v, l}
			case 2: // squareGradient times perlin2
				gx, gy := wsquareVectors(wavalanche(h, false))
				dx, dz := newv(), newv()
				mulps(dx, gx, kc(perlin2))
				mulps(dz, gy, kc(perlin2))
				mulps(gx, gx, o[0])
				mulps(gy, gy, o[2])
				addps(gx, gx, gy)
				mulps(gx, gx, kc(perlin2))
				return ds{gx, dx, nil, dz}
			}
			// octahedronGradient times perlin3
			gx, gy, gz := woctahedronVectors(h)
			dx, dy, dz := newv(), newv(), newv()
			mulps(dx, gx, kc(perlin3))
			mulps(dy, gy, kc(perlin3))
			mulps(dz, gz, kc(perlin3))
			d := wdot3(gx, gy, gz, o[0], o[1], o[2])
			mulps(d, d, kc(perlin3))
			return ds{d, dx, dy, dz}
		}
		axes := [][]int{1: {0}, 2: {0, 2}, 3: {0, 1, 2}}[dims]
		var reduce func(i int, hp opnd, o [3]opnd) ds
		reduce = func(i int, hp opnd, o [3]opnd) ds {
			a := axes[i]
			var half [2]ds
			for j := range half {
				h := eatC(hp, [2]opnd{ax[a].c0, ax[a].c1}[j])
				oj := o
				if perlin {
					oj[a] = [2]opnd{ax[a].g0, ax[a].g1}[j]
				}
				if i+1 == len(axes) {
					half[j] = corner(h, oj)
				} else {
					hk := k.fr.keep(h, spillHalf)
					half[j] = reduce(i+1, hk, oj)
					k.fr.release(hk)
				}
				if j == 0 {
					half[0] = k.keepS(half[0], spillHalf)
				}
			}
			r := lerpS(half[0], half[1], ax[a].t, ax[a].dt, a+1)
			k.releaseS(half[0])
			return r
		}
		s := regS(reduce(0, k.h, [3]opnd{}))
		scaleD(s, k.F) // F·(…)
		return k.combineD(s)
	}
}

// The simplex derivative kernels (cpu.simplex1D…3D).

// wkernelD is simplexKernel1…3 on the falloff fo, the offsets x (by
// component) and the gradient sample g: v = (((fo·g.v)·fo)·fo)·m,
// d = ((((fo·g.d) − ((6·x)·g.v))·fo)·fo)·m, m = maskNonNegative(fo, 8)
// (none in 1D).
func wkernelD(fo opnd, x [4]opnd, g ds, comps []int, masked bool) ds {
	var m vg
	if masked {
		m = newv()
		srad(m, fo, 31)    // all ones where the sign bit is set
		andn(m, m, kc(f8)) // 8 where it is clear, else +0
	}
	var r ds
	for _, c := range comps {
		t, u := newv(), newv()
		mulps(t, fo, mat(g[c]))
		mulps(u, x[c], kc(f6))
		mulps(u, u, g[0])
		subps(t, t, u)
		mulps(t, t, fo)
		mulps(t, t, fo)
		if masked {
			mulps(t, t, m)
		}
		r[c] = t
	}
	v := newv()
	mulps(v, fo, g[0])
	mulps(v, v, fo)
	mulps(v, v, fo)
	if masked {
		mulps(v, v, m)
	}
	r[0] = v
	return r
}

func simplexDerivBody(dims int, simplexGrad bool) func(k *bk) ds {
	return func(k *bk) ds {
		var s ds
		switch dims {
		case 1:
			s = k.simplex1D(simplexGrad)
		case 2:
			if wide() { // widesimplexderiv.go; at AVX2 measured no faster
				s = k.simplex2DCorners(simplexGrad)
			} else {
				s = k.simplex2D(simplexGrad)
			}
		case 3:
			if simplex3AVX2() { // widesimplexderiv.go
				s = k.simplex3DAVX2(simplexGrad)
			} else if simplex3Wide() { // widesimplex3deriv.go
				s = k.simplex3DWide(simplexGrad)
			} else {
				s = k.simplex3D(simplexGrad)
			}
		}
		s = k.combineD(s)
		// the frequency scale: F, F·(1/√3) or F·0.6, rounded
		var kf opnd = k.F
		if dims > 1 {
			f := mov(k.F)
			mulps(f, f, kc([]uint32{2: invSqrt3, 3: scale3}[dims]))
			kf = f
		}
		scaleD(s, kf)
		return s
	}
}

func (k *bk) simplex1D(simplexGrad bool) ds {
	X := newv()
	mulps(X, k.pos[0], k.F)
	clampc(X)
	fl0 := newv()
	floorps(fl0, X)
	x0 := newv()
	cvttps2dq(x0, fl0)
	c0 := timesC(x0)
	c1 := newv()
	addd(c1, c0, kc(primeC))
	fl1 := newv()
	addps(fl1, fl0, kc(f1)) // float32(x0 + 1): both round the integer x0 + 1
	var sum ds
	for i, c := range []vg{c0, c1} {
		x, fo := newv(), newv()
		subps(x, X, []vg{fl0, fl1}[i])
		mulps(fo, x, x)
		subps(fo, kc(f1), fo)
		v := eatC(k.h, c)
		var g ds
		if simplexGrad { // lineGradient times simplex1
			l := wlineGrad(wavalanche(v, false))
			gv := newv()
			mulps(gv, l, x)
			mulps(gv, gv, kc(simplex1))
			mulps(l, l, kc(simplex1))
			g = ds{gv, l}
		} else {
			g = ds{wbyteGradientA(wavalanchePre(v)), dz0}
		}
		sum = k.addS(sum, wkernelD(fo, [4]opnd{1: x}, g, []int{1}, false), false)
	}
	return sum
}

func (k *bk) simplex2D(simplexGrad bool) ds {
	short := tight()
	P, corners := k.simplexCell2()
	var sum ds
	for _, c := range corners {
		off, fo := wsimplexOffsets(P, []opnd{c[2], c[3]}, unskew2)
		v := eatC(src1(c[0]), c[1])
		var g ds
		if simplexGrad {
			g = wcircleS(wavalanche(v, false), off[0], off[1])
		} else {
			g = ds{wbyteGradientA(wavalanchePre(v)), dz0, nil, dz0}
		}
		sum = k.addS(sum, wkernelD(fo, [4]opnd{1: off[0], 3: off[1]}, g, []int{1, 3}, true), short)
	}
	return sum
}

// wcircleS is circleGradient times simplex2: with squareVectors and
// r = 1 / sqrt(gx² + gy²), v = ((gx·x + gy·z)·r)·simplex2,
// dx = (gx·r)·simplex2, dz = (gy·r)·simplex2.
func wcircleS(v vg, x, z opnd) ds {
	gx, gy := wsquareVectors(v)
	return wcircleGS(gx, gy, x, z)
}

// wcircleGS is wcircleS of the gradient vector (gx, gy) (registers, both
// overwritten).
func wcircleGS(gx, gy vg, x, z opnd) ds {
	r := wcircleR(gx, gy)
	dx, dz := newv(), newv()
	mulps(dx, gx, r)
	mulps(dx, dx, kc(simplex2))
	mulps(dz, gy, r)
	mulps(dz, dz, kc(simplex2))
	mulps(gx, gx, x)
	mulps(gy, gy, z)
	addps(gx, gx, gy)
	mulps(gx, gx, r)
	mulps(gx, gx, kc(simplex2))
	return ds{gx, dx, nil, dz}
}

func (k *bk) simplex3D(simplexGrad bool) ds {
	short := tight()
	Ps, corners := k.simplexCell3(true)
	var sum ds
	for _, c := range corners {
		off, fo := wsimplexOffsets(Ps, c.fl[:], unskew3)
		v := eatC(eatC(src1(c.h), c.cy), c.cz)
		var g ds
		if simplexGrad { // sphereGradient times simplex3
			gx, gy, gz := woctahedronVectors(v)
			g = wsphereS(gx, gy, gz, off[0], off[1], off[2])
		} else {
			g = ds{wbyteGradientA(wavalanchePre(v)), dz0, dz0, dz0}
		}
		sum = k.addS(sum, wkernelD(fo, [4]opnd{1: off[0], 2: off[1], 3: off[2]}, g, []int{1, 2, 3}, true), short)
	}
	return sum
}

// wsphereS is sphereGradient times simplex3 for the octahedron vector
// (gx, gy, gz) at the offset (x, y, z): with r = wsphereScale,
// v = (g·o)·r·simplex3 and the derivatives (g_i·r)·simplex3.
func wsphereS(gx, gy, gz vg, x, y, z opnd) ds {
	return wsphereSR(gx, gy, gz, wsphereScale(gx, gy, gz), x, y, z)
}

// wsphereSR is wsphereS with r given (read from s3rsqrt: s3sphereGather,
// s3sphereGatherAVX2).
func wsphereSR(gx, gy, gz, r vg, x, y, z opnd) ds {
	var d [3]vg
	for i, gi := range []vg{gx, gy, gz} {
		d[i] = newv()
		mulps(d[i], gi, r)
		mulps(d[i], d[i], kc(simplex3))
	}
	gv := wdot3(gx, gy, gz, x, y, z)
	mulps(gv, gv, r)
	mulps(gv, gv, kc(simplex3))
	return ds{gv, d[0], d[1], d[2]}
}

// The Voronoi derivative kernels (cpu.voronoi1D…3D for Worley and
// Chebyshev noise): the candidates one by one in the scalar order, each
// updating the minima (voronoiMinima.update: where s.v < a.v, b = a and
// a = s; else where s.v < b.v, b = s), so that ties keep the earlier
// candidate as the strict comparisons do; then the finalisation, the
// function and the frequency scale. A minimum keeps its distance and one
// code of the candidate: in 1D its derivative (signStep); in 2D and 3D the
// hash fields of its point and its cell (packCandidate), from which the
// offsets, and so the derivatives (dist2, dist3), are computed once after
// the walk, the same operations as the scalar code's. With f1only the
// kernel keeps the first minimum only.

// vmin is a minimum: its distance and code.
type vmin struct{ v, code vg }

// The packed code of a 2D candidate: its point's two bytes in bits 0–15
// (x, z), its cell's offsets plus one in bits 16–17 (x) and 18–19 (z); of
// a 3D candidate: its point's three 5-bit fields in bits 0–14 (x, y, z),
// its cell's offsets plus one in bits 17–18 (x), 19–20 (y) and 21–22 (z).
const (
	cellShift2 = 16
	cellShift3 = 17
)

func voronoiDerivBody(dims int, cheb, tiling, f1only bool) func(k *bk) ds {
	return func(k *bk) ds {
		cs := k.newVCells(dims, tiling)
		spill := tight()
		comps := derivComps(dims)
		// a and b: distance 2, code 0 (a minimum left at 2 has the
		// derivatives +0: 2D and 3D Worley finalise it so, and a Chebyshev
		// minimum is below 2: the own cell's points are within 1)
		newMin := func() vmin { return vmin{mov(kc(f2)), mov(kc(0))} }
		a := newMin()
		var b vmin
		if !f1only {
			b = newMin()
		}
		update := func(d, c vg) {
			lta := cmpps(1, d, a.v) // d < a.v
			if f1only {
				blend(a.code, lta, c, a.code)
				minps(a.v, d, a.v)
				return
			}
			ltb := cmpps(1, d, b.v) // d < b.v
			// b = ltb ? s : b; b = lta ? a : b; a = lta ? s : a
			blend(b.code, ltb, c, b.code)
			if wide() {
				blend(b.code, lta, a.code, b.code)
				blend(a.code, lta, c, a.code)
			} else {
				// where lta (and so ltb: a ≤ b), b is s now: a and b
				// swap, x = (a ⊕ b) ∧ lta, three logic instructions where
				// two blends are four or six micro-operations
				x := newv()
				xor(x, a.code, b.code)
				and(x, x, lta.v)
				xor(a.code, a.code, x)
				xor(b.code, b.code, x)
			}
			// the distances: b = min(b, max(a, d)); a = min(a, d) (equal
			// distances have equal bits: none is −0 or NaN)
			t := newv()
			maxps(t, a.v, d)
			minps(b.v, b.v, t)
			minps(a.v, a.v, d)
		}
		// cellCode is a cell's offsets (by axis, plus one) in a code
		cellCode := func(us ...int) uint32 {
			var c uint32
			for i, u := range us {
				c |= uint32(u) << (2 * i)
			}
			return c
		}
		switch dims {
		case 1:
			for _, u := range cellSteps {
				v := wavalanche(eatC(k.h, cs.index(0, u.i)), false)
				x := k.vjitter(wbyteUnit(v, 0, 8))
				addps(x, x, kc(u.f))
				subps(x, x, cs.gs[0])
				d := newv()
				absps(d, x)
				// signStep: (x < 0) ? +1 : −1; x is neither −0 nor NaN
				and(x, x, kc(signMask))
				xor(x, x, kc(fm1))
				update(d, x)
			}
		case 2:
			var zs, ozs [3]opnd
			for i, w := range cellSteps {
				zs[i] = k.fr.keep(cs.index(2, w.i), spill)
				ozs[i] = k.fr.keep(cs.cellOff(2, w.f), spill)
			}
			if !wide() { // the walk pipelined (widevpipe.go), the same candidates in the same order
				k.voronoiWalk2Pipe(cs, zs, ozs, cheb, func(cl vcell, pt int, d vg) {
					update(d, derivCode(cl.v, pt, 16, cellCode(cl.u, cl.i)<<cellShift2))
				})
				break
			}
			for iu, u := range cellSteps {
				hx := k.fr.keep(eatC(k.h, cs.index(0, u.i)), spill)
				ox := k.fr.keep(cs.cellOff(0, u.f), spill)
				for i := range cellSteps {
					v := wavalanche(eatC(hx, zs[i]), false)
					cc := kc(cellCode(iu, i) << cellShift2)
					for pt := 0; pt < 2; pt++ {
						x := k.vjitter(wbyteUnit(v, 16*pt, 8))
						z := k.vjitter(wbyteUnit(v, 16*pt+8, 8))
						addps(x, x, ox)
						addps(z, z, ozs[i])
						d := wdistance(cheb, x, z)
						c := newv()
						if pt == 0 {
							and(c, v, kc(0xFFFF))
						} else {
							srld(c, v, 16)
						}
						or(c, c, cc)
						update(d, c)
					}
				}
				k.fr.release(hx, ox)
			}
		case 3:
			var zs, ozs, ys, oys [3]opnd
			for i, w := range cellSteps {
				zs[i] = k.fr.keep(cs.index(2, w.i), spill)
				ozs[i] = k.fr.keep(cs.cellOff(2, w.f), spill)
			}
			for i, w := range cellSteps {
				ys[i] = k.fr.keep(cs.index(1, w.i), spill)
				oys[i] = k.fr.keep(cs.cellOff(1, w.f), spill)
			}
			if !wide() { // the walk pipelined (widevpipe.go), the same candidates in the same order
				k.voronoiWalk3Pipe(cs, zs, ozs, ys, oys, cheb, spill, func(cl vcell, pt int, d vg) {
					update(d, derivCode(cl.v, pt, 15, cellCode(cl.u, cl.j, cl.i)<<cellShift3))
				})
				break
			}
			for iu, u := range cellSteps {
				hx := k.fr.keep(eatC(k.h, cs.index(0, u.i)), spill)
				ox := k.fr.keep(cs.cellOff(0, u.f), spill)
				for j := range cellSteps {
					hy := k.fr.keep(eatC(hx, ys[j]), spill)
					for i := range cellSteps {
						v := wavalanche(eatC(hy, zs[i]), false)
						cc := kc(cellCode(iu, j, i) << cellShift3)
						for pt := 0; pt < 2; pt++ {
							x := k.vjitter(wbyteUnit(v, 15*pt, 5))
							y := k.vjitter(wbyteUnit(v, 15*pt+5, 5))
							z := k.vjitter(wbyteUnit(v, 15*pt+10, 5))
							addps(x, x, ox)
							addps(y, y, oys[j])
							addps(z, z, ozs[i])
							d := wdistance(cheb, x, y, z)
							c := newv()
							if pt == 0 {
								and(c, v, kc(0x7FFF))
							} else {
								srld(c, v, 15) // bits 15–16: bits 30–31 of v, not read
							}
							or(c, c, cc)
							update(d, c)
						}
					}
					k.fr.release(hy)
				}
				k.fr.release(hx, ox)
			}
		}
		// the samples of the minima
		mins := []vmin{a}
		if !f1only {
			mins = append(mins, b)
		}
		var res []ds
		for _, m := range mins {
			s := ds{m.v}
			switch {
			case dims == 1:
				s[1] = m.code
			default:
				off := cs.unpack(m.code, dims)
				if cheb {
					chebDecode(chebCode(off...), comps, &s)
				} else {
					for i, c := range comps {
						s[c] = off[i]
					}
					finalizeWorleyD(s)
				}
			}
			res = append(res, s)
		}
		s := res[0]
		if !f1only {
			s = k.vfunctionD(s, res[1])
		}
		scaleD(s, k.F)
		return s
	}
}

// derivCode is the packed code of point pt of a cell (v its avalanched
// hash, bits the width of a point's fields): the point's fields, v &
// (2^bits − 1) or v >> bits, or the cell's offsets cc, as the plain walk
// of voronoiDerivBody computes it.
func derivCode(v vg, pt, bits int, cc uint32) vg {
	c := newv()
	if pt == 0 {
		and(c, v, kc(1<<bits-1))
	} else {
		srld(c, v, uint8(bits))
	}
	or(c, c, kc(cc))
	return c
}

// unpack is the offsets from the sample of the point a packed code names,
// as the walk computes them: the point's coordinate (Floats01 or bits5)
// plus the cell's offset float(u) − g.
func (c *vcells) unpack(code vg, dims int) []vg {
	axes, bits, shift, inv := []int{0, 2}, 8, cellShift2, uint32(inv255)
	if dims == 3 {
		axes, bits, shift, inv = []int{0, 1, 2}, 5, cellShift3, inv31
	}
	var off []vg
	for i, a := range axes {
		x, u := newv(), newv()
		if i == 0 {
			and(x, code, kc(1<<bits-1))
		} else {
			srld(x, code, uint8(bits*i))
			and(x, x, kc(1<<bits-1))
		}
		cvtdq2ps(x, x)
		mulps(x, x, kc(inv))
		c.k.vjitter(x)
		srld(u, code, uint8(shift+2*i))
		and(u, u, kc(3))
		cvtdq2ps(u, u)
		subps(u, u, kc(f1u)) // float(u): −1, 0 or 1
		subps(u, u, c.gs[a])
		addps(x, x, u)
		off = append(off, x)
	}
	return off
}

// chebCode is the derivative of dist2 or dist3 for Chebyshev noise as a
// code: signStep·k on the first axis of the largest |offset| (the offsets
// c, spent here), k = 1, 2, 3 for x, y, z, z 3 in 2D too. The offsets are
// neither −0 nor NaN, a point's coordinates being +0 or more, so signStep
// is the sign bit: (c < 0) ? +k : −k.
func chebCode(c ...vg) vg {
	codes := []uint32{fm1, fm2, fm3}
	if len(c) == 2 {
		codes = []uint32{fm1, fm3}
	}
	ac := make([]vg, len(c))
	for i, r := range c { // c[i] becomes its code
		ac[i] = newv()
		absps(ac[i], r)
		and(r, r, kc(signMask))
		xor(r, r, kc(codes[i]))
	}
	if len(c) == 2 {
		gt := cmpps(1, ac[1], ac[0]) // |z| < |x|
		blend(c[1], gt, c[0], c[1])
		return c[1]
	}
	mx := mand(cmpps(1, ac[1], ac[0]), cmpps(1, ac[2], ac[0])) // |y| < |x| ∧ |z| < |x|
	yz := cmpps(1, ac[2], ac[1])                               // |z| < |y|
	blend(c[2], yz, c[1], c[2])
	blend(c[2], mx, c[0], c[2])
	return c[2]
}

// chebDecode sets the derivatives of s from a Chebyshev code: ±1, with the
// code's sign, on the axis |code| names, +0 on the others (and on all for
// the code +0 of the initial minimum).
func chebDecode(code vg, comps []int, s *ds) {
	ac, sg := newv(), newv()
	absps(ac, code)
	and(sg, code, kc(signMask))
	or(sg, sg, kc(f1)) // ±1
	for _, c := range comps {
		d := mov(sg)
		keepWhere(d, cmpps(0, ac, kc([]uint32{1: f1, 2: f2, 3: f3}[c]))) // |code| == k
		s[c] = d
	}
}

// finalizeWorleyD is finalizeWorley in place: v' = sqrt(min(v, 1)) (1 for
// v ≥ 1, +0 at v = 0), d' = −d/v' where 0 < v < 1, +0 elsewhere.
func finalizeWorleyD(s ds) {
	v := s[0].(vg)
	ok := mand(cmpps(1, v, kc(f1)), cmpps(4, v, kc(0))) // v < 1 ∧ v ≠ 0
	minps(v, v, kc(f1u))
	sqrtps(v, v)
	for _, c := range s[1:] {
		if c != nil {
			d := c.(vg)
			divps(d, d, v)
			xor(d, d, kc(signMask))
			keepWhere(d, ok)
		}
	}
}

// writeStoreSamples writes storeSamplesAVX2 (at either level: the
// stores, not the arithmetic, bound it): n samples (a multiple of 8) from
// a derivative kernel's output at src (v, dx, dy, dz, derivStride floats
// apart) to out as []noise.Sample holds them (20 bytes each: v, dx, dy,
// dz, dw), dw the bits m[9][0]; with domain set the derivatives first
// pass through the derivative matrix of m[0…8] (row-major, each value in
// eight lanes): ((m0·dx + m1·dy) + m2·dz) per row, as applyRow.
func writeStoreSamples() {
	cur, groups = isaAVX2, 1
	name := "storeSamplesAVX2"
	TEXT(name, NOSPLIT, "func(src, out *float32, n int, m *[10][8]float32, domain bool)")
	Pragma("noescape")
	Doc(name + " stores n samples of a derivative kernel's output as noise.Samples, through the derivative matrix m with domain.")
	src := Load(Param("src"), GP64())
	out := Load(Param("out"), GP64())
	n := Load(Param("n"), GP64())
	mp := Load(Param("m"), GP64())
	dw := GP32()
	MOVL(Mem{Base: mp, Disp: 9 * 32}, dw)
	dom := Load(Param("domain"), GP8())
	end := name + "_done"
	loop := func(domain bool) {
		lbl := map[bool]string{false: name + "_plain", true: name + "_domain"}[domain]
		i := GP64()
		XORQ(i, i)
		o := GP64()
		MOVQ(out, o)
		Label(lbl)
		CMPQ(i, n)
		JAE(LabelRef(end))
		var c [4]VecVirtual
		for j := range c {
			c[j] = YMM()
			VMOVUPS(Mem{Base: src, Index: i, Scale: 4, Disp: 4 * derivStride * j}, c[j])
		}
		if domain {
			var r [3]VecVirtual
			for row := range r {
				r[row] = YMM()
				t := YMM()
				VMULPS(Mem{Base: mp, Disp: 32 * (3 * row)}, c[1], r[row])
				VMULPS(Mem{Base: mp, Disp: 32 * (3*row + 1)}, c[2], t)
				VADDPS(t, r[row], r[row])
				VMULPS(Mem{Base: mp, Disp: 32 * (3*row + 2)}, c[3], t)
				VADDPS(t, r[row], r[row])
			}
			c[1], c[2], c[3] = r[0], r[1], r[2]
		}
		// transpose (v, dx, dy, dz) × 8 lanes into 8 samples
		t0, t1, t2, t3 := YMM(), YMM(), YMM(), YMM()
		VUNPCKLPS(c[1], c[0], t0) // v0 dx0 v1 dx1 | v4 dx4 v5 dx5
		VUNPCKHPS(c[1], c[0], t1) // v2 dx2 v3 dx3 | v6 …
		VUNPCKLPS(c[3], c[2], t2)
		VUNPCKHPS(c[3], c[2], t3)
		s0, s1, s2, s3 := YMM(), YMM(), YMM(), YMM()
		VSHUFPS(U8(0x44), t2, t0, s0) // sample 0 | sample 4
		VSHUFPS(U8(0xEE), t2, t0, s1) // 1 | 5
		VSHUFPS(U8(0x44), t3, t1, s2) // 2 | 6
		VSHUFPS(U8(0xEE), t3, t1, s3) // 3 | 7
		for j, q := range []VecVirtual{s0, s1, s2, s3} {
			VMOVUPS(q.AsX(), Mem{Base: o, Disp: 20 * j})
			VEXTRACTF128(U8(1), q, Mem{Base: o, Disp: 20 * (j + 4)})
		}
		for j := range 8 {
			MOVL(dw, Mem{Base: o, Disp: 20*j + 16})
		}
		ADDQ(U32(8), i)
		ADDQ(U32(160), o)
		JMP(LabelRef(lbl))
	}
	TESTB(dom, dom)
	JNZ(LabelRef(name + "_withdomain"))
	loop(false)
	Label(name + "_withdomain")
	loop(true)
	Label(end)
	VZEROUPPER()
	RET()
}

// writeStoreSamplesWide writes storeSamplesAVX512, storeSamplesAVX2 for
// n a multiple of 16 at the AVX-512 level: the 80 floats of 16 samples
// are five vectors, each two two-table permutations (of v and dx, of dy
// and dz) and two blends (the second of them for dw), stored whole.
func writeStoreSamplesWide() {
	cur, groups = isaAVX512, 1
	name := "storeSamplesAVX512"
	TEXT(name, NOSPLIT, "func(src, out *float32, n int, m *[10][8]float32, domain bool)")
	Pragma("noescape")
	Doc(name + " is storeSamplesAVX2 for n a multiple of 16, with AVX-512.")
	src := Load(Param("src"), GP64())
	out := Load(Param("out"), GP64())
	n := Load(Param("n"), GP64())
	mp := Load(Param("m"), GP64())
	dom := Load(Param("domain"), GP8())
	idxA, idxB, masks := storeTables()
	// the dw lanes' masks in registers, the others loaded where used
	var kw [5]OpmaskVirtual
	for j := range kw {
		kw[j] = K()
		KMOVW(masks.Offset(4*j+2), kw[j])
	}
	w := ZMM()
	VBROADCASTSS(Mem{Base: mp, Disp: 9 * 32}, w)
	end := name + "_done"
	loop := func(domain bool) {
		lbl := map[bool]string{false: name + "_plain", true: name + "_domain"}[domain]
		i := GP64()
		XORQ(i, i)
		o := GP64()
		MOVQ(out, o)
		Label(lbl)
		CMPQ(i, n)
		JAE(LabelRef(end))
		var c [4]VecVirtual
		for j := range c {
			c[j] = ZMM()
			VMOVUPS(Mem{Base: src, Index: i, Scale: 4, Disp: 4 * derivStride * j}, c[j])
		}
		if domain {
			var r [3]VecVirtual
			for row := range r {
				r[row] = ZMM()
				t := ZMM()
				VMULPS_BCST(Mem{Base: mp, Disp: 32 * (3 * row)}, c[1], r[row])
				VMULPS_BCST(Mem{Base: mp, Disp: 32 * (3*row + 1)}, c[2], t)
				VADDPS(t, r[row], r[row])
				VMULPS_BCST(Mem{Base: mp, Disp: 32 * (3*row + 2)}, c[3], t)
				VADDPS(t, r[row], r[row])
			}
			c[1], c[2], c[3] = r[0], r[1], r[2]
		}
		for j := range idxA {
			// the permutations overwrite the indices (loads, where a
			// permutation of the tables would need a copy of one)
			r, t := ZMM(), ZMM()
			VMOVUPS(idxA[j], r)
			VPERMI2PS(c[1], c[0], r)
			VMOVUPS(idxB[j], t)
			VPERMI2PS(c[3], c[2], t)
			k := K()
			KMOVW(masks.Offset(4*j), k)
			VBLENDMPS(t, r, k, r)
			VBLENDMPS(w, r, kw[j], r)
			VMOVUPS(r, Mem{Base: o, Disp: 64 * j})
		}
		ADDQ(U32(16), i)
		ADDQ(U32(320), o)
		JMP(LabelRef(lbl))
	}
	TESTB(dom, dom)
	JNZ(LabelRef(name + "_withdomain"))
	loop(false)
	Label(name + "_withdomain")
	loop(true)
	Label(end)
	VZEROUPPER()
	RET()
}
