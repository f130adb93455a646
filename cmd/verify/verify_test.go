package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"github.com/noiselab/noise/compare"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/noiselab/noise/cmd/internal/cliflag"
	"github.com/noiselab/noise/gpu/dispatch"
	"github.com/noiselab/noise/gpu/shaders"
	"github.com/noiselab/noise/graph"
)

// needGL skips without an OpenGL 4.3 context, unless NOISE_REQUIRE_GPU is
// set (CI), when it fails.
var glErr = sync.OnceValue(func() error {
	c, err := dispatch.New(dispatch.Options{})
	if err == nil {
		c.Close()
	}
	return err
})

func needGL(t *testing.T) {
	t.Helper()
	if err := glErr(); err != nil {
		if os.Getenv("NOISE_REQUIRE_GPU") != "" {
			t.Fatalf("NOISE_REQUIRE_GPU is set but there is no GL context: %v", err)
		}
		t.Skipf("no OpenGL 4.3 context (%v); set NOISE_REQUIRE_GPU=1 to fail instead", err)
	}
}

type result struct {
	code           int
	stdout, stderr string
}

func runVerify(args []string, edit func(string) string) result {
	var out, errb bytes.Buffer
	code := run(append([]string{"-quiet"}, args...), &out, &errb, edit)
	return result{code, out.String(), errb.String()}
}

var rowRE = regexp.MustCompile(`(?m)^(\S+ [1-4]D(?: tiling)?)\s+(PASS|FAIL)\s`)

// rows returns the variants of the table by result.
func rows(t *testing.T, stdout string) (pass, fail []string) {
	t.Helper()
	for _, m := range rowRE.FindAllStringSubmatch(stdout, -1) {
		if m[2] == "PASS" {
			pass = append(pass, m[1])
		} else {
			fail = append(fail, m[1])
		}
	}
	sort.Strings(fail)
	return pass, fail
}

// TestWholeMatrixPasses runs every variant (small position sets; make
// verify runs the full size) and expects 164 passing rows, the summary
// and the renderer.
func TestWholeMatrixPasses(t *testing.T) {
	needGL(t)
	r := runVerify([]string{"-n", "60"}, nil)
	if r.code != 0 {
		t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	pass, fail := rows(t, r.stdout)
	if len(pass) != 164 || len(fail) != 0 {
		t.Errorf("%d PASS and %d FAIL rows, want 164 and 0", len(pass), len(fail))
	}
	for _, want := range []string{"GL: ", "OpenGL", "verify: PASS: 164 of 164 variants pass", "tolerance: values abs 2e-06"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("output lacks %q", want)
		}
	}
}

// TestCatchesWrongConstant plants the Perlin 2D normalisation without its
// factor 2 (1/0.53528 instead of 2/0.53528): exactly the six Perlin 2D
// variants must fail, and -diff-dir must draw them.
func TestCatchesWrongConstant(t *testing.T) {
	needGL(t)
	edit := func(s string) string {
		return strings.Replace(s, "#define noise_perlin2 uintBitsToFloat(0x406F2090u)", "#define noise_perlin2 uintBitsToFloat(0x3FEF2090u)", 1)
	}
	dir := t.TempDir()
	r := runVerify([]string{"-noise", "value,perlin,perlin-turbulence,perlin-smooth-turbulence,simplex", "-n", "80", "-diff-dir", dir}, edit)
	if r.code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", r.code, r.stdout, r.stderr)
	}
	pass, fail := rows(t, r.stdout)
	want := []string{"perlin 2D", "perlin 2D tiling", "perlin-smooth-turbulence 2D", "perlin-smooth-turbulence 2D tiling",
		"perlin-turbulence 2D", "perlin-turbulence 2D tiling"}
	if strings.Join(fail, "|") != strings.Join(want, "|") {
		t.Errorf("failing variants %q, want exactly %q", fail, want)
	}
	if len(pass) != 36-6 {
		t.Errorf("%d passing variants, want 30", len(pass))
	}
	if !strings.Contains(r.stdout, "verify: FAIL: 30 of 36 variants pass") || !strings.Contains(r.stdout, "first failure:") {
		t.Errorf("summary or first-failure line missing:\n%s", r.stdout)
	}
	pngs, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	if len(pngs) != 18 {
		t.Errorf("-diff-dir wrote %d PNGs, want 18 (CPU, GPU, diff × 6): %v", len(pngs), pngs)
	}
}

