package noise

// Fractal is how each octave of the fractal sum is shaped before it is
// weighted (docs/algorithms.md §6.4). Every mode keeps the sum in [−1, 1]
// for noise in [−1, 1] or [0, 1], and every mode has analytical
// derivatives.
type Fractal uint8

// The fractal modes. n is the octave's noise value (after its combine
// step), a = |n|.
const (
	FractalFBm      Fractal = iota // n: fractional Brownian motion, the tutorials' sum
	FractalRidged                  // 2(1 − a)² − 1: sharp ridges where n crosses 0
	FractalBillow                  // 2a − 1: rounded billows, creases where n crosses 0
	FractalPingPong                // 2·pingpong((n + 1)·s) − 1: n folded into bands (FastNoiseLite's PingPong)
)

// DefaultPingPong is the ping-pong strength that a zero
// Settings.PingPong stands for (FastNoiseLite's default).
const DefaultPingPong = 2

// MaxPingPong bounds Settings.PingPong, so that (n + 1)·s stays far from
// overflow and its bands stay wider than the float32 steps.
const MaxPingPong = 1 << 10

// PingPongStrength returns the ping-pong strength in effect: PingPong, or
// DefaultPingPong where it is 0.
func (s Settings) PingPongStrength() float32 {
	if s.PingPong == 0 {
		return DefaultPingPong
	}
	return s.PingPong
}

// Range returns the closed interval the configuration's value lies in:
// the noise's Range for FractalFBm, and the shaped octave's range for the
// other modes (docs/algorithms.md §6.4), which the weighted average keeps.
func (c Config) Range() (lo, hi float32) {
	lo, hi = c.Noise.Range(c.Dims)
	switch c.Settings.Fractal {
	case FractalFBm:
		return lo, hi
	case FractalBillow: // 2a − 1; every noise's range contains 0 or starts at it
		return -1, 2*max(-lo, hi) - 1
	}
	return -1, 1 // ridged: (1 − a)² ≤ 1 for a ≤ 2; ping-pong folds into [0, 1]
}

// WarpMode is how the octaves of a domain warp combine (FastNoiseLite's
// domain-warp fractal types; docs/algorithms.md §8.7).
type WarpMode uint8

// The warp modes.
const (
	WarpIndependent WarpMode = iota // every octave displaces the unwarped position's offset
	WarpProgressive                 // each octave samples where the previous ones moved the position
)

// MaxWarpAmplitude bounds |Settings.WarpAmplitude|.
const MaxWarpAmplitude = 1 << 16

// Warped reports whether the settings warp the domain (WarpAmplitude ≠ 0).
func (s Settings) Warped() bool { return s.WarpAmplitude != 0 }

// WarpOctaveCount returns the warp's octaves in effect: WarpOctaves, or 1
// where it is 0.
func (s Settings) WarpOctaveCount() int { return max(s.WarpOctaves, 1) }

// WarpBaseFrequency returns the warp noise's base frequency in effect:
// WarpFrequency, or 1 where it is 0.
func (s Settings) WarpBaseFrequency() int32 { return max(s.WarpFrequency, 1) }
