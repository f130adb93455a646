package cpu

import "github.com/noiselab/noise"

// latticeSpan is one axis of a lattice cell (docs/algorithms.md §2).
type latticeSpan struct {
	p0, p1 int32   // lower and upper corner indices (wrapped when tiling)
	g0, g1 float32 // offset from the unwrapped lower corner, and g0 - 1
	t, dt  float32 // smoothed interpolator s(g0) and its derivative s'(g0)
}

// smoothT is the quintic interpolator 6u^5 - 15u^4 + 10u^3 (docs/algorithms.md §2).
func smoothT(u float32) float32 {
	return float32(float32(float32(u*u)*u) * (float32(u*(float32(u*6)-15)) + 10))
}

// smoothDt is its derivative 30u^4 - 60u^3 + 30u^2.
func smoothDt(u float32) float32 {
	return float32(float32(u*u) * (float32(u*(float32(u*30)-60)) + 30))
}

// getSpanNormal is LatticeNormal.GetSpan (docs/algorithms.md §2).
func getSpanNormal(c float32, f float32) latticeSpan {
	c = clampCoord(float32(c * float32(f)))
	p0 := floorToInt(c)
	g0 := c - float32(p0)
	return latticeSpan{p0: p0, p1: p0 + 1, g0: g0, g1: g0 - 1, t: smoothT(g0), dt: smoothDt(g0)}
}

// getSpanTiling is LatticeTiling.GetSpan (docs/algorithms.md §2): the same offsets and
// interpolators, with the corner indices wrapped into [0, f). The floor-mod is
// the C# ceil(pt/F) formula's exact equivalent.
func getSpanTiling(c float32, f float32) latticeSpan {
	s := getSpanNormal(c, f)
	s.p0, s.p1 = wrapTiling(s.p0, f)
	return s
}

// period is the tiling period of an octave frequency f: a tiling Config
// has whole frequencies (noise.Config.Validate), at most 2^24, so int32(f)
// is f itself.
func period(f float32) int32 { return int32(f) }

// wrapTiling turns a lower corner index into the wrapped pair (p0, p1) of
// the tiling lattice: p0 = p mod f (floor-mod), p1 = p0 + 1 or 0 at f.
func wrapTiling(p int32, ff float32) (p0, p1 int32) {
	f := period(ff)
	p0 = p % f
	if p0 < 0 {
		p0 += f
	}
	p1 = p0 + 1
	if p1 == f {
		p1 = 0
	}
	return p0, p1
}

// getSpan picks the lattice: normal or tiling.
func getSpan(c float32, f float32, tiling bool) latticeSpan {
	if tiling {
		return getSpanTiling(c, f)
	}
	return getSpanNormal(c, f)
}

// validateSingleStep wraps a tiled index that had -1, 0 or +1 added back into
// [0, f) (LatticeTiling.ValidateSingleStep, docs/algorithms.md §2); the normal lattice
// leaves it alone.
func validateSingleStep(p int32, ff float32, tiling bool) int32 {
	if tiling {
		f := period(ff)
		if p == f {
			p = 0
		}
		if p == -1 {
			p = f - 1
		}
	}
	return p
}

// lattice1D is Lattice1D<L, G> (docs/algorithms.md §2).
func lattice1D(vp *variantParams, h SmallXXHash, p point, f float32) noise.Sample {
	px := p.x
	x := getSpan(px, f, vp.tiling)
	a := evaluate1(vp.grad, h.Eat(x.p0), x.g0)
	b := evaluate1(vp.grad, h.Eat(x.p1), x.g1)
	var r noise.Sample
	r.V = lerp(a.V, b.V, x.t)
	r.Dx = float32(float32(f) * (lerp(a.Dx, b.Dx, x.t) + float32((b.V-a.V)*x.dt)))
	return evaluateCombined(vp.comb, r)
}