// TestExactCatchesOneULP: a constant off by one ULP passes the tolerance
// but fails -exact, on the affected variants only.
func TestExactCatchesOneULP(t *testing.T) {
	needGL(t)
	edit := func(s string) string {
		return strings.Replace(s, "#define noise_perlin3 uintBitsToFloat(0x3FE364D3u)", "#define noise_perlin3 uintBitsToFloat(0x3FE364D4u)", 1)
	}
	args := []string{"-noise", "perlin,value", "-dims", "3", "-n", "80"}
	if r := runVerify(args, edit); r.code != 0 {
		t.Errorf("a 1-ULP constant under the tolerance: exit %d, want 0\n%s", r.code, r.stdout)
	}
	r := runVerify(append(args, "-exact"), edit)
	_, fail := rows(t, r.stdout)
	if r.code != 1 || strings.Join(fail, "|") != "perlin 3D|perlin 3D tiling" {
		t.Errorf("-exact: exit %d, failing %q, want 1 and the two Perlin 3D variants\n%s", r.code, fail, r.stdout)
	}
}

// TestCatchesMissingTilingWrap removes the floor-mod of the tiling
// lattice: every tiling variant must fail and every other pass.
func TestCatchesMissingTilingWrap(t *testing.T) {
	needGL(t)
	edit := func(s string) string {
		return strings.Replace(s, "int p0 = p >= 0 ? p % f : f - 1 - (-(p + 1)) % f;", "int p0 = p;", 1)
	}
	r := runVerify([]string{"-noise", "value,perlin-turbulence,voronoi-worley-f1,voronoi-chebyshev-f2,voronoi-worley-smooth-poly,perm-value", "-n", "80"}, edit)
	if r.code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", r.code, r.stdout, r.stderr)
	}
	pass, fail := rows(t, r.stdout)
	if len(fail) != 21 || len(pass) != 21 {
		t.Errorf("%d failing and %d passing, want 21 and 21", len(fail), len(pass))
	}
	for _, f := range fail {
		if !strings.HasSuffix(f, " tiling") {
			t.Errorf("%s failed but does not tile", f)
		}
	}
	for _, p := range pass {
		if strings.HasSuffix(p, " tiling") {
			t.Errorf("%s passed without its wrap", p)
		}
	}
}

// TestJSON writes the full report.
func TestJSON(t *testing.T) {
	needGL(t)
	path := filepath.Join(t.TempDir(), "r.json")
	r := runVerify([]string{"-noise", "simplex,voronoi-worley-smooth-lse", "-dims", "2", "-n", "50", "-json", path}, nil)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	rep := readReport(t, path)
	if len(rep.Variants) != 3 || rep.Passed != 3 || rep.Renderer == "" || rep.Points == 0 {
		t.Errorf("report: %d variants, %d passed, renderer %q, %d points", len(rep.Variants), rep.Passed, rep.Renderer, rep.Points)
	}
	c := rep.Variants[0].Cases
	if want := len(compare.SettingsCases()) * 6 * 2; len(c) != want || len(c[1].Components) != 5 || c[0].Components[0].Component != "v" {
		t.Errorf("cases: %d (want %d: settings × 6 position sets × values and samples), components %d", len(c), want, len(c[1].Components))
	}
}

