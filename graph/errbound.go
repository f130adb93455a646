package graph

import "math"

// Bound is an error bound: |V′ − V| ≤ Abs + Rel·|V|. Cause is the node
// where the bound became infinite (nearest the sources) when Abs is +Inf.
type Bound struct {
	Abs, Rel float64
	Cause    *Node
}

// Finite reports whether the bound is finite.
func (b Bound) Finite() bool { return !math.IsInf(b.Abs, 0) && !math.IsNaN(b.Abs) }

// ErrorBound returns a bound on |V′ − V|, where V is the output's value by
// docs/graphs.md's float32 evaluation and V′ the value of an evaluation
// that differs from it only as a conforming GPU may (docs/graphs.md §5.1):
// each noise node n's value is within source(n) of V's (an absolute
// error; +Inf for none), every division (`div`, `terrace`) is within
// 2.5 ULP of the correctly rounded quotient or flushed to zero where that
// is subnormal, and +, − and × are correctly rounded. The bound holds at
// every position where V and V′ are finite and every noise node keeps to
// its noise.Config.Range. It is first-order error propagation over the
// node intervals of Range, one rule per type (§5.1), with the float32
// rounding of both evaluations accounted for (a relative part, which
// Rel carries where the output is unbounded); a node whose inputs carry no
// error and which divides nothing gives the same bits on both (bound 0).
//
// Where no finite bound exists, Abs is +Inf and Cause names the node where
// it first became infinite: a `div` whose divisor's interval, widened by
// its error, holds 0; a `select` with falloff 0 whose control, within its
// error, may fall on either side of the threshold; a `displace` whose
// displacements carry an error, or a `warp` (each moves the position its
// source is evaluated at by an amount the bound does not follow); an
// error times an unbounded value; a source with an infinite tolerance. A
// graph that does not pass Validate gives +Inf and no Cause.
func (g *Graph) ErrorBound(source func(n *Node) float32) Bound {
	inf64 := math.Inf(1)
	if g.Validate() != nil {
		return Bound{Abs: inf64, Rel: inf64}
	}
	b := &bounder{r: &ranger{g: g, memo: map[string]interval{}}, source: source, memo: map[string]ev{}}
	e := b.of(g.Output)
	out := b.r.of(g.Output)
	if e.r > 0 && !math.IsInf(mag(out), 1) {
		e = ev{e.iv, e.abs(), 0} // a bounded output: all absolute
	}
	if !finite64(e.a) || !finite64(e.r) {
		return Bound{Abs: inf64, Rel: inf64, Cause: b.cause}
	}
	return Bound{Abs: e.a, Rel: e.r}
}

func finite64(x float64) bool { return !math.IsInf(x, 0) && !math.IsNaN(x) }

// bounder computes each node's error once.
type bounder struct {
	r      *ranger
	source func(n *Node) float32
	memo   map[string]ev
	cause  *Node
}

// ev is a float32 quantity as the error rules see it: the interval of the
// reference evaluation's value V and a bound a + r·|V| on the other
// evaluation's distance from it.
type ev struct {
	iv   interval
	a, r float64
}

// flush bounds the absolute error a float32 operation may add by flushing
// a subnormal result to zero (GLSL allows it of any operation).
const flush = 0x1p-126

// mag is the largest magnitude in iv (+Inf when unbounded).
func mag(iv interval) float64 { return max(math.Abs(float64(iv.lo)), math.Abs(float64(iv.hi))) }

// mulE is x·y with 0·Inf taken as 0: a zero error times an unbounded
// magnitude contributes nothing.
func mulE(x, y float64) float64 {
	if x == 0 || y == 0 {
		return 0
	}
	return x * y
}

// abs is x's error as an absolute bound (+Inf where a relative part meets
// an unbounded value).
func (x ev) abs() float64 { return x.a + mulE(x.r, mag(x.iv)) }

// zero reports whether x is the same bits in both evaluations.
func (x ev) zero() bool { return x.a == 0 && x.r == 0 }

