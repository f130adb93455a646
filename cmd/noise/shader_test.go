package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/gpu/shaders"
	"github.com/noiselab/noise/graph"
)

// TestShaderCommand: noise shader prints exactly what package shaders
// gives for the flags' configuration and options; bad flags are one line.
func TestShaderCommand(t *testing.T) {
	perlin := noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()}
	kernel, _ := shaders.ComputeSource(perlin, false, 64, nil)
	r := runIn("", "shader", "-noise", "perlin")
	mustOK(t, r)
	if r.stdout != kernel || !strings.HasPrefix(r.stdout, "#version 430 core\n") || !strings.Contains(r.stdout, "void main()") {
		t.Error("default: not the compute kernel of shaders.ComputeSource")
	}
	lib, _ := shaders.Library(noise.Config{Noise: noise.VoronoiWorleyF2, Dims: 2, Tiling: true,
		Settings: noise.Settings{Seed: 5, Frequency: 3, Octaves: 2, Lacunarity: 3, Persistence: 0.25},
		Domain:   &noise.Domain{Rotation: [3]float32{0, 45, 0}, Scale: [3]float32{1, 1, 1}}}, &shaders.Options{Prefix: "cells_"})
	r = runIn("", "shader", "-noise", "voronoi-worley-f2", "-dims", "2", "-tiling", "-seed", "5", "-frequency", "3",
		"-octaves", "2", "-lacunarity", "3", "-persistence", "0.25", "-rotate", "0,45,0", "-library", "-prefix", "cells_")
	mustOK(t, r)
	if r.stdout != lib || strings.Contains(r.stdout, "#version") || strings.Contains(r.stdout, "void main") {
		t.Error("-library: not shaders.Library of the flags' configuration, or it carries #version or main")
	}
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"-version", "450", "-deriv", "-arith", "exact"}, []string{"#version 450 core\n", "#define noise_NOISE_ARITH_EXACT 1\n", "#define NOISE_DERIVATIVES 1\n"}},
		{[]string{"-precision", "worst"}, []string{"noise_worstDiv(", "noise_worstMove("}},
		{[]string{"-library", "-prefix", "p_"}, []string{"p_sample(vec3 p)"}},
	} {
		r := runIn("", append([]string{"shader", "-noise", "perlin"}, c.args...)...)
		mustOK(t, r, c.args...)
		for _, w := range c.want {
			if !strings.Contains(r.stdout, w) {
				t.Errorf("%v: output lacks %q", c.args, w)
			}
		}
	}
	out := filepath.Join(t.TempDir(), "k.comp")
	mustOK(t, runIn("", "shader", "-noise", "perlin", "-o", out))
	if b, _ := os.ReadFile(out); string(b) != kernel {
		t.Error("-o: the file is not the kernel")
	}
	for _, c := range []struct {
		args []string
		key  string
	}{
		{[]string{"-noise", "perlin", "-version", "410"}, "compiles from 410 on"},
		{[]string{"-noise", "perlin", "-version", "300"}, "valid: 430, 450"},
		{[]string{"-noise", "perlin", "-prefix", "9x_"}, "invalid -prefix"},
		{[]string{"-noise", "perlin", "-arith", "fast"}, "valid: native, exact"},
		{[]string{"-noise", "perlin", "-precision", "best"}, "valid: native, worst"},
		{[]string{"-noise", "simplex", "-tiling"}, "no tiling variant"},
		{[]string{}, "missing -noise"},
	} {
		r := runIn("", append([]string{"shader"}, c.args...)...)
		checkOneLineError(t, strings.Join(c.args, " "), r, "noise shader: ", c.key)
	}
	// What it prints is valid GLSL for Khronos' compiler, when present.
	tool, err := exec.LookPath("glslangValidator")
	if err != nil {
		t.Log("glslangValidator missing: the output was not compiled")
		return
	}
	dir := t.TempDir()
	for name, args := range map[string][]string{
		"k430.comp": {"-noise", "simplex", "-dims", "2", "-deriv"},
		"k450.comp": {"-noise", "perm-value", "-dims", "4", "-version", "450", "-arith", "exact"},
	} {
		p := filepath.Join(dir, name)
		mustOK(t, runIn("", append([]string{"shader", "-o", p}, args...)...))
		glArgs := []string{p}
		if strings.Contains(name, "450") {
			glArgs = []string{"-G", "-o", p + ".spv", p}
		}
		if out, err := exec.Command(tool, glArgs...).CombinedOutput(); err != nil {
			t.Errorf("%v: glslangValidator: %v\n%s", args, err, out)
		}
	}
}

