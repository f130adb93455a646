package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/compare"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/gpu/shaders"
	"github.com/noiselab/noise/graph"
)

// graphRef is the CPU reference of a graph (cpu.GraphSampler's methods).
type graphRef interface {
	At4(p mgl32.Vec4) noise.Sample
	Values4(pos []mgl32.Vec4, out []float32) error
	Samples4(pos []mgl32.Vec4, out []noise.Sample) error
}

// newGraphRef makes the CPU reference of a graph.
func newGraphRef(g *graph.Graph) (graphRef, error) { return cpu.NewGraph(g) }

// exampleGraphs is the glob of the graphs the default matrix adds.
const exampleGraphs = "examples/graphs/*.json"

// graphFiles returns the graphs to verify: -graph's file, or by default
// every examples/graphs/*.json that exists (none outside the repository).
func (o *options) graphFiles() []string {
	if o.graph != "" {
		return []string{o.graph}
	}
	files, _ := filepath.Glob(exampleGraphs) // the pattern is valid
	return files
}

// sourcePolicy is the tolerance of a graph's noise node under the flags
// (compare.PolicyFor of its Config).
func (o *options) sourcePolicy(n *graph.Node) compare.Policy {
	cfg, err := n.Config()
	if err != nil { // a valid graph's noise nodes have a Config
		cfg = noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()}
	}
	return o.policy(cfg)
}

// graphTolerance is a graph's tolerance under the flags: with -exact 0 ULP;
// otherwise the value tolerance is the graph's error bound
// (graph.ErrorBound, docs/graphs.md §5.1) from its noise sources' value
// tolerances, and the derivative tolerance the same propagation of their
// derivative tolerances (abs) with their largest relative one (a
// first-order estimate, not a proven bound: docs/graphs.md §5.1). Where the
// bound is infinite, skip says why when the run may differ from the CPU
// beyond any bound (native arithmetic under -precision worst), and
// elsewhere the sources' loosest policy applies, as before the bound. text
// describes the tolerance for the row.
func (o *options) graphTolerance(g *graph.Graph) (pol compare.Policy, skip, text string) {
	if o.exact {
		return compare.Exact, "", "0 ULP"
	}
	val := g.ErrorBound(func(n *graph.Node) float32 { return float32(o.sourcePolicy(n).Value.Abs) })
	der := g.ErrorBound(func(n *graph.Node) float32 { return float32(o.sourcePolicy(n).Deriv.Abs) })
	var loose compare.Policy
	for _, n := range g.Nodes {
		if n.Type == graph.Noise {
			p := o.sourcePolicy(&n)
			loose.Value.Abs = max(loose.Value.Abs, p.Value.Abs)
			loose.Deriv.Abs = max(loose.Deriv.Abs, p.Deriv.Abs)
			loose.Deriv.Rel = max(loose.Deriv.Rel, p.Deriv.Rel)
		}
	}
	if !val.Finite() || !der.Finite() {
		cause := "unbounded error"
		if c := val.Cause; c != nil {
			cause = fmt.Sprintf("unbounded error (%s %q)", c.Type, c.ID)
		}
		if o.gpu.Arith == shaders.ArithNative && o.gpu.Precision == shaders.PrecisionWorst {
			return pol, "skip: " + cause + " — use -arith exact", cause
		}
		return loose, "", cause + ": the sources' policy"
	}
	pol = compare.Policy{
		Value: compare.Tolerance{Abs: val.Abs, Rel: val.Rel},
		Deriv: compare.Tolerance{Abs: der.Abs, Rel: loose.Deriv.Rel + der.Rel},
	}
	text = fmt.Sprintf("bound: values abs %.3g", val.Abs)
	if val.Rel > 0 {
		text += fmt.Sprintf(" + rel %.3g", val.Rel)
	}
	text += fmt.Sprintf("; derivatives abs %.3g + rel %.3g", pol.Deriv.Abs, pol.Deriv.Rel)
	return pol, "", text
}

// graphScale is the largest frequency a graph's noise is evaluated at:
// its noise nodes' F·S times every scale node's largest factor (compare.FoldsAt's scale).
func graphScale(g *graph.Graph) float64 {
	f, s := 1.0, 1.0
	for _, n := range g.Nodes {
		switch n.Type {
		case graph.Noise:
			cfg, err := n.Config()
			if err != nil {
				continue
			}
			fs := float64(cfg.Settings.TopFrequency())
			if cfg.Domain != nil {
				m := 0.0
				for _, c := range cfg.Domain.Scale {
					m = max(m, math.Abs(float64(c)))
				}
				fs *= m
			}
			f = max(f, fs)
		case graph.Scale:
			m := 1.0
			for _, c := range n.ScaleBy {
				m = max(m, math.Abs(float64(c)))
			}
			s *= m
		}
	}
	return f * s
}

