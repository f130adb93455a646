package shaders

import (
	"fmt"
	"strings"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/graph"
)

// This file turns a noise graph (package graph, docs/graphs.md) into one
// straight-line GLSL function: every node's value and derivatives as
// `precise` float temporaries, computed once per position in a
// topological order, every operation in the order docs/graphs.md gives.
// The noise sources are the Library of their variant, each with a prefix of
// its own derived from the graph's; constants that docs/graphs.md computes
// "in float32 once" (remap's scale, select's k, curve slopes, terrace
// points) are computed here in Go and written as exact bit patterns.

// MaxGraphEvaluations bounds the node evaluations one graph function
// emits: a node under domain nodes is emitted again at each position it is
// evaluated at, which nested domain nodes can multiply.
const MaxGraphEvaluations = 4096

// graphPrefixRoom is the room a graph keeps after its prefix P for the
// prefixes of its sources' libraries, P + "s63_".
const graphPrefixRoom = 4

// graphPrelude is the graph's own code before the prefix: the arithmetic of
// arith.glsl (for div's and terrace's division) and the Sample struct.
const graphPrelude = `
// isNaN32, isZero32, flt and fle decide on the bits: GLSL does not promise
// IEEE comparisons with a NaN operand, and the graph's comparisons are
// Go's (false when either operand is NaN; docs/graphs.md §1).
bool isNaN32(float x) { return (floatBitsToUint(x) & 0x7FFFFFFFu) > 0x7F800000u; }
bool isZero32(float x) { return (floatBitsToUint(x) & 0x7FFFFFFFu) == 0u; }
bool flt(float a, float b) { return !isNaN32(a) && !isNaN32(b) && a < b; }
bool fle(float a, float b) { return !isNaN32(a) && !isNaN32(b) && a <= b; }

// Sample is a value and its partial derivatives (noise.Sample).
struct Sample {
	float v;
	float dx;
	float dy;
	float dz;
	float dw;
};
`

// graphEntry follows the graph function: the value alone.
const graphEntry = `
// graphValue is graph(p).v; the compiler drops the derivative work.
float graphValue(vec4 p) { return graph(p).v; }
`

// GraphLibrary returns GLSL without a #version line that defines g's
// function for a shader of your own (any stage, #version 410 core or
// later), every identifier starting with opts.Prefix (P below, "noise_" by
// default):
//
//	struct PSample { float v, dx, dy, dz, dw; }; // noise.Sample
//	PSample Pgraph(vec4 p);                      // cpu.GraphSampler.At4 (a 3D position has w = 0)
//	float PgraphValue(vec4 p);                   // the value alone
//
// Each distinct noise variant of the graph is a Library (see Library) with
// the prefix P + "s<i>_", which is why a graph's prefix may have at most
// MaxPrefixLength − 4 characters; keep P + "s<i>_" apart from the prefixes
// of other libraries in the same shader. The arithmetic and precision of
// opts hold for the whole graph: under ArithExact its divisions are
// correctly rounded like the noise's.
func GraphLibrary(g *graph.Graph, opts *Options) (string, error) {
	o, err := opts.resolve()
	if err != nil {
		return "", err
	}
	src, err := graphLibrary(g, o)
	if err != nil {
		return "", err
	}
	if o.Precision == PrecisionWorst {
		return Worst(src, o.Prefix)
	}
	return src, nil
}

// GraphSource returns the complete source of the buffer kernel for g: the
// layout of ComputeSource's (positions in binding 0, noiseStride 3 or 4
// floats each; results in binding 1; uniforms noiseCount at location 0 and
// noiseStride at 1), with one more uniform, noiseDerivatives (location 2):
// 0 writes one float (the value) per position, 1 five (noise.Sample). The
// work group has LocalSize invocations in x. Graph kernels read no
// permutation buffer (a perm-value source's table is a constant).
func GraphSource(g *graph.Graph, opts *Options) (string, error) {
	o, err := opts.resolve()
	if err != nil {
		return "", err
	}
	if o.Version < 430 {
		return "", fmt.Errorf("shaders: a compute kernel needs #version 430 or 450, not %d (a library works from 410 on)", o.Version)
	}
	lib, err := graphLibrary(g, o)
	if err != nil {
		return "", err
	}
	kernel := fmt.Sprintf(graphKernel, LocalSize)
	// The kernel's own names (main, the buffers and uniforms) stay as they
	// are; the library's already carry their prefixes.
	src := fmt.Sprintf("#version %d core\n", o.Version) + lib + namespace(kernel, o.Prefix, map[string]bool{"Sample": true, "graph": true})
	if o.Precision == PrecisionWorst {
		return Worst(src, o.Prefix)
	}
	return src, nil
}

