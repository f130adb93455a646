package shaders

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/noiselab/noise/graph"
)

// The WGSL form of a graph. The graph walk of graph.go runs once, as for
// GLSL (same node order, same names, same operations), with the sources'
// libraries in WGSL (LibraryWGSL); its statements, written in a small
// subset of GLSL, are then translated to WGSL statement by statement
// (wgslStatement). WGSL has no `precise`: every +, − and × of the graph is
// fenced (fence(a + b), common.wgsl), so that neither Tint nor the driver
// can fuse a product into a sum, reassociate, or fold x − x; the GLSL's
// comparisons and bit tests translate as they are (flt, fle and isZero32
// decide on the bits), and its ?: becomes select.

// graphPreludeWGSL is the graph's own code after arith.wgsl: the bit-level
// comparisons of graphPrelude and the Sample struct.
const graphPreludeWGSL = `
// isNaN32, isZero32, flt and fle decide on the bits, as the graph's
// comparisons are Go's (false when either operand is NaN; docs/graphs.md §1).
fn isNaN32(x: f32) -> bool { return (bitcast<u32>(x) & 0x7FFFFFFFu) > 0x7F800000u; }
fn isZero32(x: f32) -> bool { return (bitcast<u32>(x) & 0x7FFFFFFFu) == 0u; }
fn flt(a: f32, b: f32) -> bool { return !isNaN32(a) && !isNaN32(b) && a < b; }
fn fle(a: f32, b: f32) -> bool { return !isNaN32(a) && !isNaN32(b) && a <= b; }

// Sample is a value and its partial derivatives (noise.Sample).
struct Sample {
	v: f32,
	dx: f32,
	dy: f32,
	dz: f32,
	dw: f32,
}
`

// graphFenceWGSL is the graph's fence (common.wgsl's): x behind an xor
// with noiseOpaque, which graphFences sets; and fenceB, behind another
// zero, for the subtrahend of a subtraction.
const graphFenceWGSL = `
// noiseOpaque is 0, from graphFences; fence(x) is x behind it (common.wgsl).
var<private> noiseOpaque: u32;

fn fence(x: f32) -> f32 { return bitcast<f32>(bitcast<u32>(x) ^ noiseOpaque); }

// noiseOpaqueB is another 0 (noiseOpaque >> 1), and fenceB(x) x behind it:
// a − fenceB(b) is never x − x to the compiler, which would fold that to 0
// (Inf − Inf is NaN).
var<private> noiseOpaqueB: u32;

fn fenceB(x: f32) -> f32 { return bitcast<f32>(bitcast<u32>(x) ^ noiseOpaqueB); }
`

// graphEntryWGSL follows the graph function: the value alone.
const graphEntryWGSL = `
// graphValue is graph(p).v.
fn graphValue(p: vec4f) -> f32 { return graph(p).v; }
`

// GraphLibraryWGSL returns WGSL that defines g's function for a shader of
// your own, as GraphLibrary does for GLSL, every module-scope identifier
// starting with opts.Prefix (P below, "noise_" by default):
//
//	struct PSample { v: f32, dx: f32, dy: f32, dz: f32, dw: f32 } // noise.Sample
//	fn Pgraph(p: vec4f) -> PSample                               // cpu.GraphSampler.At4 (a 3D position has w = 0)
//	fn PgraphValue(p: vec4f) -> f32                              // the value alone
//	fn PgraphFences(zero: u32)                                   // see below
//
// Each distinct noise variant of the graph is a LibraryWGSL with the
// prefix P + "s<i>_", as for GLSL. The arithmetic of opts holds for the
// whole graph; PrecisionWorst is refused and Version does not apply.
// The graph's operations, and the noise's, are fenced against compiler
// rewrites by an xor with a zero the compiler must not know: call
// PgraphFences with a 0 read from a uniform or storage buffer before
// Pgraph, or a compiler may fold the fences away (GraphSourceWGSL's
// kernel does).
func GraphLibraryWGSL(g *graph.Graph, opts *Options) (string, error) {
	o, err := graphWGSLOptions(opts)
	if err != nil {
		return "", err
	}
	return graphLibraryWGSL(g, o, "")
}

