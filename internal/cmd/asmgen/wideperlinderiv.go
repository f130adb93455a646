package main

import (
	"fmt"
	"math"
)

// The Perlin lattice derivative kernels, 2D and 3D (not tiling), arranged
// as the Perlin value kernels (wideperlin.go): every lattice corner's hash
// chain is a chain of its own, written stage by stage, with the hash
// prefixes shared by the corners and each stage's constant in one
// register (sc). A corner's chains run group by group with the z pair's
// two corners side by side, so that a z pair's gradients are done
// together and lerped at once (pdLerp), its sample parked in the frame
// until its partner along y or x is done. Every corner, lerp and operand
// is cpu.lattice2D's and lattice3D's (latticeDerivBody's): only the order
// of independent instructions and where values live change, never a
// result, but for these exact rewrites:
//
//   - Perlin 3D: −gz as wideperlin.go computes it (nz = |gy| − (1 − |gx|),
//     the fold and the dot product with the negated z offsets), and the
//     corner's dz = gz·perlin3 as nz·(−perlin3): (−gz)·(−p) is gz·p bit
//     for bit (round to nearest is sign-symmetric), and nz is −gz because
//     gz is never ±0: |gx| + |gy| = 1 would need |A − 127.5| +
//     |D − 127.5| = 127.5 for the bytes A and D, a sum of two half
//     integers, never 127.5 (the float32 roundings are ~1e-7, the margin
//     0.5/127.5; checkPerlin3Gz checks all 65536 pairs whenever the
//     kernels are written);
//   - Perlin 2D: the square gradient's gx − round(gx) of wideperlin.go
//     (checkRoundHalf);
//   - a lerp along an axis shares the value's difference hi.v − lo.v
//     between the value's lerp and the axis derivative's term
//     (hi.v − lo.v)·dt (the same operation on the same operands), and the
//     sums a + t·(b − a) are written t·(b − a) + a (+ commutes).

// pdPlan is how a Perlin derivative kernel uses the registers at a level:
// cg corners' chains run together (of the 2^dims), their gradients sub
// chains at a time; the offsets and interpolators (spillOT), the hash
// prefixes (spillPre) and the z products (spillZ) live in the frame when
// set. The lerped samples waiting for their partner always do.
type pdPlan struct {
	groups, cg, sub           int
	spillOT, spillPre, spillZ bool
}

// pdPlans are the plans per dimension and level (false AVX2, true
// AVX-512), chosen by llvm-mca cycles per point (sapphirerapids at
// AVX-512, skylake at AVX2) and the CPU-time kernel benchmark
// (cpu.BenchmarkPerlinDerivKernel) on the loaded 2-vCPU Xeon. Tried and
// not kept: 2D at AVX-512 with two groups (14.7 cycles a point against
// 12.0) or gradients two chains at a time, or everything in the frame
// (no change); 3D at AVX-512 gradients two chains at a time (1.6% more
// llvm-mca cycles, the CPU time within the noise), all eight corners at
// a time or the prefixes or z products in registers (the registers do
// not suffice); 3D at AVX2 with one group of four corners (64.6 cycles a
// point against 52.3) or one chain at a time; 2D at AVX2 two chains at a
// time (3% more llvm-mca cycles, the CPU time within the noise).
var pdPlans = map[int]map[bool]pdPlan{
	2: {
		false: {groups: 2, cg: 2, sub: 1, spillOT: true, spillPre: true, spillZ: true},
		true:  {groups: 4, cg: 4, sub: 4, spillOT: true, spillPre: false, spillZ: false},
	},
	3: {
		false: {groups: 2, cg: 2, sub: 2, spillOT: true, spillPre: true, spillZ: true},
		true:  {groups: 2, cg: 4, sub: 4, spillOT: true, spillPre: true, spillZ: true},
	},
}

// pdPins are the constants the AVX-512 Perlin derivative kernels hold in
// registers through their loops (widepin.go).
var pdPins = map[string][]uint32{
	"perlinLattice3DDerivBatchAVX512": {primeD, primeB, primeC, f1, inv255x2, 0xFF, ^uint32(signMask), signMask},
	"perlinLattice2DDerivBatchAVX512": {primeD, primeB, primeC, f1, inv255x2, 0xFF},
}

func init() {
	for n, s := range pdPins {
		pinSets[n] = s
	}
}

