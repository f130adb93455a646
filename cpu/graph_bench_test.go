package cpu_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/graph"
)

// The graph benchmarks compare a GraphSampler with the plain samplers on
// the same positions (2000: one goroutine, so the figures do not depend on
// the machine's other load across cores):
//
//   - GraphOneNoise: a graph holding one noise against that noise's
//     Sampler (the graph's overhead; target ≥ 0.9× the sampler's speed);
//   - GraphThreeSources: three sources and four operators against the
//     three samplers' batches one after another (target ≤ 1.3× their
//     time).

func benchPositions() []mgl32.Vec3 {
	r := rand.New(rand.NewPCG(7, 7))
	pos := make([]mgl32.Vec3, 2000)
	for i := range pos {
		pos[i] = mgl32.Vec3{r.Float32() * 8, r.Float32() * 8, r.Float32() * 8}
	}
	return pos
}

var benchSettings = noise.Settings{Seed: 3, Frequency: 2, Octaves: 4, Lacunarity: 2, Persistence: 0.5}

func benchSources() []graph.Node {
	s := benchSettings
	return []graph.Node{
		{ID: "a", Type: graph.Noise, Noise: "perlin", Dims: 3, Settings: &s},
		{ID: "b", Type: graph.Noise, Noise: "simplex", Dims: 2, Settings: &s},
		{ID: "c", Type: graph.Noise, Noise: "voronoi-worley-f1", Dims: 3, Settings: &s},
	}
}

func benchSamplers(b *testing.B) []*cpu.Sampler {
	var out []*cpu.Sampler
	for _, n := range benchSources() {
		nz, _ := noise.ParseNoise(n.Noise)
		out = append(out, mustSampler(b, noise.Config{Noise: nz, Dims: n.Dims, Settings: *n.Settings}))
	}
	return out
}

func BenchmarkGraphOneNoise(b *testing.B) {
	pos := benchPositions()
	out := make([]float32, len(pos))
	g := mustGraph(b, &graph.Graph{Version: 1, Output: "a", Nodes: benchSources()[:1]})
	s := benchSamplers(b)[0]
	b.Run("graph", func(b *testing.B) {
		for b.Loop() {
			must(b, g.Values(pos, out))
		}
	})
	b.Run("sampler", func(b *testing.B) {
		for b.Loop() {
			must(b, s.Values(pos, out))
		}
	})
}

func BenchmarkGraphThreeSources(b *testing.B) {
	pos := benchPositions()
	out := make([]float32, len(pos))
	nodes := append(benchSources(),
		graph.Node{ID: "m", Type: graph.Mul, In: []string{"a", "b"}},
		graph.Node{ID: "r", Type: graph.Remap, In: []string{"c"}, From: &[2]float32{0, 1}, To: &[2]float32{-1, 1}},
		graph.Node{ID: "l", Type: graph.Lerp, In: []string{"m", "r", "c"}},
		graph.Node{ID: "o", Type: graph.Clamp, In: []string{"l"}, Min: fp(-0.5), Max: fp(0.5)},
	)
	g := mustGraph(b, &graph.Graph{Version: 1, Output: "o", Nodes: nodes})
	ss := benchSamplers(b)
	b.Run("graph", func(b *testing.B) {
		for b.Loop() {
			must(b, g.Values(pos, out))
		}
	})
	b.Run("sources", func(b *testing.B) {
		for b.Loop() {
			for _, s := range ss {
				must(b, s.Values(pos, out))
			}
		}
	})
	samples := make([]noise.Sample, len(pos))
	b.Run("graph-samples", func(b *testing.B) {
		for b.Loop() {
			must(b, g.Samples(pos, samples))
		}
	})
	b.Run("sources-samples", func(b *testing.B) {
		for b.Loop() {
			for _, s := range ss {
				must(b, s.Samples(pos, samples))
			}
		}
	})
}

// BenchmarkGraphRatio times the graphs and the plain samplers alternately,
// call by call, and reports the ratio of their total times (graph/plain):
// on a loaded machine the two sides then see the same load. "one" is
// GraphOneNoise's pair (target ≤ 1/0.9 ≈ 1.11), "three" and
// "three-samples" GraphThreeSources' (target ≤ 1.3 for values).
func BenchmarkGraphRatio(b *testing.B) {
	pos := benchPositions()
	out := make([]float32, len(pos))
	smp := make([]noise.Sample, len(pos))
	ss := benchSamplers(b)
	one := mustGraph(b, &graph.Graph{Version: 1, Output: "a", Nodes: benchSources()[:1]})
	three := mustGraph(b, &graph.Graph{Version: 1, Output: "o", Nodes: append(benchSources(),
		graph.Node{ID: "m", Type: graph.Mul, In: []string{"a", "b"}},
		graph.Node{ID: "r", Type: graph.Remap, In: []string{"c"}, From: &[2]float32{0, 1}, To: &[2]float32{-1, 1}},
		graph.Node{ID: "l", Type: graph.Lerp, In: []string{"m", "r", "c"}},
		graph.Node{ID: "o", Type: graph.Clamp, In: []string{"l"}, Min: fp(-0.5), Max: fp(0.5)},
	)})
	pair := func(name string, g, plain func()) {
		b.Run(name, func(b *testing.B) {
			var tg, tp time.Duration
			for b.Loop() {
				t0 := time.Now()
				g()
				t1 := time.Now()
				plain()
				tp += time.Since(t1)
				tg += t1.Sub(t0)
			}
			b.ReportMetric(float64(tg)/float64(tp), "graph/plain")
		})
	}
	pair("one", func() { _ = one.Values(pos, out) }, func() { _ = ss[0].Values(pos, out) })
	pair("three", func() { _ = three.Values(pos, out) }, func() {
		for _, s := range ss {
			_ = s.Values(pos, out)
		}
	})
	pair("three-samples", func() { _ = three.Samples(pos, smp) }, func() {
		for _, s := range ss {
			_ = s.Samples(pos, smp)
		}
	})
}
