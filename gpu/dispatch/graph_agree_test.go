//go:build graphcpu

// TODO(integrator): drop the build constraint once cpu.NewGraph is merged.

package dispatch

import (
	"strings"
	"testing"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/compare"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/graph"
)

// TestGraphAgreesWithCPU runs the graph of every node type and the first
// node of each type as the output on llvmpipe against cpu.NewGraph: 0 ULP,
// value and derivatives, both position layouts.
func TestGraphAgreesWithCPU(t *testing.T) {
	if !strings.Contains(testCtx.Info().String(), "llvmpipe") {
		t.Skip("bit-exactness is checked on llvmpipe")
	}
	g := loadTestGraph(t, "all.json")
	pos4 := finitePositions(300)
	pos3 := compare.Vec3s(pos4)
	outputs := []string{g.Output}
	seen := map[graph.Type]bool{}
	for _, n := range g.Nodes {
		if !seen[n.Type] && !testing.Short() {
			seen[n.Type] = true
			outputs = append(outputs, n.ID)
		}
	}
	for _, out := range outputs {
		h := *g
		h.Output = out
		cs, err := cpu.NewGraph(&h)
		if err != nil {
			t.Fatalf("%s: %v", out, err)
		}
		gs, err := testCtx.NewGraphSampler(&h, nil)
		if err != nil {
			t.Fatalf("%s: %v", out, err)
		}
		want, got := make([]noise.Sample, len(pos4)), make([]noise.Sample, len(pos4))
		if err := cs.Samples4(pos4, want); err != nil {
			t.Fatal(err)
		}
		if err := gs.Samples4(pos4, got); err != nil {
			t.Fatal(err)
		}
		wantV, gotV := make([]float32, len(pos3)), make([]float32, len(pos3))
		if err := cs.Values(pos3, wantV); err != nil {
			t.Fatal(err)
		}
		if err := gs.Values(pos3, gotV); err != nil {
			t.Fatal(err)
		}
		bad := 0
		for i := range pos4 {
			w, g := want[i], got[i]
			if !sameULP(vec{w.V, w.Dx, w.Dy, w.Dz, w.Dw}, vec{g.V, g.Dx, g.Dy, g.Dz, g.Dw}) || compare.ULP(wantV[i], gotV[i]) != 0 {
				if bad < 3 {
					t.Errorf("%s at %v: GPU %v (value %v), CPU %v (%v)", out, pos4[i], g, gotV[i], w, wantV[i])
				}
				bad++
			}
		}
		if bad > 0 {
			t.Errorf("%s: %d of %d positions differ", out, bad, len(pos4))
		}
		gs.Close()
	}
}