// perlinDerivSpecs gives the Perlin lattice derivative kernels (2D and 3D,
// not tiling) perlinDerivBody.
func perlinDerivSpecs(specs []batchSpec) []batchSpec {
	for i, sp := range specs {
		for dims := 2; dims <= 3; dims++ {
			if sp.name == fmt.Sprintf("perlinLattice%dDBatch", dims) {
				specs[i].dbody = perlinDerivBody(dims)
				specs[i].dgroups = [2]int{pdPlans[dims][false].groups, pdPlans[dims][true].groups}
				specs[i].dslots = 40
			}
		}
	}
	return specs
}

// checkPerlin3Gz checks that the octahedron gradient's gz is never ±0
// (so that |gy| − (1 − |gx|) is −gz, sign included) for any bytes A, D.
func checkPerlin3Gz() {
	s := math.Float32frombits(inv255x2)
	for a := 0; a < 256; a++ {
		for d := 0; d < 256; d++ {
			gx := float32(float32(a)*s) - 1
			gy := float32(float32(d)*s) - 1
			ax, ay := float32(math.Abs(float64(gx))), float32(math.Abs(float64(gy)))
			if gz := float32(1-ax) - ay; gz == 0 {
				panic(fmt.Sprintf("asmgen: Perlin 3D gz = 0 for bytes %d, %d", a, d))
			}
		}
	}
}

// pdGrad3 is the corners' samples of Perlin 3D from their hashes pre
// (wavalanchePre), stage by stage: perlinGrad3's value, and the
// derivatives gx·perlin3, gy·perlin3 and nz·(−perlin3).
func pdGrad3(pre []vg, ox, oy, noz []opnd) []ds {
	n := len(pre)
	gx, gy, nz := perlinFolded3(pre)
	r := make([]ds, n)
	p := sc(perlin3)
	chains(n, func(i int) {
		dx, dy := newv(), newv()
		mulps(dx, gx[i], p)
		mulps(gx[i], gx[i], ox[i])
		mulps(dy, gy[i], p)
		mulps(gy[i], gy[i], oy[i])
		addps(gx[i], gx[i], gy[i])
		r[i] = ds{gx[i], dx, dy}
	})
	np := sc(perlin3 | signMask)
	chains(n, func(i int) {
		dz := newv()
		mulps(dz, nz[i], np)
		mulps(nz[i], nz[i], noz[i])
		addps(gx[i], gx[i], nz[i])
		mulps(gx[i], gx[i], p)
		r[i][3] = dz
	})
	return r
}

// pdGrad2 is the corners' samples of Perlin 2D from their hashes pre
// (wavalanchePre), stage by stage: perlinGrad2's value, and the
// derivatives gx·perlin2 and gy·perlin2.
func pdGrad2(pre []vg, ox, oz []opnd) []ds {
	n := len(pre)
	gx, gy := perlinSquare2(pre)
	r := make([]ds, n)
	p := sc(perlin2)
	chains(n, func(i int) {
		dx, dz := newv(), newv()
		mulps(dx, gx[i], p)
		mulps(dz, gy[i], p)
		mulps(gx[i], gx[i], ox[i])
		mulps(gy[i], gy[i], oz[i])
		addps(gx[i], gx[i], gy[i])
		mulps(gx[i], gx[i], p)
		r[i] = ds{gx[i], dx, nil, dz}
	})
	return r
}

// pdLerp is lerpS(lo, hi, t, dt, c) with hi in registers (overwritten:
// the result is in them) and lo anywhere: every component
// t·(hi − lo) + lo, the value's difference hi.v − lo.v shared with the
// axis term (hi.v − lo.v)·dt added to component c.
func pdLerp(lo, hi ds, t, dt opnd, c int) ds {
	d := hi[0].(vg)
	subps(d, d, lo[0])
	dd := newv()
	mulps(dd, d, dt)
	for i := 1; i < len(hi); i++ {
		if hi[i] == nil {
			continue
		}
		h := hi[i].(vg)
		subps(h, h, lo[i])
		mulps(h, h, t)
		addps(h, h, lo[i])
		if i == c {
			addps(h, h, dd)
		}
	}
	mulps(d, d, t)
	addps(d, d, lo[0])
	return hi
}

