package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/compare"
	"github.com/noiselab/noise/gpu/dispatch"
	"github.com/noiselab/noise/graph"
	"github.com/noiselab/noise/internal/graphfile"
)

// graphRef is the CPU reference of a graph (cpu.GraphSampler's methods).
type graphRef interface {
	Values4(pos []mgl32.Vec4, out []float32) error
	Samples4(pos []mgl32.Vec4, out []noise.Sample) error
}

// newGraphRef makes the CPU reference of a graph: cpu.NewGraph, set by
// graph_cpu.go. TODO(integrator): once cpu.NewGraph is merged, drop the
// build constraint of graph_cpu.go (and this indirection if you like).
var newGraphRef func(g *graph.Graph) (graphRef, error)

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

// graphPolicy is the tolerance of a graph: the loosest of its noise
// sources' (compare.PolicyFor), under the flags; a graph without noise
// takes the default policy's.
func (o *options) graphPolicy(g *graph.Graph) compare.Policy {
	if o.exact {
		return compare.Exact
	}
	pol := o.policy(noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()})
	for _, n := range g.Nodes {
		if n.Type != graph.Noise {
			continue
		}
		nz, err := noise.ParseNoise(n.Noise)
		if err != nil {
			continue
		}
		cfg := noise.Config{Noise: nz, Dims: n.Dims, Tiling: n.Tiling, Settings: noise.DefaultSettings(), Domain: n.Domain}
		if n.Settings != nil {
			cfg.Settings = *n.Settings
		}
		p := o.policy(cfg)
		pol.Value.Abs = max(pol.Value.Abs, p.Value.Abs)
		pol.Deriv.Abs = max(pol.Deriv.Abs, p.Deriv.Abs)
		pol.Deriv.Rel = max(pol.Deriv.Rel, p.Deriv.Rel)
	}
	return pol
}

// verifyGraph compares one graph file's GPU kernel with the CPU reference
// at the matrix's positions (4-component: a graph reads w), one row.
func verifyGraph(ctx *dispatch.Context, o *options, path string, sets []compare.PositionSet, pos4 []mgl32.Vec4, bounds []int, opts *dispatch.SamplerOptions) (variantResult, error) {
	row := variantResult{Name: "graph " + filepath.Base(path), Pass: true, graph: true}
	g, err := graphfile.Load(path)
	if err != nil {
		return row, fmt.Errorf("-graph: %v", err)
	}
	if newGraphRef == nil {
		return row, errors.New("-graph: this build has no CPU graph backend (cpu.NewGraph) to compare with")
	}
	cs, err := newGraphRef(g)
	if err != nil {
		return row, fmt.Errorf("%s: %v", path, err)
	}
	gs, err := ctx.NewGraphSampler(g, opts)
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
	pol := o.graphPolicy(g)
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
func verifyGraphs(ctx *dispatch.Context, o *options, rep *report, progress io.Writer, sets []compare.PositionSet, pos4 []mgl32.Vec4, bounds []int, opts *dispatch.SamplerOptions) error {
	files := o.graphFiles()
	for i, path := range files {
		row, err := verifyGraph(ctx, o, path, sets, pos4, bounds, opts)
		if err != nil {
			return err
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
		fmt.Fprintf(progress, "verify: [graph %d/%d] %-34s %s\n", i+1, len(files), row.Name, passText(row.Pass))
	}
	return nil
}
