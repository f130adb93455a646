package cpu

import (
	"fmt"
	"sync"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
	"github.com/noiselab/noise/graph"
)

// A GraphSampler runs a graph (docs/graphs.md) in blocks of graphBlock
// positions: each noise source through its Sampler's batch path
// (valuesRange, samplesRange), each operator as one loop over the block.
//
// NewGraph compiles the graph into instances, one per node and position
// context: the root context is the caller's positions, and each domain
// node instance makes a child context (its transformed positions) in
// which its source subgraph is instantiated. A node shared by two parents
// in the same context is one instance (evaluated once per block); a node
// under two domain nodes is two. The program is a list of steps in
// dependency order: evaluate an instance, or make a domain instance's
// child context. Every instance's derivatives are with respect to its own
// context's position; a domain instance carries its source's back to its
// own context by the chain rule.

// graphBlock is the number of positions a block holds.
const graphBlock = 256

// ginst is one node instance: a node in one position context.
type ginst struct {
	op    graph.Type
	id    string
	ctx   int   // the context it is evaluated in
	in    []int // input instances
	child int   // a domain node's context for its source

	src *Sampler // noise
	dim int      // noise: dims; coord: the axis

	c0, c1, c2, c3 float32 // parameters (see compileNode)
	pts, ys, sl    []float32
	n              int
	vec            [4]float32
	rot            [3][3]float32
	warp           *warp
	warpValue      valueFunc
}

// gstep is one step of the program: evaluate instance i, or (mk) make the
// child context of domain instance i.
type gstep struct {
	i  int
	mk bool
}

// GraphSampler evaluates a noise graph on the CPU with the bits of
// docs/graphs.md. It is immutable and safe for concurrent use.
type GraphSampler struct {
	g     *graph.Graph
	inst  []ginst
	steps []gstep
	nctx  int
	out   int // the output instance
	warps []bool
	// need3 and need4: whether a context's positions are read as 3D
	// (sources of 1 to 3 dimensions) or as 4D (the rest)
	need3, need4 []bool
	pool         sync.Pool // *graphWork
}

// graphWork holds one goroutine's block buffers: each instance's values
// (Values) or samples (Samples), each context's positions, and each warp
// context's Jacobians.
type graphWork struct {
	v  [][]float32
	s  [][]noise.Sample
	p4 [][]mgl32.Vec4
	p3 [][]mgl32.Vec3
	j  [][][3][3]float32

	root3 []mgl32.Vec3 // the root context's own buffers
	root4 []mgl32.Vec4
	// a single point's position and result (At, ValueAt, …)
	one3 [1]mgl32.Vec3
	one4 [1]mgl32.Vec4
	oneS [1]noise.Sample
	oneV [1]float32
}

// NewGraph validates g (graph.Graph.Validate) and compiles it into a
// GraphSampler. The errors are one line naming the node.
func NewGraph(g *graph.Graph) (*GraphSampler, error) {
	if g == nil {
		return nil, fmt.Errorf("cpu: nil graph")
	}
	if err := g.Validate(); err != nil {
		return nil, err
	}
	cp := *g
	cp.Nodes = append([]graph.Node(nil), g.Nodes...)
	gs := &GraphSampler{g: &cp, nctx: 1, warps: []bool{false}, need3: []bool{false}, need4: []bool{false}}
	c := compiler{gs: gs, nodes: map[string]*graph.Node{}, memo: map[[2]any]int{}, srcs: map[string]*Sampler{}}
	for i := range cp.Nodes { // Validate refused duplicate ids, unknown types and inputs, wrong input counts and cycles
		c.nodes[cp.Nodes[i].ID] = &cp.Nodes[i]
	}
	out, err := c.visit(cp.Output, 0)
	if err != nil {
		return nil, err
	}
	gs.out = out
	gs.pool.New = func() any { return gs.newWork() }
	return gs, nil
}

// Graph returns the graph the GraphSampler was made with (a copy of the
// caller's: treat it as read-only).
func (gs *GraphSampler) Graph() *graph.Graph { return gs.g }

type compiler struct {
	gs    *GraphSampler
	nodes map[string]*graph.Node
	memo  map[[2]any]int
	srcs  map[string]*Sampler
}

func isDomain(t graph.Type) bool {
	switch t {
	case graph.Scale, graph.Translate, graph.Rotate, graph.Displace, graph.Warp:
		return true
	}
	return false
}

