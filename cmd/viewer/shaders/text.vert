// A screen-space textured quad for the text overlay; rect is (x0, y0, x1, y1)
// in normalised device coordinates.
uniform vec4 rect;
out vec2 uv;

void main() {
	vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1);
	uv = vec2(corner.x, 1.0 - corner.y);
	gl_Position = vec4(mix(rect.xy, rect.zw, corner), 0.0, 1.0);
}
