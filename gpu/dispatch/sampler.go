package dispatch

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"unsafe"

	"github.com/go-gl/gl/v4.3-core/gl"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/gpu/shaders"
	"github.com/noiselab/noise/graph"
	"github.com/noiselab/noise/internal/dimcheck"
	"github.com/noiselab/noise/internal/permtable"
	"github.com/noiselab/noise/internal/testhook"
)

// LocalSize is the work-group size of the buffer kernel.
const LocalSize = 64

// SamplerOptions adjust NewSampler; the zero value is the normal use.
type SamplerOptions struct {
	// Arith selects how the kernels divide and take square roots:
	// shaders.ArithNative (the default: the GPU's own / and sqrt, within
	// the tolerance policy) or shaders.ArithExact (correctly rounded from
	// +, − and ×: the CPU's bits on every conforming GPU, at a cost).
	Arith shaders.Arith
	// Precision shaders.PrecisionWorst emulates the least precise GPU
	// GLSL allows (for testing; see package shaders).
	Precision shaders.Precision

	edit func(src string) string // internal/testhook.EditSource
}

func init() {
	testhook.EditSource = func(opts any, edit func(string) string) { opts.(*SamplerOptions).edit = edit }
}

// Sampler evaluates one noise variant with its settings and domain on the
// GPU of a Context. Its methods may be called from any goroutine (the
// caller's thread for a Current context); calls are serialised. Close is
// idempotent: after the first Close a second returns nil, and every other
// method that returns an error returns ErrClosed (also once its Context
// is closed).
type Sampler struct {
	c       *Context
	variant string
	opts    shaders.Options
	edit    func(string) string

	mu     sync.Mutex // guards cfg (SetDomain writes it) and closed
	cfg    noise.Config
	closed bool

	perm uint32 // the doubled permutation table (perm-value only); GL thread

	graph *graph.Graph // a graph sampler's graph (NewGraphSampler), nil otherwise
}

