package cpu

import (
	"fmt"
	"strings"
)

// Noise is a noise type of the project's variant vocabulary. Every command
// of the project names noise types by Noise.String.
type Noise uint8

// The noise types, in the order `noise list` prints them.
const (
	Value                     Noise = iota // lattice value noise
	ValueTurbulence                        // |value|
	Perlin                                 // lattice gradient noise
	PerlinTurbulence                       // |perlin|
	PerlinSmoothTurbulence                 // smoothstep(|perlin|)
	Simplex                                // simplex gradient noise
	SimplexTurbulence                      // |simplex|
	SimplexSmoothTurbulence                // smoothstep(|simplex|)
	SimplexValue                           // simplex kernels over value gradients
	SimplexValueTurbulence                 // |simplex value|
	VoronoiWorleyF1                        // Euclidean distance to the nearest cell point
	VoronoiWorleyF2                        // ... to the second-nearest
	VoronoiWorleyF2MinusF1                 // F2 − F1
	VoronoiChebyshevF1                     // chessboard distance, nearest
	VoronoiChebyshevF2                     // ... second-nearest
	VoronoiChebyshevF2MinusF1              // F2 − F1
	VoronoiWorleySmoothLSE                 // log-sum-exp smooth minimum (PS 4), in the F1 slot
	VoronoiWorleySmoothPoly                // polynomial smooth minimum (PS 4), in the F2 slot
	PermValue                              // the Rust blog's permutation-table value noise, fixed mode
	numNoises
)

type family uint8

const (
	familyLattice family = iota
	familySimplex
	familyVoronoi
	familyPerm
)

type noiseInfo struct {
	name     string
	family   family
	grad     gradient
	comb     combiner
	metric   metric
	function voronoiFunction
	about    string
}

var noiseTable = [numNoises]noiseInfo{
	Value:                     {"value", familyLattice, gradValue, combineNone, 0, 0, "lattice value noise"},
	ValueTurbulence:           {"value-turbulence", familyLattice, gradValue, combineTurbulence, 0, 0, "absolute lattice value noise"},
	Perlin:                    {"perlin", familyLattice, gradPerlin, combineNone, 0, 0, "Perlin gradient noise"},
	PerlinTurbulence:          {"perlin-turbulence", familyLattice, gradPerlin, combineTurbulence, 0, 0, "absolute Perlin noise"},
	PerlinSmoothTurbulence:    {"perlin-smooth-turbulence", familyLattice, gradPerlin, combineSmoothTurbulence, 0, 0, "smoothstep of absolute Perlin noise"},
	Simplex:                   {"simplex", familySimplex, gradSimplex, combineNone, 0, 0, "simplex gradient noise"},
	SimplexTurbulence:         {"simplex-turbulence", familySimplex, gradSimplex, combineTurbulence, 0, 0, "absolute simplex noise"},
	SimplexSmoothTurbulence:   {"simplex-smooth-turbulence", familySimplex, gradSimplex, combineSmoothTurbulence, 0, 0, "smoothstep of absolute simplex noise"},
	SimplexValue:              {"simplex-value", familySimplex, gradValue, combineNone, 0, 0, "simplex kernels over value gradients"},
	SimplexValueTurbulence:    {"simplex-value-turbulence", familySimplex, gradValue, combineTurbulence, 0, 0, "absolute simplex value noise"},
	VoronoiWorleyF1:           {"voronoi-worley-f1", familyVoronoi, 0, 0, metricWorley, functionF1, "Euclidean distance to the nearest cell point"},
	VoronoiWorleyF2:           {"voronoi-worley-f2", familyVoronoi, 0, 0, metricWorley, functionF2, "Euclidean distance to the second-nearest cell point"},
	VoronoiWorleyF2MinusF1:    {"voronoi-worley-f2-minus-f1", familyVoronoi, 0, 0, metricWorley, functionF2MinusF1, "Worley F2 − F1 (cell borders)"},
	VoronoiChebyshevF1:        {"voronoi-chebyshev-f1", familyVoronoi, 0, 0, metricChebyshev, functionF1, "chessboard distance to the nearest cell point"},
	VoronoiChebyshevF2:        {"voronoi-chebyshev-f2", familyVoronoi, 0, 0, metricChebyshev, functionF2, "chessboard distance to the second-nearest cell point"},
	VoronoiChebyshevF2MinusF1: {"voronoi-chebyshev-f2-minus-f1", familyVoronoi, 0, 0, metricChebyshev, functionF2MinusF1, "Chebyshev F2 − F1"},
	VoronoiWorleySmoothLSE:    {"voronoi-worley-smooth-lse", familyVoronoi, 0, 0, metricSmoothWorley, functionF1, "smooth Worley F1, log-sum-exp minimum"},
	VoronoiWorleySmoothPoly:   {"voronoi-worley-smooth-poly", familyVoronoi, 0, 0, metricSmoothWorley, functionF2, "smooth Worley, polynomial minimum"},
	PermValue:                 {"perm-value", familyPerm, 0, 0, 0, 0, "permutation-table value noise (Rust blog, fixed mode)"},
}

