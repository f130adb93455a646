package graph

import (
	"fmt"
	"strconv"

	"github.com/noiselab/noise"
)

// Ref is a node of a Builder's graph: its id.
type Ref string

// Builder builds a graph in Go code: each method adds one node and
// returns its Ref, to pass to the nodes that take it as an input; Build
// names the output and validates. Nodes get the ids "n0", "n1", … in the
// order they are added; Named gives one another id (an id that repeats
// another makes Build fail).
//
//	b := graph.NewBuilder()
//	c := b.Named("continent", b.Noise(continent))
//	m := b.Noise(mountains)
//	g, err := b.Build(b.Lerp(c, m, b.Remap(c, -1, 1, 0, 1)))
//
// Builder copies what it is given: changing a Config after passing it
// changes nothing.
type Builder struct {
	nodes []Node
	err   error
}

// NewBuilder returns an empty Builder.
func NewBuilder() *Builder { return &Builder{} }

// Named gives the node r the id id, in the nodes that take it as an
// input too, and returns its new Ref. Build fails where r is no node of b.
func (b *Builder) Named(id string, r Ref) Ref {
	found := false
	for i := range b.nodes {
		n := &b.nodes[i]
		if n.ID == string(r) && !found {
			n.ID, found = id, true
		}
		for k := range n.In {
			if n.In[k] == string(r) {
				n.In[k] = id
			}
		}
	}
	if !found && b.err == nil {
		b.err = fmt.Errorf("graph: Builder.Named(%q, %q): no node %q", id, r, r)
	}
	return Ref(id)
}

// Node adds n as it is (its ID generated when empty) and returns its Ref:
// the way to a node no other method makes.
func (b *Builder) Node(n Node) Ref {
	if n.ID == "" {
		n.ID = "n" + strconv.Itoa(len(b.nodes))
	}
	b.nodes = append(b.nodes, n)
	return Ref(n.ID)
}

// op adds a node of type t with the inputs in.
func (b *Builder) op(t Type, in ...Ref) Ref { return b.Node(Node{Type: t, In: ids(in)}) }

func ids(in []Ref) []string {
	s := make([]string, len(in))
	for i, r := range in {
		s[i] = string(r)
	}
	return s
}

func ptr[T any](v T) *T { return &v }

// Build returns the graph with output out, or Validate's error. The
// Builder may go on adding nodes for another Build.
func (b *Builder) Build(out Ref) (*Graph, error) {
	if b.err != nil {
		return nil, b.err
	}
	g := &Graph{Version: Version, Output: string(out), Nodes: append([]Node(nil), b.nodes...)}
	if err := g.Validate(); err != nil {
		return nil, err
	}
	return g, nil
}

// Noise adds a noise source: c's sampler.
func (b *Builder) Noise(c noise.Config) Ref {
	n := Node{Type: Noise, Noise: c.Noise.String(), Dims: c.Dims, Tiling: c.Tiling, Settings: ptr(c.Settings)}
	if c.Domain != nil {
		n.Domain = ptr(*c.Domain)
	}
	return b.Node(n)
}

// Const adds the constant v.
func (b *Builder) Const(v float32) Ref { return b.Node(Node{Type: Const, Value: &v}) }

// Coord adds a coordinate of the position: axis "x", "y", "z" or "w".
func (b *Builder) Coord(axis string) Ref { return b.Node(Node{Type: Coord, Axis: axis}) }

// Add adds a + b.
func (b *Builder) Add(x, y Ref) Ref { return b.op(Add, x, y) }

// Sub adds a − b.
func (b *Builder) Sub(x, y Ref) Ref { return b.op(Sub, x, y) }

// Mul adds a · b.
func (b *Builder) Mul(x, y Ref) Ref { return b.op(Mul, x, y) }

// Div adds a / b (0 where b is 0).
func (b *Builder) Div(x, y Ref) Ref { return b.op(Div, x, y) }

// Neg adds −a.
func (b *Builder) Neg(x Ref) Ref { return b.op(Neg, x) }

// Abs adds |a|.
func (b *Builder) Abs(x Ref) Ref { return b.op(Abs, x) }

// Min adds the smaller of a and b.
func (b *Builder) Min(x, y Ref) Ref { return b.op(Min, x, y) }

// Max adds the larger of a and b.
func (b *Builder) Max(x, y Ref) Ref { return b.op(Max, x, y) }

