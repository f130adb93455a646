package main

// The Voronoi cell walk, software-pipelined (both levels): the hash of a later
// cell is written before the distances of the current one, so that its
// chain of three dependent integer multiplies (about 40 cycles) is in the
// scheduler while the current cell's lookups, offsets and squares run,
// instead of after them. Every cell is still evaluated as the plain walk
// evaluates it, and its candidates reach the minima in the same order:
// only the order of independent instructions changes, never a result.

// vcell is one cell of the walk: its offsets on each axis (indexes into
// cellSteps) and its avalanched hash.
type vcell struct {
	u, j, i int
	v       vg
}

// pipeWalk evaluates cells 0 … n−1: hash(c) writes cell c's hash (the walk
// order), dist(c) its candidates. Cell c + 2's hash is written before cell
// c's candidates: two cells' hashes ahead, at AVX2 too (measured faster
// than one, for every Voronoi kernel the walk writes; 16 registers hold
// them, as voronoiWalk3Pipe keeps the hash prefixes of two groups in the
// frame).
func pipeWalk(n int, hash func(c int) vcell, dist func(c vcell)) {
	const depth = 2
	var ahead []vcell
	for c := 0; c < depth && c < n; c++ {
		ahead = append(ahead, hash(c))
	}
	for c := 0; c < n; c++ {
		if c+depth < n {
			ahead = append(ahead, hash(c+depth))
		}
		dist(ahead[0])
		ahead = ahead[1:]
	}
}

// voronoiWalk2Pipe is voronoiBody's 2D walk (offsets u on x, i on z),
// pipelined; zs and ozs are the z indexes and offsets. add gets each
// candidate with its cell (voronoiDerivBody reads the cell's hash and
// offsets for the minimum's code; at AVX2 c.v is the avalanched hash).
func (k *bk) voronoiWalk2Pipe(cs *vcells, zs, ozs [3]opnd, cheb bool, add func(c vcell, pt int, d vg)) {
	var hx vg
	oxs := [3]vg{}
	pipeWalk(9, func(c int) vcell {
		u, i := c/3, c%3
		if i == 0 {
			hx = eatC(k.h, cs.index(0, cellSteps[u].i))
		}
		if wide() { // the bytes from the hash before the last xor-shift (wideworley.go)
			return vcell{u: u, i: i, v: wavalanchePre(eatC(hx, zs[i]))}
		}
		return vcell{u: u, i: i, v: wavalanche(eatC(hx, zs[i]), false)}
	}, func(c vcell) {
		if c.i == 0 {
			oxs[c.u] = cs.cellOff(0, cellSteps[c.u].f)
		}
		var bytes [4]vg
		if wide() {
			bytes = wcellBytes(c.v)
		}
		for pt := 0; pt < 2; pt++ {
			var x, z vg
			if wide() {
				x, z = k.vjitter(bytes[2*pt]), k.vjitter(bytes[2*pt+1])
			} else {
				x = k.vjitter(wbyteUnit(c.v, 16*pt, 8))
				z = k.vjitter(wbyteUnit(c.v, 16*pt+8, 8))
			}
			addps(x, x, oxs[c.u])
			addps(z, z, ozs[c.i])
			add(c, pt, wdistance(cheb, x, z))
		}
	})
}

// voronoiWalk3Pipe is voronoiBody's 3D walk (offsets u on x, j on y, i on
// z), pipelined.
//
// At AVX2 with two groups (the F1 kernels) the hash prefixes hx and hy live
// in the frame: the 16 registers then hold the next cell's hash, the
// current one's, its three offsets and the minimum of each group.
func (k *bk) voronoiWalk3Pipe(cs *vcells, zs, ozs, ys, oys [3]opnd, cheb, spill bool, add func(c vcell, pt int, d vg)) {
	var hx, hy opnd
	var ox opnd
	hspill := !wide() && groups > 1
	pipeWalk(27, func(c int) vcell {
		u, j, i := c/9, c/3%3, c%3
		if j == 0 && i == 0 {
			hx = k.fr.keep(eatC(k.h, cs.index(0, cellSteps[u].i)), hspill)
		}
		if i == 0 {
			hy = k.fr.keep(eatC(hx, ys[j]), hspill)
			if j == 2 {
				k.fr.release(hx)
			}
		}
		v := wavalanche(eatC(hy, zs[i]), false)
		if i == 2 {
			k.fr.release(hy)
		}
		return vcell{u: u, j: j, i: i, v: v}
	}, func(c vcell) {
		if c.j == 0 && c.i == 0 {
			ox = k.fr.keep(cs.cellOff(0, cellSteps[c.u].f), spill)
		}
		for pt := 0; pt < 2; pt++ {
			x := k.vbits5(c.v, 15*pt)
			y := k.vbits5(c.v, 15*pt+5)
			z := k.vbits5(c.v, 15*pt+10)
			addps(x, x, ox)
			addps(y, y, oys[c.j])
			addps(z, z, ozs[c.i])
			add(c, pt, wdistance(cheb, x, y, z))
		}
		if c.j == 2 && c.i == 2 {
			k.fr.release(ox)
		}
	})
}

// pipeOK reports whether the kernel being written (dims dimensions, F1
// only or not) walks its cells pipelined: all at AVX-512; at AVX2 those of
// one group, the 2D ones of two, and the 3D F1 ones of two (one minimum
// per group and the hash prefixes in the frame: voronoiWalk3Pipe); 16
// registers hold two groups of the other 3D kernels pipelined no longer.
func pipeOK(dims int, f1only bool) bool { return wide() || groups == 1 || dims == 2 || f1only }
