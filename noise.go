package noise

import "strings"

// Noise is a noise type of the project's vocabulary. Every command of the
// project names noise types by Noise.String.
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
	VoronoiWorleySmoothLSE                 // log-sum-exp smooth minimum, in the F1 slot
	VoronoiWorleySmoothPoly                // polynomial smooth minimum, in the F2 slot
	VoronoiWorleyF1PlusF2                  // F1 + F2
	VoronoiWorleyF1TimesF2                 // F1 · F2
	VoronoiWorleyF1DivF2                   // F1 / F2
	VoronoiWorleyCellValue                 // the nearest cell point's random value in [−1, 1]
	VoronoiChebyshevF1PlusF2               // F1 + F2
	VoronoiChebyshevF1TimesF2              // F1 · F2
	VoronoiChebyshevF1DivF2                // F1 / F2
	VoronoiChebyshevCellValue              // the nearest cell point's random value in [−1, 1]
	PermValue                              // the Rust blog's permutation-table value noise, fixed mode
	numNoises
)

// Family is how a noise is built (docs/algorithms.md §2–§5).
type Family uint8

// The families.
const (
	FamilyLattice Family = iota // value and Perlin noise on the integer lattice
	FamilySimplex               // kernels on the simplex grid
	FamilyVoronoi               // distances to cell points
	FamilyPerm                  // the permutation-table value noise
)

// Gradient is what a lattice or simplex noise puts at its corners.
type Gradient uint8

// The gradients.
const (
	GradientValue   Gradient = iota // a value in [−1, 1]
	GradientPerlin                  // the tutorials' line, square and octahedron gradients
	GradientSimplex                 // the same, normalised (circle, sphere), scaled for simplex kernels
)

// Combiner is the step applied to the combined value of a lattice or
// simplex noise.
type Combiner uint8

// The combine steps.
const (
	CombineNone             Combiner = iota
	CombineTurbulence                // |v|
	CombineSmoothTurbulence          // smoothstep(|v|)
)

// Metric is the distance of a Voronoi noise.
type Metric uint8

// The metrics.
const (
	MetricWorley       Metric = iota // Euclidean
	MetricChebyshev                  // chessboard
	MetricSmoothWorley               // Euclidean with smooth minima
)

// Function is what a Voronoi noise returns of its two nearest distances.
type Function uint8

// The functions.
const (
	FunctionF1        Function = iota // the nearest
	FunctionF2                        // the second-nearest
	FunctionF2MinusF1                 // their difference
	FunctionF1PlusF2                  // their sum
	FunctionF1TimesF2                 // their product
	FunctionF1DivF2                   // their quotient F1/F2 (0 where F2 is 0)
	FunctionCellValue                 // the nearest point's own random value in [−1, 1]
)

// Parts is how a noise type is composed (the tutorials' generic
// structure). Gradient and Combiner apply to the lattice and simplex
// families, Metric and Function to Voronoi; the others are zero.
type Parts struct {
	Family   Family
	Gradient Gradient
	Combiner Combiner
	Metric   Metric
	Function Function
}

type noiseInfo struct {
	name  string
	parts Parts
	about string
}

