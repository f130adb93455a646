package main

import (
	"fmt"
	"strings"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

// The Voronoi kernels beyond F1, F2 and F2 − F1 at jitter 1: the other
// functions (F1 + F2, F1·F2, F1/F2: voronoiMinima.evaluate, after the same
// walk and finalisation; mode bits 8–10 hold the noise.Function code of
// every Voronoi kernel), a jitter other than 1 (the jitter kernels: every
// cell point's coordinate F becomes (F·jit) + jitC, cpu's jitter1, before
// the cell's offset is added), and the cell value (the cell kernels: the
// nearest point's hash, cpu.cellMinima, with the strict comparisons of the
// scalar walk, so that a tie keeps the earlier candidate). The cell
// kernels always apply the jitter: at jitter 1 the caller passes jit = 1
// and jitC = +0, and (F·1) + 0 is F bit for bit (F ≥ +0).

// vfnShift is the position of the Voronoi function's code in the mode word.
const vfnShift = 8

// vjitter is jitter1 in place when the kernel reads the jitter: (F·jit) +
// jitC.
func (k *bk) vjitter(F vg) vg {
	if k.jitOn {
		mulps(F, F, k.jit)
		addps(F, F, k.jitC)
	}
	return F
}

// vbits5 is jitter1(bits5(shift)): wbits5 then vjitter, or at AVX-512
// with a jitter the entry of a table of the 32 jittered values
// (float32(b)·inv31·jit) + jitC, each computed as the scalar code computes
// it, from frame slots (vbits5Table): the lookup costs what wbits5's does.
func (k *bk) vbits5(v vg, shift int) vg {
	if !k.jitOn || !wide() {
		return k.vjitter(wbits5(v, shift))
	}
	lo, hi := k.vbits5Table()
	r := newv()
	for g := range r {
		if shift == 0 {
			VMOVUPS(v[g], r[g])
		} else {
			VPSRLD(U8(shift), v[g], r[g])
		}
		t := ZMM()
		VMOVUPS(lo, t)
		VPERMI2PS(hi, t, r[g])
	}
	return r
}

// jtabs are the jittered bits5 tables of the kernels, in their frames.
var jtabs = map[*bk][2]Mem{}

// vbits5Table is the two halves of the jittered bits5 table of kernel k,
// computed at its first use in the loop body (four instructions an
// iteration) into two frame slots.
func (k *bk) vbits5Table() (lo, hi Mem) {
	if t, ok := jtabs[k]; ok {
		return t[0], t[1]
	}
	blo, bhi := bits5Table()
	var t [2]Mem
	for i, m := range []Mem{blo, bhi} {
		r := ZMM()
		VMOVUPS(m, r)
		VMULPS(k.jit.m, r, r)
		VADDPS(k.jitC.m, r, r)
		t[i] = k.fr.slot()
		VMOVUPS(r, t[i])
	}
	jtabs[k] = t
	return t[0], t[1]
}

// vfunctionJump loads the function code and jumps to the label of codes 1
// to 5 (code 0, F1, and anything else fall through to the returned end
// label, which the caller places).
func (k *bk) vfunctionJump(what string) (cases [6]string, end string) {
	end = k.label(what)
	for i := 1; i < len(cases); i++ {
		cases[i] = k.label(fmt.Sprintf("%s%d_", what, i))
	}
	m := GP32()
	MOVL(k.mode, m)
	SHRL(U8(vfnShift), m)
	ANDL(U32(7), m)
	JZ(LabelRef(end))
	for i := 1; i < len(cases); i++ {
		CMPL(m, U32(uint32(i)))
		JE(LabelRef(cases[i]))
	}
	JMP(LabelRef(end))
	return cases, end
}

// vfunction is the Voronoi function of the finalised minima A ≤ B
// (voronoiMinima.evaluate's value): F1 A, F2 B, F2 − F1 B − A, F1 + F2
// A + B, F1·F2 A·B, F1/F2 A/B (+0 where B is 0), into A.
func (k *bk) vfunction(A, B vg) vg {
	cases, end := k.vfunctionJump("fn")
	Label(cases[1])
	for g := range A {
		VMOVUPS(B[g], A[g])
	}
	JMP(LabelRef(end))
	Label(cases[2])
	subps(A, B, A)
	JMP(LabelRef(end))
	Label(cases[3])
	addps(A, A, B)
	JMP(LabelRef(end))
	Label(cases[4])
	mulps(A, A, B)
	JMP(LabelRef(end))
	Label(cases[5])
	z := cmpps(0, B, kc(0)) // B == 0
	divps(A, A, B)
	zeroWhere(A, z, A)
	Label(end)
	return A
}

// vfunctionD is vfunction with the derivatives of a (the sample of F1) and
// b (of F2), the operations of voronoiMinima.evaluate: the sum and
// difference per component, the product rule (da·b) + (a·db), the quotient
// rule q = a/b, (da − (q·db)) / b (every component +0 where b is 0). It
// returns the result in a's registers.
func (k *bk) vfunctionD(a, b ds) ds {
	a = regS(a)
	cases, end := k.vfunctionJump("dfn")
	each := func(f func(i int, av vg, bv opnd)) {
		for i := range a {
			if a[i] != nil {
				f(i, a[i].(vg), b[i])
			}
		}
	}
	comps := func(f func(i int, av vg, bv opnd)) {
		for i := 1; i < len(a); i++ {
			if a[i] != nil {
				f(i, a[i].(vg), b[i])
			}
		}
	}
	Label(cases[1])
	each(func(_ int, av vg, bv opnd) {
		for g := range av {
			if r := src(bv, g, av[g]); r != Op(av[g]) {
				VMOVUPS(r, av[g])
			}
		}
	})
	JMP(LabelRef(end))
	Label(cases[2])
	each(func(_ int, av vg, bv opnd) { subps(av, src1(bv), av) })
	JMP(LabelRef(end))
	Label(cases[3])
	each(func(_ int, av vg, bv opnd) { addps(av, av, bv) })
	JMP(LabelRef(end))
	Label(cases[4])
	av0, bv0 := a[0].(vg), b[0]
	comps(func(_ int, av vg, bv opnd) {
		t, u := newv(), newv()
		mulps(t, av, bv0) // da·b
		mulps(u, av0, bv) // a·db
		addps(av, t, u)
	})
	mulps(av0, av0, bv0)
	JMP(LabelRef(end))
	Label(cases[5])
	z := cmpps(0, bv0, kc(0)) // b == 0
	divps(av0, av0, bv0)      // q
	comps(func(_ int, av vg, bv opnd) {
		t := newv()
		mulps(t, av0, bv) // q·db
		subps(av, av, t)
		divps(av, av, bv0)
	})
	each(func(_ int, av vg, _ opnd) { zeroWhere(av, z, av) })
	Label(end)
	return a
}

// voronoiCellBody is the cell value (cpu.voronoi1D…3D with
// FunctionCellValue): the walk of the scalar code with one minimum and, as
// its code, the nearest candidate's cell hash with its point index fed in
// part: h + k·primeC, the sum Eat(k) starts from. After the walk the
// value is valueGradient(h.Eat(k).Avalanche()): rotl(code, 17)·primeD, the
// avalanche, (A·2/255) − 1.
func voronoiCellBody(dims int, cheb, tiling bool) func(k *bk) vg {
	return func(k *bk) vg {
		cs := k.newVCells(dims, tiling)
		spill := tight()
		av, code := mov(kc(f2)), mov(kc(0))
		update := func(d, c vg) {
			lt := cmpps(1, d, av) // d < a: strict, a tie keeps the earlier
			blend(code, lt, c, code)
			minps(av, d, av)
		}
		switch dims {
		case 1:
			for _, u := range cellSteps {
				hc := eatC(k.h, cs.index(0, u.i))
				v := wavalanche(mov(hc), false)
				d := k.vjitter(wbyteUnit(v, 0, 8))
				addps(d, d, kc(u.f))
				subps(d, d, cs.gs[0])
				absps(d, d)
				update(d, hc)
			}
		case 2:
			var zs, ozs [3]opnd
			for i, w := range cellSteps {
				zs[i] = k.fr.keep(cs.index(2, w.i), spill)
				ozs[i] = k.fr.keep(cs.cellOff(2, w.f), spill)
			}
			for _, u := range cellSteps {
				hx := k.fr.keep(eatC(k.h, cs.index(0, u.i)), spill)
				ox := k.fr.keep(cs.cellOff(0, u.f), spill)
				for i := range cellSteps {
					hc := eatC(hx, zs[i])
					v := wavalanche(mov(hc), false)
					for pt := 0; pt < 2; pt++ {
						x := k.vjitter(wbyteUnit(v, 16*pt, 8))
						z := k.vjitter(wbyteUnit(v, 16*pt+8, 8))
						addps(x, x, ox)
						addps(z, z, ozs[i])
						d := wdistance(cheb, x, z)
						if pt == 1 {
							addd(hc, hc, kc(primeC)) // point 1: h + primeC
						}
						update(d, hc)
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
			for _, u := range cellSteps {
				hx := k.fr.keep(eatC(k.h, cs.index(0, u.i)), spill)
				ox := k.fr.keep(cs.cellOff(0, u.f), spill)
				for j := range cellSteps {
					hy := k.fr.keep(eatC(hx, ys[j]), spill)
					for i := range cellSteps {
						hc := eatC(hy, zs[i])
						v := wavalanche(mov(hc), false)
						for pt := 0; pt < 2; pt++ {
							x := k.vbits5(v, 15*pt)
							y := k.vbits5(v, 15*pt+5)
							z := k.vbits5(v, 15*pt+10)
							addps(x, x, ox)
							addps(y, y, oys[j])
							addps(z, z, ozs[i])
							d := wdistance(cheb, x, y, z)
							if pt == 1 {
								addd(hc, hc, kc(primeC))
							}
							update(d, hc)
						}
					}
					k.fr.release(hy)
				}
				k.fr.release(hx, ox)
			}
		}
		e := newv()
		rotl(e, code, 17)
		mulld(e, e, kc(primeD))
		return wbyteGradient(wavalanche(e, false), 0)
	}
}

// voronoiCellDerivBody is the cell value with its derivatives: +0 on
// every axis of the noise (cellMinima.result), not scaled by the
// frequency; the shape and the octave sum treat them as the scalar code
// does.
func voronoiCellDerivBody(dims int, cheb, tiling bool) func(k *bk) ds {
	body := voronoiCellBody(dims, cheb, tiling)
	return func(k *bk) ds {
		s := ds{body(k)}
		for _, c := range derivComps(dims) {
			s[c] = mov(kc(0))
		}
		return s
	}
}

// voronoiMoreSpecs lists the jitter kernels (every function but the cell
// value, F1 included, at a jitter other than 1) and the cell kernels (the
// cell value at any jitter) of Worley and Chebyshev noise.
func voronoiMoreSpecs() []batchSpec {
	var specs []batchSpec
	tname := map[bool]string{false: "", true: "Tiling"}
	for _, tiling := range []bool{false, true} {
		for dims := 1; dims <= 3; dims++ {
			for _, cheb := range []bool{false, true} {
				if dims == 1 && cheb {
					continue // Chebyshev 1D is Worley 1D
				}
				metric := map[bool]string{false: "worley", true: "chebyshev"}[cheb]
				if dims == 1 {
					metric = "voronoi"
				}
				groups := [2]int{1, 2} // AVX2: registers; AVX-512 1D: no faster with two
				if dims == 1 {
					groups = [2]int{2, 1}
				}
				what := strings.ToLower(tname[tiling] + " ")
				specs = append(specs, batchSpec{
					name: fmt.Sprintf("%s%dD%sJitterBatch", metric, dims, tname[tiling]), dims: dims,
					doc:     fmt.Sprintf("one octave of %s%s Voronoi %dD noise with a jitter over a batch (cpu.voronoi%dD's value, the shape, the octave sum)", what, metric, dims, dims),
					voronoi: true,
					slots:   32,
					groups:  groups,
					body:    voronoiBody(dims, cheb, tiling, false),
					ddoc:    fmt.Sprintf("one octave of %s%s Voronoi %dD noise with a jitter and its derivatives over a batch (cpu.voronoi%dD, the shape, the octave sum)", what, metric, dims, dims),
					dslots:  24,
					dgroups: [2]int{1, 2},
					dbody:   voronoiDerivBody(dims, cheb, tiling, false),
					jitter:  true,
				}, batchSpec{
					name: fmt.Sprintf("%s%dD%sCellBatch", metric, dims, tname[tiling]), dims: dims,
					doc:     fmt.Sprintf("one octave of %s%s Voronoi %dD cell values over a batch (cpu.voronoi%dD's value, the shape, the octave sum)", what, metric, dims, dims),
					voronoi: true,
					slots:   32,
					groups:  groups,
					body:    voronoiCellBody(dims, cheb, tiling),
					ddoc:    fmt.Sprintf("one octave of %s%s Voronoi %dD cell values and their derivatives over a batch (cpu.voronoi%dD, the shape, the octave sum)", what, metric, dims, dims),
					dslots:  24,
					dgroups: [2]int{1, 2},
					dbody:   voronoiCellDerivBody(dims, cheb, tiling),
					jitter:  true,
				})
			}
		}
	}
	return specs
}
