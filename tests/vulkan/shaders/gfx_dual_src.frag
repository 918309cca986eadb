#version 450
// Dual-source blending: the second source (SRC1_*) is location 0, index 1.
layout(push_constant) uniform Push { vec4 c0; vec4 c1; } pc;
layout(location = 0, index = 0) out vec4 src0;
layout(location = 0, index = 1) out vec4 src1;
void main() {
	src0 = pc.c0;
	src1 = pc.c1;
}
