// Package shaders holds the GLSL mirror of package cpu: the noise
// functions, translated function by function with the same names and the
// same order of operations, and the compute kernels that the dispatch
// package runs.
//
// The sources are specialised per variant by NOISE_* macros (the family,
// dimensions, tiling, gradient, combine step and Voronoi metric and
// function of noise.Noise.Parts). Every float temporary is `precise`, so a
// GPU compiler rounds where the Go reference rounds. The operations GLSL
// lets a GPU round loosely (division, square root) are the GPU's own by
// default, within the tolerance policy; ArithExact computes them correctly
// rounded from +, − and ×, for the CPU's bits on every conforming GPU.
// Every identifier a source defines carries a prefix (Options.Prefix), so
// several libraries fit in one shader.
//
// # Prefixes
//
// Every identifier a source defines is P+n: P the prefix, n one of the
// names the package's GLSL defines at file scope (functions, structs,
// constants and macros: sample, Settings, familyPerm, NOISE_DIMS, …). A
// prefix is accepted (CheckPrefix) when it
//
//   - has 1 to MaxPrefixLength characters, ASCII letters, digits and _,
//     the first a letter;
//   - ends with _;
//   - contains no __ and starts with neither gl_ nor GL_ (GLSL reserves
//     those for the implementation, GL_ for its macros).
//
// The names in turn start with a letter, contain no __, have at most
// 1024 − MaxPrefixLength = 64 characters, and none has after one of its
// underscores a tail that is itself a name (only the NOISE_* macros have
// underscores, and ARITH_EXACT, EXACT, DIMS… are no names); the same
// holds of the identifiers the sources use without defining them (built-ins
// such as gl_GlobalInvocationID, layout qualifiers such as local_size_x, a
// kernel's NOISE_LOCAL_SIZE) and of GLSL's one keyword with an underscore,
// atomic_uint. The package's tests check this of every name.
//
// Two libraries with distinct accepted prefixes P ≠ Q then define no common
// identifier, whatever the prefixes: if P+n = Q+m with P the shorter, then
// Q = P+s for a non-empty s that ends with _ (as Q does), so n = s+m, and
// m would be a name after an underscore of the name n, which no name has.
// (P and Q of equal length would be equal.) By the same argument no P+n is
// an identifier another library uses without defining it, so one library's
// macros never rewrite another's code, and no P+n is atomic_uint. Each P+n
// is a valid GLSL identifier that GLSL reserves for nobody: it starts with a
// letter and not with gl_ or GL_, contains no __ (P has none, P ends with _
// and n starts with a letter), and has at most MaxPrefixLength + 64 = 1024
// characters: the length GLSL 4.50 §3.7 and §3.3 require compilers to
// accept for identifiers and macro names (glslang refuses longer names;
// GLSL 4.30 sets no limit). Only the names of your own code are up to you:
// keep them apart from the prefixes of the libraries you include.
//
// Library returns the noise functions of one variant for a shader of your
// own; ComputeSource and BakeSource return the complete kernels that
// package dispatch compiles.
package shaders

import (
	"embed"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/internal/permtable"
)

//go:generate go run ../../internal/cmd/gpulayout

//go:embed glsl/*.glsl glsl/*.comp
var files embed.FS

// DefaultPrefix is the identifier prefix of the zero Options.
const DefaultPrefix = "noise_"

// MaxPrefixLength is the length of the longest prefix CheckPrefix accepts:
// 1024 (the identifier length GLSL 4.50 requires compilers to accept) less
// 64, the most a name the prefix goes in front of may have.
const MaxPrefixLength = 960

// maxNameLength is the longest name a source may prefix (the tests check
// every name against it).
const maxNameLength = 1024 - MaxPrefixLength

// MaxLocalSize is the largest local size ComputeSource takes: the work
// group size in x and the invocations per work group that OpenGL 4.3
// guarantees (GL_MAX_COMPUTE_WORK_GROUP_SIZE[0] and
// GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS are at least 1024).
const MaxLocalSize = 1024

// Arith selects how the noise GLSL divides and takes square roots.
type Arith uint8

