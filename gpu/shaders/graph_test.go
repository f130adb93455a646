package shaders

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/graph"
)

// loadGraph reads a graph of testdata/graphs (every node type: all.json).
// TODO(graph-core): graph.LoadFile once it lands.
func loadGraph(t *testing.T, name string) *graph.Graph {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "graphs", name))
	if err != nil {
		t.Fatal(err)
	}
	var g graph.Graph
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	return &g
}

// TestGraphCoversEveryType: the test graph has a node of every type, so
// the compiler tests below see every emitter.
func TestGraphCoversEveryType(t *testing.T) {
	g := loadGraph(t, "all.json")
	seen := map[graph.Type]bool{}
	for _, n := range g.Nodes {
		seen[n.Type] = true
	}
	for _, typ := range []graph.Type{graph.Noise, graph.Const, graph.Coord, graph.Add, graph.Sub, graph.Mul, graph.Div,
		graph.Neg, graph.Abs, graph.Min, graph.Max, graph.Clamp, graph.Lerp, graph.Select, graph.SMin, graph.SMax,
		graph.Remap, graph.Terrace, graph.Curve, graph.Pow, graph.Scale, graph.Translate, graph.Rotate, graph.Displace, graph.Warp} {
		if !seen[typ] {
			t.Errorf("testdata/graphs/all.json has no %s node", typ)
		}
	}
}

// TestGraphSourceStructure: one library per distinct variant (four noise
// sources of four variants, one perm-value seed), every graph identifier
// carries the prefix, and prefixes without room for the sources' are
// refused.
func TestGraphSourceStructure(t *testing.T) {
	g := loadGraph(t, "all.json")
	lib, err := GraphLibrary(g, &Options{Prefix: "terrain_"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"terrain_Sample terrain_graph(vec4 p)", "float terrain_graphValue(vec4 p)", "terrain_s4_"} {
		if !strings.Contains(lib, want) {
			t.Errorf("GraphLibrary has no %q", want)
		}
	}
	if strings.Contains(lib, "terrain_s5_") {
		t.Error("GraphLibrary has a sixth library: the five variants of all.json are not shared")
	}
	for name := range globalNames(lib) {
		if !strings.HasPrefix(name, "terrain_") {
			t.Errorf("GraphLibrary defines %q without the prefix", name)
		}
	}
	long := strings.Repeat("a", MaxPrefixLength-2) + "_"
	if _, err := GraphLibrary(g, &Options{Prefix: long}); err == nil || !strings.Contains(err.Error(), "longer than") {
		t.Errorf("a %d-character prefix: %v, want a refusal", len(long), err)
	}
}

// TestGraphStrictCompilers: glslangValidator accepts GraphSource as GLSL
// 4.30 (native, exact and worst-case arithmetic) and 4.50, GraphLibrary in
// a #version 410 fragment shader next to a plain Library, and as Vulkan
// GLSL 450.
func TestGraphStrictCompilers(t *testing.T) {
	tool := needTool(t, "glslangValidator")
	g := loadGraph(t, "all.json")
	var jobs []job
	add := func(name, src string, err error, args ...string) {
		if err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, job{name, src, args})
	}
	for _, o := range []Options{{}, {Arith: ArithExact}, {Precision: PrecisionWorst}, {Version: 450}, {Version: 450, Arith: ArithExact, Precision: PrecisionWorst}} {
		src, err := GraphSource(g, &o)
		add(fmt.Sprintf("graph_%d_%s_%s.comp", o.Version, o.Arith, o.Precision), src, err)
	}
	lib, err := GraphLibrary(g, &Options{Prefix: "land_", Version: 410})
	other, err2 := Library(noise.Config{Noise: noise.VoronoiWorleyF1, Dims: 3, Settings: noise.DefaultSettings()}, &Options{Prefix: "cells_"})
	if err == nil {
		err = err2
	}
	add("graph_lib410.frag", "#version 410 core\n"+lib+other+`
out vec4 colour;
void main() {
	land_Sample s = land_graph(vec4(gl_FragCoord.xyz * 0.01, 0.5));
	colour = vec4(s.v, s.dx, land_graphValue(vec4(0.5)), cells_value(gl_FragCoord.xyz));
}
`, err)
	add("graph_vk450.comp", "#version 450\n"+lib+`
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Out { vec4 samples[]; };
void main() {
	uint i = gl_GlobalInvocationID.x;
	land_Sample s = land_graph(vec4(float(i), 0.5, 0.25, 0.125));
	samples[i] = vec4(s.v, s.dx, s.dy, s.dw);
}
`, err, "-V", "-o", os.DevNull)
	runJobs(t, jobs, 1, glslang(tool))
}

// TestGraphPrecise: every float operation of the graph kernel (GLSL 4.50
// compiled to SPIR-V) carries NoContraction.
func TestGraphPrecise(t *testing.T) {
	tool := needTool(t, "glslangValidator")
	dis := needTool(t, "spirv-dis")
	g := loadGraph(t, "all.json")
	for _, a := range []Arith{ArithNative, ArithExact} {
		src, err := GraphSource(g, &Options{Version: 450, Arith: a})
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		path := filepath.Join(dir, "g.comp")
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(tool, "-G", "-o", path+".spv", path).CombinedOutput(); err != nil {
			t.Fatalf("%s: %v: %s", a, err, firstLines(string(out), 4))
		}
		out, err := exec.Command(dis, "--raw-id", path+".spv").Output()
		if err != nil {
			t.Fatal(err)
		}
		precise := map[string]bool{}
		for _, m := range decoration.FindAllStringSubmatch(string(out), -1) {
			precise[m[1]] = true
		}
		n := 0
		for _, m := range floatOp.FindAllStringSubmatch(string(out), -1) {
			n++
			if !precise[m[1]] {
				t.Fatalf("%s: %s %s has no NoContraction", a, m[2], m[1])
			}
		}
		if n < 100 {
			t.Fatalf("%s: only %d float operations: is the pattern broken?", a, n)
		}
		t.Logf("%s: %d float operations, all NoContraction", a, n)
	}
}