// visit instantiates node id in context ctx (once: memoised) after its
// inputs, and returns the instance.
func (c *compiler) visit(id string, ctx int) (int, error) {
	if i, ok := c.memo[[2]any{id, ctx}]; ok {
		return i, nil
	}
	n := c.nodes[id]
	in := make([]int, len(n.In))
	gi := ginst{op: n.Type, id: id, ctx: ctx}
	if err := c.compileNode(&gi, n); err != nil {
		return 0, err
	}
	if isDomain(n.Type) {
		// displacing inputs at p, then the child context, then the source at q
		for k := 1; k < len(n.In); k++ {
			i, err := c.visit(n.In[k], ctx)
			if err != nil {
				return 0, err
			}
			in[k] = i
		}
		gi.child = c.gs.nctx
		c.gs.nctx++
		c.gs.warps = append(c.gs.warps, n.Type == graph.Warp)
		c.gs.need3, c.gs.need4 = append(c.gs.need3, false), append(c.gs.need4, false)
		c.gs.need4[ctx] = true
		self := len(c.gs.inst)
		gi.in = in
		c.gs.inst = append(c.gs.inst, gi) // placeholder: the index is needed by the context step
		c.gs.steps = append(c.gs.steps, gstep{i: self, mk: true})
		src, err := c.visit(n.In[0], gi.child)
		if err != nil {
			return 0, err
		}
		c.gs.inst[self].in[0] = src
		c.gs.steps = append(c.gs.steps, gstep{i: self})
		c.memo[[2]any{id, ctx}] = self
		return self, nil
	}
	for k, inID := range n.In {
		i, err := c.visit(inID, ctx)
		if err != nil {
			return 0, err
		}
		in[k] = i
	}
	gi.in = in
	switch {
	case n.Type == graph.Noise && gi.dim < 4:
		c.gs.need3[ctx] = true
	case n.Type == graph.Noise, n.Type == graph.Coord:
		c.gs.need4[ctx] = true
	}
	self := len(c.gs.inst)
	c.gs.inst = append(c.gs.inst, gi)
	c.gs.steps = append(c.gs.steps, gstep{i: self})
	c.memo[[2]any{id, ctx}] = self
	return self, nil
}

func f32or(p *float32) float32 {
	if p == nil {
		return 0
	}
	return *p
}

// compileNode sets gi's parameters from n, computing once in float32 what
// docs/graphs.md computes once.
func (c *compiler) compileNode(gi *ginst, n *graph.Node) error {
	missing := func(field string) error {
		return fmt.Errorf("cpu: graph: node %q: %s needs %q", n.ID, n.Type, field)
	}
	switch n.Type {
	case graph.Noise:
		if s, ok := c.srcs[n.ID]; ok {
			gi.src, gi.dim = s, s.cfg.Dims
			return nil
		}
		nz, err := noise.ParseNoise(n.Noise)
		if err != nil {
			return fmt.Errorf("cpu: graph: node %q: noise: %v", n.ID, err)
		}
		if n.Settings == nil {
			return missing("settings")
		}
		cfg := noise.Config{Noise: nz, Dims: n.Dims, Tiling: n.Tiling, Settings: *n.Settings, Domain: n.Domain}
		s, err := New(cfg)
		if err != nil {
			return fmt.Errorf("cpu: graph: node %q: %v", n.ID, err)
		}
		c.srcs[n.ID] = s
		gi.src, gi.dim = s, cfg.Dims
	case graph.Const:
		if n.Value == nil {
			return missing("value")
		}
		gi.c0 = *n.Value
	case graph.Coord:
		a := map[string]int{"x": 0, "y": 1, "z": 2, "w": 3}
		d, ok := a[n.Axis]
		if !ok {
			return fmt.Errorf("cpu: graph: node %q: axis %q is not x, y, z or w", n.ID, n.Axis)
		}
		gi.dim = d
	case graph.Clamp:
		if n.Min == nil || n.Max == nil {
			return missing("min")
		}
		gi.c0, gi.c1 = *n.Min, *n.Max
	case graph.Select:
		gi.c0, gi.c1 = f32or(n.Threshold), f32or(n.Falloff)
		if gi.c1 != 0 {
			gi.c2 = 1 / float32(2*gi.c1) // k
		}
	case graph.SMin, graph.SMax:
		if n.K == nil {
			return missing("k")
		}
		k := *n.K
		gi.c0, gi.c1, gi.c2 = k, 1/k, float32(k*0.25)
	case graph.Remap:
		if n.From == nil || n.To == nil {
			return missing("from")
		}
		f, t := *n.From, *n.To
		gi.c0, gi.c1 = f[0], t[0]
		gi.c2 = (t[1] - t[0]) / (f[1] - f[0])
	case graph.Terrace:
		gi.pts = append([]float32(nil), n.Points...)
		if len(gi.pts) == 0 && n.Steps >= 2 {
			for i := 0; i < n.Steps; i++ {
				gi.pts = append(gi.pts, -1+float32(float32(2*float32(i))/float32(n.Steps-1)))
			}
		}
		if len(gi.pts) < 2 {
			return missing("points")
		}
	case graph.Curve:
		if len(n.CurvePoints) < 2 {
			return missing("curve")
		}
		for i, p := range n.CurvePoints {
			gi.pts = append(gi.pts, p[0])
			gi.ys = append(gi.ys, p[1])
			if i > 0 {
				q := n.CurvePoints[i-1]
				gi.sl = append(gi.sl, (p[1]-q[1])/(p[0]-q[0]))
			}
		}
	case graph.Pow:
		if n.Exponent == nil {
			return missing("exponent")
		}
		gi.n = *n.Exponent
	case graph.Scale:
		if n.ScaleBy == nil {
			return missing("scale")
		}
		gi.vec = *n.ScaleBy
	case graph.Translate:
		if n.TranslateBy == nil {
			return missing("translate")
		}
		gi.vec = *n.TranslateBy
	case graph.Rotate:
		if n.RotateBy == nil {
			return missing("rotate")
		}
		gi.rot, _ = noise.Domain{Rotation: *n.RotateBy, Scale: [3]float32{1, 1, 1}}.Matrix()
	case graph.Warp:
		st := noise.Settings{WarpAmplitude: n.WarpAmplitude, WarpFrequency: n.WarpFrequency, WarpOctaves: n.WarpOctaves, WarpMode: n.WarpMode}
		if n.Seed != nil {
			st.Seed = *n.Seed
		}
		gi.warp = newWarp(noise.Config{Dims: 3, Settings: st})
		gi.warpValue = valueFuncs[noise.FamilySimplex][2]
	}
	return nil
}

