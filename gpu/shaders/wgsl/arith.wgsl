// arith.wgsl is the noise code's division, square root, exp and log
// (glsl/arith.glsl, function by function). With NOISE_ARITH_EXACT true,
// div32, divide and sqrt32 are correctly rounded (round to nearest even)
// from +, − and × alone: the GPU's own / and inverseSqrt only give the
// first guess, which an exact residual (Dekker's product) corrects and an
// exact test of the half-way points rounds. Without it they are the GPU's
// own. exp32 and log32 stay the GPU's own in every mode (only smooth
// Worley's log-sum-exp uses them). The error-free transformations
// (TwoSum, Veltkamp, Dekker) are fenced term by term (common.wgsl): a
// compiler that simplified c - (c - a) to a would undo them.

// twoSum returns (s, e): s = a + b rounded, and s + e = a + b exactly
// (Knuth's TwoSum).
fn twoSum(a: f32, b: f32) -> vec2f {
	let s = fence(a + b);
	let bb = fence(s - a);
	let e = fence(a - fence(s - bb)) + fence(b - bb);
	return vec2f(s, e);
}

// veltkampSplit returns (hi, lo): a = hi + lo with 12 significant bits in
// each, so that products of the halves are exact.
fn veltkampSplit(a: f32) -> vec2f {
	let c = fence(4097.0 * a);
	let hi = fence(c - fence(c - a));
	let lo = a - hi;
	return vec2f(hi, lo);
}

// productError returns e with a·b = p + e exactly, where p is a·b rounded
// and b holds the factor's Veltkamp halves (Dekker's TwoProduct without a
// fused multiply-add).
fn productError(a: f32, b: vec2f, p: f32) -> f32 {
	let x = veltkampSplit(a);
	let e = fence(fence(fence(fence(x.x * b.x) - p) + fence(x.x * b.y)) + fence(x.y * b.x)) + fence(x.y * b.y);
	return e;
}

// significand returns |a| scaled into [1, 2) and sets *e to its exponent:
// |a| = m·2^e. a is finite and non-zero; subnormal a is normalised on the
// bits, so no float operation sees it.
fn significand(a: f32, e: ptr<function, i32>) -> f32 {
	let b = bitcast<u32>(a) & 0x7FFFFFFFu;
	let field = i32(b >> 23u);
	let frac = b & 0x007FFFFFu;
	let shift = select(0, 23 - i32(firstLeadingBit(frac)), field == 0); // subnormal: normalise
	*e = select(field, 1 - shift, field == 0) - 127;
	return bitcast<f32>(((frac << u32(shift)) & 0x007FFFFFu) | 0x3F800000u);
}

// scaleByPow2 returns m·2^k for positive m in [0.5, 4) when the result is
// a normal number (or overflows), on the bits.
fn scaleByPow2(m: f32, k: i32) -> f32 {
	let b = bitcast<u32>(m);
	return bitcast<f32>(select(b + (u32(k) << 23u), 0x7F800000u, i32(b >> 23u) + k >= 255));
}

// roundSubnormal returns m·2^k rounded to the subnormal grid, on the
// integer bits, for positive m in [0.5, 2) already rounded to 24 bits and
// i32(bits of m >> 23) + k < 1; above (+1, -1, or 0 when m is exact)
// decides a tie.
fn roundSubnormal(m: f32, k: i32, above: i32) -> f32 {
	let b = bitcast<u32>(m);
	let shift = 1 - (i32(b >> 23u) + k);
	if (shift > 25) {
		return 0.0;
	}
	let us = u32(shift);
	let mant = (b & 0x007FFFFFu) | 0x00800000u;
	var keep = mant >> us;
	let rest = mant & ((1u << us) - 1u);
	let halfway = 1u << (us - 1u);
	if (rest > halfway || (rest == halfway && (above > 0 || (above == 0 && (keep & 1u) != 0u)))) {
		keep++;
	}
	return bitcast<f32>(keep);
}

// ulpUp and ulpDown are the gaps from positive normal x to the next float
// above and below it (they differ at powers of two).
fn ulpUp(x: f32) -> f32 { return bitcast<f32>((bitcast<u32>(x) & 0x7F800000u) - 0x0B800000u); }

