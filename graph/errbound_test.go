package graph

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/noiselab/noise"
)

// TestErrorBoundByHand: each rule of docs/graphs.md §5.1 on inputs whose
// ranges and tolerances are known, against the first-order bound worked
// out by hand: the result must be at least that (it is the error an
// input perturbation can cause) and at most that plus the roundings'
// share (slack, a few u of the magnitudes involved).
func TestErrorBoundByHand(t *testing.T) {
	perlin := noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()} // [-1, 1]
	worley := noise.Config{Noise: noise.VoronoiWorleyF1, Dims: 2, Settings: noise.DefaultSettings()}
	const e = 1e-3 // well above the roundings' share
	tol := float64(float32(e))
	const slack = 1000 * u // the roundings: u times magnitudes of a few units, and more
	inf := math.Inf(1)
	for _, c := range []struct {
		name  string
		build func(b *Builder) Ref
		abs   float64 // first order (+Inf: unbounded)
		slack float64
		rel   float64 // Rel at most
		cause Type    // the node where it became infinite
	}{
		{"noise", func(b *Builder) Ref { return b.Noise(perlin) }, tol, 0, 0, ""},
		{"const", func(b *Builder) Ref { return b.Const(3) }, 0, 0, 0, ""},
		{"coord", func(b *Builder) Ref { return b.Coord("x") }, 0, 0, 0, ""},
		{"exact ops: the same bits", func(b *Builder) Ref {
			return b.Terrace(b.Curve(b.Mul(b.Coord("x"), b.Const(3)), [2]float32{0, 0}, [2]float32{1, 5}), -1, 1)
		}, 0, 70 * u, 0, ""}, // the terrace's division alone: 2·(16u·2 + u)
		{"add", func(b *Builder) Ref { return b.Add(b.Noise(perlin), b.Noise(worley)) }, 2 * tol, slack, 0, ""},
		{"sub of one node", func(b *Builder) Ref { n := b.Noise(perlin); return b.Sub(n, n) }, 2 * tol, slack, 0, ""},
		{"mul by a constant", func(b *Builder) Ref { return b.Mul(b.Noise(perlin), b.Const(-3)) }, 3 * tol, slack, 0, ""},
		{"mul", func(b *Builder) Ref { return b.Mul(b.Noise(perlin), b.Noise(perlin)) }, 2*tol + tol*tol, slack, 0, ""},
		{"mul by a coordinate", func(b *Builder) Ref { return b.Mul(b.Noise(perlin), b.Coord("x")) }, inf, 0, 0, Mul},
		{"add a coordinate: relative", func(b *Builder) Ref { return b.Add(b.Noise(perlin), b.Coord("x")) }, tol, slack, 3 * u, ""},
		{"clamp of that", func(b *Builder) Ref { return b.Clamp(b.Add(b.Noise(perlin), b.Coord("x")), -1, 2) }, tol, 7 * u, 0, ""}, // 3u relative at |V| ≤ 2
		{"div", func(b *Builder) Ref { return b.Div(b.Noise(perlin), b.Add(b.Noise(worley), b.Const(2))) }, (tol + 0.5*tol) / 2, slack, 0, ""},
		{"div by a range with 0", func(b *Builder) Ref { return b.Div(b.Const(1), b.Noise(perlin)) }, inf, 0, 0, Div},
		{"div by 0", func(b *Builder) Ref { return b.Div(b.Noise(perlin), b.Const(0)) }, 0, 0, 0, ""},
		{"neg, abs", func(b *Builder) Ref { return b.Abs(b.Neg(b.Noise(perlin))) }, tol, 0, 0, ""},
		{"min", func(b *Builder) Ref { return b.Min(b.Noise(perlin), b.Remap(b.Noise(perlin), -1, 1, -2, 2)) }, 2 * tol, slack, 0, ""},
		{"clamp", func(b *Builder) Ref { return b.Clamp(b.Noise(perlin), 0, 0.5) }, tol, 0, 0, ""},
		{"remap", func(b *Builder) Ref { return b.Remap(b.Noise(perlin), -1, 1, 0, 10) }, 5 * tol, slack, 0, ""},
		{"lerp", func(b *Builder) Ref { return b.Lerp(b.Noise(perlin), b.Noise(perlin), b.Noise(worley)) },
			tol + 1*(2*tol) + 2*tol, slack, 0, ""}, // ea + max|t|·(ea + eb) + max|b − a|·et
		{"select: hard, constant control", func(b *Builder) Ref {
			return b.Select(b.Noise(perlin), b.Remap(b.Noise(perlin), -1, 1, 0, 4), b.Coord("x"), 0, 0)
		}, 2 * tol, slack, 0, ""},
		{"select: hard, noisy control", func(b *Builder) Ref {
			return b.Select(b.Const(0), b.Const(1), b.Noise(perlin), 0.5, 0)
		}, inf, 0, 0, Select},
		{"select: hard, control far from the threshold", func(b *Builder) Ref {
			return b.Select(b.Const(0), b.Const(1), b.Noise(perlin), 5, 0)
		}, 0, 0, 0, ""},
		{"select: smooth", func(b *Builder) Ref {
			return b.Select(b.Const(0), b.Const(1), b.Noise(perlin), 0, 0.5)
		}, 1.5 * tol, 6.5*tol + slack, 0, ""}, // the smoothstep's slope 1.5·k, k = 1; the operation-by-operation rule gives 8k
		{"smin", func(b *Builder) Ref { return b.SMin(b.Noise(perlin), b.Noise(worley), 0.5) }, tol, 20*tol + slack, 0, ""},
		{"terrace", func(b *Builder) Ref { return b.Terrace(b.Noise(perlin), -1, 0, 1) }, 2 * tol, 40 * u, 0, ""},
		{"curve", func(b *Builder) Ref {
			return b.Curve(b.Noise(perlin), [2]float32{-1, 0}, [2]float32{0.5, 0.5}, [2]float32{0.75, 1.5})
		}, 4 * tol, slack, 0, ""}, // the steepest segment's slope
		{"pow", func(b *Builder) Ref { return b.Pow(b.Noise(perlin), 3) }, 3 * tol, 4*tol*tol + slack, 0, ""},
		{"pow 0", func(b *Builder) Ref { return b.Pow(b.Noise(perlin), 0) }, 0, 0, 0, ""},
		{"scale, translate, rotate", func(b *Builder) Ref {
			return b.Rotate(b.Translate(b.Scale(b.Noise(perlin), [4]float32{2, 2, 2, 2}), [4]float32{1, 2, 3, 4}), [3]float32{10, 20, 30})
		}, tol, 0, 0, ""},
		{"displace by exact inputs", func(b *Builder) Ref {
			return b.Displace(b.Noise(perlin), b.Coord("y"), b.Const(1), b.Const(0))
		}, tol, 0, 0, ""},
		{"displace by a noise", func(b *Builder) Ref {
			return b.Displace(b.Noise(perlin), b.Noise(perlin), b.Const(1), b.Const(0))
		}, inf, 0, 0, Displace},
		{"warp", func(b *Builder) Ref {
			return b.Remap(b.Warp(b.Noise(perlin), noise.Settings{Seed: 1, WarpAmplitude: 0.25}), -1, 1, 0, 1)
		}, inf, 0, 0, Warp},
	} {
		b := NewBuilder()
		g, err := b.Build(c.build(b))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		bd := g.ErrorBound(func(*Node) float32 { return e })
		if math.IsInf(c.abs, 1) {
			if bd.Finite() || bd.Cause == nil || bd.Cause.Type != c.cause {
				t.Errorf("%s: bound %v, cause %v; want +Inf at a %s", c.name, bd.Abs, bd.Cause, c.cause)
			}
			continue
		}
		if !(bd.Abs >= c.abs && bd.Abs <= c.abs+c.slack) || bd.Rel > c.rel || bd.Cause != nil {
			t.Errorf("%s: bound %v + %v·|V| (cause %v); want %v to %v + at most %v·|V|", c.name, bd.Abs, bd.Rel, bd.Cause, c.abs, c.abs+c.slack, c.rel)
		}
	}
	if bd := (&Graph{}).ErrorBound(func(*Node) float32 { return 0 }); bd.Finite() {
		t.Errorf("an invalid graph's bound: %v", bd.Abs)
	}
}

