package main

import (
	"fmt"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/gpu/shaders"
	"github.com/noiselab/noise/gpu/webgpu"
)

// webgpuBench is bench's WebGPU backend: a Dawn runner in Node.js
// (package gpu/webgpu), which needs no cgo.
type webgpuBench struct {
	r    *webgpu.Runner
	opts *webgpu.SamplerOptions
}

// openWebGPUBench starts the runner; without node or the npm package the
// error is webgpu.Start's one line saying how to install them.
func openWebGPUBench(o *benchOptions) (*webgpuBench, error) {
	r, err := webgpu.Start(webgpu.Options{})
	if err != nil {
		return nil, err
	}
	if m := maxDispatch(r.Info()); o.gpuPoints > m {
		r.Close()
		return nil, fmt.Errorf("invalid -gpu-points %d: one WebGPU dispatch takes at most %d positions on this adapter", o.gpuPoints, m)
	}
	return &webgpuBench{r: r, opts: &webgpu.SamplerOptions{Shader: &shaders.Options{Arith: o.gpu.Arith}}}, nil
}

// maxDispatch is the most positions one dispatch of the values kernel
// covers on the adapter: the workgroups one dimension allows, and the 3D
// positions within the storage buffer binding size.
func maxDispatch(i webgpu.Info) int {
	return int(min(uint64(i.Limits.MaxComputeWorkgroupsPerDimension)*webgpu.WorkgroupSize, i.Limits.MaxStorageBufferBindingSize/12))
}

func (w *webgpuBench) info() benchWebGPUInfo {
	i := w.r.Info()
	rt := "Dawn in Node.js"
	if i.Node != "" {
		rt += " " + i.Node
	}
	return benchWebGPUInfo{Adapter: i.String(), Vendor: i.Vendor, Architecture: i.Architecture, Device: i.Device,
		Description: i.Description, Backend: i.Backend, FeatureLevel: i.FeatureLevel,
		Runtime: rt + ", npm webgpu " + webgpu.PackageVersion}
}

func (w *webgpuBench) close() { w.r.Close() }

// measure measures one noise type and dimension on WebGPU: resident and
// with readback inside Node (webgpu.Sampler.Bench), then Values from Go.
func (w *webgpuBench) measure(cfg noise.Config, pos []mgl32.Vec3, out []float32, d time.Duration) (benchWebGPURow, error) {
	row := benchWebGPURow{Noise: cfg.Noise.String(), Dims: cfg.Dims, Positions: len(pos)}
	s, err := w.r.NewSampler(cfg, w.opts)
	if err != nil {
		return row, err
	}
	defer s.Close()
	for _, m := range []struct {
		mode webgpu.BenchMode
		to   *benchRate
	}{{webgpu.BenchResident, &row.Resident}, {webgpu.BenchReadback, &row.Readback}} {
		res, err := s.Bench(pos, m.mode, d)
		if err != nil {
			return row, err
		}
		*m.to = rate(res.Points, res.Seconds)
	}
	pts, secs, err := measureReadback(s, pos, out[:len(pos)], d)
	if err != nil {
		return row, err
	}
	row.ReadbackGo = rate(pts, secs)
	return row, nil
}

// The WebGPU sampler has the batch API that measureReadback times.
var _ batchSampler = (*webgpu.Sampler)(nil)
