package dispatch

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/compare"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/graph"
	"github.com/noiselab/noise/internal/graphcases"
)

// This file checks the graph kernel against refGraph, a small float32
// evaluator of docs/graphs.md written independently of the GLSL generator
// (noise sources are cpu Samplers; the warp is rebuilt from simplex-value
// samplers, as cpu's TestWarp does). graph_agree_test.go compares against
// cpu.NewGraph, the reference proper.

// loadTestGraph reads one of gpu/shaders/testdata/graphs.
func loadTestGraph(t *testing.T, name string) *graph.Graph {
	t.Helper()
	g, err := graph.LoadFile("../shaders/testdata/graphs/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

type vec [5]float32 // value, dx, dy, dz, dw

type refGraph struct {
	t     *testing.T
	nodes map[string]*graph.Node
	samp  map[string]*cpu.Sampler
}

func newRefGraph(t *testing.T, g *graph.Graph) *refGraph {
	r := &refGraph{t: t, nodes: map[string]*graph.Node{}, samp: map[string]*cpu.Sampler{}}
	for i := range g.Nodes {
		r.nodes[g.Nodes[i].ID] = &g.Nodes[i]
	}
	return r
}

func (r *refGraph) sampler(key string, cfg noise.Config) *cpu.Sampler {
	if s, ok := r.samp[key]; ok {
		return s
	}
	s, err := cpu.New(cfg)
	if err != nil {
		r.t.Fatal(err)
	}
	r.samp[key] = s
	return s
}

func f(x float32) float32 { return x } // an explicit rounding point

func (r *refGraph) at(id string, p mgl32.Vec4) vec {
	n := r.nodes[id]
	in := func(i int) vec { return r.at(n.In[i], p) }
	var o vec
	each := func(fn func(k int) float32) {
		for k := 1; k < 5; k++ {
			o[k] = fn(k)
		}
	}
	switch n.Type {
	case graph.Noise:
		nz, _ := noise.ParseNoise(n.Noise)
		cfg := noise.Config{Noise: nz, Dims: n.Dims, Tiling: n.Tiling, Settings: *n.Settings, Domain: n.Domain}
		s := at(r.sampler(id, cfg), cfg.Dims, p)
		return vec{s.V, s.Dx, s.Dy, s.Dz, s.Dw}
	case graph.Const:
		return vec{*n.Value}
	case graph.Coord:
		k := map[string]int{"x": 0, "y": 1, "z": 2, "w": 3}[n.Axis]
		o[0], o[k+1] = p[k], 1
		return o
	case graph.Add, graph.Sub:
		a, b := in(0), in(1)
		for k := range o {
			if n.Type == graph.Add {
				o[k] = a[k] + b[k]
			} else {
				o[k] = a[k] - b[k]
			}
		}
	case graph.Mul:
		a, b := in(0), in(1)
		o[0] = a[0] * b[0]
		each(func(k int) float32 { return f(a[k]*b[0]) + f(a[0]*b[k]) })
	case graph.Div:
		a, b := in(0), in(1)
		if b[0] == 0 {
			return vec{}
		}
		o[0] = a[0] / b[0]
		bb := b[0] * b[0]
		each(func(k int) float32 { return (f(a[k]*b[0]) - f(a[0]*b[k])) / bb })
	case graph.Neg:
		a := in(0)
		for k := range o {
			o[k] = -a[k]
		}
	case graph.Abs:
		a := in(0)
		o = a
		o[0] = float32(math.Abs(float64(a[0])))
		if a[0] < 0 {
			each(func(k int) float32 { return -a[k] })
		}
	case graph.Min:
		a, b := in(0), in(1)
		if b[0] < a[0] {
			return b
		}
		return a
	case graph.Max:
		a, b := in(0), in(1)
		if b[0] > a[0] {
			return b
		}
		return a
	case graph.Clamp:
		a := in(0)
		switch {
		case a[0] < *n.Min:
			return vec{*n.Min}
		case a[0] > *n.Max:
			return vec{*n.Max}
		}
		return a
	case graph.Lerp:
		a, b, t := in(0), in(1), in(2)
		ba := b[0] - a[0]
		o[0] = a[0] + f(t[0]*ba)
		each(func(k int) float32 { return f(a[k]+f(t[0]*f(b[k]-a[k]))) + f(t[k]*ba) })
	case graph.Select:
		a, b, c := in(0), in(1), in(2)
		if *n.Falloff == 0 {
			if c[0] < *n.Threshold {
				return a
			}
			return b
		}
		lo := *n.Threshold - *n.Falloff
		k := 1 / (2 * *n.Falloff)
		u := f(c[0]-lo) * k
		u = max(0, min(u, 1))
		s := f(u*u) * f(3-f(2*u))
		ba := b[0] - a[0]
		o[0] = a[0] + f(s*ba)
		each(func(i int) float32 {
			var ds float32
			if 0 < u && u < 1 {
				ds = f(f(f(6*u)*f(1-u))*k) * c[i]
			}
			return f(a[i]+f(s*f(b[i]-a[i]))) + f(ds*ba)
		})
	case graph.SMin, graph.SMax:
		a, b := in(0), in(1)
		if n.Type == graph.SMax {
			for k := range a {
				a[k], b[k] = -a[k], -b[k]
			}
		}
		kk := *n.K
		h := kk - float32(math.Abs(float64(a[0]-b[0])))
		if 0 > h {
			h = 0
		}
		h = h * (1 / kk)
		m := a
		if b[0] < a[0] {
			m = b
		}
		var sig float32
		if a[0] > b[0] {
			sig = 1
		} else if a[0] < b[0] {
			sig = -1
		}
		o[0] = m[0] - f(f(h*h)*(kk*0.25))
		each(func(k int) float32 {
			if h == 0 {
				return m[k]
			}
			return m[k] + f(f(f(h*0.5)*sig)*f(a[k]-b[k]))
		})
		if n.Type == graph.SMax {
			for k := range o {
				o[k] = -o[k]
			}
		}
	case graph.Remap:
		a := in(0)
		s := (n.To[1] - n.To[0]) / (n.From[1] - n.From[0])
		o[0] = n.To[0] + f(f(a[0]-n.From[0])*s)
		each(func(k int) float32 { return a[k] * s })
	case graph.Terrace, graph.Curve:
		a := in(0)
		var xs, ys []float32
		switch {
		case n.Type == graph.Curve:
			for _, q := range n.CurvePoints {
				xs, ys = append(xs, q[0]), append(ys, q[1])
			}
		case len(n.Points) > 0:
			xs = n.Points
		default:
			for i := 0; i < n.Steps; i++ {
				xs = append(xs, -1+f(2*float32(i))/float32(n.Steps-1))
			}
		}
		if ys == nil {
			ys = xs
		}
		last := len(xs) - 1
		if a[0] <= xs[0] {
			return vec{ys[0]}
		}
		if a[0] >= xs[last] {
			return vec{ys[last]}
		}
		i := 0
		for i+1 < last && xs[i+1] <= a[0] {
			i++
		}
		if n.Type == graph.Curve {
			s := (ys[i+1] - ys[i]) / (xs[i+1] - xs[i])
			o[0] = ys[i] + f(f(a[0]-xs[i])*s)
			each(func(k int) float32 { return s * a[k] })
		} else {
			span := xs[i+1] - xs[i]
			rr := f(a[0]-xs[i]) / span
			o[0] = xs[i] + f(f(rr*rr)*span)
			each(func(k int) float32 { return f(2*rr) * a[k] })
		}
	case graph.Pow:
		a := in(0)
		e := *n.Exponent
		if e == 0 {
			return vec{1}
		}
		pw := func(k int) float32 {
			x := float32(1)
			for i := 0; i < k; i++ {
				if i == 0 {
					x = a[0]
				} else {
					x = f(x * a[0])
				}
			}
			return x
		}
		o[0] = pw(e)
		kf := f(float32(e) * pw(e-1))
		each(func(k int) float32 { return kf * a[k] })
	case graph.Scale:
		sc := *n.ScaleBy
		s := r.at(n.In[0], mgl32.Vec4{f(p[0] * sc[0]), f(p[1] * sc[1]), f(p[2] * sc[2]), f(p[3] * sc[3])})
		o[0] = s[0]
		each(func(k int) float32 { return s[k] * sc[k-1] })
	case graph.Translate:
		t := *n.TranslateBy
		return r.at(n.In[0], mgl32.Vec4{p[0] + t[0], p[1] + t[1], p[2] + t[2], p[3] + t[3]})
	case graph.Rotate:
		m, _ := noise.Domain{Rotation: *n.RotateBy, Scale: [3]float32{1, 1, 1}}.Matrix()
		var q mgl32.Vec4
		for i := 0; i < 3; i++ {
			q[i] = f(f(m[i][0]*p[0])+f(m[i][1]*p[1])) + f(m[i][2]*p[2])
		}
		q[3] = p[3]
		s := r.at(n.In[0], q)
		o[0], o[4] = s[0], s[4]
		for j := 0; j < 3; j++ {
			o[j+1] = f(f(m[0][j]*s[1])+f(m[1][j]*s[2])) + f(m[2][j]*s[3])
		}
	case graph.Displace:
		var ds []vec
		for i := 1; i < len(n.In); i++ {
			ds = append(ds, in(i))
		}
		q := p
		for j, d := range ds {
			q[j] = p[j] + d[0]
		}
		s := r.at(n.In[0], q)
		o[0] = s[0]
		each(func(k int) float32 {
			e := s[k]
			for j, d := range ds {
				e = e + f(s[j+1]*d[k])
			}
			return e
		})
	case graph.Warp:
		if n.WarpAmplitude == 0 {
			return r.at(n.In[0], p)
		}
		q, J := r.warp(n, p)
		s := r.at(n.In[0], q)
		o[0], o[4] = s[0], s[4]
		for m := 0; m < 3; m++ {
			o[m+1] = f(f(s[1]*J[0][m])+f(s[2]*J[1][m])) + f(s[3]*J[2][m])
		}
	default:
		r.t.Fatalf("refGraph: node type %s", n.Type)
	}
	return o
}

// warp is docs/algorithms.md §8.7 in 3D from simplex-value samplers.
func (r *refGraph) warp(n *graph.Node, p mgl32.Vec4) (mgl32.Vec4, [3][3]float32) {
	J := [3][3]float32{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	q := p
	fr := max(n.WarpFrequency, 1)
	a := n.WarpAmplitude
	for j := 0; j < max(n.WarpOctaves, 1); j++ {
		c := p
		if n.WarpMode == noise.WarpProgressive {
			c = q
		}
		var d [3]float32
		var G [3][3]float32
		for k := 0; k < 3; k++ {
			seed := *n.Seed + int32(16+3*j+k)
			cfg := noise.Config{Noise: noise.SimplexValue, Dims: 3, Settings: noise.Settings{Seed: seed, Frequency: float32(fr), Octaves: 1, Lacunarity: 2}}
			s := at(r.sampler(cfg.String(), cfg), 3, c)
			d[k] = a * s.V
			G[k] = [3]float32{a * s.Dx, a * s.Dy, a * s.Dz}
		}
		for k := 0; k < 3; k++ {
			q[k] = q[k] + d[k]
		}
		var nj [3][3]float32
		for k := 0; k < 3; k++ {
			for m := 0; m < 3; m++ {
				if n.WarpMode == noise.WarpProgressive {
					nj[k][m] = J[k][m] + (f(f(G[k][0]*J[0][m])+f(G[k][1]*J[1][m])) + f(G[k][2]*J[2][m]))
				} else {
					nj[k][m] = J[k][m] + G[k][m]
				}
			}
		}
		J = nj
		fr *= 2
		a = a * 0.5
	}
	return q, J
}

// TestGraphAgreesWithReference runs the graph of every node type
// (gpu/shaders/testdata/graphs/all.json), and the first node of each type
// as the output (not with -short), on llvmpipe at 300 finite positions of
// the verify matrix's sets, and requires 0 ULP from the reference (±0
// equal, as compare.ULP has it: the noise sources' own derivatives differ
// in the sign of some zeros between cpu and the GLSL), value and
// derivatives, through both position layouts.
func TestGraphAgreesWithReference(t *testing.T) {
	if !strings.Contains(testCtx.Info().String(), "llvmpipe") {
		t.Skip("bit-exactness is checked on llvmpipe")
	}
	g := loadTestGraph(t, "all.json")
	pos4 := finitePositions(300)
	pos3 := compare.Vec3s(pos4)
	outputs := graphcases.Outputs(g, testing.Short())
	for _, out := range outputs {
		h := *g.Sub(out)
		s, err := testCtx.NewGraphSampler(&h, nil)
		if err != nil {
			t.Fatalf("%s: %v", out, err)
		}
		ref := newRefGraph(t, &h)
		got := make([]noise.Sample, len(pos4))
		if err := s.Samples4(pos4, got); err != nil {
			t.Fatal(err)
		}
		vals := make([]float32, len(pos3))
		if err := s.Values(pos3, vals); err != nil {
			t.Fatal(err)
		}
		bad := 0
		for i, p := range pos4 {
			w := ref.at(out, p)
			gv := got[i]
			gs := vec{gv.V, gv.Dx, gv.Dy, gv.Dz, gv.Dw}
			p3 := p
			p3[3] = 0
			w3 := ref.at(out, p3)
			if !sameULP(gs, w) || compare.ULP(vals[i], w3[0]) != 0 {
				if bad < 3 {
					t.Errorf("%s at %v: GPU %v (value %v at w=0), reference %v (%v)", out, p, gs, vals[i], w, w3[0])
				}
				bad++
			}
		}
		if bad > 0 {
			t.Errorf("%s: %d of %d positions differ", out, bad, len(pos4))
		}
		s.Close()
	}
}

// finitePositions returns the first n positions of the verify matrix's
// sets with every coordinate finite and below 10^6.
func finitePositions(n int) []mgl32.Vec4 {
	var out []mgl32.Vec4
	for _, p := range testPositions() {
		if len(out) == n {
			break
		}
		ok := true
		for _, c := range p {
			ok = ok && !math.IsNaN(float64(c)) && math.Abs(float64(c)) < 1e6
		}
		if ok {
			out = append(out, p)
		}
	}
	return out
}

func sameULP(a, b vec) bool {
	for k := range a {
		if compare.ULP(a[k], b[k]) != 0 {
			return false
		}
	}
	return true
}

// at is the sampler's sample at p (w read by 4D noise only).
func at(s *cpu.Sampler, dims int, p mgl32.Vec4) noise.Sample {
	if dims == 4 {
		return s.At4(p)
	}
	return s.At(p.Vec3())
}
