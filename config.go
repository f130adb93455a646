package noise

import "fmt"

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

// String names the variant: "perlin 3D" or "perlin 3D tiling" (the
// settings and the domain are not part of it).
func (c Config) String() string {
	s := fmt.Sprintf("%s %dD", c.Noise, c.Dims)
	if c.Tiling {
		s += " tiling"
	}
	return s
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
