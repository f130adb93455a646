package graph

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/noiselab/noise"
)

var (
	pInf = float32(math.Inf(1))
	nInf = float32(math.Inf(-1))
)

// TestRangeByHand: each rule of docs/graphs.md §5 on inputs whose range is
// known, against values worked out by hand.
func TestRangeByHand(t *testing.T) {
	perlin := noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings()}
	worley := noise.Config{Noise: noise.VoronoiWorleyF1, Dims: 2, Settings: noise.DefaultSettings()}
	ridged := perlin
	ridged.Settings.Fractal = noise.FractalRidged
	for _, c := range []struct {
		name   string
		build  func(b *Builder) Ref
		lo, hi float32
	}{
		{"noise", func(b *Builder) Ref { return b.Noise(perlin) }, -1, 1},
		{"worley", func(b *Builder) Ref { return b.Noise(worley) }, 0, 1},
		{"const", func(b *Builder) Ref { return b.Const(-2.5) }, -2.5, -2.5},
		{"coord", func(b *Builder) Ref { return b.Coord("y") }, nInf, pInf},
		{"add", func(b *Builder) Ref { return b.Add(b.Noise(perlin), b.Noise(worley)) }, -1, 2},
		{"add rounds", func(b *Builder) Ref { return b.Add(b.Const(1), b.Const(0x1p-25)) }, 1, 1}, // a tie to even: exactly what float32 gives
		{"add overflows", func(b *Builder) Ref { return b.Add(b.Const(3e38), b.Const(3e38)) }, pInf, pInf},
		{"sub", func(b *Builder) Ref { return b.Sub(b.Noise(worley), b.Noise(perlin)) }, -1, 2},
		{"sub of one node", func(b *Builder) Ref { n := b.Noise(perlin); return b.Sub(n, n) }, -2, 2},
		{"mul", func(b *Builder) Ref { return b.Mul(b.Noise(perlin), b.Const(-3)) }, -3, 3},
		{"mul of coord and 0", func(b *Builder) Ref { return b.Mul(b.Coord("x"), b.Const(0)) }, 0, 0},
		{"div", func(b *Builder) Ref { return b.Div(b.Noise(perlin), b.Add(b.Noise(worley), b.Const(1))) }, -1, 1},
		{"div by a range with 0", func(b *Builder) Ref { return b.Div(b.Const(1), b.Noise(perlin)) }, nInf, pInf},
		{"div by 0", func(b *Builder) Ref { return b.Div(b.Coord("x"), b.Const(0)) }, 0, 0},
		{"div of 0", func(b *Builder) Ref { return b.Div(b.Const(0), b.Noise(perlin)) }, 0, 0},
		{"neg", func(b *Builder) Ref { return b.Neg(b.Noise(worley)) }, -1, 0},
		{"abs", func(b *Builder) Ref { return b.Abs(b.Noise(perlin)) }, 0, 1},
		{"abs of negative", func(b *Builder) Ref { return b.Abs(b.Sub(b.Noise(worley), b.Const(2))) }, 1, 2},
		{"min", func(b *Builder) Ref { return b.Min(b.Noise(perlin), b.Const(0.5)) }, -1, 0.5},
		{"max", func(b *Builder) Ref { return b.Max(b.Noise(perlin), b.Const(0.5)) }, 0.5, 1},
		{"clamp", func(b *Builder) Ref { return b.Clamp(b.Coord("x"), -0.25, 0.75) }, -0.25, 0.75},
		{"clamp inside", func(b *Builder) Ref { return b.Clamp(b.Noise(worley), -5, 0.75) }, 0, 0.75},
		{"lerp: the docs' example", func(b *Builder) Ref {
			c := b.Noise(perlin)
			return b.Lerp(c, b.Noise(ridged), b.Remap(c, -1, 1, 0, 1))
		}, -1 - 0x3p-22, 1 + 0x3p-22}, // the hull of a and b widened by 4u·(2 + 1), u = 2^-24
		{"lerp: t beyond [0, 1]", func(b *Builder) Ref { return b.Lerp(b.Const(0), b.Const(1), b.Noise(perlin)) }, -1, 1},
		{"select: hard", func(b *Builder) Ref { return b.Select(b.Const(-3), b.Noise(worley), b.Coord("x"), 0, 0) }, -3, 1},
		{"select: smooth", func(b *Builder) Ref { return b.Select(b.Const(-3), b.Const(1), b.Coord("x"), 0, 1) }, -3, 1 + 0x1p-20},
		// interval arithmetic on a + (s·(b − a)), s in [0, 1 + 4u]: -3 + [0, 4·(1 + 4u)]
		{"smin", func(b *Builder) Ref { return b.SMin(b.Noise(perlin), b.Noise(worley), 0.5) }, -1.125, 1},
		{"smax", func(b *Builder) Ref { return b.SMax(b.Noise(perlin), b.Noise(worley), 0.5) }, 0, 1.125},
		{"remap", func(b *Builder) Ref { return b.Remap(b.Noise(perlin), -1, 1, 0, 1) }, 0, 1},
		{"remap decreasing", func(b *Builder) Ref { return b.Remap(b.Noise(worley), 0, 1, 10, -10) }, -10, 10},
		{"remap to a point", func(b *Builder) Ref { return b.Remap(b.Coord("x"), 0, 1, 3, 3) }, 3, 3},
		{"terrace steps", func(b *Builder) Ref { return b.TerraceSteps(b.Coord("x"), 4) }, -1, 1},
		// a in [0, 1] reaches span 0 from r = 1/1.5 and span 1 up to r = 0.5/1.5
		{"terrace part", func(b *Builder) Ref { return b.Terrace(b.Noise(worley), -1, 0.5, 2) },
			-1 + float32(float32(float32(1/1.5)*float32(1/1.5))*1.5), 0.5 + float32(float32(float32(0.5/1.5)*float32(0.5/1.5))*1.5)},
		{"terrace below", func(b *Builder) Ref { return b.Terrace(b.Noise(perlin), 1, 2) }, 1, 1},
		{"curve", func(b *Builder) Ref {
			return b.Curve(b.Coord("x"), [2]float32{-1, 0}, [2]float32{0, 4}, [2]float32{1, -2})
		}, -2, 4},
		{"curve part", func(b *Builder) Ref {
			return b.Curve(b.Noise(worley), [2]float32{-1, 0}, [2]float32{0, 4}, [2]float32{2, -2})
		}, 1, 4}, // on [0, 1] the value falls from 4 to 1
		{"pow 0", func(b *Builder) Ref { return b.Pow(b.Coord("x"), 0) }, 1, 1},
		{"pow 2", func(b *Builder) Ref { return b.Pow(b.Noise(perlin), 2) }, 0, 1},
		{"pow 3", func(b *Builder) Ref { return b.Pow(b.Sub(b.Noise(perlin), b.Const(1)), 3) }, -8, 0},
		{"pow 4 negative", func(b *Builder) Ref { return b.Pow(b.Sub(b.Noise(worley), b.Const(2)), 4) }, 1, 16},
		{"domain nodes", func(b *Builder) Ref {
			n := b.Scale(b.Translate(b.Rotate(b.Noise(worley), [3]float32{1, 2, 3}), [4]float32{1, 1, 1, 1}), [4]float32{2, 2, 2, 2})
			n = b.Displace(n, b.Coord("x"), b.Coord("y"), b.Coord("z"))
			return b.Warp(n, noise.Settings{Seed: 1, WarpAmplitude: 1})
		}, 0, 1},
	} {
		b := NewBuilder()
		g, err := b.Build(c.build(b))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if lo, hi := g.Range(); lo != c.lo || hi != c.hi {
			t.Errorf("%s: Range %v, %v; want %v, %v", c.name, lo, hi, c.lo, c.hi)
		}
	}
	if lo, hi := (&Graph{}).Range(); lo != nInf || hi != pInf {
		t.Errorf("an invalid graph's Range: %v, %v", lo, hi)
	}
}

