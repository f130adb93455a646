// Package webgpu runs WGSL compute kernels on WebGPU through Dawn, Google's
// WebGPU implementation, in a Node.js process: the npm package webgpu
// (PackageVersion, which ships Dawn's binary) loaded by a small script
// embedded in this package. One Node process serves a Runner for its whole
// life; kernels, parameters and positions go to it and results come back
// as raw little-endian bytes, so every float keeps its bits.
//
// What it needs: node (Node.js 18 or later) on PATH and the npm package in
// a node_modules directory (NodeModules: the environment variable
// NOISE_WEBGPU_NODE_MODULES, by default ~/.cache/noise-webgpu/node_modules,
// where `make webgpu-deps` installs it). Start says in one line what is
// missing and how to install it.
//
// Dawn's backend is OpenGL ES by default on Linux and the BSDs
// (Options.Backend), in WebGPU's compatibility mode: on a machine without
// a GPU it runs on Mesa's llvmpipe (EGL_PLATFORM=surfaceless, which Start
// sets when unset), where Dawn's Vulkan backend refuses lavapipe. On macOS
// the default is Metal, on Windows Direct3D 12: the systems' own.
//
// Sampler runs the noise kernels of package shaders (ComputeSourceWGSL) on
// a Runner, with the methods of dispatch.Sampler; NewGraphSampler a noise
// graph's kernel (GraphSourceWGSL).
package webgpu

import (
	"bytes"
	_ "embed"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
	"unsafe"
)

//go:embed runner.mjs
var runnerScript string

// PackageVersion is the version of the npm package webgpu the runner is
// tested with (make webgpu-deps installs it).
const PackageVersion = "0.6.2"

// installHint says how to install the npm package into dir.
func installHint(dir string) string {
	if filepath.Base(dir) != "node_modules" {
		return fmt.Sprintf("run make webgpu-deps, or point NOISE_WEBGPU_NODE_MODULES at a node_modules directory holding webgpu@%s", PackageVersion)
	}
	return fmt.Sprintf("run make webgpu-deps (or npm install --prefix %s webgpu@%s)", filepath.Dir(dir), PackageVersion)
}

// Errors Start returns (wrapped, with the details in one line): what is
// missing to run WebGPU at all. A caller may skip on them.
var (
	// ErrNoNode: no node executable.
	ErrNoNode = errors.New("node (Node.js) not found")
	// ErrNoPackage: the npm package webgpu is not in the node_modules directory.
	ErrNoPackage = errors.New("the npm package webgpu is not installed")
	// ErrNoAdapter: Dawn found no adapter (or could not open a device on it).
	ErrNoAdapter = errors.New("no WebGPU adapter")
)

// ErrDeviceLost is wrapped by the errors of requests after Dawn lost the
// device, or after the Node process ended.
var ErrDeviceLost = errors.New("WebGPU device lost")

// Options configure Start; the zero value is the default.
type Options struct {
	// Node is the node executable; "" looks for node on PATH.
	Node string
	// NodeModules is the node_modules directory holding the npm package
	// webgpu; "" means NodeModules().
	NodeModules string
	// Backend is Dawn's backend: "opengles" (compatibility mode), or
	// "vulkan", "metal", "d3d12" (core); "" means the environment variable
	// NOISE_WEBGPU_BACKEND when set (so that verify, noise and any program
	// that embeds the runner can be pointed at a real GPU's Vulkan driver),
	// else the system's: "metal" on macOS, "d3d12" on Windows, "opengles"
	// elsewhere.
	Backend string
}

// defaultBackend is Dawn's backend on goos when neither Options.Backend
// nor NOISE_WEBGPU_BACKEND names one.
func defaultBackend(goos string) string {
	switch goos {
	case "darwin", "ios":
		return "metal"
	case "windows":
		return "d3d12"
	}
	return "opengles"
}

// dawnBackends are the backend names Dawn's create(['backend=…']) knows.
var dawnBackends = []string{"opengles", "opengl", "vulkan", "metal", "d3d12", "d3d11", "null"}

// NodeModules is the default node_modules directory: the environment
// variable NOISE_WEBGPU_NODE_MODULES when set, else
// $HOME/.cache/noise-webgpu/node_modules.
func NodeModules() string {
	if d := os.Getenv("NOISE_WEBGPU_NODE_MODULES"); d != "" {
		return d
	}
	home, err := os.UserHomeDir()
	if err != nil {
		home = os.TempDir()
	}
	return filepath.Join(home, ".cache", "noise-webgpu", "node_modules")
}