// TestBadInput: bad flags exit 2 with one line on stderr.
func TestBadInput(t *testing.T) {
	cases := []struct {
		args []string
		keys []string
	}{
		{[]string{"-noise", "perlinn"}, []string{`unknown noise "perlinn"`, "voronoi-worley-f1"}},
		{[]string{"-exact", "-tolerance", "1e-5"}, []string{"-exact and -tolerance conflict"}},
		{[]string{"-context", "vulkan"}, []string{`-context "vulkan"`, "valid: " + strings.Join(cliflag.Contexts, ", ")}},
		{[]string{"-context", "current"}, []string{"valid: " + strings.Join(cliflag.Contexts, ", ")}},
		{[]string{"-dims", "5"}, []string{"-dims", "1, 2, 3, 4"}},
		{[]string{"-tiling", "maybe"}, []string{"both, yes, no"}},
		{[]string{"-noise", "simplex", "-tiling", "yes"}, []string{"-noise simplex selects no variant with -tiling yes", "no tiling variant"}},
		{[]string{"-n", "0"}, []string{"-n 0"}},
		{[]string{"-tolerance", "-1"}, []string{"-tolerance"}},
		{[]string{"extra"}, []string{`unexpected argument "extra"`}},
		{[]string{"-bogus"}, []string{"-bogus"}},
		{[]string{"-exclude", "perlinn"}, []string{`unknown noise "perlinn"`}},
		{[]string{"-driver", "nouveau"}, []string{`-driver "nouveau"`, "llvmpipe, zink, softpipe"}},
		{[]string{"-arith", "fast"}, []string{`-arith "fast"`, "native, exact"}},
		{[]string{"-precision", "best"}, []string{`-precision "best"`, "native, worst"}},
	}
	for _, c := range cases {
		r := runVerify(c.args, nil)
		lines := strings.Split(strings.TrimRight(r.stderr, "\n"), "\n")
		if r.code != 2 || len(lines) != 1 || r.stdout != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want 2, one line, nothing", c.args, r.code, r.stderr, r.stdout)
			continue
		}
		for _, k := range c.keys {
			if !strings.Contains(lines[0], k) {
				t.Errorf("%v: %q lacks %q", c.args, lines[0], k)
			}
		}
	}
	if r := runVerify([]string{"-h"}, nil); r.code != 0 || !strings.Contains(r.stdout, "-exact") {
		t.Errorf("-h: exit %d, stdout %q", r.code, r.stdout)
	}
}

// TestNoGL runs the built command where EGL finds no driver and, without a
// display, with -context glfw: exit 2 and one line saying why (in a build
// without -tags glfw: how to build one with it).
func TestNoGL(t *testing.T) {
	glfwKey := "xvfb-run"
	if !slices.Contains(cliflag.Contexts, "glfw") {
		glfwKey = "go build -tags glfw"
	}
	bin := filepath.Join(t.TempDir(), "verify")
	if out, err := exec.Command("go", append(append([]string{"build"}, cliflag.BuildTags()...), "-o", bin, ".")...).CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	for _, c := range []struct {
		name string
		env  []string
		args []string
		key  string
	}{
		{"no EGL driver", []string{"__EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent.json", "EGL_PLATFORM=surfaceless"}, nil, "no GPU to verify"},
		{"no Mesa driver", []string{"MESA_LOADER_DRIVER_OVERRIDE=bogus", "GALLIUM_DRIVER=bogus"}, nil, "surfaceless platform: eglInitialize failed"},
		{"glfw without display", []string{"DISPLAY=", "WAYLAND_DISPLAY="}, []string{"-context", "glfw"}, glfwKey},
	} {
		cmd := exec.Command(bin, c.args...)
		cmd.Env = append(os.Environ(), c.env...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
		lines := strings.Split(strings.TrimRight(stderr.String(), "\n"), "\n")
		if code != 2 || len(lines) != 1 || !strings.Contains(lines[0], c.key) {
			t.Errorf("%s: exit %d, stderr %q; want 2 and one line with %q", c.name, code, stderr.String(), c.key)
		}
	}
}

// failingWriter fails every write, like a full disk.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestOutputs: -json and -diff-dir are checked before the run; a missing
// -diff-dir is created and that is said; "-json -" puts the JSON alone on
// stdout; a failed write on stdout or to -json is exit 2 with one line,
// except that a FAIL stays exit 1 (it used to be hidden by exit 2).
func TestOutputs(t *testing.T) {
	dir := t.TempDir()
	notDir := filepath.Join(dir, "file")
	os.WriteFile(notDir, []byte("x"), 0o644)
	// Refused before the run: these need no GL and exit at once.
	for _, c := range []struct {
		args []string
		key  string
	}{
		{[]string{"-json", filepath.Join(dir, "missing", "r.json")}, "does not exist"},
		{[]string{"-json", dir}, "is a directory"},
		{[]string{"-diff-dir", notDir}, "not a directory"},
	} {
		r := runVerify(c.args, nil)
		if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, c.key) || r.stdout != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want 2 and one line with %q", c.args, r.code, r.stderr, r.stdout, c.key)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "missing")); err == nil {
		t.Error("a refused -json created its directory")
	}

	needGL(t)
	small := []string{"-noise", "perlin", "-dims", "2", "-tiling", "no", "-n", "20"}
	made := filepath.Join(dir, "diffs")
	r := runVerify(append(small, "-diff-dir", made), nil)
	if r.code != 0 || !strings.Contains(r.stderr, "created the -diff-dir directory "+made) {
		t.Errorf("missing -diff-dir: exit %d, stderr %q", r.code, r.stderr)
	}
	if fi, err := os.Stat(made); err != nil || !fi.IsDir() {
		t.Errorf("-diff-dir was not created: %v", err)
	}
	if ents, _ := os.ReadDir(made); len(ents) != 0 {
		t.Errorf("-diff-dir holds %d files after a passing run (the probe must be gone)", len(ents))
	}

	r = runVerify(append(small, "-json", "-"), nil)
	var rep report
	if err := json.Unmarshal([]byte(r.stdout), &rep); r.code != 0 || err != nil || rep.Passed != 1 {
		t.Errorf("-json -: exit %d, stdout is not the report (%v)", r.code, err)
	}
	if !strings.Contains(r.stderr, "PASS") {
		t.Errorf("-json -: the table is not on stderr: %q", r.stderr)
	}

	var errb bytes.Buffer
	if code := run(append([]string{"-quiet"}, small...), failingWriter{}, &errb, nil); code != 2 || strings.Count(errb.String(), "\n") != 1 ||
		!strings.Contains(errb.String(), "writing standard output") {
		t.Errorf("stdout full: exit %d, stderr %q; want 2 and one line", code, errb.String())
	}
	errb.Reset()
	if code := run([]string{"-h"}, failingWriter{}, &errb, nil); code != 2 {
		t.Errorf("-h with stdout full: exit %d, want 2", code)
	}

	// A FAIL stays exit 1 when the JSON cannot be written too.
	if _, err := os.Stat("/dev/full"); err == nil {
		edit := func(s string) string {
			return strings.Replace(s, "#define noise_perlin2 uintBitsToFloat(0x406F2090u)", "#define noise_perlin2 uintBitsToFloat(0x3FEF2090u)", 1)
		}
		r := runVerify(append(small, "-json", "/dev/full"), edit)
		if r.code != 1 || !strings.Contains(r.stderr, "-json: writing /dev/full: no space left") {
			t.Errorf("FAIL and a failed -json: exit %d, stderr %q; want 1 and the write error", r.code, r.stderr)
		}
	}
}

