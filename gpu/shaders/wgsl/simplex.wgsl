// simplex.wgsl mirrors cpu/simplex.go (glsl/simplex.glsl; docs/algorithms.md
// §3). There is no tiling variant. The sums of the skew and of the corner
// offsets are fenced (common.wgsl): a compiler that reassociated
// (X + Y) + Z near the coordinate limit moved the cell.

// simplexKernel1 is Simplex1D.Kernel: falloff (1 - x^2)^3 times the gradient.
fn simplexKernel1(g: i32, h: u32, l: i32, X: f32) -> Sample {
	let x = X - f32(l);
	let f = 1.0 - x * x;
	let s = evaluate1(g, h, x);
	let v = ((f * s.v) * f) * f;
	let dx = ((f * s.dx - (6.0 * x) * s.v) * f) * f;
	return Sample(v, dx, 0.0, 0.0, 0.0);
}

// simplex1D is Simplex1D<G>.
fn simplex1D(vp: VariantParams, h: u32, p: vec4f, f: f32) -> Sample {
	let px = p.x;
	let k = f32(f);
	let X = clampCoord(px * k);
	let x0 = floorToInt(X);
	let x1 = x0 + 1;
	let sum = sampleAdd(simplexKernel1(vp.grad, Eat(h, x0), x0, X), simplexKernel1(vp.grad, Eat(h, x1), x1, X));
	var s = evaluateCombined(vp.comb, sum);
	let dx = s.dx * k;
	s.dx = dx;
	return s;
}

// kernelMask is the 2D/3D falloff scale: 8 inside the kernel, 0 outside.
fn kernelMask(f: f32) -> f32 { return maskNonNegative(f, 8.0); }

// simplexKernel2 is Simplex2D.Kernel: 8(1/2 - x^2 - z^2)^3 times the gradient.
fn simplexKernel2(g: i32, h: u32, lx: i32, lz: i32, X: f32, Z: f32) -> Sample {
	let u = (f32(lx) + f32(lz)) * unskew2;
	let x = fence(X - f32(lx)) + u;
	let z = fence(Z - f32(lz)) + u;
	let f = (0.5 - x * x) - z * z;
	let s = evaluate2(g, h, x, z);
	let m = kernelMask(f);
	let v = (((f * s.v) * f) * f) * m;
	let dx = (((f * s.dx - (6.0 * x) * s.v) * f) * f) * m;
	let dz = (((f * s.dz - (6.0 * z) * s.v) * f) * f) * m;
	return Sample(v, dx, 0.0, dz, 0.0);
}

// SimplexCell2 is the skewed cell of a 2D simplex sample: corners (x0, z0)
// and (x1, z1) always, plus (xC, zC) = (x1, z0) when the skewed X fraction
// exceeds the Z fraction (xGz), else (x0, z1).
struct SimplexCell2 {
	x0: i32, z0: i32, x1: i32, z1: i32, xC: i32, zC: i32,
	xGz: bool,
}

fn getSimplexCell2(X: f32, Z: f32) -> SimplexCell2 {
	let sk = (X + Z) * skew2;
	let sx = X + sk; let sz = Z + sk;
	var c: SimplexCell2;
	c.x0 = floorToInt(sx);
	c.z0 = floorToInt(sz);
	c.x1 = c.x0 + 1;
	c.z1 = c.z0 + 1;
	let fx = sx - f32(c.x0); let fz = sz - f32(c.z0);
	c.xGz = fx > fz;
	c.xC = c.x0;
	c.zC = c.z1;
	if (c.xGz) {
		c.xC = c.x1;
		c.zC = c.z0;
	}
	return c;
}

// simplex2D is Simplex2D<G> over X and Z.
fn simplex2D(vp: VariantParams, h: u32, p: vec4f, f: f32) -> Sample {
	let px = p.x; let pz = p.z;
	let k = f32(f) * invSqrt3;
	let X = clampCoord(px * k);
	let Z = clampCoord(pz * k);
	let c = getSimplexCell2(X, Z);
	let h0 = Eat(h, c.x0); let h1 = Eat(h, c.x1);
	let hC = SelectHash(h0, h1, c.xGz);
	let g = vp.grad;
	let sum = sampleAdd(sampleAdd(simplexKernel2(g, Eat(h0, c.z0), c.x0, c.z0, X, Z),
		simplexKernel2(g, Eat(h1, c.z1), c.x1, c.z1, X, Z)),
		simplexKernel2(g, Eat(hC, c.zC), c.xC, c.zC, X, Z));
	var s = evaluateCombined(vp.comb, sum);
	let dx = s.dx * k; let dz = s.dz * k;
	s.dx = dx;
	s.dz = dz;
	return s;
}

