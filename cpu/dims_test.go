package cpu_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
)

// The tests that run over every variant hold 4-component positions; the
// helpers below hand them to the call the variant takes: the 4D calls for
// 4D noise, and below 4D the 3-component calls at (x, y, z), whose
// results the 4D calls used to give (noise of fewer dimensions ignores w).

func at4(s *cpu.Sampler, p mgl32.Vec4) noise.Sample {
	if s.Config().Dims == 4 {
		return s.At4(p)
	}
	return s.At(p.Vec3())
}

func valueAt4(s *cpu.Sampler, p mgl32.Vec4) float32 {
	if s.Config().Dims == 4 {
		return s.ValueAt4(p)
	}
	return s.ValueAt(p.Vec3())
}

func vec3s(pos []mgl32.Vec4) []mgl32.Vec3 {
	out := make([]mgl32.Vec3, len(pos))
	for i, p := range pos {
		out[i] = p.Vec3()
	}
	return out
}

func values4(t testing.TB, s *cpu.Sampler, pos []mgl32.Vec4, out []float32) {
	t.Helper()
	var err error
	if s.Config().Dims == 4 {
		err = s.Values4(pos, out)
	} else {
		err = s.Values(vec3s(pos), out)
	}
	must(t, err)
}

func samples4(t testing.TB, s *cpu.Sampler, pos []mgl32.Vec4, out []noise.Sample) {
	t.Helper()
	var err error
	if s.Config().Dims == 4 {
		err = s.Samples4(pos, out)
	} else {
		err = s.Samples(vec3s(pos), out)
	}
	must(t, err)
}

// must fails the test on a batch call's error.
func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
