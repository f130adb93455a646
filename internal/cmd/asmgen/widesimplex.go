package main

import (
	"math"
	"strings"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/x86"
)

// Simplex 3D at AVX-512, two position vectors per iteration (the value
// kernels; the derivative kernels take one and share the cell part), each
// vector's four corners interleaved: the
// corners are independent until their sum, so they are written as the
// groups of the generic layer are (each operation for the four corners
// before the next), and each corner's chain of dependent multiplies (the
// hash's four, then the gradient's conversion, square root and division)
// runs beside the three others' instead of after them. The rest is fewer
// instructions for the same bits:
//
//   - the corners' masks are six mask operations (§3.5's booleans as
//     xA = xGy ∧ xGz, yA = ¬xGy ∧ yGz, zA = ¬(xA ∨ yA), t = xGz ∧ yGz,
//     xB = xGy ∨ t, yB = ¬(¬t ∧ xGy), zB = ¬t: boolean identities of
//     getSimplexCell3's), the negated ones used by swapping the blend's
//     operands;
//   - X − float(l) is one of two values per axis (X − fx0, X − fx1; a
//     corner's float is exactly fx0 or fx1), computed once and blended;
//   - (h + (x0 + 1)·C) is (h + C) + x0·C, h + C computed once per call;
//   - the octahedron fold g += (g < 0) ? off : −off, off = max(−gz, +0),
//     is g + (mo ^ (g ∧ sign)) with mo = min(gz, +0): the same term, or a
//     zero of the other sign where off is +0, and g (A·2/255 − 1 or D·2/255
//     − 1, never ±0) plus either zero is g;
//   - the hottest constants stay in registers (pinSets);
//   - the kernel mask: ((f·g)·f)·f·m with m = 8 (f ≥ 0) or +0 (f < 0) is
//     (((f'·g)·f')·f')·8 with f' = max(−0, f) (VMAXPS returns its second
//     operand, f, where both are zeros, and f is never −0): where f < 0
//     both are a zero of sign −sign(g) (three negative factors), else the
//     same product; a NaN f or g gives NaN in both (a NaN lane is replaced
//     after the kernel anyway). The ×8 is exact (a power of two, never
//     overflowing), and a sum of values scaled by 8 is the sum scaled by 8
//     (where the exact sum is subnormal it is exact in both), so the four
//     corners' ×8 are one, after their sum;
//   - F·scale3 and h + C are computed once, before the loop (s3inv).
//
//
// The schedule (measured, per CPU second on the loaded Xeon: +7 % simplex,
// +19 % value over the corners' tails one after the other): every
// corner's float work (u, the offsets, fo) first, while the lattice floats
// and masks are live, stored to the frame; then the four hashes as four
// groups; then the gradients and falloffs two corners at a time
// (at one vector), reading the offsets and fo as memory operands.
//
// Two position vectors (groups 2; llvm-mca, sapphirerapids: 417 → 302
// cycles per 16 points for simplex, 258 → 185 for value; CPU time on the
// loaded Xeon about +8 % each): each vector's cell part in turn (their
// masks would exceed the seven opmask registers together), then the eight
// corners' avalanches as eight groups, then the gradients and falloffs
// four corners at a time (tailChunks: corners A and B of both vectors,
// then 0 and 1), the sums per vector. The registers this takes leave room
// for two pinned constants (widepin.go). The gradient kernel writes the
// first chunk's tail (dot·r, ·simplex3, the falloff) after the second
// chunk's square roots and divisions, not before: the divider starts on
// them sooner, while the first chunk's tail waits on its own (CPU-time
// A/B on the loaded Xeon: the kernel +0.9 to +2.8 % in four runs of 11–15
// rounds, Values through the AoS twin +2.5 % in 21; the same
// instructions, reordered). The derivative kernels keep one
// vector, their corners two at a time (widesimplex3deriv.go).
//
// The sphere gradient's r = 1 / sqrt((gx² + gy²) + gz²) of the value
// kernel (simplexSimplex3DBatchAVX512 and its AoS twin) is a function of
// the hash's bytes A and D alone (gx, gy, gz and the fold are), so it is
// read from s3rsqrt, a table of its 65536 values (256 KB, index D·256 +
// A) that the generator computes by the reference's operations in its
// order, each rounded to float32 (s3rsqrtTable): one VGATHERDPS per corner
// vector instead of a VSQRTPS and a VDIVPS (three micro-ops each on the
// divider, which s3's profile found under ~40 % of the samples) and the
// squares and their sum. With no divider to start early, each chunk's
// tail follows its own gradients. (CPU-time A/B, Xeon model 167 loaded by
// a CI run, medians: BenchmarkSimplexKernelSimplex3DAVX512 242 → 293 and
// 248 → 275 Mpts/cpus in two runs of 7 and 5 rounds; noise bench Values
// simplex 3D, 9 alternated rounds, 238.5 → 266.8 Mpts/s; llvm-mca,
// sapphirerapids, 719 → 651 cycles per 32 points of the AoS twin.)
// The derivative kernels read r from s3rsqrt too, at AVX-512
// (simplex3GradientD, widesimplex3deriv.go: the gather issued before the
// fold; CPU-time A/B on the loaded Xeon, 6 alternated rounds, medians:
// BenchmarkSimplexKernelSimplex3DDerivAVX512 161.7 → 187.4 Mpts/cpus;
// llvm-mca, sapphirerapids, 668 → 604 cycles per 16 points) and at AVX2
// (s3sphereGatherAVX2, widesimplexderiv.go; BenchmarkSamplesSimplex
// simplex/3D/Samples, wall clock, 6 alternated rounds, medians: AVX-512
// 138.0 → 146.3, AVX2 95.2 → 101.3 Mpts/s); the AVX2 value kernel does
// not (measured slower, widesimplex3avx2.go). simplex3 and simplex3D
// (widekern.go, widederiv.go), which keep simplexCell3 and the square
// root, serve the other group counts (no kernel at present).

