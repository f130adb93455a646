// Package shaders holds the GLSL 4.30 mirror of package cpu: the noise
// functions, translated function by function with the same names and the
// same order of operations, and the compute kernels that the dispatch
// package runs.
//
// The sources are specialised per variant by NOISE_* macros prepended at
// compile time (the family, dimensions, tiling, gradient, combine step and
// Voronoi metric and function of cpu.Noise.Parts). Every float temporary is
// `precise`, so a GPU compiler rounds where the Go reference rounds.
//
// Library returns the noise functions for one configuration with its
// settings baked in, for use inside a shader of your own.
package shaders

import (
	"embed"
	"fmt"
	"math"
	"strings"

	"github.com/noiselab/noise/cpu"
)

//go:embed glsl/*.glsl glsl/*.comp
var files embed.FS

// Version is the #version line every source built here starts with.
const Version = "#version 430 core"

// functionFiles are the noise functions in dependency order; each mirrors
// the cpu file of the same name.
var functionFiles = []string{"common", "gradient", "lattice", "simplex", "voronoi", "permvalue", "fractal"}

func read(name string) string {
	b, err := files.ReadFile("glsl/" + name)
	if err != nil {
		panic("shaders: missing embedded file " + name) // a build error, not a run-time one
	}
	return string(b)
}

// Functions returns the noise functions, unspecialised: they need the
// NOISE_* macros of Defines and a PERM(i) macro before them.
func Functions() string {
	var b strings.Builder
	for _, f := range functionFiles {
		b.WriteString("// ---- " + f + ".glsl ----\n")
		b.WriteString(read(f + ".glsl"))
	}
	return b.String()
}

// Defines returns the NOISE_* macros that specialise the functions to the
// variant of cfg (its settings and domain are not part of it).
func Defines(cfg cpu.Config) (string, error) {
	if err := cfg.Validate(); err != nil {
		return "", err
	}
	p := cfg.Noise.Parts()
	tiling := 0
	if cfg.Tiling {
		tiling = 1
	}
	return fmt.Sprintf("// variant: %s %dD%s\n#define NOISE_FAMILY %d\n#define NOISE_DIMS %d\n#define NOISE_TILING %d\n"+
		"#define NOISE_GRAD %d\n#define NOISE_COMB %d\n#define NOISE_METRIC %d\n#define NOISE_FUNCTION %d\n",
		cfg.Noise, cfg.Dims, map[bool]string{true: " tiling"}[cfg.Tiling],
		p.Family, cfg.Dims, tiling, p.Gradient, p.Combiner, p.Metric, p.Function), nil
}

// usesPerm reports whether cfg's noise reads the permutation table.
func usesPerm(cfg cpu.Config) bool { return cfg.Noise == cpu.PermValue }

// ComputeSource returns the complete source of the buffer kernel for cfg's
// variant: positions in binding 0, results in binding 1 (one float per
// position, or four with derivatives), the doubled permutation table in
// binding 2 (perm-value only), the settings and the domain as uniforms.
func ComputeSource(cfg cpu.Config, derivatives bool, localSize int) (string, error) {
	defs, err := Defines(cfg)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%s#define NOISE_LOCAL_SIZE %d\n#define NOISE_DERIVATIVES %d\n",
		Version, defs, localSize, b2i(derivatives))
	b.WriteString(permBuffer(cfg))
	b.WriteString(Functions())
	b.WriteString(read("compute.comp"))
	return b.String(), nil
}

