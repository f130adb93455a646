package shaders

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/noiselab/noise"
)

// These tests feed the project's GLSL to Khronos' reference compiler
// (glslangValidator, Debian's glslang-tools) and the SPIR-V tools
// (spirv-val, spirv-dis: spirv-tools). Without them they skip, unless
// NOISE_REQUIRE_GPU is set (CI, where make deps installs them).

func needTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("NOISE_REQUIRE_GPU") != "" {
			t.Fatalf("%s is missing and NOISE_REQUIRE_GPU is set (make deps installs glslang-tools and spirv-tools)", name)
		}
		t.Skipf("%s is missing (apt-get install glslang-tools spirv-tools); set NOISE_REQUIRE_GPU=1 to fail instead", name)
	}
	return p
}

// job is one source to compile.
type job struct {
	name, src string
	args      []string // glslangValidator arguments before the file
}

// runJobs writes the sources to a directory and runs f on batches of them
// (jobs with arguments alone, the others batchSize at a time), on every
// CPU.
func runJobs(t *testing.T, jobs []job, batchSize int, f func(paths []string, j job) error) {
	t.Helper()
	dir := t.TempDir()
	var batches [][]job
	var plain []job
	for _, j := range jobs {
		if j.args == nil && batchSize > 1 {
			plain = append(plain, j)
			if len(plain) == batchSize {
				batches, plain = append(batches, plain), nil
			}
		} else {
			batches = append(batches, []job{j})
		}
	}
	if len(plain) > 0 {
		batches = append(batches, plain)
	}
	work := make(chan []job)
	var mu sync.Mutex
	var failures []string
	var wg sync.WaitGroup
	for range runtime.NumCPU() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range work {
				var paths []string
				var err error
				for _, j := range b {
					path := filepath.Join(dir, j.name)
					if err = os.WriteFile(path, []byte(j.src), 0o644); err != nil {
						break
					}
					paths = append(paths, path)
				}
				if err == nil {
					err = f(paths, b[0])
				}
				if err != nil {
					mu.Lock()
					failures = append(failures, err.Error())
					mu.Unlock()
				}
			}
		}()
	}
	for _, b := range batches {
		work <- b
	}
	close(work)
	wg.Wait()
	for i, f := range failures {
		if i == 10 {
			t.Errorf("... and %d more", len(failures)-10)
			break
		}
		t.Error(f)
	}
}

// glslang compiles a batch; on failure the error names the files whose
// compilation reported errors (glslangValidator prints each file's name
// before its messages).
func glslang(tool string) func([]string, job) error {
	return func(paths []string, j job) error {
		out, err := exec.Command(tool, append(j.args, paths...)...).CombinedOutput()
		if err == nil {
			return nil
		}
		var msgs []string
		current := ""
		for _, l := range strings.Split(string(out), "\n") {
			l = strings.TrimSpace(l)
			if strings.HasPrefix(l, "/") {
				current = filepath.Base(l)
			} else if strings.HasPrefix(l, "ERROR:") && len(msgs) < 4 {
				msgs = append(msgs, current+": "+l)
			}
		}
		if len(msgs) == 0 {
			msgs = append(msgs, fmt.Sprintf("%v: %s", err, firstLines(string(out), 4)))
		}
		return errors.New(strings.Join(msgs, " | "))
	}
}

func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, " | ")
}

func fileName(cfg noise.Config, what string) string {
	return strings.NewReplacer(" ", "_", "-", "_").Replace(fmt.Sprintf("%s_%dD_%v_%s", cfg.Noise, cfg.Dims, cfg.Tiling, what))
}

