// The viewer's shared vertex code. displace and torusSurface are the GLSL
// twins of the Go functions of the same names in mesh.go; PlaneSurface and
// SphereSurface are the twins of cpu.PlaneSurface and cpu.SphereSurface
// (docs/algorithms.md §12), without the tangents.

const int SHAPE_PLANE = 0;  // cpu.Plane
const int SHAPE_SPHERE = 1; // cpu.Sphere
const int SHAPE_TORUS = 2;  // cpu.Torus
const float sphereRadius = 0.5;

// noiseColour is the tutorial's colouring (docs/algorithms.md §12): negative values red,
// positive values grey.
vec3 noiseColour(float v) {
	return v < 0.0 ? vec3(-v, 0.0, 0.0) : vec3(v);
}

// PlaneSurface displaces a vertex of the XZ plane along +Y by the sample s
// (v, dx, dy, dz) times displacement.
void PlaneSurface(vec4 s, float displacement, out float height, out vec3 normal) {
	vec4 n = s * displacement;
	float dx = n.y, dz = n.w;
	float r2 = 1.0 / sqrt(((dx * dx) + (dz * dz)) + 1.0);
	normal = vec3(-dx * r2, r2, -dz * r2);
	height = n.x;
}

// SphereSurface displaces a vertex p of the unit sphere radially.
void SphereSurface(vec3 p, vec4 s, float displacement, out vec3 pos, out vec3 normal) {
	vec4 n = s * displacement;
	float r = n.x + 1.0;
	vec3 d = n.yzw / r;
	float pd = ((p.x * d.x) + (p.y * d.y)) + (p.z * d.z);
	vec3 v = (p - d) + pd * p;
	normal = v * (1.0 / sqrt(((v.x * v.x) + (v.y * v.y)) + (v.z * v.z)));
	pos = p * r;
}

// torusSurface moves the point p of the torus (unit normal n) along n by
// h = displacement·v, tilting the normal by the gradient's component along
// each principal direction e, divided by 1 + h·κ (κ its curvature).
void torusSurface(vec3 p, vec3 n, vec4 s, float displacement, out vec3 pos, out vec3 normal) {
	const float r2 = 0.125; // the tube radius
	float h = displacement * s.x;
	vec3 g = displacement * s.yzw;
	float rho = length(p.xz);
	float cosPhi = dot(n.xz, p.xz) / rho;
	vec3 eu = normalize(vec3(p.z, 0.0, -p.x));
	vec3 ev = cross(n, eu);
	float ku = cosPhi / rho, kv = 1.0 / r2;
	normal = normalize((n - eu * (dot(g, eu) / (1.0 + h * ku))) - ev * (dot(g, ev) / (1.0 + h * kv)));
	pos = p + n * h;
}

// displace moves the point p of the shape (unit normal n) by the sample s
// times displacement and returns the analytical normal there.
void displace(int shape, vec3 p, vec3 n, vec4 s, float displacement, out vec3 pos, out vec3 normal) {
	if (shape == SHAPE_PLANE) {
		float h;
		PlaneSurface(s, displacement, h, normal);
		pos = vec3(p.x, h, p.z);
	} else if (shape == SHAPE_SPHERE) {
		vec4 h = vec4((displacement * s.x) / sphereRadius, displacement * s.yzw);
		vec3 q;
		SphereSurface(p * (1.0 / sphereRadius), h, 1.0, q, normal);
		pos = q * sphereRadius;
	} else {
		torusSurface(p, n, s, displacement, pos, normal);
	}
}
