package cpu_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/graph"
)

// The graph tests compare cpu.GraphSampler with gref, an evaluator
// written independently of cpu/graph.go from docs/graphs.md: one point
// at a time, recursively (a shared node is simply evaluated again), with
// the plain samplers' At/At4 for the sources and the doc's float32
// arithmetic in its order for the operators and domain nodes (the warp
// rebuilt from public simplex-value samplers, as TestWarp does).

func fp(v float32) *float32 { return &v }

func i32p(v int32) *int32 { return &v }

// gSources are the noise, const and coord nodes every test graph holds.
func gSources() []graph.Node {
	st := func(seed int32, f float32, oct int, fr noise.Fractal) *noise.Settings {
		return &noise.Settings{Seed: seed, Frequency: f, Octaves: oct, Lacunarity: 2, Persistence: 0.5, Fractal: fr}
	}
	dom := &noise.Domain{Translation: [3]float32{0.5, -0.25, 1}, Rotation: [3]float32{10, 20, 30}, Scale: [3]float32{1.5, 2, 0.75}}
	return []graph.Node{
		{ID: "n3", Type: graph.Noise, Noise: "perlin", Dims: 3, Settings: st(1, 1.5, 2, noise.FractalFBm)},
		{ID: "n2", Type: graph.Noise, Noise: "simplex", Dims: 2, Settings: st(2, 2, 1, noise.FractalFBm)},
		{ID: "n1", Type: graph.Noise, Noise: "value", Dims: 1, Settings: st(3, 3, 3, noise.FractalRidged), Domain: dom},
		{ID: "n4", Type: graph.Noise, Noise: "simplex", Dims: 4, Settings: st(4, 1, 2, noise.FractalFBm)},
		{ID: "w3", Type: graph.Noise, Noise: "voronoi-worley-f2-minus-f1", Dims: 3, Tiling: true, Settings: st(5, 2, 1, noise.FractalFBm)},
		{ID: "t2", Type: graph.Noise, Noise: "perlin-turbulence", Dims: 2, Settings: st(6, 2, 2, noise.FractalBillow)},
		{ID: "k", Type: graph.Const, Value: fp(0.3)},
		{ID: "cx", Type: graph.Coord, Axis: "x"},
		{ID: "cy", Type: graph.Coord, Axis: "y"},
		{ID: "cz", Type: graph.Coord, Axis: "z"},
		{ID: "cw", Type: graph.Coord, Axis: "w"},
	}
}

// gOf returns a graph of the extra nodes, the output and the sources they
// use (graph.Validate refuses nodes the output does not reach).
func gOf(out string, nodes ...graph.Node) *graph.Graph {
	all := append(gSources(), nodes...)
	byID := map[string]graph.Node{}
	for _, n := range all {
		byID[n.ID] = n
	}
	used := map[string]bool{}
	var visit func(id string)
	visit = func(id string) {
		if used[id] {
			return
		}
		used[id] = true
		for _, in := range byID[id].In {
			visit(in)
		}
	}
	visit(out)
	var keep []graph.Node
	for _, n := range all {
		if used[n.ID] {
			keep = append(keep, n)
		}
	}
	return &graph.Graph{Version: graph.Version, Output: out, Nodes: keep}
}

// op is a graph with one operator node "o" on inputs in.
func op(t graph.Type, in []string, set func(n *graph.Node)) *graph.Graph {
	n := graph.Node{ID: "o", Type: t, In: in}
	if set != nil {
		set(&n)
	}
	return gOf("o", n)
}

