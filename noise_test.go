package noise_test

import (
	"math"
	"strings"
	"testing"

	"github.com/noiselab/noise"
)

// TestConfigValidation checks that every invalid configuration is refused
// with an error naming the field and its valid range, and that the edges of
// the valid ranges are accepted.
func TestConfigValidation(t *testing.T) {
	def := noise.DefaultSettings()
	with := func(f func(*noise.Settings)) noise.Settings { s := def; f(&s); return s }
	bad := []struct {
		cfg  noise.Config
		want []string // substrings of the error
	}{
		{noise.Config{Noise: noise.Perlin, Dims: 0, Settings: def}, []string{"dims 0", "1 to 4"}},
		{noise.Config{Noise: noise.Perlin, Dims: 5, Settings: def}, []string{"dims 5", "1 to 4"}},
		{noise.Config{Noise: noise.VoronoiWorleyF1, Dims: 4, Settings: def}, []string{"dims 4", "1 to 3"}},
		{noise.Config{Noise: noise.Simplex, Dims: 4, Tiling: true, Settings: def}, []string{"simplex", "no tiling"}},
		{noise.Config{Noise: noise.PermValue, Dims: 5, Settings: def}, []string{"dims 5", "1 to 4"}},
		{noise.Config{Noise: noise.Noise(200), Dims: 3, Settings: def}, []string{"noise", "perlin"}},
		{noise.Config{Noise: noise.Simplex, Dims: 3, Tiling: true, Settings: def}, []string{"simplex", "no tiling"}},
		{noise.Config{Noise: noise.SimplexValueTurbulence, Dims: 1, Tiling: true, Settings: def}, []string{"no tiling"}},
		{noise.Config{Noise: noise.Perlin, Dims: 3, Settings: with(func(s *noise.Settings) { s.Frequency = 0 })}, []string{"frequency 0", "at least 2^-24"}},
		{noise.Config{Noise: noise.Perlin, Dims: 3, Settings: with(func(s *noise.Settings) { s.Frequency = 0x1p-25 })}, []string{"frequency 2.9802322e-08", "at least 2^-24"}},
		{noise.Config{Noise: noise.Perlin, Dims: 3, Settings: with(func(s *noise.Settings) { s.Frequency = float32(math.NaN()) })}, []string{"frequency NaN", "finite"}},
		{noise.Config{Noise: noise.Perlin, Dims: 3, Settings: with(func(s *noise.Settings) { s.Frequency = float32(math.Inf(1)) })}, []string{"frequency +Inf", "finite"}},
		{noise.Config{Noise: noise.Perlin, Dims: 3, Settings: with(func(s *noise.Settings) { s.Lacunarity = 0.5; s.Octaves = 2 })}, []string{"lacunarity 0.5", "at least 1"}},
		{noise.Config{Noise: noise.Perlin, Dims: 3, Settings: with(func(s *noise.Settings) { s.Lacunarity = float32(math.Inf(1)) })}, []string{"lacunarity +Inf", "finite"}},
		// a tiling variant wraps every octave at its frequency: whole numbers only
		{noise.Config{Noise: noise.Perlin, Dims: 3, Tiling: true, Settings: with(func(s *noise.Settings) { s.Frequency = 2.5 })}, []string{"frequency 2.5", "tiling", "whole number"}},
		{noise.Config{Noise: noise.PermValue, Dims: 4, Tiling: true, Settings: with(func(s *noise.Settings) { s.Lacunarity = 1.5; s.Octaves = 3 })}, []string{"lacunarity 1.5", "tiling", "whole number"}},
		// the top octave at most 2^24, where whole frequencies stay exact float32 products
		{noise.Config{Noise: noise.Perlin, Dims: 3, Settings: with(func(s *noise.Settings) { s.Frequency = 1<<24 + 2 })}, []string{"frequency", "2^24"}},
		{noise.Config{Noise: noise.Perlin, Dims: 3, Settings: with(func(s *noise.Settings) { s.Frequency = 3; s.Lacunarity = 3; s.Octaves = 16 })}, []string{"frequency", "lacunarity", "octaves", "2^24"}},
		{noise.Config{Noise: noise.Perlin, Dims: 3, Settings: with(func(s *noise.Settings) { s.Frequency = -3 })}, []string{"frequency -3"}},
		{noise.Config{Noise: noise.Perlin, Dims: 3, Settings: with(func(s *noise.Settings) { s.Octaves = 0 })}, []string{"octaves 0", "1 to 16"}},
		{noise.Config{Noise: noise.Perlin, Dims: 3, Settings: with(func(s *noise.Settings) { s.Octaves = 17 })}, []string{"octaves 17", "1 to 16"}},
		{noise.Config{Noise: noise.Perlin, Dims: 3, Settings: with(func(s *noise.Settings) { s.Lacunarity = 0 })}, []string{"lacunarity 0", "at least 1"}},
		{noise.Config{Noise: noise.Perlin, Dims: 3, Settings: with(func(s *noise.Settings) { s.Persistence = float32(math.NaN()) })}, []string{"persistence NaN", "finite"}},
		{noise.Config{Noise: noise.Perlin, Dims: 3, Settings: with(func(s *noise.Settings) { s.Persistence = float32(math.Inf(1)) })}, []string{"persistence", "finite"}},
		{noise.Config{Noise: noise.Perlin, Dims: 3, Settings: with(func(s *noise.Settings) { s.Persistence = -0.5 })}, []string{"persistence -0.5", "at least 0"}},
		{noise.Config{Noise: noise.Perlin, Dims: 3, Settings: with(func(s *noise.Settings) { s.Persistence = 1e6; s.Octaves = 5 })}, []string{"persistence", "2^64"}},
		{noise.Config{Noise: noise.Perlin, Dims: 3, Settings: with(func(s *noise.Settings) { s.Frequency = 1 << 20; s.Lacunarity = 4; s.Octaves = 7 })}, []string{"frequency", "lacunarity", "octaves", "2^24"}},
		{noise.Config{Noise: noise.Perlin, Dims: 3, Settings: def, Domain: &noise.Domain{Scale: [3]float32{1, float32(math.NaN()), 1}}}, []string{"scale y", "finite"}},
		{noise.Config{Noise: noise.Perlin, Dims: 3, Settings: def, Domain: &noise.Domain{Scale: [3]float32{1, 1, 1}, Rotation: [3]float32{0, 0, float32(math.Inf(-1))}}}, []string{"rotation z", "finite"}},
		// A Domain literal with only a translation has scale 0 (every point
		// would give one value): refused, naming the field and the fix.
		{noise.Config{Noise: noise.Perlin, Dims: 3, Settings: def, Domain: &noise.Domain{Translation: [3]float32{1, 2, 3}}}, []string{"scale x 0", "must not be zero", "IdentityDomain"}},
		{noise.Config{Noise: noise.Perlin, Dims: 3, Settings: def, Domain: &noise.Domain{Scale: [3]float32{2, 0, 2}}}, []string{"scale y 0"}},
		{noise.Config{Noise: noise.Perlin, Dims: 4, Settings: def, Domain: &noise.Domain{Scale: [3]float32{1, 1, 1}, ScaleW: float32(math.Inf(1))}}, []string{"scale w", "finite"}},
		{noise.Config{Noise: noise.Perlin, Dims: 4, Settings: def, Domain: &noise.Domain{Scale: [3]float32{1, 1, 1}, TranslationW: float32(math.NaN())}}, []string{"translation w", "finite"}},
	}
	if sw, tw := noise.Scale(0.25).WTransform(); sw != 0.25 || tw != 0 {
		t.Errorf("Scale(0.25): w scale %v, translation %v; want 0.25, 0 (all four coordinates scale)", sw, tw)
	}
	if sw, _ := noise.IdentityDomain().WTransform(); sw != 1 {
		t.Errorf("IdentityDomain: w scale %v, want 1", sw)
	}
	for _, b := range bad {
		err := b.cfg.Validate()
		if err == nil {
			t.Errorf("Validate(%+v) succeeded, want an error", b.cfg)
			continue
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("error %q spans several lines", err)
		}
		for _, w := range b.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("Validate(%+v) error %q does not mention %q", b.cfg, err, w)
			}
		}
	}
	good := []noise.Settings{
		with(func(s *noise.Settings) { s.Octaves = 16; s.Lacunarity = 2; s.Frequency = 1 << 9 }), // the top octave 2^24
		with(func(s *noise.Settings) { s.Octaves = 1; s.Frequency = 1 << 24 }),
		with(func(s *noise.Settings) { s.Frequency = 0x1p-24 }),
		with(func(s *noise.Settings) { s.Frequency = 2.5; s.Lacunarity = 1.5; s.Octaves = 16 }),
		with(func(s *noise.Settings) { s.Frequency = 0.01; s.Lacunarity = 1.0001; s.Octaves = 4 }),
		with(func(s *noise.Settings) { s.Persistence = 0 }),
		with(func(s *noise.Settings) { s.Lacunarity = 1; s.Octaves = 16 }),
		with(func(s *noise.Settings) { s.Seed = math.MinInt32 }),
		with(func(s *noise.Settings) { s.Persistence = 16; s.Octaves = 16 }),
	}
	for _, set := range good {
		if err := (noise.Config{Noise: noise.Perlin, Dims: 3, Settings: set}).Validate(); err != nil {
			t.Errorf("Validate with %+v: %v", set, err)
		}
	}
	for _, n := range noise.Noises() {
		if err := (noise.Config{Noise: n, Dims: n.MaxDims(), Tiling: n.Tiling(), Settings: def}).Validate(); err != nil {
			t.Errorf("%s %dD tiling=%v: %v", n, n.MaxDims(), n.Tiling(), err)
		}
		if got, err := noise.ParseNoise(n.String()); err != nil || got != n {
			t.Errorf("ParseNoise(%q) = %v, %v", n, got, err)
		}
	}
	if _, err := noise.ParseNoise("perlin3d"); err == nil || !strings.Contains(err.Error(), "voronoi-chebyshev-f2-minus-f1") {
		t.Errorf("ParseNoise error %v does not list the valid names", err)
	}
}

