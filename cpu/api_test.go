package cpu_test

import (
	"runtime"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
)

// TestBatchAllocations checks that the batch API allocates nothing per
// position: the allocations of one call (goroutines and their closures) do
// not grow with the number of positions.
func TestBatchAllocations(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	for _, n := range []noise.Noise{noise.Perlin, noise.VoronoiWorleyF2, noise.PermValue} {
		s := mustSampler(t, noise.Config{Noise: n, Dims: 3, Settings: noise.DefaultSettings()})
		allocs := func(count int) (float64, float64) {
			pos := make([]mgl32.Vec3, count)
			for i := range pos {
				pos[i] = mgl32.Vec3{float32(i) * 0.001, 0.5, -float32(i) * 0.002}
			}
			vals := make([]float32, count)
			samples := make([]noise.Sample, count)
			return testing.AllocsPerRun(5, func() { s.Values(pos, vals) }),
				testing.AllocsPerRun(5, func() { s.Samples(pos, samples) })
		}
		v1, s1 := allocs(20000)
		v2, s2 := allocs(200000)
		if v2 > v1 || s2 > s1 || v2 > 16 || s2 > 16 {
			t.Errorf("%s: Values allocates %v then %v times, Samples %v then %v times, for 20000 then 200000 positions", n, v1, v2, s1, s2)
		}
		pos, out, samples := []mgl32.Vec3{{0.1, 0.2, 0.3}}, make([]float32, 1), make([]noise.Sample, 1)
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
	s := mustSampler(t, noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()})
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "output slice") {
			t.Errorf("recover() = %v, want a panic about the output slice", r)
		}
	}()
	s.Values(make([]mgl32.Vec3, 3), make([]float32, 2))
}

// TestNewValidates: New refuses what noise.Config.Validate refuses, with
// its error (the rules themselves are tested in package noise), and accepts
// every noise at its highest dimension with tiling where it exists.
func TestNewValidates(t *testing.T) {
	for _, cfg := range []noise.Config{
		{Noise: noise.VoronoiWorleyF1, Dims: 4, Settings: noise.DefaultSettings()},
		{Noise: noise.Simplex, Dims: 2, Tiling: true, Settings: noise.DefaultSettings()},
		{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings(), Domain: &noise.Domain{Translation: [3]float32{1, 2, 3}}},
	} {
		_, err := cpu.New(cfg)
		if want := cfg.Validate(); err == nil || want == nil || err.Error() != want.Error() {
			t.Errorf("New(%v) error %v, Validate %v", cfg, err, want)
		}
	}
	for _, n := range noise.Noises() {
		if _, err := cpu.New(noise.Config{Noise: n, Dims: n.MaxDims(), Tiling: n.Tiling(), Settings: noise.DefaultSettings()}); err != nil {
			t.Errorf("%s %dD tiling=%v: %v", n, n.MaxDims(), n.Tiling(), err)
		}
	}
}

// TestAt2: the 2D calls sample the XZ plane: At2(x, y) is At(x, 0, y),
// derivatives in Dx and Dz, and ValueAt2 its value.
func TestAt2(t *testing.T) {
	s := mustSampler(t, noise.Config{Noise: noise.Simplex, Dims: 2, Settings: noise.DefaultSettings()})
	for _, p := range [][2]float32{{0.1, 0.2}, {-3.7, 12.25}, {0, 0}} {
		want := s.At(mgl32.Vec3{p[0], 0, p[1]})
		if got := s.At2(p[0], p[1]); got != want || s.ValueAt2(p[0], p[1]) != want.V {
			t.Errorf("At2(%v) = %+v, ValueAt2 %v; At(x, 0, y) = %+v", p, got, s.ValueAt2(p[0], p[1]), want)
		}
		if want.Dz == 0 && want.Dx == 0 && p != [2]float32{0, 0} {
			t.Errorf("At2(%v): no derivatives", p)
		}
	}
}