// simplexKernel3 is Simplex3D.Kernel: 8(1/2 - |x|^2)^3 times the gradient.
fn simplexKernel3(g: i32, h: u32, lx: i32, ly: i32, lz: i32, X: f32, Y: f32, Z: f32) -> Sample {
	let u = fence(fence(f32(lx) + f32(ly)) + f32(lz)) * unskew3;
	let x = fence(X - f32(lx)) + u;
	let y = fence(Y - f32(ly)) + u;
	let z = fence(Z - f32(lz)) + u;
	let f = ((0.5 - x * x) - y * y) - z * z;
	let s = evaluate3(g, h, x, y, z);
	let m = kernelMask(f);
	let v = (((f * s.v) * f) * f) * m;
	let dx = (((f * s.dx - (6.0 * x) * s.v) * f) * f) * m;
	let dy = (((f * s.dy - (6.0 * y) * s.v) * f) * f) * m;
	let dz = (((f * s.dz - (6.0 * z) * s.v) * f) * f) * m;
	return Sample(v, dx, dy, dz, 0.0);
}

// SimplexCell3 is the skewed cell of a 3D simplex sample and the two
// variable corners A and B of its tetrahedron (docs/algorithms.md §3 truth table).
struct SimplexCell3 {
	x0: i32, y0: i32, z0: i32,
	xA: bool, xB: bool, // corner A/B use x1 (else x0)
	xa: i32, ya: i32, za: i32,
	xb: i32, yb: i32, zb: i32,
}

fn b2i(b: bool) -> i32 { return select(0, 1, b); }

fn getSimplexCell3(X: f32, Y: f32, Z: f32) -> SimplexCell3 {
	let sk = fence(fence(X + Y) + Z) * skew3;
	let sx = X + sk; let sy = Y + sk; let sz = Z + sk;
	var c: SimplexCell3;
	c.x0 = floorToInt(sx);
	c.y0 = floorToInt(sy);
	c.z0 = floorToInt(sz);
	let fx = sx - f32(c.x0); let fy = sy - f32(c.y0); let fz = sz - f32(c.z0);
	let xGy = fx > fy; let xGz = fx > fz; let yGz = fy > fz;
	c.xA = xGy && xGz;
	c.xB = xGy || (xGz && yGz);
	let yA = !xGy && yGz;
	let yB = !xGy || (xGz && yGz);
	let zA = (xGy && !xGz) || (!xGy && !yGz);
	let zB = !(xGz && yGz);
	c.xa = c.x0 + b2i(c.xA);
	c.ya = c.y0 + b2i(yA);
	c.za = c.z0 + b2i(zA);
	c.xb = c.x0 + b2i(c.xB);
	c.yb = c.y0 + b2i(yB);
	c.zb = c.z0 + b2i(zB);
	return c;
}

// simplex3D is Simplex3D<G>.
fn simplex3D(vp: VariantParams, h: u32, p: vec4f, f: f32) -> Sample {
	let px = p.x; let py = p.y; let pz = p.z;
	let k = f32(f) * scale3;
	let X = clampCoord(px * k);
	let Y = clampCoord(py * k);
	let Z = clampCoord(pz * k);
	let c = getSimplexCell3(X, Y, Z);
	let x1 = c.x0 + 1; let y1 = c.y0 + 1; let z1 = c.z0 + 1;
	let h0 = Eat(h, c.x0); let h1 = Eat(h, x1);
	let hA = SelectHash(h0, h1, c.xA); let hB = SelectHash(h0, h1, c.xB);
	let g = vp.grad;
	let sum = sampleAdd(sampleAdd(sampleAdd(
		simplexKernel3(g, Eat(Eat(h0, c.y0), c.z0), c.x0, c.y0, c.z0, X, Y, Z),
		simplexKernel3(g, Eat(Eat(h1, y1), z1), x1, y1, z1, X, Y, Z)),
		simplexKernel3(g, Eat(Eat(hA, c.ya), c.za), c.xa, c.ya, c.za, X, Y, Z)),
		simplexKernel3(g, Eat(Eat(hB, c.yb), c.zb), c.xb, c.yb, c.zb, X, Y, Z));
	var s = evaluateCombined(vp.comb, sum);
	let dx = s.dx * k; let dy = s.dy * k; let dz = s.dz * k;
	s.dx = dx;
	s.dy = dy;
	s.dz = dz;
	return s;
}

