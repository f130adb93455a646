// arith.glsl is the noise code's division, square root, exp and log: the
// operations GLSL does not require a GPU to round correctly (GLSL 4.30
// §4.7.1: a / b within 2.5 ULP, sqrt inherited from 1.0 / inversesqrt
// (2 ULP), exp within 3 + 2|x| ULP, log within 3 ULP or 2^-21). It has no
// Go twin: in Go these are the correctly rounded `/` and math.Sqrt.
//
// With NOISE_ARITH_EXACT set, div32, divide and sqrt32 are correctly rounded
// (round to nearest even) from +, − and × alone, which GLSL requires to be
// correctly rounded, all `precise`: the GPU's own / and sqrt only give the
// first guess, which an exact residual (Dekker's product) corrects and an
// exact test of the half-way points rounds. The result is then the same
// bits on every conforming GPU, subnormal quotients included (a GPU may
// still flush a subnormal result to zero where it is used). exp32 and log32
// stay the GPU's own in every mode (only smooth Worley's log-sum-exp uses
// them).

// The exact machinery is always defined (unused functions cost nothing):
// smooth Worley takes its distances' square roots exactly in every mode.

// twoSum returns (s, e): s = a + b rounded, and s + e = a + b exactly
// (Knuth's TwoSum).
vec2 twoSum(float a, float b) {
	precise float s = a + b;
	precise float bb = s - a;
	precise float e = (a - (s - bb)) + (b - bb);
	return vec2(s, e);
}

// veltkampSplit returns (hi, lo): a = hi + lo with 12 significant bits in
// each, so that products of the halves are exact.
vec2 veltkampSplit(float a) {
	precise float c = 4097.0 * a;
	precise float hi = c - (c - a);
	precise float lo = a - hi;
	return vec2(hi, lo);
}

// productError returns e with a·b = p + e exactly, where p is a·b rounded
// and b holds the factor's Veltkamp halves (Dekker's TwoProduct without a
// fused multiply-add).
float productError(float a, vec2 b, float p) {
	vec2 x = veltkampSplit(a);
	precise float e = (((x.x * b.x - p) + x.x * b.y) + x.y * b.x) + x.y * b.y;
	return e;
}

// significand returns |a| scaled into [1, 2) and sets e to its exponent:
// |a| = m·2^e. a is finite and non-zero; subnormal a is normalised on the
// bits, so no float operation sees it.
float significand(float a, out int e) {
	uint b = floatBitsToUint(a) & 0x7FFFFFFFu;
	int field = int(b >> 23);
	uint frac = b & 0x007FFFFFu;
	int shift = field == 0 ? 23 - findMSB(frac) : 0; // subnormal: normalise
	e = (field == 0 ? 1 - shift : field) - 127;
	return uintBitsToFloat(((frac << shift) & 0x007FFFFFu) | 0x3F800000u);
}

// scaleByPow2 returns m·2^k for positive m in [0.5, 4) when the result is
// a normal number (or overflows), on the bits.
float scaleByPow2(float m, int k) {
	uint b = floatBitsToUint(m);
	return uintBitsToFloat(int(b >> 23) + k >= 255 ? 0x7F800000u : b + (uint(k) << 23));
}

// roundSubnormal returns m·2^k rounded to the subnormal grid, on the
// integer bits, for positive m in [0.5, 2) already rounded to 24 bits and
// int(bits of m >> 23) + k < 1. Rounding twice errs only when m lies
// exactly half-way between two subnormals; then above (the sign of the
// exact value minus m: +1, -1, or 0 when m is exact) decides.
float roundSubnormal(float m, int k, int above) {
	uint b = floatBitsToUint(m);
	int shift = 1 - (int(b >> 23) + k);
	if (shift > 25) {
		return 0.0;
	}
	uint mant = (b & 0x007FFFFFu) | 0x00800000u;
	uint keep = mant >> shift;
	uint rest = mant & ((1u << shift) - 1u);
	uint halfway = 1u << (shift - 1);
	if (rest > halfway || rest == halfway && (above > 0 || above == 0 && (keep & 1u) != 0u)) {
		keep++;
	}
	return uintBitsToFloat(keep);
}

// ulpUp and ulpDown are the gaps from positive normal x to the next float
// above and below it (they differ at powers of two).
float ulpUp(float x) { return uintBitsToFloat((floatBitsToUint(x) & 0x7F800000u) - 0x0B800000u); }

float ulpDown(float x) {
	uint b = floatBitsToUint(x);
	uint up = (b & 0x7F800000u) - 0x0B800000u;
	return uintBitsToFloat((b & 0x007FFFFFu) == 0u ? up - 0x00800000u : up);
}