// ref evaluates a node's value as docs/graphs.md §3 writes it, in
// float32, with every noise node drawing a value in its noise.Config.Range
// and every coordinate a value in [-1e6, 1e6] (each anew wherever the
// evaluation reaches it: a shared node, or one under a domain node, may
// take another value, as Range assumes).
type ref struct {
	g   *Graph
	rng *rand.Rand
	// other, when set, makes this the other evaluation of ErrorBound: each
	// noise value moved by up to tol (drawn from other, so that rng's
	// draws stay those of the reference), each division's quotient by up
	// to 2 ULP and flushed to zero where subnormal.
	other *rand.Rand
	tol   float32
}

// div is a / b, moved as the other evaluation allows.
func (r *ref) div(a, b float32) float32 {
	q := a / b
	if r.other == nil {
		return q
	}
	for range r.other.IntN(3) {
		if r.other.IntN(2) == 0 {
			q = math.Nextafter32(q, pInf)
		} else {
			q = math.Nextafter32(q, nInf)
		}
	}
	if q != 0 && math.Abs(float64(q)) < 0x1p-126 {
		q = 0
	}
	return q
}

func (r *ref) draw(lo, hi float32) float32 {
	switch r.rng.IntN(6) {
	case 0:
		return lo
	case 1:
		return hi
	}
	return float32(float64(lo) + r.rng.Float64()*(float64(hi)-float64(lo)))
}

