// worst.wgsl emulates the least precise GPU that WGSL §15.7.4.1 allows,
// for the operations it does not require to be correctly rounded
// (glsl/worst.glsl, function by function; WGSL's bounds are GLSL's). With
// Precision worst, every f32 `a / b`, sqrt, inverseSqrt, exp, exp2, log,
// log2 and pow of the noise code is replaced by the function below of the
// same name: the reference GPU's result (llvmpipe: correctly rounded for /
// and sqrt) moved by the largest error the specification permits, up or
// down as a hash of the operands and of the place in the code says, and
// flushed to zero where it is subnormal (§15.7.2 lets any of them flush
// subnormals). These functions are added after the rewrite, so their own
// operations are the GPU's; they are fenced like the rest (wgslprecise.go).

// worstHash mixes two words into the direction bits.
fn worstHash(a: u32, b: u32) -> u32 {
	var h = (a * 0x9E3779B1u) ^ ((b + 0x7F4A7C15u) * 0x85EBCA77u);
	h ^= h >> 15u;
	h *= 0x2C1B3C6Du;
	h ^= h >> 12u;
	return h;
}

// worstMove moves r by ulps units in the last place of r, up in magnitude
// when bit 0 of h is set and down otherwise, never across zero or to
// infinity; zero, infinity and NaN stay, and a subnormal result becomes
// zero. Moving up across a power of two, where the steps double, it stops
// one step short when a full step would go past ulps units of r.
fn worstMove(r: f32, ulps: i32, h: u32) -> f32 {
	let b = bitcast<u32>(r);
	let sign = b & 0x80000000u;
	let m0 = i32(b & 0x7FFFFFFFu);
	if (m0 == 0 || m0 >= 0x7F800000) {
		return r;
	}
	let up = (h & 1u) != 0u;
	var m = select(max(m0 - ulps, 0), min(m0 + ulps, 0x7F7FFFFF), up);
	let field = m0 >> 23u;
	if (up && (m >> 23u) > field && field >= 24) {
		// Units of r: 2^(field − 150). Past the power of two each step is 2.
		let below = (field + 1) * 0x00800000 - m0; // steps up to the power of two
		m = m0 + below + ((ulps - below) >> 1u);
	}
	if (m < 0x00800000) {
		return bitcast<f32>(sign);
	}
	return bitcast<f32>(sign | u32(m));
}

// worstDiv: a / b within 2.5 ULP. The correctly rounded quotient (within
// 0.5 ULP) moved by 2 ULP.
fn worstDiv(a: f32, b: f32, site: u32) -> f32 {
	let r = a / b;
	return worstMove(r, 2, worstHash(bitcast<u32>(a) ^ site, bitcast<u32>(b)));
}

// worstInversesqrt: inverseSqrt within 2 ULP. 1 / sqrt(x), within about 1
// ULP on the reference GPU, moved by 1 ULP.
fn worstInversesqrt(x: f32) -> f32 {
	let r = 1.0 / sqrt(x);
	return worstMove(r, 1, worstHash(bitcast<u32>(x), 0x5157u));
}

// worstSqrt: sqrt is inherited from 1.0 / inverseSqrt(x).
fn worstSqrt(x: f32) -> f32 { return worstDiv(1.0, worstInversesqrt(x), 0x53515254u); }

// worstExp: exp within 3 + 2|x| ULP. The reference GPU's exp (not
// correctly rounded: 1.5 ULP are left for its own error) moved by the rest.
fn worstExp(x: f32) -> f32 {
	let r = exp(x);
	let ulps = i32(min(1.5 + 2.0 * abs(x), 1000.0));
	return worstMove(r, ulps, worstHash(bitcast<u32>(x), 0x45585055u));
}

// worstExp2 is worstExp for exp2.
fn worstExp2(x: f32) -> f32 {
	let r = exp2(x);
	let ulps = i32(min(1.5 + 2.0 * abs(x), 1000.0));
	return worstMove(r, ulps, worstHash(bitcast<u32>(x), 0x45585032u));
}

// worstLogOf moves the reference GPU's logarithm r of x: inside [0.5, 2]
// by 0.75·2^-21 (the bound is an absolute error below 2^-21), outside by 1
// ULP (the bound is 3 ULP; the rest is left for the GPU's own error).
fn worstLogOf(r: f32, x: f32, salt: u32) -> f32 {
	let h = worstHash(bitcast<u32>(x), salt);
	if (x >= 0.5 && x <= 2.0) {
		let e = 0.75 * bitcast<f32>(0x35000000u); // 2^-21
		let moved = select(r - e, r + e, (h & 1u) != 0u);
		return worstMove(moved, 0, h);
	}
	return worstMove(r, 1, h);
}

fn worstLog(x: f32) -> f32 {
	let r = log(x);
	return worstLogOf(r, x, 0x4C4F4745u);
}

fn worstLog2(x: f32) -> f32 {
	let r = log2(x);
	return worstLogOf(r, x, 0x4C4F4732u);
}

// worstPow: pow is inherited from exp2(y · log2(x)).
fn worstPow(x: f32, y: f32) -> f32 {
	let e = y * worstLog2(x);
	return worstExp2(e);
}