// TestWorstCaseGPU: under the emulated worst GPU (-precision worst) every
// variant passes the tolerance policy; with exact arithmetic as well,
// -exact passes for every variant but the six smooth log-sum-exp ones
// (whose exp and log stay the GPU's own).
func TestWorstCaseGPU(t *testing.T) {
	needGL(t)
	r := runVerify([]string{"-n", "60", "-precision", "worst"}, nil)
	pass, fail := rows(t, r.stdout)
	if r.code != 0 || len(pass) != 164 || len(fail) != 0 || !strings.Contains(r.stdout, "precision worst") {
		t.Fatalf("-precision worst: exit %d, %d PASS, failing %v\n%s", r.code, len(pass), fail, r.stderr)
	}
	if strings.Contains(r.stdout, "164 bit-exact") {
		t.Error("-precision worst: every variant bit-exact: the emulation is not in effect")
	}
	// With the GPU's own arithmetic, noise whose only divisions are the
	// octave sum's normalisation (sampleDiv) and perm-value's /255
	// (divide255), both exact in either arithmetic, keeps the CPU's bits on
	// the least precise GPU: every fractal setting of these, and every
	// perm-value variant, differs with a plain /.
	lattice := []string{"-n", "60", "-precision", "worst", "-exact", "-noise",
		"value,value-turbulence,perlin,perlin-turbulence,perlin-smooth-turbulence,simplex-value,simplex-value-turbulence,perm-value"}
	r = runVerify(lattice, nil)
	if pass, fail := rows(t, r.stdout); r.code != 0 || len(pass) != 56 {
		t.Errorf("-precision worst -exact on the lattice noises: exit %d, %d PASS, failing %q; want 0, 56, none", r.code, len(pass), fail)
	}
	r = runVerify([]string{"-n", "60", "-precision", "worst", "-arith", "exact", "-exact"}, nil)
	_, fail = rows(t, r.stdout)
	var want []string
	for _, d := range []string{"1D", "2D", "3D"} {
		want = append(want, "voronoi-worley-smooth-lse "+d, "voronoi-worley-smooth-lse "+d+" tiling")
	}
	sort.Strings(want)
	if r.code != 1 || strings.Join(fail, "|") != strings.Join(want, "|") || !strings.Contains(r.stdout, "158 bit-exact") {
		t.Errorf("-precision worst -arith exact -exact: exit %d, failing %q; want exit 1 and exactly %q", r.code, fail, want)
	}
	r = runVerify([]string{"-n", "40", "-precision", "worst", "-arith", "exact", "-exact", "-exclude", "voronoi-worley-smooth-lse"}, nil)
	if pass, _ := rows(t, r.stdout); r.code != 0 || len(pass) != 158 {
		t.Errorf("-exclude voronoi-worley-smooth-lse: exit %d, %d PASS rows; want 0 and 158", r.code, len(pass))
	}
}

