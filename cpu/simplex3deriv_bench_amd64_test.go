//go:build linux && amd64 && !purego

package cpu

import (
	"runtime"
	"testing"
)

// simplexDerivKernelBench times a 3D derivative batch kernel alone, as
// simplexKernelBench times a value kernel: the bench grid's 64×64×64
// points in [0,1)³, frequency 4, one octave (first and unit: the value and
// the three derivatives go to out, component c at c·derivStride), in
// chunks of derivStride; Mpts per second of the thread's CPU time.
func simplexDerivKernelBench(b *testing.B, k func(x, y, z, out *float32, n int, h uint32, f float32, amp, ampSum, pp float32, mode int32, jit, jitC float32, dst *float32)) {
	const n = 1 << 16
	x, y, z := make([]float32, n), make([]float32, n), make([]float32, n)
	for i := range x {
		x[i], y[i], z[i] = float32(i%64)/64, float32(i/64%64)/64, float32(i/4096)/64
	}
	out := make([]float32, 5*derivStride)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ResetTimer()
	t0 := simplexBenchCPU()
	for it := 0; it < b.N; it++ {
		for c := 0; c < n; c += derivStride {
			k(&x[c], &y[c], &z[c], &out[0], derivStride, 0, 4, 1, 1, 2, 16|64, 1, 0, nil)
		}
	}
	b.ReportMetric(float64(b.N)*n/(simplexBenchCPU()-t0)/1e6, "Mpts/cpus")
}

// BenchmarkSimplexKernelSimplex3DDerivAVX512 times
// simplexSimplex3DDerivBatchAVX512.
func BenchmarkSimplexKernelSimplex3DDerivAVX512(b *testing.B) {
	if !cpuAVX512 {
		b.Skip("no AVX-512")
	}
	simplexDerivKernelBench(b, simplexSimplex3DDerivBatchAVX512)
}

// BenchmarkSimplexKernelValueSimplex3DDerivAVX512 times
// valueSimplex3DDerivBatchAVX512.
func BenchmarkSimplexKernelValueSimplex3DDerivAVX512(b *testing.B) {
	if !cpuAVX512 {
		b.Skip("no AVX-512")
	}
	simplexDerivKernelBench(b, valueSimplex3DDerivBatchAVX512)
}

// BenchmarkSimplexKernelSimplex3DDerivAVX2 times
// simplexSimplex3DDerivBatchAVX2.
func BenchmarkSimplexKernelSimplex3DDerivAVX2(b *testing.B) {
	if !cpuAVX2 {
		b.Skip("no AVX2")
	}
	simplexDerivKernelBench(b, simplexSimplex3DDerivBatchAVX2)
}