// TestErrorBoundHolds: on random valid graphs with a finite bound, two
// float32 evaluations with the same draws — the reference, and another
// whose noise values are moved by up to the tolerance and whose
// divisions by up to 2 ULP (the error the bound assumes) — stay within
// the bound of each other.
func TestErrorBoundHolds(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	graphs, evals := 1500, 200
	if testing.Short() {
		graphs = 300
	}
	finite, moved := 0, 0
	for gi := range graphs {
		g := randomGraph(rng, 1+rng.IntN(12))
		tol := float32(math.Pow(10, -7+4*rng.Float64()))
		bd := g.ErrorBound(func(*Node) float32 { return tol })
		if !bd.Finite() {
			if bd.Cause == nil {
				t.Fatalf("graph %d: an infinite bound without a cause", gi)
			}
			continue
		}
		finite++
		for range evals {
			seed := rng.Uint64()
			v := (&ref{g: g, rng: rand.New(rand.NewPCG(seed, 0))}).eval(g.Output)
			w := (&ref{g: g, rng: rand.New(rand.NewPCG(seed, 0)), other: rand.New(rand.NewPCG(seed, 1)), tol: tol}).eval(g.Output)
			if v != v || w != w || math.IsInf(float64(v), 0) || math.IsInf(float64(w), 0) {
				continue
			}
			d := math.Abs(float64(w) - float64(v))
			if d > 0 {
				moved++
			}
			if d > bd.Abs+bd.Rel*math.Abs(float64(v)) {
				js, _ := g.Marshal()
				t.Fatalf("graph %d: values %v and %v differ by %v, beyond the bound %v + %v·|V| (tolerance %v)\n%s", gi, v, w, d, bd.Abs, bd.Rel, tol, js)
			}
		}
	}
	if finite < graphs/4 || moved < finite*evals/10 {
		t.Errorf("%d of %d random graphs had a finite bound, %d evaluations differed: the test checks little", finite, graphs, moved)
	}
}
