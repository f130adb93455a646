package compare_test

import (
	"fmt"
	"log"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/compare"
	"github.com/noiselab/noise/cpu"
)

// Compare a backend's values with the CPU reference under a variant's
// tolerance policy (here a stand-in "backend": the reference nudged by
// one ULP at one point).
func ExampleValues() {
	cfg := noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()}
	s, err := cpu.New(cfg)
	if err != nil {
		log.Fatal(err)
	}
	pos := []mgl32.Vec3{{0.1, 0.2, 0.3}, {0.4, 0.5, 0.6}, {0.7, 0.8, 0.9}}
	want := make([]float32, len(pos))
	if err := s.Values(pos, want); err != nil {
		log.Fatal(err)
	}
	got := append([]float32(nil), want...)
	got[1] = math.Nextafter32(got[1], 1)
	exact := compare.Values(want, got, compare.Exact)
	fmt.Println("exact policy passes:", exact.Pass(), "max ULP", exact.MaxULP())
	fmt.Println("variant's policy passes:", compare.Values(want, got, compare.PolicyFor(cfg)).Pass())
	// Output:
	// exact policy passes: false max ULP 1
	// variant's policy passes: true
}
