package shaders

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
)

// mirrors maps each GLSL file to the cpu files it translates.
var mirrors = map[string][]string{
	"arith":     {"consts.go"},
	"common":    {"consts.go", "sample.go", "hash.go"},
	"gradient":  {"gradient.go"},
	"lattice":   {"lattice.go", "sampler.go", "lattice4_test.go"}, // lattice4D's recursive form, checked bit for bit
	"simplex":   {"simplex.go", "simplex4_test.go"},               // simplex4D's GLSL form, likewise
	"voronoi":   {"voronoi.go"},
	"permvalue": {"permvalue.go"},
	"fractal":   {"sampler.go", "domain.go", "fractal.go", "warp.go"},
}

// renamed are GLSL functions whose Go twin has another name, because GLSL
// has no methods or function values: the Go name each translates.
var renamed = map[string]string{"noiseOctave": "sampleFuncs", "updateCell": "update", "cellResult": "result", "variantOf": "New"}

// glslOnly are the functions of arith.glsl without a Go twin: Go's / and
// math.Sqrt are correctly rounded, the GPU's need not be, so the GLSL
// computes them from +, − and × (or names the GPU's own).
var glslOnly = map[string]bool{
	"twoSum": true, "veltkampSplit": true, "productError": true, "significand": true, "scaleByPow2": true,
	"roundSubnormal": true, "ulpUp": true, "ulpDown": true, "beyond": true, "exactDivisor": true,
	"quotientResidual": true, "divideExact": true, "divide255": true, "rootResidual": true, "sqrtExact": true,
	"divisor": true, "divide": true, "div32": true,
}

var glslFunc = regexp.MustCompile(`(?m)^(?:[A-Za-z_][A-Za-z0-9_]*)\s+([A-Za-z_][A-Za-z0-9_]*)\(`)

// goNames returns the functions, methods and package-level variables
// declared in the given cpu files.
func goNames(t *testing.T, files []string) map[string]bool {
	names := map[string]bool{}
	fset := token.NewFileSet()
	for _, f := range files {
		af, err := parser.ParseFile(fset, filepath.Join("..", "..", "cpu", f), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range af.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				names[d.Name.Name] = true
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if v, ok := s.(*ast.ValueSpec); ok {
						for _, n := range v.Names {
							names[n.Name] = true
						}
					}
				}
			}
		}
	}
	return names
}

// TestMirrorsGo keeps the two sources side by side: every function of a
// GLSL file has a Go twin of the same name in the cpu file it mirrors
// (or the documented equivalent in renamed).
func TestMirrorsGo(t *testing.T) {
	for glsl, gofiles := range mirrors {
		src := read(glsl + ".glsl")
		names := goNames(t, gofiles)
		found := 0
		for _, m := range glslFunc.FindAllStringSubmatch(src, -1) {
			fn := m[1]
			if glsl == "arith" && glslOnly[fn] {
				found++
				continue
			}
			want := fn
			if r, ok := renamed[fn]; ok {
				want = r
			}
			// Exported accessors are methods in Go (h.Eat, v.Floats01A).
			if !names[want] && !names[strings.ToLower(want[:1])+want[1:]] {
				t.Errorf("%s.glsl: %s has no Go twin %s in cpu/%s", glsl, fn, want, strings.Join(gofiles, ", cpu/"))
			}
			found++
		}
		if found < 3 {
			t.Errorf("%s.glsl: found only %d functions; is the pattern broken?", glsl, found)
		}
	}
}

var (
	goConst   = regexp.MustCompile(`(?m)^\s*(\w+)\s*=\s*math\.Float32frombits\((0x[0-9A-Fa-f]{8})\)`)
	glslConst = regexp.MustCompile(`(?m)^#define (\w+) uintBitsToFloat\((0x[0-9A-Fa-f]{8})u\)`)
)

// TestConstantsMatchGo: every float constant of cpu/consts.go that the
// GLSL uses has the same bit pattern there.
func TestConstantsMatchGo(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "cpu", "consts.go"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, m := range goConst.FindAllStringSubmatch(string(b), -1) {
		want[m[1]] = strings.ToUpper(m[2][2:])
	}
	got := glslConst.FindAllStringSubmatch(read("common.glsl"), -1)
	if len(got) < 13 {
		t.Fatalf("found %d GLSL constants, want at least 13", len(got))
	}
	for _, m := range got {
		name, bits := m[1], strings.ToUpper(m[2][2:])
		if w, ok := want[name]; ok && w != bits {
			t.Errorf("%s: GLSL 0x%s, Go 0x%s", name, bits, w)
		} else if !ok && name != "coordLimit" && name != "inputLimit" {
			t.Errorf("GLSL constant %s has no Go twin in cpu/consts.go", name)
		}
	}
	// The two limits are powers of two: 2^29 and 2^64.
	for name, bits := range map[string]string{"coordLimit": "4E000000", "inputLimit": "5F800000"} {
		if !strings.Contains(read("common.glsl"), "#define "+name+" uintBitsToFloat(0x"+bits+"u)") {
			t.Errorf("%s is not 0x%s", name, bits)
		}
	}
}

