package main

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/gpu/shaders"
	"github.com/noiselab/noise/gpu/webgpu"
	"github.com/noiselab/noise/graph"
	"github.com/noiselab/noise/internal/testhook"
)

// gpuSampler is what verify asks of a GPU sampler (dispatch.Sampler,
// webgpu.Sampler).
type gpuSampler interface {
	Values(pos []mgl32.Vec3, out []float32) error
	Samples(pos []mgl32.Vec3, out []noise.Sample) error
	Values4(pos []mgl32.Vec4, out []float32) error
	Samples4(pos []mgl32.Vec4, out []noise.Sample) error
	Close() error
}

// backend is where the GPU side of the comparison runs: OpenGL (package
// dispatch, the GLSL kernels) or WebGPU (package webgpu, the WGSL kernels
// on Dawn), noise variants and graphs alike.
type backend interface {
	newSampler(cfg noise.Config) (gpuSampler, error)
	newGraphSampler(g *graph.Graph) (gpuSampler, error)
	// describe fills the report's description of the GPU.
	describe(rep *report)
	// String is the GPU in a few words (the progress line).
	String() string
	Close()
}

// The backends' names (-backend).
const (
	backendGL     = "gl"
	backendWebGPU = "webgpu"
)

// webgpuEditParams, set by tests, rewrites each WebGPU parameter block.
var webgpuEditParams func([]byte) []byte

// openBackend opens the backend of the flags; edit (tests) rewrites each
// kernel source.
func openBackend(o *options, edit func(string) string) (backend, error) {
	if o.backend == backendWebGPU {
		r, err := webgpu.Start(webgpu.Options{})
		if err != nil {
			return nil, err
		}
		so := &webgpu.SamplerOptions{Shader: &shaders.Options{Arith: o.gpu.Arith, Precision: o.gpu.Precision}}
		if edit != nil || webgpuEditParams != nil {
			testhook.EditWebGPU(so, edit, webgpuEditParams)
		}
		return &webgpuBackend{r: r, opts: so}, nil
	}
	return openGL(o, edit)
}

type webgpuBackend struct {
	r    *webgpu.Runner
	opts *webgpu.SamplerOptions
}

func (b *webgpuBackend) newSampler(cfg noise.Config) (gpuSampler, error) {
	s, err := b.r.NewSampler(cfg, b.opts)
	if err != nil {
		return nil, err
	}
	return s, nil
}

func (b *webgpuBackend) newGraphSampler(g *graph.Graph) (gpuSampler, error) {
	s, err := b.r.NewGraphSampler(g, b.opts)
	if err != nil {
		return nil, err
	}
	return s, nil
}

func (b *webgpuBackend) describe(rep *report) {
	info := b.r.Info()
	rep.Backend = backendWebGPU
	rep.Renderer = info.String()
	rep.Platform = fmt.Sprintf("Dawn, npm webgpu %s", webgpu.PackageVersion)
}

func (b *webgpuBackend) String() string { return "WebGPU " + b.r.Info().String() }
func (b *webgpuBackend) Close()         { b.r.Close() }
