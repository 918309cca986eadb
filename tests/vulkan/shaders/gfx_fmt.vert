#version 450
// A position in clip space; the colour comes from push constants.
layout(location = 0) in vec2 pos;
void main() {
	gl_Position = vec4(pos, 0.0, 1.0);
}
