//go:build !(goexperiment.simd && amd64)

package cpu

import "github.com/go-gl/mathgl/mgl32"

type kernel8Kind uint8

const k8None kernel8Kind = 0

func simdKernelFor(Config) kernel8Kind { return k8None }

func (s *Sampler) valuesBlock8(pos []mgl32.Vec3, out []float32) { panic("unreachable") }

func simdStatus() (bool, string) {
	return false, "scalar build; GOEXPERIMENT=simd on amd64 enables 8-lane kernels"
}
