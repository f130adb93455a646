// compute.comp: the noise of one variant at a buffer of positions.
// Positions are tightly packed floats, noiseStride (3 or 4) per position;
// results are one float (the value) or four (v, dx, dy, dz) per position.

layout(local_size_x = NOISE_LOCAL_SIZE) in;

layout(std430, binding = 0) readonly buffer NoisePositions { float noisePositions[]; };
layout(std430, binding = 1) writeonly buffer NoiseResults { float noiseResults[]; };

uniform uint noiseCount;
uniform uint noiseStride;
uniform NoiseSettings noiseSettings;
uniform NoiseDomain noiseDomain;

void main() {
	uint i = gl_GlobalInvocationID.x;
	if (i >= noiseCount) {
		return;
	}
	uint b = i * noiseStride;
	vec4 p = vec4(noisePositions[b], noisePositions[b + 1u], noisePositions[b + 2u],
		noiseStride == 4u ? noisePositions[b + 3u] : 0.0);
	Sample s = sampleAt(p, noiseSettings, noiseDomain);
#if NOISE_DERIVATIVES
	noiseResults[4u * i] = s.v;
	noiseResults[4u * i + 1u] = s.dx;
	noiseResults[4u * i + 2u] = s.dy;
	noiseResults[4u * i + 3u] = s.dz;
#else
	noiseResults[i] = s.v;
#endif
}