// gTestGraphs are the test graphs: every node type, on noise and on
// coordinates (whose switch points gSpecialPoints hit).
func gTestGraphs() map[string]*graph.Graph {
	ip := func(v int) *int { return &v }
	gs := map[string]*graph.Graph{
		"const":     gOf("k"),
		"coord-w":   gOf("cw"),
		"noise3":    gOf("n3"),
		"noise2":    gOf("n2"),
		"noise1":    gOf("n1"),
		"noise4":    gOf("n4"),
		"worley":    gOf("w3"),
		"add":       op(graph.Add, []string{"n3", "n2"}, nil),
		"sub":       op(graph.Sub, []string{"n1", "n4"}, nil),
		"mul":       op(graph.Mul, []string{"n3", "cx"}, nil),
		"mul-n":     op(graph.Mul, []string{"t2", "n4"}, nil),
		"div-0":     op(graph.Div, []string{"n3", "cx"}, nil),
		"div-n":     op(graph.Div, []string{"n2", "n3"}, nil),
		"neg":       op(graph.Neg, []string{"w3"}, nil),
		"abs-x":     op(graph.Abs, []string{"cx"}, nil),
		"abs-n":     op(graph.Abs, []string{"n3"}, nil),
		"min-xz":    op(graph.Min, []string{"cx", "cz"}, nil),
		"min-n":     op(graph.Min, []string{"n3", "n2"}, nil),
		"max-xz":    op(graph.Max, []string{"cx", "cz"}, nil),
		"max-n":     op(graph.Max, []string{"n1", "n3"}, nil),
		"clamp-x":   op(graph.Clamp, []string{"cx"}, func(n *graph.Node) { n.Min, n.Max = fp(-0.5), fp(0.5) }),
		"clamp-n":   op(graph.Clamp, []string{"n3"}, func(n *graph.Node) { n.Min, n.Max = fp(-0.2), fp(0.3) }),
		"lerp-x":    op(graph.Lerp, []string{"n3", "n2", "cx"}, nil),
		"lerp-n":    op(graph.Lerp, []string{"n1", "n4", "n3"}, nil),
		"select-0":  op(graph.Select, []string{"n3", "n2", "cy"}, func(n *graph.Node) { n.Threshold, n.Falloff = fp(0.25), fp(0) }),
		"select-y":  op(graph.Select, []string{"n3", "n4", "cy"}, func(n *graph.Node) { n.Threshold, n.Falloff = fp(0.25), fp(0.5) }),
		"select-n":  op(graph.Select, []string{"n1", "n2", "n3"}, func(n *graph.Node) { n.Threshold, n.Falloff = fp(0), fp(0.2) }),
		"smin-xz":   op(graph.SMin, []string{"cx", "cz"}, func(n *graph.Node) { n.K = fp(0.5) }),
		"smin-n":    op(graph.SMin, []string{"n3", "n2"}, func(n *graph.Node) { n.K = fp(0.3) }),
		"smax-xz":   op(graph.SMax, []string{"cx", "cz"}, func(n *graph.Node) { n.K = fp(0.5) }),
		"smax-n":    op(graph.SMax, []string{"n3", "cx"}, func(n *graph.Node) { n.K = fp(0.4) }),
		"remap":     op(graph.Remap, []string{"n3"}, func(n *graph.Node) { n.From, n.To = &[2]float32{-1, 1}, &[2]float32{0, 10} }),
		"terrace-x": op(graph.Terrace, []string{"cx"}, func(n *graph.Node) { n.Points = []float32{-1, -0.5, 0.25, 1} }),
		"terrace-n": op(graph.Terrace, []string{"n3"}, func(n *graph.Node) { n.Steps = 5 }),
		"curve-x": op(graph.Curve, []string{"cx"}, func(n *graph.Node) {
			n.CurvePoints = [][2]float32{{-1, 0}, {0, 0.5}, {0.5, 0.5}, {1, 2}}
		}),
		"curve-n": op(graph.Curve, []string{"n2"}, func(n *graph.Node) {
			n.CurvePoints = [][2]float32{{-0.7, 1}, {-0.1, -0.3}, {0.3, 0.1}, {0.6, 0.9}}
		}),
		"pow0":    op(graph.Pow, []string{"n3"}, func(n *graph.Node) { n.Exponent = ip(0) }),
		"pow1":    op(graph.Pow, []string{"n3"}, func(n *graph.Node) { n.Exponent = ip(1) }),
		"pow3":    op(graph.Pow, []string{"n3"}, func(n *graph.Node) { n.Exponent = ip(3) }),
		"pow2-x":  op(graph.Pow, []string{"cx"}, func(n *graph.Node) { n.Exponent = ip(2) }),
		"scale":   op(graph.Scale, []string{"n3"}, func(n *graph.Node) { n.ScaleBy = &[4]float32{2, 0.5, -3, 1.5} }),
		"scale-4": op(graph.Scale, []string{"n4"}, func(n *graph.Node) { n.ScaleBy = &[4]float32{2, 0.5, -3, 1.5} }),
		"scale-x": op(graph.Scale, []string{"cx"}, func(n *graph.Node) { n.ScaleBy = &[4]float32{2, 0.5, -3, 1.5} }),
		"translate": op(graph.Translate, []string{"n4"}, func(n *graph.Node) {
			n.TranslateBy = &[4]float32{0.5, -1, 2, 0.25}
		}),
		"rotate":    op(graph.Rotate, []string{"n3"}, func(n *graph.Node) { n.RotateBy = &[3]float32{30, 45, -60} }),
		"rotate-2":  op(graph.Rotate, []string{"n2"}, func(n *graph.Node) { n.RotateBy = &[3]float32{0, 90, 17} }),
		"displace3": op(graph.Displace, []string{"n3", "n2", "n1", "w3"}, nil),
		"displace4": op(graph.Displace, []string{"n4", "n3", "n2", "n1", "cx"}, nil),
		"warp-i": op(graph.Warp, []string{"n3"}, func(n *graph.Node) {
			n.Seed, n.WarpAmplitude, n.WarpFrequency, n.WarpOctaves = i32p(5), 0.3, 2, 2
		}),
		"warp-p": op(graph.Warp, []string{"n4"}, func(n *graph.Node) {
			n.Seed, n.WarpAmplitude, n.WarpFrequency, n.WarpOctaves, n.WarpMode = i32p(-7), 0.4, 1, 3, noise.WarpProgressive
		}),
	}
	// Nesting and sharing: s under the root and under a scale (two
	// instances), and twice under the same positions (one).
	gs["nested"] = gOf("o",
		graph.Node{ID: "s", Type: graph.Mul, In: []string{"n3", "cy"}},
		graph.Node{ID: "tr", Type: graph.Translate, In: []string{"n2"}, TranslateBy: &[4]float32{0.1, 0.2, 0.3, 0.4}},
		graph.Node{ID: "a", Type: graph.Add, In: []string{"s", "tr"}},
		graph.Node{ID: "sc", Type: graph.Scale, In: []string{"a"}, ScaleBy: &[4]float32{1.5, -2, 0.5, 3}},
		graph.Node{ID: "ro", Type: graph.Rotate, In: []string{"sc"}, RotateBy: &[3]float32{-20, 35, 80}},
		graph.Node{ID: "ss", Type: graph.Add, In: []string{"s", "s"}},
		graph.Node{ID: "wp", Type: graph.Warp, In: []string{"ro"}, Seed: i32p(9), WarpAmplitude: 0.2, WarpMode: noise.WarpProgressive},
		graph.Node{ID: "d", Type: graph.Displace, In: []string{"wp", "ss", "cz", "k"}},
		graph.Node{ID: "o", Type: graph.Lerp, In: []string{"d", "s", "n4"}},
	)
	// docs/graphs.md §6's example
	gs["land"] = &graph.Graph{Version: 1, Output: "land", Nodes: []graph.Node{
		{ID: "continent", Type: graph.Noise, Noise: "perlin", Dims: 3, Settings: &noise.Settings{Seed: 1, Frequency: 1, Octaves: 4, Lacunarity: 2, Persistence: 0.5}},
		{ID: "mountains", Type: graph.Noise, Noise: "perlin", Dims: 3, Settings: &noise.Settings{Seed: 2, Frequency: 4, Octaves: 5, Lacunarity: 2, Persistence: 0.5, Fractal: noise.FractalRidged}},
		{ID: "mask", Type: graph.Remap, In: []string{"continent"}, From: &[2]float32{-1, 1}, To: &[2]float32{0, 1}},
		{ID: "land", Type: graph.Lerp, In: []string{"continent", "mountains", "mask"}},
	}}
	return gs
}

