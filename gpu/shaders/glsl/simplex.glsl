// simplex.glsl mirrors cpu/simplex.go (docs/algorithms.md §3). There is no tiling variant.

// simplexKernel1 is Simplex1D.Kernel: falloff (1 - x^2)^3 times the gradient.
Sample simplexKernel1(int g, uint h, int l, float X) {
	precise float x = X - float(l);
	precise float f = 1.0 - x * x;
	Sample s = evaluate1(g, h, x);
	precise float v = ((f * s.v) * f) * f;
	precise float dx = ((f * s.dx - (6.0 * x) * s.v) * f) * f;
	return Sample(v, dx, 0.0, 0.0);
}

// simplex1D is Simplex1D<G>.
Sample simplex1D(VariantParams vp, uint h, vec4 p, int f) {
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
	return Sample(v, dx, 0.0, dz);
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
Sample simplex2D(VariantParams vp, uint h, vec4 p, int f) {
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
	return Sample(v, dx, dy, dz);
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
Sample simplex3D(VariantParams vp, uint h, vec4 p, int f) {
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