// lattice2D is Lattice2D<L, G> over X and Z (docs/algorithms.md §2).
func lattice2D(vp *variantParams, h SmallXXHash, p point, f float32) noise.Sample {
	px, pz := p.x, p.z
	x := getSpan(px, f, vp.tiling)
	z := getSpan(pz, f, vp.tiling)
	h0, h1 := h.Eat(x.p0), h.Eat(x.p1)
	g := vp.grad
	a := evaluate2(g, h0.Eat(z.p0), x.g0, z.g0)
	b := evaluate2(g, h0.Eat(z.p1), x.g0, z.g1)
	c := evaluate2(g, h1.Eat(z.p0), x.g1, z.g0)
	d := evaluate2(g, h1.Eat(z.p1), x.g1, z.g1)
	ab := lerp(a.V, b.V, z.t)
	cd := lerp(c.V, d.V, z.t)
	F := float32(f)
	var r noise.Sample
	r.V = lerp(ab, cd, x.t)
	r.Dx = float32(F * (lerp(lerp(a.Dx, b.Dx, z.t), lerp(c.Dx, d.Dx, z.t), x.t) + float32((cd-ab)*x.dt)))
	r.Dz = float32(F * lerp(
		lerp(a.Dz, b.Dz, z.t)+float32((b.V-a.V)*z.dt),
		lerp(c.Dz, d.Dz, z.t)+float32((d.V-c.V)*z.dt), x.t))
	return evaluateCombined(vp.comb, r)
}

// lattice3D is Lattice3D<L, G> (docs/algorithms.md §2). The spans are
// spanValue and smoothDt (getSpan's parts, inlined), and the Perlin corners
// are octahedronGradient written out: the same operations as getSpan and
// evaluate3, without the calls.
func lattice3D(vp *variantParams, h SmallXXHash, p point, f float32) noise.Sample {
	F := float32(f)
	x0, gx, tx := spanValue(clampCoord(float32(p.x * F)))
	y0, gy, ty := spanValue(clampCoord(float32(p.y * F)))
	z0, gz, tz := spanValue(clampCoord(float32(p.z * F)))
	dtx, dty, dtz := smoothDt(gx), smoothDt(gy), smoothDt(gz)
	x1, y1, z1 := x0+1, y0+1, z0+1
	if vp.tiling {
		x0, x1 = wrapTiling(x0, f)
		y0, y1 = wrapTiling(y0, f)
		z0, z1 = wrapTiling(z0, f)
	}
	h0, h1 := h.Eat(x0), h.Eat(x1)
	hxy := [4]SmallXXHash{h0.Eat(y0), h0.Eat(y1), h1.Eat(y0), h1.Eat(y1)}
	pz := [2]int32{z0, z1}
	ox := [2]float32{gx, gx - 1}
	oy := [2]float32{gy, gy - 1}
	oz := [2]float32{gz, gz - 1}
	// corners a, b, c, d, e, f, g, k: index bits x<<2 | y<<1 | z
	var n [8]noise.Sample
	if vp.grad == noise.GradientPerlin {
		for c := range n {
			v := hxy[c>>1&3].Eat(pz[c&1]).Avalanche()
			vx, vy, vz := octahedronFold(&octaGrads[uint8(v)], &octaGrads[uint8(v>>24)])
			n[c] = noise.Sample{
				V:  float32(((float32(vx*ox[c>>2&1]) + float32(vy*oy[c>>1&1])) + float32(vz*oz[c&1])) * perlin3),
				Dx: float32(vx * perlin3), Dy: float32(vy * perlin3), Dz: float32(vz * perlin3),
			}
		}
	} else {
		for c := range n {
			n[c] = evaluate3(vp.grad, hxy[c>>1&3].Eat(pz[c&1]), ox[c>>2&1], oy[c>>1&1], oz[c&1])
		}
	}
	a, b, c, d, e, ff, gg, k := &n[0], &n[1], &n[2], &n[3], &n[4], &n[5], &n[6], &n[7]
	ab := lerp(a.V, b.V, tz)
	cd := lerp(c.V, d.V, tz)
	ef := lerp(e.V, ff.V, tz)
	gk := lerp(gg.V, k.V, tz)
	xv0 := lerp(ab, cd, ty)
	xv1 := lerp(ef, gk, ty)
	var r noise.Sample
	r.V = lerp(xv0, xv1, tx)
	r.Dx = float32(F * (lerp(
		lerp(lerp(a.Dx, b.Dx, tz), lerp(c.Dx, d.Dx, tz), ty),
		lerp(lerp(e.Dx, ff.Dx, tz), lerp(gg.Dx, k.Dx, tz), ty), tx) +
		float32((xv1-xv0)*dtx)))
	r.Dy = float32(F * lerp(
		lerp(lerp(a.Dy, b.Dy, tz), lerp(c.Dy, d.Dy, tz), ty)+float32((cd-ab)*dty),
		lerp(lerp(e.Dy, ff.Dy, tz), lerp(gg.Dy, k.Dy, tz), ty)+float32((gk-ef)*dty), tx))
	r.Dz = float32(F * lerp(
		lerp(lerp(a.Dz, b.Dz, tz)+float32((b.V-a.V)*dtz), lerp(c.Dz, d.Dz, tz)+float32((d.V-c.V)*dtz), ty),
		lerp(lerp(e.Dz, ff.Dz, tz)+float32((ff.V-e.V)*dtz), lerp(gg.Dz, k.Dz, tz)+float32((k.V-gg.V)*dtz), ty), tx))
	return evaluateCombined(vp.comb, r)
}

