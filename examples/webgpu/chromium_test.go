package webgpuexample

import (
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/chromedp/chromedp"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/compare"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/gpu/shaders"
	"github.com/noiselab/noise/graph"
	"github.com/noiselab/noise/internal/graphcases"
	"github.com/noiselab/noise/internal/grid"
)

var (
	outDir      = flag.String("out", "../../out/chromium", "`directory` for the screenshot, the table and the timings")
	only        = flag.String("variants", "", "comma-separated variant names (default: every variant)")
	nPoints     = flag.Int("n", 1000, "points per position set, as verify's -n")
	benchPts    = flag.Int("bench-size", 1024, "the benchmark grid's side: size² points")
	benchNoises = flag.String("bench-noises", "perlin", "comma-separated noise types to time in 2D and 3D (empty: none); bench/regen.sh's list: value,perlin,simplex,simplex-value,voronoi-worley-f1,voronoi-chebyshev-f1,perm-value")
	graphGlob   = flag.String("graphs", "../graphs/*.json", "`glob` of the graphs to run (empty: none)")
	arithFlag   = flag.String("arith", "native", "the variants' shader arithmetic: native (the GPU's / and sqrt) or exact (correctly rounded from +, −, ×)")
)

// workgroupSize is noise.js's WORKGROUP_SIZE (and what noise shader -lang
// wgsl writes).
const workgroupSize = 64

// chromium is the browser: NOISE_CHROMIUM, or the first of the usual
// names on PATH.
func chromium() string {
	if p := os.Getenv("NOISE_CHROMIUM"); p != "" {
		return p
	}
	for _, n := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	return ""
}

// page is the example page open in headless Chromium.
type page struct {
	ctx context.Context
	t   *testing.T
}

// openPage serves the page with the values kernels of variants (and an
// index.json listing them) and opens it in headless Chromium; it skips
// when there is no Chromium, unless NOISE_REQUIRE_GPU is set.
func openPage(t *testing.T, variants []compare.Variant, graphs []string, first string) *page {
	t.Helper()
	exe := chromium()
	if exe == "" {
		if os.Getenv("NOISE_REQUIRE_GPU") != "" {
			t.Fatal("no chromium on PATH and NOISE_REQUIRE_GPU is set: make deps installs the Debian package chromium (NOISE_CHROMIUM names another browser)")
		}
		t.Skip("no chromium on PATH: the WebGPU example page is not tested (make deps installs the Debian package chromium; NOISE_CHROMIUM names another browser)")
	}
	kernels := t.TempDir()
	menu := variants
	if !slices.ContainsFunc(menu, func(v compare.Variant) bool { return v.String() == first }) {
		v, ok := variantNamed(first)
		if !ok {
			t.Fatalf("no variant %q", first)
		}
		menu = append(slices.Clip(menu), v)
	}
	writeKernels(t, kernels, menu, graphs)
	mux := http.NewServeMux()
	mux.Handle("/kernels/", http.StripPrefix("/kernels/", http.FileServer(http.Dir(kernels))))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/", "/index.html":
			http.ServeFile(w, r, "index.html")
		case "/noise.js":
			http.ServeFile(w, r, "noise.js")
		default:
			http.NotFound(w, r)
		}
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.Flag("headless", "new"),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("enable-unsafe-webgpu", true),
		chromedp.WindowSize(1000, 800),
	)
	// NOISE_CHROMIUM_FLAGS adds flags (space-separated, --name or
	// --name=value), to try another WebGPU adapter, say.
	for _, f := range strings.Fields(os.Getenv("NOISE_CHROMIUM_FLAGS")) {
		name, value, ok := strings.Cut(strings.TrimLeft(f, "-"), "=")
		if ok {
			opts = append(opts, chromedp.Flag(name, value))
		} else {
			opts = append(opts, chromedp.Flag(name, true))
		}
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	p := &page{ctx: ctx, t: t}
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/index.html?variant="+strings.ReplaceAll(first, " ", "%20"))); err != nil {
		t.Fatalf("chromium %s: %v", exe, err)
	}
	state, status := p.wait(2 * time.Minute)
	if state != "ready" {
		t.Fatalf("the page did not render %s (state %s): %s", first, state, status)
	}
	return p
}