// gref evaluates a graph at one point, from docs/graphs.md.
type gref struct {
	t     testing.TB
	g     *graph.Graph
	nodes map[string]*graph.Node
	src   map[string]*cpu.Sampler
}

func newGref(t testing.TB, g *graph.Graph) *gref {
	r := &gref{t: t, g: g, nodes: map[string]*graph.Node{}, src: map[string]*cpu.Sampler{}}
	for i := range g.Nodes {
		n := &g.Nodes[i]
		r.nodes[n.ID] = n
		if n.Type == graph.Noise {
			nz, err := noise.ParseNoise(n.Noise)
			must(t, err)
			r.src[n.ID] = mustSampler(t, noise.Config{Noise: nz, Dims: n.Dims, Tiling: n.Tiling, Settings: *n.Settings, Domain: n.Domain})
		}
	}
	return r
}

type gs4 = [4]float32 // a derivative vector

func smp(v float32, d gs4) noise.Sample {
	return noise.Sample{V: v, Dx: d[0], Dy: d[1], Dz: d[2], Dw: d[3]}
}
func dof(s noise.Sample) gs4 { return gs4{s.Dx, s.Dy, s.Dz, s.Dw} }

func (r *gref) at(p mgl32.Vec4) noise.Sample { return r.eval(r.g.Output, p) }

