package noise_test

import (
	"fmt"
	"image"
	"log"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
)

// Sample one point of 2D Perlin noise. 2D noise lies in the XZ plane:
// ValueAt2(x, y) is the value at (x, 0, y). At frequency 4, (0.25, 0.5)
// is a lattice point, where Perlin noise is 0.
func Example() {
	s, err := cpu.New(noise.Config{Noise: noise.Perlin, Dims: 2, Settings: noise.DefaultSettings()})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%.6f %.6f\n", s.ValueAt2(0.25, 0.5), s.ValueAt2(0.3, 0.7))
	fmt.Println(s.ValueAt2(0.3, 0.7) == s.ValueAt(mgl32.Vec3{0.3, 0, 0.7}))
	// Output:
	// 0.000000 -0.435201
	// true
}

// Sample a batch of positions: Values spreads them over GOMAXPROCS
// goroutines, and returns an error for a short output slice or positions
// of the wrong dimension (4D noise takes Values4).
func Example_batch() {
	s, err := cpu.New(noise.Config{Noise: noise.Simplex, Dims: 3, Settings: noise.DefaultSettings()})
	if err != nil {
		log.Fatal(err)
	}
	pos := []mgl32.Vec3{{0.1, 0.2, 0.3}, {-0.4, 0.5, 0.6}, {0.7, -0.8, 0.9}}
	out := make([]float32, len(pos))
	if err := s.Values(pos, out); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%.6f\n", out)
	fmt.Println(s.Values(pos, out[:2]))
	// Output:
	// [-0.188585 -0.415360 -0.334751]
	// cpu: the output has 2 elements for 3 positions
}

// A 16-bit heightmap of the unit square of the XZ plane, image up +Z,
// the variant's range mapped to 0…65535, as "noise image -bits 16"
// draws it (here with frequency 2 over 8×8 pixels).
func Example_heightmap() {
	set := noise.DefaultSettings()
	set.Frequency = 2
	s, err := cpu.New(noise.Config{Noise: noise.Value, Dims: 2, Settings: set})
	if err != nil {
		log.Fatal(err)
	}
	img := image.NewGray16(image.Rect(0, 0, 8, 8))
	if err := s.FillGray16(img, nil); err != nil {
		log.Fatal(err)
	}
	for y := 0; y < 8; y += 3 {
		var row []uint16
		for x := 0; x < 8; x += 3 {
			row = append(row, img.Gray16At(x, y).Y)
		}
		fmt.Println(row)
	}
	// Output:
	// [11421 25304 33302]
	// [19831 30824 12993]
	// [47309 33194 30315]
}

// The analytical derivatives: At returns the value and the gradient with
// respect to the position (test vector A.3 of docs/algorithms.md §10,
// Perlin 3D at p0).
func Example_derivatives() {
	s, err := cpu.New(noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()})
	if err != nil {
		log.Fatal(err)
	}
	d := s.At(mgl32.Vec3{0.1, 0.2, 0.3})
	fmt.Printf("v %.6f  gradient (%.6f, %.6f, %.6f)\n", d.V, d.Dx, d.Dy, d.Dz)
	// Output:
	// v -0.093255  gradient (2.599120, -4.759552, -6.252357)
}

// Config.String prints every setting in the flags of "noise sample" and
// "noise image"; Variant is the short name.
func ExampleConfig_String() {
	cfg := noise.Config{Noise: noise.Perlin, Dims: 3, Tiling: true, Settings: noise.DefaultSettings(), Domain: noise.Scale(8)}
	fmt.Println(cfg.Variant())
	fmt.Println(cfg)
	// Output:
	// perlin 3D tiling
	// -noise perlin -dims 3 -tiling -seed 0 -frequency 4 -octaves 1 -scale 8
}
