package graph

import "math"

// Range returns an interval [lo, hi] that holds the output's value at every
// position where the graph's float32 evaluation (docs/graphs.md §1–§4,
// each operation rounded as written there) gives a value that is not NaN,
// provided every noise node keeps to its noise.Config.Range. It is
// interval arithmetic over the nodes, one rule per type (docs/graphs.md
// §5), with the float32 rounding of each rule's operations accounted for:
// the bounds are sound, not always tight (a node that reaches an operator
// by two paths counts as two independent inputs: sub(a, a) gives the range
// of a − b, not [0, 0]). An unbounded side is −Inf or +Inf; a graph that
// does not pass Validate gives (−Inf, +Inf).
func (g *Graph) Range() (lo, hi float32) {
	if g.Validate() != nil {
		return float32(math.Inf(-1)), float32(math.Inf(1))
	}
	r := &ranger{g: g, memo: map[string]interval{}}
	iv := r.of(g.Output)
	return iv.lo, iv.hi
}

// interval is a closed float32 interval; lo may be −Inf and hi +Inf.
type interval struct{ lo, hi float32 }

var (
	inf  = float32(math.Inf(1))
	full = interval{-inf, inf}
)

// u is float32's unit roundoff, 2^-24.
const u = 0x1p-24

// tiny bounds the absolute error a few float32 operations can add at the
// subnormals.
const tiny = 0x1p-140

// ranger computes each node's interval once.
type ranger struct {
	g    *Graph
	memo map[string]interval
}

// of returns node id's interval.
func (r *ranger) of(id string) interval {
	if iv, ok := r.memo[id]; ok {
		return iv
	}
	n := r.g.Node(id)
	iv := r.node(n)
	if isNaN(iv.lo) {
		iv.lo = -inf
	}
	if isNaN(iv.hi) {
		iv.hi = inf
	}
	r.memo[id] = iv
	return iv
}

// node applies n's rule to its inputs' intervals.
func (r *ranger) node(n *Node) interval {
	in := make([]interval, len(n.In))
	for k, id := range n.In {
		in[k] = r.of(id)
	}
	switch n.Type {
	case Noise:
		c, _ := n.Config()
		lo, hi := c.Range()
		return interval{lo, hi}
	case Const:
		return interval{*n.Value, *n.Value}
	case Coord:
		return full
	case Add:
		return addIv(in[0], in[1])
	case Sub:
		return subIv(in[0], in[1])
	case Mul:
		return mulIv(in[0], in[1])
	case Div:
		return divIv(in[0], in[1])
	case Neg:
		return interval{-in[0].hi, -in[0].lo}
	case Abs:
		a := in[0]
		switch {
		case a.lo >= 0:
			return a
		case a.hi <= 0:
			return interval{-a.hi, -a.lo}
		}
		return interval{0, max(-a.lo, a.hi)}
	case Min:
		return interval{min(in[0].lo, in[1].lo), min(in[0].hi, in[1].hi)}
	case Max:
		return interval{max(in[0].lo, in[1].lo), max(in[0].hi, in[1].hi)}
	case Clamp:
		c := func(x float32) float32 { return min(max(x, *n.Min), *n.Max) }
		return interval{c(in[0].lo), c(in[0].hi)}
	case Lerp:
		return lerpIv(in[0], in[1], in[2])
	case Select:
		if *n.Falloff == 0 {
			return hull(in[0], in[1])
		}
		// s = u·u·(3 − 2u) with u in [0, 1] lies in [0, 1 + 4u] after rounding.
		return lerpIv(in[0], in[1], interval{0, float32(1 + 4*u)})
	case SMin:
		return sminIv(in[0], in[1], *n.K)
	case SMax:
		neg := func(a interval) interval { return interval{-a.hi, -a.lo} }
		return neg(sminIv(neg(in[0]), neg(in[1]), *n.K))
	case Remap:
		s, _ := n.RemapScale()
		f0, t0 := n.From[0], n.To[0]
		if s == 0 {
			return interval{t0, t0}
		}
		f := func(x float32) float32 { return float32(t0 + float32(float32(x-f0)*s)) }
		return sorted(f(in[0].lo), f(in[0].hi))
	case Terrace:
		return terraceIv(n.TerracePoints(), in[0])
	case Curve:
		return curveIv(n.CurvePoints, in[0])
	case Pow:
		return powIv(in[0], *n.Exponent)
	case Scale, Translate, Rotate, Displace, Warp:
		return in[0]
	}
	return full
}

