//go:build amd64 && !purego

package cpu

import (
	"testing"
	"unsafe"
)

// BenchmarkValueKernels times the value lattice batch kernels alone (no
// prepareBatch, no NaN pass) on the bench grids of ../shared/peers/limit
// (256² points in 2D, 64³ in 3D, frequency 4, one octave), so that their
// speed can be set beside the exact C yardstick's; the metric is Mpts/s.
func BenchmarkValueKernels(b *testing.B) {
	n2, n3 := 256*256, 64*64*64
	x2, z2 := make([]float32, n2), make([]float32, n2)
	for i := range x2 {
		x2[i], z2[i] = (float32(i%256)+0.5)/256, (float32(i/256)+0.5)/256
	}
	x3, y3, z3 := make([]float32, n3), make([]float32, n3), make([]float32, n3)
	for i := range x3 {
		x3[i], y3[i], z3[i] = (float32(i%64)+0.5)/64, (float32(i/64%64)+0.5)/64, (float32(i/4096)+0.5)/64
	}
	out := make([]float32, n3)
	const mode = 16 | 64 // first, unit: one octave
	type kern func(x, y, z, out *float32, n int, h uint32, f float32, amp, ampSum, pp float32, mode int32, jit, jitC float32)
	for _, c := range []struct {
		name string
		k    kern
		wide bool
		d3   bool
	}{
		{"2D/avx2", valueLattice2DBatchAVX2, false, false},
		{"2D/avx512", valueLattice2DBatchAVX512, true, false},
		{"3D/avx2", valueLattice3DBatchAVX2, false, true},
		{"3D/avx512", valueLattice3DBatchAVX512, true, true},
	} {
		b.Run(c.name, func(b *testing.B) {
			if !cpuAVX2 || c.wide && !cpuAVX512 {
				b.Skip("the CPU lacks the level")
			}
			x, y, z, n := x2, x2, z2, n2
			if c.d3 {
				x, y, z, n = x3, y3, z3, n3
			}
			p := func(s []float32) *float32 { return (*float32)(unsafe.Pointer(&s[0])) }
			for i := 0; i < b.N; i++ {
				c.k(p(x), p(y), p(z), p(out), n, 0, 4, 1, 1, 0, mode, 0, 0)
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mpts/s")
		})
	}
}
