package cliflag

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/noiselab/noise"
)

// Settings are the fractal settings flags: -seed, -frequency, -octaves,
// -lacunarity, -persistence, -fractal, -ping-pong, -jitter and the domain warp's
// -warp-amplitude, -warp-frequency, -warp-octaves and -warp-mode. The numbers are kept as typed (the
// frequency, lacunarity and persistence as their text), so that Settings can apply
// the library's rules and a command with another noise (noise sample
// -perm-mode blog) can read them by its own.
type Settings struct {
	Seed                    int64
	Frequency               Number
	Octaves                 int
	Lacunarity, Persistence Number
	Fractal                 string // a noise.Fractal name
	PingPong                Number // empty: the library's default
	Jitter                  Number // empty: the library's default (1)
	WarpAmplitude           Number
	WarpFrequency           int64
	WarpOctaves             int
	WarpMode                string // a noise.WarpMode name
	// Limits, when set before Register, narrow the library's ranges (the
	// viewer's keys step within them); zero fields leave a range alone.
	Limits Limits
}

// Limits bound the settings more tightly than the library does.
type Limits struct {
	Frequency, Lacunarity int32   // at most this; 0: the library's bound
	Persistence           float32 // at most this; 0: the library's bound
}

// Register defines the flags with def as defaults; seedUsage, when not
// empty, replaces the -seed usage text.
func (s *Settings) Register(fs *flag.FlagSet, def noise.Settings, seedUsage string) {
	if seedUsage == "" {
		seedUsage = "hash `seed`, an int32"
	}
	upTo := func(lim int64, or string) string {
		if lim > 0 {
			return fmt.Sprintf("%s to %d", strings.TrimPrefix(or, "at least "), lim)
		}
		return or
	}
	fs.Int64Var(&s.Seed, "seed", int64(def.Seed), seedUsage)
	s.Frequency = Number(strconv.FormatFloat(float64(def.Frequency), 'g', -1, 32))
	fs.Var(&s.Frequency, "frequency", "base `frequency`, "+upTo(int64(s.Limits.Frequency), "at least 2^-24")+", fractional or whole (a whole number with -tiling)")
	fs.IntVar(&s.Octaves, "octaves", def.Octaves, fmt.Sprintf("fractal `octaves`, 1 to %d", noise.MaxOctaves))
	s.Lacunarity = Number(strconv.FormatFloat(float64(def.Lacunarity), 'g', -1, 32))
	fs.Var(&s.Lacunarity, "lacunarity", "frequency `factor` per octave, "+upTo(int64(s.Limits.Lacunarity), "at least 1")+
		", fractional or whole (a whole number with -tiling; with 2 or more octaves); the top octave's frequency must not exceed 2^24")
	s.Persistence = Number(strconv.FormatFloat(float64(def.Persistence), 'g', -1, 32))
	pers := "finite and at least 0"
	if s.Limits.Persistence > 0 {
		pers = fmt.Sprintf("0 to %v", s.Limits.Persistence)
	}
	fs.Var(&s.Persistence, "persistence", "amplitude `factor` per octave, "+pers+" (with 2 or more octaves)")
	fs.StringVar(&s.Fractal, "fractal", def.Fractal.String(), "fractal `mode` of each octave: "+strings.Join(noise.FractalNames(), ", ")+
		" (docs/algorithms.md §6.4)")
	fs.Var(&s.PingPong, "ping-pong", fmt.Sprintf("`strength` of -fractal pingpong, above 0 and at most %d (default %d)", noise.MaxPingPong, noise.DefaultPingPong))
	fs.Var(&s.Jitter, "jitter", fmt.Sprintf("Voronoi cell points' `jitter`: above 0 and at most 1, towards 0 a regular grid (default %d; docs/algorithms.md §4.1)", noise.DefaultJitter))
	s.WarpAmplitude = Number(strconv.FormatFloat(float64(def.WarpAmplitude), 'g', -1, 32))
	fs.Var(&s.WarpAmplitude, "warp-amplitude", fmt.Sprintf("domain warp `amplitude` in position units, at most %d in magnitude; 0: no warp (docs/algorithms.md §8.7)", noise.MaxWarpAmplitude))
	fs.Int64Var(&s.WarpFrequency, "warp-frequency", int64(def.WarpBaseFrequency()), "domain warp base `frequency`, a whole number at least 1 (with -warp-amplitude)")
	fs.IntVar(&s.WarpOctaves, "warp-octaves", def.WarpOctaveCount(), fmt.Sprintf("domain warp `octaves`, 1 to %d (frequency ×2, amplitude ×0.5 each; with -warp-amplitude)", noise.MaxOctaves))
	fs.StringVar(&s.WarpMode, "warp-mode", def.WarpMode.String(), "domain warp `mode`: "+strings.Join(noise.WarpModeNames(), " or ")+
		" (FastNoiseLite's domain-warp fractals; with -warp-amplitude and 2 or more -warp-octaves)")
}

