package cpu_test

import (
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise/cpu"
)

// TestBatchAllocations checks that the batch API allocates nothing per
// position: the allocations of one call (goroutines and their closures) do
// not grow with the number of positions.
func TestBatchAllocations(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	for _, n := range []cpu.Noise{cpu.Perlin, cpu.VoronoiWorleyF2, cpu.PermValue} {
		s := mustSampler(t, cpu.Config{Noise: n, Dims: 3, Settings: cpu.DefaultSettings()})
		allocs := func(count int) (float64, float64) {
			pos := make([]mgl32.Vec3, count)
			for i := range pos {
				pos[i] = mgl32.Vec3{float32(i) * 0.001, 0.5, -float32(i) * 0.002}
			}
			vals := make([]float32, count)
			samples := make([]cpu.Sample, count)
			return testing.AllocsPerRun(5, func() { s.Values(pos, vals) }),
				testing.AllocsPerRun(5, func() { s.Samples(pos, samples) })
		}
		v1, s1 := allocs(20000)
		v2, s2 := allocs(200000)
		if v2 > v1 || s2 > s1 || v2 > 16 || s2 > 16 {
			t.Errorf("%s: Values allocates %v then %v times, Samples %v then %v times, for 20000 then 200000 positions", n, v1, v2, s1, s2)
		}
		pos, out, samples := []mgl32.Vec3{{0.1, 0.2, 0.3}}, make([]float32, 1), make([]cpu.Sample, 1)
		if a := testing.AllocsPerRun(100, func() { s.Values(pos, out); s.Samples(pos, samples) }); a != 0 {
			t.Errorf("%s: a one-position batch allocates %v times", n, a)
		}
		if a := testing.AllocsPerRun(100, func() { s.ValueAt(pos[0]); s.At(pos[0]) }); a != 0 {
			t.Errorf("%s: ValueAt/At allocate %v times", n, a)
		}
	}
}

// TestBatchLengthMismatch checks that a too-short output slice is reported
// (a programming error, like copy into a short slice would be silent).
func TestBatchLengthMismatch(t *testing.T) {
	s := mustSampler(t, cpu.Config{Noise: cpu.Perlin, Dims: 3, Settings: cpu.DefaultSettings()})
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "output slice") {
			t.Errorf("recover() = %v, want a panic about the output slice", r)
		}
	}()
	s.Values(make([]mgl32.Vec3, 3), make([]float32, 2))
}

