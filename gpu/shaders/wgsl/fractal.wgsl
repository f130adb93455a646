// fractal.wgsl mirrors cpu/sampler.go and cpu/domain.go (glsl/fractal.glsl):
// the variant table, input clamping, the domain transform,
// GetFractalNoise (docs/algorithms.md §6) and the derivative matrix
// (docs/algorithms.md §8). The variant is fixed by the NOISE_* consts Go
// writes before it (wgsl.go; the GLSL's #if on them are `if` on consts
// here, or, for noiseOctave and warpNoise, functions Go writes per
// variant); the settings and the domain are arguments.

// noiseVariant is the cpu.variantParams of the compiled variant.
// The jitter fields are set per dispatch by variantOf.
const noiseVariant = VariantParams(NOISE_DIMS, NOISE_TILING, NOISE_GRAD, NOISE_COMB,
	NOISE_METRIC, NOISE_FUNCTION, false, 1.0, 0.0);

// variantOf is noiseVariant with the settings' Voronoi jitter (cpu.New):
// jitterC = (1 − jitter)·0.5; jit only for Voronoi noise and jitter ≠ 1.
fn variantOf(ns: Settings) -> VariantParams {
	var vp = noiseVariant;
	if (NOISE_FAMILY == familyVoronoi) {
		if (ns.jitter != 1.0) {
			let c = (1.0 - ns.jitter) * 0.5;
			vp.jit = true;
			vp.jitter = ns.jitter;
			vp.jitterC = c;
		}
	}
	return vp;
}

// noiseOctave (one octave of the compiled variant, the sampleFuncs table
// entry) and warpNoise (one warp component: simplex noise with the value
// kernel of the noise's dimension, at most 3) are written by Go before
// this file.

// The structs Settings and Domain are declared in layout.wgsl, which
// internal/cmd/gpulayout generates with their Go twins.

// warpApply is cpu warp.warpApply (docs/algorithms.md §8.7): the warped
// position of p, and in J0, J1, J2 the rows ∂q_k/∂p. The axes the noise
// reads (cpu warpAxis: x; x and z; x, y and z) are selected by consts: the
// same operations, per component, in the same order.
fn warpApply(p: vec4f, ns: Settings, J0: ptr<function, vec3f>, J1: ptr<function, vec3f>, J2: ptr<function, vec3f>) -> vec4f {
	*J0 = vec3f(1.0, 0.0, 0.0);
	*J1 = vec3f(0.0, 1.0, 0.0);
	*J2 = vec3f(0.0, 0.0, 1.0);
	var q = p;
	let hash = Seed(ns.seed);
	var f = ns.warpFrequency;
	var a = ns.warpAmplitude;
	for (var j = 0; j < ns.warpOctaves; j++) {
		let c = select(p, q, ns.warpMode == warpProgressive);
		let sx = warpNoise(Add(hash, 16 + 3 * j), c, f);
		let dx = a * sx.v;
		let Gx = vec3f(a * sx.dx, a * sx.dy, a * sx.dz);
		var dy = 0.0;
		var Gy = vec3f(0.0);
		if (NOISE_DIMS >= 3) {
			let sy = warpNoise(Add(hash, 16 + 3 * j + 1), c, f);
			dy = a * sy.v;
			Gy = vec3f(a * sy.dx, a * sy.dy, a * sy.dz);
		}
		var dz = 0.0;
		var Gz = vec3f(0.0);
		if (NOISE_DIMS >= 2) {
			let sz = warpNoise(Add(hash, 16 + 3 * j + 2), c, f);
			dz = a * sz.v;
			Gz = vec3f(a * sz.dx, a * sz.dy, a * sz.dz);
		}
		let qx = q.x + dx;
		q.x = qx;
		if (NOISE_DIMS >= 3) {
			let qy = q.y + dy;
			q.y = qy;
		}
		if (NOISE_DIMS >= 2) {
			let qz = q.z + dz;
			q.z = qz;
		}
		// J ← (I + G)·J (progressive) or J + G (independent), both
		// computed and one selected, as in the GLSL.
		let prog = ns.warpMode == warpProgressive;
		let j0 = *J0; let j1 = *J1; let j2 = *J2;
		let p0 = j0 + ((Gx.x * j0 + Gx.y * j1) + Gx.z * j2);
		let i0 = j0 + Gx;
		if (NOISE_DIMS >= 3) {
			let p1 = j1 + ((Gy.x * j0 + Gy.y * j1) + Gy.z * j2);
			let i1 = j1 + Gy;
			*J1 = select(i1, p1, prog);
		}
		if (NOISE_DIMS >= 2) {
			let p2 = j2 + ((Gz.x * j0 + Gz.y * j1) + Gz.z * j2);
			let i2 = j2 + Gz;
			*J2 = select(i2, p2, prog);
		}
		*J0 = select(i0, p0, prog);
		f *= 2;
		a = a * 0.5;
	}
	return q;
}

