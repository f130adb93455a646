package main

// Simplex 3D's derivative kernels at AVX-512 (one vector per iteration):
// the value kernel's cell part (simplex3CellWide, widesimplex.go: its
// exact rewrites, the four corners' hashes side by side as groups, each
// corner's offsets and falloff fo in the frame), then per corner in the
// scalar order (cpu.simplex3D) the gradient (sphereGradient times
// simplex3: octahedronFold, whose fold is exact, and wsphereS; or the byte
// gradient) and wkernelD, summed as sampleAdd does. The −0 floor the cell
// may keep reaches the offsets, and so the derivatives' products, in the
// sign of a zero only, which the octave sum's +0 + v never carries to a
// result (as at AVX2, widesimplexderiv.go).

// simplex3DWide is cpu.simplex3D before combineD at AVX-512 (groups is 1;
// see the file's comment).
func (k *bk) simplex3DWide(simplexGrad bool) ds {
	pre, off, fos := k.simplex3CellWide(true)
	var sum ds
	for c := 0; c < 4; c++ {
		p := vg{pre[c]}
		var x [3]vg
		for i := range x {
			x[i] = mov(slots{off[i][c]})
		}
		fo := mov(slots{fos[c]})
		var g ds
		if simplexGrad { // sphereGradient times simplex3
			gx, gy, gz := octahedronFold(p)
			g = wsphereS(gx, gy, gz, x[0], x[1], x[2])
		} else {
			g = ds{wbyteGradientA(p), dz0, dz0, dz0}
		}
		k.fr.release(slots{off[0][c]}, slots{off[1][c]}, slots{off[2][c]}, slots{fos[c]})
		sum = k.addS(sum, wkernelD(fo, [4]opnd{1: x[0], 2: x[1], 3: x[2]}, g, []int{1, 2, 3}, true), false)
	}
	return sum
}
