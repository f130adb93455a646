package main

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/noiselab/noise/cmd/internal/cliflag"
)

// validContexts is how a bad -context's error lists this build's contexts
// (glfw only in a build with -tags glfw).
var validContexts = "valid: " + strings.Join(cliflag.Contexts, ", ")

// checkOneLineError asserts the error policy: exit 2, exactly one line on
// stderr with the prefix and every key word, and no Go panic text.
func checkOneLineError(t *testing.T, name string, r result, prefix string, keys ...string) {
	t.Helper()
	if r.code != 2 {
		t.Errorf("%s: exit %d, want 2 (stderr %q)", name, r.code, r.stderr)
	}
	if !strings.HasSuffix(r.stderr, "\n") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("%s: stderr is not exactly one line: %q", name, r.stderr)
	}
	if !strings.HasPrefix(r.stderr, prefix) {
		t.Errorf("%s: stderr %q does not start with %q", name, r.stderr, prefix)
	}
	for _, k := range keys {
		if !strings.Contains(r.stderr, k) {
			t.Errorf("%s: stderr %q does not contain %q", name, r.stderr, k)
		}
	}
	for _, bad := range []string{"goroutine", "panic", "Usage", "-help"} {
		if strings.Contains(r.stderr, bad) {
			t.Errorf("%s: stderr contains %q: %q", name, bad, r.stderr)
		}
	}
}

