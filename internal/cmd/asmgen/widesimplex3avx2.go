package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

// Simplex 3D at AVX2 (eight lanes, sixteen YMM registers), the structure of
// simplex3Corners (widesimplex.go) fitted to the registers. Two vectors per
// iteration (the kernel's groups); everything between the steps lives in
// frame slots:
//
//  1. each vector's cell: the corners' hash inputs (the hash after x, y·C
//     and z·C of corners 0, 1, A and B), their offsets X − float(l) and
//     their unskew terms u;
//  2. the eight corners' hashes (four per vector) as eight groups: the eats
//     of y and z and the avalanche before its last xor-shift, six dependent
//     VPMULLDs per corner, side by side;
//  3. the float work two corners at a time (four groups: two corners of
//     both vectors), at most four registers per group: for the simplex
//     gradient first both pairs' gradients and scales (gx, gy, gz and
//     1/sqrt(gx² + gy² + gz²)), then each pair's offsets, dot product and
//     falloff; the sum per vector in the scalar order, ((k0 + k1) + kA) + kB.
//
// The exact rewrites are simplex3Corners's, and two more:
//
//   - the corners' masks are §3.5's booleans as xA = xGy ∧ xGz,
//     yA = ¬xGy ∧ yGz, zA = ¬(xA ∨ yA), t = xGz ∧ yGz, xB = xGy ∨ t,
//     yB = ¬(¬t ∧ xGy), zB = ¬t, the negated ones by an and-not;
//   - (h + (x0 + 1)·C) is (h + C) + x0·C;
//   - corner A's (or B's) inputs are the lower corner's plus the mask's
//     lanes of the step, no blend (VBLENDVPS is three micro-ops on recent
//     Intel cores): y·C and z·C are l·C + (m ∧ C), the hash after x is
//     h0 ^ (m ∧ (h0 ^ h1)), the float is fl0 + (m ∧ 1) (fl1 = fl0 + 1
//     exactly where m; elsewhere fl0 + (+0), which is fl0 but for a −0
//     floor (the rounding floor of −0; the scalar float(floorToInt) is
//     +0, so this is +0 as there): X − float(l), u and the offsets then
//     differ from the lower corner's in the sign of a zero only, which the
//     squares, the products and the octave sum's +0 + v never carry to a
//     result), and X − float(l) is computed from that float;
//   - the octahedron fold g += (g < 0) ? off : −off, off = max(−gz, +0),
//     is g + (mo ^ (g ∧ sign)) with mo = min(gz, +0) (an and and an xor
//     here: AVX2 has no three-input logic instruction).

// The AVX2 value kernel computes r = 1/sqrt(g·g) with VSQRTPS and VDIVPS:
// reading it from s3rsqrt (s3sphereGatherAVX2) measured slower (two vectors of four corners keep the divider
// busy enough beside the frame's loads, which the gathers' eight loads
// each join): CPU-time A/B on the loaded Xeon, 7 alternated rounds,
// BenchmarkSimplexKernelSimplex3DAVX2 medians 175.4 → 173.1 Mpts/cpus;
// noise bench -isa avx2 simplex 3D, 5 alternated rounds, 165.5 → 161.0
// Mpts/s; llvm-mca, alderlake, 643 → 637 cycles per 16 points; one
// pair by the table and the other by the divider, 175.5 → 172.4 in 6
// rounds, llvm-mca 645. The
// derivative kernel (one vector) reads s3rsqrt (widesimplexderiv.go).

// simplex3AVX2 reports whether the kernel being written takes
// simplex3CornersAVX2: the AVX2 level.
func simplex3AVX2() bool { return !wide() }

// s3cellAVX2 is one vector's simplex 3D cell in frame slots: per corner
// (0, 1, A, B) its hash after x and its y and z products with primeC, its
// offsets X − float(l) on each axis, its unskew term u and its hash.
type s3cellAVX2 struct {
	in  [3][4]Mem // axis, corner: h (axis 0), y·C, z·C
	dd  [3][4]Mem // axis, corner: X − float(l)
	u   [4]Mem
	pre [4]Mem // the corners' hashes after wavalanchePre
}

