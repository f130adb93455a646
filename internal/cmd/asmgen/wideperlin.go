package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

// The Perlin lattice kernels, 2D and 3D (not tiling), arranged as the
// exact C yardstick's perlin3_block (../shared/peers/limit/kernels.c) and
// as the value kernels (widevalue.go): every lattice corner's hash chain is
// a chain of its own, written stage by stage (each step of the eat, the
// avalanche and the gradient for all chains of a corner group before the
// next step), so that corners × groups independent multiply chains are in
// flight instead of the two or three corners ahead of latticeBodyPipe. The
// hash prefixes are shared by the corners (x·C once per axis, x eaten with
// h and h + C, in 3D y with y·C and y·C + C, the corners' last eat with z·C
// and z·C + C), and each stage's constant is read from one register by all
// its chains (sc). Every corner, lerp and operand is latticeBody's: only
// the order of independent instructions and where values live change,
// never a result, but for these exact rewrites (the yardstick's):
//
//   - Perlin 3D: gz·oz is (−gz)·(−oz) and −gz is |gy| − (1 − |gx|)
//     (round to nearest is sign-symmetric), so nz = −gz is computed
//     directly and feeds both the fold (off = max(nz, +0), +0 for nz = −0
//     as MAXPS returns its second operand on equality) and the dot product,
//     with the z offsets negated once per point: −g0 and 1 − g0
//     (= −(g0 − 1)). The fold g + (off | (¬g ∧ sign)) is
//     foldOctahedron's, one three-input logic instruction at AVX-512;
//   - Perlin 3D at AVX-512 (perlinGrad3Steps): byte D as D·2^24 (an AND
//     of the hash with 0xFF000000, converted as unsigned: exact, 8
//     significant bits below 2^32) times inv255x2·2^−24 (inv255x2D, a
//     normal float): the same real product as D·inv255x2, so the same
//     rounding, with no shift (port 0);
//   - Perlin 2D: gx − floor(gx + 0.5) of the square gradient is
//     gx − round(gx) (to nearest even), the same bits for each of the 256
//     bytes (checkRoundHalf checks it whenever the kernels are written).
//
// The tiling kernels (perlinBody with tiling) wrap the corners first
// (wupper): their upper corners' products are products of their own, and
// x is eaten with h for both corners (no h + C).

// perlinPlan is how a Perlin kernel uses the registers at a level: cg
// corners' chains run together (of the 2^dims), their gradients sub
// chains at a time; the offsets and interpolators (spillOT), the hash
// prefixes (spillPre), the z products (spillZ) and the lerps waiting for
// their partner (park) live in the frame.
type perlinPlan struct {
	groups, cg, sub           int
	spillOT, spillPre, spillZ bool
	park                      bool
	mix                       bool // the corners by perlinMixCorners
}

// perlinPlans are the plans per dimension and level (false AVX2, true
// AVX-512), chosen by llvm-mca cycles per point and the CPU-time kernel
// benchmark (cpu.BenchmarkPerlinKernel) on the loaded 2-vCPU Xeon. Tried
// and not kept: 2D at AVX-512 with two groups, or gradients four chains at
// a time; 3D at AVX-512 with all eight corners at a time, or without pinned
// constants; 3D at AVX2 with one group of four corners, or bytes A and D
// by VPSHUFB (port 5) instead of shifts (no win in the A/B); 3D at AVX-512
// mixed (perlinMixCorners) with units of one group (sub 2: −4 % in the
// A/B), the next unit's hash written twice as fast as the gradients (−2 %)
// or begun a third of the way into them (worse in llvm-mca), or with
// 0xFF000000 and inv255x2D pinned too (avo runs out of registers); 2D at
// AVX-512 mixed the same way, four or eight chains a unit (no gain in
// llvm-mca or in the A/B).
var perlinPlans = map[int]map[bool]perlinPlan{
	2: {
		false: {groups: 4, cg: 2, sub: 4, spillOT: true, spillPre: true, spillZ: true, park: true},
		true:  {groups: 4, cg: 4, sub: 8, spillOT: true, spillPre: false, spillZ: false},
	},
	3: {
		false: {groups: 2, cg: 2, sub: 2, spillOT: true, spillPre: true, spillZ: true, park: true},
		true:  {groups: 4, cg: 4, sub: 4, spillOT: true, spillPre: true, spillZ: true, mix: true},
	},
}