// Value-only lattice noise: the v lines of lattice1D..3D, bit-identical.
// These are the hot paths; their corner loops keep every operation inline
// (Go does not inline the larger helpers, and a call spills every register).

// spanValue is getSpanNormal reduced to what the value needs: the lower
// corner, the offset g0 and the interpolator t of the clamped lattice
// coordinate c. (The clamp is the caller's: with it spanValue would not be
// inlined, and min and max instead of clampCoord's well-predicted branches
// put a dozen cycles of MINSS on every sample's critical path.)
func spanValue(c float32) (p0 int32, g0, t float32) {
	p0, f0 := floorWithFloat(c) // f0 is float32(p0), without a second conversion
	g0 = c - f0
	return p0, g0, smoothT(g0)
}

func latticeValue1D(vp *variantParams, h SmallXXHash, p point, f float32) float32 {
	x0, gx, tx := spanValue(clampCoord(float32(p.x * float32(f))))
	x1 := x0 + 1
	if vp.tiling {
		x0, x1 = wrapTiling(x0, f)
	}
	px := [2]int32{x0, x1}
	ox := [2]float32{gx, gx - 1}
	var n [2]float32
	for c := range n {
		v := h.Eat(px[c]).bits()
		if vp.grad == noise.GradientPerlin {
			n[c] = lineGradient(v, ox[c]).V
		} else {
			n[c] = valueGrads[uint8(v)]
		}
	}
	return combineValue(vp.comb, lerp(n[0], n[1], tx))
}

func latticeValue2D(vp *variantParams, h SmallXXHash, p point, f float32) float32 {
	k := float32(f)
	X, Z := float32(p.x*k), float32(p.z*k) // the clamp of the 2D value functions (sampler.go)
	if !inLattice(X, Z) {
		if X != X || Z != Z {
			return nan32
		}
		X, Z = clampLattice(X), clampLattice(Z)
	}
	x0, gx, tx := spanValue(X)
	z0, gz, tz := spanValue(Z)
	// the words' products with primeC (eatC): off the tiling lattice the
	// upper corners' are the lower ones' + primeC
	x0c, z0c := uint32(x0)*primeC, uint32(z0)*primeC
	x1c, z1c := x0c+primeC, z0c+primeC
	if vp.tiling {
		x0, x1 := wrapTiling(x0, f)
		z0, z1 := wrapTiling(z0, f)
		x0c, x1c, z0c, z1c = uint32(x0)*primeC, uint32(x1)*primeC, uint32(z0)*primeC, uint32(z1)*primeC
	}
	h0, h1 := h.eatC(x0c), h.eatC(x1c)
	// corners a, b, c, d: (x0, z0), (x0, z1), (x1, z0), (x1, z1)
	a, b := uint8(h0.eatC(z0c).Avalanche()), uint8(h0.eatC(z1c).Avalanche())
	c, d := uint8(h1.eatC(z0c).Avalanche()), uint8(h1.eatC(z1c).Avalanche())
	var na, nb, nc, nd float32
	if vp.grad != noise.GradientPerlin {
		na, nb, nc, nd = valueGrads[a], valueGrads[b], valueGrads[c], valueGrads[d]
	} else {
		gx1, gz1 := gx-1, gz-1
		na = squareDot(a, gx, gz)
		nb = squareDot(b, gx, gz1)
		nc = squareDot(c, gx1, gz)
		nd = squareDot(d, gx1, gz1)
	}
	return 0 + combineValue(vp.comb, lerp(lerp(na, nb, tz), lerp(nc, nd, tz), tx)) // 0 +: see valueAtFunc
}

// squareDot is the value of the Perlin 2D gradient of hash byte a at the
// offset (x, z): (gx·x + gy·z)·perlin2.
func squareDot(a uint8, x, z float32) float32 {
	return float32((float32(squareGX[a]*x) + float32(squareGY[a]*z)) * perlin2)
}

// squareGX and squareGY are the columns of squareGrads (squareVectors,
// as gradtable.go computes them), for latticeValue2D: a load each,
// indexed by the byte itself, where a row of squareGrads takes Go three
// address computations more a corner (measured: Perlin 2D ValueAt 5 %
// faster).
var squareGX, squareGY [256]float32