// simplex3CornersAVX2 is simplexValue3D before combineValue
// (cpu.simplexValue3D) at AVX2 for the groups' vectors (see the file's
// comment).
func (k *bk) simplex3CornersAVX2(simplexGrad bool) vg {
	nv := groups
	defer func() { groups = nv }()
	groups = 1
	kf := mov(k.F)
	mulps(kf, kf, kc(scale3))
	kfs := k.fr.spill(kf)
	defer k.fr.release(kfs)
	// the later vectors' positions wait in the frame
	var pos [3][]opnd
	for i := range pos {
		for v := 0; v < nv; v++ {
			if v == 0 {
				pos[i] = append(pos[i], vg{k.pos[i][0]})
			} else {
				pos[i] = append(pos[i], k.fr.spill(vg{k.pos[i][v]}))
			}
		}
	}
	cells := make([]s3cellAVX2, nv)
	for v := range cells {
		cells[v] = k.simplex3CellAVX2([3]opnd{pos[0][v], pos[1][v], pos[2][v]}, kfs)
		for i := range pos {
			k.fr.release(pos[i][v])
		}
	}
	groups = 4 * nv
	k.simplex3HashAVX2(cells)
	return k.simplex3FloatAVX2(cells, simplexGrad)
}

// simplex3CellAVX2 is one vector's cell (getSimplexCell3) and its
// corners' inputs, into frame slots (groups is 1); kf is F·scale3 (a
// frame slot).
func (k *bk) simplex3CellAVX2(pos [3]opnd, kf opnd) s3cellAVX2 {
	fr := k.fr
	var cl s3cellAVX2
	one := func(v vg) Mem { return fr.spill(v)[0] }
	// the scaled position P (kf is F·scale3) and the skewed cell
	var P [3]vg
	for i := range P {
		P[i] = newv()
		mulps(P[i], src1(pos[i]), kf)
		clampc(P[i])
	}
	sk := newv()
	addps(sk, P[0], P[1])
	addps(sk, sk, P[2])
	mulps(sk, sk, kc(skew3))
	// per axis: the lower corner's float fl0 and the upper's fl1 (float32(l
	// + 1): both round the integer l + 1), the products with primeC (on x
	// the hashes after x, h0 and h1, and h0 ^ h1), the offsets
	// dd0 = X − fl0 and dd1 = X − fl1, the sums of the floats of corners 0
	// and 1 (for u), and the fraction fr that orders the corners
	var fl0, frc [3]vg
	var dh slots
	var sum [4]vg
	for i := range P {
		s := newv()
		addps(s, P[i], sk)
		fl0[i] = newv()
		floorps(fl0[i], s)
		subps(s, s, fl0[i])
		frc[i] = s
		l := newv()
		cvttps2dq(l, fl0[i])
		mulld(l, l, kc(primeC))
		if i == 0 {
			hC := newv() // h + C: eat(h, (l + 1)·C) = eat(h + C, l·C)
			addd(hC, k.h, kc(primeC))
			h0, h1 := eatC(k.h, l), eatC(hC, l)
			cl.in[0][0], cl.in[0][1] = one(h0), one(h1)
			xor(h1, h1, h0)
			dh = fr.spill(h1)
		} else {
			cl.in[i][0] = one(l)
			addd(l, l, kc(primeC))
			cl.in[i][1] = one(l)
		}
		f1v := newv()
		addps(f1v, fl0[i], kc(f1))
		d := newv()
		subps(d, P[i], fl0[i])
		cl.dd[i][0] = one(d)
		subps(d, P[i], f1v)
		cl.dd[i][1] = one(d)
		if i == 0 {
			sum[0], sum[1] = mov(fl0[0]), f1v
		} else {
			addps(sum[0], sum[0], fl0[i])
			addps(sum[1], sum[1], f1v)
		}
	}
	xA, yA, nzA, t, xB, nyB := simplex3Masks(frc)
	// a corner's mask on each axis: m (the upper corner where set), or with
	// neg ¬m
	type sel struct {
		m   mask
		neg bool
	}
	sels := [3][2]sel{{{xA, false}, {xB, false}}, {{yA, false}, {nyB, true}}, {{nzA, true}, {t, true}}}
	// where is the mask's lanes of c, +0 elsewhere
	where := func(s sel, c opnd) vg {
		d := newv()
		if s.neg {
			andn(d, s.m.v, c)
		} else {
			and(d, s.m.v, c)
		}
		return d
	}
	// corners A and B: on x the hash h0 ^ (m ∧ (h0 ^ h1)), on y and z
	// l·C + (m ∧ C); the float fl0 + (m ∧ 1), exactly fl1 where m (and fl0,
	// up to the sign of a zero, elsewhere: X − fl and the sum for u change
	// in the sign of a zero only, which reaches no result, see
	// simplex3Corners), and the offset X − fl
	for i := range P {
		for c, s := range sels[i] {
			var h vg
			if i == 0 {
				h = where(s, dh)
				xor(h, h, slots{cl.in[0][0]})
			} else {
				h = where(s, kc(primeC))
				addd(h, h, slots{cl.in[i][0]})
			}
			f := where(s, kc(f1))
			addps(f, f, fl0[i])
			d := newv()
			subps(d, P[i], f)
			if i == 0 {
				sum[2+c] = f
			} else {
				addps(sum[2+c], sum[2+c], f)
			}
			cl.in[i][2+c], cl.dd[i][2+c] = one(h), one(d)
		}
	}
	fr.release(dh)
	// u = ((lx + ly) + lz)·unskew3 of every corner
	for c := range sum {
		mulps(sum[c], sum[c], kc(unskew3))
		cl.u[c] = one(sum[c])
	}
	return cl
}