func (r *gref) eval(id string, p mgl32.Vec4) noise.Sample {
	n := r.nodes[id]
	in := func(k int) noise.Sample { return r.eval(n.In[k], p) }
	switch n.Type {
	case graph.Noise:
		s := r.src[id]
		if n.Dims == 4 {
			return s.At4(p)
		}
		return s.At(p.Vec3())
	case graph.Const:
		return noise.Sample{V: *n.Value}
	case graph.Coord:
		k := map[string]int{"x": 0, "y": 1, "z": 2, "w": 3}[n.Axis]
		var d gs4
		d[k] = 1
		return smp(p[k], d)
	case graph.Add, graph.Sub, graph.Mul, graph.Div:
		a, b := in(0), in(1)
		da, db := dof(a), dof(b)
		var v float32
		var d gs4
		for c := range 4 {
			switch n.Type {
			case graph.Add:
				v, d[c] = a.V+b.V, da[c]+db[c]
			case graph.Sub:
				v, d[c] = a.V-b.V, da[c]-db[c]
			case graph.Mul:
				v, d[c] = a.V*b.V, float32(da[c]*b.V)+float32(a.V*db[c])
			case graph.Div:
				if b.V == 0 {
					v, d[c] = 0, 0
				} else {
					v, d[c] = a.V/b.V, (float32(da[c]*b.V)-float32(a.V*db[c]))/float32(b.V*b.V)
				}
			}
		}
		return smp(v, d)
	case graph.Neg:
		a := in(0)
		return smp(-a.V, gs4{-a.Dx, -a.Dy, -a.Dz, -a.Dw})
	case graph.Abs:
		a := in(0)
		if a.V < 0 {
			return smp(-a.V, gs4{-a.Dx, -a.Dy, -a.Dz, -a.Dw})
		}
		a.V = float32(math.Abs(float64(a.V)))
		return a
	case graph.Min:
		a, b := in(0), in(1)
		if b.V < a.V {
			return b
		}
		return a
	case graph.Max:
		a, b := in(0), in(1)
		if b.V > a.V {
			return b
		}
		return a
	case graph.Clamp:
		a := in(0)
		if a.V < *n.Min {
			return noise.Sample{V: *n.Min}
		}
		if a.V > *n.Max {
			return noise.Sample{V: *n.Max}
		}
		return a
	case graph.Lerp:
		a, b, t := in(0), in(1), in(2)
		da, db, dt := dof(a), dof(b), dof(t)
		var d gs4
		for c := range 4 {
			d[c] = (da[c] + float32(t.V*(db[c]-da[c]))) + float32(dt[c]*(b.V-a.V))
		}
		return smp(a.V+float32(t.V*(b.V-a.V)), d)
	case graph.Select:
		a, b, ctl := in(0), in(1), in(2)
		if *n.Falloff == 0 {
			if ctl.V < *n.Threshold {
				return a
			}
			return b
		}
		k := 1 / float32(2**n.Falloff)
		u := float32((ctl.V - (*n.Threshold - *n.Falloff)) * k)
		u = min(max(u, 0), 1)
		s := float32(float32(u*u) * (3 - float32(2*u)))
		da, db, dc := dof(a), dof(b), dof(ctl)
		var d gs4
		for c := range 4 {
			var ds float32
			if 0 < u && u < 1 {
				ds = float32(float32(float32(float32(6*u)*(1-u))*k) * dc[c])
			}
			d[c] = (da[c] + float32(s*(db[c]-da[c]))) + float32(ds*(b.V-a.V))
		}
		return smp(a.V+float32(s*(b.V-a.V)), d)
	case graph.SMin:
		return grefSmin(in(0), in(1), *n.K)
	case graph.SMax:
		a, b := in(0), in(1)
		neg := func(s noise.Sample) noise.Sample { return smp(-s.V, gs4{-s.Dx, -s.Dy, -s.Dz, -s.Dw}) }
		return neg(grefSmin(neg(a), neg(b), *n.K))
	case graph.Remap:
		a := in(0)
		s := (n.To[1] - n.To[0]) / (n.From[1] - n.From[0])
		return smp(n.To[0]+float32((a.V-n.From[0])*s), gs4{a.Dx * s, a.Dy * s, a.Dz * s, a.Dw * s})
	case graph.Terrace:
		a := in(0)
		pts := n.Points
		if len(pts) == 0 {
			for i := 0; i < n.Steps; i++ {
				pts = append(pts, -1+float32(float32(2*i)/float32(n.Steps-1)))
			}
		}
		if a.V <= pts[0] {
			return noise.Sample{V: pts[0]}
		}
		if a.V >= pts[len(pts)-1] {
			return noise.Sample{V: pts[len(pts)-1]}
		}
		i := 0
		for !(pts[i] <= a.V && a.V < pts[i+1]) {
			i++
		}
		rr := (a.V - pts[i]) / (pts[i+1] - pts[i])
		f := float32(2 * rr)
		return smp(pts[i]+float32(float32(rr*rr)*(pts[i+1]-pts[i])), gs4{f * a.Dx, f * a.Dy, f * a.Dz, f * a.Dw})
	case graph.Curve:
		a := in(0)
		cp := n.CurvePoints
		if a.V <= cp[0][0] {
			return noise.Sample{V: cp[0][1]}
		}
		if a.V >= cp[len(cp)-1][0] {
			return noise.Sample{V: cp[len(cp)-1][1]}
		}
		i := 0
		for !(cp[i][0] <= a.V && a.V < cp[i+1][0]) {
			i++
		}
		s := (cp[i+1][1] - cp[i][1]) / (cp[i+1][0] - cp[i][0])
		return smp(cp[i][1]+float32((a.V-cp[i][0])*s), gs4{s * a.Dx, s * a.Dy, s * a.Dz, s * a.Dw})
	case graph.Pow:
		a := in(0)
		e := *n.Exponent
		if e == 0 {
			return noise.Sample{V: 1}
		}
		pw := func(m int) float32 {
			if m == 0 {
				return 1
			}
			v := a.V
			for j := 1; j < m; j++ {
				v = v * a.V
			}
			return v
		}
		f := float32(float32(e) * pw(e-1))
		return smp(pw(e), gs4{f * a.Dx, f * a.Dy, f * a.Dz, f * a.Dw})
	case graph.Scale:
		s := *n.ScaleBy
		q := r.eval(n.In[0], mgl32.Vec4{p[0] * s[0], p[1] * s[1], p[2] * s[2], p[3] * s[3]})
		return smp(q.V, gs4{q.Dx * s[0], q.Dy * s[1], q.Dz * s[2], q.Dw * s[3]})
	case graph.Translate:
		t := *n.TranslateBy
		return r.eval(n.In[0], mgl32.Vec4{p[0] + t[0], p[1] + t[1], p[2] + t[2], p[3] + t[3]})
	case graph.Rotate:
		m, _ := noise.Domain{Rotation: *n.RotateBy, Scale: [3]float32{1, 1, 1}}.Matrix()
		var q mgl32.Vec4
		for i := range 3 {
			q[i] = (float32(m[i][0]*p[0]) + float32(m[i][1]*p[1])) + float32(m[i][2]*p[2])
		}
		q[3] = p[3]
		s := r.eval(n.In[0], q)
		d := dof(s)
		var e gs4
		for j := range 3 {
			e[j] = (float32(m[0][j]*d[0]) + float32(m[1][j]*d[1])) + float32(m[2][j]*d[2])
		}
		e[3] = d[3]
		return smp(s.V, e)
	case graph.Displace:
		q := p
		var dd []gs4
		for k := 1; k < len(n.In); k++ {
			s := in(k)
			q[k-1] = p[k-1] + s.V
			dd = append(dd, dof(s))
		}
		s := r.eval(n.In[0], q)
		dq := dof(s)
		var e gs4
		for i := range 4 {
			e[i] = dq[i]
			for j := range dd {
				e[i] = e[i] + float32(dq[j]*dd[j][i])
			}
		}
		return smp(s.V, e)
	case graph.Warp:
		q, J := r.warp(n, p)
		s := r.eval(n.In[0], q)
		var e gs4
		for m := range 3 {
			e[m] = (float32(s.Dx*J[0][m]) + float32(s.Dy*J[1][m])) + float32(s.Dz*J[2][m])
		}
		e[3] = s.Dw
		return smp(s.V, e)
	}
	r.t.Fatalf("gref: node %q: type %q", id, n.Type)
	return noise.Sample{}
}