// beyond returns a number with the sign of r − h − hh, exactly, where
// r = r.x + r.y is an exact residual (a TwoSum pair) and h, hh are exact
// corrections (products of powers of two and significands). Every term is
// a multiple of 2^-50 below 2^-19 (see divide and sqrt32), so the rounding
// error of r.x − h, r.y and hh add exactly, and the last sum, rounded,
// keeps the sign of the exact total.
float beyond(vec2 r, float h, float hh) {
	vec2 s = twoSum(r.x, -h);
	precise float v = s.x + ((s.y + r.y) - hh);
	return v;
}

// Divisor is b prepared for correctly rounded division, so that several
// numerators share the work: its significand B in [1, 2) with exponent e,
// sign, an approximation y of 1/B (the GPU's), and B's Veltkamp halves.
// special marks a zero, infinite or NaN b, which divideExact leaves to the
// GPU.
struct Divisor {
	float b;
	float B;
	int e;
	uint sign;
	float y;
	vec2 halves;
	bool special;
};

Divisor exactDivisor(float b) {
	uint ub = floatBitsToUint(b) & 0x7FFFFFFFu;
	Divisor d;
	d.b = b;
	d.e = 0;
	d.special = ub == 0u || ub >= 0x7F800000u;
	d.sign = floatBitsToUint(b) & 0x80000000u;
	d.B = d.special ? 1.0 : significand(b, d.e);
	precise float y = 1.0 / d.B;
	d.y = y;
	d.halves = veltkampSplit(d.B);
	return d;
}

// quotientResidual returns A − Q·B exactly, as a TwoSum pair: with
// Q·B = p + e (Dekker), A − p is exact (Sterbenz: Q is within a few ULP of
// A/B, so p is within a factor 2 of A).
vec2 quotientResidual(float A, Divisor d, float Q) {
	precise float p = Q * d.B;
	float e = productError(Q, d.halves, p);
	precise float x = A - p;
	return twoSum(x, -e);
}

// divideExact is a / d.b correctly rounded: a first quotient A·y, one
// correction with the exact residual, then the rounding decision: the
// quotient moves to a neighbour when A/B lies beyond the half-way point to
// it (A/B is never exactly half-way). With A, B in [1, 2) and Q in
// (0.5, 2), the residual's terms are multiples of 2^-49 (Q·B of
// 2^-47, the half-ULP corrections d·B of 2^-49) below 2^-19.
float divideExact(float a, Divisor d) {
	uint ua = floatBitsToUint(a) & 0x7FFFFFFFu;
	bool special = d.special || ua == 0u || ua >= 0x7F800000u;
	int ea;
	float A = significand(special ? 1.0 : a, ea);
	precise float Q = A * d.y;
	vec2 r = quotientResidual(A, d, Q);
	precise float c = (r.x + r.y) * d.y;
	Q = Q + c;
	r = quotientResidual(A, d, Q);
	precise float u = ulpUp(Q), dn = ulpDown(Q);
	precise float hu = (0.5 * u) * d.B, hd = (0.5 * dn) * d.B;
	precise float Qu = Q + u, Qd = Q - dn;
	Q = beyond(r, hu, 0.0) > 0.0 ? Qu : beyond(r, -hd, 0.0) < 0.0 ? Qd : Q;
	int k = ea - d.e;
	float q;
	if (int(floatBitsToUint(Q) >> 23) + k >= 1) {
		q = scaleByPow2(Q, k);
	} else { // a subnormal result: the side of A/B from Q decides a tie
		r = quotientResidual(A, d, Q);
		precise float rs = r.x + r.y;
		q = roundSubnormal(Q, k, rs > 0.0 ? 1 : rs < 0.0 ? -1 : 0);
	}
	precise float gpu = a / d.b; // zero, infinite or NaN operands: nothing to round
	q = ((floatBitsToUint(a) & 0x80000000u) ^ d.sign) != 0u ? -q : q;
	return special ? gpu : q;
}