// perlinPins are the constants the AVX-512 Perlin kernels hold in
// registers through their loops (widepin.go).
var perlinPins = map[string][]uint32{
	"perlinLattice3DBatchAVX512": {primeD, primeB, primeC, f1, inv255x2, 0xFF, ^uint32(signMask), signMask},
	"perlinLattice2DBatchAVX512": {primeD, primeB, primeC, f1, inv255x2, 0xFF},
}

func init() {
	for n, s := range perlinPins {
		pinSets[n] = s
	}
}

// perlinSpecs gives the Perlin lattice kernels (2D and 3D) perlinBody;
// the tiling kernels keep their interleave (batchSpecs, groupOverride).
func perlinSpecs(specs []batchSpec) []batchSpec {
	for i, sp := range specs {
		for dims := 2; dims <= 3; dims++ {
			switch sp.name {
			case fmt.Sprintf("perlinLattice%dDBatch", dims):
				specs[i].body = perlinBody(dims, false)
				specs[i].groups = [2]int{perlinPlans[dims][false].groups, perlinPlans[dims][true].groups}
				specs[i].slots = 24
			case fmt.Sprintf("perlinLattice%dDTilingBatch", dims):
				specs[i].body = perlinBody(dims, true)
				specs[i].slots = 24
			}
		}
	}
	return specs
}

// perlinFold is g + (off | (¬g ∧ sign)), into g; off is consumed where
// last.
func perlinFold(g, off vg, last bool) {
	t := off
	if !last {
		t = newv()
		for j := range t {
			VMOVAPS(off[j], t[j])
		}
	}
	if wide() {
		s := kc(signMask)
		for j := range t {
			// imm 0xF2: a | (¬b ∧ c) with a = t (off), b = g, c = sign
			if s.r != nil {
				VPTERNLOGD(U8(0xF2), s.r, g[j], t[j])
			} else {
				VPTERNLOGD_BCST(U8(0xF2), s.m, g[j], t[j])
			}
		}
	} else {
		u := newv()
		andn(u, g, kc(signMask))
		or(t, t, u)
	}
	addps(g, g, t)
}

// perlinFolded3 is the octahedron gradient of the corners' hashes pre
// (wavalanchePre), stage by stage: bytes A and D to gx, gy in [−1, 1],
// nz = −gz = |gy| − (1 − |gx|), and gx, gy folded (perlinFold).
func perlinFolded3(pre []vg) (gx, gy, nz []vg) {
	n := len(pre)
	gx, gy, nz = make([]vg, n), make([]vg, n), make([]vg, n)
	m := sc(0xFF)
	chains(n, func(i int) { gx[i] = byteAc(pre[i], m) })
	chains(n, func(i int) { gy[i] = pre[i]; srld(gy[i], gy[i], 24) }) // byte D: bits 24–31 survive v ^= v >> 16
	chains(n, func(i int) { cvtdq2ps(gx[i], gx[i]); cvtdq2ps(gy[i], gy[i]) })
	s := sc(inv255x2)
	chains(n, func(i int) { mulps(gx[i], gx[i], s); mulps(gy[i], gy[i], s) })
	one := sc(f1)
	chains(n, func(i int) { subps(gx[i], gx[i], one); subps(gy[i], gy[i], one) })
	// nz = |gy| − (1 − |gx|)
	am := sc(^uint32(signMask))
	chains(n, func(i int) {
		a := newv()
		and(a, gx[i], am)
		subps(a, one, a)
		nz[i] = newv()
		and(nz[i], gy[i], am)
		subps(nz[i], nz[i], a)
	})
	chains(n, func(i int) {
		off := newv()
		maxps(off, nz[i], kc(0))
		perlinFold(gx[i], off, false)
		perlinFold(gy[i], off, true)
	})
	return gx, gy, nz
}

