//go:build !amd64 || purego

package cpu

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
)

// archISAs is SupportedISAs without the assembly: scalar only.
func archISAs() []ISA { return []ISA{ISAScalar} }

func isaLacks(ISA) string {
	return "this build has no assembly kernels (they are amd64 only, and -tags purego leaves them out)"
}

// batchKernel is never set without the assembly kernels.
type batchKernel func()

func batchKernelFor(noise.Config, ISA) batchKernel { return nil }

func batchMode(*variantParams, noise.Fractal) int32 { return 0 }

func (k batchKernel) ok() bool { return k != nil }

func (s *Sampler) valuesBatch(pos []mgl32.Vec3, out []float32) { panic("unreachable") }

// smoothKernel is never set without the assembly kernels.
type smoothKernel uint8

func smoothKernelFor(noise.Config, ISA) smoothKernel { return 0 }

func (k smoothKernel) ok() bool { return k != 0 }

func (s *Sampler) valuesSmooth(pos []mgl32.Vec3, out []float32) { panic("unreachable") }

func (s *Sampler) smoothSamples() bool { return false }

func (s *Sampler) samplesSmooth(pos []mgl32.Vec3, out []noise.Sample) { panic("unreachable") }

func (s *Sampler) samplesBatch(pos []mgl32.Vec3, out []noise.Sample) { panic("unreachable") }

func (s *Sampler) values4Batch(pos []mgl32.Vec4, out []float32) { panic("unreachable") }

func (s *Sampler) samples4Batch(pos []mgl32.Vec4, out []noise.Sample) { panic("unreachable") }

func simdStatus(ISA) (bool, string) {
	return false, "scalar build: the assembly kernels are amd64 only, and -tags purego leaves them out"
}

// point1 is never set without the assembly point kernels.
type point1 func()

func simdPointFor(noise.Config, ISA) point1 { return nil }

func (k point1) ok() bool { return k != nil }

func (k point1) run(point, uint32, float32) float32 { panic("unreachable") }

func (k point1) lean(noise.Combiner, float32, ISA) (valueFunc, float32) { return nil, 1 }

func lean2D(noise.Config, ISA, SmallXXHash) (valueFunc, float32, [8]uint32) {
	return nil, 1, [8]uint32{}
}
