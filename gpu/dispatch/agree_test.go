package dispatch

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/compare"
	"github.com/noiselab/noise/cpu"
)

// testPositions is every position set of the verify matrix, ~600 each.
var testPositions = sync.OnceValue(func() []mgl32.Vec4 {
	var all []mgl32.Vec4
	for _, s := range compare.PositionSets(600, 1) {
		all = append(all, s.Pos...)
	}
	return all
})

// ulpRow is the worst agreement of one variant over every settings case.
type ulpRow struct {
	value, deriv uint32
	abs          float64
	points       int
}

// TestAgreesWithCPU runs every variant (noise × dims × tiling) under every
// settings case of the verify matrix (seeds down to MinInt32, frequencies
// 1–16, 1–6 octaves, lacunarity 2–4, persistence 0–1, PS and PN domains)
// at ~3,700 positions (plane, sphere, a box with negative coordinates,
// lattice lines, large coordinates, NaN/Inf/−0), values and derivatives,
// through both position layouts (Vec3 for values, Vec4 for samples), and
// requires agreement with cpu within the tolerance policy. It logs the
// largest ULP distance per variant (run with -v to see the table).
func TestAgreesWithCPU(t *testing.T) {
	pos4 := testPositions()
	pos3 := compare.Vec3s(pos4)
	rows := map[string]*ulpRow{}
	for _, v := range compare.Variants() {
		row := &ulpRow{}
		rows[v.String()] = row
		for _, sc := range compare.SettingsCases() {
			cfg := v.Config(sc)
			name := v.String() + " / " + sc.Name
			cs, err := cpu.New(cfg)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			gs, err := testCtx.NewSampler(cfg, nil)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			pol := compare.PolicyFor(cfg)

			wantV, gotV := make([]float32, len(pos4)), make([]float32, len(pos4))
			if v.Dims == 4 {
				cs.Values4(pos4, wantV)
				err = gs.Values4(pos4, gotV)
			} else {
				cs.Values(pos3, wantV)
				err = gs.Values(pos3, gotV)
			}
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			rv := compare.Values(wantV, gotV, pol)

			wantS, gotS := make([]noise.Sample, len(pos4)), make([]noise.Sample, len(pos4))
			cs.Samples4(pos4, wantS)
			if err := gs.Samples4(pos4, gotS); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			rs := compare.Samples(wantS, gotS, pol)
			gs.Close()

			where := func(i int) string { return fmt.Sprint(pos4[i]) }
			if !rv.Pass() {
				t.Errorf("%s: values: %d over tolerance; worst %s", name, rv.Over(), rv.Worst(where))
			}
			if !rs.Pass() {
				t.Errorf("%s: samples: %d over tolerance; worst %s", name, rs.Over(), rs.Worst(where))
			}
			row.value = max(row.value, rv.MaxULP(), rs.Stats[0].MaxULP)
			for c := 1; c < 4; c++ {
				row.deriv = max(row.deriv, rs.Stats[c].MaxULP)
			}
			row.abs = max(row.abs, rv.MaxAbs(), rs.MaxAbs())
			row.points += 2 * len(pos4)
		}
	}
	logULPTable(t, rows)
}

func logULPTable(t *testing.T, rows map[string]*ulpRow) {
	names := make([]string, 0, len(rows))
	for n := range rows {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	fmt.Fprintf(&b, "max ULP per variant on %s:\n", testCtx.Info())
	exact := 0
	for _, n := range names {
		r := rows[n]
		if r.value == 0 && r.deriv == 0 {
			exact++
		}
		fmt.Fprintf(&b, "  %-42s value %3d ULP  derivs %3d ULP  max abs %.2g  (%d comparisons)\n", n, r.value, r.deriv, r.abs, r.points)
	}
	fmt.Fprintf(&b, "%d of %d variants bit-exact", exact, len(rows))
	t.Log(b.String())
}
