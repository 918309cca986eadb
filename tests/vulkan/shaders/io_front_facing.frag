#version 450
// FrontFacing: 1 for a front-facing primitive, 2 for a back-facing one.
layout(location = 0) out uint o;
void main() {
	o = gl_FrontFacing ? 1u : 2u;
}
