#version 450
// FrontFacing into an R32_UINT target: 1 front, 2 back.
layout(location = 0) out uint o;
void main() {
	o = gl_FrontFacing ? 1u : 2u;
}