func (r *ref) eval(id string) float32 {
	n := r.g.Node(id)
	in := func(k int) float32 { return r.eval(n.In[k]) }
	switch n.Type {
	case Noise:
		c, _ := n.Config()
		v := r.draw(c.Range())
		if r.other != nil {
			d := (2*r.other.Float64() - 1) * float64(r.tol)
			w := float32(float64(v) + d)
			if math.Abs(float64(w)-float64(v)) > float64(r.tol) {
				w = v // rounding took it past tol
			}
			return w
		}
		return v
	case Const:
		return *n.Value
	case Coord:
		if r.rng.IntN(8) == 0 {
			return 0
		}
		return r.draw(-1e6, 1e6)
	case Add:
		return in(0) + in(1)
	case Sub:
		return in(0) - in(1)
	case Mul:
		return in(0) * in(1)
	case Div:
		a, b := in(0), in(1)
		if b == 0 {
			return 0
		}
		return r.div(a, b)
	case Neg:
		return -in(0)
	case Abs:
		if a := in(0); a < 0 {
			return -a
		} else {
			return a
		}
	case Min:
		if a, b := in(0), in(1); b < a {
			return b
		} else {
			return a
		}
	case Max:
		if a, b := in(0), in(1); b > a {
			return b
		} else {
			return a
		}
	case Clamp:
		a := in(0)
		switch {
		case a < *n.Min:
			return *n.Min
		case a > *n.Max:
			return *n.Max
		}
		return a
	case Lerp:
		a, b, t := in(0), in(1), in(2)
		return a + float32(t*float32(b-a))
	case Select:
		a, b, c := in(0), in(1), in(2)
		th, fo := *n.Threshold, *n.Falloff
		if fo == 0 {
			if c < th {
				return a
			}
			return b
		}
		k := float32(1 / float32(2*fo))
		u := float32(float32(c-float32(th-fo)) * k)
		u = min(max(u, 0), 1)
		s := float32(float32(u*u) * float32(3-float32(2*u)))
		return a + float32(s*float32(b-a))
	case SMin:
		return smin(in(0), in(1), *n.K)
	case SMax:
		return -smin(-in(0), -in(1), *n.K)
	case Remap:
		s, _ := n.RemapScale()
		return n.To[0] + float32(float32(in(0)-n.From[0])*s)
	case Terrace:
		p, a := n.TerracePoints(), in(0)
		last := len(p) - 1
		switch {
		case a != a:
			return a
		case a <= p[0]:
			return p[0]
		case a >= p[last]:
			return p[last]
		}
		i := 0
		for !(p[i] <= a && a < p[i+1]) {
			i++
		}
		rr := r.div(float32(a-p[i]), float32(p[i+1]-p[i]))
		tt := float32(rr * rr)
		return p[i] + float32(tt*float32(p[i+1]-p[i]))
	case Curve:
		c, a := n.CurvePoints, in(0)
		last := len(c) - 1
		switch {
		case a != a:
			return a
		case a <= c[0][0]:
			return c[0][1]
		case a >= c[last][0]:
			return c[last][1]
		}
		i := 0
		for !(c[i][0] <= a && a < c[i+1][0]) {
			i++
		}
		s := float32(float32(c[i+1][1]-c[i][1]) / float32(c[i+1][0]-c[i][0]))
		return c[i][1] + float32(float32(a-c[i][0])*s)
	case Pow:
		if *n.Exponent == 0 {
			return 1
		}
		a := in(0)
		p := a
		for range *n.Exponent - 1 {
			p = float32(p * a)
		}
		return p
	case Scale, Translate, Rotate, Warp:
		return in(0)
	case Displace:
		for k := 1; k < len(n.In); k++ {
			in(k) // evaluated, not used for the value
		}
		return in(0)
	}
	panic("type " + string(n.Type))
}

func smin(a, b, k float32) float32 {
	d := a - b
	if d < 0 {
		d = -d
	}
	h := float32(max(float32(k-d), 0) * float32(1/k))
	m := a
	if b < a {
		m = b
	}
	return m - float32(float32(h*h)*float32(k*0.25))
}

