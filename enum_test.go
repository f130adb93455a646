package noise_test

import (
	"encoding"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/noiselab/noise"
)

// enumCase is one enum type's helpers, and a few of its names known from
// the documentation (the independent check that the names are the right
// ones, not only consistent).
type enumCase[T interface {
	~uint8
	fmt.Stringer
}] struct {
	typ    string
	values func() []T
	names  func() []string
	parse  func(string) (T, error)
	valid  func(T) bool
	known  map[string]T
}

// checkEnum: every value round-trips through String and Parse (and the
// text encoding where the type has one, JSON included); the names list is
// the values' names, distinct, lower-case kebab words, and a copy; a bad
// name is refused with every valid name listed; the value after the last
// is invalid, prints as "Type(n)" and does not encode.
func checkEnum[T interface {
	~uint8
	fmt.Stringer
}](t *testing.T, c enumCase[T]) {
	t.Run(c.typ, func(t *testing.T) {
		values, names := c.values(), c.names()
		if len(values) == 0 || len(values) != len(names) {
			t.Fatalf("%d values, %d names", len(values), len(names))
		}
		kebab := regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)
		for i, v := range values {
			if int(v) != i || !c.valid(v) || v.String() != names[i] || !kebab.MatchString(names[i]) {
				t.Errorf("value %d: %d, valid %v, String %q, name %q", i, v, c.valid(v), v.String(), names[i])
			}
			if slices.Index(names, names[i]) != i {
				t.Errorf("name %q appears twice", names[i])
			}
			if p, err := c.parse(v.String()); err != nil || p != v {
				t.Errorf("parse(%q) = %v, %v", v.String(), p, err)
			}
			if m, ok := any(v).(encoding.TextMarshaler); ok {
				b, err := m.MarshalText()
				var back T
				uerr := any(&back).(encoding.TextUnmarshaler).UnmarshalText(b)
				if err != nil || string(b) != names[i] || uerr != nil || back != v {
					t.Errorf("text %v: %q, %v; back %v, %v", v, b, err, back, uerr)
				}
				js, err := json.Marshal(struct{ V T }{v})
				var jback struct{ V T }
				if err != nil || string(js) != `{"V":"`+names[i]+`"}` || json.Unmarshal(js, &jback) != nil || jback.V != v {
					t.Errorf("JSON %v: %s, %v; back %v", v, js, err, jback.V)
				}
			}
		}
		for name, want := range c.known {
			if got, err := c.parse(name); err != nil || got != want || want.String() != name {
				t.Errorf("parse(%q) = %v, %v; want %v", name, got, err, want)
			}
		}
		names[0] = "changed"
		if c.names()[0] == "changed" {
			t.Error("the names list is not a copy")
		}
		for _, bad := range []string{"bogus", "", strings.ToUpper(values[0].String()), values[0].String() + " "} {
			_, err := c.parse(bad)
			if err == nil {
				t.Errorf("parse(%q) succeeded", bad)
				continue
			}
			if msg := err.Error(); !strings.Contains(msg, fmt.Sprintf("%q", bad)) || !strings.Contains(msg, "valid: "+strings.Join(c.names(), ", ")) {
				t.Errorf("parse(%q): %q does not name it and list every valid name", bad, msg)
			}
		}
		invalid := T(len(values))
		if c.valid(invalid) || invalid.String() != fmt.Sprintf("%s(%d)", c.typ, len(values)) {
			t.Errorf("invalid value %d: valid %v, String %q", len(values), c.valid(invalid), invalid.String())
		}
		if m, ok := any(invalid).(encoding.TextMarshaler); ok {
			if _, err := m.MarshalText(); err == nil {
				t.Errorf("invalid value %d encodes", len(values))
			}
			keep := values[len(values)-1]
			if err := any(&keep).(encoding.TextUnmarshaler).UnmarshalText([]byte("bogus")); err == nil || keep != values[len(values)-1] {
				t.Errorf("UnmarshalText(bogus): %v, value %v", err, keep)
			}
			var s struct{ V T }
			if err := json.Unmarshal([]byte(`{"V":"bogus"}`), &s); err == nil || !strings.Contains(err.Error(), "valid: ") {
				t.Errorf("JSON bogus: %v", err)
			}
		}
	})
}

