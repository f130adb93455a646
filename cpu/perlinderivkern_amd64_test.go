//go:build linux && amd64 && !purego

package cpu

import (
	"runtime"
	"testing"
)

// BenchmarkPerlinDerivKernel times the Perlin lattice derivative batch
// kernels alone (2D and 3D, both levels), and beside each its value
// kernel, on simplexKernelBench's grids in chunks of a batch (the
// derivative kernels' components are derivStride floats apart), one
// octave stored as samples, in Mpts per second of the thread's CPU time
// (Mpts/cpus).
func BenchmarkPerlinDerivKernel(b *testing.B) {
	type kern = func(x, y, z, out *float32, n int, h uint32, f float32, amp, ampSum, pp float32, mode int32, jit, jitC float32)
	type dkern = func(x, y, z, out *float32, n int, h uint32, f float32, amp, ampSum, pp float32, mode int32, jit, jitC float32, dst *float32)
	for _, c := range []struct {
		name string
		dims int
		k    kern
		d    dkern
		wide bool
	}{
		{"2D/avx2", 2, perlinLattice2DBatchAVX2, perlinLattice2DDerivBatchAVX2, false},
		{"2D/avx512", 2, perlinLattice2DBatchAVX512, perlinLattice2DDerivBatchAVX512, true},
		{"3D/avx2", 3, perlinLattice3DBatchAVX2, perlinLattice3DDerivBatchAVX2, false},
		{"3D/avx512", 3, perlinLattice3DBatchAVX512, perlinLattice3DDerivBatchAVX512, true},
	} {
		for _, deriv := range []bool{false, true} {
			name := c.name + "/values"
			if deriv {
				name = c.name + "/samples"
			}
			b.Run(name, func(b *testing.B) {
				if !cpuAVX2 || c.wide && !cpuAVX512 {
					b.Skip("the CPU lacks the level")
				}
				const n = 1 << 16
				x, y, z := make([]float32, n), make([]float32, n), make([]float32, n)
				for i := range x {
					if c.dims == 3 {
						x[i], y[i], z[i] = float32(i%64)/64, float32(i/64%64)/64, float32(i/4096)/64
					} else {
						x[i], z[i] = float32(i%256)/256, float32(i/256)/256
					}
				}
				out := make([]float32, 4*derivStride)
				dst := make([]float32, 5*derivStride)
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				b.ResetTimer()
				t0 := simplexBenchCPU()
				for it := 0; it < b.N; it++ {
					for i := 0; i < n; i += derivStride {
						if deriv {
							c.d(&x[i], &y[i], &z[i], &out[0], derivStride, 0, 4, 1, 1, 2, 16|32|64|128, 1, 0, &dst[0])
						} else {
							c.k(&x[i], &y[i], &z[i], &out[0], derivStride, 0, 4, 1, 1, 2, 16|32|64, 1, 0)
						}
					}
				}
				b.ReportMetric(float64(b.N)*n/(simplexBenchCPU()-t0)/1e6, "Mpts/cpus")
			})
		}
	}
}
