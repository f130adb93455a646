package cliflag

import (
	"flag"
	"strings"
	"testing"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/compare"
)

// TestNeeds: each conditional flag of the shared sets is refused exactly
// where it does nothing, naming what it needs, and accepted where it
// does something.
func TestNeeds(t *testing.T) {
	var (
		s Settings
		d Domain
		g GPU
	)
	reg := func(fs *flag.FlagSet) {
		s, d, g = Settings{}, Domain{}, GPU{}
		s.Register(fs, noise.DefaultSettings(), "")
		d.Register(fs, 1)
		g.Register(fs, "")
		g.RegisterPrecision(fs, "")
	}
	// check parses args and checks the needs of a 3D noise on the CPU
	// (asGiven: the settings are used as given).
	check := func(args []string, asGiven, fourD, gpu bool) error {
		t.Helper()
		fs, err := parse(t, args, reg)
		if err != nil {
			t.Fatalf("%q: %v", args, err)
		}
		if _, err := s.Settings(); err != nil {
			t.Fatalf("%q: %v", args, err)
		}
		if _, err := d.Domain(); err != nil {
			t.Fatalf("%q: %v", args, err)
		}
		return CheckNeeds(fs, s.Needs(asGiven), d.Needs(fourD, false, "-dims 4", "a non-zero -rotate"), g.Needs(gpu, "-backend gpu", "no GPU"))
	}
	for _, tt := range []struct {
		args []string
		keys []string
	}{
		{[]string{"-context", "egl"}, []string{"-context needs -backend gpu: no GPU"}},
		{[]string{"-driver", "zink"}, []string{"-driver needs -backend gpu"}},
		{[]string{"-arith", "exact"}, []string{"-arith needs -backend gpu"}},
		{[]string{"-precision", "worst"}, []string{"-precision needs -backend gpu"}},
		{[]string{"-ping-pong", "3"}, []string{"-ping-pong needs -fractal pingpong", "-fractal fbm has none"}},
		{[]string{"-fractal", "ridged", "-ping-pong", "3"}, []string{"-ping-pong needs -fractal pingpong", "-fractal ridged has none"}},
		{[]string{"-lacunarity", "3"}, []string{"-lacunarity needs -octaves 2 or more"}},
		{[]string{"-persistence", "0.2", "-octaves", "1"}, []string{"-persistence needs -octaves 2 or more"}},
		{[]string{"-warp-frequency", "3"}, []string{"-warp-frequency needs a non-zero -warp-amplitude"}},
		{[]string{"-warp-octaves", "3", "-warp-amplitude", "0"}, []string{"-warp-octaves needs a non-zero -warp-amplitude"}},
		{[]string{"-warp-mode", "progressive"}, []string{"-warp-mode needs a non-zero -warp-amplitude"}},
		{[]string{"-warp-mode", "progressive", "-warp-amplitude", "0.5"}, []string{"-warp-mode needs -warp-octaves 2 or more"}},
		{[]string{"-matrix", "pn"}, []string{"-matrix needs a non-zero -rotate"}},
		{[]string{"-matrix", "ps", "-rotate", "0,0,0", "-scale", "1,2,3"}, []string{"-matrix needs a non-zero -rotate"}},
		{[]string{"-translate", "1,2,3,4"}, []string{"-translate x,y,z,w needs 4D noise (-dims 4)"}},
		{[]string{"-scale", "1,2,3,4"}, []string{"-scale x,y,z,w needs 4D noise (-dims 4)"}},
	} {
		wantError(t, strings.Join(tt.args, " "), check(tt.args, true, false, false), tt.keys...)
	}
	for _, tt := range []struct {
		args                []string
		asGiven, fourD, gpu bool
	}{
		{[]string{"-context", "egl", "-driver", "zink", "-arith", "exact", "-precision", "worst"}, true, false, true},
		{[]string{"-fractal", "pingpong", "-ping-pong", "3"}, true, false, false},
		{[]string{"-octaves", "2", "-lacunarity", "3", "-persistence", "0.2"}, true, false, false},
		{[]string{"-warp-amplitude", "0.5", "-warp-frequency", "3", "-warp-octaves", "2", "-warp-mode", "progressive"}, true, false, false},
		{[]string{"-rotate", "0,30,0", "-matrix", "pn"}, true, false, false},
		{[]string{"-translate", "1,2,3,4", "-scale", "1,2,3,4"}, true, true, false},
		{[]string{"-translate", "1,2,3", "-scale", "2"}, true, false, false},
		// Settings handed on (the library's noise_settings(), the
		// viewer's keys) keep what the others make ineffective now.
		{[]string{"-ping-pong", "3", "-lacunarity", "3", "-persistence", "0.2"}, false, false, false},
		{[]string{"-warp-amplitude", "0.5", "-warp-mode", "progressive"}, false, false, false},
	} {
		if err := check(tt.args, tt.asGiven, tt.fourD, tt.gpu); err != nil {
			t.Errorf("%q: %v", tt.args, err)
		}
	}
	// Without a warp its flags are dropped, so they are refused even
	// where the settings are handed on.
	wantError(t, "-warp-octaves 2, handed on", check([]string{"-warp-octaves", "2"}, false, false, false), "-warp-octaves needs a non-zero -warp-amplitude")
	// The kernel takes every settings and domain flag at run time.
	fs, _ := parse(t, []string{"-octaves", "3"}, reg)
	wantError(t, "NeedLibrary", CheckNeeds(fs, NeedLibrary("-library", "uniforms")), "-octaves needs -library: uniforms")
	// -jitter moves Voronoi cell points only.
	fs, _ = parse(t, []string{"-jitter", "0.5"}, reg)
	wantError(t, "-jitter, perlin", CheckNeeds(fs, []Need{JitterNeed(noise.Perlin)}), "-jitter needs a Voronoi -noise: it moves the Voronoi cell points, and -noise perlin has none")
	if err := CheckNeeds(fs, []Need{JitterNeed(noise.VoronoiWorleyCellValue)}); err != nil {
		t.Errorf("-jitter with Voronoi noise: %v", err)
	}
	names := strings.Join(SettingsFlags(), " ")
	for _, n := range []string{"seed", "frequency", "octaves", "lacunarity", "persistence", "fractal", "ping-pong", "jitter", "warp-amplitude", "warp-frequency", "warp-octaves", "warp-mode"} {
		if !strings.Contains(" "+names+" ", " "+n+" ") {
			t.Errorf("SettingsFlags() = %q lacks %s", names, n)
		}
	}
}

