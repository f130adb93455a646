package main

// The simplex derivative kernels with the structure of the value kernels
// (widesimplex3avx2.go): the corners' hashes side by side as groups, the
// derivative arithmetic per corner exactly as cpu.simplex3D orders it.
//
// Simplex 3D at AVX2 (one vector per iteration): the cell and the four
// corners' hash inputs, offsets X − float(l) and unskew terms u in frame
// slots (simplex3CellAVX2, whose exact rewrites are listed in
// widesimplex3avx2.go: the −0 floor it may keep reaches the offsets and so
// the derivatives' products in the sign of a zero only, which the octave
// sum's +0 + v never carries to a result), the four corners' hashes as four
// groups (simplex3HashAVX2), then per corner in the scalar order the
// offsets x_i = u + (X_i − float(l_i)) (+ commutes), the falloff
// fo = ((0.5 − x_0²) − x_1²) − x_2², the gradient (sphereGradient times
// simplex3: woctahedronVectorsPre, whose fold is exact, and r read from
// s3rsqrt, s3sphereGatherAVX2: the reference's r of bytes A and D, the
// same bits as wsphereScale's square root and division) and wkernelD,
// summed as sampleAdd does. (CPU-time A/B on the loaded Xeon, medians of
// 6 and 5 alternated rounds: BenchmarkSimplexKernelSimplex3DDerivAVX2
// 107.3 → 116.7 and 107.1 → 115.9 Mpts/cpus; llvm-mca, alderlake, 556 →
// 514 cycles per 8 points. Issuing the gather before the corner's
// offsets measured level, llvm-mca 534.)

// simplex3DAVX2 is cpu.simplex3D before combineD at AVX2 (groups is 1; see
// the file's comment).
func (k *bk) simplex3DAVX2(simplexGrad bool) ds {
	kf := mov(k.F)
	mulps(kf, kf, kc(scale3))
	kfs := k.fr.spill(kf)
	cl := k.simplex3CellAVX2([3]opnd{k.pos[0], k.pos[1], k.pos[2]}, kfs)
	k.fr.release(kfs)
	groups = 4
	cells := []s3cellAVX2{cl}
	k.simplex3HashAVX2(cells) // fills cells[0].pre
	cl = cells[0]
	groups = 1
	var sum ds
	for c := 0; c < 4; c++ {
		u := slots{cl.u[c]}
		var x [3]vg
		fo := mov(kc(f0p5))
		t := newv()
		for i := range x {
			x[i] = mov(slots{cl.dd[i][c]})
			addps(x[i], x[i], u)
			mulps(t, x[i], x[i])
			subps(fo, fo, t)
		}
		pre := slots{cl.pre[c]}
		var g ds
		if simplexGrad { // r from s3rsqrt
			p := mov(pre)
			r := s3sphereGatherAVX2(p)
			gx, gy, gz := woctahedronVectorsPre(p)
			g = wsphereSR(gx, gy, gz, r, x[0], x[1], x[2])
		} else {
			g = ds{wbyteGradientA(mov(pre)), dz0, dz0, dz0}
		}
		k.fr.release(u, pre, slots{cl.dd[0][c]}, slots{cl.dd[1][c]}, slots{cl.dd[2][c]})
		sum = k.addS(sum, wkernelD(fo, [4]opnd{1: x[0], 2: x[1], 3: x[2]}, g, []int{1, 2, 3}, true), true)
	}
	return sum
}

// simplex2DCorners is cpu.simplex2D before combineD with the value
// kernel's cell part (simplex2Cell, widesimplex2.go: its exact rewrites,
// the three corners' hashes side by side as groups, everything in the
// frame), then per corner in the scalar order the gradient (the simplex
// gradient: circleGradient times simplex2 from A·2/255 − 1 as
// simplex2Kernel rewrites squareVectors, gx − round(gx)) and wkernelD,
// summed as sampleAdd does. The −0 floor simplex2Cell may keep at AVX2
// reaches the offsets, and so the derivatives' products, in the sign of a
// zero only, which the octave sum's +0 + v never carries to a result.
func (k *bk) simplex2DCorners(simplexGrad bool) ds {
	P := groups
	saved := s2inv
	defer func() { s2inv = saved }()
	// the loop invariants of the value kernel (hoistLoad), computed here
	kf, hC := mov(k.F), newv()
	mulps(kf, kf, kc(invSqrt3))
	addd(hC, k.h, kc(primeC))
	kfs, hCs := k.fr.spill(kf), k.fr.spill(hC)
	s2inv.kf, s2inv.hC = kfs, hCs
	cell := k.simplex2Cell(0, [3]bool{true, true, true})
	k.fr.release(kfs, hCs)
	part := func(o opnd, c int) slots { return o.(slots)[c*P : (c+1)*P] }
	var sum ds
	for c := 0; c < 3; c++ {
		g0, x, z, fo := part(cell[0], c), part(cell[1], c), part(cell[2], c), part(cell[3], c)
		var g ds
		if simplexGrad {
			gx := mov(g0)
			gy, _ := wsquareRound(gx)
			g = wcircleGS(gx, gy, x, z)
		} else {
			g = ds{mov(g0), dz0, nil, dz0}
		}
		f := mov(fo)
		xr, zr := mov(x), mov(z)
		kn := wkernelD(f, [4]opnd{1: xr, 3: zr}, g, []int{1, 3}, true)
		sum = k.addS(sum, kn, tight())
	}
	k.fr.release(cell[0], cell[1], cell[2], cell[3])
	return sum
}