func isNaN(x float32) bool { return x != x }

// sorted returns the interval between x and y.
func sorted(x, y float32) interval {
	if isNaN(x) || isNaN(y) {
		return full
	}
	return interval{min(x, y), max(x, y)}
}

// hull is the smallest interval holding a and b.
func hull(a, b interval) interval { return interval{min(a.lo, b.lo), max(a.hi, b.hi)} }

// intersect is a ∩ b (both bound the same value).
func intersect(a, b interval) interval { return interval{max(a.lo, b.lo), min(a.hi, b.hi)} }

// Every float32 operation below is correctly rounded and so monotone in
// each operand: evaluating it at the operands' bounds, in float32, bounds
// its value over the intervals.

func addIv(a, b interval) interval { return interval{float32(a.lo + b.lo), float32(a.hi + b.hi)} }

func subIv(a, b interval) interval { return interval{float32(a.lo - b.hi), float32(a.hi - b.lo)} }

// mul is a·b with 0·±Inf taken as 0: an infinite bound stands for
// unbounded finite values, and where a value is infinite the product with
// 0 is NaN, which Range does not bound.
func mul(a, b float32) float32 {
	if a == 0 || b == 0 {
		return 0
	}
	return float32(a * b)
}

func mulIv(a, b interval) interval {
	p := [4]float32{mul(a.lo, b.lo), mul(a.lo, b.hi), mul(a.hi, b.lo), mul(a.hi, b.hi)}
	return interval{min(p[0], p[1], p[2], p[3]), max(p[0], p[1], p[2], p[3])}
}

// divIv: b = 0 gives 0. A b interval that holds 0 makes the quotient
// unbounded, unless a or b is 0 everywhere.
func divIv(a, b interval) interval {
	if b.lo == 0 && b.hi == 0 || a.lo == 0 && a.hi == 0 {
		return interval{0, 0}
	}
	if b.lo <= 0 && b.hi >= 0 {
		return full
	}
	q := [4]float32{a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi}
	for _, x := range q {
		if isNaN(x) {
			return full
		}
	}
	return interval{min(q[0], q[1], q[2], q[3]), max(q[0], q[1], q[2], q[3])}
}

// roundUp is the least float32 ≥ x; roundDown the greatest ≤ x.
func roundUp(x float64) float32 {
	f := float32(x)
	if float64(f) < x {
		f = math.Nextafter32(f, inf)
	}
	return f
}

func roundDown(x float64) float32 {
	f := float32(x)
	if float64(f) > x {
		f = math.Nextafter32(f, -inf)
	}
	return f
}

// lerpIv bounds a + (t·(b − a)) for t in the interval t: by interval
// arithmetic on its three operations, and where t ≥ 0 and every bound is
// finite by the hull of a and b widened by t's excess over 1 and the
// rounding error of the three operations (each at most u relative, so
// together below 4u·(|b − a| + max|a|, |b|) plus the subnormals' absolute
// error); the result is the intersection of both bounds.
func lerpIv(a, b, t interval) interval {
	naive := addIv(a, mulIv(t, subIv(b, a)))
	if t.lo < 0 {
		return naive
	}
	for _, x := range []float32{a.lo, a.hi, b.lo, b.hi, t.hi} {
		if math.IsInf(float64(x), 0) {
			return naive
		}
	}
	w := max(float64(b.hi)-float64(a.lo), float64(a.hi)-float64(b.lo), 0) // |b − a| at most
	m := max(math.Abs(float64(a.lo)), math.Abs(float64(a.hi)), math.Abs(float64(b.lo)), math.Abs(float64(b.hi)))
	margin := (max(float64(t.hi)-1, 0)+4*u)*w + 4*u*m + tiny
	h := hull(a, b)
	return intersect(naive, interval{roundDown(float64(h.lo) - margin), roundUp(float64(h.hi) + margin)})
}