var noiseTable = [numNoises]noiseInfo{
	Value:                     {"value", Parts{FamilyLattice, GradientValue, CombineNone, 0, 0}, "lattice value noise"},
	ValueTurbulence:           {"value-turbulence", Parts{FamilyLattice, GradientValue, CombineTurbulence, 0, 0}, "absolute lattice value noise"},
	Perlin:                    {"perlin", Parts{FamilyLattice, GradientPerlin, CombineNone, 0, 0}, "Perlin gradient noise"},
	PerlinTurbulence:          {"perlin-turbulence", Parts{FamilyLattice, GradientPerlin, CombineTurbulence, 0, 0}, "absolute Perlin noise"},
	PerlinSmoothTurbulence:    {"perlin-smooth-turbulence", Parts{FamilyLattice, GradientPerlin, CombineSmoothTurbulence, 0, 0}, "smoothstep of absolute Perlin noise"},
	Simplex:                   {"simplex", Parts{FamilySimplex, GradientSimplex, CombineNone, 0, 0}, "simplex gradient noise"},
	SimplexTurbulence:         {"simplex-turbulence", Parts{FamilySimplex, GradientSimplex, CombineTurbulence, 0, 0}, "absolute simplex noise"},
	SimplexSmoothTurbulence:   {"simplex-smooth-turbulence", Parts{FamilySimplex, GradientSimplex, CombineSmoothTurbulence, 0, 0}, "smoothstep of absolute simplex noise"},
	SimplexValue:              {"simplex-value", Parts{FamilySimplex, GradientValue, CombineNone, 0, 0}, "simplex kernels over value gradients"},
	SimplexValueTurbulence:    {"simplex-value-turbulence", Parts{FamilySimplex, GradientValue, CombineTurbulence, 0, 0}, "absolute simplex value noise"},
	VoronoiWorleyF1:           {"voronoi-worley-f1", Parts{FamilyVoronoi, 0, 0, MetricWorley, FunctionF1}, "Euclidean distance to the nearest cell point"},
	VoronoiWorleyF2:           {"voronoi-worley-f2", Parts{FamilyVoronoi, 0, 0, MetricWorley, FunctionF2}, "Euclidean distance to the second-nearest cell point"},
	VoronoiWorleyF2MinusF1:    {"voronoi-worley-f2-minus-f1", Parts{FamilyVoronoi, 0, 0, MetricWorley, FunctionF2MinusF1}, "Worley F2 − F1 (cell borders)"},
	VoronoiChebyshevF1:        {"voronoi-chebyshev-f1", Parts{FamilyVoronoi, 0, 0, MetricChebyshev, FunctionF1}, "chessboard distance to the nearest cell point"},
	VoronoiChebyshevF2:        {"voronoi-chebyshev-f2", Parts{FamilyVoronoi, 0, 0, MetricChebyshev, FunctionF2}, "chessboard distance to the second-nearest cell point"},
	VoronoiChebyshevF2MinusF1: {"voronoi-chebyshev-f2-minus-f1", Parts{FamilyVoronoi, 0, 0, MetricChebyshev, FunctionF2MinusF1}, "Chebyshev F2 − F1"},
	VoronoiWorleySmoothLSE:    {"voronoi-worley-smooth-lse", Parts{FamilyVoronoi, 0, 0, MetricSmoothWorley, FunctionF1}, "smooth Worley F1, log-sum-exp minimum"},
	VoronoiWorleySmoothPoly:   {"voronoi-worley-smooth-poly", Parts{FamilyVoronoi, 0, 0, MetricSmoothWorley, FunctionF2}, "smooth Worley, polynomial minimum"},
	VoronoiWorleyF1PlusF2:     {"voronoi-worley-f1-plus-f2", Parts{FamilyVoronoi, 0, 0, MetricWorley, FunctionF1PlusF2}, "Worley F1 + F2"},
	VoronoiWorleyF1TimesF2:    {"voronoi-worley-f1-times-f2", Parts{FamilyVoronoi, 0, 0, MetricWorley, FunctionF1TimesF2}, "Worley F1 · F2"},
	VoronoiWorleyF1DivF2:      {"voronoi-worley-f1-div-f2", Parts{FamilyVoronoi, 0, 0, MetricWorley, FunctionF1DivF2}, "Worley F1 / F2"},
	VoronoiWorleyCellValue:    {"voronoi-worley-cell-value", Parts{FamilyVoronoi, 0, 0, MetricWorley, FunctionCellValue}, "a random value per cell, nearest point by Euclidean distance"},
	VoronoiChebyshevF1PlusF2:  {"voronoi-chebyshev-f1-plus-f2", Parts{FamilyVoronoi, 0, 0, MetricChebyshev, FunctionF1PlusF2}, "Chebyshev F1 + F2"},
	VoronoiChebyshevF1TimesF2: {"voronoi-chebyshev-f1-times-f2", Parts{FamilyVoronoi, 0, 0, MetricChebyshev, FunctionF1TimesF2}, "Chebyshev F1 · F2"},
	VoronoiChebyshevF1DivF2:   {"voronoi-chebyshev-f1-div-f2", Parts{FamilyVoronoi, 0, 0, MetricChebyshev, FunctionF1DivF2}, "Chebyshev F1 / F2"},
	VoronoiChebyshevCellValue: {"voronoi-chebyshev-cell-value", Parts{FamilyVoronoi, 0, 0, MetricChebyshev, FunctionCellValue}, "a random value per cell, nearest point by chessboard distance"},
	PermValue:                 {"perm-value", Parts{FamilyPerm, 0, 0, 0, 0}, "permutation-table value noise (Rust blog, fixed mode)"},
}

// Description returns a short description of the noise.
func (n Noise) Description() string {
	if n >= numNoises {
		return ""
	}
	return noiseTable[n].about
}

// ParseNoises returns the noise types of a comma-separated list of names;
// "all" is every type. Spaces around names are ignored.
func ParseNoises(list string) ([]Noise, error) {
	if strings.TrimSpace(list) == "all" {
		return Noises(), nil
	}
	var out []Noise
	for _, name := range strings.Split(list, ",") {
		n, err := ParseNoise(strings.TrimSpace(name))
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

// MaxDims returns the highest dimension the noise supports: 3 for Voronoi
// noise, 4 for the others (lattice, simplex and perm-value). Every noise
// supports 1 through MaxDims.
func (n Noise) MaxDims() int {
	if n < numNoises && noiseTable[n].parts.Family == FamilyVoronoi {
		return 3
	}
	return 4
}

// Tiling reports whether the noise has a tiling variant. Simplex noise has
// none: asking for it is an error, not a silent fallback.
func (n Noise) Tiling() bool { return n < numNoises && noiseTable[n].parts.Family != FamilySimplex }

// Parts returns the composition of n; the zero Parts for an invalid n.
func (n Noise) Parts() Parts {
	if n >= numNoises {
		return Parts{}
	}
	return noiseTable[n].parts
}

// Range returns the closed interval the noise's value lies in at the given
// dimension (docs/algorithms.md §9), for every position and setting: the
// lattice, simplex and perm-value noises clamp their raw value to [−1, 1]
// before the combine step (§2.5, §5.2), and fractal summation keeps the
// range. 1D Voronoi F2 and F2 − F1 reach up to 1.5 (they are not clamped).
// Smooth Worley is 0 outside its window.
func (n Noise) Range(dims int) (lo, hi float32) {
	if n >= numNoises {
		return 0, 0
	}
	p := noiseTable[n].parts
	switch p.Family {
	case FamilyVoronoi:
		switch p.Function {
		case FunctionCellValue:
			return -1, 1
		case FunctionF1PlusF2:
			return 0, 2
		case FunctionF1TimesF2, FunctionF1DivF2:
			return 0, 1
		}
		if dims == 1 && p.Metric != MetricSmoothWorley && p.Function != FunctionF1 {
			return 0, 1.5
		}
		return 0, 1
	case FamilyPerm:
		return -1, 1
	}
	if p.Combiner != CombineNone {
		return 0, 1
	}
	return -1, 1
}
