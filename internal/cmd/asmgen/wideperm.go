package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

// The perm-value batch kernels (cpu.permValue1D…3D, docs/algorithms.md
// §5.2): the blog's nested table lookups perm[(p & 255) + inner] as
// gathers (VPGATHERDD; at AVX-512 under an opmask), the interpolation in
// the blog's form (1 − t)·lo + t·hi, x first, and the finish 2n/255 − 1;
// the combine step's clamp is the finish's clamp (perm-value has no other
// combine step). The table argument tab is the Sampler's doubled
// 512-entry table; since perm[i + 256] = perm[i], the entry at
// (p & 255) + inner is the entry at (p + inner) & 255, so each gather reads
// a 32-bit word at a byte offset below 256 (inside the table) and keeps its
// low byte. The derivative kernels carry the derivatives of the axes
// interpolated so far through every lerp (permLerp), then scale them
// ((2d)/255)·F (permFinish).

const f255 = 0x437F0000 // 255

// permSpecs lists the perm-value kernels: 1D to 3D, normal and tiling
// (4D: permSpecs4).
func permSpecs() []batchSpec {
	var specs []batchSpec
	for _, tiling := range []bool{false, true} {
		t := map[bool]string{false: "", true: "Tiling"}[tiling]
		for dims := 1; dims <= 3; dims++ {
			specs = append(specs, batchSpec{
				name: fmt.Sprintf("permValue%dD%sBatch", dims, t), dims: dims,
				doc:     fmt.Sprintf("one octave of %sperm-value %dD noise over a batch (cpu.permValue%dD, the shape, the octave sum)", map[bool]string{false: "", true: "tiling "}[tiling], dims, dims),
				slots:   16,
				groups:  [2]int{1, 2},
				body:    permBody(dims, tiling),
				table:   true,
				ddoc:    fmt.Sprintf("one octave of %sperm-value %dD noise and its derivatives over a batch (cpu.permSample%dD, the shape, the octave sum)", map[bool]string{false: "", true: "tiling "}[tiling], dims, dims),
				dslots:  24,
				dgroups: [2]int{1, 2},
				dbody:   permDerivBody(dims, tiling),
			})
		}
	}
	return specs
}

// permSpecs4 lists the 4D perm-value kernels (batchSpecs4's), normal and
// tiling: permValue4D's nesting (w outermost, then z, y and x) is
// permBody's with a fourth axis.
func permSpecs4() []batchSpec {
	var specs []batchSpec
	for _, tiling := range []bool{false, true} {
		t := map[bool]string{false: "", true: "Tiling"}[tiling]
		specs = append(specs, batchSpec{
			name: fmt.Sprintf("permValue4D%sBatch", t), dims: 4,
			doc:     fmt.Sprintf("one octave of %sperm-value 4D noise over a batch (cpu.permValue4D, the shape, the octave sum)", map[bool]string{false: "", true: "tiling "}[tiling]),
			slots:   24,
			groups:  [2]int{1, 2},
			body:    permBody(4, tiling),
			table:   true,
			ddoc:    fmt.Sprintf("one octave of %sperm-value 4D noise and its derivatives over a batch (cpu.permSample4D, the shape, the octave sum)", map[bool]string{false: "", true: "tiling "}[tiling]),
			dslots:  48,
			dgroups: [2]int{1, 2},
			dbody:   permDerivBody(4, tiling),
		})
	}
	return specs
}

// tabArg is the dispatch's table argument of spec's kernel, if it reads one.
func tabArg(sp batchSpec) string {
	if sp.table {
		return ", tab"
	}
	return ""
}

// permAxis is one axis of a perm-value cell: the corners (wrapped when
// tiling) and the weights 1 − t and t.
type permAxis struct{ p0, p1, it, t, dt opnd }

// permAxis is the axis at p, with deriv also the interpolator's
// derivative dt.
func (k *bk) permAxis(p opnd, tiling, spill, deriv bool) permAxis {
	p0, g0 := wspan(p, k.F)
	t := wsmoothT(g0)
	var a permAxis
	if deriv {
		a.dt = wsmoothDt(g0)
	}
	p1 := wupper(p0, k.fi, tiling)
	it := newv()
	subps(it, kc(f1), t)
	a.p0, a.p1, a.it, a.t = p0, p1, it, t
	if spill {
		a.p0, a.p1, a.it, a.t = k.fr.keep(p0, true), k.fr.keep(p1, true), k.fr.keep(it, true), k.fr.keep(t, true)
		if deriv {
			a.dt = k.fr.keep(a.dt.(vg), true)
		}
	}
	return a
}