// tailChunks are the corners whose gradients and falloffs are written
// together (as groups), in order, by position vector and corner (0, 1, A,
// B as 0 … 3) for two position vectors: corners A and B of both vectors,
// then corners 0 and 1 of both, so that four corners' square roots and
// divisions overlap.
var tailChunks = [][][2]int{{{0, 2}, {0, 3}, {1, 2}, {1, 3}}, {{0, 0}, {0, 1}, {1, 0}, {1, 1}}}

// simplex3Wide reports whether the kernel being written takes
// simplex3Corners' cell part: AVX-512 at one group (the derivative
// kernels; the value kernels take two, simplex3Wide2).
func simplex3Wide() bool { return wide() && groups == 1 }

// simplex3Wide2 reports whether the value kernel being written takes
// simplex3Corners: AVX-512 at two groups (two position vectors).
func simplex3Wide2() bool { return wide() && groups == 2 }

// simplex3Corners is simplexValue3D before combineValue (cpu.simplexValue3D)
// of groups position vectors, their corners interleaved: each vector's
// cell part (simplex3CellAt) in turn, the corners' avalanches together,
// then their gradients and falloffs by tailChunks.
func (k *bk) simplex3Corners(simplexGrad bool) vg {
	nv := groups
	defer func(g int) { groups = g }(groups)
	// corner j = 4·v + c is corner c of vector v
	var E vg
	var off [3]slots
	var fos slots
	for v := 0; v < nv; v++ {
		groups = 1
		e, o, f := k.simplex3CellAt(simplexGrad, [3]vg{{k.pos[0][v]}, {k.pos[1][v]}, {k.pos[2][v]}})
		E = append(E, e...)
		for i := range off {
			off[i] = append(off[i], o[i]...)
		}
		fos = append(fos, f...)
	}
	groups = 4 * nv
	pre := wavalanchePre(E)
	// the corners' gradients and falloffs by tailChunks, the offsets and fo
	// read from the frame; at simplexGrad a chunk's tail (dot·r, ·simplex3,
	// the falloff) is written after the next chunk's square roots and
	// divisions (the file's comment)
	kn := make(vg, 4*nv)
	var tail func()
	for _, ch := range tailChunks {
		groups = len(ch)
		p, fo := make(vg, len(ch)), make(slots, len(ch))
		var o [3]slots
		for j, vc := range ch {
			c := 4*vc[0] + vc[1]
			p[j], fo[j] = pre[c], fos[c]
			for i := range o {
				if simplexGrad {
					o[i] = append(o[i], off[i][c])
				}
			}
		}
		falloff := func(g vg) {
			kp := kernelFalloff8(fo, g) // fo read from the frame
			for j, vc := range ch {
				kn[4*vc[0]+vc[1]] = kp[j]
			}
		}
		if !simplexGrad {
			falloff(wbyteGradientA(p))
			continue
		}
		gx, gy, gz := octahedronFold(p)
		var r vg
		if s3inv.gather {
			r = s3sphereGather(p)
		} else {
			r = wsphereScale(gx, gy, gz)
		}
		g := wdot3(gx, gy, gz, o[0], o[1], o[2])
		if tail != nil {
			tail()
		}
		tail = func() {
			groups = len(ch)
			mulps(g, g, r)
			mulps(g, g, kc(simplex3))
			falloff(g)
		}
		if s3inv.gather { // no divider to start sooner: the tail now
			tail()
			tail = nil
		}
	}
	if tail != nil {
		tail()
	}
	// the sum in the scalar order, ((k0 + k1) + kA) + kB, per vector
	groups = nv
	at := func(c int) vg {
		r := make(vg, nv)
		for v := range r {
			r[v] = kn[4*v+c]
		}
		return r
	}
	sum := at(0)
	for c := 1; c < 4; c++ {
		addps(sum, sum, at(c))
	}
	mulps(sum, sum, kc(f8)) // the corners' ×8 (the file's comment)
	k.fr.release(off[0], off[1], off[2], fos)
	return sum
}

