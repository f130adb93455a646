package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/noiselab/noise/cmd/internal/cliflag"
)

// tools builds the verify and viewer commands beside the noise binary,
// once, for the tests that run every command of the project.
var tools = sync.OnceValues(func() (map[string]string, error) {
	dir := filepath.Dir(binary)
	bins := map[string]string{"noise": binary}
	for _, name := range []string{"verify", "viewer"} {
		bin := filepath.Join(dir, name)
		if out, err := exec.Command("go", append(append([]string{"build"}, cliflag.BuildTags()...), "-o", bin, "../"+name)...).CombinedOutput(); err != nil {
			return nil, errors.New("go build ../" + name + ": " + err.Error() + "\n" + string(out))
		}
		bins[name] = bin
	}
	return bins, nil
})

// runTool runs the built command name (noise, verify or viewer) with
// args, stdin and no display (so that nothing opens a window).
func runTool(t *testing.T, name, stdin string, args ...string) result {
	t.Helper()
	if name == "noise" {
		return runBin(t, stdin, args...)
	}
	if os.Getenv("CGO_ENABLED") == "0" {
		t.Skipf("%s needs cgo", name)
	}
	bins, err := tools()
	if err != nil {
		t.Fatal(err)
	}
	return execBin(t, bins[name], "", []string{"DISPLAY=", "WAYLAND_DISPLAY="}, stdin, args...)
}

