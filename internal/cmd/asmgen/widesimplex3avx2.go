package main

import . "github.com/mmcloughlin/avo/operand"

// Simplex 3D at AVX2 (eight lanes, sixteen YMM registers), the structure of
// simplex3Corners (widesimplex.go) fitted to the registers: the cell and
// its four corners' inputs are computed first and kept in frame slots (the
// hash inputs, the offsets X − float(l) and the unskew term u of every
// corner), then the four corners' hashes run interleaved as four groups of
// the generic layer over those slots (each the two eats and the avalanche
// before its last xor-shift: six dependent VPMULLDs per corner, now side by
// side), then each corner's float work reads its hash and its offsets back.
// The exact rewrites are simplex3Corners's:
//
//   - the corners' masks are §3.5's booleans as xA = xGy ∧ xGz,
//     yA = ¬xGy ∧ yGz, zA = ¬(xA ∨ yA), t = xGz ∧ yGz, xB = xGy ∨ t,
//     yB = ¬(¬t ∧ xGy), zB = ¬t, the negated ones used by swapping the
//     blend's operands;
//   - X − float(l) is one of two values per axis (X − fx0, X − fx1; a
//     corner's float is exactly fx0 or fx1), computed once and blended;
//   - (h + (x0 + 1)·C) is (h + C) + x0·C;
//   - the octahedron fold g += (g < 0) ? off : −off, off = max(−gz, +0),
//     is g + (mo ^ (g ∧ sign)) with mo = min(gz, +0) (and/xor here: AVX2
//     has no three-input logic instruction).

// simplex3AVX2 reports whether the kernel being written takes
// simplex3CornersAVX2: the AVX2 level.
func simplex3AVX2() bool { return !wide() }

// s3cellAVX2 is one vector's simplex 3D cell in frame slots: per corner
// (0, 1, A, B) its hash after x and its y and z products with primeC, its
// offsets X − float(l) on each axis and its unskew term u.
type s3cellAVX2 struct {
	in  [3][4]Mem // axis, corner: h (axis 0), y·C, z·C
	dd  [3][4]Mem // axis, corner: X − float(l)
	u   [4]Mem
	pre [4]Mem // the corners' hashes after wavalanchePre
}

// simplex3CornersAVX2 is simplexValue3D before combineValue
// (cpu.simplexValue3D) at AVX2 for the groups' vectors: each vector's cell
// and hashes (its four corners' hashes interleaved), then the corners'
// float work with the vectors as the groups.
func (k *bk) simplex3CornersAVX2(simplexGrad bool) vg {
	nv := groups
	defer func() { groups = nv }()
	// the later vectors' positions wait in the frame
	var pos [3][]opnd
	for i := range pos {
		for v := 0; v < nv; v++ {
			if v == 0 {
				pos[i] = append(pos[i], vg{k.pos[i][0]})
			} else {
				groups = 1
				pos[i] = append(pos[i], k.fr.spill(vg{k.pos[i][v]}))
				groups = nv
			}
		}
	}
	cells := make([]s3cellAVX2, nv)
	for v := range cells {
		groups = 1
		cells[v] = k.simplex3CellAVX2([3]opnd{pos[0][v], pos[1][v], pos[2][v]})
		groups = 4
		k.simplex3HashAVX2(&cells[v])
	}
	groups = nv
	// then each corner's float work, the vectors as the groups:
	// x_i = (X_i − l_i) + u, fo = ((0.5 − x²) − y²) − z², the gradient and
	// the falloff; the sum in the scalar order, ((k0 + k1) + kA) + kB
	at := func(f func(c *s3cellAVX2) Mem) slots {
		s := make(slots, nv)
		for v := range cells {
			s[v] = f(&cells[v])
		}
		return s
	}
	var total vg
	for c := 0; c < 4; c++ {
		p := mov(at(func(cl *s3cellAVX2) Mem { return cl.pre[c] }))
		var g, gy, gz, r vg
		if simplexGrad {
			g, gy, gz = octahedronFoldAVX2(p)
			r = wsphereScale(g, gy, gz)
		} else {
			g = wbyteGradientA(p)
		}
		// the offsets, each folded into the dot product as it is made
		u := mov(at(func(cl *s3cellAVX2) Mem { return cl.u[c] }))
		fo, x := newv(), newv()
		for i := 0; i < 3; i++ {
			addps(x, u, at(func(cl *s3cellAVX2) Mem { return cl.dd[i][c] }))
			if simplexGrad {
				switch i {
				case 0:
					mulps(g, g, x)
				case 1:
					mulps(gy, gy, x)
					addps(g, g, gy)
				case 2:
					mulps(gz, gz, x)
					addps(g, g, gz)
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
			mulps(g, g, r)
			mulps(g, g, kc(simplex3))
		}
		kn := wkernelFalloff(fo, g)
		if total == nil {
			total = kn
		} else {
			addps(total, total, kn)
		}
	}
	return total
}

// simplex3CellAVX2 is one vector's cell (getSimplexCell3) and its
// corners' inputs, into frame slots (groups is 1).
func (k *bk) simplex3CellAVX2(pos [3]opnd) s3cellAVX2 {
	fr := k.fr
	var cl s3cellAVX2
	one := func(v vg) Mem { return fr.spill(v)[0] }
	// the scaled position P and the skewed cell
	kf := mov(k.F)
	mulps(kf, kf, kc(scale3))
	var P [3]vg
	for i := range P {
		P[i] = newv()
		mulps(P[i], pos[i], kf)
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
	xGy := cmpps(1, frc[1], frc[0]) // fy < fx
	xGz := cmpps(1, frc[2], frc[0]) // fz < fx
	yGz := cmpps(1, frc[2], frc[1]) // fz < fy
	xA := mand(xGy, xGz)
	yA := mandn(xGy, yGz)
	nzA := mor(xA, yA)
	t := mand(xGz, yGz)
	xB := mor(xGy, t)
	nyB := mandn(t, xGy)
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

// simplex3HashAVX2 is the four corners' hashes of a cell, the corners as
// the groups (groups is 4): the eats of y and z and the avalanche before
// its last xor-shift, into cl.pre.
func (k *bk) simplex3HashAVX2(cl *s3cellAVX2) {
	v := mov(slots(cl.in[0][:]))
	for _, c := range cl.in[1:] {
		addd(v, v, slots(c[:]))
		rotl(v, v, 17)
		mulld(v, v, kc(primeD))
	}
	copy(cl.pre[:], k.fr.spill(wavalanchePre(v)))
}

// octahedronFoldAVX2 is octahedronFold (widesimplex.go) at AVX2: the fold's
// mo ^ (g ∧ sign) by an and and an xor.
func octahedronFoldAVX2(pre vg) (gx, gy, gz vg) {
	gy = wbyteGradient(pre, 24)
	gx, gz = wbyteGradientA(pre), newv()
	a := newv()
	absps(a, gx)
	subps(gz, kc(f1), a)
	absps(a, gy)
	subps(gz, gz, a)
	mo := newv()
	minps(mo, gz, kc(0)) // VMINPS returns its second operand, +0, on equality
	for _, c := range []vg{gx, gy} {
		t := newv()
		and(t, c, kc(signMask))
		xor(t, t, mo)
		addps(c, c, t)
	}
	return gx, gy, gz
}