func grefSmin(a, b noise.Sample, k float32) noise.Sample {
	h := float32(max(k-float32(math.Abs(float64(a.V-b.V))), 0) * (1 / k))
	m := a
	if b.V < a.V {
		m = b
	}
	sigma := float32(0)
	if a.V > b.V {
		sigma = 1
	} else if a.V < b.V {
		sigma = -1
	}
	da, db, dm := dof(a), dof(b), dof(m)
	var d gs4
	for c := range 4 {
		var term float32
		if h != 0 {
			term = float32(float32(float32(h*0.5)*sigma) * (da[c] - db[c]))
		}
		d[c] = dm[c] + term
	}
	return smp(m.V-float32(float32(h*h)*float32(k*0.25)), d)
}

// warp is docs/algorithms.md §8.7 for x, y and z from public
// simplex-value 3D samplers (one octave each), with its Jacobian.
func (r *gref) warp(n *graph.Node, p mgl32.Vec4) (mgl32.Vec4, [3][3]float32) {
	J := [3][3]float32{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	q := p
	amp := n.WarpAmplitude
	f := max(n.WarpFrequency, 1)
	for j := 0; j < max(n.WarpOctaves, 1); j++ {
		c := p
		if n.WarpMode == noise.WarpProgressive {
			c = q
		}
		var d [3]float32
		var G [3][3]float32
		for k := range 3 {
			s := mustSampler(r.t, noise.Config{Noise: noise.SimplexValue, Dims: 3,
				Settings: noise.Settings{Seed: *n.Seed + 16 + 3*int32(j) + int32(k), Frequency: float32(f << j), Octaves: 1, Lacunarity: 2, Persistence: 0.5}}).At(c.Vec3())
			d[k] = amp * s.V
			G[k] = [3]float32{amp * s.Dx, amp * s.Dy, amp * s.Dz}
		}
		for k := range 3 {
			q[k] = q[k] + d[k]
		}
		old := J
		for k := range 3 {
			for m := range 3 {
				if n.WarpMode == noise.WarpProgressive {
					J[k][m] = old[k][m] + ((float32(G[k][0]*old[0][m]) + float32(G[k][1]*old[1][m])) + float32(G[k][2]*old[2][m]))
				} else {
					J[k][m] = J[k][m] + G[k][m]
				}
			}
		}
		amp = float32(amp * 0.5)
	}
	return q, J
}

// gSpecialPoints are points where the coordinate graphs switch rules:
// x (and z = x) at 0, −0, the clamp bounds, the terrace and curve knots,
// the smin width; y at select's edges (0.25 ± 0.5) and threshold.
func gSpecialPoints(r *rand.Rand) []mgl32.Vec4 {
	vals := []float32{0, float32(math.Copysign(0, -1)), -0.5, 0.5, 0.25, -1, 1, 2, -2, 0.75, -0.25}
	var out []mgl32.Vec4
	rnd := func() float32 { return r.Float32()*4 - 2 }
	for _, v := range vals {
		out = append(out,
			mgl32.Vec4{v, rnd(), rnd(), rnd()},
			mgl32.Vec4{v, rnd(), v, rnd()},
			mgl32.Vec4{rnd(), v, rnd(), rnd()},
			mgl32.Vec4{v, v, v, 0},
			mgl32.Vec4{v, rnd(), v + 0.5, rnd()}, // |x − z| = k: smin's h = 0
		)
	}
	return out
}

func gRandomPoints(r *rand.Rand, n int) []mgl32.Vec4 {
	out := make([]mgl32.Vec4, n)
	for i := range out {
		for k := range 4 {
			out[i][k] = r.Float32()*4 - 2
		}
	}
	return out
}

func gBits(s noise.Sample) [5]uint32 {
	b := func(v float32) uint32 {
		if v != v {
			return 0x7FC00000
		}
		return math.Float32bits(v)
	}
	return [5]uint32{b(s.V), b(s.Dx), b(s.Dy), b(s.Dz), b(s.Dw)}
}

func mustGraph(t testing.TB, g *graph.Graph) *cpu.GraphSampler {
	t.Helper()
	gs, err := cpu.NewGraph(g)
	if err != nil {
		t.Fatal(err)
	}
	return gs
}

// TestGraphMatchesReference: every test graph's samples and values equal
// gref's bit for bit (value and the four derivatives), at 3D and 4D
// positions, random and at the switch points; the batches equal the
// single points; Values equal Samples' V.
func TestGraphMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 1))
	pts := append(gRandomPoints(r, 300), gSpecialPoints(r)...)
	for name, g := range gTestGraphs() {
		gs := mustGraph(t, g)
		ref := newGref(t, g)
		bad := 0
		p3 := make([]mgl32.Vec3, len(pts))
		for i, p := range pts {
			p3[i] = p.Vec3()
		}
		s3 := make([]noise.Sample, len(pts))
		s4 := make([]noise.Sample, len(pts))
		v3 := make([]float32, len(pts))
		v4 := make([]float32, len(pts))
		must(t, gs.Samples(p3, s3))
		must(t, gs.Samples4(pts, s4))
		must(t, gs.Values(p3, v3))
		must(t, gs.Values4(pts, v4))
		for i, p := range pts {
			p0 := mgl32.Vec4{p[0], p[1], p[2], 0}
			for _, c := range []struct {
				what      string
				got, want noise.Sample
			}{
				{"At", gs.At(p.Vec3()), ref.at(p0)},
				{"At4", gs.At4(p), ref.at(p)},
				{"Samples", s3[i], ref.at(p0)},
				{"Samples4", s4[i], ref.at(p)},
				{"ValueAt", noise.Sample{V: gs.ValueAt(p.Vec3())}, noise.Sample{V: ref.at(p0).V}},
				{"ValueAt4", noise.Sample{V: gs.ValueAt4(p)}, noise.Sample{V: ref.at(p).V}},
				{"Values", noise.Sample{V: v3[i]}, noise.Sample{V: ref.at(p0).V}},
				{"Values4", noise.Sample{V: v4[i]}, noise.Sample{V: ref.at(p).V}},
			} {
				if gBits(c.got) != gBits(c.want) {
					if bad++; bad <= 5 {
						t.Errorf("%s: %s at %v: %+v, want %+v", name, c.what, p, c.got, c.want)
					}
				}
			}
		}
	}
}

