package main

import (
	"fmt"
	"strings"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The 4D batch derivative kernels: the twins of the 4D value kernels
// (wide4d.go) for cpu.Sampler.Samples4, with the derivative kernels' loop,
// mode word and output (widederiv.go), and a fifth component: out holds
// the value and the derivatives along x, y, z and w, derivStride floats
// apart, and with mode bit store the last octave writes whole samples to
// dst, dw included. They compute cpu.lattice4D (value and Perlin
// gradients, tiling too) and cpu.simplex4D (value and simplex gradients),
// then the fractal mode's shape (shapeSample) and the octave sum of every
// component, operation for operation.

// wtesseractS is evaluate4's tesseract gradient times scale from the
// avalanche's pre (wavalanchePre): the value (((gx·ox + gy·oy) + gz·oz) +
// gw·ow)·scale, the dot product as wtesseractDot computes it, and the
// derivatives g·scale: ±scale by the component's sign, +0 on the zero
// axis (a component of ±1 or +0 times scale is exact).
func wtesseractS(pre vg, o [4]opnd, scale uint32) ds {
	idx, zax := newv(), newv()
	srld(idx, pre, 27) // the gradient index
	srld(zax, pre, 30) // its zero axis
	var r ds
	var sum vg
	for a := uint32(0); a < 4; a++ {
		sg := newv()
		sllvd(sg, kc(tesseractSigns(a)), idx)
		and(sg, sg, kc(signMask)) // the component's sign
		m := cmpeqd(zax, kc(a))
		s := newv()
		xor(s, sg, o[a])
		andWhere(s, m, signMask) // +0·o: ±0 with o's sign
		if sum == nil {
			sum = s
		} else {
			addps(sum, sum, s)
		}
		xor(sg, sg, kc(scale))
		andWhere(sg, m, 0)
		r[a+1] = sg
	}
	mulps(sum, sum, kc(scale))
	r[0] = sum
	return r
}

// latticeDerivBody4 is cpu.lattice4D: the 16 corners' gradient samples
// (hashed Eat(x).Eat(y).Eat(z).Eat(w)) lerped along w, then z, y and x
// (lerpS: depth first, a pair of nodes at a time, as the scalar code's
// levels pair them), the derivatives times F, then evaluateCombined. The
// axes (but x at AVX-512), the hashes and the lower halves of each blend
// live in the frame.
func latticeDerivBody4(perlin, tiling bool) func(k *bk) ds {
	return func(k *bk) ds {
		var ax [4]latticeAxis
		for _, a := range []int{3, 2, 1, 0} {
			ax[a] = k.latticeAxisD(k.pos[a], perlin, tiling, tight() || a != 0, true)
		}
		corner := func(h vg, o [4]opnd) ds {
			pre := wavalanchePre(h)
			if !perlin { // valueGradient, the derivatives +0
				return ds{wbyteGradientA(pre), dz0, dz0, dz0, dz0}
			}
			return wtesseractS(pre, o, perlin4)
		}
		var reduce func(a int, hp opnd, o [4]opnd) ds
		reduce = func(a int, hp opnd, o [4]opnd) ds {
			var half [2]ds
			for j := range half {
				h := eatC(hp, [2]opnd{ax[a].c0, ax[a].c1}[j])
				oj := o
				if perlin {
					oj[a] = [2]opnd{ax[a].g0, ax[a].g1}[j]
				}
				if a == 3 {
					half[j] = corner(h, oj)
				} else {
					hk := k.fr.keep(h, true)
					half[j] = reduce(a+1, hk, oj)
					k.fr.release(hk)
				}
				if j == 0 {
					half[0] = k.keepS(half[0], true)
				}
			}
			r := lerpS(half[0], half[1], ax[a].t, ax[a].dt, a+1)
			k.releaseS(half[0])
			return r
		}
		s := regS(reduce(0, k.h, [4]opnd{}))
		scaleD(s, k.F) // F·(…)
		return k.combineD(s)
	}
}

// wkernelD4 is simplex4D's kernel on the falloff fo, the offsets x and the
// gradient sample g: v = (((fo·g.v)·fo)·fo)·m, d = ((((fo·g.d) −
// ((6·x)·g.v))·fo)·fo)·m per axis, m = maskNonNegative(fo, 8).
func wkernelD4(fo vg, x []vg, g ds) ds {
	m := newv()
	srad(m, fo, 31)    // all ones where the sign bit is set
	andn(m, m, kc(f8)) // 8 where it is clear, else +0
	var r ds
	for c := 1; c <= 4; c++ {
		t, u := newv(), newv()
		mulps(t, fo, mat(g[c]))
		mulps(u, x[c-1], kc(f6))
		mulps(u, u, g[0])
		subps(t, t, u)
		mulps(t, t, fo)
		mulps(t, t, fo)
		mulps(t, t, m)
		r[c] = t
	}
	v := newv()
	mulps(v, fo, g[0])
	mulps(v, v, fo)
	mulps(v, v, fo)
	mulps(v, v, m)
	r[0] = v
	return r
}

// simplexDerivBody4 is cpu.simplex4D: the cell (simplexCell4, in the
// frame), the five corners' kernels summed in order (sampleAdd), then
// evaluateCombined and the derivatives times F·0.6, rounded.
func simplexDerivBody4(simplexGrad bool) func(k *bk) ds {
	return func(k *bk) ds {
		cl := k.simplexCell4(true)
		var sum ds
		for c := 0; c <= 4; c++ {
			fl, cc := cl.corner(c)
			off, fo := wsimplexOffsets(cl.Ps, fl[:], unskew4)
			v := eatC(eatC(eatC(eatC(k.h, cc[0]), cc[1]), cc[2]), cc[3])
			pre := wavalanchePre(v)
			var g ds
			if simplexGrad {
				g = wtesseractS(pre, [4]opnd{off[0], off[1], off[2], off[3]}, simplex4)
			} else {
				g = ds{wbyteGradientA(pre), dz0, dz0, dz0, dz0}
			}
			sum = k.addS(sum, wkernelD4(fo, off, g), tight())
		}
		s := k.combineD(sum)
		kf := mov(k.F)
		mulps(kf, kf, kc(scale4))
		scaleD(s, kf)
		return s
	}
}

// storeDw stores the dw lanes of an AVX2 group of samples (storeInterleaved,
// 4D): lane j to the dw of the sample at base + 20j.
func storeDw(d VecVirtual, dst GPVirtual, base int) {
	at := func(j int) Mem { return Mem{Base: dst, Disp: base + 20*j + 16} }
	x := d.AsX()
	VMOVSS(x, at(0))
	for j := 1; j < 4; j++ {
		VEXTRACTPS(U8(j), x, at(j))
	}
	h := XMM()
	VEXTRACTF128(U8(1), d, h)
	VMOVSS(h, at(4))
	for j := 1; j < 4; j++ {
		VEXTRACTPS(U8(j), h, at(4+j))
	}
}

// storeDwWide puts the dw lanes of an AVX-512 group into output vector j
// of storeInterleaved (r, the lanes of mask k4): a permutation of d under
// the mask.
func storeDwWide(d VecVirtual, j int, k4 OpmaskVirtual, r VecVirtual) {
	var idx []uint32
	for p := 0; p < 16; p++ {
		e := 16*j + p
		var s uint32
		if e%5 == 4 {
			s = uint32(e / 5)
		}
		idx = append(idx, s)
	}
	t := ZMM()
	VMOVUPS(permTable(fmt.Sprintf("storeW%d", j), idx), t)
	VPERMPS(d, t, k4, r)
}

// writeRunDeriv4 writes runDeriv4, the call of the 4D derivative kernels
// at either level.
func writeRunDeriv4(b *strings.Builder, specs []batchSpec) {
	short := func(sp batchSpec) string { return strings.TrimSuffix(sp.name, "Batch") }
	b.WriteString(`
// runDeriv4 is run4 for kernel k's derivative twin: one octave of the
// value and the derivatives along x, y, z and w into out (derivStride
// floats apart), or with batchStore (in the last octave) into dst as
// []noise.Sample holds them.
func (k batchKernel) runDeriv4(wide bool, x, y, z, w, out *float32, n int, h uint32, f float32, amp, ampSum, pp float32, mode int32, dst *float32, tab *uint8) {
	if wide {
		switch k {
`)
	for _, sp := range specs {
		fmt.Fprintf(b, "\t\tcase bk%s:\n\t\t\t%sAVX512(x, y, z, w, out, n, h, f, amp, ampSum, pp, mode, dst%s)\n", strings.ToUpper(short(sp)[:1])+short(sp)[1:], sp.kernelName(true), tabArg(sp))
	}
	b.WriteString("\t\t}\n\t\treturn\n\t}\n\tswitch k {\n")
	for _, sp := range specs {
		fmt.Fprintf(b, "\tcase bk%s:\n\t\t%sAVX2(x, y, z, w, out, n, h, f, amp, ampSum, pp, mode, dst%s)\n", strings.ToUpper(short(sp)[:1])+short(sp)[1:], sp.kernelName(true), tabArg(sp))
	}
	b.WriteString("\t}\n}\n")
}
