package cliflag

import (
	"bytes"
	"errors"
	"flag"
	"math"
	"strings"
	"testing"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/gpu/shaders"
)

// parse registers with reg on a fresh "cmd" flag set and parses args.
func parse(t *testing.T, args []string, reg func(fs *flag.FlagSet)) (*flag.FlagSet, error) {
	t.Helper()
	fs := NewFlagSet("cmd")
	reg(fs)
	return fs, Parse(fs, "header\n", args, new(bytes.Buffer))
}

// wantError fails unless err is one line holding every key.
func wantError(t *testing.T, what string, err error, keys ...string) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: no error, want one with %q", what, keys)
		return
	}
	if strings.Contains(err.Error(), "\n") {
		t.Errorf("%s: error of several lines: %q", what, err)
	}
	for _, k := range keys {
		if !strings.Contains(err.Error(), k) {
			t.Errorf("%s: error %q lacks %q", what, err, k)
		}
	}
}

func TestParse(t *testing.T) {
	var n int
	reg := func(fs *flag.FlagSet) { fs.IntVar(&n, "n", 1, "a `number`") }
	var out bytes.Buffer
	fs := NewFlagSet("cmd sub")
	reg(fs)
	if err := Parse(fs, "Usage: cmd sub\n", []string{"-h"}, &out); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("-h: %v, want flag.ErrHelp", err)
	}
	if got := out.String(); !strings.HasPrefix(got, "Usage: cmd sub\n\nFlags:\n") || !strings.Contains(got, "-n number") {
		t.Errorf("-h printed %q", got)
	}
	_, err := parse(t, []string{"-n", "three"}, reg)
	wantError(t, "bad value", err, `invalid -n "three"`, `(run "cmd -h" for usage)`)
	_, err = parse(t, []string{"-m"}, reg)
	wantError(t, "unknown flag", err, "-m", "not defined")
	_, err = parse(t, []string{"-n", "2", "extra"}, reg)
	wantError(t, "positional", err, `unexpected argument "extra"`, "cmd takes flags only")
	fs, err = parse(t, []string{"-n", "2"}, reg)
	if err != nil || n != 2 || !IsSet(fs, "n") || IsSet(fs, "h") {
		t.Errorf("-n 2: err %v, n %d, IsSet %v", err, n, IsSet(fs, "n"))
	}
}

func TestChoice(t *testing.T) {
	var v string
	reg := func(fs *flag.FlagSet) { Choice(fs, &v, "mode", "a", []string{"a", "b"}, "`mode`") }
	if _, err := parse(t, nil, reg); err != nil || v != "a" {
		t.Errorf("default: %q, %v", v, err)
	}
	if _, err := parse(t, []string{"-mode", "b"}, reg); err != nil || v != "b" {
		t.Errorf("-mode b: %q, %v", v, err)
	}
	_, err := parse(t, []string{"-mode", "c"}, reg)
	wantError(t, "-mode c", err, `invalid -mode "c": valid: a, b`)
}

