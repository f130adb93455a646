package cliflag

import (
	"flag"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/compare"
)

// Variant is the selection of one noise variant: -noise, -dims and
// -tiling.
type Variant struct {
	Noise      noise.Noise
	Dims       int
	Tiling     bool
	required   bool
	hasDefault bool // !required: the default noise counts as given
	set        bool
}

// Register defines the flags with def's noise, dimensions and tiling as
// defaults; with required, -noise has no default and Config refuses its
// absence.
func (v *Variant) Register(fs *flag.FlagSet, def noise.Config, required bool) {
	v.Noise, v.Dims, v.Tiling, v.required, v.hasDefault = def.Noise, def.Dims, def.Tiling, required, !required
	usage := "noise `name`; valid: " + join(noise.Names())
	if required {
		usage = "noise `name` (required); valid: " + join(noise.Names())
	}
	fs.Var((*noiseValue)(v), "noise", usage)
	fs.IntVar(&v.Dims, "dims", def.Dims, Expand("`dimensions`: {dimsRange}; 1D uses x, 2D x and z, 4D also w"))
	fs.BoolVar(&v.Tiling, "tiling", def.Tiling, Expand("the tiling variant: period 1 in every used axis at frequency 1 (not for {noTiling} noise)"))
}

// Config returns the variant with settings s, validated (the library's
// rules: dimensions, tiling, settings).
func (v *Variant) Config(s noise.Settings) (noise.Config, error) {
	if v.required && !v.set {
		return noise.Config{}, fmt.Errorf("missing -noise NAME; valid: %s", join(noise.Names()))
	}
	cfg := noise.Config{Noise: v.Noise, Dims: v.Dims, Tiling: v.Tiling, Settings: s}
	if top := v.Noise.MaxDims(); v.Dims < 1 || v.Dims > top {
		return cfg, fmt.Errorf("invalid -dims %d for %s: must be 1 to %d", v.Dims, v.Noise, top)
	}
	if v.Tiling && !v.Noise.Tiling() {
		return cfg, fmt.Errorf("-tiling: %s has no tiling variant (tiling exists for %s noise)", v.Noise, WithTiling())
	}
	if v.Tiling && (!whole(s.Frequency) || !whole(s.Lacunarity)) {
		return cfg, fmt.Errorf("-tiling needs a whole -frequency and -lacunarity (a tiling lattice wraps every octave at its frequency), not %v and %v",
			s.Frequency, s.Lacunarity)
	}
	return cfg, cfg.Validate()
}

// Given reports whether -noise was given.
func (v *Variant) Given() bool { return v.set }

// noiseValue is Variant's -noise.
type noiseValue Variant

func (n *noiseValue) String() string {
	if n == nil || !n.set && !n.hasDefault {
		return "" // also the zero value's, so that -h shows no default
	}
	return n.Noise.String()
}

func (n *noiseValue) Set(s string) error {
	v, err := noise.ParseNoise(strings.TrimSpace(s))
	if err != nil {
		return err
	}
	n.Noise, n.set = v, true
	return nil
}

// NoiseList is a -noise flag of comma-separated names, or all.
type NoiseList struct {
	Noises []noise.Noise
	text   string
}

// NewNoiseList returns a list holding text ("all", or names), which must
// parse.
func NewNoiseList(text string) NoiseList {
	var l NoiseList
	if err := l.Set(text); err != nil {
		panic(err)
	}
	return l
}

// String returns the list as given.
func (l *NoiseList) String() string {
	if l == nil {
		return ""
	}
	return l.text
}

// all reports whether the list is "all".
func (l *NoiseList) all() bool { return strings.TrimSpace(l.text) == "all" }

// Set parses the list.
func (l *NoiseList) Set(s string) error {
	if strings.TrimSpace(s) == "" {
		l.Noises, l.text = nil, ""
		return nil
	}
	ns, err := noise.ParseNoises(s)
	if err != nil {
		return err
	}
	l.Noises, l.text = ns, s
	return nil
}

// Variants is the selection of a set of variants, as verify takes it:
// -noise and -exclude lists, -dims as a list or all, -tiling both, yes or
// no.
type Variants struct {
	Noise, Exclude NoiseList
	Dims, Tiling   string
}