// TestErrors checks every user-facing failure: exit 2, one line on stderr
// naming the problem, nothing on stdout (except the lines before a bad
// input line, see TestMalformedInput).
func TestErrors(t *testing.T) {
	dir := t.TempDir()
	const in = "0.1 0.2 0.3\n"
	for _, c := range []struct {
		name   string
		args   []string
		stdin  string
		prefix string
		keys   []string
	}{
		{"unknown subcommand", []string{"frobnicate"}, "", "noise: ", []string{`"frobnicate"`, "sample", "image", "list", "selfcheck", "bench"}},
		{"unknown help topic", []string{"help", "frobnicate"}, "", "noise help: ", []string{"frobnicate", "sample"}},
		{"unknown flag", []string{"sample", "-foo"}, in, "noise sample: ", []string{"flag provided but not defined: -foo", `noise sample -h`}},
		{"unknown flag image", []string{"image", "-bar", "1"}, "", "noise image: ", []string{"-bar"}},
		{"unknown flag list", []string{"list", "-x"}, "", "noise list: ", []string{"-x"}},
		{"unknown flag selfcheck", []string{"selfcheck", "-x"}, "", "noise selfcheck: ", []string{"-x"}},
		{"unknown flag bench", []string{"bench", "-x"}, "", "noise bench: ", []string{"-x"}},
		{"bad flag value", []string{"sample", "-noise", "perlin", "-dims", "three"}, in, "noise sample: ", []string{"-dims", "three"}},
		{"missing flag value", []string{"sample", "-noise"}, in, "noise sample: ", []string{"-noise"}},
		{"positional argument", []string{"sample", "-noise", "perlin", "extra"}, in, "noise sample: ", []string{"extra"}},
		{"missing noise", []string{"sample"}, in, "noise sample: ", []string{"-noise", "perlin", "voronoi-worley-f1"}},
		{"unknown noise", []string{"sample", "-noise", "foo"}, in, "noise sample: ", []string{"foo", "perlin", "voronoi-worley-f1", "perm-value"}},
		{"unknown noise image", []string{"image", "-noise", "foo", "-o", filepath.Join(dir, "x.png")}, "", "noise image: ", []string{"foo", "perlin", "voronoi-worley-f1"}},
		{"unknown noise bench", []string{"bench", "-noise", "foo"}, "", "noise bench: ", []string{"foo", "perlin"}},
		{"dims 0", []string{"sample", "-noise", "perlin", "-dims", "0"}, in, "noise sample: ", []string{"dims", "0", "1 to 4"}},
		{"dims 4 worley", []string{"sample", "-noise", "voronoi-worley-f1", "-dims", "4"}, in, "noise sample: ", []string{"dims", "4", "1 to 3"}},
		{"dims 5 perm-value", []string{"sample", "-noise", "perm-value", "-dims", "5"}, in, "noise sample: ", []string{"dims", "5", "1 to 4"}},
		{"tiling simplex", []string{"sample", "-noise", "simplex", "-tiling"}, in, "noise sample: ", []string{"simplex", "no tiling"}},
		{"tiling simplex image", []string{"image", "-noise", "simplex-value", "-tiling", "-o", filepath.Join(dir, "x.png")}, "", "noise image: ", []string{"simplex", "no tiling"}},
		{"octaves 0", []string{"sample", "-noise", "perlin", "-octaves", "0"}, in, "noise sample: ", []string{"octaves", "0", "1 to 16"}},
		{"octaves 17", []string{"sample", "-noise", "perlin", "-octaves", "17"}, in, "noise sample: ", []string{"octaves", "17", "1 to 16"}},
		{"frequency 0", []string{"sample", "-noise", "perlin", "-frequency", "0"}, in, "noise sample: ", []string{"frequency", "0", "at least 2^-24"}},
		{"frequency too big", []string{"sample", "-noise", "perlin", "-frequency", "5000000000"}, in, "noise sample: ", []string{"frequency", "5000000000"}},
		{"top frequency overflow", []string{"sample", "-noise", "perlin", "-frequency", "100000", "-octaves", "16"}, in, "noise sample: ", []string{"frequency"}},
		{"lacunarity 0", []string{"sample", "-noise", "perlin", "-lacunarity", "0"}, in, "noise sample: ", []string{"lacunarity", "0", "at least 1"}},
		{"lacunarity fractional with tiling", []string{"sample", "-noise", "perlin", "-tiling", "-octaves", "2", "-lacunarity", "2.5"}, in, "noise sample: ", []string{"-tiling", "lacunarity", "2.5", "whole"}},
		{"lacunarity not a number", []string{"sample", "-noise", "perlin", "-lacunarity", "two"}, in, "noise sample: ", []string{"lacunarity", "two"}},
		{"persistence NaN", []string{"sample", "-noise", "perlin", "-persistence", "NaN"}, in, "noise sample: ", []string{"persistence", "NaN", "finite"}},
		{"persistence negative", []string{"sample", "-noise", "perlin", "-persistence", "-0.5"}, in, "noise sample: ", []string{"persistence", "at least 0"}},
		{"persistence overflow", []string{"sample", "-noise", "perlin", "-persistence", "1e39"}, in, "noise sample: ", []string{"persistence", "1e39"}},
		{"seed out of int32", []string{"sample", "-noise", "perlin", "-seed", "4294967296"}, in, "noise sample: ", []string{"seed", "4294967296", "2147483647"}},
		{"unknown backend", []string{"sample", "-noise", "perlin", "-backend", "tpu"}, in, "noise sample: ", []string{"-backend", `"tpu"`, "cpu", "gpu"}},
		{"gpu with blog", []string{"sample", "-noise", "perm-value", "-perm-mode", "blog", "-backend", "gpu"}, in, "noise sample: ", []string{"-perm-mode blog", "-backend gpu", "CPU only"}},
		{"bad context", []string{"sample", "-noise", "perlin", "-backend", "gpu", "-context", "foo"}, in, "noise sample: ", []string{"-context", `"foo"`, validContexts}},
		{"bad context cpu", []string{"sample", "-noise", "perlin", "-context", "current"}, in, "noise sample: ", []string{"-context", `"current"`, validContexts}},
		{"bad backend image", []string{"image", "-noise", "perlin", "-backend", "tpu", "-o", filepath.Join(dir, "x.png")}, "", "noise image: ", []string{"backend", "tpu", "gpu", "cpu"}},
		{"bad matrix", []string{"sample", "-noise", "perlin", "-matrix", "xyz"}, in, "noise sample: ", []string{"matrix", "xyz", "ps", "pn"}},
		{"bad translate", []string{"sample", "-noise", "perlin", "-translate", "1,2"}, in, "noise sample: ", []string{"-translate", "x,y,z"}},
		{"translate not a number", []string{"sample", "-noise", "perlin", "-translate", "1,a,2"}, in, "noise sample: ", []string{"-translate", `"a"`}},
		{"rotate single", []string{"sample", "-noise", "perlin", "-rotate", "30"}, in, "noise sample: ", []string{"-rotate", "x,y,z"}},
		{"rotate NaN", []string{"sample", "-noise", "perlin", "-rotate", "NaN,0,0"}, in, "noise sample: ", []string{"-rotate NaN,0,0", "x is NaN", "finite"}},
		{"scale Inf", []string{"sample", "-noise", "perlin", "-scale", "Inf"}, in, "noise sample: ", []string{"-scale", "x is +Inf", "finite"}},
		{"bad perm-mode", []string{"sample", "-noise", "perm-value", "-perm-mode", "rust"}, in, "noise sample: ", []string{"perm-mode", "rust", "fixed", "blog"}},
		{"blog with other noise", []string{"sample", "-noise", "value", "-perm-mode", "blog"}, in, "noise sample: ", []string{"blog", "perm-value"}},
		{"blog with deriv", []string{"sample", "-noise", "perm-value", "-perm-mode", "blog", "-deriv"}, in, "noise sample: ", []string{"-deriv", "blog", "derivatives"}},
		{"blog with tiling", []string{"sample", "-noise", "perm-value", "-perm-mode", "blog", "-tiling"}, in, "noise sample: ", []string{"-tiling", "blog"}},
		{"blog with domain", []string{"sample", "-noise", "perm-value", "-perm-mode", "blog", "-rotate", "1,2,3"}, in, "noise sample: ", []string{"-rotate", "blog", "domain"}},
		{"blog octaves 256", []string{"sample", "-noise", "perm-value", "-perm-mode", "blog", "-octaves", "256"}, in, "noise sample: ", []string{"octaves", "0 to 255"}},
		{"blog lacunarity Inf", []string{"sample", "-noise", "perm-value", "-perm-mode", "blog", "-lacunarity", "Inf"}, in, "noise sample: ", []string{"lacunarity", "finite"}},
		{"blog dims 5", []string{"sample", "-noise", "perm-value", "-perm-mode", "blog", "-dims", "5"}, in, "noise sample: ", []string{"dims", "1 to 4"}},
		{"unknown fractal", []string{"sample", "-noise", "perlin", "-fractal", "fbn"}, in, "noise sample: ", []string{"-fractal", `"fbn"`, "fbm, ridged, billow, pingpong"}},
		{"unknown fractal image", []string{"image", "-noise", "perlin", "-fractal", "ridge", "-o", filepath.Join(dir, "x.png")}, "", "noise image: ", []string{"-fractal", `"ridge"`, "pingpong"}},
		{"ping-pong NaN", []string{"sample", "-noise", "perlin", "-fractal", "pingpong", "-ping-pong", "NaN"}, in, "noise sample: ", []string{"-ping-pong", "NaN", "above 0"}},
		{"ping-pong too big", []string{"sample", "-noise", "perlin", "-fractal", "pingpong", "-ping-pong", "2000"}, in, "noise sample: ", []string{"-ping-pong", "2000", "1024"}},
		{"warp amplitude NaN", []string{"sample", "-noise", "perlin", "-warp-amplitude", "NaN"}, in, "noise sample: ", []string{"-warp-amplitude", "NaN", "finite"}},
		{"warp mode unknown", []string{"sample", "-noise", "perlin", "-warp-mode", "fast"}, in, "noise sample: ", []string{"-warp-mode", `"fast"`, "independent, progressive"}},
		{"warp octaves 17", []string{"image", "-noise", "perlin", "-warp-octaves", "17", "-o", filepath.Join(dir, "x.png")}, "", "noise image: ", []string{"-warp-octaves", "17", "1 to 16"}},
		{"warp frequency 0", []string{"sample", "-noise", "perlin", "-warp-frequency", "0"}, in, "noise sample: ", []string{"-warp-frequency", "0"}},
		{"blog with warp", []string{"sample", "-noise", "perm-value", "-perm-mode", "blog", "-warp-amplitude", "0.5"}, in, "noise sample: ", []string{"-warp-amplitude", "blog"}},
		{"blog with fractal", []string{"sample", "-noise", "perm-value", "-perm-mode", "blog", "-fractal", "ridged"}, in, "noise sample: ", []string{"-fractal", "blog"}},
		{"non-number token", []string{"sample", "-noise", "perlin"}, "0.1 abc 0.3\n", "noise sample: ", []string{"line 1", `"abc"`, "not a number", `3 numbers "x y z"`}},
		{"too many numbers", []string{"sample", "-noise", "perlin"}, "1 2 3 4\n", "noise sample: ", []string{"line 1", `want 3 numbers "x y z", got 4`}},
		{"image without -o", []string{"image", "-noise", "perlin"}, "", "noise image: ", []string{"-o"}},
		{"image unwritable", []string{"image", "-noise", "perlin", "-size", "8", "-o", filepath.Join(dir, "no", "such", "dir", "x.png")}, "", "noise image: ", []string{"x.png", "does not exist"}},
		{"image size 0", []string{"image", "-noise", "perlin", "-size", "0", "-o", filepath.Join(dir, "x.png")}, "", "noise image: ", []string{"size", "0"}},
		{"image displacement NaN", []string{"image", "-noise", "perlin", "-normals", "-displacement", "NaN", "-o", filepath.Join(dir, "x.png")}, "", "noise image: ", []string{"displacement", "finite"}},
		{"bench duration 0", []string{"bench", "-duration", "0s"}, "", "noise bench: ", []string{"duration"}},
		{"bench unknown fractal", []string{"bench", "-fractal", "rid"}, "", "noise bench: ", []string{"-fractal", "valid: fbm, ridged"}},
		{"bench warp NaN", []string{"bench", "-warp-amplitude", "NaN"}, "", "noise bench: ", []string{"warp"}},
		{"bench unknown backend", []string{"bench", "-backend", "gpus"}, "", "noise bench: ", []string{"-backend", `"gpus"`, "cpu", "gpu", "both", "webgpu"}},
		{"bench bad context", []string{"bench", "-backend", "gpu", "-context", "foo"}, "", "noise bench: ", []string{"-context", `"foo"`, validContexts}},
		{"bench runs 0", []string{"bench", "-runs", "0"}, "", "noise bench: ", []string{"-runs", "0", "1 to 100"}},
		{"bench runs on the GPU", []string{"bench", "-backend", "gpu", "-runs", "3"}, "", "noise bench: ", []string{"-runs", "-backend cpu or both"}},
		{"bench gpu-points 0", []string{"bench", "-backend", "gpu", "-gpu-points", "0"}, "", "noise bench: ", []string{"-gpu-points", "0", "1 to"}},
		{"bench gpu-points too many", []string{"bench", "-backend", "both", "-gpu-points", "1000000000"}, "", "noise bench: ", []string{"-gpu-points", "1000000000"}},
	} {
		r := runIn(c.stdin, c.args...)
		checkOneLineError(t, c.name, r, c.prefix, c.keys...)
		if r.stdout != "" {
			t.Errorf("%s: stdout %q, want nothing", c.name, r.stdout)
		}
	}
}

