// simplex.glsl mirrors cpu/simplex.go (docs/algorithms.md §3). There is no tiling variant.

// simplexKernel1 is Simplex1D.Kernel: falloff (1 - x^2)^3 times the gradient.
Sample simplexKernel1(int g, uint h, int l, float X) {
	precise float x = X - float(l);
	precise float f = 1.0 - x * x;
	Sample s = evaluate1(g, h, x);
	precise float v = ((f * s.v) * f) * f;
	precise float dx = ((f * s.dx - (6.0 * x) * s.v) * f) * f;
	return Sample(v, dx, 0.0, 0.0, 0.0);
}

// simplex1D is Simplex1D<G>.
Sample simplex1D(VariantParams vp, uint h, vec4 p, float f) {
	float px = p.x;
	precise float k = float(f);
	precise float X = clampCoord(px * k);
	int x0 = floorToInt(X);
	int x1 = x0 + 1;
	Sample sum = sampleAdd(simplexKernel1(vp.grad, Eat(h, x0), x0, X), simplexKernel1(vp.grad, Eat(h, x1), x1, X));
	Sample s = evaluateCombined(vp.comb, sum);
	precise float dx = s.dx * k;
	s.dx = dx;
	return s;
}

// kernelMask is the 2D/3D falloff scale: 8 inside the kernel, 0 outside.
float kernelMask(float f) { return maskNonNegative(f, 8.0); }

// simplexKernel2 is Simplex2D.Kernel: 8(1/2 - x^2 - z^2)^3 times the gradient.
Sample simplexKernel2(int g, uint h, int lx, int lz, float X, float Z) {
	precise float u = (float(lx) + float(lz)) * unskew2;
	precise float x = (X - float(lx)) + u;
	precise float z = (Z - float(lz)) + u;
	precise float f = (0.5 - x * x) - z * z;
	Sample s = evaluate2(g, h, x, z);
	float m = kernelMask(f);
	precise float v = (((f * s.v) * f) * f) * m;
	precise float dx = (((f * s.dx - (6.0 * x) * s.v) * f) * f) * m;
	precise float dz = (((f * s.dz - (6.0 * z) * s.v) * f) * f) * m;
	return Sample(v, dx, 0.0, dz, 0.0);
}

// SimplexCell2 is the skewed cell of a 2D simplex sample: corners (x0, z0)
// and (x1, z1) always, plus (xC, zC) = (x1, z0) when the skewed X fraction
// exceeds the Z fraction (xGz), else (x0, z1).
struct SimplexCell2 {
	int x0, z0, x1, z1, xC, zC;
	bool xGz;
};

