package cpu_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
)

// edgeCoord is a lattice coordinate near the edge of the documented
// coordinate range (docs/algorithms.md §9.2), with either sign: mostly of
// magnitude 2^e·(1 + m) for e in 17…23 and m in [0, 1), sometimes 2^24 − 1
// (the largest integer below 2^24; from 2^23 on every float32 is an
// integer), and, when beyond is set, sometimes beyond the range (2^24 to
// 2^68, or infinite), where the ranges hold as well (§9.1).
func edgeCoord(r *rand.Rand, beyond bool) float64 {
	var c float64
	switch k := r.IntN(16); {
	case k < 2:
		c = 1<<24 - 1
	case k == 2 && beyond:
		c = math.Ldexp(1+r.Float64(), 24+r.IntN(44))
	case k == 3 && beyond:
		c = math.Inf(1)
	default:
		c = math.Ldexp(1+r.Float64(), 17+r.IntN(7))
	}
	if r.IntN(2) == 0 {
		c = -c
	}
	return c
}

// edgeSetting is a configuration for TestRangeAtCoordinateEdge: settings
// and an optional domain whose linear part has norm S (a rotation times a
// uniform scale S), so that a position p of Euclidean norm below
// 2^24/(F·S) keeps every lattice coordinate |q·F| below 2^24.
type edgeSetting struct {
	set noise.Settings
	dom *noise.Domain
	s   float64 // the domain's scale (1 without one)
}

var edgeDomain = noise.Domain{Translation: [3]float32{0.25, -0.5, 0.75}, Rotation: [3]float32{30, -45, 60},
	Scale: [3]float32{0.5, 0.5, 0.5}, ScaleW: 0.5, TranslationW: 0.125}

var edgeSettings = []edgeSetting{
	// One octave at frequency 1 without a domain: the lean paths (ValueAt's
	// single call, the 2D value functions preparing their own input, the
	// 3D point kernels, the batch kernels).
	{noise.Settings{Seed: 3, Frequency: 1, Octaves: 1, Lacunarity: 2, Persistence: 0.5}, nil, 1},
	{noise.Settings{Seed: -1234, Frequency: 7, Octaves: 1, Lacunarity: 2, Persistence: 0.5}, nil, 1},
	// Several octaves: the top octave at the edge, the others below it.
	{noise.Settings{Seed: 99, Frequency: 4, Octaves: 5, Lacunarity: 3, Persistence: 0.7}, nil, 1},
	{noise.Settings{Seed: math.MinInt32, Frequency: 16, Octaves: 3, Lacunarity: 2, Persistence: 0.4}, &edgeDomain, 0.5},
	// The fractal modes and the domain warps (§6.4, §8.7).
	{noise.Settings{Seed: 5, Frequency: 2, Octaves: 2, Lacunarity: 2, Persistence: 0.5, Fractal: noise.FractalRidged}, nil, 1},
	{noise.Settings{Seed: 6, Frequency: 3, Octaves: 1, Lacunarity: 2, Persistence: 0.5, Fractal: noise.FractalBillow}, &edgeDomain, 0.5},
	{noise.Settings{Seed: 7, Frequency: 1, Octaves: 3, Lacunarity: 4, Persistence: 0.6, Fractal: noise.FractalPingPong, PingPong: 1.5}, nil, 1},
	{noise.Settings{Seed: 8, Frequency: 2, Octaves: 2, Lacunarity: 2, Persistence: 0.5, WarpAmplitude: 0.3, WarpFrequency: 2, WarpOctaves: 2}, nil, 1},
	{noise.Settings{Seed: 9, Frequency: 1, Octaves: 1, Lacunarity: 2, Persistence: 0.5, WarpAmplitude: -0.2, WarpOctaves: 3, WarpMode: noise.WarpProgressive}, &edgeDomain, 0.5},
	// Non-integer frequencies and lacunarities (not for tiling variants, fits):
	// one octave (the lean paths) and several, with a domain.
	{noise.Settings{Seed: 10, Frequency: 2.5, Octaves: 1, Lacunarity: 2, Persistence: 0.5}, nil, 1},
	{noise.Settings{Seed: 11, Frequency: 0.75, Octaves: 4, Lacunarity: 2.25, Persistence: 0.6}, &edgeDomain, 0.5},
}

// edgePositions returns n positions whose lattice coordinates at the top
// octave lie near the edge of the documented range (in one position of
// eight, beyond it): without a domain each coordinate is edgeCoord()/F;
// with one, they are halved as well, so that the position's norm stays
// below 2^24/(F·S) (the rotation mixes x, y and z, but keeps the norm).
func edgePositions(r *rand.Rand, n int, e edgeSetting) []mgl32.Vec4 {
	scale := 1 / (float64(e.set.TopFrequency()) * e.s)
	if e.dom != nil {
		scale /= 2 // |p|₂ ≤ 2·max|p_k|: with x, y, z mixed, |q_k| ≤ S·|p|₂ < 2^24/F
	}
	out := make([]mgl32.Vec4, n)
	for i := range out {
		beyond := i%8 == 7
		for k := range out[i] {
			out[i][k] = float32(edgeCoord(r, beyond) * scale)
		}
	}
	return out
}

// TestRangeAtCoordinateEdge checks that every variant's value lies in
// Config.Range at the edge of the documented coordinate range
// (docs/algorithms.md §9.1, §9.2: lattice coordinates from 2^17 up to just
// below 2^24, where the float32 arithmetic of a kernel keeps few fraction
// bits and simplex kernel sums left [−1, 1] before the clamp of §2.5; and a
// few beyond the range), through every entry point: At, At4, ValueAt,
// ValueAt4, Values, Values4, Samples and Samples4 (the batches in blocks
// of eight, the SIMD kernels' width, and a remainder). Each failing entry
// point is reported once per variant and setting.
func TestRangeAtCoordinateEdge(t *testing.T) {
	r := rand.New(rand.NewPCG(22, 3))
	n := 203
	if testing.Short() {
		n = 67
	}
	for _, v := range allVariants() {
		for _, e := range edgeSettings {
			if !fits(v, e.set) {
				continue
			}
			cfg := noise.Config{Noise: v.noise, Dims: v.dims, Tiling: v.tiling, Settings: e.set, Domain: e.dom}
			s := mustSampler(t, cfg)
			lo, hi := cfg.Range()
			pts4 := edgePositions(r, n, e)
			pts3 := make([]mgl32.Vec3, n)
			for i, p := range pts4 {
				pts3[i] = p.Vec3()
			}
			failed := map[string]bool{}
			check := func(entry string, i int, got float32) {
				t.Helper()
				if !(got >= lo && got <= hi) && !failed[entry] {
					failed[entry] = true
					t.Errorf("%v settings %+v domain %v: %s at %v = %v (%08x), outside Config.Range [%v, %v]",
						v, e.set, e.dom != nil, entry, pts4[i], got, math.Float32bits(got), lo, hi)
				}
			}
			// The calls the variant takes: the 4D ones for 4D noise, the
			// 3-component ones at (x, y, z) below.
			values, samples := make([]float32, n), make([]noise.Sample, n)
			values4(t, s, pts4, values)
			samples4(t, s, pts4, samples)
			for i := range pts4 {
				check("At", i, at4(s, pts4[i]).V)
				check("ValueAt", i, valueAt4(s, pts4[i]))
				check("Values", i, values[i])
				check("Samples", i, samples[i].V)
			}
		}
	}
}