// LocalSize is the work group size (x) of GraphSource's kernel.
const LocalSize = 64

// graphKernel is GraphSource's main, before the prefix.
const graphKernel = `
// ---- the graph kernel ----
layout(local_size_x = %d) in;

layout(std430, binding = 0) readonly buffer NoisePositions { float noisePositions[]; };
layout(std430, binding = 1) writeonly buffer NoiseResults { float noiseResults[]; };

layout(location = 0) uniform uint noiseCount;
layout(location = 1) uniform uint noiseStride;
layout(location = 2) uniform uint noiseDerivatives;

void main() {
	uint i = gl_GlobalInvocationID.x;
	bool inRange = i < noiseCount;
	uint b = (inRange ? i : 0u) * noiseStride;
	vec4 p = vec4(noisePositions[b], noisePositions[b + 1u], noisePositions[b + 2u],
		noiseStride == 4u ? noisePositions[b + 3u] : 0.0);
	Sample s = graph(p);
	if (inRange) {
		if (noiseDerivatives != 0u) {
			noiseResults[5u * i] = s.v;
			noiseResults[5u * i + 1u] = s.dx;
			noiseResults[5u * i + 2u] = s.dy;
			noiseResults[5u * i + 3u] = s.dz;
			noiseResults[5u * i + 4u] = s.dw;
		} else {
			noiseResults[i] = s.v;
		}
	}
}
`

// walkGraph emits g's function body (gen.body, GLSL statements) with the
// libraries of its sources (gen.libOrder: WGSL ones with wgsl) and returns
// the result name of its output.
func walkGraph(g *graph.Graph, o Options, wgsl bool) (*graphGen, string, error) {
	if g == nil {
		return nil, "", fmt.Errorf("shaders: nil graph")
	}
	if err := g.Validate(); err != nil {
		return nil, "", err
	}
	if len(o.Prefix)+graphPrefixRoom > MaxPrefixLength {
		return nil, "", fmt.Errorf("shaders: %w", &PrefixError{o.Prefix, fmt.Sprintf("longer than %d characters (a graph's sources add up to %d more)", MaxPrefixLength-graphPrefixRoom, graphPrefixRoom)})
	}
	gen := &graphGen{
		o:     o,
		wgsl:  wgsl,
		nodes: map[string]*graph.Node{},
		libs:  map[string]string{},
		memo:  map[string]string{},
		pos:   map[string]string{},
	}
	for i := range g.Nodes {
		gen.nodes[g.Nodes[i].ID] = &g.Nodes[i]
	}
	if gen.nodes[g.Output] == nil {
		return nil, "", fmt.Errorf("shaders: graph output %q is no node", g.Output)
	}
	out, err := gen.eval(g.Output, "p", 0)
	if err != nil {
		return nil, "", err
	}
	return gen, out, nil
}

// writeHeader writes the head of the graph library in language lang
// (GLSL or WGSL) to b: its first line, with the prefix, and the libraries
// of its sources.
func (gen *graphGen) writeHeader(b *strings.Builder, lang string) {
	b.WriteString("// github.com/noiselab/noise " + lang + " graph library, prefix " + gen.o.Prefix + "\n")
	for _, lib := range gen.libOrder {
		b.WriteString(lib)
	}
}

// graphLibrary is GraphLibrary with native precision and resolved options.
func graphLibrary(g *graph.Graph, o Options) (string, error) {
	gen, out, err := walkGraph(g, o, false)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	gen.writeHeader(&b, "GLSL")
	own := fmt.Sprintf("// ---- the graph ----\n#define NOISE_ARITH_EXACT %d\n", b2i(o.Arith == ArithExact)) + read("arith.glsl") + graphPrelude
	fn := "\n// graph is the graph's output at p, value and derivatives (docs/graphs.md).\nSample graph(vec4 p) {\n" +
		gen.body.String() + fmt.Sprintf("\treturn Sample(%sv, %sdx, %sdy, %sdz, %sdw);\n}\n", out, out, out, out, out) + graphEntry
	b.WriteString(namespace(own+fn, o.Prefix, globalNames(own+graphEntry+"Sample graph(vec4 p);\n")))
	return b.String(), nil
}

