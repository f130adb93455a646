package shaders

import (
	"encoding/binary"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/graph"
)

// exampleGraphs loads examples/graphs/*.json and testdata's all.json.
func exampleGraphs(t *testing.T) map[string]*graph.Graph {
	t.Helper()
	files, _ := filepath.Glob("../../examples/graphs/*.json")
	if len(files) < 6 {
		t.Fatalf("examples/graphs holds %d graphs, want at least 6", len(files))
	}
	out := map[string]*graph.Graph{"all": loadGraph(t, "all.json")}
	for _, f := range files {
		g, err := graph.LoadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[strings.TrimSuffix(filepath.Base(f), ".json")] = g
	}
	return out
}

// TestGraphWGSLCompiles: Dawn compiles (Tint validates) the WGSL kernel of
// every example graph and of all.json (and its exact arithmetic), and
// GraphLibraryWGSL inside a kernel of its own next to a plain LibraryWGSL;
// compute pipelines (down to Mesa's compiler) for all.json's kernel and the
// library kernel.
func TestGraphWGSLCompiles(t *testing.T) {
	jobs := graphWGSLJobs(t)
	compileWGSL(t, jobs)
	t.Logf("%d WGSL graph sources compiled by Dawn", len(jobs))
}

// graphWGSLJobs returns the graph WGSL sources TestGraphWGSLCompiles and
// TestWGSLNaga check: every example graph's kernel (all.json, every node
// type, with both arithmetics) and all.json's library beside a variant's
// library in one shader.
func graphWGSLJobs(t *testing.T) []job {
	t.Helper()
	var jobs []job
	add := func(name, src string, err error, pipe bool) {
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if pipe {
			name += ".pipe"
		}
		jobs = append(jobs, job{name: name + ".wgsl", src: src})
	}
	for name, g := range exampleGraphs(t) {
		for _, a := range []Arith{ArithNative, ArithExact} {
			if a == ArithExact && name != "all" {
				continue // the graph's code is the same; all.json has every node type
			}
			src, err := GraphSourceWGSL(g, 64, &Options{Arith: a})
			add(fmt.Sprintf("graph_%s_%s", name, a), src, err, name == "all" && a == ArithNative)
		}
	}
	lib, err := GraphLibraryWGSL(loadGraph(t, "all.json"), &Options{Prefix: "land_", Arith: ArithExact})
	other, err2 := LibraryWGSL(noise.Config{Noise: noise.VoronoiWorleyF1, Dims: 3, Settings: noise.DefaultSettings()}, &Options{Prefix: "cells_"})
	if err == nil {
		err = err2
	}
	add("graph_lib", lib+other+`
@group(0) @binding(0) var<storage, read_write> samples: array<vec4f>;
@group(0) @binding(1) var<uniform> zero: u32;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3u) {
	land_graphFences(zero);
	let s = land_graph(vec4f(f32(id.x), 0.5, 0.25, 0.125));
	samples[id.x] = vec4f(s.v, s.dx, land_graphValue(vec4f(0.5)), cells_value(vec3f(f32(id.x))));
}
`, err, true)
	return jobs
}

