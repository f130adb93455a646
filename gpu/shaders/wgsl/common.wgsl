// common.wgsl mirrors cpu/consts.go, cpu/sample.go and cpu/hash.go
// (glsl/common.glsl, function by function). Division, square root, exp and
// log come from arith.wgsl.
//
// WGSL has no `precise`, and a driver may rewrite float expressions in ways
// that round differently (Mesa turns a + t*(b - a) into its own lerp,
// a*(1 - t) + b*t). fence(x) is x, but through an integer xor with
// noiseOpaque, a value the compiler cannot know (the kernel sets it to 0
// from a uniform), so no float rewrite reaches across it; the code fences
// the expressions such rewrites were seen to change (the GLSL's `precise`
// covers them all). In a library noiseOpaque is never set: a compiler may
// fold the fences away there.

// Float constants of docs/algorithms.md §0 from their binary32 bit patterns.
const inv255: f32 = 0x1.010102p-8f;   // 1f / 255f
const inv31: f32 = 0x1.08421p-5f;    // 1f / ((1<<5)-1)
const perlin2: f32 = 0x1.de412p+1f;  // 2f / 0.53528f
const perlin3: f32 = 0x1.c6c9a6p+0f;  // 1f / 0.56290f
const simplex1: f32 = 0x1.2f684cp+0f; // 32f / 27f
const simplex2: f32 = 0x1.07ed1ap+2f; // 5.832f / sqrt(2f)
const simplex3: f32 = 0x1.2eb2a4p+2f; // 1024f / (125f * sqrt(3f))
const invSqrt3: f32 = 0x1.279a74p-1f; // 1f / sqrt(3f)
const skew2: f32 = 0x1.76cf5cp-2f;    // (sqrt(3f) - 1f) / 2f
const unskew2: f32 = 0x1.b0cb18p-3f;  // (3f - sqrt(3f)) / 6f
const skew3: f32 = 0x1.555556p-2f;    // 1f / 3f
const unskew3: f32 = 0x1.555556p-3f;  // 1f / 6f
const scale3: f32 = 0x1.333334p-1f;   // 0.6f
const skew4: f32 = 0x1.3c6ef4p-2f;    // (sqrt(5f) - 1f) / 4f
const unskew4: f32 = 0x1.1b06d2p-3f;  // (5f - sqrt(5f)) / 20f
const scale4: f32 = scale3;                      // 0.6f, as in 3D
const perlin4: f32 = 0x1.4d34fep-1f;  // 1 / 1.53658233, the 4D Perlin supremum
const simplex4: f32 = 0x1.ae3eb6p+1f; // 1 / (√3 · 0.171764560), the 4D simplex supremum and 1/√3

// coordLimit (2^29) bounds every lattice coordinate; inputLimit (2^64)
// bounds the input coordinates before the domain transform.
const coordLimit: f32 = 0x1p+29f;
const inputLimit: f32 = 0x1p+64f;

// isNaN32 tests for NaN on the bits: every NaN decision is made on the
// bits, before any arithmetic.
fn isNaN32(x: f32) -> bool { return (bitcast<u32>(x) & 0x7FFFFFFFu) > 0x7F800000u; }

// clampMag limits c to [-limit, limit]; c is never NaN here.
fn clampMag(c: f32, limit: f32) -> f32 {
	if (c > limit) {
		return limit;
	}
	if (c < -limit) {
		return -limit;
	}
	return c;
}

// clampCoord limits a lattice coordinate to ±coordLimit.
fn clampCoord(c: f32) -> f32 { return clampMag(c, coordLimit); }

// floorToInt returns floor(c) as an i32 for |c| <= coordLimit.
fn floorToInt(c: f32) -> i32 {
	var i = i32(c);
	if (f32(i) > c) {
		i--;
	}
	return i;
}

// abs32 clears the sign bit.
fn abs32(x: f32) -> f32 { return bitcast<f32>(bitcast<u32>(x) & 0x7FFFFFFFu); }

// noiseOpaque is 0, set by the kernel from a uniform (Params.stride >> 3),
// so that the compiler cannot fold it; fence(x) is x behind it.
var<private> noiseOpaque: u32;

fn fence(x: f32) -> f32 { return bitcast<f32>(bitcast<u32>(x) ^ noiseOpaque); }

// lerp is Unity's lerp, a + t*(b - a), fenced: a compiler's own lerp
// rounds differently.
fn lerp(a: f32, b: f32, t: f32) -> f32 { let r = a + fence(t * fence(b - a)); return r; }

const signMask: u32 = 0x80000000u;

// maskNonNegative is (f >= 0) ? k : 0, branch-free, for a non-NaN f that
// is not −0.
fn maskNonNegative(f: f32, k: f32) -> f32 {
	return bitcast<f32>(bitcast<u32>(k) & ~u32(bitcast<i32>(f) >> 31u));
}