// rnd is the error after rounding an operation whose exact results in the
// two evaluations are at most a + r·|V| apart: each rounding moves a
// result by at most u of its magnitude (plus a flushed subnormal), so the
// rounded results are at most a·(1 + u) + 2^−126 + (r + 2u)·(1 + 4u)·|V|
// apart. With no error before, both round the same number to the same
// bits.
func rnd(iv interval, a, r float64) ev {
	if a == 0 && r == 0 {
		return ev{iv: iv}
	}
	return ev{iv, a*(1+u) + flush, (r + 2*u) * (1 + 4*u)}
}

func cst(c float32) ev { return ev{iv: interval{c, c}} }

// add and sub: the errors add, made absolute (|x| is not bounded by
// |x ± y|), except that x ± 0 with an exact 0 is x: the same bits.
func (x ev) add(y ev) ev {
	if y.isZero() {
		return x
	}
	if x.isZero() {
		return y
	}
	iv := addIv(x.iv, y.iv)
	return rnd(iv, x.abs()+y.abs(), 0)
}

func (x ev) sub(y ev) ev {
	if y.isZero() {
		return x
	}
	iv := subIv(x.iv, y.iv)
	return rnd(iv, x.abs()+y.abs(), 0)
}

// isZero reports whether x is 0 with no error (0 + y is y, ±0 aside).
func (x ev) isZero() bool { return x.zero() && x.iv.lo == 0 && x.iv.hi == 0 }

// mul: |x′y′ − xy| ≤ |y|·ex + |x′|·ey with ex = ax + rx·|x|, ey likewise,
// is at most ax·Y + ay·X + ex·ay + ax·ry·Y + (rx + ry + rx·ry)·|xy| (X, Y
// the largest magnitudes).
func (x ev) mul(y ev) ev {
	iv := mulIv(x.iv, y.iv)
	X, Y := mag(x.iv), mag(y.iv)
	a := mulE(x.a, Y) + mulE(y.a, X) + mulE(x.abs(), y.a) + mulE(mulE(x.a, y.r), Y)
	return rnd(iv, a, x.r+y.r+x.r*y.r)
}

// lip is the error of an exact (unrounded) 1-Lipschitz operation of x
// (neg, abs, min, max) with interval iv: x's, made absolute.
func lip(x ev, iv interval) ev { return ev{iv: iv, a: x.abs()} }

// of returns node id's error.
func (b *bounder) of(id string) ev {
	if e, ok := b.memo[id]; ok {
		return e
	}
	n := b.r.g.Node(id)
	e := b.node(n)
	e.iv = b.r.of(id)
	if !(e.a >= 0) || !(e.r >= 0) { // NaN
		e.a = math.Inf(1)
	}
	if (math.IsInf(e.a, 1) || math.IsInf(e.r, 1)) && b.cause == nil {
		b.cause = n
	}
	b.memo[id] = e
	return e
}

// node applies n's rule (docs/graphs.md §5.1) to its inputs' errors.
func (b *bounder) node(n *Node) ev {
	ins := make([]ev, len(n.In))
	for k, id := range n.In {
		ins[k] = b.of(id)
		if !finite64(ins[k].a) || !finite64(ins[k].r) {
			return ins[k] // cause is the input's
		}
	}
	out := b.r.of(n.ID)
	var a, c ev
	if len(ins) > 0 {
		a = ins[0]
	}
	if len(ins) > 1 {
		c = ins[1]
	}
	absErr := func(e float64) ev { return ev{iv: out, a: e} }
	switch n.Type {
	case Noise:
		return absErr(float64(b.source(n)))
	case Const, Coord:
		return ev{}
	case Add:
		return a.add(c)
	case Sub:
		return a.sub(c)
	case Mul:
		return a.mul(c)
	case Div:
		return absErr(divE(a, c, out))
	case Neg, Abs:
		return a
	case Clamp:
		return absErr(clampE(a, *n.Min, *n.Max))
	case Min, Max:
		return absErr(max(a.abs(), c.abs()))
	case Lerp:
		return lerpEv(a, c, ins[2])
	case Select:
		return absErr(selectE(n, a, c, ins[2]))
	case SMin:
		return sminEv(a, c, *n.K)
	case SMax:
		neg := func(x ev) ev { return ev{interval{-x.iv.hi, -x.iv.lo}, x.a, x.r} }
		return sminEv(neg(a), neg(c), *n.K)
	case Remap:
		s, _ := n.RemapScale()
		return cst(n.To[0]).add(a.sub(cst(n.From[0])).mul(cst(s)))
	case Terrace:
		return absErr(terraceE(n.TerracePoints(), a))
	case Curve:
		return absErr(curveE(n.CurvePoints, a))
	case Pow:
		if *n.Exponent == 0 {
			return ev{}
		}
		p := a
		for range *n.Exponent - 1 {
			p = p.mul(a)
		}
		return p
	case Scale, Translate, Rotate:
		// q is computed with + and ×: the same bits in both.
		return a
	case Displace:
		for _, d := range ins[1:] {
			if !d.zero() {
				return absErr(math.Inf(1))
			}
		}
		return a
	case Warp:
		return absErr(math.Inf(1))
	}
	return absErr(math.Inf(1))
}