// permGather is perm[(p + inner) & 255] (inner nil: 0), an integer.
func (k *bk) permGather(p, inner opnd) vg {
	idx := newv()
	if inner == nil {
		and(idx, p, kc(255))
	} else {
		addd(idx, inner, p)
		and(idx, idx, kc(255))
	}
	d := newv()
	for g := range d {
		// the destination is read and written (merged where the mask is
		// clear): a definition first, so that it is not live before
		VMOVUPS(idx[g], d[g])
		m := Mem{Base: k.tab, Index: idx[g], Scale: 1}
		if wide() {
			// the gather clears its mask: a fresh all-ones mask each time
			km, ones := K(), GP32()
			MOVL(U32(0xffff), ones)
			KMOVW(ones, km)
			VPGATHERDD(m, km, d[g])
		} else {
			mk := YMM()
			VMOVUPS(kc(0xffffffff).m, mk)
			VPGATHERDD(mk, m, d[g])
		}
	}
	and(d, d, kc(255))
	return d
}

// permMix is (it·lo) + (t·hi), into lo.
func permMix(lo, hi vg, it, t opnd) vg {
	mulps(lo, lo, it)
	mulps(hi, hi, t)
	addps(lo, lo, hi)
	return lo
}

// permBody is perm-value noise of dims dimensions (1 to 4) before the
// clamp.
func permBody(dims int, tiling bool) func(k *bk) vg {
	return func(k *bk) vg {
		axes := [][]int{1: {0}, 2: {0, 2}, 3: {0, 1, 2}, 4: {0, 1, 2, 3}}[dims]
		var ax [4]permAxis
		for i, a := range axes {
			ax[a] = k.permAxis(k.pos[a], tiling, i > 0 && tight(), false)
		}
		// node is permNode of the axes axes[:i+1] under the index inner.
		var node func(i int, inner opnd) vg
		node = func(i int, inner opnd) vg {
			a := ax[axes[i]]
			if i == 0 {
				lo, hi := k.permGather(a.p0, inner), k.permGather(a.p1, inner)
				cvtdq2ps(lo, lo)
				cvtdq2ps(hi, hi)
				return permMix(lo, hi, a.it, a.t)
			}
			lo := node(i-1, k.permGather(a.p0, inner))
			hi := node(i-1, k.permGather(a.p1, inner))
			return permMix(lo, hi, a.it, a.t)
		}
		v := node(len(axes)-1, nil)
		mulps(v, v, kc(f2))
		divps(v, v, kc(f255))
		subps(v, v, kc(f1))
		return v
	}
}

// permDerivBody is cpu.permSample1D…4D: the value and the derivatives of
// the axes, the finish (the clamp is combineD's, whose combine step is
// none for perm-value).
func permDerivBody(dims int, tiling bool) func(k *bk) ds {
	return func(k *bk) ds {
		axes := [][]int{1: {0}, 2: {0, 2}, 3: {0, 1, 2}, 4: {0, 1, 2, 3}}[dims]
		comps := derivComps(dims)
		var ax [4]permAxis
		for i, a := range axes {
			ax[a] = k.permAxis(k.pos[a], tiling, i > 0 && tight(), true)
		}
		// node is permNode of the axes axes[:i+1] under the index inner:
		// the value and the derivatives of those axes, by component
		var node func(i int, inner opnd) ds
		node = func(i int, inner opnd) ds {
			a := ax[axes[i]]
			var lo, hi ds
			if i == 0 {
				l, h := k.permGather(a.p0, inner), k.permGather(a.p1, inner)
				cvtdq2ps(l, l)
				cvtdq2ps(h, h)
				lo[0], hi[0] = l, h
			} else {
				lo = k.keepS(node(i-1, k.permGather(a.p0, inner)), tight())
				hi = regS(node(i-1, k.permGather(a.p1, inner)))
			}
			// the axis's own derivative (hi.v − lo.v)·dt, before the lerps
			d := newv()
			subps(d, hi[0], lo[0])
			mulps(d, d, a.dt)
			var r ds
			for c := range lo {
				if lo[c] != nil {
					r[c] = permMix(own(lo[c]), hi[c].(vg), a.it, a.t)
				}
			}
			k.releaseS(lo)
			r[comps[i]] = d
			return r
		}
		s := regS(node(len(axes)-1, nil))
		for c, v := range s {
			if v == nil {
				continue
			}
			r := v.(vg)
			mulps(r, r, kc(f2))
			divps(r, r, kc(f255))
			if c == 0 {
				subps(r, r, kc(f1))
			} else {
				mulps(r, r, k.F)
			}
		}
		return k.combineD(s)
	}
}