// Limits are the device limits the runner requested (the adapter's):
// each field is the WebGPU limit of the same name (GPUSupportedLimits).
type Limits struct {
	MaxStorageBufferBindingSize       uint64 `json:"maxStorageBufferBindingSize"`
	MaxBufferSize                     uint64 `json:"maxBufferSize"`
	MaxComputeWorkgroupsPerDimension  uint32 `json:"maxComputeWorkgroupsPerDimension"`
	MaxComputeWorkgroupSizeX          uint32 `json:"maxComputeWorkgroupSizeX"`
	MaxComputeInvocationsPerWorkgroup uint32 `json:"maxComputeInvocationsPerWorkgroup"`
	MaxStorageBuffersPerShaderStage   uint32 `json:"maxStorageBuffersPerShaderStage"`
	MaxUniformBufferBindingSize       uint64 `json:"maxUniformBufferBindingSize"`
}

// Info describes the adapter.
type Info struct {
	Vendor       string `json:"vendor"`
	Architecture string `json:"architecture"`
	Device       string `json:"device"`
	// Description is the driver's name (on OpenGL ES its renderer and
	// version strings).
	Description  string `json:"description"`
	Backend      string `json:"backend"`
	FeatureLevel string `json:"featureLevel"` // "compatibility" or "core"
	Limits       Limits `json:"limits"`
	// Node is the version of the Node.js running Dawn (process.version).
	Node string `json:"node"`
}

// String is the adapter in a few words.
func (i Info) String() string {
	var parts []string
	for _, s := range []string{i.Vendor, i.Architecture, i.Device, i.Description} {
		if s = strings.TrimSpace(s); s != "" {
			parts = append(parts, s)
		}
	}
	return fmt.Sprintf("%s (Dawn %s backend, %s)", strings.Join(parts, ", "), i.Backend, i.FeatureLevel)
}

// Runner is one Node process running Dawn. Its methods may be called from
// several goroutines; the requests are served one at a time.
type Runner struct {
	mu     sync.Mutex
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *os.File
	stderr *tail
	info   Info
	err    error // set when the process is gone: every later request fails with it
	done   chan struct{}

	cacheMu sync.Mutex
	cache   map[string]*Kernel // Sampler's kernels by source (cached)

	maxChunk int // tests: the most positions a Sampler runs at once (0: the limits')
}

const (
	opCompile = 1
	opRun     = 2
	opRelease = 3
	opDestroy = 4 // tests: lose the device
	opBench   = 5
)

