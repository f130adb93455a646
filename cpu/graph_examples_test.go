package cpu_test

import (
	"math"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
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

// TestExampleGraphsDerivatives checks every example graph's derivatives
// against central differences of its values (float64 arithmetic on the
// float32 values, step 2^-12) at random points of the pictures' plane; a
// point where the two sides of the difference disagree (a kink: clamp,
// terrace, a ridge) is skipped, at most a quarter of them.
func TestExampleGraphsDerivatives(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 24))
	const h = 1.0 / 4096 // a power of two: p ± h is exact in float32 near the plane's unit square
	for name, g := range exampleGraphs(t) {
		s, err := cpu.NewGraph(g)
		if err != nil {
			t.Fatal(err)
		}
		checked, skipped := 0, 0
		for range 300 {
			p := mgl32.Vec3{float32(r.Float64() - 0.5), float32(r.Float64() - 0.5), float32(r.Float64() - 0.5)}
			got := s.At(p)
			d := [3]float32{got.Dx, got.Dy, got.Dz}
			for axis := range 3 {
				at := func(off float64) float64 {
					q := p
					q[axis] = float32(float64(q[axis]) + off)
					return float64(s.ValueAt(q))
				}
				fwd := (at(h) - at(0)) / h
				bwd := (at(0) - at(-h)) / h
				cen := (at(h) - at(-h)) / (2 * h)
				tol := 0.02 + 0.05*math.Abs(cen)
				if math.Abs(fwd-bwd) > tol {
					skipped++
					continue
				}
				checked++
				if math.Abs(float64(d[axis])-cen) > tol {
					t.Errorf("%s at %v: d/d%c = %v, central difference %v", name, p, "xyz"[axis], d[axis], cen)
				}
			}
		}
		if skipped > checked/3 {
			t.Errorf("%s: %d of %d components skipped as kinks", name, skipped, checked+skipped)
		}
	}
}

var _ = noise.Sample{}