func init() {
	for b := range 256 {
		squareGX[b], squareGY[b] = squareVectors(hashBits(b))
	}
}

func latticeValue3D(vp *variantParams, h SmallXXHash, p point, f float32) float32 {
	F := float32(f)
	x0, gx, tx := spanValue(clampCoord(float32(p.x * F)))
	y0, gy, ty := spanValue(clampCoord(float32(p.y * F)))
	z0, gz, tz := spanValue(clampCoord(float32(p.z * F)))
	// the words' products with primeC (eatC), as in latticeValue2D
	x0c, y0c, z0c := uint32(x0)*primeC, uint32(y0)*primeC, uint32(z0)*primeC
	x1c, y1c, z1c := x0c+primeC, y0c+primeC, z0c+primeC
	if vp.tiling {
		x0, x1 := wrapTiling(x0, f)
		y0, y1 := wrapTiling(y0, f)
		z0, z1 := wrapTiling(z0, f)
		x0c, x1c, y0c, y1c = uint32(x0)*primeC, uint32(x1)*primeC, uint32(y0)*primeC, uint32(y1)*primeC
		z0c, z1c = uint32(z0)*primeC, uint32(z1)*primeC
	}
	h0, h1 := h.eatC(x0c), h.eatC(x1c)
	h00, h01, h10, h11 := h0.eatC(y0c), h0.eatC(y1c), h1.eatC(y0c), h1.eatC(y1c)
	// corners a, b, c, d, e, f, g, k: (x, y, z) bits x<<2 | y<<1 | z
	var n [8]float32
	if vp.grad == noise.GradientPerlin {
		gx1, gy1, gz1 := gx-1, gy-1, gz-1
		n = [8]float32{
			octaDot(h00.eatC(z0c), gx, gy, gz), octaDot(h00.eatC(z1c), gx, gy, gz1),
			octaDot(h01.eatC(z0c), gx, gy1, gz), octaDot(h01.eatC(z1c), gx, gy1, gz1),
			octaDot(h10.eatC(z0c), gx1, gy, gz), octaDot(h10.eatC(z1c), gx1, gy, gz1),
			octaDot(h11.eatC(z0c), gx1, gy1, gz), octaDot(h11.eatC(z1c), gx1, gy1, gz1),
		}
	} else {
		n = [8]float32{
			valueGrads[uint8(h00.eatC(z0c).Avalanche())], valueGrads[uint8(h00.eatC(z1c).Avalanche())],
			valueGrads[uint8(h01.eatC(z0c).Avalanche())], valueGrads[uint8(h01.eatC(z1c).Avalanche())],
			valueGrads[uint8(h10.eatC(z0c).Avalanche())], valueGrads[uint8(h10.eatC(z1c).Avalanche())],
			valueGrads[uint8(h11.eatC(z0c).Avalanche())], valueGrads[uint8(h11.eatC(z1c).Avalanche())],
		}
	}
	x0v := lerp(lerp(n[0], n[1], tz), lerp(n[2], n[3], tz), ty)
	x1v := lerp(lerp(n[4], n[5], tz), lerp(n[6], n[7], tz), ty)
	return combineValue(vp.comb, lerp(x0v, x1v, tx))
}

// octaDot is the value of the Perlin 3D gradient of hash h (its bytes A
// and D, folded) at the offset (x, y, z): (gx·x + gy·y + gz·z)·perlin3.
func octaDot(h SmallXXHash, x, y, z float32) float32 {
	v := h.Avalanche()
	gx, gy, gz := octahedronFold(&octaGrads[uint8(v)], &octaGrads[uint8(v>>24)])
	return float32(((float32(gx*x) + float32(gy*y)) + float32(gz*z)) * perlin3)
}

