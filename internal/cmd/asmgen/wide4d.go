package main

import (
	"fmt"
	"strings"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

// The 4D batch value kernels: lattice noise (value and Perlin gradients,
// tiling too) and simplex noise (value and simplex gradients), as
// cpu.latticeValue4D and cpu.simplexValue4D compute them before
// combineValue, lane by lane. They take a fourth coordinate array, w
// (kernels_batch_amd64.go's run4 calls them); their derivative twins
// (Samples4: runDeriv4) are in wide4dderiv.go.

// The 4D float32 constants (cpu/consts.go), as bits.
const (
	skew4    = 0x3E9E377A // (sqrt(5f) − 1f) / 4f
	unskew4  = 0x3E0D8369 // (5f − sqrt(5f)) / 20f
	scale4   = scale3     // 0.6f
	perlin4  = 0x3F269A7F // 1 / 1.53658233
	simplex4 = 0x40571F5B // 1 / (√3 · 0.171764560)
)

// batchSpecs4 lists the 4D batch kernels.
func batchSpecs4() []batchSpec {
	var specs []batchSpec
	for _, tiling := range []bool{false, true} {
		for _, perlin := range []bool{false, true} {
			t := map[bool]string{false: "", true: "Tiling"}[tiling]
			g := map[bool]string{false: "value", true: "perlin"}[perlin]
			specs = append(specs, batchSpec{
				name: fmt.Sprintf("%sLattice4D%sBatch", g, t), dims: 4,
				doc:     fmt.Sprintf("one octave of %slattice %s 4D noise over a batch (cpu.latticeValue4D, the combine step, the shape, the octave sum)", map[bool]string{false: "", true: "tiling "}[tiling], map[bool]string{false: "value", true: "Perlin"}[perlin]),
				slots:   24,
				groups:  [2]int{1, 2},
				body:    latticeBody4(perlin, tiling),
				ddoc:    fmt.Sprintf("one octave of %slattice %s 4D noise and its derivatives over a batch (cpu.lattice4D, the shape, the octave sum)", map[bool]string{false: "", true: "tiling "}[tiling], map[bool]string{false: "value", true: "Perlin"}[perlin]),
				dslots:  64,
				dgroups: [2]int{1, 2},
				dbody:   latticeDerivBody4(perlin, tiling),
			})
		}
	}
	for _, sg := range []bool{false, true} {
		g := map[bool]string{false: "value", true: "simplex"}[sg]
		specs = append(specs, batchSpec{
			name: fmt.Sprintf("%sSimplex4DBatch", g), dims: 4,
			doc:     fmt.Sprintf("one octave of simplex 4D noise with the %s gradient over a batch (cpu.simplexValue4D, the combine step, the shape, the octave sum)", g),
			slots:   24,
			groups:  [2]int{1, 2},
			body:    simplexBody4(sg),
			ddoc:    fmt.Sprintf("one octave of simplex 4D noise with the %s gradient and its derivatives over a batch (cpu.simplex4D, the shape, the octave sum)", g),
			dslots:  48,
			dgroups: [2]int{1, 2},
			dbody:   simplexDerivBody4(sg),
		})
	}
	return append(specs, permSpecs4()...)
}

// tesseractAxis is cpu.tesseractAxis: component a of the 4D gradient of
// index i (the avalanche's top five bits): 0 on axis i >> 3, else ±1 by
// one of the index's low three bits.
func tesseractAxis(i, a uint32) float32 {
	zero := i >> 3
	if a == zero {
		return 0
	}
	k := a
	if a > zero {
		k = a - 1
	}
	if (i>>(2-k))&1 != 0 {
		return -1
	}
	return 1
}

// tesseractSigns is, for axis a, the word whose bit 31 − i is set where
// component a of gradient i is −1: shifted left by i, its sign bit is
// that of the component (and the component's sign flips the offset).
func tesseractSigns(a uint32) uint32 {
	var w uint32
	for i := uint32(0); i < 32; i++ {
		if tesseractAxis(i, a) < 0 {
			w |= 1 << (31 - i)
		}
	}
	return w
}

// wtesseractDot is the tesseract gradient's dot product with the offsets
// o, from the avalanche's pre (wavalanchePre; its top 16 bits are the
// avalanche's): ((gx·ox + gy·oy) + gz·oz) + gw·ow. Each product with a
// component of ±1 or +0 is exact: the offset with its sign flipped where
// the component is −1, and +0·o (±0 with o's sign) on the zero axis.
func wtesseractDot(pre vg, o [4]opnd) vg {
	idx, zax := newv(), newv()
	srld(idx, pre, 27) // the gradient index
	srld(zax, pre, 30) // its zero axis
	var sum vg
	for a := uint32(0); a < 4; a++ {
		s := newv()
		sllvd(s, kc(tesseractSigns(a)), idx)
		and(s, s, kc(signMask))
		xor(s, s, src1(o[a]))
		andWhere(s, cmpeqd(zax, kc(a)), signMask)
		if sum == nil {
			sum = s
		} else {
			addps(sum, sum, s)
		}
	}
	return sum
}

// sllvd is d = a << b, lane by lane (a the value: a register, or loaded
// into d; b the counts).
func sllvd(d vg, a, b opnd) { op2(vop{f: VPSLLVD}, d, a, b) }

// cmpgtd is the mask of a > b (signed 32-bit integers).
func cmpgtd(a, b opnd) mask {
	m := newMask()
	for g := 0; g < groups; g++ {
		if c, ok := b.(cst); ok && c.bcst {
			VPCMPGTD_BCST(c.m, src(a, g, ZMM()), m.k[g])
		} else if wide() {
			VPCMPGTD(b.at(g), src(a, g, ZMM()), m.k[g])
		} else {
			VPCMPGTD(b.at(g), src(a, g, m.v[g]), m.v[g])
		}
	}
	return m
}

// andWhere is d = m ? d ∧ c : d, in place.
func andWhere(d vg, m mask, c uint32) {
	if !wide() {
		t := newv()
		and(t, m.v, kc(^c))
		andn(d, t, d)
		return
	}
	for g := range d {
		VPANDD_BCST(kc(c).m, d[g], m.k[g], d[g])
	}
}

// addWhere is d = m ? a + c : a, c's bits added as integers (fl false) or
// floats.
func addWhere(d vg, m mask, a opnd, c uint32, fl bool) {
	if !wide() {
		t := newv()
		and(t, m.v, kc(c))
		if fl {
			addps(d, a, t)
		} else {
			addd(d, a, t)
		}
		return
	}
	for g := range d {
		if r := src(a, g, d[g]); r != Op(d[g]) {
			VMOVUPS(r, d[g])
		}
		if fl {
			VADDPS_BCST(kc(c).m, d[g], m.k[g], d[g])
		} else {
			VPADDD_BCST(kc(c).m, d[g], m.k[g], d[g])
		}
	}
}

// countWhere is r += m ? ±1 : 0 on integers (up: +1).
func countWhere(r vg, m mask, up bool) {
	if !wide() {
		if up {
			subd(r, r, m.v) // a true lane is −1
		} else {
			addd(r, r, m.v)
		}
		return
	}
	one := uint32(1)
	if !up {
		one = ^uint32(0)
	}
	for g := range r {
		VPADDD_BCST(kc(one).m, r[g], m.k[g], r[g])
	}
}

// latticeBody4 is cpu.latticeValue4D before combineValue: the 16 corners
// (hashed Eat(x).Eat(y).Eat(z).Eat(w)), lerped along w, then z, y and x.
// Depth first: a pair of corners along w at a time.
func latticeBody4(perlin, tiling bool) func(k *bk) vg {
	return func(k *bk) vg {
		var ax [4]latticeAxis
		for _, a := range []int{3, 2, 1, 0} {
			ax[a] = k.latticeAxis(k.pos[a], perlin, tiling, a != 0 || tight())
		}
		x, y, z, w := ax[0], ax[1], ax[2], ax[3]
		corner := func(v vg, o [4]opnd) vg {
			pre := wavalanchePre(v)
			if !perlin {
				return wbyteGradientA(pre)
			}
			d := wtesseractDot(pre, o)
			mulps(d, d, kc(perlin4))
			return d
		}
		nodeW := func(h vg, ox, oy, oz opnd) vg {
			a := corner(eatC(h, w.c0), [4]opnd{ox, oy, oz, w.g0})
			b := corner(eatC(h, w.c1), [4]opnd{ox, oy, oz, w.g1})
			return wlerp(a, b, w.t)
		}
		nodeZ := func(h vg, ox, oy opnd) vg {
			a := nodeW(eatC(h, z.c0), ox, oy, z.g0)
			b := nodeW(eatC(h, z.c1), ox, oy, z.g1)
			return wlerp(a, b, z.t)
		}
		nodeY := func(h vg, ox opnd) vg {
			a := nodeZ(eatC(h, y.c0), ox, y.g0)
			b := nodeZ(eatC(h, y.c1), ox, y.g1)
			return wlerp(a, b, y.t)
		}
		a := nodeY(eatC(k.h, x.c0), x.g0)
		keepA := k.fr.keep(a, tight())
		b := nodeY(eatC(k.h, x.c1), x.g1)
		return wlerp(src1(keepA).(vg), b, x.t)
	}
}

// simplexBody4 is cpu.simplexValue4D before combineValue: the skewed
// cell's lower corner and the ranks of the axes' skewed fractions
// (getSimplexCell4), then the five corners, each on the axes of rank at
// least 4 − c one step up, their kernels summed in order.
func simplexBody4(simplexGrad bool) func(k *bk) vg {
	return func(k *bk) vg {
		cl := k.simplexCell4(tight())
		var sum opnd
		for c := 0; c <= 4; c++ {
			fl, cc := cl.corner(c)
			off, fo := wsimplexOffsets(cl.Ps, fl[:], unskew4)
			v := eatC(eatC(eatC(eatC(k.h, cc[0]), cc[1]), cc[2]), cc[3])
			pre := wavalanchePre(v)
			var g vg
			if simplexGrad {
				g = wtesseractDot(pre, [4]opnd{off[0], off[1], off[2], off[3]})
				mulps(g, g, kc(simplex4))
			} else {
				g = wbyteGradientA(pre)
			}
			kn := wkernelFalloff(fo, g)
			if sum == nil {
				sum = cl.keep(kn)
			} else {
				s := src1(sum).(vg)
				addps(s, s, kn)
				k.fr.release(sum)
				sum = cl.keep(s)
			}
		}
		return src1(sum).(vg)
	}
}

// cell4 is a 4D simplex cell (getSimplexCell4): the scaled position P,
// the lower corner (floats fl0, products with primeC c0) and the axes'
// ranks rk; keep holds a value (in the frame when spill).
type cell4 struct {
	Ps          []opnd
	fl0, c0, rk [4]opnd
	keep        func(v vg) opnd
}

// simplexCell4 is the scaled position P = clampCoord(p·(F·0.6)) and
// getSimplexCell4 of it, the values kept in the frame when spill.
func (k *bk) simplexCell4(spill bool) cell4 {
	keep := func(v vg) opnd { return k.fr.keep(v, spill) }
	kf := mov(k.F)
	mulps(kf, kf, kc(scale4))
	var P [4]vg
	for i := range P {
		P[i] = newv()
		mulps(P[i], k.pos[i], kf)
		clampc(P[i])
	}
	// getSimplexCell4
	sk := newv()
	addps(sk, P[0], P[1])
	addps(sk, sk, P[2])
	addps(sk, sk, P[3])
	mulps(sk, sk, kc(skew4))
	var fl0, c0, fr [4]opnd
	for i := range P {
		s := newv()
		addps(s, P[i], sk)
		fl := newv()
		floorps(fl, s)
		l := newv()
		cvttps2dq(l, fl)
		cvtdq2ps(fl, l) // float32(l0): +0 for a floor of −0
		c0[i] = keep(timesC(l))
		subps(s, s, fl)
		fl0[i] = keep(fl)
		fr[i] = keep(s)
	}
	var Ps []opnd
	for i := range P {
		Ps = append(Ps, keep(P[i]))
	}
	// the ranks: r0 = [x>y] + [x>z] + [x>w], r1 = 1 − [x>y] + [y>z] +
	// [y>w], r2 = 2 − [x>z] − [y>z] + [z>w], r3 = 3 − [x>w] − [y>w] − [z>w]
	var r [4]vg
	for i := range r {
		r[i] = mov(kc(uint32(i)))
	}
	for _, p := range [][2]int{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}} {
		m := cmpps(1, src1(fr[p[1]]), fr[p[0]]) // f_b < f_a
		countWhere(r[p[0]], m, true)
		countWhere(r[p[1]], m, false)
	}
	k.fr.release(fr[0], fr[1], fr[2], fr[3])
	var rk [4]opnd
	for i := range r {
		rk[i] = keep(r[i])
	}
	return cell4{Ps: Ps, fl0: fl0, c0: c0, rk: rk, keep: keep}
}

