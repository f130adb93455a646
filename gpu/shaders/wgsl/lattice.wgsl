// lattice.wgsl mirrors cpu/lattice.go (glsl/lattice.glsl; the full
// functions: the compiler drops the derivative work when only the value is
// stored).

// VariantParams is what a noise function needs besides the position, the
// octave hash and the octave frequency (cpu.variantParams).
struct VariantParams {
	dims: i32,
	tiling: bool,
	grad: i32,
	comb: i32,
	metric: i32,
	function: i32,
	// Voronoi jitter (docs/algorithms.md §4.1): a cell point's coordinate F
	// becomes (F·jitter) + jitterC; jit is false for jitter 1 (F itself).
	jit: bool,
	jitter: f32,
	jitterC: f32,
}

// LatticeSpan is one axis of a lattice cell (docs/algorithms.md §2).
struct LatticeSpan {
	p0: i32, p1: i32, // lower and upper corner indices (wrapped when tiling)
	g0: f32, g1: f32, // offset from the unwrapped lower corner, and g0 - 1
	t: f32, dt: f32,  // smoothed interpolator s(g0) and its derivative s'(g0)
}

// smoothT is the quintic interpolator 6u^5 - 15u^4 + 10u^3 (docs/algorithms.md §2).
fn smoothT(u: f32) -> f32 {
	let r = ((u * u) * u) * (u * (u * 6.0 - 15.0) + 10.0);
	return r;
}

// smoothDt is its derivative 30u^4 - 60u^3 + 30u^2.
fn smoothDt(u: f32) -> f32 {
	let r = (u * u) * (u * (u * 30.0 - 60.0) + 30.0);
	return r;
}

// getSpanNormal is LatticeNormal.GetSpan (docs/algorithms.md §2).
fn getSpanNormal(c: f32, f: f32) -> LatticeSpan {
	let cc = clampCoord(c * f32(f));
	let p0 = floorToInt(cc);
	let g0 = cc - f32(p0);
	let g1 = g0 - 1.0;
	return LatticeSpan(p0, p0 + 1, g0, g1, smoothT(g0), smoothDt(g0));
}

// wrapTiling turns a lower corner index into the wrapped pair (p0, p1) of
// the tiling lattice: p0 = p mod f (floor-mod), p1 = p0 + 1 or 0 at f. The
// negative case is folded onto non-negative operands, as in the GLSL.
fn wrapTiling(p: i32, ff: f32) -> vec2i {
	let f = i32(ff); // a tiling octave frequency is a whole number up to 2^24 (cpu period)
	let p0 = select(f - 1 - (-(p + 1)) % f, p % f, p >= 0);
	var p1 = p0 + 1;
	if (p1 == f) {
		p1 = 0;
	}
	return vec2i(p0, p1);
}

// getSpanTiling is LatticeTiling.GetSpan (docs/algorithms.md §2).
fn getSpanTiling(c: f32, f: f32) -> LatticeSpan {
	var s = getSpanNormal(c, f);
	let w = wrapTiling(s.p0, f);
	s.p0 = w.x;
	s.p1 = w.y;
	return s;
}

// getSpan picks the lattice: normal or tiling.
fn getSpan(c: f32, f: f32, tiling: bool) -> LatticeSpan {
	if (tiling) {
		return getSpanTiling(c, f);
	}
	return getSpanNormal(c, f);
}