// simplex3CellWide is the part of simplex 3D at AVX-512 (groups 1) that
// the value and derivative kernels share: the scaled position, the skewed
// cell and its masks, the four corners' hashes (their avalanche's pre, one
// register per corner, as four groups would hold them) and, into the
// frame, each corner's fo = ((0.5 − x²) − y²) − z² and, with offs, its
// offsets x_i = (X_i − float(l_i)) + u (see the file's comment for the
// rewrites). groups is 1 again on return.
func (k *bk) simplex3CellWide(offs bool) (pre vg, off [3]slots, fos slots) {
	e, off, fos := k.simplex3CellAt(offs, [3]vg{k.pos[0], k.pos[1], k.pos[2]})
	defer func(g int) { groups = g }(groups)
	groups = 4
	return wavalanchePre(e), off, fos
}

// simplex3CellAt is simplex3CellWide of the position vector pos (groups
// 1) up to the corners' hashes before their avalanche: the four corners'
// eats of x, y·C and z·C, one register per corner (four groups); the
// offsets and fo into the frame as there. groups is 1 again on return.
func (k *bk) simplex3CellAt(offs bool, pos [3]vg) (e vg, off [3]slots, fos slots) {
	// the scaled position P and the skewed cell (getSimplexCell3)
	var kf opnd = s3inv.kf
	if kf == nil { // not hoisted (the derivative kernels)
		f := mov(k.F)
		mulps(f, f, kc(scale3))
		kf = f
	}
	hC := s3inv.hC
	if hC == nil {
		r := newv()
		addd(r, k.h, kc(primeC))
		hC = r
	}
	var P, fl0, fl1, dd0, dd1 [3]vg
	var c0, c1 [3]vg
	for i := range P {
		P[i] = newv()
		mulps(P[i], pos[i], kf)
		clampc(P[i])
	}
	sk := newv()
	addps(sk, P[0], P[1])
	addps(sk, sk, P[2])
	mulps(sk, sk, kc(skew3))
	var fr [3]vg
	for i := range P {
		s := newv()
		addps(s, P[i], sk)
		fl0[i] = newv()
		floorps(fl0[i], s)
		l := newv()
		cvttps2dq(l, fl0[i])
		c0[i] = timesC(l)
		subps(s, s, fl0[i])
		fr[i] = s
	}
	xA, yA, nzA, t, xB, nyB := simplex3Masks(fr)
	for i := range P {
		fl1[i] = newv()
		addps(fl1[i], fl0[i], kc(f1)) // float32(l + 1): both round the integer l + 1
		dd0[i], dd1[i] = newv(), newv()
		subps(dd0[i], P[i], fl0[i])
		subps(dd1[i], P[i], fl1[i])
	}
	c1[1], c1[2] = newv(), newv()
	addd(c1[1], c0[1], kc(primeC))
	addd(c1[2], c0[2], kc(primeC))
	// h + C (s3inv.hC): eat(h, (l + 1)·C) = eat(h + C, l·C)
	h0, h1 := eatC(k.h, c0[0]), eatC(hC, c0[0])
	// corner c's value on axis i: lower (corner 0), upper (corner 1), or
	// blended by the corner's mask, m ? upper : lower (neg: m ? lower : upper)
	type sel struct {
		m   mask
		neg bool
	}
	selA := [3]sel{{xA, false}, {yA, false}, {nzA, true}}
	selB := [3]sel{{xB, false}, {nyB, true}, {t, true}}
	pick := func(s sel, lo, up vg) vg {
		d := newv()
		if s.neg {
			kblend(d, s.m, lo, up)
		} else {
			kblend(d, s.m, up, lo)
		}
		return d
	}
	corner4 := func(i int, lo, up vg, f func(s sel, lo, up vg) vg) vg {
		a, b := f(selA[i], lo, up), f(selB[i], lo, up)
		return vg{lo[0], up[0], a[0], b[0]}
	}
	// the corners' float work before their hashes, one corner at a time,
	// into the frame: u = ((lx + ly) + lz)·unskew3, x_i = (X_i − l_i) + u,
	// fo = ((0.5 − x²) − y²) − z² (corners A and B blended from the lower
	// and upper corners' values; the masks die here)
	for c := 0; c < 4; c++ {
		var fl, d [3]vg
		for i := range P {
			switch c {
			case 0:
				fl[i], d[i] = fl0[i], dd0[i]
			case 1:
				fl[i], d[i] = fl1[i], dd1[i]
			default:
				s := [2][3]sel{selA, selB}[c-2][i]
				fl[i], d[i] = pick(s, fl0[i], fl1[i]), pick(s, dd0[i], dd1[i])
			}
		}
		u := newv()
		addps(u, fl[0], fl[1])
		addps(u, u, fl[2])
		mulps(u, u, kc(unskew3))
		fo, sq := newv(), newv()
		for i := range P {
			x := newv()
			addps(x, d[i], u)
			mulps(sq, x, x)
			if i == 0 {
				subps(fo, kc(f0p5), sq)
			} else {
				subps(fo, fo, sq)
			}
			if offs {
				off[i] = append(off[i], k.fr.spill(x)[0])
			}
		}
		fos = append(fos, k.fr.spill(fo)[0])
	}
	// the corners' hashes together (four groups)
	hx := corner4(0, h0, h1, pick)
	cy := corner4(1, c0[1], c1[1], pick)
	cz := corner4(2, c0[2], c1[2], pick)
	defer func(g int) { groups = g }(groups)
	groups = 4
	return eatC(eatC(hx, cy), cz), off, fos
}

