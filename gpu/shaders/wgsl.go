package shaders

import (
	"embed"
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/internal/permtable"
)

// The WGSL (WebGPU) mirror of the GLSL: wgsl/*.wgsl translate glsl/*.glsl
// function by function, with the same names and the same order of
// operations. GLSL's #if specialisation becomes WGSL consts that Go writes
// before the functions (the enum codes, NOISE_FAMILY, NOISE_DIMS, …, on
// which the functions branch) and two small functions Go writes per variant
// (noiseOctave and warpNoise). The structs Settings and Domain come from
// internal/cmd/gpulayout's table, like the GLSL and Go ones.

//go:embed wgsl/*.wgsl
var wgslFiles embed.FS

// MaxWorkgroupSizeWGSL is the largest workgroup size ComputeSourceWGSL
// takes: WebGPU's default limits maxComputeWorkgroupSizeX and
// maxComputeInvocationsPerWorkgroup (256).
const MaxWorkgroupSizeWGSL = 256

// ParamsSizeWGSL is the size in bytes of the WGSL uniform struct Params of
// ComputeSourceWGSL (and of ParamsWGSL's bytes).
const ParamsSizeWGSL = paramsDomainOffset + (domainWGSLSize+15)/16*16

// The offsets of Params' members: count and stride, then Settings and
// Domain, each at a multiple of 16 as WGSL's uniform address space
// requires of a struct member (WGSL §14.4.4; @align(16) in the source).
const (
	paramsSettingsOffset = 16
	paramsDomainOffset   = paramsSettingsOffset + (settingsWGSLSize+15)/16*16
)

// wgslFunctionFiles are the noise functions in dependency order, as
// functionFiles are for GLSL.
var wgslFunctionFiles = []string{"arith", "common", "gradient", "lattice", "simplex", "voronoi", "permvalue", "layout", "fractal"}

func readWGSL(name string) string {
	b, err := wgslFiles.ReadFile("wgsl/" + name)
	if err != nil {
		panic("shaders: missing embedded file " + name) // a build error, not a run-time one
	}
	return string(b)
}

// wgslFunctions returns the noise functions, unspecialised and without a
// prefix: they need the consts of wgslHeader.
func wgslFunctions() string {
	var b strings.Builder
	for _, f := range wgslFunctionFiles {
		b.WriteString("// ---- " + f + ".wgsl ----\n")
		b.WriteString(readWGSL(f + ".wgsl"))
	}
	return b.String()
}

// wgslOptions resolves opts for WGSL: the prefix, the arithmetic and the
// precision apply; Version is GLSL's and is ignored.
func wgslOptions(opts *Options) (Options, error) { return opts.resolve() }

