package main

import (
	"image"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cmd/internal/ramp"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/graph"
)

// exampleGraph is the path of an example graph of the repository.
func exampleGraph(name string) string {
	return filepath.Join("..", "..", "examples", "graphs", name+".json")
}

// writeGraph saves g in dir as name.json and returns the path.
func writeGraph(t *testing.T, dir, name string, g *graph.Graph) string {
	t.Helper()
	b, err := g.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name+".json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// graphPositions are sample's test positions: Appendix A's and a few
// more, some away from the origin.
var graphPositions = []mgl32.Vec4{
	{0.1, 0.2, 0.3, 0.4}, {-0.37, 0.05, 0.44, -1.5}, {2.5, -3.25, 7.125, 0.75}, {0, 0, 0, 0}, {-11.3, 4.2, 0.01, 3},
}

func positionsInput(four bool) string {
	var b strings.Builder
	for _, p := range graphPositions {
		b.WriteString(f32(p[0]) + " " + f32(p[1]) + " " + f32(p[2]))
		if four {
			b.WriteString(" " + f32(p[3]))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// TestSampleGraph: sample -graph prints the graph's values and
// derivatives as the Go API's GraphSampler gives them, bit for bit, in 3D
// and 4D, for every example graph.
func TestSampleGraph(t *testing.T) {
	for _, name := range []string{"continents", "marble", "stone", "clouds", "islands", "planet"} {
		g, err := graph.LoadFile(exampleGraph(name))
		if err != nil {
			t.Fatal(err)
		}
		gs, err := cpu.NewGraph(g)
		if err != nil {
			t.Fatal(err)
		}
		for _, four := range []bool{false, true} {
			args := []string{"sample", "-graph", exampleGraph(name), "-deriv"}
			if four {
				args = append(args, "-dims", "4")
			}
			r := runBin(t, positionsInput(four), args...)
			mustOK(t, r, args...)
			got := lines(r.stdout)
			if len(got) != len(graphPositions) {
				t.Fatalf("%v: %d lines, want %d", args, len(got), len(graphPositions))
			}
			for i, p := range graphPositions {
				var s noise.Sample
				want := []float32{}
				if four {
					s = gs.At4(p)
					want = append(want, s.V, s.Dx, s.Dy, s.Dz, s.Dw)
				} else {
					s = gs.At(p.Vec3())
					want = append(want, s.V, s.Dx, s.Dy, s.Dz)
				}
				f := strings.Fields(got[i])
				if len(f) != len(want) {
					t.Fatalf("%v line %d: %q, want %d numbers", args, i+1, got[i], len(want))
				}
				for k := range want {
					if v := parse32(t, f[k]); math.Float32bits(v) != math.Float32bits(want[k]) && !(v != v && want[k] != want[k]) {
						t.Errorf("%v line %d number %d: %v, want %v", args, i+1, k+1, v, want[k])
					}
				}
			}
		}
	}
}

// TestSampleGraphIndependent: for small graphs whose value follows from
// docs/graphs.md by hand, sample -graph prints that value: a noise plus a
// constant is the plain sampler's value plus the constant (one float32
// addition), 2·x is exact, and a scale node is the source at the scaled
// position.
func TestSampleGraphIndependent(t *testing.T) {
	dir := t.TempDir()
	cfg := noise.Config{Noise: noise.Simplex, Dims: 3, Settings: noise.DefaultSettings()}
	cfg.Settings.Octaves, cfg.Settings.Frequency = 3, 2
	b := graph.NewBuilder()
	g, err := b.Build(b.Add(b.Noise(cfg), b.Const(0.5)))
	if err != nil {
		t.Fatal(err)
	}
	plus := writeGraph(t, dir, "plus", g)
	b = graph.NewBuilder()
	g, err = b.Build(b.Mul(b.Coord("x"), b.Const(2)))
	if err != nil {
		t.Fatal(err)
	}
	twice := writeGraph(t, dir, "twice", g)
	b = graph.NewBuilder()
	g, err = b.Build(b.Scale(b.Noise(cfg), [4]float32{2, 3, 4, 1}))
	if err != nil {
		t.Fatal(err)
	}
	scaled := writeGraph(t, dir, "scaled", g)

	plain, err := cpu.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path string
		want func(p mgl32.Vec3) float32
	}{
		{plus, func(p mgl32.Vec3) float32 { return plain.At(p).V + 0.5 }},
		{twice, func(p mgl32.Vec3) float32 { return p[0] * 2 }},
		{scaled, func(p mgl32.Vec3) float32 { return plain.At(mgl32.Vec3{p[0] * 2, p[1] * 3, p[2] * 4}).V }},
	} {
		r := runBin(t, positionsInput(false), "sample", "-graph", c.path)
		mustOK(t, r, "sample", "-graph", c.path)
		got := lines(r.stdout)
		if len(got) != len(graphPositions) {
			t.Fatalf("%s: %d lines", c.path, len(got))
		}
		for i, p := range graphPositions {
			if v, want := parse32(t, got[i]), c.want(p.Vec3()); v != want {
				t.Errorf("%s at %v: %v, want %v", filepath.Base(c.path), p.Vec3(), v, want)
			}
		}
	}
}

// TestImageGraph: image -graph writes a PNG of the plane whose 16-bit grey
// levels are the graph's values at the pixel centres on the grey ramp of
// its Range; the colour image, the normal map and the seamless texture of
// a 4D graph are written too.
func TestImageGraph(t *testing.T) {
	dir := t.TempDir()
	path := exampleGraph("continents")
	g, err := graph.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	gs, err := cpu.NewGraph(g)
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := g.Range()
	const size = 24
	out := filepath.Join(dir, "g16.png")
	args := []string{"image", "-graph", path, "-size", "24", "-bits", "16", "-o", out}
	mustOK(t, runBin(t, "", args...), args...)
	img, ok := decodePNG(t, out).(*image.Gray16)
	if !ok {
		t.Fatalf("-bits 16: not a 16-bit grey PNG")
	}
	levels := map[uint16]bool{}
	for j := range size {
		for i := range size {
			u, v := (float32(i)+0.5)/size, (float32(j)+0.5)/size
			want := ramp.To16(ramp.Grey(gs.ValueAt(mgl32.Vec3{u - 0.5, 0, 0.5 - v}), lo, hi))
			got := img.Gray16At(i, j).Y
			if got != want {
				t.Fatalf("pixel (%d, %d): %d, want %d", i, j, got, want)
			}
			levels[got] = true
		}
	}
	if len(levels) < 20 {
		t.Errorf("only %d grey levels in %d pixels", len(levels), size*size)
	}

	// A 4D graph: simplex 4D through a remap.
	b := graph.NewBuilder()
	g4, err := b.Build(b.Remap(b.Noise(noise.Config{Noise: noise.Simplex, Dims: 4, Settings: noise.DefaultSettings()}), -1, 1, 0, 1))
	if err != nil {
		t.Fatal(err)
	}
	four := writeGraph(t, dir, "four", g4)
	for _, extra := range [][]string{{"-graph", path}, {"-graph", path, "-normals", "-displacement", "0.2"}, {"-graph", four, "-seamless"},
		{"-graph", four, "-frames", "2", "-loop-radius", "0.3"}} {
		out := filepath.Join(dir, "x%d.png")
		if !strings.Contains(strings.Join(extra, " "), "-frames") {
			out = filepath.Join(dir, "x.png")
		}
		args := append([]string{"image", "-size", "16", "-o", out}, extra...)
		mustOK(t, runBin(t, "", args...), args...)
		if strings.Contains(out, "%d") {
			out = filepath.Join(dir, "x1.png")
		}
		if b := decodePNG(t, out).Bounds(); b.Dx() != 16 || b.Dy() != 16 {
			t.Errorf("%v: %v", args, b)
		}
	}
}

// TestListGraph: list -graph prints one line per node and the range that
// graph.Range gives.
func TestListGraph(t *testing.T) {
	path := exampleGraph("islands")
	g, err := graph.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r := runBin(t, "", "list", "-graph", path)
	mustOK(t, r, "list", "-graph", path)
	got := lines(r.stdout)
	if len(got) != 1+len(g.Nodes)+1 {
		t.Fatalf("%d lines, want a header, %d nodes and the range:\n%s", len(got), len(g.Nodes), r.stdout)
	}
	for i, n := range g.Nodes {
		if f := strings.Fields(got[1+i]); f[0] != n.ID || f[1] != string(n.Type) {
			t.Errorf("line %d: %q, want node %s (%s)", i+2, got[1+i], n.ID, n.Type)
		}
	}
	lo, hi := g.Range()
	if want := "output islands, range [" + f32(lo) + ", " + f32(hi) + "]"; got[len(got)-1] != want {
		t.Errorf("last line %q, want %q", got[len(got)-1], want)
	}
}

// TestGraphErrors: a graph file that does not load, and every flag that
// does nothing with -graph, is one line and exit 2, naming the file or the
// flag; nothing is written.
func TestGraphErrors(t *testing.T) {
	dir := t.TempDir()
	good := exampleGraph("continents")
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	truncated := filepath.Join(dir, "truncated.json")
	os.WriteFile(truncated, data[:len(data)/2], 0o644)
	v2 := filepath.Join(dir, "v2.json")
	os.WriteFile(v2, []byte(strings.Replace(string(data), `"version": 1`, `"version": 2`, 1)), 0o644)
	missing := filepath.Join(dir, "missing.json")
	png := filepath.Join(dir, "x.png")
	const in = "0.1 0.2 0.3\n"
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"sample", "-graph", truncated}, []string{"truncated.json"}},
		{[]string{"image", "-graph", truncated, "-o", png}, []string{"truncated.json"}},
		{[]string{"list", "-graph", truncated}, []string{"truncated.json"}},
		{[]string{"sample", "-graph", v2}, []string{"v2.json", "version 2"}},
		{[]string{"list", "-graph", v2}, []string{"v2.json", "version 2"}},
		{[]string{"sample", "-graph", missing}, []string{"missing.json"}},
		{[]string{"sample", "-graph", good, "-noise", "perlin"}, []string{"-noise does nothing with -graph"}},
		{[]string{"sample", "-graph", good, "-tiling"}, []string{"-tiling does nothing with -graph"}},
		{[]string{"sample", "-graph", good, "-seed", "3"}, []string{"-seed does nothing with -graph"}},
		{[]string{"sample", "-graph", good, "-octaves", "3"}, []string{"-octaves does nothing with -graph"}},
		{[]string{"sample", "-graph", good, "-scale", "2"}, []string{"-scale does nothing with -graph", "domain nodes"}},
		{[]string{"sample", "-graph", good, "-perm-mode", "blog"}, []string{"-perm-mode does nothing with -graph"}},
		{[]string{"sample", "-graph", good, "-dims", "2"}, []string{"-dims 2 with -graph"}},
		{[]string{"sample", "-graph", good, "-context", "egl"}, []string{"-context needs -backend gpu"}},
		{[]string{"image", "-graph", good, "-dims", "4", "-o", png}, []string{"-dims does nothing with -graph"}},
		{[]string{"image", "-graph", good, "-rotate", "0,30,0", "-o", png}, []string{"-rotate does nothing with -graph"}},
		{[]string{"image", "-graph", good, "-frequency", "2", "-o", png}, []string{"-frequency does nothing with -graph"}},
		{[]string{"image", "-graph", good, "-isa", "scalar", "-backend", "gpu", "-o", png}, []string{"-isa needs -backend cpu"}},
		{[]string{"image", "-graph", good, "-driver", "zink", "-o", png}, []string{"-driver needs -backend gpu"}},
		{[]string{"image", "-graph", good, "-displacement", "0.2", "-o", png}, []string{"-displacement needs -normals"}},
		{[]string{"image", "-graph", good, "-seamless", "-o", png}, []string{"-seamless", `node "continent" is 3D perlin`}},
		{[]string{"image", "-graph", exampleGraph("islands"), "-frames", "2", "-o", filepath.Join(dir, "f%d.png")}, []string{"-frames", `node "hills" is 2D perlin`}},
	} {
		name := strings.Join(c.args, " ")
		r := runBin(t, in, c.args...)
		checkOneLineError(t, name, r, "noise "+c.args[0]+": ", c.want...)
		if r.stdout != "" {
			t.Errorf("%s: stdout %q", name, r.stdout)
		}
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*.png")); len(m) != 0 {
		t.Errorf("refused commands wrote %q", m)
	}
}

