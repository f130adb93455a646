// compute.comp: the noise of one variant at a buffer of positions.
// Positions are tightly packed floats, noiseStride (3 or 4) per position;
// results are one float (the value) or five (v, dx, dy, dz, dw: noise.Sample)
// per position.
// Invocations past noiseCount (which is at least 1) run too, on position 0,
// and do not write: no invocation returns early.

layout(local_size_x = NOISE_LOCAL_SIZE) in;

layout(std430, binding = 0) readonly buffer NoisePositions { float noisePositions[]; };
layout(std430, binding = 1) writeonly buffer NoiseResults { float noiseResults[]; };

layout(location = 0) uniform uint noiseCount;
layout(location = 1) uniform uint noiseStride;
layout(location = 2) uniform Settings noiseSettings; // locations 2–13
layout(location = 14) uniform Domain noiseDomain;    // locations 14–22

void main() {
	uint i = gl_GlobalInvocationID.x;
	bool inRange = i < noiseCount;
	uint b = (inRange ? i : 0u) * noiseStride;
	vec4 p = vec4(noisePositions[b], noisePositions[b + 1u], noisePositions[b + 2u],
		noiseStride == 4u ? noisePositions[b + 3u] : 0.0);
	Sample s = sampleAt(p, noiseSettings, noiseDomain);
	if (inRange) {
#if NOISE_DERIVATIVES
		noiseResults[5u * i] = s.v;
		noiseResults[5u * i + 1u] = s.dx;
		noiseResults[5u * i + 2u] = s.dy;
		noiseResults[5u * i + 3u] = s.dz;
		noiseResults[5u * i + 4u] = s.dw;
#else
		noiseResults[i] = s.v;
#endif
	}
}
