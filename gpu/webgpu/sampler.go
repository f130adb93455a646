package webgpu

import (
	"errors"
	"fmt"
	"sync"
	"time"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/gpu/shaders"
	"github.com/noiselab/noise/graph"
	"github.com/noiselab/noise/internal/dimcheck"
	"github.com/noiselab/noise/internal/testhook"
)

// WorkgroupSize is the workgroup size of the noise kernels.
const WorkgroupSize = 64

// SamplerOptions adjust NewSampler; the zero value is the normal use.
type SamplerOptions struct {
	// Shader builds the WGSL (shaders.ComputeSourceWGSL's options); nil
	// is the default.
	Shader *shaders.Options

	editSource func(string) string // internal/testhook.EditWebGPU
	editParams func([]byte) []byte
}

func init() {
	testhook.EditWebGPU = func(opts any, source func(string) string, params func([]byte) []byte) {
		o := opts.(*SamplerOptions)
		o.editSource, o.editParams = source, params
	}
}

// ErrClosed is returned by the methods of a closed Sampler.
var ErrClosed = errors.New("webgpu: the sampler is closed")

// Sampler evaluates one noise variant with its settings and domain on a
// Runner: the kernels of shaders.ComputeSourceWGSL, compiled when first
// used (values and samples apart); or a noise graph (NewGraphSampler):
// the one kernel of shaders.GraphSourceWGSL. Its methods may be called
// from several goroutines.
type Sampler struct {
	r    *Runner
	cfg  noise.Config
	opts SamplerOptions

	mu      sync.Mutex
	closed  bool
	kernels [2]*Kernel // values, samples

	graph *graph.Graph // a graph sampler's graph (NewGraphSampler), nil otherwise
}

// NewGraphSampler makes a Sampler of the noise graph g (validated by
// graph.Graph.Validate) running shaders.GraphSourceWGSL, and compiles its
// kernel, so that a shader problem shows up here. Values, Samples,
// Values4 and Samples4 all work (3-component positions have w = 0), like
// cpu.GraphSampler's; Config returns the zero Config.
func (r *Runner) NewGraphSampler(g *graph.Graph, opts *SamplerOptions) (*Sampler, error) {
	if g == nil {
		return nil, errors.New("webgpu: nil graph")
	}
	if err := g.Validate(); err != nil {
		return nil, fmt.Errorf("webgpu: %v", err)
	}
	return open(&Sampler{r: r, graph: g}, opts)
}

// NewSampler makes a Sampler of cfg (validated by noise.Config.Validate)
// and compiles its values kernel, so that a shader problem shows up here.
func (r *Runner) NewSampler(cfg noise.Config, opts *SamplerOptions) (*Sampler, error) {
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("webgpu: %v", err)
	}
	return open(&Sampler{r: r, cfg: cfg}, opts)
}

// open applies opts to the new sampler s and compiles its values kernel.
func open(s *Sampler, opts *SamplerOptions) (*Sampler, error) {
	if opts != nil {
		s.opts = *opts
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := s.kernel(false); err != nil {
		return nil, err
	}
	return s, nil
}

// Config is the sampler's configuration (the zero Config for a graph).
func (s *Sampler) Config() noise.Config { return s.cfg }

// kernel compiles (once) the values or samples kernel; s.mu is held.
func (s *Sampler) kernel(derivatives bool) (*Kernel, error) {
	i := 0
	if derivatives {
		i = 1
	}
	if k := s.kernels[i]; k != nil {
		return k, nil
	}
	var src string
	var err error
	what := "graph" // a graph's one kernel writes values or samples as its parameters say
	if s.graph != nil {
		src, err = shaders.GraphSourceWGSL(s.graph, WorkgroupSize, s.opts.Shader)
	} else {
		what = s.cfg.Variant()
		src, err = shaders.ComputeSourceWGSL(s.cfg, derivatives, WorkgroupSize, s.opts.Shader)
	}
	if err != nil {
		return nil, fmt.Errorf("webgpu: %v", err)
	}
	if s.opts.editSource != nil {
		src = s.opts.editSource(src)
	}
	k, err := s.r.cached(src)
	if err != nil {
		return nil, fmt.Errorf("%v (%s)", err, what)
	}
	s.kernels[i] = k
	return k, nil
}

// Close closes the sampler (its kernels stay in the Runner's cache). A
// second Close returns nil.
func (s *Sampler) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	return nil
}

// cached compiles src with WorkgroupSize once per Runner, keyed on the
// source text: the kernels of a variant depend on its dimensions, tiling
// and options, not on its settings and domain (the parameters), so the
// samplers of one variant share them — except perm-value's, whose source
// holds the seed's permutation table (one kernel per seed). The cache
// holds one kernel per distinct source.
func (r *Runner) cached(src string) (*Kernel, error) {
	r.cacheMu.Lock()
	defer r.cacheMu.Unlock()
	if k, ok := r.cache[src]; ok {
		return k, nil
	}
	k, err := r.Compile(src, WorkgroupSize)
	if err != nil {
		return nil, err
	}
	if r.cache == nil {
		r.cache = map[string]*Kernel{}
	}
	r.cache[src] = k
	return k, nil
}

