package noise

import (
	"fmt"
	"math"
)

// MaxOctaves is the largest number of octaves Settings accepts.
const MaxOctaves = 16

// MinFrequency is the smallest Frequency Settings accepts, 2^-24: every
// octave frequency and its simplex pre-scales (×1/√3, ×0.6) stay normal
// float32 numbers far from the subnormals a GPU may flush to zero (GLSL
// 4.30 §4.7.1), and below it the noise over any practical domain is one
// constant (docs/algorithms.md §6.1).
const MinFrequency = 1.0 / (1 << 24)

// MaxTopFrequency is the largest frequency the last octave may reach,
// 2^24: up to it every whole number is a float32, so whole Frequency and
// Lacunarity give exact per-octave products, the same integers as int32
// arithmetic (docs/algorithms.md §6.1).
const MaxTopFrequency = 1 << 24

// Settings are the fractal settings (docs/algorithms.md §6): octave o samples the noise
// at frequency f_o (f_0 = Frequency, f_o = f_{o−1}·Lacunarity rounded to
// float32; OctaveFrequency) with the hash Seed+o, shapes it by the
// Fractal mode and weighs it by Persistence^o, and the sum is divided by the
// sum of the weights. The zero Fractal is the plain sum (fBm).
type Settings struct {
	Seed        int32   `json:"seed"`        // any value
	Frequency   float32 `json:"frequency"`   // finite, at least MinFrequency; a whole number for a tiling Config
	Octaves     int     `json:"octaves"`     // 1 through MaxOctaves
	Lacunarity  float32 `json:"lacunarity"`  // finite, at least 1; a whole number for a tiling Config
	Persistence float32 `json:"persistence"` // finite and at least 0
	Fractal     Fractal `json:"fractal"`     // how each octave is shaped; FractalFBm is the plain sum
	// PingPong is FractalPingPong's strength s: 0 (DefaultPingPong, 2) or
	// finite, above 0 and at most MaxPingPong. The other modes ignore it.
	PingPong float32 `json:"pingPong,omitempty"`
	// Jitter scales how far Voronoi cell points stray from their cell's
	// centre (docs/algorithms.md §4.1): 0 (DefaultJitter, 1: the full
	// square or cube, today's points bit for bit) or above 0 and at most 1;
	// towards 0 the points tend to the centres, a regular grid. The other
	// families ignore it.
	Jitter float32 `json:"jitter,omitempty"`
	// The domain warp (docs/algorithms.md §8.7) displaces the position by
	// simplex-value noise before the noise is sampled: WarpOctaves octaves
	// (0 stands for 1) at frequency WarpFrequency·2^j (0 stands for 1),
	// amplitude WarpAmplitude·0.5^j, combined by WarpMode. A zero
	// WarpAmplitude is no warp.
	WarpAmplitude float32  `json:"warpAmplitude,omitempty"` // finite, |A| at most MaxWarpAmplitude
	WarpFrequency int32    `json:"warpFrequency,omitempty"` // 0 or at least 1
	WarpOctaves   int      `json:"warpOctaves,omitempty"`   // 0 through MaxOctaves
	WarpMode      WarpMode `json:"warpMode,omitempty"`
}

// DefaultSettings returns the tutorials' defaults: seed 0, frequency 4,
// 1 octave, lacunarity 2, persistence 0.5.
func DefaultSettings() Settings {
	return Settings{Seed: 0, Frequency: 4, Octaves: 1, Lacunarity: 2, Persistence: 0.5}
}

