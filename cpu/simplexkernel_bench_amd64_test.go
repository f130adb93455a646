//go:build linux && amd64 && !purego

package cpu

import (
	"runtime"
	"syscall"
	"testing"
)

// simplexBenchCPU is the calling thread's user+system CPU time in seconds.
func simplexBenchCPU() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1, &ru); err != nil { // RUSAGE_THREAD
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

// simplexKernelBench times a simplex batch kernel alone (no AoS→SoA split,
// no dispatch): the bench grid's 64×64×64 points in [0,1)³ (2D: 256×256
// in [0,1)², y = 0), frequency 4, one octave, in chunks of 4096. It
// reports Mpts per second of the thread's CPU time (Mpts/cpus) as well as
// ns/op: on a shared, loaded machine the CPU time leaves out the time the
// thread waited for a CPU, so A/B comparisons are steadier.
func simplexKernelBench(b *testing.B, dims int, k func(x, y, z, out *float32, n int, h uint32, f float32, amp, ampSum, pp float32, mode int32, jit, jitC float32)) {
	const n = 1 << 16
	x, y, z, out := make([]float32, n), make([]float32, n), make([]float32, n), make([]float32, n)
	for i := range x {
		if dims == 3 {
			x[i], y[i], z[i] = float32(i%64)/64, float32(i/64%64)/64, float32(i/4096)/64
		} else {
			x[i], z[i] = float32(i%256)/256, float32(i/256)/256
		}
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ResetTimer()
	t0 := simplexBenchCPU()
	for it := 0; it < b.N; it++ {
		for c := 0; c < n; c += 4096 {
			k(&x[c], &y[c], &z[c], &out[c], 4096, 0, 4, 1, 1, 2, 16|64, 1, 0)
		}
	}
	b.ReportMetric(float64(b.N)*n/(simplexBenchCPU()-t0)/1e6, "Mpts/cpus")
}

// BenchmarkSimplexKernelSimplex3DAVX512 times simplexSimplex3DBatchAVX512.
func BenchmarkSimplexKernelSimplex3DAVX512(b *testing.B) {
	if !cpuAVX512 {
		b.Skip("no AVX-512")
	}
	simplexKernelBench(b, 3, simplexSimplex3DBatchAVX512)
}

// BenchmarkSimplexKernelValueSimplex3DAVX512 times valueSimplex3DBatchAVX512.
func BenchmarkSimplexKernelValueSimplex3DAVX512(b *testing.B) {
	if !cpuAVX512 {
		b.Skip("no AVX-512")
	}
	simplexKernelBench(b, 3, valueSimplex3DBatchAVX512)
}

// BenchmarkSimplexKernelSimplex2DAVX2 times simplexSimplex2DBatchAVX2.
func BenchmarkSimplexKernelSimplex2DAVX2(b *testing.B) {
	if !cpuAVX2 {
		b.Skip("no AVX2")
	}
	simplexKernelBench(b, 2, simplexSimplex2DBatchAVX2)
}

// BenchmarkSimplexKernelSimplex2DAVX512 times simplexSimplex2DBatchAVX512.
func BenchmarkSimplexKernelSimplex2DAVX512(b *testing.B) {
	if !cpuAVX512 {
		b.Skip("no AVX-512")
	}
	simplexKernelBench(b, 2, simplexSimplex2DBatchAVX512)
}

// BenchmarkSimplexKernelSimplex3DAVX2 times simplexSimplex3DBatchAVX2.
func BenchmarkSimplexKernelSimplex3DAVX2(b *testing.B) {
	if !cpuAVX2 {
		b.Skip("no AVX2")
	}
	simplexKernelBench(b, 3, simplexSimplex3DBatchAVX2)
}
