package main

import (
	"strings"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

// The value lattice kernels, 2D and 3D (not tiling), arranged as the exact
// C yardstick's value2_block and value3_block (../shared/peers/limit/
// kernels.c): every lattice corner's hash chain is a chain of its own, and
// the corners of every group are written stage by stage (each step of the
// eat and the avalanche for all chains before the next step), so that
// corners × groups independent multiply chains are in flight instead of
// the one or two corners ahead of latticeBodyPipe. The hash prefixes are
// shared by the corners: x·C once per axis, the x level eaten with h and
// with h + C (hoisted before the loop: h + (x0 + 1)·C is (h + C) + x0·C,
// mod 2^32), in 3D the y level with y·C and y·C + C, and the corners'
// last eat with z·C and z·C + C. The byte's value is
// float(A)·(2·inv255) − 1 (wbyteGradientA). Every corner, lerp and
// operand is latticeBody's: only the order of independent instructions
// and where values live change, never a result. Besides:
//
//   - a stage's constant (primeD, primeB, primeC, 0xFF, 2·inv255, 1) is
//     read from one register by all its chains (sc), not as a memory
//     operand per chain: at AVX2 that took 82 loads out of the 2D loop;
//   - the interpolators are written after the first corner eats, as the
//     C compiler schedules them: they are needed only by the lerps, and
//     written first they take ports 0 and 1 from the hash chains;
//   - interleave (measured, kernel-only A/B on the loaded 2-vCPU Xeon,
//     and llvm-mca): value 2D four groups at both levels (at AVX2 two
//     corners at a time: eight chains in 16 registers), value 3D two.
//
// Tried and not kept (no win in the A/B): at AVX2 rotl(v, 17) as a VPSHUFB
// rotation by 16 and (y + y) | (y >> 31), and byte 2 by VPSHUFB instead
// of a shift (fewer micro-ops on ports 0 and 1, longer chains); value 3D
// at AVX-512 with four corners at a time, or four groups.

// valueCG is the number of corners whose chains run together, per level
// and dimension: 2D all four, two at AVX2 with four groups; 3D four at
// AVX2 (16 registers: two groups of four chains and their temporaries)
// and all eight at AVX-512.
func valueCG(dims int) int {
	if dims == 3 && (!wide() || valueCG3D512 == 4) {
		return 4
	}
	if dims == 2 && !wide() && groups > 2 {
		return 2
	}
	return 1 << dims
}

// valueCG3D512 and valueGroups3D512 are value 3D's corner groups and
// interleave at AVX-512.
var valueCG3D512, valueGroups3D512 = 8, 2

// valueInv holds h + primeC while a value kernel is written (hoistValue).
var valueInv struct{ hC opnd }

// isValueKernel reports whether name (level suffix included) is a kernel
// valueBody writes.
func isValueKernel(name string) bool {
	n := strings.TrimSuffix(name, cur.name)
	switch n {
	case "valueLattice2DBatch", "valueLattice3DBatch", "valueLattice2DDerivBatch", "valueLattice3DDerivBatch",
		"valueLattice2DAoSBatch", "valueLattice3DAoSBatch":
		return true
	}
	return false
}

// hoistValue computes h + primeC before a value kernel's loop: in a
// register at AVX-512, in the frame at AVX2.
func hoistValue(k *bk) {
	valueInv.hC = nil
	if !isValueKernel(k.name) {
		return
	}
	defer func(g int) { groups = g }(groups)
	groups = 1
	hC := newv()
	addd(hC, mov(k.h), kc(primeC))
	if wide() {
		valueInv.hC = cst{r: hC[0]}
		return
	}
	valueInv.hC = k.fr.put(hC[0])
}

// valueSpecs gives the value lattice kernels (2D and 3D, not tiling)
// valueBody.
func valueSpecs(specs []batchSpec) []batchSpec {
	for i, sp := range specs {
		switch sp.name {
		case "valueLattice2DBatch":
			specs[i].body = valueBody(2)
			specs[i].groups = [2]int{valueGroups2D2, valueGroups2D512}
			specs[i].dbody, specs[i].dgroups = valueDerivBody(2), valueDGroups2D // widevaluederiv.go
		case "valueLattice3DBatch":
			specs[i].body = valueBody(3)
			specs[i].groups = [2]int{2, valueGroups3D512}
			specs[i].dbody, specs[i].dgroups = valueDerivBody(3), valueDGroups3D
		}
	}
	return specs
}

// valueGroups2D2 is the interleave of value 2D at AVX2.
var valueGroups2D2 = 4

// valueGroups2D512 is the interleave of value 2D at AVX-512.
var valueGroups2D512 = 4

// per splits o into one operand per group (a register, a frame slot, or
// the shared constant).
func per(o opnd) []opnd {
	r := make([]opnd, groups)
	for g := range r {
		switch v := o.(type) {
		case vg:
			r[g] = vg{v[g]}
		case slots:
			r[g] = slots{v[g]}
		default:
			r[g] = o
		}
	}
	return r
}

// chains runs f for every chain i < n with one register per operation
// (groups = 1), so that each step is written for all chains before the
// next with its temporaries short-lived.
func chains(n int, f func(i int)) {
	defer func(g int) { groups = g }(groups)
	groups = 1
	for i := 0; i < n; i++ {
		f(i)
	}
}

// sc is constant v in a register for one stage of the chains: the pinned
// register where there is one, else loaded once, so that the stage's
// chains read a register instead of each a memory operand (a micro-op of
// its own in the scheduler).
func sc(v uint32) cst {
	c := kc(v)
	if c.r != nil {
		return c
	}
	r := newReg()
	if wide() {
		VBROADCASTSS(c.m, r)
	} else {
		VMOVUPS(c.m, r)
	}
	return cst{m: c.m, r: r}
}

// byteAc is byteA with the mask 0xFF in the register m (sc).
func byteAc(pre vg, m cst) vg {
	t := newv()
	srld(t, pre, 16)
	if !wide() {
		xor(t, t, pre)
		and(t, t, m)
		return t
	}
	for g := range t {
		VPTERNLOGD(U8(0x28), m.r, pre[g], t[g]) // (t ^ pre) & m
	}
	return t
}

// addc is a + b into a new register, taking the register operand first.
func addc(a, b opnd) vg {
	d := newv()
	if _, ok := a.(vg); !ok {
		a, b = b, a
	}
	addd(d, a, b)
	return d
}

// eatChains is eatC of every chain, h[i] eating the value whose product
// with primeC is dC[i], stage by stage.
func eatChains(h, dC []opnd) []vg {
	v := make([]vg, len(h))
	chains(len(v), func(i int) { v[i] = addc(h[i], dC[i]) })
	chains(len(v), func(i int) { rotl(v[i], v[i], 17) })
	d := sc(primeD)
	chains(len(v), func(i int) { mulld(v[i], v[i], d) })
	return v
}

// eatY eats y into the x prefixes of the 3D lattice kernels: pre holds the
// two x corners' hashes (G groups each), yc the y's y·C and y·C + C per
// group; the result is the four (x, y) corners' hashes, corner j = 2·x + y,
// each chain its own, stage by stage (eatChains).
func eatY(pre [][]opnd, yc [2][]opnd, G int) [][]opnd {
	var hs, dc []opnd
	for j := 0; j < 4; j++ {
		hs = append(hs, pre[j>>1]...)
		dc = append(dc, yc[j&1]...)
	}
	v := eatChains(hs, dc)
	pre = nil
	for j := 0; j < 4; j++ {
		pre = append(pre, nil)
		for g := 0; g < G; g++ {
			pre[j] = append(pre[j], v[j*G+g])
		}
	}
	return pre
}

// avalancheChains is wavalanchePre of every chain, in place, stage by
// stage (the value and Perlin kernels').
func avalancheChains(v []vg) {
	xs := func(n uint8) {
		chains(len(v), func(i int) {
			t := newv()
			srld(t, v[i], n)
			xor(v[i], v[i], t)
		})
	}
	xs(15)
	b := sc(primeB)
	chains(len(v), func(i int) { mulld(v[i], v[i], b) })
	xs(13)
	c := sc(primeC)
	chains(len(v), func(i int) { mulld(v[i], v[i], c) })
}

// cornerValues is wbyteGradientA(wavalanchePre(v)) of every chain, in
// place, stage by stage.
func cornerValues(v []vg) {
	avalancheChains(v)
	m := sc(0xFF)
	chains(len(v), func(i int) { v[i] = byteAc(v[i], m) })
	chains(len(v), func(i int) { cvtdq2ps(v[i], v[i]) })
	s := sc(inv255x2)
	chains(len(v), func(i int) { mulps(v[i], v[i], s) })
	one := sc(f1)
	chains(len(v), func(i int) { subps(v[i], v[i], one) })
}

// valueBody is value lattice noise of dims (2 or 3) dimensions.
func valueBody(dims int) func(k *bk) vg {
	return func(k *bk) vg { return valueLattice(k, dims, nil) }
}

// valueLattice writes value lattice noise of dims dimensions. With d nil
// it returns the value; else the lerps are d's (widevaluederiv.go): the
// value kernel's writes are the same whatever d does, d only adds.
func valueLattice(k *bk, dims int, d *valueDeriv) vg {
	// What waits lives in the frame where registers are short: the
	// offsets and interpolators in 3D and with four groups, the hash
	// prefixes in 3D at AVX2, z·C with four groups.
	spillT := dims == 3 || groups > 2 || d != nil && !wide()
	spillPre := dims == 3 && (!wide() || groups > 2) || !wide() && groups > 2
	spillZ := groups > 2
	G := groups
	var c0, t [3]opnd
	var g0 [3]opnd
	order := [][]int{2: {2, 0}, 3: {1, 2, 0}}[dims]
	for _, a := range order {
		p0, g := wspan(k.pos[a], k.F)
		g0[a] = k.fr.keep(g, spillT)
		c0[a] = timesC(p0)
	}
	// the interpolators, written once the first corners' chains have
	// started (they are needed only by the lerps)
	smooth := func() {
		for _, a := range order {
			switch {
			case d != nil && wide() && groups <= 2: // widevaluederiv.go
				tv, dt := wsmoothTDt(g0[a])
				t[a], d.dt[a] = k.fr.keep(tv, spillT), k.fr.keep(dt, spillT)
			case d != nil: // at AVX2 one register fewer
				t[a] = k.fr.keep(wsmoothT(g0[a]), spillT)
				d.dt[a] = k.fr.keep(wsmoothDt(g0[a]), spillT)
			default:
				t[a] = k.fr.keep(wsmoothT(g0[a]), spillT)
			}
			k.fr.release(g0[a])
		}
	}
	// the prefixes: x eaten with h and h + C (pre[j], j the x bit),
	// then in 3D y with y·C and y·C + C (pre[j], j = x<<1 | y)
	var pre [][]opnd
	{
		var hs, dc []opnd
		for _, h := range []opnd{k.h, valueInv.hC} {
			hs = append(hs, per(h)...)
			dc = append(dc, per(c0[0])...)
		}
		pre = eatPre(hs, dc, G)
	}
	next := func(c opnd) [2][]opnd { // c·C and c·C + C, per group
		c1 := newv()
		addd(c1, c, kc(primeC))
		return [2][]opnd{per(c), per(c1)}
	}
	if dims == 3 {
		yc := next(c0[1])
		pre = eatY(pre, yc, G)
	}
	zc := next(c0[2])
	for j := range pre {
		for g := range pre[j] {
			pre[j][g] = k.fr.keep(pre[j][g].(vg), spillPre)
		}
	}
	for j := range zc {
		for g := range zc[j] {
			zc[j][g] = k.fr.keep(zc[j][g].(vg), spillZ)
		}
	}
	// the corners, CG at a time; n[c] is corner c's value per group
	n := make([]vg, 1<<dims)
	cg := valueCG(dims)
	var half opnd // 2D with CG 2, 3D with CG 4: the x = 0 half
	for first := 0; first < 1<<dims; first += cg {
		var hs, dc []opnd
		for c := first; c < first+cg; c++ {
			hs = append(hs, pre[c>>1]...)
			dc = append(dc, zc[c&1]...)
		}
		v := eatChains(hs, dc)
		if first == 0 {
			smooth()
		}
		cornerValues(v)
		for c := first; c < first+cg; c++ {
			n[c] = make(vg, G)
			for g := 0; g < G; g++ {
				n[c][g] = v[(c-first)*G+g][0]
			}
		}
		if d != nil && cg < 1<<dims {
			if r := d.half(k, dims, first, n, t); r != nil {
				return r
			}
			continue
		}
		if dims == 2 && cg == 2 {
			l := wlerp(n[first], n[first+1], t[2])
			if first == 0 {
				half = k.fr.keep(l, true)
				continue
			}
			return wlerp(lavx2Take(k, half), l, t[0])
		}
		if dims == 3 && cg == 4 {
			// the lerps of this half
			l0 := wlerp(n[first], n[first+1], t[2])
			l1 := wlerp(n[first+2], n[first+3], t[2])
			yl := wlerp(l0, l1, t[1])
			if first == 0 {
				half = yl
				continue
			}
			return wlerp(half.(vg), yl, t[0])
		}
	}
	if d != nil {
		return d.whole(dims, n, t)
	}
	if dims == 2 {
		ab := wlerp(n[0], n[1], t[2])
		cd := wlerp(n[2], n[3], t[2])
		return wlerp(ab, cd, t[0])
	}
	var l [4]vg
	for j := range l {
		l[j] = wlerp(n[2*j], n[2*j+1], t[2])
	}
	x0 := wlerp(l[0], l[1], t[1])
	x1 := wlerp(l[2], l[3], t[1])
	return wlerp(x0, x1, t[0])
}

// eatPre eats the x corners' coordinates dc into the hashes hs (G groups
// per hash) and returns the prefixes by x bit: pre[j] holds the G groups'
// chains of corner j.
func eatPre(hs, dc []opnd, G int) [][]opnd {
	v := eatChains(hs, dc)
	var pre [][]opnd
	for j := 0; j < 2; j++ {
		pre = append(pre, nil)
		for g := 0; g < G; g++ {
			pre[j] = append(pre[j], v[j*G+g])
		}
	}
	return pre
}

// valueNoNegZero reports whether k is a value lattice kernel (2D or 3D,
// not tiling, not a derivative kernel), whose octave sum for a first
// octave of amplitude 1 is v itself (octaveSumV), not +0 + v: exact, as
// v is never −0 (and a NaN lane is replaced after the kernel).
// TestValueCornersNonZero checks the fact this rests on: no corner value
// float32(A·(2·inv255)) − 1 is ±0 (no byte gives 1). A lerp a + t·(b − a)
// is −0 only if a is −0 (in round-to-nearest x + y is −0 only for −0 +
// −0, and a sum of floats never underflows to 0), so by induction no lerp
// is; the clamp to [−1, 1] keeps that, abs and smooth turbulence give at
// least +0 from it, and every shape ends in "− 1", which is never −0
// (x − 1 is +0 for x = 1). (The clamp itself stays: smoothT(0.99535805)
// is 1.0000001, and a lerp from −1 to 1 by it is 1.0000002.)
func valueNoNegZero(k *bk) bool {
	n := strings.TrimSuffix(k.name, cur.name)
	switch n {
	case "valueLattice2DBatch", "valueLattice3DBatch", "valueLattice2DAoSBatch", "valueLattice3DAoSBatch":
		return true
	}
	return false
}

// octaveSumV writes, for a value kernel (valueNoNegZero) whose mode has
// first and unit, the octave sum v (+0 + v·1 == v; divided by ampSum where
// last) to out and jumps past octaveSum's general path.
func (k *bk) octaveSumV(v vg, at func(g int) Mem, ampSum cst) {
	general := k.label("general")
	m := GP32()
	MOVL(k.mode, m)
	ANDL(U32(modeFirst|modeUnit), m)
	CMPL(m, U32(modeFirst|modeUnit))
	JNE(LabelRef(general))
	s := newv()
	last := k.label("vstore")
	TESTL(U32(modeLast), k.mode)
	JZ(LabelRef(last))
	divps(s, v, ampSum)
	for g := range s {
		VMOVUPS(s[g], at(g))
	}
	JMP(LabelRef(k.name + "_stored"))
	Label(last)
	for g := range v {
		VMOVUPS(v[g], at(g))
	}
	JMP(LabelRef(k.name + "_stored"))
	Label(general)
}