// Start starts the Node process and opens a device on Dawn's adapter.
func Start(opts Options) (*Runner, error) {
	node := opts.Node
	if node == "" {
		node = "node"
	}
	nodePath, err := exec.LookPath(node)
	if err != nil {
		return nil, fmt.Errorf("webgpu: %w (%q is not on PATH): install Node.js 18 or later (e.g. apt-get install nodejs)", ErrNoNode, node)
	}
	dir := opts.NodeModules
	if dir == "" {
		dir = NodeModules()
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	if _, err := os.Stat(filepath.Join(dir, "webgpu", "package.json")); err != nil {
		return nil, fmt.Errorf("webgpu: %w in %s: %s", ErrNoPackage, dir, installHint(dir))
	}
	backend, from := opts.Backend, "Options.Backend"
	if backend == "" {
		backend, from = os.Getenv("NOISE_WEBGPU_BACKEND"), "NOISE_WEBGPU_BACKEND"
	}
	if backend == "" {
		backend = defaultBackend(runtime.GOOS)
	}
	if !slices.Contains(dawnBackends, backend) {
		return nil, fmt.Errorf("webgpu: unknown Dawn backend %q (%s): %s", backend, from, strings.Join(dawnBackends, ", "))
	}
	pr, pw, err := os.Pipe() // the answers, on the child's file descriptor 3
	if err != nil {
		return nil, fmt.Errorf("webgpu: %v", err)
	}
	cmd := exec.Command(nodePath, "--input-type=module", "-e", runnerScript)
	cmd.Env = append(os.Environ(), "NOISE_WEBGPU_NODE_MODULES="+dir, "NOISE_WEBGPU_BACKEND="+backend)
	if os.Getenv("EGL_PLATFORM") == "" {
		cmd.Env = append(cmd.Env, "EGL_PLATFORM=surfaceless")
	}
	cmd.ExtraFiles = []*os.File{pw}
	r := &Runner{cmd: cmd, out: pr, stderr: &tail{}, done: make(chan struct{})}
	cmd.Stdout = r.stderr // Dawn and the driver may print; only errors show it
	cmd.Stderr = r.stderr
	if r.in, err = cmd.StdinPipe(); err != nil {
		pr.Close()
		pw.Close()
		return nil, fmt.Errorf("webgpu: %v", err)
	}
	if err := cmd.Start(); err != nil {
		pr.Close()
		pw.Close()
		return nil, fmt.Errorf("webgpu: starting %s: %v", nodePath, err)
	}
	pw.Close() // the child holds it; its exit ends our reads
	go func() { cmd.Wait(); close(r.done) }()
	hello, err := r.answer()
	if err != nil {
		r.Close()
		var ae *answerError
		switch {
		case errors.As(err, &ae) && strings.HasPrefix(ae.msg, "cannot load"):
			return nil, fmt.Errorf("webgpu: %w: %s: %s", ErrNoPackage, ae.msg, installHint(dir))
		case errors.As(err, &ae):
			hint := ""
			if backend == "opengles" {
				hint = " (Dawn's OpenGL ES backend needs EGL and a driver: Mesa's, e.g. apt-get install libegl1 libgl1-mesa-dri, runs on the CPU; on a hardware GPU's driver, NVIDIA's for one, set NOISE_WEBGPU_BACKEND=vulkan)"
			}
			return nil, &sentinelError{"webgpu: " + ae.msg + hint, ErrNoAdapter}
		}
		return nil, fmt.Errorf("webgpu: starting the runner: %v", err)
	}
	if err := json.Unmarshal(hello, &r.info); err != nil {
		r.Close()
		return nil, fmt.Errorf("webgpu: the runner's adapter description: %v", err)
	}
	return r, nil
}

// Info describes the adapter.
func (r *Runner) Info() Info { return r.info }

// Close ends the Node process.
func (r *Runner) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.in == nil {
		return nil
	}
	r.in.Close() // the runner exits at the end of its input
	r.in = nil
	select {
	case <-r.done:
	case <-time.After(10 * time.Second): // a hung driver
		r.cmd.Process.Kill()
		<-r.done
	}
	r.out.Close()
	if r.err == nil {
		r.err = errors.New("webgpu: the runner is closed")
	}
	return nil
}

// sentinelError is a message that wraps a sentinel without repeating it.
type sentinelError struct {
	msg string
	err error
}

func (e *sentinelError) Error() string { return e.msg }
func (e *sentinelError) Unwrap() error { return e.err }

// answerError is an error the runner answered (status 1); a lost device's
// wraps ErrDeviceLost.
type answerError struct {
	msg  string
	lost bool
}

func (e *answerError) Error() string { return e.msg }

func (e *answerError) Unwrap() error {
	if e.lost {
		return ErrDeviceLost
	}
	return nil
}

// answer reads one answer.
func (r *Runner) answer() ([]byte, error) {
	var h [8]byte
	if _, err := io.ReadFull(r.out, h[:]); err != nil {
		return nil, r.gone(err)
	}
	status, n := binary.LittleEndian.Uint32(h[:4]), binary.LittleEndian.Uint32(h[4:])
	p := make([]byte, n)
	if _, err := io.ReadFull(r.out, p); err != nil {
		return nil, r.gone(err)
	}
	if status != 0 {
		msg := string(p)
		return nil, &answerError{msg: msg, lost: strings.HasPrefix(msg, "device lost")}
	}
	return p, nil
}

// gone is the error of a runner whose answers ended (err from the read):
// the process exited, with the last line it printed.
func (r *Runner) gone(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		<-r.done
		msg := "the node process exited"
		if st := r.cmd.ProcessState; st != nil {
			msg = "the node process exited (" + st.String() + ")"
		}
		if l := r.stderr.lastLine(); l != "" {
			msg += ": " + l
		}
		r.err = fmt.Errorf("webgpu: %w: %s", ErrDeviceLost, msg)
		return r.err
	}
	r.err = fmt.Errorf("webgpu: reading the runner's answer: %v", err)
	return r.err
}