// TestGraphGPU: sample -graph -backend gpu prints the CPU backend's output
// bit for bit (the example graphs' sources are Perlin, simplex, value and
// Worley F2 − F1, which Mesa llvmpipe computes exactly), with the renderer
// on stderr; image -graph -backend gpu draws the CPU's pixels.
func TestGraphGPU(t *testing.T) {
	info := requireGL(t)
	for _, name := range []string{"continents", "stone", "marble"} {
		for _, extra := range [][]string{{"-deriv"}, {"-dims", "4"}} {
			args := append([]string{"sample", "-graph", exampleGraph(name)}, extra...)
			in := positionsInput(len(extra) == 2)
			cpuRun := runBin(t, in, args...)
			mustOK(t, cpuRun, args...)
			gpuArgs := append(args, "-backend", "gpu")
			gpuRun := runBin(t, in, gpuArgs...)
			if gpuRun.code != 0 {
				t.Fatalf("%v: exit %d: %s", gpuArgs, gpuRun.code, gpuRun.stderr)
			}
			checkGPULine(t, strings.Join(gpuArgs, " "), gpuRun, info)
			if gpuRun.stdout != cpuRun.stdout {
				t.Errorf("%v:\n%s\nwant the CPU's\n%s", gpuArgs, gpuRun.stdout, cpuRun.stdout)
			}
		}
	}
	dir := t.TempDir()
	var pngs [2][]byte
	for k, backend := range []string{"cpu", "gpu"} {
		out := filepath.Join(dir, backend+".png")
		args := []string{"image", "-graph", exampleGraph("islands"), "-size", "32", "-bits", "16", "-backend", backend, "-o", out}
		if r := runBin(t, "", args...); r.code != 0 {
			t.Fatalf("%v: exit %d: %s", args, r.code, r.stderr)
		}
		var err error
		if pngs[k], err = os.ReadFile(out); err != nil {
			t.Fatal(err)
		}
	}
	if string(pngs[0]) != string(pngs[1]) {
		t.Error("image -graph: the GPU's PNG differs from the CPU's")
	}
}