// perlinGrad3 is the corners' values of Perlin 3D from their hashes pre
// (wavalanchePre), stage by stage: the octahedron gradient of bytes A and
// D, folded, dotted with the corner's offsets (ox, oy and the negated z
// offset noz per chain), times perlin3.
func perlinGrad3(pre []vg, ox, oy, noz []opnd) []vg {
	n := len(pre)
	gx, gy, nz := perlinFolded3(pre)
	p := sc(perlin3)
	chains(n, func(i int) {
		mulps(gx[i], gx[i], ox[i])
		mulps(gy[i], gy[i], oy[i])
		addps(gx[i], gx[i], gy[i])
		mulps(nz[i], nz[i], noz[i])
		addps(gx[i], gx[i], nz[i])
		mulps(gx[i], gx[i], p)
	})
	return gx
}

// perlinSquare2 is the square gradient of the corners' hashes pre
// (wavalanchePre), stage by stage: byte A to gx in [−1, 1],
// gy = 0.5 − |gx|, then gx − round(gx) (checkRoundHalf).
func perlinSquare2(pre []vg) (gx, gy []vg) {
	n := len(pre)
	gx, gy = make([]vg, n), make([]vg, n)
	m := sc(0xFF)
	chains(n, func(i int) { gx[i] = byteAc(pre[i], m) })
	chains(n, func(i int) { cvtdq2ps(gx[i], gx[i]) })
	s := sc(inv255x2)
	chains(n, func(i int) { mulps(gx[i], gx[i], s) })
	one := sc(f1)
	chains(n, func(i int) { subps(gx[i], gx[i], one) })
	am, half := sc(^uint32(signMask)), sc(f0p5)
	chains(n, func(i int) {
		gy[i] = newv()
		and(gy[i], gx[i], am)
		subps(gy[i], half, gy[i])
	})
	chains(n, func(i int) {
		r := newv()
		roundne(r, gx[i])
		subps(gx[i], gx[i], r)
	})
	return gx, gy
}

// perlinGrad2 is the corners' values of Perlin 2D from their hashes pre
// (wavalanchePre), stage by stage: the square gradient of byte A dotted
// with the corner's offsets (ox, oz per chain), times perlin2.
func perlinGrad2(pre []vg, ox, oz []opnd) []vg {
	n := len(pre)
	gx, gy := perlinSquare2(pre)
	p := sc(perlin2)
	chains(n, func(i int) {
		mulps(gx[i], gx[i], ox[i])
		mulps(gy[i], gy[i], oz[i])
		addps(gx[i], gx[i], gy[i])
		mulps(gx[i], gx[i], p)
	})
	return gx
}