// graphGen emits a graph's function body.
type graphGen struct {
	o     Options
	wgsl  bool // the sources' libraries are WGSL (the body stays GLSL: see graph_wgsl.go)
	nodes map[string]*graph.Node

	libs     map[string]string // variant key → its library's prefix
	libDims  map[string]int    // prefix → the library's dimensions
	libOrder []string          // the libraries' sources
	warp     string            // the prefix of a library of at least 3 dimensions (warp nodes)

	body strings.Builder
	memo map[string]string // node ID @ position variable → result name
	pos  map[string]string // position expression → its variable
	n    int               // node evaluations so far
	nres int               // result names so far
	npos int               // position variables so far
}

var derivs = [4]string{"dx", "dy", "dz", "dw"}
var axes = [4]string{"x", "y", "z", "w"}

// line appends one statement to the body.
func (gen *graphGen) line(format string, args ...any) {
	gen.body.WriteString("\t" + fmt.Sprintf(format, args...) + "\n")
}

// library returns the prefix of the library of cfg's variant, adding it.
func (gen *graphGen) library(cfg noise.Config) (string, error) {
	key := fmt.Sprintf("%s %d %v", cfg.Noise, cfg.Dims, cfg.Tiling)
	if usesPerm(cfg) { // the table is the seed's
		key += fmt.Sprintf(" seed %d", cfg.Settings.Seed)
	}
	if p, ok := gen.libs[key]; ok {
		return p, nil
	}
	prefix := fmt.Sprintf("%ss%d_", gen.o.Prefix, len(gen.libs))
	o := gen.o
	o.Prefix, o.Precision = prefix, PrecisionNative
	lib, err := Library(cfg, &o)
	if gen.wgsl {
		lib, err = LibraryWGSL(cfg, &o)
	}
	if err != nil {
		return "", err
	}
	gen.libs[key] = prefix
	gen.libOrder = append(gen.libOrder, lib)
	if cfg.Dims >= 3 && gen.warp == "" {
		gen.warp = prefix
	}
	return prefix, nil
}

// warpLibrary returns the prefix of a library whose warpApply is the 3D warp.
func (gen *graphGen) warpLibrary() (string, error) {
	if gen.warp != "" {
		return gen.warp, nil
	}
	return gen.library(noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()})
}

// declare declares the five components of r, precise, unassigned.
func (gen *graphGen) declare(r string) {
	gen.line("precise float %sv, %sdx, %sdy, %sdz, %sdw;", r, r, r, r, r)
}

// assign sets the five components of r: v and the derivative expressions
// (one per axis, from f).
func (gen *graphGen) assign(r, v string, f func(d string) string) {
	gen.line("%sv = %s;", r, v)
	for _, d := range derivs {
		gen.line("%s%s = %s;", r, d, f(d))
	}
}

// set declares r and assigns it.
func (gen *graphGen) set(r, v string, f func(d string) string) {
	gen.declare(r)
	gen.assign(r, v, f)
}

func zero(string) string { return "0.0" }

// copyOf is the derivative of a.
func copyOf(a string) func(string) string { return func(d string) string { return a + d } }

func nodeErr(n *graph.Node, format string, args ...any) error {
	return fmt.Errorf("shaders: graph node %q (%s): %s", n.ID, n.Type, fmt.Sprintf(format, args...))
}

// f32 writes an exact float literal.
func f32(f float32) string { return glFloat(f) }