func (gs *GraphSampler) newWork() *graphWork {
	w := &graphWork{
		v:  make([][]float32, len(gs.inst)),
		s:  make([][]noise.Sample, len(gs.inst)),
		p4: make([][]mgl32.Vec4, gs.nctx),
		p3: make([][]mgl32.Vec3, gs.nctx),
		j:  make([][][3][3]float32, gs.nctx),
	}
	for c := 1; c < gs.nctx; c++ {
		w.p4[c] = make([]mgl32.Vec4, graphBlock)
		w.p3[c] = make([]mgl32.Vec3, graphBlock)
	}
	w.root4 = make([]mgl32.Vec4, graphBlock) // the root's, when the caller's are 3D
	w.root3 = make([]mgl32.Vec3, graphBlock) // and when they are 4D
	w.p3[0], w.p4[0] = w.root3, w.root4
	return w
}

// values returns instance i's value buffer, made on first use.
func (w *graphWork) values(i int) []float32 {
	if w.v[i] == nil {
		w.v[i] = make([]float32, graphBlock)
	}
	return w.v[i]
}

func (w *graphWork) samples(i int) []noise.Sample {
	if w.s[i] == nil {
		w.s[i] = make([]noise.Sample, graphBlock)
	}
	return w.s[i]
}

func (w *graphWork) jac(c int) [][3][3]float32 {
	if w.j[c] == nil {
		w.j[c] = make([][3][3]float32, graphBlock)
	}
	return w.j[c]
}

// setRoot3 makes a block of 3D positions the root context (w = 0), the
// 4D copy only where need4.
func (w *graphWork) setRoot3(pos []mgl32.Vec3, need4 bool) {
	w.p3[0], w.p4[0] = pos, w.root4
	if !need4 {
		return
	}
	p4 := w.root4[:len(pos)]
	for i, p := range pos {
		p4[i] = mgl32.Vec4{p[0], p[1], p[2], 0}
	}
}

// setRoot4 makes a block of 4D positions the root context, the 3D copy
// only where need3.
func (w *graphWork) setRoot4(pos []mgl32.Vec4, need3 bool) {
	w.p4[0], w.p3[0] = pos, w.root3
	if !need3 {
		return
	}
	p3 := w.root3[:len(pos)]
	for i, p := range pos {
		p3[i] = mgl32.Vec3{p[0], p[1], p[2]}
	}
}

// ---- single points and batches ----

// At returns the graph's sample at p (w = 0: 4D sources read w = 0).
func (gs *GraphSampler) At(p mgl32.Vec3) noise.Sample {
	w := gs.pool.Get().(*graphWork)
	w.one3[0] = p
	gs.samplesIn3(w, w.one3[:], w.oneS[:])
	r := w.oneS[0]
	gs.pool.Put(w)
	return r
}

// At4 returns the graph's sample at the 4D position p. Sources of fewer
// dimensions ignore w (their Dw is 0).
func (gs *GraphSampler) At4(p mgl32.Vec4) noise.Sample {
	w := gs.pool.Get().(*graphWork)
	w.one4[0] = p
	gs.samplesIn4(w, w.one4[:], w.oneS[:])
	r := w.oneS[0]
	gs.pool.Put(w)
	return r
}

// ValueAt returns At(p).V without computing derivatives.
func (gs *GraphSampler) ValueAt(p mgl32.Vec3) float32 {
	w := gs.pool.Get().(*graphWork)
	w.one3[0] = p
	gs.valuesIn3(w, w.one3[:], w.oneV[:])
	r := w.oneV[0]
	gs.pool.Put(w)
	return r
}

// ValueAt4 returns At4(p).V without computing derivatives.
func (gs *GraphSampler) ValueAt4(p mgl32.Vec4) float32 {
	w := gs.pool.Get().(*graphWork)
	w.one4[0] = p
	gs.valuesIn4(w, w.one4[:], w.oneV[:])
	r := w.oneV[0]
	gs.pool.Put(w)
	return r
}

func graphCheck(pos, out int) error {
	if out < pos {
		return fmt.Errorf("cpu: the output has %d elements for %d positions", out, pos)
	}
	return nil
}

