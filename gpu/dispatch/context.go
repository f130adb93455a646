// Package dispatch runs the GLSL mirror of package cpu on the GPU through
// OpenGL 4.3 compute shaders: it is the GPU backend of package noise. A
// Sampler samples a slice of positions (or a GPU-resident buffer of them)
// into values or samples with derivatives, and bakes 2D and 3D textures over
// a grid. The results agree with package cpu within the tolerance policy of
// package compare (on Mesa's software drivers bit for bit, but where the
// GPU's exp and log round differently; with SamplerOptions.Arith exact, on
// any conforming GPU).
//
// A Context owns an OpenGL context and the OS thread it is current on;
// every GL call goes through it (Do). New makes a headless one (EGL, no
// window system: package gpu/dispatch/egl); NewWith takes any Platform (a
// hidden GLFW window: package gpu/dispatch/glfwctx); NewCurrent wraps the
// context current on the caller's thread, for programs that already have
// one.
package dispatch

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"unsafe"

	"github.com/go-gl/gl/v4.3-core/gl"

	"github.com/noiselab/noise/gpu/dispatch/egl"
)

// Options configure New and NewWith.
type Options struct {
	// Debug turns on GL_KHR_debug output: the driver's error and
	// high-severity messages during a call become that call's error, and
	// every call checks glGetError.
	Debug bool
	// Driver names a Mesa software driver (see Drivers): llvmpipe, zink or
	// softpipe, selected through Mesa's environment variables, which the
	// process then keeps. Empty leaves the environment alone (and with it
	// the standard Mesa variables, or a hardware driver). Every context of a
	// process shares one driver.
	Driver string
}

// A Platform makes an OpenGL 4.3 core context for NewWith. Open runs on the
// Context's own locked OS thread: it makes the context current there and
// returns its function loader and a name for Info.Platform. Close runs on
// the same thread when the Context closes. Package gpu/dispatch/glfwctx
// has one (a hidden GLFW window); New uses EGL.
type Platform interface {
	Open(debug bool) (procAddress func(name string) unsafe.Pointer, name string, err error)
	Close()
}

// Info describes the OpenGL implementation of a Context.
type Info struct {
	Renderer, Version, Vendor, GLSL string
	Platform                        string // "surfaceless", "device", "glfw", "current", ...
	MaxGroupsX                      int    // GL_MAX_COMPUTE_WORK_GROUP_COUNT[0]
	MaxInvocations                  int    // GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS
	MaxBlockSize                    int64  // GL_MAX_SHADER_STORAGE_BLOCK_SIZE, bytes
	OffsetAlign                     int    // GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT
	MaxTexture2D, MaxTexture3D      int    // GL_MAX_TEXTURE_SIZE, GL_MAX_3D_TEXTURE_SIZE
}

// String is "renderer, OpenGL version".
func (i Info) String() string { return i.Renderer + ", OpenGL " + i.Version }

// Context is an OpenGL 4.3 context and the thread that owns it. Its methods
// may be called from any goroutine (except for a context made by
// NewCurrent, whose calls run on the calling goroutine, which must be the
// one with the context current). Calls are serialised on the GL thread.
type Context struct {
	th       thread
	platform Platform // nil for NewCurrent
	debug    bool
	info     Info

	mu     sync.Mutex // guards closed
	closed bool

	// Owned by the GL thread:
	programs map[programKey]*program
	debugLog []string
	staging  [2]uint32 // reusable positions and results buffers
	stageCap [2]int
	maxChunk int // when > 0, fewer positions per dispatch (tests of the splitting)
}

// ErrClosed is returned by calls on a closed Context or Sampler.
var ErrClosed = errors.New("dispatch: the GL context is closed")

// ErrNested is returned by Do, Close and every method of a Context or its
// Samplers when called from inside a function that Do runs: that call
// would wait for itself. Make the GL calls directly inside Do instead.
var ErrNested = errors.New("dispatch: called from inside Do on the same Context (it would wait for itself)")

// New creates a headless Context (EGL, no surface; package
// gpu/dispatch/egl) on a new locked OS thread. Errors say what is missing
// and how to get it.
func New(opts Options) (*Context, error) { return NewWith(&eglPlatform{}, opts) }