// eval emits node id at the position variable pv (once per pair) and
// returns its result name.
func (gen *graphGen) eval(id, pv string, depth int) (string, error) {
	key := id + "@" + pv
	if r, ok := gen.memo[key]; ok {
		return r, nil
	}
	n := gen.nodes[id]
	if n == nil {
		return "", fmt.Errorf("shaders: graph has no node %q", id)
	}
	if depth > graph.MaxNodes*2 {
		return "", nodeErr(n, "the graph has a cycle")
	}
	gen.n++
	if gen.n > MaxGraphEvaluations {
		return "", fmt.Errorf("shaders: the graph needs more than %d node evaluations (domain nodes evaluate their sources again)", MaxGraphEvaluations)
	}
	in := make([]string, 0, len(n.In))
	// Domain nodes evaluate their source (In[0]) at a new position, after
	// their other inputs; the others evaluate every input at pv.
	first := 0
	if isDomain(n.Type) {
		first = 1
	}
	for _, x := range n.In[first:] {
		r, err := gen.eval(x, pv, depth+1)
		if err != nil {
			return "", err
		}
		in = append(in, r)
	}
	if len(n.In) < arity(n.Type) {
		return "", nodeErr(n, "%d inputs; it takes %d", len(n.In), arity(n.Type))
	}
	gen.nres++
	r := fmt.Sprintf("n%d", gen.nres)
	fmt.Fprintf(&gen.body, "\t// %s %q\n", n.Type, n.ID)
	var err error
	if isDomain(n.Type) {
		err = gen.domain(n, r, pv, in, depth)
	} else {
		err = gen.op(n, r, pv, in)
	}
	if err != nil {
		return "", err
	}
	gen.memo[key] = r
	return r, nil
}

func isDomain(t graph.Type) bool {
	switch t {
	case graph.Scale, graph.Translate, graph.Rotate, graph.Displace, graph.Warp:
		return true
	}
	return false
}

// arity is the fewest inputs a node type takes.
func arity(t graph.Type) int {
	switch t {
	case graph.Noise, graph.Const, graph.Coord:
		return 0
	case graph.Add, graph.Sub, graph.Mul, graph.Div, graph.Min, graph.Max, graph.SMin, graph.SMax:
		return 2
	case graph.Lerp, graph.Select:
		return 3
	case graph.Displace:
		return 4
	}
	return 1
}

