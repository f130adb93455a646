in vec2 uv;
uniform sampler2D text;
out vec4 fragColour;

void main() {
	fragColour = texture(text, uv);
}
