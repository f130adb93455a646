package cpu_test

import (
	"math"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/graph"
)

// exampleGraphs loads every graph of examples/graphs.
func exampleGraphs(t *testing.T) map[string]*graph.Graph {
	t.Helper()
	files, _ := filepath.Glob("../examples/graphs/*.json")
	if len(files) < 6 {
		t.Fatalf("examples/graphs holds %d graphs, want at least 6", len(files))
	}
	gs := map[string]*graph.Graph{}
	for _, f := range files {
		g, err := graph.LoadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		gs[filepath.Base(f)] = g
	}
	return gs
}

// TestExampleGraphsRange samples every example graph at random points of
// the plane the pictures show and of a large box, 4D too: every value lies
// in the graph's proven Range, which is finite (the examples are bounded).
func TestExampleGraphsRange(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 24))
	pts := make([]mgl32.Vec4, 20000)
	for i := range pts {
		s := float32(1)
		if i%2 == 1 {
			s = 1000
		}
		pts[i] = mgl32.Vec4{s * float32(r.Float64()*2-1), s * float32(r.Float64()*2-1), s * float32(r.Float64()*2-1), s * float32(r.Float64()*2-1)}
	}
	for name, g := range exampleGraphs(t) {
		lo, hi := g.Range()
		if math.IsInf(float64(lo), 0) || math.IsInf(float64(hi), 0) {
			t.Errorf("%s: Range [%v, %v] is unbounded", name, lo, hi)
		}
		s, err := cpu.NewGraph(g)
		if err != nil {
			t.Fatal(err)
		}
		out := make([]float32, len(pts))
		if err := s.Values4(pts, out); err != nil {
			t.Fatal(err)
		}
		seen := [2]float32{float32(math.Inf(1)), float32(math.Inf(-1))}
		for i, v := range out {
			if !(v >= lo && v <= hi) {
				t.Fatalf("%s at %v: %v outside Range [%v, %v]", name, pts[i], v, lo, hi)
			}
			seen = [2]float32{min(seen[0], v), max(seen[1], v)}
		}
		if seen[0] == seen[1] {
			t.Errorf("%s: every value is %v", name, seen[0])
		}
	}
}
