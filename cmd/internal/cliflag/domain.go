package cliflag

import (
	"flag"
	"fmt"
	"math"

	"github.com/noiselab/noise"
)

// Domain is the set of domain transform flags (docs/algorithms.md §8): -translate,
// -rotate, -scale and -matrix.
type Domain struct {
	Translate, Rotate, Scale Triple
	Matrix                   string
}

var domainNames = []string{"translate", "rotate", "scale", "matrix"}

// Register defines the flags on fs; the scale defaults to defaultScale on
// every axis.
func (d *Domain) Register(fs *flag.FlagSet, defaultScale float32) {
	d.Scale = Triple{V: [3]float32{defaultScale, defaultScale, defaultScale}, W: defaultScale, HasW: true, Single: true, Four: true}
	d.Translate = Triple{Four: true}
	fs.Var(&d.Translate, "translate", "domain translation `x,y,z`, added after the matrix; x,y,z,w also moves w (4D noise)")
	fs.Var(&d.Rotate, "rotate", "domain rotation `x,y,z`: Euler angles in degrees about X, Y and Z")
	fs.Var(&d.Scale, "scale", "domain scale `x,y,z`, or one number for every axis (with -tiling, the way to a fractional frequency: -frequency 1 -scale 0.01); x,y,z,w also scales w (4D noise; one number does too)")
	fs.StringVar(&d.Matrix, "matrix", "ps", "domain `matrix`: ps (Pseudorandom Surfaces, Scale·EulerZXY, rotates first) or pn (Pseudorandom Noise quaternion TRS, scales first); with -rotate")
}

// AnySet reports whether a domain flag was given on fs.
func (d *Domain) AnySet(fs *flag.FlagSet) bool {
	for _, n := range domainNames {
		if IsSet(fs, n) {
			return true
		}
	}
	return false
}

// Domain returns the transform the flags describe, validated (by
// noise.Domain.Validate's rules, said in terms of the flags).
func (d *Domain) Domain() (*noise.Domain, error) {
	dom := &noise.Domain{Translation: d.Translate.V, Rotation: d.Rotate.V, Scale: d.Scale.V, TranslationW: d.Translate.W}
	if d.Scale.HasW {
		dom.ScaleW = d.Scale.W
	}
	check := func(name string, t *Triple, bad func(float32) bool, rule string) error {
		c := append(t.V[:], t.W)
		for i, axis := range "xyzw" {
			if i == 3 && !t.HasW {
				break
			}
			if bad(c[i]) {
				return fmt.Errorf("invalid -%s %s: %c is %v; %s", name, t.String(), axis, c[i], rule)
			}
		}
		return nil
	}
	notFinite := func(v float32) bool { return math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) }
	if err := check("translate", &d.Translate, func(v float32) bool { return notFinite(v) || math.Abs(float64(v)) > 1<<64 },
		"each component must be finite, at most 2^64 in magnitude"); err != nil {
		return nil, err
	}
	if err := check("rotate", &d.Rotate, notFinite, "each angle must be finite (degrees)"); err != nil {
		return nil, err
	}
	if err := check("scale", &d.Scale, func(v float32) bool { return notFinite(v) || v == 0 || math.Abs(float64(v)) > 1<<32 },
		"each component must be finite, not 0, at most 2^32 in magnitude"); err != nil {
		return nil, err
	}
	switch d.Matrix {
	case "ps":
	case "pn":
		dom.PN = true
	default:
		return nil, fmt.Errorf("invalid -matrix %q: valid: ps, pn", d.Matrix)
	}
	return dom, dom.Validate()
}
