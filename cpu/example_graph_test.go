package cpu_test

import (
	"fmt"
	"log"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/graph"
)

// A graph built in Go: Perlin noise remapped from [−1, 1] to heights of 0
// to 100 and clamped at a sea level of 20. Perlin noise is 0 at the
// integer lattice points, so the origin's height is the remap of 0: 50.
func ExampleNewGraph() {
	b := graph.NewBuilder()
	hills := b.Noise(noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()})
	height := b.Remap(hills, -1, 1, 0, 100)
	g, err := b.Build(b.Clamp(height, 20, 100))
	if err != nil {
		log.Fatal(err)
	}
	gs, err := cpu.NewGraph(g)
	if err != nil {
		log.Fatal(err)
	}
	lo, hi := g.Range()
	fmt.Println("range:", lo, hi)
	fmt.Println("height at the origin:", gs.ValueAt(mgl32.Vec3{0, 0, 0}))
	// Output:
	// range: 20 100
	// height at the origin: 50
}

// A graph file: examples/graphs/continents.json adds masked ridged
// mountains, remapped to [0, 0.6], to a Perlin fBm continent in [−1, 1],
// so its range is [−1, 1.6]. At the origin every octave of the continent
// is at a lattice point, 0, and so is the mask of the mountains.
func ExampleNewGraph_file() {
	g, err := graph.LoadFile("../examples/graphs/continents.json")
	if err != nil {
		log.Fatal(err)
	}
	gs, err := cpu.NewGraph(g)
	if err != nil {
		log.Fatal(err)
	}
	lo, hi := g.Range()
	fmt.Printf("%d nodes, output %q, range [%v, %v]\n", len(g.Nodes), g.Output, lo, hi)
	fmt.Println("land at the origin:", gs.ValueAt(mgl32.Vec3{0, 0, 0}))
	// Output:
	// 7 nodes, output "land", range [-1, 1.6]
	// land at the origin: 0
}