// NewGraphSampler validates g (graph.Graph.Validate) and compiles its
// kernel (shaders.GraphSource), so that a shader problem shows up here.
// The Sampler it returns evaluates the graph: Values, Samples, Values4 and
// Samples4 all work (3-component positions have w = 0), like
// cpu.GraphSampler's; SampleBuffers too. A graph sampler has no single
// variant: Config returns the zero Config, SetDomain and the texture bakes
// return an error.
func (c *Context) NewGraphSampler(g *graph.Graph, opts *SamplerOptions) (*Sampler, error) {
	if g == nil {
		return nil, errors.New("dispatch: nil graph")
	}
	if err := g.Validate(); err != nil {
		return nil, err
	}
	b, err := json.Marshal(g)
	if err != nil {
		return nil, fmt.Errorf("dispatch: graph: %w", err)
	}
	sum := sha256.Sum256(b)
	s := &Sampler{c: c, graph: g, variant: fmt.Sprintf("graph %x", sum[:8])}
	if opts != nil {
		s.edit = opts.edit
		s.opts.Arith, s.opts.Precision = opts.Arith, opts.Precision
	}
	err = c.Do(func() error {
		_, err := s.program(kernelBuffer, false)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s, nil
}

// NewSampler validates cfg (noise.Config.Validate, the CPU backend's rules
// too) and compiles the variant's value kernel, so a shader problem shows
// up here.
func (c *Context) NewSampler(cfg noise.Config, opts *SamplerOptions) (*Sampler, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if cfg.Domain != nil { // a copy, as SetDomain keeps: the caller may reuse theirs
		d := *cfg.Domain
		cfg.Domain = &d
	}
	s := &Sampler{c: c, cfg: cfg, variant: cfg.Variant()}
	if opts != nil {
		s.edit = opts.edit
		s.opts.Arith, s.opts.Precision = opts.Arith, opts.Precision
	}
	err := c.Do(func() error {
		if cfg.Noise == noise.PermValue {
			t := permtable.PermValue(cfg.Settings.Seed)
			var u [512]uint32 // GLSL has no 8-bit buffer type
			for i := range u {
				u[i] = uint32(t[i])
			}
			gl.CreateBuffers(1, &s.perm)
			gl.NamedBufferStorage(s.perm, len(u)*4, gl.Ptr(&u[0]), 0)
		}
		_, err := s.program(kernelBuffer, false)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Config returns the configuration the Sampler was made with (and the
// domain of the last SetDomain).
func (s *Sampler) Config() noise.Config {
	s.mu.Lock()
	defer s.mu.Unlock()
	cfg := s.cfg
	if cfg.Domain != nil {
		d := *cfg.Domain
		cfg.Domain = &d
	}
	return cfg
}

// do runs f on the GL thread unless the Sampler is closed.
func (s *Sampler) do(f func() error) error {
	return s.c.Do(func() error {
		s.mu.Lock()
		closed := s.closed
		s.mu.Unlock()
		if closed {
			return ErrClosed
		}
		return f()
	})
}

// SetDomain replaces the domain transform (nil: none) for the calls that
// follow. It is what an animation that moves the domain every frame
// needs: the compiled programs and the permutation table stay, since the
// domain reaches the GPU as uniforms.
func (s *Sampler) SetDomain(d *noise.Domain) error {
	if s.graph != nil {
		return errors.New("dispatch: SetDomain: a graph sampler has no domain (give the graph a domain node)")
	}
	if d != nil {
		if err := d.Validate(); err != nil {
			return err
		}
		c := *d
		d = &c
	}
	return s.do(func() error { // serialised with the calls that read it
		s.mu.Lock()
		s.cfg.Domain = d
		s.mu.Unlock()
		return nil
	})
}

// Close deletes the Sampler's permutation buffer (the compiled programs
// stay cached in the Context). It is idempotent: a second Close (or one
// racing with the first) returns nil, while every other method called
// after Close returns ErrClosed. Closing a Sampler of a closed Context
// returns nil too: the context took everything with it. Called from
// inside Do it returns ErrNested and closes nothing.
func (s *Sampler) Close() error {
	if s.c.th.inside() {
		return ErrNested
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	s.mu.Unlock()
	err := s.c.Do(func() error {
		if s.perm != 0 {
			gl.DeleteBuffers(1, &s.perm)
			s.perm = 0
		}
		return nil
	})
	if errors.Is(err, ErrClosed) {
		return nil
	}
	return err
}

// program returns the compiled kernel of the given kind.
func (s *Sampler) program(kind programKind, derivatives bool) (*program, error) {
	if s.graph != nil {
		if kind != kernelBuffer {
			return nil, errors.New("dispatch: a graph sampler does not bake textures (sample a grid of positions)")
		}
		derivatives = false // one kernel writes both (the uniform noiseDerivatives)
	}
	key := programKey{variant: s.variant, kind: kind, derivatives: derivatives, arith: s.opts.Arith, precision: s.opts.Precision}
	if s.edit != nil {
		key.edited = s
	}
	return s.c.program(key, func() (string, error) {
		// The native source, edited (tests), then the worst-case rewrite,
		// so that an edit is emulated like the rest.
		o := s.opts
		o.Precision = shaders.PrecisionNative
		var src string
		var err error
		switch {
		case s.graph != nil:
			src, err = shaders.GraphSource(s.graph, &o)
		case kind == kernelBuffer:
			src, err = shaders.ComputeSource(s.cfg, derivatives, LocalSize, &o)
		default:
			src, err = shaders.BakeSource(s.cfg, kind == kernelBake3D, derivatives, &o)
		}
		if err != nil {
			return "", err
		}
		if s.edit != nil {
			src = s.edit(src)
		}
		if s.opts.Precision == shaders.PrecisionWorst {
			return shaders.Worst(src, shaders.DefaultPrefix)
		}
		return src, nil
	})
}

// setUniforms loads the settings and the domain into p.
func (s *Sampler) setUniforms(p *program) {
	if s.graph != nil { // the graph's settings are constants
		return
	}
	setNoiseUniforms(p.id, p.loc, "noiseSettings", "noiseDomain", s.cfg.Settings, s.cfg.Domain)
	if s.perm != 0 {
		gl.BindBufferBase(gl.SHADER_STORAGE_BUFFER, shaders.PermBinding, s.perm)
	}
}

// SetLibraryUniforms loads st and d (nil: no domain transform) into the
// uniforms named settings and domain of program, which are a library's
// Settings and Domain structs (see shaders.Library), so that its
// sampleWith takes them at run time: the settings change without
// recompiling. It does not validate them (noise.Settings.Validate does). It
// must run on the GL thread (inside Do, or on a Current context's thread);
// a name the program lacks is ignored, as glUniform does.
func SetLibraryUniforms(program ProgramName, settings, domain string, st noise.Settings, d *noise.Domain) {
	p := uint32(program)
	setNoiseUniforms(p, func(name string) int32 {
		return gl.GetUniformLocation(p, gl.Str(name+"\x00"))
	}, settings, domain, st, d)
}

// setNoiseUniforms loads a Settings and a Domain struct uniform.
func setNoiseUniforms(p uint32, loc func(string) int32, settings, domain string, st noise.Settings, d *noise.Domain) {
	setSettingsUniform(p, loc, settings, shaders.NewUniformSettings(st))
	setDomainUniform(p, loc, domain, shaders.NewUniformDomain(d))
}

// Values writes the noise value at pos[i] to out[i], like the CPU
// backend's Sampler.Values (package cpu). It returns an error, and writes
// nothing, when out is shorter than pos or the variant is 4D (which takes
// Values4).
func (s *Sampler) Values(pos []mgl32.Vec3, out []float32) error {
	if err := s.checkDims("Values", 3); err != nil {
		return err
	}
	return s.sampleSlice(unsafe.Pointer(unsafe.SliceData(pos)), len(pos), 3, unsafe.Pointer(unsafe.SliceData(out)), len(out), false)
}

// Samples writes the noise sample (value and derivatives) at pos[i] to
// out[i], like the CPU backend's Sampler.Samples (package cpu), with
// Values' errors.
func (s *Sampler) Samples(pos []mgl32.Vec3, out []noise.Sample) error {
	if err := s.checkDims("Samples", 3); err != nil {
		return err
	}
	return s.sampleSlice(unsafe.Pointer(unsafe.SliceData(pos)), len(pos), 3, unsafe.Pointer(unsafe.SliceData(out)), len(out), true)
}

// Values4 is Values for 4D noise. It returns an error, and writes
// nothing, when out is shorter than pos or the variant has fewer than 4
// dimensions (which take Values).
func (s *Sampler) Values4(pos []mgl32.Vec4, out []float32) error {
	if err := s.checkDims("Values4", 4); err != nil {
		return err
	}
	return s.sampleSlice(unsafe.Pointer(unsafe.SliceData(pos)), len(pos), 4, unsafe.Pointer(unsafe.SliceData(out)), len(out), false)
}

// Samples4 is Samples for 4D noise, with Values4's errors.
func (s *Sampler) Samples4(pos []mgl32.Vec4, out []noise.Sample) error {
	if err := s.checkDims("Samples4", 4); err != nil {
		return err
	}
	return s.sampleSlice(unsafe.Pointer(unsafe.SliceData(pos)), len(pos), 4, unsafe.Pointer(unsafe.SliceData(out)), len(out), true)
}

// checkDims returns the error of a call with n-component positions that
// the variant does not take (dimcheck.Err), or nil. The dimensions are
// fixed at NewSampler (SetDomain changes only the domain). A closed
// Sampler passes, so that the call returns ErrClosed as every call does.
func (s *Sampler) checkDims(call string, n int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed || s.graph != nil || dimcheck.Fits(n, s.cfg.Dims) {
		return nil
	}
	return dimcheck.Err("dispatch", call, n, s.cfg)
}

// SampleBytes is the size of one result with derivatives in a results
// buffer: five floats (v, dx, dy, dz, dw), noise.Sample's layout.
const SampleBytes = 20

// chunkPoints is how many positions one dispatch may cover: within the
// work-group count limit and, for positions and results alike, the
// largest buffer range a shader may bind; a multiple of 1024 so every
// chunk's byte offset is aligned.
func (c *Context) chunkPoints(stride int, derivatives bool) int {
	n := int64(c.info.MaxGroupsX) * LocalSize
	per := int64(stride * 4)
	if derivatives {
		per = max(per, SampleBytes)
	}
	n = min(n, c.info.MaxBlockSize/per)
	if c.maxChunk > 0 {
		n = min(n, int64(c.maxChunk))
	}
	return int(n - n%1024)
}

// sampleSlice uploads positions chunk by chunk to a staging buffer,
// dispatches and reads the results back.
// outLen is the output slice's length, checked against n.
func (s *Sampler) sampleSlice(pos unsafe.Pointer, n, stride int, out unsafe.Pointer, outLen int, derivatives bool) error {
	if outLen < n {
		return fmt.Errorf("dispatch: the output has %d elements for %d positions", outLen, n)
	}
	if n == 0 {
		return s.do(func() error { return nil })
	}
	return s.do(func() error {
		p, err := s.program(kernelBuffer, derivatives)
		if err != nil {
			return err
		}
		s.setUniforms(p)
		chunk := min(n, s.c.chunkPoints(stride, derivatives))
		resPer := 4
		if derivatives {
			resPer = SampleBytes
		}
		posBuf := s.c.stage(0, chunk*stride*4)
		resBuf := s.c.stage(1, chunk*resPer)
		for lo := 0; lo < n; lo += chunk {
			m := min(chunk, n-lo)
			gl.NamedBufferSubData(posBuf, 0, m*stride*4, unsafe.Add(pos, lo*stride*4))
			s.dispatch(p, posBuf, 0, resBuf, 0, m, stride, resPer)
			gl.MemoryBarrier(gl.BUFFER_UPDATE_BARRIER_BIT)
			gl.GetNamedBufferSubData(resBuf, 0, m*resPer, unsafe.Add(out, lo*resPer))
		}
		return nil
	})
}

// dispatch runs the buffer kernel over m positions starting at byte
// posOff of posBuf, writing from byte resOff of resBuf.
func (s *Sampler) dispatch(p *program, posBuf uint32, posOff int, resBuf uint32, resOff int, m, stride, resPer int) {
	gl.BindBufferRange(gl.SHADER_STORAGE_BUFFER, shaders.PositionsBinding, posBuf, posOff, m*stride*4)
	gl.BindBufferRange(gl.SHADER_STORAGE_BUFFER, shaders.ResultsBinding, resBuf, resOff, m*resPer)
	gl.ProgramUniform1ui(p.id, p.loc("noiseCount"), uint32(m))
	gl.ProgramUniform1ui(p.id, p.loc("noiseStride"), uint32(stride))
	if s.graph != nil {
		gl.ProgramUniform1ui(p.id, p.loc("noiseDerivatives"), uint32(b2u(resPer == SampleBytes)))
	}
	gl.UseProgram(p.id)
	gl.DispatchCompute(uint32((m+LocalSize-1)/LocalSize), 1, 1)
}

// SampleBuffers samples n positions that are already on the GPU: positions
// holds them as tightly packed floats, stride (3 or 4) per position; the
// results go to results, one float per position or, with derivatives,
// five (v, dx, dy, dz, dw: the layout of noise.Sample, SampleBytes). Nothing is copied to or from the CPU; a memory
// barrier is issued, so later shaders, vertex attribute fetches and buffer
// copies see the results (the viewer draws them as vertex attributes).
func (s *Sampler) SampleBuffers(positions Buffer, stride, n int, results Buffer, derivatives bool) error {
	if stride != 3 && stride != 4 {
		return fmt.Errorf("dispatch: position stride %d; valid: 3 or 4 floats", stride)
	}
	if n < 0 {
		return fmt.Errorf("dispatch: negative position count %d", n)
	}
	resPer := 4
	if derivatives {
		resPer = SampleBytes
	}
	return s.do(func() error {
		// The sizes are the driver's, not Buffer.Size, and the checks
		// divide rather than multiply, so no count can overflow past them.
		posSize, err := bufferSize(positions, "positions")
		if err != nil {
			return err
		}
		resSize, err := bufferSize(results, "results")
		if err != nil {
			return err
		}
		if int64(n) > posSize/int64(stride*4) {
			return fmt.Errorf("dispatch: %d positions of %d floats do not fit: the positions buffer has %d bytes", n, stride, posSize)
		}
		if int64(n) > resSize/int64(resPer) {
			return fmt.Errorf("dispatch: %d results of %d bytes do not fit: the results buffer has %d bytes", n, resPer, resSize)
		}
		if n == 0 {
			return nil
		}
		p, err := s.program(kernelBuffer, derivatives)
		if err != nil {
			return err
		}
		s.setUniforms(p)
		chunk := s.c.chunkPoints(stride, derivatives)
		for lo := 0; lo < n; lo += chunk {
			s.dispatch(p, uint32(positions.ID), lo*stride*4, uint32(results.ID), lo*resPer, min(chunk, n-lo), stride, resPer)
		}
		gl.MemoryBarrier(gl.SHADER_STORAGE_BARRIER_BIT | gl.BUFFER_UPDATE_BARRIER_BIT | gl.VERTEX_ATTRIB_ARRAY_BARRIER_BIT)
		return nil
	})
}

// The results buffers hold noise.Samples as they are in memory.
var _ = [1]struct{}{}[unsafe.Sizeof(noise.Sample{})-SampleBytes]

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}