// request sends one request (the parts of its payload) and reads the answer.
func (r *Runner) request(op uint32, parts ...[]byte) ([]byte, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.err != nil {
		return nil, r.err
	}
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	if uint64(n) > 1<<32-1 {
		return nil, fmt.Errorf("webgpu: a request of %d bytes is too large", n)
	}
	var h [8]byte
	binary.LittleEndian.PutUint32(h[:4], op)
	binary.LittleEndian.PutUint32(h[4:], uint32(n))
	if _, err := r.in.Write(h[:]); err != nil {
		return nil, r.gone(io.EOF)
	}
	for _, p := range parts {
		if _, err := r.in.Write(p); err != nil {
			return nil, r.gone(io.EOF)
		}
	}
	return r.answer()
}

// Kernel is a compiled compute pipeline: entry point main, bindings 0
// (read-only storage: the positions), 1 (storage: the results) and 2
// (uniform: the parameters) of group 0.
type Kernel struct {
	r             *Runner
	id            uint32
	workgroupSize int
}

// Compile compiles WGSL whose entry point main has the given workgroup
// size (its @workgroup_size x; Run dispatches ceil(count/size)
// workgroups). A compile error is Tint's first line, with its position.
func (r *Runner) Compile(wgsl string, workgroupSize int) (*Kernel, error) {
	if workgroupSize < 1 || uint32(workgroupSize) > r.info.Limits.MaxComputeWorkgroupSizeX {
		return nil, fmt.Errorf("webgpu: workgroup size %d: must be 1 to %d", workgroupSize, r.info.Limits.MaxComputeWorkgroupSizeX)
	}
	var wg [4]byte
	binary.LittleEndian.PutUint32(wg[:], uint32(workgroupSize))
	p, err := r.request(opCompile, wg[:], []byte(wgsl))
	if err != nil {
		return nil, prefixed(err)
	}
	if len(p) != 4 {
		return nil, fmt.Errorf("webgpu: compile: a %d-byte answer", len(p))
	}
	return &Kernel{r: r, id: binary.LittleEndian.Uint32(p), workgroupSize: workgroupSize}, nil
}

// prefixed adds "webgpu: " to the runner's own answers.
func prefixed(err error) error {
	var ae *answerError
	if errors.As(err, &ae) && !strings.HasPrefix(err.Error(), "webgpu: ") {
		return fmt.Errorf("webgpu: %w", err)
	}
	return err
}

// MaxCount is the most invocations one Run dispatches (the workgroups one
// dimension allows).
func (k *Kernel) MaxCount() int {
	return int(k.r.info.Limits.MaxComputeWorkgroupsPerDimension) * k.workgroupSize
}

// Run dispatches count invocations with params in the uniform buffer and
// in (its bytes) in the positions buffer, and reads len(out) floats of the
// results buffer into out. count is at most MaxCount; each buffer at most
// the device's MaxStorageBufferBindingSize (params: MaxUniformBufferBindingSize).
func (k *Kernel) Run(params []byte, in []float32, count int, out []float32) error {
	if count < 0 || count > k.MaxCount() {
		return fmt.Errorf("webgpu: run: %d invocations: must be 0 to %d", count, k.MaxCount())
	}
	lim := k.r.info.Limits
	if uint64(len(in))*4 > lim.MaxStorageBufferBindingSize || uint64(len(out))*4 > lim.MaxStorageBufferBindingSize {
		return fmt.Errorf("webgpu: run: %d input or %d result floats exceed the storage buffer limit %d bytes", len(in), len(out), lim.MaxStorageBufferBindingSize)
	}
	if uint64(len(params)) > lim.MaxUniformBufferBindingSize {
		return fmt.Errorf("webgpu: run: %d bytes of parameters exceed the uniform buffer limit %d", len(params), lim.MaxUniformBufferBindingSize)
	}
	var h [16]byte
	binary.LittleEndian.PutUint32(h[0:], k.id)
	binary.LittleEndian.PutUint32(h[4:], uint32(count))
	binary.LittleEndian.PutUint32(h[8:], uint32(len(out)*4))
	binary.LittleEndian.PutUint32(h[12:], uint32(len(params)))
	p, err := k.r.request(opRun, h[:], params, floatBytes(in))
	if err != nil {
		return prefixed(err)
	}
	if len(p) != len(out)*4 {
		return fmt.Errorf("webgpu: run: %d result bytes, want %d", len(p), len(out)*4)
	}
	copy(floatBytes(out), p)
	return nil
}

// BenchMode is what Kernel.Bench times.
type BenchMode uint32

const (
	// BenchResident times dispatches on positions uploaded once, waiting
	// for the queue (onSubmittedWorkDone); nothing is copied while timing.
	BenchResident BenchMode = 0
	// BenchReadback times what Run does in the runner, the pipe aside:
	// upload the positions (writeBuffer), dispatch, copy the results to a
	// mappable buffer, map it and copy them out into Node's memory.
	BenchReadback BenchMode = 1
)