// TestShaderPrefix: the built binary refuses, with one line naming -prefix
// and the rule and exit 2, the prefixes whose GLSL would not compile or
// could collide with another library's (GL_, gl_, __, over 960 characters,
// no trailing _, not an identifier) and an explicit empty one; libraries
// with the closest prefixes it accepts, and the longest, compile together.
func TestShaderPrefix(t *testing.T) {
	for _, c := range []struct{ prefix, key string }{
		{"GL_", "reserves for macros"},
		{"gl_", "reserves for built-ins"},
		{"a__b_", "contains __"},
		{strings.Repeat("a", 2000), "longer than 960 characters"},
		{strings.Repeat("a", 960) + "_", "longer than 960 characters"},
		{"a_exact", "must end with _"},
		{"", "empty; leave -prefix out for the default noise_"},
		{"a-b_", "not an ASCII letter, digit or _"},
		{"9x_", "first character must be an ASCII letter"},
		{"_x_", "first character must be an ASCII letter"},
	} {
		for _, lib := range []bool{false, true} {
			args := []string{"shader", "-noise", "perlin", "-prefix", c.prefix}
			if lib {
				args = append(args, "-library")
			}
			r := runBin(t, "", args...)
			checkOneLineError(t, fmt.Sprintf("-prefix %.20q (library %v)", c.prefix, lib), r, "noise shader: invalid -prefix ", c.key)
			if r.stdout != "" {
				t.Errorf("-prefix %.20q: %d bytes on standard output", c.prefix, len(r.stdout))
			}
		}
	}
	longest := strings.Repeat("x", 959) + "_"
	var libs []string
	for _, p := range []string{"a_", "a_exact_", "a_NOISE_", longest} {
		r := runBin(t, "", "shader", "-noise", "perm-value", "-dims", "4", "-library", "-prefix", p)
		mustOK(t, r, "shader -library -prefix", p[:min(len(p), 20)])
		libs = append(libs, r.stdout)
	}
	tool, err := exec.LookPath("glslangValidator")
	if err != nil {
		t.Log("glslangValidator missing: the libraries were not compiled")
		return
	}
	src := "#version 430 core\n" + strings.Join(libs, "") + "out vec4 colour;\nvoid main() {\n\tvec3 p = gl_FragCoord.xyz;\n" +
		"\tcolour = vec4(a_value(p), a_exact_value(p), a_NOISE_value(p), " + longest + "value(p));\n}\n"
	path := filepath.Join(t.TempDir(), "four.frag")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(tool, path).CombinedOutput(); err != nil {
		t.Errorf("four libraries in one shader: glslangValidator: %v\n%s", err, out)
	}
}

// TestShaderGraphExamplesCompile: for every graph of examples/graphs,
// `noise shader -graph F` prints a kernel that glslangValidator accepts as
// printed (GLSL 430), and at -version 450 compiled to OpenGL SPIR-V
// (gpu/shaders' TestGraph tests take the library to 410 and Vulkan).
func TestShaderGraphExamplesCompile(t *testing.T) {
	tool, err := exec.LookPath("glslangValidator")
	if err != nil {
		if os.Getenv("NOISE_REQUIRE_GPU") != "" {
			t.Fatal("glslangValidator missing (make deps installs glslang-tools)")
		}
		t.Skip("glslangValidator missing: the graphs were not compiled")
	}
	files, _ := filepath.Glob("../../examples/graphs/*.json")
	if len(files) < 6 {
		t.Fatalf("examples/graphs holds %d graphs, want at least 6", len(files))
	}
	dir := t.TempDir()
	for _, f := range files {
		base := strings.TrimSuffix(filepath.Base(f), ".json")
		p := filepath.Join(dir, base+".comp")
		mustOK(t, runIn("", "shader", "-graph", f, "-o", p))
		if out, err := exec.Command(tool, p).CombinedOutput(); err != nil {
			t.Errorf("%s: glslangValidator: %v\n%s", base, err, out)
		}
		v := filepath.Join(dir, base+"-450.comp")
		mustOK(t, runIn("", "shader", "-graph", f, "-version", "450", "-o", v))
		if out, err := exec.Command(tool, "-G", "-o", v+".spv", v).CombinedOutput(); err != nil {
			t.Errorf("%s -version 450: glslangValidator -G: %v\n%s", base, err, out)
		}
	}
}

