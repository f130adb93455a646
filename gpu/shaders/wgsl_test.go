package shaders

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/noiselab/noise"
)

// These tests feed the WGSL to Dawn's compiler (Tint) through the npm
// package webgpu (Dawn for Node, pinned at 0.6.2) under Node: the module
// must compile without errors and a compute pipeline must be created from
// it (which runs Tint's backend and the driver's compiler). Without node
// or the package they skip, unless NOISE_REQUIRE_GPU is set. The package
// is looked for in NOISE_WEBGPU_NODE_MODULES, by default
// $HOME/.cache/noise-webgpu/node_modules (where `make webgpu-deps`
// installs it).

// wgslCheckJS compiles every file named on its command line on one
// device (Dawn's OpenGL ES backend on Mesa, headless), and creates a
// compute pipeline from those whose names end in .pipe.wgsl (Tint's GLSL
// backend and Mesa's compiler: about half a second each on a loaded
// machine), and prints one line per file: "OK name" or "FAIL name:
// messages".
const wgslCheckJS = `
const {create, globals} = require(process.env.NOISE_WEBGPU_MODULE);
Object.assign(globalThis, globals);
const fs = require('fs');
(async () => {
  const gpu = create(['backend=opengles']);
  const adapter = await gpu.requestAdapter({featureLevel: 'compatibility'});
  if (!adapter) { console.log('NOADAPTER'); process.exit(0); }
  const device = await adapter.requestDevice();
  for (const f of process.argv.slice(2)) {
    const code = fs.readFileSync(f, 'utf8');
    device.pushErrorScope('validation');
    device.pushErrorScope('internal');
    const m = device.createShaderModule({code});
    const msgs = (await m.getCompilationInfo()).messages.filter(x => x.type === 'error');
    let err = msgs.slice(0, 4).map(x => x.lineNum + ':' + x.linePos + ': ' + x.message).join(' | ');
    if (!err && f.endsWith('.pipe.wgsl')) {
      device.createComputePipeline({layout: 'auto', compute: {module: m, entryPoint: 'main'}});
    }
    const e1 = await device.popErrorScope();
    const e2 = await device.popErrorScope();
    if (!err && (e1 || e2)) err = (e1 || e2).message.split('\n').slice(0, 4).join(' | ');
    console.log(err ? 'FAIL ' + f + ': ' + err : 'OK ' + f);
  }
  process.exit(0);
})().catch(e => { console.log('ERROR ' + e); process.exit(1); });
`

// needWebGPU returns node's path and the webgpu package's directory, or
// skips.
func needWebGPU(t *testing.T) (node, module string) {
	t.Helper()
	skip := func(format string, args ...any) {
		if os.Getenv("NOISE_REQUIRE_GPU") != "" {
			t.Fatalf(format+" and NOISE_REQUIRE_GPU is set", args...)
		}
		t.Skipf(format+"; set NOISE_REQUIRE_GPU=1 to fail instead", args...)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		skip("node is missing (the WGSL is checked by Dawn under Node 20)")
	}
	dir := os.Getenv("NOISE_WEBGPU_NODE_MODULES")
	if dir == "" {
		home, _ := os.UserHomeDir()
		dir = filepath.Join(home, ".cache", "noise-webgpu", "node_modules")
	}
	module = filepath.Join(dir, "webgpu")
	if _, err := os.Stat(filepath.Join(module, "package.json")); err != nil {
		skip("the npm package webgpu is not in %s (npm install --prefix %s webgpu@0.6.2, or set NOISE_WEBGPU_NODE_MODULES)", dir, filepath.Dir(dir))
	}
	return node, module
}