// Clamp adds a clamped to [lo, hi].
func (b *Builder) Clamp(x Ref, lo, hi float32) Ref {
	return b.Node(Node{Type: Clamp, In: ids([]Ref{x}), Min: &lo, Max: &hi})
}

// Lerp adds a + t·(b − a).
func (b *Builder) Lerp(x, y, t Ref) Ref { return b.op(Lerp, x, y, t) }

// Select adds a where control is below threshold and b above, blended
// over threshold ± falloff (0: a hard switch).
func (b *Builder) Select(x, y, control Ref, threshold, falloff float32) Ref {
	return b.Node(Node{Type: Select, In: ids([]Ref{x, y, control}), Threshold: &threshold, Falloff: &falloff})
}

// SMin adds the smooth minimum of a and b with blend width k.
func (b *Builder) SMin(x, y Ref, k float32) Ref {
	return b.Node(Node{Type: SMin, In: ids([]Ref{x, y}), K: &k})
}

// SMax adds the smooth maximum of a and b with blend width k.
func (b *Builder) SMax(x, y Ref, k float32) Ref {
	return b.Node(Node{Type: SMax, In: ids([]Ref{x, y}), K: &k})
}

// Remap adds a mapped linearly from [f0, f1] onto [t0, t1].
func (b *Builder) Remap(x Ref, f0, f1, t0, t1 float32) Ref {
	return b.Node(Node{Type: Remap, In: ids([]Ref{x}), From: &[2]float32{f0, f1}, To: &[2]float32{t0, t1}})
}

// Terrace adds terraces through points (strictly increasing).
func (b *Builder) Terrace(x Ref, points ...float32) Ref {
	return b.Node(Node{Type: Terrace, In: ids([]Ref{x}), Points: append([]float32{}, points...)})
}

// TerraceSteps adds terraces through steps even points from −1 to 1.
func (b *Builder) TerraceSteps(x Ref, steps int) Ref {
	return b.Node(Node{Type: Terrace, In: ids([]Ref{x}), Steps: steps})
}

// Curve adds the piecewise linear curve through points ([x, y], x
// strictly increasing).
func (b *Builder) Curve(x Ref, points ...[2]float32) Ref {
	return b.Node(Node{Type: Curve, In: ids([]Ref{x}), CurvePoints: append([][2]float32{}, points...)})
}

// Pow adds a to the integer power n (0 to MaxPow).
func (b *Builder) Pow(x Ref, n int) Ref {
	return b.Node(Node{Type: Pow, In: ids([]Ref{x}), Exponent: &n})
}

// Scale adds source sampled at (x·s[0], y·s[1], z·s[2], w·s[3]).
func (b *Builder) Scale(source Ref, s [4]float32) Ref {
	return b.Node(Node{Type: Scale, In: ids([]Ref{source}), ScaleBy: &s})
}

// Translate adds source sampled at p + t.
func (b *Builder) Translate(source Ref, t [4]float32) Ref {
	return b.Node(Node{Type: Translate, In: ids([]Ref{source}), TranslateBy: &t})
}

// Rotate adds source sampled at R·(x, y, z), R the rotation by the Euler
// angles r in degrees (as noise.Domain.Rotation).
func (b *Builder) Rotate(source Ref, r [3]float32) Ref {
	return b.Node(Node{Type: Rotate, In: ids([]Ref{source}), RotateBy: &r})
}

// Displace adds source sampled at (x + dx, y + dy, z + dz, w), the
// displacements evaluated at p.
func (b *Builder) Displace(source, dx, dy, dz Ref) Ref { return b.op(Displace, source, dx, dy, dz) }

// Displace4 adds source sampled at (x + dx, y + dy, z + dz, w + dw).
func (b *Builder) Displace4(source, dx, dy, dz, dw Ref) Ref {
	return b.op(Displace, source, dx, dy, dz, dw)
}

// Warp adds source sampled at the domain warp of s's warp fields and
// seed (docs/algorithms.md §8.7); s's other fields are not used.
func (b *Builder) Warp(source Ref, s noise.Settings) Ref {
	return b.Node(Node{Type: Warp, In: ids([]Ref{source}), Seed: ptr(s.Seed), WarpAmplitude: s.WarpAmplitude,
		WarpFrequency: s.WarpFrequency, WarpOctaves: s.WarpOctaves, WarpMode: s.WarpMode})
}