// wgslHeader returns the enum consts, the NOISE_* consts that specialise
// the functions to cfg's variant and the arithmetic, the permutation table
// (perm-value) and the per-variant functions noiseOctave and warpNoise.
func wgslHeader(cfg noise.Config, o Options) (string, error) {
	if err := cfg.Validate(); err != nil {
		return "", err
	}
	p := cfg.Noise.Parts()
	var b strings.Builder
	b.WriteString("// enum codes of package noise (generated)\n")
	for _, v := range enumCodes() {
		fmt.Fprintf(&b, "const %s: i32 = %d;\n", v.name, v.code)
	}
	fmt.Fprintf(&b, "// variant: %s; arithmetic %s\nconst NOISE_FAMILY: i32 = %s;\nconst NOISE_DIMS: i32 = %d;\nconst NOISE_TILING: bool = %t;\n"+
		"const NOISE_GRAD: i32 = %s;\nconst NOISE_COMB: i32 = %s;\nconst NOISE_METRIC: i32 = %s;\nconst NOISE_FUNCTION: i32 = %s;\nconst NOISE_ARITH_EXACT: bool = %t;\n",
		cfg.Variant(), o.Arith, glslEnum("family", p.Family), cfg.Dims, cfg.Tiling, glslEnum("grad", p.Gradient),
		glslEnum("combine", p.Combiner), glslEnum("metric", p.Metric), glslEnum("function", p.Function), o.Arith == ArithExact)
	if usesPerm(cfg) {
		t := permtable.PermValue(cfg.Settings.Seed)
		b.WriteString("// the doubled permutation table (docs/algorithms.md §5)\nvar<private> noisePerm: array<u32, 512> = array<u32, 512>(")
		for i := 0; i < 512; i++ {
			if i > 0 {
				b.WriteString(",")
			}
			if i%32 == 0 {
				b.WriteString("\n\t")
			}
			fmt.Fprintf(&b, "%du", t[i])
		}
		b.WriteString(");\nfn PERM(i: i32) -> u32 { return noisePerm[i]; }\n")
	} else {
		b.WriteString("fn PERM(i: i32) -> u32 { return 0u; }\n")
	}
	// noiseOctave is the sampleFuncs table entry of the variant; warpNoise
	// the warp's simplex-value noise of its dimension, at most 3.
	octave := map[noise.Family]string{noise.FamilyLattice: "lattice", noise.FamilySimplex: "simplex", noise.FamilyVoronoi: "voronoi"}[p.Family]
	if p.Family == noise.FamilyPerm {
		octave = "permValue"
	} else {
		octave += fmt.Sprintf("%dD", cfg.Dims)
	}
	fmt.Fprintf(&b, "\n// noiseOctave is one octave of the compiled variant at frequency f with octave hash h.\n"+
		"fn noiseOctave(vp: VariantParams, h: u32, p: vec4f, f: f32) -> Sample { return %s(vp, h, p, f); }\n", octave)
	fmt.Fprintf(&b, "\n// warpNoise is one warp component: simplex noise with the value kernel\n// (simplex-value) of the noise's dimension, at most 3 (cpu warpNoise).\n"+
		"fn warpNoise(h: u32, c: vec4f, f: i32) -> Sample {\n"+
		"\tconst wvp = VariantParams(min(NOISE_DIMS, 3), false, gradValue, combineNone, 0, 0, false, 1.0, 0.0);\n"+
		"\treturn simplex%dD(wvp, h, c, f32(f));\n}\n", min(cfg.Dims, 3))
	return b.String(), nil
}

// wgslGlobalNames returns the identifiers src declares at module scope:
// functions, structs, consts, overrides, aliases and variables.
func wgslGlobalNames(src string) map[string]bool {
	names := map[string]bool{}
	toks := significant(tokenize(src))
	depth := 0
	for i, t := range toks {
		switch {
		case t.text == "{" || t.text == "(":
			depth++
		case t.text == "}" || t.text == ")":
			depth--
		case depth != 0 || t.kind != tokIdent || i+1 >= len(toks):
		case t.text == "fn" || t.text == "struct" || t.text == "const" || t.text == "override" || t.text == "alias":
			names[toks[i+1].text] = true
		case t.text == "var":
			j := i + 1
			if toks[j].text == "<" {
				for j < len(toks) && toks[j].text != ">" {
					j++
				}
				j++
			}
			if j < len(toks) {
				names[toks[j].text] = true
			}
		}
	}
	return names
}

// buildWGSL fences every float operation of lib+kernel (WGSL's `precise`:
// wgslprecise.go), with PrecisionWorst replaces the inexact ones by
// wgsl/worst.wgsl's emulation, and prefixes lib's module-scope names
// throughout.
func buildWGSL(lib, kernel string, o Options) (string, error) {
	lib += wgslVectorFences
	src := lib + kernel
	worstEnd := 0
	if o.Precision == PrecisionWorst {
		worst := "// ---- worst.wgsl ----\n" + readWGSL("worst.wgsl")
		worstEnd = len(src)
		src += worst
		lib += worst
	}
	src, err := preciseWGSL(src, worstEnd)
	if err != nil {
		return "", err
	}
	return namespace(src, o.Prefix, wgslGlobalNames(lib)), nil
}