// wait waits until the page is neither loading nor busy and returns its
// state and status line.
func (p *page) wait(d time.Duration) (state, status string) {
	p.t.Helper()
	deadline := time.Now().Add(d)
	for {
		v, err := chromedp.Run(p.ctx, chromedp.Evaluate[[2]string](`[document.body.dataset.state, document.getElementById('status').textContent]`))
		if err != nil {
			p.t.Fatalf("reading the page's state: %v", err)
		}
		if (v[0] != "loading" && v[0] != "busy") || time.Now().After(deadline) {
			return v[0], v[1]
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// call evaluates window.noisePage.fn(args...) and decodes its result.
func call[T any](p *page, fn string, args ...any) (T, error) {
	js := make([]string, len(args))
	for i, a := range args {
		b, err := json.Marshal(a)
		if err != nil {
			p.t.Fatal(err)
		}
		js[i] = string(b)
	}
	return chromedp.Run(p.ctx, chromedp.Evaluate[T]("window.noisePage."+fn+"("+strings.Join(js, ",")+")", chromedp.EvalAwaitPromise))
}

// kernelFile is a variant's file name: "perlin-3d.wgsl",
// "perlin-3d-tiling.wgsl".
func kernelFile(v compare.Variant) string {
	s := fmt.Sprintf("%s-%dd", v.Noise, v.Dims)
	if v.Tiling {
		s += "-tiling"
	}
	return s + ".wgsl"
}

// withParams is the index entry whose uniform block is given.
const withParams = "perlin 3D, domain PS"

// graphEntry is the menu's name of a graph file: "graph clouds".
func graphEntry(path string) string {
	return "graph " + strings.TrimSuffix(filepath.Base(path), ".json")
}

// writeKernels writes what README.md says to generate: each variant's
// values kernel (noise shader -lang wgsl), each graph's kernel (noise
// shader -graph FILE -lang wgsl) with its uniform block, and index.json.
func writeKernels(t *testing.T, dir string, variants []compare.Variant, graphs []string) {
	type entry struct {
		Name   string `json:"name"`
		Dims   int    `json:"dims"`
		WGSL   string `json:"wgsl"`
		Params []byte `json:"params,omitempty"` // base64
		Seed   *int32 `json:"seed,omitempty"`   // perm-value: the seed of the kernel's table
	}
	var index struct {
		Kernels []entry `json:"kernels"`
	}
	for _, v := range variants {
		src, err := shaders.ComputeSourceWGSL(v.Config(compare.SettingsCases()[0]), false, workgroupSize, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, kernelFile(v)), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		e := entry{Name: v.String(), Dims: v.Dims, WGSL: kernelFile(v)}
		if v.Noise.Parts().Family == noise.FamilyPerm {
			e.Seed = new(compare.SettingsCases()[0].Settings.Seed)
		}
		index.Kernels = append(index.Kernels, e)
	}
	// An entry with its uniform block given (what a kernel whose block
	// the page's form cannot write needs): perlin 3D with a domain.
	perlin := compare.Variant{Noise: noise.Perlin, Dims: 3}
	ps := compare.SettingsCases()[5]
	params, err := shaders.ParamsWGSL(0, 3, ps.Settings, ps.Domain)
	if err != nil || ps.Domain == nil {
		t.Fatalf("%s: %v", ps.Name, err)
	}
	src, err := shaders.ComputeSourceWGSL(perlin.Config(ps), false, workgroupSize, nil)
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, kernelFile(perlin)), []byte(src), 0o644)
	}
	if err != nil {
		t.Fatal(err)
	}
	index.Kernels = append(index.Kernels, entry{Name: withParams, Dims: 3, WGSL: kernelFile(perlin), Params: params})
	// The graphs: one kernel each, whose block (count, stride,
	// derivatives) the entry gives; the page writes count and stride.
	for _, path := range graphs {
		src := graphSource(t, path)
		file := strings.ReplaceAll(graphEntry(path), " ", "-") + ".wgsl"
		params, err := shaders.GraphParamsWGSL(0, 3, false)
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, file), []byte(src), 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
		index.Kernels = append(index.Kernels, entry{Name: graphEntry(path), Dims: 3, WGSL: file, Params: params})
	}
	b, _ := json.MarshalIndent(index, "", "  ")
	if err := os.WriteFile(filepath.Join(dir, "index.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// graphSource is the WGSL kernel of a graph file (noise shader -graph
// FILE -lang wgsl).
func graphSource(t *testing.T, path string) string {
	g, err := graph.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	src, err := shaders.GraphSourceWGSL(g, workgroupSize, nil)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return src
}

// selectedGraphs are the graph files of -graphs (default the example
// graphs, those verify runs).
func selectedGraphs(t *testing.T) []string {
	if *graphGlob == "" {
		return nil
	}
	files, err := filepath.Glob(*graphGlob)
	if err != nil {
		t.Fatalf("-graphs %q: %v", *graphGlob, err)
	}
	if len(files) == 0 {
		t.Fatalf("-graphs %q: no graph file matches", *graphGlob)
	}
	return files
}

// variantNamed is the variant of compare.Variants named name ("perlin 3D").
func variantNamed(name string) (compare.Variant, bool) {
	for _, v := range compare.Variants() {
		if v.String() == name {
			return v, true
		}
	}
	return compare.Variant{}, false
}

// selected are the variants of -variants (default all, compare.Variants:
// verify's matrix).
func selected(t *testing.T) []compare.Variant {
	if *only == "" {
		return compare.Variants()
	}
	var out []compare.Variant
	for _, name := range strings.Split(*only, ",") {
		v, found := variantNamed(strings.TrimSpace(name))
		out = append(out, v)
		if !found {
			t.Fatalf("-variants: no variant %q (noise list names them, e.g. \"perlin 3D\")", name)
		}
	}
	return out
}

func floatBytes[T any](s []T) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(s[0])))
}

