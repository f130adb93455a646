package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/compare"
	"github.com/noiselab/noise/cpu"
)

// report is the whole run; it is also the -json document.
type report struct {
	Backend   string          `json:"backend"` // "gl" or "webgpu"
	Renderer  string          `json:"renderer"`
	GLVersion string          `json:"gl_version"` // "" with the webgpu backend
	Platform  string          `json:"platform"`
	Arith     string          `json:"arith"`
	Precision string          `json:"precision"`
	Policy    string          `json:"policy"`
	Variants  []variantResult `json:"variants"`
	Passed    int             `json:"passed"`
	Failed    int             `json:"failed"`
	Skipped   int             `json:"skipped,omitempty"` // graphs not compared (variantResult.Skip)
	Points    int             `json:"points"`            // comparisons, all variants
	MaxULP    uint32          `json:"max_ulp"`
	Exact     int             `json:"bit_exact_variants"`
	Seconds   float64         `json:"seconds"`
}

// variantResult is one table row.
type variantResult struct {
	Name   string  `json:"name"`
	Pass   bool    `json:"pass"`
	MaxAbs float64 `json:"max_abs"`
	MaxULP uint32  `json:"max_ulp"`
	Points int     `json:"points"`
	Folds  int     `json:"folds"` // positions whose derivatives a fractal fold explains (compare.Folds)
	// FoldFailure, when set, says which settings had too many.
	FoldFailure string       `json:"fold_failure,omitempty"`
	Cases       []caseResult `json:"cases"`
	// Tolerance is a graph's tolerance (graphTolerance); Skip, when set,
	// why it was not compared.
	Tolerance string `json:"tolerance,omitempty"`
	Skip      string `json:"skip,omitempty"`
	variant   compare.Variant
	graph     bool                  // a graph's row (verifyGraph)
	failed    *compare.SettingsCase // the first failing settings case
}

// caseResult is one settings case × position set × output kind.
type caseResult struct {
	Settings   string           `json:"settings"`
	Positions  string           `json:"positions"`
	Output     string           `json:"output"` // "values" or "samples"
	Pass       bool             `json:"pass"`
	Components []componentStats `json:"components"`
	Worst      string           `json:"worst,omitempty"`
}

type componentStats struct {
	Component  string  `json:"component"`
	MaxAbs     float64 `json:"max_abs"`
	MaxRel     float64 `json:"max_rel"`
	MaxULP     uint32  `json:"max_ulp"`
	MeanAbs    float64 `json:"mean_abs"`
	Over       int     `json:"over_tolerance"`
	WorstIndex int     `json:"worst_index"`
	Want       string  `json:"want"`
	Got        string  `json:"got"`
}

// policy is the tolerance of cfg under the flags.
func (o *options) policy(cfg noise.Config) compare.Policy {
	if o.exact {
		return compare.Exact
	}
	p := compare.PolicyFor(cfg)
	k := o.tolerance / 2e-6
	p.Value.Abs *= k
	p.Deriv.Abs *= k
	p.Deriv.Rel *= k
	return p
}

func (o *options) policyText() string {
	if o.exact {
		return "exact: 0 ULP (±0 equal, NaN equal to NaN)"
	}
	k := o.tolerance / 2e-6
	return fmt.Sprintf("values abs %.3g·G; derivatives rel %.3g + abs %.3g·F·S·G; smooth Worley values abs %.3g·G, derivatives abs %.3g·F·S·G (G: the fractal mode's gain, fbm 1, billow 2, ridged 4, ping-pong 2s)",
		2e-6*k, 1e-5*k, 1e-5*k, 1e-5*k, 1e-4*k)
}