const (
	// ArithNative (the default) uses the GPU's / and sqrt inside the
	// noise, which GLSL allows to be off by 2.5 and about 4.5 ULP (within
	// the tolerance policy; correctly rounded on Mesa llvmpipe). The octave
	// sum's normalisation and perm-value's 2n/255, a few divisions a point,
	// are correctly rounded in either arithmetic, so noise with no other
	// division or square root (value, Perlin, simplex-value, perm-value,
	// Chebyshev Voronoi but F1/F2) keeps the CPU's bits on any conforming
	// GPU with this one too.
	ArithNative Arith = iota
	// ArithExact computes them correctly rounded from +, − and × (which
	// GLSL requires to be correctly rounded), with the GPU's own operation
	// only as a first guess: the same bits as the CPU on every conforming
	// GPU. It costs 14–72% of the throughput on llvmpipe (BENCHMARKS.md).
	ArithExact
)

var arithNames = [...]string{ArithNative: "native", ArithExact: "exact"}

// String returns "native" or "exact".
func (a Arith) String() string { return nameOf(arithNames[:], a, "Arith") }

// ParseArith returns the Arith named s: "native" or "exact".
func ParseArith(s string) (Arith, error) { return parseName[Arith](arithNames[:], s, "arithmetic") }

// Precision selects the precision of the GPU operations that GLSL does not
// require to be correctly rounded.
type Precision uint8

const (
	// PrecisionNative is the GPU's own.
	PrecisionNative Precision = iota
	// PrecisionWorst emulates the least precise GPU GLSL 4.30 §4.7.1
	// allows: every a / b, sqrt, inversesqrt, exp and log of the noise code
	// returns the reference result moved by the largest error allowed (see
	// glsl/worst.glsl), and subnormal results are flushed to zero. Run on
	// a GPU that rounds correctly (Mesa llvmpipe), it shows what any
	// conforming GPU may legally compute.
	PrecisionWorst
)

var precisionNames = [...]string{PrecisionNative: "native", PrecisionWorst: "worst"}

// String returns "native" or "worst".
func (p Precision) String() string { return nameOf(precisionNames[:], p, "Precision") }

// ParsePrecision returns the Precision named s: "native" or "worst".
func ParsePrecision(s string) (Precision, error) {
	return parseName[Precision](precisionNames[:], s, "precision")
}

// nameOf and parseName map the small enums to and from their names.
func nameOf[T ~uint8](names []string, v T, typ string) string {
	if int(v) < len(names) {
		return names[v]
	}
	return fmt.Sprintf("%s(%d)", typ, int(v))
}

func parseName[T ~uint8](names []string, s, what string) (T, error) {
	for v, n := range names {
		if n == s {
			return T(v), nil
		}
	}
	return 0, fmt.Errorf("unknown %s %q; valid: %s", what, s, strings.Join(names, ", "))
}

// Options select how a source is built; the zero value is the default.
type Options struct {
	// Prefix starts every identifier the source defines (functions,
	// types, constants, macros): DefaultPrefix ("noise_") when empty,
	// otherwise a prefix that CheckPrefix accepts (letters, digits and _,
	// a letter first and _ last; see the package documentation).
	// Libraries with different prefixes live in one shader.
	Prefix string
	// Version is the #version of a kernel: 430 (when 0) or 450. A library
	// carries none (it compiles from #version 410 core on), so 410 is
	// valid for a library only.
	Version   int
	Arith     Arith
	Precision Precision
}

// PrefixError is CheckPrefix's error: the prefix and the rule it breaks.
type PrefixError struct {
	Prefix string
	Rule   string
}

// Error returns `invalid prefix "P": RULE`.
func (e *PrefixError) Error() string { return e.Describe("prefix") }

// Describe returns `invalid WHAT "P": RULE`, P quoted in Go syntax and, if
// that takes more than 40 characters, cut short with its length given, so
// that the message stays one short line (a command-line tool passes its
// flag's name as what).
func (e *PrefixError) Describe(what string) string {
	const most = 40
	q := strconv.Quote(e.Prefix)
	if len(q) > most+2 {
		k := min(len(e.Prefix), most)
		for k > 0 && (k < len(e.Prefix) && !utf8.RuneStart(e.Prefix[k]) || len(strconv.Quote(e.Prefix[:k])) > most+2) {
			k--
		}
		q = strconv.Quote(e.Prefix[:k]) + fmt.Sprintf("… (%d bytes)", len(e.Prefix))
	}
	return fmt.Sprintf("invalid %s %s: %s", what, q, e.Rule)
}

