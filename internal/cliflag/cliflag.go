// Package cliflag holds the command-line flag types that the project's
// commands share: the x,y,z triple and the domain transform flags.
package cliflag

import (
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/noiselab/noise"
)

// Triple is a comma-separated x,y,z flag value; with Single set it also
// accepts one number for all three components.
type Triple struct {
	V      [3]float32
	Single bool
}

// String formats the value as the flag takes it.
func (t *Triple) String() string {
	if t == nil {
		return ""
	}
	var parts []string
	for _, c := range t.V {
		parts = append(parts, strconv.FormatFloat(float64(c), 'g', -1, 32))
	}
	return strings.Join(parts, ",")
}

// Set parses a flag value.
func (t *Triple) Set(s string) error {
	want := `want three comma-separated numbers "x,y,z"`
	if t.Single {
		want = `want one number or three comma-separated numbers "x,y,z"`
	}
	parts := strings.Split(s, ",")
	if len(parts) != 3 && !(t.Single && len(parts) == 1) {
		return errors.New(want)
	}
	var v [3]float32
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 32)
		if err != nil {
			if errors.Is(err, strconv.ErrRange) {
				return fmt.Errorf("%q is out of float32 range", strings.TrimSpace(p))
			}
			return fmt.Errorf("%q is not a number; %s", strings.TrimSpace(p), want)
		}
		v[i] = float32(f)
	}
	if len(parts) == 1 {
		v[1], v[2] = v[0], v[0]
	}
	t.V = v
	return nil
}

// Domain is the set of domain transform flags (SPEC §8): -translate,
// -rotate, -scale and -matrix.
type Domain struct {
	Translate, Rotate, Scale Triple
	Matrix                   string
}

var domainNames = []string{"translate", "rotate", "scale", "matrix"}

// Register defines the flags on fs; the scale defaults to defaultScale on
// every axis.
func (d *Domain) Register(fs *flag.FlagSet, defaultScale float32) {
	d.Scale = Triple{V: [3]float32{defaultScale, defaultScale, defaultScale}, Single: true}
	fs.Var(&d.Translate, "translate", "domain translation `x,y,z`, added after the matrix")
	fs.Var(&d.Rotate, "rotate", "domain rotation `x,y,z`: Euler angles in degrees about X, Y and Z")
	fs.Var(&d.Scale, "scale", "domain scale `x,y,z`, or one number for all three axes (the way to a fractional frequency: -frequency 1 -scale 0.01)")
	fs.StringVar(&d.Matrix, "matrix", "ps", "domain `matrix`: ps (Pseudorandom Surfaces, Scale·EulerZXY, rotates first) or pn (Pseudorandom Noise quaternion TRS, scales first)")
}

// AnySet reports whether a domain flag was given on fs.
func (d *Domain) AnySet(fs *flag.FlagSet) bool {
	for _, n := range domainNames {
		if isSet(fs, n) {
			return true
		}
	}
	return false
}

// Domain returns the transform the flags describe, validated.
func (d *Domain) Domain() (*noise.Domain, error) {
	dom := &noise.Domain{Translation: d.Translate.V, Rotation: d.Rotate.V, Scale: d.Scale.V}
	switch d.Matrix {
	case "ps":
	case "pn":
		dom.PN = true
	default:
		return nil, fmt.Errorf("invalid -matrix %q; valid: ps, pn", d.Matrix)
	}
	return dom, dom.Validate()
}

// isSet reports whether the flag was given on the command line.
func isSet(fs *flag.FlagSet, name string) bool {
	found := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			found = true
		}
	})
	return found
}