func TestVariant(t *testing.T) {
	var v Variant
	reg := func(required bool) func(fs *flag.FlagSet) {
		return func(fs *flag.FlagSet) {
			v = Variant{}
			v.Register(fs, noise.Config{Noise: noise.Simplex, Dims: 2}, required)
		}
	}
	st := noise.DefaultSettings()
	if _, err := parse(t, nil, reg(false)); err != nil {
		t.Fatal(err)
	}
	if cfg, err := v.Config(st); err != nil || cfg.Noise != noise.Simplex || cfg.Dims != 2 || cfg.Tiling || v.Given() {
		t.Errorf("defaults: %v, %v", cfg, err)
	}
	if _, err := parse(t, nil, reg(true)); err != nil {
		t.Fatal(err)
	}
	_, err := v.Config(st)
	wantError(t, "required -noise missing", err, "missing -noise NAME", "perlin", "perm-value")
	if _, err := parse(t, []string{"-noise", "perm-value", "-dims", "4", "-tiling"}, reg(true)); err != nil {
		t.Fatal(err)
	}
	if cfg, err := v.Config(st); err != nil || cfg.Variant() != "perm-value 4D tiling" || !v.Given() {
		t.Errorf("perm-value 4D tiling: %v, %v", cfg, err)
	}
	_, err = parse(t, []string{"-noise", "perlinn"}, reg(true))
	wantError(t, "unknown noise", err, `invalid -noise "perlinn"`, "valid: value, value-turbulence")
	parse(t, []string{"-noise", "simplex", "-tiling"}, reg(true))
	_, err = v.Config(st)
	wantError(t, "simplex tiling", err, "no tiling variant")
	parse(t, []string{"-noise", "perlin", "-tiling"}, reg(true))
	_, err = v.Config(noise.Settings{Frequency: 2.5, Octaves: 1, Lacunarity: 2, Persistence: 0.5})
	wantError(t, "tiling, frequency 2.5", err, "-tiling needs a whole -frequency and -lacunarity", "not 2.5 and 2")
	_, err = v.Config(noise.Settings{Frequency: 3, Octaves: 2, Lacunarity: 1.5, Persistence: 0.5})
	wantError(t, "tiling, lacunarity 1.5", err, "-tiling needs a whole -frequency and -lacunarity", "not 3 and 1.5")
	if cfg, err := v.Config(noise.Settings{Frequency: 3, Octaves: 2, Lacunarity: 2, Persistence: 0.5}); err != nil || !cfg.Tiling {
		t.Errorf("tiling, whole frequency and lacunarity: %v, %v", cfg, err)
	}
	parse(t, []string{"-noise", "voronoi-worley-f1", "-dims", "4"}, reg(true))
	_, err = v.Config(st)
	wantError(t, "voronoi 4D", err, "dims 4", "1 to 3")
	if _, err := parse(t, []string{"-noise", "simplex", "-dims", "4"}, reg(true)); err != nil {
		t.Fatal(err)
	}
	if cfg, err := v.Config(st); err != nil || cfg.Variant() != "simplex 4D" {
		t.Errorf("simplex 4D: %v, %v", cfg, err)
	}
}

func TestVariants(t *testing.T) {
	var v Variants
	reg := func(fs *flag.FlagSet) { v = Variants{}; v.Register(fs) }
	count := func(args ...string) (int, error) {
		t.Helper()
		if _, err := parse(t, args, reg); err != nil {
			return 0, err
		}
		vs, err := v.Select()
		return len(vs), err
	}
	// 19 noises: the 8 Voronoi noises at 1-3D, the others at 1-4D; all
	// but the 5 simplex noises tile.
	for _, tt := range []struct {
		args []string
		want int
	}{
		{nil, (16*3+11*4)*2 - 5*4},
		{[]string{"-noise", "perlin,simplex"}, 4*2 + 4},
		{[]string{"-noise", "perlin, simplex", "-tiling", "no"}, 8},
		{[]string{"-exclude", "perm-value", "-dims", "2,3", "-tiling", "yes"}, 21 * 2},
		{[]string{"-dims", "4"}, 6*2 + 5},
	} {
		if n, err := count(tt.args...); err != nil || n != tt.want {
			t.Errorf("%q: %d variants, %v; want %d", tt.args, n, err, tt.want)
		}
	}
	_, err := count("-dims", "5")
	wantError(t, "-dims 5", err, `invalid -dims "5"`, "1, 2, 3, 4")
	_, err = count("-tiling", "maybe")
	wantError(t, "-tiling maybe", err, "valid: both, yes, no")
	_, err = count("-noise", "simplex", "-tiling", "yes")
	wantError(t, "nothing selected", err, "-noise simplex selects no variant with -tiling yes", "no tiling variant")
	_, err = count("-exclude", "nope")
	wantError(t, "bad exclude", err, `unknown noise "nope"`)
}