// TestGraphSwitchPointsHit makes sure gSpecialPoints reach the rules'
// edges: the coordinate graphs' switch cases occur (so the bit-for-bit
// comparison above covers them).
func TestGraphSwitchPointsHit(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 1))
	pts := gSpecialPoints(r)
	gs := gTestGraphs()
	count := func(name string, f func(p mgl32.Vec4, s noise.Sample) bool) {
		g := mustGraph(t, gs[name])
		n := 0
		for _, p := range pts {
			if f(p, g.At4(p)) {
				n++
			}
		}
		if n == 0 {
			t.Errorf("%s: no special point hits the switch", name)
		}
	}
	count("div-0", func(p mgl32.Vec4, s noise.Sample) bool { return p[0] == 0 && s.V == 0 && s.Dx == 0 })
	count("abs-x", func(p mgl32.Vec4, s noise.Sample) bool {
		return p[0] == 0 && s.Dx == 1 && math.Signbit(float64(s.V)) == false
	})
	count("min-xz", func(p mgl32.Vec4, s noise.Sample) bool { return p[0] == p[2] && s.Dx == 1 && s.Dz == 0 })
	count("max-xz", func(p mgl32.Vec4, s noise.Sample) bool { return p[0] == p[2] && s.Dx == 1 && s.Dz == 0 })
	count("clamp-x", func(p mgl32.Vec4, s noise.Sample) bool { return p[0] == 0.5 && s.Dx == 1 })
	count("terrace-x", func(p mgl32.Vec4, s noise.Sample) bool { return p[0] == 0.25 && s.V == 0.25 && s.Dx == 0 })
	count("curve-x", func(p mgl32.Vec4, s noise.Sample) bool { return p[0] == 0 && s.V == 0.5 && s.Dx == 0 })
	count("select-0", func(p mgl32.Vec4, s noise.Sample) bool { return p[1] == 0.25 })
	count("select-y", func(p mgl32.Vec4, s noise.Sample) bool { return p[1] == 0.75 || p[1] == -0.25 })
	count("smin-xz", func(p mgl32.Vec4, s noise.Sample) bool { return p[2]-p[0] == 0.5 && s.Dx == 1 })
}