// Values writes ValueAt(pos[i]) to out[i] for every i, spreading the work
// over GOMAXPROCS goroutines like Sampler.Values. It returns an error, and
// writes nothing, when out is shorter than pos.
func (gs *GraphSampler) Values(pos []mgl32.Vec3, out []float32) error {
	if err := graphCheck(len(pos), len(out)); err != nil {
		return err
	}
	if workersFor(len(pos)) == 1 {
		gs.valuesRange3(pos, out)
		return nil
	}
	parallel(len(pos), func(lo, hi int) { gs.valuesRange3(pos[lo:hi], out[lo:hi]) })
	return nil
}

// Samples writes At(pos[i]) to out[i] for every i, like Values.
func (gs *GraphSampler) Samples(pos []mgl32.Vec3, out []noise.Sample) error {
	if err := graphCheck(len(pos), len(out)); err != nil {
		return err
	}
	if workersFor(len(pos)) == 1 {
		gs.samplesRange3(pos, out)
		return nil
	}
	parallel(len(pos), func(lo, hi int) { gs.samplesRange3(pos[lo:hi], out[lo:hi]) })
	return nil
}

// Values4 writes ValueAt4(pos[i]) to out[i] for every i, like Values.
func (gs *GraphSampler) Values4(pos []mgl32.Vec4, out []float32) error {
	if err := graphCheck(len(pos), len(out)); err != nil {
		return err
	}
	if workersFor(len(pos)) == 1 {
		gs.valuesRange4(pos, out)
		return nil
	}
	parallel(len(pos), func(lo, hi int) { gs.valuesRange4(pos[lo:hi], out[lo:hi]) })
	return nil
}

// Samples4 writes At4(pos[i]) to out[i] for every i, like Values.
func (gs *GraphSampler) Samples4(pos []mgl32.Vec4, out []noise.Sample) error {
	if err := graphCheck(len(pos), len(out)); err != nil {
		return err
	}
	if workersFor(len(pos)) == 1 {
		gs.samplesRange4(pos, out)
		return nil
	}
	parallel(len(pos), func(lo, hi int) { gs.samplesRange4(pos[lo:hi], out[lo:hi]) })
	return nil
}

func (gs *GraphSampler) valuesRange3(pos []mgl32.Vec3, out []float32) {
	w := gs.pool.Get().(*graphWork)
	gs.valuesIn3(w, pos, out)
	gs.pool.Put(w)
}

func (gs *GraphSampler) valuesRange4(pos []mgl32.Vec4, out []float32) {
	w := gs.pool.Get().(*graphWork)
	gs.valuesIn4(w, pos, out)
	gs.pool.Put(w)
}

func (gs *GraphSampler) samplesRange3(pos []mgl32.Vec3, out []noise.Sample) {
	w := gs.pool.Get().(*graphWork)
	gs.samplesIn3(w, pos, out)
	gs.pool.Put(w)
}

func (gs *GraphSampler) samplesRange4(pos []mgl32.Vec4, out []noise.Sample) {
	w := gs.pool.Get().(*graphWork)
	gs.samplesIn4(w, pos, out)
	gs.pool.Put(w)
}

// valuesIn3 and its twins run the blocks of pos in w: the root context is
// the caller's positions (3D ones with w = 0 in w's own buffer, 4D ones
// with their x, y and z there), restored to w's buffers after.
func (gs *GraphSampler) valuesIn3(w *graphWork, pos []mgl32.Vec3, out []float32) {
	for i := 0; i < len(pos); i += graphBlock {
		b := pos[i:min(i+graphBlock, len(pos))]
		w.setRoot3(b, gs.need4[0])
		gs.runValues(w, len(b))
		copy(out[i:i+len(b)], w.v[gs.out][:len(b)])
	}
	w.p3[0], w.p4[0] = w.root3, w.root4
}

func (gs *GraphSampler) valuesIn4(w *graphWork, pos []mgl32.Vec4, out []float32) {
	for i := 0; i < len(pos); i += graphBlock {
		b := pos[i:min(i+graphBlock, len(pos))]
		w.setRoot4(b, gs.need3[0])
		gs.runValues(w, len(b))
		copy(out[i:i+len(b)], w.v[gs.out][:len(b)])
	}
	w.p3[0], w.p4[0] = w.root3, w.root4
}

func (gs *GraphSampler) samplesIn3(w *graphWork, pos []mgl32.Vec3, out []noise.Sample) {
	for i := 0; i < len(pos); i += graphBlock {
		b := pos[i:min(i+graphBlock, len(pos))]
		w.setRoot3(b, gs.need4[0])
		gs.runSamples(w, len(b))
		copy(out[i:i+len(b)], w.s[gs.out][:len(b)])
	}
	w.p3[0], w.p4[0] = w.root3, w.root4
}

func (gs *GraphSampler) samplesIn4(w *graphWork, pos []mgl32.Vec4, out []noise.Sample) {
	for i := 0; i < len(pos); i += graphBlock {
		b := pos[i:min(i+graphBlock, len(pos))]
		w.setRoot4(b, gs.need3[0])
		gs.runSamples(w, len(b))
		copy(out[i:i+len(b)], w.s[gs.out][:len(b)])
	}
	w.p3[0], w.p4[0] = w.root3, w.root4
}

// ---- the block programs ----

