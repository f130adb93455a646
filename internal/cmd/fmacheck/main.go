// Command fmacheck prints a digest of every variant's output (values and
// derivatives, single-point and batch paths) over a fixed set of points and
// settings. `make test` builds it with GOAMD64=v1 and v3, each plain, with
// GOEXPERIMENT=simd and with -tags purego (the scalar batch path), and
// requires identical digests: Go may fuse a*b+c into an
// FMA on v3 (and on arm64) unless the product is rounded explicitly, so any
// unguarded product anywhere in cpu/ changes the v3 digest. `make archcheck`
// (arch.sh) runs it built for 386, arm64, s390x and js/wasm and requires the
// same digest from each.
package main

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"hash"
	"io"
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
	pos = append(pos, edgePositions(r)...)
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
	// The blog's permutation-table value noise (float64 throughout, Rust's
	// saturating casts): a seeded table and one octave, then three octaves
	// at a lacunarity that is not a power of two.
	for _, b := range []*cpu.BlogValueNoise{
		cpu.NewBlogValueNoise(42, 1, 2, 0.5),
		cpu.NewBlogValueNoise(7, 3, 2.3, 0.6),
	} {
		for d := 1; d <= 4; d++ {
			one := sha256.New()
			blogDigest(io.MultiWriter(h, one), b, d, pos)
			if *perConfig {
				fmt.Printf("%x blog %dD octaves %d\n", one.Sum(nil), d, b.Octaves)
			}
			configs++
		}
	}
	fmt.Printf("%x %d configurations × %d points\n", h.Sum(nil), configs, len(pos))
}

// edgeValues are coordinates where platforms could part: signed zeros,
// subnormals, the lattice clamp (±2^29) and the input clamp (±2^64) and
// values beyond them, infinities, NaN, coordinates whose cell offsets are
// 0 (beyond 2^24) or a single ULP, and half-way points.
var edgeValues = []float32{
	0, float32(math.Copysign(0, -1)),
	math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32, 1e-39, -3e-38,
	0.5, -0.5, 1 - 1.0/(1<<24), -(1 - 1.0/(1<<24)),
	1 << 23, 1<<23 + 0.5, -(1<<23 + 0.5), 1<<24 + 2, -(1 << 24),
	1 << 29, -(1 << 29), 1<<29 + 64, 1e19, 1 << 64, -(1 << 64), 1e30, -1e30,
	math.MaxFloat32, -math.MaxFloat32,
	float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()),
}

// edgePositions puts each edge value on one axis of a random position,
// then on every axis at once.
func edgePositions(r *rand.Rand) []mgl32.Vec4 {
	var ps []mgl32.Vec4
	for _, e := range edgeValues {
		for axis := 0; axis <= 4; axis++ {
			var p mgl32.Vec4
			for k := range p {
				p[k] = r.Float32()*16 - 8
				if axis == 4 || k == axis {
					p[k] = e
				}
			}
			ps = append(ps, p)
		}
	}
	return ps
}

// blogDigest writes the blog noise's Fractal and FractalBatch at the
// positions' first dims coordinates (scaled by 37, so that cells beyond the
// table's 255 are reached).
func blogDigest(w io.Writer, b *cpu.BlogValueNoise, dims int, pos []mgl32.Vec4) {
	flat := make([]float64, 0, dims*len(pos))
	for _, p := range pos {
		for k := range dims {
			flat = append(flat, float64(p[k])*37)
		}
	}
	batch := make([]float64, len(pos))
	if err := b.FractalBatch(dims, flat, batch); err != nil {
		panic(err) // dims is 1 to 4 and flat holds dims coordinates per position
	}
	var buf [8]byte
	for i := range pos {
		one, err := b.Fractal(flat[i*dims : (i+1)*dims])
		if err != nil {
			panic(err)
		}
		for _, v := range []float64{one, batch[i]} {
			binary.LittleEndian.PutUint64(buf[:], math.Float64bits(v))
			w.Write(buf[:])
		}
	}
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