// Settings returns the library's settings, validated by the library's
// rules (noise.Settings.Validate) and the Limits.
func (s *Settings) Settings() (noise.Settings, error) {
	var st noise.Settings
	if s.Seed < math.MinInt32 || s.Seed > math.MaxInt32 {
		return st, fmt.Errorf("invalid -seed %d: must be %d to %d", s.Seed, math.MinInt32, math.MaxInt32)
	}
	freq := s.Frequency.Float64()
	if lim := float64(s.Limits.Frequency); lim > 0 && !(freq >= noise.MinFrequency && freq <= lim) {
		return st, fmt.Errorf("invalid -frequency %s: must be 2^-24 to %d", s.Frequency, s.Limits.Frequency)
	}
	if !(freq >= noise.MinFrequency && freq <= noise.MaxTopFrequency) {
		return st, fmt.Errorf("invalid -frequency %s: must be at least 2^-24 and at most 2^24", s.Frequency)
	}
	if s.Octaves < 1 || s.Octaves > noise.MaxOctaves {
		return st, fmt.Errorf("invalid -octaves %d: must be 1 to %d", s.Octaves, noise.MaxOctaves)
	}
	lac := s.Lacunarity.Float64()
	if lim := float64(s.Limits.Lacunarity); lim > 0 && !(lac >= 1 && lac <= lim) {
		return st, fmt.Errorf("invalid -lacunarity %s: must be 1 to %d", s.Lacunarity, s.Limits.Lacunarity)
	}
	if !(lac >= 1 && lac <= noise.MaxTopFrequency) {
		return st, fmt.Errorf("invalid -lacunarity %s: must be at least 1 and at most 2^24", s.Lacunarity)
	}
	pers, err := strconv.ParseFloat(string(s.Persistence), 32)
	if lim := float64(s.Limits.Persistence); lim > 0 && !(pers >= 0 && pers <= lim) {
		return st, fmt.Errorf("invalid -persistence %s: must be 0 to %v", s.Persistence, lim)
	}
	if err != nil || !(pers >= 0) || math.IsInf(pers, 0) {
		return st, fmt.Errorf("invalid -persistence %s: must be finite and at least 0 (and fit a float32)", s.Persistence)
	}
	if top := (noise.Settings{Frequency: float32(freq), Lacunarity: float32(lac), Octaves: s.Octaves}).TopFrequency(); top > noise.MaxTopFrequency {
		return st, fmt.Errorf("-frequency %s, -lacunarity %s and -octaves %d give the top octave the frequency %s·%s^%d = %v, above 2^24: lower one of them",
			s.Frequency, s.Lacunarity, s.Octaves, s.Frequency, s.Lacunarity, s.Octaves-1, top)
	}
	if !amplitudesFit(float32(pers), s.Octaves) {
		return st, fmt.Errorf("invalid -persistence %s with -octaves %d: persistence^(octaves−1) must not exceed 2^64", s.Persistence, s.Octaves)
	}
	fractal := noise.FractalFBm
	if s.Fractal != "" {
		if fractal, err = noise.ParseFractal(s.Fractal); err != nil {
			return st, fmt.Errorf("invalid -fractal %q: valid: %s", s.Fractal, strings.Join(noise.FractalNames(), ", "))
		}
	}
	var pp float64
	if s.PingPong != "" {
		pp = s.PingPong.Float64()
		if !(pp > 0 && pp <= noise.MaxPingPong) {
			return st, fmt.Errorf("invalid -ping-pong %s: must be above 0 and at most %d", s.PingPong, noise.MaxPingPong)
		}
	}
	var jitter float64
	if s.Jitter != "" {
		jitter = s.Jitter.Float64()
		if !(jitter > 0 && jitter <= 1) || float32(jitter) == 0 {
			return st, fmt.Errorf("invalid -jitter %s: must be above 0 and at most 1", s.Jitter)
		}
	}
	var warp float64
	if s.WarpAmplitude != "" {
		warp = s.WarpAmplitude.Float64()
		if !(math.Abs(warp) <= noise.MaxWarpAmplitude) {
			return st, fmt.Errorf("invalid -warp-amplitude %s: must be finite and at most %d in magnitude", s.WarpAmplitude, noise.MaxWarpAmplitude)
		}
	}
	if s.WarpFrequency < 1 || s.WarpFrequency > math.MaxInt32 {
		return st, fmt.Errorf("invalid -warp-frequency %d: must be 1 to %d", s.WarpFrequency, math.MaxInt32)
	}
	if s.WarpOctaves < 1 || s.WarpOctaves > noise.MaxOctaves {
		return st, fmt.Errorf("invalid -warp-octaves %d: must be 1 to %d", s.WarpOctaves, noise.MaxOctaves)
	}
	if warp != 0 && topFrequency(s.WarpFrequency, 2, s.WarpOctaves) > math.MaxInt32 {
		return st, fmt.Errorf("-warp-frequency %d and -warp-octaves %d give the top warp octave the frequency %d·2^%d, above 2^31−1: lower one of them",
			s.WarpFrequency, s.WarpOctaves, s.WarpFrequency, s.WarpOctaves-1)
	}
	warpMode := noise.WarpIndependent
	if s.WarpMode != "" {
		if warpMode, err = noise.ParseWarpMode(s.WarpMode); err != nil {
			return st, fmt.Errorf("invalid -warp-mode %q: valid: %s", s.WarpMode, strings.Join(noise.WarpModeNames(), ", "))
		}
	}
	st = noise.Settings{
		Seed:        int32(s.Seed),
		Frequency:   float32(freq),
		Octaves:     s.Octaves,
		Lacunarity:  float32(lac),
		Persistence: float32(pers),
		Fractal:     fractal,
		PingPong:    float32(pp),
		Jitter:      float32(jitter),
	}
	if warp != 0 { // without a warp its fields stay zero, as in DefaultSettings
		st.WarpAmplitude, st.WarpFrequency, st.WarpOctaves, st.WarpMode = float32(warp), int32(s.WarpFrequency), s.WarpOctaves, warpMode
	}
	return st, st.Validate()
}

