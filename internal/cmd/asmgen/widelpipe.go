package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

// The lattice corners, software-pipelined (value and Perlin noise, 2D and
// 3D): a corner's hash (its eats and the avalanche's two dependent
// multiplies, about 40 cycles of latency) is written one or two corners
// before its gradient, dot product and lerp, so that the scheduler holds
// the next corners' multiply chains while the current corner's float work
// runs, instead of starting each chain only after the previous corner's
// float work (widevpipe.go does the same for the Voronoi cell walk). Every
// corner is computed as latticeBody computes it and the lerps take the
// same operands: only the order of independent instructions changes,
// never a result.

// lcorner is one corner of a lattice cell: its index (bit 0 the z or 2D
// second axis, bit 1 y, bit 2 x in 3D; bit 1 x in 2D) and its hash after
// the avalanche's multiplies (wavalanchePre), or the whole avalanche for
// Perlin 2D.
type lcorner struct {
	c int
	v vg
}

// lpipeDepth is how many corners ahead the hashes run: two where 32
// registers hold them (three for Perlin 3D, whose corners' float work is
// the longest: measured 1.09x over two), else one.
func lpipeDepth(dims int, perlin bool) int {
	switch {
	case wide() && perlin && dims == 3:
		return 3
	case wide():
		return 2
	}
	return 1
}

// latticeBodyPipe is latticeBody with the corners pipelined (1D is
// latticeBody's).
func latticeBodyPipe(dims int, perlin, tiling bool) func(k *bk) vg {
	if dims == 1 {
		return latticeBody(dims, perlin, tiling)
	}
	return func(k *bk) vg {
		spill := dims == 3 && tight() || lavx2(perlin) // widelpavx2.go
		var ax [3]latticeAxis
		order := [][]int{2: {2, 0}, 3: {1, 2, 0}}[dims]
		for _, a := range order {
			// Perlin 3D keeps the x axis in the frame too: the registers
			// hold the hashes ahead instead
			ax[a] = k.latticeAxis(k.pos[a], perlin, tiling, spill && (a != 0 || perlin))
		}
		x, y, z := ax[0], ax[1], ax[2]
		xb := func(c int) int { return c >> (dims - 1) } // the corner's x bit
		pick := func(b int, lo, hi opnd) opnd {
			if b == 0 {
				return lo
			}
			return hi
		}
		p3 := perlin && dims == 3 // lavx2Park: in the frame at AVX2 (widelpavx2.go)
		var hx opnd
		var hy vg
		hash := func(c int) lcorner {
			if c%(1<<(dims-1)) == 0 {
				hx = lavx2Park(k, eatM(k.h, pick(xb(c), x.c0, x.c1)), p3)
			}
			pre := hx
			if dims == 3 {
				if c%2 == 0 {
					hy = eatM(hx, pick(c>>1&1, y.c0, y.c1))
					if c&2 != 0 {
						k.fr.release(hx) // its last use
					}
				}
				pre = hy
			}
			v := eatM(pre, pick(c&1, z.c0, z.c1))
			if perlin && dims == 2 {
				return lcorner{c, wavalanche(v, false)}
			}
			return lcorner{c, wavalanchePre(v)}
		}
		value := func(lc lcorner) vg {
			c := lc.c
			if !perlin {
				return wbyteGradientA(lc.v)
			}
			ox := pick(xb(c), x.g0, x.g1)
			oz := pick(c&1, z.g0, z.g1)
			if dims == 2 {
				gx, gy := wsquareVectors(lc.v)
				mulps(gx, gx, ox)
				mulps(gy, gy, oz)
				addps(gx, gx, gy)
				mulps(gx, gx, kc(perlin2))
				return gx
			}
			gx, gy, gz := woctahedronVectorsPre(lc.v)
			d := wdot3(gx, gy, gz, ox, pick(c>>1&1, y.g0, y.g1), oz)
			mulps(d, d, kc(perlin3))
			return d
		}
		n := 1 << dims
		var prev, half [2]opnd // the last corner's value, the last pair's lerp
		var half0 opnd         // the x = 0 half (3D)
		var res vg
		pipeCorners(n, lpipeDepth(dims, perlin), hash, func(lc lcorner) {
			v := value(lc)
			c := lc.c
			if c&1 == 0 {
				prev[0] = lavx2Park(k, v, p3)
				return
			}
			l := wlerp(lavx2Take(k, prev[0]), v, z.t) // corners c − 1 and c along z
			if dims == 2 {
				if c == 1 {
					half[0] = l
					return
				}
				res = wlerp(half[0].(vg), l, x.t)
				return
			}
			if c&2 == 0 {
				half[1] = lavx2Park(k, l, p3)
				return
			}
			yl := wlerp(lavx2Take(k, half[1]), l, y.t) // along y
			if c == 3 {
				half0 = lavx2Park(k, yl, p3)
				return
			}
			res = wlerp(lavx2Take(k, half0), yl, x.t)
		})
		return res
	}
}

// eatM is eatC with dC as the addition's memory operand where it lives in
// the frame (h + dC is dC + h), instead of a load of its own.
func eatM(h, dC opnd) vg {
	if _, ok := h.(vg); !ok {
		return eatC(h, dC)
	}
	a := newv()
	addd(a, h, dC)
	rotl(a, a, 17)
	mulld(a, a, kc(primeD))
	return a
}

// pipeCorners evaluates corners 0 … n−1: hash(c) writes corner c's hash,
// value(c) the rest. Corner c + depth's hash is written before corner c's
// value.
func pipeCorners(n, depth int, hash func(c int) lcorner, value func(lcorner)) {
	var ahead []lcorner
	for c := 0; c < depth && c < n; c++ {
		ahead = append(ahead, hash(c))
	}
	for c := 0; c < n; c++ {
		if c+depth < n {
			ahead = append(ahead, hash(c+depth))
		}
		value(ahead[0])
		ahead = ahead[1:]
	}
}

// woctahedronVectorsPre is woctahedronVectors of a hash whose avalanche's
// multiplies are done (wavalanchePre), with a shorter fold of the same
// bits: with mo = min(gz, +0) (MINPS returns its second operand, +0, for
// gz = ±0), g + (mo ^ (g & sign)) is g + ((g < 0) ? off : −off) with
// off = max(−gz, +0) up to the sign of a zero addend, and g is never ±0
// (A·2/255 is never 1), so g + (+0) and g + (−0) are g alike.
func woctahedronVectorsPre(pre vg) (gx, gy, gz vg) {
	gy = wbyteGradient(pre, 24)
	gx, gz = wbyteGradientA(pre), newv()
	t, mo := newv(), newv()
	absps(t, gx)
	subps(gz, kc(f1), t)
	absps(t, gy)
	subps(gz, gz, t)
	minps(mo, gz, kc(0))
	// gx: t = (gx & sign) ^ mo
	and(t, gx, kc(signMask))
	xor(t, t, mo)
	addps(gx, gx, t)
	// gy: mo ^= gy & sign, in place (mo's last use)
	if wide() {
		for g := range mo {
			// imm 0x78: a ^ (b & c) with a = mo (the destination), b = gy,
			// c = the sign mask
			if c := kc(signMask); c.r != nil {
				VPTERNLOGD(U8(0x78), c.r, gy[g], mo[g])
			} else {
				VPTERNLOGD_BCST(U8(0x78), c.m, gy[g], mo[g])
			}
		}
	} else {
		and(t, gy, kc(signMask))
		xor(mo, mo, t)
	}
	addps(gy, gy, mo)
	return gx, gy, gz
}