// simplexKernel4 is the 4D kernel, 8(1/2 − |x|²)³ times the gradient, as
// simplexKernel3 with a fourth axis.
fn simplexKernel4(g: i32, h: u32, lx: i32, ly: i32, lz: i32, lw: i32, X: f32, Y: f32, Z: f32, W: f32) -> Sample {
	let u = fence(fence(fence(f32(lx) + f32(ly)) + f32(lz)) + f32(lw)) * unskew4;
	let x = fence(X - f32(lx)) + u;
	let y = fence(Y - f32(ly)) + u;
	let z = fence(Z - f32(lz)) + u;
	let w = fence(W - f32(lw)) + u;
	let f = (((0.5 - x * x) - y * y) - z * z) - w * w;
	let s = evaluate4(g, h, x, y, z, w);
	let m = kernelMask(f);
	let v = (((f * s.v) * f) * f) * m;
	let dx = (((f * s.dx - (6.0 * x) * s.v) * f) * f) * m;
	let dy = (((f * s.dy - (6.0 * y) * s.v) * f) * f) * m;
	let dz = (((f * s.dz - (6.0 * z) * s.v) * f) * f) * m;
	let dw = (((f * s.dw - (6.0 * w) * s.v) * f) * f) * m;
	return Sample(v, dx, dy, dz, dw);
}

// simplexRank is the rank (0–3) of one skewed fraction among the four:
// how many of the other three it beats. An axis beats another when its
// fraction is greater, ties going to the later axis.
fn simplexRank(beats1: bool, beats2: bool, beats3: bool) -> i32 { return b2i(beats1) + b2i(beats2) + b2i(beats3); }

// getSimplexCell4 finds the skewed cell of a 4D simplex sample at the
// scaled position P: its lower corner l0 and the ranks r of the axes'
// skewed fractions (docs/algorithms.md §3.7).
fn getSimplexCell4(P: vec4f, l0: ptr<function, vec4i>, r: ptr<function, vec4i>) {
	let sk = fence(fence(fence(P.x + P.y) + P.z) + P.w) * skew4;
	let sx = P.x + sk; let sy = P.y + sk; let sz = P.z + sk; let sw = P.w + sk;
	let l = vec4i(floorToInt(sx), floorToInt(sy), floorToInt(sz), floorToInt(sw));
	*l0 = l;
	let fx = sx - f32(l.x); let fy = sy - f32(l.y); let fz = sz - f32(l.z); let fw = sw - f32(l.w);
	let xGy = fx > fy; let xGz = fx > fz; let xGw = fx > fw; let yGz = fy > fz; let yGw = fy > fw; let zGw = fz > fw;
	*r = vec4i(simplexRank(xGy, xGz, xGw), simplexRank(!xGy, yGz, yGw),
		simplexRank(!xGz, !yGz, zGw), simplexRank(!xGw, !yGw, !zGw));
}

// simplexCorner4 is the kernel of corner c (0–4) of the 4D simplex whose
// skewed cell has the lower corner l0 and whose axes have the ranks r:
// corner c is l0 plus 1 on every axis of rank 4 − c or more.
fn simplexCorner4(g: i32, h: u32, l0: vec4i, r: vec4i, c: i32, P: vec4f) -> Sample {
	let lx = l0.x + b2i(r.x >= 4 - c); let ly = l0.y + b2i(r.y >= 4 - c);
	let lz = l0.z + b2i(r.z >= 4 - c); let lw = l0.w + b2i(r.w >= 4 - c);
	return simplexKernel4(g, Eat(Eat(Eat(Eat(h, lx), ly), lz), lw), lx, ly, lz, lw, P.x, P.y, P.z, P.w);
}

// simplex4D is the 4D simplex noise (docs/algorithms.md §3.7): the five
// corners of the simplex walk from the skewed cell's lower corner to its
// upper one along the axes in decreasing order of the skewed fractions.
fn simplex4D(vp: VariantParams, h: u32, p: vec4f, f: f32) -> Sample {
	let k = f32(f) * scale4;
	let X = clampCoord(p.x * k);
	let Y = clampCoord(p.y * k);
	let Z = clampCoord(p.z * k);
	let W = clampCoord(p.w * k);
	let P = vec4f(X, Y, Z, W);
	var l0: vec4i;
	var r: vec4i;
	getSimplexCell4(P, &l0, &r);
	let g = vp.grad;
	let sum = sampleAdd(sampleAdd(sampleAdd(sampleAdd(
		simplexCorner4(g, h, l0, r, 0, P), simplexCorner4(g, h, l0, r, 1, P)),
		simplexCorner4(g, h, l0, r, 2, P)), simplexCorner4(g, h, l0, r, 3, P)),
		simplexCorner4(g, h, l0, r, 4, P));
	var s = evaluateCombined(vp.comb, sum);
	let dx = s.dx * k; let dy = s.dy * k; let dz = s.dz * k; let dw = s.dw * k;
	s.dx = dx;
	s.dy = dy;
	s.dz = dz;
	s.dw = dw;
	return s;
}
