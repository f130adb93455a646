// fractal.glsl mirrors cpu/sampler.go and cpu/domain.go: the variant table,
// input clamping, the domain transform, GetFractalNoise (docs/algorithms.md §6) and the
// derivative matrix (docs/algorithms.md §8). The variant is fixed by the NOISE_* macros
// prepended at compile time (and the enum macros familyLattice, gradValue,
// ... generated from package noise); the settings and the domain are
// arguments.

// noiseVariant is the cpu.variantParams of the compiled variant.
// The jitter fields are set per dispatch by variantOf.
const VariantParams noiseVariant = VariantParams(NOISE_DIMS, NOISE_TILING != 0, NOISE_GRAD, NOISE_COMB,
	NOISE_METRIC, NOISE_FUNCTION, false, 1.0, 0.0);

// variantOf is noiseVariant with the settings' Voronoi jitter (cpu.New):
// jitterC = (1 − jitter)·0.5; jit only for Voronoi noise and jitter ≠ 1.
VariantParams variantOf(Settings ns) {
	VariantParams vp = noiseVariant;
#if NOISE_FAMILY == familyVoronoi
	if (ns.jitter != 1.0) {
		precise float c = (1.0 - ns.jitter) * 0.5;
		vp.jit = true;
		vp.jitter = ns.jitter;
		vp.jitterC = c;
	}
#endif
	return vp;
}

// noiseOctave is the sampleFuncs table entry of the compiled variant: one
// octave at frequency f with octave hash h.
Sample noiseOctave(VariantParams vp, uint h, vec4 p, float f) {
#if NOISE_FAMILY == familyPerm
	return permValue(vp, h, p, f);
#elif NOISE_FAMILY == familyLattice && NOISE_DIMS == 1
	return lattice1D(vp, h, p, f);
#elif NOISE_FAMILY == familyLattice && NOISE_DIMS == 2
	return lattice2D(vp, h, p, f);
#elif NOISE_FAMILY == familyLattice && NOISE_DIMS == 3
	return lattice3D(vp, h, p, f);
#elif NOISE_FAMILY == familyLattice
	return lattice4D(vp, h, p, f);
#elif NOISE_FAMILY == familySimplex && NOISE_DIMS == 1
	return simplex1D(vp, h, p, f);
#elif NOISE_FAMILY == familySimplex && NOISE_DIMS == 2
	return simplex2D(vp, h, p, f);
#elif NOISE_FAMILY == familySimplex && NOISE_DIMS == 3
	return simplex3D(vp, h, p, f);
#elif NOISE_FAMILY == familySimplex
	return simplex4D(vp, h, p, f);
#elif NOISE_DIMS == 1
	return voronoi1D(vp, h, p, f);
#elif NOISE_DIMS == 2
	return voronoi2D(vp, h, p, f);
#else
	return voronoi3D(vp, h, p, f);
#endif
}

// The structs Settings and Domain are declared in layout.glsl, which
// internal/cmd/gpulayout generates with their Go twins.

// warpNoise is one warp component: simplex noise with the value kernel
// (simplex-value) of the noise's dimension, at most 3 (cpu warpNoise).
Sample warpNoise(uint h, vec4 c, int f) {
	const VariantParams wvp = VariantParams(min(NOISE_DIMS, 3), false, gradValue, combineNone, 0, 0, false, 1.0, 0.0);
#if NOISE_DIMS == 1
	return simplex1D(wvp, h, c, float(f));
#elif NOISE_DIMS == 2
	return simplex2D(wvp, h, c, float(f));
#else
	return simplex3D(wvp, h, c, float(f));
#endif
}