// corner is corner c (0–4) of the cell's simplex: on the axes of rank at
// least 4 − c one step up from the lower corner, as floats (fl) and
// products with primeC (cc).
func (cl cell4) corner(c int) (fl, cc [4]opnd) {
	for i := range fl {
		switch c {
		case 0:
			fl[i], cc[i] = cl.fl0[i], cl.c0[i]
		case 4:
			f, ci := newv(), newv()
			addps(f, src1(cl.fl0[i]), kc(f1))
			addd(ci, src1(cl.c0[i]), kc(primeC))
			fl[i], cc[i] = f, ci
		default:
			m := cmpgtd(src1(cl.rk[i]), kc(uint32(3-c))) // r ≥ 4 − c
			f, ci := newv(), newv()
			addWhere(f, m, cl.fl0[i], f1, true)
			addWhere(ci, m, cl.c0[i], primeC, false)
			fl[i], cc[i] = f, ci
		}
	}
	return fl, cc
}

// writeRun4 writes run4, the call of the 4D kernels at either level.
func writeRun4(b *strings.Builder, specs []batchSpec) {
	short := func(sp batchSpec) string { return strings.TrimSuffix(sp.name, "Batch") }
	b.WriteString(`
// run4 evaluates one octave of the 4D kernel k over n prepared positions
// (with the fourth coordinate array w) at the AVX-512 level (wide) or the
// AVX2 level; tab is the table of the kernels that read one (perm-value's),
// else unused.
func (k batchKernel) run4(wide bool, x, y, z, w, out *float32, n int, h uint32, f float32, amp, ampSum, pp float32, mode int32, tab *uint8) {
	if wide {
		switch k {
`)
	for _, sp := range specs {
		fmt.Fprintf(b, "\t\tcase bk%s:\n\t\t\t%sAVX512(x, y, z, w, out, n, h, f, amp, ampSum, pp, mode%s)\n", strings.ToUpper(short(sp)[:1])+short(sp)[1:], sp.name, tabArg(sp))
	}
	b.WriteString("\t\t}\n\t\treturn\n\t}\n\tswitch k {\n")
	for _, sp := range specs {
		fmt.Fprintf(b, "\tcase bk%s:\n\t\t%sAVX2(x, y, z, w, out, n, h, f, amp, ampSum, pp, mode%s)\n", strings.ToUpper(short(sp)[:1])+short(sp)[1:], sp.name, tabArg(sp))
	}
	b.WriteString("\t}\n}\n")
	writeRunDeriv4(b, specs)
}