// clampE: clamp is exact and 1-Lipschitz, and where both evaluations lie
// beyond the same bound it gives the same bits; so only |a| ≤ (C + A)/(1 −
// R) matters (C the larger bound's magnitude, A + R·|a| a's error), and the
// error is at most A + R·(C + A)/(1 − R).
func clampE(a ev, lo, hi float32) float64 {
	if a.r == 0 {
		return a.a
	}
	if a.r >= 1 {
		return math.Inf(1)
	}
	c := max(math.Abs(float64(lo)), math.Abs(float64(hi)))
	return a.a + a.r*(c+a.a)/(1-a.r)
}

// divE: b = 0 gives 0. Where b's interval widened by eb excludes 0,
// |a′/b′ − a/b| ≤ (ea + Q·eb)/(min|b| − eb) with Q the largest |a/b|, and
// the two quotients' roundings add 0.5 ULP (the reference) and 2.5 ULP (the
// other) of a quotient of magnitude at most Q′ = max|out| + that, at most
// 6u·Q′, plus a flushed subnormal. A b that is 0 exactly on both (b = [0,
// 0], eb = 0) or an a that is 0 exactly on both gives 0 on both.
func divE(a, b ev, out interval) float64 {
	if b.zero() && b.iv.lo == 0 && b.iv.hi == 0 || a.zero() && a.iv.lo == 0 && a.iv.hi == 0 {
		return 0
	}
	ea, eb := a.abs(), b.abs()
	lo, hi := float64(b.iv.lo)-eb, float64(b.iv.hi)+eb
	if lo <= 0 && hi >= 0 {
		return math.Inf(1)
	}
	bmin := min(math.Abs(lo), math.Abs(hi))
	q := mag(out) * (1 + 4*u)
	pre := (ea + mulE(q, eb)) / bmin
	return pre + 6*u*(q+pre) + flush
}

// lerpEv is a + (t·(b − a)), operation by operation.
func lerpEv(a, b, t ev) ev { return a.add(t.mul(b.sub(a))) }

// selectE: with falloff 0 the chosen input's error, or +Inf where the
// control may fall on the other side of the threshold in the other
// evaluation; otherwise the smoothstep blend operation by operation (the
// clamp of u to [0, 1] is 1-Lipschitz and exact).
func selectE(n *Node, a, b, c ev) float64 {
	th, fo := *n.Threshold, *n.Falloff
	if fo == 0 {
		ec := c.abs()
		if ec > 0 && float64(c.iv.lo)-ec < float64(th) && float64(c.iv.hi)+ec >= float64(th) {
			return math.Inf(1)
		}
		return max(a.abs(), b.abs())
	}
	k := 1 / (2 * fo)
	u0 := c.sub(cst(th - fo)).mul(cst(k))
	uu := lip(u0, interval{0, 1})
	s := uu.mul(uu).mul(cst(3).sub(cst(2).mul(uu)))
	return lerpEv(a, b, s).abs()
}

// sminEv is smin's value, operation by operation: h = max(k − |a − b|, 0)
// · (1/k), m = min(a, b), m − ((h·h)·(k·0.25)).
func sminEv(a, b ev, k float32) ev {
	d := a.sub(b)
	ad := lip(d, absIv(d.iv))
	h0 := cst(k).sub(ad)
	h := lip(h0, interval{max(h0.iv.lo, 0), max(h0.iv.hi, 0)}).mul(cst(1 / k))
	m := ev{iv: interval{min(a.iv.lo, b.iv.lo), min(a.iv.hi, b.iv.hi)}, a: max(a.abs(), b.abs())}
	return m.sub(h.mul(h).mul(cst(k * 0.25)))
}

