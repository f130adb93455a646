package dispatch

import (
	"fmt"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/compare"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/graph"
	"github.com/noiselab/noise/internal/graphcases"
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
	outputs := graphcases.Outputs(g, testing.Short())
	for _, out := range outputs {
		h := *g.Sub(out)
		cs, gs, want, got := graphSamples(t, out, &h, pos4)
		wantV, gotV := make([]float32, len(pos3)), make([]float32, len(pos3))
		if err := cs.Values(pos3, wantV); err != nil {
			t.Fatal(err)
		}
		if err := gs.Values(pos3, gotV); err != nil {
			t.Fatal(err)
		}
		countMismatches(t, out, pos4, func(i int) bool {
			w, g := want[i], got[i]
			return sameULP(vec{w.V, w.Dx, w.Dy, w.Dz, w.Dw}, vec{g.V, g.Dx, g.Dy, g.Dz, g.Dw}) && compare.ULP(wantV[i], gotV[i]) == 0
		}, func(i int) string {
			return fmt.Sprintf("GPU %v (value %v), CPU %v (%v)", got[i], gotV[i], want[i], wantV[i])
		})
		gs.Close()
	}
}

// graphSamples evaluates graph g (named name in messages) at pos on the CPU
// (want) and through a GPU graph sampler (got), values and derivatives;
// the caller closes gs.
func graphSamples(t *testing.T, name string, g *graph.Graph, pos []mgl32.Vec4) (cs *cpu.GraphSampler, gs *Sampler, want, got []noise.Sample) {
	t.Helper()
	cs, err := cpu.NewGraph(g)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	gs, err = testCtx.NewGraphSampler(g, nil)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	want, got = make([]noise.Sample, len(pos)), make([]noise.Sample, len(pos))
	if err := cs.Samples4(pos, want); err != nil {
		t.Fatalf("%s: CPU: %v", name, err)
	}
	if err := gs.Samples4(pos, got); err != nil {
		t.Fatalf("%s: GPU: %v", name, err)
	}
	return cs, gs, want, got
}

// countMismatches reports the positions where same(i) is false: the first
// three with describe(i), then how many of all.
func countMismatches(t *testing.T, name string, pos []mgl32.Vec4, same func(i int) bool, describe func(i int) string) {
	t.Helper()
	bad := 0
	for i := range pos {
		if !same(i) {
			if bad < 3 {
				t.Errorf("%s at %v: %s", name, pos[i], describe(i))
			}
			bad++
		}
	}
	if bad > 0 {
		t.Errorf("%s: %d of %d positions differ", name, bad, len(pos))
	}
}