// BakeSource returns the complete source of the texture kernel for cfg's
// variant: a 2D or 3D image (R32F, or RGBA32F with derivatives) in image
// unit 0, the grid, settings and domain as uniforms.
func BakeSource(cfg cpu.Config, threeD, derivatives bool) (string, error) {
	defs, err := Defines(cfg)
	if err != nil {
		return "", err
	}
	format := "r32f"
	if derivatives {
		format = "rgba32f"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%s#define NOISE_BAKE_3D %d\n#define NOISE_IMAGE_FORMAT %s\n", Version, defs, b2i(threeD), format)
	b.WriteString(permBuffer(cfg))
	b.WriteString(Functions())
	b.WriteString(read("bake.comp"))
	return b.String(), nil
}

// permBuffer declares the permutation-table buffer the kernels read PERM
// from (binding 2); variants without a table read a constant.
func permBuffer(cfg cpu.Config) string {
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

// Library returns GLSL (without a #version line) that defines, after the
// noise functions, cfg's noise with its settings and domain baked in as
// constants:
//
//	Sample noise(vec3 p);   // value and derivatives, like cpu.Sampler.At
//	Sample noise4(vec4 p);  // like cpu.Sampler.At4
//	float noiseValue(vec3 p);
//
// Include it after your shader's #version line and call noise from any
// stage. Sample is struct { float v, dx, dy, dz; }. The library defines
// the names of the Go reference (Sample, lerp, Eat, sampleAt, ...) and
// macros prefixed NOISE_; avoid those names in your own code.
func Library(cfg cpu.Config) (string, error) {
	defs, err := Defines(cfg)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("// github.com/noiselab/noise GLSL library\n")
	b.WriteString(defs)
	if usesPerm(cfg) {
		t := cpu.PermutationTable(uint64(int64(cfg.Settings.Seed)))
		b.WriteString("const uint noisePerm[512] = uint[512](")
		for i := 0; i < 512; i++ {
			if i > 0 {
				b.WriteString(",")
			}
			if i%32 == 0 {
				b.WriteString("\n\t")
			}
			fmt.Fprintf(&b, "%du", t[i%256])
		}
		b.WriteString(");\n#define PERM(i) noisePerm[i]\n")
	} else {
		b.WriteString("#define PERM(i) 0u\n")
	}
	b.WriteString(Functions())
	s := cfg.Settings
	fmt.Fprintf(&b, "\n// The configured settings and domain.\nconst NoiseSettings noiseLibSettings = NoiseSettings(int(0x%08Xu), %d, %d, %d, %s);\n",
		uint32(s.Seed), s.Frequency, s.Octaves, s.Lacunarity, glFloat(s.Persistence))
	b.WriteString("const NoiseDomain noiseLibDomain = " + domainLiteral(cfg.Domain) + ";\n")
	b.WriteString(`
// noise is the configured noise at p, with derivatives (cpu.Sampler.At).
Sample noise(vec3 p) { return sampleAt(vec4(p, 0.0), noiseLibSettings, noiseLibDomain); }

// noise4 is the configured noise at p (cpu.Sampler.At4; only 4D perm-value uses w).
Sample noise4(vec4 p) { return sampleAt(p, noiseLibSettings, noiseLibDomain); }

// noiseValue is noise(p).v; the compiler drops the derivative work.
float noiseValue(vec3 p) { return noise(p).v; }
`)
	return b.String(), nil
}

// DomainRows returns the rows of the domain matrix, its translation and
// the rows of the derivative matrix, as NoiseDomain wants them; ok is false
// for no domain.
func DomainRows(d *cpu.Domain) (m [3][3]float32, t [3]float32, dm [3][3]float32, ok bool) {
	if d == nil {
		return m, t, dm, false
	}
	tr := d.Matrix()
	return tr.M, tr.T, d.DerivativeMatrix(), true
}

func domainLiteral(d *cpu.Domain) string {
	m, t, dm, ok := DomainRows(d)
	vec := func(v [3]float32) string {
		return fmt.Sprintf("vec3(%s, %s, %s)", glFloat(v[0]), glFloat(v[1]), glFloat(v[2]))
	}
	return fmt.Sprintf("NoiseDomain(%t, %s, %s, %s, %s, %s, %s, %s)", ok,
		vec(m[0]), vec(m[1]), vec(m[2]), vec(t), vec(dm[0]), vec(dm[1]), vec(dm[2]))
}

// glFloat writes f as its exact bit pattern.
func glFloat(f float32) string { return fmt.Sprintf("uintBitsToFloat(0x%08Xu)", math.Float32bits(f)) }

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