// perlinBody is Perlin lattice noise of dims (2 or 3) dimensions, tiling
// or not.
func perlinBody(dims int, tiling bool) func(k *bk) vg {
	if dims == 2 {
		checkRoundHalf()
	}
	return func(k *bk) vg {
		pl := perlinPlans[dims][wide()]
		G := groups
		order := [][]int{2: {2, 0}, 3: {1, 2, 0}}[dims]
		var c0, c1 [3]vg
		var g0 [3]opnd
		var off [3][2]opnd // the offsets from the lower and upper corner (3D z: negated)
		var t [3]opnd
		for _, a := range order {
			p0, g := wspan(k.pos[a], k.F)
			if tiling {
				p1 := wupper(p0, k.fi, true)
				c1[a] = timesC(p1)
			}
			c0[a] = timesC(p0)
			var lo, hi vg
			if dims == 3 && a == 2 {
				lo, hi = newv(), newv()
				xor(lo, g, kc(signMask)) // −g0
				subps(hi, kc(f1), g)     // −(g0 − 1)
				g0[a] = k.fr.keep(g, pl.spillOT)
			} else {
				lo, hi = g, wminus1(g)
				g0[a] = nil
			}
			off[a][0] = k.fr.keep(lo, pl.spillOT)
			off[a][1] = k.fr.keep(hi, pl.spillOT)
			if g0[a] == nil {
				g0[a] = off[a][0]
			}
		}
		smooth := func() {
			for _, a := range order {
				t[a] = k.fr.keep(wsmoothT(g0[a]), pl.spillOT)
				if dims == 3 && a == 2 {
					k.fr.release(g0[a])
				}
			}
		}
		// the prefixes: x eaten with h and h + C (pre[j], j the x bit),
		// then in 3D y with y·C and y·C + C (pre[j], j = x<<1 | y)
		var pre [][]opnd
		{
			var hs, dc []opnd
			if tiling {
				hs = append(per(k.h), per(k.h)...)
				dc = append(per(c0[0]), per(c1[0])...)
			} else {
				var hC vg
				chains(1, func(int) { hC = addc(k.h, kc(primeC)) })
				for _, h := range []opnd{k.h, cst{r: hC[0]}} {
					hs = append(hs, per(h)...)
					dc = append(dc, per(c0[0])...)
				}
			}
			pre = eatPre(hs, dc, G)
		}
		next := func(a int) [2][]opnd { // the corners' products (c·C and c·C + C), per group
			if tiling {
				return [2][]opnd{per(c0[a]), per(c1[a])}
			}
			u := newv()
			addd(u, c0[a], kc(primeC))
			return [2][]opnd{per(c0[a]), per(u)}
		}
		if dims == 3 {
			yc := next(1)
			pre = eatY(pre, yc, G)
		}
		zc := next(2)
		for j := range pre {
			for g := range pre[j] {
				pre[j][g] = k.fr.keep(pre[j][g].(vg), pl.spillPre)
			}
		}
		for j := range zc {
			for g := range zc[j] {
				zc[j][g] = k.fr.keep(zc[j][g].(vg), pl.spillZ)
			}
		}
		xa, za := 0, 2
		if pl.mix && dims == 3 && !tiling {
			var sm steps
			for _, a := range order {
				sm = append(sm, func() {
					t[a] = k.fr.keep(wsmoothT(g0[a]), pl.spillOT)
					if a == 2 {
						k.fr.release(g0[a])
					}
				})
			}
			return perlinMixCorners(k, pre, zc, off, &t, sm, pl)
		}
		xb := func(c int) int { return c >> (dims - 1) }
		// the corners, cg at a time; the lerps as their operands are done
		n := make([]vg, 1<<dims)
		var l [4]opnd // 3D: the z lerps; 2D: l[0], l[1]
		var yl [2]opnd
		park := func(v vg) opnd { return k.fr.keep(v, pl.park) }
		for first := 0; first < 1<<dims; first += pl.cg {
			var hs, dc []opnd
			var ox, oy, oz []opnd
			for c := first; c < first+pl.cg; c++ {
				hs = append(hs, pre[c>>1]...)
				dc = append(dc, zc[c&1]...)
				for g := 0; g < G; g++ {
					ox = append(ox, per(off[xa][xb(c)])[g])
					oz = append(oz, per(off[za][c&1])[g])
					if dims == 3 {
						oy = append(oy, per(off[1][c>>1&1])[g])
					}
				}
			}
			v := eatChains(hs, dc)
			if first == 0 {
				smooth()
			}
			avalancheChains(v)
			var vals []vg
			for s := 0; s < len(v); s += pl.sub {
				e := min(s+pl.sub, len(v))
				if dims == 3 {
					vals = append(vals, perlinGrad3(v[s:e], ox[s:e], oy[s:e], oz[s:e])...)
				} else {
					vals = append(vals, perlinGrad2(v[s:e], ox[s:e], oz[s:e])...)
				}
			}
			for c := first; c < first+pl.cg; c++ {
				n[c] = make(vg, G)
				for g := 0; g < G; g++ {
					n[c][g] = vals[(c-first)*G+g][0]
				}
			}
			// the lerps now possible
			for c := first + 1; c < first+pl.cg; c += 2 {
				j := c >> 1
				lz := wlerp(n[c-1], n[c], t[za])
				if dims == 2 {
					if j == 0 {
						l[0] = park(lz)
						continue
					}
					return wlerp(lavx2Take(k, l[0]), lz, t[xa])
				}
				if j&1 == 0 {
					l[j] = park(lz)
					continue
				}
				y := wlerp(lavx2Take(k, l[j-1]), lz, t[1])
				if j == 1 {
					yl[0] = park(y)
					continue
				}
				return wlerp(lavx2Take(k, yl[0]), y, t[xa])
			}
		}
		panic("asmgen: perlinBody: no result")
	}
}