// Sample is a noise value and its partial derivatives (cpu.Sample).
struct Sample {
	v: f32,
	dx: f32,
	dy: f32,
	dz: f32,
	dw: f32, // 4D only; 0 below
}

// sampleAdd returns s + t component-wise.
fn sampleAdd(s: Sample, t: Sample) -> Sample {
	let v = s.v + t.v; let dx = s.dx + t.dx; let dy = s.dy + t.dy; let dz = s.dz + t.dz; let dw = s.dw + t.dw;
	return Sample(v, dx, dy, dz, dw);
}

// sampleSub returns s - t component-wise.
fn sampleSub(s: Sample, t: Sample) -> Sample {
	let v = s.v - t.v; let dx = s.dx - t.dx; let dy = s.dy - t.dy; let dz = s.dz - t.dz; let dw = s.dw - t.dw;
	return Sample(v, dx, dy, dz, dw);
}

// sampleScale returns s * k, every component rounded separately (fenced:
// a compiler that reassociated (x·r)·k changed simplex noise's bits).
fn sampleScale(s: Sample, k: f32) -> Sample {
	let v = fence(s.v * k); let dx = fence(s.dx * k); let dy = fence(s.dy * k); let dz = fence(s.dz * k); let dw = fence(s.dw * k);
	return Sample(v, dx, dy, dz, dw);
}

// sampleDiv returns s / k component-wise, correctly rounded in either
// arithmetic (the divisor prepared once): the octave sum's normalisation, a
// few divisions a point, where a GPU's own division (2.5 ULP allowed; an
// NVIDIA H200's moved every fractal setting of value noise by an ULP) would
// leave no fractal bit-exact (docs/gpu.md, "On a hardware GPU").
fn sampleDiv(s: Sample, k: f32) -> Sample {
	let d = exactDivisor(k);
	return Sample(divideExact(s.v, d), divideExact(s.dx, d), divideExact(s.dy, d), divideExact(s.dz, d), divideExact(s.dw, d));
}

// The SmallXXHash primes (XXH32 PRIME32_1..5), docs/algorithms.md §1.
const primeA: u32 = 0x9E3779B1u;
const primeB: u32 = 0x85EBCA77u;
const primeC: u32 = 0xC2B2AE3Du;
const primeD: u32 = 0x27D4EB2Fu;
const primeE: u32 = 0x165667B1u;

// Seed starts a hash from a seed. A hash is the raw u32 accumulator.
fn Seed(seed: i32) -> u32 { return u32(seed) + primeE; }

fn rotl(v: u32, n: u32) -> u32 { return (v << n) | (v >> (32u - n)); }

// Eat feeds one 32-bit word to the hash and returns the new hash.
fn Eat(h: u32, d: i32) -> u32 { return rotl(h + u32(d) * primeC, 17u) * primeD; }

// Add adds o to the raw accumulator: the per-octave hash change.
fn Add(h: u32, o: i32) -> u32 { return h + u32(o); }

// SelectHash returns b where c is true, else a, without avalanching.
fn SelectHash(a: u32, b: u32, c: bool) -> u32 { return select(a, b, c); }

// Avalanche returns the final hash value (docs/algorithms.md §1).
fn Avalanche(h: u32) -> u32 {
	var v = h;
	v ^= v >> 15u;
	v *= primeB;
	v ^= v >> 13u;
	v *= primeC;
	v ^= v >> 16u;
	return v;
}

// Bits avalanches h (cpu.SmallXXHash.Bits); the accessors below take the
// avalanched value, like cpu.HashBits.
fn Bits(h: u32) -> u32 { return Avalanche(h); }

fn BytesA(v: u32) -> u32 { return v & 255u; }
fn BytesB(v: u32) -> u32 { return (v >> 8u) & 255u; }
fn BytesC(v: u32) -> u32 { return (v >> 16u) & 255u; }
fn BytesD(v: u32) -> u32 { return v >> 24u; }

fn Floats01A(v: u32) -> f32 { let r = f32(BytesA(v)) * inv255; return r; }
fn Floats01B(v: u32) -> f32 { let r = f32(BytesB(v)) * inv255; return r; }
fn Floats01C(v: u32) -> f32 { let r = f32(BytesC(v)) * inv255; return r; }
fn Floats01D(v: u32) -> f32 { let r = f32(BytesD(v)) * inv255; return r; }

// bits5 is GetBitsAsFloats01(5, shift), the Voronoi 3D point coordinate.
fn bits5(v: u32, shift: u32) -> f32 { let r = f32((v >> shift) & 31u) * inv31; return r; }
