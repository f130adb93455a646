// Package appendixa holds the test vectors of docs/algorithms.md §10 (A.1,
// A.2, A.3, A.4, A.6 and A.7), copied verbatim from the upstream
// specification's text into appendix_a.md and parsed here, and the one
// check of them (Check) that the cpu tests and "noise selfcheck" run, so
// every test compares against the same independent numbers.
package appendixa

import (
	_ "embed"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

//go:embed appendix_a.md
var Text string

// Points are the four sample positions of Appendix A (float32 literals).
var Points = [4][3]float32{{0.1, 0.2, 0.3}, {-0.37, 0.61, 0.83}, {1.7, -2.3, 0.45}, {0.5, 0.5, 0.5}}

// Settings are fractal settings in plain numbers.
type Settings struct {
	Seed, Frequency, Octaves, Lacunarity int
	Persistence                          float32
}

// SettingsA is the UI default; SettingsB exercises the fractal loop.
var (
	SettingsA = Settings{Seed: 0, Frequency: 4, Octaves: 1, Lacunarity: 2, Persistence: 0.5}
	SettingsB = Settings{Seed: 12, Frequency: 3, Octaves: 3, Lacunarity: 2, Persistence: 0.5}
)

// ValueCase is one row of A.1 or A.2: the value bits at the four points.
type ValueCase struct {
	Table    string // "A.1" or "A.2"
	Noise    string // the project's noise name
	Dims     int
	Tiling   bool
	Settings Settings
	Want     [4]uint32
}

// DerivCase is one row and point of A.3: v, dx, dy, dz under settings A.
type DerivCase struct {
	Noise string
	Dims  int
	Point int
	Want  [4]float32
}

// DomainCase is one point of A.7: Perlin 3D, settings A, translation
// (1,2,3), rotation (30°,45°,60°), scale (2,3,4).
type DomainCase struct {
	Point int
	PN    uint32     // value bits with the PN (quaternion TRS) matrix
	PS    uint32     // value bits with the PS matrix
	Grad  [3]float32 // DerivativeMatrix · (dx, dy, dz) of the PS sample
}

// Domain of A.7.
var (
	DomainTranslation = [3]float32{1, 2, 3}
	DomainRotation    = [3]float32{30, 45, 60}
	DomainScale       = [3]float32{2, 3, 4}
)

// kebab turns the specification's C# names into the project's names:
// VoronoiWorleyF2MinusF1 → voronoi-worley-f2-minus-f1.
func kebab(s string) string {
	var b strings.Builder
	for i, r := range s {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte('-')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

func section(name string) string {
	start := strings.Index(Text, "### "+name)
	if start < 0 {
		return ""
	}
	rest := Text[start+4:]
	if end := strings.Index(rest, "\n### "); end >= 0 {
		rest = rest[:end]
	}
	return rest
}

func cells(line string) []string {
	parts := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

// ValueCases returns every row of A.1 and A.2, plus the omitted 1D
// Chebyshev rows, which the specification says equal the 1D Worley rows.
func ValueCases() ([]ValueCase, error) {
	var out []ValueCase
	for _, t := range []struct {
		name string
		s    Settings
	}{{"A.1", SettingsA}, {"A.2", SettingsB}} {
		for _, line := range strings.Split(section(t.name), "\n") {
			c := cells(line)
			if len(c) != 7 || c[0] == "type" || strings.HasPrefix(c[0], "---") {
				continue
			}
			dims, err := strconv.Atoi(c[1])
			if err != nil {
				return nil, fmt.Errorf("%s: bad dim in %q", t.name, line)
			}
			vc := ValueCase{Table: t.name, Noise: kebab(c[0]), Dims: dims, Tiling: c[2] == "yes", Settings: t.s}
			for i := range vc.Want {
				b, err := strconv.ParseUint(c[3+i], 16, 32)
				if err != nil {
					return nil, fmt.Errorf("%s: bad bits in %q", t.name, line)
				}
				vc.Want[i] = uint32(b)
			}
			out = append(out, vc)
			if dims == 1 && strings.HasPrefix(vc.Noise, "voronoi-worley-") {
				cheb := vc
				cheb.Noise = strings.Replace(vc.Noise, "worley", "chebyshev", 1)
				out = append(out, cheb)
			}
		}
	}
	if len(out) != 2*(66+6) {
		return nil, fmt.Errorf("appendix A: parsed %d value cases, want %d", len(out), 2*(66+6))
	}
	return out, nil
}

// a3Names maps the A.3 row labels to the project's names.
var a3Names = map[string]string{
	"Perlin":                          "perlin",
	"Value":                           "value",
	"Simplex":                         "simplex",
	"SimplexValue":                    "simplex-value",
	"Smoothstep<Turbulence<Simplex>>": "simplex-smooth-turbulence",
	"Smoothstep<Turbulence<Perlin>>":  "perlin-smooth-turbulence",
	"Worley F1":                       "voronoi-worley-f1",
	"Worley F2-F1":                    "voronoi-worley-f2-minus-f1",
	"Chebyshev F1":                    "voronoi-chebyshev-f1",
	"SmoothWorley F1 (LSE)":           "voronoi-worley-smooth-lse",
	"SmoothWorley F2 (poly)":          "voronoi-worley-smooth-poly",
}

func parseFloats(s string, n int) ([]float32, error) {
	parts := strings.Split(s, ",")
	if len(parts) != n {
		return nil, fmt.Errorf("want %d numbers in %q", n, s)
	}
	out := make([]float32, n)
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 32)
		if err != nil {
			return nil, err
		}
		out[i] = float32(f)
	}
	return out, nil
}

// DerivCases returns the rows of A.3, two points each.
func DerivCases() ([]DerivCase, error) {
	var out []DerivCase
	for _, line := range strings.Split(section("A.3"), "\n") {
		c := cells(line)
		if len(c) != 3 || c[0] == "noise" || strings.HasPrefix(c[0], "---") {
			continue
		}
		label := strings.TrimSpace(c[0])
		cut := strings.LastIndex(label, " ")
		name, ok := a3Names[label[:cut]]
		if !ok {
			return nil, fmt.Errorf("A.3: unknown noise %q", label)
		}
		dims, err := strconv.Atoi(strings.TrimSuffix(label[cut+1:], "D"))
		if err != nil {
			return nil, fmt.Errorf("A.3: bad dims in %q", label)
		}
		for p := 0; p < 2; p++ {
			f, err := parseFloats(c[1+p], 4)
			if err != nil {
				return nil, fmt.Errorf("A.3 %s: %v", label, err)
			}
			out = append(out, DerivCase{Noise: name, Dims: dims, Point: p, Want: [4]float32{f[0], f[1], f[2], f[3]}})
		}
	}
	if len(out) != 30 {
		return nil, fmt.Errorf("appendix A.3: parsed %d cases, want 30", len(out))
	}
	return out, nil
}

var a7Line = regexp.MustCompile(`p(\d): PN-matrix v=\S+ \(([0-9A-F]{8})\)\s+PS-matrix v=\S+ \(([0-9A-F]{8})\) world-space grad=\(([^)]*)\)`)

// DomainCases returns the four points of A.7.
func DomainCases() ([]DomainCase, error) {
	var out []DomainCase
	for _, m := range a7Line.FindAllStringSubmatch(section("A.7"), -1) {
		p, _ := strconv.Atoi(m[1])
		pn, _ := strconv.ParseUint(m[2], 16, 32)
		ps, _ := strconv.ParseUint(m[3], 16, 32)
		g, err := parseFloats(m[4], 3)
		if err != nil {
			return nil, fmt.Errorf("A.7: %v", err)
		}
		out = append(out, DomainCase{Point: p, PN: uint32(pn), PS: uint32(ps), Grad: [3]float32{g[0], g[1], g[2]}})
	}
	if len(out) != 4 {
		return nil, fmt.Errorf("appendix A.7: parsed %d cases, want 4", len(out))
	}
	return out, nil
}

// SameBits reports whether got has the bits want, treating +0 and −0 as equal.
func SameBits(got float32, want uint32) bool {
	b := math.Float32bits(got)
	return b == want || (b&^(1<<31) == 0 && want&^(1<<31) == 0)
}

// PipelineCase is one point of A.4: the plane of resolution 5 through a
// domain of scale 8, sampled with settings A.
type PipelineCase struct {
	Group, Lane int
	UV          [2]float32
	Q           [3]float32 // domain position
	Perlin3D    uint32     // value bits
	Simplex3D   uint32
	WorleyF13D  uint32
}

var a4Line = regexp.MustCompile(`\| (\d) \| (\d) \| \(([^)]*)\) \| \(([^)]*)\) \| \S+ \(([0-9A-F]{8})\) \| \S+ \(([0-9A-F]{8})\) \| \S+ \(([0-9A-F]{8})\) \|`)

// PipelineCases returns the rows of A.4.
func PipelineCases() ([]PipelineCase, error) {
	var out []PipelineCase
	for _, m := range a4Line.FindAllStringSubmatch(section("A.4"), -1) {
		var c PipelineCase
		c.Group, _ = strconv.Atoi(m[1])
		c.Lane, _ = strconv.Atoi(m[2])
		uv, err := parseFloats(m[3], 2)
		if err != nil {
			return nil, fmt.Errorf("A.4: %v", err)
		}
		q, err := parseFloats(m[4], 3)
		if err != nil {
			return nil, fmt.Errorf("A.4: %v", err)
		}
		c.UV, c.Q = [2]float32{uv[0], uv[1]}, [3]float32{q[0], q[1], q[2]}
		for i, dst := range []*uint32{&c.Perlin3D, &c.Simplex3D, &c.WorleyF13D} {
			b, _ := strconv.ParseUint(m[5+i], 16, 32)
			*dst = uint32(b)
		}
		out = append(out, c)
	}
	if len(out) != 8 {
		return nil, fmt.Errorf("appendix A.4: parsed %d cases, want 8", len(out))
	}
	return out, nil
}

// ShapeCase is one lane of A.6: resolution 8, group 3 (grid point 12+lane).
type ShapeCase struct {
	Lane        int
	UV          [2]float32
	Octa        [3]float32 // octahedron sphere position
	UVSphere    [3]float32
	Torus       [3]float32
	TorusNormal [3]float32 // before normalisation
}

var a6Line = regexp.MustCompile(`lane (\d): uv=\(([^)]*)\) octa=\(([^)]*)\) uvs=\(([^)]*)\) torus=\(([^)]*)\) tn=\(([^)]*)\)`)

// ShapeCases returns the four lanes of A.6.
func ShapeCases() ([]ShapeCase, error) {
	var out []ShapeCase
	for _, m := range a6Line.FindAllStringSubmatch(section("A.6"), -1) {
		var c ShapeCase
		c.Lane, _ = strconv.Atoi(m[1])
		uv, err := parseFloats(m[2], 2)
		if err != nil {
			return nil, fmt.Errorf("A.6: %v", err)
		}
		c.UV = [2]float32{uv[0], uv[1]}
		for i, dst := range []*[3]float32{&c.Octa, &c.UVSphere, &c.Torus, &c.TorusNormal} {
			f, err := parseFloats(m[3+i], 3)
			if err != nil {
				return nil, fmt.Errorf("A.6: %v", err)
			}
			*dst = [3]float32{f[0], f[1], f[2]}
		}
		out = append(out, c)
	}
	if len(out) != 4 {
		return nil, fmt.Errorf("appendix A.6: parsed %d cases, want 4", len(out))
	}
	return out, nil
}