// TestGraphWGSLStructure: one library per distinct variant, as in GLSL;
// every module-scope name carries the prefix; the graph's interface is
// there; too long a prefix, PrecisionWorst and a bad workgroup size are
// refused; GraphParamsWGSL lays out count, stride and derivatives.
func TestGraphWGSLStructure(t *testing.T) {
	g := loadGraph(t, "all.json")
	lib, err := GraphLibraryWGSL(g, &Options{Prefix: "terrain_"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"fn terrain_graph(p: vec4f) -> terrain_Sample {", "fn terrain_graphValue(p: vec4f) -> f32",
		"fn terrain_graphFences(zero: u32)", "terrain_s4_noiseOpaque = zero;", "terrain_s4_"} {
		if !strings.Contains(lib, want) {
			t.Errorf("GraphLibraryWGSL has no %q", want)
		}
	}
	if strings.Contains(lib, "terrain_s5_") {
		t.Error("GraphLibraryWGSL has a sixth library: the five variants of all.json are not shared")
	}
	for name := range wgslGlobalNames(lib) {
		if !strings.HasPrefix(name, "terrain_") {
			t.Errorf("GraphLibraryWGSL defines %q without the prefix", name)
		}
	}
	long := strings.Repeat("a", MaxPrefixLength-2) + "_"
	if _, err := GraphLibraryWGSL(g, &Options{Prefix: long}); err == nil || !strings.Contains(err.Error(), "longer than") {
		t.Errorf("a %d-character prefix: %v, want a refusal", len(long), err)
	}
	if _, err := GraphSourceWGSL(g, 64, &Options{Precision: PrecisionWorst}); err == nil || !strings.Contains(err.Error(), "not available in WGSL") {
		t.Errorf("PrecisionWorst: %v, want a refusal", err)
	}
	if _, err := GraphSourceWGSL(g, MaxWorkgroupSizeWGSL+1, nil); err == nil {
		t.Error("an oversized workgroup accepted")
	}
	if _, err := GraphSourceWGSL(nil, 64, nil); err == nil {
		t.Error("a nil graph accepted")
	}
	b, err := GraphParamsWGSL(1000, 4, true)
	if err != nil || len(b) != GraphParamsSizeWGSL || binary.LittleEndian.Uint32(b[0:]) != 1000 ||
		binary.LittleEndian.Uint32(b[4:]) != 4 || binary.LittleEndian.Uint32(b[8:]) != 1 {
		t.Errorf("GraphParamsWGSL(1000, 4, true) = %v, %v", b, err)
	}
	if b, _ := GraphParamsWGSL(1, 3, false); binary.LittleEndian.Uint32(b[8:]) != 0 {
		t.Error("values: derivatives is not 0")
	}
	if _, err := GraphParamsWGSL(1, 2, false); err == nil {
		t.Error("stride 2 accepted")
	}
}

// graphFunction returns the body of fn <prefix>graph in src.
func graphFunction(t *testing.T, src, start string) string {
	t.Helper()
	i := strings.Index(src, start)
	if i < 0 {
		t.Fatalf("no %q", start)
	}
	j := strings.Index(src[i:], "\n}\n")
	return src[i : i+j]
}

// TestGraphWGSLFenced: in the graph function every binary +, − and × is
// the whole argument of a fence (WGSL's stand-in for the GLSL's precise),
// and every subtrahend is a fenceB's (so that x − x is not folded to 0),
// found on the tokens independently of the translator.
func TestGraphWGSLFenced(t *testing.T) {
	for name, g := range exampleGraphs(t) {
		src, err := GraphSourceWGSL(g, 64, nil)
		if err != nil {
			t.Fatal(err)
		}
		body := graphFunction(t, src, "fn noise_graph(")
		toks := significant(tokenize(body[strings.Index(body, "{"):]))
		n := 0
		for i, tok := range toks {
			if tok.text != "+" && tok.text != "-" && tok.text != "*" {
				continue
			}
			if p := toks[i-1]; p.kind != tokIdent && p.kind != tokNumber && p.text != ")" {
				continue // unary minus
			}
			n++
			// The enclosing parenthesis, and the name before it.
			depth, j := 0, i-1
			for ; j >= 0; j-- {
				if s := toks[j].text; s == ")" {
					depth++
				} else if s == "(" {
					if depth == 0 {
						break
					}
					depth--
				} else if depth == 0 && (s == "," || s == "=" || s == "+" || s == "-" || s == "*") {
					j = -1
				}
			}
			if j < 1 || toks[j-1].text != "noise_fence" {
				t.Fatalf("%s: %q at token %d is not a fence's operand: …%s…", name, tok.text, i, join(toks[max(0, i-8):min(len(toks), i+8)]))
			}
			if tok.text == "-" && (toks[i+1].text != "noise_fenceB" || toks[i+2].text != "(") {
				t.Fatalf("%s: the subtrahend at token %d is not behind fenceB: …%s…", name, i, join(toks[max(0, i-8):min(len(toks), i+8)]))
			}
		}
		if n < 20 {
			t.Errorf("%s: only %d binary operations: is the scan broken?", name, n)
		}
	}
}

// TestGraphWGSLMirrorsGLSL: the WGSL graph is the GLSL graph, node for
// node: the same node comments and the same assignments to the same
// result names in the same order, and the graph's own functions have the
// GLSL's names in the GLSL's order (but for fence, fenceB and graphFences,
// WGSL's stand-ins for precise).
func TestGraphWGSLMirrorsGLSL(t *testing.T) {
	glslFn := regexp.MustCompile(`(?m)^[A-Za-z][A-Za-z0-9_]* ([A-Za-z][A-Za-z0-9_]*)\(`)
	wgslFn := regexp.MustCompile(`(?m)^fn ([A-Za-z][A-Za-z0-9_]*)\(`)
	stmt := regexp.MustCompile(`(?m)^\t(// .*|n[0-9]+[a-z]* =)`)
	fnNames := func(re *regexp.Regexp, src string, skip ...string) []string {
		var out []string
		for _, m := range re.FindAllStringSubmatch(src[strings.Index(src, "// ---- the graph ----"):], -1) {
			if !slices.Contains(out, m[1]) && !slices.Contains(skip, m[1]) {
				out = append(out, m[1])
			}
		}
		return out
	}
	for name, g := range exampleGraphs(t) {
		gl, err := GraphLibrary(g, nil)
		if err != nil {
			t.Fatal(err)
		}
		wg, err := GraphLibraryWGSL(g, nil)
		if err != nil {
			t.Fatal(err)
		}
		a := stmt.FindAllString(graphFunction(t, gl, "noise_Sample noise_graph("), -1)
		b := stmt.FindAllString(graphFunction(t, wg, "fn noise_graph("), -1)
		if len(a) < 10 || !slices.Equal(a, b) {
			t.Errorf("%s: the GLSL graph has %d node comments and assignments, the WGSL %d, or they differ", name, len(a), len(b))
		}
		if f, w := fnNames(glslFn, gl), fnNames(wgslFn, wg, "noise_fence", "noise_fenceB", "noise_graphFences"); len(f) < 8 || !slices.Equal(f, w) {
			t.Errorf("%s: the GLSL graph defines %v, the WGSL %v", name, f, w)
		}
	}
}

// TestWGSLStatement: the translation of the graph's GLSL statements.
func TestWGSLStatement(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"\tn1v = (a * b) + c;\n", "\tn1v = fence(fence(a * b) + c);\n"},
		{"\tn1v = a - b - c;\n", "\tn1v = fence(fence(a - fenceB(b)) - fenceB(c));\n"},
		{"\tn1v = x - x;\n", "\tn1v = fence(x - fenceB(x));\n"},
		{"\tprecise float x = -a, y = -(a * b);\n", "\tlet x = -a; let y = -fence(a * b);\n"},
		{"\tprecise float n1v, n1dx;\n", "\tvar n1v: f32; var n1dx: f32;\n"},
		{"\tfloat u = flt(u0, 0.0) ? 0.0 : flt(1.0, u0) ? 1.0 : u0;\n", "\tvar u = select(select(u0, 1.0, flt(1.0, u0)), 0.0, flt(u0, 0.0));\n"},
		{"\tn1dx = lo || hi ? 0.0 : adx;\n", "\tn1dx = select(adx, 0.0, (lo || hi));\n"},
		{"\tbool b = !flt(c, d) && x < y;\n", "\tlet b = (!flt(c, d) && (x < y));\n"},
		{"\tn1v = uintBitsToFloat(floatBitsToUint(a) & 0x7FFFFFFFu);\n", "\tn1v = bitcast<f32>((bitcast<u32>(a) & 0x7FFFFFFFu));\n"},
		{"\tif (fle(k, av)) { lo = k; s = t; }\n", "\tif (fle(k, av)) { lo = k; s = t; }\n"},
		{"\t} else if (isZero32(b)) {\n", "\t} else if (isZero32(b)) {\n"},
		{"\tvec3 qj0, qj1;\n", "\tvar qj0: vec3f; var qj1: vec3f;\n"},
		{"\tvec4 q = L_warpApply(p, L_Settings(1, uintBitsToFloat(0x3F800000u)), qj0, qj1, qj2);\n",
			"\tlet q = L_warpApply(p, L_Settings(1, fence(bitcast<f32>(0x3F800000u))), &qj0, &qj1, &qj2);\n"},
		{"\tL_Sample n1s = L_sampleWith(p, st, L_Domain(0, vec3(uintBitsToFloat(0x0u), x, y)));\n",
			"\tlet n1s = L_sampleWith(p, st, L_Domain(0, vec3f(fence(bitcast<f32>(0x0u)), x, y)));\n"},
		{"\t// add \"x\"\n", "\t// add \"x\"\n"},
	} {
		got, err := wgslStatement(c.in)
		if err != nil || got != c.want {
			t.Errorf("%q:\n got %q, %v\nwant %q", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"\tfloat x = ;\n", "\tn1v = a +;\n", "\tn1v = f(a b);\n", "\tfoo x;\n"} {
		if got, err := wgslStatement(bad); err == nil {
			t.Errorf("%q: translated to %q, want an error", bad, got)
		}
	}
}