// TestGraphDerivatives checks every test graph's derivatives against
// central differences of its values in float64 (Richardson's
// extrapolation of steps 2e-3 and 1e-3 along each axis; tolerance 2e-3 +
// 2e-2·|D|), at random points. A component whose estimates from steps
// (2e-3, 1e-3) and (1e-3, 5e-4) disagree by more than a quarter of the
// tolerance straddles a switch (a cell border, a clamp bound, a ridge, …)
// and is skipped; at most 10% of them may be. The "land" graph is left
// out: its 5-octave ridged noise (up to frequency 64) has ridges
// everywhere at these steps (its lerp and remap are lerp-n's and remap's).
func TestGraphDerivatives(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 2))
	pts := gRandomPoints(r, 200)
	for name, g := range gTestGraphs() {
		if name == "land" {
			continue
		}
		gs := mustGraph(t, g)
		f := func(p mgl32.Vec4) float64 { return float64(gs.ValueAt4(p)) }
		checked, skipped, bad := 0, 0, 0
		for _, p := range pts {
			s := gs.At4(p)
			d := [4]float32{s.Dx, s.Dy, s.Dz, s.Dw}
			for k := range 4 {
				fd := func(h float32) float64 {
					a, b := p, p
					a[k] += h
					b[k] -= h
					return (f(a) - f(b)) / float64(a[k]-b[k])
				}
				// Richardson's extrapolation of two central differences:
				// the step's h² error cancels.
				rich := func(h float32) float64 { return (4*fd(h/2) - fd(h)) / 3 }
				f1, f2 := rich(2e-3), rich(1e-3)
				tol := 2e-3 + 2e-2*math.Abs(float64(d[k]))
				if math.Abs(f1-f2) > tol/4 || math.IsInf(f1, 0) || math.IsNaN(f1) {
					skipped++
					continue
				}
				checked++
				if math.Abs(f1-float64(d[k])) > tol {
					if bad++; bad <= 3 {
						t.Errorf("%s at %v: D%c = %v, central difference %v", name, p, "xyzw"[k], d[k], f1)
					}
				}
			}
		}
		if skipped*10 > checked+skipped {
			t.Errorf("%s: %d of %d derivatives skipped as non-smooth", name, skipped, checked+skipped)
		}
	}
}

// TestGraphBatches: batches of several blocks, a short last block and a
// parallel batch equal the single points, bit for bit.
func TestGraphBatches(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 3))
	pts := gRandomPoints(r, 5000)
	p3 := make([]mgl32.Vec3, len(pts))
	for i, p := range pts {
		p3[i] = p.Vec3()
	}
	for _, name := range []string{"nested", "land", "warp-p", "displace4", "select-n"} {
		gs := mustGraph(t, gTestGraphs()[name])
		for _, n := range []int{1, 255, 257, 700, len(pts)} {
			s3, s4 := make([]noise.Sample, n), make([]noise.Sample, n)
			v3, v4 := make([]float32, n), make([]float32, n)
			must(t, gs.Samples(p3[:n], s3))
			must(t, gs.Samples4(pts[:n], s4))
			must(t, gs.Values(p3[:n], v3))
			must(t, gs.Values4(pts[:n], v4))
			for i := 0; i < n; i += 1 + i/64 {
				if gBits(s3[i]) != gBits(gs.At(p3[i])) || gBits(s4[i]) != gBits(gs.At4(pts[i])) ||
					math.Float32bits(v3[i]) != math.Float32bits(gs.ValueAt(p3[i])) ||
					math.Float32bits(v4[i]) != math.Float32bits(gs.ValueAt4(pts[i])) ||
					math.Float32bits(v4[i]) != math.Float32bits(s4[i].V) {
					t.Fatalf("%s: batch of %d differs from the single points at %d", name, n, i)
				}
			}
		}
		if err := gs.Values(p3[:3], make([]float32, 2)); err == nil {
			t.Errorf("%s: Values with a short output: no error", name)
		}
	}
}

// TestGraphRange samples every test graph at random and special points
// and stays inside graph.Graph.Range (interval arithmetic, docs/graphs.md
// §5). It runs where package graph has Range (graph-core's work).
func TestGraphRange(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 4))
	pts := append(gRandomPoints(r, 2000), gSpecialPoints(r)...)
	for name, g := range gTestGraphs() {
		lo, hi := g.Range()
		gs := mustGraph(t, g)
		out := make([]float32, len(pts))
		must(t, gs.Values4(pts, out))
		for i, v := range out {
			if !(v >= lo && v <= hi) {
				t.Errorf("%s at %v: %v outside Range [%v, %v]", name, pts[i], v, lo, hi)
				break
			}
		}
	}
}

// TestGraphISA: the graphs give the same bits at ISAScalar as at the
// default level (make test-isa's property for graphs).
func TestGraphISA(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 5))
	pts := append(gRandomPoints(r, 600), gSpecialPoints(r)...)
	def := cpu.CurrentISA()
	if def == cpu.ISAScalar {
		t.Skip("the default level is scalar")
	}
	graphs := gTestGraphs()
	want := map[string][]noise.Sample{}
	for name, g := range graphs {
		out := make([]noise.Sample, len(pts))
		must(t, mustGraph(t, g).Samples4(pts, out))
		want[name] = out
	}
	must(t, cpu.SetISA(cpu.ISAScalar))
	defer func() { must(t, cpu.SetISA(def)) }()
	for name, g := range graphs {
		gs := mustGraph(t, g)
		out := make([]noise.Sample, len(pts))
		vals := make([]float32, len(pts))
		must(t, gs.Samples4(pts, out))
		must(t, gs.Values4(pts, vals))
		for i := range out {
			if gBits(out[i]) != gBits(want[name][i]) || math.Float32bits(vals[i]) != math.Float32bits(want[name][i].V) {
				t.Fatalf("%s at %v: scalar %+v, %s %+v", name, pts[i], out[i], def, want[name][i])
			}
		}
	}
}