// perlinDerivBody is Perlin lattice noise of dims (2 or 3) dimensions and
// its derivatives (cpu.lattice2D, lattice3D), not tiling.
func perlinDerivBody(dims int) func(k *bk) ds {
	if dims == 2 {
		checkRoundHalf()
	} else {
		checkPerlin3Gz()
	}
	return func(k *bk) ds {
		pl := pdPlans[dims][wide()]
		G := groups
		order := [][]int{2: {2, 0}, 3: {1, 2, 0}}[dims]
		var c0 [3]vg
		var g0 [3]opnd
		var off [3][2]opnd // the offsets from the lower and upper corner (3D z: negated)
		var t, dt [3]opnd
		for _, a := range order {
			p0, g := wspan(k.pos[a], k.F)
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
				dt[a] = k.fr.keep(wsmoothDt(g0[a]), pl.spillOT)
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
			var hC vg
			chains(1, func(int) { hC = addc(k.h, kc(primeC)) })
			for _, h := range []opnd{k.h, cst{r: hC[0]}} {
				hs = append(hs, per(h)...)
				dc = append(dc, per(c0[0])...)
			}
			pre = eatPre(hs, dc, G)
		}
		next := func(a int) [2][]opnd { // the corners' products (c·C and c·C + C), per group
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
		// the corners, cg at a time, their chains ordered by z pair, then
		// group, then z bit; a pair's lerp along z as soon as its two
		// gradients are done, then those along y and x as their operands
		// are
		xa, za := 0, 2
		park := func(s ds) ds { return k.keepS(s, true) }
		take := func(s ds) { k.releaseS(s) }
		zl := make([][]ds, 1<<(dims-1)) // per pair and group
		yl := make([][]ds, 2)           // 3D: per x and group
		res := make([]ds, G)
		done := func(p, g int, s ds) {
			s = chainsS(func() ds { return pdLerpG(zl[p][g], s, t[za], dt[za], za+1, g) })
			if dims == 2 {
				if p == 0 {
					zl[p][g] = park(s)
					return
				}
				lo := zl[0][g]
				res[g] = chainsS(func() ds { return pdLerpG(lo, s, t[xa], dt[xa], xa+1, g) })
				take(lo)
				return
			}
			if p&1 == 0 {
				zl[p][g] = park(s)
				return
			}
			lo := zl[p-1][g]
			y := chainsS(func() ds { return pdLerpG(lo, s, t[1], dt[1], 2, g) })
			take(lo)
			if p>>1 == 0 {
				yl[0][g] = park(y)
				return
			}
			lo = yl[0][g]
			res[g] = chainsS(func() ds { return pdLerpG(lo, y, t[xa], dt[xa], xa+1, g) })
			take(lo)
		}
		for p := range zl {
			zl[p] = make([]ds, G)
		}
		yl[0] = make([]ds, G)
		for first := 0; first < 1<<dims; first += pl.cg {
			var hs, dc []opnd
			var ox, oy, oz []opnd
			type tag struct{ p, g, z int }
			var tags []tag
			for p := first >> 1; p < (first+pl.cg)>>1; p++ {
				for g := 0; g < G; g++ {
					for z := 0; z < 2; z++ {
						c := p<<1 | z
						hs = append(hs, pre[p][g])
						dc = append(dc, zc[z][g])
						ox = append(ox, per(off[xa][c>>(dims-1)])[g])
						oz = append(oz, per(off[za][z])[g])
						if dims == 3 {
							oy = append(oy, per(off[1][p&1])[g])
						}
						tags = append(tags, tag{p, g, z})
					}
				}
			}
			v := eatChains(hs, dc)
			if first == 0 {
				smooth()
			}
			avalancheChains(v)
			var lo ds // the z pair's lower corner
			for s := 0; s < len(v); s += pl.sub {
				e := min(s+pl.sub, len(v))
				var r []ds
				if dims == 3 {
					r = pdGrad3(v[s:e], ox[s:e], oy[s:e], oz[s:e])
				} else {
					r = pdGrad2(v[s:e], ox[s:e], oz[s:e])
				}
				for i, smp := range r {
					tg := tags[s+i]
					if tg.z == 0 {
						lo = smp
						continue
					}
					zl[tg.p][tg.g] = lo
					done(tg.p, tg.g, smp)
				}
			}
		}
		// the groups' samples as one
		var out ds
		for i := range res[0] {
			if res[0][i] == nil {
				continue
			}
			r := make(vg, G)
			for g := range r {
				r[g] = res[g][i].(vg)[0]
			}
			out[i] = r
		}
		scaleD(out, k.F) // F·(…)
		return k.combineD(out)
	}
}

// chainsS runs f with one register per operation (groups = 1).
func chainsS(f func() ds) ds {
	var r ds
	chains(1, func(int) { r = f() })
	return r
}

// pdLerpG is pdLerp for group g (groups = 1): t and dt are the group's
// operands of the G-group interpolators.
func pdLerpG(lo, hi ds, t, dt opnd, c, g int) ds {
	return pdLerp(lo, hi, oneG(t, g), oneG(dt, g), c)
}

// oneG is group g's operand of o (per, for groups = 1 code).
func oneG(o opnd, g int) opnd {
	switch v := o.(type) {
	case vg:
		return vg{v[g]}
	case slots:
		return slots{v[g]}
	}
	return o
}
