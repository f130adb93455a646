package cliflag

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/noiselab/noise"
)

// TestVocabulary: the phrases come from the tables: Voronoi is the family
// without 4D, simplex the one without tiling, and -dims' usage says so.
func TestVocabulary(t *testing.T) {
	for _, tt := range []struct{ got, want string }{
		{FewerDims(), "Voronoi"},
		{NoTiling(), "simplex"},
		{WithTiling(), "lattice, Voronoi and perm-value"},
		{DimsRange(), "1 to 4 (1 to 3 for Voronoi noise)"},
		{Describe(func(n noise.Noise) bool { return n == noise.Perlin || n.Parts().Family == noise.FamilySimplex }), "perlin and simplex"},
		{Describe(func(noise.Noise) bool { return false }), ""},
		{Expand("-dims {dimsRange}; 4D: not {fewerDims}; tiling: {withTiling}, not {noTiling}; {maxDims}"),
			"-dims 1 to 4 (1 to 3 for Voronoi noise); 4D: not Voronoi; tiling: lattice, Voronoi and perm-value, not simplex; 4"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
	// Every family of the tables has its prose name.
	for _, n := range noise.Noises() {
		if _, ok := familyText[n.Parts().Family]; !ok {
			t.Errorf("family %v of %s has no prose name in familyText", n.Parts().Family, n)
		}
	}
	fs := NewFlagSet("cmd")
	var v Variant
	v.Register(fs, noise.Config{Noise: noise.Perlin, Dims: 3}, true)
	if u := fs.Lookup("dims").Usage; !strings.Contains(u, DimsRange()) {
		t.Errorf("-dims usage %q lacks %q", u, DimsRange())
	}
	if u := fs.Lookup("tiling").Usage; !strings.Contains(u, "not for simplex noise") {
		t.Errorf("-tiling usage %q", u)
	}
}

// TestStaleClaims: the checker finds the statements the tables contradict
// (among them the help texts of before 4D for every noise but Voronoi),
// and passes the ones they support.
func TestStaleClaims(t *testing.T) {
	stale := []string{
		"-dims dimensions\n    \tdimensions: 1 to 3, or 1 to 4 for perm-value (1D uses x, 2D x and z)",
		"no variant matches -noise perlin -dims 4 -tiling both (simplex has no tiling; only perm-value has 4D)",
		`exactly "x y z w" with -dims 4 (every noise but Voronoi and simplex)`,
		"1 2 3 4        dimensions (4D: not simplex)",
		"T              tiling on/off (not for lattice)",
		"| dims | 1–4; 1–3 for Voronoi and perm-value | x |",
		"| tiling | lattice and Voronoi | simplex has no tiling variant |",
		"(tiling exists for lattice and Voronoi noise)",
		"Voronoi (Worley, Chebyshev) noise in 1D–3D, with tiling",
		"perlin has no 4D",
		"comma-separated dimensions (1-3), or all",
	}
	for _, s := range stale {
		if len(StaleClaims(s)) == 0 {
			t.Errorf("StaleClaims(%q) found nothing", s)
		}
	}
	fresh := []string{
		Expand("-dims dimensions\n    \tdimensions: {dimsRange}; 1D uses x"),
		Expand(`exactly "x y z w" with -dims 4 (every noise but {fewerDims}); with -dims 2`),
		Expand("1 2 3 4        dimensions (4D: not {fewerDims})"),
		Expand("T              tiling on/off (not for {noTiling})"),
		"| dims | 1–4; 1–3 for Voronoi | x |",
		"| tiling | lattice, Voronoi and perm-value | simplex has no tiling variant (docs/algorithms.md §3): asking is an error |",
		"Every noise but Voronoi has 4D",
		"value, Perlin, simplex and Voronoi noise in 1D–4D (Voronoi 1D–3D), with tiling",
		"-octaves 1 to 16; -frames N, 1 to 3",
		"comma-separated dimensions (1 to 4), or all",
	}
	for _, s := range fresh {
		if bad := StaleClaims(s); len(bad) != 0 {
			t.Errorf("StaleClaims(%q) = %q, want nothing", s, bad)
		}
	}
}

// TestParseMessages: package flag's terse errors become what a valid value
// looks like, a typo gets the nearest flag, and an argument with a line
// break stays on one line.
func TestParseMessages(t *testing.T) {
	var (
		n int
		u uint64
		f float64
		b bool
	)
	reg := func(fs *flag.FlagSet) {
		fs.IntVar(&n, "size", 1, "")
		fs.Uint64Var(&u, "seed", 1, "")
		fs.Float64Var(&f, "radius", 1, "")
		fs.BoolVar(&b, "quiet", false, "")
		fs.Duration("duration", 0, "")
	}
	for _, tt := range []struct {
		args []string
		keys []string
	}{
		{[]string{"-size", "big"}, []string{`invalid -size "big": not a whole number`}},
		{[]string{"-size", "99999999999999999999"}, []string{`invalid -size "99999999999999999999": out of range`}},
		{[]string{"-seed", "-1"}, []string{`invalid -seed "-1": not a whole number at least 0`}},
		{[]string{"-radius", "wide"}, []string{`invalid -radius "wide": not a number`}},
		{[]string{"-quiet=maybe"}, []string{`invalid -quiet "maybe": valid: true, false`}},
		{[]string{"-duration", "5"}, []string{`invalid -duration "5": not a duration`, "300ms"}},
		{[]string{"-sise", "3"}, []string{"not defined: -sise", "did you mean -size?"}},
		{[]string{"-frobnicate"}, []string{"not defined: -frobnicate ("}},
		{[]string{"-a\nb"}, []string{`not defined: -a\nb`}},
		{[]string{"---a\rb"}, []string{`bad flag syntax: ---a\rb`}},
	} {
		_, err := parse(t, tt.args, reg)
		wantError(t, strings.Join(tt.args, " "), err, tt.keys...)
	}
}

// TestDocsClaims runs StaleClaims over the README and every page in docs/:
// no hand-written statement of which noises lack 4D or tiling may
// contradict the tables. docs/noises.md, whose settings table states both,
// must be among them.
func TestDocsClaims(t *testing.T) {
	files, err := filepath.Glob("../../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(files, "../../../docs/noises.md") {
		t.Fatalf("docs/ has no noises.md (found %q): where did the noise types and settings tables go?", files)
	}
	files = append(files, "../../../README.md")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, bad := range StaleClaims(string(b)) {
			t.Errorf("%s: stale: %s", filepath.Base(f), bad)
		}
	}
}