// warpApply is cpu warp.warpApply (docs/algorithms.md §8.7): the warped
// position of p, and in J0, J1, J2 the rows ∂q_k/∂p. The axes the noise
// reads (cpu warpAxis: x; x and z; x, y and z) are written out, without
// arrays or indexing: the same operations, per component, in the same order.
vec4 warpApply(vec4 p, Settings ns, out vec3 J0, out vec3 J1, out vec3 J2) {
	J0 = vec3(1.0, 0.0, 0.0);
	J1 = vec3(0.0, 1.0, 0.0);
	J2 = vec3(0.0, 0.0, 1.0);
	vec4 q = p;
	uint hash = Seed(ns.seed);
	int f = ns.warpFrequency;
	precise float a = ns.warpAmplitude;
	for (int j = 0; j < ns.warpOctaves; j++) {
		vec4 c = ns.warpMode == warpProgressive ? q : p;
		Sample sx = warpNoise(Add(hash, 16 + 3 * j), c, f);
		precise float dx = a * sx.v;
		precise vec3 Gx = vec3(a * sx.dx, a * sx.dy, a * sx.dz);
#if NOISE_DIMS >= 3
		Sample sy = warpNoise(Add(hash, 16 + 3 * j + 1), c, f);
		precise float dy = a * sy.v;
		precise vec3 Gy = vec3(a * sy.dx, a * sy.dy, a * sy.dz);
#endif
#if NOISE_DIMS >= 2
		Sample sz = warpNoise(Add(hash, 16 + 3 * j + 2), c, f);
		precise float dz = a * sz.v;
		precise vec3 Gz = vec3(a * sz.dx, a * sz.dy, a * sz.dz);
#endif
		precise float qx = q.x + dx;
		q.x = qx;
#if NOISE_DIMS >= 3
		precise float qy = q.y + dy;
		q.y = qy;
#endif
#if NOISE_DIMS >= 2
		precise float qz = q.z + dz;
		q.z = qz;
#endif
		// J ← (I + G)·J (progressive) or J + G (independent), both
		// computed and one selected: a branch here made zink on lavapipe
		// drop the domain transform of unwarped samplers.
		bool prog = ns.warpMode == warpProgressive;
		precise vec3 p0 = J0 + ((Gx.x * J0 + Gx.y * J1) + Gx.z * J2);
		precise vec3 i0 = J0 + Gx;
#if NOISE_DIMS >= 3
		precise vec3 p1 = J1 + ((Gy.x * J0 + Gy.y * J1) + Gy.z * J2);
		precise vec3 i1 = J1 + Gy;
#endif
#if NOISE_DIMS >= 2
		precise vec3 p2 = J2 + ((Gz.x * J0 + Gz.y * J1) + Gz.z * J2);
		precise vec3 i2 = J2 + Gz;
		J2 = prog ? p2 : i2;
#endif
#if NOISE_DIMS >= 3
		J1 = prog ? p1 : i1;
#endif
		J0 = prog ? p0 : i0;
		f *= 2;
		a = a * 0.5;
	}
	return q;
}

// warpDerivative is Jᵀ·g (cpu warpDerivative): component m is
// (g0·J0[m] + g1·J1[m]) + g2·J2[m].
vec3 warpDerivative(vec3 J0, vec3 J1, vec3 J2, vec3 g) {
	precise vec3 r = (g.x * J0 + g.y * J1) + g.z * J2;
	return r;
}

// pingPongFold folds (v + 1)·s into [0, 1]: m, and whether it was folded back
// (cpu/fractal.go).
float pingPongFold(float v, float s, out bool folded) {
	precise float u = (v + 1.0) * s;
	precise float m = u - 2.0 * float(floorToInt(u * 0.5));
	folded = !(m < 1.0);
	if (folded) {
		m = 2.0 - m;
	}
	return m;
}

// shape applies fractal mode m with ping-pong strength s to an octave's
// value v (docs/algorithms.md §6.4): the shaped value, and in k the factor
// of its derivative (cpu/fractal.go).
float shape(int m, float v, float s, out float k) {
	if (m == fractalRidged) {
		precise float r = 1.0 - abs32(v);
		precise float t = 2.0 * (r * r) - 1.0;
		precise float kr = -(4.0 * r);
		k = !(v >= 0.0) ? -kr : kr; // the derivative of a = |v|
		return t;
	}
	if (m == fractalBillow) {
		precise float t = 2.0 * abs32(v) - 1.0;
		k = !(v >= 0.0) ? -2.0 : 2.0;
		return t;
	}
	if (m == fractalPingpong) {
		bool folded;
		precise float t = 2.0 * pingPongFold(v, s, folded) - 1.0;
		precise float kp = 2.0 * s;
		k = folded ? -kp : kp;
		return t;
	}
	k = 1.0;
	return v;
}

