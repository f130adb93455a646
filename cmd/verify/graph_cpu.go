//go:build graphcpu

package main

import (
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/graph"
)

func init() {
	newGraphRef = func(g *graph.Graph) (graphRef, error) { return cpu.NewGraph(g) }
}
