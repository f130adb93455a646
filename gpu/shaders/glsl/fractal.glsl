// fractal.glsl mirrors cpu/sampler.go and cpu/domain.go: the variant table,
// input clamping, the domain transform, GetFractalNoise (SPEC §6.1) and the
// derivative matrix (SPEC §7.6). The variant is fixed by the NOISE_* macros
// prepended at compile time; the settings and the domain are arguments.

// noiseVariant is the cpu.variantParams of the compiled variant.
const VariantParams noiseVariant = VariantParams(NOISE_DIMS, NOISE_TILING != 0, NOISE_GRAD, NOISE_COMB,
	NOISE_METRIC, NOISE_FUNCTION);

// noiseOctave is the sampleFuncs table entry of the compiled variant: one
// octave at frequency f with octave hash h.
Sample noiseOctave(VariantParams vp, uint h, vec4 p, int f) {
#if NOISE_FAMILY == 3
	return permValue(vp, h, p, f);
#elif NOISE_FAMILY == 0 && NOISE_DIMS == 1
	return lattice1D(vp, h, p, f);
#elif NOISE_FAMILY == 0 && NOISE_DIMS == 2
	return lattice2D(vp, h, p, f);
#elif NOISE_FAMILY == 0
	return lattice3D(vp, h, p, f);
#elif NOISE_FAMILY == 1 && NOISE_DIMS == 1
	return simplex1D(vp, h, p, f);
#elif NOISE_FAMILY == 1 && NOISE_DIMS == 2
	return simplex2D(vp, h, p, f);
#elif NOISE_FAMILY == 1
	return simplex3D(vp, h, p, f);
#elif NOISE_DIMS == 1
	return voronoi1D(vp, h, p, f);
#elif NOISE_DIMS == 2
	return voronoi2D(vp, h, p, f);
#else
	return voronoi3D(vp, h, p, f);
#endif
}

// NoiseSettings are the fractal settings (cpu.Settings).
struct NoiseSettings {
	int seed;
	int frequency;
	int octaves;
	int lacunarity;
	float persistence;
};

// NoiseDomain is the domain transform computed in Go (cpu.Domain.Matrix and
// DerivativeMatrix), as rows: q = M·p + t, and the derivative matrix D.
struct NoiseDomain {
	bool enabled;
	vec3 m0, m1, m2; // rows of M
	vec3 t;
	vec3 d0, d1, d2; // rows of D
};

// clampInput limits an input coordinate to ±inputLimit.
float clampInput(float c) { return clampMag(c, inputLimit); }

// applyRow is one row of Transform.Apply or Matrix3.Apply (SPEC §8.4, §7.6).
float applyRow(vec3 m, vec3 p) {
	precise float r = (m.x * p.x + m.y * p.y) + m.z * p.z;
	return r;
}

// prepare clamps the input, applies the domain transform, and reports
// whether every coordinate the noise uses is a number.
bool prepare(inout vec4 p, NoiseDomain dom) {
	p = vec4(clampInput(p.x), clampInput(p.y), clampInput(p.z), clampInput(p.w));
	if (dom.enabled) {
		precise float qx = applyRow(dom.m0, p.xyz) + dom.t.x;
		precise float qy = applyRow(dom.m1, p.xyz) + dom.t.y;
		precise float qz = applyRow(dom.m2, p.xyz) + dom.t.z;
		p.xyz = vec3(qx, qy, qz);
	}
#if NOISE_DIMS == 1
	return !isnan(p.x);
#elif NOISE_DIMS == 2
	return !isnan(p.x) && !isnan(p.z);
#elif NOISE_DIMS == 3
	return !isnan(p.x) && !isnan(p.y) && !isnan(p.z);
#else
	return !isnan(p.x) && !isnan(p.y) && !isnan(p.z) && !isnan(p.w);
#endif
}

const float nan32 = uintBitsToFloat(0x7FC00000u);

// sampleAt is GetFractalNoise (SPEC §6.1) followed by the derivative matrix.
Sample sampleAt(vec4 p, NoiseSettings ns, NoiseDomain dom) {
	if (!prepare(p, dom)) {
		return Sample(nan32, nan32, nan32, nan32);
	}
	uint hash = Seed(ns.seed);
	Sample sum = Sample(0.0, 0.0, 0.0, 0.0);
	int f = ns.frequency;
	precise float amp = 1.0, ampSum = 0.0;
	for (int o = 0; o < ns.octaves; o++) {
		Sample n = noiseOctave(noiseVariant, Add(hash, o), p, f);
		sum = sampleAdd(sum, sampleScale(n, amp));
		ampSum = ampSum + amp;
		f *= ns.lacunarity;
		amp = amp * ns.persistence;
	}
	Sample r = sampleDiv(sum, ampSum);
	if (dom.enabled) {
		vec3 d = vec3(r.dx, r.dy, r.dz);
		precise float dx = applyRow(dom.d0, d), dy = applyRow(dom.d1, d), dz = applyRow(dom.d2, d);
		r.dx = dx;
		r.dy = dy;
		r.dz = dz;
	}
	return r;
}
