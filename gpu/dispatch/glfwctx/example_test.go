package glfwctx_test

import (
	"fmt"
	"log"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/gpu/dispatch"
	"github.com/noiselab/noise/gpu/dispatch/glfwctx"
)

// Sample noise on the GPU through a hidden GLFW window's context, for a
// program that has a display (make test runs this under xvfb-run; without
// a display the example is skipped, see TestMain).
func Example() {
	ctx, err := glfwctx.New(dispatch.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer ctx.Close()
	s, err := ctx.NewSampler(noise.Config{Noise: noise.Perlin, Dims: 2, Settings: noise.DefaultSettings()}, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	out := make([]float32, 2)
	if err := s.Values([]mgl32.Vec3{{0.3, 0, 0.7}, {0.25, 0, 0.5}}, out); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%.6f %.6f\n", out[0], out[1])
	// Output: -0.435201 0.000000
}
