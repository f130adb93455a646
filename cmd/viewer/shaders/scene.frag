// Lambert lighting from a fixed direction plus ambient light, for both looks.
in vec3 vNormal;
in vec3 vColour;

uniform vec3 lightDirection; // unit, towards the light

out vec4 fragColour;

void main() {
	float diffuse = max(dot(normalize(vNormal), lightDirection), 0.0);
	fragColour = vec4(vColour * (0.3 + 0.7 * diffuse), 1.0);
}
