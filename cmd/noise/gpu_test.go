package main

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/noiselab/noise/cmd/internal/cliflag"
)

// glProbe is the outcome of opening the default (EGL) GL context once.
var glProbe struct {
	once sync.Once
	info gpuInfo
	err  error
}

// requireGL returns the GL implementation the GPU backend gets by default.
// Without an OpenGL 4.3 context the test is skipped with the reason, or
// fails when NOISE_REQUIRE_GPU is set (as CI sets it). The context is
// opened once per test binary (through dispatch.New, or the reason a
// build without cgo has none) and closed again: every command opens its
// own.
func requireGL(t *testing.T) gpuInfo {
	t.Helper()
	glProbe.once.Do(func() {
		d, err := openGPU(cliflag.GPU{Context: "egl"})
		if err != nil {
			glProbe.err = err
			return
		}
		glProbe.info = d.info()
		d.close()
	})
	if glProbe.err != nil {
		if os.Getenv("NOISE_REQUIRE_GPU") != "" {
			t.Fatalf("NOISE_REQUIRE_GPU is set but no OpenGL 4.3 context could be created: %v", glProbe.err)
		}
		t.Skipf("needs an OpenGL 4.3 context (headless EGL): %v (set NOISE_REQUIRE_GPU=1 to fail instead)", glProbe.err)
	}
	return glProbe.info
}

// checkGPULine checks that stderr is exactly the renderer line.
func checkGPULine(t *testing.T, name string, r result, info gpuInfo) {
	t.Helper()
	if want := "noise: GPU: " + info.Line + "\n"; r.stderr != want {
		t.Errorf("%s: stderr %q, want %q", name, r.stderr, want)
	}
}

// sameOutput compares GPU output with CPU output: byte for byte on Mesa
// llvmpipe, where the GLSL mirror rounds exactly like package cpu for
// these noise types; elsewhere each number must agree within a relative
// 1e-4 (a hardware GPU may contract a*b+c into an FMA, so docs/algorithms.md §11
// allows ULPs; gpu/dispatch's tests check the exact tolerances).
func sameOutput(t *testing.T, name string, info gpuInfo, gpu, cpu string) {
	t.Helper()
	if strings.Contains(info.Renderer, "llvmpipe") || gpu == cpu {
		if gpu != cpu {
			t.Errorf("%s: GPU output differs from the CPU's on %s:\n%s\nCPU:\n%s", name, info.Line, gpu, cpu)
		}
		return
	}
	g, c := lines(gpu), lines(cpu)
	if len(g) != len(c) {
		t.Fatalf("%s: %d GPU lines, %d CPU lines", name, len(g), len(c))
	}
	for i := range g {
		gf, cf := strings.Fields(g[i]), strings.Fields(c[i])
		if len(gf) != len(cf) {
			t.Fatalf("%s: line %d: GPU %q, CPU %q", name, i+1, g[i], c[i])
		}
		for k := range gf {
			a, errA := strconv.ParseFloat(gf[k], 32)
			b, errB := strconv.ParseFloat(cf[k], 32)
			if errA != nil || errB != nil || math.Abs(a-b) > 1e-4*max(1, math.Abs(a), math.Abs(b)) {
				t.Errorf("%s: line %d: GPU %q, CPU %q", name, i+1, g[i], c[i])
				break
			}
		}
	}
}

// sampleInput3 has negative, large, zero and lattice-point coordinates
// and a blank line.
const sampleInput3 = "0.1 0.2 0.3\n-1.7 2.3 -0.45\n\n-0.37 -0.61 -0.83\n12.5 -7.25 3.125\n-1000.3 0.001 -2e-3\n0 0 0\n-3 4 -5\n"

// sampleInput4 is 4D input for perm-value.
const sampleInput4 = "0.1 0.2 0.3 0.4\n-1.5 2.25 -0.75 3.1\n-5 -6 7 -8.5\n0 0 0 0\n\n-0.01 -100.5 0.5 1e3\n"

