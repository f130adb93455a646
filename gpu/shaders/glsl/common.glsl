// common.glsl mirrors cpu/consts.go, cpu/sample.go and cpu/hash.go.
// Division, square root, exp and log come from arith.glsl.
// Every float temporary is `precise`, so a GPU compiler neither fuses a
// product into a later add nor reassociates: the operations round exactly
// where the Go reference rounds.

// Float constants of docs/algorithms.md §0 from their binary32 bit patterns. They are
// macros: GLSL compilers need not fold uintBitsToFloat in a const
// initializer (glslang refuses it), but every compiler folds the call.
#define inv255 uintBitsToFloat(0x3B808081u)   // 1f / 255f
#define inv31 uintBitsToFloat(0x3D042108u)    // 1f / ((1<<5)-1)
#define perlin2 uintBitsToFloat(0x406F2090u)  // 2f / 0.53528f
#define perlin3 uintBitsToFloat(0x3FE364D3u)  // 1f / 0.56290f
#define simplex1 uintBitsToFloat(0x3F97B426u) // 32f / 27f
#define simplex2 uintBitsToFloat(0x4083F68Du) // 5.832f / sqrt(2f)
#define simplex3 uintBitsToFloat(0x40975952u) // 1024f / (125f * sqrt(3f))
#define invSqrt3 uintBitsToFloat(0x3F13CD3Au) // 1f / sqrt(3f)
#define skew2 uintBitsToFloat(0x3EBB67AEu)    // (sqrt(3f) - 1f) / 2f
#define unskew2 uintBitsToFloat(0x3E58658Cu)  // (3f - sqrt(3f)) / 6f
#define skew3 uintBitsToFloat(0x3EAAAAABu)    // 1f / 3f
#define unskew3 uintBitsToFloat(0x3E2AAAABu)  // 1f / 6f
#define scale3 uintBitsToFloat(0x3F19999Au)   // 0.6f
#define skew4 uintBitsToFloat(0x3E9E377Au)    // (sqrt(5f) - 1f) / 4f
#define unskew4 uintBitsToFloat(0x3E0D8369u)  // (5f - sqrt(5f)) / 20f
#define scale4 scale3                          // 0.6f, as in 3D
#define perlin4 uintBitsToFloat(0x3F269A7Fu)  // 1 / 1.53658233, the 4D Perlin supremum
#define simplex4 uintBitsToFloat(0x40571F5Bu) // 1 / (√3 · 0.171764560), the 4D simplex supremum and 1/√3

// coordLimit (2^29) bounds every lattice coordinate; inputLimit (2^64)
// bounds the input coordinates before the domain transform.
#define coordLimit uintBitsToFloat(0x4E000000u)
#define inputLimit uintBitsToFloat(0x5F800000u)

// isNaN32 tests for NaN on the bits: GLSL does not require a GPU to keep
// NaN through arithmetic or comparisons (and isnan may be folded away), so
// every NaN decision is made on the bits, before any arithmetic.
bool isNaN32(float x) { return (floatBitsToUint(x) & 0x7FFFFFFFu) > 0x7F800000u; }

// clampMag limits c to [-limit, limit]; c is never NaN here.
float clampMag(float c, float limit) {
	if (c > limit) {
		return limit;
	}
	if (c < -limit) {
		return -limit;
	}
	return c;
}

// clampCoord limits a lattice coordinate to ±coordLimit.
float clampCoord(float c) { return clampMag(c, coordLimit); }

// floorToInt returns floor(c) as an int for |c| <= coordLimit.
int floorToInt(float c) {
	int i = int(c);
	if (float(i) > c) {
		i--;
	}
	return i;
}

// abs32 clears the sign bit.
float abs32(float x) { return uintBitsToFloat(floatBitsToUint(x) & 0x7FFFFFFFu); }

// lerp is Unity's lerp, a + t*(b - a).
float lerp(float a, float b, float t) { precise float r = a + t * (b - a); return r; }

const uint signMask = 0x80000000u;

// maskNonNegative is (f >= 0) ? k : 0, branch-free, for a non-NaN f that
// is not −0.
float maskNonNegative(float f, float k) {
	return uintBitsToFloat(floatBitsToUint(k) & ~uint(floatBitsToInt(f) >> 31));
}

