package dispatch

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/noiselab/noise/compare"
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
		_, gs, want, got := graphSamples(t, filepath.Base(f), g, pos4)
		gs.Close()
		countMismatches(t, filepath.Base(f), pos4, func(i int) bool {
			w, g := want[i], got[i]
			if !exact {
				return compare.ULP(w.V, g.V) <= 64
			}
			return sameULP(vec{w.V, w.Dx, w.Dy, w.Dz, w.Dw}, vec{g.V, g.Dx, g.Dy, g.Dz, g.Dw})
		}, func(i int) string { return fmt.Sprintf("GPU %v, CPU %v", got[i], want[i]) })
	}
}
