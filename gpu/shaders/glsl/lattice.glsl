// lattice.glsl mirrors cpu/lattice.go (the full functions; the GPU compiler
// drops the derivative work when only the value is stored, which is what
// the Go value-only fast paths do by hand).

// VariantParams is what a noise function needs besides the position, the
// octave hash and the octave frequency (cpu.variantParams).
struct VariantParams {
	int dims;
	bool tiling;
	int grad;
	int comb;
	int metric;
	int function;
	// Voronoi jitter (docs/algorithms.md §4.1): a cell point's coordinate F
	// becomes (F·jitter) + jitterC; jit is false for jitter 1 (F itself).
	bool jit;
	float jitter, jitterC;
};

// LatticeSpan is one axis of a lattice cell (docs/algorithms.md §2).
struct LatticeSpan {
	int p0, p1;   // lower and upper corner indices (wrapped when tiling)
	float g0, g1; // offset from the unwrapped lower corner, and g0 - 1
	float t, dt;  // smoothed interpolator s(g0) and its derivative s'(g0)
};

// smoothT is the quintic interpolator 6u^5 - 15u^4 + 10u^3 (docs/algorithms.md §2).
float smoothT(float u) {
	precise float r = ((u * u) * u) * (u * (u * 6.0 - 15.0) + 10.0);
	return r;
}

// smoothDt is its derivative 30u^4 - 60u^3 + 30u^2.
float smoothDt(float u) {
	precise float r = (u * u) * (u * (u * 30.0 - 60.0) + 30.0);
	return r;
}

// getSpanNormal is LatticeNormal.GetSpan (docs/algorithms.md §2).
LatticeSpan getSpanNormal(float c, float f) {
	precise float cc = clampCoord(c * float(f));
	int p0 = floorToInt(cc);
	precise float g0 = cc - float(p0);
	precise float g1 = g0 - 1.0;
	return LatticeSpan(p0, p0 + 1, g0, g1, smoothT(g0), smoothDt(g0));
}

// wrapTiling turns a lower corner index into the wrapped pair (p0, p1) of
// the tiling lattice: p0 = p mod f (floor-mod), p1 = p0 + 1 or 0 at f.
// GLSL leaves % of a negative operand undefined, so the negative case is
// folded onto non-negative operands: the same result as Go's p%f + f.
ivec2 wrapTiling(int p, float ff) {
	int f = int(ff); // a tiling octave frequency is a whole number up to 2^24 (cpu period)
	int p0 = p >= 0 ? p % f : f - 1 - (-(p + 1)) % f;
	int p1 = p0 + 1;
	if (p1 == f) {
		p1 = 0;
	}
	return ivec2(p0, p1);
}

// getSpanTiling is LatticeTiling.GetSpan (docs/algorithms.md §2).
LatticeSpan getSpanTiling(float c, float f) {
	LatticeSpan s = getSpanNormal(c, f);
	ivec2 w = wrapTiling(s.p0, f);
	s.p0 = w.x;
	s.p1 = w.y;
	return s;
}

// getSpan picks the lattice: normal or tiling.
LatticeSpan getSpan(float c, float f, bool tiling) {
	if (tiling) {
		return getSpanTiling(c, f);
	}
	return getSpanNormal(c, f);
}

// validateSingleStep wraps a tiled index that had -1, 0 or +1 added back
// into [0, f) (docs/algorithms.md §2); the normal lattice leaves it alone.
int validateSingleStep(int p, float ff, bool tiling) {
	if (tiling) {
		int f = int(ff);
		if (p == f) {
			p = 0;
		}
		if (p == -1) {
			p = f - 1;
		}
	}
	return p;
}

// lattice1D is Lattice1D<L, G> (docs/algorithms.md §2).
Sample lattice1D(VariantParams vp, uint h, vec4 p, float f) {
	float px = p.x;
	LatticeSpan x = getSpan(px, f, vp.tiling);
	Sample a = evaluate1(vp.grad, Eat(h, x.p0), x.g0);
	Sample b = evaluate1(vp.grad, Eat(h, x.p1), x.g1);
	precise float rv = lerp(a.v, b.v, x.t);
	precise float rdx = float(f) * (lerp(a.dx, b.dx, x.t) + (b.v - a.v) * x.dt);
	return evaluateCombined(vp.comb, Sample(rv, rdx, 0.0, 0.0, 0.0));
}

