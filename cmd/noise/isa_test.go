package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/noiselab/noise/cpu"
)

// runBinEnv runs the built binary with extra environment variables.
func runBinEnv(t *testing.T, env []string, stdin string, args ...string) result {
	t.Helper()
	return execBin(t, binary, "", env, stdin, args...)
}

// TestISAFlag checks -isa and NOISE_ISA on the built binary: every level
// this CPU runs prints the same bits for sample (blog mode too) and the same PNG for image,
// bench reports the level it ran at, and an unknown level, one this CPU
// lacks, or one for the GPU backend is one line with exit 2.
func TestISAFlag(t *testing.T) {
	in := "0.1 0.2 0.3\n-3.5 7.25 1e6\n1e30 -0 2\n0.5 0.5 0.5\n"
	for i := 0; i < 40; i++ {
		in += f32(float32(i)*0.37-7) + " " + f32(float32(i)*1.1) + " " + f32(float32(i)*-0.23) + "\n"
	}
	var want string
	var wantPNG []byte
	wantBlog := map[string]string{}
	dir := t.TempDir()
	for _, l := range cpu.SupportedISAs() {
		for _, how := range []string{"flag", "env"} {
			args := []string{"sample", "-noise", "voronoi-worley-f2-minus-f1", "-octaves", "3", "-fractal", "ridged"}
			var env []string
			if how == "flag" {
				args = append(args, "-isa", l.String())
			} else {
				env = []string{"NOISE_ISA=" + l.String()}
			}
			r := runBinEnv(t, env, in, args...)
			mustOK(t, r, args...)
			if want == "" {
				want = r.stdout
			} else if r.stdout != want {
				t.Errorf("%v by %s: sample prints other values than the first level", l, how)
			}
			png := dir + "/" + l.String() + how + ".png"
			args = []string{"image", "-noise", "perlin", "-size", "37", "-octaves", "2", "-o", png}
			if how == "flag" {
				args = append(args, "-isa", l.String())
			}
			mustOK(t, runBinEnv(t, env, "", args...), args...)
			b, err := os.ReadFile(png)
			if err != nil {
				t.Fatal(err)
			}
			if wantPNG == nil {
				wantPNG = b
			} else if !bytes.Equal(b, wantPNG) {
				t.Errorf("%v by %s: image writes another PNG than the first level", l, how)
			}
		}
		// blog mode's FractalBatch kernels (2D and 3D), with the level's flag
		for _, dims := range []string{"2", "3"} {
			args := []string{"sample", "-noise", "perm-value", "-perm-mode", "blog", "-dims", dims, "-octaves", "4", "-seed", "12", "-isa", l.String()}
			r := runBinEnv(t, nil, in, args...)
			mustOK(t, r, args...)
			if wantBlog[dims] == "" {
				wantBlog[dims] = r.stdout
			} else if r.stdout != wantBlog[dims] {
				t.Errorf("%v: sample -perm-mode blog -dims %s prints other values than the first level", l, dims)
			}
		}
		r := runBinEnv(t, nil, "", "bench", "-json", "-noise", "value", "-duration", "1ms", "-isa", l.String())
		mustOK(t, r, "bench -isa", l.String())
		if !strings.Contains(r.stdout, `"isa": "`+l.String()+`"`) {
			t.Errorf("bench -isa %v: the report does not name the level: %s", l, r.stdout)
		}
	}
	bad := []struct {
		env  []string
		args []string
		want string
	}{
		{nil, []string{"sample", "-noise", "perlin", "-isa", "sse9"}, `invalid -isa "sse9": valid: scalar, avx2, avx512`},
		{[]string{"NOISE_ISA=sse9"}, []string{"sample", "-noise", "perlin"}, `NOISE_ISA=sse9: unknown ISA level "sse9"; valid: scalar, avx2, avx512`},
		{[]string{"NOISE_ISA=sse9"}, []string{"bench", "-noise", "value", "-duration", "1ms"}, `NOISE_ISA=sse9`},
	}
	for _, l := range []cpu.ISA{cpu.ISAAVX2, cpu.ISAAVX512} {
		if !cpu.Supported(l) {
			bad = append(bad, struct {
				env  []string
				args []string
				want string
			}{nil, []string{"sample", "-noise", "perlin", "-isa", l.String()}, "-isa " + l.String() + ": ISA level " + l.String() + " is not available"})
		}
	}
	for _, c := range bad {
		r := runBinEnv(t, c.env, "0 0 0\n", c.args...)
		if r.code != 2 || !strings.Contains(r.stderr, c.want) || strings.Count(r.stderr, "\n") != 1 || r.stdout != "" {
			t.Errorf("%v %v: exit %d, stdout %q, stderr %q; want exit 2 and one line with %q", c.env, c.args, r.code, r.stdout, r.stderr, c.want)
		}
	}
}
