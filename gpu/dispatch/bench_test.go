package dispatch

import (
	"os"
	"strconv"
	"testing"

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
}{
	{"perlin3D", noise.Perlin, noise.DefaultSettings()}, {"simplex3D", noise.Simplex, noise.DefaultSettings()},
	{"worleyF1_3D", noise.VoronoiWorleyF1, noise.DefaultSettings()},
	{"perlin3D_4oct", noise.Perlin, func() noise.Settings { s := warped4; s.WarpAmplitude = 0; return s }()},
	{"perlin3D_4oct_warp", noise.Perlin, warped4},
}

// BenchmarkGPU reports points/s of 3D Perlin, simplex and Worley F1 values,
// and of 4-octave Perlin with and without a progressive domain warp, on the
// test context: "resident" is SampleBuffers on GPU-resident buffers
// plus glFinish (no transfer), "readback" is Values on a slice (upload,
// dispatch and readback).
func BenchmarkGPU(b *testing.B) {
	n := benchPoints()
	pos := grid.First(3, n)
	b.Logf("%s, %d points", testCtx.Info(), n)
	for _, bn := range benchNoises {
		s, err := testCtx.NewSampler(noise.Config{Noise: bn.noise, Dims: 3, Settings: bn.settings}, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(bn.name+"/resident", func(b *testing.B) {
			posBuf, err := testCtx.BufferFromVec3(pos)
			if err != nil {
				b.Fatal(err)
			}
			defer testCtx.DeleteBuffer(posBuf)
			res, err := testCtx.NewBuffer(4 * n)
			if err != nil {
				b.Fatal(err)
			}
			defer testCtx.DeleteBuffer(res)
			s.SampleBuffers(posBuf, 3, n, res, false) // warm up (compiles)
			testCtx.Finish()
			b.ResetTimer()
			for range b.N {
				if err := s.SampleBuffers(posBuf, 3, n, res, false); err != nil {
					b.Fatal(err)
				}
				testCtx.Finish()
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mpoints/s")
		})
		b.Run(bn.name+"/readback", func(b *testing.B) {
			out := make([]float32, n)
			for range b.N {
				if err := s.Values(pos, out); err != nil {
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
	res, err := testCtx.NewBuffer(16 * n)
	if err != nil {
		b.Fatal(err)
	}
	defer testCtx.DeleteBuffer(res)
	b.Logf("%s, %d points", testCtx.Info(), n)
	for _, bn := range benchNoises {
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