// String is "resident" or "readback".
func (m BenchMode) String() string {
	switch m {
	case BenchResident:
		return "resident"
	case BenchReadback:
		return "readback"
	}
	return fmt.Sprintf("BenchMode(%d)", uint32(m))
}

// BenchResult is a timing the runner took (performance.now in Node).
type BenchResult struct {
	// Points is the invocations run while timing: whole dispatches.
	Points int64 `json:"points"`
	// Seconds is the time they took, at least the duration asked for.
	Seconds float64 `json:"seconds"`
}

// maxBenchDuration bounds Bench's duration (microseconds in a uint32).
const maxBenchDuration = time.Hour

// Bench times the kernel inside the runner, so that the pipe's round trips
// do not count: params and in are uploaded once, then mode's step (one
// dispatch of count invocations, or for BenchResident batches of them)
// repeats until at least d has passed, after one untimed warm-up step.
// count is 1 to MaxCount, with Run's limits on the buffers; d is at most
// an hour. The runner serves nothing else meanwhile.
func (k *Kernel) Bench(params []byte, in []float32, count int, mode BenchMode, d time.Duration) (BenchResult, error) {
	if count < 1 || count > k.MaxCount() {
		return BenchResult{}, fmt.Errorf("webgpu: bench: %d invocations: must be 1 to %d", count, k.MaxCount())
	}
	if mode != BenchResident && mode != BenchReadback {
		return BenchResult{}, fmt.Errorf("webgpu: bench: unknown mode %d", uint32(mode))
	}
	if d <= 0 || d > maxBenchDuration {
		return BenchResult{}, fmt.Errorf("webgpu: bench: duration %v: must be positive and at most %v", d, maxBenchDuration)
	}
	lim := k.r.info.Limits
	if uint64(len(in))*4 > lim.MaxStorageBufferBindingSize || uint64(count)*4 > lim.MaxStorageBufferBindingSize {
		return BenchResult{}, fmt.Errorf("webgpu: bench: %d input or %d result floats exceed the storage buffer limit %d bytes", len(in), count, lim.MaxStorageBufferBindingSize)
	}
	if uint64(len(params)) > lim.MaxUniformBufferBindingSize {
		return BenchResult{}, fmt.Errorf("webgpu: bench: %d bytes of parameters exceed the uniform buffer limit %d", len(params), lim.MaxUniformBufferBindingSize)
	}
	var h [20]byte
	binary.LittleEndian.PutUint32(h[0:], k.id)
	binary.LittleEndian.PutUint32(h[4:], uint32(count))
	binary.LittleEndian.PutUint32(h[8:], uint32(mode))
	binary.LittleEndian.PutUint32(h[12:], uint32(max(d.Microseconds(), 1)))
	binary.LittleEndian.PutUint32(h[16:], uint32(len(params)))
	p, err := k.r.request(opBench, h[:], params, floatBytes(in))
	if err != nil {
		return BenchResult{}, prefixed(err)
	}
	var res BenchResult
	if err := json.Unmarshal(p, &res); err != nil {
		return BenchResult{}, fmt.Errorf("webgpu: bench: the runner's answer %q: %v", p, err)
	}
	return res, nil
}

// Release frees the pipeline in the runner.
func (k *Kernel) Release() error {
	var id [4]byte
	binary.LittleEndian.PutUint32(id[:], k.id)
	_, err := k.r.request(opRelease, id[:])
	return prefixed(err)
}

// floatBytes is f's memory as bytes: little-endian on every platform Go
// and Dawn share (amd64, arm64).
func floatBytes(f []float32) []byte {
	if len(f) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&f[0])), len(f)*4)
}

// tail keeps the last bytes written to it (the process's output).
type tail struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

const tailSize = 8 << 10

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf.Write(p)
	if t.buf.Len() > 2*tailSize {
		b := t.buf.Bytes()[t.buf.Len()-tailSize:]
		t.buf = *bytes.NewBuffer(append([]byte(nil), b...))
	}
	return len(p), nil
}

// lastLine is the last non-empty line written, Dawn's warnings skipped.
func (t *tail) lastLine() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	lines := strings.Split(t.buf.String(), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" && !strings.HasPrefix(l, "Warning: ") {
			return l
		}
	}
	return ""
}
