//go:build linux && amd64 && !purego

package cpu

import (
	"runtime"
	"testing"
)

// BenchmarkValueDerivKernels times the value lattice 2D and 3D derivative
// kernels alone beside their value kernels, at both levels, as
// Sampler.Samples and Values run them on whole chunks (batchChunk points
// a call, one octave, the derivative kernels storing the samples
// directly: mode first|unit|store), on simplexKernelBench's grids,
// with its CPU-time metric (Mpts/cpus): the kernel part of
// BenchmarkSamplesRatio's value rows.
func BenchmarkValueDerivKernels(b *testing.B) {
	type kern = func(x, y, z, out *float32, n int, h uint32, f float32, amp, ampSum, pp float32, mode int32, jit, jitC float32)
	type dkern = func(x, y, z, out *float32, n int, h uint32, f float32, amp, ampSum, pp float32, mode int32, jit, jitC float32, dst *float32)
	for _, c := range []struct {
		name string
		k    kern
		d    dkern
		wide bool
		dims int
	}{
		{"2D/avx2", valueLattice2DBatchAVX2, valueLattice2DDerivBatchAVX2, false, 2},
		{"2D/avx512", valueLattice2DBatchAVX512, valueLattice2DDerivBatchAVX512, true, 2},
		{"3D/avx2", valueLattice3DBatchAVX2, valueLattice3DDerivBatchAVX2, false, 3},
		{"3D/avx512", valueLattice3DBatchAVX512, valueLattice3DDerivBatchAVX512, true, 3},
	} {
		for _, deriv := range []bool{false, true} {
			b.Run(c.name+map[bool]string{false: "/values", true: "/samples"}[deriv], func(b *testing.B) {
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
				out := make([]float32, 4*batchChunk)
				dst := make([]float32, 5*n)
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				b.ResetTimer()
				t0 := simplexBenchCPU()
				for it := 0; it < b.N; it++ {
					for i := 0; i < n; i += batchChunk {
						if deriv {
							c.d(&x[i], &y[i], &z[i], &out[0], batchChunk, 0, 4, 1, 1, 2, 16|64|128, 0, 0, &dst[5*i])
						} else {
							c.k(&x[i], &y[i], &z[i], &out[0], batchChunk, 0, 4, 1, 1, 2, 16|64, 0, 0)
						}
					}
				}
				b.ReportMetric(float64(b.N)*n/(simplexBenchCPU()-t0)/1e6, "Mpts/cpus")
			})
		}
	}
}