SimplexCell2 getSimplexCell2(float X, float Z) {
	precise float sk = (X + Z) * skew2;
	precise float sx = X + sk, sz = Z + sk;
	SimplexCell2 c;
	c.x0 = floorToInt(sx);
	c.z0 = floorToInt(sz);
	c.x1 = c.x0 + 1;
	c.z1 = c.z0 + 1;
	precise float fx = sx - float(c.x0), fz = sz - float(c.z0);
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
Sample simplex2D(VariantParams vp, uint h, vec4 p, float f) {
	float px = p.x, pz = p.z;
	precise float k = float(f) * invSqrt3;
	precise float X = clampCoord(px * k);
	precise float Z = clampCoord(pz * k);
	SimplexCell2 c = getSimplexCell2(X, Z);
	uint h0 = Eat(h, c.x0), h1 = Eat(h, c.x1);
	uint hC = SelectHash(h0, h1, c.xGz);
	int g = vp.grad;
	Sample sum = sampleAdd(sampleAdd(simplexKernel2(g, Eat(h0, c.z0), c.x0, c.z0, X, Z),
		simplexKernel2(g, Eat(h1, c.z1), c.x1, c.z1, X, Z)),
		simplexKernel2(g, Eat(hC, c.zC), c.xC, c.zC, X, Z));
	Sample s = evaluateCombined(vp.comb, sum);
	precise float dx = s.dx * k, dz = s.dz * k;
	s.dx = dx;
	s.dz = dz;
	return s;
}

// simplexKernel3 is Simplex3D.Kernel: 8(1/2 - |x|^2)^3 times the gradient.
Sample simplexKernel3(int g, uint h, int lx, int ly, int lz, float X, float Y, float Z) {
	precise float u = ((float(lx) + float(ly)) + float(lz)) * unskew3;
	precise float x = (X - float(lx)) + u;
	precise float y = (Y - float(ly)) + u;
	precise float z = (Z - float(lz)) + u;
	precise float f = ((0.5 - x * x) - y * y) - z * z;
	Sample s = evaluate3(g, h, x, y, z);
	float m = kernelMask(f);
	precise float v = (((f * s.v) * f) * f) * m;
	precise float dx = (((f * s.dx - (6.0 * x) * s.v) * f) * f) * m;
	precise float dy = (((f * s.dy - (6.0 * y) * s.v) * f) * f) * m;
	precise float dz = (((f * s.dz - (6.0 * z) * s.v) * f) * f) * m;
	return Sample(v, dx, dy, dz, 0.0);
}

// SimplexCell3 is the skewed cell of a 3D simplex sample and the two
// variable corners A and B of its tetrahedron (docs/algorithms.md §3 truth table).
struct SimplexCell3 {
	int x0, y0, z0;
	bool xA, xB; // corner A/B use x1 (else x0)
	int xa, ya, za;
	int xb, yb, zb;
};

int b2i(bool b) { return b ? 1 : 0; }

SimplexCell3 getSimplexCell3(float X, float Y, float Z) {
	precise float sk = ((X + Y) + Z) * skew3;
	precise float sx = X + sk, sy = Y + sk, sz = Z + sk;
	SimplexCell3 c;
	c.x0 = floorToInt(sx);
	c.y0 = floorToInt(sy);
	c.z0 = floorToInt(sz);
	precise float fx = sx - float(c.x0), fy = sy - float(c.y0), fz = sz - float(c.z0);
	bool xGy = fx > fy, xGz = fx > fz, yGz = fy > fz;
	c.xA = xGy && xGz;
	c.xB = xGy || (xGz && yGz);
	bool yA = !xGy && yGz;
	bool yB = !xGy || (xGz && yGz);
	bool zA = (xGy && !xGz) || (!xGy && !yGz);
	bool zB = !(xGz && yGz);
	c.xa = c.x0 + b2i(c.xA);
	c.ya = c.y0 + b2i(yA);
	c.za = c.z0 + b2i(zA);
	c.xb = c.x0 + b2i(c.xB);
	c.yb = c.y0 + b2i(yB);
	c.zb = c.z0 + b2i(zB);
	return c;
}

// simplex3D is Simplex3D<G>.
Sample simplex3D(VariantParams vp, uint h, vec4 p, float f) {
	float px = p.x, py = p.y, pz = p.z;
	precise float k = float(f) * scale3;
	precise float X = clampCoord(px * k);
	precise float Y = clampCoord(py * k);
	precise float Z = clampCoord(pz * k);
	SimplexCell3 c = getSimplexCell3(X, Y, Z);
	int x1 = c.x0 + 1, y1 = c.y0 + 1, z1 = c.z0 + 1;
	uint h0 = Eat(h, c.x0), h1 = Eat(h, x1);
	uint hA = SelectHash(h0, h1, c.xA), hB = SelectHash(h0, h1, c.xB);
	int g = vp.grad;
	Sample sum = sampleAdd(sampleAdd(sampleAdd(
		simplexKernel3(g, Eat(Eat(h0, c.y0), c.z0), c.x0, c.y0, c.z0, X, Y, Z),
		simplexKernel3(g, Eat(Eat(h1, y1), z1), x1, y1, z1, X, Y, Z)),
		simplexKernel3(g, Eat(Eat(hA, c.ya), c.za), c.xa, c.ya, c.za, X, Y, Z)),
		simplexKernel3(g, Eat(Eat(hB, c.yb), c.zb), c.xb, c.yb, c.zb, X, Y, Z));
	Sample s = evaluateCombined(vp.comb, sum);
	precise float dx = s.dx * k, dy = s.dy * k, dz = s.dz * k;
	s.dx = dx;
	s.dy = dy;
	s.dz = dz;
	return s;
}

// simplexKernel4 is the 4D kernel, 8(1/2 − |x|²)³ times the gradient, as
// simplexKernel3 with a fourth axis.
Sample simplexKernel4(int g, uint h, int lx, int ly, int lz, int lw, float X, float Y, float Z, float W) {
	precise float u = (((float(lx) + float(ly)) + float(lz)) + float(lw)) * unskew4;
	precise float x = (X - float(lx)) + u;
	precise float y = (Y - float(ly)) + u;
	precise float z = (Z - float(lz)) + u;
	precise float w = (W - float(lw)) + u;
	precise float f = (((0.5 - x * x) - y * y) - z * z) - w * w;
	Sample s = evaluate4(g, h, x, y, z, w);
	float m = kernelMask(f);
	precise float v = (((f * s.v) * f) * f) * m;
	precise float dx = (((f * s.dx - (6.0 * x) * s.v) * f) * f) * m;
	precise float dy = (((f * s.dy - (6.0 * y) * s.v) * f) * f) * m;
	precise float dz = (((f * s.dz - (6.0 * z) * s.v) * f) * f) * m;
	precise float dw = (((f * s.dw - (6.0 * w) * s.v) * f) * f) * m;
	return Sample(v, dx, dy, dz, dw);
}

// simplexRank is the rank (0–3) of one skewed fraction among the four:
// how many of the other three it beats. An axis beats another when its
// fraction is greater, ties going to the later axis.
int simplexRank(bool beats1, bool beats2, bool beats3) { return b2i(beats1) + b2i(beats2) + b2i(beats3); }

// getSimplexCell4 finds the skewed cell of a 4D simplex sample at the
// scaled position P: its lower corner l0 and the ranks r of the axes'
// skewed fractions (docs/algorithms.md §3.7).
void getSimplexCell4(vec4 P, out ivec4 l0, out ivec4 r) {
	precise float sk = (((P.x + P.y) + P.z) + P.w) * skew4;
	precise float sx = P.x + sk, sy = P.y + sk, sz = P.z + sk, sw = P.w + sk;
	l0 = ivec4(floorToInt(sx), floorToInt(sy), floorToInt(sz), floorToInt(sw));
	precise float fx = sx - float(l0.x), fy = sy - float(l0.y), fz = sz - float(l0.z), fw = sw - float(l0.w);
	bool xGy = fx > fy, xGz = fx > fz, xGw = fx > fw, yGz = fy > fz, yGw = fy > fw, zGw = fz > fw;
	r = ivec4(simplexRank(xGy, xGz, xGw), simplexRank(!xGy, yGz, yGw),
		simplexRank(!xGz, !yGz, zGw), simplexRank(!xGw, !yGw, !zGw));
}

// simplexCorner4 is the kernel of corner c (0–4) of the 4D simplex whose
// skewed cell has the lower corner l0 and whose axes have the ranks r:
// corner c is l0 plus 1 on every axis of rank 4 − c or more.
Sample simplexCorner4(int g, uint h, ivec4 l0, ivec4 r, int c, vec4 P) {
	int lx = l0.x + b2i(r.x >= 4 - c), ly = l0.y + b2i(r.y >= 4 - c);
	int lz = l0.z + b2i(r.z >= 4 - c), lw = l0.w + b2i(r.w >= 4 - c);
	return simplexKernel4(g, Eat(Eat(Eat(Eat(h, lx), ly), lz), lw), lx, ly, lz, lw, P.x, P.y, P.z, P.w);
}

// simplex4D is the 4D simplex noise (docs/algorithms.md §3.7): the five
// corners of the simplex walk from the skewed cell's lower corner to its
// upper one along the axes in decreasing order of the skewed fractions.
Sample simplex4D(VariantParams vp, uint h, vec4 p, float f) {
	precise float k = float(f) * scale4;
	precise float X = clampCoord(p.x * k);
	precise float Y = clampCoord(p.y * k);
	precise float Z = clampCoord(p.z * k);
	precise float W = clampCoord(p.w * k);
	vec4 P = vec4(X, Y, Z, W);
	ivec4 l0, r;
	getSimplexCell4(P, l0, r);
	int g = vp.grad;
	Sample sum = sampleAdd(sampleAdd(sampleAdd(sampleAdd(
		simplexCorner4(g, h, l0, r, 0, P), simplexCorner4(g, h, l0, r, 1, P)),
		simplexCorner4(g, h, l0, r, 2, P)), simplexCorner4(g, h, l0, r, 3, P)),
		simplexCorner4(g, h, l0, r, 4, P));
	Sample s = evaluateCombined(vp.comb, sum);
	precise float dx = s.dx * k, dy = s.dy * k, dz = s.dz * k, dw = s.dw * k;
	s.dx = dx;
	s.dy = dy;
	s.dz = dz;
	s.dw = dw;
	return s;
}