// s3inv are simplex 3D's loop invariants while simplex3Corners' kernel is
// written (hoistSimplex3): F·scale3 and h + primeC; gather: r is read
// from s3rsqrt (s3sphereGather, the file's comment).
var s3inv struct {
	kf, hC opnd
	gather bool
}

// hoistSimplex3 computes, before the loop of a kernel that takes
// simplex3Corners, the loop invariants it reads (nothing for the other
// kernels): in registers (AVX-512 has registers to spare there).
func hoistSimplex3(k *bk, deriv bool) {
	s3inv.kf, s3inv.hC, s3inv.gather = nil, nil, false
	if deriv || !simplex3Wide2() || !strings.HasSuffix(strings.TrimSuffix(k.name, cur.name), "Simplex3DBatch") {
		return
	}
	defer func(g int) { groups = g }(groups)
	groups = 1
	s3inv.gather = strings.HasPrefix(k.name, "simplexSimplex") // r from s3rsqrt (s3sphereGather)
	kf, hC := mov(k.F), newv()
	mulps(kf, kf, kc(scale3))
	addd(hC, k.h, kc(primeC))
	s3inv.kf, s3inv.hC = cst{r: kf[0]}, cst{r: hC[0]}
}

// kernelFalloff8 is wkernelFalloff without its factor 8:
// ((f'·g)·f')·f' with f' = max(−0, f) (the file's comment).
func kernelFalloff8(f opnd, g vg) vg { return kernelFalloff8C(f, g, kc(signMask)) }

// kernelFalloff8C is kernelFalloff8 with the constant −0 given (shared).
func kernelFalloff8C(f opnd, g vg, negZero opnd) vg {
	fp, kn := newv(), newv()
	maxps(fp, negZero, f) // f on ties: −0 where f < 0, else f
	mulps(kn, fp, g)
	mulps(kn, kn, fp)
	mulps(kn, kn, fp)
	return kn
}

// simplex3Masks are the corners' masks of a simplex 3D cell from the
// fractions fr (getSimplexCell3's three comparisons): corner A is
// (xA, yA, ¬nzA), corner B (xB, ¬nyB, ¬t) (widesimplex.go's header).
func simplex3Masks(fr [3]vg) (xA, yA, nzA, t, xB, nyB mask) {
	xGy := cmpps(1, fr[1], fr[0]) // fy < fx
	xGz := cmpps(1, fr[2], fr[0]) // fz < fx
	yGz := cmpps(1, fr[2], fr[1]) // fz < fy
	xA = mand(xGy, xGz)
	yA = mandn(xGy, yGz)
	nzA = mor(xA, yA)
	t = mand(xGz, yGz)
	xB = mor(xGy, t)
	nyB = mandn(t, xGy)
	return
}

