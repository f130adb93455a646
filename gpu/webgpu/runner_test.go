package webgpu

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// needRunner starts a Runner. It skips only without node; without the npm
// package (make webgpu-deps) or an adapter it fails.
func needRunner(t *testing.T) *Runner {
	t.Helper()
	r, err := shared()
	if errors.Is(err, ErrNoNode) {
		t.Skipf("no WebGPU runner: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// shared is one Runner for the package's tests.
var shared = sync.OnceValues(func() (*Runner, error) { return Start(Options{}) })

func TestMain(m *testing.M) {
	code := m.Run()
	if r, err := shared(); err == nil {
		r.Close()
	}
	os.Exit(code)
}

// oddShader writes 2i+1 (bits of i·2+1 as float) for i < count, the count
// from the uniform, and checks that it read its position: result i is
// position i's x plus 2i+1 when stride is 3.
const oddShader = `
struct Params { count: u32, stride: u32, add: f32, pad: u32 }
@group(0) @binding(0) var<storage, read> noisePositions: array<f32>;
@group(0) @binding(1) var<storage, read_write> noiseResults: array<f32>;
@group(0) @binding(2) var<uniform> noiseParams: Params;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
	let i = id.x;
	if (i >= noiseParams.count) { return; }
	noiseResults[i] = noisePositions[i * noiseParams.stride] + f32(i * 2u + 1u) + noiseParams.add;
}
`

func params(count, stride uint32, add float32) []byte {
	b := make([]byte, 16)
	le := func(o int, v uint32) { b[o], b[o+1], b[o+2], b[o+3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24) }
	le(0, count)
	le(4, stride)
	le(8, mathFloat32bits(add))
	return b
}

func TestRoundTrip(t *testing.T) {
	r := needRunner(t)
	k, err := r.Compile(oddShader, 64)
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	for _, n := range []int{0, 1, 63, 64, 65, 1000, 100003} {
		pos := make([]float32, 3*n)
		for i := range n {
			pos[3*i] = float32(i%7) * 0.25
			pos[3*i+1], pos[3*i+2] = -1, -2 // must not be read
		}
		out := make([]float32, n+5) // 5 beyond count: left 0
		for i := range out {
			out[i] = -7 // overwritten by the results buffer's zeros
		}
		if err := k.Run(params(uint32(n), 3, 0), pos, n, out); err != nil {
			t.Fatalf("n %d: %v", n, err)
		}
		for i := range out {
			want := float32(0)
			if i < n {
				want = float32(i%7)*0.25 + float32(2*i+1)
			}
			if out[i] != want {
				t.Fatalf("n %d: result %d = %g, want %g", n, i, out[i], want)
			}
		}
	}
}

// TestBitsSurvive: NaN payloads, -0, infinities and subnormals pass
// through the runner unchanged (a copy shader; x + 0 would not keep -0).
func TestBitsSurvive(t *testing.T) {
	r := needRunner(t)
	const copyShader = `
struct Params { count: u32, stride: u32, add: f32, pad: u32 }
@group(0) @binding(0) var<storage, read> noisePositions: array<u32>;
@group(0) @binding(1) var<storage, read_write> noiseResults: array<u32>;
@group(0) @binding(2) var<uniform> noiseParams: Params;
@compute @workgroup_size(8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
	if (id.x < noiseParams.count) { noiseResults[id.x] = noisePositions[id.x]; }
}`
	k, err := r.Compile(copyShader, 8)
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	bits := []uint32{0x7FC00001, 0xFFA00000, 0x80000000, 0x7F800000, 0xFF800000, 0x00000001, 0x3F800000}
	in := make([]float32, len(bits))
	for i, b := range bits {
		in[i] = mathFloat32frombits(b)
	}
	out := make([]float32, len(bits))
	if err := k.Run(params(uint32(len(bits)), 1, 0), in, len(bits), out); err != nil {
		t.Fatal(err)
	}
	for i, b := range bits {
		if got := mathFloat32bits(out[i]); got != b {
			t.Errorf("word %d: %08X, want %08X", i, got, b)
		}
	}
}

// TestParamsMatter: the same kernel with another uniform gives other
// results (what verify's perturbed-params test relies on).
func TestParamsMatter(t *testing.T) {
	r := needRunner(t)
	k, err := r.Compile(oddShader, 64)
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	pos := make([]float32, 3*10)
	a, b := make([]float32, 10), make([]float32, 10)
	if err := k.Run(params(10, 3, 0), pos, 10, a); err != nil {
		t.Fatal(err)
	}
	if err := k.Run(params(10, 3, 0.5), pos, 10, b); err != nil {
		t.Fatal(err)
	}
	for i := range a {
		if b[i] != a[i]+0.5 {
			t.Fatalf("result %d: %g with add 0.5, %g without", i, b[i], a[i])
		}
	}
}

func oneLine(t *testing.T, err error, want ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want one with %q", want)
	}
	msg := err.Error()
	if strings.Contains(msg, "\n") {
		t.Errorf("error has several lines: %q", msg)
	}
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("error %q lacks %q", msg, w)
		}
	}
}

func TestBadWGSL(t *testing.T) {
	r := needRunner(t)
	bad := strings.Replace(oddShader, "noiseResults[i] =", "noiseResults[i] = undefinedThing +", 1)
	_, err := r.Compile(bad, 64)
	oneLine(t, err, "webgpu: WGSL compile error at line", "undefinedThing")
	// The wrong binding type: the pipeline layout refuses it.
	_, err = r.Compile(strings.Replace(oddShader, "var<uniform> noiseParams", "var<storage, read> noiseParams", 1), 64)
	oneLine(t, err, "webgpu: ")
	// The runner still works after errors.
	k, err := r.Compile(oddShader, 64)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]float32, 2)
	if err := k.Run(params(2, 3, 0), make([]float32, 6), 2, out); err != nil || out[1] != 3 {
		t.Errorf("after compile errors: %v, %v", out, err)
	}
	k.Release()
}