// warpDerivative is Jᵀ·g (cpu warpDerivative): component m is
// (g0·J0[m] + g1·J1[m]) + g2·J2[m].
fn warpDerivative(J0: vec3f, J1: vec3f, J2: vec3f, g: vec3f) -> vec3f {
	let r = (g.x * J0 + g.y * J1) + g.z * J2;
	return r;
}

// pingPongFold folds (v + 1)·s into [0, 1]: m, and in *folded whether it
// was folded back (cpu/fractal.go).
fn pingPongFold(v: f32, s: f32, folded: ptr<function, bool>) -> f32 {
	let u = (v + 1.0) * s;
	var m = u - 2.0 * f32(floorToInt(u * 0.5));
	*folded = !(m < 1.0);
	if (*folded) {
		m = 2.0 - m;
	}
	return m;
}

// shape applies fractal mode m with ping-pong strength s to an octave's
// value v (docs/algorithms.md §6.4): the shaped value, and in *k the
// factor of its derivative (cpu/fractal.go).
fn shape(m: i32, v: f32, s: f32, k: ptr<function, f32>) -> f32 {
	if (m == fractalRidged) {
		let r = 1.0 - abs32(v);
		let t = 2.0 * (r * r) - 1.0;
		let kr = -(4.0 * r);
		*k = select(kr, -kr, !(v >= 0.0)); // the derivative of a = |v|
		return t;
	}
	if (m == fractalBillow) {
		let t = 2.0 * abs32(v) - 1.0;
		*k = select(2.0, -2.0, !(v >= 0.0));
		return t;
	}
	if (m == fractalPingpong) {
		var folded = false;
		let t = 2.0 * pingPongFold(v, s, &folded) - 1.0;
		let kp = 2.0 * s;
		*k = select(kp, -kp, folded);
		return t;
	}
	*k = 1.0;
	return v;
}

// shapeSample applies shape to an octave's sample n, derivatives included.
fn shapeSample(m: i32, n: Sample, s: f32) -> Sample {
	var k = 0.0;
	let t = shape(m, n.v, s, &k);
	let dx = n.dx * k; let dy = n.dy * k; let dz = n.dz * k; let dw = n.dw * k;
	return Sample(t, dx, dy, dz, dw);
}

// clampInput limits an input coordinate to ±inputLimit.
fn clampInput(c: f32) -> f32 { return clampMag(c, inputLimit); }

// applyRow is one row of Transform.Apply or Matrix3.Apply (docs/algorithms.md §8).
fn applyRow(m: vec3f, p: vec3f) -> f32 {
	let r = (m.x * p.x + m.y * p.y) + m.z * p.z;
	return r;
}

// usesNaN reports whether a coordinate that the noise or the domain
// transform uses is NaN, on the bits (cpu.Sampler.usesNaN).
fn usesNaN(p: vec4f, domain: bool) -> bool {
	let x = isNaN32(p.x); let y = isNaN32(p.y); let z = isNaN32(p.z); let w = isNaN32(p.w);
	var used = x || y || z || w;
	if (NOISE_DIMS == 1) {
		used = x;
	} else if (NOISE_DIMS == 2) {
		used = x || z;
	} else if (NOISE_DIMS == 3) {
		used = x || y || z;
	}
	return used || (domain && (x || y || z));
}