// Values writes the noise value at pos[i] to out[i], like the CPU
// backend's Sampler.Values (package cpu). It returns an error, and writes
// nothing, when out is shorter than pos or the variant is 4D (which takes
// Values4).
func (s *Sampler) Values(pos []mgl32.Vec3, out []float32) error {
	return s.sample("Values", unsafe.Pointer(unsafe.SliceData(pos)), len(pos), 3, unsafe.Pointer(unsafe.SliceData(out)), len(out), false)
}

// Samples writes the noise sample (value and derivatives) at pos[i] to
// out[i], with Values' errors.
func (s *Sampler) Samples(pos []mgl32.Vec3, out []noise.Sample) error {
	return s.sample("Samples", unsafe.Pointer(unsafe.SliceData(pos)), len(pos), 3, unsafe.Pointer(unsafe.SliceData(out)), len(out), true)
}

// Values4 is Values for 4D noise; it returns an error for a variant of
// fewer dimensions (which take Values).
func (s *Sampler) Values4(pos []mgl32.Vec4, out []float32) error {
	return s.sample("Values4", unsafe.Pointer(unsafe.SliceData(pos)), len(pos), 4, unsafe.Pointer(unsafe.SliceData(out)), len(out), false)
}

// Samples4 is Samples for 4D noise, with Values4's errors.
func (s *Sampler) Samples4(pos []mgl32.Vec4, out []noise.Sample) error {
	return s.sample("Samples4", unsafe.Pointer(unsafe.SliceData(pos)), len(pos), 4, unsafe.Pointer(unsafe.SliceData(out)), len(out), true)
}

// chunkPoints is how many positions one Run may cover: within the
// workgroups one dimension allows and the storage buffer binding size,
// for positions and results alike.
func (s *Sampler) chunkPoints(stride, resPer int) int {
	lim := s.r.info.Limits
	n := int64(lim.MaxComputeWorkgroupsPerDimension) * WorkgroupSize
	n = min(n, int64(lim.MaxStorageBufferBindingSize)/int64(4*max(stride, resPer)))
	if s.r.maxChunk > 0 {
		n = min(n, int64(s.r.maxChunk))
	}
	return int(max(n, 1))
}

// sample runs n positions of stride floats at pos, chunk by chunk, into
// out (outLen elements of resPer floats).
func (s *Sampler) sample(call string, pos unsafe.Pointer, n, stride int, out unsafe.Pointer, outLen int, derivatives bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return ErrClosed
	}
	if s.graph == nil && !dimcheck.Fits(stride, s.cfg.Dims) {
		return dimcheck.Err("webgpu", call, stride, s.cfg)
	}
	if outLen < n {
		return fmt.Errorf("webgpu: the output has %d elements for %d positions", outLen, n)
	}
	if n == 0 {
		return nil
	}
	k, err := s.kernel(derivatives)
	if err != nil {
		return err
	}
	resPer := 1
	if derivatives {
		resPer = 5
	}
	in := unsafe.Slice((*float32)(pos), n*stride)
	res := unsafe.Slice((*float32)(out), n*resPer)
	chunk := s.chunkPoints(stride, resPer)
	for lo := 0; lo < n; lo += chunk {
		m := min(chunk, n-lo)
		params, err := s.params(uint32(m), uint32(stride), derivatives)
		if err != nil {
			return fmt.Errorf("webgpu: %v", err)
		}
		if s.opts.editParams != nil {
			params = s.opts.editParams(params)
		}
		if err := k.Run(params, in[lo*stride:(lo+m)*stride], m, res[lo*resPer:(lo+m)*resPer]); err != nil {
			return err
		}
	}
	return nil
}

// Bench times the values kernel on pos inside the runner (Kernel.Bench):
// one dispatch covers all of pos, so len(pos) is at most what one Run may
// cover (the workgroups one dimension allows, the storage buffer binding
// size). The variant is not 4D.
func (s *Sampler) Bench(pos []mgl32.Vec3, mode BenchMode, d time.Duration) (BenchResult, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return BenchResult{}, ErrClosed
	}
	if s.graph == nil && !dimcheck.Fits(3, s.cfg.Dims) {
		return BenchResult{}, dimcheck.Err("webgpu", "Bench", 3, s.cfg)
	}
	n := len(pos)
	if limit := s.chunkPoints(3, 1); n < 1 || n > limit {
		return BenchResult{}, fmt.Errorf("webgpu: bench: %d positions: one dispatch takes 1 to %d", n, limit)
	}
	k, err := s.kernel(false)
	if err != nil {
		return BenchResult{}, err
	}
	params, err := s.params(uint32(n), 3, false)
	if err != nil {
		return BenchResult{}, fmt.Errorf("webgpu: %v", err)
	}
	if s.opts.editParams != nil {
		params = s.opts.editParams(params)
	}
	return k.Bench(params, unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(pos))), 3*n), n, mode, d)
}

// params is the parameter block of a run of count positions.
func (s *Sampler) params(count, stride uint32, derivatives bool) ([]byte, error) {
	if s.graph != nil {
		return shaders.GraphParamsWGSL(count, stride, derivatives)
	}
	return shaders.ParamsWGSL(count, stride, s.cfg.Settings, s.cfg.Domain)
}

// The results hold noise.Samples as they are in memory: five floats.
var _ = [1]struct{}{}[unsafe.Sizeof(noise.Sample{})-20]