// runAll runs a kernel once per settings case over the positions uploaded
// last (count of them) and returns the results, floatsPer floats a point,
// case after case.
func (p *page) runAll(id int, params [][]byte, count, floatsPer int) ([]float32, error) {
	list := make([]string, len(params))
	for i, b := range params {
		list[i] = base64.StdEncoding.EncodeToString(b)
	}
	s, err := call[string](p, "runAll", id, list, count, floatsPer)
	if err != nil {
		return nil, err
	}
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, err
	}
	if len(b) != len(params)*count*floatsPer*4 {
		return nil, fmt.Errorf("runAll returned %d bytes, want %d", len(b), len(params)*count*floatsPer*4)
	}
	out := make([]float32, len(b)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out, nil
}

// kernel is a kernel in the page and the settings cases it runs.
type kernel struct {
	id        int
	floatsPer int // 1 (values) or 5 (samples)
	cases     []int
}

// row is one variant's result.
type row struct {
	name   string
	pass   bool
	maxULP uint32
	maxAbs float64
	points int
	folds  int
	fail   string
	// seconds is the time the page took to run the two kernels, every
	// settings case, with the transfers and what of the compilation the
	// previous variant's runs did not hide.
	seconds float64
}

// add adds the reports' comparisons to r, and their largest differences;
// the first report that fails while r still passes fails r, with its worst
// position (among pos), after name and a colon where name is not empty.
func (r *row) add(name string, pos []mgl32.Vec4, reps ...compare.Report) {
	for _, rep := range reps {
		for c := 0; c < rep.Components; c++ {
			r.points += rep.Stats[c].N
		}
		r.maxULP = max(r.maxULP, rep.MaxULP())
		r.maxAbs = max(r.maxAbs, rep.MaxAbs())
		if !rep.Pass() && r.pass {
			r.pass = false
			r.fail = rep.Worst(func(j int) string { return fmt.Sprint(pos[j]) })
			if name != "" {
				r.fail = name + ": " + r.fail
			}
		}
	}
}

// tally counts the rows of a run: those that pass, those bit-exact (0
// ULP), and the comparisons.
type tally struct{ passed, exact, points int }

// add counts r, fails the test where r fails, and appends r to rows.
func (tl *tally) add(t *testing.T, rows *[]row, r row) {
	t.Helper()
	if r.pass {
		tl.passed++
	} else {
		t.Errorf("%s: FAIL: %s", r.name, r.fail)
	}
	if r.maxULP == 0 {
		tl.exact++
	}
	tl.points += r.points
	*rows = append(*rows, r)
}