// TestSampleGPUMatchesCPU checks that "sample -backend gpu" prints what
// "sample -backend cpu" prints (smooth Worley noise is left out: the GPU's
// exp and log round differently), with the renderer line alone on
// stderr.
func TestSampleGPUMatchesCPU(t *testing.T) {
	info := requireGL(t)
	for _, c := range []struct {
		name string
		in   string
		args []string
	}{
		{"perlin 3D", sampleInput3, []string{"-noise", "perlin", "-octaves", "3", "-seed", "-7"}},
		{"perlin 3D -deriv, PS domain", sampleInput3, []string{"-noise", "perlin", "-deriv", "-rotate", "30,45,60", "-scale", "2,3,4", "-translate", "1,-2,3"}},
		{"simplex 2D -deriv", sampleInput3, []string{"-noise", "simplex", "-dims", "2", "-deriv", "-seed", "12", "-frequency", "3", "-octaves", "3"}},
		{"simplex 2D", sampleInput3, []string{"-noise", "simplex", "-dims", "2"}},
		{"voronoi-worley-f1 3D tiling", sampleInput3, []string{"-noise", "voronoi-worley-f1", "-tiling", "-octaves", "2", "-frequency", "3"}},
		{"voronoi-worley-f1 3D tiling -deriv", sampleInput3, []string{"-noise", "voronoi-worley-f1", "-tiling", "-deriv"}},
		{"value 1D -deriv", sampleInput3, []string{"-noise", "value", "-dims", "1", "-deriv"}},
		{"perm-value 4D", sampleInput4, []string{"-noise", "perm-value", "-dims", "4", "-seed", "12", "-frequency", "3", "-octaves", "2"}},
		{"perm-value 4D -deriv", sampleInput4, []string{"-noise", "perm-value", "-dims", "4", "-seed", "-5", "-deriv"}},
	} {
		args := append([]string{"sample"}, c.args...)
		want := runIn(c.in, args...)
		mustOK(t, want, args...)
		got := runIn(c.in, append(args, "-backend", "gpu")...)
		if got.code != 0 {
			t.Fatalf("%s: -backend gpu: exit %d, stderr %q", c.name, got.code, got.stderr)
		}
		checkGPULine(t, c.name, got, info)
		if n := len(lines(got.stdout)); n != len(lines(want.stdout)) || n == 0 {
			t.Fatalf("%s: %d GPU lines, %d CPU lines", c.name, n, len(lines(want.stdout)))
		}
		sameOutput(t, c.name, info, got.stdout, want.stdout)
	}
}

// TestSampleGPUChunks feeds the GPU backend more than one chunk of input
// (two dispatches) and compares with the CPU backend.
func TestSampleGPUChunks(t *testing.T) {
	info := requireGL(t)
	r := rand.New(rand.NewPCG(7, 8))
	var b strings.Builder
	for range chunkLines + 37 {
		fmt.Fprintf(&b, "%s %s %s\n", f32(r.Float32()*16-8), f32(r.Float32()*16-8), f32(r.Float32()*16-8))
	}
	args := []string{"sample", "-noise", "value-turbulence", "-octaves", "2", "-seed", "99"}
	want := runIn(b.String(), args...)
	mustOK(t, want, args...)
	got := runIn(b.String(), append(args, "-backend", "gpu")...)
	if got.code != 0 {
		t.Fatalf("exit %d, stderr %q", got.code, got.stderr)
	}
	checkGPULine(t, "chunks", got, info)
	if n := len(lines(got.stdout)); n != chunkLines+37 {
		t.Fatalf("%d output lines, want %d", n, chunkLines+37)
	}
	sameOutput(t, "chunks", info, got.stdout, want.stdout)
}

// TestSampleGPUBinary runs the GPU backend through the built binary: the
// process must open, use and tear down its GL context and exit 0, and a
// malformed line still stops it with exit 2 after the earlier lines.
func TestSampleGPUBinary(t *testing.T) {
	info := requireGL(t)
	args := []string{"sample", "-noise", "simplex", "-dims", "2", "-deriv"}
	want := runBin(t, sampleInput3, args...)
	mustOK(t, want, args...)
	got := runBin(t, sampleInput3, append(args, "-backend", "gpu", "-context", "egl")...)
	if got.code != 0 {
		t.Fatalf("exit %d, stderr %q", got.code, got.stderr)
	}
	checkGPULine(t, "binary", got, info)
	sameOutput(t, "binary", info, got.stdout, want.stdout)

	// Exact arithmetic on an explicitly chosen driver: the CPU's bits.
	exact := runBin(t, sampleInput3, append(args, "-backend", "gpu", "-arith", "exact", "-driver", "llvmpipe")...)
	if exact.code != 0 || exact.stdout != want.stdout || !strings.Contains(exact.stderr, "llvmpipe") {
		t.Errorf("-arith exact -driver llvmpipe: exit %d, stderr %q, same output as the CPU: %v", exact.code, exact.stderr, exact.stdout == want.stdout)
	}
	for _, c := range [][]string{{"-driver", "nouveau"}, {"-arith", "fast"}, {"-context", "vulkan"}} {
		r := runIn(sampleInput3, append(append([]string{}, args...), append([]string{"-backend", "gpu"}, c...)...)...)
		checkOneLineError(t, strings.Join(c, " "), r, "noise sample: ", c[0], "valid:")
	}

	bad := runBin(t, "0.1 0.2 0.3\n0.1 0.2\n", "sample", "-noise", "perlin", "-backend", "gpu")
	wantErr := "noise sample: line 2: want 3 numbers \"x y z\", got 2\n" // one line: the renderer only follows success
	if bad.code != 2 || bad.stderr != wantErr || len(lines(bad.stdout)) != 1 {
		t.Errorf("malformed line 2 on the GPU: exit %d, stdout %q, stderr %q", bad.code, bad.stdout, bad.stderr)
	}
}

