package main

// Simplex 3D's derivative kernels at AVX-512 (one vector per iteration):
// the value kernel's cell part (simplex3CellWide, widesimplex.go: its
// exact rewrites, the four corners' hashes side by side as groups, each
// corner's offsets and falloff fo in the frame), then per corner in the
// scalar order (cpu.simplex3D) the gradient (sphereGradient times
// simplex3: octahedronFold, whose fold is exact, and wsphereSR with r
// read from s3rsqrt, s3sphereGather, the same bits as wsphereScale's; or
// the byte gradient) and wkernelD, summed as sampleAdd does. (The
// gathers of all four corners before the first pair measured 2 % slower
// than each pair's before its fold in CPU time, 179.9 against 184.4
// Mpts/cpus, 5 alternated rounds, though llvm-mca, sapphirerapids, gave
// it 592 cycles per 16 points against 604.) The −0 floor the cell
// may keep reaches the offsets, and so the derivatives' products, in the
// sign of a zero only, which the octave sum's +0 + v never carries to a
// result (as at AVX2, widesimplexderiv.go).

// simplex3DWide is cpu.simplex3D before combineD at AVX-512 (groups is 1;
// see the file's comment): the simplex gradient's corners two at a time
// (simplex3DWidePairs), the byte gradient's one by one.
func (k *bk) simplex3DWide(simplexGrad bool) ds {
	if simplexGrad {
		return k.simplex3DWidePairs(simplexGrad)
	}
	pre, off, fos := k.simplex3CellWide(true)
	var sum ds
	for c := 0; c < 4; c++ {
		p := vg{pre[c]}
		var x [3]vg
		for i := range x {
			x[i] = mov(slots{off[i][c]})
		}
		fo := mov(slots{fos[c]})
		g := simplex3GradientD(simplexGrad, p, x[0], x[1], x[2])
		k.fr.release(slots{off[0][c]}, slots{off[1][c]}, slots{off[2][c]}, slots{fos[c]})
		sum = k.addS(sum, wkernelD(fo, [4]opnd{1: x[0], 2: x[1], 3: x[2]}, g, []int{1, 2, 3}, true), false)
	}
	return sum
}

// simplex3DWidePairs is simplex3DWide with the corners' gradients and
// kernels two at a time as groups (corners 0 and 1, then A and B), summed
// one by one in the scalar order: two corners' square roots and divisions
// overlap. simplex3DWide takes it for the simplex gradient (measured in
// CPU time on the loaded Xeon, BenchmarkSimplexKernelSimplex3DDerivAVX512:
// +6 % over the corners one by one; the byte gradient, without a square
// root, measured 2 % slower so, and keeps them one by one).
func (k *bk) simplex3DWidePairs(simplexGrad bool) ds {
	pre, off, fos := k.simplex3CellWide(true)
	defer func(g int) { groups = g }(groups)
	var sum ds
	for _, pr := range [][]int{{0, 1}, {2, 3}} {
		groups = len(pr)
		p, fo := make(vg, len(pr)), make(slots, len(pr))
		var x [3]slots
		for j, c := range pr {
			p[j], fo[j] = pre[c], fos[c]
			for i := range x {
				x[i] = append(x[i], off[i][c])
			}
		}
		g := simplex3GradientD(simplexGrad, p, x[0], x[1], x[2])
		kn := wkernelD(fo, [4]opnd{1: x[0], 2: x[1], 3: x[2]}, g, []int{1, 2, 3}, true)
		k.fr.release(fo, x[0], x[1], x[2])
		groups = 1
		for j := range pr {
			var t ds
			for i, c := range kn {
				if r, ok := c.(vg); ok {
					t[i] = vg{r[j]}
				} else {
					t[i] = c
				}
			}
			sum = k.addS(sum, t, false)
		}
	}
	return sum
}

// simplex3GradientD is a 3D simplex corner's gradient and its derivatives
// from the corner hashes p (before the avalanche's last steps, as
// simplex3CellWide leaves them) and the offsets x, y, z: sphereGradient
// times simplex3 (wsphereS), or the byte gradient, a constant.
func simplex3GradientD(simplexGrad bool, p vg, x, y, z opnd) ds {
	if simplexGrad {
		r := s3sphereGather(p) // r from s3rsqrt, issued before the fold
		gx, gy, gz := octahedronFold(p)
		return wsphereSR(gx, gy, gz, r, x, y, z)
	}
	return ds{wbyteGradientA(p), dz0, dz0, dz0}
}
