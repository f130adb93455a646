package graphcases

import (
	"math"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise/graph"
)

// TestFinite: a position goes when any of its components is NaN or ±Inf;
// the others stay, in order, the largest finite float32 among them.
func TestFinite(t *testing.T) {
	inf, nan := float32(math.Inf(1)), float32(math.NaN())
	pos := []mgl32.Vec4{{1, 2, 3, 4}, {0, 0, 0, nan}, {-inf, 0, 0, 0}, {math.MaxFloat32, -0.5, 0, 0}, {0, inf, 0, 0}, {0, 0, 0, 0}}
	want := []mgl32.Vec4{{1, 2, 3, 4}, {math.MaxFloat32, -0.5, 0, 0}, {0, 0, 0, 0}}
	if got := Finite(pos); !slices.Equal(got, want) {
		t.Errorf("Finite = %v, want %v", got, want)
	}
	if got := Finite(nil); len(got) != 0 {
		t.Errorf("Finite(nil) = %v, want none", got)
	}
}

// TestOutputs: the graph's output first, then the first node of each
// type in node order (a repeated type is skipped); short keeps the output
// only.
func TestOutputs(t *testing.T) {
	one := float32(1)
	g := &graph.Graph{Version: 1, Output: "s", Nodes: []graph.Node{
		{ID: "x", Type: graph.Coord, Axis: "x"},
		{ID: "y", Type: graph.Coord, Axis: "y"},
		{ID: "c", Type: graph.Const, Value: &one},
		{ID: "a", Type: graph.Add, In: []string{"x", "y"}},
		{ID: "s", Type: graph.Add, In: []string{"a", "c"}},
	}}
	if got, want := Outputs(g, false), []string{"s", "x", "c", "a"}; !slices.Equal(got, want) {
		t.Errorf("Outputs = %q, want %q", got, want)
	}
	if got, want := Outputs(g, true), []string{"s"}; !slices.Equal(got, want) {
		t.Errorf("Outputs short = %q, want %q", got, want)
	}
}