// simplex3HashAVX2 is the corners' hashes of the cells, the corners as
// the groups (four per cell): the eats of y and z and the avalanche before
// its last xor-shift, into the cells' pre.
func (k *bk) simplex3HashAVX2(cells []s3cellAVX2) {
	var in [3]slots
	for _, cl := range cells {
		for i := range in {
			in[i] = append(in[i], cl.in[i][:]...)
		}
	}
	v := mov(in[0])
	for _, c := range in[1:] {
		addd(v, v, c)
		rotl(v, v, 17)
		mulld(v, v, kc(primeD))
	}
	k.fr.release(in[0], in[1], in[2]) // read: the spill below may reuse them
	pre := k.fr.spill(wavalanchePre(v))
	for j := range cells {
		copy(cells[j].pre[:], pre[4*j:])
	}
}

// simplex3FloatAVX2 is the corners' float work, two corners of every
// vector at a time as the groups (corner-major): for the simplex
// gradient first each pair's gradient and its scale (gx, gy, gz and
// 1/sqrt(gx² + gy² + gz²), into the frame: cpu.octahedronVectors and
// sphereGradient), then each pair's offsets, dot product and falloff; at
// most four registers per group. It returns the cells' sums.
func (k *bk) simplex3FloatAVX2(cells []s3cellAVX2, simplexGrad bool) vg {
	nv := len(cells)
	pairs := [2][2]int{{0, 1}, {2, 3}}
	at := func(pr [2]int, f func(cl *s3cellAVX2, c int) Mem) slots {
		var s slots
		for _, c := range pr {
			for v := range cells {
				s = append(s, f(&cells[v], c))
			}
		}
		return s
	}
	groups = 2 * nv
	var grad [2][4]slots // pair: gx, gy, gz, r
	if simplexGrad {
		for q, pr := range pairs {
			p := mov(at(pr, func(cl *s3cellAVX2, c int) Mem { return cl.pre[c] }))
			gy := wbyteGradient(p, 24)
			gx := wbyteGradientA(p)
			gz, a := newv(), newv()
			absps(a, gx)
			subps(gz, kc(f1), a)
			absps(a, gy)
			subps(gz, gz, a)
			mo := newv()
			minps(mo, gz, kc(0)) // VMINPS returns its second operand, +0, on equality
			k.fr.release(at(pr, func(cl *s3cellAVX2, c int) Mem { return cl.pre[c] }))
			gzs := k.fr.spill(gz)
			for _, c := range []vg{gx, gy} {
				t := newv()
				and(t, c, kc(signMask))
				xor(t, t, mo)
				addps(c, c, t)
			}
			r := wsphereScale(gx, gy, gzs)
			grad[q] = [4]slots{k.fr.spill(gx), k.fr.spill(gy), gzs, k.fr.spill(r)}
		}
	}
	var total vg
	var totalMem slots
	for q, pr := range pairs {
		var g vg
		if !simplexGrad {
			g = wbyteGradientA(mov(at(pr, func(cl *s3cellAVX2, c int) Mem { return cl.pre[c] })))
		}
		u := at(pr, func(cl *s3cellAVX2, c int) Mem { return cl.u[c] })
		fo := newv()
		for i := 0; i < 3; i++ {
			x := mov(u)
			addps(x, x, at(pr, func(cl *s3cellAVX2, c int) Mem { return cl.dd[i][c] }))
			if simplexGrad {
				if i == 0 {
					g = newv()
					mulps(g, x, grad[q][0])
				} else {
					t := newv()
					mulps(t, x, grad[q][i])
					addps(g, g, t)
				}
			}
			mulps(x, x, x)
			if i == 0 {
				subps(fo, kc(f0p5), x)
			} else {
				subps(fo, fo, x)
			}
		}
		if simplexGrad {
			mulps(g, g, grad[q][3])
			mulps(g, g, kc(simplex3))
		}
		kn := wkernelFalloff(fo, g)
		// the sum per vector, in the scalar order
		if q == 0 {
			t := vg(kn[:nv])
			addps(t, t, vg(kn[nv:]))
			total = t
			if simplexGrad { // the second pair needs the registers
				groups = nv
				ts := k.fr.spill(total)
				total = nil
				groups = 2 * nv
				defer func() { k.fr.release(ts) }()
				totalMem = ts
			}
		} else {
			t := vg(kn[:nv])
			if totalMem != nil {
				addps(t, t, totalMem) // (k0 + k1) + kA
			} else {
				addps(t, total, t)
			}
			addps(t, t, vg(kn[nv:]))
			total = t
		}
	}
	groups = nv
	return total
}

// s3sphereGatherAVX2 is s3sphereGather at AVX2: the sphere gradient's
// r = 1 / sqrt((gx² + gy²) + gz²) of the corners' avalanche pre (registers
// or frame slots), looked up in s3rsqrt (widesimplex.go) by VGATHERDPS.
// The index D·256 + A is (pre >> 16) ^ (pre ∧ 0xFF) (AVX2 has no
// three-input logic instruction: a shift, an and and an xor, as cheap as
// a VPSHUFB of the final hash, which this path does not compute).
func s3sphereGatherAVX2(pre opnd) vg {
	r := newv()
	base := GP64()
	LEAQ(s3rsqrtTable(), base)
	for g := range r {
		p := src(pre, g, YMM())
		t, a := YMM(), YMM()
		VPSRLD(U8(16), p, t)
		VPAND(bcast(0xFF), p, a)
		VPXOR(a, t, t)
		// the gather merges into its destination under the mask it
		// clears: a definition first, and a fresh all-ones mask
		mk := YMM()
		VPCMPEQD(mk, mk, mk)
		VMOVUPS(t, r[g])
		VGATHERDPS(mk, Mem{Base: base, Index: t, Scale: 4}, r[g])
	}
	return r
}