// validateSingleStep wraps a tiled index that had -1, 0 or +1 added back
// into [0, f) (docs/algorithms.md §2); the normal lattice leaves it alone.
fn validateSingleStep(p0: i32, ff: f32, tiling: bool) -> i32 {
	var p = p0;
	if (tiling) {
		let f = i32(ff);
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
fn lattice1D(vp: VariantParams, h: u32, p: vec4f, f: f32) -> Sample {
	let px = p.x;
	let x = getSpan(px, f, vp.tiling);
	let a = evaluate1(vp.grad, Eat(h, x.p0), x.g0);
	let b = evaluate1(vp.grad, Eat(h, x.p1), x.g1);
	let rv = lerp(a.v, b.v, x.t);
	let rdx = f32(f) * (lerp(a.dx, b.dx, x.t) + (b.v - a.v) * x.dt);
	return evaluateCombined(vp.comb, Sample(rv, rdx, 0.0, 0.0, 0.0));
}

// lattice2D is Lattice2D<L, G> over X and Z (docs/algorithms.md §2).
fn lattice2D(vp: VariantParams, h: u32, p: vec4f, f: f32) -> Sample {
	let px = p.x; let pz = p.z;
	let x = getSpan(px, f, vp.tiling);
	let z = getSpan(pz, f, vp.tiling);
	let h0 = Eat(h, x.p0); let h1 = Eat(h, x.p1);
	let g = vp.grad;
	let a = evaluate2(g, Eat(h0, z.p0), x.g0, z.g0);
	let b = evaluate2(g, Eat(h0, z.p1), x.g0, z.g1);
	let c = evaluate2(g, Eat(h1, z.p0), x.g1, z.g0);
	let d = evaluate2(g, Eat(h1, z.p1), x.g1, z.g1);
	let ab = lerp(a.v, b.v, z.t);
	let cd = lerp(c.v, d.v, z.t);
	let F = f32(f);
	let rv = lerp(ab, cd, x.t);
	let rdx = F * (lerp(lerp(a.dx, b.dx, z.t), lerp(c.dx, d.dx, z.t), x.t) + (cd - ab) * x.dt);
	let rdz = F * lerp(
		lerp(a.dz, b.dz, z.t) + (b.v - a.v) * z.dt,
		lerp(c.dz, d.dz, z.t) + (d.v - c.v) * z.dt, x.t);
	return evaluateCombined(vp.comb, Sample(rv, rdx, 0.0, rdz, 0.0));
}

// lattice3D is Lattice3D<L, G> (docs/algorithms.md §2).
fn lattice3D(vp: VariantParams, h: u32, p: vec4f, f: f32) -> Sample {
	let px = p.x; let py = p.y; let pz = p.z;
	let x = getSpan(px, f, vp.tiling);
	let y = getSpan(py, f, vp.tiling);
	let z = getSpan(pz, f, vp.tiling);
	let h0 = Eat(h, x.p0); let h1 = Eat(h, x.p1);
	let h00 = Eat(h0, y.p0); let h01 = Eat(h0, y.p1);
	let h10 = Eat(h1, y.p0); let h11 = Eat(h1, y.p1);
	let g = vp.grad;
	let a = evaluate3(g, Eat(h00, z.p0), x.g0, y.g0, z.g0);
	let b = evaluate3(g, Eat(h00, z.p1), x.g0, y.g0, z.g1);
	let c = evaluate3(g, Eat(h01, z.p0), x.g0, y.g1, z.g0);
	let d = evaluate3(g, Eat(h01, z.p1), x.g0, y.g1, z.g1);
	let e = evaluate3(g, Eat(h10, z.p0), x.g1, y.g0, z.g0);
	let ff = evaluate3(g, Eat(h10, z.p1), x.g1, y.g0, z.g1);
	let gg = evaluate3(g, Eat(h11, z.p0), x.g1, y.g1, z.g0);
	let k = evaluate3(g, Eat(h11, z.p1), x.g1, y.g1, z.g1);
	let ab = lerp(a.v, b.v, z.t);
	let cd = lerp(c.v, d.v, z.t);
	let ef = lerp(e.v, ff.v, z.t);
	let gk = lerp(gg.v, k.v, z.t);
	let x0 = lerp(ab, cd, y.t);
	let x1 = lerp(ef, gk, y.t);
	let F = f32(f);
	let rv = lerp(x0, x1, x.t);
	let rdx = F * (lerp(
		lerp(lerp(a.dx, b.dx, z.t), lerp(c.dx, d.dx, z.t), y.t),
		lerp(lerp(e.dx, ff.dx, z.t), lerp(gg.dx, k.dx, z.t), y.t), x.t) +
		(x1 - x0) * x.dt);
	let rdy = F * lerp(
		lerp(lerp(a.dy, b.dy, z.t), lerp(c.dy, d.dy, z.t), y.t) + (cd - ab) * y.dt,
		lerp(lerp(e.dy, ff.dy, z.t), lerp(gg.dy, k.dy, z.t), y.t) + (gk - ef) * y.dt, x.t);
	let rdz = F * lerp(
		lerp(lerp(a.dz, b.dz, z.t) + (b.v - a.v) * z.dt, lerp(c.dz, d.dz, z.t) + (d.v - c.v) * z.dt, y.t),
		lerp(lerp(e.dz, ff.dz, z.t) + (ff.v - e.v) * z.dt, lerp(gg.dz, k.dz, z.t) + (k.v - gg.v) * z.dt, y.t), x.t);
	return evaluateCombined(vp.comb, Sample(rv, rdx, rdy, rdz, 0.0));
}

// lerpSample blends the samples lo and hi at the two ends of one axis of a
// lattice cell (docs/algorithms.md §2.6, 4D): every component is lerped
// with s.t, and the axis's own derivative (0–3: x, y, z, w) gains
// (hi.v − lo.v)·s.dt.
fn lerpSample(lo: Sample, hi: Sample, s: LatticeSpan, axis: i32) -> Sample {
	let t = s.t;
	var r = Sample(lerp(lo.v, hi.v, t), lerp(lo.dx, hi.dx, t), lerp(lo.dy, hi.dy, t),
		lerp(lo.dz, hi.dz, t), lerp(lo.dw, hi.dw, t));
	let d = (hi.v - lo.v) * s.dt;
	let dx = r.dx + d; let dy = r.dy + d; let dz = r.dz + d; let dw = r.dw + d;
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
fn lattice4W(vp: VariantParams, hxyz: u32, ox: f32, oy: f32, oz: f32, w: LatticeSpan) -> Sample {
	let a = evaluate4(vp.grad, Eat(hxyz, w.p0), ox, oy, oz, w.g0);
	let b = evaluate4(vp.grad, Eat(hxyz, w.p1), ox, oy, oz, w.g1);
	return lerpSample(a, b, w, 3);
}

// lattice4Z blends along z the two w-blends under the hash hxy.
fn lattice4Z(vp: VariantParams, hxy: u32, ox: f32, oy: f32, z: LatticeSpan, w: LatticeSpan) -> Sample {
	return lerpSample(lattice4W(vp, Eat(hxy, z.p0), ox, oy, z.g0, w), lattice4W(vp, Eat(hxy, z.p1), ox, oy, z.g1, w), z, 2);
}

// lattice4Y blends along y the two z-blends under the hash hx.
fn lattice4Y(vp: VariantParams, hx: u32, ox: f32, y: LatticeSpan, z: LatticeSpan, w: LatticeSpan) -> Sample {
	return lerpSample(lattice4Z(vp, Eat(hx, y.p0), ox, y.g0, z, w), lattice4Z(vp, Eat(hx, y.p1), ox, y.g1, z, w), y, 1);
}

// lattice4D is the 4D lattice noise (docs/algorithms.md §2.6): the 16
// corners hashed H.Eat(x).Eat(y).Eat(z).Eat(w), blended along w, then z, y
// and x, the derivatives times F, then the combine step.
fn lattice4D(vp: VariantParams, h: u32, p: vec4f, f: f32) -> Sample {
	let x = getSpan(p.x, f, vp.tiling);
	let y = getSpan(p.y, f, vp.tiling);
	let z = getSpan(p.z, f, vp.tiling);
	let w = getSpan(p.w, f, vp.tiling);
	let r = lerpSample(lattice4Y(vp, Eat(h, x.p0), x.g0, y, z, w), lattice4Y(vp, Eat(h, x.p1), x.g1, y, z, w), x, 0);
	let F = f32(f);
	let dx = F * r.dx; let dy = F * r.dy; let dz = F * r.dz; let dw = F * r.dw;
	return evaluateCombined(vp.comb, Sample(r.v, dx, dy, dz, dw));
}