// TestWorstCaseCatchesPlainDivision plants a plain / in perm-value's
// finish (where the code should call divide255): the GPU's own division, which
// the worst-case emulation moves, so -exact with exact arithmetic fails on
// exactly the perm-value variants, and passes without the fault.
func TestWorstCaseCatchesPlainDivision(t *testing.T) {
	needGL(t)
	const from, to = "noise_divide255(2.0 * n.v)", "(2.0 * n.v) / 255.0"
	edit := func(s string) string {
		if !strings.Contains(s, "#define noise_NOISE_FAMILY noise_familyPerm") {
			return s
		}
		if !strings.Contains(s, from) {
			panic("the planted fault's target moved: update the test")
		}
		return strings.Replace(s, from, to, 1)
	}
	args := []string{"-n", "60", "-noise", "perm-value,perlin", "-precision", "worst", "-arith", "exact", "-exact"}
	if r := runVerify(args, nil); r.code != 0 {
		t.Fatalf("without the fault: exit %d\n%s", r.code, r.stdout)
	}
	r := runVerify(args, edit)
	pass, fail := rows(t, r.stdout)
	if r.code != 1 || len(fail) != 8 || len(pass) != 8 {
		t.Fatalf("with a plain /: exit %d, failing %q, %d passing; want the 8 perm-value variants to fail", r.code, fail, len(pass))
	}
	for _, f := range fail {
		if !strings.HasPrefix(f, "perm-value ") {
			t.Errorf("%s fails, but the fault is in perm-value", f)
		}
	}
}

// TestDrivers runs a slice of the matrix on Mesa's zink (GLSL → SPIR-V →
// NIR on lavapipe) and softpipe (no LLVM) drivers through -driver, in
// processes of their own (a process keeps one driver), and checks the
// renderer is the one asked for.
func TestDrivers(t *testing.T) {
	needGL(t)
	bin := filepath.Join(t.TempDir(), "verify")
	if out, err := exec.Command("go", append(append([]string{"build"}, cliflag.BuildTags()...), "-o", bin, ".")...).CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	for _, driver := range []string{"zink", "softpipe"} {
		cmd := exec.Command(bin, "-quiet", "-driver", driver, "-noise", "perlin,simplex,voronoi-worley-f1,perm-value", "-dims", "2,3", "-n", "40")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		if strings.Contains(stderr.String(), "asked for the "+driver+" driver but got") {
			if os.Getenv("NOISE_REQUIRE_GPU") != "" {
				t.Errorf("-driver %s: %s", driver, stderr.String())
				continue
			}
			t.Logf("-driver %s is not installed here: %s", driver, stderr.String())
			continue
		}
		if err != nil || !strings.Contains(stdout.String(), "GL: "+driver) || !strings.Contains(stdout.String(), "verify: PASS: 14 of 14") {
			t.Errorf("-driver %s: %v\n%s%s", driver, err, stdout.String(), stderr.String())
		}
	}
}

