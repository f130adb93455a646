package cpu_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
)

// shape64 is the definition of the fractal modes (docs/algorithms.md §6.4)
// in float64, on an fBm octave value v: the independent reference of
// TestFractalModes.
func shape64(m noise.Fractal, v, s float64) float64 {
	a := math.Abs(v)
	switch m {
	case noise.FractalRidged:
		return 2*(1-a)*(1-a) - 1
	case noise.FractalBillow:
		return 2*a - 1
	case noise.FractalPingPong:
		u := (v + 1) * s
		m := u - 2*math.Floor(u/2) // the triangle wave of period 2
		if m >= 1 {
			m = 2 - m
		}
		return 2*m - 1
	}
	return v
}

// TestFractalModes checks each mode of one octave against its definition
// applied, in float64, to the fBm sampler's value at the same point (within
// 1e-5: the float32 steps round), and of several octaves against the
// weighted average of the shaped octaves; it also checks Config.Range, that
// the range is used, and that ping-pong's strength matters.
func TestFractalModes(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 11))
	for _, v := range allVariants() {
		if v.noise == noise.PermValue && v.dims == 4 {
			continue // covered by the 3D form: the shaping does not depend on the noise
		}
		for _, m := range noise.Fractals()[1:] {
			for _, pp := range []float32{0, 0.75} {
				if pp != 0 && m != noise.FractalPingPong {
					continue
				}
				strength := float64(noise.Settings{PingPong: pp}.PingPongStrength())
				// Perm-value noise builds its table from the seed, so its
				// octaves are not samplers of seed + o: one octave there.
				n := 3
				if v.noise == noise.PermValue {
					n = 1
				}
				base := noise.Settings{Seed: 3, Frequency: 2, Octaves: n, Lacunarity: 2, Persistence: 0.5}
				set := base
				set.Fractal, set.PingPong = m, pp
				cfg := noise.Config{Noise: v.noise, Dims: v.dims, Tiling: v.tiling, Settings: set}
				shaped := mustSampler(t, cfg)
				lo, hi := cfg.Range()
				// The octaves one by one: octave o is the fBm sampler with
				// seed + o at frequency 2·2^o, so the sum can be rebuilt.
				octs := make([]*cpu.Sampler, n)
				for o := range octs {
					one := noise.Settings{Seed: base.Seed + int32(o), Frequency: base.Frequency * float32(int(1)<<o), Octaves: 1, Lacunarity: 2, Persistence: 0.5}
					octs[o] = samplerFor(t, v, one, nil)
				}
				seenLo, seenHi := math.Inf(1), math.Inf(-1)
				for _, p := range randomPoints(r, 300, 2) {
					want, ampSum, amp := 0.0, 0.0, 1.0
					for o := range octs {
						want += amp * shape64(m, float64(valueAt4(octs[o], p)), strength)
						ampSum += amp
						amp *= 0.5
					}
					want /= ampSum
					got := float64(valueAt4(shaped, p))
					if math.Abs(got-want) > 1e-5 {
						t.Fatalf("%v %v (ping-pong %v) at %v = %v, want %v", v, m, pp, p, got, want)
					}
					if !(got >= float64(lo)-4e-6 && got <= float64(hi)+4e-6) {
						t.Fatalf("%v %v at %v = %v, outside Config.Range [%v, %v]", v, m, p, got, lo, hi)
					}
					seenLo, seenHi = math.Min(seenLo, got), math.Max(seenHi, got)
				}
				// (A small strength folds only part of the range, and 1D
				// tiling has two lattice values per period at frequency 2.)
				if pp == 0 && !(v.dims == 1 && v.tiling) && seenHi-seenLo < 0.2*float64(hi-lo) {
					t.Errorf("%v %v spans only [%v, %v] of [%v, %v]", v, m, seenLo, seenHi, lo, hi)
				}
			}
		}
	}
}

// TestFractalSettings checks the validation of the new settings and the
// names of the modes.
func TestFractalSettings(t *testing.T) {
	for _, c := range []struct {
		f    noise.Fractal
		pp   float32
		okay bool
	}{
		{noise.FractalFBm, 0, true}, {noise.FractalPingPong, 0, true}, {noise.FractalPingPong, 1024, true},
		{noise.FractalRidged, 0.5, true}, {noise.Fractal(4), 0, false}, {noise.FractalPingPong, -1, false},
		{noise.FractalPingPong, 1025, false}, {noise.FractalPingPong, float32(math.NaN()), false},
		{noise.FractalPingPong, float32(math.Inf(1)), false},
	} {
		s := noise.DefaultSettings()
		s.Fractal, s.PingPong = c.f, c.pp
		if err := s.Validate(); (err == nil) != c.okay {
			t.Errorf("fractal %v ping-pong %v: Validate() = %v", c.f, c.pp, err)
		}
	}
	for _, m := range noise.Fractals() {
		if got, err := noise.ParseFractal(m.String()); err != nil || got != m {
			t.Errorf("ParseFractal(%q) = %v, %v", m.String(), got, err)
		}
		b, err := m.MarshalText()
		var back noise.Fractal
		if err != nil || back.UnmarshalText(b) != nil || back != m {
			t.Errorf("%v: text round trip gave %v (%v)", m, back, err)
		}
	}
	if _, err := noise.ParseFractal("fractal"); err == nil || err.Error() != `unknown fractal mode "fractal"; valid: fbm, ridged, billow, pingpong` {
		t.Errorf("ParseFractal(\"fractal\") error = %v", err)
	}
}
