package shaders

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/noiselab/noise/cpu"
)

// mirrors maps each GLSL file to the cpu files it translates.
var mirrors = map[string][]string{
	"common":    {"consts.go", "sample.go", "hash.go"},
	"gradient":  {"gradient.go"},
	"lattice":   {"lattice.go", "sampler.go"},
	"simplex":   {"simplex.go"},
	"voronoi":   {"voronoi.go"},
	"permvalue": {"permvalue.go"},
	"fractal":   {"sampler.go", "domain.go"},
}

// renamed are GLSL functions whose Go twin has another name, because GLSL
// has no methods or function values: the Go name each translates.
var renamed = map[string]string{
	"sampleAdd": "add", "sampleSub": "sub", "sampleScale": "scale", "sampleDiv": "div",
	"updateSmooth": "updateSmooth", "applyRow": "Apply", "noiseOctave": "sampleFuncs",
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
	glslConst = regexp.MustCompile(`(?m)^const float (\w+)\s*=\s*uintBitsToFloat\((0x[0-9A-Fa-f]{8})u\)`)
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
		if !strings.Contains(read("common.glsl"), "const float "+name+" = uintBitsToFloat(0x"+bits+"u)") {
			t.Errorf("%s is not 0x%s", name, bits)
		}
	}
}

// TestSources: the sources carry the variant's macros, exact settings
// literals and, for perm-value, the seed's table; bad configs are errors.
func TestSources(t *testing.T) {
	cfg := cpu.Config{Noise: cpu.PermValue, Dims: 4, Tiling: true,
		Settings: cpu.Settings{Seed: -2147483648, Frequency: 3, Octaves: 2, Lacunarity: 2, Persistence: 0.3},
		Domain:   &cpu.Domain{Rotation: [3]float32{10, 20, 30}, Scale: [3]float32{1, 2, 3}}}
	lib, err := Library(cfg)
	if err != nil {
		t.Fatal(err)
	}
	perm := cpu.PermutationTable(uint64(int64(cfg.Settings.Seed)))
	for _, want := range []string{
		"#define NOISE_FAMILY 3\n", "#define NOISE_DIMS 4\n", "#define NOISE_TILING 1\n",
		"NoiseSettings(int(0x80000000u), 3, 2, 2, uintBitsToFloat(0x3E99999Au))",
		"NoiseDomain(true, vec3(", "const uint noisePerm[512] = uint[512](\n\t" + itoa(perm[0]) + "u," + itoa(perm[1]) + "u,",
		"Sample noise(vec3 p)", "float noiseValue(vec3 p)",
	} {
		if !strings.Contains(lib, want) {
			t.Errorf("Library lacks %q", want)
		}
	}
	if strings.Contains(lib, "#version") {
		t.Error("Library must not carry a #version line (it is included after the user's)")
	}
	src, err := ComputeSource(cpu.Config{Noise: cpu.Simplex, Dims: 2, Settings: cpu.DefaultSettings()}, true, 64)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(src, Version+"\n") || !strings.Contains(src, "#define NOISE_DERIVATIVES 1") ||
		!strings.Contains(src, "#define PERM(i) 0u") {
		t.Error("ComputeSource: missing #version, derivative flag or PERM fallback")
	}
	for _, bad := range []cpu.Config{
		{Noise: cpu.Simplex, Dims: 2, Tiling: true, Settings: cpu.DefaultSettings()},
		{Noise: cpu.Perlin, Dims: 0, Settings: cpu.DefaultSettings()},
	} {
		if _, err := Library(bad); err == nil {
			t.Errorf("Library(%+v) accepted an invalid config", bad)
		}
		if _, err := BakeSource(bad, false, false); err == nil {
			t.Errorf("BakeSource(%+v) accepted an invalid config", bad)
		}
	}
}

func itoa(b uint8) string { return strconv.Itoa(int(b)) }