// TestGraphTolerance (testdata/stone.json and marble.json: copies of two
// example graphs kept fixed, so the expected bound can be worked out by
// hand): a graph's tolerance is its error bound from its
// sources' policies (scaling with -tolerance), 0 ULP with -exact; a graph
// whose bound is infinite is skipped only under native arithmetic with
// -precision worst, and keeps the sources' policy elsewhere.
func TestGraphTolerance(t *testing.T) {
	load := func(name string) *graph.Graph {
		g, err := graph.LoadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	stone, marble := load("stone.json"), load("marble.json")
	o := &options{tolerance: 2e-6}
	o.gpu.Precision = shaders.PrecisionWorst
	pol, skip, text := o.graphTolerance(stone)
	// cells (2e-6) · 1/0.12 · 0.85 + grain (2e-6) · 0.15 · 1, and roundings
	if want := 2e-6/0.12*0.85 + 2e-6*0.15; skip != "" || pol.Value.Abs < want || pol.Value.Abs > want*1.05 || pol.Value.Rel != 0 || !strings.Contains(text, "bound: values abs") {
		t.Errorf("stone: %+v, %q, %q; want values abs %v", pol, skip, text, want)
	}
	o.tolerance = 2e-8
	if pol2, _, _ := o.graphTolerance(stone); pol2.Value.Abs > pol.Value.Abs/10 || pol2.Deriv.Abs > pol.Deriv.Abs/10 {
		t.Errorf("-tolerance 2e-8: %+v; want under a tenth of %+v (the roundings' share stays)", pol2, pol)
	}
	o.tolerance = 2e-6
	if _, skip, _ := o.graphTolerance(marble); !strings.Contains(skip, `skip: unbounded error (warp "warped") — use -arith exact`) {
		t.Errorf("marble under native arithmetic, -precision worst: skip %q", skip)
	}
	o.gpu.Arith = shaders.ArithExact
	if pol, skip, _ := o.graphTolerance(marble); skip != "" || pol.Value.Abs != 2e-6 {
		t.Errorf("marble under exact arithmetic: %+v, skip %q; want the sources' policy", pol, skip)
	}
	o.exact = true
	if pol, skip, text := o.graphTolerance(marble); skip != "" || pol != compare.Exact || text != "0 ULP" {
		t.Errorf("marble with -exact: %+v, %q, %q", pol, skip, text)
	}
}

// TestGraphWorst runs the example graphs under -precision worst: stone
// passes within its bound (and fails at a hundredth of the sources'
// tolerances: the bound is what is compared), marble is skipped without
// failing, and with -arith exact -exact both are bit for bit.
func TestGraphWorst(t *testing.T) {
	needGL(t)
	path := func(name string) string { return filepath.Join("testdata", name) }
	r := runVerify([]string{"-n", "40", "-precision", "worst", "-graph", path("stone.json")}, nil)
	if r.code != 0 || !regexp.MustCompile(`graph stone.json\s+PASS`).MatchString(r.stdout) || !regexp.MustCompile(`tolerance: bound: values abs 1\.4[0-9]*e-05;`).MatchString(r.stdout) {
		t.Errorf("stone, -precision worst: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = runVerify([]string{"-n", "40", "-precision", "worst", "-tolerance", "2e-8", "-graph", path("stone.json")}, nil)
	if r.code != 1 {
		t.Errorf("stone, -precision worst -tolerance 2e-8: exit %d; want 1 (the bound scaled down is exceeded)\n%s", r.code, r.stdout)
	}
	r = runVerify([]string{"-n", "40", "-precision", "worst", "-graph", path("marble.json")}, nil)
	if r.code != 0 || !regexp.MustCompile(`graph marble.json\s+SKIP`).MatchString(r.stdout) || !strings.Contains(r.stdout, "1 skipped") {
		t.Errorf("marble, -precision worst: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	for _, g := range []string{"stone.json", "marble.json"} {
		r = runVerify([]string{"-n", "40", "-precision", "worst", "-arith", "exact", "-exact", "-graph", path(g)}, nil)
		if r.code != 0 || !strings.Contains(r.stdout, "1 bit-exact") {
			t.Errorf("%s, -precision worst -arith exact -exact: exit %d\n%s%s", g, r.code, r.stdout, r.stderr)
		}
	}
}

// readReport reads the -json report at path.
func readReport(t *testing.T, path string) report {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rep report
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rep
}