// shapeSample applies shape to an octave's sample n, derivatives included.
Sample shapeSample(int m, Sample n, float s) {
	float k;
	precise float t = shape(m, n.v, s, k);
	precise float dx = n.dx * k, dy = n.dy * k, dz = n.dz * k, dw = n.dw * k;
	return Sample(t, dx, dy, dz, dw);
}

// clampInput limits an input coordinate to ±inputLimit.
float clampInput(float c) { return clampMag(c, inputLimit); }

// applyRow is one row of Transform.Apply or Matrix3.Apply (docs/algorithms.md §8).
float applyRow(vec3 m, vec3 p) {
	precise float r = (m.x * p.x + m.y * p.y) + m.z * p.z;
	return r;
}

// usesNaN reports whether a coordinate that the noise or the domain
// transform uses is NaN, on the bits (cpu.Sampler.usesNaN).
bool usesNaN(vec4 p, bool domain) {
	bool x = isNaN32(p.x), y = isNaN32(p.y), z = isNaN32(p.z), w = isNaN32(p.w);
#if NOISE_DIMS == 1
	bool used = x;
#elif NOISE_DIMS == 2
	bool used = x || z;
#elif NOISE_DIMS == 3
	bool used = x || y || z;
#else
	bool used = x || y || z || w;
#endif
	return used || domain && (x || y || z);
}

// prepare reports whether every coordinate the noise or the domain uses is
// a number, then clamps the input and applies the domain transform. For a
// NaN position it goes on with the origin, so that the noise code only ever
// sees numbers; sampleAt then returns NaN.
bool prepare(inout vec4 p, Domain dom) {
	bool ok = !usesNaN(p, dom.enabled != 0);
	if (!ok) {
		p = vec4(0.0);
	}
	p = vec4(clampInput(p.x), clampInput(p.y), clampInput(p.z), clampInput(p.w));
	if (dom.enabled != 0) {
		precise float qx = applyRow(dom.m0, p.xyz) + dom.t.x;
		precise float qy = applyRow(dom.m1, p.xyz) + dom.t.y;
		precise float qz = applyRow(dom.m2, p.xyz) + dom.t.z;
		precise float qw = p.w * dom.w.x + dom.w.y;
		p = vec4(qx, qy, qz, qw);
	}
	return ok;
}

#define nan32 uintBitsToFloat(0x7FC00000u)

// sampleAt is GetFractalNoise (docs/algorithms.md §6) followed by the derivative matrix.
// Unlike the Go twin it has no early return for NaN input: every
// invocation runs the same code, and the NaN is chosen at the end.
Sample sampleAt(vec4 p, Settings ns, Domain dom) {
	bool ok = prepare(p, dom);
	// Without a warp warpOctaves is 0, and warpApply returns p itself. It is
	// called unconditionally: under a branch (as with the Jacobian's mode
	// below it as a branch), zink on lavapipe (Mesa 22.3) dropped the domain
	// transform of unwarped samplers.
	vec3 J0, J1, J2;
	bool warped = ns.warpAmplitude != 0.0;
	p = warpApply(p, ns, J0, J1, J2);
	uint hash = Seed(ns.seed);
	Sample sum = Sample(0.0, 0.0, 0.0, 0.0, 0.0);
	precise float f = ns.frequency;
	precise float amp = 1.0, ampSum = 0.0;
	VariantParams vp = variantOf(ns);
	for (int o = 0; o < ns.octaves; o++) {
		Sample n = noiseOctave(vp, Add(hash, o), p, f);
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
	Sample r = sum;
	if (ampSum != 1.0) {
		r = sampleDiv(sum, ampSum);
	}
	if (warped) {
		vec3 d = warpDerivative(J0, J1, J2, vec3(r.dx, r.dy, r.dz));
		r.dx = d.x;
		r.dy = d.y;
		r.dz = d.z;
	}
	if (dom.enabled != 0) {
		vec3 d = vec3(r.dx, r.dy, r.dz);
		precise float dx = applyRow(dom.d0, d), dy = applyRow(dom.d1, d), dz = applyRow(dom.d2, d);
		r.dx = dx;
		r.dy = dy;
		r.dz = dz;
		precise float dw = r.dw * dom.w.x;
		r.dw = dw;
	}
	if (!ok) {
		r = Sample(nan32, nan32, nan32, nan32, nan32);
	}
	return r;
}
