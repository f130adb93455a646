package cpu_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
)

// TestWarp rebuilds the warped noise from public samplers (docs/algorithms.md
// §8.7): warp octave j's component k is the simplex-value noise of the noise's
// dimension with seed Seed+16+3j+k at frequency WarpFrequency·2^j, times
// WarpAmplitude·0.5^j; independent octaves all sample the unwarped
// position, progressive ones the position moved so far; the warped noise
// is the unwarped sampler at the moved position. Every step is rounded to
// float32 in the documented order, so the values must be equal; and a zero
// amplitude changes nothing.
func TestWarp(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 12))
	for _, v := range []variant{{noise.Perlin, 3, false}, {noise.Simplex, 2, false}, {noise.VoronoiWorleyF1, 2, true}, {noise.Value, 1, false}, {noise.PermValue, 4, false}} {
		for _, mode := range []noise.WarpMode{noise.WarpIndependent, noise.WarpProgressive} {
			set := noise.Settings{Seed: -40, Frequency: 3, Octaves: 2, Lacunarity: 2, Persistence: 0.5,
				WarpAmplitude: 0.35, WarpFrequency: 2, WarpOctaves: 3, WarpMode: mode}
			warped := samplerFor(t, v, set, nil)
			plainSet := set
			plainSet.WarpAmplitude = 0
			plain := samplerFor(t, v, plainSet, nil)
			axes := map[int][]int{1: {0}, 2: {0, 2}, 3: {0, 1, 2}, 4: {0, 1, 2}}[v.dims]
			wd := min(v.dims, 3)
			for _, p := range randomPoints(r, 200, 3) {
				p = mgl32.Vec4{p[0] / 8, p[1] / 8, p[2] / 8, p[3] / 8}
				q := p
				amp := set.WarpAmplitude
				for j := 0; j < set.WarpOctaveCount(); j++ {
					c := p
					if mode == noise.WarpProgressive {
						c = q
					}
					var d [3]float32
					for _, k := range axes {
						oct := noise.Settings{Seed: set.Seed + 16 + 3*int32(j) + int32(k), Frequency: float32(set.WarpFrequency << j), Octaves: 1, Lacunarity: 2, Persistence: 0.5}
						s := samplerFor(t, variant{noise.SimplexValue, wd, false}, oct, nil)
						d[k] = amp * at4(s, mgl32.Vec4{c[0], c[1], c[2], 0}).V
					}
					for _, k := range axes {
						q[k] += d[k]
					}
					amp *= 0.5
				}
				want, got := valueAt4(plain, q), valueAt4(warped, p)
				if math.Float32bits(want) != math.Float32bits(got) {
					t.Fatalf("%v %v at %v: %v, want %v (the plain noise at %v)", v, mode, p, got, want, q)
				}
			}
		}
	}
}

// TestWarpSettings checks the validation of the warp settings and the
// names of its modes.
func TestWarpSettings(t *testing.T) {
	for _, c := range []struct {
		a    float32
		f    int32
		n    int
		m    noise.WarpMode
		okay bool
	}{
		{0, 0, 0, 0, true}, {0.5, 0, 0, noise.WarpProgressive, true}, {-65536, 1, 16, 0, true}, {1, 1 << 15, 16, 0, true},
		{float32(math.NaN()), 1, 1, 0, false}, {float32(math.Inf(-1)), 1, 1, 0, false}, {65537, 1, 1, 0, false},
		{1, -1, 1, 0, false}, {1, 1, 17, 0, false}, {1, 1, -1, 0, false}, {1, 1, 1, 2, false}, {1, 1 << 16, 16, 0, false},
	} {
		s := noise.DefaultSettings()
		s.WarpAmplitude, s.WarpFrequency, s.WarpOctaves, s.WarpMode = c.a, c.f, c.n, c.m
		if err := s.Validate(); (err == nil) != c.okay {
			t.Errorf("warp %+v: Validate() = %v", c, err)
		}
	}
	for _, m := range []noise.WarpMode{noise.WarpIndependent, noise.WarpProgressive} {
		if got, err := noise.ParseWarpMode(m.String()); err != nil || got != m {
			t.Errorf("ParseWarpMode(%q) = %v, %v", m.String(), got, err)
		}
	}
	if _, err := noise.ParseWarpMode("fast"); err == nil || err.Error() != `unknown warp mode "fast"; valid: independent, progressive` {
		t.Errorf("ParseWarpMode(\"fast\") error = %v", err)
	}
}