// op emits a source or an operator: r from the inputs in (results at pv).
func (gen *graphGen) op(n *graph.Node, r, pv string, in []string) error {
	var a, b, c string
	if len(in) > 0 {
		a = in[0]
	}
	if len(in) > 1 {
		b = in[1]
	}
	if len(in) > 2 {
		c = in[2]
	}
	switch n.Type {
	case graph.Noise:
		nz, err := noise.ParseNoise(n.Noise)
		if err != nil {
			return nodeErr(n, "%v", err)
		}
		cfg := noise.Config{Noise: nz, Dims: n.Dims, Tiling: n.Tiling, Settings: noise.DefaultSettings(), Domain: n.Domain}
		if n.Settings != nil {
			cfg.Settings = *n.Settings
		}
		if err := cfg.Validate(); err != nil {
			return nodeErr(n, "%v", err)
		}
		L, err := gen.library(cfg)
		if err != nil {
			return nodeErr(n, "%v", err)
		}
		st := namespace(NewUniformSettings(cfg.Settings).GLSL(), L, map[string]bool{"Settings": true})
		dm := namespace(NewUniformDomain(cfg.Domain).GLSL(), L, map[string]bool{"Domain": true})
		gen.line("%sSample %ss = %ssampleWith(%s, %s, %s);", L, r, L, pv, st, dm)
		gen.set(r, r+"s.v", func(d string) string { return r + "s." + d })
	case graph.Const:
		if n.Value == nil {
			return nodeErr(n, "no value")
		}
		gen.set(r, f32(*n.Value), zero)
	case graph.Coord:
		k := strings.Index("xyzw", n.Axis)
		if len(n.Axis) != 1 || k < 0 {
			return nodeErr(n, "invalid axis %q", n.Axis)
		}
		gen.set(r, pv+"."+n.Axis, func(d string) string {
			if d == derivs[k] {
				return "1.0"
			}
			return "0.0"
		})
	case graph.Add:
		gen.set(r, a+"v + "+b+"v", func(d string) string { return a + d + " + " + b + d })
	case graph.Sub:
		gen.set(r, a+"v - "+b+"v", func(d string) string { return a + d + " - " + b + d })
	case graph.Mul:
		gen.set(r, a+"v * "+b+"v", func(d string) string { return fmt.Sprintf("(%s%s * %sv) + (%sv * %s%s)", a, d, b, a, b, d) })
	case graph.Div:
		gen.declare(r)
		gen.line("if (isZero32(%sv)) {", b)
		gen.assign(r, "0.0", zero)
		gen.line("} else {")
		gen.line("precise float %sbb = %sv * %sv;", r, b, b)
		gen.assign(r, fmt.Sprintf("div32(%sv, %sv)", a, b), func(d string) string {
			return fmt.Sprintf("div32((%s%s * %sv) - (%sv * %s%s), %sbb)", a, d, b, a, b, d, r)
		})
		gen.line("}")
	case graph.Neg:
		gen.set(r, "-"+a+"v", func(d string) string { return "-" + a + d })
	case graph.Abs:
		gen.line("bool %sneg = flt(%sv, 0.0);", r, a)
		gen.set(r, fmt.Sprintf("uintBitsToFloat(floatBitsToUint(%sv) & 0x7FFFFFFFu)", a), func(d string) string {
			return fmt.Sprintf("%sneg ? -%s%s : %s%s", r, a, d, a, d)
		})
	case graph.Min, graph.Max:
		cmp := "<"
		if n.Type == graph.Max {
			cmp = ">"
		}
		gen.line("bool %sb = %sv %s %sv;", r, b, cmp, a)
		gen.set(r, fmt.Sprintf("%sb ? %sv : %sv", r, b, a), func(d string) string {
			return fmt.Sprintf("%sb ? %s%s : %s%s", r, b, d, a, d)
		})
	case graph.Clamp:
		if n.Min == nil || n.Max == nil {
			return nodeErr(n, "min and max are required")
		}
		lo, hi := f32(*n.Min), f32(*n.Max)
		gen.line("bool %slo = flt(%sv, %s), %shi = flt(%s, %sv);", r, a, lo, r, hi, a)
		gen.set(r, fmt.Sprintf("%slo ? %s : %shi ? %s : %sv", r, lo, r, hi, a), func(d string) string {
			return fmt.Sprintf("%slo || %shi ? 0.0 : %s%s", r, r, a, d)
		})
	case graph.Lerp:
		gen.emitBlend(r, a, b, c+"v", func(d string) string { return c + d })
	case graph.Select:
		if n.Threshold == nil || n.Falloff == nil {
			return nodeErr(n, "threshold and falloff are required")
		}
		th, fo := *n.Threshold, *n.Falloff
		if fo == 0 {
			gen.line("bool %sb = !flt(%sv, %s);", r, c, f32(th))
			gen.set(r, fmt.Sprintf("%sb ? %sv : %sv", r, b, a), func(d string) string {
				return fmt.Sprintf("%sb ? %s%s : %s%s", r, b, d, a, d)
			})
			break
		}
		two := float32(2)
		lo := th - fo
		k := 1 / (two * fo)
		gen.line("precise float %su0 = (%sv - %s) * %s;", r, c, f32(lo), f32(k))
		gen.line("float %su = flt(%su0, 0.0) ? 0.0 : flt(1.0, %su0) ? 1.0 : %su0;", r, r, r, r)
		gen.line("precise float %ss = (%su * %su) * (3.0 - (2.0 * %su));", r, r, r, r)
		gen.line("bool %sin = flt(0.0, %su) && flt(%su, 1.0);", r, r, r)
		gen.line("precise float %sk = ((6.0 * %su) * (1.0 - %su)) * %s;", r, r, r, f32(k))
		gen.emitBlend(r, a, b, r+"s", func(d string) string {
			return fmt.Sprintf("(%sin ? %sk * %s%s : 0.0)", r, r, c, d)
		})
	case graph.SMin, graph.SMax:
		if n.K == nil || *n.K <= 0 {
			return nodeErr(n, "k must be positive")
		}
		gen.smin(r, a, b, *n.K, n.Type == graph.SMax)
	case graph.Remap:
		if n.From == nil || n.To == nil || n.From[0] == n.From[1] {
			return nodeErr(n, "from (two different numbers) and to are required")
		}
		f0, f1, t0, t1 := n.From[0], n.From[1], n.To[0], n.To[1]
		num, den := t1-t0, f1-f0
		s := num / den
		gen.set(r, fmt.Sprintf("%s + ((%sv - %s) * %s)", f32(t0), a, f32(f0), f32(s)), func(d string) string {
			return fmt.Sprintf("%s%s * %s", a, d, f32(s))
		})
	case graph.Terrace:
		pts, err := terracePoints(n)
		if err != nil {
			return err
		}
		gen.piecewise(r, a, pts, func(lo, span, seg string) (string, func(string) string) {
			gen.line("precise float %sr = div32(%sv - %s, %s);", r, a, lo, span)
			gen.line("precise float %st = %sr * %sr;", r, r, r)
			return fmt.Sprintf("%s + (%st * %s)", lo, r, span), func(d string) string {
				return fmt.Sprintf("(2.0 * %sr) * %s%s", r, a, d)
			}
		}, nil)
	case graph.Curve:
		if len(n.CurvePoints) < 2 {
			return nodeErr(n, "at least 2 curve points are required")
		}
		xs := make([]float32, len(n.CurvePoints))
		ys := make([]float32, len(n.CurvePoints))
		for i, q := range n.CurvePoints {
			xs[i], ys[i] = q[0], q[1]
		}
		gen.piecewise(r, a, xs, func(lo, _, seg string) (string, func(string) string) {
			return fmt.Sprintf("%sy + ((%sv - %s) * %ss)", r, a, lo, r), func(d string) string {
				return fmt.Sprintf("%ss * %s%s", r, a, d)
			}
		}, ys)
	case graph.Pow:
		if n.Exponent == nil || *n.Exponent < 0 || *n.Exponent > graph.MaxPow {
			return nodeErr(n, "exponent must be 0 to %d", graph.MaxPow)
		}
		e := *n.Exponent
		if e == 0 {
			gen.set(r, "1.0", zero)
			break
		}
		prod := func(k int) string { // a·a·…·a, k factors, left to right
			if k == 0 {
				return "1.0"
			}
			s := a + "v"
			for i := 1; i < k; i++ {
				s = "(" + s + " * " + a + "v)"
			}
			return s
		}
		gen.line("precise float %sp = %s;", r, prod(e-1))
		gen.line("precise float %sk = %s * %sp;", r, f32(float32(e)), r)
		gen.set(r, prod(e), func(d string) string { return fmt.Sprintf("%sk * %s%s", r, a, d) })
	default:
		return nodeErr(n, "unknown node type")
	}
	return nil
}

