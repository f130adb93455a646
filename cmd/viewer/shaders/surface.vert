// The surface look: one vertex per mesh point, displaced by its sample.
layout(location = 0) in vec3 position; // on the shape
layout(location = 1) in vec3 normal;   // the shape's unit normal
layout(location = 2) in vec4 noise;    // (v, dx, dy, dz) from the compute pass

uniform int shape;
uniform float displacement;
uniform mat4 viewProjection;

out vec3 vNormal;
out vec3 vColour;

void main() {
	vec3 pos, nrm;
	displace(shape, position, normal, noise, displacement, pos, nrm);
	vNormal = nrm;
	vColour = vec3(0.1) + 0.9 * noiseColour(noise.x);
	gl_Position = viewProjection * vec4(pos, 1.0);
}
