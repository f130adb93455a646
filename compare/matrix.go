package compare

import (
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
)

// Variant is one noise variant: a noise type, its dimensions and tiling.
type Variant struct {
	Noise  noise.Noise
	Dims   int
	Tiling bool
}

// Variants returns every variant the project has: each noise type at each
// of its dimensions, plain and (where it exists) tiling.
func Variants() []Variant {
	var out []Variant
	for _, n := range noise.Noises() {
		for d := 1; d <= n.MaxDims(); d++ {
			out = append(out, Variant{n, d, false})
			if n.Tiling() {
				out = append(out, Variant{n, d, true})
			}
		}
	}
	return out
}

// String is "perlin 3D" or "perlin 3D tiling" (noise.Config.Variant).
func (v Variant) String() string {
	return noise.Config{Noise: v.Noise, Dims: v.Dims, Tiling: v.Tiling}.Variant()
}

// Config returns the configuration of v with the given settings and domain.
func (v Variant) Config(s SettingsCase) noise.Config {
	return noise.Config{Noise: v.Noise, Dims: v.Dims, Tiling: v.Tiling, Settings: s.Settings, Domain: s.Domain}
}

// SettingsCase is a named set of fractal settings with an optional domain.
type SettingsCase struct {
	Name     string
	Settings noise.Settings
	Domain   *noise.Domain
}

// SettingsCases is the spread of settings the GPU is checked with: the
// tutorials' defaults, negative and extreme seeds, frequencies 1 to 16,
// 1 to 6 octaves, lacunarity 2 to 4, persistence 0 to 1, rotated,
// non-uniformly scaled and translated domains (both matrix conventions; a
// w scale and translation in the PS one),
// the fractal modes ridged, billow and ping-pong, both domain warps, and a
// Voronoi jitter (the other families ignore it).
func SettingsCases() []SettingsCase {
	ps := &noise.Domain{Translation: [3]float32{1.25, -3.5, 0.75}, Rotation: [3]float32{30, -45, 60}, Scale: [3]float32{2, 0.5, 1.5},
		TranslationW: 0.375, ScaleW: 1.75}
	pn := &noise.Domain{Translation: [3]float32{-2, 0.5, 4}, Rotation: [3]float32{-15, 70, 5}, Scale: [3]float32{0.75, 3, 1.25}, PN: true}
	return []SettingsCase{
		{"defaults", noise.DefaultSettings(), nil},
		{"seed -7, f 3, 3 oct", noise.Settings{Seed: -7, Frequency: 3, Octaves: 3, Lacunarity: 2, Persistence: 0.5}, nil},
		{"seed min, f 16, lac 4", noise.Settings{Seed: math.MinInt32, Frequency: 16, Octaves: 2, Lacunarity: 4, Persistence: 0.9}, nil},
		{"seed max, f 1, 6 oct", noise.Settings{Seed: math.MaxInt32, Frequency: 1, Octaves: 6, Lacunarity: 3, Persistence: 0.25}, nil},
		{"p 0 and 1", noise.Settings{Seed: 123456789, Frequency: 5, Octaves: 4, Lacunarity: 2, Persistence: 1}, nil},
		{"domain PS", noise.Settings{Seed: 42, Frequency: 2, Octaves: 2, Lacunarity: 3, Persistence: 0.6}, ps},
		{"domain PN", noise.Settings{Seed: -99, Frequency: 6, Octaves: 1, Lacunarity: 2, Persistence: 0}, pn},
		{"ridged, 4 oct, jitter 0.35", noise.Settings{Seed: 77, Frequency: 3, Octaves: 4, Lacunarity: 2, Persistence: 0.5, Fractal: noise.FractalRidged, Jitter: 0.35}, nil},
		{"billow, domain PS", noise.Settings{Seed: -5, Frequency: 2, Octaves: 2, Lacunarity: 3, Persistence: 0.7, Fractal: noise.FractalBillow}, ps},
		{"ping-pong 1.5, 3 oct, warp", noise.Settings{Seed: 2024, Frequency: 4, Octaves: 3, Lacunarity: 2, Persistence: 0.6, Fractal: noise.FractalPingPong, PingPong: 1.5,
			WarpAmplitude: 0.2, WarpFrequency: 2, WarpOctaves: 2}, nil},
		{"warp progressive, domain PN", noise.Settings{Seed: 31, Frequency: 3, Octaves: 2, Lacunarity: 2, Persistence: 0.5,
			WarpAmplitude: -0.3, WarpFrequency: 1, WarpOctaves: 3, WarpMode: noise.WarpProgressive}, pn},
	}
}

// PositionSet is a named set of sample positions (w is used by 4D noise only).
type PositionSet struct {
	Name string
	Pos  []mgl32.Vec4
}

// PositionSets returns the position sets, about n positions each, drawn
// from seed: the viewer's plane grid and octahedron sphere (docs/algorithms.md §12), a
// random box with negative coordinates, points exactly on lattice lines
// (multiples of 1/16, on a lattice line of every frequency that divides 16
// in every axis), large coordinates near the documented range (|p·F| up to
// 2^22 at frequency 64), and special inputs (NaN, ±Inf, −0, 3e38).
func PositionSets(n int, seed uint64) []PositionSet {
	r := rand.New(rand.NewPCG(seed, 0x9E3779B97F4A7C15))
	res := max(2, int(math.Sqrt(float64(n))))
	plane, _ := cpu.ShapeGrid(cpu.Plane, res)
	sphere, _ := cpu.ShapeGrid(cpu.Sphere, res)
	box := make([]mgl32.Vec4, n)
	lattice := make([]mgl32.Vec4, n)
	large := make([]mgl32.Vec4, n)
	for i := range box {
		for a := 0; a < 4; a++ {
			box[i][a] = float32(r.Float64()*40 - 20)
			lattice[i][a] = float32(r.IntN(33*16)-16*16) / 16
			large[i][a] = float32((r.Float64()*2 - 1) * (1 << 16))
		}
	}
	special := []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.Copysign(0, -1)), 3e38, -3e38, 1 << 31, 0.5}
	var sp []mgl32.Vec4
	for _, a := range special {
		for _, b := range special {
			sp = append(sp, mgl32.Vec4{a, b, 0.25, b}, mgl32.Vec4{0.25, a, b, a}, mgl32.Vec4{b, 0.25, a, 0.25})
		}
	}
	return []PositionSet{
		{"plane", vec4s(plane, 0)},
		{"sphere", vec4s(sphere, 0.5)},
		{"box", box},
		{"lattice", lattice},
		{"large", large},
		{"special", sp},
	}
}

func vec4s(p []mgl32.Vec3, w float32) []mgl32.Vec4 {
	out := make([]mgl32.Vec4, len(p))
	for i, q := range p {
		out[i] = mgl32.Vec4{q[0], q[1], q[2], w}
	}
	return out
}

// Vec3s drops w.
func Vec3s(p []mgl32.Vec4) []mgl32.Vec3 {
	out := make([]mgl32.Vec3, len(p))
	for i, q := range p {
		out[i] = q.Vec3()
	}
	return out
}