// runValues evaluates the program's values over a block of n positions
// (the root context set).
func (gs *GraphSampler) runValues(w *graphWork, n int) {
	for _, st := range gs.steps {
		g := &gs.inst[st.i]
		if st.mk {
			gs.makeContext(w, g, n, false)
			continue
		}
		out := w.values(st.i)[:n]
		var a, b, c []float32
		if len(g.in) > 0 {
			a = w.values(g.in[0])[:n]
		}
		if len(g.in) > 1 {
			b = w.values(g.in[1])[:n]
		}
		if len(g.in) > 2 {
			c = w.values(g.in[2])[:n]
		}
		switch g.op {
		case graph.Noise:
			if g.dim == 4 {
				g.src.values4Range(w.p4[g.ctx][:n], out)
			} else {
				g.src.valuesRange(w.p3[g.ctx][:n], out)
			}
		case graph.Const:
			for i := range out {
				out[i] = g.c0
			}
		case graph.Coord:
			p := w.p4[g.ctx][:n]
			for i := range out {
				out[i] = p[i][g.dim]
			}
		case graph.Add:
			for i := range out {
				out[i] = a[i] + b[i]
			}
		case graph.Sub:
			for i := range out {
				out[i] = a[i] - b[i]
			}
		case graph.Mul:
			for i := range out {
				out[i] = a[i] * b[i]
			}
		case graph.Div:
			for i := range out {
				if b[i] == 0 {
					out[i] = 0
				} else {
					out[i] = a[i] / b[i]
				}
			}
		case graph.Neg:
			for i := range out {
				out[i] = -a[i]
			}
		case graph.Abs:
			for i := range out {
				out[i] = abs32(a[i])
			}
		case graph.Min:
			for i := range out {
				out[i] = a[i]
				if b[i] < a[i] {
					out[i] = b[i]
				}
			}
		case graph.Max:
			for i := range out {
				out[i] = a[i]
				if b[i] > a[i] {
					out[i] = b[i]
				}
			}
		case graph.Clamp:
			lo, hi := g.c0, g.c1
			for i := range out {
				v := a[i]
				if v < lo {
					v = lo
				} else if v > hi {
					v = hi
				}
				out[i] = v
			}
		case graph.Lerp:
			for i := range out {
				out[i] = a[i] + float32(c[i]*(b[i]-a[i]))
			}
		case graph.Select:
			thr, fo, k := g.c0, g.c1, g.c2
			if fo == 0 {
				for i := range out {
					out[i] = b[i]
					if c[i] < thr {
						out[i] = a[i]
					}
				}
				break
			}
			t0 := thr - fo
			for i := range out {
				u := selectU(c[i], t0, k)
				s := float32(float32(u*u) * (3 - float32(2*u)))
				out[i] = a[i] + float32(s*(b[i]-a[i]))
			}
		case graph.SMin:
			for i := range out {
				out[i], _ = sminValue(a[i], b[i], g.c0, g.c1, g.c2)
			}
		case graph.SMax:
			for i := range out {
				v, _ := sminValue(-a[i], -b[i], g.c0, g.c1, g.c2)
				out[i] = -v
			}
		case graph.Remap:
			f0, t0, s := g.c0, g.c1, g.c2
			for i := range out {
				out[i] = t0 + float32((a[i]-f0)*s)
			}
		case graph.Terrace:
			for i := range out {
				out[i], _, _ = terrace(g.pts, a[i])
			}
		case graph.Curve:
			for i := range out {
				out[i], _, _ = curve(g.pts, g.ys, g.sl, a[i])
			}
		case graph.Pow:
			for i := range out {
				out[i], _, _ = powN(a[i], g.n)
			}
		case graph.Scale, graph.Translate, graph.Rotate, graph.Displace, graph.Warp:
			copy(out, a) // the source's value at q
		}
	}
}

// makeContext fills domain instance g's child context: the transformed
// positions of its own context's block (and, for a warp with
// derivatives, the Jacobians).
func (gs *GraphSampler) makeContext(w *graphWork, g *ginst, n int, deriv bool) {
	p := w.p4[g.ctx][:n]
	q := w.p4[g.child][:n]
	switch g.op {
	case graph.Scale:
		s := g.vec
		for i := range q {
			q[i] = mgl32.Vec4{p[i][0] * s[0], p[i][1] * s[1], p[i][2] * s[2], p[i][3] * s[3]}
		}
	case graph.Translate:
		t := g.vec
		for i := range q {
			q[i] = mgl32.Vec4{p[i][0] + t[0], p[i][1] + t[1], p[i][2] + t[2], p[i][3] + t[3]}
		}
	case graph.Rotate:
		r := &g.rot
		for i := range q {
			x, y, z := p[i][0], p[i][1], p[i][2]
			q[i] = mgl32.Vec4{
				(float32(r[0][0]*x) + float32(r[0][1]*y)) + float32(r[0][2]*z),
				(float32(r[1][0]*x) + float32(r[1][1]*y)) + float32(r[1][2]*z),
				(float32(r[2][0]*x) + float32(r[2][1]*y)) + float32(r[2][2]*z),
				p[i][3],
			}
		}
	case graph.Displace:
		for i := range q {
			q[i] = p[i]
		}
		for k := 1; k < len(g.in); k++ {
			if deriv {
				d := w.s[g.in[k]][:n]
				for i := range q {
					q[i][k-1] = p[i][k-1] + d[i].V
				}
			} else {
				d := w.v[g.in[k]][:n]
				for i := range q {
					q[i][k-1] = p[i][k-1] + d[i]
				}
			}
		}
	case graph.Warp:
		wp := g.warp
		if deriv {
			J := w.jac(g.child)[:n]
			for i := range q {
				r, j := wp.warpApply(point{p[i][0], p[i][1], p[i][2], p[i][3]})
				q[i], J[i] = mgl32.Vec4{r.x, r.y, r.z, r.w}, j
			}
		} else {
			for i := range q {
				r := warpValueApply(wp, g.warpValue, point{p[i][0], p[i][1], p[i][2], p[i][3]})
				q[i] = mgl32.Vec4{r.x, r.y, r.z, r.w}
			}
		}
	}
	if !gs.need3[g.child] {
		return
	}
	q3 := w.p3[g.child][:n]
	for i := range q {
		q3[i] = mgl32.Vec3{q[i][0], q[i][1], q[i][2]}
	}
}