// TestSources: the sources carry the variant's macros, exact settings
// literals and, for perm-value, the seed's table, every name prefixed; bad
// configs and options are errors.
func TestSources(t *testing.T) {
	cfg := noise.Config{Noise: noise.PermValue, Dims: 4, Tiling: true,
		Settings: noise.Settings{Seed: -2147483648, Frequency: 3, Octaves: 2, Lacunarity: 2, Persistence: 0.3},
		Domain:   &noise.Domain{Rotation: [3]float32{10, 20, 30}, Scale: [3]float32{1, 2, 3}}}
	lib, err := Library(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	perm := cpu.PermutationTable(uint64(int64(cfg.Settings.Seed)))
	for _, want := range []string{
		"#define noise_NOISE_FAMILY noise_familyPerm\n", "#define noise_familyPerm 3\n", "#define noise_NOISE_DIMS 4\n", "#define noise_NOISE_TILING 1\n",
		"#define noise_NOISE_ARITH_EXACT 0\n",
		"noise_Settings(int(0x80000000u), uintBitsToFloat(0x40400000u), 2, uintBitsToFloat(0x40000000u), uintBitsToFloat(0x3E99999Au), 0, uintBitsToFloat(0x40000000u), uintBitsToFloat(0x3F800000u), uintBitsToFloat(0x00000000u), 1, 0, 0)",
		"noise_Domain(1, vec3(", "const uint noise_noisePerm[512] = uint[512](\n\t" + itoa(perm[0]) + "u," + itoa(perm[1]) + "u,",
		"noise_Sample noise_sample(vec3 p)", "noise_Sample noise_sample4(vec4 p)", "float noise_value(vec3 p)",
		"noise_Sample noise_sampleWith(vec4 p, noise_Settings s, noise_Domain d)",
	} {
		if !strings.Contains(lib, want) {
			t.Errorf("Library lacks %q", want)
		}
	}
	if strings.Contains(lib, "#version") {
		t.Error("Library must not carry a #version line (it is included after the user's)")
	}
	exact, _ := Library(cfg, &Options{Arith: ArithExact, Prefix: "q_"})
	if !strings.Contains(exact, "#define q_NOISE_ARITH_EXACT 1\n") || !strings.Contains(exact, "q_Sample q_sample(vec3 p)") {
		t.Error("Library with Arith exact and prefix q_: missing the macro or the prefixed entry")
	}
	src, err := ComputeSource(noise.Config{Noise: noise.Simplex, Dims: 2, Settings: noise.DefaultSettings()}, true, 64, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(src, "#version 430 core\n") || !strings.Contains(src, "#define NOISE_DERIVATIVES 1") ||
		!strings.Contains(src, "#define noise_PERM(i) 0u") || !strings.Contains(src, "uniform noise_Settings noiseSettings;") {
		t.Error("ComputeSource: missing #version, derivative flag, PERM fallback or the settings uniform")
	}
	if src, _ := BakeSource(cfg, true, true, &Options{Version: 450}); !strings.HasPrefix(src, "#version 450 core\n") {
		t.Error("BakeSource with Version 450: wrong #version line")
	}
	for _, bad := range []noise.Config{
		{Noise: noise.Simplex, Dims: 2, Tiling: true, Settings: noise.DefaultSettings()},
		{Noise: noise.Perlin, Dims: 0, Settings: noise.DefaultSettings()},
	} {
		if _, err := Library(bad, nil); err == nil {
			t.Errorf("Library(%+v) accepted an invalid config", bad)
		}
		if _, err := BakeSource(bad, false, false, nil); err == nil {
			t.Errorf("BakeSource(%+v) accepted an invalid config", bad)
		}
	}
	good := noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()}
	for _, o := range []Options{{Prefix: "gl_x"}, {Prefix: "a__b"}, {Prefix: "9a"}, {Prefix: "a-b"}, {Version: 300}, {Arith: 7}, {Precision: 9}} {
		if _, err := Library(good, &o); err == nil {
			t.Errorf("Library accepted options %+v", o)
		}
	}
	if _, err := ComputeSource(good, false, 64, &Options{Version: 410}); err == nil || !strings.Contains(err.Error(), "430 or 450") {
		t.Errorf("ComputeSource at #version 410: %v", err)
	}
	if _, err := Library(good, &Options{Version: 410}); err != nil {
		t.Errorf("Library at 410: %v", err)
	}
}

// TestNamespacing: every name a library defines at file scope carries the
// prefix (so two libraries share no name and none is a GLSL built-in's),
// and no struct member has the name of a file-scope definition (the
// renaming leaves member accesses alone).
func TestNamespacing(t *testing.T) {
	cfgs := []noise.Config{
		{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()},
		{Noise: noise.PermValue, Dims: 4, Tiling: true, Settings: noise.DefaultSettings()},
		{Noise: noise.VoronoiWorleySmoothLSE, Dims: 2, Settings: noise.DefaultSettings()},
	}
	for _, cfg := range cfgs {
		for _, o := range []Options{{Prefix: "a_"}, {Prefix: "Bb_", Arith: ArithExact}, {Prefix: "w_", Precision: PrecisionWorst}} {
			lib, err := Library(cfg, &o)
			if err != nil {
				t.Fatal(err)
			}
			names := globalNames(lib)
			if len(names) < 100 {
				t.Fatalf("%v: only %d file-scope names found", cfg.Noise, len(names))
			}
			for n := range names {
				if !strings.HasPrefix(n, o.Prefix) {
					t.Errorf("%v with prefix %s: %s defined without the prefix", cfg.Noise, o.Prefix, n)
				}
			}
		}
	}
	members := regexp.MustCompile(`(?s)struct \w+ \{(.*?)\};`)
	field := regexp.MustCompile(`(\w+)\s*[,;]`)
	global := globalNames(functions() + read("worst.glsl"))
	for _, m := range members.FindAllStringSubmatch(functions(), -1) {
		for _, f := range field.FindAllStringSubmatch(m[1], -1) {
			if global[f[1]] {
				t.Errorf("struct member %s has the name of a file-scope definition", f[1])
			}
		}
	}
}

// TestNoPlainDivision: the noise GLSL divides only through div32, divide
// and sqrt32 (arith.glsl), so that Arith decides every rounding; a plain /
// elsewhere is a defect (under ArithExact it would be the GPU's own).
func TestNoPlainDivision(t *testing.T) {
	for _, f := range append(functionFiles[1:], "compute.comp", "bake.comp") {
		name := f
		if !strings.Contains(f, ".") {
			name += ".glsl"
		}
		for i, tk := range tokenize(read(name)) {
			if tk.kind == tokPunct && (tk.text == "/" || tk.text == "/=") && !tk.pp {
				t.Errorf("%s: a plain %s (token %d); divide with div32 or divide", name, tk.text, i)
			}
		}
	}
}

// builtins are GLSL's built-in functions, as far as a noise shader could
// call them; exact are those GLSL 4.30 §4.7.1 requires to be exact (bit
// operations, conversions, comparisons, selection), and emulated those
// PrecisionWorst replaces.
var (
	builtins = strings.Fields(`radians degrees sin cos tan asin acos atan sinh cosh tanh asinh acosh atanh pow exp log
		exp2 log2 sqrt inversesqrt abs sign floor trunc round roundEven ceil fract mod modf min max clamp mix step
		smoothstep isnan isinf floatBitsToInt floatBitsToUint intBitsToFloat uintBitsToFloat fma frexp ldexp
		packUnorm2x16 unpackUnorm2x16 length distance dot cross normalize faceforward reflect refract
		lessThan lessThanEqual greaterThan greaterThanEqual equal notEqual any all not
		uaddCarry usubBorrow umulExtended imulExtended bitfieldExtract bitfieldInsert bitfieldReverse bitCount
		findLSB findMSB`)
	exact    = strings.Fields(`abs floor min max mix lessThan greaterThanEqual any all floatBitsToInt floatBitsToUint intBitsToFloat uintBitsToFloat findMSB`)
	emulated = strings.Fields(`sqrt inversesqrt exp log exp2 log2 pow`)
)

// TestBuiltinsAllowed: the noise GLSL calls no built-in whose precision
// GLSL leaves open unless the worst-case emulation replaces it, so that
// PrecisionWorst covers every inexact operation.
func TestBuiltinsAllowed(t *testing.T) {
	ok := map[string]bool{}
	for _, b := range append(exact, emulated...) {
		ok[b] = true
	}
	isBuiltin := map[string]bool{}
	for _, b := range builtins {
		isBuiltin[b] = true
	}
	for _, f := range functionFiles {
		toks := significant(tokenize(read(f + ".glsl")))
		for i := 0; i+1 < len(toks); i++ {
			if toks[i].kind == tokIdent && isBuiltin[toks[i].text] && toks[i+1].text == "(" && !ok[toks[i].text] {
				t.Errorf("%s.glsl calls %s, whose precision GLSL leaves open and PrecisionWorst does not emulate", f, toks[i].text)
			}
		}
	}
}

// TestWorstRewrite checks the operand finding of the worst-case rewrite.
func TestWorstRewrite(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"x = a / b;", "x = p_worstDiv(a, b, 1u);"},
		{"x = y + a * b / c - d;", "x = y + p_worstDiv(a * b, c, 1u) - d;"},
		{"x = -s.dx / r;", "x = p_worstDiv(-s.dx, r, 1u);"},
		{"x = a - s.dx / -v;", "x = a - p_worstDiv(s.dx, -v, 1u);"},
		{"x = f(a, b) / g(c)[2].z * 3.0;", "x = p_worstDiv(f(a, b), g(c)[2].z, 1u) * 3.0;"},
		{"x = (a + b) / (c / d);", "x = p_worstDiv((a + b), (p_worstDiv(c, d, 2u)), 1u);"},
		{"x = a / b / c;", "x = p_worstDiv(p_worstDiv(a, b, 1u), c, 2u);"},
		{"return 1.0 / sqrt(v.x);", "return p_worstDiv(1.0, p_worstSqrt(v.x), 1u);"},
		{"x = m.log(2.0) + log(y); // a / b", "x = m.log(2.0) + p_worstLog(y); // a / b"},
		{"#define HALF(x) (x / 2.0)\ny = e / f;", "#define HALF(x) (x / 2.0)\ny = p_worstDiv(e, f, 1u);"},
	} {
		got, err := worstRewrite(c.in, "p_")
		if err != nil || got != c.want {
			t.Errorf("worstRewrite(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	if _, err := worstRewrite("x /= 2.0;", "p_"); err == nil {
		t.Error("worstRewrite accepted /=")
	}
	// The rewritten kernels of every variant keep no plain / outside the
	// emulation itself (worst.glsl's helpers come first, after #version).
	for _, v := range allConfigs() {
		src, err := ComputeSource(v, true, 64, &Options{Precision: PrecisionWorst, Arith: ArithExact})
		if err != nil {
			t.Fatal(err)
		}
		_, body, _ := strings.Cut(src, "// ---- arith.glsl ----")
		for _, tk := range tokenize(body) {
			if tk.text == "/" && !tk.pp {
				t.Fatalf("%v %dD: a / survives the rewrite", v.Noise, v.Dims)
			}
		}
	}
}

// allConfigs is every variant with the default settings.
func allConfigs() []noise.Config {
	var out []noise.Config
	for _, n := range noise.Noises() {
		for d := 1; d <= n.MaxDims(); d++ {
			out = append(out, noise.Config{Noise: n, Dims: d, Settings: noise.DefaultSettings()})
			if n.Tiling() {
				out = append(out, noise.Config{Noise: n, Dims: d, Tiling: true, Settings: noise.DefaultSettings()})
			}
		}
	}
	return out
}

func itoa(b uint8) string { return strconv.Itoa(int(b)) }

// TestEnumsGenerated: the GLSL's enum codes come from package noise's
// types (every value a noise type uses has its macro with the Go code), and
// no GLSL file defines or hard-codes one by hand.
func TestEnumsGenerated(t *testing.T) {
	defs := enumDefines()
	for _, n := range noise.Noises() {
		p := n.Parts()
		want := []string{fmt.Sprintf("#define %s %d\n", glslEnum("family", p.Family), p.Family)}
		switch p.Family {
		case noise.FamilyLattice, noise.FamilySimplex:
			want = append(want, fmt.Sprintf("#define %s %d\n", glslEnum("grad", p.Gradient), p.Gradient),
				fmt.Sprintf("#define %s %d\n", glslEnum("combine", p.Combiner), p.Combiner))
		case noise.FamilyVoronoi:
			want = append(want, fmt.Sprintf("#define %s %d\n", glslEnum("metric", p.Metric), p.Metric),
				fmt.Sprintf("#define %s %d\n", glslEnum("function", p.Function), p.Function))
		}
		for _, w := range want {
			if !strings.Contains(defs, w) {
				t.Errorf("%s: the generated enums lack %q", n, w)
			}
		}
	}
	if glslEnum("function", noise.FunctionF2MinusF1) != "functionF2MinusF1" || glslEnum("combine", noise.CombineSmoothTurbulence) != "combineSmoothTurbulence" {
		t.Error("glslEnum does not camel-case the Go names")
	}
	for _, f := range noise.Fractals() {
		if w := fmt.Sprintf("#define %s %d\n", glslEnum("fractal", f), f); !strings.Contains(defs, w) {
			t.Errorf("fractal %s: the generated enums lack %q", f, w)
		}
	}
	for i := range noise.WarpModeNames() {
		m := noise.WarpMode(i)
		if w := fmt.Sprintf("#define %s %d\n", glslEnum("warp", m), m); !strings.Contains(defs, w) {
			t.Errorf("warp mode %s: the generated enums lack %q", m, w)
		}
	}
	byHand := regexp.MustCompile(`(?m)(const\s+int\s+(family|grad|combine|metric|function|fractal|warp)[A-Z]\w*\s*=|#define\s+(family|grad|combine|metric|function|fractal|warp)[A-Z]|NOISE_(FAMILY|GRAD|COMB|METRIC|FUNCTION)\s*[=!]=\s*[0-9]|(fractal|warpMode)\s*[=!]=\s*[0-9])`)
	for _, f := range functionFiles {
		if m := byHand.FindString(read(f + ".glsl")); m != "" {
			t.Errorf("%s.glsl defines or compares an enum code by hand: %q", f, m)
		}
	}
}

// TestLocalSize: ComputeSource takes local sizes 1 to MaxLocalSize (what
// every OpenGL 4.3 implementation runs), and refuses the others naming the
// range; the extremes compile.
func TestLocalSize(t *testing.T) {
	cfg := noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()}
	for _, n := range []int{0, -1, -64, MaxLocalSize + 1, 1 << 20, int(^uint(0) >> 1), -int(^uint(0)>>1) - 1} {
		src, err := ComputeSource(cfg, false, n, nil)
		if err == nil || src != "" || !strings.Contains(err.Error(), fmt.Sprintf("invalid local size %d; valid: 1 to 1024", n)) {
			t.Errorf("ComputeSource with local size %d: %v (source of %d bytes)", n, err, len(src))
		}
	}
	var jobs []job
	for _, n := range []int{1, 64, MaxLocalSize} {
		src, err := ComputeSource(cfg, false, n, nil)
		if err != nil || !strings.Contains(src, fmt.Sprintf("#define NOISE_LOCAL_SIZE %d\n", n)) {
			t.Fatalf("ComputeSource with local size %d: %v", n, err)
		}
		jobs = append(jobs, job{fmt.Sprintf("local%d.comp", n), src, nil})
	}
	runJobs(t, jobs, 3, glslang(needTool(t, "glslangValidator")))
}