// verify runs the matrix.
func verify(b backend, o *options, progress io.Writer) (*report, error) {
	start := time.Now()
	rep := &report{Policy: o.policyText(), Arith: o.gpu.Arith.String(), Precision: o.gpu.Precision.String()}
	b.describe(rep)
	sets := compare.PositionSets(o.n, o.seed)
	var pos4 []mgl32.Vec4
	bounds := []int{0}
	for _, s := range sets {
		pos4 = append(pos4, s.Pos...)
		bounds = append(bounds, len(pos4))
	}
	pos3 := compare.Vec3s(pos4)
	fmt.Fprintf(progress, "verify: %d variants × %d settings × %d positions on %s\n",
		len(o.variants), len(compare.SettingsCases()), len(pos4), b)
	wantV, gotV := make([]float32, len(pos4)), make([]float32, len(pos4))
	wantS, gotS := make([]noise.Sample, len(pos4)), make([]noise.Sample, len(pos4))
	for i, v := range o.variants {
		row := variantResult{Name: v.String(), Pass: true, variant: v}
		for _, sc := range compare.SettingsCases() {
			cfg := v.Config(sc)
			cs, err := cpu.New(cfg)
			if err != nil {
				return nil, fmt.Errorf("%s / %s: %v", v, sc.Name, err)
			}
			gs, err := b.newSampler(cfg)
			if err != nil {
				return nil, err
			}
			// The CPU's errors (a short slice, positions of the wrong
			// dimension) cannot happen here: the slices are made for
			// the positions, and 4D noise takes pos4.
			if v.Dims == 4 {
				err = errors.Join(cs.Values4(pos4, wantV), gs.Values4(pos4, gotV))
			} else {
				err = errors.Join(cs.Values(pos3, wantV), gs.Values(pos3, gotV))
			}
			if err == nil && o.deriv {
				if v.Dims == 4 {
					err = errors.Join(cs.Samples4(pos4, wantS), gs.Samples4(pos4, gotS))
				} else {
					err = errors.Join(cs.Samples(pos3, wantS), gs.Samples(pos3, gotS))
				}
			}
			gs.Close()
			if err != nil {
				return nil, err
			}
			pol := o.policy(cfg)
			if o.deriv {
				n, ok := compare.Folds(cs, cfg, pos4, wantS, gotS, pol)
				row.Folds += n
				if !ok {
					row.Pass = false
					row.FoldFailure = fmt.Sprintf("%s: %d of %d positions have derivatives only a fold explains (at most 1%%)", sc.Name, n, len(pos4))
				}
			}
			for k, set := range sets {
				lo, hi := bounds[k], bounds[k+1]
				where := func(j int) string { return set.Name + " " + fmtVec(pos4[lo+j]) }
				row.add(sc, set.Name, "values", compare.Values(wantV[lo:hi], gotV[lo:hi], pol), where)
				if o.deriv {
					row.add(sc, set.Name, "samples", compare.Samples(wantS[lo:hi], gotS[lo:hi], pol), where)
				}
			}
		}
		if row.Pass {
			rep.Passed++
		} else {
			rep.Failed++
		}
		if row.MaxULP == 0 {
			rep.Exact++
		}
		rep.Points += row.Points
		rep.MaxULP = max(rep.MaxULP, row.MaxULP)
		rep.Variants = append(rep.Variants, row)
		fmt.Fprintf(progress, "verify: [%d/%d] %-40s %s\n", i+1, len(o.variants), row.Name, passText(row.Pass))
	}
	if err := verifyGraphs(b, o, rep, progress, sets, pos4, bounds); err != nil {
		return nil, err
	}
	rep.Seconds = time.Since(start).Seconds()
	return rep, nil
}