// CheckPrefix returns a *PrefixError unless p is a prefix the sources can
// carry: 1 to MaxPrefixLength characters, ASCII letters, digits and
// underscores, a letter first and an underscore last, no two underscores
// in a row, and gl_ and GL_ not at the start. These rules keep every
// identifier valid GLSL and the libraries of any two distinct accepted
// prefixes apart in one shader (the package documentation gives the
// argument). The empty string is refused here; Options.Prefix "" stands
// for DefaultPrefix.
func CheckPrefix(p string) error {
	rule := func(format string, args ...any) error { return &PrefixError{p, fmt.Sprintf(format, args...)} }
	if p == "" {
		return rule("empty; a prefix is a letter, then letters, digits and _, ending with _")
	}
	if len(p) > MaxPrefixLength {
		return rule("longer than %d characters (every identifier it starts must fit GLSL's 1024)", MaxPrefixLength)
	}
	if !isLetter(p[0]) {
		return rule("the first character must be an ASCII letter")
	}
	for i := 0; i < len(p); i++ {
		if !isIdentChar(p[i]) {
			return rule("character %d (%q) is not an ASCII letter, digit or _", i+1, p[i])
		}
	}
	switch {
	case strings.HasPrefix(p, "gl_"):
		return rule("it starts with gl_, which GLSL reserves for built-ins")
	case strings.HasPrefix(p, "GL_"):
		return rule("it starts with GL_, which GLSL reserves for macros (the sources define macros with the prefix)")
	case strings.Contains(p, "__"):
		return rule("it contains __, which GLSL reserves")
	case p[len(p)-1] != '_':
		return rule("it must end with _ (which keeps the names of any two prefixes apart)")
	}
	return nil
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// resolve fills in the defaults and checks the options.
func (o *Options) resolve() (Options, error) {
	var r Options
	if o != nil {
		r = *o
	}
	if r.Prefix == "" {
		r.Prefix = DefaultPrefix
	}
	if err := CheckPrefix(r.Prefix); err != nil {
		return r, fmt.Errorf("shaders: %w", err)
	}
	if r.Version == 0 {
		r.Version = 430
	}
	if r.Version != 410 && r.Version != 430 && r.Version != 450 {
		return r, fmt.Errorf("shaders: invalid version %d; valid: 410 (a library only), 430, 450", r.Version)
	}
	if int(r.Arith) >= len(arithNames) {
		return r, fmt.Errorf("shaders: invalid arithmetic %d", r.Arith)
	}
	if int(r.Precision) >= len(precisionNames) {
		return r, fmt.Errorf("shaders: invalid precision %d", r.Precision)
	}
	return r, nil
}

// functionFiles are the noise functions in dependency order; each but
// arith and layout (the structs Settings and Domain, generated) mirrors
// the cpu files named in its header.
var functionFiles = []string{"arith", "common", "gradient", "lattice", "simplex", "voronoi", "permvalue", "layout", "fractal"}

func read(name string) string {
	b, err := files.ReadFile("glsl/" + name)
	if err != nil {
		panic("shaders: missing embedded file " + name) // a build error, not a run-time one
	}
	return string(b)
}

// functions returns the noise functions, unspecialised and without a
// prefix: they need the macros of header before them.
func functions() string {
	var b strings.Builder
	for _, f := range functionFiles {
		b.WriteString("// ---- " + f + ".glsl ----\n")
		b.WriteString(read(f + ".glsl"))
	}
	return b.String()
}

// header returns the enum macros and the NOISE_* macros that specialise
// the functions to the variant of cfg (its settings and domain are not part
// of it) and to the arithmetic.
func header(cfg noise.Config, o Options) (string, error) {
	if err := cfg.Validate(); err != nil {
		return "", err
	}
	p := cfg.Noise.Parts()
	return enumDefines() + fmt.Sprintf("// variant: %s; arithmetic %s\n#define NOISE_FAMILY %s\n#define NOISE_DIMS %d\n#define NOISE_TILING %d\n"+
		"#define NOISE_GRAD %s\n#define NOISE_COMB %s\n#define NOISE_METRIC %s\n#define NOISE_FUNCTION %s\n#define NOISE_ARITH_EXACT %d\n",
		cfg.Variant(), o.Arith, glslEnum("family", p.Family), cfg.Dims, b2i(cfg.Tiling), glslEnum("grad", p.Gradient),
		glslEnum("combine", p.Combiner), glslEnum("metric", p.Metric), glslEnum("function", p.Function), b2i(o.Arith == ArithExact)), nil
}

// glslEnum is the GLSL macro name of an enum value of package noise: the
// kind's prefix and the value's name in camel case (GradientPerlin is
// gradPerlin, FunctionF2MinusF1 functionF2MinusF1).
func glslEnum(prefix string, v fmt.Stringer) string {
	var b strings.Builder
	b.WriteString(prefix)
	for _, part := range strings.Split(v.String(), "-") {
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
}

// enumCode is one enum value the shaders use: its name (glslEnum) and its
// Go code.
type enumCode struct {
	name string
	code uint8
}

// enumCodes returns every value of package noise's Family, Gradient,
// Combiner, Metric and Function (the values the noise types use), Fractal
// and WarpMode, sorted by name: the one source of the shaders' enum codes,
// which enumDefines writes as GLSL (a WGSL writer would write the same
// list as consts).
func enumCodes() []enumCode {
	seen := map[string]bool{}
	var values []enumCode
	add := func(prefix string, v fmt.Stringer, code uint8) {
		if n := glslEnum(prefix, v); !seen[n] {
			seen[n] = true
			values = append(values, enumCode{n, code})
		}
	}
	for _, n := range noise.Noises() {
		p := n.Parts()
		add("family", p.Family, uint8(p.Family))
		if p.Family == noise.FamilyLattice || p.Family == noise.FamilySimplex {
			add("grad", p.Gradient, uint8(p.Gradient))
			add("combine", p.Combiner, uint8(p.Combiner))
		}
		if p.Family == noise.FamilyVoronoi {
			add("metric", p.Metric, uint8(p.Metric))
			add("function", p.Function, uint8(p.Function))
		}
	}
	for _, f := range noise.Fractals() {
		add("fractal", f, uint8(f))
	}
	for i := range noise.WarpModeNames() {
		m := noise.WarpMode(i)
		add("warp", m, uint8(m))
	}
	sort.Slice(values, func(i, j int) bool { return values[i].name < values[j].name })
	return values
}

// enumDefines returns a #define for every enumCodes value, so the GLSL's
// codes are the Go ones by construction.
func enumDefines() string {
	var b strings.Builder
	b.WriteString("// enum codes of package noise (generated)\n")
	for _, v := range enumCodes() {
		fmt.Fprintf(&b, "#define %s %d\n", v.name, v.code)
	}
	return b.String()
}

// usesPerm reports whether cfg's noise reads the permutation table.
func usesPerm(cfg noise.Config) bool { return cfg.Noise == noise.PermValue }

// build assembles a source: lib (whose file-scope names get the prefix)
// then kernel (code that uses lib's names, which get the prefix too, and
// keeps its own), with the worst-case rewrite when asked for, and the
// #version line of a kernel.
func build(lib, kernel string, o Options, version bool) (string, error) {
	if version && o.Version < 430 {
		return "", fmt.Errorf("shaders: a compute kernel needs #version 430 or 450, not %d (a library works from 410 on)", o.Version)
	}
	src := namespace(lib+kernel, o.Prefix, globalNames(lib))
	if version {
		src = fmt.Sprintf("#version %d core\n", o.Version) + src
	}
	if o.Precision == PrecisionWorst {
		return Worst(src, o.Prefix)
	}
	return src, nil
}

// Worst rewrites GLSL source for PrecisionWorst: every binary `a / b` and
// every call of sqrt, inversesqrt, exp, exp2, log, log2 and pow becomes a
// call of the emulation in glsl/worst.glsl, whose functions (named with
// prefix, which CheckPrefix must accept) are inserted after the #version
// line, if there is one. It works on any shader that does not use /= (an
// error); integer division has no worst-case twin, so src must divide
// floats only. ComputeSource, BakeSource and Library with PrecisionWorst
// are Worst of their native source.
func Worst(src, prefix string) (string, error) {
	if err := CheckPrefix(prefix); err != nil {
		return "", fmt.Errorf("shaders: %w", err)
	}
	rewritten, err := worstRewrite(src, prefix)
	if err != nil {
		return "", err
	}
	worst := read("worst.glsl")
	helpers := "// ---- worst.glsl ----\n" + namespace(worst, prefix, globalNames(worst))
	if strings.HasPrefix(rewritten, "#version") {
		line, rest, _ := strings.Cut(rewritten, "\n")
		return line + "\n" + helpers + rest, nil
	}
	return helpers + rewritten, nil
}

// ComputeSource returns the complete source of the buffer kernel for cfg's
// variant: positions in binding 0, results in binding 1 (one float per
// position, or five with derivatives: noise.Sample), the doubled
// permutation table in binding 2 (perm-value only), and as uniforms
// (explicit locations 0–21)
// noiseCount, noiseStride, noiseSettings and noiseDomain. localSize is the
// work group's size (x; y and z are 1), 1 to MaxLocalSize: the sizes every
// OpenGL 4.3 implementation runs (package dispatch uses 64).
func ComputeSource(cfg noise.Config, derivatives bool, localSize int, opts *Options) (string, error) {
	o, err := opts.resolve()
	if err != nil {
		return "", err
	}
	if localSize < 1 || localSize > MaxLocalSize {
		return "", fmt.Errorf("shaders: invalid local size %d; valid: 1 to %d (the work group size OpenGL 4.3 guarantees)", localSize, MaxLocalSize)
	}
	h, err := header(cfg, o)
	if err != nil {
		return "", err
	}
	kernel := fmt.Sprintf("// ---- compute.comp ----\n#define NOISE_LOCAL_SIZE %d\n#define NOISE_DERIVATIVES %d\n%s",
		localSize, b2i(derivatives), read("compute.comp"))
	return build(h+permBuffer(cfg)+functions(), kernel, o, true)
}

// BakeSource returns the complete source of the texture kernel for cfg's
// variant: a 2D or 3D image (R32F, or RGBA32F with derivatives) in image
// unit 0, and as uniforms (explicit locations 0–24) the grid, noiseSettings
// and noiseDomain.
func BakeSource(cfg noise.Config, threeD, derivatives bool, opts *Options) (string, error) {
	o, err := opts.resolve()
	if err != nil {
		return "", err
	}
	h, err := header(cfg, o)
	if err != nil {
		return "", err
	}
	format := "r32f"
	if derivatives {
		format = "rgba32f"
	}
	kernel := fmt.Sprintf("// ---- bake.comp ----\n#define NOISE_BAKE_3D %d\n#define NOISE_IMAGE_FORMAT %s\n%s",
		b2i(threeD), format, read("bake.comp"))
	return build(h+permBuffer(cfg)+functions(), kernel, o, true)
}

// permBuffer declares the permutation-table buffer the kernels read PERM
// from (binding 2); variants without a table read a constant.
func permBuffer(cfg noise.Config) string {
	if !usesPerm(cfg) {
		return "#define PERM(i) 0u\n"
	}
	return "layout(std430, binding = 2) readonly buffer NoisePerm { uint noisePerm[]; };\n#define PERM(i) noisePerm[i]\n"
}

// PermBinding, PositionsBinding and ResultsBinding are the buffer binding
// points of ComputeSource; ImageUnit is the image unit of BakeSource.
const (
	PositionsBinding = 0
	ResultsBinding   = 1
	PermBinding      = 2
	ImageUnit        = 0
)

// libraryEntry is the library's interface, before the prefix: the settings
// and domain of the configuration, and the noise with them or with others
// given at run time.
const libraryEntry = `
// ---- the library's functions ----
// settings returns the configured fractal settings (noise.Settings).
Settings settings() { return %s; }

// domain returns the configured domain transform (noise.Domain), or none.
Domain domain() { return %s; }

// sampleWith is the noise at p, with value and derivatives, with settings
// and a domain given at run time (uniforms, say): only 4D noise uses
// p.w. Settings are validated in Go (noise.Settings.Validate), not here.
Sample sampleWith(vec4 p, Settings s, Domain d) { return sampleAt(p, s, d); }

// sample is the configured noise at p (the CPU backend's Sampler.At).
Sample sample(vec3 p) { return sampleAt(vec4(p, 0.0), settings(), domain()); }

// sample4 is the configured noise at p (the CPU backend's Sampler.At4).
Sample sample4(vec4 p) { return sampleAt(p, settings(), domain()); }

// value is sample(p).v; the compiler drops the derivative work.
float value(vec3 p) { return sample(p).v; }
`

// Library returns GLSL without a #version line that defines cfg's noise for
// a shader of your own (any stage, #version 410 core or later), every
// identifier starting with opts.Prefix (P below, "noise_" by default):
//
//	struct PSample { float v, dx, dy, dz, dw; }; // noise.Sample
//	PSample Psample(vec3 p);                     // cpu.Sampler.At, cfg's settings and domain
//	PSample Psample4(vec4 p);                    // cpu.Sampler.At4
//	float Pvalue(vec3 p);                        // the value alone
//	PSample PsampleWith(vec4 p, PSettings s, PDomain d); // settings and domain at run time
//	PSettings Psettings(); PDomain Pdomain();    // cfg's, as values
//
// PSettings and PDomain are the structs of glsl/layout.glsl, member for
// member the fields of UniformSettings and UniformDomain (generated from
// one table with them, and documented there): NewUniformSettings and
// NewUniformDomain derive their values from noise.Settings and
// noise.Domain, and dispatch.SetLibraryUniforms loads both into uniforms.
// The noise type and arithmetic are fixed when the library is made;
// libraries with different prefixes live in one shader.
func Library(cfg noise.Config, opts *Options) (string, error) {
	o, err := opts.resolve()
	if err != nil {
		return "", err
	}
	h, err := header(cfg, o)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("// github.com/noiselab/noise GLSL library, prefix " + o.Prefix + "\n")
	b.WriteString(h)
	if usesPerm(cfg) {
		t := permtable.PermValue(cfg.Settings.Seed)
		b.WriteString("const uint noisePerm[512] = uint[512](")
		for i := 0; i < 512; i++ {
			if i > 0 {
				b.WriteString(",")
			}
			if i%32 == 0 {
				b.WriteString("\n\t")
			}
			fmt.Fprintf(&b, "%du", t[i])
		}
		b.WriteString(");\n#define PERM(i) noisePerm[i]\n")
	} else {
		b.WriteString("#define PERM(i) 0u\n")
	}
	b.WriteString(functions())
	fmt.Fprintf(&b, libraryEntry, NewUniformSettings(cfg.Settings).GLSL(), NewUniformDomain(cfg.Domain).GLSL())
	return build(b.String(), "", o, false)
}

// DomainRows returns the rows of the domain matrix, its translation and
// the rows of the derivative matrix, as the GLSL Domain wants them; ok is
// false for no domain.
func DomainRows(d *noise.Domain) (m [3][3]float32, t [3]float32, dm [3][3]float32, ok bool) {
	if d == nil {
		return m, t, dm, false
	}
	m, t = d.Matrix()
	return m, t, d.DerivativeMatrix(), true
}

// DomainW is the GLSL Domain.w of d: the fourth coordinate's scale and
// translation (noise.Domain.WTransform); 1 and 0 for no domain.
func DomainW(d *noise.Domain) (scale, translation float32) {
	if d == nil {
		return 1, 0
	}
	return d.WTransform()
}

// WarpOctaves is the GLSL Settings.warpOctaves of s: WarpOctaveCount, or 0
// when s does not warp, so that the warp's loop does not run at all.
func WarpOctaves(s noise.Settings) int {
	if !s.Warped() {
		return 0
	}
	return s.WarpOctaveCount()
}

// glFloat writes f as its exact bit pattern.
func glFloat(f float32) string { return fmt.Sprintf("uintBitsToFloat(0x%08Xu)", math.Float32bits(f)) }

// glInt writes i as a GLSL int: in decimal when it is not negative, else
// as the cast of its bits (-2147483648 has no decimal literal).
func glInt(i int32) string {
	if i >= 0 {
		return strconv.Itoa(int(i))
	}
	return fmt.Sprintf("int(0x%08Xu)", uint32(i))
}

// glVec2 and glVec3 write vectors of exact floats.
func glVec2(v [2]float32) string { return fmt.Sprintf("vec2(%s, %s)", glFloat(v[0]), glFloat(v[1])) }

func glVec3(v [3]float32) string {
	return fmt.Sprintf("vec3(%s, %s, %s)", glFloat(v[0]), glFloat(v[1]), glFloat(v[2]))
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