// prepare reports whether every coordinate the noise or the domain uses is
// a number, then clamps the input *p and applies the domain transform. For
// a NaN position it goes on with the origin, so that the noise code only
// ever sees numbers; sampleAt then returns NaN.
fn prepare(pp: ptr<function, vec4f>, dom: Domain) -> bool {
	var p = *pp;
	let ok = !usesNaN(p, dom.enabled != 0);
	if (!ok) {
		p = vec4f(0.0);
	}
	p = vec4f(clampInput(p.x), clampInput(p.y), clampInput(p.z), clampInput(p.w));
	if (dom.enabled != 0) {
		let qx = applyRow(dom.m0, p.xyz) + dom.t.x;
		let qy = applyRow(dom.m1, p.xyz) + dom.t.y;
		let qz = applyRow(dom.m2, p.xyz) + dom.t.z;
		let qw = p.w * dom.w.x + dom.w.y;
		p = vec4f(qx, qy, qz, qw);
	}
	*pp = p;
	return ok;
}

// nan32 is a quiet NaN. A const would be a shader-creation error in WGSL
// (a constant expression may not be NaN), so it is made at run time from
// its bits.
fn nan32() -> f32 {
	let bits = 0x7FC00000u;
	return bitcast<f32>(bits);
}

// sampleAt is GetFractalNoise (docs/algorithms.md §6) followed by the
// derivative matrix. Unlike the Go twin it has no early return for NaN
// input: every invocation runs the same code, and the NaN is chosen at the
// end.
fn sampleAt(p0: vec4f, ns: Settings, dom: Domain) -> Sample {
	var p = p0;
	let ok = prepare(&p, dom);
	// Without a warp warpOctaves is 0, and warpApply returns p itself.
	var J0: vec3f;
	var J1: vec3f;
	var J2: vec3f;
	let warped = ns.warpAmplitude != 0.0;
	p = warpApply(p, ns, &J0, &J1, &J2);
	let hash = Seed(ns.seed);
	var sum = Sample(0.0, 0.0, 0.0, 0.0, 0.0);
	var f = ns.frequency;
	var amp: f32 = 1.0;
	var ampSum: f32 = 0.0;
	let vp = variantOf(ns);
	for (var o = 0; o < ns.octaves; o++) {
		var n = noiseOctave(vp, Add(hash, o), p, f);
		if (ns.fractal != fractalFbm) {
			n = shapeSample(ns.fractal, n, ns.pingPong);
		}
		sum = sampleAdd(sum, sampleScale(n, amp));
		ampSum = ampSum + amp;
		f = f * ns.lacunarity;
		amp = amp * ns.persistence;
	}
	// s / 1 is s: one octave (or persistence 0) skips the exact division,
	// as the CPU's batch kernels do (ampSum != 1 is the same in every
	// invocation).
	var r = sum;
	if (ampSum != 1.0) {
		r = sampleDiv(sum, ampSum);
	}
	if (warped) {
		let d = warpDerivative(J0, J1, J2, vec3f(r.dx, r.dy, r.dz));
		r.dx = d.x;
		r.dy = d.y;
		r.dz = d.z;
	}
	if (dom.enabled != 0) {
		let d = vec3f(r.dx, r.dy, r.dz);
		let dx = applyRow(dom.d0, d); let dy = applyRow(dom.d1, d); let dz = applyRow(dom.d2, d);
		r.dx = dx;
		r.dy = dy;
		r.dz = dz;
		let dw = r.dw * dom.w.x;
		r.dw = dw;
	}
	if (!ok) {
		let nan = nan32();
		r = Sample(nan, nan, nan, nan, nan);
	}
	return r;
}