// computeWGSL is the buffer kernel: Params, the bindings and main.
const computeWGSL = `
// ---- compute.wgsl ----
// The noise of one variant at a buffer of positions: stride (3 or 4)
// floats per position; one float (the value) or five (v, dx, dy, dz, dw:
// noise.Sample) per position out. Invocations past count run too, on
// position 0, and do not write.

const NOISE_DERIVATIVES: bool = %t;

// Params is the uniform buffer (shaders.ParamsWGSL writes its bytes).
struct Params {
	count: u32,
	stride: u32,
	@align(16) settings: Settings,
	domain: Domain,
}

@group(0) @binding(0) var<storage, read> noisePositions: array<f32>;
@group(0) @binding(1) var<storage, read_write> noiseResults: array<f32>;
@group(0) @binding(2) var<uniform> noiseParams: Params;

@compute @workgroup_size(%d)
fn main(@builtin(global_invocation_id) id: vec3u) {
	noiseOpaque = noiseParams.stride >> 3u; // 0 (stride is 3 or 4), unknown to the compiler: see fence
	let i = id.x;
	let inRange = i < noiseParams.count;
	let b = select(0u, i, inRange) * noiseParams.stride;
	var w = 0.0;
	if (noiseParams.stride == 4u) {
		w = noisePositions[b + 3u];
	}
	let p = vec4f(noisePositions[b], noisePositions[b + 1u], noisePositions[b + 2u], w);
	let s = sampleAt(p, noiseParams.settings, noiseParams.domain);
	if (inRange) {
		if (NOISE_DERIVATIVES) {
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

// ComputeSourceWGSL returns a complete WGSL compute shader for cfg's
// variant: entry point "main", @workgroup_size(workgroupSize) (1 to
// MaxWorkgroupSizeWGSL), and in @group(0)
//
//	@binding(0) var<storage, read> noisePositions: array<f32>;        // stride floats per position, 3 or 4
//	@binding(1) var<storage, read_write> noiseResults: array<f32>;    // 1 float per position, or 5 (v, dx, dy, dz, dw) with derivatives
//	@binding(2) var<uniform> noiseParams: Params;                     // ParamsWGSL's bytes
//
// where Params is count u32, stride u32, then the Settings and the Domain
// (wgsl/layout.wgsl). Invocation i >= count writes nothing. The
// perm-value table is inlined in the source. opts' Prefix and Arith apply
// as for ComputeSource (the noise's names carry the prefix; the kernel's
// own, above and Params, do not), and so does its Precision
// (PrecisionWorst: wgsl/worst.wgsl); its Version does not. Every float
// operation is fenced, WGSL's stand-in for GLSL's precise (wgslprecise.go).
func ComputeSourceWGSL(cfg noise.Config, derivatives bool, workgroupSize int, opts *Options) (string, error) {
	o, err := wgslOptions(opts)
	if err != nil {
		return "", err
	}
	if workgroupSize < 1 || workgroupSize > MaxWorkgroupSizeWGSL {
		return "", fmt.Errorf("shaders: invalid workgroup size %d; valid: 1 to %d (WebGPU's default limits)", workgroupSize, MaxWorkgroupSizeWGSL)
	}
	h, err := wgslHeader(cfg, o)
	if err != nil {
		return "", err
	}
	return buildWGSL(h+wgslFunctions(), fmt.Sprintf(computeWGSL, derivatives, workgroupSize), o)
}

// ParamsWGSL returns the bytes of ComputeSourceWGSL's uniform buffer
// Params: count and stride, then s and d as UniformSettings and
// UniformDomain (d nil: no domain transform), little-endian, laid out by
// WGSL's rules for the uniform address space; ParamsSizeWGSL bytes, a
// multiple of 16. stride must be 3 or 4, and s and d valid.
func ParamsWGSL(count, stride uint32, s noise.Settings, d *noise.Domain) ([]byte, error) {
	if stride != 3 && stride != 4 {
		return nil, fmt.Errorf("shaders: invalid stride %d; valid: 3, 4", stride)
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if d != nil {
		if err := d.Validate(); err != nil {
			return nil, err
		}
	}
	b := make([]byte, ParamsSizeWGSL)
	binary.LittleEndian.PutUint32(b[0:], count)
	binary.LittleEndian.PutUint32(b[4:], stride)
	NewUniformSettings(s).putWGSL(b[paramsSettingsOffset:])
	NewUniformDomain(d).putWGSL(b[paramsDomainOffset:])
	return b, nil
}

// libraryEntryWGSL is the library's interface, before the prefix (see
// libraryEntry).
const libraryEntryWGSL = `
// ---- the library's functions ----
// settings returns the configured fractal settings (noise.Settings).
fn settings() -> Settings { return %s; }

// domain returns the configured domain transform (noise.Domain), or none.
fn domain() -> Domain { return %s; }

// sampleWith is the noise at p, with value and derivatives, with settings
// and a domain given at run time (a uniform buffer, say): only 4D noise
// uses p.w. Settings are validated in Go (noise.Settings.Validate), not here.
fn sampleWith(p: vec4f, s: Settings, d: Domain) -> Sample { return sampleAt(p, s, d); }

