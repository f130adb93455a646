//go:build linux && amd64 && !purego

package cpu

import (
	"runtime"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
)

// BenchmarkSmoothWorley times smooth Worley (voronoi-worley-smooth-lse and
// -poly, the default settings: frequency 4, one octave) on the bench grids
// (simplexKernelBench's: 64×64×64 points in [0,1)³, 256×256 in [0,1)² for
// 2D; 65536 points in [0,1) for 1D), in CPU time (Mpts/cpus), single threaded: "kernel" is an
// accumulator kernel alone (smoothWorley*LSE, *Poly), "values" the whole
// Values path (valuesRange: the kernel and Go's finish per point, or the
// scalar sample path at the scalar level), "samples" the whole Samples
// path (samplesRange: the derivative kernels, or the scalar sample path),
// "samples-warp" that with an independent domain warp of two octaves
// (amplitude 0.3).
func BenchmarkSmoothWorley(b *testing.B) {
	type kern = func(x, y, z, out *float32, n int, h uint32, f, jit, jitC float32)
	for _, dims := range []int{1, 2, 3} {
		for _, c := range []struct {
			name string
			l    ISA
			k    [2]kern
		}{
			{"avx2", ISAAVX2, map[int][2]kern{1: {smoothWorley1DLSEAVX2, smoothWorley1DPolyAVX2}, 2: {smoothWorley2DLSEAVX2, smoothWorley2DPolyAVX2}, 3: {smoothWorley3DLSEAVX2, smoothWorley3DPolyAVX2}}[dims]},
			{"avx512", ISAAVX512, map[int][2]kern{1: {smoothWorley1DLSEAVX512, smoothWorley1DPolyAVX512}, 2: {smoothWorley2DLSEAVX512, smoothWorley2DPolyAVX512}, 3: {smoothWorley3DLSEAVX512, smoothWorley3DPolyAVX512}}[dims]},
			{"scalar", ISAScalar, [2]kern{}},
		} {
			const n = 1 << 16
			x, y, z := make([]float32, n), make([]float32, n), make([]float32, n)
			pos := make([]mgl32.Vec3, n)
			for i := range x {
				switch dims {
				case 1:
					x[i] = float32(i) / n
				case 3:
					x[i], y[i], z[i] = float32(i%64)/64, float32(i/64%64)/64, float32(i/4096)/64
				default:
					x[i], z[i] = float32(i%256)/256, float32(i/256)/256
				}
				pos[i] = mgl32.Vec3{x[i], y[i], z[i]}
			}
			lacks := c.l == ISAAVX2 && !cpuAVX2 || c.l == ISAAVX512 && !cpuAVX512
			for ki, k := range c.k {
				if k == nil {
					continue
				}
				b.Run(c.name+"/kernel/"+[]string{"lse", "poly"}[ki]+map[int]string{1: "1D", 2: "2D", 3: "3D"}[dims], func(b *testing.B) {
					if lacks {
						b.Skip("the CPU lacks the level")
					}
					sa := make([]float32, n)
					runtime.LockOSThread()
					defer runtime.UnlockOSThread()
					b.ResetTimer()
					t0 := simplexBenchCPU()
					for it := 0; it < b.N; it++ {
						for o := 0; o < n; o += 4096 {
							k(&x[o], &y[o], &z[o], &sa[o], 4096, 0, 4, 1, 0)
						}
					}
					b.ReportMetric(float64(b.N)*n/(simplexBenchCPU()-t0)/1e6, "Mpts/cpus")
				})
			}
			for _, nz := range []noise.Noise{noise.VoronoiWorleySmoothLSE, noise.VoronoiWorleySmoothPoly} {
				b.Run(c.name+"/values/"+nz.String()[15:]+map[int]string{1: "1D", 2: "2D", 3: "3D"}[dims], func(b *testing.B) {
					if lacks {
						b.Skip("the CPU lacks the level")
					}
					var s *Sampler
					old := CurrentISA()
					if err := SetISA(c.l); err != nil {
						b.Fatal(err)
					}
					s, err := New(noise.Config{Noise: nz, Dims: dims, Settings: noise.DefaultSettings()})
					SetISA(old)
					if err != nil {
						b.Fatal(err)
					}
					out := make([]float32, n)
					runtime.LockOSThread()
					defer runtime.UnlockOSThread()
					b.ResetTimer()
					t0 := simplexBenchCPU()
					for it := 0; it < b.N; it++ {
						s.valuesRange(pos, out)
					}
					b.ReportMetric(float64(b.N)*n/(simplexBenchCPU()-t0)/1e6, "Mpts/cpus")
				})
			}
			for _, w := range []string{"samples", "samples-warp"} {
				for _, nz := range []noise.Noise{noise.VoronoiWorleySmoothLSE, noise.VoronoiWorleySmoothPoly} {
					b.Run(c.name+"/"+w+"/"+nz.String()[15:]+map[int]string{1: "1D", 2: "2D", 3: "3D"}[dims], func(b *testing.B) {
						if lacks {
							b.Skip("the CPU lacks the level")
						}
						old := CurrentISA()
						if err := SetISA(c.l); err != nil {
							b.Fatal(err)
						}
						st := noise.DefaultSettings()
						if w == "samples-warp" {
							st.WarpAmplitude, st.WarpOctaves = 0.3, 2
						}
						s, err := New(noise.Config{Noise: nz, Dims: dims, Settings: st})
						SetISA(old)
						if err != nil {
							b.Fatal(err)
						}
						out := make([]noise.Sample, n)
						runtime.LockOSThread()
						defer runtime.UnlockOSThread()
						b.ResetTimer()
						t0 := simplexBenchCPU()
						for it := 0; it < b.N; it++ {
							s.samplesRange(pos, out)
						}
						b.ReportMetric(float64(b.N)*n/(simplexBenchCPU()-t0)/1e6, "Mpts/cpus")
					})
				}
			}
		}
	}
}
