// gradient.glsl mirrors cpu/gradient.go.

// The gradient kinds (gradValue, gradPerlin, gradSimplex) and combine steps
// (combineNone, ...) are macros generated from package noise's Gradient and
// Combiner (shaders.go, enumDefines).

// valueGradient is the Value gradient, (A*2) - 1, in every dimension.
float valueGradient(uint v) { precise float r = Floats01A(v) * 2.0 - 1.0; return r; }

// lineGradient is BaseGradients.Line: l = (1 + A) * ±1 with the sign from
// hash bit 8; v = l*x, dx = l.
Sample lineGradient(uint v, float x) {
	precise float l = 1.0 + Floats01A(v);
	if ((v & 256u) != 0u) {
		l = -l;
	}
	precise float lv = l * x;
	return Sample(lv, l, 0.0, 0.0, 0.0);
}

// squareVectors is BaseGradients.SquareVectors: (gx, gy) on the diamond.
vec2 squareVectors(uint v) {
	precise float gx = Floats01A(v) * 2.0 - 1.0;
	precise float gy = 0.5 - abs32(gx);
	gx = gx - float(floorToInt(gx + 0.5));
	return vec2(gx, gy);
}

// foldOctahedron folds the lower half of the octahedron outward:
// off = max(−gz, 0), then g += (g < 0) ? off : −off for x and y, on the bits.
vec2 foldOctahedron(float gx, float gy, float gz) {
	uint b = floatBitsToUint(-gz);
	uint off = b & ~uint(int(b) >> 31);
	float fx = uintBitsToFloat(off | (~floatBitsToUint(gx) & signMask));
	float fy = uintBitsToFloat(off | (~floatBitsToUint(gy) & signMask));
	precise float rx = gx + fx, ry = gy + fy;
	return vec2(rx, ry);
}

// octahedronVectors is BaseGradients.OctahedronVectors.
vec3 octahedronVectors(uint v) {
	precise float gx = Floats01A(v) * 2.0 - 1.0;
	precise float gy = Floats01D(v) * 2.0 - 1.0;
	precise float gz = (1.0 - abs32(gx)) - abs32(gy);
	vec2 f = foldOctahedron(gx, gy, gz);
	return vec3(f.x, f.y, gz);
}

// squareGradient is BaseGradients.Square: v = gx*x + gy*z, d = (gx, gy).
Sample squareGradient(uint v, float x, float z) {
	vec2 g = squareVectors(v);
	precise float sv = g.x * x + g.y * z;
	return Sample(sv, g.x, 0.0, g.y, 0.0);
}

// circleGradient is BaseGradients.Circle: the square gradient normalised.
Sample circleGradient(uint v, float x, float z) {
	vec2 g = squareVectors(v);
	precise float r = div32(1.0, sqrt32(g.x * g.x + g.y * g.y));
	precise float sv = g.x * x + g.y * z;
	return sampleScale(Sample(sv, g.x, 0.0, g.y, 0.0), r);
}

// octahedronGradient is BaseGradients.Octahedron.
Sample octahedronGradient(uint v, float x, float y, float z) {
	vec3 g = octahedronVectors(v);
	precise float sv = (g.x * x + g.y * y) + g.z * z;
	return Sample(sv, g.x, g.y, g.z, 0.0);
}

// sphereGradient is BaseGradients.Sphere: the octahedron gradient normalised.
Sample sphereGradient(uint v, float x, float y, float z) {
	vec3 g = octahedronVectors(v);
	precise float r = div32(1.0, sqrt32((g.x * g.x + g.y * g.y) + g.z * g.z));
	precise float sv = (g.x * x + g.y * y) + g.z * z;
	return sampleScale(Sample(sv, g.x, g.y, g.z, 0.0), r);
}

// evaluate1 is IGradient.Evaluate(hash, x) for gradient g.
Sample evaluate1(int g, uint h, float x) {
	uint v = Bits(h);
	if (g == gradPerlin) {
		return lineGradient(v, x);
	}
	if (g == gradSimplex) {
		return sampleScale(lineGradient(v, x), simplex1);
	}
	return Sample(valueGradient(v), 0.0, 0.0, 0.0, 0.0);
}

// evaluate2 is IGradient.Evaluate(hash, x, z) for gradient g.
Sample evaluate2(int g, uint h, float x, float z) {
	uint v = Bits(h);
	if (g == gradPerlin) {
		return sampleScale(squareGradient(v, x, z), perlin2);
	}
	if (g == gradSimplex) {
		return sampleScale(circleGradient(v, x, z), simplex2);
	}
	return Sample(valueGradient(v), 0.0, 0.0, 0.0, 0.0);
}