// TestNoGPU checks the failure to create a GL context: a GLFW context
// without a display. One line naming the problem, exit 2, nothing on
// stdout. It needs no GPU. In a build without -tags glfw, -context glfw
// is refused in one line that says how to build it.
func TestNoGPU(t *testing.T) {
	want, keys := "no GPU: ", []string(nil)
	if !slices.Contains(cliflag.Contexts, "glfw") {
		want, keys = `invalid -context "glfw": `, []string{"go build -tags glfw", "libxrandr-dev"}
	}
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	for _, c := range []struct {
		name   string
		args   []string
		prefix string
	}{
		{"sample", []string{"sample", "-noise", "perlin", "-backend", "gpu", "-context", "glfw"}, "noise sample: "},
		{"bench", []string{"bench", "-noise", "perlin", "-backend", "both", "-context", "glfw", "-duration", "1ms"}, "noise bench: "},
		{"image", []string{"image", "-noise", "perlin", "-size", "8", "-backend", "gpu", "-context", "glfw", "-o", filepath.Join(t.TempDir(), "x.png")}, "noise image: "},
	} {
		r := runIn("0.1 0.2 0.3\n", c.args...)
		checkOneLineError(t, c.name+" glfw without a display", r, c.prefix+want, keys...)
		if r.stdout != "" {
			t.Errorf("%s: stdout %q, want nothing", c.name, r.stdout)
		}
	}
}

// TestBenchGPUJSON runs a short GPU benchmark and checks the JSON
// document: the GL implementation, no CPU rows, and positive GPU rates
// with and without readback for dims 2 and 3.
func TestBenchGPUJSON(t *testing.T) {
	info := requireGL(t)
	r := runIn("", "bench", "-backend", "gpu", "-noise", "perlin", "-duration", "20ms", "-gpu-points", "4096", "-json")
	mustOK(t, r, "bench -backend gpu")
	var rep benchReport
	dec := json.NewDecoder(strings.NewReader(r.stdout))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rep); err != nil {
		t.Fatalf("bench -json output is not the JSON document: %v\n%s", err, r.stdout)
	}
	if rep.Backend != "gpu" || rep.GPUPoints != 4096 || len(rep.Rows) != 0 {
		t.Errorf("backend %q, gpu_points %d, %d CPU rows; want gpu, 4096, 0", rep.Backend, rep.GPUPoints, len(rep.Rows))
	}
	if rep.GPU == nil || rep.GPU.Renderer != info.Renderer || rep.GPU.Version != info.Version || rep.GPU.Context != "egl" || rep.GPU.Platform == "" {
		t.Errorf("gpu info %+v, want renderer %q, version %q, context egl", rep.GPU, info.Renderer, info.Version)
	}
	if len(rep.GPURows) != 2 {
		t.Fatalf("%d GPU rows, want 2 (2D and 3D):\n%s", len(rep.GPURows), r.stdout)
	}
	for i, row := range rep.GPURows {
		if row.Noise != "perlin" || row.Dims != i+2 || row.Positions != 4096 {
			t.Errorf("GPU row %d: %+v, want perlin, dims %d, 4096 positions", i, row, i+2)
		}
		for _, m := range []struct {
			what string
			r    benchRate
		}{{"readback", row.Readback}, {"resident", row.Resident}} {
			if !(m.r.MptsPerS > 0) || m.r.Points <= 0 || m.r.Points%4096 != 0 || m.r.Seconds < 0.02 {
				t.Errorf("GPU row %d %s %+v: want a positive rate over at least 20ms in whole calls", i, m.what, m.r)
			}
		}
	}
}

// TestBenchBoth checks the table with both backends: the renderer in the
// header and the CPU and GPU columns on each row; and that -json with
// both has the CPU rows and the GPU rows.
func TestBenchBoth(t *testing.T) {
	info := requireGL(t)
	r := runIn("", "bench", "-backend", "both", "-noise", "simplex-value", "-duration", "5ms", "-gpu-points", "1000")
	mustOK(t, r, "bench -backend both")
	if !strings.Contains(r.stdout, "\ngpu: "+info.Line+" (context egl, ") || !strings.Contains(r.stdout, "GPU+readback") || !strings.Contains(r.stdout, "GPU resident") {
		t.Errorf("bench table lacks the renderer line or the GPU columns:\n%s", r.stdout)
	}
	for _, dims := range []string{"2D", "3D"} {
		if !regexp.MustCompile(`(?m)^\s*simplex-value\s+` + dims + `\s+\d+\.\d\s+\d+\.\d\s+\d+\.\d\d×\s+\d+\.\d\s+\d+\.\d\s*$`).MatchString(r.stdout) {
			t.Errorf("bench table has no %s row with CPU and GPU figures:\n%s", dims, r.stdout)
		}
	}
	r = runIn("", "bench", "-backend", "both", "-noise", "value", "-duration", "5ms", "-gpu-points", "1000", "-json")
	mustOK(t, r, "bench -backend both -json")
	var rep benchReport
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Rows) != 4 || len(rep.GPURows) != 2 || rep.Backend != "both" {
		t.Errorf("-backend both: %d CPU rows, %d GPU rows, backend %q; want 4, 2, both", len(rep.Rows), len(rep.GPURows), rep.Backend)
	}
}