// TestEnums runs checkEnum on every enum type of the package.
func TestEnums(t *testing.T) {
	checkEnum(t, enumCase[noise.Noise]{"Noise", noise.Noises, noise.Names, noise.ParseNoise, noise.Noise.Valid,
		map[string]noise.Noise{"value": noise.Value, "perlin-smooth-turbulence": noise.PerlinSmoothTurbulence, "voronoi-worley-f2-minus-f1": noise.VoronoiWorleyF2MinusF1, "perm-value": noise.PermValue}})
	checkEnum(t, enumCase[noise.Family]{"Family", noise.Families, noise.FamilyNames, noise.ParseFamily, noise.Family.Valid,
		map[string]noise.Family{"lattice": noise.FamilyLattice, "simplex": noise.FamilySimplex, "voronoi": noise.FamilyVoronoi, "perm": noise.FamilyPerm}})
	checkEnum(t, enumCase[noise.Gradient]{"Gradient", noise.Gradients, noise.GradientNames, noise.ParseGradient, noise.Gradient.Valid,
		map[string]noise.Gradient{"value": noise.GradientValue, "perlin": noise.GradientPerlin, "simplex": noise.GradientSimplex}})
	checkEnum(t, enumCase[noise.Combiner]{"Combiner", noise.Combiners, noise.CombinerNames, noise.ParseCombiner, noise.Combiner.Valid,
		map[string]noise.Combiner{"none": noise.CombineNone, "turbulence": noise.CombineTurbulence, "smooth-turbulence": noise.CombineSmoothTurbulence}})
	checkEnum(t, enumCase[noise.Metric]{"Metric", noise.Metrics, noise.MetricNames, noise.ParseMetric, noise.Metric.Valid,
		map[string]noise.Metric{"worley": noise.MetricWorley, "chebyshev": noise.MetricChebyshev, "smooth-worley": noise.MetricSmoothWorley}})
	checkEnum(t, enumCase[noise.Function]{"Function", noise.Functions, noise.FunctionNames, noise.ParseFunction, noise.Function.Valid,
		map[string]noise.Function{"f1": noise.FunctionF1, "f2": noise.FunctionF2, "f2-minus-f1": noise.FunctionF2MinusF1}})
	checkEnum(t, enumCase[noise.Fractal]{"Fractal", noise.Fractals, noise.FractalNames, noise.ParseFractal, noise.Fractal.Valid,
		map[string]noise.Fractal{"fbm": noise.FractalFBm, "ridged": noise.FractalRidged, "billow": noise.FractalBillow, "pingpong": noise.FractalPingPong}})
	checkEnum(t, enumCase[noise.WarpMode]{"WarpMode", noise.WarpModes, noise.WarpModeNames, noise.ParseWarpMode, noise.WarpMode.Valid,
		map[string]noise.WarpMode{"independent": noise.WarpIndependent, "progressive": noise.WarpProgressive}})
}

// TestEnumsInJSON: the enum types a program keeps in JSON encode as their
// names: the settings' fractal and warp modes, and a noise type.
func TestEnumsInJSON(t *testing.T) {
	s := noise.DefaultSettings()
	s.Fractal, s.WarpMode, s.WarpAmplitude, s.WarpOctaves = noise.FractalRidged, noise.WarpProgressive, 0.5, 2
	b, err := json.Marshal(s)
	if err != nil || !strings.Contains(string(b), `"fractal":"ridged"`) || !strings.Contains(string(b), `"progressive"`) {
		t.Fatalf("settings JSON: %s, %v", b, err)
	}
	var back noise.Settings
	if err := json.Unmarshal(b, &back); err != nil || back != s {
		t.Errorf("settings back: %+v, %v; want %+v", back, err, s)
	}
	var n struct{ Noise noise.Noise }
	if err := json.Unmarshal([]byte(`{"Noise":"simplex-value"}`), &n); err != nil || n.Noise != noise.SimplexValue {
		t.Errorf("noise JSON: %v, %v", n.Noise, err)
	}
}