// kblend is d = m ? t : f (AVX-512, registers) by VBLENDMPS, which
// writes every lane of d: avo takes a masked instruction's destination for
// an input too (merge masking), so the instruction is built here with d
// an output only, and d needs no copy of f first.
func kblend(d vg, m mask, t, f vg) {
	for g := range d {
		i, err := x86.VBLENDMPS(t[g], f[g], m.k[g], d[g])
		if err != nil {
			panic(err)
		}
		i.Inputs = []Op{t[g], f[g], m.k[g]}
		Instruction(i)
	}
}

// octahedronFold is cpu.octahedronVectors of the avalanche's pre (before
// its last xor-shift): gx = A·2/255 − 1, gy = D·2/255 − 1,
// gz = (1 − |gx|) − |gy|, then g += mo ^ (g ∧ sign) with mo = min(gz, +0)
// (see the file's comment).
func octahedronFold(pre vg) (gx, gy, gz vg) {
	gy = wbyteGradient(pre, 24)
	gx, gz = wbyteGradientA(pre), newv()
	a := newv()
	absps(a, gx)
	subps(gz, kc(f1), a)
	absps(a, gy)
	subps(gz, gz, a)
	mo := newv()
	minps(mo, gz, kc(0)) // VMINPS returns its second operand, +0, on equality
	for i, c := range []vg{gx, gy} {
		tm := mo
		if i == 0 {
			tm = mov(mo)
		}
		for g := range tm {
			// imm 0x78: a ^ (b & c) with a = tm (the destination), b = g,
			// c = the sign mask
			if s := kc(signMask); s.r != nil {
				VPTERNLOGD(U8(0x78), s.r, c[g], tm[g])
			} else {
				VPTERNLOGD_BCST(U8(0x78), s.m, c[g], tm[g])
			}
		}
		addps(c, c, tm)
	}
	return gx, gy, gz
}

// s3sphereGather is the sphere gradient's r = 1 / sqrt(gx² + gy² + gz²)
// of the corners' avalanche pre, looked up in s3rsqrt: r is a function of
// bytes A and D alone, the table's index D·256 + A is t ^ (pre ∧ 0xFF)
// with t = pre >> 16 (A = (pre ^ (pre >> 16)) ∧ 0xFF, D = pre >> 24).
func s3sphereGather(pre vg) vg {
	r := newv()
	base := GP64()
	LEAQ(s3rsqrtTable(), base)
	gp := GP32()
	MOVL(U32(0xffff), gp)
	for i := range r {
		t := ZMM()
		VPSRLD(U8(16), pre[i], t)
		// imm 0x78: a ^ (b & c) with a = t, b = pre, c = 0xFF
		if c := kc(0xFF); c.r != nil {
			VPTERNLOGD(U8(0x78), c.r, pre[i], t)
		} else {
			VPTERNLOGD_BCST(U8(0x78), c.m, pre[i], t)
		}
		// the gather merges into its destination under the mask it
		// clears: a definition first, and a fresh all-ones mask
		VMOVUPS(t, r[i])
		km := K()
		KMOVW(gp, km)
		VGATHERDPS(Mem{Base: base, Index: t, Scale: 4}, km, r[i])
	}
	return r
}

// s3rsqrtTable is s3rsqrt, 65536 float32: entry D·256 + A is
// sphereGradient's r of bytes A and D, by the reference's operations in
// its order (cpu.octaGrads, cpu.octahedronFold, then 1 / sqrt32 of
// (gx² + gy²) + gz²), each rounded to float32.
func s3rsqrtTable() Mem {
	const name = "s3rsqrt"
	if m, ok := consts[name]; ok {
		return m
	}
	inv := math.Float32frombits(inv255)
	type og struct{ g, abs, sign float32 }
	var o [256]og
	for b := range o {
		g := float32(float32(float32(b)*inv)*2) - 1
		sign := float32(-1)
		if g < 0 {
			sign = 1
		}
		o[b] = og{g, float32(math.Abs(float64(g))), sign}
	}
	v := make([]uint32, 65536)
	for i := range v {
		ax, dy := o[i&255], o[i>>8]
		gz := (1 - ax.abs) - dy.abs
		off := max(-gz, 0)
		gx := ax.g + float32(ax.sign*off)
		gy := dy.g + float32(dy.sign*off)
		s := (float32(gx*gx) + float32(gy*gy)) + float32(gz*gz)
		v[i] = math.Float32bits(1 / float32(math.Sqrt(float64(s))))
	}
	return permTable(name, v)
}