// steps is a stream of instructions as closures, each a small step of one
// chain (or a lerp), so that two independent streams can be interleaved
// (mergeSteps) instead of written one after the other.
type steps []func()

// stage adds step f of every chain i < n, each run with one register per
// operation (chains).
func (s *steps) stage(n int, f func(i int)) {
	for i := 0; i < n; i++ {
		i := i
		*s = append(*s, func() { chains(1, func(int) { f(i) }) })
	}
}

// mergeSteps writes a and b interleaved in proportion to their lengths,
// each stream in its own order.
func mergeSteps(a, b steps) {
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		if j >= len(b) || (i < len(a) && i*len(b) <= j*len(a)) {
			a[i]()
			i++
		} else {
			b[j]()
			j++
		}
	}
}

// perlinHashSteps is eatChains then avalancheChains of the chains
// hs[i].Eat(dc[i]) as steps, the results in v.
func perlinHashSteps(v []vg, hs, dc []opnd) steps {
	var s steps
	n := len(v)
	s.stage(n, func(i int) { v[i] = addc(hs[i], dc[i]) })
	s.stage(n, func(i int) { rotl(v[i], v[i], 17) })
	s.stage(n, func(i int) { mulld(v[i], v[i], kc(primeD)) })
	xs := func(sh uint8) {
		s.stage(n, func(i int) {
			t := newv()
			srld(t, v[i], sh)
			xor(v[i], v[i], t)
		})
	}
	xs(15)
	s.stage(n, func(i int) { mulld(v[i], v[i], kc(primeB)) })
	xs(13)
	s.stage(n, func(i int) { mulld(v[i], v[i], kc(primeC)) })
	return s
}

// inv255x2D is inv255x2·2^−24, a normal float: (D·2^24)·inv255x2D is
// D·inv255x2 scaled by 2^0, the same real number, so the same rounding.
const inv255x2D = inv255x2 - 24<<23

// perlinGrad3Steps is perlinGrad3 as steps (AVX-512), the values into out (out[i]
// is set by the last step of chain i).
func perlinGrad3Steps(pre []vg, ox, oy, noz []opnd, out []vg) steps {
	var s steps
	n := len(pre)
	gx, gy, nz := make([]vg, n), make([]vg, n), make([]vg, n)
	s.stage(n, func(i int) { gx[i] = byteAc(pre[i], kc(0xFF)) })
	// byte D in place, D·2^24 (an AND instead of a shift: off port 0)
	s.stage(n, func(i int) { gy[i] = pre[i]; and(gy[i], gy[i], kc(0xFF000000)) })
	s.stage(n, func(i int) {
		cvtdq2ps(gx[i], gx[i])
		VCVTUDQ2PS(gy[i][0], gy[i][0]) // D·2^24 < 2^32 with 8 significant bits: exact
	})
	s.stage(n, func(i int) { mulps(gx[i], gx[i], kc(inv255x2)); mulps(gy[i], gy[i], kc(inv255x2D)) })
	s.stage(n, func(i int) { subps(gx[i], gx[i], kc(f1)); subps(gy[i], gy[i], kc(f1)) })
	// nz = |gy| − (1 − |gx|)
	s.stage(n, func(i int) {
		a := newv()
		and(a, gx[i], kc(^uint32(signMask)))
		subps(a, kc(f1), a)
		nz[i] = newv()
		and(nz[i], gy[i], kc(^uint32(signMask)))
		subps(nz[i], nz[i], a)
	})
	s.stage(n, func(i int) {
		off := newv()
		maxps(off, nz[i], kc(0))
		perlinFold(gx[i], off, false)
		perlinFold(gy[i], off, true)
	})
	s.stage(n, func(i int) {
		mulps(gx[i], gx[i], ox[i])
		mulps(gy[i], gy[i], oy[i])
		addps(gx[i], gx[i], gy[i])
		mulps(nz[i], nz[i], noz[i])
		addps(gx[i], gx[i], nz[i])
		mulps(gx[i], gx[i], kc(perlin3))
		out[i] = gx[i]
	})
	return s
}