// TestKernelLocations: the explicit uniform locations of the kernels leave
// a struct uniform as many locations as it has members (settingsMembers
// and domainMembers, generated from the table that declares the structs),
// so that no two uniforms overlap, and the comments that give a struct's
// range say what it takes.
func TestKernelLocations(t *testing.T) {
	uniform := regexp.MustCompile(`(?m)^layout\(location = (\d+)\) uniform (\w+) (\w+);(?:\s*// locations (\d+)–(\d+))?`)
	size := map[string]int{"Settings": settingsMembers, "Domain": domainMembers}
	for _, k := range []string{"compute.comp", "bake.comp"} {
		ms := uniform.FindAllStringSubmatch(read(k), -1)
		if len(ms) < 4 {
			t.Fatalf("%s: found %d uniforms; is the pattern broken?", k, len(ms))
		}
		next := 0
		for _, m := range ms {
			loc, _ := strconv.Atoi(m[1])
			n, isStruct := size[m[2]]
			if !isStruct {
				n = 1
			}
			if loc < next {
				t.Errorf("%s: %s at location %d overlaps the uniform before it (which takes up to %d)", k, m[3], loc, next-1)
			}
			if isStruct && (m[4] != strconv.Itoa(loc) || m[5] != strconv.Itoa(loc+n-1)) {
				t.Errorf("%s: %s takes locations %d–%d; the comment says %s–%s", k, m[3], loc, loc+n-1, m[4], m[5])
			}
			next = loc + n
		}
	}
}