// sminIv: the value m − ((h·h)·(k·0.25)) with m = min(a, b) and h in
// [0, 1] (after rounding at most 1 + 2u, so that the subtracted term is at
// most (k·0.25)·(1 + 8u)) lies in [min(a.lo, b.lo) − that, min(a.hi, b.hi)].
func sminIv(a, b interval, k float32) interval {
	c := roundUp(float64(k)*0.25*(1+8*u) + tiny)
	return interval{float32(min(a.lo, b.lo) - c), min(a.hi, b.hi)}
}

// terraceIv: below p0 the value is p0, above p_last p_last; on span i the
// value p_i + (t·(p_{i+1} − p_i)) rises with a from p_i towards
// p_i + (1·(p_{i+1} − p_i)) (rounded, which may pass p_{i+1}); each span
// that a's interval meets adds its values between a's bounds in it.
func terraceIv(p []float32, a interval) interval {
	last := len(p) - 1
	f := func(i int, x float32) float32 { // the value on span i, as §3 computes it
		span := float32(p[i+1] - p[i])
		r := float32(float32(x-p[i]) / span)
		t := float32(r * r)
		return float32(p[i] + float32(t*span))
	}
	return piecewise(p, a, p[0], p[last], f)
}

// curveIv: below x0 the value is y0, above x_last y_last; on segment i it
// is y_i + ((a − x_i)·s_i), monotone in a (rising or falling with s_i's
// sign) from y_i to y_i + ((x_{i+1} − x_i)·s_i) (rounded).
func curveIv(c [][2]float32, a interval) interval {
	xs := make([]float32, len(c))
	for i := range c {
		xs[i] = c[i][0]
	}
	slope := func(i int) float32 { return float32(float32(c[i+1][1]-c[i][1]) / float32(c[i+1][0]-c[i][0])) }
	f := func(i int, x float32) float32 { return float32(c[i][1] + float32(float32(x-c[i][0])*slope(i))) }
	return piecewise(xs, a, c[0][1], c[len(c)-1][1], f)
}

// piecewise bounds a function that is below on a ≤ xs[0], above on
// a ≥ xs[last], and f(i, a) on [xs[i], xs[i+1]), where f(i, ·) is monotone
// on the closed span: its values there lie between f at the ends of the
// part of the span a's interval covers (f(i, xs[i+1]) bounds the values
// approaching the far end).
func piecewise(xs []float32, a interval, below, above float32, f func(int, float32) float32) interval {
	last := len(xs) - 1
	res := interval{inf, -inf}
	add := func(x float32) { res.lo, res.hi = min(res.lo, x), max(res.hi, x) }
	if a.lo <= xs[0] {
		add(below)
	}
	if a.hi >= xs[last] {
		add(above)
	}
	for i := 0; i < last; i++ {
		if a.hi < xs[i] || a.lo >= xs[i+1] {
			continue // a's interval misses [xs[i], xs[i+1])
		}
		add(f(i, max(a.lo, xs[i])))
		add(f(i, min(a.hi, xs[i+1])))
	}
	return res
}

// pow is a·a·…·a (n factors, left to right, each product rounded), 1 for
// n = 0: odd in a for odd n and even for even n, since rounding to nearest
// is symmetric, and rising with |a|.
func pow(a float32, n int) float32 {
	if n == 0 {
		return 1
	}
	p := a
	for range n - 1 {
		p = float32(p * a)
	}
	return p
}

func powIv(a interval, n int) interval {
	switch {
	case n == 0:
		return interval{1, 1}
	case n%2 == 1:
		return interval{pow(a.lo, n), pow(a.hi, n)}
	case a.lo >= 0:
		return interval{pow(a.lo, n), pow(a.hi, n)}
	case a.hi <= 0:
		return interval{pow(a.hi, n), pow(a.lo, n)}
	}
	return interval{0, pow(max(-a.lo, a.hi), n)}
}