// GraphParamsSizeWGSL is the size in bytes of GraphSourceWGSL's uniform
// buffer (GraphParamsWGSL's bytes).
const GraphParamsSizeWGSL = 16

// GraphSourceWGSL returns a complete WGSL compute shader for g: entry
// point "main", @workgroup_size(workgroupSize) (1 to
// MaxWorkgroupSizeWGSL), and in @group(0)
//
//	@binding(0) var<storage, read> noisePositions: array<f32>;     // stride floats per position, 3 or 4
//	@binding(1) var<storage, read_write> noiseResults: array<f32>; // 1 float per position, or 5 (v, dx, dy, dz, dw)
//	@binding(2) var<uniform> noiseParams: Params;                  // GraphParamsWGSL's bytes
//
// where Params is count, stride and derivatives (0: values, 1: samples),
// each a u32. Invocation i >= count writes nothing. A 3-component
// position has w = 0. opts apply as for GraphLibraryWGSL; the graph's
// names carry the prefix, the kernel's own (above) do not.
func GraphSourceWGSL(g *graph.Graph, workgroupSize int, opts *Options) (string, error) {
	o, err := graphWGSLOptions(opts)
	if err != nil {
		return "", err
	}
	if workgroupSize < 1 || workgroupSize > MaxWorkgroupSizeWGSL {
		return "", fmt.Errorf("shaders: invalid workgroup size %d; valid: 1 to %d (WebGPU's default limits)", workgroupSize, MaxWorkgroupSizeWGSL)
	}
	return graphLibraryWGSL(g, o, fmt.Sprintf(graphKernelWGSL, workgroupSize))
}

// GraphParamsWGSL returns the bytes of GraphSourceWGSL's uniform buffer:
// count, stride (3 or 4) and derivatives, little-endian u32s, padded to
// GraphParamsSizeWGSL bytes.
func GraphParamsWGSL(count, stride uint32, derivatives bool) ([]byte, error) {
	if stride != 3 && stride != 4 {
		return nil, fmt.Errorf("shaders: invalid stride %d; valid: 3, 4", stride)
	}
	b := make([]byte, GraphParamsSizeWGSL)
	binary.LittleEndian.PutUint32(b[0:], count)
	binary.LittleEndian.PutUint32(b[4:], stride)
	if derivatives {
		binary.LittleEndian.PutUint32(b[8:], 1)
	}
	return b, nil
}