// Validate reports the first invalid field, naming it and its valid range.
func (s Settings) Validate() error {
	if f := float64(s.Frequency); !(f >= MinFrequency) || math.IsInf(f, 0) {
		return fmt.Errorf("invalid frequency %v: must be finite and at least 2^-24 (%v)", s.Frequency, float32(MinFrequency))
	}
	if s.Octaves < 1 || s.Octaves > MaxOctaves {
		return fmt.Errorf("invalid octaves %d: must be 1 to %d", s.Octaves, MaxOctaves)
	}
	if l := float64(s.Lacunarity); !(l >= 1) || math.IsInf(l, 0) {
		return fmt.Errorf("invalid lacunarity %v: must be finite and at least 1", s.Lacunarity)
	}
	if math.IsNaN(float64(s.Persistence)) || math.IsInf(float64(s.Persistence), 0) || s.Persistence < 0 {
		return fmt.Errorf("invalid persistence %v: must be finite and at least 0", s.Persistence)
	}
	if !s.Fractal.Valid() {
		return fmt.Errorf("invalid fractal mode %d; valid: %v", uint8(s.Fractal), FractalNames())
	}
	if p := s.PingPong; math.IsNaN(float64(p)) || p < 0 || p > MaxPingPong {
		return fmt.Errorf("invalid ping-pong strength %v: must be above 0 and at most %d (0 means %d)", p, MaxPingPong, DefaultPingPong)
	}
	if j := s.Jitter; !(j >= 0 && j <= 1) {
		return fmt.Errorf("invalid jitter %v: must be above 0 and at most 1 (0 means %d)", j, DefaultJitter)
	}
	if a := s.WarpAmplitude; math.IsNaN(float64(a)) || math.Abs(float64(a)) > MaxWarpAmplitude {
		return fmt.Errorf("invalid warp amplitude %v: must be finite and at most %d in magnitude (0: no warp)", a, MaxWarpAmplitude)
	}
	if s.WarpFrequency < 0 {
		return fmt.Errorf("invalid warp frequency %d: must be at least 1 (0 means 1)", s.WarpFrequency)
	}
	if s.WarpOctaves < 0 || s.WarpOctaves > MaxOctaves {
		return fmt.Errorf("invalid warp octaves %d: must be 1 to %d (0 means 1)", s.WarpOctaves, MaxOctaves)
	}
	if !s.WarpMode.Valid() {
		return fmt.Errorf("invalid warp mode %d; valid: %v", uint8(s.WarpMode), WarpModeNames())
	}
	if top := int64(s.WarpBaseFrequency()) << (s.WarpOctaveCount() - 1); top > math.MaxInt32 {
		return fmt.Errorf("invalid warp frequency/octaves: the top warp octave frequency %d·2^%d exceeds 2^31−1", s.WarpBaseFrequency(), s.WarpOctaveCount()-1)
	}
	if top := s.TopFrequency(); top > MaxTopFrequency {
		return fmt.Errorf("invalid frequency/lacunarity/octaves: the top octave frequency %v·%v^%d = %v exceeds 2^24",
			s.Frequency, s.Lacunarity, s.Octaves-1, top)
	}
	amp := float32(1)
	for o := 1; o < s.Octaves; o++ {
		amp *= s.Persistence
		if amp > 1<<64 {
			return fmt.Errorf("invalid persistence %v: persistence^(octaves−1) must not exceed 2^64 (octaves %d)", s.Persistence, s.Octaves)
		}
	}
	return nil
}

// OctaveFrequency returns the frequency of octave o (0-based): f_0 =
// Frequency and f_o = f_{o−1}·Lacunarity, each product rounded to float32
// (docs/algorithms.md §6.2). For valid settings with a whole Frequency and
// Lacunarity every product is exact: the integer Frequency·Lacunarity^o.
func (s Settings) OctaveFrequency(o int) float32 {
	f := s.Frequency
	for i := 0; i < o; i++ {
		f = float32(f * s.Lacunarity)
	}
	return f
}

// TopFrequency returns the frequency of the last octave,
// OctaveFrequency(Octaves−1). Valid settings keep it at most 2^24.
func (s Settings) TopFrequency() float32 { return s.OctaveFrequency(max(s.Octaves, 1) - 1) }

// DefaultJitter is the Voronoi jitter that a zero Settings.Jitter stands
// for: the cell points anywhere in their cell (the tutorials' points).
const DefaultJitter = 1

// JitterAmount returns the Voronoi jitter in effect: Jitter, or
// DefaultJitter where it is 0.
func (s Settings) JitterAmount() float32 {
	if s.Jitter == 0 {
		return DefaultJitter
	}
	return s.Jitter
}