// warpValueApply is warp.warpApply's position without the Jacobian: the
// simplex-value noise's value function (the same bits as its sample's V)
// in place of its sample.
func warpValueApply(w *warp, vf valueFunc, p point) point {
	q := p
	for j := 0; j < w.n; j++ {
		c := p
		if w.mode == noise.WarpProgressive {
			c = q
		}
		var d [3]float32
		a := w.amp[j]
		for _, k := range w.axes {
			d[k] = float32(a * vf(&w.vp, w.hash.Add(int32(16+3*j+k)), c, w.freq[j]))
		}
		q.x = q.x + d[0]
		q.y = q.y + d[1]
		q.z = q.z + d[2]
	}
	return q
}

// runSamples evaluates the program's samples over a block of n positions.
func (gs *GraphSampler) runSamples(w *graphWork, n int) {
	for _, st := range gs.steps {
		g := &gs.inst[st.i]
		if st.mk {
			gs.makeContext(w, g, n, true)
			continue
		}
		out := w.samples(st.i)[:n]
		var a, b, c []noise.Sample
		if len(g.in) > 0 {
			a = w.samples(g.in[0])[:n]
		}
		if len(g.in) > 1 {
			b = w.samples(g.in[1])[:n]
		}
		if len(g.in) > 2 {
			c = w.samples(g.in[2])[:n]
		}
		switch g.op {
		case graph.Noise:
			if g.dim == 4 {
				g.src.samples4Range(w.p4[g.ctx][:n], out)
			} else {
				g.src.samplesRange(w.p3[g.ctx][:n], out)
			}
		case graph.Const:
			for i := range out {
				out[i] = noise.Sample{V: g.c0}
			}
		case graph.Coord:
			p := w.p4[g.ctx][:n]
			var unit [4]float32
			unit[g.dim] = 1
			for i := range out {
				out[i] = noise.Sample{V: p[i][g.dim], Dx: unit[0], Dy: unit[1], Dz: unit[2], Dw: unit[3]}
			}
		case graph.Add:
			for i := range out {
				out[i] = sampleAdd(a[i], b[i])
			}
		case graph.Sub:
			for i := range out {
				out[i] = sampleSub(a[i], b[i])
			}
		case graph.Mul:
			for i := range out {
				x, y := a[i], b[i]
				out[i] = noise.Sample{V: x.V * y.V,
					Dx: float32(x.Dx*y.V) + float32(x.V*y.Dx), Dy: float32(x.Dy*y.V) + float32(x.V*y.Dy),
					Dz: float32(x.Dz*y.V) + float32(x.V*y.Dz), Dw: float32(x.Dw*y.V) + float32(x.V*y.Dw)}
			}
		case graph.Div:
			for i := range out {
				x, y := a[i], b[i]
				if y.V == 0 {
					out[i] = noise.Sample{}
					continue
				}
				bb := float32(y.V * y.V)
				out[i] = noise.Sample{V: x.V / y.V,
					Dx: (float32(x.Dx*y.V) - float32(x.V*y.Dx)) / bb, Dy: (float32(x.Dy*y.V) - float32(x.V*y.Dy)) / bb,
					Dz: (float32(x.Dz*y.V) - float32(x.V*y.Dz)) / bb, Dw: (float32(x.Dw*y.V) - float32(x.V*y.Dw)) / bb}
			}
		case graph.Neg:
			for i := range out {
				out[i] = sampleNeg(a[i])
			}
		case graph.Abs:
			for i := range out {
				x := a[i]
				if x.V < 0 {
					out[i] = sampleNeg(x)
				} else {
					x.V = abs32(x.V)
					out[i] = x
				}
			}
		case graph.Min:
			for i := range out {
				out[i] = a[i]
				if b[i].V < a[i].V {
					out[i] = b[i]
				}
			}
		case graph.Max:
			for i := range out {
				out[i] = a[i]
				if b[i].V > a[i].V {
					out[i] = b[i]
				}
			}
		case graph.Clamp:
			lo, hi := g.c0, g.c1
			for i := range out {
				switch x := a[i]; {
				case x.V < lo:
					out[i] = noise.Sample{V: lo}
				case x.V > hi:
					out[i] = noise.Sample{V: hi}
				default:
					out[i] = x
				}
			}
		case graph.Lerp:
			for i := range out {
				x, y, t, o := &a[i], &b[i], &c[i], &out[i] // blend, written out
				d, s := y.V-x.V, t.V
				o.V = x.V + float32(s*d)
				o.Dx = (x.Dx + float32(s*(y.Dx-x.Dx))) + float32(t.Dx*d)
				o.Dy = (x.Dy + float32(s*(y.Dy-x.Dy))) + float32(t.Dy*d)
				o.Dz = (x.Dz + float32(s*(y.Dz-x.Dz))) + float32(t.Dz*d)
				o.Dw = (x.Dw + float32(s*(y.Dw-x.Dw))) + float32(t.Dw*d)
			}
		case graph.Select:
			thr, fo, k := g.c0, g.c1, g.c2
			if fo == 0 {
				for i := range out {
					out[i] = b[i]
					if c[i].V < thr {
						out[i] = a[i]
					}
				}
				break
			}
			t0 := thr - fo
			for i := range out {
				u := selectU(c[i].V, t0, k)
				s := float32(float32(u*u) * (3 - float32(2*u)))
				var ds [4]float32 // Ds: 0 where u is 0 or 1
				if 0 < u && u < 1 {
					f := float32(float32(float32(6*u)*(1-u)) * k)
					ds = [4]float32{f * c[i].Dx, f * c[i].Dy, f * c[i].Dz, f * c[i].Dw}
				}
				out[i] = blend(a[i], b[i], s, ds)
			}
		case graph.SMin:
			for i := range out {
				out[i] = sminSample(a[i], b[i], g.c0, g.c1, g.c2)
			}
		case graph.SMax:
			for i := range out {
				out[i] = sampleNeg(sminSample(sampleNeg(a[i]), sampleNeg(b[i]), g.c0, g.c1, g.c2))
			}
		case graph.Remap:
			f0, t0, s := g.c0, g.c1, g.c2
			for i := range out {
				x := a[i]
				out[i] = noise.Sample{V: t0 + float32((x.V-f0)*s), Dx: x.Dx * s, Dy: x.Dy * s, Dz: x.Dz * s, Dw: x.Dw * s}
			}
		case graph.Terrace:
			for i := range out {
				v, f, in := terrace(g.pts, a[i].V)
				out[i] = scaleD(v, f, in, a[i])
			}
		case graph.Curve:
			for i := range out {
				v, f, in := curve(g.pts, g.ys, g.sl, a[i].V)
				out[i] = scaleD(v, f, in, a[i])
			}
		case graph.Pow:
			for i := range out {
				v, f, in := powN(a[i].V, g.n)
				out[i] = scaleD(v, f, in, a[i])
			}
		case graph.Scale:
			s := g.vec
			for i := range out {
				x := a[i]
				out[i] = noise.Sample{V: x.V, Dx: x.Dx * s[0], Dy: x.Dy * s[1], Dz: x.Dz * s[2], Dw: x.Dw * s[3]}
			}
		case graph.Translate:
			copy(out, a)
		case graph.Rotate:
			r := &g.rot
			for i := range out {
				x := a[i]
				out[i] = noise.Sample{V: x.V,
					Dx: (float32(r[0][0]*x.Dx) + float32(r[1][0]*x.Dy)) + float32(r[2][0]*x.Dz),
					Dy: (float32(r[0][1]*x.Dx) + float32(r[1][1]*x.Dy)) + float32(r[2][1]*x.Dz),
					Dz: (float32(r[0][2]*x.Dx) + float32(r[1][2]*x.Dy)) + float32(r[2][2]*x.Dz),
					Dw: x.Dw}
			}
		case graph.Displace:
			ds := [4][]noise.Sample{}
			for k := 1; k < len(g.in); k++ {
				ds[k-1] = w.s[g.in[k]][:n]
			}
			nd := len(g.in) - 1
			for i := range out {
				x := a[i]
				dq := [4]float32{x.Dx, x.Dy, x.Dz, x.Dw}
				var dd [4][4]float32 // dd[j]: D d_j
				for j := 0; j < nd; j++ {
					s := ds[j][i]
					dd[j] = [4]float32{s.Dx, s.Dy, s.Dz, s.Dw}
				}
				var r [4]float32
				for c := range 4 {
					acc := dq[c]
					for j := 0; j < nd; j++ {
						acc = acc + float32(dq[j]*dd[j][c])
					}
					r[c] = acc
				}
				out[i] = noise.Sample{V: x.V, Dx: r[0], Dy: r[1], Dz: r[2], Dw: r[3]}
			}
		case graph.Warp:
			J := w.j[g.child][:n]
			for i := range out {
				x := a[i]
				d := warpDerivative(&J[i], [3]float32{x.Dx, x.Dy, x.Dz})
				out[i] = noise.Sample{V: x.V, Dx: d[0], Dy: d[1], Dz: d[2], Dw: x.Dw}
			}
		}
	}
}

