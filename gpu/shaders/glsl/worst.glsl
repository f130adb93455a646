// worst.glsl emulates the least precise GPU that GLSL 4.30 §4.7.1 allows,
// for the operations it does not require to be correctly rounded. With
// Precision worst, every `a / b`, sqrt, inversesqrt, exp and log of the
// noise code (wherever it is written) is replaced by the function below of
// the same name: the reference GPU's result (llvmpipe: correctly rounded
// for / and sqrt) moved by the largest error the specification permits, up
// or down as a hash of the operands and of the place in the code says, and
// flushed to zero where it is subnormal (§4.7.1 lets any operation flush
// subnormals). These functions are added after the rewrite, so their own
// operations are the GPU's.

// worstHash mixes two words into the direction bits.
uint worstHash(uint a, uint b) {
	uint h = a * 0x9E3779B1u ^ (b + 0x7F4A7C15u) * 0x85EBCA77u;
	h ^= h >> 15;
	h *= 0x2C1B3C6Du;
	h ^= h >> 12;
	return h;
}

// worstMove moves r by ulps units in the last place of r, up in magnitude
// when bit 0 of h is set and down otherwise, never across zero or to
// infinity; zero, infinity and NaN stay, and a subnormal result becomes
// zero. Moving up across a power of two, where the steps double, it stops
// one step short when a full step would go past ulps units of r.
float worstMove(float r, int ulps, uint h) {
	uint b = floatBitsToUint(r);
	uint sign = b & 0x80000000u;
	int m0 = int(b & 0x7FFFFFFFu);
	if (m0 == 0 || m0 >= 0x7F800000) {
		return r;
	}
	bool up = (h & 1u) != 0u;
	int m = up ? min(m0 + ulps, 0x7F7FFFFF) : max(m0 - ulps, 0);
	int field = m0 >> 23;
	if (up && (m >> 23) > field && field >= 24) {
		// Units of r: 2^(field − 150). Past the power of two each step is 2.
		int below = (field + 1) * 0x00800000 - m0; // steps up to the power of two
		m = m0 + below + ((ulps - below) >> 1);
	}
	if (m < 0x00800000) {
		return uintBitsToFloat(sign);
	}
	return uintBitsToFloat(sign | uint(m));
}

// worstDiv: a / b within 2.5 ULP. The correctly rounded quotient (within
// 0.5 ULP) moved by 2 ULP.
float worstDiv(float a, float b, uint site) {
	precise float r = a / b;
	return worstMove(r, 2, worstHash(floatBitsToUint(a) ^ site, floatBitsToUint(b)));
}

// worstInversesqrt: inversesqrt within 2 ULP. 1 / sqrt(x), within about 1
// ULP on the reference GPU, moved by 1 ULP.
float worstInversesqrt(float x) {
	precise float r = 1.0 / sqrt(x);
	return worstMove(r, 1, worstHash(floatBitsToUint(x), 0x5157u));
}

// worstSqrt: sqrt is inherited from 1.0 / inversesqrt(x).
float worstSqrt(float x) { return worstDiv(1.0, worstInversesqrt(x), 0x53515254u); }

// worstExp: exp within 3 + 2|x| ULP. The reference GPU's exp (not
// correctly rounded: 1.5 ULP are left for its own error) moved by the rest.
float worstExp(float x) {
	precise float r = exp(x);
	int ulps = int(min(1.5 + 2.0 * abs(x), 1000.0));
	return worstMove(r, ulps, worstHash(floatBitsToUint(x), 0x45585055u));
}

// worstExp2 is worstExp for exp2.
float worstExp2(float x) {
	precise float r = exp2(x);
	int ulps = int(min(1.5 + 2.0 * abs(x), 1000.0));
	return worstMove(r, ulps, worstHash(floatBitsToUint(x), 0x45585032u));
}

// worstLogOf moves the reference GPU's logarithm r of x: inside [0.5, 2]
// by 0.75·2^-21 (the bound is an absolute error below 2^-21), outside by 1
// ULP (the bound is 3 ULP; the rest is left for the GPU's own error).
float worstLogOf(float r, float x, uint salt) {
	uint h = worstHash(floatBitsToUint(x), salt);
	if (x >= 0.5 && x <= 2.0) {
		precise float e = 0.75 * uintBitsToFloat(0x35000000u); // 2^-21
		precise float moved = (h & 1u) != 0u ? r + e : r - e;
		return worstMove(moved, 0, h);
	}
	return worstMove(r, 1, h);
}

float worstLog(float x) {
	precise float r = log(x);
	return worstLogOf(r, x, 0x4C4F4745u);
}

float worstLog2(float x) {
	precise float r = log2(x);
	return worstLogOf(r, x, 0x4C4F4732u);
}

// worstPow: pow is inherited from exp2(y · log2(x)).
float worstPow(float x, float y) {
	precise float e = y * worstLog2(x);
	return worstExp2(e);
}