// TestMalformedInput checks that a bad line 3 reports line 3 (blank lines
// count), after printing lines 1 and 2 and nothing after.
func TestMalformedInput(t *testing.T) {
	for _, c := range []struct {
		stdin string
		keys  []string
	}{
		{"0.1 0.2 0.3\n-0.37 0.61 0.83\n0.5 0.5\n1 2 3\n4 5 6\n", []string{`line 3: want 3 numbers "x y z", got 2`}},
		{"0.1 0.2 0.3\n\n1 two 3\n1 2 3\n", []string{"line 3:", `"two"`, "not a number"}},
	} {
		r := runIn(c.stdin, "sample", "-noise", "perlin")
		checkOneLineError(t, "malformed line 3", r, "noise sample: ", c.keys...)
		first := runIn(c.stdin[:strings.Index(c.stdin, "\n")+1], "sample", "-noise", "perlin")
		mustOK(t, first)
		out := lines(r.stdout)
		want := 2
		if strings.Contains(c.stdin, "\n\n") {
			want = 1 // line 2 is blank
		}
		if len(out) != want || out[0]+"\n" != first.stdout {
			t.Errorf("stdin %q: printed %q before the error, want %d lines starting %q", c.stdin, r.stdout, want, first.stdout)
		}
	}
	// The same through the binary.
	r := runBin(t, "0.1 0.2 0.3\n0.1 0.2 0.3\n0.1\n0.1 0.2 0.3\n", "sample", "-noise", "value")
	checkOneLineError(t, "binary malformed line 3", r, "noise sample: ", `line 3: want 3 numbers "x y z", got 1`)
	if len(lines(r.stdout)) != 2 {
		t.Errorf("binary: printed %q before the error", r.stdout)
	}
}

