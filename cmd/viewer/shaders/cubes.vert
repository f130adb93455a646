// The cubes look (SPEC §9.4): one axis-aligned cube per sample point, moved
// along the shape's normal by displacement·v, scaled instanceScale/resolution.
layout(location = 0) in vec3 corner;     // of the unit cube
layout(location = 1) in vec3 faceNormal; // of the unit cube
layout(location = 2) in vec4 noise;      // per instance: (v, dx, dy, dz)
layout(location = 3) in vec3 position;   // per instance: on the shape
layout(location = 4) in vec3 normal;     // per instance: the shape's unit normal

uniform float displacement;
uniform float cubeScale;
uniform mat4 viewProjection;

out vec3 vNormal;
out vec3 vColour;

void main() {
	vec3 centre = position + (displacement * noise.x) * normal;
	vNormal = faceNormal;
	vColour = noiseColour(noise.x);
	gl_Position = viewProjection * vec4(centre + corner * cubeScale, 1.0);
}
