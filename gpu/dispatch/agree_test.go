package dispatch

import (
	"fmt"
	"math"
	"math/rand/v2"
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
		cases := compare.SettingsCases()
		if !v.Tiling { // a tiling variant needs whole frequencies
			cases = append(cases, fractionalCases()...)
		}
		for _, sc := range cases {
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
				if err := values4Any(cs, v.Dims, pos4, wantV); err != nil {
					t.Fatal(err)
				}
				err = values4Any(gs, v.Dims, pos4, gotV)
			} else {
				if err := cs.Values(pos3, wantV); err != nil {
					t.Fatal(err)
				}
				err = gs.Values(pos3, gotV)
			}
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			rv := compare.Values(wantV, gotV, pol)

			wantS, gotS := make([]noise.Sample, len(pos4)), make([]noise.Sample, len(pos4))
			if err := samples4Any(cs, v.Dims, pos4, wantS); err != nil {
				t.Fatal(err)
			}
			if err := samples4Any(gs, v.Dims, pos4, gotS); err != nil {
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

// fractionalCases are settings with a non-integer frequency and lacunarity
// (docs/algorithms.md §6.1; not for tiling variants): several octaves, a
// frequency below 1 with a fractal mode and a domain, and one octave.
func fractionalCases() []compare.SettingsCase {
	pn := &noise.Domain{Translation: [3]float32{-2, 0.5, 4}, Rotation: [3]float32{-15, 70, 5}, Scale: [3]float32{0.75, 3, 1.25}, PN: true}
	return []compare.SettingsCase{
		{Name: "f 2.5, lac 1.5, 3 oct", Settings: noise.Settings{Seed: 19, Frequency: 2.5, Octaves: 3, Lacunarity: 1.5, Persistence: 0.5}},
		{Name: "f 0.3, lac 2.75, 4 oct, ridged, domain PN", Settings: noise.Settings{Seed: -8, Frequency: 0.3, Octaves: 4, Lacunarity: 2.75, Persistence: 0.6, Fractal: noise.FractalRidged}, Domain: pn},
		{Name: "f 3.7, 1 oct", Settings: noise.Settings{Seed: 5, Frequency: 3.7, Octaves: 1, Lacunarity: 2, Persistence: 0.5}},
	}
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

// edgeCase is a settings case of TestAgreesAtCoordinateEdge: settings and
// an optional domain whose linear part is a rotation times the uniform
// scale s.
type edgeCase struct {
	name string
	set  noise.Settings
	dom  *noise.Domain
	s    float64
}

// TestAgreesAtCoordinateEdge runs every variant at positions whose
// top-octave lattice coordinates lie near the edge of the documented
// coordinate range (2^17 to just below 2^24, both signs;
// docs/algorithms.md §9.2), where the float32 kernels lose their fraction
// bits and overshoot [−1, 1], so that the clamp of the combine step (§2.5)
// decides the value: the GPU must give the CPU's bits (smooth-LSE within
// the policy: its exp and log are the GPU's, §10.4), and the values must
// lie in Config.Range. Among the positions are issue 22's two examples,
// where simplex 2D (defaults) gave 1.0279 and simplex-value 3D (frequency
// 1) 1.4902 before the clamp: both sides must give exactly 1 there. (At
// the other settings they may lie beyond the range, where the clamp holds
// as well.)
func TestAgreesAtCoordinateEdge(t *testing.T) {
	dom := &noise.Domain{Translation: [3]float32{0.25, -0.5, 0.75}, Rotation: [3]float32{30, -45, 60},
		Scale: [3]float32{0.5, 0.5, 0.5}, ScaleW: 0.5, TranslationW: 0.125}
	cases := []edgeCase{
		{"defaults", noise.DefaultSettings(), nil, 1},
		{"f 1", noise.Settings{Seed: 0, Frequency: 1, Octaves: 1, Lacunarity: 2, Persistence: 0.5}, nil, 1},
		{"seed -7, f 3, 3 oct, billow, domain", noise.Settings{Seed: -7, Frequency: 3, Octaves: 3, Lacunarity: 2, Persistence: 0.5, Fractal: noise.FractalBillow}, dom, 0.5},
		// non-integer frequency and lacunarity (not for tiling variants)
		{"f 2.5, lac 1.5, 3 oct", noise.Settings{Seed: 13, Frequency: 2.5, Octaves: 3, Lacunarity: 1.5, Persistence: 0.5}, nil, 1},
	}
	issue := []struct {
		v    compare.Variant
		set  int
		p    mgl32.Vec4
		want float32
	}{
		{compare.Variant{Noise: noise.Simplex, Dims: 2}, 0, mgl32.Vec4{186174.391, 0, 152737.875, 0}, 1},
		{compare.Variant{Noise: noise.SimplexValue, Dims: 3}, 1, mgl32.Vec4{6386356.5, 7729581, 8328948, 0}, 1},
	}
	r := rand.New(rand.NewPCG(22, 24))
	pos := make([][]mgl32.Vec4, len(cases))
	for ci, c := range cases {
		scale := 1 / (float64(c.set.TopFrequency()) * c.s)
		if c.dom != nil {
			scale /= 2 // the rotation keeps the norm: |q_k| ≤ s·|p|₂ ≤ 2s·max|p_k|
		}
		for _, is := range issue {
			pos[ci] = append(pos[ci], is.p)
		}
		for range 62 {
			var p mgl32.Vec4
			for k := range p {
				m := math.Ldexp(1+r.Float64(), 17+r.IntN(7)) // 2^17 to 2^24
				if r.IntN(2) == 0 {
					m = -m
				}
				p[k] = float32(m * scale)
			}
			pos[ci] = append(pos[ci], p)
		}
	}
	for _, v := range compare.Variants() {
		for ci, c := range cases {
			if f, l := c.set.Frequency, c.set.Lacunarity; v.Tiling && (f != float32(int32(f)) || l != float32(int32(l))) {
				continue // a tiling variant needs whole frequencies
			}
			cfg := noise.Config{Noise: v.Noise, Dims: v.Dims, Tiling: v.Tiling, Settings: c.set, Domain: c.dom}
			name := v.String() + " / " + c.name
			pol := compare.Exact
			if p := v.Noise.Parts(); p.Metric == noise.MetricSmoothWorley && p.Function == noise.FunctionF1 {
				pol = compare.PolicyFor(cfg)
			}
			cs, err := cpu.New(cfg)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			gs, err := testCtx.NewSampler(cfg, nil)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			pos4 := pos[ci]
			wantV, gotV := make([]float32, len(pos4)), make([]float32, len(pos4))
			wantS, gotS := make([]noise.Sample, len(pos4)), make([]noise.Sample, len(pos4))
			if err := values4Any(cs, v.Dims, pos4, wantV); err != nil {
				t.Fatal(err)
			}
			if err := samples4Any(cs, v.Dims, pos4, wantS); err != nil {
				t.Fatal(err)
			}
			if err := values4Any(gs, v.Dims, pos4, gotV); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if err := samples4Any(gs, v.Dims, pos4, gotS); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			gs.Close()
			where := func(i int) string { return fmt.Sprint(pos4[i]) }
			if rv := compare.Values(wantV, gotV, pol); !rv.Pass() {
				t.Errorf("%s: values: %d of %d differ; worst %s", name, rv.Over(), len(pos4), rv.Worst(where))
			}
			if rs := compare.Samples(wantS, gotS, pol); !rs.Pass() {
				t.Errorf("%s: samples: %d of %d differ; worst %s", name, rs.Over(), len(pos4), rs.Worst(where))
			}
			lo, hi := cfg.Range()
			for i := range pos4 {
				if x := gotV[i]; !(x >= lo && x <= hi) {
					t.Errorf("%s: the GPU's value at %v is %v, outside Config.Range [%v, %v]", name, pos4[i], x, lo, hi)
					break
				}
			}
			for i, is := range issue {
				if is.v == v && is.set == ci && (wantV[i] != is.want || gotV[i] != is.want) {
					t.Errorf("%s at %v: CPU %v, GPU %v, want %v (the clamped value)", name, is.p, wantV[i], gotV[i], is.want)
				}
			}
		}
	}
}
