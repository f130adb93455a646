package cpu_test

import (
	"fmt"
	"log"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
)

// Sample one point of 3D Perlin noise with the tutorial's default settings,
// value and analytical derivatives (test vectors A.3 of docs/algorithms.md §10: Perlin 3D at p0).
func Example() {
	s, err := cpu.New(noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()})
	if err != nil {
		log.Fatal(err)
	}
	d := s.At(mgl32.Vec3{0.1, 0.2, 0.3})
	fmt.Printf("v %.9g  gradient (%.9g, %.9g, %.9g)\n", d.V, d.Dx, d.Dy, d.Dz)
	// Output:
	// v -0.0932549536  gradient (2.59912014, -4.75955248, -6.25235653)
}

// Fill a batch: Values spreads the positions over GOMAXPROCS goroutines and
// allocates nothing per position. The bits are test vector A.2's Worley F1
// 3D row (seed 12, frequency 3, 3 octaves).
func ExampleSampler_Values() {
	s, err := cpu.New(noise.Config{
		Noise:    noise.VoronoiWorleyF1,
		Dims:     3,
		Settings: noise.Settings{Seed: 12, Frequency: 3, Octaves: 3, Lacunarity: 2, Persistence: 0.5},
	})
	if err != nil {
		log.Fatal(err)
	}
	pos := []mgl32.Vec3{{0.1, 0.2, 0.3}, {-0.37, 0.61, 0.83}, {1.7, -2.3, 0.45}, {0.5, 0.5, 0.5}}
	out := make([]float32, len(pos))
	if err := s.Values(pos, out); err != nil { // a short out, or 4D noise (which takes Values4)
		log.Fatal(err)
	}
	for _, v := range out {
		fmt.Printf("%08X ", math.Float32bits(v))
	}
	fmt.Println()
	// Output:
	// 3EA25050 3EAD4000 3F1224F7 3EEE67F6
}

// Tiling noise repeats with period 1 in every axis it uses.
func ExampleConfig_tiling() {
	s, err := cpu.New(noise.Config{Noise: noise.Value, Dims: 2, Tiling: true, Settings: noise.DefaultSettings()})
	if err != nil {
		log.Fatal(err)
	}
	a := s.ValueAt(mgl32.Vec3{0.25, 0, 0.375})
	b := s.ValueAt(mgl32.Vec3{1.25, 0, -2.625})
	fmt.Println(a == b)
	// Output:
	// true
}

// Invalid settings are errors that name the field and its valid range.
func ExampleNew_errors() {
	_, err := cpu.New(noise.Config{Noise: noise.Simplex, Dims: 2, Tiling: true, Settings: noise.DefaultSettings()})
	fmt.Println(err)
	_, err = cpu.New(noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.Settings{Frequency: 4, Octaves: 0, Lacunarity: 2}})
	fmt.Println(err)
	_, err = noise.ParseNoise("purlin")
	fmt.Println(err != nil)
	// Output:
	// simplex has no tiling variant: tiling exists for lattice, Voronoi and perm-value noise, not simplex
	// invalid octaves 0: must be 1 to 16
	// true
}

// A rotated and scaled domain; derivatives come back in world space
// (test vectors A.7 of docs/algorithms.md §10: PS matrix, point p0).
func ExampleDomain() {
	d := noise.Domain{Translation: [3]float32{1, 2, 3}, Rotation: [3]float32{30, 45, 60}, Scale: [3]float32{2, 3, 4}}
	s, err := cpu.New(noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings(), Domain: &d})
	if err != nil {
		log.Fatal(err)
	}
	g := s.At(mgl32.Vec3{0.1, 0.2, 0.3})
	fmt.Printf("v %.9g  world-space gradient (%.9g, %.9g, %.9g)\n", g.V, g.Dx, g.Dy, g.Dz)
	// Output:
	// v 0.0278521255  world-space gradient (1.94169736, 9.2960043, 12.0156326)
}