// TestNoCommand: "noise" alone is a usage error, as "go" alone is: the
// usage on stderr, nothing on stdout, exit 2; "noise help" and "noise -h"
// are asked for: the usage on stdout, exit 0.
func TestNoCommand(t *testing.T) {
	r := runBin(t, "")
	if r.code != 2 || r.stdout != "" {
		t.Errorf("noise: exit %d, stdout %q; want 2 and nothing", r.code, r.stdout)
	}
	want := []string{"Usage:", "noise <command> [flags]"}
	for _, c := range commands() {
		want = append(want, "\n  "+c.name+" ")
	}
	for _, want := range want {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("noise: stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}} {
		h := runBin(t, "", args...)
		if h.code != 0 || h.stderr != "" || h.stdout != r.stderr {
			t.Errorf("noise %s: exit %d, stderr %q; want 0 and the usage on stdout", args[0], h.code, h.stderr)
		}
	}
}

// TestHelpFromTables: every help text of every command (noise and its
// commands, verify, viewer) states the dimensions and the tiling of the
// noises as the library's tables have them, and -dims' usage is the
// range the tables give.
func TestHelpFromTables(t *testing.T) {
	type help struct {
		tool string
		args []string
	}
	helps := []help{{"noise", []string{"help"}}, {"verify", []string{"-h"}}, {"viewer", []string{"-h"}}}
	for _, c := range commands() {
		if c.run != nil {
			helps = append(helps, help{"noise", []string{c.name, "-h"}})
		}
	}
	texts := map[string]string{}
	for _, h := range helps {
		name := h.tool + " " + strings.Join(h.args, " ")
		r := runTool(t, h.tool, "", h.args...)
		if r.code != 0 || r.stdout == "" {
			t.Fatalf("%s: exit %d, stderr %q", name, r.code, r.stderr)
		}
		texts[name] = r.stdout
		for _, bad := range cliflag.StaleClaims(r.stdout) {
			t.Errorf("%s: stale: %s", name, bad)
		}
	}
	for _, name := range []string{"noise sample -h", "noise image -h", "noise shader -h", "viewer -h"} {
		if !strings.Contains(strings.Join(strings.Fields(texts[name]), " "), "dimensions: "+cliflag.DimsRange()) {
			t.Errorf("%s: -dims does not say %q", name, cliflag.DimsRange())
		}
	}
	for _, want := range []string{"every noise but " + cliflag.FewerDims(), "(not for " + cliflag.NoTiling() + " noise)"} {
		if !strings.Contains(strings.Join(strings.Fields(texts["noise sample -h"]), " "), want) {
			t.Errorf("noise sample -h lacks %q", want)
		}
	}
}

// TestErrorsNameTheFlag: the failures that used to name a library field
// ("invalid octaves 0"), say package flag's "parse error", format a list
// as Go does, or break the line now name the flag as typed and what is
// valid, on one line.
func TestErrorsNameTheFlag(t *testing.T) {
	png := filepath.Join(t.TempDir(), "x.png")
	const in = "0.1 0.2 0.3\n"
	for _, c := range []struct {
		tool string
		args []string
		keys []string
	}{
		{"noise", []string{"image", "-noise", "perlin", "-size", "0", "-o", png}, []string{"invalid -size 0: must be 1 to 8192"}},
		{"noise", []string{"image", "-noise", "perlin", "-size", "big", "-o", png}, []string{`invalid -size "big": not a whole number`}},
		{"noise", []string{"image", "-noise", "perlin", "-normals", "-displacement", "NaN", "-o", png}, []string{"invalid -displacement NaN: must be finite"}},
		{"noise", []string{"image", "-noise", "perlin", "-normals=maybe", "-o", png}, []string{`invalid -normals "maybe": valid: true, false`}},
		{"noise", []string{"sample", "-noise", "perlin", "-octaves", "0"}, []string{"invalid -octaves 0: must be 1 to 16"}},
		{"noise", []string{"sample", "-noise", "perlin", "-frequency", "0"}, []string{"invalid -frequency 0: must be at least 2^-24 and at most 2^24"}},
		{"noise", []string{"sample", "-noise", "perlin", "-tiling", "-frequency", "2.5"}, []string{"-tiling needs a whole -frequency and -lacunarity", "not 2.5 and 2"}},
		{"noise", []string{"image", "-noise", "value", "-tiling", "-octaves", "2", "-lacunarity", "1.5", "-o", png}, []string{"-tiling needs a whole -frequency and -lacunarity", "not 4 and 1.5"}},
		{"noise", []string{"sample", "-noise", "perlin", "-lacunarity", "0"}, []string{"invalid -lacunarity 0: must be at least 1 and at most 2^24"}},
		{"noise", []string{"sample", "-noise", "perlin", "-octaves", "2", "-persistence", "-0.5"}, []string{"invalid -persistence -0.5: must be finite and at least 0"}},
		{"noise", []string{"sample", "-noise", "perlin", "-frequency", "100000", "-octaves", "16"}, []string{"-frequency 100000, -lacunarity 2 and -octaves 16", "top octave", "above 2^24"}},
		{"noise", []string{"sample", "-noise", "perlin", "-octaves", "16", "-persistence", "1e30"}, []string{"invalid -persistence 1e30 with -octaves 16", "2^64"}},
		{"noise", []string{"sample", "-noise", "perlin", "-warp-amplitude", "1", "-warp-frequency", "2000000000", "-warp-octaves", "3"}, []string{"-warp-frequency 2000000000 and -warp-octaves 3", "2^31−1"}},
		{"noise", []string{"sample", "-noise", "perlin", "-rotate", "NaN,0,0"}, []string{"invalid -rotate NaN,0,0: x is NaN", "finite"}},
		{"noise", []string{"sample", "-noise", "perlin", "-translate", "0,1e30,0"}, []string{"invalid -translate 0,1e30,0: y is 1e+30", "2^64"}},
		{"noise", []string{"sample", "-noise", "perlin", "-scale", "0"}, []string{"invalid -scale 0: x is 0", "not 0"}},
		{"noise", []string{"sample", "-noise", "voronoi-worley-f1", "-dims", "4"}, []string{"invalid -dims 4 for voronoi-worley-f1: must be 1 to 3"}},
		{"noise", []string{"sample", "-noise", "simplex", "-tiling"}, []string{"-tiling: simplex has no tiling variant", "lattice, Voronoi and perm-value"}},
		{"noise", []string{"sample", "-noise", "perlin", "-octave", "3"}, []string{"-octave", "did you mean -octaves?"}},
		{"noise", []string{"shader", "-noise", "perlin", "-version", "300"}, []string{"invalid -version 300: valid: 430, 450"}},
		{"noise", []string{"bench", "-duration", "5"}, []string{`invalid -duration "5": not a duration`, "300ms"}},
		{"verify", []string{"-seed", "-1"}, []string{`invalid -seed "-1": not a whole number at least 0`}},
		{"verify", []string{"-a\nb"}, []string{`not defined: -a\nb`}},
		{"viewer", []string{"-a\nb"}, []string{`not defined: -a\nb`}},
		{"viewer", []string{"-displacement", "high"}, []string{`invalid -displacement "high": not a number`}},
		{"viewer", []string{"-noise", "simplex", "-tiling"}, []string{"-tiling: simplex has no tiling variant"}},
	} {
		name := c.tool + " " + strings.Join(c.args, " ")
		r := runTool(t, c.tool, in, c.args...)
		prefix := c.tool + ": "
		if c.tool == "noise" {
			prefix = "noise " + c.args[0] + ": "
		}
		checkOneLineError(t, name, r, prefix, c.keys...)
	}
	if _, err := os.Stat(png); err == nil {
		t.Error("a refused image was written")
	}
}