// Register defines the flags, selecting every variant by default.
func (v *Variants) Register(fs *flag.FlagSet) {
	v.Noise = NewNoiseList("all")
	fs.Var(&v.Noise, "noise", "comma-separated noise `names`, or all")
	fs.Var(&v.Exclude, "exclude", "comma-separated noise `names` to leave out")
	fs.StringVar(&v.Dims, "dims", "all", fmt.Sprintf("comma-separated `dimensions` (1 to %d), or all", MaxDims()))
	Choice(fs, &v.Tiling, "tiling", "both", []string{"both", "yes", "no"}, "tiling `variants`: both, yes or no")
}

// Select returns the variants of compare.Variants that the flags select.
// A selection that leaves nothing is an error, and so is an entry of
// -noise, -exclude or -dims that selects or leaves out nothing (a
// filter that does nothing).
func (v *Variants) Select() ([]compare.Variant, error) {
	dims := map[int]bool{}
	var dimsList []int
	if strings.TrimSpace(v.Dims) != "all" {
		for _, d := range strings.Split(v.Dims, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(d))
			if err != nil || n < 1 || n > MaxDims() {
				return nil, fmt.Errorf("invalid -dims %q: use %s (comma-separated) or all", v.Dims, dimsValues())
			}
			if !dims[n] {
				dimsList = append(dimsList, n)
			}
			dims[n] = true
		}
	}
	// sel selects the variants of the noises for which noiseOK holds
	// with the -dims and -tiling filters; dimsOK filters -dims.
	all := compare.Variants()
	sel := func(noiseOK func(noise.Noise) bool, dimsOK func(int) bool) []compare.Variant {
		var out []compare.Variant
		for _, c := range all {
			if noiseOK(c.Noise) && dimsOK(c.Dims) && (v.Tiling == "both" || c.Tiling == (v.Tiling == "yes")) {
				out = append(out, c)
			}
		}
		return out
	}
	given := func(d int) bool { return len(dims) == 0 || dims[d] }
	is := func(n noise.Noise) func(noise.Noise) bool { return func(m noise.Noise) bool { return m == n } }
	tiling, filters := "", ""
	if v.Tiling != "both" {
		tiling = " -tiling " + v.Tiling
	}
	if len(dims) > 0 {
		filters = " -dims " + v.Dims
	}
	filters += tiling
	has := func(n noise.Noise) string {
		s := fmt.Sprintf("%s has 1 to %d dims", n, n.MaxDims())
		if !n.Tiling() {
			s += " and no tiling variant"
		}
		return s
	}
	if !v.Noise.all() {
		for _, n := range v.Noise.Noises {
			if len(sel(is(n), given)) == 0 {
				return nil, fmt.Errorf("-noise %s selects no variant with%s (%s)", n, filters, has(n))
			}
		}
	}
	for _, n := range v.Exclude.Noises {
		if !slices.Contains(v.Noise.Noises, n) {
			return nil, fmt.Errorf("-exclude %s leaves nothing out: -noise %s does not select it", n, v.Noise.text)
		}
		if len(sel(is(n), given)) == 0 {
			return nil, fmt.Errorf("-exclude %s leaves nothing out: it has no variant with%s (%s)", n, filters, has(n))
		}
	}
	kept := func(n noise.Noise) bool {
		return slices.Contains(v.Noise.Noises, n) && !slices.Contains(v.Exclude.Noises, n)
	}
	for _, d := range dimsList {
		if len(sel(kept, func(e int) bool { return e == d })) == 0 {
			why := fmt.Sprintf("%s: at most %dD", Describe(func(n noise.Noise) bool { return kept(n) && n.MaxDims() < d }), d-1)
			if lacking := Describe(func(n noise.Noise) bool { return kept(n) && n.MaxDims() >= d }); lacking != "" {
				why = lacking + ": no tiling variant"
			}
			with := ""
			if tiling != "" {
				with = " with" + tiling
			}
			return nil, fmt.Errorf("-dims %d selects no variant: no noise that -noise %s selects has %dD%s (%s)", d, v.Noise.text, d, with, why)
		}
	}
	out := sel(kept, given)
	if len(out) == 0 {
		return nil, fmt.Errorf("no variant matches -noise %s -exclude %s -dims %s -tiling %s", v.Noise.text, v.Exclude.text, v.Dims, v.Tiling)
	}
	return out, nil
}

// dimsValues are the valid dimensions: "1, 2, 3, 4".
func dimsValues() string {
	var s []string
	for d := 1; d <= MaxDims(); d++ {
		s = append(s, strconv.Itoa(d))
	}
	return join(s)
}

func join(s []string) string { return strings.Join(s, ", ") }

// whole reports whether f is a whole number.
func whole(f float32) bool { return f == float32(math.Trunc(float64(f))) }