// lattice2D is Lattice2D<L, G> over X and Z (docs/algorithms.md §2).
Sample lattice2D(VariantParams vp, uint h, vec4 p, float f) {
	float px = p.x, pz = p.z;
	LatticeSpan x = getSpan(px, f, vp.tiling);
	LatticeSpan z = getSpan(pz, f, vp.tiling);
	uint h0 = Eat(h, x.p0), h1 = Eat(h, x.p1);
	int g = vp.grad;
	Sample a = evaluate2(g, Eat(h0, z.p0), x.g0, z.g0);
	Sample b = evaluate2(g, Eat(h0, z.p1), x.g0, z.g1);
	Sample c = evaluate2(g, Eat(h1, z.p0), x.g1, z.g0);
	Sample d = evaluate2(g, Eat(h1, z.p1), x.g1, z.g1);
	precise float ab = lerp(a.v, b.v, z.t);
	precise float cd = lerp(c.v, d.v, z.t);
	precise float F = float(f);
	precise float rv = lerp(ab, cd, x.t);
	precise float rdx = F * (lerp(lerp(a.dx, b.dx, z.t), lerp(c.dx, d.dx, z.t), x.t) + (cd - ab) * x.dt);
	precise float rdz = F * lerp(
		lerp(a.dz, b.dz, z.t) + (b.v - a.v) * z.dt,
		lerp(c.dz, d.dz, z.t) + (d.v - c.v) * z.dt, x.t);
	return evaluateCombined(vp.comb, Sample(rv, rdx, 0.0, rdz, 0.0));
}

// lattice3D is Lattice3D<L, G> (docs/algorithms.md §2).
Sample lattice3D(VariantParams vp, uint h, vec4 p, float f) {
	float px = p.x, py = p.y, pz = p.z;
	LatticeSpan x = getSpan(px, f, vp.tiling);
	LatticeSpan y = getSpan(py, f, vp.tiling);
	LatticeSpan z = getSpan(pz, f, vp.tiling);
	uint h0 = Eat(h, x.p0), h1 = Eat(h, x.p1);
	uint h00 = Eat(h0, y.p0), h01 = Eat(h0, y.p1);
	uint h10 = Eat(h1, y.p0), h11 = Eat(h1, y.p1);
	int g = vp.grad;
	Sample a = evaluate3(g, Eat(h00, z.p0), x.g0, y.g0, z.g0);
	Sample b = evaluate3(g, Eat(h00, z.p1), x.g0, y.g0, z.g1);
	Sample c = evaluate3(g, Eat(h01, z.p0), x.g0, y.g1, z.g0);
	Sample d = evaluate3(g, Eat(h01, z.p1), x.g0, y.g1, z.g1);
	Sample e = evaluate3(g, Eat(h10, z.p0), x.g1, y.g0, z.g0);
	Sample ff = evaluate3(g, Eat(h10, z.p1), x.g1, y.g0, z.g1);
	Sample gg = evaluate3(g, Eat(h11, z.p0), x.g1, y.g1, z.g0);
	Sample k = evaluate3(g, Eat(h11, z.p1), x.g1, y.g1, z.g1);
	precise float ab = lerp(a.v, b.v, z.t);
	precise float cd = lerp(c.v, d.v, z.t);
	precise float ef = lerp(e.v, ff.v, z.t);
	precise float gk = lerp(gg.v, k.v, z.t);
	precise float x0 = lerp(ab, cd, y.t);
	precise float x1 = lerp(ef, gk, y.t);
	precise float F = float(f);
	precise float rv = lerp(x0, x1, x.t);
	precise float rdx = F * (lerp(
		lerp(lerp(a.dx, b.dx, z.t), lerp(c.dx, d.dx, z.t), y.t),
		lerp(lerp(e.dx, ff.dx, z.t), lerp(gg.dx, k.dx, z.t), y.t), x.t) +
		(x1 - x0) * x.dt);
	precise float rdy = F * lerp(
		lerp(lerp(a.dy, b.dy, z.t), lerp(c.dy, d.dy, z.t), y.t) + (cd - ab) * y.dt,
		lerp(lerp(e.dy, ff.dy, z.t), lerp(gg.dy, k.dy, z.t), y.t) + (gk - ef) * y.dt, x.t);
	precise float rdz = F * lerp(
		lerp(lerp(a.dz, b.dz, z.t) + (b.v - a.v) * z.dt, lerp(c.dz, d.dz, z.t) + (d.v - c.v) * z.dt, y.t),
		lerp(lerp(e.dz, ff.dz, z.t) + (ff.v - e.v) * z.dt, lerp(gg.dz, k.dz, z.t) + (k.v - gg.v) * z.dt, y.t), x.t);
	return evaluateCombined(vp.comb, Sample(rv, rdx, rdy, rdz, 0.0));
}

