package dispatch

import (
	"os"
	"strconv"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/gpu/shaders"
	"github.com/noiselab/noise/internal/grid"
)

// benchPoints is the batch size of the GPU benchmarks: 2^20, or
// NOISE_BENCH_POINTS (the H100 figures use 2^24).
func benchPoints() int {
	if n, err := strconv.Atoi(os.Getenv("NOISE_BENCH_POINTS")); err == nil && n > 0 {
		return n
	}
	return 1 << 20
}

// warped4 is four octaves with a domain warp (BenchmarkFractal's in bench).
var warped4 = noise.Settings{Seed: 0, Frequency: 4, Octaves: 4, Lacunarity: 2, Persistence: 0.5,
	WarpAmplitude: 0.3, WarpFrequency: 2, WarpOctaves: 2, WarpMode: noise.WarpProgressive}

var benchNoises = []struct {
	name     string
	noise    noise.Noise
	settings noise.Settings
	dims     int // 0: 3
}{
	{"perlin3D", noise.Perlin, noise.DefaultSettings(), 0}, {"simplex3D", noise.Simplex, noise.DefaultSettings(), 0},
	{"worleyF1_3D", noise.VoronoiWorleyF1, noise.DefaultSettings(), 0},
	{"perlin3D_4oct", noise.Perlin, func() noise.Settings { s := warped4; s.WarpAmplitude = 0; return s }(), 0},
	{"perlin3D_4oct_warp", noise.Perlin, warped4, 0},
	{"perlin4D", noise.Perlin, noise.DefaultSettings(), 4}, {"simplex4D", noise.Simplex, noise.DefaultSettings(), 4},
}

// vec4s gives the 3D benchmark positions a fourth coordinate.
func vec4s(pos []mgl32.Vec3) []mgl32.Vec4 {
	out := make([]mgl32.Vec4, len(pos))
	for i, p := range pos {
		out[i] = p.Vec4(0.5*p[1] + 0.25)
	}
	return out
}

// BenchmarkGPU reports points/s of 3D Perlin, simplex and Worley F1 values,
// of 4-octave Perlin with and without a progressive domain warp, and of 4D
// Perlin and simplex values, on the test context: "resident" is SampleBuffers on GPU-resident buffers
// plus glFinish (no transfer), "readback" is Values on a slice (upload,
// dispatch and readback).
func BenchmarkGPU(b *testing.B) {
	n := benchPoints()
	pos := grid.First(3, n)
	b.Logf("%s, %d points", testCtx.Info(), n)
	pos4 := vec4s(pos)
	for _, bn := range benchNoises {
		dims, stride := 3, 3
		if bn.dims == 4 {
			dims, stride = 4, 4
		}
		s, err := testCtx.NewSampler(noise.Config{Noise: bn.noise, Dims: dims, Settings: bn.settings}, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(bn.name+"/resident", func(b *testing.B) {
			var posBuf Buffer
			var err error
			if stride == 4 {
				posBuf, err = testCtx.BufferFromVec4(pos4)
			} else {
				posBuf, err = testCtx.BufferFromVec3(pos)
			}
			if err != nil {
				b.Fatal(err)
			}
			defer testCtx.DeleteBuffer(posBuf)
			res, err := testCtx.NewBuffer(4 * n)
			if err != nil {
				b.Fatal(err)
			}
			defer testCtx.DeleteBuffer(res)
			s.SampleBuffers(posBuf, stride, n, res, false) // warm up (compiles)
			testCtx.Finish()
			b.ResetTimer()
			for range b.N {
				if err := s.SampleBuffers(posBuf, stride, n, res, false); err != nil {
					b.Fatal(err)
				}
				testCtx.Finish()
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mpoints/s")
		})
		b.Run(bn.name+"/readback", func(b *testing.B) {
			out := make([]float32, n)
			for range b.N {
				var err error
				if stride == 4 {
					err = s.Values4(pos4, out)
				} else {
					err = s.Values(pos, out)
				}
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mpoints/s")
		})
		s.Close()
	}
}

// BenchmarkArith compares the arithmetic modes (package shaders' Arith) on
// GPU-resident buffers: exact against the GPU's own / and sqrt (the
// default), for values and for samples with derivatives.
func BenchmarkArith(b *testing.B) {
	n := benchPoints()
	pos := grid.First(3, n)
	posBuf, err := testCtx.BufferFromVec3(pos)
	if err != nil {
		b.Fatal(err)
	}
	defer testCtx.DeleteBuffer(posBuf)
	res, err := testCtx.NewBuffer(SampleBytes * n)
	if err != nil {
		b.Fatal(err)
	}
	defer testCtx.DeleteBuffer(res)
	b.Logf("%s, %d points", testCtx.Info(), n)
	for _, bn := range benchNoises {
		if bn.dims == 4 {
			continue
		}
		for _, a := range []shaders.Arith{shaders.ArithExact, shaders.ArithNative} {
			s, err := testCtx.NewSampler(noise.Config{Noise: bn.noise, Dims: 3, Settings: noise.DefaultSettings()}, &SamplerOptions{Arith: a})
			if err != nil {
				b.Fatal(err)
			}
			for _, deriv := range []bool{false, true} {
				what := "values"
				if deriv {
					what = "samples"
				}
				b.Run(bn.name+"/"+a.String()+"/"+what, func(b *testing.B) {
					s.SampleBuffers(posBuf, 3, n, res, deriv) // warm up (compiles)
					testCtx.Finish()
					b.ResetTimer()
					for range b.N {
						if err := s.SampleBuffers(posBuf, 3, n, res, deriv); err != nil {
							b.Fatal(err)
						}
						testCtx.Finish()
					}
					b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mpoints/s")
				})
			}
			s.Close()
		}
	}
}