func TestSettings(t *testing.T) {
	var s Settings
	reg := func(lim Limits) func(fs *flag.FlagSet) {
		return func(fs *flag.FlagSet) {
			s = Settings{Limits: lim}
			s.Register(fs, noise.DefaultSettings(), "")
		}
	}
	get := func(lim Limits, args ...string) (noise.Settings, error) {
		t.Helper()
		if _, err := parse(t, args, reg(lim)); err != nil {
			return noise.Settings{}, err
		}
		return s.Settings()
	}
	if st, err := get(Limits{}); err != nil || st != noise.DefaultSettings() {
		t.Errorf("defaults: %+v, %v", st, err)
	}
	st, err := get(Limits{}, "-seed", "-7", "-frequency", "3", "-octaves", "5", "-lacunarity", "3", "-persistence", "0.25")
	if want := (noise.Settings{Seed: -7, Frequency: 3, Octaves: 5, Lacunarity: 3, Persistence: 0.25}); err != nil || st != want {
		t.Errorf("flags: %+v, %v; want %+v", st, err, want)
	}
	// fractional frequency and lacunarity, rounded to float32 as typed
	st, err = get(Limits{}, "-frequency", "2.5", "-octaves", "3", "-lacunarity", "1.1")
	if want := (noise.Settings{Frequency: 2.5, Octaves: 3, Lacunarity: 1.1, Persistence: 0.5}); err != nil || st != want {
		t.Errorf("fractional flags: %+v, %v; want %+v", st, err, want)
	}
	for _, tt := range []struct {
		lim  Limits
		args []string
		keys []string
	}{
		{Limits{}, []string{"-seed", "4294967296"}, []string{"-seed 4294967296", "-2147483648 to 2147483647"}},
		{Limits{}, []string{"-frequency", "0"}, []string{"frequency 0", "at least 2^-24"}},
		{Limits{}, []string{"-frequency", "NaN"}, []string{"frequency NaN", "at least 2^-24"}},
		{Limits{}, []string{"-frequency", "1e-9"}, []string{"frequency 1e-9", "at least 2^-24"}},
		{Limits{}, []string{"-frequency", "2,5"}, []string{`-frequency "2,5"`, "not a number"}},
		{Limits{}, []string{"-frequency", "5000000000"}, []string{"-frequency 5000000000"}},
		{Limits{}, []string{"-octaves", "17"}, []string{"octaves 17", "1 to 16"}},
		{Limits{}, []string{"-lacunarity", "0.5"}, []string{"-lacunarity 0.5", "at least 1"}},
		{Limits{}, []string{"-lacunarity", "Inf"}, []string{"-lacunarity Inf", "at least 1 and at most 2^24"}},
		{Limits{}, []string{"-lacunarity", "two"}, []string{`-lacunarity "two"`, "not a number"}},
		{Limits{}, []string{"-persistence", "NaN"}, []string{"persistence NaN", "finite"}},
		{Limits{}, []string{"-persistence", "1e39"}, []string{"-persistence 1e39", "float32"}},
		{Limits{}, []string{"-frequency", "100000", "-octaves", "16"}, []string{"-frequency 100000", "-octaves 16", "top octave", "above 2^24"}},
		{Limits{}, []string{"-frequency", "2.5", "-lacunarity", "3.5", "-octaves", "14"}, []string{"-frequency 2.5", "-lacunarity 3.5", "-octaves 14", "top octave", "above 2^24"}},
		{Limits{Frequency: 64}, []string{"-frequency", "65"}, []string{"-frequency 65", "2^-24 to 64"}},
		{Limits{Frequency: 64}, []string{"-frequency", "0"}, []string{"-frequency 0", "2^-24 to 64"}},
		{Limits{Lacunarity: 8}, []string{"-lacunarity", "9"}, []string{"-lacunarity 9", "1 to 8"}},
		{Limits{Persistence: 1}, []string{"-persistence", "NaN"}, []string{"-persistence NaN", "0 to 1"}},
		{Limits{Persistence: 1}, []string{"-persistence", "1.5"}, []string{"-persistence 1.5", "0 to 1"}},
	} {
		_, err := get(tt.lim, tt.args...)
		wantError(t, strings.Join(tt.args, " "), err, tt.keys...)
	}
	// The text stays readable for another noise's rules.
	parse(t, []string{"-lacunarity", "2.5", "-persistence", "1e39"}, reg(Limits{}))
	if s.Lacunarity.Float64() != 2.5 || s.Persistence.Float64() != 1e39 {
		t.Errorf("Number: %v, %v", s.Lacunarity.Float64(), s.Persistence.Float64())
	}
	parse(t, []string{"-persistence", "1e400"}, reg(Limits{}))
	if !math.IsInf(s.Persistence.Float64(), 1) {
		t.Errorf("1e400 reads as %v, want +Inf", s.Persistence.Float64())
	}
}