// ---- the operators' point rules (docs/graphs.md §3) ----

func sampleNeg(s noise.Sample) noise.Sample {
	return noise.Sample{V: -s.V, Dx: -s.Dx, Dy: -s.Dy, Dz: -s.Dz, Dw: -s.Dw}
}

// scaleD returns the sample of value v with derivatives f·Da, or +0
// outside (!in) whatever Da is.
func scaleD(v, f float32, in bool, a noise.Sample) noise.Sample {
	if !in {
		return noise.Sample{V: v}
	}
	return noise.Sample{V: v, Dx: f * a.Dx, Dy: f * a.Dy, Dz: f * a.Dz, Dw: f * a.Dw}
}

// blend is lerp's and select's a + (s·(b − a)), with the derivative
// (Da + (s·(Db − Da))) + (Ds·(b − a)), Ds the derivative of s (lerp: Dt;
// select: its Ds).
func blend(a, b noise.Sample, s float32, ds [4]float32) noise.Sample {
	d := b.V - a.V
	return noise.Sample{V: a.V + float32(s*d),
		Dx: (a.Dx + float32(s*(b.Dx-a.Dx))) + float32(ds[0]*d),
		Dy: (a.Dy + float32(s*(b.Dy-a.Dy))) + float32(ds[1]*d),
		Dz: (a.Dz + float32(s*(b.Dz-a.Dz))) + float32(ds[2]*d),
		Dw: (a.Dw + float32(s*(b.Dw-a.Dw))) + float32(ds[3]*d)}
}