// eglPlatform is New's Platform.
type eglPlatform struct{ c *egl.Context }

func (p *eglPlatform) Open(debug bool) (func(string) unsafe.Pointer, string, error) {
	c, err := egl.Open(debug)
	if err != nil {
		return nil, "", err
	}
	p.c = c
	return c.ProcAddress, c.Platform(), nil
}

func (p *eglPlatform) Close() { p.c.Close() }

// NewWith creates a Context on p on a new locked OS thread.
func NewWith(p Platform, opts Options) (*Context, error) {
	if err := selectDriver(opts.Driver); err != nil {
		return nil, err
	}
	c := &Context{platform: p, debug: opts.Debug}
	th, err := startThread(func() error {
		proc, name, err := p.Open(opts.Debug)
		if err != nil {
			return err
		}
		if err := c.initGL(proc, name); err != nil {
			p.Close()
			return err
		}
		return nil
	})
	if err != nil {
		releaseDriver()
		return nil, err
	}
	c.th = th
	if err := checkDriver(opts.Driver, c.info); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// NewCurrent wraps the OpenGL 4.3 context current on the calling thread.
// The caller must have locked the goroutine to its thread
// (runtime.LockOSThread) and must make every call on the Context from
// that goroutine, with the context current. procAddress loads GL
// functions (egl.Context.ProcAddress, glfw.GetProcAddress, ...); nil uses
// the platform's default loader. Close releases what the Context made, not
// the caller's context.
func NewCurrent(procAddress func(name string) unsafe.Pointer, debug bool) (*Context, error) {
	c := &Context{th: &currentThread{}, debug: debug}
	if err := c.initGL(procAddress, "current"); err != nil {
		return nil, err
	}
	return c, nil
}

// glFuncs guards go-gl's process-wide function table, which is loaded
// once: every Context shares it. The addresses GL loaders return (EGL's,
// GLX's through GLFW) are dispatch stubs that call into whichever context
// is current on the calling thread, so one table serves them all.
var glFuncs struct {
	sync.Mutex
	loaded bool
}

// loadGL fills go-gl's function table on the first call that succeeds.
func loadGL(procAddress func(string) unsafe.Pointer) error {
	glFuncs.Lock()
	defer glFuncs.Unlock()
	if glFuncs.loaded {
		return nil
	}
	var err error
	if procAddress != nil {
		err = gl.InitWithProcAddrFunc(procAddress)
	} else {
		err = gl.Init()
	}
	glFuncs.loaded = err == nil
	return err
}

// initGL loads the GL functions, checks for 4.3 and reads the limits.
func (c *Context) initGL(procAddress func(string) unsafe.Pointer, platform string) error {
	if err := loadGL(procAddress); err != nil {
		return fmt.Errorf("dispatch: loading OpenGL functions: %v (an OpenGL 4.3 driver is needed)", err)
	}
	var major, minor int32
	gl.GetIntegerv(gl.MAJOR_VERSION, &major)
	gl.GetIntegerv(gl.MINOR_VERSION, &minor)
	c.info = Info{
		Renderer: gl.GoStr(gl.GetString(gl.RENDERER)),
		Version:  gl.GoStr(gl.GetString(gl.VERSION)),
		Vendor:   gl.GoStr(gl.GetString(gl.VENDOR)),
		Platform: platform,
	}
	if major < 4 || major == 4 && minor < 3 {
		return fmt.Errorf("dispatch: OpenGL %d.%d (%s) has no compute shaders; 4.3 is needed (Mesa llvmpipe provides it in software)",
			major, minor, c.info.Renderer)
	}
	c.info.GLSL = gl.GoStr(gl.GetString(gl.SHADING_LANGUAGE_VERSION))
	var v int32
	gl.GetIntegeri_v(gl.MAX_COMPUTE_WORK_GROUP_COUNT, 0, &v)
	c.info.MaxGroupsX = int(v)
	gl.GetIntegerv(gl.MAX_COMPUTE_WORK_GROUP_INVOCATIONS, &v)
	c.info.MaxInvocations = int(v)
	var v64 int64
	gl.GetInteger64v(gl.MAX_SHADER_STORAGE_BLOCK_SIZE, &v64)
	c.info.MaxBlockSize = v64
	gl.GetIntegerv(gl.SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &v)
	c.info.OffsetAlign = int(v)
	gl.GetIntegerv(gl.MAX_TEXTURE_SIZE, &v)
	c.info.MaxTexture2D = int(v)
	gl.GetIntegerv(gl.MAX_3D_TEXTURE_SIZE, &v)
	c.info.MaxTexture3D = int(v)
	if c.debug {
		c.enableDebug()
	}
	c.programs = map[programKey]*program{}
	return nil
}

// Info returns the renderer, version and limits of the context.
func (c *Context) Info() Info { return c.info }

// Do runs f on the GL thread with the context current and returns its
// error. Use it for your own GL calls. In debug mode, GL errors and driver
// error messages raised during f are returned. Calls from several
// goroutines run one at a time. f must not call Do, or any other method of
// this Context or its Samplers (they return ErrNested): it already runs
// where they would. Nor may f wait for another goroutine that calls them,
// which would deadlock undetected.
func (c *Context) Do(f func() error) error {
	if c.th.inside() {
		return ErrNested
	}
	if c.isClosed() {
		return ErrClosed
	}
	return c.th.run(func() error { return c.checked(f) })
}

func (c *Context) isClosed() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.closed
}