// compileWGSL runs wgslCheckJS on the jobs' sources, in batches on every
// CPU (runJobs), and reports every failure.
func compileWGSL(t *testing.T, jobs []job) {
	node, module := needWebGPU(t)
	script := filepath.Join(t.TempDir(), "check.js")
	if err := os.WriteFile(script, []byte(wgslCheckJS), 0o644); err != nil {
		t.Fatal(err)
	}
	noAdapter := false
	runJobs(t, jobs, 16, func(paths []string, _ job) error {
		cmd := exec.Command(node, append([]string{script}, paths...)...)
		cmd.Env = append(os.Environ(), "NOISE_WEBGPU_MODULE="+module, "EGL_PLATFORM=surfaceless")
		out, err := cmd.Output()
		var fails []string
		ok := 0
		sc := bufio.NewScanner(strings.NewReader(string(out)))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			l := sc.Text()
			switch {
			case l == "NOADAPTER":
				noAdapter = true
				return nil
			case strings.HasPrefix(l, "OK "):
				ok++
			case strings.HasPrefix(l, "FAIL "):
				fails = append(fails, filepath.Base(strings.TrimPrefix(l, "FAIL ")))
			}
		}
		if len(fails) > 0 {
			return fmt.Errorf("%s", strings.Join(fails, "\n"))
		}
		if err != nil || ok != len(paths) {
			return fmt.Errorf("node: %v: %d of %d compiled: %s", err, ok, len(paths), firstLines(string(out), 4))
		}
		return nil
	})
	if noAdapter {
		t.Skip("Dawn found no adapter (no EGL/Mesa here)")
	}
}

// TestWGSLCompiles: Dawn compiles (Tint validates) the WGSL kernel of
// every variant (values and derivatives, native and exact arithmetic), the
// library of every variant inside a kernel that calls sample, sample4,
// value and sampleWith (with settings and a domain from a uniform buffer),
// and two libraries with different prefixes in one shader. A compute
// pipeline is created as well (down to Mesa's compiler) for the derivative
// kernels, both arithmetics, and the library of every noise type at its
// most dimensions, and for the two libraries; NOISE_WGSL_PIPELINES=all
// creates one for every source (about ten minutes on two loaded cores).
func TestWGSLCompiles(t *testing.T) {
	jobs := wgslJobs(t, os.Getenv("NOISE_WGSL_PIPELINES") == "all")
	compileWGSL(t, jobs)
	t.Logf("%d WGSL sources compiled by Dawn", len(jobs))
}

// wgslJobs returns the WGSL sources TestWGSLCompiles and TestWGSLNaga
// check: every variant's kernel (values and derivatives, native and exact
// arithmetic, worst precision), every variant's library inside a kernel,
// and two prefixed libraries in one shader; all marks every one for a
// compute pipeline in Dawn (".pipe").
func wgslJobs(t *testing.T, all bool) []job {
	t.Helper()
	if j, ok := wgslJobsMade[all]; ok {
		return j
	}
	jobs := makeWGSLJobs(t, all)
	wgslJobsMade[all] = jobs
	return jobs
}

// wgslJobsMade keeps wgslJobs' sources (a few seconds to build) for the
// next test that asks.
var wgslJobsMade = map[bool][]job{}