// The Rust blog's value noise, bit-compatible in float64 (docs/algorithms.md §5, which
// prints with Rust's {:.17}, i.e. %.17f).
func ExampleBlogValueNoise() {
	n := cpu.NewBlogValueNoise(12, 4, 2, 0.5)
	fmt.Printf("%.17f %.17f\n", n.Noise1D(0.5), n.Noise2D(1.3, 2.7))
	v, _ := n.NoiseAt([]float64{0.5, 1.5, 2.5, 3.5}) // swaps the last two coordinates, as the blog does
	fmt.Printf("%.17f\n", v)
	// Output:
	// 0.32549019607843133 0.12526750342274506
	// 0.29852941176470593
}

// Evaluate the blog's fractal noise at many positions at once: pos holds
// them one after another (here 2D: x, y, x, y, …).
func ExampleBlogValueNoise_FractalBatch() {
	n := cpu.NewBlogValueNoise(12, 4, 2, 0.5)
	pos := []float64{1.3, 2.7, 0.5, 0.5}
	out := make([]float64, len(pos)/2)
	if err := n.FractalBatch(2, pos, out); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%.17f\n", out[0]) // docs/algorithms.md §5's fractal row
	v, _ := n.Fractal(pos[2:4])
	fmt.Println(out[1] == v)
	fmt.Println(n.FractalBatch(2, pos, out[:1]))
	// Output:
	// -0.05755884114990849
	// true
	// cpu: FractalBatch: 4 coordinates for 1 positions of 2 dimensions, want 2
}

// Displace the octahedron sphere with noise and get analytical normals.
func ExampleSphereSurface() {
	s, err := cpu.New(noise.Config{Noise: noise.Simplex, Dims: 3, Settings: noise.DefaultSettings()})
	if err != nil {
		log.Fatal(err)
	}
	pos, _ := cpu.ShapeGrid(cpu.Sphere, 16)
	p := pos[100].Normalize() // a point on the unit sphere
	q, n, _ := cpu.SphereSurface(p, mgl32.Vec3{}, s.At(p), 0.1)
	fmt.Printf("radius is 1 + 0.1·noise: %v, normal length %.3f\n", q.Sub(p.Mul(1+0.1*s.ValueAt(p))).Len() < 1e-6, n.Len())
	// Output:
	// radius is 1 + 0.1·noise: true, normal length 1.000
}

// A looping animation of 4D noise: time runs around a circle in the (y, w)
// plane, so frame 60 of a 60-frame loop is frame 0 again, bit for bit.
func ExampleSampler_At4_loop() {
	s, err := cpu.New(noise.Config{Noise: noise.Simplex, Dims: 4, Settings: noise.DefaultSettings()})
	if err != nil {
		log.Fatal(err)
	}
	loop := noise.Loop{Radius: 0.5}
	p := mgl32.Vec3{0.3, 0, -0.2} // a point of the XZ plane
	frame := func(k int) noise.Sample {
		t := noise.LoopFrame(k, 60)
		return loop.Sample(s.At4(loop.Point(p, t)), t) // Dw: the derivative in time
	}
	fmt.Println("frame 60 is frame 0:", frame(60) == frame(0))
	fmt.Println("frame 30 differs:", frame(30).V != frame(0).V)
	// Output:
	// frame 60 is frame 0: true
	// frame 30 differs: true
}

// A seamless texture from 4D noise: the unit square mapped onto a 4D
// torus, so the right edge continues into the left, the top into the
// bottom.
func ExampleSampler_At4_seamless() {
	s, err := cpu.New(noise.Config{Noise: noise.Perlin, Dims: 4, Settings: noise.DefaultSettings()})
	if err != nil {
		log.Fatal(err)
	}
	texel := func(u, v float32) noise.Sample {
		return noise.TorusSample(s.At4(noise.TorusPoint(u, v)), u, v) // Dx = d/du, Dz = d/dv
	}
	fmt.Println("u = 1 is u = 0:", texel(1, 0.3) == texel(0, 0.3))
	fmt.Println("v = 1 is v = 0:", texel(0.7, 1) == texel(0.7, 0))
	// Output:
	// u = 1 is u = 0: true
	// v = 1 is v = 0: true
}