// evaluate3 is IGradient.Evaluate(hash, x, y, z) for gradient g.
Sample evaluate3(int g, uint h, float x, float y, float z) {
	uint v = Bits(h);
	if (g == gradPerlin) {
		return sampleScale(octahedronGradient(v, x, y, z), perlin3);
	}
	if (g == gradSimplex) {
		return sampleScale(sphereGradient(v, x, y, z), simplex3);
	}
	return Sample(valueGradient(v), 0.0, 0.0, 0.0, 0.0);
}

// smoothstepSample is Smoothstep<G>.EvaluateCombined on an already combined
// sample: v' = 3v^2 - 2v^3, d' = 6v(1-v) d.
Sample smoothstepSample(Sample s) {
	precise float v = s.v;
	precise float k = (6.0 * v) * (1.0 - v);
	precise float dx = s.dx * k, dy = s.dy * k, dz = s.dz * k, dw = s.dw * k;
	precise float sv = v * (v * (3.0 - 2.0 * v));
	return Sample(sv, dx, dy, dz, dw);
}

// clampValue limits a lattice or simplex noise's raw value (the blend or
// the kernel sum) to [−1, 1], its range, before the combine step: the
// float32 arithmetic can overshoot it, by rounding and near the edge of the
// coordinate range (docs/algorithms.md §2.5, §9.1). Never NaN here (a NaN
// position is evaluated at the origin, §9.3).
float clampValue(float v) { return clampMag(v, 1.0); }

// evaluateCombined applies the combine step c to s (docs/algorithms.md
// §2.5): the value clamped to [−1, 1] (clampValue; the derivatives are
// left as computed), then turbulence or smooth turbulence.
Sample evaluateCombined(int c, Sample s) {
	s.v = clampValue(s.v);
	if (c == combineNone) {
		return s;
	}
	// Turbulence: the derivative's sign follows the value's sign.
	if (!(s.v >= 0.0)) {
		s.dx = -s.dx;
		s.dy = -s.dy;
		s.dz = -s.dz;
		s.dw = -s.dw;
	}
	s.v = abs32(s.v);
	if (c == combineSmoothTurbulence) {
		return smoothstepSample(s);
	}
	return s;
}

// tesseractAxis is component a (0–3: x, y, z, w) of the 4D gradient with
// index i (0–31): the 32 midpoints of the tesseract's edges, every
// permutation of (0, ±1, ±1, ±1) (docs/algorithms.md §2.4). Axis i >> 3 is
// 0; the other three, in axis order, are −1 where bits 2, 1 and 0 of i
// are set, else +1.
float tesseractAxis(uint i, uint a) {
	uint zero = i >> 3u;
	if (a == zero) {
		return 0.0;
	}
	uint k = a;
	if (a > zero) {
		k = a - 1u;
	}
	if (((i >> (2u - k)) & 1u) != 0u) {
		return -1.0;
	}
	return 1.0;
}

// tesseractVectors is the 4D gradient vector of a hash: index v >> 27,
// the avalanched hash's top five bits.
vec4 tesseractVectors(uint v) {
	uint i = v >> 27u;
	return vec4(tesseractAxis(i, 0u), tesseractAxis(i, 1u), tesseractAxis(i, 2u), tesseractAxis(i, 3u));
}

// tesseractGradient is the 4D gradient: v = g·(x, y, z, w), d = g.
Sample tesseractGradient(uint v, float x, float y, float z, float w) {
	vec4 g = tesseractVectors(v);
	precise float sv = ((g.x * x + g.y * y) + g.z * z) + g.w * w;
	return Sample(sv, g.x, g.y, g.z, g.w);
}

// evaluate4 is Evaluate(hash, x, y, z, w) for gradient g: Perlin and
// simplex share the tesseract vectors (all of length √3), with their own
// normalisation; simplex4 includes the 1/√3.
Sample evaluate4(int g, uint h, float x, float y, float z, float w) {
	uint v = Bits(h);
	if (g == gradPerlin) {
		return sampleScale(tesseractGradient(v, x, y, z, w), perlin4);
	}
	if (g == gradSimplex) {
		return sampleScale(tesseractGradient(v, x, y, z, w), simplex4);
	}
	return Sample(valueGradient(v), 0.0, 0.0, 0.0, 0.0);
}