// lerpSample blends the samples lo and hi at the two ends of one axis of a
// lattice cell (docs/algorithms.md §2.6, 4D): every component is lerped
// with s.t, and the axis's own derivative (0–3: x, y, z, w) gains
// (hi.v − lo.v)·s.dt.
Sample lerpSample(Sample lo, Sample hi, LatticeSpan s, int axis) {
	float t = s.t;
	Sample r = Sample(lerp(lo.v, hi.v, t), lerp(lo.dx, hi.dx, t), lerp(lo.dy, hi.dy, t),
		lerp(lo.dz, hi.dz, t), lerp(lo.dw, hi.dw, t));
	precise float d = (hi.v - lo.v) * s.dt;
	precise float dx = r.dx + d, dy = r.dy + d, dz = r.dz + d, dw = r.dw + d;
	if (axis == 0) {
		r.dx = dx;
	} else if (axis == 1) {
		r.dy = dy;
	} else if (axis == 2) {
		r.dz = dz;
	} else {
		r.dw = dw;
	}
	return r;
}

// lattice4W blends the two corners along w under the hash hxyz of the
// corner's x, y and z indices, with offsets ox, oy, oz on those axes.
Sample lattice4W(VariantParams vp, uint hxyz, float ox, float oy, float oz, LatticeSpan w) {
	Sample a = evaluate4(vp.grad, Eat(hxyz, w.p0), ox, oy, oz, w.g0);
	Sample b = evaluate4(vp.grad, Eat(hxyz, w.p1), ox, oy, oz, w.g1);
	return lerpSample(a, b, w, 3);
}

// lattice4Z blends along z the two w-blends under the hash hxy.
Sample lattice4Z(VariantParams vp, uint hxy, float ox, float oy, LatticeSpan z, LatticeSpan w) {
	return lerpSample(lattice4W(vp, Eat(hxy, z.p0), ox, oy, z.g0, w), lattice4W(vp, Eat(hxy, z.p1), ox, oy, z.g1, w), z, 2);
}

// lattice4Y blends along y the two z-blends under the hash hx.
Sample lattice4Y(VariantParams vp, uint hx, float ox, LatticeSpan y, LatticeSpan z, LatticeSpan w) {
	return lerpSample(lattice4Z(vp, Eat(hx, y.p0), ox, y.g0, z, w), lattice4Z(vp, Eat(hx, y.p1), ox, y.g1, z, w), y, 1);
}

// lattice4D is the 4D lattice noise (docs/algorithms.md §2.6): the 16
// corners hashed H.Eat(x).Eat(y).Eat(z).Eat(w), blended along w, then z, y
// and x, the derivatives times F, then the combine step.
Sample lattice4D(VariantParams vp, uint h, vec4 p, float f) {
	LatticeSpan x = getSpan(p.x, f, vp.tiling);
	LatticeSpan y = getSpan(p.y, f, vp.tiling);
	LatticeSpan z = getSpan(p.z, f, vp.tiling);
	LatticeSpan w = getSpan(p.w, f, vp.tiling);
	Sample r = lerpSample(lattice4Y(vp, Eat(h, x.p0), x.g0, y, z, w), lattice4Y(vp, Eat(h, x.p1), x.g1, y, z, w), x, 0);
	precise float F = float(f);
	precise float dx = F * r.dx, dy = F * r.dy, dz = F * r.dz, dw = F * r.dw;
	return evaluateCombined(vp.comb, Sample(r.v, dx, dy, dz, dw));
}
