// bake.comp: the noise of one variant over a grid, into a 2D or 3D image:
// texel (i, j, k) holds the noise at ((origin + i·u) + j·v) + k·w, R = v
// (R32F) or RGBA = (v, dx, dy, dz) (RGBA32F). Invocations outside the grid
// run too, on texel 0, and do not store: no invocation returns early.

#if NOISE_BAKE_3D
layout(local_size_x = 4, local_size_y = 4, local_size_z = 4) in;
layout(NOISE_IMAGE_FORMAT, binding = 0) writeonly uniform image3D noiseImage;
#else
layout(local_size_x = 8, local_size_y = 8) in;
layout(NOISE_IMAGE_FORMAT, binding = 0) writeonly uniform image2D noiseImage;
#endif

layout(location = 0) uniform vec3 noiseOrigin;
layout(location = 1) uniform vec3 noiseStepU;
layout(location = 2) uniform vec3 noiseStepV;
layout(location = 3) uniform vec3 noiseStepW;
layout(location = 4) uniform ivec3 noiseSize;
layout(location = 5) uniform Settings noiseSettings; // locations 5–16
layout(location = 17) uniform Domain noiseDomain;    // locations 17–25

// gridPosition is dispatch.Grid.Position.
vec3 gridPosition(ivec3 id) {
	precise vec3 p = ((noiseOrigin + float(id.x) * noiseStepU) + float(id.y) * noiseStepV) + float(id.z) * noiseStepW;
	return p;
}

void main() {
	ivec3 id = ivec3(gl_GlobalInvocationID);
	bool inRange = all(lessThan(id, noiseSize));
	Sample s = sampleAt(vec4(gridPosition(inRange ? id : ivec3(0)), 0.0), noiseSettings, noiseDomain);
	vec4 texel = vec4(s.v, s.dx, s.dy, s.dz);
	if (inRange) {
#if NOISE_BAKE_3D
		imageStore(noiseImage, id, texel);
#else
		imageStore(noiseImage, id.xy, texel);
#endif
	}
}
