package cpu_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
)

// BenchmarkSamplesRatio measures Samples (value and derivatives) against
// Values for the lattice, simplex, Voronoi (smooth Worley too) and perm-value noises at 2D, 3D
// and 4D, one octave, on the 2000 positions of benchPositions (2D: y
// ignored; 4D: w = x + z), at the level NOISE_ISA picks. Each iteration
// runs both calls on the same positions one after the other, so both see
// the same load; the metric samples/values is the ratio of their times (the
// issue asks Samples within 2x of Values for every noise).
func BenchmarkSamplesRatio(b *testing.B) {
	pos := benchPositions()
	pos4 := make([]mgl32.Vec4, len(pos))
	for i, p := range pos {
		pos4[i] = mgl32.Vec4{p[0], p[1], p[2], p[0] + p[2]}
	}
	for _, name := range []string{"value", "perlin", "simplex", "simplex-value", "voronoi-worley-f1", "voronoi-worley-smooth-lse", "voronoi-worley-smooth-poly", "perm-value"} {
		nz, err := noise.ParseNoise(name)
		if err != nil {
			b.Fatal(err)
		}
		for _, dims := range []int{2, 3, 4} {
			if dims == 4 && strings.HasPrefix(name, "voronoi-") {
				continue // Voronoi noise has 1-3 dimensions
			}
			s := mustSampler(b, noise.Config{Noise: nz, Dims: dims, Settings: noise.DefaultSettings()})
			values := func(out []float32) error { return s.Values(pos, out) }
			samples := func(out []noise.Sample) error { return s.Samples(pos, out) }
			if dims == 4 {
				values = func(out []float32) error { return s.Values4(pos4, out) }
				samples = func(out []noise.Sample) error { return s.Samples4(pos4, out) }
			}
			b.Run(fmt.Sprintf("%s/%dD", name, dims), func(b *testing.B) {
				out := make([]float32, len(pos))
				sm := make([]noise.Sample, len(pos))
				var tv, ts time.Duration
				for b.Loop() {
					t0 := time.Now()
					if err := values(out); err != nil {
						b.Fatal(err)
					}
					t1 := time.Now()
					if err := samples(sm); err != nil {
						b.Fatal(err)
					}
					tv += t1.Sub(t0)
					ts += time.Since(t1)
				}
				b.ReportMetric(float64(ts)/float64(tv), "samples/values")
			})
		}
	}
}