// divide255 is a / 255 correctly rounded from +, − and × alone, in either
// arithmetic (perm-value's 2n/255; divideExact's steps, with 255's own
// exact residual in place of Dekker's). |a| = M·2^e with M in [1, 2):
// q = M·(1/255) is within an ULP of M/255, and r = M − 255q is
// (M − 256q) + q exactly (Sterbenz twice: 256q lies within a factor 2 of M,
// and M − 256q of −q). The quotient moves to the neighbour past whose
// half-way point M/255 lies: 2r against 255 of q's ULPs, both exact, never
// equal (r is a whole number of q's ULPs, 255/2 is not).
float divide255(float a) {
	uint ua = floatBitsToUint(a) & 0x7FFFFFFFu;
	bool special = ua == 0u || ua >= 0x7F800000u;
	int e;
	float M = significand(special ? 1.0 : a, e);
	float inv = uintBitsToFloat(0x3B808081u); // 1f / 255f
	precise float q = M * inv;
	precise float t = M - q * 256.0;
	precise float r = t + q;
	precise float u = ulpUp(q), dn = ulpDown(q);
	precise float r2 = 2.0 * r, hu = 255.0 * u, hd = -(255.0 * dn);
	precise float Qu = q + u, Qd = q - dn, ru = r - hu, rd = r - hd;
	precise float Q = r2 > hu ? Qu : r2 < hd ? Qd : q;
	precise float rs = r2 > hu ? ru : r2 < hd ? rd : r; // M − 255Q, exact
	precise float m = Q * 128.0; // in [0.5, 2)
	int k = e - 7;
	float v;
	if (int(floatBitsToUint(m) >> 23) + k >= 1) {
		v = scaleByPow2(m, k);
	} else { // a subnormal result: the side of M/255 from Q decides a tie
		v = roundSubnormal(m, k, rs > 0.0 ? 1 : rs < 0.0 ? -1 : 0);
	}
	precise float g = a * inv; // zero, infinite or NaN: a·(1/255) is a / 255
	v = (floatBitsToUint(a) & 0x80000000u) != 0u ? -v : v;
	return special ? g : v;
}

// rootResidual returns M − S·S exactly, as a TwoSum pair: S·S = p + e
// with Dekker's product of S with itself (one split), and M − p exact
// (Sterbenz: S is within a few ULP of √M, so p is within a factor 2 of M).
vec2 rootResidual(float M, float S) {
	precise float p = S * S;
	vec2 h = veltkampSplit(S);
	precise float e = ((h.x * h.x - p) + (2.0 * h.x) * h.y) + h.y * h.y;
	precise float x = M - p;
	return twoSum(x, -e);
}

// sqrtExact is the square root, correctly rounded. The first root
// S = M·g (g the GPU's inversesqrt, within 2 ULP) takes one Newton step on
// the plain residual M − S·S, whose rounding (at most 2^-23 for M in
// [1, 4)) moves the step by at most half an ULP of S: S is then within one
// ULP of the correctly rounded root, and the exact half-way test
// M − (S ± d)² = (M − S²) ∓ (2d·S ± d²) picks it (terms multiples of 2^-50
// below 2^-19; 2d·S and d² exact).
float sqrtExact(float x) {
	uint ux = floatBitsToUint(x);
	if (ux == 0u || ux >= 0x7F800000u) {
		precise float special = sqrt(x); // +0, +Inf, NaN and every negative number
		return special;
	}
	int e;
	precise float M = significand(x, e);
	if ((e & 1) != 0) {
		M = 2.0 * M;
		e = e - 1;
	}
	precise float g = inversesqrt(M);
	precise float S = M * g;
	precise float step = (M - S * S) * (0.5 * g);
	S = S + step;
	vec2 r = rootResidual(M, S);
	precise float u = ulpUp(S), dn = ulpDown(S);
	precise float hu = u * S, uu = (0.25 * u) * u, hd = -(dn * S), dd = (0.25 * dn) * dn;
	if (beyond(r, hu, uu) > 0.0) { // M > (S + u/2)²
		S = S + u;
	} else if (beyond(r, hd, dd) < 0.0) { // M < (S − dn/2)²
		S = S - dn;
	}
	return scaleByPow2(S, e >> 1); // e is even
}

#if NOISE_ARITH_EXACT

// divisor prepares b for divide; divide is a / b correctly rounded.
Divisor divisor(float b) { return exactDivisor(b); }
float divide(float a, Divisor d) { return divideExact(a, d); }

// div32 and sqrt32 are a / b and the square root, correctly rounded.
float div32(float a, float b) { return divideExact(a, exactDivisor(b)); }
float sqrt32(float x) { return sqrtExact(x); }

#else

// divisor and divide are the GPU's a / b (only Divisor.b is used).
Divisor divisor(float b) { return Divisor(b, 1.0, 0, 0u, 1.0, vec2(0.0), true); }
float divide(float a, Divisor d) { precise float r = a / d.b; return r; }

// div32 and sqrt32 are the GPU's a / b and square root.
float div32(float a, float b) { precise float r = a / b; return r; }
float sqrt32(float x) { precise float r = sqrt(x); return r; }

#endif

// exp32 and log32 are the GPU's own in every mode (docs/algorithms.md §11 gives smooth
// Worley a wider tolerance for them).
float exp32(float x) { precise float r = exp(x); return r; }
float log32(float x) { precise float r = log(x); return r; }
