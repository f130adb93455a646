package noise

import (
	"fmt"
	"strings"
)

// enum is the one family of helpers behind every enum type of the package
// (Noise, Family, Gradient, Combiner, Metric, Function, Fractal, WarpMode):
// the value's name, validity, parsing with an error that lists the valid
// names, the list of values and names, and the text encoding.
type enum[T ~uint8] struct {
	typ   string   // the Go type, for String of an invalid value: "Fractal(7)"
	kind  string   // what the error messages call a value: "fractal mode"
	names []string // by value
}

// name is String: the value's name, or "Type(n)" for an invalid value.
func (e enum[T]) name(v T) string {
	if e.valid(v) {
		return e.names[v]
	}
	return fmt.Sprintf("%s(%d)", e.typ, uint8(v))
}

func (e enum[T]) valid(v T) bool { return int(v) < len(e.names) }

// parse returns the value named name; the error names the kind and lists
// the valid names.
func (e enum[T]) parse(name string) (T, error) {
	for i, n := range e.names {
		if n == name {
			return T(i), nil
		}
	}
	return 0, fmt.Errorf("unknown %s %q; valid: %s", e.kind, name, strings.Join(e.names, ", "))
}

// values returns every value in order.
func (e enum[T]) values() []T {
	out := make([]T, len(e.names))
	for i := range out {
		out[i] = T(i)
	}
	return out
}

// nameList returns a copy of the names.
func (e enum[T]) nameList() []string { return append([]string(nil), e.names...) }

// marshal is MarshalText: the name; an invalid value is an error.
func (e enum[T]) marshal(v T) ([]byte, error) {
	if !e.valid(v) {
		return nil, fmt.Errorf("invalid %s %d", e.kind, uint8(v))
	}
	return []byte(e.names[v]), nil
}

// unmarshal is UnmarshalText: *p is left alone on an error.
func (e enum[T]) unmarshal(p *T, b []byte) error {
	v, err := e.parse(string(b))
	if err == nil {
		*p = v
	}
	return err
}

var (
	noiseEnum    = enum[Noise]{"Noise", "noise", noiseNames()}
	familyEnum   = enum[Family]{"Family", "family", []string{"lattice", "simplex", "voronoi", "perm"}}
	gradientEnum = enum[Gradient]{"Gradient", "gradient", []string{"value", "perlin", "simplex"}}
	combinerEnum = enum[Combiner]{"Combiner", "combine step", []string{"none", "turbulence", "smooth-turbulence"}}
	metricEnum   = enum[Metric]{"Metric", "metric", []string{"worley", "chebyshev", "smooth-worley"}}
	functionEnum = enum[Function]{"Function", "function", []string{"f1", "f2", "f2-minus-f1", "f1-plus-f2", "f1-times-f2", "f1-div-f2", "cell-value"}}
	fractalEnum  = enum[Fractal]{"Fractal", "fractal mode", []string{"fbm", "ridged", "billow", "pingpong"}}
	warpModeEnum = enum[WarpMode]{"WarpMode", "warp mode", []string{"independent", "progressive"}}
)

func noiseNames() []string {
	out := make([]string, numNoises)
	for i := range out {
		out[i] = noiseTable[i].name
	}
	return out
}

// Noise: String, Valid, Noises, Names, ParseNoise (noise.go: ParseNoises),
// MarshalText, UnmarshalText.

// String returns the noise's name, e.g. "perlin-turbulence".
func (n Noise) String() string { return noiseEnum.name(n) }

// Valid reports whether n is one of the noise types.
func (n Noise) Valid() bool { return noiseEnum.valid(n) }

// Noises returns every noise type in vocabulary order.
func Noises() []Noise { return noiseEnum.values() }

// Names returns every noise name in vocabulary order.
func Names() []string { return noiseEnum.nameList() }

// ParseNoise returns the noise type with the given name. The error lists the
// valid names.
func ParseNoise(name string) (Noise, error) { return noiseEnum.parse(name) }

// MarshalText encodes the noise as its name (JSON: "perlin").
func (n Noise) MarshalText() ([]byte, error) { return noiseEnum.marshal(n) }

// UnmarshalText decodes a noise's name.
func (n *Noise) UnmarshalText(b []byte) error { return noiseEnum.unmarshal(n, b) }

// String returns the family's name, e.g. "lattice".
func (f Family) String() string { return familyEnum.name(f) }

// Valid reports whether f is one of the families.
func (f Family) Valid() bool { return familyEnum.valid(f) }

// Families returns every family, FamilyLattice first.
func Families() []Family { return familyEnum.values() }

