package cpu_test

import (
	"fmt"
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
	if raceEnabled {
		t.Skip("the race detector's sync.Pool drops items at random: allocation counts are not the code's")
	}
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
			must(t, s.Values(pos, vals))
			must(t, s.Samples(pos, samples))
			return testing.AllocsPerRun(5, func() { _ = s.Values(pos, vals) }), // checked above
				testing.AllocsPerRun(5, func() { _ = s.Samples(pos, samples) })
		}
		v1, s1 := allocs(20000)
		v2, s2 := allocs(200000)
		if v2 > v1 || s2 > s1 || v2 > 16 || s2 > 16 {
			t.Errorf("%s: Values allocates %v then %v times, Samples %v then %v times, for 20000 then 200000 positions", n, v1, v2, s1, s2)
		}
		pos, out, samples := []mgl32.Vec3{{0.1, 0.2, 0.3}}, make([]float32, 1), make([]noise.Sample, 1)
		if a := testing.AllocsPerRun(100, func() { _, _ = s.Values(pos, out), s.Samples(pos, samples) }); a != 0 {
			t.Errorf("%s: a one-position batch allocates %v times", n, a)
		}
		if a := testing.AllocsPerRun(100, func() { s.ValueAt(pos[0]); s.At(pos[0]) }); a != 0 {
			t.Errorf("%s: ValueAt/At allocate %v times", n, a)
		}
	}
	// 4D: Values4 (the 4D batch kernels where the level has them) and Samples4
	for _, n := range []noise.Noise{noise.Perlin, noise.SimplexValue} {
		s := mustSampler(t, noise.Config{Noise: n, Dims: 4, Settings: noise.DefaultSettings()})
		pos, out, samples := []mgl32.Vec4{{0.1, 0.2, 0.3, 0.4}}, make([]float32, 1), make([]noise.Sample, 1)
		if a := testing.AllocsPerRun(100, func() { _, _ = s.Values4(pos, out), s.Samples4(pos, samples) }); a != 0 {
			t.Errorf("%s 4D: a one-position batch allocates %v times", n, a)
		}
	}
}

// TestBatchLengthMismatch: a too-short output slice is an error of one
// line naming the lengths, as in the GPU sampler, and nothing is written.
func TestBatchLengthMismatch(t *testing.T) {
	s3 := mustSampler(t, noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()})
	s4 := mustSampler(t, noise.Config{Noise: noise.Perlin, Dims: 4, Settings: noise.DefaultSettings()})
	out := []float32{7, 7}
	samples := []noise.Sample{{V: 7}, {V: 7}}
	for name, err := range map[string]error{
		"Values":   s3.Values(make([]mgl32.Vec3, 3), out),
		"Samples":  s3.Samples(make([]mgl32.Vec3, 3), samples),
		"Values4":  s4.Values4(make([]mgl32.Vec4, 3), out),
		"Samples4": s4.Samples4(make([]mgl32.Vec4, 3), samples),
	} {
		if err == nil || err.Error() != "cpu: the output has 2 elements for 3 positions" {
			t.Errorf("%s into a short slice: error %v", name, err)
		}
	}
	if out[0] != 7 || samples[0].V != 7 {
		t.Errorf("a refused batch wrote %v, %v", out, samples)
	}
	if err := s3.Values(make([]mgl32.Vec3, 2), make([]float32, 3)); err != nil {
		t.Errorf("a longer output: %v", err)
	}
}

// TestDimsMismatch: positions of a dimension the variant does not take
// are refused, by the batches with an error and by the single-point calls
// with a panic, each one line naming the call and the variant; the calls
// that fit (including the 3-component ones on 1D and 2D noise, and At2 on
// 1D noise) are not refused.
func TestDimsMismatch(t *testing.T) {
	sampler := func(dims int) *cpu.Sampler {
		return mustSampler(t, noise.Config{Noise: noise.Value, Dims: dims, Settings: noise.DefaultSettings()})
	}
	p3, p4 := []mgl32.Vec3{{0.1, 0.2, 0.3}}, []mgl32.Vec4{{0.1, 0.2, 0.3, 0.4}}
	v, sm := make([]float32, 1), make([]noise.Sample, 1)
	calls := map[string]struct {
		n    int // position components the call takes
		call func(s *cpu.Sampler) error
	}{
		"Values":   {3, func(s *cpu.Sampler) error { return s.Values(p3, v) }},
		"Samples":  {3, func(s *cpu.Sampler) error { return s.Samples(p3, sm) }},
		"Values4":  {4, func(s *cpu.Sampler) error { return s.Values4(p4, v) }},
		"Samples4": {4, func(s *cpu.Sampler) error { return s.Samples4(p4, sm) }},
		"At":       {3, panics(func(s *cpu.Sampler) { s.At(p3[0]) })},
		"ValueAt":  {3, panics(func(s *cpu.Sampler) { s.ValueAt(p3[0]) })},
		"At4":      {4, panics(func(s *cpu.Sampler) { s.At4(p4[0]) })},
		"ValueAt4": {4, panics(func(s *cpu.Sampler) { s.ValueAt4(p4[0]) })},
		"At2":      {2, panics(func(s *cpu.Sampler) { s.At2(0.1, 0.3) })},
		"ValueAt2": {2, panics(func(s *cpu.Sampler) { s.ValueAt2(0.1, 0.3) })},
	}
	for dims := 1; dims <= 4; dims++ {
		s := sampler(dims)
		for name, c := range calls {
			fits := map[int]bool{2: dims <= 2, 3: dims <= 3, 4: dims == 4}[c.n]
			err := c.call(s)
			if fits {
				if err != nil {
					t.Errorf("%s on %dD: %v", name, dims, err)
				}
				continue
			}
			variant := fmt.Sprintf("value %dD", dims)
			if err == nil || !strings.HasPrefix(err.Error(), "cpu: "+name+" ") || !strings.Contains(err.Error(), variant) || strings.Contains(err.Error(), "\n") {
				t.Errorf("%s on %dD: error %v, want one line naming %s and %q", name, dims, err, name, variant)
			}
		}
	}
	// 1D noise reads x alone: At2 samples the same point as At.
	s1 := sampler(1)
	if s1.At2(0.3, 0.9) != s1.At(mgl32.Vec3{0.3, 5, -2}) {
		t.Error("At2 on 1D noise does not read x alone")
	}
}

// panics turns a call's panic into an error (nil without one).
func panics(f func(s *cpu.Sampler)) func(s *cpu.Sampler) error {
	return func(s *cpu.Sampler) (err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("%v", r)
			}
		}()
		f(s)
		return nil
	}
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