// Number is a number flag kept as its text, so that it can be read as a
// float32, a float64 or a whole number.
type Number string

// String returns the number as given.
func (n *Number) String() string {
	if n == nil {
		return ""
	}
	return string(*n)
}

// Set accepts any number strconv.ParseFloat reads (out-of-range ones
// included: the reader says what fits).
func (n *Number) Set(s string) error {
	s = strings.TrimSpace(s)
	if _, err := strconv.ParseFloat(s, 64); err != nil && !errors.Is(err, strconv.ErrRange) {
		return errors.New("not a number")
	}
	*n = Number(s)
	return nil
}

// Float64 returns the number as a float64 (±Inf when out of range).
func (n Number) Float64() float64 {
	v, _ := strconv.ParseFloat(string(n), 64)
	return v
}

// topFrequency is the frequency f·2^(octaves−1) of the top warp octave,
// stopping once it exceeds 2^31−1 (noise.Settings.Validate's rule).
func topFrequency(f, lac int64, octaves int) int64 {
	top := f
	for o := 1; o < octaves && top <= math.MaxInt32; o++ {
		top *= lac
	}
	return top
}

// amplitudesFit reports whether every octave's amplitude pers^o, computed
// as noise.Settings.Validate computes it, stays at most 2^64.
func amplitudesFit(pers float32, octaves int) bool {
	amp := float32(1)
	for o := 1; o < octaves; o++ {
		amp *= pers
		if amp > 1<<64 {
			return false
		}
	}
	return true
}
