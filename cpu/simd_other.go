//go:build !amd64 || purego

package cpu

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
)

// kernel8 is never set without the 8-lane kernels.
type kernel8 func()

func simdKernelFor(noise.Config) kernel8 { return nil }

func (k kernel8) ok() bool { return k != nil }

func (s *Sampler) valuesBlock8(pos []mgl32.Vec3, out []float32) { panic("unreachable") }

// deriv8 is never set without the 8-lane kernels.
type deriv8 func()

func simdDerivFor(noise.Config) deriv8 { return nil }

func (k deriv8) ok() bool { return k != nil }

func (s *Sampler) samplesBlock8(pos []mgl32.Vec3, out []noise.Sample) { panic("unreachable") }

func simdStatus() (bool, string) {
	return false, "scalar build: the 8-lane AVX2 kernels are amd64 only, and -tags purego leaves them out"
}

// point1 is never set without the assembly point kernels.
type point1 func()

func simdPointFor(noise.Config) point1 { return nil }

func (k point1) ok() bool { return k != nil }

func (k point1) run(point, uint32, int32) float32 { panic("unreachable") }