// TestNewGraphErrors: a graph that does not compile is one line naming
// the node.
func TestNewGraphErrors(t *testing.T) {
	for _, c := range []struct {
		g    *graph.Graph
		want string
	}{
		{op(graph.Add, []string{"n3", "nope"}, nil), `"nope"`},
		{gOf("o", graph.Node{ID: "o", Type: graph.Add, In: []string{"o", "n3"}}), `"o"`},
		{gOf("o", graph.Node{ID: "o", Type: graph.Noise, Noise: "perlin", Dims: 9, Settings: &noise.Settings{Frequency: 1, Octaves: 1, Lacunarity: 2, Persistence: 0.5}}), `"o"`},
	} {
		_, err := cpu.NewGraph(c.g)
		if err == nil || !containsLine(err.Error(), c.want) {
			t.Errorf("NewGraph: error %v, want one line naming %s", err, c.want)
		}
	}
}

func containsLine(s, sub string) bool {
	return !strings.Contains(s, "\n") && strings.Contains(s, sub)
}

// TestGraphAllocations: after the first call (which fills the buffer
// pool), single points and single-goroutine batches allocate nothing.
func TestGraphAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("-race: sync.Pool drops items at random, so allocations are not counted")
	}
	gs := mustGraph(t, gTestGraphs()["nested"])
	pos := make([]mgl32.Vec3, 600)
	pos4 := make([]mgl32.Vec4, 600)
	out := make([]float32, 600)
	smp := make([]noise.Sample, 600)
	for name, f := range map[string]func(){
		"At":       func() { gs.At(mgl32.Vec3{1, 2, 3}) },
		"At4":      func() { gs.At4(mgl32.Vec4{1, 2, 3, 4}) },
		"ValueAt":  func() { gs.ValueAt(mgl32.Vec3{1, 2, 3}) },
		"ValueAt4": func() { gs.ValueAt4(mgl32.Vec4{1, 2, 3, 4}) },
		"Values":   func() { _ = gs.Values(pos, out) },
		"Samples":  func() { _ = gs.Samples(pos, smp) },
		"Values4":  func() { _ = gs.Values4(pos4, out) },
		"Samples4": func() { _ = gs.Samples4(pos4, smp) },
	} {
		f()
		if n := testing.AllocsPerRun(20, f); n > 0 {
			t.Errorf("%s: %v allocations per call", name, n)
		}
	}
}

// TestGraphConcurrent: one GraphSampler used from several goroutines at
// once gives each the single-threaded result.
func TestGraphConcurrent(t *testing.T) {
	gs := mustGraph(t, gTestGraphs()["nested"])
	r := rand.New(rand.NewPCG(24, 6))
	pts := gRandomPoints(r, 700)
	want := make([]noise.Sample, len(pts))
	must(t, gs.Samples4(pts, want))
	errs := make(chan string, 4)
	for range 4 {
		go func() {
			got := make([]noise.Sample, len(pts))
			for range 5 {
				_ = gs.Samples4(pts, got)
				for i := range got {
					if gBits(got[i]) != gBits(want[i]) {
						errs <- fmt.Sprintf("at %v: %+v, want %+v", pts[i], got[i], want[i])
						return
					}
				}
			}
			errs <- ""
		}()
	}
	for range 4 {
		if e := <-errs; e != "" {
			t.Error(e)
		}
	}
}

// TestGraphLandByHand is docs/graphs.md §6's example written out by hand:
// mask = 0 + ((c − (−1)) · s), s = (1 − 0)/(1 − (−1)); land = c + (mask ·
// (m − c)), its derivative (Dc + (mask · (Dm − Dc))) + (Dmask · (m − c))
// with Dmask = Dc · s.
func TestGraphLandByHand(t *testing.T) {
	g := gTestGraphs()["land"]
	gs := mustGraph(t, g)
	c := mustSampler(t, noise.Config{Noise: noise.Perlin, Dims: 3, Settings: *g.Nodes[0].Settings})
	m := mustSampler(t, noise.Config{Noise: noise.Perlin, Dims: 3, Settings: *g.Nodes[1].Settings})
	s := float32(1-0) / float32(1-(-1))
	r := rand.New(rand.NewPCG(24, 7))
	for _, p := range gRandomPoints(r, 300) {
		p3 := p.Vec3()
		cs, ms := c.At(p3), m.At(p3)
		mask := 0 + float32((cs.V-(-1))*s)
		dc, dm := dof(cs), dof(ms)
		var d gs4
		for k := range 3 {
			dmask := dc[k] * s
			d[k] = (dc[k] + float32(mask*(dm[k]-dc[k]))) + float32(dmask*(ms.V-cs.V))
		}
		d[3] = (cs.Dw + float32(mask*(ms.Dw-cs.Dw))) + float32(float32(cs.Dw*s)*(ms.V-cs.V))
		want := smp(cs.V+float32(mask*(ms.V-cs.V)), d)
		if got := gs.At(p3); gBits(got) != gBits(want) {
			t.Fatalf("at %v: %+v, want %+v", p3, got, want)
		}
	}
}
