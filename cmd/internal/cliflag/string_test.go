package cliflag

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/noiselab/noise"
)

// parseConfig reads args with the flags and the rules "noise sample"
// uses: the variant, the settings and the domain (scale 1 by default, a
// Domain only when a domain flag is given), with the conditional flags
// checked (CheckNeeds).
func parseConfig(args []string) (noise.Config, error) {
	fs := NewFlagSet("cmd")
	var v Variant
	var s Settings
	var d Domain
	v.Register(fs, noise.Config{Noise: noise.Perlin, Dims: 3}, true)
	s.Register(fs, noise.DefaultSettings(), "")
	d.Register(fs, 1)
	if err := Parse(fs, "", args, nil); err != nil {
		return noise.Config{}, err
	}
	st, err := s.Settings()
	if err != nil {
		return noise.Config{}, err
	}
	cfg, err := v.Config(st)
	if err != nil {
		return cfg, err
	}
	if d.AnySet(fs) {
		if cfg.Domain, err = d.Domain(); err != nil {
			return cfg, err
		}
	}
	return cfg, CheckNeeds(fs, s.Needs(true), []Need{JitterNeed(cfg.Noise)}, d.Needs(cfg.Dims == 4, false, "-dims 4", "a non-zero -rotate"))
}

// randomConfig is a valid configuration in the form the commands make:
// lacunarity 2 and persistence 0.5 with one octave, no ping-pong strength
// but with the ping-pong mode, the warp's other fields zero without a
// warp and at least 1 with one, the warp mode independent with one warp
// octave, ScaleW and TranslationW 0 below 4D unless ScaleW equals the
// other scales, and the PS matrix without a rotation.
func randomConfig(r *rand.Rand) noise.Config {
	ns := noise.Noises()
	n := ns[r.IntN(len(ns))]
	cfg := noise.Config{Noise: n, Dims: 1 + r.IntN(n.MaxDims()), Tiling: n.Tiling() && r.IntN(2) == 0}
	num := func() float32 { // a float32 of any precision, sometimes negative zero
		switch r.IntN(4) {
		case 0:
			return float32(math.Copysign(0, -1))
		case 1:
			return float32(r.IntN(7) - 3)
		}
		return float32(r.NormFloat64() * 3)
	}
	s := noise.Settings{
		Seed:        r.Int32() - r.Int32(),
		Frequency:   float32(1 + r.Int32N(64)),
		Octaves:     1 + r.IntN(4),
		Lacunarity:  2,
		Persistence: 0.5,
		Fractal:     noise.Fractals()[r.IntN(len(noise.Fractals()))],
	}
	if s.Octaves >= 2 {
		s.Lacunarity, s.Persistence = float32(1+r.Int32N(3)), float32(math.Abs(float64(num())))
	}
	if !cfg.Tiling && r.IntN(2) == 0 { // fractional: any float32 from 0.25 up, tiling takes whole numbers
		s.Frequency = 0.25 + float32(r.Float64()*8)
		if s.Octaves >= 2 {
			s.Lacunarity = 1 + float32(r.Float64()*2)
		}
	}
	if n.Parts().Family == noise.FamilyVoronoi && r.IntN(2) == 0 { // a jitter in (0, 1]
		s.Jitter = 1 - float32(r.Float64())
	}
	if s.Fractal == noise.FractalPingPong && r.IntN(2) == 0 {
		s.PingPong = 0.25 + float32(r.Float64())*4
	}
	if r.IntN(2) == 0 {
		s.WarpAmplitude, s.WarpFrequency, s.WarpOctaves = float32(r.NormFloat64()), 1+r.Int32N(8), 1+r.IntN(4)
		if s.WarpAmplitude == 0 {
			s.WarpAmplitude = 0.5
		}
		if s.WarpOctaves >= 2 {
			s.WarpMode = noise.WarpMode(r.IntN(len(noise.WarpModeNames())))
		}
	}
	cfg.Settings = s
	if r.IntN(3) > 0 {
		d := noise.Domain{Translation: [3]float32{num(), num(), num()}, Rotation: [3]float32{num(), num(), num()}}
		for i := range d.Scale {
			for d.Scale[i] == 0 {
				d.Scale[i] = num()
			}
		}
		switch {
		case r.IntN(3) == 0:
			d.Scale = [3]float32{d.Scale[0], d.Scale[0], d.Scale[0]}
			d.ScaleW = d.Scale[0]
		case cfg.Dims == 4 && r.IntN(2) == 0:
			for d.ScaleW == 0 { // ±0 both mean 1: the flags give +0
				d.ScaleW = num()
			}
		}
		if cfg.Dims == 4 && r.IntN(2) == 0 {
			d.TranslationW = num()
		}
		if r.IntN(3) == 0 {
			d.Rotation = [3]float32{}
		}
		d.PN = d.Rotation != [3]float32{} && r.IntN(2) == 0
		cfg.Domain = &d
	}
	return cfg
}

// sameBits compares a and b bit for bit (−0 and +0 differ).
func sameBits(a, b []float32) bool {
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			return false
		}
	}
	return len(a) == len(b)
}

// equalConfig compares every field, the numbers bit for bit.
func equalConfig(a, b noise.Config) bool {
	sa, sb := a.Settings, b.Settings
	fa := []float32{sa.Persistence, sa.PingPong, sa.WarpAmplitude}
	fb := []float32{sb.Persistence, sb.PingPong, sb.WarpAmplitude}
	sa.Persistence, sa.PingPong, sa.WarpAmplitude = 0, 0, 0
	sb.Persistence, sb.PingPong, sb.WarpAmplitude = 0, 0, 0
	if a.Noise != b.Noise || a.Dims != b.Dims || a.Tiling != b.Tiling || sa != sb || !sameBits(fa, fb) {
		return false
	}
	if a.Domain == nil || b.Domain == nil {
		return a.Domain == nil && b.Domain == nil
	}
	da, db := *a.Domain, *b.Domain
	return sameBits(append(append(da.Translation[:], da.Rotation[:]...), append(da.Scale[:], da.TranslationW, da.ScaleW)...),
		append(append(db.Translation[:], db.Rotation[:]...), append(db.Scale[:], db.TranslationW, db.ScaleW)...)) && da.PN == db.PN
}

// TestConfigStringRoundTrip: Config.String of random valid configurations,
// parsed by the commands' flags, gives the same configuration bit for bit.
func TestConfigStringRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	domains := 0
	for i := 0; i < 3000; i++ {
		cfg := randomConfig(r)
		if err := cfg.Validate(); err != nil {
			continue // the generator's rare invalid mix (a large persistence over many octaves)
		}
		text := cfg.String()
		back, err := parseConfig(strings.Fields(text))
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if !equalConfig(cfg, back) {
			t.Fatalf("%q read back as %+v, domain %+v; want %+v, domain %+v", text, back, back.Domain, cfg, cfg.Domain)
		}
		if cfg.Domain != nil {
			domains++
		}
	}
	if domains < 1000 {
		t.Fatalf("only %d configurations had a domain", domains)
	}
	want := "-noise perlin -dims 3 -tiling -seed 1 -frequency 4 -octaves 2 -lacunarity 2 -persistence 0.5 -scale 8"
	cfg := noise.Config{Noise: noise.Perlin, Dims: 3, Tiling: true, Settings: noise.Settings{Seed: 1, Frequency: 4, Octaves: 2, Lacunarity: 2, Persistence: 0.5}, Domain: noise.Scale(8)}
	if got := cfg.String(); got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}