// emitBlend sets r to a + (t · (b − a)) with derivative
// (Da + (t · (Db − Da))) + (Dt · (b − a)).
func (gen *graphGen) emitBlend(r, a, b, t string, dt func(string) string) {
	gen.line("precise float %sba = %sv - %sv;", r, b, a)
	gen.set(r, fmt.Sprintf("%sv + (%s * %sba)", a, t, r), func(d string) string {
		return fmt.Sprintf("(%s%s + (%s * (%s%s - %s%s))) + (%s * %sba)", a, d, t, b, d, a, d, dt(d), r)
	})
}

// smin emits the smooth minimum of a and b (docs/graphs.md), or with max
// the smooth maximum −smin(−a, −b).
func (gen *graphGen) smin(r, a, b string, k float32, max bool) {
	sign := ""
	if max {
		sign = "-"
	}
	// x and y are the smin's operands (negated for smax).
	x, y := r+"a", r+"b"
	gen.line("precise float %sv = %s%sv, %sv = %s%sv;", x, sign, a, y, sign, b)
	for _, d := range derivs {
		gen.line("precise float %s%s = %s%s%s, %s%s = %s%s%s;", x, d, sign, a, d, y, d, sign, b, d)
	}
	invK := 1 / k
	kq := k * 0.25
	gen.line("precise float %sdiff = %sv - %sv;", r, x, y)
	gen.line("precise float %sh0 = %s - uintBitsToFloat(floatBitsToUint(%sdiff) & 0x7FFFFFFFu);", r, f32(k), r)
	gen.line("precise float %sh = (flt(%sh0, 0.0) ? 0.0 : %sh0) * %s;", r, r, r, f32(invK))
	gen.line("bool %smb = flt(%sv, %sv);", r, y, x)
	gen.line("precise float %ssig = flt(%sv, %sv) ? 1.0 : flt(%sv, %sv) ? -1.0 : 0.0;", r, y, x, x, y)
	gen.line("precise float %shs = (%sh * 0.5) * %ssig;", r, r, r)
	gen.line("bool %sh0z = isZero32(%sh);", r, r)
	// The smin value and derivatives, then negated for smax.
	gen.line("precise float %smv = %smb ? %sv : %sv;", r, r, y, x)
	gen.set(r, fmt.Sprintf("%s(%smv - ((%sh * %sh) * %s))", sign, r, r, r, f32(kq)), func(d string) string {
		m := fmt.Sprintf("(%smb ? %s%s : %s%s)", r, y, d, x, d)
		return fmt.Sprintf("%s(%sh0z ? %s : %s + (%shs * (%s%s - %s%s)))", sign, r, m, m, r, x, d, y, d)
	})
}

