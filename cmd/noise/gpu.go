package main

import (
	"fmt"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cmd/internal/cliflag"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/graph"
)

// The GPU backend (package github.com/noiselab/noise/gpu/dispatch, OpenGL
// 4.3 compute shaders) is reached through the interfaces below, so that
// only gpu_cgo.go imports it: a build without cgo (CGO_ENABLED=0) still
// has the CPU backend, and -backend gpu then says why there is no GPU.

// batchSampler is the batch API that both backends offer: the methods of
// cpu.Sampler and dispatch.Sampler.
type batchSampler interface {
	Values(pos []mgl32.Vec3, out []float32) error
	Samples(pos []mgl32.Vec3, out []noise.Sample) error
	Values4(pos []mgl32.Vec4, out []float32) error
	Samples4(pos []mgl32.Vec4, out []noise.Sample) error
}

// *cpu.Sampler is the CPU backend's batchSampler.
var _ batchSampler = (*cpu.Sampler)(nil)

// gpuInfo describes the OpenGL implementation behind -backend gpu.
type gpuInfo struct {
	Renderer string `json:"renderer"`
	Version  string `json:"version"`
	Vendor   string `json:"vendor"`
	GLSL     string `json:"glsl"`
	Platform string `json:"platform"` // "surfaceless", "device", "glfw", ...
	Context  string `json:"context"`  // the -context value: egl or glfw
	// Line is dispatch.Info.String(): "renderer, OpenGL version".
	Line string `json:"-"`
}

// gpuDevice is an open GL context.
type gpuDevice interface {
	info() gpuInfo
	// sampler compiles cfg's kernel; the sampler is closed with the device.
	sampler(cfg noise.Config) (gpuSampler, error)
	// graphSampler compiles g's kernel (dispatch.Context.NewGraphSampler);
	// the sampler is closed with the device.
	graphSampler(g *graph.Graph) (gpuSampler, error)
	close()
}

// gpuSampler is a GPU sampler: the batch API through slices (upload,
// dispatch, read back) and a measurement of the GPU-resident path.
type gpuSampler interface {
	batchSampler
	// measureResident uploads pos once to a GPU buffer and dispatches the
	// value kernel into a result buffer again and again, waiting for the
	// GPU (glFinish), until at least d has passed; nothing is read back.
	measureResident(pos []mgl32.Vec3, d time.Duration) (points int64, seconds float64, err error)
	close()
}

// openGPU opens a GL context as the GPU flags say; see gpu_cgo.go and
// gpu_nocgo.go.
var openGPU func(g cliflag.GPU) (gpuDevice, error)

// openDevice opens the GPU for a command: an error is "no GPU: why".
func openDevice(g cliflag.GPU) (gpuDevice, error) {
	d, err := openGPU(g)
	if err != nil {
		return nil, fmt.Errorf("no GPU: %v", err)
	}
	return d, nil
}
