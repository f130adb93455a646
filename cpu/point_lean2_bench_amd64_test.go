//go:build amd64 && !purego

package cpu

import (
	"os"
	"sort"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
)

// TestLean2DSpeed (NOISE_LEAN2D_AB=1) times ValueAt's former function for a lean
// 2D sampler (latticeValue2D) against its lean kernel, alternating on the
// 256² grid of the peer benchmarks, and logs the median ratio.
func TestLean2DSpeed(t *testing.T) {
	if os.Getenv("NOISE_LEAN2D_AB") == "" {
		t.Skip("NOISE_LEAN2D_AB unset")
	}
	var pos []mgl32.Vec3
	for iz := range 256 {
		for ix := range 256 {
			pos = append(pos, mgl32.Vec3{(float32(ix) + 0.5) / 256, 0, (float32(iz) + 0.5) / 256})
		}
	}
	for _, n := range []noise.Noise{noise.Value, noise.Perlin} {
		s, _ := New(noise.Config{Noise: n, Dims: 2, Settings: noise.DefaultSettings()})
		old := s.value
		run := func(f valueFunc) time.Duration {
			var sink float32
			t0 := time.Now()
			for _, p := range pos {
				sink += f(s.atVP, s.hash, point{p[0], p[1], p[2], 0}, s.f0)
			}
			d := time.Since(t0)
			if sink == 12345 {
				t.Log(sink)
			}
			return d
		}
		fs := []valueFunc{s.at3}
		for j, nf := range fs {
			var ratios []float64
			var to, tn time.Duration
			for i := 0; i < 100; i++ {
				a, b := run(old), run(nf)
				if i%2 == 1 {
					b, a = run(nf), run(old)
				}
				to, tn = to+a, tn+b
				ratios = append(ratios, float64(b)/float64(a))
			}
			sort.Float64s(ratios)
			t.Logf("%v %d: new/old median %.3f; %.2f → %.2f ns a point", n, j, ratios[len(ratios)/2],
				float64(to)/100/float64(len(pos)), float64(tn)/100/float64(len(pos)))
		}
	}
}
