//go:build linux && amd64 && !purego

package cpu

import "testing"

// BenchmarkWorleyKernels times the Worley and Chebyshev F1 batch kernels
// and the full Worley 2D/3D kernels (F1, F2 and F2 − F1) alone, at both
// levels, with simplexKernelBench's grids and CPU-time metric (Mpts/cpus):
// the kernels the voronoi-worley-f1 and voronoi-chebyshev-f1 benches run.
func BenchmarkWorleyKernels(b *testing.B) {
	type kern = func(x, y, z, out *float32, n int, h uint32, f float32, amp, ampSum, pp float32, mode int32, jit, jitC float32)
	for _, c := range []struct {
		name string
		k    kern
		wide bool
		dims int
	}{
		{"worley2DF1/avx2", worley2DF1BatchAVX2, false, 2},
		{"worley2DF1/avx512", worley2DF1BatchAVX512, true, 2},
		{"worley3DF1/avx2", worley3DF1BatchAVX2, false, 3},
		{"worley3DF1/avx512", worley3DF1BatchAVX512, true, 3},
		{"chebyshev2DF1/avx2", chebyshev2DF1BatchAVX2, false, 2},
		{"chebyshev2DF1/avx512", chebyshev2DF1BatchAVX512, true, 2},
		{"chebyshev3DF1/avx2", chebyshev3DF1BatchAVX2, false, 3},
		{"chebyshev3DF1/avx512", chebyshev3DF1BatchAVX512, true, 3},
		{"worley2D/avx2", worley2DBatchAVX2, false, 2},
		{"worley2D/avx512", worley2DBatchAVX512, true, 2},
		{"worley3D/avx2", worley3DBatchAVX2, false, 3},
		{"worley3D/avx512", worley3DBatchAVX512, true, 3},
	} {
		b.Run(c.name, func(b *testing.B) {
			if !cpuAVX2 || c.wide && !cpuAVX512 {
				b.Skip("the CPU lacks the level")
			}
			simplexKernelBench(b, c.dims, c.k)
		})
	}
}