fn ulpDown(x: f32) -> f32 {
	let b = bitcast<u32>(x);
	let up = (b & 0x7F800000u) - 0x0B800000u;
	return bitcast<f32>(select(up, up - 0x00800000u, (b & 0x007FFFFFu) == 0u));
}

// beyond returns a number with the sign of r − h − hh, exactly, where
// r = r.x + r.y is an exact residual (a TwoSum pair) and h, hh are exact
// corrections.
fn beyond(r: vec2f, h: f32, hh: f32) -> f32 {
	let s = twoSum(r.x, -h);
	let v = s.x + fence(fence(s.y + r.y) - hh);
	return v;
}

// Divisor is b prepared for correctly rounded division, so that several
// numerators share the work: its significand B in [1, 2) with exponent e,
// sign, an approximation y of 1/B (the GPU's), and B's Veltkamp halves.
// special marks a zero, infinite or NaN b, which divideExact leaves to the
// GPU.
struct Divisor {
	b: f32,
	B: f32,
	e: i32,
	sign: u32,
	y: f32,
	halves: vec2f,
	special: bool,
}

fn exactDivisor(b: f32) -> Divisor {
	let ub = bitcast<u32>(b) & 0x7FFFFFFFu;
	var d: Divisor;
	d.b = b;
	d.e = 0;
	d.special = ub == 0u || ub >= 0x7F800000u;
	d.sign = bitcast<u32>(b) & 0x80000000u;
	var e = 0;
	if (d.special) {
		d.B = 1.0;
	} else {
		d.B = significand(b, &e);
	}
	d.e = e;
	let y = 1.0 / d.B;
	d.y = y;
	d.halves = veltkampSplit(d.B);
	return d;
}

// quotientResidual returns A − Q·B exactly, as a TwoSum pair.
fn quotientResidual(A: f32, d: Divisor, Q: f32) -> vec2f {
	let p = fence(Q * d.B);
	let e = productError(Q, d.halves, p);
	let x = A - p;
	return twoSum(x, -e);
}

// divideExact is a / d.b correctly rounded: a first quotient A·y, one
// correction with the exact residual, then the rounding decision
// (glsl/arith.glsl gives the bounds).
fn divideExact(a: f32, d: Divisor) -> f32 {
	let ua = bitcast<u32>(a) & 0x7FFFFFFFu;
	let special = d.special || ua == 0u || ua >= 0x7F800000u;
	var ea = 0;
	let A = significand(select(a, 1.0, special), &ea);
	var Q = A * d.y;
	var r = quotientResidual(A, d, Q);
	let c = fence(r.x + r.y) * d.y;
	Q = Q + c;
	r = quotientResidual(A, d, Q);
	let u = ulpUp(Q); let dn = ulpDown(Q);
	let hu = (0.5 * u) * d.B; let hd = (0.5 * dn) * d.B;
	let Qu = Q + u; let Qd = Q - dn;
	if (beyond(r, hu, 0.0) > 0.0) {
		Q = Qu;
	} else if (beyond(r, -hd, 0.0) < 0.0) {
		Q = Qd;
	}
	let k = ea - d.e;
	var q: f32;
	if (i32(bitcast<u32>(Q) >> 23u) + k >= 1) {
		q = scaleByPow2(Q, k);
	} else { // a subnormal result: the side of A/B from Q decides a tie
		r = quotientResidual(A, d, Q);
		let rs = r.x + r.y;
		q = roundSubnormal(Q, k, select(select(0, -1, rs < 0.0), 1, rs > 0.0));
	}
	let gpu = a / d.b; // zero, infinite or NaN operands: nothing to round
	q = select(q, -q, ((bitcast<u32>(a) & 0x80000000u) ^ d.sign) != 0u);
	return select(q, gpu, special);
}