// TestVariantsFilters: verify's filters refuse an entry that selects or
// leaves out nothing, and keep the ones that do.
func TestVariantsFilters(t *testing.T) {
	var v Variants
	reg := func(fs *flag.FlagSet) { v = Variants{}; v.Register(fs) }
	sel := func(args ...string) ([]compare.Variant, error) {
		t.Helper()
		if _, err := parse(t, args, reg); err != nil {
			t.Fatalf("%q: %v", args, err)
		}
		return v.Select()
	}
	for _, tt := range []struct {
		args []string
		keys []string
	}{
		{[]string{"-noise", "perlin,voronoi-worley-f1", "-dims", "4"}, []string{"-noise voronoi-worley-f1 selects no variant with -dims 4", "1 to 3 dims"}},
		{[]string{"-noise", "perlin,simplex", "-tiling", "yes"}, []string{"-noise simplex selects no variant with -tiling yes", "no tiling variant"}},
		{[]string{"-noise", "perlin", "-exclude", "simplex"}, []string{"-exclude simplex leaves nothing out", "-noise perlin does not select it"}},
		{[]string{"-exclude", "voronoi-worley-f1", "-dims", "4"}, []string{"-exclude voronoi-worley-f1 leaves nothing out", "-dims 4"}},
		{[]string{"-exclude", "simplex", "-tiling", "yes"}, []string{"-exclude simplex leaves nothing out", "-tiling yes"}},
		{[]string{"-noise", "voronoi-worley-f1", "-dims", "3,4"}, []string{"-dims 4 selects no variant: no noise that -noise voronoi-worley-f1 selects has 4D (voronoi-worley-f1: at most 3D)"}},
		{[]string{"-noise", "perlin,voronoi-worley-f1", "-exclude", "perlin", "-dims", "3,4"}, []string{"-dims 4 selects no variant", "(voronoi-worley-f1: at most 3D)"}},
		{[]string{"-exclude", "value,value-turbulence,perlin,perlin-turbulence,perlin-smooth-turbulence,perm-value", "-dims", "3,4", "-tiling", "yes"},
			[]string{"-dims 4 selects no variant", "has 4D with -tiling yes (simplex: no tiling variant)"}},
		{[]string{"-noise", "perlin", "-exclude", "perlin"}, []string{"no variant matches"}},
	} {
		_, err := sel(tt.args...)
		wantError(t, strings.Join(tt.args, " "), err, tt.keys...)
	}
	for _, tt := range []struct {
		args []string
		want int
	}{
		{[]string{"-noise", "perlin,voronoi-worley-f1", "-dims", "3,4"}, 2*2 + 2},
		{[]string{"-noise", "all", "-dims", "4"}, 6*2 + 5},
		{[]string{"-exclude", "simplex", "-tiling", "no"}, 16*3 + 10*4},
		{[]string{"-noise", "simplex,perlin", "-tiling", "no", "-dims", "1"}, 2},
	} {
		if vs, err := sel(tt.args...); err != nil || len(vs) != tt.want {
			t.Errorf("%q: %d variants, %v; want %d", tt.args, len(vs), err, tt.want)
		}
	}
}