// TestPageMatchesCPU runs every variant's WGSL kernels (values and
// samples) in the page, in headless Chromium (its WebGPU on SwiftShader
// where there is no GPU), at verify's position sets and settings cases,
// and compares them with the CPU reference under verify's tolerance
// policy (compare.PolicyFor, compare.Values, compare.Samples,
// compare.Folds); then each example graph's kernel (runGraphs), bit for
// bit with cpu.NewGraph. It writes the table, the page's screenshot and
// the throughput of ~1M points to -out.
func TestPageMatchesCPU(t *testing.T) {
	variants := selected(t)
	graphs := selectedGraphs(t)
	start := time.Now()
	p := openPage(t, variants, graphs, "perlin 3D")
	if err := os.MkdirAll(*outDir, 0o755); err != nil {
		t.Fatal(err)
	}
	info, err := call[json.RawMessage](p, "info")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("WebGPU adapter in Chromium: %s", info)

	// The page's own uniform block is ParamsWGSL's, bit for bit.
	for _, s := range []noise.Settings{noise.DefaultSettings(),
		{Seed: -7, Frequency: 3, Octaves: 3, Lacunarity: 2.5, Persistence: 0.4, Fractal: noise.FractalRidged},
		{Seed: math.MinInt32, Frequency: 0.1, Octaves: 16, Lacunarity: 1, Persistence: 1, Fractal: noise.FractalPingPong}} {
		want, err := shaders.ParamsWGSL(1000, 4, s, nil)
		if err != nil {
			t.Fatal(err)
		}
		js := map[string]any{"seed": s.Seed, "frequency": s.Frequency, "octaves": s.Octaves, "lacunarity": s.Lacunarity,
			"persistence": s.Persistence, "fractal": s.Fractal.String()}
		got, err := call[string](p, "packParams", 1000, 4, js)
		if err != nil {
			t.Fatal(err)
		}
		if w := base64.StdEncoding.EncodeToString(want); got != w {
			t.Errorf("packParams(%+v) = %s, ParamsWGSL writes %s", s, got, w)
		}
	}

	screenshot(t, p, graphs)

	sets := compare.PositionSets(*nPoints, 1)
	var pos4 []mgl32.Vec4
	for _, s := range sets {
		pos4 = append(pos4, s.Pos...)
	}
	pos3 := compare.Vec3s(pos4)
	n := len(pos4)
	cases := compare.SettingsCases()
	var rows []row
	var tl tally
	uploaded := 0
	// prepare starts compiling the values and samples kernels of v: one
	// per distinct source, as the source of perm-value holds the seed's
	// permutation table (the other variants have one source for every
	// settings case).
	arith, err := shaders.ParseArith(*arithFlag)
	if err != nil {
		t.Fatal(err)
	}
	prepare := func(v compare.Variant) (ks []kernel) {
		for k, deriv := range []bool{false, true} {
			byText := map[string]int{}
			for i, sc := range cases {
				src, err := shaders.ComputeSourceWGSL(v.Config(sc), deriv, workgroupSize, &shaders.Options{Arith: arith})
				if err != nil {
					t.Fatalf("%s: %v", v, err)
				}
				j, ok := byText[src]
				if !ok {
					id, err := call[int](p, "prepare", src)
					if err != nil {
						t.Fatalf("%s: %v", v, err)
					}
					j = len(ks)
					byText[src] = j
					ks = append(ks, kernel{id: id, floatsPer: 1 + 4*k})
				}
				ks[j].cases = append(ks[j].cases, i)
			}
		}
		return ks
	}
	var ks, next []kernel
	if len(variants) > 0 {
		ks = prepare(variants[0])
	}
	for vi, v := range variants {
		r := row{name: v.String(), pass: true}
		stride := 3
		if v.Dims == 4 {
			stride = 4
		}
		if uploaded != stride {
			b := floatBytes(pos3)
			if stride == 4 {
				b = floatBytes(pos4)
			}
			if _, err := call[chromedp.Void](p, "setPositions", base64.StdEncoding.EncodeToString(b)); err != nil {
				t.Fatal(err)
			}
			uploaded = stride
		}
		params := make([][]byte, len(cases))
		for i, sc := range cases {
			if params[i], err = shaders.ParamsWGSL(uint32(n), uint32(stride), sc.Settings, sc.Domain); err != nil {
				t.Fatal(err)
			}
		}
		// The kernels of the next variant compile while these run.
		next = nil
		if vi+1 < len(variants) {
			next = prepare(variants[vi+1])
		}
		t0 := time.Now()
		// got[0] are the values, got[1] the samples, case after case.
		got := [2][]float32{make([]float32, len(cases)*n), make([]float32, len(cases)*n*5)}
		for _, k := range ks {
			ps := make([][]byte, len(k.cases))
			for i, c := range k.cases {
				ps[i] = params[c]
			}
			res, err := p.runAll(k.id, ps, n, k.floatsPer)
			if err != nil {
				t.Fatalf("%s: %v", v, err)
			}
			m := n * k.floatsPer
			for i, c := range k.cases {
				copy(got[k.floatsPer/5][c*m:(c+1)*m], res[i*m:(i+1)*m])
			}
			call[chromedp.Void](p, "release", k.id)
		}
		r.seconds = time.Since(t0).Seconds()
		ks = next
		wantV := make([]float32, n)
		wantS := make([]noise.Sample, n)
		for i, sc := range cases {
			cfg := v.Config(sc)
			cs, err := cpu.New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			if v.Dims == 4 {
				err = errors.Join(cs.Values4(pos4, wantV), cs.Samples4(pos4, wantS))
			} else {
				err = errors.Join(cs.Values(pos3, wantV), cs.Samples(pos3, wantS))
			}
			if err != nil {
				t.Fatal(err)
			}
			gotV := got[0][i*n : (i+1)*n]
			gotS := unsafe.Slice((*noise.Sample)(unsafe.Pointer(&got[1][i*n*5])), n)
			pol := compare.PolicyFor(cfg)
			folds, ok := compare.Folds(cs, cfg, pos4, wantS, gotS, pol)
			r.folds += folds
			if !ok {
				r.pass = false
				r.fail = fmt.Sprintf("%s: %d of %d positions have derivatives only a fold explains (at most 1%%)", sc.Name, folds, n)
			}
			r.add(sc.Name, pos4, compare.Values(wantV, gotV, pol), compare.Samples(wantS, gotS, pol))
		}
		tl.add(t, &rows, r)
		if (vi+1)%25 == 0 && vi+1 < len(variants) {
			t.Logf("chromium: %d of %d variants, %d pass, %.0f s", vi+1, len(variants), tl.passed, time.Since(start).Seconds())
		}
	}
	vsecs := time.Since(start).Seconds()
	summary := fmt.Sprintf("chromium: %d of %d variants pass, %d bit-exact; %d comparisons (%d settings × %d positions, values and samples); %.1f s",
		tl.passed, len(variants), tl.exact, tl.points, len(cases), n, vsecs)
	if len(graphs) > 0 {
		summary += "\n" + runGraphs(t, p, graphs, pos4, &rows)
	}
	writeTable(t, info, rows, summary)
	t.Log(summary)
	t.Logf("table: %s", filepath.Join(*outDir, "verify.txt"))

	bench(t, p, info)
}

