package cpu_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
)

// FuzzSample drives the single-point API with arbitrary variants, settings,
// domains and positions. Invalid configurations must be rejected by New with
// an error; valid ones must never panic, never give NaN for finite input, and
// ValueAt4 must equal At4's value.
func FuzzSample(f *testing.F) {
	f.Add(uint8(2), uint8(3), false, int32(0), float32(4), uint8(1), float32(2), float32(0.5), false, float32(0), float32(1), float32(0.1), float32(0.2), float32(0.3), float32(0))
	f.Add(uint8(12), uint8(2), true, int32(-7), float32(16), uint8(6), float32(4), float32(1), true, float32(33), float32(-3), float32(1e30), float32(-2), float32(7), float32(1))
	f.Add(uint8(18), uint8(4), true, int32(math.MaxInt32), float32(1), uint8(3), float32(3), float32(0.25), false, float32(0), float32(1), float32(-0.5), float32(255.5), float32(-1e9), float32(3))
	f.Add(uint8(17), uint8(3), false, int32(math.MinInt32), float32(2), uint8(2), float32(2), float32(0.5), true, float32(90), float32(1e-3), float32(0), float32(0), float32(0), float32(0))
	f.Add(uint8(2), uint8(3), false, int32(5), float32(2.5), uint8(4), float32(1.5), float32(0.5), true, float32(10), float32(0.75), float32(0.3), float32(-7.1), float32(2), float32(0))
	f.Add(uint8(0), uint8(2), true, int32(1), float32(2.5), uint8(2), float32(2), float32(0.5), false, float32(0), float32(1), float32(0.3), float32(0.4), float32(0), float32(0))
	f.Fuzz(func(t *testing.T, noiseCode, dims uint8, tiling bool, seed int32, freq float32, octaves uint8, lac, pers float32,
		useDomain bool, rot, scale, x, y, z, w float32) {
		cfg := noise.Config{
			Noise:    noise.Noise(int(noiseCode) % len(noise.Noises())),
			Dims:     int(dims%5) + 1,
			Tiling:   tiling,
			Settings: noise.Settings{Seed: seed, Frequency: freq, Octaves: int(octaves % 20), Lacunarity: lac, Persistence: pers},
		}
		if useDomain {
			cfg.Domain = &noise.Domain{Translation: [3]float32{rot, -rot, 1}, Rotation: [3]float32{rot, 2 * rot, -rot}, Scale: [3]float32{scale, 1, -scale}}
		}
		s, err := cpu.New(cfg)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		p := mgl32.Vec4{x, y, z, w}
		got := at4(s, p)
		finite := true
		for _, c := range p {
			finite = finite && !math.IsNaN(float64(c)) && !math.IsInf(float64(c), 0)
		}
		if finite {
			for _, c := range []float32{got.V, got.Dx, got.Dy, got.Dz} {
				if c != c {
					t.Fatalf("%+v at %v gave NaN: %+v", cfg, p, got)
				}
			}
		}
		if v := valueAt4(s, p); math.Float32bits(v) != math.Float32bits(got.V) && !(v != v && got.V != got.V) {
			t.Fatalf("%+v at %v: ValueAt4 %v, At4 %+v", cfg, p, v, got)
		}
	})
}