// FamilyNames returns the names of the families.
func FamilyNames() []string { return familyEnum.nameList() }

// ParseFamily returns the family with the given name. The error lists the
// valid names.
func ParseFamily(name string) (Family, error) { return familyEnum.parse(name) }

// String returns the gradient's name, e.g. "perlin".
func (g Gradient) String() string { return gradientEnum.name(g) }

// Valid reports whether g is one of the gradients.
func (g Gradient) Valid() bool { return gradientEnum.valid(g) }

// Gradients returns every gradient, GradientValue first.
func Gradients() []Gradient { return gradientEnum.values() }

// GradientNames returns the names of the gradients.
func GradientNames() []string { return gradientEnum.nameList() }

// ParseGradient returns the gradient with the given name. The error lists
// the valid names.
func ParseGradient(name string) (Gradient, error) { return gradientEnum.parse(name) }

// String returns the combine step's name, e.g. "turbulence".
func (c Combiner) String() string { return combinerEnum.name(c) }

// Valid reports whether c is one of the combine steps.
func (c Combiner) Valid() bool { return combinerEnum.valid(c) }

// Combiners returns every combine step, CombineNone first.
func Combiners() []Combiner { return combinerEnum.values() }

// CombinerNames returns the names of the combine steps.
func CombinerNames() []string { return combinerEnum.nameList() }

// ParseCombiner returns the combine step with the given name. The error
// lists the valid names.
func ParseCombiner(name string) (Combiner, error) { return combinerEnum.parse(name) }

// String returns the metric's name, e.g. "worley".
func (m Metric) String() string { return metricEnum.name(m) }

// Valid reports whether m is one of the metrics.
func (m Metric) Valid() bool { return metricEnum.valid(m) }

// Metrics returns every metric, MetricWorley first.
func Metrics() []Metric { return metricEnum.values() }

// MetricNames returns the names of the metrics.
func MetricNames() []string { return metricEnum.nameList() }

// ParseMetric returns the metric with the given name. The error lists the
// valid names.
func ParseMetric(name string) (Metric, error) { return metricEnum.parse(name) }

// String returns the function's name, e.g. "f2-minus-f1".
func (f Function) String() string { return functionEnum.name(f) }

// Valid reports whether f is one of the functions.
func (f Function) Valid() bool { return functionEnum.valid(f) }

// Functions returns every function, FunctionF1 first.
func Functions() []Function { return functionEnum.values() }

// FunctionNames returns the names of the functions.
func FunctionNames() []string { return functionEnum.nameList() }

// ParseFunction returns the function with the given name. The error lists
// the valid names.
func ParseFunction(name string) (Function, error) { return functionEnum.parse(name) }

// String returns the mode's name, e.g. "ridged".
func (f Fractal) String() string { return fractalEnum.name(f) }

// Valid reports whether f is one of the fractal modes.
func (f Fractal) Valid() bool { return fractalEnum.valid(f) }

// Fractals returns every fractal mode, FractalFBm first.
func Fractals() []Fractal { return fractalEnum.values() }

// FractalNames returns the names of the fractal modes.
func FractalNames() []string { return fractalEnum.nameList() }

// ParseFractal returns the fractal mode with the given name. The error
// lists the valid names.
func ParseFractal(name string) (Fractal, error) { return fractalEnum.parse(name) }

// MarshalText encodes the mode as its name (JSON: "ridged").
func (f Fractal) MarshalText() ([]byte, error) { return fractalEnum.marshal(f) }

// UnmarshalText decodes a mode's name.
func (f *Fractal) UnmarshalText(b []byte) error { return fractalEnum.unmarshal(f, b) }

// String returns the mode's name, e.g. "progressive".
func (m WarpMode) String() string { return warpModeEnum.name(m) }

// Valid reports whether m is one of the warp modes.
func (m WarpMode) Valid() bool { return warpModeEnum.valid(m) }

// WarpModes returns every warp mode, WarpIndependent first.
func WarpModes() []WarpMode { return warpModeEnum.values() }

// WarpModeNames returns the names of the warp modes.
func WarpModeNames() []string { return warpModeEnum.nameList() }

// ParseWarpMode returns the warp mode with the given name. The error lists
// the valid names.
func ParseWarpMode(name string) (WarpMode, error) { return warpModeEnum.parse(name) }

// MarshalText encodes the mode as its name (JSON: "progressive").
func (m WarpMode) MarshalText() ([]byte, error) { return warpModeEnum.marshal(m) }

// UnmarshalText decodes a mode's name.
func (m *WarpMode) UnmarshalText(b []byte) error { return warpModeEnum.unmarshal(m, b) }