// terracePoints returns a terrace's points: Points, or Steps even ones.
func terracePoints(n *graph.Node) ([]float32, error) {
	if len(n.Points) > 0 {
		if len(n.Points) < 2 {
			return nil, nodeErr(n, "at least 2 points are required")
		}
		return n.Points, nil
	}
	if n.Steps < 2 {
		return nil, nodeErr(n, "points or steps (at least 2) are required")
	}
	pts := make([]float32, n.Steps)
	last := float32(n.Steps - 1)
	for i := range pts {
		two, fi, one := float32(2), float32(i), float32(-1)
		q := (two * fi) / last
		pts[i] = one + q
	}
	return pts, nil
}

// piecewise emits a terrace or a curve over the increasing points xs: below
// xs[0] the value ys[0] (xs[0] for a terrace: ys nil), above the last the
// last, derivatives 0; in between the segment i with xs[i] ≤ a < xs[i+1]
// is selected (lo = xs[i], span = xs[i+1] − xs[i], and for a curve rY =
// ys[i], rS = the slope), and seg emits the segment's value and
// derivatives.
func (gen *graphGen) piecewise(r, a string, xs []float32, seg func(lo, span, seg string) (string, func(string) string), ys []float32) {
	if ys == nil {
		ys = xs
	}
	last := len(xs) - 1
	gen.declare(r)
	gen.line("if (fle(%sv, %s)) {", a, f32(xs[0]))
	gen.assign(r, f32(ys[0]), zero)
	gen.line("} else if (fle(%s, %sv)) {", f32(xs[last]), a)
	gen.assign(r, f32(ys[last]), zero)
	gen.line("} else {")
	slope := func(i int) float32 {
		dy, dx := ys[i+1]-ys[i], xs[i+1]-xs[i]
		return dy / dx
	}
	span := func(i int) float32 { return xs[i+1] - xs[i] }
	gen.line("float %slo = %s, %sspan = %s, %sy = %s, %ss = %s;", r, f32(xs[0]), r, f32(span(0)), r, f32(ys[0]), r, f32(slope(0)))
	for i := 1; i < last; i++ {
		gen.line("if (fle(%s, %sv)) { %slo = %s; %sspan = %s; %sy = %s; %ss = %s; }", f32(xs[i]), a, r, f32(xs[i]), r, f32(span(i)), r, f32(ys[i]), r, f32(slope(i)))
	}
	v, f := seg(r+"lo", r+"span", "")
	gen.assign(r, v, f)
	gen.line("}")
}