// sample is the configured noise at p (the CPU backend's Sampler.At).
fn sample(p: vec3f) -> Sample { return sampleAt(vec4f(p, 0.0), settings(), domain()); }

// sample4 is the configured noise at p (the CPU backend's Sampler.At4).
fn sample4(p: vec4f) -> Sample { return sampleAt(p, settings(), domain()); }

// value is sample(p).v.
fn value(p: vec3f) -> f32 { return sample(p).v; }
`

// LibraryWGSL returns WGSL that defines cfg's noise for a shader of your
// own, every module-scope identifier starting with opts.Prefix (P below,
// "noise_" by default), as Library does for GLSL:
//
//	struct PSample { v: f32, dx: f32, dy: f32, dz: f32, dw: f32 } // noise.Sample
//	fn Psample(p: vec3f) -> PSample                            // cpu.Sampler.At, cfg's settings and domain
//	fn Psample4(p: vec4f) -> PSample                           // cpu.Sampler.At4
//	fn Pvalue(p: vec3f) -> f32                                 // the value alone
//	fn PsampleWith(p: vec4f, s: PSettings, d: PDomain) -> PSample // settings and domain at run time
//	fn Psettings() -> PSettings; fn Pdomain() -> PDomain       // cfg's, as values
//
// PSettings and PDomain are the structs of wgsl/layout.wgsl, member for
// member the fields of UniformSettings and UniformDomain. The perm-value
// table is a var<private>. Libraries with different prefixes live in one
// shader. Precision applies as for ComputeSourceWGSL; Version does not.
func LibraryWGSL(cfg noise.Config, opts *Options) (string, error) {
	o, err := wgslOptions(opts)
	if err != nil {
		return "", err
	}
	h, err := wgslHeader(cfg, o)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString(h)
	b.WriteString(wgslFunctions())
	fmt.Fprintf(&b, libraryEntryWGSL, NewUniformSettings(cfg.Settings).WGSL(), NewUniformDomain(cfg.Domain).WGSL())
	src, err := buildWGSL(b.String(), "", o)
	if err != nil {
		return "", err
	}
	return "// github.com/noiselab/noise WGSL library, prefix " + o.Prefix + "\n" + src, nil
}

// wgslFloat writes f exactly: a normal number as a hexadecimal float
// literal (its bits, readable by every WGSL compiler in a const
// declaration: naga does not evaluate bitcast there), +0 as 0.0f, and
// −0, subnormals, infinities and NaNs (which a literal cannot hold, or an
// implementation may flush) as the bitcast of their bits.
func wgslFloat(f float32) string {
	b := math.Float32bits(f)
	switch e := b >> 23 & 0xFF; {
	case b == 0:
		return "0.0f"
	case e == 0 || e == 0xFF:
		return fmt.Sprintf("bitcast<f32>(0x%08Xu)", b)
	}
	return strconv.FormatFloat(float64(f), 'x', -1, 32) + "f"
}

// wgslInt writes i as an i32: in decimal when it is not negative, else as
// the bitcast of its bits (-2147483648 has no i32 literal).
func wgslInt(i int32) string {
	if i >= 0 {
		return fmt.Sprintf("%di", i)
	}
	return fmt.Sprintf("bitcast<i32>(0x%08Xu)", uint32(i))
}

// wgslVec2 and wgslVec3 write vectors of exact floats.
func wgslVec2(v [2]float32) string {
	return fmt.Sprintf("vec2f(%s, %s)", wgslFloat(v[0]), wgslFloat(v[1]))
}

func wgslVec3(v [3]float32) string {
	return fmt.Sprintf("vec3f(%s, %s, %s)", wgslFloat(v[0]), wgslFloat(v[1]), wgslFloat(v[2]))
}

// putI32, putF32, putVec2 and putVec3 encode a member of a WGSL uniform
// struct, little-endian.
func putI32(b []byte, v int32)   { binary.LittleEndian.PutUint32(b, uint32(v)) }
func putF32(b []byte, v float32) { binary.LittleEndian.PutUint32(b, math.Float32bits(v)) }

func putVec2(b []byte, v [2]float32) {
	putF32(b[0:], v[0])
	putF32(b[4:], v[1])
}

func putVec3(b []byte, v [3]float32) {
	putF32(b[0:], v[0])
	putF32(b[4:], v[1])
	putF32(b[8:], v[2])
}
