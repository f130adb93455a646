package cliflag

import (
	"errors"
	"flag"

	"github.com/noiselab/noise"
)

// A Need is a flag that does something only with certain other flags. A
// command lists its needs after the flags are valid; CheckNeeds refuses a
// flag that was given where it would do nothing, so that no flag is
// silently ignored.
type Need struct {
	Flag  string // the flag's name, without the dash
	Holds bool   // whether the flag has an effect with the others given
	Msg   string // the refusal, one line naming the flag and what it needs
}

// Needs is the usual Need: "-flag needs what: why"; why may be empty.
func Needs(flag string, holds bool, what, why string) Need {
	msg := "-" + flag + " needs " + what
	if why != "" {
		msg += ": " + why
	}
	return Need{flag, holds, msg}
}

// CheckNeeds returns the refusal of the first need whose flag was given on
// fs but does not hold, or nil.
func CheckNeeds(fs *flag.FlagSet, needs ...[]Need) error {
	for _, l := range needs {
		for _, n := range l {
			if !n.Holds && IsSet(fs, n.Flag) {
				return errors.New(n.Msg)
			}
		}
	}
	return nil
}

// Needs refuses the GPU flags (-context, -driver, -arith, -precision)
// where no GPU runs: on reports whether the command uses the GPU, what
// says what turns it on ("-backend gpu") and why what happens without.
func (g *GPU) Needs(on bool, what, why string) []Need {
	var out []Need
	for _, name := range gpuFlags {
		out = append(out, Needs(name, on, what, why))
	}
	return out
}

// gpuFlags are the flags of GPU, in the order Register defines them.
var gpuFlags = []string{"context", "driver", "arith", "precision"}

// Needs refuses the settings flags that the others make ineffective:
// -warp-frequency, -warp-octaves and -warp-mode without a warp (their
// values are dropped), and, where asGiven (the settings are used as they
// are, not handed on to be changed: the library's noise_settings(), the
// viewer's keys), -ping-pong without -fractal pingpong, -lacunarity and
// -persistence with one octave, and -warp-mode with one warp octave.
func (s *Settings) Needs(asGiven bool) []Need {
	warp := s.WarpAmplitude.Float64() != 0
	const noWarp = "without a domain warp it does nothing"
	out := []Need{
		Needs("warp-frequency", warp, "a non-zero -warp-amplitude", noWarp),
		Needs("warp-octaves", warp, "a non-zero -warp-amplitude", noWarp),
		Needs("warp-mode", warp, "a non-zero -warp-amplitude", noWarp),
	}
	if asGiven {
		pp := noise.FractalPingPong.String()
		out = append(out,
			Needs("ping-pong", s.Fractal == pp, "-fractal "+pp, "it is the ping-pong mode's strength, and -fractal "+s.Fractal+" has none"),
			Needs("lacunarity", s.Octaves >= 2, "-octaves 2 or more", "it is the frequency factor from one octave to the next"),
			Needs("persistence", s.Octaves >= 2, "-octaves 2 or more", "it is the amplitude factor from one octave to the next"),
			Needs("warp-mode", s.WarpOctaves >= 2, "-warp-octaves 2 or more", "with one warp octave both modes are the same"),
		)
	}
	return out
}

// JitterNeed refuses -jitter for a noise other than Voronoi noise, whose
// cell points it moves; the others have none.
func JitterNeed(n noise.Noise) Need {
	return Needs("jitter", n.Parts().Family == noise.FamilyVoronoi, "a Voronoi -noise",
		"it moves the Voronoi cell points, and -noise "+n.String()+" has none")
}

// Needs refuses the domain flags that the others make ineffective: -matrix
// without a rotation (ps and pn differ only in the order of rotation and
// scale) unless rotates (the rotation changes later: the viewer's keys and
// -animate), and a fourth component (w) of -translate or -scale unless
// fourD (the noise reads w). how4D says how to get 4D noise ("-dims 4"),
// howRotate how to rotate ("a non-zero -rotate").
func (d *Domain) Needs(fourD, rotates bool, how4D, howRotate string) []Need {
	rot := rotates || d.Rotate.V != [3]float32{}
	return []Need{
		Needs("matrix", rot, howRotate, "without a rotation ps and pn are the same matrix"),
		{"translate", fourD || d.Translate.Count != 4,
			"-translate x,y,z,w needs 4D noise (" + how4D + "): only 4D noise reads w, so give x,y,z"},
		{"scale", fourD || d.Scale.Count != 4,
			"-scale x,y,z,w needs 4D noise (" + how4D + "): only 4D noise reads w, so give x,y,z or one number"},
	}
}

// NeedLibrary refuses every settings and domain flag: for a command whose
// output takes them at run time (the compute kernel's uniforms), what
// says what would take them ("-library"), why where they go instead.
func NeedLibrary(what, why string) []Need {
	var out []Need
	for _, name := range append(SettingsFlags(), domainNames...) {
		out = append(out, Needs(name, false, what, why))
	}
	return out
}

// SettingsFlags are the names of the flags Settings.Register defines,
// sorted.
func SettingsFlags() []string {
	fs := NewFlagSet("")
	var s Settings
	s.Register(fs, noise.DefaultSettings(), "")
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	return names
}