func (row *variantResult) add(sc compare.SettingsCase, set, output string, r compare.Report, where func(int) string) {
	c := caseResult{Settings: sc.Name, Positions: set, Output: output, Pass: r.Pass()}
	for k := 0; k < r.Components; k++ {
		s := r.Stats[k]
		c.Components = append(c.Components, componentStats{
			Component: compare.Component[k], MaxAbs: s.MaxAbs, MaxRel: s.MaxRel, MaxULP: s.MaxULP,
			MeanAbs: s.MeanAbs, Over: s.Over, WorstIndex: s.Worst, Want: fmtFloat(s.Want), Got: fmtFloat(s.Got),
		})
		row.Points += s.N
	}
	if !c.Pass {
		c.Worst = r.Worst(where)
		if row.Pass {
			scCopy := sc
			row.failed = &scCopy
		}
		row.Pass = false
	}
	row.MaxAbs = max(row.MaxAbs, r.MaxAbs())
	row.MaxULP = max(row.MaxULP, r.MaxULP())
	row.Cases = append(row.Cases, c)
}

// result is the row's result column: PASS, FAIL or SKIP.
func (v *variantResult) result() string {
	if v.Skip != "" {
		return "SKIP"
	}
	return passText(v.Pass)
}

func passText(ok bool) string {
	if ok {
		return "PASS"
	}
	return "FAIL"
}

func fmtFloat(f float32) string {
	if math.IsNaN(float64(f)) {
		return "NaN"
	}
	return fmt.Sprintf("%g", f)
}

func fmtVec(p mgl32.Vec4) string {
	return fmt.Sprintf("(%g, %g, %g, %g)", p[0], p[1], p[2], p[3])
}

// printTable writes one row per variant and the summary.
func printTable(w io.Writer, rep *report) {
	api := "OpenGL " + rep.GLVersion
	if rep.Backend == backendWebGPU {
		api = "WebGPU"
		fmt.Fprintf(w, "WebGPU: %s (%s)\n", rep.Renderer, rep.Platform)
	} else {
		fmt.Fprintf(w, "GL: %s, OpenGL %s (%s)\n", rep.Renderer, rep.GLVersion, rep.Platform)
	}
	fmt.Fprintf(w, "shaders: arithmetic %s, precision %s\n", rep.Arith, rep.Precision)
	fmt.Fprintf(w, "tolerance: %s\n\n", rep.Policy)
	fmt.Fprintf(w, "%-42s %-6s %10s %8s %9s\n", "variant", "result", "max abs", "max ULP", "points")
	for _, v := range rep.Variants {
		fmt.Fprintf(w, "%-42s %-6s %10.3g %8d %9d\n", v.Name, v.result(), v.MaxAbs, v.MaxULP, v.Points)
		switch {
		case v.Skip != "":
			fmt.Fprintf(w, "    %s\n", v.Skip)
		case v.Tolerance != "":
			fmt.Fprintf(w, "    tolerance: %s\n", v.Tolerance)
		}
		if v.FoldFailure != "" {
			fmt.Fprintf(w, "    too many folds: %s\n", v.FoldFailure)
		}
		if !v.Pass {
			for _, c := range v.Cases {
				if !c.Pass {
					fmt.Fprintf(w, "    first failure: %s, %s, %s: %s\n", c.Settings, c.Positions, c.Output, c.Worst)
					break
				}
			}
		}
	}
	verdict := "PASS"
	if rep.Failed > 0 {
		verdict = "FAIL"
	}
	folds := 0
	for _, v := range rep.Variants {
		folds += v.Folds
	}
	if folds > 0 {
		fmt.Fprintf(w, "\n%d positions have derivatives taken on another side of a fractal fold or a graph's jump (accepted: docs/algorithms.md §11, docs/graphs.md §5.1)\n", folds)
	}
	skipped := ""
	if rep.Skipped > 0 {
		skipped = fmt.Sprintf(", %d skipped", rep.Skipped)
	}
	fmt.Fprintf(w, "\nverify: %s: %d of %d variants pass%s, %d bit-exact; %d comparisons, max %d ULP; %.1f s on %s, %s\n",
		verdict, rep.Passed, len(rep.Variants), skipped, rep.Exact, rep.Points, rep.MaxULP, rep.Seconds, rep.Renderer, api)
}
