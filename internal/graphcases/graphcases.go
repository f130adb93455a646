// Package graphcases holds what the graph tests of the GPU packages
// (gpu/dispatch on GL, gpu/webgpu on Dawn, the WebGPU example in Chromium)
// share: which outputs of a test graph they run against the CPU, and at
// which positions.
package graphcases

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise/graph"
)

// Finite are the positions of pos with every component finite, in their
// order: WGSL promises nothing of Inf and NaN (docs/gpu.md).
func Finite(pos []mgl32.Vec4) []mgl32.Vec4 {
	var out []mgl32.Vec4
	for _, p := range pos {
		ok := true
		for _, c := range p {
			ok = ok && !math.IsNaN(float64(c)) && !math.IsInf(float64(c), 0)
		}
		if ok {
			out = append(out, p)
		}
	}
	return out
}

// Outputs are the outputs a graph test runs g at: g's own, then, unless
// short, the first node of each type in the order of g.Nodes (g.Sub of
// each is a graph of its own, so every node type is the output once).
func Outputs(g *graph.Graph, short bool) []string {
	outputs := []string{g.Output}
	if short {
		return outputs
	}
	seen := map[graph.Type]bool{}
	for _, n := range g.Nodes {
		if !seen[n.Type] {
			seen[n.Type] = true
			outputs = append(outputs, n.ID)
		}
	}
	return outputs
}
