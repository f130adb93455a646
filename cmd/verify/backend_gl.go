//go:build cgo

package main

import (
	"github.com/noiselab/noise"
	"github.com/noiselab/noise/gpu/dispatch"
	"github.com/noiselab/noise/graph"
	"github.com/noiselab/noise/internal/testhook"
)

// openGL opens the OpenGL backend of the flags (-context, -driver); edit
// (tests) rewrites each kernel source.
func openGL(o *options, edit func(string) string) (backend, error) {
	ctx, err := o.gpu.Open()
	if err != nil {
		return nil, err
	}
	return &glBackend{ctx: ctx, opts: o.samplerOptions(edit)}, nil
}

// samplerOptions are the shader options of the flags, with edit (tests).
func (o *options) samplerOptions(edit func(string) string) *dispatch.SamplerOptions {
	so := &dispatch.SamplerOptions{Arith: o.gpu.Arith, Precision: o.gpu.Precision}
	if edit != nil {
		testhook.EditSource(so, edit)
	}
	return so
}

type glBackend struct {
	ctx  *dispatch.Context
	opts *dispatch.SamplerOptions
}

func (b *glBackend) newSampler(cfg noise.Config) (gpuSampler, error) {
	s, err := b.ctx.NewSampler(cfg, b.opts)
	if err != nil {
		return nil, err
	}
	return s, nil
}

func (b *glBackend) newGraphSampler(g *graph.Graph) (gpuSampler, error) {
	s, err := b.ctx.NewGraphSampler(g, b.opts)
	if err != nil {
		return nil, err
	}
	return s, nil
}

func (b *glBackend) describe(rep *report) {
	info := b.ctx.Info()
	rep.Backend, rep.Renderer, rep.GLVersion, rep.Platform = backendGL, info.Renderer, info.Version, info.Platform
}

func (b *glBackend) String() string { return b.ctx.Info().String() }
func (b *glBackend) Close()         { b.ctx.Close() }