// divide255 is a / 255 correctly rounded from +, − and × alone, in either
// arithmetic: 255's own exact residual (M − 256q) + q in place of
// Dekker's (glsl/arith.glsl gives the bounds).
fn divide255(a: f32) -> f32 {
	let ua = bitcast<u32>(a) & 0x7FFFFFFFu;
	let special = ua == 0u || ua >= 0x7F800000u;
	var e = 0;
	let M = significand(select(a, 1.0, special), &e);
	let inv = bitcast<f32>(0x3B808081u); // 1f / 255f
	let q = M * inv;
	let t = M - q * 256.0;
	let r = t + q;
	let u = ulpUp(q); let dn = ulpDown(q);
	let r2 = 2.0 * r; let hu = 255.0 * u; let hd = -(255.0 * dn);
	let Qu = q + u; let Qd = q - dn; let ru = r - hu; let rd = r - hd;
	let Q = select(select(q, Qd, r2 < hd), Qu, r2 > hu);
	let rs = select(select(r, rd, r2 < hd), ru, r2 > hu); // M − 255Q, exact
	let m = Q * 128.0; // in [0.5, 2)
	let k = e - 7;
	var v: f32;
	if (i32(bitcast<u32>(m) >> 23u) + k >= 1) {
		v = scaleByPow2(m, k);
	} else { // a subnormal result: the side of M/255 from Q decides a tie
		v = roundSubnormal(m, k, select(select(0, -1, rs < 0.0), 1, rs > 0.0));
	}
	let g = a * inv; // zero, infinite or NaN: a·(1/255) is a / 255
	v = select(v, -v, (bitcast<u32>(a) & 0x80000000u) != 0u);
	return select(v, g, special);
}

// rootResidual returns M − S·S exactly, as a TwoSum pair.
fn rootResidual(M: f32, S: f32) -> vec2f {
	let p = fence(S * S);
	let h = veltkampSplit(S);
	let e = fence(fence(fence(h.x * h.x) - p) + fence(fence(2.0 * h.x) * h.y)) + fence(h.y * h.y);
	let x = M - p;
	return twoSum(x, -e);
}

// sqrtExact is the square root, correctly rounded: a first root from the
// GPU's inverseSqrt, one Newton step, then the exact half-way test
// (glsl/arith.glsl gives the bounds).
fn sqrtExact(x: f32) -> f32 {
	let ux = bitcast<u32>(x);
	if (ux == 0u || ux >= 0x7F800000u) {
		let special = sqrt(x); // +0, +Inf, NaN and every negative number
		return special;
	}
	var e = 0;
	var M = significand(x, &e);
	if ((e & 1) != 0) {
		M = 2.0 * M;
		e = e - 1;
	}
	let g = inverseSqrt(M);
	var S = M * g;
	let step = fence(M - fence(S * S)) * (0.5 * g);
	S = S + step;
	let r = rootResidual(M, S);
	let u = ulpUp(S); let dn = ulpDown(S);
	let hu = u * S; let uu = (0.25 * u) * u; let hd = -(dn * S); let dd = (0.25 * dn) * dn;
	if (beyond(r, hu, uu) > 0.0) { // M > (S + u/2)²
		S = S + u;
	} else if (beyond(r, hd, dd) < 0.0) { // M < (S − dn/2)²
		S = S - dn;
	}
	return scaleByPow2(S, e >> 1u); // e is even
}

// divisor prepares b for divide; divide is a / b, correctly rounded with
// NOISE_ARITH_EXACT, else the GPU's (only Divisor.b is used).
fn divisor(b: f32) -> Divisor {
	if (NOISE_ARITH_EXACT) {
		return exactDivisor(b);
	}
	return Divisor(b, 1.0, 0, 0u, 1.0, vec2f(0.0), true);
}

fn divide(a: f32, d: Divisor) -> f32 {
	if (NOISE_ARITH_EXACT) {
		return divideExact(a, d);
	}
	let r = a / d.b;
	return r;
}

// div32 and sqrt32 are a / b and the square root: correctly rounded with
// NOISE_ARITH_EXACT, else the GPU's.
fn div32(a: f32, b: f32) -> f32 {
	if (NOISE_ARITH_EXACT) {
		return divideExact(a, exactDivisor(b));
	}
	let r = a / b;
	return r;
}

fn sqrt32(x: f32) -> f32 {
	if (NOISE_ARITH_EXACT) {
		return sqrtExact(x);
	}
	let r = sqrt(x);
	return r;
}

// exp32 and log32 are the GPU's own in every mode (docs/algorithms.md §11
// gives smooth Worley a wider tolerance for them).
fn exp32(x: f32) -> f32 { let r = exp(x); return r; }
fn log32(x: f32) -> f32 { let r = log(x); return r; }