// groupSpan is groups g0 to g1 − 1 of o.
func groupSpan(o opnd, g0, g1 int) opnd {
	switch v := o.(type) {
	case vg:
		return v[g0:g1]
	case slots:
		return v[g0:g1]
	}
	return o
}

// perlinMixCorners is the corners and lerps of Perlin 3D (not tiling) as
// units of sub chains: the corners 2p and 2p + 1 of sub/2 of the groups
// (a block), block after block, the hash of each unit interleaved with
// the gradients and lerps of the unit before (mergeSteps): the hash
// chains' integer multiplies, shifts and rotates (port 0) mixed with the
// gradients' float work (ports 0 and 5) in the scheduler's window instead
// of stage after stage of one kind, and a block's hashes under way while
// the block before finishes. The same instructions as the corners of
// perlinBody, in another order of independent steps: no result changes.
func perlinMixCorners(k *bk, pre [][]opnd, zc [2][]opnd, off [3][2]opnd, t *[3]opnd, smooth steps, pl perlinPlan) vg {
	G := groups
	gb := pl.sub / 2 // groups per block
	type unit struct{ p, g0 int }
	var us []unit
	for g0 := 0; g0 < G; g0 += gb {
		for p := 0; p < 4; p++ {
			us = append(us, unit{p, g0})
		}
	}
	hv := make([][]vg, len(us))
	hash := func(u int) steps {
		var hs, dc []opnd
		for c := 2 * us[u].p; c < 2*us[u].p+2; c++ {
			hs = append(hs, pre[c>>1][us[u].g0:us[u].g0+gb]...)
			dc = append(dc, zc[c&1][us[u].g0:us[u].g0+gb]...)
		}
		hv[u] = make([]vg, len(hs))
		return perlinHashSteps(hv[u], hs, dc)
	}
	res := make(vg, 0, G)
	var l0, yl opnd
	grad := func(u int) steps {
		p, g0 := us[u].p, us[u].g0
		var ox, oy, oz []opnd
		for c := 2 * p; c < 2*p+2; c++ {
			for g := g0; g < g0+gb; g++ {
				ox = append(ox, per(off[0][c>>2])[g])
				oy = append(oy, per(off[1][c>>1&1])[g])
				oz = append(oz, per(off[2][c&1])[g])
			}
		}
		vals := make([]vg, 2*gb)
		s := perlinGrad3Steps(hv[u], ox, oy, oz, vals)
		s = append(s, func() {
			defer func(g int) { groups = g }(groups)
			groups = gb
			park := func(v vg) opnd { return k.fr.keep(v, pl.park) }
			var n [2]vg
			for j := range n {
				for g := 0; g < gb; g++ {
					n[j] = append(n[j], vals[j*gb+g][0])
				}
			}
			tt := func(a int) opnd { return groupSpan(t[a], g0, g0+gb) }
			lz := wlerp(n[0], n[1], tt(2))
			switch p {
			case 0, 2:
				l0 = park(lz)
			case 1:
				yl = park(wlerp(lavx2Take(k, l0), lz, tt(1)))
			case 3:
				y := wlerp(lavx2Take(k, l0), lz, tt(1))
				res = append(res, wlerp(lavx2Take(k, yl), y, tt(0))...)
			}
		})
		return s
	}
	mergeSteps(hash(0), smooth)
	for u := range us {
		var next steps
		if u+1 < len(us) {
			next = hash(u + 1)
		}
		mergeSteps(grad(u), next)
	}
	return res
}