// checked runs f, turning a panic into an error and, in debug mode,
// collecting glGetError and the debug messages.
func (c *Context) checked(f func() error) error {
	c.debugLog = c.debugLog[:0]
	err := safely(f)
	if !c.debug || err != nil {
		return err
	}
	if e := gl.GetError(); e != gl.NO_ERROR {
		return fmt.Errorf("dispatch: GL error 0x%04X%s", e, c.debugSuffix())
	}
	if len(c.debugLog) > 0 {
		return fmt.Errorf("dispatch: driver reported: %s", strings.Join(c.debugLog, "; "))
	}
	return nil
}

func (c *Context) debugSuffix() string {
	if len(c.debugLog) == 0 {
		return ""
	}
	return ": " + strings.Join(c.debugLog, "; ")
}

// safely runs f and turns a panic (a missing GL function, for instance)
// into an error.
func safely(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("dispatch: GL call failed: %v", r)
		}
	}()
	return f()
}

// enableDebug installs the KHR_debug callback.
func (c *Context) enableDebug() {
	gl.Enable(gl.DEBUG_OUTPUT_SYNCHRONOUS)
	gl.Enable(gl.DEBUG_OUTPUT)
	gl.DebugMessageCallback(func(source, gltype, id, severity uint32, length int32, message string, _ unsafe.Pointer) {
		if gltype == gl.DEBUG_TYPE_ERROR || severity == gl.DEBUG_SEVERITY_HIGH {
			c.debugLog = append(c.debugLog, strings.TrimSpace(message))
		}
		if os.Getenv("NOISE_GL_DEBUG") != "" {
			fmt.Fprintf(os.Stderr, "gl debug: %s\n", strings.TrimSpace(message))
		}
	}, nil)
}

// Close deletes the programs and buffers the Context made and, for New and
// NewWith, destroys the context and ends its thread. It is idempotent: a
// second Close returns nil, while every other method that returns an
// error (Do, NewSampler, the buffer and texture methods, and those of the
// Context's Samplers) returns ErrClosed. Called from inside Do it returns
// ErrNested and closes nothing.
func (c *Context) Close() error {
	if c.th.inside() {
		return ErrNested
	}
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil
	}
	c.closed = true
	c.mu.Unlock()
	c.th.stop(func() {
		c.release()
		if c.platform != nil {
			c.platform.Close()
		}
	})
	if c.platform != nil {
		releaseDriver()
	}
	return nil
}

// release deletes what the Context made on the GPU.
func (c *Context) release() {
	for k, p := range c.programs {
		gl.DeleteProgram(p.id)
		delete(c.programs, k)
	}
	for i, b := range c.staging {
		if b != 0 {
			gl.DeleteBuffers(1, &c.staging[i])
			c.staging[i], c.stageCap[i] = 0, 0
		}
	}
}