// TestConfigValidation checks that every invalid configuration is refused
// with an error naming the field and its valid range, and that the edges of
// the valid ranges are accepted.
func TestConfigValidation(t *testing.T) {
	def := cpu.DefaultSettings()
	with := func(f func(*cpu.Settings)) cpu.Settings { s := def; f(&s); return s }
	bad := []struct {
		cfg  cpu.Config
		want []string // substrings of the error
	}{
		{cpu.Config{Noise: cpu.Perlin, Dims: 0, Settings: def}, []string{"dims 0", "1 to 3"}},
		{cpu.Config{Noise: cpu.Perlin, Dims: 4, Settings: def}, []string{"dims 4", "1 to 3"}},
		{cpu.Config{Noise: cpu.PermValue, Dims: 5, Settings: def}, []string{"dims 5", "1 to 4"}},
		{cpu.Config{Noise: cpu.Noise(200), Dims: 3, Settings: def}, []string{"noise", "perlin"}},
		{cpu.Config{Noise: cpu.Simplex, Dims: 3, Tiling: true, Settings: def}, []string{"simplex", "no tiling"}},
		{cpu.Config{Noise: cpu.SimplexValueTurbulence, Dims: 1, Tiling: true, Settings: def}, []string{"no tiling"}},
		{cpu.Config{Noise: cpu.Perlin, Dims: 3, Settings: with(func(s *cpu.Settings) { s.Frequency = 0 })}, []string{"frequency 0", "at least 1"}},
		{cpu.Config{Noise: cpu.Perlin, Dims: 3, Settings: with(func(s *cpu.Settings) { s.Frequency = -3 })}, []string{"frequency -3"}},
		{cpu.Config{Noise: cpu.Perlin, Dims: 3, Settings: with(func(s *cpu.Settings) { s.Octaves = 0 })}, []string{"octaves 0", "1 to 16"}},
		{cpu.Config{Noise: cpu.Perlin, Dims: 3, Settings: with(func(s *cpu.Settings) { s.Octaves = 17 })}, []string{"octaves 17", "1 to 16"}},
		{cpu.Config{Noise: cpu.Perlin, Dims: 3, Settings: with(func(s *cpu.Settings) { s.Lacunarity = 0 })}, []string{"lacunarity 0", "at least 1"}},
		{cpu.Config{Noise: cpu.Perlin, Dims: 3, Settings: with(func(s *cpu.Settings) { s.Persistence = float32(math.NaN()) })}, []string{"persistence NaN", "finite"}},
		{cpu.Config{Noise: cpu.Perlin, Dims: 3, Settings: with(func(s *cpu.Settings) { s.Persistence = float32(math.Inf(1)) })}, []string{"persistence", "finite"}},
		{cpu.Config{Noise: cpu.Perlin, Dims: 3, Settings: with(func(s *cpu.Settings) { s.Persistence = -0.5 })}, []string{"persistence -0.5", "at least 0"}},
		{cpu.Config{Noise: cpu.Perlin, Dims: 3, Settings: with(func(s *cpu.Settings) { s.Persistence = 1e6; s.Octaves = 5 })}, []string{"persistence", "2^64"}},
		{cpu.Config{Noise: cpu.Perlin, Dims: 3, Settings: with(func(s *cpu.Settings) { s.Frequency = 1 << 20; s.Lacunarity = 4; s.Octaves = 7 })}, []string{"frequency", "lacunarity", "octaves", "2^31"}},
		{cpu.Config{Noise: cpu.Perlin, Dims: 3, Settings: def, Domain: &cpu.Domain{Scale: [3]float32{1, float32(math.NaN()), 1}}}, []string{"scale y", "finite"}},
		{cpu.Config{Noise: cpu.Perlin, Dims: 3, Settings: def, Domain: &cpu.Domain{Scale: [3]float32{1, 1, 1}, Rotation: [3]float32{0, 0, float32(math.Inf(-1))}}}, []string{"rotation z", "finite"}},
	}
	for _, b := range bad {
		_, err := cpu.New(b.cfg)
		if err == nil {
			t.Errorf("New(%+v) succeeded, want an error", b.cfg)
			continue
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("error %q spans several lines", err)
		}
		for _, w := range b.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("New(%+v) error %q does not mention %q", b.cfg, err, w)
			}
		}
	}
	good := []cpu.Settings{
		with(func(s *cpu.Settings) { s.Octaves = 16; s.Lacunarity = 2; s.Frequency = 1 << 15 }),
		with(func(s *cpu.Settings) { s.Persistence = 0 }),
		with(func(s *cpu.Settings) { s.Lacunarity = 1; s.Octaves = 16 }),
		with(func(s *cpu.Settings) { s.Seed = math.MinInt32 }),
		with(func(s *cpu.Settings) { s.Persistence = 16; s.Octaves = 16 }),
	}
	for _, set := range good {
		if _, err := cpu.New(cpu.Config{Noise: cpu.Perlin, Dims: 3, Settings: set}); err != nil {
			t.Errorf("New with %+v: %v", set, err)
		}
	}
	for _, n := range cpu.Noises() {
		if _, err := cpu.New(cpu.Config{Noise: n, Dims: n.MaxDims(), Tiling: n.Tiling(), Settings: def}); err != nil {
			t.Errorf("%s %dD tiling=%v: %v", n, n.MaxDims(), n.Tiling(), err)
		}
		if got, err := cpu.ParseNoise(n.String()); err != nil || got != n {
			t.Errorf("ParseNoise(%q) = %v, %v", n, got, err)
		}
	}
	if _, err := cpu.ParseNoise("perlin3d"); err == nil || !strings.Contains(err.Error(), "voronoi-chebyshev-f2-minus-f1") {
		t.Errorf("ParseNoise error %v does not list the valid names", err)
	}
}