// TestStrictCompilers: glslangValidator accepts, as GLSL 4.30, the
// compute kernel of every variant (values and derivatives; native, exact
// and worst-case arithmetic), the 2D and 3D bake kernels of every variant,
// and the library of every variant at #version 410 core in a fragment
// shader and as Vulkan GLSL 450 in a compute shader; and two libraries in
// one shader.
func TestStrictCompilers(t *testing.T) {
	tool := needTool(t, "glslangValidator")
	var jobs []job
	add := func(name, src string, err error, args ...string) {
		if err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, job{name, src, args})
	}
	for _, cfg := range allConfigs() {
		for _, o := range []Options{{}, {Arith: ArithExact}, {Precision: PrecisionWorst}} {
			for _, deriv := range []bool{false, true} {
				src, err := ComputeSource(cfg, deriv, 64, &o)
				add(fileName(cfg, fmt.Sprintf("%s_%s_%v.comp", o.Arith, o.Precision, deriv)), src, err)
			}
		}
		for _, threeD := range []bool{false, true} {
			for _, deriv := range []bool{false, true} {
				src, err := BakeSource(cfg, threeD, deriv, nil)
				add(fileName(cfg, fmt.Sprintf("bake_%v_%v.comp", threeD, deriv)), src, err)
			}
		}
		lib, err := Library(cfg, nil)
		add(fileName(cfg, "lib410.frag"), "#version 410 core\n"+lib+`
out vec4 colour;
void main() {
	noise_Sample s = noise_sample(gl_FragCoord.xyz * 0.01);
	colour = vec4(s.v, s.dx, s.dz, noise_value(vec3(0.5)));
}
`, err)
		add(fileName(cfg, "vk450.comp"), "#version 450\n"+lib+`
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Out { vec4 samples[]; };
void main() {
	uint i = gl_GlobalInvocationID.x;
	noise_Sample s = noise_sample4(vec4(float(i), 0.5, 0.25, 0.125));
	samples[i] = vec4(s.v, s.dx, s.dy, s.dz);
}
`, err, "-V", "-o", os.DevNull)
	}
	a, err := Library(noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()}, &Options{Prefix: "hills_"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Library(noise.Config{Noise: noise.VoronoiWorleyF2, Dims: 2, Tiling: true, Settings: noise.DefaultSettings()}, &Options{Prefix: "cells_", Arith: ArithExact})
	add("two_libraries.frag", "#version 410 core\n"+a+b+`
uniform hills_Settings settings;
uniform hills_Domain domain;
out vec4 colour;
void main() {
	vec3 p = vec3(gl_FragCoord.x, 0.0, gl_FragCoord.y) * 0.015625;
	colour = vec4(hills_sampleWith(vec4(p, 0.0), settings, domain).v, cells_value(p), 0.0, 1.0);
}
`, err)
	runJobs(t, jobs, 32, glslang(tool))
	t.Logf("%d sources compiled by %s", len(jobs), tool)
}

var (
	decoration = regexp.MustCompile(`(?m)^\s*OpDecorate (%\w+) NoContraction\s*$`)
	floatOp    = regexp.MustCompile(`(?m)^\s*(%\w+) = (OpF(?:Mul|Add|Sub|Div)) `)
)

// TestPreciseEverywhere compiles the kernels of every variant (values and
// derivatives, native and exact arithmetic) as GLSL 4.50 to SPIR-V for
// OpenGL, has spirv-val accept each module, and checks with spirv-dis that
// every OpFMul, OpFAdd, OpFSub and OpFDiv carries NoContraction: `precise`
// covers every float operation, so no GPU may fuse what the CPU rounds.
func TestPreciseEverywhere(t *testing.T) {
	tool := needTool(t, "glslangValidator")
	val := needTool(t, "spirv-val")
	dis := needTool(t, "spirv-dis")
	var jobs []job
	for _, cfg := range allConfigs() {
		for _, a := range []Arith{ArithNative, ArithExact} {
			for _, deriv := range []bool{false, true} {
				src, err := ComputeSource(cfg, deriv, 64, &Options{Version: 450, Arith: a})
				if err != nil {
					t.Fatal(err)
				}
				jobs = append(jobs, job{fileName(cfg, fmt.Sprintf("%s_%v_450.comp", a, deriv)), src, nil})
			}
		}
	}
	var mu sync.Mutex
	ops := 0
	runJobs(t, jobs, 1, func(paths []string, _ job) error {
		path := paths[0]
		spv := path + ".spv"
		name := filepath.Base(path)
		if out, err := exec.Command(tool, "-G", "-o", spv, path).CombinedOutput(); err != nil {
			return fmt.Errorf("%s: glslangValidator -G: %v: %s", name, err, firstLines(string(out), 4))
		}
		if out, err := exec.Command(val, "--target-env", "opengl4.5", spv).CombinedOutput(); err != nil {
			return fmt.Errorf("%s: spirv-val: %v: %s", name, err, firstLines(string(out), 4))
		}
		out, err := exec.Command(dis, "--raw-id", spv).Output()
		if err != nil {
			return fmt.Errorf("%s: spirv-dis: %v", name, err)
		}
		precise := map[string]bool{}
		for _, m := range decoration.FindAllStringSubmatch(string(out), -1) {
			precise[m[1]] = true
		}
		n := 0
		for _, m := range floatOp.FindAllStringSubmatch(string(out), -1) {
			n++
			if !precise[m[1]] {
				return fmt.Errorf("%s: %s %s has no NoContraction", name, m[2], m[1])
			}
		}
		if n == 0 {
			return fmt.Errorf("%s: no float operations found: is the pattern broken?", name)
		}
		mu.Lock()
		ops += n
		mu.Unlock()
		return nil
	})
	t.Logf("%d modules valid; all %d OpFMul/OpFAdd/OpFSub/OpFDiv carry NoContraction", len(jobs), ops)
}