func makeWGSLJobs(t *testing.T, all bool) []job {
	t.Helper()
	var jobs []job
	add := func(name, src string, err error, pipe bool) {
		if err != nil {
			t.Fatal(err)
		}
		if pipe || all {
			name = strings.TrimSuffix(name, ".wgsl") + ".pipe.wgsl"
		}
		jobs = append(jobs, job{name: name, src: src})
	}
	for _, cfg := range allConfigs() {
		most := cfg.Dims == cfg.Noise.MaxDims() && !cfg.Tiling
		for _, a := range []Arith{ArithNative, ArithExact} {
			for _, deriv := range []bool{false, true} {
				src, err := ComputeSourceWGSL(cfg, deriv, 64, &Options{Arith: a})
				add(fileName(cfg, fmt.Sprintf("%s_%v.wgsl", a, deriv)), src, err, most && deriv)
			}
		}
		worst, err := ComputeSourceWGSL(cfg, true, 64, &Options{Precision: PrecisionWorst})
		add(fileName(cfg, "worst_true.wgsl"), worst, err, most)
		lib, err := LibraryWGSL(cfg, nil)
		add(fileName(cfg, "lib.wgsl"), lib+`
struct LibParams {
	@align(16) s: noise_Settings,
	d: noise_Domain,
}
@group(0) @binding(0) var<storage, read_write> samples: array<vec4f>;
@group(0) @binding(1) var<uniform> params: LibParams;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3u) {
	let i = id.x;
	let s = noise_sample4(vec4f(f32(i), 0.5, 0.25, 0.125));
	let r = noise_sampleWith(vec4f(0.5, f32(i), 0.25, 0.0), params.s, params.d);
	samples[i] = vec4f(s.v, s.dx, r.v + noise_sample(vec3f(0.25)).dz, noise_value(vec3f(0.5)));
}
`, err, most)
	}
	a, err := LibraryWGSL(noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()}, &Options{Prefix: "hills_"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := LibraryWGSL(noise.Config{Noise: noise.PermValue, Dims: 2, Tiling: true, Settings: noise.DefaultSettings()}, &Options{Prefix: "cells_", Arith: ArithExact})
	add("two_libraries.wgsl", a+b+`
@group(0) @binding(0) var<storage, read_write> out: array<vec2f>;
@compute @workgroup_size(8)
fn main(@builtin(global_invocation_id) id: vec3u) {
	let p = vec3f(f32(id.x), 0.0, 0.5) * 0.015625;
	out[id.x] = vec2f(hills_value(p), cells_sample(p).dx);
}
`, err, true)
	return jobs
}

// TestWGSLNegative: the checker fails on WGSL that is invalid, so that
// TestWGSLCompiles can fail.
func TestWGSLNegative(t *testing.T) {
	src, err := ComputeSourceWGSL(noise.Config{Noise: noise.Perlin, Dims: 2, Settings: noise.DefaultSettings()}, false, 64, nil)
	if err != nil {
		t.Fatal(err)
	}
	// u32 for f32: a type error
	bad := strings.Replace(src, "fn noise_abs32(x: f32) -> f32 { return bitcast<f32>(", "fn noise_abs32(x: f32) -> f32 { return bitcast<u32>(", 1)
	if bad == src {
		t.Fatal("the edit did not apply")
	}
	node, module := needWebGPU(t)
	dir := t.TempDir()
	script := filepath.Join(dir, "check.js")
	path := filepath.Join(dir, "bad.pipe.wgsl")
	if err := os.WriteFile(script, []byte(wgslCheckJS), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, script, path)
	cmd.Env = append(os.Environ(), "NOISE_WEBGPU_MODULE="+module, "EGL_PLATFORM=surfaceless")
	out, _ := cmd.Output()
	if strings.Contains(string(out), "NOADAPTER") {
		t.Skip("Dawn found no adapter")
	}
	if !strings.Contains(string(out), "FAIL ") {
		t.Errorf("a type error passed the check: %s", out)
	}
}

// TestParamsWGSL: the uniform bytes hold every member at the offset WGSL's
// rules give it (worked out by hand here: Settings' twelve 4-byte members
// from 16, Domain from 64 with its vec3f rows 16 bytes apart), and bad
// strides and settings are refused.
func TestParamsWGSL(t *testing.T) {
	s := noise.DefaultSettings()
	s.Seed = -7
	s.Octaves = 5
	s.WarpAmplitude = 0.5
	dom := noise.IdentityDomain()
	dom.Scale = [3]float32{2, 3, 4}
	dom.Translation = [3]float32{1, 2, 3}
	dom.ScaleW, dom.TranslationW = 2, 0.25
	d := &dom
	b, err := ParamsWGSL(1000, 4, s, d)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) != 208 || len(b)%16 != 0 {
		t.Fatalf("%d bytes, want 208", len(b))
	}
	u32 := func(off int) uint32 { return binary.LittleEndian.Uint32(b[off:]) }
	f32 := func(off int) float32 { return math.Float32frombits(u32(off)) }
	m, tr := d.Matrix()
	sw, tw := d.WTransform()
	checks := []struct {
		name      string
		got, want any
	}{
		{"count", u32(0), uint32(1000)},
		{"stride", u32(4), uint32(4)},
		{"seed", int32(u32(16)), int32(-7)},
		{"frequency", f32(20), s.Frequency},
		{"octaves", int32(u32(24)), int32(5)},
		{"lacunarity", f32(28), s.Lacunarity},
		{"persistence", f32(32), s.Persistence},
		{"fractal", int32(u32(36)), int32(s.Fractal)},
		{"pingPong", f32(40), s.PingPongStrength()},
		{"jitter", f32(44), s.JitterAmount()},
		{"warpAmplitude", f32(48), float32(0.5)},
		{"warpFrequency", int32(u32(52)), s.WarpBaseFrequency()},
		{"warpOctaves", int32(u32(56)), int32(s.WarpOctaveCount())},
		{"warpMode", int32(u32(60)), int32(s.WarpMode)},
		{"enabled", u32(64), uint32(1)},
		{"m0", [3]float32{f32(80), f32(84), f32(88)}, m[0]},
		{"m2", [3]float32{f32(112), f32(116), f32(120)}, m[2]},
		{"t", [3]float32{f32(128), f32(132), f32(136)}, tr},
		{"w", [2]float32{f32(192), f32(196)}, [2]float32{sw, tw}},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if tr != [3]float32{1, 2, 3} || sw != 2 || tw != 0.25 {
		t.Errorf("the domain's own values changed: t %v, w %v %v", tr, sw, tw)
	}
	b, err = ParamsWGSL(1, 3, noise.DefaultSettings(), nil)
	if err != nil || binary.LittleEndian.Uint32(b[64:]) != 0 {
		t.Errorf("no domain: enabled = %d, err %v; want 0", binary.LittleEndian.Uint32(b[64:]), err)
	}
	if _, err := ParamsWGSL(1, 5, noise.DefaultSettings(), nil); err == nil {
		t.Error("stride 5 accepted")
	}
	bad := noise.DefaultSettings()
	bad.Octaves = 0
	if _, err := ParamsWGSL(1, 3, bad, nil); err == nil {
		t.Error("0 octaves accepted")
	}
}

// TestWGSLMirrorsGLSL: each wgsl/*.wgsl file defines the functions of its
// glsl/*.glsl twin, with the same names in the same order (so that a diff
// of the two reads as a translation), but for noiseOctave and warpNoise,
// which Go writes per variant for WGSL (wgslHeader), and nan32, a macro in
// GLSL and a function in WGSL, and fence, WGSL's stand-in for `precise`
// (common.wgsl); worst.wgsl mirrors worst.glsl; and no WGSL file spells
// an enum code by hand (they come from enumCodes, as the GLSL's do).
func TestWGSLMirrorsGLSL(t *testing.T) {
	glslFn := regexp.MustCompile(`(?m)^[A-Za-z][A-Za-z0-9]* ([A-Za-z][A-Za-z0-9]*)\(`)
	wgslFn := regexp.MustCompile(`(?m)^fn ([A-Za-z][A-Za-z0-9]*)\(`)
	enum := regexp.MustCompile(`(?m)^const (family|grad|combine|metric|function|fractal|warp)[A-Z]`)
	names := func(re *regexp.Regexp, src string, skip ...string) []string {
		var out []string
		seen := map[string]bool{}
		for _, m := range re.FindAllStringSubmatch(src, -1) {
			if !seen[m[1]] && !slices.Contains(skip, m[1]) {
				out = append(out, m[1])
			}
			seen[m[1]] = true // arith.glsl defines divisor, divide, div32 and sqrt32 twice, under #if and #else
		}
		return out
	}
	for _, f := range append(slices.Clone(wgslFunctionFiles), "worst") {
		if f == "layout" {
			continue
		}
		g := names(glslFn, read(f+".glsl"), "noiseOctave", "warpNoise")
		w := names(wgslFn, readWGSL(f+".wgsl"), "nan32", "fence")
		if len(g) < 3 || !slices.Equal(g, w) {
			t.Errorf("%s: the GLSL defines %v, the WGSL %v", f, g, w)
		}
		if m := enum.FindString(readWGSL(f + ".wgsl")); m != "" {
			t.Errorf("%s.wgsl defines an enum code by hand: %q", f, m)
		}
	}
}
