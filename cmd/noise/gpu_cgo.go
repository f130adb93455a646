//go:build cgo

package main

import (
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cmd/internal/cliflag"
	"github.com/noiselab/noise/gpu/dispatch"
	"github.com/noiselab/noise/gpu/shaders"
	"github.com/noiselab/noise/graph"
)

func init() { openGPU = openGL }

// glDevice is a dispatch.Context.
type glDevice struct {
	ctx      *dispatch.Context
	kind     string
	arith    shaders.Arith
	samplers []*glSampler
}

func openGL(g cliflag.GPU) (gpuDevice, error) {
	ctx, err := g.Open()
	if err != nil {
		return nil, err
	}
	return &glDevice{ctx: ctx, kind: g.Context, arith: g.Arith}, nil
}

func (d *glDevice) info() gpuInfo {
	i := d.ctx.Info()
	return gpuInfo{Renderer: i.Renderer, Version: i.Version, Vendor: i.Vendor, GLSL: i.GLSL,
		Platform: i.Platform, Context: d.kind, Line: i.String()}
}

func (d *glDevice) sampler(cfg noise.Config) (gpuSampler, error) {
	s, err := d.ctx.NewSampler(cfg, &dispatch.SamplerOptions{Arith: d.arith})
	if err != nil {
		return nil, err
	}
	gs := &glSampler{Sampler: s, ctx: d.ctx}
	d.samplers = append(d.samplers, gs)
	return gs, nil
}

func (d *glDevice) graphSampler(g *graph.Graph) (gpuSampler, error) {
	s, err := d.ctx.NewGraphSampler(g, &dispatch.SamplerOptions{Arith: d.arith})
	if err != nil {
		return nil, err
	}
	gs := &glSampler{Sampler: s, ctx: d.ctx}
	d.samplers = append(d.samplers, gs)
	return gs, nil
}

func (d *glDevice) close() {
	for _, s := range d.samplers {
		s.close()
	}
	d.samplers = nil
	d.ctx.Close()
}

// glSampler is a dispatch.Sampler; its Values, Samples, Values4 and
// Samples4 are the batchSampler methods.
type glSampler struct {
	*dispatch.Sampler
	ctx    *dispatch.Context
	closed bool
}

func (s *glSampler) close() {
	if !s.closed {
		s.closed = true
		s.Sampler.Close()
	}
}

// residentBatchFraction sets the least time one timed batch of
// dispatches should take, 1/residentBatchFraction of the measuring time: a
// glFinish after every dispatch would leave a fast GPU idle between
// dispatches, so the number of dispatches per glFinish doubles until a
// batch takes that long.
const residentBatchFraction = 32

func (s *glSampler) measureResident(pos []mgl32.Vec3, d time.Duration) (points int64, seconds float64, err error) {
	n := len(pos)
	in, err := s.ctx.BufferFromVec3(pos)
	if err != nil {
		return 0, 0, err
	}
	defer s.ctx.DeleteBuffer(in)
	out, err := s.ctx.NewBuffer(n * 4)
	if err != nil {
		return 0, 0, err
	}
	defer s.ctx.DeleteBuffer(out)
	run := func(k int) error {
		for range k {
			if err := s.SampleBuffers(in, 3, n, out, false); err != nil {
				return err
			}
		}
		return s.ctx.Finish()
	}
	if err := run(1); err != nil { // warm-up
		return 0, 0, err
	}
	batch := 1
	start := time.Now()
	var elapsed time.Duration
	for elapsed < d {
		t0 := time.Now()
		if err := run(batch); err != nil {
			return 0, 0, err
		}
		points += int64(batch) * int64(n)
		elapsed = time.Since(start)
		if time.Since(t0) < d/residentBatchFraction && batch < 1<<16 {
			batch *= 2
		}
	}
	return points, elapsed.Seconds(), nil
}