// TestNames: Config.Variant names a variant the one way every command uses,
// ParseNoises takes lists, and the parts print their names.
func TestNames(t *testing.T) {
	for _, c := range []struct {
		cfg  noise.Config
		want string
	}{
		{noise.Config{Noise: noise.Perlin, Dims: 3}, "perlin 3D"},
		{noise.Config{Noise: noise.VoronoiWorleyF2MinusF1, Dims: 2, Tiling: true}, "voronoi-worley-f2-minus-f1 2D tiling"},
		{noise.Config{Noise: noise.PermValue, Dims: 4, Settings: noise.DefaultSettings(), Domain: noise.Scale(2)}, "perm-value 4D"},
	} {
		if got := c.cfg.Variant(); got != c.want {
			t.Errorf("String() = %q, want %q", got, c.want)
		}
	}
	ns, err := noise.ParseNoises(" perlin,simplex , perm-value")
	if err != nil || len(ns) != 3 || ns[0] != noise.Perlin || ns[2] != noise.PermValue {
		t.Errorf("ParseNoises: %v, %v", ns, err)
	}
	if all, err := noise.ParseNoises("all"); err != nil || len(all) != len(noise.Noises()) {
		t.Errorf("ParseNoises(all): %d noises, %v", len(all), err)
	}
	if _, err := noise.ParseNoises("perlin,perlinn"); err == nil || !strings.Contains(err.Error(), `"perlinn"`) {
		t.Errorf("ParseNoises with a bad name: %v", err)
	}
	p := noise.VoronoiWorleySmoothPoly.Parts()
	if p.Family != noise.FamilyVoronoi || p.Metric != noise.MetricSmoothWorley || p.Function != noise.FunctionF2 ||
		p.Family.String() != "voronoi" || p.Metric.String() != "smooth-worley" || p.Function.String() != "f2" {
		t.Errorf("smooth-poly parts %+v (%s, %s, %s)", p, p.Family, p.Metric, p.Function)
	}
	if s := noise.SimplexSmoothTurbulence.Parts(); s.Gradient.String() != "simplex" || s.Combiner.String() != "smooth-turbulence" {
		t.Errorf("simplex-smooth-turbulence parts %+v", s)
	}
	if noise.Gradient(9).String() != "Gradient(9)" || noise.Noise(99).Valid() || !noise.Perlin.Valid() {
		t.Error("invalid enum values are not reported as such")
	}
}

// TestDomainMatrix: the identity domain's matrix is the identity, Scale(s)
// scales every axis by s, and the derivative matrix is the transpose.
func TestDomainMatrix(t *testing.T) {
	id := noise.IdentityDomain()
	if m, tr := id.Matrix(); m != [3][3]float32{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}} || tr != [3]float32{} {
		t.Errorf("identity matrix %v, %v", m, tr)
	}
	if m, _ := noise.Scale(0.01).Matrix(); m != [3][3]float32{{0.01, 0, 0}, {0, 0.01, 0}, {0, 0, 0.01}} {
		t.Errorf("Scale(0.01) matrix %v", m)
	}
	d := noise.Domain{Rotation: [3]float32{10, 20, 30}, Scale: [3]float32{1, 2, 3}}
	m, _ := d.Matrix()
	dm := d.DerivativeMatrix()
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			if dm[i][j] != m[j][i] {
				t.Fatalf("derivative matrix %v is not the transpose of %v", dm, m)
			}
		}
	}
	if err := noise.Scale(0.01).Validate(); err != nil {
		t.Errorf("Scale(0.01): %v", err)
	}
}
