//go:build linux && amd64 && !purego

package cpu

import "testing"

// BenchmarkPerlinKernel times the Perlin lattice batch kernels alone (2D
// and 3D, both levels) on simplexKernelBench's grids, in Mpts per second of
// the thread's CPU time (Mpts/cpus).
func BenchmarkPerlinKernel(b *testing.B) {
	type kern = func(x, y, z, out *float32, n int, h uint32, f float32, amp, ampSum, pp float32, mode int32, jit, jitC float32)
	for _, c := range []struct {
		name string
		dims int
		k    kern
		wide bool
	}{
		{"2D/avx2", 2, perlinLattice2DBatchAVX2, false},
		{"2D/avx512", 2, perlinLattice2DBatchAVX512, true},
		{"3D/avx2", 3, perlinLattice3DBatchAVX2, false},
		{"3D/avx512", 3, perlinLattice3DBatchAVX512, true},
	} {
		b.Run(c.name, func(b *testing.B) {
			if !cpuAVX2 || c.wide && !cpuAVX512 {
				b.Skip("the CPU lacks the level")
			}
			simplexKernelBench(b, c.dims, c.k)
		})
	}
}