// graphKernelWGSL is GraphSourceWGSL's kernel, before the prefix.
const graphKernelWGSL = `
// ---- the graph kernel ----
// Params is the uniform buffer (shaders.GraphParamsWGSL writes its bytes).
struct Params {
	count: u32,
	stride: u32,
	derivatives: u32,
}

@group(0) @binding(0) var<storage, read> noisePositions: array<f32>;
@group(0) @binding(1) var<storage, read_write> noiseResults: array<f32>;
@group(0) @binding(2) var<uniform> noiseParams: Params;

@compute @workgroup_size(%d)
fn main(@builtin(global_invocation_id) id: vec3u) {
	graphFences(noiseParams.stride >> 3u); // 0 (stride is 3 or 4), unknown to the compiler
	let i = id.x;
	let inRange = i < noiseParams.count;
	let b = select(0u, i, inRange) * noiseParams.stride;
	var w = 0.0;
	if (noiseParams.stride == 4u) {
		w = noisePositions[b + 3u];
	}
	let s = graph(vec4f(noisePositions[b], noisePositions[b + 1u], noisePositions[b + 2u], w));
	if (inRange) {
		if (noiseParams.derivatives != 0u) {
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

// graphLibraryWGSL is the graph's WGSL with resolved options, followed by
// kernel (its references to the graph's names get the prefix).
func graphLibraryWGSL(g *graph.Graph, o Options, kernel string) (string, error) {
	gen, out, err := walkGraph(g, o, true)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	gen.writeHeader(&b, "WGSL")
	own := fmt.Sprintf("// ---- the graph ----\nconst NOISE_ARITH_EXACT: bool = %t;\n", o.Arith == ArithExact) +
		graphFenceWGSL + readWGSL("arith.wgsl") + graphPreludeWGSL
	var fn strings.Builder
	fn.WriteString("\n// graphFences sets the zero of every fence of the graph and its sources;\n// call it with a 0 the compiler cannot know before graph.\nfn graphFences(zero: u32) {\n\tnoiseOpaque = zero;\n\tnoiseOpaqueB = zero >> 1u;\n")
	for i := 0; i < len(gen.libs); i++ {
		fmt.Fprintf(&fn, "\t%ss%d_noiseOpaque = zero;\n", o.Prefix, i)
	}
	fn.WriteString("}\n\n// graph is the graph's output at p, value and derivatives (docs/graphs.md).\nfn graph(p: vec4f) -> Sample {\n")
	for _, l := range strings.SplitAfter(gen.body.String(), "\n") {
		if l == "" {
			continue
		}
		w, err := wgslStatement(l)
		if err != nil {
			return "", fmt.Errorf("shaders: the graph's WGSL: %v", err)
		}
		fn.WriteString(w)
	}
	fmt.Fprintf(&fn, "\treturn Sample(%sv, %sdx, %sdy, %sdz, %sdw);\n}\n", out, out, out, out, out)
	fn.WriteString(graphEntryWGSL)
	b.WriteString(namespace(own+fn.String()+kernel, o.Prefix, wgslGlobalNames(own+fn.String())))
	return b.String(), nil
}

// wgslTypes are the GLSL types and functions of the graph's statements
// and their WGSL names.
var wgslTypes = map[string]string{
	"float": "f32", "bool": "bool", "int": "i32", "vec2": "vec2f", "vec3": "vec3f", "vec4": "vec4f",
	"uintBitsToFloat": "bitcast<f32>", "floatBitsToUint": "bitcast<u32>",
}

// wgslStatement translates one line of the graph's GLSL body: a comment,
// declarations (precise float a, b; bool c = e; XSample s = f(...);),
// assignments, and if, else, { and } (a line may hold a whole one-line
// block).
func wgslStatement(line string) (string, error) {
	indent := line[:len(line)-len(strings.TrimLeft(line, "\t"))]
	if strings.HasPrefix(strings.TrimSpace(line), "//") {
		return line, nil
	}
	t := &wgslTrans{toks: significant(tokenize(line))}
	var parts []string
	for t.i < len(t.toks) {
		switch tok := t.next(); {
		case tok == "{" || tok == "}" || tok == "else":
			parts = append(parts, tok)
		case tok == "if":
			t.expect("(")
			c := t.expr()
			t.expect(")")
			parts = append(parts, "if ("+c+")")
		case tok == "precise":
			parts = append(parts, t.declaration(t.next(), true)...)
		case wgslTypes[tok] != "" || strings.HasSuffix(tok, "Sample") && t.peek() != "=":
			parts = append(parts, t.declaration(tok, false)...)
		default: // an assignment
			t.expect("=")
			parts = append(parts, tok+" = "+t.expr()+";")
			t.expect(";")
		}
		if t.err != nil {
			return "", fmt.Errorf("%v in %q", t.err, strings.TrimSpace(line))
		}
	}
	return indent + strings.Join(parts, " ") + "\n", nil
}

// wgslTrans translates the tokens of one statement line.
type wgslTrans struct {
	toks   []gtok
	i      int
	err    error
	opaque int // inside a Settings or Domain constructor: float literals fenced
}

func (t *wgslTrans) peek() string {
	if t.i < len(t.toks) {
		return t.toks[t.i].text
	}
	return ""
}

func (t *wgslTrans) next() string {
	s := t.peek()
	t.i++
	return s
}

func (t *wgslTrans) expect(s string) {
	if got := t.next(); got != s && t.err == nil {
		t.err = fmt.Errorf("%q where %q was expected", got, s)
	}
}

// declaration translates the declarators after the type typ up to the ;:
// an initialised one to a let (a var for a plain float, which the
// piecewise nodes assign again), an uninitialised one to a var.
func (t *wgslTrans) declaration(typ string, precise bool) []string {
	var out []string
	for t.err == nil {
		name := t.next()
		if t.peek() == "=" {
			t.next()
			kw := "let"
			if typ == "float" && !precise {
				kw = "var"
			}
			out = append(out, kw+" "+name+" = "+t.expr()+";")
		} else {
			wt := wgslTypes[typ]
			if wt == "" {
				t.err = fmt.Errorf("an uninitialised %s", typ)
			}
			out = append(out, "var "+name+": "+wt+";")
		}
		if t.next() == ";" {
			break
		}
	}
	return out
}

// args translates the arguments of a call of fn, the parentheses
// included. The float members of the Settings and Domain a graph passes
// its sources are fenced: known to the compiler, they let it fold and
// reassociate the noise's arithmetic in ways the noise kernels, which read
// them from a uniform buffer, never see (a Worley source's jitter changed
// the bits so).
func (t *wgslTrans) args(fn string) string {
	opaque := strings.HasSuffix(fn, "Settings") || strings.HasSuffix(fn, "Domain")
	if opaque {
		t.opaque++
		defer func() { t.opaque-- }()
	}
	t.expect("(")
	var args []string
	for t.err == nil && t.peek() != ")" {
		a := t.expr()
		if strings.HasSuffix(fn, "warpApply") && len(args) >= 2 {
			a = "&" + a // the Jacobian rows: out parameters
		}
		args = append(args, a)
		if t.peek() == "," {
			t.next()
		} else if t.peek() != ")" {
			t.expect(")")
		}
	}
	t.expect(")")
	return "(" + strings.Join(args, ", ") + ")"
}

// The binary operators by precedence, lowest first, after ?: (C's).
var wgslBinary = [][]string{{"||"}, {"&&"}, {"&"}, {"==", "!="}, {"<", ">", "<=", ">="}, {"+", "-"}, {"*"}}

// expr translates a conditional expression: c ? a : b becomes
// select(b, a, c).
func (t *wgslTrans) expr() string {
	c := t.binary(0)
	if t.peek() != "?" {
		return c
	}
	t.next()
	a := t.expr()
	t.expect(":")
	b := t.expr()
	return "select(" + b + ", " + a + ", " + c + ")"
}

// binary translates the operators of precedence level and above: +, −
// and × (the float arithmetic) fenced, and a subtrahend behind fenceB; the
// others parenthesised.
func (t *wgslTrans) binary(level int) string {
	if level == len(wgslBinary) {
		return t.unary()
	}
	l := t.binary(level + 1)
	for t.err == nil && slices.Contains(wgslBinary[level], t.peek()) {
		op := t.next()
		r := t.binary(level + 1)
		if op == "-" {
			r = "fenceB(" + r + ")"
		}
		if op == "+" || op == "-" || op == "*" {
			l = "fence(" + l + " " + op + " " + r + ")"
		} else {
			l = "(" + l + " " + op + " " + r + ")"
		}
	}
	return l
}

// unary translates - and ! (exact: not fenced) and the postfix
// expressions: names, numbers, calls, members and parentheses.
func (t *wgslTrans) unary() string {
	if op := t.peek(); op == "-" || op == "!" {
		t.next()
		x := t.unary()
		if !isIdentStart(x[0]) {
			x = "(" + x + ")"
		}
		return op + x
	}
	var x string
	switch tok := t.next(); {
	case tok == "(":
		x = t.expr()
		t.expect(")")
	case tok != "" && (isIdentStart(tok[0]) || tok[0] >= '0' && tok[0] <= '9'):
		x = tok
		if w := wgslTypes[tok]; w != "" {
			x = w
		}
		if tok == "uintBitsToFloat" && t.opaque > 0 {
			return "fence(" + x + t.args(x) + ")"
		}
	default:
		if t.err == nil {
			t.err = fmt.Errorf("unexpected %q", tok)
		}
		return "0"
	}
	for t.err == nil {
		switch t.peek() {
		case "(":
			x += t.args(x)
		case ".":
			t.next()
			x += "." + t.next()
		default:
			return x
		}
	}
	return x
}

// graphWGSLOptions is wgslOptions for a graph: PrecisionWorst is refused
// (the graph's own divisions have no worst form in WGSL yet; the GLSL
// graph has one).
func graphWGSLOptions(opts *Options) (Options, error) {
	o, err := wgslOptions(opts)
	if err == nil && o.Precision == PrecisionWorst {
		err = errors.New("shaders: -precision worst is not available in WGSL for graphs (it is GLSL's only)")
	}
	return o, err
}