// domain emits a domain node: its source at the transformed position, the
// derivatives carried back (docs/graphs.md §4). in holds the displacing
// inputs (displace), evaluated at pv.
func (gen *graphGen) domain(n *graph.Node, r, pv string, in []string, depth int) error {
	var comps [4]string // q's components
	var keyExtra string
	var deriv func(s string) func(d string) string
	switch n.Type {
	case graph.Scale:
		if n.ScaleBy == nil {
			return nodeErr(n, "scale is required")
		}
		sc := *n.ScaleBy
		for i := range comps {
			comps[i] = fmt.Sprintf("%s.%s * %s", pv, axes[i], f32(sc[i]))
		}
		deriv = func(s string) func(string) string {
			return func(d string) string {
				i := strings.Index("xyzw", d[1:])
				return fmt.Sprintf("%s%s * %s", s, d, f32(sc[i]))
			}
		}
	case graph.Translate:
		if n.TranslateBy == nil {
			return nodeErr(n, "translate is required")
		}
		t := *n.TranslateBy
		for i := range comps {
			comps[i] = fmt.Sprintf("%s.%s + %s", pv, axes[i], f32(t[i]))
		}
		deriv = copyOf
	case graph.Rotate:
		if n.RotateBy == nil {
			return nodeErr(n, "rotate is required")
		}
		m, _ := noise.Domain{Rotation: *n.RotateBy, Scale: [3]float32{1, 1, 1}}.Matrix()
		for i := 0; i < 3; i++ {
			comps[i] = fmt.Sprintf("((%s * %s.x) + (%s * %s.y)) + (%s * %s.z)", f32(m[i][0]), pv, f32(m[i][1]), pv, f32(m[i][2]), pv)
		}
		comps[3] = pv + ".w"
		deriv = func(s string) func(string) string {
			return func(d string) string {
				if d == "dw" {
					return s + d
				}
				j := strings.Index("xyz", d[1:])
				return fmt.Sprintf("((%s * %sdx) + (%s * %sdy)) + (%s * %sdz)", f32(m[0][j]), s, f32(m[1][j]), s, f32(m[2][j]), s)
			}
		}
	case graph.Displace:
		if len(in) < 3 || len(in) > 4 {
			return nodeErr(n, "displace takes a source and 3 or 4 displacements")
		}
		for i := range comps {
			if i < len(in) {
				comps[i] = fmt.Sprintf("%s.%s + %sv", pv, axes[i], in[i])
			} else {
				comps[i] = pv + ".w"
			}
		}
		keyExtra = strings.Join(in, ",")
		deriv = func(s string) func(string) string {
			return func(d string) string {
				e := s + d
				for j := range in {
					e = fmt.Sprintf("(%s + (%s%s * %s%s))", e, s, derivs[j], in[j], d)
				}
				return e
			}
		}
	case graph.Warp:
		if n.Seed == nil {
			return nodeErr(n, "seed is required")
		}
		if n.WarpAmplitude == 0 { // no warp: the source at p itself
			s, err := gen.eval(n.In[0], pv, depth+1)
			if err != nil {
				return err
			}
			gen.set(r, s+"v", copyOf(s))
			return nil
		}
		st := noise.Settings{Seed: *n.Seed, WarpAmplitude: n.WarpAmplitude, WarpFrequency: n.WarpFrequency,
			WarpOctaves: n.WarpOctaves, WarpMode: n.WarpMode}
		W, err := gen.warpLibrary()
		if err != nil {
			return nodeErr(n, "%v", err)
		}
		lit := namespace(NewUniformSettings(st).GLSL(), W, map[string]bool{"Settings": true})
		key := "warp " + lit + " @" + pv
		q, ok := gen.pos[key]
		if !ok {
			gen.npos++
			q = fmt.Sprintf("q%d", gen.npos)
			gen.pos[key] = q
			gen.line("vec3 %sj0, %sj1, %sj2;", q, q, q)
			gen.line("vec4 %s = %swarpApply(%s, %s, %sj0, %sj1, %sj2);", q, W, pv, lit, q, q, q)
		}
		s, err := gen.eval(n.In[0], q, depth+1)
		if err != nil {
			return err
		}
		gen.line("vec3 %sg = %swarpDerivative(%sj0, %sj1, %sj2, vec3(%sdx, %sdy, %sdz));", r, W, q, q, q, s, s, s)
		gen.set(r, s+"v", func(d string) string {
			if d == "dw" {
				return s + d
			}
			return r + "g." + d[1:]
		})
		return nil
	}
	// q, memoised per expression.
	key := strings.Join(comps[:], ", ") + " | " + keyExtra
	q, ok := gen.pos[key]
	if !ok {
		gen.npos++
		q = fmt.Sprintf("q%d", gen.npos)
		gen.pos[key] = q
		gen.line("precise float %sx = %s, %sy = %s, %sz = %s, %sw = %s;", q, comps[0], q, comps[1], q, comps[2], q, comps[3])
		gen.line("vec4 %s = vec4(%sx, %sy, %sz, %sw);", q, q, q, q, q)
	}
	s, err := gen.eval(n.In[0], q, depth+1)
	if err != nil {
		return err
	}
	gen.set(r, s+"v", deriv(s))
	return nil
}