// selectU is select's u = (control − (threshold − falloff)) · k clamped
// to [0, 1]; t0 is threshold − falloff.
func selectU(control, t0, k float32) float32 {
	u := float32((control - t0) * k)
	if u < 0 {
		u = 0
	} else if u > 1 {
		u = 1
	}
	return u
}

// sminValue returns smin(a, b)'s value and its h (k, 1/k and k·0.25 given).
func sminValue(a, b, k, invK, kq float32) (float32, float32) {
	h := k - abs32(a-b)
	if 0 > h { // max(h, 0) as max
		h = 0
	}
	h = float32(h * invK)
	m := a
	if b < a {
		m = b
	}
	return m - float32(float32(h*h)*kq), h
}

func sminSample(a, b noise.Sample, k, invK, kq float32) noise.Sample {
	v, h := sminValue(a.V, b.V, k, invK, kq)
	m := a
	if b.V < a.V {
		m = b
	}
	r := noise.Sample{V: v, Dx: m.Dx, Dy: m.Dy, Dz: m.Dz, Dw: m.Dw}
	var sigma float32
	switch {
	case a.V > b.V:
		sigma = 1
	case a.V < b.V:
		sigma = -1
	}
	var f float32
	if h != 0 {
		f = float32(float32(h*0.5) * sigma)
	}
	term := func(da, db float32) float32 {
		if h == 0 {
			return 0
		}
		return float32(f * (da - db))
	}
	r.Dx = r.Dx + term(a.Dx, b.Dx)
	r.Dy = r.Dy + term(a.Dy, b.Dy)
	r.Dz = r.Dz + term(a.Dz, b.Dz)
	r.Dw = r.Dw + term(a.Dw, b.Dw)
	return r
}

// terrace returns the terrace's value at a, its derivative factor 2r
// and whether a is inside (the derivative is 0 outside).
func terrace(p []float32, a float32) (float32, float32, bool) {
	last := len(p) - 1
	if a <= p[0] {
		return p[0], 0, false
	}
	if a >= p[last] {
		return p[last], 0, false
	}
	i := span(p, a)
	r := (a - p[i]) / (p[i+1] - p[i])
	return p[i] + float32(float32(r*r)*(p[i+1]-p[i])), float32(2 * r), true
}

// span returns the i with p[i] ≤ a < p[i+1] (p[0] < a < p[last]; 0 for NaN).
func span(p []float32, a float32) int {
	lo, hi := 0, len(p)-1 // p[lo] ≤ a < p[hi]
	for hi-lo > 1 {
		m := (lo + hi) / 2
		if p[m] <= a {
			lo = m
		} else {
			hi = m
		}
	}
	return lo
}

// curve returns the curve's value at a, its slope and whether a is inside
// (the derivative is 0 outside).
func curve(x, y, s []float32, a float32) (float32, float32, bool) {
	last := len(x) - 1
	if a <= x[0] {
		return y[0], 0, false
	}
	if a >= x[last] {
		return y[last], 0, false
	}
	i := span(x, a)
	return y[i] + float32((a-x[i])*s[i]), s[i], true
}

// powN returns a^n (n factors, left to right), n·a^(n−1) (a^0 = 1) and
// whether n > 0 (the derivative is 0 for n = 0).
func powN(a float32, n int) (float32, float32, bool) {
	if n == 0 {
		return 1, 0, false
	}
	p := float32(1) // a^(n−1)
	if n > 1 {
		p = a
		for k := 2; k < n; k++ {
			p = p * a
		}
	}
	v := a
	if n > 1 {
		v = p * a
	}
	return v, float32(float32(n) * p), true
}