// absIv is the interval of |x| for x in iv.
func absIv(iv interval) interval {
	switch {
	case iv.lo >= 0:
		return iv
	case iv.hi <= 0:
		return interval{-iv.hi, -iv.lo}
	}
	return interval{0, max(-iv.lo, iv.hi)}
}

// jumps sums the steps at the knots of a piecewise function whose pieces
// are f(i, ·) on [xs[i], xs[i+1]), ys[0] below xs[0] and ys[last] from
// xs[last], evaluated exactly (float64) with the float32 constants: the
// real function the float32 evaluation rounds. Knots outside [lo, hi] are
// not counted (neither evaluation's input reaches them).
func jumps(xs, ys []float64, f func(i int, x float64) float64, lo, hi float64) float64 {
	last := len(xs) - 1
	var j float64
	for i := 0; i <= last; i++ {
		if xs[i] < lo || xs[i] > hi {
			continue
		}
		left, right := ys[0], ys[last]
		if i > 0 {
			left = f(i-1, xs[i])
		}
		if i < last {
			right = f(i, xs[i])
		}
		j += math.Abs(right - left)
	}
	return j * (1 + 1e-12) // float64's own rounding
}

// terraceE: the real terrace p_i + (a − p_i)²/S_i (S_i the float32 span)
// is 2(1 + 4u)-Lipschitz (its slope 2(a − p_i)/S_i) with small steps at
// the knots where S_i was rounded; each evaluation is within 16u·S + u·P +
// 2^−120·(S + 1) of it (S the largest span, P the largest |p|: a − p_i,
// the division's 2.5 ULP and flush, r·r, t·S, the sum). The division makes
// the two evaluations differ even where a carries no error.
func terraceE(p []float32, a ev) float64 {
	xs := make([]float64, len(p))
	var smax, pmax float64
	for i, x := range p {
		xs[i] = float64(x)
		pmax = max(pmax, math.Abs(xs[i]))
		if i > 0 {
			smax = max(smax, float64(p[i]-p[i-1]))
		}
	}
	f := func(i int, x float64) float64 {
		d := x - xs[i]
		return xs[i] + d*d/float64(p[i+1]-p[i])
	}
	ea := a.abs()
	lo, hi := float64(a.iv.lo)-ea, float64(a.iv.hi)+ea
	evalErr := 16*u*smax + u*pmax + 0x1p-120*(smax+1)
	return mulE(2*(1+4*u), ea) + jumps(xs, xs, f, lo, hi) + 2*evalErr
}

// curveE: the real curve y_i + (a − x_i)·s_i (s_i the float32 slope) is
// max|s_i|-Lipschitz with small steps at the knots where s_i was rounded;
// each evaluation is within 2.1u·max|s_i·W_i| + u·Y + 2^−148 of it (W_i
// the segment's width, Y the largest |y| plus max|s_i·W_i|). Without an
// error on a the two evaluations are the same bits.
func curveE(c [][2]float32, a ev) float64 {
	if a.zero() {
		return 0
	}
	ea := a.abs()
	xs, ys := make([]float64, len(c)), make([]float64, len(c))
	s := make([]float64, len(c)-1)
	var smax, sw, ymax float64
	for i := range c {
		xs[i], ys[i] = float64(c[i][0]), float64(c[i][1])
		ymax = max(ymax, math.Abs(ys[i]))
		if i > 0 {
			s[i-1] = float64(float32(float32(c[i][1]-c[i-1][1]) / float32(c[i][0]-c[i-1][0])))
			smax = max(smax, math.Abs(s[i-1]))
			sw = max(sw, math.Abs(s[i-1]*(xs[i]-xs[i-1])))
		}
	}
	f := func(i int, x float64) float64 { return ys[i] + (x-xs[i])*s[i] }
	lo, hi := float64(a.iv.lo)-ea, float64(a.iv.hi)+ea
	evalErr := 2.1*u*sw + u*(ymax+sw) + 0x1p-148
	return mulE(smax, ea) + jumps(xs, ys, f, lo, hi) + 2*evalErr
}
