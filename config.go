package noise

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Config selects a noise variant and its settings: what both backends
// (package cpu and package gpu/dispatch) take.
type Config struct {
	Noise    Noise
	Dims     int  // 1 to Noise.MaxDims()
	Tiling   bool // period 1 in every used axis; not for simplex noise
	Settings Settings
	// Domain, when non-nil, transforms every position before sampling and
	// turns the derivatives back into derivatives with respect to the
	// untransformed position (docs/algorithms.md §8).
	Domain *Domain
}

// Variant names the variant: "perlin 3D" or "perlin 3D tiling" (the
// settings and the domain are not part of it). It is the name the
// commands, the reports and the error messages use for a variant.
func (c Config) Variant() string {
	s := fmt.Sprintf("%s %dD", c.Noise, c.Dims)
	if c.Tiling {
		s += " tiling"
	}
	return s
}

// String returns every setting of c in the command-line syntax of
// "noise sample" and "noise image", so that a printed configuration can be
// given back to them:
//
//	-noise perlin -dims 3 -tiling -seed 1 -frequency 4 -octaves 1 -scale 8,8,8
//
// It always gives -noise, -dims, -seed, -frequency and -octaves; -tiling
// when set; -lacunarity and -persistence with 2 or more octaves (with one
// they do nothing, and the commands refuse them); -fractal unless fBm,
// -ping-pong when set with the ping-pong mode; the domain warp's flags
// with a non-zero WarpAmplitude (-warp-frequency and -warp-octaves as the
// values in effect, -warp-mode with 2 or more warp octaves: without a
// warp the commands leave those fields zero); and, with a Domain,
// -scale (one number when all four scales are equal, else x,y,z, and w
// where ScaleW is set on 4D noise), -translate and -rotate when not zero
// (w where set on 4D noise) and -matrix pn for the PN matrix with a
// rotation. The fourth components do nothing below 4D, and the commands
// take them for 4D noise only. A nil Domain gives no domain flags: "noise
// sample" then samples without a domain, while "noise image" applies its
// default scale 8 (give it -scale 1 to sample the untransformed plane).
// Numbers are printed in the shortest form that reads back to the same
// float32.
func (c Config) String() string {
	var b []string
	add := func(flag, value string) { b = append(b, "-"+flag, value) }
	add("noise", c.Noise.String())
	add("dims", strconv.Itoa(c.Dims))
	if c.Tiling {
		b = append(b, "-tiling")
	}
	s := c.Settings
	add("seed", strconv.Itoa(int(s.Seed)))
	add("frequency", formatFloat32(s.Frequency))
	add("octaves", strconv.Itoa(s.Octaves))
	if s.Octaves >= 2 {
		add("lacunarity", formatFloat32(s.Lacunarity))
		add("persistence", formatFloat32(s.Persistence))
	}
	if s.Fractal != FractalFBm {
		add("fractal", s.Fractal.String())
	}
	if s.Fractal == FractalPingPong && s.PingPong != 0 {
		add("ping-pong", formatFloat32(s.PingPong))
	}
	if c.Noise.Parts().Family == FamilyVoronoi && s.Jitter != 0 {
		add("jitter", formatFloat32(s.Jitter))
	}
	if s.Warped() {
		add("warp-amplitude", formatFloat32(s.WarpAmplitude))
		add("warp-frequency", strconv.Itoa(int(s.WarpBaseFrequency())))
		add("warp-octaves", strconv.Itoa(s.WarpOctaveCount()))
		if s.WarpOctaveCount() >= 2 {
			add("warp-mode", s.WarpMode.String())
		}
	}
	if d := c.Domain; d != nil {
		four := c.Dims == 4 // the commands take a w component for 4D noise only
		switch sc := d.Scale; {
		case sameBits(sc[:], d.ScaleW):
			add("scale", formatFloat32(d.ScaleW)) // one number: all four
		case d.ScaleW != 0 && four:
			add("scale", formatFloats(append(sc[:], d.ScaleW)))
		default:
			add("scale", formatFloats(sc[:]))
		}
		tr := d.Translation[:]
		if math.Float32bits(d.TranslationW) != 0 && four {
			tr = append(tr[:3:3], d.TranslationW)
		}
		if !allZeroBits(tr) {
			add("translate", formatFloats(tr))
		}
		if !allZeroBits(d.Rotation[:]) {
			add("rotate", formatFloats(d.Rotation[:]))
			if d.PN && d.Rotation != [3]float32{} {
				add("matrix", "pn")
			}
		}
	}
	return strings.Join(b, " ")
}

// formatFloat32 is the shortest decimal that reads back to v as a float32.
func formatFloat32(v float32) string { return strconv.FormatFloat(float64(v), 'g', -1, 32) }

// formatFloats is the comma-separated formatFloat32 of every component.
func formatFloats(v []float32) string {
	parts := make([]string, len(v))
	for i, c := range v {
		parts[i] = formatFloat32(c)
	}
	return strings.Join(parts, ",")
}

// sameBits reports whether every component has the bits of w.
func sameBits(v []float32, w float32) bool {
	for _, c := range v {
		if math.Float32bits(c) != math.Float32bits(w) {
			return false
		}
	}
	return true
}

// allZeroBits reports whether every component is +0 (−0 is printed).
func allZeroBits(v []float32) bool {
	for _, c := range v {
		if math.Float32bits(c) != 0 {
			return false
		}
	}
	return true
}

// Validate reports the first invalid field, naming it and its valid values.
func (c Config) Validate() error {
	if !c.Noise.Valid() {
		return fmt.Errorf("invalid noise %d; valid: %v", uint8(c.Noise), Names())
	}
	if c.Dims < 1 || c.Dims > c.Noise.MaxDims() {
		return fmt.Errorf("invalid dims %d for %s: must be 1 to %d", c.Dims, c.Noise, c.Noise.MaxDims())
	}
	if c.Tiling && !c.Noise.Tiling() {
		return fmt.Errorf("%s has no tiling variant: tiling exists for lattice, Voronoi and perm-value noise, not simplex", c.Noise)
	}
	if err := c.Settings.Validate(); err != nil {
		return err
	}
	if c.Tiling {
		if f := c.Settings.Frequency; f != float32(int32(f)) {
			return fmt.Errorf("invalid frequency %v for tiling: must be a whole number (a tiling lattice wraps every octave at its frequency)", f)
		}
		if l := c.Settings.Lacunarity; l != float32(int32(l)) {
			return fmt.Errorf("invalid lacunarity %v for tiling: must be a whole number (a tiling lattice wraps every octave at its frequency)", l)
		}
	}
	if c.Domain != nil {
		return c.Domain.Validate()
	}
	return nil
}