func TestMissingPackage(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node")
	}
	dir := filepath.Join(t.TempDir(), "node_modules")
	_, err := Start(Options{NodeModules: dir})
	oneLine(t, err, "npm package webgpu is not installed", dir, "make webgpu-deps", "npm install --prefix")
	if !errors.Is(err, ErrNoPackage) {
		t.Errorf("%v is not ErrNoPackage", err)
	}
	// A package.json but no loadable module.
	os.MkdirAll(filepath.Join(dir, "webgpu"), 0o777)
	os.WriteFile(filepath.Join(dir, "webgpu", "package.json"), []byte(`{"name":"webgpu"}`), 0o666)
	_, err = Start(Options{NodeModules: dir})
	oneLine(t, err, "cannot load the npm package webgpu", "make webgpu-deps")
	if !errors.Is(err, ErrNoPackage) {
		t.Errorf("%v is not ErrNoPackage", err)
	}
}

func TestMissingNode(t *testing.T) {
	_, err := Start(Options{Node: "no-such-node-binary"})
	oneLine(t, err, "node (Node.js) not found", "install Node.js")
	if !errors.Is(err, ErrNoNode) {
		t.Errorf("%v is not ErrNoNode", err)
	}
}

// TestNodeDies: a runner whose process ends answers every later request
// with one line saying so.
func TestNodeDies(t *testing.T) {
	needRunner(t)
	r, err := Start(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	r.cmd.Process.Kill()
	_, err = r.Compile(oddShader, 64)
	oneLine(t, err, "the node process exited")
	if !errors.Is(err, ErrDeviceLost) {
		t.Errorf("%v is not ErrDeviceLost", err)
	}
}

func TestInfo(t *testing.T) {
	r := needRunner(t)
	i := r.Info()
	if i.Limits.MaxComputeWorkgroupsPerDimension < 65535 || i.Limits.MaxStorageBufferBindingSize < 128<<20 || i.Backend != "opengles" {
		t.Errorf("info %+v", i)
	}
	t.Logf("%s; limits %+v", i, i.Limits)
}

// TestDeviceLost: after Dawn loses the device, every request fails with
// one line saying so.
func TestDeviceLost(t *testing.T) {
	needRunner(t)
	r, err := Start(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	k, err := r.Compile(oddShader, 64)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.request(opDestroy); err != nil {
		t.Fatal(err)
	}
	err = k.Run(params(1, 3, 0), make([]float32, 3), 1, make([]float32, 1))
	oneLine(t, err, "webgpu: device lost")
	if !errors.Is(err, ErrDeviceLost) {
		t.Errorf("%v is not ErrDeviceLost", err)
	}
	_, err = r.Compile(oddShader, 64)
	oneLine(t, err, "webgpu: device lost")
	_, err = k.Bench(params(1, 3, 0), make([]float32, 3), 1, BenchReadback, time.Millisecond)
	oneLine(t, err, "webgpu: device lost")
	if !errors.Is(err, ErrDeviceLost) {
		t.Errorf("bench: %v is not ErrDeviceLost", err)
	}
}

// TestNoAdapter: a backend Dawn has no adapter for (D3D12 off Windows)
// gives one line saying so.
func TestNoAdapter(t *testing.T) {
	needRunner(t)
	if runtime.GOOS == "windows" {
		t.Skip("D3D12 exists here")
	}
	_, err := Start(Options{Backend: "d3d12"})
	oneLine(t, err, "no WebGPU adapter", "d3d12")
	if !errors.Is(err, ErrNoAdapter) {
		t.Errorf("%v is not ErrNoAdapter", err)
	}
}

// TestBackendFromEnvironment: with Options.Backend empty, Start takes
// Dawn's backend from NOISE_WEBGPU_BACKEND (here one with no adapter off
// Windows, so the error names it).
// TestDefaultBackend: with no backend named, Dawn runs on the system's own
// API, and on OpenGL ES (Mesa's llvmpipe without a GPU) elsewhere; each is
// a name Dawn knows.
func TestDefaultBackend(t *testing.T) {
	for goos, want := range map[string]string{"linux": "opengles", "freebsd": "opengles", "darwin": "metal", "windows": "d3d12"} {
		if got := defaultBackend(goos); got != want || !slices.Contains(dawnBackends, got) {
			t.Errorf("defaultBackend(%q) = %q, want %q", goos, got, want)
		}
	}
}

func TestBackendFromEnvironment(t *testing.T) {
	needRunner(t)
	if runtime.GOOS == "windows" {
		t.Skip("D3D12 exists here")
	}
	t.Setenv("NOISE_WEBGPU_BACKEND", "d3d12")
	_, err := Start(Options{})
	oneLine(t, err, "no WebGPU adapter", "d3d12")
	// A name Dawn does not know is one line naming the variable and the
	// names it does.
	t.Setenv("NOISE_WEBGPU_BACKEND", "vulcan")
	_, err = Start(Options{})
	oneLine(t, err, `unknown Dawn backend "vulcan"`, "NOISE_WEBGPU_BACKEND", "opengles, opengl, vulkan, metal, d3d12, d3d11, null")
}
