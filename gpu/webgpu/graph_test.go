package webgpu

import (
	"errors"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/compare"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/graph"
	"github.com/noiselab/noise/internal/graphcases"
)

// finiteSets are the positions of package compare's sets with every
// component finite: WGSL promises nothing of Inf and NaN (docs/gpu.md).
func finiteSets(n int) []mgl32.Vec4 {
	var all []mgl32.Vec4
	for _, set := range compare.PositionSets(n, 1) {
		all = append(all, set.Pos...)
	}
	return graphcases.Finite(all)
}

// sameBits reports whether two samples are equal component by component
// (0 ULP, ±0 equal, NaN equal to NaN).
func sameBits(a, b noise.Sample) bool {
	x := [5]float32{a.V, a.Dx, a.Dy, a.Dz, a.Dw}
	y := [5]float32{b.V, b.Dx, b.Dy, b.Dz, b.Dw}
	for k := range x {
		if compare.ULP(x[k], y[k]) != 0 {
			return false
		}
	}
	return true
}

// TestGraphAgreesWithCPU: the graph of every node type
// (gpu/shaders/testdata/graphs/all.json), and the subgraph under the first
// node of each type, run on Dawn (shaders.GraphSourceWGSL) and agree with
// cpu.NewGraph bit for bit: values and samples, 3- and 4-component
// positions, at the finite positions of package compare's sets.
func TestGraphAgreesWithCPU(t *testing.T) {
	r := needRunner(t)
	g, err := graph.LoadFile("../shaders/testdata/graphs/all.json")
	if err != nil {
		t.Fatal(err)
	}
	pos4 := finiteSets(40)
	pos3 := compare.Vec3s(pos4)
	outputs := graphcases.Outputs(g, testing.Short())
	n := len(pos4)
	for _, out := range outputs {
		h := g.Sub(out)
		c, err := cpu.NewGraph(h)
		if err != nil {
			t.Fatalf("%s: %v", out, err)
		}
		s, err := r.NewGraphSampler(h, nil)
		if err != nil {
			t.Fatalf("%s: %v", out, err)
		}
		want4, got4 := make([]noise.Sample, n), make([]noise.Sample, n)
		want3, got3 := make([]noise.Sample, n), make([]noise.Sample, n)
		wantV, gotV := make([]float32, n), make([]float32, n)
		err = errors.Join(c.Samples4(pos4, want4), s.Samples4(pos4, got4), c.Samples(pos3, want3), s.Samples(pos3, got3),
			c.Values4(pos4, wantV), s.Values4(pos4, gotV))
		s.Close()
		if err != nil {
			t.Fatalf("%s: %v", out, err)
		}
		bad := 0
		for i := range pos4 {
			if sameBits(want4[i], got4[i]) && sameBits(want3[i], got3[i]) && compare.ULP(wantV[i], gotV[i]) == 0 {
				continue
			}
			if bad++; bad <= 3 {
				t.Errorf("%s at %v: Dawn %v / %v (value %v), CPU %v / %v (%v)", out, pos4[i], got4[i], got3[i], gotV[i], want4[i], want3[i], wantV[i])
			}
		}
		if bad > 3 {
			t.Errorf("%s: %d of %d positions differ", out, bad, n)
		}
	}
	t.Logf("%d graphs × %d positions", len(outputs), n)
}

// TestGraphSamplerErrors: a nil or invalid graph is refused in one line; a
// graph sampler takes 3- and 4-component positions and has no Config.
func TestGraphSamplerErrors(t *testing.T) {
	r := needRunner(t)
	if _, err := r.NewGraphSampler(nil, nil); err == nil {
		t.Error("a nil graph accepted")
	}
	bad := &graph.Graph{Version: 1, Output: "x"}
	if _, err := r.NewGraphSampler(bad, nil); err == nil {
		t.Error("a graph without its output node accepted")
	}
	one := float32(0.5)
	s, err := r.NewGraphSampler(&graph.Graph{Version: 1, Output: "c", Nodes: []graph.Node{{ID: "c", Type: graph.Const, Value: &one}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]float32, 2)
	if err := s.Values([]mgl32.Vec3{{1, 2, 3}, {4, 5, 6}}, out); err != nil || out[0] != 0.5 || out[1] != 0.5 {
		t.Errorf("a constant graph: %v, %v; want 0.5 at both", out, err)
	}
	if s.Config() != (noise.Config{}) {
		t.Errorf("Config %+v, want the zero Config", s.Config())
	}
	s.Close()
	if err := s.Values([]mgl32.Vec3{{1, 2, 3}}, out); !errors.Is(err, ErrClosed) {
		t.Errorf("after Close: %v, want ErrClosed", err)
	}
}

// TestGraphInfMinusInf: x − x is computed, not folded to 0: at x = +Inf
// it is NaN on Dawn as on the CPU, and so is 1 / (x − x) (a division by a
// NaN, not by 0).
func TestGraphInfMinusInf(t *testing.T) {
	r := needRunner(t)
	one := float32(1)
	g := &graph.Graph{Version: 1, Output: "q", Nodes: []graph.Node{
		{ID: "x", Type: graph.Coord, Axis: "x"},
		{ID: "z", Type: graph.Sub, In: []string{"x", "x"}},
		{ID: "one", Type: graph.Const, Value: &one},
		{ID: "q", Type: graph.Div, In: []string{"one", "z"}},
	}}
	c, err := cpu.NewGraph(g)
	if err != nil {
		t.Fatal(err)
	}
	s, err := r.NewGraphSampler(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	pos := []mgl32.Vec3{{float32(math.Inf(1)), 0, 0}, {2, 0, 0}}
	want, got := make([]float32, 2), make([]float32, 2)
	if err := errors.Join(c.Values(pos, want), s.Values(pos, got)); err != nil {
		t.Fatal(err)
	}
	if !math.IsNaN(float64(want[0])) || want[1] != 0 {
		t.Fatalf("CPU: %v, want NaN and 0 (the test's premise)", want)
	}
	for i := range pos {
		if compare.ULP(want[i], got[i]) != 0 {
			t.Errorf("at %v: Dawn %v, CPU %v", pos[i], got[i], want[i])
		}
	}
}