// verifyGraph compares one graph file's GPU kernel with the CPU reference
// at the matrix's positions (4-component: a graph reads w), one row.
func verifyGraph(b backend, o *options, path string, sets []compare.PositionSet, pos4 []mgl32.Vec4, bounds []int) (variantResult, error) {
	row := variantResult{Name: "graph " + filepath.Base(path), Pass: true, graph: true}
	g, err := graph.LoadFile(path)
	if err != nil {
		return row, fmt.Errorf("-graph: %v", err)
	}
	if o.backend == backendWebGPU && o.gpu.Precision == shaders.PrecisionWorst {
		// The WGSL graph has no worst form (shaders.GraphSourceWGSL
		// refuses it); its exact form is +, −, × and integer operations,
		// which WGSL rounds correctly.
		row.Tolerance = "-precision worst: GLSL's only for graphs"
		row.Skip = "skip: -precision worst is GLSL's only for graphs (the WGSL graph with -arith exact uses +, −, × alone)"
		return row, nil
	}
	cs, err := newGraphRef(g)
	if err != nil {
		return row, fmt.Errorf("%s: %v", path, err)
	}
	gs, err := b.newGraphSampler(g)
	if err != nil {
		return row, fmt.Errorf("%s: %v", path, err)
	}
	defer gs.Close()
	wantV, gotV := make([]float32, len(pos4)), make([]float32, len(pos4))
	wantS, gotS := make([]noise.Sample, len(pos4)), make([]noise.Sample, len(pos4))
	err = errors.Join(cs.Values4(pos4, wantV), gs.Values4(pos4, gotV))
	if err == nil && o.deriv {
		err = errors.Join(cs.Samples4(pos4, wantS), gs.Samples4(pos4, gotS))
	}
	if err != nil {
		return row, fmt.Errorf("%s: %v", path, err)
	}
	pol, skip, text := o.graphTolerance(g)
	row.Tolerance, row.Skip = text, skip
	if skip != "" {
		return row, nil
	}
	if o.deriv {
		// A graph's derivatives jump where a node's input crosses a
		// derivative discontinuity (a clamp's bound, a min's tie, a
		// curve's knot, a source's fold): there the value error may take
		// the other side (docs/graphs.md §5.1), as at a fractal fold.
		n, ok := compare.FoldsAt(cs.At4, 4, graphScale(g), pos4, wantS, gotS, pol)
		row.Folds = n
		if !ok {
			row.FoldFailure = fmt.Sprintf("%d of %d positions have derivatives only a jump explains (at most 1%%)", n, len(pos4))
			row.Pass = false
		}
	}
	sc := compare.SettingsCase{Name: "graph"}
	for k, set := range sets {
		lo, hi := bounds[k], bounds[k+1]
		where := func(j int) string { return set.Name + " " + fmtVec(pos4[lo+j]) }
		row.add(sc, set.Name, "values", compare.Values(wantV[lo:hi], gotV[lo:hi], pol), where)
		if o.deriv {
			row.add(sc, set.Name, "samples", compare.Samples(wantS[lo:hi], gotS[lo:hi], pol), where)
		}
	}
	return row, nil
}

// verifyGraphs adds a row per graph file to rep.
func verifyGraphs(b backend, o *options, rep *report, progress io.Writer, sets []compare.PositionSet, pos4 []mgl32.Vec4, bounds []int) error {
	files := o.graphFiles()
	for i, path := range files {
		row, err := verifyGraph(b, o, path, sets, pos4, bounds)
		if err != nil {
			return err
		}
		switch {
		case row.Skip != "":
			rep.Skipped++
		case row.Pass:
			rep.Passed++
		default:
			rep.Failed++
		}
		if row.MaxULP == 0 && row.Skip == "" {
			rep.Exact++
		}
		rep.Points += row.Points
		rep.MaxULP = max(rep.MaxULP, row.MaxULP)
		rep.Variants = append(rep.Variants, row)
		fmt.Fprintf(progress, "verify: [graph %d/%d] %-34s %s\n", i+1, len(files), row.Name, row.result())
	}
	return nil
}