func TestGPU(t *testing.T) {
	var g GPU
	reg := func(fs *flag.FlagSet) { g = GPU{}; g.Register(fs, ""); g.RegisterPrecision(fs, "") }
	if _, err := parse(t, nil, reg); err != nil || g.Context != "egl" || g.Driver != "" || g.Arith != shaders.ArithNative || g.Precision != shaders.PrecisionNative {
		t.Errorf("defaults: %+v, %v", g, err)
	}
	ctx := Contexts[len(Contexts)-1] // glfw in a build with -tags glfw
	if _, err := parse(t, []string{"-context", ctx, "-driver", "zink", "-arith", "exact", "-precision", "worst"}, reg); err != nil ||
		g.Context != ctx || g.Driver != "zink" || g.Arith != shaders.ArithExact || g.Precision != shaders.PrecisionWorst {
		t.Errorf("flags: %+v, %v", g, err)
	}
	for _, tt := range []struct {
		args []string
		keys []string
	}{
		{[]string{"-context", "vulkan"}, []string{`-context "vulkan"`, "valid: " + join(Contexts)}},
		{[]string{"-driver", "nouveau"}, []string{`-driver "nouveau"`, "llvmpipe, zink, softpipe"}},
		{[]string{"-arith", "fast"}, []string{`-arith "fast"`, "native, exact"}},
		{[]string{"-precision", "best"}, []string{`-precision "best"`, "native, worst"}},
	} {
		_, err := parse(t, tt.args, reg)
		wantError(t, strings.Join(tt.args, " "), err, tt.keys...)
	}
}

func TestDomain(t *testing.T) {
	var d Domain
	reg := func(fs *flag.FlagSet) { d = Domain{}; d.Register(fs, 8) }
	fs, err := parse(t, nil, reg)
	if err != nil || d.AnySet(fs) {
		t.Fatalf("defaults: %v, AnySet %v", err, d.AnySet(fs))
	}
	if dom, err := d.Domain(); err != nil || dom.Scale != [3]float32{8, 8, 8} || dom.PN {
		t.Errorf("default domain %+v, %v", dom, err)
	}
	fs, _ = parse(t, []string{"-scale", "0.01", "-translate", "1,2,3", "-matrix", "pn"}, reg)
	if dom, err := d.Domain(); err != nil || !d.AnySet(fs) || dom.Scale != [3]float32{0.01, 0.01, 0.01} || dom.Translation != [3]float32{1, 2, 3} || !dom.PN {
		t.Errorf("flags: %+v, %v", dom, err)
	}
	if sw, tw := mustDomain(t, &d).WTransform(); sw != 0.01 || tw != 0 {
		t.Errorf("-scale 0.01: w scale %v, translation %v; want 0.01, 0", sw, tw)
	}
	// The fourth coordinate (4D noise): x,y,z,w on -translate and -scale.
	parse(t, []string{"-scale", "1,2,3,4", "-translate", "5,6,7,8"}, reg)
	if sw, tw := mustDomain(t, &d).WTransform(); sw != 4 || tw != 8 {
		t.Errorf("-scale 1,2,3,4 -translate 5,6,7,8: w scale %v, translation %v", sw, tw)
	}
	parse(t, []string{"-scale", "1,2,3"}, reg)
	if sw, _ := mustDomain(t, &d).WTransform(); sw != 1 {
		t.Errorf("-scale 1,2,3: w scale %v, want 1", sw)
	}
	parse(t, []string{"-scale", "1,1,1,0"}, reg)
	_, err = d.Domain()
	wantError(t, "-scale 1,1,1,0", err, "-scale 1,1,1,0", "w is 0", "not 0")
	_, err = parse(t, []string{"-translate", "1,2,3,4,5"}, reg)
	wantError(t, "-translate 1,2,3,4,5", err, `"x,y,z" or "x,y,z,w"`)
	_, err = parse(t, []string{"-rotate", "1,2,3,4"}, reg)
	wantError(t, "-rotate 1,2,3,4", err, "three comma-separated numbers")
	_, err = parse(t, []string{"-rotate", "1,2"}, reg)
	wantError(t, "-rotate 1,2", err, "three comma-separated numbers")
	_, err = parse(t, []string{"-scale", "1e39"}, reg)
	wantError(t, "-scale 1e39", err, "out of float32 range")
	parse(t, []string{"-scale", "0"}, reg)
	_, err = d.Domain()
	wantError(t, "-scale 0", err, "scale")
	parse(t, []string{"-matrix", "tr"}, reg)
	_, err = d.Domain()
	wantError(t, "-matrix tr", err, "valid: ps, pn")
}

func mustDomain(t *testing.T, d *Domain) *noise.Domain {
	t.Helper()
	dom, err := d.Domain()
	if err != nil {
		t.Fatal(err)
	}
	return dom
}