// Noises returns every noise type in vocabulary order.
func Noises() []Noise {
	out := make([]Noise, numNoises)
	for i := range out {
		out[i] = Noise(i)
	}
	return out
}

// Names returns every noise name in vocabulary order.
func Names() []string {
	out := make([]string, numNoises)
	for i := range out {
		out[i] = noiseTable[i].name
	}
	return out
}

// String returns the noise's name, e.g. "perlin-turbulence".
func (n Noise) String() string {
	if n >= numNoises {
		return fmt.Sprintf("Noise(%d)", uint8(n))
	}
	return noiseTable[n].name
}

// Description returns a short description of the noise.
func (n Noise) Description() string {
	if n >= numNoises {
		return ""
	}
	return noiseTable[n].about
}

// ParseNoise returns the noise type with the given name. The error lists the
// valid names.
func ParseNoise(name string) (Noise, error) {
	for i := range noiseTable {
		if noiseTable[i].name == name {
			return Noise(i), nil
		}
	}
	return 0, fmt.Errorf("unknown noise %q; valid: %s", name, strings.Join(Names(), ", "))
}

// MaxDims returns the highest dimension the noise supports: 4 for
// PermValue, 3 for the others. Every noise supports 1 through MaxDims.
func (n Noise) MaxDims() int {
	if n == PermValue {
		return 4
	}
	return 3
}

// Tiling reports whether the noise has a tiling variant. Simplex noise has
// none (SPEC §4): asking for it is an error, not a silent fallback.
func (n Noise) Tiling() bool { return n < numNoises && noiseTable[n].family != familySimplex }

// Range returns the closed interval the noise's value lies in at the given
// dimension (SPEC §12); fractal summation keeps it. Perlin 3D can exceed 1
// in magnitude by about 3e-6 in theory (the tutorial's normalisation constant
// is rounded); 1D Voronoi F2 and F2 − F1 reach up to 1.5 (they are not
// clamped). Smooth Worley is 0 outside its window.
func (n Noise) Range(dims int) (lo, hi float32) {
	if n >= numNoises {
		return 0, 0
	}
	info := noiseTable[n]
	switch info.family {
	case familyVoronoi:
		if dims == 1 && info.metric != metricSmoothWorley && info.function != functionF1 {
			return 0, 1.5
		}
		return 0, 1
	case familyPerm:
		return -1, 1
	}
	if info.comb != combineNone {
		return 0, 1
	}
	return -1, 1
}

// Parts is how a noise type is composed (the tutorials' generic
// structure): its family, gradient, combine step, Voronoi metric and
// Voronoi function. The GLSL mirrors specialise on these codes; each field
// is 0 where it does not apply.
type Parts struct {
	Family   int // 0 lattice, 1 simplex, 2 Voronoi, 3 perm-value
	Gradient int // 0 value, 1 Perlin, 2 simplex (lattice and simplex families)
	Combiner int // 0 none, 1 turbulence, 2 smooth turbulence
	Metric   int // 0 Worley, 1 Chebyshev, 2 smooth Worley (Voronoi)
	Function int // 0 F1, 1 F2, 2 F2 − F1 (Voronoi)
}

// Parts returns the composition of n; the zero Parts for an invalid n.
func (n Noise) Parts() Parts {
	if n >= numNoises {
		return Parts{}
	}
	i := noiseTable[n]
	return Parts{int(i.family), int(i.grad), int(i.comb), int(i.metric), int(i.function)}
}
