package dispatch

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/compare"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/graph"
)

// TestExampleGraphsAgree runs every graph of examples/graphs on the GPU
// against cpu.NewGraph at the verify position sets (random, lattice,
// large, NaN/±Inf/−0 and 3e38 positions among them): values and
// derivatives, 0 ULP on llvmpipe (−0 = +0); on another driver the values
// within 64 ULP (verify -graph applies the full tolerance policy there).
func TestExampleGraphsAgree(t *testing.T) {
	files, _ := filepath.Glob("../../examples/graphs/*.json")
	if len(files) < 6 {
		t.Fatalf("examples/graphs holds %d graphs, want at least 6", len(files))
	}
	exact := strings.Contains(testCtx.Info().String(), "llvmpipe")
	var pos4 = finitePositions(400)
	for _, set := range compare.PositionSets(64, 3) {
		pos4 = append(pos4, set.Pos...)
	}
	for _, f := range files {
		g, err := graph.LoadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cs, err := cpu.NewGraph(g)
		if err != nil {
			t.Fatal(err)
		}
		gs, err := testCtx.NewGraphSampler(g, nil)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		want, got := make([]noise.Sample, len(pos4)), make([]noise.Sample, len(pos4))
		if err := cs.Samples4(pos4, want); err != nil {
			t.Fatal(err)
		}
		if err := gs.Samples4(pos4, got); err != nil {
			t.Fatal(err)
		}
		gs.Close()
		bad := 0
		for i := range pos4 {
			w, g := want[i], got[i]
			same := sameULP(vec{w.V, w.Dx, w.Dy, w.Dz, w.Dw}, vec{g.V, g.Dx, g.Dy, g.Dz, g.Dw})
			if !exact {
				same = compare.ULP(w.V, g.V) <= 64
			}
			if !same {
				if bad < 3 {
					t.Errorf("%s at %v: GPU %v, CPU %v", filepath.Base(f), pos4[i], g, w)
				}
				bad++
			}
		}
		if bad > 0 {
			t.Errorf("%s: %d of %d positions differ", filepath.Base(f), bad, len(pos4))
		}
	}
}