// runGraphs runs each graph's kernel in the page, values (derivatives 0 in
// its uniform block) and samples (derivatives 1), at the finite positions
// of verify's sets (4-component: a graph reads w), and compares them with
// cpu.NewGraph's: bit for bit, as gpu/webgpu's graph tests on Dawn do at
// finite positions (verify -exact's policy, compare.Exact). It appends a
// row per graph and returns the summary line.
func runGraphs(t *testing.T, p *page, graphs []string, pos []mgl32.Vec4, rows *[]row) string {
	start := time.Now()
	pos4 := graphcases.Finite(pos)
	n := len(pos4)
	if _, err := call[chromedp.Void](p, "setPositions", base64.StdEncoding.EncodeToString(floatBytes(pos4))); err != nil {
		t.Fatal(err)
	}
	var tl tally
	for _, path := range graphs {
		r := row{name: graphEntry(path), pass: true}
		g, err := graph.LoadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		id, err := call[int](p, "prepare", graphSource(t, path))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		t0 := time.Now()
		var got [2][]float32
		for k, deriv := range []bool{false, true} {
			params, err := shaders.GraphParamsWGSL(uint32(n), 4, deriv)
			if err == nil {
				got[k], err = p.runAll(id, [][]byte{params}, n, 1+4*k)
			}
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
		}
		call[chromedp.Void](p, "release", id)
		r.seconds = time.Since(t0).Seconds()
		cs, err := cpu.NewGraph(g)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		wantV, wantS := make([]float32, n), make([]noise.Sample, n)
		if err := errors.Join(cs.Values4(pos4, wantV), cs.Samples4(pos4, wantS)); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		gotS := unsafe.Slice((*noise.Sample)(unsafe.Pointer(&got[1][0])), n)
		r.add("", pos4, compare.Values(wantV, got[0], compare.Exact), compare.Samples(wantS, gotS, compare.Exact))
		tl.add(t, rows, r)
	}
	return fmt.Sprintf("chromium: %d of %d graphs pass (0 ULP), %d bit-exact; %d comparisons (%d finite positions, values and samples); %.1f s",
		tl.passed, len(graphs), tl.exact, tl.points, n, time.Since(start).Seconds())
}

