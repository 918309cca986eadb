#version 450
// gfx_color.vert with a flat colour: every fragment gets the provoking
// vertex's value unchanged, so tests that average samples stay exact.
layout(location = 0) in vec2 pos;
layout(location = 1) in vec4 color;
layout(location = 0) flat out vec4 v_color;
void main() {
	gl_Position = vec4(pos, 0.0, 1.0);
	v_color = color;
}
