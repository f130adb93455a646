package cpu_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
)

// TestValuesAoSEdges checks Values against ValueAt, bit for bit, where
// every 2D and 3D noise with an AoS twin (value and Perlin lattice, simplex
// with both gradients, Worley and Chebyshev with every function, jitter 1
// and 0.5) takes its batch kernel's twin (one octave, whole chunks:
// cpu.valuesAoS) and in the last part chunk, where it does not (the
// noises without a twin too): at the smallest frequency (2^−24; the
// twins' missing clamp to ±2^64 would matter below 2^−35), the largest,
// and coordinates beside ±2^64, huge, infinite, NaN on each axis, ±0 and
// subnormal, in every lane position, with each fractal mode's shape.
func TestValuesAoSEdges(t *testing.T) {
	pos := aosEdgePositions(23, 1024+37)
	out := make([]float32, len(pos))
	forAoSSamplers(t, func(s *cpu.Sampler, what string) {
		if err := s.Values(pos, out); err != nil {
			t.Fatal(err)
		}
		for i, p := range pos {
			if want := s.ValueAt(p); math.Float32bits(out[i]) != math.Float32bits(want) {
				t.Fatalf("%s: Values at %v = %v (%08x), ValueAt %v (%08x)", what, p, out[i], math.Float32bits(out[i]), want, math.Float32bits(want))
			}
		}
	})
}

// TestSamplesAoSEdges is TestValuesAoSEdges for Samples against At, every
// component bit for bit: the AoS twins of the derivative kernels
// (cpu.samplesAoS).
func TestSamplesAoSEdges(t *testing.T) {
	pos := aosEdgePositions(29, 768+37)
	out := make([]noise.Sample, len(pos))
	bits := func(s noise.Sample) [5]uint32 {
		return [5]uint32{math.Float32bits(s.V), math.Float32bits(s.Dx), math.Float32bits(s.Dy), math.Float32bits(s.Dz), math.Float32bits(s.Dw)}
	}
	forAoSSamplers(t, func(s *cpu.Sampler, what string) {
		if err := s.Samples(pos, out); err != nil {
			t.Fatal(err)
		}
		for i, p := range pos {
			if want := s.At(p); bits(out[i]) != bits(want) {
				t.Fatalf("%s: Samples at %v = %v, At %v", what, p, out[i], want)
			}
		}
	})
}

// aosEdgePositions returns n positions from the PCG stream seed: a
// quarter of the coordinates edge values (beside ±2^64, huge, infinite,
// NaN, ±0, subnormal), the rest normal with deviation 10.
func aosEdgePositions(seed uint64, n int) []mgl32.Vec3 {
	inf, nan := float32(math.Inf(1)), float32(math.NaN())
	negz := float32(math.Copysign(0, -1))
	edges := []float32{0, negz, 0x1p-149, -0x1p-149, 0x1p64, -0x1p64, math.Nextafter32(0x1p64, 0), math.Nextafter32(0x1p64, inf),
		-math.Nextafter32(0x1p64, inf), 1e30, -1e30, 3e38, -3e38, inf, -inf, nan, 0.5, -0.25, 0x1p29, 0x1p94}
	r := rand.New(rand.NewPCG(seed, seed))
	pos := make([]mgl32.Vec3, n)
	for i := range pos {
		for a := 0; a < 3; a++ {
			if r.IntN(4) == 0 {
				pos[i][a] = edges[r.IntN(len(edges))]
			} else {
				pos[i][a] = float32(r.NormFloat64() * 10)
			}
		}
	}
	return pos
}

// forAoSSamplers calls check with a sampler of every 2D and 3D noise (the
// Voronoi noises at jitter 1 and 0.5) at frequencies 4, 2^−24, 2^24 and
// 0.7, each with another fractal mode (fBm, ridged, billow, ping-pong),
// and a description of it for messages.
func forAoSSamplers(t *testing.T, check func(s *cpu.Sampler, what string)) {
	for _, nz := range noise.Noises() {
		for _, dims := range []int{2, 3} {
			for _, jit := range []float32{0, 0.5} {
				if jit != 0 && nz.Parts().Family != noise.FamilyVoronoi {
					continue
				}
				for fi, f := range []float32{4, 0x1p-24, 0x1p24, 0.7} {
					st := noise.DefaultSettings()
					st.Frequency, st.Jitter = f, jit
					st.Fractal = noise.Fractal(fi % 4) // fBm, ridged, billow, ping-pong
					s, err := cpu.New(noise.Config{Noise: nz, Dims: dims, Settings: st})
					if err != nil {
						t.Fatalf("%v %dD f %v: %v", nz, dims, f, err)
					}
					check(s, fmt.Sprintf("%v %dD f %v jitter %v %v", nz, dims, f, jit, st.Fractal))
				}
			}
		}
	}
}