// TestErrorsThroughBinary checks the error policy on the real process for
// an unknown subcommand, an unknown flag and a missing -o.
func TestErrorsThroughBinary(t *testing.T) {
	for _, c := range []struct {
		args   []string
		prefix string
		key    string
	}{
		{[]string{"frobnicate"}, "noise: ", "valid commands"},
		{[]string{"sample", "-foo"}, "noise sample: ", "-foo"},
		{[]string{"image", "-noise", "perlin"}, "noise image: ", "-o"},
		{[]string{"sample", "-noise", "perlin", "-tiling", "-dims", "2", "-octaves", "0"}, "noise sample: ", "octaves"},
	} {
		r := runBin(t, "", c.args...)
		checkOneLineError(t, strings.Join(c.args, " "), r, c.prefix, c.key)
	}
}

// TestHelp checks the usage texts: "noise help" and "noise -h" list every
// subcommand on stdout with exit 0; "CMD -h" and "help CMD" print the
// command's flags on stdout with exit 0.
func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}, {"help", "-h"}, {"help", "help"}} {
		r := runIn("", args...)
		mustOK(t, r, args...)
		for _, c := range commands() {
			if !strings.Contains(r.stdout, "\n  "+c.name+" ") {
				t.Errorf("noise %v: usage does not list %q:\n%s", args, c.name, r.stdout)
			}
		}
		if !strings.Contains(r.stdout, "noise sample -noise perlin") {
			t.Errorf("noise %v: usage has no examples", args)
		}
	}
	for _, c := range []struct {
		args  []string
		flags []string
	}{
		{[]string{"sample", "-h"}, []string{"-noise", "-dims", "-tiling", "-seed", "-frequency", "-octaves", "-lacunarity", "-persistence", "-deriv", "-backend", "-translate", "-rotate", "-scale", "-matrix", "-perm-mode", "-context", "egl", "glfw", "-backend gpu"}},
		{[]string{"help", "sample"}, []string{"-noise", "-perm-mode"}},
		{[]string{"image", "-h"}, []string{"-noise", "-size", "-scale", "-rotate", "-translate", "-normals", "-displacement", "-o"}},
		{[]string{"list", "-h"}, []string{"Usage: noise list"}},
		{[]string{"selfcheck", "--help"}, []string{"Usage: noise selfcheck"}},
		{[]string{"bench", "-h"}, []string{"-json", "-noise", "-duration", "-backend", "both", "webgpu", "-context", "-gpu-points", "GPU+readback", "GPU resident", "readback→Go", "onSubmittedWorkDone"}},
	} {
		r := runIn("", c.args...)
		mustOK(t, r, c.args...)
		for _, f := range c.flags {
			if !strings.Contains(r.stdout, f) {
				t.Errorf("noise %v: usage lacks %q", c.args, f)
			}
		}
	}
}

// fullWriter fails every write, like stdout on a full disk.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestStdoutLost: output lost on stdout is exit 2 with one line, for every
// command that prints (they used to exit 0 with the output gone).
func TestStdoutLost(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"help", "-h"}, {"help", "sample"}, {"sample", "-h"},
		{"selfcheck"}, {"list"}, {"image", "-noise", "value", "-size", "4", "-o", "-"}} {
		var stderr strings.Builder
		code := run(args, strings.NewReader(""), fullWriter{}, &stderr)
		if code != 2 || strings.Count(stderr.String(), "\n") != 1 || !strings.Contains(stderr.String(), "no space left") {
			t.Errorf("noise %v with stdout full: exit %d, stderr %q; want 2 and one line", args, code, stderr.String())
		}
	}
	var stderr strings.Builder
	code := run([]string{"sample", "-noise", "value"}, strings.NewReader("1 2 3\n"), fullWriter{}, &stderr)
	if code != 2 || !strings.Contains(stderr.String(), "no space left") {
		t.Errorf("sample with stdout full: exit %d, stderr %q", code, stderr.String())
	}
}