// lattice4D is the 4D lattice noise (docs/algorithms.md §2.6): the 16
// corners hashed H.Eat(x).Eat(y).Eat(z).Eat(w), blended along w, then z, y
// and x, the derivatives times F, then the combine step. It computes what
// the GLSL twin's recursion (lattice4Y, lattice4Z, lattice4W, lerpSample in
// lattice.glsl; in Go in lattice4_test.go, which checks the two agree bit
// for bit) gives, level by level over arrays of components: five-float
// samples are not kept in registers, and the recursion was five times
// slower.
func lattice4D(vp *variantParams, h SmallXXHash, p point, f float32) noise.Sample {
	x := getSpan(p.x, f, vp.tiling)
	y := getSpan(p.y, f, vp.tiling)
	z := getSpan(p.z, f, vp.tiling)
	w := getSpan(p.w, f, vp.tiling)
	hx := [2]SmallXXHash{h.Eat(x.p0), h.Eat(x.p1)}
	py, pz, pw := [2]int32{y.p0, y.p1}, [2]int32{z.p0, z.p1}, [2]int32{w.p0, w.p1}
	ox, oy := [2]float32{x.g0, x.g1}, [2]float32{y.g0, y.g1}
	oz, ow := [2]float32{z.g0, z.g1}, [2]float32{w.g0, w.g1}
	var v [16]float32    // corner (then node) values, index bits x<<3 | y<<2 | z<<1 | w
	var d [4][16]float32 // their derivatives along x, y, z and w
	for i := range v {   // evaluate4, written out on scalars
		hv := hx[i>>3&1].Eat(py[i>>2&1]).Eat(pz[i>>1&1]).Eat(pw[i&1]).bits()
		if vp.grad == noise.GradientPerlin {
			gx, gy, gz, gw := tesseractVectors(hv)
			dot := ((float32(gx*ox[i>>3&1]) + float32(gy*oy[i>>2&1])) + float32(gz*oz[i>>1&1])) + float32(gw*ow[i&1])
			v[i] = float32(dot * perlin4)
			d[0][i], d[1][i], d[2][i], d[3][i] = float32(gx*perlin4), float32(gy*perlin4), float32(gz*perlin4), float32(gw*perlin4)
		} else {
			v[i] = valueGrads[uint8(hv)] // derivatives 0
		}
	}
	for _, l := range [4]struct {
		s    *latticeSpan
		axis int
	}{{&w, 3}, {&z, 2}, {&y, 1}, {&x, 0}} {
		n := 8 >> (3 - l.axis) // nodes after this level: 8, 4, 2, 1
		t, dt := l.s.t, l.s.dt
		for i := 0; i < n; i++ { // lerpSample(node 2i, node 2i+1), in place
			lo, hi := 2*i, 2*i+1
			dv := float32((v[hi] - v[lo]) * dt)
			for a := range d {
				d[a][i] = lerp(d[a][lo], d[a][hi], t)
			}
			d[l.axis][i] = d[l.axis][i] + dv
			v[i] = lerp(v[lo], v[hi], t)
		}
	}
	F := float32(f)
	r := noise.Sample{V: v[0], Dx: float32(F * d[0][0]), Dy: float32(F * d[1][0]), Dz: float32(F * d[2][0]), Dw: float32(F * d[3][0])}
	return evaluateCombined(vp.comb, r)
}

// latticeValue4D is lattice4D reduced to the value, bit-identical to its
// v: the 16 corner values (index bits x<<3 | y<<2 | z<<1 | w), then the
// lerps along w, z, y and x, as lerpSample's v.
func latticeValue4D(vp *variantParams, h SmallXXHash, p point, f float32) float32 {
	x := getSpan(p.x, f, vp.tiling)
	y := getSpan(p.y, f, vp.tiling)
	z := getSpan(p.z, f, vp.tiling)
	w := getSpan(p.w, f, vp.tiling)
	hx := [2]SmallXXHash{h.Eat(x.p0), h.Eat(x.p1)}
	py, pz, pw := [2]int32{y.p0, y.p1}, [2]int32{z.p0, z.p1}, [2]int32{w.p0, w.p1}
	ox, oy := [2]float32{x.g0, x.g1}, [2]float32{y.g0, y.g1}
	oz, ow := [2]float32{z.g0, z.g1}, [2]float32{w.g0, w.g1}
	var c [16]float32
	for i := range c {
		v := hx[i>>3&1].Eat(py[i>>2&1]).Eat(pz[i>>1&1]).Eat(pw[i&1]).bits()
		if vp.grad == noise.GradientPerlin {
			gx, gy, gz, gw := tesseractVectors(v)
			dot := ((float32(gx*ox[i>>3&1]) + float32(gy*oy[i>>2&1])) + float32(gz*oz[i>>1&1])) + float32(gw*ow[i&1])
			c[i] = float32(dot * perlin4)
		} else {
			c[i] = valueGrads[uint8(v)]
		}
	}
	var a [8]float32
	for i := range a {
		a[i] = lerp(c[2*i], c[2*i+1], w.t)
	}
	var b [4]float32
	for i := range b {
		b[i] = lerp(a[2*i], a[2*i+1], z.t)
	}
	return combineValue(vp.comb, lerp(lerp(b[0], b[1], y.t), lerp(b[2], b[3], y.t), x.t))
}
