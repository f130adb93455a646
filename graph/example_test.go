package graph_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/graph"
)

// A graph built in Go: continents blended with ridged mountains where
// the continent noise is high.
func ExampleBuilder() {
	continent := noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.Settings{Seed: 1, Frequency: 1, Octaves: 4, Lacunarity: 2, Persistence: 0.5}}
	mountains := continent
	mountains.Settings.Seed, mountains.Settings.Frequency, mountains.Settings.Fractal = 2, 4, noise.FractalRidged

	b := graph.NewBuilder()
	c := b.Named("continent", b.Noise(continent))
	m := b.Noise(mountains)
	land := b.Named("land", b.Lerp(c, m, b.Remap(c, -1, 1, 0, 1)))
	g, err := b.Build(b.Clamp(land, -1, 1))
	if err != nil {
		log.Fatal(err)
	}
	lo, hi := g.Range()
	fmt.Println(len(g.Nodes), "nodes, output", g.Output)
	fmt.Println("range", lo, hi)
	// Output:
	// 5 nodes, output n4
	// range -1 1
}

// A graph read from JSON: its range and size.
func ExampleLoad() {
	g, err := graph.Load(strings.NewReader(`{
  "version": 1,
  "output": "height",
  "nodes": [
    {"id": "cells", "type": "noise", "noise": "voronoi-worley-f1", "dims": 2,
     "settings": {"seed": 3, "frequency": 8, "octaves": 1, "lacunarity": 2, "persistence": 0.5}},
    {"id": "steps", "type": "terrace", "in": ["cells"], "steps": 5},
    {"id": "height", "type": "mul", "in": ["steps", "scale"]},
    {"id": "scale", "type": "const", "value": 100}
  ]
}`))
	if err != nil {
		log.Fatal(err)
	}
	lo, hi := g.Range()
	fmt.Println(len(g.Nodes), "nodes; range", lo, hi)
	// Output:
	// 4 nodes; range 0 100
}

// Load's errors are one line naming the node and field.
func ExampleLoad_error() {
	_, err := graph.Load(strings.NewReader(`{"version": 1, "output": "mask", "nodes": [
  {"id": "x", "type": "coord", "axis": "x"},
  {"id": "mask", "type": "remap", "in": ["x"], "from": [1, 1], "to": [0, 1]}]}`))
	fmt.Println(err)
	// Output:
	// graph: node "mask" (remap): from: the two ends must differ
}
