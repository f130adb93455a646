package shaders

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/noiselab/noise"
)

// These tests feed the project's WGSL to naga, wgpu's shader compiler
// (the WebGPU implementation of Firefox and of Rust programs), beside Tint
// (Dawn's, TestWGSLCompiles): its command-line front end validates WGSL.
// naga is not in Debian or npm; where it is not on PATH (install it with
// `cargo install naga-cli`) the tests skip, saying so, unless
// NOISE_REQUIRE_NAGA is set.

func needNaga(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("naga")
	if err != nil {
		if os.Getenv("NOISE_REQUIRE_NAGA") != "" {
			t.Fatal("naga is missing and NOISE_REQUIRE_NAGA is set (cargo install naga-cli)")
		}
		t.Skip("naga is missing (cargo install naga-cli); set NOISE_REQUIRE_NAGA=1 to fail instead")
	}
	return p
}

// nagaValidate writes the sources into a directory and validates them
// with naga, batchSize files per call (--bulk-validate); it returns one
// line per source naga refuses, with naga's first error line.
func nagaValidate(t *testing.T, naga string, jobs []job) []string {
	t.Helper()
	dir := t.TempDir()
	var bad []string
	const batchSize = 64
	for i := 0; i < len(jobs); i += batchSize {
		var paths []string
		for _, j := range jobs[i:min(i+batchSize, len(jobs))] {
			path := filepath.Join(dir, strings.TrimSuffix(strings.TrimSuffix(j.name, ".wgsl"), ".pipe")+".wgsl")
			if err := os.WriteFile(path, []byte(j.src), 0o644); err != nil {
				t.Fatal(err)
			}
			paths = append(paths, path)
		}
		out, err := exec.Command(naga, append([]string{"--bulk-validate"}, paths...)...).CombinedOutput()
		if err == nil {
			continue
		}
		// One call per file of the failing batch, for a line per source.
		for _, p := range paths {
			out1, err := exec.Command(naga, p).CombinedOutput()
			if err != nil {
				bad = append(bad, fmt.Sprintf("%s: %s", filepath.Base(p), firstError(string(out1))))
			}
		}
		if len(bad) == 0 {
			t.Fatalf("naga --bulk-validate failed, but every file alone passes: %s", firstLines(string(out), 6))
		}
	}
	return bad
}

// firstError returns naga's first line that says what is wrong.
func firstError(out string) string {
	for _, l := range strings.Split(out, "\n") {
		if l = strings.TrimSpace(l); strings.HasPrefix(l, "error") {
			return l
		}
	}
	return firstLines(out, 3)
}

// TestWGSLNaga: naga validates every WGSL source TestWGSLCompiles and
// TestGraphWGSLCompiles give Tint: every variant's kernel (values and
// derivatives, native and exact arithmetic, worst precision), every
// variant's library inside a kernel, prefixed libraries together, every
// example graph and the graph library.
func TestWGSLNaga(t *testing.T) {
	naga := needNaga(t)
	jobs := append(wgslJobs(t, false), graphWGSLJobs(t)...)
	if bad := nagaValidate(t, naga, jobs); len(bad) > 0 {
		t.Errorf("naga refuses %d of %d WGSL sources:\n%s", len(bad), len(jobs), strings.Join(bad[:min(len(bad), 20)], "\n"))
	}
	t.Logf("%d WGSL sources validated by naga", len(jobs))
}

// TestWGSLNagaNegative: the check fails on invalid WGSL (a type error
// and naga's own limit, a bitcast in a const declaration), so that
// TestWGSLNaga can fail.
func TestWGSLNagaNegative(t *testing.T) {
	naga := needNaga(t)
	src, err := ComputeSourceWGSL(noise.Config{Noise: noise.Perlin, Dims: 2, Settings: noise.DefaultSettings()}, false, 64, nil)
	if err != nil {
		t.Fatal(err)
	}
	typeErr := strings.Replace(src, "fn noise_abs32(x: f32) -> f32 { return bitcast<f32>(", "fn noise_abs32(x: f32) -> f32 { return bitcast<u32>(", 1)
	constBitcast := src + "\nconst noise_extra: f32 = bitcast<f32>(0x3F800000u);\n"
	if typeErr == src {
		t.Fatal("the edit did not apply")
	}
	bad := nagaValidate(t, naga, []job{{name: "good.wgsl", src: src}, {name: "type.wgsl", src: typeErr}, {name: "const.wgsl", src: constBitcast}})
	if len(bad) != 2 || !strings.HasPrefix(bad[0], "type.wgsl") || !strings.HasPrefix(bad[1], "const.wgsl") {
		t.Errorf("naga's verdicts: %q; want type.wgsl and const.wgsl refused, good.wgsl passed", bad)
	}
}
