package main

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
// simplex3CornersAVX2: the AVX2 level at one group.
func simplex3AVX2() bool { return !wide() && groups == 1 }

// simplex3CornersAVX2 is simplexValue3D before combineValue
// (cpu.simplexValue3D) at AVX2, the four corners' hashes interleaved.
func (k *bk) simplex3CornersAVX2(simplexGrad bool) vg {
	fr := k.fr
	// the scaled position P and the skewed cell (getSimplexCell3)
	kf := mov(k.F)
	mulps(kf, kf, kc(scale3))
	var P [3]vg
	for i := range P {
		P[i] = newv()
		mulps(P[i], k.pos[i], kf)
		clampc(P[i])
	}
	sk := newv()
	addps(sk, P[0], P[1])
	addps(sk, sk, P[2])
	mulps(sk, sk, kc(skew3))
	// per axis: the lower corner's float fl0 and the upper's fl1 (float32(l
	// + 1): both round the integer l + 1), the products with primeC (c0, c1;
	// on x the hashes after x, h0 and h1), the offsets dd0 = X − fl0 and
	// dd1 = X − fl1, and the fraction fr that orders the corners
	var fl0, frc [3]vg
	var c0, c1, dd0, dd1 [3]slots
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
			c0[0] = fr.spill(eatC(k.h, l))
			c1[0] = fr.spill(eatC(hC, l))
		} else {
			c0[i] = fr.spill(l)
			u := newv()
			addd(u, l, kc(primeC))
			c1[i] = fr.spill(u)
		}
		f1v := newv()
		addps(f1v, fl0[i], kc(f1))
		d := newv()
		subps(d, P[i], fl0[i])
		dd0[i] = fr.spill(d)
		subps(d, P[i], f1v)
		dd1[i] = fr.spill(d)
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
	type sel struct {
		m   mask
		neg bool
	}
	selA := [3]sel{{xA, false}, {yA, false}, {nzA, true}}
	selB := [3]sel{{xB, false}, {nyB, true}, {t, true}}
	// pick is a corner's value on an axis, blended by its mask,
	// m ? upper : lower (neg: m ? lower : upper)
	pick := func(s sel, lo, up opnd) vg {
		d := newv()
		if s.neg {
			blend(d, s.m, lo, up)
		} else {
			blend(d, s.m, up, lo)
		}
		return d
	}
	// corners A and B: the hash inputs, the offsets, and the sums of the
	// floats for u; corners 0 and 1: the sums
	var cA, cB, ddA, ddB [3]slots
	var sum [4]vg
	for i := range P {
		cA[i] = fr.spill(pick(selA[i], c0[i], c1[i]))
		cB[i] = fr.spill(pick(selB[i], c0[i], c1[i]))
		ddA[i] = fr.spill(pick(selA[i], dd0[i], dd1[i]))
		ddB[i] = fr.spill(pick(selB[i], dd0[i], dd1[i]))
		f1v := newv()
		addps(f1v, fl0[i], kc(f1))
		for c, f := range []vg{fl0[i], f1v, pick(selA[i], fl0[i], f1v), pick(selB[i], fl0[i], f1v)} {
			if i == 0 {
				sum[c] = f
			} else {
				addps(sum[c], sum[c], f)
			}
		}
	}
	// u = ((lx + ly) + lz)·unskew3 of every corner
	var us [4]slots
	for c := range sum {
		mulps(sum[c], sum[c], kc(unskew3))
		us[c] = fr.spill(sum[c])
	}
	// the four hashes together, each group a corner
	quad := func(a [4]slots) slots { return slots{a[0][0], a[1][0], a[2][0], a[3][0]} }
	var ci [3]slots
	for i := range ci {
		ci[i] = quad([4]slots{c0[i], c1[i], cA[i], cB[i]})
	}
	groups = 4
	v := mov(ci[0])
	for _, c := range ci[1:] {
		addd(v, v, c)
		rotl(v, v, 17)
		mulld(v, v, kc(primeD))
	}
	pre := fr.spill(wavalanchePre(v))
	groups = 1
	// then each corner's float work: x_i = (X_i − l_i) + u,
	// fo = ((0.5 − x²) − y²) − z², the gradient and the falloff; the sum in
	// the scalar order, ((k0 + k1) + kA) + kB
	dds := [4][3]slots{dd0, dd1, ddA, ddB}
	var total vg
	for c := 0; c < 4; c++ {
		u := mov(us[c])
		var off [3]vg
		fo, sq := newv(), newv()
		for i := range off {
			off[i] = newv()
			addps(off[i], u, dds[c][i])
			mulps(sq, off[i], off[i])
			if i == 0 {
				subps(fo, kc(f0p5), sq)
			} else {
				subps(fo, fo, sq)
			}
		}
		p := mov(slots{pre[c]})
		var g vg
		if simplexGrad {
			gx, gy, gz := octahedronFoldAVX2(p)
			r := wsphereScale(gx, gy, gz)
			g = wdot3(gx, gy, gz, off[0], off[1], off[2])
			mulps(g, g, r)
			mulps(g, g, kc(simplex3))
		} else {
			g = wbyteGradientA(p)
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
