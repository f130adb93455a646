package dispatch

import (
	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
)

// batchSampler is the batch API of both backends (cpu.Sampler and
// Sampler).
type batchSampler interface {
	Values(pos []mgl32.Vec3, out []float32) error
	Samples(pos []mgl32.Vec3, out []noise.Sample) error
	Values4(pos []mgl32.Vec4, out []float32) error
	Samples4(pos []mgl32.Vec4, out []noise.Sample) error
}

// The tests that run over every variant hold 4-component positions:
// values4Any and samples4Any hand them to the call the variant takes, the
// 4D one for 4D noise and below 4D the 3-component one at (x, y, z) (which
// ignores w, as the 4D calls used to).

func values4Any(s batchSampler, dims int, pos []mgl32.Vec4, out []float32) error {
	if dims == 4 {
		return s.Values4(pos, out)
	}
	return s.Values(vec3s(pos), out)
}

func samples4Any(s batchSampler, dims int, pos []mgl32.Vec4, out []noise.Sample) error {
	if dims == 4 {
		return s.Samples4(pos, out)
	}
	return s.Samples(vec3s(pos), out)
}

func vec3s(pos []mgl32.Vec4) []mgl32.Vec3 {
	out := make([]mgl32.Vec3, len(pos))
	for i, p := range pos {
		out[i] = p.Vec3()
	}
	return out
}