// Sample is a noise value and its partial derivatives (cpu.Sample).
struct Sample {
	float v;
	float dx;
	float dy;
	float dz;
	float dw; // 4D only; 0 below
};

// sampleAdd returns s + t component-wise.
Sample sampleAdd(Sample s, Sample t) {
	precise float v = s.v + t.v, dx = s.dx + t.dx, dy = s.dy + t.dy, dz = s.dz + t.dz, dw = s.dw + t.dw;
	return Sample(v, dx, dy, dz, dw);
}

// sampleSub returns s - t component-wise.
Sample sampleSub(Sample s, Sample t) {
	precise float v = s.v - t.v, dx = s.dx - t.dx, dy = s.dy - t.dy, dz = s.dz - t.dz, dw = s.dw - t.dw;
	return Sample(v, dx, dy, dz, dw);
}

// sampleScale returns s * k, every component rounded separately.
Sample sampleScale(Sample s, float k) {
	precise float v = s.v * k, dx = s.dx * k, dy = s.dy * k, dz = s.dz * k, dw = s.dw * k;
	return Sample(v, dx, dy, dz, dw);
}

// sampleDiv returns s / k component-wise, correctly rounded in either
// arithmetic (the divisor prepared once): the octave sum's normalisation, a
// few divisions a point, where a GPU's own division (2.5 ULP allowed; an
// NVIDIA H200's moved every fractal setting of value noise by an ULP) would
// leave no fractal bit-exact (docs/gpu.md, "On a hardware GPU").
Sample sampleDiv(Sample s, float k) {
	Divisor d = exactDivisor(k);
	return Sample(divideExact(s.v, d), divideExact(s.dx, d), divideExact(s.dy, d), divideExact(s.dz, d), divideExact(s.dw, d));
}

// The SmallXXHash primes (XXH32 PRIME32_1..5), docs/algorithms.md §1.
const uint primeA = 0x9E3779B1u;
const uint primeB = 0x85EBCA77u;
const uint primeC = 0xC2B2AE3Du;
const uint primeD = 0x27D4EB2Fu;
const uint primeE = 0x165667B1u;

// Seed starts a hash from a seed. A hash is the raw uint accumulator.
uint Seed(int seed) { return uint(seed) + primeE; }

uint rotl(uint v, int n) { return (v << n) | (v >> (32 - n)); }

// Eat feeds one 32-bit word to the hash and returns the new hash.
uint Eat(uint h, int d) { return rotl(h + uint(d) * primeC, 17) * primeD; }

// Add adds o to the raw accumulator: the per-octave hash change.
uint Add(uint h, int o) { return h + uint(o); }

// SelectHash returns b where c is true, else a, without avalanching.
uint SelectHash(uint a, uint b, bool c) { return c ? b : a; }

// Avalanche returns the final hash value (docs/algorithms.md §1).
uint Avalanche(uint h) {
	uint v = h;
	v ^= v >> 15;
	v *= primeB;
	v ^= v >> 13;
	v *= primeC;
	v ^= v >> 16;
	return v;
}

// Bits avalanches h (cpu.SmallXXHash.Bits); the accessors below take the
// avalanched value, like cpu.HashBits.
uint Bits(uint h) { return Avalanche(h); }

uint BytesA(uint v) { return v & 255u; }
uint BytesB(uint v) { return v >> 8 & 255u; }
uint BytesC(uint v) { return v >> 16 & 255u; }
uint BytesD(uint v) { return v >> 24; }

float Floats01A(uint v) { precise float r = float(BytesA(v)) * inv255; return r; }
float Floats01B(uint v) { precise float r = float(BytesB(v)) * inv255; return r; }
float Floats01C(uint v) { precise float r = float(BytesC(v)) * inv255; return r; }
float Floats01D(uint v) { precise float r = float(BytesD(v)) * inv255; return r; }

// bits5 is GetBitsAsFloats01(5, shift), the Voronoi 3D point coordinate.
float bits5(uint v, int shift) { precise float r = float(v >> shift & 31u) * inv31; return r; }
