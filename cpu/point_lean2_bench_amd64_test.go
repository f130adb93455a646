//go:build amd64 && !purego

package cpu

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
)

// BenchmarkLean2DValueAt times ValueAt's function for a lean 2D sampler on
// the 256² grid of the peer benchmarks: the scalar value function
// (latticeValue2D or simplexValue2D, "go") against the lean kernel ValueAt now calls
// ("lean"; at the scalar level, or where no lean kernel applies, both are
// the scalar function). Compare them with benchstat, alternating runs
// (-count).
func BenchmarkLean2DValueAt(b *testing.B) {
	var pos []mgl32.Vec3
	for iz := range 256 {
		for ix := range 256 {
			pos = append(pos, mgl32.Vec3{(float32(ix) + 0.5) / 256, 0, (float32(iz) + 0.5) / 256})
		}
	}
	for _, n := range []noise.Noise{noise.Value, noise.Perlin, noise.Simplex, noise.SimplexValue} {
		s, err := New(noise.Config{Noise: n, Dims: 2, Settings: noise.DefaultSettings()})
		if err != nil {
			b.Fatal(err)
		}
		for _, c := range []struct {
			name string
			f    valueFunc
			fr   float32 // the frequency argument (regScale)
		}{{"go", s.value, s.f0}, {"lean", s.at3, s.atF}} {
			b.Run(n.String()+"/"+c.name, func(b *testing.B) {
				var sink float32
				for b.Loop() {
					for _, p := range pos {
						sink += c.f(s.atVP, s.hash, point{p[0], p[1], p[2], 0}, c.fr)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(pos)), "ns/pt")
				if sink == 12345 {
					b.Log(sink)
				}
			})
		}
	}
}
