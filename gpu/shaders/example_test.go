package shaders_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/gpu/shaders"
)

// Library returns GLSL that a program's own shader includes to sample the
// configured noise (see gpu/dispatch's Example_library, which runs it);
// making the source needs no GPU.
func ExampleLibrary() {
	cfg := noise.Config{Noise: noise.Simplex, Dims: 3, Settings: noise.DefaultSettings()}
	src, err := shaders.Library(cfg, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(strings.Contains(src, "noise_Sample noise_sample(vec3"))
	_, err = shaders.Library(noise.Config{Noise: noise.Simplex, Dims: 2, Tiling: true, Settings: noise.DefaultSettings()}, nil)
	fmt.Println(err)
	// Output:
	// true
	// simplex has no tiling variant: tiling exists for lattice, Voronoi and perm-value noise, not simplex
}