// screenshot renders perlin 3D with 3 octaves through the page's menu and
// form, checks that the status line and the canvas show values, and keeps
// a screenshot; then it renders the entry with a given uniform block and
// the first graph, through the menu.
func screenshot(t *testing.T, p *page, graphs []string) {
	err := chromedp.Do(p.ctx,
		chromedp.SetValue(chromedp.CSS("#variant"), "perlin 3D"),
		chromedp.SetValue(chromedp.CSS("#octaves"), "3"),
		chromedp.Click(chromedp.CSS("#render")),
	)
	if err != nil {
		t.Fatal(err)
	}
	state, status := p.wait(time.Minute)
	if state != "ready" || !strings.HasPrefix(status, "perlin 3D, seed 0, frequency 4, 3 octaves, fbm: 256×256 points") {
		t.Fatalf("render: state %s: %s", state, status)
	}
	// The canvas has more than a few grey levels.
	levels, err := chromedp.Run(p.ctx, chromedp.Evaluate[int](`(() => {
		const c = document.getElementById('view'), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
		const s = new Set(); for (let i = 0; i < d.length; i += 4) s.add(d[i]); return s.size; })()`))
	if err != nil {
		t.Fatal(err)
	}
	if levels < 64 {
		t.Errorf("the canvas has %d grey levels, want at least 64 (%s)", levels, status)
	}
	png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(*outDir, "page.png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(path)
	t.Logf("screenshot: %s (%s)", abs, status)

	// The entry with its own uniform block.
	if err := chromedp.Do(p.ctx, chromedp.SetValue(chromedp.CSS("#variant"), withParams), chromedp.Click(chromedp.CSS("#render"))); err != nil {
		t.Fatal(err)
	}
	if state, status := p.wait(time.Minute); state != "ready" || !strings.HasPrefix(status, withParams+", the entry's params: 256×256 points") {
		t.Errorf("render %s: state %s: %s", withParams, state, status)
	}
	if len(graphs) == 0 {
		return
	}
	name := graphEntry(graphs[0])
	if err := chromedp.Do(p.ctx, chromedp.SetValue(chromedp.CSS("#variant"), name), chromedp.Click(chromedp.CSS("#render"))); err != nil {
		t.Fatal(err)
	}
	if state, status := p.wait(time.Minute); state != "ready" || !strings.HasPrefix(status, name+", the entry's params: 256×256 points") {
		t.Errorf("render %s: state %s: %s", name, state, status)
	}
}

// writeTable writes one line per variant, like verify's table.
func writeTable(t *testing.T, info json.RawMessage, rows []row, summary string) {
	var b strings.Builder
	fmt.Fprintf(&b, "WebGPU in headless Chromium: %s\n\n", info)
	fmt.Fprintf(&b, "%-42s %-6s %10s %8s %9s %7s\n", "variant or graph", "result", "max abs", "max ULP", "points", "page s")
	for _, r := range rows {
		res := "PASS"
		if !r.pass {
			res = "FAIL"
		}
		fmt.Fprintf(&b, "%-42s %-6s %10.3g %8d %9d %7.2f\n", r.name, res, r.maxAbs, r.maxULP, r.points, r.seconds)
		if r.fail != "" {
			fmt.Fprintf(&b, "    first failure: %s\n", r.fail)
		}
	}
	fmt.Fprintf(&b, "\n%s\n", summary)
	if err := os.WriteFile(filepath.Join(*outDir, "verify.txt"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// bench times the -bench-noises kernels (default settings, values) in
// 2D and 3D on the first -bench-size² points of noise bench's GPU grids
// (internal/grid.First, as noise bench -gpu-points takes them): resident
// (dispatch, then onSubmittedWorkDone) and with the results read back
// (upload, dispatch, mapAsync, copy out), best of five. It writes
// bench.txt and chromium.json (the input bench/regen.sh's WebGPU section
// reads, NOISE_BENCH_CHROMIUM; bench/report/webgpu.go).
func bench(t *testing.T, p *page, info json.RawMessage) {
	if *benchPts <= 0 || *benchNoises == "" {
		return
	}
	n := *benchPts * *benchPts
	type rate struct {
		MptsPerS float64 `json:"mpts_per_s"`
	}
	type row struct {
		Noise     string `json:"noise"`
		Dims      int    `json:"dims"`
		Positions int    `json:"positions"`
		Resident  rate   `json:"resident"`
		Readback  rate   `json:"readback"`
	}
	var rows []row
	var lines []string
	for _, dims := range []int{2, 3} {
		pos := grid.First(dims, n)
		if _, err := call[chromedp.Void](p, "setPositions", base64.StdEncoding.EncodeToString(floatBytes(pos))); err != nil {
			t.Fatal(err)
		}
		for _, name := range strings.Split(*benchNoises, ",") {
			nt, err := noise.ParseNoise(name)
			if err != nil {
				t.Fatalf("-bench-noises: %v", err)
			}
			cfg := noise.Config{Noise: nt, Dims: dims, Settings: noise.DefaultSettings()}
			if cfg.Validate() != nil {
				continue // a noise without this dimension
			}
			src, err := shaders.ComputeSourceWGSL(cfg, false, workgroupSize, nil)
			if err != nil {
				t.Fatal(err)
			}
			id, err := call[int](p, "compile", src)
			if err != nil {
				t.Fatal(err)
			}
			ms, err := call[struct {
				Resident float64 `json:"resident"`
				Readback float64 `json:"readback"`
			}](p, "benchKernel", id, n, 5)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := call[chromedp.Void](p, "release", id); err != nil {
				t.Fatal(err)
			}
			r := row{Noise: name, Dims: dims, Positions: n,
				Resident: rate{float64(n) / ms.Resident / 1e3}, Readback: rate{float64(n) / ms.Readback / 1e3}}
			rows = append(rows, r)
			lines = append(lines, fmt.Sprintf("chromium bench: %s %dD, default settings, %d points: resident %.1f Mpts/s (%.1f ms), with readback %.1f Mpts/s (%.1f ms), best of 5",
				name, dims, n, r.Resident.MptsPerS, ms.Resident, r.Readback.MptsPerS, ms.Readback))
			t.Log(lines[len(lines)-1])
		}
	}
	version := "Chromium"
	if out, err := exec.Command(chromium(), "--version").Output(); err == nil {
		version = strings.TrimSpace(string(out))
	}
	var ad struct {
		Vendor, Architecture, Device, Description string
	}
	_ = json.Unmarshal(info, &ad)
	adapter := strings.Join(slices.DeleteFunc([]string{ad.Vendor, ad.Architecture, ad.Device, ad.Description}, func(s string) bool { return s == "" }), " ")
	doc, err := json.MarshalIndent(map[string]any{
		"duration":   "best of 5 dispatches",
		"gpu_points": n,
		"webgpu": map[string]string{
			"adapter": adapter,
			"runtime": version + ", headless, --enable-unsafe-webgpu (examples/webgpu)",
		},
		"webgpu_rows": rows,
	}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*outDir, "chromium.json"), append(doc, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*outDir, "bench.txt"), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}