// TestShaderGraphWGSL: -graph F -lang wgsl prints exactly
// shaders.GraphSourceWGSL of the graph (-arith applied), and with -library
// shaders.GraphLibraryWGSL with -prefix; -deriv, -version and -precision
// worst are refused in one line, and a graph file that does not load too.
func TestShaderGraphWGSL(t *testing.T) {
	const f = "../../examples/graphs/planet.json"
	g, err := graph.LoadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	kernel, err := shaders.GraphSourceWGSL(g, 64, &shaders.Options{Arith: shaders.ArithExact})
	if err != nil {
		t.Fatal(err)
	}
	r := runIn("", "shader", "-graph", f, "-lang", "wgsl", "-arith", "exact")
	mustOK(t, r)
	if r.stdout != kernel || !strings.Contains(r.stdout, "fn main(") || !strings.Contains(r.stdout, "const noise_NOISE_ARITH_EXACT: bool = true;") {
		t.Error("-graph -lang wgsl: not shaders.GraphSourceWGSL with exact arithmetic")
	}
	lib, err := shaders.GraphLibraryWGSL(g, &shaders.Options{Prefix: "land_"})
	if err != nil {
		t.Fatal(err)
	}
	r = runIn("", "shader", "-graph", f, "-lang", "wgsl", "-library", "-prefix", "land_")
	mustOK(t, r)
	if r.stdout != lib || !strings.Contains(r.stdout, "fn land_graph(p: vec4f) -> land_Sample") || strings.Contains(r.stdout, "fn main(") {
		t.Error("-graph -lang wgsl -library: not shaders.GraphLibraryWGSL with the prefix")
	}
	glsl, _ := shaders.GraphSource(g, nil)
	if r := runIn("", "shader", "-graph", f); r.stdout != glsl {
		t.Error("-graph without -lang: not the GLSL kernel")
	}
	for _, c := range []struct {
		args []string
		key  string
	}{
		{[]string{"-graph", f, "-lang", "wgsl", "-deriv"}, "-deriv does nothing with -graph"},
		{[]string{"-graph", f, "-lang", "wgsl", "-version", "450"}, "WGSL has no #version"},
		{[]string{"-graph", f, "-lang", "wgsl", "-precision", "worst"}, "GLSL's only"},
		{[]string{"-graph", "missing.json", "-lang", "wgsl"}, "-graph: "},
	} {
		r := runIn("", append([]string{"shader"}, c.args...)...)
		checkOneLineError(t, strings.Join(c.args, " "), r, "noise shader: ", c.key)
	}
}

// TestShaderLang: -lang wgsl prints exactly shaders.ComputeSourceWGSL or
// LibraryWGSL of the flags (-deriv, -arith, -prefix applied); -lang glsl is
// the default; a bad -lang, and the GLSL-only flags with wgsl, are one line.
func TestShaderLang(t *testing.T) {
	cfg := noise.Config{Noise: noise.Simplex, Dims: 2, Settings: noise.DefaultSettings()}
	kernel, err := shaders.ComputeSourceWGSL(cfg, true, 64, &shaders.Options{Arith: shaders.ArithExact})
	if err != nil {
		t.Fatal(err)
	}
	r := runIn("", "shader", "-noise", "simplex", "-dims", "2", "-lang", "wgsl", "-deriv", "-arith", "exact")
	mustOK(t, r)
	if r.stdout != kernel || !strings.Contains(r.stdout, "fn main(") || !strings.Contains(r.stdout, "const NOISE_DERIVATIVES: bool = true;") {
		t.Error("-lang wgsl: not shaders.ComputeSourceWGSL with derivatives and exact arithmetic")
	}
	lcfg := cfg
	lcfg.Settings.Seed = 9
	lib, err := shaders.LibraryWGSL(lcfg, &shaders.Options{Prefix: "hills_"})
	if err != nil {
		t.Fatal(err)
	}
	r = runIn("", "shader", "-noise", "simplex", "-dims", "2", "-lang", "wgsl", "-library", "-prefix", "hills_", "-seed", "9")
	mustOK(t, r)
	if r.stdout != lib || !strings.Contains(r.stdout, "fn hills_sample(p: vec3f)") {
		t.Error("-lang wgsl -library: not shaders.LibraryWGSL of the flags")
	}
	worst, err := shaders.ComputeSourceWGSL(cfg, false, 64, &shaders.Options{Precision: shaders.PrecisionWorst})
	if err != nil {
		t.Fatal(err)
	}
	r = runIn("", "shader", "-noise", "simplex", "-dims", "2", "-lang", "wgsl", "-precision", "worst")
	mustOK(t, r)
	if r.stdout != worst || !strings.Contains(r.stdout, "fn noise_worstDiv(") {
		t.Error("-lang wgsl -precision worst: not shaders.ComputeSourceWGSL with the worst-case emulation")
	}
	glsl, _ := shaders.ComputeSource(cfg, false, 64, nil)
	if r := runIn("", "shader", "-noise", "simplex", "-dims", "2", "-lang", "glsl"); r.stdout != glsl {
		t.Error("-lang glsl: not the GLSL kernel")
	}
	for _, c := range []struct {
		args []string
		key  string
	}{
		{[]string{"-lang", "hlsl"}, "valid: glsl, wgsl"},
		{[]string{"-lang", "wgsl", "-version", "450"}, "WGSL has no #version"},
	} {
		r := runIn("", append([]string{"shader", "-noise", "perlin"}, c.args...)...)
		checkOneLineError(t, strings.Join(c.args, " "), r, "noise shader: ", c.key)
	}
}
