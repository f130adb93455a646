// Command fmacheck prints a digest of every variant's output (values and
// derivatives, single-point and batch paths) over a fixed set of points and
// settings. `make test` builds it with GOAMD64=v1 and v3, each plain, with
// GOEXPERIMENT=simd and with -tags purego (the scalar batch path), and
// requires identical digests: Go may fuse a*b+c into an
// FMA on v3 (and on arm64) unless the product is rounded explicitly, so any
// unguarded product anywhere in cpu/ changes the v3 digest.
package main

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"hash"
	"math"
	"math/rand/v2"
	"os"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
)

func main() {
	perConfig := flag.Bool("configs", false, "also print one digest line per configuration (to compare two builds' variants one by one)")
	flag.Parse()
	settings := []noise.Settings{
		noise.DefaultSettings(),
		{Seed: -12345, Frequency: 3, Octaves: 4, Lacunarity: 3, Persistence: 0.6},
		// the fractal modes' products (docs/algorithms.md §6.4)
		{Seed: 5, Frequency: 2, Octaves: 2, Lacunarity: 2, Persistence: 0.5, Fractal: noise.FractalRidged},
		{Seed: 6, Frequency: 2, Octaves: 2, Lacunarity: 2, Persistence: 0.5, Fractal: noise.FractalBillow},
		{Seed: 7, Frequency: 2, Octaves: 2, Lacunarity: 2, Persistence: 0.5, Fractal: noise.FractalPingPong, PingPong: 1.75},
		// the domain warp's products and Jacobians (§8.7), both modes
		{Seed: 8, Frequency: 2, Octaves: 2, Lacunarity: 2, Persistence: 0.5, WarpAmplitude: 0.3, WarpFrequency: 2, WarpOctaves: 2},
		{Seed: 9, Frequency: 2, Octaves: 1, Lacunarity: 2, Persistence: 0.5, WarpAmplitude: -0.4, WarpFrequency: 1, WarpOctaves: 3, WarpMode: noise.WarpProgressive},
	}
	domain := &noise.Domain{Translation: [3]float32{1, 2, 3}, Rotation: [3]float32{30, 45, 60}, Scale: [3]float32{2, 3, 4}, TranslationW: 0.5, ScaleW: 1.5}
	r := rand.New(rand.NewPCG(9, 9))
	pos := make([]mgl32.Vec4, 4096)
	for i := range pos {
		for k := range pos[i] {
			pos[i][k] = r.Float32()*16 - 8
		}
	}
	pos3 := make([]mgl32.Vec3, len(pos))
	for i, p := range pos {
		pos3[i] = p.Vec3()
	}
	h := sha256.New()
	configs := 0
	for _, n := range noise.Noises() {
		for d := 1; d <= n.MaxDims(); d++ {
			for _, tiling := range []bool{false, true} {
				if tiling && !n.Tiling() {
					continue
				}
				for si, set := range settings {
					cfg := noise.Config{Noise: n, Dims: d, Tiling: tiling, Settings: set}
					if si == 1 {
						cfg.Domain = domain
					}
					s, err := cpu.New(cfg)
					if err != nil {
						fmt.Fprintln(os.Stderr, "fmacheck:", err)
						os.Exit(1)
					}
					if *perConfig {
						one := sha256.New()
						digest(one, s, d, pos, pos3)
						fmt.Printf("%x %s settings %d\n", one.Sum(nil), cfg.Variant(), si)
					}
					digest(h, s, d, pos, pos3)
					configs++
				}
			}
		}
	}
	fmt.Printf("%x %d configurations × %d points\n", h.Sum(nil), configs, len(pos))
}

func put(h hash.Hash, xs ...float32) {
	var b [4]byte
	for _, x := range xs {
		binary.LittleEndian.PutUint32(b[:], math.Float32bits(x))
		h.Write(b[:])
	}
}

func digest(h hash.Hash, s *cpu.Sampler, dims int, pos []mgl32.Vec4, pos3 []mgl32.Vec3) {
	samples := make([]noise.Sample, len(pos))
	values := make([]float32, len(pos))
	var err error
	if dims == 4 {
		err = errors.Join(s.Samples4(pos, samples), s.Values4(pos, values))
	} else {
		err = errors.Join(s.Samples(pos3, samples), s.Values(pos3, values))
	}
	if err != nil {
		panic(err) // the slices are made for the positions, of the sampler's dimension
	}
	for i := range pos {
		put(h, samples[i].V, samples[i].Dx, samples[i].Dy, samples[i].Dz, samples[i].Dw, values[i])
	}
}
