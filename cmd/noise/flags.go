package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/noiselab/noise"
)

// newFlagSet returns a FlagSet that prints nothing by itself: errors come
// back from parseFlags as one line, and -h prints the usage on stdout.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet("noise "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseFlags parses a subcommand's arguments. On -h it prints the header
// and the flag defaults to stdout and returns errHelp.
func parseFlags(fs *flag.FlagSet, name, header string, args []string, stdout io.Writer) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, header)
			fmt.Fprintln(stdout, "\nFlags:")
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			fs.SetOutput(io.Discard)
			return errHelp
		}
		return fmt.Errorf("%v (run \"noise %s -h\" for usage)", err, name)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q: %s takes flags only (run \"noise %s -h\" for usage)", fs.Arg(0), name, name)
	}
	return nil
}

// numFlag is a number flag kept as its text, so that it can be parsed as
// float32, float64 or a whole number depending on the mode.
type numFlag struct{ s string }

func (n *numFlag) String() string { return n.s }

func (n *numFlag) Set(s string) error {
	if _, err := strconv.ParseFloat(strings.TrimSpace(s), 64); err != nil && !errors.Is(err, strconv.ErrRange) {
		return errors.New("not a number")
	}
	n.s = strings.TrimSpace(s)
	return nil
}

func (n *numFlag) float64() float64 {
	v, _ := strconv.ParseFloat(n.s, 64)
	return v
}

// settingsFlags are the noise selection and fractal settings shared by
// sample and image.
type settingsFlags struct {
	noise       string
	dims        int
	tiling      bool
	seed        int64
	frequency   int64
	octaves     int
	lacunarity  numFlag
	persistence numFlag
	backend     string
	backends    []string // the valid -backend values
}

// register defines the flags; blog says whether the command has
// -perm-mode blog, backends are the command's valid -backend values.
func (f *settingsFlags) register(fs *flag.FlagSet, blog bool, backends []string) {
	f.backends = backends
	d := noise.DefaultSettings()
	fs.StringVar(&f.noise, "noise", "", "noise `name` (required); \"noise list\" shows them all")
	fs.IntVar(&f.dims, "dims", 3, "`dimensions`: 1 to 3, or 1 to 4 for perm-value (1D uses x, 2D x and z)")
	fs.BoolVar(&f.tiling, "tiling", false, "use the tiling variant: period 1 in every used axis (not for simplex noise)")
	seedUsage := "hash `seed`, an int32"
	if blog {
		seedUsage = "hash `seed`, an int32 (with -perm-mode blog any int64, used as uint64)"
	}
	fs.Int64Var(&f.seed, "seed", int64(d.Seed), seedUsage)
	fs.Int64Var(&f.frequency, "frequency", int64(d.Frequency), "base `frequency`, a whole number at least 1")
	fs.IntVar(&f.octaves, "octaves", d.Octaves, fmt.Sprintf("fractal `octaves`, 1 to %d", noise.MaxOctaves))
	f.lacunarity = numFlag{strconv.Itoa(int(d.Lacunarity))}
	fs.Var(&f.lacunarity, "lacunarity", "frequency `factor` per octave, a whole number at least 1")
	f.persistence = numFlag{strconv.FormatFloat(float64(d.Persistence), 'g', -1, 32)}
	fs.Var(&f.persistence, "persistence", "amplitude `factor` per octave, finite and at least 0")
	backendUsage := "evaluation `backend`; valid: " + strings.Join(backends, ", ")
	if len(backends) > 1 {
		backendUsage += " (gpu: OpenGL 4.3 compute shaders, see -context)"
	}
	fs.StringVar(&f.backend, "backend", "cpu", backendUsage)
}

// cpuOnly and cpuOrGPU are the -backend values of image and of sample.
var (
	cpuOnly  = []string{"cpu"}
	cpuOrGPU = []string{"cpu", "gpu"}
)

func (f *settingsFlags) checkBackend() error {
	return checkBackend(f.backend, f.backends)
}

func checkBackend(b string, valid []string) error {
	for _, v := range valid {
		if b == v {
			return nil
		}
	}
	return fmt.Errorf("invalid -backend %q; valid: %s", b, strings.Join(valid, ", "))
}

// parseNoise resolves -noise; the error lists the valid names.
func parseNoise(name string) (noise.Noise, error) {
	if name == "" {
		return 0, fmt.Errorf("missing -noise NAME; valid: %s", strings.Join(noise.Names(), ", "))
	}
	return noise.ParseNoise(name)
}

// fixedSettings converts the flags into the library's settings. Range
// checks that the library makes itself (frequency ≥ 1, octaves 1–16,
// lacunarity ≥ 1, persistence finite and ≥ 0) are left to it; this only
// rejects what does not fit the field types.
func (f *settingsFlags) fixedSettings() (noise.Settings, error) {
	var s noise.Settings
	if f.seed < math.MinInt32 || f.seed > math.MaxInt32 {
		return s, fmt.Errorf("invalid seed %d: must be %d to %d", f.seed, math.MinInt32, math.MaxInt32)
	}
	if f.frequency < math.MinInt32 || f.frequency > math.MaxInt32 {
		return s, fmt.Errorf("invalid frequency %d: must be 1 to %d", f.frequency, math.MaxInt32)
	}
	lac := f.lacunarity.float64()
	if lac != math.Trunc(lac) {
		return s, fmt.Errorf("invalid lacunarity %s: must be a whole number at least 1 (fractional lacunarity exists only with -perm-mode blog)", f.lacunarity.s)
	}
	if lac < math.MinInt32 || lac > math.MaxInt32 {
		return s, fmt.Errorf("invalid lacunarity %s: must be 1 to %d", f.lacunarity.s, math.MaxInt32)
	}
	pers, err := strconv.ParseFloat(f.persistence.s, 32)
	if err != nil {
		return s, fmt.Errorf("invalid persistence %s: must be finite and at least 0 (and fit a float32)", f.persistence.s)
	}
	return noise.Settings{
		Seed:        int32(f.seed),
		Frequency:   int32(f.frequency),
		Octaves:     f.octaves,
		Lacunarity:  int32(lac),
		Persistence: float32(pers),
	}, nil
}

// config validates the noise, backend and settings and returns the
// library configuration (without a domain).
func (f *settingsFlags) config() (noise.Config, error) {
	n, err := parseNoise(f.noise)
	if err != nil {
		return noise.Config{}, err
	}
	if err := f.checkBackend(); err != nil {
		return noise.Config{}, err
	}
	s, err := f.fixedSettings()
	if err != nil {
		return noise.Config{}, err
	}
	cfg := noise.Config{Noise: n, Dims: f.dims, Tiling: f.tiling, Settings: s}
	return cfg, cfg.Validate()
}
