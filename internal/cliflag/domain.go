package cliflag

import (
	"errors"
	"flag"
	"fmt"

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
	fs.Var(&d.Scale, "scale", "domain scale `x,y,z`, or one number for every axis (the way to a fractional frequency: -frequency 1 -scale 0.01); x,y,z,w also scales w (4D noise; one number does too)")
	fs.StringVar(&d.Matrix, "matrix", "ps", "domain `matrix`: ps (Pseudorandom Surfaces, Scale·EulerZXY, rotates first) or pn (Pseudorandom Noise quaternion TRS, scales first)")
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

// Domain returns the transform the flags describe, validated.
func (d *Domain) Domain() (*noise.Domain, error) {
	dom := &noise.Domain{Translation: d.Translate.V, Rotation: d.Rotate.V, Scale: d.Scale.V, TranslationW: d.Translate.W}
	if d.Scale.HasW {
		dom.ScaleW = d.Scale.W
		if dom.ScaleW == 0 { // Domain reads ScaleW 0 as 1
			return nil, errors.New("invalid -scale w 0: must not be zero")
		}
	}
	switch d.Matrix {
	case "ps":
	case "pn":
		dom.PN = true
	default:
		return nil, fmt.Errorf("invalid -matrix %q; valid: ps, pn", d.Matrix)
	}
	return dom, dom.Validate()
}