// randomGraph builds a random valid graph of about size nodes: an
// expression tree whose subtrees are sometimes shared.
func randomGraph(rng *rand.Rand, size int) *Graph {
	b := NewBuilder()
	var made []Ref
	num := func() float32 {
		switch rng.IntN(10) {
		case 0:
			return 0
		case 1:
			return float32(rng.NormFloat64() * 1e30)
		case 2:
			return float32(rng.IntN(9) - 4)
		}
		return float32(rng.NormFloat64() * 2)
	}
	increasing := func(n int) []float32 {
		p := make([]float32, n)
		x := num()
		for i := range p {
			p[i] = x
			x += float32(0.01 + rng.ExpFloat64()*float64(1+rng.IntN(3)))
			if x <= p[i] {
				x = math.Nextafter32(p[i], pInf)
			}
		}
		return p
	}
	budget := size
	var gen func() Ref
	gen = func() Ref {
		if len(made) > 0 && rng.IntN(6) == 0 {
			return made[rng.IntN(len(made))]
		}
		budget--
		var r Ref
		if budget <= 0 {
			switch rng.IntN(3) {
			case 0:
				r = b.Const(num())
			case 1:
				i := rng.IntN(4)
				r = b.Coord("xyzw"[i : i+1])
			default:
				all := noise.Noises()
				kind := all[rng.IntN(len(all))]
				s := noise.DefaultSettings()
				s.Fractal = noise.Fractals()[rng.IntN(len(noise.Fractals()))]
				r = b.Noise(noise.Config{Noise: kind, Dims: 1 + rng.IntN(kind.MaxDims()), Settings: s})
			}
			made = append(made, r)
			return r
		}
		switch Types()[3+rng.IntN(len(Types())-3)] {
		case Add:
			r = b.Add(gen(), gen())
		case Sub:
			r = b.Sub(gen(), gen())
		case Mul:
			r = b.Mul(gen(), gen())
		case Div:
			r = b.Div(gen(), gen())
		case Neg:
			r = b.Neg(gen())
		case Abs:
			r = b.Abs(gen())
		case Min:
			r = b.Min(gen(), gen())
		case Max:
			r = b.Max(gen(), gen())
		case Clamp:
			lo, hi := num(), num()
			r = b.Clamp(gen(), min(lo, hi), max(lo, hi))
		case Lerp:
			r = b.Lerp(gen(), gen(), gen())
		case Select:
			fo := float32(0)
			if rng.IntN(3) > 0 {
				fo = float32(rng.ExpFloat64())
			}
			r = b.Select(gen(), gen(), gen(), num(), fo)
		case SMin:
			r = b.SMin(gen(), gen(), float32(0.01+rng.ExpFloat64()))
		case SMax:
			r = b.SMax(gen(), gen(), float32(0.01+rng.ExpFloat64()))
		case Remap:
			f := increasing(2)
			if rng.IntN(2) == 0 {
				f[0], f[1] = f[1], f[0]
			}
			t0, t1 := num(), num()
			if rng.IntN(3) == 0 {
				t0, t1 = 0, 1
			}
			r = b.Remap(gen(), f[0], f[1], t0, t1)
		case Terrace:
			if rng.IntN(2) == 0 {
				r = b.TerraceSteps(gen(), 2+rng.IntN(MaxPoints-1))
			} else {
				r = b.Terrace(gen(), increasing(2+rng.IntN(8))...)
			}
		case Curve:
			x := increasing(2 + rng.IntN(8))
			pts := make([][2]float32, len(x))
			for i := range pts {
				pts[i] = [2]float32{x[i], float32(rng.NormFloat64())}
			}
			r = b.Curve(gen(), pts...)
		case Pow:
			r = b.Pow(gen(), rng.IntN(MaxPow+1))
		case Scale:
			r = b.Scale(gen(), [4]float32{2, 3, 4, 5})
		case Translate:
			r = b.Translate(gen(), [4]float32{1, 0, 0, 0})
		case Rotate:
			r = b.Rotate(gen(), [3]float32{0, 30, 0})
		case Displace:
			r = b.Displace(gen(), gen(), gen(), gen())
		case Warp:
			r = b.Warp(gen(), noise.Settings{Seed: 1, WarpAmplitude: 0.25})
		}
		made = append(made, r)
		return r
	}
	g, err := b.Build(gen())
	if err != nil {
		panic(err)
	}
	return g
}

// TestRangeHoldsValues: on random valid graphs, every value the float32
// reference evaluation gives (NaN aside) lies in Range; and the graphs
// round-trip through Marshal and Load.
func TestRangeHoldsValues(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	graphs, evals := 400, 300
	if testing.Short() {
		graphs = 100
	}
	bounded := 0
	for gi := range graphs {
		g := randomGraph(rng, 1+rng.IntN(12))
		lo, hi := g.Range()
		if !(lo <= hi) {
			t.Fatalf("graph %d: Range %v, %v", gi, lo, hi)
		}
		if lo > nInf && hi < pInf {
			bounded++
		}
		r := &ref{g: g, rng: rng}
		for range evals {
			v := r.eval(g.Output)
			if v != v {
				continue
			}
			if v < lo || v > hi {
				js, _ := g.Marshal()
				t.Fatalf("graph %d: value %v outside Range [%v, %v]\n%s", gi, v, lo, hi, js)
			}
		}
	}
	if bounded < graphs/4 {
		t.Errorf("only %d of %d random graphs had a bounded Range: the test checks little", bounded, graphs)
	}
}
